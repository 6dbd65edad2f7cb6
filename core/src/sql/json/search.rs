//! JSON functions that search a document: `value MEMBER OF(array)`, JSON_OVERLAPS,
//! JSON_SEARCH (with its paths written as MySQL writes them) and JSON_VALUE.
//!
//! Simplification: JSON_VALUE takes the plain two-argument form; its RETURNING, ON EMPTY and
//! ON ERROR clauses are not parsed, so it returns the scalar's text (VARCHAR(512) as MySQL's
//! default) and NULL for a missing value or a non-scalar, as the default NULL ON EMPTY and
//! NULL ON ERROR give.

use super::path::Path;
use super::Json;
use crate::error::{MySqlError, Result};
use crate::storage::value::Value;
use std::cmp::Ordering;

/// The most paths JSON_SEARCH gathers ('all' over a huge document stays bounded).
const PATHS_MAX: usize = 1 << 16;

/// `value MEMBER OF(doc)`: whether `value` is an element of the array `doc` (or equals
/// `doc` when it is not an array).
pub fn member_of(value: &Json, doc: &Json) -> bool {
    match doc {
        Json::Array(items) => items.iter().any(|i| i.compare(value) == Ordering::Equal),
        other => other.compare(value) == Ordering::Equal,
    }
}

/// JSON_OVERLAPS(a, b): two arrays share an element, two objects a member (key and value),
/// a scalar is in the other's array or equals the other scalar.
pub fn overlaps(a: &Json, b: &Json) -> bool {
    let eq = |x: &Json, y: &Json| x.compare(y) == Ordering::Equal;
    match (a, b) {
        (Json::Array(x), Json::Array(y)) => x.iter().any(|i| y.iter().any(|j| eq(i, j))),
        (Json::Object(x), Json::Object(y)) => {
            x.iter().any(|(k, v)| y.iter().any(|(k2, v2)| k == k2 && eq(v, v2)))
        }
        (Json::Array(x), s) | (s, Json::Array(x)) => x.iter().any(|i| eq(i, s)),
        (x, y) => eq(x, y),
    }
}

/// JSON_SEARCH(doc, one_or_all, pattern, escape, paths): the paths of the string values that
/// match `pattern` (LIKE, with `escape`), searched under the values `paths` select (the whole
/// document when there are none), in document order; 'one' stops at the first.
pub fn search(doc: &Json, all: bool, pattern: &str, escape: char, paths: &[Path]) -> Value {
    let roots: Vec<&Json> = paths.iter().flat_map(|p| p.select(doc)).collect();
    let like = crate::sql::expr::LikePattern::new(pattern, escape);
    let mut found: Vec<String> = Vec::new();
    let mut at = String::from("$");
    walk(doc, paths.is_empty(), &roots, &like, all, &mut at, &mut found);
    match found.len() {
        0 => Value::Null,
        1 => Json::Str(found.remove(0)).into_value(),
        _ => Json::Array(found.into_iter().map(Json::Str).collect()).into_value(),
    }
}

fn walk(
    v: &Json,
    inside: bool,
    roots: &[&Json],
    like: &crate::sql::expr::LikePattern,
    all: bool,
    at: &mut String,
    found: &mut Vec<String>,
) {
    if found.len() >= PATHS_MAX || (!all && !found.is_empty()) {
        return;
    }
    let inside = inside || roots.iter().any(|r| std::ptr::eq(*r, v));
    match v {
        Json::Str(s) if inside && like.matches(s) && !found.contains(at) => found.push(at.clone()),
        Json::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = at.len();
                at.push_str(&format!("[{i}]"));
                walk(item, inside, roots, like, all, at, found);
                at.truncate(len);
            }
        }
        Json::Object(members) => {
            for (k, item) in members {
                let len = at.len();
                push_key(at, k);
                walk(item, inside, roots, like, all, at, found);
                at.truncate(len);
            }
        }
        _ => {}
    }
}

/// `.key`, or `."key"` when the key is not an ECMAScript identifier, as MySQL writes a path.
fn push_key(at: &mut String, key: &str) {
    let plain = key.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && key.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$');
    at.push('.');
    if plain {
        at.push_str(key);
    } else {
        super::quote(key, at);
    }
}

/// JSON_SEARCH's second argument.
pub fn one_or_all(v: &Value) -> Result<Option<bool>> {
    match v.to_text() {
        None => Ok(None),
        Some(t) if t.eq_ignore_ascii_case("one") => Ok(Some(false)),
        Some(t) if t.eq_ignore_ascii_case("all") => Ok(Some(true)),
        // 3153 ER_JSON_BAD_ONE_OR_ALL_ARG
        Some(_) => Err(MySqlError::json_bad_one_or_all("json_search")),
    }
}

/// JSON_VALUE's result for the value the path selects.
pub fn value_of(selected: Option<&Json>) -> Value {
    match selected {
        None | Some(Json::Null) | Some(Json::Array(_)) | Some(Json::Object(_)) => Value::Null,
        Some(Json::Str(s)) => Value::Str(s.clone()),
        Some(other) => Value::Str(other.to_text()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::json::parse::parse;

    fn j(t: &str) -> Json {
        parse(t).unwrap()
    }

    #[test]
    fn the_manuals_examples() {
        assert!(member_of(&Json::Int(17), &j("[23, \"abc\", 17, \"ab\", 10]")));
        assert!(member_of(&Json::Str("ab".into()), &j("[23, \"abc\", 17, \"ab\", 10]")));
        assert!(!member_of(&Json::Int(7), &j("[23, \"abc\", 17, \"ab\", 10]")));
        assert!(overlaps(&j("[1,3,5,7]"), &j("[2,5,7]")));
        assert!(!overlaps(&j("[1,3,5,7]"), &j("[2,6,8]")));
        assert!(overlaps(
            &j("{\"a\":1,\"b\":10,\"d\":10}"),
            &j("{\"c\":1,\"e\":10,\"f\":1,\"d\":10}")
        ));
        assert!(overlaps(&j("5"), &j("[4,5,6,7]")));
        let doc = j(r#"["abc", [{"k": "10"}, "def"], {"x":"abc"}, {"y":"bcd"}]"#);
        let text = |v: Value| v.to_text().unwrap();
        assert_eq!(text(search(&doc, false, "abc", '\\', &[])), "\"$[0]\"");
        assert_eq!(text(search(&doc, true, "abc", '\\', &[])), "[\"$[0]\", \"$[2].x\"]");
        assert_eq!(search(&doc, true, "ghi", '\\', &[]), Value::Null);
        assert_eq!(text(search(&doc, true, "10", '\\', &[])), "\"$[1][0].k\"");
        let under = [Path::parse("$[*]").unwrap()];
        assert_eq!(
            text(search(&doc, true, "%b%", '\\', &under)),
            "[\"$[0]\", \"$[2].x\", \"$[3].y\"]"
        );
        assert_eq!(
            text(search(&doc, true, "%b%", '\\', &[Path::parse("$[3]").unwrap()])),
            "\"$[3].y\""
        );
    }
}
