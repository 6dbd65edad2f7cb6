//! The server's side of the slow query log and the general log: which file each log has open
//! (from `slow_query_log[_file]`, `general_log[_file]` and `log_output`), what a finished
//! statement writes there, `FLUSH [SLOW|GENERAL] LOGS`, and the datadir's log files as the
//! host's shell reads them.
//!
//! One hook per statement: `Server::execute` (the console, `\! mysql -e`, a tool's set-up
//! statements) calls [`Server::log_finished`] when the statement ends; a load generator's
//! statement (`run_prepped`) keeps its facts in `pending_logs` until the client scheduler
//! says when it started and ended (`statement_started` / `statement_finished`), so its
//! `# Time:` and `SET timestamp=` are the scheduler's simulated times, not the server clock's.
//!
//! The files and the `mysql.slow_log` / `mysql.general_log` rows outlive restarts (they are
//! on disk); which file is open, the last `use` written and the throttle's window do not.

use super::session::Session;
use super::Server;
use crate::instruments::query_logs::{
    general, header, slow, GeneralRow, LogFile, LogFiles, LogKind, LogTables, SlowEntry, SlowRow,
    SlowRules, Throttle, Verdict,
};
use crate::instruments::status::{Counted, StatusId};
use crate::server::variables::definition::VarValue;
use crate::server::variables::Variables;
use crate::sim::{SimDuration, SimTime};
use crate::sql::Response;
use crate::status_id;
use crate::var_id;

/// How long a COM_QUIT takes mysqld. UNCONFIRMED: a few microseconds in real slow logs; the
/// simulator charges a disconnect no time, and a Quit must take some to pass
/// `long_query_time = 0` as real ones do.
const QUIT_TIME: SimDuration = SimDuration::from_micros(2);

/// The query logs' files, tables and open state.
#[derive(Clone, Debug, Default)]
pub(super) struct QueryLogs {
    files: LogFiles,
    tables: LogTables,
    slow: Option<OpenLog>,
    general: Option<OpenLog>,
    throttle: Throttle,
}

/// A log's open file.
#[derive(Clone, Debug, Default)]
struct OpenLog {
    path: String,
    /// The database the last `use` line named (the slow log only).
    last_db: Option<String>,
}

impl QueryLogs {
    fn open_log(&mut self, kind: LogKind) -> &mut Option<OpenLog> {
        match kind {
            LogKind::Slow => &mut self.slow,
            LogKind::General => &mut self.general,
        }
    }

    fn in_use(&self) -> Vec<String> {
        [&self.slow, &self.general].into_iter().flatten().map(|o| o.path.clone()).collect()
    }

    /// Opens `path` for `kind` (writing the header), as at startup, a switch on, a new name
    /// or a FLUSH.
    fn open(&mut self, kind: LogKind, path: String, header: &str) {
        let in_use = self.in_use();
        let in_use: Vec<&str> = in_use.iter().map(String::as_str).collect();
        self.files.open(&path, header, &in_use);
        *self.open_log(kind) = Some(OpenLog { path, last_db: None });
    }
}

/// A statement's facts for the logs, with the rules as they were when it ran.
#[derive(Clone, Debug)]
pub(super) struct PendingLog {
    entry: SlowEntry,
    rules: SlowRules,
    /// The general log's line for it: (command, argument), written at its start.
    general: Option<String>,
}

impl PendingLog {
    /// The slow log shows `sql` for the statement: a SQL EXECUTE's expanded text, as mysqld
    /// keeps it in the thread's query for slow logging (sql_prepare.cc).
    pub(super) fn show_text(&mut self, sql: String) {
        self.entry.sql = sql;
    }
}

impl PendingLog {
    /// The client scheduler started the statement at `at`.
    pub(super) fn started(&mut self, at: SimTime) {
        self.entry.start = at;
        self.entry.end = self.entry.end.max(at);
    }
}

/// The general log's command and argument for a statement's text as the client sends it:
/// `use DB` goes as COM_INIT_DB (`Init DB`, the database's name), the rest as `Query`.
/// Simplification: every USE is taken for the client's own `use` command.
/// Who a general log line is about: the account's user (CURRENT_USER()'s), the login name
/// (USER()'s) and the client's IP (empty over the socket), as `user_host` shows them.
pub(super) struct Who {
    pub(super) priv_user: String,
    pub(super) user: String,
    pub(super) ip: &'static str,
}

impl Who {
    pub(super) fn of(session: &Session) -> Who {
        Who {
            priv_user: session.account.user.clone(),
            user: session.login_user.clone(),
            ip: session.transport.client_ip(),
        }
    }

    fn of_entry(e: &SlowEntry) -> Who {
        Who { priv_user: e.priv_user.clone(), user: e.user.clone(), ip: e.ip }
    }
}

pub(super) fn general_command(text: &str) -> (&'static str, String) {
    let mut words = text.splitn(2, char::is_whitespace);
    match (words.next(), words.next()) {
        (Some(w), Some(db)) if w.eq_ignore_ascii_case("use") => {
            let db = db.trim().trim_end_matches(';').trim();
            ("Init DB", db.trim_matches(|c| c == '`' || c == '\'' || c == '"').to_string())
        }
        _ => ("Query", text.to_string()),
    }
}

/// Where `log_output` sends the logs: (to files, to tables). NONE wins over the others.
fn log_output(vars: &Variables) -> (bool, bool) {
    let text = match vars.global(var_id!("log_output")) {
        VarValue::Text(t) => t.to_ascii_uppercase(),
        _ => "FILE".to_string(),
    };
    let has = |w: &str| text.split(',').any(|p| p.trim() == w);
    if has("NONE") {
        return (false, false);
    }
    (has("FILE"), has("TABLE"))
}

/// A log file's path: a relative name is in the datadir, as mysqld resolves it.
pub fn absolute_log_path(name: &str, datadir: &str) -> String {
    let name = name.trim();
    if name.starts_with('/') {
        name.to_string()
    } else {
        format!("{}/{}", datadir.trim_end_matches('/'), name.trim_start_matches("./"))
    }
}

pub(super) fn text_var(vars: &Variables, name: &str) -> String {
    match vars.global(name) {
        VarValue::Text(t) => t.clone(),
        _ => String::new(),
    }
}

impl Server {
    /// The header mysqld writes when it opens a log.
    fn query_log_header(&self) -> String {
        let Some(vars) = self.variables() else { return String::new() };
        header(
            &text_var(vars, "version"),
            &text_var(vars, "version_comment"),
            vars.global_u64(var_id!("port")),
            &text_var(vars, "socket"),
        )
    }

    /// Opens, closes or reopens each log as its variables now say (after a `SET GLOBAL` of
    /// one of them, and at startup).
    pub(super) fn sync_query_logs(&mut self) {
        let Some(vars) = self.variables() else { return };
        let (to_file, _) = log_output(vars);
        let datadir = text_var(vars, "datadir");
        let wanted = [
            (LogKind::Slow, vars.global_bool(var_id!("slow_query_log")), "slow_query_log_file"),
            (LogKind::General, vars.global_bool(var_id!("general_log")), "general_log_file"),
        ]
        .map(|(kind, on, file)| {
            (kind, (on && to_file).then(|| absolute_log_path(&text_var(vars, file), &datadir)))
        });
        let head = self.query_log_header();
        for (kind, path) in wanted {
            let open = self.query_logs.open_log(kind).as_ref().map(|o| o.path.clone());
            match path {
                None => *self.query_logs.open_log(kind) = None,
                Some(p) if open.as_deref() != Some(p.as_str()) => {
                    self.query_logs.open(kind, p, &head)
                }
                Some(_) => {}
            }
        }
    }

    /// `FLUSH LOGS` (both), `FLUSH SLOW LOGS`, `FLUSH GENERAL LOGS`: each open log is closed
    /// and opened again, which creates the file if it was removed and writes the header.
    pub(super) fn flush_query_logs(&mut self, slow: bool, general: bool) {
        let head = self.query_log_header();
        for (kind, wanted) in [(LogKind::Slow, slow), (LogKind::General, general)] {
            let open = self.query_logs.open_log(kind).as_ref().map(|o| o.path.clone());
            if let (true, Some(path)) = (wanted, open) {
                self.query_logs.open(kind, path, &head);
            }
        }
    }

    /// mysqld stops: its logs close.
    pub(super) fn close_query_logs(&mut self) {
        self.query_logs.slow = None;
        self.query_logs.general = None;
    }

    /// The facts of a statement `session` ran from `start` to `end`, and the rules it is
    /// judged by (its session's `long_query_time` and `min_examined_row_limit`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pending_log(
        &self,
        session: &Session,
        sql: &str,
        com: Option<&'static str>,
        result: &crate::error::Result<Response>,
        counted: &Counted,
        start: SimTime,
        end: SimTime,
    ) -> Option<PendingLog> {
        let vars = self.variables()?;
        let n = |id: StatusId| counted.get(id);
        let logging =
            vars.global_bool(var_id!("slow_query_log")) || vars.global_bool(var_id!("general_log"));
        let text = sql.trim().trim_end_matches(';').trim_end();
        // The mysql client sends `use DB` as COM_INIT_DB, which the slow log names so.
        let text = match com {
            Some("Com_change_db") => "# administrator command: Init DB",
            _ => text,
        };
        let long_query_time = match session.vars.get(var_id!("long_query_time")) {
            Some(VarValue::Float(f)) => *f,
            _ => 10.0,
        };
        let long_query_us = slow::long_query_us(long_query_time);
        if !logging {
            // Only Slow_queries will read it: its times and the one rule it needs (a load's
            // every statement comes here, so the other variables are not read).
            let entry = SlowEntry { start, end, ..SlowEntry::default() };
            let rules = SlowRules { long_query_us, ..SlowRules::default() };
            return Some(PendingLog { entry, rules, general: None });
        }
        let rules = SlowRules {
            long_query_us,
            log_queries_not_using_indexes: vars
                .global_bool(var_id!("log_queries_not_using_indexes")),
            throttle_per_minute: vars.global_u64(var_id!("log_throttle_queries_not_using_indexes")),
            min_examined_row_limit: session.vars.u64(var_id!("min_examined_row_limit")),
            log_slow_admin_statements: vars.global_bool(var_id!("log_slow_admin_statements")),
        };
        let rows_sent = match result {
            Ok(Response::Rows(rs)) => rs.rows.len() as u64 + rs.unshown,
            _ => 0,
        };
        let entry = SlowEntry {
            user: session.login_user.clone(),
            priv_user: session.account.user.clone(),
            host: "localhost".into(),
            ip: session.transport.client_ip(),
            thread_id: session.id.0,
            db: session.database.clone(),
            sql: text.to_string(),
            start,
            end,
            lock: SimDuration::ZERO,
            rows_sent,
            rows_examined: n(status_id!("Innodb_rows_read")),
            errno: result.as_ref().err().map_or(0, |e| e.code),
            bytes_received: super::wire::command_bytes(text.len() as u64),
            bytes_sent: super::wire::response_bytes(result),
            extra: slow::EXTRA_FIELDS.map(|(_, status)| n(status)),
            // mysqld marks a statement as using no index when it scans any non-const table
            // (JT_ALL, sql_select.cc). Tables of fewer than two rows are spared (MYSQL_SPEC
            // 8.1) only as "system" tables, which need an exact row count (MyISAM, MEMORY);
            // InnoDB's is an estimate, so a one-row InnoDB table counts like any other.
            no_index_used: n(status_id!("Select_scan")) + n(status_id!("Select_full_join")) > 0,
            admin: com.is_some_and(|c| slow::ADMIN_COMMANDS.contains(&c)),
            last_insert_id: session.statement_read_last_insert_id,
            insert_id: session.statement_insert_id,
        };
        let general = self.query_logs.general.is_some() || log_output(vars).1;
        let general =
            (general && vars.global_bool(var_id!("general_log"))).then(|| text.to_string());
        Some(PendingLog { entry, rules, general })
    }

    /// The general log's line of a command `session` sent at `at`.
    pub(super) fn general_log_command(
        &mut self,
        thread_id: u64,
        who: &Who,
        at: SimTime,
        command: &'static str,
        argument: &str,
    ) {
        let Some(vars) = self.variables() else { return };
        if !vars.global_bool(var_id!("general_log")) {
            return;
        }
        let utc = text_var(vars, "log_timestamps") != "SYSTEM";
        let server_id = vars.global_u64(var_id!("server_id"));
        let (_, to_table) = log_output(vars);
        if let Some(open) = &self.query_logs.general {
            let line = general::format_line(at, utc, thread_id, command, argument);
            let path = open.path.clone();
            self.query_logs.files.append(&path, &line);
        }
        if to_table {
            self.query_logs.tables.push_general(GeneralRow {
                at,
                user_host: format!("{}[{}] @ localhost [{}]", who.priv_user, who.user, who.ip),
                thread_id,
                server_id,
                command,
                argument: argument.to_string(),
            });
        }
    }

    /// The general log's `Query` line of a pending statement, at its start.
    pub(super) fn general_log_pending(&mut self, p: &mut PendingLog) {
        if let Some(text) = p.general.take() {
            let e = &p.entry;
            let who = Who::of_entry(e);
            self.general_log_command(e.thread_id, &who, e.start, "Query", &text);
        }
    }

    /// A statement has ended: the slow log takes it if the rules say so. Returns whether it
    /// was slow (for `Slow_queries`, counted whether or not the log is on).
    pub(super) fn log_finished(&mut self, p: PendingLog) -> bool {
        let Some(vars) = self.variables() else { return false };
        let e = p.entry;
        let was_slow = slow::is_slow(&e, &p.rules);
        if !vars.global_bool(var_id!("slow_query_log")) {
            return was_slow;
        }
        let (_, to_table) = log_output(vars);
        let extra = vars.global_bool(var_id!("log_slow_extra"));
        let utc = text_var(vars, "log_timestamps") != "SYSTEM";
        let server_id = vars.global_u64(var_id!("server_id"));
        let suppressed = self.query_logs.throttle.take_summary(e.end);
        let mut entries = Vec::new();
        if suppressed > 0 {
            let summary = SlowEntry { sql: slow::throttle_summary(suppressed), ..e.clone() };
            entries.push(summary);
        }
        if slow::verdict(&e, &p.rules, &mut self.query_logs.throttle) == Verdict::Log {
            entries.push(e);
        }
        for e in entries {
            if let Some(open) = self.query_logs.slow.as_mut() {
                let text = slow::format_entry(&e, extra, utc, &mut open.last_db);
                let path = open.path.clone();
                self.query_logs.files.append(&path, &text);
            }
            if to_table {
                self.query_logs.tables.push_slow(SlowRow { entry: e, server_id });
            }
        }
        was_slow
    }

    /// The client scheduler ended `session`'s parked statement at `at`: the slow log takes
    /// it, and `Slow_queries` counts it if it was slow.
    pub(super) fn log_parked(&mut self, session: super::SessionId, at: SimTime) {
        let Some(mut log) = self.running.as_mut().and_then(|r| r.pending_logs.remove(&session))
        else {
            return;
        };
        log.entry.end = at.max(log.entry.start);
        if let Some(r) = self.running.as_mut() {
            r.last_statement_ends.insert(session, log.entry.end);
        }
        if self.log_finished(log) {
            if let Some(r) = self.running.as_mut() {
                r.status.add(status_id!("Slow_queries"), 1);
                if let Some(s) = r.sessions.get_mut(&session) {
                    s.status.add(status_id!("Slow_queries"), 1);
                }
            }
        }
    }

    /// A connection was made: the general log's `Connect` line.
    /// Simplification: the line names no database (one named in the handshake is set after).
    pub(super) fn log_connect(&mut self, id: super::SessionId) {
        let Some(s) = self.running.as_ref().and_then(|r| r.sessions.get(&id)) else { return };
        let who = Who::of(s);
        let connection_type = s.transport.connection_type();
        let argument = general::connect_argument(&who.user, "localhost", None, connection_type);
        let now = self.clock.now();
        self.general_log_command(id.0, &who, now, "Connect", &argument);
    }

    /// The client closes connection `id` (COM_QUIT): the general log's `Quit` line and the
    /// slow log's `# administrator command: Quit;` entry, at the end of its last statement
    /// on the client scheduler's clock for a load's client, else now.
    pub(super) fn log_quit(&mut self, id: super::SessionId) {
        let Some(r) = self.running.as_mut() else { return };
        let at = r.last_statement_ends.remove(&id).unwrap_or(self.clock.now());
        let Some(session) = self.running.as_ref().and_then(|r| r.sessions.get(&id)) else {
            return;
        };
        let no_rows = Counted::default();
        let ok = Ok(Response::Ok { affected_rows: 0, info: None });
        let quit = "# administrator command: Quit";
        let Some(mut p) = self.pending_log(session, quit, None, &ok, &no_rows, at, at + QUIT_TIME)
        else {
            return;
        };
        p.entry.bytes_received = 5;
        p.entry.bytes_sent = 0;
        if p.general.take().is_some() {
            let who = Who::of_entry(&p.entry);
            self.general_log_command(id.0, &who, at, "Quit", "");
        }
        // Simplification: the entry is written but Slow_queries does not count it, as the
        // simulator's Questions does not count COM_QUIT (mysqld counts both), so that the
        // slow share (Slow_queries / Questions) stays a share.
        let _ = self.log_finished(p);
    }

    /// A tool's own connection (mysqlslap's, which runs no statement of the load) ended its
    /// work at `at` on the clock of the load it ran: its `Quit` is logged then.
    pub fn note_session_end(&mut self, id: super::SessionId, at: SimTime) {
        if let Some(r) = self.running.as_mut() {
            if r.sessions.contains_key(&id) {
                r.last_statement_ends.insert(id, at);
            }
        }
    }

    /// The log file at `path` (absolute, or a name in the datadir), if mysqld wrote one.
    pub fn datadir_file(&self, path: &str) -> Option<&LogFile> {
        let datadir = self.datadir();
        self.query_logs.files.get(&absolute_log_path(path, &datadir))
    }

    /// The log files mysqld has written: (absolute path, size).
    pub fn datadir_files(&self) -> Vec<(String, u64)> {
        self.query_logs.files.list().map(|(p, b)| (p.to_string(), b)).collect()
    }

    /// Removes a log file (`rm`): a log that has it open writes nowhere until it is reopened.
    pub fn remove_datadir_file(&mut self, path: &str) -> bool {
        let datadir = self.datadir();
        self.query_logs.files.remove(&absolute_log_path(path, &datadir))
    }

    /// The slow query log's file as `slow_query_log_file` names it now, as an absolute path
    /// (what the console's download button fetches).
    pub fn slow_query_log_path(&self) -> String {
        let name = self.variables().map(|v| text_var(v, "slow_query_log_file")).unwrap_or_default();
        absolute_log_path(&name, &self.datadir())
    }

    /// The datadir, `/var/lib/mysql/` unless the options moved it.
    pub fn datadir(&self) -> String {
        self.variables()
            .map(|v| text_var(v, "datadir"))
            .filter(|d| !d.is_empty())
            .unwrap_or_else(|| "/var/lib/mysql/".to_string())
    }

    /// The rows of `mysql.slow_log` or `mysql.general_log`.
    pub(super) fn query_log_tables(&self) -> &LogTables {
        &self.query_logs.tables
    }

    /// `TRUNCATE TABLE mysql.slow_log` / `mysql.general_log`.
    pub(super) fn truncate_query_log_table(&mut self, kind: LogKind) {
        match kind {
            LogKind::Slow => self.query_logs.tables.slow.clear(),
            LogKind::General => self.query_logs.tables.general.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn use_goes_as_init_db() {
        assert_eq!(general_command("USE `shop`"), ("Init DB", "shop".to_string()));
        assert_eq!(general_command("SELECT 1"), ("Query", "SELECT 1".to_string()));
        assert_eq!(general_command("user_stats"), ("Query", "user_stats".to_string()));
    }

    #[test]
    fn relative_log_names_are_in_the_datadir() {
        assert_eq!(absolute_log_path("slow.log", "/var/lib/mysql/"), "/var/lib/mysql/slow.log");
        assert_eq!(absolute_log_path("/tmp/s.log", "/var/lib/mysql/"), "/tmp/s.log");
    }
}
