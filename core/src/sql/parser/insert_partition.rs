//! `INSERT` / `REPLACE` with a partition list, in MySQL's order:
//! `INSERT [modifiers] [INTO] t PARTITION (p0, ...) [(a, b)] {VALUES | SET | SELECT} ...`
//! (the manual's "INSERT Statement" and "Partition Selection").
//!
//! sqlparser reads the partition list after the column list (Hive's order). The MySQL order
//! is put into sqlparser's by moving the column list before `PARTITION`; sqlparser's own
//! order, which MySQL refuses, has its `PARTITION` made a quoted word that sqlparser refuses
//! there, so the statement is ERROR 1064 near `PARTITION`, as mysqld answers.

use super::{closing_paren as closing, unquoted_word as word};
use sqlparser::tokenizer::{Token, TokenWithSpan};

/// Whether the `(` at `sig[open]` starts a query (`(SELECT ...)`, `(WITH ...)`, ...) rather
/// than a column list.
fn starts_query(tokens: &[TokenWithSpan], sig: &[usize], open: usize) -> bool {
    let next = sig.get(open + 1).map(|&i| &tokens[i].token);
    next.is_some_and(|t| {
        ["SELECT", "WITH", "VALUES", "TABLE"].iter().any(|w| word(t, w))
            || matches!(t, Token::LParen)
    })
}

/// Rewrites an INSERT's or REPLACE's partition list as described in the module header.
pub(super) fn rewrite(tokens: &mut [TokenWithSpan]) {
    let sig = super::significant(tokens);
    let Some(&first) = sig.first() else { return };
    if !(word(&tokens[first].token, "INSERT") || word(&tokens[first].token, "REPLACE")) {
        return;
    }
    let modifier = |t: &Token| {
        ["LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO"].iter().any(|w| word(t, w))
    };
    let mut k = 1;
    while sig.get(k).is_some_and(|&i| modifier(&tokens[i].token)) {
        k += 1;
    }
    // The table name: `t` or `db.t`.
    if !sig.get(k).is_some_and(|&i| matches!(tokens[i].token, Token::Word(_))) {
        return;
    }
    k += 1;
    if sig.get(k).is_some_and(|&i| tokens[i].token == Token::Period) {
        k += 2;
    }
    let at = |k: usize| sig.get(k).map(|&i| &tokens[i].token);
    if at(k).is_some_and(|t| word(t, "PARTITION")) && at(k + 1) == Some(&Token::LParen) {
        let Some(list_end) = closing(tokens, &sig, k + 1) else { return };
        let cols = list_end + 1;
        if at(cols) != Some(&Token::LParen) || starts_query(tokens, &sig, cols) {
            return;
        }
        let Some(cols_end) = closing(tokens, &sig, cols) else { return };
        // Move `(a, b)` (and the whitespace before it) in front of `PARTITION`.
        let (from, split, to) = (sig[k], sig[list_end] + 1, sig[cols_end] + 1);
        tokens[from..to].rotate_left(split - from);
    } else if at(k) == Some(&Token::LParen) && !starts_query(tokens, &sig, k) {
        let Some(cols_end) = closing(tokens, &sig, k) else { return };
        if let Some(&i) = sig.get(cols_end + 1) {
            if word(&tokens[i].token, "PARTITION") {
                tokens[i].token = Token::make_word("PARTITION", Some('`'));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::sql::parser::{parse, Statement};

    fn partitions_and_columns(sql: &str) -> (Vec<String>, Vec<String>) {
        let Ok(Statement::Other(s)) = parse(sql) else { panic!("{sql}: not parsed") };
        let sqlparser::ast::Statement::Insert(i) = *s else { panic!("{sql}: not an INSERT") };
        let parts = i.partitioned.unwrap_or_default().iter().map(|e| e.to_string()).collect();
        (parts, i.columns.iter().map(|c| c.to_string()).collect())
    }

    #[test]
    fn mysql_order_is_read_and_hive_order_refused() {
        let (p, c) =
            partitions_and_columns("INSERT INTO t PARTITION (p0, p1) (a, b) VALUES (1, 2)");
        assert_eq!((p, c), (vec!["p0".into(), "p1".into()], vec!["a".into(), "b".into()]));
        let (p, c) = partitions_and_columns("REPLACE d.t PARTITION (p0) VALUES (1, 2)");
        assert_eq!((p.len(), c.len()), (1, 0));
        let (p, _) = partitions_and_columns("INSERT IGNORE INTO t PARTITION (p1) (SELECT 1)");
        assert_eq!(p.len(), 1);
        let e = parse("INSERT INTO t (a, b) PARTITION (p0) VALUES (1, 2)").unwrap_err();
        assert_eq!(e.code, 1064);
        assert!(e.message.contains("near 'PARTITION (p0)"), "{}", e.message);
    }
}
