//! What a running server's performance_schema keeps of its statements: the tables' sizes from
//! the startup variables, the summaries, histograms and histories, `setup_consumers`, and the
//! EVENT_ID and STATEMENT_ID counters; `record` sums a finished statement into every table
//! its consumers allow.

use super::consumers::Consumers;
use super::event::StatementEvent;
use super::histogram::Histogram;
use super::history::History;
use super::summary::{DigestSummary, StatementSums};
use std::collections::BTreeMap;

/// The sizes performance_schema takes from its startup variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sizing {
    /// `performance_schema_digests_size` (rows of the digest summary, the NULL row included).
    pub digests: usize,
    /// `max_digest_length`: bytes of tokens the parser keeps for the digest.
    pub max_digest_length: usize,
    /// `performance_schema_max_digest_length`: bytes of them DIGEST_TEXT is printed from.
    pub digest_text: usize,
    /// `performance_schema_max_sql_text_length`: bytes of SQL_TEXT and QUERY_SAMPLE_TEXT.
    pub sql_text: usize,
    /// `performance_schema_events_statements_history_size`: rows per thread.
    pub history: usize,
    /// `performance_schema_events_statements_history_long_size`.
    pub history_long: usize,
}

impl Default for Sizing {
    /// MySQL 9.7's defaults (the digest table as autosized on a small server).
    fn default() -> Self {
        Sizing {
            digests: 10_000,
            max_digest_length: 1024,
            digest_text: 1024,
            sql_text: 1024,
            history: 10,
            history_long: 10_000,
        }
    }
}

/// The statement tables of one running server (performance_schema lives in memory: a restart
/// empties it).
#[derive(Clone, Debug)]
pub struct StatementInstruments {
    pub sizing: Sizing,
    pub digests: DigestSummary,
    /// `events_statements_summary_global_by_event_name`, by EVENT_NAME.
    pub by_event_name: BTreeMap<&'static str, StatementSums>,
    /// `events_statements_summary_by_thread_by_event_name`, by (THREAD_ID, EVENT_NAME).
    pub by_thread: BTreeMap<(u64, &'static str), StatementSums>,
    /// `events_statements_summary_by_account_by_event_name`, by USER, then (HOST,
    /// EVENT_NAME); the by-user and by-host summaries are sums of its rows.
    pub by_account: BTreeMap<String, BTreeMap<(&'static str, &'static str), StatementSums>>,
    /// `events_statements_histogram_global`.
    pub global_histogram: Histogram,
    /// `events_statements_current`, `_history`, `_history_long`.
    pub history: History,
    /// `setup_consumers`.
    pub consumers: Consumers,
    /// The last EVENT_ID each thread used.
    event_ids: BTreeMap<u64, u64>,
    /// The last STATEMENT_ID (the server's query id).
    last_statement_id: u64,
    /// When the server started: the timers count picoseconds from it.
    pub started_at: crate::sim::SimTime,
}

impl StatementInstruments {
    /// Empty tables of the given sizes, for a server started at `started_at`.
    pub fn new(sizing: Sizing, started_at: crate::sim::SimTime) -> Self {
        StatementInstruments {
            sizing,
            digests: DigestSummary::new(sizing.digests),
            by_event_name: BTreeMap::new(),
            by_thread: BTreeMap::new(),
            by_account: BTreeMap::new(),
            global_histogram: Histogram::default(),
            history: History::new(sizing.history, sizing.history_long),
            consumers: Consumers::default(),
            event_ids: BTreeMap::new(),
            last_statement_id: 0,
            started_at,
        }
    }

    /// The EVENT_ID `thread`'s next event will take.
    pub fn peek_event_id(&self, thread: u64) -> u64 {
        self.event_ids.get(&thread).copied().unwrap_or(0) + 1
    }

    /// The STATEMENT_ID the next statement will take.
    pub fn peek_statement_id(&self) -> u64 {
        self.last_statement_id + 1
    }

    /// The next STATEMENT_ID.
    pub fn next_statement_id(&mut self) -> u64 {
        self.last_statement_id += 1;
        self.last_statement_id
    }

    /// A statement started: it is its thread's current one while it runs.
    pub fn begin(&mut self, e: StatementEvent) {
        if self.consumers.current() {
            self.history.begin(e);
        }
    }

    /// Takes `n` EVENT_IDs of `thread` at once (events counted but not kept).
    pub fn take_event_ids(&mut self, thread: u64, n: u64) {
        *self.event_ids.entry(thread).or_insert(0) += n;
    }

    /// The next EVENT_ID of `thread`.
    pub fn next_event_id(&mut self, thread: u64) -> u64 {
        let id = self.event_ids.entry(thread).or_insert(0);
        *id += 1;
        *id
    }

    /// Sums a finished statement into the summaries; returns false when its digest was lost
    /// (the digest table was full). `sample_age_secs` is
    /// `performance_schema_max_digest_sample_age`.
    pub fn record(&mut self, e: &StatementEvent, sample_age_secs: u64) -> bool {
        let c = &self.consumers;
        if !c.global() {
            return true;
        }
        self.history.finish(e, c.current(), c.history(), c.history_long());
        self.by_event_name.entry(e.event_name).or_default().add(e);
        if c.on_threads() {
            self.by_thread.entry((e.thread_id, e.event_name)).or_default().add(e);
        }
        // Found by the user's name as it lies; a new user's name is copied once.
        if !self.by_account.contains_key(e.user.as_str()) {
            self.by_account.insert(e.user.clone(), BTreeMap::new());
        }
        if let Some(hosts) = self.by_account.get_mut(e.user.as_str()) {
            hosts.entry((e.host, e.event_name)).or_default().add(e);
        }
        if e.timed {
            self.global_histogram.add(e.timer_wait());
        }
        !c.digests() || self.digests.record(e, sample_age_secs, self.sizing.sql_text)
    }

    /// A connection ended: its thread's rows leave the per-thread tables (its account's stay).
    pub fn forget_thread(&mut self, thread: u64) {
        self.history.forget_thread(thread);
        self.by_thread.retain(|(t, _), _| *t != thread);
    }

    /// TRUNCATE TABLE of a statement table: true if `table` is one this module keeps.
    /// Simplification: MySQL zeroes the rows of the by-thread, by-account, by-user and by-host
    /// summaries of live connections; here they go until the next statement.
    pub fn truncate(&mut self, table: &str) -> bool {
        match table.to_ascii_lowercase().as_str() {
            // Truncating a summary truncates its histogram too; a histogram alone is zeroed.
            "events_statements_summary_by_digest" => self.digests.truncate(),
            "events_statements_histogram_by_digest" => self.digests.clear_histograms(),
            "events_statements_summary_global_by_event_name" => {
                self.by_event_name.clear();
                self.global_histogram.clear();
            }
            "events_statements_histogram_global" => self.global_histogram.clear(),
            "events_statements_summary_by_thread_by_event_name" => self.by_thread.clear(),
            "events_statements_summary_by_account_by_event_name"
            | "events_statements_summary_by_user_by_event_name"
            | "events_statements_summary_by_host_by_event_name" => self.by_account.clear(),
            other => return self.history.truncate(other),
        }
        true
    }
}
