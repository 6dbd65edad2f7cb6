//! SQL values as the server computes and the client prints them: NULL, signed and unsigned
//! integers, exact decimals (a scaled i128, as MySQL's DECIMAL is exact), doubles and strings,
//! with MySQL's conversions between them.

use std::cmp::Ordering;
use std::fmt;

/// The most digits after the point a decimal keeps (MySQL's DECIMAL_MAX_SCALE).
pub const DECIMAL_SCALE_MAX: u8 = 30;

/// An exact decimal number: `mantissa / 10^scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decimal {
    pub mantissa: i128,
    pub scale: u8,
}

/// One value.
#[derive(Debug, PartialEq)]
pub enum Value {
    Null,
    Int(i64),
    UInt(u64),
    Decimal(Decimal),
    Double(f64),
    Str(String),
    /// A binary string (character set `binary`): bytes, compared bytewise, measured in bytes
    /// (`UNHEX('41')`, `_binary'a'`, `X'41'`, `CAST(x AS BINARY)`). Kept apart from `Str`,
    /// which is UTF-8 text in utf8mb4, because its bytes need not be UTF-8.
    Bin(Vec<u8>),
}

impl Clone for Value {
    fn clone(&self) -> Value {
        match self {
            Value::Null => Value::Null,
            Value::Int(i) => Value::Int(*i),
            Value::UInt(u) => Value::UInt(*u),
            Value::Decimal(d) => Value::Decimal(*d),
            Value::Double(f) => Value::Double(*f),
            Value::Str(s) => Value::Str(s.clone()),
            Value::Bin(b) => Value::Bin(b.clone()),
        }
    }

    /// A string or bytes copied over a value of the same kind keeps its buffer: a row slot
    /// written again for every row (a join's joined row, `clone_from_slice`) allocates only
    /// when a longer value arrives.
    fn clone_from(&mut self, source: &Value) {
        match (self, source) {
            (Value::Str(d), Value::Str(s)) => d.clone_from(s),
            (Value::Bin(d), Value::Bin(s)) => d.clone_from(s),
            (d, s) => *d = s.clone(),
        }
    }
}

fn pow10(n: u8) -> i128 {
    10i128.pow(u32::from(n))
}

impl Decimal {
    pub fn new(mantissa: i128, scale: u8) -> Decimal {
        Decimal { mantissa, scale }
    }

    /// Parses `12.50`, `-0.5`, `3`; None if it is not a plain decimal literal.
    pub fn parse(s: &str) -> Option<Decimal> {
        let (neg, body) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
        if whole.is_empty() && frac.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || frac.len() > usize::from(DECIMAL_SCALE_MAX)
            || whole.len() + frac.len() > 38
        {
            return None;
        }
        let digits = format!("{whole}{frac}");
        let m: i128 = if digits.is_empty() { 0 } else { digits.parse().ok()? };
        Some(Decimal { mantissa: if neg { -m } else { m }, scale: frac.len() as u8 })
    }

    /// The same number with `scale` digits after the point, rounding half away from zero.
    pub fn rescale(self, scale: u8) -> Decimal {
        match scale.cmp(&self.scale) {
            Ordering::Equal => self,
            Ordering::Greater => {
                Decimal { mantissa: self.mantissa.saturating_mul(pow10(scale - self.scale)), scale }
            }
            Ordering::Less => {
                let div = pow10(self.scale - scale);
                let q = self.mantissa / div;
                let r = self.mantissa % div;
                let q = if r.abs() * 2 >= div { q + self.mantissa.signum() } else { q };
                Decimal { mantissa: q, scale }
            }
        }
    }

    pub fn to_f64(self) -> f64 {
        self.mantissa as f64 / pow10(self.scale) as f64
    }

    pub fn is_zero(self) -> bool {
        self.mantissa == 0
    }

    fn aligned(a: Decimal, b: Decimal) -> (i128, i128, u8) {
        let s = a.scale.max(b.scale);
        (a.rescale(s).mantissa, b.rescale(s).mantissa, s)
    }

    pub fn checked_add(self, o: Decimal) -> Option<Decimal> {
        let (a, b, s) = Self::aligned(self, o);
        Some(Decimal::new(a.checked_add(b)?, s))
    }
    pub fn checked_sub(self, o: Decimal) -> Option<Decimal> {
        let (a, b, s) = Self::aligned(self, o);
        Some(Decimal::new(a.checked_sub(b)?, s))
    }
    pub fn checked_mul(self, o: Decimal) -> Option<Decimal> {
        let m = self.mantissa.checked_mul(o.mantissa)?;
        let d = Decimal::new(m, self.scale + o.scale);
        Some(if d.scale > DECIMAL_SCALE_MAX { d.rescale(DECIMAL_SCALE_MAX) } else { d })
    }
    /// Division with the result scale MySQL uses: the dividend's scale plus
    /// `div_precision_increment`. None when dividing by zero.
    pub fn checked_div(self, o: Decimal, precision_increment: u8) -> Option<Decimal> {
        if o.mantissa == 0 {
            return None;
        }
        let scale = (self.scale + precision_increment).min(DECIMAL_SCALE_MAX);
        // result = a/10^sa / (b/10^sb) = a * 10^(scale + sb - sa) / b, computed with one
        // extra digit for rounding.
        let shift = i32::from(scale) + i32::from(o.scale) - i32::from(self.scale) + 1;
        let num = if shift >= 0 {
            self.mantissa.checked_mul(10i128.checked_pow(shift as u32)?)?
        } else {
            self.mantissa / 10i128.pow((-shift) as u32)
        };
        let q = num / o.mantissa;
        let rounded = if q % 10 >= 5 || q % 10 <= -5 { q / 10 + q.signum() } else { q / 10 };
        Some(Decimal::new(rounded, scale))
    }

    pub fn cmp_value(self, o: Decimal) -> Ordering {
        let (a, b, _) = Self::aligned(self, o);
        a.cmp(&b)
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let neg = self.mantissa < 0;
        let digits = self.mantissa.unsigned_abs().to_string();
        let scale = usize::from(self.scale);
        let digits = if digits.len() <= scale {
            format!("{}{}", "0".repeat(scale + 1 - digits.len()), digits)
        } else {
            digits
        };
        let (whole, frac) = digits.split_at(digits.len() - scale);
        if neg {
            f.write_str("-")?;
        }
        if scale == 0 {
            f.write_str(whole)
        } else {
            write!(f, "{whole}.{frac}")
        }
    }
}

/// Formats a double the way the server sends it in the text protocol: the shortest form that
/// reads back the same, switching to exponent form for very large or small magnitudes.
pub fn format_double(d: f64) -> String {
    if d.is_nan() || d.is_infinite() {
        // MySQL never produces these from arithmetic (it gives NULL); guard anyway.
        return "NULL".into();
    }
    if d == 0.0 {
        return "0".into();
    }
    let a = d.abs();
    if (1e-5..1e15).contains(&a) {
        format!("{d}")
    } else {
        // `1e20`, `1.5e-7`: Rust's {:e} is shortest round-trip; MySQL writes the exponent
        // the same way without a plus sign.
        format!("{d:e}")
    }
}

impl Value {
    /// An integer value (signed or unsigned) as one number; None for any other kind.
    pub fn integer(&self) -> Option<i128> {
        match self {
            Value::Int(i) => Some(i128::from(*i)),
            Value::UInt(u) => Some(i128::from(*u)),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// True for the numeric kinds (the client right-aligns them).
    pub fn is_numeric(&self) -> bool {
        matches!(self, Value::Int(_) | Value::UInt(_) | Value::Decimal(_) | Value::Double(_))
    }

    /// The text the client prints, None for NULL.
    pub fn to_text(&self) -> Option<String> {
        match self {
            Value::Null => None,
            Value::Int(i) => Some(i.to_string()),
            Value::UInt(u) => Some(u.to_string()),
            Value::Decimal(d) => Some(d.to_string()),
            Value::Double(d) => Some(format_double(*d)),
            Value::Str(s) => Some(s.clone()),
            // A binary string read as text: its bytes as utf8mb4 (what CONCAT, LIKE and the
            // like see). Simplification: bytes that are not UTF-8 become U+FFFD here, where
            // MySQL would keep them (or warn 1300) by the operation.
            Value::Bin(b) => Some(String::from_utf8_lossy(b).into_owned()),
        }
    }

    /// The text the mysql client shows for the value in a result table, None for NULL.
    ///
    /// A binary string is shown as `0x` and its bytes in upper-case hex: the mysql client's
    /// `--binary-as-hex`, on by default in interactive sessions since MySQL 8.0.19 (manual,
    /// "mysql Client Options"), and the console is an interactive session.
    pub fn display_text(&self) -> Option<String> {
        match self {
            Value::Bin(b) => Some(hex_literal(b)),
            other => other.to_text(),
        }
    }

    /// The value's bytes as MySQL stores them in its character set: a string's UTF-8 bytes, a
    /// binary string's bytes, a number's text.
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        match self {
            Value::Bin(b) => Some(b.clone()),
            other => other.to_text().map(String::into_bytes),
        }
    }

    /// The value as a double (strings by their numeric prefix, as MySQL converts them).
    pub fn to_f64(&self) -> Option<f64> {
        match self {
            Value::Null => None,
            Value::Int(i) => Some(*i as f64),
            Value::UInt(u) => Some(*u as f64),
            Value::Decimal(d) => Some(d.to_f64()),
            Value::Double(d) => Some(*d),
            Value::Str(s) => Some(double_from_text(s)),
            Value::Bin(b) => Some(double_from_text(&String::from_utf8_lossy(b))),
        }
    }

    /// The value as an exact decimal where it is exact (integers, decimals, numeric strings).
    pub fn to_decimal(&self) -> Option<Decimal> {
        match self {
            Value::Int(i) => Some(Decimal::new(i128::from(*i), 0)),
            Value::UInt(u) => Some(Decimal::new(i128::from(*u), 0)),
            Value::Decimal(d) => Some(*d),
            Value::Str(s) => Decimal::parse(numeric_prefix(s)).or(Some(Decimal::new(0, 0))),
            Value::Bin(b) => Decimal::parse(numeric_prefix(&String::from_utf8_lossy(b)))
                .or(Some(Decimal::new(0, 0))),
            Value::Double(_) | Value::Null => None,
        }
    }

    /// The value as a signed integer, rounding decimals and doubles as MySQL does.
    pub fn to_i64(&self) -> Option<i64> {
        match self {
            Value::Null => None,
            Value::Int(i) => Some(*i),
            Value::UInt(u) => Some(i64::try_from(*u).unwrap_or(i64::MAX)),
            Value::Decimal(d) => {
                Some(i64::try_from(d.rescale(0).mantissa).unwrap_or(if d.mantissa < 0 {
                    i64::MIN
                } else {
                    i64::MAX
                }))
            }
            Value::Double(d) => Some(d.round() as i64),
            Value::Bin(_) => Value::Str(self.to_text().unwrap_or_default()).to_i64(),
            Value::Str(s) => {
                let p = numeric_prefix(s);
                Some(
                    p.parse::<i64>()
                        .unwrap_or_else(|_| p.parse::<f64>().unwrap_or(0.0).round() as i64),
                )
            }
        }
    }

    /// SQL truth: NULL is unknown (None), numbers are true when non-zero.
    pub fn truth(&self) -> Option<bool> {
        match self {
            Value::Null => None,
            Value::Int(i) => Some(*i != 0),
            Value::UInt(u) => Some(*u != 0),
            Value::Decimal(d) => Some(!d.is_zero()),
            Value::Double(d) => Some(*d != 0.0),
            Value::Str(_) | Value::Bin(_) => Some(self.to_f64().unwrap_or(0.0) != 0.0),
        }
    }

    /// Compares two non-NULL values as MySQL does: numbers numerically, two strings as
    /// strings (case-insensitively, like the default utf8mb4_0900_ai_ci collation for ASCII),
    /// a string and a number as numbers.
    pub fn compare(&self, other: &Value) -> Option<Ordering> {
        match (self, other) {
            (Value::Null, _) | (_, Value::Null) => None,
            (Value::Str(a), Value::Str(b)) => Some(collate_cmp(a, b)),
            // A binary string against a string compares bytes (the binary collation wins).
            (Value::Bin(a), Value::Bin(b)) => Some(a.cmp(b)),
            (Value::Bin(a), Value::Str(b)) => Some(a.as_slice().cmp(b.as_bytes())),
            (Value::Str(a), Value::Bin(b)) => Some(a.as_bytes().cmp(b.as_slice())),
            (Value::Int(a), Value::Int(b)) => Some(a.cmp(b)),
            (Value::UInt(a), Value::UInt(b)) => Some(a.cmp(b)),
            (a, b) if !matches!(a, Value::Double(_)) && !matches!(b, Value::Double(_)) => {
                Some(a.to_decimal()?.cmp_value(b.to_decimal()?))
            }
            (a, b) => a.to_f64()?.partial_cmp(&b.to_f64()?),
        }
    }
}

/// `0x` and the bytes in upper-case hex (`0x` alone for no bytes), as the mysql client's
/// `--binary-as-hex` shows a binary string.
pub fn hex_literal(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(2 + 2 * bytes.len());
    s.push_str("0x");
    for b in bytes {
        s.push_str(&format!("{b:02X}"));
    }
    s
}

/// Case-insensitive comparison that ignores trailing spaces (PAD SPACE for ASCII text).
pub fn collate_cmp(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.trim_end_matches(' '), b.trim_end_matches(' '));
    // The first byte where the two differ decides, when both bytes there are ASCII letters
    // that differ once folded, or other ASCII: the bytes before it are the same characters in
    // both (UTF-8 is self-synchronising, so an ASCII byte there starts a character in each),
    // whose folded forms are the same too, and every character folds to at least one, so a
    // string that runs out first is the smaller. Anything else takes the full comparison
    // below. This keeps a sort of long strings (sysbench's `c`) from folding them whole.
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let common = x.len().min(y.len());
    let mut i = 0;
    // Bounded by the shorter string.
    while i < common {
        let (p, q) = (x[i], y[i]);
        if p != q {
            if !(p.is_ascii() && q.is_ascii()) {
                return collate_cmp_folded(a, b);
            }
            let (p, q) = (p.to_ascii_lowercase(), q.to_ascii_lowercase());
            if p != q {
                return p.cmp(&q);
            }
        }
        i += 1;
    }
    x.len().cmp(&y.len())
}

/// [`collate_cmp`] of two strings already without their trailing spaces, folding them whole.
fn collate_cmp_folded(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        // For ASCII, Unicode's lower case is ASCII's: the same order without decoding.
        let a = a.bytes().map(|c| c.to_ascii_lowercase());
        return a.cmp(b.bytes().map(|c| c.to_ascii_lowercase()));
    }
    let a = a.chars().flat_map(char::to_lowercase);
    let b = b.chars().flat_map(char::to_lowercase);
    a.cmp(b)
}

/// A string as a double, as MySQL's `my_strtod` reads it: the longest prefix after leading
/// spaces that is a number, with an exponent (`'1e3'` is 1000); 0 when there is none.
pub fn double_from_text(s: &str) -> f64 {
    let t = s.trim_start();
    t[..double_prefix_len(t)].parse::<f64>().unwrap_or(0.0)
}

/// Whether a string reads whole as a double: a number, with spaces around it at most. Where
/// not, MySQL converts it by its prefix with warning 1292 `Truncated incorrect DOUBLE value`.
pub fn reads_whole_as_double(s: &str) -> bool {
    let t = s.trim_matches(' ');
    let t = t.trim_start();
    !t.is_empty() && double_prefix_len(t) == t.trim_end().len()
}

/// Bytes at the start of `t` that form a number `[+-]digits[.digits][e[+-]digits]` (0 when
/// there are no digits).
fn double_prefix_len(t: &str) -> usize {
    let b = t.as_bytes();
    let digits = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut i = usize::from(matches!(b.first(), Some(b'-' | b'+')));
    let start = i;
    i = digits(i);
    let mut mantissa_digits = i - start;
    if b.get(i) == Some(&b'.') {
        let after = digits(i + 1);
        mantissa_digits += after - (i + 1);
        i = after;
    }
    if mantissa_digits == 0 {
        return 0;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(b.get(j), Some(b'-' | b'+')) {
            j += 1;
        }
        let end = digits(j);
        if end > j {
            i = end;
        }
    }
    i
}

/// The longest prefix of `s` (after leading spaces) that reads as a number: MySQL converts
/// `'12abc'` to 12 and `'abc'` to 0.
pub fn numeric_prefix(s: &str) -> &str {
    let s = s.trim_start();
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'-' || b[i] == b'+') {
        i += 1;
    }
    let digits_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i == digits_start || (i == digits_start + 1 && b[digits_start] == b'.') {
        return "0";
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'-' || b[j] == b'+') {
            j += 1;
        }
        let exp_start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > exp_start {
            i = j;
        }
    }
    &s[..i]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_read_as_doubles_as_my_strtod_does() {
        for (text, value, whole) in [
            ("3", 3.0, true),
            (" 3", 3.0, true),
            ("3 ", 3.0, true),
            ("1e3", 1000.0, true),
            ("-1.5e-1", -0.15, true),
            ("3abc", 3.0, false),
            ("1e", 1.0, false),
            ("x", 0.0, false),
            ("", 0.0, false),
            (".5", 0.5, true),
        ] {
            assert_eq!(double_from_text(text), value, "{text}");
            assert_eq!(reads_whole_as_double(text), whole, "{text}");
        }
        assert_eq!(hex_literal(&[0x41, 0x0f]), "0x410F");
        assert_eq!(Value::Bin(vec![0x41]).display_text().unwrap(), "0x41");
        assert_eq!(Value::Bin(vec![0x41]).to_text().unwrap(), "A");
        assert_eq!(
            Value::Bin(b"a".to_vec()).compare(&Value::Str("A".into())),
            Some(Ordering::Greater)
        );
    }

    #[test]
    fn collation_compares_the_first_difference_as_the_folded_strings_do() {
        let texts = [
            "",
            "a",
            "A",
            "ab",
            "aB",
            "abc",
            "abc  ",
            "ab c",
            "b",
            "_",
            "-1",
            "01",
            "été",
            "ÉTÉ",
            "etE",
            "é",
            "e",
            "\u{212A}",
            "K",
            "k",
            "İx",
            "İy",
            "i",
            "a\u{130}",
            "aİb",
            "z",
            "Z ",
            "12345678901-1",
            "12345678901-2",
            "1234567890a",
            " a",
            "a\t",
            "a\u{0}",
        ];
        for a in texts {
            for b in texts {
                let (ta, tb) = (a.trim_end_matches(' '), b.trim_end_matches(' '));
                let folded = ta
                    .chars()
                    .flat_map(char::to_lowercase)
                    .cmp(tb.chars().flat_map(char::to_lowercase));
                assert_eq!(collate_cmp(a, b), folded, "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn decimals_parse_format_and_divide_like_mysql() {
        assert_eq!(Decimal::parse("12.50").unwrap().to_string(), "12.50");
        assert_eq!(Decimal::parse("-0.05").unwrap().to_string(), "-0.05");
        assert_eq!(Decimal::parse(".5").unwrap().to_string(), "0.5");
        assert!(Decimal::parse("1e5").is_none());
        let one = Decimal::new(1, 0);
        let three = Decimal::new(3, 0);
        assert_eq!(one.checked_div(three, 4).unwrap().to_string(), "0.3333");
        assert_eq!(Decimal::new(2, 0).checked_div(three, 4).unwrap().to_string(), "0.6667");
        assert_eq!(
            Decimal::new(10, 0).checked_div(Decimal::new(4, 0), 4).unwrap().to_string(),
            "2.5000"
        );
        assert_eq!(
            Decimal::parse("1.5").unwrap().checked_div(three, 4).unwrap().to_string(),
            "0.50000"
        );
        assert!(one.checked_div(Decimal::new(0, 0), 4).is_none());
        let sum = Decimal::parse("0.1").unwrap().checked_add(Decimal::parse("0.2").unwrap());
        assert_eq!(sum.unwrap().to_string(), "0.3");
        assert_eq!(Decimal::parse("2.345").unwrap().rescale(2).to_string(), "2.35");
        assert_eq!(Decimal::parse("-2.345").unwrap().rescale(2).to_string(), "-2.35");
    }

    #[test]
    fn conversions_follow_mysql() {
        assert_eq!(numeric_prefix("12abc"), "12");
        assert_eq!(numeric_prefix("  -3.5e2x"), "-3.5e2");
        assert_eq!(numeric_prefix("abc"), "0");
        assert_eq!(Value::Str("12abc".into()).to_i64(), Some(12));
        assert_eq!(Value::Str("0".into()).truth(), Some(false));
        assert_eq!(Value::Null.truth(), None);
        assert_eq!(format_double(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(format_double(1.0), "1");
        assert_eq!(format_double(1e20), "1e20");
        assert_eq!(
            Value::Int(2).compare(&Value::Decimal(Decimal::parse("2.0").unwrap())),
            Some(Ordering::Equal)
        );
        assert_eq!(
            Value::Str("abc".into()).compare(&Value::Str("ABC ".into())),
            Some(Ordering::Equal)
        );
    }
}
