//! information_schema.TABLES and SHOW TABLE STATUS: one [`TableStatus`] per table and view a
//! session may see, which both print (TABLES' 21 columns, SHOW's 18). Stored tables' figures
//! come from the server through mysql.table_stats' cache (`storage::table_stats`); the
//! system schemas' tables are described here:
//!
//! - information_schema's tables are SYSTEM VIEWs: no engine, VERSION 10, zero sizes;
//! - performance_schema's tables have ENGINE PERFORMANCE_SCHEMA and a row count the engine
//!   estimates from its buffers' sizes ([`performance_schema_rows`]), read live every time
//!   (MySQL never caches performance_schema's statistics);
//! - mysql.user is an InnoDB table of the `mysql` tablespace, the two log tables are CSV, and
//!   sys.sys_config is InnoDB; sys's views are VIEWs.
//!
//! Sources: the TABLES view's definition (sql/dd/impl/system_views/tables.cc: ENGINE only
//! for BASE TABLE, VERSION NULL only for VIEW, the statistics NULL only for VIEW), ha_perfschema
//! and each performance_schema table's `get_row_count()` (storage/perfschema), ha_tina::info
//! (a CSV table reports 2 rows until it has counted them), scripts/mysql_system_tables.sql
//! (the mysql tables' options and comments). The data directory is taken to have been
//! initialised at the simulated boot, so every system table's CREATE_TIME is the boot instant.

use super::system_tables::ServerView;
use crate::sim::civil_time_at;
use crate::storage::table::Row;
use crate::storage::table_stats::TableStats;
use crate::storage::value::Value;

/// TABLE_TYPE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    BaseTable,
    View,
    SystemView,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::BaseTable => "BASE TABLE",
            Kind::View => "VIEW",
            Kind::SystemView => "SYSTEM VIEW",
        }
    }
}

/// One table's or view's row of information_schema.TABLES.
#[derive(Clone, Debug, PartialEq)]
pub struct TableStatus {
    pub schema: String,
    pub name: String,
    pub kind: Kind,
    pub engine: Option<&'static str>,
    pub row_format: Option<&'static str>,
    /// The statistics columns (None for a view: all NULL).
    pub stats: Option<TableStats>,
    /// Simulated Unix microseconds.
    pub create_micros: Option<i64>,
    pub collation: Option<&'static str>,
    /// None for a view.
    pub create_options: Option<String>,
    pub comment: String,
}

/// information_schema.TABLES' columns: (name, numeric).
pub const COLUMNS: [(&str, bool); 21] = [
    ("TABLE_CATALOG", false),
    ("TABLE_SCHEMA", false),
    ("TABLE_NAME", false),
    ("TABLE_TYPE", false),
    ("ENGINE", false),
    ("VERSION", true),
    ("ROW_FORMAT", false),
    ("TABLE_ROWS", true),
    ("AVG_ROW_LENGTH", true),
    ("DATA_LENGTH", true),
    ("MAX_DATA_LENGTH", true),
    ("INDEX_LENGTH", true),
    ("DATA_FREE", true),
    ("AUTO_INCREMENT", true),
    ("CREATE_TIME", false),
    ("UPDATE_TIME", false),
    ("CHECK_TIME", false),
    ("TABLE_COLLATION", false),
    ("CHECKSUM", true),
    ("CREATE_OPTIONS", false),
    ("TABLE_COMMENT", false),
];

/// SHOW TABLE STATUS' columns: (name, numeric). The same values under older names, without
/// the catalog, schema and type.
pub const SHOW_COLUMNS: [(&str, bool); 18] = [
    ("Name", false),
    ("Engine", false),
    ("Version", true),
    ("Row_format", false),
    ("Rows", true),
    ("Avg_row_length", true),
    ("Data_length", true),
    ("Max_data_length", true),
    ("Index_length", true),
    ("Data_free", true),
    ("Auto_increment", true),
    ("Create_time", false),
    ("Update_time", false),
    ("Check_time", false),
    ("Collation", false),
    ("Checksum", true),
    ("Create_options", false),
    ("Comment", false),
];

fn text(s: &str) -> Value {
    Value::Str(s.to_string())
}

fn opt_text(s: Option<&str>) -> Value {
    s.map_or(Value::Null, text)
}

fn opt_num(n: Option<u64>) -> Value {
    n.map_or(Value::Null, Value::UInt)
}

/// `2026-09-23 08:00:00`: a DATETIME as TABLES shows it (whole seconds).
fn datetime(micros: Option<i64>) -> Value {
    match micros {
        Some(m) => {
            let since_boot = m.saturating_sub(crate::sim::BOOT_UNIX_SECS * 1_000_000).max(0);
            let at = crate::sim::SimTime(since_boot as u64 * 1_000);
            Value::Str(civil_time_at(at).datetime())
        }
        None => Value::Null,
    }
}

impl TableStatus {
    /// A stored table of a user schema (InnoDB, DYNAMIC, the server's default collation);
    /// `stats` None until they are read.
    pub fn user_table(
        schema: &str,
        name: &str,
        stats: Option<TableStats>,
        create_micros: i64,
        partitioned: bool,
    ) -> TableStatus {
        TableStatus {
            schema: schema.to_string(),
            name: name.to_string(),
            kind: Kind::BaseTable,
            engine: Some("InnoDB"),
            row_format: Some("Dynamic"),
            stats,
            create_micros: Some(create_micros),
            collation: Some("utf8mb4_0900_ai_ci"),
            create_options: Some(if partitioned { "partitioned" } else { "" }.to_string()),
            comment: String::new(),
        }
    }

    /// A view: its name, CREATE_TIME and the comment VIEW, every other column NULL.
    pub fn view(schema: &str, name: &str, create_micros: i64) -> TableStatus {
        TableStatus {
            schema: schema.to_string(),
            name: name.to_string(),
            kind: Kind::View,
            engine: None,
            row_format: None,
            stats: None,
            create_micros: Some(create_micros),
            collation: None,
            create_options: None,
            comment: "VIEW".to_string(),
        }
    }

    /// The row of information_schema.TABLES ([`COLUMNS`]).
    pub fn information_schema_row(&self) -> Row {
        let mut row =
            vec![text("def"), text(&self.schema), text(&self.name), text(self.kind.word())];
        row.extend(self.common_values());
        row
    }

    /// The row of SHOW TABLE STATUS ([`SHOW_COLUMNS`]).
    pub fn show_row(&self) -> Row {
        let mut row = vec![text(&self.name)];
        row.extend(self.common_values());
        row
    }

    /// ENGINE through TABLE_COMMENT.
    fn common_values(&self) -> Vec<Value> {
        let version = if self.kind == Kind::View { Value::Null } else { Value::UInt(10) };
        let s = self.stats.as_ref();
        vec![
            opt_text(self.engine),
            version,
            opt_text(self.row_format),
            opt_num(s.map(|s| s.rows)),
            opt_num(s.map(|s| s.avg_row_length)),
            opt_num(s.map(|s| s.data_length)),
            opt_num(s.map(|s| s.max_data_length)),
            opt_num(s.map(|s| s.index_length)),
            opt_num(s.map(|s| s.data_free)),
            opt_num(s.and_then(|s| s.auto_increment)),
            datetime(self.create_micros),
            datetime(s.and_then(|s| s.update_time)),
            datetime(s.and_then(|s| s.check_time)),
            opt_text(self.collation),
            opt_num(s.and_then(|s| s.checksum)),
            opt_text(self.create_options.as_deref()),
            text(&self.comment),
        ]
    }
}

/// When the simulated data directory was initialised: the boot instant.
pub fn initialised_micros() -> i64 {
    crate::sim::BOOT_UNIX_SECS * 1_000_000
}

/// One of information_schema's own tables.
pub fn system_view(name: &str) -> TableStatus {
    TableStatus {
        schema: "information_schema".into(),
        name: name.to_string(),
        kind: Kind::SystemView,
        engine: None,
        // UNCONFIRMED beyond ROW_FORMAT, TABLE_ROWS, DATA_LENGTH and AUTO_INCREMENT, which a
        // real 8.4 server shows as NULL, 0, 0 and NULL: the other statistics 0 or NULL alike,
        // the collation NULL.
        row_format: None,
        stats: Some(TableStats::empty(0)),
        create_micros: Some(initialised_micros()),
        collation: None,
        create_options: Some(String::new()),
        comment: String::new(),
    }
}

/// A performance_schema table, with the engine's estimate of its rows.
pub fn performance_schema_table(name: &str, rows: u64) -> TableStatus {
    TableStatus {
        schema: "performance_schema".into(),
        name: name.to_string(),
        kind: Kind::BaseTable,
        engine: Some("PERFORMANCE_SCHEMA"),
        // Seen as Dynamic on a real 8.4 server; UNCONFIRMED for tables of fixed-width columns
        // only, which are taken to be the same.
        row_format: Some("Dynamic"),
        stats: Some(TableStats::empty(rows)),
        create_micros: Some(initialised_micros()),
        collation: Some(
            if name == "session_account_connect_attrs" || name == "session_connect_attrs" {
                "utf8mb4_bin"
            } else {
                "utf8mb4_0900_ai_ci"
            },
        ),
        create_options: Some(String::new()),
        comment: String::new(),
    }
}

/// mysql.slow_log or mysql.general_log: CSV tables. The CSV engine reports 2 rows while it has
/// not counted them ("This is a lie, but you don't want the optimizer to see zero or 1",
/// ha_tina::info); simplification: it is taken never to have counted them, and to report no
/// lengths (UNCONFIRMED), its row format Dynamic (UNCONFIRMED).
pub fn log_table(name: &str) -> TableStatus {
    TableStatus {
        schema: "mysql".into(),
        name: name.to_string(),
        kind: Kind::BaseTable,
        engine: Some("CSV"),
        row_format: Some("Dynamic"),
        stats: Some(TableStats::empty(2)),
        create_micros: Some(initialised_micros()),
        collation: Some("utf8mb3_general_ci"),
        create_options: Some(String::new()),
        comment: if name == "slow_log" { "Slow log" } else { "General log" }.to_string(),
    }
}

/// An InnoDB system table whose rows fit one 16 KB page (mysql.user, sys.sys_config): as
/// InnoDB reports a one-page table, DATA_LENGTH 16384 and AVG_ROW_LENGTH that over its rows.
pub fn one_page_stats(rows: u64, updated_micros: Option<i64>) -> TableStats {
    TableStats {
        avg_row_length: 16384 / rows.max(1),
        data_length: 16384,
        update_time: updated_micros,
        ..TableStats::empty(rows)
    }
}

/// mysql.user, with its options and comment from mysql_system_tables.sql.
pub fn mysql_user(stats: TableStats) -> TableStatus {
    TableStatus {
        schema: "mysql".into(),
        name: "user".into(),
        kind: Kind::BaseTable,
        engine: Some("InnoDB"),
        row_format: Some("Dynamic"),
        stats: Some(stats),
        create_micros: Some(initialised_micros()),
        collation: Some("utf8mb3_bin"),
        // UNCONFIRMED: GET_DD_CREATE_OPTIONS' text for its STATS_PERSISTENT=0 and
        // ROW_FORMAT=DYNAMIC, taken to be the lower-case words 5.7 printed.
        create_options: Some("row_format=DYNAMIC stats_persistent=0".into()),
        comment: "Users and global privileges".into(),
    }
}

/// sys.sys_config: InnoDB, no options, no comment.
pub fn sys_config(stats: TableStats) -> TableStatus {
    TableStatus {
        schema: "sys".into(),
        name: "sys_config".into(),
        kind: Kind::BaseTable,
        engine: Some("InnoDB"),
        row_format: Some("Dynamic"),
        stats: Some(stats),
        create_micros: Some(initialised_micros()),
        collation: Some("utf8mb4_0900_ai_ci"),
        create_options: Some(String::new()),
        comment: String::new(),
    }
}

/// What performance_schema's row estimates read: how far its growing buffers have grown
/// (each holds whole pages, allocated as they fill and never freed), and counts of the
/// server's variables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PfsCounts {
    /// Threads that have existed at once at most (background and connections).
    pub threads_peak: u64,
    pub accounts: u64,
    pub hosts: u64,
    pub users: u64,
    /// Instrumented files, tables and indexes seen.
    pub files: u64,
    pub table_shares: u64,
    pub index_stats: u64,
    /// Rows of SHOW GLOBAL STATUS and SHOW GLOBAL VARIABLES, and persisted settings.
    pub status_variables: u64,
    pub system_variables: u64,
    pub persisted_variables: u64,
}

/// Rows of a scalable buffer of `page`-sized pages holding `used` entries at most so far:
/// whole pages (the buffers here are all autosized, so every page is full-sized).
/// `at_least_one`: the server fills the buffer at startup (files, tables, indexes), so it has
/// a page before any client reads it.
fn pages_of(used: u64, page: u64, at_least_one: bool) -> u64 {
    let pages = used.div_ceil(page);
    let pages = if at_least_one { pages.max(1) } else { pages };
    pages * page
}

/// WAIT_STACK_SIZE (pfs_instr.h): the waits a thread's events_waits_current can nest.
const WAIT_STACK_SIZE: u64 = 6;
/// NUMBER_OF_BUCKETS (pfs_histogram.h).
const HISTOGRAM_BUCKETS: u64 = 450;
/// COUNT_SETUP_CONSUMERS (table_setup_consumers.cc).
const SETUP_CONSUMERS: u64 = 16;
/// COUNT_GLOBAL_EVENT_INDEX (pfs_instr_class.h): table io, table lock, idle, metadata.
const GLOBAL_EVENT_CLASSES: u64 = 4;

/// The engine's estimate of `table`'s rows, as each performance_schema table's
/// `get_row_count()` computes it: a buffer's size (its variable) or its grown pages, times
/// what each entry holds. `var` reads a sizing variable's value as SHOW VARIABLES prints it
/// after autosizing. None for a table this server does not have.
pub fn performance_schema_rows(
    table: &str,
    c: &PfsCounts,
    var: &dyn Fn(&str) -> u64,
) -> Option<u64> {
    let threads = pages_of(c.threads_peak, 256, true);
    let accounts = pages_of(c.accounts, 128, false);
    let hosts = pages_of(c.hosts, 128, false);
    let users = pages_of(c.users, 128, false);
    let v = |name: &str| var(&format!("performance_schema_{name}"));
    let statement_classes = v("max_statement_classes");
    let wait_classes = GLOBAL_EVENT_CLASSES
        + v("max_mutex_classes")
        + v("max_rwlock_classes")
        + v("max_cond_classes")
        + v("max_file_classes")
        + v("max_socket_classes");
    let rows = match table {
        "accounts" => accounts,
        "hosts" => hosts,
        "users" => users,
        "threads" | "processlist" | "events_stages_current" | "events_transactions_current" => {
            threads
        }
        "events_stages_history" => v("events_stages_history_size") * threads,
        "events_stages_history_long" => v("events_stages_history_long_size"),
        "events_stages_summary_by_thread_by_event_name" => threads * v("max_stage_classes"),
        "events_stages_summary_global_by_event_name" => v("max_stage_classes"),
        "events_statements_current" => threads * v("max_statement_stack"),
        "events_statements_history" => v("events_statements_history_size") * threads,
        "events_statements_history_long" => v("events_statements_history_long_size"),
        // One digest's row counts once, though it shows a row per bucket.
        "events_statements_histogram_by_digest" | "events_statements_summary_by_digest" => {
            v("digests_size")
        }
        "events_statements_histogram_global" => HISTOGRAM_BUCKETS,
        "events_statements_summary_by_account_by_event_name" => accounts * statement_classes,
        "events_statements_summary_by_host_by_event_name" => hosts * statement_classes,
        "events_statements_summary_by_thread_by_event_name" => threads * statement_classes,
        "events_statements_summary_by_user_by_event_name" => users * statement_classes,
        "events_statements_summary_global_by_event_name" => statement_classes,
        "events_transactions_history" => v("events_transactions_history_size") * threads,
        "events_transactions_history_long" => v("events_transactions_history_long_size"),
        // One transaction class.
        "events_transactions_summary_global_by_event_name" => 1,
        "events_waits_current" => WAIT_STACK_SIZE * threads,
        "events_waits_history" => v("events_waits_history_size") * threads,
        "events_waits_history_long" => v("events_waits_history_long_size"),
        "events_waits_summary_global_by_event_name" => wait_classes,
        "file_summary_by_event_name" => v("max_file_classes"),
        "file_summary_by_instance" => pages_of(c.files, 4096, true),
        // Simplification: MySQL counts its status array's top-level entries (a group such as
        // Com counts once), fewer than the rows shown; here the rows shown.
        "global_status" | "session_status" => c.status_variables,
        "global_variables" | "session_variables" => c.system_variables,
        "memory_summary_global_by_event_name" => v("max_memory_classes"),
        "persisted_variables" => c.persisted_variables,
        "session_account_connect_attrs" | "session_connect_attrs" => {
            threads * v("session_connect_attrs_size")
        }
        "setup_consumers" => SETUP_CONSUMERS,
        // The wait, stage, statement, transaction (1), memory and error (1) classes.
        "setup_instruments" => {
            wait_classes
                + v("max_stage_classes")
                + statement_classes
                + 1
                + v("max_memory_classes")
                + 1
        }
        "table_io_waits_summary_by_index_usage" => pages_of(c.index_stats, 8192, true),
        "table_io_waits_summary_by_table" => pages_of(c.table_shares, 4096, true),
        _ => return None,
    };
    Some(rows)
}

/// The user schemas' tables and views, of `schema` only when given, unsorted; the tables'
/// statistics not read yet (`stats` None), for the reader to take from the engine or the
/// cache.
pub fn user_tables(
    catalog: &crate::storage::catalog::Catalog,
    schema: Option<&str>,
) -> Vec<TableStatus> {
    let mut out = Vec::new();
    for d in catalog.databases().filter(|d| schema.is_none_or(|s| s == d.name)) {
        for t in d.tables.values() {
            let partitioned = t.def.partitioning.is_some();
            out.push(TableStatus::user_table(
                &d.name,
                &t.def.name,
                None,
                t.created_micros,
                partitioned,
            ));
        }
        out.extend(d.views.values().map(|v| TableStatus::view(&d.name, &v.name, v.created_micros)));
    }
    out
}

/// [`user_tables`] with each table's statistics as its engine reports them now.
pub fn live_user_tables(
    catalog: &crate::storage::catalog::Catalog,
    schema: Option<&str>,
) -> Vec<TableStatus> {
    let mut out = user_tables(catalog, schema);
    for t in out.iter_mut().filter(|t| t.kind == Kind::BaseTable) {
        t.stats = catalog.table(&t.schema, &t.name).map(TableStats::of);
    }
    out
}

/// Every table and view the reading session may see, of `schema` only when given (a system
/// schema's name in any case), in (schema, name) order: the stored ones as the server gives
/// them ([`ServerView::stored_table_status`]), then information_schema's, performance_schema's
/// and sys's views.
pub fn gather(view: &mut dyn ServerView, schema: Option<&str>) -> Vec<TableStatus> {
    let wants = |name: &str| schema.is_none_or(|s| s.eq_ignore_ascii_case(name));
    let mut out = view.stored_table_status(schema);
    let system = crate::server::statements::show::SYSTEM_TABLES;
    if wants("information_schema") {
        out.extend(
            system
                .iter()
                .filter(|(db, _, _)| *db == "information_schema")
                .map(|(_, t, _)| system_view(t)),
        );
    }
    if wants("performance_schema") {
        let variables = view.variables(false);
        let counts = performance_schema_counts(view, variables.len() as u64);
        let var = |name: &str| {
            variables
                .iter()
                .find(|(n, _)| *n == name)
                .and_then(|(_, v)| v.parse::<u64>().ok())
                .unwrap_or(0)
        };
        for (_, table, _) in system.iter().filter(|(db, _, _)| *db == "performance_schema") {
            if !view.may_see_table("performance_schema", table) {
                continue;
            }
            if let Some(rows) = performance_schema_rows(table, &counts, &var) {
                out.push(performance_schema_table(table, rows));
            }
        }
    }
    if wants("sys") {
        out.extend(
            super::sys::VIEWS
                .iter()
                .filter(|v| view.may_see_table("sys", v.name))
                .map(|v| TableStatus::view("sys", v.name, initialised_micros())),
        );
    }
    out.sort_by(|a, b| (&a.schema, &a.name).cmp(&(&b.schema, &b.name)));
    out
}

/// How far performance_schema's buffers have grown, read from the server's instruments
/// (`system_variables`: how many SHOW GLOBAL VARIABLES lists).
fn performance_schema_counts(view: &mut dyn ServerView, system_variables: u64) -> PfsCounts {
    let status = view.global_status();
    let max_used = status
        .iter()
        .find(|(n, _)| *n == "Max_used_connections")
        .and_then(|(_, v)| v.text().parse::<u64>().ok())
        .unwrap_or(0);
    let mut c = PfsCounts {
        threads_peak: super::threads::BACKGROUND_THREADS + max_used.max(1),
        accounts: view.connection_summary("accounts").len() as u64,
        hosts: view.connection_summary("hosts").len() as u64,
        users: view.connection_summary("users").len() as u64,
        status_variables: status.len() as u64,
        system_variables,
        persisted_variables: view.persisted_variables().len() as u64,
        ..PfsCounts::default()
    };
    if let Some(io) = view.table_io() {
        (c.table_shares, c.index_stats) = io.row_counts(view.catalog());
    }
    if let Some(sources) = view.setup_and_waits() {
        c.files = super::setup_and_waits::read(Some(&sources), "file_summary_by_instance")
            .map_or(0, |(_, rows)| rows.len() as u64);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A default 9.7 server's sizing variables (the registry's defaults after autosizing).
    fn defaults(name: &str) -> u64 {
        match name {
            "performance_schema_max_statement_classes" => 219,
            "performance_schema_max_mutex_classes" => 350,
            "performance_schema_max_rwlock_classes" => 100,
            "performance_schema_max_cond_classes" => 150,
            "performance_schema_max_file_classes" => 80,
            "performance_schema_max_socket_classes" => 10,
            "performance_schema_max_stage_classes" => 175,
            "performance_schema_max_memory_classes" => 450,
            "performance_schema_max_statement_stack" => 10,
            "performance_schema_session_connect_attrs_size" => 512,
            "performance_schema_digests_size" => 10_000,
            n if n.ends_with("_history_long_size") => 10_000,
            n if n.ends_with("_history_size") => 10,
            _ => 0,
        }
    }

    fn rows(table: &str, c: &PfsCounts) -> u64 {
        performance_schema_rows(table, c, &defaults).expect("a performance_schema table")
    }

    #[test]
    fn estimates_follow_the_buffers_pages_not_the_rows() {
        let c =
            PfsCounts { threads_peak: 45, accounts: 3, hosts: 1, users: 3, ..PfsCounts::default() };
        // The thread buffer has one page of 256: ten statements per thread's stack.
        assert_eq!(rows("events_statements_current", &c), 2560);
        assert_eq!(rows("events_statements_history", &c), 2560);
        assert_eq!(rows("events_waits_current", &c), 1536);
        assert_eq!(rows("threads", &c), 256);
        assert_eq!(rows("accounts", &c), 128);
        assert_eq!(rows("events_statements_history_long", &c), 10_000);
        assert_eq!(rows("events_statements_histogram_by_digest", &c), 10_000);
        assert_eq!(rows("events_statements_histogram_global", &c), 450);
        assert_eq!(rows("session_connect_attrs", &c), 256 * 512);
        assert_eq!(rows("setup_consumers", &c), 16);
        assert_eq!(rows("events_transactions_summary_global_by_event_name", &c), 1);
        // 4 + 350 + 100 + 150 + 80 + 10 wait classes.
        assert_eq!(rows("events_waits_summary_global_by_event_name", &c), 694);
        assert_eq!(rows("setup_instruments", &c), 694 + 175 + 219 + 1 + 450 + 1);
        assert_eq!(rows("file_summary_by_instance", &c), 4096);
        assert_eq!(performance_schema_rows("no_such_table", &c, &defaults), None);
    }

    #[test]
    fn buffers_grow_a_page_at_a_time() {
        let mut c = PfsCounts { threads_peak: 257, accounts: 129, ..PfsCounts::default() };
        c.table_shares = 25_013;
        assert_eq!(rows("threads", &c), 512);
        assert_eq!(rows("accounts", &c), 256);
        // No host has connected: no page.
        assert_eq!(rows("hosts", &c), 0);
        assert_eq!(rows("table_io_waits_summary_by_table", &c), 7 * 4096);
        assert_eq!(rows("table_io_waits_summary_by_index_usage", &c), 8192);
    }

    #[test]
    fn rows_print_as_tables_and_show_print_them() {
        let t = TableStatus::user_table(
            "shop",
            "t",
            Some(one_page_stats(4, None)),
            initialised_micros(),
            false,
        );
        let row = t.information_schema_row();
        assert_eq!(row.len(), COLUMNS.len());
        assert_eq!(row[3], text("BASE TABLE"));
        assert_eq!(row[8], Value::UInt(4096));
        assert_eq!(row[14], text("2026-09-23 08:00:00"));
        assert_eq!(row[15], Value::Null);
        let show = t.show_row();
        assert_eq!(show.len(), SHOW_COLUMNS.len());
        assert_eq!(show[0], text("t"));
        let v = TableStatus::view("shop", "v", initialised_micros() + 1_500_000);
        let row = v.information_schema_row();
        assert_eq!((row[5].clone(), row[7].clone()), (Value::Null, Value::Null));
        assert_eq!(row[14], text("2026-09-23 08:00:01"));
        assert_eq!(row[19], Value::Null);
        assert_eq!(row[20], text("VIEW"));
        let s = system_view("TABLES").information_schema_row();
        assert_eq!(
            (s[4].clone(), s[5].clone(), s[7].clone()),
            (Value::Null, Value::UInt(10), Value::UInt(0))
        );
    }
}
