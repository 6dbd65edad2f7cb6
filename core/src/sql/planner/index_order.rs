//! Reading a secondary index in its order so that ORDER BY or GROUP BY needs no sort and no
//! temporary table (MySQL's test_if_skip_sort_order; manual "ORDER BY Optimization" and
//! "GROUP BY Optimization"). Called for a single stored table once [`super::access_path`]
//! has chosen its access path; EXPLAIN and the executor both call [`deliver`], so EXPLAIN
//! prints what the executor does.
//!
//! An index delivers the wanted order when the ORDER BY (or GROUP BY) columns follow its
//! columns (then the primary key's, which every InnoDB secondary entry ends with) after the
//! leading columns an equality lookup fixes: `WHERE a = 1 ORDER BY b` with INDEX(a, b). All
//! keys must go the same way; a descending order reads the index backward (`Backward index
//! scan`). GROUP BY may list the index's leading columns in any order.
//!
//! - The access path already chosen (a `ref` or `range` on the index) delivers the order for
//!   free: it is kept, read forward or backward.
//! - Otherwise a full scan of the index in order (`type: index`) replaces the access when it
//!   is cheaper than the access chosen. With LIMIT n the ordered scan stops after about
//!   n / selectivity entries, so even a non-covering index (a clustered lookup per entry)
//!   wins over a scan; without LIMIT only a covering index (`Using index`) is considered,
//!   unless FORCE INDEX left a scan (then the forced index is read in order).
//!
//! Simplifications of MySQL's choice (test_if_skip_sort_order / test_if_cheaper_ordering):
//! the ordered read's cost is compared with the chosen access's cost alone (MySQL also
//! weighs the sort it saves and the index's rows per key); the selectivity of conditions the
//! access does not use is the planner's 10 % guess per condition (at most three); another
//! index is not sought for an equality lookup that would deliver the order when the planner
//! picked a different one; only the first table of a one-table query block, not partitioned,
//! without DISTINCT, ROLLUP or window functions; the primary key's order is left to the
//! clustered scan, range or lookup (`explain/mod.rs`, `plan.rs`), which reads it backward for
//! a descending order (`access_path::reads_backward`); the loose index scan (`Using index for
//! group-by`) is `group_skip.rs`'s, tried first; an index hint's
//! `FOR ORDER BY` / `FOR GROUP BY` scope is not told apart from a hint for every use.

use super::access_path::{
    covers, in_primary_order, Choice, IndexHints, Path, IO_BLOCK_READ_COST, ROW_EVALUATE_COST,
};
use crate::sql::bind::BExpr;
use crate::storage::schema::IndexDef;
use crate::storage::table::Table;

/// MySQL's guess of the share of rows a condition keeps, as `access_path::plan_tables` uses
/// it (10 %).
const FILTER_GUESS: f64 = 0.1;

/// What the statement wants of the first table's read order.
pub struct Wanted<'a> {
    /// ORDER BY keys and whether each is descending (empty: none).
    pub order_by: &'a [(BExpr, bool)],
    /// GROUP BY expressions (empty: none).
    pub group_by: &'a [BExpr],
    /// LIMIT plus OFFSET: rows the statement reads before it can stop (None: all).
    pub limit: Option<u64>,
    /// Conditions on the table the access path does not consume.
    pub unconsumed: usize,
}

/// What the chosen read delivers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Delivered {
    /// ORDER BY needs no sort.
    pub order: bool,
    /// GROUP BY needs no temporary table.
    pub group: bool,
}

/// The order the statement wants, as columns of the table.
struct Keys {
    columns: Vec<u32>,
    descending: bool,
    /// GROUP BY alone: the columns may come in any order.
    any_order: bool,
}

/// The table's columns the statement wants in order, or None when no index order can give
/// it (expressions, mixed directions, GROUP BY and ORDER BY on different columns).
fn wanted_keys(w: &Wanted) -> Option<Keys> {
    let column = |e: &BExpr| match e {
        BExpr::Column(c) => Some(*c),
        _ => None,
    };
    let order: Option<Vec<u32>> = w.order_by.iter().map(|(e, _)| column(e)).collect();
    let order = order?;
    let descending = w.order_by.first().is_some_and(|(_, d)| *d);
    if w.order_by.iter().any(|(_, d)| *d != descending) {
        return None;
    }
    if w.group_by.is_empty() {
        return (!order.is_empty()).then_some(Keys {
            columns: order,
            descending,
            any_order: false,
        });
    }
    let group: Option<Vec<u32>> = w.group_by.iter().map(column).collect();
    let group = group?;
    if order.is_empty() {
        return Some(Keys { columns: group, descending: false, any_order: true });
    }
    // GROUP BY with ORDER BY on the same columns, in the order ORDER BY gives.
    let same = order.len() == group.len() && order.iter().all(|c| group.contains(c));
    same.then_some(Keys { columns: order, descending, any_order: false })
}

/// An index's entry order: its columns, then the primary key's columns it lacks.
pub(super) fn entry_order(t: &Table, idx: &IndexDef) -> Vec<u32> {
    let mut columns = idx.columns.clone();
    for &c in t.def.primary().map_or(&[][..], |p| &p.columns) {
        if !columns.contains(&c) {
            columns.push(c);
        }
    }
    columns
}

/// Whether reading `idx` with its first `fixed` columns held equal yields `keys`' order.
fn yields(t: &Table, idx: &IndexDef, fixed: usize, keys: &Keys) -> bool {
    let entry = entry_order(t, idx);
    let fixed_columns = &entry[..fixed.min(entry.len())];
    // A column an equality fixes is constant: it needs no place in the order.
    let wanted: Vec<u32> =
        keys.columns.iter().copied().filter(|c| !fixed_columns.contains(c)).collect();
    let rest = &entry[fixed_columns.len()..];
    if wanted.is_empty() {
        // Every key is fixed by the lookup: any order of its rows is the wanted one.
        return fixed > 0;
    }
    if wanted.len() > rest.len() {
        return false;
    }
    let next = &rest[..wanted.len()];
    if keys.any_order {
        wanted.iter().all(|c| next.contains(c))
    } else {
        next == wanted.as_slice()
    }
}

/// Whether the primary key's ascending order gives `keys` (a prefix of its columns).
fn primary_yields(t: &Table, keys: &Keys) -> bool {
    let pk = t.def.primary().map_or(&[][..], |p| &p.columns);
    let Some(prefix) = pk.get(..keys.columns.len()) else { return false };
    match keys.any_order {
        true => keys.columns.iter().all(|c| prefix.contains(c)),
        false => !keys.descending && prefix == keys.columns.as_slice(),
    }
}

/// Whether the grouping or ordering can be given by reading `choice`'s index as it is.
fn choice_yields(t: &Table, choice: &Choice, keys: &Keys) -> bool {
    let (index, fixed) = match &choice.path {
        Path::Ref { index, parts, .. } => (index, parts.len()),
        Path::Range { index, .. } => (index, 0),
        Path::Scan | Path::IndexScan { .. } | Path::GroupSkip(_) => return false,
    };
    t.def.index(index).is_some_and(|idx| !idx.primary && yields(t, idx, fixed, keys))
}

/// Makes `choice` read in the wanted order when an index can give it and that is cheap
/// enough; says what the read then delivers. `needed` marks the table's columns the
/// statement reads.
pub fn deliver(
    t: &Table,
    choice: &mut Choice,
    wanted: &Wanted,
    needed: &[bool],
    hints: &IndexHints,
) -> Delivered {
    let Some(keys) = wanted_keys(wanted) else { return Delivered::default() };
    let grouped = !wanted.group_by.is_empty();
    let delivered = Delivered { order: !wanted.order_by.is_empty(), group: grouped };
    if in_primary_order(t, choice) && primary_yields(t, &keys) {
        // The clustered index's own order (`explain/mod.rs` clustered_order, `plan.rs`
        // use_clustered_order).
        return Delivered::default();
    }
    if choice_yields(t, choice, &keys) {
        choice.reverse = keys.descending;
        return delivered;
    }
    if t.def.partitioning.is_some() {
        // Simplification: a partitioned table's ordered index read (MySQL merges the
        // partitions' indexes) is not modelled; it keeps its sort.
        return Delivered::default();
    }
    let total = t.row_count();
    // The share of entries the conditions keep (repeated multiplication: identical on every
    // target).
    let mut selectivity = 1.0f64;
    for _ in 0..wanted.unconsumed.min(3) {
        selectivity *= FILTER_GUESS;
    }
    // Entries the ordered read expects to pass before LIMIT is met; a grouping reads all.
    let limit = wanted.limit.filter(|_| !grouped);
    let entries = match limit {
        Some(n) => ((n as f64 / selectivity).ceil() as u64).clamp(1, total.max(1)),
        None => total,
    };
    // FORCE INDEX that no condition could use left a scan: MySQL takes a scan to be very
    // expensive then, so the forced index read in order wins even without LIMIT (manual
    // "Index Hints").
    let forced = hints.force && choice.path == Path::Scan;
    let mut best: Option<(f64, Choice)> = None;
    for idx in t.def.indexes.iter().filter(|i| !i.primary && i.visible && hints.allows(&i.name)) {
        if !yields(t, idx, 0, &keys) {
            continue;
        }
        let covering = covers(t, idx, needed);
        // Without LIMIT a non-covering index read in order looks up every row's clustered
        // record: MySQL keeps the scan and its filesort.
        if !covering && limit.is_none() && !forced {
            continue;
        }
        let rows = entries as f64;
        let reads = if covering {
            let per_leaf = t
                .secondary_geometry(&idx.name)
                .map_or(100.0, |(_, g)| f64::from(g.records_per_leaf.max(1)));
            rows / per_leaf + 1.0
        } else {
            // A clustered lookup per entry, as a non-covering range is priced.
            rows + 1.0
        };
        let cost = reads * IO_BLOCK_READ_COST + rows * ROW_EVALUATE_COST;
        if (cost < choice.cost || forced) && best.as_ref().is_none_or(|(b, _)| cost < *b) {
            let c = Choice {
                path: Path::IndexScan { index: idx.name.clone() },
                covering,
                rows: entries,
                consumed: Vec::new(),
                used: Vec::new(),
                key_columns: idx.columns.clone(),
                access_type: "index",
                cost,
                loops: 1.0,
                partitions: None,
                partition_filter: None,
                reverse: keys.descending,
                index_condition: None,
            };
            best = Some((cost, c));
        }
    }
    match best {
        Some((_, c)) => {
            *choice = c;
            delivered
        }
        None => Delivered::default(),
    }
}
