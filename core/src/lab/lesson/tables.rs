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
    use super::result_seconds;

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
