//! Which statements end the session's open transaction before they run: MySQL's implicit
//! commit (the manual's "Statements That Cause an Implicit Commit"; in the server, the
//! `CF_IMPLICIT_COMMIT_BEGIN` flag of each SQL command, checked by
//! `stmt_causes_implicit_commit` before the command runs).
//!
//! The statement is known here by the `Com_xxx` counter it bumps, which is MySQL's own
//! one-to-one naming of its SQL commands, so the rule reads as the server's table does.
//! CREATE TEMPORARY TABLE and DROP TEMPORARY TABLE are the exceptions: they leave the
//! transaction open (ALTER TABLE and CREATE INDEX on a temporary table still commit).
//!
//! Commands with the flag that the simulator does not run (CREATE EVENT, INSTALL PLUGIN,
//! CHANGE REPLICATION SOURCE, ...) are not listed: they never reach here. LOCK TABLES and
//! START TRANSACTION commit in their own code, as they must also end the locks; LOAD DATA
//! commits only for NDB tables, so it is not listed either.

use super::session::Session;
use super::Server;
use crate::sql::parser::Statement;
use sqlparser::ast::Statement as S;

/// The `Com_` counters of the commands that commit the open transaction before they run, in
/// byte order (asked of every statement: a binary search).
const COMMITTING_COMMANDS: &[&str] = &[
    "Com_alter_db",
    "Com_alter_function",
    "Com_alter_procedure",
    "Com_alter_table",
    "Com_alter_tablespace",
    "Com_alter_user",
    "Com_analyze",
    "Com_check",
    "Com_create_db",
    "Com_create_function",
    "Com_create_index",
    "Com_create_procedure",
    "Com_create_role",
    "Com_create_table",
    "Com_create_trigger",
    "Com_create_user",
    "Com_create_view",
    "Com_drop_db",
    "Com_drop_function",
    "Com_drop_index",
    "Com_drop_procedure",
    "Com_drop_role",
    "Com_drop_table",
    "Com_drop_trigger",
    "Com_drop_user",
    "Com_drop_view",
    "Com_flush",
    "Com_grant",
    "Com_optimize",
    "Com_rename_table",
    "Com_rename_user",
    "Com_repair",
    "Com_reset",
    "Com_revoke",
    "Com_revoke_all",
    "Com_truncate",
];

/// Whether `stmt` commits the session's open transaction before it runs.
pub(crate) fn commits_implicitly(stmt: &Statement) -> bool {
    let Some(com) = super::dispatch::com_counter(stmt) else { return false };
    if COMMITTING_COMMANDS.binary_search(&com).is_err() {
        return false;
    }
    match stmt {
        // RESET PERSIST changes no table: it is the one RESET that does not commit.
        Statement::ResetPersist { .. } => false,
        Statement::Other(s) => {
            !matches!(
                s.as_ref(),
                S::CreateTable(ct) if ct.temporary
            ) && !matches!(s.as_ref(), S::Drop { temporary: true, .. })
        }
        _ => true,
    }
}

impl Server {
    /// Commits `session`'s open transaction (if any) before a statement that commits
    /// implicitly: its changes go through the logs now, and its transaction event ends here,
    /// ended by that statement (its END_EVENT_ID is the statement's EVENT_ID, as COMMIT's is).
    pub(super) fn implicit_commit(&mut self, session: &mut Session) {
        self.commit(session);
        self.commit_transaction(session.id);
        self.settle_transaction_event(session.id, self.clock.now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commits(sql: &str) -> bool {
        commits_implicitly(&crate::sql::parser::parse(sql).expect(sql))
    }

    #[test]
    fn the_commands_are_in_byte_order_for_the_search() {
        assert!(COMMITTING_COMMANDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn data_definition_and_grants_commit() {
        for sql in [
            "CREATE TABLE t (id INT)",
            "DROP TABLE t",
            "ALTER TABLE t ADD COLUMN c INT",
            "CREATE INDEX i ON t (c)",
            "DROP INDEX i ON t",
            "TRUNCATE TABLE t",
            "RENAME TABLE t TO u",
            "CREATE DATABASE d",
            "DROP DATABASE d",
            "CREATE VIEW v AS SELECT 1",
            "DROP VIEW v",
            "CREATE USER u IDENTIFIED BY 'p'",
            "GRANT SELECT ON *.* TO u",
            "ANALYZE TABLE t",
            "FLUSH TABLES",
        ] {
            assert!(commits(sql), "{sql} should commit");
        }
    }

    #[test]
    fn data_changes_queries_and_temporary_tables_do_not() {
        for sql in [
            "SELECT 1",
            "INSERT INTO t VALUES (1)",
            "UPDATE t SET c = 1",
            "DELETE FROM t",
            "SET @a = 1",
            "SHOW TABLES",
            "SAVEPOINT s",
            "CREATE TEMPORARY TABLE tt (id INT)",
            "DROP TEMPORARY TABLE tt",
            "RESET PERSIST",
        ] {
            assert!(!commits(sql), "{sql} should not commit");
        }
    }
}
