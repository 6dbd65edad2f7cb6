//! The errors of functional key parts (`INDEX ((expr))`, MySQL 8.0.13+): their numbers,
//! SQLSTATEs and texts from mysql-server's `share/messages_to_clients.txt`.

use super::MySqlError;

impl MySqlError {
    /// 3752 ER_WARN_DATA_OUT_OF_RANGE_FUNCTIONAL_INDEX: a row's value does not fit the hidden
    /// column's type (what 1264 says of a column, said of the index).
    pub fn functional_index_out_of_range(index: &str, row: u64) -> MySqlError {
        Self::new(
            3752,
            "22003",
            format!("Value is out of range for functional index '{index}' at row {row}"),
        )
    }
    /// 3753 ER_FUNCTIONAL_INDEX_ON_JSON_OR_GEOMETRY_FUNCTION
    pub fn functional_index_on_json() -> MySqlError {
        Self::new(
            3753,
            "42000",
            "Cannot create a functional index on a function that returns a JSON or GEOMETRY \
             value."
                .into(),
        )
    }
    /// 3754 ER_FUNCTIONAL_INDEX_REF_AUTO_INCREMENT
    pub fn functional_index_auto_increment(index: &str) -> MySqlError {
        Self::new(
            3754,
            "HY000",
            format!("Functional index '{index}' cannot refer to an auto-increment column."),
        )
    }
    /// 3756 ER_FUNCTIONAL_INDEX_PRIMARY_KEY
    pub fn functional_index_primary_key() -> MySqlError {
        Self::new(3756, "HY000", "The primary key cannot be a functional index".into())
    }
    /// 3757 ER_FUNCTIONAL_INDEX_ON_LOB
    pub fn functional_index_on_lob() -> MySqlError {
        Self::new(
            3757,
            "HY000",
            "Cannot create a functional index on an expression that returns a BLOB or TEXT. \
             Please consider using CAST."
                .into(),
        )
    }
    /// 3758 ER_FUNCTIONAL_INDEX_FUNCTION_IS_NOT_ALLOWED
    pub fn functional_index_function_not_allowed(index: &str) -> MySqlError {
        Self::new(
            3758,
            "HY000",
            format!("Expression of functional index '{index}' contains a disallowed function."),
        )
    }
    /// 3761 ER_WRONG_KEY_COLUMN_FUNCTIONAL_INDEX: an expression InnoDB cannot index (a
    /// constant, whose type is NULL or an empty string's).
    pub fn functional_index_cannot_index(expr: &str) -> MySqlError {
        Self::new(
            3761,
            "HY000",
            format!("The used storage engine cannot index the expression '{expr}'."),
        )
    }
    /// 3762 ER_FUNCTIONAL_INDEX_ON_FIELD
    pub fn functional_index_on_field() -> MySqlError {
        Self::new(
            3762,
            "HY000",
            "Functional index on a column is not supported. Consider using a regular index \
             instead."
                .into(),
        )
    }
    /// 3837 ER_DEPENDENT_BY_FUNCTIONAL_INDEX
    pub fn dependent_by_functional_index(column: &str) -> MySqlError {
        Self::new(
            3837,
            "HY000",
            format!(
                "Column '{column}' has a functional index dependency and cannot be dropped or \
                 renamed."
            ),
        )
    }
    /// 1815 ER_INTERNAL_ERROR
    pub fn internal_error(what: &str) -> MySqlError {
        Self::new(1815, "HY000", format!("Internal error: {what}"))
    }
    /// 1280 ER_WRONG_NAME_FOR_INDEX
    pub fn wrong_name_for_index(name: &str) -> MySqlError {
        Self::new(1280, "42000", format!("Incorrect index name '{name}'"))
    }
}
