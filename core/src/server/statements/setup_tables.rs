//! UPDATE of performance_schema's setup tables: `setup_consumers`' ENABLED and
//! `setup_instruments`' ENABLED and TIMED (YES or NO) decide what performance_schema
//! collects from the next statement on. The other columns cannot be changed (error 1683), a
//! value other than YES or NO is error 1265, and the reply counts the rows matched and
//! changed as any UPDATE's does.
//!
//! MySQL's rules for instruments: a memory instrument has no timer (its TIMED stays NULL) and
//! performance_schema's own memory instruments stay enabled; such rows match but do not
//! change. Simplification: setup_instruments' FLAGS (`controlled`, 8.0.27) is read-only here.

use crate::error::{MySqlError, Result};
use crate::instruments::setup::{classes, InstrumentSettings};
use crate::server::context::Cx;
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::bind::{Binder, NamedColumns};
use crate::sql::execution::Work;
use crate::sql::expr::eval;
use crate::sql::{Response, Value};
use sqlparser::ast::{AssignmentTarget, Update};

/// The setup tables UPDATE may change.
pub const UPDATABLE: [&str; 2] = ["setup_consumers", "setup_instruments"];

/// setup_instruments' columns, in table order.
pub const INSTRUMENT_COLUMNS: [&str; 7] =
    ["NAME", "ENABLED", "TIMED", "PROPERTIES", "FLAGS", "VOLATILITY", "DOCUMENTATION"];

/// A setup_instruments row as a query reads it.
pub fn instrument_row(
    class: &crate::instruments::setup::Class,
    s: crate::instruments::setup::Setting,
) -> Vec<Value> {
    let yes_no = |b: bool| Value::Str(if b { "YES" } else { "NO" }.to_string());
    vec![
        Value::Str(class.name.clone()),
        yes_no(s.enabled),
        s.timed.map_or(Value::Null, yes_no),
        Value::Str(class.properties.to_string()),
        // FLAGS: `controlled` for the memory instruments a session's limit counts; the others'
        // FLAGS are NULL.
        if class.properties.contains("controlled_by_default") {
            Value::Str("controlled".into())
        } else if class.is_memory() {
            Value::Str(String::new())
        } else {
            Value::Null
        },
        Value::UInt(u64::from(class.volatility)),
        class.documentation.map_or(Value::Null, |d| Value::Str(d.to_string())),
    ]
}

/// What an UPDATE's SET clause and WHERE clause bound to a setup table's columns.
struct Bound {
    /// (column position, value expression) for each assignment.
    sets: Vec<(usize, crate::sql::bind::BExpr)>,
    condition: Option<crate::sql::bind::BExpr>,
}

/// Binds `up` to a table with `names` whose `settable` columns may be assigned; a stored
/// program's `locals` (its parameters and variables) are visible to the expressions.
fn bind(up: &Update, names: &[&str], settable: &[&str], locals: Vec<String>) -> Result<Bound> {
    let columns = NamedColumns { names };
    let mut sets = Vec::new();
    for a in &up.assignments {
        let AssignmentTarget::ColumnName(target) = &a.target else {
            return Err(MySqlError::not_supported_yet("tuple assignments"));
        };
        let column = target.0.last().map(|p| p.to_string()).unwrap_or_default();
        let column = column.trim_matches('`').to_ascii_uppercase();
        let Some(at) = names.iter().position(|n| *n == column) else {
            return Err(MySqlError::unknown_column(&column, "field list"));
        };
        if !settable.contains(&names[at]) {
            return Err(MySqlError::wrong_perfschema_usage());
        }
        let mut binder = Binder::scalar(&columns, "field list").with_locals(locals.clone());
        sets.push((at, binder.bind(&a.value)?));
    }
    let condition = match &up.selection {
        Some(e) => Some(Binder::scalar(&columns, "where clause").with_locals(locals).bind(e)?),
        None => None,
    };
    Ok(Bound { sets, condition })
}

/// YES or NO, as an ENUM('YES','NO') column takes it; error 1265 for anything else.
fn yes_no(v: &Value, column: &str, row: u64) -> Result<bool> {
    match v.to_text() {
        Some(t) if t.eq_ignore_ascii_case("YES") => Ok(true),
        Some(t) if t.eq_ignore_ascii_case("NO") => Ok(false),
        _ => Err(MySqlError::data_truncated(column, row)),
    }
}

fn reply(matched: u64, changed: u64) -> Response {
    Response::Ok {
        affected_rows: changed,
        info: Some(format!("Rows matched: {matched}  Changed: {changed}  Warnings: 0")),
    }
}

impl Server {
    /// `UPDATE performance_schema.<table> SET ... [WHERE ...]` for one of [`UPDATABLE`].
    pub(crate) fn update_setup_table(
        &mut self,
        session: &mut Session,
        up: &Update,
        table: &str,
        work: &mut Work,
    ) -> Result<Response> {
        if table == "setup_instruments" {
            self.update_setup_instruments(session, up, work)
        } else {
            self.update_setup_consumers(session, up, work)
        }
    }

    /// `UPDATE performance_schema.setup_consumers SET ENABLED = ... [WHERE ...]`.
    fn update_setup_consumers(
        &mut self,
        session: &mut Session,
        up: &Update,
        work: &mut Work,
    ) -> Result<Response> {
        let names = ["NAME", "ENABLED"];
        let bound = bind(up, &names, &["ENABLED"], session.local_names())?;
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        let now_micros = self.clock.unix_micros();
        let mut cx = Cx::new(&r.vars, session, now_micros);
        let mut matched = 0u64;
        let mut changes = Vec::new();
        for (name, on) in r.statements.consumers.rows() {
            let yes = if on { "YES" } else { "NO" };
            let row = vec![Value::Str(name.to_string()), Value::Str(yes.to_string())];
            let selected = match &bound.condition {
                None => true,
                Some(c) => eval(c, &row, &[], &mut cx)?.truth() == Some(true),
            };
            if !selected {
                continue;
            }
            matched += 1;
            let mut new = on;
            for (_, v) in &bound.sets {
                new = yes_no(&eval(v, &row, &[], &mut cx)?, "ENABLED", matched)?;
            }
            if new != on {
                changes.push((name, new));
            }
        }
        // WHERE and SET run per row: their SLEEP / BENCHMARK time is the statement's.
        cx.charge_to(work);
        let changed = changes.len() as u64;
        if let Some(r) = self.running.as_mut() {
            for (name, on) in changes {
                r.statements.consumers.set(name, on);
            }
        }
        Ok(reply(matched, changed))
    }

    /// `UPDATE performance_schema.setup_instruments SET ENABLED = ..., TIMED = ... [WHERE ...]`.
    fn update_setup_instruments(
        &mut self,
        session: &mut Session,
        up: &Update,
        work: &mut Work,
    ) -> Result<Response> {
        let bound = bind(up, &INSTRUMENT_COLUMNS, &["ENABLED", "TIMED"], session.local_names())?;
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        let now_micros = self.clock.unix_micros();
        let mut cx = Cx::new(&r.vars, session, now_micros);
        let mut next: InstrumentSettings = r.setup.clone();
        let (mut matched, mut changed) = (0u64, 0u64);
        // Bounded by the classes (about 1,300 rows).
        for (i, class) in classes().iter().enumerate() {
            let row = instrument_row(class, r.setup.get(i));
            let selected = match &bound.condition {
                None => true,
                Some(c) => eval(c, &row, &[], &mut cx)?.truth() == Some(true),
            };
            if !selected {
                continue;
            }
            matched += 1;
            let (mut enabled, mut timed) = (None, None);
            for (column, v) in &bound.sets {
                let name = INSTRUMENT_COLUMNS[*column];
                let on = yes_no(&eval(v, &row, &[], &mut cx)?, name, matched)?;
                if name == "ENABLED" {
                    enabled = Some(on);
                } else {
                    timed = Some(on);
                }
            }
            if next.set(i, class, enabled, timed) {
                changed += 1;
            }
        }
        cx.charge_to(work);
        if let Some(r) = self.running.as_mut() {
            r.setup = next;
        }
        Ok(reply(matched, changed))
    }
}
