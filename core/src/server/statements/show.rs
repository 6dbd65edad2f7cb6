//! SHOW DATABASES, SHOW TABLES, SHOW CREATE TABLE, SHOW INDEX and SHOW COLUMNS / DESCRIBE,
//! formatted as MySQL 9.7 prints them: the same column names, order and types (numeric
//! columns are right-aligned by the client), the same sort order and the same errors.
//!
//! SHOW INDEX prints information_schema.STATISTICS' rows: its cardinality is
//! [`crate::storage::statistics::index_cardinality`], the estimate the planner and EXPLAIN
//! use, as the data dictionary cached it (mysql.index_stats, `information_schema_stats_expiry`).

use crate::error::{MySqlError, Result};
use crate::instruments::information_schema::column_key;
use crate::server::context::Cx;
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::bind::{Binder, NamedColumns};
use crate::sql::execution::Work;
use crate::sql::expr::eval;
use crate::sql::expr::LikePattern;
use crate::sql::parser::{ShowFilter, Statement};
use crate::sql::{Column, Response, ResultSet, Value};
use crate::storage::catalog::Catalog;
use crate::storage::schema::{ColumnDef, ColumnType};
use crate::storage::table::{Row, Table};

/// The tables this server produces in its system schemas (what a SELECT can read from them,
/// see `instruments/system_tables.rs`), with the type SHOW FULL TABLES gives them. Simplification: a real server
/// lists many more (information_schema alone has about 80).
pub(crate) const SYSTEM_TABLES: [(&str, &str, &str); 72] = [
    ("information_schema", "CHARACTER_SETS", "SYSTEM VIEW"),
    ("information_schema", "CHECK_CONSTRAINTS", "SYSTEM VIEW"),
    ("information_schema", "COLLATIONS", "SYSTEM VIEW"),
    ("information_schema", "COLUMNS", "SYSTEM VIEW"),
    ("information_schema", "ENGINES", "SYSTEM VIEW"),
    ("information_schema", "INNODB_BUFFER_PAGE", "SYSTEM VIEW"),
    ("information_schema", "INNODB_BUFFER_PAGE_LRU", "SYSTEM VIEW"),
    ("information_schema", "INNODB_BUFFER_POOL_STATS", "SYSTEM VIEW"),
    ("information_schema", "INNODB_METRICS", "SYSTEM VIEW"),
    ("information_schema", "INNODB_TRX", "SYSTEM VIEW"),
    ("information_schema", "INNODB_TABLESPACES", "SYSTEM VIEW"),
    ("information_schema", "KEY_COLUMN_USAGE", "SYSTEM VIEW"),
    ("information_schema", "PARAMETERS", "SYSTEM VIEW"),
    ("information_schema", "PARTITIONS", "SYSTEM VIEW"),
    ("information_schema", "PLUGINS", "SYSTEM VIEW"),
    ("information_schema", "PROCESSLIST", "SYSTEM VIEW"),
    ("information_schema", "PROFILING", "SYSTEM VIEW"),
    ("information_schema", "REFERENTIAL_CONSTRAINTS", "SYSTEM VIEW"),
    ("information_schema", "ROUTINES", "SYSTEM VIEW"),
    ("information_schema", "SCHEMATA", "SYSTEM VIEW"),
    ("information_schema", "STATISTICS", "SYSTEM VIEW"),
    ("information_schema", "TABLES", "SYSTEM VIEW"),
    ("information_schema", "TABLE_CONSTRAINTS", "SYSTEM VIEW"),
    ("information_schema", "TRIGGERS", "SYSTEM VIEW"),
    ("information_schema", "VIEWS", "SYSTEM VIEW"),
    ("mysql", "general_log", "BASE TABLE"),
    ("mysql", "slow_log", "BASE TABLE"),
    ("mysql", "user", "BASE TABLE"),
    ("performance_schema", "accounts", "BASE TABLE"),
    ("performance_schema", "hosts", "BASE TABLE"),
    ("performance_schema", "users", "BASE TABLE"),
    ("performance_schema", "events_stages_current", "BASE TABLE"),
    ("performance_schema", "events_stages_history", "BASE TABLE"),
    ("performance_schema", "events_stages_history_long", "BASE TABLE"),
    ("performance_schema", "events_stages_summary_by_thread_by_event_name", "BASE TABLE"),
    ("performance_schema", "events_stages_summary_global_by_event_name", "BASE TABLE"),
    ("performance_schema", "events_statements_current", "BASE TABLE"),
    ("performance_schema", "events_waits_current", "BASE TABLE"),
    ("performance_schema", "events_waits_history", "BASE TABLE"),
    ("performance_schema", "events_waits_history_long", "BASE TABLE"),
    ("performance_schema", "events_waits_summary_global_by_event_name", "BASE TABLE"),
    ("performance_schema", "file_summary_by_event_name", "BASE TABLE"),
    ("performance_schema", "file_summary_by_instance", "BASE TABLE"),
    ("performance_schema", "memory_summary_global_by_event_name", "BASE TABLE"),
    ("performance_schema", "setup_instruments", "BASE TABLE"),
    ("performance_schema", "threads", "BASE TABLE"),
    ("performance_schema", "events_statements_histogram_by_digest", "BASE TABLE"),
    ("performance_schema", "events_statements_histogram_global", "BASE TABLE"),
    ("performance_schema", "events_statements_history", "BASE TABLE"),
    ("performance_schema", "events_statements_history_long", "BASE TABLE"),
    ("performance_schema", "events_statements_summary_by_account_by_event_name", "BASE TABLE"),
    ("performance_schema", "events_statements_summary_by_digest", "BASE TABLE"),
    ("performance_schema", "events_statements_summary_by_host_by_event_name", "BASE TABLE"),
    ("performance_schema", "events_statements_summary_by_thread_by_event_name", "BASE TABLE"),
    ("performance_schema", "events_statements_summary_by_user_by_event_name", "BASE TABLE"),
    ("performance_schema", "events_statements_summary_global_by_event_name", "BASE TABLE"),
    ("performance_schema", "events_transactions_current", "BASE TABLE"),
    ("performance_schema", "events_transactions_history", "BASE TABLE"),
    ("performance_schema", "events_transactions_history_long", "BASE TABLE"),
    ("performance_schema", "events_transactions_summary_global_by_event_name", "BASE TABLE"),
    ("performance_schema", "global_status", "BASE TABLE"),
    ("performance_schema", "global_variables", "BASE TABLE"),
    ("performance_schema", "persisted_variables", "BASE TABLE"),
    ("performance_schema", "processlist", "BASE TABLE"),
    ("performance_schema", "session_account_connect_attrs", "BASE TABLE"),
    ("performance_schema", "session_connect_attrs", "BASE TABLE"),
    ("performance_schema", "session_status", "BASE TABLE"),
    ("performance_schema", "session_variables", "BASE TABLE"),
    ("performance_schema", "setup_consumers", "BASE TABLE"),
    ("performance_schema", "table_io_waits_summary_by_index_usage", "BASE TABLE"),
    ("performance_schema", "table_io_waits_summary_by_table", "BASE TABLE"),
    ("sys", "sys_config", "BASE TABLE"),
];

/// Whether `db`.`table` is one of the tables this server produces in its system schemas.
pub(crate) fn is_system_table(db: &str, table: &str) -> bool {
    SYSTEM_TABLES
        .iter()
        .any(|(d, t, _)| d.eq_ignore_ascii_case(db) && t.eq_ignore_ascii_case(table))
}

/// What a table name names: a stored table, a view, one of the sys schema's views, or a
/// system table the server produces, by its name and definition (`instruments::definitions`).
enum Named<'a> {
    Table(&'a Table),
    View(&'a crate::storage::catalog::View),
    SysView(&'static crate::instruments::sys::SysView),
    System(&'static str, &'static str),
    /// An information_schema table: its columns' definition (not a SHOW CREATE text).
    InformationSchema(&'static str),
}

/// A text column that may hold NULL.
fn nullable_text(name: &str) -> Column {
    Column { name: name.to_string(), numeric: false, nullable: true }
}

/// A row of SHOW INDEX from information_schema.STATISTICS' row: SHOW INDEX prints the same
/// values without the catalog, schemas and TABLE_NAME's prefix columns (mysqld runs SHOW INDEX
/// as a query of STATISTICS).
fn show_index_row(statistics: &[Value]) -> Row {
    [2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
        .iter()
        .map(|&i| statistics.get(i).cloned().unwrap_or(Value::Null))
        .collect()
}

/// A numeric column that may hold NULL.
fn nullable_number(name: &str) -> Column {
    Column { name: name.to_string(), numeric: true, nullable: true }
}

fn text(s: &str) -> Value {
    Value::Str(s.to_string())
}

impl Server {
    /// Runs one of the SHOW statements about databases and tables.
    pub(crate) fn show(
        &mut self,
        session: &mut Session,
        stmt: &Statement,
        work: &mut Work,
    ) -> Result<Response> {
        let rs = match stmt {
            Statement::ShowDatabases { filter } => {
                self.show_databases(session, filter.as_ref(), work)?
            }
            Statement::ShowTables { full, database, filter } => {
                self.show_tables(session, *full, database.as_deref(), filter.as_ref(), work)?
            }
            Statement::ShowCreateTable { database, table, view_only } => {
                self.show_create_table(session, database.as_deref(), table, *view_only)?
            }
            Statement::ShowIndex { database, table, filter } => {
                self.show_index(session, database.as_deref(), table, filter.as_ref(), work)?
            }
            Statement::ShowColumns { full, database, table, filter } => self.show_columns(
                session,
                *full,
                database.as_deref(),
                table,
                filter.as_ref(),
                work,
            )?,
            Statement::ShowTableStatus { database, filter } => {
                self.show_table_status(session, database.as_deref(), filter.as_ref(), work)?
            }
            Statement::ShowCreateRoutine { function, database, name } => {
                self.show_create_routine(session, *function, database.as_deref(), name)?
            }
            Statement::ShowRoutineStatus { function, filter } => {
                self.show_routine_status(session, *function, filter.as_ref(), work)?
            }
            Statement::ShowTriggers { database, filter } => {
                self.show_triggers(session, database.as_deref(), filter.as_ref(), work)?
            }
            Statement::ShowCreateTrigger { database, name } => {
                self.show_create_trigger(session, database.as_deref(), name)?
            }
            _ => return Err(MySqlError::not_supported_yet("this SHOW statement")),
        };
        work.rows += rs.rows.len() as u64;
        Ok(Response::Rows(rs))
    }

    /// `SHOW DATABASES [LIKE 'p' | WHERE ...]`: one column `Database`, in name order; with
    /// LIKE the column is named `Database (p)`.
    fn show_databases(
        &mut self,
        session: &mut Session,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let header = match filter {
            Some(ShowFilter::Like(p)) => format!("Database ({p})"),
            _ => "Database".to_string(),
        };
        let rows: Vec<Row> = self
            .catalog
            .database_names()
            .into_iter()
            .filter(|name| like_filter(filter, name))
            .filter(|name| self.may_see_database(session, name))
            .map(|name| vec![Value::Str(name)])
            .collect();
        let rows = self.where_filter(session, &[header.as_str()], rows, filter, work)?;
        Ok(ResultSet { columns: vec![Column::text(&header)], rows, unshown: 0 })
    }

    /// `SHOW [FULL] TABLES [FROM db] [LIKE 'p' | WHERE ...]`: tables and views in name order,
    /// in a column `Tables_in_<db>`; FULL adds `Table_type`.
    fn show_tables(
        &mut self,
        session: &mut Session,
        full: bool,
        database: Option<&str>,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let db = target_database(session, database)?;
        if !self.catalog.has_database(&db) {
            return Err(MySqlError::unknown_database(&db));
        }
        let mut list: Vec<(String, &str)> = if Catalog::is_system_schema(&db) {
            let sys_views = crate::instruments::sys::VIEWS.iter().map(|v| (v.name, "VIEW"));
            let sys_views = sys_views.filter(|_| db.eq_ignore_ascii_case("sys"));
            SYSTEM_TABLES
                .iter()
                .filter(|(schema, _, _)| schema.eq_ignore_ascii_case(&db))
                .map(|(_, name, kind)| (name.to_string(), *kind))
                .chain(sys_views.map(|(name, kind)| (name.to_string(), kind)))
                .collect()
        } else {
            let d = self.catalog.database(&db).ok_or_else(|| MySqlError::unknown_database(&db))?;
            d.tables
                .keys()
                .map(|n| (n.clone(), "BASE TABLE"))
                .chain(d.views.keys().map(|n| (n.clone(), "VIEW")))
                .collect()
        };
        // Names compare as utf8mb3_bin on a case-sensitive server (lower_case_table_names=0).
        list.sort();
        // Only the tables the account holds a privilege on (of performance_schema, a plain
        // account sees the status and variable tables everyone may read).
        list.retain(|(name, _)| self.may_see_table(session, &db, name));
        let name_column = format!("Tables_in_{db}");
        let header = match filter {
            Some(ShowFilter::Like(p)) => format!("{name_column} ({p})"),
            _ => name_column,
        };
        let rows: Vec<Row> = list
            .into_iter()
            .filter(|(name, _)| like_filter(filter, name))
            .map(|(name, kind)| {
                let mut row = vec![Value::Str(name)];
                if full {
                    row.push(text(kind));
                }
                row
            })
            .collect();
        let mut names = vec![header.as_str()];
        let mut columns = vec![Column::text(&header)];
        if full {
            names.push("Table_type");
            columns.push(Column::text("Table_type"));
        }
        let rows = self.where_filter(session, &names, rows, filter, work)?;
        Ok(ResultSet { columns, rows, unshown: 0 })
    }

    /// `SHOW CREATE TABLE t`: `Table` and `Create Table`; for a view (and `SHOW CREATE VIEW`,
    /// `view_only`, which refuses a table with 1347), the columns of SHOW CREATE VIEW.
    fn show_create_table(
        &mut self,
        session: &Session,
        database: Option<&str>,
        table: &str,
        view_only: bool,
    ) -> Result<ResultSet> {
        let what = if view_only { "SHOW CREATE VIEW" } else { "SHOW CREATE TABLE" };
        let (db, named) = self.named_table(session, database, table, what)?;
        if view_only && matches!(named, Named::Table(_) | Named::System(..)) {
            return Err(MySqlError::not_a_view(&db, table));
        }
        let view_columns = || {
            vec![
                Column::text("View"),
                Column::text("Create View"),
                Column::text("character_set_client"),
                Column::text("collation_connection"),
            ]
        };
        match named {
            Named::InformationSchema(_) => {
                Err(MySqlError::not_supported_yet(&format!("{what} of a system table")))
            }
            Named::SysView(v) => Ok(ResultSet {
                columns: view_columns(),
                rows: vec![vec![
                    text(v.name),
                    Value::Str(crate::instruments::sys::show_create(v)),
                    text("utf8mb4"),
                    text("utf8mb4_0900_ai_ci"),
                ]],
                unshown: 0,
            }),
            Named::System(name, create) => Ok(ResultSet {
                columns: vec![Column::text("Table"), Column::text("Create Table")],
                rows: vec![vec![text(name), text(create)]],
                unshown: 0,
            }),
            Named::Table(t) => {
                let has_auto = t.def.columns.iter().any(|c| c.auto_increment);
                // MySQL leaves AUTO_INCREMENT= out while the counter is still at 1.
                let next = (has_auto && t.auto_increment_next > 1).then_some(t.auto_increment_next);
                Ok(ResultSet {
                    columns: vec![Column::text("Table"), Column::text("Create Table")],
                    rows: vec![vec![
                        Value::Str(t.def.name.clone()),
                        Value::Str(t.def.show_create(next)),
                    ]],
                    unshown: 0,
                })
            }
            Named::View(v) => {
                // Simplification: MySQL stores the view's query rewritten (qualified names,
                // `AS` aliases for every column); this prints it as it was written.
                // A column list prints as MySQL's: `(`a`,`b`)` after the name.
                let columns = if v.columns.is_empty() {
                    String::new()
                } else {
                    let quoted: Vec<String> = v.columns.iter().map(|c| format!("`{c}`")).collect();
                    format!(" ({})", quoted.join(","))
                };
                let create = format!(
                    "CREATE ALGORITHM={} DEFINER=`root`@`localhost` SQL SECURITY DEFINER \
                     VIEW `{}`{columns} AS {}",
                    v.algorithm, v.name, v.query
                );
                Ok(ResultSet {
                    columns: view_columns(),
                    rows: vec![vec![
                        Value::Str(v.name.clone()),
                        Value::Str(create),
                        text("utf8mb4"),
                        text("utf8mb4_0900_ai_ci"),
                    ]],
                    unshown: 0,
                })
            }
        }
    }

    /// `SHOW INDEX FROM t`: one row per index column, MySQL 8.0+'s fifteen columns.
    fn show_index(
        &mut self,
        session: &mut Session,
        database: Option<&str>,
        table: &str,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let columns = vec![
            Column::text("Table"),
            Column::number("Non_unique"),
            Column::text("Key_name"),
            Column::number("Seq_in_index"),
            nullable_text("Column_name"),
            nullable_text("Collation"),
            nullable_number("Cardinality"),
            nullable_number("Sub_part"),
            // PACKED is a NULL constant in the server's view; the client aligns it right.
            nullable_number("Packed"),
            Column::text("Null"),
            Column::text("Index_type"),
            Column::text("Comment"),
            Column::text("Index_comment"),
            Column::text("Visible"),
            nullable_text("Expression"),
        ];
        let (db, named) = self.named_table(session, database, table, "SHOW INDEX")?;
        let t = match named {
            Named::Table(t) => t,
            Named::System(name, create) => {
                let rows = self.system_index_rows(session, &db, name, create)?;
                return self.filtered_index_rows(session, columns, rows, filter, work);
            }
            // A view has no indexes, nor has an information_schema table (a view over the
            // data dictionary, or a temporary table made for the statement).
            _ => return Ok(ResultSet { columns, rows: Vec::new(), unshown: 0 }),
        };
        let (schema, name) = (t.def.schema.clone(), t.def.name.clone());
        let cardinalities = self.cached_cardinalities(session, &schema, &name);
        let rows = match self.catalog.table(&schema, &name) {
            Some(t) => crate::instruments::information_schema::statistics_rows(t, &cardinalities)
                .iter()
                .map(|r| show_index_row(r))
                .collect(),
            None => Vec::new(),
        };
        self.filtered_index_rows(session, columns, rows, filter, work)
    }

    /// SHOW INDEX's result: the rows its WHERE keeps.
    fn filtered_index_rows(
        &self,
        session: &mut Session,
        columns: Vec<Column>,
        rows: Vec<Row>,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let names: Vec<String> = columns.iter().map(|c| c.name.clone()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let rows = self.where_filter(session, &names, rows, filter, work)?;
        Ok(ResultSet { columns, rows, unshown: 0 })
    }

    /// `SHOW CHARACTER SET` or, with `collations`, `SHOW COLLATION`: LIKE matches the name
    /// case-insensitively, as the dictionary's utf8mb3_general_ci name columns compare.
    pub(crate) fn show_character_sets(
        &self,
        session: &mut Session,
        collations: bool,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        use crate::instruments::character_sets as cs;
        let (columns, rows) = if collations {
            (&cs::SHOW_COLLATION_COLUMNS[..], cs::show_collation_rows())
        } else {
            (&cs::SHOW_SET_COLUMNS[..], cs::show_set_rows())
        };
        let pattern = match filter {
            Some(ShowFilter::Like(p)) => Some(LikePattern::new(p, '\\')),
            _ => None,
        };
        work.rows += rows.len() as u64;
        let rows = rows
            .into_iter()
            .filter(|row| match (&pattern, &row[0]) {
                (Some(p), Value::Str(name)) => p.matches(name),
                _ => true,
            })
            .collect();
        let names: Vec<&str> = columns.iter().map(|c| c.0).collect();
        let rows = self.where_filter(session, &names, rows, filter, work)?;
        let columns = columns
            .iter()
            .map(|&(c, numeric)| if numeric { Column::number(c) } else { Column::text(c) })
            .collect();
        Ok(ResultSet { columns, rows, unshown: 0 })
    }

    /// SHOW INDEX's rows for a system table, from its definition
    /// (`definitions::statistics_rows`), an InnoDB one's cardinality counted from its rows.
    fn system_index_rows(
        &mut self,
        session: &Session,
        db: &str,
        name: &str,
        create: &str,
    ) -> Result<Vec<Row>> {
        let parsed = crate::instruments::definitions::parse(create)
            .map_err(|e| MySqlError::unknown(&format!("definition of {name}: {e}")))?;
        let rows = self.system_statistics(session, db, name, &parsed)?;
        Ok(rows.iter().map(|r| show_index_row(r)).collect())
    }

    /// `SHOW [FULL] COLUMNS FROM t`, `DESCRIBE t`: Field, Type, Null, Key, Default, Extra
    /// (FULL adds Collation, Privileges and Comment).
    fn show_columns(
        &mut self,
        session: &mut Session,
        full: bool,
        database: Option<&str>,
        table: &str,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let (db, named) = self.named_table(session, database, table, "SHOW COLUMNS")?;
        let t = match named {
            Named::Table(t) => t,
            Named::System(_, create) | Named::InformationSchema(create) => {
                let parsed = crate::instruments::definitions::parse(create)
                    .map_err(|e| MySqlError::unknown(&format!("definition of {table}: {e}")))?;
                let rows = crate::instruments::definitions::show_columns_rows(&parsed, full);
                return self.shown_columns(session, full, rows, filter, work);
            }
            Named::View(v) => {
                let (query, names) = (v.query.clone(), v.columns.clone());
                return self
                    .show_view_columns(session, full, &db, table, &query, &names, filter, work);
            }
            Named::SysView(v) => {
                return self.show_view_columns(
                    session,
                    full,
                    &db,
                    table,
                    v.query,
                    &[],
                    filter,
                    work,
                );
            }
        };
        let rows = t
            .def
            .visible_columns()
            .map(|(i, c)| {
                let mut row = vec![Value::Str(c.name.clone()), Value::Str(column_type(c))];
                if full {
                    row.push(match collation(&c.ty) {
                        Some(coll) => text(coll),
                        None => Value::Null,
                    });
                }
                let default = match &c.default {
                    Some(v) => v.to_text().map_or(Value::Null, Value::Str),
                    None => Value::Null,
                };
                row.extend([
                    text(if c.nullable { "YES" } else { "NO" }),
                    text(column_key(&t.def.indexes, i)),
                    default,
                    text(match &c.generated {
                        Some(g) if g.stored => "STORED GENERATED",
                        Some(_) => "VIRTUAL GENERATED",
                        None if c.auto_increment => "auto_increment",
                        None => "",
                    }),
                ]);
                if full {
                    row.extend([text("select,insert,update,references"), text("")]);
                }
                row
            })
            .collect();
        self.shown_columns(session, full, rows, filter, work)
    }

    /// SHOW COLUMNS of a view: its columns typed from its SELECT (`view_columns.rs`); a view
    /// that names what is no longer there is ERROR 1356.
    #[allow(clippy::too_many_arguments)]
    fn show_view_columns(
        &mut self,
        session: &mut Session,
        full: bool,
        db: &str,
        view: &str,
        query: &str,
        names: &[String],
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let version = self.flavour().version();
        let parsed =
            crate::server::view_columns::view_definition(&self.catalog, version, db, query, names)
                .map_err(|_| MySqlError::view_invalid(db, view))?;
        let rows = crate::instruments::definitions::show_columns_rows(&parsed, full);
        self.shown_columns(session, full, rows, filter, work)
    }

    /// SHOW COLUMNS' result from its rows (one per column, Field first): its header, then the
    /// rows its LIKE and WHERE keep.
    fn shown_columns(
        &self,
        session: &mut Session,
        full: bool,
        rows: Vec<Row>,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let mut columns = vec![Column::text("Field"), Column::text("Type")];
        if full {
            columns.push(nullable_text("Collation"));
        }
        columns.extend([
            Column::text("Null"),
            Column::text("Key"),
            nullable_text("Default"),
            Column::text("Extra"),
        ]);
        if full {
            columns.extend([Column::text("Privileges"), Column::text("Comment")]);
        }
        let rows = rows
            .into_iter()
            .filter(|row| like_filter(filter, &row[0].to_text().unwrap_or_default()))
            .collect();
        let names: Vec<String> = columns.iter().map(|c| c.name.clone()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let rows = self.where_filter(session, &names, rows, filter, work)?;
        Ok(ResultSet { columns, rows, unshown: 0 })
    }

    /// `SHOW TABLE STATUS [FROM db] [LIKE 'p' | WHERE ...]`: information_schema.TABLES' rows
    /// of the database (the same statistics, through the same cache) under SHOW's column
    /// names, in name order.
    fn show_table_status(
        &mut self,
        session: &mut Session,
        database: Option<&str>,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let db = target_database(session, database)?;
        if !self.catalog.has_database(&db) {
            return Err(MySqlError::unknown_database(&db));
        }
        // In name order: the rows come sorted by schema and name, and all are `db`'s.
        let rows: Vec<Row> = self
            .table_status_rows(session, Some(&db))
            .iter()
            .filter(|t| like_filter(filter, &t.name))
            .map(crate::instruments::table_status::TableStatus::show_row)
            .collect();
        let show_columns = &crate::instruments::table_status::SHOW_COLUMNS;
        let columns = show_columns
            .iter()
            .enumerate()
            .map(|(i, (n, numeric))| match (i, numeric) {
                (0, _) => Column::text(n),
                (_, true) => nullable_number(n),
                _ => Column { name: n.to_string(), numeric: false, nullable: true },
            })
            .collect();
        let names: Vec<&str> = show_columns.iter().map(|(n, _)| *n).collect();
        let rows = self.where_filter(session, &names, rows, filter, work)?;
        Ok(ResultSet { columns, rows, unshown: 0 })
    }

    /// The table or view `[db.]table` names, with its database; MySQL's 1046, 1049 and 1146
    /// when there is none. A system table without a definition here (`definitions`) is 1235,
    /// `what` naming the statement.
    fn named_table(
        &self,
        session: &Session,
        database: Option<&str>,
        table: &str,
        what: &str,
    ) -> Result<(String, Named<'_>)> {
        let db = target_database(session, database)?;
        if db.eq_ignore_ascii_case("sys") {
            if let Some(v) = crate::instruments::sys::view(table) {
                return Ok(("sys".to_string(), Named::SysView(v)));
            }
            if !is_system_table("sys", table) {
                return Err(MySqlError::no_such_table("sys", table));
            }
        }
        if Catalog::is_system_schema(&db) {
            if let Some((name, text)) = crate::instruments::definitions::find(&db, table) {
                return Ok((db, Named::System(name, text)));
            }
            if db.eq_ignore_ascii_case("information_schema") {
                if let Some(text) = crate::instruments::definitions::information_schema_table(table)
                {
                    return Ok((db, Named::InformationSchema(text)));
                }
            }
            // A name information_schema does not have: 1109, as a SELECT of it says.
            if db.eq_ignore_ascii_case("information_schema") && !is_system_table(&db, table) {
                crate::instruments::system_tables::columns(&db, table)?;
            }
            let produced = is_system_table(&db, table)
                || crate::instruments::system_tables::columns(&db, table).is_ok();
            if produced || db.eq_ignore_ascii_case("information_schema") {
                return Err(MySqlError::not_supported_yet(&format!("{what} of a system table")));
            }
            return Err(MySqlError::no_such_table(&db, table));
        }
        if !self.catalog.has_database(&db) {
            return Err(MySqlError::unknown_database(&db));
        }
        if let Some(t) = self.catalog.table(&db, table) {
            return Ok((db, Named::Table(t)));
        }
        if let Some(v) = self.catalog.view(&db, table) {
            return Ok((db, Named::View(v)));
        }
        Err(MySqlError::no_such_table(&db, table))
    }

    /// Keeps the rows a SHOW statement's `WHERE` accepts (LIKE was applied while listing);
    /// `names` are the result's column names, which the condition may use.
    pub(crate) fn where_filter(
        &self,
        session: &mut Session,
        names: &[&str],
        rows: Vec<Row>,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<Vec<Row>> {
        let Some(ShowFilter::Where(condition)) = filter else {
            return Ok(rows);
        };
        let columns = NamedColumns { names };
        let condition = Binder::scalar(&columns, "where clause").bind(condition)?;
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        let mut cx = Cx::new(&r.vars, session, self.clock.unix_micros());
        let mut kept = Vec::new();
        for row in rows {
            if eval(&condition, &row, &[], &mut cx)?.truth() == Some(true) {
                kept.push(row);
            }
        }
        // The condition runs once per row: its SLEEP / BENCHMARK time is the statement's.
        cx.charge_to(work);
        Ok(kept)
    }
}

/// The database a SHOW statement is about: the one named, else the current one (1046).
pub(super) fn target_database(session: &Session, database: Option<&str>) -> Result<String> {
    match database {
        Some(db) if Catalog::is_system_schema(db) => Ok(db.to_ascii_lowercase()),
        Some(db) => Ok(db.to_string()),
        None => session.database.clone().ok_or_else(MySqlError::no_database_selected),
    }
}

/// Whether `name` passes a SHOW statement's LIKE (any other filter passes everything here).
pub(crate) fn like_filter(filter: Option<&ShowFilter>, name: &str) -> bool {
    match filter {
        Some(ShowFilter::Like(p)) => like_case_sensitive(p, name),
        _ => true,
    }
}

/// SQL LIKE with `\` as escape, comparing characters exactly: database and table names are
/// case-sensitive on a server with lower_case_table_names=0.
pub(crate) fn like_case_sensitive(pattern: &str, name: &str) -> bool {
    LikePattern::case_sensitive(pattern, '\\').matches(name)
}

/// The column type as SHOW COLUMNS writes it: `int`, `bigint unsigned`, `varchar(255)`.
fn column_type(c: &ColumnDef) -> String {
    let mut ty = c.ty.sql();
    if c.unsigned {
        ty.push_str(" unsigned");
    }
    ty
}

/// The collation of a character column (the server default), None for other types.
fn collation(ty: &ColumnType) -> Option<&'static str> {
    match ty {
        ColumnType::Char(_)
        | ColumnType::Varchar(_)
        | ColumnType::Text(_)
        | ColumnType::Enum(_) => Some("utf8mb4_0900_ai_ci"),
        _ => None,
    }
}

impl Server {
    /// `SHOW CREATE DATABASE`: the statement that would make the schema again, with its
    /// character set and collation (every schema here has the server's defaults;
    /// information_schema's is utf8mb3, as in MySQL) and 8.0.16's encryption default.
    pub(crate) fn show_create_database(
        &self,
        name: &str,
        if_not_exists: bool,
    ) -> Result<ResultSet> {
        if !self.catalog.has_database(name) {
            return Err(MySqlError::unknown_database(name));
        }
        let guard = if if_not_exists { "/*!32312 IF NOT EXISTS*/ " } else { "" };
        let options = if name.eq_ignore_ascii_case("information_schema") {
            "/*!40100 DEFAULT CHARACTER SET utf8mb3 */".to_string()
        } else {
            "/*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci */ \
             /*!80016 DEFAULT ENCRYPTION='N' */"
                .to_string()
        };
        Ok(ResultSet {
            columns: vec![Column::text("Database"), Column::text("Create Database")],
            rows: vec![vec![
                Value::Str(name.to_string()),
                Value::Str(format!("CREATE DATABASE {guard}`{name}` {options}")),
            ]],
            unshown: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::schema::IndexDef;

    #[test]
    fn like_on_names_is_case_sensitive() {
        assert!(like_case_sensitive("s%", "shop"));
        assert!(!like_case_sensitive("S%", "shop"));
        assert!(like_case_sensitive("%_items", "order_items"));
        assert!(like_case_sensitive("order\\_items", "order_items"));
        assert!(!like_case_sensitive("order\\_items", "orderXitems"));
        assert!(like_case_sensitive("%", ""));
        assert!(!like_case_sensitive("_", ""));
    }

    #[test]
    fn column_keys_follow_mysql_priority() {
        let idx = |name: &str, columns: Vec<u32>, unique: bool, primary: bool| IndexDef {
            name: name.into(),
            columns,
            unique,
            primary,
            visible: true,
        };
        let indexes = vec![
            idx("PRIMARY", vec![0, 1], true, true),
            idx("u", vec![2], true, false),
            idx("u2", vec![3, 4], true, false),
            idx("k", vec![4], false, false),
        ];
        assert_eq!(column_key(&indexes, 0), "PRI");
        assert_eq!(column_key(&indexes, 1), "PRI");
        assert_eq!(column_key(&indexes, 2), "UNI");
        assert_eq!(column_key(&indexes, 3), "MUL");
        assert_eq!(column_key(&indexes, 4), "MUL");
        assert_eq!(column_key(&indexes, 5), "");
    }
}
