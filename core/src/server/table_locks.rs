//! `LOCK TABLES` / `UNLOCK TABLES` and `FLUSH TABLES WITH READ LOCK`, as they bind the session
//! that takes them (the manual's "LOCK TABLES and UNLOCK TABLES Statements"): while a session
//! holds table locks it may use only the tables it locked (ERROR 1100 for another), and
//! change only those it locked WRITE (ERROR 1099 for a READ-locked one). LOCK TABLES commits
//! an open transaction and releases the locks held before; UNLOCK TABLES and START
//! TRANSACTION release them. A locked view locks the tables it reads in the same mode. Under
//! FLUSH TABLES WITH READ LOCK every change is ERROR 1223 until UNLOCK TABLES.
//!
//! Simplifications: a lock binds only its own session. The simulator's other sessions (the
//! load generators' clients) never wait for it, where in MySQL they would wait on the
//! table's metadata lock until it is released. A table locked under an alias is locked under
//! its own name; the schemas the server produces (information_schema, performance_schema,
//! sys, mysql) need no lock, as MySQL's own information_schema needs none.

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::storage::catalog::Catalog;
use sqlparser::ast::{
    LockTable, LockTableType, ObjectName, Query, SetExpr, Statement as S, TableFactor,
    TableWithJoins,
};

/// One table a session locked, and whether for writing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockedTable {
    pub db: String,
    pub table: String,
    pub write: bool,
}

/// Deepest view-in-view a lock follows (views nest only as deep as someone wrote them).
const VIEW_DEPTH_MAX: u32 = 16;

/// The tables named in the FROM clauses of `q`, its joins, derived tables and set operations
/// (`db` for an unqualified name).
fn tables_read(q: &Query, db: &str, out: &mut Vec<(String, String)>, depth: u32) {
    if depth > VIEW_DEPTH_MAX {
        return;
    }
    fn body(b: &SetExpr, db: &str, out: &mut Vec<(String, String)>, depth: u32) {
        match b {
            SetExpr::Select(s) => {
                for twj in &s.from {
                    from(twj, db, out, depth);
                }
            }
            SetExpr::Query(q) => tables_read(q, db, out, depth + 1),
            SetExpr::SetOperation { left, right, .. } => {
                body(left, db, out, depth + 1);
                body(right, db, out, depth + 1);
            }
            _ => {}
        }
    }
    fn factor(f: &TableFactor, db: &str, out: &mut Vec<(String, String)>, depth: u32) {
        match f {
            TableFactor::Table { name, .. } => out.push(split(name, db)),
            TableFactor::Derived { subquery, .. } => tables_read(subquery, db, out, depth + 1),
            TableFactor::NestedJoin { table_with_joins, .. } => {
                from(table_with_joins, db, out, depth + 1)
            }
            _ => {}
        }
    }
    fn from(twj: &TableWithJoins, db: &str, out: &mut Vec<(String, String)>, depth: u32) {
        factor(&twj.relation, db, out, depth);
        for j in &twj.joins {
            factor(&j.relation, db, out, depth);
        }
    }
    body(&q.body, db, out, depth);
}

fn split(name: &ObjectName, db: &str) -> (String, String) {
    let parts: Vec<String> =
        name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
    match parts.as_slice() {
        [d, t] => (d.clone(), t.clone()),
        [.., t] => (db.to_string(), t.clone()),
        [] => (db.to_string(), String::new()),
    }
}

impl Server {
    /// `LOCK TABLES t READ [, u WRITE]...`.
    pub(crate) fn lock_tables(
        &mut self,
        session: &mut Session,
        tables: &[LockTable],
    ) -> Result<()> {
        let db = session.database.clone().ok_or_else(MySqlError::no_database_selected)?;
        let mut locked: Vec<LockedTable> = Vec::new();
        for t in tables {
            let name = t.table.value.clone();
            let write = matches!(t.lock_type, LockTableType::Write { .. });
            if let Some(view) = self.catalog.view(&db, &name) {
                // A view locks the tables it reads, in its mode.
                let parsed =
                    crate::sql::parser::parse(&format!("SELECT * FROM ({}) v", view.query));
                if let Ok(crate::sql::parser::Statement::Select(q)) = parsed {
                    let mut read = Vec::new();
                    tables_read(&q, &db, &mut read, 0);
                    for (d, t) in read {
                        locked.push(LockedTable { db: d, table: t, write });
                    }
                }
            } else if self.catalog.table(&db, &name).is_none() {
                return Err(MySqlError::no_such_table(&db, &name));
            }
            locked.push(LockedTable { db: db.clone(), table: name, write });
        }
        // An open transaction commits first; the locks held before are released.
        self.commit(session);
        session.table_locks = Some(locked);
        Ok(())
    }

    /// UNLOCK TABLES: the table locks and the global read lock go.
    pub(crate) fn unlock_tables(&mut self, session: &mut Session) {
        if session.table_locks.take().is_some() {
            // Releasing table locks commits the transaction they were taken in.
            self.commit(session);
        }
        session.global_read_lock = false;
    }

    /// A table a statement reads, under LOCK TABLES: ERROR 1100 unless locked.
    pub(crate) fn check_lock_for_read(session: &Session, db: &str, table: &str) -> Result<()> {
        let Some(locks) = &session.table_locks else { return Ok(()) };
        if Catalog::is_system_schema(db) {
            return Ok(());
        }
        if locks.iter().any(|l| l.db == db && l.table == table) {
            return Ok(());
        }
        Err(MySqlError::table_not_locked(table))
    }

    /// A table a statement changes: ERROR 1223 under the global read lock; under LOCK
    /// TABLES, 1100 unless locked and 1099 unless locked WRITE.
    pub(crate) fn check_lock_for_write(session: &Session, db: &str, table: &str) -> Result<()> {
        if session.global_read_lock {
            return Err(MySqlError::conflicting_read_lock());
        }
        let Some(locks) = &session.table_locks else { return Ok(()) };
        if Catalog::is_system_schema(db) {
            return Ok(());
        }
        match locks.iter().filter(|l| l.db == db && l.table == table).map(|l| l.write).max() {
            Some(true) => Ok(()),
            Some(false) => Err(MySqlError::table_read_locked(table)),
            None => Err(MySqlError::table_not_locked(table)),
        }
    }

    /// The tables a statement changes, checked against the locks the session holds (the
    /// tables it reads are checked as its queries bind them).
    pub(crate) fn check_locks_for_statement(&self, session: &Session, s: &S) -> Result<()> {
        if session.table_locks.is_none() && !session.global_read_lock {
            return Ok(());
        }
        let db = session.database.clone().unwrap_or_default();
        let mut written: Vec<(String, String)> = Vec::new();
        match s {
            S::Insert(i) => {
                if let sqlparser::ast::TableObject::TableName(n) = &i.table {
                    written.push(split(n, &db));
                }
            }
            S::Update(u) => {
                // Every table of a multi-table UPDATE whose column is set; the single
                // table's otherwise.
                if let TableFactor::Table { name, .. } = &u.table.relation {
                    written.push(split(name, &db));
                }
            }
            S::Delete(d) => {
                if d.tables.is_empty() {
                    let from = match &d.from {
                        sqlparser::ast::FromTable::WithFromKeyword(f)
                        | sqlparser::ast::FromTable::WithoutKeyword(f) => f,
                    };
                    for twj in from {
                        if let TableFactor::Table { name, .. } = &twj.relation {
                            written.push(split(name, &db));
                        }
                    }
                } else {
                    written.extend(d.tables.iter().map(|n| split(n, &db)));
                }
            }
            S::Truncate(t) => written.extend(t.table_names.iter().map(|n| split(&n.name, &db))),
            S::AlterTable(a) => written.push(split(&a.name, &db)),
            S::CreateIndex(ci) => written.push(split(&ci.table_name, &db)),
            S::Drop { object_type: sqlparser::ast::ObjectType::Table, names, .. } => {
                written.extend(names.iter().map(|n| split(n, &db)))
            }
            S::RenameTable(r) => written.extend(r.iter().map(|r| split(&r.old_name, &db))),
            S::CreateTable(_) | S::CreateView(_) | S::CreateDatabase { .. }
                if session.global_read_lock =>
            {
                return Err(MySqlError::conflicting_read_lock());
            }
            _ => {}
        }
        for (d, t) in written {
            Self::check_lock_for_write(session, &d, &t)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::tables_read;

    #[test]
    fn a_views_query_names_the_tables_it_reads() {
        let Ok(crate::sql::parser::Statement::Select(q)) = crate::sql::parser::parse(
            "SELECT * FROM a JOIN d2.b ON 1 WHERE 1 UNION SELECT * FROM (SELECT * FROM c) x",
        ) else {
            panic!("parses")
        };
        let mut out = Vec::new();
        tables_read(&q, "d", &mut out, 0);
        let names: Vec<String> = out.iter().map(|(d, t)| format!("{d}.{t}")).collect();
        assert_eq!(names, ["d.a", "d2.b", "d.c"]);
    }
}
