//! The pipeline a SELECT's joined rows flow into: WHERE, then either GROUP BY with its
//! aggregates (an internal temporary table, `temp_table.rs`) and HAVING, or the rows as they
//! are; then DISTINCT, ORDER BY (filesort, `filesort.rs`) and LIMIT.
//!
//! Memory stays bounded by what the result needs. When the statement reads one stored table
//! with a one-column integer primary key, a sorted row or a group's first row is kept as that
//! key, and read again (only the columns the statement uses) when the result is built: a sort
//! keeps a compact byte key and the row's key, a group its key hash, its first row's key and
//! its aggregates' state, about 30 bytes for a COUNT; DISTINCT a distinct row's first row's key
//! and its hash (`distinct.rs`); a DISTINCT aggregate its values seen the same way
//! (`distinct_values.rs`). A result the server keeps for itself (a derived table's, a view's,
//! a CTE's) is packed as it is collected (`result_rows.rs`). Rows a join or a materialised
//! source sorts are packed with their sort keys, and sorted as byte keys whose payload is
//! where the packed row starts. Rows such statements de-duplicate, and rows sorted by value
//! (keys the bytes cannot order), are packed with their sort keys (`outputs.rs`); groups
//! without a stored table to read again keep their first row packed. All of them take their
//! bytes from the statement's temporary space.

use super::correlated::lend;
use super::plan::{Plan, SortKey};
use crate::error::{MySqlError, Result, Warning};
use crate::instruments::status_registry::StatusId;
use crate::sim::hardware::TempCosts;
use crate::sql::bind::{AggCall, AggFunc, BExpr};
use crate::sql::compiled::Compiled;
use crate::sql::execution::aggregate::Accumulator;
use crate::sql::execution::costs::Costs;
use crate::sql::execution::filesort::Filesort;
use crate::sql::execution::group_table::{key_hash, GroupIndex};
use crate::sql::execution::packed_rows::{PackedRows, TempSpace};
use crate::sql::execution::temp_table::{TempSettings, TempTable};
use crate::sql::expr::{eval, EvalContext};
use crate::status_id;
use crate::storage::schema::ColumnType;
use crate::storage::table::{cmp_values, Key, Row, Table};
use crate::storage::value::Value;
use std::cmp::Ordering;

mod agg_store;
mod distinct;
mod distinct_values;
mod outputs;
mod plain_feed;
mod result_rows;

use outputs::Outputs;
pub(super) use outputs::{same_row, sort_places};

use agg_store::AggStore;
mod rollup;

pub(crate) use result_rows::{ColumnFacts, ResultRows};

use super::record_size::{addon_bytes, group_row_size, key_column, sort_key_bytes, value_bytes};
use super::sorter::{Chunked, Sorter};

/// Groups whose keys the pipeline keeps as values even when it could read them again: a
/// GROUP BY with few groups then compares keys without reading rows.
pub(super) const KEYS_KEPT_MAX: usize = 65_536;
/// Groups a GROUP BY may form: about 130 MB of the simulator's memory at most, past the
/// chapter's 3,000,000. Past them the statement stops as MySQL stops when the session
/// temporary tablespace is full (ERROR 1114). Simplification: the simulated disk has no
/// free-space figure; this stands for it.
pub const GROUPS_KEPT_MAX: u64 = 4_000_000;
/// A stored table whose rows the pipeline may keep by primary key instead of by value.
pub(super) struct RowSource<'a> {
    pub table: &'a Table,
    /// Position of the primary key's one integer column.
    pub pk: u32,
    /// Columns any clause reads, the key among them: what a row read again must have.
    pub needed: Vec<bool>,
}

/// A column of the joined row: its stored type and whether it may be NULL, where a stored
/// table gives them.
pub(super) type ColumnTypes = Vec<Option<(ColumnType, bool)>>;

/// The session settings and plan facts the pipeline's temporary table and sort follow.
pub(super) struct Settings {
    pub temp: TempSettings,
    pub sort_buffer_size: u64,
    pub max_sort_length: u64,
    /// GROUP BY needs a temporary table (not when it groups by the primary key of the one
    /// table, read in key order).
    pub group_needs_temporary: bool,
    /// The sort counter a filesort of rows bumps: `Sort_scan`, or `Sort_range` when the first
    /// table is read by a range.
    pub sort_counter: StatusId,
    /// The hardware's costs of temporary tables and sorts.
    pub costs: TempCosts,
    /// Rows of the result the pipeline keeps: all of them for a query whose rows the server
    /// uses itself (a derived table, INSERT ... SELECT), [`RESULT_ROWS_KEPT`] for a result
    /// sent to the client, whose further rows are counted, not kept.
    pub rows_kept: u64,
    /// The server keeps the result (a derived table's, a view's...): its rows are packed.
    pub pack: bool,
    /// The statement's temporary space, which packed rows take their bytes from.
    pub space: TempSpace,
    /// Columns of the joined row any clause reads (all of them when empty): a row kept
    /// whole keeps only these.
    pub needed: Vec<bool>,
    /// Groups arrive one after another (an index read in GROUP BY order) and the statement
    /// wants only this many (LIMIT plus OFFSET, no HAVING, no ORDER BY): the read stops
    /// when the group after them starts, as MySQL's streaming aggregate under its LIMIT.
    pub groups_stop_after: Option<u64>,
}

/// Rows whose outputs a sort by reference keeps beside their keys (a select list of columns
/// only): a few hundred rows' values, which a short range's sort then does not read again.
const SORT_OUTPUTS_KEPT_MAX: usize = 1_024;

/// The columns a select list is, when it is only columns.
pub(super) fn only_columns(plan: &Plan) -> Option<Vec<u32>> {
    plan.items
        .iter()
        .map(|(e, _)| match e {
            BExpr::Column(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// Rows of a result sent to the client that the simulated client keeps; the rest are counted
/// (`N rows in set` counts them all) but never held, so a SELECT of millions of rows neither
/// fails nor fills the tab. Simplification: the real mysql client holds every row.
pub const RESULT_ROWS_KEPT: u64 = 100_000;

/// What the pipeline has accumulated, and the expressions it evaluates per row, compiled once
/// for the statement.
pub(super) struct PipelineState<'p, 'a> {
    /// The query's correlated subqueries, when it has any: evaluating WHERE, the select list
    /// and HAVING may run them (`correlated.rs`).
    rt: Option<&'p super::correlated::Runtime<'a>>,
    filter: Option<Compiled<'p>>,
    items: Vec<Compiled<'p>>,
    agg_args: Vec<Option<Compiled<'p>>>,
    /// Per aggregate: GROUP_CONCAT's ORDER BY keys (empty for any other call).
    agg_orders: Vec<Vec<Compiled<'p>>>,
    group_exprs: Vec<Compiled<'p>>,
    /// The column each GROUP BY expression is, when it is one.
    group_columns: Vec<Option<u32>>,
    source: Option<RowSource<'a>>,
    types: ColumnTypes,
    settings: Settings,
    /// Ungrouped rows kept to be sorted or de-duplicated, packed: output rows with their
    /// sort keys (`outputs.rs`).
    outputs: Outputs,
    /// Ungrouped rows in the order they come (no ORDER BY, no DISTINCT): the result as it
    /// grows.
    streamed: ResultRows,
    /// Ungrouped rows sorted by primary key reference.
    sorter: Option<Sorter>,
    /// With `sorter`, when the select list is only columns (a value that is the row's, with
    /// no evaluation to repeat): the first rows' outputs with their primary keys, so the
    /// sorted result takes them instead of reading the rows again; None past
    /// [`SORT_OUTPUTS_KEPT_MAX`] rows (then every row is read again).
    sort_outputs: Option<Vec<(u64, Option<Row>)>>,
    /// Ungrouped rows of a join or a materialised source to be sorted: each output row and
    /// its sort keys packed (`packed_rows.rs`), and the sort's byte keys with where the row
    /// starts as payload. Empty once a key the bytes cannot order came (then `outputs`).
    packed_sort: Option<(Sorter, PackedRows)>,
    /// DISTINCT's rows kept by reference (`distinct.rs`), when one stored table is read.
    distinct: Option<distinct::DistinctRows>,
    /// Aggregates without GROUP BY.
    single: Option<(Option<Row>, Vec<Accumulator>)>,
    /// One aggregate without GROUP BY, plain (no DISTINCT values kept by reference, no
    /// ORDER BY of its own): a row that passed WHERE only updates it. Worked out once, so a
    /// scan's row tests one flag instead of the four lists.
    one_plain_aggregate: bool,
    /// Per aggregate without GROUP BY: a DISTINCT call's values seen, kept by reference
    /// when one stored table is read (`distinct_values.rs`).
    distinct_values: Vec<Option<distinct_values::DistinctValues>>,
    groups: Option<Groups>,
    temp: Option<TempTable>,
    /// The filesort model of ungrouped rows.
    sort_model: Option<Filesort>,
    /// Rows produced so far that passed WHERE (for early LIMIT stop).
    produced: u64,
    key: Vec<Value>,
    scratch: Row,
    /// Result rows counted but not kept (past `rows_kept`).
    unshown: u64,
}

/// Aggregates without GROUP BY after a scan: the first row that passed WHERE, each
/// aggregate's running state, and how many rows passed.
pub(super) type SingleState = ((Option<Row>, Vec<Accumulator>), u64);

/// GROUP BY's groups, in first-seen order.
struct Groups {
    index: GroupIndex,
    /// Keys of the first groups (of all groups without a row source).
    keys: Vec<Vec<Value>>,
    /// With a row source: each group's first row, by primary key.
    first_keys: Chunked,
    signed_key: bool,
    /// Without a row source: each group's first row, packed (the columns the statement does
    /// not read as NULLs), and where each starts.
    first_rows: PackedRows,
    first_starts: Chunked,
    /// Columns of the joined row.
    width: usize,
    aggs: AggStore,
}

impl<'p, 'a> PipelineState<'p, 'a> {
    pub(super) fn new(
        plan: &'p Plan,
        source: Option<RowSource<'a>>,
        types: ColumnTypes,
        settings: Settings,
    ) -> PipelineState<'p, 'a> {
        let ungrouped = plan.group_by.is_empty() && !plan.aggregates.is_empty();
        // A DISTINCT call over one stored table keeps its values seen by reference.
        let by_reference =
            |c: &AggCall| ungrouped && c.distinct && c.arg.is_some() && c.order_by.is_empty();
        let by_reference = |c: &AggCall| by_reference(c) && source.is_some();
        let single = ungrouped.then(|| {
            let accs = plan.aggregates.iter().map(|c| {
                if by_reference(c) {
                    Accumulator::without_values_seen(c)
                } else {
                    Accumulator::new(c)
                }
            });
            (None, accs.collect())
        });
        let distinct_values: Vec<_> = plan
            .aggregates
            .iter()
            .map(|c| by_reference(c).then(distinct_values::DistinctValues::new))
            .collect();
        let one_plain_aggregate = single.is_some()
            && matches!(plan.aggregates.as_slice(), [c] if c.order_by.is_empty())
            && matches!(distinct_values.as_slice(), [None]);
        let groups = (!plan.group_by.is_empty()).then(|| Groups {
            index: GroupIndex::new(),
            keys: Vec::new(),
            first_keys: Chunked::default(),
            signed_key: false,
            first_rows: PackedRows::in_space(&settings.space),
            first_starts: Chunked::default(),
            width: 0,
            aggs: AggStore::new(&plan.aggregates, &settings.space),
        });
        let ordered = !plan.order_by.is_empty() && !plan.distinct;
        let sorter = (ordered && !plan.grouped() && source.is_some()).then(|| {
            let rows = source.as_ref().map_or(0, |s| s.table.row_count());
            Sorter::new(plan.order_by.iter().map(|(_, d)| *d).collect(), keep(plan), rows)
        });
        let packed_sort = (ordered && !plan.grouped() && source.is_none()).then(|| {
            // As many rows as a sort may keep (the join's rows are not known ahead).
            let sorter =
                Sorter::new(plan.order_by.iter().map(|(_, d)| *d).collect(), keep(plan), u64::MAX);
            (sorter, PackedRows::in_space(&settings.space))
        });
        let has_source = source.is_some();
        let sort_model = (!plan.order_by.is_empty() && !plan.grouped())
            .then(|| Filesort::new(settings.sort_buffer_size, keep(plan), &settings.costs));
        let sort_outputs =
            sorter.as_ref().and_then(|_| only_columns(plan)).map(|_| Vec::with_capacity(128));
        PipelineState {
            rt: None,
            filter: plan.filter.as_ref().map(Compiled::new),
            items: plan.items.iter().map(|(e, _)| Compiled::new(e)).collect(),
            agg_args: plan.aggregates.iter().map(|a| a.arg.as_ref().map(Compiled::new)).collect(),
            agg_orders: plan
                .aggregates
                .iter()
                .map(|a| a.order_by.iter().map(|(e, _)| Compiled::new(e)).collect())
                .collect(),
            group_exprs: plan.group_by.iter().map(Compiled::new).collect(),
            group_columns: plan
                .group_by
                .iter()
                .map(|e| match e {
                    BExpr::Column(c) => Some(*c),
                    _ => None,
                })
                .collect(),
            source,
            types,
            streamed: ResultRows::new(settings.pack, &settings.space),
            outputs: Outputs::new(&settings.space, plan.items.len(), plan.order_by.len()),
            settings,
            sorter,
            sort_outputs,
            packed_sort,
            // Kept by reference only when the select list compares as its values do.
            distinct: (plan.distinct
                && !plan.grouped()
                && has_source
                && plan.distinct_exact.is_empty())
            .then(distinct::DistinctRows::new),
            single,
            one_plain_aggregate,
            distinct_values,
            groups,
            temp: None,
            sort_model,
            produced: 0,
            key: Vec::new(),
            scratch: Vec::new(),
            unshown: 0,
        }
    }

    /// Lets the query's correlated subqueries run where WHERE, the select list and HAVING
    /// are evaluated.
    pub(super) fn set_runtime(&mut self, rt: Option<&'p super::correlated::Runtime<'a>>) {
        self.rt = rt;
    }

    /// Leaves WHERE to the join, which checks it level by level.
    pub(super) fn drop_filter(&mut self) {
        self.filter = None;
    }

    /// The aggregates' state of a statement without GROUP BY (with the rows that passed
    /// WHERE), as a finished scan left it: what a table's scan memo keeps (without a
    /// DISTINCT call's values seen, which only a further update would read).
    pub(super) fn single_state(&self) -> Option<SingleState> {
        let (first, accs) = self.single.as_ref()?;
        let accs = accs.iter().map(Accumulator::finished_copy).collect();
        Some(((first.clone(), accs), self.produced))
    }

    /// Puts back a kept [`Self::single_state`], as if the same rows had been fed again.
    pub(super) fn restore_single(&mut self, (single, produced): SingleState) {
        self.single = Some(single);
        self.produced = produced;
    }

    /// Takes one joined row: WHERE, then the rest of the pipeline; false when no more rows
    /// are needed (LIMIT reached). In line in the scan's loop for its common case, a row
    /// passing to one aggregate without GROUP BY (a call per row cost more than the update
    /// itself).
    #[inline(always)]
    pub(super) fn feed(
        &mut self,
        plan: &Plan,
        row: &[Value],
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
    ) -> Result<bool> {
        if let Some(f) = &self.filter {
            let pass = match self.rt {
                None => f.truth(row, cx)?,
                Some(rt) => lend(Some(rt), costs, cx, |cx| f.truth(row, cx))?,
            };
            if pass != Some(true) {
                return Ok(true);
            }
        }
        if self.one_plain_aggregate {
            if let Some((Some(_), accs)) = &mut self.single {
                if let ([acc], [arg]) = (accs.as_mut_slice(), self.agg_args.as_slice()) {
                    return update_one(acc, arg.as_ref(), row, cx);
                }
            }
        }
        self.feed_passed(plan, row, costs, cx)
    }

    /// Takes a row that passed WHERE.
    #[inline(never)]
    fn feed_passed(
        &mut self,
        plan: &Plan,
        row: &[Value],
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
    ) -> Result<bool> {
        // Aggregates without GROUP BY first: a scan feeds them every row, and they only
        // update their accumulators (`single` is there exactly when the plan is grouped
        // without GROUP BY).
        if let Some((first, accs)) = &mut self.single {
            if first.is_none() {
                *first = Some(row.to_vec());
            }
            for (((acc, arg), seen), order) in accs
                .iter_mut()
                .zip(&self.agg_args)
                .zip(self.distinct_values.iter_mut())
                .zip(&self.agg_orders)
            {
                if !order.is_empty() {
                    let keys = order.iter().map(|k| k.eval(row, cx)).collect::<Result<_>>()?;
                    let v = arg.as_ref().map_or(Ok(Value::Null), |a| a.eval(row, cx))?;
                    acc.update_keyed(&v, keys, &self.settings.space)?;
                    continue;
                }
                match (arg, seen, &self.source) {
                    // COUNT(DISTINCT ...) and the like over one stored table: the values seen
                    // are kept by reference (`distinct_values.rs`).
                    (Some(a), Some(seen), Some(src)) => {
                        let v = a.eval(row, cx)?;
                        if v.is_null() || seen.is_new(&v, &row[src.pk as usize], a, src, cx)? {
                            acc.update(&v);
                        } else {
                            acc.repeat();
                        }
                    }
                    (arg, _, _) => {
                        update_one(acc, arg.as_ref(), row, cx)?;
                    }
                }
            }
            return Ok(true);
        }
        if !plan.grouped() {
            let rt = self.rt;
            return lend(rt, costs, cx, |cx| self.feed_ungrouped(plan, row, cx));
        }
        if self.groups.is_some() {
            return self.feed_group(plan, row, costs, cx);
        }
        Ok(true)
    }

    fn feed_ungrouped(
        &mut self,
        plan: &Plan,
        row: &[Value],
        cx: &mut dyn EvalContext,
    ) -> Result<bool> {
        self.produced += 1;
        if self.distinct.is_some() {
            return self.feed_distinct(plan, row, cx);
        }
        if self.sorter.is_some() {
            let mut keys = std::mem::take(&mut self.key);
            sort_keys_of_row(plan, &self.items, row, cx, &mut keys)?;
            let src = self.source.as_ref().expect("a sorter reads by reference");
            if let Some(model) = &mut self.sort_model {
                model.add(
                    sort_key_bytes(plan, &keys, &self.types, self.settings.max_sort_length)
                        + addon_bytes(&src.needed, row, &self.types),
                );
            }
            let pk = encode_pk(&row[src.pk as usize]);
            if self.sorter.as_mut().is_some_and(|s| s.push(&keys, pk)) {
                self.key = keys;
                if let Some(kept) = &mut self.sort_outputs {
                    if kept.len() < SORT_OUTPUTS_KEPT_MAX {
                        // The select list is columns only (`only_columns`).
                        let out = plan.items.iter().map(|(e, _)| match e {
                            BExpr::Column(c) => {
                                row.get(*c as usize).cloned().unwrap_or(Value::Null)
                            }
                            _ => Value::Null,
                        });
                        kept.push((pk, Some(out.collect())));
                    } else {
                        self.sort_outputs = None;
                    }
                }
                return Ok(true);
            }
            // A key the bytes cannot order: keep every row packed from here on.
            self.materialise_sorted(plan, cx)?;
            let out: Row = self.items.iter().map(|e| e.eval(row, cx)).collect::<Result<_>>()?;
            self.outputs.push(&out, &keys)?;
            return Ok(true);
        }
        let streaming = plan.order_by.is_empty() && !plan.distinct;
        if streaming {
            // Rows in the order they come: OFFSET skips them here, and past the rows kept
            // they are counted only.
            if self.produced <= plan.offset {
                return Ok(true);
            }
            if self.streamed.len() >= self.settings.rows_kept {
                self.unshown += 1;
                return Ok(plan
                    .limit
                    .is_none_or(|l| self.produced < l.saturating_add(plan.offset)));
            }
            let out: Row = self.items.iter().map(|e| e.eval(row, cx)).collect::<Result<_>>()?;
            self.streamed.push(out)?;
            // Without ORDER BY or DISTINCT, LIMIT can stop the scan early.
            return Ok(plan.limit.is_none_or(|limit| self.produced < limit + plan.offset));
        }
        let out: Row = self.items.iter().map(|e| e.eval(row, cx)).collect::<Result<_>>()?;
        let keys = sort_keys(plan, row, &[], &out, cx)?;
        if let Some(model) = &mut self.sort_model {
            model.add(
                sort_key_bytes(plan, &keys, &self.types, self.settings.max_sort_length)
                    + out.iter().map(value_bytes).sum::<u64>()
                    + 4,
            );
        }
        if let Some((sorter, rows)) = &mut self.packed_sort {
            let width = out.len();
            let mut packed = out;
            packed.extend(keys);
            let at = rows.push_located(&packed)?;
            let (out, keys) = split_packed(packed, width);
            if sorter.push(&keys, at) {
                return Ok(true);
            }
            // A key the bytes cannot order: every row kept to be sorted by value from here on.
            self.unpack_sorted(plan)?;
            self.outputs.push(&out, &keys)?;
            return Ok(true);
        }
        self.outputs.push(&out, &keys)?;
        Ok(true)
    }

    /// Moves the rows to be sorted by byte keys to the rows sorted by value (in arrival
    /// order).
    fn unpack_sorted(&mut self, plan: &Plan) -> Result<()> {
        let Some((sorter, rows)) = self.packed_sort.take() else { return Ok(()) };
        let width = self.items.len();
        let packed_width = width + plan.order_by.len();
        let mut row = Row::new();
        for at in sorter.into_arrival_order() {
            rows.read_at(at, packed_width, &mut row);
            let (out, keys) = row.split_at(width.min(row.len()));
            self.outputs.push(out, keys)?;
        }
        Ok(())
    }

    /// Turns the rows kept by reference into rows kept packed, to be sorted by value (in
    /// arrival order).
    fn materialise_sorted(&mut self, plan: &Plan, cx: &mut dyn EvalContext) -> Result<()> {
        self.sort_outputs = None;
        let (Some(sorter), Some(src)) = (self.sorter.take(), &self.source) else {
            return Ok(());
        };
        let signed = src.table.def.columns.get(src.pk as usize).is_some_and(|c| !c.unsigned);
        let payloads = sorter.into_arrival_order();
        for pk in payloads {
            if !fetch(src, pk, signed, &mut self.scratch) {
                continue;
            }
            let row = std::mem::take(&mut self.scratch);
            let out: Row = self.items.iter().map(|i| i.eval(&row, cx)).collect::<Result<_>>()?;
            let keys = sort_keys(plan, &row, &[], &out, cx)?;
            self.outputs.push(&out, &keys)?;
            self.scratch = row;
        }
        Ok(())
    }

    fn feed_group(
        &mut self,
        plan: &Plan,
        row: &[Value],
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
    ) -> Result<bool> {
        if self.temp.is_none() && self.settings.group_needs_temporary {
            self.temp = Some(TempTable::create(self.settings.temp.clone(), costs));
        }
        let mut key = std::mem::take(&mut self.key);
        key.resize(self.group_exprs.len(), Value::Null);
        for ((slot, g), column) in key.iter_mut().zip(&self.group_exprs).zip(&self.group_columns) {
            match column {
                // A column's value is copied into the last row's key (no allocation).
                Some(c) => assign(slot, &row[*c as usize]),
                None => *slot = g.eval(row, cx)?,
            }
        }
        if let (Some(enough), Some(groups)) = (self.settings.groups_stop_after, &self.groups) {
            let next_group = groups.keys.last().is_none_or(|k| !same_key(k, &key));
            if groups.index.len() >= enough && next_group {
                self.key = key;
                return Ok(false);
            }
        }
        let hash = key_hash(&key);
        if let Some(t) = &self.temp {
            t.warm(hash, costs);
        }
        let groups = self.groups.as_mut().expect("grouped");
        let by_reference = self.source.is_some();
        let (g, new) = {
            let keys = &groups.keys;
            let first_keys = &groups.first_keys;
            let (first_rows, first_starts, width) =
                (&groups.first_rows, &groups.first_starts, groups.width);
            let signed = groups.signed_key;
            let source = &self.source;
            let scratch = &mut self.scratch;
            let group_exprs = &self.group_exprs;
            let group_columns = &self.group_columns;
            let key_ref = &key;
            groups.index.find_or_add(hash, &mut |g| {
                if let Some(k) = keys.get(g as usize) {
                    return Ok(same_key(k, key_ref));
                }
                // A group past the kept keys: read its first row again for its key.
                match source {
                    Some(src) => {
                        if !fetch(src, first_keys.get(g as usize), signed, scratch) {
                            return Ok(false);
                        }
                    }
                    None => first_rows.read_at(first_starts.get(g as usize), width, scratch),
                }
                for ((e, column), want) in group_exprs.iter().zip(group_columns).zip(key_ref) {
                    let same = match column {
                        Some(c) => cmp_values(&scratch[*c as usize], want),
                        None => cmp_values(&e.eval(scratch, cx)?, want),
                    };
                    if same != Ordering::Equal {
                        return Ok(false);
                    }
                }
                Ok(true)
            })?
        };
        if new {
            if groups.index.len() > GROUPS_KEPT_MAX {
                return Err(MySqlError::table_full("/tmp/#sql1_8_0"));
            }
            if by_reference {
                let src = self.source.as_ref().expect("by reference");
                let pk = &row[src.pk as usize];
                if groups.first_keys.is_empty() {
                    groups.signed_key = matches!(pk, Value::Int(_));
                }
                groups.first_keys.push(encode_pk(pk));
                if groups.keys.len() < KEYS_KEPT_MAX {
                    groups.keys.push(key.clone());
                }
            } else {
                if groups.keys.len() < KEYS_KEPT_MAX {
                    groups.keys.push(key.clone());
                }
                groups.width = row.len();
                let needed = &self.settings.needed;
                let kept: Row = row
                    .iter()
                    .enumerate()
                    .map(|(c, v)| match needed.get(c) {
                        Some(false) => Value::Null,
                        _ => v.clone(),
                    })
                    .collect();
                groups.first_starts.push(groups.first_rows.push_located(&kept)?);
            }
            groups.aggs.add_group(&plan.aggregates)?;
            if let Some(t) = &mut self.temp {
                t.write(group_row_size(&key, plan, &self.types), hash, costs);
            }
        } else if let Some(t) = &mut self.temp {
            t.update(u64::from(g), hash, costs);
        }
        let per = plan.aggregates.len();
        for (j, arg) in self.agg_args.iter().enumerate() {
            if let Some(order) = self.agg_orders.get(j).filter(|o| !o.is_empty()) {
                let keys = order.iter().map(|k| k.eval(row, cx)).collect::<Result<_>>()?;
                let v = arg.as_ref().map_or(Ok(Value::Null), |a| a.eval(row, cx))?;
                groups.aggs.update_keyed(g, j, per, &v, keys)?;
                continue;
            }
            match arg {
                Some(a) => a.with_value(row, cx, |v| groups.aggs.update(g, j, per, v))??,
                None => groups.aggs.update(g, j, per, &Value::Null)?,
            }
        }
        self.key = key;
        Ok(true)
    }

    /// The result's rows, and how many more it had that were counted, not kept.
    pub(super) fn finish(
        mut self,
        plan: &Plan,
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
        increment: u8,
    ) -> Result<(ResultRows, u64)> {
        let rows = if let Some(groups) = self.groups.take() {
            self.finish_groups(groups, plan, costs, cx, increment)
        } else {
            self.finish_rows(plan, costs, cx, increment)
        };
        if let Some(t) = self.temp.take() {
            t.drop_table(costs);
        }
        let mut rows = rows?;
        // Past the rows kept, a result is counted.
        self.unshown += rows.truncate_values(self.settings.rows_kept);
        Ok((rows, self.unshown))
    }

    /// Result rows already in order, held as values, into the result.
    fn collect(&self, rows: Vec<Row>) -> Result<ResultRows> {
        let mut out = ResultRows::new(self.settings.pack, &self.settings.space);
        out.extend(rows)?;
        Ok(out)
    }

    fn finish_rows(
        &mut self,
        plan: &Plan,
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
        increment: u8,
    ) -> Result<ResultRows> {
        if let Some((first, accs)) = self.single.take() {
            // Aggregates over no rows still give one row.
            let row = first.unwrap_or_default();
            let aggs: Vec<Value> = accs.iter().map(|a| a.finish(increment)).collect();
            for a in &accs {
                if let (taken, true) = a.concat_taken() {
                    cx.warn(Warning::cut_by_group_concat(taken));
                }
            }
            let out = lend(self.rt, costs, cx, |cx| group_output(plan, &row, &aggs, cx))?;
            return self.collect(out.map_or_else(Vec::new, |out| window(vec![out], plan)));
        }
        if let Some(model) = self.sort_model.take() {
            self.charge_sort(model, self.settings.sort_counter, costs);
        }
        if let Some(d) = self.distinct.take() {
            return self.finish_distinct(d, plan, costs, cx);
        }
        if let Some(sorter) = self.sorter.take() {
            if sorter.is_full() {
                return Err(MySqlError::tmpdir_full("/tmp/MYfd=57"));
            }
            let mut out = ResultRows::new(self.settings.pack, &self.settings.space);
            let Some(src) = &self.source else { return Ok(out) };
            let signed = src.table.def.columns.get(src.pk as usize).is_some_and(|c| !c.unsigned);
            let order = sorter.sorted();
            // The kept outputs by primary key (a stable sort: a key read twice is taken in
            // the order it came).
            let mut kept = self.sort_outputs.take().unwrap_or_default();
            kept.sort_by_key(|(pk, _)| *pk);
            for pk in order.into_iter().skip(plan.offset as usize).take(limit_of(plan)) {
                if out.len() >= self.settings.rows_kept {
                    self.unshown += 1;
                    continue;
                }
                let at = kept.partition_point(|(k, _)| *k < pk);
                let taken =
                    kept[at..].iter_mut().take_while(|(k, _)| *k == pk).find_map(|e| e.1.take());
                if let Some(values) = taken {
                    out.push(values)?;
                    continue;
                }
                if !fetch(src, pk, signed, &mut self.scratch) {
                    continue;
                }
                let row = &self.scratch;
                let items = &self.items;
                let values = lend(self.rt, costs, cx, |cx| {
                    items.iter().map(|e| e.eval(row, cx)).collect::<Result<Row>>()
                })?;
                out.push(values)?;
            }
            return Ok(out);
        }
        if let Some((sorter, rows)) = self.packed_sort.take() {
            if sorter.is_full() {
                return Err(MySqlError::tmpdir_full("/tmp/MYfd=57"));
            }
            let mut out = ResultRows::new(self.settings.pack, &self.settings.space);
            let width = self.items.len();
            let packed_width = width + plan.order_by.len();
            let order = sorter.sorted();
            for at in order.into_iter().skip(plan.offset as usize).take(limit_of(plan)) {
                if out.len() >= self.settings.rows_kept {
                    self.unshown += 1;
                    continue;
                }
                let mut row = Row::new();
                rows.read_at(at, packed_width, &mut row);
                row.truncate(width);
                out.push(row)?;
            }
            return Ok(out);
        }
        if plan.order_by.is_empty() && !plan.distinct {
            // Streamed: OFFSET and LIMIT were applied as the rows came.
            return Ok(std::mem::replace(
                &mut self.streamed,
                ResultRows::new(false, &self.settings.space),
            ));
        }
        let empty = Outputs::new(&self.settings.space, 0, 0);
        let mut outputs = std::mem::replace(&mut self.outputs, empty);
        if plan.distinct {
            outputs.distinct(&self.settings.temp, &plan.distinct_exact, costs)?;
        }
        outputs.sort(&descending(plan));
        self.emit(&outputs, plan)
    }

    /// Kept output rows, in their order, into the result: OFFSET and LIMIT applied, past the
    /// rows kept counted.
    fn emit(&mut self, outputs: &Outputs, plan: &Plan) -> Result<ResultRows> {
        let mut out = ResultRows::new(self.settings.pack, &self.settings.space);
        let end = plan.limit.map_or(u64::MAX, |l| plan.offset.saturating_add(l)).min(outputs.len());
        let mut row = Row::new();
        for i in plan.offset..end {
            if out.len() >= self.settings.rows_kept {
                self.unshown += 1;
                continue;
            }
            outputs.output(i, &mut row);
            out.push(row.clone())?;
        }
        Ok(out)
    }

    fn finish_groups(
        &mut self,
        groups: Groups,
        plan: &Plan,
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
        increment: u8,
    ) -> Result<ResultRows> {
        let per = plan.aggregates.len();
        let n = groups.index.len() as u32;
        // A GROUP_CONCAT cut in a group warns once per group, in group order, numbered by the
        // values the call took over the groups so far (see `Accumulator::concat_taken`).
        // Simplification: MySQL warns as each group's value is made, so not for groups past
        // a LIMIT it stops at, and its groups come in key order (it groups by a sort).
        if plan.aggregates.iter().any(|c| c.func == AggFunc::GroupConcat) {
            let mut taken = vec![0u64; per];
            for g in 0..n {
                for (j, total) in taken.iter_mut().enumerate() {
                    if plan.aggregates[j].func != AggFunc::GroupConcat {
                        continue;
                    }
                    let (took, cut) = groups.aggs.concat_taken(g, j, per);
                    *total += took;
                    if cut {
                        cx.warn(Warning::cut_by_group_concat(*total));
                    }
                }
            }
        }
        // Every group is found: the index and the kept keys are not read again, and their
        // memory is given back before the result's rows are collected.
        let mut groups = groups;
        groups.index = GroupIndex::new();
        groups.keys = Vec::new();
        let groups = groups;
        let signed = groups.signed_key;
        // The group's first row: kept, or read again by its key.
        let first_row = |g: u32, scratch: &mut Row| -> bool {
            match &self.source {
                Some(src) => fetch(src, groups.first_keys.get(g as usize), signed, scratch),
                None => {
                    let at = groups.first_starts.get(g as usize);
                    groups.first_rows.read_at(at, groups.width, scratch);
                    true
                }
            }
        };
        let mut scratch = std::mem::take(&mut self.scratch);
        // HAVING and the select list may run correlated subqueries. Simplification: with
        // ORDER BY, a group's HAVING and select list are evaluated again for the rows the
        // sort returns, so their subqueries run twice for those groups.
        let rt = self.rt;
        // Every group's output row with its sort keys, packed.
        let space = self.settings.space.clone();
        let all_outputs = |scratch: &mut Row, cx: &mut dyn EvalContext| {
            let mut outputs = Outputs::new(&space, plan.items.len(), plan.order_by.len());
            for g in 0..n {
                if !first_row(g, scratch) {
                    continue;
                }
                let aggs = groups.aggs.values(g, per, increment);
                if let Some(out) = group_output(plan, scratch, &aggs, cx)? {
                    let keys = sort_keys(plan, scratch, &aggs, &out, cx)?;
                    outputs.push(&out, &keys)?;
                }
            }
            Ok::<_, MySqlError>(outputs)
        };
        if plan.rollup {
            let calls = match &groups.aggs {
                AggStore::Packed { calls, .. } => calls.clone(),
                _ => plan.aggregates.clone(),
            };
            // The groups in key order (MySQL rolls up over sorted input).
            let mut order: Vec<(Vec<Value>, u32)> = Vec::with_capacity(n as usize);
            for g in 0..n {
                if !first_row(g, &mut scratch) {
                    continue;
                }
                let key = plan
                    .group_by
                    .iter()
                    .map(|e| eval(e, &scratch, &[], cx))
                    .collect::<Result<Vec<_>>>()?;
                order.push((key, g));
            }
            order.sort_by(|(a, g), (b, h)| {
                a.iter()
                    .zip(b)
                    .map(|(x, y)| cmp_values(x, y))
                    .find(|o| *o != Ordering::Equal)
                    .unwrap_or(Ordering::Equal)
                    .then(g.cmp(h))
            });
            let depth = plan.group_by.len();
            let mut levels = rollup::Levels::new(&calls, depth);
            let mut rows: Vec<(Row, Vec<Value>)> = Vec::new();
            let mut emit = |kept: usize,
                            g: u32,
                            aggs: Vec<Value>,
                            scratch: &mut Row,
                            cx: &mut dyn EvalContext|
             -> Result<()> {
                if !first_row(g, scratch) {
                    return Ok(());
                }
                rollup::null_rolled_columns(&plan.group_by, kept, scratch);
                let output = lend(rt, costs, cx, |cx| group_output(plan, scratch, &aggs, cx))?;
                if let Some(mut out) = output {
                    rollup::null_rolled_items(&plan.items, &plan.group_by, kept, &mut out);
                    let keys = sort_keys(plan, scratch, &aggs, &out, cx)?;
                    rows.push((out, keys));
                }
                Ok(())
            };
            let mut previous: Option<(Vec<Value>, u32)> = None;
            for (key, g) in order {
                if let Some((before, last)) = &previous {
                    let d = rollup::first_difference(before, &key);
                    for kept in (d + 1..depth).rev() {
                        let aggs = levels.take(kept, &plan.grouping, increment);
                        emit(kept, *last, aggs, &mut scratch, cx)?;
                    }
                }
                let mut aggs = groups.aggs.values(g, per, increment);
                for (slot, _) in &plan.grouping {
                    aggs[*slot] = Value::Int(0);
                }
                emit(depth, g, aggs, &mut scratch, cx)?;
                levels.absorb(&groups.aggs.accumulators(g, &calls))?;
                previous = Some((key, g));
            }
            if let Some((_, last)) = previous {
                for kept in (0..depth).rev() {
                    let aggs = levels.take(kept, &plan.grouping, increment);
                    emit(kept, last, aggs, &mut scratch, cx)?;
                }
            }
            if !plan.order_by.is_empty() {
                let desc = descending(plan);
                rows.sort_by(|(_, a), (_, b)| {
                    a.iter()
                        .zip(b)
                        .zip(&desc)
                        .map(|((x, y), d)| if *d { cmp_values(y, x) } else { cmp_values(x, y) })
                        .find(|o| *o != Ordering::Equal)
                        .unwrap_or(Ordering::Equal)
                });
            }
            let rows: Vec<Row> = rows
                .into_iter()
                .map(|(r, _)| r)
                .skip(plan.offset as usize)
                .take(limit_of(plan))
                .collect();
            return self.collect(rows);
        }
        if plan.distinct {
            // DISTINCT over groups: every group's output, then as ungrouped rows.
            let mut outputs = lend(rt, costs, cx, |cx| all_outputs(&mut scratch, cx))?;
            outputs.distinct(&self.settings.temp, &plan.distinct_exact, costs)?;
            outputs.sort(&descending(plan));
            return self.emit(&outputs, plan);
        }
        if plan.order_by.is_empty() {
            // Groups in the temporary table's order; LIMIT stops once it has its rows.
            let mut out = ResultRows::new(self.settings.pack, &self.settings.space);
            let mut skipped = 0;
            for g in 0..n {
                if out.len() + self.unshown >= limit_of(plan) as u64 {
                    break;
                }
                if !first_row(g, &mut scratch) {
                    continue;
                }
                let aggs = groups.aggs.values(g, per, increment);
                let output = lend(rt, costs, cx, |cx| group_output(plan, &scratch, &aggs, cx))?;
                if let Some(row) = output {
                    if skipped < plan.offset {
                        skipped += 1;
                    } else if out.len() >= self.settings.rows_kept {
                        self.unshown += 1;
                    } else {
                        out.push(row)?;
                    }
                }
            }
            return Ok(out);
        }
        // ORDER BY over the groups: a filesort of the temporary table's rows.
        let mut sorter =
            Sorter::new(plan.order_by.iter().map(|(_, d)| *d).collect(), keep(plan), u64::from(n));
        let mut model =
            Filesort::new(self.settings.sort_buffer_size, keep(plan), &self.settings.costs);
        // Each group's first row can be read again (by primary key, or packed), so the sort
        // keeps byte keys and group numbers only, and the rows it returns are built again.
        let mut by_value = false;
        for g in 0..n {
            if !first_row(g, &mut scratch) {
                continue;
            }
            let aggs = groups.aggs.values(g, per, increment);
            let output = lend(rt, costs, cx, |cx| group_output(plan, &scratch, &aggs, cx))?;
            let Some(out) = output else { continue };
            let keys = sort_keys(plan, &scratch, &aggs, &out, cx)?;
            model.add(
                sort_key_bytes(plan, &keys, &self.types, self.settings.max_sort_length)
                    + out.iter().map(value_bytes).sum::<u64>()
                    + 4,
            );
            if !by_value && !sorter.push(&keys, u64::from(g)) {
                by_value = true;
            }
        }
        self.charge_sort(model, status_id!("Sort_scan"), costs);
        if by_value {
            // Every output rebuilt, to be sorted by value (a key the bytes cannot order).
            let mut kept = lend(rt, costs, cx, |cx| all_outputs(&mut scratch, cx))?;
            kept.sort(&descending(plan));
            return self.emit(&kept, plan);
        }
        if sorter.is_full() {
            return Err(MySqlError::tmpdir_full("/tmp/MYfd=57"));
        }
        let mut out = ResultRows::new(self.settings.pack, &self.settings.space);
        for g in sorter.sorted().into_iter().skip(plan.offset as usize).take(limit_of(plan)) {
            let g = g as u32;
            if out.len() >= self.settings.rows_kept {
                self.unshown += 1;
                continue;
            }
            if !first_row(g, &mut scratch) {
                continue;
            }
            let aggs = groups.aggs.values(g, per, increment);
            let output = lend(rt, costs, cx, |cx| group_output(plan, &scratch, &aggs, cx))?;
            if let Some(row) = output {
                out.push(row)?;
            }
        }
        Ok(out)
    }

    /// Charges a finished sort: its counters and its simulated time.
    fn charge_sort(&self, model: Filesort, counter: StatusId, costs: &mut Costs) {
        model.finish(&self.settings.costs).charge(counter, costs);
    }
}

/// HAVING, then the select list, for one group.
fn group_output(
    plan: &Plan,
    row: &[Value],
    aggs: &[Value],
    cx: &mut dyn EvalContext,
) -> Result<Option<Row>> {
    if let Some(h) = &plan.having {
        if eval(h, row, aggs, cx)?.truth() != Some(true) {
            return Ok(None);
        }
    }
    plan.items.iter().map(|(e, _)| eval(e, row, aggs, cx)).collect::<Result<Row>>().map(Some)
}

/// `*dst = src.clone()`, reusing a string's buffer when both are strings.
fn assign(dst: &mut Value, src: &Value) {
    match (dst, src) {
        (Value::Str(d), Value::Str(s)) => d.clone_from(s),
        (d, s) => *d = s.clone(),
    }
}

fn same_key(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| cmp_values(x, y) == Ordering::Equal)
}

/// A primary key value as the 8 bytes kept for it.
pub(super) fn encode_pk(v: &Value) -> u64 {
    match v {
        Value::Int(i) => *i as u64,
        Value::UInt(u) => *u,
        other => other.to_i64().unwrap_or(0) as u64,
    }
}

/// Reads the row with primary key `pk` again (its needed columns) into `row`.
fn fetch(src: &RowSource, pk: u64, signed: bool, row: &mut Row) -> bool {
    let key = Key(vec![if signed { Value::Int(pk as i64) } else { Value::UInt(pk) }]);
    src.table.fetch_into(&key, &src.needed, row)
}

/// Rows LIMIT and OFFSET keep, if there is a LIMIT.
fn keep(plan: &Plan) -> Option<u64> {
    plan.limit.map(|l| l.saturating_add(plan.offset))
}

fn limit_of(plan: &Plan) -> usize {
    plan.limit.map_or(usize::MAX, |l| l.min(usize::MAX as u64) as usize)
}

/// A packed row of output values then sort keys, split at `width`.
fn split_packed(mut packed: Row, width: usize) -> (Row, Vec<Value>) {
    let keys = packed.split_off(width.min(packed.len()));
    (packed, keys)
}

/// OFFSET and LIMIT over rows already in order.
fn window(mut rows: Vec<Row>, plan: &Plan) -> Vec<Row> {
    let start = (plan.offset as usize).min(rows.len());
    let end = start.saturating_add(limit_of(plan)).min(rows.len());
    rows.drain(start..end).collect()
}

/// Each ORDER BY key's direction: descending when true.
fn descending(plan: &Plan) -> Vec<bool> {
    plan.order_by.iter().map(|(_, d)| *d).collect()
}

pub(super) fn sort_keys(
    plan: &Plan,
    row: &[Value],
    aggs: &[Value],
    out: &[Value],
    cx: &mut dyn EvalContext,
) -> Result<Vec<Value>> {
    plan.order_by
        .iter()
        .map(|(k, _)| match k {
            SortKey::Output(i) => Ok(out[*i as usize].clone()),
            SortKey::Expr(e) => eval(e, row, aggs, cx),
        })
        .collect()
}

/// Sort keys of an ungrouped row whose output is not built yet: an output column's key is
/// that item evaluated on the row.
/// A key that is a column is copied into `keys`' last values (no allocation per row).
fn sort_keys_of_row(
    plan: &Plan,
    items: &[Compiled],
    row: &[Value],
    cx: &mut dyn EvalContext,
    keys: &mut Vec<Value>,
) -> Result<()> {
    keys.resize(plan.order_by.len(), Value::Null);
    for (slot, (k, _)) in keys.iter_mut().zip(&plan.order_by) {
        match key_column(plan, k) {
            Some(c) => assign(slot, &row[c as usize]),
            None => {
                *slot = match k {
                    SortKey::Output(i) => items[*i as usize].eval(row, cx)?,
                    SortKey::Expr(e) => eval(e, row, &[], cx)?,
                }
            }
        }
    }
    Ok(())
}

/// Feeds one row to one aggregate: its argument's value (none for COUNT(*)). Always Ok(true)
/// when it succeeds, so a caller can return it as a scan's "go on".
#[inline(always)]
fn update_one(
    acc: &mut Accumulator,
    arg: Option<&Compiled<'_>>,
    row: &[Value],
    cx: &mut dyn EvalContext,
) -> Result<bool> {
    match arg {
        Some(a) => match a.integer(row) {
            Some(i) => acc.update(&Value::Int(i)),
            None => a.with_value(row, cx, |v| acc.update(v))?,
        },
        None => acc.update(&Value::Null),
    }
    Ok(true)
}
