//! `setup_consumers`: which event tables performance_schema fills, with MySQL 9.7's defaults,
//! in the table's order. They form a hierarchy (the manual's "Pre-Filtering by Consumer"): a
//! consumer is used only if those above it are on.
//!
//! ```text
//!   global_instrumentation ─┬─ thread_instrumentation ─ events_statements_current ─┬─ _history
//!                           │                                                       ├─ _history_long
//!                           │                                                       └─ events_statements_cpu
//!                           └─ statements_digest (and the global summaries)
//! ```
//!
//! The statement consumers steer the statement tables, the `events_waits_*` ones the wait
//! tables (`instruments::waits`), the `events_stages_*` ones the stage tables
//! (`instruments::stages`), the `events_transactions_*` ones the transaction tables
//! (`instruments::transactions`).

/// Every consumer with its default, in `SELECT * FROM setup_consumers` order.
pub const DEFAULTS: [(&str, bool); 16] = [
    ("events_stages_current", false),
    ("events_stages_history", false),
    ("events_stages_history_long", false),
    ("events_statements_cpu", false),
    ("events_statements_current", true),
    ("events_statements_history", true),
    ("events_statements_history_long", false),
    ("events_transactions_current", true),
    ("events_transactions_history", true),
    ("events_transactions_history_long", false),
    ("events_waits_current", false),
    ("events_waits_history", false),
    ("events_waits_history_long", false),
    ("global_instrumentation", true),
    ("thread_instrumentation", true),
    ("statements_digest", true),
];

/// The place of consumer `name` in [`DEFAULTS`] (used in constants: a misspelt name fails
/// the build).
const fn at(name: &str) -> usize {
    let mut i = 0;
    while i < DEFAULTS.len() {
        let (a, b) = (DEFAULTS[i].0.as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("no such consumer")
}

/// The consumers' ENABLED column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Consumers {
    enabled: [bool; 16],
}

impl Default for Consumers {
    fn default() -> Self {
        Consumers { enabled: DEFAULTS.map(|(_, on)| on) }
    }
}

impl Consumers {
    fn position(name: &str) -> Option<usize> {
        DEFAULTS.iter().position(|(n, _)| n.eq_ignore_ascii_case(name))
    }

    /// The ENABLED column of `name` as set (not as the hierarchy makes it effective).
    pub fn get(&self, name: &str) -> Option<bool> {
        Self::position(name).map(|i| self.enabled[i])
    }

    /// Sets a consumer; false if there is no such consumer.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        match Self::position(name) {
            Some(i) => {
                self.enabled[i] = on;
                true
            }
            None => false,
        }
    }

    /// (NAME, ENABLED) rows in table order.
    pub fn rows(&self) -> impl Iterator<Item = (&'static str, bool)> + '_ {
        DEFAULTS.iter().zip(self.enabled).map(|((n, _), on)| (*n, on))
    }

    /// The ENABLED column of consumer number `i` (from [`at`], at compile time): asked
    /// several times a statement, so not searched for by name.
    fn on(&self, i: usize) -> bool {
        self.enabled[i]
    }

    /// The wait consumers as the hierarchy makes them effective: (events_waits_current,
    /// _history, _history_long). By position: asked after every statement.
    pub fn waits(&self) -> (bool, bool, bool) {
        let current = self.on(const { at("global_instrumentation") })
            && self.on(const { at("thread_instrumentation") })
            && self.on(const { at("events_waits_current") });
        (
            current,
            current && self.on(const { at("events_waits_history") }),
            current && self.on(const { at("events_waits_history_long") }),
        )
    }

    /// The stage consumers as the hierarchy makes them effective: (events_stages_current,
    /// _history, _history_long).
    pub fn stages(&self) -> (bool, bool, bool) {
        let current = self.on(const { at("global_instrumentation") })
            && self.on(const { at("thread_instrumentation") })
            && self.on(const { at("events_stages_current") });
        (
            current,
            current && self.on(const { at("events_stages_history") }),
            current && self.on(const { at("events_stages_history_long") }),
        )
    }

    /// The transaction consumers as the hierarchy makes them effective:
    /// (events_transactions_current, _history, _history_long).
    pub fn transactions(&self) -> (bool, bool, bool) {
        let current = self.on(const { at("global_instrumentation") })
            && self.on(const { at("thread_instrumentation") })
            && self.on(const { at("events_transactions_current") });
        (
            current,
            current && self.on(const { at("events_transactions_history") }),
            current && self.on(const { at("events_transactions_history_long") }),
        )
    }

    /// Statement events are collected at all (the global summaries by event name).
    pub fn global(&self) -> bool {
        self.on(const { at("global_instrumentation") })
    }

    /// Digests are computed and summed per digest.
    pub fn digests(&self) -> bool {
        self.global() && self.on(const { at("statements_digest") })
    }

    /// Per-thread summaries are kept (thread_instrumentation).
    pub fn on_threads(&self) -> bool {
        self.global() && self.on(const { at("thread_instrumentation") })
    }

    /// `events_statements_current` is kept.
    pub fn current(&self) -> bool {
        self.global()
            && self.on(const { at("thread_instrumentation") })
            && self.on(const { at("events_statements_current") })
    }

    /// `events_statements_history` is kept.
    pub fn history(&self) -> bool {
        self.current() && self.on(const { at("events_statements_history") })
    }

    /// Statements' CPU_TIME is measured.
    pub fn cpu(&self) -> bool {
        self.current() && self.on(const { at("events_statements_cpu") })
    }

    /// `events_statements_history_long` is kept.
    pub fn history_long(&self) -> bool {
        self.current() && self.on(const { at("events_statements_history_long") })
    }
}
