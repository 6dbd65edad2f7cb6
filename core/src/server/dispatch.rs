//! Running one statement: parse, dispatch, charge its simulated cost, count it in the status
//! variables, and keep its warnings for SHOW WARNINGS.
//!
//! Life of a statement:
//! 1. the client hands the text of one statement to [`Server::execute`];
//! 2. `Questions` and `Queries` count it; `sql::parse` turns it into a `Statement` (or 1064);
//! 3. the `Com_*` counter of its kind counts it, and its handler runs against the session and
//!    the global state, evaluating expressions through [`Cx`];
//! 4. its CPU cost (per statement plus per row, from the hardware profile, stretched by a
//!    CPU quota below one CPU) moves the clock; `SLEEP()` moves it too;
//! 5. performance_schema records the statement's event (`statement_events.rs`), and the slow
//!    query log its entry (`query_logs.rs`; the general log took the text at step 1);
//! 6. the response, the warning count and the elapsed simulated time go back to the client.

use crate::error::{MySqlError, Result, Warning};
use crate::instruments::status::{Counted, StatusId, StatusValue};
use crate::server::context::Cx;
use crate::server::session::{Session, SessionId};
use crate::server::statement_events::Ran;
use crate::server::variables::{lookup, show_text, SetValue};
use crate::server::Server;
use crate::sim::SimDuration;
use crate::sql::bind::{Binder, NamedColumns};
use crate::sql::execution::Work;
use crate::sql::expr::{eval, eval_constant, LikePattern};
use crate::sql::parser::VarScope;
use crate::sql::parser::{Assignment, SetTarget, ShowFilter, Statement};
use crate::sql::{Column, Response, ResultSet, Value};
use crate::status_id;
use crate::var_id;
use sqlparser::ast::{Expr, Query, SetExpr};

/// The databases every server has.
pub const SYSTEM_SCHEMAS: [&str; 4] = ["information_schema", "mysql", "performance_schema", "sys"];

/// What a statement did, as the client sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Executed {
    pub result: Result<Response>,
    /// Results the client received before the statement failed (the result sets of a
    /// CALL whose procedure then raised an error), printed before the error.
    pub sent_before_error: Vec<Response>,
    /// Warnings the statement left (the client prints "N warnings").
    pub warnings: u32,
    /// Simulated time the statement took.
    pub elapsed: SimDuration,
}

impl Server {
    /// Counts a statement's exchange in `Bytes_received` and `Bytes_sent` (the session's and
    /// the global ones): its command of `statement_len` bytes and the response to it.
    pub(super) fn count_exchange(
        &mut self,
        session: &mut Session,
        statement_len: u64,
        result: &Result<Response>,
    ) {
        let Some(r) = self.running.as_mut() else { return };
        let received = super::wire::command_bytes(statement_len);
        let sent = super::wire::response_bytes(result);
        crate::instruments::status::count(
            &mut r.status,
            &mut session.status,
            status_id!("Bytes_received"),
            received,
        );
        crate::instruments::status::count(
            &mut r.status,
            &mut session.status,
            status_id!("Bytes_sent"),
            sent,
        );
    }

    /// Runs the statements in `sql` (one, or several separated by `;`, as the mysql client
    /// sends them) for session `id`, stopping at the first error.
    pub fn execute_all(&mut self, id: SessionId, sql: &str) -> Vec<Executed> {
        let mut out = Vec::new();
        let mut rest = sql;
        // Bounded by the text: every round consumes at least one statement.
        loop {
            let (done, next) = self.execute_first(id, rest);
            let failed = done.result.is_err();
            out.push(done);
            match next {
                Some(offset) if !failed && offset > 0 && offset < rest.len() => {
                    rest = &rest[offset..]
                }
                _ => break,
            }
        }
        out
    }

    /// Runs one statement for session `id` (text after a `;` is a syntax error).
    pub fn execute(&mut self, id: SessionId, sql: &str) -> Executed {
        match self.execute_first(id, sql) {
            (done, None) => done,
            (mut done, Some(offset)) => {
                if done.result.is_ok() {
                    let line = sql[..offset].matches('\n').count() as u32 + 1;
                    done.result = Err(MySqlError::syntax(sql[offset..].trim_end(), line));
                }
                done
            }
        }
    }

    /// Runs the first statement of `sql`; returns where the next one starts, if any.
    fn execute_first(&mut self, id: SessionId, sql: &str) -> (Executed, Option<usize>) {
        let mut next_offset = None;
        let start = self.clock.now();
        // A statement's I/O is served at the server's clock, unless concurrent clients run:
        // then `run_clients` tells the disk the scheduler's time at each of its events.
        if self.logs.settings_cache.is_none() {
            self.disk.at(start);
        }
        let gone = Executed {
            result: Err(MySqlError::cannot_connect()),
            sent_before_error: Vec::new(),
            warnings: 0,
            elapsed: SimDuration::ZERO,
        };
        // The general log takes the command as it arrives, before it is parsed or run.
        let who = self.running.as_ref().filter(|r| r.vars.global_bool(var_id!("general_log")));
        let who = who.and_then(|r| r.sessions.get(&id));
        if let Some(who) = who.map(|s| crate::server::query_logs::Who::of(s)) {
            let text = sql.trim().trim_end_matches(';').trim_end();
            let (command, argument) = crate::server::query_logs::general_command(text);
            self.general_log_command(id.0, &who, start, command, &argument);
        }
        let Some(running) = self.running.as_mut() else {
            return (gone, None);
        };
        let Some(mut session) = running.sessions.remove(&id) else {
            return (gone, None);
        };
        session.pending_warnings.clear();
        session.pending_warnings_dropped = 0;
        session.statement_begins();
        let schema = session.database.clone();
        crate::instruments::status::count(
            &mut running.status,
            &mut session.status,
            status_id!("Questions"),
            1,
        );
        crate::instruments::status::count(
            &mut running.status,
            &mut session.status,
            status_id!("Queries"),
            1,
        );

        let mut work = Work::default();
        let parsed = self.statements.parse_first(sql).map(|(stmt, next)| {
            next_offset = next;
            stmt
        });
        let is_diagnostic =
            matches!(parsed, Ok(Statement::ShowWarnings { .. } | Statement::GetDiagnostics(_)));
        let is_get_diagnostics = matches!(parsed, Ok(Statement::GetDiagnostics(_)));
        let sets_next_transaction = matches!(parsed, Ok(Statement::SetNextTransaction { .. }));
        let kind = match &parsed {
            Ok(stmt) => super::user_stats::classify(stmt),
            Err(_) => (crate::instruments::user_statistics::CommandClass::Other, false, false),
        };
        let mut com = None;
        let mut digest = None;
        // When its run and its commit ended (its stages' boundaries).
        let (mut ran_until, mut committed_until) = (start, start);
        // MySQL profiles a statement when `profiling` is on at its start and at its end, but
        // never SHOW PROFILE(S).
        // An autocommit statement begins a transaction of its own.
        let began_outside_transaction = !session.in_transaction;
        let profiled = session.vars.u64(var_id!("profiling")) != 0
            && !matches!(parsed, Ok(Statement::ShowProfiles | Statement::ShowProfile { .. }));
        let mut counted = Counted::default();
        let result = match parsed {
            Err(e) => Err(e),
            Ok(stmt) => {
                com = com_counter(&stmt);
                if let Some(com) = com {
                    crate::instruments::status::count(
                        &mut running.status,
                        &mut session.status,
                        StatusId::of(com),
                        1,
                    );
                }
                let text = next_offset.and_then(|o| sql.get(..o)).unwrap_or(sql);
                for _ in 0..crate::sql::parser::binary_operator_uses(text) {
                    session.warn(crate::error::Warning::binary_operator_deprecated());
                }
                self.idle_wait(&session, start);
                digest = self.statement_begun(&session, text, com, start);
                session.current_sql = Some(text.trim().trim_end_matches(';').trim_end().into());
                session.command_since = start;
                // /*+ SET_VAR(var = value) */ changes session variables for this statement only.
                let saved = self.apply_set_var_hints(&mut session, sql);
                let session_limit = session.vars.u64(var_id!("max_execution_time"));
                let limit = super::execution_time::limit_ms(&stmt, text, session_limit);
                if let Some(ms) = limit {
                    work.deadline = Some(start + SimDuration::from_micros(ms.saturating_mul(1000)));
                    if let Some(r) = self.running.as_mut() {
                        crate::instruments::status::count(
                            &mut r.status,
                            &mut session.status,
                            status_id!("Max_execution_time_set"),
                            1,
                        );
                    }
                }
                let (result, moved) = self.dispatch_counted(&mut session, &stmt, sql, &mut work);
                if matches!(&result, Err(e) if e.code == 3024) {
                    if let Some(r) = self.running.as_mut() {
                        crate::instruments::status::count(
                            &mut r.status,
                            &mut session.status,
                            status_id!("Max_execution_time_exceeded"),
                            1,
                        );
                    }
                }
                counted = moved;
                for (def, old) in saved {
                    session.vars.store(def, old);
                }
                ran_until = self.clock.now();
                // Autocommit, COMMIT: the transaction's changes commit through the logs.
                if !session.in_transaction {
                    self.commit_transaction(session.id);
                }
                committed_until = self.clock.now();
                self.settle_transaction_event(session.id, committed_until);
                result
            }
        };

        // Charge the statement's CPU time, then any sleeping it did.
        let hw = self.host.hardware();
        let uncharged = work.rows.saturating_sub(work.charged_rows);
        let fixed_ns = self.statement_cpu_ns();
        let statement_ns = fixed_ns.saturating_add(work.extra_cpu_ns);
        let cpu_ns = statement_ns.saturating_add(uncharged.saturating_mul(hw.cpu_row_ns));
        // The statement's CPU_TIME: this and what its scans charged as they went.
        let event_cpu_ns = statement_ns.saturating_add(work.rows.saturating_mul(hw.cpu_row_ns));
        // The rows its scans charged as they went (their CPU is inside its run).
        let run_cpu_ns = work.charged_rows.saturating_mul(hw.cpu_row_ns);
        let capacity = self.host.cpu_capacity_milli().clamp(1, 1000);
        self.advance(SimDuration(cpu_ns.saturating_mul(1000) / capacity));
        let charged_until = self.clock.now();
        self.advance(SimDuration::from_micros(work.slept_micros));
        let slept_until = self.clock.now();

        if let Err(e) = &result {
            session.warn(Warning { level: "Error", code: e.code, message: e.message.clone() });
        }
        session.statement_ends(&result);
        // The next transaction's characteristics last until a transaction has ended.
        if !session.in_transaction && !sets_next_transaction {
            session.next_transaction_read_only = None;
            session.next_transaction_isolation = None;
        }
        let warnings = session.pending_warnings.len() as u32 + session.pending_warnings_dropped;
        // Every statement but SHOW WARNINGS/ERRORS and GET DIAGNOSTICS replaces the
        // diagnostics area; GET DIAGNOSTICS adds its own conditions to it.
        if !is_diagnostic {
            session.warnings = std::mem::take(&mut session.pending_warnings);
            session.warnings_dropped = session.pending_warnings_dropped;
            session.diagnostics_error_state = result.as_ref().err().map(|e| e.sqlstate.to_string());
        } else if is_get_diagnostics {
            let room = crate::server::session::WARNINGS_MAX.saturating_sub(session.warnings.len());
            let added: Vec<Warning> = session.pending_warnings.drain(..).take(room).collect();
            session.warnings.extend(added);
        }
        let warnings = if result.is_ok() { warnings } else { 0 };
        let text = next_offset.and_then(|o| sql.get(..o)).unwrap_or(sql);
        self.count_exchange(&mut session, text.len() as u64, &result);
        if self.userstat_on() {
            let done = super::user_stats::StatementDone {
                session: &session,
                kind,
                result: &result,
                sql_len: text.len() as u64,
                busy_ns: self.clock.now().since(start).0,
                cpu_ns: event_cpu_ns,
                rows_read: work.handler_rows_read,
                rows_changed: work.handler_rows_changed,
            };
            self.user_stats_statement(&done);
        }
        let counted = &counted;
        let cpu_ns = event_cpu_ns;
        let ran =
            Ran { sql: text, com, result: &result, warnings, counted, digest, schema, cpu_ns };
        let mut staged = super::stage_events::Staged {
            start,
            spent: Default::default(),
            com,
            extras: crate::instruments::stages::plan::Extras {
                begins_transaction: began_outside_transaction,
                tmp_tables: counted.get(status_id!("Created_tmp_tables")),
            },
            text: profiled.then_some(text),
        };
        // The parts of its time, each ending where the next starts (stage events split them,
        // adding none).
        let spent = |end: crate::sim::SimTime| crate::instruments::stages::plan::Spent {
            run: ran_until.since(start),
            commit: committed_until.since(ran_until),
            cpu: charged_until.since(committed_until),
            fixed_cpu: SimDuration(fixed_ns.saturating_mul(1000) / capacity),
            slept: slept_until.since(charged_until),
            after: end.since(slept_until),
            run_cpu: SimDuration(run_cpu_ns.saturating_mul(1000) / capacity),
        };
        // Rows inserted, updated or deleted (the ops after Fetch).
        let writes = crate::sql::execution::handler_io::RowOp::Insert as usize;
        let wrote =
            work.table_io.entries.iter().any(|e| e.ops[writes..].iter().any(|o| o.count > 0));
        let begins = matches!(com, Some("Com_begin"));
        let touched = !work.table_io.entries.is_empty();
        let mut trx = super::transaction_events::TrxStatement::after(
            &session,
            begins,
            touched,
            result.is_err(),
            wrote,
        );
        trx.start = start;
        trx.committed = committed_until;
        self.innodb_trx_after(&mut session, &trx);
        match self.statement_event(&session, ran, start, self.clock.now()) {
            Some(mut event) => {
                trx.event_id = Some(event.event_id);
                self.statement_transaction(session.id, &trx);
                self.statement_waits(&session, start, Some(&mut event), &work.table_io);
                staged.spent = spent(event.end);
                self.statement_stages(&mut session, Some(&event), &staged);
                self.record_statement(event);
            }
            None => {
                self.statement_transaction(session.id, &trx);
                self.statement_waits(&session, start, None, &work.table_io);
                staged.spent = spent(self.clock.now());
                self.statement_stages(&mut session, None, &staged);
            }
        }
        // The slow log, once the statement has ended (and Slow_queries, log or no log).
        let end = self.clock.now();
        let expanded = session.expanded_sql.take();
        if let Some(mut p) = self.pending_log(&session, text, com, &result, counted, start, end) {
            if let Some(x) = expanded {
                p.show_text(x);
            }
            if self.log_finished(p) {
                if let Some(r) = self.running.as_mut() {
                    let status = &mut session.status;
                    crate::instruments::status::count(
                        &mut r.status,
                        status,
                        status_id!("Slow_queries"),
                        1,
                    );
                }
            }
        }
        session.current_sql = None;
        session.command_since = self.clock.now();
        let sent_before_error = std::mem::take(&mut session.sent_before_error);
        if let Some(r) = self.running.as_mut() {
            r.sessions.insert(id, session);
        }
        if self.pending_kill.is_some() && self.end_connection_if_killed(id) {
            // KILL of its own connection: the rest of a multi-statement text is not run.
            let elapsed = self.clock.now().since(start);
            return (Executed { result, sent_before_error, warnings, elapsed }, None);
        }
        if std::mem::take(&mut self.pending_restart) {
            // The server answers OK, then shuts down and starts again.
            let elapsed = self.clock.now().since(start);
            self.restart();
            return (Executed { result, sent_before_error, warnings, elapsed }, next_offset);
        }
        if self.kill_if_out_of_memory() {
            // The client's connection dies with the server, mid-statement.
            let lost = MySqlError::lost_connection();
            return (
                Executed {
                    result: Err(lost),
                    sent_before_error,
                    warnings: 0,
                    elapsed: self.clock.now().since(start),
                },
                None,
            );
        }
        let elapsed = self.clock.now().since(start);
        (Executed { result, sent_before_error, warnings, elapsed }, next_offset)
    }

    /// Applies the statement's `SET_VAR` optimizer hints to the session and returns the values
    /// to restore afterwards. A hint MySQL would refuse is ignored with warning 3126.
    fn apply_set_var_hints(
        &mut self,
        session: &mut Session,
        sql: &str,
    ) -> Vec<(
        &'static crate::server::variables::definition::SysVarDef,
        crate::server::variables::definition::VarValue,
    )> {
        let mut saved = Vec::new();
        let Some(r) = self.running.as_ref() else { return saved };
        for (name, value_text) in set_var_hints(sql) {
            let value = match crate::sql::parse(&format!("DO {value_text}")) {
                Ok(Statement::Do(exprs)) if exprs.len() == 1 => {
                    let now_micros = self.clock.unix_micros();
                    let mut cx = Cx::new(&r.vars, session, now_micros);
                    eval_constant(&exprs[0], &mut cx).ok()
                }
                _ => None,
            };
            let checked = match value {
                Some(v) => r.vars.check_set(&name, VarScope::Session, &SetValue::Value(v)),
                None => Err(MySqlError::syntax(&value_text, 1)),
            };
            match checked {
                Ok((def, v, _)) => {
                    if let Some(old) = session.vars.get(def.name).cloned() {
                        saved.push((def, old));
                    }
                    session.vars.store(def, v);
                }
                // The server reports a hint it cannot apply as a warning and runs the statement.
                Err(e) => {
                    session.warn(Warning { level: "Warning", code: e.code, message: e.message })
                }
            }
        }
        saved
    }

    /// Runs a client's statement, passing what it counted in the global status on to its
    /// session's (Handler_*, Select_*, Sort_*, Created_tmp_*: the session-scoped counters
    /// `SHOW SESSION STATUS` reads); returns the counts too, for performance_schema.
    pub(crate) fn dispatch_counted(
        &mut self,
        session: &mut Session,
        stmt: &Statement,
        sql: &str,
        work: &mut Work,
    ) -> (Result<Response>, Counted) {
        if let Some(r) = self.running.as_mut() {
            r.status.begin_capture();
        }
        let result = self.dispatch(session, stmt, sql, work);
        let mut counted = Counted::default();
        let table_io = std::mem::take(&mut work.table_io);
        self.open_statement_tables(session, &table_io);
        if let (Ok(_), Statement::Other(s)) = (&result, stmt) {
            self.close_ddl_tables(session, s);
        }
        let (userstat_ns, rows_read, rows_changed) = self.user_stats_io(&table_io);
        work.extra_cpu_ns += userstat_ns;
        work.handler_rows_read += rows_read;
        work.handler_rows_changed += rows_changed;
        if let Some(r) = self.running.as_mut() {
            counted = r.status.end_capture();
            session.status.absorb(&counted);
        }
        // The statement's table I/O stays for performance_schema, which takes it once the
        // statement's time is known (`Server::charge_table_io`).
        work.table_io = table_io;
        (result, counted)
    }

    pub(crate) fn dispatch(
        &mut self,
        session: &mut Session,
        stmt: &Statement,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        // DDL, grants and the like commit the open transaction before they run (even when
        // they then fail), inside their own statement's time: here, so that a prepared
        // statement's or a procedure's does too.
        if super::implicit_commit::commits_implicitly(stmt) {
            self.implicit_commit(session);
        }
        // Read-only mode refuses DDL before any privilege is checked (MySQL's order).
        if let Statement::Other(s) = stmt {
            self.refuse_ddl(session, s)?;
        }
        self.authorize(session, stmt)?;
        if let Statement::Other(s) = stmt {
            self.check_locks_for_statement(session, s)?;
        }
        // Calls of stored functions are resolved first (`stored_function`).
        if let Some(resolved) = self.resolve_stored_functions(session, stmt, sql, work)? {
            return self.dispatch_resolved(session, &resolved, sql, work);
        }
        self.dispatch_resolved(session, stmt, sql, work)
    }

    /// [`Self::dispatch`] of a statement whose stored function calls are resolved.
    fn dispatch_resolved(
        &mut self,
        session: &mut Session,
        stmt: &Statement,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        match stmt {
            Statement::Select(q) => {
                session.last_select.clear();
                session.last_select.push_str(sql);
                session.last_select_db.clear();
                session.last_select_db.push_str(session.database.as_deref().unwrap_or(""));
                self.select(session, q, sql, work)
            }
            Statement::Set(assignments) => {
                let was_autocommit = session.autocommit();
                let result = self.set(session, assignments, work);
                // Turning autocommit from 0 to 1 commits the open transaction (one of the
                // manual's implicit commits); setting it to 1 when it is 1 does not.
                if result.is_ok()
                    && !was_autocommit
                    && session.autocommit()
                    && session.in_transaction
                {
                    self.commit(session);
                }
                result
            }
            Statement::ShowVariables { scope, filter } => {
                let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
                let pattern = match filter {
                    Some(ShowFilter::Like(p)) => Some(LikePattern::new(p, '\\')),
                    _ => None,
                };
                // The server walks every variable; the pattern only decides what is sent.
                work.rows += r.vars.count();
                let own = (*scope != VarScope::Global).then_some(&session.vars);
                let prefix = pattern.as_ref().map(LikePattern::literal_prefix).unwrap_or_default();
                let rows: Vec<(String, String)> = r
                    .vars
                    .shown(own, &prefix, |name| pattern.as_ref().is_none_or(|p| p.matches(name)))
                    .into_iter()
                    .map(|(name, text)| (name.to_string(), text))
                    .collect();
                self.show_pairs(session, rows, filter.as_ref(), work)
            }
            Statement::ShowStatus { scope, filter } => {
                let pattern = match filter {
                    Some(ShowFilter::Like(p)) => Some(LikePattern::new(p, '\\')),
                    _ => None,
                };
                let global = self.global_status_all();
                work.rows += global.len() as u64;
                let wants_cost = *scope != VarScope::Global
                    && pattern.as_ref().is_none_or(|p| p.matches("Last_query_cost"));
                let last_query_cost = if wants_cost {
                    Some(StatusValue::Text(self.last_query_cost(session)))
                } else {
                    None
                };
                let rows: Vec<(String, String)> = global
                    .into_iter()
                    .filter(|(name, _)| pattern.as_ref().is_none_or(|p| p.matches(name)))
                    .map(|(name, v)| {
                        let v = match scope {
                            VarScope::Global => v,
                            _ if name == "Last_query_cost" => last_query_cost.clone().unwrap_or(v),
                            _ => session.status.get(name).cloned().unwrap_or(v),
                        };
                        (name.to_string(), v.text())
                    })
                    .collect();
                self.show_pairs(session, rows, filter.as_ref(), work)
            }
            Statement::ShowWarnings { errors_only, count: true, .. } => {
                // The diagnostics area's count, as @@warning_count / @@error_count read it.
                let name = if *errors_only { "error_count" } else { "warning_count" };
                let n = session.condition_count(*errors_only);
                Ok(Response::Rows(ResultSet {
                    columns: vec![Column::number(&format!("@@session.{name}"))],
                    rows: vec![vec![Value::UInt(n)]],
                    unshown: 0,
                }))
            }
            Statement::ShowWarnings { errors_only, offset, limit, .. } => {
                let rows = session
                    .warnings
                    .iter()
                    .filter(|w| !errors_only || w.level == "Error")
                    .skip(usize::try_from(*offset).unwrap_or(usize::MAX))
                    .take(limit.map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX)))
                    .map(|w| {
                        vec![
                            Value::Str(w.level.into()),
                            Value::UInt(u64::from(w.code)),
                            Value::Str(w.message.clone()),
                        ]
                    })
                    .collect();
                Ok(Response::Rows(ResultSet {
                    columns: vec![
                        Column::text("Level"),
                        Column::number("Code"),
                        Column::text("Message"),
                    ],
                    rows,
                    unshown: 0,
                }))
            }
            Statement::Restart => {
                // Done once the statement has finished: the client sees OK, then loses its
                // connection with the server.
                self.pending_restart = true;
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            Statement::ShowProcesslist { full } => Ok(self.show_processlist(session, *full)),
            Statement::ShowProfiles | Statement::ShowProfile { .. } => {
                Ok(self.show_profile_statement(session, stmt))
            }
            Statement::UserStatistics { table, flush, filter, typed } => self
                .user_statistics_statement(session, *table, *flush, filter.as_ref(), typed, work),
            Statement::BinlogAdmin(admin) => self.binlog_admin(session, admin, work),
            Statement::ResetPersist { name, if_exists } => {
                self.reset_persist(session, name.as_deref(), *if_exists)
            }
            Statement::ShowReplication(show) => {
                let result = self.show_replication(*show)?;
                work.rows += result.rows.len() as u64;
                Ok(Response::Rows(result))
            }
            Statement::ShowEngineInnodbStatus => {
                let text = self.innodb_status_text();
                work.rows += 1;
                Ok(Response::Rows(ResultSet {
                    columns: vec![
                        Column::text("Type"),
                        Column::text("Name"),
                        Column::text("Status"),
                    ],
                    rows: vec![vec![
                        Value::Str("InnoDB".into()),
                        Value::Str(String::new()),
                        Value::Str(text),
                    ]],
                    unshown: 0,
                }))
            }
            Statement::ShowEngineStatus { engine } => {
                let result = self.show_engine_status(engine)?;
                work.rows += result.rows.len() as u64;
                Ok(Response::Rows(result))
            }
            Statement::SetNextTransaction { isolation, read_only } => {
                if session.in_transaction {
                    return Err(MySqlError::cant_change_transaction_characteristics());
                }
                session.next_transaction_isolation = isolation.clone();
                session.next_transaction_read_only = *read_only;
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            Statement::ShowCreateDatabase { name, if_not_exists } => {
                work.rows += 1;
                Ok(Response::Rows(self.show_create_database(name, *if_not_exists)?))
            }
            Statement::ShowOpenTables { database, filter } => {
                let names = ["Database", "Table", "In_use", "Name_locked"];
                let rows = self
                    .open_tables_rows(database.as_deref())
                    .into_iter()
                    .filter(|row| match &row[1] {
                        Value::Str(table) => {
                            super::statements::show::like_filter(filter.as_ref(), table)
                        }
                        _ => true,
                    })
                    .collect();
                let rows = self.where_filter(session, &names, rows, filter.as_ref(), work)?;
                work.rows += rows.len() as u64;
                Ok(Response::Rows(ResultSet {
                    columns: vec![
                        Column::text("Database"),
                        Column::text("Table"),
                        Column::number("In_use"),
                        Column::number("Name_locked"),
                    ],
                    rows,
                    unshown: 0,
                }))
            }
            Statement::InstallPlugin { name, library } => {
                let plugin_dir = self
                    .variables()
                    .map(|v| super::query_logs::text_var(v, "plugin_dir"))
                    .unwrap_or_default();
                Err(crate::instruments::plugins::install(name, library, &plugin_dir))
            }
            Statement::UninstallPlugin { name } => {
                Err(crate::instruments::plugins::uninstall(name))
            }
            Statement::ShowCharacterSet { filter } | Statement::ShowCollation { filter } => {
                let collations = matches!(stmt, Statement::ShowCollation { .. });
                let rs = self.show_character_sets(session, collations, filter.as_ref(), work)?;
                Ok(Response::Rows(rs))
            }
            Statement::ShowEngines | Statement::ShowPlugins => {
                let (columns, rows) = if matches!(stmt, Statement::ShowEngines) {
                    (
                        &crate::instruments::engines::SHOW_COLUMNS[..],
                        crate::instruments::engines::rows(),
                    )
                } else {
                    (
                        &crate::instruments::plugins::SHOW_COLUMNS[..],
                        crate::instruments::plugins::show_rows(),
                    )
                };
                work.rows += rows.len() as u64;
                Ok(Response::Rows(ResultSet {
                    columns: columns.iter().map(|c| Column::text(c)).collect(),
                    rows,
                    unshown: 0,
                }))
            }
            Statement::Kill { modifier, id } => {
                // MySQL refuses a subquery before it evaluates anything. Simplification: only
                // a subquery that is the whole argument is seen here (a deeper one is the
                // evaluator's own error).
                let mut bare = id;
                while let sqlparser::ast::Expr::Nested(inner) = bare {
                    bare = inner;
                }
                if matches!(bare, sqlparser::ast::Expr::Subquery(_)) {
                    return Err(MySqlError::not_supported_yet(
                        "Usage of subqueries or stored function calls as part of this statement",
                    ));
                }
                let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
                let mut cx = Cx::new(&r.vars, session, self.clock.unix_micros());
                let value = eval_constant(id, &mut cx)?;
                cx.charge_to(work);
                // `Item::val_int()` cast to my_thread_id (32 bits): NULL and text are 0.
                let id = u64::from(value.to_i64().unwrap_or(0) as u32);
                self.kill(session, *modifier, id)
            }
            Statement::Do(exprs) => {
                let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
                let mut cx = Cx::new(&r.vars, session, self.clock.unix_micros());
                for e in exprs {
                    eval_constant(e, &mut cx)?;
                }
                cx.charge_to(work);
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            Statement::Use(db) => {
                if !self.catalog.has_database(db) {
                    return Err(MySqlError::unknown_database(db));
                }
                let name = if crate::storage::catalog::Catalog::is_system_schema(db) {
                    db.to_ascii_lowercase()
                } else {
                    db.clone()
                };
                session.database = Some(name);
                Ok(Response::DatabaseChanged)
            }
            Statement::ShowDatabases { .. }
            | Statement::ShowTables { .. }
            | Statement::ShowCreateTable { .. }
            | Statement::ShowCreateRoutine { .. }
            | Statement::ShowRoutineStatus { .. }
            | Statement::ShowTriggers { .. }
            | Statement::ShowCreateTrigger { .. }
            | Statement::ShowIndex { .. }
            | Statement::ShowColumns { .. }
            | Statement::ShowTableStatus { .. } => self.show(session, stmt, work),
            Statement::TableMaintenance { op, tables } => {
                self.table_maintenance(session, *op, tables, work)
            }
            Statement::Explain(q) => {
                let response = self.explain(session, q, sql, work)?;
                super::query::note_hints(session, q);
                Ok(response)
            }
            Statement::ExplainTree { query, analyze } => {
                self.explain_tree(session, query, sql, work, *analyze)
            }
            Statement::ExplainJson(q) => {
                let response = self.explain_json(session, q, sql, work)?;
                super::query::note_hints(session, q);
                Ok(response)
            }
            Statement::ExplainForConnection(id) => self.explain_for_connection(session, *id),
            Statement::ExplainChange(s) => self.explain_change(session, s, work),
            Statement::ExplainChangeJson(s) => self.explain_change_json(session, s, work),
            Statement::ExplainChangeTree { change, analyze } => {
                self.explain_change_tree(session, change, sql, work, *analyze)
            }
            Statement::Other(other) => self.run_other(session, other, sql, work),
            Statement::CreateProcedure { database, procedure } => {
                self.create_procedure(session, database, procedure)
            }
            Statement::CreateTrigger(c) => self.create_trigger(session, c),
            Statement::DropTrigger { database, name, if_exists } => {
                self.drop_trigger(session, database, name, *if_exists)
            }
            Statement::DropProcedure { database, name, if_exists, function } => {
                self.drop_procedure(session, database, name, *if_exists, *function)
            }
            Statement::AlterIndexVisibility { database, table, index, visible } => {
                let db = database
                    .clone()
                    .or_else(|| session.database.clone())
                    .ok_or_else(MySqlError::no_database_selected)?;
                let t = self
                    .catalog
                    .table_mut(&db, table)
                    .ok_or_else(|| MySqlError::no_such_table(&db, table))?;
                match t.def.indexes.iter_mut().find(|i| i.name.eq_ignore_ascii_case(index)) {
                    Some(i) if i.primary => Err(MySqlError::primary_key_invisible()),
                    Some(i) => {
                        i.visible = *visible;
                        Ok(Response::Ok {
                            affected_rows: 0,
                            info: Some("Records: 0  Duplicates: 0  Warnings: 0".into()),
                        })
                    }
                    None => Err(MySqlError::key_does_not_exist(index, table)),
                }
            }
            Statement::AlterPartitions { database, table, change } => {
                self.alter_partitions(session, database.as_deref(), table, change)
            }
            Statement::Account(a) => self.run_account_statement(session, a),
            Statement::Unsupported(what) => Err(MySqlError::not_supported_yet(what)),
            Statement::Refused(e) => Err(e.clone()),
            Statement::Prepare { name, source } => self.prepare_sql(session, name, source),
            Statement::Execute { name, using } => self.execute_sql(session, name, using, work),
            Statement::Deallocate(name) => self.deallocate_sql(session, name),
            Statement::Savepoint { op, name } => self.savepoint(session, *op, name),
            Statement::GetDiagnostics(g) => self.get_diagnostics(session, g, work),
        }
    }

    /// SHOW VARIABLES / SHOW STATUS output with LIKE or WHERE applied.
    fn show_pairs(
        &mut self,
        session: &mut Session,
        rows: Vec<(String, String)>,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<Response> {
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        let condition = match filter {
            Some(ShowFilter::Where(e)) => {
                let names = NamedColumns { names: &["Variable_name", "Value"] };
                Some(Binder::scalar(&names, "where clause").bind(e)?)
            }
            // LIKE was applied while listing.
            _ => None,
        };
        let mut cx = Cx::new(&r.vars, session, self.clock.unix_micros());
        let mut kept = Vec::new();
        for (name, value) in rows {
            let row = vec![Value::Str(name), Value::Str(value)];
            let keep = match &condition {
                None => true,
                Some(c) => eval(c, &row, &[], &mut cx)?.truth() == Some(true),
            };
            if keep {
                kept.push(row);
            }
        }
        cx.charge_to(work);
        Ok(Response::Rows(ResultSet {
            columns: vec![Column::text("Variable_name"), Column::text("Value")],
            rows: kept,
            unshown: 0,
        }))
    }

    pub(super) fn select(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        // SELECT ... INTO @a, @b
        let into = match q.body.as_ref() {
            SetExpr::Select(sel) => sel.into.as_ref(),
            _ => None,
        };
        let result = self.run_query(session, q, sql, work, 0, into.is_none())?;
        // A result the server keeps (INTO's) may come packed.
        let unshown = result.unshown;
        let (meta, rows) = result.into_values();
        let result = crate::sql::execution::QueryResult::of_values(meta, rows, unshown);
        if let Some(into) = into {
            let names: Vec<String> = into.targets.iter().map(|p| p.to_string()).collect();
            if names.len() != result.meta.len() {
                return Err(MySqlError::select_column_count_mismatch());
            }
            if result.rows.len() > 1 {
                return Err(MySqlError::too_many_rows());
            }
            let Some(values) = result.rows.first() else {
                session.warn(Warning {
                    level: "Warning",
                    code: 1329,
                    message: "No data - zero rows fetched, selected, or processed".into(),
                });
                return Ok(Response::Ok { affected_rows: 0, info: None });
            };
            for (n, v) in names.iter().zip(values) {
                match n.strip_prefix('@') {
                    Some(user) => {
                        session.user_vars.insert(user.to_ascii_lowercase(), v.clone());
                    }
                    None => {
                        if !session.set_local(n, v.clone())? {
                            return Err(MySqlError::undeclared_variable(n));
                        }
                    }
                }
            }
            return Ok(Response::Ok { affected_rows: 1, info: None });
        }
        let columns = result
            .meta
            .iter()
            .map(|m| Column { name: m.name.clone(), numeric: m.numeric, nullable: m.nullable })
            .collect();
        Ok(Response::Rows(ResultSet { columns, rows: result.rows, unshown: result.unshown }))
    }

    fn set(
        &mut self,
        session: &mut Session,
        assignments: &[Assignment],
        work: &mut Work,
    ) -> Result<Response> {
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        // Check every assignment first: a SET that fails changes nothing.
        enum Apply {
            User(String, Value),
            Local(String, Value),
            Global(
                &'static crate::server::variables::definition::SysVarDef,
                crate::server::variables::definition::VarValue,
                bool,
                bool,
            ),
            Session(
                &'static crate::server::variables::definition::SysVarDef,
                crate::server::variables::definition::VarValue,
            ),
        }
        let mut plan = Vec::new();
        let mut warnings = Vec::new();
        {
            let mut cx = Cx::new(&r.vars, session, self.clock.unix_micros());
            for a in assignments {
                let local_target = matches!(&a.target, SetTarget::System { name, scope, .. }
                    if *scope != VarScope::Global && cx.session.local(name).is_some());
                let value = match &a.value {
                    None => None,
                    // A bare word for a system variable is its text (`SET GLOBAL x = ON`).
                    Some(Expr::Identifier(id))
                        if !local_target
                            && id.quote_style.is_none()
                            && matches!(a.target, SetTarget::System { .. })
                            && cx.session.local(&id.value).is_none() =>
                    {
                        Some(Value::Str(id.value.clone()))
                    }
                    Some(e) => Some(eval_constant(e, &mut cx)?),
                };
                match &a.target {
                    SetTarget::User(name) => {
                        plan.push(Apply::User(name.clone(), value.unwrap_or(Value::Null)))
                    }
                    SetTarget::System { name, scope, .. }
                        if *scope != VarScope::Global && cx.session.local(name).is_some() =>
                    {
                        // Inside a stored procedure a local variable wins over a system one.
                        plan.push(Apply::Local(name.clone(), value.unwrap_or(Value::Null)));
                    }
                    SetTarget::System { name, scope, persist, persist_only } => {
                        let sv = match value {
                            None => SetValue::Default,
                            Some(v) => SetValue::Value(v),
                        };
                        if *persist_only {
                            // PERSIST_ONLY may name read-only variables: check the value only.
                            let def = lookup(name)
                                .ok_or_else(|| MySqlError::unknown_system_variable(name))?;
                            let text = match &sv {
                                SetValue::Value(v) => v.to_text().unwrap_or_default(),
                                SetValue::Default => String::new(),
                            };
                            plan.push(Apply::Global(
                                def,
                                crate::server::variables::definition::VarValue::Text(text),
                                true,
                                true,
                            ));
                            continue;
                        }
                        let (def, v, w) = r.vars.check_set(name, *scope, &sv)?;
                        let is_default = matches!(sv, SetValue::Default);
                        if let Some(w) = Server::check_monitor_value(def.name, is_default, &v)? {
                            warnings.push(w);
                            continue;
                        }
                        warnings.extend(w);
                        // SHOW PROFILE's variables are deprecated since MySQL 8.0.
                        if matches!(def.name, "profiling" | "profiling_history_size") {
                            warnings.push(Warning::deprecated_variable(def.name));
                        }
                        plan.push(match scope {
                            VarScope::Global => Apply::Global(def, v, *persist, false),
                            _ => Apply::Session(def, v),
                        });
                    }
                }
            }
            cx.charge_to(work);
        }
        for w in warnings {
            session.warn(w);
        }
        for step in plan {
            match step {
                Apply::User(n, v) => {
                    session.user_vars.insert(n, v);
                }
                Apply::Local(n, v) => {
                    session.set_local(&n, v)?;
                }
                Apply::Session(def, v) => session.vars.store(def, v),
                Apply::Global(def, v, persist, persist_only) => {
                    if persist {
                        let text = match &v {
                            crate::server::variables::definition::VarValue::Text(t)
                                if persist_only =>
                            {
                                t.clone()
                            }
                            other => show_text(def, other),
                        };
                        self.persisted.insert(def.name.to_string(), text);
                    }
                    if !persist_only {
                        if let Some(r) = self.running.as_mut() {
                            r.vars.store_global(def, v);
                        }
                        self.apply_global_change(def.name);
                    }
                }
            }
        }
        Ok(Response::Ok { affected_rows: 0, info: None })
    }
}

/// The `SET_VAR(name = value)` items of the optimizer hint comment that follows a statement's
/// first keyword (`SELECT /*+ SET_VAR(tmp_table_size = 1073741824) */ ...`).
fn set_var_hints(sql: &str) -> Vec<(String, String)> {
    let trimmed = sql.trim_start();
    let first_len = trimmed.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(trimmed.len());
    let rest = trimmed[first_len..].trim_start();
    let Some(body) = rest.strip_prefix("/*+") else { return Vec::new() };
    let Some(end) = body.find("*/") else { return Vec::new() };
    let mut hints = Vec::new();
    let mut text = &body[..end];
    // Bounded by the comment's length: each round consumes one SET_VAR( ... ).
    while let Some(at) = text.to_ascii_uppercase().find("SET_VAR(") {
        let inner = &text[at + "SET_VAR(".len()..];
        let Some(close) = inner.find(')') else { break };
        if let Some((name, value)) = inner[..close].split_once('=') {
            hints.push((name.trim().to_string(), value.trim().to_string()));
        }
        text = &inner[close + 1..];
    }
    hints
}

/// The `Com_*` counter a statement bumps.
pub(crate) fn com_counter(stmt: &Statement) -> Option<&'static str> {
    Some(match stmt {
        Statement::Select(_) => "Com_select",
        Statement::Set(_) => "Com_set_option",
        Statement::ShowVariables { .. } => "Com_show_variables",
        Statement::ShowStatus { .. } => "Com_show_status",
        Statement::ShowWarnings { errors_only: false, .. } => "Com_show_warnings",
        Statement::ShowWarnings { errors_only: true, .. } => "Com_show_errors",
        Statement::Do(_) => "Com_do",
        Statement::Use(_) => "Com_change_db",
        Statement::ShowDatabases { .. } => "Com_show_databases",
        Statement::ShowTables { .. } => "Com_show_tables",
        Statement::ShowCreateTable { .. } => "Com_show_create_table",
        Statement::ShowCreateRoutine { function: false, .. } => "Com_show_create_proc",
        Statement::ShowCreateRoutine { function: true, .. } => "Com_show_create_func",
        Statement::ShowRoutineStatus { function: false, .. } => "Com_show_procedure_status",
        Statement::ShowRoutineStatus { function: true, .. } => "Com_show_function_status",
        Statement::ShowIndex { .. } => "Com_show_keys",
        Statement::ShowColumns { .. } => "Com_show_fields",
        Statement::ShowTableStatus { .. } => "Com_show_table_status",
        Statement::TableMaintenance { op, .. } => match op {
            crate::sql::parser::MaintenanceOp::Analyze => "Com_analyze",
            crate::sql::parser::MaintenanceOp::Check => "Com_check",
            crate::sql::parser::MaintenanceOp::Optimize => "Com_optimize",
        },
        Statement::Explain(_) | Statement::ExplainTree { .. } | Statement::ExplainJson(_) => {
            "Com_select"
        }
        Statement::ExplainForConnection(_) => "Com_explain_other",
        // EXPLAIN UPDATE counts as an UPDATE: EXPLAIN is no command of its own in MySQL.
        Statement::ExplainChange(s)
        | Statement::ExplainChangeJson(s)
        | Statement::ExplainChangeTree { change: s, .. } => {
            return crate::server::statements::com_counter(s)
        }
        Statement::Other(s) => return crate::server::statements::com_counter(s),
        Statement::CreateProcedure { procedure, .. } if procedure.returns.is_some() => {
            "Com_create_function"
        }
        Statement::CreateProcedure { .. } => "Com_create_procedure",
        Statement::CreateTrigger(_) => "Com_create_trigger",
        Statement::DropTrigger { .. } => "Com_drop_trigger",
        Statement::ShowTriggers { .. } => "Com_show_triggers",
        Statement::ShowCreateTrigger { .. } => "Com_show_create_trigger",
        Statement::DropProcedure { function: true, .. } => "Com_drop_function",
        Statement::DropProcedure { .. } => "Com_drop_procedure",
        Statement::AlterIndexVisibility { .. } | Statement::AlterPartitions { .. } => {
            "Com_alter_table"
        }
        Statement::Restart => "Com_restart",
        Statement::Kill { .. } => "Com_kill",
        Statement::ResetPersist { .. } => "Com_reset",
        // MySQL resolves the engine's name as it parses: an unknown one never runs.
        Statement::ShowEngineStatus { engine }
            if crate::instruments::engines::resolve(engine).is_none() =>
        {
            return None
        }
        Statement::ShowEngineInnodbStatus | Statement::ShowEngineStatus { .. } => {
            "Com_show_engine_status"
        }
        Statement::ShowEngines => "Com_show_storage_engines",
        Statement::ShowPlugins => "Com_show_plugins",
        Statement::ShowCharacterSet { .. } => "Com_show_charsets",
        Statement::ShowCollation { .. } => "Com_show_collations",
        Statement::ShowOpenTables { .. } => "Com_show_open_tables",
        Statement::InstallPlugin { .. } => "Com_install_plugin",
        Statement::UninstallPlugin { .. } => "Com_uninstall_plugin",
        Statement::ShowCreateDatabase { .. } => "Com_show_create_db",
        Statement::SetNextTransaction { .. } => "Com_set_option",
        Statement::BinlogAdmin(admin) => {
            use crate::sql::parser::binlog_admin::BinlogAdmin as B;
            match admin {
                B::PurgeTo(_) => "Com_purge",
                B::PurgeBefore(_) => "Com_purge_before_date",
                B::Reset(_) => "Com_reset",
            }
        }
        Statement::ShowReplication(show) => {
            use crate::sql::parser::ReplicationShow as R;
            match show {
                R::BinaryLogs => "Com_show_binlogs",
                R::BinaryLogStatus => "Com_show_binary_log_status",
                R::ReplicaStatus => "Com_show_replica_status",
            }
        }
        Statement::ShowProcesslist { .. } => "Com_show_processlist",
        Statement::ShowProfiles => "Com_show_profiles",
        Statement::ShowProfile { .. } => "Com_show_profile",
        // Percona counts Com_show_table_statistics and its siblings; those counters are not
        // simulated (a MySQL server has none), and FLUSH counts as Com_flush.
        Statement::UserStatistics { flush: true, .. } => "Com_flush",
        Statement::UserStatistics { flush: false, .. } => return None,
        Statement::Account(a) => {
            use crate::sql::parser::account::AccountStatement as A;
            match a {
                A::CreateUser { .. } => "Com_create_user",
                A::DropUser { .. } => "Com_drop_user",
                A::Grant { .. } => "Com_grant",
                A::Revoke { .. } => "Com_revoke",
                A::ShowGrants { .. } => "Com_show_grants",
                A::FlushPrivileges => "Com_flush",
            }
        }
        Statement::Unsupported(_) | Statement::Refused(_) => return None,
        Statement::Prepare { .. } => "Com_prepare_sql",
        Statement::Execute { .. } => "Com_execute_sql",
        Statement::Deallocate(_) => "Com_dealloc_sql",
        Statement::Savepoint { op, .. } => {
            use crate::sql::parser::session_statements::SavepointOp as Op;
            match op {
                Op::Set => "Com_savepoint",
                Op::RollbackTo => "Com_rollback_to_savepoint",
                Op::Release => "Com_release_savepoint",
            }
        }
        Statement::GetDiagnostics(_) => "Com_get_diagnostics",
    })
}
