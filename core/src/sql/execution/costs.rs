//! What reading a stored table costs: every leaf page a scan enters is requested from the
//! buffer pool, a miss is paid for with a disk read (and the memory of a newly resident page),
//! and the handler counters a tuner reads move with each row.

use crate::innodb::buffer_pool::PageId;
use crate::instruments::status_registry::StatusId;
use crate::sim::{Clock, Disk, Host};
use crate::sql::execution::Work;
use crate::status_id;
use crate::storage::schema::TableDef;
use crate::storage::table::Table;

pub use crate::innodb::tablespace::{index_page, FIRST_INDEX_PAGE};

/// The status counters the executor moves as it reads (`Handler_*`, `Innodb_rows_read`,
/// `Innodb_pages_read`, `Select_*`). The server's status implements it; the executor sees
/// only this, not the instruments that keep and show them.
pub trait Counters {
    fn add(&mut self, id: StatusId, n: u64);
    /// A filesort allocated a sort buffer of `bytes` and freed it (for the memory
    /// instruments; a view that keeps only counters ignores it).
    fn sort_buffer(&mut self, _bytes: u64) {}
}

/// Parts of the server a scan charges: clock, disk, host memory, buffer pool and counters.
pub struct Costs<'a> {
    pub clock: &'a mut Clock,
    pub disk: &'a mut Disk,
    pub host: &'a mut Host,
    pub pool: &'a mut crate::innodb::buffer_pool::BufferPool,
    pub status: &'a mut dyn Counters,
    /// Set when the host ran out of memory: the kernel kills mysqld after this statement.
    pub oom: &'a mut Option<crate::sim::OutOfMemory>,
}

impl Costs<'_> {
    /// The same parts, borrowed for a step of the statement (its first step of two).
    pub fn reborrow(&mut self) -> Costs<'_> {
        Costs {
            clock: &mut *self.clock,
            disk: &mut *self.disk,
            host: &mut *self.host,
            pool: &mut *self.pool,
            status: &mut *self.status,
            oom: &mut *self.oom,
        }
    }

    /// Requests one page from the buffer pool: the clock moves to when the page is ready (a
    /// synchronous read, or waiting for a read-ahead still in flight), the I/O counters move
    /// with the pages read, and newly resident pages take host memory.
    pub fn request_page(&mut self, page: PageId) {
        let before = self.pool.pages_data();
        let fetch = self.pool.fetch(page, self.clock.now(), self.disk);
        self.clock.advance_to(fetch.ready_at);
        if fetch.pages_read > 0 {
            self.status.add(status_id!("Innodb_pages_read"), fetch.pages_read);
            self.status.add(status_id!("Innodb_data_reads"), fetch.os_reads);
            self.status.add(status_id!("Innodb_data_read"), fetch.pages_read * 16384);
        }
        if fetch.pages_written > 0 {
            self.status.add(status_id!("Innodb_pages_written"), fetch.pages_written);
            self.status.add(status_id!("Innodb_data_writes"), fetch.pages_written);
            self.status.add(status_id!("Innodb_data_written"), fetch.pages_written * 16384);
        }
        let after = self.pool.pages_data();
        if after > before && self.oom.is_none() {
            if let Err(e) = self.host.allocate("buffer pool", (after - before) * 16384) {
                *self.oom = Some(e);
            }
        }
    }

    /// Creates a page in the pool (a row change that needs a new page); the new frame takes
    /// host memory like any resident page.
    pub fn create_page(&mut self, page: PageId) {
        let now = self.clock.now();
        if self.pool.create_page(page, now, self.disk) && self.oom.is_none() {
            if let Err(e) = self.host.allocate("buffer pool", 16384) {
                *self.oom = Some(e);
            }
        }
    }

    /// Charges the CPU time of `rows` rows as a scan processes them, so that the disk's
    /// asynchronous reads race a scan that is really moving.
    pub fn charge_rows(&mut self, rows: u64, work: &mut Work) {
        let hw = self.host.hardware();
        let capacity = self.host.cpu_capacity_milli().clamp(1, 1000);
        let ns = rows.saturating_mul(hw.cpu_row_ns).saturating_mul(1000) / capacity;
        self.clock.advance(crate::sim::SimDuration(ns));
        work.charged_rows += rows;
    }

    /// The CPU time of `rows` rows in picoseconds ([`row_cpu_ps`]).
    pub fn row_cpu_ps(&self, rows: u64) -> u64 {
        row_cpu_ps(self.host, rows)
    }
}

/// The CPU time of `rows` rows in picoseconds on `host`, as [`Costs::charge_rows`] or the
/// statement's end charges it (performance_schema's table I/O timers use it).
pub fn row_cpu_ps(host: &Host, rows: u64) -> u64 {
    let capacity = host.cpu_capacity_milli().clamp(1, 1000);
    rows.saturating_mul(host.hardware().cpu_row_ns).saturating_mul(1000) / capacity * 1000
}

/// The server's limit on a scan's record buffer (`MAX_RECORD_BUFFER_SIZE` in sql_executor.cc).
const MAX_RECORD_BUFFER_BYTES: u64 = 128 * 1024;

/// Bytes of the server's in-memory row format (`TABLE::record[0]`) from the row's start to the
/// end of the last column the statement reads (`record_prefix_size`): the null-flag bytes,
/// then each column at its fixed `pack_length` (a VARCHAR(n) of utf8mb4 reserves 4n bytes
/// plus its length bytes).
pub fn record_prefix_bytes(def: &TableDef, wanted: &[bool]) -> u64 {
    let Some(last) = wanted.iter().rposition(|w| *w) else { return 0 };
    let nullable = def.columns.iter().filter(|c| c.nullable).count() as u64;
    let fields: u64 =
        def.columns.iter().take(last + 1).map(|c| u64::from(c.ty.pack_length())).sum();
    nullable.div_ceil(8) + fields
}

/// Rows InnoDB hands the server per batch in a scan: the server's record buffer holds
/// `MAX_RECORD_BUFFER_SIZE / prefix` rows, at most the rows expected (`set_record_buffer`).
/// Between batches InnoDB stores its cursor and restores it for the next batch, which costs
/// one more page get of the page the cursor is on; so the buffer pool's read requests of a
/// scan depend on which columns it reads.
///
/// Simplification: the expected rows are the table's, not the optimizer's estimate after
/// filtering or LIMIT.
fn rows_per_batch(t: &Table, wanted: &[bool]) -> u64 {
    let prefix = record_prefix_bytes(&t.def, wanted).max(1);
    (MAX_RECORD_BUFFER_BYTES / prefix).min(t.row_count()).max(1)
}

/// A scan's walk along the clustered index's leaves, shared by every reader of clustered
/// rows in key order (full scans, primary key ranges): requests the root-to-leaf path for the
/// first row and each leaf as the scan enters it, plus the page of each cursor restore
/// between record-buffer batches, and charges the rows' CPU time page by page.
pub struct LeafCursor {
    geometry: crate::storage::btree::IndexGeometry,
    space: u32,
    batch: u64,
    current_leaf: Option<u64>,
    rows: u64,
    uncharged: u64,
    /// The ordinals the current leaf holds (`start..end`): a row inside them needs no
    /// division to find its leaf.
    leaf_ordinals: std::ops::Range<u64>,
    /// The row count at which the next record-buffer batch starts.
    next_batch_at: u64,
    /// Simulated time the walk itself took (its page waits and the rows' CPU), measured in
    /// the out-of-line steps only: performance_schema's timer for the scan's rows.
    spent_ns: u64,
}

impl LeafCursor {
    pub fn new(t: &Table, wanted: &[bool], costs: &mut Costs) -> LeafCursor {
        let sizes = t.sizes();
        let space_pages = FIRST_INDEX_PAGE + (sizes.data_length + sizes.index_length) / 16384;
        costs.pool.set_space_pages(t.space_id, space_pages);
        LeafCursor {
            geometry: sizes.clustered,
            space: t.space_id,
            batch: rows_per_batch(t, wanted),
            current_leaf: None,
            rows: 0,
            uncharged: 0,
            leaf_ordinals: 0..0,
            next_batch_at: 0,
            spent_ns: 0,
        }
    }

    /// Simulated time the walk took so far (page waits and charged CPU), in nanoseconds.
    pub fn spent_ns(&self) -> u64 {
        self.spent_ns
    }

    fn page(&self, rel: u64) -> PageId {
        PageId { space: self.space, page_no: FIRST_INDEX_PAGE + rel }
    }

    /// The scan is about to read the row at `ordinal` (in key order).
    #[inline]
    pub fn enter(&mut self, ordinal: u64, costs: &mut Costs, work: &mut Work) {
        // The common case, a further row of the current leaf inside a record-buffer batch,
        // is two comparisons; the rest is out of line.
        if self.rows != self.next_batch_at && self.leaf_ordinals.contains(&ordinal) {
            self.rows += 1;
            self.uncharged += 1;
            return;
        }
        self.enter_slow(ordinal, costs, work);
    }

    /// [`Self::enter`] for rows `first..first + n` in order: each stretch of them on the fast
    /// path (inside the current leaf and record-buffer batch) counted at once, the rest one
    /// by one. The same counts and charges as `n` calls of `enter`.
    pub fn enter_run(&mut self, first: u64, n: u64, costs: &mut Costs, work: &mut Work) {
        let end = first + n;
        let mut ordinal = first;
        while ordinal < end {
            if self.rows != self.next_batch_at && self.leaf_ordinals.contains(&ordinal) {
                // `enter` takes the fast path until the row count reaches the next batch (if
                // it is still ahead) or the ordinal leaves the leaf.
                let to_batch = self.next_batch_at.checked_sub(self.rows).unwrap_or(u64::MAX);
                let k = (end - ordinal).min(self.leaf_ordinals.end - ordinal).min(to_batch);
                self.rows += k;
                self.uncharged += k;
                ordinal += k;
            } else {
                self.enter_slow(ordinal, costs, work);
                ordinal += 1;
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn enter_slow(&mut self, ordinal: u64, costs: &mut Costs, work: &mut Work) {
        let start = costs.clock.now();
        self.enter_slow_untimed(ordinal, costs, work);
        self.spent_ns += costs.clock.now().since(start).as_nanos();
    }

    fn enter_slow_untimed(&mut self, ordinal: u64, costs: &mut Costs, work: &mut Work) {
        if self.rows == self.next_batch_at {
            // Every `batch` rows (not before the first): the cursor is restored.
            if self.rows > 0 {
                if let Some(at) = self.current_leaf {
                    costs.request_page(self.page(at));
                }
            }
            self.next_batch_at = self.rows + self.batch;
        }
        if self.leaf_ordinals.contains(&ordinal) {
            self.rows += 1;
            self.uncharged += 1;
            return;
        }
        let leaf = self.geometry.leaf_page_of(ordinal);
        self.leaf_ordinals = self.geometry.leaf_ordinals(ordinal);
        if self.current_leaf != Some(leaf) {
            costs.charge_rows(self.uncharged, work);
            self.uncharged = 0;
            match self.current_leaf {
                None => {
                    for p in self.geometry.path_to_leaf(ordinal) {
                        costs.request_page(self.page(p));
                    }
                }
                Some(_) => costs.request_page(self.page(leaf)),
            }
            self.current_leaf = Some(leaf);
        }
        self.rows += 1;
        self.uncharged += 1;
    }

    /// The scan is over: charges the last rows; an empty scan still read the root page.
    pub fn finish(&mut self, costs: &mut Costs, work: &mut Work) {
        let start = costs.clock.now();
        costs.charge_rows(self.uncharged, work);
        self.uncharged = 0;
        if self.current_leaf.is_none() {
            costs.request_page(self.page(0));
        }
        self.spent_ns += costs.clock.now().since(start).as_nanos();
    }
}
