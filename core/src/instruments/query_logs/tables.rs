//! `mysql.slow_log` and `mysql.general_log`: the logs as tables (`log_output=TABLE`), CSV
//! tables in MySQL that a SELECT reads and `TRUNCATE TABLE` empties.
//!
//! Bounded: each keeps its newest [`TABLE_ROWS_MAX`] rows. Simplification: MySQL's CSV table
//! grows without bound; `sql_text` (a MEDIUMBLOB) is shown as text, as with
//! `--skip-binary-as-hex`. UNCONFIRMED: an administrative command's `sql_text` is the
//! FILE output's `# administrator command: ...` text.

use super::slow::SlowEntry;
use crate::instruments::ColumnSpec;
use crate::sim::{civil_time_at, SimTime};
use crate::storage::table::Row;
use crate::storage::value::Value;
use std::collections::VecDeque;

/// Most rows each table keeps.
pub const TABLE_ROWS_MAX: usize = 100_000;

/// `mysql.slow_log`'s columns, in order.
pub const SLOW_LOG_COLUMNS: [ColumnSpec; 12] = [
    ("start_time", false, false),
    ("user_host", false, false),
    ("query_time", false, false),
    ("lock_time", false, false),
    ("rows_sent", true, false),
    ("rows_examined", true, false),
    ("db", false, false),
    ("last_insert_id", true, false),
    ("insert_id", true, false),
    ("server_id", true, false),
    ("sql_text", false, false),
    ("thread_id", true, false),
];

/// `mysql.general_log`'s columns, in order.
pub const GENERAL_LOG_COLUMNS: [ColumnSpec; 6] = [
    ("event_time", false, false),
    ("user_host", false, false),
    ("thread_id", true, false),
    ("server_id", true, false),
    ("command_type", false, false),
    ("argument", false, false),
];

/// A row of `mysql.slow_log`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlowRow {
    pub entry: SlowEntry,
    pub server_id: u64,
}

/// A row of `mysql.general_log`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneralRow {
    pub at: SimTime,
    /// `priv_user[user] @ host []`.
    pub user_host: String,
    pub thread_id: u64,
    pub server_id: u64,
    pub command: &'static str,
    pub argument: String,
}

/// The two tables' rows, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogTables {
    pub slow: VecDeque<SlowRow>,
    pub general: VecDeque<GeneralRow>,
}

/// `2026-09-23 08:00:01.234567`: a TIMESTAMP(6) as SELECT shows it.
fn timestamp6(t: SimTime) -> String {
    let c = civil_time_at(t);
    format!("{}.{:06}", c.datetime(), c.micros)
}

/// `00:00:01.500000`: a TIME(6) from microseconds.
fn time6(us: u64) -> String {
    let s = us / 1_000_000;
    format!("{:02}:{:02}:{:02}.{:06}", s / 3600, (s / 60) % 60, s % 60, us % 1_000_000)
}

impl LogTables {
    pub fn push_slow(&mut self, row: SlowRow) {
        if self.slow.len() >= TABLE_ROWS_MAX {
            self.slow.pop_front();
        }
        self.slow.push_back(row);
    }

    pub fn push_general(&mut self, row: GeneralRow) {
        if self.general.len() >= TABLE_ROWS_MAX {
            self.general.pop_front();
        }
        self.general.push_back(row);
    }

    /// `mysql.slow_log`'s rows.
    pub fn slow_rows(&self) -> Vec<Row> {
        self.slow
            .iter()
            .map(|r| {
                let e = &r.entry;
                vec![
                    Value::Str(timestamp6(e.start)),
                    Value::Str(format!("{}[{}] @ {} [{}]", e.priv_user, e.user, e.host, e.ip)),
                    Value::Str(time6(e.query_us())),
                    Value::Str(time6(e.lock.0 / 1_000)),
                    Value::UInt(e.rows_sent),
                    Value::UInt(e.rows_examined),
                    Value::Str(e.db.clone().unwrap_or_default()),
                    Value::UInt(e.last_insert_id.unwrap_or(0)),
                    Value::UInt(e.insert_id.unwrap_or(0)),
                    Value::UInt(r.server_id),
                    Value::Str(e.sql.clone()),
                    Value::UInt(e.thread_id),
                ]
            })
            .collect()
    }

    /// `mysql.general_log`'s rows.
    pub fn general_rows(&self) -> Vec<Row> {
        self.general
            .iter()
            .map(|r| {
                vec![
                    Value::Str(timestamp6(r.at)),
                    Value::Str(r.user_host.clone()),
                    Value::UInt(r.thread_id),
                    Value::UInt(r.server_id),
                    Value::Str(r.command.to_string()),
                    Value::Str(r.argument.clone()),
                ]
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_show_as_mysql_types() {
        assert_eq!(time6(1_500_000), "00:00:01.500000");
        assert_eq!(time6(3_723_000_001), "01:02:03.000001");
        assert_eq!(timestamp6(SimTime(1_000)), "2026-09-23 08:00:00.000001");
    }

    #[test]
    fn tables_keep_their_newest_rows() {
        let mut t = LogTables::default();
        for i in 0..TABLE_ROWS_MAX as u64 + 3 {
            let at = SimTime(i);
            let command = "Query";
            let argument = String::new();
            t.push_general(GeneralRow {
                at,
                user_host: String::new(),
                thread_id: i,
                server_id: 1,
                command,
                argument,
            });
        }
        assert_eq!(t.general.len(), TABLE_ROWS_MAX);
        assert_eq!(t.general.front().map(|r| r.thread_id), Some(3));
    }
}
