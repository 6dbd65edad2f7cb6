//! Text read as a number the way a cast reads it: MySQL's `my_strtoll10` for integers (an
//! optional sign and digits; anything after them but spaces is "truncated") and
//! `str2my_decimal` for DECIMAL (digits, a point, an exponent).

use crate::storage::value::Decimal;

/// An integer read from text, as `my_strtoll10` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntegerText {
    /// The value's 64 bits: a negative number as itself, a positive one up to 2^64-1 as
    /// unsigned bits (so `'18446744073709551615'` is -1 when the cast is SIGNED, as in MySQL).
    pub bits: u64,
    /// Text did not read whole (no digits, or something but spaces after them), or the
    /// number overflowed 64 bits (then `bits` is the clamped value).
    pub truncated: bool,
}

/// Reads an integer: leading spaces, a sign, digits; a value past 64 bits clamps to
/// 2^64-1 (positive) or -2^63 (negative), as `my_strtoll10` does.
pub fn integer_from_text(s: &str) -> IntegerText {
    let t = s.trim_start_matches([' ', '\t', '\n', '\r']);
    let (negative, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &body[digits..];
    let mut truncated = digits == 0 || !rest.trim_end_matches(' ').is_empty();
    let mut magnitude: u64 = 0;
    for c in body[..digits].bytes() {
        match magnitude.checked_mul(10).and_then(|m| m.checked_add(u64::from(c - b'0'))) {
            Some(m) => magnitude = m,
            None => {
                truncated = true;
                magnitude = u64::MAX;
                break;
            }
        }
    }
    let bits = if negative {
        if magnitude > 1 << 63 {
            truncated = true;
            i64::MIN as u64
        } else {
            magnitude.wrapping_neg()
        }
    } else {
        magnitude
    };
    IntegerText { bits, truncated }
}

/// Reads an exact decimal: sign, digits, an optional fraction and exponent. The bool says
/// the text did not read whole (MySQL's "Truncated incorrect DECIMAL value"). Digits past
/// what an i128 holds (38) are dropped from the fraction's end (a simplification: MySQL's
/// DECIMAL holds 65 digits).
pub fn decimal_from_text(s: &str) -> (Decimal, bool) {
    let t = s.trim_start();
    let b = t.as_bytes();
    let mut i = 0;
    let negative = match b.first() {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let mut digits = String::new();
    let mut scale: i64 = 0;
    let whole_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        digits.push(b[i] as char);
        i += 1;
    }
    let mut any = i > whole_start;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            digits.push(b[i] as char);
            scale += 1;
            i += 1;
        }
        any |= i > frac_start;
    }
    if !any {
        return (Decimal::new(0, 0), true);
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        let exp_negative = match b.get(j) {
            Some(b'-') => {
                j += 1;
                true
            }
            Some(b'+') => {
                j += 1;
                false
            }
            _ => false,
        };
        let exp_start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > exp_start {
            let exp: i64 = t[exp_start..j].parse().unwrap_or(i64::from(u16::MAX));
            scale -= if exp_negative { -exp } else { exp };
            i = j;
        }
    }
    let truncated = !t[i..].trim_end().is_empty();
    let digits = digits.trim_start_matches('0');
    // A positive exponent past the digits: append zeros.
    let mut digits = digits.to_string();
    while scale < 0 && digits.len() < 40 {
        digits.push('0');
        scale += 1;
    }
    if scale < 0 {
        // Too large for 38 digits: the caller clamps to the target's range.
        return (Decimal::new(if negative { -i128::MAX } else { i128::MAX }, 0), truncated);
    }
    // Drop fraction digits past what an i128 and DECIMAL's 30-digit scale hold.
    while (digits.len() > 38 || scale > 30) && scale > 0 {
        digits.pop();
        scale -= 1;
    }
    if digits.len() > 38 {
        return (Decimal::new(if negative { -i128::MAX } else { i128::MAX }, 0), truncated);
    }
    let m: i128 = if digits.is_empty() { 0 } else { digits.parse().unwrap_or(i128::MAX) };
    (Decimal::new(if negative { -m } else { m }, scale as u8), truncated)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_as_strtoll10_reads_them() {
        let r = |s: &str| {
            let x = integer_from_text(s);
            (x.bits as i64, x.truncated)
        };
        assert_eq!(r("12"), (12, false));
        assert_eq!(r(" 12  "), (12, false));
        assert_eq!(r("12abc"), (12, true));
        assert_eq!(r("1.7"), (1, true));
        assert_eq!(r("abc"), (0, true));
        assert_eq!(r("-5"), (-5, false));
        assert_eq!(r("18446744073709551615"), (-1, false));
        assert_eq!(r("99999999999999999999"), (-1, true));
        assert_eq!(r("-99999999999999999999"), (i64::MIN, true));
    }

    #[test]
    fn decimals_with_fraction_and_exponent() {
        let d = |s: &str| {
            let (v, t) = decimal_from_text(s);
            (v.to_string(), t)
        };
        assert_eq!(d("12.50"), ("12.50".into(), false));
        assert_eq!(d("1e3"), ("1000".into(), false));
        assert_eq!(d("1.5e-2"), ("0.015".into(), false));
        assert_eq!(d("1.2.3"), ("1.2".into(), true));
        assert_eq!(d("abc"), ("0".into(), true));
        assert_eq!(d("-0.5"), ("-0.5".into(), false));
    }
}
