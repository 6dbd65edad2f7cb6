//! One wait event: a row of `events_waits_current`, `_history` and `_history_long`.

use crate::sim::SimTime;

/// What a wait waited on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaitObject {
    /// A file: OBJECT_TYPE `FILE`, OBJECT_NAME its path.
    File(String),
    /// Rows of a table (OBJECT_TYPE `TABLE`). Simplification: the table is not named (the
    /// per-table split is table_io_waits_summary_by_table's); OBJECT_SCHEMA / NAME are NULL.
    Table,
    /// Nothing (idle).
    None,
}

/// One finished wait.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitEvent {
    pub thread_id: u64,
    pub event_id: u64,
    pub event_name: &'static str,
    /// SOURCE: where MySQL's code starts the wait. UNCONFIRMED: file and line differ between
    /// releases; plausible 8.0 ones are shown.
    pub source: &'static str,
    pub start: SimTime,
    pub end: SimTime,
    /// TIMED = YES for its instrument (else the timers are NULL).
    pub timed: bool,
    pub object: WaitObject,
    /// The statement it happened in (NESTING_EVENT_ID, NESTING_EVENT_TYPE `STATEMENT`).
    pub nesting_event_id: Option<u64>,
    /// OPERATION: `read`, `write`, `sync`, `fetch`, `insert`, `update`, `delete`, `idle`.
    pub operation: &'static str,
    /// NUMBER_OF_BYTES: bytes for file I/O, rows for table I/O (a batch), NULL for idle.
    pub number_of_bytes: Option<u64>,
}

impl WaitEvent {
    /// TIMER_WAIT in picoseconds (0 when untimed).
    pub fn timer_wait_ps(&self) -> u64 {
        if self.timed {
            self.end.0.saturating_sub(self.start.0).saturating_mul(1000)
        } else {
            0
        }
    }
}
