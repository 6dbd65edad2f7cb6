//! The optimizer hints of EXPLAIN's Note 1003: MySQL prints the hints it resolved as one
//! comment right after the outer block's `select` (`/* select#1 */ select /*+ NO_MERGE(`d`@
//! `select#1`) */ ...`), each hint naming its query block (`@`select#1``, or the name a
//! QB_NAME hint gave it) and a hint of several tables written once per table
//! (mysql-test r/opt_hints.result: `BKA(t1, t2)` prints `BKA(`t1`@`select#1`)
//! BKA(`t2`@`select#1`)`, `BKA()` prints `BKA(@`select#1`)`, `QB_NAME(QB1) BKA(t2@QB1)`
//! prints `QB_NAME(`QB1`) BKA(`t2`@`QB1`)`).
//!
//! The order (sql/opt_hints.cc, `Opt_hints::print`): MAX_EXECUTION_TIME (the statement's),
//! then the block's QB_NAME, its own hints (those naming no table) in MySQL's hint-type
//! order, then each table's in the order the tables were first named, each in hint-type
//! order. A second hint of a type on the same block or table is dropped (MySQL keeps the
//! first and warns 3126).
//!
//! Simplifications: only the outer block's hints are printed (hints in derived tables,
//! subqueries or other set-operation members, and hints naming another block by its
//! QB_NAME, are left out); only the table-level hints BKA, BNL, HASH_JOIN, MERGE and
//! DERIVED_CONDITION_PUSHDOWN (and their NO_ forms), QB_NAME and MAX_EXECUTION_TIME are
//! printed, with the index-level ICP and NO_ICP (other index-level, join-order, semi-join,
//! SET_VAR and RESOURCE_GROUP hints are not);
//! a hint naming a table the block does not read is left out without MySQL's warning 3128.

use sqlparser::ast::{Query, Select, SetExpr, TableFactor, TableWithJoins};

/// Most hints one comment prints.
const HINTS_MAX: usize = 64;

/// Longest hint text read.
const HINT_TEXT_MAX: usize = 64 * 1024;

/// The table-level hints printed, with their place in MySQL's hint-type order
/// (opt_hints.cc `opt_hint_info`: BKA 0, BNL 1, MERGE 9, HASH_JOIN 18; UNCONFIRMED:
/// DERIVED_CONDITION_PUSHDOWN, added in 8.0.22, is taken to follow ORDER_INDEX, 22).
const TABLE_HINTS: [(&str, u8); 5] =
    [("BKA", 0), ("BNL", 1), ("MERGE", 9), ("HASH_JOIN", 18), ("DERIVED_CONDITION_PUSHDOWN", 23)];

/// ICP's place in the hint-type order (opt_hints.cc `opt_hint_info`: after BKA and BNL).
const ICP_ORDER: u8 = 2;

/// Where an index-level hint prints among a table's hints: after every table-level one
/// (`Opt_hints::print` prints a table's own hints, then its keys').
const KEY_HINTS_AFTER: u8 = 64;

/// QB_NAME's place: first of the block's hints. UNCONFIRMED: MySQL prints it apart from
/// the switch hints (it has an argument of its own); r/opt_hints.result shows it before the
/// block's table hints, and it is taken to precede the block's own switch hints too.
const QB_NAME_ORDER: u8 = 0;

/// One hint as printed: its type's place, and its text.
struct Printed {
    order: u8,
    text: String,
}

/// Where a hint applies: the block (no table) or a table of it, by alias.
#[derive(Clone, PartialEq)]
enum Target {
    Block,
    Table(String),
    /// An index of a table, both by lower-case name.
    Key(String, String),
}

/// The `/*+ ... */ ` comment the Note prints after the outer block's `select`, or `None`
/// when no hint of the block is printed.
pub fn note_comment(q: &Query) -> Option<String> {
    let sel = first_select(q)?;
    let texts: Vec<&str> = sel
        .optimizer_hints
        .iter()
        .filter(|h| h.prefix.is_empty())
        .map(|h| &h.text[..floor_char_boundary(&h.text, HINT_TEXT_MAX)])
        .collect();
    let hints: Vec<(String, String)> = texts.iter().flat_map(|t| split_hints(t)).collect();
    // The block's name: the first QB_NAME, else MySQL's own.
    let qb_name = hints.iter().find(|(n, _)| n == "QB_NAME").and_then(|(_, a)| {
        let name = a.trim().trim_matches('`');
        (!name.is_empty() && !name.contains([' ', ','])).then(|| name.to_string())
    });
    let block = qb_name.clone().unwrap_or_else(|| "select#1".into());
    let aliases = from_aliases(&sel.from);

    let mut global = Vec::new();
    let mut own: Vec<Printed> = Vec::new();
    // Tables in the order first named, each with its hints.
    let mut tables: Vec<(String, Vec<Printed>)> = Vec::new();
    let mut seen: Vec<(u8, Target)> = Vec::new();
    if let Some(name) = &qb_name {
        own.push(Printed { order: QB_NAME_ORDER, text: format!("QB_NAME(`{name}`)") });
    }
    for (name, args) in hints.iter().take(HINTS_MAX) {
        if name == "MAX_EXECUTION_TIME" {
            let ms = args.trim();
            if global.is_empty() && !ms.is_empty() && ms.bytes().all(|b| b.is_ascii_digit()) {
                global.push(format!("MAX_EXECUTION_TIME({ms})"));
            }
            continue;
        }
        if name == "ICP" || name == "NO_ICP" {
            // Index-level: `NO_ICP(t)` for every index of t, `NO_ICP(t i1, i2)` per index,
            // each printed on its own (UNCONFIRMED: one hint per index, as MySQL keeps a
            // key's hints apart from its table's; an index the table lacks is not checked).
            let Some((qb, names)) = hint_arguments(args) else { continue };
            if qb.as_deref().is_some_and(|q| !q.eq_ignore_ascii_case(&block)) {
                continue;
            }
            let Some(((table, table_qb), indexes)) = names.split_first() else { continue };
            if table_qb.as_deref().is_some_and(|q| !q.eq_ignore_ascii_case(&block)) {
                continue;
            }
            let Some(alias) = aliases.iter().find(|a| a.eq_ignore_ascii_case(table)) else {
                continue;
            };
            let lower = alias.to_ascii_lowercase();
            let mut printed = Vec::new();
            let table_target = (ICP_ORDER, Target::Table(lower.clone()));
            if indexes.is_empty() && !seen.contains(&table_target) {
                seen.push(table_target);
                let text = format!("{name}(`{alias}`@`{block}`)");
                printed.push(Printed { order: ICP_ORDER, text });
            }
            for (index, _) in indexes {
                let target = Target::Key(lower.clone(), index.to_ascii_lowercase());
                if !seen.contains(&(ICP_ORDER, target.clone())) {
                    seen.push((ICP_ORDER, target));
                    let text = format!("{name}(`{alias}`@`{block}` `{index}`)");
                    printed.push(Printed { order: KEY_HINTS_AFTER + ICP_ORDER, text });
                }
            }
            match tables.iter_mut().find(|(a, _)| a.eq_ignore_ascii_case(alias)) {
                Some((_, list)) => list.extend(printed),
                None if !printed.is_empty() => tables.push((alias.clone(), printed)),
                None => {}
            }
            continue;
        }
        let (base, negated) = match name.strip_prefix("NO_") {
            Some(rest) if TABLE_HINTS.iter().any(|(n, _)| *n == rest) => (rest, true),
            _ => (name.as_str(), false),
        };
        let Some(&(_, order)) = TABLE_HINTS.iter().find(|(n, _)| *n == base) else { continue };
        let shown = if negated { format!("NO_{base}") } else { base.to_string() };
        let Some((qb, names)) = hint_arguments(args) else { continue };
        // A hint naming another block is not followed (module comment).
        if qb.as_deref().is_some_and(|q| !q.eq_ignore_ascii_case(&block)) {
            continue;
        }
        if names.is_empty() {
            if !seen.contains(&(order, Target::Block)) {
                seen.push((order, Target::Block));
                own.push(Printed { order, text: format!("{shown}(@`{block}`)") });
            }
            continue;
        }
        for (table, table_qb) in names {
            if table_qb.as_deref().is_some_and(|q| !q.eq_ignore_ascii_case(&block)) {
                continue;
            }
            let Some(alias) = aliases.iter().find(|a| a.eq_ignore_ascii_case(&table)) else {
                continue;
            };
            let target = Target::Table(alias.to_ascii_lowercase());
            if seen.contains(&(order, Target::Table(alias.to_ascii_lowercase()))) {
                continue;
            }
            seen.push((order, target));
            let text = format!("{shown}(`{alias}`@`{block}`)");
            match tables.iter_mut().find(|(a, _)| a.eq_ignore_ascii_case(alias)) {
                Some((_, list)) => list.push(Printed { order, text }),
                None => tables.push((alias.clone(), vec![Printed { order, text }])),
            }
        }
    }
    own.sort_by_key(|p| p.order);
    let mut out: Vec<String> = global;
    out.extend(own.into_iter().map(|p| p.text));
    for (_, mut list) in tables {
        list.sort_by_key(|p| p.order);
        out.extend(list.into_iter().map(|p| p.text));
    }
    if out.is_empty() {
        return None;
    }
    Some(format!("/*+ {} */ ", out.join(" ")))
}

/// Puts `comment` after the outer block's `select` in a Note 1003 text.
pub fn with_comment(note: &str, comment: &str) -> String {
    const OUTER: &str = "/* select#1 */ select ";
    match note.find(OUTER) {
        Some(at) => {
            let end = at + OUTER.len();
            format!("{}{comment}{}", &note[..end], &note[end..])
        }
        None => note.to_string(),
    }
}

/// The outer block: the query's SELECT, or a set operation's first one.
fn first_select(q: &Query) -> Option<&Select> {
    let mut body = q.body.as_ref();
    for _ in 0..64 {
        body = match body {
            SetExpr::Select(s) => return Some(s),
            SetExpr::SetOperation { left, .. } => left,
            SetExpr::Query(inner) => inner.body.as_ref(),
            _ => return None,
        };
    }
    None
}

/// The names the block's FROM items are read as (aliases, else table names).
fn from_aliases(from: &[TableWithJoins]) -> Vec<String> {
    let mut out = Vec::new();
    for twj in from {
        factor_aliases(&twj.relation, &mut out, 0);
        for j in &twj.joins {
            factor_aliases(&j.relation, &mut out, 0);
        }
    }
    out
}

fn factor_aliases(f: &TableFactor, out: &mut Vec<String>, depth: u32) {
    if depth > 64 {
        return;
    }
    match f {
        TableFactor::Table { name, alias, .. } => match alias {
            Some(a) => out.push(a.name.value.clone()),
            None => {
                if let Some(last) = name.0.last() {
                    out.push(last.to_string().trim_matches('`').to_string());
                }
            }
        },
        TableFactor::Derived { alias: Some(a), .. } => out.push(a.name.value.clone()),
        TableFactor::NestedJoin { table_with_joins, .. } => {
            factor_aliases(&table_with_joins.relation, out, depth + 1);
            for j in &table_with_joins.joins {
                factor_aliases(&j.relation, out, depth + 1);
            }
        }
        _ => {}
    }
}

/// The hints of one comment's text: each name (upper case) and its argument text.
fn split_hints(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while out.len() < HINTS_MAX {
        rest = rest.trim_start();
        let name_len =
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        if name_len == 0 {
            break;
        }
        let name = rest[..name_len].to_ascii_uppercase();
        let after = rest[name_len..].trim_start();
        let Some(args) = after.strip_prefix('(') else { break };
        let Some(close) = args.find(')') else { break };
        out.push((name, args[..close].to_string()));
        rest = &args[close + 1..];
    }
    out
}

/// A table-level hint's arguments: the leading `@qb` if written, and each table with the
/// `@qb` written after it. `None` for text that is not of that form.
#[allow(clippy::type_complexity)]
fn hint_arguments(args: &str) -> Option<(Option<String>, Vec<(String, Option<String>)>)> {
    let unquote = |s: &str| s.trim().trim_matches('`').to_string();
    let mut words: Vec<&str> =
        args.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()).collect();
    let mut qb = None;
    if let Some(first) = words.first() {
        if let Some(name) = first.strip_prefix('@') {
            qb = Some(unquote(name));
            words.remove(0);
        }
    }
    let mut tables = Vec::new();
    for w in words {
        let (table, table_qb) = match w.split_once('@') {
            Some((t, q)) => (unquote(t), Some(unquote(q))),
            None => (unquote(w), qb.clone()),
        };
        if table.is_empty() {
            return None;
        }
        tables.push((table, table_qb));
    }
    Some((qb, tables))
}

fn floor_char_boundary(s: &str, max: usize) -> usize {
    if s.len() <= max {
        return s.len();
    }
    (0..=max).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::parser::{parse, Statement};

    fn comment(sql: &str) -> Option<String> {
        let Ok(Statement::Select(q)) = parse(sql) else { panic!("not a SELECT: {sql}") };
        note_comment(&q)
    }

    #[test]
    fn hints_print_per_table_with_the_block_name() {
        assert_eq!(
            comment("SELECT /*+ BKA(t1, t2) */ 1 FROM t1, t2").as_deref(),
            Some("/*+ BKA(`t1`@`select#1`) BKA(`t2`@`select#1`) */ ")
        );
        assert_eq!(
            comment("SELECT /*+ BKA() */ 1 FROM t1, t2").as_deref(),
            Some("/*+ BKA(@`select#1`) */ ")
        );
        assert_eq!(
            comment("SELECT /*+ QB_NAME(QB1) BKA(t2@QB1) */ 1 FROM t1, t2").as_deref(),
            Some("/*+ QB_NAME(`QB1`) BKA(`t2`@`QB1`) */ ")
        );
    }

    #[test]
    fn icp_hints_print_per_table_then_per_index() {
        let got = comment("SELECT /*+ ICP(t2 i_b, i_c) NO_ICP(t1) BKA(t2) */ * FROM t1, t2");
        // Tables in the order first named; a table's own hints before its indexes'.
        let want = "/*+ BKA(`t2`@`select#1`) ICP(`t2`@`select#1` `i_b`) \
                    ICP(`t2`@`select#1` `i_c`) NO_ICP(`t1`@`select#1`) */ ";
        assert_eq!(got.as_deref(), Some(want));
        // A second hint of the same table or index is dropped; an unknown table is left out.
        let got = comment("SELECT /*+ NO_ICP(t1) ICP(t1) NO_ICP(t9) */ * FROM t1");
        assert_eq!(got.as_deref(), Some("/*+ NO_ICP(`t1`@`select#1`) */ "));
    }

    #[test]
    fn unknown_tables_blocks_and_hints_are_left_out() {
        assert_eq!(comment("SELECT /*+ NO_MERGE(x) FOO(d) */ 1 FROM t1 d"), None);
        assert_eq!(comment("SELECT /*+ NO_MERGE(d@other) */ 1 FROM t1 d"), None);
        assert_eq!(
            comment("SELECT /*+ NO_MERGE(d) MERGE(d) MAX_EXECUTION_TIME(100) */ 1 FROM t1 d")
                .as_deref(),
            Some("/*+ MAX_EXECUTION_TIME(100) NO_MERGE(`d`@`select#1`) */ ")
        );
    }

    #[test]
    fn the_comment_follows_the_outer_select() {
        let note = "with `c` as (/* select#2 */ select 1) /* select#1 */ select 1 AS `1`";
        assert_eq!(
            with_comment(note, "/*+ X */ "),
            "with `c` as (/* select#2 */ select 1) /* select#1 */ select /*+ X */ 1 AS `1`"
        );
    }
}
