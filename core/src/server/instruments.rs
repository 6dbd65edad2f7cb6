//! The server's side of its instruments: reading the status variables (after
//! [`Server::publish_engine_status`] has brought the engines' own counters in), the view of
//! the server its system tables read, the InnoDB monitor, and the lessons' internals traces
//! (pool maps, fsyncs).

use super::session::Session;
use super::Server;
use crate::error::Result;
use crate::innodb::buffer_pool::BufferPool;
use crate::instruments::processlist::{self, Process, EVENT_SCHEDULER_ID};
use crate::instruments::status::StatusValue;
use crate::instruments::system_tables::{self, ServerView};
use crate::instruments::{engine_status, innodb_monitor, pool_map};
use crate::sim::SimTime;
use crate::sql::execution::Meta;
use crate::storage::catalog::Catalog;
use crate::storage::table::Row;
use crate::var_id;

impl Server {
    /// A global status value (published from the engines first), or None if unknown or down.
    pub fn global_status(&mut self, name: &str) -> Option<StatusValue> {
        self.publish_engine_status();
        self.running.as_ref()?.status.get(name).cloned()
    }

    /// Every global status value in SHOW STATUS order.
    pub fn global_status_all(&mut self) -> Vec<(&'static str, StatusValue)> {
        self.publish_engine_status();
        match &self.running {
            Some(r) => r.status.iter().map(|(k, v)| (k, v.clone())).collect(),
            None => Vec::new(),
        }
    }

    /// Brings the status variables the engines keep themselves up to date: the buffer pool's
    /// (after its background work due by now), the redo and binary logs', and `Uptime`.
    pub(super) fn publish_engine_status(&mut self) {
        self.run_pool_background();
        let now = self.clock.now();
        let Some(r) = self.running.as_mut() else { return };
        engine_status::publish_pool(&r.pool, &mut r.status, now);
        let up = now.since(r.started_at).as_secs();
        r.status.set("Uptime", StatusValue::Number(up));
        r.status.set("Uptime_since_flush_status", StatusValue::Number(up));
        let capacity = r.vars.global_u64(var_id!("innodb_redo_log_capacity"));
        engine_status::publish_logs(&self.logs, capacity, &mut r.status);
    }

    /// `SHOW ENGINE INNODB STATUS`'s text.
    pub(super) fn innodb_status_text(&mut self) -> String {
        self.run_pool_background();
        let now = self.clock.now();
        let wall = self.clock.wall_clock();
        let Some(r) = self.running.as_mut() else { return String::new() };
        innodb_monitor::monitor_text(&r.pool, &mut r.monitor, r.started_at, now, wall)
    }

    /// `SHOW ENGINE name STATUS` for an engine other than InnoDB: PERFORMANCE_SCHEMA's
    /// buffers (`pfs_show_status`), nothing for the engines that print nothing, MySQL's
    /// error for a name it does not know.
    pub(super) fn show_engine_status(&mut self, engine: &str) -> Result<crate::sql::ResultSet> {
        use crate::sql::{Column, ResultSet};
        use crate::storage::value::Value;
        let name = crate::instruments::engines::resolve(engine)
            .ok_or_else(|| crate::error::MySqlError::unknown_storage_engine(engine))?;
        let rows = match (name, self.running.as_ref()) {
            ("PERFORMANCE_SCHEMA", Some(r)) => super::lifecycle::performance_schema_status(&r.vars)
                .into_iter()
                .map(|(n, v)| {
                    vec![
                        Value::Str("performance_schema".into()),
                        Value::Str(n),
                        Value::Str(v.to_string()),
                    ]
                })
                .collect(),
            _ => Vec::new(),
        };
        let columns = ["Type", "Name", "Status"].iter().map(|c| Column::text(c)).collect();
        Ok(ResultSet { columns, rows, unshown: 0 })
    }

    /// The rows of a performance_schema or information_schema table, as `session` reads it.
    pub(crate) fn system_table(
        &mut self,
        session: &Session,
        db: &str,
        table: &str,
        alias: &str,
    ) -> Result<(Vec<Meta>, Vec<Row>)> {
        system_tables::read(&mut View { server: self, session }, db, table, alias)
    }

    /// information_schema.STATISTICS' rows of a system table, from its definition, as
    /// `session` reads them (SHOW INDEX prints the same).
    pub(crate) fn system_statistics(
        &mut self,
        session: &Session,
        db: &str,
        table: &str,
        parsed: &crate::instruments::definitions::Parsed,
    ) -> Result<Vec<Row>> {
        system_tables::system_statistics_rows(
            &mut View { server: self, session },
            db,
            table,
            parsed,
        )
    }

    /// information_schema.TABLES' rows as `session` reads them (of `schema` only, when given):
    /// SHOW TABLE STATUS prints the same.
    pub(crate) fn table_status_rows(
        &mut self,
        session: &Session,
        schema: Option<&str>,
    ) -> Vec<crate::instruments::table_status::TableStatus> {
        crate::instruments::table_status::gather(&mut View { server: self, session }, schema)
    }

    /// The processlist as `reader` sees it while its statement is in `state`: every thread
    /// with the PROCESS privilege, else its own user's; the event scheduler while it is ON.
    pub(crate) fn processes(&self, reader: &Session, state: &'static str) -> Vec<Process> {
        let Some(r) = self.running.as_ref() else { return Vec::new() };
        let now = self.clock.now();
        let all = self.accounts.has_global(&reader.account, "PROCESS");
        let mut out = Vec::new();
        let scheduler_on = event_scheduler_on(&r.vars);
        if all && scheduler_on {
            out.push(Process {
                id: EVENT_SCHEDULER_ID,
                user: "event_scheduler".into(),
                transport: Default::default(),
                db: None,
                command: "Daemon",
                time_secs: now.since(r.started_at).as_secs(),
                state: "Waiting on empty queue",
                info: None,
            });
        }
        // The reading session is out of the map while its statement runs.
        let sessions = r.sessions.values().map(|s| &**s).chain(std::iter::once(reader));
        for s in sessions.filter(|s| all || s.login_user == reader.login_user) {
            let running = s.id == reader.id;
            out.push(Process {
                id: s.id.0,
                user: s.login_user.clone(),
                transport: s.transport,
                db: s.database_outside_view.clone().unwrap_or_else(|| s.database.clone()),
                command: if running { "Query" } else { "Sleep" },
                time_secs: now.since(s.command_since).as_secs(),
                state: if running { state } else { "" },
                info: if running { s.current_sql.clone() } else { None },
            });
        }
        out.sort_by_key(|p| p.id);
        out
    }

    /// `SHOW [FULL] PROCESSLIST`.
    pub(super) fn show_processlist(&self, session: &Session, full: bool) -> crate::sql::Response {
        crate::sql::Response::Rows(processlist::show(&self.processes(session, "init"), full))
    }

    /// Records a map of the biggest table in the pool after each client statement (see
    /// [`pool_map`]), and every fsync with its commits, for the lessons' internals views.
    pub fn enable_internals_trace(&mut self, pool_maps: bool, fsyncs: bool) {
        if pool_maps {
            self.pool_maps = Some(pool_map::PoolMaps::default());
            if let Some(r) = self.running.as_mut() {
                r.pool.enable_read_log();
            }
            self.note_statement("(the server as it started)");
        }
        if fsyncs {
            self.logs.fsync_trace = Some(Vec::new());
        }
    }

    /// After a client statement: the pool map, if maps are being recorded.
    pub fn note_statement(&mut self, label: &str) {
        let Some(maps) = self.pool_maps.as_mut() else { return };
        let pool = self.running.as_mut().map(|r| &mut r.pool);
        maps.note_statement(label, pool, &self.catalog, self.clock.now());
    }

    /// The pool maps recorded since the last call, and whether some statements went unmapped.
    pub fn take_pool_maps(&mut self) -> (Vec<pool_map::PoolMap>, bool) {
        self.pool_maps.as_mut().map(|m| m.take()).unwrap_or_default()
    }

    /// The fsyncs recorded since the last call: (time, log, commits).
    pub fn take_fsync_trace(&mut self) -> Vec<(SimTime, &'static str, u32)> {
        self.logs
            .fsync_trace
            .as_mut()
            .map(|t| std::mem::take(t).into_iter().map(|r| (r.at, r.log, r.commits)).collect())
            .unwrap_or_default()
    }
}

/// The server as one session's query of a system table sees it.
struct View<'a> {
    server: &'a mut Server,
    session: &'a Session,
}

impl ServerView for View<'_> {
    fn global_status(&mut self) -> Vec<(&'static str, StatusValue)> {
        self.server.global_status_all()
    }

    fn session_status(&self, name: &str) -> Option<StatusValue> {
        self.session.status.get(name).cloned()
    }

    fn variables(&self, session_scope: bool) -> Vec<(&'static str, String)> {
        let Some(r) = self.server.running.as_ref() else { return Vec::new() };
        r.vars.shown(session_scope.then_some(&self.session.vars), "", |_| true)
    }

    fn catalog(&self) -> &Catalog {
        &self.server.catalog
    }
    fn server_version(&self) -> &'static str {
        self.server.flavour.version()
    }

    fn bring_pool_up_to_date(&mut self) {
        self.server.run_pool_background();
    }

    fn pool(&self) -> Option<&BufferPool> {
        self.server.running.as_ref().map(|r| &r.pool)
    }

    fn now(&self) -> SimTime {
        self.server.clock.now()
    }

    /// Simplification: the reader is taken to be a query (a SELECT of the table; an INSERT
    /// ... SELECT reads it a few microseconds later), its CPU not stretched by a quota.
    fn read_at(&self) -> SimTime {
        use crate::instruments::stages::plan::{before_main, Extras, Shape};
        let fixed = crate::sim::SimDuration(self.server.statement_cpu_ns());
        self.server.clock.now() + before_main(fixed, Shape::Query, Extras::default())
    }

    /// Any of the privileges a column can be granted (SELECT, INSERT, UPDATE, REFERENCES).
    fn may_see_table(&self, db: &str, table: &str) -> bool {
        self.server.may_see_table(self.session, db, table)
    }

    fn index_cardinalities(&mut self, db: &str, table: &str) -> Vec<Vec<u64>> {
        self.server.cached_cardinalities(self.session, db, table)
    }

    fn stored_table_status(
        &mut self,
        schema: Option<&str>,
    ) -> Vec<crate::instruments::table_status::TableStatus> {
        self.server.stored_table_status(self.session, schema)
    }

    fn mysql_user(&self) -> Vec<Row> {
        self.server.mysql_user_table()
    }

    fn processes(&self) -> Vec<Process> {
        self.server.processes(self.session, "executing")
    }

    fn innodb_metrics(&mut self) -> Result<Option<Vec<Row>>> {
        if !self.server.accounts.has_global(&self.session.account, "PROCESS") {
            return Err(crate::error::MySqlError::specific_access_denied("PROCESS"));
        }
        Ok(self.server.innodb_metrics_rows())
    }

    fn innodb_trx(&mut self) -> Result<Vec<Row>> {
        self.server.innodb_trx_rows(self.session)
    }

    fn persisted_variables(&self) -> Vec<crate::storage::table::Row> {
        self.server.persisted_variables()
    }

    fn query_log_tables(&self) -> Option<&crate::instruments::query_logs::LogTables> {
        Some(self.server.query_log_tables())
    }

    fn transactions(&self) -> Option<&crate::instruments::transactions::TransactionInstruments> {
        self.server.running.as_ref().map(|r| &r.transactions)
    }

    fn connection_summary(&self, table: &str) -> Vec<Row> {
        use crate::instruments::connection_summaries::{rows, Sources};
        let Some(r) = self.server.running.as_ref() else { return Vec::new() };
        // The reading session is out of the map while its statement runs.
        let host = crate::server::transport::CLIENT_HOST.to_string();
        let mut open: Vec<(String, String)> = r
            .sessions
            .values()
            .map(|s| &**s)
            .chain(std::iter::once(self.session))
            .map(|s| (s.login_user.clone(), host.clone()))
            .collect();
        let scheduler_on = event_scheduler_on(&r.vars);
        if scheduler_on {
            open.push(("event_scheduler".into(), host.clone()));
        }
        let sources = Sources {
            totals: &r.connection_totals,
            open,
            background_threads: crate::instruments::threads::BACKGROUND_THREADS,
            session_bytes: super::CONNECTION_BASE_BYTES,
        };
        rows(table, &sources)
    }

    fn connect_attrs(&self, account_only: bool) -> Vec<Row> {
        let Some(r) = self.server.running.as_ref() else { return Vec::new() };
        // The reading session is out of the map while its statement runs.
        let reader = self.session;
        let mut sessions: Vec<(u64, crate::instruments::connect_attrs::ClientProcess)> = r
            .sessions
            .values()
            .map(|s| &**s)
            .chain(std::iter::once(reader))
            .filter(|s| !account_only || s.account == reader.account)
            .map(|s| (s.id.0, s.client))
            .collect();
        sessions.sort_unstable_by_key(|(id, _)| *id);
        let version = match r.vars.global(var_id!("version")) {
            crate::server::variables::definition::VarValue::Text(v) => v.as_str(),
            _ => "",
        };
        crate::instruments::connect_attrs::rows(&sessions, version)
    }

    fn statements(&self) -> Option<&crate::instruments::statements::StatementInstruments> {
        self.server.running.as_ref().map(|r| &r.statements)
    }
    fn table_io(&self) -> Option<&crate::instruments::table_io::TableIo> {
        self.server.running.as_ref().map(|r| &r.table_io)
    }

    fn user_statistics(
        &self,
    ) -> Option<(&crate::instruments::user_statistics::UserStatistics, bool)> {
        if self.server.flavour != crate::server::flavour::Flavour::Percona {
            return None;
        }
        let accounts = &self.server.accounts;
        let sees = accounts.has_global(&self.session.account, "PROCESS")
            || accounts.has_global(&self.session.account, "SUPER");
        self.server.user_statistics().map(|s| (s, sees))
    }

    fn profiles(&self) -> Option<&crate::instruments::stages::profiles::Profiles> {
        Some(&self.session.profiles)
    }

    fn setup_and_waits(&mut self) -> Option<crate::instruments::setup_and_waits::Sources<'_>> {
        self.server.absorb_waits();
        let processes = self.server.processes(self.session, "executing");
        let r = self.server.running.as_ref()?;
        let scheduler_on = event_scheduler_on(&r.vars);
        let threads = crate::instruments::threads::rows(
            &processes,
            crate::server::statement_events::THREAD_ID_OFFSET,
            scheduler_on,
            crate::server::CONNECTION_BASE_BYTES,
        );
        Some(crate::instruments::setup_and_waits::Sources {
            setup: &r.setup,
            waits: &r.waits,
            stages: &r.stages,
            memory: &r.memory,
            catalog: &self.server.catalog,
            binlog_file: self.server.logs.binlog.files.current_name(),
            threads,
        })
    }
}

/// Whether `event_scheduler` is ON: its thread then shows in the processlist, threads and
/// the accounts tables.
fn event_scheduler_on(vars: &crate::server::variables::Variables) -> bool {
    matches!(
        vars.global(var_id!("event_scheduler")),
        crate::server::variables::definition::VarValue::Text(t) if t.eq_ignore_ascii_case("ON")
    )
}
