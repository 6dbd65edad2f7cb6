//! The statements MySQLTuner sends, as data, in the order it sends them: each is a
//! `mysql -Bse "..."` of its own (a connection, a login, one statement), so the server counts
//! every one in Connections, Questions, Com_*, Slow_queries (against the new session's
//! long_query_time), the slow log and the Performance Schema, as it counts the real script.
//!
//! Source: mysqltuner.pl 2.8.36 (major/MySQLTuner-perl), the newest version we could read; the
//! chapter names 2.9.2 (UNCONFIRMED: that its statements are 2.8.36's). The list is the path
//! of a run with the chapter's options (`--defaults-file`, `--noprettyicon`, `--nogood`,
//! `--noinfo`, none of `--dbstat`, `--tbstat`, `--idxstat`, `--pfstat`, `--structstat`,
//! `--myisamstat`, `--plugininfo`, `--sysstat`, `--experimental`, `--dumpdir`, `--cvefile`)
//! against a local MySQL 9.x server whose user schemas are InnoDB only:
//!
//! - `mysql_setup` logs in with `mysqladmin ping` (a connection and a COM_PING, which
//!   Questions does not count);
//! - `get_all_vars` reads the version, the variables, the grants (`check_privileges`), then
//!   the status: the first [`BEFORE_STATUS`] statements, the last of them SHOW GLOBAL STATUS
//!   itself, are in what the run reads; everything after is seen only by a later run;
//! - the rest of `get_all_vars`, `get_tuning_info`, `calculations`, `check_storage_engines`
//!   (one SHOW TABLE STATUS per schema that SHOW DATABASES lists, information_schema left out),
//!   `security_recommendations` and `mysql_stats`, then `ssl_tls_recommendations`: 2.8.36
//!   calls it before `mysql_stats`, but the chapter's 2.9.2 prints its section after the
//!   InnoDB one (`checks.rs`), so its one statement is taken to move with it (UNCONFIRMED);
//! - the subs behind the switches above send nothing without them, and `mysql_innodb`,
//!   `get_replication_status`, the MariaDB and Galera subs read only what is already held.
//!
//! 2.8.36 tells MySQL 8 from later servers by `version =~ /^8\./`, so on 9.x it asks for
//! `SHOW SLAVE STATUS` and `SHOW SLAVE HOSTS`, which MySQL 8.4 removed: both fail with ERROR
//! 1064 and the script prints "Failed to execute" for each, as the report here does.
//!
//! `gap` names a statement this engine does not answer as MySQL does (noted, not skipped: it is
//! sent, and counted, all the same); the facts it would give are then taken as MySQL gives
//! them where that is known (see `facts.rs`).

/// Which statements run, and how often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Each {
    /// Once.
    Once,
    /// Once per schema SHOW DATABASES listed, information_schema excepted; `{db}` in the text
    /// is the schema's name.
    Schema,
    /// Only when mysql.user has a password column MySQLTuner knows
    /// (`get_password_column_name`): otherwise the security section stops.
    WithAuthColumn,
    /// As `WithAuthColumn`, and only when no validate_password plugin is ACTIVE (MySQLTuner
    /// stops testing passwords then, Bug #80860).
    WithoutValidatePlugin,
}

/// What a statement's answer gives the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    Nothing,
    Version,
    Variables,
    Grants,
    Status,
    /// `SHOW GLOBAL STATUS`: the counters the report prints.
    GlobalStatus,
    PfsMemory,
    /// information_schema.ENGINES' names and support.
    Engines,
    Databases,
    EngineSizes,
    Fragmented,
    UserColumns,
    RoleColumn,
    Anonymous,
    WithoutPassword,
    ValidatePlugin,
    AnyHost,
    SslCipher,
    TableCount,
}

/// One statement of MySQLTuner's.
#[derive(Clone, Copy, Debug)]
pub struct Statement {
    /// The text as mysqltuner.pl passes it to `mysql -Bse` (a trailing `\G` or `;` is the
    /// client's terminator, not sent).
    pub sql: &'static str,
    /// The sub of mysqltuner.pl that sends it.
    pub sub: &'static str,
    pub each: Each,
    pub reads: Reads,
    /// MySQL refuses it without the PROCESS privilege (ERROR 1227).
    pub needs_process: bool,
    /// Where this engine answers it otherwise than MySQL does.
    pub gap: Option<&'static str>,
}

const fn once(sql: &'static str, sub: &'static str, reads: Reads) -> Statement {
    Statement { sql, sub, each: Each::Once, reads, needs_process: false, gap: None }
}

/// MySQLTuner's `get_pf_memory`: SHOW ENGINE PERFORMANCE_SCHEMA STATUS, which needs PROCESS.
const fn pfs_status(sub: &'static str, reads: Reads) -> Statement {
    Statement { needs_process: true, ..once("SHOW ENGINE PERFORMANCE_SCHEMA STATUS", sub, reads) }
}

/// How many statements of [`STATEMENTS`] a run sends before (and including) the SHOW GLOBAL
/// STATUS whose counters it prints.
pub const BEFORE_STATUS: usize = 6;

/// MySQLTuner's statements in the order it sends them.
pub const STATEMENTS: &[Statement] = &[
    // get_all_vars: "at least one query so that our data is useable".
    once("SELECT VERSION()", "get_all_vars", Reads::Version),
    once("SHOW VARIABLES", "get_all_vars", Reads::Variables),
    once("SHOW GLOBAL VARIABLES", "get_all_vars", Reads::Variables),
    once("SHOW GRANTS FOR CURRENT_USER()", "check_privileges", Reads::Grants),
    once("SHOW STATUS", "get_all_vars", Reads::Status),
    once("SHOW GLOBAL STATUS", "get_all_vars", Reads::GlobalStatus),
    // get_all_vars: the engines as have_* variables (MySQL bug #59393's workaround).
    once("SHOW ENGINES", "get_all_vars", Reads::Nothing),
    // get_all_vars: replication, with the pre-8.4 words on 9.x (see the module's header).
    once("SHOW SLAVE STATUS\\G", "get_all_vars", Reads::Nothing),
    once("SHOW SLAVE HOSTS\\G", "get_all_vars", Reads::Nothing),
    // get_all_vars: InnoDB transaction info (have_innodb = YES).
    Statement {
        needs_process: true,
        ..once("SELECT COUNT(*) FROM information_schema.INNODB_TRX", "get_all_vars", Reads::Nothing)
    },
    Statement {
        needs_process: true,
        ..once(
            "SELECT IFNULL(MAX(TIMESTAMPDIFF(SECOND, trx_started, NOW())),0) FROM information_schema.INNODB_TRX",
            "get_all_vars",
            Reads::Nothing,
        )
    },
    // get_tuning_info: `mysql -Bse "\s"`, the client's status command, which asks the server
    // this one statement (and COM_STATISTICS, which Questions does not count). UNCONFIRMED:
    // read from the mysql client's com_status, not measured.
    once("select DATABASE(), USER() limit 1", "get_tuning_info", Reads::Nothing),
    // calculations: get_pf_memory for max_used_memory, then for max_peak_memory.
    pfs_status("calculations: get_pf_memory", Reads::PfsMemory),
    pfs_status("calculations: get_pf_memory", Reads::PfsMemory),
    once(
        "SELECT IFNULL(SUM(INDEX_LENGTH), 0) FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN ('information_schema') AND ENGINE = 'MyISAM';",
        "calculations",
        Reads::Nothing,
    ),
    once(
        "SELECT IFNULL(SUM(INDEX_LENGTH), 0) FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN ('information_schema') AND ENGINE = 'Aria';",
        "calculations",
        Reads::Nothing,
    ),
    // check_storage_engines.
    once(
        "SELECT ENGINE,SUPPORT FROM information_schema.ENGINES ORDER BY ENGINE ASC",
        "check_storage_engines",
        Reads::Engines,
    ),
    once("SHOW DATABASES", "check_storage_engines", Reads::Databases),
    once(
        "SELECT ENGINE, SUM(DATA_LENGTH+INDEX_LENGTH), COUNT(ENGINE), SUM(DATA_LENGTH), SUM(INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN ('information_schema', 'performance_schema', 'mysql') AND ENGINE IS NOT NULL GROUP BY ENGINE ORDER BY ENGINE ASC;",
        "check_storage_engines",
        Reads::EngineSizes,
    ),
    // innodb_file_per_table = ON: InnoDB tables are not left out.
    once(
        "SELECT TABLE_SCHEMA, TABLE_NAME, ENGINE, CAST(DATA_FREE AS SIGNED) FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN ('information_schema', 'performance_schema', 'mysql') AND DATA_LENGTH/1024/1024>100 AND cast(DATA_FREE as signed)*100/(DATA_LENGTH+INDEX_LENGTH+cast(DATA_FREE as signed)) > 10 AND NOT ENGINE='MEMORY' ",
        "check_storage_engines",
        Reads::Fragmented,
    ),
    once("SELECT ~0", "check_storage_engines", Reads::Nothing),
    Statement {
        each: Each::Schema,
        ..once("SHOW TABLE STATUS FROM `{db}`", "check_storage_engines", Reads::Nothing)
    },
    // security_recommendations.
    once(
        "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA='mysql' AND TABLE_NAME='user'",
        "security_recommendations: get_password_column_name",
        Reads::UserColumns,
    ),
    Statement {
        each: Each::WithAuthColumn,
        ..once(
            "select count(*) from information_schema.columns where TABLE_NAME='user' AND TABLE_SCHEMA='mysql' and COLUMN_NAME='IS_ROLE'",
            "security_recommendations",
            Reads::RoleColumn,
        )
    },
    // No IS_ROLE column on MySQL: the condition it would add is empty, two spaces remain.
    Statement {
        each: Each::WithAuthColumn,
        ..once(
            "SELECT CONCAT(QUOTE(user), '@', QUOTE(host)) FROM mysql.user WHERE  (TRIM(USER) = '' OR USER IS NULL)",
            "security_recommendations",
            Reads::Anonymous,
        )
    },
    // MySQL 9.x is below MySQLTuner's 10.4 (a MariaDB number), so mysql.user is read.
    Statement {
        each: Each::WithAuthColumn,
        ..once(
            "SELECT CONCAT(QUOTE(user), '@', QUOTE(host)) FROM mysql.user WHERE (authentication_string = '' OR authentication_string IS NULL)\n    AND user != ''\n    /*!50501 AND plugin NOT IN ('auth_socket', 'unix_socket', 'win_socket', 'auth_pam_compat') */\n    /*!80000 AND account_locked = 'N' AND password_expired = 'N' */",
            "security_recommendations",
            Reads::WithoutPassword,
        )
    },
    Statement {
        each: Each::WithAuthColumn,
        ..once(
            "select count(*) from information_schema.plugins where PLUGIN_NAME='validate_password' AND PLUGIN_STATUS='ACTIVE'",
            "security_recommendations",
            Reads::ValidatePlugin,
        )
    },
    Statement {
        each: Each::WithoutValidatePlugin,
        ..once(
            "SELECT CONCAT(QUOTE(user), '@', host) FROM mysql.user WHERE HOST='%'",
            "security_recommendations",
            Reads::AnyHost,
        )
    },
    // mysql_stats: get_pf_memory three times (the printed line, and the two results it keeps).
    pfs_status("mysql_stats: get_pf_memory", Reads::Nothing),
    pfs_status("mysql_stats: get_pf_memory", Reads::Nothing),
    pfs_status("mysql_stats: get_pf_memory", Reads::Nothing),
    // mysql_stats: the table definition cache against the number of tables.
    once("SELECT COUNT(*) FROM information_schema.tables", "mysql_stats", Reads::TableCount),
    // ssl_tls_recommendations, which 2.9 runs after mysql_innodb (`checks.rs`, Section::ALL:
    // the chapter's report prints its lines after the InnoDB section's); mysql_innodb itself
    // sends nothing here.
    once("SHOW SESSION STATUS LIKE 'Ssl_cipher'", "ssl_tls_recommendations", Reads::SslCipher),
];

/// The text `mysql -Bse` sends for `sql`: without the client's `\G` or `;` terminator.
pub fn sent(sql: &str) -> &str {
    let s = sql.trim_end();
    s.strip_suffix("\\G").or_else(|| s.strip_suffix(';')).unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_read_is_the_sixth_statement() {
        assert_eq!(STATEMENTS[BEFORE_STATUS - 1].reads, Reads::GlobalStatus);
        assert!(STATEMENTS[..BEFORE_STATUS - 1].iter().all(|s| s.each == Each::Once));
    }

    #[test]
    fn every_statement_names_its_sub_and_the_terminators_are_not_sent() {
        for s in STATEMENTS {
            assert!(!s.sub.is_empty() && !s.sql.is_empty());
            assert!(!sent(s.sql).ends_with(';') && !sent(s.sql).ends_with("\\G"));
        }
        assert_eq!(sent("SHOW SLAVE STATUS\\G"), "SHOW SLAVE STATUS");
    }
}
