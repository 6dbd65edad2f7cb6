//! The list of InnoDB's monitor counters (`counters.txt`, in srv0mon.cc's order) read into
//! [`CounterDef`]s once, and the name lookups `innodb_monitor_enable` and its siblings make:
//! an exact name (any case), or a `%` pattern.

use crate::innodb::redo::FlushKind;
use crate::sql::expr::LikePattern;
use std::sync::OnceLock;

const LIST: &str = include_str!("counters.txt");

/// A module entry: no row of its own; switching it switches the counters after it.
pub const MODULE: u16 = 1;
/// Counters switched only together, by their module's name (the buffer page I/O module).
pub const GROUP: u16 = 2;
/// Mirrors a status variable: TYPE `status_counter`.
pub const EXISTING: u16 = 4;
/// Enabled at startup.
pub const DEFAULT_ON: u16 = 8;
/// A value, not a running count: TYPE `value`.
pub const CURRENT: u16 = 16;
/// A set owner: TYPE `set_owner`, averaged per its related counter.
pub const SET_OWNER: u16 = 32;
/// A set member: TYPE `set_member`.
pub const SET_MEMBER: u16 = 64;
/// No row (the latch switch).
pub const HIDDEN: u16 = 128;

/// Where the simulation has a counter's figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A global status variable, by its SHOW STATUS name.
    Status(&'static str),
    /// A global system variable.
    Variable(&'static str),
    /// The CPUs mysqld sees.
    Cpus,
    /// The current redo LSN minus the checkpoint LSN.
    LsnAge,
    /// Checkpoints the redo log has taken.
    Checkpoints,
    /// The page cleaner's flush batches of one kind (None: of every kind).
    Flush(Option<FlushKind>, FlushFigure),
    /// Transactions with changes committed, rolled back, and open now.
    TrxCommits,
    TrxRollbacks,
    TrxActive,
}

/// Which figure of a set of flush batches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlushFigure {
    Batches,
    Pages,
    /// Pages of the latest batch.
    LastPages,
}

impl Source {
    /// Whether the figure is a level the counter takes as it is (the CPUs, the open
    /// transactions, a last batch's pages: MONITOR_SET in srv0mon) rather than a running
    /// count it grows by.
    pub fn is_level(self) -> bool {
        matches!(self, Source::Cpus | Source::TrxActive | Source::Flush(_, FlushFigure::LastPages))
    }
}

/// One entry of the list: a counter, or a module.
#[derive(Clone, Debug)]
pub struct CounterDef {
    pub name: &'static str,
    pub subsystem: &'static str,
    pub comment: &'static str,
    pub flags: u16,
    /// A set owner's related counter (its average's divisor), by index.
    pub related: Option<usize>,
    pub source: Option<Source>,
}

impl CounterDef {
    pub fn is(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }

    /// INNODB_METRICS' TYPE, by srv0mon's precedence of the type bits.
    pub fn type_name(&self) -> &'static str {
        if self.is(CURRENT) {
            "value"
        } else if self.is(EXISTING) {
            "status_counter"
        } else if self.is(SET_OWNER) {
            "set_owner"
        } else if self.is(SET_MEMBER) {
            "set_member"
        } else {
            "counter"
        }
    }
}

/// Every entry, modules included, in list order.
pub fn entries() -> &'static [CounterDef] {
    static ENTRIES: OnceLock<Vec<CounterDef>> = OnceLock::new();
    ENTRIES.get_or_init(|| parse(LIST))
}

/// The index of the entry named `name` (any case), modules included.
pub fn find(name: &str) -> Option<usize> {
    entries().iter().position(|d| d.name.eq_ignore_ascii_case(name))
}

/// The index of the `all` module.
pub fn all_module() -> usize {
    entries().len() - 1
}

fn parse(text: &'static str) -> Vec<CounterDef> {
    let lines: Vec<&'static str> =
        text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let names: Vec<&str> = lines.iter().map(|l| l.split(" | ").next().unwrap_or("")).collect();
    lines
        .iter()
        .map(|line| {
            let mut fields = line.split(" | ");
            let name = fields.next().unwrap_or("");
            let subsystem = fields.next().unwrap_or("");
            let flag_text = fields.next().unwrap_or("-");
            let comment = fields.next().unwrap_or("");
            let source = fields.next().map(parse_source);
            let mut flags = 0;
            let mut related = None;
            for flag in flag_text.split(',').map(str::trim) {
                flags |= match flag {
                    "module" => MODULE,
                    "group" => GROUP,
                    "existing" => EXISTING,
                    "on" => DEFAULT_ON,
                    "current" => CURRENT,
                    "member" => SET_MEMBER,
                    "hidden" => HIDDEN,
                    "-" => 0,
                    owner if owner.starts_with("owner=") => {
                        related = names.iter().position(|n| *n == &owner["owner=".len()..]);
                        SET_OWNER
                    }
                    other => panic!("counters.txt: unknown flag {other} on {name}"),
                };
            }
            CounterDef { name, subsystem, comment, flags, related, source }
        })
        .collect()
}

fn parse_source(text: &'static str) -> Source {
    match text.split_once(':') {
        Some(("status", name)) => Source::Status(name),
        Some(("var", name)) => Source::Variable(name),
        Some(("redo", "checkpoints")) => Source::Checkpoints,
        Some(("redo", name)) => parse_flush(name),
        Some(("trx", "rw_commits")) => Source::TrxCommits,
        Some(("trx", "rollbacks")) => Source::TrxRollbacks,
        Some(("trx", "active")) => Source::TrxActive,
        _ if text == "cpus" => Source::Cpus,
        _ if text == "lsn_age" => Source::LsnAge,
        _ => panic!("counters.txt: unknown source {text}"),
    }
}

/// `KIND_FIGURE`: KIND adaptive, background, sync or all; FIGURE batches, pages or last.
fn parse_flush(name: &str) -> Source {
    let (kind, figure) = name.rsplit_once('_').unwrap_or((name, ""));
    let kind = match kind {
        "adaptive" => Some(FlushKind::Adaptive),
        "background" => Some(FlushKind::Background),
        "sync" => Some(FlushKind::Sync),
        "all" => None,
        _ => panic!("counters.txt: unknown flush kind in redo:{name}"),
    };
    let figure = match figure {
        "batches" => FlushFigure::Batches,
        "pages" => FlushFigure::Pages,
        "last" => FlushFigure::LastPages,
        _ => panic!("counters.txt: unknown flush figure in redo:{name}"),
    };
    Source::Flush(kind, figure)
}

/// A `%` pattern as srv0mon's wildcard names use it: SQL's LIKE, any case, a backslash escaping
/// (wild_case_compare).
pub fn wild_pattern(pattern: &str) -> LikePattern {
    LikePattern::new(pattern, '\\')
}
