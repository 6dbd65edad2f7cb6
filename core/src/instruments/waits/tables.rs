//! The wait and file tables' rows as a query reads them: MySQL 9.7's columns in its order,
//! timers in picoseconds from the server's start, NULL timers for untimed waits.

use super::event::{WaitEvent, WaitObject};
use super::files::{file_class, file_name, SUMMARY_COLUMNS};
use super::WaitInstruments;
use crate::instruments::setup::InstrumentSettings;
use crate::storage::catalog::Catalog;
use crate::storage::table::Row;
use crate::storage::value::Value;

pub use crate::instruments::ColumnSpec;

/// The tables this module produces.
pub const TABLES: [&str; 6] = [
    "events_waits_current",
    "events_waits_history",
    "events_waits_history_long",
    "events_waits_summary_global_by_event_name",
    "file_summary_by_event_name",
    "file_summary_by_instance",
];

/// The columns of `events_waits_current`, `_history` and `_history_long`.
const EVENT_COLUMNS: [ColumnSpec; 19] = [
    ("THREAD_ID", true, false),
    ("EVENT_ID", true, false),
    ("END_EVENT_ID", true, true),
    ("EVENT_NAME", false, false),
    ("SOURCE", false, true),
    ("TIMER_START", true, true),
    ("TIMER_END", true, true),
    ("TIMER_WAIT", true, true),
    ("SPINS", true, true),
    ("OBJECT_SCHEMA", false, true),
    ("OBJECT_NAME", false, true),
    ("INDEX_NAME", false, true),
    ("OBJECT_TYPE", false, true),
    ("OBJECT_INSTANCE_BEGIN", true, false),
    ("NESTING_EVENT_ID", true, true),
    ("NESTING_EVENT_TYPE", false, true),
    ("OPERATION", false, false),
    ("NUMBER_OF_BYTES", true, true),
    ("FLAGS", true, true),
];

/// OBJECT_INSTANCE_BEGIN: the address of the instrumented object in mysqld's memory.
/// Simplification: a made-up, stable address per object.
pub fn instance_address(object: u64) -> u64 {
    0x7f3a_0000_0000 + object.wrapping_mul(0x1040)
}

fn event_row(e: &WaitEvent, started: crate::sim::SimTime) -> Row {
    let ps = |t: crate::sim::SimTime| t.0.saturating_sub(started.0).saturating_mul(1000);
    let timer = |v: u64| if e.timed { Value::UInt(v) } else { Value::Null };
    let (object_name, object_type, instance) = match &e.object {
        WaitObject::File(name) => (Value::Str(name.clone()), Value::Str("FILE".into()), 1),
        WaitObject::Table => (Value::Null, Value::Str("TABLE".into()), 2),
        WaitObject::None => (Value::Null, Value::Null, 0),
    };
    vec![
        Value::UInt(e.thread_id),
        Value::UInt(e.event_id),
        Value::UInt(e.event_id),
        Value::Str(e.event_name.to_string()),
        Value::Str(e.source.to_string()),
        timer(ps(e.start)),
        timer(ps(e.end)),
        timer(e.timer_wait_ps()),
        Value::Null,
        Value::Null,
        object_name,
        Value::Null,
        object_type,
        Value::UInt(if instance == 0 { 0 } else { instance_address(instance) }),
        e.nesting_event_id.map_or(Value::Null, Value::UInt),
        if e.nesting_event_id.is_some() { Value::Str("STATEMENT".into()) } else { Value::Null },
        Value::Str(e.operation.to_string()),
        e.number_of_bytes.map_or(Value::Null, Value::UInt),
        Value::Null,
    ]
}

/// The columns and rows of `table`, or None if it is not one of [`TABLES`].
pub fn read(
    w: &WaitInstruments,
    setup: &InstrumentSettings,
    catalog: &Catalog,
    binlog: &str,
    table: &str,
) -> Option<(Vec<ColumnSpec>, Vec<Row>)> {
    let num = |n: &'static str| (n, true, false);
    let mut columns: Vec<ColumnSpec> = Vec::new();
    let mut rows: Vec<Row> = Vec::new();
    match table {
        "events_waits_current" | "events_waits_history" | "events_waits_history_long" => {
            columns.extend(EVENT_COLUMNS);
            let started = w.started_at;
            match table {
                "events_waits_current" => {
                    rows.extend(w.current.values().map(|e| event_row(e, started)))
                }
                "events_waits_history" => {
                    rows.extend(w.per_thread.values().flatten().map(|e| event_row(e, started)))
                }
                _ => rows.extend(w.long.iter().map(|e| event_row(e, started))),
            }
        }
        "events_waits_summary_global_by_event_name" => {
            columns.push(("EVENT_NAME", false, false));
            columns.extend(
                [
                    "COUNT_STAR",
                    "SUM_TIMER_WAIT",
                    "MIN_TIMER_WAIT",
                    "AVG_TIMER_WAIT",
                    "MAX_TIMER_WAIT",
                ]
                .map(num),
            );
            // Every wait class and idle, as MySQL lists them, in setup_instruments order.
            for (class, _) in setup.rows() {
                let name = class.name.as_str();
                if !(name.starts_with("wait/") || name == "idle") {
                    continue;
                }
                let sums = w.by_event_name.get(name).copied().unwrap_or_default();
                let mut row = vec![Value::Str(name.to_string())];
                row.extend(sums.columns().map(Value::UInt));
                rows.push(row);
            }
        }
        "file_summary_by_event_name" => {
            columns.push(("EVENT_NAME", false, false));
            columns.extend(SUMMARY_COLUMNS.map(num));
            for (class, _) in setup.rows() {
                if !class.name.starts_with("wait/io/file/") {
                    continue;
                }
                let sums = w.by_file_class.get(class.name.as_str()).copied().unwrap_or_default();
                let mut row = vec![Value::Str(class.name.clone())];
                row.extend(sums.values().into_iter().map(Value::UInt));
                rows.push(row);
            }
        }
        "file_summary_by_instance" => {
            columns.extend([
                ("FILE_NAME", false, false),
                ("EVENT_NAME", false, false),
                ("OBJECT_INSTANCE_BEGIN", true, false),
            ]);
            columns.extend(SUMMARY_COLUMNS.map(num));
            for (space, sums) in &w.by_file {
                let Some(name) = file_name(*space, catalog, binlog) else { continue };
                let mut row = vec![
                    Value::Str(name),
                    Value::Str(file_class(*space).to_string()),
                    Value::UInt(instance_address(16 + u64::from(*space))),
                ];
                row.extend(sums.values().into_iter().map(Value::UInt));
                rows.push(row);
            }
        }
        _ => return None,
    }
    Some((columns, rows))
}
