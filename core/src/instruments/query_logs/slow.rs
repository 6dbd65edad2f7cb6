//! The slow query log's rules and its entry format (MYSQL_SPEC 8): which finished statement
//! it takes, in the order mysqld checks (`log_slow_applicable`), and the lines of one entry as
//! the FILE output writes them, with `log_slow_extra`'s fields.
//!
//! ```text
//! # Time: 2026-09-23T08:00:01.234567Z
//! # User@Host: app[app] @ localhost []  Id:    12
//! # Query_time: 1.500000  Lock_time: 0.000000 Rows_sent: 1  Rows_examined: 100000
//! use shop;
//! SET timestamp=1790150401;
//! SELECT COUNT(*) FROM page_views WHERE customer_id = 42;
//! ```

use super::iso8601;
use crate::instruments::status_registry::StatusId;
use crate::sim::{SimDuration, SimTime};

/// `log_slow_extra`'s counters: (field name in the entry, the session status counter whose
/// per-statement change it shows), in the order the entry prints them.
pub const EXTRA_FIELDS: [(&str, StatusId); 13] = [
    ("Read_first", StatusId::named("Handler_read_first")),
    ("Read_last", StatusId::named("Handler_read_last")),
    ("Read_key", StatusId::named("Handler_read_key")),
    ("Read_next", StatusId::named("Handler_read_next")),
    ("Read_prev", StatusId::named("Handler_read_prev")),
    ("Read_rnd", StatusId::named("Handler_read_rnd")),
    ("Read_rnd_next", StatusId::named("Handler_read_rnd_next")),
    ("Sort_merge_passes", StatusId::named("Sort_merge_passes")),
    ("Sort_range_count", StatusId::named("Sort_range")),
    ("Sort_rows", StatusId::named("Sort_rows")),
    ("Sort_scan_count", StatusId::named("Sort_scan")),
    ("Created_tmp_disk_tables", StatusId::named("Created_tmp_disk_tables")),
    ("Created_tmp_tables", StatusId::named("Created_tmp_tables")),
];

/// The `Com_*` counters of the statements mysqld calls administrative for the slow log
/// (written only with `log_slow_admin_statements`).
pub const ADMIN_COMMANDS: [&str; 7] = [
    "Com_alter_table",
    "Com_analyze",
    "Com_check",
    "Com_optimize",
    "Com_repair",
    "Com_create_index",
    "Com_drop_index",
];

/// What the slow log knows of a finished statement.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlowEntry {
    /// The login name (`user` of USER()).
    pub user: String,
    /// The account's user name (`priv_user`: CURRENT_USER()'s).
    pub priv_user: String,
    pub host: String,
    /// The client's IP in the brackets after the host: empty over the socket.
    pub ip: &'static str,
    /// The connection id (`Id:`, `Thread_id:`).
    pub thread_id: u64,
    /// The session's default database when the statement ended.
    pub db: Option<String>,
    /// The statement's text, without the delimiter.
    pub sql: String,
    pub start: SimTime,
    pub end: SimTime,
    pub lock: SimDuration,
    pub rows_sent: u64,
    pub rows_examined: u64,
    /// The error it ended with, or 0.
    pub errno: u16,
    pub bytes_received: u64,
    pub bytes_sent: u64,
    /// [`EXTRA_FIELDS`]' counters, in that order.
    pub extra: [u64; 13],
    /// It read some table with no index (a full scan or a join without one).
    pub no_index_used: bool,
    /// An administrative statement ([`ADMIN_COMMANDS`]).
    pub admin: bool,
    /// The value `LAST_INSERT_ID()` gave it, when it called it (`SET last_insert_id=`).
    pub last_insert_id: Option<u64>,
    /// The first AUTO_INCREMENT value it generated (`SET insert_id=`).
    pub insert_id: Option<u64>,
}

impl SlowEntry {
    /// Microseconds from start to end: mysqld's resolution.
    pub fn query_us(&self) -> u64 {
        self.end.since(self.start).0 / 1_000
    }
}

/// The variables that decide, read when the statement ends (the session's `long_query_time`
/// and `min_examined_row_limit`, the rest global).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SlowRules {
    /// `long_query_time` in microseconds.
    pub long_query_us: u64,
    pub log_queries_not_using_indexes: bool,
    pub throttle_per_minute: u64,
    pub min_examined_row_limit: u64,
    pub log_slow_admin_statements: bool,
}

/// `long_query_time` (seconds, fractions allowed) in whole microseconds, as mysqld keeps it.
pub fn long_query_us(seconds: f64) -> u64 {
    if seconds.is_finite() && seconds > 0.0 {
        (seconds * 1_000_000.0) as u64
    } else {
        0
    }
}

/// Whether a statement counts in `Slow_queries`: it ran longer than `long_query_time`.
/// UNCONFIRMED: strictly longer (the manual's "more than"); a statement of exactly
/// long_query_time is not slow.
pub fn is_slow(entry: &SlowEntry, rules: &SlowRules) -> bool {
    entry.query_us() > rules.long_query_us
}

/// What the slow log does with a finished statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Skip,
    /// Written.
    Log,
    /// Taken only for using no index, and held back by the throttle.
    Throttled,
}

/// The checks in mysqld's order (MYSQL_SPEC 8.1).
///
/// Simplification: the exemption of tables with fewer than two rows from
/// `log_queries_not_using_indexes` is not modelled (a scan of a one-row table is logged).
pub fn verdict(entry: &SlowEntry, rules: &SlowRules, throttle: &mut Throttle) -> Verdict {
    if entry.admin && !rules.log_slow_admin_statements {
        return Verdict::Skip;
    }
    let slow = is_slow(entry, rules);
    let unindexed = rules.log_queries_not_using_indexes && entry.no_index_used;
    if !(slow || unindexed) || entry.rows_examined < rules.min_examined_row_limit {
        return Verdict::Skip;
    }
    if !slow && !throttle.admit(entry.end, rules.throttle_per_minute) {
        return Verdict::Throttled;
    }
    Verdict::Log
}

/// `log_throttle_queries_not_using_indexes`: at most N unindexed (not slow) statements per
/// 60 s window; the rest are counted and reported in one summary when the next window opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Throttle {
    window_start: Option<SimTime>,
    in_window: u64,
    suppressed: u64,
}

/// The throttle's window.
pub const THROTTLE_WINDOW: SimDuration = SimDuration::from_secs(60);

impl Throttle {
    /// Whether a statement ending at `at` may be written, with `limit` per window (0: no
    /// limit).
    pub fn admit(&mut self, at: SimTime, limit: u64) -> bool {
        if limit == 0 {
            return true;
        }
        if self.window_start.is_none_or(|s| at >= s + THROTTLE_WINDOW) {
            self.window_start = Some(at);
            self.in_window = 0;
        }
        self.in_window += 1;
        if self.in_window > limit {
            self.suppressed += 1;
            return false;
        }
        true
    }

    /// The count held back when a new window has opened at `at`, taken (for the summary
    /// line); 0 while the window that held them back is still open.
    pub fn take_summary(&mut self, at: SimTime) -> u64 {
        match self.window_start {
            Some(s) if at >= s + THROTTLE_WINDOW => std::mem::take(&mut self.suppressed),
            _ => 0,
        }
    }
}

/// The text of the throttle's summary entry.
/// UNCONFIRMED: the wording and spacing of mysqld's summary line.
pub fn throttle_summary(suppressed: u64) -> String {
    format!("throttle: {suppressed:>10} 'index not used' warning(s) suppressed.")
}

/// `12.345678`: seconds with six decimals, from microseconds.
pub fn seconds6(us: u64) -> String {
    format!("{}.{:06}", us / 1_000_000, us % 1_000_000)
}

/// One entry as the FILE output writes it. `last_db` is the database the file last named in
/// a `use` line (reset when the file is opened); it is updated here. The `SET` line names
/// `last_insert_id` when the statement called `LAST_INSERT_ID()` and `insert_id` when it
/// generated an AUTO_INCREMENT value, before `timestamp`, as mysqld's
/// `File_query_log::write_slow` writes them.
pub fn format_entry(e: &SlowEntry, extra: bool, utc: bool, last_db: &mut Option<String>) -> String {
    let mut out = String::with_capacity(e.sql.len() + 256);
    out.push_str(&format!("# Time: {}\n", iso8601(e.end, utc)));
    out.push_str(&format!(
        "# User@Host: {}[{}] @ {} [{}]  Id: {:>5}\n",
        e.priv_user, e.user, e.host, e.ip, e.thread_id
    ));
    out.push_str(&format!(
        "# Query_time: {}  Lock_time: {} Rows_sent: {}  Rows_examined: {}",
        seconds6(e.query_us()),
        seconds6(e.lock.0 / 1_000),
        e.rows_sent,
        e.rows_examined
    ));
    if extra {
        out.push_str(&format!(
            " Thread_id: {} Errno: {} Killed: 0 Bytes_received: {} Bytes_sent: {}",
            e.thread_id, e.errno, e.bytes_received, e.bytes_sent
        ));
        for ((name, _), n) in EXTRA_FIELDS.iter().zip(e.extra) {
            out.push_str(&format!(" {name}: {n}"));
        }
        out.push_str(&format!(" Start: {} End: {}", iso8601(e.start, utc), iso8601(e.end, utc)));
    }
    out.push('\n');
    if let Some(db) = &e.db {
        if last_db.as_deref() != Some(db.as_str()) {
            out.push_str(&format!("use {db};\n"));
            *last_db = Some(db.clone());
        }
    }
    let unix = crate::sim::BOOT_UNIX_SECS + (e.start.0 / 1_000_000_000) as i64;
    out.push_str("SET ");
    if let Some(id) = e.last_insert_id {
        out.push_str(&format!("last_insert_id={id},"));
    }
    if let Some(id) = e.insert_id {
        out.push_str(&format!("insert_id={id},"));
    }
    out.push_str(&format!("timestamp={unix};\n"));
    out.push_str(&e.sql);
    out.push_str(";\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(ms: u64) -> SlowEntry {
        SlowEntry {
            user: "app".into(),
            priv_user: "app".into(),
            host: "localhost".into(),
            ip: "",
            thread_id: 12,
            db: Some("shop".into()),
            sql: "SELECT 1".into(),
            start: SimTime(1_000_000_000),
            end: SimTime(1_000_000_000 + ms * 1_000_000),
            rows_sent: 1,
            rows_examined: 5,
            ..SlowEntry::default()
        }
    }

    #[test]
    fn an_entry_is_written_as_mysqld_writes_it() {
        let mut last = None;
        let text = format_entry(&entry(1500), false, true, &mut last);
        assert_eq!(
            text,
            "# Time: 2026-09-23T08:00:02.500000Z\n\
             # User@Host: app[app] @ localhost []  Id:    12\n\
             # Query_time: 1.500000  Lock_time: 0.000000 Rows_sent: 1  Rows_examined: 5\n\
             use shop;\nSET timestamp=1790150401;\nSELECT 1;\n"
        );
        let again = format_entry(&entry(1), true, true, &mut last);
        assert!(!again.contains("use shop;"), "the file already names the database");
        assert!(again.contains(
            " Thread_id: 12 Errno: 0 Killed: 0 Bytes_received: 0 Bytes_sent: 0 Read_first: 0 "
        ));
        assert!(again.contains(" Created_tmp_tables: 0 Start: 2026-09-23T08:00:01.000000Z End: 2026-09-23T08:00:01.001000Z\n"));
    }

    #[test]
    fn the_rules_in_order() {
        let mut t = Throttle::default();
        let mut rules = SlowRules { long_query_us: long_query_us(0.5), ..SlowRules::default() };
        assert_eq!(verdict(&entry(500), &rules, &mut t), Verdict::Skip, "not more than 0.5 s");
        assert_eq!(verdict(&entry(501), &rules, &mut t), Verdict::Log);
        rules.min_examined_row_limit = 6;
        assert_eq!(verdict(&entry(501), &rules, &mut t), Verdict::Skip);
        rules.min_examined_row_limit = 0;
        let mut admin = entry(900);
        admin.admin = true;
        assert_eq!(verdict(&admin, &rules, &mut t), Verdict::Skip);
        rules.log_slow_admin_statements = true;
        assert_eq!(verdict(&admin, &rules, &mut t), Verdict::Log);
        let mut scan = entry(1);
        scan.no_index_used = true;
        assert_eq!(verdict(&scan, &rules, &mut t), Verdict::Skip);
        rules.log_queries_not_using_indexes = true;
        rules.throttle_per_minute = 2;
        let v: Vec<Verdict> = (0..3).map(|_| verdict(&scan, &rules, &mut t)).collect();
        assert_eq!(v, [Verdict::Log, Verdict::Log, Verdict::Throttled]);
        assert_eq!(t.take_summary(scan.end), 0, "the window is still open");
        assert_eq!(t.take_summary(scan.end + THROTTLE_WINDOW), 1);
        assert_eq!(long_query_us(0.0), 0);
        assert_eq!(long_query_us(0.000001), 1);
        assert_eq!(long_query_us(10.0), 10_000_000);
    }
}
