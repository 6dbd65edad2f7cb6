//! Window functions: what a call is (function, PARTITION BY, ORDER BY, frame) once bound, and
//! how its values are computed over a statement's rows, after the MySQL 8.4 manual's "Window
//! Functions" (window-functions-usage.html, window-function-descriptions.html,
//! window-functions-frames.html): rows are ordered by partition and then by the window's
//! ORDER BY; peers are rows equal in the ORDER BY; the default frame is the whole partition
//! without ORDER BY and RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW (the current row
//! and its peers) with it. Ranking functions, LAG, LEAD and NTILE ignore the frame.

use crate::error::{MySqlError, Result};
use crate::sql::bind::{AggCall, AggFunc, BExpr};
use crate::sql::execution::aggregate::Accumulator;
use crate::storage::key::cmp_values;
use crate::storage::table::Row;
use crate::storage::value::Value;
use std::cmp::Ordering;

/// Frame rows a statement's window aggregates may visit in all (a frame that does not start
/// at the partition's start is recomputed per row); past it the statement stops as a join
/// that runs too long does (ERROR 1317). Simplification: MySQL removes rows leaving a
/// sliding frame from SUM / COUNT / AVG instead of recomputing them.
pub const FRAME_ROWS_MAX: u64 = 1 << 24;

/// A window function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowFunc {
    RowNumber,
    Rank,
    DenseRank,
    PercentRank,
    CumeDist,
    Ntile,
    Lag,
    Lead,
    FirstValue,
    LastValue,
    NthValue,
    /// SUM, AVG, COUNT, MIN, MAX used with OVER.
    Aggregate(AggFunc),
}

impl WindowFunc {
    /// The function named `name` (upper case) with `OVER`, if it is one.
    pub fn from_name(name: &str, star: bool) -> Option<WindowFunc> {
        use WindowFunc as W;
        Some(match name {
            "ROW_NUMBER" => W::RowNumber,
            "RANK" => W::Rank,
            "DENSE_RANK" => W::DenseRank,
            "PERCENT_RANK" => W::PercentRank,
            "CUME_DIST" => W::CumeDist,
            "NTILE" => W::Ntile,
            "LAG" => W::Lag,
            "LEAD" => W::Lead,
            "FIRST_VALUE" => W::FirstValue,
            "LAST_VALUE" => W::LastValue,
            "NTH_VALUE" => W::NthValue,
            "COUNT" if star => W::Aggregate(AggFunc::CountStar),
            "COUNT" => W::Aggregate(AggFunc::Count),
            "SUM" => W::Aggregate(AggFunc::Sum),
            "AVG" => W::Aggregate(AggFunc::Avg),
            "MIN" => W::Aggregate(AggFunc::Min),
            "MAX" => W::Aggregate(AggFunc::Max),
            _ => return None,
        })
    }

    /// The arguments it takes (least, most).
    pub fn arity(self) -> (usize, usize) {
        use WindowFunc as W;
        match self {
            W::RowNumber | W::Rank | W::DenseRank | W::PercentRank | W::CumeDist => (0, 0),
            W::Aggregate(AggFunc::CountStar) => (0, 0),
            W::Ntile | W::FirstValue | W::LastValue | W::Aggregate(_) => (1, 1),
            W::Lag | W::Lead => (1, 3),
            W::NthValue => (2, 2),
        }
    }

    /// Whether the function reads the frame (aggregates and the value functions).
    fn uses_frame(self) -> bool {
        matches!(
            self,
            WindowFunc::FirstValue
                | WindowFunc::LastValue
                | WindowFunc::NthValue
                | WindowFunc::Aggregate(_)
        )
    }

    /// Whether the result is a number whatever the argument (the client right-aligns it).
    pub fn numeric(self) -> Option<bool> {
        use WindowFunc as W;
        match self {
            W::Lag | W::Lead | W::FirstValue | W::LastValue | W::NthValue => None,
            W::Aggregate(AggFunc::Min | AggFunc::Max) => None,
            _ => Some(true),
        }
    }

    /// Whether the result can be NULL (ranks and counts cannot).
    pub fn maybe_null(self) -> bool {
        use WindowFunc as W;
        !matches!(
            self,
            W::RowNumber
                | W::Rank
                | W::DenseRank
                | W::PercentRank
                | W::CumeDist
                | W::Ntile
                | W::Aggregate(AggFunc::Count | AggFunc::CountStar)
        )
    }
}

/// ROWS or RANGE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameUnits {
    Rows,
    Range,
}

/// One end of a frame.
#[derive(Clone, Debug, PartialEq)]
pub enum FrameBound {
    UnboundedPreceding,
    /// N PRECEDING (a row count for ROWS, a distance in the ORDER BY value for RANGE).
    Preceding(Value),
    CurrentRow,
    Following(Value),
    UnboundedFollowing,
}

/// A frame: `units BETWEEN start AND end`.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub units: FrameUnits,
    pub start: FrameBound,
    pub end: FrameBound,
}

/// A window call whose inputs are columns of the rows it runs over.
#[derive(Clone, Debug, PartialEq)]
pub struct WindowInputs {
    pub func: WindowFunc,
    pub args: Vec<u32>,
    pub partition: Vec<u32>,
    /// ORDER BY columns, descending when true.
    pub order: Vec<(u32, bool)>,
    pub frame: Option<Frame>,
}

impl WindowInputs {
    /// Whether the window sorts its rows (it has PARTITION BY or ORDER BY).
    pub fn sorts(&self) -> bool {
        !self.partition.is_empty() || !self.order.is_empty()
    }

    /// Whether two windows sort alike: the same PARTITION BY then ORDER BY columns, in the
    /// same directions (MySQL's `Window::equal_sort`; a window that sorts nothing sorts like
    /// no other).
    fn same_sort(&self, other: &WindowInputs) -> bool {
        let keys = |w: &WindowInputs| -> Vec<(u32, bool)> {
            w.partition.iter().map(|&p| (p, false)).chain(w.order.iter().copied()).collect()
        };
        self.sorts() && other.sorts() && keys(self) == keys(other)
    }
}

/// A window call as bound: its function and the expressions it reads (over the grouped row,
/// so they may hold aggregates).
#[derive(Clone, Debug, PartialEq)]
pub struct WindowCall {
    pub func: WindowFunc,
    pub args: Vec<BExpr>,
    pub partition: Vec<BExpr>,
    pub order: Vec<(BExpr, bool)>,
    pub frame: Option<Frame>,
}

/// The rows a window runs over, read by position: rows held as values, or packed rows
/// (`select/window_stage.rs`), so that millions of them need not be values at once.
pub trait WindowRows {
    fn count(&self) -> usize;
    /// Value `c` of row `i` (NULL past the row's end).
    fn cell(&self, i: usize, c: u32) -> Value;
    /// Whether rows `a` and `b` hold equal values in column `c`, as `cmp_values` compares.
    fn same_cell(&self, a: usize, b: usize, c: u32) -> bool {
        cmp_values(&self.cell(a, c), &self.cell(b, c)) == Ordering::Equal
    }
}

/// Rows held as values.
pub struct RowValues<'a>(pub &'a [Row]);

impl WindowRows for RowValues<'_> {
    fn count(&self) -> usize {
        self.0.len()
    }
    fn cell(&self, i: usize, c: u32) -> Value {
        self.0.get(i).and_then(|r| r.get(c as usize)).cloned().unwrap_or(Value::Null)
    }
    fn same_cell(&self, a: usize, b: usize, c: u32) -> bool {
        let cell = |i: usize| self.0.get(i).and_then(|r| r.get(c as usize)).unwrap_or(&Value::Null);
        cmp_values(cell(a), cell(b)) == Ordering::Equal
    }
}

/// The rows' order for a window: `base` (the order the rows are in when the window's sort
/// runs: the previous window's, or the rows' own) sorted by partition, then by ORDER BY;
/// rows that tie keep their place in `base` (a stable sort). A window with neither PARTITION
/// BY nor ORDER BY sorts nothing and keeps `base`. The rows are ordered by byte sort keys
/// (`sort_key.rs`, the order `cmp_values` gives) when their values allow, else by values.
pub fn sorted_order(w: &WindowInputs, rows: &dyn WindowRows, base: Vec<usize>) -> Vec<usize> {
    let n = rows.count();
    let mut idx = base;
    if !w.sorts() {
        return idx;
    }
    // Where each row stands in `base`, which breaks ties.
    let mut place = vec![0usize; n];
    for (k, &i) in idx.iter().enumerate() {
        if let Some(p) = place.get_mut(i) {
            *p = k;
        }
    }
    let columns: Vec<(u32, bool)> =
        w.partition.iter().map(|&p| (p, false)).chain(w.order.iter().copied()).collect();
    let desc: Vec<bool> = columns.iter().map(|c| c.1).collect();
    // Byte keys, one after another, with where each ends.
    let mut encoder = crate::sql::execution::sort_key::KeyEncoder::new(columns.len());
    let mut bytes: Vec<u8> = Vec::new();
    let mut ends: Vec<usize> = Vec::with_capacity(n);
    let mut values: Vec<Value> = Vec::with_capacity(columns.len());
    let mut encodable = true;
    for i in 0..n {
        values.clear();
        values.extend(columns.iter().map(|&(c, _)| rows.cell(i, c)));
        if !encoder.encode(&values, &desc, &mut bytes) {
            encodable = false;
            break;
        }
        ends.push(bytes.len());
    }
    if encodable {
        let key = |i: usize| &bytes[if i == 0 { 0 } else { ends[i - 1] }..ends[i]];
        // Ties broken by place in `base`: the order a stable sort gives.
        idx.sort_unstable_by(|&a, &b| key(a).cmp(key(b)).then(place[a].cmp(&place[b])));
        return idx;
    }
    drop((bytes, ends));
    // A stable sort of `base` keeps its order among ties.
    idx.sort_by(|&a, &b| {
        for &p in &w.partition {
            let o = cmp_values(&rows.cell(a, p), &rows.cell(b, p));
            if o != Ordering::Equal {
                return o;
            }
        }
        for &(c, desc) in &w.order {
            let o = cmp_values(&rows.cell(a, c), &rows.cell(b, c));
            if o != Ordering::Equal {
                return if desc { o.reverse() } else { o };
            }
        }
        Ordering::Equal
    });
    idx
}

fn same(rows: &dyn WindowRows, a: usize, b: usize, cols: impl Iterator<Item = u32>) -> bool {
    let mut cols = cols;
    cols.all(|c| rows.same_cell(a, b, c))
}

/// Where a window's values go: `set(i, v)` gives row `i` (in the rows' own order) value `v`.
pub type WindowOut<'o> = dyn FnMut(usize, Value) -> Result<()> + 'o;

/// Computes the window call's value for every row (in the rows' own order).
/// `frame_rows` counts the frame rows visited across the statement (bounded by
/// [`FRAME_ROWS_MAX`]).
pub fn compute(
    w: &WindowInputs,
    rows: &[Row],
    increment: u8,
    frame_rows: &mut u64,
) -> Result<Vec<Value>> {
    let mut out = vec![Value::Null; rows.len()];
    let base = (0..rows.len()).collect();
    compute_into(w, &RowValues(rows), base, increment, frame_rows, &mut |i, v| {
        out[i] = v;
        Ok(())
    })?;
    Ok(out)
}

/// [`compute`] over rows read by position, each value handed to `out` as it is found
/// (partition by partition, not in the rows' order). The rows stand in the order `base`
/// when the window's sort runs; the order it leaves them in is returned, for the next
/// window's sort (and the result's order when the statement has no ORDER BY).
pub fn compute_into(
    w: &WindowInputs,
    rows: &dyn WindowRows,
    base: Vec<usize>,
    increment: u8,
    frame_rows: &mut u64,
    out: &mut WindowOut<'_>,
) -> Result<Vec<usize>> {
    let order = sorted_order(w, rows, base);
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && same(rows, order[start], order[end], w.partition.iter().copied())
        {
            end += 1;
        }
        partition(w, rows, &order[start..end], increment, frame_rows, out)?;
        start = end;
    }
    Ok(order)
}

/// The order windows are computed in, as MySQL's `Window::reorder_and_eliminate_sorts`
/// chooses it: the windows as listed, except that a later window sorting exactly as an
/// earlier one moves up to just after it, so that the two share one sort. The last window
/// that sorts sets the order of a result without ORDER BY. Simplification: each call is a
/// window (calls naming one window sort alike, so they end up adjacent as MySQL's one
/// window); UNCONFIRMED: inline windows listed in the select list's order, named ones where
/// first used.
pub fn processing_order(calls: &[WindowInputs]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..calls.len()).collect();
    for i in 0..calls.len().saturating_sub(1) {
        for j in i + 1..calls.len() {
            if calls[order[i]].same_sort(&calls[order[j]]) {
                order.swap(i + 1, j);
                break;
            }
        }
    }
    order
}

/// One partition's values; `part` holds its rows' indices in window order.
fn partition(
    w: &WindowInputs,
    rows: &dyn WindowRows,
    part: &[usize],
    increment: u8,
    frame_rows: &mut u64,
    out: &mut WindowOut<'_>,
) -> Result<()> {
    let m = part.len();
    // Peer groups: first and last position of each row's peers.
    let mut peer_first = vec![0usize; m];
    let mut peer_last = vec![0usize; m];
    let mut dense = vec![0u64; m];
    let mut g = 0;
    let mut group = 0u64;
    while g < m {
        let mut h = g + 1;
        while h < m && same(rows, part[g], part[h], w.order.iter().map(|o| o.0)) {
            h += 1;
        }
        group += 1;
        for i in g..h {
            peer_first[i] = g;
            peer_last[i] = h - 1;
            dense[i] = group;
        }
        g = h;
    }
    let arg = |i: usize, k: usize| -> Value {
        w.args.get(k).map_or(Value::Null, |&c| rows.cell(part[i], c))
    };
    use WindowFunc as W;
    match w.func {
        W::RowNumber => (0..m).try_for_each(|i| out(part[i], Value::Int(i as i64 + 1)))?,
        W::Rank => (0..m).try_for_each(|i| out(part[i], Value::Int(peer_first[i] as i64 + 1)))?,
        W::DenseRank => (0..m).try_for_each(|i| out(part[i], Value::Int(dense[i] as i64)))?,
        W::PercentRank => (0..m).try_for_each(|i| {
            let r = if m > 1 { peer_first[i] as f64 / (m - 1) as f64 } else { 0.0 };
            out(part[i], Value::Double(r))
        })?,
        W::CumeDist => (0..m)
            .try_for_each(|i| out(part[i], Value::Double((peer_last[i] + 1) as f64 / m as f64)))?,
        W::Ntile => {
            for i in 0..m {
                let n = positive_argument(&arg(i, 0), "ntile")?;
                // Buckets of m / n rows, the first m % n of them one row larger.
                let (size, extra) = (m as u64 / n, m as u64 % n);
                let i = i as u64;
                let bucket = if i < extra * (size + 1) {
                    i / (size + 1)
                } else {
                    extra + (i - extra * (size + 1)) / size.max(1)
                };
                out(part[i as usize], Value::Int(bucket as i64 + 1))?;
            }
        }
        W::Lag | W::Lead => {
            for (i, &place) in part.iter().enumerate() {
                let offset = match arg(i, 1) {
                    Value::Null if w.args.len() < 2 => 1,
                    v => non_negative_argument(&v, if w.func == W::Lag { "lag" } else { "lead" })?,
                };
                let target = if w.func == W::Lag {
                    (i as u64).checked_sub(offset)
                } else {
                    (i as u64).checked_add(offset).filter(|t| *t < m as u64)
                };
                out(
                    place,
                    match target {
                        Some(t) => arg(t as usize, 0),
                        None => arg(i, 2),
                    },
                )?;
            }
        }
        f if f.uses_frame() => {
            let frame = w.frame.clone().unwrap_or(if w.order.is_empty() {
                Frame {
                    units: FrameUnits::Rows,
                    start: FrameBound::UnboundedPreceding,
                    end: FrameBound::UnboundedFollowing,
                }
            } else {
                Frame {
                    units: FrameUnits::Range,
                    start: FrameBound::UnboundedPreceding,
                    end: FrameBound::CurrentRow,
                }
            });
            framed(w, rows, part, &frame, (&peer_first, &peer_last), increment, frame_rows, out)?;
        }
        _ => {}
    }
    Ok(())
}

/// NTILE's bucket count: a positive integer (else ERROR 1210 as MySQL gives it).
fn positive_argument(v: &Value, func: &str) -> Result<u64> {
    match v.to_i64() {
        Some(n) if n > 0 && !matches!(v, Value::Str(_) | Value::Double(_)) => Ok(n as u64),
        _ => Err(MySqlError::incorrect_arguments(func)),
    }
}

/// LAG / LEAD's offset: a non-negative integer.
fn non_negative_argument(v: &Value, func: &str) -> Result<u64> {
    match v.to_i64() {
        Some(n) if n >= 0 && !matches!(v, Value::Str(_) | Value::Double(_)) => Ok(n as u64),
        _ => Err(MySqlError::incorrect_arguments(func)),
    }
}

/// The frame-reading functions: each row's frame, then the value over it.
#[allow(clippy::too_many_arguments)]
fn framed(
    w: &WindowInputs,
    rows: &dyn WindowRows,
    part: &[usize],
    frame: &Frame,
    (peer_first, peer_last): (&[usize], &[usize]),
    increment: u8,
    frame_rows: &mut u64,
    out: &mut WindowOut<'_>,
) -> Result<()> {
    let m = part.len();
    let value =
        |i: usize| -> Value { w.args.first().map_or(Value::Null, |&c| rows.cell(part[i], c)) };
    let order_key = |i: usize| -> f64 {
        w.order.first().map_or(0.0, |&(c, _)| rows.cell(part[i], c).to_f64().unwrap_or(0.0))
    };
    let descending = w.order.first().is_some_and(|o| o.1);
    // The frame of row i as [lo, hi) positions in the partition.
    let bounds = |i: usize| -> Result<(usize, usize)> {
        let lo = match &frame.start {
            FrameBound::UnboundedPreceding => 0,
            FrameBound::UnboundedFollowing => m,
            FrameBound::CurrentRow if frame.units == FrameUnits::Range => peer_first[i],
            FrameBound::CurrentRow => i,
            FrameBound::Preceding(n) | FrameBound::Following(n) => {
                let ahead = matches!(frame.start, FrameBound::Following(_));
                offset_bound(frame.units, n, i, ahead, true, m, &order_key, descending)?
            }
        };
        let hi = match &frame.end {
            FrameBound::UnboundedFollowing => m,
            FrameBound::UnboundedPreceding => 0,
            FrameBound::CurrentRow if frame.units == FrameUnits::Range => peer_last[i] + 1,
            FrameBound::CurrentRow => i + 1,
            FrameBound::Preceding(n) | FrameBound::Following(n) => {
                let ahead = matches!(frame.end, FrameBound::Following(_));
                offset_bound(frame.units, n, i, ahead, false, m, &order_key, descending)?
            }
        };
        Ok((lo, hi.max(lo)))
    };
    let agg = match w.func {
        WindowFunc::Aggregate(f) => Some(AggCall::new(f, None, false, None)),
        _ => None,
    };
    // A frame that starts at the partition's start grows row by row: one running state.
    let running = matches!(frame.start, FrameBound::UnboundedPreceding);
    let mut acc = agg.as_ref().map(Accumulator::new);
    let mut added = 0usize;
    for (i, &place) in part.iter().enumerate() {
        let (lo, hi) = bounds(i)?;
        let v = match w.func {
            WindowFunc::FirstValue => {
                if lo < hi {
                    value(lo)
                } else {
                    Value::Null
                }
            }
            WindowFunc::LastValue => {
                if lo < hi {
                    value(hi - 1)
                } else {
                    Value::Null
                }
            }
            WindowFunc::NthValue => {
                let n = positive_argument(
                    &rows.cell(place, w.args.get(1).copied().unwrap_or(u32::MAX)),
                    "nth_value",
                )?;
                match lo.checked_add(n as usize - 1) {
                    Some(p) if p < hi => value(p),
                    _ => Value::Null,
                }
            }
            _ => {
                let (Some(call), Some(a)) = (agg.as_ref(), acc.as_mut()) else { continue };
                if running && hi >= added {
                    for p in added..hi {
                        a.update(&value(p));
                    }
                    *frame_rows += (hi - added) as u64;
                    added = hi;
                    a.finish(increment)
                } else {
                    *frame_rows += (hi - lo) as u64;
                    if *frame_rows > FRAME_ROWS_MAX {
                        return Err(MySqlError::query_interrupted());
                    }
                    let mut fresh = Accumulator::new(call);
                    for p in lo..hi {
                        fresh.update(&value(p));
                    }
                    fresh.finish(increment)
                }
            }
        };
        out(place, v)?;
    }
    Ok(())
}

/// Position of `N PRECEDING` / `N FOLLOWING` for row i: for ROWS, N rows away; for RANGE,
/// the first row (`start`) or past the last row (`!start`) whose ORDER BY value is within N of
/// the current row's. Simplification: RANGE distances compare as doubles (exact for integers
/// below 2^53 and for DECIMALs of few digits); INTERVAL distances are not taken.
#[allow(clippy::too_many_arguments)]
fn offset_bound(
    units: FrameUnits,
    n: &Value,
    i: usize,
    ahead: bool,
    start: bool,
    m: usize,
    order_key: &dyn Fn(usize) -> f64,
    descending: bool,
) -> Result<usize> {
    match units {
        FrameUnits::Rows => {
            let k = usize::try_from(n.to_i64().unwrap_or(0).max(0)).unwrap_or(usize::MAX);
            let target = if ahead { i.saturating_add(k) } else { i.saturating_sub(k) };
            // A row before the partition (`i < k` PRECEDING) as an end bound: nothing.
            if !ahead && i < k && !start {
                return Ok(0);
            }
            Ok(if start { target.min(m) } else { target.saturating_add(1).min(m) })
        }
        FrameUnits::Range => {
            let d = n.to_f64().unwrap_or(0.0);
            let here = order_key(i);
            // In window order the keys grow (or shrink, descending): the bound is the
            // partition point of "before the limit".
            let limit = if ahead != descending { here + d } else { here - d };
            let before = |p: usize| {
                let k = order_key(p);
                let past = if descending { k > limit } else { k < limit };
                if start {
                    past
                } else {
                    past || k == limit
                }
            };
            // Binary search over the partition's positions (`before` holds for a prefix).
            let (mut lo, mut hi) = (0, m);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if before(mid) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            Ok(lo)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(v: &[(i64, i64)]) -> Vec<Row> {
        v.iter().map(|(g, x)| vec![Value::Int(*g), Value::Int(*x)]).collect()
    }

    fn run(func: WindowFunc, args: Vec<u32>, partition: bool, frame: Option<Frame>) -> Vec<String> {
        let data = rows(&[(1, 10), (1, 20), (1, 20), (2, 5), (1, 30)]);
        let w = WindowInputs {
            func,
            args,
            partition: if partition { vec![0] } else { vec![] },
            order: vec![(1, false)],
            frame,
        };
        let mut visited = 0;
        compute(&w, &data, 4, &mut visited)
            .unwrap()
            .iter()
            .map(|v| v.to_text().unwrap_or("NULL".into()))
            .collect()
    }

    fn window(partition: Vec<u32>, order: Vec<(u32, bool)>) -> WindowInputs {
        WindowInputs { func: WindowFunc::RowNumber, args: vec![], partition, order, frame: None }
    }

    #[test]
    fn a_window_sorting_like_an_earlier_one_moves_up_beside_it() {
        let by_g = window(vec![0], vec![]);
        let by_x = window(vec![], vec![(1, true)]);
        let none = window(vec![], vec![]);
        assert_eq!(processing_order(&[by_g.clone(), by_x.clone(), by_g.clone()]), [0, 2, 1]);
        assert_eq!(processing_order(&[by_x.clone(), by_g.clone()]), [0, 1]);
        // OVER () sorts like no other window, not even another OVER ().
        assert_eq!(processing_order(&[none.clone(), by_x, none]), [0, 1, 2]);
    }

    #[test]
    fn each_window_sorts_the_order_the_previous_left_ties_included() {
        let data = rows(&[(2, 10), (1, 20), (2, 20), (1, 10)]);
        let view = RowValues(&data);
        let by_x = sorted_order(&window(vec![], vec![(1, false)]), &view, vec![0, 1, 2, 3]);
        assert_eq!(by_x, [0, 3, 1, 2]);
        // Grouping by g after that keeps x's order inside each group.
        assert_eq!(sorted_order(&window(vec![0], vec![]), &view, by_x.clone()), [3, 1, 0, 2]);
        assert_eq!(sorted_order(&window(vec![], vec![]), &view, by_x.clone()), by_x);
    }

    #[test]
    fn ranking() {
        assert_eq!(run(WindowFunc::RowNumber, vec![], true, None), ["1", "2", "3", "1", "4"]);
        assert_eq!(run(WindowFunc::Rank, vec![], true, None), ["1", "2", "2", "1", "4"]);
        assert_eq!(run(WindowFunc::DenseRank, vec![], true, None), ["1", "2", "2", "1", "3"]);
        assert_eq!(
            run(WindowFunc::CumeDist, vec![], true, None),
            ["0.25", "0.75", "0.75", "1", "1"]
        );
        assert_eq!(
            run(WindowFunc::PercentRank, vec![], false, None),
            ["0.25", "0.5", "0.5", "0", "1"]
        );
    }

    #[test]
    fn offsets_and_frames() {
        assert_eq!(run(WindowFunc::Lag, vec![1], true, None), ["NULL", "10", "20", "NULL", "20"]);
        assert_eq!(run(WindowFunc::Lead, vec![1], true, None), ["20", "20", "30", "NULL", "NULL"]);
        // The default frame with ORDER BY takes the current row's peers.
        let sum = WindowFunc::Aggregate(AggFunc::Sum);
        assert_eq!(run(sum, vec![1], true, None), ["10", "50", "50", "5", "80"]);
        let rows_frame = Frame {
            units: FrameUnits::Rows,
            start: FrameBound::Preceding(Value::Int(1)),
            end: FrameBound::CurrentRow,
        };
        assert_eq!(run(sum, vec![1], true, Some(rows_frame)), ["10", "30", "40", "5", "50"]);
        let range = Frame {
            units: FrameUnits::Range,
            start: FrameBound::Preceding(Value::Int(10)),
            end: FrameBound::Following(Value::Int(0)),
        };
        assert_eq!(run(sum, vec![1], true, Some(range)), ["10", "50", "50", "5", "70"]);
        assert_eq!(run(WindowFunc::LastValue, vec![1], true, None), ["10", "20", "20", "5", "30"]);
    }

    #[test]
    fn ntile_spreads_the_remainder_first() {
        let data: Vec<Row> = (0..7).map(|i| vec![Value::Int(i)]).collect();
        let mut data = data;
        for r in &mut data {
            r.push(Value::Int(3));
        }
        let w = WindowInputs {
            func: WindowFunc::Ntile,
            args: vec![1],
            partition: vec![],
            order: vec![(0, false)],
            frame: None,
        };
        let mut visited = 0;
        let got: Vec<i64> =
            compute(&w, &data, 4, &mut visited).unwrap().iter().filter_map(Value::to_i64).collect();
        assert_eq!(got, [1, 1, 1, 2, 2, 3, 3]);
    }
}
