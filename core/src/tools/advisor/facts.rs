//! What the advisor reads from the server, read the way MySQLTuner reads it: each query is a
//! `mysql -Bse "..."` of its own, so each is a connection, a login and a statement that the
//! server counts (`Connections`, `Questions`, `Com_*`, the slow log and the Performance Schema
//! see the advisor as they see MySQLTuner). Variables come from `SHOW VARIABLES` then
//! `SHOW GLOBAL VARIABLES` (the global values win), status from `SHOW STATUS` then `SHOW GLOBAL
//! STATUS`, both read before any check runs.
//!
//! The host's facts MySQLTuner takes from the operating system (`/proc/meminfo`, the CPU
//! count) come from the simulated host: the machine's RAM, not the container's limit, as a
//! process reading `/proc/meminfo` inside a container sees it.
//!
//! Simplification: MySQLTuner's other-process memory (a `ps` over the host) is 0 here: the
//! simulated host runs nothing but mysqld.

use crate::server::Server;
use crate::sql::Response;
use std::collections::BTreeMap;

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
    /// The session's `Ssl_cipher` (empty over the UNIX socket).
    pub ssl_cipher: String,
    /// Accounts as `'user'@'host'`: with an empty user; with no password; with host `%`.
    /// None when the query failed (an account without SELECT on mysql.user).
    pub anonymous: Option<Vec<String>>,
    pub without_password: Option<Vec<String>>,
    pub any_host: Option<Vec<String>>,
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

/// The account queries of the security section (printed when they fail).
pub const ANONYMOUS_SQL: &str = "SELECT CONCAT(QUOTE(user), '@', QUOTE(host)) FROM mysql.user \
     WHERE (TRIM(USER) = '' OR USER IS NULL)";
pub const NO_PASSWORD_SQL: &str = "SELECT CONCAT(QUOTE(user), '@', QUOTE(host)) FROM mysql.user \
     WHERE (authentication_string = '' OR authentication_string IS NULL) AND user != '' \
     AND account_locked = 'N' AND password_expired = 'N'";
pub const ANY_HOST_SQL: &str =
    "SELECT CONCAT(QUOTE(user), '@', host) FROM mysql.user WHERE HOST='%'";

/// A login to the server, used once per query.
pub struct Login {
    pub user: String,
    pub password: Option<String>,
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
    /// "NULL"), or nothing when it fails (MySQLTuner goes on with an empty answer).
    pub fn select(&self, server: &mut Server, sql: &str) -> Vec<Vec<String>> {
        self.try_select(server, sql).unwrap_or_default()
    }

    /// As [`Login::select`], None when the statement fails.
    pub fn try_select(&self, server: &mut Server, sql: &str) -> Option<Vec<Vec<String>>> {
        let c = server.connect_as(&self.user, self.password.as_deref()).ok()?;
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

    fn one(&self, server: &mut Server, sql: &str) -> String {
        self.select(server, sql)
            .into_iter()
            .next()
            .and_then(|r| r.into_iter().next())
            .unwrap_or_default()
    }

    fn pairs(&self, server: &mut Server, sql: &str, into: &mut BTreeMap<String, String>) {
        for row in self.select(server, sql) {
            if let [k, v, ..] = row.as_slice() {
                into.insert(k.clone(), v.clone());
            }
        }
    }
}

/// Logs in (`mysqladmin ping`) and reads every fact, in MySQLTuner's order.
pub fn read(server: &mut Server, login: &Login) -> Result<Facts, ReadError> {
    if !server.is_running() {
        return Err(ReadError::Down);
    }
    match server.connect_as(&login.user, login.password.as_deref()) {
        Ok(c) => server.disconnect(c.id),
        Err(_) => return Err(ReadError::Login),
    }
    let mut f = Facts { version: login.one(server, "SELECT VERSION()"), ..Facts::default() };
    login.pairs(server, "SHOW VARIABLES", &mut f.vars);
    login.pairs(server, "SHOW GLOBAL VARIABLES", &mut f.vars);
    login.select(server, "SHOW GRANTS FOR CURRENT_USER()");
    login.pairs(server, "SHOW STATUS", &mut f.status);
    login.pairs(server, "SHOW GLOBAL STATUS", &mut f.status);
    let engines = login.select(
        server,
        "SELECT ENGINE, SUM(DATA_LENGTH+INDEX_LENGTH), COUNT(ENGINE), SUM(DATA_LENGTH), \
         SUM(INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN \
         ('information_schema', 'performance_schema', 'mysql') AND ENGINE IS NOT NULL \
         GROUP BY ENGINE ORDER BY ENGINE ASC",
    );
    for row in engines {
        if row.first().is_some_and(|e| e == "InnoDB") {
            f.innodb_bytes = row.get(1).and_then(|v| v.parse().ok()).unwrap_or(0.0);
            f.innodb_tables = row.get(2).and_then(|v| v.parse().ok()).unwrap_or(0);
        }
    }
    f.fragmented_tables = login
        .one(
            server,
            "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN \
             ('information_schema', 'mysql', 'performance_schema', 'sys') AND DATA_FREE > 0 \
             AND NOT ENGINE = 'MEMORY'",
        )
        .parse()
        .unwrap_or(0);
    let quoted = |rows: Option<Vec<Vec<String>>>| -> Option<Vec<String>> {
        let rows = rows?;
        let mut v: Vec<String> = rows.into_iter().filter_map(|r| r.into_iter().next()).collect();
        v.sort();
        Some(v)
    };
    f.anonymous = quoted(login.try_select(server, ANONYMOUS_SQL));
    f.without_password = quoted(login.try_select(server, NO_PASSWORD_SQL));
    f.any_host = quoted(login.try_select(server, ANY_HOST_SQL));
    let ssl = login.select(server, "SHOW SESSION STATUS LIKE 'Ssl_cipher'");
    f.ssl_cipher = ssl.into_iter().next().and_then(|r| r.into_iter().nth(1)).unwrap_or_default();
    f.total_tables =
        login.one(server, "SELECT COUNT(*) FROM information_schema.tables").parse().unwrap_or(0);
    f.pfs_memory = login
        .one(
            server,
            "SELECT SUM(CURRENT_NUMBER_OF_BYTES_USED) FROM \
             performance_schema.memory_summary_global_by_event_name \
             WHERE EVENT_NAME LIKE 'memory/performance_schema/%'",
        )
        .parse()
        .unwrap_or(0.0);
    f.sys_installed = !login.select(server, "SELECT sys_version FROM sys.version").is_empty();
    f.physical_memory = server.host().host_ram_bytes() as f64;
    f.cpu_cores = u64::from(server.host().hardware().host_cpus);
    Ok(f)
}
