//! The account statements: CREATE USER, DROP USER, GRANT, REVOKE, SHOW GRANTS and FLUSH
//! PRIVILEGES, run against the grant tables of `mod.rs`.

use super::{auth_string, Account, DYNAMIC_PRIVILEGES, STATIC_PRIVILEGES};
use crate::error::{MySqlError, Result, Warning};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::parser::account::{AccountStatement, PrivLevel, PrivList};
use crate::sql::{Column, Response, ResultSet, Value};
use std::collections::BTreeSet;

/// The privileges a list names, checked against MySQL's names: (static, dynamic).
pub(super) fn resolve_privileges(
    list: &PrivList,
    level: &PrivLevel,
) -> Result<(BTreeSet<&'static str>, BTreeSet<&'static str>)> {
    let global = matches!(level, PrivLevel::Global);
    let mut statics = BTreeSet::new();
    let mut dynamics = BTreeSet::new();
    match list {
        PrivList::All => {
            statics.extend(STATIC_PRIVILEGES.iter().filter(|p| global || p.2).map(|p| p.0));
            if global {
                dynamics.extend(DYNAMIC_PRIVILEGES.iter().copied());
            }
        }
        PrivList::Named(names) => {
            for name in names {
                if let Some(p) = STATIC_PRIVILEGES.iter().find(|p| p.0 == name) {
                    if !global && !p.2 {
                        return Err(MySqlError::db_grant_of_global_privilege());
                    }
                    statics.insert(p.0);
                } else if let Some(d) = DYNAMIC_PRIVILEGES.iter().find(|d| **d == name) {
                    if !global {
                        return Err(MySqlError::illegal_privilege_level(d));
                    }
                    dynamics.insert(*d);
                } else if name == "USAGE" {
                } else {
                    return Err(MySqlError::syntax(name, 1));
                }
            }
        }
    }
    Ok((statics, dynamics))
}

impl Server {
    /// Runs an account statement for `session`.
    pub(crate) fn run_account_statement(
        &mut self,
        session: &mut Session,
        stmt: &AccountStatement,
    ) -> Result<Response> {
        let changed = self.clock.wall_clock().datetime();
        let seed = self.clock.seed();
        let accounts = &mut self.accounts;
        match stmt {
            AccountStatement::CreateUser { if_not_exists, users } => {
                let existing: Vec<String> = users
                    .iter()
                    .filter(|(n, _)| accounts.users.contains_key(n))
                    .map(|(n, _)| n.quoted())
                    .collect();
                if !existing.is_empty() && !if_not_exists {
                    return Err(MySqlError::cannot_user("CREATE USER", &existing.join(",")));
                }
                for (name, password) in users {
                    if accounts.users.contains_key(name) {
                        session.warn(Warning {
                            level: "Note",
                            code: 3163,
                            message: format!("Authorization ID {} already exists.", name.quoted()),
                        });
                        continue;
                    }
                    let pw = password.clone().unwrap_or_default();
                    let auth = if pw.is_empty() {
                        String::new()
                    } else {
                        auth_string(seed, &name.quoted(), &pw)
                    };
                    accounts.users.insert(name.clone(), Account::new(Some(pw), auth, &changed));
                }
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            AccountStatement::DropUser { if_exists, users } => {
                let missing: Vec<String> = users
                    .iter()
                    .filter(|n| !accounts.users.contains_key(*n))
                    .map(|n| n.quoted())
                    .collect();
                if !missing.is_empty() && !if_exists {
                    return Err(MySqlError::cannot_user("DROP USER", &missing.join(",")));
                }
                for name in users {
                    if accounts.users.remove(name).is_none() {
                        session.warn(Warning {
                            level: "Note",
                            code: 3162,
                            message: format!("Authorization ID {} does not exist.", name.quoted()),
                        });
                    }
                    accounts.verified.remove(name);
                }
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            AccountStatement::Grant { privileges, level, users, grant_option } => {
                let level = resolve_level(session, level)?;
                let (statics, dynamics) = resolve_privileges(privileges, &level)?;
                if users.iter().any(|n| !accounts.users.contains_key(n)) {
                    return Err(MySqlError::cannot_create_user_with_grant());
                }
                for name in users {
                    let Some(a) = accounts.users.get_mut(name) else { continue };
                    match &level {
                        PrivLevel::Database(Some(db)) => {
                            a.databases.entry(db.clone()).or_default().extend(&statics)
                        }
                        _ => {
                            a.global.extend(&statics);
                            a.dynamic.extend(&dynamics);
                            a.grant_option |= *grant_option;
                        }
                    }
                }
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            AccountStatement::Revoke { privileges, level, users } => {
                let level = resolve_level(session, level)?;
                let (statics, dynamics) = resolve_privileges(privileges, &level)?;
                for name in users {
                    let Some(a) = accounts.users.get_mut(name) else {
                        return Err(MySqlError::no_such_grant(&name.user, &name.host));
                    };
                    match &level {
                        PrivLevel::Database(Some(db)) => {
                            let Some(held) = a.databases.get_mut(db) else {
                                return Err(MySqlError::no_such_grant(&name.user, &name.host));
                            };
                            held.retain(|p| !statics.contains(p));
                            if held.is_empty() {
                                a.databases.remove(db);
                            }
                        }
                        _ => {
                            a.global.retain(|p| !statics.contains(p));
                            a.dynamic.retain(|p| !dynamics.contains(p));
                            if matches!(privileges, PrivList::All) {
                                a.grant_option = false;
                            }
                        }
                    }
                }
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            AccountStatement::ShowGrants { user } => {
                let name = user.clone().unwrap_or_else(|| session.account.clone());
                if !accounts.users.contains_key(&name) {
                    return Err(MySqlError::no_such_grant(&name.user, &name.host));
                }
                let rows =
                    accounts.grant_lines(&name).into_iter().map(|l| vec![Value::Str(l)]).collect();
                let title = format!("Grants for {}@{}", name.user, name.host);
                Ok(Response::Rows(ResultSet {
                    columns: vec![Column::text(&title)],
                    rows,
                    unshown: 0,
                }))
            }
            AccountStatement::FlushPrivileges => {
                accounts.clear_cache();
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
        }
    }
}

/// `ON *` means the current database; without one it is MySQL's 1046.
pub(super) fn resolve_level(session: &Session, level: &PrivLevel) -> Result<PrivLevel> {
    match level {
        PrivLevel::Database(None) => match &session.database {
            Some(db) => Ok(PrivLevel::Database(Some(db.clone()))),
            None => Err(MySqlError::no_database_selected()),
        },
        PrivLevel::Table(..) => Err(MySqlError::not_supported_yet("table-level privileges")),
        other => Ok(other.clone()),
    }
}
