//! `information_schema.INNODB_METRICS`: InnoDB's monitor counters, each started, stopped and
//! reset on its own or by module through `innodb_monitor_enable`, `innodb_monitor_disable`,
//! `innodb_monitor_reset` and `innodb_monitor_reset_all`, with MySQL's bookkeeping of counts
//! since start and since reset (srv0mon.cc / srv0mon.h, ha_innodb.cc's innodb_monitor_*).
//!
//! A counter the simulation has a figure for (a status variable, mostly) keeps a baseline
//! taken when it is enabled, as MySQL does for its "existing" counters: COUNT is the figure's
//! growth while the counter was on. A value counter (TYPE `value`) shows the figure itself.
//! Counters the simulated InnoDB does not count read 0 when enabled (see counters.txt).

pub mod catalog;
#[cfg(test)]
mod tests;

use crate::sim::{civil_time_at, SimTime};
use crate::storage::table::Row;
use crate::storage::value::Value;
use catalog::{CounterDef, Source, CURRENT, DEFAULT_ON, GROUP, MODULE};

pub use super::ColumnSpec;

/// INNODB_METRICS' seventeen columns.
pub const COLUMNS: [ColumnSpec; 17] = [
    ("NAME", false, false),
    ("SUBSYSTEM", false, false),
    ("COUNT", true, false),
    ("MAX_COUNT", true, true),
    ("MIN_COUNT", true, true),
    ("AVG_COUNT", true, true),
    ("COUNT_RESET", true, false),
    ("MAX_COUNT_RESET", true, true),
    ("MIN_COUNT_RESET", true, true),
    ("AVG_COUNT_RESET", true, true),
    ("TIME_ENABLED", false, true),
    ("TIME_DISABLED", false, true),
    ("TIME_ELAPSED", true, true),
    ("TIME_RESET", false, true),
    ("STATUS", false, false),
    ("TYPE", false, false),
    ("COMMENT", false, false),
];

/// What a `SET GLOBAL innodb_monitor_*` asks of the counters it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Enable,
    Disable,
    Reset,
    ResetAll,
}

impl Control {
    /// The control a system variable is, if it is one of the four.
    pub fn of_variable(name: &str) -> Option<Control> {
        match name {
            "innodb_monitor_enable" => Some(Control::Enable),
            "innodb_monitor_disable" => Some(Control::Disable),
            "innodb_monitor_reset" => Some(Control::Reset),
            "innodb_monitor_reset_all" => Some(Control::ResetAll),
            _ => None,
        }
    }
}

/// One counter's state: srv0mon's monitor_value_t.
#[derive(Clone, Debug, Default)]
struct CounterState {
    on: bool,
    /// The count since the last reset (MONITOR_VALUE).
    value: i64,
    /// What earlier resets set aside (MONITOR_VALUE_RESET): COUNT is value plus this.
    value_reset: i64,
    /// Highest and lowest value since the last reset (None: not yet set).
    max: Option<i64>,
    min: Option<i64>,
    /// Highest and lowest since the counter started.
    max_start: Option<i64>,
    min_start: Option<i64>,
    /// The figure's baseline when the counter was turned on, and the value kept when it was
    /// turned off (an existing counter's mon_start_value and mon_last_value).
    start_value: i64,
    last_value: i64,
    start_time: Option<SimTime>,
    stop_time: Option<SimTime>,
    reset_time: Option<SimTime>,
}

/// Every counter's state, in the catalog's order.
#[derive(Clone, Debug)]
pub struct InnodbMetrics {
    counters: Vec<CounterState>,
}

/// Reads a counter's figure from the simulation now.
pub type Reading<'a> = &'a dyn Fn(Source) -> i64;

impl Default for InnodbMetrics {
    /// Every counter off and never started.
    fn default() -> InnodbMetrics {
        InnodbMetrics { counters: vec![CounterState::default(); catalog::entries().len()] }
    }
}

impl InnodbMetrics {
    /// The counters at startup: those MySQL enables by default are on from `now`, with their
    /// baselines read then.
    pub fn at_startup(now: SimTime, read: Reading) -> InnodbMetrics {
        let mut metrics = InnodbMetrics::default();
        for (i, def) in catalog::entries().iter().enumerate() {
            if def.is(DEFAULT_ON) && !def.is(MODULE) {
                metrics.set_option(i, Control::Enable, now, read);
            }
        }
        metrics
    }

    /// Whether `value` names something a control may act on: a counter or module (any case),
    /// or a `%` pattern that matches at least one name. A member of a group module may only
    /// be switched by its module's name. A false answer is MySQL's error 1231.
    pub fn accepts(value: &str) -> bool {
        if value.contains('%') {
            let pattern = catalog::wild_pattern(value);
            return catalog::entries().iter().any(|d| pattern.matches(d.name));
        }
        match catalog::find(value) {
            Some(i) => {
                let def = &catalog::entries()[i];
                !def.is(GROUP) || def.is(MODULE)
            }
            None => false,
        }
    }

    /// Applies `control` to what `value` names (checked by [`Self::accepts`] first; an
    /// unknown name does nothing). Enabling a counter that is on does nothing (MySQL only
    /// notes it in the error log).
    pub fn apply(&mut self, control: Control, value: &str, now: SimTime, read: Reading) {
        let entries = catalog::entries();
        if value.contains('%') {
            let pattern = catalog::wild_pattern(value);
            for (i, def) in entries.iter().enumerate() {
                if !pattern.matches(def.name) {
                    continue;
                }
                if !def.is(MODULE) && !def.is(GROUP) {
                    self.set_option(i, control, now, read);
                }
                // A pattern that reaches the group module switches the whole group.
                if def.is(GROUP) && def.is(MODULE) {
                    self.module_control(i, control, now, read);
                }
            }
            return;
        }
        let Some(i) = catalog::find(value) else { return };
        if control == Control::Enable && self.counters[i].on {
            return;
        }
        if entries[i].is(MODULE) {
            self.module_control(i, control, now, read);
        } else {
            self.set_option(i, control, now, read);
        }
    }

    /// srv_mon_set_module_control: a module's counters are the entries after it up to the
    /// next module; `all` is every counter; a group module switches itself and its group.
    fn module_control(&mut self, module: usize, control: Control, now: SimTime, read: Reading) {
        let entries = catalog::entries();
        let all = module == catalog::all_module();
        let (start, mut at_own_module) = if all {
            (1, false)
        } else if entries[module].is(GROUP) {
            (module, true)
        } else {
            (module + 1, false)
        };
        for (i, def) in entries.iter().enumerate().skip(start) {
            if def.is(MODULE) {
                if at_own_module {
                    at_own_module = false;
                } else if all {
                    if !def.is(GROUP) {
                        continue;
                    }
                } else {
                    break;
                }
            }
            if control == Control::Enable && self.counters[i].on {
                continue;
            }
            self.set_option(i, control, now, read);
        }
    }

    /// One counter's switch or reset (innodb_monitor_set_option, srv_mon_reset,
    /// srv_mon_reset_all, with srv_mon_process_existing_counter's baselines).
    fn set_option(&mut self, i: usize, control: Control, now: SimTime, read: Reading) {
        let def = &catalog::entries()[i];
        let figure = def.source.map(read);
        let c = &mut self.counters[i];
        match control {
            Control::Enable => {
                c.on = true;
                c.max = None;
                c.min = None;
                c.max_start = None;
                c.min_start = None;
                c.start_time = Some(now);
                if let Some(f) = figure {
                    c.start_value = f - c.value_reset;
                }
            }
            Control::Disable => {
                // Simplification: MySQL keeps the value of the table's last read; here the
                // value is brought up to date as the counter stops, so that a counter enabled
                // and disabled without a read between shows what it counted.
                if let Some(f) = figure {
                    refresh(def, c, f);
                    c.last_value = c.value;
                    c.start_value += c.value;
                }
                c.on = false;
                c.stop_time = Some(now);
            }
            Control::Reset => {
                if let Some(f) = figure {
                    // The same simplification: the value is current before it is set aside.
                    refresh(def, c, f);
                    if !c.on {
                        c.last_value = 0;
                    }
                }
                max_since_start(c);
                min_since_start(c);
                if def.is(CURRENT) {
                    c.value_reset = 0;
                } else {
                    c.value_reset += c.value;
                }
                c.value = 0;
                c.max = None;
                c.min = None;
                c.reset_time = Some(now);
            }
            // MySQL refuses (in its error log) to clear a counter that is still on.
            Control::ResetAll if c.on => {}
            Control::ResetAll => *c = CounterState::default(),
        }
    }

    /// INNODB_METRICS' rows as a reader sees them at `now`: every counter that is not a
    /// module or hidden, in list order, the running ones brought up to date first.
    pub fn rows(&mut self, now: SimTime, read: Reading) -> Vec<Row> {
        let entries = catalog::entries();
        for (i, def) in entries.iter().enumerate() {
            let c = &mut self.counters[i];
            if let (true, Some(source)) = (c.on, def.source) {
                refresh(def, c, read(source));
            }
        }
        let mut rows = Vec::with_capacity(entries.len());
        for (i, def) in entries.iter().enumerate() {
            if def.is(MODULE) || def.is(catalog::HIDDEN) {
                continue;
            }
            let related = def.related.map(|r| {
                let c = &self.counters[r];
                (c.value + c.value_reset, c.value)
            });
            rows.push(row(def, &mut self.counters[i], related, now));
        }
        rows
    }
}

/// Brings a running counter's value up to `figure` (srv_mon_process_existing_counter's
/// MONITOR_GET_VALUE): a value counter takes it as it is; a count is its growth since the
/// baseline.
fn refresh(def: &CounterDef, c: &mut CounterState, figure: i64) {
    if !c.on {
        return;
    }
    if def.is(CURRENT) || def.source.is_some_and(Source::is_level) {
        c.value = figure;
        c.min = Some(c.min.map_or(figure, |m| m.min(figure)));
    } else {
        c.value = figure - c.value_reset - c.start_value + c.last_value;
    }
    c.max = Some(c.max.map_or(c.value, |m| m.max(c.value)));
}

/// srv_mon_calc_max_since_start: the highest value since start, folding in the highest since
/// the last reset.
fn max_since_start(c: &mut CounterState) -> Option<i64> {
    c.max_start = match (c.max_start, c.max) {
        (None, max) => max,
        (Some(s), Some(m)) if m + c.value_reset > s => Some(m + c.value_reset),
        (s, _) => s,
    };
    c.max_start
}

fn min_since_start(c: &mut CounterState) -> Option<i64> {
    c.min_start = match (c.min_start, c.min) {
        (None, min) => min,
        (Some(s), Some(m)) if m + c.value_reset < s => Some(m + c.value_reset),
        (s, _) => s,
    };
    c.min_start
}

/// Whole seconds from `from` to `to`, as difftime of two time() readings.
fn seconds_between(from: SimTime, to: SimTime) -> i64 {
    (to.0 / 1_000_000_000) as i64 - (from.0 / 1_000_000_000) as i64
}

fn datetime(t: Option<SimTime>) -> Value {
    t.map_or(Value::Null, |t| Value::Str(civil_time_at(t).datetime()))
}

fn ratio(count: i64, over: i64) -> Value {
    if over == 0 {
        Value::Null
    } else {
        Value::Double(count as f64 / over as f64)
    }
}

/// One counter's row (i_s_metrics_fill). `related` is a set owner's related counter's
/// (COUNT, COUNT_RESET). UNCONFIRMED: AVG_COUNT is given for value counters too (per second,
/// as for counts), which is how we read i_s.cc: only MONITOR_NO_AVERAGE, which no counter of
/// this list carries, leaves it NULL.
fn row(def: &CounterDef, c: &mut CounterState, related: Option<(i64, i64)>, now: SimTime) -> Row {
    let opt = |v: Option<i64>| v.map_or(Value::Null, Value::Int);
    let count = c.value + c.value_reset;
    let max_start = max_since_start(c);
    let min_start = min_since_start(c);
    let elapsed = c.start_time.map(|start| match (c.on, c.stop_time) {
        (false, Some(stop)) => seconds_between(start, stop),
        _ => seconds_between(start, now),
    });
    let since_reset = c.reset_time.map_or(0, |reset| match (c.on, c.stop_time) {
        (false, Some(stop)) => seconds_between(reset, stop),
        _ => seconds_between(reset, now),
    });
    let (avg, avg_reset) = match related {
        Some((related_count, related_value)) => {
            (ratio(count, related_count), ratio(c.value, related_value))
        }
        None => (ratio(count, elapsed.unwrap_or(0)), ratio(c.value, since_reset)),
    };
    vec![
        Value::Str(def.name.to_string()),
        Value::Str(def.subsystem.to_string()),
        Value::Int(count),
        opt(max_start),
        opt(min_start),
        avg,
        Value::Int(c.value),
        opt(c.max),
        opt(c.min),
        avg_reset,
        datetime(c.start_time),
        if c.on { Value::Null } else { datetime(c.stop_time) },
        opt(elapsed),
        if c.on { datetime(c.reset_time) } else { Value::Null },
        Value::Str(if c.on { "enabled" } else { "disabled" }.to_string()),
        Value::Str(def.type_name().to_string()),
        Value::Str(def.comment.to_string()),
    ]
}
