//! Statements about a session's own state that sqlparser does not read as MySQL writes them:
//! SQL-level prepared statements (`PREPARE s FROM 'text' | @var`, `EXECUTE s [USING @a, ...]`,
//! `{DEALLOCATE | DROP} PREPARE s`), savepoints (`SAVEPOINT sp`, `ROLLBACK [WORK] TO
//! [SAVEPOINT] sp`, `RELEASE SAVEPOINT sp`) and `GET [CURRENT | STACKED] DIAGNOSTICS`. They are
//! run by `server/statements/session_statements.rs`.
//!
//! Grammar from the Reference Manual: 15.5 "Prepared Statements", 15.3.4 "SAVEPOINT, ROLLBACK
//! TO SAVEPOINT, and RELEASE SAVEPOINT Statements", 15.6.7.3 "GET DIAGNOSTICS Statement".

use super::Statement;
use sqlparser::keywords::Keyword;
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::Token;

/// Where PREPARE takes its statement text from.
#[derive(Clone, Debug, PartialEq)]
pub enum PrepareSource {
    /// A string literal.
    Text(String),
    /// A user variable (its name, lower case).
    UserVar(String),
}

/// The savepoint statements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavepointOp {
    Set,
    RollbackTo,
    Release,
}

/// Where GET DIAGNOSTICS puts one item.
#[derive(Clone, Debug, PartialEq)]
pub enum DiagnosticsTarget {
    /// `@name` (lower case).
    User(String),
    /// A stored program's local variable.
    Local(String),
}

/// `GET [CURRENT | STACKED] DIAGNOSTICS ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct GetDiagnostics {
    pub stacked: bool,
    /// None for the statement information items, else the condition number's expression.
    pub condition: Option<Box<sqlparser::ast::Expr>>,
    /// `target = ITEM_NAME` pairs, the item name upper case (checked by the parser).
    pub items: Vec<(DiagnosticsTarget, String)>,
}

/// The statement information items.
const STATEMENT_ITEMS: [&str; 2] = ["NUMBER", "ROW_COUNT"];

/// The condition information items.
const CONDITION_ITEMS: [&str; 13] = [
    "CLASS_ORIGIN",
    "SUBCLASS_ORIGIN",
    "RETURNED_SQLSTATE",
    "MESSAGE_TEXT",
    "MYSQL_ERRNO",
    "CONSTRAINT_CATALOG",
    "CONSTRAINT_SCHEMA",
    "CONSTRAINT_NAME",
    "CATALOG_NAME",
    "SCHEMA_NAME",
    "TABLE_NAME",
    "COLUMN_NAME",
    "CURSOR_NAME",
];

fn word_at(p: &Parser, n: usize, w: &str) -> bool {
    matches!(&p.peek_nth_token(n).token, Token::Word(x) if x.value.eq_ignore_ascii_case(w) && x.quote_style.is_none())
}

/// The parser's mark of `START TRANSACTION WITH CONSISTENT SNAPSHOT`, which sqlparser does not
/// read: its StartTransaction with this modifier (one of SQLite's, which MySQL's grammar has
/// no way to write, so no other statement carries it).
pub const CONSISTENT_SNAPSHOT: sqlparser::ast::TransactionModifier =
    sqlparser::ast::TransactionModifier::Immediate;

/// Whether the statement ahead (START TRANSACTION ...) has WITH CONSISTENT SNAPSHOT among its
/// characteristics (looking at most 16 tokens ahead: the characteristics are few).
fn consistent_snapshot_ahead(p: &Parser) -> bool {
    (2..16)
        .take_while(|&n| !matches!(p.peek_nth_token(n).token, Token::EOF | Token::SemiColon))
        .any(|n| word_at(p, n, "WITH") && word_at(p, n + 1, "CONSISTENT"))
}

/// `START TRANSACTION characteristic [, characteristic] ...` where one characteristic is WITH
/// CONSISTENT SNAPSHOT (the others READ ONLY or READ WRITE).
fn parse_start_with_snapshot(p: &mut Parser) -> Result<Statement, ParserError> {
    use sqlparser::ast::{BeginTransactionKind, TransactionAccessMode, TransactionMode};
    p.next_token();
    p.next_token();
    let mut modes = Vec::new();
    loop {
        if word_at(p, 0, "WITH") && word_at(p, 1, "CONSISTENT") && word_at(p, 2, "SNAPSHOT") {
            for _ in 0..3 {
                p.next_token();
            }
        } else if p.parse_keywords(&[Keyword::READ, Keyword::ONLY]) {
            modes.push(TransactionMode::AccessMode(TransactionAccessMode::ReadOnly));
        } else if p.parse_keywords(&[Keyword::READ, Keyword::WRITE]) {
            modes.push(TransactionMode::AccessMode(TransactionAccessMode::ReadWrite));
        } else {
            return p.expected("WITH CONSISTENT SNAPSHOT, READ ONLY or READ WRITE", p.peek_token());
        }
        if !p.consume_token(&Token::Comma) {
            break;
        }
    }
    Ok(Statement::Other(Box::new(sqlparser::ast::Statement::StartTransaction {
        modes,
        begin: false,
        transaction: Some(BeginTransactionKind::Transaction),
        modifier: Some(CONSISTENT_SNAPSHOT),
        statements: Vec::new(),
        exception: None,
        has_end_keyword: false,
    })))
}

/// One of these statements, or None (nothing consumed) when the statement is none of them.
pub fn parse(p: &mut Parser) -> Result<Option<Statement>, ParserError> {
    if word_at(p, 0, "PREPARE") {
        p.next_token();
        let name = p.parse_identifier()?.value;
        p.expect_keyword(Keyword::FROM)?;
        let tok = p.next_token();
        let source = match &tok.token {
            Token::SingleQuotedString(s) | Token::DoubleQuotedString(s) => {
                PrepareSource::Text(s.clone())
            }
            Token::Word(w) if w.value.starts_with('@') && !w.value.starts_with("@@") => {
                PrepareSource::UserVar(user_var_name(p, &w.value[1..])?)
            }
            _ => return p.expected("a string or a user variable", tok),
        };
        return Ok(Some(Statement::Prepare { name, source }));
    }
    if word_at(p, 0, "EXECUTE") {
        p.next_token();
        let name = p.parse_identifier()?.value;
        let mut using = Vec::new();
        if p.parse_keyword(Keyword::USING) {
            loop {
                using.push(user_var(p)?);
                if !p.consume_token(&Token::Comma) {
                    break;
                }
            }
        }
        return Ok(Some(Statement::Execute { name, using }));
    }
    if (word_at(p, 0, "DEALLOCATE") || word_at(p, 0, "DROP")) && word_at(p, 1, "PREPARE") {
        p.next_token();
        p.next_token();
        return Ok(Some(Statement::Deallocate(p.parse_identifier()?.value)));
    }
    if word_at(p, 0, "START") && word_at(p, 1, "TRANSACTION") && consistent_snapshot_ahead(p) {
        return parse_start_with_snapshot(p).map(Some);
    }
    if word_at(p, 0, "SAVEPOINT") {
        p.next_token();
        let name = p.parse_identifier()?.value;
        return Ok(Some(Statement::Savepoint { op: SavepointOp::Set, name }));
    }
    if word_at(p, 0, "RELEASE") && word_at(p, 1, "SAVEPOINT") {
        p.next_token();
        p.next_token();
        let name = p.parse_identifier()?.value;
        return Ok(Some(Statement::Savepoint { op: SavepointOp::Release, name }));
    }
    if word_at(p, 0, "ROLLBACK") {
        // ROLLBACK [WORK] TO [SAVEPOINT] sp; plain ROLLBACK is sqlparser's.
        let to = if word_at(p, 1, "WORK") { 2 } else { 1 };
        if word_at(p, to, "TO") {
            for _ in 0..=to {
                p.next_token();
            }
            let _ = p.parse_keyword(Keyword::SAVEPOINT);
            let name = p.parse_identifier()?.value;
            return Ok(Some(Statement::Savepoint { op: SavepointOp::RollbackTo, name }));
        }
        return Ok(None);
    }
    if word_at(p, 0, "GET") {
        let at = usize::from(word_at(p, 1, "CURRENT") || word_at(p, 1, "STACKED")) + 1;
        if word_at(p, at, "DIAGNOSTICS") {
            let stacked = word_at(p, 1, "STACKED");
            for _ in 0..=at {
                p.next_token();
            }
            return parse_get_diagnostics(p, stacked).map(Some);
        }
    }
    Ok(None)
}

fn parse_get_diagnostics(p: &mut Parser, stacked: bool) -> Result<Statement, ParserError> {
    let condition = if word_at(p, 0, "CONDITION") {
        p.next_token();
        Some(Box::new(p.parse_expr()?))
    } else {
        None
    };
    let allowed: &[&str] = if condition.is_some() { &CONDITION_ITEMS } else { &STATEMENT_ITEMS };
    let mut items = Vec::new();
    loop {
        let tok = p.next_token();
        let target = match &tok.token {
            Token::Word(w) if w.value.starts_with('@') && !w.value.starts_with("@@") => {
                DiagnosticsTarget::User(user_var_name(p, &w.value[1..])?)
            }
            Token::Word(w) if !w.value.starts_with('@') => {
                DiagnosticsTarget::Local(w.value.clone())
            }
            _ => return p.expected("a variable", tok),
        };
        p.expect_token(&Token::Eq)?;
        let tok = p.next_token();
        let item = match &tok.token {
            Token::Word(w) if allowed.iter().any(|a| a.eq_ignore_ascii_case(&w.value)) => {
                w.value.to_ascii_uppercase()
            }
            _ => return p.expected("a diagnostics item", tok),
        };
        items.push((target, item));
        if !p.consume_token(&Token::Comma) {
            break;
        }
    }
    Ok(Statement::GetDiagnostics(GetDiagnostics { stacked, condition, items }))
}

/// `@name` (the next token), lower case.
fn user_var(p: &mut Parser) -> Result<String, ParserError> {
    let tok = p.next_token();
    match &tok.token {
        Token::Word(w) if w.value.starts_with('@') && !w.value.starts_with("@@") => {
            user_var_name(p, &w.value[1..])
        }
        _ => p.expected("a user variable", tok),
    }
}

/// A user variable's name after its `@`: it may hold dots (`@a.b`).
fn user_var_name(p: &mut Parser, first: &str) -> Result<String, ParserError> {
    let mut name = first.to_string();
    while p.consume_token(&Token::Period) {
        name = format!("{name}.{}", p.parse_identifier()?.value);
    }
    Ok(name.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::parser::parse;

    #[test]
    fn reads_the_forms() {
        assert!(matches!(
            parse("PREPARE s FROM 'SELECT ?'").unwrap(),
            Statement::Prepare { source: PrepareSource::Text(t), .. } if t == "SELECT ?"
        ));
        assert!(matches!(
            parse("prepare s from @Q").unwrap(),
            Statement::Prepare { source: PrepareSource::UserVar(v), .. } if v == "q"
        ));
        assert!(matches!(
            parse("EXECUTE s USING @a, @B").unwrap(),
            Statement::Execute { using, .. } if using == ["a", "b"]
        ));
        assert!(matches!(parse("DROP PREPARE s").unwrap(), Statement::Deallocate(n) if n == "s"));
        assert!(matches!(
            parse("ROLLBACK WORK TO sp").unwrap(),
            Statement::Savepoint { op: SavepointOp::RollbackTo, .. }
        ));
        assert!(matches!(parse("ROLLBACK").unwrap(), Statement::Other(_)));
        assert!(matches!(
            parse("GET STACKED DIAGNOSTICS CONDITION 1 @e = MYSQL_ERRNO").unwrap(),
            Statement::GetDiagnostics(GetDiagnostics { stacked: true, condition: Some(_), .. })
        ));
        // A condition item without CONDITION, and a missing name, are syntax errors.
        assert_eq!(parse("GET DIAGNOSTICS @e = MYSQL_ERRNO").unwrap_err().code, 1064);
        assert_eq!(parse("EXECUTE s USING 1").unwrap_err().code, 1064);
        assert_eq!(parse("SAVEPOINT").unwrap_err().code, 1064);
    }
}
