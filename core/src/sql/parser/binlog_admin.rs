//! The binary log's administration statements that sqlparser does not read, word by word:
//! `PURGE BINARY LOGS TO 'file'` / `BEFORE datetime_expr`, and `RESET BINARY LOGS AND GTIDS
//! [TO n]` (MySQL 8.4's name for RESET MASTER, which 9.x no longer has). `FLUSH [BINARY]
//! LOGS` is sqlparser's FLUSH (`server/statements`).

use sqlparser::ast::Expr;
use sqlparser::dialect::MySqlDialect;

/// One of the binary log's administration statements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BinlogAdmin {
    /// `PURGE BINARY LOGS TO 'file'`.
    PurgeTo(String),
    /// `PURGE BINARY LOGS BEFORE datetime_expr` (`'2026-09-23 08:00:00'`, `NOW() - INTERVAL
    /// 3 DAY`).
    PurgeBefore(Box<Expr>),
    /// `RESET BINARY LOGS AND GTIDS [TO n]`.
    Reset(Option<u64>),
}

/// The statement, if `sql` is one of these; None leaves it to the general parser (which
/// answers what these forms do not take with a syntax error).
pub fn parse(sql: &str) -> Option<BinlogAdmin> {
    let text = sql.trim().trim_end_matches(';').trim_end();
    let words: Vec<&str> = text.split_whitespace().collect();
    let is = |i: usize, w: &str| words.get(i).is_some_and(|x| x.eq_ignore_ascii_case(w));
    match words.len() {
        5 if is(0, "RESET")
            && is(1, "BINARY")
            && is(2, "LOGS")
            && is(3, "AND")
            && is(4, "GTIDS") =>
        {
            return Some(BinlogAdmin::Reset(None))
        }
        7 if is(0, "RESET")
            && is(1, "BINARY")
            && is(2, "LOGS")
            && is(3, "AND")
            && is(4, "GTIDS")
            && is(5, "TO") =>
        {
            return words[6].parse().ok().map(|n| BinlogAdmin::Reset(Some(n)))
        }
        _ => {}
    }
    if !(is(0, "PURGE") && (is(1, "BINARY") || is(1, "MASTER")) && is(2, "LOGS")) {
        return None;
    }
    // The rest: TO and a quoted file name, or BEFORE and an expression.
    let rest = text.splitn(4, char::is_whitespace).nth(3)?.trim_start();
    let (kind, value) = rest.split_once(char::is_whitespace)?;
    if kind.eq_ignore_ascii_case("TO") {
        Some(BinlogAdmin::PurgeTo(unquote(value.trim())?))
    } else if kind.eq_ignore_ascii_case("BEFORE") {
        let mut p = sqlparser::parser::Parser::new(&MySqlDialect {}).try_with_sql(value).ok()?;
        let e = p.parse_expr().ok()?;
        p.peek_token()
            .token
            .eq(&sqlparser::tokenizer::Token::EOF)
            .then_some(BinlogAdmin::PurgeBefore(Box::new(e)))
    } else {
        None
    }
}

/// Where a syntax error starts in a binary log statement MySQL 8.4 removed (`RESET MASTER`,
/// `PURGE MASTER LOGS` is still accepted): at `MASTER`, as 9.x's parser reports it.
pub fn removed_spelling(sql: &str) -> Option<&str> {
    let text = sql.trim_start();
    let (first, rest) = text.split_once(char::is_whitespace)?;
    let rest = rest.trim_start().trim_end().trim_end_matches(';').trim_end();
    let master = rest.get(..6).is_some_and(|w| w.eq_ignore_ascii_case("MASTER"));
    (first.eq_ignore_ascii_case("RESET") && master).then_some(rest)
}

/// Where the syntax error of `PURGE BINARY LOGS BEFORE expr junk` starts: at the first token
/// after the expression (`junk`), as MySQL's parser quotes it, with its line.
pub fn purge_before_trailing(sql: &str) -> Option<(&str, u32)> {
    let text = sql.trim().trim_end_matches(';').trim_end();
    let words: Vec<&str> = text.split_whitespace().take(4).collect();
    let is = |i: usize, w: &str| words.get(i).is_some_and(|x| x.eq_ignore_ascii_case(w));
    if !(is(0, "PURGE") && (is(1, "BINARY") || is(1, "MASTER")) && is(2, "LOGS") && is(3, "BEFORE"))
    {
        return None;
    }
    // The expression starts after the fourth word.
    let mut at = 0;
    for _ in 0..4 {
        at += text[at..].find(|c: char| !c.is_whitespace())?;
        at += text[at..].find(char::is_whitespace).unwrap_or(text.len() - at);
    }
    let value = &text[at..];
    let mut p = sqlparser::parser::Parser::new(&MySqlDialect {}).try_with_sql(value).ok()?;
    p.parse_expr().ok()?;
    let next = p.peek_token();
    if next.token == sqlparser::tokenizer::Token::EOF {
        return None;
    }
    // sqlparser's location: 1-based line and column (in characters) within `value`.
    let (line, column) = (next.span.start.line, next.span.start.column);
    let line_start: usize =
        value.split_inclusive('\n').take(line.saturating_sub(1) as usize).map(str::len).sum();
    let in_line = value[line_start..]
        .char_indices()
        .nth(column.saturating_sub(1) as usize)
        .map_or(value.len() - line_start, |(i, _)| i);
    let near = &value[line_start + in_line..];
    let sql_line = 1 + text[..text.len() - near.len()].matches('\n').count() as u32;
    Some((near, sql_line))
}

/// `'text'` or `"text"` without its quotes (no escapes: file names and datetimes have none).
fn unquote(s: &str) -> Option<String> {
    let q = s.chars().next()?;
    if (q == '\'' || q == '"') && s.len() >= 2 && s.ends_with(q) {
        let inner = &s[1..s.len() - 1];
        (!inner.contains(q)).then(|| inner.to_string())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms() {
        assert_eq!(
            parse("PURGE BINARY LOGS TO 'binlog.000003'"),
            Some(BinlogAdmin::PurgeTo("binlog.000003".into()))
        );
        let before = |sql: &str| matches!(parse(sql), Some(BinlogAdmin::PurgeBefore(_)));
        assert!(before("purge binary logs before '2026-09-23 08:00:00';"));
        assert!(before("PURGE BINARY LOGS BEFORE NOW() - INTERVAL 3 DAY"));
        assert!(!before("PURGE BINARY LOGS BEFORE NOW() garbage"));
        assert_eq!(parse("RESET BINARY LOGS AND GTIDS"), Some(BinlogAdmin::Reset(None)));
        assert_eq!(
            parse("RESET BINARY LOGS AND GTIDS TO 1234"),
            Some(BinlogAdmin::Reset(Some(1234)))
        );
        assert_eq!(removed_spelling("RESET MASTER;"), Some("MASTER"));
        assert_eq!(removed_spelling("reset master to 5"), Some("master to 5"));
        assert_eq!(removed_spelling("RESET PERSIST"), None);
        assert_eq!(removed_spelling("RESET ééé"), None, "no panic off a character boundary");
        assert_eq!(purge_before_trailing("PURGE BINARY LOGS BEFORE NOW() junk"), Some(("junk", 1)));
        assert_eq!(
            purge_before_trailing("purge binary logs before\n 'é' - INTERVAL 1 DAY  x y;"),
            Some(("x y", 2))
        );
        assert_eq!(purge_before_trailing("PURGE BINARY LOGS BEFORE NOW()"), None);
        assert_eq!(purge_before_trailing("PURGE BINARY LOGS TO 'x' junk"), None);
        for not_ours in
            ["RESET MASTER", "PURGE BINARY LOGS TO binlog", "FLUSH TABLES", "RESET BINARY LOGS"]
        {
            assert_eq!(parse(not_ours), None, "{not_ours}");
        }
    }
}
