//! CAST(expr AS type), CONVERT(expr, type) and CONVERT(expr USING charset): the target types
//! MySQL's grammar allows (`cast_type` in sql_yacc.yy), each with its result type and the
//! warnings MySQL gives when a value does not convert whole (after the 8.4 manual's "Cast
//! Functions and Operators", cast-functions.html, and item_func.cc / item_timefunc.cc).

mod json;
pub(crate) mod number;
pub mod temporal;

use super::context::EvalContext;
use crate::error::{MySqlError, Result, Warning};
use crate::storage::value::{format_double, Decimal, Value};
use sqlparser::ast::{CharacterLength, DataType, ExactNumberInfo, ObjectName};

/// DECIMAL's largest precision and scale (DECIMAL_MAX_PRECISION, DECIMAL_MAX_SCALE).
const DECIMAL_PRECISION_MAX: u64 = 65;
const DECIMAL_SCALE_MAX: u64 = 30;
/// The most fractional-second digits (DATETIME_MAX_DECIMALS).
const FSP_MAX: u64 = 6;
/// The longest CHAR(N) / BINARY(N) a cast takes (a longer one is ERROR 1074 in MySQL, which
/// allows up to the max BLOB length; bounded here so a cast cannot ask for a huge buffer).
const CAST_LENGTH_MAX: u64 = 4_294_967_295;

/// The longest result a cast pads to: max_allowed_packet's default (64 MiB), which bounds
/// every string result in MySQL (as REPEAT's bound in functions.rs).
const RESULT_BYTES_MAX: u64 = 64 << 20;

/// A character set a CONVERT ... USING or CHAR ... CHARACTER SET names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charset {
    Utf8mb4,
    Utf8mb3,
    Latin1,
    Ascii,
    Binary,
}

impl Charset {
    /// The character set named `name` (case-insensitive), or MySQL's error 1115.
    fn named(name: &str) -> Result<Charset> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "utf8mb4" => Charset::Utf8mb4,
            // `utf8` is an alias of utf8mb3 in 8.x/9.x.
            "utf8mb3" | "utf8" => Charset::Utf8mb3,
            "latin1" => Charset::Latin1,
            "ascii" => Charset::Ascii,
            "binary" => Charset::Binary,
            _ => return Err(MySqlError::unknown_character_set(name)),
        })
    }

    /// `s` in this character set: a character the set cannot hold becomes `?`, as MySQL's
    /// conversion writes it. (MySQL 8.0.18+ also warns 1977 about such a string in some
    /// paths; not modelled: UNCONFIRMED which paths, so no warning is given.)
    fn convert(self, s: &str) -> String {
        let fits = |c: char| match self {
            Charset::Utf8mb4 | Charset::Binary => true,
            Charset::Utf8mb3 => (c as u32) < 0x10000,
            Charset::Latin1 => (c as u32) < 0x100,
            Charset::Ascii => c.is_ascii(),
        };
        if s.chars().all(fits) {
            return s.to_string();
        }
        s.chars().map(|c| if fits(c) { c } else { '?' }).collect()
    }
}

/// The type a CAST converts to.
#[derive(Clone, Debug, PartialEq)]
pub enum CastTarget {
    /// SIGNED [INTEGER]: BIGINT.
    Signed,
    /// UNSIGNED [INTEGER]: BIGINT UNSIGNED.
    Unsigned,
    /// DECIMAL[(M[,D])], default (10,0).
    Decimal {
        precision: u8,
        scale: u8,
    },
    /// CHAR[(N)] [CHARACTER SET cs], NCHAR[(N)] (utf8mb3), CONVERT ... USING cs.
    Char {
        length: Option<u32>,
        charset: Option<Charset>,
    },
    /// BINARY[(N)]: a binary string, zero-padded to N.
    Binary {
        length: Option<u32>,
    },
    Date,
    Datetime {
        fsp: u8,
    },
    Time {
        fsp: u8,
    },
    /// DOUBLE, REAL, FLOAT(p) for p > 24.
    Double,
    /// FLOAT, FLOAT(p) for p <= 24: single precision.
    Float,
    /// YEAR (8.0.22+).
    Year,
    Json,
}

impl CastTarget {
    /// The target a parsed CAST / CONVERT type names; `charset` is CONVERT's
    /// `CHARACTER SET` after the type. `arg_text` names the expression in MySQL's errors
    /// 1425-1427. A type MySQL's CAST does not take is a syntax error at the type.
    pub fn from_sql(
        dt: &DataType,
        charset: Option<&ObjectName>,
        arg_text: &str,
    ) -> Result<CastTarget> {
        let charset = match charset {
            Some(name) => Some(Charset::named(&name.to_string().replace('`', ""))?),
            None => None,
        };
        let length = |l: &Option<CharacterLength>| -> Result<Option<u32>> {
            match l {
                None => Ok(None),
                Some(CharacterLength::IntegerLength { length, .. })
                    if *length <= CAST_LENGTH_MAX =>
                {
                    Ok(Some(*length as u32))
                }
                Some(_) => Err(MySqlError::too_big_display_width(arg_text, CAST_LENGTH_MAX)),
            }
        };
        let fsp = |p: &Option<u64>| -> Result<u8> {
            match p {
                None => Ok(0),
                Some(p) if *p <= FSP_MAX => Ok(*p as u8),
                Some(p) => Err(MySqlError::too_big_precision(*p, "CAST", FSP_MAX)),
            }
        };
        Ok(match dt {
            DataType::Signed | DataType::SignedInteger => CastTarget::Signed,
            DataType::Unsigned | DataType::UnsignedInteger => CastTarget::Unsigned,
            DataType::Decimal(info) | DataType::Dec(info) => {
                let (precision, scale) = match info {
                    ExactNumberInfo::None => (10, 0),
                    ExactNumberInfo::Precision(p) => (*p, 0),
                    ExactNumberInfo::PrecisionAndScale(p, s) => {
                        (*p, u64::try_from(*s).unwrap_or(u64::MAX))
                    }
                };
                if precision > DECIMAL_PRECISION_MAX {
                    return Err(MySqlError::too_big_precision(
                        precision,
                        arg_text,
                        DECIMAL_PRECISION_MAX,
                    ));
                }
                if scale > DECIMAL_SCALE_MAX {
                    return Err(MySqlError::too_big_scale(scale, arg_text, DECIMAL_SCALE_MAX));
                }
                if scale > precision {
                    return Err(MySqlError::m_bigger_than_d(arg_text));
                }
                // DECIMAL(0) is DECIMAL(10): MySQL takes a zero precision as the default.
                let precision = if precision == 0 { 10 } else { precision };
                CastTarget::Decimal { precision: precision as u8, scale: scale as u8 }
            }
            DataType::Char(l) | DataType::Character(l) => {
                CastTarget::Char { length: length(l)?, charset }
            }
            DataType::Custom(name, modifiers)
                if name.to_string().eq_ignore_ascii_case("NCHAR") && modifiers.len() <= 1 =>
            {
                let l = match modifiers.first() {
                    Some(sqlparser::ast::TypeModifier::Number(n, false)) => {
                        Some(n.parse::<u64>().map_err(|_| syntax_at(dt))?)
                    }
                    Some(_) => return Err(syntax_at(dt)),
                    None => None,
                };
                let l = l.map(|n| CharacterLength::IntegerLength { length: n, unit: None });
                CastTarget::Char { length: length(&l)?, charset: Some(Charset::Utf8mb3) }
            }
            DataType::Binary(l) => match l {
                None => CastTarget::Binary { length: None },
                Some(n) if *n <= CAST_LENGTH_MAX => CastTarget::Binary { length: Some(*n as u32) },
                Some(_) => {
                    return Err(MySqlError::too_big_display_width(arg_text, CAST_LENGTH_MAX))
                }
            },
            DataType::Date => CastTarget::Date,
            DataType::Datetime(p) => CastTarget::Datetime { fsp: fsp(p)? },
            DataType::Time(p, sqlparser::ast::TimezoneInfo::None) => {
                CastTarget::Time { fsp: fsp(p)? }
            }
            DataType::Double(ExactNumberInfo::None) | DataType::Real => CastTarget::Double,
            DataType::Float(ExactNumberInfo::None) => CastTarget::Float,
            DataType::Float(ExactNumberInfo::Precision(p)) => match p {
                0..=24 => CastTarget::Float,
                25..=53 => CastTarget::Double,
                // ER_WRONG_FIELD_SPEC for FLOAT(p) past 53.
                _ => return Err(MySqlError::wrong_field_spec(arg_text)),
            },
            DataType::JSON => CastTarget::Json,
            DataType::Custom(name, modifiers)
                if name.to_string().eq_ignore_ascii_case("YEAR") && modifiers.is_empty() =>
            {
                CastTarget::Year
            }
            _ => return Err(syntax_at(dt)),
        })
    }

    /// CONVERT(expr USING charset): a string in that character set.
    pub fn using_charset(charset: Option<&ObjectName>) -> Result<CastTarget> {
        let Some(name) = charset else { return Err(MySqlError::syntax(")", 1)) };
        let cs = Charset::named(&name.to_string().replace('`', ""))?;
        Ok(CastTarget::Char { length: None, charset: Some(cs) })
    }

    /// Whether the client sees a number (and right-aligns it).
    pub fn is_numeric(&self) -> bool {
        matches!(
            self,
            CastTarget::Signed
                | CastTarget::Unsigned
                | CastTarget::Decimal { .. }
                | CastTarget::Double
                | CastTarget::Float
                | CastTarget::Year
        )
    }

    /// Whether the cast can be NULL for a non-NULL argument (a value that is no valid date,
    /// time or year).
    pub fn may_make_null(&self) -> bool {
        matches!(
            self,
            CastTarget::Date
                | CastTarget::Datetime { .. }
                | CastTarget::Time { .. }
                | CastTarget::Year
        )
    }
}

/// A syntax error at the cast's type. Simplification: MySQL quotes the statement from the
/// type to its end; the binder has only the expression, so the quote ends after the type.
fn syntax_at(dt: &DataType) -> MySqlError {
    MySqlError::syntax(&format!("{dt})"), 1)
}

/// Converts `v` to `target`. `text` is the expression as MySQL names it in warning 1264.
/// Not inlined: the evaluator's recursion keeps small stack frames.
#[inline(never)]
pub fn cast(v: &Value, target: &CastTarget, text: &str, cx: &mut dyn EvalContext) -> Result<Value> {
    if v.is_null() {
        return Ok(Value::Null);
    }
    Ok(match target {
        CastTarget::Signed => Value::Int(to_integer_bits(v, false, cx) as i64),
        CastTarget::Unsigned => Value::UInt(to_integer_bits(v, true, cx)),
        CastTarget::Decimal { precision, scale } => to_decimal(v, *precision, *scale, text, cx),
        CastTarget::Double => Value::Double(to_double(v, cx)),
        CastTarget::Float => {
            // Single precision, written as its shortest decimal form (1.1, not
            // 1.100000023841858). Simplification: later arithmetic uses that decimal.
            let f = to_double(v, cx) as f32;
            Value::Double(f.to_string().parse::<f64>().unwrap_or(f64::from(f)))
        }
        // CONVERT(x USING binary), CAST(x AS CHAR CHARACTER SET binary): the bytes.
        CastTarget::Char { length, charset: Some(Charset::Binary) } => {
            binary_of(v, length.map(|n| n as usize), *length, cx)
        }
        CastTarget::Char { length, charset } => {
            let s = text_of(v);
            let s = match charset {
                Some(cs) => cs.convert(&s),
                None => s,
            };
            match length {
                Some(n) if s.chars().count() > *n as usize => {
                    cx.warn(Warning::truncated_value(&format!("CHAR({n})"), &s));
                    Value::Str(s.chars().take(*n as usize).collect())
                }
                _ => Value::Str(s),
            }
        }
        CastTarget::Binary { length } => match length {
            Some(n) if u64::from(*n) > RESULT_BYTES_MAX => {
                // Zero-padding past max_allowed_packet: MySQL returns NULL with 1301.
                cx.warn(Warning::result_too_large("cast_as_binary", RESULT_BYTES_MAX));
                Value::Null
            }
            // BINARY(N) cuts to N bytes and zero-pads to N.
            Some(n) => match binary_of(v, Some(*n as usize), Some(*n), cx) {
                Value::Bin(mut b) => {
                    b.resize(*n as usize, 0);
                    Value::Bin(b)
                }
                other => other,
            },
            None => binary_of(v, None, None, cx),
        },
        CastTarget::Date => match to_datetime(v, cx) {
            Some(dt) => Value::Str(dt.date_text()),
            None => Value::Null,
        },
        CastTarget::Datetime { fsp } => match to_datetime(v, cx).and_then(|dt| dt.round(*fsp)) {
            Some(dt) => Value::Str(dt.datetime_text(*fsp)),
            None => Value::Null,
        },
        CastTarget::Time { fsp } => to_time(v, *fsp, cx),
        CastTarget::Year => to_year(v, cx),
        CastTarget::Json => json::to_json(v)?,
    })
}

/// The value's text as a string cast sees it (a double as the client prints it).
fn text_of(v: &Value) -> String {
    match v {
        Value::Double(d) => format_double(*d),
        other => other.to_text().unwrap_or_default(),
    }
}

/// SIGNED / UNSIGNED: the value's 64 bits. A string reads as `my_strtoll10` reads it (1292
/// "Truncated incorrect INTEGER value" when it does not read whole); a decimal rounds half
/// away from zero and a double to even (`rint`), both clamped to 64 bits (UNCONFIRMED: MySQL
/// warns on some of those overflows; none is given here).
fn to_integer_bits(v: &Value, unsigned: bool, cx: &mut dyn EvalContext) -> u64 {
    match v {
        Value::Null => 0,
        Value::Int(i) => *i as u64,
        Value::UInt(u) => *u,
        Value::Decimal(d) => {
            let r = d.rescale(0).mantissa;
            if unsigned && r > i128::from(i64::MAX) {
                u64::try_from(r).unwrap_or(u64::MAX)
            } else {
                r.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64 as u64
            }
        }
        Value::Double(d) => {
            let r = libm::rint(*d);
            if unsigned && r >= 9.223_372_036_854_776e18 {
                if r >= 1.844_674_407_370_955_2e19 {
                    u64::MAX
                } else {
                    r as u64
                }
            } else {
                (r as i64) as u64
            }
        }
        Value::Bin(_) => {
            to_integer_bits(&Value::Str(v.to_text().unwrap_or_default()), unsigned, cx)
        }
        Value::Str(s) => {
            let n = number::integer_from_text(s);
            if n.truncated {
                cx.warn(Warning::truncated_value("INTEGER", s));
            }
            n.bits
        }
    }
}

/// DECIMAL(M,D): rounded half away from zero to D digits; a value past M-D integer digits is
/// the largest DECIMAL(M,D) of its sign, with warning 1264 (as `Item_typecast_decimal`).
fn to_decimal(v: &Value, precision: u8, scale: u8, text: &str, cx: &mut dyn EvalContext) -> Value {
    let exact = match v {
        Value::Str(s) => {
            let (d, truncated) = number::decimal_from_text(s);
            if truncated {
                cx.warn(Warning::truncated_value("DECIMAL", s));
            }
            d
        }
        // A double converts through its shortest decimal form, as MySQL's double2decimal.
        Value::Double(d) => number::decimal_from_text(&format_double(*d)).0,
        other => other.to_decimal().unwrap_or(Decimal::new(0, 0)),
    };
    // The largest magnitude that fits, in units of 10^-scale; past 38 digits, i128's limit.
    let limit = 10i128.checked_pow(u32::from(precision)).map_or(i128::MAX, |p| p - 1);
    let rounded = if exact.scale <= scale {
        exact.mantissa.checked_mul(10i128.pow(u32::from(scale - exact.scale)))
    } else {
        Some(exact.rescale(scale).mantissa)
    };
    match rounded {
        Some(m) if m.abs() <= limit => Value::Decimal(Decimal::new(m, scale)),
        _ => {
            cx.warn(Warning::out_of_range(text, 1));
            let m = if exact.mantissa < 0 { -limit } else { limit };
            Value::Decimal(Decimal::new(m, scale))
        }
    }
}

/// DOUBLE: a string reads by its numeric prefix, with 1292 "Truncated incorrect DOUBLE
/// value" when it does not read whole.
fn to_double(v: &Value, cx: &mut dyn EvalContext) -> f64 {
    match v {
        Value::Str(s) => {
            let prefix = crate::storage::value::numeric_prefix(s);
            let whole = s.trim().len() == prefix.len() && !s.trim().is_empty();
            let d = prefix.parse::<f64>().unwrap_or(0.0);
            if !whole || d.is_infinite() {
                cx.warn(Warning::truncated_value("DOUBLE", s));
            }
            if d.is_infinite() {
                f64::MAX.copysign(d)
            } else {
                d
            }
        }
        other => other.to_f64().unwrap_or(0.0),
    }
}

/// A value read as a date and time: text by `str_to_datetime`, integers by
/// `number_to_datetime`. None (the cast is NULL) with MySQL's warning where it is no date.
fn to_datetime(v: &Value, cx: &mut dyn EvalContext) -> Option<temporal::DateTime> {
    let shown = text_of(v);
    let parsed = match v {
        Value::Str(s) => temporal::parse_datetime(s),
        Value::Int(i) => u64::try_from(*i).ok().and_then(|n| temporal::datetime_from_number(n, 0)),
        Value::UInt(u) => temporal::datetime_from_number(*u, 0),
        Value::Decimal(d) => {
            let whole = d.mantissa / 10i128.pow(u32::from(d.scale));
            let frac = d.rescale(6).mantissa.rem_euclid(1_000_000) as u32;
            u64::try_from(whole).ok().and_then(|n| temporal::datetime_from_number(n, frac))
        }
        Value::Double(d) if *d >= 0.0 => {
            let micros = ((d - d.trunc()) * 1e6).round() as u32;
            temporal::datetime_from_number(d.trunc() as u64, micros.min(999_999))
        }
        _ => None,
    };
    match parsed {
        Some(p) => {
            if p.truncated {
                let kind = if p.has_time { "datetime" } else { "date" };
                cx.warn(Warning::truncated_value(kind, &shown));
            }
            Some(p.value)
        }
        None => {
            cx.warn(Warning::incorrect_value(1292, "datetime", &shown));
            None
        }
    }
}

/// TIME(fsp): text by `str_to_time`, numbers as `[-]hhmmss[.ffffff]`; past 838:59:59 the
/// value is clipped with 1292 "Truncated incorrect time value".
fn to_time(v: &Value, fsp: u8, cx: &mut dyn EvalContext) -> Value {
    let shown = text_of(v);
    if let Value::Bin(_) = v {
        return to_time(&Value::Str(v.to_text().unwrap_or_default()), fsp, cx);
    }
    let parsed = match v {
        Value::Str(s) => {
            temporal::parse_time(s).map(|(p, clipped)| (p.value, p.truncated || clipped))
        }
        Value::Int(i) => temporal::time_from_number(*i < 0, i.unsigned_abs(), 0),
        Value::UInt(u) => temporal::time_from_number(false, *u, 0),
        Value::Decimal(d) => {
            let whole = (d.mantissa / 10i128.pow(u32::from(d.scale))).unsigned_abs();
            let frac = d.rescale(6).mantissa.unsigned_abs() % 1_000_000;
            u64::try_from(whole)
                .ok()
                .and_then(|n| temporal::time_from_number(d.mantissa < 0, n, frac as u32))
        }
        Value::Double(d) => {
            let a = d.abs();
            let micros = (((a - a.trunc()) * 1e6).round() as u32).min(999_999);
            temporal::time_from_number(*d < 0.0, a.trunc() as u64, micros)
        }
        Value::Null => None,
        // A binary string was read as its text above.
        Value::Bin(_) => None,
    };
    match parsed {
        Some((t, warn)) => {
            let (t, clipped) = t.round(fsp);
            if warn || clipped {
                cx.warn(Warning::truncated_value("time", &shown));
            }
            Value::Str(t.text(fsp))
        }
        None => {
            cx.warn(Warning::truncated_value("time", &shown));
            Value::Null
        }
    }
}

/// YEAR (`Item_typecast_year`): 1-69 are 2001-2069, 70-99 1970-1999, a one- or two-digit
/// string zero is 2000; anything else outside 1901-2155 is NULL with a warning. A date string
/// gives its year. UNCONFIRMED: the exact warning for a string that is no number (chosen:
/// 1525 "Incorrect YEAR value", as `Item_typecast_year::val_int` reads in 8.0.22+).
fn to_year(v: &Value, cx: &mut dyn EvalContext) -> Value {
    let shown = text_of(v);
    if let Value::Bin(_) = v {
        return to_year(&Value::Str(v.to_text().unwrap_or_default()), cx);
    }
    let value: i64 = match v {
        Value::Str(s) => {
            if let Some(p) =
                temporal::parse_datetime(s).filter(|p| !p.truncated && s.contains(['-', '/', ':']))
            {
                return Value::Int(i64::from(p.value.year));
            }
            let n = number::integer_from_text(s);
            let digits = s
                .trim()
                .trim_start_matches(['-', '+'])
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
            if digits == 0 {
                cx.warn(Warning::incorrect_value(1525, "YEAR", s));
                return Value::Null;
            }
            if n.truncated {
                cx.warn(Warning::truncated_value("YEAR", s));
            }
            let n = n.bits as i64;
            if n == 0 && digits <= 2 {
                2000
            } else {
                n
            }
        }
        Value::Int(i) => *i,
        Value::UInt(u) => i64::try_from(*u).unwrap_or(i64::MAX),
        Value::Decimal(d) => i64::try_from(d.rescale(0).mantissa).unwrap_or(i64::MAX),
        Value::Double(d) => libm::rint(*d) as i64,
        Value::Null => return Value::Null,
        // A binary string was read as its text above.
        Value::Bin(_) => return Value::Null,
    };
    let year = match value {
        1..=69 => value + 2000,
        70..=99 => value + 1900,
        _ => value,
    };
    if year != 0 && !(1901..=2155).contains(&year) {
        cx.warn(Warning::truncated_value("YEAR", &shown));
        return Value::Null;
    }
    Value::Int(year)
}

/// A value's bytes as a binary string (a number as its text), cut to `keep` bytes with
/// warning 1292 when longer (`BINARY(N)` / `CHAR(N) CHARACTER SET binary` in the message).
fn binary_of(
    v: &Value,
    keep: Option<usize>,
    shown_length: Option<u32>,
    cx: &mut dyn EvalContext,
) -> Value {
    let Some(mut bytes) = v.to_bytes() else { return Value::Null };
    if let (Some(n), Some(len)) = (keep, shown_length) {
        if bytes.len() > n {
            cx.warn(Warning::truncated_value(&format!("BINARY({len})"), &text_of(v)));
            bytes.truncate(n);
        }
    }
    Value::Bin(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::sql::context::CollectedWarnings as Warnings;

    fn run(v: Value, t: CastTarget) -> (String, Vec<String>) {
        let mut w = Warnings(Vec::new());
        let r = cast(&v, &t, "x", &mut w).unwrap();
        (r.to_text().unwrap_or_else(|| "NULL".into()), w.0)
    }

    fn s(x: &str) -> Value {
        Value::Str(x.into())
    }

    #[test]
    fn integers() {
        assert_eq!(
            run(s("abc"), CastTarget::Signed),
            ("0".into(), vec!["1292 Truncated incorrect INTEGER value: 'abc'".into()])
        );
        assert_eq!(run(s("12"), CastTarget::Signed), ("12".into(), vec![]));
        assert_eq!(run(Value::Int(-1), CastTarget::Unsigned).0, "18446744073709551615");
        assert_eq!(run(Value::UInt(u64::MAX), CastTarget::Signed).0, "-1");
        assert_eq!(run(Value::Decimal(Decimal::new(-15, 1)), CastTarget::Signed).0, "-2");
        assert_eq!(run(Value::Double(2.5), CastTarget::Signed).0, "2", "rint rounds to even");
    }

    #[test]
    fn decimals() {
        let d = |p, s| CastTarget::Decimal { precision: p, scale: s };
        assert_eq!(
            run(Value::Int(123456), d(5, 2)),
            ("999.99".into(), vec!["1264 Out of range value for column 'x' at row 1".into()])
        );
        assert_eq!(run(Value::Int(-123456), d(5, 2)).0, "-999.99");
        assert_eq!(run(s("1.005"), d(10, 2)).0, "1.01");
        assert_eq!(run(Value::Double(0.1), d(10, 3)).0, "0.100");
        assert_eq!(
            run(s("x"), d(10, 0)).1,
            vec!["1292 Truncated incorrect DECIMAL value: 'x'".to_string()]
        );
    }

    #[test]
    fn strings_and_floats() {
        let c = |n| CastTarget::Char { length: n, charset: None };
        assert_eq!(
            run(s("abcdef"), c(Some(3))),
            ("abc".into(), vec!["1292 Truncated incorrect CHAR(3) value: 'abcdef'".into()])
        );
        assert_eq!(run(Value::Int(7), c(None)).0, "7");
        assert_eq!(
            run(s("é€"), CastTarget::Char { length: None, charset: Some(Charset::Latin1) }).0,
            "é?"
        );
        assert_eq!(run(s("a"), CastTarget::Binary { length: Some(3) }).0, "a\0\0");
        assert_eq!(run(s("a"), CastTarget::Binary { length: Some(u32::MAX) }).0, "NULL");
        assert_eq!(run(Value::Decimal(Decimal::new(11, 1)), CastTarget::Float).0, "1.1");
        assert_eq!(
            run(s("1.5x"), CastTarget::Double),
            ("1.5".into(), vec!["1292 Truncated incorrect DOUBLE value: '1.5x'".into()])
        );
    }

    #[test]
    fn temporal_and_year() {
        assert_eq!(
            run(s("abc"), CastTarget::Date),
            ("NULL".into(), vec!["1292 Incorrect datetime value: 'abc'".into()])
        );
        assert_eq!(run(Value::Int(20240115), CastTarget::Date).0, "2024-01-15");
        assert_eq!(
            run(s("2024-01-15 10:11:12.345"), CastTarget::Datetime { fsp: 2 }).0,
            "2024-01-15 10:11:12.35"
        );
        assert_eq!(
            run(s("abc"), CastTarget::Time { fsp: 0 }),
            ("NULL".into(), vec!["1292 Truncated incorrect time value: 'abc'".into()])
        );
        assert_eq!(run(Value::Int(101112), CastTarget::Time { fsp: 0 }).0, "10:11:12");
        assert_eq!(run(Value::Int(1), CastTarget::Year).0, "2001");
        assert_eq!(run(s("0"), CastTarget::Year).0, "2000");
        assert_eq!(run(Value::Int(0), CastTarget::Year).0, "0");
        assert_eq!(
            run(Value::Int(1800), CastTarget::Year),
            ("NULL".into(), vec!["1292 Truncated incorrect YEAR value: '1800'".into()])
        );
        assert_eq!(run(s("2024-05-06"), CastTarget::Year).0, "2024");
    }
}
