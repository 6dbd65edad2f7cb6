//! GROUP BY ... WITH ROLLUP: the groups in key order, each followed by the super-aggregate
//! rows of the prefixes that end with it, and the grand total last, as MySQL's
//! AggregateIterator makes them from sorted input. The grouping columns a super-aggregate row
//! rolls up are NULL in it (in the row its select list and HAVING read, and in a select item
//! that is a grouping expression), and GROUPING(...) is 1 for each of them.
//!
//! The super-aggregates are the groups' accumulators merged (`Accumulator::merge`), level by
//! level, so the rows are read once, as in MySQL; a DISTINCT aggregate's level takes the
//! values of its groups' sets it has not seen (`Accumulator::merge`), as each of MySQL's
//! rollup levels keeps its own DISTINCT set. Simplifications: GROUP_CONCAT with DISTINCT or
//! ORDER BY, and SUM / AVG ... (DISTINCT) of strings, cannot be merged and answer
//! ER_NOT_SUPPORTED_YET; the
//! variance family merges by the parallel form of Welford's recurrence, whose last digits may
//! differ from MySQL's row-by-row doubles; SELECT DISTINCT with ROLLUP is not built.

use crate::error::{MySqlError, Result};
use crate::sql::bind::{AggCall, BExpr};
use crate::sql::execution::aggregate::Accumulator;
use crate::storage::table::{cmp_values, Row};
use crate::storage::value::Value;
use std::cmp::Ordering;

/// The merged accumulators of every level of the rollup: level k holds the groups that share
/// the first k grouping values (level 0 is the grand total).
pub(super) struct Levels {
    levels: Vec<Vec<Accumulator>>,
    calls: Vec<AggCall>,
}

impl Levels {
    pub(super) fn new(calls: &[AggCall], depth: usize) -> Levels {
        Levels {
            levels: (0..depth).map(|_| calls.iter().map(Accumulator::new).collect()).collect(),
            calls: calls.to_vec(),
        }
    }

    /// Adds one group's accumulators to every level.
    pub(super) fn absorb(&mut self, group: &[Accumulator]) -> Result<()> {
        for level in &mut self.levels {
            for (mine, theirs) in level.iter_mut().zip(group) {
                if !mine.merge(theirs) {
                    return Err(MySqlError::not_supported_yet(
                        "WITH ROLLUP of GROUP_CONCAT with DISTINCT or ORDER BY, or of a DISTINCT aggregate of strings",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Level `k`'s aggregate values, with each GROUPING(...) call's bits for that level; the
    /// level starts over afterwards.
    pub(super) fn take(
        &mut self,
        k: usize,
        grouping: &[(usize, Vec<usize>)],
        increment: u8,
    ) -> Vec<Value> {
        let mut values: Vec<Value> = self.levels[k].iter().map(|a| a.finish(increment)).collect();
        for (slot, columns) in grouping {
            values[*slot] = Value::Int(grouping_bits(columns, k));
        }
        self.levels[k] = self.calls.iter().map(Accumulator::new).collect();
        values
    }
}

/// GROUPING(c1, c2, ...) at a level that keeps the first `kept` grouping columns: one bit per
/// argument, the first the most significant, set when its column is rolled up.
pub(super) fn grouping_bits(columns: &[usize], kept: usize) -> i64 {
    columns.iter().fold(0i64, |bits, &c| bits << 1 | i64::from(c >= kept))
}

/// The first grouping position where two groups' keys differ (their length when none does).
pub(super) fn first_difference(a: &[Value], b: &[Value]) -> usize {
    a.iter().zip(b).position(|(x, y)| cmp_values(x, y) != Ordering::Equal).unwrap_or(a.len())
}

/// Sets to NULL, in a group's first row, the columns that the grouping expressions past the
/// first `kept` read directly.
pub(super) fn null_rolled_columns(group_by: &[BExpr], kept: usize, row: &mut Row) {
    for e in &group_by[kept..] {
        if let BExpr::Column(c) = e {
            if let Some(v) = row.get_mut(*c as usize) {
                *v = Value::Null;
            }
        }
    }
}

/// Sets to NULL the select items that are grouping expressions past the first `kept`.
pub(super) fn null_rolled_items(
    items: &[(BExpr, String)],
    group_by: &[BExpr],
    kept: usize,
    out: &mut Row,
) {
    for (i, (e, _)) in items.iter().enumerate() {
        if group_by[kept..].iter().any(|g| g == e) {
            if let Some(v) = out.get_mut(i) {
                *v = Value::Null;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grouping_bits_follow_the_manual() {
        // GROUP BY a, b WITH ROLLUP: the (a, NULL) row has GROUPING(a, b) = 1, the grand
        // total 3, a plain group 0.
        assert_eq!(grouping_bits(&[0, 1], 2), 0);
        assert_eq!(grouping_bits(&[0, 1], 1), 1);
        assert_eq!(grouping_bits(&[0, 1], 0), 3);
        assert_eq!(grouping_bits(&[1], 1), 1);
        assert_eq!(
            first_difference(&[Value::Int(1), Value::Int(2)], &[Value::Int(1), Value::Int(3)]),
            1
        );
        assert_eq!(first_difference(&[Value::Int(1)], &[Value::Int(1)]), 1);
    }
}
