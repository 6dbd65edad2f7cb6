//! The outer query's references to a merged derived table's or view's columns, replaced by
//! the expressions behind them (named through the merged table's alias), in every clause of
//! the outer SELECT: select list (`*` and `d.*` expanded), ON, WHERE, GROUP BY, HAVING and
//! ORDER BY. A select-list item whose expression changes keeps its header by an alias of the
//! text it was typed as (`SELECT c FROM v` still prints `c`).
//!
//! It refuses (the derived tables are then materialised as before) whenever a name could
//! resolve differently once merged: a name of the stored table the derived table does not
//! show, a name several tables have, a name also a select-list alias in GROUP BY / HAVING /
//! ORDER BY, a table whose columns are not known here, USING / NATURAL joins, a LATERAL
//! derived table, and any expression kind it does not walk. Simplification: a subquery of
//! the outer query (which may read the merged columns from its own scope) also refuses;
//! MySQL merges then too.

use super::{Candidate, Named, Resolve};
use sqlparser::ast::{
    Expr, FunctionArg, FunctionArgExpr, FunctionArgumentClause, FunctionArguments, GroupByExpr,
    Ident, InTarget, JoinConstraint, JoinOperator, ObjectName, ObjectNamePart, OrderBy,
    OrderByKind, Select, SelectItem, SelectItemQualifiedWildcardKind, TableFactor,
    WildcardAdditionalOptions, WindowType,
};

/// One FROM item of the outer query, in written order.
struct Item {
    /// The name its columns are qualified with.
    name: String,
    /// Its columns, when known (a stored table or a merge candidate).
    columns: Option<Vec<String>>,
    /// The merge candidate it is, if it is one that needs rewriting.
    merged: Option<usize>,
}

/// Rewrites `sel` and `order_by` for merging the non-identity `candidates` (in the written
/// order of `sel`'s top-level FROM items and joins); false when that cannot be done soundly.
pub(super) fn rewrite(
    sel: &mut Select,
    order_by: &mut Option<OrderBy>,
    candidates: &[Option<Candidate>],
    sql: &str,
    resolve: &Resolve,
) -> bool {
    let merged: Vec<&Candidate> = candidates.iter().flatten().filter(|c| !c.identity).collect();
    let mut items = Vec::new();
    let mut at = 0usize;
    for twj in &sel.from {
        for (i, factor) in
            std::iter::once(&twj.relation).chain(twj.joins.iter().map(|j| &j.relation)).enumerate()
        {
            let candidate = candidates.get(at).and_then(Option::as_ref);
            at += 1;
            if i > 0 {
                let join = &twj.joins[i - 1];
                let Some(constraint) = constraint(&join.join_operator) else { return false };
                if !matches!(constraint, JoinConstraint::On(_) | JoinConstraint::None) {
                    return false;
                }
            }
            match candidate {
                Some(c) if !c.identity => {
                    let index = merged.iter().position(|m| std::ptr::eq(*m, c));
                    items.push(Item {
                        name: c.alias.value.clone(),
                        columns: Some(c.columns.iter().map(|(n, _)| n.clone()).collect()),
                        merged: index,
                    });
                }
                Some(c) => items.push(Item {
                    name: c.alias.value.clone(),
                    columns: Some(c.base_columns.clone()),
                    merged: None,
                }),
                None => {
                    if !describe(factor, resolve, &mut items) {
                        return false;
                    }
                }
            }
        }
    }
    // Two FROM items of one name: ERROR 1066 from the ordinary path.
    for (i, item) in items.iter().enumerate() {
        if items[..i].iter().any(|o| o.name.eq_ignore_ascii_case(&item.name)) {
            return false;
        }
    }
    if !sel.named_window.is_empty() {
        return false;
    }
    let aliases = super::select_aliases(sel);
    let scope = Scope { items: &items, merged: &merged, aliases: &aliases };
    let mut projection = Vec::new();
    for item in std::mem::take(&mut sel.projection) {
        match item {
            SelectItem::Wildcard(o) => {
                if !plain(&o) {
                    return false;
                }
                for it in &items {
                    projection.extend(scope.expand(it));
                }
            }
            SelectItem::QualifiedWildcard(SelectItemQualifiedWildcardKind::ObjectName(n), o) => {
                if !plain(&o) {
                    return false;
                }
                let target = match n.0.as_slice() {
                    [ObjectNamePart::Identifier(t)] => {
                        items.iter().find(|i| i.name.eq_ignore_ascii_case(&t.value))
                    }
                    _ => None,
                };
                match target {
                    Some(it) if it.merged.is_some() => projection.extend(scope.expand(it)),
                    // `t.*` of the name a merged table takes, which the query cannot see.
                    None if n
                        .0
                        .last()
                        .and_then(|p| p.as_ident())
                        .is_some_and(|t| scope.takes_name(&t.value)) =>
                    {
                        return false
                    }
                    _ => projection.push(SelectItem::QualifiedWildcard(
                        SelectItemQualifiedWildcardKind::ObjectName(n),
                        o,
                    )),
                }
            }
            SelectItem::UnnamedExpr(e) => {
                let mut rewritten = e.clone();
                if !scope.expr(&mut rewritten, false) {
                    return false;
                }
                if rewritten == e {
                    projection.push(SelectItem::UnnamedExpr(e));
                } else {
                    // The header the item had: the text it was typed as.
                    let name = super::header(&e, sql);
                    projection.push(SelectItem::ExprWithAlias {
                        expr: rewritten,
                        alias: Ident::with_quote('`', name),
                    });
                }
            }
            SelectItem::ExprWithAlias { mut expr, alias } => {
                if !scope.expr(&mut expr, false) {
                    return false;
                }
                projection.push(SelectItem::ExprWithAlias { expr, alias });
            }
            _ => return false,
        }
    }
    sel.projection = projection;
    for twj in &mut sel.from {
        for join in &mut twj.joins {
            let on = match &mut join.join_operator {
                JoinOperator::Join(JoinConstraint::On(on))
                | JoinOperator::Inner(JoinConstraint::On(on))
                | JoinOperator::Left(JoinConstraint::On(on))
                | JoinOperator::LeftOuter(JoinConstraint::On(on))
                | JoinOperator::Right(JoinConstraint::On(on))
                | JoinOperator::RightOuter(JoinConstraint::On(on))
                | JoinOperator::StraightJoin(JoinConstraint::On(on)) => on,
                _ => continue,
            };
            if !scope.expr(on, false) {
                return false;
            }
        }
    }
    if let Some(w) = sel.selection.as_mut() {
        if !scope.expr(w, false) {
            return false;
        }
    }
    match &mut sel.group_by {
        GroupByExpr::Expressions(list, _) => {
            if !list.iter_mut().all(|g| scope.expr(g, true)) {
                return false;
            }
        }
        GroupByExpr::All(_) => return false,
    }
    if let Some(h) = sel.having.as_mut() {
        if !scope.expr(h, true) {
            return false;
        }
    }
    if let Some(ob) = order_by.as_mut() {
        let OrderByKind::Expressions(list) = &mut ob.kind else { return false };
        if !list.iter_mut().all(|o| scope.expr(&mut o.expr, true)) {
            return false;
        }
    }
    true
}

/// Adds the FROM item `factor` (not a candidate) to `items`; false for one whose names this
/// cannot follow (a LATERAL derived table may read the merged columns).
fn describe(factor: &TableFactor, resolve: &Resolve, items: &mut Vec<Item>) -> bool {
    match factor {
        TableFactor::Table { name, alias, .. } => {
            let Some(last) = name.0.last() else { return false };
            let last = last.to_string().trim_matches('`').to_string();
            let columns = match resolve(name, None, super::Wanted::Any) {
                Some(Named::Stored { columns, .. }) => Some(columns),
                _ => None,
            };
            let name = alias.as_ref().map_or(last, |a| a.name.value.clone());
            items.push(Item { name, columns, merged: None });
            true
        }
        TableFactor::Derived { lateral: false, alias: Some(alias), .. } => {
            items.push(Item { name: alias.name.value.clone(), columns: None, merged: None });
            true
        }
        TableFactor::NestedJoin { table_with_joins, alias: None } => {
            let twj = table_with_joins;
            // Simplification: the ON clauses of a parenthesised join are not rewritten; one
            // is allowed only without any.
            let on_or_none = twj.joins.iter().all(|j| {
                constraint(&j.join_operator).is_some_and(|c| matches!(c, JoinConstraint::None))
            });
            on_or_none
                && std::iter::once(&twj.relation)
                    .chain(twj.joins.iter().map(|j| &j.relation))
                    .all(|f| describe(f, resolve, items))
        }
        _ => false,
    }
}

fn plain(options: &WildcardAdditionalOptions) -> bool {
    super::plain(options)
}

/// The outer query's names: its FROM items, the candidates being merged, its aliases.
struct Scope<'a> {
    items: &'a [Item],
    merged: &'a [&'a Candidate],
    aliases: &'a [String],
}

impl Scope<'_> {
    /// `*`'s or `name.*`'s select items for one FROM item.
    fn expand(&self, item: &Item) -> Vec<SelectItem> {
        match item.merged {
            Some(m) => self.merged[m]
                .columns
                .iter()
                .map(|(name, e)| SelectItem::ExprWithAlias {
                    expr: e.clone(),
                    alias: Ident::with_quote('`', name.clone()),
                })
                .collect(),
            None => vec![SelectItem::QualifiedWildcard(
                SelectItemQualifiedWildcardKind::ObjectName(ObjectName(vec![
                    ObjectNamePart::Identifier(Ident::with_quote('`', item.name.clone())),
                ])),
                WildcardAdditionalOptions::default(),
            )],
        }
    }

    /// Whether a merged table takes `name` in place of the name the outer query reads it by.
    fn takes_name(&self, name: &str) -> bool {
        self.merged.iter().any(|c| {
            c.names().any(|n| n.value != c.alias.value && n.value.eq_ignore_ascii_case(name))
        })
    }

    /// The expression a column reference stands for once merged: `Ok(None)` when it stays
    /// as it is, `Err(())` when the merge cannot keep its meaning.
    fn column(
        &self,
        qualifier: Option<&str>,
        name: &str,
        aliases_first: bool,
    ) -> Result<Option<Expr>, ()> {
        if let Some(q) = qualifier {
            let Some(item) = self.items.iter().find(|i| i.name.eq_ignore_ascii_case(q)) else {
                // Not a name of this query's: an enclosing query's table, or ERROR 1054. Not
                // when a merged table takes that name, where it would read the merged one.
                return if self.takes_name(q) { Err(()) } else { Ok(None) };
            };
            let Some(m) = item.merged else { return Ok(None) };
            return match self.merged[m].columns.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
                Some((_, e)) => Ok(Some(e.clone())),
                // ERROR 1054 from the materialising path.
                None => Err(()),
            };
        }
        let mut found: Option<&Expr> = None;
        let mut others = 0;
        let mut unknown = false;
        for item in self.items {
            let Some(columns) = &item.columns else {
                unknown = true;
                continue;
            };
            if !columns.iter().any(|c| c.eq_ignore_ascii_case(name)) {
                continue;
            }
            match item.merged {
                Some(m) if found.is_none() => {
                    found = self.merged[m]
                        .columns
                        .iter()
                        .find(|(n, _)| n.eq_ignore_ascii_case(name))
                        .map(|(_, e)| e);
                }
                _ => others += 1,
            }
        }
        let alias = aliases_first && self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name));
        match found {
            Some(e) if others == 0 && !unknown && !alias => Ok(Some(e.clone())),
            Some(_) => Err(()),
            None => {
                // A column of a merged table's stored table the derived table does not show
                // would become visible (or ambiguous): the merge is refused, the name keeps
                // its error, its other table or its meaning in an enclosing query.
                let hidden = self
                    .merged
                    .iter()
                    .any(|c| c.base_columns.iter().any(|b| b.eq_ignore_ascii_case(name)));
                if hidden {
                    Err(())
                } else {
                    Ok(None)
                }
            }
        }
    }

    /// Rewrites the merged columns `e` reads; false when one cannot be.
    fn expr(&self, e: &mut Expr, aliases_first: bool) -> bool {
        let mut go = |x: &mut Expr| self.expr(x, aliases_first);
        match e {
            Expr::Value(_) | Expr::TypedString { .. } => true,
            Expr::Identifier(c) => {
                if c.value.starts_with('@') || c.quote_style.is_some_and(|s| s == '\'' || s == '"')
                {
                    return true;
                }
                match self.column(None, &c.value.clone(), aliases_first) {
                    Ok(Some(x)) => {
                        *e = x;
                        true
                    }
                    Ok(None) => true,
                    Err(()) => false,
                }
            }
            Expr::CompoundIdentifier(parts) => {
                if parts.first().is_some_and(|p| p.value.starts_with('@')) {
                    return true;
                }
                let found = match parts.as_slice() {
                    [q, c] => self.column(Some(&q.value), &c.value, false),
                    // `db.t.c` naming a merged one: not followed here.
                    [_, q, _]
                        if self.takes_name(&q.value)
                            || self.items.iter().any(|i| {
                                i.merged.is_some() && i.name.eq_ignore_ascii_case(&q.value)
                            }) =>
                    {
                        Err(())
                    }
                    _ => Ok(None),
                };
                match found {
                    Ok(Some(x)) => {
                        *e = x;
                        true
                    }
                    Ok(None) => true,
                    Err(()) => false,
                }
            }
            Expr::BinaryOp { left, right, .. } => go(left) && go(right),
            Expr::UnaryOp { expr, .. }
            | Expr::Nested(expr)
            | Expr::IsNull(expr)
            | Expr::IsNotNull(expr)
            | Expr::IsTrue(expr)
            | Expr::IsNotTrue(expr)
            | Expr::IsFalse(expr)
            | Expr::IsNotFalse(expr)
            | Expr::Cast { expr, format: None, .. } => go(expr),
            Expr::IsDistinctFrom(a, b) | Expr::IsNotDistinctFrom(a, b) => go(a) && go(b),
            Expr::Between { expr, low, high, .. } => go(expr) && go(low) && go(high),
            Expr::In { expr, target: InTarget::List(list), .. } => {
                go(expr) && list.iter_mut().all(&mut go)
            }
            Expr::Like { expr, pattern, escape_char, .. }
            | Expr::ILike { expr, pattern, escape_char, .. } => {
                go(expr) && go(pattern) && escape_char.as_deref_mut().is_none_or(&mut go)
            }
            Expr::Tuple(list) => list.iter_mut().all(&mut go),
            Expr::Case { operand, conditions, else_result, .. } => {
                operand.as_deref_mut().is_none_or(&mut go)
                    && conditions.iter_mut().all(|w| go(&mut w.condition) && go(&mut w.result))
                    && else_result.as_deref_mut().is_none_or(&mut go)
            }
            Expr::Function(func) => {
                if !matches!(func.parameters, FunctionArguments::None)
                    || func.filter.is_some()
                    || !func.within_group.is_empty()
                {
                    return false;
                }
                let window = match &mut func.over {
                    None => true,
                    Some(WindowType::WindowSpec(spec)) => {
                        spec.window_name.is_none()
                            && spec.partition_by.iter_mut().all(&mut go)
                            && spec.order_by.iter_mut().all(|o| go(&mut o.expr))
                    }
                    Some(WindowType::NamedWindow(_)) => false,
                };
                if !window {
                    return false;
                }
                match &mut func.args {
                    FunctionArguments::None => true,
                    FunctionArguments::List(list) => {
                        list.clauses.iter_mut().all(|c| match c {
                            FunctionArgumentClause::OrderBy(list) => {
                                list.iter_mut().all(|o| go(&mut o.expr))
                            }
                            FunctionArgumentClause::Separator(_) => true,
                            _ => false,
                        }) && list.args.iter_mut().all(|a| match a {
                            FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => go(x),
                            // COUNT(*).
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
}

/// The ON / USING clause of the join forms this rewrite walks (inner, outer, straight and cross
/// joins); None for any other form, which it does not merge through.
fn constraint(op: &JoinOperator) -> Option<&JoinConstraint> {
    match op {
        JoinOperator::Join(c)
        | JoinOperator::Inner(c)
        | JoinOperator::Left(c)
        | JoinOperator::LeftOuter(c)
        | JoinOperator::Right(c)
        | JoinOperator::RightOuter(c)
        | JoinOperator::StraightJoin(c)
        | JoinOperator::CrossJoin(c) => Some(c),
        _ => None,
    }
}
