//! performance_schema's stage events and the profiles of `SHOW PROFILE`, both cut from one
//! plan of each statement's simulated time ([`plan`]).
//!
//! A stage splits time the statement already spent; making stage events adds none (the
//! simulated mechanisms charge the time, the stages only name its parts). What is kept, as
//! `setup_instruments` and `setup_consumers` say (the manual's "Performance Schema Stage
//! Event Tables"): `events_stages_summary_global_by_event_name` and `_by_thread_by_event_name`
//! with global (and thread) instrumentation alone; `events_stages_current`, `_history` (10 a
//! thread) and `_history_long` (10,000) only with their consumers, off by default. The
//! `stage/sql/*` instruments are off by default too.
//!
//! Simplifications: stage events are made for statements a client runs through
//! `Server::execute`, not for the load generators' statements the client scheduler ends; the
//! waits a statement made still nest in the statement, not in its `executing` stage; the
//! stage events take their EVENT_IDs after the statement's waits; a statement whose own
//! instrument is off makes no stage events; `events_stages_current` shows a thread's last
//! finished stage, never one under way (a session reading it sees its previous statement's
//! `cleaning up`, where MySQL would show its own `executing`).

pub mod plan;
pub mod profiles;
mod recorder;
pub mod tables;

pub use recorder::StageInstruments;

use crate::sim::SimTime;

/// One finished stage: a row of `events_stages_current`, `_history` and `_history_long`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageEvent {
    pub thread_id: u64,
    pub event_id: u64,
    /// EVENT_NAME, `stage/sql/executing` and the like.
    pub event_name: &'static str,
    pub start: SimTime,
    pub end: SimTime,
    /// TIMED = YES for its instrument (else the timers are NULL).
    pub timed: bool,
    /// The statement it is part of (NESTING_EVENT_ID, NESTING_EVENT_TYPE `STATEMENT`).
    pub nesting_event_id: u64,
}

impl StageEvent {
    /// TIMER_WAIT in picoseconds (0 when untimed).
    pub fn timer_wait_ps(&self) -> u64 {
        if self.timed {
            self.end.0.saturating_sub(self.start.0).saturating_mul(1000)
        } else {
            0
        }
    }
}
