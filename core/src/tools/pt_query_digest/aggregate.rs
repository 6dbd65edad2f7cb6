//! `EventAggregator`: the events grouped by fingerprint, with per class and overall, for each
//! attribute, its count, min, max and sum, and for numbers a histogram of 1,000 buckets of
//! ratio 1.05 from 1 µs (lib/EventAggregator.pm), from which the 95th percentile, the standard
//! deviation and the median are computed as the tool does (bucket values, not the events').
//!
//! Bounds: at most `MAX_CLASSES` classes and `MAX_UNIQUE_VALUES` distinct values of a text
//! attribute per class; events of further new fingerprints are counted in the
//! overall figures only (UNCONFIRMED choice: the tool has no cap). One sample per class (the
//! worst by Query_time, the last of equal ones, as the tool keeps). Attributes are discovered
//! in the first 1,000 events only, as the tool's unrolled loop does after that.

use super::event::Event;
use super::format;
use std::collections::BTreeMap;

/// The most classes kept.
pub const MAX_CLASSES: usize = 100_000;
/// The most distinct values of a text attribute kept per class (hosts, users, databases);
/// a further new value is counted in the attribute's total but not listed (UNCONFIRMED
/// choice: the tool keeps them all).
pub const MAX_UNIQUE_VALUES: usize = 10_000;
const UNROLL_LIMIT: u64 = 1000;
const NUM_BUCK: usize = 1000;
const MIN_BUCK: f64 = 0.000001;
const ATTRIB_LIMIT: f64 = 4_294_967_296.0;

/// How an attribute is aggregated, fixed by its first value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A number: sum and histogram.
    Num,
    /// `Yes`/`No`: the share of yes.
    Bool,
    /// Text: the distinct values and their counts.
    Text,
}

/// One attribute's figures in a class or overall.
#[derive(Clone, Debug, Default)]
pub struct Stat {
    /// Values seen.
    pub cnt: u64,
    /// Sum (numbers and booleans).
    pub sum: f64,
    /// Smallest and largest number.
    pub min: f64,
    pub max: f64,
    /// Smallest and largest text (string compare; for numbers, the text of the smallest and
    /// largest).
    pub min_text: String,
    pub max_text: String,
    /// Bucket index to count (numbers).
    pub buckets: BTreeMap<u16, u64>,
    /// Distinct values to count (booleans and text).
    pub unique: BTreeMap<String, u64>,
    /// The last value kept, for the attribute value limit.
    last: f64,
}

/// One class of events (one fingerprint).
#[derive(Clone, Debug, Default)]
pub struct Class {
    /// Per attribute.
    pub attrs: BTreeMap<String, Stat>,
    /// The sample event.
    pub sample: Event,
}

/// The aggregate of a whole run.
#[derive(Debug, Default)]
pub struct Aggregate {
    /// Classes by fingerprint.
    pub classes: BTreeMap<String, Class>,
    /// Overall, per attribute.
    pub globals: BTreeMap<String, Stat>,
    /// Kinds of the attributes seen.
    pub kinds: BTreeMap<String, Kind>,
    /// Events aggregated.
    pub events: u64,
    /// The attribute whose largest value picks a class's sample (the --order-by attribute).
    pub worst: String,
}

/// Attributes the tool ignores by default (`--ignore-attributes`), plus the group-by key.
const IGNORED: [&str; 17] = [
    "arg",
    "cmd",
    "insert_id",
    "ip",
    "port",
    "Thread_id",
    "timestamp",
    "exptime",
    "flags",
    "key",
    "res",
    "val",
    "server_id",
    "offset",
    "end_log_pos",
    "Xid",
    "fingerprint",
];

/// The types pt-query-digest fixes whatever the first value looks like (`$type_for`).
fn fixed_kind(name: &str) -> Option<Kind> {
    const TEXT: [&str; 11] = [
        "val",
        "key_print",
        "Status_code",
        "Statement_id",
        "Error_no",
        "Last_errno",
        "Thread_id",
        "InnoDB_trx_id",
        "host",
        "ip",
        "port",
    ];
    match name {
        "Query_time" => Some(Kind::Num),
        "Killed" => Some(Kind::Bool),
        "rate_limit" => Some(Kind::Text),
        n if TEXT.contains(&n) => Some(Kind::Text),
        _ => None,
    }
}

fn kind_of(name: &str, value: &str) -> Kind {
    if let Some(k) = fixed_kind(name) {
        return k;
    }
    if name.ends_with("_crc") {
        return Kind::Text;
    }
    if is_perl_number(value) {
        Kind::Num
    } else if value == "Yes" || value == "No" {
        Kind::Bool
    } else {
        Kind::Text
    }
}

/// `^(?:\d+|[+-]?(?:(?=\d|[.])\d+(?:[.])\d{0,})(?:E[+-]?\d+)?)$` (case-insensitive E).
fn is_perl_number(v: &str) -> bool {
    let b = v.as_bytes();
    if !b.is_empty() && b.iter().all(u8::is_ascii_digit) {
        return true;
    }
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let d = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i == d || b.get(i) != Some(&b'.') {
        return false;
    }
    i += 1;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let e = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == e {
            return false;
        }
    }
    i == b.len()
}

/// Perl's numeric value of a string: its leading number, or 0.
pub fn perl_num(v: &str) -> f64 {
    let t = v.trim_start();
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    t[..i].parse().unwrap_or(0.0)
}

/// `bucket_idx`.
pub fn bucket_idx(value: f64) -> u16 {
    if value < MIN_BUCK {
        return 0;
    }
    let base_offset = (1.0 - libm::log(MIN_BUCK) / libm::log(1.05)).abs();
    let idx = (base_offset + libm::log(value) / libm::log(1.05)).trunc();
    if idx > (NUM_BUCK - 1) as f64 {
        (NUM_BUCK - 1) as u16
    } else if idx < 0.0 {
        0
    } else {
        idx as u16
    }
}

/// `bucket_value`: the low edge of a bucket.
pub fn bucket_value(bucket: u16) -> f64 {
    if bucket == 0 {
        return 0.0;
    }
    libm::pow(1.05, f64::from(bucket) - 1.0) * MIN_BUCK
}

impl Aggregate {
    /// Adds one event (which has its `fingerprint`).
    pub fn add(&mut self, event: &Event) {
        let Some(group) = event.get("fingerprint").map(str::to_string) else { return };
        self.events += 1;
        if self.events <= UNROLL_LIMIT {
            for (name, value) in &event.attrs {
                if !IGNORED.contains(&name.as_str()) && !self.kinds.contains_key(name) {
                    self.kinds.insert(name.clone(), kind_of(name, value));
                }
            }
        }
        let new_class = !self.classes.contains_key(&group);
        if new_class && self.classes.len() >= MAX_CLASSES {
            return;
        }
        let class = self.classes.entry(group).or_default();
        if new_class {
            class.sample = event.clone();
        }
        for (name, kind) in &self.kinds {
            let Some(raw) = event.get(name) else { continue };
            let mut raw = raw.to_string();
            if name == "Query_time" {
                // `s/^(\d+(?:\.\d+)?).*/$1/`.
                let n: String =
                    raw.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
                if !n.is_empty() && n.as_bytes()[0].is_ascii_digit() {
                    raw = n;
                }
            }
            let cs = class.attrs.entry(name.clone()).or_default();
            let gs = self.globals.entry(name.clone()).or_default();
            match kind {
                Kind::Num => {
                    let mut v = perl_num(&raw);
                    if v > ATTRIB_LIMIT {
                        v = cs.last;
                    }
                    cs.last = v;
                    // The tool keeps the value's text for min and max (JSON prints it).
                    let text = if perl_num(&raw) == v { raw.clone() } else { format::perl_str(v) };
                    for s in [&mut *cs, &mut *gs] {
                        if s.cnt == 0 || v < s.min {
                            s.min = v;
                            s.min_text = text.clone();
                        }
                        if s.cnt == 0 || v > s.max {
                            s.max = v;
                            s.max_text = text.clone();
                        }
                        s.cnt += 1;
                        s.sum += v;
                        *s.buckets.entry(bucket_idx(v)).or_default() += 1;
                    }
                    if *name == self.worst && v >= cs.max {
                        class.sample = event.clone();
                    }
                }
                Kind::Bool => {
                    let v = if raw == "Yes" { 1.0 } else { 0.0 };
                    for s in [&mut *cs, &mut *gs] {
                        if s.cnt == 0 || v < s.min {
                            s.min = v;
                        }
                        if s.cnt == 0 || v > s.max {
                            s.max = v;
                        }
                        s.cnt += 1;
                        s.sum += v;
                    }
                    *cs.unique.entry(perl_str_bool(v)).or_default() += 1;
                }
                Kind::Text => {
                    for s in [&mut *cs, &mut *gs] {
                        if s.cnt == 0 || raw < s.min_text {
                            s.min_text = raw.clone();
                        }
                        if s.cnt == 0 || raw > s.max_text {
                            s.max_text = raw.clone();
                        }
                        s.cnt += 1;
                    }
                    if cs.unique.len() < MAX_UNIQUE_VALUES || cs.unique.contains_key(&raw) {
                        *cs.unique.entry(raw.clone()).or_default() += 1;
                    }
                    if *name == self.worst && raw >= cs.max_text {
                        class.sample = event.clone();
                    }
                }
            }
        }
    }
}

fn perl_str_bool(v: f64) -> String {
    if v > 0.0 {
        "1".into()
    } else {
        "0".into()
    }
}

/// The 95th percentile, standard deviation and median of one attribute (`_calc_metrics`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metrics {
    /// 95th percentile (a bucket's low edge).
    pub pct_95: f64,
    /// Standard deviation over bucket values, capped at (max - min) / 2.
    pub stddev: f64,
    /// Median (a bucket's low edge, or the mean of two).
    pub median: f64,
}

/// `_calc_metrics` over a stat's histogram.
pub fn metrics(stat: &Stat) -> Metrics {
    let n = stat.cnt;
    if stat.buckets.is_empty() || n == 0 {
        return Metrics::default();
    }
    if n == 1 || stat.max == stat.min {
        return Metrics { pct_95: stat.max, stddev: 0.0, median: stat.max };
    }
    if n == 2 {
        let mean = (stat.min + stat.max) / 2.0;
        return Metrics {
            pct_95: stat.max,
            stddev: ((stat.max - mean) * (stat.max - mean) * 2.0).sqrt(),
            median: mean,
        };
    }
    let cutoff = if n >= 10 { (n as f64 * 0.95).trunc() as u64 } else { n };
    let mut total_left = n;
    let top_vals = n - cutoff;
    let mut sum_excl = 0u64;
    let (mut sum, mut sumsq) = (0.0f64, 0.0f64);
    let mid = n / 2;
    let mut median = 0.0;
    let mut prev: u16 = (NUM_BUCK - 1) as u16;
    let mut bucket_95: u16 = 0;
    for (&bucket, &val) in stat.buckets.iter().rev() {
        if val == 0 {
            continue;
        }
        total_left -= val;
        sum_excl += val;
        if bucket_95 == 0 && sum_excl > top_vals {
            bucket_95 = bucket;
        }
        if median == 0.0 && total_left <= mid {
            median = if cutoff % 2 == 1 || val > 1 {
                bucket_value(bucket)
            } else {
                (bucket_value(bucket) + bucket_value(prev)) / 2.0
            };
        }
        let bv = bucket_value(bucket);
        sum += val as f64 * bv;
        sumsq += val as f64 * (bv * bv);
        prev = bucket;
    }
    let nf = n as f64;
    let var = sumsq / nf - (sum / nf) * (sum / nf);
    let mut stddev = if var > 0.0 { var.sqrt() } else { 0.0 };
    let maxstdev = (stat.max - stat.min) / 2.0;
    if stddev > maxstdev {
        stddev = maxstdev;
    }
    Metrics { pct_95: bucket_value(bucket_95), stddev, median }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_pts() {
        assert_eq!(bucket_idx(0.0), 0);
        assert_eq!(bucket_idx(0.000001), 1);
        assert_eq!(bucket_idx(1.0), 284);
        assert_eq!(bucket_idx(1e9), 708);
        assert_eq!(bucket_idx(1e40), 999);
        assert_eq!(bucket_idx(0.000242), 113);
        assert!((bucket_value(284) - 0.992_136_978_5).abs() < 1e-9);
    }

    #[test]
    fn metrics_of_three_values() {
        let mut s = Stat::default();
        for v in [0.001, 0.002, 0.010] {
            if s.cnt == 0 || v < s.min {
                s.min = v;
            }
            if v > s.max {
                s.max = v;
            }
            s.cnt += 1;
            s.sum += v;
            *s.buckets.entry(bucket_idx(v)).or_default() += 1;
        }
        let m = metrics(&s);
        assert_eq!(m.pct_95, bucket_value(bucket_idx(0.010)));
        assert_eq!(m.median, bucket_value(bucket_idx(0.002)));
    }
}
