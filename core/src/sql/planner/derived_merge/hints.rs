//! The `MERGE` and `NO_MERGE` optimizer hints of a query block, which decide for its derived
//! tables, views and CTEs whether they are merged, ahead of `optimizer_switch`'s
//! `derived_merge` flag (the manual's "Optimizer Hints", table-level hints:
//! `/*+ MERGE(dt) NO_MERGE(v) */`; with no table name a hint covers every one of the block).
//!
//! Simplification: a hint's query block name (`dt@qb`, `@qb dt`) is not followed: a hint
//! applies to the block whose SELECT carries it, which is where MySQL applies one without a
//! block name. Where two hints name the same table the first one written wins (MySQL keeps
//! the first too, and warns about the second: that warning is not given).

use sqlparser::ast::Select;

/// The text of each optimizer hint comment of a SELECT (`/*+ ... */`), in written order.
pub fn block_hints(sel: &Select) -> Vec<String> {
    sel.optimizer_hints.iter().filter(|h| h.prefix.is_empty()).map(|h| h.text.clone()).collect()
}

/// What a block's hints ([`block_hints`]) say of the FROM item read as `alias`: `Some(true)`
/// for MERGE, `Some(false)` for NO_MERGE, `None` when no hint names it.
pub fn merge_hint_in(hints: &[String], alias: &str) -> Option<bool> {
    hints.iter().find_map(|text| said_in(text, alias))
}

/// Longest hint text read (a hint is a comment: bounded as the statement is, but the scan
/// below stops here anyway).
const HINT_TEXT_MAX: usize = 64 * 1024;

/// The first MERGE / NO_MERGE hint in `text` that covers `alias`.
fn said_in(text: &str, alias: &str) -> Option<bool> {
    let text = &text[..floor_char_boundary(text, HINT_TEXT_MAX)];
    let upper = text.to_ascii_uppercase();
    let mut at = 0;
    while let Some(found) = upper[at..].find("MERGE") {
        let start = at + found;
        let end = start + "MERGE".len();
        at = end;
        let negated = upper[..start].ends_with("NO_");
        let name_start = if negated { start - 3 } else { start };
        // A whole word: not part of another hint's name (`NO_SEMIJOIN(... MERGE ...)` has
        // none, but `XMERGE` would be another word).
        let before = upper[..name_start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = text[end..].trim_start();
        let Some(args) = rest.strip_prefix('(') else { continue };
        let close = args.find(')')?;
        let args = &args[..close];
        if covers(args, alias) {
            return Some(!negated);
        }
    }
    None
}

/// Whether a hint's argument list names `alias`, or names no table (then it covers all).
fn covers(args: &str, alias: &str) -> bool {
    let names: Vec<&str> = args
        .split([',', ' ', '\t', '\n'])
        .filter(|w| !w.is_empty() && !w.starts_with('@'))
        .collect();
    names.is_empty()
        || names.iter().any(|n| {
            // `dt@qb`: the table part.
            let table = n.split('@').next().unwrap_or(n).trim_matches('`');
            table.eq_ignore_ascii_case(alias)
        })
}

fn floor_char_boundary(s: &str, max: usize) -> usize {
    if s.len() <= max {
        return s.len();
    }
    (0..=max).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::said_in;

    #[test]
    fn merge_and_no_merge_name_their_tables_or_all() {
        assert_eq!(said_in(" merge(qn) no_merge(qn2) ", "qn"), Some(true));
        assert_eq!(said_in(" merge(qn) no_merge(qn2) ", "QN2"), Some(false));
        assert_eq!(said_in(" merge(qn) ", "other"), None);
        assert_eq!(said_in(" NO_MERGE() ", "d"), Some(false));
        assert_eq!(said_in(" NO_MERGE(@sel1 d) ", "d"), Some(false));
        assert_eq!(said_in(" MERGE(`d`@`select#1`) ", "d"), Some(true));
        assert_eq!(said_in(" JOIN_FIXED_ORDER() ", "d"), None);
        assert_eq!(said_in(" MERGE(d", "d"), None);
    }
}
