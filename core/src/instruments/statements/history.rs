//! `events_statements_current`, `_history` and `_history_long`: each thread's current (or last)
//! statement, its last `performance_schema_events_statements_history_size` statements (10 by
//! default), and the server's last `performance_schema_events_statements_history_long_size`
//! (10,000), oldest first. A thread's current and history rows go when its connection ends;
//! the long history keeps them until newer statements push them out.

use super::event::StatementEvent;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

/// A thread's current statement: running (no end yet) or the last one it finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Current {
    pub event: Arc<StatementEvent>,
    pub running: bool,
}

/// The three tables; an event is stored once and shared by the tables that hold it.
#[derive(Clone, Debug, Default)]
pub struct History {
    pub current: BTreeMap<u64, Current>,
    pub per_thread: BTreeMap<u64, VecDeque<Arc<StatementEvent>>>,
    pub long: VecDeque<Arc<StatementEvent>>,
    /// `performance_schema_events_statements_history_size`.
    pub per_thread_size: usize,
    /// `performance_schema_events_statements_history_long_size`.
    pub long_size: usize,
}

impl History {
    /// Empty tables holding `per_thread_size` statements a thread and `long_size` in all.
    pub fn new(per_thread_size: usize, long_size: usize) -> Self {
        History { per_thread_size, long_size, ..History::default() }
    }

    /// A statement started on its thread.
    pub fn begin(&mut self, event: StatementEvent) {
        self.current.insert(event.thread_id, Current { event: Arc::new(event), running: true });
    }

    /// A statement ended: it stays current and goes into the histories that are on.
    pub fn finish(&mut self, event: &StatementEvent, current: bool, history: bool, long: bool) {
        if !current {
            self.current.remove(&event.thread_id);
            return;
        }
        let shared = Arc::new(event.clone());
        let thread = event.thread_id;
        if history && self.per_thread_size > 0 {
            let h = self.per_thread.entry(thread).or_default();
            if h.len() >= self.per_thread_size {
                h.pop_front();
            }
            h.push_back(Arc::clone(&shared));
        }
        if long && self.long_size > 0 {
            if self.long.len() >= self.long_size {
                self.long.pop_front();
            }
            self.long.push_back(Arc::clone(&shared));
        }
        self.current.insert(thread, Current { event: shared, running: false });
    }

    /// A connection ended: its thread's rows go.
    pub fn forget_thread(&mut self, thread: u64) {
        self.current.remove(&thread);
        self.per_thread.remove(&thread);
    }

    /// TRUNCATE TABLE of a history table (the current table cannot be emptied this way in
    /// MySQL either: it is truncated like the others).
    pub fn truncate(&mut self, table: &str) -> bool {
        match table {
            "events_statements_current" => self.current.clear(),
            "events_statements_history" => self.per_thread.clear(),
            "events_statements_history_long" => self.long.clear(),
            _ => return false,
        }
        true
    }
}
