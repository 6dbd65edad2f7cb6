//! What the advisor reads from the server, read the way MySQLTuner reads it: it sends
//! MySQLTuner's statements (`statements.rs`), each a `mysql -Bse "..."` of its own, so each is a
//! connection, a login and a statement that the server counts (`Connections`, `Questions`,
//! `Com_*`, Slow_queries, the slow log and the Performance Schema see the advisor as they see
//! MySQLTuner), and keeps what the checks read from the answers. Variables come from `SHOW
//! VARIABLES` then `SHOW GLOBAL VARIABLES` (the global values win), status from `SHOW STATUS`
//! then `SHOW GLOBAL STATUS`, the sixth statement: what the rest send is counted only by a
//! later run.
//!
//! The host's facts MySQLTuner takes from the operating system (`/proc/meminfo`, the CPU
//! count) come from the simulated host: the machine's RAM, not the container's limit, as a
//! process reading `/proc/meminfo` inside a container sees it.
//!
//! Simplification: MySQLTuner's other-process memory (a `ps` over the host) is 0 here: the
//! simulated host runs nothing but mysqld.

use super::statements::{self, Each, Reads, STATEMENTS};
use crate::server::Server;
use crate::sql::Response;
use std::collections::BTreeMap;

/// A statement MySQL refuses, as MySQLTuner prints it ("Failed to execute: ...").
#[derive(Clone, Debug, Default)]
pub struct Failure {
    /// The sub that sent it (where the report prints the failure).
    pub sub: &'static str,
    /// Its text as MySQLTuner prints it.
    pub sql: String,
}

/// Everything the checks read.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// Server variables by name (lower case, as SHOW VARIABLES names them).
    pub vars: BTreeMap<String, String>,
    /// Status counters by name.
    pub status: BTreeMap<String, String>,
    /// `SELECT VERSION()`.
    pub version: String,
    /// InnoDB data + index bytes of the user tables, and their number.
    pub innodb_bytes: f64,
    pub innodb_tables: u64,
    /// Tables with free space (`DATA_FREE > 0`).
    pub fragmented_tables: u64,
    /// `SELECT COUNT(*) FROM information_schema.tables`.
    pub total_tables: u64,
    /// The Performance Schema's own memory.
    pub pfs_memory: f64,
    /// The sys schema answers.
    pub sys_installed: bool,
    /// The session's `Ssl_cipher` (empty over the UNIX socket and unencrypted TCP).
    pub ssl_cipher: String,
    /// Accounts as `'user'@'host'`: with an empty user; with no password; with host `%`.
    /// None when the query failed (an account without SELECT on mysql.user).
    pub anonymous: Option<Vec<String>>,
    pub without_password: Option<Vec<String>>,
    pub any_host: Option<Vec<String>>,
    /// SHOW DATABASES.
    pub databases: Vec<String>,
    /// information_schema.ENGINES: (ENGINE, SUPPORT) in name order.
    pub engines: Vec<(String, String)>,
    /// mysql.user has a password column MySQLTuner knows (else its security section stops).
    pub auth_column: bool,
    /// `--skippassword`: the password checks are not run.
    pub skippassword: bool,
    /// The statements that failed as they fail on MySQL, in order (MySQLTuner prints each).
    pub failures: Vec<Failure>,
    /// The host's RAM and CPUs.
    pub physical_memory: f64,
    pub cpu_cores: u64,
}

impl Facts {
    /// A variable as a number (ON/OFF as 1/0), 0 when absent.
    pub fn var(&self, name: &str) -> f64 {
        number(self.vars.get(name))
    }

    /// A variable's text, "" when absent.
    pub fn var_text(&self, name: &str) -> &str {
        self.vars.get(name).map_or("", String::as_str)
    }

    /// A status counter as a number, 0 when absent.
    pub fn stat(&self, name: &str) -> f64 {
        number(self.status.get(name))
    }
}

fn number(v: Option<&String>) -> f64 {
    match v.map(|s| s.trim()) {
        Some("ON") | Some("YES") => 1.0,
        Some(s) => s.parse().unwrap_or(0.0),
        None => 0.0,
    }
}

/// A login to the server, used once per query.
pub struct Login {
    pub user: String,
    pub password: Option<String>,
    /// The socket, or TCP (with TLS by default) when the options name another host.
    pub transport: crate::server::transport::Transport,
}

/// Why the advisor could not read the server.
pub enum ReadError {
    /// The login failed (MySQLTuner's "Attempted to use login credentials, but they were
    /// invalid").
    Login,
    /// The server is down.
    Down,
}

impl Login {
    /// Runs `sql` on a connection of its own, as `mysql -Bse`: the rows as text (NULL as
    /// "NULL"), None when it fails (MySQLTuner goes on with an empty answer).
    pub fn try_select(&self, server: &mut Server, sql: &str) -> Option<Vec<Vec<String>>> {
        let c = server.connect_over(&self.user, self.password.as_deref(), self.transport).ok()?;
        let done = server.execute(c.id, sql);
        server.disconnect(c.id);
        match done.result {
            Ok(Response::Rows(rs)) => Some(
                rs.rows
                    .iter()
                    .map(|r| {
                        r.iter().map(|v| v.to_text().unwrap_or_else(|| "NULL".into())).collect()
                    })
                    .collect(),
            ),
            Ok(_) => Some(Vec::new()),
            Err(_) => None,
        }
    }
}

/// Logs in (`mysqladmin ping`), sends MySQLTuner's statements in its order (`statements.rs`)
/// and keeps what the report reads from their answers.
pub fn read(server: &mut Server, login: &Login, skippassword: bool) -> Result<Facts, ReadError> {
    if !server.is_running() {
        return Err(ReadError::Down);
    }
    match server.connect_over(&login.user, login.password.as_deref(), login.transport) {
        Ok(c) => server.disconnect(c.id),
        Err(_) => return Err(ReadError::Login),
    }
    let mut f = Facts { skippassword, ..Facts::default() };
    let mut grants = String::new();
    let mut validate_plugin = false;
    for s in STATEMENTS {
        let texts: Vec<String> = match s.each {
            Each::Once => vec![s.sql.to_string()],
            Each::Schema => f
                .databases
                .iter()
                .filter(|d| d.as_str() != "information_schema")
                .map(|d| s.sql.replace("{db}", d))
                .collect(),
            Each::WithAuthColumn => {
                let password_check =
                    matches!(s.reads, Reads::WithoutPassword | Reads::ValidatePlugin);
                if !f.auth_column || (skippassword && password_check) {
                    continue;
                }
                vec![s.sql.to_string()]
            }
            Each::WithoutValidatePlugin => {
                if !f.auth_column || skippassword || validate_plugin {
                    continue;
                }
                vec![s.sql.to_string()]
            }
        };
        for text in texts {
            let answer = login.try_select(server, statements::sent(&text));
            // Where this engine lacks what MySQL has, MySQL's outcome: the answer, unless the
            // account lacks a privilege MySQL asks for.
            let refused = s.needs_process && !has_process(&grants);
            let failed = match s.gap {
                Some(_) => refused,
                None => answer.is_none(),
            };
            if failed {
                f.failures.push(Failure { sub: s.sub, sql: text.clone() });
            }
            let rows = answer.unwrap_or_default();
            let cell = |r: usize, c: usize| -> String {
                rows.get(r).and_then(|row| row.get(c)).cloned().unwrap_or_default()
            };
            match s.reads {
                Reads::Nothing => {}
                Reads::Version => f.version = cell(0, 0),
                Reads::Variables => pairs(&rows, &mut f.vars),
                Reads::Grants => {
                    grants = rows
                        .iter()
                        .filter_map(|r| r.first().cloned())
                        .collect::<Vec<_>>()
                        .join("\n")
                }
                Reads::Status | Reads::GlobalStatus => pairs(&rows, &mut f.status),
                Reads::PfsMemory => {
                    if f.pfs_memory == 0.0 {
                        f.pfs_memory = pfs_memory(&rows);
                    }
                }
                Reads::Engines => {
                    f.engines = rows
                        .iter()
                        .filter_map(|r| Some((r.first()?.clone(), r.get(1)?.clone())))
                        .collect()
                }
                Reads::Databases => {
                    f.databases = rows.iter().filter_map(|r| r.first().cloned()).collect()
                }
                Reads::EngineSizes => {
                    for row in &rows {
                        if row.first().is_some_and(|e| e == "InnoDB") {
                            f.innodb_bytes = row.get(1).and_then(|v| v.parse().ok()).unwrap_or(0.0);
                            f.innodb_tables = row.get(2).and_then(|v| v.parse().ok()).unwrap_or(0);
                        }
                    }
                }
                Reads::Fragmented => f.fragmented_tables = rows.len() as u64,
                Reads::UserColumns => {
                    let known = rows.iter().any(|r| {
                        r.first().is_some_and(|c| {
                            c == "authentication_string" || c.eq_ignore_ascii_case("password")
                        })
                    });
                    f.auth_column = known;
                }
                Reads::RoleColumn => {}
                Reads::Anonymous => f.anonymous = (!failed).then(|| accounts(&rows)),
                Reads::WithoutPassword => f.without_password = (!failed).then(|| accounts(&rows)),
                // MySQL 9.x answers 0: validate_password is a component there, not a plugin.
                Reads::ValidatePlugin => {
                    validate_plugin = cell(0, 0).parse::<u64>().is_ok_and(|n| n >= 1)
                }
                Reads::AnyHost => f.any_host = (!failed).then(|| accounts(&rows)),
                Reads::SslCipher => f.ssl_cipher = cell(0, 1),
                Reads::TableCount => f.total_tables = cell(0, 0).parse().unwrap_or(0),
            }
        }
    }
    // get_all_vars: an Uptime of 0 is taken as 1 (the report divides by it).
    if f.stat("Uptime") <= 0.0 {
        f.status.insert("Uptime".into(), "1".into());
    }
    f.sys_installed = f.databases.iter().any(|d| d == "sys");
    f.physical_memory = server.host().host_ram_bytes() as f64;
    f.cpu_cores = u64::from(server.host().hardware().host_cpus);
    Ok(f)
}

fn pairs(rows: &[Vec<String>], into: &mut BTreeMap<String, String>) {
    for row in rows {
        if let [k, v, ..] = row.as_slice() {
            into.insert(k.clone(), v.clone());
        }
    }
}

fn accounts(rows: &[Vec<String>]) -> Vec<String> {
    let mut v: Vec<String> = rows.iter().filter_map(|r| r.first().cloned()).collect();
    v.sort();
    v
}

/// The bytes of SHOW ENGINE PERFORMANCE_SCHEMA STATUS's `performance_schema.memory` row.
fn pfs_memory(rows: &[Vec<String>]) -> f64 {
    rows.iter()
        .find(|r| r.get(1).is_some_and(|n| n == "performance_schema.memory"))
        .and_then(|r| r.get(2))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

/// The account holds PROCESS (or every global privilege), as SHOW GRANTS words it.
fn has_process(grants: &str) -> bool {
    grants.lines().any(|g| {
        g.split_once(" ON *.* ")
            .is_some_and(|(privs, _)| privs.contains("PROCESS") || privs.contains("ALL PRIVILEGES"))
    })
}
