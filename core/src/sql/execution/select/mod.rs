//! SELECT's executor: joins, WHERE, GROUP BY with aggregates, HAVING, DISTINCT, ORDER BY and
//! LIMIT over sources the server has bound (stored tables stream from storage along the
//! planner's access path; its own tables, views and derived tables arrive as rows).
//!
//! Joins are nested loops in FROM order: an inner table looked up by the outer row's value
//! (ref / eq_ref) is read per outer row; any other inner source is read once and kept in
//! memory. Each WHERE part is checked as soon as the tables it reads are joined, so a
//! filtered outer row causes no inner lookups. The executor reaches the session only through
//! [`EvalContext`] and the server's counters only through [`Costs`].

mod plan;

pub(crate) use plan::{constant_u64, output_ref};

use super::aggregate::Accumulator;
use super::costs::Costs;
use super::table_read::{full_scan, read};
use super::{Meta, QueryResult, Work};
use crate::error::{MySqlError, Result};
use crate::sql::bind::{resolve_among, BExpr, Binder, Columns, SourceColumns};
use crate::sql::compiled::Compiled;
use crate::sql::expr::{eval, ConstantContext, EvalContext};
use crate::sql::planner::access_path::{
    column_kinds, in_primary_order, is_constant_path, passes, plan_tables, scan_choice,
    split_conditions, Choice, IndexHints, Levels, Path, TableInput,
};
use crate::storage::catalog::Catalog;
use crate::storage::table::{cmp_values, Key, Row, Table};
use crate::storage::value::Value;
use plan::{Plan, SortKey};
use sqlparser::ast::{Expr, Query, Select};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// Row combinations a join may try in one statement. A real server would grind through a
/// cross join of two 3-million-row tables for days; the simulator stops the statement after
/// this many, about two seconds of the engine's own time, as if it had been killed (ERROR
/// 1317), so the page stays responsive.
pub const JOINED_ROWS_MAX: u64 = 1 << 24;
/// Rows a statement may hold in memory at once (groups, sort input, materialised sources);
/// past it the statement stops with error 1114 rather than exhausting the browser tab.
/// Simplification: MySQL would spill to an on-disk temporary table instead.
pub const ROWS_IN_MEMORY_MAX: u64 = 1_000_000;

/// A table in FROM.
pub enum Source {
    Stored { db: String, table: String },
    Rows(Vec<Row>),
}

pub struct BoundSource {
    pub alias: String,
    pub meta: Vec<Meta>,
    pub source: Source,
    /// Offset of this source's first column in the joined row.
    pub offset: u32,
    /// LEFT JOIN: emit NULLs when nothing matches.
    pub outer: bool,
    /// The ON condition, bound against the joined row up to and including this source.
    pub on: Option<Expr>,
    /// USE / FORCE / IGNORE INDEX.
    pub hints: IndexHints,
}

impl BoundSource {
    /// A source whose rows are already in memory (a system table, a view, a derived table),
    /// its columns named for `alias`; its offset is set when it joins the others.
    pub fn materialised(alias: String, meta: Vec<Meta>, rows: Vec<Row>) -> BoundSource {
        let meta = meta.into_iter().map(|m| Meta { table: alias.clone(), ..m }).collect();
        BoundSource {
            alias,
            meta,
            source: Source::Rows(rows),
            offset: 0,
            outer: false,
            on: None,
            hints: IndexHints::default(),
        }
    }
}

/// Column names of the joined row, for the binder.
pub struct Scope<'a> {
    pub sources: &'a [BoundSource],
}

impl Columns for Scope<'_> {
    fn resolve(&self, qualifier: Option<&str>, name: &str, clause: &str) -> Result<u32> {
        let sources: Vec<SourceColumns> = self
            .sources
            .iter()
            .map(|s| SourceColumns {
                alias: &s.alias,
                offset: s.offset,
                names: s.meta.iter().map(|m| m.name.as_str()).collect(),
            })
            .collect();
        resolve_among(&sources, qualifier, name, clause)
    }
}

/// Runs a bound SELECT over `sources`: plans each stored table's access path, joins, and
/// feeds the pipeline.
#[allow(clippy::too_many_arguments)]
pub fn run(
    sel: &Select,
    q: &Query,
    sql: &str,
    sources: &[BoundSource],
    catalog: &Catalog,
    mut costs: Costs,
    cx: &mut dyn EvalContext,
    work: &mut Work,
) -> Result<QueryResult> {
    let offset = width(sources);
    let mut plan = Plan::bind(sel, q, sources, sql, &cx.local_names())?;
    let ons: Vec<Option<BExpr>> = sources
        .iter()
        .map(|s| match &s.on {
            Some(e) => Binder::scalar(&Scope { sources }, "on clause").bind(e).map(Some),
            None => Ok(None),
        })
        .collect::<Result<_>>()?;
    let tables: Vec<TableInput> = sources
        .iter()
        .map(|s| TableInput {
            table: match &s.source {
                Source::Stored { db, table } => catalog.table(db, table),
                Source::Rows(_) => None,
            },
            offset: s.offset,
            width: s.meta.len() as u32,
            outer: s.outer,
            rows: match &s.source {
                Source::Rows(r) => r.len() as u64,
                Source::Stored { .. } => 0,
            },
            hints: s.hints.clone(),
        })
        .collect();
    let levels = split_conditions(plan.filter.as_ref(), &ons, &tables);
    let mut needed = vec![false; offset as usize];
    let mut mark = |c: u32| {
        if let Some(n) = needed.get_mut(c as usize) {
            *n = true;
        }
    };
    plan.mark_columns(&mut mark);
    ons.iter().flatten().for_each(|e| e.for_each_column(&mut mark));
    let kinds = column_kinds(&tables);

    let choices =
        plan_tables(&tables, &levels, &needed, &kinds, &mut |e| eval(e, &[], &[], &mut *cx).ok());
    if let ([t], [Some(c)]) = (tables.as_slice(), choices.as_slice()) {
        if let Some(t) = t.table.filter(|t| in_primary_order(t, c)) {
            plan.use_clustered_order(t);
        }
    }
    let mut state = PipelineState::new(&plan);

    if sources.is_empty() {
        // SELECT without FROM: one implicit row.
        state.feed(&plan, &[], cx)?;
    } else {
        // Inner tables read once (scans, constant lookups) are materialised; a lookup that
        // depends on the outer row runs per row.
        let mut inner: Vec<Inner> = Vec::new();
        for (s, choice) in sources.iter().zip(&choices).skip(1) {
            inner.push(match (&s.source, choice) {
                (Source::Rows(r), _) => Inner::Rows(r.clone()),
                (Source::Stored { db, table }, Some(c)) if !is_constant_path(c) => {
                    Inner::Lookup(stored(catalog, db, table)?, c.clone())
                }
                (Source::Stored { db, table }, c) => {
                    let t = stored(catalog, db, table)?;
                    let c = c.clone().unwrap_or_else(|| scan_choice(t));
                    if c.path == Path::Scan {
                        costs.status.add("Select_full_join", 1);
                    }
                    let mut rows = Vec::new();
                    let all = vec![true; t.def.columns.len()];
                    read(t, &c, &[], &all, &mut costs, work, cx, &mut |row, _, _, _| {
                        rows.push(row.clone());
                        check_rows_in_memory(rows.len() as u64)?;
                        Ok(true)
                    })?;
                    Inner::Rows(rows)
                }
            });
        }
        let join = Join { plan: &plan, sources, inner: &inner, ons: &ons, levels: &levels };
        let total_width = offset as usize;
        let single = sources.len() == 1;
        let mut on_outer_row =
            |outer: &Row, costs: &mut Costs, work: &mut Work, cx: &mut dyn EvalContext| {
                if single {
                    // One source: its row is the joined row (no copy per row).
                    return state.feed(&plan, outer, cx);
                }
                if !passes(&levels.check[0], outer, cx)? {
                    return Ok(true);
                }
                let mut joined = outer.clone();
                joined.resize(total_width, Value::Null);
                join.rest(1, &mut joined, costs, work, cx, &mut state)
            };
        match &sources[0].source {
            Source::Rows(rows) => {
                for row in rows {
                    work.rows += 1;
                    if !on_outer_row(row, &mut costs, work, cx)? {
                        break;
                    }
                }
            }
            Source::Stored { db, table } => {
                let t = stored(catalog, db, table)?;
                let choice = choices[0].clone().unwrap_or_else(|| scan_choice(t));
                match &choice.path {
                    Path::Scan => {
                        costs.status.add("Select_scan", 1);
                        costs.status.add("Handler_read_first", 1);
                    }
                    Path::Range { .. } => costs.status.add("Select_range", 1),
                    Path::Ref { .. } => {}
                }
                let width = sources[0].meta.len() as u32;
                let mut wanted = vec![false; width as usize];
                if sources.len() > 1 {
                    wanted.iter_mut().for_each(|w| *w = true);
                }
                plan.mark_columns(&mut |c| {
                    if c < width {
                        wanted[c as usize] = true;
                    }
                });
                match late_filter(plan.filter.as_ref(), t, &choice, single) {
                    Some((column, first_test)) => {
                        let mut first = vec![false; width as usize];
                        first[column as usize] = true;
                        // The test reads one integer column against a constant: it needs no
                        // session and raises no warning, so running it twice (here and in
                        // the filter) changes nothing a learner sees.
                        let first_test = Compiled::new(first_test);
                        let mut keep = |row: &Row| {
                            let v = first_test.truth(row, &mut ConstantContext);
                            !matches!(v, Ok(Some(false)))
                        };
                        full_scan(
                            t,
                            &wanted,
                            Some((&first, &mut keep)),
                            &mut costs,
                            work,
                            cx,
                            &mut on_outer_row,
                        )?;
                    }
                    None => {
                        read(t, &choice, &[], &wanted, &mut costs, work, cx, &mut on_outer_row)?;
                    }
                }
            }
        }
    }
    let increment = cx.div_precision_increment();
    let rows = state.finish(&plan, cx, increment)?;
    Ok(QueryResult { meta: plan.output_meta(sources, &rows), rows })
}

fn stored<'a>(catalog: &'a Catalog, db: &str, table: &str) -> Result<&'a Table> {
    catalog.table(db, table).ok_or_else(|| MySqlError::no_such_table(db, table))
}

/// An inner table of a join: rows read once, or a lookup per outer row.
enum Inner<'a> {
    Rows(Vec<Row>),
    Lookup(&'a Table, Choice),
}

/// What a nested-loop join needs at every level.
struct Join<'a> {
    plan: &'a Plan,
    sources: &'a [BoundSource],
    inner: &'a [Inner<'a>],
    ons: &'a [Option<BExpr>],
    levels: &'a Levels,
}

impl Join<'_> {
    /// Joins the tables from `level` on to one partial joined row; false stops the whole
    /// read.
    fn rest(
        &self,
        level: usize,
        joined: &mut Row,
        costs: &mut Costs,
        work: &mut Work,
        cx: &mut dyn EvalContext,
        state: &mut PipelineState,
    ) -> Result<bool> {
        if level == self.sources.len() {
            return state.feed(self.plan, joined, cx);
        }
        let s = &self.sources[level];
        let (off, width) = (s.offset as usize, s.meta.len());
        let mut matched = false;
        let mut go_on = true;
        // One candidate row: ON decides whether it matches; WHERE parts complete at this
        // level then decide whether to go deeper.
        let mut try_row = |row: &Row,
                           joined: &mut Row,
                           costs: &mut Costs,
                           work: &mut Work,
                           cx: &mut dyn EvalContext| {
            work.joined += 1;
            if work.joined > JOINED_ROWS_MAX {
                return Err(MySqlError::query_interrupted());
            }
            joined[off..off + width].clone_from_slice(&row[..width]);
            let ok = match &self.ons[level] {
                Some(c) => eval(c, joined, &[], cx)?.truth() == Some(true),
                None => true,
            };
            if !ok {
                return Ok(true);
            }
            matched = true;
            if !passes(&self.levels.check[level], joined, cx)? {
                return Ok(true);
            }
            self.rest(level + 1, joined, costs, work, cx, state)
        };
        match &self.inner[level - 1] {
            Inner::Rows(rows) => {
                for row in rows {
                    if !try_row(row, joined, costs, work, cx)? {
                        go_on = false;
                        break;
                    }
                }
            }
            Inner::Lookup(t, choice) => {
                let all = vec![true; t.def.columns.len()];
                // The lookup's key is computed from the outer row before the read starts; each
                // candidate then writes its columns into the joined row in place (every level
                // writes its own columns before anything reads them).
                let outer = joined.clone();
                go_on =
                    read(t, choice, &outer, &all, costs, work, cx, &mut |row, costs, work, cx| {
                        try_row(row, joined, costs, work, cx)
                    })?;
            }
        }
        if !go_on {
            return Ok(false);
        }
        if !matched && s.outer {
            joined[off..off + width].iter_mut().for_each(|v| *v = Value::Null);
            if !passes(&self.levels.check[level], joined, cx)? {
                return Ok(true);
            }
            return self.rest(level + 1, joined, costs, work, cx, state);
        }
        Ok(true)
    }
}

/// Late materialisation for a full scan of one table: the filter's first test, when it
/// compares an integer column with an integer constant, and that column. `AND` evaluates its
/// left side first and stops when it is false, so a row whose first test is false fails the
/// filter whatever the rest of the row holds: it need not be generated further.
fn late_filter<'a>(
    filter: Option<&'a BExpr>,
    t: &Table,
    choice: &Choice,
    single: bool,
) -> Option<(u32, &'a BExpr)> {
    use sqlparser::ast::BinaryOperator as B;
    if !single || choice.path != Path::Scan {
        return None;
    }
    let mut first = filter?;
    while let BExpr::And(left, _) = first {
        first = left;
    }
    let BExpr::Binary { op, left, right, .. } = first else { return None };
    if !matches!(op, B::Eq | B::NotEq | B::Lt | B::LtEq | B::Gt | B::GtEq) {
        return None;
    }
    let column = match (left.as_ref(), right.as_ref()) {
        (BExpr::Column(c), BExpr::Lit(Value::Int(_) | Value::UInt(_)))
        | (BExpr::Lit(Value::Int(_) | Value::UInt(_)), BExpr::Column(c)) => *c,
        _ => return None,
    };
    let integer = t.def.columns.get(column as usize).is_some_and(|c| c.ty.is_integer());
    integer.then_some((column, first))
}

/// What the pipeline has accumulated, and the row-level expressions it evaluates per row,
/// compiled once for the statement.
struct PipelineState<'p> {
    filter: Option<Compiled<'p>>,
    items: Vec<Compiled<'p>>,
    agg_args: Vec<Option<Compiled<'p>>>,
    /// Ungrouped: output rows with their sort keys.
    outputs: Vec<(Row, Vec<Value>)>,
    /// Aggregates without GROUP BY.
    single: Option<(Option<Row>, Vec<Accumulator>)>,
    /// GROUP BY: key -> (first row of the group, accumulators).
    groups: BTreeMap<Key, (Row, Vec<Accumulator>)>,
    /// Rows produced so far that passed WHERE (for early LIMIT stop).
    produced: u64,
}

impl<'p> PipelineState<'p> {
    fn new(plan: &'p Plan) -> PipelineState<'p> {
        let single = (plan.group_by.is_empty() && !plan.aggregates.is_empty())
            .then(|| (None, plan.aggregates.iter().map(Accumulator::new).collect()));
        PipelineState {
            filter: plan.filter.as_ref().map(Compiled::new),
            items: plan.items.iter().map(|(e, _)| Compiled::new(e)).collect(),
            agg_args: plan.aggregates.iter().map(|a| a.arg.as_ref().map(Compiled::new)).collect(),
            outputs: Vec::new(),
            single,
            groups: BTreeMap::new(),
            produced: 0,
        }
    }

    /// Takes one joined row; false when no more rows are needed (LIMIT reached).
    fn feed(&mut self, plan: &Plan, row: &[Value], cx: &mut dyn EvalContext) -> Result<bool> {
        if let Some(f) = &self.filter {
            if f.truth(row, cx)? != Some(true) {
                return Ok(true);
            }
        }
        if !plan.grouped() {
            let out: Row = self.items.iter().map(|e| e.eval(row, cx)).collect::<Result<_>>()?;
            let keys = sort_keys(plan, row, &[], &out, cx)?;
            self.outputs.push((out, keys));
            self.produced += 1;
            check_rows_in_memory(self.outputs.len() as u64)?;
            // Without ORDER BY or DISTINCT, LIMIT can stop the scan early.
            if plan.order_by.is_empty() && !plan.distinct {
                if let Some(limit) = plan.limit {
                    if self.produced >= limit + plan.offset {
                        return Ok(false);
                    }
                }
            }
            return Ok(true);
        }
        let accs = if let Some((first, accs)) = &mut self.single {
            if first.is_none() {
                *first = Some(row.to_vec());
            }
            accs
        } else {
            let key =
                Key(plan.group_by.iter().map(|g| eval(g, row, &[], cx)).collect::<Result<_>>()?);
            if !self.groups.contains_key(&key) {
                check_rows_in_memory(self.groups.len() as u64 + 1)?;
                self.groups.insert(
                    key.clone(),
                    (row.to_vec(), plan.aggregates.iter().map(Accumulator::new).collect()),
                );
            }
            &mut self.groups.get_mut(&key).expect("inserted").1
        };
        for (acc, arg) in accs.iter_mut().zip(&self.agg_args) {
            let v = match arg {
                Some(a) => a.eval(row, cx)?,
                None => Value::Null,
            };
            acc.update(&v);
        }
        Ok(true)
    }

    fn finish(mut self, plan: &Plan, cx: &mut dyn EvalContext, increment: u8) -> Result<Vec<Row>> {
        if plan.grouped() {
            let mut groups: Vec<(Row, Vec<Accumulator>)> = Vec::new();
            if let Some((first, accs)) = self.single.take() {
                // Aggregates over no rows still give one row.
                groups.push((first.unwrap_or_default(), accs));
            }
            groups.extend(std::mem::take(&mut self.groups).into_values());
            for (row, accs) in groups {
                let aggs: Vec<Value> = accs.iter().map(|a| a.finish(increment)).collect();
                if let Some(h) = &plan.having {
                    if eval(h, &row, &aggs, cx)?.truth() != Some(true) {
                        continue;
                    }
                }
                let out: Row = plan
                    .items
                    .iter()
                    .map(|(e, _)| eval(e, &row, &aggs, cx))
                    .collect::<Result<_>>()?;
                let keys = sort_keys(plan, &row, &aggs, &out, cx)?;
                self.outputs.push((out, keys));
            }
        }
        let mut outputs = self.outputs;
        if plan.distinct {
            let mut seen = std::collections::BTreeSet::new();
            outputs.retain(|(row, _)| seen.insert(Key(row.clone())));
        }
        if !plan.order_by.is_empty() {
            outputs.sort_by(|(_, a), (_, b)| {
                for ((x, y), (_, desc)) in a.iter().zip(b).zip(&plan.order_by) {
                    let o = cmp_values(x, y);
                    if o != Ordering::Equal {
                        return if *desc { o.reverse() } else { o };
                    }
                }
                Ordering::Equal
            });
        }
        let start = (plan.offset as usize).min(outputs.len());
        let end = match plan.limit {
            Some(l) => start.saturating_add(l as usize).min(outputs.len()),
            None => outputs.len(),
        };
        Ok(outputs.drain(start..end).map(|(r, _)| r).collect())
    }
}

fn sort_keys(
    plan: &Plan,
    row: &[Value],
    aggs: &[Value],
    out: &[Value],
    cx: &mut dyn EvalContext,
) -> Result<Vec<Value>> {
    plan.order_by
        .iter()
        .map(|(k, _)| match k {
            SortKey::Output(i) => Ok(out[*i as usize].clone()),
            SortKey::Expr(e) => eval(e, row, aggs, cx),
        })
        .collect()
}

fn check_rows_in_memory(n: u64) -> Result<()> {
    if n > ROWS_IN_MEMORY_MAX {
        return Err(MySqlError::table_full("/tmp/#sql1_8_0"));
    }
    Ok(())
}

/// The width of the joined row `sources` make: where the next source's columns start.
pub fn width(sources: &[BoundSource]) -> u32 {
    sources.last().map_or(0, |s| s.offset + s.meta.len() as u32)
}
