//! CREATE TABLE's `PARTITION BY` clause (MySQL 8.4 manual, CREATE TABLE, "partition_options"),
//! which sqlparser's MySQL dialect does not read. The clause is cut from the statement's
//! tokens before sqlparser sees the rest, and read here into a [`PartitionClause`]; the
//! server checks it against the table (`server/statements/partitioning.rs`).
//!
//! `SUBPARTITION BY [LINEAR] HASH (expr) | [LINEAR] KEY (columns) [SUBPARTITIONS n]` and each
//! partition's `(SUBPARTITION name, ...)` are read too. Simplification: the per-partition
//! and per-subpartition options other than ENGINE and COMMENT (DATA DIRECTORY, MAX_ROWS,
//! TABLESPACE, ...) are refused with error 1235.

use super::unquoted_word as word;
use sqlparser::ast::Expr;
use sqlparser::dialect::MySqlDialect;
use sqlparser::keywords::Keyword;
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// The method as written: the storage's own `Method` (the clause names it as stored).
pub use crate::storage::partition::Method as ClauseMethod;

/// A partition's `VALUES` as written.
#[derive(Clone, Debug)]
pub enum ClauseValues {
    /// `LESS THAN (a, b)`; None is MAXVALUE. `LESS THAN MAXVALUE` is one None.
    LessThan(Vec<Option<Expr>>),
    /// `IN (1, 2)` or, for LIST COLUMNS over several columns, `IN ((1, 'a'), (2, 'b'))`.
    In(Vec<Vec<Expr>>),
}

/// One `PARTITION name [VALUES ...] [(SUBPARTITION name, ...)]`.
#[derive(Clone, Debug)]
pub struct ClauseDefinition {
    pub name: String,
    pub values: Option<ClauseValues>,
    /// The subpartitions' names as written (empty when none are).
    pub subpartitions: Vec<String>,
}

/// `SUBPARTITION BY ...` as written.
#[derive(Clone, Debug)]
pub struct SubClause {
    /// `Hash` or `Key`.
    pub method: ClauseMethod,
    /// HASH: the expression.
    pub expr: Option<Expr>,
    /// KEY: the column names.
    pub columns: Vec<String>,
    /// `SUBPARTITIONS n`
    pub count: Option<u64>,
}

/// The clause as written.
#[derive(Clone, Debug)]
pub struct PartitionClause {
    pub method: ClauseMethod,
    /// RANGE / LIST / HASH: the one expression.
    pub expr: Option<Expr>,
    /// COLUMNS / KEY: the column names.
    pub columns: Vec<String>,
    /// `PARTITIONS n`
    pub count: Option<u64>,
    pub definitions: Vec<ClauseDefinition>,
    /// `SUBPARTITION BY ...`
    pub sub: Option<SubClause>,
    /// A form this server does not model (DATA DIRECTORY, ...).
    pub unsupported: Option<String>,
}

/// Cuts a CREATE TABLE statement's `PARTITION BY ...` (up to the statement's end) out of
/// `tokens` and returns it; None when the statement is not a CREATE TABLE or has none.
pub fn cut_clause(tokens: &mut Vec<TokenWithSpan>) -> Option<Vec<TokenWithSpan>> {
    let significant = |i: &usize| !matches!(tokens[*i].token, Token::Whitespace(_));
    // Only a CREATE [TEMPORARY] TABLE is looked at further (most statements stop here).
    let mut head = (0..tokens.len()).filter(significant).take(3).map(|i| &tokens[i].token);
    if !head.next().is_some_and(|t| word(t, "CREATE")) {
        return None;
    }
    let second = head.next()?;
    let is_table = word(second, "TABLE")
        || word(second, "TEMPORARY") && head.next().is_some_and(|t| word(t, "TABLE"));
    if !is_table {
        return None;
    }
    let sig: Vec<usize> = (0..tokens.len()).filter(significant).collect();
    let at = |k: usize| sig.get(k).map(|&i| &tokens[i].token);
    let mut depth: u32 = 0;
    let mut start = None;
    for (k, &i) in sig.iter().enumerate() {
        match &tokens[i].token {
            Token::LParen => depth += 1,
            Token::RParen => depth = depth.saturating_sub(1),
            Token::SemiColon if depth == 0 => break,
            t if depth == 0 && word(t, "PARTITION") && at(k + 1).is_some_and(|n| word(n, "BY")) => {
                start = Some(i);
                break;
            }
            _ => {}
        }
    }
    let start = start?;
    // The clause runs to the statement's `;` at depth 0 (or the end).
    let mut depth: u32 = 0;
    let mut end = tokens.len();
    for (i, t) in tokens.iter().enumerate().skip(start) {
        match t.token {
            Token::LParen => depth += 1,
            Token::RParen => depth = depth.saturating_sub(1),
            Token::SemiColon | Token::EOF if depth == 0 => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    Some(tokens.drain(start..end).collect())
}

/// Reads a clause cut by [`cut_clause`].
pub fn parse_clause(tokens: Vec<TokenWithSpan>) -> Result<PartitionClause, ParserError> {
    let dialect = MySqlDialect {};
    let mut p = Parser::new(&dialect).with_recursion_limit(64).with_tokens_with_locations(tokens);
    p.expect_keyword(Keyword::PARTITION)?;
    p.expect_keyword(Keyword::BY)?;
    let linear = eat_word(&mut p, "LINEAR");
    let mut clause = PartitionClause {
        method: ClauseMethod::Hash { linear },
        expr: None,
        columns: Vec::new(),
        count: None,
        definitions: Vec::new(),
        sub: None,
        unsupported: None,
    };
    if eat_word(&mut p, "HASH") {
        clause.expr = Some(parenthesised_expr(&mut p)?);
    } else if p.parse_keyword(Keyword::KEY) {
        clause.method = ClauseMethod::Key { linear };
        algorithm(&mut p)?;
        clause.columns = column_list(&mut p, true)?;
    } else if !linear && eat_word(&mut p, "RANGE") {
        if eat_word(&mut p, "COLUMNS") {
            clause.method = ClauseMethod::RangeColumns;
            clause.columns = column_list(&mut p, false)?;
        } else {
            clause.method = ClauseMethod::Range;
            clause.expr = Some(parenthesised_expr(&mut p)?);
        }
    } else if !linear && eat_word(&mut p, "LIST") {
        if eat_word(&mut p, "COLUMNS") {
            clause.method = ClauseMethod::ListColumns;
            clause.columns = column_list(&mut p, false)?;
        } else {
            clause.method = ClauseMethod::List;
            clause.expr = Some(parenthesised_expr(&mut p)?);
        }
    } else {
        return p.expected("HASH, KEY, RANGE or LIST", p.peek_token());
    }
    if eat_word(&mut p, "PARTITIONS") {
        clause.count = Some(p.parse_literal_uint()?);
    }
    if eat_word(&mut p, "SUBPARTITION") {
        p.expect_keyword(Keyword::BY)?;
        clause.sub = Some(sub_clause(&mut p)?);
    }
    if p.consume_token(&Token::LParen) {
        loop {
            let def = definition(&mut p, &mut clause.unsupported)?;
            clause.definitions.push(def);
            if clause.definitions.len() > crate::storage::partition::MAX_PARTITIONS + 1 {
                return p.expected("fewer partitions", p.peek_token());
            }
            if !p.consume_token(&Token::Comma) {
                break;
            }
        }
        p.expect_token(&Token::RParen)?;
    }
    match p.peek_token().token {
        Token::EOF | Token::SemiColon => Ok(clause),
        _ => p.expected("end of statement", p.peek_token()),
    }
}

fn eat_word(p: &mut Parser, w: &str) -> bool {
    if word(&p.peek_token().token, w) {
        p.next_token();
        true
    } else {
        false
    }
}

/// `SUBPARTITION BY` read: `[LINEAR] HASH (expr)` or `[LINEAR] KEY [ALGORITHM = n]
/// (columns)`, then `[SUBPARTITIONS n]`.
fn sub_clause(p: &mut Parser) -> Result<SubClause, ParserError> {
    let linear = eat_word(p, "LINEAR");
    let mut sub = SubClause {
        method: ClauseMethod::Hash { linear },
        expr: None,
        columns: Vec::new(),
        count: None,
    };
    if eat_word(p, "HASH") {
        sub.expr = Some(parenthesised_expr(p)?);
    } else if p.parse_keyword(Keyword::KEY) {
        sub.method = ClauseMethod::Key { linear };
        algorithm(p)?;
        sub.columns = column_list(p, true)?;
    } else {
        return p.expected("HASH or KEY", p.peek_token());
    }
    if eat_word(p, "SUBPARTITIONS") {
        sub.count = Some(p.parse_literal_uint()?);
    }
    Ok(sub)
}

/// KEY's optional `ALGORITHM = 1 | 2` (kept to no effect).
fn algorithm(p: &mut Parser) -> Result<(), ParserError> {
    if eat_word(p, "ALGORITHM") {
        p.expect_token(&Token::Eq)?;
        let n = p.parse_literal_uint()?;
        if n != 1 && n != 2 {
            return p.expected("1 or 2", p.peek_token());
        }
    }
    Ok(())
}

fn parenthesised_expr(p: &mut Parser) -> Result<Expr, ParserError> {
    p.expect_token(&Token::LParen)?;
    let e = p.parse_expr()?;
    p.expect_token(&Token::RParen)?;
    Ok(e)
}

fn column_list(p: &mut Parser, may_be_empty: bool) -> Result<Vec<String>, ParserError> {
    p.expect_token(&Token::LParen)?;
    if may_be_empty && p.consume_token(&Token::RParen) {
        return Ok(Vec::new());
    }
    let names = p.parse_comma_separated(|p| p.parse_identifier().map(|i| i.value))?;
    p.expect_token(&Token::RParen)?;
    Ok(names)
}

/// `MAXVALUE` or an expression, inside LESS THAN's parentheses.
fn limit(p: &mut Parser) -> Result<Option<Expr>, ParserError> {
    if eat_word(p, "MAXVALUE") {
        Ok(None)
    } else {
        p.parse_expr().map(Some)
    }
}

fn definition(
    p: &mut Parser,
    unsupported: &mut Option<String>,
) -> Result<ClauseDefinition, ParserError> {
    p.expect_keyword(Keyword::PARTITION)?;
    let name = p.parse_identifier()?.value;
    let mut values = None;
    if p.parse_keyword(Keyword::VALUES) {
        if eat_word(p, "LESS") {
            eat_word(p, "THAN")
                .then_some(())
                .map_or_else(|| p.expected("THAN", p.peek_token()), Ok)?;
            if eat_word(p, "MAXVALUE") {
                values = Some(ClauseValues::LessThan(vec![None]));
            } else {
                p.expect_token(&Token::LParen)?;
                let limits = p.parse_comma_separated(limit)?;
                p.expect_token(&Token::RParen)?;
                values = Some(ClauseValues::LessThan(limits));
            }
        } else if p.parse_keyword(Keyword::IN) {
            p.expect_token(&Token::LParen)?;
            let tuples = p.parse_comma_separated(|p| {
                if p.peek_token().token == Token::LParen {
                    p.next_token();
                    let t = p.parse_comma_separated(Parser::parse_expr)?;
                    p.expect_token(&Token::RParen)?;
                    Ok(t)
                } else {
                    Ok(vec![p.parse_expr()?])
                }
            })?;
            p.expect_token(&Token::RParen)?;
            values = Some(ClauseValues::In(tuples));
        } else {
            return p.expected("LESS THAN or IN", p.peek_token());
        }
    }
    options(p, unsupported);
    let mut subpartitions = Vec::new();
    if p.consume_token(&Token::LParen) {
        loop {
            if !eat_word(p, "SUBPARTITION") {
                return p.expected("SUBPARTITION", p.peek_token());
            }
            subpartitions.push(p.parse_identifier()?.value);
            options(p, unsupported);
            if subpartitions.len() > crate::storage::partition::MAX_PARTITIONS {
                return p.expected("fewer subpartitions", p.peek_token());
            }
            if !p.consume_token(&Token::Comma) {
                break;
            }
        }
        p.expect_token(&Token::RParen)?;
    }
    Ok(ClauseDefinition { name, values, subpartitions })
}

/// A partition's or subpartition's options: ENGINE and COMMENT are kept to no effect; the
/// rest is refused (recorded in `unsupported`).
fn options(p: &mut Parser, unsupported: &mut Option<String>) {
    loop {
        let t = p.peek_token().token;
        if word(&t, "STORAGE") {
            p.next_token();
            continue;
        }
        if word(&t, "ENGINE") || word(&t, "COMMENT") {
            p.next_token();
            let _ = p.consume_token(&Token::Eq);
            p.next_token();
            continue;
        }
        if ["DATA", "INDEX", "MAX_ROWS", "MIN_ROWS", "TABLESPACE", "NODEGROUP"]
            .iter()
            .any(|w| word(&t, w))
        {
            *unsupported = Some("partition options".into());
            // Bounded by the clause's tokens.
            while !matches!(p.peek_token().token, Token::Comma | Token::RParen | Token::EOF) {
                p.next_token();
            }
            continue;
        }
        break;
    }
}

/// What an `ALTER TABLE ... PARTITION` statement changes.
#[derive(Clone, Debug)]
pub enum PartitionChange {
    /// `ADD PARTITION (PARTITION p VALUES ..., ...)`, or `ADD PARTITION PARTITIONS n` for
    /// HASH and KEY (the count).
    Add { definitions: Vec<ClauseDefinition>, count: Option<u64> },
    /// `DROP PARTITION p0, p1`
    Drop(Vec<String>),
    /// `TRUNCATE PARTITION p0, p1`; None is `TRUNCATE PARTITION ALL`.
    Truncate(Option<Vec<String>>),
    /// `REMOVE PARTITIONING`
    Remove,
    /// `COALESCE PARTITION n` (HASH and KEY): the last n partitions go.
    Coalesce(u64),
    /// `REORGANIZE PARTITION p0, p1 INTO (PARTITION ...)`; without names and definitions,
    /// the bare `REORGANIZE PARTITION`.
    Reorganize { names: Vec<String>, into: Vec<ClauseDefinition> },
    /// `EXCHANGE PARTITION p WITH TABLE [db.]t [{WITH | WITHOUT} VALIDATION]`.
    Exchange { partition: String, database: Option<String>, table: String, validation: bool },
}

/// `ALTER TABLE t {ADD | DROP | TRUNCATE} PARTITION ...` and `ALTER TABLE t REMOVE
/// PARTITIONING`: the table and the change; None (nothing consumed) for any other ALTER.
#[allow(clippy::type_complexity)]
pub fn parse_alter(
    p: &mut Parser,
) -> Result<Option<(Option<String>, String, PartitionChange)>, ParserError> {
    let at = |p: &Parser, n: usize, w: &str| word(&p.peek_nth_token(n).token, w);
    if !(at(p, 0, "ALTER") && at(p, 1, "TABLE")) {
        return Ok(None);
    }
    let qualified = p.peek_nth_token(3).token == Token::Period;
    let op = if qualified { 5 } else { 3 };
    let partition_op = ["ADD", "DROP", "TRUNCATE", "COALESCE", "REORGANIZE", "EXCHANGE"]
        .iter()
        .any(|w| at(p, op, w))
        && at(p, op + 1, "PARTITION");
    let remove = at(p, op, "REMOVE") && at(p, op + 1, "PARTITIONING");
    if !partition_op && !remove {
        return Ok(None);
    }
    p.next_token();
    p.next_token();
    let (database, table) = super::parse_table_name(p)?;
    if eat_word(p, "REMOVE") {
        p.next_token();
        return Ok(Some((database, table, PartitionChange::Remove)));
    }
    let verb = p.next_token();
    p.next_token();
    let names = |p: &mut Parser| p.parse_comma_separated(|p| p.parse_identifier().map(|i| i.value));
    let change = if word(&verb.token, "ADD") {
        if eat_word(p, "PARTITIONS") {
            PartitionChange::Add { definitions: Vec::new(), count: Some(p.parse_literal_uint()?) }
        } else {
            PartitionChange::Add { definitions: definitions(p)?, count: None }
        }
    } else if word(&verb.token, "EXCHANGE") {
        let partition = p.parse_identifier()?.value;
        if !(eat_word(p, "WITH") && eat_word(p, "TABLE")) {
            return p.expected("WITH TABLE", p.peek_token());
        }
        let (database, table) = super::parse_table_name(p)?;
        let without = eat_word(p, "WITHOUT");
        if (without || eat_word(p, "WITH")) && !eat_word(p, "VALIDATION") {
            return p.expected("VALIDATION", p.peek_token());
        }
        let validation = !without;
        PartitionChange::Exchange { partition, database, table, validation }
    } else if word(&verb.token, "COALESCE") {
        PartitionChange::Coalesce(p.parse_literal_uint()?)
    } else if word(&verb.token, "REORGANIZE") {
        if matches!(p.peek_token().token, Token::EOF | Token::SemiColon) {
            PartitionChange::Reorganize { names: Vec::new(), into: Vec::new() }
        } else {
            let names = names(p)?;
            if !eat_word(p, "INTO") {
                return p.expected("INTO", p.peek_token());
            }
            PartitionChange::Reorganize { names, into: definitions(p)? }
        }
    } else {
        if word(&verb.token, "DROP") {
            PartitionChange::Drop(names(p)?)
        } else if eat_word(p, "ALL") {
            PartitionChange::Truncate(None)
        } else {
            PartitionChange::Truncate(Some(names(p)?))
        }
    };
    Ok(Some((database, table, change)))
}

/// A parenthesised list of partition definitions (`ADD PARTITION (...)`, `INTO (...)`).
fn definitions(p: &mut Parser) -> Result<Vec<ClauseDefinition>, ParserError> {
    p.expect_token(&Token::LParen)?;
    let mut unsupported = None;
    let mut definitions = Vec::new();
    loop {
        definitions.push(definition(p, &mut unsupported)?);
        if definitions.len() > crate::storage::partition::MAX_PARTITIONS {
            return p.expected("fewer partitions", p.peek_token());
        }
        if !p.consume_token(&Token::Comma) {
            break;
        }
    }
    p.expect_token(&Token::RParen)?;
    Ok(definitions)
}

/// The partition clause of a CREATE TABLE statement's text, if it has one.
pub fn clause_of(sql: &str) -> crate::error::Result<Option<PartitionClause>> {
    let dialect = MySqlDialect {};
    let mut tokens =
        super::tokens_with_units(&dialect, sql).map_err(|e| super::syntax_error(sql, &e))?;
    match cut_clause(&mut tokens) {
        None => Ok(None),
        Some(cut) => parse_clause(cut).map(Some).map_err(|e| super::syntax_error(sql, &e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clause_is_cut_and_read() {
        let c = clause_of(
            "CREATE TABLE t (a INT, b INT) PARTITION BY RANGE (a) (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN MAXVALUE ENGINE = InnoDB)",
        )
        .unwrap()
        .unwrap();
        assert_eq!(c.method, ClauseMethod::Range);
        assert_eq!(c.definitions.len(), 2);
        assert!(
            matches!(&c.definitions[1].values, Some(ClauseValues::LessThan(v)) if v[0].is_none())
        );
        let k =
            clause_of("CREATE TABLE t (a INT) PARTITION BY LINEAR KEY ALGORITHM=2 () PARTITIONS 3")
                .unwrap()
                .unwrap();
        assert_eq!(
            (k.method, k.count, k.columns.len()),
            (ClauseMethod::Key { linear: true }, Some(3), 0)
        );
        assert!(clause_of("CREATE TABLE t (a INT)").unwrap().is_none());
        assert!(clause_of("CREATE TEMPORARY TABLE t (a INT) PARTITION BY HASH (a)")
            .unwrap()
            .is_some());
        assert!(clause_of("SELECT 1 PARTITION BY").unwrap().is_none());
        assert!(clause_of("CREATE VIEW v AS SELECT 1").unwrap().is_none());
        assert!(clause_of("CREATE TABLE t (a INT) PARTITION BY RANGE a").is_err());
    }
}
