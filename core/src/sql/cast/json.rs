//! CAST(... AS JSON): a number becomes a JSON number; a string is parsed as JSON text and
//! printed in MySQL's normal form (`{"a": 1, "b": [1, 2]}`: one space after `:` and `,`,
//! object keys ordered by length and then bytes, the last of duplicate keys kept, as 8.0.3+
//! does). Text that is not JSON is ERROR 3141 with rapidjson's message and byte position.

use crate::error::Result;
use crate::sql::json::{json_double, parse};
use crate::storage::value::Value;

/// `v` as a JSON value, written in MySQL's normal form.
pub fn to_json(v: &Value) -> Result<Value> {
    Ok(match v {
        Value::Null => Value::Null,
        Value::Int(_) | Value::UInt(_) | Value::Decimal(_) => {
            Value::Str(v.to_text().unwrap_or_default())
        }
        Value::Double(d) => Value::Str(json_double(*d)),
        Value::Str(s) => parse::parse_argument(s, "cast_as_json", 1)?.into_value(),
        // Simplification: MySQL makes a binary string a JSON opaque value (base64:type15:...);
        // here it is read as text like a string.
        Value::Bin(_) => return to_json(&Value::Str(v.to_text().unwrap_or_default())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: &str) -> std::result::Result<String, String> {
        to_json(&Value::Str(s.into()))
            .map(|v| v.to_text().unwrap_or_default())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn normal_form() {
        assert_eq!(
            j(r#"{"b":[1,2.50,true],"a":null,"aa":"x\"y"}"#).unwrap(),
            r#"{"a": null, "b": [1, 2.5, true], "aa": "x\"y"}"#
        );
        assert_eq!(j(r#"{"a":1,"a":2}"#).unwrap(), r#"{"a": 2}"#);
        assert_eq!(j("1e2").unwrap(), "100.0");
        assert_eq!(j(" [ ] ").unwrap(), "[]");
        assert_eq!(to_json(&Value::Int(5)).unwrap(), Value::Str("5".into()));
    }

    #[test]
    fn invalid_text_reports_rapidjsons_message() {
        assert_eq!(
            j("abc").unwrap_err(),
            "ERROR 3141 (22032): Invalid JSON text in argument 1 to function cast_as_json: \"Invalid value.\" at position 0."
        );
        assert!(j("{\"a\" 1}")
            .unwrap_err()
            .contains("Missing a colon after a name of object member.\" at position 5."));
        assert!(j("[1] 2").unwrap_err().contains("root must not be followed"));
        assert!(j(&"[".repeat(101)).unwrap_err().contains("3157"));
    }
}
