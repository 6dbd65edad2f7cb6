//! MySQL's regular expression functions: REGEXP_LIKE (and the `REGEXP` / `RLIKE` operators,
//! bound to it), REGEXP_INSTR, REGEXP_SUBSTR and REGEXP_REPLACE, with their positions,
//! occurrences, match types and errors.
//!
//! MySQL matches with ICU; this engine with the `regex` crate, whose syntax is close to ICU's
//! for the common patterns (classes, POSIX bracket classes, anchors, groups, counted
//! repetition, flags). Simplifications: back references and look-around, which ICU has and the
//! crate has not, answer ER_NOT_SUPPORTED_YET; ICU's errors are given for the mistakes both
//! libraries find, from the parser's error kind (`regex_syntax`), with the character ICU would
//! name approximated by where the crate's parser stopped. Matching is bounded by the crate's
//! linear-time engine, so no pattern runs away (MySQL bounds ICU with `regexp_time_limit`).
//!
//! Case: the default collation (utf8mb4_0900_ai_ci) is case-insensitive, so patterns match
//! without regard to case unless the match type says 'c'.

use super::{arity, Builtin};
use crate::error::{MySqlError, Result};
use crate::storage::value::Value;
use regex::Regex;
use std::cell::RefCell;

/// Compiled patterns kept between rows: a scan of a million rows compiles its pattern once.
const CACHE_MAX: usize = 16;
/// The compiled size a pattern may take (ER_REGEXP_PATTERN_TOO_BIG past it).
const COMPILED_SIZE_MAX: usize = 4 << 20;

thread_local! {
    static CACHE: RefCell<Vec<(String, Flags, Regex)>> = const { RefCell::new(Vec::new()) };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Flags {
    case_insensitive: bool,
    multi_line: bool,
    dot_all: bool,
}

impl Flags {
    /// The default flags, then the match type's letters in order (a later letter wins).
    fn of(match_type: Option<&str>) -> Result<Flags> {
        let mut f = Flags { case_insensitive: true, multi_line: false, dot_all: false };
        for c in match_type.unwrap_or("").chars() {
            match c {
                'c' => f.case_insensitive = false,
                'i' => f.case_insensitive = true,
                'm' => f.multi_line = true,
                'n' => f.dot_all = true,
                // Unix line endings only: the crate's '.' and '$' already use only '\n'.
                'u' => {}
                _ => {
                    return Err(MySqlError::regexp(
                        3900,
                        "Invalid match mode flag in regular expression.",
                    ))
                }
            }
        }
        Ok(f)
    }
}

/// Evaluates `f` if it is one of this module's functions.
pub(super) fn call(f: Builtin, args: &[&Value]) -> Option<Result<Value>> {
    use Builtin as B;
    let name = f.name();
    let n = args.len();
    let run = || -> Result<Value> {
        let (min, max) = match f {
            B::RegexpLike => (2, 3),
            B::RegexpInstr => (2, 6),
            B::RegexpSubstr => (2, 5),
            _ => (3, 6),
        };
        arity(name, n, min, max)?;
        // The match type is the last argument each function takes.
        let type_at = match f {
            B::RegexpLike => 2,
            B::RegexpInstr => 5,
            B::RegexpSubstr => 4,
            _ => 5,
        };
        if args.iter().any(|v| v.is_null()) {
            return Ok(Value::Null);
        }
        let subject = args[0].to_text().unwrap_or_default();
        let pattern = args[1].to_text().unwrap_or_default();
        let match_type = args.get(type_at).and_then(|v| v.to_text());
        let flags = Flags::of(match_type.as_deref())?;
        let lower = name.to_ascii_lowercase();
        let int_arg =
            |i: usize, default: i64| args.get(i).and_then(|v| v.to_i64()).unwrap_or(default);
        let (pos_at, occurrence_at) = match f {
            B::RegexpReplace => (3, 4),
            _ => (2, 3),
        };
        let pos = if f == B::RegexpLike { 1 } else { int_arg(pos_at, 1) };
        if pos < 1 {
            return Err(MySqlError::wrong_parameters_to_native_function(&lower));
        }
        let chars = subject.chars().count() as i64;
        if pos > chars + 1 && !(chars == 0 && pos == 1) {
            return Err(MySqlError::regexp(
                3686,
                "Index out of bounds in regular expression search.",
            ));
        }
        let start = byte_at(&subject, (pos - 1) as usize);
        with_regex(&pattern, flags, |re| {
            Ok(match f {
                B::RegexpLike => Value::Int(i64::from(re.is_match(&subject))),
                B::RegexpInstr | B::RegexpSubstr => {
                    let occurrence = int_arg(occurrence_at, 1).max(1) as usize;
                    let found = re.find_iter(&subject[start..]).nth(occurrence - 1);
                    if f == B::RegexpSubstr {
                        return Ok(
                            found.map_or(Value::Null, |m| Value::Str(m.as_str().to_string()))
                        );
                    }
                    let after = int_arg(4, 0);
                    if !(0..=1).contains(&after) {
                        return Err(MySqlError::incorrect_arguments(&lower));
                    }
                    Value::Int(found.map_or(0, |m| {
                        let at = if after == 1 { m.end() } else { m.start() };
                        subject[..start + at].chars().count() as i64 + 1
                    }))
                }
                _ => {
                    let replacement = replacement(&args[2].to_text().unwrap_or_default());
                    let occurrence = int_arg(occurrence_at, 0).max(0) as usize;
                    let tail = &subject[start..];
                    let replaced = if occurrence == 0 {
                        re.replace_all(tail, replacement.as_str()).into_owned()
                    } else {
                        let mut out = String::with_capacity(tail.len());
                        let mut last = 0;
                        if let Some(c) = re.captures_iter(tail).nth(occurrence - 1) {
                            let m = c.get(0).map_or(0..0, |m| m.range());
                            out.push_str(&tail[last..m.start]);
                            c.expand(&replacement, &mut out);
                            last = m.end;
                        }
                        out.push_str(&tail[last..]);
                        out
                    };
                    if (start + replaced.len()) as u64 > 64 << 20 {
                        return Err(MySqlError::regexp(
                            3684,
                            "The result string is larger than the result buffer.",
                        ));
                    }
                    Value::Str(format!("{}{replaced}", &subject[..start]))
                }
            })
        })
    };
    matches!(f, B::RegexpLike | B::RegexpInstr | B::RegexpSubstr | B::RegexpReplace).then(run)
}

/// The byte offset of character `chars` of `s` (its length past the end).
fn byte_at(s: &str, chars: usize) -> usize {
    s.char_indices().nth(chars).map_or(s.len(), |(i, _)| i)
}

/// ICU's replacement text in the crate's: `$n` names a group in both; ICU's `\x` is a literal
/// x, and a `$` the crate would read as a group name's start is kept literal.
fn replacement(icu: &str) -> String {
    let mut out = String::with_capacity(icu.len());
    let mut chars = icu.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('$') => out.push_str("$$"),
                Some(x) => out.push(x),
                None => {}
            },
            '$' if chars.peek().is_some_and(|d| d.is_ascii_digit()) => {
                let mut digits = String::new();
                while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
                    digits.push(d);
                    chars.next();
                }
                out.push_str(&format!("${{{digits}}}"));
            }
            '$' => out.push_str("$$"),
            c => out.push(c),
        }
    }
    out
}

/// Runs `f` with the compiled pattern, compiling it (and checking it as ICU would) on the
/// first use.
fn with_regex<T>(pattern: &str, flags: Flags, f: impl FnOnce(&Regex) -> Result<T>) -> Result<T> {
    let cached = CACHE.with(|c| {
        c.borrow().iter().find(|(p, fl, _)| p == pattern && *fl == flags).map(|(_, _, r)| r.clone())
    });
    if let Some(re) = cached {
        return f(&re);
    }
    let re = compile(pattern, flags)?;
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_MAX {
            c.remove(0);
        }
        c.push((pattern.to_string(), flags, re.clone()));
    });
    f(&re)
}

fn compile(pattern: &str, flags: Flags) -> Result<Regex> {
    // ICU refuses an empty pattern and the old Henry Spencer word markers.
    if pattern.is_empty() || pattern.contains("[[:<:]]") || pattern.contains("[[:>:]]") {
        return Err(illegal_argument());
    }
    if let Err(e) = regex_syntax::ast::parse::Parser::new().parse(pattern) {
        return Err(icu_error(e.kind(), e.span().start.line, e.span().start.column));
    }
    regex::RegexBuilder::new(pattern)
        .case_insensitive(flags.case_insensitive)
        .multi_line(flags.multi_line)
        .dot_matches_new_line(flags.dot_all)
        .size_limit(COMPILED_SIZE_MAX)
        .build()
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(_) => {
                MySqlError::regexp(3700, "The pattern exceeds the maximum size allowed.")
            }
            // An AST the parser accepted that fails to translate: a Unicode class name.
            _ => illegal_argument(),
        })
}

fn illegal_argument() -> MySqlError {
    MySqlError::regexp(3685, "Illegal argument to a regular expression.")
}

/// ICU's error for a mistake the crate's parser found.
fn icu_error(kind: &regex_syntax::ast::ErrorKind, line: usize, column: usize) -> MySqlError {
    use regex_syntax::ast::ErrorKind as K;
    match kind {
        K::GroupUnclosed | K::GroupUnopened => {
            MySqlError::regexp(3691, "Mismatched parenthesis in regular expression.")
        }
        K::ClassUnclosed => MySqlError::regexp(
            3696,
            "The regular expression contains an unclosed bracket expression.",
        ),
        K::ClassRangeInvalid => MySqlError::regexp(
            3697,
            "The regular expression contains an [x-y] character range where x comes after y.",
        ),
        K::RepetitionCountInvalid => MySqlError::regexp(
            3693,
            "The maximum is less than the minumum in a {min,max} interval.",
        ),
        K::RepetitionCountUnclosed | K::RepetitionCountDecimalEmpty | K::DecimalEmpty => {
            MySqlError::regexp(3692, "Incorrect description of a {min,max} interval.")
        }
        K::EscapeUnexpectedEof
        | K::EscapeUnrecognized
        | K::EscapeHexEmpty
        | K::EscapeHexInvalid
        | K::EscapeHexInvalidDigit
        | K::ClassEscapeInvalid => {
            MySqlError::regexp(3689, "Unrecognized escape sequence in regular expression.")
        }
        K::UnicodeClassInvalid | K::FlagUnrecognized => illegal_argument(),
        K::UnsupportedBackreference => {
            MySqlError::not_supported_yet("back references in regular expressions")
        }
        K::UnsupportedLookAround => {
            MySqlError::not_supported_yet("look-ahead and look-behind in regular expressions")
        }
        // A repetition with nothing to repeat, and the rest: ICU's syntax error, at the
        // character (1-based) the parser stopped on.
        _ => MySqlError::regexp(
            3688,
            format!("Syntax error in regular expression on line {line}, character {column}."),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(f: Builtin, args: &[Value]) -> Result<Value> {
        let refs: Vec<&Value> = args.iter().collect();
        call(f, &refs).unwrap()
    }

    fn s(x: &str) -> Value {
        Value::Str(x.into())
    }

    #[test]
    fn the_manuals_examples() {
        let i = Value::Int;
        assert_eq!(run(Builtin::RegexpLike, &[s("CamelCase"), s("CAMELCASE")]).unwrap(), i(1));
        assert_eq!(run(Builtin::RegexpLike, &[s("abc"), s("ABC"), s("c")]).unwrap(), i(0));
        assert_eq!(run(Builtin::RegexpInstr, &[s("dog cat dog"), s("dog")]).unwrap(), i(1));
        assert_eq!(run(Builtin::RegexpInstr, &[s("dog cat dog"), s("dog"), i(2)]).unwrap(), i(9));
        assert_eq!(run(Builtin::RegexpInstr, &[s("aa aaa aaaa"), s("a{4}")]).unwrap(), i(8));
        assert_eq!(run(Builtin::RegexpReplace, &[s("a b c"), s("b"), s("X")]).unwrap(), s("a X c"));
        assert_eq!(
            run(Builtin::RegexpReplace, &[s("abc def ghi"), s("[a-z]+"), s("X"), i(1), i(3)])
                .unwrap(),
            s("abc def X")
        );
        assert_eq!(run(Builtin::RegexpSubstr, &[s("abc def ghi"), s("[a-z]+")]).unwrap(), s("abc"));
        assert_eq!(
            run(Builtin::RegexpSubstr, &[s("abc def ghi"), s("[a-z]+"), i(1), i(3)]).unwrap(),
            s("ghi")
        );
        assert_eq!(run(Builtin::RegexpSubstr, &[s("abc"), s("x")]).unwrap(), Value::Null);
    }

    #[test]
    fn icu_errors() {
        let code = |p: &str| run(Builtin::RegexpLike, &[s("a"), s(p)]).unwrap_err().code;
        assert_eq!(code("("), 3691);
        assert_eq!(code("a["), 3696);
        assert_eq!(code("a{2,1}"), 3693);
        assert_eq!(code(""), 3685);
        assert_eq!(code("*"), 3688);
        assert_eq!(code("a\\"), 3689);
        assert_eq!(code("[b-a]"), 3697);
        assert_eq!(run(Builtin::RegexpLike, &[s("a"), s("a"), s("x")]).unwrap_err().code, 3900);
        assert_eq!(replacement("\\$1 $1"), "$$1 ${1}");
    }
}
