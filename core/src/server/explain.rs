//! EXPLAIN in the traditional tabular format: one row per table of the FROM clause, in the
//! order the executor joins them, describing the access path the executor really takes.
//!
//! What the executor does, and how EXPLAIN names it: for every stored table the planner of
//! `access.rs` (the one the executor calls) chooses a full scan of the clustered index (`ALL`,
//! or `index` on PRIMARY when the scan's key order is what ORDER BY or GROUP BY asks for), a
//! primary or unique key lookup of constants (`const`), an equality lookup through an index
//! (`ref`; `eq_ref` for a unique key of an earlier table's column), or a range of an index's
//! first column (`range`); `Using index` when the index covers the query. Inner tables that
//! are scanned are read into memory and matched per outer row: MySQL's `Using join buffer
//! (hash join)`. GROUP BY and DISTINCT collect rows in memory (`Using temporary`), ORDER BY
//! sorts (`Using filesort`) unless the clustered order already satisfies it.
//!
//! `possible_keys` lists what MySQL's optimizer would consider, `key` what is used. For a
//! lookup `rows` is the planner's estimate (an index dive's count for constants, rows per key
//! from the cardinality for join columns); for a scan, the table's exact row count (InnoDB
//! shows an estimate near it). `filtered` uses
//! MySQL's condition-filtering heuristics: 1/cardinality for an equality on the first column
//! of an index, else 10 % per equality, 33.33 % per range, 11.11 % per BETWEEN or LIKE,
//! combined over AND and OR. The Note 1003 rendering of the query is simplified: MySQL also
//! folds constants and const tables' columns into it.

use super::access::{
    in_primary_order, key_kind, plan_tables, split_conditions, IndexHints, Path, TableInput,
};
use super::context::Cx;
use super::execute::{source_name, Work};
use super::query::{constant_u64, output_ref, VIEW_DEPTH_MAX};
use super::session::Session;
use super::show::index_cardinality;
use super::{cannot_connect, Server};
use crate::catalog::Catalog;
use crate::error::{MySqlError, Result, Warning};
use crate::sql::bind::{resolve_among, BExpr, Binder, Columns, SourceColumns};
use crate::sql::expr::eval;
use crate::sql::{Column, Response, ResultSet, Value};
use crate::storage::schema::{ColumnDef, ColumnType};
use crate::storage::table::{Key, RangeEnd, Row, Table};
use sqlparser::ast::{
    BinaryOperator as B, DuplicateTreatment, Expr, FunctionArg, FunctionArgExpr, FunctionArguments,
    GroupByExpr, InTarget, JoinConstraint, JoinOperator, LimitClause, OrderByKind, Query, Select,
    SelectItem, SelectItemQualifiedWildcardKind, SetExpr, TableFactor, TableWithJoins,
    UnaryOperator as U,
};
use std::collections::{BTreeMap, BTreeSet};

/// MySQL's selectivity of `col = value` without index statistics (COND_FILTER_EQUALITY).
const FILTER_EQUALITY: f64 = 0.1;
/// Of `col < value` and the other inequalities (COND_FILTER_INEQUALITY).
const FILTER_INEQUALITY: f64 = 0.3333;
/// Of BETWEEN and LIKE (COND_FILTER_BETWEEN).
const FILTER_BETWEEN: f64 = 0.1111;
/// The most an IN list is assumed to keep.
const FILTER_IN_MAX: f64 = 0.5;

/// What a FROM-clause name resolves to.
enum Kind {
    /// A stored table.
    Stored,
    /// A performance_schema or information_schema table the server produces.
    System,
    /// A view (the executor materialises it).
    View,
}

/// One table of the FROM clause.
struct Source {
    /// The name the query uses for it (its alias, else its name).
    alias: String,
    db: String,
    table: String,
    kind: Kind,
    /// Column names, in order.
    columns: Vec<String>,
    /// Position of its first column in the joined row.
    offset: u32,
    /// The inner side of a LEFT JOIN.
    outer: bool,
    /// Its ON condition.
    on: Option<Expr>,
    /// USE / FORCE / IGNORE INDEX.
    hints: IndexHints,
}

impl Source {
    fn contains(&self, column: u32) -> bool {
        column >= self.offset && column < self.offset + self.columns.len() as u32
    }
}

/// Column names of the joined row, for the binder (the same rules as the executor's).
struct Scope<'a> {
    sources: &'a [Source],
}

impl Scope<'_> {
    /// The source and column a (qualified) name refers to, if exactly one.
    fn locate(&self, qualifier: Option<&str>, name: &str) -> Option<(usize, u32)> {
        let mut found = None;
        for (i, s) in self.sources.iter().enumerate() {
            if qualifier.is_some_and(|q| !s.alias.eq_ignore_ascii_case(q)) {
                continue;
            }
            if let Some(p) = s.columns.iter().position(|c| c.eq_ignore_ascii_case(name)) {
                if found.is_some() {
                    return None;
                }
                found = Some((i, p as u32));
            }
        }
        found
    }
}

impl Columns for Scope<'_> {
    fn resolve(&self, qualifier: Option<&str>, name: &str, clause: &str) -> Result<u32> {
        let sources: Vec<SourceColumns> = self
            .sources
            .iter()
            .map(|s| SourceColumns {
                alias: &s.alias,
                offset: s.offset,
                names: s.columns.iter().map(String::as_str).collect(),
            })
            .collect();
        resolve_among(&sources, qualifier, name, clause)
    }
}

/// The query's clauses, bound as the executor binds them.
struct Bound {
    group_by: Vec<BExpr>,
    /// ORDER BY keys and whether each is descending.
    order_by: Vec<(BExpr, bool)>,
    /// Aggregates in the select list, HAVING or ORDER BY.
    aggregates: bool,
    filter: Option<BExpr>,
    /// Each source's ON condition.
    ons: Vec<Option<BExpr>>,
    distinct: bool,
    /// LIMIT plus OFFSET: the rows the executor needs before it may stop.
    limit_rows: Option<u64>,
    /// Every joined-row column any clause reads (for covering indexes).
    columns: Vec<bool>,
}

/// One condition of WHERE or ON (an AND-ed part), and where it is checked.
struct Conjunct {
    expr: BExpr,
    /// The sources whose columns it reads.
    sources: BTreeSet<usize>,
    /// The source whose row completes it: the last one it reads, or the inner table of the
    /// LEFT JOIN whose ON condition it is.
    checked_at: Option<usize>,
    /// Part of the ON condition of this LEFT JOIN's inner table.
    left_join_of: Option<usize>,
}

/// One EXPLAIN row.
#[derive(Default)]
struct PlanRow {
    table: Option<String>,
    access: Option<&'static str>,
    possible_keys: Option<String>,
    key: Option<String>,
    key_len: Option<String>,
    reference: Option<String>,
    rows: Option<u64>,
    filtered: Option<f64>,
    extra: Vec<&'static str>,
}

impl Server {
    /// EXPLAIN of a SELECT.
    pub(crate) fn explain(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        let SetExpr::Select(sel) = q.body.as_ref() else {
            return Err(MySqlError::not_supported_yet("UNION and other set operations"));
        };
        if q.with.is_some() {
            return Err(MySqlError::not_supported_yet("WITH (common table expressions)"));
        }
        let current = session.database.clone();
        let sources = self.explain_sources(session, &sel.from, current.as_deref(), 0)?;
        let bound = bind(sel, q, &sources, sql, &session.local_names())?;
        let plan = self.plan(session, &sources, &bound)?;
        let rows: Vec<Row> = plan.into_iter().map(row_values).collect();
        let note = Render { sources: &sources, catalog: &self.catalog }.query(sel, q, sql);
        session.warn(Warning { level: "Note", code: 1003, message: note });
        work.rows += rows.len() as u64;
        Ok(Response::Rows(ResultSet { columns: explain_columns(), rows }))
    }

    /// Resolves the FROM clause as the executor does, without reading any rows (a view's
    /// columns come from its definition).
    fn explain_sources(
        &mut self,
        session: &Session,
        from: &[TableWithJoins],
        current_db: Option<&str>,
        depth: u32,
    ) -> Result<Vec<Source>> {
        let mut sources: Vec<Source> = Vec::new();
        let mut offset = 0u32;
        for twj in from {
            let first = self.explain_source(session, &twj.relation, current_db, offset, depth)?;
            offset += first.columns.len() as u32;
            sources.push(first);
            for join in &twj.joins {
                let (outer, constraint) = match &join.join_operator {
                    JoinOperator::Join(c) | JoinOperator::Inner(c) => (false, Some(c)),
                    JoinOperator::Left(c) | JoinOperator::LeftOuter(c) => (true, Some(c)),
                    JoinOperator::CrossJoin(_) => (false, None),
                    _ => return Err(MySqlError::not_supported_yet("this kind of join")),
                };
                let mut s =
                    self.explain_source(session, &join.relation, current_db, offset, depth)?;
                offset += s.columns.len() as u32;
                s.outer = outer;
                s.on = match constraint {
                    Some(JoinConstraint::On(e)) => Some(e.clone()),
                    Some(JoinConstraint::None) | None => None,
                    Some(_) => {
                        return Err(MySqlError::not_supported_yet("USING and NATURAL joins"))
                    }
                };
                sources.push(s);
            }
        }
        Ok(sources)
    }

    fn explain_source(
        &mut self,
        session: &Session,
        factor: &TableFactor,
        current_db: Option<&str>,
        offset: u32,
        depth: u32,
    ) -> Result<Source> {
        let TableFactor::Table { name, alias, index_directives, .. } = factor else {
            return Err(MySqlError::not_supported_yet("derived tables"));
        };
        let parts: Vec<String> =
            name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
        let (db, table) = match parts.as_slice() {
            [t] => match current_db {
                Some(db) => (db.to_string(), t.clone()),
                None => return Err(MySqlError::no_database_selected()),
            },
            [d, t] => (d.clone(), t.clone()),
            _ => return Err(MySqlError::not_supported_yet("three-part table names")),
        };
        let alias = alias.as_ref().map_or(table.clone(), |a| a.name.value.clone());
        let source = |kind, columns, hints| Source {
            alias: alias.clone(),
            db: db.clone(),
            table: table.clone(),
            kind,
            columns,
            offset,
            outer: false,
            on: None,
            hints,
        };
        if Catalog::is_system_schema(&db) {
            let (meta, _) = self.system_table(session, &db, &table, &alias)?;
            return Ok(source(
                Kind::System,
                meta.into_iter().map(|m| m.name).collect(),
                IndexHints::default(),
            ));
        }
        if !self.catalog.has_database(&db) {
            return Err(MySqlError::unknown_database(&db));
        }
        if let Some(t) = self.catalog.table(&db, &table) {
            let columns = t.def.columns.iter().map(|c| c.name.clone()).collect();
            let hints = IndexHints::from_directives(index_directives, Some(t))?;
            return Ok(source(Kind::Stored, columns, hints));
        }
        if let Some(v) = self.catalog.view(&db, &table) {
            let text = v.query.clone();
            let columns = self.view_columns(session, &db, &text, depth + 1)?;
            return Ok(source(Kind::View, columns, IndexHints::default()));
        }
        Err(MySqlError::no_such_table(&db, &table))
    }

    /// The column names a view's SELECT produces.
    fn view_columns(
        &mut self,
        session: &Session,
        db: &str,
        text: &str,
        depth: u32,
    ) -> Result<Vec<String>> {
        if depth > VIEW_DEPTH_MAX {
            return Err(MySqlError::unknown("Views nested too deeply"));
        }
        let query = match crate::sql::parse(text)? {
            crate::sql::Statement::Select(q) => q,
            _ => return Err(MySqlError::unknown("view is not a SELECT")),
        };
        let SetExpr::Select(sel) = query.body.as_ref() else {
            return Err(MySqlError::not_supported_yet("UNION and other set operations"));
        };
        let inner = self.explain_sources(session, &sel.from, Some(db), depth)?;
        let mut names = Vec::new();
        for item in &sel.projection {
            match item {
                SelectItem::UnnamedExpr(e) => names.push(source_name(e, text)),
                SelectItem::ExprWithAlias { alias, .. } => names.push(alias.value.clone()),
                SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => {
                    let q = wildcard_qualifier(item);
                    for s in &inner {
                        if q.as_deref().is_none_or(|q| s.alias.eq_ignore_ascii_case(q)) {
                            names.extend(s.columns.iter().cloned());
                        }
                    }
                }
                _ => return Err(MySqlError::not_supported_yet("this kind of select item")),
            }
        }
        Ok(names)
    }

    /// The EXPLAIN rows of a bound query.
    fn plan(
        &mut self,
        session: &mut Session,
        sources: &[Source],
        bound: &Bound,
    ) -> Result<Vec<PlanRow>> {
        let r = self.running.as_ref().ok_or_else(cannot_connect)?;
        let mut cx =
            Cx { vars: &r.vars, session, now_micros: self.clock.unix_micros(), slept_micros: 0 };
        let message = |m: &'static str| vec![PlanRow { extra: vec![m], ..PlanRow::default() }];
        if sources.is_empty() {
            let impossible = match &bound.filter {
                Some(f) => eval(f, &[], &[], &mut cx).ok().and_then(|v| v.truth()) != Some(true),
                None => false,
            };
            return Ok(message(if impossible { "Impossible WHERE" } else { "No tables used" }));
        }
        let stored = |s: &Source| match s.kind {
            Kind::Stored => self.catalog.table(&s.db, &s.table),
            _ => None,
        };

        // The executor's access paths (access.rs plan_tables), chosen from the same inputs.
        let tables: Vec<TableInput> = sources
            .iter()
            .map(|s| TableInput {
                table: stored(s),
                offset: s.offset,
                width: s.columns.len() as u32,
                outer: s.outer,
                rows: 0,
                hints: s.hints.clone(),
            })
            .collect();
        let levels = split_conditions(bound.filter.as_ref(), &bound.ons, &tables);
        let mut kinds = Vec::new();
        for t in &tables {
            match t.table {
                Some(table) => kinds.extend(table.def.columns.iter().map(|c| key_kind(&c.ty))),
                None => kinds.extend((0..t.width).map(|_| None)),
            }
        }
        let choices = plan_tables(&tables, &levels, &bound.columns, &kinds, &mut |e| {
            eval(e, &[], &[], &mut cx).ok()
        });
        let mut lookup: Option<Key> = None;
        if let (Some(t), Some(c)) = (stored(&sources[0]), choices[0].as_ref()) {
            if let (Path::Ref { index, parts, .. }, "const") = (&c.path, c.access_type) {
                let values: Vec<Value> = parts
                    .iter()
                    .map(|p| match p {
                        BExpr::Lit(v) => v.clone(),
                        _ => Value::Null,
                    })
                    .collect();
                let row = if t.def.index(index).is_some_and(|i| i.primary) {
                    t.get(&Key(values))
                } else {
                    // A unique secondary key: the row it finds, if any.
                    let end = RangeEnd { prefix: values, exclusive: false };
                    let mut found = None;
                    let all = vec![true; t.def.columns.len()];
                    t.index_range(index, Some(&end), Some(&end), &all, &mut |hit| {
                        found = Some(hit.row.clone());
                        false
                    });
                    found
                };
                // MySQL reads a const table while optimizing and reports what it found.
                let Some(row) = row else {
                    return Ok(message("no matching row in const table"));
                };
                if let (Some(f), 1) = (&bound.filter, sources.len()) {
                    if eval(f, &row, &[], &mut cx).ok().and_then(|v| v.truth()) == Some(false) {
                        return Ok(message("Impossible WHERE noticed after reading const tables"));
                    }
                }
                lookup = Some(Key(Vec::new()));
            }
        }
        let first_non_const = usize::from(lookup.is_some());

        // Conditions, each checked at the table that completes it.
        let source_of = |c: u32| sources.iter().position(|s| s.contains(c));
        let mut conjuncts = Vec::new();
        let mut add = |e: &BExpr, left_join_of: Option<usize>| {
            let mut parts = Vec::new();
            split_and(e, &mut parts);
            for expr in parts {
                let mut read = BTreeSet::new();
                expr.for_each_column(&mut |c| {
                    if let Some(s) = source_of(c) {
                        read.insert(s);
                    }
                });
                let checked_at = left_join_of.or_else(|| read.last().copied());
                conjuncts.push(Conjunct { expr, sources: read, checked_at, left_join_of });
            }
        };
        if let Some(f) = &bound.filter {
            add(f, None);
        }
        for (i, on) in bound.ons.iter().enumerate() {
            if let Some(on) = on {
                add(on, sources[i].outer.then_some(i));
            }
        }

        // ORDER BY / GROUP BY against the clustered order of a single stored table.
        let single = match sources {
            [s] => stored(s),
            _ => None,
        };
        let pk_columns: Vec<u32> =
            single.and_then(|t| t.def.primary()).map(|pk| pk.columns.clone()).unwrap_or_default();
        let grouped = !bound.group_by.is_empty() || bound.aggregates;
        let implicit_group = bound.group_by.is_empty() && bound.aggregates;
        let group_by_pk = !bound.group_by.is_empty()
            && bound.group_by.len() <= pk_columns.len()
            && bound
                .group_by
                .iter()
                .filter_map(|g| match g {
                    BExpr::Column(c) if pk_columns[..bound.group_by.len()].contains(c) => Some(c),
                    _ => None,
                })
                .collect::<BTreeSet<_>>()
                .len()
                == bound.group_by.len();
        let order_by_pk = !bound.order_by.is_empty()
            && bound.order_by.len() <= pk_columns.len()
            && bound
                .order_by
                .iter()
                .zip(&pk_columns)
                .all(|((e, desc), c)| !desc && *e == BExpr::Column(*c));
        let clustered_order = single.is_some_and(|t| {
            choices[0].as_ref().is_some_and(|c| c.path == Path::Scan || in_primary_order(t, c))
        }) && lookup.is_none()
            && ((order_by_pk && !grouped && !bound.distinct) || (group_by_pk && !bound.distinct))
            && (bound.order_by.is_empty() || order_by_pk);
        let needs_temporary =
            (!bound.group_by.is_empty() && !group_by_pk) || (bound.distinct && !implicit_group);
        let needs_filesort = !bound.order_by.is_empty() && !clustered_order && !implicit_group;

        let mut cardinalities: BTreeMap<(usize, usize), u64> = BTreeMap::new();
        let mut out = Vec::new();
        for (i, s) in sources.iter().enumerate() {
            let t = stored(s);
            let applies = |c: &&Conjunct| c.checked_at == Some(i);
            let checked: Vec<&Conjunct> = conjuncts.iter().filter(applies).collect();

            // possible_keys: indexes whose first column a condition could look up or range.
            let mut usable = BTreeSet::new();
            for c in &conjuncts {
                if c.sources.contains(&i) && c.left_join_of.is_none_or(|j| j == i) {
                    if let Some(cols) = key_columns(&c.expr, s) {
                        usable.extend(cols);
                    }
                }
            }
            let possible: Vec<&str> = t
                .map(|t| {
                    t.def
                        .indexes
                        .iter()
                        .filter(|x| {
                            x.visible
                                && s.hints.allows(&x.name)
                                && x.columns.first().is_some_and(|c| usable.contains(c))
                        })
                        .map(|x| x.name.as_str())
                        .collect()
                })
                .unwrap_or_default();
            let possible_keys = (!possible.is_empty()).then(|| possible.join(","));

            let mut row =
                PlanRow { table: Some(s.alias.clone()), possible_keys, ..PlanRow::default() };
            let choice = choices[i].as_ref();
            let pick = |list: &[usize]| -> Vec<&BExpr> {
                list.iter().filter_map(|&k| levels.access[i].get(k)).collect()
            };
            let used = choice.map(|c| pick(&c.used)).unwrap_or_default();
            let consumed = choice.map(|c| pick(&c.consumed)).unwrap_or_default();
            let mut eq_selectivity = |column: u32| -> f64 {
                let Some(t) = t else { return FILTER_EQUALITY };
                let mut best: Option<f64> = None;
                for (x, idx) in t.def.indexes.iter().enumerate() {
                    if idx.visible && idx.columns.first() == Some(&column) {
                        let card = *cardinalities
                            .entry((i, x))
                            .or_insert_with(|| index_cardinality(t, idx)[0]);
                        let sel = 1.0 / card.max(1) as f64;
                        best = Some(best.map_or(sel, |b: f64| b.min(sel)));
                    }
                }
                best.unwrap_or(FILTER_EQUALITY)
            };
            // The conditions the index used are in `rows` already.
            let filter: f64 = checked
                .iter()
                .filter(|c| !used.contains(&&c.expr))
                .map(|c| selectivity(&c.expr, s, &mut eq_selectivity))
                .product();
            row.filtered = Some(filter * 100.0);
            row.access = Some("ALL");
            let recheck = checked.iter().any(|c| !consumed.contains(&&c.expr));
            let mut buffered = true;
            match (t, choice) {
                (Some(t), Some(c)) if c.path != Path::Scan => {
                    let (Path::Ref { index, .. } | Path::Range { index, .. }) = &c.path else {
                        unreachable!("not a scan")
                    };
                    buffered = false;
                    row.access = Some(c.access_type);
                    row.key = Some(index.clone());
                    row.key_len = Some(key_length(t, &c.key_columns).to_string());
                    if let Path::Ref { parts, .. } = &c.path {
                        let refs: Vec<String> =
                            parts.iter().map(|p| reference(p, sources)).collect();
                        row.reference = Some(refs.join(","));
                    }
                    row.rows = Some(c.rows.max(1));
                    if c.access_type == "const" {
                        row.filtered = Some(100.0);
                    }
                    let range = matches!(c.path, Path::Range { .. });
                    if c.access_type != "const" && (recheck || range && !checked.is_empty()) {
                        row.extra.push("Using where");
                    }
                    if c.covering && !t.def.index(index).is_some_and(|x| x.primary) {
                        row.extra.push("Using index");
                    }
                }
                (Some(t), _) => {
                    row.rows = Some(t.row_count());
                    if clustered_order {
                        row.access = Some("index");
                        row.key = Some("PRIMARY".into());
                        row.key_len = Some(key_length(t, &pk_columns).to_string());
                        // In key order the scan stops once LIMIT has enough rows.
                        if let (Some(n), false) = (bound.limit_rows, grouped) {
                            let needed = (n as f64 / filter.max(f64::MIN_POSITIVE)).ceil() as u64;
                            row.rows = Some(needed.min(t.row_count()));
                        }
                    }
                    if !checked.is_empty() {
                        row.extra.push("Using where");
                    }
                }
                (None, _) => {
                    if !checked.is_empty() {
                        row.extra.push("Using where");
                    }
                }
            }
            if i == first_non_const {
                if needs_temporary {
                    row.extra.push("Using temporary");
                }
                if needs_filesort {
                    row.extra.push("Using filesort");
                }
            }
            if i > first_non_const && buffered {
                row.extra.push("Using join buffer (hash join)");
            }
            out.push(row);
        }
        Ok(out)
    }
}

/// EXPLAIN's ref for one key part: `const`, the earlier table's column it comes from
/// (`shop.o.id`), or `func` for anything computed.
fn reference(part: &BExpr, sources: &[Source]) -> String {
    match part {
        BExpr::Lit(_) => "const".into(),
        BExpr::Column(c) => sources.iter().find(|s| s.contains(*c)).map_or("func".into(), |s| {
            format!("{}.{}.{}", s.db, s.alias, s.columns[(c - s.offset) as usize])
        }),
        _ => "func".into(),
    }
}

/// The EXPLAIN result's columns, with the types the client aligns by.
fn explain_columns() -> Vec<Column> {
    let text = |name: &str| Column { name: name.into(), numeric: false, nullable: true };
    let number = |name: &str| Column { name: name.into(), numeric: true, nullable: true };
    vec![
        Column::number("id"),
        Column::text("select_type"),
        text("table"),
        text("partitions"),
        text("type"),
        text("possible_keys"),
        text("key"),
        text("key_len"),
        text("ref"),
        number("rows"),
        number("filtered"),
        text("Extra"),
    ]
}

fn row_values(r: PlanRow) -> Row {
    let opt = |s: Option<String>| s.map_or(Value::Null, Value::Str);
    vec![
        Value::UInt(1),
        Value::Str("SIMPLE".into()),
        opt(r.table),
        Value::Null,
        opt(r.access.map(str::to_string)),
        opt(r.possible_keys),
        opt(r.key),
        opt(r.key_len),
        opt(r.reference),
        r.rows.map_or(Value::Null, Value::UInt),
        opt(r.filtered.map(|f| format!("{f:.2}"))),
        opt((!r.extra.is_empty()).then(|| r.extra.join("; "))),
    ]
}

/// Binds the query's clauses the way the executor's planner does, so EXPLAIN reports the
/// same errors (1054 unknown column, 1052 ambiguous, ...) as running it would.
fn bind(
    sel: &Select,
    q: &Query,
    sources: &[Source],
    sql: &str,
    locals: &[String],
) -> Result<Bound> {
    let scope_value = Scope { sources };
    let scope: &dyn Columns = &scope_value;
    let mut binder = Binder::with_aggregates(scope, "field list").with_locals(locals.to_vec());
    let mut items: Vec<(BExpr, String)> = Vec::new();
    for item in &sel.projection {
        match item {
            SelectItem::UnnamedExpr(e) => items.push((binder.bind(e)?, source_name(e, sql))),
            SelectItem::ExprWithAlias { expr, alias } => {
                items.push((binder.bind(expr)?, alias.value.clone()))
            }
            SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => {
                let qualifier = wildcard_qualifier(item);
                let before = items.len();
                for s in sources {
                    if qualifier.as_deref().is_some_and(|q| !s.alias.eq_ignore_ascii_case(q)) {
                        continue;
                    }
                    for (i, c) in s.columns.iter().enumerate() {
                        items.push((BExpr::Column(s.offset + i as u32), c.clone()));
                    }
                }
                if items.len() == before {
                    return Err(match qualifier {
                        Some(q) => MySqlError {
                            code: 1051,
                            sqlstate: "42S02",
                            message: format!("Unknown table '{q}'"),
                        },
                        None => MySqlError {
                            code: 1096,
                            sqlstate: "HY000",
                            message: "No tables used".into(),
                        },
                    });
                }
            }
            _ => return Err(MySqlError::not_supported_yet("this kind of select item")),
        }
    }
    let group_by = match &sel.group_by {
        GroupByExpr::Expressions(exprs, _) => {
            let mut b = Binder::scalar(scope, "group statement").with_locals(locals.to_vec());
            exprs
                .iter()
                .map(|e| {
                    output_ref(e, &items)
                        .map_or_else(|| b.bind(e), |i| Ok(items[i as usize].0.clone()))
                })
                .collect::<Result<Vec<_>>>()?
        }
        GroupByExpr::All(_) => return Err(MySqlError::not_supported_yet("GROUP BY ALL")),
    };
    binder.set_clause("order clause");
    let mut order_by = Vec::new();
    if let Some(ob) = &q.order_by {
        if let OrderByKind::Expressions(list) = &ob.kind {
            for o in list {
                let desc = matches!(o.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                let key = match output_ref(&o.expr, &items) {
                    Some(i) => items[i as usize].0.clone(),
                    None => binder.bind(&o.expr)?,
                };
                order_by.push((key, desc));
            }
        }
    }
    let calls = binder.take_aggregates();
    let aggregates = !calls.is_empty() || sel.having.as_ref().is_some_and(has_aggregate_call);
    let filter = match &sel.selection {
        Some(w) => {
            Some(Binder::scalar(scope, "where clause").with_locals(locals.to_vec()).bind(w)?)
        }
        None => None,
    };
    let ons = sources
        .iter()
        .map(|s| match &s.on {
            Some(e) => Binder::scalar(scope, "on clause").bind(e).map(Some),
            None => Ok(None),
        })
        .collect::<Result<Vec<_>>>()?;
    let limit_rows = match &q.limit_clause {
        None | Some(LimitClause::LimitOffset { limit: None, .. }) => None,
        Some(LimitClause::LimitOffset { limit: Some(l), offset, .. }) => {
            let skip = match offset {
                Some(o) => constant_u64(&o.value)?,
                None => 0,
            };
            Some(constant_u64(l)?.saturating_add(skip))
        }
        Some(LimitClause::OffsetCommaLimit { offset, limit }) => {
            Some(constant_u64(limit)?.saturating_add(constant_u64(offset)?))
        }
    };
    let width: u32 = sources.iter().map(|s| s.columns.len() as u32).sum();
    let mut columns = vec![false; width as usize];
    let mut mark = |c: u32| {
        if let Some(slot) = columns.get_mut(c as usize) {
            *slot = true;
        }
    };
    let exprs =
        items.iter().map(|(e, _)| e).chain(&group_by).chain(order_by.iter().map(|(e, _)| e));
    for e in exprs.chain(filter.iter()).chain(ons.iter().flatten()) {
        e.for_each_column(&mut mark);
    }
    for a in calls.iter().filter_map(|c| c.arg.as_ref()) {
        a.for_each_column(&mut mark);
    }
    Ok(Bound {
        columns,
        group_by,
        order_by,
        aggregates,
        filter,
        ons,
        distinct: sel.distinct.is_some(),
        limit_rows,
    })
}

/// The table name of `t.*` (None for `*`).
fn wildcard_qualifier(item: &SelectItem) -> Option<String> {
    match item {
        SelectItem::QualifiedWildcard(SelectItemQualifiedWildcardKind::ObjectName(name), _) => {
            name.0.last().map(|p| p.to_string().trim_matches('`').to_string())
        }
        SelectItem::QualifiedWildcard(kind, _) => Some(kind.to_string()),
        _ => None,
    }
}

/// Whether HAVING calls an aggregate function (it makes the query grouped).
fn has_aggregate_call(e: &Expr) -> bool {
    match e {
        Expr::Function(f) => {
            let name = f.name.to_string().to_ascii_uppercase();
            matches!(
                name.as_str(),
                "COUNT" | "SUM" | "AVG" | "MIN" | "MAX" | "BIT_AND" | "BIT_OR" | "GROUP_CONCAT"
            )
        }
        Expr::BinaryOp { left, right, .. } => has_aggregate_call(left) || has_aggregate_call(right),
        Expr::UnaryOp { expr, .. } | Expr::Nested(expr) => has_aggregate_call(expr),
        _ => false,
    }
}

/// The AND-ed parts of a condition.
fn split_and(e: &BExpr, out: &mut Vec<BExpr>) {
    match e {
        BExpr::And(a, b) => {
            split_and(a, out);
            split_and(b, out);
        }
        other => out.push(other.clone()),
    }
}

/// Whether `e` reads any column of `s`.
fn reads(e: &BExpr, s: &Source) -> bool {
    let mut found = false;
    e.for_each_column(&mut |c| found |= s.contains(c));
    found
}

/// `e` as a column of `s` (its position in the table).
fn column_of(e: &BExpr, s: &Source) -> Option<u32> {
    match e {
        BExpr::Column(c) if s.contains(*c) => Some(c - s.offset),
        _ => None,
    }
}

/// The columns of `s` a condition could look up or scan a range of, through an index that
/// starts with them: `col op value` where the value reads nothing of `s` (a constant or a
/// column of another table), BETWEEN, IN, IS [NOT] NULL and LIKE 'prefix%'. An OR counts
/// only when every branch has such a column (index merge). None when there is none.
fn key_columns(e: &BExpr, s: &Source) -> Option<BTreeSet<u32>> {
    let single = |c: Option<u32>| c.map(|c| BTreeSet::from([c]));
    match e {
        BExpr::And(a, b) => match (key_columns(a, s), key_columns(b, s)) {
            (None, None) => None,
            (x, y) => {
                Some(x.unwrap_or_default().into_iter().chain(y.unwrap_or_default()).collect())
            }
        },
        BExpr::Or(a, b) => {
            let (x, y) = (key_columns(a, s)?, key_columns(b, s)?);
            Some(x.into_iter().chain(y).collect())
        }
        BExpr::Binary {
            op: B::Eq | B::Spaceship | B::Lt | B::LtEq | B::Gt | B::GtEq | B::NotEq,
            left,
            right,
            ..
        } => match (column_of(left, s), column_of(right, s)) {
            (Some(c), _) if !reads(right, s) => single(Some(c)),
            (_, Some(c)) if !reads(left, s) => single(Some(c)),
            _ => None,
        },
        BExpr::Between { arg, low, high, negated: false } if !reads(low, s) && !reads(high, s) => {
            single(column_of(arg, s))
        }
        BExpr::InList { arg, list, .. } if !list.iter().any(|v| reads(v, s)) => {
            single(column_of(arg, s))
        }
        BExpr::IsNull { arg, .. } => single(column_of(arg, s)),
        BExpr::Like { arg, pattern, negated: false, .. } => match pattern.as_ref() {
            BExpr::Lit(Value::Str(p)) if !p.starts_with(['%', '_']) => single(column_of(arg, s)),
            _ => None,
        },
        _ => None,
    }
}

/// MySQL's estimate of the share of `s`'s rows a condition keeps, once the tables before it
/// are read (their columns count as constants): see the module documentation.
fn selectivity(e: &BExpr, s: &Source, eq: &mut dyn FnMut(u32) -> f64) -> f64 {
    match e {
        BExpr::And(a, b) => selectivity(a, s, eq) * selectivity(b, s, eq),
        BExpr::Or(a, b) => {
            let (x, y) = (selectivity(a, s, eq), selectivity(b, s, eq));
            x + y - x * y
        }
        BExpr::Unary { op: U::Not, arg, .. } => 1.0 - selectivity(arg, s, eq),
        BExpr::Binary { op, left, right, .. } => {
            let column = match (column_of(left, s), column_of(right, s)) {
                (Some(c), _) if !reads(right, s) => Some(c),
                (_, Some(c)) if !reads(left, s) => Some(c),
                (Some(c), Some(_)) if matches!(op, B::Eq) => return eq(c).max(FILTER_EQUALITY),
                _ => None,
            };
            let Some(c) = column else { return 1.0 };
            match op {
                B::Eq | B::Spaceship => eq(c),
                B::NotEq => 1.0 - eq(c),
                B::Lt | B::LtEq | B::Gt | B::GtEq => FILTER_INEQUALITY,
                _ => 1.0,
            }
        }
        BExpr::Between { arg, low, high, negated } => {
            if column_of(arg, s).is_none() || reads(low, s) || reads(high, s) {
                return 1.0;
            }
            if *negated {
                1.0 - FILTER_BETWEEN
            } else {
                FILTER_BETWEEN
            }
        }
        BExpr::InList { arg, list, negated } => {
            let Some(c) = column_of(arg, s) else { return 1.0 };
            if list.iter().any(|v| reads(v, s)) {
                return 1.0;
            }
            let kept = (list.len() as f64 * eq(c)).min(FILTER_IN_MAX);
            if *negated {
                1.0 - kept
            } else {
                kept
            }
        }
        BExpr::Like { arg, negated, .. } => {
            if column_of(arg, s).is_none() {
                return 1.0;
            }
            if *negated {
                1.0 - FILTER_BETWEEN
            } else {
                FILTER_BETWEEN
            }
        }
        BExpr::IsNull { arg, negated } => {
            if column_of(arg, s).is_none() {
                return 1.0;
            }
            if *negated {
                1.0 - FILTER_EQUALITY
            } else {
                FILTER_EQUALITY
            }
        }
        _ => 1.0,
    }
}

/// EXPLAIN's key_len: the bytes of the key columns in the index (NULL flag included).
fn key_length(t: &Table, columns: &[u32]) -> u32 {
    columns.iter().map(|&c| key_part_bytes(&t.def.columns[c as usize])).sum()
}

fn key_part_bytes(c: &ColumnDef) -> u32 {
    let bytes = match &c.ty {
        ColumnType::TinyInt => 1,
        ColumnType::SmallInt => 2,
        ColumnType::MediumInt => 3,
        ColumnType::Int | ColumnType::Float | ColumnType::Timestamp => 4,
        ColumnType::BigInt | ColumnType::Double => 8,
        ColumnType::Decimal { precision, scale } => {
            decimal_bytes(precision.saturating_sub(*scale)) + decimal_bytes(*scale)
        }
        // utf8mb4: up to 4 bytes a character; a VARCHAR key part has a 2-byte length.
        ColumnType::Char(n) => n * 4,
        ColumnType::Varchar(n) => n * 4 + 2,
        // Only a prefix of these can be indexed; InnoDB's largest key part.
        ColumnType::Text | ColumnType::Blob => 3072,
        ColumnType::Date => 3,
        ColumnType::DateTime => 5,
        ColumnType::Enum(values) => {
            if values.len() < 256 {
                1
            } else {
                2
            }
        }
    };
    bytes + u32::from(c.nullable)
}

/// Bytes of `digits` decimal digits in MySQL's binary DECIMAL: 4 per 9 digits plus the rest.
fn decimal_bytes(digits: u8) -> u32 {
    const REST: [u32; 9] = [0, 1, 1, 2, 2, 3, 3, 4, 4];
    u32::from(digits / 9) * 4 + REST[usize::from(digits % 9)]
}

/// The rewritten query of EXPLAIN's Note 1003, `/* select#1 */ select ...` with names
/// qualified by database and table. Simplification: MySQL also folds constants, converts
/// literals to the compared column's type and substitutes const tables' values.
struct Render<'a> {
    sources: &'a [Source],
    catalog: &'a Catalog,
}

impl Render<'_> {
    fn query(&self, sel: &Select, q: &Query, sql: &str) -> String {
        let mut out = String::from("/* select#1 */ select ");
        if sel.distinct.is_some() {
            out.push_str("distinct ");
        }
        let mut items = Vec::new();
        for item in &sel.projection {
            match item {
                SelectItem::UnnamedExpr(e) => {
                    items.push(format!("{} AS `{}`", self.expr(e), source_name(e, sql)))
                }
                SelectItem::ExprWithAlias { expr, alias } => {
                    items.push(format!("{} AS `{}`", self.expr(expr), alias.value))
                }
                SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => {
                    let qualifier = wildcard_qualifier(item);
                    for s in self.sources {
                        if qualifier.as_deref().is_some_and(|q| !s.alias.eq_ignore_ascii_case(q)) {
                            continue;
                        }
                        for c in &s.columns {
                            items.push(format!("`{}`.`{}`.`{c}` AS `{c}`", s.db, s.alias));
                        }
                    }
                }
                other => items.push(other.to_string()),
            }
        }
        out.push_str(&items.join(","));
        let mut conditions: Vec<String> = Vec::new();
        if let Some((first, rest)) = self.sources.split_first() {
            out.push_str(" from ");
            out.push_str(&table_ref(first));
            for s in rest {
                if s.outer {
                    out.push_str(" left join ");
                    out.push_str(&table_ref(s));
                    let on = s.on.as_ref().map_or("true".into(), |e| self.condition(e));
                    out.push_str(&format!(" on({on})"));
                } else {
                    out.push_str(" join ");
                    out.push_str(&table_ref(s));
                }
            }
        }
        if let Some(w) = &sel.selection {
            self.conjuncts(w, &mut conditions);
        }
        for s in self.sources.iter().filter(|s| !s.outer) {
            if let Some(on) = &s.on {
                self.conjuncts(on, &mut conditions);
            }
        }
        match conditions.len() {
            0 => {}
            1 => out.push_str(&format!(" where {}", conditions[0])),
            _ => out.push_str(&format!(" where ({})", conditions.join(" and "))),
        }
        if let GroupByExpr::Expressions(exprs, _) = &sel.group_by {
            if !exprs.is_empty() {
                let g: Vec<String> = exprs.iter().map(|e| self.expr(e)).collect();
                out.push_str(&format!(" group by {}", g.join(",")));
            }
        }
        if let Some(h) = &sel.having {
            out.push_str(&format!(" having {}", self.expr(h)));
        }
        if let Some(ob) = &q.order_by {
            if let OrderByKind::Expressions(list) = &ob.kind {
                let keys: Vec<String> = list
                    .iter()
                    .map(|o| {
                        let desc =
                            matches!(o.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                        format!("{}{}", self.expr(&o.expr), if desc { " desc" } else { "" })
                    })
                    .collect();
                out.push_str(&format!(" order by {}", keys.join(",")));
            }
        }
        match &q.limit_clause {
            Some(LimitClause::LimitOffset { limit: Some(l), offset, .. }) => match offset {
                Some(o) => {
                    out.push_str(&format!(" limit {},{}", self.expr(&o.value), self.expr(l)))
                }
                None => out.push_str(&format!(" limit {}", self.expr(l))),
            },
            Some(LimitClause::OffsetCommaLimit { offset, limit }) => {
                out.push_str(&format!(" limit {},{}", self.expr(offset), self.expr(limit)))
            }
            _ => {}
        }
        out
    }

    /// The AND-ed parts of a condition, rendered.
    fn conjuncts(&self, e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::Nested(x) => self.conjuncts(x, out),
            Expr::BinaryOp { left, op: B::And, right } => {
                self.conjuncts(left, out);
                self.conjuncts(right, out);
            }
            other => out.push(self.expr(other)),
        }
    }

    fn condition(&self, e: &Expr) -> String {
        let mut parts = Vec::new();
        self.conjuncts(e, &mut parts);
        if parts.len() == 1 {
            parts.remove(0)
        } else {
            format!("({})", parts.join(" and "))
        }
    }

    fn column(&self, qualifier: Option<&str>, name: &str) -> String {
        match (Scope { sources: self.sources }).locate(qualifier, name) {
            Some((i, c)) => {
                let s = &self.sources[i];
                format!("`{}`.`{}`.`{}`", s.db, s.alias, s.columns[c as usize])
            }
            None => format!("`{name}`"),
        }
    }

    fn expr(&self, e: &Expr) -> String {
        match e {
            Expr::Identifier(id) if id.value.starts_with('@') => id.value.clone(),
            Expr::Identifier(id) => self.column(None, &id.value),
            Expr::CompoundIdentifier(parts) => match parts.as_slice() {
                [.., t, c] => self.column(Some(&t.value), &c.value),
                [c] => self.column(None, &c.value),
                [] => String::new(),
            },
            Expr::Value(v) => v.value.to_string(),
            Expr::Nested(x) => self.expr(x),
            Expr::BinaryOp { op: op @ (B::And | B::Or | B::Xor), .. } => {
                let mut parts = Vec::new();
                self.chain(e, op, &mut parts);
                let word = op.to_string().to_ascii_lowercase();
                format!("({})", parts.join(&format!(" {word} ")))
            }
            Expr::BinaryOp { left, op, right } => {
                let op = match op {
                    B::NotEq => "<>".to_string(),
                    other => other.to_string().to_ascii_lowercase(),
                };
                let (l, r) = (self.compared(left, right), self.compared(right, left));
                format!("({l} {op} {r})")
            }
            Expr::UnaryOp { op: U::Not, expr } => format!("(not({}))", self.expr(expr)),
            Expr::UnaryOp { op: U::Minus, expr } => format!("-({})", self.expr(expr)),
            Expr::UnaryOp { op: U::Plus, expr } => self.expr(expr),
            Expr::IsNull(x) => format!("({} is null)", self.expr(x)),
            Expr::IsNotNull(x) => format!("({} is not null)", self.expr(x)),
            Expr::Between { expr, negated, low, high } => format!(
                "({} {}between {} and {})",
                self.expr(expr),
                if *negated { "not " } else { "" },
                self.compared(low, expr),
                self.compared(high, expr)
            ),
            Expr::In { expr, target: InTarget::List(list), negated, .. } => {
                let values: Vec<String> = list.iter().map(|v| self.expr(v)).collect();
                let not = if *negated { "not " } else { "" };
                format!("({} {not}in ({}))", self.expr(expr), values.join(","))
            }
            Expr::Like { negated, expr, pattern, .. } => {
                let like = format!("({} like {})", self.expr(expr), self.expr(pattern));
                if *negated {
                    format!("(not({like}))")
                } else {
                    like
                }
            }
            Expr::Function(f) => {
                let name = f.name.to_string().to_ascii_lowercase();
                let FunctionArguments::List(list) = &f.args else {
                    return format!("{name}()");
                };
                let args: Vec<String> = list
                    .args
                    .iter()
                    .map(|a| match a {
                        // COUNT(*) counts a constant.
                        FunctionArg::Unnamed(FunctionArgExpr::Wildcard) => "0".to_string(),
                        FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => self.expr(x),
                        other => other.to_string(),
                    })
                    .collect();
                let distinct =
                    matches!(list.duplicate_treatment, Some(DuplicateTreatment::Distinct));
                format!("{name}({}{})", if distinct { "distinct " } else { "" }, args.join(","))
            }
            other => other.to_string(),
        }
    }

    /// `e` compared with `other`: a date string compared with a temporal column is shown as
    /// the constant MySQL converts it to (`TIMESTAMP'2026-09-01 00:00:00'`).
    fn compared(&self, e: &Expr, other: &Expr) -> String {
        let Expr::Value(v) = e else { return self.expr(e) };
        let sqlparser::ast::Value::SingleQuotedString(text) = &v.value else {
            return self.expr(e);
        };
        let column = match other {
            Expr::Identifier(id) => Scope { sources: self.sources }.locate(None, &id.value),
            Expr::CompoundIdentifier(parts) if parts.len() >= 2 => {
                let (t, c) = (&parts[parts.len() - 2], &parts[parts.len() - 1]);
                Scope { sources: self.sources }.locate(Some(&t.value), &c.value)
            }
            _ => None,
        };
        let ty = column.and_then(|(i, c)| {
            let s = &self.sources[i];
            let t = matches!(s.kind, Kind::Stored).then(|| self.catalog.table(&s.db, &s.table));
            t.flatten().map(|t| t.def.columns[c as usize].ty.clone())
        });
        let is_date = |d: &str| {
            d.len() == 10
                && d.bytes().enumerate().all(|(i, b)| {
                    if i == 4 || i == 7 {
                        b == b'-'
                    } else {
                        b.is_ascii_digit()
                    }
                })
        };
        let is_time = |t: &str| {
            t.len() == 8
                && t.bytes().enumerate().all(|(i, b)| {
                    if i == 2 || i == 5 {
                        b == b':'
                    } else {
                        b.is_ascii_digit()
                    }
                })
        };
        let (date, time) = match text.split_once(' ') {
            Some((d, t)) => (d, Some(t)),
            None => (text.as_str(), None),
        };
        if !is_date(date) || !time.is_none_or(is_time) {
            return self.expr(e);
        }
        match (ty, time) {
            (Some(ColumnType::DateTime | ColumnType::Timestamp), _) => {
                format!("TIMESTAMP'{date} {}'", time.unwrap_or("00:00:00"))
            }
            (Some(ColumnType::Date), None) => format!("DATE'{date}'"),
            _ => self.expr(e),
        }
    }

    /// The operands of a chain of one AND/OR/XOR operator, rendered.
    fn chain(&self, e: &Expr, op: &B, out: &mut Vec<String>) {
        match e {
            Expr::Nested(x) => self.chain(x, op, out),
            Expr::BinaryOp { left, op: o, right } if o == op => {
                self.chain(left, op, out);
                self.chain(right, op, out);
            }
            other => out.push(self.expr(other)),
        }
    }
}

/// `db`.`table` with its alias, as the Note writes a FROM-clause table.
fn table_ref(s: &Source) -> String {
    if s.alias == s.table {
        format!("`{}`.`{}`", s.db, s.table)
    } else {
        format!("`{}`.`{}` `{}`", s.db, s.table, s.alias)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// EXPLAIN of `sql` on a fresh server with the shop dataset, without the parser's help.
    fn explain(sql: &str) -> (ResultSet, Vec<Warning>) {
        let mut server = crate::experiment::Experiment::default().start_server().unwrap();
        let id = server.connect().unwrap();
        let mut session = server.running.as_mut().unwrap().sessions.remove(&id).unwrap();
        session.database = Some("shop".into());
        let Ok(crate::sql::Statement::Select(q)) = crate::sql::parse(sql) else { panic!("{sql}") };
        let Response::Rows(rs) =
            server.explain(&mut session, &q, sql, &mut Work::default()).unwrap()
        else {
            panic!("EXPLAIN returns rows")
        };
        (rs, session.pending_warnings)
    }

    fn cell(rs: &ResultSet, row: usize, column: &str) -> Option<String> {
        rs.get(row, column).and_then(Value::to_text)
    }

    #[test]
    fn the_chapter_count_is_a_full_scan() {
        let sql =
            "SELECT COUNT(*) FROM page_views WHERE customer_id = 3 AND viewed_at >= '2026-09-01'";
        let (rs, notes) = explain(sql);
        assert_eq!(rs.rows.len(), 1);
        assert_eq!(cell(&rs, 0, "type").as_deref(), Some("ALL"));
        assert_eq!(cell(&rs, 0, "key"), None);
        assert_eq!(cell(&rs, 0, "rows").as_deref(), Some("3000000"));
        assert_eq!(cell(&rs, 0, "filtered").as_deref(), Some("3.33"));
        assert_eq!(cell(&rs, 0, "Extra").as_deref(), Some("Using where"));
        assert_eq!(notes.len(), 1);
        assert_eq!((notes[0].level, notes[0].code), ("Note", 1003));
        assert!(notes[0].message.starts_with("/* select#1 */ select count(0) AS `COUNT(*)`"));
    }

    #[test]
    fn a_primary_key_equality_is_a_const_lookup() {
        let (rs, _) = explain("SELECT * FROM customers WHERE id = 3");
        assert_eq!(cell(&rs, 0, "type").as_deref(), Some("const"));
        assert_eq!(cell(&rs, 0, "key").as_deref(), Some("PRIMARY"));
        assert_eq!(cell(&rs, 0, "key_len").as_deref(), Some("4"));
        assert_eq!(cell(&rs, 0, "ref").as_deref(), Some("const"));
        assert_eq!(cell(&rs, 0, "rows").as_deref(), Some("1"));
        let (rs, _) = explain("SELECT * FROM customers WHERE id = 99");
        assert_eq!(cell(&rs, 0, "Extra").as_deref(), Some("no matching row in const table"));
    }

    #[test]
    fn an_indexed_equality_is_a_ref_lookup_even_on_a_tiny_table() {
        // MySQL caps a ref's row reads at a tenth of the table (worst_seeks), so even on 12
        // rows the index beats the scan.
        let (rs, _) = explain("SELECT * FROM orders WHERE customer_id = 3");
        assert_eq!(cell(&rs, 0, "type").as_deref(), Some("ref"));
        assert_eq!(cell(&rs, 0, "possible_keys").as_deref(), Some("customer_id"));
        assert_eq!(cell(&rs, 0, "key").as_deref(), Some("customer_id"));
        assert_eq!(cell(&rs, 0, "ref").as_deref(), Some("const"));
        assert_eq!(cell(&rs, 0, "Extra"), None);
    }

    #[test]
    fn a_join_column_is_an_eq_ref_on_the_primary_key() {
        let (rs, _) = explain(
            "SELECT oi.id, o.status FROM order_items oi JOIN orders o ON o.id = oi.order_id",
        );
        assert_eq!(cell(&rs, 0, "type").as_deref(), Some("ALL"));
        assert_eq!(cell(&rs, 1, "type").as_deref(), Some("eq_ref"));
        assert_eq!(cell(&rs, 1, "ref").as_deref(), Some("shop.oi.order_id"));
    }

    #[test]
    fn key_lengths_match_mysql() {
        let col = |ty| ColumnDef::new("c", ty);
        assert_eq!(key_part_bytes(&col(ColumnType::Int)), 4);
        assert_eq!(key_part_bytes(&col(ColumnType::BigInt).unsigned()), 8);
        assert_eq!(key_part_bytes(&col(ColumnType::Varchar(255)).nullable()), 1023);
        assert_eq!(key_part_bytes(&col(ColumnType::Decimal { precision: 10, scale: 2 })), 5);
        assert_eq!(key_part_bytes(&col(ColumnType::DateTime)), 5);
    }
}
