//! Traditional EXPLAIN of a SELECT whose select list, WHERE or HAVING has uncorrelated
//! subqueries (scalar, IN, EXISTS).
//!
//! What the executor does with them (`subquery.rs`): each runs once, before the outer query
//! is planned, and its result takes its place (a constant, an IN list, EXISTS's truth). That
//! is MySQL's SUBQUERY (a subquery executed once and cached), so EXPLAIN shows the outer
//! query's rows as select_type PRIMARY, planned with the results in place as the executor
//! plans it, and each subquery's own rows after them as SUBQUERY, numbered after the outer
//! query's blocks.
//!
//! Simplifications (UNCONFIRMED against a live 8.4): MySQL 8 turns `IN (SELECT ...)` and
//! `EXISTS (SELECT ...)` in WHERE into a semi-join (select_type SIMPLE rows with FirstMatch,
//! LooseScan, Start/End temporary or a `<subquery2>` MATERIALIZED block); the executor here
//! does not join them, so the rows shown are the ones MySQL prints with
//! `optimizer_switch='semijoin=off'` (PRIMARY + SUBQUERY). To plan the outer query on what
//! the executor sees, EXPLAIN runs the subqueries (MySQL runs only those it can evaluate
//! while optimizing); the Note 1003 shows their results in their place rather than MySQL's
//! `<in_optimizer>(...)` rendering; subqueries take select numbers after the outer query's
//! derived tables, where MySQL numbers by position in the text. A correlated subquery
//! (DEPENDENT SUBQUERY) is not explained yet: ERROR 1235.

use super::expr_children_mut;
use super::subquery::has_subquery;
use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::{Response, Value};
use sqlparser::ast::{Expr, Query, Select, SelectItem, SetExpr};

/// Most subqueries one EXPLAIN collects (each is explained as a block of its own).
const SUBQUERIES_MAX: usize = 64;

impl Server {
    /// Whether `q` is a single SELECT with a subquery in its list, WHERE or HAVING.
    pub(super) fn has_select_subqueries(q: &Query) -> bool {
        let SetExpr::Select(sel) = q.body.as_ref() else { return false };
        let mut sel = (**sel).clone();
        !collect(&mut sel).is_empty()
    }

    /// EXPLAIN of a SELECT with uncorrelated subqueries (see the module comment).
    pub(super) fn explain_with_subqueries(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        let SetExpr::Select(sel) = q.body.as_ref() else {
            return Err(MySqlError::not_supported_yet("subqueries"));
        };
        let mut sel = (**sel).clone();
        let subqueries = collect(&mut sel);
        if subqueries.len() > SUBQUERIES_MAX {
            return Err(MySqlError::not_supported_yet("EXPLAIN of more than 64 subqueries"));
        }
        let correlated = self.resolve_select_subqueries(session, &mut sel, sql, work, 0)?;
        if correlated {
            // Prepared as the executor prepares it, so that a subquery naming a column found
            // nowhere gets its ERROR 1054 rather than this refusal.
            let mut sources = Vec::new();
            if !super::is_dual(&sel.from) {
                for twj in sel.from.clone().iter() {
                    self.add_sources(session, sql, twj, &mut sources, work, 0)?;
                }
            }
            self.prepare_correlated(session, &mut sel, &sources, sql, work, 0)?;
            return Err(MySqlError::not_supported_yet("EXPLAIN of a correlated subquery"));
        }
        let mut outer_q = q.clone();
        *outer_q.body = SetExpr::Select(Box::new(sel));
        let Response::Rows(mut result) = self.explain(session, &outer_q, sql, work)? else {
            return Err(MySqlError::unknown("EXPLAIN gave no rows"));
        };
        for row in &mut result.rows {
            if row[1] == Value::Str("SIMPLE".into()) {
                row[1] = Value::Str("PRIMARY".into());
            }
        }
        let id_of = |row: &[Value]| match row.first() {
            Some(Value::UInt(n)) => *n,
            _ => 0,
        };
        let mut next = result.rows.iter().map(|r| id_of(r)).max().unwrap_or(1) + 1;
        for sub in subqueries {
            // Only the statement's own Note 1003 is kept.
            let kept = session.pending_warnings.len();
            let text = sub.to_string();
            let explained = self.explain(session, &sub, &text, work);
            session.pending_warnings.truncate(kept);
            let Response::Rows(inner) = explained? else { continue };
            let mut last = next;
            for mut row in inner.rows {
                let id = id_of(&row);
                let renumbered = id + next - 1;
                if id == 1 && matches!(&row[1], Value::Str(s) if s == "SIMPLE" || s == "PRIMARY") {
                    row[1] = Value::Str("SUBQUERY".into());
                }
                if id > 0 {
                    row[0] = Value::UInt(renumbered);
                    last = last.max(renumbered);
                }
                result.rows.push(row);
            }
            next = last + 1;
        }
        Ok(Response::Rows(result))
    }
}

/// The subqueries of a SELECT's list, WHERE and HAVING, in the order the executor runs them
/// (a subquery's own subqueries are its own block's).
fn collect(sel: &mut Select) -> Vec<Query> {
    let mut out = Vec::new();
    for item in sel.projection.iter_mut() {
        if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
            walk(e, &mut out);
        }
    }
    if let Some(w) = sel.selection.as_mut() {
        walk(w, &mut out);
    }
    if let Some(h) = sel.having.as_mut() {
        walk(h, &mut out);
    }
    out
}

fn walk(e: &mut Expr, out: &mut Vec<Query>) {
    if !has_subquery(e) || out.len() > SUBQUERIES_MAX {
        return;
    }
    match e {
        Expr::Subquery(q) | Expr::Exists { subquery: q, .. } => out.push((**q).clone()),
        Expr::In { expr, target: sqlparser::ast::InTarget::Subquery(q), .. } => {
            walk(expr, out);
            out.push((**q).clone());
        }
        Expr::AnyOp { left, right, .. } | Expr::AllOp { left, right, .. } => {
            walk(left, out);
            if let Expr::Subquery(q) = right.as_mut() {
                out.push((**q).clone());
            }
        }
        other => {
            let mut children: Vec<&mut Expr> = Vec::new();
            expr_children_mut(other, &mut children);
            for x in children {
                walk(x, out);
            }
        }
    }
}
