//! performance_schema's transaction events (the manual's "Performance Schema Transaction
//! Tables"): `events_transactions_current` (one row a thread: its open transaction, else its
//! last one), `_history` (`performance_schema_events_transactions_history_size`, 10 a thread)
//! and `_history_long` (`..._history_long_size`, 10,000), and
//! `events_transactions_summary_global_by_event_name`. The `transaction` instrument is on and
//! timed by default, and so are the `events_transactions_current` and `_history` consumers
//! (`_history_long` is off).
//!
//! What makes an event is the server's (`server::transaction_events`): an explicit
//! transaction from START TRANSACTION / BEGIN to COMMIT / ROLLBACK (or the statement that
//! commits it implicitly), a transaction that autocommit=0 opened at the first statement that
//! touched an InnoDB table, and each autocommit statement that touched one (a plain SELECT
//! of an InnoDB table included, as MySQL registers InnoDB for it; a SELECT of no table or of
//! performance_schema alone makes none). Recording adds no simulated time.

pub mod tables;

use crate::instruments::waits::WaitSums;
use crate::sim::SimTime;
use std::collections::{BTreeMap, VecDeque};

/// STATE of a transaction event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrxState {
    Active,
    Committed,
    RolledBack,
}

impl TrxState {
    /// As the STATE column shows it.
    pub fn name(self) -> &'static str {
        match self {
            TrxState::Active => "ACTIVE",
            TrxState::Committed => "COMMITTED",
            TrxState::RolledBack => "ROLLED BACK",
        }
    }
}

/// One transaction event: a row of the transaction tables. Plain data (no heap), so keeping
/// one in a history allocates nothing past the history's bounded ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransactionEvent {
    pub thread_id: u64,
    /// 0 when `events_transactions_current` was off at its start (it took no EVENT_ID).
    pub event_id: u64,
    /// END_EVENT_ID: the thread's last event id when it ended (None while ACTIVE).
    pub end_event_id: Option<u64>,
    pub state: TrxState,
    /// GTID: `AUTOMATIC` (gtid_next) until a commit assigns one, `ANONYMOUS` after a commit
    /// that wrote to the binary log with gtid_mode OFF.
    pub gtid: &'static str,
    /// Begun by START TRANSACTION / BEGIN (its SOURCE is `trans_begin`'s).
    pub explicit: bool,
    pub start: SimTime,
    /// Its end; its start while ACTIVE (a reader takes the time so far).
    pub end: SimTime,
    /// TIMED = YES for the `transaction` instrument at its start (else NULL timers).
    pub timed: bool,
    /// ACCESS_MODE READ ONLY.
    pub read_only: bool,
    /// ISOLATION_LEVEL, `REPEATABLE READ` and the like.
    pub isolation: &'static str,
    /// AUTOCOMMIT: autocommit was on and no BEGIN opened it.
    pub autocommit: bool,
    pub savepoints: u64,
    pub rollback_to_savepoint: u64,
    pub release_savepoint: u64,
    /// The statement that began it (NESTING_EVENT_TYPE `STATEMENT`).
    pub nesting_event_id: Option<u64>,
}

impl TransactionEvent {
    /// TIMER_WAIT in picoseconds, up to `now` while ACTIVE (0 when untimed).
    pub fn timer_wait_ps(&self, now: SimTime) -> u64 {
        if !self.timed {
            return 0;
        }
        let end = if self.state == TrxState::Active { now.max(self.start) } else { self.end };
        end.0.saturating_sub(self.start.0).saturating_mul(1000)
    }
}

/// The transaction tables of one running server.
#[derive(Clone, Debug)]
pub struct TransactionInstruments {
    /// `performance_schema_events_transactions_history_size` (rows a thread).
    pub history_size: usize,
    /// `performance_schema_events_transactions_history_long_size`.
    pub history_long_size: usize,
    /// Each thread's open transaction (bounded by the connections).
    pub open: BTreeMap<u64, TransactionEvent>,
    /// Each thread's transaction the server has ended, until its statement's commit is
    /// through.
    pub ending: BTreeMap<u64, TransactionEvent>,
    /// Each thread's last ended transaction, kept while `events_transactions_current` is on.
    pub ended: BTreeMap<u64, TransactionEvent>,
    /// `events_transactions_history`.
    pub per_thread: BTreeMap<u64, VecDeque<TransactionEvent>>,
    /// `events_transactions_history_long`.
    pub long: VecDeque<TransactionEvent>,
    /// `events_transactions_summary_global_by_event_name`: all, READ WRITE, READ ONLY.
    pub summary: [WaitSums; 3],
    /// When the server started: the timers count picoseconds from it.
    pub started_at: SimTime,
}

impl TransactionInstruments {
    /// Empty tables for a server started at `started_at`.
    pub fn new(history_size: usize, history_long_size: usize, started_at: SimTime) -> Self {
        TransactionInstruments {
            history_size,
            history_long_size,
            open: BTreeMap::new(),
            ending: BTreeMap::new(),
            ended: BTreeMap::new(),
            per_thread: BTreeMap::new(),
            long: VecDeque::new(),
            summary: Default::default(),
            started_at,
        }
    }

    /// Whether `thread` has a transaction event open.
    pub fn is_open(&self, thread: u64) -> bool {
        self.open.contains_key(&thread)
    }

    /// The transaction event a statement of `thread` taking `event_id` nests in: the open
    /// one, or the one it has just ended (a COMMIT, a ROLLBACK, or a statement that
    /// committed implicitly: the transaction's END_EVENT_ID is the statement's own id). None
    /// when that transaction took no EVENT_ID.
    pub fn nesting(&self, thread: u64, event_id: u64) -> Option<u64> {
        let open = self.open.get(&thread).map(|e| e.event_id);
        // Ended by it: settled already (a client's statement) or not yet (a load
        // generator's, until the client scheduler ends it). No other statement has that id.
        let ended = || {
            let e = self.ending.get(&thread).or_else(|| self.ended.get(&thread))?;
            (event_id != 0 && e.end_event_id == Some(event_id)).then_some(e.event_id)
        };
        open.or_else(ended).filter(|id| *id != 0)
    }

    /// An ACTIVE transaction begins on its thread.
    pub fn begin(&mut self, e: TransactionEvent) {
        self.open.insert(e.thread_id, e);
    }

    /// The open transaction of `thread`, to count its savepoints.
    pub fn open_mut(&mut self, thread: u64) -> Option<&mut TransactionEvent> {
        self.open.get_mut(&thread)
    }

    /// The server ends `thread`'s open transaction (if any) in `state`: it waits in
    /// `ending` until the statement's commit is through ([`Self::settle`]), so that its time
    /// holds the commit's log writes and fsyncs.
    pub fn end(&mut self, thread: u64, state: TrxState, end_event_id: u64, gtid: &'static str) {
        let Some(mut e) = self.open.remove(&thread) else { return };
        e.state = state;
        e.gtid = gtid;
        e.end_event_id = (e.event_id != 0).then_some(end_event_id.max(e.event_id));
        self.ending.insert(thread, e);
    }

    /// `thread`'s ended transaction (if any) finishes at `at`, into the summary and the
    /// tables whose consumers (current, history, long) are on now.
    pub fn settle(&mut self, thread: u64, at: SimTime, consumers: (bool, bool, bool)) {
        let Some(mut e) = self.ending.remove(&thread) else { return };
        e.end = at.max(e.start);
        self.finish(e, consumers);
    }

    /// A finished transaction (ended, or an autocommit statement's whole one) into the
    /// summary and the tables whose consumers are on.
    pub fn finish(&mut self, e: TransactionEvent, (current, history, long): (bool, bool, bool)) {
        let ps = e.timer_wait_ps(e.end);
        self.summary[0].add(ps, e.timed);
        self.summary[if e.read_only { 2 } else { 1 }].add(ps, e.timed);
        if !current || e.event_id == 0 {
            return;
        }
        if history && self.history_size > 0 {
            let h = self.per_thread.entry(e.thread_id).or_default();
            if h.len() >= self.history_size {
                h.pop_front();
            }
            h.push_back(e);
        }
        if long && self.history_long_size > 0 {
            if self.long.len() >= self.history_long_size {
                self.long.pop_front();
            }
            self.long.push_back(e);
        }
        self.ended.insert(e.thread_id, e);
    }

    /// `events_transactions_current`'s rows in thread order: each thread's open transaction
    /// (if it took an EVENT_ID), else its last ended one.
    pub fn current(&self) -> impl Iterator<Item = &TransactionEvent> + '_ {
        let mut threads: Vec<u64> = self
            .open
            .values()
            .filter(|e| e.event_id != 0)
            .map(|e| e.thread_id)
            .chain(self.ended.keys().copied())
            .collect();
        threads.sort_unstable();
        threads.dedup();
        threads.into_iter().filter_map(|t| {
            self.open.get(&t).filter(|e| e.event_id != 0).or_else(|| self.ended.get(&t))
        })
    }

    /// A connection ended: its thread's rows go (the long history keeps them).
    pub fn forget_thread(&mut self, thread: u64) {
        self.open.remove(&thread);
        self.ending.remove(&thread);
        self.ended.remove(&thread);
        self.per_thread.remove(&thread);
    }

    /// TRUNCATE TABLE of a transaction table: true if `table` is one this module keeps. The
    /// current table forgets the open transactions' rows too (they still end and sum).
    pub fn truncate(&mut self, table: &str) -> bool {
        match table.to_ascii_lowercase().as_str() {
            "events_transactions_current" => {
                self.ended.clear();
                for e in self.open.values_mut().chain(self.ending.values_mut()) {
                    e.event_id = 0;
                    e.end_event_id = None;
                }
            }
            "events_transactions_history" => self.per_thread.clear(),
            "events_transactions_history_long" => self.long.clear(),
            "events_transactions_summary_global_by_event_name" => self.summary = Default::default(),
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trx(thread: u64, id: u64, start: u64) -> TransactionEvent {
        TransactionEvent {
            thread_id: thread,
            event_id: id,
            end_event_id: None,
            state: TrxState::Active,
            gtid: "AUTOMATIC",
            explicit: true,
            start: SimTime(start),
            end: SimTime(start),
            timed: true,
            read_only: false,
            isolation: "REPEATABLE READ",
            autocommit: false,
            savepoints: 0,
            rollback_to_savepoint: 0,
            release_savepoint: 0,
            nesting_event_id: id.checked_sub(1),
        }
    }

    #[test]
    fn open_ended_histories_and_summary() {
        let mut t = TransactionInstruments::new(2, 3, SimTime(0));
        let on = (true, true, true);
        t.begin(trx(50, 2, 10));
        assert_eq!(t.current().next().map(|e| e.state), Some(TrxState::Active));
        assert_eq!(t.current().next().map(|e| e.timer_wait_ps(SimTime(15))), Some(5_000));
        t.end(50, TrxState::Committed, 4, "ANONYMOUS");
        assert_eq!(t.current().count(), 0, "ending: shown once settled");
        t.settle(50, SimTime(20), on);
        let e = t.current().next().copied().expect("a row");
        assert_eq!((e.state, e.end_event_id, e.gtid), (TrxState::Committed, Some(4), "ANONYMOUS"));
        for id in [10, 20, 30] {
            t.begin(trx(50, id, 30));
            t.end(50, TrxState::RolledBack, id, "AUTOMATIC");
            t.settle(50, SimTime(31), on);
        }
        assert_eq!(t.per_thread[&50].iter().map(|e| e.event_id).collect::<Vec<_>>(), [20, 30]);
        assert_eq!(t.long.iter().map(|e| e.event_id).collect::<Vec<_>>(), [10, 20, 30]);
        assert_eq!(t.summary[0].columns(), [4, 13_000, 1_000, 3_250, 10_000]);
        assert_eq!(t.summary[2].count, 0);
        // Consumers off: summed, not kept.
        t.begin(trx(51, 0, 40));
        t.end(51, TrxState::Committed, 0, "AUTOMATIC");
        t.settle(51, SimTime(41), (false, false, false));
        assert_eq!(t.summary[0].count, 5);
        assert_eq!(t.current().count(), 1);
        assert!(t.truncate("EVENTS_TRANSACTIONS_HISTORY_LONG") && t.long.is_empty());
        t.forget_thread(50);
        assert_eq!(t.current().count(), 0);
        assert!(!t.truncate("events_stages_current"));
    }
}
