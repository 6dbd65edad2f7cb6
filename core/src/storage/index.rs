//! Secondary index lookups over generated tables.
//!
//! A generated table has no stored rows, so it has no stored secondary index either. The first
//! lookup through an index materialises its *base entries*: the generated rows' ordinals
//! (`u32`, 4 bytes an entry) sorted by (index key, primary key), as the leaf level of the real
//! index orders them. Keys are not stored: a binary search regenerates the key of the rows it
//! probes, so the 3,000,000 distinct referrers of page_views' idx_referrer cost 12 MB, not the
//! 120 MB their text would.
//!
//! The base entries depend only on the generator, so they never change: rows changed since
//! (the table's overlay) are skipped when read through the base entries and matched from the
//! overlay instead (see `Table::index_range`).
//!
//! This memory is a simulator artefact (the real server keeps the index on disk and reads it
//! through the buffer pool, which the executor charges separately): it is not counted in the
//! simulated host's memory.
//!
//! Build: runs of [`RUN_ROWS`] rows are sorted with their keys in memory, then merged with
//! keys regenerated for the head of each run, so the build holds at most one run's keys at a
//! time.

use super::key::{cmp_values, Key};
use super::schema::{ColumnSet, RowGenerator};
use crate::storage::value::Value;
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

/// Rows sorted in memory at once while building (their keys are held only for this run).
const RUN_ROWS: u64 = 1 << 16;

/// The columns that order a secondary index's entries: its key columns, then the primary key's
/// (InnoDB appends the primary key to make every secondary entry unique).
#[derive(Clone, Debug)]
pub struct EntryColumns {
    /// Index key columns, then primary key columns not already among them.
    pub columns: Vec<u32>,
    /// Columns of the table (for the `wanted` mask).
    pub width: usize,
    /// Every entry column is an integer or text column: sort keys are byte strings.
    pub bytes: bool,
}

impl EntryColumns {
    fn wanted(&self) -> ColumnSet {
        let mut w = vec![false; self.width];
        for &c in &self.columns {
            if let Some(slot) = w.get_mut(c as usize) {
                *slot = true;
            }
        }
        ColumnSet::wanted(&w)
    }

    /// The entry key (index columns then primary key columns) of generated row `i`.
    pub fn key_of(&self, generator: &dyn RowGenerator, i: u64, wanted: ColumnSet) -> Key {
        let mut row = vec![Value::Null; self.width];
        generator.fill_row(i, wanted, &mut row);
        Key(self
            .columns
            .iter()
            .map(|&c| std::mem::replace(&mut row[c as usize], Value::Null))
            .collect())
    }

    /// The entry key of generated row `i` in collation form, for sorting; `row` is a scratch
    /// row of the table's width and `reuse` a previous key whose buffer may be reused (so a
    /// build does not allocate per key).
    fn folded_key_of(
        &self,
        generator: &dyn RowGenerator,
        i: u64,
        wanted: ColumnSet,
        row: &mut [Value],
        reuse: Option<NormKey>,
    ) -> NormKey {
        generator.fill_row(i, wanted, row);
        if self.bytes {
            let mut out = match reuse {
                Some(NormKey::Bytes(mut v)) => {
                    v.clear();
                    v
                }
                _ => Vec::with_capacity(64),
            };
            self.encode_into(row, &mut out);
            return NormKey::Bytes(out);
        }
        let values =
            self.columns.iter().map(|&c| std::mem::replace(&mut row[c as usize], Value::Null));
        NormKey::new(values.collect(), false)
    }

    /// Appends the byte-string sort key of a filled row (integer and text columns only).
    fn encode_into(&self, row: &mut [Value], out: &mut Vec<u8>) {
        for &c in &self.columns {
            encode(fold(std::mem::replace(&mut row[c as usize], Value::Null)), out);
        }
    }
}

/// An entry key in collation form for sorting: text folded (trailing spaces trimmed, lower
/// case) so comparisons need no case folding. Keys of integer and text columns are encoded
/// into one byte string that compares like the values (memcmp order), which keeps a build's
/// allocations and comparisons cheap; other column types keep their values.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum NormKey {
    Bytes(Vec<u8>),
    Values(Vec<FoldedValue>),
}

/// One folded value, ordered as the index orders it.
#[derive(Debug)]
pub struct FoldedValue(Value);

impl Ord for FoldedValue {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            (Value::Str(x), Value::Str(y)) => x.as_bytes().cmp(y.as_bytes()),
            (x, y) => cmp_values(x, y),
        }
    }
}
impl PartialOrd for FoldedValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl PartialEq for FoldedValue {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for FoldedValue {}

impl NormKey {
    /// The sort key of `values`; `bytes` when every entry column is an integer or text one.
    pub fn new(values: Vec<Value>, bytes: bool) -> NormKey {
        if !bytes {
            return NormKey::Values(values.into_iter().map(|v| FoldedValue(fold(v))).collect());
        }
        let mut out = Vec::with_capacity(64);
        for v in values {
            encode(fold(v), &mut out);
        }
        NormKey::Bytes(out)
    }
}

/// Appends a memcmp-ordered encoding of a folded integer or text value: NULL first, integers
/// as sign-flipped big-endian i128, text as its bytes with 0x00 escaped and a 0x00 0x00 end (so
/// a shorter string sorts before its extensions).
fn encode(v: Value, out: &mut Vec<u8>) {
    let int = match &v {
        Value::Null => {
            out.push(0);
            return;
        }
        Value::Int(i) => Some(i128::from(*i)),
        Value::UInt(u) => Some(i128::from(*u)),
        _ => None,
    };
    out.push(1);
    match int {
        Some(i) => out.extend_from_slice(&((i as u128) ^ (1u128 << 127)).to_be_bytes()),
        None => {
            // Text (any other value in a text or integer column is compared as its text).
            let text = match v {
                Value::Str(s) => s,
                other => other.to_text().unwrap_or_default(),
            };
            let bytes = text.as_bytes();
            if !bytes.contains(&0) {
                out.extend_from_slice(bytes);
            } else {
                for &b in bytes {
                    out.push(b);
                    if b == 0 {
                        out.push(0xFF);
                    }
                }
            }
            out.extend_from_slice(&[0, 0]);
        }
    }
}

/// A value in collation form.
fn fold(v: Value) -> Value {
    match v {
        // ASCII text folds in place, without a new allocation (the common case).
        Value::Str(mut s) if s.is_ascii() => {
            s.truncate(s.trim_end_matches(' ').len());
            s.make_ascii_lowercase();
            Value::Str(s)
        }
        Value::Str(s) => {
            Value::Str(s.trim_end_matches(' ').chars().flat_map(char::to_lowercase).collect())
        }
        other => other,
    }
}

/// The sorted base entries of one secondary index.
#[derive(Debug, Default)]
pub struct BaseEntries {
    /// Generated row ordinals in (key, primary key) order.
    pub ordinals: Vec<u32>,
}

impl BaseEntries {
    /// Sorts the `rows` generated rows by entry key. None when the table is too large for u32
    /// ordinals (the planner then ignores the index).
    pub fn build(generator: &dyn RowGenerator, rows: u64, cols: &EntryColumns) -> Option<Self> {
        if rows > u64::from(u32::MAX) {
            return None;
        }
        let wanted = cols.wanted();
        let mut row = vec![Value::Null; cols.width];
        let mut ordinals: Vec<u32> = Vec::with_capacity(rows as usize);
        let mut runs: Vec<(usize, usize)> = Vec::new();
        // The prefix every key shares (across runs): the merge compares the 8 bytes after it
        // first.
        let mut common: Option<Vec<u8>> = None;
        let mut start = 0u64;
        while start < rows {
            let end = (start + RUN_ROWS).min(rows);
            let from = ordinals.len();
            if cols.bytes {
                // One arena of byte keys for the run: no allocation per key, and comparisons
                // read contiguous memory.
                let mut arena: Vec<u8> = Vec::with_capacity(((end - start) * 64) as usize);
                let mut keyed: Vec<(u32, u32, u32)> = Vec::with_capacity((end - start) as usize);
                for i in start..end {
                    generator.fill_row(i, wanted, &mut row);
                    let at = arena.len();
                    cols.encode_into(&mut row, &mut arena);
                    keyed.push((at as u32, arena.len() as u32, i as u32));
                }
                let key = |k: &(u32, u32, u32)| &arena[k.0 as usize..k.1 as usize];
                // Keys often share a long start ("https://"): compare 8 bytes past the run's
                // common prefix as one integer first, and whole keys only on a tie.
                let skip = keyed.first().map_or(0, |first| {
                    let first = key(first);
                    keyed.iter().fold(first.len(), |lcp, k| {
                        let k = key(k);
                        lcp.min(first.iter().zip(k).take_while(|(a, b)| a == b).count())
                    })
                });
                let prefix = |k: &(u32, u32, u32)| {
                    let mut bytes = [0u8; 8];
                    let tail = key(k).get(skip..).unwrap_or(&[]);
                    let n = tail.len().min(8);
                    bytes[..n].copy_from_slice(&tail[..n]);
                    u64::from_be_bytes(bytes)
                };
                if let Some(first) = cached_first(&keyed, &arena) {
                    let shared = match &common {
                        None => skip,
                        Some(c) => {
                            skip.min(c.iter().zip(first).take_while(|(a, b)| a == b).count())
                        }
                    };
                    common = Some(first[..shared].to_vec());
                }
                let mut cached: Vec<(u64, (u32, u32, u32))> =
                    keyed.iter().map(|k| (prefix(k), *k)).collect();
                drop(keyed);
                cached.sort_unstable_by(|(pa, a), (pb, b)| {
                    pa.cmp(pb).then_with(|| key(a)[skip..].cmp(&key(b)[skip..])).then(a.2.cmp(&b.2))
                });
                ordinals.extend(cached.iter().map(|(_, k)| k.2));
            } else {
                let mut keyed: Vec<(NormKey, u32)> = (start..end)
                    .map(|i| (cols.folded_key_of(generator, i, wanted, &mut row, None), i as u32))
                    .collect();
                // Equal keys (only without a primary key) keep ordinal order.
                keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
                ordinals.extend(keyed.into_iter().map(|(_, i)| i));
            }
            runs.push((from, ordinals.len()));
            start = end;
        }
        if runs.len() <= 1 {
            return Some(BaseEntries { ordinals });
        }
        let common = if cols.bytes { common.map_or(0, |c| c.len()) } else { 0 };
        let head = |k: &NormKey| match k {
            NormKey::Bytes(b) if cols.bytes => {
                let mut bytes = [0u8; 8];
                let tail = b.get(common..).unwrap_or(&[]);
                let n = tail.len().min(8);
                bytes[..n].copy_from_slice(&tail[..n]);
                u64::from_be_bytes(bytes)
            }
            _ => 0,
        };
        // K-way merge: the heap holds each run's head with its key (and that key's 8 bytes
        // past the common prefix, compared first).
        let mut heap: BinaryHeap<Reverse<(u64, NormKey, u32, usize)>> = BinaryHeap::new();
        let mut next: Vec<usize> = runs.iter().map(|r| r.0).collect();
        for (r, &(from, to)) in runs.iter().enumerate() {
            if from < to {
                let i = ordinals[from];
                let key = cols.folded_key_of(generator, u64::from(i), wanted, &mut row, None);
                heap.push(Reverse((head(&key), key, i, r)));
                next[r] = from + 1;
            }
        }
        let mut merged = Vec::with_capacity(ordinals.len());
        // The merge regenerates a run's next key when its head is taken, so only one key per
        // run is held.
        // Bounded: each pop emits one of the `rows` entries.
        while let Some(Reverse((_, key, i, r))) = heap.pop() {
            merged.push(i);
            if next[r] < runs[r].1 {
                let j = ordinals[next[r]];
                let key = cols.folded_key_of(generator, u64::from(j), wanted, &mut row, Some(key));
                heap.push(Reverse((head(&key), key, j, r)));
                next[r] += 1;
            }
        }
        Some(BaseEntries { ordinals: merged })
    }

    /// Position of the first entry whose key prefix is not below `bound` (`strict`: above it).
    pub fn lower_bound(
        &self,
        generator: &dyn RowGenerator,
        cols: &EntryColumns,
        bound: &[Value],
        strict: bool,
    ) -> usize {
        let wanted = cols.wanted();
        let (mut lo, mut hi) = (0usize, self.ordinals.len());
        // Bounded: the interval halves each round.
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let key = cols.key_of(generator, u64::from(self.ordinals[mid]), wanted);
            let o = cmp_prefix(&key.0, bound);
            let below = if strict { o != Ordering::Greater } else { o == Ordering::Less };
            if below {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Bytes this index's entries hold (for reports and tests; not simulated memory).
    pub fn heap_bytes(&self) -> u64 {
        self.ordinals.capacity() as u64 * 4
    }
}

/// The first key of a run's arena.
fn cached_first<'a>(keyed: &[(u32, u32, u32)], arena: &'a [u8]) -> Option<&'a [u8]> {
    keyed.first().map(|k| &arena[k.0 as usize..k.1 as usize])
}

/// Compares a key with a bound on its first `bound.len()` columns.
pub fn cmp_prefix(key: &[Value], bound: &[Value]) -> Ordering {
    for (a, b) in key.iter().zip(bound) {
        match cmp_values(a, b) {
            Ordering::Equal => {}
            o => return o,
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row i: (id = i + 1, k = (i * 7) % 5).
    #[derive(Debug)]
    struct Gen(u64);
    impl RowGenerator for Gen {
        fn row_count(&self) -> u64 {
            self.0
        }
        fn fill_row(&self, i: u64, _wanted: ColumnSet, out: &mut [Value]) {
            out[0] = Value::Int(i as i64 + 1);
            out[1] = Value::Int(((i * 7) % 5) as i64);
        }
    }

    #[test]
    fn entries_sort_by_key_then_primary_key_across_runs() {
        let n = RUN_ROWS * 2 + 10;
        let g = Gen(n);
        let cols = EntryColumns { columns: vec![1, 0], width: 2, bytes: true };
        let e = BaseEntries::build(&g, n, &cols).unwrap();
        assert_eq!(e.ordinals.len() as u64, n);
        let keys: Vec<Key> =
            e.ordinals.iter().map(|&i| cols.key_of(&g, u64::from(i), ColumnSet::ALL)).collect();
        assert!(keys.windows(2).all(|p| p[0] < p[1]));
        let from = e.lower_bound(&g, &cols, &[Value::Int(2)], false);
        let to = e.lower_bound(&g, &cols, &[Value::Int(2)], true);
        assert_eq!((to - from) as u64, (0..n).filter(|i| (i * 7) % 5 == 2).count() as u64);
        assert!(e.heap_bytes() >= n * 4);
    }

    /// Row i: (id = i + 1, t = text whose first letters differ between the first run and
    /// the rest, so runs share no prefix).
    #[derive(Debug)]
    struct TextGen(u64);
    impl RowGenerator for TextGen {
        fn row_count(&self) -> u64 {
            self.0
        }
        fn fill_row(&self, i: u64, _wanted: ColumnSet, out: &mut [Value]) {
            out[0] = Value::Int(i as i64 + 1);
            let lead = if i < RUN_ROWS { "zz-" } else { "AA-" };
            out[1] = Value::Str(format!("{lead}{:05}", (i * 7919) % 100_000));
        }
    }

    #[test]
    fn runs_with_different_prefixes_merge_in_order() {
        let n = RUN_ROWS + 500;
        let g = TextGen(n);
        let cols = EntryColumns { columns: vec![1, 0], width: 2, bytes: true };
        let e = BaseEntries::build(&g, n, &cols).unwrap();
        let keys: Vec<Key> =
            e.ordinals.iter().map(|&i| cols.key_of(&g, u64::from(i), ColumnSet::ALL)).collect();
        assert!(keys.windows(2).all(|p| p[0] < p[1]));
        let text = |k: &Key| match &k.0[0] {
            Value::Str(t) => t.clone(),
            _ => String::new(),
        };
        assert!(text(&keys[0]).starts_with("AA-"));
        assert!(text(&keys[n as usize - 1]).starts_with("zz-"));
    }

    #[test]
    fn byte_keys_order_like_values() {
        let k = |v: Vec<Value>| NormKey::new(v, true);
        let s = |t: &str| Value::Str(t.into());
        assert!(k(vec![s("ab")]) < k(vec![s("abc")]));
        assert!(k(vec![s("AB ")]) == k(vec![s("ab")]));
        assert!(k(vec![s("a\0b")]) > k(vec![s("a")]));
        assert!(k(vec![Value::Null]) < k(vec![Value::Int(-5)]));
        assert!(k(vec![Value::Int(-5)]) < k(vec![Value::UInt(3)]));
        assert!(k(vec![s("b"), Value::Int(1)]) < k(vec![s("b"), Value::Int(2)]));
        assert!(k(vec![s("a"), Value::Int(9)]) < k(vec![s("b"), Value::Int(1)]));
    }

    #[test]
    fn prefixes_compare_on_their_own_columns() {
        let key = [Value::Int(3), Value::Int(9)];
        assert_eq!(cmp_prefix(&key, &[Value::Int(3)]), Ordering::Equal);
        assert_eq!(cmp_prefix(&key, &[Value::Int(4)]), Ordering::Less);
        assert_eq!(cmp_prefix(&key, &[Value::Null]), Ordering::Greater);
    }
}
