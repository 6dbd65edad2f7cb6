//! The clustered index read backward, last key first: what InnoDB does for `ORDER BY pk DESC`
//! (EXPLAIN's `Backward index scan` on PRIMARY). The generated base is walked from its last
//! row down and the overlay of changed rows merged in descending key order, so the rows come
//! out exactly reversed from [`Table::scan_late`]'s, with the same ordinals.
//!
//! A primary key range read backward (`WHERE id > n ORDER BY id DESC`) starts the same walk
//! at the last row at or before the range's end ([`Table::scan_backward_from`]); the caller
//! stops it at the range's start.
//!
//! Row by row, not in batches: such a read is nearly always cut short by a LIMIT.

use super::secondary::before_end;
use super::{cmp_key_to_row, RangeEnd, Row, Table};
use crate::storage::schema::ColumnSet;
use crate::storage::value::Value;
use crate::storage::value_bytes::unpack_row;
use std::cmp::Ordering;

impl Table {
    /// Every row, highest primary key first, until `visit` returns false. `visit` is given
    /// the row's ordinal (its place in the forward order, as the forward scan numbers it) and
    /// the row, with at least the columns `wanted` marks filled.
    pub fn scan_backward(&self, wanted: &[bool], visit: &mut impl FnMut(u64, &Row) -> bool) {
        self.scan_backward_from(None, wanted, visit)
    }

    /// Like [`Self::scan_backward`], from the last row whose primary key is at or before
    /// `until` (every row without it) down to the first row of the table, until `visit`
    /// returns false. The caller stops the walk where its range starts.
    ///
    /// Simplification: with `until`, a generated row's ordinal is its place among the
    /// generated rows plus every row inserted since (inserted rows are not placed among
    /// them), which is exact for a table without inserts and only shifts the leaf pages
    /// named otherwise: the count of leaves a range enters stays right.
    pub fn scan_backward_from(
        &self,
        until: Option<&RangeEnd>,
        wanted: &[bool],
        visit: &mut impl FnMut(u64, &Row) -> bool,
    ) {
        let ncols = self.def.columns.len();
        let pk: &[u32] = self.def.primary().map_or(&[], |p| &p.columns);
        let mut changes = (self.changes.iter().rev())
            .skip_while(|(k, _)| !before_end(&k.0, until))
            .peekable();
        let mut changed: Row = Vec::new();
        // The generated rows at or before the end: all of them without one.
        let upper = match until {
            None => self.generated_rows,
            Some(end) => self.first_generated_at(&|k| before_end(&k.0, Some(end)), Some(end)),
        };
        // Ordinals count down from the last row's.
        let inserted = self.rows.saturating_sub(self.generated_rows);
        let mut ordinal = if until.is_none() { self.rows } else { upper + inserted };
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
            for i in (0..upper).rev() {
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
