//! Stored procedure text: `CREATE PROCEDURE name(params) BEGIN ... END` and `DROP PROCEDURE`,
//! parsed by hand (sqlparser does not read MySQL's procedure bodies), and the splitting of a
//! body into its statements. Bodies are flat sequences of statements (DECLARE, SET, SELECT
//! ... INTO, INSERT, CALL, ...); flow control (IF, WHILE, LOOP, cursors, handlers) is not
//! supported yet and says so with error 1235.

use super::Statement;
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

/// Recognises CREATE PROCEDURE and DROP PROCEDURE; None for any other statement.
pub fn parse_procedure_ddl(sql: &str) -> Result<Option<Statement>> {
    let words = leading_words(sql, 4);
    match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["CREATE", "PROCEDURE", ..] => parse_create(sql).map(Some),
        ["DROP", "PROCEDURE", "IF", "EXISTS"] => {
            let name = sql.split_whitespace().nth(4).ok_or_else(|| MySqlError::syntax("", 1))?;
            let (database, name) = split_name(name);
            Ok(Some(Statement::DropProcedure { database, name, if_exists: true }))
        }
        ["DROP", "PROCEDURE", ..] => {
            let name = sql.split_whitespace().nth(2).ok_or_else(|| MySqlError::syntax("", 1))?;
            let (database, name) = split_name(name);
            Ok(Some(Statement::DropProcedure { database, name, if_exists: false }))
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

fn parse_create(sql: &str) -> Result<Statement> {
    if sql.len() > BODY_BYTES_MAX {
        return Err(MySqlError::unknown("Procedure body too long"));
    }
    let upper = sql.to_ascii_uppercase();
    let at = upper.find("PROCEDURE").ok_or_else(|| MySqlError::syntax(sql, 1))? + "PROCEDURE".len();
    let rest = &sql[at..];
    let open = rest.find('(').ok_or_else(|| MySqlError::syntax(rest.trim(), 1))?;
    let (database, name) = split_name(&rest[..open]);
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err(MySqlError::syntax(rest.trim(), 1));
    }
    // The parameter list ends at the matching parenthesis.
    let mut depth = 0;
    let mut close = None;
    for (i, c) in rest[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            _ => {}
        }
    }
    let close = close.ok_or_else(|| MySqlError::syntax(&rest[open..], 1))?;
    let mut params = Vec::new();
    for p in split_top_level(&rest[open + 1..close], ',') {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let mut words: Vec<&str> = p.split_whitespace().collect();
        let mode = match words.first().map(|w| w.to_ascii_uppercase()).as_deref() {
            Some("IN") | Some("OUT") | Some("INOUT") => words.remove(0).to_ascii_uppercase(),
            _ => "IN".to_string(),
        };
        if words.len() < 2 {
            return Err(MySqlError::syntax(p, 1));
        }
        params.push(Parameter {
            mode,
            name: words[0].trim_matches('`').to_string(),
            type_sql: words[1..].join(" "),
        });
    }
    let body = rest[close + 1..].trim();
    let body_upper = body.to_ascii_uppercase();
    if !body_upper.starts_with("BEGIN")
        || !body_upper.trim_end_matches(';').trim_end().ends_with("END")
    {
        return Err(MySqlError::not_supported_yet("a procedure body that is not BEGIN ... END"));
    }
    let trimmed = body.trim_end_matches(';').trim_end();
    let inner = &trimmed["BEGIN".len()..trimmed.len() - "END".len()];
    let statements: Vec<String> = split_top_level(inner, ';')
        .into_iter()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    for s in &statements {
        let first = s.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
        if matches!(
            first.as_str(),
            "IF" | "WHILE"
                | "LOOP"
                | "REPEAT"
                | "BEGIN"
                | "CASE"
                | "LEAVE"
                | "ITERATE"
                | "OPEN"
                | "FETCH"
                | "CLOSE"
        ) || (first == "DECLARE" && {
            let u = s.to_ascii_uppercase();
            u.contains(" CURSOR ") || u.contains(" HANDLER ") || u.contains(" CONDITION ")
        }) {
            return Err(MySqlError::not_supported_yet(&format!("{first} in stored procedures")));
        }
    }
    let procedure = Procedure {
        name: name.clone(),
        params,
        body: statements,
        definition: sql.trim().to_string(),
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
        assert_eq!(procedure.body.len(), 4);
        assert!(procedure.body[0].starts_with("DECLARE q0"));
        assert!(parse_procedure_ddl("SELECT 1").unwrap().is_none());
        assert!(parse_procedure_ddl("CREATE PROCEDURE p() BEGIN IF 1 THEN SELECT 1; END IF; END")
            .is_err());
    }
}
