//! MySQL's JSON data type: a document tree ([`Json`]), its normal printed form (`", "` and
//! `": "` separators, object keys ordered by length and then bytes, the last of duplicate keys
//! kept, as 8.0.3+ does), JSON comparison, and the conversion of SQL values into JSON.
//!
//! Between functions a JSON value travels as a SQL string holding its normal text (see
//! `functions.rs` for how the binder tells a JSON argument from a SQL string).
//! Simplification: MySQL keeps a binary document and parses it once; here every JSON
//! function parses its document argument's text again (documents are bounded by the
//! statement limits, and by the parser's depth limit).

pub mod functions;
pub mod parse;
pub mod path;
pub mod search;
pub mod table;

use crate::storage::value::{format_double, Value};
use std::cmp::Ordering;

/// JSON nesting MySQL accepts (JSON_DOCUMENT_MAX_DEPTH); deeper is ERROR 3157.
pub const DEPTH_MAX: u32 = 100;

/// One JSON value. Objects keep their members in MySQL's key order, with unique keys.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Double(f64),
    /// An exact decimal from a SQL DECIMAL value, kept as its text (MySQL prints a JSON
    /// decimal with its scale: `[1.50]`).
    Decimal(String),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// MySQL's order of object keys: shorter first, then by bytes.
pub fn key_order(a: &str, b: &str) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.as_bytes().cmp(b.as_bytes()))
}

impl Json {
    /// An object from members in any order: sorted, the last of duplicate keys kept.
    pub fn object(members: Vec<(String, Json)>) -> Json {
        let mut out: Vec<(String, Json)> = Vec::with_capacity(members.len());
        for (k, v) in members {
            match out.iter_mut().find(|(have, _)| *have == k) {
                Some(slot) => slot.1 = v,
                None => out.push((k, v)),
            }
        }
        out.sort_by(|a, b| key_order(&a.0, &b.0));
        Json::Object(out)
    }

    /// Sets member `key` of an object (kept in order).
    pub fn set_member(members: &mut Vec<(String, Json)>, key: &str, v: Json) {
        match members.binary_search_by(|(k, _)| key_order(k, key)) {
            Ok(i) => members[i].1 = v,
            Err(i) => members.insert(i, (key.to_string(), v)),
        }
    }

    pub fn member<'a>(members: &'a [(String, Json)], key: &str) -> Option<&'a Json> {
        members.binary_search_by(|(k, _)| key_order(k, key)).ok().map(|i| &members[i].1)
    }

    /// The value in MySQL's normal text form.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    /// Writes the normal text form to `out`.
    pub fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(i) => out.push_str(&i.to_string()),
            Json::UInt(u) => out.push_str(&u.to_string()),
            Json::Double(d) => out.push_str(&json_double(*d)),
            Json::Decimal(t) => out.push_str(t),
            Json::Str(s) => quote(s, out),
            Json::Array(items) => {
                out.push('[');
                for (n, v) in items.iter().enumerate() {
                    if n > 0 {
                        out.push_str(", ");
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Json::Object(members) => {
                out.push('{');
                for (n, (k, v)) in members.iter().enumerate() {
                    if n > 0 {
                        out.push_str(", ");
                    }
                    quote(k, out);
                    out.push_str(": ");
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    /// JSON_PRETTY's form: each array element and object member on its own line, indented
    /// two spaces per level; empty arrays and objects stay `[]` and `{}`.
    pub fn write_pretty(&self, out: &mut String, level: usize) {
        let indent = |out: &mut String, n: usize| out.extend(std::iter::repeat_n("  ", n));
        match self {
            Json::Array(items) if !items.is_empty() => {
                out.push_str("[\n");
                for (n, v) in items.iter().enumerate() {
                    if n > 0 {
                        out.push_str(",\n");
                    }
                    indent(out, level + 1);
                    v.write_pretty(out, level + 1);
                }
                out.push('\n');
                indent(out, level);
                out.push(']');
            }
            Json::Object(members) if !members.is_empty() => {
                out.push_str("{\n");
                for (n, (k, v)) in members.iter().enumerate() {
                    if n > 0 {
                        out.push_str(",\n");
                    }
                    indent(out, level + 1);
                    quote(k, out);
                    out.push_str(": ");
                    v.write_pretty(out, level + 1);
                }
                out.push('\n');
                indent(out, level);
                out.push('}');
            }
            other => other.write(out),
        }
    }

    /// The value as a SQL value: its normal text.
    pub fn into_value(self) -> Value {
        Value::Str(self.to_text())
    }

    /// JSON_TYPE's name for the value.
    pub fn type_name(&self) -> &'static str {
        match self {
            Json::Null => "NULL",
            Json::Bool(_) => "BOOLEAN",
            Json::Int(_) => "INTEGER",
            Json::UInt(_) => "UNSIGNED INTEGER",
            Json::Double(_) => "DOUBLE",
            Json::Decimal(_) => "DECIMAL",
            Json::Str(_) => "STRING",
            Json::Array(_) => "ARRAY",
            Json::Object(_) => "OBJECT",
        }
    }

    /// JSON_DEPTH: 1 for a scalar or an empty container, else one more than its deepest
    /// element.
    pub fn depth(&self) -> u32 {
        match self {
            Json::Array(items) => 1 + items.iter().map(Json::depth).max().unwrap_or(0),
            Json::Object(members) => 1 + members.iter().map(|(_, v)| v.depth()).max().unwrap_or(0),
            _ => 1,
        }
    }

    fn number(&self) -> Option<f64> {
        match self {
            Json::Int(i) => Some(*i as f64),
            Json::UInt(u) => Some(*u as f64),
            Json::Double(d) => Some(*d),
            Json::Decimal(t) => t.parse().ok(),
            _ => None,
        }
    }

    /// The rank of a type in MySQL's order between values of different JSON types (higher
    /// is greater): BOOLEAN > ARRAY > OBJECT > STRING > numbers > NULL. (The temporal,
    /// opaque and BLOB types above BOOLEAN do not occur here.)
    fn rank(&self) -> u8 {
        match self {
            Json::Null => 0,
            Json::Int(_) | Json::UInt(_) | Json::Double(_) | Json::Decimal(_) => 1,
            Json::Str(_) => 2,
            Json::Object(_) => 3,
            Json::Array(_) => 4,
            Json::Bool(_) => 5,
        }
    }

    /// MySQL's JSON comparison. Numbers compare by value whatever their kind; strings by
    /// their utf8mb4 bytes; arrays element by element, then by length; objects are equal
    /// when they have the same members. Simplification: unequal objects order by their
    /// normal text (MySQL's order between them is unspecified but fixed).
    pub fn compare(&self, other: &Json) -> Ordering {
        match (self, other) {
            (Json::Int(a), Json::Int(b)) => a.cmp(b),
            (Json::UInt(a), Json::UInt(b)) => a.cmp(b),
            (Json::Int(a), Json::UInt(b)) => i128::from(*a).cmp(&i128::from(*b)),
            (Json::UInt(a), Json::Int(b)) => i128::from(*a).cmp(&i128::from(*b)),
            (a, b) if a.rank() == 1 && b.rank() == 1 => {
                let (x, y) = (a.number().unwrap_or(0.0), b.number().unwrap_or(0.0));
                x.partial_cmp(&y).unwrap_or(Ordering::Equal)
            }
            (Json::Str(a), Json::Str(b)) => a.as_bytes().cmp(b.as_bytes()),
            (Json::Bool(a), Json::Bool(b)) => a.cmp(b),
            (Json::Null, Json::Null) => Ordering::Equal,
            (Json::Array(a), Json::Array(b)) => {
                for (x, y) in a.iter().zip(b) {
                    let o = x.compare(y);
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                a.len().cmp(&b.len())
            }
            (Json::Object(a), Json::Object(b)) => {
                let same = a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|((ka, va), (kb, vb))| ka == kb && va.compare(vb) == Ordering::Equal);
                if same {
                    Ordering::Equal
                } else {
                    self.to_text().cmp(&other.to_text())
                }
            }
            (a, b) => a.rank().cmp(&b.rank()),
        }
    }
}

/// A SQL value as a JSON scalar: a number stays a number, a string becomes a JSON string
/// (never parsed), NULL becomes JSON null.
pub fn from_sql(v: &Value) -> Json {
    match v {
        Value::Null => Json::Null,
        Value::Int(i) => Json::Int(*i),
        Value::UInt(u) => Json::UInt(*u),
        Value::Decimal(_) => Json::Decimal(v.to_text().unwrap_or_default()),
        Value::Double(d) => Json::Double(*d),
        Value::Str(s) => Json::Str(s.clone()),
        // Simplification: MySQL makes a binary string a JSON opaque value; here its text.
        Value::Bin(_) => Json::Str(v.to_text().unwrap_or_default()),
    }
}

/// A JSON double as MySQL prints it: shortest form, with `.0` when it is whole.
pub fn json_double(d: f64) -> String {
    let t = format_double(d);
    if t.contains(['.', 'e', 'E']) {
        t
    } else {
        format!("{t}.0")
    }
}

/// A JSON string literal with MySQL's escapes.
pub fn quote(s: &str, out: &mut String) {
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
