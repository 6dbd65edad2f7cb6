//! Reading a stored table along the access path the planner chose (`planner/access_path.rs`): a full
//! scan, a primary key lookup, an equality lookup or range scan through an index. Every page
//! the read enters goes through the buffer pool (`Costs::request_page`): the index's own
//! pages (numbered after the clustered index's in the tablespace), then, unless the index
//! covers the query, the clustered index's root-to-leaf path for each row found.
//!
//! Counters, as the handler interface moves them: Handler_read_key per index dive,
//! Handler_read_next per row a ref or range reads (the read that finds the end of the key
//! counts too, so n rows cost n next-reads after the dive), Handler_read_rnd_next per row of
//! a full scan plus the end-of-table read, Innodb_rows_read per row. A full index scan in
//! key order (`type: index`) starts with Handler_read_first; read backward for ORDER BY ...
//! DESC it starts with Handler_read_last (or the dive) and moves by Handler_read_prev.
//!
//! performance_schema's table I/O (`handler_io.rs`), once per read: a scan's rows are
//! fetches on no index, a dive's on the index it went through. A read's time is what the
//! read itself was charged: its page waits, and its rows' CPU (`cpu_row_ns`), whether a
//! scan charged it as it went or the statement charges it at its end; the time the caller
//! spends on each row (a join's inner reads, a temporary table) is not the read's.

use crate::error::{MySqlError, Result};
use crate::instruments::status_registry::StatusId;
use crate::sql::bind::BExpr;
use crate::sql::execution::costs::{index_page, Costs, LeafCursor};
use crate::sql::execution::handler_io::{RowOp, NO_INDEX};
use crate::sql::execution::Work;
use crate::sql::expr::eval;
use crate::sql::expr::EvalContext;
use crate::sql::planner::access_path::{Choice, Path};
use crate::sql::planner::partition_pruning::PartitionFilter;
use crate::sql::Value;
use crate::status_id;

use crate::storage::table::{before_end, Key, LateFill, RangeEnd, Row, Table};

/// Called with each row read; false stops the read.
pub type Visit<'v> =
    dyn FnMut(&Row, &mut Costs, &mut Work, &mut dyn EvalContext) -> Result<bool> + 'v;

/// Reads `t` along `choice`, evaluating a ref's key parts against `outer` (the joined row of
/// the tables before it). Returns false when `visit` asked to stop.
#[allow(clippy::too_many_arguments)]
pub fn read(
    t: &Table,
    choice: &Choice,
    outer: &[Value],
    wanted: &[bool],
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut Visit,
) -> Result<bool> {
    if let Some(filter) = choice.partition_filter.as_deref() {
        if choice.path == Path::Scan {
            return pruned_scan(t, wanted, filter, costs, work, cx, visit);
        }
        // An index read finds only rows its conditions match, which pruning kept already;
        // rows of partitions the query did not name (`PARTITION (p0)`) are passed over.
        let reads = filter.reads(wanted);
        let mut kept = |row: &Row, costs: &mut Costs, work: &mut Work, cx: &mut dyn EvalContext| {
            if filter.holds(row) {
                visit(row, costs, work, cx)
            } else {
                Ok(true)
            }
        };
        return read_path(t, choice, outer, &reads, costs, work, cx, &mut kept);
    }
    read_path(t, choice, outer, wanted, costs, work, cx, visit)
}

/// [`read`] along the chosen path, every row to `visit`.
#[allow(clippy::too_many_arguments)]
fn read_path(
    t: &Table,
    choice: &Choice,
    outer: &[Value],
    wanted: &[bool],
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut Visit,
) -> Result<bool> {
    match &choice.path {
        Path::Scan => full_scan(t, wanted, &[], None, costs, work, cx, visit),
        Path::Ref { index, parts, unique } => {
            let mut values = Vec::with_capacity(parts.len());
            for p in parts {
                values.push(eval(p, outer, &[], cx)?);
            }
            // `col = NULL` matches nothing: MySQL does not even look.
            if values.iter().any(Value::is_null) {
                return Ok(true);
            }
            let pk = t.def.index(index).is_some_and(|i| i.primary);
            if pk && *unique {
                return primary_lookup(t, &Key(values), costs, work, cx, visit);
            }
            let end = RangeEnd { prefix: values, exclusive: false };
            if pk && choice.reverse {
                let (lo, hi) = (Some(&end), Some(&end));
                return primary_range_backward(t, lo, hi, wanted, costs, work, cx, visit);
            }
            if pk {
                return primary_range(t, Some(&end), Some(&end), wanted, costs, work, cx, visit);
            }
            let dive = Dive { unique: *unique, covering: choice.covering, ..Dive::key(choice) };
            secondary_range(t, index, Some(&end), Some(&end), dive, wanted, costs, work, cx, visit)
        }
        Path::IndexScan { index } => {
            // From the first (or, backward, the last) entry: index_first / index_last.
            let first_read = if choice.reverse {
                status_id!("Handler_read_last")
            } else {
                status_id!("Handler_read_first")
            };
            let dive = Dive { first_read, ..Dive::key(choice) };
            secondary_range(t, index, None, None, dive, wanted, costs, work, cx, visit)
        }
        Path::GroupSkip(g) if g.scanning => {
            // The "scanning" variant: every entry in order (from index_first, or a dive to
            // each range of the first column), each new group's first entry handed on.
            let parts: Vec<usize> = g.entry[..g.group_parts].iter().map(|&c| c as usize).collect();
            let mut last: Option<Vec<Value>> = None;
            let mut first_only =
                |row: &Row, costs: &mut Costs, work: &mut Work, cx: &mut dyn EvalContext| {
                    let key: Vec<Value> = parts.iter().map(|&c| row[c].clone()).collect();
                    if last.as_ref() == Some(&key) {
                        return Ok(true);
                    }
                    last = Some(key);
                    visit(row, costs, work, cx)
                };
            let whole = [crate::sql::planner::access_path::Interval { lo: None, hi: None }];
            let (intervals, first_read) = if g.prefix.is_empty() {
                (&whole[..], status_id!("Handler_read_first"))
            } else {
                (&g.prefix[..], status_id!("Handler_read_key"))
            };
            for i in intervals {
                let dive = Dive { first_read, ..Dive::key(choice) };
                let (lo, hi) = (i.lo.as_ref(), i.hi.as_ref());
                if !secondary_range(
                    t,
                    &g.index,
                    lo,
                    hi,
                    dive,
                    wanted,
                    costs,
                    work,
                    cx,
                    &mut first_only,
                )? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        Path::GroupSkip(g) => super::group_skip_read::read(t, g, wanted, costs, work, cx, visit),
        Path::Range { index, intervals } => {
            let pk = t.def.index(index).is_some_and(|i| i.primary);
            // Backward, the last interval is read first.
            let ordered: Vec<&crate::sql::planner::access_path::Interval> = if choice.reverse {
                intervals.iter().rev().collect()
            } else {
                intervals.iter().collect()
            };
            for i in ordered {
                let (lo, hi) = (i.lo.as_ref(), i.hi.as_ref());
                let go_on = if pk && choice.reverse {
                    primary_range_backward(t, lo, hi, wanted, costs, work, cx, visit)?
                } else if pk {
                    primary_range(t, lo, hi, wanted, costs, work, cx, visit)?
                } else {
                    let dive = Dive::key(choice);
                    secondary_range(t, index, lo, hi, dive, wanted, costs, work, cx, visit)?
                };
                if !go_on {
                    return Ok(false);
                }
            }
            Ok(true)
        }
    }
}

/// Whether the statement's max_execution_time has passed (its error then kept in `error`).
/// Out of line and cold: in a scan's loop the check must not stop the visitor from being
/// compiled into the loop (inlined, it cost the count of Listing 3.118 a seventh of its time).
#[cold]
#[inline(never)]
fn deadline_passed(work: &Work, costs: &Costs, error: &mut Option<MySqlError>) -> bool {
    match work.check_deadline(costs.clock.now()) {
        Ok(()) => false,
        Err(e) => {
            *error = Some(e);
            true
        }
    }
}

/// A read's result once it is over: its error, or whether it ran to the end.
fn finished(error: Option<MySqlError>, stopped: bool) -> Result<bool> {
    match error {
        Some(e) => Err(e),
        None => Ok(!stopped),
    }
}

/// Whether a read goes on after `visit` answered: it stops when the visitor asks to (noted in
/// `stopped`) or fails (the error kept in `error`).
fn go_on(answer: Result<bool>, stopped: &mut bool, error: &mut Option<MySqlError>) -> bool {
    match answer {
        Ok(go_on) => {
            *stopped = !go_on;
            go_on
        }
        Err(e) => {
            *error = Some(e);
            false
        }
    }
}

/// Counts the rows one dive read.
fn count_rows(costs: &mut Costs, work: &mut Work, n: u64, next_reads: u64) {
    count_rows_as(costs, work, n, next_reads, status_id!("Handler_read_next"));
}

/// Counts the rows one dive read, its reads after the first on `next_counter`
/// (`Handler_read_prev` when the read goes backward).
fn count_rows_as(
    costs: &mut Costs,
    work: &mut Work,
    n: u64,
    next_reads: u64,
    next_counter: StatusId,
) {
    work.rows += n;
    costs.status.add(status_id!("Innodb_rows_read"), n);
    costs.status.add(next_counter, next_reads);
}

/// How one read of a secondary index goes.
#[derive(Clone, Copy)]
struct Dive<'c> {
    /// A unique key: the read stops at the one row it finds, without a next-read.
    unique: bool,
    /// The index holds every column the statement reads: no clustered record is entered.
    covering: bool,
    /// Last entry first (`Handler_read_prev` per further row).
    reverse: bool,
    /// The counter of the read that positions the cursor: `Handler_read_key` for a dive,
    /// `Handler_read_first` / `_last` for a full index scan.
    first_read: StatusId,
    /// The pushed index condition (`Using index condition`), over the table's own row: an
    /// entry it turns down is passed over inside the engine.
    pushed: Option<&'c [BExpr]>,
}

impl Dive<'_> {
    /// A dive (`Handler_read_key`) along `choice`, in its direction, with its pushed
    /// condition.
    fn key(choice: &Choice) -> Dive<'_> {
        Dive {
            unique: false,
            covering: choice.covering,
            reverse: choice.reverse,
            first_read: status_id!("Handler_read_key"),
            pushed: choice.index_condition.as_deref().map(|c| c.on_row.as_slice()),
        }
    }
}

/// A full scan of the clustered index, leaf by leaf, with the costs handed on to `visit` so a
/// join can read its other tables per row. With `late` (late materialisation), a row its test
/// turns down is examined and counted like any other (pages, `Handler_read_rnd_next`,
/// `Innodb_rows_read`, CPU) but is neither completed nor visited: the caller guarantees that
/// such a row could not have passed the statement's filter. The columns `lengths_only`
/// marks are read for their length alone ([`Table::scan_late`]).
#[allow(clippy::too_many_arguments)]
pub fn full_scan<V>(
    t: &Table,
    wanted: &[bool],
    lengths_only: &[bool],
    late: Option<LateFill>,
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut V,
) -> Result<bool>
where
    V: FnMut(&Row, &mut Costs, &mut Work, &mut dyn EvalContext) -> Result<bool> + ?Sized,
{
    let mut cursor = LeafCursor::new(t, wanted, costs);
    let mut examined = 0u64;
    let mut error: Option<MySqlError> = None;
    let mut stopped = false;
    // A run of rows in one call (`scan_runs`): the loop keeps the cursor and the visitor's
    // state at hand from row to row.
    t.scan_runs(wanted, lengths_only, late, &mut |first, rows, complete| {
        for (ordinal, row) in (first..).zip(rows) {
            cursor.enter(ordinal, costs, work);
            examined += 1;
            if complete && !go_on(visit(row, costs, work, cx), &mut stopped, &mut error) {
                return false;
            }
        }
        // max_execution_time, once a run (`Work::check_deadline`).
        !(work.deadline.is_some() && deadline_passed(work, costs, &mut error))
    });
    scan_done(t, cursor, examined, costs, work);
    finished(error, stopped)
}

/// [`full_scan`] for a visitor that takes a run of rows at once and reads neither the costs
/// nor the work (a plain aggregate's feed): `visit(rows, cx)` answers how many of the rows it
/// took (all, or up to the one where it stopped or failed) and whether the scan goes on. The
/// rows it took enter their leaves after it, together ([`LeafCursor::enter_run`]): the rows
/// entered, and so the pages, counters and CPU, are those [`full_scan`] enters.
#[allow(clippy::too_many_arguments)]
pub fn full_scan_runs<V>(
    t: &Table,
    wanted: &[bool],
    lengths_only: &[bool],
    late: Option<LateFill>,
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut V,
) -> Result<bool>
where
    V: FnMut(&[Row], &mut dyn EvalContext) -> (usize, Result<bool>) + ?Sized,
{
    let mut cursor = LeafCursor::new(t, wanted, costs);
    let mut examined = 0u64;
    let mut error: Option<MySqlError> = None;
    let mut stopped = false;
    t.scan_runs(wanted, lengths_only, late, &mut |first, rows, complete| {
        // A row late materialisation turned down is entered, not visited.
        let (taken, answer) = if complete { visit(rows, cx) } else { (rows.len(), Ok(true)) };
        cursor.enter_run(first, taken as u64, costs, work);
        examined += taken as u64;
        // max_execution_time, once a run (`Work::check_deadline`).
        go_on(answer, &mut stopped, &mut error)
            && !(work.deadline.is_some() && deadline_passed(work, costs, &mut error))
    });
    scan_done(t, cursor, examined, costs, work);
    finished(error, stopped)
}

/// The clustered index read backward (`ORDER BY pk DESC`: EXPLAIN's `Backward index scan`
/// on PRIMARY), last row first, until `visit` stops it: each row enters its leaf as the
/// forward scan's does, and the read counts Handler_read_last once and Handler_read_prev for
/// each further row, the one that finds the start of the table included when it gets there.
pub fn full_scan_backward(
    t: &Table,
    wanted: &[bool],
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut Visit,
) -> Result<bool> {
    let mut cursor = LeafCursor::new(t, wanted, costs);
    let mut examined = 0u64;
    let mut error: Option<MySqlError> = None;
    let mut stopped = false;
    t.scan_backward(wanted, &mut |ordinal, row| {
        cursor.enter(ordinal, costs, work);
        examined += 1;
        go_on(visit(row, costs, work, cx), &mut stopped, &mut error)
    });
    cursor.finish(costs, work);
    work.table_io.add(t, primary_slot(t), RowOp::Fetch, examined, cursor.spent_ns() * 1000);
    work.rows += examined;
    costs.status.add(status_id!("Innodb_rows_read"), examined);
    costs.status.add(status_id!("Handler_read_last"), 1);
    let prev = if stopped || error.is_some() { examined.saturating_sub(1) } else { examined };
    costs.status.add(status_id!("Handler_read_prev"), prev);
    finished(error, stopped)
}

/// A full scan of a partitioned table that reads only the partitions pruning kept: a row of
/// another partition is passed over without entering its leaf page, spending its CPU or
/// counting it (Handler_read_rnd_next, Innodb_rows_read), as MySQL opens only the kept
/// partitions. Simplification: the partitions' rows share the table's one B-tree here, so a
/// leaf page that holds rows of a kept partition and of a pruned one is still read (rows of
/// a RANGE partitioned on the primary key lie together; HASH partitions' rows interleave).
#[allow(clippy::too_many_arguments)]
fn pruned_scan(
    t: &Table,
    wanted: &[bool],
    filter: &PartitionFilter,
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut Visit,
) -> Result<bool> {
    let reads = filter.reads(wanted);
    let mut cursor = LeafCursor::new(t, &reads, costs);
    let mut examined = 0u64;
    let mut error: Option<MySqlError> = None;
    let mut stopped = false;
    t.scan_late(&reads, &[], None, &mut |ordinal, row, complete| {
        if !filter.holds(row) {
            return true;
        }
        cursor.enter(ordinal, costs, work);
        examined += 1;
        !complete || go_on(visit(row, costs, work, cx), &mut stopped, &mut error)
    });
    scan_done(t, cursor, examined, costs, work);
    finished(error, stopped)
}

/// A full scan whose rows the statement need not see (its result was kept from an identical
/// scan, `select::memo`): every row's leaf and record-buffer batch is entered as
/// [`full_scan`] enters them, so pages, waits, CPU and counters come out the same.
pub fn full_scan_replay(t: &Table, wanted: &[bool], costs: &mut Costs, work: &mut Work) {
    let mut cursor = LeafCursor::new(t, wanted, costs);
    let rows = t.row_count();
    for ordinal in 0..rows {
        cursor.enter(ordinal, costs, work);
    }
    scan_done(t, cursor, rows, costs, work);
}

/// A full scan's end: the cursor's last charges, and its counters, counted once (a counter
/// update per row would cost a name lookup per row).
fn scan_done(t: &Table, mut cursor: LeafCursor, examined: u64, costs: &mut Costs, work: &mut Work) {
    cursor.finish(costs, work);
    work.table_io.add(t, NO_INDEX, RowOp::Fetch, examined, cursor.spent_ns() * 1000);
    work.rows += examined;
    costs.status.add(status_id!("Innodb_rows_read"), examined);
    costs.status.add(status_id!("Handler_read_rnd_next"), examined + 1);
}

/// One row by its whole primary key: a root-to-leaf descent of the clustered index.
fn primary_lookup(
    t: &Table,
    key: &Key,
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut Visit,
) -> Result<bool> {
    costs.status.add(status_id!("Handler_read_key"), 1);
    let start = costs.clock.now();
    let geometry = t.clustered_geometry();
    for p in geometry.path_to_leaf(t.ordinal_hint(key)) {
        costs.request_page(index_page(t, p));
    }
    let row = t.get(key);
    let n = u64::from(row.is_some());
    let ps = costs.clock.now().since(start).as_nanos() * 1000 + costs.row_cpu_ps(n);
    work.table_io.add(t, primary_slot(t), RowOp::Fetch, n, ps);
    count_rows(costs, work, n, 0);
    match row {
        Some(r) => visit(&r, costs, work, cx),
        None => Ok(true),
    }
}

/// The rows of a primary key range, read along the clustered leaves.
#[allow(clippy::too_many_arguments)]
fn primary_range(
    t: &Table,
    lo: Option<&RangeEnd>,
    hi: Option<&RangeEnd>,
    wanted: &[bool],
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut Visit,
) -> Result<bool> {
    costs.status.add(status_id!("Handler_read_key"), 1);
    let pk = t.def.primary().map(|p| p.columns.clone()).unwrap_or_default();
    let mut cursor = LeafCursor::new(t, wanted, costs);
    let mut n = 0u64;
    let mut error: Option<MySqlError> = None;
    let mut stopped = false;
    let mut past_end = false;
    let mut key: Vec<Value> = Vec::with_capacity(pk.len());
    t.scan_from(lo, hi, wanted, &mut |ordinal, row| {
        let at_end = !before_end(row_key(&pk, row, &mut key), hi);
        cursor.enter(ordinal, costs, work);
        if at_end {
            past_end = true;
            return false;
        }
        n += 1;
        go_on(visit(row, costs, work, cx), &mut stopped, &mut error)
    });
    cursor.finish(costs, work);
    // The read that found the end of the range counts, unless the table ended first.
    let next_reads = if stopped { n.saturating_sub(1) } else { n - u64::from(!past_end && n > 0) };
    count_rows(costs, work, n, next_reads);
    let ps = cursor.spent_ns() * 1000;
    work.table_io.add(t, primary_slot(t), RowOp::Fetch, n, ps);
    finished(error, stopped)
}

/// The rows of a primary key range read backward, highest key first (`ORDER BY pk DESC`:
/// EXPLAIN's `Backward index scan` on a `range` or `ref` of PRIMARY), along the clustered
/// leaves until the range's start or `visit` stops it. Counters as mysql-server's
/// ReverseIndexRangeScanIterator moves them (range_optimizer/reverse_index_range_scan.cc):
/// a range without an end starts at the index's last entry (Handler_read_last), any other
/// with a dive (Handler_read_key); each further row is a Handler_read_prev, the read that
/// finds the entry before the range (or the start of the table) included, unless `visit`
/// stopped the read first.
#[allow(clippy::too_many_arguments)]
fn primary_range_backward(
    t: &Table,
    lo: Option<&RangeEnd>,
    hi: Option<&RangeEnd>,
    wanted: &[bool],
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut Visit,
) -> Result<bool> {
    let first_read =
        if hi.is_none() { status_id!("Handler_read_last") } else { status_id!("Handler_read_key") };
    costs.status.add(first_read, 1);
    let pk = t.def.primary().map(|p| p.columns.clone()).unwrap_or_default();
    let mut cursor = LeafCursor::new(t, wanted, costs);
    let mut n = 0u64;
    let mut error: Option<MySqlError> = None;
    let mut stopped = false;
    let mut key: Vec<Value> = Vec::with_capacity(pk.len());
    t.scan_backward_from(hi, wanted, &mut |ordinal, row| {
        cursor.enter(ordinal, costs, work);
        if !at_or_after_start(row_key(&pk, row, &mut key), lo) {
            return false;
        }
        n += 1;
        go_on(visit(row, costs, work, cx), &mut stopped, &mut error)
    });
    cursor.finish(costs, work);
    let prev_reads = if stopped { n.saturating_sub(1) } else { n };
    count_rows_as(costs, work, n, prev_reads, status_id!("Handler_read_prev"));
    let ps = cursor.spent_ns() * 1000;
    work.table_io.add(t, primary_slot(t), RowOp::Fetch, n, ps);
    finished(error, stopped)
}

/// The primary key `pk` of `row`: a one-column key where it lies in the row, a longer one
/// gathered into `buf`.
fn row_key<'a>(pk: &[u32], row: &'a [Value], buf: &'a mut Vec<Value>) -> &'a [Value] {
    match pk {
        [c] => std::slice::from_ref(&row[*c as usize]),
        _ => {
            buf.clear();
            buf.extend(pk.iter().map(|&c| row[c as usize].clone()));
            buf
        }
    }
}

/// Whether a key is at or after a range's start.
fn at_or_after_start(key: &[Value], lo: Option<&RangeEnd>) -> bool {
    match lo {
        None => true,
        Some(l) => match crate::storage::index::cmp_prefix(key, &l.prefix) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Equal => !l.exclusive,
            std::cmp::Ordering::Less => false,
        },
    }
}

/// The rows of a secondary index range: the index's pages, then each row's clustered record
/// unless the index covers the query.
#[allow(clippy::too_many_arguments)]
fn secondary_range(
    t: &Table,
    index: &str,
    lo: Option<&RangeEnd>,
    hi: Option<&RangeEnd>,
    dive: Dive,
    wanted: &[bool],
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut Visit,
) -> Result<bool> {
    let Dive { unique, covering, reverse, first_read, pushed } = dive;
    costs.status.add(first_read, 1);
    let Some((first, geometry)) = t.secondary_geometry(index) else { return Ok(true) };
    let clustered = t.clustered_geometry();
    let secondary_page = |rel: u64| index_page(t, first + rel);
    let mut current_leaf: Option<u64> = None;
    let mut n = 0u64;
    let mut error: Option<MySqlError> = None;
    let mut stopped = false;
    // The index's and the clustered records' page waits (not the caller's time per row).
    let mut spent_ns = 0u64;
    let mut on_hit = |hit: crate::storage::table::IndexHit| {
        let start = costs.clock.now();
        let leaf = geometry.leaf_page_of(hit.position);
        if current_leaf != Some(leaf) {
            match current_leaf {
                None => {
                    for p in geometry.path_to_leaf(hit.position) {
                        costs.request_page(secondary_page(p));
                    }
                }
                Some(_) => costs.request_page(secondary_page(leaf)),
            }
            current_leaf = Some(leaf);
        }
        // Index condition pushdown: InnoDB tests the pushed condition on the entry and, when
        // it fails, moves to the next entry within the same handler call
        // (row_search_mvcc's ICP_NO_MATCH: `goto next_rec`), so the entry costs no
        // clustered lookup, no row CPU and no Handler_read_next or Innodb_rows_read.
        if let Some(conditions) = pushed {
            match index_condition_holds(conditions, hit.row, cx) {
                Ok(true) => {}
                Ok(false) => {
                    spent_ns += costs.clock.now().since(start).as_nanos();
                    return true;
                }
                Err(e) => {
                    error = Some(e);
                    return false;
                }
            }
        }
        if !covering {
            for p in clustered.path_to_leaf(t.ordinal_hint(&hit.key)) {
                costs.request_page(index_page(t, p));
            }
        }
        spent_ns += costs.clock.now().since(start).as_nanos();
        n += 1;
        go_on(visit(hit.row, costs, work, cx), &mut stopped, &mut error)
    };
    if reverse {
        t.index_range_backward(index, lo, hi, wanted, &mut on_hit);
    } else {
        t.index_range(index, lo, hi, wanted, &mut on_hit);
    }
    if current_leaf.is_none() {
        // A dive that finds nothing still descends to a leaf.
        let start = costs.clock.now();
        for p in geometry.path_to_leaf(0) {
            costs.request_page(secondary_page(p));
        }
        spent_ns += costs.clock.now().since(start).as_nanos();
    }
    let next_reads = if unique || stopped { n.saturating_sub(1) } else { n };
    let next_counter =
        if reverse { status_id!("Handler_read_prev") } else { status_id!("Handler_read_next") };
    count_rows_as(costs, work, n, next_reads, next_counter);
    let ps = spent_ns * 1000 + costs.row_cpu_ps(n);
    work.table_io.add(t, index_slot(t, index), RowOp::Fetch, n, ps);
    finished(error, stopped)
}

/// Whether an index entry passes the pushed condition. Its warnings are not raised here: the
/// statement's own filter tests the same conditions again on every entry that passes, and
/// raises them there (simplification: an entry turned down raises none).
fn index_condition_holds(
    conditions: &[BExpr],
    row: &[Value],
    cx: &mut dyn EvalContext,
) -> Result<bool> {
    let mut quiet = crate::sql::execution::select::Counting { inner: cx, warnings: 0, mute: true };
    crate::sql::planner::access_path::passes(conditions, row, &mut quiet)
}

/// The index slot a read along `path` counts its rows on (an UPDATE or DELETE counts its
/// changes there too).
pub fn path_slot(t: &Table, path: &Path) -> u32 {
    match path {
        Path::Scan => NO_INDEX,
        Path::Ref { index, .. } | Path::Range { index, .. } | Path::IndexScan { index } => {
            index_slot(t, index)
        }
        Path::GroupSkip(g) => index_slot(t, &g.index),
    }
}

/// The position of the clustered index (PRIMARY) in the table's definition; a table without
/// a primary key has none, and its rows count on no index.
pub fn primary_slot(t: &Table) -> u32 {
    t.def.indexes.iter().position(|i| i.primary).map_or(NO_INDEX, |p| p as u32)
}

/// The position of index `name` in the table's definition (names compare as MySQL's do,
/// without regard to case).
pub fn index_slot(t: &Table, name: &str) -> u32 {
    t.def
        .indexes
        .iter()
        .position(|i| i.name.eq_ignore_ascii_case(name))
        .map_or(NO_INDEX, |p| p as u32)
}
