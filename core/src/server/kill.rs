//! `KILL [CONNECTION | QUERY] processlist_id` (`sql_kill` and `kill_one_thread` in
//! sql_parse.cc): the ids are SHOW PROCESSLIST's. The id is an expression, evaluated by the
//! dispatcher (`Statement::Kill`), which refuses a subquery as MySQL does.
//!
//! - An id no connection has is ER_NO_SUCH_THREAD (1094). So is the event scheduler's:
//!   MySQL's search for the thread skips daemon threads (UNCONFIRMED here).
//! - Another user's connection needs CONNECTION_ADMIN or SUPER, and a connection of an
//!   account with SYSTEM_USER needs SYSTEM_USER too: else ER_KILL_DENIED_ERROR (1095). The
//!   owner is the user name, as `Security_context::user_matches` compares it. (UNCONFIRMED:
//!   that the SYSTEM_USER refusal is 1095 too.)
//! - KILL [CONNECTION] of another connection ends it as its thread would clean up after a
//!   disconnect: its open transaction rolls back. Its client's next statement gets error
//!   2013 (`Server::take_killed`). `Aborted_clients` counts it (`end_connection` counts a
//!   killed thread), and no `Quit` is logged (no COM_QUIT came).
//! - KILL QUERY of another connection stops its statement; an idle one (every other
//!   connection here, as statements run one at a time) is left as it is.
//! - KILL of one's own connection: the statement ends with ER_QUERY_INTERRUPTED (1317) and
//!   the connection ends after it (KILL QUERY: only the 1317).

use super::session::{Session, SessionId};
use super::Server;
use crate::error::{MySqlError, Result};
use crate::sql::Response;
use crate::status_id;
use sqlparser::ast::KillType;

/// The most killed connections remembered for their clients' next statement.
const KILLED_MARKS_MAX: usize = 1024;

impl Server {
    /// Runs `KILL [modifier] id` from `session`.
    pub(super) fn kill(
        &mut self,
        session: &mut Session,
        modifier: Option<KillType>,
        id: u64,
    ) -> Result<Response> {
        let only_query = matches!(modifier, Some(KillType::Query));
        let target = SessionId(id);
        if target == session.id {
            if !only_query {
                self.pending_kill = Some(target);
            }
            return Err(MySqlError::query_interrupted());
        }
        let Some(r) = self.running.as_ref() else { return Err(MySqlError::unknown_thread(id)) };
        let Some(victim) = r.sessions.get(&target) else {
            return Err(MySqlError::unknown_thread(id));
        };
        let accounts = &self.accounts;
        let killer = &session.account;
        let admin =
            accounts.has_global(killer, "SUPER") || accounts.has_global(killer, "CONNECTION_ADMIN");
        if !admin && victim.login_user != session.login_user {
            return Err(MySqlError::not_owner_of_thread(id));
        }
        if accounts.has_global(&victim.account, "SYSTEM_USER")
            && !accounts.has_global(killer, "SYSTEM_USER")
        {
            return Err(MySqlError::not_owner_of_thread(id));
        }
        if !only_query {
            self.end_killed_connection(target);
        }
        Ok(Response::Ok { affected_rows: 0, info: None })
    }

    /// Connection `id` was killed: its thread ends, and its client learns it at its next
    /// statement.
    fn end_killed_connection(&mut self, id: SessionId) {
        self.close_connection(id);
        if let Some(r) = self.running.as_mut() {
            r.status.add(status_id!("Aborted_clients"), 1);
            // Bounded: an id's mark goes at its client's next statement (ids are not
            // reused); marks no client came back for go oldest first.
            if self.killed.len() >= KILLED_MARKS_MAX {
                self.killed.pop_first();
            }
            self.killed.insert(id);
        }
    }

    /// After `id`'s statement: the connection ends if the statement killed it.
    pub(super) fn end_connection_if_killed(&mut self, id: SessionId) -> bool {
        if self.pending_kill != Some(id) {
            return false;
        }
        self.pending_kill = None;
        self.end_killed_connection(id);
        true
    }

    /// Whether `id`'s connection was killed (its client's next statement gets error 2013).
    /// Clears the mark.
    pub fn take_killed(&mut self, id: SessionId) -> bool {
        self.killed.remove(&id)
    }
}
