//! EXPLAIN of a derived table, view or CTE whose query is a set operation (`(SELECT a FROM t
//! UNION SELECT b FROM u) AS d`): MySQL materialises it, so the outer query reads
//! `<derivedN>`, its first SELECT is `DERIVED` (block N), each other one `UNION` (or
//! `INTERSECT` / `EXCEPT`) with the next numbers, and the temporary table that
//! de-duplicates them is a `UNION RESULT` row on `<unionN,N+1,...>` with `Using temporary`.
//! A UNION ALL streams its blocks into the derived table: no result row (MySQL 8.0.19+;
//! the manual's "EXPLAIN Output Format", select_type UNION / UNION RESULT). FORMAT=TREE
//! draws the blocks under `Union materialize with deduplication` (`Union all materialize`
//! for UNION ALL) below the derived table's scan.
//!
//! FORMAT=JSON writes the result as a top-level set operation's (`union_result` with its
//! `query_specifications`) in the derived table's `materialized_from_subquery`.
//!
//! A mixed or parenthesised chain, or an ORDER BY or LIMIT on the whole, is
//! `derived_set_nested.rs`'s (traditional format only). Simplification: FORMAT=TREE of a
//! non-recursive CTE of a set operation answers 1235.

use super::derived::{Blocks, Materialised};
use super::json::Json;
use super::recursive::{self, Recursing, RECURSIVE_REFERENCE_ROWS};
use super::tree::{Node, Role};
use super::Explainer;
use crate::error::{MySqlError, Result};
use crate::sql::expr::EvalContext;
use crate::sql::Value;
use sqlparser::ast::{Query, SetExpr, SetOperator, SetQuantifier};

/// The most SELECTs of one chain explained (a statement is bounded anyway).
const OPERANDS_MAX: usize = 64;

/// A chain of one set operator: its operator and its SELECTs in order, each after the
/// first with whether it is combined DISTINCT.
struct Chain<'q> {
    op: SetOperator,
    operands: Vec<(bool, &'q SetExpr)>,
}

/// `body` as a chain of one operator over plain SELECTs (or VALUES), or `None`.
fn chain(body: &SetExpr) -> Option<Chain<'_>> {
    let mut operands = Vec::new();
    let mut at = body;
    let mut op_seen: Option<SetOperator> = None;
    loop {
        match at {
            SetExpr::SetOperation { left, op, set_quantifier, right } => {
                if op_seen.is_some_and(|o| o != *op) || operands.len() >= OPERANDS_MAX {
                    return None;
                }
                op_seen = Some(*op);
                if !matches!(right.as_ref(), SetExpr::Select(_) | SetExpr::Values(_)) {
                    return None;
                }
                let distinct = match set_quantifier {
                    SetQuantifier::All => false,
                    SetQuantifier::Distinct | SetQuantifier::None => true,
                    _ => return None,
                };
                operands.push((distinct, right.as_ref()));
                at = left;
            }
            // A VALUES operand is one block (`values.rs`).
            SetExpr::Select(_) | SetExpr::Values(_) => {
                operands.push((true, at));
                break;
            }
            _ => return None,
        }
    }
    operands.reverse();
    let op = op_seen?;
    if !matches!(op, SetOperator::Union | SetOperator::Intersect | SetOperator::Except) {
        return None;
    }
    Some(Chain { op, operands })
}

/// The operator's word, lower case (`union`).
fn word(op: SetOperator) -> &'static str {
    match op {
        SetOperator::Intersect => "intersect",
        SetOperator::Except => "except",
        _ => "union",
    }
}

impl Explainer<'_> {
    /// [`Explainer::materialise`] of a query whose body is a set operation.
    pub(super) fn materialise_set(
        &mut self,
        query: &Query,
        declared: &[String],
        current_db: Option<&str>,
        cx: &mut dyn EvalContext,
        blocks: &mut Blocks,
        recursive_cte: Option<usize>,
    ) -> Result<Materialised> {
        let unsupported = || {
            MySqlError::not_supported_yet(
                "EXPLAIN of this set operation in a derived table, view or CTE",
            )
        };
        let flat = chain(&query.body)
            .filter(|_| query.order_by.is_none() && query.limit_clause.is_none())
            .filter(|_| query.with.is_none());
        let Some(chain) = flat else {
            if recursive_cte.is_some() {
                return Err(unsupported());
            }
            // Mixed operators, nested terms, ORDER BY / LIMIT on the whole.
            return self.materialise_set_nested(query, declared, current_db, cx, blocks);
        };
        // A recursive CTE: a UNION of its non-recursive SELECTs, then its recursive ones
        // (the executor's checks, server/query/cte.rs: 3573, 3574).
        if let Some(at) = recursive_cte {
            let name = blocks.ctes[at].name.clone();
            if chain.op != SetOperator::Union {
                return Err(MySqlError::cte_recursive_requires_union(&name));
            }
            let reads: Vec<bool> =
                chain.operands.iter().map(|(_, o)| recursive::body_reads(o, &name, 0)).collect();
            let first = reads.iter().position(|r| *r).unwrap_or(reads.len());
            if first == 0 || reads[first..].iter().any(|r| !r) {
                return Err(MySqlError::cte_recursive_requires_nonrecursive_first(&name));
            }
        }
        let word = word(chain.op);
        let sql = blocks.sql.clone();
        let mut numbers: Vec<u32> = Vec::new();
        let mut note = String::new();
        let mut estimates: Vec<u64> = Vec::new();
        let mut columns: Vec<String> = Vec::new();
        let mut trees: Vec<Node> = Vec::new();
        let mut specs: Vec<Json> = Vec::new();
        let mut cost = 0.0;
        let mut last_rows_at = None;
        let mut recursive_members = 0u64;
        for (i, (distinct, operand)) in chain.operands.iter().enumerate() {
            let number = blocks.number()?;
            let leaf = Query { body: Box::new((*operand).clone()), ..query.clone() };
            // A recursive CTE's SELECT that reads the CTE reads the table being filled
            // (`recursive.rs`), numbered and named as the CTE's first block gives it.
            let reads_cte = recursive_cte
                .filter(|&at| i > 0 && recursive::body_reads(operand, &blocks.ctes[at].name, 0));
            if let Some(at) = reads_cte {
                let columns = if declared.is_empty() { columns.clone() } else { declared.to_vec() };
                let first = numbers.first().copied().unwrap_or(number);
                blocks.ctes[at].recursing =
                    Some(Recursing { number: first, columns, aliases: Vec::new() });
            }
            let explained = self.explain_block(&leaf, &sql, current_db, cx, blocks);
            let aliases = reads_cte
                .and_then(|at| blocks.ctes[at].recursing.take())
                .map(|r| r.aliases)
                .unwrap_or_default();
            let mut block = explained?;
            let select_type = if i == 0 { "DERIVED".to_string() } else { word.to_uppercase() };
            let mut rows = block.rows;
            for row in &mut rows {
                row[0] = Value::UInt(u64::from(number));
                row[1] = Value::Str(select_type.clone());
            }
            if reads_cte.is_some() {
                recursive_members += 1;
                recursive::mark_rows(&mut rows, &aliases);
                if let Some(body) = block.json.as_mut() {
                    for (_, v) in body.fields.iter_mut() {
                        recursive::mark_json(v, &aliases);
                    }
                }
            }
            last_rows_at = Some(blocks.derived.len());
            blocks.derived.push((number, rows));
            if i == 0 {
                columns = block.columns;
            } else {
                let all = if *distinct { "" } else { " all" };
                note.push_str(&format!(" {word}{all} "));
            }
            note.push_str(&block.note.replacen(
                "/* select#1 */",
                &format!("/* select#{number} */"),
                1,
            ));
            estimates.push(block.estimate);
            if let Some(body) = block.json {
                let mut fields = vec![("select_id", Json::UInt(u64::from(number)))];
                fields.extend(body.fields);
                specs.push(Json::Object(vec![
                    ("dependent", Json::Bool(false)),
                    ("cacheable", Json::Bool(true)),
                    ("query_block", Json::Object(fields)),
                ]));
            }
            if let Some(t) = block.tree {
                cost += t.first_estimate().map_or(0.0, |(c, _)| c);
                trees.push(t);
            }
            numbers.push(number);
        }
        let deduplicated =
            chain.operands.iter().skip(1).any(|(d, _)| *d) || chain.op != SetOperator::Union;
        // A recursive CTE de-duplicates in its own table: no result row (`recursive.rs`).
        if deduplicated && recursive_cte.is_none() {
            // The result row follows the last SELECT's rows.
            let listed: Vec<String> = numbers.iter().map(u32::to_string).collect();
            let mut result = vec![Value::Null; 12];
            result[1] = Value::Str(format!("{} RESULT", word.to_uppercase()));
            result[2] = Value::Str(format!("<{word}{}>", listed.join(",")));
            result[4] = Value::Str("ALL".into());
            result[11] = Value::Str("Using temporary".into());
            if let Some(at) = last_rows_at {
                blocks.derived[at].1.push(result);
            }
        }
        // UNCONFIRMED: the optimizer's estimate of the rows the blocks make together: their
        // sum for UNION, the smallest for INTERSECT, the first's for EXCEPT.
        let rows = match chain.op {
            _ if recursive_cte.is_some() => {
                let members = usize::try_from(recursive_members).unwrap_or(usize::MAX);
                let anchors = estimates.len().saturating_sub(members);
                let anchor_rows =
                    estimates[..anchors].iter().fold(0u64, |a, b| a.saturating_add(*b));
                anchor_rows.saturating_add(recursive_members * RECURSIVE_REFERENCE_ROWS)
            }
            SetOperator::Intersect => estimates.iter().copied().min().unwrap_or(1),
            SetOperator::Except => estimates.first().copied().unwrap_or(1),
            _ => estimates.iter().fold(0u64, |a, b| a.saturating_add(*b)),
        };
        let columns = if declared.is_empty() {
            columns
        } else if declared.len() == columns.len() {
            declared.to_vec()
        } else {
            return Err(MySqlError::derived_column_count());
        };
        let cte_name = recursive_cte.map(|at| blocks.ctes[at].name.clone());
        let tree = (self.tree && trees.len() == chain.operands.len()).then(|| {
            // UNCONFIRMED for INTERSECT and EXCEPT: named as UNION's are.
            let capital = format!("{}{}", word[..1].to_uppercase(), &word[1..]);
            let dedup = if deduplicated { " with deduplication" } else { "" };
            let label = match &cte_name {
                Some(name) => format!("Materialize recursive CTE {name}{dedup}"),
                None if deduplicated => format!("{capital} materialize{dedup}"),
                None => format!("{capital} all materialize"),
            };
            let written = cost + 0.1 * rows as f64;
            let mut node = Node::new(label, Some((written, rows as f64)));
            node.init_cost = Some(written);
            node.role = Role::Blocking;
            node.children = match recursive_cte {
                // Each recursive SELECT runs under the heading MySQL gives it (not an
                // iterator: no figures).
                Some(_) => {
                    let anchors = trees.len().saturating_sub(recursive_members as usize);
                    let mut children = trees;
                    let members = children.split_off(anchors);
                    children.extend(
                        members
                            .into_iter()
                            .map(|m| Node::new(recursive::CONVERGENCE, None).with(m)),
                    );
                    children
                }
                None => trees,
            };
            node
        });
        // FORMAT=JSON: the set operation's result in the derived table's `query_block`, as
        // a top-level one is written (server/query/explain_json.rs): its temporary table
        // (none for a UNION ALL) and each block's `query_block`.
        let json = (self.json && specs.len() == chain.operands.len()).then(|| {
            let mut fields = vec![("using_temporary_table", Json::Bool(deduplicated))];
            if deduplicated {
                let listed: Vec<String> = numbers.iter().map(u32::to_string).collect();
                fields.push(("table_name", Json::Str(format!("<{word}{}>", listed.join(",")))));
                fields.push(("access_type", Json::Str("ALL".into())));
            }
            fields.push(("query_specifications", Json::Array(specs)));
            let key = match chain.op {
                SetOperator::Intersect => "intersect_result",
                SetOperator::Except => "except_result",
                _ => "union_result",
            };
            Box::new(Json::Object(vec![(key, Json::Object(fields))]))
        });
        Ok(Materialised {
            number: numbers.first().copied().unwrap_or(0),
            rows,
            columns,
            note,
            tree,
            cost,
            json,
            set: true,
        })
    }
}
