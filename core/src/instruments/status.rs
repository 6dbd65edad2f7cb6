//! Status variables: the counters and gauges a tuner reads with SHOW STATUS and
//! performance_schema.global_status. Global values live here; counters with session scope are
//! also kept per session. Engine code bumps them by their MySQL names.

use crate::instruments::status_registry::{
    StatusKind, StatusScope, StatusVarDef, STATUS_VARIABLES,
};
use std::collections::BTreeMap;

/// Finds a status variable's definition by name (case-insensitive). The registry is sorted by
/// lower-case name, so this is a binary search without allocating.
pub fn lookup(name: &str) -> Option<&'static StatusVarDef> {
    STATUS_VARIABLES
        .binary_search_by(|d| cmp_ignore_ascii_case(d.name, name))
        .ok()
        .map(|i| &STATUS_VARIABLES[i])
}

/// Compares two names as their ASCII-lower-case forms compare.
pub fn cmp_ignore_ascii_case(a: &str, b: &str) -> std::cmp::Ordering {
    a.bytes().map(|c| c.to_ascii_lowercase()).cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
}

/// A status value: a number, or text for the few status variables that are messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatusValue {
    Number(u64),
    Text(String),
}

impl StatusValue {
    pub fn text(&self) -> String {
        match self {
            StatusValue::Number(n) => n.to_string(),
            StatusValue::Text(s) => s.clone(),
        }
    }
}

/// One set of status values (the global set, or one session's).
#[derive(Clone, Debug)]
pub struct Status {
    values: BTreeMap<&'static str, StatusValue>,
    /// What `add` counted since the outermost `begin_capture`, for the running statement's
    /// session.
    capture: Option<BTreeMap<&'static str, u64>>,
    capture_depth: u32,
}

fn initial(def: &StatusVarDef) -> StatusValue {
    match def.kind {
        StatusKind::Text => StatusValue::Text(def.initial.to_string()),
        _ => StatusValue::Number(def.initial.parse().unwrap_or(0)),
    }
}

impl Status {
    /// The global status of a freshly started server.
    pub fn global_at_startup() -> Status {
        Status {
            values: STATUS_VARIABLES.iter().map(|d| (d.name, initial(d))).collect(),
            capture: None,
            capture_depth: 0,
        }
    }

    /// A new session's counters (only the session-scoped ones, all at their initial values).
    pub fn session_at_connect() -> Status {
        Status {
            values: STATUS_VARIABLES
                .iter()
                .filter(|d| d.scope != StatusScope::Global)
                .map(|d| (d.name, initial(d)))
                .collect(),
            capture: None,
            capture_depth: 0,
        }
    }

    fn key(&self, name: &str) -> &'static str {
        lookup(name).unwrap_or_else(|| panic!("engine uses unknown status variable '{name}'")).name
    }

    /// Adds `n` to a counter (no-op if this set does not hold it).
    pub fn add(&mut self, name: &str, n: u64) {
        // The engine spells counters as registered: found in one search of the set, which
        // gives the value and the key at once. Any other spelling (or a counter this set does
        // not hold) goes through the registry.
        let bounds = (std::ops::Bound::Included(name), std::ops::Bound::Unbounded);
        if let Some((key, value)) = self.values.range_mut::<str, _>(bounds).next() {
            if *key == name {
                if let StatusValue::Number(v) = value {
                    *v = v.saturating_add(n);
                    Self::captured(&mut self.capture, key, n);
                }
                return;
            }
        }
        let key = self.key(name);
        if let Some(StatusValue::Number(v)) = self.values.get_mut(key) {
            *v = v.saturating_add(n);
            Self::captured(&mut self.capture, key, n);
        }
    }

    /// Notes `n` more of `key` in the running capture, if one is on.
    fn captured(capture: &mut Option<BTreeMap<&'static str, u64>>, key: &'static str, n: u64) {
        if let Some(c) = capture.as_mut() {
            let e = c.entry(key).or_insert(0);
            *e = e.saturating_add(n);
        }
    }

    /// Starts recording what [`Status::add`] counts, so that a statement's counts can reach
    /// its session too. Nested statements (a procedure's) share the outermost recording.
    pub fn begin_capture(&mut self) {
        self.capture_depth += 1;
        if self.capture.is_none() {
            self.capture = Some(BTreeMap::new());
        }
    }

    /// Ends a recording; the outermost end returns everything counted since it began.
    pub fn end_capture(&mut self) -> BTreeMap<&'static str, u64> {
        self.capture_depth = self.capture_depth.saturating_sub(1);
        if self.capture_depth == 0 {
            self.capture.take().unwrap_or_default()
        } else {
            BTreeMap::new()
        }
    }

    /// Adds counts recorded on the global set to this session's set; the counters that exist
    /// only globally (Innodb_*, Uptime, ...) are not held here and are skipped.
    pub fn absorb(&mut self, counted: &BTreeMap<&'static str, u64>) {
        for (name, n) in counted {
            self.add(name, *n);
        }
    }

    /// Sets a gauge or a text value.
    pub fn set(&mut self, name: &str, value: StatusValue) {
        let key = self.key(name);
        if self.values.contains_key(key) {
            self.values.insert(key, value);
        }
    }

    pub fn get(&self, name: &str) -> Option<&StatusValue> {
        lookup(name).and_then(|d| self.values.get(d.name))
    }

    pub fn number(&self, name: &str) -> u64 {
        match self.get(name) {
            Some(StatusValue::Number(n)) => *n,
            _ => 0,
        }
    }

    /// Every value in SHOW STATUS order (case-insensitive name order, as the registry is).
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &StatusValue)> {
        STATUS_VARIABLES.iter().filter_map(|d| self.values.get(d.name).map(|v| (d.name, v)))
    }
}

/// Bumps a counter in both the global set and the session's set (for Both-scoped counters
/// such as `Questions` and `Com_select`).
pub fn count(global: &mut Status, session: &mut Status, name: &str, n: u64) {
    global.add(name, n);
    session.add(name, n);
}
