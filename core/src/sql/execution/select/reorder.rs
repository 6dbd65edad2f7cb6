//! The executor's side of the join order (`planner/join_order.rs`): the FROM sources put in
//! the order the search chose, each at its new offset in the joined row, and the inner joins'
//! ON conditions moved to WHERE (checked at the table that completes them). `SELECT *` keeps
//! the written order through each source's `written` place; only the nested loops change.
//!
//! Kept in FROM order: `SELECT STRAIGHT_JOIN` and the JOIN_FIXED_ORDER hint (as MySQL), and,
//! as simplifications, a query with correlated subqueries (they are prepared against the
//! written order's offsets) or with USING / NATURAL joins (their shared columns are listed by
//! the order of the sources).

use super::plan::Plan;
use super::{BoundSource, Scope};
use crate::sql::bind::{BExpr, Binder};
use crate::sql::expr::{eval, EvalContext};
use crate::sql::planner::access_path::column_kinds;
use crate::sql::planner::join_order::{
    after_sets, fixed_order, reordered, with_conditions, JoinInput,
};
use crate::storage::catalog::Catalog;
use sqlparser::ast::Select;

/// The sources in the chosen join order and the SELECT to bind over them (its WHERE with the
/// moved ON conditions), or None to keep FROM order.
pub(super) fn reorder(
    sel: &Select,
    plan: &Plan,
    sources: &[BoundSource],
    catalog: &Catalog,
    cx: &mut dyn EvalContext,
) -> Option<(Vec<BoundSource>, Select)> {
    if sources.len() < 2 || fixed_order(sel) || sources.iter().any(|s| !s.using.is_empty()) {
        return None;
    }
    // An ON that does not bind is reported by the executor's own binding, in FROM order.
    let ons: Vec<Option<BExpr>> = sources
        .iter()
        .map(|s| match &s.on {
            Some(e) => Binder::scalar(&Scope { sources }, "on clause").bind(e).ok().map(Some),
            None => Some(None),
        })
        .collect::<Option<_>>()?;
    let tables = super::table_inputs(sources, catalog);
    let mut needed = vec![false; super::width(sources) as usize];
    let mut mark = |c: u32| {
        if let Some(n) = needed.get_mut(c as usize) {
            *n = true;
        }
    };
    plan.mark_columns(&mut mark);
    ons.iter().flatten().for_each(|e| e.for_each_column(&mut mark));
    let kinds = column_kinds(&tables);
    let deps: Vec<Vec<u32>> = sources.iter().map(|s| s.after.clone()).collect();
    let after = after_sets(&deps);
    let input = JoinInput {
        tables: &tables,
        after: &after,
        filter: plan.filter.as_ref(),
        ons: &ons,
        needed: &needed,
        kinds: &kinds,
    };
    let order = reordered(&input, &mut |e| eval(e, &[], &[], &mut *cx).ok())?;
    let mut out: Vec<BoundSource> = Vec::with_capacity(sources.len());
    let mut moved = Vec::new();
    for &i in &order {
        let mut s = sources[i].clone();
        s.offset = super::width(&out);
        if !s.outer {
            moved.extend(s.on.take());
        }
        // Positions of the new order (the search has run: kept only for completeness).
        s.after = s
            .after
            .iter()
            .filter_map(|&k| order.iter().position(|&o| o == k as usize).map(|p| p as u32))
            .collect();
        out.push(s);
    }
    Some((out, with_conditions(sel, moved)))
}
