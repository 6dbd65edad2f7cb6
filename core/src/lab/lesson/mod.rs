//! Lessons as data: a lesson is a TOML file (question, prediction, knobs, an experiment
//! template, the runs of a sweep, result tables, plots and a conclusion) plus Markdown prose,
//! both under `lessons/` and embedded at build time ([`catalog`]). This module reads and
//! checks lessons, turns a lesson plus knob values into the experiments to run, and turns the
//! outcomes back into result tables: the CLI, the tests and the web app all share it, so a
//! figure on a lesson page is the figure `tunelab lesson` prints.
//!
//! A knob names a real server variable (started as a my.cnf option) or a hardware constant
//! (an override of the profile); its value is also substituted for `{{knob_id}}` in the
//! experiment's SQL. A run of the sweep sets some knobs to fixed values (one run per point of
//! a plot). Every cell of a result table comes from an outcome: a column of the run's last
//! result table, a counter delta, the simulated elapsed time, or the mysqlslap average; a
//! table or plot that `needs` a tool the engine cannot run yet is reported as awaiting it,
//! never filled with made-up numbers.

use crate::lab::experiment::{Experiment, Outcome, ResultTable, Setting};
use serde::Deserialize;
use std::collections::BTreeMap;

mod figures;
mod spec;
mod tables;
mod typed;
pub use figures::{figure_refs, fill_figures, FigureRef};
pub use spec::*;
use tables::{build_table, check_holds, summarize};
pub use tables::{render_table, report_figure, slap_average, Figure};

impl Lesson {
    /// Reads a lesson's TOML and its Markdown (`## intro` / `## explain` sections; the rest is
    /// ignored). The error is one line.
    pub fn parse(toml_text: &str, markdown: &str) -> Result<Lesson, String> {
        let mut lesson: Lesson = toml::from_str(toml_text)
            .map_err(|e| e.to_string().split_whitespace().collect::<Vec<_>>().join(" "))?;
        let (intro, explain) = split_prose(markdown);
        lesson.intro = intro;
        lesson.explain = explain;
        Ok(lesson)
    }

    /// The default knob values.
    pub fn default_knobs(&self) -> KnobValues {
        self.knobs.iter().map(|k| (k.id.clone(), k.default.clone())).collect()
    }

    /// Checks knob values: known ids, numbers within range, one of the choices. Unknown or
    /// missing knobs take their default; the error is one sentence.
    pub fn resolve_knobs(&self, given: &KnobValues) -> Result<KnobValues, String> {
        for id in given.keys() {
            if !self.knobs.iter().any(|k| &k.id == id) {
                return Err(format!("lesson '{}' has no knob '{id}'", self.id));
            }
        }
        let mut out = KnobValues::new();
        for knob in &self.knobs {
            let value = given.get(&knob.id).cloned().unwrap_or_else(|| knob.default.clone());
            knob.check(&value)?;
            out.insert(knob.id.clone(), value);
        }
        Ok(out)
    }

    /// The experiments to run for `knobs`, one per run of the sweep (one when there is no
    /// sweep), labelled.
    pub fn experiments(&self, knobs: &KnobValues) -> Result<Vec<(String, Experiment)>, String> {
        let knobs = self.resolve_knobs(knobs)?;
        let Some(template) = &self.experiment else { return Ok(Vec::new()) };
        let runs = if self.runs.is_empty() {
            vec![Run { label: self.title.clone(), set: BTreeMap::new() }]
        } else {
            self.runs.clone()
        };
        let mut out = Vec::new();
        for run in runs {
            let mut values = knobs.clone();
            for (id, v) in &run.set {
                if !values.contains_key(id) {
                    return Err(format!("run '{}' sets unknown knob '{id}'", run.label));
                }
                values.insert(id.clone(), v.clone());
            }
            let mut e = template.clone();
            e.internals = self.internals.clone();
            if !run.label.is_empty() {
                e.title = format!("{}: {}", self.title, run.label);
            }
            for knob in &self.knobs {
                let value = &values[&knob.id];
                let text = format!("{}{}", value.as_option_text(), knob.suffix);
                let setting =
                    if knob.suffix.is_empty() { value.clone() } else { Setting::Text(text) };
                match knob.kind {
                    KnobKind::Variable => {
                        e.variables.insert(knob.name.clone(), setting);
                    }
                    KnobKind::Hardware => {
                        e.hardware.insert(knob.name.clone(), setting);
                    }
                    KnobKind::Step => {}
                }
                let placeholder = format!("{{{{{}}}}}", knob.id);
                for step in &mut e.steps {
                    step.sql = step.sql.replace(&placeholder, &value.as_option_text());
                }
            }
            out.push((run.label, e));
        }
        Ok(out)
    }

    /// The result tables for the outcomes of [`Lesson::experiments`] (same order).
    pub fn tables(&self, knobs: &KnobValues, outcomes: &[(String, Outcome)]) -> Vec<Table> {
        let knobs = self.resolve_knobs(knobs).unwrap_or_else(|_| self.default_knobs());
        let mut out: Vec<Table> = Vec::new();
        for spec in &self.tables {
            let table = match (&spec.of, &spec.group) {
                (Some(of), Some(group)) => match out.iter().find(|t| &t.id == of) {
                    Some(source) => summarize(spec, source, group),
                    None => {
                        Table { awaiting: Some(format!("no table '{of}'")), ..Table::default() }
                    }
                },
                _ => build_table(spec, &knobs, self, outcomes),
            };
            out.push(table);
        }
        out
    }

    /// Checks the conclusion against the tables and the learner's choice.
    pub fn verdict(&self, tables: &[Table], choice: Option<&str>) -> Verdict {
        let Some(conclusion) = &self.conclusion else { return Verdict::Unconfirmed };
        let holds = !conclusion.checks.is_empty()
            && conclusion.checks.iter().all(|c| check_holds(c, tables) == Some(true));
        match (holds, choice) {
            (false, _) => Verdict::Unconfirmed,
            (true, Some(c)) if c == conclusion.answer => Verdict::Right,
            (true, _) => Verdict::Wrong,
        }
    }

    /// Everything that can be checked without running: ids, knob names and ranges, runs,
    /// tables, plots and checks refer to things that exist, and every statement parses.
    pub fn validate(&self) -> Result<(), String> {
        let id_ok = !self.id.is_empty()
            && self.id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !id_ok {
            return Err(format!("lesson id '{}' must be lowercase letters, digits and -", self.id));
        }
        if self.status == Status::Coming {
            return Ok(());
        }
        let ctx = |m: String| format!("lesson '{}': {m}", self.id);
        let Some(template) = &self.experiment else {
            return Err(ctx("a ready lesson needs an experiment".into()));
        };
        template.validate().map_err(ctx)?;
        self.check_figures().map_err(ctx)?;
        let Some(prediction) = &self.prediction else {
            return Err(ctx("a ready lesson needs a prediction".into()));
        };
        if prediction.choices.len() < 2 {
            return Err(ctx("a prediction needs at least two choices".into()));
        }
        unique(prediction.choices.iter().map(|c| c.id.as_str()), "choice").map_err(ctx)?;
        unique(self.knobs.iter().map(|k| k.id.as_str()), "knob").map_err(ctx)?;
        unique(self.tables.iter().map(|t| t.id.as_str()), "table").map_err(ctx)?;
        unique(self.plots.iter().map(|t| t.id.as_str()), "plot").map_err(ctx)?;
        for knob in &self.knobs {
            match knob.kind {
                KnobKind::Variable => {
                    if crate::server::variables::lookup(&knob.name).is_none() {
                        return Err(ctx(format!("knob '{}' names no server variable", knob.id)));
                    }
                }
                KnobKind::Hardware => {
                    if !crate::sim::hardware::HW_KEYS.iter().any(|k| k.key == knob.name) {
                        return Err(ctx(format!("knob '{}' names no hardware constant", knob.id)));
                    }
                }
                KnobKind::Step => {
                    // A value only the steps read: it must appear in one, or it turns nothing.
                    let placeholder = format!("{{{{{}}}}}", knob.id);
                    if !template.steps.iter().any(|s| s.sql.contains(&placeholder)) {
                        return Err(ctx(format!("step knob '{}' appears in no step", knob.id)));
                    }
                }
            }
            knob.check(&knob.default).map_err(ctx)?;
            for c in &knob.choices {
                knob.check(c).map_err(ctx)?;
            }
        }
        let experiments = self.experiments(&self.default_knobs()).map_err(ctx)?;
        for (_, e) in &experiments {
            e.validate().map_err(ctx)?;
            for step in &e.steps {
                check_statements(&step.sql, &self.awaits).map_err(ctx)?;
            }
        }
        for (i, table) in self.tables.iter().enumerate() {
            match (&table.of, &table.group) {
                (None, None) => {
                    for col in &table.columns {
                        check_source(&col.from, self).map_err(ctx)?;
                    }
                }
                (Some(of), Some(group)) => {
                    let Some(source) = self.tables[..i].iter().find(|t| &t.id == of) else {
                        return Err(ctx(format!("table '{}' sums up no earlier '{of}'", table.id)));
                    };
                    let has = |title: &str| source.columns.iter().any(|c| c.title == title);
                    if !has(group) {
                        return Err(ctx(format!(
                            "table '{}' groups by no column '{group}'",
                            table.id
                        )));
                    }
                    for col in &table.columns {
                        let ok = match col.from.split_once(':') {
                            None => matches!(col.from.as_str(), "group" | "count"),
                            Some(("mean" | "min" | "max" | "spread" | "diff", c)) => has(c),
                            _ => false,
                        };
                        if !ok {
                            return Err(ctx(format!("unknown summary source '{}'", col.from)));
                        }
                    }
                }
                _ => return Err(ctx(format!("table '{}' needs both of and group", table.id))),
            }
        }
        for plot in &self.plots {
            let Some(table) = self.tables.iter().find(|t| t.id == plot.table) else {
                return Err(ctx(format!("plot '{}' reads no table '{}'", plot.id, plot.table)));
            };
            let titles: Vec<&str> = table.columns.iter().map(|c| c.title.as_str()).collect();
            let mut wanted: Vec<&String> = plot.y.iter().collect();
            wanted.push(&plot.x);
            if let Some(f) = plot.filter.first() {
                wanted.push(f);
            }
            for w in wanted {
                if !titles.contains(&w.as_str()) {
                    return Err(ctx(format!("plot '{}' reads no column '{w}'", plot.id)));
                }
            }
            if plot.y.is_empty() {
                return Err(ctx(format!("plot '{}' draws nothing", plot.id)));
            }
        }
        if let Some(v) = self.internals.iter().find(|v| !matches!(v.as_str(), "lru" | "fsync")) {
            return Err(ctx(format!("unknown internals view '{v}'")));
        }
        if let Some(conclusion) = &self.conclusion {
            if !prediction.choices.iter().any(|c| c.id == conclusion.answer) {
                return Err(ctx(format!("the answer '{}' is not a choice", conclusion.answer)));
            }
            for check in &conclusion.checks {
                if !self.tables.iter().any(|t| t.id == check.table) {
                    return Err(ctx(format!("a check reads no table '{}'", check.table)));
                }
                if !matches!(check.op.as_str(), ">" | "<" | ">=" | "<=") {
                    return Err(ctx(format!("a check has an unknown operator '{}'", check.op)));
                }
            }
        }
        Ok(())
    }
}

impl Knob {
    /// Checks one value against the knob's range or choices.
    pub fn check(&self, value: &Setting) -> Result<(), String> {
        if !self.choices.is_empty() {
            let text = value.as_option_text();
            if !self.choices.iter().any(|c| c.as_option_text() == text) {
                return Err(format!("knob '{}' cannot be {text}", self.id));
            }
            return Ok(());
        }
        let n = match value {
            Setting::Int(i) => *i as f64,
            Setting::Float(f) => *f,
            Setting::Bool(_) | Setting::Text(_) => {
                return Err(format!("knob '{}' takes a number", self.id));
            }
        };
        if !n.is_finite() || self.min.is_some_and(|m| n < m) || self.max.is_some_and(|m| n > m) {
            return Err(format!(
                "knob '{}' must be within {}..{}, not {n}",
                self.id,
                self.min.map_or("".into(), |m| m.to_string()),
                self.max.map_or("".into(), |m| m.to_string())
            ));
        }
        Ok(())
    }
}

fn unique<'a>(ids: impl Iterator<Item = &'a str>, what: &str) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(format!("two {what}s are called '{id}'"));
        }
    }
    Ok(())
}

fn check_source(from: &str, lesson: &Lesson) -> Result<(), String> {
    match from.split_once(':') {
        None if matches!(
            from,
            "run" | "elapsed_s" | "slap_avg_s" | "memory_peak_mb" | "mysqld"
        ) =>
        {
            Ok(())
        }
        Some(("knob", id)) if lesson.knobs.iter().any(|k| k.id == id) => Ok(()),
        Some(("col", name)) if !name.is_empty() => Ok(()),
        Some(("counter", name)) if crate::instruments::status::lookup(name).is_some() => Ok(()),
        Some(("select_s", n)) if n.parse::<u32>().is_ok_and(|n| n >= 1) => Ok(()),
        Some(("report" | "rate", label)) if !label.trim().is_empty() => Ok(()),
        _ => Err(format!("unknown column source '{from}'")),
    }
}

/// Every statement of a step parses with the engine's parser (tool lines and client commands
/// are the client's, not the parser's).
pub fn check_statements(sql: &str, awaits: &[String]) -> Result<(), String> {
    use crate::client::split::{Event, Splitter};
    let mut splitter = Splitter::default();
    let mut events = Vec::new();
    for line in sql.lines() {
        events.extend(splitter.feed_line(line));
    }
    events.extend(splitter.finish());
    for event in events {
        if let Event::Statement { text, .. } = event {
            let procedure = crate::sql::parser::procedure::parse_procedure_ddl(&text);
            if matches!(procedure, Ok(Some(_))) {
                continue;
            }
            let first = text.split_whitespace().next().unwrap_or("").trim_end_matches(';');
            if awaits.iter().any(|a| a.eq_ignore_ascii_case(first)) {
                continue;
            }
            if let Err(e) = crate::sql::parser::parse(&text) {
                return Err(format!("statement does not parse: {text}: {}", e.message));
            }
        }
    }
    Ok(())
}

fn split_prose(markdown: &str) -> (String, String) {
    let mut intro = String::new();
    let mut explain = String::new();
    let mut current: Option<&mut String> = None;
    for line in markdown.lines() {
        match line.trim() {
            "## intro" => current = Some(&mut intro),
            "## explain" => current = Some(&mut explain),
            _ => {
                if let Some(buf) = current.as_deref_mut() {
                    buf.push_str(line);
                    buf.push('\n');
                }
            }
        }
    }
    (intro.trim().to_string(), explain.trim().to_string())
}

/// The engine features a transcript shows missing: tools the shell could not find
/// (`sh: 1: mysqlslap: not found`) and statements the parser does not know yet (`RESTART`).
pub fn missing_tools(transcript: &str) -> Vec<String> {
    let mut out: Vec<String> = transcript
        .lines()
        .filter_map(|l| {
            if let Some(tool) = l.strip_prefix("sh: 1: ")?.strip_suffix(": not found") {
                return Some(tool.to_string());
            }
            None
        })
        .collect();
    if transcript.contains("the right syntax to use near 'RESTART'") {
        out.push("RESTART".to_string());
    }
    out.sort();
    out.dedup();
    out
}

/// An entry of the embedded lesson catalog: the TOML and Markdown of one lesson.
pub struct Source {
    pub toml: &'static str,
    pub markdown: &'static str,
}

/// The lessons in the chapter's order, as written in `lessons/`.
pub const SOURCES: &[Source] = &[
    Source {
        toml: include_str!("../../../../lessons/01_buffer_pool/lesson.toml"),
        markdown: include_str!("../../../../lessons/01_buffer_pool/lesson.md"),
    },
    Source {
        toml: include_str!("../../../../lessons/02_durability/lesson.toml"),
        markdown: include_str!("../../../../lessons/02_durability/lesson.md"),
    },
    Source {
        toml: include_str!("../../../../lessons/03_connections/lesson.toml"),
        markdown: include_str!("../../../../lessons/03_connections/lesson.md"),
    },
    Source {
        toml: include_str!("../../../../lessons/04_temp_tables/lesson.toml"),
        markdown: include_str!("../../../../lessons/04_temp_tables/lesson.md"),
    },
    Source {
        toml: include_str!("../../../../lessons/05_performance_schema/lesson.toml"),
        markdown: include_str!("../../../../lessons/05_performance_schema/lesson.md"),
    },
    Source {
        toml: include_str!("../../../../lessons/06_slow_log/lesson.toml"),
        markdown: include_str!("../../../../lessons/06_slow_log/lesson.md"),
    },
    Source {
        toml: include_str!("../../../../lessons/07_advisor/lesson.toml"),
        markdown: include_str!("../../../../lessons/07_advisor/lesson.md"),
    },
    Source {
        toml: include_str!("../../../../lessons/08_sys_schema/lesson.toml"),
        markdown: include_str!("../../../../lessons/08_sys_schema/lesson.md"),
    },
    Source {
        toml: include_str!("../../../../lessons/09_user_statistics/lesson.toml"),
        markdown: include_str!("../../../../lessons/09_user_statistics/lesson.md"),
    },
    Source {
        toml: include_str!("../../../../lessons/10_table_statistics/lesson.toml"),
        markdown: include_str!("../../../../lessons/10_table_statistics/lesson.md"),
    },
    Source { toml: include_str!("../../../../lessons/coming.toml"), markdown: "" },
];

/// Every lesson, in the chapter's order. `coming.toml` (a source without prose) holds the
/// coming lessons as `[[lesson]]` tables, none when every lesson is ready.
pub fn catalog() -> Result<Vec<Lesson>, String> {
    #[derive(Deserialize)]
    struct Many {
        // Empty when every lesson is ready and coming.toml holds only its header.
        #[serde(default)]
        lesson: Vec<Lesson>,
    }
    let mut out = Vec::new();
    for source in SOURCES {
        if source.markdown.is_empty() || source.toml.contains("[[lesson]]") {
            let many: Many = toml::from_str(source.toml).map_err(|e| one_line(&e.to_string()))?;
            out.extend(many.lesson);
        } else {
            out.push(Lesson::parse(source.toml, source.markdown)?);
        }
    }
    Ok(out)
}

/// One lesson by id.
pub fn find(id: &str) -> Option<Lesson> {
    catalog().ok()?.into_iter().find(|l| l.id == id)
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Runs every experiment of a lesson for `knobs`.
pub fn run(lesson: &Lesson, knobs: &KnobValues) -> Result<Vec<(String, Outcome)>, String> {
    lesson.experiments(knobs)?.into_iter().map(|(label, e)| Ok((label, e.run()?))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_reads_and_validates() {
        let lessons = catalog().unwrap();
        assert_eq!(
            lessons.len(),
            10,
            "3.13.1 to 3.13.8 (the first two sections in one lesson, 3.13.7 in three: the \
             advisor, sys, information_schema's cached statistics) and the USER_STATISTICS seed"
        );
        unique(lessons.iter().map(|l| l.id.as_str()), "lesson").unwrap();
        for l in &lessons {
            l.validate().unwrap();
        }
        assert_eq!(lessons.iter().filter(|l| l.status == Status::Ready).count(), 10);
    }

    #[test]
    fn knobs_are_checked_and_substituted() {
        let l = find("durability").unwrap();
        let mut k = KnobValues::new();
        k.insert("nope".into(), Setting::Int(1));
        assert!(l.resolve_knobs(&k).is_err());
        let mut k = KnobValues::new();
        k.insert("fsync_us".into(), Setting::Int(-5));
        assert!(l.resolve_knobs(&k).unwrap_err().contains("within"));
        let e = l.experiments(&l.default_knobs()).unwrap();
        assert_eq!(e.len(), 4);
        assert!(e.iter().all(|(_, e)| !e.steps.iter().any(|s| s.sql.contains("{{"))));
    }

    /// The content lint's last part: every ready lesson's experiments run natively, without an
    /// error, and give every table a row or a reason it awaits the engine.
    #[test]
    fn every_lesson_runs() {
        for l in catalog().unwrap().iter().filter(|l| l.status == Status::Ready) {
            let knobs = l.default_knobs();
            let outcomes = run(l, &knobs).unwrap();
            assert_eq!(outcomes.len(), l.runs.len().max(1));
            let tables = l.tables(&knobs, &outcomes);
            for t in &tables {
                assert!(t.awaiting.is_some() || !t.rows.is_empty(), "{}: {}", l.id, t.id);
            }
            let _ = l.verdict(&tables, Some("x"));
        }
    }

    #[test]
    fn numbers_and_checks() {
        assert_eq!(number("1,234.5"), Some(1234.5));
        assert_eq!(number("12.3 s"), Some(12.3));
        assert_eq!(number("—"), None);
        assert_eq!(number("32 MB"), None);
        assert_eq!(missing_tools("sh: 1: mysqlslap: not found\n"), ["mysqlslap"]);
        assert_eq!(
            slap_average("\tAverage number of seconds to run all queries: 0.267 seconds\n"),
            Some("0.267".into())
        );
    }
}
