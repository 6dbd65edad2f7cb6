//! The executor's index of GROUP BY groups: an open-addressing hash table from a group key's
//! hash to the group's number (groups are numbered in the order they first appear, which is
//! the order MySQL's temporary table returns them in). It keeps 4 bytes a slot and 4 a group,
//! not the keys: the caller says whether a candidate group has the row's key, from keys it
//! keeps for the first groups or by reading the group's first row again, so that three
//! million groups fit in a browser tab.
//!
//! The hash is the engine's own (FNV-1a, then a 64-bit finaliser), fixed and unseeded, so the
//! same rows give the same table everywhere; equal keys under the comparison GROUP BY uses
//! (numbers by value, strings with trailing spaces dropped and case folded) hash equally.

use crate::error::{MySqlError, Result};
use crate::storage::value::Value;

/// The hash of a group key, consistent with `cmp_values` equality for values of one kind (an
/// integer, a DECIMAL and a DOUBLE of the same value hash alike). Simplification: a string
/// and a number that MySQL would compare as equal hash apart; a temporary table's column has
/// one type, so real GROUP BY keys never mix them in one position.
pub fn key_hash<'v>(values: impl IntoIterator<Item = &'v Value>) -> u64 {
    let mut h = Fnv::new();
    for v in values {
        match v {
            Value::Null => h.byte(0),
            Value::Int(_) | Value::UInt(_) | Value::Decimal(_) | Value::Double(_) => {
                h.byte(1);
                match integral(v) {
                    Some(i) => h.bytes(&i.to_le_bytes()),
                    None => h.bytes(&v.to_f64().unwrap_or(0.0).to_bits().to_le_bytes()),
                }
            }
            Value::Str(s) => {
                h.byte(2);
                let s = s.trim_end_matches(' ');
                if super::ascii_text::is_ascii(s.as_bytes()) {
                    h.ascii_folded(s.as_bytes());
                } else {
                    let mut buf = [0u8; 4];
                    for c in s.chars().flat_map(char::to_lowercase) {
                        h.bytes(c.encode_utf8(&mut buf).as_bytes());
                    }
                }
                h.byte(0xff);
            }
            // Bytes as they are: a binary string groups case-sensitively.
            Value::Bin(b) => {
                h.byte(3);
                h.bytes(b);
                h.byte(0xff);
            }
        }
    }
    h.finish()
}

/// A number's value as an integer when it is one.
fn integral(v: &Value) -> Option<i128> {
    match v {
        Value::Int(i) => Some(i128::from(*i)),
        Value::UInt(u) => Some(i128::from(*u)),
        Value::Decimal(d) => {
            let p = 10i128.checked_pow(u32::from(d.scale))?;
            (d.mantissa % p == 0).then(|| d.mantissa / p)
        }
        Value::Double(d) => (d.fract() == 0.0 && d.abs() < 1e36).then_some(*d as i128),
        _ => None,
    }
}

struct Fnv(u64);

const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// Each byte with ASCII letters in lower case (every other byte as it is).
static ASCII_FOLDED: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).to_ascii_lowercase();
        i += 1;
    }
    t
};

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn byte(&mut self, b: u8) {
        self.0 = (self.0 ^ u64::from(b)).wrapping_mul(FNV_PRIME);
    }
    fn bytes(&mut self, bs: &[u8]) {
        bs.iter().for_each(|b| self.byte(*b));
    }
    /// [`Self::bytes`] of ASCII text with its letters in lower case: the same hash as
    /// hashing the folded bytes one by one, in a loop with the state in a register and the
    /// folding a table read (a DISTINCT over sysbench's 120-character `c` hashes every row).
    fn ascii_folded(&mut self, bs: &[u8]) {
        let mut h = self.0;
        for &b in bs {
            h = (h ^ u64::from(ASCII_FOLDED[usize::from(b)])).wrapping_mul(FNV_PRIME);
        }
        self.0 = h;
    }
    /// The splitmix64 finaliser: FNV's low bits alone spread poorly over a power-of-two table.
    fn finish(self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The hash index of the groups. It keeps 4 bytes a slot and 4 a group: a 3,000,000-group
/// table is 16 MB of slots, which a processor's last-level cache can mostly hold, where 8-byte
/// slots (32 MB) missed it on almost every row (one probe is one memory access).
#[derive(Debug, Default)]
pub struct GroupIndex {
    /// Per slot: the top [`TAG_BITS`] bits of the key hash and the group number + 1 below
    /// them; 0 for an empty slot. A power of two long, at most 3/4 full.
    slots: Vec<u32>,
    /// Per group, in group order: the low 32 bits of its key hash, which place its slot (so
    /// the table can grow without the keys). Kept in fixed-size chunks, never copied to grow.
    homes: Vec<Vec<u32>>,
    groups: u32,
}

/// Bits of a slot that hold the group number + 1.
const GROUP_BITS: u32 = 22;
const GROUP_MASK: u32 = (1 << GROUP_BITS) - 1;
/// Bits of a slot that hold part of the key hash: a probe calls the caller's comparison only
/// for a group whose tag matches (one in 1,024 of the others).
const TAG_BITS: u32 = 32 - GROUP_BITS;
/// Groups the index can number. Above the pipeline's own bound (`GROUPS_KEPT_MAX`), which
/// stops a statement first.
pub const GROUPS_MAX: u32 = GROUP_MASK - 1;
const HOMES_CHUNK: usize = 1 << 16;

/// The slot a hash's low half starts probing at (the finaliser has mixed every bit).
fn home(low: u32, mask: usize) -> usize {
    // In 32 bits on every target, so native and wasm probe alike.
    (low as usize) & mask
}

impl GroupIndex {
    pub fn new() -> GroupIndex {
        GroupIndex { slots: vec![0; 16], homes: Vec::new(), groups: 0 }
    }

    pub fn len(&self) -> u64 {
        u64::from(self.groups)
    }

    pub fn is_empty(&self) -> bool {
        self.groups == 0
    }

    fn home_of(&self, g: u32) -> u32 {
        let g = g as usize;
        self.homes[g / HOMES_CHUNK][g % HOMES_CHUNK]
    }

    /// The group whose key is the row's: `same(g)` tells whether group `g` (one whose hash
    /// shares the row's tag) has the row's key. A new group is added when none does.
    /// Returns the group number and whether it is new; past [`GROUPS_MAX`] groups, the
    /// statement's temporary table is full (ERROR 1114).
    pub fn find_or_add(
        &mut self,
        hash: u64,
        same: &mut dyn FnMut(u32) -> Result<bool>,
    ) -> Result<(u32, bool)> {
        let tag = (hash >> (64 - TAG_BITS)) as u32;
        let low = hash as u32;
        let mask = self.slots.len() - 1;
        let mut i = home(low, mask);
        // Bounded: the table is never full, so an empty slot ends the probe.
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                break;
            }
            if slot >> GROUP_BITS == tag && same((slot & GROUP_MASK) - 1)? {
                return Ok(((slot & GROUP_MASK) - 1, false));
            }
            i = (i + 1) & mask;
        }
        if self.groups >= GROUPS_MAX {
            return Err(MySqlError::table_full("/tmp/#sql1_8_0"));
        }
        let g = self.groups;
        self.groups += 1;
        self.slots[i] = (tag << GROUP_BITS) | (g + 1);
        if g as usize % HOMES_CHUNK == 0 {
            self.homes.push(Vec::with_capacity(HOMES_CHUNK));
        }
        self.homes.last_mut().expect("a chunk").push(low);
        if u64::from(self.groups) * 4 > self.slots.len() as u64 * 3 {
            self.grow();
        }
        Ok((g, true))
    }

    /// The group whose key is the row's, if there is one (`same` as for
    /// [`Self::find_or_add`]); adds nothing.
    pub fn find(&self, hash: u64, same: &mut dyn FnMut(u32) -> bool) -> Option<u32> {
        let tag = (hash >> (64 - TAG_BITS)) as u32;
        let mask = self.slots.len() - 1;
        let mut i = home(hash as u32, mask);
        // Bounded: the table is never full, so an empty slot ends the probe.
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            if slot >> GROUP_BITS == tag && same((slot & GROUP_MASK) - 1) {
                return Some((slot & GROUP_MASK) - 1);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let mut slots = vec![0u32; self.slots.len() * 2];
        let mask = slots.len() - 1;
        // In the old table's order: each entry lands at its old place or one table-length
        // further, so the new table is written almost in order.
        for &slot in self.slots.iter().filter(|s| **s != 0) {
            let mut i = home(self.home_of((slot & GROUP_MASK) - 1), mask);
            while slots[i] != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = slot;
        }
        self.slots = slots;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::value::Decimal;

    #[test]
    fn equal_keys_hash_alike() {
        let s = |t: &str| Value::Str(t.into());
        assert_eq!(key_hash(&[s("Abc  ")]), key_hash(&[s("abc")]));
        assert_eq!(key_hash(&[s("ÉTÉ")]), key_hash(&[s("été")]));
        assert_ne!(key_hash(&[s("abc")]), key_hash(&[s("abd")]));
        assert_eq!(key_hash(&[Value::Int(5)]), key_hash(&[Value::UInt(5)]));
        assert_eq!(key_hash(&[Value::Int(5)]), key_hash(&[Value::Decimal(Decimal::new(500, 2))]));
        assert_eq!(
            key_hash(&[Value::Double(0.5)]),
            key_hash(&[Value::Decimal(Decimal::new(5, 1))])
        );
        assert_ne!(key_hash(&[Value::Null]), key_hash(&[Value::Int(0)]));
        // Parts do not run into each other.
        assert_ne!(key_hash(&[s("ab"), s("c")]), key_hash(&[s("a"), s("bc")]));
    }

    /// The fast path for ASCII text hashes exactly as the folded bytes one by one do (a
    /// spilled temporary table's index pages are placed by this hash).
    #[test]
    fn folded_ascii_hashes_as_its_folded_bytes() {
        let text: Vec<u8> = (0u8..128).chain(*b"Hello-World ZzAa").collect();
        let mut fast = Fnv::new();
        fast.ascii_folded(&text);
        let mut slow = Fnv::new();
        slow.bytes(&text.to_ascii_lowercase());
        assert_eq!(fast.0, slow.0);
        assert_eq!(key_hash(&[Value::Str("AbC".into())]), 0x7a2d_e084_d137_4258);
    }

    #[test]
    fn groups_are_found_again_and_numbered_in_order() {
        let mut index = GroupIndex::new();
        let keys: Vec<u64> = (0..10_000).map(|i| i % 3_000).collect();
        let mut seen = Vec::new();
        for k in &keys {
            let hash = key_hash(&[Value::UInt(*k)]);
            let (g, new) = index.find_or_add(hash, &mut |g| Ok(seen[g as usize] == *k)).unwrap();
            if new {
                assert_eq!(g as usize, seen.len());
                seen.push(*k);
            } else {
                assert_eq!(seen[g as usize], *k);
            }
        }
        assert_eq!(index.len(), 3_000);
        assert_eq!(seen[..3], [0, 1, 2]);
        // A colliding hash with a different key makes a group of its own.
        let (g, new) = index.find_or_add(key_hash(&[Value::UInt(0)]), &mut |_| Ok(false)).unwrap();
        assert!(new);
        assert_eq!(g, 3_000);
    }
}
