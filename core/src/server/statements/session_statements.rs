//! Running the statements about a session's own state (`sql/parser/session_statements.rs`):
//!
//! * SQL-level prepared statements (Reference Manual 15.5, "Prepared Statements"): PREPARE
//!   keeps the statement text (checked by parsing it) under a per-session name, replacing one
//!   of the same name; EXECUTE puts the USING user variables' values in place of its `?`
//!   markers and runs the text as any statement, through `Server::dispatch`; DEALLOCATE
//!   PREPARE drops it. `Prepared_stmt_count` counts them with the binary protocol's
//!   (`server/prepared.rs`) against `max_prepared_stmt_count` (ERROR 1461).
//! * Savepoints (15.3.4): a savepoint marks how far the transaction's undo log reached;
//!   ROLLBACK TO undoes the changes after the mark through the same undo as ROLLBACK
//!   (`Server::undo_changes`), keeps that savepoint and forgets later ones; RELEASE forgets
//!   it and later ones; COMMIT and ROLLBACK forget them all.
//! * GET DIAGNOSTICS (15.6.7.3): reads the diagnostics area, the previous statement's
//!   conditions as SHOW WARNINGS shows them, or inside a stored program handler the condition
//!   that activated it.
//!
//! What the logs and counters show, as mysql-server's sql_prepare.cc does it: the general log
//! has PREPARE's `Query` line and a `Prepare` line with the statement text, EXECUTE's
//! `Query` line and an `Execute` line with the values in place (neither second line inside a
//! stored program); the slow log shows the expanded text (mysqld keeps it as the thread's
//! query for slow logging); `Com_stmt_prepare`, `Com_stmt_execute` and `Com_stmt_close` count
//! SQL PREPARE, EXECUTE and DEALLOCATE (a PREPARE replacing a statement deallocates it) as
//! they count the binary protocol's commands. performance_schema's statement event keeps the
//! EXECUTE statement's own text (UNCONFIRMED).
//!
//! The statement runs as its expanded text; a select-list item that holds a marker is named
//! as prepared (`SELECT ?` shows a column `?`, as MySQL names it), not by the value put in.
//! Simplification: the statement is parsed again at every EXECUTE (MySQL keeps the prepared
//! parse).

use crate::error::{MySqlError, Result, Warning};
use crate::instruments::status_registry::StatusId;
use crate::server::session::{PreparedSql, Session};
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::parser::session_statements::{
    DiagnosticsTarget, GetDiagnostics, PrepareSource, SavepointOp,
};
use crate::sql::parser::Statement;
use crate::sql::{Response, Value};
use crate::status_id;
use crate::var_id;
use sqlparser::tokenizer::Token;

/// The longest statement text PREPARE keeps (MySQL bounds it by `max_allowed_packet`, 64 MB
/// by default; a smaller bound keeps a session's memory small). Simplification.
const PREPARED_TEXT_MAX: usize = 1 << 20;

/// The most prepared statements one session keeps (the default `max_prepared_stmt_count`,
/// which bounds every session together in MySQL). Simplification: past it PREPARE fails
/// with ERROR 1461 even when the global limit was raised.
const PREPARED_PER_SESSION_MAX: usize = 16_382;

/// The most savepoints one transaction keeps (MySQL has no limit). Simplification.
const SAVEPOINTS_MAX: usize = 1024;

impl Server {
    /// `PREPARE name FROM {'text' | @var}`.
    pub(crate) fn prepare_sql(
        &mut self,
        session: &mut Session,
        name: &str,
        source: &PrepareSource,
    ) -> Result<Response> {
        let text = match source {
            PrepareSource::Text(t) => t.clone(),
            // A variable that is not set is NULL, which does not parse (ERROR 1064 near
            // 'NULL', as in MySQL).
            PrepareSource::UserVar(v) => {
                session.user_vars.get(v).and_then(Value::to_text).unwrap_or_else(|| "NULL".into())
            }
        };
        // A statement of the same name goes first, even when the new one then fails.
        self.deallocate_quietly(session, name);
        if text.len() > PREPARED_TEXT_MAX {
            return Err(MySqlError::packet_too_large());
        }
        // Counted whether or not the text then prepares (Prepared_statement::prepare).
        self.count_handler(status_id!("Com_stmt_prepare"));
        let stmt = crate::sql::parse(&text)?;
        if matches!(
            stmt,
            Statement::Prepare { .. } | Statement::Execute { .. } | Statement::Deallocate(_)
        ) {
            return Err(MySqlError::unsupported_in_prepared());
        }
        let r = self.running.as_mut().ok_or_else(MySqlError::cannot_connect)?;
        let max = r.vars.global_u64(var_id!("max_prepared_stmt_count"));
        let open = r.status.number("Prepared_stmt_count");
        if open >= max || session.prepared.len() >= PREPARED_PER_SESSION_MAX {
            return Err(MySqlError::too_many_prepared_statements(max));
        }
        r.status
            .set("Prepared_stmt_count", crate::instruments::status::StatusValue::Number(open + 1));
        if session.locals.is_empty() {
            let who = crate::server::query_logs::Who::of(session);
            let now = self.clock.now();
            self.general_log_command(session.id.0, &who, now, "Prepare", &text);
        }
        let params = placeholders(&text).len() as u32;
        let marker_names = marker_item_names(&text);
        session
            .prepared
            .insert(name.to_ascii_lowercase(), PreparedSql { text, params, marker_names });
        Ok(Response::Ok { affected_rows: 0, info: Some("Statement prepared".into()) })
    }

    /// Drops the session's prepared statement `name` if there is one.
    fn deallocate_quietly(&mut self, session: &mut Session, name: &str) -> bool {
        if session.prepared.remove(&name.to_ascii_lowercase()).is_none() {
            return false;
        }
        if let Some(r) = self.running.as_mut() {
            let open = r.status.number("Prepared_stmt_count");
            r.status.set(
                "Prepared_stmt_count",
                crate::instruments::status::StatusValue::Number(open.saturating_sub(1)),
            );
            r.status.add(status_id!("Com_stmt_close"), 1);
        }
        true
    }

    /// `{DEALLOCATE | DROP} PREPARE name`.
    pub(crate) fn deallocate_sql(&mut self, session: &mut Session, name: &str) -> Result<Response> {
        if !self.deallocate_quietly(session, name) {
            return Err(MySqlError::unknown_prepared_statement(name, "DEALLOCATE PREPARE"));
        }
        Ok(super::ok(0))
    }

    /// `EXECUTE name [USING @a, ...]`.
    pub(crate) fn execute_sql(
        &mut self,
        session: &mut Session,
        name: &str,
        using: &[String],
        work: &mut Work,
    ) -> Result<Response> {
        let Some(prepared) = session.prepared.get(&name.to_ascii_lowercase()) else {
            return Err(MySqlError::unknown_prepared_statement(name, "EXECUTE"));
        };
        if using.len() != prepared.params as usize {
            return Err(MySqlError::incorrect_arguments("EXECUTE"));
        }
        let values: Vec<Value> = using
            .iter()
            .map(|v| session.user_vars.get(v).cloned().unwrap_or(Value::Null))
            .collect();
        let text = expand(&prepared.text, &values);
        let marker_names = prepared.marker_names.clone();
        let stmt = crate::sql::parse(&text)?;
        self.count_handler(status_id!("Com_stmt_execute"));
        // Outside stored programs the logs show the text run (see the header).
        if session.locals.is_empty() {
            session.expanded_sql = Some(text.clone());
            let who = crate::server::query_logs::Who::of(session);
            let now = self.clock.now();
            self.general_log_command(session.id.0, &who, now, "Execute", &text);
        }
        // UNCONFIRMED: the statement run counts in its own Com_* counter too (mysqld's
        // mysql_execute_command counts every statement it runs, the prepared one included).
        // (Counted in the global status only: the statement's counts reach the session's
        // when it ends, `Server::dispatch_counted`.)
        if let Some(com) = crate::server::dispatch::com_counter(&stmt) {
            if let Some(r) = self.running.as_mut() {
                r.status.add_named(com, 1);
            }
        }
        let mut response = self.dispatch(session, &stmt, &text, work)?;
        if let Response::Rows(rs) = &mut response {
            for (i, name) in marker_names {
                if let Some(c) = rs.columns.get_mut(i) {
                    c.name = name;
                }
            }
        }
        Ok(response)
    }

    /// `SAVEPOINT sp`, `ROLLBACK TO [SAVEPOINT] sp`, `RELEASE SAVEPOINT sp`.
    pub(crate) fn savepoint(
        &mut self,
        session: &mut Session,
        op: SavepointOp,
        name: &str,
    ) -> Result<Response> {
        let key = name.to_ascii_lowercase();
        let found = session.savepoints.iter().position(|(n, _)| *n == key);
        match op {
            SavepointOp::Set => {
                // With autocommit on and no BEGIN, the statement is its own transaction,
                // which ends at once: the savepoint is set and forgotten.
                if !session.in_transaction && session.autocommit() {
                    return Ok(super::ok(0));
                }
                if let Some(i) = found {
                    session.savepoints.remove(i);
                }
                if session.savepoints.len() >= SAVEPOINTS_MAX {
                    return Err(MySqlError::not_supported_yet(
                        "more than 1024 savepoints in one transaction",
                    ));
                }
                session.savepoints.push((key, session.undo.len()));
                self.count_handler(status_id!("Handler_savepoint"));
                self.count_transaction_savepoint(session, |e| &mut e.savepoints);
            }
            SavepointOp::RollbackTo => {
                let i = found.ok_or_else(|| MySqlError::savepoint_missing(name))?;
                let mark = session.savepoints[i].1.min(session.undo.len());
                let undone = session.undo.split_off(mark);
                self.logs.drop_newest_open(session.id, undone.len());
                self.undo_changes(undone);
                session.savepoints.truncate(i + 1);
                self.count_handler(status_id!("Handler_savepoint_rollback"));
                self.count_transaction_savepoint(session, |e| &mut e.rollback_to_savepoint);
            }
            SavepointOp::Release => {
                let i = found.ok_or_else(|| MySqlError::savepoint_missing(name))?;
                session.savepoints.truncate(i);
                self.count_transaction_savepoint(session, |e| &mut e.release_savepoint);
            }
        }
        Ok(super::ok(0))
    }

    /// Counts one in a status counter (the session's follows when the statement ends).
    fn count_handler(&mut self, id: StatusId) {
        if let Some(r) = self.running.as_mut() {
            r.status.add(id, 1);
        }
    }

    /// `GET [CURRENT | STACKED] DIAGNOSTICS ...`.
    pub(crate) fn get_diagnostics(
        &mut self,
        session: &mut Session,
        g: &GetDiagnostics,
        work: &mut Work,
    ) -> Result<Response> {
        // The conditions of the diagnostics area read: (level, code, SQLSTATE, message).
        let area: Vec<(&'static str, u16, String, String)> = match session.handler_conditions.last()
        {
            Some(e) => vec![("Error", e.code, e.sqlstate.to_string(), e.message.clone())],
            None if g.stacked => return Err(MySqlError::stacked_diagnostics_outside_handler()),
            // Simplification: inside a stored program but outside a handler, the area read is
            // the one before the CALL (MySQL's is the program's previous statement's).
            None => session
                .warnings
                .iter()
                .map(|w| {
                    let state = match (w.level, &session.diagnostics_error_state) {
                        ("Error", Some(s)) => s.clone(),
                        _ => condition_state(w.code).into(),
                    };
                    (w.level, w.code, state, w.message.clone())
                })
                .collect(),
        };
        let mut values = Vec::new();
        match &g.condition {
            None => {
                for (target, item) in &g.items {
                    let v = match item.as_str() {
                        "NUMBER" => Value::Int(area.len() as i64),
                        _ => Value::Int(session.row_count),
                    };
                    values.push((target, v));
                }
            }
            Some(expr) => {
                let n = self.program_value(session, &expr.to_string(), work)?;
                let n = n.to_i64().unwrap_or(0);
                let condition = usize::try_from(n).ok().and_then(|n| n.checked_sub(1));
                let Some((_, code, state, message)) = condition.and_then(|i| area.get(i)) else {
                    // MySQL adds the error to the diagnostics area as a condition and the
                    // statement succeeds (the targets keep their values).
                    let e = MySqlError::invalid_condition_number();
                    session.warn(Warning { level: "Error", code: e.code, message: e.message });
                    return Ok(super::ok(0));
                };
                for (target, item) in &g.items {
                    let standard = is_standard_class(state);
                    let v = match item.as_str() {
                        "RETURNED_SQLSTATE" => Value::Str(state.clone()),
                        "MESSAGE_TEXT" => Value::Str(message.clone()),
                        "MYSQL_ERRNO" => Value::Int(i64::from(*code)),
                        "CLASS_ORIGIN" | "SUBCLASS_ORIGIN" if standard => {
                            Value::Str("ISO 9075".into())
                        }
                        "CLASS_ORIGIN" | "SUBCLASS_ORIGIN" => Value::Str("MySQL".into()),
                        // The constraint, catalog, schema, table, column and cursor names are
                        // empty for the server's own conditions. Simplification: MySQL fills
                        // some of them for a few errors.
                        _ => Value::Str(String::new()),
                    };
                    values.push((target, v));
                }
            }
        }
        for (target, v) in values {
            match target {
                DiagnosticsTarget::User(name) => {
                    session.user_vars.insert(name.clone(), v);
                }
                DiagnosticsTarget::Local(name) => {
                    if !session.set_local(name, v)? {
                        return Err(MySqlError::undeclared_variable(name));
                    }
                }
            }
        }
        Ok(super::ok(0))
    }
}

/// The SQLSTATE of a warning or note the server gives, by its code (MySQL's message table
/// pairs every code with one). UNCONFIRMED past the codes listed: HY000, the state of most
/// MySQL-specific conditions.
fn condition_state(code: u16) -> &'static str {
    match code {
        1048 | 1062 | 1451 | 1452 => "23000",
        1050 => "42S01",
        1051 | 1146 => "42S02",
        1054 => "42S22",
        1064 | 1235 => "42000",
        1264 | 1690 => "22003",
        1265 | 1642 => "01000",
        1292 => "22007",
        1329 | 1643 => "02000",
        1365 => "22012",
        1406 => "22001",
        _ => "HY000",
    }
}

/// Whether a SQLSTATE's class is one the SQL standard defines (CLASS_ORIGIN 'ISO 9075'), as
/// opposed to one MySQL defines (the `HY` class).
fn is_standard_class(state: &str) -> bool {
    let class = state.get(..2).unwrap_or("");
    let first = class.chars().next().unwrap_or('H');
    !class.eq_ignore_ascii_case("HY") && (first.is_ascii_digit() || ('A'..='H').contains(&first))
}

/// The select-list items of a prepared SELECT that hold a `?` marker and no alias, by
/// position, with the names MySQL gives them: their text as prepared (`SELECT ?` is named
/// `?`, `SELECT ? + 1` is `? + 1`), not the value the marker stands for. Simplification: only
/// a SELECT (or a set operation's first block, which names the columns) is looked at, and
/// only items before any `*` (whose width is not known here).
fn marker_item_names(text: &str) -> Vec<(usize, String)> {
    use sqlparser::ast::{SelectItem, SetExpr};
    let Ok(Statement::Select(q)) = crate::sql::parse(text) else { return Vec::new() };
    let mut body = q.body.as_ref();
    while let SetExpr::SetOperation { left, .. } = body {
        body = left.as_ref();
    }
    let SetExpr::Select(sel) = body else { return Vec::new() };
    let markers = placeholders(text);
    let mut names = Vec::new();
    for (i, item) in sel.projection.iter().enumerate() {
        match item {
            SelectItem::UnnamedExpr(e) if has_marker(e, text, &markers) => {
                names.push((i, crate::sql::parser::column_name::source_name(e, text)));
            }
            SelectItem::UnnamedExpr(_) | SelectItem::ExprWithAlias { .. } => {}
            _ => break,
        }
    }
    names
}

/// Whether one of the `markers` (byte offsets of `text`) is inside `e`'s span.
fn has_marker(e: &sqlparser::ast::Expr, text: &str, markers: &[usize]) -> bool {
    use sqlparser::ast::Spanned;
    let span = e.span();
    let at = |l, c| crate::sql::parser::offset_of(text, l, c);
    match (at(span.start.line, span.start.column), at(span.end.line, span.end.column)) {
        (Some(a), Some(b)) => markers.iter().any(|m| (a..b.max(a + 1)).contains(m)),
        _ => false,
    }
}

/// Byte offsets of the `?` parameter markers of a statement's text.
fn placeholders(text: &str) -> Vec<usize> {
    let dialect = sqlparser::dialect::MySqlDialect {};
    let Ok(tokens) = crate::sql::parser::tokens_with_units(&dialect, text) else {
        return Vec::new();
    };
    tokens
        .iter()
        .filter(|t| t.token == Token::Placeholder("?".into()))
        .filter_map(|t| crate::sql::parser::offset_of(text, t.span.start.line, t.span.start.column))
        .collect()
}

/// The statement's text with `values` in place of its `?` markers, as SQL literals.
fn expand(text: &str, values: &[Value]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (at, v) in placeholders(text).into_iter().zip(values) {
        out.push_str(&text[from..at]);
        out.push_str(&literal(v));
        from = at + 1;
    }
    out.push_str(&text[from..]);
    out
}

/// A value as the SQL literal that reads back as it (a double in exponent form stays a
/// double).
fn literal(v: &Value) -> String {
    match v {
        Value::Null => "NULL".into(),
        Value::Int(i) => i.to_string(),
        Value::UInt(u) => u.to_string(),
        Value::Decimal(d) => d.to_string(),
        Value::Double(d) => format!("{d:e}"),
        Value::Str(s) => format!("'{}'", s.replace('\\', "\\\\").replace('\'', "''")),
        Value::Bin(b) => crate::storage::value::hex_literal(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_markers_but_not_quoted_question_marks() {
        let text = "SELECT '?', a FROM t WHERE a > ? AND b = ?";
        let v = [Value::Int(3), Value::Str("it's".into())];
        assert_eq!(expand(text, &v), "SELECT '?', a FROM t WHERE a > 3 AND b = 'it''s'");
        assert_eq!(placeholders("SELECT 1").len(), 0);
        assert_eq!(literal(&Value::Double(1.5)), "1.5e0");
    }

    #[test]
    fn class_origin() {
        assert!(is_standard_class("42S02"));
        assert!(is_standard_class("01000"));
        assert!(!is_standard_class("HY000"));
        assert_eq!(condition_state(1365), "22012");
        assert_eq!(condition_state(1329), "02000");
    }
}
