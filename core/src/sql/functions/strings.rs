//! The string functions of the manual's "String Functions and Operators" list that the core
//! of `functions.rs` does not hold: character codes (ASCII, ORD, CHAR_LENGTH's kin BIT_LENGTH),
//! number bases (BIN, OCT, HEX, CONV), lists (ELT, FIELD, FIND_IN_SET, MAKE_SET, EXPORT_SET),
//! editing (INSERT, LTRIM, RTRIM, SPACE, SUBSTRING_INDEX, QUOTE), comparison (STRCMP), SOUNDEX,
//! TO_BASE64 and the character set functions (CHARSET, COLLATION).
//!
//! Strings are the engine's `Value::Str`, UTF-8 text in utf8mb4: a function MySQL defines on
//! bytes (ASCII, HEX, BIT_LENGTH) reads the UTF-8 bytes, as MySQL does for a utf8mb4 string.
//! UNHEX and FROM_BASE64 give a binary string (`Value::Bin`). Simplification: CHAR(), whose
//! result is a binary string too, is not here yet (ER_NOT_SUPPORTED_YET).

use super::{arity, Builtin};
use crate::error::Result;
use crate::storage::value::{collate_cmp, Value};
use std::cmp::Ordering;

/// Evaluates `f` if it is one of this module's functions.
pub(super) fn call(f: Builtin, args: &[&Value]) -> Option<Result<Value>> {
    use Builtin as B;
    let name = f.name();
    let n = args.len();
    let checked = |min: usize, max: usize| arity(name, n, min, max);
    let result = || -> Result<Option<Value>> {
        Ok(Some(match f {
            B::Ascii | B::Ord => {
                checked(1, 1)?;
                let Some(s) = args[0].to_text() else { return Ok(Some(Value::Null)) };
                Value::Int(match (f, s.chars().next()) {
                    (_, None) => 0,
                    (B::Ascii, Some(_)) => i64::from(s.as_bytes()[0]),
                    // ORD: the first character's bytes read as a big-endian number.
                    (_, Some(c)) => {
                        let mut buf = [0u8; 4];
                        c.encode_utf8(&mut buf)
                            .bytes()
                            .fold(0i64, |acc, b| acc * 256 + i64::from(b))
                    }
                })
            }
            B::BitLength => {
                checked(1, 1)?;
                args[0].to_text().map_or(Value::Null, |s| Value::Int(s.len() as i64 * 8))
            }
            B::Bin | B::Oct => {
                checked(1, 1)?;
                match integer_bits(args[0]) {
                    None => Value::Null,
                    Some(u) => Value::Str(in_base(u, if f == B::Bin { 2 } else { 8 })),
                }
            }
            B::Hex => {
                checked(1, 1)?;
                match args[0] {
                    Value::Null => Value::Null,
                    Value::Str(s) => Value::Str(s.bytes().map(|b| format!("{b:02X}")).collect()),
                    Value::Bin(b) => Value::Str(b.iter().map(|b| format!("{b:02X}")).collect()),
                    v => Value::Str(integer_bits(v).map(|u| in_base(u, 16)).unwrap_or_default()),
                }
            }
            B::Conv => {
                checked(3, 3)?;
                conv(args)
            }
            B::Elt => {
                checked(2, usize::MAX)?;
                match args[0].to_i64() {
                    Some(i) if i >= 1 && (i as usize) < n => {
                        args[i as usize].to_text().map_or(Value::Null, Value::Str)
                    }
                    _ => Value::Null,
                }
            }
            B::Field => {
                checked(2, usize::MAX)?;
                Value::Int(field(args))
            }
            B::FindInSet => {
                checked(2, 2)?;
                match (args[0].to_text(), args[1].to_text()) {
                    (Some(needle), Some(list)) => Value::Int(find_in_set(&needle, &list)),
                    _ => Value::Null,
                }
            }
            B::MakeSet => {
                checked(2, usize::MAX)?;
                let Some(bits) = integer_bits(args[0]) else { return Ok(Some(Value::Null)) };
                let chosen: Vec<String> = args[1..]
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i < 64 && bits >> i & 1 == 1)
                    .filter_map(|(_, v)| v.to_text())
                    .collect();
                Value::Str(chosen.join(","))
            }
            B::ExportSet => {
                checked(3, 5)?;
                if args.iter().any(|v| v.is_null()) {
                    return Ok(Some(Value::Null));
                }
                let bits = integer_bits(args[0]).unwrap_or(0);
                let (on, off) =
                    (args[1].to_text().unwrap_or_default(), args[2].to_text().unwrap_or_default());
                let sep = args.get(3).and_then(|v| v.to_text()).unwrap_or_else(|| ",".into());
                // Out of range counts are 64, as Item_func_export_set clamps them.
                let count = args
                    .get(4)
                    .and_then(|v| v.to_i64())
                    .filter(|c| (0..=64).contains(c))
                    .unwrap_or(64);
                let parts: Vec<&str> = (0..count)
                    .map(|i| if bits >> i & 1 == 1 { on.as_str() } else { off.as_str() })
                    .collect();
                Value::Str(parts.join(&sep))
            }
            B::Insert => {
                checked(4, 4)?;
                if args.iter().any(|v| v.is_null()) {
                    return Ok(Some(Value::Null));
                }
                let s: Vec<char> = args[0].to_text().unwrap_or_default().chars().collect();
                let (pos, len) = (args[1].to_i64().unwrap_or(0), args[2].to_i64().unwrap_or(0));
                let new = args[3].to_text().unwrap_or_default();
                let total = s.len() as i64;
                if pos < 1 || pos > total {
                    return Ok(Some(Value::Str(s.into_iter().collect())));
                }
                let start = (pos - 1) as usize;
                let end =
                    if len < 0 || len > total - (pos - 1) { s.len() } else { start + len as usize };
                let mut out: String = s[..start].iter().collect();
                out.push_str(&new);
                out.extend(&s[end..]);
                Value::Str(out)
            }
            B::Ltrim | B::Rtrim => {
                checked(1, 1)?;
                match args[0].to_text() {
                    None => Value::Null,
                    Some(s) => Value::Str(if f == B::Ltrim {
                        s.trim_start_matches(' ').to_string()
                    } else {
                        s.trim_end_matches(' ').to_string()
                    }),
                }
            }
            B::Space => {
                checked(1, 1)?;
                match args[0].to_i64() {
                    None => Value::Null,
                    // max_allowed_packet bounds results (64 MB); past it MySQL returns NULL.
                    Some(k) if k > 64 << 20 => Value::Null,
                    Some(k) => Value::Str(" ".repeat(k.max(0) as usize)),
                }
            }
            B::Strcmp => {
                checked(2, 2)?;
                match (args[0].to_text(), args[1].to_text()) {
                    (Some(a), Some(b)) => Value::Int(match collate_cmp(&a, &b) {
                        Ordering::Less => -1,
                        Ordering::Equal => 0,
                        Ordering::Greater => 1,
                    }),
                    _ => Value::Null,
                }
            }
            B::SubstringIndex => {
                checked(3, 3)?;
                if args.iter().any(|v| v.is_null()) {
                    return Ok(Some(Value::Null));
                }
                let s = args[0].to_text().unwrap_or_default();
                let delim = args[1].to_text().unwrap_or_default();
                Value::Str(substring_index(&s, &delim, args[2].to_i64().unwrap_or(0)).to_string())
            }
            B::Quote => {
                checked(1, 1)?;
                match args[0].to_text() {
                    None => Value::Str("NULL".into()),
                    Some(s) => Value::Str(quote(&s)),
                }
            }
            B::Soundex => {
                checked(1, 1)?;
                args[0].to_text().map_or(Value::Null, |s| Value::Str(soundex(&s)))
            }
            B::ToBase64 => {
                checked(1, 1)?;
                args[0].to_bytes().map_or(Value::Null, |b| Value::Str(to_base64(&b)))
            }
            B::FromBase64 => {
                checked(1, 1)?;
                args[0]
                    .to_bytes()
                    .map_or(Value::Null, |b| from_base64(&b).map_or(Value::Null, Value::Bin))
            }
            B::Unhex => {
                checked(1, 1)?;
                args[0]
                    .to_bytes()
                    .map_or(Value::Null, |b| unhex(&b).map_or(Value::Null, Value::Bin))
            }
            B::Charset => {
                checked(1, 1)?;
                // Numbers and NULL are binary; every string here is utf8mb4.
                Value::Str(
                    if matches!(args[0], Value::Str(_)) { "utf8mb4" } else { "binary" }.into(),
                )
            }
            B::Collation => {
                checked(1, 1)?;
                Value::Str(
                    if matches!(args[0], Value::Str(_)) { "utf8mb4_0900_ai_ci" } else { "binary" }
                        .into(),
                )
            }
            _ => return Ok(None),
        }))
    };
    result().transpose()
}

/// A value as the 64 bits MySQL's integer functions read (BIN, OCT, HEX of a number,
/// MAKE_SET, EXPORT_SET, BIT_COUNT): negative numbers in two's complement, doubles and decimals
/// rounded, strings by their numeric prefix.
pub(super) fn integer_bits(v: &Value) -> Option<u64> {
    match v {
        Value::Null => None,
        Value::UInt(u) => Some(*u),
        Value::Double(d) if *d >= i64::MAX as f64 => {
            Some(if *d >= u64::MAX as f64 { u64::MAX } else { *d as u64 })
        }
        Value::Decimal(d) if d.mantissa > i128::from(i64::MAX) => {
            Some(u64::try_from(d.rescale(0).mantissa).unwrap_or(u64::MAX))
        }
        other => other.to_i64().map(|i| i as u64),
    }
}

/// `u` written in `base` (2 to 36), upper-case digits.
fn in_base(mut u: u64, base: u64) -> String {
    if u == 0 {
        return "0".into();
    }
    let mut digits = Vec::new();
    while u > 0 {
        let d = (u % base) as u8;
        digits.push(if d < 10 { b'0' + d } else { b'A' + d - 10 });
        u /= base;
    }
    digits.iter().rev().map(|&b| b as char).collect()
}

/// CONV(N, from_base, to_base): N's text read in |from_base| (its longest valid prefix, a
/// leading '-' negating it as a 64-bit number when from_base is negative), written in
/// |to_base|, signed when to_base is negative. Bases outside 2..36 give NULL.
fn conv(args: &[&Value]) -> Value {
    let (Some(text), Some(from), Some(to)) =
        (args[0].to_text(), args[1].to_i64(), args[2].to_i64())
    else {
        return Value::Null;
    };
    let (fb, tb) = (from.unsigned_abs(), to.unsigned_abs());
    if !(2..=36).contains(&fb) || !(2..=36).contains(&tb) {
        return Value::Null;
    }
    let t = text.trim_start();
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    // Read as my_strntoull does: saturating at u64::MAX.
    let mut value: u64 = 0;
    let mut overflow = false;
    for c in digits.chars() {
        let Some(d) = c.to_digit(36).map(u64::from).filter(|d| *d < fb) else { break };
        match value.checked_mul(fb).and_then(|v| v.checked_add(d)) {
            Some(v) => value = v,
            None => overflow = true,
        }
    }
    if overflow {
        value = u64::MAX;
    }
    let bits = if negative { value.wrapping_neg() } else { value };
    if to < 0 && (bits as i64) < 0 {
        return Value::Str(format!("-{}", in_base((bits as i64).unsigned_abs(), tb)));
    }
    Value::Str(in_base(bits, tb))
}

/// FIELD(str, s1, s2, ...): the 1-based place of the first argument among the others, 0 when
/// it is not there or is NULL. All strings compare as strings (the collation's rules), all
/// numbers as numbers, a mix as doubles.
fn field(args: &[&Value]) -> i64 {
    let needle = args[0];
    if needle.is_null() {
        return 0;
    }
    let all_strings = args.iter().all(|v| matches!(v, Value::Str(_) | Value::Null));
    for (i, v) in args[1..].iter().enumerate() {
        let hit = match (needle, v) {
            (_, Value::Null) => false,
            (Value::Str(a), Value::Str(b)) if all_strings => collate_cmp(a, b) == Ordering::Equal,
            (a, b) if !all_strings && (a.is_numeric() && b.is_numeric()) => {
                a.compare(b) == Some(Ordering::Equal)
            }
            (a, b) => a.to_f64() == b.to_f64(),
        };
        if hit {
            return i as i64 + 1;
        }
    }
    0
}

/// FIND_IN_SET(str, list): the 1-based place of `needle` among the comma-separated items of
/// `list`, 0 when absent (a needle holding a comma is never found).
fn find_in_set(needle: &str, list: &str) -> i64 {
    if list.is_empty() || needle.contains(',') {
        return 0;
    }
    list.split(',')
        .position(|item| collate_cmp(item, needle) == Ordering::Equal)
        .map_or(0, |i| i as i64 + 1)
}

/// SUBSTRING_INDEX(s, delim, count): the text before the count-th delimiter from the left
/// (count > 0) or after it from the right (count < 0). The delimiter matches case-sensitively.
fn substring_index<'a>(s: &'a str, delim: &str, count: i64) -> &'a str {
    if delim.is_empty() || count == 0 {
        return "";
    }
    if count > 0 {
        for (seen, (at, _)) in s.match_indices(delim).enumerate() {
            if seen as i64 + 1 == count {
                return &s[..at];
            }
        }
        s
    } else {
        let wanted = count.unsigned_abs();
        let mut found = 0u64;
        for (at, _) in s.rmatch_indices(delim) {
            found += 1;
            if found == wanted {
                return &s[at + delim.len()..];
            }
        }
        s
    }
}

/// QUOTE(s): `s` in single quotes with backslash, quote, NUL and Control+Z escaped.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\0' => out.push_str("\\0"),
            '\u{1a}' => out.push_str("\\Z"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// SOUNDEX(s) as MySQL computes it: the first letter, then the codes of the following letters
/// with repeats of one code collapsed (even across a vowel) and vowels (code 0) dropped, padded to four characters
/// but not cut (MySQL's result can be longer than standard Soundex's four). Letters outside
/// A-Z are skipped, as `my_isalpha` on utf8mb4 skips them (simplification: MySQL also folds
/// some accented Latin letters to their base letter first).
fn soundex(s: &str) -> String {
    // Codes of A..Z.
    const CODES: &[u8; 26] = b"01230120022455012623010202";
    let code = |c: char| CODES[(c as u8 - b'A') as usize];
    let mut letters = s.chars().map(|c| c.to_ascii_uppercase()).filter(|c| c.is_ascii_uppercase());
    let Some(first) = letters.next() else { return String::new() };
    let mut out = String::from(first);
    let mut last = code(first);
    for c in letters {
        let k = code(c);
        // A vowel between two letters of one code does not separate them: only a code
        // written out becomes the one a repeat is checked against.
        if k != b'0' && k != last {
            out.push(k as char);
            last = k;
        }
    }
    while out.len() < 4 {
        out.push('0');
    }
    out
}

/// FROM_BASE64: the bytes a base64 text encodes, None (SQL NULL) for text that is not base64.
/// Whitespace (TO_BASE64's line breaks) is skipped. UNCONFIRMED: MySQL's decoder may accept
/// a missing `=` padding; here padding is optional too.
fn from_base64(text: &[u8]) -> Option<Vec<u8>> {
    use base64::Engine as _;
    let compact: Vec<u8> = text.iter().copied().filter(|b| !b.is_ascii_whitespace()).collect();
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
    );
    engine.decode(compact).ok()
}

/// UNHEX: the bytes that pairs of hex digits stand for (an odd count reads with a leading
/// 0, as MySQL's does); None (SQL NULL) when a character is not a hex digit.
fn unhex(digits: &[u8]) -> Option<Vec<u8>> {
    if !digits.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    let text = std::str::from_utf8(digits).ok()?;
    Some(crate::sql::literal::hex_bytes(text))
}

/// TO_BASE64: base64 with MySQL's line break after every 76 characters of output.
fn to_base64(bytes: &[u8]) -> String {
    use base64::Engine as _;
    let flat = base64::engine::general_purpose::STANDARD.encode(bytes);
    let mut out = String::with_capacity(flat.len() + flat.len() / 76);
    for (i, c) in flat.chars().enumerate() {
        if i > 0 && i % 76 == 0 {
            out.push('\n');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Value {
        Value::Str(x.into())
    }

    #[test]
    fn the_manuals_examples() {
        assert_eq!(substring_index("www.mysql.com", ".", 2), "www.mysql");
        assert_eq!(substring_index("www.mysql.com", ".", -2), "mysql.com");
        assert_eq!(substring_index("www.mysql.com", ".", 9), "www.mysql.com");
        assert_eq!(soundex("Hello"), "H400");
        assert_eq!(soundex("Quadratically"), "Q36324");
        assert_eq!(quote("Don't!"), "'Don\\'t!'");
        assert_eq!(find_in_set("b", "a,b,c,d"), 2);
        assert_eq!(field(&[&s("Bb"), &s("Aa"), &s("Bb"), &s("Cc")]), 2);
        assert_eq!(field(&[&s("Gg"), &s("Aa"), &s("Bb")]), 0);
        assert_eq!(conv(&[&s("a"), &Value::Int(16), &Value::Int(2)]), s("1010"));
        assert_eq!(conv(&[&s("6E"), &Value::Int(18), &Value::Int(8)]), s("172"));
        assert_eq!(conv(&[&Value::Int(-17), &Value::Int(10), &Value::Int(-18)]), s("-H"));
        assert_eq!(conv(&[&s("10"), &Value::Int(10), &Value::Int(10)]), s("10"));
        assert_eq!(in_base(12, 2), "1100");
        assert_eq!(in_base(255, 16), "FF");
        assert_eq!(integer_bits(&Value::Int(-1)), Some(u64::MAX));
        assert_eq!(to_base64(b"abc"), "YWJj");
    }

    #[test]
    fn list_functions() {
        let call_of = |f: Builtin, args: &[Value]| {
            let refs: Vec<&Value> = args.iter().collect();
            call(f, &refs).unwrap().unwrap()
        };
        assert_eq!(call_of(Builtin::Elt, &[Value::Int(1), s("Aa"), s("Bb")]), s("Aa"));
        assert_eq!(call_of(Builtin::Elt, &[Value::Int(3), s("Aa"), s("Bb")]), Value::Null);
        assert_eq!(
            call_of(Builtin::MakeSet, &[Value::Int(1 | 4), s("hello"), s("nice"), s("world")]),
            s("hello,world")
        );
        assert_eq!(
            call_of(Builtin::MakeSet, &[Value::Int(1 | 4), s("hello"), Value::Null, s("world")]),
            s("hello,world")
        );
        assert_eq!(
            call_of(Builtin::ExportSet, &[Value::Int(5), s("Y"), s("N"), s(","), Value::Int(4)]),
            s("Y,N,Y,N")
        );
        assert_eq!(
            call_of(Builtin::ExportSet, &[Value::Int(6), s("1"), s("0"), s(","), Value::Int(10)]),
            s("0,1,1,0,0,0,0,0,0,0")
        );
        assert_eq!(
            call_of(Builtin::Insert, &[s("Quadratic"), Value::Int(3), Value::Int(4), s("What")]),
            s("QuWhattic")
        );
        assert_eq!(
            call_of(Builtin::Insert, &[s("Quadratic"), Value::Int(-1), Value::Int(4), s("What")]),
            s("Quadratic")
        );
        assert_eq!(
            call_of(Builtin::Insert, &[s("Quadratic"), Value::Int(3), Value::Int(100), s("What")]),
            s("QuWhat")
        );
        assert_eq!(call_of(Builtin::Ord, &[s("2")]), Value::Int(50));
        assert_eq!(call_of(Builtin::Hex, &[s("abc")]), s("616263"));
        assert_eq!(call_of(Builtin::Hex, &[Value::Int(255)]), s("FF"));
        assert_eq!(call_of(Builtin::Strcmp, &[s("text"), s("text2")]), Value::Int(-1));
        assert_eq!(call_of(Builtin::Quote, &[Value::Null]), s("NULL"));
    }
}
