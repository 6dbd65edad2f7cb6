//! The errors of built-in functions' arguments: native-function parameters (1583) and the regular expression library's errors (3684-3700, 3900), whose
//! texts are ICU's as MySQL passes them on. Part of [`MySqlError`]'s one constructor per code.

use super::MySqlError;

impl MySqlError {
    /// 1583 ER_WRONG_PARAMETERS_TO_NATIVE_FCT
    pub fn wrong_parameters_to_native_function(name: &str) -> MySqlError {
        Self::new(
            1583,
            "42000",
            format!("Incorrect parameters in the call to native function '{name}'"),
        )
    }
    /// A regular expression error (ER_REGEXP_*: 3684-3700, 3900), all with SQLSTATE HY000.
    pub fn regexp(code: u16, message: impl Into<String>) -> MySqlError {
        Self::new(code, "HY000", message.into())
    }
}

impl MySqlError {
    /// 3154 ER_JSON_BAD_ONE_OR_ALL_ARG
    pub fn json_bad_one_or_all(function: &str) -> MySqlError {
        Self::new(
            3154,
            "42000",
            format!("The oneOrAll argument to {function} may take these values: 'one' or 'all'."),
        )
    }
}

impl MySqlError {
    /// 3602 ER_FIELD_IN_GROUPING_NOT_GROUP_BY
    pub fn grouping_not_in_group_by(argument: u32) -> MySqlError {
        Self::new(
            3602,
            "HY000",
            format!("Argument #{argument} of GROUPING function is not in GROUP BY"),
        )
    }
}
