//! The tables the server produces rather than stores: performance_schema's status, variable
//! and statement tables, information_schema's TABLES and SCHEMATA and its buffer pool tables,
//! computed from the live counters, variables and storage structures when a query reads them.
//! The server shows itself to them through [`ServerView`].

use super::buffer_pages;
use super::innodb_monitor;
use super::statements::{tables as statement_tables, StatementInstruments};
use super::status::StatusValue;
use crate::error::{MySqlError, Result};
use crate::innodb::buffer_pool::BufferPool;
use crate::sim::SimTime;
use crate::sql::execution::Meta;
use crate::storage::catalog::Catalog;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// What the server shows of itself to its system tables.
pub trait ServerView {
    /// Every global status value in SHOW STATUS order (published from the engines first).
    fn global_status(&mut self) -> Vec<(&'static str, StatusValue)>;
    /// The reading session's own value of a session-scoped status variable.
    fn session_status(&self, name: &str) -> Option<StatusValue>;
    /// Every system variable's name and value as SHOW VARIABLES prints it: the global value,
    /// or the reading session's.
    fn variables(&self, session_scope: bool) -> Vec<(&'static str, String)>;
    fn catalog(&self) -> &Catalog;
    /// What `VERSION()` returns (the flavour's version string).
    fn server_version(&self) -> &'static str {
        crate::SERVER_VERSION
    }
    /// Runs the buffer pool's background work due by now (resize, load), before it is read.
    fn bring_pool_up_to_date(&mut self);
    /// The buffer pool (None while mysqld is down).
    fn pool(&self) -> Option<&BufferPool>;
    fn now(&self) -> SimTime;
    /// When the reading statement reads: after its fixed stages up to `executing`, whose CPU
    /// the server charges when it ends. A running event's TIMER_END, its own among them.
    fn read_at(&self) -> SimTime {
        self.now()
    }
    /// `mysql.user`: the accounts, one row each, in [`MYSQL_USER_COLUMNS`]' order.
    fn mysql_user(&self) -> Vec<Row>;
    /// performance_schema's statement tables (None while mysqld is down).
    fn statements(&self) -> Option<&StatementInstruments>;
    /// The processlist as the reading session may see it.
    fn processes(&self) -> Vec<super::processlist::Process>;
    /// performance_schema's table I/O summaries (None while mysqld is down).
    fn table_io(&self) -> Option<&super::table_io::TableIo>;
    /// Percona Server's USER_STATISTICS, and whether the reader may see the account tables
    /// (SUPER or PROCESS); None on a MySQL server.
    fn user_statistics(&self) -> Option<(&super::user_statistics::UserStatistics, bool)> {
        None
    }
    /// The reading session's profiles (`information_schema.PROFILING`).
    fn profiles(&self) -> Option<&super::stages::profiles::Profiles> {
        None
    }
    /// What setup_instruments, the wait, file, thread and memory tables read (None while
    /// mysqld is down), brought up to date first.
    fn setup_and_waits(&mut self) -> Option<super::setup_and_waits::Sources<'_>>;
    /// `information_schema.INNODB_METRICS`' rows, brought up to date (None while mysqld is
    /// down); Err when the reader lacks the PROCESS privilege.
    fn innodb_metrics(&mut self) -> Result<Option<Vec<Row>>> {
        Ok(None)
    }
    /// `information_schema.INNODB_TRX`' rows; Err when the reader lacks the PROCESS
    /// privilege.
    fn innodb_trx(&mut self) -> Result<Vec<Row>> {
        Ok(Vec::new())
    }
    /// `performance_schema.persisted_variables`: the `SET PERSIST` settings, in name order.
    fn persisted_variables(&self) -> Vec<Row> {
        Vec::new()
    }
    /// `mysql.slow_log` and `mysql.general_log` (`log_output=TABLE`).
    fn query_log_tables(&self) -> Option<&super::query_logs::LogTables> {
        None
    }
    /// performance_schema's transaction tables (None while mysqld is down).
    fn transactions(&self) -> Option<&super::transactions::TransactionInstruments> {
        None
    }
    /// performance_schema's `accounts`, `hosts` or `users` rows.
    fn connection_summary(&self, _table: &str) -> Vec<Row> {
        Vec::new()
    }
    /// Whether the reader holds a privilege on `db`.`table` (information_schema lists only
    /// such tables' columns).
    fn may_see_table(&self, _db: &str, _table: &str) -> bool {
        true
    }
    /// information_schema.TABLES' rows of the stored tables and views the reader may see (of
    /// `schema` only, when given): the user schemas', mysql's and sys.sys_config, their
    /// statistics through mysql.table_stats' cache. By default, as an engine reports them now.
    fn stored_table_status(
        &mut self,
        schema: Option<&str>,
    ) -> Vec<super::table_status::TableStatus> {
        super::table_status::live_user_tables(self.catalog(), schema)
    }
    /// Each index's cardinalities of `db`.`table` (in its definition's order) as the reader
    /// sees them in information_schema.STATISTICS: by default InnoDB's current estimate.
    fn index_cardinalities(&mut self, db: &str, table: &str) -> Vec<Vec<u64>> {
        self.catalog()
            .table(db, table)
            .map(super::information_schema::live_cardinalities)
            .unwrap_or_default()
    }
    /// `session_connect_attrs`' rows (`account_only`: `session_account_connect_attrs`', the
    /// reader's account's sessions).
    fn connect_attrs(&self, _account_only: bool) -> Vec<Row> {
        Vec::new()
    }
}

/// `mysql.user`'s columns as MySQL 9.7 has them (`definitions::mysql`): (name, numeric,
/// nullable).
pub const MYSQL_USER_COLUMNS: [(&str, bool, bool); 51] = [
    ("Host", false, false),
    ("User", false, false),
    ("Select_priv", false, false),
    ("Insert_priv", false, false),
    ("Update_priv", false, false),
    ("Delete_priv", false, false),
    ("Create_priv", false, false),
    ("Drop_priv", false, false),
    ("Reload_priv", false, false),
    ("Shutdown_priv", false, false),
    ("Process_priv", false, false),
    ("File_priv", false, false),
    ("Grant_priv", false, false),
    ("References_priv", false, false),
    ("Index_priv", false, false),
    ("Alter_priv", false, false),
    ("Show_db_priv", false, false),
    ("Super_priv", false, false),
    ("Create_tmp_table_priv", false, false),
    ("Lock_tables_priv", false, false),
    ("Execute_priv", false, false),
    ("Repl_slave_priv", false, false),
    ("Repl_client_priv", false, false),
    ("Create_view_priv", false, false),
    ("Show_view_priv", false, false),
    ("Create_routine_priv", false, false),
    ("Alter_routine_priv", false, false),
    ("Create_user_priv", false, false),
    ("Event_priv", false, false),
    ("Trigger_priv", false, false),
    ("Create_tablespace_priv", false, false),
    ("ssl_type", false, false),
    ("ssl_cipher", false, false),
    ("x509_issuer", false, false),
    ("x509_subject", false, false),
    ("max_questions", true, false),
    ("max_updates", true, false),
    ("max_connections", true, false),
    ("max_user_connections", true, false),
    ("plugin", false, false),
    ("authentication_string", false, true),
    ("password_expired", false, false),
    ("password_last_changed", false, true),
    ("password_lifetime", true, true),
    ("account_locked", false, false),
    ("Create_role_priv", false, false),
    ("Drop_role_priv", false, false),
    ("Password_reuse_history", true, true),
    ("Password_reuse_time", true, true),
    ("Password_require_current", false, true),
    ("User_attributes", false, true),
];

/// information_schema.STATISTICS' rows of system table `db`.`name` from its definition
/// (`definitions::statistics_rows`): an InnoDB table's cardinalities counted from its rows,
/// read here; performance_schema's hash keys have none.
pub fn system_statistics_rows(
    view: &mut dyn ServerView,
    db: &str,
    name: &str,
    parsed: &super::definitions::Parsed,
) -> Result<Vec<Row>> {
    let (meta, contents) = if parsed.engine == "PERFORMANCE_SCHEMA" || parsed.keys.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        read(view, db, name, name)?
    };
    let names: Vec<String> = meta.into_iter().map(|m| m.name).collect();
    Ok(super::definitions::statistics_rows(db, name, parsed, (&names, &contents)))
}

/// The rows of a performance_schema or information_schema table the server produces, its
/// columns named for `alias`.
pub fn read(
    view: &mut dyn ServerView,
    db: &str,
    table: &str,
    alias: &str,
) -> Result<(Vec<Meta>, Vec<Row>)> {
    let text = |name: &str| Meta {
        name: name.to_string(),
        table: alias.to_string(),
        numeric: false,
        nullable: false,
        json: false,
        time: false,
        labels: None,
    };
    let num = |name: &str| Meta {
        name: name.to_string(),
        table: alias.to_string(),
        numeric: true,
        nullable: true,
        json: false,
        time: false,
        labels: None,
    };
    let key = (db.to_ascii_lowercase(), table.to_ascii_lowercase());
    match (key.0.as_str(), key.1.as_str()) {
        ("performance_schema", "global_status") | ("performance_schema", "session_status") => {
            let global = view.global_status();
            let session_scope = key.1 == "session_status";
            let rows = global
                .into_iter()
                .map(|(name, v)| {
                    let v = if session_scope { view.session_status(name).unwrap_or(v) } else { v };
                    vec![Value::Str(name.to_string()), Value::Str(v.text())]
                })
                .collect();
            Ok((vec![text("VARIABLE_NAME"), text("VARIABLE_VALUE")], rows))
        }
        ("performance_schema", "global_variables")
        | ("performance_schema", "session_variables") => {
            let rows = view
                .variables(key.1 == "session_variables")
                .into_iter()
                .map(|(name, text)| vec![Value::Str(name.to_string()), Value::Str(text)])
                .collect();
            Ok((vec![text("VARIABLE_NAME"), text("VARIABLE_VALUE")], rows))
        }
        ("performance_schema", "persisted_variables") => {
            Ok((vec![text("VARIABLE_NAME"), text("VARIABLE_VALUE")], view.persisted_variables()))
        }
        ("information_schema", "innodb_buffer_page" | "innodb_buffer_page_lru") => {
            view.bring_pool_up_to_date();
            let rs = if key.1 == "innodb_buffer_page" {
                buffer_pages::buffer_page(view.pool(), view.catalog(), view.now())?
            } else {
                buffer_pages::buffer_page_lru(view.pool(), view.catalog(), view.now())?
            };
            let meta = rs
                .columns
                .iter()
                .map(|c| if c.numeric { num(&c.name) } else { text(&c.name) })
                .collect();
            Ok((meta, rs.rows))
        }
        ("information_schema", "innodb_buffer_pool_stats") => {
            view.bring_pool_up_to_date();
            let rs = innodb_monitor::buffer_pool_stats(view.pool());
            let meta = rs.columns.iter().map(|c| num(&c.name)).collect();
            Ok((meta, rs.rows))
        }
        ("information_schema", "innodb_metrics") => {
            let rows = view.innodb_metrics()?.unwrap_or_default();
            Ok((described(super::innodb_metrics::COLUMNS, alias), rows))
        }
        ("information_schema", super::innodb_trx::TABLE) => {
            let rows = view.innodb_trx()?;
            Ok((described(super::innodb_trx::COLUMNS, alias), rows))
        }
        ("information_schema", "tables") => {
            let rows = super::table_status::gather(view, None)
                .iter()
                .map(super::table_status::TableStatus::information_schema_row)
                .collect();
            let columns = super::table_status::COLUMNS
                .iter()
                .enumerate()
                .map(|(i, (n, num))| (*n, *num, i >= 4));
            Ok((described(columns, alias), rows))
        }
        ("information_schema", "engines") => {
            Ok((described(super::engines::COLUMNS, alias), super::engines::rows()))
        }
        ("information_schema", "character_sets") => Ok((
            described(super::character_sets::SET_COLUMNS, alias),
            super::character_sets::set_rows(),
        )),
        ("information_schema", "collations") => Ok((
            described(super::character_sets::COLLATION_COLUMNS, alias),
            super::character_sets::collation_rows(),
        )),
        ("information_schema", "plugins") => {
            Ok((described(super::plugins::COLUMNS, alias), super::plugins::rows()))
        }
        ("information_schema", "schemata") => {
            let rows = view
                .catalog()
                .database_names()
                .into_iter()
                .map(|n| {
                    vec![
                        Value::Str("def".into()),
                        Value::Str(n),
                        Value::Str("utf8mb4".into()),
                        Value::Str("utf8mb4_0900_ai_ci".into()),
                        // SQL_PATH is always NULL; no schema is encrypted by default.
                        Value::Null,
                        Value::Str("NO".into()),
                    ]
                })
                .collect();
            Ok((
                vec![
                    text("CATALOG_NAME"),
                    text("SCHEMA_NAME"),
                    text("DEFAULT_CHARACTER_SET_NAME"),
                    text("DEFAULT_COLLATION_NAME"),
                    Meta { nullable: true, ..text("SQL_PATH") },
                    text("DEFAULT_ENCRYPTION"),
                ],
                rows,
            ))
        }
        ("performance_schema", t) if statement_tables::TABLES.contains(&t) => {
            let now = view.read_at();
            let empty;
            let instruments = match view.statements() {
                Some(s) => s,
                None => {
                    empty = StatementInstruments::new(Default::default(), SimTime(0));
                    &empty
                }
            };
            let (columns, rows) = statement_tables::read(instruments, t, now).unwrap_or_default();
            Ok((described(columns, alias), rows))
        }
        ("performance_schema", t) if super::setup_and_waits::TABLES.contains(&t) => {
            let sources = view.setup_and_waits();
            let (columns, rows) =
                super::setup_and_waits::read(sources.as_ref(), t).unwrap_or_default();
            Ok((described(columns, alias), rows))
        }
        ("information_schema", "profiling") => {
            let rows = view.profiles().map(super::stages::profiles::profiling_rows);
            let columns = super::stages::profiles::PROFILING_COLUMNS.iter().copied();
            Ok((described(columns, alias), rows.unwrap_or_default()))
        }
        ("performance_schema", t) if super::stages::tables::TABLES.contains(&t) => {
            let sources = view.setup_and_waits();
            let (columns, rows) = match sources.as_ref() {
                Some(s) => super::stages::tables::read(s.stages, s.setup, t),
                None => super::stages::tables::read(
                    &super::stages::StageInstruments::new(0, 0, SimTime(0)),
                    &Default::default(),
                    t,
                )
                .map(|(c, _)| (c, Vec::new())),
            }
            .unwrap_or_default();
            Ok((described(columns, alias), rows))
        }
        ("performance_schema", t) if super::transactions::tables::TABLES.contains(&t) => {
            let now = view.read_at();
            let empty;
            let instruments = match view.transactions() {
                Some(s) => s,
                None => {
                    empty = super::transactions::TransactionInstruments::new(0, 0, SimTime(0));
                    &empty
                }
            };
            let (columns, rows) =
                super::transactions::tables::read(instruments, t, now).unwrap_or_default();
            Ok((described(columns, alias), rows))
        }
        ("performance_schema", t) if super::connection_summaries::TABLES.contains(&t) => {
            let rows = view.connection_summary(t);
            Ok((described(super::connection_summaries::columns(t), alias), rows))
        }
        ("performance_schema", t) if super::connect_attrs::TABLES.contains(&t) => {
            let rows = view.connect_attrs(t == "session_account_connect_attrs");
            Ok((described(super::connect_attrs::COLUMNS, alias), rows))
        }
        ("performance_schema", "processlist") | ("information_schema", "processlist") => {
            let pfs = key.0 == "performance_schema";
            let rows = super::processlist::table_rows(&view.processes(), pfs);
            Ok((described(super::processlist::table_columns(pfs), alias), rows))
        }
        ("information_schema", super::information_schema_partitions::TABLE) => {
            let rows = super::information_schema_partitions::rows(view.catalog());
            let columns = super::information_schema_partitions::COLUMNS.iter().copied();
            Ok((described(columns, alias), rows))
        }
        ("information_schema", t) if super::information_schema_routines::TABLES.contains(&t) => {
            let (columns, rows) = super::information_schema_routines::read(view.catalog(), t)
                .unwrap_or((&[], Vec::new()));
            Ok((described(columns.iter().copied(), alias), rows))
        }
        ("information_schema", "columns") => {
            // The system tables' columns from their definitions (the data dictionary holds
            // them before any user table, so they come first), then the user tables'; of
            // them, those of the tables the reader holds a privilege on.
            let mut rows = Vec::new();
            for (name, text) in super::definitions::information_schema::TABLES {
                if let Ok(parsed) = super::definitions::parse(text) {
                    rows.extend(super::definitions::information_schema_rows(
                        "information_schema",
                        name,
                        &parsed,
                    ));
                }
            }
            for (db, name, text) in super::definitions::all() {
                if let Ok(parsed) = super::definitions::parse(text) {
                    rows.extend(super::definitions::information_schema_rows(db, name, &parsed));
                }
            }
            rows.extend(super::information_schema::columns(view.catalog()));
            // Then the views' (typed from their SELECTs), sys's first.
            for (db, name, parsed) in
                crate::server::view_columns::all_views(view.catalog(), view.server_version())
            {
                rows.extend(super::definitions::information_schema_rows(&db, &name, &parsed));
            }
            let text = |v: &Value| v.to_text().unwrap_or_default();
            rows.retain(|r| view.may_see_table(&text(&r[1]), &text(&r[2])));
            let columns = super::information_schema::COLUMNS_COLUMNS.iter().copied();
            Ok((described(columns, alias), rows))
        }
        ("information_schema", "statistics") => {
            // The user tables' keys (their cardinalities as cached for the reader), then the
            // system tables', each only if the reader holds a privilege on its table.
            let names: Vec<(String, String)> = view
                .catalog()
                .tables()
                .map(|t| (t.def.schema.clone(), t.def.name.clone()))
                .filter(|(db, t)| view.may_see_table(db, t))
                .collect();
            let mut rows = Vec::new();
            for (db, t) in names {
                let cardinalities = view.index_cardinalities(&db, &t);
                if let Some(table) = view.catalog().table(&db, &t) {
                    rows.extend(super::information_schema::statistics_rows(table, &cardinalities));
                }
            }
            for (db, name, text) in super::definitions::all() {
                let Ok(parsed) = super::definitions::parse(text) else { continue };
                if !parsed.keys.is_empty() && view.may_see_table(db, name) {
                    rows.extend(system_statistics_rows(view, db, name, &parsed)?);
                }
            }
            let columns = super::information_schema::STATISTICS_COLUMNS.iter().copied();
            Ok((described(columns, alias), rows))
        }
        ("information_schema", t @ ("table_constraints" | "key_column_usage")) => {
            // The user tables' keys, then the system tables' PRIMARY and UNIQUE keys (the
            // data dictionary holds those too), each only where the reader holds a privilege
            // on the table.
            let (columns, mut rows) =
                super::information_schema::read(view.catalog(), t).unwrap_or((&[], Vec::new()));
            for (db, name, text) in super::definitions::all() {
                let Ok(parsed) = super::definitions::parse(text) else { continue };
                rows.extend(if t == "table_constraints" {
                    super::definitions::table_constraint_rows(db, name, &parsed)
                } else {
                    super::definitions::key_column_usage_rows(db, name, &parsed)
                });
            }
            let (schema_at, table_at) = if t == "table_constraints" { (3, 4) } else { (4, 5) };
            let text = |v: &Value| v.to_text().unwrap_or_default();
            rows.retain(|r| view.may_see_table(&text(&r[schema_at]), &text(&r[table_at])));
            Ok((described(columns.iter().copied(), alias), rows))
        }
        ("information_schema", "referential_constraints") => {
            let (columns, mut rows) =
                super::information_schema::read(view.catalog(), "referential_constraints")
                    .unwrap_or((&[], Vec::new()));
            let text = |v: &Value| v.to_text().unwrap_or_default();
            rows.retain(|r| view.may_see_table(&text(&r[1]), &text(&r[9])));
            Ok((described(columns.iter().copied(), alias), rows))
        }
        ("information_schema", t) if super::information_schema::TABLES.contains(&t) => {
            let (columns, rows) =
                super::information_schema::read(view.catalog(), t).unwrap_or((&[], Vec::new()));
            Ok((described(columns.iter().copied(), alias), rows))
        }
        ("performance_schema", t) if super::table_io::TABLES.contains(&t) => {
            let by_index = t == super::table_io::TABLES[0];
            let rows = match view.table_io() {
                Some(io) if by_index => io.by_index_usage(view.catalog()),
                Some(io) => io.by_table(view.catalog()),
                None => Vec::new(),
            };
            let columns = super::table_io::columns(by_index);
            let columns = columns.iter().map(|(n, num, null)| (n.as_str(), *num, *null));
            Ok((described(columns, alias), rows))
        }
        ("information_schema", t) if super::user_statistics::StatsTable::from_name(t).is_some() => {
            let which = super::user_statistics::StatsTable::from_name(t).expect("matched");
            let Some((stats, sees_accounts)) = view.user_statistics() else {
                return Err(MySqlError::unknown_information_schema_table(&table.to_uppercase()));
            };
            let (columns, mut rows) = stats.read(which);
            // Percona shows the account tables only to SUPER or PROCESS.
            let accounts = !matches!(
                which,
                super::user_statistics::StatsTable::Table
                    | super::user_statistics::StatsTable::Index
            );
            if accounts && !sees_accounts {
                rows.clear();
            }
            let columns = columns.iter().map(|(n, num)| (*n, *num, false));
            Ok((described(columns, alias), rows))
        }
        ("sys", "sys_config") => {
            let installed = crate::sim::civil_time_at(SimTime(0)).datetime();
            let rows = super::sys::sys_config_rows(&installed);
            Ok((described(super::sys::SYS_CONFIG_COLUMNS, alias), rows))
        }
        ("mysql", "slow_log") | ("mysql", "general_log") => {
            use super::query_logs::tables::{GENERAL_LOG_COLUMNS, SLOW_LOG_COLUMNS};
            let slow = key.1 == "slow_log";
            let columns = if slow { &SLOW_LOG_COLUMNS[..] } else { &GENERAL_LOG_COLUMNS[..] };
            let rows = match view.query_log_tables() {
                Some(t) if slow => t.slow_rows(),
                Some(t) => t.general_rows(),
                None => Vec::new(),
            };
            Ok((described(columns.iter().copied(), alias), rows))
        }
        ("mysql", "user") => {
            let meta = described(MYSQL_USER_COLUMNS, alias);
            Ok((meta, view.mysql_user()))
        }
        // mysqld checks an information_schema name before it opens anything: a name it has
        // neither as a system view nor as a schema table is ER_UNKNOWN_TABLE, upper-cased
        // as the dictionary's view names are (sql_parse.cc, add_table_to_list).
        ("information_schema", _) => {
            Err(MySqlError::unknown_information_schema_table(&table.to_uppercase()))
        }
        _ => Err(MySqlError::no_such_table(db, table)),
    }
}

/// The result columns of a produced table read as `alias`, from its (name, numeric,
/// nullable) list.
fn described<'n>(
    columns: impl IntoIterator<Item = (&'n str, bool, bool)>,
    alias: &str,
) -> Vec<Meta> {
    columns
        .into_iter()
        .map(|(name, numeric, nullable)| Meta {
            name: name.to_string(),
            table: alias.to_string(),
            numeric,
            nullable,
            json: false,
            time: false,
            labels: None,
        })
        .collect()
}

/// The column names of a system table (`db`.`table`), or MySQL's error for one that does not
/// exist, without reading the server: for EXPLAIN, which resolves names but reads no rows.
pub fn columns(db: &str, table: &str) -> Result<Vec<String>> {
    let (meta, _) = read(&mut Nothing(Catalog::new()), db, table, table)?;
    Ok(meta.into_iter().map(|m| m.name).collect())
}

/// A server with nothing in it: what [`columns`] reads, so that names come from the same
/// code as rows.
struct Nothing(Catalog);

impl ServerView for Nothing {
    fn global_status(&mut self) -> Vec<(&'static str, StatusValue)> {
        Vec::new()
    }
    fn session_status(&self, _: &str) -> Option<StatusValue> {
        None
    }
    fn variables(&self, _: bool) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    fn catalog(&self) -> &Catalog {
        &self.0
    }
    fn bring_pool_up_to_date(&mut self) {}
    fn pool(&self) -> Option<&BufferPool> {
        None
    }
    fn now(&self) -> SimTime {
        SimTime(0)
    }
    fn mysql_user(&self) -> Vec<Row> {
        Vec::new()
    }
    fn statements(&self) -> Option<&StatementInstruments> {
        None
    }
    fn processes(&self) -> Vec<super::processlist::Process> {
        Vec::new()
    }
    fn table_io(&self) -> Option<&super::table_io::TableIo> {
        None
    }
    fn setup_and_waits(&mut self) -> Option<super::setup_and_waits::Sources<'_>> {
        None
    }
}
