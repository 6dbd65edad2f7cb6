//! A lesson's file format: the types its TOML deserializes into (status, prediction, knobs,
//! runs, result tables, plots, checks, conclusion) and the result table a run fills.

use crate::lab::experiment::{Experiment, Setting};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Whether a lesson can be taken yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ready,
    Coming,
}

/// One answer the learner may commit to before running.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub id: String,
    pub text: String,
}

/// The prediction asked before the first run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prediction {
    pub prompt: String,
    pub choices: Vec<Choice>,
}

/// What a knob turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KnobKind {
    /// A server variable, given at startup as in my.cnf.
    Variable,
    /// A hardware constant of the simulated host (`fsync_latency_us`, `memory_limit_mb`).
    Hardware,
    /// Only a value for the steps' `{{id}}` (which index to hide, a tool's `--rand-seed`):
    /// neither a server option nor a hardware constant. It takes `choices`, or a number.
    Step,
}

/// A control on the lesson page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knob {
    pub id: String,
    pub label: String,
    pub kind: KnobKind,
    /// The server variable or hardware constant (what a `step` knob stands for, as text).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    pub default: Setting,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// Fixed choices (a select instead of a number field).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Setting>,
    /// Appended to the value when it is given to the server (`M` for a size in MiB).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub suffix: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub unit: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub help: String,
}

/// One run of the lesson's sweep: a label and the knobs it pins.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    pub label: String,
    #[serde(default)]
    pub set: BTreeMap<String, Setting>,
}

/// A column of a result table and where its cells come from: `run` (the run's label),
/// `knob:ID`, `col:NAME` (the run's last result table), `counter:NAME` (status counter
/// delta), `elapsed_s`, `slap_avg_s` (mysqlslap's first average), `memory_peak_mb`,
/// `mysqld` (whether the server was still up or was killed), `report:LABEL` (the figure after
/// `LABEL:` in a tool's printed report, e.g. sysbench's `total time`) and `rate:LABEL` (its
/// `(N per sec.)`, e.g. sysbench's transactions per second).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnSpec {
    pub title: String,
    pub from: String,
}

/// A result table: one row per run, or per row of each run's last result table when a column
/// reads `col:`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    pub id: String,
    pub title: String,
    pub columns: Vec<ColumnSpec>,
    /// Which of a run's result tables `col:` reads: the last one holding this column (the
    /// run's last result table when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Engine features the table needs: `\!` tools by name, or `RESTART`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<String>,
    /// Rows each run adds: a `col:` table has one per row of the run's result (five digests,
    /// say); the lint bounds the prose's and the checks' rows by runs x this (1 if absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows_per_run: Option<u32>,
    /// A summary of another (earlier) table instead of the runs: one row per value of its
    /// `group` column, in the order they first appear, with columns `group` (the value),
    /// `count`, `mean:COL`, `min:COL`, `max:COL`, `spread:COL` (highest less lowest) and
    /// `diff:COL` (the mean less the first group's) over the group's rows: several seeds of
    /// one setting, their average and their spread, and how far the setting moved the mean.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
    /// The column of `of` whose values form the groups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// How a plot draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlotKind {
    Line,
    Bar,
    /// One vertical stroke per point, from zero to its value, over a numeric x axis: events
    /// on a timeline (each fsync and the commits it made durable).
    Spikes,
}

/// A plot of a result table's columns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlotSpec {
    pub id: String,
    pub title: String,
    pub kind: PlotKind,
    /// The table (by id) the plot reads.
    pub table: String,
    /// The x column's title (numbers for lines, labels for bars).
    pub x: String,
    /// The y columns' titles, one series each.
    pub y: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub y_label: String,
    /// Only rows whose column (title) holds this text: `["pass", "2"]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub filter: Vec<String>,
    /// Rows that share an x (one setting run with several seeds) are drawn as one point at
    /// their mean, with their spread (lowest to highest) as a band around a line or a whisker
    /// on a bar, and each row as a dot: the noise between seeds beside the difference.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub band: bool,
}

/// A comparison over a result table that must hold for the lesson's answer to be confirmed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub table: String,
    /// Row (from 0) of the table.
    pub row: u32,
    pub column: String,
    /// `>`, `<`, `>=`, `<=`.
    pub op: String,
    /// Compared with this column of the same row ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other_column: Option<String>,
    /// ... or with this other row of the same column ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other_row: Option<u32>,
    /// ... times this factor (1 when absent) ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub factor: Option<f64>,
    /// ... or with this number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
}

/// What to conclude: the choice the figures should confirm, and the checks that confirm it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conclusion {
    pub answer: String,
    #[serde(default)]
    pub checks: Vec<Check>,
}

/// A whole lesson.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Short and stable: it is part of lesson links.
    pub id: String,
    pub title: String,
    /// The chapter's section(s), e.g. `3.13.1–3.13.2`.
    pub section: String,
    pub status: Status,
    pub summary: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub question: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prediction: Option<Prediction>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knobs: Vec<Knob>,
    /// The template every run starts from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub experiment: Option<Experiment>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<Run>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<TableSpec>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plots: Vec<PlotSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conclusion: Option<Conclusion>,
    /// Statements (by first keyword) that the engine's parser does not know yet but another
    /// engineer's work adds (`RESTART`): the lint lets them fail to parse, and the tables that
    /// need them say they await the engine.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub awaits: Vec<String>,
    /// Internals views to draw: `lru` (the buffer pool's LRU list filling), `fsync` (commits
    /// grouped per fsync on a timeline).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub internals: Vec<String>,
    /// Prose: the Markdown before the question (`intro`) and after the run (`explain`).
    #[serde(skip)]
    pub intro: String,
    #[serde(skip)]
    pub explain: String,
}

/// Knob values by knob id.
pub type KnobValues = BTreeMap<String, Setting>;

/// A result table as computed from outcomes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub id: String,
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Set when the engine cannot produce this table yet: what it waits for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awaiting: Option<String>,
}

impl Table {
    /// The numbers of column `title` (cells that are not numbers are `None`).
    pub fn numbers(&self, title: &str) -> Vec<Option<f64>> {
        let Some(c) = self.columns.iter().position(|t| t == title) else { return Vec::new() };
        self.rows.iter().map(|r| r.get(c).and_then(|v| number(v))).collect()
    }

    /// The cell of column `title` in row `row`.
    pub fn cell(&self, row: u32, title: &str) -> Option<&str> {
        let c = self.columns.iter().position(|t| t == title)?;
        self.rows.get(row as usize)?.get(c).map(String::as_str)
    }
}

/// What the figures say about the prediction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The figures confirm the lesson's answer and the learner chose it.
    Right,
    /// The figures confirm the lesson's answer and the learner chose another.
    Wrong,
    /// The figures do not (yet) show what the lesson expects: no verdict is claimed.
    Unconfirmed,
}

/// Reads a number out of a cell (`1,234.5`, `12.3 s`).
pub fn number(cell: &str) -> Option<f64> {
    let t: String = cell.trim().chars().filter(|c| *c != ',').collect();
    let t = t.strip_suffix(" s").unwrap_or(&t);
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}
