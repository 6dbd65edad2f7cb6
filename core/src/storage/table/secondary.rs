//! A table's secondary indexes: entries ordered by the index's columns then the primary key's,
//! key ranges and lookups over the generated base merged with the overlay, records-in-range
//! estimates, and each index's geometry and usage (pages, leaf records).

use super::*;
use crate::storage::btree::{geometry, IndexGeometry};
use crate::storage::index::{cmp_prefix, BaseEntries, EntryColumns};

/// Secondary index access: key ranges, records-in-range estimates, index geometry and usage.
impl Table {
    /// The columns ordering an index's entries: its own, then the primary key's.
    pub(super) fn entry_columns(&self, index: &IndexDef) -> EntryColumns {
        let mut columns = index.columns.clone();
        if let Some(pk) = self.def.primary() {
            for &c in &pk.columns {
                if !columns.contains(&c) {
                    columns.push(c);
                }
            }
        }
        let bytes = columns.iter().all(|&c| {
            let ty = &self.def.columns[c as usize].ty;
            ty.is_integer() || matches!(ty, ColumnType::Char(_) | ColumnType::Varchar(_))
        });
        EntryColumns { columns, width: self.def.columns.len(), bytes }
    }

    fn slot(&self, name: &str) -> Option<&IndexSlot> {
        self.slots.iter().find(|s| s.name.eq_ignore_ascii_case(name))
    }

    /// The generated rows' entries of secondary index `name`, built on first use; None for a
    /// table without generated rows.
    fn base_entries(&self, index: &IndexDef) -> Option<&BaseEntries> {
        let generator = self.generator.as_ref()?;
        let slot = self.slot(&index.name)?;
        let cols = self.entry_columns(index);
        slot.entries
            .get_or_init(|| BaseEntries::build(generator.as_ref(), self.generated_rows, &cols))
            .as_ref()
    }

    /// Bytes the materialised base entries of every index hold (simulator memory, not the
    /// simulated server's).
    pub fn materialized_index_bytes(&self) -> u64 {
        self.slots
            .iter()
            .filter_map(|s| s.entries.get().and_then(Option::as_ref))
            .map(BaseEntries::heap_bytes)
            .sum()
    }

    /// Where each index's pages lie in the tablespace (`rel` counted from the first index
    /// page): the clustered index first, then the secondary indexes in index order. Computed
    /// once to describe many pages (`INNODB_BUFFER_PAGE_LRU`).
    pub fn page_layout(&self) -> PageLayout {
        let clustered = self.clustered_geometry();
        let mut indexes = vec![IndexPages {
            name: "PRIMARY".to_string(),
            first: 0,
            leaf_bytes: self.clustered_bytes.checked_div(self.rows).unwrap_or(0),
            pointer_bytes: u64::from(self.node_pointer_bytes_avg),
            geometry: clustered,
        }];
        for (pos, idx) in self.def.indexes.iter().filter(|i| !i.primary).enumerate() {
            if let Some((first, geometry)) = self.secondary_geometry(&idx.name) {
                let avg = self.secondary_avg_at(pos);
                indexes.push(IndexPages {
                    name: idx.name.clone(),
                    first,
                    leaf_bytes: avg,
                    pointer_bytes: avg + 4,
                    geometry,
                });
            }
        }
        PageLayout::new(indexes)
    }

    /// Average leaf record bytes of the `pos`-th secondary index (30 while the table is
    /// empty).
    fn secondary_avg_at(&self, pos: usize) -> u64 {
        let bytes = self.secondary_bytes.get(pos).copied().unwrap_or(0);
        bytes.checked_div(self.rows).map_or(30, |b| b.max(1))
    }

    /// The shape of secondary index `name` and its first page, relative to the first index
    /// page of the tablespace: secondary indexes' pages follow the clustered index's, in
    /// index order. None for PRIMARY or an unknown name.
    pub fn secondary_geometry(&self, name: &str) -> Option<(u64, IndexGeometry)> {
        let mut first = self.clustered_geometry().allocated_pages.max(1);
        for (pos, idx) in self.def.indexes.iter().filter(|i| !i.primary).enumerate() {
            let avg = self.secondary_avg_at(pos) as u32;
            let g = geometry(self.rows, avg, avg + 4, self.secondary_fill);
            if idx.name.eq_ignore_ascii_case(name) {
                return Some((first, g));
            }
            first += g.allocated_pages.max(1);
        }
        None
    }

    /// The changed rows whose entry in `index` lies between `lo` and `hi`, in entry-key order
    /// (from the index's overlay entries): (entry key, row, primary key).
    fn overlay_in_range(
        &self,
        index: &IndexDef,
        lo: Option<&RangeEnd>,
        hi: Option<&RangeEnd>,
    ) -> Vec<(Key, Row, Key)> {
        let mut overlay = Vec::new();
        let Some(slot) = self.slot(&index.name) else { return overlay };
        let from = lo.map_or(std::ops::Bound::Unbounded, |l| {
            std::ops::Bound::Included(Key(l.prefix.clone()))
        });
        let entries = slot.overlay.range((from, std::ops::Bound::Unbounded));
        for (entry, pk) in entries.skip_while(|(e, _)| !after_start(&e.0, lo)) {
            if !before_end(&entry.0, hi) {
                break;
            }
            if let Some(Some(r)) = self.changed_row(pk) {
                overlay.push((entry.clone(), r, pk.clone()));
            }
        }
        overlay
    }

    /// Calls `visit` for each row whose secondary index `name` key lies between `lo` and
    /// `hi` (prefixes of the index's columns; None = unbounded), in index order, until it
    /// returns false. Generated rows come from the base entries (skipping rows changed since),
    /// changed rows from the overlay.
    ///
    pub fn index_range(
        &self,
        name: &str,
        lo: Option<&RangeEnd>,
        hi: Option<&RangeEnd>,
        wanted: &[bool],
        visit: &mut dyn FnMut(IndexHit) -> bool,
    ) {
        let Some(index) = self.def.index(name).filter(|i| !i.primary).cloned() else { return };
        let cols = self.entry_columns(&index);
        let mut overlay = self.overlay_in_range(&index, lo, hi).into_iter().peekable();
        let mut position = 0u64;
        if let (Some(generator), Some(base)) = (&self.generator, self.base_entries(&index)) {
            let ncols = self.def.columns.len();
            let mut want = wanted.to_vec();
            want.resize(ncols, false);
            for &c in &cols.columns {
                want[c as usize] = true;
            }
            let start = match lo {
                Some(l) => base.lower_bound(generator.as_ref(), &cols, &l.prefix, l.exclusive),
                None => 0,
            };
            let mut row = vec![Value::Null; ncols];
            let want_set = ColumnSet::wanted(&want);
            for (p, &i) in base.ordinals.iter().enumerate().skip(start) {
                position = p as u64;
                generator.fill_row(u64::from(i), want_set, &mut row);
                let key = Key(cols.columns.iter().map(|&c| row[c as usize].clone()).collect());
                if !before_end(&key.0, hi) {
                    break;
                }
                while overlay.peek().is_some_and(|o| o.0 < key) {
                    let (_, r, k) = overlay.next().expect("peeked");
                    if !visit(IndexHit { row: &r, key: k, position }) {
                        return;
                    }
                }
                let pk = self.key_of(&row).unwrap_or(Key(vec![Value::UInt(u64::from(i) + 1)]));
                if !self.changes.is_empty() && self.changes.contains_key(&pk) {
                    continue;
                }
                if !visit(IndexHit { row: &row, key: pk, position }) {
                    return;
                }
            }
        }
        for (_, r, k) in overlay {
            if !visit(IndexHit { row: &r, key: k, position }) {
                return;
            }
        }
    }

    /// [`Table::index_range`] read backward: the rows whose key lies between `lo` and `hi`,
    /// last entry first (InnoDB walks the leaf chain backward for `ORDER BY ... DESC`), until
    /// `visit` returns false. A hit's position is its place in the forward order.
    pub fn index_range_backward(
        &self,
        name: &str,
        lo: Option<&RangeEnd>,
        hi: Option<&RangeEnd>,
        wanted: &[bool],
        visit: &mut dyn FnMut(IndexHit) -> bool,
    ) {
        let Some(index) = self.def.index(name).filter(|i| !i.primary).cloned() else { return };
        let cols = self.entry_columns(&index);
        // Overlay rows in range, highest entry key first.
        let mut overlay = self.overlay_in_range(&index, lo, hi).into_iter().rev().peekable();
        let mut position = 0u64;
        if let (Some(generator), Some(base)) = (&self.generator, self.base_entries(&index)) {
            let g = generator.as_ref();
            let ncols = self.def.columns.len();
            let mut want = wanted.to_vec();
            want.resize(ncols, false);
            for &c in &cols.columns {
                want[c as usize] = true;
            }
            let start = lo.map_or(0, |l| base.lower_bound(g, &cols, &l.prefix, l.exclusive));
            let end = hi.map_or(base.ordinals.len(), |h| {
                base.lower_bound(g, &cols, &h.prefix, !h.exclusive)
            });
            let mut row = vec![Value::Null; ncols];
            let want_set = ColumnSet::wanted(&want);
            for p in (start..end.max(start)).rev() {
                position = p as u64;
                let i = base.ordinals[p];
                generator.fill_row(u64::from(i), want_set, &mut row);
                let key = Key(cols.columns.iter().map(|&c| row[c as usize].clone()).collect());
                while overlay.peek().is_some_and(|o| o.0 > key) {
                    let (_, r, k) = overlay.next().expect("peeked");
                    if !visit(IndexHit { row: &r, key: k, position }) {
                        return;
                    }
                }
                let pk = self.key_of(&row).unwrap_or(Key(vec![Value::UInt(u64::from(i) + 1)]));
                if !self.changes.is_empty() && self.changes.contains_key(&pk) {
                    continue;
                }
                if !visit(IndexHit { row: &row, key: pk, position }) {
                    return;
                }
            }
        }
        for (_, r, k) in overlay {
            if !visit(IndexHit { row: &r, key: k, position }) {
                return;
            }
        }
    }

    /// The row already holding `row`'s values in UNIQUE index `index`, other than `own`:
    /// the duplicate and its primary key, found by a lookup of the index (its base entries
    /// and overlay), as InnoDB's insert finds it in the index's page.
    pub(super) fn unique_conflict(
        &self,
        index: &IndexDef,
        row: &[Value],
        own: Option<&Key>,
    ) -> Option<(DuplicateKey, Key)> {
        let values: Vec<Value> = index
            .columns
            .iter()
            .map(|&c| row.get(c as usize).cloned().unwrap_or(Value::Null))
            .collect();
        if values.iter().any(Value::is_null) {
            return None;
        }
        let at = RangeEnd { prefix: values, exclusive: false };
        let wanted = vec![false; self.def.columns.len()];
        let mut holder = None;
        self.index_range(&index.name, Some(&at), Some(&at), &wanted, &mut |hit| {
            if own == Some(&hit.key) {
                return true;
            }
            holder = Some(hit.key);
            false
        });
        let dup = DuplicateKey { index: index.name.clone(), key_text: key_text(&at.prefix) };
        holder.map(|k| (dup, k))
    }

    /// The first two rows that hold the same values in `index` (no NULL part), in index
    /// order: what makes `ALTER TABLE ... ADD UNIQUE` fail with error 1062. Walks the whole
    /// index once, comparing neighbours.
    pub fn first_duplicate(&self, index: &IndexDef) -> Option<DuplicateKey> {
        let wanted = vec![false; self.def.columns.len()];
        let mut previous: Option<Vec<Value>> = None;
        let mut found = None;
        self.index_range(&index.name, None, None, &wanted, &mut |hit| {
            let values: Vec<Value> =
                index.columns.iter().map(|&c| hit.row[c as usize].clone()).collect();
            let has_null = values.iter().any(Value::is_null);
            if !has_null
                && previous.as_ref().is_some_and(|p| cmp_prefix(p, &values) == Ordering::Equal)
            {
                found =
                    Some(DuplicateKey { index: index.name.clone(), key_text: key_text(&values) });
                return false;
            }
            previous = (!has_null).then_some(values);
            true
        });
        found
    }

    /// Rows of secondary index `name` between `lo` and `hi`: what InnoDB's records-in-range
    /// dives estimate, counted here from the materialised entries (exact for generated rows;
    /// changed rows are counted from the overlay).
    pub fn records_in_range(
        &self,
        name: &str,
        lo: Option<&RangeEnd>,
        hi: Option<&RangeEnd>,
    ) -> u64 {
        let Some(index) = self.def.index(name).filter(|i| !i.primary).cloned() else { return 0 };
        let cols = self.entry_columns(&index);
        let mut n = 0u64;
        if let (Some(generator), Some(base)) = (&self.generator, self.base_entries(&index)) {
            let g = generator.as_ref();
            let from = match lo {
                Some(l) => base.lower_bound(g, &cols, &l.prefix, l.exclusive),
                None => 0,
            };
            let to = match hi {
                Some(h) => base.lower_bound(g, &cols, &h.prefix, !h.exclusive),
                None => base.ordinals.len(),
            };
            n += to.saturating_sub(from) as u64;
        }
        if let Some(slot) = self.slot(&index.name) {
            let from = lo.map_or(std::ops::Bound::Unbounded, |l| {
                std::ops::Bound::Included(Key(l.prefix.clone()))
            });
            let entries = slot.overlay.range((from, std::ops::Bound::Unbounded));
            n += entries
                .skip_while(|(e, _)| !after_start(&e.0, lo))
                .take_while(|(e, _)| before_end(&e.0, hi))
                .count() as u64;
        }
        n.min(self.rows)
    }

    /// Rows between two primary key prefixes (for a range on PRIMARY): generated rows by
    /// binary search, plus changed rows in range. Deleted generated rows still count (an
    /// estimate, as InnoDB's is).
    pub fn primary_records_in_range(&self, lo: Option<&RangeEnd>, hi: Option<&RangeEnd>) -> u64 {
        let before_lo = |k: &Key| !after_start(&k.0, lo);
        let within_hi = |k: &Key| before_end(&k.0, hi);
        let from = match lo {
            Some(_) => self.first_generated_at(&before_lo, lo),
            None => 0,
        };
        let to = match hi {
            Some(_) => self.first_generated_at(&within_hi, hi),
            None => self.generated_rows,
        };
        let mut n = to.saturating_sub(from);
        // Only the changes from the range's start on, up to its end (keys are in order).
        for (k, v) in self.changes_from(lo).skip_while(|(k, _)| !after_start(&k.0, lo)) {
            if !before_end(&k.0, hi) {
                break;
            }
            n += u64::from(v.is_some());
        }
        n.min(self.rows)
    }
}

/// Whether a key is at or after a range's start.
fn after_start(key: &[Value], lo: Option<&RangeEnd>) -> bool {
    match lo {
        None => true,
        Some(l) => match cmp_prefix(key, &l.prefix) {
            Ordering::Greater => true,
            Ordering::Equal => !l.exclusive,
            Ordering::Less => false,
        },
    }
}

/// Whether a key is at or before a range's end.
pub fn before_end(key: &[Value], hi: Option<&RangeEnd>) -> bool {
    match hi {
        None => true,
        Some(h) => match cmp_prefix(key, &h.prefix) {
            Ordering::Less => true,
            Ordering::Equal => !h.exclusive,
            Ordering::Greater => false,
        },
    }
}
