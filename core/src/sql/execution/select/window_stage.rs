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

use super::pipeline::{check_rows_in_memory, sort_by_keys};
use super::plan::{Plan, SortKey};
use super::record_size::value_bytes;
use crate::error::Result;
use crate::sql::bind::BExpr;
use crate::sql::execution::costs::Costs;
use crate::sql::execution::filesort::Filesort;
use crate::sql::execution::group_table::key_hash;
use crate::sql::execution::temp_table::{MemoryEngine, RowSize, TempSettings, TempTable};
use crate::sql::execution::{Meta, QueryResult};
use crate::sql::expr::{eval, EvalContext};
use crate::sql::parser::VarScope;
use crate::sql::window::{self, WindowInputs};
use crate::storage::key::Key;
use crate::storage::table::Row;
use crate::storage::value::Value;

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
    /// Computes the windows over the first step's result and finishes the statement.
    pub(super) fn finish(
        self,
        inner: QueryResult,
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
        rows_kept: u64,
    ) -> Result<QueryResult> {
        let (inner_meta, mut rows) = inner.into_values();
        check_rows_in_memory(rows.len() as u64)?;
        self.charge(&rows, costs, cx);
        let increment = cx.div_precision_increment();
        let mut visited = 0;
        let values = self
            .calls
            .iter()
            .map(|c| window::compute(c, &rows, increment, &mut visited))
            .collect::<Result<Vec<_>>>()?;
        for (i, row) in rows.iter_mut().enumerate() {
            row.extend(values.iter().map(|v| v[i].clone()));
        }
        let mut outputs: Vec<(Row, Vec<Value>)> = Vec::with_capacity(rows.len());
        for row in &rows {
            let out: Row =
                self.items.iter().map(|(e, _)| eval(e, row, &[], cx)).collect::<Result<_>>()?;
            let keys = self
                .order_by
                .iter()
                .map(|(k, _)| match k {
                    SortKey::Output(i) => Ok(out.get(*i as usize).cloned().unwrap_or(Value::Null)),
                    SortKey::Expr(e) => eval(e, row, &[], cx),
                })
                .collect::<Result<Vec<_>>>()?;
            outputs.push((out, keys));
        }
        if self.distinct {
            let mut seen = std::collections::BTreeSet::new();
            outputs.retain(|(row, _)| seen.insert(Key(row.clone())));
        }
        if !self.order_by.is_empty() {
            // The statement's ORDER BY is a sort of its own after windowing.
            let sort_buffer = cx
                .system_variable("sort_buffer_size", VarScope::Default)
                .ok()
                .and_then(|v| v.to_i64())
                .map_or(0, |n| n.max(0) as u64);
            let records = outputs
                .iter()
                .map(|(row, keys)| keys.iter().chain(row).map(value_bytes).sum::<u64>());
            charge_sort(records, sort_buffer, costs);
            sort_by_keys(&mut outputs, &self.order_by);
        }
        let start = (self.offset as usize).min(outputs.len());
        let end = match self.limit {
            Some(l) => start.saturating_add(usize::try_from(l).unwrap_or(usize::MAX)),
            None => outputs.len(),
        }
        .min(outputs.len());
        let mut result: Vec<Row> = outputs.drain(start..end).map(|(r, _)| r).collect();
        let kept = usize::try_from(rows_kept).unwrap_or(usize::MAX);
        let unshown = result.len().saturating_sub(kept) as u64;
        result.truncate(kept);
        let meta = self.meta(&inner_meta, &result);
        Ok(QueryResult::of_values(meta, result, unshown))
    }

    /// The result's columns: names as written, numeric and nullable by the expressions'
    /// types over the first step's columns and the window functions' result types.
    fn meta(&self, inner: &[Meta], rows: &[Row]) -> Vec<Meta> {
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
                let first = rows.iter().map(|r| &r[i]).find(|v| !v.is_null());
                let numeric = match (e.numeric_type(&numeric), first) {
                    (Some(k), _) => k,
                    (None, Some(v)) => v.is_numeric(),
                    (None, None) => true,
                };
                let nullable = e.maybe_null(&nullable) || rows.iter().any(|r| r[i].is_null());
                let table = match e {
                    BExpr::Column(c) if *c < width => {
                        inner.get(*c as usize).map(|m| m.table.clone()).unwrap_or_default()
                    }
                    _ => String::new(),
                };
                Meta { name: name.clone(), table, numeric, nullable }
            })
            .collect()
    }

    /// The windowing temporary table (every row written once) and a filesort per distinct
    /// window ordering, with their counters and simulated time.
    fn charge(&self, rows: &[Row], costs: &mut Costs, cx: &mut dyn EvalContext) {
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
        for row in rows {
            let bytes: u64 = row.iter().map(value_bytes).sum();
            let size = RowSize { data: bytes, declared: bytes, cells: row.len() as u64, key: 0 };
            temp.write(size, key_hash(row.iter()), costs);
        }
        // Windows that order the rows alike share one sort.
        let mut sorted: Vec<&WindowInputs> = Vec::new();
        for c in &self.calls {
            let alike = |s: &&WindowInputs| s.partition == c.partition && s.order == c.order;
            if (c.partition.is_empty() && c.order.is_empty()) || sorted.iter().any(alike) {
                continue;
            }
            sorted.push(c);
            let records = rows.iter().map(|row| {
                let key: u64 = c
                    .partition
                    .iter()
                    .chain(c.order.iter().map(|o| &o.0))
                    .map(|&k| row.get(k as usize).map_or(0, value_bytes))
                    .sum();
                key + row.iter().map(value_bytes).sum::<u64>()
            });
            charge_sort(records, sort_buffer, costs);
        }
        temp.drop_table(costs);
    }
}

/// A filesort of records of the given sizes (`Sort_scan`, `Sort_rows`, merge passes and
/// files), with its simulated time.
fn charge_sort(records: impl Iterator<Item = u64>, sort_buffer: u64, costs: &mut Costs) {
    let temp_costs = costs.host.hardware().temp.clone();
    let mut sort = Filesort::new(sort_buffer, None, &temp_costs);
    records.for_each(|bytes| sort.add(bytes));
    let outcome = sort.finish(&temp_costs);
    costs.status.add("Sort_scan", 1);
    costs.status.add("Sort_rows", outcome.sort_rows);
    costs.status.add("Sort_merge_passes", outcome.merge_passes);
    costs.status.add("Created_tmp_files", outcome.tmp_files);
    let capacity = costs.host.cpu_capacity_milli().clamp(1, 1000);
    let cpu = outcome.cpu_ns.saturating_mul(1000) / capacity;
    costs.clock.advance(crate::sim::SimDuration(cpu + outcome.io_ns));
}
