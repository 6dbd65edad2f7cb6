//! What a running server's performance_schema keeps of its stages: the summaries by event
//! name (global and by thread) and, as the consumers allow, each thread's current stage, the
//! per-thread history and the long history.

use super::StageEvent;
use crate::instruments::waits::WaitSums;
use crate::sim::SimTime;
use std::collections::{BTreeMap, VecDeque};

/// The stage tables of one running server.
#[derive(Clone, Debug)]
pub struct StageInstruments {
    /// `performance_schema_events_stages_history_size` (rows a thread).
    pub history_size: usize,
    /// `performance_schema_events_stages_history_long_size`.
    pub history_long_size: usize,
    /// `events_stages_summary_global_by_event_name`, the stages that were entered.
    pub by_event_name: BTreeMap<&'static str, WaitSums>,
    /// `events_stages_summary_by_thread_by_event_name`, for the connected threads (bounded by
    /// the connections times the stage names a plan gives).
    pub by_thread: BTreeMap<(u64, &'static str), WaitSums>,
    /// `events_stages_current`: each thread's last stage.
    pub current: BTreeMap<u64, StageEvent>,
    /// `events_stages_history`.
    pub per_thread: BTreeMap<u64, VecDeque<StageEvent>>,
    /// `events_stages_history_long`.
    pub long: VecDeque<StageEvent>,
    /// When the server started: the timers count picoseconds from it.
    pub started_at: SimTime,
}

impl StageInstruments {
    /// Empty tables for a server started at `started_at`.
    pub fn new(history_size: usize, history_long_size: usize, started_at: SimTime) -> Self {
        StageInstruments {
            history_size,
            history_long_size,
            by_event_name: BTreeMap::new(),
            by_thread: BTreeMap::new(),
            current: BTreeMap::new(),
            per_thread: BTreeMap::new(),
            long: VecDeque::new(),
            started_at,
        }
    }

    /// Sums a finished stage into the summaries (`threads`: thread_instrumentation is on).
    pub fn sum(&mut self, e: &StageEvent, threads: bool) {
        let ps = e.timer_wait_ps();
        self.by_event_name.entry(e.event_name).or_default().add(ps, e.timed);
        if threads {
            self.by_thread.entry((e.thread_id, e.event_name)).or_default().add(ps, e.timed);
        }
    }

    /// Keeps a finished stage in the tables whose consumers are on (`events_stages_current`
    /// is, or this is not called).
    pub fn keep(&mut self, e: StageEvent, history: bool, long: bool) {
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
        self.by_thread.retain(|(t, _), _| *t != thread);
    }

    /// TRUNCATE TABLE of a stage table: true if `table` is one this module keeps.
    pub fn truncate(&mut self, table: &str) -> bool {
        match table.to_ascii_lowercase().as_str() {
            "events_stages_current" => self.current.clear(),
            "events_stages_history" => self.per_thread.clear(),
            "events_stages_history_long" => self.long.clear(),
            "events_stages_summary_global_by_event_name" => self.by_event_name.clear(),
            "events_stages_summary_by_thread_by_event_name" => self.by_thread.clear(),
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(thread: u64, id: u64) -> StageEvent {
        StageEvent {
            thread_id: thread,
            event_id: id,
            event_name: "stage/sql/executing",
            start: SimTime(10),
            end: SimTime(15),
            timed: true,
            nesting_event_id: 1,
        }
    }

    #[test]
    fn histories_are_bounded_and_summaries_count() {
        let mut s = StageInstruments::new(2, 3, SimTime(0));
        for id in 1..=5 {
            let e = stage(50, id);
            s.sum(&e, true);
            s.keep(e, true, true);
        }
        assert_eq!(s.per_thread[&50].iter().map(|e| e.event_id).collect::<Vec<_>>(), [4, 5]);
        assert_eq!(s.long.iter().map(|e| e.event_id).collect::<Vec<_>>(), [3, 4, 5]);
        assert_eq!(s.current[&50].event_id, 5);
        let sums = s.by_event_name["stage/sql/executing"];
        assert_eq!(sums.columns(), [5, 25_000, 5_000, 5_000, 5_000]);
        s.forget_thread(50);
        assert!(s.current.is_empty() && s.per_thread.is_empty() && s.by_thread.is_empty());
        assert_eq!(s.long.len(), 3, "the long history outlives the thread");
        assert!(s.truncate("EVENTS_STAGES_HISTORY_LONG") && s.long.is_empty());
        assert!(!s.truncate("events_waits_current"));
    }
}
