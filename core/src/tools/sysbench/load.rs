//! `sysbench ... run`: the worker threads as clients of [`Server::run_clients`]. Each thread
//! runs events (transactions) back to back, an event being the script's statements in order;
//! a statement costs the server's CPU and I/O plus the tool's own CPU (sysbench runs in the
//! container beside mysqld, as mysqlslap does), and COMMIT waits in the group commit. The
//! tool's timers are simulated time: an event's latency runs from its first statement's start
//! to the end of its last, and the intermediate reports fall exactly on the interval.
//!
//! ```text
//!   thread_init: connect, prepare every statement for every table (max_prepared_stmt_count)
//!   "Threads started!" ── events until --time or --events ── reports every --report-interval
//!   thread_done: close the statements, disconnect ── final report
//! ```
//!
//! Simplification: the engine has no row locks, so a DELETE and the INSERT of the same id
//! that follows it run against the tables together, at the DELETE's turn (the INSERT's cost
//! is still its own, at its own turn): InnoDB's lock on the deleted row keeps another
//! thread from deleting or inserting that id between them, which is what this keeps.

use super::histogram::Histogram;
use super::options::Options;
use super::rand::ThreadRng;
use super::report::{self, Counts};
use super::script::{self, Kind, Planned};
use crate::server::clients::{Prepped, StatementRun, Workload};
use crate::server::{Server, SessionId};
use crate::sim::{SimDuration, SimTime};
use crate::sql::Response;
use crate::var_id;

/// The most statements one run sends (bounds the simulation): 900 s of 8 threads at
/// 5,000 statements a second each, thirty times the seed's load. When reached, no thread
/// starts another event, and the report says so.
pub const STATEMENTS_MAX: u64 = 36_000_000;

/// One worker thread.
struct Thread {
    session: SessionId,
    rng: ThreadRng,
    /// The current event's statements, and the next to send.
    plan: Vec<Planned>,
    next: usize,
    in_event: bool,
    event_started: SimTime,
    /// The statement handed out last, to count when it has finished.
    pending: Option<Kind>,
    /// How the handed-out statement counted (read, write or other), once it ran.
    pending_counter: Counter,
    /// The INSERT that already ran with its DELETE.
    insert_done: Option<InsertDone>,
    events: u64,
    busy_ns: u64,
    finished: bool,
}

/// An INSERT run at its DELETE's turn: how it counts, its cost, and its statement event.
struct InsertDone {
    counter: Counter,
    run: StatementRun,
    event: Option<crate::server::ParkedStatement>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counter {
    Read,
    Write,
    Other,
}

/// The run's state, as `run_clients` drives it.
struct Load<'a> {
    o: &'a Options,
    threads: Vec<Thread>,
    start: SimTime,
    now: SimTime,
    events_started: u64,
    statements: u64,
    bound_reached: bool,
    running: u32,
    interval: Counts,
    total: Counts,
    interval_histogram: Histogram,
    histogram: Histogram,
    latency_min_ns: u64,
    latency_max_ns: u64,
    latency_sum_ns: u64,
    next_report: Option<SimTime>,
    last_report: SimTime,
    lines: String,
    /// The first error: it ends the run, without the final report.
    error: Option<String>,
    client_cpu_ns: u64,
}

impl Load<'_> {
    /// Prints every intermediate report due at or before `now`.
    fn reports_until(&mut self, now: SimTime) {
        let step = SimDuration::from_secs(self.o.report_interval_s);
        // Bounded: one line per interval of the run, and the run is bounded by --time.
        while let Some(at) = self.next_report.filter(|at| *at <= now) {
            let interval_s = at.since(self.last_report).as_secs_f64();
            let latency = self.interval_histogram.percentile_ms(self.o.percentile);
            self.lines.push_str(&report::intermediate(
                at.since(self.start).as_secs_f64(),
                interval_s,
                self.running,
                &self.interval,
                self.o.percentile,
                latency,
            ));
            self.interval = Counts::default();
            self.interval_histogram = Histogram::new();
            self.last_report = at;
            self.next_report = Some(at + step);
        }
    }

    fn count(&mut self, counter: Counter) {
        for c in [&mut self.interval, &mut self.total] {
            match counter {
                Counter::Read => c.reads += 1,
                Counter::Write => c.writes += 1,
                Counter::Other => c.other += 1,
            }
        }
    }

    /// Whether another event may start (`sb_more_events`).
    fn more_events(&mut self, now: SimTime) -> bool {
        if self.error.is_some() {
            return false;
        }
        if self.o.time_s > 0 && now.since(self.start) >= SimDuration::from_secs(self.o.time_s) {
            return false;
        }
        if self.o.events > 0 && self.events_started >= self.o.events {
            return false;
        }
        if self.statements >= STATEMENTS_MAX {
            self.bound_reached = true;
            return false;
        }
        self.events_started += 1;
        true
    }

    /// Runs thread `c`'s INSERT that follows the DELETE just run (the module header's
    /// simplification), keeping the DELETE's statement event parked for the scheduler.
    fn insert_with_delete(&mut self, server: &mut Server, c: usize, session: SessionId) {
        let t = &self.threads[c];
        let Some(insert) = t.plan.get(t.next).filter(|n| n.kind == Kind::Insert).cloned() else {
            return;
        };
        let Ok(prepped) = Prepped::cached(server, &insert.sql) else { return };
        let delete_event = server.unpark_statement(session);
        let (result, run) = server.run_prepped(session, &prepped);
        let event = server.unpark_statement(session);
        if let Some(e) = delete_event {
            server.repark_statement(session, e);
        }
        if let Err(e) = &result {
            self.fail(&insert, e);
        }
        self.threads[c].insert_done = Some(InsertDone { counter: counter_of(&result), run, event });
    }

    /// The FATAL lines of a statement the server refused, as the mysql driver prints them.
    fn fail(&mut self, p: &Planned, e: &crate::error::MySqlError) {
        if self.error.is_some() {
            return;
        }
        let (call, query) = if self.o.ps_auto && p.kind != Kind::Begin {
            ("mysql_stmt_execute()", p.template.replace("{t}", table_of(&p.sql)))
        } else {
            ("mysql_drv_query()", p.sql.clone())
        };
        self.error = Some(format!(
            "FATAL: {call} returned error {} ({}) for query '{query}'\n\
             FATAL: `thread_run' function failed: {}/oltp_common.lua:{}: SQL error, errno = {}, \
             state = '{}': {}\n",
            e.code,
            e.message,
            super::options::SCRIPT_DIR,
            // UNCONFIRMED: the line of the execute call in 1.0.20's oltp_common.lua.
            if p.kind == Kind::Select { 405 } else { 432 },
            e.code,
            e.sqlstate,
            e.message
        ));
    }
}

/// The table name in a statement's text (`sbtest12`), for a template's `{t}`.
fn table_of(sql: &str) -> &str {
    sql.split_whitespace()
        .find_map(|w| w.strip_prefix("sbtest"))
        .map(|n| n.trim_end_matches(|c: char| !c.is_ascii_digit()))
        .unwrap_or("")
}

/// How the mysql driver counts a finished statement: a result set is a read, a statement
/// that changed rows a write, anything else (BEGIN, COMMIT, a DELETE that found no row)
/// other.
fn counter_of(result: &crate::error::Result<Response>) -> Counter {
    match result {
        Ok(Response::Rows(_)) => Counter::Read,
        Ok(Response::Ok { affected_rows, .. }) if *affected_rows > 0 => Counter::Write,
        _ => Counter::Other,
    }
}

impl Workload for Load<'_> {
    fn ready_at(&mut self, _client: u32, now: SimTime) {
        self.now = now;
    }

    fn next(&mut self, server: &mut Server, client: u32) -> Option<StatementRun> {
        let now = self.now;
        self.reports_until(now);
        let c = client as usize;
        if c >= self.threads.len() || self.threads[c].finished {
            return None;
        }
        // The statement handed out last has finished now.
        if self.threads[c].pending.take().is_some() {
            let counter = self.threads[c].pending_counter;
            self.count(counter);
        }
        let t = &mut self.threads[c];
        if t.in_event && t.next >= t.plan.len() {
            t.in_event = false;
            let latency_ns = now.since(t.event_started).0;
            t.events += 1;
            t.busy_ns += latency_ns;
            self.latency_min_ns = self.latency_min_ns.min(latency_ns);
            self.latency_max_ns = self.latency_max_ns.max(latency_ns);
            self.latency_sum_ns += latency_ns;
            self.interval.events += 1;
            self.total.events += 1;
            if self.o.percentile > 0 {
                let ms = latency_ns as f64 / 1e6;
                self.interval_histogram.add(ms);
                self.histogram.add(ms);
            }
        }
        if !self.threads[c].in_event {
            if !self.more_events(now) {
                self.threads[c].finished = true;
                self.running = self.running.saturating_sub(1);
                return None;
            }
            let t = &mut self.threads[c];
            t.plan = script::event(self.o, &mut t.rng);
            t.next = 0;
            t.in_event = true;
            t.event_started = now;
        }
        let t = &mut self.threads[c];
        let p = t.plan.get(t.next).cloned()?;
        t.next += 1;
        let session = t.session;
        self.statements += 1;
        let failed_before = self.error.is_some();
        let (counter, mut run) = match self.threads[c].insert_done.take() {
            // The INSERT ran with its DELETE: its statement event and cost are given back now.
            Some(done) if p.kind == Kind::Insert => {
                if let Some(event) = done.event {
                    server.repark_statement(session, event);
                }
                (done.counter, done.run)
            }
            _ => {
                let prepped = match Prepped::cached(server, &p.sql) {
                    Ok(prepped) => prepped,
                    Err(e) => {
                        self.fail(&p, &e);
                        self.threads[c].finished = true;
                        self.running = self.running.saturating_sub(1);
                        return None;
                    }
                };
                let (result, run) = server.run_prepped(session, &prepped);
                if let Err(e) = &result {
                    self.fail(&p, e);
                }
                if p.kind == Kind::Delete && self.error.is_none() {
                    self.insert_with_delete(server, c, session);
                }
                (counter_of(&result), run)
            }
        };
        if self.o.ps_auto && p.kind != Kind::Begin {
            server.count_status(session, "Com_stmt_execute", 1);
        }
        let t = &mut self.threads[c];
        if !failed_before && self.error.is_some() {
            // This thread's thread_run fails here: its event ends with this statement, and no
            // thread starts another (`sb_globals.error`); the others end their events.
            t.plan.truncate(t.next);
        }
        t.pending = Some(p.kind);
        t.pending_counter = counter;
        run.cpu_ns = run.cpu_ns.saturating_add(self.client_cpu_ns);
        Some(run)
    }
}

/// The most statements a thread prepares per round: the threads prepare at the same time, so
/// they are interleaved in rounds (of at most a thread's share of `max_prepared_stmt_count`),
/// and when the limit runs out every thread still preparing fails, as each real thread does.
const PREPARE_ROUND: u64 = 1024;

/// `sysbench TEST run`: what it prints after its header line.
pub fn run(server: &mut Server, o: &Options) -> String {
    if o.time_s == 0 && o.events == 0 {
        // Not the real tool's: it would run until killed, which a simulation cannot wait for.
        return "the simulated host needs a limit: --time=0 with --events=0 would run forever\n"
            .into();
    }
    let mut out = report::run_mode(o);
    out.push_str("Initializing worker threads...\n\n");
    // thread_init, in each thread: connect, then prepare the statements.
    let mut sessions = Vec::new();
    // Bounded by --threads.
    for _ in 0..o.threads {
        // One sysbench process: its threads' connections share its pid.
        match super::connect(server, o, sessions.first().copied()) {
            Ok(id) => sessions.push(id),
            Err(text) => {
                out.push_str(&text);
                out.push_str(&format!(
                    // UNCONFIRMED: the line of thread_init's `drv:connect()`.
                    "FATAL: `thread_init' function failed: {}/oltp_common.lua:352: connection \
                     creation failed\n",
                    super::options::SCRIPT_DIR
                ));
                break;
            }
        }
    }
    let (per_thread, unsupported) = script::prepared_per_thread(o);
    let mut prepared = vec![0u64; sessions.len()];
    let mut failed = sessions.len() < o.threads as usize;
    if o.ps_auto && !failed {
        for &id in &sessions {
            if unsupported > 0 {
                // BEGIN: ER_UNSUPPORTED_PS, sent as text from then on.
                server.prepare_unsupported(id);
            }
        }
        let mut active: Vec<bool> = vec![true; sessions.len()];
        // A round small enough that the threads share a limit they cannot all fit in.
        let limit =
            server.variables().map_or(0, |v| v.global_u64(var_id!("max_prepared_stmt_count")));
        let round = (limit / u64::from(o.threads)).clamp(1, PREPARE_ROUND);
        // Bounded: every round prepares PREPARE_ROUND more per active thread, or ends it.
        while active.iter().any(|a| *a) {
            for (i, &id) in sessions.iter().enumerate() {
                if !active[i] {
                    continue;
                }
                let want = (per_thread - prepared[i]).min(round);
                let (done, error) = server.prepare_statements(id, want);
                prepared[i] += done;
                if let Some(e) = error {
                    active[i] = false;
                    failed = true;
                    out.push_str(&format!(
                        "FATAL: mysql_stmt_prepare() failed\nFATAL: MySQL error: {} \"{}\"\n\
                         FATAL: `thread_init' function failed: {}/oltp_common.lua:275: SQL API \
                         error\n",
                        e.code,
                        e.message,
                        super::options::SCRIPT_DIR
                    ));
                } else if prepared[i] >= per_thread {
                    active[i] = false;
                }
            }
        }
    }
    if failed {
        for (i, &id) in sessions.iter().enumerate() {
            server.close_statements(id, prepared[i], false);
            server.disconnect(id);
        }
        // UNCONFIRMED: the main thread's line when a worker's thread_init failed.
        out.push_str("FATAL: Thread initialization failed!\n");
        return out;
    }
    out.push_str("Threads started!\n\n");
    let start = server.now();
    // "From current time": the simulated time the run starts, so that two runs differ as
    // two real runs do; a --rand-seed gives the same statements every time.
    let seed = match o.rand_seed {
        0 => server.clock().seed() ^ crate::sim::rng::splitmix64(start.0),
        _ => server.clock().seed(),
    };
    let threads = sessions
        .iter()
        .enumerate()
        .map(|(i, &session)| Thread {
            session,
            rng: ThreadRng::new(seed, o.rand_seed, i as u32, o.rand_type),
            plan: Vec::new(),
            next: 0,
            in_event: false,
            event_started: start,
            pending: None,
            pending_counter: Counter::Other,
            insert_done: None,
            events: 0,
            busy_ns: 0,
            finished: false,
        })
        .collect();
    let mut load = Load {
        o,
        threads,
        start,
        now: start,
        events_started: 0,
        statements: 0,
        bound_reached: false,
        running: o.threads,
        interval: Counts::default(),
        total: Counts::default(),
        interval_histogram: Histogram::new(),
        histogram: Histogram::new(),
        latency_min_ns: u64::MAX,
        latency_max_ns: 0,
        latency_sum_ns: 0,
        next_report: (o.report_interval_s > 0)
            .then(|| start + SimDuration::from_secs(o.report_interval_s)),
        last_report: start,
        lines: String::new(),
        error: None,
        client_cpu_ns: server.host().hardware().cpu_statement_ns,
    };
    let ran = server.run_clients(o.threads, &mut load, None);
    load.reports_until(ran.finished);
    for (i, t) in load.threads.iter().enumerate() {
        // thread_done: close_statements() and disconnect.
        server.close_statements(t.session, prepared[i], true);
        server.disconnect(t.session);
    }
    out.push_str(&load.lines);
    if let Some(e) = &load.error {
        out.push_str(e);
        return out;
    }
    if load.bound_reached {
        // Not the real tool's: the simulation's bound on one run.
        out.push_str(&format!(
            "(simulation: stopped after {STATEMENTS_MAX} statements, its bound on one run)\n"
        ));
    }
    if o.histogram {
        out.push_str("Latency histogram (values are in milliseconds)\n");
        out.push_str(&load.histogram.print());
        out.push_str(" \n");
    }
    let per_thread: Vec<(u64, f64)> =
        load.threads.iter().map(|t| (t.events, t.busy_ns as f64 / 1e9)).collect();
    let min_ns = if load.total.events > 0 { load.latency_min_ns } else { 0 };
    out.push_str(&report::cumulative(&report::Summary {
        total_s: ran.finished.since(start).as_secs_f64(),
        counts: load.total,
        histogram: &load.histogram,
        percentile: o.percentile,
        latency_min_ms: min_ns as f64 / 1e6,
        latency_max_ms: load.latency_max_ns as f64 / 1e6,
        latency_sum_ms: load.latency_sum_ns as f64 / 1e6,
        threads: &per_thread,
    }));
    out
}
