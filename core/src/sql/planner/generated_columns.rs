//! The optimizer's use of indexes on generated columns (the manual's "Optimizer Use of
//! Generated Column Indexes"; sql_optimizer.cc's `substitute_gc`): where a query's WHERE
//! compares an expression that is, token for token, the definition of an indexed generated
//! column of a table it reads, the expression is replaced by that column, so the range and
//! ref access paths see an indexed column. `SELECT * FROM t1 WHERE f1 + 1 > 9` over
//! `gc INT AS (f1 + 1), INDEX (gc)` is planned and explained as `WHERE gc > 9` (EXPLAIN's
//! key `gc`, Note 1003's `(`test`.`t1`.`gc` > 9)`). GROUP BY items, or else ORDER BY items,
//! that match are replaced too, so an index can give the order.
//!
//! MySQL's rules, kept here: only comparisons `=`, `<`, `<=`, `>`, `>=` (either side),
//! `BETWEEN` and `IN (...)` (their first operand) under AND / OR are looked at; the other
//! operands must be constants, of the generated column's result type (an INT column's
//! `f1 + 1` is not matched against `9.1` or `'9'`); the definition must be an expression, not
//! a bare column; the column must be part of a visible index; the match is exact (`1 + f1`
//! does not match `f1 + 1`).
//!
//! Simplifications: expressions are compared by the text MySQL keeps for a definition
//! (`expr_text.rs`), with column names matched without regard to case; a `?` placeholder
//! counts as a constant of any type (MySQL knows its type when the statement runs); an
//! outer query's column does not count as a constant (MySQL's does); tables inside a
//! parenthesised join are not looked at; a single-table UPDATE or DELETE has its WHERE
//! substituted ([`substitute_single`]), not its ORDER BY.

use crate::sql::expr_text::mysql_text;
use crate::storage::catalog::Catalog;
use crate::storage::schema::{ColumnType, TableDef};
use sqlparser::ast::{
    BinaryOperator, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, GroupByExpr, Ident,
    InTarget, ObjectNamePart, OrderBy, OrderByKind, Select, TableFactor, UnaryOperator, Value,
};

/// The deepest expression the walks look into (the parser bounds nesting already).
const DEPTH_MAX: u32 = 64;

/// The result type of a generated column or of a constant, as MySQL's `Item_result` sorts
/// them: values compare the same way only within one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ResultType {
    Int,
    Decimal,
    Real,
    /// Character strings, and the temporal types (whose fields MySQL types as strings).
    Str,
    /// JSON: never matched against a constant here (MySQL's JSON comparisons differ).
    Json,
}

fn result_type_of(ty: &ColumnType) -> ResultType {
    use ColumnType as T;
    match ty {
        T::TinyInt | T::SmallInt | T::MediumInt | T::Int | T::BigInt => ResultType::Int,
        T::Decimal { .. } => ResultType::Decimal,
        T::Float | T::Double => ResultType::Real,
        T::Json => ResultType::Json,
        _ => ResultType::Str,
    }
}

/// The result type of a constant operand, `None` if it is not one. A placeholder fits any.
fn constant_type(e: &Expr) -> Option<Option<ResultType>> {
    match e {
        Expr::Nested(inner) => constant_type(inner),
        Expr::UnaryOp { op: UnaryOperator::Minus | UnaryOperator::Plus, expr } => {
            match expr.as_ref() {
                Expr::Value(_) => constant_type(expr),
                _ => None,
            }
        }
        Expr::Value(v) => match &v.value {
            Value::Placeholder(_) => Some(None),
            Value::Number(n, _) => Some(Some(if n.contains(['e', 'E']) {
                ResultType::Real
            } else if n.contains('.') {
                ResultType::Decimal
            } else {
                ResultType::Int
            })),
            // A hex literal (`x'1234'`) is a binary string: STRING_RESULT, as a BINARY(16)
            // column of UUID_TO_BIN is (func_uuid.result's generated column uses its index).
            Value::SingleQuotedString(_)
            | Value::DoubleQuotedString(_)
            | Value::HexStringLiteral(_) => Some(Some(ResultType::Str)),
            _ => None,
        },
        _ => None,
    }
}

/// An indexed generated column a substitution may name.
struct Candidate {
    /// The name the query reads its table by (alias or table name).
    qualifier: String,
    column: String,
    /// The definition's text (`(`f1` + 1)`).
    definition: String,
    result: ResultType,
}

/// A table the query reads, with its definition.
struct Read<'a> {
    qualifier: String,
    def: &'a TableDef,
}

/// Replaces, in `sel`'s WHERE and in its GROUP BY (or else `order_by`), each expression that
/// matches an indexed generated column of a table it reads; `current_db` names unqualified
/// tables, `is_cte` says which unqualified names are common table expressions in scope (not
/// stored tables). Returns whether anything changed. Callers ask [`worth_trying`] first: the
/// common case then pays only that walk (no copy of the query, no catalog lookups).
pub fn substitute(
    sel: &mut Select,
    order_by: &mut Option<OrderBy>,
    catalog: &Catalog,
    current_db: Option<&str>,
    is_cte: &dyn Fn(&str) -> bool,
) -> bool {
    let grouped = is_grouped(sel);
    let reads = tables_read(sel, catalog, current_db, is_cte);
    let candidates = indexed_generated(&reads);
    if candidates.is_empty() {
        return false;
    }
    let mut changed = false;
    if let Some(w) = sel.selection.as_mut() {
        changed |= in_condition(w, &candidates, &reads, 0);
    }
    let mut replace_items = |items: &mut dyn Iterator<Item = &mut Expr>| {
        for e in items {
            if is_expression(e) {
                if let Some(c) = matching(e, None, &candidates, &reads) {
                    *e = column_ref(c);
                    changed = true;
                }
            }
        }
    };
    if grouped {
        if let GroupByExpr::Expressions(list, _) = &mut sel.group_by {
            replace_items(&mut list.iter_mut());
        }
    } else if let Some(OrderByKind::Expressions(list)) = order_by.as_mut().map(|o| &mut o.kind) {
        replace_items(&mut list.iter_mut().map(|o| &mut o.expr));
    }
    changed
}

/// Whether [`substitute`] could change anything: a WHERE comparison, or a GROUP BY (or else
/// ORDER BY) item, is an expression rather than a column or a value. Reads nothing else, so
/// a caller may skip copying a query it would not rewrite.
pub fn worth_trying(sel: &Select, order_by: Option<&OrderBy>) -> bool {
    if sel.selection.as_ref().is_some_and(|w| has_candidate(w, 0)) {
        return true;
    }
    if is_grouped(sel) {
        return matches!(&sel.group_by, GroupByExpr::Expressions(list, _)
            if list.iter().any(is_expression));
    }
    match order_by.map(|o| &o.kind) {
        Some(OrderByKind::Expressions(list)) => list.iter().any(|o| is_expression(&o.expr)),
        _ => false,
    }
}

fn is_grouped(sel: &Select) -> bool {
    matches!(&sel.group_by, GroupByExpr::Expressions(list, _) if !list.is_empty())
}

/// [`substitute`] for the WHERE of a single-table UPDATE or DELETE on the table `def`, read
/// as `qualifier` (MySQL's `substitute_gc` runs for them too): the condition to bind, if
/// anything was replaced.
pub fn substitute_single(where_: &Expr, def: &TableDef, qualifier: &str) -> Option<Expr> {
    if !has_candidate(where_, 0) {
        return None;
    }
    let reads = [Read { qualifier: qualifier.to_string(), def }];
    let candidates = indexed_generated(&reads);
    if candidates.is_empty() {
        return None;
    }
    let mut out = where_.clone();
    in_condition(&mut out, &candidates, &reads, 0).then_some(out)
}

/// An expression MySQL would try to match: a function or operator, not a column or value.
fn is_expression(e: &Expr) -> bool {
    match e {
        Expr::Nested(inner) => is_expression(inner),
        Expr::Identifier(_) | Expr::CompoundIdentifier(_) | Expr::Value(_) => false,
        _ => true,
    }
}

/// Whether a WHERE holds a comparison whose compared side is an expression.
fn has_candidate(e: &Expr, depth: u32) -> bool {
    if depth > DEPTH_MAX {
        return false;
    }
    match e {
        Expr::Nested(inner) => has_candidate(inner, depth + 1),
        Expr::BinaryOp { left, op: BinaryOperator::And | BinaryOperator::Or, right } => {
            has_candidate(left, depth + 1) || has_candidate(right, depth + 1)
        }
        Expr::BinaryOp { left, op, right } if comparison(op) => {
            is_expression(left) || is_expression(right)
        }
        Expr::Between { expr, .. } | Expr::In { expr, target: InTarget::List(_), .. } => {
            is_expression(expr)
        }
        _ => false,
    }
}

fn comparison(op: &BinaryOperator) -> bool {
    use BinaryOperator as B;
    matches!(op, B::Eq | B::Lt | B::LtEq | B::Gt | B::GtEq)
}

/// The stored tables of FROM (not those inside a parenthesised join), by the name the query
/// reads each by.
fn tables_read<'a>(
    sel: &Select,
    catalog: &'a Catalog,
    current_db: Option<&str>,
    is_cte: &dyn Fn(&str) -> bool,
) -> Vec<Read<'a>> {
    let factors = sel.from.iter().flat_map(|twj| {
        std::iter::once(&twj.relation).chain(twj.joins.iter().map(|j| &j.relation))
    });
    let mut out = Vec::new();
    for factor in factors {
        let TableFactor::Table { name, alias, args: None, .. } = factor else { continue };
        let parts: Vec<&str> = name
            .0
            .iter()
            .filter_map(|p| match p {
                ObjectNamePart::Identifier(i) => Some(i.value.as_str()),
                _ => None,
            })
            .collect();
        let (db, table) = match parts.as_slice() {
            [t] if !is_cte(t) => match current_db {
                Some(db) => (db, *t),
                None => continue,
            },
            [d, t] => (*d, *t),
            _ => continue,
        };
        let Some(found) = catalog.table(db, table) else { continue };
        let qualifier = alias.as_ref().map_or(table, |a| a.name.value.as_str()).to_string();
        out.push(Read { qualifier, def: &found.def });
    }
    out
}

/// The generated columns of `reads` that are part of a visible index and defined by an
/// expression.
fn indexed_generated(reads: &[Read<'_>]) -> Vec<Candidate> {
    let mut out = Vec::new();
    for r in reads {
        for (at, c) in r.def.columns.iter().enumerate() {
            let Some(g) = &c.generated else { continue };
            let indexed =
                r.def.indexes.iter().any(|i| i.visible && i.columns.contains(&(at as u32)));
            // `gc INT AS (f1)` is a bare column: MySQL does not substitute it.
            let inner = g.expr.trim_start_matches('(').trim_end_matches(')');
            let bare =
                inner.starts_with('`') && inner.ends_with('`') && inner.matches('`').count() == 2;
            if indexed && !bare {
                out.push(Candidate {
                    qualifier: r.qualifier.clone(),
                    column: c.name.clone(),
                    definition: g.expr.clone(),
                    result: result_type_of(&c.ty),
                });
            }
        }
    }
    out
}

/// Substitutes in a WHERE's AND / OR tree of comparisons.
fn in_condition(e: &mut Expr, candidates: &[Candidate], reads: &[Read<'_>], depth: u32) -> bool {
    if depth > DEPTH_MAX {
        return false;
    }
    match e {
        Expr::Nested(inner) => in_condition(inner, candidates, reads, depth + 1),
        Expr::BinaryOp { left, op: BinaryOperator::And | BinaryOperator::Or, right } => {
            let l = in_condition(left, candidates, reads, depth + 1);
            let r = in_condition(right, candidates, reads, depth + 1);
            l || r
        }
        Expr::BinaryOp { left, op, right } if comparison(op) => {
            // `<expr> op <constant>`, or the constant first.
            let found = |side: &Expr, other: &Expr| {
                let value = constant_type(other)?;
                is_expression(side).then(|| matching(side, Some(&[value]), candidates, reads))?
            };
            if let Some(c) = found(left, right) {
                **left = column_ref(c);
                return true;
            }
            if let Some(c) = found(right, left) {
                **right = column_ref(c);
                return true;
            }
            false
        }
        Expr::Between { expr, low, high, .. } => {
            let (Some(l), Some(h)) = (constant_type(low), constant_type(high)) else {
                return false;
            };
            substitute_first(expr, &[l, h], candidates, reads)
        }
        Expr::In { expr, target: InTarget::List(list), .. } => {
            let Some(values) = list.iter().map(constant_type).collect::<Option<Vec<_>>>() else {
                return false;
            };
            substitute_first(expr, &values, candidates, reads)
        }
        _ => false,
    }
}

/// BETWEEN's and IN's first operand, replaced when it matches.
fn substitute_first(
    expr: &mut Expr,
    values: &[Option<ResultType>],
    candidates: &[Candidate],
    reads: &[Read<'_>],
) -> bool {
    if !is_expression(expr) {
        return false;
    }
    match matching(expr, Some(values), candidates, reads) {
        Some(c) => {
            *expr = column_ref(c);
            true
        }
        None => false,
    }
}

/// The candidate `e` is the definition of, whose result type every value in `values` has
/// (`None`: an ORDER BY or GROUP BY item, compared with nothing).
fn matching<'c>(
    e: &Expr,
    values: Option<&[Option<ResultType>]>,
    candidates: &'c [Candidate],
    reads: &[Read<'_>],
) -> Option<&'c Candidate> {
    let mut names = Vec::new();
    if !columns_in(e, &mut names, 0) {
        return None;
    }
    let text = mysql_text(e);
    candidates.iter().find(|c| {
        let types_fit = values.is_none_or(|vs| vs.iter().all(|v| v.is_none_or(|t| t == c.result)))
            && c.result != ResultType::Json;
        types_fit
            && same_text(&text, &c.definition)
            && names.iter().all(|(q, col)| reads_column(reads, c, q.as_deref(), col))
    })
}

/// Whether the column named `col` (qualified by `q`) is the candidate's table's.
fn reads_column(reads: &[Read<'_>], c: &Candidate, q: Option<&str>, col: &str) -> bool {
    let has = |r: &Read<'_>| r.def.columns.iter().any(|d| d.name.eq_ignore_ascii_case(col));
    match q {
        Some(q) => q == c.qualifier,
        // Unqualified: the candidate's table has it and no other table read does.
        None => {
            reads.iter().filter(|r| has(r)).map(|r| r.qualifier.as_str()).eq([c.qualifier.as_str()])
        }
    }
}

/// Definitions compare as MySQL's `Item::eq` would on the same columns: the text exactly,
/// but column names (between backticks) without regard to case.
fn same_text(a: &str, b: &str) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut quoted = false;
    a.chars().zip(b.chars()).all(|(x, y)| {
        if x == '`' {
            quoted = !quoted;
        }
        if quoted {
            x.eq_ignore_ascii_case(&y)
        } else {
            x == y
        }
    })
}

/// The columns `e` reads, qualified or not, if every part of it is one `expr_text` prints as
/// MySQL does (else no match is tried).
fn columns_in(e: &Expr, out: &mut Vec<(Option<String>, String)>, depth: u32) -> bool {
    if depth > DEPTH_MAX || out.len() > 64 {
        return false;
    }
    let d = depth + 1;
    match e {
        Expr::Identifier(i) => {
            out.push((None, i.value.clone()));
            true
        }
        Expr::CompoundIdentifier(parts) => match parts.as_slice() {
            [.., q, c] => {
                out.push((Some(q.value.clone()), c.value.clone()));
                true
            }
            _ => false,
        },
        Expr::Value(_) => true,
        Expr::Nested(inner) => columns_in(inner, out, d),
        Expr::BinaryOp { left, right, .. } => columns_in(left, out, d) && columns_in(right, out, d),
        Expr::UnaryOp { expr, .. } | Expr::IsNull(expr) | Expr::IsNotNull(expr) => {
            columns_in(expr, out, d)
        }
        Expr::Function(f) => {
            if f.over.is_some() || f.filter.is_some() {
                return false;
            }
            match &f.args {
                FunctionArguments::None => true,
                FunctionArguments::List(list) => {
                    list.duplicate_treatment.is_none()
                        && list.clauses.is_empty()
                        && list.args.iter().all(|a| match a {
                            FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => columns_in(x, out, d),
                            _ => false,
                        })
                }
                FunctionArguments::Subquery(_) => false,
            }
        }
        _ => false,
    }
}

/// The generated column, qualified by the name its table is read by.
fn column_ref(c: &Candidate) -> Expr {
    Expr::CompoundIdentifier(vec![Ident::new(&c.qualifier), Ident::new(&c.column)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_match_with_column_names_in_any_case() {
        assert!(same_text("(`F1` + 1)", "(`f1` + 1)"));
        assert!(!same_text("(`f1` + 1)", "(1 + `f1`)"));
        assert!(!same_text("lower(_utf8mb4'A')", "lower(_utf8mb4'a')"));
    }

    #[test]
    fn constants_have_mysqls_result_types() {
        let num = |s: &str| Expr::value(Value::Number(s.into(), false));
        assert_eq!(constant_type(&num("9")), Some(Some(ResultType::Int)));
        assert_eq!(constant_type(&num("9.1")), Some(Some(ResultType::Decimal)));
        assert_eq!(constant_type(&num("9e0")), Some(Some(ResultType::Real)));
        let s = Expr::value(Value::SingleQuotedString("9".into()));
        assert_eq!(constant_type(&s), Some(Some(ResultType::Str)));
        assert_eq!(constant_type(&Expr::value(Value::Placeholder("?".into()))), Some(None));
        assert_eq!(constant_type(&Expr::Identifier(Ident::new("a"))), None);
    }
}
