//! EXPLAIN of a LATERAL derived table (MySQL's DEPENDENT DERIVED): its query block is
//! explained with the columns it reads of the tables before it as outer references (known
//! values on each execution, as for a dependent subquery, `dependent.rs`), its rows named
//! `DEPENDENT DERIVED`, and the table before it in the join order says `Rematerialize
//! (<derivedN>)`: the derived table is materialised again for each of its rows.
//!
//! Simplifications: only qualified names (`t.a`) are found as outer columns (an unqualified
//! one is left to the block, which then answers ERROR 1054); Note 1276, which MySQL gives for
//! each outer column, is not given; FORMAT=TREE of one is ERROR 1235.

use super::dependent::OuterName;
use super::Source;
use crate::server::query::expr_children_mut;
use crate::sql::bind::OUTER_MARK;
use sqlparser::ast::{
    Expr, Function, FunctionArg, FunctionArgExpr, FunctionArgumentList, FunctionArguments,
    GroupByExpr, Ident, ObjectName, OrderByKind, Query, SelectItem, SetExpr, TableFactor,
};

/// `query` with every `alias.column` of a table of `left` (an alias its own FROM does not
/// reuse) replaced by an outer reference, and the outer columns by reference number.
pub(super) fn outer_references(query: &Query, left: &[Source]) -> (Query, Vec<OuterName>) {
    let mut q = query.clone();
    let mut names: Vec<(String, OuterName)> = Vec::new();
    let SetExpr::Select(sel) = q.body.as_mut() else { return (q, Vec::new()) };
    let own: Vec<String> = sel
        .from
        .iter()
        .flat_map(|twj| std::iter::once(&twj.relation).chain(twj.joins.iter().map(|j| &j.relation)))
        .filter_map(|f| match f {
            TableFactor::Table { alias: Some(a), .. }
            | TableFactor::Derived { alias: Some(a), .. } => Some(a.name.value.clone()),
            TableFactor::Table { name, .. } => name.0.last().map(|p| p.to_string()),
            _ => None,
        })
        .collect();
    let mut rewrite = |e: &mut Expr| visit(e, left, &own, &mut names);
    for item in sel.projection.iter_mut() {
        if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
            rewrite(e);
        }
    }
    if let Some(w) = sel.selection.as_mut() {
        rewrite(w);
    }
    if let GroupByExpr::Expressions(list, _) = &mut sel.group_by {
        list.iter_mut().for_each(&mut rewrite);
    }
    if let Some(h) = sel.having.as_mut() {
        rewrite(h);
    }
    if let Some(ob) = q.order_by.as_mut() {
        if let OrderByKind::Expressions(list) = &mut ob.kind {
            list.iter_mut().for_each(|o| visit(&mut o.expr, left, &own, &mut names));
        }
    }
    (q, names.into_iter().map(|(_, n)| n).collect())
}

fn visit(e: &mut Expr, left: &[Source], own: &[String], names: &mut Vec<(String, OuterName)>) {
    if let Expr::CompoundIdentifier(parts) = &*e {
        if let [q, n] = parts.as_slice() {
            let ours = own.iter().any(|o| o.eq_ignore_ascii_case(&q.value));
            let found = left.iter().find(|s| s.alias.eq_ignore_ascii_case(&q.value));
            if let (false, Some(s)) = (ours, found) {
                let Some(column) = s.columns.iter().find(|c| c.eq_ignore_ascii_case(&n.value))
                else {
                    return;
                };
                let key = format!("{}.{column}", s.alias);
                let k = match names.iter().position(|(k, _)| *k == key) {
                    Some(k) => k,
                    None => {
                        let name = match s.db.as_str() {
                            "" => OuterName {
                                reference: key.clone(),
                                note: format!("`{}`.`{column}`", s.alias),
                            },
                            db => OuterName {
                                reference: format!("{db}.{key}"),
                                note: format!("`{db}`.`{}`.`{column}`", s.alias),
                            },
                        };
                        names.push((key, name));
                        names.len() - 1
                    }
                };
                *e = outer_mark(k);
            }
            return;
        }
    }
    let mut children: Vec<&mut Expr> = Vec::new();
    expr_children_mut(e, &mut children);
    for c in children {
        visit(c, left, own, names);
    }
}

/// The server's outer reference number `k` (`sql::bind`'s OUTER_MARK call).
fn outer_mark(k: usize) -> Expr {
    let number = Expr::value(sqlparser::ast::Value::Number(k.to_string(), false));
    Expr::Function(Function {
        name: ObjectName::from(vec![Ident::with_quote('`', OUTER_MARK.to_ascii_lowercase())]),
        uses_odbc_syntax: false,
        parameters: FunctionArguments::None,
        args: FunctionArguments::List(FunctionArgumentList {
            duplicate_treatment: None,
            args: vec![FunctionArg::Unnamed(FunctionArgExpr::Expr(number))],
            clauses: Vec::new(),
        }),
        within_group: Vec::new(),
        filter: None,
        null_treatment: None,
        over: None,
    })
}
