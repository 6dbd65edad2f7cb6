//! A generated row's text, appended piece by piece to the row's own string, which a scan
//! reuses from row to row (so building a row's text allocates nothing once the string has
//! grown to the longest text).
//!
//! Only ASCII goes in (the generators' tables and digits are ASCII). Digits are appended as
//! characters, not gathered into a byte buffer and checked as UTF-8: that check was an
//! out-of-line call per piece, 7 % of a full scan of page_views.

/// Digits of base 62, in the order tokens are written.
const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Every pair of base-62 digits as text, the less significant first: pair `k` (0..3844) is
/// `BASE62[k % 62]` then `BASE62[k / 62]`.
const BASE62_PAIRS: &str = match std::str::from_utf8(&base62_pairs()) {
    Ok(s) => s,
    Err(_) => panic!("base-62 digits are ASCII"),
};

const fn base62_pairs() -> [u8; 2 * 62 * 62] {
    let mut out = [0u8; 2 * 62 * 62];
    let mut k = 0;
    while k < 62 * 62 {
        out[2 * k] = BASE62[k % 62];
        out[2 * k + 1] = BASE62[k / 62];
        k += 1;
    }
    out
}

/// A text being built into a string (cleared when the builder is made).
pub struct Text<'s>(&'s mut String);

impl<'s> Text<'s> {
    #[inline]
    pub fn new(out: &'s mut String) -> Text<'s> {
        out.clear();
        Text(out)
    }

    #[inline]
    pub fn push_str(&mut self, s: &str) {
        self.0.push_str(s);
    }

    /// One ASCII byte (anything else is not appended).
    #[inline]
    pub fn push_byte(&mut self, b: u8) {
        if b.is_ascii() {
            self.0.push(char::from(b));
        }
    }

    /// `v` as `width` base-62 digits, least significant first (6 digits hold any u32); an
    /// even width goes two digits at a time, from a table of every pair.
    #[inline]
    pub fn push_base62(&mut self, mut v: u64, width: u32) {
        for _ in 0..width / 2 {
            let at = (v % 3844) as usize * 2;
            self.0.push_str(&BASE62_PAIRS[at..at + 2]);
            v /= 3844;
        }
        if width % 2 == 1 {
            self.0.push(char::from(BASE62[(v % 62) as usize]));
        }
    }

    /// The decimal digits of `v`.
    #[inline]
    pub fn push_decimal(&mut self, v: u64) {
        let mut digits = [0u8; 20];
        let mut n = v;
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[at..] {
            self.0.push(char::from(d));
        }
    }

    /// `v` as exactly two digits.
    #[inline]
    pub fn push_2(&mut self, v: u32) {
        self.0.push(char::from(b'0' + (v / 10 % 10) as u8));
        self.0.push(char::from(b'0' + (v % 10) as u8));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(f: impl FnOnce(&mut Text)) -> String {
        let mut s = String::from("old");
        f(&mut Text::new(&mut s));
        s
    }

    #[test]
    fn pieces_append_in_order() {
        assert_eq!(text(|t| t.push_str("https://t.co/")), "https://t.co/");
        assert_eq!(text(|t| t.push_decimal(0)), "0");
        assert_eq!(text(|t| t.push_decimal(18_446_744_073_709_551_615)), "18446744073709551615");
        assert_eq!(text(|t| t.push_2(7)), "07");
        assert_eq!(text(|t| t.push_base62(61 + 62, 3)), "z10");
        // Two digits at a time give what one at a time gives.
        for v in [0u64, 61, 62, 3843, 3844, 4_294_967_295, 56_800_235_583] {
            for width in 1..=6 {
                let mut one_by_one = String::new();
                let mut rest = v;
                for _ in 0..width {
                    one_by_one.push(char::from(BASE62[(rest % 62) as usize]));
                    rest /= 62;
                }
                assert_eq!(text(|t| t.push_base62(v, width)), one_by_one, "{v} in {width}");
            }
        }
        assert_eq!(text(|t| t.push_byte(0xC3)), "");
    }
}
