//! UPDATE of performance_schema's setup tables: `setup_consumers`' ENABLED column (YES or NO)
//! decides what the statement instruments collect from the next statement on. NAME cannot be
//! changed (error 1683), a value other than YES or NO is error 1265, and the reply counts
//! the rows matched and changed as any UPDATE's does.

use crate::error::{MySqlError, Result};
use crate::server::context::Cx;
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::bind::{Binder, NamedColumns};
use crate::sql::expr::eval;
use crate::sql::{Response, Value};
use sqlparser::ast::{AssignmentTarget, Update};

/// The setup tables UPDATE may change.
pub const UPDATABLE: [&str; 1] = ["setup_consumers"];

impl Server {
    /// `UPDATE performance_schema.setup_consumers SET ENABLED = ... [WHERE ...]`.
    pub(crate) fn update_setup_consumers(
        &mut self,
        session: &mut Session,
        up: &Update,
    ) -> Result<Response> {
        let names = ["NAME", "ENABLED"];
        let columns = NamedColumns { names: &names };
        let mut value = None;
        for a in &up.assignments {
            let AssignmentTarget::ColumnName(target) = &a.target else {
                return Err(MySqlError::not_supported_yet("tuple assignments"));
            };
            let column = target.0.last().map(|p| p.to_string()).unwrap_or_default();
            match column.trim_matches('`').to_ascii_uppercase().as_str() {
                "ENABLED" => value = Some(Binder::scalar(&columns, "field list").bind(&a.value)?),
                "NAME" => return Err(MySqlError::wrong_perfschema_usage()),
                other => return Err(MySqlError::unknown_column(other, "field list")),
            }
        }
        let condition = match &up.selection {
            Some(e) => Some(Binder::scalar(&columns, "where clause").bind(e)?),
            None => None,
        };
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        let now_micros = self.clock.unix_micros();
        let mut cx = Cx { vars: &r.vars, session, now_micros, slept_micros: 0 };
        let mut matched = 0u64;
        let mut changes = Vec::new();
        for (name, on) in r.statements.consumers.rows() {
            let yes_no = if on { "YES" } else { "NO" };
            let row = vec![Value::Str(name.to_string()), Value::Str(yes_no.to_string())];
            let selected = match &condition {
                None => true,
                Some(c) => eval(c, &row, &[], &mut cx)?.truth() == Some(true),
            };
            if !selected {
                continue;
            }
            matched += 1;
            let Some(v) = &value else { continue };
            let new = match eval(v, &row, &[], &mut cx)?.to_text() {
                Some(t) if t.eq_ignore_ascii_case("YES") => true,
                Some(t) if t.eq_ignore_ascii_case("NO") => false,
                _ => return Err(MySqlError::data_truncated("ENABLED", matched)),
            };
            if new != on {
                changes.push((name, new));
            }
        }
        let changed = changes.len() as u64;
        if let Some(r) = self.running.as_mut() {
            for (name, on) in changes {
                r.statements.consumers.set(name, on);
            }
        }
        Ok(Response::Ok {
            affected_rows: changed,
            info: Some(format!("Rows matched: {matched}  Changed: {changed}  Warnings: 0")),
        })
    }
}
