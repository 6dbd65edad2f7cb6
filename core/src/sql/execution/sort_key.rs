//! Sort keys as byte strings: a value list encoded so that comparing the bytes gives the order
//! [`cmp_values`](crate::storage::table::cmp_values) gives (NULL first, numbers by value,
//! strings under the utf8mb4_0900_ai_ci rules the engine applies: trailing spaces ignored,
//! case folded), with DESC parts inverted. A sort of millions of rows then keeps one compact
//! byte string per row instead of a vector of values, and compares with `memcmp`, as
//! filesort's own sort keys do (MySQL builds them with `make_sortkey` and `strnxfrm`).
//!
//! Values of different kinds in one key position (an integer in one row, a string in the
//! next) compare by MySQL's mixed rules, which no byte order reproduces; the encoder reports
//! them and the caller sorts by values instead.

use crate::storage::value::Value;

/// The kind of value each position held so far; a second kind in one position makes the
/// byte order unsound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Integer,
    Double,
    Decimal(u8),
    Text,
    Binary,
}

/// Encodes rows' key values, checking that each position keeps to one kind of value.
#[derive(Debug, Default)]
pub struct KeyEncoder {
    kinds: Vec<Option<Kind>>,
}

const NULL_TAG: u8 = 0x00;
const NEGATIVE_OR_SMALL_TAG: u8 = 0x01;
const LARGE_UNSIGNED_TAG: u8 = 0x02;
const VALUE_TAG: u8 = 0x03;

impl KeyEncoder {
    pub fn new(parts: usize) -> KeyEncoder {
        KeyEncoder { kinds: vec![None; parts] }
    }

    /// Appends the encoding of `values` (one per key part, `desc[i]` for a descending part) to
    /// `out`. False when a value's kind differs from what its position held before: the bytes
    /// would not order as the values do.
    pub fn encode(&mut self, values: &[Value], desc: &[bool], out: &mut Vec<u8>) -> bool {
        for (i, v) in values.iter().enumerate() {
            let start = out.len();
            let kind = match v {
                Value::Null => None,
                Value::Int(_) | Value::UInt(_) => Some(Kind::Integer),
                Value::Double(_) => Some(Kind::Double),
                Value::Decimal(d) => Some(Kind::Decimal(d.scale)),
                Value::Str(_) => Some(Kind::Text),
                // Bytes order unlike folded text: a column mixing them takes the comparator.
                Value::Bin(_) => Some(Kind::Binary),
            };
            if let (Some(k), Some(slot)) = (kind, self.kinds.get_mut(i)) {
                match slot {
                    None => *slot = Some(k),
                    Some(seen) if *seen != k => return false,
                    Some(_) => {}
                }
            }
            encode_value(v, out);
            if desc.get(i).copied().unwrap_or(false) {
                out[start..].iter_mut().for_each(|b| *b = !*b);
            }
        }
        true
    }
}

/// One value's encoding: a tag byte, then a fixed-width number or an escaped, terminated
/// string, so that no encoding is a prefix of another (which keeps DESC's inversion sound).
fn encode_value(v: &Value, out: &mut Vec<u8>) {
    match v {
        Value::Null => out.push(NULL_TAG),
        Value::Int(i) => {
            out.push(NEGATIVE_OR_SMALL_TAG);
            out.extend_from_slice(&((*i as u64) ^ (1 << 63)).to_be_bytes());
        }
        Value::UInt(u) if *u <= i64::MAX as u64 => {
            out.push(NEGATIVE_OR_SMALL_TAG);
            out.extend_from_slice(&(u ^ (1 << 63)).to_be_bytes());
        }
        Value::UInt(u) => {
            out.push(LARGE_UNSIGNED_TAG);
            out.extend_from_slice(&u.to_be_bytes());
        }
        Value::Double(d) => {
            out.push(VALUE_TAG);
            // -0.0 equals 0.0; the IEEE bits ordered as integers otherwise.
            let d = if *d == 0.0 { 0.0 } else { *d };
            let bits = d.to_bits();
            let ordered = if bits >> 63 == 1 { !bits } else { bits ^ (1 << 63) };
            out.extend_from_slice(&ordered.to_be_bytes());
        }
        Value::Decimal(d) => {
            // One scale per position (checked by the encoder), so the mantissas order.
            out.push(VALUE_TAG);
            out.extend_from_slice(&((d.mantissa as u128) ^ (1 << 127)).to_be_bytes());
        }
        Value::Bin(b) => {
            // Bytewise, escaped as text is, so that no encoding is a prefix of another.
            out.push(VALUE_TAG);
            for &x in b {
                out.push(x);
                if x == 0 {
                    out.push(0xff);
                }
            }
            out.extend_from_slice(&[0x00, 0x00]);
        }
        Value::Str(s) => {
            out.push(VALUE_TAG);
            let s = s.trim_end_matches(' ');
            if super::ascii_text::is_ascii_without_nul(s.as_bytes()) {
                // The common case: no byte to escape. Copied whole and folded in place, in
                // passes the compiler widens (a byte-at-a-time `extend` cost 15 instructions
                // a byte on sysbench's 120-character `c`).
                let at = out.len();
                out.extend_from_slice(s.as_bytes());
                out[at..].make_ascii_lowercase();
                out.extend_from_slice(&[0x00, 0x00]);
                return;
            }
            let mut push = |b: u8| {
                out.push(b);
                if b == 0 {
                    out.push(0x01);
                }
            };
            if s.is_ascii() {
                s.bytes().for_each(|b| push(b.to_ascii_lowercase()));
            } else {
                let mut buf = [0u8; 4];
                for c in s.chars().flat_map(char::to_lowercase) {
                    c.encode_utf8(&mut buf).bytes().for_each(&mut push);
                }
            }
            out.extend_from_slice(&[0x00, 0x00]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::table::cmp_values;
    use crate::storage::value::Decimal;
    use std::cmp::Ordering;

    fn key(values: &[Value], desc: &[bool]) -> Vec<u8> {
        let mut out = Vec::new();
        assert!(KeyEncoder::new(values.len()).encode(values, desc, &mut out));
        out
    }

    /// Every pair of same-kind values orders by bytes as `cmp_values` orders them, ascending
    /// and descending, alone and followed by a second part.
    #[test]
    fn bytes_order_as_values_do() {
        let s = |t: &str| Value::Str(t.into());
        let families: Vec<Vec<Value>> = vec![
            vec![
                Value::Null,
                Value::Int(i64::MIN),
                Value::Int(-1),
                Value::Int(0),
                Value::UInt(0),
                Value::UInt(7),
                Value::Int(7),
                Value::UInt(i64::MAX as u64),
                Value::UInt(u64::MAX),
            ],
            vec![
                Value::Null,
                Value::Double(-1e300),
                Value::Double(-0.5),
                Value::Double(-0.0),
                Value::Double(0.0),
                Value::Double(2.5),
                Value::Double(f64::MAX),
            ],
            vec![
                Value::Null,
                Value::Decimal(Decimal::new(-1050, 2)),
                Value::Decimal(Decimal::new(0, 2)),
                Value::Decimal(Decimal::new(5, 2)),
                Value::Decimal(Decimal::new(1050, 2)),
            ],
            vec![
                Value::Null,
                s(""),
                s(" "),
                s("a"),
                s("A "),
                s("a\0b"),
                s("ab"),
                s("Abc"),
                s("b"),
                s("é"),
                s("Éa"),
                s("z\u{1F600}"),
            ],
        ];
        for family in &families {
            for x in family {
                for y in family {
                    let want = cmp_values(x, y);
                    for desc in [false, true] {
                        let got = key(std::slice::from_ref(x), &[desc])
                            .cmp(&key(std::slice::from_ref(y), &[desc]));
                        let want = if desc { want.reverse() } else { want };
                        assert_eq!(got, want, "{x:?} vs {y:?}, desc {desc}");
                        // A second part decides only ties of the first.
                        let two =
                            |v: &Value, n: i64| key(&[v.clone(), Value::Int(n)], &[desc, false]);
                        let got = two(x, 2).cmp(&two(y, 1));
                        let tie = if want == Ordering::Equal { Ordering::Greater } else { want };
                        assert_eq!(got, tie, "{x:?},2 vs {y:?},1, desc {desc}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_second_kind_in_one_position_is_refused() {
        let mut e = KeyEncoder::new(1);
        let mut out = Vec::new();
        assert!(e.encode(&[Value::Int(1)], &[false], &mut out));
        assert!(e.encode(&[Value::Null], &[false], &mut out));
        assert!(!e.encode(&[Value::Str("1".into())], &[false], &mut out));
        let mut d = KeyEncoder::new(1);
        assert!(d.encode(&[Value::Decimal(Decimal::new(1, 1))], &[false], &mut out));
        assert!(!d.encode(&[Value::Decimal(Decimal::new(1, 2))], &[false], &mut out));
    }
}
