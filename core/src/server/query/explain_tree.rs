//! EXPLAIN FORMAT=TREE and EXPLAIN ANALYZE of a SELECT: the planner's iterator tree
//! (`sql/planner/explain/tree_plan.rs`) in MySQL's one-column result `EXPLAIN`; for ANALYZE
//! the query first runs as a SELECT does (same executor, buffer pool, simulated clock and
//! statement limits, its rows thrown away), and what the run measured goes on the tree
//! (`sql/planner/explain/analyze.rs`).

use super::explain_set_tree::set_tree;
use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::handler_io::RowOp;
use crate::sql::execution::Work;
use crate::sql::planner::explain::analyze::{fill, Measured};
use crate::sql::planner::explain::tree::Node;
use crate::sql::{Column, Response, ResultSet, Value};
use sqlparser::ast::{Query, SetExpr};

/// MySQL's one-column, one-row result `EXPLAIN` of FORMAT=TREE, ANALYZE and FORMAT=JSON.
pub(super) fn explain_text(text: String) -> Response {
    let column = Column { name: "EXPLAIN".into(), numeric: false, nullable: false };
    Response::Rows(ResultSet {
        columns: vec![column],
        rows: vec![vec![Value::Str(text)]],
        unshown: 0,
    })
}

impl Server {
    pub(crate) fn explain_tree(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
        analyze: bool,
    ) -> Result<Response> {
        // UNCONFIRMED: MySQL 8.4 adds no Note 1003 to EXPLAIN FORMAT=TREE; none is added.
        let mut tree = self.query_tree(session, q, sql, work)?;
        if analyze {
            let start = self.clock.now();
            let (rows0, charged0, slept0) = (work.rows, work.charged_rows, work.slept_micros);
            let io0 = work.table_io.clone();
            let skip_scans0 = work.skip_scans.len();
            let result = self.run_query(session, q, sql, work, 0, true)?;
            let returned = result.row_count() + result.unshown;
            // The statement's time so far: what the run advanced the clock by, plus the CPU of
            // rows and the waits the end of the statement will charge (dispatch.rs).
            let hw = self.host.hardware();
            let capacity = self.host.cpu_capacity_milli().clamp(1, 1000);
            let uncharged = work
                .rows
                .saturating_sub(rows0)
                .saturating_sub(work.charged_rows.saturating_sub(charged0));
            let cpu_ns = uncharged.saturating_mul(hw.cpu_row_ns).saturating_mul(1000) / capacity;
            let slept_ns = work.slept_micros.saturating_sub(slept0).saturating_mul(1000);
            let total_ns = self.clock.now().since(start).0 + cpu_ns + slept_ns;
            let io = &work.table_io;
            let fetched = |db: &str, table: &str| -> (u64, u64) {
                let sum = |entries: &[crate::sql::execution::handler_io::IndexIo]| {
                    entries
                        .iter()
                        .filter(|e| e.schema == db && e.table == table)
                        .map(|e| &e.ops[RowOp::Fetch as usize])
                        .fold((0u64, 0u64), |(r, p), o| (r + o.count, p + o.sum_ps))
                };
                let (after, before) = (sum(&io.entries), sum(&io0.entries));
                (after.0.saturating_sub(before.0), after.1.saturating_sub(before.1))
            };
            let skip_scans = work.skip_scans.get(skip_scans0..).unwrap_or_default();
            let skipped = |db: &str, table: &str| -> Option<u64> {
                let mine = skip_scans.iter().filter(|(d, t, _)| d == db && t == table);
                mine.map(|(_, _, groups)| *groups).reduce(|a, b| a + b)
            };
            let measured = Measured {
                skip_scan_rows: &skipped,
                total_ms: total_ns as f64 / 1e6,
                returned,
                fetched: &fetched,
                cpu_row_ps: hw.cpu_row_ns as f64 * 1000.0,
                recursive_runs: &work.recursive_runs,
            };
            fill(&mut tree, &measured);
        }
        work.rows += 1;
        Ok(explain_text(tree.render()))
    }

    /// The iterator tree of a query: a single block's (the planner's), one with subqueries
    /// (`explain_subquery_tree.rs`), or a set operation's (`explain_set_tree.rs`).
    pub(crate) fn query_tree(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Node> {
        if q.with.is_none() && Self::has_select_subqueries(q) {
            return self.subquery_tree(session, q, sql, work);
        }
        if !matches!(q.body.as_ref(), SetExpr::Select(_) | SetExpr::Values(_)) {
            if q.with.is_some() {
                return Err(MySqlError::not_supported_yet(
                    "EXPLAIN FORMAT=TREE of WITH around UNION, INTERSECT or EXCEPT",
                ));
            }
            let mut leaf = |block: &Query| -> Result<Node> {
                let explained = self.with_explainer(session, true, |explainer, cx, current| {
                    explainer.explain_tree(block, sql, current, cx)
                });
                Ok(explained?.0)
            };
            set_tree(q, &mut leaf, 0)
        } else {
            Ok(self
                .with_explainer(session, true, |explainer, cx, current| {
                    explainer.explain_tree(q, sql, current, cx)
                })?
                .0)
        }
    }
}
