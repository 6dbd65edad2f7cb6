//! Transaction identity and undo records, which the server's sessions, the redo and binary
//! logs' two-phase commit and crash recovery all speak of: each may import this without
//! importing the server.

use crate::storage::table::{Key, Row};

/// A connection id, as CONNECTION_ID() and the processlist show it. A transaction belongs to
/// the connection that runs it (InnoDB's `trx_t` keeps its thread's id the same way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SessionId(pub u64);

/// One change inside a transaction, to undo on ROLLBACK (or on crash recovery): the row
/// before (None for an insert) and the key the row has after (None for a delete).
#[derive(Clone, Debug)]
pub struct UndoRecord {
    pub db: String,
    pub table: String,
    pub before: Option<Row>,
    pub after_key: Option<Key>,
}

/// The undo log's bound: a transaction changing more rows than this stops with an error
/// rather than growing without limit.
pub const UNDO_RECORDS_MAX: usize = 1_000_000;
