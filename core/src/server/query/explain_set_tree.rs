//! EXPLAIN FORMAT=TREE of a query expression with UNION, INTERSECT or EXCEPT: each block's
//! own tree (the planner's, as for a single SELECT) under the iterator that combines them,
//! as MySQL 8.4 prints it:
//!
//! ```text
//! -> Table scan on <union temporary>  (cost=2.27..4.49 rows=7)
//!     -> Union materialize with deduplication  (cost=1.9..1.9 rows=7)
//!         -> Table scan on emp  (cost=0.55 rows=3)
//!         -> Covering index scan on dept using name  (cost=0.65 rows=4)
//! ```
//!
//! A UNION ALL that is not sorted or limited as a whole streams its blocks (`Append` over
//! `Stream results`), as the executor here also returns them block after block; anything
//! else collects the blocks in a temporary table (`Union materialize with deduplication`,
//! `Union all materialize`, `Intersect materialize with deduplication`, `Except ...`) read
//! back by `Table scan on <union temporary>`, or sorted directly (`Sort: ...`) for an ORDER
//! BY of the whole; LIMIT is a `Limit` on top.
//!
//! Costs (UNCONFIRMED, fitted to plans MySQL 8.4 printed, see tree_plan.rs): the
//! materialisation costs its blocks' costs plus 0.1 per row written; the temporary table's
//! scan 2.5 + 0.0125 per row, its first row after its share of that. Rows: a UNION's the sum
//! of the blocks' (MySQL does not estimate the de-duplication), an INTERSECT's the smallest,
//! an EXCEPT's the first's. Simplifications: a chain that mixes
//! UNION DISTINCT and UNION ALL is drawn as one de-duplicating materialisation (MySQL appends
//! the ALL operands after the last DISTINCT one); a WITH clause around a set operation is
//! not drawn (1235).

use super::set_operation::{flatten, Node as SetNode};
use crate::error::{MySqlError, Result};
use crate::sql::execution::set_table::SetOp;
use crate::sql::planner::explain::limit_of;
use crate::sql::planner::explain::tree::{Node, Role};
use sqlparser::ast::{OrderByKind, Query, SetExpr};

/// Deepest nesting of parenthesized query expressions drawn.
const DEPTH_MAX: u32 = 32;

/// Builds the tree of one SELECT block (the explainer's).
pub(super) type LeafTree<'a> = dyn FnMut(&Query) -> Result<Node> + 'a;

/// The tree of a query expression whose body is a set operation (`q`'s ORDER BY and LIMIT
/// apply to the whole).
pub(super) fn set_tree(q: &Query, leaf: &mut LeafTree, depth: u32) -> Result<Node> {
    if depth > DEPTH_MAX {
        return Err(MySqlError::not_supported_yet("EXPLAIN of query expressions nested this deep"));
    }
    let node = flatten(&q.body)?;
    let mut template = q.clone();
    template.with = None;
    template.order_by = None;
    template.limit_clause = None;
    let keys = sort_keys(q);
    let (limit, offset) = limit_of(q);
    level(&node, &template, &keys, limit, offset, leaf, depth)
}

fn level(
    node: &SetNode,
    template: &Query,
    keys: &[String],
    limit: Option<u64>,
    offset: u64,
    leaf: &mut LeafTree,
    depth: u32,
) -> Result<Node> {
    let (op, all, operands) = match node {
        SetNode::Leaf(SetExpr::Query(inner)) => {
            if inner.with.is_some() {
                return Err(MySqlError::not_supported_yet(
                    "EXPLAIN FORMAT=TREE of WITH inside a set operation",
                ));
            }
            return match inner.body.as_ref() {
                SetExpr::Select(_) => leaf(inner),
                _ => set_tree(inner, leaf, depth + 1),
            };
        }
        SetNode::Leaf(body) => {
            let mut q = template.clone();
            *q.body = (*body).clone();
            if matches!(body, SetExpr::Table(_)) {
                return Err(MySqlError::not_supported_yet("EXPLAIN FORMAT=TREE of TABLE"));
            }
            return leaf(&q);
        }
        SetNode::Chain { op, all, operands } => (*op, *all, operands),
    };
    let mut children = Vec::with_capacity(operands.len());
    for (_, operand) in operands {
        children.push(level(operand, template, &[], None, 0, leaf, depth + 1)?);
    }
    let cost: f64 = children.iter().filter_map(estimate).map(|(c, _)| c).sum();
    // A UNION's rows are its operands' sum, an INTERSECT's the smallest, an EXCEPT's the
    // first's (mysql-test query_expression.result: `Intersect all materialize (rows=1)` over
    // operands of 5 and 1 rows, `Except all materialize (rows=3)` over 3 and 2).
    let operand_rows: Vec<f64> = children.iter().filter_map(estimate).map(|(_, r)| r).collect();
    let rows = match op {
        SetOp::Union => operand_rows.iter().sum(),
        SetOp::Intersect => operand_rows.iter().copied().reduce(f64::min).unwrap_or(0.0),
        SetOp::Except => operand_rows.first().copied().unwrap_or(0.0),
    };
    let dedup = match op {
        SetOp::Union => operands.iter().skip(1).any(|(distinct, _)| *distinct),
        _ => !all,
    };
    let ordered = !keys.is_empty();
    let mut top = if op == SetOp::Union && !dedup && !ordered && limit.is_none() {
        let mut append = Node::new("Append", Some((cost, rows)));
        for c in children {
            let streamed = estimate(&c);
            append.children.push(Node::new("Stream results", streamed).with(c));
        }
        append
    } else {
        let word = match op {
            SetOp::Union => "Union",
            SetOp::Intersect => "Intersect",
            SetOp::Except => "Except",
        };
        let materialize = Node::set_materialize(word, dedup, cost, rows, children);
        let written = materialize.init_cost.unwrap_or_default();
        if ordered {
            let mut label = format!("Sort: {}", keys.join(", "));
            if let Some(n) = limit {
                label.push_str(&format!(", limit input to {} row(s) per chunk", n + offset));
            }
            let mut sort = Node::new(label, None).with(materialize);
            sort.role = Role::Blocking;
            sort
        } else {
            let scan_cost = 2.5 + 0.0125 * rows;
            let table = format!("<{} temporary>", word.to_ascii_lowercase());
            let mut scan =
                Node::new(format!("Table scan on {table}"), Some((written + scan_cost, rows)));
            scan.init_cost = Some(written + scan_cost / rows.max(1.0));
            scan.with(materialize)
        }
    };
    if let Some(n) = limit {
        let label = if offset > 0 {
            format!("Limit/Offset: {n}/{offset} row(s)")
        } else {
            format!("Limit: {n} row(s)")
        };
        let estimate = top.estimate.map(|(c, r)| (c, r.min(n as f64)));
        top = Node::new(label, estimate).with(top);
    }
    Ok(top)
}

/// A block's estimate ([`Node::block_estimate`]).
fn estimate(n: &Node) -> Option<(f64, f64)> {
    n.block_estimate()
}

/// The whole's ORDER BY keys, as the tree writes them.
fn sort_keys(q: &Query) -> Vec<String> {
    match q.order_by.as_ref().map(|o| &o.kind) {
        Some(OrderByKind::Expressions(list)) => list
            .iter()
            .map(|o| {
                let desc = matches!(o.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                let key = o.expr.to_string().replace('`', "");
                format!("{key}{}", if desc { " DESC" } else { "" })
            })
            .collect(),
        _ => Vec::new(),
    }
}
