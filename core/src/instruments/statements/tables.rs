//! The statement tables' rows as a query reads them: MySQL 9.7's column names, in its order,
//! picoseconds as BIGINT UNSIGNED, FIRST_SEEN / LAST_SEEN / QUERY_SAMPLE_SEEN as TIMESTAMP(6) in
//! the simulated wall clock, BUCKET_QUANTILE as DOUBLE(7,6).

use super::event::StatementEvent;
use super::summary::StatementSums;
use super::StatementInstruments;
use crate::sim::{civil_time_at, SimTime};
use crate::storage::table::Row;
use crate::storage::value::Value;

pub use crate::instruments::ColumnSpec;

/// The columns every statement summary has after its key, from COUNT_STAR to COUNT_SECONDARY.
const SUM_COLUMNS: [&str; 28] = [
    "COUNT_STAR",
    "SUM_TIMER_WAIT",
    "MIN_TIMER_WAIT",
    "AVG_TIMER_WAIT",
    "MAX_TIMER_WAIT",
    "SUM_LOCK_TIME",
    "SUM_ERRORS",
    "SUM_WARNINGS",
    "SUM_ROWS_AFFECTED",
    "SUM_ROWS_SENT",
    "SUM_ROWS_EXAMINED",
    "SUM_CREATED_TMP_DISK_TABLES",
    "SUM_CREATED_TMP_TABLES",
    "SUM_SELECT_FULL_JOIN",
    "SUM_SELECT_FULL_RANGE_JOIN",
    "SUM_SELECT_RANGE",
    "SUM_SELECT_RANGE_CHECK",
    "SUM_SELECT_SCAN",
    "SUM_SORT_MERGE_PASSES",
    "SUM_SORT_RANGE",
    "SUM_SORT_ROWS",
    "SUM_SORT_SCAN",
    "SUM_NO_INDEX_USED",
    "SUM_NO_GOOD_INDEX_USED",
    "SUM_CPU_TIME",
    "MAX_CONTROLLED_MEMORY",
    "MAX_TOTAL_MEMORY",
    "COUNT_SECONDARY",
];

const HISTOGRAM_COLUMNS: [&str; 6] = [
    "BUCKET_NUMBER",
    "BUCKET_TIMER_LOW",
    "BUCKET_TIMER_HIGH",
    "COUNT_BUCKET",
    "COUNT_BUCKET_AND_LOWER",
    "BUCKET_QUANTILE",
];

/// The statement tables this module produces.
pub const TABLES: [&str; 12] = [
    "events_statements_current",
    "events_statements_histogram_by_digest",
    "events_statements_histogram_global",
    "events_statements_history",
    "events_statements_history_long",
    "events_statements_summary_by_account_by_event_name",
    "events_statements_summary_by_digest",
    "events_statements_summary_by_host_by_event_name",
    "events_statements_summary_by_thread_by_event_name",
    "events_statements_summary_by_user_by_event_name",
    "events_statements_summary_global_by_event_name",
    "setup_consumers",
];

/// The columns of `events_statements_current`, `_history` and `_history_long`.
const EVENT_COLUMNS: [ColumnSpec; 46] = [
    ("THREAD_ID", true, false),
    ("EVENT_ID", true, false),
    ("END_EVENT_ID", true, true),
    ("EVENT_NAME", false, false),
    ("SOURCE", false, true),
    ("TIMER_START", true, true),
    ("TIMER_END", true, true),
    ("TIMER_WAIT", true, true),
    ("LOCK_TIME", true, false),
    ("SQL_TEXT", false, true),
    ("DIGEST", false, true),
    ("DIGEST_TEXT", false, true),
    ("CURRENT_SCHEMA", false, true),
    ("OBJECT_TYPE", false, true),
    ("OBJECT_SCHEMA", false, true),
    ("OBJECT_NAME", false, true),
    ("OBJECT_INSTANCE_BEGIN", true, true),
    ("MYSQL_ERRNO", true, true),
    ("RETURNED_SQLSTATE", false, true),
    ("MESSAGE_TEXT", false, true),
    ("ERRORS", true, false),
    ("WARNINGS", true, false),
    ("ROWS_AFFECTED", true, false),
    ("ROWS_SENT", true, false),
    ("ROWS_EXAMINED", true, false),
    ("CREATED_TMP_DISK_TABLES", true, false),
    ("CREATED_TMP_TABLES", true, false),
    ("SELECT_FULL_JOIN", true, false),
    ("SELECT_FULL_RANGE_JOIN", true, false),
    ("SELECT_RANGE", true, false),
    ("SELECT_RANGE_CHECK", true, false),
    ("SELECT_SCAN", true, false),
    ("SORT_MERGE_PASSES", true, false),
    ("SORT_RANGE", true, false),
    ("SORT_ROWS", true, false),
    ("SORT_SCAN", true, false),
    ("NO_INDEX_USED", true, false),
    ("NO_GOOD_INDEX_USED", true, false),
    ("NESTING_EVENT_ID", true, true),
    ("NESTING_EVENT_TYPE", false, true),
    ("NESTING_EVENT_LEVEL", true, true),
    ("STATEMENT_ID", true, true),
    ("CPU_TIME", true, false),
    ("MAX_CONTROLLED_MEMORY", true, false),
    ("MAX_TOTAL_MEMORY", true, false),
    ("EXECUTION_ENGINE", false, true),
];

/// Where MySQL's statement instrumentation starts, as the SOURCE column shows it.
/// UNCONFIRMED: the line differs between releases; 8.0's is shown.
const STATEMENT_SOURCE: &str = "init_net_server_extension.cc:95";

/// One event row; `running` leaves its end open (TIMER_END is now, END_EVENT_ID NULL).
fn event_values(e: &StatementEvent, running: bool, now: SimTime, started: SimTime) -> Row {
    let ps = |t: SimTime| {
        if e.timed {
            Value::UInt(t.0.saturating_sub(started.0).saturating_mul(1000))
        } else {
            Value::Null
        }
    };
    let end = if running { now.max(e.start) } else { e.end };
    let c = &e.counts;
    let (errno, state, message) = match &e.error {
        Some((code, state, message)) => {
            (Value::UInt(u64::from(*code)), Value::Str(state.clone()), Value::Str(message.clone()))
        }
        None => (Value::UInt(0), Value::Null, Value::Null),
    };
    let mut row = vec![
        Value::UInt(e.thread_id),
        Value::UInt(e.event_id),
        if running { Value::Null } else { Value::UInt(e.event_id) },
        Value::Str(e.event_name.to_string()),
        Value::Str(STATEMENT_SOURCE.to_string()),
        ps(e.start),
        ps(end),
        if e.timed {
            Value::UInt(end.0.saturating_sub(e.start.0).saturating_mul(1000))
        } else {
            Value::Null
        },
        Value::UInt(0),
        Value::Str(e.sql_text.clone()),
        text_or_null(e.digest.as_ref().map(|d| &*d.hash)),
        text_or_null(e.digest.as_ref().map(|d| &*d.text)),
        text_or_null(e.schema.as_deref()),
        Value::Null,
        Value::Null,
        Value::Null,
        Value::Null,
        errno,
        state,
        message,
    ];
    row.extend(
        [u64::from(e.error.is_some()), e.warnings]
            .into_iter()
            .chain(c.in_column_order())
            .map(Value::UInt),
    );
    row.extend([
        e.nesting_transaction.map_or(Value::Null, Value::UInt),
        if e.nesting_transaction.is_some() {
            Value::Str("TRANSACTION".into())
        } else {
            Value::Null
        },
        Value::UInt(0),
        Value::UInt(e.statement_id),
        Value::UInt(e.cpu_ps),
        Value::UInt(0),
        Value::UInt(0),
        Value::Str("PRIMARY".into()),
    ]);
    row
}

/// `2026-09-23 08:00:01.250000`: a TIMESTAMP(6) value.
pub fn timestamp6(t: SimTime) -> Value {
    let c = civil_time_at(t);
    Value::Str(format!("{}.{:06}", c.datetime(), c.micros))
}

fn sum_values(s: &StatementSums) -> Vec<Value> {
    [
        s.count,
        s.sum_timer,
        s.min_timer,
        s.avg_timer(),
        s.max_timer,
        0, // SUM_LOCK_TIME: no lock waits are modelled
        s.errors,
        s.warnings,
    ]
    .into_iter()
    .chain(s.counts.in_column_order())
    .chain([
        s.cpu_ps, // SUM_CPU_TIME: 0 while events_statements_cpu is off
        0,        // MAX_CONTROLLED_MEMORY
        0,        // MAX_TOTAL_MEMORY
        0,        // COUNT_SECONDARY: no secondary engine
    ])
    .map(Value::UInt)
    .collect()
}

fn text_or_null(s: Option<&str>) -> Value {
    s.map_or(Value::Null, |s| Value::Str(s.to_string()))
}

/// The columns and rows of `table` at `now`, or None if it is not a statement table.
pub fn read(
    s: &StatementInstruments,
    table: &str,
    now: SimTime,
) -> Option<(Vec<ColumnSpec>, Vec<Row>)> {
    let num = |n: &'static str| (n, true, false);
    let mut columns: Vec<ColumnSpec> = Vec::new();
    let mut rows: Vec<Row> = Vec::new();
    match table {
        "events_statements_summary_by_digest" => {
            columns.extend([
                ("SCHEMA_NAME", false, true),
                ("DIGEST", false, true),
                ("DIGEST_TEXT", false, true),
            ]);
            columns.extend(SUM_COLUMNS.iter().map(|n| num(n)));
            columns.extend([
                ("FIRST_SEEN", false, false),
                ("LAST_SEEN", false, false),
                num("QUANTILE_95"),
                num("QUANTILE_99"),
                num("QUANTILE_999"),
                ("QUERY_SAMPLE_TEXT", false, true),
                ("QUERY_SAMPLE_SEEN", false, false),
                num("QUERY_SAMPLE_TIMER_WAIT"),
            ]);
            for d in s.digests.rows() {
                let mut row = vec![
                    text_or_null(d.schema.as_deref()),
                    text_or_null(d.digest.as_ref().map(|x| &*x.hash)),
                    text_or_null(d.digest.as_ref().map(|x| &*x.text)),
                ];
                row.extend(sum_values(&d.sums));
                row.push(timestamp6(d.first_seen));
                row.push(timestamp6(d.last_seen));
                for (n, q) in [(95, 100), (99, 100), (999, 1000)] {
                    row.push(Value::UInt(d.histogram.quantile(n, q)));
                }
                let (text, seen, wait) =
                    d.sample.clone().unwrap_or((String::new(), d.first_seen, 0));
                row.extend([Value::Str(text), timestamp6(seen), Value::UInt(wait)]);
                rows.push(row);
            }
        }
        "events_statements_summary_global_by_event_name" => {
            columns.push(("EVENT_NAME", false, false));
            columns.extend(SUM_COLUMNS.iter().map(|n| num(n)));
            for (name, sums) in &s.by_event_name {
                let mut row = vec![Value::Str(name.to_string())];
                row.extend(sum_values(sums));
                rows.push(row);
            }
        }
        "events_statements_summary_by_thread_by_event_name" => {
            columns.extend([("THREAD_ID", true, false), ("EVENT_NAME", false, false)]);
            columns.extend(SUM_COLUMNS.iter().map(|n| num(n)));
            for ((thread, name), sums) in &s.by_thread {
                let mut row = vec![Value::UInt(*thread), Value::Str(name.to_string())];
                row.extend(sum_values(sums));
                rows.push(row);
            }
        }
        "events_statements_summary_by_account_by_event_name" => {
            columns.extend([
                ("USER", false, true),
                ("HOST", false, true),
                ("EVENT_NAME", false, false),
            ]);
            columns.extend(SUM_COLUMNS.iter().map(|n| num(n)));
            for (user, hosts) in &s.by_account {
                for ((host, name), sums) in hosts {
                    let mut row = vec![
                        Value::Str(user.clone()),
                        Value::Str(host.to_string()),
                        Value::Str(name.to_string()),
                    ];
                    row.extend(sum_values(sums));
                    rows.push(row);
                }
            }
        }
        "events_statements_summary_by_user_by_event_name"
        | "events_statements_summary_by_host_by_event_name" => {
            let by_user = table == "events_statements_summary_by_user_by_event_name";
            columns.push(if by_user { ("USER", false, true) } else { ("HOST", false, true) });
            columns.push(("EVENT_NAME", false, false));
            columns.extend(SUM_COLUMNS.iter().map(|n| num(n)));
            let mut sums: std::collections::BTreeMap<(&str, &str), StatementSums> =
                std::collections::BTreeMap::new();
            for (user, hosts) in &s.by_account {
                for ((host, name), s) in hosts {
                    let who = if by_user { user.as_str() } else { host };
                    sums.entry((who, name)).or_default().merge(s);
                }
            }
            for ((who, name), s) in &sums {
                let mut row = vec![Value::Str(who.to_string()), Value::Str(name.to_string())];
                row.extend(sum_values(s));
                rows.push(row);
            }
        }
        "events_statements_histogram_by_digest" => {
            columns.extend([("SCHEMA_NAME", false, true), ("DIGEST", false, true)]);
            columns.extend(HISTOGRAM_COLUMNS.iter().map(|n| num(n)));
            for d in s.digests.rows() {
                for b in d.histogram.rows() {
                    let mut row = vec![
                        text_or_null(d.schema.as_deref()),
                        text_or_null(d.digest.as_ref().map(|x| &*x.hash)),
                    ];
                    row.extend(bucket_values(&b));
                    rows.push(row);
                }
            }
        }
        "events_statements_histogram_global" => {
            columns.extend(HISTOGRAM_COLUMNS.iter().map(|n| num(n)));
            rows.extend(s.global_histogram.rows().iter().map(bucket_values));
        }
        "setup_consumers" => {
            columns.extend([("NAME", false, false), ("ENABLED", false, false)]);
            for (name, on) in s.consumers.rows() {
                let yes_no = if on { "YES" } else { "NO" };
                rows.push(vec![Value::Str(name.to_string()), Value::Str(yes_no.to_string())]);
            }
        }
        "events_statements_current"
        | "events_statements_history"
        | "events_statements_history_long" => {
            columns.extend(EVENT_COLUMNS);
            let h = &s.history;
            let started = s.started_at;
            match table {
                "events_statements_current" => rows.extend(
                    h.current.values().map(|c| event_values(&c.event, c.running, now, started)),
                ),
                "events_statements_history" => rows.extend(
                    h.per_thread.values().flatten().map(|e| event_values(e, false, now, started)),
                ),
                _ => rows.extend(h.long.iter().map(|e| event_values(e, false, now, started))),
            }
        }
        _ => return None,
    }
    Some((columns, rows))
}

fn bucket_values(b: &super::histogram::BucketRow) -> Vec<Value> {
    vec![
        Value::UInt(b.number),
        Value::UInt(b.low),
        Value::UInt(b.high),
        Value::UInt(b.count),
        Value::UInt(b.count_and_lower),
        Value::Str(format!("{:.6}", b.quantile)),
    ]
}
