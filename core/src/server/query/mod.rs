//! SELECT as the server runs it: uncorrelated subqueries first (`subquery.rs`), then each
//! FROM item bound to a source (`from.rs`: stored tables, views, derived tables, CTEs and the
//! server's own performance_schema and information_schema tables), then the correlated
//! subqueries prepared against those sources (`subquery.rs`), then the executor
//! ([`crate::sql::execution::select`]) with the session behind its expression context and
//! the clock, disk, pool and counters behind its costs. A query with a `WITH` clause puts
//! its CTEs in scope first (`cte.rs`); a body of UNION, INTERSECT or EXCEPT runs block by
//! block and merges them (`set_operation.rs`).

mod cte;
mod explain_connection;
mod explain_json;
mod explain_json_subqueries;
mod explain_json_where;
mod explain_set_tree;
mod explain_subquery;
mod explain_subquery_tree;
mod explain_tree;
mod from;
mod json_table;
mod set_operation;
pub mod subquery;

use crate::error::{MySqlError, Result, Warning};
use crate::instruments::system_tables;
use crate::server::context::Cx;
use crate::server::session::Session;
use crate::server::{Running, Server};
use crate::sql::execution::costs::Costs;
use crate::sql::execution::select::{self, BoundSource};
use crate::sql::execution::Work;
use crate::sql::parser::VarScope;
use crate::sql::planner::derived_merge;
use crate::sql::planner::explain::Explainer;
use crate::sql::planner::generated_columns;
use crate::sql::Response;
use crate::storage::catalog::Catalog;
use sqlparser::ast::{
    Expr, FunctionArg, FunctionArgExpr, FunctionArguments, ObjectName, OrderBy, Query, Select,
    SetExpr,
};
use std::borrow::Cow;

pub use crate::sql::execution::{Meta, QueryResult, VIEW_DEPTH_MAX};

/// Puts the optimizer hints MySQL prints into the statement's Note 1003 (`hints.rs`).
pub(crate) fn note_hints(session: &mut Session, q: &Query) {
    let Some(comment) = crate::sql::planner::explain::hints::note_comment(q) else { return };
    if let Some(w) = session.pending_warnings.iter_mut().rev().find(|w| w.code == 1003) {
        w.message = crate::sql::planner::explain::hints::with_comment(&w.message, &comment);
    }
}

impl Server {
    /// EXPLAIN of a SELECT; its Note 1003 (the query as the optimizer rewrote it) joins the
    /// session's warnings.
    pub(crate) fn explain(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        if !matches!(q.body.as_ref(), SetExpr::Select(_) | SetExpr::Values(_)) && q.with.is_none() {
            return self.explain_set_query(session, q, sql, work);
        }
        if q.with.is_none() && Self::has_select_subqueries(q) {
            return self.explain_with_subqueries(session, q, sql, work);
        }
        let (response, note) = self.with_explainer(session, false, |explainer, cx, current| {
            explainer.index_condition_blocked = work.index_condition_blocked;
            explainer.subquery_conjuncts = work.subquery_conjuncts.clone();
            explainer.explain(q, sql, current, cx, work)
        })?;
        session.warn(Warning { level: "Note", code: 1003, message: note });
        Ok(response)
    }

    /// Runs `f` with an [`Explainer`] over the catalog (`tree`: FORMAT=TREE's tree too), the
    /// session's context and its current database.
    pub(super) fn with_explainer<T>(
        &mut self,
        session: &mut Session,
        tree: bool,
        f: impl FnOnce(&mut Explainer, &mut Cx, Option<&str>) -> Result<T>,
    ) -> Result<T> {
        let Server { clock, running, catalog, .. } = self;
        let r = running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        let current = session.database.clone();
        let mut cx = Cx::new(&r.vars, session, clock.unix_micros());
        let mut system_columns = |db: &str, table: &str| system_tables::columns(db, table);
        let system_views = |db: &str, table: &str| {
            let sys = db.eq_ignore_ascii_case("sys");
            sys.then(|| crate::instruments::sys::view(table).map(|v| v.query)).flatten()
        };
        let mut explainer = Explainer {
            catalog,
            system_columns: &mut system_columns,
            system_views,
            tree,
            json: false,
            correlation: Default::default(),
            label_marks: None,
            relabels: Vec::new(),
            index_condition_blocked: false,
            subquery_conjuncts: Vec::new(),
        };
        f(&mut explainer, &mut cx, current.as_deref())
    }
}

impl Server {
    /// Runs a query and returns its rows (for SELECT, INSERT ... SELECT, views, SELECT INTO);
    /// `for_client`: the rows go to the client, which keeps only the first of a huge result.
    pub(crate) fn run_query(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
        depth: u32,
        for_client: bool,
    ) -> Result<QueryResult> {
        if depth > VIEW_DEPTH_MAX {
            return Err(MySqlError::unknown("Views nested too deeply"));
        }
        if q.with.is_some() {
            return self.run_with(session, q, sql, work, depth, for_client);
        }
        let SetExpr::Select(sel) = q.body.as_ref() else {
            return self.run_set_query(session, q, sql, work, depth, for_client);
        };
        // The SELECT is copied only once something rewrites it (a merge, a subquery run
        // first): a load generator's plain SELECT is read where it lies, as it was parsed.
        let mut sel_owned: Cow<'_, Select> = Cow::Borrowed(&**sel);
        // derived_merge: a simple derived table or view reads its table directly, with no
        // table of its own; the query's ORDER BY names its columns through it too.
        let merged_query;
        // An inner join's ON over a nest holding an outer join is WHERE's
        // (`inner_join_nest.rs`).
        if crate::sql::planner::inner_join_nest::worth_lifting(&sel_owned) {
            crate::sql::planner::inner_join_nest::lift(sel_owned.to_mut());
        }
        let mut order_by =
            self.merge_derived_tables(session, &mut sel_owned, &q.order_by, sql, work);
        // An expression an indexed generated column defines reads that column instead (the
        // SELECT is copied only when it holds an expression worth matching).
        let ordering = order_by.as_ref().unwrap_or(&q.order_by).as_ref();
        if generated_columns::worth_trying(&sel_owned, ordering) {
            let mut rewritten = order_by.take().unwrap_or_else(|| q.order_by.clone());
            generated_columns::substitute(
                sel_owned.to_mut(),
                &mut rewritten,
                &self.catalog,
                session.database.as_deref(),
                &|t| work.ctes.find(t).is_some(),
            );
            order_by = Some(rewritten);
        }
        let q = match order_by {
            Some(order_by) if order_by != q.order_by => {
                merged_query = Query { order_by, ..q.clone() };
                &merged_query
            }
            _ => q,
        };
        // Uncorrelated subqueries run first and become constants.
        let has_subquery = !subquery::select_without_subquery(&sel_owned);
        let where_subquery = has_subquery && subquery::where_has_subquery(&sel_owned);
        let subquery_parts =
            if where_subquery { subquery::subquery_conjuncts(&sel_owned) } else { Vec::new() };
        let correlated = has_subquery
            && self.resolve_select_subqueries(session, sel_owned.to_mut(), sql, work, depth)?;
        // FROM: resolve sources; views and system tables are materialised here.
        let mut sources: Vec<BoundSource> = Vec::new();
        // `FROM DUAL` alone is no table at all, as MySQL reads it (it needs no database).
        let from: &[sqlparser::ast::TableWithJoins] =
            if is_dual(&sel_owned.from) { &[] } else { &sel_owned.from };
        let hints = if sel_owned.optimizer_hints.is_empty() {
            Vec::new()
        } else {
            derived_merge::block_hints(&sel_owned)
        };
        let outer_hints = std::mem::replace(&mut work.block_hints, hints);
        let bound: Result<()> = from
            .iter()
            .try_for_each(|twj| self.add_sources(session, sql, twj, &mut sources, work, depth));
        work.block_hints = outer_hints;
        bound?;
        // Correlated subqueries, prepared against the FROM just bound, run per outer row.
        let subs = if correlated {
            self.prepare_correlated(session, sel_owned.to_mut(), &sources, sql, work, depth)?
        } else {
            Vec::new()
        };
        let sel: &Select = &sel_owned;
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Running { vars, status, pool, oom, .. } =
            running.as_mut().ok_or_else(MySqlError::cannot_connect)?;
        let now_micros = clock.unix_micros();
        let mut cx = Cx::new(vars, session, now_micros);
        let costs = Costs { clock, disk, host, pool, status, oom };
        // The WHERE parts that hold subqueries' results push no index condition.
        let outer_parts = std::mem::replace(&mut work.subquery_conjuncts, subquery_parts);
        let result =
            select::run(sel, q, sql, &sources, catalog, costs, &mut cx, work, for_client, &subs);
        work.subquery_conjuncts = outer_parts;
        let result = result?;
        cx.charge_to(work);
        Ok(result)
    }
}

impl Server {
    /// Merges the derived tables and views of `sel` that MySQL's `derived_merge` would merge
    /// and [`derived_merge`] can (a CTE or a view of the same name is not a stored table):
    /// the query's `order_by` rewritten with it, None (and `sel` not copied) when nothing
    /// merges.
    fn merge_derived_tables(
        &self,
        session: &Session,
        sel: &mut Cow<'_, Select>,
        order_by: &Option<OrderBy>,
        sql: &str,
        work: &Work,
    ) -> Option<Option<OrderBy>> {
        let current = session.database.as_deref();
        let resolve = |name: &ObjectName, db: Option<&str>, wanted: derived_merge::Wanted| {
            let named = merge_named(&self.catalog, current, db, name, work, wanted)?;
            // A view is merged only for a session that may read its table too (MySQL checks
            // the view's privileges, and the definer's on its tables; simplification: this
            // does not merge what the session could not read directly), and the view's own
            // privilege is checked here, as the merged name no longer is.
            let (db, table) = match &named {
                derived_merge::Named::Stored { db, table, .. } => (db, table),
                derived_merge::Named::View { db, .. } => {
                    let view = name.0.last()?.to_string();
                    let view = view.trim_matches('`');
                    // Under LOCK TABLES an unlocked view is left unmerged, for its ERROR 1100.
                    let allowed = self.check_select(session, db, view).is_ok()
                        && Server::check_lock_for_read(session, db, view).is_ok();
                    return allowed.then_some(named);
                }
                // A CTE's own tables are checked as its query's are named.
                derived_merge::Named::Cte { .. } => return Some(named),
            };
            self.check_select(session, db, table).is_ok().then_some(named)
        };
        let derived_merge = || self.derived_merge_on(session);
        if !derived_merge::merges_any(sel, sql, &resolve, &derived_merge) {
            return None;
        }
        let mut order_by = order_by.clone();
        derived_merge::merge_derived_tables(
            sel.to_mut(),
            &mut order_by,
            sql,
            &resolve,
            &derived_merge,
        )
        .then_some(order_by)
    }

    /// Whether `optimizer_switch` has `derived_merge=on` for the session (its default).
    pub(crate) fn derived_merge_on(&self, session: &Session) -> bool {
        let Some(running) = self.running.as_ref() else { return true };
        match running.vars.read(&session.vars, "optimizer_switch", VarScope::Default) {
            Ok((_, crate::server::variables::definition::VarValue::Text(flags))) => {
                derived_merge::switch_flag_on(&flags, "derived_merge")
            }
            _ => true,
        }
    }
}

/// What `name` names in FROM, for the merge: a stored table or a view MySQL may merge (not a
/// CTE in scope, a system table or a TEMPTABLE view). `db`: the database an unqualified name
/// is in when it is not the session's (`current`): a view's own tables are named from its.
fn merge_named(
    catalog: &Catalog,
    current: Option<&str>,
    db: Option<&str>,
    name: &ObjectName,
    work: &Work,
    wanted: derived_merge::Wanted,
) -> Option<derived_merge::Named> {
    let parts: Vec<String> =
        name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
    let (db, table) = match parts.as_slice() {
        [t] if db.is_some() => (db?.to_string(), t.clone()),
        [t] => match work.ctes.find(t).and_then(|at| Some((at, work.ctes.entry(at)?))) {
            // A non-recursive CTE is merged as a derived table is (a recursive one is a set
            // operation: `materialised_by_mysql`). Only a merge candidate is asked for: a CTE
            // is no stored table to any other question (and its query is not copied for it).
            Some((order, entry)) => {
                if wanted != derived_merge::Wanted::View
                    || derived_merge::materialised_by_mysql(&entry.query)
                {
                    return None;
                }
                return Some(derived_merge::Named::Cte {
                    query: entry.query.clone(),
                    text: std::rc::Rc::clone(&entry.sql),
                    columns: entry.columns.clone(),
                    order,
                });
            }
            None => (current?.to_string(), t.clone()),
        },
        [d, t] => (d.clone(), t.clone()),
        _ => return None,
    };
    derived_merge::named_in(catalog, current, &db, &table, wanted)
}

/// Whether a FROM clause is MySQL's dummy table: the one unqualified name `DUAL`, unjoined.
fn is_dual(from: &[sqlparser::ast::TableWithJoins]) -> bool {
    match from {
        [twj] if twj.joins.is_empty() => match &twj.relation {
            sqlparser::ast::TableFactor::Table { name, alias: None, .. } => {
                matches!(name.0.as_slice(), [part] if part.to_string().eq_ignore_ascii_case("dual"))
            }
            _ => false,
        },
        _ => false,
    }
}

/// The direct sub-expressions of the expression forms MySQL statements use (a subquery's own
/// query is not one: its caller walks it on its own, if at all).
pub(crate) fn expr_children_mut<'e>(e: &'e mut Expr, out: &mut Vec<&'e mut Expr>) {
    match e {
        Expr::BinaryOp { left, right, .. } => {
            out.push(left);
            out.push(right);
        }
        // ANY / ALL's subquery is resolved on its own.
        Expr::AnyOp { left, .. } | Expr::AllOp { left, .. } => out.push(left),
        Expr::UnaryOp { expr, .. }
        | Expr::Nested(expr)
        | Expr::IsNull(expr)
        | Expr::IsNotNull(expr)
        | Expr::IsTrue(expr)
        | Expr::IsNotTrue(expr)
        | Expr::IsFalse(expr)
        | Expr::IsNotFalse(expr)
        | Expr::Cast { expr, .. }
        | Expr::Convert { expr, .. }
        | Expr::Ceil { expr, .. }
        | Expr::Floor { expr, .. } => out.push(expr),
        Expr::Between { expr, low, high, .. } => {
            out.push(expr);
            out.push(low);
            out.push(high);
        }
        Expr::In { expr, target, .. } => {
            out.push(expr);
            if let sqlparser::ast::InTarget::List(list) = target {
                out.extend(list.iter_mut());
            }
        }
        Expr::Like { expr, pattern, escape_char, .. }
        | Expr::ILike { expr, pattern, escape_char, .. } => {
            out.push(expr);
            out.push(pattern);
            if let Some(c) = escape_char {
                out.push(c);
            }
        }
        Expr::Case { operand, conditions, else_result, .. } => {
            if let Some(o) = operand {
                out.push(o);
            }
            for w in conditions.iter_mut() {
                out.push(&mut w.condition);
                out.push(&mut w.result);
            }
            if let Some(x) = else_result {
                out.push(x);
            }
        }
        Expr::Substring { expr, substring_from, substring_for, .. } => {
            out.push(expr);
            if let Some(x) = substring_from {
                out.push(x);
            }
            if let Some(x) = substring_for {
                out.push(x);
            }
        }
        Expr::Trim { expr, trim_what, .. } => {
            out.push(expr);
            if let Some(x) = trim_what {
                out.push(x);
            }
        }
        Expr::Tuple(list) => out.extend(list.iter_mut()),
        Expr::Function(f) => {
            if let FunctionArguments::List(l) = &mut f.args {
                for a in l.args.iter_mut() {
                    if let FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) = a {
                        out.push(x);
                    }
                }
            }
        }
        _ => {}
    }
}

/// A value as a literal expression: a subquery's result or a stored function's value put in
/// the query in its place.
pub(crate) fn literal_expr(v: &crate::storage::value::Value) -> Expr {
    use crate::storage::value::Value;
    use sqlparser::ast::Value as L;
    let lit = match v {
        Value::Null => L::Null,
        Value::Str(s) => L::SingleQuotedString(s.clone()),
        Value::Double(d) => L::Number(format!("{d:e}"), false),
        other => L::Number(other.to_text().unwrap_or_default(), false),
    };
    Expr::Value(lit.into())
}
