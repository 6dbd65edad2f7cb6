//! Uncorrelated subqueries: before a SELECT is bound, each subquery in its select list,
//! WHERE and HAVING runs once and its result takes its place (a constant, an IN list, or
//! EXISTS's truth value).
//!
//! Simplification: a correlated subquery (one that names an outer column) fails with the
//! inner query's unknown-column error instead of running once per outer row.

use crate::error::{MySqlError, Result};
use crate::server::query::QueryResult;
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::storage::value::Value;
use sqlparser::ast::{Expr, Query, Select, SelectItem};

impl Server {
    /// Runs the uncorrelated subqueries of a SELECT's list, WHERE and HAVING and puts their
    /// results in their place. Simplification: a correlated subquery (one that names an outer
    /// column) fails with the inner query's unknown-column error instead of running per row.
    pub(crate) fn resolve_select_subqueries(
        &mut self,
        session: &mut Session,
        sel: &mut Select,
        work: &mut Work,
        depth: u32,
    ) -> Result<()> {
        for item in sel.projection.iter_mut() {
            if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
                self.resolve_subqueries(session, e, work, depth)?;
            }
        }
        if let Some(w) = sel.selection.as_mut() {
            self.resolve_subqueries(session, w, work, depth)?;
        }
        if let Some(h) = sel.having.as_mut() {
            self.resolve_subqueries(session, h, work, depth)?;
        }
        Ok(())
    }

    fn resolve_subqueries(
        &mut self,
        session: &mut Session,
        e: &mut Expr,
        work: &mut Work,
        depth: u32,
    ) -> Result<()> {
        let mut go =
            |this: &mut Server, x: &mut Expr| this.resolve_subqueries(session, x, work, depth);
        match e {
            Expr::Subquery(q) => {
                let r = self.subquery(session, q, work, depth)?;
                if r.meta.len() != 1 {
                    return Err(MySqlError::operand_columns(1));
                }
                if r.rows.len() > 1 {
                    return Err(MySqlError::subquery_more_than_one_row());
                }
                let v = r.rows.first().map_or(Value::Null, |row| row[0].clone());
                *e = literal_expr(&v);
            }
            Expr::Exists { subquery, negated } => {
                let r = self.subquery(session, subquery, work, depth)?;
                *e = literal_expr(&Value::Int(i64::from(r.rows.is_empty() == *negated)));
            }
            Expr::In { expr, target, .. } => {
                go(self, expr)?;
                match target {
                    sqlparser::ast::InTarget::Subquery(q) => {
                        let r = self.subquery(session, q, work, depth)?;
                        if r.meta.len() != 1 {
                            return Err(MySqlError::operand_columns(1));
                        }
                        let list: Vec<Expr> =
                            r.rows.iter().map(|row| literal_expr(&row[0])).collect();
                        // `x IN (empty)` is false: MySQL's empty IN list.
                        *target = sqlparser::ast::InTarget::List(if list.is_empty() {
                            vec![literal_expr(&Value::Null)]
                        } else {
                            list
                        });
                    }
                    sqlparser::ast::InTarget::List(list) => {
                        for x in list {
                            go(self, x)?;
                        }
                    }
                    _ => {}
                }
            }
            Expr::BinaryOp { left, right, .. } => {
                go(self, left)?;
                go(self, right)?;
            }
            Expr::UnaryOp { expr, .. }
            | Expr::Nested(expr)
            | Expr::IsNull(expr)
            | Expr::IsNotNull(expr) => go(self, expr)?,
            Expr::Between { expr, low, high, .. } => {
                go(self, expr)?;
                go(self, low)?;
                go(self, high)?;
            }
            Expr::Function(f) => {
                if let sqlparser::ast::FunctionArguments::List(l) = &mut f.args {
                    for a in l.args.iter_mut() {
                        if let sqlparser::ast::FunctionArg::Unnamed(
                            sqlparser::ast::FunctionArgExpr::Expr(x),
                        ) = a
                        {
                            go(self, x)?;
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn subquery(
        &mut self,
        session: &mut Session,
        q: &Query,
        work: &mut Work,
        depth: u32,
    ) -> Result<QueryResult> {
        let text = q.to_string();
        // The outer query reads a subquery's rows as values.
        let r = self.run_query(session, q, &text, work, depth + 1, false)?;
        let unshown = r.unshown;
        let (meta, rows) = r.into_values();
        Ok(QueryResult::of_values(meta, rows, unshown))
    }
}

/// A value as a literal expression (subquery results substituted into the outer query).
fn literal_expr(v: &Value) -> Expr {
    use sqlparser::ast::Value as L;
    let lit = match v {
        Value::Null => L::Null,
        Value::Str(s) => L::SingleQuotedString(s.clone()),
        Value::Double(d) => L::Number(format!("{d:e}"), false),
        other => L::Number(other.to_text().unwrap_or_default(), false),
    };
    Expr::Value(lit.into())
}
