//! EXPLAIN ANALYZE's measured figures, put on the tree after the query ran through the
//! simulated engine: `(actual time=F..L rows=R loops=N)` per iterator.
//!
//! What is measured and what is apportioned (SIMPLIFICATION: the executor runs a statement
//! as a whole, not iterator by iterator, so it has no clock reading per iterator):
//! - a table access's rows are the rows the handler fetched from that table (exact; a table
//!   the query reads twice under two aliases shares its fetches evenly between them); a loose
//!   index scan's are the groups it returned (its dives fetch one or two entries per group);
//! - the top iterator's rows are the rows the query returned (exact);
//! - any other iterator's rows are its input's rows scaled by the share its estimate keeps
//!   (a Filter estimated to keep a third of its input is shown keeping a third of what its
//!   input really produced), never more than its input;
//! - times: the statement's simulated time (its page reads, CPU per row, waits) split over
//!   the iterators in proportion to their work: the handler time of each access, a row's CPU
//!   for every row any other iterator handles. An iterator's last row comes when its subtree's
//!   work is done; a blocking one (Sort, Aggregate, temporary table, Hash) returns its first
//!   row only when its own work is done too (first and last row together), a streaming one
//!   after its first input row. Times of an iterator run in a
//!   loop are per loop, as MySQL averages them.

use super::tree::{Actual, Node, Role};

/// What the statement's run measured.
pub struct Measured<'a> {
    /// The statement's simulated time, in milliseconds.
    pub total_ms: f64,
    /// Rows the query returned.
    pub returned: u64,
    /// Rows fetched per (schema, table), and the picoseconds the fetches took.
    pub fetched: &'a dyn Fn(&str, &str) -> (u64, u64),
    /// Rows a loose index scan of (schema, table) returned (its groups), when one ran: its
    /// access node shows those, not the entries its dives fetched.
    pub skip_scan_rows: &'a dyn Fn(&str, &str) -> Option<u64>,
    /// How many accesses of the same table the tree has (to share its fetches).
    pub cpu_row_ps: f64,
    /// The rows each recursive CTE the statement ran made, by name, in the order they
    /// finished.
    pub recursive_runs: &'a [(String, u64)],
}

/// The loops MySQL shows on a recursive SELECT's iterators: its tail-following scan reads
/// every new row in one pass and a second pass finds none (UNCONFIRMED beyond the two
/// published 8.0 plans, both `loops=2` whatever the depth).
const RECURSIVE_LOOPS: f64 = 2.0;

/// Work of a subtree, in picoseconds, and its total rows (over all loops).
struct Done {
    work: f64,
    rows: f64,
}

/// Fills every node's figures. A group of trees (a query and its select list's subqueries)
/// is measured as the query's tree with the subqueries under it.
pub fn fill(root: &mut Node, m: &Measured) {
    if root.role == Role::Group && !root.children.is_empty() {
        let mut query = root.children.remove(0);
        let rest = std::mem::take(&mut root.children);
        let own = query.children.len();
        query.children.extend(rest);
        fill(&mut query, m);
        root.children = query.children.split_off(own);
        root.children.insert(0, query);
        return;
    }
    let mut counts: Vec<(String, String, u32)> = Vec::new();
    count_accesses(root, &mut counts);
    preset_recursive(root, m.recursive_runs, &mut 0);
    let mut shared = Vec::new();
    let mut root_done = measure(root, m, &counts, &shared, 1.0, true);
    // A CTE read twice is materialised once: the reference whose plan is printed elsewhere
    // reads the rows the other one's materialisation produced (known after a first pass).
    materialised_ctes(root, &mut shared);
    if !shared.is_empty() {
        root_done = measure(root, m, &counts, &shared, 1.0, true);
    }
    deduplicated(root);
    recursive_members(root);
    let scale = if root_done.work > 0.0 { m.total_ms / root_done.work } else { 0.0 };
    place_times(root, scale, 0.0);
}

/// Puts each recursive CTE's measured rows on its `Materialize recursive CTE` node and on
/// the scans of new records under it (all its rows pass through them), before the tree is
/// measured. The runs are taken in the order the executor finished them, depth first as
/// the tree lists them (a CTE referenced twice ran once: its later reference has no plan).
/// A later reference (no plan under it) reads the table the first one's run filled.
fn preset_recursive(n: &mut Node, runs: &[(String, u64)], next: &mut usize) {
    for c in n.children.iter_mut() {
        preset_recursive(c, runs, next);
    }
    let Some(name) = n.label.strip_prefix("Materialize recursive CTE ") else { return };
    let name = name.strip_suffix(" with deduplication").unwrap_or(name);
    let found = if n.children.is_empty() {
        runs.iter().rev().find(|(r, _)| r == name)
    } else {
        let at = runs.iter().skip(*next).position(|(r, _)| r == name).map(|i| i + *next);
        *next = at.map_or(*next, |i| i + 1);
        at.map(|i| &runs[i])
    };
    let Some((_, rows)) = found else { return };
    let rows = *rows as f64;
    n.actual = Some(Actual { first_ms: 0.0, last_ms: 0.0, rows, loops: 1.0 });
    for heading in n.children.iter_mut().filter(|c| is_heading(c)) {
        preset_scans(heading, rows);
    }
}

fn preset_scans(n: &mut Node, rows: f64) {
    if n.label.starts_with("Scan new records on ") && n.children.is_empty() {
        n.actual = Some(Actual { first_ms: 0.0, last_ms: 0.0, rows, loops: 1.0 });
    }
    for c in n.children.iter_mut() {
        preset_scans(c, rows);
    }
}

/// A recursive CTE of one recursive SELECT: that SELECT made the rows its anchors did not
/// (exact for UNION ALL; for UNION, at most that many survive de-duplication).
fn recursive_members(n: &mut Node) {
    for c in n.children.iter_mut() {
        recursive_members(c);
    }
    let (true, Some(total)) = (n.label.starts_with("Materialize recursive CTE "), n.actual) else {
        return;
    };
    let (headings, anchors): (Vec<&mut Node>, Vec<&mut Node>) =
        n.children.iter_mut().partition(|c| is_heading(c));
    let [heading] = <[&mut Node; 1]>::try_from(headings).ok().map_or([None], |[h]| [Some(h)]);
    let Some(member) = heading.and_then(|h| h.children.first_mut()) else { return };
    let anchor_rows: f64 =
        anchors.iter().filter_map(|a| a.actual).map(|a| a.rows * a.loops).sum::<f64>();
    if let Some(a) = member.actual.as_mut() {
        let made = (total.rows * total.loops - anchor_rows).max(0.0);
        a.rows = made / a.loops.max(1.0);
    }
}

/// A heading MySQL prints over a child that is no iterator of its own (`Repeat until
/// convergence`): no figures.
fn is_heading(n: &Node) -> bool {
    n.label == super::recursive::CONVERGENCE && n.estimate.is_none()
}

/// A de-duplicating materialisation (UNION, INTERSECT, EXCEPT) holds the rows its
/// temporary table's scan reads, when that scan's rows are known (the statement's result):
/// not the sum of its inputs, which is all the apportioning above knows.
fn deduplicated(n: &mut Node) {
    // The set operation's own `<union1,2>` or a derived table's (`derived_set.rs`).
    let scan_rows = n.label.starts_with("Table scan on ").then_some(n.actual).flatten();
    for c in n.children.iter_mut() {
        if let (Some(scan), Some(a)) = (scan_rows, c.actual.as_mut()) {
            if c.label.ends_with("materialize with deduplication") && a.loops == scan.loops {
                a.rows = a.rows.min(scan.rows);
            }
        }
        deduplicated(c);
    }
}

/// The rows each shared CTE's materialisation produced (`Materialize CTE x if needed`).
fn materialised_ctes(n: &Node, out: &mut Vec<(String, f64)>) {
    if let (Some(name), Some(a)) = (
        n.label.strip_prefix("Materialize CTE ").and_then(|l| l.strip_suffix(" if needed")),
        n.actual,
    ) {
        if out.len() < 64 {
            out.push((name.to_string(), a.rows * a.loops));
        }
    }
    for c in &n.children {
        materialised_ctes(c, out);
    }
}

fn count_accesses(n: &Node, counts: &mut Vec<(String, String, u32)>) {
    if let Role::Access(db, t) = &n.role {
        match counts.iter().position(|(d, x, _)| d == db && x == t) {
            Some(at) => counts[at].2 += 1,
            None if counts.len() < 256 => counts.push((db.clone(), t.clone(), 1)),
            None => {}
        }
    }
    for c in &n.children {
        count_accesses(c, counts);
    }
}

/// Sets rows and loops bottom-up; `work` is kept in `first_ms`/`last_ms` (as picoseconds of
/// the subtree) until [`place_times`] turns them into times.
fn measure(
    n: &mut Node,
    m: &Measured,
    counts: &[(String, String, u32)],
    shared: &[(String, f64)],
    loops: f64,
    top: bool,
) -> Done {
    let loops = loops.max(1.0);
    if is_subquery(n) {
        // `Select #2 (subquery ...; run only once)`: no iterator of its own (MySQL prints
        // no figures on it); its tree runs once.
        let mut work = 0.0;
        for c in n.children.iter_mut() {
            work += measure(c, m, counts, shared, 1.0, false).work;
        }
        n.actual = None;
        return Done { work, rows: 0.0 };
    }
    if is_heading(n) {
        // A recursive SELECT: its iterators run in MySQL's passes; what it makes goes into
        // the CTE's table.
        let mut done = Done { work: 0.0, rows: 0.0 };
        for c in n.children.iter_mut() {
            let d = measure(c, m, counts, shared, RECURSIVE_LOOPS, false);
            done.work += d.work;
            done.rows += d.rows;
        }
        n.actual = None;
        return done;
    }
    // Figures put on before (`preset_recursive`): a scan of a recursive CTE's new records
    // reads them all over its loops.
    let preset = n
        .actual
        .filter(|_| n.children.is_empty() && n.label.starts_with("Scan new records on "))
        .map(|a| a.rows * a.loops);
    // A block without tables makes its one row (or none) before the query runs.
    let fetched_before = n.children.is_empty() && n.label.starts_with("Rows fetched before");
    // A nested loop's inner side runs once per outer row; a hash join's inputs run once.
    let nested = n.label.starts_with("Nested loop");
    let mut child_done = Vec::with_capacity(n.children.len());
    let mut subqueries_work = 0.0;
    let mut outer_rows = 0.0;
    for (i, c) in n.children.iter_mut().enumerate() {
        if is_subquery(c) {
            subqueries_work += measure(c, m, counts, shared, 1.0, false).work;
            continue;
        }
        let child_loops = if nested && i == 1 { outer_rows } else { loops };
        let d = measure(c, m, counts, shared, child_loops, false);
        if i == 0 {
            outer_rows = d.rows;
        }
        child_done.push(d);
    }
    let elsewhere = n
        .label
        .strip_prefix("Materialize CTE ")
        .and_then(|l| l.strip_suffix(super::derived::ELSEWHERE))
        .and_then(|name| shared.iter().find(|(s, _)| s == name));
    let input: f64 = match child_done.as_slice() {
        [] => elsewhere.map_or(0.0, |(_, rows)| *rows),
        [one] => one.rows,
        // A join's estimate relates to both inputs: start from their product's estimate.
        [outer, inner] if nested => inner.rows.max(outer.rows.min(1.0) * inner.rows),
        [probe, build] if n.label.contains("hash join") => probe.rows * build.rows.max(1.0),
        many => many.iter().map(|d| d.rows).sum(),
    };
    let mut work: f64 = child_done.iter().map(|d| d.work).sum::<f64>() + subqueries_work;
    let rows = match &n.role {
        Role::Access(db, t) => {
            let (fetched, ps) = (m.fetched)(db, t);
            let share = counts.iter().find(|(d, x, _)| d == db && x == t).map_or(1, |c| c.2);
            work += ps as f64 / f64::from(share);
            let returned =
                (m.skip_scan_rows)(db, t).filter(|_| n.label.contains(" skip scan for "));
            returned.unwrap_or(fetched) as f64 / f64::from(share)
        }
        _ if top => m.returned as f64,
        _ if preset.is_some() => preset.unwrap_or(0.0),
        _ if fetched_before => n.block_estimate().map_or(1.0, |(_, r)| r) * loops,
        // An aggregate without GROUP BY makes one row each time it runs.
        _ if n.label.starts_with("Aggregate: ") => loops,
        // A sort with a LIMIT above it keeps that many rows (a priority queue) and returns
        // only those, as MySQL's `Sort: ..., limit input to N row(s) per chunk` shows.
        _ if sort_limit(&n.label).is_some() => {
            input.min(sort_limit(&n.label).unwrap_or(0.0) * loops)
        }
        _ if n.label.starts_with("Materialize recursive CTE ") && n.actual.is_some() => {
            n.actual.map_or(input, |a| a.rows * a.loops)
        }
        _ if nested || n.label.contains("hash join") => {
            // Share of the input the join's estimate keeps.
            let est = n.estimate.map_or(input, |(_, r)| r);
            let outer_est = n.children.first().and_then(Node::first_estimate).map_or(1.0, |e| e.1);
            let inner_est = n.children.get(1).and_then(Node::first_estimate).map_or(1.0, |e| e.1);
            let product = (outer_est * inner_est).max(f64::MIN_POSITIVE);
            let outer_rows = child_done.first().map_or(0.0, |d| d.rows);
            let inner_rows = child_done.get(1).map_or(0.0, |d| d.rows);
            let pairs = if nested { inner_rows } else { outer_rows * inner_rows };
            (pairs * (est / product).min(1.0)).round().max(0.0)
        }
        _ => {
            let child_est = n.children.first().and_then(Node::first_estimate).map(|e| e.1);
            match (n.estimate, child_est) {
                (Some((_, est)), Some(c)) if c > 0.0 => (input * (est / c).min(1.0)).round(),
                _ => input,
            }
        }
    };
    if !matches!(n.role, Role::Access(..)) {
        work += input.max(rows) * m.cpu_row_ps;
    }
    n.actual = Some(Actual { first_ms: 0.0, last_ms: work, rows: rows / loops, loops });
    Done { work, rows }
}

/// The N of a sort's `limit input to N row(s) per chunk`.
fn sort_limit(label: &str) -> Option<f64> {
    if !label.starts_with("Sort") {
        return None;
    }
    let (_, after) = label.split_once(", limit input to ")?;
    after.split(' ').next()?.parse().ok()
}

/// A subquery's node (`Select #2 (subquery in condition; run only once)`).
fn is_subquery(n: &Node) -> bool {
    n.label.starts_with("Select #") && n.estimate.is_none()
}

/// Turns each subtree's work into first-row and last-row times (per loop).
fn place_times(n: &mut Node, scale: f64, start: f64) -> f64 {
    let mut begin = start;
    let mut first_child_first = None;
    for c in n.children.iter_mut() {
        let end = place_times(c, scale, begin);
        if first_child_first.is_none() {
            first_child_first = c.actual.map(|a| a.first_ms * a.loops);
        }
        begin = end;
    }
    // A node with no figures of its own (a subquery's) ends when its subtree does.
    let Some(a) = n.actual.as_mut() else { return begin };
    let loops = a.loops.max(1.0);
    let last_total = start + a.last_ms * scale;
    let rows_total = (a.rows * loops).max(1.0);
    let first_total = match n.role {
        // A blocking iterator does all its work (the sort, the aggregation) before it returns
        // its first row, so its first and last rows come together, as MySQL's
        // `Sort: ... (actual time=41013..41013 ...)` shows.
        // The scan of a temporary table streams what its child materialized.
        Role::Blocking if n.label.starts_with("Table scan on <") => {
            first_child_first.unwrap_or(start).max(begin)
        }
        Role::Blocking => last_total,
        Role::Access(..) => start + (last_total - start) / rows_total,
        Role::Stream | Role::Group => first_child_first.unwrap_or(start).max(start),
    };
    a.first_ms = first_total / loops;
    a.last_ms = last_total / loops;
    if a.rows == 0.0 {
        a.first_ms = a.last_ms;
    }
    last_total
}
