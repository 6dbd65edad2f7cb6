//! DISTINCT over the rows of one stored table, kept by reference: the internal temporary
//! table with a unique key over the select list that MySQL de-duplicates through, modelled
//! by `temp_table.rs`, while the executor keeps, per distinct row, the primary key of the
//! first row that gave it and its key hash (16 bytes), and per row read its distinct row's
//! number (4 bytes). The output rows are built again from their first rows when the result
//! is read, so `SELECT DISTINCT referrer FROM page_views` over 3,000,000 distinct values
//! holds no row as values (about 70 MB where values took over a gigabyte).
//!
//! The temporary table is written when the rows have all been read, row by row in the order
//! they came (a new row written, a duplicate looked up), as it is for DISTINCT over rows kept
//! as values: its cost and counters are those of that path.
//!
//! Simplification (as for GROUP BY's groups kept by reference): the select list is evaluated
//! again on the first row when the result is built, so a select list whose value is not a
//! function of the row (RAND(), a variable assignment) gives that second value.

use super::{fetch, same_key, PipelineState, ResultRows, GROUPS_KEPT_MAX, KEYS_KEPT_MAX};
use crate::error::{MySqlError, Result};
use crate::sql::execution::costs::Costs;
use crate::sql::execution::group_table::{key_hash, GroupIndex};
use crate::sql::execution::temp_table::{RowSize, TempTable};
use crate::sql::expr::EvalContext;
use crate::storage::table::Row;
use crate::storage::value::Value;

use super::super::plan::{Plan, SortKey};
use super::super::record_size::{sort_key_bytes, value_bytes};
use super::super::sorter::{Chunked, Sorter};

/// The distinct rows of a statement that reads one stored table.
pub(super) struct DistinctRows {
    index: GroupIndex,
    /// Per distinct row: the primary key of the first row that gave it.
    first_keys: Chunked,
    /// Per distinct row: its key hash (where the temporary table's index holds it).
    hashes: Chunked,
    /// The output of the first distinct rows, compared without reading a row again.
    kept: Vec<Row>,
    /// Per row read, in order: its distinct row's number, two to a word.
    arrivals: Chunked,
    rows: u64,
}

impl DistinctRows {
    pub(super) fn new() -> DistinctRows {
        DistinctRows {
            index: GroupIndex::new(),
            first_keys: Chunked::default(),
            hashes: Chunked::default(),
            kept: Vec::new(),
            arrivals: Chunked::default(),
            rows: 0,
        }
    }

    fn arrive(&mut self, g: u32) {
        if self.rows % 2 == 0 {
            self.arrivals.push(u64::from(g));
        } else {
            let at = (self.rows / 2) as usize;
            *self.arrivals.get_mut(at) |= u64::from(g) << 32;
        }
        self.rows += 1;
    }

    fn arrival(&self, i: u64) -> u32 {
        let word = self.arrivals.get((i / 2) as usize);
        if i % 2 == 0 {
            word as u32
        } else {
            (word >> 32) as u32
        }
    }
}

impl PipelineState<'_, '_> {
    /// One row that passed WHERE, for DISTINCT kept by reference.
    pub(super) fn feed_distinct(
        &mut self,
        plan: &Plan,
        row: &[Value],
        cx: &mut dyn EvalContext,
    ) -> Result<bool> {
        let out: Row = self.items.iter().map(|e| e.eval(row, cx)).collect::<Result<_>>()?;
        if let Some(model) = &mut self.sort_model {
            let key_bytes = if plan.order_by.iter().all(|(k, _)| matches!(k, SortKey::Output(_))) {
                // Keys that are output columns are read where they lie, not copied per row.
                let keys = plan.order_by.iter().map(|(k, _)| match k {
                    SortKey::Output(i) => &out[*i as usize],
                    SortKey::Expr(_) => &Value::Null,
                });
                sort_key_bytes(plan, keys, &self.types, self.settings.max_sort_length)
            } else {
                let keys = super::sort_keys(plan, row, &[], &out, cx)?;
                sort_key_bytes(plan, &keys, &self.types, self.settings.max_sort_length)
            };
            model.add(key_bytes + out.iter().map(value_bytes).sum::<u64>() + 4);
        }
        let hash = key_hash(&out);
        let src = self.source.as_ref().expect("DISTINCT by reference reads one stored table");
        let Some(d) = self.distinct.as_mut() else { return Ok(true) };
        let signed = signed_key(src);
        let (g, new) = {
            let DistinctRows { index, first_keys, kept, .. } = d;
            let (items, scratch, out) = (&self.items, &mut self.scratch, &out);
            index.find_or_add(hash, &mut |g| {
                if let Some(k) = kept.get(g as usize) {
                    return Ok(same_key(k, out));
                }
                // A distinct row past the kept ones: its first row read again.
                if !fetch(src, first_keys.get(g as usize), signed, scratch) {
                    return Ok(false);
                }
                let theirs: Row =
                    items.iter().map(|e| e.eval(scratch, cx)).collect::<Result<_>>()?;
                Ok(same_key(&theirs, out))
            })?
        };
        if new {
            if d.index.len() > GROUPS_KEPT_MAX {
                return Err(MySqlError::table_full("/tmp/#sql1_8_0"));
            }
            d.first_keys.push(super::encode_pk(&row[src.pk as usize]));
            d.hashes.push(hash);
            if d.kept.len() < KEYS_KEPT_MAX {
                d.kept.push(out);
            }
        }
        d.arrive(g);
        Ok(true)
    }

    /// The result of DISTINCT kept by reference: the temporary table's writes and lookups in
    /// the order the rows came, then the distinct rows, sorted if ORDER BY asks, windowed by
    /// LIMIT, and built again from their first rows.
    pub(super) fn finish_distinct(
        &mut self,
        mut d: DistinctRows,
        plan: &Plan,
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
    ) -> Result<ResultRows> {
        let mut out = ResultRows::new(self.settings.pack, &self.settings.space);
        let Some(src) = self.source.as_ref() else { return Ok(out) };
        let signed = signed_key(src);
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut temp = TempTable::create(self.settings.temp.clone(), costs);
        let ordered = !plan.order_by.is_empty();
        let n = d.index.len();
        let mut sorter = ordered.then(|| {
            Sorter::new(plan.order_by.iter().map(|(_, dir)| *dir).collect(), keep(plan), n)
        });
        let mut by_value = false;
        let (mut skipped, mut next) = (0u64, 0u32);
        let limit = plan.limit.unwrap_or(u64::MAX);
        // A select list of columns only, sorted (if at all) by its own columns: a kept
        // distinct row's output is what reading its first row again would give, and nothing
        // else of that row is needed.
        let outputs_suffice = super::only_columns(plan).is_some()
            && plan.order_by.iter().all(|(k, _)| matches!(k, SortKey::Output(_)));
        let kept_output = |kept: &[Row], g: u32| {
            if outputs_suffice {
                kept.get(g as usize).cloned()
            } else {
                None
            }
        };
        let result = (|| {
            for i in 0..d.rows {
                let g = d.arrival(i);
                let hash = d.hashes.get(g as usize);
                if g != next {
                    temp.lookup(hash, costs);
                    continue;
                }
                next += 1;
                let row: Row = match kept_output(&d.kept, g) {
                    Some(row) => row,
                    None => {
                        if !fetch(src, d.first_keys.get(g as usize), signed, &mut scratch) {
                            continue;
                        }
                        self.items.iter().map(|e| e.eval(&scratch, cx)).collect::<Result<_>>()?
                    }
                };
                let bytes: u64 = row.iter().map(value_bytes).sum();
                let size =
                    RowSize { data: bytes, declared: bytes, cells: row.len() as u64, key: bytes };
                temp.write(size, hash, costs);
                if let Some(sorter) = sorter.as_mut() {
                    let keys = super::sort_keys(plan, &scratch, &[], &row, cx)?;
                    by_value = by_value || !sorter.push(&keys, u64::from(g));
                } else if skipped < plan.offset {
                    skipped += 1;
                } else if out.len() + self.unshown >= limit {
                    // Past LIMIT: the table is still written, nothing more is sent.
                } else if out.len() >= self.settings.rows_kept {
                    self.unshown += 1;
                } else {
                    out.push(row)?;
                }
            }
            Ok::<_, MySqlError>(())
        })();
        temp.drop_table(costs);
        result?;
        let Some(sorter) = sorter else { return Ok(out) };
        if by_value {
            // A key the bytes cannot order: every distinct row packed, sorted by value.
            let mut outputs =
                super::Outputs::new(&self.settings.space, plan.items.len(), plan.order_by.len());
            for g in 0..n {
                if !fetch(src, d.first_keys.get(g as usize), signed, &mut scratch) {
                    continue;
                }
                let row: Row =
                    self.items.iter().map(|e| e.eval(&scratch, cx)).collect::<Result<_>>()?;
                let keys = super::sort_keys(plan, &scratch, &[], &row, cx)?;
                outputs.push(&row, &keys)?;
            }
            outputs.sort(&super::descending(plan));
            self.scratch = scratch;
            return self.emit(&outputs, plan);
        }
        if sorter.is_full() {
            return Err(MySqlError::tmpdir_full("/tmp/MYfd=57"));
        }
        for g in sorter.sorted().into_iter().skip(plan.offset as usize).take(super::limit_of(plan))
        {
            if out.len() >= self.settings.rows_kept {
                self.unshown += 1;
                continue;
            }
            // Each distinct row comes once: its kept output is taken, not copied.
            if outputs_suffice {
                if let Some(row) = d.kept.get_mut(g as usize) {
                    out.push(std::mem::take(row))?;
                    continue;
                }
            }
            if !fetch(src, d.first_keys.get(g as usize), signed, &mut scratch) {
                continue;
            }
            out.push(self.items.iter().map(|e| e.eval(&scratch, cx)).collect::<Result<Row>>()?)?;
        }
        self.scratch = scratch;
        Ok(out)
    }
}

fn signed_key(src: &super::RowSource) -> bool {
    src.table.def.columns.get(src.pk as usize).is_some_and(|c| !c.unsigned)
}

fn keep(plan: &Plan) -> Option<u64> {
    super::keep(plan)
}
