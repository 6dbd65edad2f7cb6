//! A map from names to values that finds a name in one hash probe and still lists its
//! entries in name order. A database's tables and the per-table instruments are looked up by
//! name on every statement; with 25,000 sysbench tables a `BTreeMap<String, _>` search was
//! about fifteen string comparisons of names sharing the prefix `sbtest`, a measurable share
//! of a statement's host time.
//!
//! Not a MySQL structure: the simulator's own speed-up. The hash is FNV-1a with no random
//! seed, and only the name-ordered index is ever iterated, so nothing depends on hash order.

use std::collections::BTreeMap;
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a over the bytes written, with splitmix64's finaliser (FNV's low bits alone spread
/// poorly over a power-of-two table). Deterministic: the same on every run and platform.
#[derive(Clone, Copy, Debug)]
pub struct NameHasher(u64);

impl Default for NameHasher {
    fn default() -> NameHasher {
        NameHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The hash index of the names. A std HashMap is allowed here because it is never iterated
/// (only the BTreeMap beside it is) and its hasher is fixed, so neither its order nor a random
/// seed can reach output.
#[allow(clippy::disallowed_types)]
type ByName = std::collections::HashMap<String, usize, BuildHasherDefault<NameHasher>>;

/// Values by name: a hash index for lookups, a name-ordered index for listing.
#[derive(Clone, Debug)]
pub struct NameMap<V> {
    /// The values; a removed one leaves `None` until a new name reuses its slot.
    slots: Vec<Option<V>>,
    /// Slots emptied by removals, reused first (so the slots stay at most the peak size).
    free: Vec<usize>,
    by_name: ByName,
    in_order: BTreeMap<String, usize>,
}

impl<V> Default for NameMap<V> {
    fn default() -> NameMap<V> {
        NameMap {
            slots: Vec::new(),
            free: Vec::new(),
            by_name: ByName::default(),
            in_order: BTreeMap::new(),
        }
    }
}

impl<V: PartialEq> PartialEq for NameMap<V> {
    /// Equal when they hold the same names with equal values (slots may differ).
    fn eq(&self, other: &NameMap<V>) -> bool {
        self.len() == other.len() && self.iter().all(|(k, v)| other.get(k) == Some(v))
    }
}

impl<V> NameMap<V> {
    pub fn len(&self) -> usize {
        self.in_order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.in_order.is_empty()
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    pub fn get(&self, name: &str) -> Option<&V> {
        self.slots.get(*self.by_name.get(name)?)?.as_ref()
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut V> {
        self.slots.get_mut(*self.by_name.get(name)?)?.as_mut()
    }

    /// Sets `name`'s value; returns the value it replaced.
    pub fn insert(&mut self, name: String, value: V) -> Option<V> {
        if let Some(&i) = self.by_name.get(name.as_str()) {
            return self.slots[i].replace(value);
        }
        let i = match self.free.pop() {
            Some(i) => {
                self.slots[i] = Some(value);
                i
            }
            None => {
                self.slots.push(Some(value));
                self.slots.len() - 1
            }
        };
        self.by_name.insert(name.clone(), i);
        self.in_order.insert(name, i);
        None
    }

    pub fn remove(&mut self, name: &str) -> Option<V> {
        let i = self.by_name.remove(name)?;
        self.in_order.remove(name);
        self.free.push(i);
        self.slots[i].take()
    }

    /// The names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.in_order.keys()
    }

    /// The values, in their names' order.
    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.in_order.values().filter_map(|&i| self.slots[i].as_ref())
    }

    /// Every value, in no particular order (for changes that do not depend on it).
    pub fn values_mut_unordered(&mut self) -> impl Iterator<Item = &mut V> {
        self.slots.iter_mut().flatten()
    }

    /// (name, value) pairs in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &V)> {
        self.in_order.iter().filter_map(|(k, &i)| Some((k, self.slots[i].as_ref()?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_lists_in_order_and_reuses_slots() {
        let mut m = NameMap::default();
        for n in ["sbtest10", "sbtest2", "sbtest1"] {
            assert_eq!(m.insert(n.to_string(), n.len()), None);
        }
        assert_eq!(m.get("sbtest2"), Some(&7));
        assert_eq!(m.insert("sbtest2".into(), 70), Some(7));
        assert_eq!(m.keys().collect::<Vec<_>>(), ["sbtest1", "sbtest10", "sbtest2"]);
        assert_eq!(m.remove("sbtest10"), Some(8));
        assert_eq!(m.get("sbtest10"), None);
        m.insert("a".into(), 2);
        let listed: Vec<(&String, &usize)> = m.iter().collect();
        assert_eq!(listed, [(&"a".into(), &2), (&"sbtest1".into(), &7), (&"sbtest2".into(), &70)]);
        // The removed name's slot was reused.
        assert_eq!(m.slots.len(), 3);
        assert_eq!(m.len(), 3);
    }
}
