//! One client connection's state: its thread id, session variables and counters, user
//! variables, current database, and the warnings of its last statement.

use super::status::Status;
use super::variables::SessionVariables;
use crate::error::Warning;
use crate::sql::Value;
use std::collections::BTreeMap;

/// A connection id, as CONNECTION_ID() and the processlist show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SessionId(pub u64);

/// The most warnings kept per statement (`max_error_count` default is 1024).
pub const WARNINGS_MAX: usize = 1024;

#[derive(Clone, Debug)]
pub struct Session {
    pub id: SessionId,
    pub vars: SessionVariables,
    pub status: Status,
    pub user_vars: BTreeMap<String, Value>,
    pub database: Option<String>,
    /// Warnings and notes of the last statement that produced any (SHOW WARNINGS).
    pub warnings: Vec<Warning>,
    /// Warnings of the statement running now.
    pub pending_warnings: Vec<Warning>,
    /// Warnings dropped past [`WARNINGS_MAX`], still counted.
    pub pending_warnings_dropped: u32,
}

impl Session {
    pub fn new(id: SessionId, vars: SessionVariables) -> Session {
        Session {
            id,
            vars,
            status: Status::session_at_connect(),
            user_vars: BTreeMap::new(),
            database: None,
            warnings: Vec::new(),
            pending_warnings: Vec::new(),
            pending_warnings_dropped: 0,
        }
    }

    pub fn warn(&mut self, w: Warning) {
        if self.pending_warnings.len() < WARNINGS_MAX {
            self.pending_warnings.push(w);
        } else {
            self.pending_warnings_dropped += 1;
        }
    }
}
