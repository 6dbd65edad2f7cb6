//! The internals views' data: where the biggest table's pages are in the buffer pool after
//! each statement (a map per run), and commits grouped per fsync on a timeline. Both read
//! [`Outcome::internals`]; a view the engine reports nothing for says so and draws nothing.

use super::plot::{MapRow, PlotData, Series};
use tunelab_core::lab::experiment::{FsyncGroup, Outcome};
use tunelab_core::lab::lesson::PlotKind;

/// The pool map of each run that recorded one, as (run label, plot), and a note on what the
/// maps show.
pub fn pool_maps(outcomes: &[(String, Outcome)]) -> (Vec<(String, PlotData)>, String) {
    let mut out = Vec::new();
    for (label, o) in outcomes {
        let maps = &o.internals.pool_maps;
        let Some(first) = maps.first() else { continue };
        let rows = maps
            .iter()
            .map(|m| {
                // Every cell covers the same number of pages but the last, which may be short.
                let per_cell = m.table_pages.div_ceil(m.young.len().max(1) as u64).max(1);
                let pages = |c: usize| {
                    let start = c as u64 * per_cell;
                    per_cell.min(m.table_pages.saturating_sub(start)).max(1) as f64
                };
                let share = |counts: &[u32], c: usize| {
                    f64::from(counts.get(c).copied().unwrap_or(0)) / pages(c)
                };
                MapRow {
                    label: m.statement.clone(),
                    cells: (0..m.young.len())
                        .map(|c| (share(&m.young, c), share(&m.old, c)))
                        .collect(),
                    read: (0..m.young.len()).map(|c| share(&m.read, c)).collect(),
                }
            })
            .collect();
        let pool_mb = first.capacity_pages * 16 / 1024;
        out.push((
            label.clone(),
            PlotData {
                title: format!("{} in a {pool_mb} MB pool, after each statement", first.table),
                kind: PlotKind::Bar,
                x_label: "position in the clustered index, first page to last (%)".into(),
                y_label: String::new(),
                categories: Vec::new(),
                series: Vec::new(),
                map: rows,
            },
        ));
    }
    let truncated = outcomes.iter().any(|(_, o)| o.internals.pool_maps_truncated);
    let note = if out.is_empty() {
        "The runs recorded no map of the buffer pool: no user table, or mysqld was down."
            .to_string()
    } else {
        let mut note = "Each row is the table's clustered index, first page at the left, after the statement named on the left: blue where its pages are in the young part of the LRU list, orange in the old part, pale where they are on disk only; the red band above marks what the statement read from disk.".to_string();
        if truncated {
            note.push_str(&format!(
                " Only the first {} statements that moved the pool are mapped.",
                tunelab_core::instruments::pool_map::MAPS_MAX
            ));
        }
        note
    };
    (out, note)
}

/// The stretch of a run the fsync view shows, from its first fsync.
const FSYNC_WINDOW_NS: u64 = 250_000_000;

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
    let groups = &o.internals.fsync_groups;
    let start = groups.first().map_or(0, |g| g.t_ns);
    let mut logs: Vec<&str> = groups.iter().map(|g| g.log.as_str()).collect();
    logs.sort();
    logs.dedup();
    // Only the run's first moments: over a whole run of thousands of fsyncs the strokes merge
    // into a solid block, while a quarter second shows each group.
    let shown = groups.iter().filter(|g| g.t_ns - start < FSYNC_WINDOW_NS);
    let series = logs
        .iter()
        .map(|log| Series {
            name: format!("{log} fsync"),
            points: shown
                .clone()
                .filter(|g| g.log == *log)
                .map(|g| ((g.t_ns - start) as f64 / 1e9, g.commits as f64))
                .collect(),
            ..Series::default()
        })
        .collect();
    let window_s = FSYNC_WINDOW_NS as f64 / 1e9;
    let data = PlotData {
        title: format!("Commits per fsync, run {label}, its first {window_s} s"),
        kind: PlotKind::Spikes,
        x_label: "simulated seconds".into(),
        y_label: "commits in the group".into(),
        categories: Vec::new(),
        series,
        map: Vec::new(),
    };
    // The note counts only what the plot draws: the trace holds a bounded number of fsyncs,
    // so a whole run's count or duration would come from the tables, not from here.
    let shown_groups: Vec<&FsyncGroup> = shown.collect();
    let counts: Vec<String> = logs
        .iter()
        .map(|log| format!("{} {log}", shown_groups.iter().filter(|g| g.log == *log).count()))
        .collect();
    let note = format!(
        "Each stroke is one fsync, at the moment it ran, as tall as the commits it made durable. The plot shows the first {window_s} s of run {label}: {} fsyncs. The whole run's figures are in the tables above.",
        counts.join(" and ")
    );
    (Some(data), note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tunelab_core::lab::experiment::{Experiment, FsyncGroup, PoolMap, Step};
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn views_draw_what_the_engine_reports_and_nothing_else() {
        let e = Experiment {
            dataset: "none".into(),
            steps: vec![Step { title: String::new(), sql: "SELECT 1;".into() }],
            ..Experiment::default()
        };
        let mut o = e.run().unwrap();
        let (maps, note) = pool_maps(&[("a".into(), o.clone())]);
        assert!(maps.is_empty() && note.contains("no map"), "{note}");
        assert!(fsync(&[("a".into(), o.clone())]).0.is_none());
        o.internals.fsync_groups = vec![
            FsyncGroup { t_ns: 1_000_000_000, log: "redo".into(), commits: 3 },
            FsyncGroup { t_ns: 1_100_000_000, log: "binlog".into(), commits: 5 },
            FsyncGroup { t_ns: 1_500_000_000, log: "redo".into(), commits: 2 },
        ];
        let (data, note) = fsync(&[("1 / 1".into(), o)]);
        let data = data.unwrap();
        assert_eq!(data.series.len(), 2);
        assert_eq!(data.series[0].points, [(0.1, 5.0)], "binlog");
        assert_eq!(data.series[1].points, [(0.0, 3.0)], "redo, in the first 0.25 s only");
        assert!(note.contains("first 0.25 s of run 1 / 1: 1 binlog and 1 redo fsyncs."), "{note}");
        assert!(!note.contains("0.50"), "no figure from outside the window: {note}");
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_pool_map_becomes_shares_of_each_stretch() {
        let e = Experiment { dataset: "none".into(), ..Experiment::default() };
        let mut o = e.run().unwrap();
        // 25 pages in cells of 9, 9 and 7 pages.
        o.internals.pool_maps = vec![PoolMap {
            statement: "CALL scan_pass(1)".into(),
            table: "shop.page_views".into(),
            table_pages: 25,
            capacity_pages: 2048,
            young: vec![9, 0, 0],
            old: vec![0, 3, 7],
            read: vec![0, 9, 7],
            ..PoolMap::default()
        }];
        let (maps, note) = pool_maps(&[("32 MB".into(), o)]);
        assert!(note.contains("young"), "{note}");
        let (run, data) = &maps[0];
        assert_eq!(run, "32 MB");
        assert_eq!(data.title, "shop.page_views in a 32 MB pool, after each statement");
        assert_eq!(data.map[0].cells, [(1.0, 0.0), (0.0, 1.0 / 3.0), (0.0, 1.0)]);
        assert_eq!(data.map[0].read, [0.0, 1.0, 1.0]);
        assert_eq!(data.summary(), "CALL scan_pass(1): 33 % young, 44 % old, 67 % read from disk");
    }
}
