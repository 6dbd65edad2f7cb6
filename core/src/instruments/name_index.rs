//! An exact-spelling index of a registry's names (the status and system variable registries):
//! the engine names a counter or variable as registered on every statement, dozens of times,
//! and a binary search of hundreds of names by string comparison was a measurable share of a
//! short statement's host time. This finds such a name in one hash probe and one comparison.
//!
//! Not a MySQL structure: the simulator's own speed-up. It is a pure function of the
//! registry (FNV-1a, no random seed), so lookups are the same on every run and platform.

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
            let mut s = fnv1a(name) as usize & (size - 1);
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
        let mut s = fnv1a(name) as usize & mask;
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

/// FNV-1a of a name's bytes.
fn fnv1a(name: &str) -> u64 {
    name.bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
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
