//! A set of variable values (the global set, or a session's own), kept in a vector by the
//! variable's place in the registry. The engine reads variables by name several dozen times a
//! statement; a name spelled as registered finds its place in one hash probe
//! ([`super::registry_index`]) and its value in one vector read, where a `BTreeMap` keyed by
//! name compared ten names a read (a tenth of a sysbench point select's host time went to
//! such reads and to the status counters').
//!
//! The registry is in name order, so walking the vector is walking the names in order, as
//! SHOW VARIABLES lists them.

use crate::server::variables::definition::{SysVarDef, VarValue};
use crate::server::variables::registry::SYSTEM_VARIABLES;

/// Values by registry place; `None` for a variable this set does not hold.
#[derive(Clone, Debug, Default)]
pub struct VarTable {
    values: Vec<Option<VarValue>>,
}

impl VarTable {
    /// The value of `name` spelled as registered (no other spelling: see
    /// [`super::lookup`] for those).
    pub fn get(&self, name: &str) -> Option<&VarValue> {
        self.values.get(super::registry_index(name)?)?.as_ref()
    }

    /// The value of the variable at registry place `i`.
    pub fn at(&self, i: usize) -> Option<&VarValue> {
        self.values.get(i)?.as_ref()
    }

    /// Whether the set holds `name` (spelled as registered).
    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Sets `name`, which must be a registered name (the callers pass a definition's).
    pub fn insert(&mut self, name: &'static str, value: VarValue) {
        let i = super::registry_index(name)
            .unwrap_or_else(|| panic!("engine stores unknown variable '{name}'"));
        if self.values.len() <= i {
            self.values.resize(SYSTEM_VARIABLES.len().max(i + 1), None);
        }
        self.values[i] = Some(value);
    }

    /// How many variables the set holds.
    pub fn len(&self) -> u64 {
        self.values.iter().filter(|v| v.is_some()).count() as u64
    }

    /// The values of the variables `keep` takes, copied by place (a new session's copy of
    /// the session-scoped globals, made at every connection, with no name looked up).
    pub fn only(&self, keep: impl Fn(&SysVarDef) -> bool) -> VarTable {
        let values = self
            .values
            .iter()
            .zip(SYSTEM_VARIABLES.iter())
            .map(|(v, def)| v.as_ref().filter(|_| keep(def)).cloned())
            .collect();
        VarTable { values }
    }

    /// The variables held, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &VarValue)> {
        self.values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.as_ref().map(|v| (SYSTEM_VARIABLES[i].name, v)))
    }
}

impl std::ops::Index<&str> for VarTable {
    type Output = VarValue;

    fn index(&self, name: &str) -> &VarValue {
        self.get(name).unwrap_or_else(|| panic!("variable '{name}' is not in this set"))
    }
}

impl FromIterator<(&'static str, VarValue)> for VarTable {
    fn from_iter<I: IntoIterator<Item = (&'static str, VarValue)>>(iter: I) -> VarTable {
        let mut table = VarTable::default();
        for (name, value) in iter {
            table.insert(name, value);
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The registry is in byte order of its names, so the vector's order is SHOW VARIABLES'.
    #[test]
    fn registry_is_in_name_order() {
        assert!(SYSTEM_VARIABLES.windows(2).all(|w| w[0].name < w[1].name));
    }

    #[test]
    fn holds_what_was_inserted_in_name_order() {
        let mut t = VarTable::default();
        t.insert("max_connections", VarValue::UInt(151));
        t.insert("autocommit", VarValue::Bool(true));
        t.insert("max_connections", VarValue::UInt(20));
        assert_eq!(t.len(), 2);
        assert_eq!(t["max_connections"], VarValue::UInt(20));
        assert!(t.get("MAX_CONNECTIONS").is_none());
        assert!(!t.contains_key("sort_buffer_size"));
        let names: Vec<&str> = t.iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["autocommit", "max_connections"]);
    }
}
