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
//! is explained as a DEPENDENT SUBQUERY (`explain_correlated` below, `dependent.rs`).

use super::expr_children_mut;
use super::subquery::has_subquery;
use crate::error::{MySqlError, Result, Warning};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::bind::CORRELATED_MARK;
use crate::sql::execution::select::{BoundSource, Correlated, Source, SubqueryKind};
use crate::sql::execution::Work;
use crate::sql::planner::explain::dependent::{placeholder, renumber, OuterName};
use crate::sql::{Response, Value};
use sqlparser::ast::{
    Expr, FunctionArg, FunctionArgExpr, FunctionArguments, Query, Select, SelectItem, SetExpr,
};
use std::rc::Rc;

/// Most subqueries one EXPLAIN collects (each is explained as a block of its own).
const SUBQUERIES_MAX: usize = 64;

impl Server {
    /// Whether `q` is a single SELECT with a subquery in its list, WHERE or HAVING.
    pub(crate) fn has_select_subqueries(q: &Query) -> bool {
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
        let where_subquery = super::subquery::where_has_subquery(&sel);
        let subquery_parts =
            if where_subquery { super::subquery::subquery_conjuncts(&sel) } else { Vec::new() };
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
            let subs = self.prepare_correlated(session, &mut sel, &sources, sql, work, 0)?;
            let context = Dependent { subqueries: &subqueries, subs: &subs, sources: &sources };
            let parts = std::mem::replace(&mut work.subquery_conjuncts, subquery_parts);
            let explained = self.explain_correlated(session, q, sel, sql, work, &context);
            work.subquery_conjuncts = parts;
            return explained;
        }
        let mut outer_q = q.clone();
        *outer_q.body = SetExpr::Select(Box::new(sel));
        // The conditions that hold the subqueries' results push no index condition.
        let parts = std::mem::replace(&mut work.subquery_conjuncts, subquery_parts);
        let explained = self.explain(session, &outer_q, sql, work);
        work.subquery_conjuncts = parts;
        let Response::Rows(mut result) = explained? else {
            return Err(MySqlError::unknown("EXPLAIN gave no rows"));
        };
        for row in &mut result.rows {
            if row[1] == Value::Str("SIMPLE".into()) {
                row[1] = Value::Str("PRIMARY".into());
            }
        }
        let mut next = result.rows.iter().map(|r| id_of(r)).max().unwrap_or(1) + 1;
        for sub in subqueries {
            // Only the statement's own Note 1003 is kept.
            let kept = session.pending_warnings.len();
            let text = sub.to_string();
            let explained = self.explain(session, &sub, &text, work);
            session.pending_warnings.truncate(kept);
            let Response::Rows(inner) = explained? else { continue };
            next = renumbered(&mut result.rows, inner.rows, next, "SUBQUERY");
        }
        Ok(Response::Rows(result))
    }
}

/// A SELECT's subqueries as written and its correlated ones as prepared, with the outer
/// query's FROM they were prepared against.
struct Dependent<'a> {
    subqueries: &'a [Query],
    subs: &'a [Rc<Correlated>],
    sources: &'a [BoundSource],
}

impl Server {
    /// EXPLAIN of a SELECT with correlated subqueries (`sel` with them prepared and the
    /// uncorrelated ones' results in place): the outer block's rows (PRIMARY), then each
    /// subquery's, in the order written: DEPENDENT SUBQUERY for a correlated one (planned
    /// with its outer columns as values known per execution, `dependent.rs`), SUBQUERY for
    /// an uncorrelated one. Notes 1276 name each outer column a subquery reads, before the
    /// Note 1003.
    fn explain_correlated(
        &mut self,
        session: &mut Session,
        q: &Query,
        sel: Select,
        sql: &str,
        work: &mut Work,
        d: &Dependent,
    ) -> Result<Response> {
        if d.subs.iter().any(|s| !s.nested.is_empty()) {
            return Err(MySqlError::not_supported_yet(
                "EXPLAIN of a correlated subquery inside another subquery",
            ));
        }
        let calls = select_marks(&sel);
        let kinds: Vec<SubqueryKind> = d.subs.iter().map(|s| s.kind).collect();
        let mut outer_q = q.clone();
        *outer_q.body = SetExpr::Select(Box::new(sel));
        let blocked = work.index_condition_blocked;
        let parts = work.subquery_conjuncts.clone();
        let (response, mut note) = self.with_explainer(session, false, |ex, cx, current| {
            ex.index_condition_blocked = blocked;
            ex.subquery_conjuncts = parts;
            ex.correlation.kinds = kinds;
            ex.explain(&outer_q, sql, current, cx, work)
        })?;
        let Response::Rows(mut result) = response else {
            return Err(MySqlError::unknown("EXPLAIN gave no rows"));
        };
        for row in &mut result.rows {
            if row[1] == Value::Str("SIMPLE".into()) {
                row[1] = Value::Str("PRIMARY".into());
            }
        }
        let mut next = result.rows.iter().map(|r| id_of(r)).max().unwrap_or(1) + 1;
        let mut resolved = Vec::new();
        let mut prepared = d.subs.iter().enumerate().peekable();
        for sub in d.subqueries {
            let text = sub.to_string();
            let kept = session.pending_warnings.len();
            let (inner, select_type) = match prepared.next_if(|(_, p)| p.sql == text) {
                Some((id, p)) => {
                    let names = outer_names(&calls, id, p.kind, d.sources);
                    resolved_notes(&names, next, &mut resolved);
                    // Explained with the LIMIT as written (the executor's own stop after
                    // the first row or two is not in MySQL's plan).
                    let mut query = p.query.clone();
                    query.limit_clause = sub.limit_clause.clone();
                    let explained = self.with_explainer(session, false, |ex, cx, current| {
                        ex.correlation.outer = names;
                        ex.correlation.own = Some(p.kind);
                        ex.explain(&query, sql, current, cx, work)
                    });
                    let (inner, sub_note) = explained?;
                    note = note.replace(&placeholder(id as u32), &renumber(&sub_note, next));
                    (inner, "DEPENDENT SUBQUERY")
                }
                None => (self.explain(session, sub, &text, work)?, "SUBQUERY"),
            };
            // Only the statement's own notes are kept.
            session.pending_warnings.truncate(kept);
            let Response::Rows(inner) = inner else { continue };
            next = renumbered(&mut result.rows, inner.rows, next, select_type);
        }
        for message in resolved {
            session.warn(Warning { level: "Note", code: 1276, message });
        }
        session.warn(Warning { level: "Note", code: 1003, message: note });
        Ok(Response::Rows(result))
    }
}

fn id_of(row: &[Value]) -> u64 {
    match row.first() {
        Some(Value::UInt(n)) => *n,
        _ => 0,
    }
}

/// Appends a subquery's rows, explained as select 1, to `out` as select `next` on (its
/// first block's select_type `select_type`); gives the next free select number.
fn renumbered(
    out: &mut Vec<Vec<Value>>,
    rows: Vec<Vec<Value>>,
    next: u64,
    select_type: &str,
) -> u64 {
    let mut last = next;
    for mut row in rows {
        let id = id_of(&row);
        let renumbered = id + next - 1;
        if id == 1 && matches!(&row[1], Value::Str(s) if s == "SIMPLE" || s == "PRIMARY") {
            row[1] = Value::Str(select_type.into());
        }
        if id > 0 {
            row[0] = Value::UInt(renumbered);
            last = last.max(renumbered);
        }
        out.push(row);
    }
    last + 1
}

/// The correlated subquery calls of a SELECT's select list, WHERE and HAVING, in that order
/// ([`marks`]).
pub(super) fn select_marks(sel: &Select) -> Vec<(usize, Vec<Expr>)> {
    let mut calls = Vec::new();
    for item in &sel.projection {
        if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
            marks(e, &mut calls);
        }
    }
    for e in sel.selection.iter().chain(sel.having.iter()) {
        marks(e, &mut calls);
    }
    calls
}

/// How EXPLAIN names the outer columns correlated subquery `id` (of `kind`) reads, from its
/// call's arguments in `calls` (past IN's operand).
pub(super) fn outer_names(
    calls: &[(usize, Vec<Expr>)],
    id: usize,
    kind: SubqueryKind,
    sources: &[BoundSource],
) -> Vec<OuterName> {
    let args = calls.iter().find(|(n, _)| *n == id).map_or(&[][..], |c| &c.1);
    let skip = usize::from(kind.has_operand());
    args.iter().skip(skip).map(|a| outer_name(a, sources)).collect()
}

/// Note 1276 for each outer column subquery `select` reads.
pub(super) fn resolved_notes(names: &[OuterName], select: u64, out: &mut Vec<String>) {
    for n in names {
        out.push(format!(
            "Field or reference '{}' of SELECT #{select} was resolved in SELECT #1",
            n.reference
        ));
    }
}

/// The correlated subquery calls in `e` (the server's marks): each one's number and its
/// arguments after the number (IN's operand, then the outer values).
pub(super) fn marks(e: &Expr, out: &mut Vec<(usize, Vec<Expr>)>) {
    if out.len() > SUBQUERIES_MAX {
        return;
    }
    if let Expr::Function(f) = e {
        let named = match f.name.0.as_slice() {
            [part] => part.to_string().trim_matches('`').eq_ignore_ascii_case(CORRELATED_MARK),
            _ => false,
        };
        if let (true, FunctionArguments::List(list)) = (named, &f.args) {
            let args: Vec<Expr> = list
                .args
                .iter()
                .filter_map(|a| match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => Some(x.clone()),
                    _ => None,
                })
                .collect();
            let number = match args.first() {
                Some(Expr::Value(v)) => v.value.to_string().parse::<usize>().ok(),
                _ => None,
            };
            if let Some(n) = number {
                out.push((n, args[1..].to_vec()));
            }
            return;
        }
    }
    let mut e = e.clone();
    let mut children: Vec<&mut Expr> = Vec::new();
    expr_children_mut(&mut e, &mut children);
    for x in children {
        marks(x, out);
    }
}

/// How EXPLAIN names an outer column a dependent subquery reads (an expression of the
/// outer query that is not a plain column: `func`).
pub(super) fn outer_name(arg: &Expr, sources: &[BoundSource]) -> OuterName {
    let (qualifier, name) = match arg {
        Expr::Identifier(id) => (None, id.value.as_str()),
        Expr::CompoundIdentifier(parts) => match parts.as_slice() {
            [q, n] => (Some(q.value.as_str()), n.value.as_str()),
            _ => (None, ""),
        },
        _ => (None, ""),
    };
    for s in sources {
        if qualifier.is_some_and(|q| !s.alias.eq_ignore_ascii_case(q)) {
            continue;
        }
        let Some(m) = s.meta.iter().find(|m| m.name.eq_ignore_ascii_case(name)) else {
            continue;
        };
        return match &s.source {
            Source::Stored { db, .. } => OuterName {
                reference: format!("{db}.{}.{}", s.alias, m.name),
                note: format!("`{db}`.`{}`.`{}`", s.alias, m.name),
            },
            Source::Rows(_) | Source::Dependent { .. } | Source::JsonTable { .. } => OuterName {
                reference: format!("{}.{}", s.alias, m.name),
                note: format!("`{}`.`{}`", s.alias, m.name),
            },
        };
    }
    OuterName { reference: "func".into(), note: arg.to_string() }
}

/// The subqueries of a SELECT's list, WHERE and HAVING, in the order the executor runs them
/// (a subquery's own subqueries are its own block's).
fn collect(sel: &mut Select) -> Vec<Query> {
    let mut out = Vec::new();
    for item in sel.projection.iter_mut() {
        if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
            collect_subqueries(e, &mut out);
        }
    }
    if let Some(w) = sel.selection.as_mut() {
        collect_subqueries(w, &mut out);
    }
    if let Some(h) = sel.having.as_mut() {
        collect_subqueries(h, &mut out);
    }
    out
}

/// The subqueries of `e` (scalar, EXISTS, IN, ANY / ALL), in the order written.
pub(super) fn collect_subqueries(e: &mut Expr, out: &mut Vec<Query>) {
    if !has_subquery(e) || out.len() > SUBQUERIES_MAX {
        return;
    }
    match e {
        Expr::Subquery(q) | Expr::Exists { subquery: q, .. } => out.push((**q).clone()),
        Expr::In { expr, target: sqlparser::ast::InTarget::Subquery(q), .. } => {
            collect_subqueries(expr, out);
            out.push((**q).clone());
        }
        Expr::AnyOp { left, right, .. } | Expr::AllOp { left, right, .. } => {
            collect_subqueries(left, out);
            if let Expr::Subquery(q) = right.as_mut() {
                out.push((**q).clone());
            }
        }
        other => {
            let mut children: Vec<&mut Expr> = Vec::new();
            expr_children_mut(other, &mut children);
            for x in children {
                collect_subqueries(x, out);
            }
        }
    }
}
