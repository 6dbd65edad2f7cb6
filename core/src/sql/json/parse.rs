//! JSON text into a [`Json`] tree, with rapidjson's messages and byte positions for invalid
//! text (MySQL reports them in errors 3140 and 3141) and MySQL's depth limit (error 3157).
//! Nesting is bounded by [`DEPTH_MAX`], so the recursion is too.

use super::{Json, DEPTH_MAX};
use crate::error::{MySqlError, Result};

/// Why text is not JSON: rapidjson's message and the byte offset it names.
#[derive(Debug, PartialEq)]
pub enum Invalid {
    Text { what: &'static str, at: usize },
    TooDeep,
}

impl Invalid {
    /// As ERROR 3141: the text was argument `arg` (1-based) of `function` (lower case).
    pub fn in_argument(self, function: &str, arg: usize) -> MySqlError {
        match self {
            Invalid::Text { what, at } => {
                let mut e = MySqlError::invalid_json_text(function, what, at);
                if arg != 1 {
                    e.message = e.message.replacen("argument 1 ", &format!("argument {arg} "), 1);
                }
                e
            }
            Invalid::TooDeep => MySqlError::json_too_deep(),
        }
    }

    /// As ERROR 3140: the text was a value for column `column` (`table.column`).
    pub fn in_column(self, column: &str) -> MySqlError {
        match self {
            Invalid::Text { what, at } => MySqlError::invalid_json_for_column(what, at, column),
            Invalid::TooDeep => MySqlError::json_too_deep(),
        }
    }
}

/// Parses a whole document.
pub fn parse(text: &str) -> std::result::Result<Json, Invalid> {
    let mut p = Parser { s: text.as_bytes(), text, i: 0 };
    p.space();
    if p.i == p.s.len() {
        return Err(invalid(p.i, "The document is empty."));
    }
    let v = p.value(1)?;
    p.space();
    if p.i != p.s.len() {
        return Err(invalid(p.i, "The document root must not be followed by other values."));
    }
    Ok(v)
}

/// Parses a document that is argument `arg` of `function`, as ERROR 3141 when invalid.
pub fn parse_argument(text: &str, function: &str, arg: usize) -> Result<Json> {
    parse(text).map_err(|e| e.in_argument(function, arg))
}

fn invalid(at: usize, what: &'static str) -> Invalid {
    Invalid::Text { what, at }
}

type Parsed<T> = std::result::Result<T, Invalid>;

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

    fn value(&mut self, depth: u32) -> Parsed<Json> {
        if depth > DEPTH_MAX {
            return Err(Invalid::TooDeep);
        }
        match self.s.get(self.i) {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b't') => self.literal("true", Json::Bool(true)),
            Some(b'f') => self.literal("false", Json::Bool(false)),
            Some(b'n') => self.literal("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(invalid(self.i, "Invalid value.")),
        }
    }

    fn literal(&mut self, word: &str, v: Json) -> Parsed<Json> {
        if self.s[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(v)
        } else {
            Err(invalid(self.i, "Invalid value."))
        }
    }

    fn number(&mut self) -> Parsed<Json> {
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
                return Ok(Json::Int(n));
            }
            if let Ok(n) = t.parse::<u64>() {
                return Ok(Json::UInt(n));
            }
        }
        match t.parse::<f64>() {
            Ok(d) if d.is_finite() => Ok(Json::Double(d)),
            _ => Err(invalid(start, "Number too big to be stored in double.")),
        }
    }

    /// A string at `i` (its opening quote), unescaped.
    fn string(&mut self) -> Parsed<String> {
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

    fn array(&mut self, depth: u32) -> Parsed<Json> {
        self.i += 1;
        let mut items = Vec::new();
        self.space();
        if self.s.get(self.i) == Some(&b']') {
            self.i += 1;
            return Ok(Json::Array(items));
        }
        loop {
            self.space();
            items.push(self.value(depth + 1)?);
            self.space();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Json::Array(items));
                }
                _ => return Err(invalid(self.i, "Missing a comma or ']' after an array element.")),
            }
        }
    }

    fn object(&mut self, depth: u32) -> Parsed<Json> {
        self.i += 1;
        let mut members: Vec<(String, Json)> = Vec::new();
        self.space();
        if self.s.get(self.i) == Some(&b'}') {
            self.i += 1;
            return Ok(Json::Object(members));
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
            let v = self.value(depth + 1)?;
            // The last of duplicate keys wins.
            Json::set_member(&mut members, &key, v);
            self.space();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Json::Object(members));
                }
                _ => return Err(invalid(self.i, "Missing a comma or '}' after an object member.")),
            }
        }
    }
}
