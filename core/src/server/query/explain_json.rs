//! EXPLAIN FORMAT=JSON of a SELECT: the planner's document (`sql/planner/explain/json.rs`,
//! with the blocks it materialises and its windows) in MySQL's one-column result
//! `EXPLAIN`, with the Note 1003 that traditional EXPLAIN adds; a chain of UNION,
//! INTERSECT or EXCEPT is written here (`set_result_document`), select-list subqueries in
//! `explain_json_subqueries.rs`, row changes in `statements/explain_change_json.rs`.
//! Simplifications (1235, each named): VALUES inside a nested set operation, subqueries in
//! WHERE and HAVING, correlated subqueries.

use super::set_operation::{flatten, Node as SetNode, SetExplain};
use crate::error::{MySqlError, Result, Warning};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::set_table::SetOp;
use crate::sql::execution::Work;
use crate::sql::planner::explain::json::Json;
use crate::sql::Response;
use crate::sql::Value;
use crate::storage::table::Row;
use sqlparser::ast::{Query, SetExpr};

impl Server {
    /// `Last_query_cost`: the plan cost of the session's last SELECT, worked out when it is
    /// read (the optimizer's cost of every SELECT would be paid on the hot path otherwise).
    /// As in MySQL, 0 for a query of UNION or subqueries, and before any SELECT.
    /// Simplification: the plan is costed against the tables as they are now, and only
    /// SHOW STATUS computes it (performance_schema.session_status shows 0.000000).
    pub(crate) fn last_query_cost(&mut self, session: &mut Session) -> String {
        let zero = "0.000000".to_string();
        if session.last_select.is_empty() {
            return zero;
        }
        let sql = session.last_select.clone();
        let Ok(crate::sql::Statement::Select(q)) = crate::sql::parse(&sql) else { return zero };
        if !matches!(q.body.as_ref(), SetExpr::Select(_)) || Self::has_select_subqueries(&q) {
            return zero;
        }
        let db = session.last_select_db.clone();
        let saved = std::mem::replace(&mut session.database, (!db.is_empty()).then_some(db));
        let cost = self.with_explainer(session, false, |explainer, cx, current| {
            explainer.query_cost(&q, &sql, current, cx)
        });
        session.database = saved;
        format!("{:.6}", cost.unwrap_or(0.0))
    }

    pub(crate) fn explain_json(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        if !matches!(q.body.as_ref(), SetExpr::Select(_) | SetExpr::Values(_)) {
            if q.with.is_some() {
                return Err(MySqlError::not_supported_yet(
                    "EXPLAIN FORMAT=JSON of WITH around UNION, INTERSECT or EXCEPT",
                ));
            }
            let (doc, note) = self.set_operation_json(session, q, sql)?;
            session.warn(Warning { level: "Note", code: 1003, message: note });
            work.rows += 1;
            return Ok(super::explain_tree::explain_text(doc.pretty()));
        }
        if Self::has_select_subqueries(q) {
            let (doc, note) = self.subquery_json(session, q, sql, work)?;
            session.warn(Warning { level: "Note", code: 1003, message: note });
            work.rows += 1;
            return Ok(super::explain_tree::explain_text(doc.pretty()));
        }
        let (text, note) = self.with_explainer(session, false, |explainer, cx, current| {
            explainer.explain_json(q, sql, current, cx)
        })?;
        session.warn(Warning { level: "Note", code: 1003, message: note });
        work.rows += 1;
        Ok(super::explain_tree::explain_text(text))
    }
}

impl Server {
    /// The document of a query expression whose body is one chain of UNION, INTERSECT or
    /// EXCEPT, and its Note 1003 text. The traditional EXPLAIN's walk (`set_operation.rs`)
    /// numbers the blocks and decides whether a temporary table collects them; each block's
    /// `query_block` is the planner's.
    fn set_operation_json(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
    ) -> Result<(Json, String)> {
        let node = flatten(&q.body)?;
        // `TABLE t` alone is one block, written as the SELECT it equals.
        let one: Vec<(bool, SetNode)> = match &node {
            SetNode::Leaf(e @ SetExpr::Table(_)) => vec![(true, SetNode::Leaf(e))],
            _ => Vec::new(),
        };
        let (op, operands) = match &node {
            SetNode::Chain { op, operands, .. } => (Some(*op), operands.as_slice()),
            SetNode::Leaf(SetExpr::Table(_)) => (None, &one[..]),
            SetNode::Leaf(_) => {
                return Err(MySqlError::not_supported_yet("EXPLAIN FORMAT=JSON of this query"))
            }
        };
        // A parenthesized set operation inside another nests its result object in a query
        // specification (`nested_document`); a VALUES operand is one block.
        let plain = |leaf: &SetNode| match leaf {
            SetNode::Leaf(SetExpr::Select(_) | SetExpr::Table(_) | SetExpr::Values(_)) => true,
            SetNode::Leaf(SetExpr::Query(inner)) => {
                inner.with.is_none() && matches!(inner.body.as_ref(), SetExpr::Select(_))
            }
            _ => false,
        };
        let nested = !operands.iter().all(|(_, o)| plain(o));
        let mut template = q.clone();
        template.with = None;
        template.order_by = None;
        template.limit_clause = None;
        let ordered = q.order_by.is_some() || q.limit_clause.is_some();
        // A parenthesized block keeps its own ORDER BY and LIMIT (the walk below hands
        // over the block's SELECT alone).
        let parenthesized: Vec<Option<&Query>> = operands
            .iter()
            .map(|(_, o)| match o {
                SetNode::Leaf(SetExpr::Query(inner)) => Some(inner.as_ref()),
                _ => None,
            })
            .collect();
        let mut blocks: Vec<Json> = Vec::new();
        let mut explain = SetExplain::new();
        let mut leaf = |walked: &Query| -> Result<(Vec<Row>, String)> {
            // A nested walk hands over each block as it is (its own ORDER BY and LIMIT
            // kept); a flat one's parenthesized operands are found by position.
            let lq = if nested {
                walked
            } else {
                parenthesized.get(blocks.len()).copied().flatten().unwrap_or(walked)
            };
            if Self::has_select_subqueries(lq) {
                return Err(MySqlError::not_supported_yet(
                    "EXPLAIN FORMAT=JSON of subqueries inside UNION, INTERSECT or EXCEPT",
                ));
            }
            let select_id = blocks.len() as u32 + 1;
            let (block, note) = self.with_explainer(session, false, |explainer, cx, current| {
                explainer.json_query_block(lq, sql, current, cx, select_id)
            })?;
            // A block's derived tables would be numbered apart from the set operation's
            // blocks: not modelled (as in the traditional format).
            if block.has_key("materialized_from_subquery") {
                return Err(MySqlError::not_supported_yet(
                    "EXPLAIN FORMAT=JSON of derived tables inside UNION, INTERSECT or EXCEPT",
                ));
            }
            blocks.push(block);
            Ok((Vec::new(), note))
        };
        let (_, note) = explain.node(&node, &template, ordered, "PRIMARY", &mut leaf)?;
        if nested {
            let mut next = blocks.into_iter();
            let (doc, _) = nested_document(&node, ordered, &mut next, 0, 0)?;
            return Ok((Json::Object(vec![("query_block", doc)]), note));
        }
        let result_row = explain.rows.first();
        match (op, blocks.pop()) {
            (Some(op), last) => {
                blocks.extend(last);
                Ok((set_result_document(op, result_row, blocks), note))
            }
            (None, Some(only)) => Ok((Json::Object(vec![("query_block", only)]), note)),
            (None, None) => Err(MySqlError::unknown("EXPLAIN wrote no block")),
        }
    }
}

/// MySQL's object for a set operation: `union_result` (`intersect_result`,
/// `except_result`) saying whether a temporary table collects the blocks, and when one does
/// its name (`<union1,2>`) and access (`ALL`), then each block as a query specification.
/// MySQL writes no `select_id` or cost for the whole. A UNION ALL that streams its blocks
/// has no temporary table (8.0.19+): only `"using_temporary_table": false` and the blocks.
/// UNCONFIRMED: a set operation sorted as a whole gets no `using_filesort` member (MySQL
/// writes the traditional format's Extra flags of the result row only in that format);
/// `ordering_operation` wraps the result only for subqueries in its ORDER BY, which this
/// engine refuses. Simplification: each block is `"dependent": false` and
/// `"cacheable": true` (a block calling RAND() or a user variable is not cacheable in MySQL).
pub(super) fn set_result_document(op: SetOp, result_row: Option<&Row>, blocks: Vec<Json>) -> Json {
    let key = match op {
        SetOp::Union => "union_result",
        SetOp::Intersect => "intersect_result",
        SetOp::Except => "except_result",
    };
    let mut fields = vec![("using_temporary_table", Json::Bool(result_row.is_some()))];
    if let Some(row) = result_row {
        if let Some(Value::Str(name)) = row.get(2) {
            fields.push(("table_name", Json::Str(name.clone())));
        }
        fields.push(("access_type", Json::Str("ALL".into())));
    }
    let specs = blocks
        .into_iter()
        .map(|block| {
            Json::Object(vec![
                ("dependent", Json::Bool(false)),
                ("cacheable", Json::Bool(true)),
                ("query_block", block),
            ])
        })
        .collect();
    fields.push(("query_specifications", Json::Array(specs)));
    Json::Object(vec![("query_block", Json::Object(vec![(key, Json::Object(fields))]))])
}

/// The most levels of parenthesized set operations written (the parser bounds them too).
const NESTING_MAX: u32 = 64;

/// The `query_block` contents of a set operation with parenthesized set operations inside
/// (`(SELECT a FROM t UNION SELECT b FROM u) UNION ALL SELECT 5`), from its blocks'
/// `query_block`s in the order the traditional walk numbered them: each chain is a result
/// object (`union_result`, ...) as a flat one's (`set_result_document`), and a nested
/// chain is one of its query specifications, its result object as that specification's
/// `query_block` (MySQL 8.0.31+ nests a parenthesized query expression as a query term of
/// its own: UNCONFIRMED beyond that structure, as no published document of one was found).
/// Its temporary table is named after each operand's first select number, as the
/// traditional format's `<union1,2>` row is. Returns the contents and the first select
/// number in it.
fn nested_document(
    node: &SetNode,
    ordered: bool,
    blocks: &mut impl Iterator<Item = Json>,
    next: u32,
    depth: u32,
) -> Result<(Json, u32)> {
    if depth > NESTING_MAX {
        return Err(MySqlError::not_supported_yet("EXPLAIN of query expressions nested this deep"));
    }
    match node {
        SetNode::Leaf(SetExpr::Query(inner))
            if inner.with.is_none() && !super::set_operation::sorted_select(inner) =>
        {
            let inner_node = flatten(&inner.body)?;
            let ordered = inner.order_by.is_some() || inner.limit_clause.is_some();
            nested_document(&inner_node, ordered, blocks, next, depth + 1)
        }
        SetNode::Leaf(_) => {
            let block = blocks.next().ok_or_else(|| MySqlError::unknown("EXPLAIN lost a block"))?;
            Ok((block, next + 1))
        }
        SetNode::Chain { op, operands, .. } => {
            let mut specs = Vec::new();
            let mut firsts = Vec::new();
            let mut at = next;
            for (_, operand) in operands {
                let (doc, first) = nested_document(operand, false, blocks, at, depth + 1)?;
                at = at.max(last_select_id(&doc));
                firsts.push(first.to_string());
                specs.push(Json::Object(vec![
                    ("dependent", Json::Bool(false)),
                    ("cacheable", Json::Bool(true)),
                    ("query_block", doc),
                ]));
            }
            let union_all = *op == SetOp::Union && operands.iter().skip(1).all(|o| !o.0);
            let temporary = !union_all || ordered;
            let mut fields = vec![("using_temporary_table", Json::Bool(temporary))];
            if temporary {
                let word = op.word();
                fields.push(("table_name", Json::Str(format!("<{word}{}>", firsts.join(",")))));
                fields.push(("access_type", Json::Str("ALL".into())));
            }
            fields.push(("query_specifications", Json::Array(specs)));
            let key = match op {
                SetOp::Union => "union_result",
                SetOp::Intersect => "intersect_result",
                SetOp::Except => "except_result",
            };
            let first = firsts.first().and_then(|f| f.parse().ok()).unwrap_or(next + 1);
            Ok((Json::Object(vec![(key, Json::Object(fields))]), first))
        }
    }
}

/// The largest `select_id` in a document (the last block a nested chain wrote).
fn last_select_id(doc: &Json) -> u32 {
    match doc {
        Json::Object(fields) => fields
            .iter()
            .map(|(k, v)| match (*k, v) {
                ("select_id", Json::UInt(n)) => u32::try_from(*n).unwrap_or(u32::MAX),
                _ => last_select_id(v),
            })
            .max()
            .unwrap_or(0),
        Json::Array(items) => items.iter().map(last_select_id).max().unwrap_or(0),
        _ => 0,
    }
}
