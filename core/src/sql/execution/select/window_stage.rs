//! The windowing step of a SELECT with window functions, as MySQL runs it: the joined,
//! filtered and grouped rows (HAVING applied) are written to an internal temporary table,
//! sorted by each window's PARTITION BY and ORDER BY (a filesort per distinct ordering), the
//! window functions computed over them ([`crate::sql::window`]), and only then the select
//! list's outer expressions, DISTINCT, ORDER BY and LIMIT.
//!
//! [`split`] turns the bound plan into the plan of the first step (its select list becomes
//! the window-free parts the rest needs: `a` and `LAG(a) OVER w`'s `a` in `a - LAG(a) OVER
//! w`) and the [`Stage`] that finishes the statement.
//!
//! Counted as MySQL counts them (UNCONFIRMED in detail: MySQL 8.4 creates the windowing
//! temporary table and sorts as its plan needs; chosen here: one temporary table per
//! statement, `Created_tmp_tables`, and one sort per distinct window ordering,
//! `Sort_scan` / `Sort_rows`).

use super::pipeline::{same_row, sort_places, ColumnFacts, ResultRows};
use super::plan::{Plan, SortKey};
use super::record_size::value_bytes;
use crate::error::Result;
use crate::sql::bind::BExpr;
use crate::sql::execution::costs::Costs;
use crate::sql::execution::filesort::Filesort;
use crate::sql::execution::group_table::{key_hash, GroupIndex};
use crate::sql::execution::packed_rows::{PackedRows, TempSpace};
use crate::sql::execution::temp_table::{MemoryEngine, RowSize, TempSettings, TempTable};
use crate::sql::execution::{Meta, QueryResult};
use crate::sql::expr::{eval, EvalContext};
use crate::sql::parser::VarScope;
use crate::sql::window::{self, WindowInputs, WindowRows};
use crate::status_id;
use crate::storage::key::cmp_values;
use crate::storage::table::Row;
use crate::storage::value::Value;
use std::cmp::Ordering;

/// What remains of a windowed statement once its rows are grouped.
pub(super) struct Stage {
    /// Output expressions over the extended row: the first step's columns, then one column
    /// per window call.
    items: Vec<(BExpr, String)>,
    order_by: Vec<(SortKey, bool)>,
    distinct: bool,
    limit: Option<u64>,
    offset: u64,
    calls: Vec<WindowInputs>,
    /// Columns of the first step.
    inner_width: u32,
}

/// Splits a plan with window calls into the first step's plan (in place) and the stage that
/// finishes it; None for a plan without window calls.
pub(super) fn split(plan: &mut Plan) -> Option<Stage> {
    if plan.windows.is_empty() {
        return None;
    }
    let mut inner: Vec<BExpr> = Vec::new();
    let items: Vec<(BExpr, String)> =
        plan.items.iter().map(|(e, name)| (lift(e, &mut inner), name.clone())).collect();
    let order_by: Vec<(SortKey, bool)> = plan
        .order_by
        .iter()
        .map(|(k, desc)| {
            let k = match k {
                SortKey::Output(i) => SortKey::Output(*i),
                SortKey::Expr(e) => SortKey::Expr(lift(e, &mut inner)),
            };
            (k, *desc)
        })
        .collect();
    let calls: Vec<WindowInputs> = plan
        .windows
        .iter()
        .map(|c| WindowInputs {
            func: c.func,
            args: c.args.iter().map(|a| column_of(a, &mut inner)).collect(),
            partition: c.partition.iter().map(|p| column_of(p, &mut inner)).collect(),
            order: c.order.iter().map(|(o, d)| (column_of(o, &mut inner), *d)).collect(),
            frame: c.frame.clone(),
        })
        .collect();
    let inner_width = inner.len() as u32;
    let place = |e: &BExpr| windows_to_columns(e, inner_width);
    let stage = Stage {
        items: items.iter().map(|(e, n)| (place(e), n.clone())).collect(),
        order_by: order_by
            .into_iter()
            .map(|(k, d)| match k {
                SortKey::Expr(e) => (SortKey::Expr(place(&e)), d),
                other => (other, d),
            })
            .collect(),
        distinct: plan.distinct,
        limit: plan.limit,
        offset: plan.offset,
        calls,
        inner_width,
    };
    plan.items = inner.into_iter().map(|e| (e, String::new())).collect();
    plan.order_by.clear();
    plan.distinct = false;
    plan.limit = None;
    plan.offset = 0;
    plan.windows.clear();
    plan.windowed = true;
    Some(stage)
}

/// The first step's column holding `e` (added once).
fn column_of(e: &BExpr, inner: &mut Vec<BExpr>) -> u32 {
    if let Some(p) = inner.iter().position(|x| x == e) {
        return p as u32;
    }
    inner.push(e.clone());
    inner.len() as u32 - 1
}

/// `e` with each window-free part (but literals) made a column of the first step.
fn lift(e: &BExpr, inner: &mut Vec<BExpr>) -> BExpr {
    if !e.has_window() {
        return match e {
            BExpr::Lit(_) => e.clone(),
            _ => BExpr::Column(column_of(e, inner)),
        };
    }
    match e {
        BExpr::Window(k) => BExpr::Window(*k),
        other => other.map_children(&mut |c| lift(c, inner)),
    }
}

/// `e` with window call k read from column `inner_width + k` of the extended row.
fn windows_to_columns(e: &BExpr, inner_width: u32) -> BExpr {
    match e {
        BExpr::Window(k) => BExpr::Column(inner_width + k),
        other if other.has_window() => {
            other.map_children(&mut |c| windows_to_columns(c, inner_width))
        }
        other => other.clone(),
    }
}

impl Stage {
    /// Computes the windows over the first step's result and finishes the statement. The
    /// first step's rows stay packed (`packed_rows.rs`) and are read by position; each
    /// window's values are packed too, with where each row's value is; the rows the
    /// statement's DISTINCT keeps and those its ORDER BY sorts are packed with their sort
    /// keys. All of them take their bytes from the statement's temporary `space`, so no
    /// count of rows bounds the step, only that space (ERROR 1114).
    pub(super) fn finish(
        self,
        inner: QueryResult,
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
        rows_kept: u64,
        space: &TempSpace,
    ) -> Result<QueryResult> {
        let width = self.inner_width as usize;
        let (inner_meta, rows) = inner.into_packed()?;
        let starts = rows.starts(width);
        let view = Packed { rows: &rows, starts: &starts };
        self.charge(&rows, width, costs, cx);
        let increment = cx.div_precision_increment();
        let mut visited = 0;
        // Per call: its values packed as they are found, and where each row's value starts
        // (`u64::MAX`, read as NULL, for a row given none).
        // Each window sorts the rows as the previous one left them, so the last that sorts
        // sets the order of a result without ORDER BY, as in MySQL.
        let mut values: Vec<Option<(PackedRows, Vec<u64>)>> =
            (0..self.calls.len()).map(|_| None).collect();
        let mut rows_order: Vec<usize> = (0..starts.len()).collect();
        for k in window::processing_order(&self.calls) {
            let c = &self.calls[k];
            let mut store = PackedRows::in_space(space);
            let mut at = vec![u64::MAX; starts.len()];
            rows_order = window::compute_into(
                c,
                &view,
                rows_order,
                increment,
                &mut visited,
                &mut |i, v| {
                    if let Some(slot) = at.get_mut(i) {
                        *slot = store.push_located(std::slice::from_ref(&v))?;
                    }
                    Ok(())
                },
            )?;
            values[k] = Some((store, at));
        }
        let values: Vec<(PackedRows, Vec<u64>)> = values.into_iter().flatten().collect();
        // The extended row i: the first step's columns, then each call's value.
        let extend = |i: usize, row: &mut Row| {
            rows.read_at(starts[i], width, row);
            for (store, at) in &values {
                let mut v = Value::Null;
                store.cell_at(at[i], 0, &mut v);
                row.push(v);
            }
        };
        let pack = rows_kept == u64::MAX;
        let mut out = ResultRows::new(pack, space);
        let mut unshown = 0u64;
        let keep = |out: &mut ResultRows, unshown: &mut u64, row: Row| -> Result<()> {
            if out.len() >= rows_kept {
                *unshown += 1;
                Ok(())
            } else {
                out.push(row)
            }
        };
        let (offset, limit) = (self.offset, self.limit.unwrap_or(u64::MAX));
        let in_window = |k: u64| k >= offset && k - offset < limit;
        let order_width = self.order_by.len();
        let mut row = Row::new();
        if !self.distinct && self.order_by.is_empty() {
            for (k, &i) in rows_order.iter().enumerate() {
                if !in_window(k as u64) {
                    continue;
                }
                extend(i, &mut row);
                let o: Row = self
                    .items
                    .iter()
                    .map(|(e, _)| eval(e, &row, &[], cx))
                    .collect::<Result<_>>()?;
                keep(&mut out, &mut unshown, o)?;
            }
        } else {
            // Each output row with its sort keys, packed; DISTINCT keeps a row's first time.
            let mut kept = PackedRows::in_space(space);
            let mut places: Vec<u64> = Vec::new();
            let mut index = GroupIndex::new();
            let mut theirs = Row::new();
            let n_items = self.items.len();
            for &i in &rows_order {
                extend(i, &mut row);
                let mut o: Row = self
                    .items
                    .iter()
                    .map(|(e, _)| eval(e, &row, &[], cx))
                    .collect::<Result<_>>()?;
                if self.distinct {
                    let hash = key_hash(&o);
                    let (_, new) = index.find_or_add(hash, &mut |g| {
                        kept.read_at(places[g as usize], n_items, &mut theirs);
                        Ok(same_row(&theirs, &o))
                    })?;
                    if !new {
                        continue;
                    }
                }
                for (k, _) in &self.order_by {
                    o.push(match k {
                        SortKey::Output(j) => o.get(*j as usize).cloned().unwrap_or(Value::Null),
                        SortKey::Expr(e) => eval(e, &row, &[], cx)?,
                    });
                }
                places.push(kept.push_located(&o)?);
            }
            drop(index);
            let packed_width = n_items + order_width;
            let order: Vec<u64> = if self.order_by.is_empty() {
                places
            } else {
                // The statement's ORDER BY is a sort of its own after windowing.
                let sort_buffer = cx
                    .system_variable("sort_buffer_size", VarScope::Default)
                    .ok()
                    .and_then(|v| v.to_i64())
                    .map_or(0, |n| n.max(0) as u64);
                let mut records = Vec::new();
                let mut r = Row::new();
                let records_of = places.iter().map(|&at| {
                    kept.read_at(at, packed_width, &mut r);
                    let (o, keys) = r.split_at(n_items);
                    keys.iter().chain(o).map(value_bytes).sum::<u64>()
                });
                records.extend(records_of);
                charge_sort(records.into_iter(), sort_buffer, costs);
                let desc: Vec<bool> = self.order_by.iter().map(|(_, d)| *d).collect();
                sort_places(places, &kept, n_items, &desc)
            };
            for (k, &at) in order.iter().enumerate() {
                if !in_window(k as u64) {
                    continue;
                }
                let mut o = Row::new();
                kept.read_at(at, packed_width, &mut o);
                o.truncate(n_items);
                keep(&mut out, &mut unshown, o)?;
            }
        }
        let (result, packed, facts) = out.into_parts();
        let meta = self.meta(&inner_meta, &facts);
        Ok(QueryResult { meta, rows: result, unshown, packed })
    }

    /// The result's columns: names as written, numeric and nullable by the expressions'
    /// types over the first step's columns and the window functions' result types, else by
    /// what the result's rows held (`facts`).
    fn meta(&self, inner: &[Meta], facts: &ColumnFacts) -> Vec<Meta> {
        let width = self.inner_width;
        let call = |c: u32| self.calls.get((c - width) as usize);
        let numeric = |c: u32| -> Option<bool> {
            if c < width {
                return inner.get(c as usize).map(|m| m.numeric);
            }
            let w = call(c)?;
            w.func
                .numeric()
                .or_else(|| w.args.first().and_then(|a| inner.get(*a as usize)).map(|m| m.numeric))
        };
        let nullable = |c: u32| -> bool {
            if c < width {
                return inner.get(c as usize).is_none_or(|m| m.nullable);
            }
            call(c).is_none_or(|w| w.func.maybe_null())
        };
        self.items
            .iter()
            .enumerate()
            .map(|(i, (e, name))| {
                let first = facts.first_numeric.get(i).copied().flatten();
                let numeric = match (e.numeric_type(&numeric), first) {
                    (Some(k), _) => k,
                    (None, Some(n)) => n,
                    (None, None) => true,
                };
                let any_null = facts.any_null.get(i).copied().unwrap_or(false);
                let nullable = e.maybe_null(&nullable) || any_null;
                let table = match e {
                    BExpr::Column(c) if *c < width => {
                        inner.get(*c as usize).map(|m| m.table.clone()).unwrap_or_default()
                    }
                    _ => String::new(),
                };
                let json =
                    e.is_json(&|c| c < width && inner.get(c as usize).is_some_and(|m| m.json));
                let time = matches!(e, BExpr::Column(c)
                    if *c < width && inner.get(*c as usize).is_some_and(|m| m.time));
                let labels = match e {
                    BExpr::Column(c) if *c < width => {
                        inner.get(*c as usize).and_then(|m| m.labels.clone())
                    }
                    _ => None,
                };
                Meta { name: name.clone(), table, numeric, nullable, json, time, labels }
            })
            .collect()
    }

    /// The windowing temporary table (every row written once) and a filesort per distinct
    /// window ordering, with their counters and simulated time.
    fn charge(&self, rows: &PackedRows, width: usize, costs: &mut Costs, cx: &mut dyn EvalContext) {
        let mut number = |name: &str| {
            cx.system_variable(name, VarScope::Default)
                .ok()
                .and_then(|v| v.to_i64())
                .map_or(0, |n| n.max(0) as u64)
        };
        let settings = TempSettings {
            engine: MemoryEngine::TempTable,
            tmp_table_size: number("tmp_table_size"),
            max_heap_table_size: number("max_heap_table_size"),
            temptable_max_ram: number("temptable_max_ram"),
            temptable_max_mmap: number("temptable_max_mmap"),
            big_tables: number("big_tables") != 0,
        };
        let sort_buffer = number("sort_buffer_size");
        let engine_memory = matches!(
            cx.system_variable("internal_tmp_mem_storage_engine", VarScope::Default),
            Ok(Value::Str(e)) if e.eq_ignore_ascii_case("MEMORY")
        );
        let settings = TempSettings {
            engine: if engine_memory { MemoryEngine::Memory } else { settings.engine },
            ..settings
        };
        let mut temp = TempTable::create(settings, costs);
        let mut scratch = Row::new();
        rows.visit(width, &mut scratch, &mut |row| {
            let bytes: u64 = row.iter().map(value_bytes).sum();
            let size = RowSize { data: bytes, declared: bytes, cells: row.len() as u64, key: 0 };
            temp.write(size, key_hash(row.iter()), costs);
            true
        });
        // Windows that order the rows alike share one sort.
        let mut sorted: Vec<&WindowInputs> = Vec::new();
        for c in &self.calls {
            let alike = |s: &&WindowInputs| s.partition == c.partition && s.order == c.order;
            if (c.partition.is_empty() && c.order.is_empty()) || sorted.iter().any(alike) {
                continue;
            }
            sorted.push(c);
            let mut records = Vec::with_capacity(rows.len().min(1 << 24) as usize);
            rows.visit(width, &mut scratch, &mut |row| {
                let key: u64 = c
                    .partition
                    .iter()
                    .chain(c.order.iter().map(|o| &o.0))
                    .map(|&k| row.get(k as usize).map_or(0, value_bytes))
                    .sum();
                records.push(key + row.iter().map(value_bytes).sum::<u64>());
                true
            });
            charge_sort(records.into_iter(), sort_buffer, costs);
        }
        temp.drop_table(costs);
    }
}

/// A filesort of records of the given sizes (`Sort_scan`, `Sort_rows`, merge passes and
/// files, its sort buffer), with its simulated time.
fn charge_sort(records: impl Iterator<Item = u64>, sort_buffer: u64, costs: &mut Costs) {
    let temp_costs = costs.host.hardware().temp.clone();
    let mut sort = Filesort::new(sort_buffer, None, &temp_costs);
    records.for_each(|bytes| sort.add(bytes));
    sort.finish(&temp_costs).charge(status_id!("Sort_scan"), costs);
}

/// The first step's rows, packed, read by position.
struct Packed<'a> {
    rows: &'a PackedRows,
    starts: &'a [u64],
}

impl WindowRows for Packed<'_> {
    fn count(&self) -> usize {
        self.starts.len()
    }
    fn cell(&self, i: usize, c: u32) -> Value {
        let mut v = Value::Null;
        if let Some(&at) = self.starts.get(i) {
            self.rows.cell_at(at, c as usize, &mut v);
        }
        v
    }
    fn same_cell(&self, a: usize, b: usize, c: u32) -> bool {
        let bytes = |i: usize| self.starts.get(i).map(|&at| self.rows.cell_bytes(at, c as usize));
        // Equal bytes are equal values; other bytes may still compare equal ('a' and 'A').
        if bytes(a) == bytes(b) {
            return true;
        }
        cmp_values(&self.cell(a, c), &self.cell(b, c)) == Ordering::Equal
    }
}
