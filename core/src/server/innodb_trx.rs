//! The server's side of `information_schema.INNODB_TRX` (`instruments::innodb_trx`): when a
//! session's transaction begins inside InnoDB, when it takes an id, and the rows a reader
//! with the PROCESS privilege sees.
//!
//! After each statement ([`Server::innodb_trx_after`]): a statement inside a transaction
//! (START TRANSACTION / BEGIN, or autocommit=0) that read or changed an InnoDB table begins
//! InnoDB's transaction at its start, if none is open; the first change gives it an id from
//! the server's counter. COMMIT and ROLLBACK (`Server::commit`, `Server::rollback`, which
//! implicit commits and disconnects call too) end it, a commit of a transaction that wrote
//! taking a commit number from the same counter. An autocommit statement that changed rows
//! is a whole transaction of its own: an id and a commit number.
//!
//! Simplifications: the counter starts at [`FIRST_TRX_ID`] (UNCONFIRMED: a new datadir's
//! counter after `--initialize` is some thousands) and does not jump by InnoDB's write
//! margin at a restart; DDL takes no ids.

use super::session::Session;
use super::transaction_events::TrxStatement;
use super::Server;
use crate::error::{MySqlError, Result};
use crate::instruments::innodb_trx::{self, InnodbTrx, OpenTrx};
use crate::sim::SimTime;
use crate::storage::table::Row;
use crate::var_id;

/// The first transaction id a started server gives (UNCONFIRMED).
pub(super) const FIRST_TRX_ID: u64 = 1_816;

impl Server {
    /// After `session`'s statement `t` (begun at `start`): InnoDB's transaction begins, takes
    /// an id, or (an autocommit statement's) comes and goes.
    pub(super) fn innodb_trx_after(&mut self, session: &mut Session, t: &TrxStatement) {
        if !session.in_transaction && session.autocommit() {
            if t.whole && t.wrote && !t.failed {
                self.next_trx_id = self.next_trx_id.saturating_add(2);
            }
            // No transaction is open: one autocommit=0 began and nothing ended (SET
            // autocommit = 1, which the simulator does not commit by) ends here.
            if session.innodb_trx.is_some() {
                self.innodb_trx_end(session, true);
            }
            return;
        }
        if session.innodb_trx.is_none() && t.touched {
            session.innodb_trx = Some(InnodbTrx {
                started: t.start,
                id: None,
                read_only: t.read_only,
                isolation: t.isolation,
            });
        }
        if let Some(trx) = session.innodb_trx.as_mut() {
            if trx.id.is_none() && !session.undo.is_empty() {
                trx.id = Some(self.next_trx_id);
                self.next_trx_id = self.next_trx_id.saturating_add(1);
            }
        }
    }

    /// START TRANSACTION WITH CONSISTENT SNAPSHOT: InnoDB's transaction begins at once
    /// (`read_only`: the statement said READ ONLY).
    pub(crate) fn innodb_trx_begin_now(&mut self, session: &mut Session, read_only: bool) {
        let read_only = read_only || super::transaction_events::access_read_only(session);
        session.innodb_trx = Some(InnodbTrx {
            started: self.clock.now(),
            id: None,
            read_only,
            isolation: super::transaction_events::isolation(session),
        });
    }

    /// `session`'s transaction ends (committed if `committed`): a commit of one that wrote
    /// takes a commit number.
    pub(crate) fn innodb_trx_end(&mut self, session: &mut Session, committed: bool) {
        if let Some(trx) = session.innodb_trx.take() {
            if committed && trx.id.is_some() {
                self.next_trx_id = self.next_trx_id.saturating_add(1);
            }
        }
    }

    /// `information_schema.INNODB_TRX` as `reader` reads it: every session's open InnoDB
    /// transaction (the reader's own with its statement); Err without the PROCESS privilege.
    pub(crate) fn innodb_trx_rows(&self, reader: &Session) -> Result<Vec<Row>> {
        if !self.accounts.has_global(&reader.account, "PROCESS") {
            return Err(MySqlError::specific_access_denied("PROCESS"));
        }
        let Some(r) = self.running.as_ref() else { return Ok(Vec::new()) };
        // The reading session is out of the map while its statement runs.
        let sessions = r.sessions.values().map(|s| &**s).chain(std::iter::once(reader));
        let open: Vec<OpenTrx> = sessions
            .filter_map(|s| {
                let trx = s.innodb_trx?;
                Some(OpenTrx {
                    trx,
                    thread_id: s.id.0,
                    query: if s.id == reader.id { s.current_sql.as_deref() } else { None },
                    undo: &s.undo,
                    unique_checks: s.vars.u64(var_id!("unique_checks")) != 0,
                    foreign_key_checks: s.foreign_key_checks(),
                })
            })
            .collect();
        Ok(innodb_trx::rows(&open, |t: SimTime| crate::sim::civil_time_at(t).datetime()))
    }
}
