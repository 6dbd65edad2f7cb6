//! GROUP BY's aggregate state, per group in group order (`pipeline.rs` keeps the groups).

use super::super::ROWS_IN_MEMORY_MAX;
use crate::error::{MySqlError, Result};
use crate::sql::bind::{AggCall, AggFunc};
use crate::sql::execution::aggregate::Accumulator;
use crate::sql::execution::select::sorter::Chunked;
use crate::storage::value::Value;

/// Aggregate state per group: counts alone when every aggregate is a COUNT, full
/// accumulators otherwise.
pub(super) enum AggStore {
    Counts { star: Vec<bool>, counts: Chunked },
    Full { accs: Vec<Accumulator> },
}

impl AggStore {
    pub(super) fn new(calls: &[AggCall]) -> AggStore {
        let countable =
            |c: &AggCall| !c.distinct && matches!(c.func, AggFunc::CountStar | AggFunc::Count);
        if calls.iter().all(countable) {
            AggStore::Counts {
                star: calls.iter().map(|c| c.func == AggFunc::CountStar).collect(),
                counts: Chunked::default(),
            }
        } else {
            AggStore::Full { accs: Vec::new() }
        }
    }

    pub(super) fn add_group(&mut self, calls: &[AggCall]) -> Result<()> {
        match self {
            AggStore::Counts { counts, star } => (0..star.len()).for_each(|_| counts.push(0)),
            AggStore::Full { accs } => {
                // Full accumulators are large: they stay under the in-memory row bound.
                if !calls.is_empty() && accs.len() as u64 / calls.len() as u64 >= ROWS_IN_MEMORY_MAX
                {
                    return Err(MySqlError::table_full("/tmp/#sql1_8_0"));
                }
                accs.extend(calls.iter().map(Accumulator::new));
            }
        }
        Ok(())
    }

    pub(super) fn update(&mut self, g: u32, j: usize, per: usize, v: &Value) {
        let at = g as usize * per + j;
        match self {
            AggStore::Counts { counts, star } => {
                if star[j] || !v.is_null() {
                    *counts.get_mut(at) += 1;
                }
            }
            AggStore::Full { accs } => accs[at].update(v),
        }
    }

    pub(super) fn values(&self, g: u32, per: usize, increment: u8) -> Vec<Value> {
        let at = g as usize * per;
        match self {
            AggStore::Counts { counts, .. } => {
                (at..at + per).map(|i| Value::Int(counts.get(i) as i64)).collect()
            }
            AggStore::Full { accs } => {
                accs[at..at + per].iter().map(|a| a.finish(increment)).collect()
            }
        }
    }
}
