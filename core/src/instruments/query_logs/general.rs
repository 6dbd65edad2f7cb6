//! The general query log's lines: every command a client sends, written when mysqld receives
//! it (before it runs, so `SET GLOBAL general_log = OFF` is the last line and `= ON` is not
//! in the file), under the header's `Time  Id Command  Argument` heading:
//!
//! ```text
//! 2026-09-23T08:00:01.234567Z<TAB>   12 Connect<TAB>app@localhost on  using Socket
//! 2026-09-23T08:00:01.240000Z<TAB>   12 Query<TAB>SELECT 1
//! 2026-09-23T08:00:01.250000Z<TAB>   12 Quit<TAB>
//! ```

use super::iso8601;
use crate::sim::SimTime;

/// One line: the time, a tab, the connection id in five columns, the command, a tab, its
/// argument. UNCONFIRMED: the exact padding (read from real logs, not the source).
pub fn format_line(
    at: SimTime,
    utc: bool,
    thread_id: u64,
    command: &str,
    argument: &str,
) -> String {
    format!("{}\t{thread_id:>5} {command}\t{argument}\n", iso8601(at, utc))
}

/// A `Connect` line's argument: `user@host on db using Socket` (the db empty when none;
/// `using TCP/IP` or `using SSL/TLS` for the other transports).
pub fn connect_argument(user: &str, host: &str, db: Option<&str>, connection_type: &str) -> String {
    format!("{user}@{host} on {} using {connection_type}", db.unwrap_or(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_tab_separated() {
        let line = format_line(SimTime(0), true, 12, "Query", "SELECT 1");
        assert_eq!(line, "2026-09-23T08:00:00.000000Z\t   12 Query\tSELECT 1\n");
        assert_eq!(
            connect_argument("app", "localhost", None, "Socket"),
            "app@localhost on  using Socket"
        );
        assert_eq!(
            connect_argument("app", "localhost", Some("shop"), "SSL/TLS"),
            "app@localhost on shop using SSL/TLS"
        );
    }
}
