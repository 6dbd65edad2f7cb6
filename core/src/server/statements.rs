//! Statements other than queries and the SHOW family: DDL (CREATE/DROP DATABASE, TABLE, VIEW,
//! INDEX; ALTER TABLE ... ALTER INDEX), DML (INSERT, UPDATE, DELETE, TRUNCATE), transactions
//! and stored procedures (CREATE PROCEDURE, CALL).

use super::execute::Work;
use super::session::Session;
use super::Server;
use crate::error::{MySqlError, Result};
use crate::sql::Response;
use sqlparser::ast::Statement as S;

/// The `Com_*` counter a statement bumps.
pub(crate) fn com_counter(s: &S) -> Option<&'static str> {
    Some(match s {
        S::Insert(_) => "Com_insert",
        S::Update { .. } => "Com_update",
        S::Delete(_) => "Com_delete",
        S::Truncate { .. } => "Com_truncate",
        S::CreateTable(_) => "Com_create_table",
        S::CreateView { .. } => "Com_create_view",
        S::CreateIndex(_) => "Com_create_index",
        S::CreateDatabase { .. } => "Com_create_db",
        S::Drop { .. } => "Com_drop_table",
        S::StartTransaction { .. } => "Com_begin",
        S::Commit { .. } => "Com_commit",
        S::Rollback { .. } => "Com_rollback",
        S::Call(_) => "Com_call_procedure",
        _ => return None,
    })
}

impl Server {
    /// Runs a statement sqlparser read that is not a query or a SHOW.
    pub(crate) fn run_other(
        &mut self,
        _session: &mut Session,
        stmt: &S,
        _sql: &str,
        _work: &mut Work,
    ) -> Result<Response> {
        let text = stmt.to_string();
        let words: Vec<&str> = text.split_whitespace().take(2).collect();
        Err(MySqlError::not_supported_yet(&words.join(" ").to_ascii_uppercase()))
    }
}
