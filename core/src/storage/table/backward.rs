//! The clustered index read backward, last key first: what InnoDB does for `ORDER BY pk DESC`
//! (EXPLAIN's `Backward index scan` on PRIMARY). The generated base is walked from its last
//! row down and the overlay of changed rows merged in descending key order, so the rows come
//! out exactly reversed from [`Table::scan_late`]'s, with the same ordinals.
//!
//! Row by row, not in batches: such a read is nearly always cut short by a LIMIT.

use super::{cmp_key_to_row, Row, Table};
use crate::storage::schema::ColumnSet;
use crate::storage::value::Value;
use crate::storage::value_bytes::unpack_row;
use std::cmp::Ordering;

impl Table {
    /// Every row, highest primary key first, until `visit` returns false. `visit` is given
    /// the row's ordinal (its place in the forward order, as the forward scan numbers it) and
    /// the row, with at least the columns `wanted` marks filled.
    pub fn scan_backward(&self, wanted: &[bool], visit: &mut impl FnMut(u64, &Row) -> bool) {
        let ncols = self.def.columns.len();
        let pk: &[u32] = self.def.primary().map_or(&[], |p| &p.columns);
        let mut changes = self.changes.iter().rev().peekable();
        let mut changed: Row = Vec::new();
        // Ordinals count down from the last row's.
        let mut ordinal = self.rows;
        if let Some(generator) = &self.generator {
            // The key columns are always generated: generated rows merge with changes by key.
            let mut want = wanted.to_vec();
            want.resize(ncols, false);
            for &c in pk {
                want[c as usize] = true;
            }
            let want = ColumnSet::wanted(&want);
            let mut row: Row = vec![Value::Null; ncols];
            // Bounded by the generated rows.
            for i in (0..self.generated_rows).rev() {
                generator.fill_row(i, want, &mut row);
                // Changed rows after this one (in key order), and this one's own change.
                let mut replaced = false;
                while let Some((k, v)) = changes.peek() {
                    let o = cmp_key_to_row(k, &row, pk, i);
                    if o == Ordering::Less {
                        break;
                    }
                    if let Some(packed) = v {
                        unpack_row(packed, ncols, &mut changed);
                        ordinal = ordinal.saturating_sub(1);
                        if !visit(ordinal, &changed) {
                            return;
                        }
                    }
                    changes.next();
                    if o == Ordering::Equal {
                        replaced = true;
                        break;
                    }
                }
                if replaced {
                    continue;
                }
                ordinal = ordinal.saturating_sub(1);
                if !visit(ordinal, &row) {
                    return;
                }
            }
        }
        for (_, v) in changes {
            if let Some(packed) = v {
                unpack_row(packed, ncols, &mut changed);
                ordinal = ordinal.saturating_sub(1);
                if !visit(ordinal, &changed) {
                    return;
                }
            }
        }
    }
}
