//! The performance_schema tables of the setup and waits slice, as one entry for
//! `system_tables`: `setup_instruments`, the wait and file tables (`waits::tables`),
//! `threads` and `memory_summary_global_by_event_name`, read from what the server lends
//! ([`Sources`]).

use super::memory::{self, MemoryInstruments};
use super::setup::{classes, InstrumentSettings};
use super::waits::tables::ColumnSpec;
use super::waits::WaitInstruments;
use crate::storage::catalog::Catalog;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// The tables read here.
pub const TABLES: [&str; 9] = [
    "events_waits_current",
    "events_waits_history",
    "events_waits_history_long",
    "events_waits_summary_global_by_event_name",
    "file_summary_by_event_name",
    "file_summary_by_instance",
    "memory_summary_global_by_event_name",
    "setup_instruments",
    "threads",
];

/// What the server lends to these tables (None of it while mysqld is down).
pub struct Sources<'a> {
    pub setup: &'a InstrumentSettings,
    pub waits: &'a WaitInstruments,
    /// The stage tables (`stages::tables`).
    pub stages: &'a super::stages::StageInstruments,
    pub memory: &'a MemoryInstruments,
    pub catalog: &'a Catalog,
    /// The binary log's current file (its I/O's FILE_NAME).
    pub binlog_file: String,
    /// The threads table's rows, made by the server (they need its processlist).
    pub threads: Vec<Row>,
}

/// The columns and rows of `table` (one of [`TABLES`]); no rows without `sources`.
pub fn read(sources: Option<&Sources<'_>>, table: &str) -> Option<(Vec<ColumnSpec>, Vec<Row>)> {
    let mut columns: Vec<ColumnSpec> = Vec::new();
    let mut rows = Vec::new();
    match table {
        "setup_instruments" => {
            columns.extend([
                ("NAME", false, false),
                ("ENABLED", false, false),
                ("TIMED", false, true),
                ("PROPERTIES", false, false),
                ("FLAGS", false, true),
                ("VOLATILITY", true, false),
                ("DOCUMENTATION", false, true),
            ]);
            if let Some(s) = sources {
                rows.extend(s.setup.rows().map(|(c, setting)| {
                    crate::server::statements::setup_tables::instrument_row(c, setting)
                }));
            }
        }
        "threads" => {
            columns.extend(super::threads::COLUMNS);
            if let Some(s) = sources {
                rows.extend(s.threads.iter().cloned());
            }
        }
        "memory_summary_global_by_event_name" => {
            columns.push(("EVENT_NAME", false, false));
            columns.extend(memory::COLUMNS.map(|n| (n, true, false)));
            if let Some(s) = sources {
                for class in classes().iter().filter(|c| c.is_memory()) {
                    let sums =
                        s.memory.by_name.get(class.name.as_str()).copied().unwrap_or_default();
                    let mut row = vec![Value::Str(class.name.clone())];
                    row.extend(memory::values(&sums).map(Value::UInt));
                    rows.push(row);
                }
                if let Some(sums) = s.memory.by_name.get(memory::USERSTAT_INSTRUMENT) {
                    let mut row = vec![Value::Str(memory::USERSTAT_INSTRUMENT.into())];
                    row.extend(memory::values(sums).map(Value::UInt));
                    rows.push(row);
                }
            }
        }
        _ => {
            let empty;
            let (waits, setup, catalog, binlog) = match sources {
                Some(s) => (s.waits, s.setup, s.catalog, s.binlog_file.as_str()),
                None => {
                    empty = Empty::new();
                    (&empty.waits, &empty.setup, &empty.catalog, "")
                }
            };
            let (c, r) = super::waits::tables::read(waits, setup, catalog, binlog, table)?;
            columns = c;
            rows = if sources.is_some() { r } else { Vec::new() };
        }
    }
    Some((columns, rows))
}

/// Tables with nothing in them, for reading column names while mysqld is down.
struct Empty {
    waits: WaitInstruments,
    setup: InstrumentSettings,
    catalog: Catalog,
}

impl Empty {
    fn new() -> Empty {
        Empty {
            waits: WaitInstruments::new(0, 0, crate::sim::SimTime(0)),
            setup: InstrumentSettings::default(),
            catalog: Catalog::new(),
        }
    }
}
