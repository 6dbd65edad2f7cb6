//! The pool's background work: online resize (`SET GLOBAL innodb_buffer_pool_size`) with the
//! stages `Innodb_buffer_pool_resize_status` reports, and the load of `ib_buffer_pool` after a
//! restart with `Innodb_buffer_pool_load_status` (buf0buf.cc `buf_pool_resize`, buf0dump.cc;
//! MYSQL_SPEC.md §1.5, §1.7). Both run in simulated time: a statement that reads the status
//! sees the stage reached by then, and page gets wait while a resize holds the pool.

use super::{BufferPool, PageId};
use crate::sim::{civil_time_at, Disk, SimDuration, SimTime};
use std::collections::VecDeque;

/// Time to withdraw one block when shrinking (relocate or free it and its descriptor).
/// Simplification: a constant of the simulator, not of the hardware profile.
const WITHDRAW_PER_BLOCK: SimDuration = SimDuration::from_nanos(1_500);
/// Time to allocate and register one 128 MB chunk when growing (zeroing its descriptors).
const ALLOCATE_PER_CHUNK: SimDuration = SimDuration::from_millis(35);
/// Time for each of the short stages (latching, resizing hash tables).
const STAGE: SimDuration = SimDuration::from_millis(2);

/// One stage of a resize: from `at`, the status reads `text` with this code and progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResizeStage {
    pub at: SimTime,
    pub text: String,
    /// `Innodb_buffer_pool_resize_status_code`.
    pub code: u64,
    /// `Innodb_buffer_pool_resize_status_progress`, in percent.
    pub progress: u64,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Resize {
    /// The stages of the resize in progress or last done (empty: none since startup).
    stages: Vec<ResizeStage>,
    /// When the pool takes its new size, and that size, while a resize is in progress.
    pending: Option<(SimTime, u64)>,
}

impl Resize {
    pub fn done_at(&self) -> Option<SimTime> {
        self.pending.map(|(t, _)| t)
    }
}

/// Where a load of `ib_buffer_pool` stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LoadState {
    #[default]
    NotStarted,
    Loading {
        started: SimTime,
        total: u64,
    },
    Completed {
        at: SimTime,
        empty: bool,
    },
}

#[derive(Clone, Debug, Default)]
pub(super) struct Load {
    state: LoadState,
    /// Pages still to arrive, with when each arrives, in arrival order.
    queue: VecDeque<(PageId, SimTime)>,
    loaded: u64,
    path: String,
}

impl BufferPool {
    /// Starts an online resize to `new_capacity` pages at `now`. `unit` is chunk size x
    /// instances in bytes; `ahi` whether the adaptive hash index is on (it is disabled for the
    /// duration). The new size applies when the resize completes.
    pub fn start_resize(
        &mut self,
        new_capacity: u64,
        unit_bytes: u64,
        chunk_bytes: u64,
        ahi: bool,
        now: SimTime,
    ) {
        // A resize requested while one runs waits for it, as InnoDB serialises them.
        let now = self.resize.done_at().map_or(now, |t| t.max(now));
        self.run_background(now);
        let old = self.capacity_pages();
        let page = crate::sim::disk::PAGE_SIZE_BYTES;
        let (old_bytes, new_bytes) = (old * page, new_capacity * page);
        let mut stages = Vec::new();
        let mut t = now;
        let mut push = |t: SimTime, text: String, code: u64, progress: u64| {
            stages.push(ResizeStage { at: t, text, code, progress })
        };
        push(
            t,
            format!("Resizing buffer pool from {old_bytes} to {new_bytes} (unit={unit_bytes})."),
            1,
            0,
        );
        if ahi {
            t += STAGE;
            push(t, "Disabling adaptive hash index.".into(), 2, 0);
        }
        if new_capacity < old {
            t += STAGE;
            push(t, "Withdrawing blocks to be shrunken.".into(), 3, 0);
            // Blocks in the chunks that go: every frame beyond the new size is withdrawn,
            // resident pages first leave the LRU tail.
            t += WITHDRAW_PER_BLOCK.saturating_mul(old - new_capacity);
        }
        t += STAGE;
        push(t, "Latching whole of buffer pool.".into(), 4, 0);
        let per = |pages: u64| pages * page / chunk_bytes.max(1) / self.instances.len() as u64;
        let n = self.instances.len();
        for i in 0..n {
            push(
                t,
                format!(
                    "buffer pool {i} : resizing with chunks {} to {}.",
                    per(old),
                    per(new_capacity)
                ),
                5,
                (i as u64 + 1) * 100 / n as u64,
            );
            if new_capacity > old {
                t += ALLOCATE_PER_CHUNK.saturating_mul(per(new_capacity) - per(old));
            }
        }
        t += STAGE;
        push(t, "Resizing hash tables.".into(), 6, 0);
        t += STAGE;
        push(t, "Resizing also other hash tables.".into(), 6, 100);
        t += STAGE;
        if ahi {
            push(t, "Re-enabling adaptive hash index.".into(), 6, 100);
        }
        // UNCONFIRMED: the code and progress once a resize has completed; we show 0 (no resize
        // in progress) and 100.
        push(
            t,
            format!("Completed resizing buffer pool at {}.", civil_time_at(t).innodb_timestamp()),
            0,
            100,
        );
        self.resize = Resize { stages, pending: Some((t, new_capacity)) };
    }

    /// The resize status at `now`: (text, code, progress).
    pub fn resize_status(&self, now: SimTime) -> (String, u64, u64) {
        self.resize
            .stages
            .iter()
            .rev()
            .find(|s| s.at <= now)
            .map(|s| (s.text.clone(), s.code, s.progress))
            .unwrap_or_default()
    }

    /// Runs the pool's background work due by `now`: a resize that has completed takes
    /// effect; pages of a load that have arrived enter the LRU list.
    pub fn run_background(&mut self, now: SimTime) {
        if let Some((done, capacity)) = self.resize.pending {
            if done <= now {
                self.resize.pending = None;
                self.apply_capacity(capacity);
            }
        }
        if matches!(self.load.state, LoadState::Loading { .. }) {
            let ratio = self.config.old_ratio();
            // Bounded by the queue, which never holds more than the pool's capacity.
            while let Some(&(page, arrives)) = self.load.queue.front() {
                if arrives > now {
                    break;
                }
                self.load.queue.pop_front();
                let i = self.instance_of(page);
                if !self.instances[i].is_full() && self.instances[i].find(page).is_none() {
                    self.log_read(page);
                    self.instances[i].add_with_ratio(page, true, arrives, false, ratio);
                    self.load.loaded += 1;
                }
            }
            if self.load.queue.is_empty() {
                let at = now.min(self.load_done_at().unwrap_or(now));
                self.load.state = LoadState::Completed { at, empty: false };
            }
        }
    }

    /// Gives every instance its share of `capacity` pages, evicting LRU tails to fit.
    fn apply_capacity(&mut self, capacity: u64) {
        let n = self.instances.len() as u64;
        let per = (capacity / n).max(1);
        let ratio = self.config.old_ratio();
        for inst in &mut self.instances {
            inst.capacity = per;
            // Bounded by the pages resident.
            while inst.len() > per {
                let Some(slot) = inst.tail() else { break };
                if inst.frame(slot).read_ahead && inst.frame(slot).first_access.is_none() {
                    self.stats.read_ahead_evicted += 1;
                }
                inst.remove(slot, ratio);
                inst.freed_page_clock += 1;
                self.stats.evictions += 1;
            }
        }
    }

    /// The pages `SET GLOBAL innodb_buffer_pool_dump_now = ON` or a shutdown writes: from each
    /// instance's LRU head, `pct` percent of its pages (at least one).
    pub fn dump(&self, pct: u64) -> Vec<PageId> {
        let mut pages = Vec::new();
        for inst in &self.instances {
            if inst.len() == 0 {
                continue;
            }
            let n = (inst.len() * pct.clamp(1, 100) / 100).max(1);
            pages.extend(inst.iter_lru().take(n as usize).map(|f| f.page));
        }
        pages
    }

    /// Starts loading `pages` (the dump file's list) in the background at `now`: sorted by
    /// (space, page) and capped at the pool's size, read in runs of adjacent pages.
    pub fn start_load(
        &mut self,
        mut pages: Vec<PageId>,
        path: &str,
        now: SimTime,
        disk: &mut Disk,
    ) {
        pages.sort();
        pages.dedup();
        pages.truncate(self.capacity_pages() as usize);
        self.load = Load { path: path.to_string(), ..Load::default() };
        if pages.is_empty() {
            self.load.state = LoadState::Completed { at: now, empty: true };
            return;
        }
        let total = pages.len() as u64;
        let mut t = now;
        let mut run_start = 0;
        // Bounded by the list: each pass consumes one run of adjacent pages.
        while run_start < pages.len() {
            let mut end = run_start + 1;
            while end < pages.len()
                && pages[end].space == pages[end - 1].space
                && pages[end].page_no == pages[end - 1].page_no + 1
            {
                end += 1;
            }
            let arrivals = disk.read_batch(pages[run_start..end].iter().map(|p| p.space));
            for (page, arrives) in pages[run_start..end].iter().zip(&arrivals) {
                self.load.queue.push_back((*page, t + *arrives));
            }
            t += arrivals.last().copied().unwrap_or(SimDuration::ZERO);
            run_start = end;
        }
        self.load.state = LoadState::Loading { started: now, total };
    }

    fn load_done_at(&self) -> Option<SimTime> {
        self.load.queue.back().map(|(_, t)| *t)
    }

    /// `Innodb_buffer_pool_load_status` at `now`.
    pub fn load_status(&self, now: SimTime) -> String {
        match &self.load.state {
            LoadState::NotStarted => "Loading of buffer pool not started".into(),
            LoadState::Loading { total, .. } => {
                let arrived = self.load.loaded
                    + self.load.queue.iter().take_while(|(_, t)| *t <= now).count() as u64;
                if arrived < 2048 {
                    format!("Loading buffer pool(s) from {}", self.load.path)
                } else {
                    // Reported every 2,048 pages (32 MB of 16 KB pages).
                    format!("Loaded {}/{total} pages", arrived / 2048 * 2048)
                }
            }
            LoadState::Completed { at, empty } => {
                let ts = civil_time_at(*at).innodb_timestamp();
                if *empty {
                    format!("Buffer pool(s) load completed at {ts} ({} was empty)", self.load.path)
                } else {
                    format!("Buffer pool(s) load completed at {ts}")
                }
            }
        }
    }

    pub fn load_state(&self) -> &LoadState {
        &self.load.state
    }
}
