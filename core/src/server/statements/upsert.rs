//! What an INSERT does with a row whose primary or unique key is taken, and with a value its column
//! cannot hold: the plain INSERT's error 1062, `INSERT IGNORE` (the row skipped, or the
//! value adjusted, each with a warning), `REPLACE` (the old row deleted, the new one
//! inserted) and `INSERT ... ON DUPLICATE KEY UPDATE` (the old row updated by assignments
//! that see it, `VALUES(col)` and the row alias `AS new [(a, b)]` of MySQL 8.0.19+).
//!
//! The counts follow sql_insert.cc's `COPY_INFO`: a row inserted is copied; a REPLACE's old
//! row is deleted; an ODKU row that changes is copied and updated, one set to what it was is
//! only touched. Affected rows are copied + deleted + updated (1 per new row, 2 per
//! replaced or updated one, 0 per unchanged one, as the manual's INSERT page says), and the
//! info line's Duplicates are deleted + updated, or for IGNORE the rows not copied.
//!
//! A conflict is a taken primary key or a taken UNIQUE secondary key (one with no NULL
//! part), looked for in that order (`Table::conflict`). REPLACE deletes every row the new one
//! collides with; ODKU updates the first, and its update may itself collide (error 1062).

use crate::error::{MySqlError, Result, Warning};
use crate::sql::bind::Columns;
use crate::storage::schema::{ColumnDef, ColumnType, TableDef};
use crate::storage::value::{Decimal, Value};

/// How an INSERT resolves a row whose primary or unique key is taken.
pub(crate) enum OnConflict {
    /// ERROR 1062.
    Fail,
    /// INSERT IGNORE: the row is skipped, with warning 1062.
    Skip,
    /// REPLACE: the old row is deleted and the new one inserted.
    Replace,
    /// ON DUPLICATE KEY UPDATE: the old row gets these (column, expression) assignments,
    /// bound over [`UpsertColumns`].
    Update(Vec<(u32, crate::sql::bind::BExpr)>),
}

/// The row ODKU's assignments see: the table's row first (its columns at their positions),
/// then the row the INSERT proposed (at `width + position`), which `VALUES(col)` and the
/// row alias name.
pub(crate) struct UpsertColumns<'a> {
    pub table: &'a str,
    pub def: &'a TableDef,
    /// `AS new`: the proposed row's name, if given.
    pub row_alias: Option<String>,
    /// `AS new (a, b, ...)`: names for the proposed row's columns, in table order.
    pub column_aliases: Vec<String>,
}

impl UpsertColumns<'_> {
    fn width(&self) -> u32 {
        self.def.columns.len() as u32
    }

    fn proposed(&self, name: &str) -> Option<u32> {
        if self.column_aliases.is_empty() {
            self.def.column_position(name)
        } else {
            self.column_aliases.iter().position(|a| a.eq_ignore_ascii_case(name)).map(|p| p as u32)
        }
    }
}

impl Columns for UpsertColumns<'_> {
    fn resolve(&self, qualifier: Option<&str>, name: &str, clause: &str) -> Result<u32> {
        let unknown = || {
            let full = qualifier.map_or(name.to_string(), |q| format!("{q}.{name}"));
            MySqlError::unknown_column(&full, clause)
        };
        match qualifier {
            Some(q) if self.row_alias.as_deref().is_some_and(|a| a.eq_ignore_ascii_case(q)) => {
                self.proposed(name).map(|p| self.width() + p).ok_or_else(unknown)
            }
            Some(q) if !q.eq_ignore_ascii_case(self.table) => Err(unknown()),
            _ => match self.def.column_position(name) {
                Some(p) => Ok(p),
                // Column aliases of the row alias may be named bare where the table has no
                // such column.
                None if self.row_alias.is_some() && !self.column_aliases.is_empty() => {
                    self.proposed(name).map(|p| self.width() + p).ok_or_else(unknown)
                }
                None => Err(unknown()),
            },
        }
    }

    fn inserted_value(&self, name: &str, clause: &str) -> Option<Result<u32>> {
        Some(
            self.def
                .column_position(name)
                .map(|p| self.width() + p)
                .ok_or_else(|| MySqlError::unknown_column(name, clause)),
        )
    }
}

/// Warning 1287 for `VALUES(col)` in ON DUPLICATE KEY UPDATE (deprecated since 8.0.20).
pub(crate) const VALUES_DEPRECATED: &str = "'VALUES function' is deprecated and will be \
     removed in a future release. Please use an alias (INSERT INTO ... VALUES (...) AS alias) \
     and replace VALUES(col) in the ON DUPLICATE KEY UPDATE clause with alias.col instead";

/// The width in bits of an integer column type (BIGINT for any other).
pub(crate) fn integer_bits(ty: &ColumnType) -> u32 {
    match ty {
        ColumnType::TinyInt => 8,
        ColumnType::SmallInt => 16,
        ColumnType::MediumInt => 24,
        ColumnType::Int => 32,
        _ => 64,
    }
}

/// The value a NOT NULL column takes where a statement that ignores errors gives it none:
/// its type's implicit default (0, the empty string, an ENUM's first member).
pub(crate) fn implicit_default(col: &ColumnDef) -> Value {
    match &col.ty {
        t if t.is_integer() => {
            if col.unsigned {
                Value::UInt(0)
            } else {
                Value::Int(0)
            }
        }
        ColumnType::Decimal { scale, .. } => Value::Decimal(Decimal::new(0, *scale)),
        ColumnType::Float | ColumnType::Double => Value::Double(0.0),
        ColumnType::Enum(values) => Value::Str(values.first().cloned().unwrap_or_default()),
        ColumnType::Date => Value::Str("0000-00-00".into()),
        ColumnType::DateTime | ColumnType::Timestamp => Value::Str("0000-00-00 00:00:00".into()),
        ColumnType::Time(fsp) => Value::Str(crate::sql::temporal::time_text(0, *fsp)),
        // BINARY(n)'s empty value is n zero bytes, as it is padded.
        ColumnType::Binary(n) => Value::Bin(vec![0; *n as usize]),
        ColumnType::VarBinary(_) | ColumnType::Blob(_) => Value::Bin(Vec::new()),
        _ => Value::Str(String::new()),
    }
}

/// The nearest value `col` can hold to `v`, for the error `e` that storing `v` raised, and
/// the warning that replaces the error (what INSERT IGNORE and non-strict mode do).
pub(crate) fn adjusted(col: &ColumnDef, v: &Value, e: &MySqlError) -> (Value, Warning) {
    let warning = |code: u16, message: String| Warning { level: "Warning", code, message };
    match e.code {
        1264 => {
            let value = match &col.ty {
                t if t.is_integer() => {
                    let bits = integer_bits(t);
                    let negative = v.to_f64().is_some_and(|f| f < 0.0);
                    match (col.unsigned, negative) {
                        (true, true) => Value::UInt(0),
                        (true, false) => Value::UInt(u64::MAX >> (64 - bits)),
                        (false, true) => Value::Int(i64::MIN >> (64 - bits)),
                        (false, false) => Value::Int(i64::MAX >> (64 - bits)),
                    }
                }
                ColumnType::Decimal { precision, scale } => {
                    // The largest DECIMAL(p, s): p nines with s of them after the point.
                    let nines = 10i128.pow(u32::from(*precision).min(38)) - 1;
                    let negative = v.to_f64().is_some_and(|f| f < 0.0);
                    Value::Decimal(Decimal::new(if negative { -nines } else { nines }, *scale))
                }
                _ => implicit_default(col),
            };
            (value, warning(1264, e.message.clone()))
        }
        // A binary string is cut to the bytes the column holds (BINARY(n) then full, so
        // unpadded).
        1406 if col.ty.is_binary_string() => {
            let n = match col.ty {
                ColumnType::Binary(n) | ColumnType::VarBinary(n) => n as usize,
                ColumnType::Blob(size) => usize::try_from(size.max_bytes()).unwrap_or(usize::MAX),
                _ => usize::MAX,
            };
            let mut bytes = v.to_bytes().unwrap_or_default();
            bytes.truncate(n);
            let message = e.message.replacen("Data too long", "Data truncated", 1);
            (Value::Bin(bytes), warning(1265, message))
        }
        1406 => {
            let n = match col.ty {
                ColumnType::Char(n) | ColumnType::Varchar(n) => n as usize,
                _ => usize::MAX,
            };
            let text: String = v.to_text().unwrap_or_default().chars().take(n).collect();
            let message = e.message.replacen("Data too long", "Data truncated", 1);
            (Value::Str(text), warning(1265, message))
        }
        1265 => (Value::Str(String::new()), warning(1265, e.message.clone())),
        _ => (implicit_default(col), warning(e.code, e.message.clone())),
    }
}

/// The info line of an INSERT, REPLACE or INSERT ... SELECT: `Records` rows given,
/// `Duplicates` as the module header says, and the statement's warnings.
pub(crate) fn info(records: u64, duplicates: u64, warnings: u64) -> String {
    format!("Records: {records}  Duplicates: {duplicates}  Warnings: {warnings}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::schema::ColumnDef;

    fn col(ty: ColumnType, unsigned: bool) -> ColumnDef {
        ColumnDef { ty, unsigned, ..ColumnDef::new("c", ColumnType::Int) }
    }

    #[test]
    fn out_of_range_values_clip_to_the_type() {
        let e = MySqlError::out_of_range_for_column("c", 1);
        let tiny = col(ColumnType::TinyInt, false);
        assert_eq!(adjusted(&tiny, &Value::Int(300), &e).0, Value::Int(127));
        assert_eq!(adjusted(&tiny, &Value::Int(-300), &e).0, Value::Int(-128));
        let utiny = col(ColumnType::TinyInt, true);
        assert_eq!(adjusted(&utiny, &Value::Int(-1), &e).0, Value::UInt(0));
        assert_eq!(adjusted(&utiny, &Value::Int(999), &e).0, Value::UInt(255));
        let big = col(ColumnType::BigInt, false);
        assert_eq!(adjusted(&big, &Value::Double(1e30), &e).0, Value::Int(i64::MAX));
        let dec = col(ColumnType::Decimal { precision: 5, scale: 2 }, false);
        assert_eq!(adjusted(&dec, &Value::Int(123456), &e).0.to_text().unwrap(), "999.99");
        assert_eq!(adjusted(&dec, &Value::Int(123456), &e).1.code, 1264);
    }

    #[test]
    fn long_strings_are_truncated_with_warning_1265() {
        let e = MySqlError::data_too_long("c", 2);
        let (v, w) =
            adjusted(&col(ColumnType::Varchar(3), false), &Value::Str("abcdef".into()), &e);
        assert_eq!(v, Value::Str("abc".into()));
        assert_eq!((w.code, w.message.as_str()), (1265, "Data truncated for column 'c' at row 2"));
    }

    #[test]
    fn missing_values_take_the_implicit_default() {
        let e = MySqlError::column_cannot_be_null("c");
        assert_eq!(adjusted(&col(ColumnType::Int, true), &Value::Null, &e).0, Value::UInt(0));
        let en = col(ColumnType::Enum(vec!["new".into(), "paid".into()]), false);
        assert_eq!(implicit_default(&en), Value::Str("new".into()));
        assert_eq!(adjusted(&col(ColumnType::Varchar(9), false), &Value::Null, &e).1.code, 1048);
    }
}
