//! GROUP BY's aggregate state, per group in group order (`pipeline.rs` keeps the groups):
//! counts alone when every aggregate is a COUNT; otherwise each accumulator's running state
//! packed in a slot of its own (`packed_rows.rs`'s `PackedSlots`), read, updated and written
//! back per row, bounded by the statement's temporary space; accumulators as values only for
//! a DISTINCT call, whose set of values seen is not packed.

use crate::error::{MySqlError, Result};
use crate::sql::bind::{AggCall, AggFunc};
use crate::sql::execution::aggregate::Accumulator;
use crate::sql::execution::packed_rows::{PackedSlots, TempSpace};
use crate::sql::execution::select::sorter::Chunked;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// Groups whose accumulators a statement may hold as values (a DISTINCT call's, with its set
/// of values seen): past them it stops with ERROR 1114 rather than exhausting the browser
/// tab. Simplification: MySQL keeps a DISTINCT aggregate's values in a temporary table of
/// its own; these are not packed, so this count, not the temporary space, bounds them.
pub(super) const ACCUMULATOR_GROUPS_MAX: u64 = 1_000_000;

/// Aggregate state per group: counts alone when every aggregate is a COUNT, full
/// accumulators otherwise.
pub(super) enum AggStore {
    Counts {
        star: Vec<bool>,
        counts: Chunked,
    },
    /// Each group's accumulators' states, `calls.len()` slots a group.
    Packed {
        calls: Vec<AggCall>,
        slots: PackedSlots,
    },
    Full {
        accs: Vec<Accumulator>,
        /// The statement's temporary space, which GROUP_CONCAT ... ORDER BY's values take.
        space: TempSpace,
    },
}

impl AggStore {
    /// `space`: the statement's temporary space, which packed states take their bytes from.
    pub(super) fn new(calls: &[AggCall], space: &TempSpace) -> AggStore {
        let countable =
            |c: &AggCall| !c.distinct && matches!(c.func, AggFunc::CountStar | AggFunc::Count);
        if calls.iter().all(countable) {
            AggStore::Counts {
                star: calls.iter().map(|c| c.func == AggFunc::CountStar).collect(),
                counts: Chunked::default(),
            }
        } else if calls.iter().all(|c| !c.distinct && c.order_by.is_empty()) {
            AggStore::Packed { calls: calls.to_vec(), slots: PackedSlots::in_space(space) }
        } else {
            AggStore::Full { accs: Vec::new(), space: space.clone() }
        }
    }

    pub(super) fn add_group(&mut self, calls: &[AggCall]) -> Result<()> {
        match self {
            AggStore::Counts { counts, star } => (0..star.len()).for_each(|_| counts.push(0)),
            AggStore::Packed { slots, .. } => {
                for c in calls {
                    // Not a DISTINCT call (the store would be `Full`), so a state exists.
                    let state = Accumulator::new(c).state();
                    slots.add(state.as_ref().map_or(&[][..], |s| &s[..]))?;
                }
            }
            AggStore::Full { accs, .. } => {
                // Full accumulators are large: they stay under their own bound.
                if !calls.is_empty()
                    && accs.len() as u64 / calls.len() as u64 >= ACCUMULATOR_GROUPS_MAX
                {
                    return Err(MySqlError::table_full("/tmp/#sql1_8_0"));
                }
                accs.extend(calls.iter().map(Accumulator::new));
            }
        }
        Ok(())
    }

    pub(super) fn update(&mut self, g: u32, j: usize, per: usize, v: &Value) -> Result<()> {
        let at = g as usize * per + j;
        match self {
            AggStore::Counts { counts, star } => {
                if star[j] || !v.is_null() {
                    *counts.get_mut(at) += 1;
                }
            }
            AggStore::Packed { calls, slots } => {
                let mut state = Row::new();
                slots.read(at as u64, Accumulator::STATE_WIDTH, &mut state);
                let mut acc = Accumulator::from_state(&calls[j], &state);
                acc.update(v);
                let state = acc.state();
                slots.write(at as u64, state.as_ref().map_or(&[][..], |s| &s[..]))?;
            }
            AggStore::Full { accs, .. } => accs[at].update(v),
        }
        Ok(())
    }

    /// Adds a GROUP_CONCAT ... ORDER BY's value with its ORDER BY keys (such a call makes the
    /// store `Full`).
    pub(super) fn update_keyed(
        &mut self,
        g: u32,
        j: usize,
        per: usize,
        v: &Value,
        keys: Vec<Value>,
    ) -> Result<()> {
        match self {
            AggStore::Full { accs, space } => {
                accs[g as usize * per + j].update_keyed(v, keys, space)
            }
            _ => self.update(g, j, per, v),
        }
    }

    /// Aggregate `j` of group `g` as a GROUP_CONCAT: the values it took and whether it was
    /// cut ([`Accumulator::concat_taken`]).
    pub(super) fn concat_taken(&self, g: u32, j: usize, per: usize) -> (u64, bool) {
        let at = g as usize * per + j;
        match self {
            AggStore::Counts { .. } => (0, false),
            AggStore::Packed { calls, slots } => {
                let mut state = Row::new();
                slots.read(at as u64, Accumulator::STATE_WIDTH, &mut state);
                Accumulator::from_state(&calls[j], &state).concat_taken()
            }
            AggStore::Full { accs, .. } => accs[at].concat_taken(),
        }
    }

    /// Group `g`'s accumulators (a WITH ROLLUP merges them into its super-aggregates).
    pub(super) fn accumulators(&self, g: u32, calls: &[AggCall]) -> Vec<Accumulator> {
        let per = calls.len();
        let at = g as usize * per;
        match self {
            AggStore::Counts { counts, .. } => calls
                .iter()
                .enumerate()
                .map(|(j, c)| Accumulator::counted(c, counts.get(at + j)))
                .collect(),
            AggStore::Packed { calls, slots } => {
                let mut state = Row::new();
                (0..per)
                    .map(|j| {
                        slots.read((at + j) as u64, Accumulator::STATE_WIDTH, &mut state);
                        Accumulator::from_state(&calls[j], &state)
                    })
                    .collect()
            }
            AggStore::Full { accs, .. } => accs[at..at + per].to_vec(),
        }
    }

    pub(super) fn values(&self, g: u32, per: usize, increment: u8) -> Vec<Value> {
        let at = g as usize * per;
        match self {
            AggStore::Counts { counts, .. } => {
                (at..at + per).map(|i| Value::Int(counts.get(i) as i64)).collect()
            }
            AggStore::Packed { calls, slots } => {
                let mut state = Row::new();
                (0..per)
                    .map(|j| {
                        slots.read((at + j) as u64, Accumulator::STATE_WIDTH, &mut state);
                        Accumulator::from_state(&calls[j], &state).finish(increment)
                    })
                    .collect()
            }
            AggStore::Full { accs, .. } => {
                accs[at..at + per].iter().map(|a| a.finish(increment)).collect()
            }
        }
    }
}
