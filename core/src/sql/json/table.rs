//! JSON_TABLE(expr, path COLUMNS (...)) AS alias: a JSON document turned into rows (the 8.4
//! manual's "JSON Table Functions", 14.17.6, and mysql-test's suite/json/r/json_table.result).
//!
//! The row path picks the row sources; each column reads its own path relative to one:
//! `FOR ORDINALITY` counts the row sources (from 1), `EXISTS PATH` is 1 or 0, `PATH` converts
//! the value it finds to the column's type, with `ON EMPTY` (nothing found) and `ON ERROR`
//! (an array or object, several values, or a value the type cannot hold) each NULL (the
//! default), a DEFAULT JSON text, or an error. `NESTED [PATH] path COLUMNS (...)` joins the
//! row source's matches of its path, as an outer join: a row source whose nested paths find
//! nothing still gives one row, their columns NULL. Sibling nested paths take turns, as
//! MySQL's `Table_function_json::fill_json_table` runs them: every row of the first (the
//! others NULL), then every row of the next.
//!
//! The definition is checked once, when the statement is prepared (paths, duplicate names,
//! the DEFAULT values, the number of NESTED PATHs); [`JsonTableDef::fill`] then makes the
//! rows of one document, handing each to the caller, which keeps them within the statement's
//! temporary space.

use super::parse::parse;
use super::path::Path;
use super::Json;
use crate::error::{MySqlError, Result};
use crate::sql::cast::temporal::{parse_datetime, parse_time};
use crate::sql::execution::Meta;
use crate::storage::schema::{BlobSize, ColumnType};
use crate::storage::table::Row;
use crate::storage::value::{Decimal, Value};
use sqlparser::ast::{
    CharacterLength, DataType, ExactNumberInfo, JsonTableColumn, JsonTableColumnErrorHandling,
    ValueWithSpan,
};

/// MySQL's MAX_NESTED_PATH: the row path and the NESTED PATH clauses together; one more is
/// ERROR 3670.
pub const NESTED_PATHS_MAX: u32 = 16;

/// A JSON_TABLE's columns and paths, checked.
#[derive(Debug)]
pub struct JsonTableDef {
    /// Every column, nested ones included, in the order they were written.
    pub columns: Vec<Column>,
    root: Node,
    /// The row path and COLUMNS clause as EXPLAIN's Note 1003 prints them (`'$[*]' columns
    /// (`id` for ordinality, `a` int path '$.a')`).
    pub note: String,
}

/// One column of the table.
#[derive(Debug)]
pub struct Column {
    pub name: String,
    kind: Kind,
    ty: ColumnType,
    unsigned: bool,
}

#[derive(Debug)]
enum Kind {
    Ordinality,
    Exists(Path),
    Value { path: Path, on_empty: OnMissing, on_error: OnMissing },
}

/// What ON EMPTY / ON ERROR gives: NULL, a DEFAULT (converted when the statement is
/// prepared), or an error.
#[derive(Debug)]
enum OnMissing {
    Null,
    Default(Value),
    Error,
}

/// The row path or a NESTED PATH: the columns its COLUMNS clause declares and its nested
/// paths, whose columns are `span` (contiguous, as they are numbered depth first).
#[derive(Debug)]
struct Node {
    path: Path,
    own: Vec<usize>,
    children: Vec<Node>,
    span: std::ops::Range<usize>,
}

/// Why a value does not go in its column.
enum Unfit {
    /// An array or an object (or several values) for a column that is not JSON.
    NotScalar,
    OutOfRange,
    TooLong,
    /// Text that does not read as the type (`target`: MySQL's name in error 3156).
    Invalid(&'static str),
}

impl JsonTableDef {
    /// Checks a JSON_TABLE's definition: `row_path` and `columns` as parsed, `alias` naming it
    /// in ERROR 3670.
    pub fn new(row_path: &ValueWithSpan, columns: &[JsonTableColumn], alias: &str) -> Result<Self> {
        let mut def = JsonTableDef {
            columns: Vec::new(),
            root: Node {
                path: path_of(row_path)?,
                own: Vec::new(),
                children: Vec::new(),
                span: 0..0,
            },
            note: format!("{} columns ({})", note_string(row_path), note_columns(columns)),
        };
        let mut nested = 1;
        let mut root = std::mem::take(&mut def.root.children);
        let mut own = Vec::new();
        def.add_columns(columns, &mut own, &mut root, &mut nested, alias)?;
        def.root.own = own;
        def.root.children = root;
        def.root.span = 0..def.columns.len();
        for (i, c) in def.columns.iter().enumerate() {
            if def.columns[..i].iter().any(|p| p.name.eq_ignore_ascii_case(&c.name)) {
                return Err(MySqlError::duplicate_column(&c.name));
            }
        }
        Ok(def)
    }

    fn add_columns(
        &mut self,
        columns: &[JsonTableColumn],
        own: &mut Vec<usize>,
        children: &mut Vec<Node>,
        nested: &mut u32,
        alias: &str,
    ) -> Result<()> {
        for c in columns {
            match c {
                JsonTableColumn::ForOrdinality(name) => {
                    own.push(self.columns.len());
                    self.columns.push(Column {
                        name: name.value.clone(),
                        kind: Kind::Ordinality,
                        ty: ColumnType::Int,
                        unsigned: true,
                    });
                }
                JsonTableColumn::Named(n) => {
                    let (ty, unsigned) = column_type(&n.r#type)?;
                    let path = path_of(&n.path)?;
                    let kind = if n.exists {
                        Kind::Exists(path)
                    } else {
                        let name = &n.name.value;
                        let on = |h: &Option<JsonTableColumnErrorHandling>| -> Result<OnMissing> {
                            Ok(match h {
                                None | Some(JsonTableColumnErrorHandling::Null) => OnMissing::Null,
                                Some(JsonTableColumnErrorHandling::Error) => OnMissing::Error,
                                Some(JsonTableColumnErrorHandling::Default(v)) => {
                                    OnMissing::Default(default_value(v, name, &ty, unsigned)?)
                                }
                            })
                        };
                        Kind::Value { path, on_empty: on(&n.on_empty)?, on_error: on(&n.on_error)? }
                    };
                    own.push(self.columns.len());
                    self.columns.push(Column { name: n.name.value.clone(), kind, ty, unsigned });
                }
                JsonTableColumn::Nested(n) => {
                    *nested += 1;
                    if *nested > NESTED_PATHS_MAX {
                        return Err(MySqlError::json_table_too_many_nested_paths(
                            NESTED_PATHS_MAX,
                            alias,
                        ));
                    }
                    let start = self.columns.len();
                    let mut node = Node {
                        path: path_of(&n.path)?,
                        own: Vec::new(),
                        children: Vec::new(),
                        span: 0..0,
                    };
                    let (mut o, mut ch) = (Vec::new(), Vec::new());
                    self.add_columns(&n.columns, &mut o, &mut ch, nested, alias)?;
                    node.own = o;
                    node.children = ch;
                    node.span = start..self.columns.len();
                    children.push(node);
                }
            }
        }
        Ok(())
    }

    /// The columns as the query sees them, named for `alias`.
    pub fn meta(&self, alias: &str) -> Vec<Meta> {
        self.columns
            .iter()
            .map(|c| Meta {
                name: c.name.clone(),
                table: alias.to_string(),
                numeric: c.ty.is_numeric(),
                nullable: true,
                json: c.ty == ColumnType::Json,
                time: matches!(c.ty, ColumnType::Time(_)),
                labels: None,
            })
            .collect()
    }

    /// The rows of the document `source` (a JSON text; NULL gives no rows), each handed to
    /// `emit` (false stops). `parse_error` makes ERROR 3141 of invalid text. The first error
    /// an ERROR ON EMPTY / ON ERROR column raises stops the whole table.
    pub fn fill(&self, source: &Value, emit: &mut dyn FnMut(&Row) -> Result<bool>) -> Result<()> {
        let text = match source {
            Value::Null => return Ok(()),
            Value::Bin(b) => String::from_utf8_lossy(b).into_owned(),
            other => other.to_text().unwrap_or_default(),
        };
        let doc = parse(&text).map_err(|e| e.in_argument("json_table", 1))?;
        let mut row = vec![Value::Null; self.columns.len()];
        let mut made = 0u64;
        let mut fill = Fill { def: self, row: &mut row, made: &mut made, emit };
        for (i, m) in self.root.path.select(&doc).into_iter().enumerate() {
            if !fill.node(&self.root, m, i as u64 + 1)? {
                break;
            }
        }
        Ok(())
    }
}

/// One document's rows being made.
struct Fill<'a, 'e> {
    def: &'a JsonTableDef,
    row: &'a mut Row,
    made: &'a mut u64,
    emit: &'e mut dyn FnMut(&Row) -> Result<bool>,
}

impl Fill<'_, '_> {
    /// The rows of `node` for its row source `value`, the `ordinal`th of its path's matches.
    /// Recursion is bounded by [`NESTED_PATHS_MAX`].
    fn node(&mut self, node: &Node, value: &Json, ordinal: u64) -> Result<bool> {
        for &c in &node.own {
            self.row[c] = self.column(&self.def.columns[c], value, ordinal)?;
        }
        let mut produced = false;
        for (k, child) in node.children.iter().enumerate() {
            let matches = child.path.select(value);
            if matches.is_empty() {
                continue;
            }
            produced = true;
            // The other nested paths of this node are NULL while this one sends rows.
            for (j, other) in node.children.iter().enumerate() {
                if j != k {
                    self.row[other.span.clone()].iter_mut().for_each(|v| *v = Value::Null);
                }
            }
            for (i, m) in matches.into_iter().enumerate() {
                if !self.node(child, m, i as u64 + 1)? {
                    return Ok(false);
                }
            }
        }
        if produced {
            return Ok(true);
        }
        for child in &node.children {
            self.row[child.span.clone()].iter_mut().for_each(|v| *v = Value::Null);
        }
        *self.made += 1;
        (self.emit)(self.row)
    }

    /// One column's value for the row source `value`.
    fn column(&self, c: &Column, value: &Json, ordinal: u64) -> Result<Value> {
        let (path, on_empty, on_error) = match &c.kind {
            Kind::Ordinality => return Ok(Value::UInt(ordinal)),
            Kind::Exists(p) => {
                let found = Json::Int(i64::from(!p.select(value).is_empty()));
                return Ok(convert(&found, c.ty.clone(), c.unsigned).unwrap_or(Value::Null));
            }
            Kind::Value { path, on_empty, on_error } => (path, on_empty, on_error),
        };
        let found = path.select(value);
        let converted = match found.as_slice() {
            [] => {
                return match on_empty {
                    OnMissing::Null => Ok(Value::Null),
                    OnMissing::Default(v) => Ok(v.clone()),
                    OnMissing::Error => Err(MySqlError::json_table_missing_value(&c.name)),
                };
            }
            // Several values: a JSON column takes them as an array, another refuses them.
            [_, _, ..] if c.ty == ColumnType::Json => {
                Ok(Json::Array(found.iter().map(|v| (*v).clone()).collect()).into_value())
            }
            [_, _, ..] => Err(Unfit::NotScalar),
            [one] => convert(one, c.ty.clone(), c.unsigned),
        };
        match converted {
            Ok(v) => Ok(v),
            Err(why) => match on_error {
                OnMissing::Null => Ok(Value::Null),
                OnMissing::Default(v) => Ok(v.clone()),
                OnMissing::Error => Err(unfit_error(why, &c.name, *self.made + 1)),
            },
        }
    }
}

/// ERROR ON ERROR's error for a value that does not fit its column.
fn unfit_error(why: Unfit, column: &str, row: u64) -> MySqlError {
    match why {
        Unfit::NotScalar => MySqlError::json_table_not_scalar(column),
        Unfit::OutOfRange => MySqlError::json_table_out_of_range(column),
        // UNCONFIRMED: the error of a string too long for its column under ERROR ON ERROR;
        // MySQL stores the value as an INSERT in strict mode would (1406).
        Unfit::TooLong => MySqlError::data_too_long(column, row),
        Unfit::Invalid(target) => MySqlError::invalid_json_value_for_cast(target, column, row),
    }
}

/// A DEFAULT ... ON EMPTY / ON ERROR: JSON text (ERROR 1067 when it is not, or when it is an
/// array or object for a column that is not JSON), converted to the column's type (ERROR
/// 3669 when it does not fit, as mysql-test's DATE column with DEFAULT '1000' shows).
/// Simplification: MySQL's note 1265 for a DEFAULT rounded to a DECIMAL column's scale is
/// not given.
fn default_value(
    v: &ValueWithSpan,
    column: &str,
    ty: &ColumnType,
    unsigned: bool,
) -> Result<Value> {
    let text = string_of(v).ok_or_else(|| MySqlError::invalid_default(column))?;
    let json = parse(&text).map_err(|_| MySqlError::invalid_default(column))?;
    if *ty != ColumnType::Json && matches!(json, Json::Array(_) | Json::Object(_)) {
        return Err(MySqlError::invalid_default(column));
    }
    convert(&json, ty.clone(), unsigned).map_err(|_| MySqlError::json_table_out_of_range(column))
}

/// A string literal as the Note prints it: single-quoted, a quote escaped with `\`.
fn note_string(v: &ValueWithSpan) -> String {
    let s = string_of(v).unwrap_or_default();
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// A COLUMNS clause's list as MySQL's `Table_function_json::print` writes it.
fn note_columns(columns: &[JsonTableColumn]) -> String {
    let on = |h: &JsonTableColumnErrorHandling| match h {
        JsonTableColumnErrorHandling::Null => "null".to_string(),
        JsonTableColumnErrorHandling::Error => "error".to_string(),
        JsonTableColumnErrorHandling::Default(v) => format!("default {}", note_string(v)),
    };
    let texts: Vec<String> = columns
        .iter()
        .map(|c| match c {
            JsonTableColumn::ForOrdinality(n) => format!("`{}` for ordinality", n.value),
            JsonTableColumn::Named(n) => {
                let ty = column_type(&n.r#type).map(|(t, u)| type_text(&t, u)).unwrap_or_default();
                let mut t = format!("`{}` {ty}", n.name.value);
                if n.exists {
                    t.push_str(" exists");
                }
                t.push_str(&format!(" path {}", note_string(&n.path)));
                if !n.exists {
                    if let Some(h) = &n.on_empty {
                        t.push_str(&format!(" {} on empty", on(h)));
                    }
                    if let Some(h) = &n.on_error {
                        t.push_str(&format!(" {} on error", on(h)));
                    }
                }
                t
            }
            JsonTableColumn::Nested(n) => {
                format!(
                    "nested path {} columns ({})",
                    note_string(&n.path),
                    note_columns(&n.columns)
                )
            }
        })
        .collect();
    texts.join(", ")
}

/// A column type as MySQL's `Field::sql_type` writes it, with the character set of a string
/// column (utf8mb4, the connection's default).
fn type_text(ty: &ColumnType, unsigned: bool) -> String {
    let base = match ty {
        ColumnType::TinyInt => "tinyint".to_string(),
        ColumnType::SmallInt => "smallint".to_string(),
        ColumnType::MediumInt => "mediumint".to_string(),
        ColumnType::Int => "int".to_string(),
        ColumnType::BigInt => "bigint".to_string(),
        ColumnType::Decimal { precision, scale } => format!("decimal({precision},{scale})"),
        ColumnType::Float => "float".to_string(),
        ColumnType::Double => "double".to_string(),
        ColumnType::Char(n) => format!("char({n}) character set utf8mb4"),
        ColumnType::Varchar(n) => format!("varchar({n}) character set utf8mb4"),
        ColumnType::Text(size) => format!("{}text character set utf8mb4", size_prefix(*size)),
        ColumnType::Blob(size) => format!("{}blob", size_prefix(*size)),
        ColumnType::Date => "date".to_string(),
        ColumnType::DateTime => "datetime".to_string(),
        ColumnType::Timestamp => "timestamp".to_string(),
        ColumnType::Time(0) => "time".to_string(),
        ColumnType::Time(fsp) => format!("time({fsp})"),
        ColumnType::Json => "json".to_string(),
        _ => String::new(),
    };
    if unsigned {
        format!("{base} unsigned")
    } else {
        base
    }
}

fn size_prefix(size: BlobSize) -> &'static str {
    match size {
        BlobSize::Tiny => "tiny",
        BlobSize::Regular => "",
        BlobSize::Medium => "medium",
        BlobSize::Long => "long",
    }
}

fn string_of(v: &ValueWithSpan) -> Option<String> {
    match &v.value {
        sqlparser::ast::Value::SingleQuotedString(s)
        | sqlparser::ast::Value::DoubleQuotedString(s) => Some(s.clone()),
        _ => None,
    }
}

/// A path written as a string literal (ERROR 3143 when it is no JSON path).
fn path_of(v: &ValueWithSpan) -> Result<Path> {
    let text = string_of(v).ok_or_else(|| MySqlError::syntax(&v.to_string(), 1))?;
    Path::parse(&text)
}

/// The column type a JSON_TABLE column declares, and whether it is UNSIGNED. Types the
/// engine keeps no model of (ENUM, SET, YEAR, BIT, spatial types) are ERROR 1235.
fn column_type(dt: &DataType) -> Result<(ColumnType, bool)> {
    use DataType as D;
    let chars = |l: &Option<CharacterLength>| match l {
        Some(CharacterLength::IntegerLength { length, .. }) => {
            u32::try_from(*length).unwrap_or(u32::MAX)
        }
        _ => 1,
    };
    let decimal = |info: &ExactNumberInfo| {
        let (p, s) = match info {
            ExactNumberInfo::None => (10, 0),
            ExactNumberInfo::Precision(p) => (*p, 0),
            ExactNumberInfo::PrecisionAndScale(p, s) => (*p, u64::try_from(*s).unwrap_or(0)),
        };
        let p = if p == 0 { 10 } else { p };
        ColumnType::Decimal { precision: p.min(65) as u8, scale: s.min(30) as u8 }
    };
    Ok(match dt {
        D::TinyInt(_) | D::Bool | D::Boolean => (ColumnType::TinyInt, false),
        D::TinyIntUnsigned(_) => (ColumnType::TinyInt, true),
        D::SmallInt(_) => (ColumnType::SmallInt, false),
        D::SmallIntUnsigned(_) => (ColumnType::SmallInt, true),
        D::MediumInt(_) => (ColumnType::MediumInt, false),
        D::MediumIntUnsigned(_) => (ColumnType::MediumInt, true),
        D::Int(_) | D::Integer(_) => (ColumnType::Int, false),
        D::IntUnsigned(_) | D::IntegerUnsigned(_) => (ColumnType::Int, true),
        D::BigInt(_) => (ColumnType::BigInt, false),
        D::BigIntUnsigned(_) => (ColumnType::BigInt, true),
        D::Decimal(i) | D::Dec(i) | D::Numeric(i) => (decimal(i), false),
        D::DecimalUnsigned(i) | D::DecUnsigned(i) => (decimal(i), true),
        D::Float(ExactNumberInfo::Precision(p)) if *p > 24 => (ColumnType::Double, false),
        D::Float(_) => (ColumnType::Float, false),
        D::Double(_) | D::DoublePrecision | D::Real => (ColumnType::Double, false),
        D::Char(l) | D::Character(l) => (ColumnType::Char(chars(l)), false),
        D::Varchar(l) | D::CharacterVarying(l) | D::CharVarying(l) => {
            (ColumnType::Varchar(chars(l)), false)
        }
        D::TinyText => (ColumnType::Text(BlobSize::Tiny), false),
        D::Text => (ColumnType::Text(BlobSize::Regular), false),
        D::MediumText => (ColumnType::Text(BlobSize::Medium), false),
        D::LongText => (ColumnType::Text(BlobSize::Long), false),
        D::TinyBlob => (ColumnType::Blob(BlobSize::Tiny), false),
        D::Blob(_) => (ColumnType::Blob(BlobSize::Regular), false),
        D::MediumBlob => (ColumnType::Blob(BlobSize::Medium), false),
        D::LongBlob => (ColumnType::Blob(BlobSize::Long), false),
        D::Date => (ColumnType::Date, false),
        D::Datetime(_) => (ColumnType::DateTime, false),
        D::Timestamp(_, _) => (ColumnType::Timestamp, false),
        D::Time(p, _) => (ColumnType::Time(p.unwrap_or(0).min(6) as u8), false),
        D::JSON => (ColumnType::Json, false),
        other => {
            return Err(MySqlError::not_supported_yet(&format!(
                "JSON_TABLE columns of type {other}"
            )))
        }
    })
}

/// A JSON value as column type `ty` stores it, as MySQL's `save_json_to_field` does: a
/// JSON string is read as the type reads text, a number keeps its value, JSON null is NULL.
fn convert(j: &Json, ty: ColumnType, unsigned: bool) -> std::result::Result<Value, Unfit> {
    if ty == ColumnType::Json {
        return Ok(j.clone().into_value());
    }
    let scalar = match j {
        Json::Null => return Ok(Value::Null),
        Json::Array(_) | Json::Object(_) => return Err(Unfit::NotScalar),
        Json::Bool(b) if ty.is_numeric() => Value::Int(i64::from(*b)),
        Json::Str(s) => Value::Str(s.clone()),
        Json::Int(i) if ty.is_numeric() => Value::Int(*i),
        Json::UInt(u) if ty.is_numeric() => Value::UInt(*u),
        Json::Double(d) if ty.is_numeric() => Value::Double(*d),
        Json::Decimal(t) if ty.is_numeric() => {
            Decimal::parse(t).map_or(Value::Null, Value::Decimal)
        }
        // A number or a boolean for a string or temporal column: its JSON text.
        other => Value::Str(other.to_text()),
    };
    let number = |v: &Value, target| -> std::result::Result<Decimal, Unfit> {
        match v {
            Value::Str(s) => Decimal::parse(s.trim()).ok_or(Unfit::Invalid(target)),
            Value::Double(d) => Decimal::parse(&format!("{d:.30}")).ok_or(Unfit::OutOfRange),
            other => other.to_decimal().ok_or(Unfit::Invalid(target)),
        }
    };
    Ok(match ty {
        t if t.is_integer() => {
            let target = if unsigned { "UNSIGNED INTEGER" } else { "INTEGER" };
            let n = match &scalar {
                Value::Int(i) => i128::from(*i),
                Value::UInt(u) => i128::from(*u),
                Value::Double(d) if d.is_finite() && d.abs() < 1e30 => d.round_ties_even() as i128,
                other => number(other, target)?.rescale(0).mantissa,
            };
            let bits = match t {
                ColumnType::TinyInt => 8,
                ColumnType::SmallInt => 16,
                ColumnType::MediumInt => 24,
                ColumnType::Int => 32,
                _ => 64,
            };
            let (lo, hi) = if unsigned {
                (0i128, (1i128 << bits) - 1)
            } else {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            };
            if n < lo || n > hi {
                return Err(Unfit::OutOfRange);
            }
            if unsigned {
                Value::UInt(n as u64)
            } else {
                Value::Int(n as i64)
            }
        }
        ColumnType::Decimal { precision, scale } => {
            let d = number(&scalar, "DECIMAL")?.rescale(scale);
            let digits = d.mantissa.unsigned_abs().to_string().len() as u8;
            if digits > precision || (unsigned && d.mantissa < 0) {
                return Err(Unfit::OutOfRange);
            }
            Value::Decimal(d)
        }
        ColumnType::Float | ColumnType::Double => {
            let f = match &scalar {
                Value::Str(s) => s.trim().parse::<f64>().map_err(|_| Unfit::Invalid("DOUBLE"))?,
                other => other.to_f64().ok_or(Unfit::Invalid("DOUBLE"))?,
            };
            if !f.is_finite() {
                return Err(Unfit::OutOfRange);
            }
            if ty == ColumnType::Float {
                let single = f as f32;
                if !single.is_finite() {
                    return Err(Unfit::OutOfRange);
                }
                // Single precision, shown in its shortest decimal form.
                Value::Double(single.to_string().parse::<f64>().unwrap_or(f64::from(single)))
            } else {
                Value::Double(f)
            }
        }
        ColumnType::Char(n) | ColumnType::Varchar(n) => {
            let s = scalar.to_text().unwrap_or_default();
            if s.chars().count() as u64 > u64::from(n) {
                // Trailing spaces cut are no error (mysql-test: "3.14159 " in CHAR(7)).
                let kept: String = s.chars().take(n as usize).collect();
                if !s[kept.len()..].chars().all(|c| c == ' ') {
                    return Err(Unfit::TooLong);
                }
                return Ok(Value::Str(kept));
            }
            Value::Str(s)
        }
        ColumnType::Text(size) => {
            let s = scalar.to_text().unwrap_or_default();
            if s.len() as u64 > size.max_bytes() {
                return Err(Unfit::TooLong);
            }
            Value::Str(s)
        }
        ColumnType::Blob(size) => {
            let b = scalar.to_text().unwrap_or_default().into_bytes();
            if b.len() as u64 > size.max_bytes() {
                return Err(Unfit::TooLong);
            }
            Value::Bin(b)
        }
        // A date or time reads from a JSON string only (a number is refused, as mysql-test's
        // DATE column with DEFAULT '1000' shows).
        ColumnType::Date | ColumnType::DateTime | ColumnType::Timestamp => {
            let (Json::Str(s), Value::Str(_)) = (j, &scalar) else {
                return Err(Unfit::OutOfRange);
            };
            let p = parse_datetime(s).filter(|p| !p.truncated).ok_or(Unfit::Invalid("DATE"))?;
            if ty == ColumnType::Date {
                Value::Str(p.value.date_text())
            } else {
                Value::Str(p.value.datetime_text(0))
            }
        }
        ColumnType::Time(fsp) => {
            let (Json::Str(s), Value::Str(_)) = (j, &scalar) else {
                return Err(Unfit::OutOfRange);
            };
            match parse_time(s) {
                Some((p, false)) if !p.truncated => {
                    let (t, clipped) = p.value.round(fsp);
                    if clipped {
                        return Err(Unfit::OutOfRange);
                    }
                    Value::Str(t.text(fsp))
                }
                _ => return Err(Unfit::Invalid("TIME")),
            }
        }
        _ => Value::Str(scalar.to_text().unwrap_or_default()),
    })
}

#[cfg(test)]
mod tests;
