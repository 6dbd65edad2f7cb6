//! Expression evaluation with MySQL's semantics over bound expressions ([`BExpr`]): integer
//! arithmetic that fails on overflow (error 1690), exact DECIMAL arithmetic and division scale
//! (`div_precision_increment`), NULL propagation, division by zero giving NULL with warning
//! 1365, string-to-number conversion by numeric prefix, and the built-in functions in
//! `functions.rs`. Server state (variables, the clock) is reached through [`EvalContext`].

use super::bind::{BExpr, Binder, NoColumns};
pub use super::context::{constant_context, ConstantContext, EvalContext};
use super::functions::{self, Builtin};
use super::numeric_operands;
use crate::error::{MySqlError, Result, Warning};
use crate::storage::value::{Decimal, Value};
use sqlparser::ast::{BinaryOperator as B, Expr, UnaryOperator as U};
use std::cmp::Ordering;

/// Binds and evaluates an expression that refers to no columns (SET, DO, SELECT without
/// FROM).
pub fn eval_constant(e: &Expr, cx: &mut dyn EvalContext) -> Result<Value> {
    let b = Binder::scalar(&NoColumns, "field list").with_locals(cx.local_names()).bind(e)?;
    eval(&b, &[], &[], cx)
}

/// Evaluates `e` for one row; `aggs` holds the current group's aggregate results.
///
/// Nested expressions recurse through this function for the common forms only, and it keeps
/// its stack frame small (every other form is evaluated in its own non-inlined function), so
/// the deepest expression the parser lets through fits in wasm's 1 MB stack even in debug
/// builds.
/// A function argument: a column or a literal borrowed where it lies, anything else
/// evaluated.
fn arg<'a>(
    e: &'a BExpr,
    row: &'a [Value],
    aggs: &[Value],
    cx: &mut dyn EvalContext,
) -> Result<std::borrow::Cow<'a, Value>> {
    use std::borrow::Cow;
    Ok(match e {
        BExpr::Column(i) => match row.get(*i as usize) {
            Some(v) => Cow::Borrowed(v),
            None => Cow::Owned(Value::Null),
        },
        BExpr::Lit(v) => Cow::Borrowed(v),
        _ => Cow::Owned(eval(e, row, aggs, cx)?),
    })
}

pub fn eval(e: &BExpr, row: &[Value], aggs: &[Value], cx: &mut dyn EvalContext) -> Result<Value> {
    match e {
        BExpr::Lit(v) => Ok(v.clone()),
        BExpr::Column(i) => Ok(row.get(*i as usize).cloned().unwrap_or(Value::Null)),
        BExpr::Binary { op, left, right, text } => {
            // Columns and literals are compared (or added) where they lie.
            let l = arg(left, row, aggs, cx)?;
            let r = arg(right, row, aggs, cx)?;
            apply_binary(op, &l, &r, text, cx)
        }
        BExpr::Unary { op, arg, text } => {
            let v = eval(arg, row, aggs, cx)?;
            unary(*op, v, text, cx)
        }
        _ => eval_other(e, row, aggs, cx),
    }
}

#[inline(never)]
fn eval_other(e: &BExpr, row: &[Value], aggs: &[Value], cx: &mut dyn EvalContext) -> Result<Value> {
    let ev = |x: &BExpr, cx: &mut dyn EvalContext| eval(x, row, aggs, cx);
    match e {
        BExpr::SysVar { name, scope } => cx.system_variable(name, *scope),
        BExpr::UserVar(name) => Ok(cx.user_variable(name)),
        BExpr::Local(name) => Ok(cx.local_variable(name)),
        BExpr::OuterRef(n) => Ok(cx.outer_value(*n)),
        BExpr::Correlated { id, args } => {
            let values = args.iter().map(|a| ev(a, cx)).collect::<Result<Vec<_>>>()?;
            cx.correlated(*id, &values)
        }
        BExpr::Aggregate(slot) => Ok(aggs.get(*slot as usize).cloned().unwrap_or(Value::Null)),
        // Replaced by the window stage before anything evaluates it.
        BExpr::Window(_) => Err(MySqlError::window_function_misplaced("window")),
        BExpr::Cast { arg: inner, target, text } => {
            let v = arg(inner, row, aggs, cx)?;
            super::cast::cast(&v, target, text, cx)
        }
        BExpr::And(l, r) => {
            let l = ev(l, cx)?.truth();
            if l == Some(false) {
                return Ok(bool_value(false));
            }
            Ok(negate_if(and3(l, ev(r, cx)?.truth()), false))
        }
        BExpr::Or(l, r) => {
            let l = ev(l, cx)?.truth();
            if l == Some(true) {
                return Ok(bool_value(true));
            }
            Ok(negate_if(or3(l, ev(r, cx)?.truth()), false))
        }
        BExpr::IsNull { arg, negated } => Ok(bool_value(ev(arg, cx)?.is_null() != *negated)),
        BExpr::IsBool { arg, want, negated } => {
            Ok(bool_value((ev(arg, cx)?.truth() == Some(*want)) != *negated))
        }
        BExpr::Between { arg, low, high, negated } => {
            let v = ev(arg, cx)?;
            let (lo, hi) = (ev(low, cx)?, ev(high, cx)?);
            let ge = v.compare(&lo).map(|o| o != Ordering::Less);
            let le = v.compare(&hi).map(|o| o != Ordering::Greater);
            Ok(negate_if(and3(ge, le), *negated))
        }
        BExpr::InList { arg, list, negated } => {
            let v = ev(arg, cx)?;
            let mut saw_null = v.is_null();
            let mut found = false;
            for item in list {
                match v.compare(&ev(item, cx)?) {
                    Some(Ordering::Equal) => found = true,
                    None => saw_null = true,
                    _ => {}
                }
            }
            let r = if found {
                Some(true)
            } else if saw_null {
                None
            } else {
                Some(false)
            };
            Ok(negate_if(r, *negated))
        }
        BExpr::Like { arg, pattern, escape, negated } => {
            let v = ev(arg, cx)?;
            let p = ev(pattern, cx)?;
            let escape = match escape {
                Some(c) => ev(c, cx)?.to_text().and_then(|s| s.chars().next()).unwrap_or('\\'),
                None => '\\',
            };
            // A binary string on either side matches bytes exactly (the binary collation
            // wins, as in comparisons): no case folding.
            let exact = matches!(v, Value::Bin(_)) || matches!(p, Value::Bin(_));
            let r = match (v.to_text(), p.to_text()) {
                (Some(s), Some(p)) if exact => {
                    Some(LikePattern::case_sensitive(&p, escape).matches(&s))
                }
                (Some(s), Some(p)) => Some(like(&s, &p, escape)),
                _ => None,
            };
            Ok(negate_if(r, *negated))
        }
        BExpr::Case { operand, whens, otherwise } => {
            let base = match operand {
                Some(o) => Some(ev(o, cx)?),
                None => None,
            };
            for (condition, result) in whens {
                let c = ev(condition, cx)?;
                let hit = match &base {
                    Some(b) => b.compare(&c) == Some(Ordering::Equal),
                    None => c.truth() == Some(true),
                };
                if hit {
                    return ev(result, cx);
                }
            }
            match otherwise {
                Some(x) => ev(x, cx),
                None => Ok(Value::Null),
            }
        }
        BExpr::Call { name, builtin: None, args } => unknown_call(name, args, row, aggs, cx),
        BExpr::Call { name, builtin: Some(f), args } => match f {
            // Control flow evaluates only what it needs.
            Builtin::If => {
                if args.len() != 3 {
                    return Err(MySqlError::wrong_parameter_count(name));
                }
                let c = ev(&args[0], cx)?;
                ev(if c.truth() == Some(true) { &args[1] } else { &args[2] }, cx)
            }
            // RAND(N) with a constant N continues one generator per call site through the
            // statement; with any other N it starts from N at every call.
            Builtin::Rand if args.len() == 1 => {
                let n = ev(&args[0], cx)?.to_i64().unwrap_or(0);
                let site = match &args[0] {
                    BExpr::Lit(_) => args.as_ptr() as usize,
                    _ => {
                        return Ok(Value::Double(
                            crate::sql::functions::RandState::seeded(n).next_value(),
                        ))
                    }
                };
                Ok(Value::Double(cx.random(Some((site, n)))))
            }
            Builtin::Benchmark => benchmark(name, args, row, aggs, cx),
            Builtin::Ifnull | Builtin::Coalesce => {
                if args.is_empty() || (*f == Builtin::Ifnull && args.len() != 2) {
                    return Err(MySqlError::wrong_parameter_count(name));
                }
                for a in args {
                    let v = ev(a, cx)?;
                    if !v.is_null() {
                        return Ok(v);
                    }
                }
                Ok(Value::Null)
            }
            // Arguments are evaluated onto the stack for the usual small counts, and a column
            // or a literal is passed where it lies: a call copies no string it only reads.
            _ => match args.as_slice() {
                [] => functions::call(*f, &[], cx),
                [a] => {
                    let a = arg(a, row, aggs, cx)?;
                    functions::call(*f, &[&a], cx)
                }
                [a, b] => {
                    let (a, b) = (arg(a, row, aggs, cx)?, arg(b, row, aggs, cx)?);
                    functions::call(*f, &[&a, &b], cx)
                }
                [a, b, c] => {
                    let (a, b) = (arg(a, row, aggs, cx)?, arg(b, row, aggs, cx)?);
                    let c = arg(c, row, aggs, cx)?;
                    functions::call(*f, &[&a, &b, &c], cx)
                }
                _ => {
                    let values = args.iter().map(|a| ev(a, cx)).collect::<Result<Vec<_>>>()?;
                    let refs: Vec<&Value> = values.iter().collect();
                    functions::call(*f, &refs, cx)
                }
            },
        },
        BExpr::Lit(_) | BExpr::Column(_) | BExpr::Binary { .. } | BExpr::Unary { .. } => {
            eval(e, row, aggs, cx)
        }
    }
}

/// Repetitions of BENCHMARK's expression evaluated for real; the rest are charged, not run.
const BENCHMARK_EVALUATIONS_MAX: u64 = 1_000;

/// Simulated CPU one unit of an expression's evaluation costs (`BExpr::evaluation_units`: an
/// `Item`'s `val_*()` call), in nanoseconds. UNCONFIRMED: `BENCHMARK(100000000, 1+1)` takes
/// about a second on a current x86 server, some 3 ns per node of `1+1`'s three.
const BENCHMARK_NODE_NS: u64 = 3;

/// The most simulated CPU one BENCHMARK() call costs: a simulated day, as SLEEP() is bounded.
const BENCHMARK_CPU_NS_MAX: u64 = 86_400_000_000_000;

/// `BENCHMARK(count, expr)`: evaluates `expr` `count` times and returns 0 (NULL for a NULL
/// count; NULL with warning 1411 for a negative one). Simplification: the expression is
/// evaluated for real at most [`BENCHMARK_EVALUATIONS_MAX`] times (its warnings and errors
/// show then); every repetition, run or not, is charged as CPU by the expression's size and
/// functions ([`BENCHMARK_NODE_NS`] per unit), so the statement's time grows with `count`
/// as in MySQL.
#[inline(never)]
fn benchmark(
    name: &str,
    args: &[BExpr],
    row: &[Value],
    aggs: &[Value],
    cx: &mut dyn EvalContext,
) -> Result<Value> {
    if args.len() != 2 {
        return Err(MySqlError::wrong_parameter_count(name));
    }
    let count = eval(&args[0], row, aggs, cx)?;
    let Some(n) = count.to_i64() else { return Ok(Value::Null) };
    if n < 0 {
        cx.warn(Warning::wrong_value_for_type("count", &n.to_string(), "benchmark"));
        return Ok(Value::Null);
    }
    let n = n as u64;
    for _ in 0..n.min(BENCHMARK_EVALUATIONS_MAX) {
        eval(&args[1], row, aggs, cx)?;
    }
    let per_evaluation = u64::from(args[1].evaluation_units(100_000)) * BENCHMARK_NODE_NS;
    cx.charge_cpu(n.saturating_mul(per_evaluation).min(BENCHMARK_CPU_NS_MAX));
    Ok(Value::Int(0))
}

/// 1 or 0, as MySQL's boolean results are integers.
pub fn bool_value(b: bool) -> Value {
    Value::Int(i64::from(b))
}

fn negate_if(r: Option<bool>, negated: bool) -> Value {
    match r {
        None => Value::Null,
        Some(b) => bool_value(b != negated),
    }
}

fn and3(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    }
}

fn or3(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(true), _) | (_, Some(true)) => Some(true),
        (Some(false), Some(false)) => Some(false),
        _ => None,
    }
}

fn unary(op: U, v: Value, text: &str, cx: &mut dyn EvalContext) -> Result<Value> {
    Ok(match op {
        U::Plus => v,
        U::Minus => match v {
            Value::Null => Value::Null,
            Value::Int(i) => match i.checked_neg() {
                Some(n) => Value::Int(n),
                None => return Err(MySqlError::out_of_range("BIGINT", text)),
            },
            // -9223372036854775808 is a BIGINT literal, as in MySQL.
            Value::UInt(u) if u == 1 << 63 => Value::Int(i64::MIN),
            Value::UInt(u) => match i64::try_from(u) {
                Ok(i) => Value::Int(-i),
                Err(_) => Value::Decimal(Decimal::new(-i128::from(u), 0)),
            },
            Value::Decimal(d) => Value::Decimal(Decimal::new(-d.mantissa, d.scale)),
            Value::Double(d) => Value::Double(-d),
            // A string is read as a double (1292 DOUBLE where it is not a number whole).
            Value::Str(_) => match numeric_operands::as_double(&v, cx) {
                Value::Double(d) => Value::Double(-d),
                _ => Value::Null,
            },
            Value::Bin(_) => Value::Double(-v.to_f64().unwrap_or(0.0)),
        },
        U::Not | U::BangNot => negate_if(v.truth(), true),
        U::BitwiseNot => match numeric_operands::bit_operand(&v, cx) {
            Some(bits) => Value::UInt(!bits),
            None => Value::Null,
        },
        other => return Err(MySqlError::not_supported_yet(&format!("the operator {other}"))),
    })
}

/// A binary operator on two evaluated operands (not inlined: see [`eval`]).
#[inline(never)]
fn apply_binary(
    op: &B,
    l: &Value,
    r: &Value,
    text: &str,
    cx: &mut dyn EvalContext,
) -> Result<Value> {
    if *op == B::Spaceship {
        return Ok(bool_value(match (l.is_null(), r.is_null()) {
            (true, true) => true,
            (false, false) => l.compare(r) == Some(Ordering::Equal),
            _ => false,
        }));
    }
    if l.is_null() || r.is_null() {
        return Ok(Value::Null);
    }
    warn_string_as_double(op, l, r, cx);
    let cmp =
        |want: fn(Ordering) -> bool| Ok(l.compare(r).map(want).map_or(Value::Null, bool_value));
    match op {
        B::Eq => cmp(|o| o == Ordering::Equal),
        B::NotEq => cmp(|o| o != Ordering::Equal),
        B::Lt => cmp(|o| o == Ordering::Less),
        B::LtEq => cmp(|o| o != Ordering::Greater),
        B::Gt => cmp(|o| o == Ordering::Greater),
        B::GtEq => cmp(|o| o != Ordering::Less),
        B::Xor => Ok(bool_value(l.truth() != r.truth())),
        B::Plus | B::Minus | B::Multiply => arithmetic(op, l, r, text),
        B::Divide => divide(l, r, cx),
        B::MyIntegerDivide => integer_divide(l, r, cx, text),
        B::Modulo => modulo(l, r, cx),
        B::BitwiseAnd
        | B::BitwiseOr
        | B::BitwiseXor
        | B::PGBitwiseShiftLeft
        | B::PGBitwiseShiftRight => {
            // A string operand is read as an INTEGER (1292 where it is not one whole).
            let a = numeric_operands::bit_operand(l, cx).unwrap_or(0);
            let b = numeric_operands::bit_operand(r, cx).unwrap_or(0);
            Ok(Value::UInt(match op {
                B::BitwiseAnd => a & b,
                B::BitwiseOr => a | b,
                B::BitwiseXor => a ^ b,
                B::PGBitwiseShiftLeft => a.checked_shl(b as u32).unwrap_or(0),
                _ => a.checked_shr(b as u32).unwrap_or(0),
            }))
        }
        other => Err(MySqlError::not_supported_yet(&format!("the operator {other}"))),
    }
}

/// Warning 1292 `Truncated incorrect DOUBLE value: '3abc'` for a string operand that a
/// number operation reads as a double and that is not a number whole: in `+`, `-`, `*`, `/`
/// and `%` / MOD, and in a comparison of a string with a number (which MySQL compares as
/// doubles). DIV, the bit operators, unary minus and the math functions read their string
/// operands by `numeric_operands.rs`, each with its own type's warning.
fn warn_string_as_double(op: &B, l: &Value, r: &Value, cx: &mut dyn EvalContext) {
    let is_text = |v: &Value| matches!(v, Value::Str(_) | Value::Bin(_));
    let arithmetic = matches!(op, B::Plus | B::Minus | B::Multiply | B::Divide | B::Modulo);
    let comparison = matches!(op, B::Eq | B::NotEq | B::Lt | B::LtEq | B::Gt | B::GtEq)
        && (l.is_numeric() || r.is_numeric());
    if !(arithmetic || comparison) {
        return;
    }
    for v in [l, r] {
        if is_text(v) {
            let text = v.to_text().unwrap_or_default();
            if !crate::storage::value::reads_whole_as_double(&text) {
                cx.warn(Warning::truncated_value("DOUBLE", &text));
            }
        }
    }
}

/// The numeric class of an operation: exact integer, exact decimal, or double.
enum Class {
    Int,
    Decimal,
    Double,
}

fn class(l: &Value, r: &Value) -> Class {
    let any = |f: fn(&Value) -> bool| f(l) || f(r);
    if any(|v| matches!(v, Value::Double(_) | Value::Str(_) | Value::Bin(_))) {
        Class::Double
    } else if any(|v| matches!(v, Value::Decimal(_))) {
        Class::Decimal
    } else {
        Class::Int
    }
}

fn arithmetic(op: &B, l: &Value, r: &Value, text: &str) -> Result<Value> {
    let overflow = || MySqlError::out_of_range(int_type_name(l, r), text);
    match class(l, r) {
        Class::Double => {
            let (a, b) = (l.to_f64().unwrap_or(0.0), r.to_f64().unwrap_or(0.0));
            let v = match op {
                B::Plus => a + b,
                B::Minus => a - b,
                _ => a * b,
            };
            if v.is_finite() {
                Ok(Value::Double(v))
            } else {
                Err(MySqlError::out_of_range("DOUBLE", text))
            }
        }
        Class::Decimal => {
            let (a, b) = (
                l.to_decimal().unwrap_or(Decimal::new(0, 0)),
                r.to_decimal().unwrap_or(Decimal::new(0, 0)),
            );
            let v = match op {
                B::Plus => a.checked_add(b),
                B::Minus => a.checked_sub(b),
                _ => a.checked_mul(b),
            };
            v.map(Value::Decimal).ok_or_else(|| MySqlError::out_of_range("DECIMAL", text))
        }
        Class::Int => {
            // Unsigned if either side is unsigned, as MySQL does (so 0 - 1 on an unsigned
            // column is an error, not -1).
            let unsigned = matches!(l, Value::UInt(_)) || matches!(r, Value::UInt(_));
            let (a, b) = (int128(l), int128(r));
            let v = match op {
                B::Plus => a + b,
                B::Minus => a - b,
                _ => a.checked_mul(b).ok_or_else(overflow)?,
            };
            if unsigned {
                u64::try_from(v).map(Value::UInt).map_err(|_| overflow())
            } else {
                i64::try_from(v).map(Value::Int).map_err(|_| overflow())
            }
        }
    }
}

fn int128(v: &Value) -> i128 {
    match v {
        Value::Int(i) => i128::from(*i),
        Value::UInt(u) => i128::from(*u),
        other => i128::from(other.to_i64().unwrap_or(0)),
    }
}

fn int_type_name(l: &Value, r: &Value) -> &'static str {
    if matches!(l, Value::UInt(_)) || matches!(r, Value::UInt(_)) {
        "BIGINT UNSIGNED"
    } else {
        "BIGINT"
    }
}

fn divide(l: &Value, r: &Value, cx: &mut dyn EvalContext) -> Result<Value> {
    match class(l, r) {
        Class::Double => {
            let b = r.to_f64().unwrap_or(0.0);
            if b == 0.0 {
                cx.warn(Warning::division_by_zero());
                return Ok(Value::Null);
            }
            Ok(Value::Double(l.to_f64().unwrap_or(0.0) / b))
        }
        _ => {
            let (a, b) = (
                l.to_decimal().unwrap_or(Decimal::new(0, 0)),
                r.to_decimal().unwrap_or(Decimal::new(0, 0)),
            );
            match a.checked_div(b, cx.div_precision_increment()) {
                Some(q) => Ok(Value::Decimal(q)),
                None => {
                    cx.warn(Warning::division_by_zero());
                    Ok(Value::Null)
                }
            }
        }
    }
}

fn integer_divide(l: &Value, r: &Value, cx: &mut dyn EvalContext, text: &str) -> Result<Value> {
    // A string operand is read as a DECIMAL (1292 DECIMAL where it is not a number whole),
    // and the division is DECIMAL's: exact, then cut to an integer.
    let (l, r) = (&numeric_operands::as_decimal(l, cx), &numeric_operands::as_decimal(r, cx));
    let q = match class(l, r) {
        Class::Int => {
            let (a, b) = (int128(l), int128(r));
            if b == 0 {
                cx.warn(Warning::division_by_zero());
                return Ok(Value::Null);
            }
            a / b
        }
        Class::Decimal => {
            let zero = Decimal::new(0, 0);
            let (a, b) = (l.to_decimal().unwrap_or(zero), r.to_decimal().unwrap_or(zero));
            let s = a.scale.max(b.scale);
            let (x, y) = (a.rescale(s).mantissa, b.rescale(s).mantissa);
            if y == 0 {
                cx.warn(Warning::division_by_zero());
                return Ok(Value::Null);
            }
            x / y
        }
        Class::Double => {
            let (a, b) = (l.to_f64().unwrap_or(0.0), r.to_f64().unwrap_or(0.0));
            if b == 0.0 {
                cx.warn(Warning::division_by_zero());
                return Ok(Value::Null);
            }
            (a / b).trunc() as i128
        }
    };
    i64::try_from(q).map(Value::Int).map_err(|_| MySqlError::out_of_range("BIGINT", text))
}

fn modulo(l: &Value, r: &Value, cx: &mut dyn EvalContext) -> Result<Value> {
    match class(l, r) {
        Class::Int => {
            let (a, b) = (int128(l), int128(r));
            if b == 0 {
                cx.warn(Warning::division_by_zero());
                return Ok(Value::Null);
            }
            Ok(Value::Int((a % b) as i64))
        }
        Class::Decimal => {
            let (a, b) = (
                l.to_decimal().unwrap_or(Decimal::new(0, 0)),
                r.to_decimal().unwrap_or(Decimal::new(0, 0)),
            );
            if b.is_zero() {
                cx.warn(Warning::division_by_zero());
                return Ok(Value::Null);
            }
            let s = a.scale.max(b.scale);
            let (x, y) = (a.rescale(s).mantissa, b.rescale(s).mantissa);
            Ok(Value::Decimal(Decimal::new(x % y, s)))
        }
        Class::Double => {
            let b = r.to_f64().unwrap_or(0.0);
            if b == 0.0 {
                cx.warn(Warning::division_by_zero());
                return Ok(Value::Null);
            }
            Ok(Value::Double(l.to_f64().unwrap_or(0.0) % b))
        }
    }
}

/// SQL LIKE with `%`, `_` and an escape character, case-insensitive (ASCII folding, as the
/// default collation compares ASCII).
pub fn like(s: &str, p: &str, escape: char) -> bool {
    LikePattern::new(p, escape).matches(s)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum LikeToken {
    Lit(char),
    One,
    Any,
}

/// A compiled LIKE pattern, for matching many strings (SHOW VARIABLES LIKE ...).
#[derive(Clone, Debug)]
pub struct LikePattern {
    tokens: Vec<LikeToken>,
    /// Fold case (the default collation); false for names compared exactly.
    fold_case: bool,
}

impl LikePattern {
    pub fn new(p: &str, escape: char) -> LikePattern {
        Self::build(p, escape, true)
    }

    /// A pattern that compares characters exactly (database and table names on a server with
    /// `lower_case_table_names = 0`).
    pub fn case_sensitive(p: &str, escape: char) -> LikePattern {
        Self::build(p, escape, false)
    }

    fn build(p: &str, escape: char, fold_case: bool) -> LikePattern {
        let mut tokens = Vec::new();
        let folded: String = if fold_case {
            p.chars().flat_map(char::to_lowercase).collect()
        } else {
            p.to_string()
        };
        let mut it = folded.chars();
        while let Some(c) = it.next() {
            tokens.push(if c == escape {
                LikeToken::Lit(it.next().unwrap_or(escape))
            } else if c == '%' {
                LikeToken::Any
            } else if c == '_' {
                LikeToken::One
            } else {
                LikeToken::Lit(c)
            });
        }
        LikePattern { tokens, fold_case }
    }

    /// The characters every match starts with (the pattern's literal characters before its
    /// first wildcard), case-folded as the pattern is: lets a caller that holds names in
    /// order visit only those that can match.
    pub fn literal_prefix(&self) -> String {
        self.tokens
            .iter()
            .map_while(|t| match t {
                LikeToken::Lit(c) => Some(*c),
                _ => None,
            })
            .collect()
    }

    /// Iterative matching with one backtrack point per `%`, so no recursion depth depends on
    /// the input and the work is bounded by |s| x |pattern|. ASCII text (every name of a
    /// variable, counter, database or table) is matched where it lies, without copying.
    pub fn matches(&self, s: &str) -> bool {
        if s.is_ascii() {
            let bytes = s.as_bytes();
            return if self.fold_case {
                self.match_chars(bytes.len(), |i| (bytes[i] as char).to_ascii_lowercase())
            } else {
                self.match_chars(bytes.len(), |i| bytes[i] as char)
            };
        }
        let s: Vec<char> = if self.fold_case {
            s.chars().flat_map(char::to_lowercase).collect()
        } else {
            s.chars().collect()
        };
        self.match_chars(s.len(), |i| s[i])
    }

    /// Matches the `len` characters `at(0)`, `at(1)`, ... against the pattern.
    fn match_chars(&self, len: usize, at: impl Fn(usize) -> char) -> bool {
        let toks = &self.tokens;
        let (mut si, mut pi) = (0usize, 0usize);
        let mut star: Option<(usize, usize)> = None;
        while si < len {
            match toks.get(pi) {
                Some(LikeToken::Any) => {
                    star = Some((pi, si));
                    pi += 1;
                }
                Some(LikeToken::One) => {
                    si += 1;
                    pi += 1;
                }
                Some(LikeToken::Lit(c)) if *c == at(si) => {
                    si += 1;
                    pi += 1;
                }
                _ => match star {
                    Some((sp, ss)) => {
                        pi = sp + 1;
                        si = ss + 1;
                        star = Some((sp, ss + 1));
                    }
                    None => return false,
                },
            }
        }
        toks[pi..].iter().all(|t| *t == LikeToken::Any)
    }
}

/// A call of a name that is no built-in: with sys the current schema, one of its functions
/// unqualified (MySQL finds them as stored functions of the current schema); else MySQL's
/// error for an unknown function. Out of line, so the evaluator's hot loop stays as small.
#[cold]
#[inline(never)]
fn unknown_call(
    name: &str,
    args: &[BExpr],
    row: &[Value],
    aggs: &[Value],
    cx: &mut dyn EvalContext,
) -> Result<Value> {
    let database = cx.current_database();
    if database.as_deref() == Some("sys") && !name.contains('.') {
        let qualified = format!("SYS.{name}");
        if Builtin::from_name(&qualified).is_some() {
            return eval(&BExpr::call(qualified, args.to_vec()), row, aggs, cx);
        }
    }
    Err(functions::unknown_function(name, database))
}

#[cfg(test)]
mod tests {
    use super::like;

    #[test]
    fn like_patterns() {
        assert!(like("Innodb_buffer_pool_reads", "innodb_buffer_pool%", '\\'));
        assert!(like("max_connections", "max\\_connections", '\\'));
        assert!(!like("maxXconnections", "max\\_connections", '\\'));
        assert!(like("abc", "a_c", '\\'));
        assert!(like("abc", "%", '\\'));
        assert!(like("", "%%", '\\'));
        assert!(!like("abc", "ab", '\\'));
        assert!(like("aXbXc", "%b%c", '\\'));
        // Non-ASCII text folds by Unicode's rules; ASCII by the same result without copying.
        assert!(like("ÉTÉ", "été", '\\'));
        assert!(like("Innodb_Buffer", "INNODB\\_%", '\\'));
        assert!(!like("Innodb-Buffer", "innodb\\_%", '\\'));
    }
}
