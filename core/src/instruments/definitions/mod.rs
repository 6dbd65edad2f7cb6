//! The definitions of the system tables the server produces (`system_tables.rs`), kept as the
//! text `SHOW CREATE TABLE` prints for them on a real server. The text is the one source:
//! `SHOW CREATE TABLE` prints it, and `SHOW [FULL] COLUMNS`, `DESCRIBE` and
//! `information_schema.COLUMNS` read their rows from it, parsed here. A table without a
//! definition here still answers SELECT; those statements then give 1235 for it.
//!
//! The parser reads only what these texts hold: one column a line (name, type, CHARACTER SET,
//! COLLATE, [NOT] NULL, DEFAULT, ON UPDATE, COMMENT, AUTO_INCREMENT), then PRIMARY, UNIQUE
//! and plain keys, then the table options (ENGINE, DEFAULT CHARSET, COLLATE).

pub mod information_schema;
pub mod mysql;
pub mod performance_schema;

use crate::storage::table::Row;
use crate::storage::value::Value;

/// The `SHOW CREATE TABLE` text of system table `db`.`table` (names case-insensitive), if
/// this server keeps one.
pub fn find(db: &str, table: &str) -> Option<(&'static str, &'static str)> {
    let tables = match db.to_ascii_lowercase().as_str() {
        "mysql" => mysql::TABLES,
        "performance_schema" => performance_schema::TABLES,
        _ => return None,
    };
    tables.iter().copied().find(|(name, _)| name.eq_ignore_ascii_case(table))
}

/// The column source of information_schema table `table` (name case-insensitive) for
/// DESCRIBE, SHOW COLUMNS and information_schema.COLUMNS, if this server keeps one. Not a
/// `SHOW CREATE TABLE` text (see `information_schema`), so not in [`find`] or [`all`].
pub fn information_schema_table(table: &str) -> Option<&'static str> {
    information_schema::TABLES
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(table))
        .map(|(_, text)| *text)
}

/// Every system table with a definition: (schema, table, text), by schema then name.
pub fn all() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    let schema = |db: &'static str, tables: &'static [(&'static str, &'static str)]| {
        tables.iter().map(move |(name, text)| (db, *name, *text))
    };
    schema("mysql", mysql::TABLES).chain(schema("performance_schema", performance_schema::TABLES))
}

/// One column as a definition declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnInfo {
    pub name: String,
    /// The type as SHOW COLUMNS and COLUMN_TYPE write it: `char(255)`, `bigint unsigned`.
    pub column_type: String,
    /// For character columns: their character set and collation (declared, or the table's).
    pub charset: Option<String>,
    pub collation: Option<String>,
    pub nullable: bool,
    /// The default as SHOW COLUMNS shows it (None: NULL).
    pub default: Option<String>,
    /// SHOW COLUMNS' Extra: `DEFAULT_GENERATED on update CURRENT_TIMESTAMP(6)` and the like.
    pub extra: String,
    pub comment: String,
    /// SHOW COLUMNS' Key: PRI, UNI, MUL or empty.
    pub key: &'static str,
}

/// A parsed definition: its columns and keys in order, and its engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub columns: Vec<ColumnInfo>,
    pub keys: Vec<Key>,
    pub engine: String,
}

/// A key: its name (`PRIMARY` for the primary key), whether unique, its columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    pub name: String,
    pub primary: bool,
    pub unique: bool,
    pub columns: Vec<String>,
}

/// Parses a definition; Err names the line it could not read.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let mut lines = text.lines();
    lines.next().filter(|l| l.starts_with("CREATE TABLE")).ok_or("no CREATE TABLE line")?;
    let mut columns = Vec::new();
    let mut keys = Vec::new();
    let mut options = None;
    for line in lines {
        let body = line.trim().trim_end_matches(',');
        if let Some(rest) = body.strip_prefix(')') {
            options = Some(rest.to_string());
        } else if body.starts_with('`') {
            columns.push(column(body).ok_or_else(|| format!("column line: {line}"))?);
        } else {
            keys.push(key(body).ok_or_else(|| format!("key line: {line}"))?);
        }
    }
    let options = options.ok_or("no closing line")?;
    let option = |name: &str| {
        options.split_whitespace().find_map(|w| w.strip_prefix(name)).map(str::to_string)
    };
    let engine = option("ENGINE=").ok_or("no ENGINE")?;
    let charset = option("CHARSET=").ok_or("no DEFAULT CHARSET")?;
    let collation = option("COLLATE=").unwrap_or_else(|| default_collation(&charset).to_string());
    for c in &mut columns {
        if is_character(&c.column_type) {
            match (&c.charset, &c.collation) {
                (None, None) => {
                    c.charset = Some(charset.clone());
                    c.collation = Some(collation.clone());
                }
                (Some(cs), None) => c.collation = Some(default_collation(cs).to_string()),
                (None, Some(coll)) => c.charset = coll.split('_').next().map(str::to_string),
                (Some(_), Some(_)) => {}
            }
        }
        c.key = key_of(&keys, &c.name);
    }
    Ok(Parsed { columns, keys, engine })
}

/// A column line without its trailing comma: `` `name` type clauses... ``.
fn column(body: &str) -> Option<ColumnInfo> {
    let rest = body.strip_prefix('`')?;
    let (name, rest) = rest.split_once('`')?;
    let words = words(rest);
    let mut it = words.iter().map(String::as_str).peekable();
    let mut column_type = it.next()?.to_string();
    while let Some(w) = it.peek().filter(|w| matches!(**w, "unsigned" | "zerofill")) {
        column_type.push(' ');
        column_type.push_str(w);
        it.next();
    }
    let mut c = ColumnInfo {
        name: name.to_string(),
        column_type,
        charset: None,
        collation: None,
        nullable: true,
        default: None,
        extra: String::new(),
        comment: String::new(),
        key: "",
    };
    let mut generated_default = false;
    let mut on_update = None;
    while let Some(w) = it.next() {
        match w {
            "CHARACTER" => {
                it.next().filter(|w| *w == "SET")?;
                c.charset = Some(it.next()?.to_string());
            }
            "COLLATE" => c.collation = Some(it.next()?.to_string()),
            "NOT" => {
                it.next().filter(|w| *w == "NULL")?;
                c.nullable = false;
            }
            "NULL" => c.nullable = true,
            "DEFAULT" => {
                let v = it.next()?;
                c.default = match unquote(v) {
                    Some(text) => Some(text),
                    None if v == "NULL" => None,
                    None => {
                        generated_default = v.starts_with("CURRENT_TIMESTAMP");
                        Some(v.to_string())
                    }
                };
            }
            "ON" => {
                it.next().filter(|w| *w == "UPDATE")?;
                on_update = Some(it.next()?.to_string());
            }
            "COMMENT" => c.comment = unquote(it.next()?)?,
            "AUTO_INCREMENT" => c.extra = "auto_increment".into(),
            _ => return None,
        }
    }
    // MySQL 8.0.13+ marks a default that is an expression (CURRENT_TIMESTAMP among them).
    let mut extra: Vec<String> = Vec::new();
    if generated_default {
        extra.push("DEFAULT_GENERATED".into());
    }
    if let Some(u) = on_update {
        extra.push(format!("on update {u}"));
    }
    if !extra.is_empty() {
        c.extra = extra.join(" ");
    }
    Some(c)
}

/// A key line: `PRIMARY KEY (...)`, `UNIQUE KEY `n` (...)`, `KEY `n` (...)`, with an optional
/// `USING HASH` or `USING BTREE`.
fn key(body: &str) -> Option<Key> {
    let (head, rest) = body.split_once('(')?;
    let list = rest.rsplit_once(')')?.0;
    let columns = list
        .split(',')
        .map(|c| c.trim().trim_matches('`').split('(').next().unwrap_or("").to_string())
        .collect();
    let head = head.trim();
    let primary = head == "PRIMARY KEY";
    let unique = primary || head.starts_with("UNIQUE KEY");
    if !primary && !unique && !head.starts_with("KEY") {
        return None;
    }
    let name = if primary { "PRIMARY".to_string() } else { head.split('`').nth(1)?.to_string() };
    Some(Key { name, primary, unique, columns })
}

/// SHOW COLUMNS' Key for `column`, by information_schema's rule.
fn key_of(keys: &[Key], column: &str) -> &'static str {
    let keys = keys.iter().map(|k| (k.primary, k.unique, k.columns.as_slice()));
    super::information_schema::key_rank(keys, |c: &String| c.eq_ignore_ascii_case(column))
}

/// The words of a column's clauses: quoted strings and parenthesized groups stay whole
/// (`enum('ROLLED BACK')`, `'a b'`).
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let (mut depth, mut quoted) = (0u32, false);
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\'' if quoted && chars.peek() == Some(&'\'') => {
                current.push_str("''");
                chars.next();
                continue;
            }
            '\'' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth = depth.saturating_sub(1),
            ' ' if !quoted && depth == 0 => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// The text of a quoted string (`''` is one quote); None if `w` is not one.
fn unquote(w: &str) -> Option<String> {
    let inner = w.strip_prefix('\'')?.strip_suffix('\'')?;
    Some(inner.replace("''", "'"))
}

/// The type's name alone: `varchar`, `bigint`, `enum` (information_schema's DATA_TYPE).
fn data_type(column_type: &str) -> &str {
    column_type.split(['(', ' ']).next().unwrap_or(column_type)
}

/// The number in the type's parentheses: `varchar(64)` 64, `timestamp(6)` 6.
fn type_length(column_type: &str) -> Option<u64> {
    let inside = column_type.split_once('(')?.1.split_once(')')?.0;
    inside.split(',').next()?.trim().parse().ok()
}

/// Whether values of the type have a character set.
fn is_character(column_type: &str) -> bool {
    matches!(
        data_type(column_type),
        "char" | "varchar" | "tinytext" | "text" | "mediumtext" | "longtext" | "enum" | "set"
    )
}

/// A character set's default collation (the server's, utf8mb4_0900_ai_ci, for a name that is
/// none).
fn default_collation(charset: &str) -> &'static str {
    super::character_sets::character_set(charset).map_or("utf8mb4_0900_ai_ci", |s| s.0)
}

/// The most bytes one character takes in `charset`.
fn max_bytes_per_char(charset: Option<&str>) -> u64 {
    charset.and_then(super::character_sets::character_set).map_or(1, |s| s.1)
}

/// CHARACTER_MAXIMUM_LENGTH and CHARACTER_OCTET_LENGTH; None for types that are not strings.
fn character_lengths(c: &ColumnInfo) -> Option<(u64, u64)> {
    let per_char = max_bytes_per_char(c.charset.as_deref());
    match data_type(&c.column_type) {
        "char" | "varchar" => type_length(&c.column_type).map(|n| (n, n * per_char)),
        "binary" | "varbinary" => type_length(&c.column_type).map(|n| (n, n)),
        "tinytext" | "tinyblob" => Some((255, 255)),
        "text" | "blob" => Some((65_535, 65_535)),
        "mediumtext" | "mediumblob" => Some((16_777_215, 16_777_215)),
        "longtext" | "longblob" => Some((4_294_967_295, 4_294_967_295)),
        // An enum holds one value, the longest; a set all of them, joined by commas.
        "enum" => {
            let values = words_in_list(&c.column_type);
            let longest = values.iter().map(|v| v.chars().count() as u64).max().unwrap_or(0);
            Some((longest, longest * per_char))
        }
        "set" => {
            let values = words_in_list(&c.column_type);
            let commas = (values.len() as u64).saturating_sub(1);
            let all = values.iter().map(|v| v.chars().count() as u64).sum::<u64>() + commas;
            Some((all, all * per_char))
        }
        _ => None,
    }
}

/// An enum's or a set's values, unquoted (`enum('a','it''s')`: a, it's).
pub fn words_in_list(column_type: &str) -> Vec<String> {
    let Some((_, inside)) = column_type.split_once('(') else { return Vec::new() };
    let inside = inside.rsplit_once(')').map_or(inside, |(i, _)| i);
    let mut values = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut chars = inside.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\'' if quoted && chars.peek() == Some(&'\'') => {
                current.push('\'');
                chars.next();
            }
            '\'' if quoted => {
                values.push(std::mem::take(&mut current));
                quoted = false;
            }
            '\'' => quoted = true,
            _ if quoted => current.push(ch),
            _ => {}
        }
    }
    values
}

/// NUMERIC_PRECISION and NUMERIC_SCALE.
fn numeric_precision(column_type: &str) -> (Option<u64>, Option<u64>) {
    let unsigned = column_type.contains("unsigned");
    match data_type(column_type) {
        "tinyint" => (Some(3), Some(0)),
        "smallint" => (Some(5), Some(0)),
        "mediumint" => (Some(if unsigned { 8 } else { 7 }), Some(0)),
        "int" => (Some(10), Some(0)),
        "bigint" => (Some(if unsigned { 20 } else { 19 }), Some(0)),
        "decimal" => {
            let inside = column_type.split_once('(').and_then(|(_, r)| r.split_once(')'));
            let mut parts = inside.map(|(i, _)| i).unwrap_or("10,0").split(',');
            let p = parts.next().and_then(|p| p.trim().parse().ok());
            let s = parts.next().and_then(|s| s.trim().parse().ok()).or(Some(0));
            (p, s)
        }
        "float" => (Some(12), None),
        "double" => (Some(22), None),
        _ => (None, None),
    }
}

/// DATETIME_PRECISION: a temporal type's fractional digits.
fn datetime_precision(column_type: &str) -> Option<u64> {
    match data_type(column_type) {
        "timestamp" | "datetime" | "time" => Some(type_length(column_type).unwrap_or(0)),
        _ => None,
    }
}

/// What SHOW COLUMNS, FULL or not, shows of a system table: one row per column in its
/// order (Field, Type, [Collation,] Null, Key, Default, Extra[, Privileges, Comment]).
pub fn show_columns_rows(parsed: &Parsed, full: bool) -> Vec<Row> {
    let text = |s: &str| Value::Str(s.to_string());
    let opt = |s: &Option<String>| s.as_deref().map_or(Value::Null, text);
    parsed
        .columns
        .iter()
        .map(|c| {
            let mut row = vec![text(&c.name), text(&c.column_type)];
            if full {
                row.push(opt(&c.collation));
            }
            row.extend([
                text(if c.nullable { "YES" } else { "NO" }),
                text(c.key),
                opt(&c.default),
                text(&c.extra),
            ]);
            if full {
                row.extend([text(PRIVILEGES), text(&c.comment)]);
            }
            row
        })
        .collect()
}

/// The privileges information_schema and SHOW FULL COLUMNS list for a column.
const PRIVILEGES: &str = "select,insert,update,references";

/// information_schema.COLUMNS' rows for system table `db`.`table` (its 22 columns).
pub fn information_schema_rows(db: &str, table: &str, parsed: &Parsed) -> Vec<Row> {
    let text = |s: &str| Value::Str(s.to_string());
    let num = |v: Option<u64>| v.map_or(Value::Null, Value::UInt);
    let opt = |s: &Option<String>| s.as_deref().map_or(Value::Null, text);
    (1u64..)
        .zip(&parsed.columns)
        .map(|(ordinal, c)| {
            let lengths = character_lengths(c);
            let (precision, scale) = numeric_precision(&c.column_type);
            vec![
                text("def"),
                text(db),
                text(table),
                text(&c.name),
                Value::UInt(ordinal),
                opt(&c.default),
                text(if c.nullable { "YES" } else { "NO" }),
                text(data_type(&c.column_type)),
                num(lengths.map(|l| l.0)),
                num(lengths.map(|l| l.1)),
                num(precision),
                num(scale),
                num(datetime_precision(&c.column_type)),
                opt(&c.charset),
                opt(&c.collation),
                text(&c.column_type),
                text(c.key),
                text(&c.extra),
                text(PRIVILEGES),
                text(&c.comment),
                text(""),
                Value::Null,
            ]
        })
        .collect()
}

/// information_schema.TABLE_CONSTRAINTS' rows for system table `db`.`table`: one per
/// PRIMARY or UNIQUE key, enforced.
pub fn table_constraint_rows(db: &str, table: &str, parsed: &Parsed) -> Vec<Row> {
    let text = |s: &str| Value::Str(s.to_string());
    parsed
        .keys
        .iter()
        .filter(|k| k.primary || k.unique)
        .map(|k| {
            let kind = if k.primary { "PRIMARY KEY" } else { "UNIQUE" };
            vec![
                text("def"),
                text(db),
                text(&k.name),
                text(db),
                text(table),
                text(kind),
                text("YES"),
            ]
        })
        .collect()
}

/// information_schema.KEY_COLUMN_USAGE's rows for system table `db`.`table`: one per
/// column of each PRIMARY or UNIQUE key, in key order (no referenced table: the system
/// tables have no foreign keys).
pub fn key_column_usage_rows(db: &str, table: &str, parsed: &Parsed) -> Vec<Row> {
    let text = |s: &str| Value::Str(s.to_string());
    let mut rows = Vec::new();
    for k in parsed.keys.iter().filter(|k| k.primary || k.unique) {
        for (seq, column) in (1u64..).zip(&k.columns) {
            rows.push(vec![
                text("def"),
                text(db),
                text(&k.name),
                text("def"),
                text(db),
                text(table),
                text(column),
                Value::UInt(seq),
                Value::Null,
                Value::Null,
                Value::Null,
                Value::Null,
            ]);
        }
    }
    rows
}

/// information_schema.STATISTICS' rows (its 18 columns, as `information_schema::
/// statistics_rows` makes a user table's) for the keys of system table `db`.`table`:
/// performance_schema's are hash indexes with no collation or cardinality (the manual's
/// `SHOW INDEX FROM performance_schema.accounts`); an InnoDB table's are B-trees whose
/// cardinality is counted from `contents`, its column names and rows (exact, where InnoDB
/// samples).
pub fn statistics_rows(
    db: &str,
    table: &str,
    parsed: &Parsed,
    contents: (&[String], &[Row]),
) -> Vec<Row> {
    let text = |s: &str| Value::Str(s.to_string());
    let hashed = parsed.engine == "PERFORMANCE_SCHEMA";
    let (names, rows) = contents;
    let position = |column: &str| names.iter().position(|n| n.eq_ignore_ascii_case(column));
    let mut out = Vec::new();
    for key in &parsed.keys {
        let mut prefix: Vec<usize> = Vec::new();
        for (seq, column) in (1u64..).zip(&key.columns) {
            prefix.extend(position(column));
            let cardinality = if hashed {
                Value::Null
            } else {
                let mut seen: Vec<Vec<String>> = rows
                    .iter()
                    .map(|r| prefix.iter().map(|&i| r[i].to_text().unwrap_or_default()).collect())
                    .collect();
                seen.sort();
                seen.dedup();
                Value::UInt(seen.len() as u64)
            };
            let nullable = parsed.columns.iter().any(|c| &c.name == column && c.nullable);
            out.push(vec![
                text("def"),
                text(db),
                text(table),
                Value::Int(if key.unique { 0 } else { 1 }),
                text(db),
                text(&key.name),
                Value::UInt(seq),
                text(column),
                if hashed { Value::Null } else { text("A") },
                cardinality,
                Value::Null,
                Value::Null,
                text(if nullable { "YES" } else { "" }),
                text(if hashed { "HASH" } else { "BTREE" }),
                text(""),
                text(""),
                text("YES"),
                Value::Null,
            ]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_definition_parses_and_names_the_columns_the_server_produces() {
        for (db, table, text) in all() {
            let parsed = parse(text).unwrap_or_else(|e| panic!("{db}.{table}: {e}"));
            let names: Vec<String> = parsed.columns.iter().map(|c| c.name.clone()).collect();
            let produced = crate::instruments::system_tables::columns(db, table).expect(table);
            assert_eq!(names, produced, "{db}.{table}");
        }
    }

    #[test]
    fn mysql_user_reads_as_mysql_describes_it() {
        let (_, text) = find("MYSQL", "User").expect("there");
        let parsed = parse(text).expect("parses");
        assert_eq!(parsed.engine, "InnoDB");
        let col = |n: &str| parsed.columns.iter().find(|c| c.name == n).expect(n).clone();
        let host = col("Host");
        assert_eq!((host.key, host.nullable, host.default.as_deref()), ("PRI", false, Some("")));
        assert_eq!(host.collation.as_deref(), Some("ascii_general_ci"));
        assert_eq!(character_lengths(&host), Some((255, 255)));
        // `User` declares only its collation: the character set is the collation's.
        let user = col("User");
        assert_eq!((user.charset.as_deref(), user.key), (Some("utf8mb3"), "PRI"));
        assert_eq!(character_lengths(&user), Some((32, 96)));
        let auth = col("authentication_string");
        assert_eq!((auth.nullable, auth.default.clone()), (true, None));
        assert_eq!(character_lengths(&auth), Some((65_535, 65_535)));
        let ssl = col("ssl_type");
        assert_eq!(character_lengths(&ssl), Some((9, 27)));
        assert_eq!(numeric_precision(&col("max_questions").column_type), (Some(10), Some(0)));
        assert_eq!(col("User_attributes").charset, None);
        assert_eq!(parsed.columns.len(), 51);
    }

    #[test]
    fn a_log_table_timestamp_is_generated_and_updated() {
        let parsed = parse(find("mysql", "slow_log").expect("there").1).expect("parses");
        let start = &parsed.columns[0];
        assert_eq!(start.default.as_deref(), Some("CURRENT_TIMESTAMP(6)"));
        assert_eq!(start.extra, "DEFAULT_GENERATED on update CURRENT_TIMESTAMP(6)");
        assert_eq!(datetime_precision(&start.column_type), Some(6));
        assert_eq!(datetime_precision(&parsed.columns[2].column_type), Some(6), "time(6)");
        assert_eq!(parsed.engine, "CSV");
        assert_eq!(parsed.columns[6].collation.as_deref(), Some("utf8mb3_general_ci"));
    }

    #[test]
    fn clauses_keys_and_quotes() {
        assert_eq!(
            words("enum('ROLLED BACK','A''B') NOT NULL"),
            ["enum('ROLLED BACK','A''B')", "NOT", "NULL"]
        );
        assert_eq!(words_in_list("enum('ROLLED BACK','A''B')"), ["ROLLED BACK", "A'B"]);
        let set = ColumnInfo {
            column_type: "set('singleton','progress')".into(),
            charset: Some("utf8mb4".into()),
            ..parse(find("mysql", "user").expect("there").1).expect("parses").columns[0].clone()
        };
        assert_eq!(character_lengths(&set), Some((18, 72)), "both values and a comma");
        let text = "CREATE TABLE `t` (\n  `A` bigint unsigned NOT NULL,\n  `B` varchar(64) \
                    DEFAULT NULL COMMENT 'it''s',\n  `C` int DEFAULT NULL,\n  UNIQUE KEY `A` \
                    (`A`) USING HASH,\n  KEY `B` (`B`,`C`) USING HASH\n) \
                    ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 \
                    COLLATE=utf8mb4_0900_ai_ci";
        let p = parse(text).expect("parses");
        let keys: Vec<&str> = p.columns.iter().map(|c| c.key).collect();
        assert_eq!(keys, ["UNI", "MUL", ""]);
        let names: Vec<(&str, bool, usize)> =
            p.keys.iter().map(|k| (k.name.as_str(), k.unique, k.columns.len())).collect();
        assert_eq!(names, [("A", true, 1), ("B", false, 2)]);
        assert_eq!(p.columns[1].comment, "it's");
        assert_eq!(character_lengths(&p.columns[1]), Some((64, 256)));
        assert!(parse("CREATE TABLE `t` (\n  `A` int FROBNICATE\n) ENGINE=X DEFAULT CHARSET=a")
            .is_err());
        assert!(parse("not a definition").is_err());
    }
}
