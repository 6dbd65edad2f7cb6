//! A table's columns changed in place (ALTER TABLE ... ADD / DROP / MODIFY / CHANGE COLUMN):
//! every row is seen through a new column list, each new column taken from an old one
//! (converted to a new type when it changed) or filled with one value (an added column's
//! default).
//!
//! A generated table is not materialised: its generator is wrapped in [`Remapped`], which
//! makes the old row and maps it, so a 3-million-row table changes in constant memory. The
//! changed rows (already in memory) are rewritten to the new layout, and the index overlays
//! and sizes worked out again.
//!
//! Simplification: the primary key's values must stay as they were (the caller refuses a
//! change of a key column's type or its removal): generated rows stay in key order, and the
//! overlay's keys stay valid.

use super::{IndexSlot, Table, SIZE_SAMPLE_ROWS};
use crate::storage::record::{clustered_record_bytes, node_pointer_bytes, secondary_record_bytes};
use crate::storage::schema::{ColumnDef, ColumnSet, RowGenerator, TableDef};
use crate::storage::table::Key;
use crate::storage::value::Value;
use crate::storage::value_bytes::{pack_row, unpack_row};
use std::collections::BTreeMap;

/// Converts an old value to a column's new type. Only called on values the caller checked
/// convert without error (ALTER checks every row before it changes the table).
pub type Convert = fn(&ColumnDef, Value) -> Value;

/// Where a column of the new layout takes its value from.
#[derive(Clone, Debug)]
pub enum ColumnSource {
    /// The old column at this position, unchanged.
    Old(u32),
    /// The old column at `from`, converted to `to`'s type.
    Converted { from: u32, to: ColumnDef, convert: Convert },
    /// One value for every row (an added column's default).
    Fill(Value),
    /// A value computed from the new row's other columns (an added generated column), after
    /// every other source and after the computed columns before it.
    Computed(ComputedValue),
}

/// The function of an added generated column: its value from the row in the new layout.
/// Only called on rows the caller checked compute without error.
#[derive(Clone)]
pub struct ComputedValue(pub std::rc::Rc<ComputeFn>);

/// The function a [`ComputedValue`] holds.
pub type ComputeFn = dyn Fn(&[Value]) -> Value;

impl std::fmt::Debug for ComputedValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ComputedValue")
    }
}

impl ColumnSource {
    /// The new value from the old row.
    fn value(&self, old: &[Value]) -> Value {
        match self {
            ColumnSource::Old(c) => old[*c as usize].clone(),
            ColumnSource::Converted { from, to, convert } => {
                convert(to, old[*from as usize].clone())
            }
            ColumnSource::Fill(v) => v.clone(),
            // Filled by `fill_computed` once the row's other values are in.
            ColumnSource::Computed(_) => Value::Null,
        }
    }

    fn is_computed(&self) -> bool {
        matches!(self, ColumnSource::Computed(_))
    }

    /// The old column it reads, if any.
    fn reads(&self) -> Option<u32> {
        match self {
            ColumnSource::Old(c) | ColumnSource::Converted { from: c, .. } => Some(*c),
            ColumnSource::Fill(_) | ColumnSource::Computed(_) => None,
        }
    }
}

/// Maps a row from the old layout to the new one.
pub fn remap_row(sources: &[ColumnSource], old: &[Value]) -> Vec<Value> {
    let mut row: Vec<Value> = sources.iter().map(|s| s.value(old)).collect();
    fill_computed(sources, &mut row);
    row
}

/// Computes the computed columns of a row whose other columns are in, in column order.
fn fill_computed(sources: &[ColumnSource], row: &mut [Value]) {
    for (j, s) in sources.iter().enumerate() {
        if let ColumnSource::Computed(f) = s {
            row[j] = (f.0)(row);
        }
    }
}

/// A generator seen through a column change.
#[derive(Debug)]
struct Remapped {
    inner: Box<dyn RowGenerator>,
    sources: Vec<ColumnSource>,
    inner_width: usize,
}

impl Remapped {
    /// The old columns the new `wanted` ones need.
    fn inner_wanted(&self, wanted: ColumnSet) -> ColumnSet {
        let mut flags = vec![false; self.inner_width];
        for (j, s) in self.sources.iter().enumerate() {
            if let (true, Some(c)) = (wanted.contains(j), s.reads()) {
                flags[c as usize] = true;
            }
        }
        ColumnSet::only(&flags)
    }
}

impl RowGenerator for Remapped {
    fn row_count(&self) -> u64 {
        self.inner.row_count()
    }

    fn fill_row(&self, i: u64, wanted: ColumnSet, out: &mut [Value]) {
        // A computed column may read any other: it wants them all.
        let computed =
            self.sources.iter().enumerate().any(|(j, s)| wanted.contains(j) && s.is_computed());
        if computed {
            let all = vec![true; self.sources.len()];
            let mut old = vec![Value::Null; self.inner_width];
            self.inner.fill_row(i, self.inner_wanted(ColumnSet::only(&all)), &mut old);
            let row = remap_row(&self.sources, &old);
            for (j, v) in row.into_iter().enumerate() {
                if wanted.contains(j) {
                    out[j] = v;
                }
            }
            return;
        }
        let mut old = vec![Value::Null; self.inner_width];
        self.inner.fill_row(i, self.inner_wanted(wanted), &mut old);
        for (j, s) in self.sources.iter().enumerate() {
            if wanted.contains(j) {
                out[j] = s.value(&old);
            }
        }
    }

    fn row_of_key(&self, key: &[Value]) -> Option<u64> {
        // The key's values did not change (see the module header).
        self.inner.row_of_key(key)
    }
}

impl Table {
    /// Gives the table the column list of `def`, each column's values from `sources` (one per
    /// new column). `def`'s indexes must already name the new positions.
    pub fn remap_columns(&mut self, def: TableDef, sources: Vec<ColumnSource>) {
        self.memo.get_mut().clear();
        let old_width = self.def.columns.len();
        if let Some(inner) = self.generator.take() {
            self.generator = Some(Box::new(Remapped {
                inner,
                sources: sources.clone(),
                inner_width: old_width,
            }));
        }
        let mut row = Vec::with_capacity(old_width);
        let changes = std::mem::take(&mut self.changes);
        let mut remapped: BTreeMap<Key, Option<Box<[u8]>>> = BTreeMap::new();
        for (key, change) in changes {
            let packed = change.map(|p| {
                unpack_row(&p, old_width, &mut row);
                pack_row(&remap_row(&sources, &row))
            });
            remapped.insert(key, packed);
        }
        self.changes = remapped;
        self.def = def;
        // Index overlays again, by the new positions (usage counters live elsewhere).
        let width = self.def.columns.len();
        let mut slots = Vec::new();
        for index in &self.def.indexes {
            let mut slot = IndexSlot::new(&index.name);
            if !index.primary {
                let cols = self.entry_columns(index);
                for (k, v) in &self.changes {
                    if let Some(packed) = v {
                        unpack_row(packed, width, &mut row);
                        let entry =
                            Key(cols.columns.iter().map(|&c| row[c as usize].clone()).collect());
                        slot.overlay.insert(entry, k.clone());
                    }
                }
            }
            slots.push(slot);
        }
        self.slots = slots;
        self.resize_from_sample();
    }

    /// Record sizes again from the first rows in key order (as `add_index` samples them).
    fn resize_from_sample(&mut self) {
        let def = self.def.clone();
        let secondary: Vec<_> = def.indexes.iter().filter(|i| !i.primary).cloned().collect();
        let (mut sampled, mut clustered, mut pointers) = (0u64, 0u64, 0u64);
        let mut sec = vec![0u64; secondary.len()];
        let wanted = vec![true; def.columns.len()];
        self.scan(&wanted, &mut |_, row| {
            clustered += u64::from(clustered_record_bytes(&def, row));
            if let Some(pk) = def.primary() {
                pointers += u64::from(node_pointer_bytes(&def, pk, row));
            }
            for (s, idx) in sec.iter_mut().zip(&secondary) {
                *s += u64::from(secondary_record_bytes(&def, idx, row));
            }
            sampled += 1;
            sampled < SIZE_SAMPLE_ROWS
        });
        let n = self.rows;
        if sampled == 0 {
            self.clustered_bytes = 0;
            self.secondary_bytes = vec![0; secondary.len()];
            return;
        }
        self.clustered_bytes = clustered * n / sampled;
        self.node_pointer_bytes_avg = (pointers / sampled).max(1) as u32;
        self.secondary_bytes = sec.iter().map(|s| s * n / sampled).collect();
    }
}
