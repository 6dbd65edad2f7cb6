//! Partition pruning (MySQL 8.4 manual, "Partition Pruning"): from a query's conditions on
//! a partitioned table, the partitions that can hold a matching row. EXPLAIN lists them in
//! its `partitions` column.
//!
//! What prunes, on a table partitioned on one column: `col = const`, `col IN (...)` and
//! `col IS NULL` on every method, whatever the partitioning expression (it is evaluated at
//! the value, as MySQL does); `<`, `<=`, `>`, `>=` and BETWEEN on RANGE and LIST (and
//! one-column RANGE / LIST COLUMNS) when the expression is the bare column or one of the
//! increasing functions (`monotonic.rs`: YEAR, TO_DAYS, TO_SECONDS, UNIX_TIMESTAMP); and a
//! short range of an integer column on any method, walked value by value as mysql-server's
//! `get_part_iter_for_interval_via_walking` does (at most 32 values, or twice the
//! partitions). AND keeps the partitions both sides keep, OR those either side keeps.
//! Simplification: multi-column COLUMNS and KEY partitionings keep every partition (MySQL
//! prunes on their leading columns too).

mod monotonic;

use crate::error::{MySqlError, Result};
use crate::sql::bind::{BExpr, Binder, Columns};
use crate::sql::expr::eval;
use crate::storage::partition::{Bound, Method, Partitioning, Placement};
use crate::storage::schema::{ColumnType, TableDef};
use crate::storage::value::Value;
use monotonic::Monotonic;
use sqlparser::ast::BinaryOperator as B;
use std::cmp::Ordering;

/// The partitions to read: `chosen[i]` for partition i, for a partitioning whose value is
/// the bare column at `column` (in the bound row), None when pruning cannot use one.
pub fn prune(p: &Partitioning, column: Option<u32>, conditions: &[&BExpr]) -> Vec<bool> {
    match column {
        Some(column) => {
            Pruner { p, column, through: Through::Column, integer: false }.prune(conditions)
        }
        None => vec![true; p.partitions.len()],
    }
}

/// [`prune`] for a table of a query: its partitioning column found at `offset` in the
/// joined row the conditions are bound against. The result is over the physical partitions:
/// a subpartitioned table's kept partitions' subpartitions, narrowed by the conditions on
/// the subpartitioning column as a HASH / KEY table's partitions are.
pub fn prune_table(
    def: &TableDef,
    p: &Partitioning,
    offset: u32,
    conditions: &[BExpr],
) -> Vec<bool> {
    let conditions: Vec<&BExpr> = conditions.iter().collect();
    let top = match Pruner::of(def, p, offset) {
        Some(pruner) => pruner.prune(&conditions),
        None => vec![true; p.partitions.len()],
    };
    let Some(s) = &p.sub else { return top };
    let sub = s.as_partitioning();
    let sub_def = TableDef { partitioning: Some(sub.clone()), ..def.clone() };
    let kept = Pruner::of(&sub_def, &sub, offset).map(|pruner| pruner.prune(&conditions));
    p.expand(&top, kept.as_deref())
}

/// How the partitioning column's value becomes the value that places a row.
enum Through {
    /// It is the value (the bare column, or the one COLUMNS / KEY column).
    Column,
    /// An expression of it, evaluated by `placer` on a row holding the value at `at`;
    /// `monotonic` when it is one of the increasing functions ranges map through.
    Expr { placer: Box<PartitionFilter>, at: usize, width: usize, monotonic: Option<Monotonic> },
}

/// What pruning knows of one partitioned table.
struct Pruner<'a> {
    p: &'a Partitioning,
    /// The partitioning column's position in the bound row.
    column: u32,
    through: Through,
    /// Whether the column holds integers (a short range of it can be walked).
    integer: bool,
}

impl<'a> Pruner<'a> {
    /// The pruner of `def`'s partitioning `p`, whose row starts at `offset` in the bound
    /// row; None when it is partitioned on more than one column.
    fn of(def: &TableDef, p: &'a Partitioning, offset: u32) -> Option<Pruner<'a>> {
        let [name] = p.columns.as_slice() else { return None };
        let at = def.column_position(name)?;
        let ty = &def.columns.get(at as usize)?.ty;
        let integer = matches!(
            ty,
            ColumnType::TinyInt
                | ColumnType::SmallInt
                | ColumnType::MediumInt
                | ColumnType::Int
                | ColumnType::BigInt
        );
        let through = match (&p.method, pruning_column(p)) {
            (_, Some(_)) => Through::Column,
            (Method::Range | Method::List | Method::Hash { .. }, None) => {
                // The partition's own placement (a subpartitioned table's partitions are
                // pruned first, their subpartitions after).
                let placer = if p.sub.is_some() {
                    let top = Partitioning { sub: None, ..p.clone() };
                    let top_def = TableDef { partitioning: Some(top), ..def.clone() };
                    PartitionFilter::placer(&top_def)
                } else {
                    PartitionFilter::placer(def)
                };
                let placer = placer.ok()??;
                let monotonic = match p.method {
                    Method::Range | Method::List => Monotonic::of(&p.expr, name, ty),
                    _ => None,
                };
                Through::Expr {
                    placer: Box::new(placer),
                    at: at as usize,
                    width: def.columns.len(),
                    monotonic,
                }
            }
            _ => return None,
        };
        Some(Pruner { p, column: offset + at, through, integer })
    }

    fn prune(&self, conditions: &[&BExpr]) -> Vec<bool> {
        let mut chosen = vec![true; self.p.partitions.len()];
        let mut keep_only = |keep: Vec<bool>| {
            for (k, x) in chosen.iter_mut().zip(keep) {
                *k &= x;
            }
        };
        for c in conditions {
            if let Some(keep) = self.kept(c, 0) {
                keep_only(keep);
            }
        }
        // A range written as two conditions (`a >= 3 AND a <= 5`) is walked as one.
        let (mut lo, mut hi) = (None, None);
        for c in conditions {
            self.bounds(c, &mut lo, &mut hi, 0);
        }
        if let (Some(lo), Some(hi)) = (lo, hi) {
            if let Some(keep) = self.walked(lo, hi) {
                keep_only(keep);
            }
        }
        chosen
    }
}

/// Which partition a stored row of a partitioned table is in, for a read that skips the
/// rows of the partitions pruning left out.
#[derive(Debug)]
pub struct PartitionFilter {
    partitioning: Partitioning,
    /// RANGE / LIST / HASH: the expression over the table's row; otherwise the columns.
    expr: Option<BExpr>,
    columns: Vec<u32>,
    /// A subpartitioned table's: the rule that places a row in its partition's
    /// subpartitions (the subpartitioning as a HASH / KEY partitioning).
    sub: Option<Box<PartitionFilter>>,
    /// Over the physical partitions.
    chosen: Vec<bool>,
}

/// The table's own columns by name, for binding its partitioning expression.
struct OwnColumns<'a>(&'a TableDef);

impl Columns for OwnColumns<'_> {
    fn resolve(&self, _qualifier: Option<&str>, name: &str, clause: &str) -> Result<u32> {
        self.0.column_position(name).ok_or_else(|| MySqlError::unknown_column(name, clause))
    }
}

impl PartitionFilter {
    /// The filter of a read of `def` that reads the `chosen` partitions, or None when it
    /// reads them all.
    pub fn new(def: &TableDef, chosen: &[bool]) -> Result<Option<PartitionFilter>> {
        if chosen.iter().all(|&c| c) {
            return Ok(None);
        }
        let Some(mut f) = Self::placer(def)? else { return Ok(None) };
        f.chosen = chosen.to_vec();
        Ok(Some(f))
    }

    /// The rule that places a row of a partitioned table `def` (every partition chosen), or
    /// None when `def` is not partitioned.
    pub fn placer(def: &TableDef) -> Result<Option<PartitionFilter>> {
        let Some(p) = &def.partitioning else { return Ok(None) };
        let expr = match p.expr.as_str() {
            "" => None,
            text => {
                let dialect = sqlparser::dialect::MySqlDialect {};
                let e = sqlparser::parser::Parser::new(&dialect)
                    .try_with_sql(text)
                    .and_then(|mut q| q.parse_expr())
                    .map_err(|_| MySqlError::syntax(text, 1))?;
                Some(Binder::scalar(&OwnColumns(def), "partition function").bind(&e)?)
            }
        };
        let columns = p.columns.iter().filter_map(|c| def.column_position(c)).collect();
        let chosen = vec![true; p.physical_count()];
        let sub = match &p.sub {
            Some(s) => {
                let sub_def = TableDef { partitioning: Some(s.as_partitioning()), ..def.clone() };
                Self::placer(&sub_def)?.map(Box::new)
            }
            None => None,
        };
        Ok(Some(PartitionFilter { partitioning: p.clone(), expr, columns, sub, chosen }))
    }

    /// The table's columns the filter reads (a read must fetch them).
    pub fn reads(&self, wanted: &[bool]) -> Vec<bool> {
        let mut w = wanted.to_vec();
        let mut mark = |c: u32| {
            if let Some(x) = w.get_mut(c as usize) {
                *x = true;
            }
        };
        self.columns.iter().for_each(|&c| mark(c));
        if let Some(e) = &self.expr {
            e.for_each_column(&mut mark);
        }
        if let Some(s) = &self.sub {
            w = s.reads(&w);
        }
        // A misplaced row is known by all its values.
        if !self.partitioning.misplaced.is_empty() {
            w.iter_mut().for_each(|x| *x = true);
        }
        w
    }

    /// Whether `row` is in a chosen partition. A row whose partition cannot be worked out
    /// is kept (the query's own conditions still judge it).
    pub fn holds(&self, row: &[Value]) -> bool {
        match self.place(row) {
            Ok(Placement::Partition(i)) => self.chosen.get(i).copied().unwrap_or(true),
            Ok(Placement::Nowhere(_)) => false,
            Err(_) => true,
        }
    }

    /// The partitioning expression's value on `row` (NULL for the COLUMNS and KEY methods,
    /// which have none).
    pub fn value(&self, row: &[Value]) -> Result<Value> {
        match &self.expr {
            Some(e) => eval(e, row, &[], &mut crate::sql::expr::constant_context()),
            None => Ok(Value::Null),
        }
    }

    /// The partition a row of the table is in (the expression's error, if it fails): where
    /// its value places it, unless EXCHANGE PARTITION ... WITHOUT VALIDATION left it in
    /// another.
    pub fn place(&self, row: &[Value]) -> Result<Placement> {
        if let Some(at) = self.misplaced_at(row) {
            return Ok(Placement::Partition(at));
        }
        self.place_by_value(row)
    }

    /// The partition EXCHANGE PARTITION ... WITHOUT VALIDATION left `row` in, outside the
    /// one its value places it in; None for a row where its value puts it.
    pub fn misplaced_at(&self, row: &[Value]) -> Option<usize> {
        if self.partitioning.misplaced.is_empty() {
            return None;
        }
        let at = self.partitioning.misplaced.get(&crate::storage::partition::row_text(row));
        at.map(|&at| at as usize)
    }

    /// The partition the row's value places it in, wherever it is stored.
    pub fn place_by_value(&self, row: &[Value]) -> Result<Placement> {
        let values = match &self.expr {
            Some(e) => {
                let mut cx = crate::sql::expr::constant_context();
                vec![eval(e, row, &[], &mut cx)?]
            }
            None => {
                let value = |c: &u32| row.get(*c as usize).cloned().unwrap_or(Value::Null);
                self.columns.iter().map(value).collect()
            }
        };
        match (self.partitioning.place(&values), &self.sub) {
            (Placement::Partition(i), Some(s)) => match s.place_by_value(row)? {
                Placement::Partition(j) => Ok(Placement::Partition(i * s.chosen.len() + j)),
                nowhere => Ok(nowhere),
            },
            (placed, _) => Ok(placed),
        }
    }

    /// The rows each partition of `t` holds, by placing every row.
    pub fn count_rows(&self, t: &crate::storage::table::Table) -> Vec<u64> {
        let mut counts = vec![0u64; self.partitioning.physical_count()];
        let wanted = self.reads(&vec![false; t.def.columns.len()]);
        t.scan(&wanted, &mut |_, row| {
            if let Ok(Placement::Partition(i)) = self.place(row) {
                counts[i] += 1;
            }
            true
        });
        counts
    }
}

/// The rows each partition of a partitioned table holds, counted once per table state (kept
/// in the table's memo, which a change of its rows clears, under a key naming the
/// partitioning, which ALTER TABLE ... PARTITION changes); empty for a table not partitioned.
pub fn partition_rows(t: &crate::storage::table::Table) -> Vec<u64> {
    let key = format!("partition rows {:?}", t.def.partitioning);
    if let Some(counts) = t.memo_get::<Vec<u64>>(&key) {
        return counts;
    }
    let counts = match PartitionFilter::placer(&t.def) {
        Ok(Some(placer)) => placer.count_rows(t),
        _ => Vec::new(),
    };
    t.memo_put(key, counts.clone());
    counts
}

/// The partitioning's one column whose value decides the partition directly, if any.
pub fn pruning_column(p: &Partitioning) -> Option<&str> {
    match (&p.method, p.columns.as_slice()) {
        (Method::Range | Method::List | Method::Hash { .. }, [c]) if p.expr == format!("`{c}`") => {
            Some(c)
        }
        (Method::RangeColumns | Method::ListColumns | Method::Key { .. }, [c]) => Some(c),
        _ => None,
    }
}

/// Bound on how deep a condition tree is walked (deeper parts keep every partition).
const DEPTH_MAX: u32 = 32;

/// A range's end: its value and whether the value is in the range.
type End<'v> = Option<(&'v Value, bool)>;

/// The most values a short range is walked through (mysql-server's `MAX_RANGE_TO_WALK`);
/// a longer one is still walked when it has at most twice as many values as partitions.
const WALK_MAX: i128 = 32;

impl Pruner<'_> {
    fn is_col(&self, e: &BExpr) -> bool {
        matches!(e, BExpr::Column(x) if *x == self.column)
    }

    /// The partitions a condition keeps, or None when it says nothing about them.
    fn kept(&self, c: &BExpr, depth: u32) -> Option<Vec<bool>> {
        if depth > DEPTH_MAX {
            return None;
        }
        let p = self.p;
        let lit = |e: &BExpr| match e {
            BExpr::Lit(v) => Some(v.clone()),
            _ => None,
        };
        match c {
            BExpr::And(a, b) => match (self.kept(a, depth + 1), self.kept(b, depth + 1)) {
                (Some(x), Some(y)) => Some(x.iter().zip(y).map(|(a, b)| *a && b).collect()),
                (x, None) => x,
                (None, y) => y,
            },
            BExpr::Or(a, b) => {
                let (x, y) = (self.kept(a, depth + 1)?, self.kept(b, depth + 1)?);
                Some(x.iter().zip(y).map(|(a, b)| *a || b).collect())
            }
            BExpr::IsNull { arg, negated: false } if self.is_col(arg) => {
                Some(self.point(&Value::Null))
            }
            BExpr::InList { arg, list, negated: false } if self.is_col(arg) => {
                let mut keep = vec![false; p.partitions.len()];
                for e in list {
                    let v = lit(e)?;
                    for (k, x) in keep.iter_mut().zip(self.point(&v)) {
                        *k |= x;
                    }
                }
                Some(keep)
            }
            BExpr::Between { arg, low, high, negated: false } if self.is_col(arg) => {
                let (lo, hi) = (lit(low)?, lit(high)?);
                self.range(Some((&lo, true)), Some((&hi, true)))
            }
            BExpr::Binary { .. } => {
                let (op, v) = self.comparison(c)?;
                if v.is_null() {
                    // `col = NULL` and `col < NULL` match no row.
                    return Some(vec![false; p.partitions.len()]);
                }
                match op {
                    B::Eq => Some(self.point(&v)),
                    B::Lt => self.range(None, Some((&v, false))),
                    B::LtEq => self.range(None, Some((&v, true))),
                    B::Gt => self.range(Some((&v, false)), None),
                    B::GtEq => self.range(Some((&v, true)), None),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A comparison of the column with a literal, as `col <op> value`.
    fn comparison(&self, c: &BExpr) -> Option<(B, Value)> {
        let BExpr::Binary { op, left, right, .. } = c else { return None };
        match (&**left, &**right) {
            (l, BExpr::Lit(v)) if self.is_col(l) => Some((op.clone(), v.clone())),
            (BExpr::Lit(v), r) if self.is_col(r) => Some((flipped(op)?, v.clone())),
            _ => None,
        }
    }

    /// The partition the column's value `v` goes to (none when no partition holds it).
    fn point(&self, v: &Value) -> Vec<bool> {
        let mut keep = vec![false; self.p.partitions.len()];
        let placed = match &self.through {
            Through::Column => Some(self.p.place(std::slice::from_ref(v))),
            Through::Expr { placer, at, width, .. } => {
                // An expression that fails at the value leaves the partitions to the
                // query's own conditions.
                let Ok(placed) = placer.place(&row_with(*at, *width, v)) else {
                    return vec![true; keep.len()];
                };
                Some(placed)
            }
        };
        if let Some(Placement::Partition(i)) = placed {
            keep[i] = true;
        }
        keep
    }

    /// The partitions a range of the column reaches: on RANGE and LIST through the bare
    /// column or an increasing function, else by walking a short range of integers.
    fn range(&self, low: End<'_>, high: End<'_>) -> Option<Vec<bool>> {
        let ordered = matches!(
            self.p.method,
            Method::Range | Method::RangeColumns | Method::List | Method::ListColumns
        );
        match &self.through {
            Through::Column if ordered => interval(self.p, low, high),
            Through::Expr { placer, at, width, monotonic: Some(m) } => {
                let map = |end: End<'_>, is_low: bool| -> Option<Option<(Value, bool)>> {
                    let Some((v, inclusive)) = end else { return Some(None) };
                    let mapped = placer.value(&row_with(*at, *width, v)).ok()?;
                    if mapped.is_null() {
                        return None;
                    }
                    Some(Some((mapped, m.inclusive(v, inclusive, is_low))))
                };
                let (lo, hi) = (map(low, true)?, map(high, false)?);
                interval(
                    self.p,
                    lo.as_ref().map(|(v, i)| (v, *i)),
                    hi.as_ref().map(|(v, i)| (v, *i)),
                )
            }
            _ => {
                let (Some((l, l_in)), Some((h, h_in))) = (low, high) else { return None };
                self.walked(l.integer()? + i128::from(!l_in), h.integer()? - i128::from(!h_in))
            }
        }
    }

    /// The partitions a short range of an integer column reaches, `lo..=hi`, each of its
    /// values placed in turn; None for a long range or a column of other values.
    fn walked(&self, lo: i128, hi: i128) -> Option<Vec<bool>> {
        if !self.integer {
            return None;
        }
        let n = self.p.partitions.len();
        let count = hi - lo + 1;
        if count > WALK_MAX && count > 2 * n as i128 {
            return None;
        }
        let mut keep = vec![false; n];
        for v in lo..=hi {
            let v = match i64::try_from(v) {
                Ok(i) => Value::Int(i),
                Err(_) => Value::UInt(u64::try_from(v).ok()?),
            };
            for (k, x) in keep.iter_mut().zip(self.point(&v)) {
                *k |= x;
            }
        }
        Some(keep)
    }

    /// Tightens the integer bounds `lo..=hi` with the AND-ed comparisons of `c` on the
    /// column (the range analysis that makes `a >= 3 AND a <= 5` one range).
    fn bounds(&self, c: &BExpr, lo: &mut Option<i128>, hi: &mut Option<i128>, depth: u32) {
        if depth > DEPTH_MAX {
            return;
        }
        let at_least = |lo: &mut Option<i128>, v: i128| *lo = Some(lo.map_or(v, |l| l.max(v)));
        let at_most = |hi: &mut Option<i128>, v: i128| *hi = Some(hi.map_or(v, |h| h.min(v)));
        match c {
            BExpr::And(a, b) => {
                self.bounds(a, lo, hi, depth + 1);
                self.bounds(b, lo, hi, depth + 1);
            }
            BExpr::Between { arg, low, high, negated: false } if self.is_col(arg) => {
                if let (BExpr::Lit(l), BExpr::Lit(h)) = (&**low, &**high) {
                    if let (Some(l), Some(h)) = (l.integer(), h.integer()) {
                        at_least(lo, l);
                        at_most(hi, h);
                    }
                }
            }
            _ => {
                let Some((op, v)) = self.comparison(c) else { return };
                let Some(v) = v.integer() else { return };
                match op {
                    B::Eq => {
                        at_least(lo, v);
                        at_most(hi, v);
                    }
                    B::Gt => at_least(lo, v + 1),
                    B::GtEq => at_least(lo, v),
                    B::Lt => at_most(hi, v - 1),
                    B::LtEq => at_most(hi, v),
                    _ => {}
                }
            }
        }
    }
}

/// A row of the partitioned table, `width` columns wide, that holds `v` at `at` and NULL
/// elsewhere: what the partitioning expression (of that one column) is evaluated on.
fn row_with(at: usize, width: usize, v: &Value) -> Vec<Value> {
    let mut row = vec![Value::Null; width];
    if let Some(x) = row.get_mut(at) {
        *x = v.clone();
    }
    row
}

fn flipped(op: &B) -> Option<B> {
    Some(match op {
        B::Eq => B::Eq,
        B::Lt => B::Gt,
        B::LtEq => B::GtEq,
        B::Gt => B::Lt,
        B::GtEq => B::LtEq,
        _ => return None,
    })
}

/// Whether `v` is above the low end `(value, inclusive)` of a range.
fn above(v: &Value, low: Option<(&Value, bool)>) -> bool {
    match low {
        None => true,
        Some((l, inclusive)) => match v.compare(l) {
            Some(Ordering::Greater) => true,
            Some(Ordering::Equal) => inclusive,
            _ => false,
        },
    }
}

fn below(v: &Value, high: Option<(&Value, bool)>) -> bool {
    match high {
        None => true,
        Some((h, inclusive)) => match v.compare(h) {
            Some(Ordering::Less) => true,
            Some(Ordering::Equal) => inclusive,
            _ => false,
        },
    }
}

/// The partitions a range of the column can reach: RANGE's partitions whose span meets it,
/// LIST's partitions holding a listed value in it.
fn interval(
    p: &Partitioning,
    low: Option<(&Value, bool)>,
    high: Option<(&Value, bool)>,
) -> Option<Vec<bool>> {
    // Over integers an open end is the closed end next to it (`a > 9` is `a >= 10`).
    let (lo_next, hi_next);
    let low = match low {
        Some((Value::Int(v), false)) => {
            lo_next = Value::Int(v.saturating_add(1));
            Some((&lo_next, true))
        }
        other => other,
    };
    let high = match high {
        Some((Value::Int(v), false)) => {
            hi_next = Value::Int(v.saturating_sub(1));
            Some((&hi_next, true))
        }
        other => other,
    };
    match p.method {
        Method::Range | Method::RangeColumns => {
            let mut keep = Vec::with_capacity(p.partitions.len());
            let mut floor: Option<&Value> = None;
            for part in &p.partitions {
                let Bound::LessThan(limits) = &part.bound else { return None };
                let limit = limits.first()?.as_ref();
                // The partition holds [floor, limit): it meets the range when the range
                // starts below `limit` and ends at or above `floor`.
                let starts_below = match (limit, low) {
                    (None, _) | (_, None) => true,
                    (Some(l), Some((v, _))) => v.compare(l) == Some(Ordering::Less),
                };
                let ends_above = match floor {
                    None => true,
                    Some(f) => below(f, high),
                };
                keep.push(starts_below && ends_above);
                floor = limit;
            }
            Some(keep)
        }
        Method::List | Method::ListColumns => Some(
            p.partitions
                .iter()
                .map(|part| match &part.bound {
                    Bound::In(tuples) => tuples.iter().any(|t| {
                        t.first().is_some_and(|v| !v.is_null() && above(v, low) && below(v, high))
                    }),
                    _ => true,
                })
                .collect(),
        ),
        Method::Hash { .. } | Method::Key { .. } => None,
    }
}

#[cfg(test)]
mod tests;
