//! A table's rows: a generated base (row `i` is a pure function of the seed, the table and
//! `i`, so a 3-million-row table costs nothing until read) plus an overlay of changed rows kept
//! in primary-key order. Scans merge the two in key order; every row's position in key order
//! maps to a leaf page of the clustered index (`btree::IndexGeometry`), which is the page the
//! executor requests from the buffer pool.
//!
//! Simplification: pages are derived from a row's ordinal position with every leaf filled
//! alike, instead of tracking page splits; sizes follow the rows' real record lengths.

mod backward;
mod remap;
mod scan_memo;
mod secondary;

pub use remap::{remap_row, ColumnSource, ComputedValue, Convert};
pub(crate) use secondary::before_end;

use super::btree::{geometry, FillPolicy, IndexGeometry};
use super::index::{cmp_prefix, BaseEntries};
use super::page_layout::{IndexPages, PageLayout};
use super::record::{clustered_record_bytes, node_pointer_bytes, secondary_record_bytes};
use super::schema::{ColumnSet, ColumnType, IndexDef, RowGenerator, TableDef};
use crate::storage::value::Value;
use crate::storage::value_bytes::{pack_row, unpack_row};
use std::cell::OnceCell;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// One row: a value per column.
pub type Row = Vec<Value>;

/// Rows sampled to estimate average record sizes of a generated table.
const SIZE_SAMPLE_ROWS: u64 = 10_000;

pub use super::key::{cmp_values, Key};

/// A scan's late materialisation: the columns each row is generated with first, and the test
/// that decides whether the rest of the row is generated ([`Table::scan_late`]).
pub type LateFill<'a> = (&'a [bool], &'a mut dyn FnMut(&Row) -> bool);

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
    /// Changed rows by key: Some = the row now (inserted or updated), None = deleted. Kept
    /// packed ([`pack_row`]): a long load changes hundreds of thousands of rows, and as
    /// values each took a vector and a string per text column of the simulator's heap.
    changes: BTreeMap<Key, Option<Box<[u8]>>>,
    /// Rows in the table now.
    rows: u64,
    /// Hidden DB_ROW_ID counter for tables without a primary key.
    next_row_id: u64,
    pub auto_increment_next: u64,
    /// When CREATE TABLE made it (simulated Unix microseconds): information_schema.TABLES'
    /// CREATE_TIME, kept by the data dictionary. A dataset's tables are taken to have been
    /// created at the simulated host's boot.
    pub created_micros: i64,
    /// When a transaction that changed it last committed (InnoDB's in-memory
    /// `dict_table_t::update_time`, gone at a restart): the live UPDATE_TIME.
    pub updated_micros: Option<i64>,
    fill: FillPolicy,
    secondary_fill: FillPolicy,
    /// Sum of clustered leaf record bytes over all rows, and per secondary index.
    clustered_bytes: u64,
    node_pointer_bytes_avg: u32,
    secondary_bytes: Vec<u64>,
    /// Per index (PRIMARY included): lazily built base entries and usage counters.
    slots: Vec<IndexSlot>,
    /// Results of whole scans, for the next identical statement ([`scan_memo`]).
    memo: std::cell::RefCell<scan_memo::ScanMemo>,
}

/// One index's simulator-side state: its materialised base entries (secondary indexes of
/// generated tables, built on first use) and the changed rows' entries.
#[derive(Debug, Default)]
struct IndexSlot {
    name: String,
    entries: OnceCell<Option<BaseEntries>>,
    /// Entries of the changed rows (entry key -> primary key), so a lookup finds them without
    /// a pass over every change.
    overlay: BTreeMap<Key, Key>,
}

impl IndexSlot {
    fn new(name: &str) -> IndexSlot {
        IndexSlot { name: name.to_string(), ..IndexSlot::default() }
    }
}

/// One entry found by [`Table::index_range`].
pub struct IndexHit<'a> {
    /// The row, with at least the wanted, index and primary key columns filled.
    pub row: &'a Row,
    /// Its primary key.
    pub key: Key,
    /// Its position in the index's key order (chooses the index leaf page).
    pub position: u64,
}

/// One end of a key range over an index's leading columns: the key prefix and whether the
/// end itself is excluded.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeEnd {
    pub prefix: Vec<Value>,
    pub exclusive: bool,
}

/// Rows a scan takes from a generator at once, when no changed row has to be merged in:
/// enough for a batch's hashed draws to overlap in the CPU, few enough to stay in L1.
const SCAN_BATCH_ROWS: usize = 32;

thread_local! {
    /// The row buffers of the last batch scan that finished, for the next to reuse: a range
    /// read of a hundred generated rows otherwise allocated its batch's rows and their texts
    /// anew on every statement. A scan takes them (a scan nested in its visitor finds none
    /// and makes its own) and gives them back when it ends; they hold at most
    /// `SCAN_BATCH_ROWS` rows. Every column the taking scan does not want is set to NULL
    /// first, so rows handed to a generator are as the generator's contract asks (NULL where
    /// not wanted; the wanted columns it writes whole, keeping a text's buffer).
    static SPARE_BATCH: std::cell::RefCell<Vec<Row>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A scan's batch of generated rows, given back to [`SPARE_BATCH`] however the scan ends.
struct ScanBatch(Vec<Row>);

impl ScanBatch {
    /// The spare rows (or none), at least `rows` of them with `ncols` columns each, NULL in
    /// every column `want` does not mark.
    fn take(rows: usize, ncols: usize, want: &[bool]) -> ScanBatch {
        let mut batch = SPARE_BATCH
            .with(|spare| spare.try_borrow_mut().map(|mut s| std::mem::take(&mut *s)))
            .unwrap_or_default();
        for row in &mut batch {
            row.resize(ncols, Value::Null);
            for (slot, wanted) in row.iter_mut().zip(want) {
                if !*wanted && !matches!(slot, Value::Null) {
                    *slot = Value::Null;
                }
            }
        }
        if batch.len() < rows {
            batch.resize(rows, vec![Value::Null; ncols]);
        }
        ScanBatch(batch)
    }
}

impl Drop for ScanBatch {
    fn drop(&mut self) {
        let mut rows = std::mem::take(&mut self.0);
        rows.truncate(SCAN_BATCH_ROWS);
        SPARE_BATCH.with(|spare| {
            if let Ok(mut s) = spare.try_borrow_mut() {
                *s = rows;
            }
        });
    }
}

/// Where a scan starts, and where the caller's range ends when it knows (only to size the
/// batches rows are generated in).
#[derive(Clone, Copy, Default)]
struct Bound<'a> {
    from: Option<&'a RangeEnd>,
    until: Option<&'a RangeEnd>,
}

/// What a batch scan merges into its generated rows: the changed rows still to come (in key
/// order), the primary key's columns to compare them by, and the row a changed one is
/// decoded into.
struct Merge<'m, I: Iterator> {
    pk: &'m [u32],
    ncols: usize,
    changes: &'m mut std::iter::Peekable<I>,
    changed: &'m mut Row,
}

/// Visits one batch of generated rows (ordinals `first..`), each after the changed rows that
/// sort before it, and instead of it when it was changed; the next visit's ordinal, or None
/// when the visitor stopped.
///
/// Out of line on purpose, called once per batch: a browser's wasm engine runs a function
/// in its baseline compiler's code until it has been called often enough, and then only
/// its later calls run optimised (V8 does not replace a running wasm function's code). With
/// the batch's loop inlined into the scan, a 3,000,000-row scan ran its whole loop in
/// baseline code from its one call (measured: no faster than V8's `--liftoff-only`).
#[inline(never)]
fn visit_batch<'k, I>(
    first: u64,
    rows: &[Row],
    merge: Merge<'_, I>,
    mut ordinal: u64,
    visit: &mut impl FnMut(u64, &[Row], bool) -> bool,
) -> Option<u64>
where
    I: Iterator<Item = (&'k Key, &'k Option<Box<[u8]>>)>,
{
    let Merge { pk, ncols, changes, changed } = merge;
    // No changed row left to merge (a table never changed, or past its last change): the
    // batch as it is, in one visit (see [`Table::scan_runs`]).
    if changes.peek().is_none() {
        return visit(ordinal, rows, true).then_some(ordinal + rows.len() as u64);
    }
    for (g, row) in (first..).zip(rows.iter()) {
        // Changed rows before this one, and this one's own change.
        let mut replaced = false;
        while let Some((k, v)) = changes.peek() {
            let o = cmp_key_to_row(k, row, pk, g);
            if o == Ordering::Greater {
                break;
            }
            if let Some(packed) = v {
                unpack_row(packed, ncols, changed);
                if !visit(ordinal, std::slice::from_ref(changed), true) {
                    return None;
                }
                ordinal += 1;
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
        if !visit(ordinal, std::slice::from_ref(row), true) {
            return None;
        }
        ordinal += 1;
    }
    Some(ordinal)
}

/// How a late-materialising scan fills a generated row: its `first` columns for the test,
/// then the rest it wants (texts in `lengths` by their length only).
struct LateRows<'g> {
    generator: &'g dyn RowGenerator,
    first_set: ColumnSet,
    want_set: ColumnSet,
    lengths: Option<ColumnSet>,
}

/// Visits generated rows `first..` of a late-materialising scan (no changed rows to
/// merge): their first columns are made for the whole batch at once (in `firsts`, whose
/// other columns are NULL), each is tested, and only a row the test keeps is made whole, in
/// `row`. The next visit's ordinal, or None when the visitor stopped. Out of line and called
/// once per batch for the reason `visit_batch` is.
#[inline(never)]
fn visit_late_rows(
    first: u64,
    firsts: &mut [Row],
    fill: &LateRows<'_>,
    late: &mut Option<LateFill>,
    row: &mut Row,
    mut ordinal: u64,
    visit: &mut impl FnMut(u64, &[Row], bool) -> bool,
) -> Option<u64> {
    let generator = fill.generator;
    // The batch's draws together: one row's are a chain of hashes, several rows' overlap.
    generator.fill_rows(first, fill.first_set, ColumnSet::NONE, firsts);
    for (i, tested) in (first..).zip(firsts.iter()) {
        if let Some((_, keep)) = late.as_mut() {
            if !keep(tested) {
                if !visit(ordinal, std::slice::from_ref(tested), false) {
                    return None;
                }
                ordinal += 1;
                continue;
            }
        }
        match fill.lengths {
            None => generator.fill_row(i, fill.want_set, row),
            Some(l) => generator.fill_row_lengths(i, fill.want_set, l, row),
        }
        if !visit(ordinal, std::slice::from_ref(row), true) {
            return None;
        }
        ordinal += 1;
    }
    Some(ordinal)
}

/// `key` against the key of generated row `ordinal` (its primary key columns `pk`, or the
/// hidden row id `ordinal + 1` of a table without one), as [`Key`]'s order compares them,
/// without gathering the row's key.
fn cmp_key_to_row(key: &Key, row: &[Value], pk: &[u32], ordinal: u64) -> Ordering {
    if pk.is_empty() {
        let id = Value::UInt(ordinal + 1);
        return match key.0.first() {
            Some(v) => cmp_values(v, &id).then(key.0.len().cmp(&1)),
            None => Ordering::Less,
        };
    }
    for (a, &c) in key.0.iter().zip(pk) {
        match cmp_values(a, &row[c as usize]) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    key.0.len().cmp(&pk.len())
}

impl Table {
    /// An empty table (CREATE TABLE).
    pub fn new(def: TableDef, space_id: u32) -> Table {
        let n = def.indexes.iter().filter(|i| !i.primary).count();
        let slots = def.indexes.iter().map(|i| IndexSlot::new(&i.name)).collect();
        Table {
            def,
            space_id,
            generator: None,
            generated_rows: 0,
            changes: BTreeMap::new(),
            memo: Default::default(),
            rows: 0,
            next_row_id: 1,
            auto_increment_next: 1,
            created_micros: crate::sim::BOOT_UNIX_SECS * 1_000_000,
            updated_micros: None,
            fill: FillPolicy::SequentialInserts,
            secondary_fill: FillPolicy::SequentialInserts,
            clustered_bytes: 0,
            node_pointer_bytes_avg: 20,
            secondary_bytes: vec![0; n],
            slots,
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
        let step =
            if generator.rows_alike_in_size() { n.max(1) } else { (n / SIZE_SAMPLE_ROWS).max(1) };
        let mut row = vec![Value::Null; t.def.columns.len()];
        let (mut sampled, mut clustered, mut pointers) = (0u64, 0u64, 0u64);
        let secondary: Vec<_> = t.def.indexes.iter().filter(|i| !i.primary).cloned().collect();
        let mut sec = vec![0u64; secondary.len()];
        let mut i = 0;
        while i < n {
            generator.fill_row(i, ColumnSet::ALL, &mut row);
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

    /// The result a statement kept under `key` from a scan of this table, unchanged since.
    pub fn memo_get<T: Clone + 'static>(&self, key: &str) -> Option<T> {
        self.memo.borrow().get(key)
    }

    /// Keeps a statement's result from a whole scan of this table, until the table changes.
    pub fn memo_put<T: Send + 'static>(&self, key: String, value: T) {
        self.memo.borrow_mut().put(key, value);
    }

    /// Calls `visit(ordinal, row)` for every row in primary key order, filling only the
    /// `wanted` columns of generated rows; stops early when `visit` returns false.
    pub fn scan(&self, wanted: &[bool], visit: &mut dyn FnMut(u64, &Row) -> bool) {
        self.scan_from(None, None, wanted, visit)
    }

    /// Like [`Self::scan`], starting at the first row whose primary key is at or past `from`
    /// (a binary search over the generated rows, which are in key order). Ordinals count from
    /// the first row's position. `until`, the range's end when the caller knows it, only
    /// sizes the batches generated rows are made in (the visitor still decides where to stop,
    /// and sees the first row past the end): a short range does not generate a full batch.
    pub fn scan_from(
        &self,
        from: Option<&RangeEnd>,
        until: Option<&RangeEnd>,
        wanted: &[bool],
        visit: &mut dyn FnMut(u64, &Row) -> bool,
    ) {
        let bound = Bound { from, until };
        self.scan_rows(bound, wanted, &[], None, &mut |first, rows: &[Row], _| {
            (first..).zip(rows).all(|(ordinal, row)| visit(ordinal, row))
        });
    }

    /// A full scan, with late materialisation when `late` is given: each generated row is
    /// first filled with its `first` columns only (and the key), and its test decides whether
    /// the rest is generated. `visit(ordinal, row, complete)` sees every row in key order; a
    /// row the test turned down comes with `complete` false and only its `first` columns
    /// filled. Changed rows are always complete (a table with changes is scanned without the
    /// shortcut).
    ///
    /// A generated row's columns that `lengths_only` marks need only have their length right
    /// ([`RowGenerator::fill_row_lengths`]): the caller reads nothing else of them.
    pub fn scan_late(
        &self,
        wanted: &[bool],
        lengths_only: &[bool],
        late: Option<LateFill>,
        visit: &mut impl FnMut(u64, &Row, bool) -> bool,
    ) {
        self.scan_runs(wanted, lengths_only, late, &mut |first, rows: &[Row], complete| {
            (first..).zip(rows).all(|(ordinal, row)| visit(ordinal, row, complete))
        })
    }

    /// [`Self::scan_late`] with the rows handed over in runs: `visit(first, rows, complete)`
    /// sees rows `first..` (ordinals), all complete or, with late materialisation, one row
    /// turned down by its test; false stops the scan. A batch of generated rows with no
    /// changed row to merge comes whole, so the visitor's loop over it runs in one call: in
    /// wasm a call per row cost the scan of page_views about a tenth of its time (V8's wasm
    /// calls save no register for the caller, so the visitor reloaded its state every row).
    pub fn scan_runs(
        &self,
        wanted: &[bool],
        lengths_only: &[bool],
        late: Option<LateFill>,
        visit: &mut impl FnMut(u64, &[Row], bool) -> bool,
    ) {
        self.scan_rows(Bound::default(), wanted, lengths_only, late, visit)
    }

    fn scan_rows(
        &self,
        bound: Bound,
        wanted: &[bool],
        lengths_only: &[bool],
        mut late: Option<LateFill>,
        // Generic, not `dyn`: a full scan's visitor is then compiled into the scan's loop.
        visit: &mut impl FnMut(u64, &[Row], bool) -> bool,
    ) {
        let from = bound.from;
        let ncols = self.def.columns.len();
        let before = |k: &Key| {
            from.is_some_and(|f| match cmp_prefix(&k.0, &f.prefix) {
                Ordering::Less => true,
                Ordering::Equal => f.exclusive,
                Ordering::Greater => false,
            })
        };
        let mut changes = self.changes_from(from).skip_while(|(k, _)| before(k)).peekable();
        // A changed row is decoded into this one row for its visit.
        let mut changed: Row = Vec::new();
        let start = match from {
            Some(_) => self.first_generated_at(&before, from),
            None => 0,
        };
        let mut ordinal = start;
        if let Some(generator) = &self.generator {
            // The key columns are always generated, so generated rows merge with changes.
            let mut want = wanted.to_vec();
            want.resize(ncols, false);
            let pk: &[u32] = self.def.primary().map_or(&[], |p| &p.columns);
            for &c in pk {
                want[c as usize] = true;
            }
            // Late materialisation only where no changed row has to be merged in.
            let mut first_want = Vec::new();
            if let (Some((first, _)), true) = (&late, self.changes.is_empty()) {
                first_want = first.to_vec();
                first_want.resize(ncols, false);
                for (f, w) in first_want.iter_mut().zip(&want) {
                    *f = *f && *w;
                }
                for &c in pk {
                    first_want[c as usize] = true;
                }
            } else {
                late = None;
            }
            // Worked out once for the scan, not per row.
            let (want_set, first_set) = (ColumnSet::wanted(&want), ColumnSet::wanted(&first_want));
            let lengths = lengths_only.contains(&true).then(|| ColumnSet::only(lengths_only));
            if late.is_none() {
                // Nothing to test first: the rows come from the generator a batch at a time
                // (the batch's rows are reused, so the scan allocates once), and changed rows
                // are merged in by comparing each generated row's key where it lies.
                let limit = self.batch_limit(bound.until, start);
                let first_batch = limit.saturating_sub(start).clamp(1, SCAN_BATCH_ROWS as u64);
                let mut batch = ScanBatch::take(first_batch as usize, ncols, &want);
                let batch = &mut batch.0;
                let mut i = start;
                while i < self.generated_rows {
                    // Rows up to the range's end (and the one past it) first, then full
                    // batches if the visitor goes on.
                    let cap = if i < limit { limit - i } else { SCAN_BATCH_ROWS as u64 };
                    let n = (self.generated_rows - i).min(cap).min(SCAN_BATCH_ROWS as u64);
                    if batch.len() < n as usize {
                        batch.resize(n as usize, vec![Value::Null; ncols]);
                    }
                    let rows = &mut batch[..n as usize];
                    generator.fill_rows(i, want_set, lengths.unwrap_or(ColumnSet::NONE), rows);
                    let merge = Merge { pk, ncols, changes: &mut changes, changed: &mut changed };
                    match visit_batch(i, rows, merge, ordinal, visit) {
                        Some(next) => ordinal = next,
                        None => return,
                    }
                    i += n;
                }
            } else {
                let mut row = vec![Value::Null; ncols];
                let fill = LateRows { generator: generator.as_ref(), first_set, want_set, lengths };
                let mut batch = ScanBatch::take(SCAN_BATCH_ROWS, ncols, &first_want);
                // A batch's rows at a time, out of line (see `visit_batch`).
                let mut i = start;
                while i < self.generated_rows {
                    let end = self.generated_rows.min(i + SCAN_BATCH_ROWS as u64);
                    let firsts = &mut batch.0[..(end - i) as usize];
                    match visit_late_rows(i, firsts, &fill, &mut late, &mut row, ordinal, visit) {
                        Some(next) => ordinal = next,
                        None => return,
                    }
                    i = end;
                }
            }
        }
        for (_, v) in changes {
            if let Some(packed) = v {
                unpack_row(packed, ncols, &mut changed);
                if !visit(ordinal, std::slice::from_ref(&changed), true) {
                    return;
                }
                ordinal += 1;
            }
        }
    }

    /// The changes from the first key at or past `from`'s prefix on (all of them without
    /// `from`): a range over the map instead of a pass over every change before it.
    fn changes_from(
        &self,
        from: Option<&RangeEnd>,
    ) -> std::collections::btree_map::Range<'_, Key, Option<Box<[u8]>>> {
        let key_len = self.def.primary().map_or(1, |p| p.columns.len());
        // A prefix no longer than the keys: every key it does not precede sorts at or after
        // it (`Key`'s order is `cmp_prefix`'s, then the longer key last).
        let start = match from {
            Some(f) if f.prefix.len() <= key_len => {
                std::ops::Bound::Included(Key(f.prefix.clone()))
            }
            _ => std::ops::Bound::Unbounded,
        };
        self.changes.range((start, std::ops::Bound::Unbounded))
    }

    /// The changed row with key `key`: Some(None) if it was deleted, None if it never changed.
    fn changed_row(&self, key: &Key) -> Option<Option<Row>> {
        let change = self.changes.get(key)?;
        Some(change.as_ref().map(|packed| {
            let mut row = Vec::with_capacity(self.def.columns.len());
            unpack_row(packed, self.def.columns.len(), &mut row);
            row
        }))
    }

    /// The generated rows a range ending at `until` needs, from `start`: up to the end's own
    /// row and the one past it (which the caller reads to find the end), when the generator
    /// can place the end's key; otherwise every row.
    fn batch_limit(&self, until: Option<&RangeEnd>, start: u64) -> u64 {
        let all = self.generated_rows;
        let (Some(until), Some(generator), Some(pk)) = (until, &self.generator, self.def.primary())
        else {
            return all;
        };
        if until.prefix.len() != pk.columns.len() {
            return all;
        }
        generator.row_of_key(&until.prefix).map_or(all, |i| i.saturating_add(2).clamp(start, all))
    }

    /// The first generated row whose key is not `before` the start (a binary search: the
    /// generated rows are in primary key order). `near`, the bound `before` tests against:
    /// when the generator places its key, the row there or the one after it is tried first,
    /// and taken when the rows around it show it is the first (two rows made, not a search's
    /// fourteen).
    fn first_generated_at(&self, before: &dyn Fn(&Key) -> bool, near: Option<&RangeEnd>) -> u64 {
        let Some(generator) = &self.generator else { return 0 };
        let Some(pk) = self.def.primary() else { return 0 };
        let ncols = self.def.columns.len();
        let mut want = vec![false; ncols];
        for &c in &pk.columns {
            want[c as usize] = true;
        }
        let mut row = vec![Value::Null; ncols];
        let mut before_row = |i: u64| {
            generator.fill_row(i, ColumnSet::wanted(&want), &mut row);
            before(&self.key_of(&row).unwrap_or(Key(Vec::new())))
        };
        let placed = near
            .filter(|n| n.prefix.len() == pk.columns.len())
            .and_then(|n| generator.row_of_key(&n.prefix));
        if let Some(i) = placed {
            // The first row not before is the one whose row is not before (or the end) with
            // the row ahead of it before (or none ahead): what the search would find.
            for first in [i, i.saturating_add(1)] {
                if first > self.generated_rows {
                    continue;
                }
                let not_before = first == self.generated_rows || !before_row(first);
                if not_before && (first == 0 || before_row(first - 1)) {
                    return first;
                }
            }
        }
        let (mut lo, mut hi) = (0u64, self.generated_rows);
        // Bounded: the interval halves each round.
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if before_row(mid) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// The row with primary key `key`, and its ordinal position when known.
    pub fn get(&self, key: &Key) -> Option<Row> {
        if let Some(change) = self.changed_row(key) {
            return change;
        }
        let generator = self.generator.as_ref()?;
        let i = generator.row_of_key(&key.0)?;
        let mut row = vec![Value::Null; self.def.columns.len()];
        generator.fill_row(i, ColumnSet::ALL, &mut row);
        (self.key_of(&row).as_ref() == Some(key)).then_some(row)
    }

    /// Fills `row` (as wide as the table) with the `wanted` columns of the row whose primary
    /// key is `key`; false when there is none. A generated row is generated again, only its
    /// wanted columns: what lets a sort or a GROUP BY keep a reference to a row instead of
    /// the row. No simulated cost: the caller charges what the server would do.
    pub fn fetch_into(&self, key: &Key, wanted: &[bool], row: &mut Row) -> bool {
        if let Some(change) = self.changes.get(key) {
            return match change {
                Some(packed) => {
                    unpack_row(packed, self.def.columns.len(), row);
                    true
                }
                None => false,
            };
        }
        let Some(generator) = self.generator.as_ref() else { return false };
        let Some(i) = generator.row_of_key(&key.0) else { return false };
        row.resize(self.def.columns.len(), Value::Null);
        generator.fill_row(i, ColumnSet::wanted(wanted), row);
        true
    }

    /// The rows, with their keys and in key order, equal in every column to one of `rows`:
    /// how UPDATE and DELETE find again the rows they matched in a table without a primary
    /// key, whose hidden row ids a read does not show. Rows equal in every column pass any
    /// deterministic condition alike, so all of them are what the statement matched.
    /// Simplification: a condition with RAND() could have matched only some of equal rows.
    /// Only changed rows are searched: every generated dataset has a primary key.
    pub fn rows_with_values(&self, rows: &[Row]) -> Vec<(Key, Row)> {
        let wanted: std::collections::BTreeSet<Box<[u8]>> =
            rows.iter().map(|r| pack_row(r)).collect();
        let width = self.def.columns.len();
        let mut found = Vec::new();
        for (key, change) in &self.changes {
            if let Some(packed) = change.as_ref().filter(|p| wanted.contains(*p)) {
                let mut row = Vec::with_capacity(width);
                unpack_row(packed, width, &mut row);
                found.push((key.clone(), row));
            }
        }
        found
    }

    /// The keys of `rows` (rows read from this table): each one's primary key, or for a table
    /// without one the keys of every row of equal values ([`Table::rows_with_values`]).
    pub fn keys_of_rows(&self, rows: &[Row]) -> Vec<Key> {
        match self.def.primary() {
            Some(_) => rows.iter().filter_map(|r| self.key_of(r)).collect(),
            None => self.rows_with_values(rows).into_iter().map(|(k, _)| k).collect(),
        }
    }

    /// Where a key sits in key order, for choosing its leaf page: a generated row's position,
    /// else the end of the table (changed rows are mostly new rows at the end).
    pub fn ordinal_hint(&self, key: &Key) -> u64 {
        self.generator
            .as_ref()
            .and_then(|g| g.row_of_key(&key.0))
            .unwrap_or(self.rows.saturating_sub(1))
    }

    /// Records a change of the row with primary key `key`, keeping each index's overlay
    /// entries in step.
    fn set_change(&mut self, key: Key, row: Option<Row>) {
        self.memo.get_mut().clear();
        let old = self.changed_row(&key).flatten();
        let mut slots = std::mem::take(&mut self.slots);
        // Without a primary key InnoDB's secondary entries end with the hidden row id: two
        // rows with the same index values are two entries, not one.
        let hidden_id = self.def.primary().is_none();
        for slot in slots.iter_mut() {
            let Some(index) = self.def.index(&slot.name).filter(|i| !i.primary) else { continue };
            let cols = self.entry_columns(index);
            let entry = |r: &Row| {
                let mut values: Vec<Value> =
                    cols.columns.iter().map(|&c| r[c as usize].clone()).collect();
                if hidden_id {
                    values.extend(key.0.iter().cloned());
                }
                Key(values)
            };
            if let Some(o) = &old {
                slot.overlay.remove(&entry(o));
            }
            if let Some(r) = &row {
                slot.overlay.insert(entry(r), key.clone());
            }
        }
        self.slots = slots;
        self.changes.insert(key, row.map(|r| pack_row(&r)));
    }

    /// The first key `row` would duplicate, and the key of the row that holds it: the primary
    /// key first, then each UNIQUE secondary index in the order they were defined (InnoDB
    /// inserts the clustered record, then the secondary ones). `own` is the key of the row
    /// being changed, which cannot conflict with itself. A unique key with a NULL part never
    /// conflicts (NULL equals nothing).
    pub fn conflict(&self, row: &[Value], own: Option<&Key>) -> Option<(DuplicateKey, Key)> {
        if self.def.primary().is_some() {
            if let Some(key) = self.key_of(row) {
                if own != Some(&key) && self.get(&key).is_some() {
                    let dup = DuplicateKey { index: "PRIMARY".into(), key_text: key_text(&key.0) };
                    return Some((dup, key));
                }
            }
        }
        self.def
            .indexes
            .iter()
            .filter(|i| i.unique && !i.primary)
            .find_map(|index| self.unique_conflict(index, row, own))
    }

    /// Inserts a row (with its AUTO_INCREMENT value already assigned by the caller).
    pub fn insert(&mut self, row: Row) -> Result<Key, DuplicateKey> {
        let key = match self.key_of(&row) {
            Some(k) => k,
            None => {
                let id = self.next_row_id;
                self.next_row_id += 1;
                Key(vec![Value::UInt(id)])
            }
        };
        if let Some((dup, _)) = self.conflict(&row, None) {
            return Err(dup);
        }
        self.account(&row, true);
        self.set_change(key.clone(), Some(row));
        self.rows += 1;
        Ok(key)
    }

    /// Replaces the row with key `key` by `row` (same key or a new one).
    pub fn update(&mut self, key: &Key, row: Row) -> Result<(), DuplicateKey> {
        let Some(old) = self.get(key) else { return Ok(()) };
        let new_key = self.key_of(&row).unwrap_or_else(|| key.clone());
        if let Some((dup, _)) = self.conflict(&row, Some(key)) {
            return Err(dup);
        }
        self.account(&old, false);
        self.account(&row, true);
        if new_key != *key {
            self.set_change(key.clone(), None);
        }
        self.set_change(new_key, Some(row));
        Ok(())
    }

    /// Deletes the row with key `key`; true if there was one.
    pub fn delete(&mut self, key: &Key) -> bool {
        let Some(old) = self.get(key) else { return false };
        self.account(&old, false);
        self.set_change(key.clone(), None);
        self.rows -= 1;
        true
    }

    /// TRUNCATE: no rows, AUTO_INCREMENT back to 1.
    pub fn truncate(&mut self) {
        self.memo.get_mut().clear();
        self.generator = None;
        self.generated_rows = 0;
        self.changes.clear();
        self.rows = 0;
        self.next_row_id = 1;
        self.auto_increment_next = 1;
        self.clustered_bytes = 0;
        self.secondary_bytes.iter_mut().for_each(|b| *b = 0);
        // The generator is gone, and with it the base entries; usage counts survive (they
        // count since server start).
        for slot in &mut self.slots {
            slot.entries = OnceCell::new();
            slot.overlay.clear();
        }
    }

    /// Adds a secondary index (CREATE INDEX): a sorted build over the current rows, whose size
    /// comes from the rows' real key lengths (a sample of a large generated table).
    pub fn add_index(&mut self, index: IndexDef) {
        self.memo.get_mut().clear();
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
        self.slots.retain(|s| !s.name.eq_ignore_ascii_case(&index.name));
        let mut slot = IndexSlot::new(&index.name);
        let cols = self.entry_columns(&index);
        let mut r = Vec::new();
        for (k, v) in &self.changes {
            if let Some(packed) = v {
                unpack_row(packed, self.def.columns.len(), &mut r);
                let entry = Key(cols.columns.iter().map(|&c| r[c as usize].clone()).collect());
                slot.overlay.insert(entry, k.clone());
            }
        }
        self.slots.push(slot);
        self.def.indexes.push(index);
        self.secondary_bytes.push(total);
        self.secondary_fill = FillPolicy::SortedBuild { fill_factor_pct: 100 };
    }

    /// Drops a secondary index and its pages; false if there is none by that name.
    pub fn drop_index(&mut self, name: &str) -> bool {
        self.memo.get_mut().clear();
        let secondary: Vec<usize> =
            (0..self.def.indexes.len()).filter(|&i| !self.def.indexes[i].primary).collect();
        let Some(pos) =
            secondary.iter().position(|&i| self.def.indexes[i].name.eq_ignore_ascii_case(name))
        else {
            return false;
        };
        self.def.indexes.remove(secondary[pos]);
        self.secondary_bytes.remove(pos);
        self.slots.retain(|s| !s.name.eq_ignore_ascii_case(name));
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

/// A key's values as error 1062 quotes them: as text, joined by '-' (NULL for a NULL part).
pub(crate) fn key_text(values: &[Value]) -> String {
    let text: Vec<String> = values.iter().map(|v| v.to_text().unwrap_or("NULL".into())).collect();
    text.join("-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::schema::{ColumnDef, ColumnType};

    /// Row i: (id = i + 1, k = i % 4).
    #[derive(Debug)]
    struct Gen(u64);
    impl RowGenerator for Gen {
        fn row_count(&self) -> u64 {
            self.0
        }
        fn fill_row(&self, i: u64, _wanted: ColumnSet, out: &mut [Value]) {
            out[0] = Value::Int(i as i64 + 1);
            out[1] = Value::Int((i % 4) as i64);
        }
    }

    /// Table `s.t`: `id` INT (the primary key) and `second`, with an index `k` on `second`
    /// when asked.
    fn def_of(second: ColumnDef, indexed: bool) -> TableDef {
        let index = |name: &str, column: u32, primary: bool| IndexDef {
            name: name.into(),
            columns: vec![column],
            unique: primary,
            primary,
            visible: true,
        };
        let mut indexes = vec![index("PRIMARY", 0, true)];
        if indexed {
            indexes.push(index("k", 1, false));
        }
        TableDef {
            constraints: Default::default(),
            partitioning: None,
            schema: "s".into(),
            name: "t".into(),
            columns: vec![ColumnDef::new("id", ColumnType::Int), second],
            indexes,
        }
    }

    fn table(rows: u64) -> Table {
        let def = def_of(ColumnDef::new("k", ColumnType::Int), true);
        let fill = FillPolicy::SequentialInserts;
        Table::generated(def, 1, Box::new(Gen(rows)), rows + 1, fill, fill)
    }

    fn ids(t: &Table, k: i64) -> Vec<i64> {
        let end = RangeEnd { prefix: vec![Value::Int(k)], exclusive: false };
        let mut out = Vec::new();
        t.index_range("k", Some(&end), Some(&end), &[true, true], &mut |hit| {
            out.push(hit.row[0].to_i64().unwrap());
            true
        });
        out
    }

    /// Row i: (id = i + 1, a text), writing only the wanted columns, as sysbench's rows do.
    #[derive(Debug)]
    struct OnlyWanted;
    impl RowGenerator for OnlyWanted {
        fn row_count(&self) -> u64 {
            70
        }
        fn fill_row(&self, i: u64, wanted: ColumnSet, out: &mut [Value]) {
            if wanted.contains(0) {
                out[0] = Value::Int(i as i64 + 1);
            }
            if wanted.contains(1) {
                out[1] = Value::Str(format!("row {i}"));
            }
        }
    }

    #[test]
    fn a_reused_scan_batch_holds_nothing_of_the_scan_before() {
        let def = def_of(ColumnDef::new("c", ColumnType::Varchar(10)), false);
        let fill = FillPolicy::SequentialInserts;
        let t = Table::generated(def, 1, Box::new(OnlyWanted), 71, fill, fill);
        let scan = |wanted: &[bool]| {
            let mut rows = Vec::new();
            t.scan_from(None, None, wanted, &mut |_, row| {
                rows.push(row.clone());
                true
            });
            rows
        };
        let whole = scan(&[true, true]);
        assert_eq!(whole.len(), 70);
        assert_eq!(whole[69], vec![Value::Int(70), Value::Str("row 69".into())]);
        // The next scan takes the last one's rows: the text it does not want is NULL.
        let keys = scan(&[true, false]);
        assert!(keys
            .iter()
            .enumerate()
            .all(|(i, r)| *r == [Value::Int(i as i64 + 1), Value::Null]));
        // A scan inside a scan's visit makes its own rows, and both see what they want.
        let mut inner_rows = 0;
        let mut outer = Vec::new();
        t.scan_from(None, None, &[true, true], &mut |_, row| {
            if outer.is_empty() {
                t.scan_from(None, None, &[true, false], &mut |_, r| {
                    assert_eq!(r[1], Value::Null);
                    inner_rows += 1;
                    true
                });
            }
            outer.push(row.clone());
            true
        });
        assert_eq!((inner_rows, outer), (70, whole));
    }

    #[test]
    fn index_lookups_follow_the_overlay() {
        let mut t = table(20);
        assert_eq!(ids(&t, 2), vec![3, 7, 11, 15, 19]);
        let end = RangeEnd { prefix: vec![Value::Int(2)], exclusive: false };
        assert_eq!(t.records_in_range("k", Some(&end), Some(&end)), 5);
        // Move row 7 to k = 0, delete row 11, insert a new row with k = 2.
        t.update(&Key(vec![Value::Int(7)]), vec![Value::Int(7), Value::Int(0)]).unwrap();
        t.delete(&Key(vec![Value::Int(11)]));
        t.insert(vec![Value::Int(21), Value::Int(2)]).unwrap();
        assert_eq!(ids(&t, 2), vec![3, 15, 19, 21]);
        assert_eq!(ids(&t, 0), vec![1, 5, 7, 9, 13, 17]);
        assert!(t.materialized_index_bytes() >= 80);
        t.truncate();
        assert_eq!(ids(&t, 2), Vec::<i64>::new());
        t.insert(vec![Value::Int(1), Value::Int(2)]).unwrap();
        assert_eq!(ids(&t, 2), vec![1]);
    }

    #[test]
    fn an_index_created_after_inserts_finds_them() {
        let mut def = table(1).def.clone();
        let k = def.indexes.pop().unwrap();
        let mut t = Table::new(def, 2);
        for (id, key) in [(1, 5), (2, 7), (3, 5)] {
            t.insert(vec![Value::Int(id), Value::Int(key)]).unwrap();
        }
        t.add_index(k);
        assert_eq!(ids(&t, 5), vec![1, 3]);
        t.update(&Key(vec![Value::Int(3)]), vec![Value::Int(3), Value::Int(7)]).unwrap();
        assert_eq!(ids(&t, 7), vec![2, 3]);
        let end = RangeEnd { prefix: vec![Value::Int(7)], exclusive: false };
        assert_eq!(t.records_in_range("k", Some(&end), None), 2);
        assert!(t.drop_index("k"));
        assert_eq!(ids(&t, 7), Vec::<i64>::new());
    }

    /// The ids a range scan from `lo` visits up to the first past `hi` (as the executor reads
    /// a range: the row that ends it is read too).
    fn range_ids(t: &Table, lo: i64, hi: i64) -> Vec<i64> {
        let lo = RangeEnd { prefix: vec![Value::Int(lo)], exclusive: false };
        let hi = RangeEnd { prefix: vec![Value::Int(hi)], exclusive: false };
        let mut out = Vec::new();
        t.scan_from(Some(&lo), Some(&hi), &[true, true], &mut |_, row| {
            let id = row[0].to_i64().unwrap();
            out.push(id);
            before_end(&row[..1], Some(&hi))
        });
        out
    }

    /// Entries of index `k` as (k, id).
    type Entries = Vec<(i64, i64)>;

    /// The (k, id) entries of index `k` between two keys, forward and backward.
    fn both_ways(t: &Table, lo: Option<i64>, hi: Option<i64>) -> (Entries, Entries) {
        let end =
            |k: Option<i64>| k.map(|k| RangeEnd { prefix: vec![Value::Int(k)], exclusive: false });
        let (lo, hi) = (end(lo), end(hi));
        let mut forward = Vec::new();
        let mut backward = Vec::new();
        let entry = |hit: &IndexHit| (hit.row[1].to_i64().unwrap(), hit.row[0].to_i64().unwrap());
        t.index_range("k", lo.as_ref(), hi.as_ref(), &[true, true], &mut |hit| {
            forward.push(entry(&hit));
            true
        });
        t.index_range_backward("k", lo.as_ref(), hi.as_ref(), &[true, true], &mut |hit| {
            backward.push(entry(&hit));
            true
        });
        (forward, backward)
    }

    #[test]
    fn a_backward_index_read_is_the_forward_read_reversed() {
        let mut t = table(40);
        let (forward, mut backward) = both_ways(&t, Some(1), Some(2));
        assert_eq!(forward.len(), 20);
        assert_eq!(forward[..2], [(1, 2), (1, 6)]);
        backward.reverse();
        assert_eq!(forward, backward);
        // Changed rows merge in at their key from either end; a deleted one is skipped.
        t.update(&Key(vec![Value::Int(7)]), vec![Value::Int(7), Value::Int(1)]).unwrap();
        t.delete(&Key(vec![Value::Int(10)]));
        t.insert(vec![Value::Int(41), Value::Int(2)]).unwrap();
        t.insert(vec![Value::Int(0), Value::Int(1)]).unwrap();
        t.insert(vec![Value::Int(50), Value::Int(9)]).unwrap();
        let (forward, backward) = both_ways(&t, Some(1), Some(2));
        assert_eq!(forward.len(), 21);
        assert_eq!(forward[..3], [(1, 0), (1, 2), (1, 6)]);
        assert!(forward.contains(&(1, 7)) && !forward.iter().any(|e| e.1 == 10));
        assert_eq!(forward.last(), Some(&(2, 41)));
        assert_eq!(backward.first(), Some(&(2, 41)));
        assert_eq!(forward.iter().rev().copied().collect::<Vec<_>>(), backward);
        // The whole index, unbounded at both ends, and a stop asked for after two entries.
        let (forward, backward) = both_ways(&t, None, None);
        assert_eq!(forward.len(), 42);
        assert_eq!(backward[0], (9, 50));
        assert_eq!(forward.iter().rev().copied().collect::<Vec<_>>(), backward);
        let mut seen = 0;
        t.index_range_backward("k", None, None, &[true, true], &mut |_| {
            seen += 1;
            seen < 2
        });
        assert_eq!(seen, 2);
    }

    /// A scan in runs (`scan_runs`) hands over the rows the row-by-row scan visits, with the
    /// same ordinals: whole batches where no changed row is merged in, single rows around
    /// the changes; and it stops at the run whose visit says so.
    #[test]
    fn a_scan_in_runs_is_the_scan_row_by_row() {
        let mut t = table(100);
        t.update(&Key(vec![Value::Int(10)]), vec![Value::Int(10), Value::Int(9)]).unwrap();
        t.delete(&Key(vec![Value::Int(20)]));
        let mut by_row = Vec::new();
        t.scan_late(&[true, true], &[], None, &mut |ordinal, row, _| {
            by_row.push((ordinal, row.clone()));
            true
        });
        let (mut by_run, mut lengths) = (Vec::new(), Vec::new());
        t.scan_runs(&[true, true], &[], None, &mut |first, rows, complete| {
            assert!(complete);
            lengths.push(rows.len());
            by_run.extend((first..).zip(rows.iter().cloned()));
            true
        });
        assert_eq!(by_run, by_row);
        assert_eq!(by_row.len(), 99);
        // The first batch holds the changes (its rows one by one), the later ones none.
        assert_eq!(lengths[0], 1);
        assert_eq!(lengths[lengths.len() - 2], SCAN_BATCH_ROWS, "{lengths:?}");
        let mut firsts = Vec::new();
        t.scan_runs(&[true, true], &[], None, &mut |first, _, _| {
            firsts.push(first);
            first < 40
        });
        let (last, before) = firsts.split_last().unwrap();
        assert!(*last >= 40 && before.iter().all(|&f| f < 40), "{firsts:?}");
    }

    /// The clustered index read backward gives the forward scan's rows and ordinals in
    /// reverse, changed, deleted and inserted rows (before, inside and past the generated
    /// ones) included, and stops when asked.
    #[test]
    fn a_backward_scan_is_the_forward_scan_reversed() {
        let rows = |t: &Table, backward: bool| {
            let mut out = Vec::new();
            let mut push = |ordinal: u64, row: &Row| {
                out.push((ordinal, row[0].clone(), row[1].clone()));
                true
            };
            if backward {
                t.scan_backward(&[true, true], &mut push);
            } else {
                t.scan_late(&[true, true], &[], None, &mut |o, r, _| push(o, r));
            }
            out
        };
        let mut t = table(40);
        t.update(&Key(vec![Value::Int(7)]), vec![Value::Int(7), Value::Int(1)]).unwrap();
        t.delete(&Key(vec![Value::Int(10)]));
        t.insert(vec![Value::Int(41), Value::Int(2)]).unwrap();
        t.insert(vec![Value::Int(0), Value::Int(1)]).unwrap();
        t.insert(vec![Value::Int(50), Value::Int(9)]).unwrap();
        let forward = rows(&t, false);
        let mut backward = rows(&t, true);
        assert_eq!(forward.len(), 42);
        assert_eq!(backward[0].1, Value::Int(50));
        assert_eq!(backward[0].0, 41);
        backward.reverse();
        assert_eq!(forward, backward);
        let mut seen = Vec::new();
        t.scan_backward(&[true, true], &mut |_, r| {
            seen.push(r[0].clone());
            seen.len() < 3
        });
        assert_eq!(seen, [Value::Int(50), Value::Int(41), Value::Int(40)]);
    }

    #[test]
    fn range_scans_merge_changed_rows_in_key_order() {
        let mut t = table(100);
        assert_eq!(range_ids(&t, 40, 44), vec![40, 41, 42, 43, 44, 45]);
        // Changed rows inside, at the edges of and past the range; a deleted row is skipped
        // and an updated one is read as it is now.
        t.update(&Key(vec![Value::Int(42)]), vec![Value::Int(42), Value::Int(9)]).unwrap();
        t.delete(&Key(vec![Value::Int(43)]));
        t.delete(&Key(vec![Value::Int(40)]));
        t.insert(vec![Value::Int(40), Value::Int(8)]).unwrap();
        t.insert(vec![Value::Int(150), Value::Int(1)]).unwrap();
        assert_eq!(range_ids(&t, 40, 44), vec![40, 41, 42, 44, 45]);
        let mut k = Vec::new();
        t.scan_from(None, None, &[true, true], &mut |_, row| {
            k.push((row[0].to_i64().unwrap(), row[1].to_i64().unwrap()));
            true
        });
        assert_eq!(k.len(), 100);
        assert_eq!(k[39..42], [(40, 8), (41, 0), (42, 9)]);
        assert_eq!(k[42], (44, 3));
        assert_eq!(k[99], (150, 1));
        // The end of the table, and a range past the generated rows.
        assert_eq!(range_ids(&t, 99, 200), vec![99, 100, 150]);
        assert_eq!(range_ids(&t, 120, 200), vec![150]);
        assert_eq!(
            t.primary_records_in_range(
                Some(&RangeEnd { prefix: vec![Value::Int(120)], exclusive: false }),
                None
            ),
            1
        );
    }

    /// A late-materialising scan runs a batch of rows per call of its out-of-line loop
    /// (`visit_late_rows`): ordinals go on across the batches, the rows its test keeps come
    /// complete, and a visitor's stop in the third batch ends the scan there.
    #[test]
    fn late_scans_go_on_across_batches_and_stop_when_told() {
        let t = table(100);
        let mut whole = Vec::new();
        t.scan(&[true, true], &mut |_, row| {
            whole.push(row.clone());
            true
        });
        let mut keep = |row: &Row| row[0].to_i64().unwrap() % 3 == 0;
        let mut seen = Vec::new();
        let late: LateFill = (&[true, false], &mut keep);
        t.scan_late(&[true, true], &[], Some(late), &mut |ordinal, row, complete| {
            seen.push((ordinal, row[0].clone(), complete, row[1].clone()));
            ordinal < 69
        });
        assert_eq!(seen.len(), 70);
        for (n, (ordinal, id, complete, k)) in seen.into_iter().enumerate() {
            assert_eq!((ordinal, &id), (n as u64, &whole[n][0]));
            assert_eq!(complete, id.to_i64().unwrap() % 3 == 0, "row {n}");
            if complete {
                assert_eq!(k, whole[n][1], "row {n}");
            }
        }
    }

    /// A converter for the test: integers doubled.
    fn doubled(_: &ColumnDef, v: Value) -> Value {
        Value::Int(v.to_i64().unwrap_or(0) * 2)
    }

    #[test]
    fn remapped_columns_read_through_the_generator_and_the_changes() {
        let mut t = table(10);
        t.update(&Key(vec![Value::Int(3)]), vec![Value::Int(3), Value::Int(9)]).unwrap();
        t.insert(vec![Value::Int(11), Value::Int(1)]).unwrap();
        // New layout: (flag = 7, id, k2 = 2 * k); the index `k` now on k2.
        let mut def = t.def.clone();
        def.columns = vec![
            ColumnDef::new("flag", ColumnType::Int),
            ColumnDef::new("id", ColumnType::Int),
            ColumnDef::new("k2", ColumnType::BigInt),
        ];
        def.indexes[0].columns = vec![1];
        def.indexes[1].columns = vec![2];
        let to = def.columns[2].clone();
        let sources = vec![
            ColumnSource::Fill(Value::Int(7)),
            ColumnSource::Old(0),
            ColumnSource::Converted { from: 1, to, convert: doubled },
        ];
        t.remap_columns(def, sources);
        let mut rows = Vec::new();
        t.scan(&[true, true, true], &mut |_, row| {
            rows.push(row.iter().map(|v| v.to_i64().unwrap()).collect::<Vec<_>>());
            true
        });
        assert_eq!(rows.len(), 11);
        assert_eq!(rows[0], vec![7, 1, 0]);
        assert_eq!(rows[2], vec![7, 3, 18]);
        assert_eq!(rows[10], vec![7, 11, 2]);
        assert_eq!(
            t.get(&Key(vec![Value::Int(6)])),
            Some(vec![Value::Int(7), Value::Int(6), Value::Int(2)])
        );
        // The index on the converted column finds generated and changed rows alike.
        let end = RangeEnd { prefix: vec![Value::Int(2)], exclusive: false };
        let mut ids = Vec::new();
        t.index_range("k", Some(&end), Some(&end), &[true, true, true], &mut |hit| {
            ids.push(hit.row[1].to_i64().unwrap());
            true
        });
        assert_eq!(ids, vec![2, 6, 10, 11]);
    }

    #[test]
    fn primary_ranges_start_by_binary_search() {
        let t = table(100);
        let lo = RangeEnd { prefix: vec![Value::Int(40)], exclusive: true };
        let hi = RangeEnd { prefix: vec![Value::Int(45)], exclusive: false };
        assert_eq!(t.primary_records_in_range(Some(&lo), Some(&hi)), 5);
        let mut first = None;
        t.scan_from(Some(&lo), Some(&hi), &[true, true], &mut |_, row| {
            first = row[0].to_i64();
            false
        });
        assert_eq!(first, Some(41));
    }
}
