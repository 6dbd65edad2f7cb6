//! EXPLAIN FORMAT=JSON of a SELECT: the planner's document (`sql/planner/explain/json.rs`)
//! in MySQL's one-column result `EXPLAIN`, with the Note 1003 that traditional EXPLAIN
//! adds. Simplification: only a query of one block is written; UNION, subqueries and
//! materialised derived tables answer 1235.

use crate::error::{MySqlError, Result, Warning};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::{Column, Response, ResultSet, Value};
use sqlparser::ast::{Query, SetExpr};

impl Server {
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
        let column = Column { name: "EXPLAIN".into(), numeric: false, nullable: false };
        Ok(Response::Rows(ResultSet {
            columns: vec![column],
            rows: vec![vec![Value::Str(text)]],
            unshown: 0,
        }))
    }
}
