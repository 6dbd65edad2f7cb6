//! CAST(... AS JSON): a number becomes a JSON number; a string is parsed as JSON text and
//! printed in MySQL's normal form (`{"a": 1, "b": [1, 2]}`: one space after `:` and `,`,
//! object keys ordered by length and then bytes, the last of duplicate keys kept, as 8.0.3+
//! does). Text that is not JSON is ERROR 3141 with rapidjson's message and byte position.

use crate::error::{MySqlError, Result};
use crate::storage::value::{format_double, Value};

/// JSON nesting MySQL accepts (JSON_DOCUMENT_MAX_DEPTH); deeper is ERROR 3157.
const DEPTH_MAX: u32 = 100;

/// `v` as a JSON value, written in MySQL's normal form.
pub fn to_json(v: &Value) -> Result<Value> {
    Ok(match v {
        Value::Null => Value::Null,
        Value::Int(_) | Value::UInt(_) | Value::Decimal(_) => {
            Value::Str(v.to_text().unwrap_or_default())
        }
        Value::Double(d) => Value::Str(json_double(*d)),
        Value::Str(s) => {
            let mut p = Parser { s: s.as_bytes(), text: s, i: 0 };
            p.space();
            if p.i == p.s.len() {
                return Err(invalid(p.i, "The document is empty."));
            }
            let mut out = String::new();
            p.value(&mut out, 1)?;
            p.space();
            if p.i != p.s.len() {
                return Err(invalid(
                    p.i,
                    "The document root must not be followed by other values.",
                ));
            }
            Value::Str(out)
        }
    })
}

fn invalid(at: usize, what: &str) -> MySqlError {
    MySqlError::invalid_json_text("cast_as_json", what, at)
}

/// A JSON double as MySQL prints it: shortest form, with `.0` when it is whole.
fn json_double(d: f64) -> String {
    let t = format_double(d);
    if t.contains(['.', 'e', 'E']) {
        t
    } else {
        format!("{t}.0")
    }
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    /// One value at `i`, written normalised to `out`.
    fn value(&mut self, out: &mut String, depth: u32) -> Result<()> {
        if depth > DEPTH_MAX {
            return Err(MySqlError::json_too_deep());
        }
        match self.s.get(self.i) {
            Some(b'{') => self.object(out, depth),
            Some(b'[') => self.array(out, depth),
            Some(b'"') => {
                let s = self.string()?;
                quote(&s, out);
                Ok(())
            }
            Some(b't') => self.literal("true", out),
            Some(b'f') => self.literal("false", out),
            Some(b'n') => self.literal("null", out),
            Some(b'-' | b'0'..=b'9') => self.number(out),
            _ => Err(invalid(self.i, "Invalid value.")),
        }
    }

    fn literal(&mut self, word: &str, out: &mut String) -> Result<()> {
        if self.s[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            out.push_str(word);
            Ok(())
        } else {
            Err(invalid(self.i, "Invalid value."))
        }
    }

    fn number(&mut self, out: &mut String) -> Result<()> {
        let start = self.i;
        let b = self.s;
        let mut i = self.i;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return Err(invalid(start, "Invalid value."));
        }
        i += digits;
        let mut fractional = false;
        if b.get(i) == Some(&b'.') {
            let n = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if n == 0 {
                return Err(invalid(i + 1, "Missing fraction part in number."));
            }
            i += 1 + n;
            fractional = true;
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let n = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            if n == 0 {
                return Err(invalid(i, "Missing exponent in number."));
            }
            i += n;
            fractional = true;
        }
        self.i = i;
        let t = &self.text[start..i];
        if !fractional {
            if let Ok(n) = t.parse::<i64>() {
                out.push_str(&n.to_string());
                return Ok(());
            }
            if let Ok(n) = t.parse::<u64>() {
                out.push_str(&n.to_string());
                return Ok(());
            }
        }
        match t.parse::<f64>() {
            Ok(d) if d.is_finite() => {
                out.push_str(&json_double(d));
                Ok(())
            }
            _ => Err(invalid(start, "Number too big to be stored in double.")),
        }
    }

    /// A string at `i` (its opening quote), unescaped.
    fn string(&mut self) -> Result<String> {
        let open = self.i;
        self.i += 1;
        let mut out = String::new();
        loop {
            let Some(&c) = self.s.get(self.i) else {
                return Err(invalid(open, "Missing a closing quotation mark in string."));
            };
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok(out);
                }
                b'\\' => {
                    let esc = self.i;
                    let e = self.s.get(self.i + 1).copied();
                    self.i += 2;
                    match e {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let hex = self
                                .text
                                .get(self.i..self.i + 4)
                                .and_then(|h| u32::from_str_radix(h, 16).ok());
                            let Some(code) = hex else {
                                return Err(invalid(
                                    esc,
                                    "Incorrect hex digit after \\u escape in string.",
                                ));
                            };
                            self.i += 4;
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        _ => return Err(invalid(esc, "Invalid escape character in string.")),
                    }
                }
                0..=0x1f => return Err(invalid(self.i, "Invalid encoding in string.")),
                _ => {
                    // A whole UTF-8 character (the text is a Rust string, so valid).
                    let ch = self.text[self.i..].chars().next().unwrap_or('\u{fffd}');
                    out.push(ch);
                    self.i += ch.len_utf8();
                }
            }
        }
    }

    fn array(&mut self, out: &mut String, depth: u32) -> Result<()> {
        self.i += 1;
        out.push('[');
        self.space();
        if self.s.get(self.i) == Some(&b']') {
            self.i += 1;
            out.push(']');
            return Ok(());
        }
        let mut first = true;
        loop {
            if !first {
                out.push_str(", ");
            }
            first = false;
            self.space();
            self.value(out, depth + 1)?;
            self.space();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    out.push(']');
                    return Ok(());
                }
                _ => return Err(invalid(self.i, "Missing a comma or ']' after an array element.")),
            }
        }
    }

    fn object(&mut self, out: &mut String, depth: u32) -> Result<()> {
        self.i += 1;
        let mut members: Vec<(String, String)> = Vec::new();
        self.space();
        if self.s.get(self.i) == Some(&b'}') {
            self.i += 1;
            out.push_str("{}");
            return Ok(());
        }
        loop {
            self.space();
            if self.s.get(self.i) != Some(&b'"') {
                return Err(invalid(self.i, "Missing a name for object member."));
            }
            let key = self.string()?;
            self.space();
            if self.s.get(self.i) != Some(&b':') {
                return Err(invalid(self.i, "Missing a colon after a name of object member."));
            }
            self.i += 1;
            self.space();
            let mut v = String::new();
            self.value(&mut v, depth + 1)?;
            // The last of duplicate keys wins.
            members.retain(|(k, _)| *k != key);
            members.push((key, v));
            self.space();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    break;
                }
                _ => return Err(invalid(self.i, "Missing a comma or '}' after an object member.")),
            }
        }
        members.sort_by(|a, b| {
            a.0.len().cmp(&b.0.len()).then_with(|| a.0.as_bytes().cmp(b.0.as_bytes()))
        });
        out.push('{');
        for (n, (k, v)) in members.iter().enumerate() {
            if n > 0 {
                out.push_str(", ");
            }
            quote(k, out);
            out.push_str(": ");
            out.push_str(v);
        }
        out.push('}');
        Ok(())
    }
}

/// A JSON string literal with MySQL's escapes.
fn quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: &str) -> std::result::Result<String, String> {
        to_json(&Value::Str(s.into()))
            .map(|v| v.to_text().unwrap_or_default())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn normal_form() {
        assert_eq!(
            j(r#"{"b":[1,2.50,true],"a":null,"aa":"x\"y"}"#).unwrap(),
            r#"{"a": null, "b": [1, 2.5, true], "aa": "x\"y"}"#
        );
        assert_eq!(j(r#"{"a":1,"a":2}"#).unwrap(), r#"{"a": 2}"#);
        assert_eq!(j("1e2").unwrap(), "100.0");
        assert_eq!(j(" [ ] ").unwrap(), "[]");
        assert_eq!(to_json(&Value::Int(5)).unwrap(), Value::Str("5".into()));
    }

    #[test]
    fn invalid_text_reports_rapidjsons_message() {
        assert_eq!(
            j("abc").unwrap_err(),
            "ERROR 3141 (22032): Invalid JSON text in argument 1 to function cast_as_json: \"Invalid value.\" at position 0."
        );
        assert!(j("{\"a\" 1}")
            .unwrap_err()
            .contains("Missing a colon after a name of object member.\" at position 5."));
        assert!(j("[1] 2").unwrap_err().contains("root must not be followed"));
        assert!(j(&"[".repeat(101)).unwrap_err().contains("3157"));
    }
}
