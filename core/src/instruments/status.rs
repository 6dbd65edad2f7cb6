//! Status variables: the counters and gauges a tuner reads with SHOW STATUS and
//! performance_schema.global_status. Global values live here; counters with session scope are
//! also kept per session. Engine code bumps them by their MySQL names, found
//! when compiling (`status_id!`).

use crate::instruments::name_index::NameIndex;
pub use crate::instruments::status_registry::StatusId;
use crate::instruments::status_registry::{
    StatusKind, StatusScope, StatusVarDef, STATUS_VARIABLES,
};

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

/// What a statement counted: each counter it moved, once, with how much, in the order it was
/// first moved. A statement moves a handful of counters, so this is a short list searched in
/// place rather than a map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counted {
    /// At most one entry per status variable, so at most the registry's length.
    moved: Vec<(StatusId, u64)>,
}

impl Counted {
    /// How much `id` moved (0 if it did not).
    pub fn get(&self, id: StatusId) -> u64 {
        self.moved.iter().find(|(i, _)| *i == id).map_or(0, |(_, n)| *n)
    }

    /// Every counter that moved, with how much.
    pub fn iter(&self) -> impl Iterator<Item = (StatusId, u64)> + '_ {
        self.moved.iter().copied()
    }

    /// Notes `n` more of `id`.
    fn add(&mut self, id: StatusId, n: u64) {
        match self.moved.iter_mut().find(|(i, _)| *i == id) {
            Some((_, v)) => *v = v.saturating_add(n),
            None => self.moved.push((id, n)),
        }
    }
}

/// One set of status values (the global set, or one session's).
#[derive(Clone, Debug)]
pub struct Status {
    /// By the variable's place in the registry ([`StatusId`]): `None` for one this set does
    /// not hold (a session holds no global-only counter).
    values: Vec<Option<StatusValue>>,
    /// What `add` counted since the outermost `begin_capture`, for the running statement's
    /// session.
    capture: Option<Counted>,
    capture_depth: u32,
    /// Sort buffers allocated and freed since the memory summary last took them (not a
    /// status variable: the executor reaches the server's memory instruments through here).
    pub sort_buffers: super::memory::TransientBuffers,
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
            sort_buffers: Default::default(),
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
            sort_buffers: Default::default(),
        }
    }

    /// Adds `n` to a counter (no-op if this set does not hold it).
    pub fn add(&mut self, id: StatusId, n: u64) {
        if let Some(Some(StatusValue::Number(v))) = self.values.get_mut(id.index()) {
            *v = v.saturating_add(n);
            if let Some(c) = self.capture.as_mut() {
                c.add(id, n);
            }
        }
    }

    /// [`Status::add`] to a counter named at run time (a name chosen from data, such as a
    /// statement's `Com_*`); a name the registry lacks is an engine bug and panics.
    pub fn add_named(&mut self, name: &str, n: u64) {
        self.add(StatusId::of(name), n);
    }

    /// Starts recording what [`Status::add`] counts, so that a statement's counts can reach
    /// its session too. Nested statements (a procedure's) share the outermost recording.
    pub fn begin_capture(&mut self) {
        self.capture_depth += 1;
        if self.capture.is_none() {
            self.capture = Some(Counted::default());
        }
    }

    /// Ends a recording; the outermost end returns everything counted since it began.
    pub fn end_capture(&mut self) -> Counted {
        self.capture_depth = self.capture_depth.saturating_sub(1);
        if self.capture_depth == 0 {
            self.capture.take().unwrap_or_default()
        } else {
            Counted::default()
        }
    }

    /// Adds counts recorded on the global set to this session's set; the counters that exist
    /// only globally (Innodb_*, Uptime, ...) are not held here and are skipped.
    pub fn absorb(&mut self, counted: &Counted) {
        for (id, n) in counted.iter() {
            self.add(id, n);
        }
    }

    /// Sets a gauge or a text value.
    pub fn set(&mut self, name: &str, value: StatusValue) {
        if let Some(slot @ Some(_)) = self.values.get_mut(StatusId::of(name).index()) {
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
pub fn count(global: &mut Status, session: &mut Status, id: StatusId, n: u64) {
    global.add(id, n);
    session.add(id, n);
}

impl StatusId {
    /// The status variable named `name` in any letter case, found at run time (one hash probe
    /// for the registered spelling); a name the registry lacks is an engine bug and panics.
    pub fn of(name: &str) -> StatusId {
        exact_index(name)
            .or_else(|| registry_index(name))
            .and_then(StatusId::at)
            .unwrap_or_else(|| panic!("engine uses unknown status variable '{name}'"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status_id;

    #[test]
    fn a_capture_sums_each_counter_once_and_reaches_the_session() {
        let (mut global, mut session) = (Status::global_at_startup(), Status::session_at_connect());
        global.begin_capture();
        global.add(status_id!("Handler_write"), 2);
        global.add(status_id!("Innodb_rows_inserted"), 2);
        global.begin_capture();
        global.add_named("handler_write", 3);
        assert_eq!(global.end_capture(), Counted::default(), "the outer capture keeps it");
        let counted = global.end_capture();
        assert_eq!(counted.get(status_id!("Handler_write")), 5);
        assert_eq!(counted.get(status_id!("Sort_rows")), 0);
        assert_eq!(counted.iter().count(), 2);
        session.absorb(&counted);
        assert_eq!(session.number("Handler_write"), 5);
        // Global-only: not held by a session.
        assert_eq!(session.get("Innodb_rows_inserted"), None);
        assert_eq!(global.number("Innodb_rows_inserted"), 2);
    }
}
