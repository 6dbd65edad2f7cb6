//! Running a stored program's body (`sql::parser::compound`): blocks with their local
//! variables, conditions, cursors and handlers; IF, CASE, WHILE, REPEAT and LOOP with LEAVE and
//! ITERATE; SIGNAL and RESIGNAL; RETURN of a function. Every ordinary statement of the body
//! runs as the server runs any statement (`Server::dispatch`), and every condition or value
//! (`IF x > 2`, `DEFAULT NOW()`, `RETURN a * 2`) as the `SELECT expr` it is, so subqueries,
//! local variables and functions work there as anywhere, and each costs simulated time.
//!
//! Handlers follow MySQL's rules (Reference Manual 15.6.7.2, "DECLARE ... HANDLER"): the
//! innermost block with a handler for the condition takes it, and within a block a handler
//! for the error code before one for the SQLSTATE before SQLEXCEPTION / SQLWARNING / NOT
//! FOUND. A CONTINUE handler's body runs and the program goes on after the statement that
//! raised the condition; an EXIT handler's body runs and its block ends. A warning (a
//! `SELECT ... INTO` that found no row raises NOT FOUND this way) goes to a handler the same
//! way and is then no longer shown.
//!
//! Local variables and parameters hold values of their declared types: an assignment
//! converts as storing in a column of that type does in strict mode (ERROR 1264 for 300 in a
//! TINYINT). A DECLARE in an inner block hides an outer variable of the same name until that
//! block ends.
//!
//! Simplifications of MySQL, each where it is made: a cursor's rows are read whole when it is OPENed (MySQL materialises them too, in a temporary
//! table); a program stops after [`STEPS_MAX`] statements (MySQL has no bound) with ERROR 1317.

use crate::error::{MySqlError, Result, Warning};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::parser::compound::{ConditionValue, Stmt};
use crate::sql::parser::Statement;
use crate::sql::Response;
use crate::status_id;
use crate::storage::catalog::Procedure;
use crate::storage::schema::ColumnDef;
use crate::storage::value::Value;
use std::cmp::Ordering;
use std::collections::{BTreeMap, VecDeque};

/// The most statements, conditions and loop turns one CALL (or function call) runs: a runaway
/// WHILE stops here, as the browser tab must not hang.
pub const STEPS_MAX: u64 = 500_000;

/// A stored program's statement costs this fraction of a client statement's CPU (see `step`).
const INSTRUCTION_SHARE: u64 = 20;

/// The most rows a cursor holds.
const CURSOR_ROWS_MAX: usize = 100_000;

/// How a statement ended.
#[derive(Debug)]
enum Flow {
    Next,
    Leave(String),
    Iterate(String),
    Return(Value),
    /// An EXIT handler of the block with this id ran: that block ends.
    Exit(u32),
}

struct Handler<'p> {
    exit: bool,
    conditions: Vec<ConditionValue>,
    body: &'p Stmt,
}

/// One block being run: its id and the handlers it declared.
struct Scope<'p> {
    id: u32,
    handlers: Vec<Handler<'p>>,
}

struct Cursor<'p> {
    name: String,
    query: &'p str,
    rows: Option<VecDeque<Vec<Value>>>,
}

/// The state of one running program.
pub(crate) struct Run<'p> {
    routine: &'p Procedure,
    scopes: Vec<Scope<'p>>,
    conditions: Vec<(String, ConditionValue)>,
    cursors: Vec<Cursor<'p>>,
    /// The conditions being handled, innermost last (RESIGNAL's).
    handling: Vec<MySqlError>,
    next_block: u32,
    steps: u64,
    /// The step bound was hit: no handler may take the error.
    stopped: bool,
    /// The result sets of the body's SELECTs, for the client.
    pub results: Vec<Response>,
    /// A trigger's body: no result set may leave it (ERROR 1415).
    trigger: bool,
}

impl<'p> Run<'p> {
    pub fn new(routine: &'p Procedure) -> Run<'p> {
        Run {
            routine,
            scopes: Vec::new(),
            conditions: Vec::new(),
            cursors: Vec::new(),
            handling: Vec::new(),
            next_block: 0,
            steps: 0,
            stopped: false,
            results: Vec::new(),
            trigger: false,
        }
    }

    /// The run of a trigger's body.
    pub fn for_trigger(routine: &'p Procedure) -> Run<'p> {
        Run { trigger: true, ..Run::new(routine) }
    }
}

impl Run<'_> {
    pub fn routine_name(&self) -> String {
        self.routine.name.clone()
    }

    /// The declared type of each parameter of the routine, by its lowercase name. A type
    /// this engine cannot store leaves its parameter untyped (it keeps what it is given).
    pub fn parameter_types(&self) -> BTreeMap<String, ColumnDef> {
        (self.routine.params.iter())
            .filter_map(|p| {
                let column = local_column(&p.name, &p.type_sql).ok()?;
                Some((p.name.to_ascii_lowercase(), column))
            })
            .collect()
    }
}

/// A local variable or parameter as the column MySQL stores its value like: nullable, of its
/// declared type.
fn local_column(name: &str, type_sql: &str) -> Result<ColumnDef> {
    let (ty, unsigned) = crate::server::statements::column_type(type_sql)?;
    let mut column = ColumnDef::new(name, ty).nullable();
    column.unsigned = unsigned;
    Ok(column)
}

/// The SQLSTATE class of an error or warning, for SQLWARNING / NOT FOUND / SQLEXCEPTION.
fn is_class(state: &str, class: &str) -> bool {
    state.starts_with(class)
}

impl Server {
    /// Runs a routine's body in the session's current frame; gives a function's RETURN value.
    pub(crate) fn run_program(
        &mut self,
        session: &mut Session,
        run: &mut Run,
        work: &mut Work,
    ) -> Result<Option<Value>> {
        let body = &run.routine.body;
        match self.exec(session, run, body, work)? {
            Flow::Return(v) => Ok(Some(v)),
            _ => Ok(None),
        }
    }

    fn exec_list<'p>(
        &mut self,
        session: &mut Session,
        run: &mut Run<'p>,
        list: &'p [Stmt],
        work: &mut Work,
    ) -> Result<Flow> {
        for s in list {
            match self.exec(session, run, s, work)? {
                Flow::Next => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Next)
    }

    fn exec<'p>(
        &mut self,
        session: &mut Session,
        run: &mut Run<'p>,
        stmt: &'p Stmt,
        work: &mut Work,
    ) -> Result<Flow> {
        self.step(run, work)?;
        match stmt {
            Stmt::Block { label, body } => {
                let id = run.next_block;
                run.next_block += 1;
                run.scopes.push(Scope { id, handlers: Vec::new() });
                let (conditions, cursors) = (run.conditions.len(), run.cursors.len());
                // A variable the block declares hides one of the same name outside it until
                // the block ends; then the outer one is back, with its value and type.
                let saved: Vec<(String, Option<Value>, Option<ColumnDef>)> =
                    Stmt::declared_variables(body)
                        .map(|n| {
                            let value = session.locals.last().and_then(|f| f.get(&n)).cloned();
                            let ty = session.local_types.last().and_then(|t| t.get(&n)).cloned();
                            (n, value, ty)
                        })
                        .collect();
                let flow = self.exec_list(session, run, body, work);
                if let (Some(values), Some(types)) =
                    (session.locals.last_mut(), session.local_types.last_mut())
                {
                    for (n, value, ty) in saved {
                        match value {
                            Some(v) => values.insert(n.clone(), v),
                            None => values.remove(&n),
                        };
                        match ty {
                            Some(t) => types.insert(n, t),
                            None => types.remove(&n),
                        };
                    }
                }
                run.scopes.pop();
                run.conditions.truncate(conditions);
                run.cursors.truncate(cursors);
                Ok(match flow? {
                    Flow::Leave(l) if label_is(label, &l) => Flow::Next,
                    Flow::Exit(b) if b == id => Flow::Next,
                    other => other,
                })
            }
            Stmt::Handler { exit, conditions, body } => {
                for c in conditions {
                    if let ConditionValue::Named(n) = c {
                        self.named_condition(run, n)?;
                    }
                }
                if let Some(scope) = run.scopes.last_mut() {
                    scope.handlers.push(Handler {
                        exit: *exit,
                        conditions: conditions.clone(),
                        body,
                    });
                }
                Ok(Flow::Next)
            }
            Stmt::Condition { name, value } => {
                run.conditions.push((name.clone(), value.clone()));
                Ok(Flow::Next)
            }
            Stmt::Cursor { name, query } => {
                run.cursors.push(Cursor { name: name.clone(), query, rows: None });
                Ok(Flow::Next)
            }
            Stmt::If { branches, otherwise } => {
                for (condition, body) in branches {
                    match self.truth(session, run, condition, work)? {
                        Ok(true) => return self.exec_list(session, run, body, work),
                        Ok(false) => {}
                        Err(flow) => return Ok(flow),
                    }
                }
                match otherwise {
                    Some(body) => self.exec_list(session, run, body, work),
                    None => Ok(Flow::Next),
                }
            }
            Stmt::Case { operand, whens, otherwise } => {
                let operand = match operand {
                    Some(text) => match self.guarded_value(session, run, text, work)? {
                        Ok(v) => Some(v),
                        Err(flow) => return Ok(flow),
                    },
                    None => None,
                };
                for (when, body) in whens {
                    let hit = match &operand {
                        Some(v) => match self.guarded_value(session, run, when, work)? {
                            Ok(w) => v.compare(&w) == Some(Ordering::Equal),
                            Err(flow) => return Ok(flow),
                        },
                        None => match self.truth(session, run, when, work)? {
                            Ok(t) => t,
                            Err(flow) => return Ok(flow),
                        },
                    };
                    if hit {
                        return self.exec_list(session, run, body, work);
                    }
                }
                match otherwise {
                    Some(body) => self.exec_list(session, run, body, work),
                    None => self.guard(session, run, Err(MySqlError::case_not_found()), work),
                }
            }
            Stmt::While { label, condition, body } => loop {
                match self.truth(session, run, condition, work)? {
                    Ok(true) => {}
                    Ok(false) => return Ok(Flow::Next),
                    Err(flow) => return Ok(flow),
                }
                if let Turn::End(flow) =
                    after_turn(label, self.exec_list(session, run, body, work)?)
                {
                    return Ok(flow);
                }
                self.step(run, work)?;
            },
            Stmt::Repeat { label, body, until } => loop {
                // ITERATE starts the body again without testing UNTIL, as in MySQL.
                match after_turn(label, self.exec_list(session, run, body, work)?) {
                    Turn::End(flow) => return Ok(flow),
                    Turn::Iterated => continue,
                    Turn::Again => {}
                }
                match self.truth(session, run, until, work)? {
                    Ok(false) => {}
                    Ok(true) => return Ok(Flow::Next),
                    Err(flow) => return Ok(flow),
                }
                self.step(run, work)?;
            },
            Stmt::Loop { label, body } => loop {
                if let Turn::End(flow) =
                    after_turn(label, self.exec_list(session, run, body, work)?)
                {
                    return Ok(flow);
                }
                self.step(run, work)?;
            },
            Stmt::Leave(l) => Ok(Flow::Leave(l.clone())),
            Stmt::Iterate(l) => Ok(Flow::Iterate(l.clone())),
            Stmt::Return(text) => {
                if run.routine.returns.is_none() {
                    return Err(MySqlError::return_outside_function());
                }
                match self.guarded_value(session, run, text, work)? {
                    Ok(v) => Ok(Flow::Return(v)),
                    Err(flow) => Ok(flow),
                }
            }
            _ => {
                let before = session.pending_warnings.len();
                let r = self.simple(session, run, stmt, work);
                let flow = self.guard(session, run, r, work)?;
                if matches!(flow, Flow::Next) && session.pending_warnings.len() > before {
                    return self.warnings_to_handlers(session, run, before, work);
                }
                Ok(flow)
            }
        }
    }

    /// Counts one step against [`STEPS_MAX`], and charges its CPU time: a statement of a
    /// stored program runs without the client's round trip and without being parsed again,
    /// taken as 1/[`INSTRUCTION_SHARE`] of a statement's base CPU cost (UNCONFIRMED: about
    /// 2 us on the default profile, where MySQL runs roughly half a million simple stored
    /// program instructions a second on one core).
    fn step(&mut self, run: &mut Run, work: &mut Work) -> Result<()> {
        work.extra_cpu_ns += self.host.hardware().cpu_statement_ns / INSTRUCTION_SHARE;
        run.steps += 1;
        if run.steps > STEPS_MAX {
            run.stopped = true;
            return Err(MySqlError::query_interrupted());
        }
        Ok(())
    }

    /// A statement that is not compound.
    fn simple<'p>(
        &mut self,
        session: &mut Session,
        run: &mut Run<'p>,
        stmt: &'p Stmt,
        work: &mut Work,
    ) -> Result<Flow> {
        match stmt {
            Stmt::Sql(text) => {
                self.body_statement(session, run, text, work)?;
            }
            Stmt::Variable { names, type_sql, default } => {
                let value = match default {
                    Some(text) => self.program_value(session, text, work)?,
                    None => Value::Null,
                };
                for n in names {
                    let column = local_column(n, type_sql)?;
                    // The DEFAULT is assigned as SET would assign it.
                    let value =
                        crate::server::statements::dml::coerce("", &column, value.clone(), 1)?;
                    let (Some(values), Some(types)) =
                        (session.locals.last_mut(), session.local_types.last_mut())
                    else {
                        return Err(MySqlError::syntax("DECLARE", 1));
                    };
                    values.insert(n.to_ascii_lowercase(), value);
                    types.insert(n.to_ascii_lowercase(), column);
                }
            }
            Stmt::Open(name) => {
                let i = cursor_index(run, name)?;
                if run.cursors[i].rows.is_some() {
                    return Err(MySqlError::cursor_already_open());
                }
                let query = run.cursors[i].query;
                let rows = self.cursor_rows(session, query, work)?;
                run.cursors[i].rows = Some(rows);
            }
            Stmt::Fetch { cursor, into } => {
                let i = cursor_index(run, cursor)?;
                let rows = run.cursors[i].rows.as_mut().ok_or_else(MySqlError::cursor_not_open)?;
                let row = rows.pop_front().ok_or_else(MySqlError::no_data)?;
                if row.len() != into.len() {
                    return Err(MySqlError::fetch_variable_count());
                }
                for (name, v) in into.iter().zip(row) {
                    if !session.set_local(name, v)? {
                        return Err(MySqlError::undeclared_variable(name));
                    }
                }
            }
            Stmt::Close(name) => {
                let i = cursor_index(run, name)?;
                if run.cursors[i].rows.take().is_none() {
                    return Err(MySqlError::cursor_not_open());
                }
            }
            Stmt::Signal { resignal, condition, items } => {
                return self.signal(session, run, *resignal, condition.as_ref(), items, work);
            }
            _ => {}
        }
        Ok(Flow::Next)
    }

    /// An ordinary statement of the body, run as the server runs any statement (counted in
    /// `Queries` and its `Com_*`, not in `Questions`, as in MySQL).
    fn body_statement(
        &mut self,
        session: &mut Session,
        run: &mut Run,
        sql: &str,
        work: &mut Work,
    ) -> Result<()> {
        let (stmt, _) = self.statements.parse_first(sql)?;
        if let Some(r) = self.running.as_mut() {
            r.status.add(status_id!("Queries"), 1);
            if let Some(com) = crate::server::dispatch::com_counter(&stmt) {
                r.status.add_named(com, 1);
            }
        }
        let result = self.dispatch(session, &stmt, sql, work);
        // ROW_COUNT() and FOUND_ROWS() follow each statement of the body, as in MySQL
        // (`UPDATE ...; SELECT ROW_COUNT();` in a procedure reads the UPDATE's count).
        session.statement_ends(&result);
        let response = result?;
        if let Response::Rows(_) = &response {
            if run.trigger {
                return Err(MySqlError::result_set_from_trigger());
            }
            if run.routine.returns.is_some() {
                return Err(MySqlError::result_set_from_function());
            }
            run.results.push(response);
        }
        Ok(())
    }

    /// A cursor's query run when it is opened: a SELECT without INTO.
    fn cursor_rows(
        &mut self,
        session: &mut Session,
        query: &str,
        work: &mut Work,
    ) -> Result<VecDeque<Vec<Value>>> {
        let Statement::Select(q) = self.statements.parse_first(query)?.0 else {
            return Err(MySqlError::syntax(query, 1));
        };
        let r = self.run_query(session, &q, query, work, 1, false)?;
        if r.unshown > 0 || r.rows.len() > CURSOR_ROWS_MAX {
            // Simplification: MySQL's cursor reads from a temporary table of any size.
            return Err(MySqlError::not_supported_yet("a cursor over more than 100000 rows"));
        }
        let (_, rows) = r.into_values();
        Ok(rows.into())
    }

    /// A value of the body (`DEFAULT`, `RETURN`, a CASE operand), as `SELECT expr`.
    pub(crate) fn program_value(
        &mut self,
        session: &mut Session,
        text: &str,
        work: &mut Work,
    ) -> Result<Value> {
        let sql = format!("SELECT {text}");
        // A loop evaluates the same condition every turn: parsed once (the statement cache).
        let Statement::Select(q) = self.statements.parse_first(&sql)?.0 else {
            return Err(MySqlError::syntax(text, 1));
        };
        let r = self.run_query(session, &q, &sql, work, 1, false)?;
        if r.meta.len() != 1 {
            return Err(MySqlError::operand_columns(1));
        }
        let (_, rows) = r.into_values();
        Ok(rows.into_iter().next().and_then(|r| r.into_iter().next()).unwrap_or(Value::Null))
    }

    /// A value with its error sent to the handlers: Err(flow) when a handler took it.
    fn guarded_value(
        &mut self,
        session: &mut Session,
        run: &mut Run,
        text: &str,
        work: &mut Work,
    ) -> Result<std::result::Result<Value, Flow>> {
        match self.program_value(session, text, work) {
            Ok(v) => Ok(Ok(v)),
            Err(e) => Ok(Err(self.guard(session, run, Err(e), work)?)),
        }
    }

    /// A condition's truth (NULL is not true), or the flow of the handler that took its error
    /// (a CONTINUE handler's goes on after the compound statement, as in MySQL).
    fn truth(
        &mut self,
        session: &mut Session,
        run: &mut Run,
        text: &str,
        work: &mut Work,
    ) -> Result<std::result::Result<bool, Flow>> {
        self.step(run, work)?;
        Ok(self.guarded_value(session, run, text, work)?.map(|v| v.truth() == Some(true)))
    }

    /// Sends a statement's error to the innermost matching handler, if any.
    fn guard(
        &mut self,
        session: &mut Session,
        run: &mut Run,
        r: Result<Flow>,
        work: &mut Work,
    ) -> Result<Flow> {
        let e = match r {
            Ok(flow) => return Ok(flow),
            Err(e) if run.stopped => return Err(e),
            Err(e) => e,
        };
        let Some((at, h)) = find_handler(run, &e.sqlstate, e.code) else { return Err(e) };
        self.run_handler(session, run, at, h, e, work)
    }

    /// Runs the handler `h` of scope `at` for condition `e`.
    fn run_handler(
        &mut self,
        session: &mut Session,
        run: &mut Run,
        at: usize,
        h: usize,
        e: MySqlError,
        work: &mut Work,
    ) -> Result<Flow> {
        let (exit, body, id) = {
            let scope = &run.scopes[at];
            let handler = &scope.handlers[h];
            (handler.exit, handler.body, scope.id)
        };
        // While a handler runs, the handlers of its block and of blocks inside it do not.
        let inner = run.scopes.split_off(at);
        session.handler_conditions.push(e.clone());
        run.handling.push(e);
        let flow = self.exec(session, run, body, work);
        run.handling.pop();
        session.handler_conditions.pop();
        run.scopes.extend(inner);
        match flow? {
            Flow::Next => Ok(if exit { Flow::Exit(id) } else { Flow::Next }),
            other => Ok(other),
        }
    }

    /// New warnings of a statement that a handler takes (NOT FOUND for 1329, SQLWARNING for
    /// the others); a warning taken is no longer shown.
    fn warnings_to_handlers(
        &mut self,
        session: &mut Session,
        run: &mut Run,
        from: usize,
        work: &mut Work,
    ) -> Result<Flow> {
        let found = session.pending_warnings[from..].iter().enumerate().find_map(|(i, w)| {
            if w.level != "Warning" {
                return None;
            }
            let state = if w.code == 1329 { "02000" } else { "01000" };
            find_handler(run, state, w.code).map(|hit| (from + i, hit, state))
        });
        let Some((i, (at, h), state)) = found else { return Ok(Flow::Next) };
        let w = session.pending_warnings.remove(i);
        let e = MySqlError::signalled(w.code, state.to_string(), w.message);
        self.run_handler(session, run, at, h, e, work)
    }

    /// The value a named condition stands for; ERROR 1319 for an unknown name.
    fn named_condition(&self, run: &Run, name: &str) -> Result<ConditionValue> {
        run.conditions
            .iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
            .ok_or_else(|| MySqlError::undefined_condition(name))
    }

    /// SIGNAL / RESIGNAL.
    fn signal(
        &mut self,
        session: &mut Session,
        run: &mut Run,
        resignal: bool,
        condition: Option<&ConditionValue>,
        items: &[(String, String)],
        work: &mut Work,
    ) -> Result<Flow> {
        let handled = run.handling.last().cloned();
        if resignal && handled.is_none() {
            return Err(MySqlError::resignal_without_handler());
        }
        let state = match condition {
            Some(ConditionValue::SqlState(s)) => Some(s.clone()),
            Some(ConditionValue::Named(n)) => match self.named_condition(run, n)? {
                ConditionValue::SqlState(s) => Some(s),
                // 1646 ER_SIGNAL_BAD_CONDITION_TYPE
                _ => return Err(MySqlError::signal_condition_type()),
            },
            Some(_) => return Err(MySqlError::signal_condition_type()),
            None => None,
        };
        let (mut code, mut sqlstate, mut message) = match (&state, &handled) {
            (Some(s), _) => {
                let (code, text) = match &s[..2] {
                    "01" => (1642, "Unhandled user-defined warning condition"),
                    "02" => (1643, "Unhandled user-defined not found condition"),
                    _ => (1644, "Unhandled user-defined exception condition"),
                };
                (code, s.clone(), text.to_string())
            }
            (None, Some(e)) => (e.code, e.sqlstate.to_string(), e.message.clone()),
            (None, None) => return Err(MySqlError::resignal_without_handler()),
        };
        let mut seen: Vec<&str> = Vec::new();
        for (item, text) in items {
            if seen.contains(&item.as_str()) {
                return Err(MySqlError::duplicate_signal_item(item));
            }
            seen.push(item);
            let v = self.program_value(session, text, work)?;
            match item.as_str() {
                "MESSAGE_TEXT" => message = v.to_text().unwrap_or_default(),
                "MYSQL_ERRNO" => {
                    code = v
                        .to_i64()
                        .and_then(|n| u16::try_from(n).ok())
                        .filter(|n| *n > 0)
                        .ok_or_else(|| {
                            let shown = v.to_text().unwrap_or_else(|| "NULL".into());
                            MySqlError::wrong_value_for_variable("MYSQL_ERRNO", &shown)
                        })?;
                }
                "CLASS_ORIGIN" | "SUBCLASS_ORIGIN" | "CONSTRAINT_CATALOG" | "CONSTRAINT_SCHEMA"
                | "CONSTRAINT_NAME" | "CATALOG_NAME" | "SCHEMA_NAME" | "TABLE_NAME"
                | "COLUMN_NAME" | "CURSOR_NAME" => {}
                _ => return Err(MySqlError::syntax(item, 1)),
            }
        }
        if sqlstate.len() != 5 {
            sqlstate = "HY000".into();
        }
        // A warning or not-found class that no handler takes is a warning and the program
        // goes on (UNCONFIRMED for class '02' outside a function: MySQL's manual gives it as a
        // warning there).
        if is_class(&sqlstate, "01") || is_class(&sqlstate, "02") {
            if let Some((at, h)) = find_handler(run, &sqlstate, code) {
                let e = MySqlError::signalled(code, sqlstate, message);
                return self.run_handler(session, run, at, h, e, work);
            }
            session.warn(Warning { level: "Warning", code, message });
            return Ok(Flow::Next);
        }
        Err(MySqlError::signalled(code, sqlstate, message))
    }
}

/// The handler that takes a condition: the innermost block with one for it, and there the
/// most specific (error code, then SQLSTATE, then the class). Named conditions were checked
/// when their handler was declared.
fn find_handler(run: &Run, state: &str, code: u16) -> Option<(usize, usize)> {
    for (at, scope) in run.scopes.iter().enumerate().rev() {
        let mut best: Option<(u8, usize)> = None;
        for (i, h) in scope.handlers.iter().enumerate() {
            for c in &h.conditions {
                let resolved = match c {
                    ConditionValue::Named(n) => run
                        .conditions
                        .iter()
                        .rev()
                        .find(|(m, _)| m.eq_ignore_ascii_case(n))
                        .map(|(_, v)| v.clone()),
                    other => Some(other.clone()),
                };
                let rank = match resolved {
                    Some(ConditionValue::ErrorCode(n)) if n == code => 3,
                    Some(ConditionValue::SqlState(s)) if s == state => 2,
                    Some(ConditionValue::SqlWarning) if is_class(state, "01") => 1,
                    Some(ConditionValue::NotFound) if is_class(state, "02") => 1,
                    Some(ConditionValue::SqlException)
                        if !is_class(state, "00")
                            && !is_class(state, "01")
                            && !is_class(state, "02") =>
                    {
                        1
                    }
                    _ => 0,
                };
                if rank > 0 && best.is_none_or(|(r, _)| rank > r) {
                    best = Some((rank, i));
                }
            }
        }
        if let Some((_, i)) = best {
            return Some((at, i));
        }
    }
    None
}

fn cursor_index(run: &Run, name: &str) -> Result<usize> {
    run.cursors
        .iter()
        .rposition(|c| c.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| MySqlError::undefined_cursor(name))
}

/// What a loop does after one turn of its body.
enum Turn {
    Again,
    /// ITERATE of this loop.
    Iterated,
    /// The loop ends with this flow (LEAVE of this loop is `Next`).
    End(Flow),
}

fn after_turn(label: &Option<String>, flow: Flow) -> Turn {
    match flow {
        Flow::Next => Turn::Again,
        Flow::Iterate(l) if label_is(label, &l) => Turn::Iterated,
        Flow::Leave(l) if label_is(label, &l) => Turn::End(Flow::Next),
        other => Turn::End(other),
    }
}

fn label_is(label: &Option<String>, l: &str) -> bool {
    label.as_deref().is_some_and(|x| x.eq_ignore_ascii_case(l))
}
