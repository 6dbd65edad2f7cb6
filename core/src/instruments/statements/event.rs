//! One statement as performance_schema records it when it ends (an `events_statements_*`
//! row): its text and digest, its timer in picoseconds of simulated time, and what it did, taken
//! from the status counters the statement moved (`Select_scan`, `Sort_rows`,
//! `Created_tmp_tables`, `Innodb_rows_read`, ...), as MySQL takes them from the same counts.
//!
//! CPU_TIME is the simulated CPU the statement was charged (before any wait for a CPU), 0 as in
//! MySQL while the `events_statements_cpu` consumer is off.
//!
//! Simplifications: LOCK_TIME is 0 (the simulator has no table-lock or metadata-lock waits);
//! the memory columns are 0 (statements' memory is not modelled).

use crate::instruments::status::Counted;
use crate::sim::SimTime;
use crate::status_id;
use std::sync::Arc;

/// The counts of one statement that performance_schema sums per digest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatementCounts {
    pub rows_affected: u64,
    pub rows_sent: u64,
    pub rows_examined: u64,
    pub created_tmp_disk_tables: u64,
    pub created_tmp_tables: u64,
    pub select_full_join: u64,
    pub select_full_range_join: u64,
    pub select_range: u64,
    pub select_range_check: u64,
    pub select_scan: u64,
    pub sort_merge_passes: u64,
    pub sort_range: u64,
    pub sort_rows: u64,
    pub sort_scan: u64,
    /// 1 if a table was read without an index (a full scan or a full join: MySQL sets
    /// SERVER_QUERY_NO_INDEX_USED where it counts `Select_scan` and `Select_full_join`).
    pub no_index_used: u64,
    /// 1 if an index was looked for per row (`Select_range_check`).
    pub no_good_index_used: u64,
}

impl StatementCounts {
    /// The counts in the order the statement tables' columns give them, from ROWS_AFFECTED
    /// to NO_GOOD_INDEX_USED (an event's and a summary's columns, which differ only in their
    /// `SUM_` prefix).
    pub fn in_column_order(&self) -> [u64; 16] {
        [
            self.rows_affected,
            self.rows_sent,
            self.rows_examined,
            self.created_tmp_disk_tables,
            self.created_tmp_tables,
            self.select_full_join,
            self.select_full_range_join,
            self.select_range,
            self.select_range_check,
            self.select_scan,
            self.sort_merge_passes,
            self.sort_range,
            self.sort_rows,
            self.sort_scan,
            self.no_index_used,
            self.no_good_index_used,
        ]
    }

    /// The counts a statement's moves of the status counters give, with the rows it sent
    /// and changed from its response.
    pub fn from_status(counted: &Counted, sent: u64, affected: u64) -> Self {
        let n = |id| counted.get(id);
        let mut c = StatementCounts {
            rows_affected: affected,
            rows_sent: sent,
            rows_examined: n(status_id!("Innodb_rows_read")),
            created_tmp_disk_tables: n(status_id!("Created_tmp_disk_tables")),
            created_tmp_tables: n(status_id!("Created_tmp_tables")),
            select_full_join: n(status_id!("Select_full_join")),
            select_full_range_join: n(status_id!("Select_full_range_join")),
            select_range: n(status_id!("Select_range")),
            select_range_check: n(status_id!("Select_range_check")),
            select_scan: n(status_id!("Select_scan")),
            sort_merge_passes: n(status_id!("Sort_merge_passes")),
            sort_range: n(status_id!("Sort_range")),
            sort_rows: n(status_id!("Sort_rows")),
            sort_scan: n(status_id!("Sort_scan")),
            ..Self::default()
        };
        c.no_index_used = u64::from(c.select_scan + c.select_full_join > 0);
        c.no_good_index_used = u64::from(c.select_range_check > 0);
        c
    }

    /// Adds `other` to these sums.
    pub fn add(&mut self, o: &StatementCounts) {
        let pairs = [
            (&mut self.rows_affected, o.rows_affected),
            (&mut self.rows_sent, o.rows_sent),
            (&mut self.rows_examined, o.rows_examined),
            (&mut self.created_tmp_disk_tables, o.created_tmp_disk_tables),
            (&mut self.created_tmp_tables, o.created_tmp_tables),
            (&mut self.select_full_join, o.select_full_join),
            (&mut self.select_full_range_join, o.select_full_range_join),
            (&mut self.select_range, o.select_range),
            (&mut self.select_range_check, o.select_range_check),
            (&mut self.select_scan, o.select_scan),
            (&mut self.sort_merge_passes, o.sort_merge_passes),
            (&mut self.sort_range, o.sort_range),
            (&mut self.sort_rows, o.sort_rows),
            (&mut self.sort_scan, o.sort_scan),
            (&mut self.no_index_used, o.no_index_used),
            (&mut self.no_good_index_used, o.no_good_index_used),
        ];
        for (sum, n) in pairs {
            *sum = sum.saturating_add(n);
        }
    }
}

/// A statement's digest as performance_schema keeps it (shared, not copied, by the events and
/// the summary row of one statement shape).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestKey {
    /// 64 hex digits.
    pub hash: Arc<str>,
    /// `DIGEST_TEXT` (at most `performance_schema_max_digest_length` bytes of tokens).
    pub text: Arc<str>,
}

/// A finished statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementEvent {
    /// `THREAD_ID` of the session that ran it.
    pub thread_id: u64,
    /// The connection's user and host (the by-account, by-user and by-host summaries).
    pub user: String,
    pub host: &'static str,
    /// `EVENT_ID`: the thread's events in order, from 1.
    pub event_id: u64,
    /// `STATEMENT_ID`: the server's query id.
    pub statement_id: u64,
    /// `EVENT_NAME`, `statement/sql/select` and the like.
    pub event_name: &'static str,
    /// `SQL_TEXT` (at most `performance_schema_max_sql_text_length` bytes).
    pub sql_text: String,
    pub digest: Option<DigestKey>,
    /// `CURRENT_SCHEMA`, the session's default database.
    pub schema: Option<String>,
    pub start: SimTime,
    pub end: SimTime,
    /// The error it ended with: (MYSQL_ERRNO, RETURNED_SQLSTATE, MESSAGE_TEXT).
    pub error: Option<(u16, String, String)>,
    pub warnings: u64,
    pub counts: StatementCounts,
    /// CPU_TIME in picoseconds (0 unless events_statements_cpu is on).
    pub cpu_ps: u64,
    /// TIMED = YES for its instrument in setup_instruments: else its timers are NULL and it
    /// adds no time to the summaries and histograms (it is still counted).
    pub timed: bool,
    /// The transaction event it runs in (NESTING_EVENT_ID, NESTING_EVENT_TYPE `TRANSACTION`),
    /// if one is open and took an EVENT_ID.
    pub nesting_transaction: Option<u64>,
}

impl StatementEvent {
    /// `TIMER_WAIT` in picoseconds (0 when untimed).
    pub fn timer_wait(&self) -> u64 {
        if !self.timed {
            return 0;
        }
        self.end.0.saturating_sub(self.start.0).saturating_mul(1000)
    }
}

/// `s` cut to at most `max` bytes on a character boundary.
pub fn truncate_bytes(s: &str, max: usize) -> String {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}
