//! performance_schema's statement instrumentation: each finished statement becomes an event
//! (its digest, timer and counts), summed per digest (`events_statements_summary_by_digest`,
//! `events_statements_histogram_by_digest`), per event name
//! (`events_statements_summary_global_by_event_name`, `events_statements_histogram_global`) and
//! per thread, account, user and host and event name, and kept as it is in
//! `events_statements_current`, `_history` and `_history_long`, as `setup_consumers` says.
//! Every table has the fixed size MySQL's sizing variables give it; collecting has a CPU price
//! (`cost`).

pub mod consumers;
pub mod cost;
pub mod event;
pub mod histogram;
pub mod history;
mod recorder;
pub mod summary;
pub mod tables;

pub use recorder::{Sizing, StatementInstruments};
