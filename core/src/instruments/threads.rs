//! `performance_schema.threads`: mysqld's background threads, then one foreground row per
//! connection with its processlist columns (from [`super::processlist::Process`]).
//!
//! The background threads are those of a MySQL 9.7 server on four CPUs with the defaults
//! (InnoDB's four read and four write I/O threads, one page cleaner for one buffer pool
//! instance, a purge coordinator and three purge workers, the X plugin's acceptors and
//! workers). Names come from InnoDB's `all_innodb_threads` (storage/innobase/handler/
//! ha_innodb.cc) and the server's thread keys. UNCONFIRMED: their order and THREAD_IDs on 9.7
//! (threads that ended during startup leave gaps); a connection is THREAD_ID = its id + 39
//! (`PS_THREAD_ID_OFFSET`), so the first client, 8, is thread 47.

use super::processlist::Process;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// (THREAD_ID, NAME, PROCESSLIST_ID when it has one). TYPE is BACKGROUND but for the event
/// scheduler and the GTID table compressor, which are FOREGROUND as in MySQL.
/// The background threads (those with no processlist id): the `accounts` table's NULL row.
pub const BACKGROUND_THREADS: u64 = 36;

const BACKGROUND: [(u64, &str, Option<u64>); 37] = [
    (1, "thread/sql/main", None),
    (2, "thread/mysys/thread_timer_notifier", None),
    (4, "thread/innodb/io_ibuf_thread", None),
    (5, "thread/innodb/io_read_thread", None),
    (6, "thread/innodb/io_read_thread", None),
    (7, "thread/innodb/io_read_thread", None),
    (8, "thread/innodb/io_read_thread", None),
    (9, "thread/innodb/io_write_thread", None),
    (10, "thread/innodb/io_write_thread", None),
    (11, "thread/innodb/io_write_thread", None),
    (12, "thread/innodb/io_write_thread", None),
    (13, "thread/innodb/page_flush_coordinator_thread", None),
    (15, "thread/innodb/log_checkpointer_thread", None),
    (16, "thread/innodb/log_flush_notifier_thread", None),
    (17, "thread/innodb/log_flusher_thread", None),
    (18, "thread/innodb/log_write_notifier_thread", None),
    (19, "thread/innodb/log_writer_thread", None),
    (20, "thread/innodb/log_files_governor_thread", None),
    (25, "thread/innodb/srv_lock_timeout_thread", None),
    (26, "thread/innodb/srv_error_monitor_thread", None),
    (27, "thread/innodb/srv_monitor_thread", None),
    (28, "thread/innodb/buf_resize_thread", None),
    (29, "thread/innodb/srv_master_thread", None),
    (30, "thread/innodb/dict_stats_thread", None),
    (31, "thread/innodb/fts_optimize_thread", None),
    (32, "thread/mysqlx/worker", None),
    (33, "thread/mysqlx/worker", None),
    (34, "thread/mysqlx/acceptor_network", None),
    (38, "thread/innodb/buf_dump_thread", None),
    (39, "thread/innodb/clone_gtid_thread", None),
    (40, "thread/innodb/srv_purge_thread", None),
    (41, "thread/innodb/srv_worker_thread", None),
    (42, "thread/innodb/srv_worker_thread", None),
    (43, "thread/innodb/srv_worker_thread", None),
    (44, "thread/sql/event_scheduler", Some(super::processlist::EVENT_SCHEDULER_ID)),
    (45, "thread/sql/signal_handler", None),
    (46, "thread/mysqlx/acceptor_network", None),
];

/// The table's columns, MySQL 9.7's: (name, numeric, nullable).
pub const COLUMNS: [(&str, bool, bool); 24] = [
    ("THREAD_ID", true, false),
    ("NAME", false, false),
    ("TYPE", false, false),
    ("PROCESSLIST_ID", true, true),
    ("PROCESSLIST_USER", false, true),
    ("PROCESSLIST_HOST", false, true),
    ("PROCESSLIST_DB", false, true),
    ("PROCESSLIST_COMMAND", false, true),
    ("PROCESSLIST_TIME", true, true),
    ("PROCESSLIST_STATE", false, true),
    ("PROCESSLIST_INFO", false, true),
    ("PARENT_THREAD_ID", true, true),
    ("ROLE", false, true),
    ("INSTRUMENTED", false, false),
    ("HISTORY", false, false),
    ("CONNECTION_TYPE", false, true),
    ("THREAD_OS_ID", true, true),
    ("RESOURCE_GROUP", false, true),
    ("EXECUTION_ENGINE", false, true),
    ("CONTROLLED_MEMORY", true, false),
    ("MAX_CONTROLLED_MEMORY", true, false),
    ("TOTAL_MEMORY", true, false),
    ("MAX_TOTAL_MEMORY", true, false),
    ("TELEMETRY_ACTIVE", false, false),
];

/// THREAD_OS_ID: mysqld is PID 1 in its container, its main thread's id; the others get ids
/// in creation order. Simplification: the real TIDs are not this regular.
fn os_id(thread_id: u64) -> u64 {
    if thread_id == 1 {
        1
    } else {
        thread_id + 70
    }
}

fn text(s: &str) -> Value {
    Value::Str(s.to_string())
}

/// The rows: background threads (the event scheduler only while `event_scheduler` is ON,
/// shown with its process when `processes` has it), then each connection in `processes`,
/// whose THREAD_ID is its id + `offset`. `connection_bytes` is a connection's memory.
pub fn rows(
    processes: &[Process],
    offset: u64,
    scheduler_on: bool,
    connection_bytes: u64,
) -> Vec<Row> {
    let mut out = Vec::new();
    for (id, name, processlist_id) in BACKGROUND.iter() {
        if processlist_id.is_some() && !scheduler_on {
            continue;
        }
        let process = processlist_id.and_then(|p| processes.iter().find(|x| x.id == p));
        let foreground = processlist_id.is_some();
        let mut row = vec![
            Value::UInt(*id),
            text(name),
            text(if foreground { "FOREGROUND" } else { "BACKGROUND" }),
        ];
        row.extend(process_columns(process, *processlist_id));
        row.extend([
            if *id == 1 { Value::Null } else { Value::UInt(1) },
            Value::Null,
            text("YES"),
            text("YES"),
            Value::Null,
            Value::UInt(os_id(*id)),
            text(if foreground { "USR_default" } else { "SYS_default" }),
            text("PRIMARY"),
            Value::UInt(0),
            Value::UInt(0),
            Value::UInt(0),
            Value::UInt(0),
            text("NO"),
        ]);
        out.push(row);
    }
    for p in processes.iter().filter(|p| p.command != "Daemon") {
        let id = p.id + offset;
        let mut row = vec![Value::UInt(id), text("thread/sql/one_connection"), text("FOREGROUND")];
        row.extend(process_columns(Some(p), Some(p.id)));
        row.extend([
            Value::UInt(1),
            Value::Null,
            text("YES"),
            text("YES"),
            text(p.transport.connection_type()),
            Value::UInt(os_id(id)),
            text("USR_default"),
            text("PRIMARY"),
            Value::UInt(connection_bytes),
            Value::UInt(connection_bytes),
            Value::UInt(connection_bytes),
            Value::UInt(connection_bytes),
            text("NO"),
        ]);
        out.push(row);
    }
    out
}

/// PROCESSLIST_ID .. PROCESSLIST_INFO.
fn process_columns(p: Option<&Process>, processlist_id: Option<u64>) -> Vec<Value> {
    let opt = |s: Option<&str>| s.map_or(Value::Null, text);
    match p {
        Some(p) => vec![
            Value::UInt(p.id),
            text(&p.user),
            // The host without the client's port (the processlist shows it with).
            text(crate::server::transport::CLIENT_HOST),
            opt(p.db.as_deref()),
            text(p.command),
            Value::UInt(p.time_secs),
            if p.state.is_empty() { Value::Null } else { text(p.state) },
            opt(p.info.as_deref()),
        ],
        None => {
            let mut v = vec![processlist_id.map_or(Value::Null, Value::UInt)];
            v.extend(std::iter::repeat_n(Value::Null, 7));
            v
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn background_threads_are_the_list_without_processlist_ids() {
        let n = BACKGROUND.iter().filter(|t| t.2.is_none()).count() as u64;
        assert_eq!(super::BACKGROUND_THREADS, n);
    }

    use super::*;

    #[test]
    fn background_threads_come_before_the_first_connection() {
        let ids: Vec<u64> = BACKGROUND.iter().map(|t| t.0).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
        assert!(ids.last().copied().unwrap_or(0) < 8 + crate::sql::context::PS_THREAD_ID_OFFSET);
        let p = Process {
            id: 8,
            user: "root".into(),
            transport: Default::default(),
            db: None,
            command: "Query",
            time_secs: 0,
            state: "executing",
            info: Some("SELECT 1".into()),
        };
        let rows = rows(&[p], 39, false, 1);
        let last = rows.last().cloned().unwrap_or_default();
        assert_eq!(last[0], Value::UInt(47));
        assert_eq!(last.len(), COLUMNS.len());
        assert!(rows.iter().all(|r| r.len() == COLUMNS.len()));
    }
}
