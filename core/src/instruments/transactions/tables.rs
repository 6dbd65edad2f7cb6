//! The transaction tables' rows as a query reads them: MySQL 9.7's columns in its order (the
//! manual's "The events_transactions_current Table" and "Transaction Summary Tables"), timers
//! in picoseconds from the server's start, NULL timers for an untimed event; an ACTIVE one
//! has END_EVENT_ID NULL and TIMER_END now (the manual's rule for an event not finished).

use super::{TransactionEvent, TransactionInstruments, TrxState};
use crate::instruments::ColumnSpec;
use crate::sim::SimTime;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// The tables this module produces.
pub const TABLES: [&str; 4] = [
    "events_transactions_current",
    "events_transactions_history",
    "events_transactions_history_long",
    "events_transactions_summary_global_by_event_name",
];

/// The columns of `events_transactions_current`, `_history` and `_history_long`.
const EVENT_COLUMNS: [ColumnSpec; 24] = [
    ("THREAD_ID", true, false),
    ("EVENT_ID", true, false),
    ("END_EVENT_ID", true, true),
    ("EVENT_NAME", false, false),
    ("STATE", false, true),
    ("TRX_ID", true, true),
    ("GTID", false, true),
    ("XID_FORMAT_ID", true, true),
    ("XID_GTRID", false, true),
    ("XID_BQUAL", false, true),
    ("XA_STATE", false, true),
    ("SOURCE", false, true),
    ("TIMER_START", true, true),
    ("TIMER_END", true, true),
    ("TIMER_WAIT", true, true),
    ("ACCESS_MODE", false, true),
    ("ISOLATION_LEVEL", false, true),
    ("AUTOCOMMIT", false, false),
    ("NUMBER_OF_SAVEPOINTS", true, true),
    ("NUMBER_OF_ROLLBACK_TO_SAVEPOINT", true, true),
    ("NUMBER_OF_RELEASE_SAVEPOINT", true, true),
    ("OBJECT_INSTANCE_BEGIN", true, true),
    ("NESTING_EVENT_ID", true, true),
    ("NESTING_EVENT_TYPE", false, true),
];

/// The summary's timer column groups: all, READ WRITE, READ ONLY.
const SUMMARY_COLUMNS: [&str; 15] = [
    "COUNT_STAR",
    "SUM_TIMER_WAIT",
    "MIN_TIMER_WAIT",
    "AVG_TIMER_WAIT",
    "MAX_TIMER_WAIT",
    "COUNT_READ_WRITE",
    "SUM_TIMER_READ_WRITE",
    "MIN_TIMER_READ_WRITE",
    "AVG_TIMER_READ_WRITE",
    "MAX_TIMER_READ_WRITE",
    "COUNT_READ_ONLY",
    "SUM_TIMER_READ_ONLY",
    "MIN_TIMER_READ_ONLY",
    "AVG_TIMER_READ_ONLY",
    "MAX_TIMER_READ_ONLY",
];

/// SOURCE: where MySQL starts the event, `trans_begin` for START TRANSACTION and
/// `trans_register_ha` for a transaction a statement opens. UNCONFIRMED: the manual's
/// example shows `transaction.cc:150` (5.7); the lines differ between releases, and the
/// handler.cc line is chosen.
fn source(e: &TransactionEvent) -> &'static str {
    if e.explicit {
        "transaction.cc:150"
    } else {
        "handler.cc:1421"
    }
}

fn event_row(e: &TransactionEvent, started: SimTime, now: SimTime) -> Row {
    let ps = |t: SimTime| t.0.saturating_sub(started.0).saturating_mul(1000);
    let timer = |v: u64| if e.timed { Value::UInt(v) } else { Value::Null };
    let end = if e.state == TrxState::Active { now.max(e.start) } else { e.end };
    let text = |s: &str| Value::Str(s.to_string());
    vec![
        Value::UInt(e.thread_id),
        Value::UInt(e.event_id),
        e.end_event_id.map_or(Value::Null, Value::UInt),
        text("transaction"),
        text(e.state.name()),
        // TRX_ID: "Unused" (the manual).
        Value::Null,
        text(e.gtid),
        Value::Null,
        Value::Null,
        Value::Null,
        Value::Null,
        text(source(e)),
        timer(ps(e.start)),
        timer(ps(end)),
        timer(e.timer_wait_ps(now)),
        text(if e.read_only { "READ ONLY" } else { "READ WRITE" }),
        text(e.isolation),
        text(if e.autocommit { "YES" } else { "NO" }),
        Value::UInt(e.savepoints),
        Value::UInt(e.rollback_to_savepoint),
        Value::UInt(e.release_savepoint),
        Value::Null,
        e.nesting_event_id.map_or(Value::Null, Value::UInt),
        if e.nesting_event_id.is_some() { text("STATEMENT") } else { Value::Null },
    ]
}

/// The columns and rows of `table` at `now`, or None if it is not one of [`TABLES`].
pub fn read(
    t: &TransactionInstruments,
    table: &str,
    now: SimTime,
) -> Option<(Vec<ColumnSpec>, Vec<Row>)> {
    let started = t.started_at;
    let row = |e: &TransactionEvent| event_row(e, started, now);
    let (columns, rows): (Vec<ColumnSpec>, Vec<Row>) = match table {
        "events_transactions_current" => (EVENT_COLUMNS.to_vec(), t.current().map(row).collect()),
        "events_transactions_history" => {
            (EVENT_COLUMNS.to_vec(), t.per_thread.values().flatten().map(row).collect())
        }
        "events_transactions_history_long" => {
            (EVENT_COLUMNS.to_vec(), t.long.iter().map(row).collect())
        }
        "events_transactions_summary_global_by_event_name" => {
            let mut columns = vec![("EVENT_NAME", false, false)];
            columns.extend(SUMMARY_COLUMNS.map(|c| (c, true, false)));
            let mut r = vec![Value::Str("transaction".into())];
            r.extend(t.summary.iter().flat_map(|s| s.columns()).map(Value::UInt));
            (columns, vec![r])
        }
        _ => return None,
    };
    Some((columns, rows))
}
