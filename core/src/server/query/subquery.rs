//! Subqueries in a SELECT's list, WHERE and HAVING.
//!
//! An uncorrelated subquery runs once, before the SELECT is bound, and its result takes its
//! place (a constant, an IN list, or EXISTS's truth value), as MySQL runs a SUBQUERY once
//! and keeps its result.
//!
//! A correlated subquery (one that names a column of an enclosing query) cannot run alone:
//! its first run fails for that column, and it is then prepared instead
//! ([`Server::prepare_correlated`]), once the enclosing SELECT's FROM is bound. Names are
//! resolved as MySQL resolves them, innermost query first: a name the subquery's own FROM
//! has is its own, else the nearest enclosing query's that has it, else ERROR 1054 naming
//! the subquery's clause. Each outer name becomes an outer reference (a call of
//! [`OUTER_MARK`] with its number), the subquery's FROM is bound once, and in its place in
//! the enclosing query stands a call of [`CORRELATED_MARK`] with the subquery's number and
//! the outer expressions it reads. The executor runs it per outer row
//! (`sql/execution/select/correlated.rs`). A subquery inside a correlated one is resolved
//! the same way against every enclosing level: its outer names become the correlated
//! subquery's own outer expressions, passed down a level at a time.
//!
//! Simplifications: a correlated subquery is found by its failed first run, so whatever that
//! run did before its binding failed (a derived table of its FROM materialised, an
//! uncorrelated subquery inside it run) is done again when it is prepared; one with WITH or
//! a set operation (UNION ...) as its body is not prepared (its unknown column stays ERROR
//! 1054); a correlated subquery's select list is not checked for one column until it runs
//! (MySQL checks before the query runs, so ERROR 1241 comes even over no outer rows); a name
//! only an enclosing query's select list has as an alias is not found (MySQL looks there for
//! a subquery in HAVING or ORDER BY); an aggregate whose argument is an outer column is the
//! subquery's own, where MySQL aggregates it in the outer query; an uncorrelated IN, ANY or
//! ALL over no rows stands as a constant, so its column is shown NOT NULL where MySQL's
//! metadata may call it nullable (the client then pads it to 4 wide). Not here at all:
//! subqueries in ORDER BY and GROUP BY, and EXPLAIN of a query with a correlated subquery
//! (ERROR 1235 for each; MySQL's EXPLAIN shows a correlated one as a DEPENDENT SUBQUERY row).
//! EXPLAIN of uncorrelated ones: `explain_subquery.rs`.
//!
//! `operand op ANY | SOME | ALL (SELECT ...)` is resolved like IN: run once and replaced by
//! an equivalent expression over its values (`quantified_expr`), or prepared as correlated
//! with the operand passed first.

use crate::error::{MySqlError, Result};
use crate::server::query::{expr_children_mut, is_dual, literal_expr, QueryResult};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::bind::{row_items, CORRELATED_MARK, OUTER_MARK};
use crate::sql::comparison::{representatives, Comparison, Quantifier};
use crate::sql::execution::select::{self, BoundSource, Correlated, Source, SubqueryKind};
use crate::sql::execution::Meta;
use crate::sql::execution::Work;
use crate::storage::value::Value;
use sqlparser::ast::{
    BinaryOperator, Expr, Function, FunctionArg, FunctionArgExpr, FunctionArgumentList,
    FunctionArguments, GroupByExpr, Ident, LimitClause, ObjectName, OrderByKind, Query, Select,
    SelectItem, SetExpr,
};
use std::rc::Rc;

/// The columns of one query's FROM, by source alias: what a name may resolve to there.
pub(super) type ScopeNames = Vec<(String, Vec<String>)>;

/// How the subqueries of one SELECT are resolved.
struct Resolve<'m> {
    /// The FROMs of the enclosing queries, outermost first, and of this one last; None before
    /// this SELECT's FROM is bound (a subquery that fails for a column is then left in place,
    /// `pending`, for a second pass).
    chain: Option<&'m [ScopeNames]>,
    /// Run each subquery once first (false: the ones left are known to be correlated).
    try_first: bool,
    pending: bool,
    /// The correlated subqueries prepared, numbered by position.
    subs: &'m mut Vec<Rc<Correlated>>,
    /// The statement's text, which names an unaliased select item.
    sql: &'m str,
}

impl Server {
    /// Runs the uncorrelated subqueries of a SELECT's list, WHERE and HAVING and puts their
    /// results in their place. True when one was left in place because it names a column
    /// it does not have: a correlated one, for [`Self::prepare_correlated`].
    pub(crate) fn resolve_select_subqueries(
        &mut self,
        session: &mut Session,
        sel: &mut Select,
        sql: &str,
        work: &mut Work,
        depth: u32,
    ) -> Result<bool> {
        // An unaliased select item with a subquery keeps its name as typed
        // (`(SELECT COUNT(*) FROM t)`), not the value or call that takes the subquery's place.
        for item in sel.projection.iter_mut() {
            if let SelectItem::UnnamedExpr(e) = item {
                if has_subquery(e) {
                    let name = crate::sql::parser::column_name::source_name(e, sql);
                    let expr = std::mem::replace(e, Expr::value(sqlparser::ast::Value::Null));
                    *item = SelectItem::ExprWithAlias { expr, alias: Ident::new(name) };
                }
            }
        }
        let mut subs = Vec::new();
        let mut r = Resolve { chain: None, try_first: true, pending: false, subs: &mut subs, sql };
        self.resolve_clauses(session, sel, work, depth, &mut r)?;
        Ok(r.pending)
    }

    /// Prepares the correlated subqueries [`Self::resolve_select_subqueries`] left in `sel`,
    /// whose FROM is bound as `sources`; they are numbered as the returned list.
    pub(crate) fn prepare_correlated(
        &mut self,
        session: &mut Session,
        sel: &mut Select,
        sources: &[BoundSource],
        sql: &str,
        work: &mut Work,
        depth: u32,
    ) -> Result<Vec<Rc<Correlated>>> {
        let chain = [scope_names(sources)];
        let mut subs = Vec::new();
        let mut r =
            Resolve { chain: Some(&chain), try_first: false, pending: false, subs: &mut subs, sql };
        self.resolve_clauses(session, sel, work, depth, &mut r)?;
        Ok(subs)
    }

    /// The subqueries of a SELECT's list, WHERE and HAVING.
    fn resolve_clauses(
        &mut self,
        session: &mut Session,
        sel: &mut Select,
        work: &mut Work,
        depth: u32,
        r: &mut Resolve,
    ) -> Result<()> {
        for item in sel.projection.iter_mut() {
            if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
                self.resolve_subqueries(session, e, work, depth, r)?;
            }
        }
        if let Some(w) = sel.selection.as_mut() {
            self.resolve_subqueries(session, w, work, depth, r)?;
        }
        if let Some(h) = sel.having.as_mut() {
            self.resolve_subqueries(session, h, work, depth, r)?;
        }
        Ok(())
    }

    fn resolve_subqueries(
        &mut self,
        session: &mut Session,
        e: &mut Expr,
        work: &mut Work,
        depth: u32,
        r: &mut Resolve,
    ) -> Result<()> {
        match e {
            Expr::Subquery(_) | Expr::Exists { .. } => {
                self.subquery_in_place(session, e, work, depth, r)?
            }
            Expr::AnyOp { left, .. } | Expr::AllOp { left, .. } => {
                self.resolve_subqueries(session, left, work, depth, r)?;
                self.subquery_in_place(session, e, work, depth, r)?
            }
            Expr::In { expr, target, .. } => {
                self.resolve_subqueries(session, expr, work, depth, r)?;
                match target {
                    sqlparser::ast::InTarget::Subquery(_) => {
                        self.subquery_in_place(session, e, work, depth, r)?
                    }
                    sqlparser::ast::InTarget::List(list) => {
                        for x in list {
                            self.resolve_subqueries(session, x, work, depth, r)?;
                        }
                    }
                    _ => {}
                }
            }
            other => {
                let mut children: Vec<&mut Expr> = Vec::new();
                expr_children_mut(other, &mut children);
                for x in children {
                    self.resolve_subqueries(session, x, work, depth, r)?;
                }
            }
        }
        Ok(())
    }

    /// One subquery (scalar, EXISTS, or IN's): run once and replaced by its result, or
    /// prepared as correlated and replaced by its call.
    fn subquery_in_place(
        &mut self,
        session: &mut Session,
        e: &mut Expr,
        work: &mut Work,
        depth: u32,
        r: &mut Resolve,
    ) -> Result<()> {
        let (q, kind) = match &*e {
            Expr::Subquery(q) => (q.clone(), SubqueryKind::Scalar),
            Expr::Exists { subquery, negated } => {
                (subquery.clone(), SubqueryKind::Exists { negated: *negated })
            }
            Expr::In { target: sqlparser::ast::InTarget::Subquery(q), negated, .. } => {
                (q.clone(), SubqueryKind::In { negated: *negated })
            }
            Expr::AnyOp { compare_op, right, .. } | Expr::AllOp { compare_op, right, .. } => {
                let quantifier =
                    if matches!(e, Expr::AnyOp { .. }) { Quantifier::Any } else { Quantifier::All };
                let (Some(op), Expr::Subquery(q)) = (Comparison::of(compare_op), right.as_ref())
                else {
                    // MySQL's grammar has ANY / SOME / ALL only before a subquery, and only
                    // after a comparison operator.
                    return Err(MySqlError::not_supported_yet(&format!("the expression '{e}'")));
                };
                (q.clone(), SubqueryKind::Quantified { op, quantifier })
            }
            _ => return Ok(()),
        };
        let mut first_error = None;
        if r.try_first {
            match self.subquery(session, &q, work, depth) {
                Ok(result) => return substitute(e, result),
                Err(err) if err.code == 1054 => first_error = Some(err),
                Err(err) => return Err(err),
            }
        }
        let Some(chain) = r.chain else {
            r.pending = true;
            return Ok(());
        };
        let Some((prepared, args)) = self.prepare(session, &q, kind, chain, r.sql, work, depth)?
        else {
            // It names no outer column after all: its own error stands.
            return match first_error {
                Some(err) => Err(err),
                None => {
                    let result = self.subquery(session, &q, work, depth)?;
                    substitute(e, result)
                }
            };
        };
        // Simplification: a correlated subquery takes one operand value; a row before one
        // (`(a, b) IN (SELECT x, y ... WHERE u.x = t.a)`) is not done here.
        if let Expr::In { expr: operand, .. }
        | Expr::AnyOp { left: operand, .. }
        | Expr::AllOp { left: operand, .. } = &*e
        {
            if row_items(operand).is_some() {
                return Err(MySqlError::not_supported_yet(
                    "a row constructor before a correlated subquery",
                ));
            }
        }
        let id = r.subs.len();
        r.subs.push(Rc::new(prepared));
        let mut marks = vec![number_expr(id)];
        if let Expr::In { expr: operand, .. }
        | Expr::AnyOp { left: operand, .. }
        | Expr::AllOp { left: operand, .. } = &*e
        {
            marks.push((**operand).clone());
        }
        marks.extend(args);
        *e = mark_call(CORRELATED_MARK, marks);
        Ok(())
    }

    /// Prepares a correlated subquery: its FROM bound, its own subqueries resolved, its
    /// outer names replaced by outer references. Gives it with the outer expressions it reads
    /// (in the enclosing query's names), or None when it names no outer column.
    #[allow(clippy::too_many_arguments)]
    fn prepare(
        &mut self,
        session: &mut Session,
        q: &Query,
        kind: SubqueryKind,
        chain: &[ScopeNames],
        sql: &str,
        work: &mut Work,
        depth: u32,
    ) -> Result<Option<(Correlated, Vec<Expr>)>> {
        let SetExpr::Select(body) = q.body.as_ref() else { return Ok(None) };
        if q.with.is_some() {
            return Ok(None);
        }
        let mut sel = std::borrow::Cow::Owned((**body).clone());
        let order_by = self
            .merge_derived_tables(session, &mut sel, &q.order_by, sql, work)
            .unwrap_or_else(|| q.order_by.clone());
        let mut sel = sel.into_owned();
        let text = q.to_string();
        let mut sources = Vec::new();
        if !is_dual(&sel.from) {
            // A derived table of this FROM may read the enclosing queries' columns too.
            let saved = std::mem::replace(&mut work.outer_scopes, chain.to_vec());
            let mut bound = Ok(());
            for twj in sel.from.clone().iter() {
                bound = self.add_sources(session, sql, twj, &mut sources, work, depth + 1);
                if bound.is_err() {
                    break;
                }
            }
            work.outer_scopes = saved;
            bound?;
        }
        let scope = scope_names(&sources);
        let mut inner_chain = chain.to_vec();
        inner_chain.push(scope.clone());
        let mut nested = Vec::new();
        let mut r = Resolve {
            chain: Some(&inner_chain),
            try_first: true,
            pending: false,
            subs: &mut nested,
            sql,
        };
        self.resolve_clauses(session, &mut sel, work, depth + 1, &mut r)?;
        // The subquery's own names, then its outer ones, clause by clause in the order MySQL
        // resolves them (the first unknown name is the one reported).
        let aliases = crate::sql::planner::derived_merge::select_aliases(&sel);
        let mut refs = OuterRefs { scope: &scope, chain, aliases: &aliases, args: Vec::new() };
        for item in sel.projection.iter_mut() {
            // A derived table's columns are named by the text as typed (`c.id` is `id`),
            // which the rewritten outer reference no longer carries: name it first.
            if let (SubqueryKind::Derived, SelectItem::UnnamedExpr(e)) = (&kind, &*item) {
                let name = crate::sql::parser::column_name::source_name(e, sql);
                let expr = e.clone();
                *item = SelectItem::ExprWithAlias { expr, alias: Ident::new(name) };
            }
            if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
                refs.rewrite(e, "field list", false)?;
            }
        }
        for s in sources.iter_mut() {
            // A dependent derived table's outer values: this query's columns, or the
            // enclosing queries', read through this query's own outer references.
            if let Source::Dependent { args, .. } = &mut s.source {
                for a in args.iter_mut() {
                    refs.rewrite(a, "from clause", false)?;
                }
            }
            if let Some(on) = s.on.as_mut() {
                refs.rewrite(on, "on clause", false)?;
            }
        }
        if let Some(w) = sel.selection.as_mut() {
            refs.rewrite(w, "where clause", false)?;
        }
        if let GroupByExpr::Expressions(list, _) = &mut sel.group_by {
            for g in list {
                refs.rewrite(g, "group statement", true)?;
            }
        }
        if let Some(h) = sel.having.as_mut() {
            refs.rewrite(h, "having clause", true)?;
        }
        let mut query = q.clone();
        query.order_by = order_by;
        if let Some(ob) = query.order_by.as_mut() {
            if let OrderByKind::Expressions(list) = &mut ob.kind {
                for o in list {
                    refs.rewrite(&mut o.expr, "order clause", true)?;
                }
            }
        }
        let args = refs.args;
        if args.is_empty() {
            return Ok(None);
        }
        // EXISTS stops at its first row, as MySQL sets its limit to 1; a scalar subquery at
        // its second (the first that makes ERROR 1242).
        if query.limit_clause.is_none() {
            let limit = match kind {
                SubqueryKind::Exists { .. } => Some(1),
                SubqueryKind::Scalar => Some(2),
                SubqueryKind::In { .. }
                | SubqueryKind::Quantified { .. }
                | SubqueryKind::Derived => None,
            };
            query.limit_clause = limit.map(|n| LimitClause::LimitOffset {
                limit: Some(number_expr(n)),
                offset: None,
                limit_by: Vec::new(),
            });
        }
        query.body = Box::new(SetExpr::Select(Box::new(sel.clone())));
        let prepared = Correlated { kind, select: sel, query, sql: text, sources, nested };
        Ok(Some((prepared, args)))
    }

    /// A derived table that reads columns of `chain` (the enclosing queries' FROMs and, for
    /// LATERAL, the tables before it in its own FROM): prepared as a dependent derived table,
    /// its columns named by `alias`. None when it reads none of them (it is then an ordinary
    /// derived table).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn bind_dependent(
        &mut self,
        session: &mut Session,
        q: &Query,
        alias: &sqlparser::ast::TableAlias,
        chain: &[ScopeNames],
        outer_sources: &[BoundSource],
        sql: &str,
        work: &mut Work,
        depth: u32,
    ) -> Result<Option<BoundSource>> {
        let Some((prepared, args)) =
            self.prepare(session, q, SubqueryKind::Derived, chain, sql, work, depth)?
        else {
            return Ok(None);
        };
        let locals = session.local_names();
        let mut meta = select::output_columns(
            &prepared.select,
            &prepared.query,
            &prepared.sources,
            sql,
            &locals,
        )?;
        outer_column_types(&mut meta, &prepared.select, &args, outer_sources);
        let names: Vec<String> = alias.columns.iter().map(|c| c.name.value.clone()).collect();
        if !names.is_empty() && names.len() != meta.len() {
            return Err(MySqlError::derived_column_count());
        }
        let name = alias.name.value.clone();
        let meta = meta
            .into_iter()
            .enumerate()
            .map(|(i, m)| Meta {
                name: names.get(i).cloned().unwrap_or(m.name),
                table: name.clone(),
                ..m
            })
            .collect::<Vec<Meta>>();
        crate::sql::column_names::check_unique_columns(&meta)?;
        let source = Source::Dependent { sub: Rc::new(prepared), args };
        Ok(Some(BoundSource {
            meta,
            source,
            ..BoundSource::materialised(name, Vec::new(), Rc::default())
        }))
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

/// A subquery's result in its place: a constant, an IN list, or EXISTS's truth value.
fn substitute(e: &mut Expr, r: QueryResult) -> Result<()> {
    match e {
        Expr::Subquery(_) => {
            if r.rows.len() > 1 {
                return Err(MySqlError::subquery_more_than_one_row());
            }
            // A subquery of several columns is a row (`(SELECT x, y ...) = (1, 2)`), all
            // NULLs over no rows; the binder refuses it (ERROR 1241) where one value is
            // wanted. Simplification: MySQL checks the column count before it runs, so a
            // row subquery of several rows in a one-value place is 1241 there, 1242 here.
            let n = r.meta.len();
            let value = |i: usize| r.rows.first().map_or(Value::Null, |row| row[i].clone());
            *e = if n == 1 {
                literal_expr(&value(0))
            } else {
                Expr::Tuple((0..n).map(|i| literal_expr(&value(i))).collect())
            };
        }
        Expr::Exists { negated, .. } => {
            *e = literal_expr(&Value::Int(i64::from(r.rows.is_empty() == *negated)));
        }
        Expr::In { expr, target, negated, .. } => {
            // `(a, b) IN (SELECT x, y ...)`: the subquery has the operand's size, and its
            // rows become rows of the IN list.
            let width = match row_items(expr) {
                Some(items) => items?.len(),
                None => 1,
            };
            if r.meta.len() != width {
                return Err(MySqlError::operand_columns(width));
            }
            if r.rows.is_empty() {
                // Over no rows IN is false and NOT IN true, even for a NULL operand.
                *e = literal_expr(&Value::Int(i64::from(*negated)));
                return Ok(());
            }
            let list: Vec<Expr> = r
                .rows
                .iter()
                .map(|row| {
                    if width == 1 {
                        literal_expr(&row[0])
                    } else {
                        Expr::Tuple(row.iter().map(literal_expr).collect())
                    }
                })
                .collect();
            *target = sqlparser::ast::InTarget::List(list);
        }
        Expr::AnyOp { .. } | Expr::AllOp { .. } => {
            if r.meta.len() != 1 {
                return Err(MySqlError::operand_columns(1));
            }
            let (left, compare_op, quantifier) = match &*e {
                Expr::AnyOp { left, compare_op, .. } => (left, compare_op, Quantifier::Any),
                Expr::AllOp { left, compare_op, .. } => (left, compare_op, Quantifier::All),
                _ => return Ok(()),
            };
            let Some(op) = Comparison::of(compare_op) else { return Ok(()) };
            let left = left.clone();
            let values: Vec<Value> = r.rows.into_iter().map(|mut row| row.swap_remove(0)).collect();
            *e = quantified_expr(left, op, quantifier, values);
        }
        _ => {}
    }
    Ok(())
}

/// An uncorrelated `operand op ANY | ALL (SELECT ...)` with the subquery's values in its
/// place: `= ANY` as IN and `<> ALL` as NOT IN, any other as a chain of at most three
/// comparisons that gives the same result (`comparison::representatives`); over no values,
/// ANY's false or ALL's true.
fn quantified_expr(
    left: Box<Expr>,
    op: Comparison,
    quantifier: Quantifier,
    values: Vec<Value>,
) -> Expr {
    let empty = || literal_expr(&Value::Int(i64::from(quantifier == Quantifier::All)));
    if values.is_empty() {
        return empty();
    }
    let Some(reps) = representatives(op, quantifier, &values) else {
        return Expr::In {
            expr: left,
            target: sqlparser::ast::InTarget::List(values.iter().map(literal_expr).collect()),
            negated: op == Comparison::NotEq,
            global: false,
        };
    };
    let join = if quantifier == Quantifier::Any { BinaryOperator::Or } else { BinaryOperator::And };
    reps.iter()
        .map(|v| Expr::BinaryOp {
            left: left.clone(),
            op: op.operator(),
            right: Box::new(literal_expr(v)),
        })
        .reduce(|a, b| Expr::BinaryOp { left: Box::new(a), op: join.clone(), right: Box::new(b) })
        .map_or_else(empty, |chain| Expr::Nested(Box::new(chain)))
}

/// The names a query's FROM offers.
pub(super) fn scope_names(sources: &[BoundSource]) -> ScopeNames {
    sources
        .iter()
        .map(|s| (s.alias.clone(), s.meta.iter().map(|m| m.name.clone()).collect()))
        .collect()
}

/// Whether a subquery is anywhere in `e`.
/// Whether the clauses [`Server::resolve_select_subqueries`] rewrites (the select list,
/// WHERE, HAVING) surely hold no subquery, so that it would change nothing and find nothing
/// correlated. Conservative: only the plain forms below count (every child checked too);
/// anything else is taken to hold one, and the SELECT goes the copying way.
pub(crate) fn select_without_subquery(sel: &Select) -> bool {
    sel.projection.iter().all(|item| match item {
        SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => plain(e),
        // Not rewritten: nothing of theirs is walked.
        _ => true,
    }) && sel.selection.as_ref().is_none_or(plain)
        && sel.having.as_ref().is_none_or(plain)
}

/// An expression built only of names, values and the operators and calls below, none of
/// which is or holds a subquery.
fn plain(e: &Expr) -> bool {
    use sqlparser::ast::InTarget;
    match e {
        Expr::Value(_) | Expr::Identifier(_) | Expr::CompoundIdentifier(_) => true,
        Expr::BinaryOp { left, right, .. } => plain(left) && plain(right),
        Expr::UnaryOp { expr, .. }
        | Expr::Nested(expr)
        | Expr::IsNull(expr)
        | Expr::IsNotNull(expr)
        | Expr::IsTrue(expr)
        | Expr::IsNotTrue(expr)
        | Expr::IsFalse(expr)
        | Expr::IsNotFalse(expr) => plain(expr),
        Expr::Between { expr, low, high, .. } => plain(expr) && plain(low) && plain(high),
        Expr::In { expr, target: InTarget::List(list), .. } => {
            plain(expr) && list.iter().all(plain)
        }
        Expr::Function(func) => {
            matches!(func.parameters, FunctionArguments::None)
                && func.filter.is_none()
                && func.over.is_none()
                && func.within_group.is_empty()
                && match &func.args {
                    FunctionArguments::None => true,
                    FunctionArguments::List(list) => {
                        list.clauses.is_empty()
                            && list.args.iter().all(|a| match a {
                                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => plain(e),
                                FunctionArg::Unnamed(FunctionArgExpr::Wildcard) => true,
                                _ => false,
                            })
                    }
                    FunctionArguments::Subquery(_) => false,
                }
        }
        _ => false,
    }
}

/// For each AND-ed part of a SELECT's WHERE (through parentheses, as the binder splits it),
/// whether it holds a subquery: `Work::subquery_conjuncts`, the parts whose conditions,
/// once the subqueries ran, are withheld from index condition pushdown.
pub(super) fn subquery_conjuncts(sel: &Select) -> Vec<bool> {
    fn split<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
        match e {
            Expr::BinaryOp { left, op: sqlparser::ast::BinaryOperator::And, right } => {
                split(left, out);
                split(right, out);
            }
            Expr::Nested(inner) => split(inner, out),
            other => out.push(other),
        }
    }
    let mut parts = Vec::new();
    if let Some(w) = &sel.selection {
        split(w, &mut parts);
    }
    parts.into_iter().map(|p| !plain(p) && has_subquery(&mut p.clone())).collect()
}

/// Whether a SELECT's WHERE holds a subquery (whose result, once it ran, no longer shows
/// where it came from: `subquery_conjuncts` tells which parts held one).
pub(super) fn where_has_subquery(sel: &Select) -> bool {
    // `plain` answers without a copy for the common shapes; only a WHERE it cannot vouch
    // for is copied for `has_subquery`'s (mutable) walk.
    sel.selection.as_ref().is_some_and(|w| !plain(w) && has_subquery(&mut w.clone()))
}

pub(super) fn has_subquery(e: &mut Expr) -> bool {
    match e {
        Expr::Subquery(_) | Expr::Exists { .. } | Expr::AnyOp { .. } | Expr::AllOp { .. } => true,
        Expr::In { target: sqlparser::ast::InTarget::Subquery(_), .. } => true,
        other => {
            let mut children: Vec<&mut Expr> = Vec::new();
            expr_children_mut(other, &mut children);
            children.into_iter().any(has_subquery)
        }
    }
}

/// The outer names of one correlated subquery, found clause by clause.
struct OuterRefs<'s> {
    scope: &'s ScopeNames,
    chain: &'s [ScopeNames],
    /// Its select list's aliases, which GROUP BY, HAVING and ORDER BY may name.
    aliases: &'s [String],
    /// The outer expressions read, by outer reference number.
    args: Vec<Expr>,
}

impl OuterRefs<'_> {
    /// Replaces every outer name in `e` by an outer reference; ERROR 1054 for a name found
    /// nowhere. `aliases`: the clause may name the select list's aliases.
    fn rewrite(&mut self, e: &mut Expr, clause: &str, aliases: bool) -> Result<()> {
        let (qualifier, name, shown) = match &*e {
            Expr::Identifier(id) => {
                if id.quote_style.is_none() && id.value.starts_with('@') {
                    return Ok(());
                }
                if aliases && self.aliases.iter().any(|a| a.eq_ignore_ascii_case(&id.value)) {
                    return Ok(());
                }
                (None, id.value.clone(), id.value.clone())
            }
            Expr::CompoundIdentifier(parts) => match parts.as_slice() {
                [q, n] if !q.value.starts_with('@') => {
                    (Some(q.value.clone()), n.value.clone(), format!("{}.{}", q.value, n.value))
                }
                _ => return Ok(()),
            },
            // A correlated subquery inside this one: its number stays, its outer
            // expressions are this query's.
            Expr::Function(f) if is_mark(f, CORRELATED_MARK) => {
                let mut children: Vec<&mut Expr> = Vec::new();
                expr_children_mut(e, &mut children);
                for x in children.into_iter().skip(1) {
                    self.rewrite(x, clause, aliases)?;
                }
                return Ok(());
            }
            _ => {
                let mut children: Vec<&mut Expr> = Vec::new();
                expr_children_mut(e, &mut children);
                for x in children {
                    self.rewrite(x, clause, aliases)?;
                }
                return Ok(());
            }
        };
        if has_column(self.scope, qualifier.as_deref(), &name) {
            return Ok(());
        }
        if !self.chain.iter().rev().any(|s| has_column(s, qualifier.as_deref(), &name)) {
            return Err(MySqlError::unknown_column(&shown, clause));
        }
        // The same outer name read twice is one value.
        let text = e.to_string();
        let n = match self.args.iter().position(|a| a.to_string() == text) {
            Some(n) => n,
            None => {
                self.args.push(e.clone());
                self.args.len() - 1
            }
        };
        *e = mark_call(OUTER_MARK, vec![number_expr(n)]);
        Ok(())
    }
}

/// A dependent derived table's column that is an outer column as it stands (`LATERAL
/// (SELECT c.name AS n)`) takes that column's type from the table before it (`outer_sources`),
/// as MySQL types it by the column's own type: without it the column, known only before any
/// row is read, would be called numeric (and shown right-aligned). Simplification: an outer
/// column of an enclosing query (a derived table inside a correlated subquery), or one inside
/// an expression whose type depends on its arguments (`IFNULL(c.name, '')`), is not typed so.
fn outer_column_types(
    meta: &mut [Meta],
    sel: &Select,
    args: &[Expr],
    outer_sources: &[BoundSource],
) {
    if sel.projection.len() != meta.len() {
        return;
    }
    for (m, item) in meta.iter_mut().zip(&sel.projection) {
        let (SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. }) = item else {
            continue;
        };
        let Expr::Function(f) = e else { continue };
        if !is_mark(f, OUTER_MARK) {
            continue;
        }
        let FunctionArguments::List(list) = &f.args else { continue };
        let number = match list.args.first() {
            Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::Value(v)))) => {
                v.value.to_string().parse::<usize>().ok()
            }
            _ => None,
        };
        let (qualifier, name) = match number.and_then(|n| args.get(n)) {
            Some(Expr::Identifier(id)) => (None, &id.value),
            Some(Expr::CompoundIdentifier(parts)) if parts.len() == 2 => {
                (Some(&parts[0].value), &parts[1].value)
            }
            _ => continue,
        };
        let found = outer_sources
            .iter()
            .filter(|s| qualifier.is_none_or(|q| s.alias.eq_ignore_ascii_case(q)))
            .find_map(|s| s.meta.iter().find(|c| c.name.eq_ignore_ascii_case(name)));
        if let Some(column) = found {
            m.numeric = column.numeric;
            m.json = column.json;
            m.time = column.time;
            m.labels = column.labels.clone();
        }
    }
}

/// Whether a FROM has `qualifier.name` (or `name` in any of its sources).
fn has_column(scope: &ScopeNames, qualifier: Option<&str>, name: &str) -> bool {
    scope.iter().any(|(alias, names)| {
        qualifier.is_none_or(|q| alias.eq_ignore_ascii_case(q))
            && names.iter().any(|n| n.eq_ignore_ascii_case(name))
    })
}

/// Whether `f` is the server's call named `mark`.
fn is_mark(f: &Function, mark: &str) -> bool {
    f.name.0.len() == 1 && f.name.to_string().trim_matches('`').eq_ignore_ascii_case(mark)
}

/// The server's call `mark(args...)`.
fn mark_call(mark: &str, args: Vec<Expr>) -> Expr {
    let name = Ident::with_quote('`', mark.to_ascii_lowercase());
    Expr::Function(Function {
        name: ObjectName::from(vec![name]),
        uses_odbc_syntax: false,
        parameters: FunctionArguments::None,
        args: FunctionArguments::List(FunctionArgumentList {
            duplicate_treatment: None,
            args: args
                .into_iter()
                .map(|a| FunctionArg::Unnamed(FunctionArgExpr::Expr(a)))
                .collect(),
            clauses: Vec::new(),
        }),
        within_group: Vec::new(),
        filter: None,
        null_treatment: None,
        over: None,
    })
}

fn number_expr(n: usize) -> Expr {
    Expr::value(sqlparser::ast::Value::Number(n.to_string(), false))
}
