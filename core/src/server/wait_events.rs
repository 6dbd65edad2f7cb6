//! The server's side of performance_schema's setup and waits slice: startup of the
//! instrument settings and wait tables from the options, and after each client statement
//! the waits it made (its file I/O from `sim::Disk`'s log, its table I/O with the per-table
//! summaries, one event per kind of operation, the idle wait before it), the file and memory
//! summaries brought up to date, and the CPU the events cost.
//!
//! Simplifications, each where it is made below: a statement's I/O waits are laid end to end
//! from its start (the CPU between them is not shown); background I/O done during a statement
//! is its thread's; table I/O is one event per statement and operation.

use super::session::Session;
use super::Server;
use crate::instruments::setup::InstrumentSettings;
use crate::instruments::statements::event::StatementEvent;
use crate::instruments::waits::event::{WaitEvent, WaitObject};
use crate::instruments::waits::files::{file_class, file_name};
use crate::instruments::waits::WaitInstruments;
use crate::server::variables::definition::VarValue;
use crate::server::variables::Variables;
use crate::sim::disk::IoOp;
use crate::sim::{SimDuration, SimTime};
use crate::sql::execution::handler_io::{OpTimes, StatementIo};
use crate::var_id;

/// SOURCE of the waits. UNCONFIRMED: MySQL 8.0's files, lines chosen.
const FILE_SOURCE: &str = "fil0fil.cc:7988";
const LOG_SOURCE: &str = "log0write.cc:1314";
const BINLOG_SOURCE: &str = "binlog.cc:8162";
const TABLE_SOURCE: &str = "handler.cc:2991";
/// The table I/O instrument.
const TABLE_IO: &str = "wait/io/table/sql/handler";
const IDLE_SOURCE: &str = "init_net_server_extension.cc:104";

/// A history size: -1 is autosized, to MySQL's usual value.
fn size(vars: &Variables, name: &str, autosized: usize) -> usize {
    match vars.global(name) {
        VarValue::Int(n) if *n < 0 => autosized,
        _ => vars.global_u64(name) as usize,
    }
}

/// The wait tables of a server starting at `at` with `vars`.
pub fn waits_at_startup(vars: &Variables, at: SimTime) -> WaitInstruments {
    let mut w = WaitInstruments::new(
        size(vars, "performance_schema_events_waits_history_size", 10),
        size(vars, "performance_schema_events_waits_history_long_size", 10_000),
        at,
    );
    w.performance_schema = vars.global_bool(var_id!("performance_schema"));
    w
}

/// The instrument settings from the `performance-schema-instrument` options.
pub fn setup_at_startup(options: &[(String, String)]) -> InstrumentSettings {
    InstrumentSettings::at_startup(options)
}

/// Which of the wait consumers are on, the hierarchy applied: (current, history, long).
fn wait_consumers(c: &crate::instruments::statements::consumers::Consumers) -> (bool, bool, bool) {
    c.waits()
}

impl Server {
    /// Brings the file and memory summaries up to date with the disk and the host (before a
    /// query reads them, and after each statement).
    pub(super) fn absorb_waits(&mut self) {
        let Some(r) = self.running.as_mut() else { return };
        let collect = r.waits.performance_schema && r.statements.consumers.global();
        r.waits.absorb_disk(&self.disk, &r.setup, collect);
        if collect {
            let host = &mut self.host;
            let changes = host.memory_changes();
            // InnoDB allocates the whole pool at startup (and at each resize), so
            // buf_buf_pool shows the pool's size, not the pages in use.
            let pool = r.pool.capacity_pages() * 16384;
            let read = |c: &'static str| match c {
                "buffer pool" => (pool, pool),
                _ => (host.used_by(c), host.take_peak(c)),
            };
            // A resize changes the pool without a host allocation: it counts as a change.
            r.memory.absorb(changes.wrapping_mul(31).wrapping_add(pool), read, &r.setup);
        }
        // The statements' sort buffers, taken even when not collected (the tally stays small).
        let sorts = std::mem::take(&mut r.status.sort_buffers);
        if collect {
            let name = crate::instruments::memory::SORT_BUFFER_INSTRUMENT;
            r.memory.absorb_transient(name, sorts, &r.setup);
        }
    }

    /// Before `session`'s statement starting at `start`: the idle wait since its last one.
    pub(super) fn idle_wait(&mut self, session: &Session, start: SimTime) {
        let Some(r) = self.running.as_mut() else { return };
        if !r.waits.performance_schema || !r.statements.consumers.global() {
            return;
        }
        let known = crate::instruments::setup::classes::known();
        let Some(s) = r.setup.at(known.idle).filter(|s| s.enabled) else { return };
        let thread = session.id.0 + super::statement_events::THREAD_ID_OFFSET;
        let (current, history, long) = wait_consumers(&r.statements.consumers);
        let e = WaitEvent {
            thread_id: thread,
            event_id: if current { r.statements.next_event_id(thread) } else { 0 },
            event_name: "idle",
            source: IDLE_SOURCE,
            start: session.command_since.min(start),
            end: start,
            timed: s.timed == Some(true),
            object: WaitObject::None,
            nesting_event_id: None,
            operation: "idle",
            number_of_bytes: None,
        };
        r.waits.sum(&e);
        if current {
            r.waits.keep(e, history, long);
        }
    }

    /// After `session`'s statement that started at `start`, with its `event` (not yet
    /// recorded; None when its instrument is off): its waits go into the wait tables, the
    /// summaries are brought up to date, and the events kept cost CPU, which moves the clock
    /// and the statement's end.
    pub(super) fn statement_waits(
        &mut self,
        session: &Session,
        start: SimTime,
        event: Option<&mut StatementEvent>,
        table_io: &StatementIo,
    ) {
        let statement_cpu_ns = self.host.hardware().cpu_statement_ns;
        let wait_event_ns = self.host.hardware().cpu_wait_event_ns;
        let (io, io_total) = self.disk.take_io_log();
        // The binary log's current file names its I/O (only looked up when there is I/O).
        let binlog =
            if io.is_empty() { String::new() } else { self.logs.binlog.files.current_name() };
        let Some(r) = self.running.as_mut() else { return };
        let thread = session.id.0 + super::statement_events::THREAD_ID_OFFSET;
        let (current, history, long) = wait_consumers(&r.statements.consumers);
        let global = r.statements.consumers.global();
        let mut kept = 0u64;
        if current && global {
            // Waits laid end to end from the statement's start (simplification: the CPU
            // between them is not shown).
            let mut at = start;
            let nesting = event.as_ref().map(|e| e.event_id);
            let dropped = io_total.saturating_sub(io.len() as u64);
            // The I/O the log no longer holds still took event ids.
            if dropped > 0 {
                r.statements.take_event_ids(thread, dropped);
                kept += dropped;
            }
            for rec in &io {
                let class = file_class(rec.file);
                let Some(s) = r.setup.of(class).filter(|s| s.enabled) else { continue };
                let Some(name) = file_name(rec.file, &self.catalog, &binlog) else { continue };
                let e = WaitEvent {
                    thread_id: thread,
                    event_id: r.statements.next_event_id(thread),
                    event_name: class,
                    source: match rec.file {
                        crate::sim::disk::REDO_LOG_FILE => LOG_SOURCE,
                        crate::sim::disk::BINARY_LOG_FILE => BINLOG_SOURCE,
                        _ => FILE_SOURCE,
                    },
                    start: at,
                    end: at + rec.wait,
                    timed: s.timed == Some(true),
                    object: WaitObject::File(name),
                    nesting_event_id: nesting,
                    operation: match rec.op {
                        IoOp::Read => "read",
                        IoOp::Write => "write",
                        IoOp::Sync => "sync",
                    },
                    number_of_bytes: Some(rec.bytes),
                };
                at += rec.wait;
                r.waits.keep(e, history, long);
                kept += 1;
            }
        }
        // Table I/O: the statement's time after parsing (simplification: MySQL times the
        // handler calls, in batches; see `StatementIo::rescaled`) shared over its tables and
        // indexes, then one event per kind of operation, its rows as NUMBER_OF_BYTES (MySQL's
        // batched table I/O), laid end to end from the statement's start.
        let busy = match event.as_deref() {
            Some(e) => e.end.since(e.start),
            None => self.clock.now().since(start),
        };
        let busy_ns = busy.0.saturating_sub(statement_cpu_ns);
        let charged = self.charge_table_io(table_io, busy_ns);
        let Some(r) = self.running.as_mut() else { return };
        if let (Some((timed, ops)), Some(event), true) = (charged, event.as_deref(), current) {
            let kinds = ["fetch", "insert", "update", "delete"];
            let mut at = event.start;
            for (op, o) in kinds.into_iter().zip(ops).filter(|(_, o)| o.count > 0) {
                let e = WaitEvent {
                    thread_id: thread,
                    event_id: r.statements.next_event_id(thread),
                    event_name: TABLE_IO,
                    source: TABLE_SOURCE,
                    start: at,
                    end: at + SimDuration(o.sum_ps / 1000),
                    timed,
                    object: WaitObject::Table,
                    nesting_event_id: Some(event.event_id),
                    operation: op,
                    number_of_bytes: Some(o.count),
                };
                at = e.end;
                r.waits.keep(e, history, long);
                kept += 1;
            }
        }
        // The disk keeps each I/O only while events_waits_current is on.
        let capacity = if current {
            Some(r.waits.history_long_size.max(r.waits.history_size).max(1))
        } else {
            None
        };
        self.disk.keep_io_log(capacity);
        self.absorb_waits();
        // What collecting the kept events cost: Hardware::cpu_wait_event_ns each.
        if kept > 0 {
            let capacity = self.host.cpu_capacity_milli().clamp(1, 1000);
            let ns = kept.saturating_mul(wait_event_ns);
            self.advance(SimDuration(ns.saturating_mul(1000) / capacity));
            if let Some(e) = event {
                e.end = self.clock.now();
            }
        }
    }

    /// A statement's table I/O into performance_schema: `busy_ns` (its time less a
    /// statement's fixed CPU; 0 when the instrument is not timed) shared over the tables and
    /// indexes it read and changed, added to `table_io_waits_summary_by_index_usage` /
    /// `_by_table` and, the same figures, to `wait/io/table/sql/handler`'s global row. None
    /// when the instrument or the global_instrumentation consumer is off; else whether it is
    /// timed and what was added, by kind (fetch, insert, update, delete).
    pub(super) fn charge_table_io(
        &mut self,
        io: &StatementIo,
        busy_ns: u64,
    ) -> Option<(bool, [OpTimes; 4])> {
        let r = self.running.as_mut()?;
        if io.entries.is_empty() || !r.statements.consumers.global() {
            return None;
        }
        let known = crate::instruments::setup::classes::known();
        let s = r.setup.at(known.table_io).filter(|s| s.enabled)?;
        let timed = s.timed == Some(true);
        let total_ps = if timed { busy_ns.saturating_mul(1000) } else { 0 };
        let added = r.table_io.absorb(&io.rescaled(total_ps), &self.catalog);
        if added.iter().any(|o| o.count > 0) {
            let sums = r.waits.by_event_name.entry(TABLE_IO).or_default();
            for o in &added {
                sums.add_many(o.count, o.sum_ps, o.min_ps, o.max_ps);
            }
        }
        Some((timed, added))
    }

    /// A connection ended: its thread's wait rows go.
    pub(super) fn forget_wait_thread(&mut self, session: super::SessionId) {
        if let Some(r) = self.running.as_mut() {
            r.waits.forget_thread(session.0 + super::statement_events::THREAD_ID_OFFSET);
        }
    }
}
