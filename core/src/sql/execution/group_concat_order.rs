//! GROUP_CONCAT ... ORDER BY: a group's values with their ORDER BY keys, kept until the group
//! ends and then sorted and joined, cut at `group_concat_max_len`.
//!
//! MySQL keeps them in a tree (`Item_func_group_concat`'s `tree`) and, since the text is cut
//! anyway, drops the largest values once those kept already fill `group_concat_max_len`.
//! This does the same in batches: when the texts kept pass twice the length, they are sorted
//! and every value that would start past the cut is dropped (a later value can only push it
//! further out). What stays is bounded by the length plus one value, and every byte kept is
//! taken from the statement's temporary space (ERROR 1114 past it), so even a length of
//! 2^64 - 1 cannot exhaust the tab. Values whose keys tie come last first: the tree's
//! comparison (`group_concat_key_cmp_with_order`) never calls two values equal, and puts the
//! newer one before (mysql-test's func_gconcat.result: `ORDER BY grp DESC` within one group
//! gives the rows backwards).

use crate::error::Result;
use crate::sql::execution::packed_rows::TempSpace;
use crate::storage::key::cmp_values;
use crate::storage::value::Value;
use std::cmp::Ordering;

/// Bytes counted for a kept value besides its text and keys (its place in the list).
const ENTRY_OVERHEAD: u64 = 32;

/// The values of one group of a GROUP_CONCAT ... ORDER BY.
#[derive(Clone, Debug, Default)]
pub struct Ordered {
    /// Per ORDER BY key, whether it is DESC.
    desc: Vec<bool>,
    /// Each value's ORDER BY keys, its arrival number and its text, in arrival order until
    /// sorted.
    entries: Vec<(Vec<Value>, u64, String)>,
    /// Values kept so far, for the arrival numbers.
    arrived: u64,
    /// Bytes of the texts kept.
    text_bytes: u64,
    /// Bytes taken from `space`.
    taken: u64,
    /// A value was dropped past the cut: the joined text is longer than the length.
    dropped: bool,
}

impl Ordered {
    pub fn new(desc: Vec<bool>) -> Ordered {
        Ordered { desc, ..Ordered::default() }
    }

    /// Keeps one value, its bytes taken from `space` (the statement's temporary space);
    /// `separator` is the separator's length, `max_len` the cut.
    pub fn push(
        &mut self,
        keys: Vec<Value>,
        text: String,
        separator: u64,
        max_len: u64,
        space: &TempSpace,
    ) -> Result<()> {
        let bytes = text.len() as u64
            + keys.iter().map(|k| k.to_text().map_or(1, |t| t.len() as u64)).sum::<u64>()
            + ENTRY_OVERHEAD;
        space.take(bytes)?;
        self.taken += bytes;
        self.text_bytes += text.len() as u64 + separator;
        self.arrived += 1;
        self.entries.push((keys, self.arrived, text));
        if self.text_bytes > max_len.saturating_mul(2).saturating_add(1024) {
            self.drop_past_cut(separator, max_len, space);
        }
        Ok(())
    }

    fn sort(&mut self) {
        let desc = &self.desc;
        self.entries.sort_by(|(a, i, _), (b, j, _)| order(a, b, desc).then(j.cmp(i)));
    }

    /// Sorts the values and drops those that would start past the cut.
    fn drop_past_cut(&mut self, separator: u64, max_len: u64, space: &TempSpace) {
        self.sort();
        let mut at = 0u64;
        let mut keep = self.entries.len();
        for (i, (_, _, text)) in self.entries.iter().enumerate() {
            if at >= max_len {
                keep = i;
                break;
            }
            at += if i > 0 { separator } else { 0 } + text.len() as u64;
        }
        let gone: Vec<(Vec<Value>, u64, String)> = self.entries.drain(keep..).collect();
        for (keys, _, text) in &gone {
            self.dropped |= separator > 0 || !text.is_empty();
            let bytes = text.len() as u64
                + keys.iter().map(|k| k.to_text().map_or(1, |t| t.len() as u64)).sum::<u64>()
                + ENTRY_OVERHEAD;
            self.taken -= bytes.min(self.taken);
            space.give(bytes);
            self.text_bytes -= (text.len() as u64 + separator).min(self.text_bytes);
        }
    }

    /// The values sorted and joined by `separator`, cut at `max_len` bytes (on a character's
    /// boundary), whether anything was cut, and how many values the text took (the one cut
    /// in included).
    pub fn joined(&self, separator: &str, max_len: u64) -> (String, bool, u64) {
        let mut idx: Vec<usize> = (0..self.entries.len()).collect();
        let (e, desc) = (&self.entries, &self.desc);
        idx.sort_by(|&a, &b| order(&e[a].0, &e[b].0, desc).then(e[b].1.cmp(&e[a].1)));
        let max = usize::try_from(max_len).unwrap_or(usize::MAX);
        let mut out = String::new();
        let mut taken = 0;
        for (n, &i) in idx.iter().enumerate() {
            taken += 1;
            if n > 0 {
                out.push_str(separator);
            }
            out.push_str(&self.entries[i].2);
            if out.len() > max {
                let mut at = max;
                while !out.is_char_boundary(at) {
                    at -= 1;
                }
                out.truncate(at);
                return (out, true, taken);
            }
        }
        if self.dropped {
            // The first value dropped is the one the text was cut in.
            return (out, true, taken + 1);
        }
        (out, false, taken)
    }
}

/// ORDER BY's order of two values' keys (NULL first ascending, strings by the collation),
/// as the statement's own ORDER BY compares them.
fn order(a: &[Value], b: &[Value], desc: &[bool]) -> Ordering {
    for ((x, y), d) in a.iter().zip(b).zip(desc) {
        let o = cmp_values(x, y);
        if o != Ordering::Equal {
            return if *d { o.reverse() } else { o };
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ordered(values: &[(i64, &str)], desc: bool, max_len: u64) -> (String, bool, u64) {
        let mut o = Ordered::new(vec![desc]);
        for (k, t) in values {
            o.push(vec![Value::Int(*k)], (*t).to_string(), 1, max_len, &TempSpace::default())
                .unwrap();
        }
        o.joined(",", max_len)
    }

    /// Sorted by the keys, DESC reversed, ties the newest first.
    #[test]
    fn values_come_out_in_key_order() {
        let v = [(3, "c"), (1, "a"), (2, "b"), (1, "a2")];
        assert_eq!(ordered(&v, false, 1024), ("a2,a,b,c".into(), false, 4));
        assert_eq!(ordered(&v, true, 1024), ("c,b,a2,a".into(), false, 4));
        // "a2,a" fills the 4 bytes; the third value is the one cut (its separator goes).
        assert_eq!(ordered(&v, false, 4), ("a2,a".into(), true, 3));
        assert_eq!(ordered(&v, false, 8), ("a2,a,b,c".into(), false, 4));
        assert_eq!(ordered(&v, false, 7), ("a2,a,b,".into(), true, 4));
    }

    /// Dropping the values past the cut changes nothing of the result, and keeps what is
    /// held near the length however many values come.
    #[test]
    fn values_past_the_cut_are_dropped_as_they_come() {
        let values: Vec<(i64, String)> =
            (0..5000).map(|i| ((i * 7919) % 5000, format!("v{}", (i * 7919) % 5000))).collect();
        let mut o = Ordered::new(vec![false]);
        for (k, t) in &values {
            o.push(vec![Value::Int(*k)], t.clone(), 1, 20, &TempSpace::default()).unwrap();
            assert!(o.text_bytes <= 2 * 20 + 1024 + 16);
        }
        assert_eq!(o.joined(",", 20), ("v0,v1,v2,v3,v4,v5,v6".into(), true, 8));
    }

    /// The bytes kept are taken from the temporary space, and given back when dropped.
    #[test]
    fn the_values_kept_take_temporary_space() {
        let space = TempSpace::default();
        let mut o = Ordered::new(vec![false]);
        for i in 0..3000 {
            o.push(vec![Value::Int(i)], "x".repeat(10), 1, 50, &space).unwrap();
        }
        assert_eq!(space.used(), o.taken);
        assert!(o.taken < 3000);
    }
}
