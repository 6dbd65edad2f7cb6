//! EXPLAIN FORMAT=JSON of a SELECT: the planner's document (`sql/planner/explain/json.rs`)
//! in MySQL's one-column result `EXPLAIN`, with the Note 1003 that traditional EXPLAIN
//! adds. Simplification: only a query of one block is written; UNION, subqueries and
//! materialised derived tables answer 1235.

use crate::error::{MySqlError, Result, Warning};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::Response;
use sqlparser::ast::{Query, SetExpr};

impl Server {
    /// `Last_query_cost`: the plan cost of the session's last SELECT, worked out when it is
    /// read (the optimizer's cost of every SELECT would be paid on the hot path otherwise).
    /// As in MySQL, 0 for a query of UNION or subqueries, and before any SELECT.
    /// Simplification: the plan is costed against the tables as they are now, and only
    /// SHOW STATUS computes it (performance_schema.session_status shows 0.000000).
    pub(crate) fn last_query_cost(&mut self, session: &mut Session) -> String {
        let zero = "0.000000".to_string();
        if session.last_select.is_empty() {
            return zero;
        }
        let sql = session.last_select.clone();
        let Ok(crate::sql::Statement::Select(q)) = crate::sql::parse(&sql) else { return zero };
        if !matches!(q.body.as_ref(), SetExpr::Select(_)) || Self::has_select_subqueries(&q) {
            return zero;
        }
        let db = session.last_select_db.clone();
        let saved = std::mem::replace(&mut session.database, (!db.is_empty()).then_some(db));
        let cost = self.with_explainer(session, false, |explainer, cx, current| {
            explainer.query_cost(&q, &sql, current, cx)
        });
        session.database = saved;
        format!("{:.6}", cost.unwrap_or(0.0))
    }

    pub(crate) fn explain_json(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        if !matches!(q.body.as_ref(), SetExpr::Select(_)) {
            return Err(MySqlError::not_supported_yet(
                "EXPLAIN FORMAT=JSON of UNION, INTERSECT and EXCEPT",
            ));
        }
        if Self::has_select_subqueries(q) {
            return Err(MySqlError::not_supported_yet("EXPLAIN FORMAT=JSON of subqueries"));
        }
        let (text, note) = self.with_explainer(session, false, |explainer, cx, current| {
            explainer.explain_json(q, sql, current, cx)
        })?;
        session.warn(Warning { level: "Note", code: 1003, message: note });
        work.rows += 1;
        Ok(super::explain_tree::explain_text(text))
    }
}
