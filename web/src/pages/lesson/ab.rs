//! The A/B comparison: which configurations the results show, and the table of what
//! differs between them per run (elapsed time and the counters that differ most).

use std::cmp::Reverse;
use std::collections::BTreeSet;
use std::rc::Rc;
use tunelab_core::lab::experiment::Outcome;
use tunelab_core::lab::lesson::{slap_average, Table};

/// How many counters a run's comparison lists, besides elapsed time.
const COUNTERS_SHOWN: usize = 5;

/// The configurations with results, as (name, index into the tables): A and B once B has
/// run, else the one configuration, unnamed.
pub fn configurations(has_b: bool, tables: &[Vec<Table>; 2]) -> Vec<(&'static str, usize)> {
    if has_b && !tables[1].is_empty() {
        vec![("A", 0), ("B", 1)]
    } else {
        vec![("", 0)]
    }
}

/// Per run, B − A: time in simulated seconds, as the result tables give it (mysqlslap's own
/// run time when the run has one, then the whole run's, every step included), then the
/// counters whose values differ most.
pub fn differences(outcomes: &[Rc<Vec<(String, Outcome)>>; 2]) -> Table {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for ((label, a), (_, b)) in outcomes[0].iter().zip(outcomes[1].iter()) {
        let seconds = |ns: u64| ns as f64 / 1e9;
        let mut times: Vec<(&str, f64, f64)> = Vec::new();
        let slap = |o: &Outcome| slap_average(&o.transcript).and_then(|s| s.parse::<f64>().ok());
        if let (Some(sa), Some(sb)) = (slap(a), slap(b)) {
            times.push(("mysqlslap run time (s)", sa, sb));
        }
        times.push((
            "simulated time, whole run (s)",
            seconds(a.metrics.elapsed_ns),
            seconds(b.metrics.elapsed_ns),
        ));
        for (name, ta, tb) in times {
            rows.push(vec![
                label.clone(),
                name.to_string(),
                format!("{ta:.3}"),
                format!("{tb:.3}"),
                format!("{:+.3}", tb - ta),
            ]);
        }
        let mut diffs: Vec<(String, i64, i64)> = Vec::new();
        let names: BTreeSet<&String> =
            a.metrics.counters.keys().chain(b.metrics.counters.keys()).collect();
        let mut counters: Vec<(String, i64, i64)> = names
            .into_iter()
            .map(|n| {
                let va = a.metrics.counters.get(n).copied().unwrap_or(0);
                let vb = b.metrics.counters.get(n).copied().unwrap_or(0);
                (n.clone(), va, vb)
            })
            .filter(|(_, va, vb)| va != vb)
            .collect();
        // Biggest difference first; ties in name order, so the table is the same every time.
        counters.sort_by_key(|(n, va, vb)| (Reverse((vb - va).unsigned_abs()), n.clone()));
        diffs.extend(counters.into_iter().take(COUNTERS_SHOWN));
        for (n, va, vb) in diffs {
            rows.push(vec![
                label.clone(),
                n,
                va.to_string(),
                vb.to_string(),
                format!("{:+}", vb - va),
            ]);
        }
    }
    Table {
        id: "ab".into(),
        title: "Differences, B − A (simulated time and the counters that differ most)".into(),
        columns: vec!["Run".into(), "Counter".into(), "A".into(), "B".into(), "B − A".into()],
        rows,
        awaiting: None,
    }
}
