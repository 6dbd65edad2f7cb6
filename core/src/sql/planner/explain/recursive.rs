//! EXPLAIN of a recursive common table expression (`WITH RECURSIVE r AS (SELECT ... UNION
//! ALL SELECT ... FROM r ...)`): MySQL materialises it as a derived table read as
//! `<derivedN>`; its non-recursive SELECTs are `DERIVED` / `UNION` rows as for any set
//! operation (`derived_set.rs`), and in each recursive SELECT the reference to the CTE is
//! a table named as the reference is (`r`), type ALL, Extra `Recursive` first (FORMAT=JSON
//! `"recursive": true`), read by no `<derivedN>` of its own. The manual's "EXPLAIN Extra
//! Information" (Recursive) example and published 8.0 plans show it so:
//! `1 PRIMARY <derived2> ALL rows 3`, `2 DERIVED NULL No tables used`,
//! `3 UNION cte ALL rows 2 filtered 50.00 Recursive; Using where`, no UNION RESULT row.
//!
//! The estimates: the recursive reference's rows are 2 in every published plan (MySQL's
//! fixed guess for a table being filled), and the CTE's rows the non-recursive SELECTs'
//! estimates plus 2 for each recursive one (UNCONFIRMED beyond the published plans, whose
//! one-row anchors give 3). UNCONFIRMED: a recursive CTE combined with UNION DISTINCT is
//! taken to have no UNION RESULT row either (its rows are de-duplicated in the CTE's own
//! table); FORMAT=JSON writes the reference's `materialized_from_subquery` as a later
//! reference to a CTE is written (`sharing_temporary_table_with` the CTE's first block), as
//! it reads the same table. The recursive reference's `filtered` is the planner's
//! heuristic (33.33 for `n < 5`, where one published plan shows 50.00: the difference is
//! unexplained). FORMAT=TREE: `Materialize recursive CTE r` over the anchors' trees and each
//! recursive SELECT under `Repeat until convergence`, whose read of the CTE is `Scan new
//! records on r` (explain_access_path.cc's names; published 8.0 plans).

use super::json::Json;
use super::DerivedText;
use super::{Kind, Source};
use crate::sql::Value;
use sqlparser::ast::{Query, SetExpr, TableFactor, TableWithJoins};

/// EXPLAIN FORMAT=TREE's heading over each recursive SELECT under `Materialize recursive
/// CTE r` (MySQL's explain_access_path.cc heads a recursive reference's block so).
pub const CONVERGENCE: &str = "Repeat until convergence";

/// EXPLAIN FORMAT=TREE's name for a recursive SELECT's read of the rows the last iteration
/// added (MySQL's FollowTailIterator).
pub(super) fn scan_label(alias: &str) -> String {
    format!("Scan new records on {alias}")
}

/// Whether `s` is a recursive SELECT's reference to its CTE (named as the reference, not
/// `<derivedN>`).
pub(super) fn is_reference(s: &Source) -> bool {
    matches!(s.kind, Kind::Derived { text: DerivedText::Cte(_), .. }) && !s.table.starts_with('<')
}

/// The rows MySQL estimates for a recursive reference.
pub(super) const RECURSIVE_REFERENCE_ROWS: u64 = 2;

/// Deepest nesting of query expressions looked through.
const DEPTH_MAX: u32 = 64;

/// Whether `query` reads the CTE `name` in a FROM clause (of its own blocks, derived tables
/// or joins): the CTE is recursive.
pub(super) fn reads_itself(query: &Query, name: &str) -> bool {
    body_reads(&query.body, name, 0)
}

/// Whether a set operation's operand reads the CTE `name`.
pub(super) fn body_reads(body: &SetExpr, name: &str, depth: u32) -> bool {
    if depth > DEPTH_MAX {
        return false;
    }
    match body {
        SetExpr::Select(sel) => sel.from.iter().any(|twj| from_reads(twj, name, depth + 1)),
        SetExpr::SetOperation { left, right, .. } => {
            body_reads(left, name, depth + 1) || body_reads(right, name, depth + 1)
        }
        SetExpr::Query(q) => body_reads(&q.body, name, depth + 1),
        _ => false,
    }
}

fn from_reads(twj: &TableWithJoins, name: &str, depth: u32) -> bool {
    factor_reads(&twj.relation, name, depth)
        || twj.joins.iter().any(|j| factor_reads(&j.relation, name, depth))
}

fn factor_reads(f: &TableFactor, name: &str, depth: u32) -> bool {
    if depth > DEPTH_MAX {
        return false;
    }
    match f {
        TableFactor::Table { name: n, .. } => {
            matches!(n.0.as_slice(), [only] if only.to_string().trim_matches('`') == name)
        }
        TableFactor::Derived { subquery, .. } => body_reads(&subquery.body, name, depth + 1),
        TableFactor::NestedJoin { table_with_joins, .. } => {
            from_reads(table_with_joins, name, depth + 1)
        }
        _ => false,
    }
}

/// While a recursive CTE's recursive SELECTs are explained: what a reference to it reads.
#[derive(Clone)]
pub(super) struct Recursing {
    /// The CTE's select number.
    pub number: u32,
    /// Its columns.
    pub columns: Vec<String>,
    /// The names its references were read as (their rows are marked Recursive).
    pub aliases: Vec<String>,
}

/// The source a recursive SELECT reads for its reference to the CTE `cte_name` (as
/// `alias`): the table being filled, named as the reference is.
pub(super) fn reference(alias: &str, cte_name: &str, r: &Recursing, offset: u32) -> Source {
    Source {
        alias: alias.to_string(),
        db: String::new(),
        table: alias.to_string(),
        kind: Kind::Derived {
            rows: RECURSIVE_REFERENCE_ROWS,
            plan: None,
            text: DerivedText::Cte(cte_name.to_string()),
            number: r.number,
            json: None,
        },
        columns: r.columns.clone(),
        offset,
        outer: false,
        on: None,
        hints: Default::default(),
        after: Vec::new(),
        lateral: false,
        nest: 0,
        hidden: Vec::new(),
    }
}

/// Marks a recursive SELECT's rows that read the CTE (`aliases`): Extra `Recursive` first.
pub(super) fn mark_rows(rows: &mut [Vec<Value>], aliases: &[String]) {
    for row in rows.iter_mut() {
        let reads = matches!(row.get(2), Some(Value::Str(t)) if aliases.contains(t));
        if !reads || row.len() < 12 {
            continue;
        }
        row[11] = match &row[11] {
            Value::Str(extra) => Value::Str(format!("Recursive; {extra}")),
            _ => Value::Str("Recursive".into()),
        };
    }
}

/// Marks a recursive SELECT's table objects that read the CTE: `"recursive": true` after
/// `filtered`, where the traditional Extra's first item goes.
pub(super) fn mark_json(doc: &mut Json, aliases: &[String]) {
    match doc {
        Json::Object(fields) => {
            let reads = fields.iter().any(|(k, v)| {
                *k == "table_name" && matches!(v, Json::Str(n) if aliases.contains(n))
            });
            if reads {
                let at = fields
                    .iter()
                    .position(|(k, _)| *k == "filtered")
                    .map_or(fields.len(), |i| i + 1);
                fields.insert(at, ("recursive", Json::Bool(true)));
            }
            for (_, v) in fields.iter_mut() {
                mark_json(v, aliases);
            }
        }
        Json::Array(items) => items.iter_mut().for_each(|v| mark_json(v, aliases)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::parser::{parse, Statement};

    fn cte_query(sql: &str) -> Query {
        let Ok(Statement::Select(q)) = parse(sql) else { panic!("not a SELECT") };
        let Some(with) = &q.with else { panic!("no WITH") };
        (*with.cte_tables[0].query).clone()
    }

    #[test]
    fn a_cte_reading_itself_is_recursive() {
        let q = cte_query(
            "WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) \
             SELECT * FROM r",
        );
        assert!(reads_itself(&q, "r"));
        let q = cte_query("WITH RECURSIVE r AS (SELECT 1 AS n) SELECT * FROM r");
        assert!(!reads_itself(&q, "r"));
    }

    #[test]
    fn the_reference_row_says_recursive_first() {
        let mut rows = vec![vec![Value::Null; 12]];
        rows[0][2] = Value::Str("r".into());
        rows[0][11] = Value::Str("Using where".into());
        mark_rows(&mut rows, &["r".to_string()]);
        assert_eq!(rows[0][11], Value::Str("Recursive; Using where".into()));
    }
}
