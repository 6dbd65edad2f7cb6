//! What a running server's performance_schema keeps of its waits: the summary by event name,
//! the file summaries (from `sim::Disk`'s per-file counters, taken after each statement), and
//! the per-thread and long histories, as the consumers allow.

use super::event::WaitEvent;
use super::files::{file_class, FileSums};
use crate::instruments::setup::InstrumentSettings;
use crate::sim::disk::FileIo;
use crate::sim::{Disk, SimTime};
use std::collections::{BTreeMap, VecDeque};

/// COUNT_STAR and the timers of one event name, in picoseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WaitSums {
    pub count: u64,
    pub sum_ps: u64,
    pub min_ps: u64,
    pub max_ps: u64,
}

impl WaitSums {
    /// Adds one wait (`timed`: its timer counts).
    pub fn add(&mut self, ps: u64, timed: bool) {
        let first = self.count == 0;
        self.count += 1;
        if timed {
            self.min_ps = if first { ps } else { self.min_ps.min(ps) };
            self.sum_ps += ps;
            self.max_ps = self.max_ps.max(ps);
        }
    }

    /// Adds `n` waits that took `sum_ps` together, the least `min_ps` and the most `max_ps`.
    pub fn add_many(&mut self, n: u64, sum_ps: u64, min_ps: u64, max_ps: u64) {
        if n == 0 {
            return;
        }
        let first = self.count == 0;
        self.count += n;
        if sum_ps > 0 || max_ps > 0 {
            self.min_ps = if first { min_ps } else { self.min_ps.min(min_ps) };
            self.sum_ps += sum_ps;
            self.max_ps = self.max_ps.max(max_ps);
        }
    }

    /// COUNT_STAR, SUM, MIN, AVG, MAX.
    pub fn columns(&self) -> [u64; 5] {
        let avg = self.sum_ps.checked_div(self.count).unwrap_or(0);
        [self.count, self.sum_ps, self.min_ps, avg, self.max_ps]
    }
}

/// The wait tables of one running server.
#[derive(Clone, Debug)]
pub struct WaitInstruments {
    /// `performance_schema_events_waits_history_size` (rows a thread).
    pub history_size: usize,
    /// `performance_schema_events_waits_history_long_size`.
    pub history_long_size: usize,
    /// `events_waits_summary_global_by_event_name`, the event names that had waits.
    pub by_event_name: BTreeMap<&'static str, WaitSums>,
    /// `file_summary_by_instance`, by file (`Disk::file_io`'s key).
    pub by_file: BTreeMap<u32, FileSums>,
    /// `file_summary_by_event_name`.
    pub by_file_class: BTreeMap<&'static str, FileSums>,
    /// `events_waits_current`: each thread's last wait.
    pub current: BTreeMap<u64, WaitEvent>,
    /// `events_waits_history`.
    pub per_thread: BTreeMap<u64, VecDeque<WaitEvent>>,
    /// `events_waits_history_long`.
    pub long: VecDeque<WaitEvent>,
    /// The disk's per-file counters when last taken, and its I/O count then.
    seen: BTreeMap<u32, FileIo>,
    seen_io: u64,
    /// When the server started: the timers count picoseconds from it.
    pub started_at: SimTime,
    /// The `performance_schema` variable (startup-only), read once.
    pub performance_schema: bool,
}

impl WaitInstruments {
    /// Empty tables for a server started at `started_at`.
    pub fn new(history_size: usize, history_long_size: usize, started_at: SimTime) -> Self {
        WaitInstruments {
            history_size,
            history_long_size,
            by_event_name: BTreeMap::new(),
            by_file: BTreeMap::new(),
            by_file_class: BTreeMap::new(),
            current: BTreeMap::new(),
            per_thread: BTreeMap::new(),
            long: VecDeque::new(),
            seen: BTreeMap::new(),
            seen_io: 0,
            started_at,
            performance_schema: true,
        }
    }

    /// Counts only the I/O `disk` does from now on.
    pub fn mark_disk(&mut self, disk: &Disk) {
        self.seen = disk.file_io().clone();
        self.seen_io = disk.io_count();
    }

    /// Takes the I/O `disk` did since the last call into the file summaries and the summary by
    /// event name, for the file instruments that are enabled (`collect`: global
    /// instrumentation is on). Cheap when there was no I/O.
    pub fn absorb_disk(&mut self, disk: &Disk, setup: &InstrumentSettings, collect: bool) {
        if disk.io_count() == self.seen_io {
            return;
        }
        self.seen_io = disk.io_count();
        // Bounded by the files the server has.
        for (space, now) in disk.file_io() {
            let before = self.seen.get(space).copied().unwrap_or_default();
            if *now == before {
                continue;
            }
            self.seen.insert(*space, *now);
            let class = file_class(*space);
            let Some(s) = setup.of(class).filter(|s| s.enabled && collect) else { continue };
            let timed = s.timed == Some(true);
            let mut delta = FileSums::default();
            delta.read.add_delta(&now.read, &before.read, timed);
            delta.write.add_delta(&now.write, &before.write, timed);
            delta.misc.add_delta(&now.misc, &before.misc, timed);
            self.by_file.entry(*space).or_default().merge(&delta);
            self.by_file_class.entry(class).or_default().merge(&delta);
            let t = delta.total();
            self.by_event_name
                .entry(class)
                .or_default()
                .add_many(t.count, t.sum_ps, t.min_ps, t.max_ps);
        }
    }

    /// Sums a wait that is not file I/O (table I/O, idle) into the summary by event name.
    pub fn sum(&mut self, e: &WaitEvent) {
        self.by_event_name.entry(e.event_name).or_default().add(e.timer_wait_ps(), e.timed);
    }

    /// Keeps a finished wait in the tables whose consumers are on.
    pub fn keep(&mut self, e: WaitEvent, history: bool, long: bool) {
        if history && self.history_size > 0 {
            let h = self.per_thread.entry(e.thread_id).or_default();
            if h.len() >= self.history_size {
                h.pop_front();
            }
            h.push_back(e.clone());
        }
        if long && self.history_long_size > 0 {
            if self.long.len() >= self.history_long_size {
                self.long.pop_front();
            }
            self.long.push_back(e.clone());
        }
        self.current.insert(e.thread_id, e);
    }

    /// A connection ended: its thread's rows go.
    pub fn forget_thread(&mut self, thread: u64) {
        self.current.remove(&thread);
        self.per_thread.remove(&thread);
    }

    /// TRUNCATE TABLE of a wait table: true if `table` is one this module keeps.
    pub fn truncate(&mut self, table: &str) -> bool {
        match table.to_ascii_lowercase().as_str() {
            "events_waits_current" => self.current.clear(),
            "events_waits_history" => self.per_thread.clear(),
            "events_waits_history_long" => self.long.clear(),
            "events_waits_summary_global_by_event_name" => self.by_event_name.clear(),
            "file_summary_by_instance" => self.by_file.clear(),
            "file_summary_by_event_name" => self.by_file_class.clear(),
            _ => return false,
        }
        true
    }
}
