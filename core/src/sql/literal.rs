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
        Lit::SingleQuotedString(s) | Lit::DoubleQuotedString(s) => Value::Str(s.clone()),
        Lit::Boolean(b) => Value::Int(i64::from(*b)),
        Lit::Null => Value::Null,
        Lit::HexStringLiteral(h) => {
            let n = u64::from_str_radix(h, 16).unwrap_or(u64::MAX);
            Value::UInt(n)
        }
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
