//! Filesort as MySQL runs it (`sql/filesort.cc`), as a model of what the sort costs and which
//! counters it moves; the rows themselves are sorted by the executor's compact sorter.
//!
//! Each row's record (its sort key, then its packed "additional fields", the columns the
//! query needs after the sort) goes into the sort buffer with a pointer to it. When the next
//! record does not fit, the buffer is sorted and written to a temporary file as one sorted run
//! ("chunk"). At the end, if any run was written, the runs are merged `MERGEBUFF` (7) at a
//! time while more than `MERGEBUFF2` (15) remain (`merge_many_buff`), then once more into the
//! result (`merge_index`); every merge counts one `Sort_merge_passes`. With LIMIT, when the
//! rows LIMIT and OFFSET keep fit in the buffer, a priority queue keeps just those rows and
//! nothing is written or merged.
//!
//! Simulated time: packing each row, comparisons of the in-buffer sorts (slower once a run
//! outgrows the CPU's cache), the temporary file's writes and reads at page-cache speed, the
//! merges' comparisons, and the page faults of a buffer past glibc's mmap threshold.

use crate::instruments::status_registry::StatusId;
use crate::sim::hardware::TempCosts;
use crate::sql::execution::costs::Costs;
use crate::status_id;

/// Runs merged at a time (`MERGEBUFF` in sql/filesort.h).
pub const MERGEBUFF: u64 = 7;
/// Runs left after which the final merge takes them all (`MERGEBUFF2`).
pub const MERGEBUFF2: u64 = 15;
/// The pointer the sort buffer keeps to each record.
pub const RECORD_POINTER_BYTES: u64 = 8;
/// Sort buffers up to this size come from malloc's arenas, reused from one sort to the next;
/// larger ones are mapped afresh (glibc's mmap threshold, which the manual's 256 KB warning
/// reflects) and fault in page by page.
pub const MMAP_THRESHOLD_BYTES: u64 = 256 * 1024;
const PAGE_BYTES: u64 = 4096;
/// How much slower than a sort filesort takes its priority queue to be per row
/// (`PQ_slowness` in sql/filesort.cc).
const PQ_SLOWNESS: f64 = 3.0;

/// The sort of one statement, fed each record's size as rows arrive.
#[derive(Debug)]
pub struct Filesort {
    buffer_bytes: u64,
    /// Rows LIMIT plus OFFSET keep, if the statement has a LIMIT.
    keep: Option<u64>,
    rows: u64,
    bytes: u64,
    /// The run being filled: its rows and bytes.
    current_rows: u64,
    current_bytes: u64,
    /// Rows of each run closed so far (bounded by the rows).
    runs: Vec<u64>,
    /// Largest buffer fill, for the page faults.
    peak_fill: u64,
    /// Comparisons of the in-buffer sorts, weighted by their cache misses (milli-comparisons
    /// that miss), summed as runs close.
    compares: f64,
    missed: f64,
    cache_bytes: u64,
}

/// What a finished sort did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SortOutcome {
    /// `Sort_rows`.
    pub sort_rows: u64,
    /// `Sort_merge_passes`.
    pub merge_passes: u64,
    /// `Created_tmp_files`.
    pub tmp_files: u64,
    /// Sorted runs written to the temporary file.
    pub runs: u64,
    /// The priority-queue path was taken.
    pub priority_queue: bool,
    /// Simulated CPU time, in nanoseconds.
    pub cpu_ns: u64,
    /// Simulated time reading and writing the temporary files, in nanoseconds.
    pub io_ns: u64,
    /// Bytes written to and read from the temporary files.
    pub file_bytes: u64,
    /// Bytes of sort buffer the sort allocated: the most its records (or its priority queue)
    /// filled, at most sort_buffer_size. MySQL 8.0.12+ allocates the buffer in growing blocks
    /// as rows arrive, not sort_buffer_size at once. Simplification: exactly the fill.
    pub buffer_bytes: u64,
}

impl SortOutcome {
    /// Charges the sort to its statement: `counter` (`Sort_scan` or `Sort_range`),
    /// `Sort_rows`, merge passes and files, its sort buffer (`memory/sql/Filesort_buffer::
    /// sort_keys`), and its CPU and file I/O on the clock, the CPU stretched by any quota.
    pub fn charge(self, counter: StatusId, costs: &mut Costs) {
        costs.status.add(counter, 1);
        costs.status.add(status_id!("Sort_rows"), self.sort_rows);
        costs.status.add(status_id!("Sort_merge_passes"), self.merge_passes);
        costs.status.add(status_id!("Created_tmp_files"), self.tmp_files);
        if self.buffer_bytes > 0 {
            costs.status.sort_buffer(self.buffer_bytes);
        }
        let capacity = costs.host.cpu_capacity_milli().clamp(1, 1000);
        let cpu = self.cpu_ns.saturating_mul(1000) / capacity;
        costs.clock.advance(crate::sim::SimDuration(cpu + self.io_ns));
    }
}

impl Filesort {
    pub fn new(buffer_bytes: u64, keep: Option<u64>, costs: &TempCosts) -> Filesort {
        Filesort {
            buffer_bytes: buffer_bytes.max(1),
            keep,
            rows: 0,
            bytes: 0,
            current_rows: 0,
            current_bytes: 0,
            runs: Vec::new(),
            peak_fill: 0,
            compares: 0.0,
            missed: 0.0,
            cache_bytes: costs.cpu_cache_kb.saturating_mul(1024).max(1),
        }
    }

    /// One more row whose record (sort key and packed fields, without the pointer) takes
    /// `record_bytes`.
    pub fn add(&mut self, record_bytes: u64) {
        let bytes = record_bytes + RECORD_POINTER_BYTES;
        if self.current_rows > 0 && self.current_bytes + bytes > self.buffer_bytes {
            self.close_run();
        }
        self.current_rows += 1;
        self.current_bytes += bytes;
        self.rows += 1;
        self.bytes += bytes;
    }

    fn close_run(&mut self) {
        self.sort_in_buffer(self.current_rows, self.current_bytes);
        self.runs.push(self.current_rows);
        self.current_rows = 0;
        self.current_bytes = 0;
    }

    /// The comparisons of sorting `rows` records that fill `bytes` of the buffer; the share of
    /// the records beyond the cache misses it.
    fn sort_in_buffer(&mut self, rows: u64, bytes: u64) {
        self.peak_fill = self.peak_fill.max(bytes);
        if rows < 2 {
            return;
        }
        let n = rows as f64;
        let compares = n * n.log2();
        let miss = 1.0 - (self.cache_bytes as f64 / bytes as f64).min(1.0);
        self.compares += compares;
        self.missed += compares * miss;
    }

    /// Finishes the sort: the path it takes, its counters and its simulated time.
    pub fn finish(mut self, costs: &TempCosts) -> SortOutcome {
        let mut out = SortOutcome::default();
        let avg = self.bytes.checked_div(self.rows).unwrap_or(0);
        // `check_if_pq_applicable`: the queue's rows must fit in the buffer, and be few enough
        // against the rows sorted (PQ_slowness, 3) that the queue beats a sort.
        // Simplification: where MySQL weighs the two costs when the rows do not all fit, the
        // same ratio decides.
        let fits_queue = self.keep.is_some_and(|k| {
            k.saturating_add(1).saturating_mul(avg) <= self.buffer_bytes
                && (k as f64) < self.rows as f64 / PQ_SLOWNESS
        });
        let rows = self.rows;
        let mut compares;
        if self.runs.is_empty() || fits_queue {
            // One buffer holds everything, or a priority queue of LIMIT + OFFSET rows: no
            // file. Simplification: MySQL also weighs the queue's cost against a sort
            // (`check_if_pq_applicable`); here the queue is taken whenever its rows fit.
            if fits_queue {
                out.priority_queue = true;
                let k = self.keep.unwrap_or(0).max(1) as f64;
                compares = rows as f64 * (k + 1.0).log2();
                self.peak_fill = avg * (self.keep.unwrap_or(0) + 1);
                self.compares = 0.0;
                self.missed = 0.0;
            } else {
                self.sort_in_buffer(self.current_rows, self.current_bytes);
                compares = 0.0;
            }
        } else {
            if self.current_rows > 0 {
                self.close_run();
            }
            out.runs = self.runs.len() as u64;
            out.tmp_files = 1;
            let bytes = self.bytes;
            // The runs are written once.
            out.file_bytes += bytes;
            let (passes, merged_rounds) = merge_passes(out.runs);
            out.merge_passes = passes;
            if merged_rounds > 0 {
                // merge_many_buff writes its output to a second temporary file.
                out.tmp_files += 1;
            }
            // Each round of merge_many_buff reads and writes every record; the final merge
            // reads them (up to the rows LIMIT keeps) into the result.
            out.file_bytes += merged_rounds * 2 * bytes;
            let wanted = self.keep.map_or(rows, |k| k.min(rows));
            out.file_bytes += bytes.saturating_mul(wanted) / rows.max(1);
            compares = 0.0;
            let mut chunks = out.runs;
            for _ in 0..merged_rounds {
                compares += rows as f64 * (MERGEBUFF as f64).log2();
                chunks = chunks.div_ceil(MERGEBUFF);
            }
            compares += wanted as f64 * (chunks.max(2) as f64).log2();
        }
        out.sort_rows = self.keep.map_or(rows, |k| k.min(rows));
        out.buffer_bytes = self.peak_fill.min(self.buffer_bytes);
        compares += self.compares;
        let cpu = rows as f64 * costs.sort_row_ns as f64
            + compares * costs.sort_compare_ns as f64
            + self.missed * costs.cache_miss_ns as f64;
        let faults = if self.buffer_bytes > MMAP_THRESHOLD_BYTES {
            self.peak_fill.div_ceil(PAGE_BYTES) * costs.page_fault_ns
        } else {
            0
        };
        out.cpu_ns = cpu as u64 + faults;
        out.io_ns = out.file_bytes.saturating_mul(1000) / costs.tmpfile_mb_s.max(1);
        out
    }
}

/// `Sort_merge_passes` for `runs` sorted runs, and the rounds of `merge_many_buff` before the
/// final merge: while more than MERGEBUFF2 runs remain, merge MERGEBUFF at a time (the last
/// merge of a round takes what is left, up to one and a half times MERGEBUFF), then one final
/// merge. Each merge call counts one pass.
pub fn merge_passes(runs: u64) -> (u64, u64) {
    if runs <= 1 {
        return (0, 0);
    }
    let mut passes = 0;
    let mut rounds = 0;
    let mut chunks = runs;
    // Each round divides the runs by about seven: a few dozen rounds at most.
    while chunks > MERGEBUFF2 {
        let mut i = 0;
        let mut merged = 0;
        while i + MERGEBUFF * 3 / 2 < chunks {
            merged += 1;
            i += MERGEBUFF;
        }
        merged += 1;
        passes += merged;
        chunks = merged;
        rounds += 1;
    }
    (passes + 1, rounds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_passes_follow_merge_many_buff() {
        assert_eq!(merge_passes(0), (0, 0));
        assert_eq!(merge_passes(1), (0, 0));
        // Up to MERGEBUFF2 runs: the final merge only.
        assert_eq!(merge_passes(2), (1, 0));
        assert_eq!(merge_passes(15), (1, 0));
        // 16 runs: merges of 7 (0..7) and of the 9 left, then the final merge.
        assert_eq!(merge_passes(16), (3, 1));
        // The chapter's 256 KB sort: about 2,760 runs give 394 + 56 + 8 merges and the final
        // one (Table 3.8 reports 458).
        assert_eq!(merge_passes(2760), (459, 3));
    }

    fn sort(buffer: u64, keep: Option<u64>, rows: u64, record: u64) -> SortOutcome {
        let costs = TempCosts::default();
        let mut s = Filesort::new(buffer, keep, &costs);
        for _ in 0..rows {
            s.add(record);
        }
        s.finish(&costs)
    }

    #[test]
    fn a_sort_that_fits_writes_no_file() {
        let out = sort(256 * 1024, None, 1000, 100);
        assert_eq!((out.runs, out.merge_passes, out.tmp_files, out.sort_rows), (0, 0, 0, 1000));
        assert_eq!(out.io_ns, 0);
    }

    #[test]
    fn runs_are_what_the_buffer_holds() {
        // 108 + 8 bytes a record: 2,260 records in 256 KB, so 10,000 rows make 5 runs.
        let out = sort(256 * 1024, None, 10_000, 108);
        assert_eq!((out.runs, out.merge_passes, out.tmp_files), (5, 1, 1));
        // Written once, read once by the final merge.
        assert_eq!(out.file_bytes, 2 * 10_000 * 116);
    }

    #[test]
    fn limit_that_fits_takes_the_priority_queue() {
        let out = sort(256 * 1024, Some(10), 100_000, 100);
        assert!(out.priority_queue);
        assert_eq!((out.runs, out.merge_passes, out.sort_rows), (0, 0, 10));
        // A LIMIT too large for the buffer sorts and merges.
        let big = sort(256 * 1024, Some(50_000), 100_000, 100);
        assert!(!big.priority_queue);
        assert!(big.merge_passes > 0);
        assert_eq!(big.sort_rows, 50_000);
        // A LIMIT that fits but keeps a third of the rows or more: a sort is cheaper.
        let most = sort(64 << 20, Some(40_000), 100_000, 100);
        assert!(!most.priority_queue);
        assert_eq!((most.runs, most.merge_passes), (0, 0));
    }

    #[test]
    fn a_small_buffer_merges_more_but_a_large_one_misses_the_cache() {
        let small = sort(256 * 1024, None, 3_000_000, 233);
        let large = sort(64 << 20, None, 3_000_000, 233);
        assert!(small.merge_passes > 400, "{small:?}");
        assert_eq!(large.merge_passes, 1);
        assert!(small.io_ns > large.io_ns);
        assert!(large.cpu_ns > small.cpu_ns, "{small:?} {large:?}");
    }
}
