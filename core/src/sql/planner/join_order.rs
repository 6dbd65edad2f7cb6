//! The join order: which table of a join the nested loops read first, second, ..., chosen by
//! the cost model of [`access_path`](super::access_path), as MySQL's optimizer does
//! (sql_planner.cc: `greedy_search`, `best_extension_by_limited_search`, `best_access_path`).
//!
//! THE SEARCH
//! ==========
//! A partial plan is a prefix of tables; adding a table prices its best access path given the
//! tables before it (a `ref` / `eq_ref` lookup through an index on a join column becomes
//! possible only once the other side's table is read) and multiplies the rows the prefix
//! produces (the rows each access reads, times [`FILTER_GUESS`] per condition no index
//! consumed). The plan's cost is the sum of its accesses' costs.
//!
//! MySQL's greedy search: from the current prefix, search every extension of up to
//! `search depth` tables depth first, in FROM order, dropping a branch as soon as its cost
//! reaches the best found so far (branch and bound); take the first table of the best
//! extension, and repeat. With the depth at least the number of tables this is the exhaustive
//! search over permutations (MySQL's default, `optimizer_search_depth` 62, is exhaustive for
//! every join it allows); here the depth is [`EXHAUSTIVE_TABLES_MAX`] tables, past which it
//! falls to [`GREEDY_DEPTH`], and the number of access paths priced per statement is capped
//! at [`PRICINGS_MAX`] (after which each step takes the first table it may), so no statement
//! searches long. Simplifications: `optimizer_prune_level`'s heuristic (skip extensions that
//! read more rows for more cost than one already seen) and `optimizer_search_depth` as a
//! variable are not modelled; the bound is the one above.
//!
//! Ties go to FROM order: extensions are tried in FROM order and only a strictly cheaper one
//! (by more than a rounding error) replaces the best.
//!
//! CONSTRAINTS
//! ===========
//! A table may be placed only after the tables in its `after` set: the inner table of a LEFT
//! JOIN after every table of its left operand (MySQL's outer-join dependencies, `dep_tables`),
//! a STRAIGHT_JOIN's right table after its left ones; `SELECT STRAIGHT_JOIN` and the
//! `JOIN_FIXED_ORDER` hint keep the whole FROM order (the caller does not call the search).
//! A source the server materialised (view, derived table, CTE) keeps its place (see
//! [`search_order`]).

use super::access_path::{choose, split_and, KeyKind, Request, TableInput, ROW_EVALUATE_COST};
use crate::sql::bind::BExpr;
use crate::sql::Value;
use sqlparser::ast::{Expr, Select};

/// At most this many tables are ordered by the exhaustive search (MySQL's "auto" search
/// depth, `optimizer_search_depth=0`, is the same 7).
pub const EXHAUSTIVE_TABLES_MAX: usize = 7;
/// The depth of each greedy step for a larger join.
pub const GREEDY_DEPTH: usize = 3;
/// Access paths priced per statement at most; past it every step takes the first table it
/// may (FROM order).
pub const PRICINGS_MAX: u32 = 20_000;
/// Tables a join order may hold (a bit each); a larger join keeps FROM order. MySQL's limit
/// is 61 tables in a join.
pub const TABLES_MAX: usize = 64;

/// MySQL's guess of the share of rows a condition it cannot look up keeps (as in
/// access_path.rs's plan_tables).
const FILTER_GUESS: f64 = 0.1;
/// Conditions counted per table, as plan_tables counts them.
const GUESSED_CONDITIONS_MAX: usize = 3;
/// A cost must be lower by more than this share to beat an earlier one (a tie otherwise).
const TIE: f64 = 1e-9;

/// What the search needs to know of a join, every position and column in the order the
/// tables were written (bound).
pub struct JoinInput<'a, 'b> {
    pub tables: &'a [TableInput<'b>],
    /// Per table, the tables (bits of positions in `tables`) that must be read before it.
    pub after: &'a [u64],
    /// WHERE and the ON of every table that is not the inner table of a LEFT JOIN: inner
    /// joins' conditions are checked once all their tables are read, whatever the order.
    pub filter: Option<&'a BExpr>,
    /// ON of each table (only the LEFT JOIN inner tables' are kept at their table).
    pub ons: &'a [Option<BExpr>],
    /// Columns of the joined row the query reads.
    pub needed: &'a [bool],
    /// Comparison kind of every joined-row column.
    pub kinds: &'a [Option<KeyKind>],
}

/// One AND-ed condition and the tables it reads.
struct Part {
    expr: BExpr,
    tables: u64,
}

/// The search's state: the conditions by table, the best plan found, and the pricing count.
struct Search<'i, 'a, 'b, 'c> {
    input: &'i JoinInput<'a, 'b>,
    /// Per table, the tables that must be read before it (bits).
    after: Vec<u64>,
    parts: Vec<Part>,
    /// ON parts of each LEFT JOIN inner table.
    outer_on: Vec<Vec<BExpr>>,
    constant: &'c mut dyn FnMut(&BExpr) -> Option<Value>,
    pricings: u32,
    best: Option<(f64, Vec<usize>)>,
}

/// The tables (bit per position) an expression reads.
fn tables_read(e: &BExpr, tables: &[TableInput]) -> u64 {
    let mut mask = 0u64;
    e.for_each_column(&mut |c| {
        if let Some(i) = tables.iter().position(|t| c >= t.offset && c < t.offset + t.width) {
            mask |= 1 << i;
        }
    });
    mask
}

/// The order in which to join `input.tables`: positions in `tables`, cheapest first as the
/// search finds it (FROM order when nothing is cheaper). `constant` evaluates an expression
/// that reads no column.
pub fn choose_order(
    input: &JoinInput,
    constant: &mut dyn FnMut(&BExpr) -> Option<Value>,
) -> Vec<usize> {
    search_order(input, constant).0
}

/// [`choose_order`], and how many access paths it priced.
fn search_order(
    input: &JoinInput,
    constant: &mut dyn FnMut(&BExpr) -> Option<Value>,
) -> (Vec<usize>, u32) {
    let n = input.tables.len();
    let written: Vec<usize> = (0..n).collect();
    if !(2..=TABLES_MAX).contains(&n) || input.after.len() != n {
        return (written, 0);
    }
    let mut parts = Vec::new();
    let mut outer_on = vec![Vec::new(); n];
    let add = |e: &BExpr, parts: &mut Vec<Part>| {
        let mut split = Vec::new();
        split_and(e, &mut split);
        for expr in split {
            let tables = tables_read(&expr, input.tables);
            parts.push(Part { expr, tables });
        }
    };
    if let Some(f) = input.filter {
        add(f, &mut parts);
    }
    for (i, on) in input.ons.iter().enumerate().take(n) {
        let Some(on) = on else { continue };
        if input.tables[i].outer {
            split_and(on, &mut outer_on[i]);
        } else {
            add(on, &mut parts);
        }
    }
    // A LEFT JOIN inner table also follows every table its ON reads (TuneLab binds an ON
    // against the whole FROM clause).
    let mut after = input.after.to_vec();
    for (i, on) in outer_on.iter().enumerate() {
        for e in on {
            after[i] |= tables_read(e, input.tables) & !(1 << i);
        }
    }
    // Simplification: a source the server produced (a view, a derived table, a CTE, a system
    // table) keeps its place: EXPLAIN knows only the optimizer's estimate of its rows, the
    // executor the rows themselves, and the two must choose the same order. The tables on
    // either side of it are still ordered among themselves.
    for m in (0..n).filter(|&m| input.tables[m].table.is_none()) {
        after[m] |= (1u64 << m) - 1;
        for a in after.iter_mut().skip(m + 1) {
            *a |= 1 << m;
        }
    }
    let mut search = Search { input, after, parts, outer_on, constant, pricings: 0, best: None };
    let depth = if n <= EXHAUSTIVE_TABLES_MAX { n } else { GREEDY_DEPTH };
    let mut order: Vec<usize> = Vec::with_capacity(n);
    let (mut placed, mut rows, mut cost) = (0u64, 1.0f64, 0.0f64);
    while order.len() < n {
        let left = n - order.len();
        search.best = None;
        let mut prefix = order.clone();
        search.extend(&mut prefix, placed, rows, cost, depth.min(left));
        let next = match search.best.take() {
            // The search reached the last table: its plan is the order.
            Some((_, plan)) if depth >= left => return (plan, search.pricings),
            Some((_, plan)) => plan[order.len()],
            // Out of pricings: the first table that may come next, in FROM order.
            None => match (0..n).find(|&t| search.may_place(t, placed)) {
                Some(t) => t,
                None => return (written, search.pricings),
            },
        };
        let (step_cost, step_rows) = search.price(next, placed, rows);
        placed |= 1 << next;
        rows = step_rows;
        cost += step_cost;
        order.push(next);
    }
    (order, search.pricings)
}

impl Search<'_, '_, '_, '_> {
    /// Whether table `t` may be read next, after the tables in `placed`.
    fn may_place(&self, t: usize, placed: u64) -> bool {
        placed & (1 << t) == 0 && self.after[t] & !placed == 0
    }

    /// Depth-first extension of `prefix` by up to `depth` tables, keeping the cheapest.
    fn extend(&mut self, prefix: &mut Vec<usize>, placed: u64, rows: f64, cost: f64, depth: usize) {
        if depth == 0 || prefix.len() == self.input.tables.len() {
            let better = self.best.as_ref().is_none_or(|(b, _)| cost < b * (1.0 - TIE));
            if better {
                self.best = Some((cost, prefix.clone()));
            }
            return;
        }
        for t in 0..self.input.tables.len() {
            if !self.may_place(t, placed) {
                continue;
            }
            if self.pricings >= PRICINGS_MAX {
                return;
            }
            let (step_cost, step_rows) = self.price(t, placed, rows);
            let total = cost + step_cost;
            // Costs only grow: a branch already as dear as the best cannot beat it.
            if self.best.as_ref().is_some_and(|(b, _)| total >= b * (1.0 - TIE)) {
                continue;
            }
            prefix.push(t);
            self.extend(prefix, placed | (1 << t), step_rows, total, depth - 1);
            prefix.pop();
        }
    }

    /// The cost of reading table `t` after the tables in `placed`, which produce `rows` rows,
    /// and the rows the longer prefix produces.
    fn price(&mut self, t: usize, placed: u64, rows: f64) -> (f64, f64) {
        self.pricings += 1;
        let input = &self.input.tables[t];
        let with = placed | (1 << t);
        // Conditions complete once `t` is read (they read `t` and only tables before it).
        let completed: Vec<&Part> = self
            .parts
            .iter()
            .filter(|p| p.tables & (1 << t) != 0 && p.tables & !with == 0)
            .collect();
        let Some(table) = input.table else {
            // Rows the server produced: read once, compared with every row before them.
            let produced = input.rows.max(1) as f64;
            let cost = rows * produced * ROW_EVALUATE_COST;
            let mut out = rows * produced;
            for _ in 0..completed.len().min(GUESSED_CONDITIONS_MAX) {
                out *= FILTER_GUESS;
            }
            return (cost, out.max(1.0));
        };
        // The inner table of a LEFT JOIN is looked up by its ON only: WHERE must see its
        // missing rows as NULLs.
        let conjuncts: Vec<BExpr> = if input.outer {
            self.outer_on[t].clone()
        } else {
            completed.iter().map(|p| p.expr.clone()).collect()
        };
        let tables = self.input.tables;
        let available = |c: u32| {
            tables
                .iter()
                .enumerate()
                .any(|(k, x)| placed & (1 << k) != 0 && c >= x.offset && c < x.offset + x.width)
        };
        let kinds = self.input.kinds;
        let kind_of = |c: u32| kinds.get(c as usize).copied().flatten();
        let from = input.offset as usize;
        let to = (input.offset + input.width) as usize;
        let mine = self.input.needed.get(from..to).unwrap_or(&[]);
        let req = Request {
            table,
            offset: input.offset,
            conjuncts: &conjuncts,
            available: &available,
            kind_of: &kind_of,
            needed: mine,
            accesses: rows,
            first: placed == 0,
            hints: &input.hints,
        };
        let choice = choose(&req, self.constant);
        let unconsumed = if input.outer {
            completed.len()
        } else {
            conjuncts.len().saturating_sub(choice.consumed.len())
        };
        let mut out = rows * choice.rows.max(1) as f64;
        // Repeated multiplication, not powi: identical on every target.
        for _ in 0..unconsumed.min(GUESSED_CONDITIONS_MAX) {
            out *= FILTER_GUESS;
        }
        (choice.cost, out.max(1.0))
    }
}

/// The tables each table must follow when they are bound one FROM item after another:
/// `deps[i]` lists positions of earlier tables (LEFT JOIN inner tables follow their left
/// operand, STRAIGHT_JOIN's right table its left ones), as bit sets.
pub fn after_sets(deps: &[Vec<u32>]) -> Vec<u64> {
    deps.iter()
        .map(|d| d.iter().filter(|&&k| (k as usize) < TABLES_MAX).fold(0u64, |m, &k| m | (1 << k)))
        .collect()
}

/// The join order of `input` when it differs from FROM order (None when FROM order is the
/// cheapest, or the only one allowed).
pub fn reordered(
    input: &JoinInput,
    constant: &mut dyn FnMut(&BExpr) -> Option<Value>,
) -> Option<Vec<usize>> {
    let order = choose_order(input, constant);
    order.iter().enumerate().any(|(i, &t)| i != t).then_some(order)
}

/// Whether a SELECT keeps its FROM order: `SELECT STRAIGHT_JOIN`, or the `JOIN_FIXED_ORDER`
/// optimizer hint (any of its forms: MySQL's hint may name a query block; here it applies to
/// the block that carries it).
pub fn fixed_order(sel: &Select) -> bool {
    sel.select_modifiers.as_ref().is_some_and(|m| m.straight_join)
        || sel
            .optimizer_hints
            .iter()
            .any(|h| h.text.to_ascii_uppercase().contains("JOIN_FIXED_ORDER"))
}

/// `sel` with the ON conditions of its reordered inner joins AND-ed to its WHERE: once the
/// tables are read in another order, an inner join's ON is checked where WHERE's parts are,
/// at the table that completes it (for an inner join, ON and WHERE mean the same).
pub fn with_conditions(sel: &Select, ons: Vec<Expr>) -> Select {
    use sqlparser::ast::BinaryOperator;
    let mut out = sel.clone();
    for on in ons {
        let on = Expr::Nested(Box::new(on));
        out.selection = Some(match out.selection.take() {
            None => on,
            Some(w) => Expr::BinaryOp {
                left: Box::new(Expr::Nested(Box::new(w))),
                op: BinaryOperator::And,
                right: Box::new(on),
            },
        });
    }
    out
}

#[cfg(test)]
mod tests;
