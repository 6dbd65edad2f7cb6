//! The stage tables' rows as a query reads them: MySQL 8.4's columns in its order (the
//! manual's "The events_stages_current Table" and "Stage Summary Tables"), timers in
//! picoseconds from the server's start, NULL timers for untimed stages.

use super::{StageEvent, StageInstruments};
use crate::instruments::setup::InstrumentSettings;
use crate::instruments::ColumnSpec;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// The tables this module produces.
pub const TABLES: [&str; 5] = [
    "events_stages_current",
    "events_stages_history",
    "events_stages_history_long",
    "events_stages_summary_by_thread_by_event_name",
    "events_stages_summary_global_by_event_name",
];

/// The columns of `events_stages_current`, `_history` and `_history_long`.
const EVENT_COLUMNS: [ColumnSpec; 12] = [
    ("THREAD_ID", true, false),
    ("EVENT_ID", true, false),
    ("END_EVENT_ID", true, true),
    ("EVENT_NAME", false, false),
    ("SOURCE", false, true),
    ("TIMER_START", true, true),
    ("TIMER_END", true, true),
    ("TIMER_WAIT", true, true),
    ("WORK_COMPLETED", true, true),
    ("WORK_ESTIMATED", true, true),
    ("NESTING_EVENT_ID", true, true),
    ("NESTING_EVENT_TYPE", false, true),
];

/// The timer columns of the summaries.
const SUMS: [&str; 5] =
    ["COUNT_STAR", "SUM_TIMER_WAIT", "MIN_TIMER_WAIT", "AVG_TIMER_WAIT", "MAX_TIMER_WAIT"];

/// SOURCE of a stage: where MySQL's server enters it, as a MySQL 8.0 trace of a SELECT's
/// stages shows them (see `plan`); UNCONFIRMED for 9.x, whose lines differ, and for the
/// stages that trace lacks (update, updating, User sleep, the temporary-table stages).
fn source(stage: &str) -> &'static str {
    match stage.trim_start_matches("stage/sql/") {
        "starting" => "init_net_server_extension.cc:101",
        "checking permissions" => "sql_authorization.cc:2176",
        "Opening tables" => "sql_base.cc:5591",
        "init" => "sql_select.cc:677",
        "System lock" => "lock.cc:331",
        "optimizing" => "sql_optimizer.cc:282",
        "statistics" => "sql_optimizer.cc:502",
        "preparing" => "sql_optimizer.cc:583",
        "executing" => "sql_union.cc:1409",
        "update" => "sql_insert.cc:594",
        "updating" => "sql_update.cc:636",
        "User sleep" => "item_func.cc:5640",
        "end" => "sql_select.cc:730",
        "query end" => "sql_parse.cc:4606",
        "waiting for handler commit" => "handler.cc:1589",
        "closing tables" => "sql_parse.cc:4657",
        "freeing items" => "sql_parse.cc:5330",
        "cleaning up" => "sql_parse.cc:2184",
        "Executing hook on transaction begin." => "rpl_handler.cc:1119",
        "Creating tmp table" => "sql_executor.cc:1042",
        "removing tmp table" => "sql_tmp_table.cc:2411",
        _ => "sql_parse.cc:1",
    }
}

fn event_row(e: &StageEvent, started: crate::sim::SimTime) -> Row {
    let ps = |t: crate::sim::SimTime| t.0.saturating_sub(started.0).saturating_mul(1000);
    let timer = |v: u64| if e.timed { Value::UInt(v) } else { Value::Null };
    vec![
        Value::UInt(e.thread_id),
        Value::UInt(e.event_id),
        Value::UInt(e.event_id),
        Value::Str(e.event_name.to_string()),
        Value::Str(source(e.event_name).to_string()),
        timer(ps(e.start)),
        timer(ps(e.end)),
        timer(e.timer_wait_ps()),
        // Only the stages with the `progress` property count work units; none of a plan's do.
        Value::Null,
        Value::Null,
        Value::UInt(e.nesting_event_id),
        Value::Str("STATEMENT".into()),
    ]
}

/// The columns and rows of `table`, or None if it is not one of [`TABLES`].
pub fn read(
    s: &StageInstruments,
    setup: &InstrumentSettings,
    table: &str,
) -> Option<(Vec<ColumnSpec>, Vec<Row>)> {
    let num = |n: &'static str| (n, true, false);
    let mut columns: Vec<ColumnSpec> = Vec::new();
    let mut rows: Vec<Row> = Vec::new();
    let stage_classes = || setup.rows().map(|(c, _)| c).filter(|c| c.name.starts_with("stage/"));
    match table {
        "events_stages_current" | "events_stages_history" | "events_stages_history_long" => {
            columns.extend(EVENT_COLUMNS);
            let started = s.started_at;
            match table {
                "events_stages_current" => {
                    rows.extend(s.current.values().map(|e| event_row(e, started)))
                }
                "events_stages_history" => {
                    rows.extend(s.per_thread.values().flatten().map(|e| event_row(e, started)))
                }
                _ => rows.extend(s.long.iter().map(|e| event_row(e, started))),
            }
        }
        "events_stages_summary_global_by_event_name" => {
            columns.push(("EVENT_NAME", false, false));
            columns.extend(SUMS.map(num));
            // Every stage class, in setup_instruments order, entered or not.
            for class in stage_classes() {
                let sums = s.by_event_name.get(class.name.as_str()).copied().unwrap_or_default();
                let mut row = vec![Value::Str(class.name.clone())];
                row.extend(sums.columns().map(Value::UInt));
                rows.push(row);
            }
        }
        "events_stages_summary_by_thread_by_event_name" => {
            columns.extend([("THREAD_ID", true, false), ("EVENT_NAME", false, false)]);
            columns.extend(SUMS.map(num));
            // Every stage class for each thread that entered a stage.
            let mut threads: Vec<u64> = s.by_thread.keys().map(|(t, _)| *t).collect();
            threads.dedup();
            for thread in threads {
                let of_thread: std::collections::BTreeMap<&str, _> = s
                    .by_thread
                    .range((thread, "")..(thread.saturating_add(1), ""))
                    .map(|((_, name), sums)| (*name, *sums))
                    .collect();
                for class in stage_classes() {
                    let sums = of_thread.get(class.name.as_str()).copied().unwrap_or_default();
                    let mut row = vec![Value::UInt(thread), Value::Str(class.name.clone())];
                    row.extend(sums.columns().map(Value::UInt));
                    rows.push(row);
                }
            }
        }
        _ => return None,
    }
    Some((columns, rows))
}
