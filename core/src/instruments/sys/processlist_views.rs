//! `sys.processlist` and `sys.session` (with their `x$` twins): what each thread is doing now,
//! in this simulator's words. The columns, their order, the joins' sources and the order of
//! the rows are MySQL 9.x sys's: one row per `performance_schema.threads` row, with the
//! thread's statement from `events_statements_current` (running: its latency so far; ended:
//! `last_statement` and its latency), its stage from `events_stages_current` (progress), and
//! its wait from `events_waits_current`. `session` is `processlist` without the background
//! threads and daemons: the connections a DBA looks at during a load.
//!
//! The thread's transaction comes from `events_transactions_current` (`trx_latency` is an
//! ACTIVE one's time so far, an ended one's whole time), the client's process id and program
//! from `session_connect_attrs` (`_pid`, `program_name`), each by a LEFT JOIN as MySQL's.
//!
//! Simplifications, each NULL as MySQL prints a column whose source has no row:
//! - `current_memory`: MySQL sums the thread's rows of `memory_summary_by_thread_by_event_name`
//!   (not kept); here it is the thread's TOTAL_MEMORY from `performance_schema.threads`, which
//!   accounts a connection's buffers only, so a background thread (0 there) shows NULL;
//! - `progress` needs a stage that estimates its work: our stages do not, so it stays NULL.

/// The columns both forms share, given how each shows a statement, a latency and a size.
macro_rules! processlist_view {
    ($statement:literal, $info:literal, $latency:literal, $lock:literal, $cpu:literal,
     $last_latency:literal, $memory:literal, $wait:literal, $trx:literal) => {
        concat!(
            "SELECT pps.thread_id AS thd_id,
       pps.processlist_id AS conn_id,
       IF(pps.name IN ('thread/sql/one_connection', 'thread/thread_pool/tp_one_connection'),
          CONCAT(pps.processlist_user, '@', pps.processlist_host),
          REPLACE(pps.name, 'thread/', '')) AS user,
       pps.processlist_db AS db,
       pps.processlist_command AS command,
       pps.processlist_state AS state,
       pps.processlist_time AS time,
       ",
            $info,
            " AS current_statement,
       pps.execution_engine AS execution_engine,
       IF(esc.end_event_id IS NULL, ",
            $latency,
            ", NULL) AS statement_latency,
       IF(esc.end_event_id IS NULL,
          ROUND(100 * (estc.work_completed / estc.work_estimated), 2), NULL) AS progress,
       ",
            $lock,
            " AS lock_latency,
       ",
            $cpu,
            " AS cpu_latency,
       esc.rows_examined AS rows_examined,
       esc.rows_sent AS rows_sent,
       esc.rows_affected AS rows_affected,
       esc.created_tmp_tables AS tmp_tables,
       esc.created_tmp_disk_tables AS tmp_disk_tables,
       IF(esc.no_good_index_used > 0 OR esc.no_index_used > 0, 'YES', 'NO') AS full_scan,
       IF(esc.end_event_id IS NOT NULL, ",
            $statement,
            ", NULL) AS last_statement,
       IF(esc.end_event_id IS NOT NULL, ",
            $last_latency,
            ", NULL) AS last_statement_latency,
       ",
            $memory,
            " AS current_memory,
       ewc.event_name AS last_wait,
       IF(ewc.end_event_id IS NULL AND ewc.event_name IS NOT NULL, 'Still Waiting', ",
            $wait,
            ") AS last_wait_latency,
       ewc.source AS source,
       ",
            $trx,
            " AS trx_latency,
       etc.state AS trx_state,
       etc.autocommit AS trx_autocommit,
       conattr_pid.attr_value AS pid,
       conattr_progname.attr_value AS program_name
  FROM performance_schema.threads AS pps
  LEFT JOIN performance_schema.events_waits_current AS ewc USING (thread_id)
  LEFT JOIN performance_schema.events_stages_current AS estc USING (thread_id)
  LEFT JOIN performance_schema.events_statements_current AS esc USING (thread_id)
  LEFT JOIN performance_schema.events_transactions_current AS etc USING (thread_id)
  LEFT JOIN performance_schema.session_connect_attrs AS conattr_pid
    ON conattr_pid.processlist_id = pps.processlist_id AND conattr_pid.attr_name = '_pid'
  LEFT JOIN performance_schema.session_connect_attrs AS conattr_progname
    ON conattr_progname.processlist_id = pps.processlist_id
   AND conattr_progname.attr_name = 'program_name'
 ORDER BY pps.processlist_time DESC, last_wait_latency DESC"
        )
    };
}

/// Every thread, the longest in its state first; latencies and sizes formatted, statements
/// shortened by `sys.format_statement()`.
pub(super) const PROCESSLIST: &str = processlist_view!(
    "sys.format_statement(esc.sql_text)",
    "sys.format_statement(pps.processlist_info)",
    "FORMAT_PICO_TIME(esc.timer_wait)",
    "FORMAT_PICO_TIME(esc.lock_time)",
    "FORMAT_PICO_TIME(esc.cpu_time)",
    "FORMAT_PICO_TIME(esc.timer_wait)",
    "FORMAT_BYTES(NULLIF(pps.total_memory, 0))",
    "FORMAT_PICO_TIME(ewc.timer_wait)",
    "FORMAT_PICO_TIME(etc.timer_wait)"
);

/// The same with picoseconds, bytes and whole statements.
pub(super) const X_PROCESSLIST: &str = processlist_view!(
    "esc.sql_text",
    "pps.processlist_info",
    "esc.timer_wait",
    "esc.lock_time",
    "esc.cpu_time",
    "esc.timer_wait",
    "NULLIF(pps.total_memory, 0)",
    "ewc.timer_wait",
    "etc.timer_wait"
);

/// The client connections of `processlist` (no background thread, no daemon).
pub(super) const SESSION: &str = "SELECT *
  FROM sys.processlist
 WHERE conn_id IS NOT NULL AND command != 'Daemon'";

/// The same over `x$processlist`.
pub(super) const X_SESSION: &str = "SELECT *
  FROM sys.`x$processlist`
 WHERE conn_id IS NOT NULL AND command != 'Daemon'";

#[cfg(test)]
mod tests {
    use super::*;

    /// MySQL 9.x sys's column order (scripts/sys_schema/views/p_s/processlist.sql).
    const COLUMNS: [&str; 30] = [
        "thd_id",
        "conn_id",
        "user",
        "db",
        "command",
        "state",
        "time",
        "current_statement",
        "execution_engine",
        "statement_latency",
        "progress",
        "lock_latency",
        "cpu_latency",
        "rows_examined",
        "rows_sent",
        "rows_affected",
        "tmp_tables",
        "tmp_disk_tables",
        "full_scan",
        "last_statement",
        "last_statement_latency",
        "current_memory",
        "last_wait",
        "last_wait_latency",
        "source",
        "trx_latency",
        "trx_state",
        "trx_autocommit",
        "pid",
        "program_name",
    ];

    #[test]
    fn both_forms_have_mysqls_columns_in_order() {
        for text in [PROCESSLIST, X_PROCESSLIST] {
            let mut at = 0;
            for c in COLUMNS {
                let alias = format!(" AS {c}");
                let found = text[at..].find(&alias).map(|i| i + at);
                assert!(found.is_some(), "{c} missing or out of order");
                at = found.unwrap_or(at) + alias.len();
            }
        }
    }
}
