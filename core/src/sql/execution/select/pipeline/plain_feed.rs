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
