//! Where Percona Server's USER_STATISTICS hears of the server's work: a statement's handler
//! counts when it ends (tables and indexes), the statement itself once its CPU time is known
//! (users, clients, threads), logins and disconnects. Nothing is counted on a MySQL server or
//! while `userstat` is OFF. See `instruments::user_statistics` for what counts and what it
//! costs.

use super::flavour::Flavour;
use super::session::Session;
use super::{Server, SessionId};
use crate::instruments::user_statistics::{CommandClass, StatementFacts, StatsTable};
use crate::sql::execution::handler_io::StatementIo;
use crate::sql::parser::Statement;
use crate::sql::Response;

/// The host every client connects from: the simulated host itself (over the socket, or TCP
/// from 127.0.0.1, which resolves to `localhost`).
const CLIENT: &str = super::transport::CLIENT_HOST;

impl Server {
    /// Whether USER_STATISTICS counts now.
    pub(crate) fn userstat_on(&self) -> bool {
        self.flavour == Flavour::Percona
            && self.running.as_ref().is_some_and(|r| r.vars.global_flag("userstat"))
    }

    fn thread_statistics_on(&self) -> bool {
        self.running.as_ref().is_some_and(|r| r.vars.global_flag("thread_statistics"))
    }

    /// A statement's tables and indexes join the statistics; returns the CPU the update costs
    /// and the rows it read (TABLE_ROWS_READ) and changed (ROWS_UPDATED).
    pub(super) fn user_stats_io(&mut self, io: &StatementIo) -> (u64, u64, u64) {
        if !self.userstat_on() {
            return (0, 0, 0);
        }
        let hw = self.host.hardware();
        let (entry_ns, row_ns) = (hw.cpu_userstat_entry_ns, hw.cpu_userstat_row_ns);
        let Some(r) = self.running.as_mut() else { return (0, 0, 0) };
        let touched = r.user_stats.absorb_io(io, &self.catalog);
        self.account_user_stats_memory();
        // The user and client entries are two more.
        let cpu = (touched.entries + 2) * entry_ns + touched.rows * row_ns;
        (cpu, touched.read, touched.changed)
    }

    /// The statement joins its user's, client's and thread's counters.
    pub(super) fn user_stats_statement(&mut self, s: &StatementDone) {
        if !self.userstat_on() {
            return;
        }
        let threads = self.thread_statistics_on();
        let (class, commit, rollback) = s.kind;
        let rows_sent = s.result.as_ref().map_or(0, rows_sent);
        let bytes_sent = super::wire::response_bytes(s.result);
        let denied = matches!(s.result, Err(e) if matches!(e.code, 1044 | 1142 | 1227 | 1143));
        let facts = StatementFacts {
            user: &s.session.login_user,
            client: CLIENT,
            thread: s.session.id.0,
            class,
            busy_us: s.busy_ns / 1000,
            cpu_us: s.cpu_ns / 1000,
            bytes_received: super::wire::command_bytes(s.sql_len),
            bytes_sent,
            rows_sent,
            rows_changed: s.rows_changed,
            commit,
            rollback,
            denied,
        };
        if let Some(r) = self.running.as_mut() {
            r.user_stats.absorb_statement(&facts, s.rows_read, threads);
        }
        self.account_user_stats_memory();
    }

    /// The host holds what the statistics take, under their own category (so a container's
    /// limit counts them, and memory_summary_global_by_event_name shows them).
    fn account_user_stats_memory(&mut self) {
        let Some(r) = self.running.as_ref() else { return };
        let want = r.user_stats.memory_bytes();
        let held = self.host.used_by("userstat");
        if want > held {
            // Out of memory here is the OOM killer's to find after the statement.
            let _ = self.host.allocate("userstat", want - held);
        } else if want < held {
            self.host.release("userstat", held - want);
        }
    }

    /// A login of `user` (refused when not `ok`; over TLS when `ssl`).
    pub(super) fn user_stats_login(&mut self, user: &str, thread: u64, (ok, ssl): (bool, bool)) {
        if !self.userstat_on() {
            return;
        }
        let threads = self.thread_statistics_on();
        if let Some(r) = self.running.as_mut() {
            r.user_stats.connected(user, CLIENT, thread, (ok, ssl), threads);
        }
        self.account_user_stats_memory();
    }

    /// Connection `id` ends.
    pub(super) fn user_stats_logout(&mut self, id: SessionId) {
        if !self.userstat_on() {
            return;
        }
        let now = self.clock.now();
        let Some(r) = self.running.as_mut() else { return };
        let Some(s) = r.sessions.get(&id) else { return };
        let connected_us = now.since(s.connected_at).0 / 1000;
        let user = s.login_user.clone();
        r.user_stats.disconnected(&user, CLIENT, id.0, connected_us);
    }

    /// `FLUSH <table>`.
    fn user_stats_flush(&mut self, which: StatsTable) {
        if let Some(r) = self.running.as_mut() {
            r.user_stats.flush(which);
        }
        self.account_user_stats_memory();
    }

    /// `SHOW <table> [LIKE ... | WHERE ...]` (the LIKE pattern is accepted and ignored, as
    /// Percona does) and `FLUSH <table>`; on MySQL both are syntax errors at the name.
    pub(super) fn user_statistics_statement(
        &mut self,
        session: &mut Session,
        table: StatsTable,
        flush: bool,
        filter: Option<&crate::sql::parser::ShowFilter>,
        typed: &str,
        work: &mut crate::sql::execution::Work,
    ) -> crate::error::Result<Response> {
        if self.flavour != Flavour::Percona {
            return Err(crate::error::MySqlError::syntax(typed, 1));
        }
        if flush {
            self.user_stats_flush(table);
            return Ok(Response::Ok { affected_rows: 0, info: None });
        }
        let mut sql = format!("SELECT * FROM information_schema.{}", table.name());
        if let Some(crate::sql::parser::ShowFilter::Where(e)) = filter {
            sql.push_str(&format!(" WHERE {e}"));
        }
        let query = match crate::sql::parse(&sql)? {
            Statement::Select(q) => q,
            _ => return Err(crate::error::MySqlError::syntax(typed, 1)),
        };
        self.select(session, &query, &sql, work)
    }

    /// The statistics, for information_schema and SHOW.
    pub(crate) fn user_statistics(
        &self,
    ) -> Option<&crate::instruments::user_statistics::UserStatistics> {
        self.running.as_ref().map(|r| &r.user_stats)
    }
}

/// A statement's class, and whether it is a COMMIT or a ROLLBACK.
pub(super) fn classify(stmt: &Statement) -> (CommandClass, bool, bool) {
    use sqlparser::ast::Statement as S;
    match stmt {
        Statement::Select(_) => (CommandClass::Select, false, false),
        Statement::Other(o) => match o.as_ref() {
            S::Insert(_) | S::Update { .. } | S::Delete(_) => (CommandClass::Update, false, false),
            S::Commit { .. } => (CommandClass::Other, true, false),
            S::Rollback { .. } => (CommandClass::Other, false, true),
            _ => (CommandClass::Other, false, false),
        },
        _ => (CommandClass::Other, false, false),
    }
}

/// What the account tables need of a finished statement.
pub(super) struct StatementDone<'a> {
    pub session: &'a Session,
    pub kind: (CommandClass, bool, bool),
    pub result: &'a crate::error::Result<Response>,
    pub sql_len: u64,
    pub busy_ns: u64,
    pub cpu_ns: u64,
    pub rows_read: u64,
    pub rows_changed: u64,
}

/// Rows a response sends (a procedure's several results add up).
fn rows_sent(r: &Response) -> u64 {
    match r {
        Response::Rows(rs) => rs.rows.len() as u64 + rs.unshown,
        Response::Many(all) => all.iter().map(rows_sent).sum(),
        Response::Ok { .. } | Response::DatabaseChanged => 0,
    }
}
