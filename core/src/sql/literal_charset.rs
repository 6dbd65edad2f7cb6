//! The character set and collation of a string literal as the parser fixes them: an
//! introducer (`_latin1'a'`, `_utf8mb4 0x41`), a national string (`N'text'`, the national
//! character set utf8mb3), a hexadecimal or bit literal alone (a binary string) and a
//! COLLATE clause after any of them (MySQL 9.x manual, "Character Set Introducers" and
//! "Character String Literal Character Set and Collation").
//!
//! An introducer does not change the string's bytes; with COLLATE the collation must belong
//! to the literal's character set (ERROR 1253), and an unknown name is ERROR 1273. CHARSET()
//! and COLLATION() of such an expression answer from here (`bind.rs`); other strings are
//! utf8mb4 with the session's default collation.
//!
//! A comparison or LIKE where one side has a binary collation compares bytes
//! ([`exact_collation`]), and so do ORDER BY and GROUP BY keys under one. A case-sensitive
//! `_cs` collation (utf8mb4_0900_as_cs) compares as the default collation does first and by
//! case after, lower case first (`a < A < b < B`): its comparisons, ORDER BY and GROUP BY
//! keys are [`case_sensitive_key`]s; its LIKE matches bytes.
//!
//! Simplifications: the character sets known are the few the simulator names (utf8mb4,
//! utf8mb3 / utf8, latin1, ascii, binary); a collation is known when it is its character
//! set's name, an underscore and a suffix (`utf8mb4_bin`, `latin1_german1_ci`), not
//! checked against MySQL's full list; a literal with an introducer keeps the value a plain
//! string has (its bytes are not re-read in the character set named).

use crate::error::{MySqlError, Result};
use sqlparser::ast::{Expr, Value as Lit};

/// The character sets an introducer may name here, each with its default collation.
const CHARSETS: [(&str, &str); 5] = [
    ("utf8mb4", "utf8mb4_0900_ai_ci"),
    ("utf8mb3", "utf8mb3_general_ci"),
    ("latin1", "latin1_swedish_ci"),
    ("ascii", "ascii_general_ci"),
    ("binary", "binary"),
];

/// A literal's character set and collation, lower case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charset {
    pub charset: String,
    pub collation: String,
}

/// The character set an introducer or CHARACTER SET clause names (`utf8` is utf8mb3 in 8.x
/// and 9.x), with its default collation; None for a name not known here.
fn named(name: &str) -> Option<Charset> {
    let name = name.to_ascii_lowercase();
    let name = if name == "utf8" { "utf8mb3".to_string() } else { name };
    CHARSETS
        .iter()
        .find(|(c, _)| *c == name)
        .map(|(c, d)| Charset { charset: c.to_string(), collation: d.to_string() })
}

/// The character set a collation belongs to (`utf8mb4_bin` → utf8mb4; `binary`), or ERROR
/// 1273 for a collation not known here.
fn collation_charset(collation: &str) -> Result<Charset> {
    let lower = collation.to_ascii_lowercase();
    let lower = match lower.strip_prefix("utf8_") {
        Some(rest) => format!("utf8mb3_{rest}"),
        None => lower,
    };
    if lower == "binary" {
        return Ok(Charset { charset: "binary".into(), collation: "binary".into() });
    }
    CHARSETS
        .iter()
        .filter(|(c, _)| *c != "binary")
        .find(|(c, _)| {
            lower.strip_prefix(c).and_then(|r| r.strip_prefix('_')).is_some_and(|r| !r.is_empty())
        })
        .map(|(c, _)| Charset { charset: c.to_string(), collation: lower.clone() })
        .ok_or_else(|| MySqlError::unknown_collation(collation))
}

/// The character set and collation the parser gives `e`, when it is a literal that fixes
/// them (an introducer, a national string, a hexadecimal literal, any of them with
/// COLLATE); None for any other expression. Errors: an unknown collation (1273), a
/// collation of another character set (1253).
pub fn of_literal(e: &Expr) -> Result<Option<Charset>> {
    Ok(match e {
        Expr::Nested(inner) => of_literal(inner)?,
        Expr::Prefixed { prefix, value } if matches!(**value, Expr::Value(_)) => {
            named(prefix.value.trim_start_matches('_'))
        }
        Expr::Value(v) => match &v.value {
            Lit::NationalStringLiteral(_) => named("utf8mb3"),
            Lit::HexStringLiteral(_) => named("binary"),
            _ => None,
        },
        Expr::Collate { expr, collation } => {
            let name = collation.to_string().trim_matches('`').to_string();
            let wanted = collation_charset(&name)?;
            // A plain string is in the connection's character set (utf8mb4 here).
            let literal = of_literal(expr)?.or_else(|| named("utf8mb4").filter(|_| is_text(expr)));
            match literal {
                Some(l) if l.charset != wanted.charset => {
                    return Err(MySqlError::collation_charset_mismatch(&name, &l.charset));
                }
                _ => Some(wanted),
            }
        }
        _ => None,
    })
}

/// How a COLLATE clause makes strings compare, where it differs from the default
/// (case-insensitive) collation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exactness {
    /// `binary` or a `_bin` collation: by the bytes.
    Bytes,
    /// A `_cs` collation (utf8mb4_0900_as_cs): case-insensitively first, then by case.
    CaseSensitive,
}

/// Whether `e` is `x COLLATE c` with a collation that tells case apart: `binary`, a `_bin`
/// one, or a case-sensitive `_cs` one (see [`collation_exactness`]). Simplification:
/// `utf8mb4_bin`'s PAD SPACE (trailing spaces ignored) is not kept.
pub fn exact_collation(e: &Expr) -> bool {
    collation_exactness(e).is_some()
}

/// How `e`'s COLLATE clause compares, when it tells case apart.
pub fn collation_exactness(e: &Expr) -> Option<Exactness> {
    match e {
        Expr::Nested(inner) => collation_exactness(inner),
        Expr::Collate { collation, .. } => {
            let name = collation.to_string().trim_matches('`').to_ascii_lowercase();
            if name == "binary" || name.ends_with("_bin") {
                Some(Exactness::Bytes)
            } else if name.ends_with("_cs") {
                Some(Exactness::CaseSensitive)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// A bound expression's value as the bytes a binary or case-sensitive collation compares
/// (`BINARY` of the value, or of its [`case_sensitive_key`]): the key of a GROUP BY, ORDER
/// BY or DISTINCT aggregate under such a COLLATE.
pub(crate) fn collation_key(
    e: crate::sql::bind::BExpr,
    exactness: Exactness,
) -> crate::sql::bind::BExpr {
    use crate::sql::bind::BExpr;
    let e = match exactness {
        Exactness::Bytes => e,
        Exactness::CaseSensitive => BExpr::call(" CASE_KEY".into(), vec![e]),
    };
    BExpr::Cast {
        arg: Box::new(e),
        target: Box::new(crate::sql::cast::CastTarget::Binary { length: None }),
        text: String::new(),
    }
}

/// A value as DISTINCT compares it under a binary or case-sensitive collation: a string as
/// its bytes or its [`case_sensitive_key`]; other values as they are.
pub(crate) fn collation_value(v: &mut crate::storage::value::Value, exactness: Exactness) {
    use crate::storage::value::Value;
    if let Value::Str(s) = v {
        *v = Value::Bin(match exactness {
            Exactness::Bytes => std::mem::take(s).into_bytes(),
            Exactness::CaseSensitive => case_sensitive_key(s),
        });
    }
}

/// The bytes that sort a string as a case-sensitive `_cs` collation does: every character
/// folded to lower case (the default collation's order), a zero byte, then a byte per
/// character, 1 for one that is not upper case and 2 for one that is, so strings equal but
/// for case compare by their case, lower case first, at the first character where it
/// differs (UCA's tertiary level: `a < A < b < B`). Simplifications: the first part is the
/// folded code points (the order the default collation uses here, not UCA's primary
/// weights, which put `_` before the digits); accents are not a level of their own; the
/// collation is NO PAD (trailing spaces count) as utf8mb4_0900_as_cs is.
pub fn case_sensitive_key(s: &str) -> Vec<u8> {
    let mut key: Vec<u8> = Vec::with_capacity(2 * s.len() + 1);
    for c in s.chars().flat_map(char::to_lowercase) {
        let mut buf = [0u8; 4];
        key.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
    key.push(0);
    key.extend(s.chars().map(|c| if c.is_uppercase() { 2u8 } else { 1u8 }));
    key
}

/// A quoted string literal without introducer.
fn is_text(e: &Expr) -> bool {
    matches!(e, Expr::Value(v) if matches!(v.value,
        Lit::SingleQuotedString(_) | Lit::DoubleQuotedString(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(sql: &str) -> Result<Option<Charset>> {
        let statement = crate::sql::parse(&format!("SELECT {sql}")).expect("parses");
        let crate::sql::Statement::Select(q) = statement else { panic!("a SELECT") };
        let sqlparser::ast::SetExpr::Select(s) = *q.body else { panic!("a SELECT body") };
        let sqlparser::ast::SelectItem::UnnamedExpr(e) = &s.projection[0] else {
            panic!("an unnamed item")
        };
        of_literal(e)
    }

    fn pair(sql: &str) -> (String, String) {
        let c = of(sql).expect("no error").expect("a literal's character set");
        (c.charset, c.collation)
    }

    #[test]
    fn an_introducer_names_the_character_set_and_its_default_collation() {
        assert_eq!(pair("_latin1'a'"), ("latin1".into(), "latin1_swedish_ci".into()));
        assert_eq!(pair("_utf8mb4'x'"), ("utf8mb4".into(), "utf8mb4_0900_ai_ci".into()));
        assert_eq!(pair("_binary'abc'"), ("binary".into(), "binary".into()));
        assert_eq!(pair("_utf8mb4 0x41"), ("utf8mb4".into(), "utf8mb4_0900_ai_ci".into()));
    }

    #[test]
    fn national_and_hexadecimal_literals() {
        assert_eq!(pair("N'text'"), ("utf8mb3".into(), "utf8mb3_general_ci".into()));
        assert_eq!(pair("X'41'"), ("binary".into(), "binary".into()));
        assert_eq!(of("'plain'").expect("no error"), None);
    }

    #[test]
    fn collate_picks_a_collation_of_the_literals_character_set() {
        assert_eq!(
            pair("_utf8mb4'x' COLLATE utf8mb4_bin"),
            ("utf8mb4".into(), "utf8mb4_bin".into())
        );
        assert_eq!(pair("'x' COLLATE utf8mb4_bin"), ("utf8mb4".into(), "utf8mb4_bin".into()));
        let mismatch = of("_latin1'a' COLLATE utf8mb4_bin").expect_err("1253");
        assert_eq!(mismatch.code, 1253);
        let unknown = of("'a' COLLATE no_such_collation").expect_err("1273");
        assert_eq!(unknown.code, 1273);
    }

    #[test]
    fn case_sensitive_keys_sort_lower_case_first_within_a_letter() {
        let mut words = ["B", "b", "A", "a", "ab", "Ab", "aB", "c", "a "];
        words.sort_by_key(|w| case_sensitive_key(w));
        assert_eq!(words, ["a", "A", "a ", "ab", "aB", "Ab", "b", "B", "c"]);
        assert_ne!(case_sensitive_key("a"), case_sensitive_key("A"));
    }

    #[test]
    fn binary_and_case_sensitive_collations_compare_bytes() {
        let first = |sql: &str| {
            let statement = crate::sql::parse(&format!("SELECT {sql}")).expect("parses");
            let crate::sql::Statement::Select(q) = statement else { panic!("a SELECT") };
            let sqlparser::ast::SetExpr::Select(s) = *q.body else { panic!("a SELECT body") };
            let sqlparser::ast::SelectItem::UnnamedExpr(e) = &s.projection[0] else {
                panic!("an unnamed item")
            };
            exact_collation(e)
        };
        assert!(first("'a' COLLATE utf8mb4_bin"));
        assert!(first("('a' COLLATE binary)"));
        assert!(first("'a' COLLATE utf8mb4_0900_as_cs"));
        assert!(!first("'a' COLLATE utf8mb4_0900_ai_ci"));
        assert!(!first("_binary'a'"));
    }
}
