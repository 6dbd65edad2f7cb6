//! performance_schema's wait events for the mechanisms the simulator has: file I/O (each page
//! read and write the buffer pool and the temporary tables charge to `sim::Disk`, each write
//! and fsync of the redo and binary logs), table I/O (`wait/io/table/sql/handler`, one event
//! per statement and operation) and `idle` (a connection waiting for its next statement).
//!
//! What is kept, as `setup_instruments` and `setup_consumers` say: the summaries by event
//! name and by file (`file_summary_by_instance`, `_by_event_name`) with
//! global_instrumentation alone; `events_waits_current`, `_history` (10 a thread) and
//! `_history_long` (10,000) only with their consumers, off by default. Collecting an event
//! for those tables costs CPU (`Hardware::cpu_wait_event_ns`).

pub mod event;
pub mod files;
mod recorder;
pub mod tables;

pub use recorder::{WaitInstruments, WaitSums};
