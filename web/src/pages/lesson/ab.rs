//! The A/B comparison: which configurations the results show, and the table of what
//! differs between them per run (elapsed time and the counters that differ most).

use std::cmp::Reverse;
use std::collections::BTreeSet;
use std::rc::Rc;
use tunelab_core::lab::experiment::Outcome;
use tunelab_core::lab::lesson::Table;

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

/// Per run, B − A: elapsed time, then the counters whose values differ most.
pub fn differences(outcomes: &[Rc<Vec<(String, Outcome)>>; 2]) -> Table {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for ((label, a), (_, b)) in outcomes[0].iter().zip(outcomes[1].iter()) {
        let mut diffs: Vec<(String, i64, i64)> = vec![(
            "elapsed (ms)".into(),
            (a.metrics.elapsed_ns / 1_000_000) as i64,
            (b.metrics.elapsed_ns / 1_000_000) as i64,
        )];
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
        title: "Differences, B − A (elapsed time and the counters that differ most)".into(),
        columns: vec!["Run".into(), "Counter".into(), "A".into(), "B".into(), "B − A".into()],
        rows,
        awaiting: None,
    }
}
