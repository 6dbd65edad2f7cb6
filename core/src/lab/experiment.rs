//! The experiment: one serializable value (seed, hardware profile and overrides, server
//! options, dataset, steps) that runs to a transcript (what the mysql client and the tools
//! print) plus metrics (status counter deltas and time series). Lessons, share links, the
//! console and the CLI all run experiments; the same experiment gives the same bytes
//! everywhere.

use crate::client::Client;
pub use crate::instruments::pool_map::PoolMap;
use crate::instruments::status::StatusValue;
use crate::server::Server;
use crate::sim::{self, Hardware};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The seed when an experiment names none.
pub const DEFAULT_SEED: u64 = 42;

/// A value in a TOML or JSON table of settings: written as a number, a boolean or text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Setting {
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(String),
}

impl Setting {
    /// The setting as option text (`ON`, `20`, `0.5`, `0-3`).
    pub fn as_option_text(&self) -> String {
        match self {
            Setting::Bool(b) => if *b { "ON" } else { "OFF" }.into(),
            Setting::Int(i) => i.to_string(),
            Setting::Float(f) => format!("{f}"),
            Setting::Text(s) => s.clone(),
        }
    }
}

/// One step: input typed into the mysql client (SQL, client commands, `\!` tool runs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// What the step is for, shown above it in lessons (not part of the transcript).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// The text typed, one or more lines.
    pub sql: String,
}

/// A whole experiment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    #[serde(default = "default_seed")]
    pub seed: u64,
    #[serde(default = "default_profile")]
    pub profile: String,
    /// The server: `mysql` (MySQL Community Server, the default) or `percona` (Percona
    /// Server, with USER_STATISTICS).
    #[serde(default, skip_serializing_if = "is_mysql")]
    pub server: String,
    /// Hardware constants overriding the profile's (`fsync_latency_us = 300`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hardware: BTreeMap<String, Setting>,
    /// Server options, as in my.cnf (`max_connections = 20`), over the profile's own.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub variables: BTreeMap<String, Setting>,
    /// The dataset on the simulated disk at boot: `shop` (the chapter's), `sysbench`, `none`.
    #[serde(default = "default_dataset")]
    pub dataset: String,
    /// Multiplies the rows of the dataset's big tables (1.0 = full size).
    #[serde(default = "default_scale", skip_serializing_if = "is_default_scale")]
    pub scale: f64,
    /// sysbench `--tables`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sysbench_tables: Option<u32>,
    /// sysbench `--table_size`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sysbench_table_size: Option<u64>,
    /// Global status counters to sample after each statement for plots.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub metrics: Vec<String>,
    /// Engine internals to record for drawing: `lru` (after each statement, where the biggest
    /// table's pages are in the buffer pool's LRU list), `fsync` (each log fsync and the
    /// commits it made durable).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub internals: Vec<String>,
    #[serde(default)]
    pub steps: Vec<Step>,
}

fn is_mysql(server: &String) -> bool {
    server.is_empty() || server == "mysql"
}

fn default_seed() -> u64 {
    DEFAULT_SEED
}
fn default_profile() -> String {
    sim::DEFAULT_PROFILE.to_string()
}
fn default_dataset() -> String {
    "shop".to_string()
}
fn default_scale() -> f64 {
    1.0
}
fn is_default_scale(s: &f64) -> bool {
    *s == 1.0
}

impl Default for Experiment {
    fn default() -> Self {
        Experiment {
            title: String::new(),
            seed: DEFAULT_SEED,
            profile: default_profile(),
            server: String::new(),
            hardware: BTreeMap::new(),
            variables: BTreeMap::new(),
            dataset: default_dataset(),
            scale: 1.0,
            sysbench_tables: None,
            sysbench_table_size: None,
            metrics: Vec::new(),
            internals: Vec::new(),
            steps: Vec::new(),
        }
    }
}

/// One sample of a counter: simulated time and value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sample {
    pub t_ns: u64,
    pub value: u64,
}

/// What an experiment measured.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// Simulated time from the first step to the end.
    pub elapsed_ns: u64,
    /// Statements the server received (`Questions`).
    pub statements: u64,
    /// Changes of numeric global status counters over the run (only those that changed).
    pub counters: BTreeMap<String, i64>,
    /// The sampled counters, after each statement.
    pub series: BTreeMap<String, Vec<Sample>>,
    /// Peak memory the simulated server used, in bytes.
    pub server_memory_peak_bytes: u64,
}

/// The result of running an experiment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub seed: u64,
    pub profile: String,
    /// The hardware as run (profile plus overrides).
    pub hardware: Hardware,
    pub dataset: String,
    /// What the mysql client printed, with typed lines behind their prompts.
    pub transcript: String,
    /// What mysqld wrote to its error log.
    pub server_log: Vec<String>,
    pub metrics: Metrics,
    /// The result tables the client printed, in order, as columns and rows of text (what
    /// lessons put in their tables and plots). Absent from the JSON when there is none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<ResultTable>,
    /// Engine internals for the lessons' internals views; empty until the engine reports them.
    #[serde(default, skip_serializing_if = "Internals::is_empty")]
    pub internals: Internals,
}

/// Internals no other tool shows, as plain data for drawing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Internals {
    /// The biggest table's pages in the buffer pool after each statement that moved them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pool_maps: Vec<PoolMap>,
    /// Statements after the last of [`crate::instruments::pool_map::MAPS_MAX`] maps went unmapped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pool_maps_truncated: bool,
    /// Every fsync of the redo log or the binary log, with the commits it made durable.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fsync_groups: Vec<FsyncGroup>,
}

impl Internals {
    pub fn is_empty(&self) -> bool {
        self.pool_maps.is_empty() && self.fsync_groups.is_empty()
    }
}

/// One fsync and the commits it made durable (group commit puts several in one).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FsyncGroup {
    pub t_ns: u64,
    /// `redo` or `binlog`.
    pub log: String,
    pub commits: u32,
}

/// Most result tables an outcome keeps (the rest are only in the transcript).
pub const RESULT_TABLES_MAX: u32 = 200;
/// Most rows kept of one result table.
pub const RESULT_ROWS_MAX: u32 = 1_000;

/// One result set as the client printed it in a table: column names and cells as text
/// (`NULL` as printed).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultTable {
    /// The step (from 0) whose input printed it.
    pub step: u32,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// True when rows past [`RESULT_ROWS_MAX`] were left out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

impl ResultTable {
    /// The index of the column named `name` (exact, then ignoring ASCII case).
    pub fn column(&self, name: &str) -> Option<u32> {
        let exact = self.columns.iter().position(|c| c == name);
        exact
            .or_else(|| self.columns.iter().position(|c| c.eq_ignore_ascii_case(name)))
            .map(|i| i as u32)
    }

    /// The cell of row `row` in column `name`.
    pub fn cell(&self, row: u32, name: &str) -> Option<&str> {
        let col = self.column(name)?;
        self.rows.get(row as usize)?.get(col as usize).map(String::as_str)
    }
}

/// Reads the tables (`+---+` rule, header, rule, rows, rule) out of client output.
pub fn parse_tables(step: u32, text: &str) -> Vec<ResultTable> {
    parse_tables_upto(step, text, u32::MAX)
}

/// Reads at most `max` tables: a step of 20,000 statements is not read back whole when the
/// outcome keeps only the first few of its tables.
pub fn parse_tables_upto(step: u32, text: &str, max: u32) -> Vec<ResultTable> {
    let lines: Vec<&str> = text.lines().collect();
    let mut tables = Vec::new();
    let mut i = 0;
    while i + 2 < lines.len() && (tables.len() as u64) < u64::from(max) {
        let Some(widths) = rule_widths(lines[i]) else {
            i += 1;
            continue;
        };
        if rule_widths(lines[i + 2]).as_ref() != Some(&widths) || !lines[i + 1].starts_with('|') {
            i += 1;
            continue;
        }
        let mut table = ResultTable {
            step,
            columns: split_row(lines[i + 1], &widths),
            rows: Vec::new(),
            truncated: false,
        };
        i += 3;
        while i < lines.len() && lines[i].starts_with('|') {
            if table.rows.len() < RESULT_ROWS_MAX as usize {
                table.rows.push(split_row(lines[i], &widths));
            } else {
                table.truncated = true;
            }
            i += 1;
        }
        // The closing rule.
        i += 1;
        tables.push(table);
    }
    tables
}

/// The column widths of a `+----+---+` rule line.
fn rule_widths(line: &str) -> Option<Vec<u32>> {
    let inner = line.strip_prefix('+')?.strip_suffix('+')?;
    let widths: Option<Vec<u32>> = inner
        .split('+')
        .map(|seg| (seg.len() >= 2 && seg.bytes().all(|b| b == b'-')).then(|| seg.len() as u32 - 2))
        .collect();
    widths.filter(|w| !w.is_empty())
}

/// Splits `| a | b |` into trimmed cells, by the rule's widths when the line fits them
/// (cells may hold `|`), else at every ` | `.
fn split_row(line: &str, widths: &[u32]) -> Vec<String> {
    let expected: u32 = widths.iter().map(|w| w + 3).sum::<u32>() + 1;
    if line.is_ascii() && line.len() as u64 == u64::from(expected) {
        // ASCII: characters are bytes, so cells are cut where they lie.
        let mut at = 2usize;
        return widths
            .iter()
            .map(|w| {
                let end = (at + *w as usize).min(line.len());
                let cell = line.get(at.min(end)..end).unwrap_or("").trim().to_string();
                at = end + 3;
                cell
            })
            .collect();
    }
    let chars: Vec<char> = line.chars().collect();
    let expected: u32 = widths.iter().map(|w| w + 3).sum::<u32>() + 1;
    if chars.len() as u32 == expected {
        let mut cells = Vec::with_capacity(widths.len());
        let mut at = 2usize;
        for w in widths {
            let end = (at + *w as usize).min(chars.len());
            cells.push(chars[at..end].iter().collect::<String>().trim().to_string());
            at = end + 3;
        }
        return cells;
    }
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split(" | ").map(|c| c.trim().to_string()).collect()
}

impl Outcome {
    /// One line naming what ran: printed above transcripts so every run states its seed.
    pub fn header(&self) -> String {
        format!(
            "-- TuneLab {} (MySQL {}): seed {}, profile {}, dataset {}",
            crate::TUNELAB_VERSION,
            crate::SERVER_VERSION,
            self.seed,
            self.profile,
            self.dataset
        )
    }
}

impl Experiment {
    /// Reads an experiment from TOML. The error is one line.
    pub fn from_toml(text: &str) -> Result<Experiment, String> {
        let e: Experiment = toml::from_str(text).map_err(|e| one_line(&e.to_string()))?;
        e.validate()?;
        Ok(e)
    }

    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("an experiment always serializes")
    }

    /// Checks what can be checked before running: profile, overrides, dataset, metrics.
    pub fn validate(&self) -> Result<(), String> {
        self.hardware_as_run()?;
        let known: Vec<&str> = crate::datasets::DATASETS.iter().map(|d| d.name).collect();
        if !known.contains(&self.dataset.as_str()) {
            return Err(format!(
                "unknown dataset '{}' (known: {})",
                self.dataset,
                known.join(", ")
            ));
        }
        if !self.scale.is_finite() || self.scale <= 0.0 || self.scale > 100.0 {
            return Err(format!("dataset scale must be within (0, 100], not {}", self.scale));
        }
        for m in &self.metrics {
            if crate::instruments::status::lookup(m).is_none() {
                return Err(format!("unknown status variable '{m}' in metrics"));
            }
        }
        Ok(())
    }

    /// The profile's hardware with this experiment's overrides.
    pub fn hardware_as_run(&self) -> Result<Hardware, String> {
        let mut hw = sim::profile(&self.profile)?.hardware;
        for (k, v) in &self.hardware {
            hw.set(k, &v.as_option_text())?;
        }
        Ok(hw)
    }

    /// Startup options: the profile's, then the experiment's.
    pub fn server_options(&self) -> Result<Vec<(String, String)>, String> {
        let profile = sim::profile(&self.profile)?;
        let mut options: Vec<(String, String)> =
            profile.mysqld_options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        options.extend(self.variables.iter().map(|(k, v)| (k.clone(), v.as_option_text())));
        Ok(options)
    }

    /// The dataset as the server loads it.
    pub fn dataset_spec(&self) -> crate::server::DatasetSpec {
        let defaults = crate::datasets::DatasetOptions::default();
        crate::server::DatasetSpec {
            name: self.dataset.clone(),
            options: crate::datasets::DatasetOptions {
                scale: self.scale,
                sysbench_tables: self.sysbench_tables.unwrap_or(defaults.sysbench_tables),
                sysbench_table_size: self
                    .sysbench_table_size
                    .unwrap_or(defaults.sysbench_table_size),
            },
        }
    }

    /// Starts the simulated server this experiment describes.
    pub fn start_server(&self) -> Result<Server, String> {
        self.validate()?;
        Server::start_of(
            crate::server::flavour::Flavour::parse(&self.server)?,
            self.seed,
            self.hardware_as_run()?,
            self.server_options()?,
            &self.dataset_spec(),
        )
    }

    /// Runs every step and returns the transcript and metrics.
    pub fn run(&self) -> Result<Outcome, String> {
        self.run_with_progress(&mut |_, _| true)
    }

    /// Runs every step, calling `progress(steps done, steps total)` after each; if it returns
    /// false the run stops there (cancel).
    pub fn run_with_progress(
        &self,
        progress: &mut dyn FnMut(u32, u32) -> bool,
    ) -> Result<Outcome, String> {
        self.run_exporting(progress, &[]).map(|(outcome, _)| outcome)
    }

    /// Runs every step as [`Self::run_with_progress`] does, then reads the simulated files at
    /// `paths` (the host's, or mysqld's logs in the datadir: `/var/lib/mysql/NAME`): each
    /// file's text, or None if the run left no such file.
    pub fn run_exporting(
        &self,
        progress: &mut dyn FnMut(u32, u32) -> bool,
        paths: &[String],
    ) -> Result<(Outcome, Vec<Option<String>>), String> {
        let server = self.start_server()?;
        let mut client = Client::connect(server, true);
        let start_ns = client.server().now().0;
        let before = numeric_status(client.server_mut());
        let mut series: BTreeMap<String, Vec<Sample>> =
            self.metrics.iter().map(|m| (m.clone(), Vec::new())).collect();
        let mut questions_seen = before.get("Questions").copied().unwrap_or(0);
        let mut transcript = String::new();
        let total = self.steps.len() as u32;
        let mut results = Vec::new();
        let wants = |v: &str| self.internals.iter().any(|w| w == v);
        client.server_mut().enable_internals_trace(wants("lru"), wants("fsync"));
        let mut internals = Internals::default();
        for (i, step) in self.steps.iter().enumerate() {
            let step_start = transcript.len();
            for line in step.sql.lines() {
                client.feed_line(line, &mut transcript);
                sample(&mut client, &mut series, &mut questions_seen);
                collect_internals(client.server_mut(), start_ns, &mut internals);
                if client.has_quit() {
                    break;
                }
            }
            client.finish(&mut transcript);
            sample(&mut client, &mut series, &mut questions_seen);
            collect_internals(client.server_mut(), start_ns, &mut internals);
            let room = RESULT_TABLES_MAX.saturating_sub(results.len() as u32);
            results.extend(parse_tables_upto(i as u32, &transcript[step_start..], room));
            if !progress(i as u32 + 1, total) || client.has_quit() {
                break;
            }
        }
        let after = numeric_status(client.server_mut());
        let counters = after
            .iter()
            .filter_map(|(k, v)| {
                let d = *v as i64 - before.get(k).copied().unwrap_or(0) as i64;
                (d != 0).then(|| (k.clone(), d))
            })
            .collect();
        let server = client.server();
        let files = paths
            .iter()
            .map(|p| crate::tools::shell::files::read(server, p).map(|(text, _)| text.to_string()))
            .collect();
        let outcome = Outcome {
            seed: self.seed,
            profile: self.profile.clone(),
            hardware: server.host().hardware().clone(),
            dataset: self.dataset.clone(),
            transcript,
            server_log: server.error_log().to_vec(),
            metrics: Metrics {
                elapsed_ns: server.now().0 - start_ns,
                statements: after.get("Questions").copied().unwrap_or(0)
                    - before.get("Questions").copied().unwrap_or(0),
                counters,
                series,
                server_memory_peak_bytes: server.host().used_peak_bytes(),
            },
            results,
            internals,
        };
        Ok((outcome, files))
    }
}

/// Moves the traces the server recorded since the last call into `internals` (bounded: the
/// server keeps at most [`crate::instruments::pool_map::MAPS_MAX`] maps; fsyncs stop at
/// [`crate::binlog::group_commit::FSYNC_TRACE_MAX`]).
fn collect_internals(server: &mut Server, start_ns: u64, internals: &mut Internals) {
    let (maps, truncated) = server.take_pool_maps();
    internals.pool_maps_truncated = truncated;
    for m in maps {
        internals.pool_maps.push(PoolMap { t_ns: m.t_ns.saturating_sub(start_ns), ..m });
    }
    for (at, log, commits) in server.take_fsync_trace() {
        if internals.fsync_groups.len() < crate::binlog::group_commit::FSYNC_TRACE_MAX {
            internals.fsync_groups.push(FsyncGroup {
                t_ns: at.0.saturating_sub(start_ns),
                log: log.to_string(),
                commits,
            });
        }
    }
}

/// The canonical JSON of an outcome (pretty, with a trailing newline): the bytes the native
/// and wasm determinism tests compare.
pub fn outcome_json(outcome: &Outcome) -> String {
    serde_json::to_string_pretty(outcome).expect("an outcome always serializes") + "\n"
}

fn numeric_status(server: &mut Server) -> BTreeMap<String, u64> {
    server
        .global_status_all()
        .into_iter()
        .filter_map(|(k, v)| match v {
            StatusValue::Number(n) => Some((k.to_string(), n)),
            StatusValue::Text(_) => None,
        })
        .collect()
}

/// Samples the chosen counters when a statement has completed since the last sample.
fn sample(
    client: &mut Client,
    series: &mut BTreeMap<String, Vec<Sample>>,
    questions_seen: &mut u64,
) {
    if series.is_empty() {
        return;
    }
    let server = client.server_mut();
    let questions = match server.global_status("Questions") {
        Some(StatusValue::Number(n)) => n,
        _ => return,
    };
    if questions == *questions_seen {
        return;
    }
    *questions_seen = questions;
    let t_ns = server.now().0;
    for (name, samples) in series.iter_mut() {
        if let Some(StatusValue::Number(value)) = server.global_status(name) {
            samples.push(Sample { t_ns, value });
        }
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_round_trips_and_is_validated() {
        let e = Experiment::from_toml(
            "title = 't'\nseed = 7\n[hardware]\nfsync_latency_us = 300\ncpus = 1.5\n[variables]\nmax_connections = 20\n[[steps]]\nsql = 'SELECT 1;'\n",
        )
        .unwrap();
        assert_eq!(e.seed, 7);
        assert_eq!(Experiment::from_toml(&e.to_toml()).unwrap(), e);
        assert!(Experiment::from_toml("profile = 'cray'")
            .unwrap_err()
            .contains("unknown hardware profile"));
        assert!(Experiment::from_toml("seed = 'x'").is_err());
        assert!(Experiment::from_toml("bogus = 1").unwrap_err().contains("unknown field"));
        assert!(Experiment::from_toml("[hardware]\nfsync_latency_us = -1").is_err());
    }

    #[test]
    fn runs_to_a_transcript_and_counter_deltas() {
        let e = Experiment {
            metrics: vec!["Questions".into()],
            steps: vec![Step { title: String::new(), sql: "SELECT 1+1;\nSELECT 2;".into() }],
            ..Experiment::default()
        };
        let out = e.run().unwrap();
        assert!(
            out.transcript.starts_with("mysql> SELECT 1+1;\n+-----+\n| 1+1 |\n"),
            "{}",
            out.transcript
        );
        assert_eq!(out.metrics.statements, 2);
        assert_eq!(out.metrics.counters.get("Com_select"), Some(&2));
        assert_eq!(out.metrics.series["Questions"].len(), 2);
        assert!(out.metrics.elapsed_ns > 0);
        assert_eq!(out.results.len(), 2);
        assert_eq!(out.results[0].columns, ["1+1"]);
        assert_eq!(out.results[1].cell(0, "2"), Some("2"));
    }

    #[test]
    fn tables_are_read_back_from_client_output() {
        let text = "mysql> SELECT ...\n+------+-------+\n| a    | b     |\n+------+-------+\n|    1 | x | y |\n| NULL | z     |\n+------+-------+\n2 rows in set (0.00 sec)\n\n+---+\n";
        let t = parse_tables(3, text);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].step, 3);
        assert_eq!(t[0].columns, ["a", "b"]);
        assert_eq!(t[0].rows, [["1", "x | y"], ["NULL", "z"]]);
        assert_eq!(t[0].cell(1, "B"), Some("z"));
        assert!(parse_tables(0, "+\n|\n+").is_empty());
        assert!(parse_tables(0, "").is_empty());
    }
}
