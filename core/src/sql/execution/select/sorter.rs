//! The pipeline's compact stores: a sort's byte keys in a chunked arena with a payload per
//! row (a primary key or a group number), or only the best rows of a small LIMIT in a bounded
//! heap; and a list of numbers kept in fixed-size chunks.

use crate::sql::execution::sort_key::KeyEncoder;
use crate::storage::value::Value;

/// The sort keys' byte arena grows in chunks of this size (no chunk is ever copied to grow).
const ARENA_CHUNK_BYTES: usize = 4 << 20;
/// Rows a sort may hold by reference (as a GROUP BY's groups, `pipeline::GROUPS_KEPT_MAX`):
/// past them the statement stops as MySQL does when `tmpdir` is full (ERROR 3).
/// Simplification: the simulated disk has no free-space figure; this stands for it.
pub const SORT_ROWS_KEPT_MAX: u64 = 4_000_000;
/// A sort's key bytes kept at most.
const SORT_KEY_BYTES_MAX: usize = 160 << 20;

/// LIMIT plus OFFSET up to which a sort keeps only the rows they select, in a bounded heap
/// (as filesort's priority queue does), instead of every row.
const TOP_ROWS_MAX: u64 = 10_000;

/// Rows or groups to be ordered: each a byte sort key in a chunked arena and a payload (a
/// primary key, or a group number); with a small LIMIT, only the best rows so far.
pub(super) struct Sorter {
    encoder: KeyEncoder,
    desc: Vec<bool>,
    chunks: Vec<Vec<u8>>,
    entries: Vec<SortEntry>,
    buf: Vec<u8>,
    /// With a small LIMIT: how many rows to keep, and the best so far (the worst on top).
    top: Option<(usize, std::collections::BinaryHeap<TopEntry>)>,
    /// Arrival number of the next row (ties keep arrival order).
    seq: u64,
    /// More rows came than a sort may keep: the statement fails when it is over.
    full: bool,
    /// The most rows this sort can be given (the table's rows, within the bound).
    rows_max: u64,
}

/// A row the bounded heap keeps: ordered by key, then by arrival.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct TopEntry {
    key: Box<[u8]>,
    seq: u64,
    payload: u64,
}

#[derive(Clone, Copy)]
struct SortEntry {
    /// Chunk number (high bits) and offset in it (low 22 bits).
    at: u32,
    len: u32,
    payload: u64,
}

impl Sorter {
    pub(super) fn new(desc: Vec<bool>, keep: Option<u64>, rows_max: u64) -> Sorter {
        let top = keep
            .filter(|k| *k <= TOP_ROWS_MAX)
            .map(|k| (k as usize, std::collections::BinaryHeap::with_capacity(k as usize + 1)));
        Sorter {
            encoder: KeyEncoder::new(desc.len()),
            desc,
            chunks: Vec::new(),
            entries: Vec::new(),
            buf: Vec::new(),
            top,
            seq: 0,
            full: false,
            rows_max: rows_max.min(SORT_ROWS_KEPT_MAX),
        }
    }

    /// Adds one entry; false when its key cannot be kept as bytes (a second kind of value in
    /// one position, or a key longer than a chunk).
    pub(super) fn push(&mut self, keys: &[Value], payload: u64) -> bool {
        self.buf.clear();
        if !self.encoder.encode(keys, &self.desc, &mut self.buf)
            || self.buf.len() > ARENA_CHUNK_BYTES
        {
            return false;
        }
        let seq = self.seq;
        self.seq += 1;
        if let Some((keep, heap)) = &mut self.top {
            let better = heap.len() < *keep
                || heap
                    .peek()
                    .is_some_and(|worst| (&self.buf[..], seq) < (&worst.key[..], worst.seq));
            if better {
                heap.push(TopEntry { key: self.buf.as_slice().into(), seq, payload });
                if heap.len() > *keep {
                    heap.pop();
                }
            }
            return true;
        }
        if self.entries.len() as u64 >= SORT_ROWS_KEPT_MAX
            || self.chunks.len() * ARENA_CHUNK_BYTES >= SORT_KEY_BYTES_MAX
        {
            self.full = true;
            return true;
        }
        let fits =
            self.chunks.last().is_some_and(|c| c.len() + self.buf.len() <= ARENA_CHUNK_BYTES);
        if !fits {
            self.chunks.push(Vec::with_capacity(ARENA_CHUNK_BYTES));
        }
        let chunk_no = self.chunks.len() - 1;
        let chunk = &mut self.chunks[chunk_no];
        let at = ((chunk_no as u32) << 22) | chunk.len() as u32;
        chunk.extend_from_slice(&self.buf);
        if self.entries.len() == self.entries.capacity() && self.entries.len() >= 1 << 20 {
            // A large sort grows once to the most rows it can get, not by doubling: the
            // browser's allocator keeps every block it was given, so each doubling would
            // leave the last copy behind.
            let most = self.rows_max.saturating_sub(self.entries.len() as u64);
            self.entries.reserve_exact(most.max(1) as usize);
        }
        self.entries.push(SortEntry { at, len: self.buf.len() as u32, payload });
        true
    }

    fn key(&self, e: &SortEntry) -> &[u8] {
        let chunk = &self.chunks[(e.at >> 22) as usize];
        let start = (e.at & ((1 << 22) - 1)) as usize;
        &chunk[start..start + e.len as usize]
    }

    /// The payloads in key order; ties keep their arrival order.
    /// More rows came than the sort may keep.
    pub(super) fn is_full(&self) -> bool {
        self.full
    }

    /// The payloads kept so far, in arrival order (to keep them as values instead).
    pub(super) fn into_arrival_order(mut self) -> Vec<u64> {
        match self.top.take() {
            Some((_, heap)) => {
                let mut kept: Vec<(u64, u64)> =
                    heap.into_iter().map(|e| (e.seq, e.payload)).collect();
                kept.sort_unstable();
                kept.into_iter().map(|(_, p)| p).collect()
            }
            None => self.entries.iter().map(|e| e.payload).collect(),
        }
    }

    pub(super) fn sorted(mut self) -> Vec<u64> {
        if let Some((_, heap)) = self.top.take() {
            return heap.into_sorted_vec().into_iter().map(|e| e.payload).collect();
        }
        let mut entries = std::mem::take(&mut self.entries);
        // Arena offsets grow with arrival, so they break ties as a stable sort would, without
        // a stable sort's buffer of half the entries.
        entries.sort_unstable_by(|a, b| self.key(a).cmp(self.key(b)).then(a.at.cmp(&b.at)));
        entries.into_iter().map(|e| e.payload).collect()
    }
}

/// A growing list of numbers kept in fixed-size chunks: growing never copies it, so a large
/// one never holds two copies of itself at once (and leaves none behind in the browser's
/// allocator, which keeps every block it was given).
#[derive(Debug, Default)]
pub(super) struct Chunked {
    chunks: Vec<Vec<u64>>,
    len: usize,
}

const CHUNKED_LEN: usize = 1 << 16;

impl Chunked {
    pub(super) fn push(&mut self, v: u64) {
        if self.len % CHUNKED_LEN == 0 {
            self.chunks.push(Vec::with_capacity(CHUNKED_LEN));
        }
        self.chunks.last_mut().expect("a chunk").push(v);
        self.len += 1;
    }
    pub(super) fn get(&self, i: usize) -> u64 {
        self.chunks[i / CHUNKED_LEN][i % CHUNKED_LEN]
    }
    pub(super) fn get_mut(&mut self, i: usize) -> &mut u64 {
        &mut self.chunks[i / CHUNKED_LEN][i % CHUNKED_LEN]
    }
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }
}
