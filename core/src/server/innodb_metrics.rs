//! The server's side of `information_schema.INNODB_METRICS`: the counters' figures read from
//! the running server (status variables published from the engines first, variables, the
//! host's CPUs), their start with mysqld (the default-on set, then the
//! `innodb_monitor_enable` option's names), and the four `innodb_monitor_*` variables.

use super::variables::definition::VarValue;
use super::variables::Variables;
use super::{Running, Server};
use crate::error::{MySqlError, Result, Warning};
use crate::innodb::redo::RedoStats;
use crate::instruments::innodb_metrics::catalog::Source;
use crate::instruments::innodb_metrics::{Control, InnodbMetrics};
use crate::instruments::status::{Status, StatusValue};
use crate::storage::table::Row;

/// What the engines keep beyond the status variables, copied before a read.
struct EngineFigures {
    redo: RedoStats,
    rw_commits: u64,
    rw_rollbacks: u64,
    open_transactions: u64,
    cpus: u64,
}

impl Server {
    fn engine_figures(&self) -> EngineFigures {
        EngineFigures {
            redo: self.logs.redo.stats,
            rw_commits: self.logs.rw_commits,
            rw_rollbacks: self.logs.rw_rollbacks,
            open_transactions: self.logs.open_transactions(),
            cpus: self.host.logical_cpus(),
        }
    }
}

/// A counter's figure now. Status variables are read as the engines last published them.
fn figure(status: &Status, vars: &Variables, engine: &EngineFigures, source: Source) -> i64 {
    let status_number = |name: &str| match status.get(name) {
        Some(StatusValue::Number(n)) => *n as i64,
        _ => 0,
    };
    match source {
        Source::Status(name) => status_number(name),
        Source::Variable(name) => vars.global_u64(name) as i64,
        Source::Cpus => engine.cpus as i64,
        Source::LsnAge => status_number("Innodb_redo_log_current_lsn")
            .saturating_sub(status_number("Innodb_redo_log_checkpoint_lsn")),
        Source::Redo(name) => redo_figure(&engine.redo, name) as i64,
        Source::Trx(name) => match name {
            "rw_commits" => engine.rw_commits as i64,
            "rollbacks" => engine.rw_rollbacks as i64,
            "active" => engine.open_transactions as i64,
            _ => 0,
        },
    }
}

/// The redo log's own figures: `checkpoints`, and `KIND_batches` / `KIND_pages` / `KIND_last`
/// of the page cleaner's flushes (KIND adaptive, background, sync, or all of them).
fn redo_figure(redo: &RedoStats, name: &str) -> u64 {
    if name == "checkpoints" {
        return redo.checkpoints;
    }
    let Some((kind, what)) = name.rsplit_once('_') else { return 0 };
    let at = match what {
        "batches" => 0,
        "pages" => 1,
        "last" => 2,
        _ => return 0,
    };
    match kind {
        "adaptive" => redo.adaptive_flush[at],
        "background" => redo.background_flush[at],
        "sync" => redo.sync_flush[at],
        // Every flush list batch, whatever started it; the last one is the latest of any kind
        // (kept per kind, so the largest of the three last batches stands in for it).
        "all" if at == 2 => {
            redo.adaptive_flush[2].max(redo.background_flush[2]).max(redo.sync_flush[2])
        }
        "all" => redo.adaptive_flush[at] + redo.background_flush[at] + redo.sync_flush[at],
        _ => 0,
    }
}

/// The names an `innodb_monitor_*` option or variable value lists: MySQL's startup option
/// takes several, separated by `;`, `,` or spaces.
fn listed(value: &str) -> impl Iterator<Item = &str> {
    value.split([';', ',', ' ']).filter(|s| !s.is_empty())
}

impl Server {
    /// The counters as mysqld starts: the default set, then what `innodb_monitor_enable` (an
    /// option here) names. Called once the running state exists.
    pub(super) fn start_innodb_metrics(&mut self) {
        self.publish_engine_status();
        let now = self.clock.now();
        let engine = self.engine_figures();
        let Some(r) = self.running.as_mut() else { return };
        let read = |s: Source| figure(&r.status, &r.vars, &engine, s);
        let mut metrics = InnodbMetrics::at_startup(now, &read);
        if let VarValue::Text(option) = r.vars.global("innodb_monitor_enable") {
            for name in listed(option).filter(|n| InnodbMetrics::accepts(n)) {
                metrics.apply(Control::Enable, name, now, &read);
            }
        }
        r.metrics = metrics;
    }

    /// Checks a `SET GLOBAL innodb_monitor_*` before anything is stored: error 1231 unless
    /// the value names a counter, a module or a matching pattern. `SET ... = DEFAULT` is
    /// answered with MySQL's warning and does nothing (Some: skip the assignment).
    pub(super) fn check_monitor_value(
        name: &str,
        is_default: bool,
        value: &VarValue,
    ) -> Result<Option<Warning>> {
        if Control::of_variable(name).is_none() {
            return Ok(None);
        }
        if is_default {
            return Ok(Some(Warning {
                level: "Warning",
                code: 1230,
                message: "Default value is not defined for this set option. Please specify \
                          correct counter or module name."
                    .into(),
            }));
        }
        let text = match value {
            VarValue::Text(t) => t.as_str(),
            _ => "",
        };
        if InnodbMetrics::accepts(text) {
            Ok(None)
        } else {
            Err(MySqlError::wrong_value_for_variable(name, text))
        }
    }

    /// Acts on a `SET GLOBAL innodb_monitor_*` just stored. The variable reads empty again:
    /// MySQL's update function acts on the name and keeps none.
    pub(super) fn apply_monitor_control(&mut self, name: &str) {
        let Some(control) = Control::of_variable(name) else { return };
        self.publish_engine_status();
        let now = self.clock.now();
        let engine = self.engine_figures();
        let Some(r) = self.running.as_mut() else { return };
        let value = match r.vars.global(name) {
            VarValue::Text(t) => t.clone(),
            _ => return,
        };
        let read = |s: Source| figure(&r.status, &r.vars, &engine, s);
        r.metrics.apply(control, &value, now, &read);
        r.vars.set_global_raw(name, VarValue::Text(String::new()));
    }

    /// INNODB_METRICS' rows now (None while mysqld is down).
    pub(super) fn innodb_metrics_rows(&mut self) -> Option<Vec<Row>> {
        self.publish_engine_status();
        let now = self.clock.now();
        let engine = self.engine_figures();
        let r: &mut Running = self.running.as_mut()?;
        let read = |s: Source| figure(&r.status, &r.vars, &engine, s);
        Some(r.metrics.rows(now, &read))
    }
}
