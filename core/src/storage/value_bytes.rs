//! Values as bytes: a tag byte per value, then its payload (integers as zigzag varints,
//! strings with a varint length). A packed row is a few bytes of data instead of a 48-byte
//! `Value` per column and an allocation per string, for rows the simulator keeps a long time
//! or in bulk (a table's changed rows, a statement's internal temporary rows).

use super::value::{Decimal, Value};

const TAG_NULL: u8 = 0;
const TAG_INT: u8 = 1;
const TAG_UINT: u8 = 2;
const TAG_DECIMAL: u8 = 3;
const TAG_DOUBLE: u8 = 4;
const TAG_STR: u8 = 5;
const TAG_BIN: u8 = 6;

/// Bytes a value packs into: its tag, then its payload.
pub fn packed_size(v: &Value) -> usize {
    1 + match v {
        Value::Null => 0,
        Value::Int(i) => varint_len(zigzag(i128::from(*i))),
        Value::UInt(u) => varint_len(u128::from(*u)),
        Value::Decimal(d) => varint_len(zigzag(d.mantissa)) + 1,
        Value::Double(_) => 8,
        Value::Str(s) => varint_len(s.len() as u128) + s.len(),
        Value::Bin(b) => varint_len(b.len() as u128) + b.len(),
    }
}

fn zigzag(i: i128) -> u128 {
    ((i << 1) ^ (i >> 127)) as u128
}

fn unzigzag(u: u128) -> i128 {
    ((u >> 1) as i128) ^ -((u & 1) as i128)
}

fn varint_len(mut u: u128) -> usize {
    let mut n = 1;
    while u >= 0x80 {
        u >>= 7;
        n += 1;
    }
    n
}

fn put_varint(mut u: u128, out: &mut Vec<u8>) {
    while u >= 0x80 {
        out.push((u as u8) | 0x80);
        u >>= 7;
    }
    out.push(u as u8);
}

fn get_varint(bytes: &[u8], mut at: usize) -> (u128, usize) {
    let mut u = 0u128;
    let mut shift = 0;
    while let Some(&b) = bytes.get(at) {
        at += 1;
        if shift < 128 {
            u |= u128::from(b & 0x7f) << shift;
        }
        shift += 7;
        if b & 0x80 == 0 {
            break;
        }
    }
    (u, at)
}

pub fn encode(v: &Value, out: &mut Vec<u8>) {
    match v {
        Value::Null => out.push(TAG_NULL),
        Value::Int(i) => {
            out.push(TAG_INT);
            put_varint(zigzag(i128::from(*i)), out);
        }
        Value::UInt(u) => {
            out.push(TAG_UINT);
            put_varint(u128::from(*u), out);
        }
        Value::Decimal(d) => {
            out.push(TAG_DECIMAL);
            put_varint(zigzag(d.mantissa), out);
            out.push(d.scale);
        }
        Value::Double(f) => {
            out.push(TAG_DOUBLE);
            out.extend_from_slice(&f.to_bits().to_le_bytes());
        }
        Value::Str(s) => {
            out.push(TAG_STR);
            put_varint(s.len() as u128, out);
            out.extend_from_slice(s.as_bytes());
        }
        Value::Bin(b) => {
            out.push(TAG_BIN);
            put_varint(b.len() as u128, out);
            out.extend_from_slice(b);
        }
    }
}

/// Where the value that starts at `at` ends, without decoding it.
pub fn skip(bytes: &[u8], at: usize) -> usize {
    let tag = bytes.get(at).copied().unwrap_or(TAG_NULL);
    let at = at + 1;
    let end = match tag {
        TAG_INT | TAG_UINT => get_varint(bytes, at).1,
        TAG_DECIMAL => get_varint(bytes, at).1 + 1,
        TAG_DOUBLE => at + 8,
        TAG_STR | TAG_BIN => {
            let (len, start) = get_varint(bytes, at);
            start.saturating_add(len.min(bytes.len() as u128) as usize)
        }
        _ => at,
    };
    end.min(bytes.len())
}

/// Decodes the value at `at` into `slot` (reusing a string's buffer); returns where the next
/// value starts.
pub fn decode(bytes: &[u8], at: usize, slot: &mut Value) -> usize {
    let tag = bytes.get(at).copied().unwrap_or(TAG_NULL);
    let at = at + 1;
    match tag {
        TAG_INT => {
            let (u, next) = get_varint(bytes, at);
            *slot = Value::Int(unzigzag(u) as i64);
            next
        }
        TAG_UINT => {
            let (u, next) = get_varint(bytes, at);
            *slot = Value::UInt(u as u64);
            next
        }
        TAG_DECIMAL => {
            let (u, next) = get_varint(bytes, at);
            let scale = bytes.get(next).copied().unwrap_or(0);
            *slot = Value::Decimal(Decimal::new(unzigzag(u), scale));
            next + 1
        }
        TAG_DOUBLE => {
            let mut b = [0u8; 8];
            if let Some(s) = bytes.get(at..at + 8) {
                b.copy_from_slice(s);
            }
            *slot = Value::Double(f64::from_bits(u64::from_le_bytes(b)));
            at + 8
        }
        TAG_STR => {
            let (len, start) = get_varint(bytes, at);
            let end = (start + len as usize).min(bytes.len());
            // Packed from a `String`, so the bytes are UTF-8.
            let text = std::str::from_utf8(&bytes[start.min(end)..end]).unwrap_or("");
            match slot {
                Value::Str(s) => {
                    s.clear();
                    s.push_str(text);
                }
                other => *other = Value::Str(text.to_string()),
            }
            end
        }
        TAG_BIN => {
            let (len, start) = get_varint(bytes, at);
            let end =
                (start.saturating_add(len.min(bytes.len() as u128) as usize)).min(bytes.len());
            *slot = Value::Bin(bytes[start.min(end)..end].to_vec());
            end
        }
        _ => {
            *slot = Value::Null;
            at
        }
    }
}

/// A row packed on its own, in one allocation of exactly its size.
pub fn pack_row(row: &[Value]) -> Box<[u8]> {
    let mut out = Vec::with_capacity(row.iter().map(packed_size).sum());
    for v in row {
        encode(v, &mut out);
    }
    out.into_boxed_slice()
}

/// Decodes a row of `width` values that [`pack_row`] packed into `row` (reusing its strings'
/// buffers).
pub fn unpack_row(bytes: &[u8], width: usize, row: &mut Vec<Value>) {
    row.resize(width, Value::Null);
    let mut at = 0;
    for slot in row.iter_mut() {
        at = decode(bytes, at, slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_row_comes_back_as_it_went_in() {
        let row = vec![
            Value::Int(-7),
            Value::UInt(u64::MAX),
            Value::Str("83868641912-28773972837".into()),
            Value::Null,
            Value::Decimal(Decimal::new(-12_345, 2)),
            Value::Double(0.25),
        ];
        let packed = pack_row(&row);
        assert_eq!(packed.len(), row.iter().map(packed_size).sum::<usize>());
        let mut back = vec![Value::Str("reused".into()); 2];
        unpack_row(&packed, row.len(), &mut back);
        assert_eq!(back, row);
    }
}
