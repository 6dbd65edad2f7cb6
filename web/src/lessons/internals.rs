//! The internals views' data: the buffer pool's LRU list filling during the runs, and
//! commits grouped per fsync on a timeline. Both read [`Outcome::internals`]; while the
//! engine does not report them, the LRU view falls back to a real counter (the pages in the
//! pool after each statement) and says so, and the fsync view says what it waits for.

use super::plot::{PlotData, Series};
use tunelab_core::experiment::Outcome;
use tunelab_core::lesson::PlotKind;

/// The LRU view: young and old pages over simulated time per run, or the pages in the pool.
/// The second value is a note on what the view shows (or lacks).
pub fn lru(outcomes: &[(String, Outcome)]) -> (Option<PlotData>, String) {
    let mut series = Vec::new();
    let have_lru = outcomes.iter().any(|(_, o)| !o.internals.lru.is_empty());
    for (label, o) in outcomes {
        let start = o.metrics.series.values().flatten().map(|s| s.t_ns).min().unwrap_or(0);
        let secs = |t: u64| (t.saturating_sub(start)) as f64 / 1e9;
        if have_lru {
            let snaps = &o.internals.lru;
            series.push(Series {
                name: format!("young, {label}"),
                points: snaps.iter().map(|s| (secs(s.t_ns), s.young_pages as f64)).collect(),
            });
            series.push(Series {
                name: format!("old, {label}"),
                points: snaps.iter().map(|s| (secs(s.t_ns), s.old_pages as f64)).collect(),
            });
        } else if let Some(samples) = o
            .metrics
            .series
            .get("Innodb_buffer_pool_pages_data")
            .filter(|s| s.iter().any(|s| s.value > 0))
        {
            series.push(Series {
                name: label.clone(),
                points: samples.iter().map(|s| (secs(s.t_ns), s.value as f64)).collect(),
            });
        }
    }
    let note = if have_lru {
        "The young and old parts of the LRU list after each statement.".to_string()
    } else {
        "This engine build does not report the LRU list's young and old parts yet; when it keeps `Innodb_buffer_pool_pages_data`, the lines show the pages in the pool after each statement instead.".to_string()
    };
    if series.iter().all(|s| s.points.is_empty()) {
        let note = "This engine build reports neither the LRU list's young and old parts nor the pages in the pool (`Innodb_buffer_pool_pages_data`) yet, so the view of the pool filling during a scan is not drawn.";
        return (None, note.to_string());
    }
    let data = PlotData {
        title: "The buffer pool filling during the runs".into(),
        kind: PlotKind::Line,
        x_label: "simulated seconds".into(),
        y_label: "pages".into(),
        categories: Vec::new(),
        series,
    };
    (Some(data), note)
}

/// The fsync view: commits made durable by each fsync, over simulated time, per log, for
/// the first run that reports them.
pub fn fsync(outcomes: &[(String, Outcome)]) -> (Option<PlotData>, String) {
    let Some((label, o)) = outcomes.iter().find(|(_, o)| !o.internals.fsync_groups.is_empty())
    else {
        return (
            None,
            "This engine build does not report its fsyncs yet, so the timeline of commits per fsync is not drawn.".into(),
        );
    };
    let start = o.internals.fsync_groups.first().map_or(0, |g| g.t_ns);
    let mut logs: Vec<&str> = o.internals.fsync_groups.iter().map(|g| g.log.as_str()).collect();
    logs.sort();
    logs.dedup();
    let series = logs
        .iter()
        .map(|log| Series {
            name: format!("{log} fsync"),
            points: o
                .internals
                .fsync_groups
                .iter()
                .filter(|g| g.log == *log)
                .map(|g| ((g.t_ns - start) as f64 / 1e9, g.commits as f64))
                .collect(),
        })
        .collect();
    let data = PlotData {
        title: format!("Commits per fsync, run {label}"),
        kind: PlotKind::Spikes,
        x_label: "simulated seconds".into(),
        y_label: "commits in the group".into(),
        categories: Vec::new(),
        series,
    };
    (Some(data), format!("Each stroke is one fsync, at the moment it ran, as tall as the commits it made durable ({label})."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tunelab_core::experiment::{Experiment, FsyncGroup, Step};
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn views_draw_what_the_engine_reports_and_nothing_else() {
        let e = Experiment {
            dataset: "none".into(),
            steps: vec![Step { title: String::new(), sql: "SELECT 1;".into() }],
            ..Experiment::default()
        };
        let mut o = e.run().unwrap();
        let (data, note) = lru(&[("a".into(), o.clone())]);
        assert!(data.is_none() && note.contains("not drawn"), "{note}");
        assert!(fsync(&[("a".into(), o.clone())]).0.is_none());
        o.internals.fsync_groups = vec![
            FsyncGroup { t_ns: 1_000_000_000, log: "redo".into(), commits: 3 },
            FsyncGroup { t_ns: 1_500_000_000, log: "binlog".into(), commits: 5 },
        ];
        let (data, _) = fsync(&[("1 / 1".into(), o)]);
        let data = data.unwrap();
        assert_eq!(data.series.len(), 2);
        assert_eq!(data.series[1].points, [(0.0, 3.0)]);
    }
}
