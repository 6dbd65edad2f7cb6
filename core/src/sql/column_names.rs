//! The names of a derived table's, a CTE's or a view's columns must be unique: MySQL
//! compares them as it compares column names (case-insensitively) when it resolves the
//! table, whether the table is then merged or materialised, and refuses a repeat with
//! ERROR 1060 (ER_DUP_FIELDNAME). Its check (sql_view.cc, check_duplicate_names) takes each
//! name in turn and looks for it among those after it: the error names the earliest name
//! that is repeated, as that name was written. UNCONFIRMED for a column list `(a, b, b, a)`:
//! the same rule is applied to it.
//!
//! MySQL checks when it prepares the statement, before any row is read; [`known_names`] gives
//! a query's column names from its text and the catalog, without running it, so the check
//! can come first (no table read, no status counter moved) wherever the names are known so.

use crate::error::{MySqlError, Result};
use crate::sql::execution::Meta;
use crate::storage::catalog::Catalog;
use sqlparser::ast::{
    JoinConstraint, JoinOperator, ObjectName, Query, SelectItem, SelectItemQualifiedWildcardKind,
    SetExpr, TableFactor,
};

/// ERROR 1060 naming the earliest name that a later one repeats (compared
/// case-insensitively, as MySQL compares column names); Ok when all differ.
pub fn check_unique<S: AsRef<str>>(names: &[S]) -> Result<()> {
    for (i, name) in names.iter().enumerate() {
        let name = name.as_ref();
        if names[i + 1..].iter().any(|n| n.as_ref().eq_ignore_ascii_case(name)) {
            return Err(MySqlError::duplicate_column(name));
        }
    }
    Ok(())
}

/// [`check_unique`] of the columns a derived table, CTE or view gives its reader.
pub fn check_unique_columns(meta: &[Meta]) -> Result<()> {
    let names: Vec<&str> = meta.iter().map(|m| m.name.as_str()).collect();
    check_unique(&names)
}

/// Where [`known_names`] looks a table name up: the catalog, the database an unqualified name
/// is in, and which unqualified names are common table expressions in scope (hiding a stored
/// table of the same name; their columns are not known here).
pub struct NameScope<'a> {
    pub catalog: &'a Catalog,
    pub db: Option<&'a str>,
    pub is_cte: &'a dyn Fn(&str) -> bool,
}

/// How deep [`known_names`] follows derived tables inside derived tables before it gives up
/// (the check then waits for the query to run).
const NESTING_MAX: u32 = 16;

/// The names of the columns `q` gives, as its result would name them, known from its text
/// (`sql`, which unaliased items are named from) and the catalog alone; None when they are not
/// known so: a WITH clause, a CTE, a view without a column list, a table of a system schema
/// the catalog does not hold, a USING / NATURAL join or a parenthesised join under `*`, a
/// select list item of another kind. The caller then checks the names once the query has run
/// (simplification: later than MySQL does).
pub fn known_names(q: &Query, sql: &str, scope: &NameScope) -> Option<Vec<String>> {
    query_names(q, sql, scope, 0)
}

fn query_names(q: &Query, sql: &str, scope: &NameScope, depth: u32) -> Option<Vec<String>> {
    if q.with.is_some() || depth > NESTING_MAX {
        return None;
    }
    let mut body = q.body.as_ref();
    loop {
        match body {
            // A set operation's columns are named by its first block.
            SetExpr::SetOperation { left, .. } => body = left.as_ref(),
            SetExpr::Query(inner) => return query_names(inner, sql, scope, depth + 1),
            SetExpr::Select(sel) => break select_names(sel, sql, scope, depth),
            _ => return None,
        }
    }
}

fn select_names(
    sel: &sqlparser::ast::Select,
    sql: &str,
    scope: &NameScope,
    depth: u32,
) -> Option<Vec<String>> {
    let mut names = Vec::new();
    for item in &sel.projection {
        match item {
            SelectItem::ExprWithAlias { alias, .. } => names.push(alias.value.clone()),
            SelectItem::UnnamedExpr(e) => {
                names.push(crate::sql::parser::column_name::source_name(e, sql));
            }
            SelectItem::Wildcard(_) => {
                for twj in &sel.from {
                    if twj.joins.iter().any(|j| !plain_join(&j.join_operator)) {
                        return None;
                    }
                    let factors =
                        std::iter::once(&twj.relation).chain(twj.joins.iter().map(|j| &j.relation));
                    for factor in factors {
                        names.extend(factor_names(factor, sql, scope, depth)?);
                    }
                }
            }
            SelectItem::QualifiedWildcard(SelectItemQualifiedWildcardKind::ObjectName(q), _) => {
                let wanted = q.0.last().map(|p| p.to_string().trim_matches('`').to_string())?;
                let factor = sel
                    .from
                    .iter()
                    .flat_map(|t| {
                        std::iter::once(&t.relation).chain(t.joins.iter().map(|j| &j.relation))
                    })
                    .find(|f| factor_alias(f).is_some_and(|a| a.eq_ignore_ascii_case(&wanted)))?;
                names.extend(factor_names(factor, sql, scope, depth)?);
            }
            _ => return None,
        }
    }
    Some(names)
}

/// A join whose `*` shows every column of both sides (no USING or NATURAL).
fn plain_join(op: &JoinOperator) -> bool {
    let constraint = match op {
        JoinOperator::Join(c)
        | JoinOperator::Inner(c)
        | JoinOperator::Left(c)
        | JoinOperator::LeftOuter(c)
        | JoinOperator::Right(c)
        | JoinOperator::RightOuter(c)
        | JoinOperator::CrossJoin(c)
        | JoinOperator::StraightJoin(c) => c,
        _ => return false,
    };
    matches!(constraint, JoinConstraint::On(_) | JoinConstraint::None)
}

/// The name a FROM item's columns are qualified with.
fn factor_alias(f: &TableFactor) -> Option<String> {
    match f {
        TableFactor::Table { name, alias, .. } => match alias {
            Some(a) => Some(a.name.value.clone()),
            None => last_part(name),
        },
        TableFactor::Derived { alias: Some(a), .. } => Some(a.name.value.clone()),
        _ => None,
    }
}

fn last_part(name: &ObjectName) -> Option<String> {
    name.0.last().map(|p| p.to_string().trim_matches('`').to_string())
}

/// The columns `*` shows of one FROM item, when known from the catalog or its text.
fn factor_names(f: &TableFactor, sql: &str, scope: &NameScope, depth: u32) -> Option<Vec<String>> {
    match f {
        TableFactor::Table { name, args: None, .. } => {
            let parts: Vec<String> =
                name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
            let (db, table) = match parts.as_slice() {
                [t] if (scope.is_cte)(t) => return None,
                [t] => (scope.db?.to_string(), t.clone()),
                [d, t] => (d.clone(), t.clone()),
                _ => return None,
            };
            if let Some(t) = scope.catalog.table(&db, &table) {
                return Some(t.def.visible_columns().map(|(_, c)| c.name.clone()).collect());
            }
            let view = scope.catalog.view(&db, &table)?;
            (!view.columns.is_empty()).then(|| view.columns.clone())
        }
        TableFactor::Derived { subquery, alias: Some(alias), .. } => {
            if !alias.columns.is_empty() {
                return Some(alias.columns.iter().map(|c| c.name.value.clone()).collect());
            }
            query_names(subquery, sql, scope, depth + 1)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::check_unique;

    #[test]
    fn a_repeat_is_1060_naming_the_earliest_repeated_name() {
        assert!(check_unique(&["id", "name"]).is_ok());
        let e = check_unique(&["Id", "name", "ID"]).unwrap_err();
        assert_eq!((e.code, e.message.as_str()), (1060, "Duplicate column name 'Id'"));
        let e = check_unique(&["a", "b", "b", "a"]).unwrap_err();
        assert_eq!(e.message, "Duplicate column name 'a'");
    }
}
