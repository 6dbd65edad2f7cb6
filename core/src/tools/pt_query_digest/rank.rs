//! `get_worst_queries` and `EventAggregator::top_events`: which classes the report shows, in
//! which order, and which go to the MISC row.

use super::aggregate::{self, Aggregate};
use super::{format, options};

/// A class chosen for the report: its fingerprint, rank, and why (`top` or `outlier`).
#[derive(Clone, Debug)]
pub struct Ranked {
    /// The class's fingerprint.
    pub fingerprint: String,
    /// Its position in the order (1-based), as the tool numbers it.
    pub rank: u64,
    /// `top` (within --limit), `outlier` (--outliers) or `misc`.
    pub reason: &'static str,
}

/// `get_worst_queries` and `top_events`: the classes in order of the order-by value, those
/// within --limit, then --outliers; the rest go to MISC.
pub fn top_events(agg: &Aggregate, opts: &options::Options) -> (Vec<Ranked>, Vec<Ranked>) {
    let attr = &opts.order_attrib;
    let value = |s: &aggregate::Stat| match opts.order_func.as_str() {
        "cnt" => Some(s.cnt as f64),
        "max" => Some(s.max),
        "min" => Some(s.min),
        "sum" => Some(s.sum),
        _ => None,
    };
    let mut sorted: Vec<(&String, f64, f64)> = agg
        .classes
        .iter()
        .filter_map(|(fp, c)| {
            let s = c.attrs.get(attr)?;
            let pos = c.attrs.get("pos_in_log").map_or(0.0, |p| p.max);
            Some((fp, value(s)?, pos))
        })
        .collect();
    // Descending by value; ties: the later position in the log first (the tool compares the
    // positions as strings).
    sorted.sort_by(|a, b| {
        b.1.partial_cmp(&a.1)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| format::perl_str(b.2).cmp(&format::perl_str(a.2)))
    });
    let total_limit =
        opts.limit.percent.map(|p| p * agg.globals.get(attr).map_or(0.0, |s| s.sum) / 100.0);
    let (mut chosen, mut other) = (Vec::new(), Vec::new());
    let (mut total, mut count) = (0.0, 0u64);
    for (fp, v, _) in sorted {
        let rank = count + 1;
        let within = total_limit.is_none_or(|t| t == 0.0 || total < t)
            && opts.limit.count.is_none_or(|c| c == 0 || count < c);
        if within {
            chosen.push(Ranked { fingerprint: fp.clone(), rank, reason: "top" });
        } else if let Some((ol_attr, ol_limit, ol_freq)) = &opts.outliers {
            let class = &agg.classes[fp];
            let freq_ok =
                *ol_freq == 0 || class.attrs.get(ol_attr).map_or(0, |s| s.cnt) >= *ol_freq;
            let p95 = class.attrs.get(ol_attr).map_or(0.0, |s| aggregate::metrics(s).pct_95);
            if freq_ok && p95 >= *ol_limit {
                chosen.push(Ranked { fingerprint: fp.clone(), rank, reason: "outlier" });
            } else {
                other.push(Ranked { fingerprint: fp.clone(), rank, reason: "misc" });
            }
        } else {
            other.push(Ranked { fingerprint: fp.clone(), rank, reason: "misc" });
        }
        total += v;
        count += 1;
    }
    (chosen, other)
}
