//! Accounts and privileges: the grant tables (`mysql.user` and the database-level grants),
//! authentication with `caching_sha2_password` and its cache of verified logins, the
//! privilege checks statements pass before they run (errors 1044, 1045, 1142, 1227), and the
//! account statements (CREATE USER, DROP USER, GRANT, REVOKE, SHOW GRANTS, FLUSH PRIVILEGES).
//! This file holds the grant tables and authentication; `statements.rs` runs the account
//! statements, `authorize.rs` the checks.
//!
//! ```text
//!   connect(user, password) ── match 'user'@'localhost' (exact host before '%') ── 1045
//!        └─ caching_sha2_password: account in the cache? fast path : full authentication
//!   statement ── authorize(session, stmt) ── 1044 / 1142 / 1227 ── dispatch
//! ```
//!
//! Simplifications: grants are kept at the global and database levels (no table, column,
//! routine or proxy grants, no roles); every client connects from the host itself, over the
//! UNIX socket or TCP to 127.0.0.1, which resolves to `localhost`, so the client's host is
//! always `localhost`; root's password is not checked (the simulator does not
//! know the one the container was started with); the authentication string is built from the
//! seed and the password, shaped as MySQL's (`$A$005$`, 20 salt characters, 43 digest
//! characters) but not the SHA-256 crypt digest itself, and its salt keeps to printable
//! characters so a transcript stays readable.

use crate::error::{MySqlError, Result};
use crate::instruments::system_tables::MYSQL_USER_COLUMNS;
use crate::server::Server;
use crate::sql::parser::account::AccountName;
use crate::sql::Value;
use std::collections::{BTreeMap, BTreeSet};

mod authorize;
mod statements;

/// The static privileges in the order SHOW GRANTS lists them, each with its `mysql.user`
/// column and whether it can be granted on a database (`db.*`).
pub const STATIC_PRIVILEGES: [(&str, &str, bool); 30] = [
    ("SELECT", "Select_priv", true),
    ("INSERT", "Insert_priv", true),
    ("UPDATE", "Update_priv", true),
    ("DELETE", "Delete_priv", true),
    ("CREATE", "Create_priv", true),
    ("DROP", "Drop_priv", true),
    ("RELOAD", "Reload_priv", false),
    ("SHUTDOWN", "Shutdown_priv", false),
    ("PROCESS", "Process_priv", false),
    ("FILE", "File_priv", false),
    ("REFERENCES", "References_priv", true),
    ("INDEX", "Index_priv", true),
    ("ALTER", "Alter_priv", true),
    ("SHOW DATABASES", "Show_db_priv", false),
    ("SUPER", "Super_priv", false),
    ("CREATE TEMPORARY TABLES", "Create_tmp_table_priv", true),
    ("LOCK TABLES", "Lock_tables_priv", true),
    ("EXECUTE", "Execute_priv", true),
    ("REPLICATION SLAVE", "Repl_slave_priv", false),
    ("REPLICATION CLIENT", "Repl_client_priv", false),
    ("CREATE VIEW", "Create_view_priv", true),
    ("SHOW VIEW", "Show_view_priv", true),
    ("CREATE ROUTINE", "Create_routine_priv", true),
    ("ALTER ROUTINE", "Alter_routine_priv", true),
    ("CREATE USER", "Create_user_priv", false),
    ("EVENT", "Event_priv", true),
    ("TRIGGER", "Trigger_priv", true),
    ("CREATE TABLESPACE", "Create_tablespace_priv", false),
    ("CREATE ROLE", "Create_role_priv", false),
    ("DROP ROLE", "Drop_role_priv", false),
];

/// The dynamic privileges a MySQL 9.7 server registers (components and plugins add more), in
/// the alphabetical order SHOW GRANTS lists them.
pub const DYNAMIC_PRIVILEGES: [&str; 41] = [
    "ALLOW_NONEXISTENT_DEFINER",
    "APPLICATION_PASSWORD_ADMIN",
    "AUDIT_ABORT_EXEMPT",
    "AUDIT_ADMIN",
    "AUTHENTICATION_POLICY_ADMIN",
    "BACKUP_ADMIN",
    "BINLOG_ADMIN",
    "BINLOG_ENCRYPTION_ADMIN",
    "CLONE_ADMIN",
    "CONNECTION_ADMIN",
    "CREATE_SPATIAL_REFERENCE_SYSTEM",
    "ENCRYPTION_KEY_ADMIN",
    "FIREWALL_EXEMPT",
    "FLUSH_OPTIMIZER_COSTS",
    "FLUSH_PRIVILEGES",
    "FLUSH_STATUS",
    "FLUSH_TABLES",
    "FLUSH_USER_RESOURCES",
    "GROUP_REPLICATION_ADMIN",
    "GROUP_REPLICATION_STREAM",
    "INNODB_REDO_LOG_ARCHIVE",
    "INNODB_REDO_LOG_ENABLE",
    "OPTIMIZE_LOCAL_TABLE",
    "PASSWORDLESS_USER_ADMIN",
    "PERSIST_RO_VARIABLES_ADMIN",
    "REPLICATION_APPLIER",
    "REPLICATION_SLAVE_ADMIN",
    "RESOURCE_GROUP_ADMIN",
    "RESOURCE_GROUP_USER",
    "ROLE_ADMIN",
    "SENSITIVE_VARIABLES_OBSERVER",
    "SERVICE_CONNECTION_ADMIN",
    "SESSION_VARIABLES_ADMIN",
    "SET_ANY_DEFINER",
    "SHOW_ROUTINE",
    "SYSTEM_USER",
    "SYSTEM_VARIABLES_ADMIN",
    "TABLE_ENCRYPTION_ADMIN",
    "TELEMETRY_LOG_ADMIN",
    "TRANSACTION_GTID_TAG",
    "XA_RECOVER_ADMIN",
];

/// The authentication string of the system accounts MySQL creates locked
/// (`mysql.infoschema`, `mysql.session`, `mysql.sys`): no password can match it.
const INVALID_AUTH_STRING: &str =
    "$A$005$THISISACOMBINATIONOFINVALIDSALTANDPASSWORDTHATMUSTNEVERBRBEUSED";

/// One row of `mysql.user` with the account's database-level grants.
#[derive(Clone, Debug)]
pub struct Account {
    /// The password, or None where the simulator does not check it (root).
    password: Option<String>,
    /// `mysql.user.authentication_string`.
    auth_string: String,
    /// Static privileges granted on `*.*`, by SHOW GRANTS name.
    global: BTreeSet<&'static str>,
    /// Dynamic privileges (always global).
    dynamic: BTreeSet<&'static str>,
    /// `WITH GRANT OPTION` on `*.*`.
    grant_option: bool,
    /// Privileges granted on `db.*`, by database name.
    databases: BTreeMap<String, BTreeSet<&'static str>>,
    /// `account_locked`
    locked: bool,
    /// `password_last_changed`, as the server's clock showed it.
    password_changed: String,
    /// Root's `GRANT PROXY ON ''@''` line (SHOW GRANTS only).
    proxy: bool,
}

impl Account {
    fn new(password: Option<String>, auth_string: String, changed: &str) -> Account {
        Account {
            password,
            auth_string,
            global: BTreeSet::new(),
            dynamic: BTreeSet::new(),
            grant_option: false,
            databases: BTreeMap::new(),
            locked: false,
            password_changed: changed.to_string(),
            proxy: false,
        }
    }

    /// Whether the account holds every privilege (root): checks can be skipped.
    fn is_superuser(&self) -> bool {
        self.global.len() == STATIC_PRIVILEGES.len()
    }
}

/// The grant tables and caching_sha2_password's cache. They live on the simulated disk, so
/// they survive restarts; the cache does not.
#[derive(Clone, Debug)]
pub struct Accounts {
    users: BTreeMap<AccountName, Account>,
    /// Accounts that logged in with a full authentication since the start or the last
    /// FLUSH PRIVILEGES: caching_sha2_password's fast path serves them from memory.
    verified: BTreeSet<AccountName>,
}

/// How a login went through caching_sha2_password.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Authentication {
    /// The account was not in the cache: the password was checked against the stored
    /// SHA-256 crypt digest (`caching_sha2_password_digest_rounds`, 5,000 rounds).
    Full,
    /// Served from the cache of verified logins: one scramble exchange and two SHA-256.
    Fast,
}

/// What a successful login gives the connection.
#[derive(Clone, Debug)]
pub struct Login {
    pub account: AccountName,
    pub authentication: Authentication,
    /// Whether the account may take the slot kept past `max_connections`.
    pub connection_admin: bool,
}

impl Accounts {
    /// The accounts of a freshly initialised mysql:9.7 container: `root` at `localhost` and
    /// at `%` (the image's MYSQL_ROOT_HOST default), and the three locked system accounts.
    pub fn initial(changed: &str) -> Accounts {
        let mut users = BTreeMap::new();
        for host in ["%", "localhost"] {
            let mut root = Account::new(None, root_auth_string(host), changed);
            root.global = STATIC_PRIVILEGES.iter().map(|p| p.0).collect();
            root.dynamic = DYNAMIC_PRIVILEGES.iter().copied().collect();
            root.grant_option = true;
            root.proxy = host == "localhost";
            users.insert(AccountName::new("root", host), root);
        }
        let system: [(&str, &[&'static str]); 3] = [
            ("mysql.infoschema", &["SELECT"]),
            ("mysql.session", &["SHUTDOWN", "SUPER"]),
            ("mysql.sys", &[]),
        ];
        for (user, privileges) in system {
            let mut a = Account::new(Some(String::new()), INVALID_AUTH_STRING.into(), changed);
            a.global = privileges.iter().copied().collect();
            a.locked = true;
            users.insert(AccountName::new(user, "localhost"), a);
        }
        Accounts { users, verified: BTreeSet::new() }
    }

    /// Empties caching_sha2_password's cache (a server start, FLUSH PRIVILEGES).
    pub fn clear_cache(&mut self) {
        self.verified.clear();
    }

    /// The account a client logging in as `user` from `localhost` gets: an exact host
    /// before a pattern (MySQL sorts the accounts by how specific their host is).
    fn matching(&self, user: &str) -> Option<(&AccountName, &Account)> {
        let exact = AccountName::new(user, "localhost");
        if let Some(a) = self.users.get_key_value(&exact) {
            return Some(a);
        }
        self.users.iter().find(|(n, _)| n.user == user && host_matches(&n.host, "localhost"))
    }

    /// Authenticates `user` from `localhost` with `password` (None: no password given).
    /// Returns 1045 when no account matches or the password is wrong.
    ///
    /// Simplification: the cache holds the account from its first login on, so logins that
    /// race the first one (clients connecting in the same instant) take the fast path; in
    /// MySQL each does a full authentication until one has finished and filled the cache.
    pub fn authenticate(&mut self, user: &str, password: Option<&str>) -> Result<Login> {
        let denied = || MySqlError::access_denied(user, "localhost", password.is_some());
        let (name, account) = self.matching(user).ok_or_else(denied)?;
        let given = password.unwrap_or("");
        if account.locked || account.password.as_deref().is_some_and(|p| p != given) {
            return Err(denied());
        }
        let name = name.clone();
        let connection_admin =
            account.dynamic.contains("CONNECTION_ADMIN") || account.global.contains("SUPER");
        let authentication = if self.verified.insert(name.clone()) {
            Authentication::Full
        } else {
            Authentication::Fast
        };
        Ok(Login { account: name, authentication, connection_admin })
    }

    fn get(&self, name: &AccountName) -> Option<&Account> {
        self.users.get(name)
    }

    /// Whether `name` holds the static privilege `privilege` on `db` (globally or there).
    pub fn has_on_database(&self, name: &AccountName, privilege: &str, db: &str) -> bool {
        self.get(name).is_some_and(|a| {
            a.global.contains(privilege)
                || a.databases.get(db).is_some_and(|d| d.contains(privilege))
        })
    }

    /// Whether `name` holds the global privilege `privilege` (static or dynamic).
    pub fn has_global(&self, name: &AccountName, privilege: &str) -> bool {
        self.get(name)
            .is_some_and(|a| a.global.contains(privilege) || a.dynamic.contains(privilege))
    }

    /// `mysql.user`'s rows in `MYSQL_USER_COLUMNS`' order, by host and user (the table's
    /// primary key).
    pub fn user_table(&self) -> Vec<Vec<Value>> {
        let yn = |b: bool| Value::Str(if b { "Y" } else { "N" }.into());
        let mut keyed: Vec<(&AccountName, &Account)> = self.users.iter().collect();
        keyed.sort_by(|a, b| (&a.0.host, &a.0.user).cmp(&(&b.0.host, &b.0.user)));
        keyed
            .into_iter()
            .map(|(n, a)| {
                MYSQL_USER_COLUMNS
                    .iter()
                    .map(|(col, _, _)| match *col {
                        "Host" => Value::Str(n.host.clone()),
                        "User" => Value::Str(n.user.clone()),
                        "Grant_priv" => yn(a.grant_option),
                        "ssl_type" | "ssl_cipher" | "x509_issuer" | "x509_subject" => {
                            Value::Str(String::new())
                        }
                        "max_questions"
                        | "max_updates"
                        | "max_connections"
                        | "max_user_connections" => Value::UInt(0),
                        "plugin" => Value::Str("caching_sha2_password".into()),
                        "authentication_string" => Value::Str(a.auth_string.clone()),
                        "password_expired" => yn(false),
                        "password_last_changed" => Value::Str(a.password_changed.clone()),
                        // No password policy or attributes of the account's own.
                        "password_lifetime"
                        | "Password_reuse_history"
                        | "Password_reuse_time"
                        | "Password_require_current"
                        | "User_attributes" => Value::Null,
                        "account_locked" => yn(a.locked),
                        priv_col => yn(STATIC_PRIVILEGES
                            .iter()
                            .any(|p| p.1 == priv_col && a.global.contains(p.0))),
                    })
                    .collect()
            })
            .collect()
    }

    /// SHOW GRANTS's lines for `name`, in MySQL's order: global static privileges (or
    /// USAGE), global dynamic privileges, root's PROXY line, then one line per database.
    fn grant_lines(&self, name: &AccountName) -> Vec<String> {
        let Some(a) = self.get(name) else { return Vec::new() };
        let to = name.backticked();
        let with = if a.grant_option { " WITH GRANT OPTION" } else { "" };
        let mut lines = Vec::new();
        let global: Vec<&str> =
            STATIC_PRIVILEGES.iter().map(|p| p.0).filter(|p| a.global.contains(p)).collect();
        if global.is_empty() {
            lines.push(format!("GRANT USAGE ON *.* TO {to}{with}"));
        } else {
            lines.push(format!("GRANT {} ON *.* TO {to}{with}", global.join(", ")));
        }
        if !a.dynamic.is_empty() {
            let dynamic: Vec<&str> = a.dynamic.iter().copied().collect();
            lines.push(format!("GRANT {} ON *.* TO {to}{with}", dynamic.join(",")));
        }
        if a.proxy {
            lines.push(format!("GRANT PROXY ON ``@`` TO {to} WITH GRANT OPTION"));
        }
        let db_all: Vec<&str> = STATIC_PRIVILEGES.iter().filter(|p| p.2).map(|p| p.0).collect();
        for (db, privs) in &a.databases {
            let text = if db_all.iter().all(|p| privs.contains(p)) {
                "ALL PRIVILEGES".to_string()
            } else {
                db_all.iter().filter(|p| privs.contains(*p)).copied().collect::<Vec<_>>().join(", ")
            };
            lines.push(format!("GRANT {text} ON `{db}`.* TO {to}"));
        }
        lines
    }
}

/// Whether the account host pattern `pattern` (`%` and `_` wildcards) matches `host`.
pub fn host_matches(pattern: &str, host: &str) -> bool {
    crate::sql::expr::LikePattern::new(pattern, '\\').matches(host)
}

/// The authentication string of a root account: a fixed digest per host (the simulator does
/// not know the container's root password).
fn root_auth_string(host: &str) -> String {
    auth_string(0, &format!("root@{host}"), "")
}

/// An authentication string shaped as caching_sha2_password stores it: `$A$005$`, 20
/// characters of salt, 43 characters of digest in crypt's base-64 alphabet. Built from the
/// seed, the account and the password with a seeded stream (see the module's note).
fn auth_string(seed: u64, account: &str, password: &str) -> String {
    const CRYPT64: &[u8] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    // Printable salt characters other than '$', as the note explains.
    const SALT: &[u8] = b"!#%&()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_abcdefghijklmnopqrstuvwxyz{|}~";
    let mut rng =
        crate::sim::rng::SimRng::derive_named(seed, &format!("caching_sha2 {account} {password}"));
    let mut s = String::from("$A$005$");
    for _ in 0..20 {
        s.push(char::from(SALT[rng.below(SALT.len() as u64) as usize]));
    }
    for _ in 0..43 {
        s.push(char::from(CRYPT64[rng.below(64) as usize]));
    }
    s
}

impl Server {
    /// `mysql.user`'s rows, for the system tables.
    pub(crate) fn mysql_user_table(&self) -> Vec<Vec<Value>> {
        self.accounts.user_table()
    }
}

#[cfg(test)]
mod tests {
    use super::statements::resolve_privileges;
    use super::*;
    use crate::sql::parser::account::{PrivLevel, PrivList};

    #[test]
    fn host_patterns_and_logins() {
        assert!(host_matches("%", "localhost"));
        assert!(host_matches("local%", "localhost"));
        assert!(!host_matches("10.%", "localhost"));
        let mut a = Accounts::initial("2026-09-23 08:00:00");
        let mut app = Account::new(Some("pw".into()), auth_string(42, "'app'@'%'", "pw"), "");
        app.databases.insert("shop".into(), ["SELECT"].into_iter().collect());
        a.users.insert(AccountName::new("app", "%"), app);
        assert_eq!(a.authenticate("app", Some("pw")).unwrap().authentication, Authentication::Full);
        let again = a.authenticate("app", Some("pw")).unwrap();
        assert_eq!(again.authentication, Authentication::Fast);
        assert_eq!(again.account, AccountName::new("app", "%"));
        assert!(!again.connection_admin);
        let e = a.authenticate("app", Some("wrong")).unwrap_err();
        assert_eq!(e.message, "Access denied for user 'app'@'localhost' (using password: YES)");
        let e = a.authenticate("nobody", None).unwrap_err();
        assert_eq!(e.message, "Access denied for user 'nobody'@'localhost' (using password: NO)");
        assert!(a.authenticate("mysql.sys", None).is_err(), "locked");
        assert!(a.authenticate("root", None).unwrap().connection_admin);
        a.clear_cache();
        assert_eq!(a.authenticate("app", Some("pw")).unwrap().authentication, Authentication::Full);
        assert!(a.has_on_database(&AccountName::new("app", "%"), "SELECT", "shop"));
        assert!(!a.has_on_database(&AccountName::new("app", "%"), "INSERT", "shop"));
    }

    #[test]
    fn auth_strings_have_mysqls_shape_and_depend_on_the_password() {
        let s = auth_string(42, "'app'@'localhost'", "pw");
        assert_eq!(s.len(), 70);
        assert!(s.starts_with("$A$005$"));
        assert!(!s[7..].contains('$'));
        assert_ne!(s, auth_string(42, "'app'@'localhost'", "pw2"));
        assert_eq!(s, auth_string(42, "'app'@'localhost'", "pw"));
    }

    #[test]
    fn grant_lines_follow_show_grants() {
        let mut a = Accounts::initial("");
        let root = a.grant_lines(&AccountName::new("root", "localhost"));
        assert_eq!(root.len(), 3);
        assert!(root[0].starts_with("GRANT SELECT, INSERT, UPDATE, DELETE, CREATE, DROP, RELOAD"));
        assert!(root[0].ends_with("DROP ROLE ON *.* TO `root`@`localhost` WITH GRANT OPTION"));
        assert!(root[1].starts_with("GRANT ALLOW_NONEXISTENT_DEFINER,APPLICATION_PASSWORD_ADMIN,"));
        assert_eq!(root[2], "GRANT PROXY ON ``@`` TO `root`@`localhost` WITH GRANT OPTION");
        let mut app = Account::new(Some(String::new()), String::new(), "");
        let (s, _) =
            resolve_privileges(&PrivList::All, &PrivLevel::Database(Some("x".into()))).unwrap();
        app.databases.insert("shop".into(), s);
        a.users.insert(AccountName::new("app", "localhost"), app);
        assert_eq!(
            a.grant_lines(&AccountName::new("app", "localhost")),
            vec![
                "GRANT USAGE ON *.* TO `app`@`localhost`".to_string(),
                "GRANT ALL PRIVILEGES ON `shop`.* TO `app`@`localhost`".to_string(),
            ]
        );
        assert_eq!(
            resolve_privileges(
                &PrivList::Named(vec!["PROCESS".into()]),
                &PrivLevel::Database(Some("x".into()))
            )
            .unwrap_err()
            .code,
            1221
        );
        assert_eq!(
            resolve_privileges(
                &PrivList::Named(vec!["CONNECTION_ADMIN".into()]),
                &PrivLevel::Database(Some("x".into()))
            )
            .unwrap_err()
            .code,
            3619
        );
    }
}
