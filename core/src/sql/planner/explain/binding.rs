//! EXPLAIN's binding of a SELECT: its select list, WHERE, ON conditions, GROUP BY, ORDER BY
//! and LIMIT resolved against the FROM clause's sources, as the executor would bind them, so
//! that the plan EXPLAIN prints is the one the executor follows.

use super::*;

/// Binds the query's clauses the way the executor's planner does, so EXPLAIN reports the
/// same errors (1054 unknown column, 1052 ambiguous, ...) as running it would.
pub(super) fn bind(
    sel: &Select,
    q: &Query,
    sources: &[Source],
    sql: &str,
    locals: &[String],
) -> Result<Bound> {
    let scope_value = Scope { sources };
    let scope: &dyn Columns = &scope_value;
    let mut binder = Binder::with_aggregates(scope, "field list").with_locals(locals.to_vec());
    let named = crate::sql::window_bind::named_windows(&sel.named_window)?;
    binder.set_windows(Some(crate::sql::bind::WindowScope { calls: Vec::new(), named }));
    let mut items: Vec<(BExpr, String)> = Vec::new();
    for item in &sel.projection {
        match item {
            SelectItem::UnnamedExpr(e) => items.push((binder.bind(e)?, source_name(e, sql))),
            SelectItem::ExprWithAlias { expr, alias } => {
                items.push((binder.bind(expr)?, alias.value.clone()))
            }
            SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => {
                let qualifier = wildcard_qualifier(item);
                let before = items.len();
                for s in sources {
                    if qualifier.as_deref().is_some_and(|q| !s.alias.eq_ignore_ascii_case(q)) {
                        continue;
                    }
                    for (i, c) in s.columns.iter().enumerate() {
                        // A functional key part's hidden column is not part of `*`.
                        if crate::storage::schema::is_hidden_name(c) {
                            continue;
                        }
                        items.push((BExpr::Column(s.offset + i as u32), c.clone()));
                    }
                }
                if items.len() == before {
                    return Err(match qualifier {
                        Some(q) => MySqlError::unknown_table(&q),
                        None => MySqlError::no_tables_used(),
                    });
                }
            }
            _ => return Err(MySqlError::not_supported_yet("this kind of select item")),
        }
    }
    let group_by = match &sel.group_by {
        GroupByExpr::Expressions(exprs, _) => {
            let mut b = Binder::scalar(scope, "group statement").with_locals(locals.to_vec());
            exprs
                .iter()
                .map(|e| {
                    output_ref(e, &items)
                        .map_or_else(|| b.bind(e), |i| Ok(items[i as usize].0.clone()))
                })
                .collect::<Result<Vec<_>>>()?
        }
        GroupByExpr::All(_) => return Err(MySqlError::not_supported_yet("GROUP BY ALL")),
    };
    binder.set_clause("order clause");
    let mut order_by = Vec::new();
    if let Some(ob) = &q.order_by {
        if let OrderByKind::Expressions(list) = &ob.kind {
            for o in list {
                let desc = matches!(o.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                let key = match output_ref(&o.expr, &items) {
                    Some(i) => items[i as usize].0.clone(),
                    None => binder.bind(&o.expr)?,
                };
                order_by.push((key, desc));
            }
        }
    }
    let windows = binder.set_windows(None).map(|w| w.calls).unwrap_or_default();
    let calls = binder.take_aggregates();
    let having_aggregates = sel.having.as_ref().is_some_and(has_aggregate_call);
    let aggregates = !calls.is_empty() || having_aggregates;
    let filter = match &sel.selection {
        Some(w) => {
            Some(Binder::scalar(scope, "where clause").with_locals(locals.to_vec()).bind(w)?)
        }
        None => None,
    };
    let ons = sources
        .iter()
        .map(|s| match &s.on {
            Some(e) => Binder::scalar(scope, "on clause").bind(e).map(Some),
            None => Ok(None),
        })
        .collect::<Result<Vec<_>>>()?;
    let limit_rows = match &q.limit_clause {
        None | Some(LimitClause::LimitOffset { limit: None, .. }) => None,
        Some(LimitClause::LimitOffset { limit: Some(l), offset, .. }) => {
            let skip = match offset {
                Some(o) => constant_u64(&o.value)?,
                None => 0,
            };
            Some(constant_u64(l)?.saturating_add(skip))
        }
        Some(LimitClause::OffsetCommaLimit { offset, limit }) => {
            Some(constant_u64(limit)?.saturating_add(constant_u64(offset)?))
        }
    };
    let width: u32 = sources.iter().map(|s| s.columns.len() as u32).sum();
    let mut columns = vec![false; width as usize];
    let mut mark = |c: u32| {
        if let Some(slot) = columns.get_mut(c as usize) {
            *slot = true;
        }
    };
    let exprs =
        items.iter().map(|(e, _)| e).chain(&group_by).chain(order_by.iter().map(|(e, _)| e));
    for e in exprs.chain(filter.iter()).chain(ons.iter().flatten()) {
        e.for_each_column(&mut mark);
    }
    for a in calls.iter().flat_map(|c| c.arg.iter().chain(c.order_by.iter().map(|(k, _)| k))) {
        a.for_each_column(&mut mark);
    }
    for w in &windows {
        let order = w.order.iter().map(|(e, _)| e);
        for e in w.args.iter().chain(&w.partition).chain(order) {
            e.for_each_column(&mut mark);
        }
    }
    // Windowing writes the grouped rows to a temporary table, sorted per window ordering
    // (see execution/select/window_stage.rs).
    let windowing = (!windows.is_empty())
        .then(|| windows.iter().any(|w| !w.partition.is_empty() || !w.order.is_empty()));
    Ok(Bound {
        names: items.iter().map(|(_, name)| name.clone()).collect(),
        items: items.iter().map(|(e, _)| e.clone()).collect(),
        calls,
        having_aggregates,
        columns,
        group_by,
        order_by,
        aggregates,
        filter,
        ons,
        distinct: sel.distinct.is_some(),
        rollup: matches!(&sel.group_by, sqlparser::ast::GroupByExpr::Expressions(_, m)
            if m.contains(&sqlparser::ast::GroupByWithModifier::Rollup)),
        limit_rows,
        windowing,
        windows,
    })
}

/// The table name of `t.*` (None for `*`).
pub(super) fn wildcard_qualifier(item: &SelectItem) -> Option<String> {
    match item {
        SelectItem::QualifiedWildcard(SelectItemQualifiedWildcardKind::ObjectName(name), _) => {
            name.0.last().map(|p| p.to_string().trim_matches('`').to_string())
        }
        SelectItem::QualifiedWildcard(kind, _) => Some(kind.to_string()),
        _ => None,
    }
}

/// Whether HAVING calls an aggregate function (it makes the query grouped).
fn has_aggregate_call(e: &Expr) -> bool {
    match e {
        Expr::Function(f) => {
            let name = f.name.to_string().to_ascii_uppercase();
            matches!(
                name.as_str(),
                "COUNT" | "SUM" | "AVG" | "MIN" | "MAX" | "BIT_AND" | "BIT_OR" | "GROUP_CONCAT"
            )
        }
        Expr::BinaryOp { left, right, .. } => has_aggregate_call(left) || has_aggregate_call(right),
        Expr::UnaryOp { expr, .. } | Expr::Nested(expr) => has_aggregate_call(expr),
        _ => false,
    }
}
