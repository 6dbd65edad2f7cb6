//! One client connection's state: its thread id, session variables and counters, user
//! variables, current database, and the warnings of its last statement.

use crate::error::Result;
use crate::error::Warning;
use crate::instruments::status::Status;
use crate::server::variables::SessionVariables;
use crate::sql::parser::account::AccountName;
use crate::sql::Value;
use crate::storage::schema::ColumnDef;
use crate::var_id;
use std::collections::BTreeMap;

pub use crate::innodb::trx::{SessionId, UndoRecord, UNDO_RECORDS_MAX};

/// Stored procedures may call each other this deep (MySQL's `max_sp_recursion_depth` is 0 for
/// recursion; nesting of different procedures is bounded by the thread stack).
pub const CALL_DEPTH_MAX: usize = 16;

/// The most warnings kept per statement (`max_error_count` default is 1024).
pub const WARNINGS_MAX: usize = 1024;

#[derive(Clone, Debug)]
pub struct Session {
    pub id: SessionId,
    pub vars: SessionVariables,
    pub status: Status,
    pub user_vars: BTreeMap<String, Value>,
    pub database: Option<String>,
    /// Warnings and notes of the last statement that produced any (SHOW WARNINGS).
    pub warnings: Vec<Warning>,
    /// Of the last statement's conditions, those past [`WARNINGS_MAX`] (counted, not kept).
    pub warnings_dropped: u32,
    /// Warnings of the statement running now.
    pub pending_warnings: Vec<Warning>,
    /// Warnings dropped past [`WARNINGS_MAX`], still counted.
    pub pending_warnings_dropped: u32,
    /// The result sets a failed CALL sent before its error (see `Executed`).
    pub sent_before_error: Vec<crate::sql::Response>,
    /// Inside BEGIN ... COMMIT (or with autocommit off after a change).
    pub in_transaction: bool,
    /// The open transaction's access mode when START TRANSACTION named one (true: READ
    /// ONLY, false: READ WRITE); None takes `transaction_read_only`'s.
    pub transaction_access_read_only: Option<bool>,
    /// `SET TRANSACTION ...` without a scope: the next transaction's access mode and
    /// isolation level, forgotten when that transaction ends.
    pub next_transaction_read_only: Option<bool>,
    pub next_transaction_isolation: Option<String>,
    /// The temporary tables this session created (schema, table): a read-only transaction
    /// may still change them.
    pub temporary_tables: std::collections::BTreeSet<(String, String)>,
    /// The tables `LOCK TABLES` locked, while it holds them (`table_locks.rs`).
    pub table_locks: Option<Vec<crate::server::table_locks::LockedTable>>,
    /// Held after `FLUSH TABLES WITH READ LOCK`, until UNLOCK TABLES.
    pub global_read_lock: bool,
    /// Changes of the open transaction, oldest first.
    pub undo: Vec<UndoRecord>,
    /// Its transaction inside InnoDB, from the first table the transaction read or changed
    /// until it ends (`information_schema.INNODB_TRX`).
    pub innodb_trx: Option<crate::instruments::innodb_trx::InnodbTrx>,
    /// Changes of the row-changing statement running, oldest first (undone if it fails).
    pub statement_undo: Vec<UndoRecord>,
    /// The text of the last SELECT and the database it ran in (`Last_query_cost` is worked
    /// out from them when it is read); buffers reused from one SELECT to the next.
    pub last_select: String,
    pub last_select_db: String,
    /// Local variables of the stored procedures running, innermost last.
    pub locals: Vec<BTreeMap<String, Value>>,
    /// The declared types of the variables in each frame of `locals` (DECLARE's and the
    /// parameters'); a name without one (a trigger's NEW.x) keeps what it is given.
    pub local_types: Vec<BTreeMap<String, ColumnDef>>,
    /// The tables whose row changes are running triggers, outermost first: a trigger may not
    /// change them (ERROR 1442).
    pub trigger_tables: Vec<(String, String)>,
    /// The account the login matched (`CURRENT_USER()`), root@localhost unless the client
    /// logged in as another user.
    pub account: AccountName,
    /// The user name the client gave (`USER()` is it at `localhost`).
    pub login_user: String,
    /// Whether the client gave a password (error 1045's "using password").
    pub used_password: bool,
    /// The statement it runs now (the processlist's Info), None between statements.
    pub current_sql: Option<String>,
    /// While a view's SELECT runs in the view's schema: the client's own default database,
    /// which the processlist's DB still shows (None outside views).
    pub database_outside_view: Option<Option<String>>,
    /// When its current command began: its last statement's end while it sleeps, the
    /// statement's start while one runs (the processlist's Time).
    pub command_since: crate::sim::SimTime,
    /// When it logged in (USER_STATISTICS' CONNECTED_TIME).
    pub connected_at: crate::sim::SimTime,
    /// The statement running: the first AUTO_INCREMENT value it generated (the slow log's
    /// `insert_id=`), which becomes `last_insert_id` when it succeeds.
    pub statement_insert_id: Option<u64>,
    /// The value `LAST_INSERT_ID()` gave the statement running, if it called it (the slow
    /// log's `last_insert_id=`).
    pub statement_read_last_insert_id: Option<u64>,
    /// What `ROW_COUNT()` returns: the rows the last statement changed (-1 after a result
    /// set or an error, 0 after DDL).
    pub row_count: i64,
    /// What `FOUND_ROWS()` returns: the rows the last statement that returned a result set
    /// returned.
    pub found_rows: u64,
    /// RAND()'s generator, seeded at its first use from the connection id (MySQL seeds it
    /// from the server's own random numbers; here it must be reproducible).
    pub rand: Option<crate::sql::functions::RandState>,
    /// RAND(N)'s generators of the statement running, by call site.
    pub seeded_rand: Vec<(usize, crate::sql::functions::RandState)>,
    /// UUID()s the session asked for.
    pub uuid_sequence: u64,
    /// Its SQL-level prepared statements (PREPARE), by lower-case name.
    pub prepared: BTreeMap<String, PreparedSql>,
    /// The savepoints of its open transaction, oldest first: name (lower case) and the
    /// length of `undo` when it was set.
    pub savepoints: Vec<(String, usize)>,
    /// The SQLSTATE of the error among `warnings`, if the statement they came from failed
    /// (GET DIAGNOSTICS' RETURNED_SQLSTATE).
    pub diagnostics_error_state: Option<String>,
    /// The conditions that activated the stored program handlers running, innermost last
    /// (what GET [STACKED] DIAGNOSTICS reads inside a handler).
    pub handler_conditions: Vec<crate::error::MySqlError>,
    /// The text a client's SQL EXECUTE ran, values in place (the slow log shows it).
    pub expanded_sql: Option<String>,
    /// The statements profiled while `profiling` was on (SHOW PROFILES).
    pub profiles: crate::instruments::stages::profiles::Profiles,
    /// The program that opened it (its connection attributes): the mysql client unless a
    /// tool connects as another program (`Server::connect_program`).
    pub client: crate::instruments::connect_attrs::ClientProcess,
    /// How the client reached the server (the socket unless it named another host).
    pub transport: super::transport::Transport,
}

/// A statement PREPARE kept: its text, how many `?` parameters it takes and the names of its
/// items that hold one.
#[derive(Clone, Debug)]
pub struct PreparedSql {
    pub text: String,
    pub params: u32,
    /// The select-list items holding a `?` marker, by position, with the names MySQL gives
    /// them (their text as prepared): found once, at PREPARE, not at every EXECUTE.
    pub marker_names: Vec<(usize, String)>,
}

impl Session {
    pub fn new(id: SessionId, vars: SessionVariables) -> Session {
        Session {
            id,
            vars,
            status: Status::session_at_connect(),
            user_vars: BTreeMap::new(),
            database: None,
            warnings: Vec::new(),
            warnings_dropped: 0,
            pending_warnings: Vec::new(),
            sent_before_error: Vec::new(),
            pending_warnings_dropped: 0,
            table_locks: None,
            global_read_lock: false,
            in_transaction: false,
            transaction_access_read_only: None,
            next_transaction_read_only: None,
            next_transaction_isolation: None,
            temporary_tables: std::collections::BTreeSet::new(),
            undo: Vec::new(),
            innodb_trx: None,
            statement_undo: Vec::new(),
            last_select: String::new(),
            last_select_db: String::new(),
            locals: Vec::new(),
            local_types: Vec::new(),
            trigger_tables: Vec::new(),
            account: AccountName::new("root", "localhost"),
            login_user: "root".into(),
            used_password: false,
            current_sql: None,
            database_outside_view: None,
            command_since: crate::sim::SimTime(0),
            connected_at: crate::sim::SimTime(0),
            statement_insert_id: None,
            statement_read_last_insert_id: None,
            row_count: -1,
            found_rows: 0,
            rand: None,
            seeded_rand: Vec::new(),
            uuid_sequence: 0,
            prepared: BTreeMap::new(),
            savepoints: Vec::new(),
            diagnostics_error_state: None,
            handler_conditions: Vec::new(),
            expanded_sql: None,
            profiles: Default::default(),
            client: crate::instruments::connect_attrs::ClientProcess::mysql(id.0),
            transport: Default::default(),
        }
    }

    /// The session's `autocommit` value.
    pub fn autocommit(&self) -> bool {
        !matches!(
            self.vars.get(var_id!("autocommit")),
            Some(crate::server::variables::definition::VarValue::Bool(false))
        )
    }

    /// The session's `foreign_key_checks` value: 0 turns InnoDB's foreign key checks off.
    pub fn foreign_key_checks(&self) -> bool {
        !matches!(
            self.vars.get(var_id!("foreign_key_checks")),
            Some(crate::server::variables::definition::VarValue::Bool(false))
        )
    }

    /// Names of the local variables in scope (the innermost procedure's).
    /// What `LAST_INSERT_ID()` returns: the first AUTO_INCREMENT value the last successful
    /// statement that generated one generated (mysqld's
    /// `first_successful_insert_id_in_prev_stmt`), a `LAST_INSERT_ID(expr)`'s expr, or what
    /// `SET last_insert_id = N` set: the session variable `last_insert_id` holds it.
    pub fn last_insert_id(&self) -> u64 {
        self.vars.u64(var_id!("last_insert_id"))
    }

    fn set_last_insert_id(&mut self, id: u64) {
        if let Some(def) = crate::server::variables::lookup("last_insert_id") {
            self.vars.store(def, crate::server::variables::definition::VarValue::UInt(id));
        }
    }

    /// `LAST_INSERT_ID()` (`set`: `LAST_INSERT_ID(expr)`, which changes it at once).
    pub fn read_last_insert_id(&mut self, set: Option<u64>) -> u64 {
        match set {
            Some(v) => self.set_last_insert_id(v),
            None => {
                let id = self.last_insert_id();
                self.statement_read_last_insert_id.get_or_insert(id);
            }
        }
        self.last_insert_id()
    }

    /// An INSERT generated `id` for an AUTO_INCREMENT column: the statement's first counts.
    pub fn generated_insert_id(&mut self, id: u64) {
        self.statement_insert_id.get_or_insert(id);
    }

    /// A statement begins: nothing generated or read yet.
    pub fn statement_begins(&mut self) {
        self.statement_insert_id = None;
        self.statement_read_last_insert_id = None;
        self.seeded_rand.clear();
    }

    /// A statement ended with `result`: when it succeeded, its first generated value is what
    /// `LAST_INSERT_ID()` returns from now on (a failed INSERT leaves it as it was), and
    /// `ROW_COUNT()` and `FOUND_ROWS()` follow what it answered.
    pub fn statement_ends(&mut self, result: &crate::error::Result<crate::sql::Response>) {
        use crate::sql::Response;
        if let (true, Some(id)) = (result.is_ok(), self.statement_insert_id) {
            self.set_last_insert_id(id);
        }
        // A CALL's answer is its statements' answers: its last one counts.
        let last = match result {
            Ok(Response::Many(all)) => all.last(),
            Ok(r) => Some(r),
            Err(_) => None,
        };
        self.row_count = match last {
            Some(Response::Ok { affected_rows, .. }) => *affected_rows as i64,
            Some(Response::DatabaseChanged) => 0,
            _ => -1,
        };
        if let Some(Response::Rows(rs)) = last {
            self.found_rows = rs.rows.len() as u64 + rs.unshown;
        }
    }

    pub fn local_names(&self) -> Vec<String> {
        self.locals.last().map(|f| f.keys().cloned().collect()).unwrap_or_default()
    }

    /// A local variable's value, if `name` is one.
    pub fn local(&self, name: &str) -> Option<&Value> {
        self.locals.last()?.get(&name.to_ascii_lowercase())
    }

    /// Sets a local variable, converted to its declared type as a column's value is in
    /// strict mode (`SET v = 300` of a TINYINT is ERROR 1264); false if there is none by that
    /// name.
    pub fn set_local(&mut self, name: &str, v: Value) -> Result<bool> {
        let key = name.to_ascii_lowercase();
        let v = match self.local_types.last().and_then(|t| t.get(&key)) {
            Some(column) => crate::server::statements::dml::coerce("", column, v, 1)?,
            None => v,
        };
        Ok(match self.locals.last_mut().and_then(|f| f.get_mut(&key)) {
            Some(slot) => {
                *slot = v;
                true
            }
            None => false,
        })
    }

    /// Enters a stored program's frame of local variables (its parameters, or a trigger's
    /// NEW and OLD), with their declared types.
    pub fn push_frame(
        &mut self,
        values: BTreeMap<String, Value>,
        types: BTreeMap<String, ColumnDef>,
    ) {
        self.locals.push(values);
        self.local_types.push(types);
    }

    /// Leaves the innermost frame; gives its variables' last values.
    pub fn pop_frame(&mut self) -> BTreeMap<String, Value> {
        self.local_types.pop();
        self.locals.pop().unwrap_or_default()
    }

    /// `@@warning_count` (every condition the last statement left, kept or not) or, with
    /// `errors_only`, `@@error_count`.
    pub fn condition_count(&self, errors_only: bool) -> u64 {
        if errors_only {
            return self.warnings.iter().filter(|w| w.level == "Error").count() as u64;
        }
        self.warnings.len() as u64 + u64::from(self.warnings_dropped)
    }

    pub fn warn(&mut self, w: Warning) {
        if self.pending_warnings.len() < WARNINGS_MAX {
            self.pending_warnings.push(w);
        } else {
            self.pending_warnings_dropped += 1;
        }
    }
}
