//! The privilege checks a statement passes before it runs: MySQL's errors 1044 (a database),
//! 1045 (GRANT on `*.*` without the GRANT OPTION), 1142 (a table) and 1227 (an administrative
//! privilege), and what SHOW DATABASES lists to an account.

use super::statements::resolve_level;
use super::Account;
use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::parser::account::{AccountName, AccountStatement, PrivLevel};
use crate::sql::parser::{SetTarget, Statement, VarScope};
use sqlparser::ast::{ObjectType, Statement as S};

impl Server {
    /// Checks that `session`'s account may run `stmt`; MySQL's error if not. Root (every
    /// privilege) passes at once.
    pub(crate) fn authorize(&self, session: &Session, stmt: &Statement) -> Result<()> {
        let name = &session.account;
        let Some(account) = self.accounts.get(name) else {
            // Dropped while connected: MySQL checks the privileges it loaded at login; the
            // simulator keeps none for it.
            return Err(MySqlError::database_access_denied(&name.quoted(), "mysql"));
        };
        if account.is_superuser() {
            return Ok(());
        }
        let a = &self.accounts;
        let global_any = |privs: &[&str]| privs.iter().any(|p| a.has_global(name, p));
        let need = |privs: &[&str], text: &str| {
            if global_any(privs) {
                Ok(())
            } else {
                Err(MySqlError::specific_access_denied(text))
            }
        };
        match stmt {
            Statement::Set(assignments) => {
                let global = assignments.iter().any(|x| {
                    matches!(&x.target, SetTarget::System { scope: VarScope::Global, .. })
                        || matches!(&x.target, SetTarget::System { persist: true, .. })
                        || matches!(&x.target, SetTarget::System { persist_only: true, .. })
                });
                if global {
                    need(&["SUPER", "SYSTEM_VARIABLES_ADMIN"], "SUPER or SYSTEM_VARIABLES_ADMIN")?;
                }
                Ok(())
            }
            // An unknown engine's name is 1286 before any privilege is checked (the parser's).
            Statement::ShowEngineStatus { engine }
                if crate::instruments::engines::resolve(engine).is_none() =>
            {
                Ok(())
            }
            Statement::ShowEngineInnodbStatus | Statement::ShowEngineStatus { .. } => {
                need(&["PROCESS"], "PROCESS")
            }
            Statement::BinlogAdmin(admin) => {
                use crate::sql::parser::binlog_admin::BinlogAdmin as B;
                match admin {
                    B::Reset(_) => need(&["RELOAD"], "RELOAD"),
                    B::PurgeTo(_) | B::PurgeBefore(_) => {
                        need(&["SUPER", "BINLOG_ADMIN"], "SUPER or BINLOG_ADMIN")
                    }
                }
            }
            Statement::ShowReplication(_) => {
                need(&["SUPER", "REPLICATION CLIENT"], "SUPER, REPLICATION CLIENT")
            }
            // Without PROCESS an account sees only its own threads.
            Statement::ShowProcesslist { .. } => Ok(()),
            // A session's own profiles.
            Statement::ShowProfiles | Statement::ShowProfile { .. } => Ok(()),
            Statement::UserStatistics { flush: true, .. } => need(&["RELOAD"], "RELOAD"),
            Statement::UserStatistics { flush: false, .. } => Ok(()),
            Statement::Restart => need(&["SHUTDOWN"], "SHUTDOWN"),
            // mysql.plugin is where an installed plugin is registered.
            Statement::InstallPlugin { .. } => {
                self.check_table(session, "INSERT", Some("mysql"), "plugin")
            }
            Statement::UninstallPlugin { .. } => {
                self.check_table(session, "DELETE", Some("mysql"), "plugin")
            }
            Statement::ResetPersist { .. } => {
                need(&["SUPER", "SYSTEM_VARIABLES_ADMIN"], "SUPER or SYSTEM_VARIABLES_ADMIN")
            }
            Statement::Use(db) => self.check_database_use(session, db),
            Statement::ShowCreateDatabase { name, .. } => self.check_database_use(session, name),
            // SHOW TABLES and SHOW TABLE STATUS need some privilege in the database, as USE
            // does (mysqld's check_access / check_grant_db before it lists a table); with no
            // database named or chosen, the statement's own 1046 follows.
            Statement::ShowTables { database, .. }
            | Statement::ShowTableStatus { database, .. } => {
                match database.as_deref().or(session.database.as_deref()) {
                    Some(db) => self.check_database_use(session, db),
                    None => Ok(()),
                }
            }
            Statement::CreateProcedure { database, .. } => {
                let db = database.clone().or_else(|| session.database.clone());
                self.check_database(session, db.as_deref(), "CREATE ROUTINE")
            }
            Statement::CreateTrigger(c) => {
                let db = c.database.clone().or_else(|| session.database.clone());
                self.check_table(session, "TRIGGER", db.as_deref(), &c.trigger.table)
            }
            Statement::DropTrigger { database, .. } => {
                let db = database.clone().or_else(|| session.database.clone());
                self.check_database(session, db.as_deref(), "TRIGGER")
            }
            Statement::DropProcedure { database, .. } => {
                let db = database.clone().or_else(|| session.database.clone());
                self.check_database(session, db.as_deref(), "ALTER ROUTINE")
            }
            Statement::AlterIndexVisibility { database, table, .. }
            | Statement::AlterPartitions { database, table, .. } => {
                let db = database.clone().or_else(|| session.database.clone());
                self.check_table(session, "ALTER", db.as_deref(), table)
            }
            Statement::Account(account_stmt) => match account_stmt {
                AccountStatement::CreateUser { .. } | AccountStatement::DropUser { .. } => {
                    need(&["CREATE USER"], "CREATE USER")
                }
                AccountStatement::FlushPrivileges => {
                    need(&["RELOAD", "FLUSH_PRIVILEGES"], "RELOAD or FLUSH_PRIVILEGES")
                }
                AccountStatement::ShowGrants { user: Some(u) } if *u != session.account => {
                    if a.has_on_database(name, "SELECT", "mysql") {
                        Ok(())
                    } else {
                        Err(MySqlError::database_access_denied(&name.quoted(), "mysql"))
                    }
                }
                AccountStatement::ShowGrants { .. } => Ok(()),
                AccountStatement::Grant { level, .. } | AccountStatement::Revoke { level, .. } => {
                    // Granting needs the GRANT OPTION (and the privileges granted); a plain
                    // account has neither.
                    match resolve_level(session, level)? {
                        PrivLevel::Database(Some(db)) if !account.grant_option => {
                            Err(MySqlError::database_access_denied(&name.quoted(), &db))
                        }
                        _ if !account.grant_option => Err(MySqlError::access_denied(
                            &session.login_user,
                            "localhost",
                            session.used_password,
                        )),
                        _ => Ok(()),
                    }
                }
            },
            // EXPLAIN of a change needs the privileges of the change.
            Statement::Other(other)
            | Statement::ExplainChange(other)
            | Statement::ExplainChangeJson(other)
            | Statement::ExplainChangeTree { change: other, .. } => {
                self.authorize_other(session, other)
            }
            // Queries are checked table by table as their FROM clauses are bound
            // (`check_select`), so that subqueries and views are covered too.
            _ => Ok(()),
        }
    }

    /// The privilege checks of the statements sqlparser reads.
    fn authorize_other(&self, session: &Session, s: &S) -> Result<()> {
        let name = &session.account;
        let table_of = |n: &sqlparser::ast::ObjectName| -> (Option<String>, String) {
            let parts: Vec<String> =
                n.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
            match parts.as_slice() {
                [d, t] => (Some(d.clone()), t.clone()),
                [t] => (session.database.clone(), t.clone()),
                _ => (None, String::new()),
            }
        };
        match s {
            S::Insert(i) => {
                let (db, t) = match &i.table {
                    sqlparser::ast::TableObject::TableName(n) => table_of(n),
                    _ => return Ok(()),
                };
                self.check_table(session, "INSERT", db.as_deref(), &t)
            }
            S::Update(u) => match &u.table.relation {
                sqlparser::ast::TableFactor::Table { name: n, .. } => {
                    let (db, t) = table_of(n);
                    self.check_table(session, "UPDATE", db.as_deref(), &t)
                }
                _ => Ok(()),
            },
            S::Delete(d) => {
                let from = match &d.from {
                    sqlparser::ast::FromTable::WithFromKeyword(f)
                    | sqlparser::ast::FromTable::WithoutKeyword(f) => f,
                };
                for twj in from {
                    if let sqlparser::ast::TableFactor::Table { name: n, .. } = &twj.relation {
                        let (db, t) = table_of(n);
                        self.check_table(session, "DELETE", db.as_deref(), &t)?;
                    }
                }
                Ok(())
            }
            S::Truncate(t) => {
                for target in &t.table_names {
                    let (db, table) = table_of(&target.name);
                    self.check_table(session, "DROP", db.as_deref(), &table)?;
                }
                Ok(())
            }
            S::CreateTable(ct) => {
                let (db, t) = table_of(&ct.name);
                self.check_table(session, "CREATE", db.as_deref(), &t)
            }
            S::CreateView(v) => {
                let (db, t) = table_of(&v.name);
                self.check_table(session, "CREATE VIEW", db.as_deref(), &t)
            }
            S::CreateIndex(ci) => {
                let (db, t) = table_of(&ci.table_name);
                self.check_table(session, "INDEX", db.as_deref(), &t)
            }
            S::CreateDatabase { db_name, .. } => {
                let db = db_name.to_string().trim_matches('`').to_string();
                self.check_database(session, Some(&db), "CREATE")
            }
            S::Drop { object_type: ObjectType::Database | ObjectType::Schema, names, .. } => {
                for n in names {
                    let db = n.to_string().trim_matches('`').to_string();
                    self.check_database(session, Some(&db), "DROP")?;
                }
                Ok(())
            }
            S::Drop { object_type: ObjectType::Table | ObjectType::View, names, .. } => {
                for n in names {
                    let (db, t) = table_of(n);
                    self.check_table(session, "DROP", db.as_deref(), &t)?;
                }
                Ok(())
            }
            S::Flush { .. } => {
                let a = &self.accounts;
                if ["RELOAD", "FLUSH_STATUS", "FLUSH_TABLES"].iter().any(|p| a.has_global(name, p))
                {
                    Ok(())
                } else {
                    Err(MySqlError::specific_access_denied("RELOAD or FLUSH_STATUS"))
                }
            }
            _ => Ok(()),
        }
    }

    /// 1142 unless the session's account holds `privilege` on `db`'s tables. A missing
    /// database is left to the statement to report.
    pub(crate) fn check_table(
        &self,
        session: &Session,
        privilege: &str,
        db: Option<&str>,
        table: &str,
    ) -> Result<()> {
        let Some(db) = db else { return Ok(()) };
        let name = &session.account;
        if self.accounts.get(name).is_some_and(Account::is_superuser) {
            return Ok(());
        }
        let lower = db.to_ascii_lowercase();
        // information_schema shows every account what it may see; performance_schema's status
        // and variable tables are readable by everyone (`pfs_readonly_world_acl`).
        let world_readable = lower == "information_schema"
            || (lower == "performance_schema"
                && privilege == "SELECT"
                && (table.ends_with("_status") || table.ends_with("_variables")));
        if world_readable || self.accounts.has_on_database(name, privilege, db) {
            return Ok(());
        }
        // 1142 names the account's user at the client's host (`host_or_ip`), where 1044 names
        // the account's own host pattern (`priv_host`).
        let who = AccountName::new(&name.user, "localhost").quoted();
        Err(MySqlError::table_access_denied(privilege, &who, table))
    }

    /// The SELECT check of one table a query reads.
    pub(crate) fn check_select(&self, session: &Session, db: &str, table: &str) -> Result<()> {
        self.check_table(session, "SELECT", Some(db), table)
    }

    /// 1044 unless the session's account holds `privilege` on database `db`.
    fn check_database(&self, session: &Session, db: Option<&str>, privilege: &str) -> Result<()> {
        let Some(db) = db else { return Ok(()) };
        if self.accounts.has_on_database(&session.account, privilege, db) {
            return Ok(());
        }
        Err(MySqlError::database_access_denied(&session.account.quoted(), db))
    }

    /// Whether SHOW DATABASES lists `db` to the session's account: every database with SHOW
    /// DATABASES or a global privilege, else the schemas everyone may read and those it holds
    /// a privilege on.
    pub(crate) fn may_see_database(&self, session: &Session, db: &str) -> bool {
        let Some(a) = self.accounts.get(&session.account) else { return false };
        let lower = db.to_ascii_lowercase();
        !a.global.is_empty()
            || lower == "information_schema"
            || lower == "performance_schema"
            || a.databases.get(db).is_some_and(|d| !d.is_empty())
    }

    /// `USE db`: 1044 unless the account holds some privilege there.
    fn check_database_use(&self, session: &Session, db: &str) -> Result<()> {
        let lower = db.to_ascii_lowercase();
        if lower == "information_schema" || lower == "performance_schema" {
            return Ok(());
        }
        let Some(a) = self.accounts.get(&session.account) else { return Ok(()) };
        if !a.global.is_empty() || a.databases.get(db).is_some_and(|d| !d.is_empty()) {
            return Ok(());
        }
        Err(MySqlError::database_access_denied(&session.account.quoted(), db))
    }
}
