//! Calls of stored functions (`CREATE FUNCTION`) in a statement, resolved before it runs.
//!
//! The expression evaluator has no server to run a routine's body with, so a statement that
//! calls one is rewritten first, innermost call first:
//! - a call whose arguments are constants (`hello('world')`, `f(@x, 2)`, a local variable in
//!   a procedure) runs the function's body once (`program`), and its value, converted to the
//!   RETURNS type, takes the call's place;
//! - a call that reads a column of its query (`f(price) FROM t`) runs per row: a function
//!   whose body is a single `RETURN expr` is put in place as that expression, its parameters
//!   replaced by the arguments and the value converted to the RETURNS type; a BEGIN ... END
//!   body of declarations, SETs, IFs and CASEs becomes one expression (`function_body.rs`).
//!
//! Simplifications of MySQL, marked here: a call with constant arguments runs once per
//! statement, not once per row (MySQL calls a NOT DETERMINISTIC function for every row, which
//! matters for one with side effects); a function whose BEGIN ... END body has loops or
//! statements called with a column's value answers ERROR 1235; the arguments of an inlined `RETURN expr` function are
//! not converted to the parameters' types (a body that runs converts them, `program.rs`);
//! the return value is converted with CAST (`CAST(x AS CHAR(50))`), whose truncation is a
//! warning where MySQL's strict mode makes a too-long return value ERROR 1406.

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::statements::procedure::call_arguments;
use crate::server::statements::program::Run;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::parser::compound::Stmt;
use crate::sql::parser::Statement;
use crate::storage::catalog::Procedure;
use crate::storage::value::Value;
use sqlparser::ast::{
    Expr, GroupByExpr, JoinConstraint, JoinOperator, OrderByKind, Query, Select, SelectItem,
    SetExpr, TableFactor,
};
use std::collections::BTreeMap;

/// The most calls rewritten in one statement, as every loop is bounded.
const CALLS_MAX: u32 = 10_000;

impl Server {
    /// `stmt` with its stored function calls resolved, or None when it calls none.
    pub(crate) fn resolve_stored_functions(
        &mut self,
        session: &mut Session,
        stmt: &Statement,
        sql: &str,
        work: &mut Work,
    ) -> Result<Option<Statement>> {
        if !self.catalog.databases().any(|d| !d.functions.is_empty())
            && !crate::instruments::sys::routines::mentions_a_function(
                sql,
                session.database.as_deref() == Some("sys"),
            )
        {
            return Ok(None);
        }
        let mut out = stmt.clone();
        let mut calls = 0u32;
        let mut visit = |server: &mut Server, e: &mut Expr| -> Result<()> {
            server.resolve_call(session, e, work, &mut calls)
        };
        let mut rewriter = Rewriter { server: self, visit: &mut visit, sql };
        match &mut out {
            Statement::Select(q) => rewriter.query(q)?,
            Statement::Do(exprs) => {
                for e in exprs {
                    rewriter.expr(e)?;
                }
            }
            Statement::Set(assignments) => {
                for a in assignments {
                    if let Some(e) = a.value.as_mut() {
                        rewriter.expr(e)?;
                    }
                }
            }
            Statement::Other(st) => match st.as_mut() {
                sqlparser::ast::Statement::Insert(i) => {
                    if let Some(q) = i.source.as_mut() {
                        rewriter.query(q)?;
                    }
                }
                sqlparser::ast::Statement::Update(u) => {
                    for a in u.assignments.iter_mut() {
                        rewriter.expr(&mut a.value)?;
                    }
                    if let Some(w) = u.selection.as_mut() {
                        rewriter.expr(w)?;
                    }
                }
                sqlparser::ast::Statement::Delete(d) => {
                    if let Some(w) = d.selection.as_mut() {
                        rewriter.expr(w)?;
                    }
                }
                _ => return Ok(None),
            },
            _ => return Ok(None),
        }
        Ok((calls > 0).then_some(out))
    }

    /// Resolves `e` if it is a call of a stored function (its arguments already resolved).
    fn resolve_call(
        &mut self,
        session: &mut Session,
        e: &mut Expr,
        work: &mut Work,
        calls: &mut u32,
    ) -> Result<()> {
        let Expr::Function(f) = &*e else { return Ok(()) };
        let parts: Vec<String> =
            f.name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
        let (db, name) = match parts.as_slice() {
            [n] => match &session.database {
                Some(db) => (db.clone(), n.clone()),
                None => return Ok(()),
            },
            [d, n] => (d.clone(), n.clone()),
            _ => return Ok(()),
        };
        // A built-in function of the same name wins, as in MySQL (which warns at CREATE).
        if parts.len() == 1 && is_builtin(&name) {
            return Ok(());
        }
        let Some(routine) = self.catalog.function(&db, &name).cloned() else { return Ok(()) };
        *calls += 1;
        if *calls > CALLS_MAX {
            return Err(MySqlError::query_interrupted());
        }
        let args: Vec<Expr> = call_arguments(f)?.into_iter().cloned().collect();
        if args.len() != routine.params.len() {
            return Err(MySqlError::function_argument_count(
                &format!("{db}.{name}"),
                routine.params.len(),
                args.len(),
            ));
        }
        // Constant arguments: the body runs now.
        let mut values = Vec::new();
        for a in &args {
            match self.program_value(session, &a.to_string(), work) {
                Ok(v) => values.push(v),
                Err(err) if err.code == 1054 => {
                    *e = inline(&routine, &args)?;
                    return Ok(());
                }
                Err(err) => return Err(err),
            }
        }
        let frame: BTreeMap<String, Value> = routine
            .params
            .iter()
            .zip(values)
            .map(|(p, v)| (p.name.to_ascii_lowercase(), v))
            .collect();
        let mut run = Run::new(&routine);
        let (value, _) = self.run_routine(session, &db, frame, &mut run, work)?;
        let Some(value) = value else {
            return Err(MySqlError::function_ended_without_return(&name));
        };
        *e = converted(crate::server::query::literal_expr(&value), routine.returns.as_deref());
        Ok(())
    }
}

/// Whether an unqualified name is MySQL's own function (a scalar, aggregate or window one).
fn is_builtin(name: &str) -> bool {
    const AGGREGATES_AND_WINDOWS: [&str; 24] = [
        "AVG",
        "BIT_AND",
        "BIT_OR",
        "BIT_XOR",
        "COUNT",
        "CUME_DIST",
        "DENSE_RANK",
        "FIRST_VALUE",
        "GROUP_CONCAT",
        "JSON_ARRAYAGG",
        "JSON_OBJECTAGG",
        "LAG",
        "LAST_VALUE",
        "LEAD",
        "MAX",
        "MIN",
        "NTH_VALUE",
        "NTILE",
        "PERCENT_RANK",
        "RANK",
        "ROW_NUMBER",
        "STD",
        "STDDEV",
        "SUM",
    ];
    let upper = name.to_ascii_uppercase();
    crate::sql::functions::Builtin::from_name(&upper).is_some()
        || AGGREGATES_AND_WINDOWS.contains(&upper.as_str())
}

/// A function whose body is `RETURN expr`, put in place of a call per row: the expression
/// with each parameter replaced by its argument.
fn inline(routine: &Procedure, args: &[Expr]) -> Result<Expr> {
    let Stmt::Return(text) = &routine.body else {
        return super::function_body::body_expression(routine, args);
    };
    let mut body = match crate::sql::parse(&format!("DO {text}"))? {
        Statement::Do(mut exprs) if exprs.len() == 1 => exprs.remove(0),
        _ => return Err(MySqlError::syntax(text, 1)),
    };
    substitute_params(&mut body, routine, args);
    Ok(converted(Expr::Nested(Box::new(body)), routine.returns.as_deref()))
}

/// Replaces every name of `env` in `e` by the expression it holds.
pub(super) fn substitute_names<T>(e: &mut Expr, env: &BTreeMap<String, (Expr, T)>) {
    if let Expr::Identifier(id) = &*e {
        if let Some((value, _)) = env.get(&id.value.to_ascii_lowercase()) {
            *e = Expr::Nested(Box::new(value.clone()));
        }
        return;
    }
    let mut children = Vec::new();
    crate::server::query::expr_children_mut(e, &mut children);
    for c in children {
        substitute_names(c, env);
    }
}

fn substitute_params(e: &mut Expr, routine: &Procedure, args: &[Expr]) {
    if let Expr::Identifier(id) = &*e {
        if let Some(i) = routine.params.iter().position(|p| p.name.eq_ignore_ascii_case(&id.value))
        {
            *e = Expr::Nested(Box::new(args[i].clone()));
        }
        return;
    }
    let mut children = Vec::new();
    crate::server::query::expr_children_mut(e, &mut children);
    for c in children {
        substitute_params(c, routine, args);
    }
}

/// `e` converted to a RETURNS type, as the CAST that type corresponds to (none for a type
/// CAST has no target for).
pub(super) fn converted(e: Expr, returns: Option<&str>) -> Expr {
    let Some(t) = returns else { return e };
    let lower = t.to_ascii_lowercase();
    let base = lower.split(['(', ' ']).next().unwrap_or("");
    let unsigned = lower.contains("unsigned");
    let length = lower.find('(').and_then(|i| lower[i..].find(')').map(|j| &lower[i..=i + j]));
    let target = match base {
        "tinyint" | "smallint" | "mediumint" | "int" | "integer" | "bigint" => {
            if unsigned {
                "UNSIGNED".to_string()
            } else {
                "SIGNED".to_string()
            }
        }
        "decimal" | "numeric" | "dec" => format!("DECIMAL{}", length.unwrap_or("")),
        "float" | "double" | "real" => "DOUBLE".to_string(),
        "char" | "varchar" => format!("CHAR{}", length.unwrap_or("")),
        "date" => "DATE".to_string(),
        "datetime" | "timestamp" => format!("DATETIME{}", length.unwrap_or("")),
        "time" => format!("TIME{}", length.unwrap_or("")),
        _ => return e,
    };
    match crate::sql::parse(&format!("DO CAST(NULL AS {target})")) {
        Ok(Statement::Do(mut exprs)) if exprs.len() == 1 => match exprs.remove(0) {
            Expr::Cast { kind, data_type, format, .. } => {
                Expr::Cast { kind, expr: Box::new(e), data_type, format }
            }
            _ => e,
        },
        _ => e,
    }
}

/// Walks every expression of a query, children before their parent, calling `visit` on each.
struct Rewriter<'a, 'v> {
    server: &'a mut Server,
    visit: &'v mut dyn FnMut(&mut Server, &mut Expr) -> Result<()>,
    sql: &'a str,
}

impl Rewriter<'_, '_> {
    fn expr(&mut self, e: &mut Expr) -> Result<()> {
        match e {
            Expr::Subquery(q) | Expr::Exists { subquery: q, .. } => return self.query(q),
            Expr::In { target: sqlparser::ast::InTarget::Subquery(q), expr, .. } => {
                self.expr(expr)?;
                return self.query(q);
            }
            Expr::AnyOp { left, right, .. } | Expr::AllOp { left, right, .. } => {
                self.expr(left)?;
                self.expr(right)?;
                return (self.visit)(self.server, e);
            }
            _ => {}
        }
        let mut children = Vec::new();
        crate::server::query::expr_children_mut(e, &mut children);
        for c in children {
            self.expr(c)?;
        }
        (self.visit)(self.server, e)
    }

    fn query(&mut self, q: &mut Query) -> Result<()> {
        if let Some(with) = q.with.as_mut() {
            for cte in with.cte_tables.iter_mut() {
                self.query(&mut cte.query)?;
            }
        }
        self.set_expr(&mut q.body)?;
        if let Some(ob) = q.order_by.as_mut() {
            if let OrderByKind::Expressions(list) = &mut ob.kind {
                for o in list {
                    self.expr(&mut o.expr)?;
                }
            }
        }
        Ok(())
    }

    fn set_expr(&mut self, s: &mut SetExpr) -> Result<()> {
        match s {
            SetExpr::Select(sel) => self.select(sel),
            SetExpr::Query(q) => self.query(q),
            SetExpr::SetOperation { left, right, .. } => {
                self.set_expr(left)?;
                self.set_expr(right)
            }
            SetExpr::Values(v) => {
                for row in v.rows.iter_mut() {
                    for e in row.iter_mut() {
                        self.expr(e)?;
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn select(&mut self, sel: &mut Select) -> Result<()> {
        for item in sel.projection.iter_mut() {
            match item {
                SelectItem::UnnamedExpr(e) => {
                    // An unaliased call keeps its name as typed, not the value put in its place.
                    let before = e.to_string();
                    let name = crate::sql::parser::column_name::source_name(e, self.sql);
                    self.expr(e)?;
                    if e.to_string() != before {
                        let expr = std::mem::replace(e, Expr::value(sqlparser::ast::Value::Null));
                        *item = SelectItem::ExprWithAlias {
                            expr,
                            alias: sqlparser::ast::Ident::new(name),
                        };
                    }
                }
                SelectItem::ExprWithAlias { expr, .. } => self.expr(expr)?,
                _ => {}
            }
        }
        for twj in sel.from.iter_mut() {
            self.table_factor(&mut twj.relation)?;
            for j in twj.joins.iter_mut() {
                self.table_factor(&mut j.relation)?;
                match &mut j.join_operator {
                    JoinOperator::Join(JoinConstraint::On(e))
                    | JoinOperator::Inner(JoinConstraint::On(e))
                    | JoinOperator::Left(JoinConstraint::On(e))
                    | JoinOperator::LeftOuter(JoinConstraint::On(e)) => self.expr(e)?,
                    _ => {}
                }
            }
        }
        if let Some(w) = sel.selection.as_mut() {
            self.expr(w)?;
        }
        if let GroupByExpr::Expressions(list, _) = &mut sel.group_by {
            for g in list {
                self.expr(g)?;
            }
        }
        if let Some(h) = sel.having.as_mut() {
            self.expr(h)?;
        }
        Ok(())
    }

    fn table_factor(&mut self, t: &mut TableFactor) -> Result<()> {
        if let TableFactor::Derived { subquery, .. } = t {
            self.query(subquery)?;
        }
        Ok(())
    }
}
