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
        let mut changes =
            (self.changes.iter().rev()).skip_while(|(k, _)| !before_end(&k.0, until)).peekable();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::btree::FillPolicy;
    use crate::storage::schema::{
        ColumnDef, ColumnSet, ColumnType, IndexDef, RowGenerator, TableDef,
    };
    use crate::storage::table::Key;

    /// Row i: (id = 2 * (i + 1), i): even keys, so a range can end between two rows.
    #[derive(Debug)]
    struct Even(u64);
    impl RowGenerator for Even {
        fn row_count(&self) -> u64 {
            self.0
        }
        fn fill_row(&self, i: u64, _wanted: ColumnSet, out: &mut [Value]) {
            out[0] = Value::Int(2 * (i as i64 + 1));
            out[1] = Value::Int(i as i64);
        }
        fn row_of_key(&self, key: &[Value]) -> Option<u64> {
            let id = key.first()?.to_i64()?;
            (id >= 2 && id % 2 == 0).then(|| (id / 2 - 1) as u64).filter(|&i| i < self.0)
        }
    }

    fn table(rows: u64) -> Table {
        let def = TableDef {
            constraints: Default::default(),
            partitioning: None,
            schema: "s".into(),
            name: "t".into(),
            columns: vec![
                ColumnDef::new("id", ColumnType::Int),
                ColumnDef::new("v", ColumnType::Int),
            ],
            indexes: vec![IndexDef {
                name: "PRIMARY".into(),
                columns: vec![0],
                unique: true,
                primary: true,
                visible: true,
            }],
        };
        let fill = FillPolicy::SequentialInserts;
        Table::generated(def, 1, Box::new(Even(rows)), 2 * rows + 1, fill, fill)
    }

    /// The keys a backward read from `until` gives, at most `max` of them.
    fn keys_from(t: &Table, until: Option<(i64, bool)>, max: usize) -> Vec<i64> {
        let end = until.map(|(k, exclusive)| RangeEnd { prefix: vec![Value::Int(k)], exclusive });
        let mut out = Vec::new();
        t.scan_backward_from(end.as_ref(), &[true, true], &mut |_, r| {
            out.push(r[0].to_i64().unwrap_or(-1));
            out.len() < max
        });
        out
    }

    #[test]
    fn a_backward_read_from_a_key_starts_at_the_last_row_at_or_before_it() {
        let mut t = table(50);
        assert_eq!(keys_from(&t, Some((20, false)), 3), [20, 18, 16]);
        assert_eq!(keys_from(&t, Some((20, true)), 3), [18, 16, 14]);
        assert_eq!(keys_from(&t, Some((21, false)), 2), [20, 18]);
        assert_eq!(keys_from(&t, Some((1, false)), 5), Vec::<i64>::new());
        assert_eq!(keys_from(&t, Some((500, false)), 2), [100, 98]);
        assert_eq!(keys_from(&t, None, 2), [100, 98]);
        // Changed rows merge in: an inserted odd key, a deleted one, one past the end.
        t.insert(vec![Value::Int(19), Value::Int(0)]).unwrap();
        t.delete(&Key(vec![Value::Int(18)]));
        t.insert(vec![Value::Int(23), Value::Int(0)]).unwrap();
        assert_eq!(keys_from(&t, Some((20, false)), 4), [20, 19, 16, 14]);
        assert_eq!(keys_from(&t, Some((22, false)), 3), [22, 20, 19]);
        // Every row at or before the end comes, down to the first.
        assert_eq!(keys_from(&t, Some((6, false)), 10), [6, 4, 2]);
    }
}
