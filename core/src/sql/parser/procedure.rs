//! Stored routine DDL: `CREATE PROCEDURE name(params) [characteristics] body`, `CREATE
//! FUNCTION name(params) RETURNS type [characteristics] body`, and `DROP PROCEDURE | FUNCTION
//! [IF EXISTS]`, read by hand (sqlparser does not read MySQL's routines); the body's compound
//! statements are read by `compound`.

use super::{compound, Statement};
use crate::error::{MySqlError, Result};
use crate::storage::catalog::{Parameter, Procedure};

/// The longest body accepted (bytes), as every input is bounded.
const BODY_BYTES_MAX: usize = 1 << 20;

/// Words of `s` up to `n`, upper-cased, skipping a DEFINER clause.
fn leading_words(s: &str, n: usize) -> Vec<String> {
    s.split_whitespace()
        .filter(|w| !w.to_ascii_uppercase().starts_with("DEFINER"))
        .take(n)
        .map(|w| w.to_ascii_uppercase())
        .collect()
}

/// Recognises CREATE and DROP of a PROCEDURE or FUNCTION; None for any other statement.
pub fn parse_procedure_ddl(sql: &str) -> Result<Option<Statement>> {
    let words = leading_words(sql, 5);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["CREATE", kind @ ("PROCEDURE" | "FUNCTION"), ..] => {
            parse_create(sql, *kind == "FUNCTION").map(Some)
        }
        ["DROP", kind @ ("PROCEDURE" | "FUNCTION"), rest @ ..] => {
            let if_exists = rest.starts_with(&["IF", "EXISTS"]);
            let at = if if_exists { 4 } else { 2 };
            let name = sql.split_whitespace().nth(at).ok_or_else(|| MySqlError::syntax("", 1))?;
            let (database, name) = split_name(name);
            Ok(Some(Statement::DropProcedure {
                database,
                name,
                if_exists,
                function: *kind == "FUNCTION",
            }))
        }
        _ => Ok(None),
    }
}

fn split_name(name: &str) -> (Option<String>, String) {
    let name = name.trim().trim_end_matches(';');
    match name.split_once('.') {
        Some((d, n)) => (Some(d.trim_matches('`').to_string()), n.trim_matches('`').to_string()),
        None => (None, name.trim_matches('`').to_string()),
    }
}

/// The first word of `s` upper-cased, and the text after it.
fn next_word(s: &str) -> Option<(String, &str)> {
    let s = s.trim_start();
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(s.len());
    (end > 0).then(|| (s[..end].to_ascii_uppercase(), &s[end..]))
}

/// `(...)` at the start of `s` (after spaces): its text with the parentheses, and the rest.
fn parenthesised(s: &str) -> Option<(&str, &str)> {
    let t = s.trim_start();
    if !t.starts_with('(') {
        return None;
    }
    let mut depth = 0;
    for (i, c) in t.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&t[..=i], &t[i + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// A function's RETURNS type: a type name, its `(length)`, and its attributes.
fn returns_type(s: &str) -> Result<(String, &str)> {
    let (name, mut rest) = next_word(s).ok_or_else(|| MySqlError::syntax(s.trim(), 1))?;
    let mut out = name;
    if let Some((p, after)) = parenthesised(rest) {
        out.push_str(p);
        rest = after;
    }
    loop {
        let Some((w, after)) = next_word(rest) else { return Ok((out, rest)) };
        match w.as_str() {
            "UNSIGNED" | "SIGNED" | "ZEROFILL" => {
                out = format!("{out} {w}");
                rest = after;
            }
            "CHARSET" | "COLLATE" => {
                let (v, after) = next_word(after).ok_or_else(|| MySqlError::syntax(rest, 1))?;
                out = format!("{out} {w} {}", v.to_ascii_lowercase());
                rest = after;
            }
            _ => return Ok((out, rest)),
        }
    }
}

/// Where the string literal `t` opens with ends: its closing quote's byte offset, past any
/// quote written twice (`'It''s'`) or escaped with a backslash.
fn closing_quote(t: &str) -> Option<usize> {
    let bytes = t.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\'' if bytes.get(i + 1) == Some(&b'\'') => i += 2,
            b'\'' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// The characteristics before a routine's body, as written, and the body.
fn characteristics(mut s: &str) -> Result<(Vec<String>, &str)> {
    let mut out = Vec::new();
    // Bounded: every turn consumes at least one word.
    loop {
        let Some((w, after)) = next_word(s) else { return Ok((out, s)) };
        let (text, rest) = match w.as_str() {
            "DETERMINISTIC" => ("DETERMINISTIC".to_string(), after),
            "NOT" | "NO" | "READS" | "MODIFIES" | "CONTAINS" | "LANGUAGE" | "SQL" => {
                let words: &[&str] = match w.as_str() {
                    "NOT" => &["DETERMINISTIC"],
                    "NO" | "CONTAINS" | "LANGUAGE" => &["SQL"],
                    "READS" | "MODIFIES" => &["SQL", "DATA"],
                    _ => &["SECURITY", "*"],
                };
                let mut text = w.clone();
                let mut rest = after;
                for want in words {
                    let (got, after) =
                        next_word(rest).ok_or_else(|| MySqlError::syntax(s.trim(), 1))?;
                    if *want != "*" && got != *want {
                        return Err(MySqlError::syntax(s.trim(), 1));
                    }
                    text = format!("{text} {got}");
                    rest = after;
                }
                (text, rest)
            }
            "COMMENT" => {
                let t = after.trim_start();
                if !t.starts_with('\'') {
                    return Err(MySqlError::syntax(s.trim(), 1));
                }
                let close = closing_quote(t).ok_or_else(|| MySqlError::syntax(t, 1))?;
                (format!("COMMENT {}", &t[..=close]), &t[close + 1..])
            }
            _ => return Ok((out, s)),
        };
        out.push(text);
        s = rest;
    }
}

fn parse_create(sql: &str, function: bool) -> Result<Statement> {
    if sql.len() > BODY_BYTES_MAX {
        return Err(MySqlError::unknown("Procedure body too long"));
    }
    let upper = sql.to_ascii_uppercase();
    let keyword = if function { "FUNCTION" } else { "PROCEDURE" };
    let at = upper.find(keyword).ok_or_else(|| MySqlError::syntax(sql, 1))? + keyword.len();
    let rest = &sql[at..];
    let open = rest.find('(').ok_or_else(|| MySqlError::syntax(rest.trim(), 1))?;
    let (database, name) = split_name(&rest[..open]);
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err(MySqlError::syntax(rest.trim(), 1));
    }
    let (list, after) =
        parenthesised(&rest[open..]).ok_or_else(|| MySqlError::syntax(&rest[open..], 1))?;
    let mut params: Vec<Parameter> = Vec::new();
    for p in split_top_level(&list[1..list.len() - 1], ',') {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let mut words: Vec<&str> = p.split_whitespace().collect();
        let mode = match words.first().map(|w| w.to_ascii_uppercase()).as_deref() {
            // A function's parameters are IN only, and take no mode word.
            Some("IN") | Some("OUT") | Some("INOUT") if !function => {
                words.remove(0).to_ascii_uppercase()
            }
            _ => "IN".to_string(),
        };
        if words.len() < 2 {
            return Err(MySqlError::syntax(p, 1));
        }
        let name = words[0].trim_matches('`').to_string();
        // 1330 ER_SP_DUP_PARAM
        if params.iter().any(|q| q.name.eq_ignore_ascii_case(&name)) {
            return Err(MySqlError::duplicate_parameter(&name));
        }
        params.push(Parameter { mode, name, type_sql: words[1..].join(" ") });
    }
    let (returns, after) = if function {
        let (w, rest) = next_word(after).ok_or_else(|| MySqlError::syntax(after.trim(), 1))?;
        if w != "RETURNS" {
            return Err(MySqlError::syntax(after.trim(), 1));
        }
        let (t, rest) = returns_type(rest)?;
        (Some(t), rest)
    } else {
        (None, after)
    };
    let (characteristics, body_text) = characteristics(after)?;
    let body_text = body_text.trim().trim_end_matches(';').trim_end().to_string();
    let body = compound::parse_body(&body_text)?;
    if function && !compound::has_return(&body) {
        return Err(MySqlError::function_without_return(&name));
    }
    if !function && compound::has_return(&body) {
        return Err(MySqlError::return_outside_function());
    }
    let procedure = Procedure {
        name,
        params,
        returns,
        characteristics,
        body,
        body_text,
        definer: String::new(),
        sql_mode: String::new(),
        created_micros: 0,
    };
    Ok(Statement::CreateProcedure { database, procedure })
}

/// Splits `s` at `sep` outside quotes, comments and parentheses.
pub fn split_top_level(s: &str, sep: char) -> Vec<String> {
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut depth = 0i32;
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match quote {
            Some(q) => {
                cur.push(c);
                if c == '\\' && i + 1 < chars.len() {
                    cur.push(chars[i + 1]);
                    i += 1;
                } else if c == q {
                    quote = None;
                }
            }
            None => match c {
                '\'' | '"' | '`' => {
                    quote = Some(c);
                    cur.push(c);
                }
                '-' if chars.get(i + 1) == Some(&'-') => {
                    while i < chars.len() && chars[i] != '\n' {
                        i += 1;
                    }
                    cur.push('\n');
                }
                '#' => {
                    while i < chars.len() && chars[i] != '\n' {
                        i += 1;
                    }
                    cur.push('\n');
                }
                '(' => {
                    depth += 1;
                    cur.push(c);
                }
                ')' => {
                    depth -= 1;
                    cur.push(c);
                }
                c if c == sep && depth == 0 => parts.push(std::mem::take(&mut cur)),
                _ => cur.push(c),
            },
        }
        i += 1;
    }
    parts.push(cur);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::parser::compound::Stmt;

    #[test]
    fn parses_the_chapters_procedure() {
        let sql = "CREATE PROCEDURE scan_pass(p INT)\nBEGIN\nDECLARE q0, r0, a0 BIGINT;\n\
                   SELECT requests, disk_reads, read_ahead INTO q0, r0, a0 FROM bp_io;\n\
                   SELECT SUM(LENGTH(referrer)) INTO @ignored FROM page_views; -- full scan\n\
                   INSERT INTO bp_runs SELECT 1, p, 2;\nEND";
        let Some(Statement::CreateProcedure { procedure, .. }) = parse_procedure_ddl(sql).unwrap()
        else {
            panic!("not a procedure")
        };
        assert_eq!(procedure.name, "scan_pass");
        assert_eq!(procedure.params[0].name, "p");
        let Stmt::Block { body, .. } = &procedure.body else { panic!() };
        assert_eq!(body.len(), 4);
        assert!(matches!(&body[0], Stmt::Variable { names, .. } if names.len() == 3));
        assert!(parse_procedure_ddl("SELECT 1").unwrap().is_none());
    }

    #[test]
    fn parses_a_function_with_its_characteristics() {
        let sql = "CREATE FUNCTION hello (s CHAR(20)) RETURNS CHAR(50) CHARSET utf8mb4 \
                   DETERMINISTIC READS SQL DATA COMMENT 'greets' RETURN CONCAT('Hello, ', s, '!')";
        let Some(Statement::CreateProcedure { procedure, .. }) = parse_procedure_ddl(sql).unwrap()
        else {
            panic!("not a function")
        };
        assert_eq!(procedure.returns.as_deref(), Some("CHAR(50) CHARSET utf8mb4"));
        assert_eq!(
            procedure.characteristics,
            ["DETERMINISTIC", "READS SQL DATA", "COMMENT 'greets'"]
        );
        // 'It''s \'here': a doubled quote and an escaped one stay inside the literal.
        assert_eq!(closing_quote("'It''s \\'here' RETURN 1"), Some(13));
        assert_eq!(closing_quote("'open"), None);
        assert_eq!(procedure.body, Stmt::Return("CONCAT('Hello, ', s, '!')".into()));
        let no_return = "CREATE FUNCTION f() RETURNS INT DETERMINISTIC BEGIN END";
        assert_eq!(parse_procedure_ddl(no_return).unwrap_err().code, 1320);
        let in_proc = "CREATE PROCEDURE p() RETURN 1";
        assert_eq!(parse_procedure_ddl(in_proc).unwrap_err().code, 1313);
        let dup = "CREATE PROCEDURE p(a INT, A INT) SELECT 1";
        assert_eq!(parse_procedure_ddl(dup).unwrap_err().code, 1330);
    }
}
