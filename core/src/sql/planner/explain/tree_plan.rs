//! EXPLAIN FORMAT=TREE of one query block: the plan rows the traditional EXPLAIN computed
//! (`mod.rs` `plan`), turned into MySQL's iterators (`tree.rs` draws them). What each table
//! contributes is gathered while its EXPLAIN row is made ([`TreeTable::of`]); the joins and
//! the nodes above them are put together in [`build`].

use super::note::Render;
use super::tree::{literal, Names, Node, Role};
use super::{Bound, Kind, PlanRow, Source};
use crate::error::{MySqlError, Result};
use crate::sql::bind::BExpr;
use crate::sql::planner::access_path::{Choice, Interval, Path, ROW_EVALUATE_COST};
use crate::sql::Value;
use crate::storage::catalog::Catalog;
use crate::storage::table::Table;
use sqlparser::ast::{
    BinaryOperator as B, Expr, FunctionArguments, GroupByExpr, LimitClause, OrderByKind, Query,
    Select, SelectItem,
};

/// What the block as a whole does beyond its tables, as `plan` decided it.
#[derive(Default)]
pub(super) struct BlockFacts {
    /// The block reads no rows: "No tables used", "Impossible WHERE", ...
    pub message: Option<&'static str>,
    /// GROUP BY or DISTINCT through a temporary table.
    pub temporary: bool,
    /// A sort for ORDER BY.
    pub sort: bool,
    pub windowing: bool,
    /// A loose index scan makes the groups (or the distinct rows) itself: no aggregation or
    /// de-duplication node above it (MySQL's skip scan returns the aggregated rows).
    pub loose: bool,
    /// A loose index scan's groups sorted for an ORDER BY they do not come in: MySQL puts
    /// its temporary table between them and the sort and streams the rows through it
    /// (`Using temporary; Using filesort`, TREE `Stream results`).
    pub streamed: bool,
}

/// What `plan` knows about one table when it makes its EXPLAIN row.
pub(super) struct TableFacts<'a> {
    pub source: &'a Source,
    pub index: usize,
    pub table: Option<&'a Table>,
    pub choice: Option<&'a Choice>,
    /// Conditions checked when the table's row is read that the access does not guarantee,
    /// each with whether it reads this table only.
    pub checked: Vec<(BExpr, bool)>,
    /// The share of the access's rows the conditions keep (EXPLAIN's filtered / 100).
    pub filter: f64,
    /// Read into a join buffer (hash join).
    pub buffered: bool,
    /// Read while optimizing (const or system).
    pub constant: bool,
    /// Scanned in primary key order for ORDER BY / GROUP BY.
    pub index_order: bool,
    pub sources: &'a [Source],
    /// In a dependent subquery: the outer columns its outer references read (`c.id`).
    pub outer: &'a [String],
    /// In a dependent subquery: for each key part of the access, the outer column (or
    /// `func`) its value comes from, if it comes from one.
    pub outer_keys: Vec<Option<String>>,
}

/// One table's part of the tree.
#[derive(Clone, Debug)]
pub(super) struct TreeTable {
    pub(super) access: Node,
    /// The cost of all its accesses together.
    pub total_cost: f64,
    /// Rows one access returns, before the conditions.
    pub rows: f64,
    pub filter: f64,
    /// Conditions (rendered), whether each reads this table only, and whether it is an
    /// equality (a hash join's key).
    pub(super) conditions: Vec<(String, bool, bool)>,
    /// For each condition, the first table (position in the join order) it reads.
    pub(super) earliest: Vec<usize>,
    pub(super) buffered: bool,
    /// A LATERAL derived table, made again for each row before it: its cost is paid per row.
    pub(super) per_outer_row: bool,
    /// How many times the plan reads a stored table along its chosen access (the rows
    /// before it, for a table after the first): `total_cost` covers them all. None for
    /// anything else, whose cost does not grow with the rows before it.
    pub(super) loops: Option<f64>,
    pub outer: bool,
    pub constant: bool,
    /// Its position in the join order.
    pub(super) position: usize,
    /// The first table of a parenthesised join on the inner side of a LEFT JOIN: how many
    /// tables the nest holds (`Source::nest`); 0 elsewhere.
    pub(super) nest: u32,
}

/// `alias.column` for every joined-row column (a functional key part's hidden column as the
/// expression it stands for).
fn column_names(sources: &[Source]) -> Vec<String> {
    let mut names = Vec::new();
    for s in sources {
        names.extend((0u32..).zip(&s.columns).map(|(p, c)| {
            match s.hidden.iter().find(|(h, _)| *h == p) {
                Some((_, expr)) => tree_expression(&s.alias, expr),
                None => format!("{}.{c}", s.alias),
            }
        }));
    }
    names
}

/// An expression as MySQL keeps it (`(`b` + 1)`) as the tree writes it, its columns
/// qualified by `alias` without quotes (`(t.b + 1)`), as the tree writes a functional
/// index's key part (`Index lookup on t using k (cast(json_extract(t.j,...) ...)=...)`).
fn tree_expression(alias: &str, expr: &str) -> String {
    let mut out = String::with_capacity(expr.len() + 8);
    let mut quoted = false;
    let mut chars = expr.chars().peekable();
    // Bounded by the text's length: each step takes one character.
    while let Some(c) = chars.next() {
        match c {
            '\\' if quoted => {
                out.push(c);
                out.extend(chars.next());
            }
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '`' if !quoted => {
                out.push_str(alias);
                out.push('.');
                // The name up to its closing back-quote (a doubled one is a back-quote).
                while let Some(n) = chars.next() {
                    if n == '`' {
                        if chars.peek() == Some(&'`') {
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    out.push(n);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

impl TreeTable {
    pub fn of(f: TableFacts) -> TreeTable {
        let names = column_names(f.sources);
        let names = Names { columns: &names, outer: f.outer, calls: &[] };
        let s = f.source;
        let alias = &s.alias;
        let (label, per_cost, rows, mut total_cost) = match (f.table, f.choice) {
            (Some(t), Some(c)) => {
                let col = |k: &u32| match t.def.key_part_expression(*k) {
                    Some(expr) => tree_expression(alias, expr),
                    None => t.def.columns[*k as usize].name.clone(),
                };
                let secondary_covering =
                    |index: &str| c.covering && !t.def.index(index).is_some_and(|x| x.primary);
                let mut label = match &c.path {
                    Path::Scan if f.index_order => format!("Index scan on {alias} using PRIMARY"),
                    Path::IndexScan { index } if secondary_covering(index) => {
                        format!("Covering index scan on {alias} using {index}")
                    }
                    Path::IndexScan { index } => format!("Index scan on {alias} using {index}"),
                    Path::Scan => format!("Table scan on {alias}"),
                    Path::Ref { index, parts, unique } => {
                        let keys: Vec<String> = c
                            .key_columns
                            .iter()
                            .zip(parts)
                            .enumerate()
                            .map(|(at, (k, p))| {
                                let value = match f.outer_keys.get(at) {
                                    Some(Some(outer)) => outer.clone(),
                                    _ => names.expr(p),
                                };
                                format!("{}={value}", col(k))
                            })
                            .collect();
                        let kind = match (*unique, secondary_covering(index)) {
                            (true, true) => "Single-row covering index lookup",
                            (true, false) => "Single-row index lookup",
                            (false, true) => "Covering index lookup",
                            (false, false) => "Index lookup",
                        };
                        format!("{kind} on {alias} using {index} ({})", keys.join(", "))
                    }
                    Path::GroupSkip(g) => {
                        // MySQL's ExplainGroupIndexSkipScanAccessPath: the group's ranges,
                        // then the MIN / MAX argument's.
                        let what = if g.min_max.is_some() { "grouping" } else { "deduplication" };
                        let mut label = format!(
                            "Covering index skip scan for {what} on {alias} using {}",
                            g.index
                        );
                        let nullable = |k: u32| t.def.columns[k as usize].nullable;
                        let mut ranges: Vec<String> = Vec::new();
                        if let Some(&first) = g.entry.first() {
                            let name = col(&first);
                            ranges.extend(
                                g.prefix.iter().map(|i| interval(i, &name, nullable(first))),
                            );
                        }
                        if !ranges.is_empty() {
                            label.push_str(&format!(" over {}", ranges.join(" OR ")));
                        }
                        if let Some(p) =
                            g.min_max.as_ref().filter(|p| p.lo.is_some() || p.hi.is_some())
                        {
                            let i = Interval { lo: p.lo.clone(), hi: p.hi.clone() };
                            let text = interval(&i, &col(&p.column), nullable(p.column));
                            let joint = if ranges.is_empty() { " over " } else { ", " };
                            label.push_str(&format!("{joint}{text}"));
                        }
                        label
                    }
                    Path::Range { index, intervals } => {
                        let first = c.key_columns.first().copied().unwrap_or(0);
                        let column = &t.def.columns[first as usize];
                        let in_pk = t.def.primary().is_some_and(|p| p.columns.contains(&first));
                        // A functional key part as its expression (UNCONFIRMED for ranges:
                        // MySQL's lookups write it so).
                        let owned: Vec<String> = c.key_columns.iter().map(col).collect();
                        let names: Vec<&str> = owned.iter().map(String::as_str).collect();
                        let first_name = col(&first);
                        let ranges: Vec<String> = intervals
                            .iter()
                            .map(|i| match key_point(i, &names) {
                                Some(point) => point,
                                None => interval(i, &first_name, column.nullable && !in_pk),
                            })
                            .collect();
                        let kind = if secondary_covering(index) {
                            "Covering index range scan"
                        } else {
                            "Index range scan"
                        };
                        format!("{kind} on {alias} using {index} over {}", ranges.join(" OR "))
                    }
                };
                if c.reverse {
                    label.push_str(" (reverse)");
                }
                // The pushed index condition (MySQL 8.0.17+ trees: `Index range scan on p
                // using zip_last_first over (...), with index condition: (...)`).
                if let Some(pushed) = c.index_condition.as_deref() {
                    let texts: Vec<String> = pushed.joined.iter().map(|e| names.expr(e)).collect();
                    let text = match texts.as_slice() {
                        [one] => one.clone(),
                        many => format!("({})", many.join(" and ")),
                    };
                    label.push_str(&format!(", with index condition: {text}"));
                }
                let loops = c.loops.max(1.0);
                (label, c.cost / loops, c.rows as f64, c.cost)
            }
            (Some(t), None) => {
                let rows = t.row_count() as f64;
                (
                    format!("Table scan on {alias}"),
                    rows * ROW_EVALUATE_COST,
                    rows,
                    rows * ROW_EVALUATE_COST,
                )
            }
            (None, _) => {
                // A materialised block or a server table: priced at its rows' evaluation
                // (simplification: MySQL adds the temporary table's page reads).
                let rows = match s.kind {
                    Kind::Derived { rows, .. } => rows as f64,
                    Kind::TableFunction { .. } => super::table_function::ROWS_ESTIMATE as f64,
                    _ => 1.0,
                };
                if let Kind::TableFunction { .. } = s.kind {
                    let cost = super::table_function::TREE_COST;
                    ("Materialize table function".to_string(), cost, rows, cost)
                } else if super::recursive::is_reference(s) {
                    // The rows the last iteration added, read from the CTE's temporary
                    // table: its scan (2.5 + 0.0125 per row, as below) and the rows'
                    // evaluation, which gives the 2.73 of MySQL's published plans for 2 rows.
                    let cost = 2.5 + 0.0125 * rows + rows * ROW_EVALUATE_COST;
                    (super::recursive::scan_label(alias), cost, rows, cost)
                } else {
                    let cost = rows * ROW_EVALUATE_COST;
                    (format!("Table scan on {alias}"), cost, rows, cost)
                }
            }
        };
        let mut access = Node::new(label, Some((per_cost, rows)));
        if let (None, Kind::Derived { plan: Some(plan), rows, .. }) = (f.table, &s.kind) {
            // A materialised block's table: its scan starts once the block is materialised
            // and then reads the temporary table, its first row after its share of the
            // scan. UNCONFIRMED: the temporary table's scan cost, 2.5 + 0.0125 per row, is
            // fitted to plans MySQL 8.4 printed (`Table scan on <union temporary>
            // (cost=2.27..4.49 rows=7)` over `... (cost=1.9..1.9 rows=7)`).
            let written = plan.estimate.map_or(0.0, |(c, _)| c);
            let scan = 2.5 + 0.0125 * *rows as f64;
            access.estimate = Some((written + scan, *rows as f64));
            total_cost = written + scan;
            access.init_cost = Some(written + scan / (*rows as f64).max(1.0));
            access.children.push((**plan).clone());
        }
        if let (Some(t), Kind::Stored) = (f.table, &s.kind) {
            access.role = Role::Access(t.def.schema.clone(), t.def.name.clone());
        }
        // A LATERAL derived table is made again for each row of the table before it, whose
        // access is wrapped in the iterator that drops the old rows (MySQL 8.0.20+:
        // `Invalidate materialized tables (row from d)` over it, `Materialize (invalidate on
        // row from d)` under the derived table's scan; MySQL 8.4 plans). UNCONFIRMED: the
        // invalidator sits right over the table's access, under its conditions' Filter; the
        // table named is the one before the derived table in the join order, as the
        // traditional format's `Rematerialize` is placed.
        if s.lateral {
            if let (Some(before), Some(m)) =
                (f.index.checked_sub(1).and_then(|b| f.sources.get(b)), access.children.first_mut())
            {
                m.label = format!("{} (invalidate on row from {})", m.label, before.alias);
            }
        }
        if f.sources.get(f.index + 1).is_some_and(|next| next.lateral) {
            let label = format!("Invalidate materialized tables (row from {alias})");
            let estimate = access.estimate;
            access = Node::new(label, estimate).with(access);
        }
        let conditions = f
            .checked
            .iter()
            .map(|(e, local)| {
                let eq = matches!(e, BExpr::Binary { op: B::Eq, .. });
                (names.expr(e), *local, eq)
            })
            .collect();
        let source_of = |c: u32| f.sources.iter().position(|s| s.contains(c));
        let earliest = f
            .checked
            .iter()
            .map(|(e, _)| {
                let mut first = f.index;
                e.for_each_column(&mut |c| {
                    first = source_of(c).map_or(first, |at| at.min(first));
                });
                first
            })
            .collect();
        TreeTable {
            access,
            total_cost,
            rows,
            filter: f.filter,
            conditions,
            earliest,
            buffered: f.buffered,
            per_outer_row: s.lateral,
            loops: f.table.and(f.choice).map(|c| c.loops.max(1.0)),
            outer: s.outer,
            constant: f.constant,
            position: f.index,
            nest: s.nest,
        }
    }
}

/// A point of several key parts (a row IN list's) as MySQL prints it: `(a = 1 AND b = 2)`.
fn key_point(i: &Interval, names: &[&str]) -> Option<String> {
    let (Some(lo), Some(hi)) = (&i.lo, &i.hi) else { return None };
    if lo != hi || lo.exclusive || lo.prefix.len() < 2 || lo.prefix.len() != names.len() {
        return None;
    }
    let parts: Vec<String> =
        names.iter().zip(&lo.prefix).map(|(n, v)| format!("{n} = {}", literal(v))).collect();
    Some(format!("({})", parts.join(" AND ")))
}

/// One interval of a range scan as MySQL prints it: `(10 < a)`, `(10 <= a <= 20)`,
/// `(a = 3)`; an open lower end of a nullable column starts at NULL (`(NULL < a < 10)`).
fn interval(i: &Interval, column: &str, nullable: bool) -> String {
    let value = |e: &crate::storage::table::RangeEnd| {
        e.prefix.first().map_or_else(|| "NULL".to_string(), literal)
    };
    if let (Some(lo), Some(hi)) = (&i.lo, &i.hi) {
        if lo == hi && !lo.exclusive {
            return format!("({column} = {})", value(lo));
        }
    }
    // The range optimizer starts `a < 10` after NULL; MySQL prints that only for a column
    // that can hold NULL.
    let lo = i.lo.as_ref().filter(|lo| nullable || lo.prefix.first() != Some(&Value::Null));
    let left = match lo {
        Some(lo) => format!("{} {} ", value(lo), if lo.exclusive { "<" } else { "<=" }),
        None if nullable => "NULL < ".to_string(),
        None => String::new(),
    };
    let right = match &i.hi {
        Some(hi) => format!(" {} {}", if hi.exclusive { "<" } else { "<=" }, value(hi)),
        None => String::new(),
    };
    format!("({left}{column}{right})")
}

/// The condition texts of a block explained with its subqueries' results in place, each
/// with its text when the subqueries stand as markers (`values` and `marked`: WHERE bound
/// both ways, and HAVING as written both ways): the WHERE conditions pair up by position
/// (a result takes its subquery's place inside one AND-ed part), and only those that
/// differ are kept. Simplification: a condition an index lookup consumed is drawn in the
/// lookup's key with the result in place.
pub(super) fn relabels(
    wheres: (&Option<BExpr>, &Option<BExpr>),
    havings: (Option<&Expr>, Option<&Expr>),
    sources: &[Source],
    catalog: &Catalog,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let names = column_names(sources);
    let names = Names { columns: &names, outer: &[], calls: &[] };
    if let (Some(values), Some(marked)) = wheres {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        super::estimates::split_and(values, &mut a);
        super::estimates::split_and(marked, &mut b);
        if a.len() == b.len() {
            for (x, y) in a.iter().zip(&b) {
                let (x, y) = (names.expr(x), names.expr(y));
                if x != y && out.len() < 64 {
                    out.push((x, y));
                }
            }
        }
    }
    if let (Some(values), Some(marked)) = havings {
        let none = super::dependent::Correlation::default();
        let render = Render { sources, catalog, correlation: &none };
        let (x, y) = (plain(&render, values), plain(&render, marked));
        if x != y {
            out.push((x, y));
        }
    }
    out
}

/// A `Filter` over `child` for `conditions`, if any.
pub(super) fn filtered(child: Node, conditions: &[&str], rows: f64) -> Node {
    if conditions.is_empty() {
        return child;
    }
    let cost = child.estimate.map_or(0.0, |(c, _)| c);
    let text = match conditions {
        [one] => one.to_string(),
        many => format!("({})", many.join(" and ")),
    };
    Node::new(format!("Filter: {text}"), Some((cost, rows))).with(child)
}

/// The block's tree.
pub(super) fn build(
    plan: &[PlanRow],
    facts: &BlockFacts,
    sources: &[Source],
    bound: &Bound,
    sel: &Select,
    q: &Query,
    catalog: &Catalog,
) -> Result<Node> {
    let window =
        if facts.windowing { Some(window_text(&bound.windows, sources, sel, q)?) } else { None };
    if let Some(m) = facts.message {
        let label = match m {
            "No tables used" => "Rows fetched before execution  (cost=0..0 rows=1)".to_string(),
            other => format!("Zero rows ({other})  (cost=0..0 rows=0)"),
        };
        return Ok(Node::new(label, None));
    }
    let tables: Vec<&TreeTable> = plan.iter().filter_map(|r| r.tree.as_ref()).collect();
    let joined: Vec<&TreeTable> = tables.iter().copied().filter(|t| !t.constant).collect();
    let acc = super::tree_join::join_all(&joined);
    let (mut node, cost, rows) = match acc {
        Some(a) => a,
        // Every table was read while optimizing.
        None => return Ok(Node::new("Rows fetched before execution  (cost=0..0 rows=1)", None)),
    };
    let none = super::dependent::Correlation::default();
    let text = |e: &Expr| plain(&Render { sources, catalog, correlation: &none }, e);
    let mut costed = true;
    // Aggregation.
    let implicit_group = bound.aggregates && bound.group_by.is_empty();
    let calls = aggregate_calls(sel, q);
    let list: Vec<String> = calls.iter().map(&text).collect();
    if facts.loose {
        // The skip scan's rows are the groups.
    } else if implicit_group {
        node = blocking(format!("Aggregate: {}", list.join(", ")), Some((cost, 1.0))).with(node);
    } else if !bound.group_by.is_empty() {
        if facts.temporary {
            let agg = blocking("Aggregate using temporary table", None).with(node);
            node = blocking("Table scan on <temporary>", None).with(agg);
            costed = false;
        } else {
            let label = if list.is_empty() {
                "Group (no aggregates)".to_string()
            } else {
                format!("Group aggregate: {}", list.join(", "))
            };
            node = Node::new(label, Some((cost, rows))).with(node);
        }
    }
    if let Some(h) = &sel.having {
        let estimate = costed.then_some((cost, rows));
        node = Node::new(format!("Filter: {}", text(h)), estimate).with(node);
    }
    if let Some((label, keys)) = window {
        // The rows of the join (or of the grouping) are sorted on the window's PARTITION BY
        // and ORDER BY keys, then the window is computed over them as they stream.
        // UNCONFIRMED against a live 8.4: over a join MySQL streams the joined rows first
        // (`Stream results`, the join's estimate) and prints no estimate on the Sort or the
        // window; over one table the Sort has the table's and the window `cost=0` (as
        // plans MySQL 8.0.3x printed).
        let joined = tables.iter().filter(|t| !t.constant).count() > 1;
        let (sort_estimate, window_estimate) =
            if !costed || joined { (None, None) } else { (Some((cost, rows)), Some((0.0, rows))) };
        if !keys.is_empty() {
            if joined && costed {
                node = Node::new("Stream results", Some((cost, rows))).with(node);
            }
            node = blocking(format!("Sort: {}", keys.join(", ")), sort_estimate).with(node);
        }
        node = Node::new(label, window_estimate).with(node);
        costed = costed && !joined;
    }
    if bound.distinct && !implicit_group && bound.group_by.is_empty() && !facts.loose {
        let dedup = blocking("Temporary table with deduplication", None).with(node);
        node = blocking("Table scan on <temporary>", None).with(dedup);
        costed = false;
    }
    let (limit, offset) = limit_of(q);
    if facts.sort && !facts.windowing {
        let keys: Vec<String> = match q.order_by.as_ref().map(|o| &o.kind) {
            Some(OrderByKind::Expressions(list)) => list
                .iter()
                .map(|o| {
                    let desc = matches!(o.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                    format!("{}{}", text(&o.expr), if desc { " DESC" } else { "" })
                })
                .collect(),
            _ => Vec::new(),
        };
        let mut label = format!("Sort: {}", keys.join(", "));
        if let Some(n) = limit {
            label.push_str(&format!(", limit input to {} row(s) per chunk", n + offset));
        }
        if facts.streamed {
            // The skip scan's estimate on the streamed rows, none on the Sort above them
            // (as MySQL prints a sort over `Stream results`).
            node = Node::new("Stream results", costed.then_some((cost, rows))).with(node);
            costed = false;
        }
        node = blocking(label, costed.then_some((cost, rows))).with(node);
    }
    if let Some(n) = limit {
        let label = if offset > 0 {
            format!("Limit/Offset: {n}/{offset} row(s)")
        } else {
            format!("Limit: {n} row(s)")
        };
        let estimate = costed.then_some((cost, rows.min(n as f64)));
        node = Node::new(label, estimate).with(node);
    }
    Ok(node)
}

pub(super) fn blocking(label: impl Into<String>, estimate: Option<(f64, f64)>) -> Node {
    let mut n = Node::new(label, estimate);
    n.role = Role::Blocking;
    n
}

/// The window iterator's label (`Window aggregate: row_number() OVER (PARTITION BY t.a
/// ORDER BY t.b desc ) `) and the keys its Sort orders by (`t.a, t.b DESC`), as MySQL
/// writes them (the PARTITION BY list joined by commas without spaces, ORDER BY keys with a
/// lower-case `desc`, a space before the closing parenthesis and after it).
///
/// Whether MySQL buffers a partition (`Window aggregate with buffering`): ROW_NUMBER, RANK
/// and DENSE_RANK read each row once; aggregates (their default frame with ORDER BY takes the
/// current row's peers), PERCENT_RANK, CUME_DIST, NTILE, LAG, LEAD and the value functions
/// need rows ahead or the partition's size. UNCONFIRMED for LAG (MySQL may not buffer for
/// it). Not built (1235): several windows (MySQL draws one iterator and sort per window),
/// explicit frames, ORDER BY or DISTINCT after the window (MySQL writes the windowed rows to
/// a temporary table first), and a window over nothing (`OVER ()`, whose text is
/// UNCONFIRMED). Several calls over the same window are listed with `, ` (UNCONFIRMED).
fn window_text(
    calls: &[crate::sql::window::WindowCall],
    sources: &[Source],
    sel: &Select,
    q: &Query,
) -> Result<(String, Vec<String>)> {
    use crate::sql::window::WindowFunc as W;
    let refuse =
        |what: &str| Err(MySqlError::not_supported_yet(&format!("EXPLAIN FORMAT=TREE of {what}")));
    let Some(first) = calls.first() else { return refuse("window functions") };
    if calls.iter().any(|c| c.partition != first.partition || c.order != first.order) {
        return refuse("several windows");
    }
    if calls.iter().any(|c| c.frame.is_some()) {
        return refuse("window frames");
    }
    if q.order_by.is_some() || sel.distinct.is_some() {
        return refuse("ORDER BY or DISTINCT after window functions");
    }
    if first.partition.is_empty() && first.order.is_empty() {
        return refuse("a window over the whole result (OVER ())");
    }
    let names = column_names(sources);
    let names = Names { columns: &names, outer: &[], calls: &[] };
    let mut spec = String::new();
    let mut keys = Vec::new();
    if !first.partition.is_empty() {
        let list: Vec<String> = first.partition.iter().map(|e| names.expr(e)).collect();
        spec.push_str(&format!("PARTITION BY {} ", list.join(",")));
        keys.extend(list);
    }
    if !first.order.is_empty() {
        let list: Vec<String> = first
            .order
            .iter()
            .map(|(e, desc)| format!("{}{}", names.expr(e), if *desc { " desc" } else { "" }))
            .collect();
        spec.push_str(&format!("ORDER BY {} ", list.join(",")));
        keys.extend(
            first
                .order
                .iter()
                .map(|(e, desc)| format!("{}{}", names.expr(e), if *desc { " DESC" } else { "" })),
        );
    }
    let mut buffering = false;
    let mut texts = Vec::new();
    for c in calls {
        let name = match c.func {
            W::RowNumber => "row_number",
            W::Rank => "rank",
            W::DenseRank => "dense_rank",
            W::PercentRank => "percent_rank",
            W::CumeDist => "cume_dist",
            W::Ntile => "ntile",
            W::Lag => "lag",
            W::Lead => "lead",
            W::FirstValue => "first_value",
            W::LastValue => "last_value",
            W::NthValue => "nth_value",
            W::Aggregate(a) => {
                use crate::sql::bind::AggFunc as A;
                match a {
                    A::CountStar | A::Count => "count",
                    A::Sum => "sum",
                    A::Avg => "avg",
                    A::Min => "min",
                    A::Max => "max",
                    _ => return refuse("this window aggregate"),
                }
            }
        };
        buffering |= !matches!(c.func, W::RowNumber | W::Rank | W::DenseRank);
        let args: Vec<String> = match c.func {
            // MySQL writes COUNT(*) as count(0).
            W::Aggregate(crate::sql::bind::AggFunc::CountStar) => vec!["0".into()],
            _ => c.args.iter().map(|e| names.expr(e)).collect(),
        };
        texts.push(format!("{name}({}) OVER ({spec})", args.join(",")));
    }
    let kind = if buffering { "Window aggregate with buffering" } else { "Window aggregate" };
    if texts.iter().chain(&keys).any(|t| t.contains("<expression>")) {
        return refuse("this window's expressions");
    }
    Ok((format!("{kind}: {} ", texts.join(", ")), keys))
}

/// LIMIT's row count and offset, when they are plain numbers.
pub fn limit_of(q: &Query) -> (Option<u64>, u64) {
    let number = |e: &Expr| match e {
        Expr::Value(v) => v.value.to_string().parse::<u64>().ok(),
        _ => None,
    };
    match &q.limit_clause {
        Some(LimitClause::LimitOffset { limit: Some(l), offset, .. }) => {
            (number(l), offset.as_ref().and_then(|o| number(&o.value)).unwrap_or(0))
        }
        Some(LimitClause::OffsetCommaLimit { offset, limit }) => {
            (number(limit), number(offset).unwrap_or(0))
        }
        _ => (None, 0),
    }
}

/// The aggregate calls of the select list, HAVING and ORDER BY, in order, each once.
fn aggregate_calls(sel: &Select, q: &Query) -> Vec<Expr> {
    let mut out: Vec<Expr> = Vec::new();
    let mut visit = |e: &Expr| collect_aggregates(e, &mut out);
    for item in &sel.projection {
        match item {
            SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => visit(e),
            _ => {}
        }
    }
    if let Some(h) = &sel.having {
        visit(h);
    }
    if let Some(OrderByKind::Expressions(list)) = q.order_by.as_ref().map(|o| &o.kind) {
        for o in list {
            visit(&o.expr);
        }
    }
    let _ = GroupByExpr::All;
    out
}

const AGGREGATES: [&str; 9] =
    ["COUNT", "SUM", "AVG", "MIN", "MAX", "GROUP_CONCAT", "BIT_AND", "BIT_OR", "BIT_XOR"];

fn collect_aggregates(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Function(f) => {
            let name = f.name.to_string().to_ascii_uppercase();
            if AGGREGATES.contains(&name.as_str()) && f.over.is_none() {
                if !out.contains(e) && out.len() < 64 {
                    out.push(e.clone());
                }
                return;
            }
            if let FunctionArguments::List(list) = &f.args {
                for a in &list.args {
                    if let sqlparser::ast::FunctionArg::Unnamed(
                        sqlparser::ast::FunctionArgExpr::Expr(x),
                    ) = a
                    {
                        collect_aggregates(x, out);
                    }
                }
            }
        }
        Expr::Nested(x) | Expr::UnaryOp { expr: x, .. } => collect_aggregates(x, out),
        Expr::BinaryOp { left, right, .. } => {
            collect_aggregates(left, out);
            collect_aggregates(right, out);
        }
        _ => {}
    }
}

/// An expression as the tree writes it: the Note 1003 rendering without database names and
/// quotes (`count(0)`, `sum(t.a)`). Simplification: MySQL keeps quotes around names that
/// need them (`` lc.`type` ``).
fn plain(render: &Render, e: &Expr) -> String {
    let mut text = render.expr(e);
    for s in render.sources {
        if !s.db.is_empty() {
            text = text.replace(&format!("`{}`.", s.db), "");
        }
    }
    text.replace('`', "")
}

#[cfg(test)]
mod tests {
    use super::tree_expression;

    #[test]
    fn a_hidden_columns_expression_is_written_with_plain_qualified_names() {
        assert_eq!(tree_expression("t", "(`b` + 1)"), "(t.b + 1)");
        assert_eq!(tree_expression("x", "abs(`int_col`)"), "abs(x.int_col)");
        // Quoted text is left as it is; a doubled back-quote is one in the name.
        assert_eq!(
            tree_expression("t", "concat(`a`,_utf8mb4'`b`\\'')"),
            "concat(t.a,_utf8mb4'`b`\\'')"
        );
        assert_eq!(tree_expression("t", "(`we``ird` * 2)"), "(t.we`ird * 2)");
    }
}
