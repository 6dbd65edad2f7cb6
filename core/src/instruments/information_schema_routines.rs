//! information_schema's views of stored programs: `ROUTINES` (one row per stored procedure
//! and function), `PARAMETERS` (one row per parameter, and a function's RETURNS value as
//! ordinal 0) and `TRIGGERS` (one row per trigger), with MySQL 8.4's columns
//! (Reference Manual 28.3.30 "The INFORMATION_SCHEMA ROUTINES Table", 28.3.20 "PARAMETERS",
//! 28.3.45 "TRIGGERS"), computed from the catalog when a query reads them.
//!
//! Rows come by schema, then name (TRIGGERS: then table, event, timing and action order).

use super::information_schema::{character_lengths, data_type, numeric_precision, text};
use super::ColumnSpec;
use crate::server::statements::trigger::{action_order, created_text, shown_order};
use crate::storage::catalog::{Catalog, Procedure};
use crate::storage::schema::{ColumnDef, ColumnType};
use crate::storage::table::Row;
use crate::storage::value::Value;

/// The views this file produces (lower case, as the system table dispatch matches them).
pub const TABLES: [&str; 3] = ["routines", "parameters", "triggers"];

const COLLATION: &str = "utf8mb4_0900_ai_ci";

/// `information_schema.ROUTINES`'s thirty-one columns.
pub const ROUTINES_COLUMNS: [ColumnSpec; 31] = [
    ("SPECIFIC_NAME", false, false),
    ("ROUTINE_CATALOG", false, true),
    ("ROUTINE_SCHEMA", false, true),
    ("ROUTINE_NAME", false, false),
    ("ROUTINE_TYPE", false, false),
    ("DATA_TYPE", false, true),
    ("CHARACTER_MAXIMUM_LENGTH", true, true),
    ("CHARACTER_OCTET_LENGTH", true, true),
    ("NUMERIC_PRECISION", true, true),
    ("NUMERIC_SCALE", true, true),
    ("DATETIME_PRECISION", true, true),
    ("CHARACTER_SET_NAME", false, true),
    ("COLLATION_NAME", false, true),
    ("DTD_IDENTIFIER", false, true),
    ("ROUTINE_BODY", false, false),
    ("ROUTINE_DEFINITION", false, true),
    ("EXTERNAL_NAME", false, true),
    ("EXTERNAL_LANGUAGE", false, false),
    ("PARAMETER_STYLE", false, false),
    ("IS_DETERMINISTIC", false, false),
    ("SQL_DATA_ACCESS", false, false),
    ("SQL_PATH", false, true),
    ("SECURITY_TYPE", false, false),
    ("CREATED", false, false),
    ("LAST_ALTERED", false, false),
    ("SQL_MODE", false, false),
    ("ROUTINE_COMMENT", false, false),
    ("DEFINER", false, false),
    ("CHARACTER_SET_CLIENT", false, false),
    ("COLLATION_CONNECTION", false, false),
    ("DATABASE_COLLATION", false, false),
];

/// `information_schema.PARAMETERS`'s sixteen columns.
pub const PARAMETERS_COLUMNS: [ColumnSpec; 16] = [
    ("SPECIFIC_CATALOG", false, true),
    ("SPECIFIC_SCHEMA", false, true),
    ("SPECIFIC_NAME", false, false),
    ("ORDINAL_POSITION", true, false),
    ("PARAMETER_MODE", false, true),
    ("PARAMETER_NAME", false, true),
    ("DATA_TYPE", false, true),
    ("CHARACTER_MAXIMUM_LENGTH", true, true),
    ("CHARACTER_OCTET_LENGTH", true, true),
    ("NUMERIC_PRECISION", true, true),
    ("NUMERIC_SCALE", true, true),
    ("DATETIME_PRECISION", true, true),
    ("CHARACTER_SET_NAME", false, true),
    ("COLLATION_NAME", false, true),
    ("DTD_IDENTIFIER", false, false),
    ("ROUTINE_TYPE", false, false),
];

/// `information_schema.TRIGGERS`'s twenty-two columns.
pub const TRIGGERS_COLUMNS: [ColumnSpec; 22] = [
    ("TRIGGER_CATALOG", false, false),
    ("TRIGGER_SCHEMA", false, false),
    ("TRIGGER_NAME", false, false),
    ("EVENT_MANIPULATION", false, false),
    ("EVENT_OBJECT_CATALOG", false, false),
    ("EVENT_OBJECT_SCHEMA", false, false),
    ("EVENT_OBJECT_TABLE", false, false),
    ("ACTION_ORDER", true, false),
    ("ACTION_CONDITION", false, true),
    ("ACTION_STATEMENT", false, false),
    ("ACTION_ORIENTATION", false, false),
    ("ACTION_TIMING", false, false),
    ("ACTION_REFERENCE_OLD_TABLE", false, true),
    ("ACTION_REFERENCE_NEW_TABLE", false, true),
    ("ACTION_REFERENCE_OLD_ROW", false, false),
    ("ACTION_REFERENCE_NEW_ROW", false, false),
    ("CREATED", false, false),
    ("SQL_MODE", false, false),
    ("DEFINER", false, false),
    ("CHARACTER_SET_CLIENT", false, false),
    ("COLLATION_CONNECTION", false, false),
    ("DATABASE_COLLATION", false, false),
];

/// The columns and rows of one of [`TABLES`] (`name` in lower case), or None.
pub fn read(catalog: &Catalog, name: &str) -> Option<(&'static [ColumnSpec], Vec<Row>)> {
    Some(match name {
        "routines" => (&ROUTINES_COLUMNS, routines(catalog)),
        "parameters" => (&PARAMETERS_COLUMNS, parameters(catalog)),
        "triggers" => (&TRIGGERS_COLUMNS, triggers(catalog)),
        _ => return None,
    })
}

/// DATA_TYPE through COLLATION_NAME and DTD_IDENTIFIER of a declared type (`CHAR(50)
/// CHARSET utf8mb4`): the type facts as information_schema.COLUMNS gives them.
/// UNCONFIRMED: DTD_IDENTIFIER is the type as declared, in lower case, without its
/// character set (MySQL prints the type as it stores it, e.g. `int` for `INT(11)`).
/// A type as the data dictionary spells it (DTD_IDENTIFIER): lower case and without spaces
/// after commas, except inside quotes (`ENUM('YES', 'NO')` is `enum('YES','NO')`).
fn dictionary_spelling(type_sql: &str) -> String {
    let mut out = String::with_capacity(type_sql.len());
    let mut quoted = false;
    let mut after_comma = false;
    for c in type_sql.chars() {
        if c == '\'' {
            quoted = !quoted;
        }
        if !quoted && after_comma && c == ' ' {
            continue;
        }
        after_comma = !quoted && c == ',';
        out.push(if quoted { c } else { c.to_ascii_lowercase() });
    }
    out
}

fn type_facts(type_sql: &str) -> Vec<Value> {
    let lower = dictionary_spelling(type_sql);
    let bare = lower.split(" charset").next().unwrap_or(&lower).split(" collate").next();
    let bare = bare.unwrap_or(&lower).trim().to_string();
    let Ok((ty, unsigned)) = crate::server::statements::column_type(&bare.to_ascii_lowercase())
    else {
        return vec![Value::Str(bare.clone()); 1]
            .into_iter()
            .chain(std::iter::repeat_n(Value::Null, 7))
            .chain(std::iter::once(Value::Str(bare)))
            .collect();
    };
    let c = ColumnDef { unsigned, ..ColumnDef::new("", ty.clone()) };
    let character = character_lengths(&ty);
    let is_text = character.is_some() && !ty.is_binary_string();
    let (precision, scale) = numeric_precision(&c);
    let opt = |v: Option<u64>| v.map_or(Value::Null, Value::UInt);
    vec![
        text(data_type(&ty)),
        opt(character.map(|(chars, _)| chars)),
        opt(character.map(|(_, octets)| octets)),
        opt(precision),
        opt(scale),
        match ty {
            ColumnType::DateTime | ColumnType::Timestamp => Value::UInt(0),
            ColumnType::Time(fsp) => Value::UInt(u64::from(fsp)),
            _ => Value::Null,
        },
        if is_text { text("utf8mb4") } else { Value::Null },
        if is_text { text(COLLATION) } else { Value::Null },
        Value::Str(bare),
    ]
}

/// Every routine with its schema, by schema then name (procedures and functions together).
fn all_routines(catalog: &Catalog) -> Vec<(String, &Procedure)> {
    let mut all: Vec<(String, &Procedure)> =
        crate::instruments::sys::routines::all().iter().map(|r| ("sys".to_string(), r)).collect();
    for d in catalog.databases() {
        for r in d.procedures.values().chain(d.functions.values()) {
            all.push((d.name.clone(), r));
        }
    }
    all.sort_by(|a, b| (&a.0, &a.1.name, a.1.kind()).cmp(&(&b.0, &b.1.name, b.1.kind())));
    all
}

/// The characteristic starting with one of `words`, if declared.
fn characteristic<'r>(r: &'r Procedure, words: &[&str]) -> Option<&'r str> {
    r.characteristics.iter().map(String::as_str).find(|c| words.iter().any(|w| c.starts_with(w)))
}

pub fn routines(catalog: &Catalog) -> Vec<Row> {
    all_routines(catalog)
        .into_iter()
        .map(|(db, r)| {
            let created =
                crate::sim::time::CivilTime::from_unix(r.created_micros.div_euclid(1_000_000), 0)
                    .datetime();
            let mut row =
                vec![text(&r.name), text("def"), Value::Str(db), text(&r.name), text(r.kind())];
            match &r.returns {
                Some(t) => row.extend(type_facts(t)),
                // A procedure has no type: DATA_TYPE is empty, the rest NULL.
                None => {
                    row.push(text(""));
                    row.extend(std::iter::repeat_n(Value::Null, 8));
                }
            }
            let deterministic = r.characteristics.iter().any(|c| c == "DETERMINISTIC");
            let access = characteristic(r, &["NO SQL", "READS SQL DATA", "MODIFIES SQL DATA"])
                .unwrap_or("CONTAINS SQL");
            let security = match characteristic(r, &["SQL SECURITY INVOKER"]) {
                Some(_) => "INVOKER",
                None => "DEFINER",
            };
            let comment =
                characteristic(r, &["COMMENT '"]).map(|_| r.comment()).unwrap_or_default();
            row.extend([
                text("SQL"),
                text(&r.body_text),
                Value::Null,
                text("SQL"),
                text("SQL"),
                text(if deterministic { "YES" } else { "NO" }),
                text(access),
                Value::Null,
                text(security),
                text(&created),
                text(&created),
                text(&r.sql_mode),
                Value::Str(comment),
                text(&r.definer),
                text("utf8mb4"),
                text(COLLATION),
                text(COLLATION),
            ]);
            row
        })
        .collect()
}

pub fn parameters(catalog: &Catalog) -> Vec<Row> {
    let mut rows = Vec::new();
    for (db, r) in all_routines(catalog) {
        let head = |ordinal: u64| vec![text("def"), text(&db), text(&r.name), Value::UInt(ordinal)];
        if let Some(t) = &r.returns {
            let mut row = head(0);
            row.extend([Value::Null, Value::Null]);
            row.extend(type_facts(t));
            row.push(text(r.kind()));
            rows.push(row);
        }
        for (i, p) in r.params.iter().enumerate() {
            let mut row = head(i as u64 + 1);
            row.extend([text(&p.mode), text(&p.name)]);
            row.extend(type_facts(&p.type_sql));
            row.push(text(r.kind()));
            rows.push(row);
        }
    }
    rows
}

pub fn triggers(catalog: &Catalog) -> Vec<Row> {
    let mut rows = Vec::new();
    for d in catalog.databases() {
        for t in shown_order(&d.triggers) {
            rows.push(vec![
                text("def"),
                text(&d.name),
                text(&t.name),
                text(t.event.word()),
                text("def"),
                text(&d.name),
                text(&t.table),
                Value::UInt(action_order(&d.triggers, t)),
                Value::Null,
                text(&t.program.body_text),
                text("ROW"),
                text(t.timing.word()),
                Value::Null,
                Value::Null,
                text("OLD"),
                text("NEW"),
                Value::Str(created_text(t.program.created_micros)),
                text(&t.program.sql_mode),
                text(&t.program.definer),
                text("utf8mb4"),
                text(COLLATION),
                text(COLLATION),
            ]);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::dictionary_spelling;

    #[test]
    fn types_are_spelled_as_the_dictionary_keeps_them() {
        assert_eq!(dictionary_spelling("ENUM('YES', 'NO')"), "enum('YES','NO')");
        assert_eq!(dictionary_spelling("DECIMAL(10, 2) UNSIGNED"), "decimal(10,2) unsigned");
        assert_eq!(dictionary_spelling("SET('a, b', 'C')"), "set('a, b','C')");
    }
}
