//! How a string operand becomes a number for an operator or a math function, and the 1292
//! warning MySQL gives when the string is not a number whole. Which number type it reads as
//! decides the message (`Truncated incorrect <TYPE> value: '...'`):
//!
//! - DOUBLE: the math functions (ABS, SIGN, FLOOR, CEIL, ROUND, TRUNCATE, MOD(), POW, SQRT,
//!   EXP, LN, LOG, the trigonometric ones, DEGREES, RADIANS) and unary minus, which MySQL
//!   resolves to a double result for a string argument ("Type Conversion in Expression
//!   Evaluation": a string in a numeric context is a floating-point number);
//! - INTEGER: the bit operators `& | ^ << >> ~` (a non-binary string is read by `val_int`,
//!   mysql-test `func_bitwise_ops.result`: `_chr | 2147483647` warns "Truncated incorrect
//!   INTEGER value: 'abcdefghijkl'"), and ROUND's / TRUNCATE's second argument;
//! - DECIMAL: DIV ("Arithmetic Operators": an operand of non-integer type is converted to
//!   DECIMAL and divided with DECIMAL arithmetic).
//!
//! Simplifications, each where MySQL's answer depends on where the string came from, which a
//! value here no longer knows: a TEXT column's string in a bit operation warns in this engine
//! (MySQL's `Field_blob::val_int` gives no warning, mysql-test `func_bitwise_ops.result`), and a
//! CHAR / VARCHAR column's wholly non-numeric string in DIV gets only the 1292 (MySQL's
//! `Field_str::val_decimal` also gives a 1366 first; UNCONFIRMED). Binary strings are left to
//! the operators' own rules.

use super::cast::number::{decimal_from_text, integer_from_text};
use super::expr::EvalContext;
use crate::error::Warning;
use crate::storage::value::{double_from_text, reads_whole_as_double, Value};

/// A string read as a DOUBLE (1292 where it is not a number whole); other values as they are.
pub fn as_double(v: &Value, cx: &mut dyn EvalContext) -> Value {
    match v {
        Value::Str(s) => {
            let d = double_from_text(s);
            // Past the range of a double, `my_strtod` gives the largest one, with the warning.
            if !reads_whole_as_double(s) || d.is_infinite() {
                cx.warn(Warning::truncated_value("DOUBLE", s));
            }
            Value::Double(if d.is_infinite() { f64::MAX.copysign(d) } else { d })
        }
        other => other.clone(),
    }
}

/// A string read as an INTEGER by its leading digits, as `my_strtoll10` reads it (`'3.7'` is
/// 3, with 1292); other values as they are.
pub fn as_integer(v: &Value, cx: &mut dyn EvalContext) -> Value {
    match v {
        Value::Str(s) => {
            let n = integer_from_text(s);
            if n.truncated {
                cx.warn(Warning::truncated_value("INTEGER", s));
            }
            Value::Int(n.bits as i64)
        }
        other => other.clone(),
    }
}

/// A string read as a DECIMAL (1292 where it is not a number whole); other values as they
/// are.
pub fn as_decimal(v: &Value, cx: &mut dyn EvalContext) -> Value {
    match v {
        Value::Str(s) => {
            let (d, truncated) = decimal_from_text(s);
            if truncated {
                cx.warn(Warning::truncated_value("DECIMAL", s));
            }
            Value::Decimal(d)
        }
        other => other.clone(),
    }
}

/// An operand of a bit operator as its 64 bits (None for NULL): a string by its leading
/// digits with 1292 INTEGER where it is not an integer whole.
pub fn bit_operand(v: &Value, cx: &mut dyn EvalContext) -> Option<u64> {
    match as_integer(v, cx) {
        Value::Int(i) => Some(i as u64),
        Value::UInt(u) => Some(u),
        other => other.to_i64().map(|i| i as u64),
    }
}

/// How a math function reads its argument at `index`: as a DOUBLE, an INTEGER (the count of
/// places of ROUND and TRUNCATE), or untouched (None: not a math function of this list).
pub fn math_argument(
    function: &str,
    index: usize,
) -> Option<fn(&Value, &mut dyn EvalContext) -> Value> {
    let reads_double =
        super::functions::takes_double(function) || matches!(function, "ABS" | "SIGN" | "MOD");
    if !reads_double {
        return None;
    }
    if index == 1 && matches!(function, "ROUND" | "TRUNCATE") {
        Some(as_integer)
    } else {
        Some(as_double)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::sql::context::CollectedWarnings as Warnings;

    fn read(f: impl FnOnce(&mut dyn EvalContext) -> Value) -> (Value, Vec<String>) {
        let mut cx = Warnings(Vec::new());
        let v = f(&mut cx);
        (v, cx.0)
    }

    #[test]
    fn each_reading_names_its_type() {
        let s = Value::Str("3.7x".into());
        let (v, w) = read(|cx| as_double(&s, cx));
        assert_eq!(v, Value::Double(3.7));
        assert_eq!(w, ["1292 Truncated incorrect DOUBLE value: '3.7x'"]);
        let (v, w) = read(|cx| as_integer(&s, cx));
        assert_eq!(v, Value::Int(3));
        assert_eq!(w, ["1292 Truncated incorrect INTEGER value: '3.7x'"]);
        let (_, w) = read(|cx| as_decimal(&s, cx));
        assert_eq!(w, ["1292 Truncated incorrect DECIMAL value: '3.7x'"]);
    }

    #[test]
    fn whole_numbers_and_non_strings_do_not_warn() {
        let (v, w) = read(|cx| as_double(&Value::Str(" 2.5 ".into()), cx));
        assert_eq!((v, w.len()), (Value::Double(2.5), 0));
        let (v, w) = read(|cx| as_integer(&Value::Str("-7".into()), cx));
        assert_eq!((v, w.len()), (Value::Int(-7), 0));
        let (v, w) = read(|cx| as_double(&Value::Int(4), cx));
        assert_eq!((v, w.len()), (Value::Int(4), 0));
        let (v, w) = read(|cx| bit_operand(&Value::Null, cx).map_or(Value::Null, Value::UInt));
        assert_eq!((v, w.len()), (Value::Null, 0));
    }

    #[test]
    fn round_reads_its_places_as_an_integer() {
        assert!(math_argument("ROUND", 0).is_some());
        let places = math_argument("ROUND", 1).map(|f| read(|cx| f(&Value::Str("1.5".into()), cx)));
        assert_eq!(
            places,
            Some((
                Value::Int(1),
                vec!["1292 Truncated incorrect INTEGER value: '1.5'".to_string()]
            ))
        );
        assert!(math_argument("CONCAT", 0).is_none());
    }
}
