//! Common table expressions: `WITH [RECURSIVE] name [(columns)] AS (query), ...` before a
//! query. A CTE is a named derived table: the first reference runs its query and keeps its
//! rows, later references read them again (MySQL materialises it once per statement, or
//! merges a simple one into the outer query: then it creates no temporary table, and
//! `Created_tmp_tables` counts only the materialised ones, as here).
//!
//! A recursive CTE is a UNION of non-recursive query blocks (the anchor) and recursive ones
//! that name the CTE: the anchor runs once, then the recursive blocks run over the rows the
//! previous iteration added, until an iteration adds none (UNION DISTINCT drops the rows
//! already there), each iteration counted against `cte_max_recursion_depth` (error 3636).
//! The anchor decides the columns' types. MySQL's rules for the shape are checked first
//! (errors 3573 to 3577, and 1235 for ORDER BY / LIMIT / DISTINCT in a recursive block).
//!
//! Simplification: MySQL sizes a recursive CTE's string columns from the anchor and stops
//! with error 1406 when a later row is longer; the engine's rows carry no declared lengths,
//! so no such error is raised here.

use super::set_operation::{flatten, Node};
use super::QueryResult;
use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::cte::{CteEntry, CteScope, CTES_PER_STATEMENT_MAX};
use crate::sql::execution::packed_rows::PackedRows;
use crate::sql::execution::select::{constant_u64, BoundSource};
use crate::sql::execution::set_table::{self, ColumnKind, SetTable};
use crate::sql::execution::{Meta, Work};
use crate::sql::parser::VarScope;
use crate::sql::planner::derived_merge::{has_aggregate_item, materialised_by_mysql};
use crate::storage::table::Row;
use sqlparser::ast::{GroupByExpr, JoinOperator, LimitClause, Query, SetExpr, TableFactor, With};
use std::rc::Rc;

impl Server {
    /// Runs a query with a `WITH` clause: its CTEs are in scope while the query runs.
    pub(super) fn run_with(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
        depth: u32,
        for_client: bool,
    ) -> Result<QueryResult> {
        let Some(with) = &q.with else {
            return self.run_query(session, q, sql, work, depth, for_client);
        };
        push_scope(with, sql, work)?;
        let mut inner = q.clone();
        inner.with = None;
        let result = self.run_query(session, &inner, sql, work, depth, for_client);
        work.ctes.scopes.pop();
        result
    }

    /// The FROM item that names CTE `at`: its rows (run now if no reference ran it yet), read
    /// as `alias`.
    pub(super) fn bind_cte(
        &mut self,
        session: &mut Session,
        at: (usize, usize),
        alias: String,
        kept: bool,
        work: &mut Work,
        depth: u32,
    ) -> Result<BoundSource> {
        let Some(entry) = work.ctes.entry(at) else {
            return Err(MySqlError::unknown("CTE scope lost"));
        };
        // A recursive block reads the rows of the previous iteration.
        if let Some((meta, rows)) = &entry.working {
            return Ok(BoundSource::materialised(alias, meta.clone(), Rc::clone(rows)));
        }
        if let Some((meta, rows)) = &entry.rows {
            return Ok(BoundSource::materialised(alias, meta.clone(), Rc::clone(rows)));
        }
        if entry.running {
            // The CTE names itself where no iteration is running: not a recursive UNION.
            return Err(MySqlError::cte_recursive_requires_union(&entry.name));
        }
        let (meta, rows) = self.materialise_cte(session, at, kept, work, depth)?;
        Ok(BoundSource::materialised(alias, meta, rows))
    }

    /// Runs CTE `at` once and keeps its rows. It sees the CTEs defined before it (all of its
    /// WITH's, itself included, under RECURSIVE) and those of the enclosing WITHs, not the
    /// WITHs inside the query that first names it. `kept`: a NO_MERGE hint or
    /// derived_merge=off keeps it materialised (its temporary table counted) though MySQL
    /// could merge it.
    fn materialise_cte(
        &mut self,
        session: &mut Session,
        at: (usize, usize),
        kept: bool,
        work: &mut Work,
        depth: u32,
    ) -> Result<(Vec<Meta>, Rc<PackedRows>)> {
        let Some(entry) = work.ctes.entry(at).cloned() else {
            return Err(MySqlError::unknown("CTE scope lost"));
        };
        self.check_names_before_running(session, &entry.query, &entry.sql, &entry.columns, work)?;
        let inner_scopes = work.ctes.scopes.split_off(at.0 + 1);
        let scope = &mut work.ctes.scopes[at.0];
        let saved_visible = scope.visible;
        scope.visible = if entry.recursive { scope.entries.len() } else { at.1 };
        if let Some(e) = work.ctes.entry_mut(at) {
            e.running = true;
        }
        let sql: &str = &entry.sql;
        let result = if entry.recursive && references_set(&entry.query.body, &entry.name) {
            self.run_recursive(session, sql, at, &entry, work, depth)
        } else {
            self.run_query(session, &entry.query, sql, work, depth + 1, false).and_then(|r| {
                let (meta, rows) = r.into_packed()?;
                Ok((meta, rows, kept || materialised_by_mysql(&entry.query)))
            })
        };
        work.ctes.scopes[at.0].visible = saved_visible;
        work.ctes.scopes.extend(inner_scopes);
        if let Some(e) = work.ctes.entry_mut(at) {
            e.running = false;
            e.working = None;
        }
        let (meta, rows, materialised) = result?;
        if !entry.columns.is_empty() && entry.columns.len() != meta.len() {
            return Err(MySqlError::derived_column_count());
        }
        let meta: Vec<Meta> = meta
            .into_iter()
            .enumerate()
            .map(|(i, m)| Meta {
                name: entry.columns.get(i).cloned().unwrap_or(m.name.clone()),
                ..m
            })
            .collect();
        crate::sql::column_names::check_unique_columns(&meta)?;
        if materialised && !entry.recursive {
            // MySQL's temporary table for a CTE it does not merge (a recursive one counted
            // its own as it ran).
            self.write_materialised(session, &rows, meta.len(), true)?;
        }
        let rows = Rc::new(rows);
        if let Some(e) = work.ctes.entry_mut(at) {
            e.rows = Some((meta.clone(), Rc::clone(&rows)));
        }
        Ok((meta, rows))
    }

    /// A recursive CTE's rows: the anchor, then iterations until one adds nothing.
    fn run_recursive(
        &mut self,
        session: &mut Session,
        sql: &str,
        at: (usize, usize),
        entry: &CteEntry,
        work: &mut Work,
        depth: u32,
    ) -> Result<(Vec<Meta>, PackedRows, bool)> {
        let name = entry.name.as_str();
        // `AS ((SELECT ... UNION ALL ...))` is the same query.
        let mut query: &Query = &entry.query;
        while let SetExpr::Query(inner) = query.body.as_ref() {
            if query.order_by.is_some() || query.limit_clause.is_some() || inner.with.is_some() {
                break;
            }
            query = inner;
        }
        if query.order_by.is_some() {
            return Err(MySqlError::not_supported_yet(
                "ORDER BY over UNION in recursive Common Table Expression",
            ));
        }
        let node = flatten(&query.body)?;
        let operands = match &node {
            Node::Chain { op: set_table::SetOp::Union, operands, .. } => operands,
            _ => return Err(MySqlError::cte_recursive_requires_union(name)),
        };
        // Anchors first, then the recursive blocks.
        let recursive: Vec<bool> = operands.iter().map(|(_, o)| node_references(o, name)).collect();
        let first_recursive = recursive.iter().position(|r| *r).unwrap_or(recursive.len());
        if first_recursive == 0 || recursive[first_recursive..].iter().any(|r| !r) {
            return Err(MySqlError::cte_recursive_requires_nonrecursive_first(name));
        }
        for (_, operand) in &operands[first_recursive..] {
            check_recursive_block(operand, name)?;
        }
        let distinct = operands.iter().skip(1).any(|(d, _)| *d);
        let limit = match &query.limit_clause {
            None => None,
            Some(LimitClause::LimitOffset { limit, offset, .. }) => Some((
                limit.as_ref().map(constant_u64).transpose()?,
                offset.as_ref().map(|o| constant_u64(&o.value)).transpose()?.unwrap_or(0),
            )),
            Some(LimitClause::OffsetCommaLimit { offset, limit }) => {
                Some((Some(constant_u64(limit)?), constant_u64(offset)?))
            }
        };
        let wanted = limit.and_then(|(l, o)| l.map(|l| l.saturating_add(o)));
        let max_depth = self
            .with_costs(session, |_, cx| {
                use crate::sql::expr::EvalContext;
                cx.system_variable("cte_max_recursion_depth", VarScope::Default)
            })??
            .to_i64()
            .map_or(1000, |n| n.max(0) as u64);

        let mut template = query.clone();
        template.with = None;
        template.order_by = None;
        template.limit_clause = None;

        // The anchor: its blocks' types decide the CTE's.
        let mut anchors = Vec::new();
        for (_, operand) in &operands[..first_recursive] {
            anchors.push(self.run_operand(session, operand, &template, sql, work, depth + 1)?);
        }
        let width = anchors[0].0.len();
        if anchors.iter().any(|(m, _)| m.len() != width) {
            return Err(MySqlError::select_column_count_mismatch());
        }
        let kinds: Vec<ColumnKind> = (0..width)
            .map(|i| {
                anchors.iter().fold(ColumnKind::Unknown, |k, (m, rows)| {
                    set_table::merge_kinds(k, set_table::column_kind(&m[i], rows, i))
                })
            })
            .collect();
        let others: Vec<&[Meta]> = anchors.iter().skip(1).map(|(m, _)| m.as_slice()).collect();
        let mut meta = set_table::merged_meta(&anchors[0].0, &others, &kinds);
        // A recursive CTE's columns are nullable (its temporary table's are), and named by
        // its column list: its recursive blocks read them by those names.
        if !entry.columns.is_empty() && entry.columns.len() != meta.len() {
            return Err(MySqlError::derived_column_count());
        }
        for (i, m) in meta.iter_mut().enumerate() {
            m.nullable = true;
            if let Some(name) = entry.columns.get(i) {
                m.name = name.clone();
            }
        }
        crate::sql::column_names::check_unique_columns(&meta)?;
        // A string column computed by the anchor (not read from a table) is as wide as its
        // longest anchor value; a longer value of a recursive block is error 1406, as MySQL's
        // temporary table refuses it in strict mode. Simplification: MySQL takes the width
        // from the expression's type (exact for a string literal, wider for a function).
        let widths: Vec<Option<usize>> = (0..width)
            .map(|i| {
                let computed = anchors.iter().all(|(m, _)| m[i].table.is_empty());
                (kinds[i] == ColumnKind::Text && computed).then(|| {
                    anchors
                        .iter()
                        .flat_map(|(_, rows)| rows.iter())
                        .filter_map(|r| match r.get(i) {
                            Some(crate::storage::value::Value::Str(s)) => Some(s.chars().count()),
                            _ => None,
                        })
                        .max()
                        .unwrap_or(0)
                })
            })
            .collect();
        let names: Vec<String> = meta.iter().map(|m| m.name.clone()).collect();
        let check_width = |row: &Row, at: usize| -> Result<()> {
            for (i, w) in widths.iter().enumerate() {
                if let (Some(w), Some(crate::storage::value::Value::Str(s))) = (w, row.get(i)) {
                    if s.chars().count() > *w {
                        return Err(MySqlError::data_too_long(&names[i], at as u64 + 1));
                    }
                }
            }
            Ok(())
        };
        let convert = |row: Row| -> Row {
            row.into_iter().zip(&kinds).map(|(v, k)| set_table::convert(v, *k)).collect()
        };

        let mut table = self.with_costs(session, |costs, cx| {
            SetTable::create(set_table::temp_settings(cx), &work.temp_space, costs)
        })?;
        let result = (|| {
            // The CTE's rows, and each iteration's new ones, packed: bounded by the
            // temporary space (ERROR 1114), not by a count of rows.
            let mut all = PackedRows::in_space(&work.temp_space);
            let add = |this: &mut Server,
                       session: &mut Session,
                       table: &mut SetTable,
                       rows: Vec<Row>,
                       all: &mut PackedRows,
                       added: &mut PackedRows,
                       recursive: bool|
             -> Result<()> {
                this.with_costs(session, |costs, _| -> Result<()> {
                    for (at, row) in rows.into_iter().enumerate() {
                        if wanted.is_some_and(|w| all.len() >= w) {
                            break;
                        }
                        let row = convert(row);
                        if recursive {
                            check_width(&row, at)?;
                        }
                        let new = if distinct {
                            table.insert(&row, costs)?
                        } else {
                            table.append(&row, costs);
                            true
                        };
                        if new {
                            all.push(&row)?;
                            added.push(&row)?;
                        }
                    }
                    Ok(())
                })?
            };
            let mut working = PackedRows::in_space(&work.temp_space);
            for (_, rows) in anchors {
                add(self, session, &mut table, rows, &mut all, &mut working, false)?;
            }
            let mut iteration = 0u64;
            while !working.is_empty() && wanted.is_none_or(|w| all.len() < w) {
                iteration += 1;
                if iteration > max_depth {
                    return Err(MySqlError::cte_max_recursion_depth(iteration));
                }
                if let Some(e) = work.ctes.entry_mut(at) {
                    e.working = Some((meta.clone(), Rc::new(std::mem::take(&mut working))));
                }
                let mut produced = PackedRows::in_space(&work.temp_space);
                for (_, operand) in &operands[first_recursive..] {
                    let (m, rows) =
                        self.run_operand(session, operand, &template, sql, work, depth + 1)?;
                    if m.len() != width {
                        return Err(MySqlError::select_column_count_mismatch());
                    }
                    add(self, session, &mut table, rows, &mut all, &mut produced, true)?;
                }
                working = produced;
            }
            Ok(all)
        })();
        self.with_costs(session, |costs, _| table.drop_table(costs))?;
        let mut rows = result?;
        if work.recursive_runs.len() < crate::sql::execution::RECURSIVE_RUNS_MAX {
            work.recursive_runs.push((name.to_string(), rows.len()));
        }
        if let Some((limit, offset)) = limit {
            let start = offset.min(rows.len());
            let end = limit.map_or(rows.len(), |l| start.saturating_add(l).min(rows.len()));
            let mut kept = PackedRows::in_space(&work.temp_space);
            let mut at = 0u64;
            rows.try_visit(width, &mut |row| {
                if at >= start && at < end {
                    kept.push(row)?;
                }
                at += 1;
                Ok(at < end)
            })?;
            rows = kept;
        }
        Ok((meta, rows, true))
    }
}

/// Puts a WITH clause's CTEs in scope (error 1066 for a name given twice).
fn push_scope(with: &With, sql: &str, work: &mut Work) -> Result<()> {
    let mut scope = CteScope::default();
    let text: Rc<str> = Rc::from(sql);
    for cte in &with.cte_tables {
        let name = cte.alias.name.value.clone();
        if scope.entries.iter().any(|e: &CteEntry| e.name.eq_ignore_ascii_case(&name)) {
            return Err(MySqlError::not_unique_table(&name));
        }
        work.ctes.defined += 1;
        if work.ctes.defined > CTES_PER_STATEMENT_MAX {
            return Err(MySqlError::stack_overrun());
        }
        scope.entries.push(CteEntry {
            name,
            columns: cte.alias.columns.iter().map(|c| c.name.value.clone()).collect(),
            query: cte.query.clone(),
            sql: Rc::clone(&text),
            recursive: with.recursive,
            rows: None,
            working: None,
            running: false,
            select_number: 0,
        });
    }
    scope.visible = scope.entries.len();
    work.ctes.scopes.push(scope);
    Ok(())
}

/// Whether a query expression's FROM clauses name table `name` unqualified (a recursive
/// reference), counting the references.
fn count_references(body: &SetExpr, name: &str, count: &mut u32) {
    match body {
        SetExpr::Select(s) => {
            for twj in &s.from {
                count_in_factor(&twj.relation, name, count);
                for j in &twj.joins {
                    count_in_factor(&j.relation, name, count);
                }
            }
        }
        SetExpr::Query(q) => count_references(&q.body, name, count),
        SetExpr::SetOperation { left, right, .. } => {
            count_references(left, name, count);
            count_references(right, name, count);
        }
        _ => {}
    }
}

fn count_in_factor(f: &TableFactor, name: &str, count: &mut u32) {
    match f {
        TableFactor::Table { name: n, .. } => {
            if let [part] = n.0.as_slice() {
                if part.to_string().trim_matches('`').eq_ignore_ascii_case(name) {
                    *count += 1;
                }
            }
        }
        TableFactor::Derived { subquery, .. } => count_references(&subquery.body, name, count),
        TableFactor::NestedJoin { table_with_joins, .. } => {
            count_in_factor(&table_with_joins.relation, name, count);
            for j in &table_with_joins.joins {
                count_in_factor(&j.relation, name, count);
            }
        }
        _ => {}
    }
}

fn references_set(body: &SetExpr, name: &str) -> bool {
    let mut n = 0;
    count_references(body, name, &mut n);
    n > 0
}

fn node_references(node: &Node, name: &str) -> bool {
    match node {
        Node::Leaf(e) => references_set(e, name),
        Node::Chain { operands, .. } => operands.iter().any(|(_, o)| node_references(o, name)),
    }
}

/// MySQL's rules for a recursive query block: a plain SELECT without aggregates (3575),
/// DISTINCT, ORDER BY or LIMIT (1235), naming the CTE once (3577) and not on the inner
/// side of a LEFT JOIN (3576).
fn check_recursive_block(node: &Node, name: &str) -> Result<()> {
    let not_yet = || {
        MySqlError::not_supported_yet(
            "ORDER BY / LIMIT / SELECT DISTINCT in recursive query block of Common Table \
             Expression",
        )
    };
    let sel = match node {
        Node::Leaf(SetExpr::Select(s)) => s,
        Node::Leaf(SetExpr::Query(q)) => {
            if q.order_by.is_some() || q.limit_clause.is_some() {
                return Err(not_yet());
            }
            match q.body.as_ref() {
                SetExpr::Select(s) => s,
                _ => {
                    return Err(MySqlError::not_supported_yet(
                        "right nested recursive query blocks, in Common Table Expression",
                    ))
                }
            }
        }
        _ => {
            return Err(MySqlError::not_supported_yet(
                "right nested recursive query blocks, in Common Table Expression",
            ))
        }
    };
    let grouped = !matches!(&sel.group_by, GroupByExpr::Expressions(e, _) if e.is_empty());
    if grouped || has_aggregate_item(sel) {
        return Err(MySqlError::cte_recursive_forbids_aggregation(name));
    }
    if sel.distinct.is_some() {
        return Err(not_yet());
    }
    let mut n = 0;
    count_references(&SetExpr::Select(sel.clone()), name, &mut n);
    if n > 1 {
        return Err(MySqlError::cte_recursive_requires_single_reference(name));
    }
    for twj in &sel.from {
        for j in &twj.joins {
            let left =
                matches!(j.join_operator, JoinOperator::Left(_) | JoinOperator::LeftOuter(_));
            let mut k = 0;
            count_in_factor(&j.relation, name, &mut k);
            if left && k > 0 {
                return Err(MySqlError::cte_recursive_forbidden_join_order(name));
            }
        }
    }
    Ok(())
}
