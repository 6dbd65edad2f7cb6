//! Query expressions: query blocks joined by UNION, INTERSECT and EXCEPT (MySQL 8.0.31+ for
//! the last two), parenthesized blocks with their own ORDER BY and LIMIT, and the ORDER BY
//! and LIMIT of the whole. INTERSECT binds tighter than UNION and EXCEPT (the parser builds
//! the tree so); a chain of one operator is one level with one temporary table, as MySQL
//! flattens it (`<union1,2,3>`). Each block runs as any SELECT runs; the merged rows take
//! the first block's column names and the types of `set_table.rs`; the whole's ORDER BY and
//! LIMIT run through the executor's pipeline (filesort) over the merged rows.

use super::QueryResult;
use crate::error::{MySqlError, Result};
use crate::server::context::Cx;
use crate::server::session::Session;
use crate::server::{Running, Server};
use crate::sql::execution::costs::Costs;
use crate::sql::execution::packed_rows::PackedRows;
use crate::sql::execution::select::{self, BoundSource};
use crate::sql::execution::set_table::{self, ColumnKind, SetOp};
use crate::sql::execution::{Meta, Work};
use crate::sql::{Response, Value};
use crate::storage::table::Row;
use sqlparser::ast::{Expr, OrderByKind, Query, SetExpr, SetOperator, SetQuantifier};
use std::rc::Rc;

/// One level of a query expression.
pub(crate) enum Node<'a> {
    /// A SELECT, or a parenthesized query expression.
    Leaf(&'a SetExpr),
    /// Operands joined by one operator. For UNION each operand after the first says whether
    /// DISTINCT joins it; INTERSECT and EXCEPT chains share one quantifier (`all`).
    Chain { op: SetOp, all: bool, operands: Vec<(bool, Node<'a>)> },
}

/// The tree of a query expression's body, with chains of one operator flattened.
pub(crate) fn flatten(e: &SetExpr) -> Result<Node<'_>> {
    match e {
        SetExpr::SetOperation { left, op, set_quantifier, right } => {
            let op = match op {
                SetOperator::Union => SetOp::Union,
                SetOperator::Intersect => SetOp::Intersect,
                SetOperator::Except => SetOp::Except,
                SetOperator::Minus => return Err(MySqlError::syntax(&e.to_string(), 1)),
            };
            let distinct = match set_quantifier {
                SetQuantifier::All => false,
                SetQuantifier::Distinct | SetQuantifier::None => true,
                _ => return Err(MySqlError::not_supported_yet("BY NAME set operations")),
            };
            let mut operands = Vec::new();
            match flatten(left)? {
                Node::Chain { op: l, all, operands: ops }
                    if l == op && (op == SetOp::Union || all != distinct) =>
                {
                    operands = ops
                }
                other => operands.push((true, other)),
            }
            operands.push((distinct, flatten(right)?));
            Ok(Node::Chain { op, all: !distinct, operands })
        }
        // Simplification: MySQL assigns a set operation's one row with a trailing INTO; here
        // it is refused rather than ignored.
        SetExpr::Select(s) if s.into.is_some() => {
            Err(MySqlError::not_supported_yet("INTO in a query expression with set operations"))
        }
        SetExpr::Select(_) | SetExpr::Query(_) | SetExpr::Table(_) | SetExpr::Values(_) => {
            Ok(Node::Leaf(e))
        }
        _ => Err(MySqlError::not_supported_yet("this kind of query expression")),
    }
}

/// A leaf as the body of a query of its own: `TABLE t` is `SELECT * FROM t` (MySQL 8.0.19+),
/// and a VALUES statement its rows as SELECTs joined by UNION ALL ([`values_body`]).
fn leaf_body(e: &SetExpr) -> Result<SetExpr> {
    if let SetExpr::Values(v) = e {
        return values_body(v);
    }
    let SetExpr::Table(t) = e else { return Ok(e.clone()) };
    let Some(table) = &t.table_name else {
        return Err(MySqlError::syntax(&e.to_string(), 1));
    };
    let quote = |s: &str| format!("`{}`", s.trim_matches('`').replace('`', "``"));
    let name = match &t.schema_name {
        Some(db) => format!("{}.{}", quote(&db.value), quote(&table.value)),
        None => quote(&table.value),
    };
    match crate::sql::parse(&format!("SELECT * FROM {name}"))? {
        crate::sql::Statement::Select(q) => Ok(*q.body),
        _ => Err(MySqlError::syntax(&e.to_string(), 1)),
    }
}

/// The VALUES statement (MySQL 8.0.19+, `VALUES ROW(1, 2), ROW(3, 4)`) as the query it
/// equals: one SELECT per row joined by UNION ALL, the first naming its columns `column_0`,
/// `column_1`, ... as MySQL names them; each column's type is then the union's aggregate of
/// the rows', as MySQL types a VALUES column. Every row needs ROW (MySQL's grammar has no
/// bare `(1, 2)` in a VALUES statement) and the first row's length (ERROR 1136 naming the
/// first row that differs). Simplification: the rows are run as SELECTs, each a query
/// block of its own, where MySQL reads them as one table value constructor (EXPLAIN
/// explains it as that one block, `planner/explain/values.rs`).
pub(crate) fn values_body(v: &sqlparser::ast::Values) -> Result<SetExpr> {
    let Some(first) = v.rows.first() else { return Err(MySqlError::syntax(&v.to_string(), 1)) };
    if !v.explicit_row || first.content.is_empty() {
        let text = v.to_string();
        let near = text.split_once(char::is_whitespace).map_or(text.as_str(), |(_, rest)| rest);
        return Err(MySqlError::syntax(near, 1));
    }
    let width = first.content.len();
    let mut sql = String::new();
    for (i, row) in v.rows.iter().enumerate() {
        if row.content.len() != width {
            return Err(MySqlError::value_count_mismatch(i as u64 + 1));
        }
        if i > 0 {
            sql.push_str(" UNION ALL ");
        }
        sql.push_str("SELECT ");
        for (j, e) in row.content.iter().enumerate() {
            if j > 0 {
                sql.push_str(", ");
            }
            // A DEFAULT has no column to take a default from (MySQL: ERROR 3804).
            if matches!(e, Expr::Identifier(id) if id.quote_style.is_none()
                && id.value.eq_ignore_ascii_case("DEFAULT"))
            {
                return Err(MySqlError::not_supported_yet("DEFAULT in a VALUES statement"));
            }
            sql.push_str(&e.to_string());
            if i == 0 {
                sql.push_str(&format!(" AS `column_{j}`"));
            }
        }
    }
    match crate::sql::parse(&sql)? {
        crate::sql::Statement::Select(q) => Ok(*q.body),
        _ => Err(MySqlError::syntax(&v.to_string(), 1)),
    }
}

/// A query block's result, its rows packed (`packed_rows.rs`).
struct Block {
    meta: Vec<Meta>,
    rows: PackedRows,
}

impl Block {
    fn of(result: QueryResult) -> Result<Block> {
        let (meta, rows) = result.into_packed()?;
        Ok(Block { meta, rows })
    }

    /// The rows as values (for the operations that compare whole rows).
    fn values(&self) -> Vec<Row> {
        self.rows.to_rows(self.meta.len())
    }
}

impl Server {
    /// Runs a query whose body is a set operation or a parenthesized query expression.
    pub(super) fn run_set_query(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
        depth: u32,
        for_client: bool,
    ) -> Result<QueryResult> {
        let node = flatten(&q.body)?;
        // Blocks run as queries of their own: the outer query's other clauses without its
        // body, ORDER BY and LIMIT.
        let mut template = q.clone();
        template.with = None;
        template.order_by = None;
        template.limit_clause = None;
        let ordered = q.order_by.is_some() || q.limit_clause.is_some();
        if let (Node::Chain { op: SetOp::Union, operands, .. }, false, true) =
            (&node, ordered, for_client)
        {
            if operands.iter().skip(1).all(|(distinct, _)| !distinct) {
                return self.stream_union_all(session, operands, &template, sql, work, depth);
            }
        }
        let block = self.run_node(session, &node, &template, sql, work, depth, ordered)?;
        if !ordered {
            if for_client {
                let rows = block.values();
                return Ok(QueryResult::of_values(block.meta, rows, 0));
            }
            return Ok(QueryResult {
                meta: block.meta,
                rows: Vec::new(),
                unshown: 0,
                packed: Some(block.rows),
            });
        }
        self.order_and_limit(session, q, sql, block.meta, block.rows, work, for_client)
    }

    /// Runs one level; `materialise`: the rows go to a temporary table even for a UNION ALL
    /// (the whole is sorted or limited afterwards, which reads them from one).
    #[allow(clippy::too_many_arguments)]
    fn run_node(
        &mut self,
        session: &mut Session,
        node: &Node,
        template: &Query,
        sql: &str,
        work: &mut Work,
        depth: u32,
        materialise: bool,
    ) -> Result<Block> {
        let (op, all, operands) = match node {
            Node::Leaf(SetExpr::Query(inner)) => {
                let r = self.run_query(session, inner, sql, work, depth + 1, false)?;
                return Block::of(r);
            }
            Node::Leaf(leaf) => {
                let mut q = template.clone();
                *q.body = leaf_body(leaf)?;
                let r = self.run_query(session, &q, sql, work, depth, false)?;
                return Block::of(r);
            }
            Node::Chain { op, all, operands } => (*op, *all, operands),
        };
        let mut blocks: Vec<(bool, Block)> = Vec::with_capacity(operands.len());
        for (distinct, operand) in operands {
            let b = self.run_node(session, operand, template, sql, work, depth, false)?;
            if let Some((_, first)) = blocks.first() {
                if first.meta.len() != b.meta.len() {
                    return Err(MySqlError::select_column_count_mismatch());
                }
            }
            blocks.push((*distinct, b));
        }
        // The merged columns' types, and every block's values converted to them.
        let width = blocks.first().map_or(0, |(_, b)| b.meta.len());
        let block_kinds: Vec<Vec<ColumnKind>> =
            blocks.iter().map(|(_, b)| set_table::column_kinds_packed(&b.meta, &b.rows)).collect();
        let kinds: Vec<ColumnKind> = (0..width)
            .map(|i| {
                block_kinds.iter().fold(ColumnKind::Unknown, |k, b| set_table::merge_kinds(k, b[i]))
            })
            .collect();
        let others: Vec<&[Meta]> = blocks.iter().skip(1).map(|(_, b)| b.meta.as_slice()).collect();
        let meta = set_table::merged_meta(&blocks[0].1.meta, &others, &kinds);
        let convert = |row: &Row| -> Row {
            row.iter().zip(&kinds).map(|(v, k)| set_table::convert(v.clone(), *k)).collect()
        };
        let space = work.temp_space.clone();
        if op == SetOp::Union && blocks.iter().skip(1).all(|b| !b.0) {
            // UNION ALL: the blocks' rows one after another, packed as they are converted;
            // read back sorted or limited, they go to a table without a unique key first.
            let rows = self.with_costs(session, |costs, cx| {
                let mut table = materialise.then(|| {
                    set_table::SetTable::create(set_table::temp_settings(cx), &space, costs)
                });
                let mut out = PackedRows::in_space(&space);
                let result = blocks.iter().try_for_each(|(_, b)| {
                    b.rows
                        .try_visit(width, &mut |row| {
                            let row = convert(row);
                            if let Some(t) = table.as_mut() {
                                t.append(&row, costs);
                            }
                            out.push(&row)?;
                            Ok(true)
                        })
                        .map(|_| ())
                });
                if let Some(t) = table {
                    t.drop_table(costs);
                }
                result.map(|()| out)
            })??;
            work.rows += rows.len();
            return Ok(Block { meta, rows });
        }
        // The blocks are read packed, each row converted as it is read: never all held as
        // values at once.
        let rows = self.with_costs(session, |costs, cx| match op {
            SetOp::Union => {
                let blocks: Vec<(bool, &PackedRows)> =
                    blocks.iter().enumerate().map(|(i, (d, b))| (i > 0 && *d, &b.rows)).collect();
                set_table::union(&blocks, width, &convert, || set_table::temp_settings(cx), costs)
            }
            SetOp::Intersect | SetOp::Except => {
                let settings = set_table::temp_settings(cx);
                let operands: Vec<&PackedRows> = blocks.iter().map(|(_, b)| &b.rows).collect();
                set_table::intersect_or_except(op, all, &operands, width, &convert, settings, costs)
            }
        })??;
        work.rows += rows.len();
        Ok(Block { meta, rows })
    }

    /// A UNION ALL sent to the client as it is read (MySQL 8.0.19+ streams it, with no
    /// temporary table): each block's rows go out in turn, and the client keeps the first
    /// `RESULT_ROWS_KEPT` of the whole and counts the rest, as for any SELECT.
    fn stream_union_all(
        &mut self,
        session: &mut Session,
        operands: &[(bool, Node)],
        template: &Query,
        sql: &str,
        work: &mut Work,
        depth: u32,
    ) -> Result<QueryResult> {
        let mut blocks: Vec<QueryResult> = Vec::with_capacity(operands.len());
        for (_, operand) in operands {
            let r = match operand {
                Node::Leaf(SetExpr::Query(inner)) => {
                    self.run_query(session, inner, sql, work, depth + 1, true)?
                }
                Node::Leaf(leaf) => {
                    let mut q = template.clone();
                    *q.body = leaf_body(leaf)?;
                    self.run_query(session, &q, sql, work, depth, true)?
                }
                chain => {
                    let b = self.run_node(session, chain, template, sql, work, depth, false)?;
                    let rows = b.values();
                    QueryResult::of_values(b.meta, rows, 0)
                }
            };
            if blocks.first().is_some_and(|first| first.meta.len() != r.meta.len()) {
                return Err(MySqlError::select_column_count_mismatch());
            }
            blocks.push(r);
        }
        let width = blocks.first().map_or(0, |b| b.meta.len());
        let kinds: Vec<ColumnKind> = (0..width)
            .map(|i| {
                blocks.iter().fold(ColumnKind::Unknown, |k, b| {
                    set_table::merge_kinds(k, set_table::column_kind(&b.meta[i], &b.rows, i))
                })
            })
            .collect();
        let others: Vec<&[Meta]> = blocks.iter().skip(1).map(|b| b.meta.as_slice()).collect();
        let meta = set_table::merged_meta(&blocks[0].meta, &others, &kinds);
        let kept = select::RESULT_ROWS_KEPT as usize;
        let mut rows: Vec<Row> = Vec::new();
        let mut unshown = 0u64;
        for b in blocks {
            unshown += b.unshown;
            for row in b.rows {
                if rows.len() < kept {
                    rows.push(
                        row.into_iter()
                            .zip(&kinds)
                            .map(|(v, k)| set_table::convert(v, *k))
                            .collect(),
                    );
                } else {
                    unshown += 1;
                }
            }
        }
        Ok(QueryResult::of_values(meta, rows, unshown))
    }

    /// Runs one operand of a query expression (for a recursive CTE's blocks).
    pub(super) fn run_operand(
        &mut self,
        session: &mut Session,
        node: &Node,
        template: &Query,
        sql: &str,
        work: &mut Work,
        depth: u32,
    ) -> Result<(Vec<Meta>, Vec<Row>)> {
        let b = self.run_node(session, node, template, sql, work, depth, false)?;
        let rows = b.values();
        Ok((b.meta, rows))
    }

    /// Runs `f` with the statement's costs (clock, disk, pool, counters) and the session's
    /// expression context.
    pub(super) fn with_costs<R>(
        &mut self,
        session: &mut Session,
        f: impl FnOnce(&mut Costs, &mut Cx) -> R,
    ) -> Result<R> {
        let Server { clock, disk, host, running, .. } = self;
        let Running { vars, status, pool, oom, .. } =
            running.as_mut().ok_or_else(MySqlError::cannot_connect)?;
        let now_micros = clock.unix_micros();
        let mut cx = Cx::new(vars, session, now_micros);
        let mut costs = Costs { clock, disk, host, pool, status, oom };
        Ok(f(&mut costs, &mut cx))
    }

    /// The ORDER BY and LIMIT of a whole query expression over its merged rows, run by the
    /// executor as `SELECT * FROM <result> ORDER BY ... LIMIT ...`: names in ORDER BY are the
    /// result's columns (a column qualified with a table is error 1250, as in MySQL).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn order_and_limit(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        meta: Vec<Meta>,
        rows: PackedRows,
        work: &mut Work,
        for_client: bool,
    ) -> Result<QueryResult> {
        if let Some(ob) = &q.order_by {
            if let OrderByKind::Expressions(list) = &ob.kind {
                for o in list {
                    if let Some(table) = qualified_table(&o.expr) {
                        return Err(MySqlError::table_name_not_allowed(
                            &table,
                            "global ORDER clause",
                        ));
                    }
                }
            }
        }
        let star = match crate::sql::parse("SELECT *")? {
            crate::sql::Statement::Select(s) => s,
            _ => return Err(MySqlError::unknown("SELECT * did not parse")),
        };
        let SetExpr::Select(sel) = star.body.as_ref() else {
            return Err(MySqlError::unknown("SELECT * did not parse"));
        };
        let mut outer = q.clone();
        outer.with = None;
        outer.body = star.body.clone();
        let sources = vec![BoundSource::materialised(String::new(), meta, Rc::new(rows))];
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Running { vars, status, pool, oom, .. } =
            running.as_mut().ok_or_else(MySqlError::cannot_connect)?;
        let now_micros = clock.unix_micros();
        let mut cx = Cx::new(vars, session, now_micros);
        let costs = Costs { clock, disk, host, pool, status, oom };
        let result = select::run(
            sel,
            &outer,
            sql,
            &sources,
            catalog,
            costs,
            &mut cx,
            work,
            for_client,
            &[],
        )?;
        cx.charge_to(work);
        Ok(result)
    }
}

/// The table of a qualified column (`t1.a`), if the expression is one.
fn qualified_table(e: &Expr) -> Option<String> {
    match e {
        Expr::CompoundIdentifier(parts) if parts.len() >= 2 => {
            Some(parts[parts.len() - 2].value.clone())
        }
        _ => None,
    }
}

/// EXPLAIN of a query expression: each SELECT's rows numbered in the order written (`PRIMARY`
/// for the first, `UNION` / `INTERSECT` / `EXCEPT` for the others), then a level's result row
/// (`UNION RESULT`, table `<union1,2>`, `Using temporary`) where a temporary table collects
/// it. MySQL 8.0.19+ streams a UNION ALL that is not sorted or limited: no result row.
/// Explains one SELECT: its EXPLAIN rows and its Note 1003 text.
pub(crate) type LeafExplainer<'a> = dyn FnMut(&Query) -> Result<(Vec<Row>, String)> + 'a;

pub(crate) struct SetExplain {
    pub rows: Vec<Row>,
    next: u32,
}

impl SetExplain {
    pub(crate) fn new() -> SetExplain {
        SetExplain { rows: Vec::new(), next: 1 }
    }

    /// Explains `node`; `leaf(q)` explains one SELECT (its rows, whose first two values are
    /// rewritten here, and its Note 1003 text). Returns the number of the level's first
    /// SELECT and the joined note text.
    pub(crate) fn node(
        &mut self,
        node: &Node,
        template: &Query,
        ordered: bool,
        select_type: &str,
        leaf: &mut LeafExplainer,
    ) -> Result<(u32, String)> {
        match node {
            // A parenthesised set operation, or a SELECT with nothing of its own around it.
            // One with its own ORDER BY or LIMIT is explained whole below (its sort shows).
            Node::Leaf(SetExpr::Query(inner)) if inner.with.is_none() && !sorted_select(inner) => {
                let inner_node = flatten(&inner.body)?;
                let ordered = inner.order_by.is_some() || inner.limit_clause.is_some();
                let (first, note) = self.node(&inner_node, template, ordered, select_type, leaf)?;
                Ok((first, format!("({note})")))
            }
            Node::Leaf(body) => {
                let mut q = template.clone();
                match body {
                    SetExpr::Query(inner) => q = (**inner).clone(),
                    // A VALUES operand is one block of its own (its table value constructor).
                    SetExpr::Values(_) => *q.body = (*body).clone(),
                    other => *q.body = leaf_body(other)?,
                }
                let number = self.next;
                self.next += 1;
                let (rows, note) = leaf(&q)?;
                // A block's derived tables would be numbered apart from the set operation's
                // blocks: not modelled.
                if rows.iter().any(|r| r.first().is_some_and(|id| *id != Value::UInt(1))) {
                    return Err(MySqlError::not_supported_yet(
                        "EXPLAIN of derived tables inside UNION, INTERSECT or EXCEPT",
                    ));
                }
                for mut row in rows {
                    if row.len() > 2 {
                        row[0] = Value::UInt(u64::from(number));
                        row[1] = Value::Str(select_type.to_string());
                    }
                    self.rows.push(row);
                }
                let note = note.replacen("/* select#1 */", &format!("/* select#{number} */"), 1);
                match body {
                    SetExpr::Query(inner) if sorted_select(inner) => {
                        Ok((number, format!("({note})")))
                    }
                    _ => Ok((number, note)),
                }
            }
            Node::Chain { op, all, operands } => {
                let word = op.word();
                let mut numbers = Vec::new();
                let mut note = String::new();
                for (i, (distinct, operand)) in operands.iter().enumerate() {
                    let kind = if i == 0 { select_type.to_string() } else { word.to_uppercase() };
                    let (n, text) = self.node(operand, template, false, &kind, leaf)?;
                    numbers.push(n.to_string());
                    if i > 0 {
                        let quantifier = match (op, distinct, all) {
                            (SetOp::Union, false, _) | (_, _, true) => " all",
                            _ => "",
                        };
                        note.push_str(&format!(" {word}{quantifier} "));
                    }
                    note.push_str(&text);
                }
                let first = numbers.first().and_then(|n| n.parse().ok()).unwrap_or(1);
                // UNCONFIRMED (MYSQL_SPEC.md has no EXPLAIN of INTERSECT or EXCEPT): the result
                // rows are named as UNION's are, `INTERSECT RESULT` on `<intersect1,2>` and
                // `EXCEPT RESULT` on `<except1,2>` (WL#349's naming); a UNION ALL that is
                // sorted or limited as a whole shows its result row, as the temporary table it
                // is read back from is made.
                let union_all = *op == SetOp::Union && operands.iter().skip(1).all(|o| !o.0);
                if !union_all || ordered {
                    let mut extra = vec!["Using temporary"];
                    if ordered {
                        extra.push("Using filesort");
                    }
                    self.rows.push(vec![
                        Value::Null,
                        Value::Str(format!("{} RESULT", word.to_uppercase())),
                        Value::Str(format!("<{word}{}>", numbers.join(","))),
                        Value::Null,
                        Value::Str("ALL".into()),
                        Value::Null,
                        Value::Null,
                        Value::Null,
                        Value::Null,
                        Value::Null,
                        Value::Null,
                        Value::Str(extra.join("; ")),
                    ]);
                }
                Ok((first, note))
            }
        }
    }
}

/// A parenthesised SELECT with its own ORDER BY or LIMIT (`(SELECT ... ORDER BY a LIMIT 2)
/// UNION ...`): its block sorts and limits before the set operation reads it.
pub(super) fn sorted_select(q: &Query) -> bool {
    matches!(*q.body, SetExpr::Select(_)) && (q.order_by.is_some() || q.limit_clause.is_some())
}

impl Server {
    /// EXPLAIN of a query whose body is a set operation.
    pub(super) fn explain_set_query(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        let node = flatten(&q.body)?;
        let mut template = q.clone();
        template.with = None;
        template.order_by = None;
        template.limit_clause = None;
        let ordered = q.order_by.is_some() || q.limit_clause.is_some();
        let mut explain = SetExplain::new();
        let mut leaf = |lq: &Query| -> Result<(Vec<Row>, String)> {
            let saved = session.pending_warnings.len();
            let response = self.explain(session, lq, sql, work)?;
            // The leaf's Note 1003 is joined into the whole's.
            let note =
                session.pending_warnings.get(saved).map(|w| w.message.clone()).unwrap_or_default();
            session.pending_warnings.truncate(saved);
            match response {
                Response::Rows(rs) => Ok((rs.rows, note)),
                _ => Ok((Vec::new(), note)),
            }
        };
        let (_, note) = explain.node(&node, &template, ordered, "PRIMARY", &mut leaf)?;
        let rows = explain.rows;
        work.rows += rows.len() as u64;
        session.warn(crate::error::Warning { level: "Note", code: 1003, message: note });
        Ok(Response::Rows(crate::sql::ResultSet {
            columns: crate::sql::planner::explain::explain_columns(),
            rows,
            unshown: 0,
        }))
    }
}
