//! Where EXPLAIN FORMAT=JSON writes a WHERE clause's subqueries: in `attached_subqueries`
//! of the table whose `attached_condition` holds the condition that calls them
//! (opt_explain_json.cc: `join_tab_ctx::add_where_subquery`, written by `format_where`
//! after the table's other members), or of the block's message object when it has no
//! tables.
//!
//! Which table that is: a correlated subquery's call is in the condition's text (as the
//! placeholder the Note's renderer writes, replaced by the subquery's own text once
//! numbered). An uncorrelated one has run before planning and its result is in place (the
//! executor's plan, `explain_subquery.rs`), so its condition is found by the outer columns
//! the WHERE conjunct that holds it reads: MySQL attaches a condition to the first table
//! of the join order after which all of them are read, and a condition of no column (a
//! constant one) to the first table. Simplification: a conjunct whose columns cannot be
//! matched to a table of the document is attached to the first table.

use super::explain_subquery::collect_subqueries;
use super::expr_children_mut;
use crate::sql::planner::explain::json::Json;
use sqlparser::ast::{BinaryOperator, Expr};

/// Most column references one conjunct's attachment looks at.
const REFERENCES_MAX: usize = 256;

/// A column reference of a WHERE conjunct: its qualifier (the table's alias, if written)
/// and its name.
pub(super) type ColumnRef = (Option<String>, String);

/// For each subquery of `selection` in the order [`collect_subqueries`] finds them, the
/// columns of the outer query that its top-level AND conjunct reads outside subqueries.
pub(super) fn where_subquery_refs(selection: &Expr) -> Vec<Vec<ColumnRef>> {
    let mut conjuncts = Vec::new();
    split_and(selection, &mut conjuncts);
    let mut out = Vec::new();
    for c in conjuncts {
        let mut found = Vec::new();
        collect_subqueries(&mut c.clone(), &mut found);
        if found.is_empty() {
            continue;
        }
        let mut refs = Vec::new();
        column_refs(c, &mut refs);
        for _ in 0..found.len() {
            out.push(refs.clone());
        }
    }
    out
}

fn split_and<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::BinaryOp { left, op: BinaryOperator::And, right } => {
            split_and(left, out);
            split_and(right, out);
        }
        Expr::Nested(inner) => split_and(inner, out),
        other => out.push(other),
    }
}

/// The column references of `e` outside its subqueries (their own columns are theirs).
fn column_refs(e: &Expr, out: &mut Vec<ColumnRef>) {
    if out.len() >= REFERENCES_MAX {
        return;
    }
    match e {
        Expr::Identifier(id) => out.push((None, id.value.clone())),
        Expr::CompoundIdentifier(parts) if parts.len() >= 2 => {
            let n = parts.len();
            out.push((Some(parts[n - 2].value.clone()), parts[n - 1].value.clone()));
        }
        Expr::Subquery(_) | Expr::Exists { .. } => {}
        other => {
            let mut copy = other.clone();
            let mut children: Vec<&mut Expr> = Vec::new();
            expr_children_mut(&mut copy, &mut children);
            for x in children {
                column_refs(x, out);
            }
        }
    }
}

/// One step from a JSON value to a member or an element.
#[derive(Clone, Copy)]
enum Step {
    Member(usize),
    Element(usize),
}

/// The operations a block's tables may be wrapped in (opt_explain_json.cc's sort and
/// window contexts).
const WRAPPERS: [&str; 5] = [
    "ordering_operation",
    "grouping_operation",
    "duplicates_removal",
    "windowing",
    "buffer_result",
];

/// The paths from a query block to its table objects (the objects holding `table_name`),
/// in join order.
fn table_paths(block: &Json) -> Vec<Vec<Step>> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    let mut at = block;
    while let Json::Object(fields) = at {
        if let Some(i) = fields.iter().position(|(k, _)| *k == "table") {
            path.push(Step::Member(i));
            out.push(path);
            return out;
        }
        if let Some(i) = fields.iter().position(|(k, _)| *k == "nested_loop") {
            path.push(Step::Member(i));
            if let Json::Array(items) = &fields[i].1 {
                for (n, item) in items.iter().enumerate() {
                    if let Json::Object(members) = item {
                        if let Some(t) = members.iter().position(|(k, _)| *k == "table") {
                            let mut p = path.clone();
                            p.push(Step::Element(n));
                            p.push(Step::Member(t));
                            out.push(p);
                        }
                    }
                }
            }
            return out;
        }
        let Some(i) = fields.iter().position(|(k, _)| WRAPPERS.contains(k)) else { break };
        path.push(Step::Member(i));
        at = &fields[i].1;
    }
    out
}

fn follow<'j>(mut at: &'j Json, path: &[Step]) -> Option<&'j Json> {
    for step in path {
        at = match (step, at) {
            (Step::Member(i), Json::Object(fields)) => &fields.get(*i)?.1,
            (Step::Element(i), Json::Array(items)) => items.get(*i)?,
            _ => return None,
        };
    }
    Some(at)
}

fn follow_mut<'j>(mut at: &'j mut Json, path: &[Step]) -> Option<&'j mut Json> {
    for step in path {
        at = match (step, at) {
            (Step::Member(i), Json::Object(fields)) => &mut fields.get_mut(*i)?.1,
            (Step::Element(i), Json::Array(items)) => items.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(at)
}

/// Where a WHERE subquery is found: by its call's placeholder in a table's condition
/// (correlated), or by the columns its conjunct reads (uncorrelated).
pub(super) enum WhereCall<'a> {
    Placeholder(&'a str),
    Columns(&'a [ColumnRef]),
}

/// Appends `entry` to the `attached_subqueries` of the table `call` is found at (see the
/// module comment); a block without tables gets the list after its message.
pub(super) fn attach_where_subquery(block: &mut Json, call: WhereCall, entry: Json) {
    let paths = table_paths(block);
    let tables: Vec<&Json> = paths.iter().filter_map(|p| follow(block, p)).collect();
    let chosen = match call {
        WhereCall::Placeholder(mark) => tables.iter().position(
            |t| matches!(t.member("attached_condition"), Some(Json::Str(s)) if s.contains(mark)),
        ),
        WhereCall::Columns(refs) => {
            let reads = |t: &Json, (qualifier, name): &ColumnRef| match qualifier {
                Some(q) => matches!(t.member("table_name"),
                    Some(Json::Str(n)) if n.eq_ignore_ascii_case(q)),
                None => match t.member("used_columns") {
                    Some(Json::Array(cols)) => cols
                        .iter()
                        .any(|c| matches!(c, Json::Str(s) if s.eq_ignore_ascii_case(name))),
                    _ => false,
                },
            };
            refs.iter().filter_map(|r| tables.iter().position(|t| reads(t, r))).max()
        }
    };
    let target = match chosen.or(if paths.is_empty() { None } else { Some(0) }) {
        Some(n) => follow_mut(block, &paths[n]),
        None => Some(block),
    };
    let Some(Json::Object(fields)) = target else { return };
    match fields.iter_mut().find(|(k, _)| *k == "attached_subqueries") {
        Some((_, Json::Array(items))) => items.push(entry),
        _ => fields.push(("attached_subqueries", Json::Array(vec![entry]))),
    }
}

/// Replaces `from` by `to` in every string of `doc` (a correlated subquery's placeholder by
/// its text once it is numbered).
pub(super) fn replace_in_strings(doc: &mut Json, from: &str, to: &str) {
    match doc {
        Json::Str(s) if s.contains(from) => *s = s.replace(from, to),
        Json::Object(fields) => {
            fields.iter_mut().for_each(|(_, v)| replace_in_strings(v, from, to))
        }
        Json::Array(items) => items.iter_mut().for_each(|v| replace_in_strings(v, from, to)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlparser::dialect::MySqlDialect;
    use sqlparser::parser::Parser;

    fn table(name: &str, cols: &[&str]) -> Json {
        Json::Object(vec![(
            "table",
            Json::Object(vec![
                ("table_name", Json::Str(name.into())),
                (
                    "used_columns",
                    Json::Array(cols.iter().map(|c| Json::Str(c.to_string())).collect()),
                ),
            ]),
        )])
    }

    fn where_of(sql: &str) -> Expr {
        let stmts = Parser::parse_sql(&MySqlDialect {}, sql).unwrap_or_default();
        let Some(sqlparser::ast::Statement::Query(q)) = stmts.into_iter().next() else {
            panic!("not a query")
        };
        let sqlparser::ast::SetExpr::Select(s) = *q.body else { panic!("not a select") };
        s.selection.unwrap_or_else(|| panic!("no where"))
    }

    #[test]
    fn a_conjunct_names_the_columns_outside_its_subqueries() {
        let w = where_of(
            "SELECT 1 FROM a, b WHERE a.x = 1 AND b.y > (SELECT MAX(z) FROM c WHERE c.q = 2) \
             AND EXISTS (SELECT 1 FROM d)",
        );
        let refs = where_subquery_refs(&w);
        assert_eq!(refs.len(), 2);
        assert_eq!(refs[0], vec![(Some("b".to_string()), "y".to_string())]);
        assert!(refs[1].is_empty());
    }

    #[test]
    fn the_subquery_goes_to_the_last_table_its_columns_need() {
        let mut block = Json::Object(vec![
            ("select_id", Json::UInt(1)),
            ("nested_loop", Json::Array(vec![table("c", &["id"]), table("o", &["id", "total"])])),
        ]);
        let refs = vec![(None, "total".to_string()), (Some("c".to_string()), "id".to_string())];
        attach_where_subquery(&mut block, WhereCall::Columns(&refs), Json::UInt(2));
        let text = block.pretty();
        let at = text.find("attached_subqueries").unwrap_or(0);
        assert!(at > text.find("\"o\"").unwrap_or(usize::MAX), "{text}");
    }

    #[test]
    fn a_constant_condition_goes_to_the_first_table() {
        let mut block = Json::Object(vec![("select_id", Json::UInt(1)), ("x", table("c", &[]))]);
        let Json::Object(fields) = &mut block else { unreachable!() };
        fields[1].0 = "ordering_operation";
        attach_where_subquery(&mut block, WhereCall::Columns(&[]), Json::UInt(2));
        let table = block.member("ordering_operation").and_then(|o| o.member("table"));
        assert!(table.is_some_and(|t| t.has_key("attached_subqueries")), "{}", block.pretty());
    }
}
