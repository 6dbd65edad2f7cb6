//! `ALTER TABLE` for the operations a tuner uses on indexes, and table renames: `ADD
//! {INDEX | KEY | UNIQUE} [name] (cols)`, `DROP {INDEX | KEY} name`, `RENAME [TO | AS] new`, several of them comma-separated (all checked before any is
//! made, as one ALTER is one DDL transaction), and `RENAME TABLE a TO b [, c TO d]`.
//!
//! An index is built as `CREATE INDEX` builds it (`Table::add_index`, its cost in
//! `index_build`), with the same `Records: 0  Duplicates: 0  Warnings: 0` info line.
//!
//! Simplification: operations on columns (ADD/DROP/MODIFY/CHANGE/RENAME COLUMN) and on the
//! primary key answer ERROR 1235 naming what is not supported yet.

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::statements::table_name;
use crate::server::Server;
use crate::sql::Response;
use crate::storage::catalog::Catalog;
use sqlparser::ast::{AlterTableOperation as Op, RenameTableNameKind, TableConstraint};

/// One index change of an ALTER TABLE, checked and ready to apply.
enum Change {
    Add { name: Option<String>, columns: Vec<String>, unique: bool },
    Drop(String),
    RenameTable { db: String, to: String },
}

fn unquoted(s: impl ToString) -> String {
    s.to_string().trim_matches('`').to_string()
}

fn ddl_ok() -> Response {
    Response::Ok { affected_rows: 0, info: Some("Records: 0  Duplicates: 0  Warnings: 0".into()) }
}

impl Server {
    /// `ALTER TABLE [db.]t op[, op]...`.
    pub(crate) fn alter_table(
        &mut self,
        session: &Session,
        alter: &sqlparser::ast::AlterTable,
        work: &mut crate::sql::execution::Work,
    ) -> Result<Response> {
        let (db, table) = table_name(session, &alter.name)?;
        let Some(t) = self.catalog.table(&db, &table) else {
            return Err(if self.catalog.has_database(&db) {
                MySqlError::no_such_table(&db, &table)
            } else {
                MySqlError::unknown_database(&db)
            });
        };
        // Check every operation against the table as the earlier ones leave it.
        let mut names: Vec<String> =
            t.def.indexes.iter().filter(|i| !i.primary).map(|i| i.name.clone()).collect();
        let mut changes = Vec::new();
        for op in &alter.operations {
            let change = match op {
                Op::AddConstraint { constraint: TableConstraint::Index(i), .. } => Change::Add {
                    name: i.name.as_ref().map(|n| n.value.clone()),
                    columns: i.columns.iter().map(|c| unquoted(&c.column.expr)).collect(),
                    unique: false,
                },
                Op::AddConstraint { constraint: TableConstraint::Unique(u), .. } => Change::Add {
                    name: u.index_name.as_ref().or(u.name.as_ref()).map(|n| n.value.clone()),
                    columns: u.columns.iter().map(|c| unquoted(&c.column.expr)).collect(),
                    unique: true,
                },
                Op::DropIndex { name } => Change::Drop(name.value.clone()),
                Op::RenameTable { table_name: new_name } => {
                    let (RenameTableNameKind::As(n) | RenameTableNameKind::To(n)) = new_name;
                    let (to_db, to) = table_name(session, n)?;
                    Change::RenameTable { db: to_db, to }
                }
                other => {
                    let text = other.to_string();
                    let words: Vec<&str> = text.split_whitespace().take(2).collect();
                    return Err(MySqlError::not_supported_yet(&format!(
                        "ALTER TABLE ... {}",
                        words.join(" ")
                    )));
                }
            };
            match &change {
                Change::Add { name, columns, .. } => {
                    let name = name.clone().unwrap_or_else(|| columns[0].clone());
                    if names.iter().any(|n| n.eq_ignore_ascii_case(&name))
                        || name.eq_ignore_ascii_case("PRIMARY")
                    {
                        return Err(MySqlError::duplicate_key_name(&name));
                    }
                    for c in columns {
                        if t.def.column_position(c).is_none() {
                            return Err(MySqlError::key_column_does_not_exist(c));
                        }
                    }
                    names.push(name);
                }
                Change::Drop(name) => {
                    if name.eq_ignore_ascii_case("PRIMARY") {
                        return Err(MySqlError::not_supported_yet("dropping a primary key"));
                    }
                    let Some(at) = names.iter().position(|n| n.eq_ignore_ascii_case(name)) else {
                        return Err(MySqlError::cannot_drop_key(name));
                    };
                    names.remove(at);
                }
                Change::RenameTable { db: to_db, to } => {
                    if !self.catalog.has_database(to_db) || Catalog::is_system_schema(to_db) {
                        return Err(MySqlError::unknown_database(to_db));
                    }
                    if (to_db != &db || to != &table) && self.catalog.table(to_db, to).is_some() {
                        return Err(MySqlError::table_exists(to));
                    }
                }
            }
            changes.push(change);
        }
        let (mut db, mut table) = (db, table);
        for change in changes {
            match change {
                Change::Add { name, columns, unique } => {
                    self.add_index(&db, &table, name, &columns, unique, work)?;
                }
                Change::Drop(name) => {
                    if let Some(t) = self.catalog.table_mut(&db, &table) {
                        t.drop_index(&name);
                    }
                }
                Change::RenameTable { db: to_db, to } => {
                    self.catalog.rename_table(&db, &table, &to_db, &to);
                    (db, table) = (to_db, to);
                }
            }
        }
        Ok(ddl_ok())
    }

    /// `RENAME TABLE a TO b [, c TO d]...`: each pair in turn, all or none.
    pub(crate) fn rename_tables(
        &mut self,
        session: &Session,
        renames: &[sqlparser::ast::RenameTable],
    ) -> Result<Response> {
        // Check the whole list against the names as the earlier renames leave them.
        let mut pairs = Vec::new();
        let mut gone: Vec<(String, String)> = Vec::new();
        let mut made: Vec<(String, String)> = Vec::new();
        for r in renames {
            let from = table_name(session, &r.old_name)?;
            let to = table_name(session, &r.new_name)?;
            let exists = |name: &(String, String)| {
                made.contains(name)
                    || (!gone.contains(name) && self.catalog.table(&name.0, &name.1).is_some())
            };
            if !exists(&from) {
                return Err(MySqlError::no_such_table(&from.0, &from.1));
            }
            if !self.catalog.has_database(&to.0) || Catalog::is_system_schema(&to.0) {
                return Err(MySqlError::unknown_database(&to.0));
            }
            if exists(&to) {
                return Err(MySqlError::table_exists(&to.1));
            }
            made.retain(|m| m != &from);
            gone.push(from.clone());
            made.push(to.clone());
            pairs.push((from, to));
        }
        for ((db, table), (to_db, to)) in pairs {
            self.catalog.rename_table(&db, &table, &to_db, &to);
        }
        Ok(crate::server::statements::ok(0))
    }
}
