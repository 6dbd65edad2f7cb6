//! Server-side prepared statements as the counters see them (COM_STMT_PREPARE, _EXECUTE,
//! _CLOSE): `Com_stmt_prepare`, `Com_stmt_execute`, `Com_stmt_close`, the global
//! `Prepared_stmt_count` and its limit `max_prepared_stmt_count` (error 1461), which is
//! shared by every session: `sysbench` prepares its statements for every table in every
//! thread, so thousands of tables exhaust it.
//!
//! Simplification: a prepared statement is only counted; its execution runs the statement's
//! text with the values in place (the same plan and rows), and costs what the text costs.

use super::{Server, SessionId};
use crate::error::MySqlError;
use crate::instruments::status::{count, StatusId, StatusValue};
use crate::status_id;
use crate::var_id;

impl Server {
    /// COM_STMT_PREPARE of `n` statements on connection `id`, one after another; stops at the
    /// first that would pass `max_prepared_stmt_count` and returns how many were prepared
    /// with the error (the failed attempt is counted in `Com_stmt_prepare` too, as the server
    /// counts the command before it fails).
    pub fn prepare_statements(&mut self, id: SessionId, n: u64) -> (u64, Option<MySqlError>) {
        let Some(r) = self.running.as_mut() else {
            return (0, Some(MySqlError::cannot_connect()));
        };
        let Some(session) = r.sessions.get_mut(&id) else {
            return (0, Some(MySqlError::cannot_connect()));
        };
        let max = r.vars.global_u64(var_id!("max_prepared_stmt_count"));
        let open = r.status.number("Prepared_stmt_count");
        let room = max.saturating_sub(open);
        let prepared = n.min(room);
        let attempts = if prepared < n { prepared + 1 } else { n };
        count(&mut r.status, &mut session.status, status_id!("Com_stmt_prepare"), attempts);
        r.status.set("Prepared_stmt_count", StatusValue::Number(open + prepared));
        let error = (prepared < n).then(|| MySqlError::too_many_prepared_statements(max));
        (prepared, error)
    }

    /// A COM_STMT_PREPARE the server refuses because the statement cannot be prepared
    /// (ER_UNSUPPORTED_PS, `BEGIN`): counted, nothing kept.
    pub fn prepare_unsupported(&mut self, id: SessionId) {
        self.count_status(id, "Com_stmt_prepare", 1);
    }

    /// Releases `n` of connection `id`'s prepared statements: with `close` by COM_STMT_CLOSE
    /// (counted in `Com_stmt_close`), else because the connection ends (not counted).
    pub fn close_statements(&mut self, id: SessionId, n: u64, close: bool) {
        if close {
            self.count_status(id, "Com_stmt_close", n);
        }
        if let Some(r) = self.running.as_mut() {
            let open = r.status.number("Prepared_stmt_count");
            r.status.set("Prepared_stmt_count", StatusValue::Number(open.saturating_sub(n)));
        }
    }

    /// Adds `n` to status counter `name` of connection `id` and to the global one (a tool
    /// counting a protocol command the statement path does not see, `Com_stmt_execute`).
    pub fn count_status(&mut self, id: SessionId, name: &str, n: u64) {
        let Some(r) = self.running.as_mut() else { return };
        if let Some(session) = r.sessions.get_mut(&id) {
            count(&mut r.status, &mut session.status, StatusId::of(name), n);
        }
    }
}
