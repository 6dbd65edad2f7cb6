//! Statements other than queries and the SHOW family: DDL (CREATE/DROP DATABASE, TABLE, VIEW,
//! INDEX), TRUNCATE, CALL and transactions (BEGIN, COMMIT, ROLLBACK, with an undo log so
//! ROLLBACK really restores the rows). Row changes (INSERT, UPDATE, DELETE) are in `dml.rs`.

mod alter;
mod alter_columns;
mod binlog_admin;
mod column_defaults;
mod create_select;
mod ddl_targets;
pub mod dml;
mod explain_change;
mod explain_change_json;
mod explain_change_tree;
mod foreign_keys;
mod function_body;
pub(crate) mod functional_index;
mod index_build;
mod misplaced_rows;
mod multi_table;
mod new_subpartitions;
pub(crate) mod partition_maintenance;
pub(crate) mod partitioning;
mod persisted;
pub mod procedure;
pub(crate) mod program;
pub(crate) mod row_rules;
mod session_statements;
pub mod setup_tables;
pub mod show;
mod show_binary_logs;
mod show_routine;
mod stored_function;
mod table_maintenance;
pub(crate) mod trigger;
mod upsert;

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::expr::eval_constant;
use crate::sql::Response;
use crate::storage::catalog::{Catalog, View};
use crate::storage::schema::{BlobSize, ColumnDef, ColumnType, IndexDef, TableDef};
use crate::storage::table::Table;
use functional_index::KeyPart;
use sqlparser::ast::{
    ColumnOption, ObjectName, ObjectType, SetExpr, Statement as S, TableConstraint,
};

/// The `Com_*` counter a statement bumps.
pub(crate) fn com_counter(s: &S) -> Option<&'static str> {
    Some(match s {
        S::Insert(i)
            if i.replace_into
                && i.source
                    .as_ref()
                    .is_some_and(|q| !matches!(q.body.as_ref(), SetExpr::Values(_))) =>
        {
            "Com_replace_select"
        }
        S::Insert(i) if i.replace_into => "Com_replace",
        S::Insert(i)
            if i.source
                .as_ref()
                .is_some_and(|q| !matches!(q.body.as_ref(), SetExpr::Values(_))) =>
        {
            "Com_insert_select"
        }
        S::Insert(_) => "Com_insert",
        S::Update(u) if multi_table::is_multi_update(u) => "Com_update_multi",
        S::Update(_) => "Com_update",
        S::Delete(d) if multi_table::is_multi_delete(d) => "Com_delete_multi",
        S::Delete(_) => "Com_delete",
        S::Truncate(_) => "Com_truncate",
        S::CreateTable(_) => "Com_create_table",
        S::CreateView(_) => "Com_create_view",
        S::CreateIndex(_) => "Com_create_index",
        S::AlterTable(_) => "Com_alter_table",
        S::RenameTable(_) => "Com_rename_table",
        S::CreateDatabase { .. } => "Com_create_db",
        S::Drop { object_type: ObjectType::Database | ObjectType::Schema, .. } => "Com_drop_db",
        S::Drop { object_type: ObjectType::View, .. } => "Com_drop_view",
        S::Drop { object_type: ObjectType::Index, .. } => "Com_drop_index",
        S::Drop { .. } => "Com_drop_table",
        S::StartTransaction { .. } => "Com_begin",
        S::Commit { .. } => "Com_commit",
        S::Rollback { .. } => "Com_rollback",
        S::Call(_) => "Com_call_procedure",
        S::LockTables { .. } => "Com_lock_tables",
        S::UnlockTables => "Com_unlock_tables",
        S::Flush { .. } => "Com_flush",
        _ => return None,
    })
}

/// `db.t` or `t` in the current database.
/// The performance_schema setup table an UPDATE changes, if it changes one.
fn setup_table(session: &Session, up: &sqlparser::ast::Update) -> Option<&'static str> {
    let sqlparser::ast::TableFactor::Table { name, .. } = &up.table.relation else { return None };
    let (db, table) = table_name(session, name).ok()?;
    if !db.eq_ignore_ascii_case("performance_schema") {
        return None;
    }
    setup_tables::UPDATABLE.iter().copied().find(|t| t.eq_ignore_ascii_case(&table))
}

pub(crate) fn table_name(session: &Session, name: &ObjectName) -> Result<(String, String)> {
    let parts: Vec<String> =
        name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
    match parts.as_slice() {
        [t] => match &session.database {
            Some(db) => Ok((db.clone(), t.clone())),
            None => Err(MySqlError::no_database_selected()),
        },
        [d, t] => Ok((d.clone(), t.clone())),
        _ => Err(MySqlError::not_supported_yet("three-part table names")),
    }
}

pub(crate) fn ok(affected_rows: u64) -> Response {
    Response::Ok { affected_rows, info: None }
}

/// A column type from its SQL text (`int unsigned`, `varchar(100)`, `decimal(10,2)`,
/// `enum('a','b')`), and whether it is unsigned.
/// The labels of `ENUM('a', 'b''s', ...)`: quoted strings (`''` or `\'` inside one is a
/// quote), trailing spaces removed as MySQL removes them; empty labels are dropped.
fn enum_labels(sql: &str) -> Vec<String> {
    let Some((_, list)) = sql.split_once('(') else { return Vec::new() };
    let mut labels = Vec::new();
    let mut chars = list.chars().peekable();
    while let Some(c) = chars.next() {
        let quote = match c {
            '\'' | '"' => c,
            ')' => break,
            _ => continue,
        };
        let mut label = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\\' => label.extend(chars.next()),
                c if c == quote && chars.peek() == Some(&quote) => {
                    label.push(quote);
                    chars.next();
                }
                c if c == quote => break,
                c => label.push(c),
            }
        }
        let label = label.trim_end_matches(' ').to_string();
        if !label.is_empty() {
            labels.push(label);
        }
    }
    labels
}

pub(crate) fn column_type(sql: &str) -> Result<(ColumnType, bool)> {
    let lower = sql.trim().to_ascii_lowercase();
    let unsigned = lower.contains(" unsigned");
    let base = lower.replace(" unsigned", "").replace(" zerofill", "");
    let (name, args) = match base.split_once('(') {
        Some((n, a)) => (n.trim().to_string(), Some(a.trim_end_matches(')').to_string())),
        None => (base.trim().to_string(), None),
    };
    let nums: Vec<u32> = args
        .as_deref()
        // A length past u32 is kept as u32::MAX, so that it is refused as too long.
        .map(|a| {
            a.split(',')
                .filter_map(|x| x.trim().parse::<u64>().ok())
                .map(|n| u32::try_from(n).unwrap_or(u32::MAX))
                .collect()
        })
        .unwrap_or_default();
    let ty =
        match name.as_str() {
            "tinyint" | "bool" | "boolean" => ColumnType::TinyInt,
            "smallint" => ColumnType::SmallInt,
            "mediumint" => ColumnType::MediumInt,
            "int" | "integer" => ColumnType::Int,
            "bigint" => ColumnType::BigInt,
            "decimal" | "numeric" | "dec" => ColumnType::Decimal {
                precision: nums.first().copied().unwrap_or(10).min(65) as u8,
                scale: nums.get(1).copied().unwrap_or(0).min(30) as u8,
            },
            "float" => ColumnType::Float,
            "double" | "real" | "double precision" => ColumnType::Double,
            "char" | "character" => ColumnType::Char(nums.first().copied().unwrap_or(1)),
            "varchar" | "character varying" => ColumnType::Varchar(
                nums.first().copied().ok_or_else(|| MySqlError::syntax(sql, 1))?,
            ),
            "tinytext" => ColumnType::Text(BlobSize::Tiny),
            // TEXT(n): the smallest TEXT type holding n characters of utf8mb4 (four bytes each),
            // as BLOB(n) (the manual's "The BLOB and TEXT Types").
            "text" => ColumnType::Text(nums.first().map_or(BlobSize::Regular, |&n| {
                BlobSize::for_length(u64::from(n).saturating_mul(4))
            })),
            "mediumtext" => ColumnType::Text(BlobSize::Medium),
            "longtext" => ColumnType::Text(BlobSize::Long),
            // BINARY without a length is BINARY(1); VARBINARY needs one (1064 otherwise, as
            // VARCHAR). The longest lengths are checked where the column's name is known.
            "binary" => ColumnType::Binary(nums.first().copied().unwrap_or(1)),
            "varbinary" => ColumnType::VarBinary(
                nums.first().copied().ok_or_else(|| MySqlError::syntax(sql, 1))?,
            ),
            "tinyblob" => ColumnType::Blob(BlobSize::Tiny),
            "blob" => ColumnType::Blob(
                nums.first().map_or(BlobSize::Regular, |&n| BlobSize::for_length(u64::from(n))),
            ),
            "mediumblob" => ColumnType::Blob(BlobSize::Medium),
            "longblob" => ColumnType::Blob(BlobSize::Long),
            "json" => ColumnType::Json,
            "date" => ColumnType::Date,
            "datetime" => ColumnType::DateTime,
            "timestamp" => ColumnType::Timestamp,
            // TIME(fsp), fsp 0 to 6 (7 and more: ERROR 1426, named by the column's caller).
            "time" => {
                let fsp = nums.first().copied().unwrap_or(0);
                if fsp > 6 {
                    return Err(MySqlError::too_big_precision(u64::from(fsp), "", 6));
                }
                ColumnType::Time(fsp as u8)
            }
            // The labels from the text as written: their case is kept (`ENUM('Mid')` stores
            // and shows `Mid`).
            "enum" => ColumnType::Enum(enum_labels(sql)),
            other => {
                return Err(MySqlError::not_supported_yet(&format!(
                    "the column type {}",
                    other.to_uppercase()
                )))
            }
        };
    Ok((ty, unsigned))
}

impl Server {
    /// Runs a statement sqlparser read that is not a query or a SHOW.
    pub(crate) fn run_other(
        &mut self,
        session: &mut Session,
        stmt: &S,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        match stmt {
            S::CreateDatabase { db_name, if_not_exists, .. } => {
                let name = db_name.to_string().trim_matches('`').to_string();
                if self.catalog.create_database(&name) {
                    Ok(ok(1))
                } else if *if_not_exists {
                    session.warn(crate::error::Warning {
                        level: "Note",
                        code: 1007,
                        message: format!("Can't create database '{name}'; database exists"),
                    });
                    Ok(ok(1))
                } else {
                    Err(MySqlError::database_exists(&name))
                }
            }
            S::Drop { object_type: ObjectType::Index, names, table: Some(table), .. } => {
                let (db, t) = table_name(session, table)?;
                let index = names
                    .first()
                    .map(|n| n.to_string().trim_matches('`').to_string())
                    .unwrap_or_default();
                if let Some(existing) = self.catalog.table(&db, &t) {
                    let mut without = existing.def.clone();
                    without.indexes.retain(|i| !i.name.eq_ignore_ascii_case(&index));
                    if without.indexes.len() < existing.def.indexes.len()
                        && !self.foreign_keys_keep_indexes(&without)
                    {
                        return Err(MySqlError::drop_index_needed_by_fk(&index));
                    }
                }
                let tbl = self
                    .catalog
                    .table_mut(&db, &t)
                    .ok_or_else(|| MySqlError::no_such_table(&db, &t))?;
                if index.eq_ignore_ascii_case("PRIMARY") {
                    return Err(MySqlError::not_supported_yet("dropping a primary key"));
                }
                // A functional index takes its hidden columns with it.
                if !functional_index::drop_index(tbl, &index) {
                    return Err(MySqlError::cannot_drop_key(&index));
                }
                Ok(Response::Ok {
                    affected_rows: 0,
                    info: Some("Records: 0  Duplicates: 0  Warnings: 0".into()),
                })
            }
            S::Drop { object_type, if_exists, names, .. } => {
                self.drop(session, object_type, *if_exists, names)
            }
            S::CreateTable(ct) => self.create_table(session, ct, sql, work),
            S::AlterTable(alter) => self.alter_table(session, alter, work),
            S::RenameTable(renames) => self.rename_tables(session, renames),
            S::CreateView(cv) => {
                let (db, name) = table_name(session, &cv.name)?;
                if !self.catalog.has_database(&db) || Catalog::is_system_schema(&db) {
                    return Err(MySqlError::unknown_database(&db));
                }
                let exists = self.catalog.table(&db, &name).is_some()
                    || self.catalog.view(&db, &name).is_some();
                if exists && !cv.or_replace {
                    return Err(MySqlError::table_exists(&name));
                }
                use sqlparser::ast::CreateViewAlgorithm as A;
                let mut algorithm = match cv.params.as_ref().and_then(|p| p.algorithm.as_ref()) {
                    Some(A::Merge) => "MERGE",
                    Some(A::TempTable) => "TEMPTABLE",
                    Some(A::Undefined) | None => "UNDEFINED",
                };
                // A view that needs a table of its own cannot be merged: MySQL warns and
                // stores it as UNDEFINED (sql_view.cc, ER_WARN_VIEW_MERGE).
                if algorithm == "MERGE"
                    && crate::sql::planner::derived_merge::materialised_by_mysql(&cv.query)
                {
                    session.warn(crate::error::Warning {
                        level: "Warning",
                        code: 1354,
                        message: "View merge algorithm can't be used here for now (assumed \
                                  undefined algorithm)"
                            .into(),
                    });
                    algorithm = "UNDEFINED";
                }
                let columns: Vec<String> =
                    cv.columns.iter().map(|c| c.name.value.clone()).collect();
                // A column list of another length than the select list is ERROR 1353 (checked
                // here when the select list has no `*`; otherwise when the view is read).
                if let sqlparser::ast::SetExpr::Select(s) = cv.query.body.as_ref() {
                    let star = s.projection.iter().any(|i| {
                        use sqlparser::ast::SelectItem as I;
                        matches!(i, I::Wildcard(_) | I::QualifiedWildcard(..))
                    });
                    if !columns.is_empty() && !star && columns.len() != s.projection.len() {
                        return Err(MySqlError::derived_column_count());
                    }
                    if columns.is_empty() && !star {
                        crate::sql::column_names::check_unique(&view_item_names(&s.projection))?;
                    }
                }
                // The columns `*` gives, when the catalog tells them: a repeat is ERROR 1060
                // here, at CREATE VIEW, as MySQL checks the view's columns when it creates
                // it; a column list of another length, 1353.
                let no_cte = |_: &str| false;
                let scope = crate::sql::column_names::NameScope {
                    catalog: &self.catalog,
                    db: session.database.as_deref(),
                    is_cte: &no_cte,
                };
                if let Some(names) = crate::sql::column_names::known_names(&cv.query, sql, &scope) {
                    if !columns.is_empty() && columns.len() != names.len() {
                        return Err(MySqlError::derived_column_count());
                    }
                    if columns.is_empty() {
                        crate::sql::column_names::check_unique(&names)?;
                    }
                }
                // A repeated name is ERROR 1060: the column list's when there is one.
                crate::sql::column_names::check_unique(&columns)?;
                self.resolve_view_query(session, &cv.query, sql, work)?;
                let query = cv.query.to_string();
                let created_micros = self.clock.unix_micros();
                if let Some(d) = self.catalog.database_mut(&db) {
                    d.views.insert(
                        name.clone(),
                        View { name, query, algorithm, columns, created_micros },
                    );
                }
                Ok(ok(0))
            }
            S::CreateIndex(ci) => {
                let (db, table) = table_name(session, &ci.table_name)?;
                let name = ci.name.as_ref().map(|n| n.to_string().trim_matches('`').to_string());
                let parts = KeyPart::list(&ci.columns);
                self.add_index(&db, &table, name, &parts, ci.unique, work)?;
                Ok(Response::Ok {
                    affected_rows: 0,
                    info: Some("Records: 0  Duplicates: 0  Warnings: 0".into()),
                })
            }
            S::Insert(ins) => {
                self.atomically(session, |s, session| s.insert(session, ins, sql, work))
            }
            S::Update(up) if setup_table(session, up).is_some() => {
                let table = setup_table(session, up).unwrap_or_default();
                self.update_setup_table(session, up, table, work)
            }
            S::Update(up) => self.atomically(session, |s, session| s.update(session, up, work)),
            S::Delete(del) => self.atomically(session, |s, session| s.delete(session, del, work)),
            S::Truncate(t) => {
                for target in &t.table_names {
                    let (db, name) = table_name(session, &target.name)?;
                    // A table another's FOREIGN KEY refers to cannot be truncated.
                    if session.foreign_key_checks() {
                        if let Some((constraint, child)) = self.referencing_key(&db, &name) {
                            let what = format!("`{db}`.`{child}`, CONSTRAINT `{constraint}`");
                            return Err(MySqlError::truncate_referenced(&what));
                        }
                    }
                    // The log tables empty (MySQL allows TRUNCATE, not DELETE, on them).
                    if db.eq_ignore_ascii_case("mysql") {
                        use crate::instruments::query_logs::LogKind;
                        let kind = match name.to_ascii_lowercase().as_str() {
                            "slow_log" => Some(LogKind::Slow),
                            "general_log" => Some(LogKind::General),
                            _ => None,
                        };
                        if let Some(kind) = kind {
                            self.truncate_query_log_table(kind);
                            continue;
                        }
                    }
                    // performance_schema's summaries and histories: TRUNCATE resets them; its
                    // other tables refuse it as MySQL does (a DROP privilege nobody has).
                    if db.eq_ignore_ascii_case("performance_schema") {
                        if let Some(r) = self.running.as_mut() {
                            if r.statements.truncate(&name)
                                || r.waits.truncate(&name)
                                || r.stages.truncate(&name)
                                || r.transactions.truncate(&name)
                            {
                                continue;
                            }
                            if name.eq_ignore_ascii_case("memory_summary_global_by_event_name") {
                                r.memory.truncate();
                                continue;
                            }
                            // Either table I/O summary resets both (by_table truncates
                            // by_index_usage, as the manual says; the reverse holds too, as
                            // both show the same counts).
                            let lower = name.to_ascii_lowercase();
                            if crate::instruments::table_io::TABLES.contains(&lower.as_str()) {
                                r.table_io.truncate();
                                continue;
                            }
                        }
                        if show::is_system_table(&db, &name) {
                            let who = crate::sql::parser::account::AccountName::new(
                                &session.account.user,
                                "localhost",
                            );
                            return Err(MySqlError::table_access_denied(
                                "DROP",
                                &who.quoted(),
                                &name,
                            ));
                        }
                    }
                    let table = self
                        .catalog
                        .table_mut(&db, &name)
                        .ok_or_else(|| MySqlError::no_such_table(&db, &name))?;
                    let space = table.space_id;
                    table.truncate();
                    if let Some(r) = self.running.as_mut() {
                        let freed = r.pool.discard_space(space);
                        self.host.release("buffer pool", freed * 16384);
                    }
                }
                Ok(ok(0))
            }
            S::LockTables { tables } => {
                self.lock_tables(session, tables)?;
                Ok(ok(0))
            }
            S::UnlockTables => {
                self.unlock_tables(session);
                Ok(ok(0))
            }
            // FLUSH TABLES WITH READ LOCK: every change refused until UNLOCK TABLES (the
            // tables' flush itself has nothing to write here).
            S::Flush {
                object_type: sqlparser::ast::FlushType::Tables,
                read_lock: true,
                tables,
                ..
            } if tables.is_empty() => {
                if session.table_locks.is_some() {
                    return Err(MySqlError::lock_or_active_transaction());
                }
                session.global_read_lock = true;
                self.flush_tables(session, &[]);
                Ok(ok(0))
            }
            // FLUSH TABLES [t, ...]: closes the tables (every one, or those named) in the
            // table cache.
            S::Flush {
                object_type: sqlparser::ast::FlushType::Tables,
                read_lock: false,
                export: false,
                tables,
                ..
            } => {
                self.flush_tables(session, tables);
                Ok(ok(0))
            }
            S::StartTransaction { modifier, modes, .. } => {
                // START TRANSACTION releases the session's table locks.
                session.table_locks = None;
                self.commit(session);
                session.in_transaction = true;
                use sqlparser::ast::{TransactionAccessMode as Access, TransactionMode as Mode};
                session.transaction_access_read_only = modes
                    .iter()
                    .find_map(|m| match m {
                        Mode::AccessMode(Access::ReadOnly) => Some(true),
                        Mode::AccessMode(Access::ReadWrite) => Some(false),
                        _ => None,
                    })
                    .or(session.next_transaction_read_only);
                // WITH CONSISTENT SNAPSHOT begins InnoDB's transaction (and its read view)
                // now, not at the first table it reads.
                if *modifier == Some(crate::sql::parser::session_statements::CONSISTENT_SNAPSHOT) {
                    let read_only = modes.contains(&sqlparser::ast::TransactionMode::AccessMode(
                        sqlparser::ast::TransactionAccessMode::ReadOnly,
                    ));
                    self.innodb_trx_begin_now(session, read_only);
                }
                Ok(ok(0))
            }
            S::Commit { .. } => {
                self.commit(session);
                Ok(ok(0))
            }
            S::Rollback { .. } => {
                self.rollback(session);
                Ok(ok(0))
            }
            S::Call(f) => self.call(session, f, work),
            // FLUSH STATUS: the session's counters start again from zero (MySQL adds them to
            // the global ones first; here the global ones already include them), and
            // Max_used_connections drops to the connections open now.
            S::Flush { object_type: sqlparser::ast::FlushType::Status, tables, .. }
                if tables.is_empty() =>
            {
                session.status = crate::instruments::status::Status::session_at_connect();
                if let Some(r) = self.running.as_mut() {
                    let open = r.status.number("Threads_connected");
                    r.status.set(
                        "Max_used_connections",
                        crate::instruments::status::StatusValue::Number(open),
                    );
                }
                Ok(ok(0))
            }
            // FLUSH LOGS closes and reopens the query logs and opens the binary log's next
            // file (the error log it also reopens is not a file the simulator shows); FLUSH
            // SLOW|GENERAL|BINARY LOGS one of them.
            S::Flush { object_type, tables, .. }
                if tables.is_empty()
                    && matches!(
                        object_type,
                        sqlparser::ast::FlushType::Logs
                            | sqlparser::ast::FlushType::SlowLogs
                            | sqlparser::ast::FlushType::GeneralLogs
                            | sqlparser::ast::FlushType::BinaryLogs
                    ) =>
            {
                use sqlparser::ast::FlushType as F;
                let slow = matches!(object_type, F::Logs | F::SlowLogs);
                let general = matches!(object_type, F::Logs | F::GeneralLogs);
                self.flush_query_logs(slow, general);
                if matches!(object_type, F::Logs | F::BinaryLogs) {
                    self.rotate_binary_log();
                }
                Ok(ok(0))
            }
            other => {
                let text = other.to_string();
                let words: Vec<&str> = text.split_whitespace().take(2).collect();
                Err(MySqlError::not_supported_yet(&words.join(" ").to_ascii_uppercase()))
            }
        }
    }

    /// Ends a transaction keeping its changes.
    pub(crate) fn commit(&mut self, session: &mut Session) {
        let wrote = !session.undo.is_empty();
        self.end_transaction_event(
            session,
            crate::instruments::transactions::TrxState::Committed,
            wrote,
        );
        session.undo.clear();
        session.savepoints.clear();
        session.in_transaction = false;
        session.transaction_access_read_only = None;
        self.innodb_trx_end(session, true);
    }

    /// Runs one row-changing statement so that it changes all its rows or none: InnoDB rolls
    /// back a statement that fails part-way (a value too long in row 2 of 20,000 leaves no
    /// row 1 behind), while the transaction around it stays open.
    pub(crate) fn atomically(
        &mut self,
        session: &mut Session,
        run: impl FnOnce(&mut Server, &mut Session) -> Result<Response>,
    ) -> Result<Response> {
        let mark = session.statement_undo.len();
        let in_transaction = session.undo.len();
        let result = run(self, session);
        if result.is_err() {
            let undo = session.statement_undo.split_off(mark);
            session.undo.truncate(in_transaction.min(session.undo.len()));
            self.undo_changes(undo);
        } else {
            // Bounded: the marks of the statement just finished are not needed any more.
            session.statement_undo.truncate(mark);
        }
        result
    }

    /// Ends a transaction undoing its changes, newest first.
    pub(crate) fn rollback(&mut self, session: &mut Session) {
        self.end_transaction_event(
            session,
            crate::instruments::transactions::TrxState::RolledBack,
            false,
        );
        self.logs.take_open(session.id);
        self.undo_changes(std::mem::take(&mut session.undo));
        session.savepoints.clear();
        session.in_transaction = false;
        session.transaction_access_read_only = None;
        self.innodb_trx_end(session, false);
    }

    fn drop(
        &mut self,
        session: &mut Session,
        object_type: &ObjectType,
        if_exists: bool,
        names: &[ObjectName],
    ) -> Result<Response> {
        match object_type {
            ObjectType::Database | ObjectType::Schema => {
                let name = names
                    .first()
                    .map(|n| n.to_string().trim_matches('`').to_string())
                    .unwrap_or_default();
                if Catalog::is_system_schema(&name) {
                    return Err(MySqlError::system_schema_access(&name));
                }
                match self.catalog.drop_database(&name) {
                    Some(spaces) => {
                        if let Some(r) = self.running.as_mut() {
                            let freed: u64 = spaces.iter().map(|s| r.pool.discard_space(*s)).sum();
                            self.host.release("buffer pool", freed * 16384);
                        }
                        if session.database.as_deref() == Some(name.as_str()) {
                            session.database = None;
                        }
                        Ok(ok(spaces.len() as u64))
                    }
                    None if if_exists => Ok(ok(0)),
                    None => Err(MySqlError::drop_missing_database(&name)),
                }
            }
            ObjectType::Table | ObjectType::View => {
                // A table another table's FOREIGN KEY refers to cannot be dropped (unless
                // the child goes in the same statement, or foreign_key_checks is off).
                if *object_type == ObjectType::Table && session.foreign_key_checks() {
                    let dropped: Vec<(String, String)> =
                        names.iter().filter_map(|n| table_name(session, n).ok()).collect();
                    for (db, name) in &dropped {
                        if let Some((constraint, child)) = self.referencing_key(db, name) {
                            if !dropped.iter().any(|(d, t)| d == db && t == &child) {
                                return Err(MySqlError::fk_cannot_drop_parent(
                                    name,
                                    &constraint,
                                    &child,
                                ));
                            }
                        }
                    }
                }
                let mut missing = Vec::new();
                for n in names {
                    let (db, name) = table_name(session, n)?;
                    let d = self.catalog.database_mut(&db);
                    let removed = match (d, object_type) {
                        (Some(d), ObjectType::Table) => {
                            // The table's triggers go with it.
                            let removed = d.tables.remove(&name).map(|t| Some(t.space_id));
                            if removed.is_some() {
                                d.triggers.retain(|t| t.table != name);
                                session.temporary_tables.remove(&(db.clone(), name.clone()));
                            }
                            removed
                        }
                        (Some(d), _) => d.views.remove(&name).map(|_| None),
                        (None, _) => None,
                    };
                    match removed {
                        Some(Some(space)) => {
                            self.catalog.table_stats.remove(&db, &name);
                            if let Some(r) = self.running.as_mut() {
                                let freed = r.pool.discard_space(space);
                                self.host.release("buffer pool", freed * 16384);
                            }
                        }
                        Some(None) => {}
                        None => missing.push(format!("{db}.{name}")),
                    }
                }
                if missing.is_empty() {
                    return Ok(ok(0));
                }
                let e = MySqlError::unknown_table(&missing.join(","));
                if if_exists {
                    // The same text as a note: DROP ... IF EXISTS.
                    let note =
                        crate::error::Warning { level: "Note", code: e.code, message: e.message };
                    session.warn(note);
                    Ok(ok(0))
                } else {
                    Err(e)
                }
            }
            _ => Err(MySqlError::not_supported_yet(&format!("DROP {object_type}"))),
        }
    }

    /// Adds the table CREATE TABLE defined, empty, in a tablespace of its own, created now.
    fn add_created_table(&mut self, def: TableDef) {
        let space = self.catalog.allocate_space_id();
        let mut table = Table::new(def, space);
        table.created_micros = self.clock.unix_micros();
        self.catalog.add_table(table);
    }

    fn create_table(
        &mut self,
        session: &mut Session,
        ct: &sqlparser::ast::CreateTable,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        let (db, name) = table_name(session, &ct.name)?;
        if Catalog::is_system_schema(&db) {
            return Err(MySqlError::database_access_denied(&session.account.quoted(), &db));
        }
        if !self.catalog.has_database(&db) {
            return Err(MySqlError::unknown_database(&db));
        }
        if self.catalog.table(&db, &name).is_some() || self.catalog.view(&db, &name).is_some() {
            if ct.if_not_exists {
                session.warn(crate::error::Warning {
                    level: "Note",
                    code: 1050,
                    message: format!("Table '{name}' already exists"),
                });
                return Ok(ok(0));
            }
            return Err(MySqlError::table_exists(&name));
        }
        // `CREATE TABLE new (LIKE old)`: sqlparser's MySQL dialect reads it as one column named
        // LIKE whose type is the old table's name.
        let like_in_parens = match ct.columns.as_slice() {
            [c] if c.name.quote_style.is_none()
                && c.name.value.eq_ignore_ascii_case("LIKE")
                && c.options.is_empty()
                && ct.query.is_none() =>
            {
                match &c.data_type {
                    sqlparser::ast::DataType::Custom(name, args) if args.is_empty() => {
                        Some(name.clone())
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let like_name = match &ct.like {
            Some(
                sqlparser::ast::CreateTableLikeKind::Plain(l)
                | sqlparser::ast::CreateTableLikeKind::Parenthesized(l),
            ) => Some(l.name.clone()),
            None => like_in_parens,
        };
        if let Some(like) = like_name {
            // `CREATE TABLE new LIKE old`: the same columns and indexes, no rows.
            let (src_db, src_name) = table_name(session, &like)?;
            let src = self
                .catalog
                .table(&src_db, &src_name)
                .ok_or_else(|| MySqlError::no_such_table(&src_db, &src_name))?;
            let def = TableDef { schema: db.clone(), name: name.clone(), ..src.def.clone() };
            self.add_created_table(def);
            return Ok(ok(0));
        }
        let selected = match &ct.query {
            Some(q) => Some(self.run_create_select(session, q, sql, work)?),
            None => None,
        };
        if ct.columns.is_empty() && selected.as_ref().is_none_or(|s| s.columns.is_empty()) {
            return Err(MySqlError::table_without_columns());
        }
        let mut columns = Vec::new();
        let mut primary: Option<Vec<String>> = None;
        let mut column_unique: Vec<String> = Vec::new();
        let mut checks = Vec::new();
        for c in &ct.columns {
            let mut spec =
                column_spec(&c.name.value, &c.data_type, c.options.iter().map(|o| &o.option))?;
            spec.column.generated = row_rules::generated_column(&c.options);
            checks.extend(row_rules::column_checks(&c.name.value, &c.options));
            if spec.primary {
                primary = Some(vec![c.name.value.clone()]);
            }
            if spec.unique {
                column_unique.push(c.name.value.clone());
            }
            let col = spec.column;
            if columns.iter().any(|c: &ColumnDef| c.name.eq_ignore_ascii_case(&col.name)) {
                return Err(MySqlError::duplicate_column(&col.name));
            }
            columns.push(col);
        }
        // CREATE TABLE ... SELECT: the selected columns not defined above follow the defined
        // ones; a defined column of the same name takes the selected values.
        let mut targets = Vec::new();
        if let Some(sel) = &selected {
            for c in &sel.columns {
                match columns.iter().position(|d: &ColumnDef| d.name.eq_ignore_ascii_case(&c.name))
                {
                    Some(p) if p >= ct.columns.len() => {
                        return Err(MySqlError::duplicate_column(&c.name))
                    }
                    Some(p) => targets.push(p as u32),
                    None => {
                        targets.push(columns.len() as u32);
                        columns.push(c.clone());
                    }
                }
            }
        }
        let mut def = TableDef {
            schema: db.clone(),
            name: name.clone(),
            columns,
            indexes: Vec::new(),
            constraints: Default::default(),
            partitioning: None,
        };
        let mut secondary: Vec<(Option<String>, Vec<KeyPart>, bool)> = column_unique
            .into_iter()
            .map(|c| (Some(c.clone()), vec![KeyPart::Column(c)], true))
            .collect();
        let mut foreign_keys = Vec::new();
        for tc in &ct.constraints {
            match tc {
                TableConstraint::PrimaryKey(pk) => {
                    let parts = KeyPart::list(&pk.columns);
                    if functional_index::any_functional(&parts) {
                        return Err(MySqlError::functional_index_primary_key());
                    }
                    primary =
                        Some(parts.iter().filter_map(KeyPart::column).map(Into::into).collect())
                }
                TableConstraint::Unique(u) => {
                    // `UNIQUE KEY uv (v)`: sqlparser keeps `uv` as the index name.
                    let name = u.index_name.as_ref().or(u.name.as_ref()).map(|n| n.value.clone());
                    secondary.push((name, KeyPart::list(&u.columns), true))
                }
                TableConstraint::Index(i) => secondary.push((
                    i.name.as_ref().map(|n| n.value.clone()),
                    KeyPart::list(&i.columns),
                    false,
                )),
                TableConstraint::ForeignKey(fk) => foreign_keys.push(fk),
                TableConstraint::Check(c) => checks.push(row_rules::PendingCheck::new(
                    c.name.as_ref().map(|n| n.value.clone()),
                    &c.expr,
                    c.enforced,
                    None,
                )),
                _ => {}
            }
        }
        row_rules::check_generated_columns(&def)?;
        let taken = self.check_names_in(&db, None);
        def.constraints.checks = row_rules::name_checks(&def, checks, &taken)?;
        if let Some(cols) = primary {
            let positions = positions(&def, &cols)?;
            for &p in &positions {
                def.columns[p as usize].nullable = false;
            }
            def.indexes.push(IndexDef {
                name: "PRIMARY".into(),
                columns: positions,
                unique: true,
                primary: true,
                visible: true,
            });
        }
        if def.columns.iter().filter(|c| c.auto_increment).count() > 1
            || def.columns.iter().any(|c| {
                c.auto_increment
                    && !def.indexes.iter().any(|i| {
                        i.columns.first().is_some_and(|&p| def.columns[p as usize].name == c.name)
                    })
                    && !secondary.iter().any(|(_, parts, _)| {
                        parts.first().and_then(KeyPart::column) == Some(c.name.as_str())
                    })
            })
        {
            return Err(MySqlError::wrong_auto_key());
        }
        for (index_name, parts, unique) in secondary {
            let index_name = index_name.unwrap_or_else(|| {
                let taken: Vec<String> = def.indexes.iter().map(|i| i.name.clone()).collect();
                functional_index::implicit_name(&parts, &taken)
            });
            let positions =
                functional_index::place_key_parts(&mut def, &index_name, &parts, false)?;
            def.indexes.push(IndexDef {
                name: index_name,
                columns: positions,
                unique,
                primary: false,
                visible: true,
            });
        }
        // FOREIGN KEYs, with the index InnoDB adds on the child's columns where none starts
        // with them.
        let (keys, implicit) = self.declared_foreign_keys(session, &def, &foreign_keys, 1)?;
        for (index_name, cols) in implicit {
            let positions = positions(&def, &cols)?;
            def.indexes.push(IndexDef::key(&index_name, positions));
        }
        def.constraints.foreign_keys = keys;
        def.partitioning = partitioning::declared(&def, sql, ct.temporary)?;
        if ct.temporary {
            session.temporary_tables.insert((db.clone(), name.clone()));
        }
        self.add_created_table(def);
        let Some(sel) = selected else { return Ok(ok(0)) };
        let duplicates = crate::sql::parser::create_select_duplicates(sql);
        let filled = self.fill_created(session, (&db, &name), &targets, sel.rows, duplicates, work);
        if filled.is_err() {
            if let Some(d) = self.catalog.database_mut(&db) {
                d.tables.remove(&name);
            }
        }
        filled
    }

    /// CREATE VIEW resolves its query as MySQL does, without running it: a table that does
    /// not exist is ERROR 1146, a column that does not, 1054. The query is bound as EXPLAIN
    /// binds it (which reads the catalog only, never a page); its note is dropped. Any other
    /// error of binding is left for the view's first use (simplification: a form EXPLAIN does
    /// not support here must not stop a view MySQL accepts). Simplification: a query with a
    /// subquery in its select list or WHERE is not resolved at all, as this engine's EXPLAIN
    /// runs an uncorrelated subquery, which CREATE VIEW must not.
    fn resolve_view_query(
        &mut self,
        session: &mut Session,
        query: &sqlparser::ast::Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<()> {
        if Server::has_select_subqueries(query) {
            return Ok(());
        }
        let warned = session.pending_warnings.len();
        let dropped = session.pending_warnings_dropped;
        let bound = self.explain(session, query, sql, work);
        session.pending_warnings.truncate(warned);
        session.pending_warnings_dropped = dropped;
        match bound {
            Err(e) if e.code == 1146 || e.code == 1054 => Err(e),
            _ => Ok(()),
        }
    }

    /// The CHECK constraint names used in schema `db` (a name is unique there), but for
    /// those of table `except`.
    pub(crate) fn check_names_in(&self, db: &str, except: Option<&str>) -> Vec<String> {
        let Some(d) = self.catalog.database(db) else { return Vec::new() };
        d.tables
            .values()
            .filter(|t| except.is_none_or(|e| !t.def.name.eq_ignore_ascii_case(e)))
            .flat_map(|t| t.def.constraints.checks.iter().map(|c| c.name.clone()))
            .collect()
    }

    fn add_index(
        &mut self,
        db: &str,
        table: &str,
        name: Option<String>,
        parts: &[KeyPart],
        unique: bool,
        work: &mut Work,
    ) -> Result<()> {
        let t = self
            .catalog
            .table_mut(db, table)
            .ok_or_else(|| MySqlError::no_such_table(db, table))?;
        let name = name.unwrap_or_else(|| {
            let taken: Vec<String> = t.def.indexes.iter().map(|i| i.name.clone()).collect();
            functional_index::implicit_name(parts, &taken)
        });
        // A functional key part adds its hidden column first (checked before the name, as
        // MySQL resolves the parts before it looks for a duplicate name).
        let mut def = t.def.clone();
        let width = def.columns.len();
        let positions = functional_index::place_key_parts(&mut def, &name, parts, false)?;
        if t.def.index(&name).is_some() {
            return Err(MySqlError::duplicate_key_name(&name));
        }
        if def.columns.len() > width {
            functional_index::add_hidden_columns(t, def, width)?;
        }
        let index = IndexDef {
            name: name.clone(),
            columns: positions,
            unique,
            primary: false,
            visible: true,
        };
        t.add_index(index.clone());
        // A UNIQUE index over rows that already repeat a value fails as InnoDB's build does,
        // after the sort that finds the duplicate; the table keeps no trace of it.
        let duplicate = unique.then(|| t.first_duplicate(&index)).flatten();
        self.charge_index_build(db, table, &name, work);
        if let Some(dup) = duplicate {
            if let Some(t) = self.catalog.table_mut(db, table) {
                functional_index::drop_index(t, &name);
            }
            return Err(MySqlError::duplicate_entry(&dup.key_text, table, &dup.index));
        }
        Ok(())
    }
}

/// A column definition as CREATE TABLE and ALTER TABLE ... ADD / MODIFY / CHANGE write it,
/// and whether it declares itself the primary key or UNIQUE.
pub(crate) struct ColumnSpec {
    pub column: ColumnDef,
    pub primary: bool,
    pub unique: bool,
}

pub(crate) fn column_spec<'a>(
    name: &str,
    data_type: &sqlparser::ast::DataType,
    options: impl Iterator<Item = &'a ColumnOption>,
) -> Result<ColumnSpec> {
    if let sqlparser::ast::DataType::Time(Some(fsp), _) = data_type {
        if *fsp > 6 {
            return Err(MySqlError::too_big_precision(*fsp, name, 6));
        }
    }
    let (ty, unsigned) = column_type(&data_type.to_string())?;
    // ER_TOO_BIG_FIELDLENGTH: BINARY holds at most 255 bytes, VARBINARY 65,535.
    match ty {
        ColumnType::Binary(n) if n > 255 => {
            return Err(MySqlError::too_big_display_width(name, 255));
        }
        ColumnType::VarBinary(n) if n > 65_535 => {
            return Err(MySqlError::too_big_display_width(name, 65_535));
        }
        _ => {}
    }
    let mut col = ColumnDef::new(name, ty);
    col.unsigned = unsigned;
    col.nullable = true;
    let (mut primary, mut unique) = (false, false);
    for o in options {
        match o {
            ColumnOption::NotNull => col.nullable = false,
            ColumnOption::Null => col.nullable = true,
            ColumnOption::Default(e) => {
                let mut cx = crate::sql::expr::constant_context();
                col.default = Some(eval_constant(e, &mut cx)?);
            }
            ColumnOption::PrimaryKey(_) => {
                col.nullable = false;
                primary = true;
            }
            // `code CHAR(3) UNIQUE`: a unique index named after its column, listed before the
            // table's own constraints as mysqld's parser adds it.
            ColumnOption::Unique(_) => unique = true,
            ColumnOption::DialectSpecific(tokens)
                if tokens.iter().any(|t| t.to_string().eq_ignore_ascii_case("AUTO_INCREMENT")) =>
            {
                col.auto_increment = true;
            }
            _ => {}
        }
    }
    Ok(ColumnSpec { column: col, primary, unique })
}

fn positions(def: &TableDef, cols: &[String]) -> Result<Vec<u32>> {
    cols.iter()
        .map(|c| def.column_position(c).ok_or_else(|| MySqlError::key_column_does_not_exist(c)))
        .collect()
}

/// The names a view's select list gives its columns, as far as they can be told without
/// resolving it: an alias, or a column's own name. Simplification: an expression's name
/// (its text) is left out, as MySQL renames a repeated one (check_duplicate_names with
/// gen_unique_view_name) where this engine keeps both; and a select list with `*` is not
/// checked at all, as its names are known only when the view is read (CREATE VIEW does not
/// resolve its query), where a check would also refuse the repeated expression names MySQL
/// renames.
fn view_item_names(items: &[sqlparser::ast::SelectItem]) -> Vec<String> {
    use sqlparser::ast::{Expr, SelectItem};
    items
        .iter()
        .filter_map(|item| match item {
            SelectItem::ExprWithAlias { alias, .. } => Some(alias.value.clone()),
            SelectItem::UnnamedExpr(Expr::Identifier(i)) => Some(i.value.clone()),
            SelectItem::UnnamedExpr(Expr::CompoundIdentifier(parts)) => {
                parts.last().map(|i| i.value.clone())
            }
            _ => None,
        })
        .collect()
}
