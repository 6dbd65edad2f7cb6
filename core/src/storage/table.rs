//! A table's rows: a generated base (row `i` is a pure function of the seed, the table and
//! `i`, so a 3-million-row table costs nothing until read) plus an overlay of changed rows kept
//! in primary-key order. Scans merge the two in key order; every row's position in key order
//! maps to a leaf page of the clustered index (`btree::IndexGeometry`), which is the page the
//! executor requests from the buffer pool.
//!
//! Simplification: pages are derived from a row's ordinal position with every leaf filled
//! alike, instead of tracking page splits; sizes follow the rows' real record lengths.

use super::btree::{geometry, FillPolicy, IndexGeometry};
use super::record::{clustered_record_bytes, node_pointer_bytes, secondary_record_bytes};
use super::schema::{IndexDef, RowGenerator, TableDef};
use crate::sql::value::{collate_cmp, Value};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// One row: a value per column.
pub type Row = Vec<Value>;

/// Rows sampled to estimate average record sizes of a generated table.
const SIZE_SAMPLE_ROWS: u64 = 10_000;

/// A primary key value (or a hidden row id for tables without a primary key), ordered as the
/// clustered index orders it.
#[derive(Clone, Debug)]
pub struct Key(pub Vec<Value>);

/// Compares key values: NULL first, strings by the default collation, numbers numerically.
pub fn cmp_values(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Null, Value::Null) => Ordering::Equal,
        (Value::Null, _) => Ordering::Less,
        (_, Value::Null) => Ordering::Greater,
        (Value::Str(x), Value::Str(y)) => collate_cmp(x, y),
        _ => a.compare(b).unwrap_or(Ordering::Equal),
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        for (a, b) in self.0.iter().zip(&other.0) {
            match cmp_values(a, b) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        self.0.len().cmp(&other.0.len())
    }
}
impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Key {}

/// Sizes as information_schema.TABLES reports them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSizes {
    pub rows: u64,
    pub avg_row_length: u64,
    pub data_length: u64,
    pub index_length: u64,
    pub clustered: IndexGeometry,
}

/// A duplicate primary or unique key on insert (the executor turns it into error 1062).
#[derive(Clone, Debug, PartialEq)]
pub struct DuplicateKey {
    pub index: String,
    pub key_text: String,
}

/// A table: its definition, generated base rows and changes.
#[derive(Debug)]
pub struct Table {
    pub def: TableDef,
    /// The tablespace id (file-per-table): its pages are (space_id, page_no).
    pub space_id: u32,
    generator: Option<Box<dyn RowGenerator>>,
    generated_rows: u64,
    /// Changed rows by key: Some = the row now (inserted or updated), None = deleted.
    changes: BTreeMap<Key, Option<Row>>,
    /// Rows in the table now.
    rows: u64,
    /// Hidden DB_ROW_ID counter for tables without a primary key.
    next_row_id: u64,
    pub auto_increment_next: u64,
    fill: FillPolicy,
    secondary_fill: FillPolicy,
    /// Sum of clustered leaf record bytes over all rows, and per secondary index.
    clustered_bytes: u64,
    node_pointer_bytes_avg: u32,
    secondary_bytes: Vec<u64>,
}

impl Table {
    /// An empty table (CREATE TABLE).
    pub fn new(def: TableDef, space_id: u32) -> Table {
        let n = def.indexes.iter().filter(|i| !i.primary).count();
        Table {
            def,
            space_id,
            generator: None,
            generated_rows: 0,
            changes: BTreeMap::new(),
            rows: 0,
            next_row_id: 1,
            auto_increment_next: 1,
            fill: FillPolicy::SequentialInserts,
            secondary_fill: FillPolicy::SequentialInserts,
            clustered_bytes: 0,
            node_pointer_bytes_avg: 20,
            secondary_bytes: vec![0; n],
        }
    }

    /// A table whose initial rows come from `generator`; sizes are estimated from an evenly
    /// spaced sample of its rows.
    pub fn generated(
        def: TableDef,
        space_id: u32,
        generator: Box<dyn RowGenerator>,
        auto_increment_next: u64,
        fill: FillPolicy,
        secondary_fill: FillPolicy,
    ) -> Table {
        let mut t = Table::new(def, space_id);
        let n = generator.row_count();
        let step = (n / SIZE_SAMPLE_ROWS).max(1);
        let wanted = vec![true; t.def.columns.len()];
        let mut row = vec![Value::Null; t.def.columns.len()];
        let (mut sampled, mut clustered, mut pointers) = (0u64, 0u64, 0u64);
        let secondary: Vec<_> = t.def.indexes.iter().filter(|i| !i.primary).cloned().collect();
        let mut sec = vec![0u64; secondary.len()];
        let mut i = 0;
        while i < n {
            generator.fill_row(i, &wanted, &mut row);
            clustered += u64::from(clustered_record_bytes(&t.def, &row));
            if let Some(pk) = t.def.primary() {
                pointers += u64::from(node_pointer_bytes(&t.def, pk, &row));
            }
            for (s, idx) in sec.iter_mut().zip(&secondary) {
                *s += u64::from(secondary_record_bytes(&t.def, idx, &row));
            }
            sampled += 1;
            i += step;
        }
        if let Some(per) = (clustered * n).checked_div(sampled) {
            t.clustered_bytes = per;
            t.node_pointer_bytes_avg = (pointers / sampled).max(1) as u32;
            t.secondary_bytes = sec.iter().map(|s| s * n / sampled).collect();
        }
        t.generated_rows = n;
        t.rows = n;
        t.next_row_id = n + 1;
        t.auto_increment_next = auto_increment_next;
        t.fill = fill;
        t.secondary_fill = secondary_fill;
        t.generator = Some(generator);
        t
    }

    pub fn row_count(&self) -> u64 {
        self.rows
    }

    /// The key of a row (its primary key values).
    pub fn key_of(&self, row: &[Value]) -> Option<Key> {
        let pk = self.def.primary()?;
        Some(Key(pk.columns.iter().map(|&c| row[c as usize].clone()).collect()))
    }

    /// The clustered index's shape now.
    pub fn clustered_geometry(&self) -> IndexGeometry {
        let avg = self.clustered_bytes.checked_div(self.rows).map_or(100, |b| b.max(1) as u32);
        geometry(self.rows, avg, self.node_pointer_bytes_avg, self.fill)
    }

    /// Sizes for information_schema.TABLES.
    pub fn sizes(&self) -> TableSizes {
        let clustered = self.clustered_geometry();
        let data_length = clustered.allocated_bytes();
        let mut index_length = 0;
        for bytes in &self.secondary_bytes {
            let avg = bytes.checked_div(self.rows).map_or(30, |b| b.max(1) as u32);
            index_length +=
                geometry(self.rows, avg, avg + 4, self.secondary_fill).allocated_bytes();
        }
        let avg_row_length = data_length.checked_div(self.rows).unwrap_or(0);
        TableSizes { rows: self.rows, avg_row_length, data_length, index_length, clustered }
    }

    /// Calls `visit(ordinal, row)` for every row in primary key order, filling only the
    /// `wanted` columns of generated rows; stops early when `visit` returns false.
    pub fn scan(&self, wanted: &[bool], visit: &mut dyn FnMut(u64, &Row) -> bool) {
        let ncols = self.def.columns.len();
        let mut row = vec![Value::Null; ncols];
        let mut ordinal = 0u64;
        let mut changes = self.changes.iter().peekable();
        if let Some(generator) = &self.generator {
            // The key columns are always generated, so generated rows merge with changes.
            let mut want = wanted.to_vec();
            want.resize(ncols, false);
            if let Some(pk) = self.def.primary() {
                for &c in &pk.columns {
                    want[c as usize] = true;
                }
            }
            for i in 0..self.generated_rows {
                generator.fill_row(i, &want, &mut row);
                if !self.changes.is_empty() {
                    let key = self.key_of(&row).unwrap_or(Key(vec![Value::UInt(i + 1)]));
                    let mut replaced = false;
                    while let Some((k, v)) = changes.peek() {
                        match (*k).cmp(&key) {
                            Ordering::Less => {
                                if let Some(r) = v {
                                    if !visit(ordinal, r) {
                                        return;
                                    }
                                    ordinal += 1;
                                }
                                changes.next();
                            }
                            Ordering::Equal => {
                                if let Some(r) = v {
                                    if !visit(ordinal, r) {
                                        return;
                                    }
                                    ordinal += 1;
                                }
                                changes.next();
                                replaced = true;
                                break;
                            }
                            Ordering::Greater => break,
                        }
                    }
                    if replaced {
                        continue;
                    }
                }
                if !visit(ordinal, &row) {
                    return;
                }
                ordinal += 1;
            }
        }
        for (_, v) in changes {
            if let Some(r) = v {
                if !visit(ordinal, r) {
                    return;
                }
                ordinal += 1;
            }
        }
    }

    /// The row with primary key `key`, and its ordinal position when known.
    pub fn get(&self, key: &Key) -> Option<Row> {
        if let Some(change) = self.changes.get(key) {
            return change.clone();
        }
        let generator = self.generator.as_ref()?;
        let i = generator.row_of_key(&key.0)?;
        let mut row = vec![Value::Null; self.def.columns.len()];
        generator.fill_row(i, &vec![true; self.def.columns.len()], &mut row);
        (self.key_of(&row).as_ref() == Some(key)).then_some(row)
    }

    /// Where a key sits in key order, for choosing its leaf page: a generated row's position,
    /// else the end of the table (changed rows are mostly new rows at the end).
    pub fn ordinal_hint(&self, key: &Key) -> u64 {
        self.generator
            .as_ref()
            .and_then(|g| g.row_of_key(&key.0))
            .unwrap_or(self.rows.saturating_sub(1))
    }

    /// Inserts a row (with its AUTO_INCREMENT value already assigned by the caller).
    pub fn insert(&mut self, row: Row) -> Result<(), DuplicateKey> {
        let key = match self.key_of(&row) {
            Some(k) => k,
            None => {
                let id = self.next_row_id;
                self.next_row_id += 1;
                Key(vec![Value::UInt(id)])
            }
        };
        if self.def.primary().is_some() && self.get(&key).is_some() {
            let text: Vec<String> =
                key.0.iter().map(|v| v.to_text().unwrap_or("NULL".into())).collect();
            return Err(DuplicateKey { index: "PRIMARY".into(), key_text: text.join("-") });
        }
        self.account(&row, true);
        self.changes.insert(key, Some(row));
        self.rows += 1;
        Ok(())
    }

    /// Replaces the row with key `key` by `row` (same key or a new one).
    pub fn update(&mut self, key: &Key, row: Row) -> Result<(), DuplicateKey> {
        let Some(old) = self.get(key) else { return Ok(()) };
        let new_key = self.key_of(&row).unwrap_or_else(|| key.clone());
        if new_key != *key && self.get(&new_key).is_some() {
            let text: Vec<String> =
                new_key.0.iter().map(|v| v.to_text().unwrap_or("NULL".into())).collect();
            return Err(DuplicateKey { index: "PRIMARY".into(), key_text: text.join("-") });
        }
        self.account(&old, false);
        self.account(&row, true);
        if new_key != *key {
            self.changes.insert(key.clone(), None);
        }
        self.changes.insert(new_key, Some(row));
        Ok(())
    }

    /// Deletes the row with key `key`; true if there was one.
    pub fn delete(&mut self, key: &Key) -> bool {
        let Some(old) = self.get(key) else { return false };
        self.account(&old, false);
        self.changes.insert(key.clone(), None);
        self.rows -= 1;
        true
    }

    /// TRUNCATE: no rows, AUTO_INCREMENT back to 1.
    pub fn truncate(&mut self) {
        self.generator = None;
        self.generated_rows = 0;
        self.changes.clear();
        self.rows = 0;
        self.next_row_id = 1;
        self.auto_increment_next = 1;
        self.clustered_bytes = 0;
        self.secondary_bytes.iter_mut().for_each(|b| *b = 0);
    }

    /// Adds a secondary index (CREATE INDEX): a sorted build over the current rows, whose size
    /// comes from the rows' real key lengths (a sample of a large generated table).
    pub fn add_index(&mut self, index: IndexDef) {
        let step = (self.rows / SIZE_SAMPLE_ROWS).max(1);
        let (mut sum, mut sampled) = (0u64, 0u64);
        let wanted = vec![true; self.def.columns.len()];
        let def = self.def.clone();
        self.scan(&wanted, &mut |ordinal, row| {
            if ordinal % step == 0 {
                sum += u64::from(secondary_record_bytes(&def, &index, row));
                sampled += 1;
            }
            // A sample is enough for sizes; stop once it is taken from a large table.
            sampled < SIZE_SAMPLE_ROWS
        });
        let total = sum.checked_div(sampled).map_or(0, |avg| avg * self.rows);
        self.def.indexes.push(index);
        self.secondary_bytes.push(total);
        self.secondary_fill = FillPolicy::SortedBuild { fill_factor_pct: 100 };
    }

    /// Drops a secondary index and its pages; false if there is none by that name.
    pub fn drop_index(&mut self, name: &str) -> bool {
        let secondary: Vec<usize> =
            (0..self.def.indexes.len()).filter(|&i| !self.def.indexes[i].primary).collect();
        let Some(pos) =
            secondary.iter().position(|&i| self.def.indexes[i].name.eq_ignore_ascii_case(name))
        else {
            return false;
        };
        self.def.indexes.remove(secondary[pos]);
        self.secondary_bytes.remove(pos);
        true
    }

    /// Rows stored in memory (changed or inserted), for memory accounting.
    pub fn changed_rows(&self) -> u64 {
        self.changes.len() as u64
    }

    fn account(&mut self, row: &[Value], add: bool) {
        let c = u64::from(clustered_record_bytes(&self.def, row));
        let secondary: Vec<u64> = self
            .def
            .indexes
            .iter()
            .filter(|i| !i.primary)
            .map(|i| u64::from(secondary_record_bytes(&self.def, i, row)))
            .collect();
        if add {
            self.clustered_bytes += c;
            for (s, b) in self.secondary_bytes.iter_mut().zip(secondary) {
                *s += b;
            }
        } else {
            self.clustered_bytes = self.clustered_bytes.saturating_sub(c);
            for (s, b) in self.secondary_bytes.iter_mut().zip(secondary) {
                *s = s.saturating_sub(b);
            }
        }
    }
}
