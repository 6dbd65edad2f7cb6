//! A lesson's result tables: each cell computed from the runs' outcomes (a counter's delta, a
//! figure read back from the transcript, a knob's value), the checks that compare cells, and
//! the tables rendered as the mysql client prints them.

use super::*;

pub(super) fn build_table(
    spec: &TableSpec,
    knobs: &KnobValues,
    lesson: &Lesson,
    outcomes: &[(String, Outcome)],
) -> Table {
    let mut table = Table {
        id: spec.id.clone(),
        title: spec.title.clone(),
        columns: spec.columns.iter().map(|c| c.title.clone()).collect(),
        rows: Vec::new(),
        awaiting: None,
    };
    let missing: Vec<String> = outcomes
        .iter()
        .flat_map(|(_, o)| missing_tools(&o.transcript))
        .filter(|t| spec.needs.contains(t))
        .collect();
    if !missing.is_empty() {
        let mut missing = missing;
        missing.sort();
        missing.dedup();
        table.awaiting = Some(format!(
            "This engine build cannot run {} yet, so these figures are not shown.",
            missing.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", ")
        ));
        return table;
    }
    let per_row = spec.columns.iter().any(|c| c.from.starts_with("col:"));
    for (i, (label, outcome)) in outcomes.iter().enumerate() {
        let last: Option<&ResultTable> = match &spec.result {
            Some(col) => outcome.results.iter().rev().find(|t| t.column(col).is_some()),
            None => outcome.results.last(),
        };
        let mut run_knobs = knobs.clone();
        if let Some(run) = lesson.runs.get(i) {
            run_knobs.extend(run.set.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        let n_rows = if per_row { last.map_or(0, |t| t.rows.len()) } else { 1 };
        for r in 0..n_rows {
            let row = spec
                .columns
                .iter()
                .map(|c| cell(&c.from, label, &run_knobs, outcome, last, r as u32))
                .collect();
            table.rows.push(row);
        }
    }
    table
}

/// A summary table (`of` and `group`): one row per value of `source`'s `group` column, in the
/// order the values first appear; `mean:COL` with two decimals, `min:COL` / `max:COL` as the
/// source prints them, `spread:COL` (highest less lowest) and `diff:COL` (this group's mean
/// less the first group's) with two decimals, `count` the rows. A cell that is not a number
/// is left out of the figures; a group with none shows `—`.
pub(crate) fn summarize(spec: &TableSpec, source: &Table, group: &str) -> Table {
    let mut table = Table {
        id: spec.id.clone(),
        title: spec.title.clone(),
        columns: spec.columns.iter().map(|c| c.title.clone()).collect(),
        rows: Vec::new(),
        awaiting: source.awaiting.clone(),
    };
    if table.awaiting.is_some() {
        return table;
    }
    let n = source.rows.len() as u32;
    let mut keys: Vec<&str> = Vec::new();
    for r in 0..n {
        let key = source.cell(r, group).unwrap_or("");
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let first_key = keys.first().copied().unwrap_or("");
    for key in keys.iter().copied() {
        let rows: Vec<u32> = (0..n).filter(|&r| source.cell(r, group) == Some(key)).collect();
        let row = spec
            .columns
            .iter()
            .map(|c| {
                let figures = |col: &str| -> Vec<(f64, &str)> {
                    rows.iter()
                        .filter_map(|&r| source.cell(r, col))
                        .filter_map(|v| number(v).map(|x| (x, v)))
                        .collect()
                };
                let pick = |col: &str, lowest: bool| {
                    let f = figures(col);
                    let best = f.into_iter().reduce(|a, b| {
                        if (b.0 < a.0) == lowest && b.0 != a.0 {
                            b
                        } else {
                            a
                        }
                    });
                    best.map_or("—".to_string(), |b| b.1.to_string())
                };
                let mean = |rows: &[u32], col: &str| -> Option<f64> {
                    let f: Vec<f64> =
                        rows.iter().filter_map(|&r| source.cell(r, col).and_then(number)).collect();
                    (!f.is_empty()).then(|| f.iter().sum::<f64>() / f.len() as f64)
                };
                // A difference that rounds to nothing prints as 0.00, never -0.00.
                let two = |v: Option<f64>| {
                    v.map_or("—".to_string(), |v| {
                        let text = format!("{v:.2}");
                        if text == "-0.00" {
                            "0.00".to_string()
                        } else {
                            text
                        }
                    })
                };
                match c.from.split_once(':') {
                    None if c.from == "group" => key.to_string(),
                    None if c.from == "count" => rows.len().to_string(),
                    Some(("mean", col)) => two(mean(&rows, col)),
                    Some(("min", col)) => pick(col, true),
                    Some(("max", col)) => pick(col, false),
                    Some(("spread", col)) => {
                        let f = figures(col);
                        let lo = f.iter().map(|x| x.0).reduce(f64::min);
                        let hi = f.iter().map(|x| x.0).reduce(f64::max);
                        two(lo.zip(hi).map(|(lo, hi)| hi - lo))
                    }
                    Some(("diff", col)) => {
                        let first: Vec<u32> =
                            (0..n).filter(|&r| source.cell(r, group) == Some(first_key)).collect();
                        two(mean(&rows, col).zip(mean(&first, col)).map(|(m, f)| m - f))
                    }
                    _ => "—".into(),
                }
            })
            .collect();
        table.rows.push(row);
    }
    table
}

fn cell(
    from: &str,
    label: &str,
    knobs: &KnobValues,
    outcome: &Outcome,
    last: Option<&ResultTable>,
    row: u32,
) -> String {
    const NONE: &str = "—";
    match from.split_once(':') {
        None => match from {
            "run" => label.to_string(),
            "elapsed_s" => format!("{:.3}", outcome.metrics.elapsed_ns as f64 / 1e9),
            "memory_peak_mb" => {
                format!("{}", outcome.metrics.server_memory_peak_bytes / (1024 * 1024))
            }
            "slap_avg_s" => slap_average(&outcome.transcript).unwrap_or_else(|| NONE.into()),
            "mysqld" => {
                let killed = outcome.server_log.iter().any(|l| l.contains("Out of memory"))
                    || outcome.transcript.contains("ERROR 2013 (HY000)");
                if killed { "killed (out of memory)" } else { "running" }.to_string()
            }
            _ => NONE.into(),
        },
        Some(("knob", id)) => knobs.get(id).map_or(NONE.into(), |v| v.as_option_text()),
        Some(("col", name)) => {
            last.and_then(|t| t.cell(row, name)).map_or(NONE.into(), str::to_string)
        }
        Some(("counter", name)) => {
            outcome.metrics.counters.get(name).copied().unwrap_or(0).to_string()
        }
        Some(("report", label)) => report_figure(&outcome.transcript, label, Figure::First)
            .map_or(NONE.into(), str::to_string),
        Some(("rate", label)) => report_figure(&outcome.transcript, label, Figure::PerSecond)
            .map_or(NONE.into(), str::to_string),
        Some(("select_s", n)) => n
            .parse::<usize>()
            .ok()
            .and_then(|n| result_seconds(&outcome.transcript).nth(n.checked_sub(1)?))
            .map_or(NONE.into(), |s| format!("{s:.2}")),
        _ => NONE.into(),
    }
}

/// The time of each result set in a transcript, in order: the seconds of every `N rows in
/// set (...)`, `1 row in set (...)` and `Empty set (...)` line, as the mysql client prints
/// them (`(1 min 42.67 sec)` included).
pub fn result_seconds(transcript: &str) -> impl Iterator<Item = f64> + '_ {
    transcript.lines().filter_map(|line| {
        let is_result = line.contains(" in set") || line.starts_with("Empty set");
        if !is_result {
            return None;
        }
        let inner = line.rsplit_once('(')?.1.strip_suffix(" sec)")?;
        let mut seconds = 0.0;
        for part in inner.split(' ').collect::<Vec<_>>().chunks(2) {
            match part {
                [n, "days"] | [n, "day"] => seconds += n.parse::<f64>().ok()? * 86_400.0,
                [n, "hours"] | [n, "hour"] => seconds += n.parse::<f64>().ok()? * 3_600.0,
                [n, "min"] => seconds += n.parse::<f64>().ok()? * 60.0,
                [n] => seconds += n.parse::<f64>().ok()?,
                _ => return None,
            }
        }
        Some(seconds)
    })
}

/// mysqlslap's first "Average number of seconds to run all queries", in seconds.
pub fn slap_average(transcript: &str) -> Option<String> {
    transcript.lines().find_map(|line| {
        let rest = line.trim().strip_prefix("Average number of seconds to run all queries:")?;
        number(rest.trim().trim_end_matches("seconds")).map(|v| format!("{v:.3}"))
    })
}

/// Which figure of a tool's report line [`report_figure`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// The first figure after the label, without its unit (`5.0159s` gives `5.0159`).
    First,
    /// The rate in parentheses, as sysbench prints it (`1204   (240.04 per sec.)` gives
    /// `240.04`).
    PerSecond,
}

/// A figure from a tool's printed report: the last line of the transcript whose text, less
/// its indentation, starts with `LABEL:` (sysbench's `transactions:`, `total time:`, `95th
/// percentile:`). The last, because the run's own report follows any earlier one (a warm-up,
/// a previous run). The figure is returned as printed, so a table shows the tool's own digits.
pub fn report_figure<'a>(transcript: &'a str, label: &str, which: Figure) -> Option<&'a str> {
    let line = transcript.lines().rev().find_map(|line| {
        let rest = line.trim_start().strip_prefix(label)?;
        rest.strip_prefix(':')
    })?;
    let text = match which {
        Figure::First => line.split_whitespace().next()?,
        Figure::PerSecond => line.split_once('(')?.1.split_once(" per sec.)")?.0.trim(),
    };
    let end = text
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || matches!(c, '.' | ',' | '-')))
        .map_or(text.len(), |(i, _)| i);
    let figure = &text[..end];
    number(figure).map(|_| figure)
}

pub(super) fn check_holds(check: &Check, tables: &[Table]) -> Option<bool> {
    let table = tables.iter().find(|t| t.id == check.table)?;
    if table.awaiting.is_some() {
        return None;
    }
    let left = number(table.cell(check.row, &check.column)?)?;
    let right = if let Some(other) = &check.other_column {
        number(table.cell(check.row, other)?)?
    } else if let Some(row) = check.other_row {
        number(table.cell(row, &check.column)?)?
    } else {
        check.value?
    } * check.factor.unwrap_or(1.0);
    Some(match check.op.as_str() {
        ">" => left > right,
        "<" => left < right,
        ">=" => left >= right,
        "<=" => left <= right,
        _ => return None,
    })
}

/// A table in the mysql client's style (numbers right-aligned).
pub fn render_table(t: &Table) -> String {
    let widths: Vec<usize> = t
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let data = t.rows.iter().map(|r| r.get(i).map_or(0, |v| v.chars().count()));
            data.chain([c.chars().count()]).max().unwrap_or(0)
        })
        .collect();
    let rule: String =
        widths.iter().map(|w| format!("+{}", "-".repeat(w + 2))).collect::<String>() + "+\n";
    let line = |cells: &[String], header: bool| {
        let mut out = String::new();
        for (i, w) in widths.iter().enumerate() {
            let v = cells.get(i).map_or("", String::as_str);
            let pad = " ".repeat(w - v.chars().count());
            if !header && number(v).is_some() {
                out.push_str(&format!("| {pad}{v} "));
            } else {
                out.push_str(&format!("| {v}{pad} "));
            }
        }
        out + "|\n"
    };
    let mut out = rule.clone();
    out.push_str(&line(&t.columns, true));
    out.push_str(&rule);
    for r in &t.rows {
        out.push_str(&line(r, false));
    }
    out.push_str(&rule);
    out
}

#[cfg(test)]
mod tests {
    use super::{report_figure, result_seconds, Figure};

    #[test]
    fn a_summary_gives_each_groups_mean_and_spread() {
        use crate::lab::lesson::{ColumnSpec, Table, TableSpec};
        let col = |title: &str, from: &str| ColumnSpec { title: title.into(), from: from.into() };
        let source = Table {
            id: "runs".into(),
            title: "Runs".into(),
            columns: vec!["userstat".into(), "tps".into()],
            rows: [
                ["OFF", "100.50"],
                ["ON", "399.66"],
                ["ON", "399.6733"],
                ["OFF", "98.50"],
                ["ON", "—"],
                ["OFF", "1,000.00"],
            ]
            .iter()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect(),
            awaiting: None,
        };
        let spec = TableSpec {
            id: "sum".into(),
            title: "Sum".into(),
            columns: vec![
                col("userstat", "group"),
                col("Runs", "count"),
                col("Mean", "mean:tps"),
                col("Lowest", "min:tps"),
                col("Highest", "max:tps"),
                col("Spread", "spread:tps"),
                col("Against the first", "diff:tps"),
            ],
            result: None,
            needs: Vec::new(),
            rows_per_run: None,
            of: Some("runs".into()),
            group: Some("userstat".into()),
        };
        let t = super::summarize(&spec, &source, "userstat");
        assert_eq!(
            t.rows,
            [
                ["OFF", "3", "399.67", "98.50", "1,000.00", "901.50", "0.00"],
                // The means differ by -0.00002: shown as 0.00, not -0.00.
                ["ON", "3", "399.67", "399.66", "399.6733", "0.01", "0.00"],
            ]
        );
        let waiting = Table { awaiting: Some("later".into()), ..source };
        let t = super::summarize(&spec, &waiting, "userstat");
        assert!(t.rows.is_empty() && t.awaiting.is_some());
    }

    #[test]
    fn report_figures_are_read_from_the_tools_last_report() {
        let sysbench = "SQL statistics:\n\
            \x20   queries performed:\n\
            \x20       total:                           24080\n\
            \x20   transactions:                        1204   (240.04 per sec.)\n\
            General statistics:\n\
            \x20   total time:                          5.0159s\n\
            \x20        95th percentile:                     16.71\n";
        assert_eq!(report_figure(sysbench, "transactions", Figure::PerSecond), Some("240.04"));
        assert_eq!(report_figure(sysbench, "transactions", Figure::First), Some("1204"));
        assert_eq!(report_figure(sysbench, "total time", Figure::First), Some("5.0159"));
        assert_eq!(report_figure(sysbench, "95th percentile", Figure::First), Some("16.71"));
        assert_eq!(report_figure(sysbench, "total", Figure::First), Some("24080"));
        // No rate on the line, no such label, a label only inside another word.
        assert_eq!(report_figure(sysbench, "total time", Figure::PerSecond), None);
        assert_eq!(report_figure(sysbench, "reconnects", Figure::First), None);
        assert_eq!(report_figure("xtransactions: 5\n", "transactions", Figure::First), None);
        assert_eq!(report_figure("transactions: n/a\n", "transactions", Figure::First), None);
        // Two reports: the last one is the run's.
        let two = "    transactions: 10 (1.00 per sec.)\n    transactions: 20 (2.50 per sec.)\n";
        assert_eq!(report_figure(two, "transactions", Figure::PerSecond), Some("2.50"));
    }

    #[test]
    fn result_times_are_read_as_the_client_prints_them() {
        let transcript = "Database changed\n\
            3 rows in set (1 min 42.67 sec)\n\
            Query OK, 0 rows affected (0.00 sec)\n\
            1 row in set, 1 warning (5.29 sec)\n\
            Empty set (0.01 sec)\n\
            2 rows in set (2 hours 1 min 0.50 sec)\n";
        let got: Vec<f64> = result_seconds(transcript).collect();
        assert_eq!(got, vec![102.67, 5.29, 0.01, 7260.5]);
    }
}
