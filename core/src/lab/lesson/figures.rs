//! Figures in lesson prose. A number in `lesson.md` that the engine produces is never typed
//! in: it is a placeholder, `{{TABLE:ROW:COLUMN}}` (a result table's id, a row counted from
//! 0, a column's title), filled from the run's own tables when the prose is shown, so the
//! text can never contradict the figures beside it. The content lint checks that every
//! placeholder names a table, a row and a column that exist, and that the intro (shown
//! before any run) has none.

use super::{Lesson, Table};

/// One placeholder: where its figure comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FigureRef {
    pub table: String,
    pub row: u32,
    pub column: String,
}

/// The placeholders of `text`, in order; `Err` for one that is not `{{TABLE:ROW:COLUMN}}`.
pub fn figure_refs(text: &str) -> Result<Vec<FigureRef>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    // Bounded by the text: each turn consumes at least the opening braces.
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let end = after.find("}}").ok_or("a figure placeholder '{{' is not closed")?;
        let inner = &after[..end];
        let mut parts = inner.splitn(3, ':');
        let (table, row, column) = (parts.next(), parts.next(), parts.next());
        let (Some(table), Some(row), Some(column)) = (table, row, column) else {
            return Err(format!(
                "the figure placeholder '{{{{{inner}}}}}' is not TABLE:ROW:COLUMN"
            ));
        };
        let row = row
            .trim()
            .parse::<u32>()
            .map_err(|_| format!("the figure placeholder '{{{{{inner}}}}}' has no row number"))?;
        out.push(FigureRef { table: table.trim().into(), row, column: column.trim().into() });
        rest = &after[end + 2..];
    }
    Ok(out)
}

/// `text` with each placeholder replaced by its figure from `tables` (`…` where the run gave
/// none, e.g. a table still awaiting an engine feature). A malformed placeholder is left as
/// it is; the lint refuses it before it ships.
pub fn fill_figures(text: &str, tables: &[Table]) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        let inner = &after[..end];
        match figure_refs(&format!("{{{{{inner}}}}}")).ok().and_then(|r| r.into_iter().next()) {
            Some(r) => {
                let figure = tables
                    .iter()
                    .find(|t| t.id == r.table && t.awaiting.is_none())
                    .and_then(|t| t.cell(r.row, &r.column));
                out.push_str(figure.unwrap_or("…"));
            }
            None => out.push_str(&rest[start..start + 2 + end + 2]),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

impl Lesson {
    /// The lint's part for figures: the intro has no placeholder, and each of the
    /// explanation's names a table, a row within the runs and a column of that table.
    pub fn check_figures(&self) -> Result<(), String> {
        if !figure_refs(&self.intro)?.is_empty() {
            return Err("the intro is shown before any run, so it cannot hold a figure".into());
        }
        let rows = self.runs.len().max(1) as u32;
        for r in figure_refs(&self.explain)? {
            let Some(table) = self.tables.iter().find(|t| t.id == r.table) else {
                return Err(format!("a figure in the prose reads no table '{}'", r.table));
            };
            if !table.columns.iter().any(|c| c.title == r.column) {
                return Err(format!(
                    "a figure in the prose reads no column '{}' of '{}'",
                    r.column, r.table
                ));
            }
            let rows = rows * table.rows_per_run.unwrap_or(1).max(1);
            if r.row >= rows {
                return Err(format!(
                    "a figure in the prose reads row {} of '{}', which has {rows}",
                    r.row, r.table
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::lesson::{catalog, find};

    fn table() -> Table {
        Table {
            id: "t".into(),
            title: "T".into(),
            columns: vec!["Run".into(), "Time (s)".into()],
            rows: vec![vec!["a".into(), "0.004".into()], vec!["b".into(), "0.201".into()]],
            awaiting: None,
        }
    }

    #[test]
    fn placeholders_are_filled_from_the_runs_tables() {
        let text = "Each round takes {{t:1:Time (s)}} s instead of {{t:0:Time (s)}} s.";
        assert_eq!(fill_figures(text, &[table()]), "Each round takes 0.201 s instead of 0.004 s.");
        assert_eq!(fill_figures("{{t:5:Time (s)}} {{nope:0:x}}", &[table()]), "… …");
        let waiting = Table { awaiting: Some("later".into()), ..table() };
        assert_eq!(fill_figures("{{t:0:Time (s)}}", &[waiting]), "…");
        assert_eq!(fill_figures("no figures", &[]), "no figures");
        assert!(figure_refs("{{t:x:Time}}").is_err());
        assert!(figure_refs("{{t:1}}").is_err());
        assert!(figure_refs("{{t:1:Time").is_err());
    }

    #[test]
    fn every_lessons_figures_name_what_exists() {
        for lesson in catalog().unwrap() {
            if lesson.status == crate::lab::lesson::Status::Ready {
                lesson.check_figures().unwrap_or_else(|e| panic!("{}: {e}", lesson.id));
            }
        }
        let mut bad = find("connections").unwrap();
        bad.explain.push_str(" {{threads:0:Nope}}");
        assert!(bad.check_figures().unwrap_err().contains("no column 'Nope'"));
        bad.explain = "{{threads:9:Reuse %}}".into();
        assert!(bad.check_figures().unwrap_err().contains("row 9"));
        bad.explain.clear();
        bad.intro = "{{threads:0:Reuse %}}".into();
        assert!(bad.check_figures().is_err());
    }
}
