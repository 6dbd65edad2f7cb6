//! The instrument classes: `instruments.txt` read once into a table, each class with its
//! PROPERTIES, VOLATILITY and DOCUMENTATION and its default ENABLED and TIMED.
//!
//! The defaults follow MySQL's rules (the manual's "Performance Schema Startup Configuration"
//! and `storage/perfschema/pfs_instr_class.cc`): statements, transactions, file I/O, table
//! I/O and table locks, the metadata lock instrument and `idle` are enabled and timed;
//! memory instruments are enabled and untimed (TIMED NULL: they have no timer); `error` is
//! enabled and untimed; the synchronisation waits, sockets and stages are off, but for the
//! stages with the `progress` property (ALTER TABLE, buffer pool load, clone), which are on.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The list, as data.
const LIST: &str = include_str!("instruments.txt");

/// One instrument class: a row of setup_instruments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// NAME, e.g. `wait/io/file/innodb/innodb_data_file`.
    pub name: String,
    /// PROPERTIES (`singleton`, `progress`, `global_statistics`, `mutable`, ...; may be empty).
    pub properties: &'static str,
    /// VOLATILITY.
    pub volatility: u32,
    /// DOCUMENTATION (NULL for most).
    pub documentation: Option<&'static str>,
    /// ENABLED by default.
    pub enabled: bool,
    /// TIMED by default; None for classes without a timer (memory, error).
    pub timed: Option<bool>,
}

impl Class {
    /// A memory instrument (no timer; `memory/performance_schema/%` cannot be disabled).
    pub fn is_memory(&self) -> bool {
        self.name.starts_with("memory/")
    }

    /// A class whose ENABLED cannot change: performance_schema's own memory (MySQL counts
    /// it always, the manual: "memory/performance_schema/% are always enabled").
    pub fn always_enabled(&self) -> bool {
        self.name.starts_with("memory/performance_schema/")
    }
}

/// Every class, in setup_instruments order.
pub fn classes() -> &'static [Class] {
    static CLASSES: OnceLock<Vec<Class>> = OnceLock::new();
    CLASSES.get_or_init(|| parse(LIST))
}

/// The position of `name` in [`classes`] (exact, case-sensitive as MySQL's names are).
pub fn position(name: &str) -> Option<usize> {
    static INDEX: OnceLock<BTreeMap<&'static str, usize>> = OnceLock::new();
    INDEX
        .get_or_init(|| classes().iter().enumerate().map(|(i, c)| (c.name.as_str(), i)).collect())
        .get(name)
        .copied()
}

/// The positions of the classes the server asks about after every statement, found once.
#[derive(Clone, Copy, Debug)]
pub struct Known {
    pub idle: Option<usize>,
    pub table_io: Option<usize>,
}

/// [`Known`], from the list.
pub fn known() -> &'static Known {
    static KNOWN: OnceLock<Known> = OnceLock::new();
    KNOWN.get_or_init(|| Known {
        idle: position("idle"),
        table_io: position("wait/io/table/sql/handler"),
    })
}

/// Reads the list: `[prefix]` groups, one name per line with optional
/// ` | PROPERTIES | VOLATILITY | DOCUMENTATION`; `#` starts a comment line.
fn parse(text: &'static str) -> Vec<Class> {
    let mut out = Vec::new();
    let mut prefix = "";
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(p) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            prefix = p;
            continue;
        }
        let mut fields = line.split(" | ");
        let short = fields.next().unwrap_or_default();
        let properties = fields.next().unwrap_or("").trim();
        let volatility = fields.next().and_then(|v| v.trim().parse().ok()).unwrap_or(0);
        let documentation = fields.next().map(str::trim).filter(|d| !d.is_empty());
        let name = if short == "." { prefix.to_string() } else { format!("{prefix}/{short}") };
        let (enabled, timed) = default_of(&name, properties);
        out.push(Class { name, properties, volatility, documentation, enabled, timed });
    }
    out
}

/// MySQL's default ENABLED and TIMED of an instrument.
fn default_of(name: &str, properties: &str) -> (bool, Option<bool>) {
    let on = (true, Some(true));
    let off = (false, Some(false));
    if name.starts_with("memory/") || name == "error" {
        return (true, None);
    }
    if name.starts_with("statement/")
        || name == "transaction"
        || name == "idle"
        || name.starts_with("wait/io/file/")
        || name == "wait/io/table/sql/handler"
        || name == "wait/lock/table/sql/handler"
        || name == "wait/lock/metadata/sql/mdl"
    {
        return on;
    }
    if name.starts_with("stage/") && properties.split(',').any(|p| p.trim() == "progress") {
        return on;
    }
    off
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chapter_counts_come_from_the_list() {
        let c = classes();
        let enabled = c.iter().filter(|c| c.enabled).count();
        let timed = c.iter().filter(|c| c.timed == Some(true)).count();
        // Section 3.13.6: 1,277 instruments, 796 enabled, 285 timed (within 10 %).
        let near = |n: usize, want: usize| n * 10 >= want * 9 && n * 10 <= want * 11;
        assert!(near(c.len(), 1277), "{} instruments", c.len());
        assert!(near(enabled, 796), "{enabled} enabled");
        assert!(near(timed, 285), "{timed} timed");
    }

    #[test]
    fn names_are_unique_and_well_formed() {
        let c = classes();
        let mut seen = std::collections::BTreeSet::new();
        for class in c {
            assert!(seen.insert(class.name.as_str()), "{} twice", class.name);
            assert!(class.name.len() <= 128, "{} is longer than NAME's 128", class.name);
            assert!(!class.name.ends_with('/'), "{}", class.name);
        }
        assert_eq!(
            position("wait/io/file/innodb/innodb_temp_file").map(|i| &c[i].name[..]),
            Some("wait/io/file/innodb/innodb_temp_file")
        );
    }

    #[test]
    fn defaults_follow_the_rules() {
        let get = |n: &str| &classes()[position(n).unwrap_or_else(|| panic!("{n}"))];
        assert_eq!(
            (get("statement/sql/select").enabled, get("statement/sql/select").timed),
            (true, Some(true))
        );
        assert!(!get("wait/synch/mutex/innodb/buf_pool_LRU_list_mutex").enabled);
        assert_eq!(get("memory/innodb/buf_buf_pool").timed, None);
        assert!(get("memory/performance_schema/threads").always_enabled());
        assert_eq!(get("stage/innodb/buffer pool load").timed, Some(true));
        assert!(!get("stage/sql/executing").enabled);
        assert_eq!(get("idle").timed, Some(true));
        assert_eq!(get("error").timed, None);
    }
}
