//! The type of a result column as mysqld derives it from the items of a SELECT: a data
//! type (what `DESCRIBE` writes in Type), whether it may be NULL, its default and its
//! character set. Read from a column's declared type text (`bigint unsigned`, `varchar(64)`)
//! and written back in the same form.

use crate::storage::schema::BlobSize;

/// The five integer types, by the bytes they take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum IntSize {
    Tiny,
    Small,
    Medium,
    Int,
    Big,
}

impl IntSize {
    fn name(self) -> &'static str {
        match self {
            IntSize::Tiny => "tinyint",
            IntSize::Small => "smallint",
            IntSize::Medium => "mediumint",
            IntSize::Int => "int",
            IntSize::Big => "bigint",
        }
    }

    /// Decimal digits of the largest value (MySQL's `decimal_precision()` of the type).
    fn digits(self, unsigned: bool) -> u32 {
        match (self, unsigned) {
            (IntSize::Tiny, _) => 3,
            (IntSize::Small, _) => 5,
            (IntSize::Medium, false) => 7,
            (IntSize::Medium, true) => 8,
            (IntSize::Int, _) => 10,
            (IntSize::Big, false) => 19,
            (IntSize::Big, true) => 20,
        }
    }
}

/// A data type, as far as a result column's type is concerned.
#[derive(Clone, Debug, PartialEq)]
pub enum DataType {
    Integer {
        size: IntSize,
        unsigned: bool,
    },
    Decimal {
        precision: u32,
        scale: u32,
        unsigned: bool,
    },
    Float,
    Double,
    Year,
    Bit(u32),
    /// CHAR(n) (`fixed`) or VARCHAR(n), in characters.
    Chars {
        chars: u32,
        fixed: bool,
    },
    Text(BlobSize),
    /// BINARY(n) (`fixed`) or VARBINARY(n), in bytes.
    Bytes {
        bytes: u32,
        fixed: bool,
    },
    Blob(BlobSize),
    Date,
    DateTime(u8),
    Timestamp(u8),
    Time(u8),
    /// ENUM or SET, with the text of its list (`'YES','NO'`).
    Enum(String),
    Set(String),
    Json,
}

/// Characters past which a string result is stored as TEXT rather than VARCHAR (MySQL's
/// `CONVERT_IF_BIGGER_TO_BLOB`).
const VARCHAR_CHARS_MAX: u64 = 512;

impl DataType {
    /// The type read from its declared text, as SHOW COLUMNS writes it; None for a text this
    /// reader does not know.
    pub fn parse(text: &str) -> Option<DataType> {
        let text = text.trim();
        let (name, args, rest) = match text.split_once('(') {
            Some((n, after)) => {
                let (inside, rest) = after.rsplit_once(')')?;
                (n.trim().to_ascii_lowercase(), inside.to_string(), rest.to_ascii_lowercase())
            }
            None => {
                let (n, rest) = text.split_once(' ').unwrap_or((text, ""));
                (n.to_ascii_lowercase(), String::new(), rest.to_ascii_lowercase())
            }
        };
        let unsigned = rest.split_whitespace().any(|w| w == "unsigned");
        let name = name.as_str();
        let num = |i: usize| args.split(',').nth(i).and_then(|a| a.trim().parse::<u32>().ok());
        let int = |size| Some(DataType::Integer { size, unsigned });
        Some(match name {
            "tinyint" | "bool" | "boolean" => return int(IntSize::Tiny),
            "smallint" => return int(IntSize::Small),
            "mediumint" => return int(IntSize::Medium),
            "int" | "integer" => return int(IntSize::Int),
            "bigint" => return int(IntSize::Big),
            "decimal" | "numeric" => DataType::Decimal {
                precision: num(0).unwrap_or(10),
                scale: num(1).unwrap_or(0),
                unsigned,
            },
            "float" => DataType::Float,
            "double" | "real" => DataType::Double,
            "year" => DataType::Year,
            "bit" => DataType::Bit(num(0).unwrap_or(1)),
            "char" => DataType::Chars { chars: num(0).unwrap_or(1), fixed: true },
            "varchar" => DataType::Chars { chars: num(0)?, fixed: false },
            "tinytext" => DataType::Text(BlobSize::Tiny),
            "text" => DataType::Text(BlobSize::Regular),
            "mediumtext" => DataType::Text(BlobSize::Medium),
            "longtext" => DataType::Text(BlobSize::Long),
            "binary" => DataType::Bytes { bytes: num(0).unwrap_or(1), fixed: true },
            "varbinary" => DataType::Bytes { bytes: num(0)?, fixed: false },
            "tinyblob" => DataType::Blob(BlobSize::Tiny),
            "blob" => DataType::Blob(BlobSize::Regular),
            "mediumblob" => DataType::Blob(BlobSize::Medium),
            "longblob" => DataType::Blob(BlobSize::Long),
            "date" => DataType::Date,
            "datetime" => DataType::DateTime(num(0).unwrap_or(0) as u8),
            "timestamp" => DataType::Timestamp(num(0).unwrap_or(0) as u8),
            "time" => DataType::Time(num(0).unwrap_or(0) as u8),
            "enum" => DataType::Enum(normal_list(&args)),
            "set" => DataType::Set(normal_list(&args)),
            "json" => DataType::Json,
            _ => return None,
        })
    }

    /// The type as DESCRIBE and COLUMN_TYPE write it.
    pub fn sql(&self) -> String {
        let sign = |unsigned: bool| if unsigned { " unsigned" } else { "" };
        let fsp = |name: &str, fsp: u8| match fsp {
            0 => name.to_string(),
            n => format!("{name}({n})"),
        };
        match self {
            DataType::Integer { size, unsigned } => format!("{}{}", size.name(), sign(*unsigned)),
            DataType::Decimal { precision, scale, unsigned } => {
                format!("decimal({precision},{scale}){}", sign(*unsigned))
            }
            DataType::Float => "float".into(),
            DataType::Double => "double".into(),
            DataType::Year => "year".into(),
            DataType::Bit(n) => format!("bit({n})"),
            DataType::Chars { chars, fixed: true } => format!("char({chars})"),
            DataType::Chars { chars, fixed: false } => format!("varchar({chars})"),
            DataType::Text(size) => size.text_name().into(),
            DataType::Bytes { bytes, fixed: true } => format!("binary({bytes})"),
            DataType::Bytes { bytes, fixed: false } => format!("varbinary({bytes})"),
            DataType::Blob(size) => size.name().into(),
            DataType::Date => "date".into(),
            DataType::DateTime(n) => fsp("datetime", *n),
            DataType::Timestamp(n) => fsp("timestamp", *n),
            DataType::Time(n) => fsp("time", *n),
            DataType::Enum(list) => format!("enum({list})"),
            DataType::Set(list) => format!("set({list})"),
            DataType::Json => "json".into(),
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, DataType::Integer { .. } | DataType::Year | DataType::Bit(_))
    }

    /// An exact number: an integer or a DECIMAL.
    pub fn is_exact(&self) -> bool {
        self.is_integer() || matches!(self, DataType::Decimal { .. })
    }

    pub fn is_approximate(&self) -> bool {
        matches!(self, DataType::Float | DataType::Double)
    }

    pub fn is_numeric(&self) -> bool {
        self.is_exact() || self.is_approximate()
    }

    /// Values with a character set (strings of characters, ENUM and SET).
    pub fn is_character(&self) -> bool {
        matches!(
            self,
            DataType::Chars { .. } | DataType::Text(_) | DataType::Enum(_) | DataType::Set(_)
        )
    }

    pub fn is_binary_string(&self) -> bool {
        matches!(self, DataType::Bytes { .. } | DataType::Blob(_))
    }

    pub fn is_temporal(&self) -> bool {
        matches!(
            self,
            DataType::Date | DataType::DateTime(_) | DataType::Timestamp(_) | DataType::Time(_)
        )
    }

    pub fn unsigned(&self) -> bool {
        matches!(
            self,
            DataType::Integer { unsigned: true, .. } | DataType::Decimal { unsigned: true, .. }
        )
    }

    /// Decimal digits of an exact number (MySQL's `decimal_precision()`).
    pub fn precision(&self) -> u32 {
        match self {
            DataType::Integer { size, unsigned } => size.digits(*unsigned),
            DataType::Decimal { precision, .. } => *precision,
            DataType::Year => 4,
            DataType::Bit(n) => (*n * 3).div_ceil(10).max(1),
            _ => 17,
        }
    }

    /// Digits after the point (0 for integers; MySQL's `decimals` of the item).
    pub fn scale(&self) -> u32 {
        match self {
            DataType::Decimal { scale, .. } => *scale,
            DataType::DateTime(n) | DataType::Timestamp(n) | DataType::Time(n) => u32::from(*n),
            _ => 0,
        }
    }

    /// The most characters a value of the type takes as text (MySQL's `max_length` over
    /// the bytes per character): what it adds to a string built from it.
    pub fn char_length(&self) -> u64 {
        let frac = |n: u8| if n > 0 { u64::from(n) + 1 } else { 0 };
        match self {
            DataType::Integer { size, unsigned } => {
                u64::from(size.digits(*unsigned)) + u64::from(!*unsigned)
            }
            DataType::Decimal { precision, scale, unsigned } => {
                u64::from(*precision) + u64::from(*scale > 0) + u64::from(!*unsigned)
            }
            DataType::Float => 12,
            DataType::Double => 22,
            DataType::Year => 4,
            DataType::Bit(n) => u64::from(n.div_ceil(8)),
            DataType::Chars { chars, .. } => u64::from(*chars),
            DataType::Bytes { bytes, .. } => u64::from(*bytes),
            DataType::Text(size) | DataType::Blob(size) => size.max_bytes() / 4,
            DataType::Date => 10,
            DataType::DateTime(n) | DataType::Timestamp(n) => 19 + frac(*n),
            DataType::Time(n) => 10 + frac(*n),
            DataType::Enum(list) => {
                list_labels(list).map(|l| l.chars().count() as u64).max().unwrap_or(0)
            }
            DataType::Set(list) => {
                let labels: Vec<String> = list_labels(list).collect();
                labels.iter().map(|l| l.chars().count() as u64).sum::<u64>()
                    + (labels.len() as u64).saturating_sub(1)
            }
            DataType::Json => u64::from(u32::MAX) / 4,
        }
    }

    /// The string type of a value of `chars` characters: VARCHAR up to 512 characters, then
    /// the smallest TEXT that holds them in utf8mb4 (MySQL's `make_string_field`).
    pub fn string_of(chars: u64) -> DataType {
        if chars > VARCHAR_CHARS_MAX {
            DataType::Text(BlobSize::for_length(chars.saturating_mul(4)))
        } else {
            DataType::Chars { chars: chars as u32, fixed: false }
        }
    }

    /// The binary string type of a value of `bytes` bytes.
    pub fn bytes_of(bytes: u64) -> DataType {
        if bytes > VARCHAR_CHARS_MAX {
            DataType::Blob(BlobSize::for_length(bytes))
        } else {
            DataType::Bytes { bytes: bytes as u32, fixed: false }
        }
    }

    /// The DECIMAL of `whole` digits before the point and `scale` after, within MySQL's
    /// limits (65 digits, 30 after the point).
    pub fn decimal(whole: u32, scale: u32, unsigned: bool) -> DataType {
        let scale = scale.min(30);
        DataType::Decimal { precision: (whole + scale).clamp(1, 65), scale, unsigned }
    }

    /// An integer result of up to `digits` digits: `int` below ten, else `bigint` (mysqld
    /// makes the column of an integer item a LONGLONG once its `max_length` reaches
    /// `MY_INT32_NUM_DECIMAL_DIGITS - 1`).
    pub fn integer_of(digits: u64, unsigned: bool) -> DataType {
        let size = if digits + u64::from(!unsigned) >= 10 { IntSize::Big } else { IntSize::Int };
        DataType::Integer { size, unsigned }
    }
}

/// A list text as SHOW COLUMNS writes it: each label quoted, no spaces between.
fn normal_list(list: &str) -> String {
    let quoted: Vec<String> =
        list_labels(list).map(|l| format!("'{}'", l.replace('\'', "''"))).collect();
    quoted.join(",")
}

/// The labels of an ENUM's or a SET's list text, unquoted.
fn list_labels(list: &str) -> impl Iterator<Item = String> {
    crate::instruments::definitions::words_in_list(&format!("enum({list})")).into_iter()
}

/// A result column's type: its data type, whether it may be NULL, its default as DESCRIBE
/// shows it (None: NULL) and, for characters, its character set and collation.
#[derive(Clone, Debug, PartialEq)]
pub struct Typed {
    pub ty: DataType,
    pub nullable: bool,
    pub default: Option<String>,
    pub collation: Option<Collation>,
    /// A literal: its character set gives way to a column's when they meet.
    pub literal: bool,
    /// An integer literal's digits, which stand for its precision in place of its type's
    /// (`2` has one digit, not an INT's ten).
    pub digits: Option<u32>,
    /// A column as read from a table (or a view's or derived table's result), not an
    /// expression: MIN and MAX keep such a column's own type.
    pub column: bool,
}

/// A character set and one of its collations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collation {
    pub charset: String,
    pub name: String,
}

impl Collation {
    /// The connection's: what a string literal and a function's text take.
    pub fn connection() -> Collation {
        Collation { charset: "utf8mb4".into(), name: "utf8mb4_0900_ai_ci".into() }
    }
}

impl Typed {
    /// A result computed from other values: NOT NULL ones take the default a column made
    /// for them has (0 for numbers, the empty string for strings), nullable ones NULL.
    pub fn computed(ty: DataType, nullable: bool) -> Typed {
        let collation = ty.is_character().then(Collation::connection);
        let mut t = Typed {
            ty,
            nullable,
            default: None,
            collation,
            literal: false,
            digits: None,
            column: false,
        };
        t.default = t.computed_default();
        t
    }

    /// What DESCRIBE shows as the default of a computed column. UNCONFIRMED for temporal
    /// and binary results (NULL here).
    fn computed_default(&self) -> Option<String> {
        if self.nullable {
            return None;
        }
        if let DataType::Decimal { scale: places @ 1.., .. } = self.ty {
            // `0.0000` for a DECIMAL with four places.
            Some(format!("0.{}", "0".repeat(places as usize)))
        } else if self.ty.is_numeric() {
            Some("0".into())
        } else if self.ty.is_character() {
            Some(String::new())
        } else {
            None
        }
    }

    /// Decimal digits of the value (MySQL's `decimal_precision()` of the item).
    pub fn precision(&self) -> u32 {
        self.digits.unwrap_or_else(|| self.ty.precision())
    }

    /// Digits before the point.
    pub fn whole_digits(&self) -> u32 {
        self.precision().saturating_sub(self.ty.scale())
    }

    /// The same type with NULL-ability `nullable`, its computed default following.
    pub fn with_nullable(mut self, nullable: bool) -> Typed {
        if nullable {
            return self.or_null();
        }
        if self.nullable {
            self.nullable = false;
            self.default = self.computed_default();
        }
        self
    }

    /// The same value made nullable (an outer join's inner side, NULLIF, an aggregate).
    pub fn or_null(mut self) -> Typed {
        if !self.nullable {
            if self.default == self.computed_default() {
                self.default = None;
            }
            self.nullable = true;
        }
        self
    }

    /// Re-typed as computed: a new type over the same nullability, with the computed
    /// default (a column read through a function no longer carries its default).
    pub fn recomputed(&self, ty: DataType) -> Typed {
        let mut t = Typed::computed(ty, self.nullable);
        if t.ty.is_character() {
            if let Some(c) = &self.collation {
                t.collation = Some(c.clone());
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_types_read_back_as_written() {
        for text in [
            "bigint unsigned",
            "int",
            "tinyint",
            "decimal(21,0)",
            "varchar(64)",
            "char(3)",
            "longtext",
            "timestamp(6)",
            "datetime",
            "enum('YES','NO')",
            "set('a','b')",
            "varbinary(0)",
            "double",
            "json",
            "time(3)",
        ] {
            assert_eq!(DataType::parse(text).map(|t| t.sql()).as_deref(), Some(text), "{text}");
        }
        assert_eq!(DataType::parse("geometry"), None);
    }

    #[test]
    fn strings_past_512_characters_are_text() {
        assert_eq!(DataType::string_of(512).sql(), "varchar(512)");
        assert_eq!(DataType::string_of(513).sql(), "text");
        assert_eq!(DataType::string_of(20_000).sql(), "mediumtext");
    }

    #[test]
    fn integer_results_widen_to_bigint_at_ten_digits() {
        assert_eq!(DataType::integer_of(1, false).sql(), "int");
        assert_eq!(DataType::integer_of(9, false).sql(), "bigint");
        assert_eq!(DataType::integer_of(9, true).sql(), "int unsigned");
        assert_eq!(DataType::integer_of(21, false).sql(), "bigint");
    }

    #[test]
    fn computed_defaults_follow_nullability() {
        let d = DataType::decimal(21, 0, false);
        assert_eq!(Typed::computed(d.clone(), false).default.as_deref(), Some("0"));
        assert_eq!(Typed::computed(d, true).default, None);
        let s = DataType::string_of(1);
        assert_eq!(Typed::computed(s, false).default.as_deref(), Some(""));
    }
}
