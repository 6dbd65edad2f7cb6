//! mysqld's query logs: the slow query log and the general query log, as files in the datadir
//! (`log_output=FILE`) and as the `mysql.slow_log` / `mysql.general_log` tables
//! (`log_output=TABLE`). This part is pure: which statement a log takes (`slow`), how an entry
//! is written (`slow`, `general`), the bounded files (`file`) and table rows (`tables`). The
//! server decides when a statement ends and hands its facts here (`server::query_logs`).

pub mod file;
pub mod general;
pub mod slow;
pub mod tables;

pub use file::{LogFile, LogFiles, LOG_FILES_MAX, LOG_TEXT_BYTES_MAX};
pub use slow::{SlowEntry, SlowRules, Throttle, Verdict};
pub use tables::{GeneralRow, LogTables, SlowRow, TABLE_ROWS_MAX};

/// The two logs a statement can go to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum LogKind {
    Slow,
    General,
}

/// The lines mysqld writes at the top of a query log each time it opens it (`FLUSH LOGS`, a
/// new file name, the log switched on, a restart), for the server `version (comment)` with its
/// port and socket. The third line is the general log's column heading; the slow log has it
/// too, as mysqld writes one header for both.
pub fn header(version: &str, comment: &str, port: u64, socket: &str) -> String {
    format!(
        "/usr/sbin/mysqld, Version: {version} ({comment}). started with:\n\
         Tcp port: {port}  Unix socket: {socket}\n\
         Time                 Id Command    Argument\n"
    )
}

/// `2026-09-23T08:00:01.234567Z`: the ISO 8601 time a query log prints (`log_timestamps`:
/// UTC ends in `Z`; SYSTEM in the host's offset).
///
/// Simplification: the simulated host's time zone is UTC, so SYSTEM prints `+00:00`.
pub fn iso8601(t: crate::sim::SimTime, utc: bool) -> String {
    let c = crate::sim::civil_time_at(t);
    let zone = if utc { "Z" } else { "+00:00" };
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}{zone}",
        c.year, c.month, c.day, c.hour, c.minute, c.second, c.micros
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_and_timestamps() {
        let h =
            header("9.7.2", "MySQL Community Server - GPL", 3306, "/var/run/mysqld/mysqld.sock");
        assert!(h.starts_with("/usr/sbin/mysqld, Version: 9.7.2 (MySQL Community Server - GPL). started with:\nTcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n"));
        assert!(h.ends_with("Time                 Id Command    Argument\n"));
        let t = crate::sim::SimTime(1_234_567_000);
        assert_eq!(iso8601(t, true), "2026-09-23T08:00:01.234567Z");
        assert_eq!(iso8601(t, false), "2026-09-23T08:00:01.234567+00:00");
    }
}
