//! The InnoDB buffer pool: every page a statement touches is fetched here. A fetch finds the
//! page resident (a hit), still arriving from an asynchronous read (a wait), or absent (a
//! synchronous read that may evict the LRU tail). The rules are InnoDB's (MYSQL_SPEC.md §1):
//! instances chosen by hashing the page's extent, LRU lists with midpoint insertion and
//! `innodb_old_blocks_time`, linear and random read-ahead, online resize in the background,
//! and a dump of the hottest pages at shutdown that is loaded back at startup.
//!
//! Every counter a tuner reads (`Innodb_buffer_pool_*`) is kept in [`PoolStats`] and published
//! into the status variables by the server.

mod lru;
mod page_map;
mod read_ahead;
mod resize;

pub use lru::Frame;
use lru::{Instance, OLD_RATIO_DIV};
pub use resize::{LoadState, ResizeStage};

use crate::sim::{Disk, SimDuration, SimTime};
use serde::Serialize;
use std::collections::BTreeMap;

/// A page: tablespace id and page number within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PageId {
    pub space: u32,
    pub page_no: u64,
}

/// The settings of the pool that can change while it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolConfig {
    /// `innodb_old_blocks_pct`.
    pub old_blocks_pct: u64,
    /// `innodb_old_blocks_time`, in milliseconds.
    pub old_blocks_time_ms: u64,
    /// `innodb_read_ahead_threshold` (0 disables linear read-ahead).
    pub read_ahead_threshold: u64,
    /// `innodb_random_read_ahead`.
    pub random_read_ahead: bool,
}

impl Default for PoolConfig {
    fn default() -> Self {
        PoolConfig {
            old_blocks_pct: 37,
            old_blocks_time_ms: 1000,
            read_ahead_threshold: 56,
            random_read_ahead: false,
        }
    }
}

impl PoolConfig {
    /// The old sublist's share as InnoDB keeps it, out of 1024.
    fn old_ratio(&self) -> u64 {
        (self.old_blocks_pct.clamp(5, 95) * OLD_RATIO_DIV / 100).max(1)
    }
}

/// The counters of `SHOW ENGINE INNODB STATUS` and the `Innodb_buffer_pool_*` status
/// variables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PoolStats {
    /// Page gets: every fetch, and again for each retry after waiting for a read.
    pub read_requests: u64,
    /// Pages read synchronously (plus random read-ahead pages, as InnoDB counts them).
    pub reads: u64,
    /// Pages brought in by linear read-ahead.
    pub read_ahead: u64,
    /// Pages brought in by random read-ahead.
    pub read_ahead_rnd: u64,
    /// Read-ahead pages evicted before anything used them.
    pub read_ahead_evicted: u64,
    pub made_young: u64,
    pub not_made_young: u64,
    /// Pages evicted from an LRU tail (the sum of the instances' `freed_page_clock`).
    pub evictions: u64,
    /// Times a fetch found no clean page to reuse and waited for a page to be written.
    pub wait_free: u64,
    /// Pages written back (flushed) before they could be reused.
    pub pages_flushed: u64,
    /// Page modifications.
    pub write_requests: u64,
    /// Pages created in the pool without a read (`buf_page_create`).
    pub pages_created: u64,
}

/// What one fetch did, for the caller's clock and I/O counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fetch {
    /// The page was resident and its read complete when asked for.
    pub hit: bool,
    /// When the page was ready for the caller (at or after the time of the request).
    pub ready_at: SimTime,
    /// Pages read from disk by this fetch: the page itself and any read-ahead it triggered.
    pub pages_read: u64,
    /// OS read requests those pages took.
    pub os_reads: u64,
    /// Pages written to free a frame.
    pub pages_written: u64,
}

/// Most pages one read log holds between two takes (a 64 GB read); later reads go unlogged.
pub const READ_LOG_MAX: usize = 1 << 22;

/// One resident page as `information_schema.INNODB_BUFFER_PAGE_LRU` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LruPage {
    pub pool_id: u32,
    /// Place in its instance's LRU list, 0 at the head.
    pub position: u64,
    pub page: PageId,
    pub old: bool,
    pub first_access: Option<SimTime>,
    pub freed_page_clock: u64,
    pub dirty: bool,
    /// Its read has not completed yet (`IO_READ`).
    pub reading: bool,
}

/// The buffer pool.
#[derive(Clone, Debug)]
pub struct BufferPool {
    instances: Vec<Instance>,
    config: PoolConfig,
    stats: PoolStats,
    /// Pages in each tablespace, so read-ahead stays inside the file.
    space_pages: BTreeMap<u32, u64>,
    /// When the disk finishes the asynchronous reads queued so far.
    async_reads_done_at: SimTime,
    resize: resize::Resize,
    load: resize::Load,
    /// Pages read from disk since the last [`BufferPool::take_read_log`], when a lesson's
    /// pool map asks for them (at most [`READ_LOG_MAX`]).
    read_log: Option<Vec<PageId>>,
}

impl BufferPool {
    /// A pool of `capacity_pages` pages split into `instances` instances, empty.
    pub fn new(capacity_pages: u64, instances: u32, config: PoolConfig) -> BufferPool {
        let n = instances.clamp(1, 64);
        let per = (capacity_pages / u64::from(n)).max(1);
        BufferPool {
            instances: (0..n).map(|_| Instance::new(per)).collect(),
            config,
            stats: PoolStats::default(),
            space_pages: BTreeMap::new(),
            async_reads_done_at: SimTime::ZERO,
            resize: resize::Resize::default(),
            load: resize::Load::default(),
            read_log: None,
        }
    }

    /// Starts logging the pages read from disk (synchronously, by read-ahead or by a load).
    pub fn enable_read_log(&mut self) {
        self.read_log.get_or_insert_with(Vec::new);
    }

    /// The pages read since the last call, in order.
    pub fn take_read_log(&mut self) -> Vec<PageId> {
        self.read_log.as_mut().map(std::mem::take).unwrap_or_default()
    }

    fn log_read(&mut self, page: PageId) {
        if let Some(log) = self.read_log.as_mut() {
            if log.len() < READ_LOG_MAX {
                log.push(page);
            }
        }
    }

    pub fn set_config(&mut self, config: PoolConfig) {
        self.config = config;
        let ratio = config.old_ratio();
        for i in &mut self.instances {
            i.set_old_ratio(ratio);
        }
    }

    pub fn config(&self) -> PoolConfig {
        self.config
    }

    /// Tells the pool how many pages a tablespace has (read-ahead never reads past the end).
    pub fn set_space_pages(&mut self, space: u32, pages: u64) {
        self.space_pages.insert(space, pages);
    }

    /// The instance a page belongs to: InnoDB hashes (space, page_no / 64), so one extent's
    /// pages share an instance (`buf_pool_get`).
    fn instance_of(&self, page: PageId) -> usize {
        let n = self.instances.len() as u64;
        let fold = (u64::from(page.space) << 20) + u64::from(page.space) + (page.page_no >> 6);
        (fold % n) as usize
    }

    /// Fetches a page for a statement at time `now`: `buf_page_get_gen`. A hit may still wait
    /// for a read in flight; a miss reads the page (evicting the LRU tail if the instance is
    /// full). Either wait ends in a retried page get, which InnoDB counts as another request.
    pub fn fetch(&mut self, page: PageId, now: SimTime, disk: &mut Disk) -> Fetch {
        let mut out = Fetch { ready_at: now, ..Fetch::default() };
        // A resize in progress blocks new page gets until it completes.
        if let Some(done) = self.resize.done_at() {
            out.ready_at = out.ready_at.max(done);
        }
        self.run_background(out.ready_at);
        self.stats.read_requests += 1;
        let ratio = self.config.old_ratio();
        let i = self.instance_of(page);
        // When InnoDB stamps the access and decides on making the page young: for a resident
        // page, before it waits for a read still in flight (`Buf_fetch::single_page` stamps,
        // then `buf_wait_for_read`); for an absent page, once its read is done.
        let mut accessed_at = out.ready_at;
        let slot = match self.instances[i].find(page) {
            Some(slot) => {
                let arrives = self.instances[i].frame(slot).io_done_at;
                if arrives > out.ready_at {
                    out.ready_at = arrives;
                    self.stats.read_requests += 1;
                } else {
                    out.hit = true;
                }
                slot
            }
            None => {
                self.make_room(i, out.ready_at, disk, &mut out);
                let read = disk.read_pages(page.space, 1);
                out.ready_at += read;
                out.pages_read += 1;
                out.os_reads += 1;
                self.stats.reads += 1;
                self.stats.read_requests += 1;
                self.log_read(page);
                let slot = self.instances[i].add_with_ratio(page, true, out.ready_at, false, ratio);
                accessed_at = out.ready_at;
                if self.config.random_read_ahead {
                    self.random_read_ahead(page, out.ready_at, disk, &mut out);
                }
                slot
            }
        };
        let now = out.ready_at;
        let first_access = {
            let f = self.instances[i].frame_mut(slot);
            let first = f.first_access.is_none();
            if first {
                f.first_access = Some(accessed_at);
                f.read_ahead = false;
            }
            first
        };
        self.make_young_if_needed(i, slot, accessed_at);
        if first_access {
            self.linear_read_ahead(page, now, disk, &mut out);
        }
        out
    }

    /// `buf_page_make_young_if_needed` / `buf_page_peek_if_too_old`.
    fn make_young_if_needed(&mut self, i: usize, slot: u32, now: SimTime) {
        let ratio = self.config.old_ratio();
        let inst = &mut self.instances[i];
        // Until the pool first evicts a page, nothing moves (warm-up, or it all fits).
        if inst.freed_page_clock == 0 {
            return;
        }
        let f = inst.frame(slot);
        let too_old = if self.config.old_blocks_time_ms != 0 && f.old {
            // InnoDB keeps access times in milliseconds.
            let first_ms = f.first_access.map_or(0, |t| t.0 / 1_000_000);
            if now.0 / 1_000_000 - first_ms.min(now.0 / 1_000_000) >= self.config.old_blocks_time_ms
            {
                true
            } else {
                self.stats.not_made_young += 1;
                false
            }
        } else {
            !inst.is_young_enough(slot, ratio)
        };
        if too_old {
            if inst.frame(slot).old {
                self.stats.made_young += 1;
            }
            inst.make_young(slot, ratio);
        }
    }

    /// Frees a frame in instance `i` if it is full: the LRU tail leaves (written first if
    /// dirty). Pages whose read is still in flight cannot leave; the search for a victim is
    /// bounded as InnoDB's LRU scan depth is.
    fn make_room(&mut self, i: usize, now: SimTime, disk: &mut Disk, out: &mut Fetch) {
        const SCAN_DEPTH: usize = 1024;
        let ratio = self.config.old_ratio();
        let inst = &mut self.instances[i];
        if !inst.is_full() {
            return;
        }
        let victim = {
            let mut candidate = None;
            let mut at = inst.tail();
            for _ in 0..SCAN_DEPTH {
                let Some(slot) = at else { break };
                if inst.frame(slot).io_done_at <= now {
                    candidate = Some(slot);
                    break;
                }
                at = inst.prev_slot(slot);
            }
            candidate.or(inst.tail())
        };
        let Some(slot) = victim else { return };
        let f = inst.frame(slot);
        if f.read_ahead && f.first_access.is_none() {
            self.stats.read_ahead_evicted += 1;
        }
        if f.dirty {
            // Simplification: the thread writes the page itself (a single-page flush) rather
            // than waiting for the page cleaner's LRU flush; either way it waited.
            let write = disk.write(crate::sim::disk::PAGE_SIZE_BYTES);
            disk.note_write(f.page.space, crate::sim::disk::PAGE_SIZE_BYTES, write);
            out.ready_at += write;
            out.pages_written += 1;
            self.stats.wait_free += 1;
            self.stats.pages_flushed += 1;
        }
        inst.remove(slot, ratio);
        inst.freed_page_clock += 1;
        self.stats.evictions += 1;
    }

    /// A page a write creates (`buf_page_create`): it enters at the LRU head, young and
    /// accessed, without a read; a full instance evicts its tail first. Returns whether the
    /// pool holds one more page than before.
    pub fn create_page(&mut self, page: PageId, now: SimTime, disk: &mut Disk) -> bool {
        let i = self.instance_of(page);
        if self.instances[i].find(page).is_some() {
            return false;
        }
        let grows = !self.instances[i].is_full();
        let mut out = Fetch::default();
        self.make_room(i, now, disk, &mut out);
        let ratio = self.config.old_ratio();
        let slot = self.instances[i].add_with_ratio(page, false, now, false, ratio);
        self.instances[i].frame_mut(slot).first_access = Some(now);
        self.stats.pages_created += 1;
        grows
    }

    /// Zeroes the counters but the pages created (the pool's contents and eviction clocks
    /// stay).
    pub fn reset_stats_but_created(&mut self) {
        self.stats = PoolStats { pages_created: self.stats.pages_created, ..PoolStats::default() };
    }

    /// Marks a resident page modified (a row change); a page not resident is fetched first by
    /// the caller.
    pub fn mark_dirty(&mut self, page: PageId) {
        self.stats.write_requests += 1;
        let i = self.instance_of(page);
        if let Some(slot) = self.instances[i].find(page) {
            let inst = &mut self.instances[i];
            if !inst.frame(slot).dirty {
                inst.frame_mut(slot).dirty = true;
                inst.dirty += 1;
            }
        }
    }

    /// The page cleaner wrote `pages` pages (the redo log's flush list decides how many,
    /// [`crate::innodb::redo::RedoLog::take_cleaned`]): they count in
    /// `Innodb_buffer_pool_pages_flushed`, and as many modified pages, from the cold end of
    /// the LRU list, are clean again.
    ///
    /// Simplification: the flush list orders pages by their oldest change; the pool does not
    /// keep that order, so the coldest modified pages are the ones marked clean.
    pub fn cleaned_by_page_cleaner(&mut self, pages: u64) {
        self.stats.pages_flushed += pages;
        let mut left = pages;
        for inst in &mut self.instances {
            if left == 0 {
                break;
            }
            // Bounded by the instance's frames.
            let slots: Vec<u32> = inst
                .slots_from_tail()
                .filter(|&s| inst.frame(s).dirty)
                .take(left.min(u64::from(u32::MAX)) as usize)
                .collect();
            for s in slots {
                inst.frame_mut(s).dirty = false;
                inst.dirty -= 1;
                left -= 1;
            }
        }
    }

    /// Whether a page is resident (no request counted).
    pub fn contains(&self, page: PageId) -> bool {
        self.instances[self.instance_of(page)].find(page).is_some()
    }

    /// Reads where a page is and its frame's state, changing and counting nothing: the
    /// simulator's own prefetch. A caller that will request the page after some unrelated
    /// work of its own calls this first, so that the processor fetches both from memory at
    /// once (in a multi-gigabyte pool each is a cache miss). It has no simulated effect.
    pub fn warm(&self, page: PageId) -> bool {
        let inst = &self.instances[self.instance_of(page)];
        inst.find(page).is_some_and(|slot| inst.frame(slot).first_access.is_some())
    }

    /// Drops every page of a tablespace (DROP TABLE, TRUNCATE); returns how many there were.
    pub fn discard_space(&mut self, space: u32) -> u64 {
        let ratio = self.config.old_ratio();
        let mut n = 0;
        for inst in &mut self.instances {
            let slots: Vec<u32> =
                inst.slots_from_tail().filter(|&s| inst.frame(s).page.space == space).collect();
            for s in slots {
                inst.remove(s, ratio);
                n += 1;
            }
        }
        self.space_pages.remove(&space);
        n
    }

    pub fn capacity_pages(&self) -> u64 {
        self.instances.iter().map(|i| i.capacity).sum()
    }

    pub fn instances(&self) -> u32 {
        self.instances.len() as u32
    }

    pub fn pages_data(&self) -> u64 {
        self.instances.iter().map(|i| i.len()).sum()
    }

    pub fn pages_old(&self) -> u64 {
        self.instances.iter().map(|i| i.old_len()).sum()
    }

    pub fn pages_dirty(&self) -> u64 {
        self.instances.iter().map(|i| i.dirty).sum()
    }

    pub fn pages_free(&self) -> u64 {
        self.capacity_pages().saturating_sub(self.pages_data())
    }

    pub fn stats(&self) -> PoolStats {
        self.stats
    }

    /// Per-instance figures for `INNODB_BUFFER_POOL_STATS`: (pool size, free, LRU length, old).
    pub fn instance_figures(&self) -> Vec<(u64, u64, u64, u64, u64)> {
        self.instances
            .iter()
            .map(|i| {
                (i.capacity, i.capacity.saturating_sub(i.len()), i.len(), i.old_len(), i.dirty)
            })
            .collect()
    }

    /// Every resident page, instance by instance, each LRU list from head to tail.
    pub fn lru_pages(&self, now: SimTime) -> Vec<LruPage> {
        let mut out = Vec::with_capacity(self.pages_data() as usize);
        for (pool_id, inst) in self.instances.iter().enumerate() {
            for (position, f) in inst.iter_lru().enumerate() {
                out.push(LruPage {
                    pool_id: pool_id as u32,
                    position: position as u64,
                    page: f.page,
                    old: f.old,
                    first_access: f.first_access,
                    freed_page_clock: f.freed_page_clock,
                    dirty: f.dirty,
                    reading: f.io_done_at > now,
                });
            }
        }
        out
    }

    /// Where the pages `first..first + pages` of tablespace `space` are: for each of
    /// `buckets` equal stretches of that range, in order, how many of its pages are resident
    /// in the young part of the LRU list and how many in the old part. The lessons' map of a
    /// table in the pool; one pass over the resident pages.
    pub fn residency(&self, space: u32, first: u64, pages: u64, buckets: u32) -> Vec<(u32, u32)> {
        let buckets = u64::from(buckets.max(1));
        let per_bucket = pages.div_ceil(buckets).max(1);
        let mut out = vec![(0u32, 0u32); pages.div_ceil(per_bucket) as usize];
        for inst in &self.instances {
            for f in inst.iter_lru() {
                if f.page.space != space
                    || f.page.page_no < first
                    || f.page.page_no >= first + pages
                {
                    continue;
                }
                let cell = &mut out[((f.page.page_no - first) / per_bucket) as usize];
                if f.old {
                    cell.1 += 1;
                } else {
                    cell.0 += 1;
                }
            }
        }
        out
    }

    /// Queues asynchronous reads of `pages` (absent ones only) at the midpoint, unaccessed:
    /// read-ahead and buffer pool load. Returns how many were queued.
    fn read_async(
        &mut self,
        pages: &[PageId],
        now: SimTime,
        disk: &mut Disk,
        out: &mut Fetch,
    ) -> u64 {
        let absent: Vec<PageId> = pages.iter().copied().filter(|p| !self.contains(*p)).collect();
        if absent.is_empty() {
            return 0;
        }
        let start = now.max(self.async_reads_done_at);
        let arrivals = disk.read_batch(absent.iter().map(|p| p.space));
        let ratio = self.config.old_ratio();
        for (page, arrives) in absent.iter().zip(&arrivals) {
            let i = self.instance_of(*page);
            self.make_room(i, now, disk, out);
            self.log_read(*page);
            self.instances[i].add_with_ratio(*page, true, start + *arrives, true, ratio);
        }
        self.async_reads_done_at = start + arrivals.last().copied().unwrap_or(SimDuration::ZERO);
        out.pages_read += absent.len() as u64;
        out.os_reads += absent.len() as u64;
        absent.len() as u64
    }
}

#[cfg(test)]
mod tests;
