//! The type of a named function's result from its arguments, as mysqld's item classes
//! resolve it (item_sum.cc, item_func.cc, item_strfunc.cc, item_timefunc.cc):
//!
//! * aggregates: `COUNT` is `bigint` NOT NULL; `SUM` of an exact number DECIMAL with 22 more
//!   digits (`DECIMAL_LONGLONG_DIGITS`), `AVG` with `div_precision_increment` (4) more digits
//!   and scale; `MIN`, `MAX` their argument's type; all but COUNT NULL-able;
//!   `GROUP_CONCAT` `text` (`group_concat_max_len` 1024 characters, past VARCHAR's 512).
//! * `ROUND` of a DECIMAL keeps its integer digits plus one (the carry) and the places asked;
//!   of an integer, an integer one digit longer.
//! * string functions are VARCHAR of the most characters they can return (`CONCAT` the sum,
//!   `SUBSTRING_INDEX` its string's, `REPLACE` its string's grown by each replacement),
//!   TEXT past 512.
//! * `FORMAT_PICO_TIME()` and `FORMAT_BYTES()` are `varchar(11)` NULL-able; a stored
//!   function its declared RETURNS type, NULL-able.
//!
//! UNCONFIRMED (no mysqld output seen, the rule read from the item classes): the integer
//! size of `LENGTH`, `LOCATE` and the date-part functions, and the length of `DATE_FORMAT`.

use super::data_type::{Collation, DataType, IntSize, Typed};
use super::expressions::{aggregate, aggregate_collation, boolean};
use super::{Invalid, ScopeTable, Typer};
use sqlparser::ast::{Expr, Function, FunctionArg, FunctionArgExpr, FunctionArguments};

/// Digits SUM adds to its argument's (MySQL's `DECIMAL_LONGLONG_DIGITS`).
const SUM_EXTRA_DIGITS: u32 = 22;

/// Digits AVG adds (`div_precision_increment`'s default).
const AVG_EXTRA_DIGITS: u32 = 4;

/// `group_concat_max_len`'s default, in characters of the result.
const GROUP_CONCAT_MAX_LEN: u64 = 1024;

/// Characters of `FORMAT_PICO_TIME()`'s and `FORMAT_BYTES()`'s result (`1023.99 MiB`).
const FORMATTED_LENGTH: u64 = 11;

impl Typer<'_> {
    pub(super) fn function(
        &mut self,
        f: &Function,
        scope: &[ScopeTable],
        db: &str,
        depth: u32,
    ) -> Result<Typed, Invalid> {
        let parts: Vec<String> =
            f.name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
        if let [schema, name] = parts.as_slice() {
            if matches!(&f.args, FunctionArguments::List(_) | FunctionArguments::None) {
                for e in argument_exprs(f) {
                    self.expr(e, scope, db, depth)?;
                }
            }
            return match self.sources.function_returns(schema, name) {
                Some(ty) => Ok(Typed::computed(ty, true)),
                None => Err(Invalid(format!("FUNCTION {schema}.{name} does not exist"))),
            };
        }
        let name = parts.last().map(|n| n.to_ascii_uppercase()).unwrap_or_default();
        let star = matches!(&f.args, FunctionArguments::List(l)
            if l.args.iter().any(|a| matches!(a, FunctionArg::Unnamed(FunctionArgExpr::Wildcard))));
        let mut args = Vec::new();
        for e in argument_exprs(f) {
            args.push(self.expr(e, scope, db, depth)?);
        }
        let exprs: Vec<&Expr> = argument_exprs(f).collect();
        let any_null = args.iter().any(|a| a.nullable);
        let arg = |i: usize| args.get(i).cloned();
        let constant = |i: usize| -> Option<i64> {
            match exprs.get(i) {
                Some(Expr::Value(v)) => v.value.to_string().parse().ok(),
                _ => None,
            }
        };
        let string = |chars: u64, nullable: bool, from: &[&Typed]| {
            let mut t = Typed::computed(DataType::string_of(chars), nullable);
            t.collation = aggregate_collation(from).or_else(|| Some(Collation::connection()));
            t
        };
        let first_len = args.first().map_or(0, |a| a.ty.char_length());
        let all: Vec<&Typed> = args.iter().collect();
        Ok(match name.as_str() {
            // Aggregates.
            // COUNT's item is 21 characters wide: 20 digits where a SUM over it reads them.
            "COUNT" => {
                let mut t = Typed::computed(
                    DataType::Integer { size: IntSize::Big, unsigned: false },
                    false,
                );
                t.digits = Some(20);
                t
            }
            "SUM" if star => return Err(Invalid("SUM(*)".into())),
            "SUM" => match arg(0) {
                Some(a) if a.ty.is_exact() => Typed::computed(
                    DataType::decimal(a.whole_digits() + SUM_EXTRA_DIGITS, a.ty.scale(), false),
                    true,
                ),
                _ => Typed::computed(DataType::Double, true),
            },
            "AVG" => match arg(0) {
                Some(a) if a.ty.is_exact() => Typed::computed(
                    DataType::decimal(a.whole_digits(), a.ty.scale() + AVG_EXTRA_DIGITS, false),
                    true,
                ),
                _ => Typed::computed(DataType::Double, true),
            },
            // A column keeps its type; an integer expression's value is kept in a BIGINT
            // (mysqld types the result by the argument's data type, LONGLONG for any
            // integer expression).
            "MIN" | "MAX" => match arg(0) {
                Some(a) if a.ty.is_integer() && !a.column => a
                    .recomputed(DataType::Integer { size: IntSize::Big, unsigned: a.ty.unsigned() })
                    .or_null(),
                Some(a) => a.recomputed(a.ty.clone()).or_null(),
                None => return Err(Invalid(format!("{name}()"))),
            },
            "BIT_AND" | "BIT_OR" | "BIT_XOR" => {
                Typed::computed(DataType::Integer { size: IntSize::Big, unsigned: true }, false)
            }
            "STD" | "STDDEV" | "STDDEV_POP" | "STDDEV_SAMP" | "VARIANCE" | "VAR_POP"
            | "VAR_SAMP" => Typed::computed(DataType::Double, true),
            "GROUP_CONCAT" => string(GROUP_CONCAT_MAX_LEN, true, &all),
            "JSON_ARRAYAGG" | "JSON_OBJECTAGG" => Typed::computed(DataType::Json, true),
            // Window functions. UNCONFIRMED: NTILE NOT NULL, as the ranking functions.
            "ROW_NUMBER" | "RANK" | "DENSE_RANK" | "NTILE" => {
                Typed::computed(DataType::Integer { size: IntSize::Big, unsigned: true }, false)
            }
            "CUME_DIST" | "PERCENT_RANK" => Typed::computed(DataType::Double, false),
            "LAG" | "LEAD" | "FIRST_VALUE" | "LAST_VALUE" | "NTH_VALUE" => match arg(0) {
                Some(a) => a.recomputed(a.ty.clone()).or_null(),
                None => return Err(Invalid(format!("{name}()"))),
            },
            // Control flow.
            "IF" => {
                let results = [arg(1), arg(2)].into_iter().flatten().collect::<Vec<_>>();
                aggregate(&results, false)
            }
            "IFNULL" => {
                let nullable = args.get(1).is_some_and(|b| b.nullable);
                aggregate(&args, false).with_nullable(nullable)
            }
            "COALESCE" => aggregate(&args, true),
            "NULLIF" => match arg(0) {
                Some(a) => a.recomputed(a.ty.clone()).or_null(),
                None => return Err(Invalid("NULLIF()".into())),
            },
            "GREATEST" | "LEAST" => aggregate(&args, false),
            // Numbers.
            "ROUND" | "TRUNCATE" => {
                let a = arg(0).ok_or_else(|| Invalid(format!("{name}()")))?;
                let places = constant(1).unwrap_or(0);
                // Rounding away places may carry into one more integer digit; keeping
                // them all changes nothing.
                let rounds = name == "ROUND" && places < i64::from(a.ty.scale());
                let ty = match &a.ty {
                    t if t.is_integer() => {
                        let carry = u32::from(name == "ROUND" && places < 0);
                        DataType::integer_of(u64::from(a.precision() + carry), t.unsigned())
                    }
                    DataType::Decimal { scale, unsigned, .. } => {
                        let places = (places.max(0) as u32).min(*scale);
                        DataType::decimal(a.whole_digits() + u32::from(rounds), places, *unsigned)
                    }
                    _ => DataType::Double,
                };
                Typed::computed(ty, a.nullable || args.get(1).is_some_and(|b| b.nullable))
            }
            "FLOOR" | "CEIL" | "CEILING" => match arg(0) {
                Some(a) => floor_or_ceil(&a),
                None => return Err(Invalid(format!("{name}()"))),
            },
            "ABS" => match arg(0) {
                Some(a) => {
                    a.recomputed(if a.ty.is_numeric() { a.ty.clone() } else { DataType::Double })
                }
                None => return Err(Invalid("ABS()".into())),
            },
            "MOD" => {
                let (a, b) = (
                    arg(0).unwrap_or_else(super::expressions::null_literal),
                    arg(1).unwrap_or_else(super::expressions::null_literal),
                );
                super::expressions::binary_type(&sqlparser::ast::BinaryOperator::Modulo, &a, &b)
            }
            "POW" | "POWER" | "SQRT" | "EXP" | "LN" | "LOG" | "LOG2" | "LOG10" | "SIN" | "COS"
            | "TAN" | "ASIN" | "ACOS" | "ATAN" | "ATAN2" | "COT" | "DEGREES" | "RADIANS" => {
                Typed::computed(DataType::Double, true)
            }
            "PI" | "RAND" => Typed::computed(DataType::Double, false),
            "SIGN" => Typed::computed(DataType::integer_of(2, false), any_null),
            // Integer-valued functions: their result's digits decide int or bigint.
            "LENGTH" | "OCTET_LENGTH" | "CHAR_LENGTH" | "CHARACTER_LENGTH" | "BIT_LENGTH"
            | "ASCII" | "ORD" | "CRC32" => {
                Typed::computed(DataType::integer_of(10, false), any_null)
            }
            "LOCATE" | "INSTR" | "FIND_IN_SET" | "FIELD" | "STRCMP" | "INTERVAL" => {
                Typed::computed(DataType::integer_of(11, false), any_null)
            }
            "CONNECTION_ID" | "LAST_INSERT_ID" | "PS_CURRENT_THREAD_ID" | "UUID_SHORT" => {
                Typed::computed(DataType::Integer { size: IntSize::Big, unsigned: true }, false)
            }
            "PS_THREAD_ID" => {
                Typed::computed(DataType::Integer { size: IntSize::Big, unsigned: true }, true)
            }
            "ROW_COUNT" | "FOUND_ROWS" => {
                Typed::computed(DataType::Integer { size: IntSize::Big, unsigned: false }, false)
            }
            "TIMESTAMPDIFF" | "TIME_TO_SEC" | "TO_DAYS" | "TO_SECONDS" | "PERIOD_DIFF"
            | "DATEDIFF" => {
                Typed::computed(DataType::Integer { size: IntSize::Big, unsigned: false }, true)
            }
            "YEAR" | "MONTH" | "DAY" | "DAYOFMONTH" | "HOUR" | "MINUTE" | "SECOND"
            | "DAYOFWEEK" | "DAYOFYEAR" | "WEEK" | "WEEKDAY" | "QUARTER" | "YEARWEEK"
            | "MICROSECOND" => {
                Typed::computed(DataType::Integer { size: IntSize::Int, unsigned: false }, true)
            }
            "UNIX_TIMESTAMP" => match arg(0) {
                None => Typed::computed(
                    DataType::Integer { size: IntSize::Big, unsigned: false },
                    false,
                ),
                Some(a) if a.ty.scale() > 0 => {
                    Typed::computed(DataType::decimal(12, a.ty.scale(), false), true)
                }
                Some(_) => {
                    Typed::computed(DataType::Integer { size: IntSize::Big, unsigned: false }, true)
                }
            },
            // Strings.
            "CONCAT" => string(args.iter().map(|a| a.ty.char_length()).sum(), any_null, &all),
            "CONCAT_WS" => {
                let sep = first_len;
                let parts: u64 = args.iter().skip(1).map(|a| a.ty.char_length()).sum();
                let joins = (args.len() as u64).saturating_sub(2);
                let nullable = args.first().is_some_and(|a| a.nullable);
                string(
                    parts.saturating_add(sep.saturating_mul(joins)),
                    nullable,
                    &all[1.min(all.len())..],
                )
            }
            "LEFT" | "RIGHT" => {
                let n = constant(1).map_or(first_len, |n| (n.max(0) as u64).min(first_len));
                string(n, any_null, &all[..1.min(all.len())])
            }
            "SUBSTRING" | "SUBSTR" | "MID" | "SUBSTRING_INDEX" => {
                let n = match (name.as_str(), constant(2)) {
                    ("SUBSTRING_INDEX", _) | (_, None) => first_len,
                    (_, Some(n)) => (n.max(0) as u64).min(first_len),
                };
                string(n, any_null, &all[..1.min(all.len())])
            }
            "REPLACE" => {
                let from = args.get(1).map_or(0, |a| a.ty.char_length());
                let to = args.get(2).map_or(0, |a| a.ty.char_length());
                let chars = if to > from && from > 0 {
                    first_len.saturating_add((first_len / from).saturating_mul(to - from))
                } else {
                    first_len
                };
                string(chars, any_null, &all[..1.min(all.len())])
            }
            "LOWER" | "LCASE" | "UPPER" | "UCASE" | "TRIM" | "LTRIM" | "RTRIM" | "REVERSE"
            | "SPACE" => string(first_len, any_null, &all[..1.min(all.len())]),
            "QUOTE" => string(first_len * 2 + 2, any_null, &all[..1.min(all.len())]),
            "LPAD" | "RPAD" => {
                let n = constant(1).map_or(first_len, |n| n.max(0) as u64);
                string(n, true, &all[..1.min(all.len())])
            }
            "REPEAT" => string(
                first_len.saturating_mul(constant(1).map_or(1, |n| n.max(0) as u64)),
                any_null,
                &all[..1.min(all.len())],
            ),
            "HEX" => string(first_len * 2, any_null, &[]),
            "FORMAT" => string(
                (first_len + first_len / 3 + 1)
                    .saturating_add(constant(1).unwrap_or(0).max(0) as u64),
                any_null,
                &[],
            ),
            "FORMAT_PICO_TIME" | "FORMAT_BYTES" => string(FORMATTED_LENGTH, true, &[]),
            "MD5" => string(32, any_null, &[]),
            "SHA1" | "SHA" => string(40, any_null, &[]),
            "SHA2" => string(128, true, &[]),
            "UUID" => string(36, false, &[]),
            "INET_NTOA" => string(15, true, &[]),
            "VERSION" => {
                let mut t =
                    string(self.sources.server_version().chars().count() as u64, false, &[]);
                t.collation = Some(system_collation());
                t
            }
            "DATABASE" | "SCHEMA" => {
                let mut t = string(64, true, &[]);
                t.collation = Some(system_collation());
                t
            }
            "USER" | "CURRENT_USER" | "SESSION_USER" | "SYSTEM_USER" => {
                let mut t = string(288, false, &[]);
                t.collation = Some(system_collation());
                t
            }
            // UNHEX reads its argument's bytes (four a character of utf8mb4) two digits a
            // byte; CHAR() makes up to four bytes of each number.
            "UNHEX" | "CHAR" => {
                let bytes = if name == "UNHEX" {
                    (first_len * 4).div_ceil(2)
                } else {
                    args.len() as u64 * 4
                };
                let mut t = Typed::computed(DataType::bytes_of(bytes), true);
                t.collation = None;
                t
            }
            // Dates and times.
            "NOW" | "CURRENT_TIMESTAMP" | "LOCALTIME" | "LOCALTIMESTAMP" | "SYSDATE"
            | "UTC_TIMESTAMP" => Typed::computed(
                DataType::DateTime(constant(0).unwrap_or(0).clamp(0, 6) as u8),
                false,
            ),
            "CURDATE" | "CURRENT_DATE" | "UTC_DATE" => Typed::computed(DataType::Date, false),
            "CURTIME" | "CURRENT_TIME" | "UTC_TIME" => {
                Typed::computed(DataType::Time(constant(0).unwrap_or(0).clamp(0, 6) as u8), false)
            }
            "DATE" | "LAST_DAY" | "MAKEDATE" | "FROM_DAYS" => Typed::computed(DataType::Date, true),
            "TIME" => Typed::computed(
                DataType::Time(args.first().map_or(0, |a| a.ty.scale().min(6) as u8)),
                true,
            ),
            "SEC_TO_TIME" | "MAKETIME" | "TIMEDIFF" => Typed::computed(
                DataType::Time(args.first().map_or(0, |a| a.ty.scale().min(6) as u8)),
                true,
            ),
            "FROM_UNIXTIME" if args.len() == 1 => {
                Typed::computed(DataType::DateTime(args[0].ty.scale().min(6) as u8), true)
            }
            "DATE_ADD" | "DATE_SUB" | "ADDDATE" | "SUBDATE" | "TIMESTAMPADD" | "CONVERT_TZ"
            | "TIMESTAMP" => Typed::computed(
                DataType::DateTime(
                    args.iter().map(|a| a.ty.scale()).max().unwrap_or(0).min(6) as u8
                ),
                true,
            ),
            "DATE_FORMAT" | "TIME_FORMAT" | "FROM_UNIXTIME" | "MONTHNAME" | "DAYNAME" => {
                string(64, true, &[])
            }
            // Booleans.
            "ISNULL" => Typed::computed(boolean(), false),
            "REGEXP_LIKE" => Typed::computed(boolean(), true),
            // JSON.
            n if n.starts_with("JSON_") => match n {
                "JSON_UNQUOTE" => string(first_len, true, &all[..1.min(all.len())]),
                "JSON_LENGTH" | "JSON_DEPTH" | "JSON_VALID" | "JSON_CONTAINS"
                | "JSON_CONTAINS_PATH" | "JSON_OVERLAPS" => {
                    Typed::computed(DataType::integer_of(10, false), true)
                }
                "JSON_TYPE" => string(first_len.max(16), true, &[]),
                _ => Typed::computed(DataType::Json, true),
            },
            _ => {
                self.unknown += 1;
                Typed::computed(DataType::Text(crate::storage::schema::BlobSize::Long), true)
            }
        })
    }
}

/// The collation of strings the server makes from its own names (VERSION(), USER(),
/// DATABASE()): utf8mb3's.
fn system_collation() -> Collation {
    Collation { charset: "utf8mb3".into(), name: "utf8mb3_general_ci".into() }
}

/// FLOOR and CEILING: an integer stays one; a DECIMAL becomes an integer of its integer
/// digits plus one while that fits in a BIGINT, else a DECIMAL with no scale.
pub(super) fn floor_or_ceil(a: &Typed) -> Typed {
    let ty = match &a.ty {
        t if t.is_integer() => DataType::integer_of(u64::from(t.precision()), t.unsigned()),
        DataType::Decimal { precision, scale, unsigned } => {
            let digits = precision - scale + 1;
            if digits <= 18 {
                DataType::integer_of(u64::from(digits), *unsigned)
            } else {
                DataType::decimal(digits, 0, *unsigned)
            }
        }
        _ => DataType::Double,
    };
    a.recomputed(ty)
}

/// The argument expressions of a call (none for `*` and named arguments).
fn argument_exprs(f: &Function) -> impl Iterator<Item = &Expr> {
    let list = match &f.args {
        FunctionArguments::List(l) => l.args.as_slice(),
        _ => &[],
    };
    list.iter().filter_map(|a| match a {
        FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => Some(e),
        FunctionArg::Named { arg: FunctionArgExpr::Expr(e), .. } => Some(e),
        _ => None,
    })
}
