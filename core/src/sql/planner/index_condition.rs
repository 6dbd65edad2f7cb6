//! Index condition pushdown (EXPLAIN's `Using index condition`): for a `ref`, `eq_ref` or
//! `range` read of a secondary index that must fetch each entry's clustered row, the part
//! of the table's WHERE conditions that reads only columns the index entry holds (its key
//! parts and, in InnoDB, the primary key columns appended to it) is tested on the entry
//! first; only an entry that passes costs its clustered lookup. The manual's "Index
//! Condition Pushdown Optimization" page; which reads qualify follows mysql-server's
//! `QEP_TAB::push_index_cond` (sql_select.cc: not a clustered index, not `const`, not a
//! reversed read, not a covering read, which `make_join_readinfo` turns into a key-only read
//! instead) and which conditions follow `uses_index_fields_only` (sql_optimizer.cc: no
//! stored function, no subquery; a column must be part of the key and neither a BLOB/TEXT
//! nor a geometry column, which TuneLab lacks; an index holding a virtual generated column pushes nothing). The
//! switch is `optimizer_switch`'s `index_condition_pushdown` (on by default).
//!
//! The cost model does not see the pushdown (MySQL decides it after the join order and
//! access paths are fixed), so the plan chosen is the same with the switch on or off; what
//! changes is EXPLAIN's Extra and the clustered lookups the read makes
//! (`execution/table_read.rs`).
//!
//! The `ICP` / `NO_ICP` optimizer hints (manual "Optimizer Hints", index-level hints:
//! `/*+ NO_ICP(t) */` for every index of `t`, `/*+ NO_ICP(t idx1, idx2) */` for those
//! indexes) decide ahead of the switch, a hint naming the read's index ahead of one naming
//! only the table (opt_hints.cc, `hint_key_state`), and the first hint written of each kind
//! wins ([`IcpHint`]).
//!
//! Simplifications: a condition that also reads another table's column is never pushed
//! (MySQL pushes one into a `ref` read when no join buffer is used); the inner table of a
//! LEFT JOIN pushes nothing (its conditions are guarded there); single-table UPDATE and
//! DELETE push nothing (their EXPLAIN keeps `Using where`); a hint's query block name
//! (`t@qb`) is not followed (a hint applies to the block whose SELECT carries it), and a
//! hint naming an index the table lacks is not warned about (MySQL's 3128).

use super::access_path::{Choice, Levels, Path, TableInput};
use crate::sql::bind::BExpr;
use crate::sql::parser::VarScope;
use crate::storage::schema::{ColumnType, IndexDef};
use crate::storage::table::Table;
use std::sync::Arc;

/// The pushed part of a table's conditions.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexCondition {
    /// The conjuncts as the query bound them (positions in the joined row): what EXPLAIN
    /// prints and matches against the table's conditions.
    pub joined: Vec<BExpr>,
    /// The same conjuncts over the table's own row (positions in the table), for the read to
    /// test on an index entry.
    pub on_row: Vec<BExpr>,
}

/// Built-ins whose value does not depend on their arguments alone (MySQL's
/// non-deterministic functions: a pushed condition would be evaluated a second time).
const NON_DETERMINISTIC: &[&str] =
    &["RAND", "UUID", "UUID_SHORT", "SYSDATE", "SLEEP", "CONNECTION_ID", "LAST_INSERT_ID"];

/// Whether `optimizer_switch` has `index_condition_pushdown=on` for the session running
/// `cx` (its default).
pub fn switch_on(cx: &mut dyn crate::sql::expr::EvalContext) -> bool {
    match cx.system_variable("optimizer_switch", VarScope::Default) {
        Ok(crate::sql::Value::Str(flags)) => {
            super::derived_merge::switch_flag_on(&flags, "index_condition_pushdown")
        }
        _ => true,
    }
}

/// One `ICP` or `NO_ICP` optimizer hint naming a table: whether it turns the pushdown on,
/// and the indexes it names (none: every index of the table).
#[derive(Clone, Debug, PartialEq)]
pub struct IcpHint {
    pub on: bool,
    pub indexes: Vec<String>,
}

/// Longest hint text read (a hint is a comment, bounded as the statement is).
const HINT_TEXT_MAX: usize = 64 * 1024;

/// The `ICP` / `NO_ICP` hints of a query block's hint comments (`block_hints`) that name
/// the table read as `alias`, in written order.
pub fn hints_naming(block_hints: &[String], alias: &str) -> Vec<IcpHint> {
    named_hints(block_hints, alias, "ICP")
}

/// The `WORD` / `NO_WORD` index-level hints (`ICP`, `GROUP_INDEX`) of a query block's hint
/// comments that name the table read as `alias`, in written order.
pub fn named_hints(block_hints: &[String], alias: &str, word: &str) -> Vec<IcpHint> {
    let mut out = Vec::new();
    for text in block_hints {
        let end = (0..=text.len().min(HINT_TEXT_MAX)).rev().find(|&i| text.is_char_boundary(i));
        let text = &text[..end.unwrap_or(0)];
        let upper = text.to_ascii_uppercase();
        let mut at = 0;
        // Bounded by the text: each round moves past one occurrence.
        while let Some(found) = upper[at..].find(word) {
            let start = at + found;
            at = start + word.len();
            let negated = upper[..start].ends_with("NO_");
            let name_start = if negated { start - 3 } else { start };
            let before = upper[..name_start].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let Some(args) = text[at..].trim_start().strip_prefix('(') else { continue };
            let Some(close) = args.find(')') else { break };
            let mut words = (args[..close].split([',', ' ', '\t', '\n', '\r']))
                .filter(|w| !w.is_empty() && !w.starts_with('@'))
                .map(|w| w.trim_matches('`'));
            // The table (`t@qb`: its table part), then its indexes.
            let Some(table) = words.next().map(|w| w.split('@').next().unwrap_or(w)) else {
                continue;
            };
            if table.trim_matches('`').eq_ignore_ascii_case(alias) {
                let indexes = words.map(str::to_string).collect();
                out.push(IcpHint { on: !negated, indexes });
            }
        }
    }
    out
}

/// What a table's hints say of pushing a condition into `index`: the first hint naming the
/// index, else the first naming the table alone, else nothing (the switch decides).
pub fn hinted(hints: &[IcpHint], index: &str) -> Option<bool> {
    let names = |h: &&IcpHint| h.indexes.iter().any(|i| i.eq_ignore_ascii_case(index));
    (hints.iter().find(names)).or_else(|| hints.iter().find(|h| h.indexes.is_empty())).map(|h| h.on)
}

/// The conditions a query block must not push, whatever the switch and hints say.
#[derive(Clone, Debug, PartialEq)]
pub enum Withheld {
    Nothing,
    /// The block pushes nothing (`Work::index_condition_blocked`).
    All,
    /// These AND-ed parts of WHERE held a subquery before its result stood in them: MySQL
    /// never pushes a condition with a subquery (sql_optimizer.cc, `uses_index_fields_only`).
    These(Vec<BExpr>),
}

/// What a block withholds: everything when `blocked`, else the parts of its bound WHERE
/// (`filter`) that `subquery_parts` marks (`Work::subquery_conjuncts`: one flag per AND-ed
/// part of the WHERE as written, before its subqueries ran). When the bound WHERE has
/// another number of parts than the written one (a merged derived table's or a reordered
/// join's conditions joined it), the parts cannot be told apart and nothing is pushed.
pub fn withheld(blocked: bool, filter: Option<&BExpr>, subquery_parts: &[bool]) -> Withheld {
    if blocked {
        return Withheld::All;
    }
    if !subquery_parts.contains(&true) {
        return Withheld::Nothing;
    }
    let mut parts = Vec::new();
    if let Some(f) = filter {
        super::access_path::split_and(f, &mut parts);
    }
    if parts.len() != subquery_parts.len() {
        return Withheld::All;
    }
    let these = parts.into_iter().zip(subquery_parts).filter(|(_, &s)| s).map(|(p, _)| p);
    Withheld::These(these.collect())
}

/// Fills in the pushed condition of every read that qualifies, from the WHERE parts each
/// table checks (`levels.check`). Called once the access paths are final (after a read in
/// index order was chosen for ORDER BY / GROUP BY). `switch`: the optimizer_switch flag, which
/// a table's ICP / NO_ICP hint overrides; `withheld`: what the block never pushes, whatever
/// the hints say.
pub fn push(
    choices: &mut [Option<Choice>],
    tables: &[TableInput],
    levels: &Levels,
    switch: bool,
    withheld: &Withheld,
) {
    for (i, (choice, input)) in choices.iter_mut().zip(tables).enumerate() {
        let (Some(c), Some(t)) = (choice.as_mut(), input.table) else { continue };
        c.index_condition = None;
        if *withheld == Withheld::All || input.outer {
            continue;
        }
        let Some(idx) = pushable_read(t, c) else { continue };
        if !hinted(&input.hints.icp, &idx.name).unwrap_or(switch) {
            continue;
        }
        let consumed: Vec<&BExpr> =
            c.consumed.iter().filter_map(|&k| levels.access.get(i)?.get(k)).collect();
        let width = t.def.columns.len() as u32;
        let own = |col: u32| col >= input.offset && col < input.offset + width;
        let joined: Vec<BExpr> = (levels.check.get(i).map(Vec::as_slice).unwrap_or(&[]))
            .iter()
            .filter(|e| !consumed.contains(e))
            .filter(|e| !matches!(withheld, Withheld::These(w) if w.contains(e)))
            .filter(|e| pushable(e, t, idx, input.offset, &own))
            .cloned()
            .collect();
        if joined.is_empty() {
            continue;
        }
        let on_row = joined.iter().map(|e| rebase(e, input.offset)).collect();
        c.index_condition = Some(Arc::new(IndexCondition { joined, on_row }));
    }
}

/// The index of a read that may take a pushed condition: a `ref`, `eq_ref` or `range` read
/// of a visible secondary index that fetches clustered rows, in key order, not `const`.
fn pushable_read<'t>(t: &'t Table, c: &Choice) -> Option<&'t IndexDef> {
    let index = match &c.path {
        Path::Ref { index, .. } | Path::Range { index, .. } => index,
        Path::Scan | Path::IndexScan { .. } | Path::GroupSkip(_) => return None,
    };
    let idx = t.def.index(index)?;
    let virtual_part = idx.columns.iter().any(|&k| {
        (t.def.columns.get(k as usize))
            .is_some_and(|col| col.generated.as_ref().is_some_and(|g| !g.stored))
    });
    let qualifies =
        !idx.primary && !c.covering && !c.reverse && c.access_type != "const" && !virtual_part;
    qualifies.then_some(idx)
}

/// Whether `e` reads at least one column of this table, and only columns the index entry
/// holds (key parts and primary key columns, none a BLOB, TEXT or JSON column), literals,
/// operators and deterministic built-ins.
fn pushable(e: &BExpr, t: &Table, idx: &IndexDef, offset: u32, own: &dyn Fn(u32) -> bool) -> bool {
    let pk: &[u32] = t.def.primary().map_or(&[], |p| &p.columns);
    let mut reads_own = false;
    let mut columns_ok = true;
    e.for_each_column(&mut |c| {
        if !own(c) {
            columns_ok = false;
            return;
        }
        reads_own = true;
        let k = c - offset;
        let in_entry = idx.columns.contains(&k) || pk.contains(&k);
        let whole = (t.def.columns.get(k as usize)).is_some_and(|col| {
            !matches!(col.ty, ColumnType::Text(_) | ColumnType::Blob(_) | ColumnType::Json)
        });
        columns_ok &= in_entry && whole;
    });
    reads_own && columns_ok && evaluable(e)
}

/// Whether the storage engine may evaluate `e` on its own: no variable, subquery, stored
/// function or non-deterministic built-in in it.
fn evaluable(e: &BExpr) -> bool {
    let here = match e {
        BExpr::Lit(_) | BExpr::Column(_) => true,
        BExpr::SysVar { .. }
        | BExpr::UserVar(_)
        | BExpr::Local(_)
        | BExpr::Aggregate(_)
        | BExpr::Window(_)
        | BExpr::OuterRef(_)
        | BExpr::Correlated { .. } => false,
        BExpr::Call { name, builtin, .. } => {
            builtin.is_some() && !NON_DETERMINISTIC.contains(&name.as_str())
        }
        _ => true,
    };
    let mut children = true;
    e.for_each_child(&mut |c| children &= evaluable(c));
    here && children
}

/// `e` with every column position moved down by `offset` (from the joined row to the
/// table's own row).
fn rebase(e: &BExpr, offset: u32) -> BExpr {
    match e {
        BExpr::Column(c) => BExpr::Column(c - offset),
        other => other.map_children(&mut |child| rebase(child, offset)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::Value;

    fn call(name: &str, args: Vec<BExpr>) -> BExpr {
        let builtin = crate::sql::functions::Builtin::from_name(name);
        BExpr::Call { name: name.into(), builtin, args }
    }

    #[test]
    fn only_deterministic_built_ins_over_columns_are_evaluable() {
        let upper = call("UPPER", vec![BExpr::Column(3)]);
        assert!(evaluable(&upper));
        assert!(!evaluable(&call("RAND", vec![])));
        assert!(!evaluable(&BExpr::UserVar("x".into())));
        // A stored function is a call no built-in answers.
        let stored = BExpr::Call { name: "MY_FUNC".into(), builtin: None, args: vec![] };
        assert!(!evaluable(&stored));
        let nested =
            BExpr::And(Box::new(upper), Box::new(BExpr::Correlated { id: 0, args: vec![] }));
        assert!(!evaluable(&nested));
    }

    #[test]
    fn icp_hints_name_a_table_and_its_indexes_first_written_wins() {
        let texts = vec![" NO_ICP(t) ICP(`t` idx_a, idx_b) NO_ICP(u@qb1) ".to_string()];
        let t = hints_naming(&texts, "T");
        assert_eq!(t.len(), 2);
        // The hint naming the index comes before the one naming only the table.
        assert_eq!(hinted(&t, "IDX_B"), Some(true));
        assert_eq!(hinted(&t, "idx_c"), Some(false));
        assert_eq!(hinted(&hints_naming(&texts, "u"), "any"), Some(false));
        assert!(hints_naming(&texts, "v").is_empty());
        // Another hint whose name ends in ICP, and an unclosed list, name nothing.
        let others = vec!["XICP(t) NO_ICP(t".to_string()];
        assert!(hints_naming(&others, "t").is_empty());
        assert_eq!(hinted(&[], "idx"), None);
    }

    #[test]
    fn only_the_where_parts_that_held_a_subquery_are_withheld() {
        let part = |c: u32| BExpr::IsNull { arg: Box::new(BExpr::Column(c)), negated: false };
        let filter = BExpr::And(
            Box::new(BExpr::And(Box::new(part(0)), Box::new(part(1)))),
            Box::new(part(2)),
        );
        let w = withheld(false, Some(&filter), &[false, true, false]);
        assert_eq!(w, Withheld::These(vec![part(1)]));
        assert_eq!(withheld(false, Some(&filter), &[]), Withheld::Nothing);
        assert_eq!(withheld(true, Some(&filter), &[]), Withheld::All);
        // Parts that do not line up with the written WHERE: nothing is pushed.
        assert_eq!(withheld(false, Some(&filter), &[true, false]), Withheld::All);
    }

    #[test]
    fn rebase_moves_columns_to_the_tables_own_row() {
        let e = BExpr::And(Box::new(BExpr::Column(7)), Box::new(BExpr::Lit(Value::Int(1))));
        let want = BExpr::And(Box::new(BExpr::Column(2)), Box::new(BExpr::Lit(Value::Int(1))));
        assert_eq!(rebase(&e, 5), want);
    }
}
