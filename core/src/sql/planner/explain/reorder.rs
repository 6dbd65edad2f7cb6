//! EXPLAIN's join order: the FROM sources in the order the executor reads them
//! (`execution/select/reorder.rs`, the same search over the same inputs), so EXPLAIN lists
//! its rows, `type`, `ref` and `rows` in the chosen order, as MySQL does.

use super::*;
use crate::sql::planner::join_order::{
    after_sets, fixed_order, reordered, with_conditions, JoinInput,
};

/// The sources in the chosen join order and the SELECT to bind over them (the moved inner
/// joins' ON conditions in its WHERE), or None to keep FROM order.
pub(super) fn reorder(
    catalog: &Catalog,
    sel: &Select,
    sources: &[Source],
    bound: &Bound,
    cx: &mut dyn EvalContext,
) -> Option<(Vec<Source>, Select)> {
    if sources.len() < 2 || fixed_order(sel) {
        return None;
    }
    let tables: Vec<TableInput> = sources
        .iter()
        .map(|s| TableInput {
            table: match s.kind {
                Kind::Stored => catalog.table(&s.db, &s.table),
                _ => None,
            },
            offset: s.offset,
            width: s.columns.len() as u32,
            outer: s.outer,
            // The executor knows a materialised source's rows; EXPLAIN its estimate.
            rows: match s.kind {
                Kind::Derived { rows, .. } => rows,
                Kind::TableFunction { .. } => super::table_function::ROWS_ESTIMATE,
                _ => 0,
            },
            hints: s.hints.clone(),
        })
        .collect();
    let mut kinds = Vec::new();
    for t in &tables {
        match t.table {
            Some(table) => kinds.extend(table.def.columns.iter().map(|c| key_kind(&c.ty))),
            None => kinds.extend((0..t.width).map(|_| None)),
        }
    }
    let deps: Vec<Vec<u32>> = sources.iter().map(|s| s.after.clone()).collect();
    let after = after_sets(&deps);
    let input = JoinInput {
        tables: &tables,
        after: &after,
        filter: bound.filter.as_ref(),
        ons: &bound.ons,
        needed: &bound.columns,
        kinds: &kinds,
    };
    let order = reordered(&input, &mut |e| eval(e, &[], &[], &mut *cx).ok())?;
    let mut out: Vec<Source> = Vec::with_capacity(sources.len());
    let mut moved = Vec::new();
    let mut offset = 0u32;
    for &i in &order {
        let mut s = sources[i].clone();
        s.offset = offset;
        offset += s.columns.len() as u32;
        if !s.outer {
            moved.extend(s.on.take());
        }
        s.after.clear();
        out.push(s);
    }
    Some((out, with_conditions(sel, moved)))
}
