//! The loose index scan's read (`planner/group_skip.rs` chooses it): per group, a dive to
//! the group's first entry, then a dive per MIN / MAX the group needs, each from the index's
//! root to a leaf through the buffer pool, as MySQL's GroupIndexSkipScanIterator moves its
//! handler:
//!
//! - the first group: `index_first` (Handler_read_first), or a dive to the start of the
//!   first column's range (Handler_read_key); each later group, and the read that finds
//!   there is none, a dive past the last group's key (HA_READ_AFTER_KEY: Handler_read_key);
//! - with an infix (columns WHERE fixes), a dive to the group's key plus the infix
//!   (Handler_read_key), for MIN or for the group's row;
//! - MIN without bounds on its column: the group's first entry, plus one dive past its NULLs
//!   when that entry's value is NULL; MIN within bounds: a dive to the lower bound;
//! - MAX: a dive to the last entry of the group (HA_READ_PREFIX_LAST: Handler_read_key).
//!
//! Along PRIMARY the dives go down the clustered index. The "scanning" variant (the DISTINCT
//! aggregates') is read by `table_read.rs` as an index scan instead.
//!
//! Each dive that finds an entry returns one row to InnoDB's count (Innodb_rows_read, from
//! which this simulator takes Rows_examined).
//! The rows handed on are the entries MIN and MAX were found in (or the group's first entry
//! when no MIN / MAX is asked for): the grouping after the read computes the aggregates
//! from them, so the results are those of the whole groups.

use crate::error::Result;
use crate::instruments::status_registry::StatusId;
use crate::sql::execution::costs::{index_page, Costs};
use crate::sql::execution::handler_io::RowOp;
use crate::sql::execution::table_read::{index_slot, Visit};
use crate::sql::execution::Work;
use crate::sql::expr::EvalContext;
use crate::sql::planner::access_path::{GroupSkip, Interval};
use crate::sql::Value;
use crate::status_id;
use crate::storage::table::{before_end, RangeEnd, Row, Table};

/// The dives of one loose scan, with what they cost and counted.
struct Dives<'t> {
    t: &'t Table,
    index: &'t str,
    /// The primary key's columns when the scan goes along the clustered index (empty for a
    /// secondary index).
    primary: Vec<u32>,
    wanted: &'t [bool],
    /// The index's first page in the tablespace and its geometry.
    first_page: u64,
    geometry: crate::storage::btree::IndexGeometry,
    /// The position of the last entry found (a dive that finds nothing ends near it).
    last_position: u64,
    /// Entries found (Innodb_rows_read).
    found: u64,
    /// The dives' page waits.
    spent_ns: u64,
}

impl Dives<'_> {
    /// The first (or, `backward`, the last) entry between `lo` and `hi`, counted on
    /// `counter`; its pages from the root down.
    fn entry(
        &mut self,
        lo: Option<&RangeEnd>,
        hi: Option<&RangeEnd>,
        backward: bool,
        counter: StatusId,
        costs: &mut Costs,
    ) -> Option<Row> {
        costs.status.add(counter, 1);
        let mut hit: Option<(Row, u64)> = None;
        let mut take = |h: crate::storage::table::IndexHit| {
            hit = Some((h.row.clone(), h.position));
            false
        };
        if !self.primary.is_empty() {
            // Along the clustered index: the first row at or past `lo` (or at or before
            // `hi`), if it is within the other end.
            let pk = &self.primary;
            let key =
                |row: &Row| -> Vec<Value> { pk.iter().map(|&c| row[c as usize].clone()).collect() };
            if backward {
                self.t.scan_backward_from(hi, self.wanted, &mut |ordinal, row| {
                    if after_start(&key(row), lo) {
                        hit = Some((row.clone(), ordinal));
                    }
                    false
                });
            } else {
                self.t.scan_from(lo, hi, self.wanted, &mut |ordinal, row| {
                    if before_end(&key(row), hi) {
                        hit = Some((row.clone(), ordinal));
                    }
                    false
                });
            }
        } else if backward {
            self.t.index_range_backward(self.index, lo, hi, self.wanted, &mut take);
        } else {
            self.t.index_range(self.index, lo, hi, self.wanted, &mut take);
        }
        let position = hit.as_ref().map_or(self.last_position, |(_, p)| *p);
        let start = costs.clock.now();
        for p in self.geometry.path_to_leaf(position) {
            costs.request_page(index_page(self.t, self.first_page + p));
        }
        self.spent_ns += costs.clock.now().since(start).as_nanos();
        let (row, p) = hit?;
        self.last_position = p;
        self.found += 1;
        Some(row)
    }
}

/// Whether a key is at or after a range's start.
fn after_start(key: &[Value], lo: Option<&RangeEnd>) -> bool {
    lo.is_none_or(|l| match crate::storage::index::cmp_prefix(key, &l.prefix) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Equal => !l.exclusive,
        std::cmp::Ordering::Less => false,
    })
}

/// A key: the group's values, the infix's, then `more`.
fn key_of(group: &[Value], infix: &[Value], more: Option<&Value>) -> Vec<Value> {
    let mut key = Vec::with_capacity(group.len() + infix.len() + 1);
    key.extend_from_slice(group);
    key.extend_from_slice(infix);
    key.extend(more.cloned());
    key
}

/// An end of a dive over `key`, extended by a bound on the MIN / MAX column when there is one.
fn end(key: &[Value], bound: Option<&RangeEnd>) -> RangeEnd {
    match bound.and_then(|b| b.prefix.first().map(|v| (v, b.exclusive))) {
        Some((v, exclusive)) => RangeEnd { prefix: key_of(key, &[], Some(v)), exclusive },
        None => RangeEnd { prefix: key.to_vec(), exclusive: false },
    }
}

/// Reads `t` along the loose scan `g`, each group's rows to `visit`. Returns false when
/// `visit` asked to stop.
#[allow(clippy::too_many_arguments)]
pub fn read(
    t: &Table,
    g: &GroupSkip,
    wanted: &[bool],
    costs: &mut Costs,
    work: &mut Work,
    cx: &mut dyn EvalContext,
    visit: &mut Visit,
) -> Result<bool> {
    let clustered = t.def.index(&g.index).filter(|i| i.primary).map(|i| i.columns.clone());
    let located = match &clustered {
        // The clustered index's pages come first in the tablespace.
        Some(_) => Some((0, t.clustered_geometry())),
        None => t.secondary_geometry(&g.index),
    };
    let Some((first_page, geometry)) = located else { return Ok(true) };
    let mut d = Dives {
        t,
        index: &g.index,
        primary: clustered.unwrap_or_default(),
        wanted,
        first_page,
        geometry,
        last_position: 0,
        found: 0,
        spent_ns: 0,
    };
    let whole = [Interval { lo: None, hi: None }];
    let intervals: &[Interval] = if g.prefix.is_empty() { &whole } else { &g.prefix };
    let mut first = true;
    let mut groups = 0u64;
    let mut result = Ok(true);
    'intervals: for interval in intervals {
        let mut after: Option<RangeEnd> = interval.lo.clone();
        loop {
            let counter = if first && g.prefix.is_empty() {
                status_id!("Handler_read_first")
            } else {
                status_id!("Handler_read_key")
            };
            first = false;
            let Some(row) = d.entry(after.as_ref(), interval.hi.as_ref(), false, counter, costs)
            else {
                break;
            };
            let group: Vec<Value> =
                g.entry[..g.group_parts].iter().map(|&c| row[c as usize].clone()).collect();
            after = Some(RangeEnd { prefix: group.clone(), exclusive: true });
            let rows = group_rows(&mut d, g, &group, row, costs);
            if rows.is_empty() {
                continue;
            }
            groups += 1;
            for r in &rows {
                match visit(r, costs, work, cx) {
                    Ok(true) => {}
                    Ok(false) => {
                        result = Ok(false);
                        break 'intervals;
                    }
                    Err(e) => {
                        result = Err(e);
                        break 'intervals;
                    }
                }
            }
        }
    }
    // The entries the dives returned are the rows InnoDB read (and the statement's examined
    // rows, which this simulator takes from Innodb_rows_read).
    work.rows += d.found;
    if work.skip_scans.len() < crate::sql::execution::RECURSIVE_RUNS_MAX {
        work.skip_scans.push((t.def.schema.clone(), t.def.name.clone(), groups));
    }
    costs.status.add(status_id!("Innodb_rows_read"), d.found);
    let ps = d.spent_ns * 1000 + costs.row_cpu_ps(d.found);
    work.table_io.add(t, index_slot(t, &g.index), RowOp::Fetch, d.found, ps);
    result
}

/// The rows of one group to hand on: the entries its MIN and MAX are in, or its first entry
/// (with the infix when there is one); none when the group has no entry within the bounds.
fn group_rows(
    d: &mut Dives,
    g: &GroupSkip,
    group: &[Value],
    first: Row,
    costs: &mut Costs,
) -> Vec<Row> {
    let key = key_of(group, &g.infix, None);
    let exact = RangeEnd { prefix: key.clone(), exclusive: false };
    let Some(p) = &g.min_max else {
        if g.infix.is_empty() {
            return vec![first];
        }
        let found =
            d.entry(Some(&exact), Some(&exact), false, status_id!("Handler_read_key"), costs);
        return found.into_iter().collect();
    };
    let column = p.column as usize;
    let bounded = p.lo.is_some() || p.hi.is_some();
    let lo = end(&key, p.lo.as_ref());
    let hi = end(&key, p.hi.as_ref());
    let mut rows = Vec::with_capacity(2);
    if p.min {
        let mut min = if bounded || !g.infix.is_empty() {
            d.entry(Some(&lo), Some(&hi), false, status_id!("Handler_read_key"), costs)
        } else {
            Some(first)
        };
        // NULLs sort first: past them to the group's first value, if it has one.
        if min.as_ref().is_some_and(|r| r[column].is_null()) {
            let past = RangeEnd { prefix: key_of(&key, &[], Some(&Value::Null)), exclusive: true };
            if let Some(r) =
                d.entry(Some(&past), Some(&hi), false, status_id!("Handler_read_key"), costs)
            {
                min = Some(r);
            }
        }
        match min {
            Some(r) => rows.push(r),
            // Nothing within the bounds: the group is left out (no MAX dive either).
            None => return rows,
        }
    }
    if p.max {
        match d.entry(Some(&lo), Some(&hi), true, status_id!("Handler_read_key"), costs) {
            Some(r) => rows.push(r),
            None => rows.clear(),
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_extends_the_group_key() {
        let key = vec![Value::Int(1)];
        let lo = RangeEnd { prefix: vec![Value::Int(5)], exclusive: true };
        assert_eq!(
            end(&key, Some(&lo)),
            RangeEnd { prefix: vec![Value::Int(1), Value::Int(5)], exclusive: true }
        );
        assert_eq!(end(&key, None), RangeEnd { prefix: key.clone(), exclusive: false });
        assert_eq!(
            key_of(&key, &[Value::Int(2)], Some(&Value::Null)),
            vec![Value::Int(1), Value::Int(2), Value::Null]
        );
    }
}
