//! Concurrent clients in simulated time: each client is a state machine (run a statement on a
//! CPU, then, if it commits, wait in the binary log group commit) driven by the event
//! scheduler. This is where concurrency turns into shared fsyncs.
//!
//! ```text
//!   client ─ statement (CPU) ─┬─ no commit ────────────────────────────────┐
//!                             └─ prepare ─ FLUSH queue ─ SYNC queue ─ COMMIT ┴─ next statement
//!                                 (leader takes the whole queue at each stage)
//! ```
//!
//! Each stage has a queue: the first transaction to arrive at an idle stage leads and takes
//! everything queued when it starts, so while one group fsyncs the next one gathers. Groups
//! are larger when fsyncs are slow and clients many; with one client every group has one.
//! The redo fsync (FLUSH, trx_commit = 1) and the binlog fsync (SYNC) of different groups
//! could overlap, but both go through the device's one flush queue (`sim::disk::FlushQueue`).
//!
//! Simplifications: the COMMIT stage takes no time of its own (InnoDB's commit of each
//! transaction is in the statement's `cpu_commit_ns`); the sync delay's
//! `binlog_group_commit_sync_no_delay_count` is checked when the wait starts.
//!
//! CPUs: the container's CPU quota (or cpuset) gives whole CPUs. A statement whose CPU work
//! fits in the kernel's time slice (`sched_slice_us`) takes the CPU that frees first and runs
//! to its end. A longer one (a full scan) runs a slice at a time: at each slice's end it goes
//! to the back of the queue of long statements, and a statement that has just arrived goes
//! before that queue, as EEVDF picks a woken thread (earlier deadline) over one that has
//! used its slice. So long statements share the CPUs when more run than there are CPUs (8
//! scans on 4 CPUs take twice their CPU time each), while a short statement waits at most
//! until the next slice ends. Simplifications: no preemption inside a slice (RUN_TO_PARITY
//! behaviour); the slice is the same for every thread.
//! A statement's timer (Performance Schema, slow log, general log) starts when its thread first
//! runs, not when the statement arrives: mysqld's thread sleeps in the socket read until the
//! client's packet wakes it, then waits on the run queue for a CPU, and only once running
//! reads the packet and starts the statement's clock. So the wait for a CPU at wake-up is in a
//! client's own timings (mysqlslap's, sysbench's), not in the server's; the waits between a
//! long statement's slices are in both.
//! A connection is a client's first step (`StatementRun::wait_before` holds its wait for the
//! acceptor and the handshake, its CPU the set-up and authentication), so connecting competes
//! for the CPUs like any statement.

use crate::binlog::group_commit::{CommitSettings, Prepared};
use crate::error::MySqlError;
use crate::instruments::statements::event::DigestKey;
use crate::instruments::statements::Sizing;
use crate::server::stage_events::ParkedStages;
use crate::server::statement_events::{digest_of, digest_of_shaped, ParkedStatement, Ran};
use crate::server::{Server, SessionId};
use crate::sim::scheduler::Scheduler;
use crate::sim::{SimDuration, SimTime};
use crate::status_id;

/// The most clients one run may have (mysqlslap's own limit is far higher, but each client
/// is a simulated thread here).
pub const CLIENTS_MAX: u32 = 4096;

/// One statement a client ran, as the workload reports it.
#[derive(Clone, Copy, Debug)]
pub struct StatementRun {
    /// CPU time it takes (server and client side), in nanoseconds.
    pub cpu_ns: u64,
    /// Time it waited for I/O while running (buffer pool reads).
    pub io_wait: SimDuration,
    /// The session it ran in; if the statement ended a transaction with changes, that
    /// transaction commits through the group commit.
    pub session: SessionId,
    /// Whether it ends a transaction (autocommit, or COMMIT).
    pub commits: bool,
    /// Time that passes before its CPU work can start (a connection waiting for the
    /// acceptor and the handshake's round trips).
    pub wait_before: SimDuration,
}

/// What the clients run.
pub trait Workload {
    /// Runs `client`'s next statement against `server` (its effects happen now) and returns
    /// its cost; None when the client has no more statements.
    fn next(&mut self, server: &mut Server, client: u32) -> Option<StatementRun>;

    /// Tells the workload the simulated time at which `client` asks for its next statement
    /// (its previous one has just finished), before [`Workload::next`]: a tool that times
    /// each transaction (sysbench) needs it; the server's clock is not that time here.
    fn ready_at(&mut self, _client: u32, _now: SimTime) {}
}

/// What a run of clients did.
#[derive(Clone, Debug, Default)]
pub struct ClientsRun {
    pub started: SimTime,
    /// When the last client finished.
    pub finished: SimTime,
    pub statements: u64,
    pub commits: u64,
    /// Commit groups the FLUSH stage processed.
    pub groups: u64,
}

#[derive(Clone, Copy, Debug)]
enum Event {
    /// The client may start its next statement.
    Ready(u32),
    /// The client's statement finished on its CPU.
    Ran(u32, SessionId, bool),
    FlushDone,
    SyncStart,
    SyncDone,
    /// The client's long statement wants its next slice of CPU (its first, or after one).
    WantSlice(u32),
    /// A CPU may have freed for the queue of long statements.
    CpuFree,
}

/// A statement longer than a slice, between its slices.
#[derive(Clone, Copy, Debug)]
struct LongRun {
    session: SessionId,
    commits: bool,
    /// CPU time still to run.
    remaining: SimDuration,
    io_wait: SimDuration,
    /// It has had a slice of CPU (its timer has started).
    started: bool,
}

/// The CPUs' state for statements longer than a slice (see the module header).
struct Slicing {
    slice: SimDuration,
    /// Each client's long statement, if it has one.
    runs: Vec<Option<LongRun>>,
    /// Clients waiting for a slice, in order.
    queue: std::collections::VecDeque<u32>,
    /// When the next [`Event::CpuFree`] is due, if one is scheduled.
    check_at: Option<SimTime>,
}

impl Slicing {
    /// Gives free CPUs to the queue's clients in order, each for one slice; schedules the
    /// next look at the CPUs while some wait. A statement's first slice starts its timer: its
    /// session is added to `first_runs`.
    fn dispatch(
        &mut self,
        cpu_free: &mut [SimTime],
        now: SimTime,
        events: &mut Scheduler<Event>,
        first_runs: &mut Vec<SessionId>,
    ) {
        while let Some(&c) = self.queue.front() {
            let Some(slot) = cpu_free.iter_mut().filter(|f| **f <= now).min() else { break };
            self.queue.pop_front();
            let Some(mut run) = self.runs[c as usize].take() else { continue };
            if !run.started {
                run.started = true;
                first_runs.push(run.session);
            }
            let this = SimDuration(run.remaining.0.min(self.slice.0));
            run.remaining = SimDuration(run.remaining.0 - this.0);
            *slot = now + this;
            if run.remaining == SimDuration::ZERO {
                let done = now + this + run.io_wait;
                let _ = events.schedule(done, Event::Ran(c, run.session, run.commits));
            } else {
                self.runs[c as usize] = Some(run);
                let _ = events.schedule(now + this, Event::WantSlice(c));
            }
        }
        if !self.queue.is_empty() {
            let next = cpu_free.iter().copied().min().unwrap_or(now);
            if self.check_at.is_none_or(|t| t > next || t < now) {
                self.check_at = Some(next);
                let _ = events.schedule(next, Event::CpuFree);
            }
        }
    }
}

/// The group commit pipeline's queues and which stage is busy.
#[derive(Default)]
struct Pipeline {
    flush_queue: Vec<(u32, Prepared)>,
    flushing: Vec<(u32, Prepared)>,
    sync_queue: Vec<(u32, Prepared)>,
    syncing: Vec<(u32, Prepared)>,
    /// A sync stage start is scheduled.
    sync_waiting: bool,
    /// The scheduled start has waited out `binlog_group_commit_sync_delay`.
    delayed: bool,
}

impl Server {
    /// Runs `clients` clients of `workload` concurrently until all are done, from now; the
    /// server's clock ends when the last one finishes. `stop_at` ends the run early (a crash).
    pub fn run_clients(
        &mut self,
        clients: u32,
        workload: &mut dyn Workload,
        stop_at: Option<SimTime>,
    ) -> ClientsRun {
        let clients = clients.clamp(1, CLIENTS_MAX);
        let start = self.clock.now();
        let mut run = ClientsRun { started: start, finished: start, ..ClientsRun::default() };
        let Some(settings) = self.commit_settings() else { return run };
        self.logs.settings_cache = Some(settings);
        let cpus = (self.host.cpu_capacity_milli() / 1000).max(1) as usize;
        // A fractional quota stretches every CPU's time (1.5 CPUs: 2 CPUs at 75 %).
        let stretch_milli = (cpus as u64 * 1000).max(self.host.cpu_capacity_milli());
        let capacity_milli = self.host.cpu_capacity_milli().max(1);
        let stretch = |ns: u64| ns.saturating_mul(stretch_milli) / capacity_milli;
        let mut cpu_free = vec![start; cpus];
        let mut slicing = Slicing {
            slice: SimDuration::from_micros(self.host.hardware().sched_slice_us),
            runs: vec![None; clients as usize],
            queue: std::collections::VecDeque::new(),
            check_at: None,
        };
        let mut events: Scheduler<Event> = Scheduler::new();
        // Each client's session, for the statement events its commit ends.
        let mut sessions: Vec<Option<SessionId>> = vec![None; clients as usize];
        for c in 0..clients {
            let _ = events.schedule(start, Event::Ready(c));
        }
        let mut p = Pipeline::default();
        // Long statements whose first slice a dispatch has just given (reused buffer).
        let mut first_runs: Vec<SessionId> = Vec::new();
        let mut now = start;
        // Bounded: every event is a step of a finite workload (each client's statements),
        // and the scheduler refuses to grow past its own bound.
        while let Some((due, event)) = events.pop_next() {
            if stop_at.is_some_and(|s| due > s) {
                now = stop_at.unwrap_or(due);
                break;
            }
            now = due;
            self.disk.at(now);
            self.logs.background_until(now, &mut self.disk, &settings);
            match event {
                Event::Ready(c) => {
                    workload.ready_at(c, now);
                    let Some(st) = workload.next(self, c) else {
                        run.finished = run.finished.max(now);
                        continue;
                    };
                    run.statements += 1;
                    let ready = now + st.wait_before;
                    sessions[c as usize] = Some(st.session);
                    let cost = SimDuration(stretch(st.cpu_ns));
                    if slicing.slice > SimDuration::ZERO && cost > slicing.slice {
                        slicing.runs[c as usize] = Some(LongRun {
                            session: st.session,
                            commits: st.commits,
                            remaining: cost,
                            io_wait: st.io_wait,
                            started: false,
                        });
                        let _ = events.schedule(ready, Event::WantSlice(c));
                        continue;
                    }
                    let (begin, end) = cpu_turn(&mut cpu_free, ready, cost);
                    self.statement_started(st.session, begin);
                    let _ =
                        events.schedule(end + st.io_wait, Event::Ran(c, st.session, st.commits));
                }
                Event::WantSlice(c) => {
                    slicing.queue.push_back(c);
                    slicing.dispatch(&mut cpu_free, now, &mut events, &mut first_runs);
                    for session in first_runs.drain(..) {
                        self.statement_started(session, now);
                    }
                }
                Event::CpuFree => {
                    if slicing.check_at == Some(now) {
                        slicing.check_at = None;
                    }
                    slicing.dispatch(&mut cpu_free, now, &mut events, &mut first_runs);
                    for session in first_runs.drain(..) {
                        self.statement_started(session, now);
                    }
                }
                Event::Ran(c, session, commits) => {
                    self.statement_ran(session, now);
                    let prepared =
                        if commits { self.prepare_commit(session, &settings, now) } else { None };
                    match prepared {
                        Some(prep) => {
                            run.commits += 1;
                            p.flush_queue.push((c, prep));
                            if p.flushing.is_empty() {
                                self.lead_flush(
                                    &mut p,
                                    &mut events,
                                    now,
                                    &settings,
                                    &mut run,
                                    &mut cpu_free,
                                );
                            }
                        }
                        None => {
                            self.statement_finished(session, now);
                            let _ = events.schedule(now, Event::Ready(c));
                        }
                    }
                }
                Event::FlushDone => {
                    p.sync_queue.append(&mut p.flushing);
                    if p.syncing.is_empty() && !p.sync_waiting {
                        let _ = events.schedule(now, Event::SyncStart);
                        p.sync_waiting = true;
                    }
                    if !p.flush_queue.is_empty() {
                        self.lead_flush(
                            &mut p,
                            &mut events,
                            now,
                            &settings,
                            &mut run,
                            &mut cpu_free,
                        );
                    }
                }
                Event::SyncStart => {
                    // binlog_group_commit_sync_delay: wait for more to join first, unless
                    // enough already have (binlog_group_commit_sync_no_delay_count).
                    // Simplification: the count is checked when the wait starts, not during it.
                    let enough = settings.sync_no_delay_count > 0
                        && p.sync_queue.len() as u64 >= settings.sync_no_delay_count;
                    if settings.sync_delay > SimDuration::ZERO && !p.delayed && !enough {
                        p.delayed = true;
                        let _ = events.schedule(now + settings.sync_delay, Event::SyncStart);
                        continue;
                    }
                    p.delayed = false;
                    p.sync_waiting = false;
                    p.syncing = std::mem::take(&mut p.sync_queue);
                    let preps: Vec<Prepared> = p.syncing.iter().map(|(_, x)| x.clone()).collect();
                    let done = self.logs.sync_stage(&preps, now, &mut self.disk, &settings);
                    let _ = events.schedule(done, Event::SyncDone);
                }
                Event::SyncDone => {
                    let group: Vec<(u32, Prepared)> = std::mem::take(&mut p.syncing);
                    let preps: Vec<Prepared> = group.iter().map(|(_, x)| x.clone()).collect();
                    let acked = self.logs.commit_stage(&preps, now, &mut self.disk, &settings);
                    for (c, _) in &group {
                        if let Some(session) = sessions[*c as usize] {
                            self.statement_finished(session, acked);
                        }
                        let _ = events.schedule(acked, Event::Ready(*c));
                    }
                    if !p.sync_queue.is_empty() {
                        p.sync_waiting = true;
                        let _ = events.schedule(now, Event::SyncStart);
                    }
                }
            }
        }
        run.finished = run.finished.max(now);
        self.logs.settings_cache = None;
        self.clock.advance_to(run.finished);
        self.logs.background_until(run.finished, &mut self.disk, &settings);
        run
    }

    /// The first arrival at an idle FLUSH stage leads: it takes the whole queue.
    fn lead_flush(
        &mut self,
        p: &mut Pipeline,
        events: &mut Scheduler<Event>,
        now: SimTime,
        settings: &CommitSettings,
        run: &mut ClientsRun,
        cpu_free: &mut [SimTime],
    ) {
        p.flushing = std::mem::take(&mut p.flush_queue);
        run.groups += 1;
        let preps: Vec<Prepared> = p.flushing.iter().map(|(_, x)| x.clone()).collect();
        let mut cpu = |start: SimTime, cost: SimDuration| cpu_run(cpu_free, start, cost);
        let done = self.logs.flush_stage(&preps, now, &mut self.disk, settings, &mut cpu);
        let _ = events.schedule(done, Event::FlushDone);
    }
}

/// Runs `cost` of CPU work ready at `now` on the CPU that frees first; returns when it ends.
fn cpu_run(cpu_free: &mut [SimTime], now: SimTime, cost: SimDuration) -> SimTime {
    cpu_turn(cpu_free, now, cost).1
}

/// As [`cpu_run`], returning when the work begins (its thread first runs) and when it ends.
fn cpu_turn(cpu_free: &mut [SimTime], now: SimTime, cost: SimDuration) -> (SimTime, SimTime) {
    let Some(slot) = cpu_free.iter_mut().min() else { return (now, now + cost) };
    let begin = if *slot > now { *slot } else { now };
    *slot = begin + cost;
    (begin, *slot)
}

/// A statement parsed once and run many times by a load generator (mysqlslap sends the same
/// few texts thousands of times; the server's cost of parsing is still charged as CPU).
pub struct Prepped {
    /// Shared with the parse cache's template for its shape (see `Template::fill`).
    stmt: std::sync::Arc<crate::sql::parser::Statement>,
    sql: String,
    /// Its shape with names' digits as slots, when the parse cache made it (the digest's
    /// memo is keyed by it).
    shaped: Option<crate::sql::parser::cache::Shaped>,
    /// Its digest, computed once for the sizing it was computed under.
    digest: std::cell::OnceCell<(Sizing, Option<DigestKey>)>,
}

impl Prepped {
    /// Parses `sql` (one statement).
    pub fn new(sql: &str) -> crate::error::Result<Prepped> {
        let stmt = std::sync::Arc::new(crate::sql::parser::parse(sql)?);
        Ok(Prepped { stmt, sql: sql.to_string(), shaped: None, digest: std::cell::OnceCell::new() })
    }

    /// Parses `sql` (one statement) through the server's cache of parsed statements, which
    /// gives what [`Prepped::new`] would, faster for a text whose shape it has seen.
    pub fn cached(server: &mut Server, sql: &str) -> crate::error::Result<Prepped> {
        let (stmt, shaped) = server.statements.parse_shaped(sql)?;
        Ok(Prepped { stmt, sql: sql.to_string(), shaped, digest: std::cell::OnceCell::new() })
    }

    /// The statement's digest under `sizing`.
    fn digest(&self, sizing: &Sizing) -> Option<DigestKey> {
        let of = || match &self.shaped {
            Some(shaped) => digest_of_shaped(&self.sql, Some(shaped), sizing),
            None => digest_of(&self.sql, sizing),
        };
        let (at, digest) = self.digest.get_or_init(|| (*sizing, of()));
        if at == sizing {
            digest.clone()
        } else {
            of()
        }
    }

    pub fn sql(&self) -> &str {
        &self.sql
    }
}

impl Server {
    /// Runs a parsed statement for session `id` as a load generator's client sends it: counts
    /// it, runs it, and reports its cost instead of moving the clock (the caller schedules the
    /// CPU). The transaction it ends (if any) is left for the group commit to commit.
    pub fn run_prepped(
        &mut self,
        id: SessionId,
        p: &Prepped,
    ) -> (crate::error::Result<crate::sql::Response>, StatementRun) {
        let before = self.clock.now();
        let mut run = StatementRun {
            cpu_ns: 0,
            io_wait: SimDuration::ZERO,
            session: id,
            commits: false,
            wait_before: SimDuration::ZERO,
        };
        let Some(r) = self.running.as_mut() else {
            return (Err(MySqlError::cannot_connect()), run);
        };
        let Some(mut session) = r.sessions.remove(&id) else {
            return (Err(MySqlError::cannot_connect()), run);
        };
        crate::instruments::status::count(
            &mut r.status,
            &mut session.status,
            status_id!("Questions"),
            1,
        );
        crate::instruments::status::count(
            &mut r.status,
            &mut session.status,
            status_id!("Queries"),
            1,
        );
        let com = crate::server::dispatch::com_counter(&p.stmt);
        if let Some(com) = com {
            crate::instruments::status::count(
                &mut r.status,
                &mut session.status,
                crate::instruments::status::StatusId::of(com),
                1,
            );
        }
        let sizing = r.statements.sizing;
        let warned_before = session.pending_warnings.len();
        let began_outside_transaction = !session.in_transaction;
        let schema = session.database.clone();
        let mut work = crate::sql::execution::Work::default();
        let (result, counted) = self.dispatch_counted(&mut session, &p.stmt, &p.sql, &mut work);
        let warnings = session.pending_warnings.len().saturating_sub(warned_before) as u32;
        run.commits = !session.in_transaction;
        let writes = crate::sql::execution::handler_io::RowOp::Insert as usize;
        let wrote =
            work.table_io.entries.iter().any(|e| e.ops[writes..].iter().any(|o| o.count > 0));
        let mut trx = super::transaction_events::TrxStatement::after(
            &session,
            matches!(com, Some("Com_begin")),
            !work.table_io.entries.is_empty(),
            result.is_err(),
            wrote,
        );
        // InnoDB's transaction (INNODB_TRX) begins at the statement's start on the
        // scheduler's clock.
        let mut innodb = trx;
        innodb.start = before;
        self.innodb_trx_after(&mut session, &innodb);
        // Simplification: a prepared statement's COM_STMT_EXECUTE and its binary rows are
        // counted as the text protocol's COM_QUERY and rows.
        self.count_exchange(&mut session, p.sql.len() as u64, &result);
        let statement_ns = self.statement_cpu_ns().saturating_add(work.extra_cpu_ns);
        let hw = self.host.hardware();
        run.cpu_ns = statement_ns
            .saturating_add(work.rows.saturating_mul(hw.cpu_row_ns))
            .saturating_add(if run.commits { hw.cpu_commit_ns } else { 0 });
        let digest = p.digest(&sizing);
        let counted = &counted;
        let cpu_ns = run.cpu_ns;
        let ran =
            Ran { sql: &p.sql, com, result: &result, warnings, counted, digest, schema, cpu_ns };
        // Its start and end are the client scheduler's, known later.
        if let Some(event) = self.statement_event(&session, ran, before, before) {
            let capacity = self.host.cpu_capacity_milli().clamp(1, 1000);
            let stretched = |ns: u64| SimDuration(ns.saturating_mul(1000) / capacity);
            let stages = ParkedStages {
                com,
                extras: crate::instruments::stages::plan::Extras {
                    begins_transaction: began_outside_transaction,
                    tmp_tables: counted.get(status_id!("Created_tmp_tables")),
                },
                fixed_cpu: stretched(self.statement_cpu_ns()),
                run_cpu: stretched(work.rows.saturating_mul(self.host.hardware().cpu_row_ns)),
                ran_at: None,
            };
            trx.event_id = Some(event.event_id);
            self.park_statement(id, ParkedStatement { event, stages, trx });
        } else {
            // No statement event to end later: its transaction is settled at its start.
            self.settle_transaction_event(id, before);
            (trx.start, trx.committed) = (before, before);
            self.statement_transaction(id, &trx);
        }
        let sql = p.sql.as_str();
        if let Some(log) = self.pending_log(&session, sql, com, &result, counted, before, before) {
            if let Some(r) = self.running.as_mut() {
                r.pending_logs.insert(id, log);
            }
        }
        session.command_since = self.clock.now();
        // The clock moved by the statement's I/O waits and by the row CPU its scans charged
        // as they went (`Costs::charge_rows`); that CPU is in `cpu_ns` and runs on a CPU of
        // the scheduler's, so it is not a wait.
        let capacity = self.host.cpu_capacity_milli().clamp(1, 1000);
        let row_ns = self.host.hardware().cpu_row_ns;
        let charged_ns = work.charged_rows.saturating_mul(row_ns).saturating_mul(1000) / capacity;
        let waited = self.clock.now().since(before).0.saturating_sub(charged_ns);
        run.io_wait = SimDuration(waited) + SimDuration::from_micros(work.slept_micros);
        // Its table I/O, timed as an interactive statement's is (its busy time less a
        // statement's fixed CPU, `Server::statement_waits`): its CPU and its waits, but not
        // its commit's CPU (the group commit's, after the statement's run).
        let commit_ns = if run.commits { self.host.hardware().cpu_commit_ns } else { 0 };
        let busy_ns = run.cpu_ns.saturating_sub(commit_ns).saturating_add(run.io_wait.0);
        let fixed_ns = self.host.hardware().cpu_statement_ns;
        self.charge_table_io(&work.table_io, busy_ns.saturating_sub(fixed_ns));
        if self.userstat_on() {
            // Its busy time: its CPU and its waits (the time queued for a CPU is the
            // scheduler's, not the statement's).
            let done = super::user_stats::StatementDone {
                session: &session,
                kind: super::user_stats::classify(&p.stmt),
                result: &result,
                sql_len: p.sql.len() as u64,
                busy_ns: run.cpu_ns.saturating_add(run.io_wait.0),
                cpu_ns: run.cpu_ns,
                rows_read: work.handler_rows_read,
                rows_changed: work.handler_rows_changed,
            };
            self.user_stats_statement(&done);
        }
        if let Some(r) = self.running.as_mut() {
            r.sessions.insert(id, session);
        }
        (result, run)
    }
}
