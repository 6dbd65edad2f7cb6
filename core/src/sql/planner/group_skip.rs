//! The loose index scan (EXPLAIN's `Using index for group-by`, TREE `Covering index skip
//! scan for grouping` / `... for deduplication`): a GROUP BY or DISTINCT over the leading
//! columns of a covering index reads one or two index entries per group, diving to the next
//! group's first entry instead of reading every entry (manual "GROUP BY Optimization", Loose
//! Index Scan; MySQL's group_index_skip_scan_plan.cc). EXPLAIN and the executor both call
//! [`choose`], so EXPLAIN prints what the executor does.
//!
//! WHEN IT APPLIES
//! ===============
//! One stored table; GROUP BY plain columns that are the index's leading columns in index
//! order, or SELECT DISTINCT of plain columns that are (in any order) its leading columns;
//! aggregates only MIN and MAX, all of one column C that follows the group's columns in the
//! index; every index column between the group and C fixed by an equality with a constant
//! (the "infix"; without MIN / MAX the equalities right after the group); no other index
//! column after those read by the query; the index covers the query (PRIMARY always does);
//! WHERE reads only the group's columns (any condition: it keeps or drops whole groups), the
//! infix's (its equalities) and C (comparisons with constants, BETWEEN). Not with ROLLUP,
//! window functions, an ORDER BY of the group's columns DESC (MySQL's
//! `cannot_do_reverse_ordering`). Another ORDER BY sorts the groups after the scan, through
//! MySQL's streamed temporary table (`Using temporary; Using filesort`, `explain/`).
//!
//! Instead of MIN / MAX, COUNT / SUM / AVG (DISTINCT) all of one set of plain columns (MySQL's
//! is_indexed_agg_distinct): those columns join the GROUP BY's (in any order) to make the
//! index prefix the scan dedups on, and the aggregates are computed above it from one entry
//! per distinct combination. Not along PRIMARY (MySQL's primary_key_is_clustered).
//!
//! COST
//! ====
//! MySQL's cost_group_skip_scan: blocks of keys (half a 16 KiB page over the key and primary
//! key lengths), groups from the index statistics (rows / rows-per-key of the group prefix,
//! plus one; scaled by a range's share of the rows; one when every group column is fixed),
//! a block read per group (two ends when both MIN and MAX are wanted and groups span
//! blocks, every block when groups are smaller than a block), and per group a B-tree descent
//! (key_compare_cost 0.05 per level) and a row evaluation (0.1). It is chosen when cheaper
//! than the access already chosen and than a covering scan of the same index. For the
//! DISTINCT aggregates a dearer skip scan is kept as the "scanning" variant at cost 0
//! (MySQL's make_group_skip_scan_path, is_index_scan): EXPLAIN `Using index for group-by
//! (scanning)`, and the executor reads every entry in order.
//!
//! Simplifications of MySQL: an infix part takes one constant (MySQL ORs several); C's
//! conditions make one interval (`C <> k` and ORs of them do not qualify); DISTINCT together
//! with GROUP BY, HAVING with an aggregate and partitioned tables are left to the ordinary
//! plans; a range on the group's columns is sought on the first column only; GROUP_INDEX /
//! NO_GROUP_INDEX (and USE / FORCE / IGNORE INDEX, whatever their FOR scope) choose the
//! indexes the loose scan may use, but neither forces it nor changes the tight index scan of
//! `index_order.rs`; possible_keys does not gain the indexes usable for the grouping (MySQL
//! 8's add_loose_index_scan_and_skip_scan_keys adds them); the "scanning" variant's EXPLAIN
//! costs (0, and a prefix cost without the rows' evaluation) are UNCONFIRMED against a live
//! server.

use super::access_path::{
    constant_bound, covers, tighter_hi, tighter_lo, Choice, GroupSkip, IndexHints, Interval,
    MinMaxPart, Path, Request, IO_BLOCK_READ_COST, ROW_EVALUATE_COST,
};
use super::index_order::entry_order;
use crate::sql::bind::{AggCall, AggFunc, BExpr};
use crate::sql::Value;
use crate::storage::schema::IndexDef;
use crate::storage::statistics::index_cardinality;
use crate::storage::table::{RangeEnd, Table};

/// InnoDB's page size, which MySQL's cost of a loose scan divides into key blocks.
const BLOCK_SIZE: f64 = 16384.0;
/// server_cost key_compare_cost.
const KEY_COMPARE_COST: f64 = 0.05;
/// InnoDB's row reference of a table without a primary key (its 6-byte row id).
const ROW_ID_LENGTH: u32 = 6;

/// What the statement asks of its one table's grouping.
pub struct Wanted<'a> {
    pub group_by: &'a [BExpr],
    pub distinct: bool,
    /// The select list's expressions (a DISTINCT groups by them).
    pub items: &'a [BExpr],
    /// The statement's aggregate calls.
    pub calls: &'a [AggCall],
    /// HAVING calls an aggregate.
    pub having_aggregates: bool,
    pub rollup: bool,
    pub windowed: bool,
    pub order_by: &'a [(BExpr, bool)],
    /// The WHERE clause's AND-ed parts (over the table's own columns).
    pub conjuncts: &'a [BExpr],
}

/// The loose scan chosen: the grouping it makes, in index order (a DISTINCT becomes this
/// GROUP BY), and whether its groups come in the ORDER BY's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Loose {
    pub group_by: Vec<BExpr>,
    pub order: bool,
    /// The scan returns the aggregated rows (MIN / MAX, or a DISTINCT's rows); false for
    /// the DISTINCT aggregates, computed above it from the distinct combinations it reads.
    pub aggregated: bool,
}

/// Whether an expression calls an aggregate (HAVING's).
pub fn has_aggregate(e: &BExpr) -> bool {
    if matches!(e, BExpr::Aggregate(_)) {
        return true;
    }
    let mut found = false;
    e.for_each_child(&mut |c| found |= has_aggregate(c));
    found
}

/// Makes `choice` a loose index scan when one applies and costs less; None leaves it.
/// `constant` evaluates an expression that reads no column.
pub fn choose(
    t: &Table,
    choice: &mut Choice,
    w: &Wanted,
    needed: &[bool],
    hints: &IndexHints,
    constant: &mut dyn FnMut(&BExpr) -> Option<Value>,
) -> Option<Loose> {
    if w.rollup || w.windowed || w.having_aggregates || t.def.partitioning.is_some() {
        return None;
    }
    if matches!(choice.access_type, "const" | "eq_ref" | "system") {
        return None;
    }
    let columns = |list: &[BExpr]| -> Option<Vec<u32>> {
        list.iter()
            .map(|e| match e {
                BExpr::Column(c) => Some(*c),
                _ => None,
            })
            .collect()
    };
    // COUNT / SUM / AVG (DISTINCT) over one set of plain columns: those columns extend the
    // group, so the scan hands on each distinct combination once (MySQL's is_agg_distinct).
    let distinct_args = distinct_aggregate_columns(w.calls);
    // The grouping: GROUP BY's columns in order, or DISTINCT's in any order.
    let (group, any_order) = match (w.group_by.is_empty(), w.distinct) {
        (false, false) => (columns(w.group_by)?, false),
        (true, false) if distinct_args.is_some() => (Vec::new(), true),
        (true, true) if w.calls.is_empty() => {
            // Each column once, wherever it repeats in the select list.
            let mut distinct: Vec<u32> = Vec::new();
            for c in columns(w.items)? {
                if !distinct.contains(&c) {
                    distinct.push(c);
                }
            }
            (distinct, true)
        }
        _ => return None,
    };
    // The group's own columns (their order is the GROUP BY's), then the DISTINCT
    // arguments' in any order.
    let ordered = if any_order { 0 } else { group.len() };
    let statement_group = group.len();
    let mut group = group;
    for &c in distinct_args.iter().flatten() {
        if !group.contains(&c) {
            group.push(c);
        }
    }
    if group.is_empty() {
        return None;
    }
    // Aggregates: MIN / MAX of one column.
    let mut min_max: Option<(u32, bool, bool)> = None;
    for call in w.calls.iter().filter(|_| distinct_args.is_none()) {
        let (min, max) = match call.func {
            AggFunc::Min => (true, false),
            AggFunc::Max => (false, true),
            _ => return None,
        };
        let Some(BExpr::Column(c)) = &call.arg else { return None };
        match &mut min_max {
            None => min_max = Some((*c, min, max)),
            Some((column, m, x)) if *column == *c => {
                *m |= min;
                *x |= max;
            }
            Some(_) => return None,
        }
    }
    // ORDER BY the group's columns descending: MySQL does not read the groups backward.
    let group_desc = !w.order_by.is_empty()
        && w.order_by.iter().all(|(e, d)| *d && matches!(e, BExpr::Column(c) if group.contains(c)));
    if group_desc {
        return None;
    }
    let req = Request {
        table: t,
        offset: 0,
        conjuncts: w.conjuncts,
        available: &|_| false,
        kind_of: &|_| None,
        needed,
        accesses: 1.0,
        first: true,
        hints,
    };
    let bounds: Vec<Option<(u32, Interval, bool)>> =
        w.conjuncts.iter().map(|e| constant_bound(e, &req, constant)).collect();
    let mut best: Option<(f64, GroupSkip, u64, Vec<u32>)> = None;
    // The clustered index covers every query; it is left out for the DISTINCT aggregates
    // (MySQL's primary_key_is_clustered).
    let usable = |i: &&IndexDef| {
        (!i.primary || distinct_args.is_none())
            && i.visible
            && hints.allows(&i.name)
            && group_hint_allows(hints, &i.name)
    };
    for idx in t.def.indexes.iter().filter(usable) {
        if !covers(t, idx, needed) {
            continue;
        }
        let Some(candidate) = fit(t, idx, &group, ordered, min_max, w, &bounds, needed) else {
            continue;
        };
        let (cost, rows) = cost(t, idx, &candidate);
        if best.as_ref().is_none_or(|(b, ..)| cost < *b) {
            let used = key_parts(&candidate);
            best = Some((cost, candidate, rows, used));
        }
    }
    let (mut cost, mut skip, rows, used) = best?;
    // Cheaper than the access chosen and than a covering scan of the same index (the
    // clustered index's scan is the table scan).
    let total = t.row_count() as f64;
    let index_scan = match t.secondary_geometry(&skip.index) {
        Some((_, g)) => {
            let per_leaf = f64::from(g.records_per_leaf.max(1));
            (total / per_leaf + 1.0) * IO_BLOCK_READ_COST + total * ROW_EVALUATE_COST
        }
        None => f64::INFINITY,
    };
    if cost >= choice.cost || cost >= index_scan {
        // Only the DISTINCT aggregates keep a dearer skip scan.
        distinct_args.as_ref()?;
        // The DISTINCT aggregates' "scanning" variant: the index is read entry by entry,
        // each new combination handed on, at no cost in MySQL's comparison (its
        // make_group_skip_scan_path sets the path's cost to 0 when the skip scan loses to
        // the best access so far, for have_agg_distinct).
        skip.scanning = true;
        cost = 0.0;
    }
    let group_columns: Vec<u32> = skip.entry[..statement_group.min(skip.group_parts)].to_vec();
    let order = !w.order_by.is_empty()
        && w.order_by.len() <= group_columns.len()
        && w.order_by.iter().zip(&group_columns).all(|((e, d), c)| !*d && *e == BExpr::Column(*c));
    *choice = Choice {
        path: Path::GroupSkip(Box::new(skip)),
        covering: true,
        rows,
        consumed: Vec::new(),
        // The estimate of groups already reflects the WHERE clause (filtered 100).
        used: (0..w.conjuncts.len()).collect(),
        key_columns: used,
        access_type: "range",
        cost,
        loops: 1.0,
        partitions: None,
        partition_filter: None,
        reverse: false,
        index_condition: None,
    };
    Some(Loose {
        group_by: group_columns.into_iter().map(BExpr::Column).collect(),
        order,
        aggregated: distinct_args.is_none(),
    })
}

/// The columns of the statement's aggregates when every one is COUNT, SUM or AVG with
/// DISTINCT and all read the same set of plain columns (COUNT(DISTINCT a, b) reads two);
/// None otherwise.
fn distinct_aggregate_columns(calls: &[AggCall]) -> Option<Vec<u32>> {
    let mut set: Option<Vec<u32>> = None;
    for call in calls {
        if !call.distinct || !matches!(call.func, AggFunc::Count | AggFunc::Sum | AggFunc::Avg) {
            return None;
        }
        let mut read: Vec<u32> = match call.arg.as_ref()? {
            BExpr::Column(c) => vec![*c],
            BExpr::Call { name, args, .. } if name == " DISTINCT_ROW" => args
                .iter()
                .map(|a| match a {
                    BExpr::Column(c) => Some(*c),
                    _ => None,
                })
                .collect::<Option<Vec<u32>>>()?,
            _ => return None,
        };
        read.sort_unstable();
        read.dedup();
        match &set {
            None => set = Some(read),
            Some(s) if *s == read => {}
            Some(_) => return None,
        }
    }
    set
}

/// Whether the `GROUP_INDEX` / `NO_GROUP_INDEX` hints leave `index` to the loose scan: a
/// hint naming it decides, then one naming the table alone; `GROUP_INDEX` naming other
/// indexes keeps the scan to those (manual "Index-Level Optimizer Hints", as FORCE / IGNORE
/// INDEX FOR GROUP BY).
fn group_hint_allows(hints: &IndexHints, index: &str) -> bool {
    let list = &hints.group_index;
    match super::index_condition::hinted(list, index) {
        Some(on) => on,
        None => !list.iter().any(|h| h.on && !h.indexes.is_empty()),
    }
}

/// The loose scan of `idx` for the grouping, if the index and the WHERE clause allow one.
#[allow(clippy::too_many_arguments)]
fn fit(
    t: &Table,
    idx: &IndexDef,
    group: &[u32],
    ordered: usize,
    min_max: Option<(u32, bool, bool)>,
    w: &Wanted,
    bounds: &[Option<(u32, Interval, bool)>],
    needed: &[bool],
) -> Option<GroupSkip> {
    let entry = entry_order(t, idx);
    let k = group.len();
    let lead = entry.get(..k)?;
    // The first `ordered` columns in the group's order, the rest in any.
    let is_prefix =
        lead[..ordered] == group[..ordered] && group[ordered..].iter().all(|c| lead.contains(c));
    if !is_prefix {
        return None;
    }
    // The constant each later entry column is fixed to by an equality, if any.
    let fixed = |column: u32| -> Option<Value> {
        bounds.iter().flatten().find_map(|(c, i, _)| match (&i.lo, &i.hi) {
            (Some(lo), Some(hi)) if *c == column && lo == hi && !lo.exclusive => {
                lo.prefix.first().cloned()
            }
            _ => None,
        })
    };
    let mut infix = Vec::new();
    let mut at = k;
    let mut part = None;
    match min_max {
        Some((column, min, max)) => {
            let p = entry.iter().position(|&c| c == column)?;
            if p < k {
                return None;
            }
            for &c in &entry[k..p] {
                infix.push(fixed(c)?);
            }
            at = p + 1;
            let nullable = t.def.columns[column as usize].nullable;
            part = Some(MinMaxPart { column, min, max, lo: None, hi: None, nullable });
        }
        None => {
            while let Some(&c) = entry.get(at) {
                match fixed(c) {
                    Some(v) => infix.push(v),
                    None => break,
                }
                at += 1;
            }
        }
    }
    // No later entry column may be read.
    if entry[at.min(entry.len())..].iter().any(|&c| needed.get(c as usize) == Some(&true)) {
        return None;
    }
    let infix_columns = &entry[k..k + infix.len()];
    // Every WHERE part reads the group's columns only, or is an infix equality, or bounds
    // the MIN / MAX argument by constants.
    let mut prefix_lo: Option<RangeEnd> = None;
    let mut prefix_hi: Option<RangeEnd> = None;
    let mut prefix_bounded = false;
    for (e, bound) in w.conjuncts.iter().zip(bounds) {
        let mut read = Vec::new();
        e.for_each_column(&mut |c| read.push(c));
        if read.iter().all(|c| group.contains(c)) {
            if let Some((c, i, _)) = bound {
                if *c == entry[0] {
                    prefix_bounded = true;
                    narrow(&mut prefix_lo, &mut prefix_hi, i);
                }
            }
            continue;
        }
        match (bound, &mut part) {
            (Some((c, i, _)), _) if infix_columns.contains(c) => {
                let (Some(lo), Some(hi)) = (&i.lo, &i.hi) else { return None };
                if lo != hi {
                    return None;
                }
            }
            (Some((c, i, true)), Some(p)) if *c == p.column => {
                narrow(&mut p.lo, &mut p.hi, i);
            }
            _ => return None,
        }
    }
    let prefix =
        if prefix_bounded { vec![Interval { lo: prefix_lo, hi: prefix_hi }] } else { Vec::new() };
    Some(GroupSkip {
        index: idx.name.clone(),
        entry: entry.clone(),
        group_parts: k,
        infix,
        min_max: part,
        prefix,
        scanning: false,
    })
}

/// Intersects an interval into the bounds kept so far.
fn narrow(lo: &mut Option<RangeEnd>, hi: &mut Option<RangeEnd>, i: &Interval) {
    if let Some(l) = &i.lo {
        if lo.as_ref().is_none_or(|cur| tighter_lo(l, cur)) {
            *lo = Some(l.clone());
        }
    }
    if let Some(h) = &i.hi {
        if hi.as_ref().is_none_or(|cur| tighter_hi(h, cur)) {
            *hi = Some(h.clone());
        }
    }
}

/// The key parts EXPLAIN's key_len counts: the group's and the infix's, and the MIN / MAX
/// argument when a dive's key holds it (a bound MIN or MAX looks for, or MIN skipping the
/// NULLs of a nullable column).
fn key_parts(g: &GroupSkip) -> Vec<u32> {
    let mut used: Vec<u32> = g.entry[..g.group_parts + g.infix.len()].to_vec();
    if let Some(p) = &g.min_max {
        let ranged = p.lo.is_some() || p.hi.is_some();
        let keyed = if ranged {
            (p.min && p.lo.is_some()) || (p.max && p.hi.is_some())
        } else {
            p.min && p.nullable
        };
        if keyed {
            used.push(p.column);
        }
    }
    used
}

/// MySQL's cost of the loose scan and its estimate of groups (cost_group_skip_scan).
fn cost(t: &Table, idx: &IndexDef, g: &GroupSkip) -> (f64, u64) {
    let records = t.row_count() as f64;
    let key_length: u32 =
        idx.columns.iter().map(|&c| t.def.columns[c as usize].key_part_bytes()).sum();
    let ref_length: u32 = t.def.primary().map_or(ROW_ID_LENGTH, |p| {
        p.columns.iter().map(|&c| t.def.columns[c as usize].key_part_bytes()).sum()
    });
    let keys_per_block =
        (BLOCK_SIZE / 2.0 / f64::from((key_length + ref_length).max(1))).floor() + 1.0;
    let num_blocks = (records / keys_per_block).floor() + 1.0;
    let per_key = records_per_key(t, idx);
    let at = |parts: usize| per_key.get(parts.saturating_sub(1)).copied().unwrap_or(1.0);
    let keys_per_group = at(g.group_parts).max(1.0);
    let single = single_group(g);
    let mut groups = if single { 1.0 } else { (records / keys_per_group).floor() + 1.0 };
    if !single {
        if let Some(i) = g.prefix.first() {
            let in_range = if idx.primary {
                t.primary_records_in_range(i.lo.as_ref(), i.hi.as_ref())
            } else {
                t.records_in_range(&g.index, i.lo.as_ref(), i.hi.as_ref())
            } as f64;
            if records > 0.0 {
                groups = (groups * in_range / records).round_ties_even().max(1.0);
            }
        }
    }
    let used_parts = g.group_parts + g.infix.len();
    let (have_min, have_max) = g.min_max.as_ref().map_or((false, false), |p| (p.min, p.max));
    let io_blocks = if used_parts > g.group_parts {
        let in_subgroup = at(used_parts).min(keys_per_group);
        let overlap = if in_subgroup >= keys_per_block {
            1.0
        } else {
            let blocks_per_group = num_blocks / groups;
            (blocks_per_group * (in_subgroup - 1.0) / keys_per_group).min(1.0)
        };
        (groups * (1.0 + overlap)).min(num_blocks)
    } else if keys_per_group > keys_per_block {
        if have_min && have_max {
            groups + 1.0
        } else {
            groups
        }
    } else {
        num_blocks
    };
    let height = if records == 0.0 { 1.0 } else { (records.ln() / keys_per_block.ln()).ceil() };
    let cpu = groups * (height * KEY_COMPARE_COST + ROW_EVALUATE_COST);
    (io_blocks * IO_BLOCK_READ_COST + cpu, groups as u64)
}

/// Whether an equality fixes every group column, so there is one group: only the first
/// column's range is known here, so this holds for a one-column group fixed to a point.
fn single_group(g: &GroupSkip) -> bool {
    g.group_parts == 1
        && g.prefix.first().is_some_and(|i| match (&i.lo, &i.hi) {
            (Some(lo), Some(hi)) => lo == hi && !lo.exclusive,
            _ => false,
        })
}

/// The index's rows per key of each prefix of its columns (InnoDB's rec_per_key from the
/// index statistics), then one per key for the primary key columns an entry ends with.
fn records_per_key(t: &Table, idx: &IndexDef) -> Vec<f64> {
    let rows = t.row_count() as f64;
    let mut out: Vec<f64> =
        index_cardinality(t, idx).iter().map(|&d| (rows / d.max(1) as f64).max(1.0)).collect();
    let extra = entry_order(t, idx).len().saturating_sub(out.len());
    out.extend(std::iter::repeat_n(1.0, extra));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::schema::{ColumnDef, ColumnType, TableDef};
    use sqlparser::ast::BinaryOperator as B;

    /// `(id INT PRIMARY KEY, a INT, b INT, c INT, KEY k_ab (a, b))`, 2,000 rows, `a` in 10
    /// groups, `b` in 50 values.
    fn table() -> Table {
        let def = TableDef {
            constraints: Default::default(),
            partitioning: None,
            schema: "s".into(),
            name: "t".into(),
            columns: ["id", "a", "b", "c"]
                .iter()
                .map(|n| ColumnDef::new(n, ColumnType::Int))
                .collect(),
            indexes: vec![IndexDef::primary(vec![0]), IndexDef::key("k_ab", vec![1, 2])],
        };
        let mut t = Table::new(def, 7);
        for i in 1..=2000i64 {
            let row = vec![Value::Int(i), Value::Int(i % 10), Value::Int(i % 50), Value::Int(i)];
            t.insert(row).unwrap();
        }
        t
    }

    fn col(c: u32) -> BExpr {
        BExpr::Column(c)
    }

    fn call(func: AggFunc, c: u32) -> AggCall {
        AggCall::new(func, Some(col(c)), false, None)
    }

    /// The loose scan `choose` makes of a full scan for the query, if any.
    fn chosen(t: &Table, w: &Wanted) -> Option<(Loose, Choice)> {
        let mut needed = vec![false; 4];
        for e in w.items.iter().chain(w.group_by).chain(w.conjuncts) {
            e.for_each_column(&mut |c| needed[c as usize] = true);
        }
        for c in w.calls {
            if let Some(a) = &c.arg {
                a.for_each_column(&mut |c| needed[c as usize] = true);
            }
        }
        let mut choice = crate::sql::planner::access_path::scan_choice(t);
        let hints = IndexHints::default();
        let loose = choose(t, &mut choice, w, &needed, &hints, &mut |e| match e {
            BExpr::Lit(v) => Some(v.clone()),
            _ => None,
        })?;
        Some((loose, choice))
    }

    fn wanted<'a>(
        group_by: &'a [BExpr],
        items: &'a [BExpr],
        calls: &'a [AggCall],
        conjuncts: &'a [BExpr],
    ) -> Wanted<'a> {
        Wanted {
            group_by,
            distinct: false,
            items,
            calls,
            having_aggregates: false,
            rollup: false,
            windowed: false,
            order_by: &[],
            conjuncts,
        }
    }

    #[test]
    fn min_of_the_next_column_per_group_is_a_loose_scan_of_groups_plus_one_rows() {
        let t = table();
        let (group, items, calls) = ([col(1)], [col(1)], [call(AggFunc::Min, 2)]);
        let (loose, c) = chosen(&t, &wanted(&group, &items, &calls, &[])).expect("loose");
        assert_eq!(loose.group_by, vec![col(1)]);
        assert_eq!((c.rows, c.access_type), (11, "range"));
        // b is NOT NULL: MIN reads the group's first entry, no key part for it.
        assert_eq!(c.key_columns, vec![1]);
        let Path::GroupSkip(g) = &c.path else { panic!("not a skip scan") };
        assert_eq!((g.group_parts, g.entry.clone()), (1, vec![1, 2, 0]));
    }

    #[test]
    fn other_aggregates_columns_and_orders_are_not_loose() {
        let t = table();
        let (group, items) = ([col(1)], [col(1)]);
        let sum = [call(AggFunc::Sum, 2)];
        assert!(chosen(&t, &wanted(&group, &items, &sum, &[])).is_none());
        // c is outside the index: not covering.
        let max_c = [call(AggFunc::Max, 3)];
        assert!(chosen(&t, &wanted(&group, &items, &max_c, &[])).is_none());
        // GROUP BY b is not the index's leading column.
        let (by_b, min_a) = ([col(2)], [call(AggFunc::Min, 1)]);
        assert!(chosen(&t, &wanted(&by_b, &by_b, &min_a, &[])).is_none());
        // ORDER BY the group DESC.
        let min_b = [call(AggFunc::Min, 2)];
        let desc = [(col(1), true)];
        let w = Wanted { order_by: &desc, ..wanted(&group, &items, &min_b, &[]) };
        assert!(chosen(&t, &w).is_none());
    }

    #[test]
    fn distinct_groups_by_its_columns_once_in_index_order() {
        let t = table();
        let items = [col(2), col(1), col(2)];
        let w = Wanted { distinct: true, ..wanted(&[], &items, &[], &[]) };
        let (loose, c) = chosen(&t, &w).expect("loose");
        assert_eq!(loose.group_by, vec![col(1), col(2)]);
        let Path::GroupSkip(g) = &c.path else { panic!("not a skip scan") };
        assert!(g.min_max.is_none());
    }

    #[test]
    fn a_range_on_the_argument_bounds_min_and_max_and_keys_the_dive() {
        let t = table();
        let gt = BExpr::Binary {
            op: B::Gt,
            left: Box::new(col(2)),
            right: Box::new(BExpr::Lit(Value::Int(20))),
            text: String::new(),
        };
        let (group, items, calls) = ([col(1)], [col(1)], [call(AggFunc::Min, 2)]);
        let conjuncts = [gt];
        let (_, c) = chosen(&t, &wanted(&group, &items, &calls, &conjuncts)).expect("loose");
        let Path::GroupSkip(g) = &c.path else { panic!("not a skip scan") };
        let p = g.min_max.as_ref().expect("MIN");
        assert_eq!(p.lo, Some(RangeEnd { prefix: vec![Value::Int(20)], exclusive: true }));
        assert_eq!(c.key_columns, vec![1, 2]);
        // The WHERE part is kept as a filter; its estimate is in the groups already.
        assert_eq!((c.consumed.len(), c.used.len()), (0, 1));
    }

    #[test]
    fn distinct_aggregates_of_one_column_set_extend_the_group() {
        let t = table();
        let count = |arg| AggCall::new(AggFunc::Count, Some(arg), true, None);
        let pair = BExpr::call(" DISTINCT_ROW".into(), vec![col(2), col(1)]);
        let calls = [count(pair), AggCall::new(AggFunc::Sum, Some(col(1)), true, None)];
        // COUNT(DISTINCT b, a) with SUM(DISTINCT a): two column sets, no loose scan.
        assert_eq!(distinct_aggregate_columns(&calls), None);
        let calls = [count(BExpr::call(" DISTINCT_ROW".into(), vec![col(2), col(1)]))];
        assert_eq!(distinct_aggregate_columns(&calls), Some(vec![1, 2]));
        let (_, c) = chosen(&t, &wanted(&[], &[], &calls, &[])).expect("loose");
        let Path::GroupSkip(g) = &c.path else { panic!("not a skip scan") };
        assert_eq!((g.group_parts, g.min_max.is_none()), (2, true));
        // A plain COUNT is not one of them.
        let plain = [AggCall::new(AggFunc::Count, Some(col(1)), false, None)];
        assert_eq!(distinct_aggregate_columns(&plain), None);
    }

    fn g(group_parts: usize, prefix: Vec<Interval>) -> GroupSkip {
        GroupSkip {
            index: "i".into(),
            entry: vec![0, 1, 2],
            group_parts,
            infix: Vec::new(),
            min_max: None,
            prefix,
            scanning: false,
        }
    }

    #[test]
    fn a_point_on_a_one_column_group_is_one_group() {
        let point = RangeEnd { prefix: vec![Value::Int(3)], exclusive: false };
        let i = Interval { lo: Some(point.clone()), hi: Some(point) };
        assert!(single_group(&g(1, vec![i.clone()])));
        assert!(!single_group(&g(2, vec![i])));
        let open = Interval {
            lo: None,
            hi: Some(RangeEnd { prefix: vec![Value::Int(3)], exclusive: true }),
        };
        assert!(!single_group(&g(1, vec![open])));
    }

    #[test]
    fn key_len_counts_the_argument_only_when_a_dive_keys_on_it() {
        let part = |min, max, lo: bool, nullable| MinMaxPart {
            column: 2,
            min,
            max,
            lo: lo.then(|| RangeEnd { prefix: vec![Value::Int(1)], exclusive: true }),
            hi: None,
            nullable,
        };
        let mut s = g(1, Vec::new());
        s.entry = vec![0, 2, 1];
        s.min_max = Some(part(true, false, false, true));
        // MIN of a nullable column: the NULL-skipping dive keys on it (group_min_max's
        // `select a1, min(a2)` has key_len 130, `max(a2)` 65).
        assert_eq!(key_parts(&s), vec![0, 2]);
        s.min_max = Some(part(false, true, false, true));
        assert_eq!(key_parts(&s), vec![0]);
        s.min_max = Some(part(true, false, false, false));
        assert_eq!(key_parts(&s), vec![0]);
        s.min_max = Some(part(false, true, true, false));
        assert_eq!(key_parts(&s), vec![0]);
        s.min_max = Some(part(true, true, true, false));
        assert_eq!(key_parts(&s), vec![0, 2]);
    }
}
