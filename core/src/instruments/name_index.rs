//! An exact-spelling index of a registry's names (the status and system variable registries):
//! the engine names a counter or variable as registered on every statement, dozens of times,
//! and a binary search of hundreds of names by string comparison was a measurable share of a
//! short statement's host time. This finds such a name in one hash probe and one comparison.
//!
//! Not a MySQL structure: the simulator's own speed-up. It is a pure function of the
//! registry (a fixed hash of the name's bytes read eight at a time, no random seed), so
//! lookups are the same on every run and platform.

/// An open-addressing table of registry indexes, at most half full.
pub struct NameIndex {
    /// Registry index + 1 of the name hashed to each slot (0: empty).
    slots: Vec<u32>,
}

impl NameIndex {
    /// The index of `names` (a registry's names in registry order).
    pub fn new<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> NameIndex {
        let size = (names.len() * 2).next_power_of_two().max(2);
        let mut slots = vec![0u32; size];
        for (i, name) in names.enumerate() {
            let mut s = name_hash(name) as usize & (size - 1);
            // Bounded: more than half the slots stay empty.
            while slots[s] != 0 {
                s = (s + 1) & (size - 1);
            }
            slots[s] = i as u32 + 1;
        }
        NameIndex { slots }
    }

    /// The registry index of `name` spelled exactly as registered; `name_at(i)` is the
    /// registry's name number `i`.
    pub fn find<'n>(&self, name: &str, name_at: impl Fn(usize) -> &'n str) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut s = name_hash(name) as usize & mask;
        // Bounded: an empty slot ends every probe sequence.
        loop {
            match self.slots[s] {
                0 => return None,
                i if name_at(i as usize - 1) == name => return Some(i as usize - 1),
                _ => s = (s + 1) & mask,
            }
        }
    }
}

/// A hash of a name's bytes taken eight at a time (little-endian words, the last one padded
/// with zeros, the length mixed in): a name is hashed on every counter bump, and hashing a
/// byte at a time (FNV-1a) was most of a lookup. The final mix spreads every byte into the
/// low bits the table's slot is taken from.
fn name_hash(name: &str) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let bytes = name.as_bytes();
    let mut h = 0xcbf2_9ce4_8422_2325 ^ bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(K).rotate_left(29);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut word = [0u8; 8];
        word[..rest.len()].copy_from_slice(rest);
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(K).rotate_left(29);
    }
    // murmur3's finaliser.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// How two names compare as their ASCII-lower-case forms do (both registries' order; the
/// system variables' names are lower case), for the registries' searches when compiling
/// (`StatusId::named`, `VarId::named`).
pub(crate) const fn cmp_lower(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    let mut i = 0;
    // Bounded by the shorter name.
    while i < a.len() && i < b.len() {
        let (x, y) = (a[i].to_ascii_lowercase(), b[i].to_ascii_lowercase());
        if x != y {
            return if x < y { std::cmp::Ordering::Less } else { std::cmp::Ordering::Greater };
        }
        i += 1;
    }
    if a.len() < b.len() {
        std::cmp::Ordering::Less
    } else if a.len() > b.len() {
        std::cmp::Ordering::Greater
    } else {
        std::cmp::Ordering::Equal
    }
}

/// Whether two names are spelled exactly alike.
pub(crate) const fn eq_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    // Bounded by the names' length.
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_name_as_spelled_and_nothing_else() {
        let names = ["Questions", "Com_select", "Handler_read_key", "a", ""];
        let index = NameIndex::new(names.iter().copied());
        for (i, n) in names.iter().enumerate() {
            assert_eq!(index.find(n, |j| names[j]), Some(i));
        }
        assert_eq!(index.find("questions", |j| names[j]), None);
        assert_eq!(index.find("Com_insert", |j| names[j]), None);
    }
}
