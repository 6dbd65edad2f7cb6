//! SQL literals as MySQL types them: an integer literal is BIGINT (or BIGINT UNSIGNED past its
//! range), a literal with a point DECIMAL, with an exponent DOUBLE; strings, booleans, NULL
//! and hexadecimal literals.

use crate::error::{MySqlError, Result};
use crate::storage::value::{Decimal, Value};
use sqlparser::ast::Value as Lit;

/// A numeric or string literal.
pub fn literal(v: &Lit) -> Result<Value> {
    Ok(match v {
        Lit::Number(s, _) => number_literal(s),
        // N'text' is a string in the national character set (utf8mb3, `literal_charset.rs`).
        Lit::SingleQuotedString(s) | Lit::DoubleQuotedString(s) | Lit::NationalStringLiteral(s) => {
            Value::Str(s.clone())
        }
        Lit::Boolean(b) => Value::Int(i64::from(*b)),
        Lit::Null => Value::Null,
        // X'41' and 0x41 are binary strings; where a number is wanted the binder reads them
        // as one ([`hex_number`]).
        Lit::HexStringLiteral(h) => Value::Bin(hex_bytes(h)),
        other => return Err(MySqlError::not_supported_yet(&format!("the literal {other}"))),
    })
}

fn number_literal(s: &str) -> Value {
    if s.contains(['e', 'E']) {
        return Value::Double(s.parse().unwrap_or(0.0));
    }
    if !s.contains('.') {
        if let Ok(i) = s.parse::<i64>() {
            return Value::Int(i);
        }
        if let Ok(u) = s.parse::<u64>() {
            return Value::UInt(u);
        }
    }
    match Decimal::parse(s) {
        Some(d) => Value::Decimal(d),
        None => Value::Double(s.parse().unwrap_or(0.0)),
    }
}

/// The bytes of a hexadecimal literal's digits; an odd count reads with a leading 0 (`0x123`
/// is `0x0123`, as MySQL reads it). Digits are checked by the tokenizer.
pub fn hex_bytes(digits: &str) -> Vec<u8> {
    let padded = if digits.len() % 2 == 1 { format!("0{digits}") } else { digits.to_string() };
    (padded.as_bytes().chunks(2))
        .map(|pair| {
            let text = std::str::from_utf8(pair).unwrap_or("00");
            u8::from_str_radix(text, 16).unwrap_or(0)
        })
        .collect()
}

/// A hexadecimal literal in a numeric context: MySQL reads it as a BIGINT UNSIGNED (the
/// bytes as a big-endian number; past 8 bytes, the largest BIGINT UNSIGNED).
pub fn hex_number(bytes: &[u8]) -> Value {
    let significant: Vec<u8> = bytes.iter().copied().skip_while(|b| *b == 0).collect();
    if significant.len() > 8 {
        return Value::UInt(u64::MAX);
    }
    Value::UInt(significant.iter().fold(0u64, |n, b| (n << 8) | u64::from(*b)))
}
