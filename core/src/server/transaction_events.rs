//! The server's side of performance_schema's transaction events
//! (`instruments::transactions`): a transaction event begins after the statement that opened
//! the transaction (START TRANSACTION / BEGIN, or with autocommit=0 the first statement that
//! touched an InnoDB table), ends where the server ends the transaction (`Server::commit`
//! and `Server::rollback`, which COMMIT, ROLLBACK, START TRANSACTION and the implicit
//! commits of DDL and LOCK TABLES call) once that statement's commit is through, and an
//! autocommit statement that touched an InnoDB table makes a whole one, from its start to
//! the end of its commit (ROLLED BACK when it failed). The event's EVENT_ID follows the
//! statement's that began it, which is its NESTING_EVENT_ID; the statements inside nest in
//! it (COMMIT and ROLLBACK too).
//!
//! A load generator's statement (sysbench's, mysqlslap's) keeps what its event needs with its
//! parked statement event, and its transaction ends or begins when the client scheduler ends
//! it (`Server::statement_finished`), on the scheduler's clock.
//!
//! A statement that commits implicitly (DDL, grants: `implicit_commit.rs`) ends the open
//! transaction before its own work, and is its END_EVENT_ID as a COMMIT would be; a
//! connection that ends with a transaction open rolls it back, and its event ends ROLLED
//! BACK (kept by the long history; the thread's own rows go with the thread).
//!
//! Simplifications: a statement "touches InnoDB" when it read or changed rows of a
//! table (every table here is InnoDB), so a SELECT of no table or of a system schema makes
//! none; TRX_ID is NULL (the manual: "Unused"); recording costs no simulated time.

use super::session::{Session, SessionId};
use super::statement_events::THREAD_ID_OFFSET;
use super::variables::Variables;
use super::Server;
use crate::instruments::transactions::{TransactionEvent, TransactionInstruments, TrxState};
use crate::server::variables::definition::VarValue;
use crate::sim::SimTime;
use crate::var_id;

/// The transaction tables of a server starting at `at` with `vars` (-1 sizes autosized to
/// MySQL's usual 10 and 10,000).
pub fn at_startup(vars: &Variables, at: SimTime) -> TransactionInstruments {
    let size = |name: &str, autosized: usize| match vars.global(name) {
        VarValue::Int(n) if *n < 0 => autosized,
        _ => vars.global_u64(name) as usize,
    };
    TransactionInstruments::new(
        size("performance_schema_events_transactions_history_size", 10),
        size("performance_schema_events_transactions_history_long_size", 10_000),
        at,
    )
}

/// What the dispatcher knows of a finished statement, for its transaction event (plain
/// data: a load generator's statement keeps it until the client scheduler ends it).
#[derive(Clone, Copy, Debug)]
pub struct TrxStatement {
    /// Its statement event's EVENT_ID (None when its instrument is off).
    pub event_id: Option<u64>,
    /// START TRANSACTION / BEGIN left a transaction open.
    pub explicit: bool,
    /// It is a transaction of its own (autocommit on, no BEGIN before it or in it).
    pub whole: bool,
    /// It read or changed rows of an InnoDB table.
    pub touched: bool,
    /// It failed (an autocommit statement's transaction is rolled back).
    pub failed: bool,
    /// It changed rows (its commit writes to the binary log).
    pub wrote: bool,
    /// The session's ACCESS_MODE and ISOLATION_LEVEL as it ended.
    pub read_only: bool,
    pub isolation: &'static str,
    pub start: SimTime,
    /// When its commit ended.
    pub committed: SimTime,
}

impl TrxStatement {
    /// `session`'s statement as it ended: `begins` for START TRANSACTION / BEGIN, `touched`
    /// InnoDB, `failed`, `wrote` rows; its times and event id are set by the caller.
    pub fn after(
        session: &Session,
        begins: bool,
        touched: bool,
        failed: bool,
        wrote: bool,
    ) -> Self {
        let explicit = begins && session.in_transaction;
        TrxStatement {
            event_id: None,
            explicit,
            whole: !explicit && session.autocommit() && !session.in_transaction,
            touched,
            failed,
            wrote,
            read_only: access_read_only(session),
            isolation: isolation(session),
            start: SimTime(0),
            committed: SimTime(0),
        }
    }
}

/// ISOLATION_LEVEL from `transaction_isolation` (asked after every statement: no allocation).
/// Whether the session's transaction is READ ONLY: as START TRANSACTION said, else as SET
/// TRANSACTION said for the next one, else `transaction_read_only`.
pub(crate) fn access_read_only(session: &Session) -> bool {
    session.transaction_access_read_only.or(session.next_transaction_read_only).unwrap_or_else(
        || matches!(session.vars.get(var_id!("transaction_read_only")), Some(VarValue::Bool(true))),
    )
}

pub(super) fn isolation(session: &Session) -> &'static str {
    let t = match (
        &session.next_transaction_isolation,
        session.vars.get(var_id!("transaction_isolation")),
    ) {
        (Some(next), _) => next,
        (None, Some(VarValue::Text(t))) => t,
        _ => return "REPEATABLE READ",
    };
    [
        ("READ-UNCOMMITTED", "READ UNCOMMITTED"),
        ("READ-COMMITTED", "READ COMMITTED"),
        ("SERIALIZABLE", "SERIALIZABLE"),
    ]
    .into_iter()
    .find(|(v, _)| t.eq_ignore_ascii_case(v))
    .map_or("REPEATABLE READ", |(_, level)| level)
}

/// GTID when a transaction ends: gtid_next stays `AUTOMATIC` unless a commit writes to the
/// binary log; with gtid_mode OFF (or OFF_PERMISSIVE) that commit makes it `ANONYMOUS`.
/// UNCONFIRMED for read-only and rolled-back transactions (no GTID is assigned to them, so
/// AUTOMATIC is kept). Simplification: with gtid_mode ON the simulator assigns no GTIDs, so
/// AUTOMATIC stays there too.
fn gtid_at_end(vars: &Variables, state: TrxState, wrote: bool) -> &'static str {
    let anonymous = match vars.global(var_id!("gtid_mode")) {
        VarValue::Text(m) => m.get(..3).is_some_and(|p| p.eq_ignore_ascii_case("OFF")),
        _ => true,
    };
    if state == TrxState::Committed && wrote && vars.global_bool(var_id!("log_bin")) && anonymous {
        "ANONYMOUS"
    } else {
        "AUTOMATIC"
    }
}

/// The place of the `transaction` instrument in setup_instruments, found once.
fn instrument_position() -> Option<usize> {
    static AT: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    *AT.get_or_init(|| crate::instruments::setup::classes::position("transaction"))
}

impl Server {
    /// Whether transaction events are made now (performance_schema and
    /// global_instrumentation on, the `transaction` instrument enabled): its TIMED if so.
    fn transaction_instrument(&self) -> Option<bool> {
        let r = self.running.as_ref()?;
        if !r.vars.global_bool(var_id!("performance_schema")) || !r.statements.consumers.global() {
            return None;
        }
        let s = r.setup.at(instrument_position())?;
        s.enabled.then_some(s.timed == Some(true))
    }

    /// After `session`'s statement `t`: the transaction event it began, or its whole one.
    pub(super) fn statement_transaction(&mut self, session: SessionId, t: &TrxStatement) {
        let thread = session.0 + THREAD_ID_OFFSET;
        if !t.explicit && !t.touched {
            return;
        }
        let Some(timed) = self.transaction_instrument() else { return };
        let Some(r) = self.running.as_mut() else { return };
        if r.transactions.is_open(thread) {
            return;
        }
        let consumers = r.statements.consumers.transactions();
        let event_id = if consumers.0 { r.statements.next_event_id(thread) } else { 0 };
        // START TRANSACTION's transaction begins as it ends (after any commit it made).
        let start = if t.explicit { t.committed } else { t.start };
        let mut e = TransactionEvent {
            thread_id: thread,
            event_id,
            end_event_id: None,
            state: TrxState::Active,
            gtid: "AUTOMATIC",
            explicit: t.explicit,
            start,
            end: start,
            timed,
            read_only: t.read_only,
            isolation: t.isolation,
            autocommit: t.whole,
            savepoints: 0,
            rollback_to_savepoint: 0,
            release_savepoint: 0,
            nesting_event_id: t.event_id,
        };
        if t.whole {
            e.state = if t.failed { TrxState::RolledBack } else { TrxState::Committed };
            e.end = t.committed.max(e.start);
            e.end_event_id = (event_id != 0).then_some(event_id);
            e.gtid = gtid_at_end(&r.vars, e.state, t.wrote);
            r.transactions.finish(e, consumers);
        } else {
            r.transactions.begin(e);
        }
    }

    /// The server ends `session`'s transaction (`Server::commit`, `Server::rollback`): its
    /// open event, if any, ends now. Its END_EVENT_ID is the id the statement running takes.
    pub(crate) fn end_transaction_event(
        &mut self,
        session: &Session,
        state: TrxState,
        wrote: bool,
    ) {
        let Some(r) = self.running.as_mut() else { return };
        let thread = session.id.0 + THREAD_ID_OFFSET;
        if !r.transactions.is_open(thread) {
            return;
        }
        let gtid = gtid_at_end(&r.vars, state, wrote);
        let end_id = r.statements.peek_event_id(thread);
        r.transactions.end(thread, state, end_id, gtid);
    }

    /// `session`'s statement's commit is through at `at`: the transaction it ended (if any)
    /// finishes then, its time holding the commit's log writes and fsyncs.
    pub(super) fn settle_transaction_event(&mut self, session: SessionId, at: SimTime) {
        let Some(r) = self.running.as_mut() else { return };
        let consumers = r.statements.consumers.transactions();
        r.transactions.settle(session.0 + THREAD_ID_OFFSET, at, consumers);
    }

    /// A SAVEPOINT, ROLLBACK TO SAVEPOINT or RELEASE SAVEPOINT counted in `session`'s open
    /// transaction event (`counter` picks which).
    pub(crate) fn count_transaction_savepoint(
        &mut self,
        session: &Session,
        counter: impl FnOnce(&mut TransactionEvent) -> &mut u64,
    ) {
        let Some(r) = self.running.as_mut() else { return };
        if let Some(e) = r.transactions.open_mut(session.id.0 + THREAD_ID_OFFSET) {
            *counter(e) += 1;
        }
    }

    /// A connection ended: its thread's transaction rows go.
    pub(super) fn forget_transaction_thread(&mut self, session: SessionId) {
        if let Some(r) = self.running.as_mut() {
            r.transactions.forget_thread(session.0 + THREAD_ID_OFFSET);
        }
    }
}
