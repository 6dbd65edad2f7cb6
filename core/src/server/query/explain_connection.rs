//! `EXPLAIN [FORMAT=...] FOR CONNECTION id` (MySQL 5.7+, `Sql_cmd_explain_other_thread` in
//! opt_explain.cc): the plan of the statement connection `id` is running, as EXPLAIN of
//! that statement would print it. What MySQL answers, in its order:
//! - no connection with that id: ERROR 1094 `Unknown thread id: N`;
//! - a connection running no statement (Sleep), or a system thread (the event scheduler):
//!   an OK packet, no rows (the manual: "the result is empty");
//! - a connection running a statement that is not SELECT, UPDATE, INSERT, DELETE or
//!   REPLACE, or running EXPLAIN, a prepared statement or a routine's statement: ERROR 3012.
//!   A connection's own id names the EXPLAIN FOR CONNECTION itself: 3012 (as published
//!   sessions show: `EXPLAIN FOR CONNECTION 30` in connection 30).
//!
//! In this simulation statements run one at a time, so while this one runs every other
//! connection is between statements: it answers the OK or 1094 or, for its own id, 3012.
//! Simplification: MySQL's check that a user without PROCESS explains only its own user's
//! connections (ERROR 1045) comes after the idle check, so it is never reached here.

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::Response;

impl Server {
    pub(crate) fn explain_for_connection(
        &mut self,
        session: &Session,
        id: u64,
    ) -> Result<Response> {
        if session.id.0 == id {
            return Err(MySqlError::new(
                3012,
                "HY000",
                "EXPLAIN FOR CONNECTION command is supported only for \
                 SELECT/UPDATE/INSERT/DELETE/REPLACE"
                    .into(),
            ));
        }
        // Every connection and system thread the process list can show (all of them: the
        // reading session is taken as having PROCESS, as the thread lookup ignores it).
        let known = self.running.as_ref().is_some_and(|r| {
            r.sessions.keys().any(|s| s.0 == id)
                || (id == crate::instruments::processlist::EVENT_SCHEDULER_ID
                    && self.processes(session, "executing").iter().any(|p| p.id == id))
        });
        if !known {
            return Err(MySqlError::new(1094, "HY000", format!("Unknown thread id: {id}")));
        }
        Ok(Response::Ok { affected_rows: 0, info: None })
    }
}
