//! The rows of a statement with one plain aggregate and no GROUP BY (`SELECT
//! SUM(LENGTH(referrer)) FROM page_views`, `SELECT COUNT(*) ... WHERE ...`), fed from a scan
//! of its one table straight to that aggregate: WHERE, then the update, with nothing else
//! of the pipeline to decide per row. What [`PipelineState::feed`] does for such a row, in
//! the same order, without going through it.

use super::{update_one, PipelineState};
use crate::error::Result;
use crate::sql::compiled::Compiled;
use crate::sql::execution::aggregate::Accumulator;
use crate::sql::expr::EvalContext;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// The parts of the pipeline such a row touches, borrowed for the scan.
pub(in crate::sql::execution::select) struct PlainFeed<'s, 'p> {
    filter: Option<&'s Compiled<'p>>,
    /// The first row that passed WHERE (the select list's columns outside the aggregate
    /// come from it).
    first: &'s mut Option<Row>,
    acc: &'s mut Accumulator,
    arg: Option<&'s Compiled<'p>>,
}

impl<'p> PipelineState<'p, '_> {
    /// The plain feed, when the statement has one plain aggregate without GROUP BY
    /// (`one_plain_aggregate`) and no correlated subquery to run in WHERE.
    pub(in crate::sql::execution::select) fn plain_feed(&mut self) -> Option<PlainFeed<'_, 'p>> {
        if !self.one_plain_aggregate || self.rt.is_some() {
            return None;
        }
        let (first, accs) = self.single.as_mut()?;
        let ([acc], [arg]) = (accs.as_mut_slice(), self.agg_args.as_slice()) else {
            return None;
        };
        Some(PlainFeed { filter: self.filter.as_ref(), first, acc, arg: arg.as_ref() })
    }
}

impl PlainFeed<'_, '_> {
    /// Takes a run of the scan's rows: how many it took (all, or up to the one that failed)
    /// and the answer of the last. Without WHERE, once the first row is kept, a SUM of
    /// non-negative integers read where they lie (`SUM(LENGTH(col))`) is added up over the
    /// run and given to the aggregate once ([`Accumulator::update_whole_run`]); anything else
    /// row by row.
    pub(in crate::sql::execution::select) fn feed_run(
        &mut self,
        rows: &[Row],
        cx: &mut dyn EvalContext,
    ) -> (usize, Result<bool>) {
        if let (None, Some(_), Some(arg)) = (self.filter, self.first.as_ref(), self.arg) {
            // Non-negative values only: the running sum then only grows, so it overflows in
            // the run exactly when the run's total does, as `update_whole_run` checks.
            let mut sum = 0i128;
            let whole = rows.iter().all(|row| match arg.integer(row) {
                Some(i) if i >= 0 => {
                    sum += i128::from(i);
                    true
                }
                _ => false,
            });
            if whole && self.acc.update_whole_run(rows.len() as u64, sum) {
                return (rows.len(), Ok(true));
            }
        }
        for (k, row) in rows.iter().enumerate() {
            match self.feed(row, cx) {
                Ok(true) => {}
                answer => return (k + 1, answer),
            }
        }
        (rows.len(), Ok(true))
    }

    /// Takes one row of the scan; true (a lone aggregate wants every row).
    #[inline(always)]
    pub(in crate::sql::execution::select) fn feed(
        &mut self,
        row: &[Value],
        cx: &mut dyn EvalContext,
    ) -> Result<bool> {
        if let Some(f) = self.filter {
            if f.truth(row, cx)? != Some(true) {
                return Ok(true);
            }
        }
        if self.first.is_none() {
            *self.first = Some(row.to_vec());
        }
        update_one(self.acc, self.arg, row, cx)
    }
}
