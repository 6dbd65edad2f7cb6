//! EXPLAIN FORMAT=TREE (and ANALYZE) of a SELECT whose select list, WHERE or HAVING has
//! uncorrelated subqueries.
//!
//! What the executor does with them (`subquery.rs`): each runs once, before the outer query
//! is planned, and its result takes its place. MySQL prints such a subquery as a child of
//! the iterator whose condition holds it, `-> Select #2 (subquery in condition; run only
//! once)`, or, in the select list, as a tree of its own after the query's, `-> Select #2
//! (subquery in projection; run only once)`; the condition names it `(select #2)`,
//! `exists(select #2)`, or for IN, which MySQL runs once into a de-duplicated temporary
//! table it then probes, `<in_optimizer>(x,x in (select #2))` over `Filter` / `Limit: 1
//! row(s)` / `Index lookup on <materialized_subquery> using <auto_distinct_key>` /
//! `Materialize with deduplication` (mysql-test r/subquery_sj_none.result and
//! r/explain_tree.result; MySQL 8.4 with `semijoin=off`, which is what this executor does:
//! it joins no subquery, see `explain_subquery.rs`).
//!
//! A correlated subquery runs per outer row (`correlated.rs`): MySQL's `-> Select #2
//! (subquery in condition; dependent)` (or `in projection; dependent`), its tree planned
//! with the outer columns as values known per run, as its DEPENDENT SUBQUERY row is
//! (`Index lookup on o using customer_id (customer_id=c.id)`); a dependent IN is written as
//! the EXISTS MySQL rewrites it to, `<in_optimizer>(x,<exists>(select #2))`.
//!
//! The outer tree is planned as the traditional EXPLAIN plans it, with the results in place;
//! its conditions are then written with the subqueries' names (the explainer's `relabels`).
//! Subqueries are numbered from 2 in the order the executor runs them (the traditional
//! EXPLAIN's numbers). UNCONFIRMED: a subquery of an index lookup's key is drawn under the
//! lookup. Simplification: EXPLAIN ANALYZE counts each subquery's tree once (loops=1), where
//! MySQL shows a dependent one's loops per outer row. Not built (1235, each named): ANY /
//! SOME / ALL, a row before IN, subqueries inside a subquery, and subqueries beside derived
//! tables or CTEs (whose blocks would take numbers too).

use super::explain_subquery::{outer_names, select_marks};
use super::expr_children_mut;
use super::subquery::has_subquery;
use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::bind::row_items;
use crate::sql::execution::select::SubqueryKind;
use crate::sql::execution::Work;
use crate::sql::planner::explain::tree::{Node, Role};
use sqlparser::ast::{Expr, Ident, InTarget, Query, Select, SelectItem, SetExpr, TableFactor};

/// Most subqueries one tree draws.
const SUBQUERIES_MAX: usize = 64;

/// How a subquery stands in its query.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Scalar,
    Exists { negated: bool },
    In { negated: bool },
}

/// One subquery found, numbered by its position in the list.
struct Found {
    query: Query,
    kind: Kind,
    in_projection: bool,
}

/// The marker that stands for subquery `number` while the outer block's conditions are
/// written (a user variable no statement can name).
fn marker(number: usize) -> String {
    format!("\u{1}select#{number}\u{1}")
}

impl Server {
    /// The tree of a single SELECT with uncorrelated subqueries (see the module comment).
    pub(super) fn subquery_tree(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Node> {
        let SetExpr::Select(sel) = q.body.as_ref() else {
            return Err(MySqlError::not_supported_yet("EXPLAIN FORMAT=TREE of this query"));
        };
        if sel.from.iter().any(reads_blocks) || q.with.is_some() {
            return Err(MySqlError::not_supported_yet(
                "EXPLAIN FORMAT=TREE of subqueries beside derived tables or CTEs",
            ));
        }
        let mut marked = (**sel).clone();
        let found = mark_select(&mut marked)?;
        for f in &found {
            if Self::has_select_subqueries(&f.query) {
                return Err(MySqlError::not_supported_yet(
                    "EXPLAIN FORMAT=TREE of a subquery inside another subquery",
                ));
            }
        }
        let mut values = (**sel).clone();
        let where_subquery = super::subquery::where_has_subquery(&values);
        let subquery_parts =
            if where_subquery { super::subquery::subquery_conjuncts(&values) } else { Vec::new() };
        let correlated = self.resolve_select_subqueries(session, &mut values, sql, work, 0)?;
        // Correlated subqueries, prepared against the outer FROM as the executor prepares
        // them (`explain_subquery.rs` does the same for the traditional EXPLAIN).
        let mut sources = Vec::new();
        let mut prepared = Vec::new();
        if correlated {
            if !super::is_dual(&values.from) {
                for twj in values.from.clone().iter() {
                    self.add_sources(session, sql, twj, &mut sources, work, 0)?;
                }
            }
            prepared = self.prepare_correlated(session, &mut values, &sources, sql, work, 0)?;
            if prepared.iter().any(|s| !s.nested.is_empty()) {
                return Err(MySqlError::not_supported_yet(
                    "EXPLAIN FORMAT=TREE of a subquery inside another subquery",
                ));
            }
        }
        let calls = select_marks(&values);
        let kinds: Vec<SubqueryKind> = prepared.iter().map(|s| s.kind).collect();
        // Which found subquery each prepared one is (in the order both were met).
        let mut dependent: Vec<Option<usize>> = vec![None; found.len()];
        let mut next = prepared.iter().enumerate().peekable();
        for (i, f) in found.iter().enumerate() {
            let text = f.query.to_string();
            if let Some((id, _)) = next.next_if(|(_, p)| p.sql == text) {
                dependent[i] = Some(id);
            }
        }
        let mut outer_q = q.clone();
        *outer_q.body = SetExpr::Select(Box::new(values));
        let (mut main, relabels) =
            self.with_explainer(session, true, |explainer, cx, current| {
                explainer.label_marks = Some(marked);
                explainer.subquery_conjuncts = subquery_parts;
                explainer.correlation.kinds = kinds;
                let (tree, _) = explainer.explain_tree(&outer_q, sql, current, cx)?;
                Ok((tree, std::mem::take(&mut explainer.relabels)))
            })?;
        let is_dependent: Vec<bool> = dependent.iter().map(Option::is_some).collect();
        let mut operands = vec![None; found.len()];
        relabel(&mut main, &relabels, &found, &is_dependent, &mut operands);
        let mut projection = Vec::new();
        for (i, f) in found.iter().enumerate() {
            let number = i + 2;
            let text = f.query.to_string();
            let (inner, how) = match dependent[i] {
                Some(id) => {
                    let p = &prepared[id];
                    let names = outer_names(&calls, id, p.kind, &sources);
                    // Explained with the LIMIT as written, as the traditional EXPLAIN does.
                    let mut query = p.query.clone();
                    query.limit_clause = f.query.limit_clause.clone();
                    let own = p.kind;
                    let tree = self.with_explainer(session, true, |ex, cx, current| {
                        ex.correlation.outer = names;
                        ex.correlation.own = Some(own);
                        ex.explain_tree(&query, sql, current, cx)
                    })?;
                    (tree.0, "dependent")
                }
                None => (self.query_tree(session, &f.query, &text, work)?, "run only once"),
            };
            if f.in_projection {
                let label = format!("Select #{number} (subquery in projection; {how})");
                projection.push(Node::new(label, None).with(inner));
                continue;
            }
            let inner = match (f.kind, &operands[i], dependent[i]) {
                (Kind::In { .. }, Some(operand), None) => materialized(inner, &f.query, operand),
                _ => inner,
            };
            let label = format!("Select #{number} (subquery in condition; {how})");
            let node = Node::new(label, None).with(inner);
            let name = format!("(select #{number})");
            match holder(&mut main, &name) {
                Some(at) => at.children.push(node),
                // Its condition was decided while optimizing (or taken by an access).
                None => main.children.push(node),
            }
        }
        if projection.is_empty() {
            return Ok(main);
        }
        let mut group = Node::new("", None);
        group.role = Role::Group;
        group.children.push(main);
        group.children.extend(projection);
        Ok(group)
    }
}

/// Whether a FROM item reads a derived table (whose block takes a select number).
fn reads_blocks(twj: &sqlparser::ast::TableWithJoins) -> bool {
    let derived = |f: &TableFactor| !matches!(f, TableFactor::Table { .. });
    derived(&twj.relation) || twj.joins.iter().any(|j| derived(&j.relation))
}

/// Replaces the subqueries of the select list, WHERE and HAVING by markers, in the order the
/// executor runs them (`Server::resolve_select_subqueries`).
fn mark_select(sel: &mut Select) -> Result<Vec<Found>> {
    let mut found = Vec::new();
    for item in sel.projection.iter_mut() {
        if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
            mark(e, true, &mut found)?;
        }
    }
    for e in sel.selection.iter_mut().chain(sel.having.iter_mut()) {
        mark(e, false, &mut found)?;
    }
    Ok(found)
}

fn mark(e: &mut Expr, in_projection: bool, found: &mut Vec<Found>) -> Result<()> {
    if !has_subquery(e) {
        return Ok(());
    }
    if found.len() >= SUBQUERIES_MAX {
        return Err(MySqlError::not_supported_yet("EXPLAIN of more than 64 subqueries"));
    }
    let marker_expr = |n: usize| Expr::Identifier(Ident::new(format!("@{}", marker(n))));
    let number = found.len() + 2;
    match e {
        Expr::Subquery(q) => {
            found.push(Found { query: (**q).clone(), kind: Kind::Scalar, in_projection });
            *e = marker_expr(number);
        }
        Expr::Exists { subquery, negated } => {
            let kind = Kind::Exists { negated: *negated };
            found.push(Found { query: (**subquery).clone(), kind, in_projection });
            *e = marker_expr(number);
        }
        Expr::In { expr, target, negated, .. } if matches!(target, InTarget::Subquery(_)) => {
            let InTarget::Subquery(q) = &*target else { return Ok(()) };
            let q = q.clone();
            if row_items(expr).is_some() {
                return Err(MySqlError::not_supported_yet(
                    "EXPLAIN FORMAT=TREE of a row IN a subquery",
                ));
            }
            mark(expr, in_projection, found)?;
            let number = found.len() + 2;
            let kind = Kind::In { negated: *negated };
            found.push(Found { query: *q, kind, in_projection });
            *target = InTarget::List(vec![marker_expr(number)]);
        }
        Expr::AnyOp { .. } | Expr::AllOp { .. } => {
            return Err(MySqlError::not_supported_yet(
                "EXPLAIN FORMAT=TREE of ANY, SOME and ALL subqueries",
            ))
        }
        other => {
            let mut children: Vec<&mut Expr> = Vec::new();
            expr_children_mut(other, &mut children);
            for x in children {
                mark(x, in_projection, found)?;
            }
        }
    }
    Ok(())
}

/// Writes the subqueries' names into every label: the condition texts first (`relabels`:
/// with results in place, with markers), then each marker as MySQL names its subquery.
/// Keeps each IN subquery's operand as written there (for its lookup's key).
fn relabel(
    n: &mut Node,
    relabels: &[(String, String)],
    found: &[Found],
    dependent: &[bool],
    operands: &mut [Option<String>],
) {
    for (values, marked) in relabels {
        if let Some(replaced) = replace_whole(&n.label, values, marked) {
            n.label = replaced;
        } else if let (Some((key, v)), Some((_, m))) = (lookup_key(values), lookup_key(marked)) {
            // An equality an index lookup took as its key (`(customer_id=10)`).
            let (from, to) = (format!("{key}={v}"), format!("{key}={m}"));
            if n.label.contains(" using ") && n.label.contains(&from) {
                n.label = n.label.replace(&from, &to);
            }
        }
    }
    for (i, f) in found.iter().enumerate() {
        let m = marker(i + 2);
        if !n.label.contains(&m) {
            continue;
        }
        // The binder's writing of a user variable (`(@name)`) or the Note's (`@name`).
        n.label = n.label.replace(&format!("(@{m})"), &m).replace(&format!("@{m}"), &m);
        let dependent = dependent.get(i).copied().unwrap_or(false);
        let (label, operand) = subquery_named(&n.label, &m, f.kind, i + 2, dependent);
        n.label = label;
        if operand.is_some() && operands[i].is_none() {
            operands[i] = operand;
        }
    }
    for c in n.children.iter_mut() {
        relabel(c, relabels, found, dependent, operands);
    }
}

/// `label` with each whole occurrence of the condition text `from` (not part of a longer
/// number or name: a subquery's result `1` is not the `1` of `15`) replaced by `to`; None
/// when there is none.
fn replace_whole(label: &str, from: &str, to: &str) -> Option<String> {
    if from.is_empty() {
        return None;
    }
    let word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '`' | '\'');
    let mut out = String::with_capacity(label.len());
    let mut rest = label;
    let mut done = 0usize;
    let mut replaced = false;
    while let Some(at) = rest.find(from) {
        let before = label[..done + at].chars().next_back();
        let after = rest[at + from.len()..].chars().next();
        let edge = |c: Option<char>, side: Option<char>| {
            c.is_none_or(|c| !word(c)) || side.is_some_and(|s| !word(s))
        };
        // A boundary on each side, unless the text itself starts or ends there with one.
        let whole = edge(before, from.chars().next()) && edge(after, from.chars().next_back());
        let end = at + from.len();
        if whole {
            out.push_str(&rest[..at]);
            out.push_str(to);
            replaced = true;
        } else {
            out.push_str(&rest[..end]);
        }
        rest = &rest[end..];
        done += end;
    }
    out.push_str(rest);
    replaced.then_some(out)
}

#[cfg(test)]
mod replace_tests {
    use super::replace_whole;

    #[test]
    fn a_result_is_replaced_only_where_it_stands_alone() {
        let label = "Filter: ((t.v > 15) and 1)";
        assert_eq!(
            replace_whole(label, "1", "exists(select #2)").as_deref(),
            Some("Filter: ((t.v > 15) and exists(select #2))")
        );
        assert_eq!(
            replace_whole("Filter: (t.a = 12)", "(t.a = 12)", "x").as_deref(),
            Some("Filter: x")
        );
        assert_eq!(replace_whole("Filter: (t.v > 15)", "1", "y"), None);
    }
}

/// An equality condition `(t.col = value)` as an index lookup writes it in its key:
/// `col` and `value`.
fn lookup_key(condition: &str) -> Option<(&str, &str)> {
    let inner = condition.strip_prefix('(')?.strip_suffix(')')?;
    let (left, right) = inner.split_once(" = ")?;
    let column = left.rsplit('.').next()?;
    let plain = |s: &str| s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    plain(left).then_some((column, right))
}

/// `label` with marker `m` of subquery `number` written as MySQL writes it; for IN, also
/// the operand. `(x in (M))` becomes `<in_optimizer>(x,x in (select #2))`, `(x not in (M))`
/// `(not(<in_optimizer>(x,x in (select #2))))`; a dependent IN, which MySQL runs as the
/// EXISTS it rewrites it to, `<in_optimizer>(x,<exists>(select #2))`.
fn subquery_named(
    label: &str,
    m: &str,
    kind: Kind,
    number: usize,
    dependent: bool,
) -> (String, Option<String>) {
    let name = format!("(select #{number})");
    match kind {
        Kind::Scalar => (label.replace(m, &name), None),
        Kind::Exists { negated: false } => (label.replace(m, &format!("exists{name}")), None),
        Kind::Exists { negated: true } => (label.replace(m, &format!("(not(exists{name}))")), None),
        Kind::In { negated } => {
            let infix = if negated { " not in (" } else { " in (" };
            let whole_tail = format!("{infix}{m}))");
            let Some(tail_at) = label.find(&whole_tail) else {
                return (label.replace(m, &name), None);
            };
            let Some(open) = opening_paren(&label[..tail_at]) else {
                return (label.replace(m, &name), None);
            };
            let operand = &label[open + 1..tail_at];
            let call = if dependent {
                format!("<in_optimizer>({operand},<exists>{name})")
            } else {
                format!("<in_optimizer>({operand},{operand} in {name})")
            };
            let call = if negated { format!("(not({call}))") } else { call };
            let end = tail_at + whole_tail.len();
            let text = format!("{}{call}{}", &label[..open], &label[end..]);
            (text, Some(operand.to_string()))
        }
    }
}

/// The position of the `(` that opens the expression ending `text` (the one left unclosed).
fn opening_paren(text: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (at, ch) in text.char_indices().rev() {
        match ch {
            ')' => depth += 1,
            '(' if depth == 0 => return Some(at),
            '(' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The first node (in drawing order) whose label names `name`.
fn holder<'n>(n: &'n mut Node, name: &str) -> Option<&'n mut Node> {
    if n.label.contains(name) {
        return Some(n);
    }
    n.children.iter_mut().find_map(|c| holder(c, name))
}

/// An IN subquery's tree as MySQL runs it once into a temporary table with a unique index
/// and probes per outer row: the probe's condition, at most one row, the lookup, the
/// materialisation (its estimate the subquery's, paid before its first row).
/// Simplification: MySQL adds `Filter: (col is not null)` under the materialisation when
/// the subquery's column can hold NULL; not drawn here.
fn materialized(inner: Node, q: &Query, operand: &str) -> Node {
    let column = selected_column(q);
    let (cost, rows) = inner.first_estimate().unwrap_or((0.0, 0.0));
    let mut materialize = Node::new("Materialize with deduplication", Some((cost, rows)));
    materialize.init_cost = Some(cost);
    materialize.role = Role::Blocking;
    let materialize = materialize.with(inner);
    let lookup = Node::new(
        format!("Index lookup on <materialized_subquery> using <auto_distinct_key> ({column}={operand})"),
        None,
    )
    .with(materialize);
    let mut limit = Node::new("Limit: 1 row(s)", Some((cost, 1.0)));
    limit.init_cost = Some(cost);
    let limit = limit.with(lookup);
    let label = format!("Filter: (({operand} = `<materialized_subquery>`.{column}))");
    let mut filter = Node::new(label, Some((cost, 1.0)));
    filter.init_cost = Some(cost);
    filter.with(limit)
}

/// The name of a subquery's (first) selected column, as its temporary table names it.
fn selected_column(q: &Query) -> String {
    let SetExpr::Select(sel) = q.body.as_ref() else { return "<column>".into() };
    match sel.projection.first() {
        Some(SelectItem::ExprWithAlias { alias, .. }) => alias.value.clone(),
        Some(SelectItem::UnnamedExpr(Expr::Identifier(id))) => id.value.clone(),
        Some(SelectItem::UnnamedExpr(Expr::CompoundIdentifier(parts))) => {
            parts.last().map_or_else(String::new, |p| p.value.clone())
        }
        Some(SelectItem::UnnamedExpr(e)) => e.to_string(),
        _ => "<column>".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_in_subquery_is_named_as_the_in_optimizer_writes_it() {
        let m = marker(2);
        let label = format!("Filter: ((c.id in ({m})) and (c.name > 'a'))");
        let (text, operand) = subquery_named(&label, &m, Kind::In { negated: false }, 2, false);
        assert_eq!(text, "Filter: (<in_optimizer>(c.id,c.id in (select #2)) and (c.name > 'a'))");
        assert_eq!(operand.as_deref(), Some("c.id"));
        let label = format!("Filter: (f(c.id) not in ({m}))");
        let (text, _) = subquery_named(&label, &m, Kind::In { negated: true }, 3, false);
        assert_eq!(text, "Filter: (not(<in_optimizer>(f(c.id),f(c.id) in (select #3))))");
        let label = format!("Filter: (c.id in ({m}))");
        let (text, _) = subquery_named(&label, &m, Kind::In { negated: false }, 2, true);
        assert_eq!(text, "Filter: <in_optimizer>(c.id,<exists>(select #2))");
    }

    #[test]
    fn scalar_and_exists_subqueries_are_named_by_number() {
        let m = marker(2);
        let label = format!("Filter: (o.customer_id = {m})");
        assert_eq!(
            subquery_named(&label, &m, Kind::Scalar, 2, false).0,
            "Filter: (o.customer_id = (select #2))"
        );
        assert_eq!(
            subquery_named(&format!("Filter: {m}"), &m, Kind::Exists { negated: false }, 2, true).0,
            "Filter: exists(select #2)"
        );
        assert_eq!(
            subquery_named(&format!("Filter: {m}"), &m, Kind::Exists { negated: true }, 4, false).0,
            "Filter: (not(exists(select #4)))"
        );
    }

    #[test]
    fn an_equality_names_its_lookup_key() {
        assert_eq!(lookup_key("(orders.customer_id = 10)"), Some(("customer_id", "10")));
        assert_eq!(lookup_key("(f(a) = 10)"), None);
        assert_eq!(lookup_key("orders.a = 1"), None);
    }

    #[test]
    fn the_opening_parenthesis_is_the_unclosed_one() {
        assert_eq!(opening_paren("Filter: ((a in (1)) and (f(b)"), Some(24));
        assert_eq!(opening_paren("no parenthesis"), None);
    }
}
