//! The JSON functions: creating (JSON_ARRAY, JSON_OBJECT, JSON_QUOTE), searching
//! (JSON_EXTRACT and `->` / `->>`, JSON_CONTAINS, JSON_CONTAINS_PATH, JSON_KEYS), changing
//! (JSON_SET, JSON_INSERT, JSON_REPLACE, JSON_REMOVE, JSON_ARRAY_APPEND, JSON_MERGE_PRESERVE,
//! JSON_MERGE_PATCH), and describing (JSON_TYPE, JSON_VALID, JSON_LENGTH, JSON_DEPTH,
//! JSON_UNQUOTE, JSON_PRETTY), plus JSON comparison.
//!
//! A JSON value travels between expressions as a SQL string of its normal text, so a string
//! argument alone cannot say whether it is JSON or a SQL string (`JSON_ARRAY('[1]')` holds the
//! string "[1]", `JSON_ARRAY(JSON_ARRAY(1))` the array [1]). The binder knows, from the
//! expression's type (a JSON column, a JSON function, CAST(... AS JSON)), and wraps each JSON
//! argument that takes a value in the hidden [`DOC_MARK`] call, which prefixes its text with
//! [`MARK`]; a comparison with a JSON side becomes the hidden [`COMPARE_MARK`] call. Both
//! names begin with a space, which no unquoted name can.

use super::parse::{parse_argument, Invalid};
use super::path::{wildcard_not_allowed, Leg, Path};
use super::{from_sql, Json};
use crate::error::{MySqlError, Result};
use crate::storage::value::Value;
use std::cmp::Ordering;

/// The hidden call that marks its argument as a JSON value.
pub const DOC_MARK: &str = " JSON_DOC";
/// The hidden call that compares (op, left, right) as JSON.
pub const COMPARE_MARK: &str = " JSON_COMPARE";
/// The first character of a marked JSON value's text (never the start of JSON text).
const MARK: char = '\u{1}';

/// Most values a wildcard path or a container function gathers (the statement's memory
/// bound; a document within the statement limits holds far fewer).
const VALUES_MAX: usize = 1 << 20;

/// Whether the function (upper case) returns a JSON value.
pub fn returns_json(name: &str) -> bool {
    matches!(
        name,
        "JSON_ARRAY"
            | "JSON_OBJECT"
            | "JSON_EXTRACT"
            | "JSON_KEYS"
            | "JSON_SET"
            | "JSON_INSERT"
            | "JSON_REPLACE"
            | "JSON_REMOVE"
            | "JSON_ARRAY_APPEND"
            | "JSON_MERGE_PRESERVE"
            | "JSON_MERGE"
            | "JSON_MERGE_PATCH"
            | "JSON_SEARCH"
    )
}

/// Positions (0-based) of the arguments the function takes as JSON values rather than as
/// documents or paths: the ones the binder marks when they are JSON.
pub fn value_argument(name: &str, position: usize) -> bool {
    match name {
        "JSON_ARRAY" => true,
        "JSON_OBJECT" => position % 2 == 1,
        "JSON_SET" | "JSON_INSERT" | "JSON_REPLACE" | "JSON_ARRAY_APPEND" => {
            position >= 2 && position % 2 == 0
        }
        _ => false,
    }
}

/// The hidden mark: a JSON value's text with [`MARK`] before it.
pub fn mark(v: &Value) -> Value {
    match v {
        Value::Str(s) => Value::Str(format!("{MARK}{s}")),
        other => other.clone(),
    }
}

/// A value argument as JSON: a marked JSON text is parsed, any other SQL value becomes a
/// scalar (a string stays a string), and SQL NULL is JSON null.
fn value_json(v: &Value, function: &str, arg: usize) -> Result<Json> {
    match v {
        Value::Str(s) if s.starts_with(MARK) => {
            parse_argument(&s[MARK.len_utf8()..], function, arg)
        }
        other => Ok(from_sql(other)),
    }
}

/// A document argument: None for SQL NULL; a number is ERROR 3146, as MySQL takes only a
/// string or a JSON value.
fn doc(v: &Value, function: &str, arg: usize) -> Result<Option<Json>> {
    match v {
        Value::Null => Ok(None),
        Value::Str(s) => {
            let s = s.strip_prefix(MARK).unwrap_or(s);
            parse_argument(s, function, arg).map(Some)
        }
        _ => Err(MySqlError::invalid_type_for_json(arg, function)),
    }
}

/// A path argument: None for SQL NULL.
fn path(v: &Value) -> Result<Option<Path>> {
    match v.to_text() {
        None => Ok(None),
        Some(t) => Path::parse(&t).map(Some),
    }
}

fn arity(name: &str, n: usize, min: usize, max: usize) -> Result<()> {
    if n < min || n > max {
        return Err(MySqlError::wrong_parameter_count(name));
    }
    Ok(())
}

fn out(j: Json) -> Result<Value> {
    if j.depth() > super::DEPTH_MAX {
        return Err(Invalid::TooDeep.in_argument("", 1));
    }
    Ok(j.into_value())
}

/// Calls JSON function `name` (upper case) on evaluated arguments.
pub fn call(name: &str, args: &[&Value]) -> Result<Value> {
    let f = name.to_ascii_lowercase();
    let f = f.as_str();
    let n = args.len();
    Ok(match name {
        " JSON_DOC" => {
            arity(name, n, 1, 1)?;
            mark(args[0])
        }
        " JSON_COMPARE" => {
            arity(name, n, 3, 3)?;
            if args[1].is_null() || args[2].is_null() {
                return Ok(Value::Null);
            }
            let l = value_json(args[1], "json_compare", 1)?;
            let r = value_json(args[2], "json_compare", 2)?;
            let o = l.compare(&r);
            let op = args[0].to_text().unwrap_or_default();
            let holds = match op.as_str() {
                "=" | "<=>" => o == Ordering::Equal,
                "<>" | "!=" => o != Ordering::Equal,
                "<" => o == Ordering::Less,
                "<=" => o != Ordering::Greater,
                ">" => o == Ordering::Greater,
                _ => o != Ordering::Less,
            };
            Value::Int(i64::from(holds))
        }
        "JSON_ARRAY" => {
            let items = args
                .iter()
                .enumerate()
                .map(|(i, v)| value_json(v, f, i + 1))
                .collect::<Result<_>>()?;
            out(Json::Array(items))?
        }
        "JSON_OBJECT" => {
            if n % 2 == 1 {
                return Err(MySqlError::wrong_parameter_count(name));
            }
            let mut members = Vec::with_capacity(n / 2);
            for (i, pair) in args.chunks(2).enumerate() {
                let Some(key) = pair[0].to_text() else {
                    return Err(MySqlError::json_null_key());
                };
                members.push((key, value_json(pair[1], f, 2 * i + 2)?));
            }
            // The last of duplicate keys wins, as for any object since 8.0.3.
            out(Json::object(members))?
        }
        "JSON_QUOTE" => {
            arity(name, n, 1, 1)?;
            match args[0] {
                Value::Null => Value::Null,
                Value::Str(s) => {
                    Json::Str(s.strip_prefix(MARK).unwrap_or(s).to_string()).into_value()
                }
                _ => return Err(MySqlError::incorrect_arguments("json_quote")),
            }
        }
        "JSON_UNQUOTE" => {
            arity(name, n, 1, 1)?;
            match args[0].to_text() {
                None => Value::Null,
                Some(t) => {
                    let t = t.strip_prefix(MARK).unwrap_or(&t).to_string();
                    if t.len() >= 2 && t.starts_with('"') && t.ends_with('"') {
                        match super::parse::parse(&t) {
                            Ok(Json::Str(s)) => Value::Str(s),
                            _ => {
                                return Err(Invalid::Text {
                                    what: "Missing a closing quotation mark in string.",
                                    at: t.len(),
                                }
                                .in_argument(f, 1))
                            }
                        }
                    } else {
                        Value::Str(t)
                    }
                }
            }
        }
        " JSON_MEMBER_OF" => {
            arity(name, n, 2, 2)?;
            if args[0].is_null() || args[1].is_null() {
                return Ok(Value::Null);
            }
            let value = value_json(args[0], "member of", 1)?;
            let Some(d) = doc(args[1], "member of", 2)? else { return Ok(Value::Null) };
            Value::Int(i64::from(super::search::member_of(&value, &d)))
        }
        "JSON_OVERLAPS" => {
            arity(name, n, 2, 2)?;
            let (Some(a), Some(b)) = (doc(args[0], f, 1)?, doc(args[1], f, 2)?) else {
                return Ok(Value::Null);
            };
            Value::Int(i64::from(super::search::overlaps(&a, &b)))
        }
        "JSON_SEARCH" => {
            arity(name, n, 3, usize::MAX)?;
            let Some(d) = doc(args[0], f, 1)? else { return Ok(Value::Null) };
            let Some(all) = super::search::one_or_all(args[1])? else { return Ok(Value::Null) };
            let Some(pattern) = args[2].to_text() else { return Ok(Value::Null) };
            // A NULL or empty escape is the backslash; more than one character is 1210.
            let escape = match args.get(3).and_then(|v| v.to_text()) {
                None => '\\',
                Some(e) if e.is_empty() => '\\',
                Some(e) if e.chars().count() == 1 => e.chars().next().unwrap_or('\\'),
                Some(_) => return Err(MySqlError::incorrect_arguments("ESCAPE")),
            };
            let mut paths = Vec::with_capacity(n.saturating_sub(4));
            for p in args.iter().skip(4) {
                match path(p)? {
                    Some(p) => paths.push(p),
                    None => return Ok(Value::Null),
                }
            }
            super::search::search(&d, all, &pattern, escape, &paths)
        }
        "JSON_VALUE" => {
            arity(name, n, 2, 2)?;
            let Some(d) = doc(args[0], f, 1)? else { return Ok(Value::Null) };
            let Some(p) = path(args[1])? else { return Ok(Value::Null) };
            if p.has_wildcard() {
                return Err(wildcard_not_allowed());
            }
            super::search::value_of(p.select(&d).first().copied())
        }
        "JSON_VALID" => {
            arity(name, n, 1, 1)?;
            match args[0] {
                Value::Null => Value::Null,
                Value::Str(s) => {
                    let s = s.strip_prefix(MARK).unwrap_or(s);
                    Value::Int(i64::from(super::parse::parse(s).is_ok()))
                }
                _ => Value::Int(0),
            }
        }
        "JSON_TYPE" => {
            arity(name, n, 1, 1)?;
            match doc(args[0], f, 1)? {
                None => Value::Null,
                Some(d) => Value::Str(d.type_name().into()),
            }
        }
        "JSON_DEPTH" => {
            arity(name, n, 1, 1)?;
            match doc(args[0], f, 1)? {
                None => Value::Null,
                Some(d) => Value::Int(i64::from(d.depth())),
            }
        }
        "JSON_PRETTY" => {
            arity(name, n, 1, 1)?;
            match doc(args[0], f, 1)? {
                None => Value::Null,
                Some(d) => {
                    let mut s = String::new();
                    d.write_pretty(&mut s, 0);
                    Value::Str(s)
                }
            }
        }
        "JSON_EXTRACT" => {
            arity(name, n, 2, usize::MAX)?;
            let d = doc(args[0], f, 1)?;
            let paths = args[1..].iter().map(|p| path(p)).collect::<Result<Vec<Option<Path>>>>()?;
            let Some(d) = d else { return Ok(Value::Null) };
            if paths.iter().any(Option::is_none) {
                return Ok(Value::Null);
            }
            let paths: Vec<Path> = paths.into_iter().flatten().collect();
            let wrap = paths.len() > 1 || paths.iter().any(Path::has_wildcard);
            let mut found: Vec<Json> = Vec::new();
            for p in &paths {
                for v in p.select(&d) {
                    if found.len() >= VALUES_MAX {
                        break;
                    }
                    found.push(v.clone());
                }
            }
            if found.is_empty() {
                Value::Null
            } else if wrap {
                Json::Array(found).into_value()
            } else {
                found.swap_remove(0).into_value()
            }
        }
        "JSON_LENGTH" | "JSON_KEYS" => {
            arity(name, n, 1, 2)?;
            let d = doc(args[0], f, 1)?;
            let p = match args.get(1) {
                Some(p) => match path(p)? {
                    Some(p) if p.has_wildcard() => return Err(wildcard_not_allowed()),
                    Some(p) => Some(p),
                    None => return Ok(Value::Null),
                },
                None => None,
            };
            let Some(d) = d else { return Ok(Value::Null) };
            let target = match &p {
                Some(p) => match p.select(&d).first() {
                    Some(v) => (*v).clone(),
                    None => return Ok(Value::Null),
                },
                None => d,
            };
            if name == "JSON_LENGTH" {
                Value::Int(match &target {
                    Json::Array(items) => items.len() as i64,
                    Json::Object(m) => m.len() as i64,
                    _ => 1,
                })
            } else {
                match target {
                    Json::Object(m) => {
                        Json::Array(m.into_iter().map(|(k, _)| Json::Str(k)).collect()).into_value()
                    }
                    _ => Value::Null,
                }
            }
        }
        "JSON_CONTAINS" => {
            arity(name, n, 2, 3)?;
            let target = doc(args[0], f, 1)?;
            let candidate = doc(args[1], f, 2)?;
            let p = match args.get(2) {
                Some(p) => match path(p)? {
                    Some(p) if p.has_wildcard() => return Err(wildcard_not_allowed()),
                    Some(p) => Some(p),
                    None => return Ok(Value::Null),
                },
                None => None,
            };
            let (Some(target), Some(candidate)) = (target, candidate) else {
                return Ok(Value::Null);
            };
            let target = match &p {
                Some(p) => match p.select(&target).first() {
                    Some(v) => (*v).clone(),
                    None => return Ok(Value::Null),
                },
                None => target,
            };
            Value::Int(i64::from(contains(&target, &candidate)))
        }
        "JSON_CONTAINS_PATH" => {
            arity(name, n, 3, usize::MAX)?;
            let d = doc(args[0], f, 1)?;
            let Some(mode) = args[1].to_text() else { return Ok(Value::Null) };
            let all = match mode.to_ascii_lowercase().as_str() {
                "all" => true,
                "one" => false,
                _ => return Err(MySqlError::json_one_or_all(f)),
            };
            let paths = args[2..].iter().map(|p| path(p)).collect::<Result<Vec<_>>>()?;
            let Some(d) = d else { return Ok(Value::Null) };
            if paths.iter().any(Option::is_none) {
                return Ok(Value::Null);
            }
            let mut hits = paths.iter().flatten().map(|p| !p.select(&d).is_empty());
            Value::Int(i64::from(if all { hits.all(|h| h) } else { hits.any(|h| h) }))
        }
        "JSON_SET" | "JSON_INSERT" | "JSON_REPLACE" | "JSON_ARRAY_APPEND" => {
            if n < 3 || n % 2 == 0 {
                return Err(MySqlError::wrong_parameter_count(name));
            }
            let d = doc(args[0], f, 1)?;
            let mut steps = Vec::with_capacity(n / 2);
            for (i, pair) in args[1..].chunks(2).enumerate() {
                let Some(p) = path(pair[0])? else { return Ok(Value::Null) };
                if p.has_wildcard() {
                    return Err(wildcard_not_allowed());
                }
                steps.push((p, value_json(pair[1], f, 2 * i + 3)?));
            }
            let Some(mut d) = d else { return Ok(Value::Null) };
            for (p, v) in steps {
                if name == "JSON_ARRAY_APPEND" {
                    append(&mut d, &p.legs, v);
                } else {
                    let (insert, replace) = match name {
                        "JSON_SET" => (true, true),
                        "JSON_INSERT" => (true, false),
                        _ => (false, true),
                    };
                    set(&mut d, &p.legs, v, insert, replace);
                }
            }
            out(d)?
        }
        "JSON_REMOVE" => {
            arity(name, n, 2, usize::MAX)?;
            let d = doc(args[0], f, 1)?;
            let mut paths = Vec::with_capacity(n - 1);
            for p in &args[1..] {
                let Some(p) = path(p)? else { return Ok(Value::Null) };
                if p.has_wildcard() {
                    return Err(wildcard_not_allowed());
                }
                if p.legs.is_empty() {
                    return Err(MySqlError::json_vacuous_path());
                }
                paths.push(p);
            }
            let Some(mut d) = d else { return Ok(Value::Null) };
            for p in paths {
                remove(&mut d, &p.legs);
            }
            out(d)?
        }
        "JSON_MERGE_PRESERVE" | "JSON_MERGE" | "JSON_MERGE_PATCH" => {
            arity(name, n, 2, usize::MAX)?;
            let docs = args
                .iter()
                .enumerate()
                .map(|(i, v)| doc(v, f, i + 1))
                .collect::<Result<Vec<_>>>()?;
            // Simplification: any NULL argument makes the merge NULL (JSON_MERGE_PATCH in
            // MySQL lets a later object patch recover from a NULL before it).
            let patch = name == "JSON_MERGE_PATCH";
            let mut acc: Option<Json> = None;
            for d in docs {
                let Some(d) = d else { return Ok(Value::Null) };
                acc = Some(match acc {
                    None => d,
                    Some(a) if patch => merge_patch(a, d),
                    Some(a) => merge(a, d),
                });
            }
            match acc {
                Some(j) => out(j)?,
                None => Value::Null,
            }
        }
        _ => return Err(MySqlError::wrong_parameter_count(name)),
    })
}

/// JSON_CONTAINS: scalars contain what equals them; an array contains a scalar one of its
/// elements contains, and an array each of whose elements it contains; an object contains an
/// object whose every member it has, containing the value.
fn contains(target: &Json, candidate: &Json) -> bool {
    match (target, candidate) {
        (Json::Array(t), Json::Array(c)) => c.iter().all(|x| t.iter().any(|y| contains(y, x))),
        (Json::Array(t), c) => t.iter().any(|y| contains(y, c)),
        (Json::Object(t), Json::Object(c)) => {
            c.iter().all(|(k, v)| Json::member(t, k).is_some_and(|tv| contains(tv, v)))
        }
        (Json::Object(_), _) | (_, Json::Array(_)) | (_, Json::Object(_)) => false,
        (t, c) => t.compare(c) == Ordering::Equal,
    }
}

/// The value at a wildcard-free path, for changing.
fn locate<'a>(v: &'a mut Json, legs: &[Leg]) -> Option<&'a mut Json> {
    let Some((leg, rest)) = legs.split_first() else { return Some(v) };
    let next = match (leg, v) {
        (Leg::Member(k), Json::Object(m)) => {
            let i = m.binary_search_by(|(have, _)| super::key_order(have, k)).ok()?;
            &mut m[i].1
        }
        (Leg::Cell(ix), Json::Array(items)) => {
            let len = items.len();
            let i = resolve(*ix, len)?;
            items.get_mut(i)?
        }
        (Leg::Cell(ix), other) if resolve(*ix, 1) == Some(0) => other,
        _ => return None,
    };
    locate(next, rest)
}

fn resolve(ix: super::path::Index, len: usize) -> Option<usize> {
    match ix {
        super::path::Index::From(n) => Some(n as usize),
        super::path::Index::Last(back) => {
            (len as u64).checked_sub(1 + u64::from(back)).map(|i| i as usize)
        }
    }
}

/// JSON_SET (`insert` and `replace`), JSON_INSERT (`insert`), JSON_REPLACE (`replace`) of one
/// path: the value's parent must exist; a missing member is added, an index past the end
/// appends, and a value that is not an array is wrapped in one to append to it.
fn set(d: &mut Json, legs: &[Leg], v: Json, insert: bool, replace: bool) {
    let Some((last, parent_legs)) = legs.split_last() else {
        if replace {
            *d = v;
        }
        return;
    };
    let Some(parent) = locate(d, parent_legs) else { return };
    match (last, parent) {
        (Leg::Member(k), Json::Object(m)) => {
            let exists = Json::member(m, k).is_some();
            if (exists && replace) || (!exists && insert) {
                Json::set_member(m, k, v);
            }
        }
        (Leg::Cell(ix), Json::Array(items)) => match resolve(*ix, items.len()) {
            Some(i) if i < items.len() => {
                if replace {
                    items[i] = v;
                }
            }
            // Past the end (or before the start, for `last-N`): appended.
            _ => {
                if insert && items.len() < VALUES_MAX {
                    items.push(v);
                }
            }
        },
        (Leg::Cell(ix), other) => {
            if resolve(*ix, 1) == Some(0) {
                if replace {
                    *other = v;
                }
            } else if insert {
                let old = std::mem::replace(other, Json::Null);
                *other = Json::Array(vec![old, v]);
            }
        }
        _ => {}
    }
}

/// JSON_ARRAY_APPEND of one path: appends to the array there, or wraps a scalar or object in
/// an array with the value after it.
fn append(d: &mut Json, legs: &[Leg], v: Json) {
    let Some(target) = locate(d, legs) else { return };
    match target {
        Json::Array(items) => {
            if items.len() < VALUES_MAX {
                items.push(v);
            }
        }
        other => {
            let old = std::mem::replace(other, Json::Null);
            *other = Json::Array(vec![old, v]);
        }
    }
}

/// JSON_REMOVE of one path.
fn remove(d: &mut Json, legs: &[Leg]) {
    let Some((last, parent_legs)) = legs.split_last() else { return };
    let Some(parent) = locate(d, parent_legs) else { return };
    match (last, parent) {
        (Leg::Member(k), Json::Object(m)) => m.retain(|(have, _)| have != k),
        (Leg::Cell(ix), Json::Array(items)) => {
            if let Some(i) = resolve(*ix, items.len()).filter(|i| *i < items.len()) {
                items.remove(i);
            }
        }
        _ => {}
    }
}

/// JSON_MERGE_PRESERVE of two documents: arrays concatenate, objects merge (a key in both
/// merges its values), and otherwise each side is wrapped as an array and concatenated.
fn merge(a: Json, b: Json) -> Json {
    match (a, b) {
        (Json::Object(mut x), Json::Object(y)) => {
            for (k, v) in y {
                match x.binary_search_by(|(have, _)| super::key_order(have, &k)) {
                    Ok(i) => {
                        let old = std::mem::replace(&mut x[i].1, Json::Null);
                        x[i].1 = merge(old, v);
                    }
                    Err(i) => x.insert(i, (k, v)),
                }
            }
            Json::Object(x)
        }
        (a, b) => {
            let mut items = match a {
                Json::Array(items) => items,
                other => vec![other],
            };
            match b {
                Json::Array(more) => items.extend(more),
                other => items.push(other),
            }
            Json::Array(items)
        }
    }
}

/// JSON_MERGE_PATCH (RFC 7396): an object patch changes the members it names (null removes
/// one); any other patch replaces the document.
fn merge_patch(a: Json, b: Json) -> Json {
    match b {
        Json::Object(patch) => {
            let mut x = match a {
                Json::Object(x) => x,
                _ => Vec::new(),
            };
            for (k, v) in patch {
                if v == Json::Null {
                    x.retain(|(have, _)| *have != k);
                    continue;
                }
                let old = Json::member(&x, &k).cloned().unwrap_or(Json::Null);
                Json::set_member(&mut x, &k, merge_patch(old, v));
            }
            Json::Object(x)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(t: &str) -> Value {
        Value::Str(t.into())
    }

    fn run(name: &str, args: &[Value]) -> String {
        let refs: Vec<&Value> = args.iter().collect();
        match call(name, &refs) {
            Ok(v) => v.to_text().unwrap_or_else(|| "NULL".into()),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn extract_as_the_manual_shows() {
        let d = s("[10, 20, [30, 40]]");
        assert_eq!(run("JSON_EXTRACT", &[d.clone(), s("$[1]")]), "20");
        assert_eq!(run("JSON_EXTRACT", &[d.clone(), s("$[1]"), s("$[0]")]), "[20, 10]");
        assert_eq!(run("JSON_EXTRACT", &[d.clone(), s("$[2][*]")]), "[30, 40]");
        assert_eq!(run("JSON_EXTRACT", &[d, s("$[3]")]), "NULL");
        assert_eq!(run("JSON_UNQUOTE", &[s("\"abc\"")]), "abc");
        assert!(run("JSON_EXTRACT", &[s("{"), s("$")]).starts_with("ERROR 3141"));
        assert!(run("JSON_EXTRACT", &[Value::Int(1), s("$")]).starts_with("ERROR 3146"));
    }

    #[test]
    fn changes_as_the_manual_shows() {
        let d = s(r#"{ "a": 1, "b": [2, 3]}"#);
        let set =
            |f: &str| run(f, &[d.clone(), s("$.a"), Value::Int(10), s("$.c"), s("[true, false]")]);
        assert_eq!(set("JSON_SET"), r#"{"a": 10, "b": [2, 3], "c": "[true, false]"}"#);
        assert_eq!(set("JSON_INSERT"), r#"{"a": 1, "b": [2, 3], "c": "[true, false]"}"#);
        assert_eq!(set("JSON_REPLACE"), r#"{"a": 10, "b": [2, 3]}"#);
        assert_eq!(
            run("JSON_REMOVE", &[s(r#"["a", ["b", "c"], "d"]"#), s("$[1]")]),
            r#"["a", "d"]"#
        );
        assert_eq!(
            run("JSON_ARRAY_APPEND", &[s(r#"["a", ["b", "c"], "d"]"#), s("$[1]"), Value::Int(1)]),
            r#"["a", ["b", "c", 1], "d"]"#
        );
        assert_eq!(
            run("JSON_MERGE_PATCH", &[s(r#"{"a": 1, "b":2}"#), s(r#"{"a": 3, "c":4}"#)]),
            r#"{"a": 3, "b": 2, "c": 4}"#
        );
        assert_eq!(run("JSON_MERGE_PRESERVE", &[s("[1, 2]"), s("true")]), "[1, 2, true]");
    }

    #[test]
    fn contains_as_the_manual_shows() {
        let d = s(r#"{"a": 1, "b": 2, "c": {"d": 4}}"#);
        assert_eq!(run("JSON_CONTAINS", &[d.clone(), s("1"), s("$.a")]), "1");
        assert_eq!(run("JSON_CONTAINS", &[d.clone(), s("1"), s("$.b")]), "0");
        assert_eq!(run("JSON_CONTAINS", &[d.clone(), s(r#"{"d": 4}"#), s("$.a")]), "0");
        assert_eq!(run("JSON_CONTAINS", &[d, s(r#"{"d": 4}"#), s("$.c")]), "1");
    }
}
