//! The server's side of stage events and profiles: after a client statement, its simulated
//! time cut into stages (`instruments::stages::plan`) goes into the stage tables, as
//! setup_instruments and setup_consumers allow, and into its session's profiles while
//! `profiling` is on. Neither adds simulated time: they name time already spent.

use super::session::{Session, SessionId};
use super::Server;
use crate::instruments::stages::plan::{self, Spent};
use crate::instruments::stages::profiles::ProfiledStage;
use crate::instruments::stages::{StageEvent, StageInstruments};
use crate::instruments::statements::event::StatementEvent;
use crate::server::variables::definition::VarValue;
use crate::server::variables::Variables;
use crate::sim::{SimDuration, SimTime};
use crate::var_id;

/// A history size: -1 is autosized, to MySQL's usual value.
fn size(vars: &Variables, name: &str, autosized: usize) -> usize {
    match vars.global(name) {
        VarValue::Int(n) if *n < 0 => autosized,
        _ => vars.global_u64(name) as usize,
    }
}

/// The stage tables of a server starting at `at` with `vars`.
pub fn stages_at_startup(vars: &Variables, at: SimTime) -> StageInstruments {
    StageInstruments::new(
        size(vars, "performance_schema_events_stages_history_size", 10),
        size(vars, "performance_schema_events_stages_history_long_size", 10_000),
        at,
    )
}

/// The places in setup_instruments of the stages a plan can give.
fn stage_positions() -> &'static [usize] {
    static POSITIONS: std::sync::OnceLock<Vec<usize>> = std::sync::OnceLock::new();
    POSITIONS.get_or_init(|| {
        plan::names().filter_map(crate::instruments::setup::classes::position).collect()
    })
}

/// What a load generator's statement leaves for its stage events when it runs, before the
/// client scheduler knows when it starts and ends.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParkedStages {
    /// Its `Com_*` counter (which stages it passes through).
    pub com: Option<&'static str>,
    pub extras: plan::Extras,
    /// The fixed CPU of a statement, stretched by any CPU quota.
    pub fixed_cpu: SimDuration,
    /// The CPU its rows took, stretched alike.
    pub run_cpu: SimDuration,
    /// When its turn on a CPU and its page reads ended (before its commit), once the
    /// scheduler knows.
    pub ran_at: Option<SimTime>,
}

/// What the dispatcher knows of a finished statement's time.
pub struct Staged<'a> {
    pub start: SimTime,
    pub spent: Spent,
    /// Its `Com_*` counter (which stages it passes through).
    pub com: Option<&'static str>,
    /// What else it did that shows as stages (a transaction begun, temporary tables).
    pub extras: plan::Extras,
    /// Its text, for its profile; None for SHOW PROFILE(S), which are not profiled.
    pub text: Option<&'a str>,
}

impl Server {
    /// After `session`'s statement, with its `event` (None when its instrument is off: then
    /// no stage events either): its stages into the stage tables and its profile.
    pub(super) fn statement_stages(
        &mut self,
        session: &mut Session,
        event: Option<&StatementEvent>,
        staged: &Staged<'_>,
    ) {
        if self.running.is_none() {
            return;
        }
        let profiling = staged.text.is_some() && session.vars.u64(var_id!("profiling")) != 0;
        let collect = event.is_some() && self.collecting_stages();
        if !profiling && !collect {
            return;
        }
        let stages = plan::plan(&staged.spent, plan::shape(staged.com), staged.extras);
        if let (true, Some(statement)) = (collect, event) {
            self.keep_stages(statement, staged.start, &stages);
        }
        if let (true, Some(text)) = (profiling, staged.text) {
            let kept = stages
                .iter()
                .map(|s| ProfiledStage {
                    state: crate::instruments::stages::profiles::state_of(s.name),
                    duration: s.duration,
                    cpu: s.cpu,
                })
                .collect();
            let history = session.vars.u64(var_id!("profiling_history_size")) as usize;
            session.profiles.keep(text.trim().trim_end_matches(';').trim_end(), kept, history);
        }
    }

    /// Whether a statement's stages are collected now: performance_schema on, the
    /// global_instrumentation consumer on and a stage instrument a plan can give enabled.
    /// Every statement asks; with the stage instruments off (the default) the answer must be
    /// cheap: their places in setup_instruments are found once.
    fn collecting_stages(&self) -> bool {
        let Some(r) = self.running.as_ref() else { return false };
        r.vars.global_bool(var_id!("performance_schema"))
            && r.statements.consumers.global()
            && stage_positions().iter().any(|p| r.setup.at(Some(*p)).is_some_and(|s| s.enabled))
    }

    /// `statement`'s `stages`, one after another from `start`, into the stage summaries and
    /// (with the events_stages_current consumer) the current and history tables, as
    /// setup_instruments allows each.
    fn keep_stages(&mut self, statement: &StatementEvent, start: SimTime, stages: &[plan::Stage]) {
        let Some(r) = self.running.as_mut() else { return };
        let (current, history, long) = r.statements.consumers.stages();
        let threads = r.statements.consumers.on_threads();
        let mut at = start;
        for stage in stages {
            let start = at;
            at += stage.duration;
            let Some(s) = r.setup.of(stage.name).filter(|s| s.enabled) else { continue };
            let e = StageEvent {
                thread_id: statement.thread_id,
                event_id: if current { r.statements.next_event_id(statement.thread_id) } else { 0 },
                event_name: stage.name,
                start,
                end: at,
                timed: s.timed == Some(true),
                nesting_event_id: statement.event_id,
            };
            r.stages.sum(&e, threads);
            if current {
                r.stages.keep(e, history, long);
            }
        }
    }

    /// A load generator's statement has ended at `end` (the client scheduler's time): its
    /// stages, cut from the times `parked` kept, into the stage tables. Its run is from its
    /// start to the end of its turn on a CPU and its page reads (`ParkedStages::ran_at`), which
    /// holds the time it queued for a CPU (MySQL's thread is in its main stage then, waiting
    /// to be scheduled); its commit is from there to `end` (the group commit's queues and
    /// fsyncs: `waiting for handler commit`). Simplification: the fixed stages' CPU is taken
    /// from the start of its run, so its queueing shows in the main stage alone.
    pub(super) fn parked_statement_stages(
        &mut self,
        statement: &StatementEvent,
        parked: &ParkedStages,
        end: SimTime,
    ) {
        if !self.collecting_stages() {
            return;
        }
        let ran_at = parked.ran_at.unwrap_or(end).clamp(statement.start, end);
        let ran = ran_at.since(statement.start);
        let fixed = parked.fixed_cpu.min(ran);
        let spent = Spent {
            run: SimDuration(ran.0 - fixed.0),
            commit: end.since(ran_at),
            cpu: fixed,
            fixed_cpu: fixed,
            run_cpu: parked.run_cpu.min(SimDuration(ran.0 - fixed.0)),
            ..Spent::default()
        };
        let stages = plan::plan(&spent, plan::shape(parked.com), parked.extras);
        self.keep_stages(statement, statement.start, &stages);
    }

    /// `SHOW PROFILES` and `SHOW PROFILE`: `session`'s profiles, with MySQL 8.0+'s deprecation
    /// warning (1287).
    pub(super) fn show_profile_statement(
        &self,
        session: &mut Session,
        stmt: &crate::sql::parser::Statement,
    ) -> crate::sql::Response {
        use crate::instruments::stages::profiles;
        use crate::sql::parser::Statement;
        let (what, (columns, rows)) = match stmt {
            Statement::ShowProfile { types, query, limit, offset } => (
                "SHOW PROFILE",
                profiles::show_profile(session.profiles.get(*query), types, *limit, *offset),
            ),
            _ => ("SHOW PROFILES", profiles::show_profiles(&session.profiles)),
        };
        session.warn(crate::error::Warning::deprecated_performance_schema(what));
        let columns = columns
            .into_iter()
            .map(|(name, numeric, nullable)| crate::sql::Column {
                name: name.to_string(),
                numeric,
                nullable,
            })
            .collect();
        crate::sql::Response::Rows(crate::sql::ResultSet { columns, rows, unshown: 0 })
    }

    /// A connection ended: its thread's stage rows go.
    pub(super) fn forget_stage_thread(&mut self, session: SessionId) {
        if let Some(r) = self.running.as_mut() {
            r.stages.forget_thread(session.0 + super::statement_events::THREAD_ID_OFFSET);
        }
    }
}
