//! MySQL 8.0's UUID conversions (WL#8920): UUID_TO_BIN, BIN_TO_UUID and IS_UUID. A UUID kept
//! as 16 bytes instead of 36 characters makes a smaller primary key and smaller secondary
//! indexes (each carries the primary key); the swap flag moves a version-1 UUID's time-high
//! and time-low groups to the front, so that UUIDs made one after another also sort one after
//! another and insert at the end of the clustered index instead of all over it.
//!
//! The rules and texts follow the manual's "Miscellaneous Functions" page and mysql-test's
//! `func_uuid.result`: three text forms are accepted (32 hex digits; 8-4-4-4-12 with dashes;
//! that form in braces), hex digits in either case; anything else is ER_WRONG_VALUE_FOR_TYPE
//! (1411), an error, not a warning.

use super::{arity, Builtin};
use crate::error::{MySqlError, Result};
use crate::storage::value::Value;
use std::borrow::Cow;
use std::fmt::Write;

/// The swap flag's byte order: time-high (bytes 6-7), time-mid (4-5), time-low (0-3), then
/// the rest as they are. Reading `SWAPPED[i]` from the UUID's bytes gives the swapped form.
const SWAPPED: [usize; 16] = [6, 7, 4, 5, 0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15];

/// Where the dashes stand in the 36-character form.
const DASHES: [usize; 4] = [8, 13, 18, 23];

pub(super) fn call(f: Builtin, args: &[&Value]) -> Option<Result<Value>> {
    let name = f.name();
    let n = args.len();
    Some(match f {
        Builtin::IsUuid => arity(name, n, 1, 1).map(|()| match bytes_of(args[0]) {
            None => Value::Null,
            Some(text) => Value::Int(i64::from(parse(&text).is_some())),
        }),
        Builtin::UuidToBin => arity(name, n, 1, 2).and_then(|()| {
            let Some(text) = bytes_of(args[0]) else { return Ok(Value::Null) };
            let Some(uuid) = parse(&text) else {
                return Err(incorrect(&String::from_utf8_lossy(&text), "uuid_to_bin"));
            };
            Ok(Value::Bin(if swap_flag(args) { SWAPPED.map(|i| uuid[i]) } else { uuid }.to_vec()))
        }),
        Builtin::BinToUuid => arity(name, n, 1, 2).and_then(|()| {
            let Some(bytes) = bytes_of(args[0]) else { return Ok(Value::Null) };
            let Ok(stored) = <[u8; 16]>::try_from(bytes.as_ref()) else {
                return Err(incorrect(&escaped(&bytes), "bin_to_uuid"));
            };
            // The inverse of SWAPPED: byte SWAPPED[i] of the UUID is byte i of the stored form.
            let mut uuid = stored;
            if swap_flag(args) {
                for (i, &at) in SWAPPED.iter().enumerate() {
                    uuid[at] = stored[i];
                }
            }
            Ok(Value::Str(text_of(&uuid)))
        }),
        _ => return None,
    })
}

/// An argument's bytes as the function reads them: a string's (text or binary), a number's
/// text; None for NULL.
fn bytes_of(v: &Value) -> Option<Cow<'_, [u8]>> {
    match v {
        Value::Null => None,
        Value::Str(s) => Some(Cow::Borrowed(s.as_bytes())),
        Value::Bin(b) => Some(Cow::Borrowed(b)),
        other => other.to_text().map(|t| Cow::Owned(t.into_bytes())),
    }
}

/// The second argument, read as an integer: any value but 0 swaps. A NULL flag reads as 0
/// (UNCONFIRMED: MySQL takes `val_int()` of it, which is 0 for NULL).
fn swap_flag(args: &[&Value]) -> bool {
    args.get(1).and_then(|v| v.to_i64()).is_some_and(|i| i != 0)
}

/// The 16 bytes of a UUID in one of its three text forms, or None.
fn parse(text: &[u8]) -> Option<[u8; 16]> {
    let digits: Vec<u8> = match text.len() {
        32 => text.to_vec(),
        36 => undashed(text)?,
        38 if text[0] == b'{' && text[37] == b'}' => undashed(&text[1..37])?,
        _ => return None,
    };
    let mut out = [0u8; 16];
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = hex_value(pair[0])? << 4 | hex_value(pair[1])?;
    }
    Some(out)
}

/// The 32 digits of the 36-character form, if its dashes stand where they must.
fn undashed(text: &[u8]) -> Option<Vec<u8>> {
    DASHES.iter().all(|&at| text[at] == b'-').then(|| {
        text.iter().enumerate().filter(|(i, _)| !DASHES.contains(i)).map(|(_, &b)| b).collect()
    })
}

fn hex_value(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

/// The 36-character form, in lower case as BIN_TO_UUID (and UUID()) write it.
fn text_of(uuid: &[u8; 16]) -> String {
    let mut s = String::with_capacity(36);
    for (i, b) in uuid.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            s.push('-');
        }
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// A binary argument as MySQL quotes it in the error: printable ASCII as it is, every other
/// byte as `\xHH` (upper case), as func_uuid.result shows (`'\x07\xF9\xD0J\xE6...'`).
fn escaped(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        if (0x20..0x7f).contains(&b) {
            s.push(b as char);
        } else {
            let _ = write!(s, "\\x{b:02X}");
        }
    }
    s
}

/// 1411 ER_WRONG_VALUE_FOR_TYPE as UUID_TO_BIN and BIN_TO_UUID raise it; the value is cut at
/// 128 characters as the message's format (`%-.128s`) cuts it.
fn incorrect(value: &str, function: &str) -> MySqlError {
    let value: String = value.chars().take(128).collect();
    MySqlError::new(
        1411,
        "HY000",
        format!("Incorrect string value: '{value}' for function {function}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(f: Builtin, args: &[Value]) -> Result<Value> {
        let refs: Vec<&Value> = args.iter().collect();
        call(f, &refs).expect("a UUID function")
    }

    fn text(s: &str) -> Value {
        Value::Str(s.into())
    }

    /// func_uuid.result: the three forms, and the swapped bytes of one UUID.
    #[test]
    fn the_three_forms_give_the_same_bytes_and_the_flag_swaps_the_time_groups() {
        let plain = [0xc8, 0xeb, 0x4b, 0x15, 0xcb, 0x09, 0x48, 0xbb];
        for form in [
            "{c8eb4b15-CB09-48bb-bbb2-e6a0b6b4d5c7}",
            "c8eb4b15cb0948bbbbb2e6a0b6b4d5c7",
            "c8eb4b15-cb09-48bb-bbb2-e6a0b6b4d5c7",
        ] {
            let Ok(Value::Bin(b)) = run(Builtin::UuidToBin, &[text(form)]) else { panic!() };
            assert_eq!(b[..8], plain, "{form}");
            let Ok(Value::Bin(s)) = run(Builtin::UuidToBin, &[text(form), Value::Int(1)]) else {
                panic!()
            };
            assert_eq!(s[..8], [0x48, 0xbb, 0xcb, 0x09, 0xc8, 0xeb, 0x4b, 0x15], "{form}");
            assert_eq!(s[8..], b[8..]);
        }
    }

    #[test]
    fn bin_to_uuid_undoes_the_swap() {
        let bin = Value::Bin(vec![
            0x7f, 0x9d, 0x04, 0xae, 0x61, 0xb3, 0x44, 0x68, 0xac, 0x79, 0x8f, 0xfc, 0xc9, 0x84,
            0xab, 0x68,
        ]);
        assert_eq!(
            run(Builtin::BinToUuid, std::slice::from_ref(&bin)),
            Ok(text("7f9d04ae-61b3-4468-ac79-8ffcc984ab68"))
        );
        assert_eq!(
            run(Builtin::BinToUuid, &[bin, Value::Int(1)]),
            Ok(text("61b34468-04ae-7f9d-ac79-8ffcc984ab68"))
        );
        let round =
            run(Builtin::UuidToBin, &[text("61b34468-04ae-7f9d-ac79-8ffcc984ab68"), Value::Int(1)]);
        let Ok(back) = round else { panic!() };
        assert_eq!(
            run(Builtin::BinToUuid, &[back, Value::Int(1)]),
            Ok(text("61b34468-04ae-7f9d-ac79-8ffcc984ab68"))
        );
    }

    #[test]
    fn is_uuid_takes_only_the_three_forms() {
        let is = |s: &str| run(Builtin::IsUuid, &[text(s)]);
        assert_eq!(is("{12345678-1234-5678-1234-567812345678}"), Ok(Value::Int(1)));
        assert_eq!(is("12345678123456781234567812345678"), Ok(Value::Int(1)));
        assert_eq!(is("12345678-12345678-1234-567812345678"), Ok(Value::Int(0)));
        assert_eq!(is("12345678-123456-78-1234-567812345678"), Ok(Value::Int(0)));
        assert_eq!(is("2345678-1234-5678-1234-567812345678"), Ok(Value::Int(0)));
        assert_eq!(is("12345678123456Z81234567812345678"), Ok(Value::Int(0)));
        assert_eq!(run(Builtin::IsUuid, &[Value::Null]), Ok(Value::Null));
    }

    #[test]
    fn bad_arguments_are_errors_with_the_value_as_mysql_quotes_it() {
        let err = |f, v: Value| run(f, &[v]).unwrap_err().to_string();
        assert!(err(Builtin::UuidToBin, Value::Int(2))
            .ends_with("Incorrect string value: '2' for function uuid_to_bin"));
        assert!(err(Builtin::BinToUuid, Value::Bin(vec![0x07, 0xf9, b'J', 0x7f]))
            .ends_with(r"Incorrect string value: '\x07\xF9J\x7F' for function bin_to_uuid"));
        assert!(err(Builtin::BinToUuid, Value::Bin(vec![])).contains("value: ''"));
        assert_eq!(run(Builtin::UuidToBin, &[Value::Null, Value::Int(1)]), Ok(Value::Null));
    }
}
