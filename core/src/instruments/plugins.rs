//! The server plugins this server has loaded, as `SHOW PLUGINS` and
//! `information_schema.PLUGINS` list them.
//!
//! The list is a MySQL 9.7 Community Server's, in its plugin registry's order: the built-in
//! plugins first (binlog, the authentication plugins, the keyring proxy, the storage engines
//! with InnoDB's own information_schema tables after InnoDB), then those the server loads on
//! (ARCHIVE, BLACKHOLE, ngram, the X Plugin). Taken from a real 8.2 server's full listing, with
//! two 9.x changes: `mysql_native_password` was removed in 9.0 (it was the last row), and the
//! versions InnoDB and the interfaces report follow the server's version.
//!
//! UNCONFIRMED: Oracle's own packages also compile NDB in, disabled (`ndbcluster`, `ndbinfo`
//! and `ndb_transid_mysql_connection_map` as DISABLED rows before `ngram`); this server is the
//! build without NDB that `engines.rs` describes, so they are not listed.
//! Simplification: Percona Server's flavour lists the same plugins (Percona adds none of its
//! own by default that this simulator has; its statistics tables are not plugins).

use crate::error::MySqlError;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// What kind of plugin one is, as PLUGIN_TYPE spells it, with the version of its type's
/// interface (PLUGIN_TYPE_VERSION).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    StorageEngine,
    InformationSchema,
    Authentication,
    Audit,
    Daemon,
    FullTextParser,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::StorageEngine => "STORAGE ENGINE",
            Kind::InformationSchema => "INFORMATION SCHEMA",
            Kind::Authentication => "AUTHENTICATION",
            Kind::Audit => "AUDIT",
            Kind::Daemon => "DAEMON",
            Kind::FullTextParser => "FTPARSER",
        }
    }

    /// The interface version: the server's version id (MYSQL_VERSION_ID, `90702.0` on
    /// 9.7.2) for engines, information_schema tables and daemons, and each API's own number
    /// for the others.
    fn interface_version(self) -> String {
        match self {
            Kind::StorageEngine | Kind::InformationSchema | Kind::Daemon => {
                format!("{}.0", crate::SERVER_VERSION_ID)
            }
            Kind::Authentication => "2.1".into(),
            Kind::Audit => "4.1".into(),
            Kind::FullTextParser => "1.1".into(),
        }
    }
}

/// How a plugin's own version is given: fixed, or InnoDB's (the server's major.minor).
#[derive(Clone, Copy)]
enum Version {
    Fixed(&'static str),
    InnoDb,
}

struct Plugin {
    name: &'static str,
    version: Version,
    kind: Kind,
    /// ACTIVE, or DISABLED for a plugin compiled in but not enabled.
    status: &'static str,
    /// FORCE for the plugins the server cannot run without, ON for the others it loads, OFF
    /// for a disabled one.
    load_option: &'static str,
    author: &'static str,
    description: &'static str,
}

const ORACLE: &str = "Oracle Corporation";

const fn builtin(
    name: &'static str,
    version: &'static str,
    kind: Kind,
    description: &'static str,
) -> Plugin {
    Plugin {
        name,
        version: Version::Fixed(version),
        kind,
        status: "ACTIVE",
        load_option: "FORCE",
        author: ORACLE,
        description,
    }
}

/// One of InnoDB's information_schema tables, which carry InnoDB's version.
const fn innodb_table(name: &'static str, description: &'static str) -> Plugin {
    Plugin { version: Version::InnoDb, ..builtin(name, "", Kind::InformationSchema, description) }
}

const fn loaded(
    name: &'static str,
    version: &'static str,
    kind: Kind,
    description: &'static str,
) -> Plugin {
    Plugin { load_option: "ON", ..builtin(name, version, kind, description) }
}

const PLUGINS: [Plugin; 44] = [
    builtin(
        "binlog",
        "1.0",
        Kind::StorageEngine,
        "This is a pseudo storage engine to represent the binlog in a transaction",
    ),
    builtin("sha256_password", "1.1", Kind::Authentication, "SHA256 password authentication"),
    builtin("caching_sha2_password", "1.0", Kind::Authentication, "Caching sha2 authentication"),
    builtin(
        "sha2_cache_cleaner",
        "1.0",
        Kind::Audit,
        "Cache cleaner for Caching sha2 authentication",
    ),
    Plugin {
        author: "Oracle",
        ..builtin(
            "daemon_keyring_proxy_plugin",
            "1.0",
            Kind::Daemon,
            "A plugin that implements the keyring component services atop of the keyring plugin",
        )
    },
    builtin("CSV", "1.0", Kind::StorageEngine, "CSV storage engine"),
    builtin(
        "MEMORY",
        "1.0",
        Kind::StorageEngine,
        "Hash based, stored in memory, useful for temporary tables",
    ),
    Plugin {
        version: Version::InnoDb,
        ..builtin(
            "InnoDB",
            "",
            Kind::StorageEngine,
            "Supports transactions, row-level locking, and foreign keys",
        )
    },
    innodb_table("INNODB_TRX", "InnoDB transactions"),
    innodb_table("INNODB_CMP", "Statistics for the InnoDB compression"),
    innodb_table(
        "INNODB_CMP_RESET",
        "Statistics for the InnoDB compression; reset cumulated counts",
    ),
    innodb_table("INNODB_CMPMEM", "Statistics for the InnoDB compressed buffer pool"),
    innodb_table(
        "INNODB_CMPMEM_RESET",
        "Statistics for the InnoDB compressed buffer pool; reset cumulated counts",
    ),
    innodb_table("INNODB_CMP_PER_INDEX", "Statistics for the InnoDB compression (per index)"),
    innodb_table(
        "INNODB_CMP_PER_INDEX_RESET",
        "Statistics for the InnoDB compression (per index); reset cumulated counts",
    ),
    innodb_table("INNODB_BUFFER_PAGE", "InnoDB Buffer Page Information"),
    innodb_table("INNODB_BUFFER_PAGE_LRU", "InnoDB Buffer Page in LRU"),
    innodb_table("INNODB_BUFFER_POOL_STATS", "InnoDB Buffer Pool Statistics Information"),
    innodb_table("INNODB_TEMP_TABLE_INFO", "InnoDB Temp Table Stats"),
    innodb_table("INNODB_METRICS", "InnoDB Metrics Info"),
    // "InnDB" is MySQL's own spelling.
    innodb_table("INNODB_FT_DEFAULT_STOPWORD", "Default stopword list for InnDB Full Text Search"),
    innodb_table("INNODB_FT_DELETED", "INNODB AUXILIARY FTS DELETED TABLE"),
    innodb_table("INNODB_FT_BEING_DELETED", "INNODB AUXILIARY FTS BEING DELETED TABLE"),
    innodb_table("INNODB_FT_CONFIG", "INNODB AUXILIARY FTS CONFIG TABLE"),
    innodb_table("INNODB_FT_INDEX_CACHE", "INNODB AUXILIARY FTS INDEX CACHED"),
    innodb_table("INNODB_FT_INDEX_TABLE", "INNODB AUXILIARY FTS INDEX TABLE"),
    innodb_table("INNODB_TABLES", "InnoDB INNODB_TABLES"),
    innodb_table("INNODB_TABLESTATS", "InnoDB INNODB_TABLESTATS"),
    innodb_table("INNODB_INDEXES", "InnoDB INNODB_INDEXES"),
    innodb_table("INNODB_TABLESPACES", "InnoDB INNODB_TABLESPACES"),
    innodb_table("INNODB_COLUMNS", "InnoDB INNODB_COLUMNS"),
    innodb_table("INNODB_VIRTUAL", "InnoDB INNODB_VIRTUAL"),
    innodb_table("INNODB_CACHED_INDEXES", "InnoDB cached indexes"),
    innodb_table("INNODB_SESSION_TEMP_TABLESPACES", "InnoDB Session Temporary tablespaces"),
    builtin("MyISAM", "1.0", Kind::StorageEngine, "MyISAM storage engine"),
    builtin("MRG_MYISAM", "1.0", Kind::StorageEngine, "Collection of identical MyISAM tables"),
    builtin("PERFORMANCE_SCHEMA", "0.1", Kind::StorageEngine, "Performance Schema"),
    builtin("TempTable", "1.0", Kind::StorageEngine, "InnoDB temporary storage engine"),
    loaded("ARCHIVE", "3.0", Kind::StorageEngine, "Archive storage engine"),
    loaded(
        "BLACKHOLE",
        "1.0",
        Kind::StorageEngine,
        "/dev/null storage engine (anything you write to it disappears)",
    ),
    Plugin {
        status: "DISABLED",
        load_option: "OFF",
        ..builtin("FEDERATED", "1.0", Kind::StorageEngine, "Federated MySQL storage engine")
    },
    loaded("ngram", "0.1", Kind::FullTextParser, "Ngram Full-Text Parser"),
    loaded(
        "mysqlx_cache_cleaner",
        "1.0",
        Kind::Audit,
        "Cache cleaner for sha2 authentication in X plugin",
    ),
    loaded("mysqlx", "1.0", Kind::Daemon, "X Plugin for MySQL"),
];

/// `information_schema.PLUGINS`' columns: (name, numeric, nullable). Every one is text.
pub const COLUMNS: [super::ColumnSpec; 11] = [
    ("PLUGIN_NAME", false, false),
    ("PLUGIN_VERSION", false, false),
    ("PLUGIN_STATUS", false, false),
    ("PLUGIN_TYPE", false, false),
    ("PLUGIN_TYPE_VERSION", false, false),
    ("PLUGIN_LIBRARY", false, true),
    ("PLUGIN_LIBRARY_VERSION", false, true),
    ("PLUGIN_AUTHOR", false, true),
    ("PLUGIN_DESCRIPTION", false, true),
    ("PLUGIN_LICENSE", false, true),
    ("LOAD_OPTION", false, false),
];

/// SHOW PLUGINS' columns: the name, status, type, library and license of the same rows.
pub const SHOW_COLUMNS: [&str; 5] = ["Name", "Status", "Type", "Library", "License"];

/// InnoDB's version as its plugins report it: the server's major.minor ("9.7"), read from
/// MYSQL_VERSION_ID.
fn innodb_version() -> String {
    let id = crate::SERVER_VERSION_ID;
    format!("{}.{}", id / 10_000, id / 100 % 100)
}

/// One row per plugin, in [`COLUMNS`]' order. Every plugin here is compiled in, so the
/// library and its version are NULL.
pub fn rows() -> Vec<Row> {
    let text = |s: &str| Value::Str(s.into());
    PLUGINS
        .iter()
        .map(|p| {
            let version = match p.version {
                Version::Fixed(v) => v.to_string(),
                Version::InnoDb => innodb_version(),
            };
            vec![
                text(p.name),
                Value::Str(version),
                text(p.status),
                text(p.kind.name()),
                Value::Str(p.kind.interface_version()),
                Value::Null,
                Value::Null,
                text(p.author),
                text(p.description),
                text("GPL"),
                text(p.load_option),
            ]
        })
        .collect()
}

/// SHOW PLUGINS' rows: PLUGIN_NAME, PLUGIN_STATUS, PLUGIN_TYPE, PLUGIN_LIBRARY and
/// PLUGIN_LICENSE of [`rows`].
pub fn show_rows() -> Vec<Row> {
    rows().into_iter().map(|r| [0, 2, 3, 5, 9].iter().map(|&i| r[i].clone()).collect()).collect()
}

/// INSTALL PLUGIN's error: 1125 for a name already loaded, 1124 for a library named with a
/// path, else 1126, as dlopen fails: the simulated host's plugin_dir holds no library (every
/// plugin this server has is compiled in). Simplification: a real 9.7 package ships a few
/// loadable ones (rewriter, ddl_rewriter, semisync_source, ...); none is simulated.
pub fn install(name: &str, library: &str, plugin_dir: &str) -> MySqlError {
    if PLUGINS.iter().any(|p| p.name.eq_ignore_ascii_case(name)) {
        return MySqlError::new(1125, "HY000", format!("Function '{name}' already exists"));
    }
    if library.contains('/') || library.contains('\\') {
        return MySqlError::new(1124, "HY000", "No paths allowed for shared library".to_string());
    }
    let path = format!("{}/{library}", plugin_dir.trim_end_matches('/'));
    let dlerror = format!("{path}: cannot open shared object file: No such file or directory");
    let dlerror: String = dlerror.chars().take(128).collect();
    let path: String = path.chars().take(192).collect();
    MySqlError::new(
        1126,
        "HY000",
        format!("Can't open shared library '{path}' (errno: 2 {dlerror})"),
    )
}

/// UNINSTALL PLUGIN's error: 1305 for a name that is no plugin, 1619 for a built-in one (every
/// plugin here is).
pub fn uninstall(name: &str) -> MySqlError {
    if PLUGINS.iter().any(|p| p.name.eq_ignore_ascii_case(name)) {
        MySqlError::new(1619, "HY000", "Built-in plugins cannot be deleted".to_string())
    } else {
        MySqlError::new(1305, "42000", format!("PLUGIN {name} does not exist"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find<'r>(rows: &'r [Row], name: &str) -> &'r Row {
        rows.iter().find(|r| r[0] == Value::Str(name.into())).unwrap()
    }

    #[test]
    fn innodb_reports_the_servers_version_and_the_interfaces_theirs() {
        let rows = rows();
        let innodb = find(&rows, "InnoDB");
        assert_eq!(innodb[1], Value::Str("9.7".into()));
        assert_eq!(innodb[4], Value::Str("90702.0".into()));
        assert_eq!(find(&rows, "INNODB_TRX")[1], Value::Str("9.7".into()));
        assert_eq!(find(&rows, "caching_sha2_password")[4], Value::Str("2.1".into()));
        assert_eq!(find(&rows, "ngram")[4], Value::Str("1.1".into()));
        assert_eq!(find(&rows, "FEDERATED")[2], Value::Str("DISABLED".into()));
        assert_eq!(find(&rows, "FEDERATED")[10], Value::Str("OFF".into()));
    }

    #[test]
    fn mysql_9_has_no_native_password_plugin_and_validate_password_is_a_component() {
        let rows = rows();
        for gone in ["mysql_native_password", "validate_password"] {
            assert!(!rows.iter().any(|r| r[0] == Value::Str(gone.into())), "{gone}");
        }
    }

    #[test]
    fn every_storage_engine_plugin_is_an_engine_show_engines_lists_or_a_hidden_one() {
        // binlog and TempTable are hidden from SHOW ENGINES (HTON_HIDDEN); every other engine
        // plugin must be one `engines.rs` lists, with the same availability.
        for p in PLUGINS.iter().filter(|p| p.kind == Kind::StorageEngine) {
            if matches!(p.name, "binlog" | "TempTable") {
                continue;
            }
            assert_eq!(super::super::engines::resolve(p.name), Some(p.name));
        }
        let engine_rows = super::super::engines::rows();
        let engines_listed = engine_rows.len();
        let engine_plugins = PLUGINS.iter().filter(|p| p.kind == Kind::StorageEngine).count();
        assert_eq!(engine_plugins, engines_listed + 2);
    }

    #[test]
    fn show_plugins_takes_five_columns_of_the_same_rows() {
        let show = show_rows();
        assert_eq!(show.len(), PLUGINS.len());
        assert_eq!(
            show[0],
            vec![
                Value::Str("binlog".into()),
                Value::Str("ACTIVE".into()),
                Value::Str("STORAGE ENGINE".into()),
                Value::Null,
                Value::Str("GPL".into()),
            ]
        );
    }
}
