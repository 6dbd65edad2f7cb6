//! EXPLAIN FORMAT=TREE's joins of one query block: its tables, in the join order, joined
//! left-deep as the executor reads them (MySQL's ConnectJoins for the old optimizer). A table
//! read into a join buffer is the probe side of a hash join over the rows before it (`Inner
//! hash join`; `Left hash join` with the rows before it as the preserved side), any other
//! table the inner side of a nested loop.
//!
//! A parenthesised join on the inner side of a LEFT JOIN (`t1 LEFT JOIN (t2 JOIN t3 ON c) ON
//! d`) is a subtree of its own: its tables joined among themselves (inner joins), and that
//! subtree the inner side of the outer join, so its rows are NULL-complemented together
//! (ConnectJoins' outer-join substructure). When the nest's first table uses a join buffer
//! the outer join is a `Left hash join` whose build side (`Hash`) is the whole nest, keyed by
//! the equalities between the nest and the tables before it (any other condition reading
//! both is the join's `extra conditions`); otherwise it is a `Nested loop left join` and
//! those conditions are filters inside the nest, checked for each row before it.
//! A hashed nest is costed as built once (its tables for the nest's own rows, as the same
//! join written alone), and the hash join adds to it the rows before it and a row evaluation
//! for each pair compared, as for a hash join of one table. UNCONFIRMED against a live 9.x:
//! MySQL's TREE takes these figures from the plan's positions (SetCostOnHashJoinAccessPath:
//! build side, the probe table's read cost, one evaluation per pair).
//! Simplifications: the outer join's ON is checked with the nest's last table, as the
//! traditional format shows it (MySQL checks each part at the first table that completes
//! it); the hash join's form is UNCONFIRMED against a live 9.x. A STRAIGHT_JOIN over a
//! parenthesised inner join has no nest: MySQL flattens it (simplify_joins).

use super::tree::{Node, Role};
use super::tree_plan::{filtered, TreeTable};
use crate::sql::planner::access_path::ROW_EVALUATE_COST;

/// A joined subtree: its node, its cost and the rows it returns.
pub(super) type Joined = (Node, f64, f64);

/// The tables joined, or None without any.
pub(super) fn join_all(tables: &[&TreeTable]) -> Option<Joined> {
    let mut acc: Option<Joined> = None;
    let mut at = 0;
    // Bounded by the tables: each turn takes one table or a whole nest.
    while at < tables.len() {
        let t = tables[at];
        if let (Some((prev, cost, rows)), true) = (acc.as_ref(), t.nest > 1 && t.outer) {
            let end = t.position + t.nest as usize;
            let len = tables[at..].iter().take_while(|x| x.position < end).count();
            let hashed = t.buffered;
            if let Some(((inner, inner_cost, inner_rows), outside)) =
                join_nest(&tables[at..at + len], hashed)
            {
                // A hashed nest is built once; each row before it is then compared with
                // the nest's rows (the hash join's cost, as for one table: the build side,
                // the probe side and a row evaluation per pair).
                let pairs = if hashed { rows * inner_rows * ROW_EVALUATE_COST } else { 0.0 };
                let cost = cost + inner_cost + pairs;
                let joined = (rows * inner_rows).max(*rows);
                let node = if hashed {
                    let keys: Vec<&str> =
                        outside.iter().filter(|(_, eq)| *eq).map(|(c, _)| c.as_str()).collect();
                    let extra: Vec<&str> =
                        outside.iter().filter(|(_, eq)| !*eq).map(|(c, _)| c.as_str()).collect();
                    let mut label = format!("Left hash join {}", on_text(&keys));
                    if !extra.is_empty() {
                        label.push_str(&format!(", extra conditions: {}", extra.join(" and ")));
                    }
                    let mut hash = Node::new("Hash", None);
                    hash.role = Role::Blocking;
                    Node::new(label, Some((cost, joined))).with(prev.clone()).with(hash.with(inner))
                } else {
                    Node::new("Nested loop left join", Some((cost, joined)))
                        .with(prev.clone())
                        .with(inner)
                };
                acc = Some((node, cost, joined));
            }
            at += len;
            continue;
        }
        acc = Some(join_one(acc, t, None));
        at += 1;
    }
    acc
}

/// A condition's text and whether it is an equality.
type Condition = (String, bool);

/// The tables of a nest joined among themselves (inner joins). A condition reading a table
/// before the nest's first is a filter inside it, never a hash key of its own joins; with
/// `hashed` (the nest is the build side of the outer hash join, made once) it is left out
/// and returned, for the outer join to check.
fn join_nest(tables: &[&TreeTable], hashed: bool) -> Option<(Joined, Vec<Condition>)> {
    let start = tables.first()?.position;
    let mut acc: Option<Joined> = None;
    let mut outside = Vec::new();
    for (k, t) in tables.iter().enumerate() {
        let kept;
        let t = if hashed {
            let mut own = (*t).clone();
            // Built once: costed for the rows of the nest before it (none for its first
            // table), not for every row before the nest as the plan's positions are.
            let before = acc.as_ref().map_or(1.0, |(_, _, rows)| *rows);
            own.total_cost = once(t, before, k == 0);
            let mut conditions = Vec::new();
            let mut earliest = Vec::new();
            for (c, first) in t.conditions.iter().zip(&t.earliest) {
                if *first < start {
                    outside.push((c.0.clone(), c.2));
                } else {
                    conditions.push(c.clone());
                    earliest.push(*first);
                }
            }
            own.conditions = conditions;
            own.earliest = earliest;
            kept = own;
            &kept
        } else {
            *t
        };
        acc = Some(join_one(acc, t, Some(start)));
    }
    acc.map(|joined| (joined, outside))
}

/// The cost of `t` read for `before` rows of its nest (its first table: read once) instead
/// of its `loops`: a table in a join buffer is scanned once and each row before it compared
/// with its rows (`access_path.rs`'s join cost), any other read again per row before it.
fn once(t: &TreeTable, before: f64, first: bool) -> f64 {
    match t.loops {
        Some(loops) if t.buffered => {
            let scan = (t.total_cost - loops * t.rows * ROW_EVALUATE_COST).max(0.0);
            if first {
                scan
            } else {
                scan + before * t.rows * ROW_EVALUATE_COST
            }
        }
        Some(loops) => t.total_cost / loops * before,
        None => t.total_cost,
    }
}

/// A hash join's keys as its label writes them.
fn on_text(keys: &[&str]) -> String {
    if keys.is_empty() {
        "(no condition)".into()
    } else {
        keys.join(", ")
    }
}

/// `t` joined after `acc` (or alone when first); `nest`: the position of the first table of
/// the nest `t` is joined inside (its joins are inner).
fn join_one(acc: Option<Joined>, t: &TreeTable, nest: Option<usize>) -> Joined {
    let outer = t.outer && nest.is_none();
    let all: Vec<&str> = t.conditions.iter().map(|(c, _, _)| c.as_str()).collect();
    let kept = t.rows * t.filter;
    let Some((prev, cost, rows)) = acc else {
        return (filtered(t.access.clone(), &all, kept), t.total_cost, kept);
    };
    // UNCONFIRMED: a LATERAL table's materialisation and scan once per outer row.
    let cost = cost + if t.per_outer_row { t.total_cost * rows } else { t.total_cost };
    let joined = if outer { (rows * kept).max(rows) } else { rows * kept };
    if !t.buffered {
        let kind = if outer { "left" } else { "inner" };
        let inner = filtered(t.access.clone(), &all, kept);
        let node = Node::new(format!("Nested loop {kind} join"), Some((cost, joined)))
            .with(prev)
            .with(inner);
        return (node, cost, joined);
    }
    // A condition that reads a table before the nest holding `t` is checked on its rows.
    let before_nest = |i: usize| nest.is_some_and(|start| t.earliest[i] < start);
    let mut local = Vec::new();
    let mut keys = Vec::new();
    let mut rest = Vec::new();
    for (i, (c, is_local, eq)) in t.conditions.iter().enumerate() {
        match (*is_local || before_nest(i), *eq) {
            (true, _) => local.push(c.as_str()),
            (false, true) => keys.push(c.as_str()),
            (false, false) => rest.push(c.as_str()),
        }
    }
    let on = on_text(&keys);
    let probe = filtered(t.access.clone(), &local, kept);
    let mut hash = Node::new("Hash", None);
    hash.role = Role::Blocking;
    let kind = if outer { "Left" } else { "Inner" };
    let join = Node::new(format!("{kind} hash join {on}"), Some((cost, joined)));
    let join = if outer {
        join.with(prev).with(hash.with(probe))
    } else {
        join.with(probe).with(hash.with(prev))
    };
    (filtered(join, &rest, joined), cost, joined)
}
