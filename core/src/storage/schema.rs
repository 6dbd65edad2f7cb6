//! Table definitions: columns with MySQL's types, indexes, and the text `SHOW CREATE TABLE`
//! prints. A definition is what the data dictionary holds; where the rows live is `table.rs`.

use crate::storage::value::Value;

/// A column type, as CREATE TABLE names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColumnType {
    TinyInt,
    SmallInt,
    MediumInt,
    Int,
    BigInt,
    /// DECIMAL(precision, scale)
    Decimal {
        precision: u8,
        scale: u8,
    },
    Float,
    Double,
    /// CHAR(n) in characters (utf8mb4: up to 4 bytes each)
    Char(u32),
    /// VARCHAR(n) in characters
    Varchar(u32),
    /// TINYTEXT, TEXT, MEDIUMTEXT or LONGTEXT: characters up to the size's limit in bytes
    /// (the BLOB types' length prefixes).
    Text(BlobSize),
    /// BINARY(n): exactly n bytes (character set `binary`); a shorter value is padded with
    /// 0x00 bytes when stored, as MySQL pads it.
    Binary(u32),
    /// VARBINARY(n): up to n bytes.
    VarBinary(u32),
    /// TINYBLOB, BLOB, MEDIUMBLOB or LONGBLOB: bytes up to the size's limit.
    Blob(BlobSize),
    Date,
    /// DATETIME (no fractional seconds)
    DateTime,
    Timestamp,
    /// TIME(fsp): a signed duration up to 838:59:59, kept as its text (`[-]hh:mm:ss[.f]`,
    /// fsp fractional digits).
    Time(u8),
    /// ENUM('a', 'b', ...)
    Enum(Vec<String>),
    /// JSON: a document, validated and kept in MySQL's normal text form. Simplification:
    /// MySQL stores its binary JSON format; its size here is the text's.
    Json,
}

impl ColumnType {
    /// Bytes the server's in-memory row format (`TABLE::record[0]`) reserves for the column:
    /// MySQL's `Field::pack_length`. A VARCHAR(n) of utf8mb4 reserves 4n bytes plus one or two
    /// length bytes; TEXT and BLOB keep a length and a pointer to the value.
    pub fn pack_length(&self) -> u32 {
        match self {
            ColumnType::TinyInt => 1,
            ColumnType::SmallInt => 2,
            ColumnType::MediumInt => 3,
            ColumnType::Int | ColumnType::Float | ColumnType::Timestamp => 4,
            ColumnType::BigInt | ColumnType::Double => 8,
            ColumnType::Decimal { precision, scale } => {
                decimal_bytes(precision.saturating_sub(*scale)) + decimal_bytes(*scale)
            }
            ColumnType::Char(n) => n * 4,
            ColumnType::Varchar(n) => {
                let max = n * 4;
                max + if max < 256 { 1 } else { 2 }
            }
            ColumnType::Binary(n) => *n,
            ColumnType::VarBinary(n) => n + if *n < 256 { 1 } else { 2 },
            // The length prefix and an 8-byte pointer to the value (Field_blob, TEXT's too).
            ColumnType::Text(size) | ColumnType::Blob(size) => size.length_bytes() + 8,
            // Field_json is a LONGBLOB: four length bytes and a pointer.
            ColumnType::Json => 12,
            ColumnType::Date => 3,
            ColumnType::DateTime => 5,
            ColumnType::Time(fsp) => time_bytes(*fsp),
            ColumnType::Enum(values) => {
                if values.len() < 256 {
                    1
                } else {
                    2
                }
            }
        }
    }

    /// True for the types the client right-aligns.
    pub fn is_numeric(&self) -> bool {
        matches!(
            self,
            ColumnType::TinyInt
                | ColumnType::SmallInt
                | ColumnType::MediumInt
                | ColumnType::Int
                | ColumnType::BigInt
                | ColumnType::Decimal { .. }
                | ColumnType::Float
                | ColumnType::Double
                | ColumnType::Timestamp
        )
    }

    /// True for the binary string types (character set `binary`, no collation): BINARY,
    /// VARBINARY and the BLOBs.
    pub fn is_binary_string(&self) -> bool {
        matches!(self, ColumnType::Binary(_) | ColumnType::VarBinary(_) | ColumnType::Blob(_))
    }

    pub fn is_integer(&self) -> bool {
        matches!(
            self,
            ColumnType::TinyInt
                | ColumnType::SmallInt
                | ColumnType::MediumInt
                | ColumnType::Int
                | ColumnType::BigInt
        )
    }

    /// The type as `SHOW CREATE TABLE` writes it (8.0+ drops integer display widths).
    pub fn sql(&self) -> String {
        match self {
            ColumnType::TinyInt => "tinyint".into(),
            ColumnType::SmallInt => "smallint".into(),
            ColumnType::MediumInt => "mediumint".into(),
            ColumnType::Int => "int".into(),
            ColumnType::BigInt => "bigint".into(),
            ColumnType::Decimal { precision, scale } => format!("decimal({precision},{scale})"),
            ColumnType::Float => "float".into(),
            ColumnType::Double => "double".into(),
            ColumnType::Char(n) => format!("char({n})"),
            ColumnType::Varchar(n) => format!("varchar({n})"),
            ColumnType::Text(size) => size.text_name().into(),
            ColumnType::Binary(n) => format!("binary({n})"),
            ColumnType::VarBinary(n) => format!("varbinary({n})"),
            ColumnType::Blob(size) => size.name().into(),
            ColumnType::Json => "json".into(),
            ColumnType::Date => "date".into(),
            ColumnType::DateTime => "datetime".into(),
            ColumnType::Timestamp => "timestamp".into(),
            ColumnType::Time(0) => "time".into(),
            ColumnType::Time(fsp) => format!("time({fsp})"),
            ColumnType::Enum(values) => {
                let v: Vec<String> =
                    values.iter().map(|s| format!("'{}'", s.replace('\'', "''"))).collect();
                format!("enum({})", v.join(","))
            }
        }
    }
}

/// The four BLOB types, by the bytes their length prefix can count (the manual's "The BLOB
/// and TEXT Types": L < 2^8, 2^16, 2^24, 2^32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlobSize {
    Tiny,
    Regular,
    Medium,
    Long,
}

impl BlobSize {
    /// The longest value in bytes.
    pub fn max_bytes(self) -> u64 {
        (1u64 << (8 * self.length_bytes())) - 1
    }

    /// Bytes of the value's length prefix: 1, 2, 3 or 4.
    pub fn length_bytes(self) -> u32 {
        match self {
            BlobSize::Tiny => 1,
            BlobSize::Regular => 2,
            BlobSize::Medium => 3,
            BlobSize::Long => 4,
        }
    }

    /// The type's name as SHOW CREATE TABLE and information_schema write it.
    pub fn name(self) -> &'static str {
        match self {
            BlobSize::Tiny => "tinyblob",
            BlobSize::Regular => "blob",
            BlobSize::Medium => "mediumblob",
            BlobSize::Long => "longblob",
        }
    }

    /// The TEXT type of the same size, as SHOW CREATE TABLE and information_schema write it.
    pub fn text_name(self) -> &'static str {
        match self {
            BlobSize::Tiny => "tinytext",
            BlobSize::Regular => "text",
            BlobSize::Medium => "mediumtext",
            BlobSize::Long => "longtext",
        }
    }

    /// `BLOB(n)`: the smallest BLOB type holding n bytes (the manual's "The BLOB and TEXT
    /// Types": "MySQL creates the column as the smallest BLOB type large enough").
    pub fn for_length(n: u64) -> BlobSize {
        [BlobSize::Tiny, BlobSize::Regular, BlobSize::Medium]
            .into_iter()
            .find(|s| n <= s.max_bytes())
            .unwrap_or(BlobSize::Long)
    }
}

/// Bytes a TIME(fsp) value takes: 3, and 1, 2 or 3 more for 1-2, 3-4 or 5-6 fractional
/// digits (the manual's "Data Type Storage Requirements").
pub fn time_bytes(fsp: u8) -> u32 {
    3 + u32::from(fsp).div_ceil(2)
}

/// One column.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnDef {
    pub name: String,
    pub ty: ColumnType,
    pub unsigned: bool,
    pub nullable: bool,
    pub auto_increment: bool,
    /// The DEFAULT clause, if any (NULL for nullable columns without one).
    pub default: Option<Value>,
    /// `GENERATED ALWAYS AS (expr) VIRTUAL | STORED`: the value is computed from the row.
    pub generated: Option<GeneratedColumn>,
    /// A column the server made for a functional key part (`INDEX ((a + 1))`): a VIRTUAL
    /// generated column no statement shows or names (MySQL's `HT_HIDDEN_SQL`). Its name
    /// starts with [`HIDDEN_PREFIX`].
    pub hidden: bool,
}

/// How the name of a functional key part's hidden column starts (MySQL's
/// `make_functional_index_column_name`: `!hidden!<index>!<key part>!<count>`). Where only
/// names are at hand (a query's sources), the prefix is what marks the column hidden.
/// Simplification: a user column whose name starts so is taken for a hidden one there.
pub const HIDDEN_PREFIX: &str = "!hidden!";

/// Whether `name` is the name of a functional key part's hidden column.
pub fn is_hidden_name(name: &str) -> bool {
    name.starts_with(HIDDEN_PREFIX)
}

/// A generated column's expression, in the text MySQL prints for it (`(`a` * 2)`), and
/// whether it is STORED (kept in the row) or VIRTUAL (computed when read). Simplification:
/// a VIRTUAL column's value is computed when the row is written and kept with the row, as a
/// STORED one is; what differs is only what MySQL shows (SHOW CREATE TABLE, EXTRA) and that
/// InnoDB counts no bytes for it in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedColumn {
    pub expr: String,
    pub stored: bool,
}

impl ColumnDef {
    /// The bytes of the column as an index key part (EXPLAIN's key_len adds these up): its
    /// pack length, a VARCHAR's 2-byte length, and the NULL flag.
    pub fn key_part_bytes(&self) -> u32 {
        let bytes = match &self.ty {
            // A VARCHAR key part always has a 2-byte length.
            ColumnType::Varchar(n) => n * 4 + 2,
            ColumnType::VarBinary(n) => n + 2,
            // Only a prefix of these can be indexed; InnoDB's largest key part.
            ColumnType::Text(_) | ColumnType::Blob(_) => 3072,
            other => other.pack_length(),
        };
        bytes + u32::from(self.nullable)
    }

    /// A NOT NULL column without default.
    pub fn new(name: &str, ty: ColumnType) -> ColumnDef {
        ColumnDef {
            name: name.into(),
            ty,
            unsigned: false,
            nullable: false,
            auto_increment: false,
            default: None,
            generated: None,
            hidden: false,
        }
    }
    pub fn nullable(mut self) -> ColumnDef {
        self.nullable = true;
        self
    }
    pub fn unsigned(mut self) -> ColumnDef {
        self.unsigned = true;
        self
    }
    pub fn auto_increment(mut self) -> ColumnDef {
        self.auto_increment = true;
        self
    }
    pub fn default(mut self, v: Value) -> ColumnDef {
        self.default = Some(v);
        self
    }
}

/// An index: the clustered PRIMARY KEY or a secondary index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexDef {
    /// `PRIMARY` for the primary key.
    pub name: String,
    /// Positions of the key columns in the table's column list, in key order.
    pub columns: Vec<u32>,
    pub unique: bool,
    pub primary: bool,
    /// `ALTER TABLE ... ALTER INDEX ... INVISIBLE` hides it from the optimizer.
    pub visible: bool,
}

impl IndexDef {
    /// The primary key on `columns`.
    pub fn primary(columns: Vec<u32>) -> IndexDef {
        IndexDef { name: "PRIMARY".into(), columns, unique: true, primary: true, visible: true }
    }

    /// A visible, non-unique secondary index.
    pub fn key(name: &str, columns: Vec<u32>) -> IndexDef {
        IndexDef { name: name.into(), columns, unique: false, primary: false, visible: true }
    }
}

/// A table definition.
#[derive(Clone, Debug, PartialEq)]
pub struct TableDef {
    pub schema: String,
    pub name: String,
    pub columns: Vec<ColumnDef>,
    /// PRIMARY first when there is one, then secondary indexes in creation order.
    pub indexes: Vec<IndexDef>,
    /// CHECK constraints and FOREIGN KEYs.
    pub constraints: Constraints,
    /// PARTITION BY, for a partitioned table (`storage/partition.rs`).
    pub partitioning: Option<super::partition::Partitioning>,
}

/// The constraints of a table other than its keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Constraints {
    /// CHECK constraints, in the order they were declared.
    pub checks: Vec<CheckConstraint>,
    /// FOREIGN KEYs this table (the child) declares, in the order they were declared.
    pub foreign_keys: Vec<ForeignKey>,
}

/// `[CONSTRAINT name] CHECK (expr) [[NOT] ENFORCED]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckConstraint {
    /// The given name, or `<table>_chk_<n>`.
    pub name: String,
    /// The condition in the text MySQL prints (`(`a` > 0)`).
    pub expr: String,
    pub enforced: bool,
}

/// What a FOREIGN KEY does to child rows when their parent row is deleted or its key changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReferentialAction {
    Restrict,
    Cascade,
    SetNull,
    NoAction,
    SetDefault,
}

impl ReferentialAction {
    pub fn sql(self) -> &'static str {
        match self {
            ReferentialAction::Restrict => "RESTRICT",
            ReferentialAction::Cascade => "CASCADE",
            ReferentialAction::SetNull => "SET NULL",
            ReferentialAction::NoAction => "NO ACTION",
            ReferentialAction::SetDefault => "SET DEFAULT",
        }
    }
}

/// `CONSTRAINT name FOREIGN KEY (cols) REFERENCES parent (cols) ON DELETE .. ON UPDATE ..`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForeignKey {
    /// The given name, or `<table>_ibfk_<n>`.
    pub name: String,
    /// The child's columns, as declared.
    pub columns: Vec<String>,
    pub parent_schema: String,
    pub parent_table: String,
    pub parent_columns: Vec<String>,
    /// None when not given (SHOW CREATE TABLE then prints nothing; it acts as RESTRICT).
    pub on_delete: Option<ReferentialAction>,
    pub on_update: Option<ReferentialAction>,
}

impl TableDef {
    /// Position of a column by name (case-insensitive, as MySQL compares column names). A
    /// functional key part's hidden column is not found by name, as in MySQL (1054).
    pub fn column_position(&self, name: &str) -> Option<u32> {
        self.columns
            .iter()
            .position(|c| !c.hidden && c.name.eq_ignore_ascii_case(name))
            .map(|p| p as u32)
    }

    /// Position of a column by name, hidden columns included (the planner names a hidden
    /// column when it reads a functional index).
    pub fn any_column_position(&self, name: &str) -> Option<u32> {
        self.columns.iter().position(|c| c.name.eq_ignore_ascii_case(name)).map(|p| p as u32)
    }

    /// The columns a user sees (`SELECT *`, INSERT without a column list, SHOW COLUMNS), with
    /// their positions in the row.
    pub fn visible_columns(&self) -> impl Iterator<Item = (u32, &ColumnDef)> + '_ {
        (0u32..).zip(self.columns.iter()).filter(|(_, c)| !c.hidden)
    }

    /// The text SHOW CREATE TABLE and SHOW INDEX give key part `column` of an index: the
    /// column's name, or a hidden column's expression.
    pub fn key_part_expression(&self, column: u32) -> Option<&str> {
        let c = self.columns.get(column as usize)?;
        c.hidden.then(|| c.generated.as_ref().map(|g| g.expr.as_str())).flatten()
    }

    pub fn primary(&self) -> Option<&IndexDef> {
        self.indexes.iter().find(|i| i.primary)
    }

    pub fn index(&self, name: &str) -> Option<&IndexDef> {
        self.indexes.iter().find(|i| i.name.eq_ignore_ascii_case(name))
    }

    /// `SHOW CREATE TABLE` text, as MySQL 8.0+ prints it.
    pub fn show_create(&self, auto_increment_next: Option<u64>) -> String {
        let mut lines: Vec<String> = self
            .columns
            .iter()
            .filter(|c| !c.hidden)
            .map(|c| {
                let mut s = format!("  `{}` {}", c.name, c.ty.sql());
                if c.unsigned {
                    s.push_str(" unsigned");
                }
                if let Some(g) = &c.generated {
                    let kind = if g.stored { "STORED" } else { "VIRTUAL" };
                    s.push_str(&format!(" GENERATED ALWAYS AS ({}) {kind}", g.expr));
                    if !c.nullable {
                        s.push_str(" NOT NULL");
                    }
                    return s;
                }
                if !c.nullable {
                    s.push_str(" NOT NULL");
                }
                // MySQL prints no default for a TEXT or BLOB column (sql_show.cc's
                // print_default_clause: a BLOB-type field has none to print; mysqldump's
                // `` `file` blob, ``), where a JSON column's is `DEFAULT NULL`.
                let blob_type = matches!(c.ty, ColumnType::Text(_) | ColumnType::Blob(_));
                match &c.default {
                    Some(Value::Null) | None if blob_type => {}
                    Some(Value::Null) | None if c.nullable && !c.auto_increment => {
                        s.push_str(" DEFAULT NULL")
                    }
                    Some(v) if !v.is_null() => {
                        let text = v.to_text().unwrap_or_default();
                        s.push_str(&format!(" DEFAULT '{}'", text.replace('\'', "''")));
                    }
                    _ => {}
                }
                if c.auto_increment {
                    s.push_str(" AUTO_INCREMENT");
                }
                s
            })
            .collect();
        for idx in &self.indexes {
            let cols: Vec<String> = idx
                .columns
                .iter()
                // A functional key part is its expression in parentheses (`((`a` + 1))`).
                .map(|&p| match self.key_part_expression(p) {
                    Some(expr) => format!("({expr})"),
                    None => format!("`{}`", self.columns[p as usize].name),
                })
                .collect();
            let cols = cols.join(",");
            let invisible = if idx.visible { "" } else { " /*!80000 INVISIBLE */" };
            lines.push(if idx.primary {
                format!("  PRIMARY KEY ({cols})")
            } else if idx.unique {
                format!("  UNIQUE KEY `{}` ({cols}){invisible}", idx.name)
            } else {
                format!("  KEY `{}` ({cols}){invisible}", idx.name)
            });
        }
        // InnoDB's foreign keys after the keys, then the CHECK constraints sorted by name
        // (as the data dictionary lists them).
        let quoted = |names: &[String]| -> String {
            names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
        };
        for fk in &self.constraints.foreign_keys {
            let parent = if fk.parent_schema.eq_ignore_ascii_case(&self.schema) {
                format!("`{}`", fk.parent_table)
            } else {
                format!("`{}`.`{}`", fk.parent_schema, fk.parent_table)
            };
            let mut line = format!(
                "  CONSTRAINT `{}` FOREIGN KEY ({}) REFERENCES {parent} ({})",
                fk.name,
                quoted(&fk.columns),
                quoted(&fk.parent_columns)
            );
            if let Some(a) = fk.on_delete {
                line.push_str(&format!(" ON DELETE {}", a.sql()));
            }
            if let Some(a) = fk.on_update {
                line.push_str(&format!(" ON UPDATE {}", a.sql()));
            }
            lines.push(line);
        }
        let mut checks: Vec<&CheckConstraint> = self.constraints.checks.iter().collect();
        checks.sort_by_key(|c| c.name.to_ascii_lowercase());
        for c in checks {
            let enforced = if c.enforced { "" } else { " /*!80016 NOT ENFORCED */" };
            lines.push(format!("  CONSTRAINT `{}` CHECK ({}){enforced}", c.name, c.expr));
        }
        let auto = auto_increment_next.map(|n| format!(" AUTO_INCREMENT={n}")).unwrap_or_default();
        let partitions = self.partitioning.as_ref().map(|p| p.show_text()).unwrap_or_default();
        format!(
            "CREATE TABLE `{}` (\n{}\n) ENGINE=InnoDB{auto} DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci{partitions}",
            self.name,
            lines.join(",\n")
        )
    }
}

/// Makes rows of a generated table: row `i` (0-based) is a pure function of the dataset seed,
/// the table and `i`, so a large table costs no memory until it is read.
pub trait RowGenerator: std::fmt::Debug {
    /// Rows the table starts with.
    fn row_count(&self) -> u64;
    /// Writes the values of row `i` into `out` (one per column). Columns not in `wanted` may be
    /// left as `Value::Null` (a scan that reads two columns of seven does not pay
    /// for the other five).
    fn fill_row(&self, i: u64, wanted: ColumnSet, out: &mut [Value]);
    /// As [`RowGenerator::fill_row`], for a statement that reads nothing of the wanted text
    /// columns in `lengths_only` but their length (`SUM(LENGTH(referrer))`): such a column
    /// need only hold a text of the right length in bytes and in characters, which a generator
    /// may make without making the text. The default makes every column whole.
    fn fill_row_lengths(
        &self,
        i: u64,
        wanted: ColumnSet,
        lengths_only: ColumnSet,
        out: &mut [Value],
    ) {
        let _ = lengths_only;
        self.fill_row(i, wanted, out);
    }
    /// Fills `rows` with rows `first..first + rows.len()`, as [`RowGenerator::fill_row_lengths`]
    /// fills each (`lengths_only` may be [`ColumnSet::NONE`]). A generator whose rows are
    /// hashed draws may work out a batch's draws together first: one row's draws are a chain
    /// of multiplications, and rows done one at a time leave the CPU waiting on each chain,
    /// where a batch's chains overlap. The default fills row by row.
    ///
    /// The caller promises that `rows` hold NULL in every column not in `wanted` (fresh
    /// rows, or rows an earlier call with the same sets filled), so a generator need not
    /// clear them row by row.
    fn fill_rows(
        &self,
        first: u64,
        wanted: ColumnSet,
        lengths_only: ColumnSet,
        rows: &mut [Vec<Value>],
    ) {
        for (i, row) in (first..).zip(rows.iter_mut()) {
            self.fill_row_lengths(i, wanted, lengths_only, row);
        }
    }
    /// Whether every row has the same record size (fixed-width values only, texts of one
    /// length): then one row tells the table's size, and a table of a million rows is sized
    /// as fast as a table of one. The default says no (sizes come from a sample of rows).
    fn rows_alike_in_size(&self) -> bool {
        false
    }
    /// The position of the generated row whose primary key is `key`, if there is one. Lets a
    /// primary key lookup find a generated row without a scan. The default knows nothing
    /// (lookups then scan); generators whose key is `id = i + 1` answer directly.
    fn row_of_key(&self, key: &[Value]) -> Option<u64> {
        match key {
            [v] => {
                let id = v.to_i64()?;
                (id >= 1 && (id as u64) <= self.row_count()).then(|| id as u64 - 1)
            }
            _ => None,
        }
    }
}

/// A set of column positions, as a row generator is asked for them: worked out once per read,
/// so that a generator tests a bit per column per row instead of walking a list of flags.
/// Columns from 64 up (no generated table has that many) are all in the set or all out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnSet {
    bits: u64,
    rest: bool,
}

impl ColumnSet {
    /// Every column.
    pub const ALL: ColumnSet = ColumnSet { bits: u64::MAX, rest: true };
    /// No column.
    pub const NONE: ColumnSet = ColumnSet { bits: 0, rest: false };

    /// The columns a reader wants, by flag; a column past the flags is wanted (a reader that
    /// names fewer columns than the table has wants the rest). Past 64, a column is wanted if
    /// any is: generating more than asked is always safe.
    pub fn wanted(flags: &[bool]) -> ColumnSet {
        let mut bits = u64::MAX;
        for (c, &f) in flags.iter().enumerate().take(64) {
            bits = (bits & !(1 << c)) | (u64::from(f) << c);
        }
        ColumnSet { bits, rest: flags.get(64..).is_none_or(|more| more.contains(&true)) }
    }

    /// Exactly the columns whose flag is true, none past the flags. Past 64, a column is in
    /// the set only if all are: this set promises something of its columns.
    pub fn only(flags: &[bool]) -> ColumnSet {
        let mut bits = 0;
        for (c, &f) in flags.iter().enumerate().take(64) {
            bits |= u64::from(f) << c;
        }
        let rest = flags.get(64..).is_some_and(|more| !more.is_empty() && !more.contains(&false));
        ColumnSet { bits, rest }
    }

    /// The set's columns among the first `width` (at most 64) as bits: a generator of a few
    /// columns tests these once per column instead of calling [`ColumnSet::contains`].
    #[inline]
    pub fn bits_within(self, width: usize) -> u64 {
        match width {
            64.. => self.bits,
            w => self.bits & ((1u64 << w) - 1),
        }
    }

    #[inline]
    pub fn contains(self, column: usize) -> bool {
        match u32::try_from(column) {
            Ok(c) if c < 64 => self.bits & (1 << c) != 0,
            _ => self.rest,
        }
    }
}

/// Bytes of `digits` decimal digits in MySQL's binary DECIMAL: 4 per 9 digits plus the rest.
fn decimal_bytes(digits: u8) -> u32 {
    const REST: [u32; 9] = [0, 1, 1, 2, 2, 3, 3, 4, 4];
    u32::from(digits / 9) * 4 + REST[usize::from(digits % 9)]
}

#[cfg(test)]
mod tests {
    use super::ColumnSet;

    #[test]
    fn column_sets_read_flags_as_readers_mean_them() {
        let wanted = ColumnSet::wanted(&[true, false, true]);
        assert!(wanted.contains(0) && !wanted.contains(1) && wanted.contains(2));
        // Past the flags a reader wants the rest; a promise covers only what it names.
        assert!(wanted.contains(3) && wanted.contains(63) && wanted.contains(500));
        let only = ColumnSet::only(&[false, true]);
        assert!(!only.contains(0) && only.contains(1) && !only.contains(2) && !only.contains(70));
        assert_eq!(wanted.bits_within(4), 0b1101);
        assert_eq!(ColumnSet::ALL.bits_within(64), u64::MAX);
        assert_eq!(ColumnSet::NONE.bits_within(7), 0);
        // Past 64 columns: wanted if any is, promised only if all are.
        let mut wide = vec![false; 70];
        wide[66] = true;
        assert!(ColumnSet::wanted(&wide).contains(69));
        assert!(!ColumnSet::only(&wide).contains(66));
    }
}
