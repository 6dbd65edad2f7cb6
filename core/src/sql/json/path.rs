//! JSON path expressions (`$`, `.key`, `."quoted key"`, `.*`, `[N]`, `[last]`, `[last-N]`,
//! `[M to N]`, `[*]`, `**`) parsed into legs, and the values a path selects in a document.
//! A path that does not parse is ERROR 3143; where MySQL forbids wildcards (JSON_SET,
//! JSON_LENGTH, ...) they are ERROR 3149.

use super::Json;
use crate::error::{MySqlError, Result};

/// An array position: from the start, or counted back from the last element.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Index {
    From(u32),
    Last(u32),
}

impl Index {
    /// The position in an array of `len` elements (None: before the first).
    fn resolve(self, len: usize) -> Option<usize> {
        match self {
            Index::From(n) => Some(n as usize),
            Index::Last(back) => (len as u64).checked_sub(1 + u64::from(back)).map(|i| i as usize),
        }
    }
}

/// One leg of a path.
#[derive(Clone, Debug, PartialEq)]
pub enum Leg {
    Member(String),
    AnyMember,
    Cell(Index),
    Range(Index, Index),
    AnyCell,
    /// `**`: the value and everything below it.
    Descendants,
}

/// A parsed path.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub legs: Vec<Leg>,
}

/// ER_INVALID_JSON_PATH: MySQL names the character position where parsing stopped.
/// UNCONFIRMED: the position counts the characters read up to and including the one (or the
/// unquoted member name) that failed, which matches the reports seen for `bad` (1) and
/// `$.zh-Hant` (9).
fn bad_path(at: usize) -> MySqlError {
    MySqlError::invalid_json_path(at)
}

/// 3149: a wildcard or range where one value must be named.
pub fn wildcard_not_allowed() -> MySqlError {
    MySqlError::json_path_wildcard()
}

impl Path {
    pub fn parse(text: &str) -> Result<Path> {
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let skip = |i: &mut usize| {
            while *i < chars.len() && chars[*i].is_whitespace() {
                *i += 1;
            }
        };
        skip(&mut i);
        if chars.get(i) != Some(&'$') {
            return Err(bad_path(i + 1));
        }
        i += 1;
        let mut legs = Vec::new();
        loop {
            skip(&mut i);
            let Some(&c) = chars.get(i) else { break };
            match c {
                '.' => {
                    i += 1;
                    skip(&mut i);
                    match chars.get(i) {
                        Some('*') => {
                            i += 1;
                            legs.push(Leg::AnyMember);
                        }
                        Some('"') => {
                            let (key, next) = quoted_key(&chars, i)?;
                            i = next;
                            legs.push(Leg::Member(key));
                        }
                        Some(_) => {
                            let start = i;
                            while i < chars.len()
                                && !chars[i].is_whitespace()
                                && !matches!(chars[i], '.' | '[' | '*')
                            {
                                i += 1;
                            }
                            let key: String = chars[start..i].iter().collect();
                            if !is_identifier(&key) {
                                return Err(bad_path(i.max(start + 1)));
                            }
                            legs.push(Leg::Member(key));
                        }
                        None => return Err(bad_path(i)),
                    }
                }
                '[' => {
                    i += 1;
                    skip(&mut i);
                    if chars.get(i) == Some(&'*') {
                        i += 1;
                        skip(&mut i);
                        if chars.get(i) != Some(&']') {
                            return Err(bad_path(i + 1));
                        }
                        i += 1;
                        legs.push(Leg::AnyCell);
                        continue;
                    }
                    let first = index(&chars, &mut i)?;
                    skip(&mut i);
                    let leg = if chars[i..].starts_with(&['t', 'o']) {
                        i += 2;
                        skip(&mut i);
                        let second = index(&chars, &mut i)?;
                        skip(&mut i);
                        Leg::Range(first, second)
                    } else {
                        Leg::Cell(first)
                    };
                    if chars.get(i) != Some(&']') {
                        return Err(bad_path(i + 1));
                    }
                    i += 1;
                    legs.push(leg);
                }
                '*' if chars.get(i + 1) == Some(&'*') => {
                    i += 2;
                    legs.push(Leg::Descendants);
                }
                _ => return Err(bad_path(i + 1)),
            }
        }
        // A path may not end in `**`, nor hold `***`.
        if legs.last() == Some(&Leg::Descendants)
            || legs.windows(2).any(|w| w[0] == Leg::Descendants && w[1] == Leg::Descendants)
        {
            return Err(bad_path(chars.len()));
        }
        Ok(Path { legs })
    }

    /// Whether the path may select more than one value.
    pub fn has_wildcard(&self) -> bool {
        self.legs
            .iter()
            .any(|l| matches!(l, Leg::AnyMember | Leg::AnyCell | Leg::Range(..) | Leg::Descendants))
    }

    /// The values the path selects in `doc`, in document order, without duplicates.
    pub fn select<'a>(&self, doc: &'a Json) -> Vec<&'a Json> {
        let mut out = Vec::new();
        walk(doc, &self.legs, &mut out);
        // `**` can reach one value along two routes; MySQL returns it once. No other leg
        // can, so only a path with `**` pays for the check (JSON_TABLE's `$[*]` over a large
        // array selects every element). The set only answers "seen before?": the order is
        // the walk's.
        if self.legs.iter().any(|l| matches!(l, Leg::Descendants)) {
            let mut seen = std::collections::BTreeSet::new();
            out.retain(|v| seen.insert(*v as *const Json));
        }
        out
    }
}

fn walk<'a>(v: &'a Json, legs: &[Leg], out: &mut Vec<&'a Json>) {
    let Some((leg, rest)) = legs.split_first() else {
        out.push(v);
        return;
    };
    match (leg, v) {
        (Leg::Member(k), Json::Object(m)) => {
            if let Some(x) = Json::member(m, k) {
                walk(x, rest, out);
            }
        }
        (Leg::AnyMember, Json::Object(m)) => m.iter().for_each(|(_, x)| walk(x, rest, out)),
        (Leg::Cell(ix), Json::Array(items)) => {
            if let Some(x) = ix.resolve(items.len()).and_then(|i| items.get(i)) {
                walk(x, rest, out);
            }
        }
        // A value that is not an array is treated as an array of itself: `[0]` and
        // `[last]` select it.
        (Leg::Cell(ix), other) if ix.resolve(1) == Some(0) => walk(other, rest, out),
        (Leg::Range(a, b), Json::Array(items)) => {
            let len = items.len();
            let from = a.resolve(len).unwrap_or(0);
            if let Some(to) = b.resolve(len) {
                for x in items.iter().take(to.saturating_add(1).min(len)).skip(from) {
                    walk(x, rest, out);
                }
            }
        }
        (Leg::Range(a, b), other) if a.resolve(1) == Some(0) && b.resolve(1).is_some() => {
            walk(other, rest, out)
        }
        (Leg::AnyCell, Json::Array(items)) => items.iter().for_each(|x| walk(x, rest, out)),
        (Leg::Descendants, _) => {
            walk(v, rest, out);
            match v {
                Json::Array(items) => items.iter().for_each(|x| walk(x, legs, out)),
                Json::Object(m) => m.iter().for_each(|(_, x)| walk(x, legs, out)),
                _ => {}
            }
        }
        _ => {}
    }
}

fn index(chars: &[char], i: &mut usize) -> Result<Index> {
    let digits = |i: &mut usize| -> Option<u32> {
        let start = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        chars[start..*i].iter().collect::<String>().parse().ok()
    };
    if chars[*i..].starts_with(&['l', 'a', 's', 't']) {
        *i += 4;
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
        if chars.get(*i) == Some(&'-') {
            *i += 1;
            while *i < chars.len() && chars[*i].is_whitespace() {
                *i += 1;
            }
            return digits(i).map(Index::Last).ok_or_else(|| bad_path(*i + 1));
        }
        return Ok(Index::Last(0));
    }
    digits(i).map(Index::From).ok_or_else(|| bad_path(*i + 1))
}

/// A `"quoted key"` starting at `at` (its quote), unescaped as a JSON string; and the
/// position after it.
fn quoted_key(chars: &[char], at: usize) -> Result<(String, usize)> {
    let mut i = at + 1;
    while i < chars.len() && chars[i] != '"' {
        if chars[i] == '\\' {
            i += 1;
        }
        i += 1;
    }
    if i >= chars.len() {
        return Err(bad_path(chars.len()));
    }
    let literal: String = chars[at..=i].iter().collect();
    match super::parse::parse(&literal) {
        Ok(Json::Str(s)) => Ok((s, i + 1)),
        _ => Err(bad_path(i + 1)),
    }
}

/// Whether an unquoted member name is an ECMAScript identifier, as MySQL requires.
/// Simplification: letters beyond ASCII count by Rust's `is_alphabetic`.
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    let Some(first) = chars.next() else { return false };
    (first.is_alphabetic() || first == '_' || first == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::json::parse::parse;

    fn sel(doc: &str, path: &str) -> Vec<String> {
        let d = parse(doc).unwrap();
        Path::parse(path).unwrap().select(&d).iter().map(|v| v.to_text()).collect()
    }

    #[test]
    fn paths_select_as_mysql_does() {
        let doc = r#"{"a": {"b": 1}, "c": [10, 20, 30], "d": {"b": 2}}"#;
        assert_eq!(sel(doc, "$.a.b"), ["1"]);
        assert_eq!(sel(doc, "$.c[last]"), ["30"]);
        assert_eq!(sel(doc, "$.c[last-1]"), ["20"]);
        assert_eq!(sel(doc, "$.c[0 to 1]"), ["10", "20"]);
        assert_eq!(sel(doc, "$.c[*]"), ["10", "20", "30"]);
        assert_eq!(sel(doc, "$**.b"), ["1", "2"]);
        assert_eq!(sel(doc, "$.*.b"), ["1", "2"]);
        assert_eq!(sel(doc, "$.a[0].b"), ["1"]);
        assert_eq!(sel(doc, "$.\"c\"[1]"), ["20"]);
        assert!(sel(doc, "$.x").is_empty());
    }

    #[test]
    fn bad_paths_are_3143() {
        for p in ["bad", "$.", "$[", "$.a-b", "$**", "$[x]", "$.a b"] {
            assert_eq!(Path::parse(p).unwrap_err().code, 3143, "{p}");
        }
        assert!(Path::parse("bad").unwrap_err().message.contains("position 1."));
        assert!(Path::parse("$.zh-Hant").unwrap_err().message.contains("position 9."));
    }
}
