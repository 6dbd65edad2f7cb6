//! What a DDL statement changes, for the two things that must know before or after it runs:
//! read-only mode, which refuses it (`Server::refuse_ddl`, MySQL's
//! `deny_updates_if_read_only_option`), and the table cache, which closes the tables it
//! changed (`Server::close_ddl_tables`).

use crate::error::Result;
use crate::server::session::Session;
use crate::server::Server;
use sqlparser::ast::{ObjectName, ObjectType, Statement as S};

/// The tables and database a DDL statement names.
struct DdlTargets<'s> {
    /// The tables it creates, changes or drops, as written.
    tables: Vec<&'s ObjectName>,
    /// The database it creates or drops.
    database: Option<&'s ObjectName>,
    /// Whether it creates a table or database rather than changing existing ones.
    creates: bool,
}

/// CREATE or DROP DATABASE, and CREATE, ALTER, DROP, TRUNCATE or RENAME of a table, CREATE or
/// DROP of an index; None for anything else (CREATE TEMPORARY TABLE among them).
fn ddl_targets(stmt: &S) -> Option<DdlTargets<'_>> {
    fn tables(tables: Vec<&ObjectName>) -> DdlTargets<'_> {
        DdlTargets { tables, database: None, creates: false }
    }
    Some(match stmt {
        S::CreateDatabase { db_name, .. } => {
            DdlTargets { tables: Vec::new(), database: Some(db_name), creates: true }
        }
        S::Drop { object_type: ObjectType::Database | ObjectType::Schema, names, .. } => {
            DdlTargets { tables: Vec::new(), database: names.first(), creates: false }
        }
        S::CreateTable(ct) if ct.temporary => return None,
        S::CreateTable(ct) => DdlTargets { creates: true, ..tables(vec![&ct.name]) },
        S::Drop { object_type: ObjectType::Index, table: Some(table), .. } => tables(vec![table]),
        S::Drop { object_type: ObjectType::Table, names, .. } => tables(names.iter().collect()),
        S::AlterTable(alter) => tables(vec![&alter.name]),
        S::CreateIndex(ci) => tables(vec![&ci.table_name]),
        S::Truncate(t) => tables(t.table_names.iter().map(|target| &target.name).collect()),
        S::RenameTable(renames) => tables(renames.iter().map(|r| &r.old_name).collect()),
        _ => return None,
    })
}

impl Server {
    /// Whether the server's read-only mode lets `session` run the DDL `stmt`, checked before
    /// anything else about it (MySQL's order: before the statement looks up its tables or
    /// checks a privilege). Every statement of [`ddl_targets`] is refused (1290) unless each
    /// table it names is one of the session's temporary tables. ANALYZE and OPTIMIZE TABLE
    /// change no structure or content and stay allowed, as in MySQL. Simplification: views,
    /// triggers, routines and accounts are not refused here.
    pub(crate) fn refuse_ddl(&self, session: &Session, stmt: &S) -> Result<()> {
        let Some(targets) = ddl_targets(stmt) else { return Ok(()) };
        let Some(refusal) = self.read_only_refusal(session) else { return Ok(()) };
        let temporary = |name: &&ObjectName| {
            super::table_name(session, name).is_ok_and(|(db, t)| {
                session.temporary_tables.iter().any(|(d, n)| *d == db && *n == t)
            })
        };
        if targets.creates || targets.tables.is_empty() || !targets.tables.iter().all(temporary) {
            return Err(refusal);
        }
        Ok(())
    }

    /// After DDL ran, closes the table cache's tables of what it changed: the tables it
    /// named, or every table of the database it dropped.
    pub(crate) fn close_ddl_tables(&mut self, session: &Session, stmt: &S) {
        let Some(targets) = ddl_targets(stmt) else { return };
        if targets.creates {
            return;
        }
        let unquoted = |n: &ObjectName| n.to_string().trim_matches('`').to_string();
        if let Some(db) = targets.database {
            let db = unquoted(db);
            self.close_cached_tables(|schema, _| schema == db);
            return;
        }
        self.close_named_tables(session, targets.tables);
    }
}
