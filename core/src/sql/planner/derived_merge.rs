//! `derived_merge`: a derived table simple enough to need no table of its own is merged into
//! the query that reads it, as MySQL's optimizer does by default (`optimizer_switch`
//! `derived_merge=on`). `FROM (SELECT * FROM t WHERE c) AS d` becomes `FROM t AS d` with `c`
//! (its columns named through `d`) added to the outer WHERE, or to the ON condition when `d`
//! is the inner table of a LEFT JOIN. The rows then stream from `t` along its access path:
//! no internal temporary table (`Created_tmp_tables` does not move), no rows held, and
//! EXPLAIN shows `t`'s row under the alias, not a `<derived2>` one, as MySQL's does.
//!
//! MySQL merges any derived table without aggregates, window functions, DISTINCT, GROUP BY,
//! HAVING, LIMIT, set operations, subqueries in the select list or variable assignments.
//! Simplification: here only the shape that needs no column renaming is merged, one stored
//! table with `*` as the whole select list, no column list after the alias, and a WHERE made
//! of plain expressions (no subquery); any other derived table is run and materialised. The
//! merged table keeps the derived table's alias (so the outer query's names need no
//! rewriting); MySQL shows it in EXPLAIN and Note 1003 under the inner table's own name.

use sqlparser::ast::{
    BinaryOperator, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, GroupByExpr, Ident,
    InTarget, JoinConstraint, JoinOperator, ObjectName, ObjectNamePart, Query, Select, SelectItem,
    SetExpr, TableFactor,
};

/// Whether MySQL materialises a derived table or CTE with this query rather than merging it
/// into the outer query (`derived_merge`): a set operation, DISTINCT, GROUP BY, HAVING, an
/// aggregate, a window function or LIMIT does. The executor (server/query/cte.rs) and EXPLAIN
/// both ask it.
pub fn materialised_by_mysql(q: &Query) -> bool {
    if q.limit_clause.is_some() {
        return true;
    }
    match q.body.as_ref() {
        SetExpr::Select(s) => {
            s.distinct.is_some()
                || s.having.is_some()
                || !matches!(&s.group_by, GroupByExpr::Expressions(e, _) if e.is_empty())
                || has_aggregate_item(s)
        }
        _ => true,
    }
}

pub fn has_aggregate_item(s: &Select) -> bool {
    s.projection.iter().any(|item| match item {
        SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => aggregates(e),
        _ => false,
    })
}

/// Whether an expression calls an aggregate or window function (outside any subquery).
/// (Also the aggregates a recursive CTE's block may not hold.)
fn aggregates(e: &Expr) -> bool {
    const NAMES: &[&str] = &[
        "avg",
        "bit_and",
        "bit_or",
        "bit_xor",
        "count",
        "group_concat",
        "json_arrayagg",
        "json_objectagg",
        "max",
        "min",
        "std",
        "stddev",
        "stddev_pop",
        "stddev_samp",
        "sum",
        "var_pop",
        "var_samp",
        "variance",
    ];
    match e {
        Expr::Function(f) => {
            let name = f.name.to_string().to_ascii_lowercase();
            if NAMES.contains(&name.as_str()) || f.over.is_some() {
                return true;
            }
            match &f.args {
                FunctionArguments::List(l) => l.args.iter().any(|a| match a {
                    sqlparser::ast::FunctionArg::Unnamed(
                        sqlparser::ast::FunctionArgExpr::Expr(x),
                    ) => aggregates(x),
                    _ => false,
                }),
                _ => false,
            }
        }
        Expr::BinaryOp { left, right, .. } => aggregates(left) || aggregates(right),
        Expr::UnaryOp { expr, .. } | Expr::Nested(expr) | Expr::Cast { expr, .. } => {
            aggregates(expr)
        }
        _ => false,
    }
}

/// Tells what a table name in FROM is: `Some((db, table))` when it names a stored table (not
/// a view, a CTE or a system table), with the database it is in.
pub type StoredTable<'a> = dyn Fn(&ObjectName) -> Option<(String, String)> + 'a;

/// Merges every mergeable derived table of `sel`'s FROM into `sel`. Returns whether any was.
pub fn merge_derived_tables(sel: &mut Select, stored: &StoredTable) -> bool {
    let mut added: Vec<Expr> = Vec::new();
    let mut merged = false;
    for twj in &mut sel.from {
        if let Some(condition) = merge_factor(&mut twj.relation, stored) {
            merged = true;
            added.extend(condition);
        }
        for join in &mut twj.joins {
            let Some(condition) = merge_factor(&mut join.relation, stored) else { continue };
            merged = true;
            let Some(condition) = condition else { continue };
            match &mut join.join_operator {
                // The inner table of a LEFT JOIN: its rows are filtered before they match,
                // so the condition joins the ON clause (in WHERE it would drop the NULL rows).
                JoinOperator::Left(c) | JoinOperator::LeftOuter(c) => and_into_on(c, condition),
                _ => added.push(condition),
            }
        }
    }
    for condition in added {
        sel.selection = Some(match sel.selection.take() {
            Some(outer) => and(outer, condition),
            None => condition,
        });
    }
    merged
}

fn and(left: Expr, right: Expr) -> Expr {
    Expr::BinaryOp { left: Box::new(left), op: BinaryOperator::And, right: Box::new(right) }
}

fn and_into_on(constraint: &mut JoinConstraint, condition: Expr) {
    *constraint = match std::mem::replace(constraint, JoinConstraint::None) {
        JoinConstraint::On(on) => JoinConstraint::On(and(on, condition)),
        _ => JoinConstraint::On(condition),
    };
}

/// Replaces a mergeable derived table by its one stored table under the derived table's
/// alias. `None`: not merged; `Some(condition)`: merged, with its WHERE (named through the
/// alias), if it had one.
fn merge_factor(factor: &mut TableFactor, stored: &StoredTable) -> Option<Option<Expr>> {
    let TableFactor::Derived { lateral: false, subquery, alias: Some(alias), sample: None } =
        factor
    else {
        return None;
    };
    if !alias.columns.is_empty() {
        return None;
    }
    let sel = mergeable_select(subquery)?;
    let [twj] = sel.from.as_slice() else { return None };
    if !twj.joins.is_empty() {
        return None;
    }
    let TableFactor::Table {
        name,
        alias: inner_alias,
        args: None,
        with_hints,
        version: None,
        with_ordinality: false,
        partitions,
        json_path: None,
        sample: None,
        index_directives,
        inheritance: None,
    } = &twj.relation
    else {
        return None;
    };
    if !with_hints.is_empty() || !partitions.is_empty() {
        return None;
    }
    let (db, table) = stored(name)?;
    // The names the derived table's WHERE may qualify its columns with.
    let inner_name = match inner_alias {
        Some(a) if a.columns.is_empty() => a.name.value.clone(),
        Some(_) => return None,
        None => table.clone(),
    };
    let qualifiers = Qualifiers { name: &inner_name, db: &db, aliased: inner_alias.is_some() };
    let condition = match &sel.selection {
        Some(w) => {
            let mut w = w.clone();
            if !requalify(&mut w, &alias.name, &qualifiers) {
                return None;
            }
            Some(Expr::Nested(Box::new(w)))
        }
        None => None,
    };
    let mut outer_alias = alias.clone();
    outer_alias.explicit = true;
    *factor = TableFactor::Table {
        name: ObjectName(vec![
            ObjectNamePart::Identifier(Ident::new(db)),
            ObjectNamePart::Identifier(Ident::new(table)),
        ]),
        alias: Some(outer_alias),
        args: None,
        with_hints: Vec::new(),
        version: None,
        with_ordinality: false,
        partitions: Vec::new(),
        json_path: None,
        sample: None,
        index_directives: index_directives.clone(),
        inheritance: None,
    };
    Some(condition)
}

/// The SELECT of a derived table MySQL would merge and this file can: `SELECT * FROM t
/// [WHERE ...]` with nothing else.
fn mergeable_select(q: &Query) -> Option<&Select> {
    if q.with.is_some()
        || q.order_by.is_some()
        || q.limit_clause.is_some()
        || q.fetch.is_some()
        || !q.locks.is_empty()
        || q.for_clause.is_some()
        || q.settings.is_some()
        || q.format_clause.is_some()
        || !q.pipe_operators.is_empty()
    {
        return None;
    }
    let SetExpr::Select(sel) = q.body.as_ref() else { return None };
    let plain = sel.optimizer_hints.is_empty()
        && sel.distinct.is_none()
        && sel.select_modifiers.is_none()
        && sel.top.is_none()
        && sel.exclude.is_none()
        && sel.into.is_none()
        && sel.lateral_views.is_empty()
        && sel.prewhere.is_none()
        && sel.connect_by.is_empty()
        && matches!(&sel.group_by, GroupByExpr::Expressions(g, m) if g.is_empty() && m.is_empty())
        && sel.cluster_by.is_empty()
        && sel.distribute_by.is_empty()
        && sel.sort_by.is_empty()
        && sel.having.is_none()
        && sel.named_window.is_empty()
        && sel.qualify.is_none()
        && sel.value_table_mode.is_none();
    let star = match sel.projection.as_slice() {
        [SelectItem::Wildcard(options)] => {
            options.opt_ilike.is_none()
                && options.opt_exclude.is_none()
                && options.opt_except.is_none()
                && options.opt_replace.is_none()
                && options.opt_rename.is_none()
                && options.opt_alias.is_none()
        }
        _ => false,
    };
    (plain && star).then_some(&**sel)
}

/// How the derived table's own SELECT may qualify a column of its one table.
struct Qualifiers<'a> {
    /// The table's alias, or its name when it has none.
    name: &'a str,
    db: &'a str,
    /// Whether `name` is an alias (then `db.table.column` does not name the table).
    aliased: bool,
}

impl Qualifiers<'_> {
    fn names_table(&self, parts: &[Ident]) -> bool {
        match parts {
            // MySQL compares table names and aliases case-sensitively on Linux; the engine's
            // catalog does not, so neither does this.
            [t] => t.value.eq_ignore_ascii_case(self.name),
            [d, t] => {
                !self.aliased
                    && d.value.eq_ignore_ascii_case(self.db)
                    && t.value.eq_ignore_ascii_case(self.name)
            }
            _ => false,
        }
    }
}

/// Names every column of `e` through `alias` (`c` and `t.c` become `alias.c`); false when `e`
/// holds something this cannot rewrite soundly (a subquery, a variable, an expression kind it
/// does not walk): the derived table is then not merged.
fn requalify(e: &mut Expr, alias: &Ident, q: &Qualifiers) -> bool {
    let mut go = |x: &mut Expr| requalify(x, alias, q);
    match e {
        Expr::Value(_) => true,
        Expr::Identifier(c) => {
            // `@v` and `@@v` are variables, not columns.
            if c.value.starts_with('@') || c.quote_style.is_some_and(|s| s == '\'' || s == '"') {
                return false;
            }
            *e = Expr::CompoundIdentifier(vec![alias.clone(), c.clone()]);
            true
        }
        Expr::CompoundIdentifier(parts) => {
            let Some((column, table)) = parts.split_last() else { return false };
            if !q.names_table(table) {
                return false;
            }
            *e = Expr::CompoundIdentifier(vec![alias.clone(), column.clone()]);
            true
        }
        Expr::BinaryOp { left, right, .. } => go(left) && go(right),
        Expr::UnaryOp { expr, .. }
        | Expr::Nested(expr)
        | Expr::IsNull(expr)
        | Expr::IsNotNull(expr)
        | Expr::IsTrue(expr)
        | Expr::IsNotTrue(expr)
        | Expr::IsFalse(expr)
        | Expr::IsNotFalse(expr) => go(expr),
        Expr::Between { expr, low, high, .. } => go(expr) && go(low) && go(high),
        Expr::In { expr, target: InTarget::List(list), .. } => {
            go(expr) && list.iter_mut().all(&mut go)
        }
        Expr::Like { expr, pattern, .. } => go(expr) && go(pattern),
        Expr::Case { operand, conditions, else_result, .. } => {
            operand.as_deref_mut().is_none_or(&mut go)
                && conditions.iter_mut().all(|w| go(&mut w.condition) && go(&mut w.result))
                && else_result.as_deref_mut().is_none_or(&mut go)
        }
        Expr::Function(func) => {
            if !matches!(func.parameters, FunctionArguments::None)
                || func.filter.is_some()
                || func.over.is_some()
                || !func.within_group.is_empty()
            {
                return false;
            }
            match &mut func.args {
                FunctionArguments::None => true,
                FunctionArguments::List(list) => {
                    list.clauses.is_empty()
                        && list.args.iter_mut().all(|a| match a {
                            FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => go(x),
                            _ => false,
                        })
                }
                FunctionArguments::Subquery(_) => false,
            }
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn select(sql: &str) -> Select {
        let crate::sql::Statement::Select(q) = crate::sql::parse(sql).expect("parses") else {
            panic!("not a SELECT")
        };
        let SetExpr::Select(s) = *q.body else { panic!("not a plain SELECT") };
        *s
    }

    fn stored(name: &ObjectName) -> Option<(String, String)> {
        let parts: Vec<String> = name.0.iter().map(|p| p.to_string()).collect();
        match parts.as_slice() {
            [t] if t == "page_views" => Some(("shop".into(), t.clone())),
            [d, t] if d == "shop" && t == "page_views" => Some((d.clone(), t.clone())),
            _ => None,
        }
    }

    fn merged(sql: &str) -> Option<String> {
        let mut s = select(sql);
        merge_derived_tables(&mut s, &stored).then(|| s.to_string())
    }

    #[test]
    fn a_star_over_one_stored_table_is_merged_with_its_where() {
        assert_eq!(
            merged("SELECT COUNT(*) FROM (SELECT * FROM shop.page_views) d").as_deref(),
            Some("SELECT COUNT(*) FROM shop.page_views AS d")
        );
        assert_eq!(
            merged("SELECT d.id FROM (SELECT * FROM page_views p WHERE p.id < 5 AND referrer IS NULL) AS d WHERE d.id > 1")
                .as_deref(),
            Some("SELECT d.id FROM shop.page_views AS d WHERE d.id > 1 AND (d.id < 5 AND d.referrer IS NULL)")
        );
    }

    #[test]
    fn a_left_joined_derived_table_filters_in_on() {
        assert_eq!(
            merged(
                "SELECT 1 FROM t LEFT JOIN (SELECT * FROM page_views WHERE id = 1) v ON v.id = t.a"
            )
            .as_deref(),
            Some("SELECT 1 FROM t LEFT JOIN shop.page_views AS v ON v.id = t.a AND (v.id = 1)")
        );
    }

    #[test]
    fn anything_else_is_materialised() {
        for sql in [
            "SELECT * FROM (SELECT id FROM page_views) d",
            "SELECT * FROM (SELECT * FROM page_views LIMIT 3) d",
            "SELECT * FROM (SELECT DISTINCT * FROM page_views) d",
            "SELECT * FROM (SELECT * FROM page_views ORDER BY id) d",
            "SELECT * FROM (SELECT * FROM page_views) d (a, b)",
            "SELECT * FROM (SELECT * FROM views_of_something) d",
            "SELECT * FROM (SELECT * FROM page_views WHERE id IN (SELECT 1)) d",
            "SELECT * FROM (SELECT * FROM page_views WHERE id = @x) d",
            "SELECT * FROM (SELECT * FROM page_views WHERE other.id = 1) d",
            "SELECT * FROM (SELECT * FROM page_views UNION SELECT * FROM page_views) d",
            "SELECT * FROM (SELECT * FROM page_views a JOIN page_views b ON a.id = b.id) d",
        ] {
            assert_eq!(merged(sql), None, "{sql}");
        }
    }
}
