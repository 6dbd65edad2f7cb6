//! Partition pruning (MySQL 8.4 manual, "Partition Pruning"): from a query's conditions on
//! a partitioned table, the partitions that can hold a matching row. EXPLAIN lists them in
//! its `partitions` column.
//!
//! What prunes: `col = const`, `col IN (...)`, `col IS NULL` on every method whose
//! partitioning is the bare column (RANGE, LIST, HASH, one-column COLUMNS and KEY), and
//! `<`, `<=`, `>`, `>=`, BETWEEN on RANGE, LIST and one-column RANGE / LIST COLUMNS; AND
//! keeps the partitions both sides keep, OR those either side keeps. Simplifications:
//! MySQL also prunes through YEAR(), TO_DAYS() and the other monotonic functions, on short
//! ranges of a HASH column (by walking the range) and on multi-column COLUMNS prefixes;
//! here those conditions keep every partition.

use crate::error::{MySqlError, Result};
use crate::sql::bind::{BExpr, Binder, Columns};
use crate::sql::expr::eval;
use crate::storage::partition::{Bound, Method, Partitioning, Placement};
use crate::storage::schema::TableDef;
use crate::storage::value::Value;
use sqlparser::ast::BinaryOperator as B;
use std::cmp::Ordering;

/// The partitions to read: `chosen[i]` for partition i. `column` is the position (in the
/// bound row) of the table's partitioning column, None when pruning cannot use one.
pub fn prune(p: &Partitioning, column: Option<u32>, conditions: &[&BExpr]) -> Vec<bool> {
    let all = vec![true; p.partitions.len()];
    let Some(column) = column else { return all };
    let mut chosen = all;
    for c in conditions {
        if let Some(keep) = kept(p, column, c, 0) {
            for (k, x) in chosen.iter_mut().zip(keep) {
                *k &= x;
            }
        }
    }
    chosen
}

/// [`prune`] for a table of a query: its partitioning column found at `offset` in the
/// joined row the conditions are bound against.
pub fn prune_table(
    def: &TableDef,
    p: &Partitioning,
    offset: u32,
    conditions: &[BExpr],
) -> Vec<bool> {
    let column = pruning_column(p).and_then(|c| def.column_position(c)).map(|c| offset + c);
    let conditions: Vec<&BExpr> = conditions.iter().collect();
    prune(p, column, &conditions)
}

/// Which partition a stored row of a partitioned table is in, for a read that skips the
/// rows of the partitions pruning left out.
#[derive(Debug)]
pub struct PartitionFilter {
    partitioning: Partitioning,
    /// RANGE / LIST / HASH: the expression over the table's row; otherwise the columns.
    expr: Option<BExpr>,
    columns: Vec<u32>,
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
        let chosen = vec![true; p.partitions.len()];
        Ok(Some(PartitionFilter { partitioning: p.clone(), expr, columns, chosen }))
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

    /// The partition a row of the table belongs in (the expression's error, if it fails).
    pub fn place(&self, row: &[Value]) -> Result<Placement> {
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
        Ok(self.partitioning.place(&values))
    }

    /// The rows each partition of `t` holds, by placing every row.
    pub fn count_rows(&self, t: &crate::storage::table::Table) -> Vec<u64> {
        let mut counts = vec![0u64; self.partitioning.partitions.len()];
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

/// The partitions a condition keeps, or None when it says nothing about them.
fn kept(p: &Partitioning, column: u32, c: &BExpr, depth: u32) -> Option<Vec<bool>> {
    if depth > DEPTH_MAX {
        return None;
    }
    let is_col = |e: &BExpr| matches!(e, BExpr::Column(x) if *x == column);
    let lit = |e: &BExpr| match e {
        BExpr::Lit(v) => Some(v.clone()),
        _ => None,
    };
    match c {
        BExpr::And(a, b) => match (kept(p, column, a, depth + 1), kept(p, column, b, depth + 1)) {
            (Some(x), Some(y)) => Some(x.iter().zip(y).map(|(a, b)| *a && b).collect()),
            (x, None) => x,
            (None, y) => y,
        },
        BExpr::Or(a, b) => {
            let (x, y) = (kept(p, column, a, depth + 1)?, kept(p, column, b, depth + 1)?);
            Some(x.iter().zip(y).map(|(a, b)| *a || b).collect())
        }
        BExpr::IsNull { arg, negated: false } if is_col(arg) => Some(point(p, &Value::Null)),
        BExpr::InList { arg, list, negated: false } if is_col(arg) => {
            let mut keep = vec![false; p.partitions.len()];
            for e in list {
                let v = lit(e)?;
                for (k, x) in keep.iter_mut().zip(point(p, &v)) {
                    *k |= x;
                }
            }
            Some(keep)
        }
        BExpr::Between { arg, low, high, negated: false } if is_col(arg) => {
            let (lo, hi) = (lit(low)?, lit(high)?);
            interval(p, Some((&lo, true)), Some((&hi, true)))
        }
        BExpr::Binary { op, left, right, .. } => {
            let (op, v) = if is_col(left) {
                (op.clone(), lit(right)?)
            } else if is_col(right) {
                (flipped(op)?, lit(left)?)
            } else {
                return None;
            };
            if v.is_null() {
                // `col = NULL` and `col < NULL` match no row.
                return Some(vec![false; p.partitions.len()]);
            }
            match op {
                B::Eq => Some(point(p, &v)),
                B::Lt => interval(p, None, Some((&v, false))),
                B::LtEq => interval(p, None, Some((&v, true))),
                B::Gt => interval(p, Some((&v, false)), None),
                B::GtEq => interval(p, Some((&v, true)), None),
                _ => None,
            }
        }
        _ => None,
    }
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

/// The one partition a value goes to (none when no partition holds it).
fn point(p: &Partitioning, v: &Value) -> Vec<bool> {
    let mut keep = vec![false; p.partitions.len()];
    if let Placement::Partition(i) = p.place(std::slice::from_ref(v)) {
        keep[i] = true;
    }
    keep
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
mod tests {
    use super::*;
    use crate::storage::partition::Partition;

    fn range() -> Partitioning {
        let part = |name: &str, l: Option<i64>| Partition {
            name: name.into(),
            bound: Bound::LessThan(vec![l.map(Value::Int)]),
        };
        Partitioning {
            method: Method::Range,
            expr: "`a`".into(),
            columns: vec!["a".into()],
            key_columns_written: false,
            partitions: vec![part("p0", Some(10)), part("p1", Some(20)), part("p2", None)],
            default_names: false,
        }
    }

    fn cmp(op: B, v: i64) -> BExpr {
        BExpr::Binary {
            op,
            left: Box::new(BExpr::Column(0)),
            right: Box::new(BExpr::Lit(Value::Int(v))),
            text: String::new(),
        }
    }

    #[test]
    fn equality_and_ranges_keep_the_partitions_they_reach() {
        let p = range();
        assert_eq!(prune(&p, Some(0), &[&cmp(B::Eq, 15)]), [false, true, false]);
        assert_eq!(prune(&p, Some(0), &[&cmp(B::Lt, 10)]), [true, false, false]);
        assert_eq!(prune(&p, Some(0), &[&cmp(B::LtEq, 10)]), [true, true, false]);
        assert_eq!(prune(&p, Some(0), &[&cmp(B::GtEq, 20)]), [false, false, true]);
        assert_eq!(prune(&p, Some(0), &[&cmp(B::Gt, 12), &cmp(B::Lt, 18)]), [false, true, false]);
        // A condition on another column keeps them all.
        assert_eq!(prune(&p, Some(1), &[&cmp(B::Eq, 15)]), [true, true, true]);
    }
}
