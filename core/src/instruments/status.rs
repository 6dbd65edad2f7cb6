//! Status variables: the counters and gauges a tuner reads with SHOW STATUS and
//! performance_schema.global_status. Global values live here; counters with session scope are
//! also kept per session. Engine code bumps them by their MySQL names.

use crate::instruments::name_index::NameIndex;
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
    /// By the variable's place in the registry: `None` for one this set does not hold (a
    /// session holds no global-only counter). A statement bumps dozens of counters, so the
    /// value is found by index rather than by a search of names.
    values: Vec<Option<StatusValue>>,
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
            values: STATUS_VARIABLES.iter().map(|d| Some(initial(d))).collect(),
            capture: None,
            capture_depth: 0,
        }
    }

    /// A new session's counters (only the session-scoped ones, all at their initial values).
    pub fn session_at_connect() -> Status {
        Status {
            values: STATUS_VARIABLES
                .iter()
                .map(|d| (d.scope != StatusScope::Global).then(|| initial(d)))
                .collect(),
            capture: None,
            capture_depth: 0,
        }
    }

    /// The registry index of `name`: its exact spelling found in one hash probe, any other
    /// spelling by the registry's case-insensitive search.
    fn index(name: &str) -> usize {
        exact_index(name)
            .or_else(|| registry_index(name))
            .unwrap_or_else(|| panic!("engine uses unknown status variable '{name}'"))
    }

    /// Adds `n` to a counter (no-op if this set does not hold it).
    pub fn add(&mut self, name: &str, n: u64) {
        self.add_at(Self::index(name), n);
    }

    /// [`Status::add`] to the counter at registry index `i`.
    fn add_at(&mut self, i: usize, n: u64) {
        if let Some(Some(StatusValue::Number(v))) = self.values.get_mut(i) {
            *v = v.saturating_add(n);
            Self::captured(&mut self.capture, STATUS_VARIABLES[i].name, n);
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
        if let Some(slot @ Some(_)) = self.values.get_mut(Self::index(name)) {
            *slot = Some(value);
        }
    }

    pub fn get(&self, name: &str) -> Option<&StatusValue> {
        let i = exact_index(name).or_else(|| registry_index(name))?;
        self.values.get(i)?.as_ref()
    }

    pub fn number(&self, name: &str) -> u64 {
        match self.get(name) {
            Some(StatusValue::Number(n)) => *n,
            _ => 0,
        }
    }

    /// Every value in SHOW STATUS order (case-insensitive name order, as the registry is).
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &StatusValue)> {
        STATUS_VARIABLES.iter().zip(&self.values).filter_map(|(d, v)| Some((d.name, v.as_ref()?)))
    }
}

/// The registry index of a name in any letter case (a binary search of the registry).
fn registry_index(name: &str) -> Option<usize> {
    STATUS_VARIABLES.binary_search_by(|d| cmp_ignore_ascii_case(d.name, name)).ok()
}

/// The registry index of a name spelled exactly as registered ([`NameIndex`]).
fn exact_index(name: &str) -> Option<usize> {
    static INDEX: std::sync::OnceLock<NameIndex> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| NameIndex::new(STATUS_VARIABLES.iter().map(|d| d.name)));
    index.find(name, |i| STATUS_VARIABLES[i].name)
}

/// Bumps a counter in both the global set and the session's set (for Both-scoped counters
/// such as `Questions` and `Com_select`).
pub fn count(global: &mut Status, session: &mut Status, name: &str, n: u64) {
    // One lookup for both sets: they share the registry's places.
    let i = Status::index(name);
    global.add_at(i, n);
    session.add_at(i, n);
}
