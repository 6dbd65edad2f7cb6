//! SELECT's executor: joins, WHERE, GROUP BY with aggregates, HAVING, DISTINCT, ORDER BY and
//! LIMIT over sources the server has bound (stored tables stream from storage along the
//! planner's access path; its own tables, views and derived tables arrive as rows).
//!
//! Joins are nested loops in the order the planner chose (`reorder.rs`, by cost; FROM order
//! for STRAIGHT_JOIN): an inner table looked up by the outer row's value
//! (ref / eq_ref) is read per outer row; any other inner source is read once and kept in
//! memory: packed rows, or a large stored table's primary keys. Each WHERE part is checked as soon as the tables it reads are joined, so a
//! filtered outer row causes no inner lookups. The executor reaches the session only through
//! [`EvalContext`] and the server's counters only through [`Costs`].

mod correlated;
mod hash_probe;
pub mod json_table;
mod memo;
pub(crate) use memo::Counting;
mod pipeline;
mod plan;
mod record_size;
mod reorder;
mod sorter;
mod window_stage;

pub use correlated::{Correlated, SubqueryKind};
pub use pipeline::RESULT_ROWS_KEPT;
pub(crate) use plan::{constant_u64, output_ref};

use super::costs::Costs;
use super::packed_rows::{PackedRows, TempSpace};
use super::table_read::{full_scan, full_scan_backward, full_scan_replay, full_scan_runs, read};
use super::{Meta, QueryResult, Work};
use crate::error::{MySqlError, Result};
use crate::sql::bind::{resolve_among, BExpr, Binder, Columns, SourceColumns};
use crate::sql::compiled::Compiled;
use crate::sql::expr::{eval, ConstantContext, EvalContext};
use crate::sql::planner::access_path::{
    column_kinds, conjuncts, in_primary_order, is_constant_path, passes, plan_tables,
    reads_backward, scan_choice, split_conditions, Choice, IndexHints, Levels, Path, TableInput,
};
use crate::sql::planner::index_condition;
use crate::sql::planner::index_order::Delivered;
use crate::status_id;
use crate::storage::catalog::Catalog;
use crate::storage::schema::ColumnType;
use crate::storage::table::{LateFill, Row, Table};
use crate::storage::value::Value;
use pipeline::{ColumnFacts, ResultRows};
use pipeline::{ColumnTypes, PipelineState, RowSource, Settings};
use plan::Plan;
use sqlparser::ast::{Expr, Query, Select};
use std::rc::Rc;

/// Row combinations a join may try in one statement. A real server would grind through a
/// cross join of two 3-million-row tables for days; the simulator stops the statement after
/// this many, about two seconds of the engine's own time, as if it had been killed (ERROR
/// 1317), so the page stays responsive.
pub const JOINED_ROWS_MAX: u64 = 1 << 24;

/// A table in FROM.
#[derive(Clone)]
pub enum Source {
    Stored {
        db: String,
        table: String,
    },
    /// Rows the server produced (a view's, a derived table's, a CTE's, a system table's),
    /// packed; shared, so that a CTE read twice is not copied.
    Rows(Rc<PackedRows>),
    /// A dependent derived table (LATERAL, or one that reads an enclosing query): its SELECT
    /// prepared with outer references (`correlated.rs`), run and materialised again for every
    /// row of the tables before it, as MySQL's "Rematerialize". `args`: the outer expressions
    /// its references read, in the names of the query whose FROM holds it.
    Dependent {
        sub: Rc<Correlated>,
        args: Vec<Expr>,
    },
    /// A JSON_TABLE whose document reads the tables before it (`arg`, in the names of the
    /// query whose FROM holds it): its rows made again for every row of those tables
    /// (`json_table.rs`). One whose document is constant is made once, as `Rows`.
    JsonTable {
        def: Rc<crate::sql::json::table::JsonTableDef>,
        arg: Box<Expr>,
    },
}

#[derive(Clone)]
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
    /// The columns a USING or NATURAL join shares with the sources before it: an unqualified
    /// name of one is the earlier source's column, and `SELECT *` shows it once.
    pub using: Vec<String>,
    /// Its place in FROM as written (a RIGHT JOIN's two tables run swapped, as MySQL runs
    /// them as a LEFT JOIN; `SELECT *` keeps the written order).
    pub written: u32,
    /// The sources (positions in the FROM list as bound) the join order must read before
    /// this one: a LEFT JOIN's left operand, a STRAIGHT_JOIN's left side
    /// (`planner/join_order.rs`).
    pub after: Vec<u32>,
    /// The first table of a nested join on the inner side of an outer join (`t1 LEFT JOIN
    /// (t2 JOIN t3 ON c) ON d`, or the left operand of a RIGHT JOIN after another join): the
    /// position of the nested join's last table. When no combination of its tables matches
    /// (the outer join's ON is its last table's), all of them are NULL-complemented together.
    pub nest_end: Option<u32>,
    /// One of a nested join's tables (WHERE must see their missing rows as NULLs, so none of
    /// its parts looks them up).
    pub nested: bool,
}

impl BoundSource {
    /// A source whose rows are held as values (a system table, a set operation's blocks),
    /// packed.
    pub fn of_values(alias: String, meta: Vec<Meta>, rows: Vec<Row>) -> Result<BoundSource> {
        Ok(BoundSource::materialised(alias, meta, Rc::new(PackedRows::from_rows(rows)?)))
    }

    /// A source whose rows the server has produced (a view, a derived table, a CTE), its
    /// columns named for `alias`; its offset is set when it joins the others.
    pub fn materialised(alias: String, meta: Vec<Meta>, rows: Rc<PackedRows>) -> BoundSource {
        let meta = meta.into_iter().map(|m| Meta { table: alias.clone(), ..m }).collect();
        BoundSource {
            alias,
            meta,
            source: Source::Rows(rows),
            offset: 0,
            outer: false,
            on: None,
            hints: IndexHints::default(),
            using: Vec::new(),
            written: 0,
            after: Vec::new(),
            nest_end: None,
            nested: false,
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
                // A USING column is the earlier source's when unqualified: hidden here.
                names: s
                    .meta
                    .iter()
                    .map(|m| {
                        let shared = s.using.iter().any(|u| u.eq_ignore_ascii_case(&m.name));
                        if shared && qualifier.is_none() {
                            ""
                        } else {
                            m.name.as_str()
                        }
                    })
                    .collect(),
            })
            .collect();
        resolve_among(&sources, qualifier, name, clause)
    }

    fn is_json(&self, position: u32) -> bool {
        self.meta_at(position).is_some_and(|m| m.json)
    }

    fn is_time(&self, position: u32) -> bool {
        self.meta_at(position).is_some_and(|m| m.time)
    }

    fn enum_labels(&self, position: u32) -> Option<Rc<[String]>> {
        self.meta_at(position).and_then(|m| m.labels.clone())
    }
}

impl Scope<'_> {
    /// The metadata of the joined row's column at `position`.
    fn meta_at(&self, position: u32) -> Option<&Meta> {
        self.sources
            .iter()
            .find_map(|s| position.checked_sub(s.offset).and_then(|i| s.meta.get(i as usize)))
    }
}

/// The columns a SELECT over `sources` gives, known before it runs (a dependent derived
/// table's, which runs only per outer row): as the result would name them, with no row's
/// facts (a column whose type the expression does not tell is called numeric).
pub fn output_columns(
    sel: &Select,
    q: &Query,
    sources: &[BoundSource],
    sql: &str,
    locals: &[String],
) -> Result<Vec<Meta>> {
    let plan = Plan::bind(sel, q, sources, sql, locals)?;
    Ok(plan.output_meta(sources, &ColumnFacts::default()))
}

/// Runs a bound SELECT over `sources`: plans each stored table's access path, joins, and
/// feeds the pipeline. `subs`: the query's correlated subqueries, prepared
/// (`correlated.rs`), which its `BExpr::Correlated` calls run per outer row.
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
    for_client: bool,
    subs: &[Rc<Correlated>],
) -> Result<QueryResult> {
    let mut plan = Plan::bind(sel, q, sources, sql, &cx.local_names())?;
    // The join order the planner chose (`reorder.rs`): the sources in that order, the plan
    // bound again over them.
    // A dependent derived table keeps its place after the tables it reads; a nested join's
    // tables keep theirs, in the order MySQL's rewrite of it gives (simplification: MySQL
    // may still order the tables inside the nest by cost).
    let dependent = sources.iter().any(|s| {
        matches!(s.source, Source::Dependent { .. } | Source::JsonTable { .. })
            || s.nest_end.is_some()
    });
    let reordered = if subs.is_empty() && !dependent {
        reorder::reorder(sel, &plan, sources, catalog, cx)
    } else {
        None
    };
    let sources = match &reordered {
        Some((ordered, sel)) => {
            plan = Plan::bind(sel, q, ordered, sql, &cx.local_names())?;
            ordered.as_slice()
        }
        None => sources,
    };
    // Window functions: the rows are grouped first, then windowed (`window_stage.rs`).
    let Some(stage) = window_stage::split(&mut plan) else {
        return run_plan(plan, sources, catalog, costs, cx, work, for_client, subs);
    };
    let rows_kept = if for_client { pipeline::RESULT_ROWS_KEPT } else { u64::MAX };
    let inner = run_plan(plan, sources, catalog, costs.reborrow(), cx, work, false, subs)?;
    stage.finish(inner, &mut costs, cx, rows_kept, &work.temp_space)
}

/// Runs a bound plan: plans each stored table's access path, joins, and feeds the pipeline;
/// the work of its correlated subqueries' executions is added to the statement's at the end.
#[allow(clippy::too_many_arguments)]
fn run_plan(
    plan: Plan,
    sources: &[BoundSource],
    catalog: &Catalog,
    costs: Costs,
    cx: &mut dyn EvalContext,
    work: &mut Work,
    for_client: bool,
    subs: &[Rc<Correlated>],
) -> Result<QueryResult> {
    if subs.is_empty() {
        return run_plan_with(plan, sources, catalog, costs, cx, work, for_client, None);
    }
    let rt = correlated::Runtime::new(catalog, subs, work);
    let result = run_plan_with(plan, sources, catalog, costs, cx, work, for_client, Some(&rt));
    work.absorb(rt.work.into_inner());
    result
}

#[allow(clippy::too_many_arguments)]
fn run_plan_with(
    mut plan: Plan,
    sources: &[BoundSource],
    catalog: &Catalog,
    mut costs: Costs,
    cx: &mut dyn EvalContext,
    work: &mut Work,
    for_client: bool,
    rt: Option<&correlated::Runtime>,
) -> Result<QueryResult> {
    let offset = width(sources);
    let ons: Vec<Option<BExpr>> = sources
        .iter()
        .map(|s| match &s.on {
            Some(e) => Binder::scalar(&Scope { sources }, "on clause").bind(e).map(Some),
            None => Ok(None),
        })
        .collect::<Result<_>>()?;
    let tables = table_inputs(sources, catalog);
    let mut levels = split_conditions(plan.filter.as_ref(), &ons, &tables);
    // A nested join's WHERE parts wait for its last table, where it is known whether the
    // nest matched (or is NULL-complemented).
    for (i, s) in sources.iter().enumerate() {
        if let Some(last) = s.nest_end.map(|e| e as usize).filter(|&e| e < levels.check.len()) {
            for k in i..last {
                let moved = std::mem::take(&mut levels.check[k]);
                levels.check[last].extend(moved);
            }
        }
    }
    let mut needed = vec![false; offset as usize];
    let mut mark = |c: u32| {
        if let Some(n) = needed.get_mut(c as usize) {
            *n = true;
        }
    };
    plan.mark_columns(&mut mark);
    ons.iter().flatten().for_each(|e| e.for_each_column(&mut mark));
    let kinds = column_kinds(&tables);

    let mut choices =
        plan_tables(&tables, &levels, &needed, &kinds, &mut |e| eval(e, &[], &[], &mut *cx).ok());
    let mut delivered = Delivered::default();
    if let ([input], [Some(c)]) = (tables.as_slice(), choices.as_mut_slice()) {
        if let Some(t) = input.table {
            // A loose index scan first (it replaces any order the other reads could give).
            let mut constant = |e: &BExpr| eval(e, &[], &[], &mut *cx).ok();
            let loose =
                plan.use_group_skip(t, c, &levels.access[0], &needed, &input.hints, &mut constant);
            if let Some(d) = loose {
                delivered = d;
            } else if in_primary_order(t, c) {
                // A whole scan, a range or a non-unique lookup of the primary key can go
                // backward for ORDER BY pk DESC (`Backward index scan`).
                let backward = reads_backward(t, c);
                c.reverse = plan.use_clustered_order(t, backward);
            }
            if loose.is_none() {
                let unconsumed = levels.check[0].len().saturating_sub(c.consumed.len());
                delivered = plan.use_index_order(t, c, unconsumed, &needed, &input.hints);
            }
        }
    }
    // Index condition pushdown, once every path is final (a read in index order included).
    // The WHERE parts that held a subquery are this block's to withhold: taken, so a block
    // read later (a correlated subquery's) does not see them.
    let subquery_parts = std::mem::take(&mut work.subquery_conjuncts);
    let withheld = index_condition::withheld(
        work.index_condition_blocked,
        plan.filter.as_ref(),
        &subquery_parts,
    );
    let switch = index_condition::switch_on(cx);
    index_condition::push(&mut choices, &tables, &levels, switch, &withheld);
    let source = row_source(sources, catalog, &needed);
    let types = if plan.groups_or_sorts() { column_types(sources, catalog) } else { Vec::new() };
    let mut settings = pipeline_settings(&plan, sources, catalog, choices.first(), cx, &costs);
    settings.group_needs_temporary &= !delivered.group;
    // Groups in index order under a LIMIT: the read ends once the groups wanted are
    // complete (their keys are kept, so a new group is told by its key).
    if delivered.group && plan.order_by.is_empty() && plan.having.is_none() {
        settings.groups_stop_after = (plan.limit.map(|l| l.saturating_add(plan.offset)))
            .filter(|&n| n < pipeline::KEYS_KEPT_MAX as u64);
    }
    settings.space = work.temp_space.clone();
    settings.needed = needed.clone();
    if for_client {
        settings.rows_kept = pipeline::RESULT_ROWS_KEPT;
    } else {
        settings.pack = true;
    }
    group_concat_max_len(&mut plan, cx);
    let mut state = PipelineState::new(&plan, source, types, settings);
    state.set_runtime(rt);
    if rt.is_some() && sources.len() > 1 {
        // A join checks every WHERE part at the level whose tables it reads: the pipeline
        // must not check (and run a correlated subquery) a second time.
        state.drop_filter();
    }

    if sources.is_empty() {
        // SELECT without FROM: one implicit row.
        state.feed(&plan, &[], &mut costs, cx)?;
    } else {
        // Inner tables read once (scans, constant lookups) are materialised; a lookup that
        // depends on the outer row runs per row.
        let mut inner: Vec<Inner> = Vec::new();
        for (s, choice) in sources.iter().zip(&choices).skip(1) {
            inner.push(match (&s.source, choice) {
                (Source::Rows(r), _) => Inner::Rows(Rc::clone(r), s.meta.len()),
                (Source::Dependent { sub, args }, _) => {
                    Inner::Dependent(Dependent::new(sub, args, sources, cx)?)
                }
                (Source::JsonTable { def, arg }, _) => {
                    Inner::JsonTable(json_table::Lateral::new(def, arg, sources, cx)?)
                }
                (Source::Stored { db, table }, Some(c)) if !is_constant_path(c) => {
                    Inner::Lookup(stored(catalog, db, table)?, c.clone())
                }
                (Source::Stored { db, table }, c) => {
                    let t = stored(catalog, db, table)?;
                    let c = c.clone().unwrap_or_else(|| scan_choice(t));
                    if c.path == Path::Scan {
                        costs.status.add(status_id!("Select_full_join"), 1);
                    }
                    let all = vec![true; t.def.columns.len()];
                    let large = t.row_count() > INNER_ROWS_AS_VALUES_MAX;
                    match single_integer_key(t).filter(|_| large) {
                        // Kept by primary key, read again per outer row.
                        Some(pk) => {
                            let mut keys = InnerKeys::new(&work.temp_space);
                            read(t, &c, &[], &all, &mut costs, work, cx, &mut |row, _, _, _| {
                                keys.push(&row[pk as usize])?;
                                Ok(true)
                            })?;
                            Inner::Keys(t, keys)
                        }
                        None => {
                            let mut rows = PackedRows::in_space(&work.temp_space);
                            read(t, &c, &[], &all, &mut costs, work, cx, &mut |row, _, _, _| {
                                rows.push(row)?;
                                Ok(true)
                            })?;
                            Inner::Rows(Rc::new(rows), t.def.columns.len())
                        }
                    }
                }
            });
        }
        let mut closes: Vec<Option<usize>> = vec![None; sources.len()];
        for (i, s) in sources.iter().enumerate() {
            if let Some(c) = s.nest_end.and_then(|e| closes.get_mut(e as usize)) {
                *c = Some(i);
            }
        }
        let nest_matched = vec![std::cell::Cell::new(false); sources.len()];
        let probes = hash_probes(sources, &inner, &ons, &levels, &closes, &work.temp_space)?;
        let probe_rows: Vec<std::cell::Cell<Row>> =
            inner.iter().map(|_| Default::default()).collect();
        let join = Join {
            plan: &plan,
            sources,
            inner: &inner,
            ons: &ons,
            levels: &levels,
            rt,
            catalog,
            closes: &closes,
            nest_matched: &nest_matched,
            probes: &probes,
            probe_rows: &probe_rows,
        };
        let total_width = offset as usize;
        let single = sources.len() == 1;
        // A scan of the one table feeding one plain aggregate skips the pipeline's per-row
        // choices (`pipeline/plain_feed.rs`): decided here, before the row visitor below
        // borrows the pipeline.
        let plain = single && state.plain_feed().is_some();
        // The joined row, written in place for every outer row: each level writes its own
        // columns before anything reads them, so the slots keep their buffers.
        let mut joined = Row::new();
        let mut on_outer_row =
            |outer: &Row, costs: &mut Costs, work: &mut Work, cx: &mut dyn EvalContext| {
                if single {
                    // One source: its row is the joined row (no copy per row).
                    return state.feed(&plan, outer, costs, cx);
                }
                if !correlated::lend(rt, costs, cx, |cx| passes(&levels.check[0], outer, cx))? {
                    return Ok(true);
                }
                joined.resize(total_width, Value::Null);
                let n = outer.len().min(total_width);
                joined[..n].clone_from_slice(&outer[..n]);
                join.rest(1, &mut joined, costs, work, cx, &mut state)
            };
        match &sources[0].source {
            Source::Rows(rows) => {
                rows.try_visit(sources[0].meta.len(), &mut |row| {
                    work.rows += 1;
                    on_outer_row(row, &mut costs, work, cx)
                })?;
            }
            // First in its FROM, it reads only enclosing queries: materialised once.
            Source::Dependent { sub, args } => {
                let d = Dependent::new(sub, args, sources, cx)?;
                let rows = d.materialise(&[], catalog, &mut costs, cx, work)?;
                d.finish(&mut costs);
                rows.try_visit(sources[0].meta.len(), &mut |row| {
                    work.rows += 1;
                    on_outer_row(row, &mut costs, work, cx)
                })?;
            }
            // A JSON_TABLE first in its FROM reads no table: made when it was bound.
            Source::JsonTable { .. } => {
                return Err(MySqlError::unknown("a lateral JSON_TABLE first in its FROM"));
            }
            Source::Stored { db, table } => {
                let t = stored(catalog, db, table)?;
                let choice = choices[0].clone().unwrap_or_else(|| scan_choice(t));
                match &choice.path {
                    // A backward read counts Handler_read_last instead (`full_scan_backward`).
                    Path::Scan => {
                        costs.status.add(status_id!("Select_scan"), 1);
                        if !choice.reverse {
                            costs.status.add(status_id!("Handler_read_first"), 1);
                        }
                    }
                    // A full index scan counts as a scan of the table; its first read
                    // (Handler_read_first / _last) is the read's own.
                    Path::IndexScan { .. } => costs.status.add(status_id!("Select_scan"), 1),
                    Path::Range { .. } | Path::GroupSkip(_) => {
                        costs.status.add(status_id!("Select_range"), 1)
                    }
                    Path::Ref { .. } => {}
                }
                let width = sources[0].meta.len() as u32;
                // A lateral source (a dependent derived table, a JSON_TABLE) reads the first
                // table's columns through its own arguments: it gets every column.
                let lateral = sources.iter().any(|s| {
                    matches!(s.source, Source::Dependent { .. } | Source::JsonTable { .. })
                });
                let mut wanted = vec![lateral; width as usize];
                // Columns read whole, and columns read only for their length.
                let mut whole = wanted.clone();
                let mut mark = |c: u32, length_only: bool| {
                    if c < width {
                        wanted[c as usize] = true;
                        whole[c as usize] |= !length_only;
                    }
                };
                plan.mark_column_uses(&mut mark);
                // A join reads the first table's columns in its ON conditions too (its WHERE
                // parts and the lookups made of them are the plan's filter, marked above).
                for on in ons.iter().flatten() {
                    on.for_each_column_use(&mut mark);
                }
                // Rows kept by reference are kept by their primary key.
                if let Some(pk) = single_integer_key(t) {
                    wanted[pk as usize] = true;
                    whole[pk as usize] = true;
                }
                let lengths_only = lengths_only(t, &wanted, &whole);
                // A whole scan whose result was kept: the pages are walked as before, for the
                // same simulated cost, and the kept result stands in for the rows.
                // A pruned scan of a partitioned table goes through `read`, which skips the
                // pruned partitions' rows.
                let pruned = choice.partitions.as_ref().is_some_and(|c| c.contains(&false));
                let memo_key = (choice.path == Path::Scan
                    && !choice.reverse
                    && sources.len() == 1
                    && rt.is_none()
                    && !pruned)
                    .then(|| memo::key(&plan, t, &wanted))
                    .flatten();
                if let Some(kept) = memo_key.as_deref().and_then(|k| t.memo_get(k)) {
                    full_scan_replay(t, &wanted, &mut costs, work);
                    state.restore_single(kept);
                    let increment = cx.div_precision_increment();
                    let (rows, unshown) = state.finish(&plan, &mut costs, cx, increment)?;
                    return Ok(result_of(&plan, sources, rows, unshown));
                }
                let mut counting = memo::Counting { inner: &mut *cx, warnings: 0, mute: false };
                let cx: &mut dyn EvalContext = &mut counting;
                match () {
                    _ if choice.path == Path::Scan && choice.reverse => {
                        full_scan_backward(t, &wanted, &mut costs, work, cx, &mut on_outer_row)?;
                    }
                    _ if choice.path == Path::Scan && !pruned => {
                        // Late filling: the one integer column of the filter's first test is
                        // read first, and the rest of a row only when that test passes. The
                        // test reads one integer column against a constant: it needs no
                        // session and raises no warning, so running it twice (here and in
                        // the filter) changes nothing a learner sees.
                        let first_test = late_filter(plan.filter.as_ref(), t, &choice, single).map(
                            |(column, test)| {
                                let mut first = vec![false; width as usize];
                                first[column as usize] = true;
                                (first, Compiled::new(test))
                            },
                        );
                        let mut keep = |row: &Row| {
                            first_test.as_ref().is_none_or(|(_, test)| {
                                !matches!(test.truth(row, &mut ConstantContext), Ok(Some(false)))
                            })
                        };
                        let late = first_test.as_ref().map(|(first, _)| {
                            (&first[..], &mut keep as &mut dyn FnMut(&Row) -> bool)
                        });
                        if plain {
                            let st = &mut state;
                            full_scan_plain(
                                t,
                                &wanted,
                                &lengths_only,
                                late,
                                st,
                                &mut costs,
                                work,
                                cx,
                            )?;
                        } else {
                            let visit = &mut on_outer_row;
                            full_scan(
                                t,
                                &wanted,
                                &lengths_only,
                                late,
                                &mut costs,
                                work,
                                cx,
                                visit,
                            )?;
                        }
                    }
                    _ => {
                        read(t, &choice, &[], &wanted, &mut costs, work, cx, &mut on_outer_row)?;
                    }
                }
                if let (Some(key), 0) = (memo_key, counting.warnings) {
                    if let Some(result) = state.single_state() {
                        t.memo_put(key, result);
                    }
                }
            }
        }
        for i in &inner {
            match i {
                Inner::Dependent(d) => d.finish(&mut costs),
                Inner::JsonTable(j) => j.finish(&mut costs),
                _ => {}
            }
        }
    }
    let increment = cx.div_precision_increment();
    let (rows, unshown) = state.finish(&plan, &mut costs, cx, increment)?;
    Ok(result_of(&plan, sources, rows, unshown))
}

/// [`full_scan`] with every row fed to the pipeline's plain feed: a run of rows at a time
/// ([`full_scan_runs`]), or row by row under late materialisation, which hands rows over
/// singly (one-row runs cost the Listing 3.118 count about a seventh of its time).
#[allow(clippy::too_many_arguments)]
fn full_scan_plain(
    t: &Table,
    wanted: &[bool],
    lengths_only: &[bool],
    late: Option<LateFill>,
    state: &mut PipelineState,
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
) -> Result<bool> {
    let mut feed = state.plain_feed().ok_or_else(no_plain_feed)?;
    if late.is_some() {
        // Late materialisation hands over rows one at a time: the row visitor's loop.
        let visit = &mut |row: &Row, _: &mut Costs, _: &mut Work, cx: &mut dyn EvalContext| {
            feed.feed(row, cx)
        };
        return full_scan(t, wanted, lengths_only, late, costs, work, cx, visit);
    }
    let visit = &mut |rows: &[Row], cx: &mut dyn EvalContext| feed.feed_run(rows, cx);
    full_scan_runs(t, wanted, lengths_only, late, costs, work, cx, visit)
}

/// The error of a plain feed that was there when the scan was planned and is gone when it
/// starts: nothing between the two changes the pipeline, so this is never returned.
fn no_plain_feed() -> MySqlError {
    MySqlError::unknown("the plain aggregate feed of a scan")
}

/// Puts the session's `group_concat_max_len` into the plan's GROUP_CONCAT calls (read once,
/// as the statement starts).
fn group_concat_max_len(plan: &mut Plan, cx: &mut dyn EvalContext) {
    use crate::sql::bind::AggFunc;
    if !plan.aggregates.iter().any(|c| c.func == AggFunc::GroupConcat) {
        return;
    }
    let max_len = cx
        .system_variable("group_concat_max_len", crate::sql::parser::VarScope::Default)
        .ok()
        .and_then(|v| match v {
            Value::UInt(u) => Some(u),
            v => v.to_i64().map(|i| i.max(0) as u64),
        })
        .unwrap_or(crate::sql::bind::GROUP_CONCAT_MAX_LEN_DEFAULT);
    for c in plan.aggregates.iter_mut().filter(|c| c.func == AggFunc::GroupConcat) {
        c.max_len = max_len;
    }
}

/// The statement's result from the rows its pipeline collected.
fn result_of(plan: &Plan, sources: &[BoundSource], rows: ResultRows, unshown: u64) -> QueryResult {
    let (rows, packed, facts): (Vec<Row>, Option<PackedRows>, ColumnFacts) = rows.into_parts();
    QueryResult { meta: plan.output_meta(sources, &facts), rows, unshown, packed }
}

/// The VARCHAR and TEXT columns of `t` that a statement reading it alone wants only for their
/// length (`wanted` but not `whole`), none of them in the primary key (which a scan merges
/// changed rows by): a scan may then leave their text ungenerated (an empty list when there
/// are none). This is the simulator's own saving, not MySQL's (the server reads whole
/// records whatever it uses of them), and the simulated cost of the scan does not depend on it.
/// What the planner knows of each source: its stored table (None for rows the server
/// produced, with their count), its place in the joined row, LEFT JOIN and index hints.
pub(super) fn table_inputs<'a>(
    sources: &[BoundSource],
    catalog: &'a Catalog,
) -> Vec<TableInput<'a>> {
    sources
        .iter()
        .map(|s| TableInput {
            table: match &s.source {
                Source::Stored { db, table } => catalog.table(db, table),
                Source::Rows(_) | Source::Dependent { .. } | Source::JsonTable { .. } => None,
            },
            offset: s.offset,
            width: s.meta.len() as u32,
            outer: s.outer || s.nested,
            rows: match &s.source {
                Source::Rows(r) => r.len(),
                Source::Stored { .. } | Source::Dependent { .. } | Source::JsonTable { .. } => 0,
            },
            hints: s.hints.clone(),
        })
        .collect()
}

fn lengths_only(t: &Table, wanted: &[bool], whole: &[bool]) -> Vec<bool> {
    let key = t.def.primary().map(|pk| pk.columns.clone()).unwrap_or_default();
    let marks: Vec<bool> = (0..wanted.len())
        .map(|c| {
            wanted[c]
                && !whole[c]
                && !key.contains(&(c as u32))
                && t.def.columns.get(c).is_some_and(|col| {
                    matches!(col.ty, ColumnType::Varchar(_) | ColumnType::Text(_))
                })
        })
        .collect();
    if marks.contains(&true) {
        marks
    } else {
        Vec::new()
    }
}

/// The position of a table's primary key when it is one integer column.
fn single_integer_key(t: &Table) -> Option<u32> {
    let pk = t.def.primary()?;
    let [c] = pk.columns.as_slice() else { return None };
    t.def.columns.get(*c as usize).filter(|col| col.ty.is_integer()).map(|_| *c)
}

/// The one stored table a statement reads, when the pipeline may keep its rows by primary
/// key: a single table with a one-column integer key.
fn row_source<'a>(
    sources: &[BoundSource],
    catalog: &'a Catalog,
    needed: &[bool],
) -> Option<RowSource<'a>> {
    let [s] = sources else { return None };
    let Source::Stored { db, table } = &s.source else { return None };
    let t = catalog.table(db, table)?;
    let pk = single_integer_key(t)?;
    let mut needed = needed.to_vec();
    needed.resize(t.def.columns.len(), false);
    needed[pk as usize] = true;
    Some(RowSource { table: t, pk, needed })
}

/// Each joined-row column's stored type, where a stored table gives it.
fn column_types(sources: &[BoundSource], catalog: &Catalog) -> ColumnTypes {
    let mut types = Vec::new();
    for s in sources {
        let table = match &s.source {
            Source::Stored { db, table } => catalog.table(db, table),
            Source::Rows(_) | Source::Dependent { .. } | Source::JsonTable { .. } => None,
        };
        match table {
            Some(t) => types.extend(t.def.columns.iter().map(|c| Some((c.ty.clone(), c.nullable)))),
            None => types.extend((0..s.meta.len()).map(|_| None)),
        }
    }
    types
}

/// The session's temporary table and sort settings, and the plan's facts they depend on.
fn pipeline_settings(
    plan: &Plan,
    sources: &[BoundSource],
    catalog: &Catalog,
    first_choice: Option<&Option<Choice>>,
    cx: &mut dyn EvalContext,
    costs: &Costs,
) -> Settings {
    use crate::sql::execution::temp_table::{MemoryEngine, TempSettings};
    use crate::sql::parser::VarScope;
    // Only a statement that groups, sorts or de-duplicates reads them: a short SELECT pays for
    // no variable lookups.
    let needed = plan.groups_or_sorts();
    let mut number = |name: &str| {
        if !needed {
            return 0;
        }
        cx.system_variable(name, VarScope::Default)
            .ok()
            .and_then(|v| v.to_i64())
            .map_or(0, |n| n.max(0) as u64)
    };
    let tmp_table_size = number("tmp_table_size");
    let max_heap_table_size = number("max_heap_table_size");
    let temptable_max_ram = number("temptable_max_ram");
    let temptable_max_mmap = number("temptable_max_mmap");
    let big_tables = number("big_tables") != 0;
    let sort_buffer_size = number("sort_buffer_size");
    let max_sort_length = number("max_sort_length");
    let engine = match needed
        .then(|| cx.system_variable("internal_tmp_mem_storage_engine", VarScope::Default))
    {
        Some(Ok(Value::Str(e))) if e.eq_ignore_ascii_case("MEMORY") => MemoryEngine::Memory,
        _ => MemoryEngine::TempTable,
    };
    // GROUP BY the primary key of the one table, read in key order, needs no temporary
    // table (as EXPLAIN says).
    let group_by_pk = match sources {
        [BoundSource { source: Source::Stored { db, table }, .. }] => {
            catalog.table(db, table).and_then(|t| t.def.primary()).is_some_and(|pk| {
                !plan.group_by.is_empty()
                    && plan.group_by.len() <= pk.columns.len()
                    && plan.group_by.iter().all(|g| {
                        matches!(g, BExpr::Column(c) if pk.columns[..plan.group_by.len()].contains(c))
                    })
            })
        }
        _ => false,
    };
    let range = first_choice
        .and_then(|c| c.as_ref())
        .is_some_and(|c| matches!(c.path, Path::Range { .. } | Path::GroupSkip(_)));
    Settings {
        temp: TempSettings {
            engine,
            tmp_table_size,
            max_heap_table_size,
            temptable_max_ram,
            temptable_max_mmap,
            big_tables,
        },
        sort_buffer_size,
        max_sort_length,
        group_needs_temporary: !group_by_pk,
        sort_counter: if range { status_id!("Sort_range") } else { status_id!("Sort_scan") },
        costs: costs.host.hardware().temp.clone(),
        rows_kept: u64::MAX,
        pack: false,
        space: TempSpace::default(),
        needed: Vec::new(),
        groups_stop_after: None,
    }
}

fn stored<'a>(catalog: &'a Catalog, db: &str, table: &str) -> Result<&'a Table> {
    catalog.table(db, table).ok_or_else(|| MySqlError::no_such_table(db, table))
}

/// An inner table of a join: rows read once (packed, of the given width), a stored table
/// read once and kept by primary key, or a lookup per outer row.
enum Inner<'a> {
    Rows(Rc<PackedRows>, usize),
    Keys(&'a Table, InnerKeys),
    Lookup(&'a Table, Choice),
    Dependent(Dependent),
    JsonTable(json_table::Lateral),
}

/// A dependent derived table as the join reads it: run again for every outer row, its rows
/// written to its internal temporary table each time.
///
/// UNCONFIRMED: MySQL creates the table once (one `Created_tmp_tables`) and empties it
/// before each rematerialisation (`ha_delete_all_rows`), as its MaterializeIterator does;
/// here too: created at the first run, emptied before each later one, dropped at the end
/// (every row written counts in `Handler_write`).
struct Dependent {
    sub: Rc<Correlated>,
    /// The outer values' expressions, bound against the joined row.
    args: Vec<BExpr>,
    table: std::cell::RefCell<Option<super::temp_table::TempTable>>,
}

impl Dependent {
    fn new(
        sub: &Rc<Correlated>,
        args: &[Expr],
        sources: &[BoundSource],
        cx: &mut dyn EvalContext,
    ) -> Result<Dependent> {
        let scope = Scope { sources };
        let locals = cx.local_names();
        let args = args
            .iter()
            .map(|a| Binder::scalar(&scope, "from clause").with_locals(locals.clone()).bind(a))
            .collect::<Result<Vec<_>>>()?;
        Ok(Dependent { sub: Rc::clone(sub), args, table: Default::default() })
    }

    /// Runs the derived table for the joined row `outer` and gives its rows.
    fn materialise(
        &self,
        outer: &[Value],
        catalog: &Catalog,
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
        work: &mut Work,
    ) -> Result<PackedRows> {
        let values =
            self.args.iter().map(|a| eval(a, outer, &[], cx)).collect::<Result<Vec<_>>>()?;
        let result = correlated::run_dependent(&self.sub, &values, catalog, costs, cx, work)?;
        let (meta, rows) = result.into_packed()?;
        let mut slot = self.table.borrow_mut();
        let table = match slot.as_mut() {
            Some(t) => {
                t.empty();
                t
            }
            None => {
                let settings = super::set_table::temp_settings(cx);
                slot.insert(super::temp_table::TempTable::create_unkeyed(settings, costs))
            }
        };
        let mut row = Row::new();
        rows.visit(meta.len(), &mut row, &mut |r| {
            table.write(super::set_table::row_size(r), 0, costs);
            true
        });
        Ok(rows)
    }

    /// The statement is over: its table dropped.
    fn finish(&self, costs: &mut Costs) {
        if let Some(t) = self.table.borrow_mut().take() {
            t.drop_table(costs);
        }
    }
}

/// A stored inner table of at most this many rows is kept packed (decoding a row is cheaper
/// than reading it again); a larger one by primary key.
const INNER_ROWS_AS_VALUES_MAX: u64 = 100_000;

/// The primary keys of a stored inner table's rows, in the order they were read: 8 bytes a
/// row where the rows themselves would take hundreds. Each outer row reads them again from
/// the table (`Table::fetch_into`), which costs the simulated server nothing more: MySQL's
/// join buffer or temporary table holds the rows, and reading them back is charged once
/// with the scan.
struct InnerKeys {
    keys: Vec<u64>,
    signed: bool,
    /// The statement's temporary space, which the keys take 8 bytes a row of.
    space: TempSpace,
}

impl InnerKeys {
    fn new(space: &TempSpace) -> InnerKeys {
        InnerKeys { keys: Vec::new(), signed: false, space: space.clone() }
    }

    fn push(&mut self, pk: &Value) -> Result<()> {
        if self.keys.is_empty() {
            self.signed = matches!(pk, Value::Int(_));
        }
        // The keys stand for the table's rows in the join buffer: bounded as the packed rows
        // are, by the statement's temporary space.
        self.space.take(8)?;
        self.keys.push(pipeline::encode_pk(pk));
        Ok(())
    }
}

impl Drop for InnerKeys {
    fn drop(&mut self) {
        self.space.give(self.keys.len() as u64 * 8);
    }
}

/// What a nested-loop join needs at every level.
struct Join<'a> {
    plan: &'a Plan,
    sources: &'a [BoundSource],
    inner: &'a [Inner<'a>],
    ons: &'a [Option<BExpr>],
    levels: &'a Levels,
    rt: Option<&'a correlated::Runtime<'a>>,
    catalog: &'a Catalog,
    /// For a nested join's last table, the position of its first (`BoundSource::nest_end`).
    closes: &'a [Option<usize>],
    /// Per nested join (at its first table's position): whether a combination of its tables
    /// matched for the current outer row.
    nest_matched: &'a [std::cell::Cell<bool>],
    /// Per inner level (as `inner`): the hash join's probe into its rows, if it has one.
    probes: &'a [Option<hash_probe::Probe>],
    /// Per inner level: the row its probe's candidates are read into, kept between outer
    /// rows.
    probe_rows: &'a [std::cell::Cell<Row>],
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
            return state.feed(self.plan, joined, costs, cx);
        }
        let s = &self.sources[level];
        let (off, width) = (s.offset as usize, s.meta.len());
        if s.nest_end.is_some() {
            self.nest_matched[level].set(false);
        }
        let closes = self.closes.get(level).copied().flatten();
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
            // max_execution_time every 1,024 combinations: a check per row cost the count
            // of Listing 3.118 a tenth of its time.
            if work.joined & 1023 == 0 {
                work.check_deadline(costs.clock.now())?;
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
            if let Some(first) = closes {
                self.nest_matched[first].set(true);
            }
            let check = &self.levels.check[level];
            if !correlated::lend(self.rt, costs, cx, |cx| passes(check, joined, cx))? {
                return Ok(true);
            }
            self.rest(level + 1, joined, costs, work, cx, state)
        };
        match &self.inner[level - 1] {
            Inner::Rows(rows, width) => {
                let found = match &self.probes[level - 1] {
                    Some(probe) => probe.candidates(joined),
                    None => hash_probe::Candidates::Every,
                };
                go_on = match found {
                    hash_probe::Candidates::Rows(found) => {
                        // The level's row buffer, lent for the loop (taken, so a re-entry
                        // would only start a new one) and given back with its strings.
                        let cell = &self.probe_rows[level - 1];
                        let mut row = cell.take();
                        let mut result = Ok(true);
                        for &(_, at) in found {
                            rows.read_at(at, *width, &mut row);
                            match try_row(&row, joined, costs, work, cx) {
                                Ok(true) => {}
                                other => {
                                    result = other;
                                    break;
                                }
                            }
                        }
                        cell.set(row);
                        result?
                    }
                    hash_probe::Candidates::Every => {
                        rows.try_visit(*width, &mut |row| try_row(row, joined, costs, work, cx))?
                    }
                };
            }
            Inner::Keys(t, keys) => {
                let needed = vec![true; t.def.columns.len()];
                let mut row = Row::new();
                for &pk in &keys.keys {
                    let v = if keys.signed { Value::Int(pk as i64) } else { Value::UInt(pk) };
                    if !t.fetch_into(&crate::storage::table::Key(vec![v]), &needed, &mut row) {
                        continue;
                    }
                    if !try_row(&row, joined, costs, work, cx)? {
                        go_on = false;
                        break;
                    }
                }
            }
            Inner::Dependent(d) => {
                let rows = d.materialise(joined, self.catalog, costs, cx, work)?;
                go_on = rows.try_visit(width, &mut |row| try_row(row, joined, costs, work, cx))?;
            }
            Inner::JsonTable(j) => {
                let rows = j.materialise(joined, costs, cx, work)?;
                go_on = rows.try_visit(width, &mut |row| try_row(row, joined, costs, work, cx))?;
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
        if let Some(last) = s.nest_end.map(|e| e as usize) {
            if self.nest_matched[level].get() || last >= self.sources.len() {
                return Ok(true);
            }
            // No combination of the nest's tables matched: all of them NULL-complemented.
            let end = self.sources[last].offset as usize + self.sources[last].meta.len();
            joined[off..end].iter_mut().for_each(|v| *v = Value::Null);
            let check = &self.levels.check[last];
            if !correlated::lend(self.rt, costs, cx, |cx| passes(check, joined, cx))? {
                return Ok(true);
            }
            return self.rest(last + 1, joined, costs, work, cx, state);
        }
        if !matched && s.outer {
            joined[off..off + width].iter_mut().for_each(|v| *v = Value::Null);
            let check = &self.levels.check[level];
            if !correlated::lend(self.rt, costs, cx, |cx| passes(check, joined, cx))? {
                return Ok(true);
            }
            return self.rest(level + 1, joined, costs, work, cx, state);
        }
        Ok(true)
    }
}

/// The hash join's probe of each inner level held as rows (`hash_probe.rs`). Its key may
/// come from any condition that decides whether the level's row joins: the ON condition,
/// and for a plain inner level the WHERE parts it completes too (`Levels::access`). A level
/// whose unmatched rows matter (the inner side of an outer join, a nested join's tables, a
/// nest's last table) takes it from ON alone: a row that fails a WHERE part there has still
/// matched.
fn hash_probes(
    sources: &[BoundSource],
    inner: &[Inner],
    ons: &[Option<BExpr>],
    levels: &Levels,
    closes: &[Option<usize>],
    space: &TempSpace,
) -> Result<Vec<Option<hash_probe::Probe>>> {
    let mut probes = Vec::with_capacity(inner.len());
    for (i, level) in inner.iter().enumerate() {
        let l = i + 1;
        let (Inner::Rows(rows, width), Some(s)) = (level, sources.get(l)) else {
            probes.push(None);
            continue;
        };
        let mut parts = Vec::new();
        let plain = !s.outer && !s.nested && s.nest_end.is_none() && closes[l].is_none();
        match levels.access.get(l).filter(|_| plain) {
            Some(access) => access.iter().for_each(|c| conjuncts(c, &mut parts)),
            None => {
                if let Some(on) = &ons[l] {
                    conjuncts(on, &mut parts);
                }
            }
        }
        probes.push(hash_probe::Probe::build(rows, *width, s.offset, &parts, space)?);
    }
    Ok(probes)
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

/// The width of the joined row `sources` make: where the next source's columns start.
pub fn width(sources: &[BoundSource]) -> u32 {
    sources.last().map_or(0, |s| s.offset + s.meta.len() as u32)
}
