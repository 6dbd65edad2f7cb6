//! The server's side of `information_schema.INNODB_METRICS`: the counters' figures read from
//! the running server (status variables published from the engines first, variables, the
//! redo log's and group commit's own counts, the host's CPUs), their start with mysqld (the
//! default-on set, then the `innodb_monitor_enable` option's names), and the four
//! `innodb_monitor_*` variables.

use super::variables::definition::VarValue;
use super::variables::Variables;
use super::Server;
use crate::error::{MySqlError, Result, Warning};
use crate::innodb::redo::RedoStats;
use crate::instruments::innodb_metrics::catalog::{FlushFigure, Source};
use crate::instruments::innodb_metrics::{Control, InnodbMetrics, Reading};
use crate::instruments::status::{Status, StatusValue};
use crate::sim::SimTime;
use crate::storage::table::Row;
use crate::var_id;

/// What the engines keep beyond the status variables, copied before a read.
struct EngineFigures {
    redo: RedoStats,
    rw_commits: u64,
    rw_rollbacks: u64,
    open_transactions: u64,
    cpus: u64,
}

/// A counter's figure now. Status variables are read as the engines last published them.
fn figure(status: &Status, vars: &Variables, engine: &EngineFigures, source: Source) -> i64 {
    let status_number = |name: &str| match status.get(name) {
        Some(StatusValue::Number(n)) => *n as i64,
        _ => 0,
    };
    let redo = &engine.redo;
    let value = match source {
        Source::Status(name) => return status_number(name),
        Source::Variable(name) => vars.global_u64(name),
        Source::Cpus => engine.cpus,
        Source::LsnAge => {
            return status_number("Innodb_redo_log_current_lsn")
                .saturating_sub(status_number("Innodb_redo_log_checkpoint_lsn"))
        }
        Source::Checkpoints => redo.checkpoints,
        Source::Flush(Some(kind), figure) => {
            let set = redo.flushes[kind as usize];
            match figure {
                FlushFigure::Batches => set.batches,
                FlushFigure::Pages => set.pages,
                FlushFigure::LastPages => set.last_pages,
            }
        }
        // Every flush list batch, whatever started it.
        Source::Flush(None, figure) => match figure {
            FlushFigure::Batches => redo.flushes.iter().map(|f| f.batches).sum(),
            FlushFigure::Pages => redo.flushes.iter().map(|f| f.pages).sum(),
            FlushFigure::LastPages => redo.last_batch_pages,
        },
        Source::TrxCommits => engine.rw_commits,
        Source::TrxRollbacks => engine.rw_rollbacks,
        Source::TrxActive => engine.open_transactions,
    };
    value as i64
}

/// The names an `innodb_monitor_*` option or variable value lists: MySQL's startup option
/// takes several, separated by `;`, `,` or spaces.
fn listed(value: &str) -> impl Iterator<Item = &str> {
    value.split([';', ',', ' ']).filter(|s| !s.is_empty())
}

impl Server {
    /// Runs `act` on the counters with the figures as they are now (the engines' status
    /// published first); None while mysqld is down.
    fn with_metrics<T>(
        &mut self,
        act: impl FnOnce(&mut InnodbMetrics, SimTime, Reading) -> T,
    ) -> Option<T> {
        self.publish_engine_status();
        let now = self.clock.now();
        let engine = EngineFigures {
            redo: self.logs.redo.stats,
            rw_commits: self.logs.rw_commits,
            rw_rollbacks: self.logs.rw_rollbacks,
            open_transactions: self.logs.open_transactions(),
            cpus: self.host.logical_cpus(),
        };
        let r = self.running.as_mut()?;
        let read = |s: Source| figure(&r.status, &r.vars, &engine, s);
        Some(act(&mut r.metrics, now, &read))
    }

    /// The counters as mysqld starts: the default set, then what `innodb_monitor_enable` (an
    /// option here) names. Called once the running state exists.
    pub(super) fn start_innodb_metrics(&mut self) {
        let option =
            match self.running.as_ref().map(|r| r.vars.global(var_id!("innodb_monitor_enable"))) {
                Some(VarValue::Text(option)) => option.clone(),
                _ => String::new(),
            };
        self.with_metrics(|metrics, now, read| {
            *metrics = InnodbMetrics::at_startup(now, read);
            for name in listed(&option).filter(|n| InnodbMetrics::accepts(n)) {
                metrics.apply(Control::Enable, name, now, read);
            }
        });
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
        let Some(r) = self.running.as_mut() else { return };
        let VarValue::Text(value) = r.vars.global(name).clone() else { return };
        r.vars.set_global_raw(name, VarValue::Text(String::new()));
        self.with_metrics(|metrics, now, read| metrics.apply(control, &value, now, read));
    }

    /// INNODB_METRICS' rows now (None while mysqld is down).
    pub(super) fn innodb_metrics_rows(&mut self) -> Option<Vec<Row>> {
        self.with_metrics(|metrics, now, read| metrics.rows(now, read))
    }
}
