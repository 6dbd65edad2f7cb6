//! `memory_summary_global_by_event_name`: one row per memory instrument (every `memory/%`
//! class), with the memory the simulator accounts under its real event name and the rest at
//! zero:
//!
//! ```text
//!   the buffer pool's size        ->  memory/innodb/buf_buf_pool (allocated whole at startup)
//!   mysqld's fixed buffers        ->  memory/performance_schema/*, memory/innodb/log_buffer_memory,
//!                                     memory/mysys/KEY_CACHE (`mysqld_memory`, at startup)
//!   host category "temptable"    ->  memory/temptable/physical_ram
//!   host category "connections"  ->  memory/sql/NET::buff
//!   a filesort's sort buffer      ->  memory/sql/Filesort_buffer::sort_keys
//! ```
//!
//! Simplifications: the host's accounts are read after each statement (with the most each
//! category held in between), and each rise to that peak is counted as one allocation and
//! each fall from it as one free (COUNT_ALLOC, COUNT_FREE); a connection's whole base memory (its
//! thread's stack as touched and its network buffer) is counted as its network buffer; the
//! rest of mysqld's base memory (code, the data dictionary) is in no row, as in MySQL; a sort
//! buffer is one allocation of what the sort filled (MySQL 8.0.12+ grows it in blocks up to
//! sort_buffer_size as the rows need), freed before the statement ends.

use super::setup::InstrumentSettings;
use std::collections::BTreeMap;

/// The host's memory categories that have an instrument, and its name.
pub const ACCOUNTED: [(&str, &str); 4] = [
    ("buffer pool", "memory/innodb/buf_buf_pool"),
    ("temptable", "memory/temptable/physical_ram"),
    ("connections", "memory/sql/NET::buff"),
    ("userstat", USERSTAT_INSTRUMENT),
];

/// Percona Server's USER_STATISTICS memory. Not a MySQL instrument (so not in
/// setup_instruments' list): its row appears once the statistics hold memory, which only a
/// Percona Server's do (UNCONFIRMED name).
pub const USERSTAT_INSTRUMENT: &str = "memory/sql/userstat";

/// One instrument's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemorySums {
    pub count_alloc: u64,
    pub count_free: u64,
    pub bytes_alloc: u64,
    pub bytes_free: u64,
    pub high_count: u64,
    pub high_bytes: u64,
}

impl MemorySums {
    pub fn current_bytes(&self) -> u64 {
        self.bytes_alloc.saturating_sub(self.bytes_free)
    }
    pub fn current_count(&self) -> u64 {
        self.count_alloc.saturating_sub(self.count_free)
    }
}

/// The sort buffers' instrument.
pub const SORT_BUFFER_INSTRUMENT: &str = "memory/sql/Filesort_buffer::sort_keys";

/// Sort buffers allocated and freed since the last reading (the server's status keeps it
/// for the executor, which sees only the counters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TransientBuffers {
    pub count: u64,
    pub bytes: u64,
    /// The largest of them (one statement sorts at a time, so the most held at once).
    pub largest: u64,
}

impl TransientBuffers {
    /// One buffer of `bytes`, allocated and freed.
    pub fn add(&mut self, bytes: u64) {
        self.count += 1;
        self.bytes = self.bytes.saturating_add(bytes);
        self.largest = self.largest.max(bytes);
    }
}

/// The summary of a running server.
#[derive(Clone, Debug, Default)]
pub struct MemoryInstruments {
    pub by_name: BTreeMap<&'static str, MemorySums>,
    /// The host's count of allocations and releases when last read.
    seen_changes: Option<u64>,
}

impl MemoryInstruments {
    /// Takes the host's accounts into the summary, for the enabled instruments: `read(category)`
    /// gives what the category holds now and the most it held since the last reading;
    /// `changes` is the host's count of allocations and releases (nothing is read when it has
    /// not moved since the last call).
    pub fn absorb(
        &mut self,
        changes: u64,
        mut read: impl FnMut(&'static str) -> (u64, u64),
        setup: &InstrumentSettings,
    ) {
        if self.seen_changes == Some(changes) {
            return;
        }
        self.seen_changes = Some(changes);
        for (category, name) in ACCOUNTED {
            let (now, peak) = read(category);
            if !setup.enabled(name) && name != USERSTAT_INSTRUMENT {
                continue;
            }
            if name == USERSTAT_INSTRUMENT && peak == 0 && !self.by_name.contains_key(name) {
                continue;
            }
            let s = self.by_name.entry(name).or_default();
            let current = s.current_bytes();
            // A rise to the peak is one allocation, a fall from it one free.
            let peak = peak.max(now).max(current);
            if peak > current {
                s.count_alloc += 1;
                s.bytes_alloc += peak - current;
            }
            s.high_bytes = s.high_bytes.max(s.current_bytes());
            s.high_count = s.high_count.max(s.current_count());
            if now < peak {
                s.count_free += 1;
                s.bytes_free += peak - now;
            }
        }
    }

    /// mysqld's fixed buffers, allocated at startup: one allocation each, for the enabled
    /// instruments (performance_schema's own are always enabled).
    pub fn at_startup(parts: &[(&'static str, u64)], setup: &InstrumentSettings) -> Self {
        let mut m = MemoryInstruments::default();
        for &(name, bytes) in parts {
            if !setup.enabled(name) {
                continue;
            }
            let s = m.by_name.entry(name).or_default();
            s.count_alloc += 1;
            s.bytes_alloc += bytes;
            s.high_count = s.high_count.max(s.current_count());
            s.high_bytes = s.high_bytes.max(s.current_bytes());
        }
        m
    }

    /// A fixed buffer freed and allocated again at `bytes` (SET GLOBAL key_buffer_size): one
    /// free of what it held and one allocation, if its instrument is enabled and counted it.
    pub fn reallocate(&mut self, name: &'static str, bytes: u64, setup: &InstrumentSettings) {
        if !setup.enabled(name) {
            return;
        }
        let Some(s) = self.by_name.get_mut(name) else { return };
        let held = s.current_bytes();
        if held > 0 {
            s.count_free += 1;
            s.bytes_free += held;
        }
        if bytes > 0 {
            s.count_alloc += 1;
            s.bytes_alloc += bytes;
        }
        s.high_bytes = s.high_bytes.max(s.current_bytes());
        s.high_count = s.high_count.max(s.current_count());
    }

    /// Buffers allocated and freed between two readings, under `name` if it is enabled: each
    /// an allocation and a free, the largest on top of what was held the high-water mark.
    pub fn absorb_transient(
        &mut self,
        name: &'static str,
        t: TransientBuffers,
        setup: &InstrumentSettings,
    ) {
        if t.count == 0 || !setup.enabled(name) {
            return;
        }
        let s = self.by_name.entry(name).or_default();
        s.high_bytes = s.high_bytes.max(s.current_bytes().saturating_add(t.largest));
        s.high_count = s.high_count.max(s.current_count() + 1);
        s.count_alloc += t.count;
        s.count_free += t.count;
        s.bytes_alloc = s.bytes_alloc.saturating_add(t.bytes);
        s.bytes_free = s.bytes_free.saturating_add(t.bytes);
    }

    /// TRUNCATE: the counts restart, the memory in use stays in use (MySQL keeps CURRENT_*
    /// and resets the rest to it).
    pub fn truncate(&mut self) {
        for s in self.by_name.values_mut() {
            let (bytes, count) = (s.current_bytes(), s.current_count());
            *s = MemorySums {
                count_alloc: count,
                count_free: 0,
                bytes_alloc: bytes,
                bytes_free: 0,
                high_count: count,
                high_bytes: bytes,
            };
        }
    }
}

/// The table's columns after EVENT_NAME.
pub const COLUMNS: [&str; 10] = [
    "COUNT_ALLOC",
    "COUNT_FREE",
    "SUM_NUMBER_OF_BYTES_ALLOC",
    "SUM_NUMBER_OF_BYTES_FREE",
    "LOW_COUNT_USED",
    "CURRENT_COUNT_USED",
    "HIGH_COUNT_USED",
    "LOW_NUMBER_OF_BYTES_USED",
    "CURRENT_NUMBER_OF_BYTES_USED",
    "HIGH_NUMBER_OF_BYTES_USED",
];

/// A row's numbers after EVENT_NAME. LOW_* are 0: the simulator's memory never falls below
/// what it started with since the last TRUNCATE (UNCONFIRMED how MySQL seeds LOW after one).
pub fn values(s: &MemorySums) -> [u64; 10] {
    [
        s.count_alloc,
        s.count_free,
        s.bytes_alloc,
        s.bytes_free,
        0,
        s.current_count(),
        s.high_count,
        0,
        s.current_bytes(),
        s.high_bytes,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rises_and_falls_are_allocations_and_frees() {
        let setup = InstrumentSettings::default();
        let mut m = MemoryInstruments::default();
        m.absorb(1, |c| if c == "buffer pool" { (1000, 1000) } else { (0, 0) }, &setup);
        m.absorb(2, |c| if c == "buffer pool" { (400, 1000) } else { (0, 0) }, &setup);
        m.absorb(2, |_| (0, 0), &setup);
        let s = m.by_name["memory/innodb/buf_buf_pool"];
        assert_eq!(values(&s), [1, 1, 1000, 600, 0, 0, 1, 0, 400, 1000]);
        // Held and freed between two readings: an allocation and a free, its peak the high.
        m.absorb(3, |c| if c == "temptable" { (0, 5000) } else { (400, 400) }, &setup);
        let t = m.by_name["memory/temptable/physical_ram"];
        assert_eq!(values(&t), [1, 1, 5000, 5000, 0, 0, 1, 0, 0, 5000]);
        m.truncate();
        assert_eq!(values(&m.by_name["memory/innodb/buf_buf_pool"])[8], 400);
    }

    #[test]
    fn fixed_buffers_are_held_and_sort_buffers_come_and_go() {
        let setup = InstrumentSettings::default();
        let parts = [("memory/innodb/log_buffer_memory", 1 << 20), ("no/such/instrument", 5)];
        let mut m = MemoryInstruments::at_startup(&parts, &setup);
        let log = m.by_name["memory/innodb/log_buffer_memory"];
        assert_eq!(values(&log), [1, 0, 1 << 20, 0, 0, 1, 1, 0, 1 << 20, 1 << 20]);
        assert_eq!(m.by_name.len(), 1);
        let mut t = TransientBuffers::default();
        t.add(4000);
        t.add(9000);
        m.absorb_transient(SORT_BUFFER_INSTRUMENT, t, &setup);
        let sort = m.by_name[SORT_BUFFER_INSTRUMENT];
        assert_eq!(values(&sort), [2, 2, 13000, 13000, 0, 0, 1, 0, 0, 9000]);
    }
}
