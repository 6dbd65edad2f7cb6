//! The errors of JSON_TABLE (MySQL 8.4's errmsg texts for ER_MISSING_JSON_TABLE_VALUE ..
//! ER_JT_MAX_NESTED_PATH, 3665-3670, and the neighbours its columns raise).

use super::MySqlError;

impl MySqlError {
    /// 1067 ER_INVALID_DEFAULT: a column's DEFAULT ... ON EMPTY / ON ERROR is no JSON text,
    /// or is an array or object for a column that is not JSON.
    pub fn invalid_default(column: &str) -> MySqlError {
        Self::new(1067, "42000", format!("Invalid default value for '{column}'"))
    }
    /// 3156 ER_INVALID_JSON_VALUE_FOR_CAST: a JSON value a column of type `target` cannot
    /// take, under ERROR ON ERROR.
    pub fn invalid_json_value_for_cast(target: &str, column: &str, row: u64) -> MySqlError {
        Self::new(
            3156,
            "22018",
            format!("Invalid JSON value for CAST to {target} from column {column} at row {row}"),
        )
    }
    /// 3665 ER_MISSING_JSON_TABLE_VALUE: ERROR ON EMPTY and the path found nothing.
    pub fn json_table_missing_value(column: &str) -> MySqlError {
        Self::new(3665, "22035", format!("Missing value for JSON_TABLE column '{column}'"))
    }
    /// 3666 ER_WRONG_JSON_TABLE_VALUE: an array, an object or several values for a scalar
    /// column, under ERROR ON ERROR.
    pub fn json_table_not_scalar(column: &str) -> MySqlError {
        Self::new(
            3666,
            "2203F",
            format!("Can't store an array or an object in the scalar JSON_TABLE column '{column}'"),
        )
    }
    /// 3667 ER_TF_MUST_HAVE_ALIAS
    pub fn table_function_without_alias() -> MySqlError {
        Self::new(3667, "42000", "Every table function must have an alias".into())
    }
    /// 3668 ER_TF_FORBIDDEN_JOIN_TYPE: a JSON_TABLE that reads a table on the other side of a
    /// RIGHT JOIN.
    pub fn table_function_forbidden_join(alias: &str) -> MySqlError {
        Self::new(
            3668,
            "HY000",
            format!("INNER or LEFT JOIN must be used for LATERAL references made by '{alias}'"),
        )
    }
    /// 3669 ER_JT_VALUE_OUT_OF_RANGE
    pub fn json_table_out_of_range(column: &str) -> MySqlError {
        Self::new(
            3669,
            "22003",
            format!("Value is out of range for JSON_TABLE's column '{column}'"),
        )
    }
    /// 3670 ER_JT_MAX_NESTED_PATH: more NESTED PATH clauses than MySQL's MAX_NESTED_PATH.
    pub fn json_table_too_many_nested_paths(limit: u32, alias: &str) -> MySqlError {
        Self::new(
            3670,
            "42000",
            format!("More than supported {limit} NESTED PATHs were found in JSON_TABLE '{alias}'"),
        )
    }
}
