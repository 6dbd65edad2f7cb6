//! The errors a learner sees: MySQL's error codes, SQLSTATEs and message texts, one
//! constructor per code, rendered the way the mysql client prints them. Broken invariants of
//! the engine are bugs and panic with a message; they are never a `MySqlError`.

use std::fmt;

/// A MySQL server error, as the client receives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MySqlError {
    pub code: u16,
    pub sqlstate: &'static str,
    pub message: String,
}

pub type Result<T> = std::result::Result<T, MySqlError>;

impl MySqlError {
    fn new(code: u16, sqlstate: &'static str, message: String) -> MySqlError {
        MySqlError { code, sqlstate, message }
    }

    /// 1046 ER_NO_DB_ERROR
    pub fn no_database_selected() -> MySqlError {
        Self::new(1046, "3D000", "No database selected".into())
    }
    /// 1049 ER_BAD_DB_ERROR
    pub fn unknown_database(db: &str) -> MySqlError {
        Self::new(1049, "42000", format!("Unknown database '{db}'"))
    }
    /// 1054 ER_BAD_FIELD_ERROR
    pub fn unknown_column(column: &str, clause: &str) -> MySqlError {
        Self::new(1054, "42S22", format!("Unknown column '{column}' in '{clause}'"))
    }
    /// 1064 ER_PARSE_ERROR. `near` is the statement text from the offending token on.
    pub fn syntax(near: &str, line: u32) -> MySqlError {
        // The server quotes at most 80 characters of the rest of the statement.
        let near: String = near.chars().take(80).collect();
        Self::new(
            1064,
            "42000",
            format!(
                "You have an error in your SQL syntax; check the manual that corresponds to your \
                 MySQL server version for the right syntax to use near '{near}' at line {line}"
            ),
        )
    }
    /// 1065 ER_EMPTY_QUERY
    pub fn empty_query() -> MySqlError {
        Self::new(1065, "42000", "Query was empty".into())
    }
    /// 1146 ER_NO_SUCH_TABLE
    pub fn no_such_table(db: &str, table: &str) -> MySqlError {
        Self::new(1146, "42S02", format!("Table '{db}.{table}' doesn't exist"))
    }
    /// 1193 ER_UNKNOWN_SYSTEM_VARIABLE
    pub fn unknown_system_variable(name: &str) -> MySqlError {
        Self::new(1193, "HY000", format!("Unknown system variable '{name}'"))
    }
    /// 1228 ER_LOCAL_VARIABLE
    pub fn session_only_variable(name: &str) -> MySqlError {
        Self::new(
            1228,
            "HY000",
            format!("Variable '{name}' is a SESSION variable and can't be used with SET GLOBAL"),
        )
    }
    /// 1229 ER_GLOBAL_VARIABLE
    pub fn global_only_variable(name: &str) -> MySqlError {
        Self::new(
            1229,
            "HY000",
            format!("Variable '{name}' is a GLOBAL variable and should be set with SET GLOBAL"),
        )
    }
    /// 1231 ER_WRONG_VALUE_FOR_VAR
    pub fn wrong_value_for_variable(name: &str, value: &str) -> MySqlError {
        Self::new(
            1231,
            "42000",
            format!("Variable '{name}' can't be set to the value of '{value}'"),
        )
    }
    /// 1232 ER_WRONG_TYPE_FOR_VAR
    pub fn wrong_type_for_variable(name: &str) -> MySqlError {
        Self::new(1232, "42000", format!("Incorrect argument type to variable '{name}'"))
    }
    /// 1235 ER_NOT_SUPPORTED_YET
    pub fn not_supported_yet(what: &str) -> MySqlError {
        Self::new(1235, "42000", format!("This version of MySQL doesn't yet support '{what}'"))
    }
    /// 1238 ER_INCORRECT_GLOBAL_LOCAL_VAR, read-only form.
    pub fn read_only_variable(name: &str) -> MySqlError {
        Self::new(1238, "HY000", format!("Variable '{name}' is a read only variable"))
    }
    /// 1238 ER_INCORRECT_GLOBAL_LOCAL_VAR, scope form (`SELECT @@session.max_connections`).
    pub fn variable_scope(name: &str, scope: &str) -> MySqlError {
        Self::new(1238, "HY000", format!("Variable '{name}' is a {scope} variable"))
    }
    /// 1248 ER_DERIVED_MUST_HAVE_ALIAS
    pub fn derived_table_without_alias() -> MySqlError {
        Self::new(1248, "42000", "Every derived table must have its own alias".into())
    }
    /// 1305 ER_SP_DOES_NOT_EXIST
    pub fn function_does_not_exist(name: &str) -> MySqlError {
        Self::new(1305, "42000", format!("FUNCTION {name} does not exist"))
    }
    /// 1317 ER_QUERY_INTERRUPTED: the statement was stopped (KILL QUERY, or the simulator's
    /// bound on a runaway join).
    pub fn query_interrupted() -> MySqlError {
        Self::new(1317, "70100", "Query execution was interrupted".into())
    }
    /// 1353 ER_VIEW_WRONG_LIST
    pub fn derived_column_count() -> MySqlError {
        Self::new(
            1353,
            "HY000",
            "In definition of view, derived table or common table expression, SELECT list and \
             column names list have different column counts"
                .into(),
        )
    }
    /// 1582 ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT
    pub fn wrong_parameter_count(function: &str) -> MySqlError {
        Self::new(
            1582,
            "42000",
            format!("Incorrect parameter count in the call to native function '{function}'"),
        )
    }
    /// 1690 ER_DATA_OUT_OF_RANGE
    pub fn out_of_range(type_name: &str, expr: &str) -> MySqlError {
        Self::new(1690, "22003", format!("{type_name} value is out of range in '{expr}'"))
    }
    /// 1436 ER_STACK_OVERRUN_NEED_MORE: an expression too deep for the thread stack
    /// (`thread_stack` is 1 MiB; the byte counts are the server's typical report).
    pub fn stack_overrun() -> MySqlError {
        Self::new(
            1436,
            "HY000",
            "Thread stack overrun:  1040096 bytes used of a 1048576 byte stack, and 16000 bytes \
             needed.  Use 'mysqld --thread_stack=#' to specify a bigger stack."
                .into(),
        )
    }
    /// 1114 ER_RECORD_FILE_FULL: a table (an internal temporary one, or a system table the
    /// simulator refuses to materialise) is full.
    pub fn table_full(table: &str) -> MySqlError {
        Self::new(1114, "HY000", format!("The table '{table}' is full"))
    }
    /// 1040 ER_CON_COUNT_ERROR: every connection slot is taken. The listener sends it before
    /// the protocol is agreed, without an SQLSTATE, so the client shows HY000 (an account
    /// refused later, at authentication, gets 08004).
    pub fn too_many_connections() -> MySqlError {
        Self::new(1040, "HY000", "Too many connections".into())
    }
    /// 2002 CR_CONNECTION_ERROR: what the client prints when mysqld is not there.
    pub fn cannot_connect() -> MySqlError {
        Self::new(
            2002,
            "HY000",
            "Can't connect to local MySQL server through socket '/var/run/mysqld/mysqld.sock' (2)"
                .into(),
        )
    }
    /// 2013 CR_SERVER_LOST: the server went away while the client waited for its answer.
    pub fn lost_connection() -> MySqlError {
        Self::new(2013, "HY000", "Lost connection to MySQL server during query".into())
    }
    /// 1105 ER_UNKNOWN_ERROR, for limits of the simulation a learner can hit.
    pub fn unknown(message: &str) -> MySqlError {
        Self::new(1105, "HY000", message.into())
    }
}

impl fmt::Display for MySqlError {
    /// `ERROR 1193 (HY000): Unknown system variable 'query_cache_size'`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ERROR {} ({}): {}", self.code, self.sqlstate, self.message)
    }
}

impl std::error::Error for MySqlError {}

/// A note or warning left by a statement, as SHOW WARNINGS lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// "Note", "Warning" or "Error".
    pub level: &'static str,
    pub code: u16,
    pub message: String,
}

impl Warning {
    /// 1292 ER_TRUNCATED_WRONG_VALUE
    pub fn truncated_value(type_name: &str, value: &str) -> Warning {
        Warning {
            level: "Warning",
            code: 1292,
            message: format!("Truncated incorrect {type_name} value: '{value}'"),
        }
    }
    /// 1365 ER_DIVISION_BY_ZERO
    pub fn division_by_zero() -> Warning {
        Warning { level: "Warning", code: 1365, message: "Division by 0".into() }
    }
}
