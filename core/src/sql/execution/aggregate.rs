//! Aggregate accumulators: COUNT, SUM, AVG, MIN, MAX, BIT_AND, BIT_OR, BIT_XOR, the variance
//! family (VAR_POP, VAR_SAMP, STDDEV_POP, STDDEV_SAMP and their synonyms) and GROUP_CONCAT with
//! MySQL's result types (SUM and AVG of exact values are exact DECIMALs; AVG adds
//! `div_precision_increment` digits), NULL handling (ignored; NULL on an empty set, except
//! COUNT) and DISTINCT. GROUP_CONCAT's text is cut at its call's `group_concat_max_len`;
//! its ORDER BY values are kept in `group_concat_order.rs`.

use crate::error::Result;
use crate::sql::bind::{AggCall, AggFunc};
use crate::sql::execution::group_concat_order::Ordered;
use crate::sql::execution::packed_rows::TempSpace;
use crate::storage::value::{collate_cmp, Decimal, Value};
use std::cmp::Ordering;
use std::collections::BTreeSet;

/// A value as a DISTINCT key: its printed text plus a numeric marker, so 1 and '1' stay apart
/// the way MySQL's typed comparison keeps them (simplification: exact for same-typed columns).
/// A character string compares case-insensitively (the default collation); a binary string,
/// such as an argument under a binary or case-sensitive COLLATE (`literal_charset.rs`), by
/// its bytes (simplification: bytes that are not UTF-8 are read as U+FFFD, so two such
/// strings may count as one).
pub(crate) fn distinct_key(v: &Value) -> (bool, String) {
    match v {
        Value::Bin(_) => (false, v.to_text().unwrap_or_default()),
        _ => (v.is_numeric(), v.to_text().unwrap_or_default().to_lowercase()),
    }
}

/// A DISTINCT key's number read back from its text: a DOUBLE when `inexact`, else an
/// integer or a DECIMAL; None for a string's key or a text that is no number.
fn number_back(numeric: bool, text: &str, inexact: bool) -> Option<Value> {
    if !numeric {
        return None;
    }
    if inexact {
        return text.parse::<f64>().ok().map(Value::Double);
    }
    match text.parse::<i64>() {
        Ok(i) => Some(Value::Int(i)),
        Err(_) => Decimal::parse(text).map(Value::Decimal),
    }
}

/// The most bytes of JSON text one JSON_ARRAYAGG / JSON_OBJECTAGG group gathers (MySQL's
/// max_allowed_packet default, 64 MB).
const JSON_AGG_TEXT_MAX: usize = 64 << 20;

/// The running state of one aggregate call.
#[derive(Clone, Debug)]
pub struct Accumulator {
    func: AggFunc,
    rows: u64,
    non_null: u64,
    exact: Option<Decimal>,
    double: Option<f64>,
    /// True once a non-exact (double or string) value was summed.
    inexact: bool,
    best: Option<Value>,
    bits: Option<u64>,
    text: Option<String>,
    /// GROUP_CONCAT's SEPARATOR; None is MySQL's default, a comma.
    separator: Option<Box<str>>,
    seen: Option<BTreeSet<(bool, String)>>,
    /// GROUP_CONCAT: `group_concat_max_len`, the bytes its text may hold.
    max_len: u64,
    /// GROUP_CONCAT without ORDER BY: how many values the text had taken when it was cut.
    cut: Option<u64>,
    /// GROUP_CONCAT ... ORDER BY: the values kept to be sorted when the group ends.
    ordered: Option<Box<Ordered>>,
    /// MIN / MAX of TIME values: compared as durations.
    time: bool,
}

impl Accumulator {
    pub fn new(call: &AggCall) -> Accumulator {
        Accumulator {
            func: call.func,
            rows: 0,
            non_null: 0,
            exact: None,
            double: None,
            inexact: false,
            best: None,
            bits: None,
            text: None,
            separator: call.separator.as_deref().map(Box::from),
            seen: call.distinct.then(BTreeSet::new),
            max_len: call.max_len,
            cut: None,
            ordered: (!call.order_by.is_empty())
                .then(|| Box::new(Ordered::new(call.order_by.iter().map(|(_, d)| *d).collect()))),
            time: call.time,
        }
    }

    /// The accumulator of a COUNT call that counted `n` (a group whose store kept counts
    /// only).
    pub fn counted(call: &AggCall, n: u64) -> Accumulator {
        let mut a = Accumulator::new(call);
        a.rows = n;
        a.non_null = n;
        a
    }

    /// A copy of the state as it stands, to be finished but not updated again (what a
    /// table's scan memo keeps): a DISTINCT call's set of values seen is left out, as
    /// finishing does not read it and it can hold millions of values.
    pub fn finished_copy(&self) -> Accumulator {
        Accumulator {
            func: self.func,
            rows: self.rows,
            non_null: self.non_null,
            exact: self.exact,
            double: self.double,
            inexact: self.inexact,
            best: self.best.clone(),
            bits: self.bits,
            text: self.text.clone(),
            separator: self.separator.clone(),
            seen: self.seen.as_ref().map(|_| BTreeSet::new()),
            max_len: self.max_len,
            cut: self.cut,
            ordered: self.ordered.clone(),
            time: self.time,
        }
    }

    /// Values in a state (see [`Self::state`]).
    pub const STATE_WIDTH: usize = 8;

    /// The running state as values, for a store that packs it (GROUP BY's groups,
    /// `select/pipeline/agg_store.rs`); None for a DISTINCT call, whose set of values seen is
    /// not packed, and a GROUP_CONCAT ... ORDER BY, whose values are not either.
    /// [`Self::from_state`] gives the same accumulator back. GROUP_CONCAT has no bits: its
    /// slot holds the row its text was cut at.
    pub fn state(&self) -> Option<[Value; Self::STATE_WIDTH]> {
        if self.seen.is_some() || self.ordered.is_some() {
            return None;
        }
        let bits = if self.func == AggFunc::GroupConcat { self.cut } else { self.bits };
        Some([
            Value::UInt(self.rows),
            Value::UInt(self.non_null),
            self.exact.map_or(Value::Null, Value::Decimal),
            self.double.map_or(Value::Null, Value::Double),
            Value::UInt(u64::from(self.inexact)),
            self.best.clone().unwrap_or(Value::Null),
            bits.map_or(Value::Null, Value::UInt),
            self.text.clone().map_or(Value::Null, Value::Str),
        ])
    }

    /// The accumulator of `call` whose running state is `state` (as [`Self::state`] gave it;
    /// missing values are NULL).
    pub fn from_state(call: &AggCall, state: &[Value]) -> Accumulator {
        let at = |i: usize| state.get(i).unwrap_or(&Value::Null);
        let number = |i: usize| match at(i) {
            Value::UInt(u) => *u,
            _ => 0,
        };
        let bits = match at(6) {
            Value::UInt(u) => Some(*u),
            _ => None,
        };
        let concat = call.func == AggFunc::GroupConcat;
        Accumulator {
            func: call.func,
            rows: number(0),
            non_null: number(1),
            exact: match at(2) {
                Value::Decimal(d) => Some(*d),
                _ => None,
            },
            double: match at(3) {
                Value::Double(d) => Some(*d),
                _ => None,
            },
            inexact: number(4) != 0,
            best: Some(at(5).clone()).filter(|v| !v.is_null()),
            bits: bits.filter(|_| !concat),
            text: match at(7) {
                Value::Str(t) => Some(t.clone()),
                _ => None,
            },
            separator: call.separator.as_deref().map(Box::from),
            seen: None,
            max_len: call.max_len,
            cut: bits.filter(|_| concat),
            ordered: None,
            time: call.time,
        }
    }

    /// The accumulator of a DISTINCT call whose values seen are kept by the caller
    /// (`distinct_values.rs`): it is given only the values new to the call, and told of a
    /// repeat with [`Self::repeat`].
    pub fn without_values_seen(call: &AggCall) -> Accumulator {
        Accumulator { seen: None, ..Accumulator::new(call) }
    }

    /// A row whose value the caller's DISTINCT saw before: counted as a row, as
    /// `update_general` counts it before the set turns it away.
    pub fn repeat(&mut self) {
        self.rows += 1;
    }

    /// Adds one row's argument value (COUNT(*) passes NULL and counts the row).
    #[inline]
    pub fn update(&mut self, v: &Value) {
        // The scans' common cases in line: COUNT, and SUM of integers into a whole sum. They
        // do what the general path does for them, in the same order.
        if self.seen.is_none() {
            match (self.func, v) {
                (AggFunc::CountStar | AggFunc::Count, v) => {
                    self.rows += 1;
                    self.non_null += u64::from(!v.is_null());
                    return;
                }
                (AggFunc::Sum, Value::Int(_)) if !self.inexact && self.exact_is_whole() => {
                    self.rows += 1;
                    self.non_null += 1;
                    self.add_integer(v);
                    return;
                }
                _ => {}
            }
        }
        self.update_general(v);
    }

    /// `count` calls of [`Self::update`] at once, with integers that sum to `sum` and never
    /// take the running sum out of range on the way (non-negative ones do not when the total
    /// stays in range): for a SUM in its whole-number exact state. False, with nothing
    /// changed, in any other state or when the total would overflow (the caller then
    /// updates row by row, which switches to a double where the sum overflows).
    pub fn update_whole_run(&mut self, count: u64, sum: i128) -> bool {
        if self.seen.is_some()
            || self.func != AggFunc::Sum
            || self.inexact
            || !self.exact_is_whole()
        {
            return false;
        }
        let start = self.exact.map_or(0, |d| d.mantissa);
        let Some(total) = start.checked_add(sum) else { return false };
        self.rows += count;
        self.non_null += count;
        self.exact = Some(Decimal::new(total, 0));
        true
    }

    #[inline(never)]
    fn update_general(&mut self, v: &Value) {
        self.rows += 1;
        if v.is_null() {
            return;
        }
        if let Some(seen) = &mut self.seen {
            if !seen.insert(distinct_key(v)) {
                return;
            }
        }
        self.non_null += 1;
        match self.func {
            AggFunc::CountStar | AggFunc::Count => {}
            AggFunc::Sum | AggFunc::Avg if !self.inexact && self.exact_is_whole() => {
                if !self.add_integer(v) {
                    self.add_exact(v);
                }
            }
            AggFunc::Sum | AggFunc::Avg => self.add_exact(v),
            AggFunc::Min | AggFunc::Max => self.keep_best(v),
            AggFunc::BitAnd | AggFunc::BitOr | AggFunc::BitXor => {
                self.combine_bits(v.to_i64().unwrap_or(0) as u64)
            }
            AggFunc::VarPop | AggFunc::VarSamp | AggFunc::StdPop | AggFunc::StdSamp => {
                self.add_to_spread(v.to_f64().unwrap_or(0.0));
            }
            AggFunc::GroupConcat => self.concat(v),
            AggFunc::JsonArrayAgg | AggFunc::JsonObjectAgg => self.gather_json(v),
            AggFunc::Grouping => {}
        }
    }

    /// Adds another group's state of the same call to this one (a WITH ROLLUP super-
    /// aggregate); false, with nothing changed, for a state that cannot be merged: a
    /// GROUP_CONCAT ... ORDER BY's, and some DISTINCT calls' ([`Self::merge_distinct`]).
    pub fn merge(&mut self, o: &Accumulator) -> bool {
        if self.ordered.is_some() || o.ordered.is_some() {
            return false;
        }
        if self.seen.is_some() || o.seen.is_some() {
            return self.merge_distinct(o);
        }
        let before = self.non_null;
        self.rows += o.rows;
        self.non_null += o.non_null;
        if o.non_null == 0 {
            return true;
        }
        match self.func {
            AggFunc::CountStar | AggFunc::Count | AggFunc::Grouping => {}
            AggFunc::Sum | AggFunc::Avg => {
                let exact = !self.inexact && !o.inexact;
                match (exact, self.exact, o.exact) {
                    (true, Some(a), Some(b)) => match a.checked_add(b) {
                        Some(sum) => self.exact = Some(sum),
                        None => {
                            self.inexact = true;
                            self.double = Some(a.to_f64() + b.to_f64());
                        }
                    },
                    (true, None, b) => self.exact = b,
                    (true, a, None) => self.exact = a,
                    _ => {
                        let mine = if self.inexact {
                            self.double.unwrap_or(0.0)
                        } else {
                            self.exact.map_or(0.0, Decimal::to_f64)
                        };
                        let theirs = if o.inexact {
                            o.double.unwrap_or(0.0)
                        } else {
                            o.exact.map_or(0.0, Decimal::to_f64)
                        };
                        self.inexact = true;
                        self.double = Some(mine + theirs);
                    }
                }
            }
            AggFunc::Min | AggFunc::Max => {
                if let Some(v) = &o.best {
                    self.keep_best(v);
                }
            }
            AggFunc::BitAnd | AggFunc::BitOr | AggFunc::BitXor => {
                if let Some(x) = o.bits {
                    self.combine_bits(x);
                }
            }
            AggFunc::VarPop | AggFunc::VarSamp | AggFunc::StdPop | AggFunc::StdSamp => {
                // Welford's states combined (Chan et al.'s parallel form).
                let spread = |a: &Accumulator| match a.best {
                    Some(Value::Double(s)) => s,
                    _ => 0.0,
                };
                let (na, nb) = (before as f64, o.non_null as f64);
                let (ma, mb) = (self.double.unwrap_or(0.0), o.double.unwrap_or(0.0));
                if before == 0 {
                    self.double = o.double;
                    self.best = o.best.clone();
                } else {
                    let n = na + nb;
                    let delta = mb - ma;
                    self.double = Some(ma + delta * nb / n);
                    self.best =
                        Some(Value::Double(spread(self) + spread(o) + delta * delta * na * nb / n));
                }
            }
            AggFunc::GroupConcat => {
                if self.cut.is_some() {
                    return true;
                }
                let Some(theirs) = &o.text else { return true };
                let separator = self.separator.as_deref().unwrap_or(",").to_string();
                let max = usize::try_from(self.max_len).unwrap_or(usize::MAX);
                let t = self.text.get_or_insert_with(String::new);
                if before > 0 {
                    t.push_str(&separator);
                }
                t.push_str(theirs);
                if t.len() > max {
                    let mut cut = max;
                    while !t.is_char_boundary(cut) {
                        cut -= 1;
                    }
                    t.truncate(cut);
                    self.cut = Some(self.non_null);
                }
            }
            AggFunc::JsonArrayAgg | AggFunc::JsonObjectAgg => {
                let Some(theirs) = &o.text else { return true };
                let t = self.text.get_or_insert_with(String::new);
                if t.len() + theirs.len() <= JSON_AGG_TEXT_MAX {
                    if !t.is_empty() {
                        t.push_str(", ");
                    }
                    t.push_str(theirs);
                }
            }
        }
        true
    }

    /// JSON_ARRAYAGG / JSON_OBJECTAGG: the row's one-element array (or one-member object)
    /// joins the text, which finishing turns into the array (or the merged object).
    /// Simplification: past [`JSON_AGG_TEXT_MAX`] bytes (MySQL's max_allowed_packet) the
    /// group's later rows are left out rather than failing the statement.
    fn gather_json(&mut self, v: &Value) {
        let Value::Str(one) = v else { return };
        let t = self.text.get_or_insert_with(String::new);
        if t.len() + one.len() > JSON_AGG_TEXT_MAX {
            return;
        }
        if !t.is_empty() {
            t.push_str(", ");
        }
        if self.func == AggFunc::JsonArrayAgg {
            // `[v]` less its brackets is the element's text.
            t.push_str(one.get(1..one.len().saturating_sub(1)).unwrap_or(""));
        } else {
            t.push_str(one);
        }
    }

    /// GROUP_CONCAT without ORDER BY: the value joins the text, which is cut at
    /// `group_concat_max_len` bytes (on a character's boundary); once cut, the group's later
    /// rows add nothing (`Item_func_group_concat::add` skips them after the warning).
    fn concat(&mut self, v: &Value) {
        if self.cut.is_some() {
            return;
        }
        let max = usize::try_from(self.max_len).unwrap_or(usize::MAX);
        let t = self.text.get_or_insert_with(String::new);
        if self.non_null > 1 {
            t.push_str(self.separator.as_deref().unwrap_or(","));
        }
        t.push_str(&v.to_text().unwrap_or_default());
        if t.len() > max {
            let mut cut = max;
            while !t.is_char_boundary(cut) {
                cut -= 1;
            }
            t.truncate(cut);
            self.cut = Some(self.non_null);
        }
    }

    /// Adds one row's value of a GROUP_CONCAT ... ORDER BY with its ORDER BY `keys`, the
    /// value kept taking its bytes from `space` (the statement's temporary space: ERROR 1114
    /// past it). Any other call takes the value as [`Self::update`] does.
    pub fn update_keyed(&mut self, v: &Value, keys: Vec<Value>, space: &TempSpace) -> Result<()> {
        if self.ordered.is_none() {
            self.update(v);
            return Ok(());
        }
        self.rows += 1;
        if v.is_null() {
            return Ok(());
        }
        if let Some(seen) = &mut self.seen {
            if !seen.insert(distinct_key(v)) {
                return Ok(());
            }
        }
        self.non_null += 1;
        let separator = self.separator.as_deref().unwrap_or(",").len() as u64;
        let max_len = self.max_len;
        match &mut self.ordered {
            Some(o) => o.push(keys, v.to_text().unwrap_or_default(), separator, max_len, space),
            None => Ok(()),
        }
    }

    /// [`Self::merge`] of a DISTINCT call's states: the values the other group saw and this
    /// one did not are added, as MySQL's rollup level reads each row into its own DISTINCT
    /// set. The values are rebuilt from their keys: a count needs only the keys, MIN / MAX
    /// the other's best value; a number is read back from its text, as a DOUBLE when the
    /// other group summed inexactly (its values were doubles), else as an integer or a
    /// DECIMAL. False, nothing changed, for a string value of another function (its key is
    /// lower-cased) and for GROUP_CONCAT / JSON aggregates. Simplification: a group whose
    /// DISTINCT values mixed exact numbers and doubles reads them all back as doubles.
    fn merge_distinct(&mut self, o: &Accumulator) -> bool {
        let (Some(mine), Some(theirs)) = (&self.seen, &o.seen) else { return false };
        let new_keys: Vec<&(bool, String)> = theirs.iter().filter(|k| !mine.contains(*k)).collect();
        let rows = self.rows + o.rows;
        match self.func {
            AggFunc::CountStar | AggFunc::Count | AggFunc::Min | AggFunc::Max => {
                if let (AggFunc::Min | AggFunc::Max, Some(v)) = (self.func, &o.best) {
                    self.keep_best(v);
                }
                let keys: Vec<(bool, String)> = new_keys.into_iter().cloned().collect();
                self.non_null += keys.len() as u64;
                if let Some(seen) = &mut self.seen {
                    seen.extend(keys);
                }
            }
            AggFunc::Sum
            | AggFunc::Avg
            | AggFunc::BitAnd
            | AggFunc::BitOr
            | AggFunc::BitXor
            | AggFunc::VarPop
            | AggFunc::VarSamp
            | AggFunc::StdPop
            | AggFunc::StdSamp => {
                let rebuilt: Option<Vec<Value>> = new_keys
                    .iter()
                    .map(|(numeric, text)| number_back(*numeric, text, o.inexact))
                    .collect();
                let Some(values) = rebuilt else { return false };
                for v in &values {
                    self.update_general(v);
                }
            }
            AggFunc::GroupConcat
            | AggFunc::JsonArrayAgg
            | AggFunc::JsonObjectAgg
            | AggFunc::Grouping => return false,
        }
        self.rows = rows;
        true
    }

    /// GROUP_CONCAT: how many values its text took (up to the one it was cut in), and
    /// whether it was cut. MySQL numbers warning 1260 by the values a call appended over the
    /// whole statement (`Item_func_group_concat::row_count`, counted by `dump_leaf_key` and
    /// never reset between groups), so the caller adds these up group by group.
    pub fn concat_taken(&self) -> (u64, bool) {
        match &self.ordered {
            Some(o) => {
                let separator = self.separator.as_deref().unwrap_or(",");
                let (_, cut, taken) = o.joined(separator, self.max_len);
                (taken, cut)
            }
            None => (self.cut.unwrap_or(self.non_null), self.cut.is_some()),
        }
    }

    /// MIN / MAX: `v` becomes the value kept when it is less (greater) than it, strings
    /// compared under the collation.
    fn keep_best(&mut self, v: &Value) {
        let want = if self.func == AggFunc::Min { Ordering::Less } else { Ordering::Greater };
        let replace = match &self.best {
            None => true,
            Some(b) if self.time => {
                let key = crate::sql::temporal::time_key;
                key(v).compare(&key(b)) == Some(want)
            }
            Some(b) => match (v, b) {
                (Value::Str(x), Value::Str(y)) => collate_cmp(x, y) == want,
                _ => v.compare(b) == Some(want),
            },
        };
        if replace {
            self.best = Some(v.clone());
        }
    }

    /// BIT_AND / BIT_OR / BIT_XOR: `x` folded into the bits so far.
    fn combine_bits(&mut self, x: u64) {
        self.bits = Some(match (self.bits, self.func) {
            (None, _) => x,
            (Some(b), AggFunc::BitAnd) => b & x,
            (Some(b), AggFunc::BitXor) => b ^ x,
            (Some(b), _) => b | x,
        });
    }

    /// The variance family's running mean (in `double`) and sum of squared differences from
    /// it (in `best`, as a double), updated by Welford's recurrence as MySQL's
    /// `variance_fp_recurrence_next` does, so that the results match its doubles.
    fn add_to_spread(&mut self, x: f64) {
        let count = self.non_null as f64;
        if self.non_null == 1 {
            self.double = Some(x);
            self.best = Some(Value::Double(0.0));
            return;
        }
        let mean = self.double.unwrap_or(0.0);
        let next = mean + (x - mean) / count;
        let spread = match self.best {
            Some(Value::Double(s)) => s,
            _ => 0.0,
        };
        self.double = Some(next);
        self.best = Some(Value::Double(spread + (x - mean) * (x - next)));
    }

    /// Whether the exact sum so far is a whole number (scale 0), as an integer sum is.
    fn exact_is_whole(&self) -> bool {
        self.exact.is_none_or(|d| d.scale == 0)
    }

    /// Adds an integer to a whole-number exact sum: the addition `Decimal::checked_add` makes
    /// at scale 0, without its rescaling. False (nothing done) for a value that is not an
    /// integer.
    #[inline]
    fn add_integer(&mut self, v: &Value) -> bool {
        let x = match v {
            Value::Int(i) => i128::from(*i),
            Value::UInt(u) => i128::from(*u),
            _ => return false,
        };
        let sum = self.exact.unwrap_or(Decimal::new(0, 0));
        match sum.mantissa.checked_add(x) {
            Some(m) => self.exact = Some(Decimal::new(m, 0)),
            None => self.switch_to_double(v),
        }
        true
    }

    /// Adds a value to the exact sum, or to the double sum once the sum is inexact.
    fn add_exact(&mut self, v: &Value) {
        match v.to_decimal() {
            Some(d) if !self.inexact => {
                let sum = self.exact.unwrap_or(Decimal::new(0, 0));
                match sum.checked_add(d) {
                    Some(s) => self.exact = Some(s),
                    None => self.switch_to_double(v),
                }
            }
            _ => self.switch_to_double(v),
        }
    }

    fn switch_to_double(&mut self, v: &Value) {
        if !self.inexact {
            self.inexact = true;
            self.double = Some(self.exact.map_or(0.0, Decimal::to_f64));
        }
        *self.double.get_or_insert(0.0) += v.to_f64().unwrap_or(0.0);
    }

    /// The aggregate's value for the group.
    pub fn finish(&self, div_precision_increment: u8) -> Value {
        match self.func {
            AggFunc::CountStar => Value::Int(self.rows as i64),
            AggFunc::Count => Value::Int(self.non_null as i64),
            _ if self.non_null == 0
                && !matches!(self.func, AggFunc::BitAnd | AggFunc::BitOr | AggFunc::BitXor) =>
            {
                Value::Null
            }
            AggFunc::VarPop | AggFunc::VarSamp | AggFunc::StdPop | AggFunc::StdSamp => {
                let sample = matches!(self.func, AggFunc::VarSamp | AggFunc::StdSamp);
                // A sample of one row has no variance: NULL, as Item_sum_variance gives.
                if sample && self.non_null == 1 {
                    return Value::Null;
                }
                let spread = match self.best {
                    Some(Value::Double(s)) => s,
                    _ => 0.0,
                };
                let variance = spread / (self.non_null - u64::from(sample)) as f64;
                Value::Double(if matches!(self.func, AggFunc::StdPop | AggFunc::StdSamp) {
                    libm::sqrt(variance)
                } else {
                    variance
                })
            }
            AggFunc::Sum if self.inexact => Value::Double(self.double.unwrap_or(0.0)),
            AggFunc::Sum => Value::Decimal(self.exact.unwrap_or(Decimal::new(0, 0))),
            AggFunc::Avg if self.inexact => {
                Value::Double(self.double.unwrap_or(0.0) / self.non_null as f64)
            }
            AggFunc::Avg => {
                let sum = self.exact.unwrap_or(Decimal::new(0, 0));
                sum.checked_div(Decimal::new(i128::from(self.non_null), 0), div_precision_increment)
                    .map_or(Value::Null, Value::Decimal)
            }
            AggFunc::Min | AggFunc::Max => self.best.clone().unwrap_or(Value::Null),
            // BIT_AND of no rows is all ones, BIT_OR is zero.
            AggFunc::BitAnd => Value::UInt(self.bits.unwrap_or(u64::MAX)),
            AggFunc::BitOr | AggFunc::BitXor => Value::UInt(self.bits.unwrap_or(0)),
            AggFunc::Grouping => Value::Int(0),
            AggFunc::JsonArrayAgg => {
                Value::Str(format!("[{}]", self.text.as_deref().unwrap_or("")))
            }
            AggFunc::JsonObjectAgg => {
                let members = format!("[{}]", self.text.as_deref().unwrap_or(""));
                match crate::sql::json::parse::parse(&members) {
                    Ok(crate::sql::json::Json::Array(objects)) => {
                        let pairs = objects.into_iter().flat_map(|o| match o {
                            crate::sql::json::Json::Object(m) => m,
                            _ => Vec::new(),
                        });
                        crate::sql::json::Json::object(pairs.collect()).into_value()
                    }
                    _ => Value::Null,
                }
            }
            AggFunc::GroupConcat => match &self.ordered {
                Some(o) => {
                    let separator = self.separator.as_deref().unwrap_or(",");
                    Value::Str(o.joined(separator, self.max_len).0)
                }
                None => self.text.clone().map_or(Value::Null, Value::Str),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(func: AggFunc, distinct: bool, values: &[Value]) -> Value {
        let call = AggCall::new(func, None, distinct, None);
        let mut a = Accumulator::new(&call);
        for v in values {
            a.update(v);
        }
        a.finish(4)
    }

    /// A run of integers taken at once (`update_whole_run`) leaves a SUM as the same rows one
    /// by one do; it is refused, with nothing changed, where the sum would leave its exact
    /// whole-number state (an overflow, a DECIMAL with a scale, DISTINCT, another function).
    #[test]
    fn a_whole_run_is_its_rows_one_by_one() {
        let sum = AggCall::new(AggFunc::Sum, None, false, None);
        let runs: [&[i64]; 3] = [&[3, 0, 17], &[i64::MAX, i64::MAX], &[5]];
        let (mut bulk, mut one_by_one) = (Accumulator::new(&sum), Accumulator::new(&sum));
        for run in runs {
            let total: i128 = run.iter().map(|&i| i128::from(i)).sum();
            assert!(bulk.update_whole_run(run.len() as u64, total));
            run.iter().for_each(|&i| one_by_one.update(&Value::Int(i)));
            assert_eq!(bulk.finish(4), one_by_one.finish(4));
            assert_eq!((bulk.rows, bulk.non_null), (one_by_one.rows, one_by_one.non_null));
        }
        bulk.exact = Some(Decimal::new(i128::MAX - 1, 0));
        assert!(!bulk.update_whole_run(1, 2));
        assert_eq!(bulk.exact, Some(Decimal::new(i128::MAX - 1, 0)));
        let mut scaled = Accumulator::new(&sum);
        scaled.update(&Value::Decimal(Decimal::new(15, 1)));
        assert!(!scaled.update_whole_run(1, 2));
        for call in [
            AggCall::new(AggFunc::Sum, None, true, None),
            AggCall::new(AggFunc::Max, None, false, None),
        ] {
            assert!(!Accumulator::new(&call).update_whole_run(1, 2));
        }
    }

    /// A rollup level of DISTINCT calls merges its groups' sets: each value counts once over
    /// all groups, as one DISTINCT over all their rows does.
    #[test]
    fn distinct_states_merge_as_one_set() {
        let groups: [&[Value]; 3] = [
            &[Value::Int(1), Value::Int(2), Value::Int(2)],
            &[Value::Int(2), Value::Int(3), Value::Null],
            &[Value::Double(2.5)],
        ];
        for func in [AggFunc::Count, AggFunc::Sum, AggFunc::Avg, AggFunc::Max, AggFunc::BitOr] {
            let call = AggCall::new(func, None, true, None);
            let mut total = Accumulator::new(&call);
            for g in &groups[..2] {
                let mut a = Accumulator::new(&call);
                g.iter().for_each(|v| a.update(v));
                assert!(total.merge(&a));
            }
            let all: Vec<Value> = groups[..2].iter().flat_map(|g| g.iter().cloned()).collect();
            assert_eq!(total.finish(4), run(func, true, &all), "{func:?}");
        }
        // A group of doubles is read back as doubles.
        let call = AggCall::new(AggFunc::Sum, None, true, None);
        let mut total = Accumulator::new(&call);
        let mut a = Accumulator::new(&call);
        groups[2].iter().for_each(|v| a.update(v));
        assert!(total.merge(&a));
        assert_eq!(total.finish(4), run(AggFunc::Sum, true, groups[2]));
        // Strings cannot be read back from their lower-cased keys for SUM.
        let mut s = Accumulator::new(&call);
        s.update(&Value::Str("Ab".into()));
        assert!(!Accumulator::new(&call).merge(&s));
    }

    /// A state packed and read back is the same accumulator.
    #[test]
    fn a_state_comes_back_as_it_was() {
        let values = [
            Value::Int(3),
            Value::Null,
            Value::Str("b".into()),
            Value::Double(0.5),
            Value::Decimal(Decimal::new(125, 2)),
        ];
        for func in [
            AggFunc::CountStar,
            AggFunc::Count,
            AggFunc::Sum,
            AggFunc::Avg,
            AggFunc::Min,
            AggFunc::Max,
            AggFunc::BitAnd,
            AggFunc::BitOr,
            AggFunc::GroupConcat,
        ] {
            let call = AggCall::new(func, None, false, Some("-".into()));
            let mut direct = Accumulator::new(&call);
            let mut packed = Accumulator::new(&call);
            for v in &values {
                direct.update(v);
                packed = Accumulator::from_state(&call, &packed.state().unwrap());
                packed.update(v);
                assert_eq!(direct.finish(4), packed.finish(4), "{func:?}");
            }
        }
        let distinct = AggCall::new(AggFunc::Count, None, true, None);
        assert!(Accumulator::new(&distinct).state().is_none());
    }

    /// A copy kept for the scan memo finishes as the original does, without the values seen.
    #[test]
    fn a_finished_copy_keeps_the_result_not_the_values_seen() {
        let s = |t: &str| Value::Str(t.into());
        for func in [AggFunc::Count, AggFunc::GroupConcat, AggFunc::Sum] {
            let call = AggCall::new(func, None, true, None);
            let mut a = Accumulator::new(&call);
            for v in [s("a"), s("B"), s("b"), Value::Int(3), s("a")] {
                a.update(&v);
            }
            let copy = a.finished_copy();
            assert_eq!(copy.finish(4), a.finish(4));
            assert_eq!(a.seen.as_ref().map(BTreeSet::len), Some(3));
            assert_eq!(copy.seen.as_ref().map(BTreeSet::len), Some(0));
        }
    }

    /// The in-line cases of `update` end where the general path ends, overflow included.
    #[test]
    fn the_fast_path_agrees_with_the_general_one() {
        let d = |t: &str| Value::Decimal(Decimal::parse(t).unwrap());
        let big = Value::Int(i64::MAX);
        let sequences: [Vec<Value>; 4] = [
            vec![Value::Int(1), Value::Null, Value::Int(-7), Value::Int(2)],
            std::iter::repeat_n(big.clone(), 40).collect(),
            vec![Value::Int(3), d("0.5"), Value::Int(4), Value::Str("2".into())],
            vec![Value::Double(0.25), Value::Int(1), Value::UInt(u64::MAX)],
        ];
        for func in [AggFunc::CountStar, AggFunc::Count, AggFunc::Sum, AggFunc::Avg] {
            for values in &sequences {
                let call = AggCall::new(func, None, false, None);
                let (mut fast, mut general) = (Accumulator::new(&call), Accumulator::new(&call));
                for v in values {
                    fast.update(v);
                    general.update_general(v);
                }
                assert_eq!(fast.finish(4), general.finish(4), "{func:?} over {values:?}");
                assert_eq!((fast.rows, fast.non_null), (general.rows, general.non_null));
            }
        }
    }

    #[test]
    fn aggregates_follow_mysql() {
        let vals = [Value::Int(1), Value::Null, Value::Int(2), Value::Int(2)];
        assert_eq!(run(AggFunc::CountStar, false, &vals), Value::Int(4));
        assert_eq!(run(AggFunc::Count, false, &vals), Value::Int(3));
        assert_eq!(run(AggFunc::Count, true, &vals), Value::Int(2));
        assert_eq!(run(AggFunc::Sum, false, &vals).to_text().unwrap(), "5");
        assert_eq!(run(AggFunc::Avg, false, &vals).to_text().unwrap(), "1.6667");
        assert_eq!(run(AggFunc::Max, false, &vals), Value::Int(2));
        assert_eq!(run(AggFunc::Sum, false, &[Value::Null]), Value::Null);
        assert_eq!(run(AggFunc::Count, false, &[]), Value::Int(0));
        assert_eq!(
            run(AggFunc::Sum, false, &[Value::Double(0.5), Value::Int(1)]),
            Value::Double(1.5)
        );
        // Integers summed as whole numbers, then a decimal, then integers at its scale.
        let d = |t: &str| Value::Decimal(Decimal::parse(t).unwrap());
        let mixed = [Value::UInt(u64::MAX), Value::Int(1), d("0.25"), Value::Int(-2)];
        assert_eq!(run(AggFunc::Sum, false, &mixed).to_text().unwrap(), "18446744073709551614.25");
        assert_eq!(run(AggFunc::Sum, false, &[d("1.5"), Value::Int(1)]).to_text().unwrap(), "2.5");
        assert_eq!(
            run(AggFunc::Avg, false, &[Value::Int(1), Value::Int(2)]).to_text().unwrap(),
            "1.5000"
        );
        assert_eq!(
            run(AggFunc::GroupConcat, false, &[Value::Str("a".into()), Value::Int(3)]),
            Value::Str("a,3".into())
        );
        assert_eq!(
            run(AggFunc::Min, false, &[Value::Str("b".into()), Value::Str("A".into())]),
            Value::Str("A".into())
        );
    }
}
