//! The errors a learner sees: MySQL's error codes, SQLSTATEs and message texts, one
//! constructor per code, rendered the way the mysql client prints them. Broken invariants of
//! the engine are bugs and panic with a message; they are never a `MySqlError`.

use std::borrow::Cow;
use std::fmt;

mod constraints;
mod functional_index;
mod functions;
mod json_table;
mod partitioning;
mod stored_program;

/// A MySQL server error, as the client receives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MySqlError {
    pub code: u16,
    /// Borrowed for the server's own errors; owned for a SIGNAL's SQLSTATE.
    pub sqlstate: Cow<'static, str>,
    pub message: String,
}

pub type Result<T> = std::result::Result<T, MySqlError>;

impl MySqlError {
    pub(crate) fn new(code: u16, sqlstate: &'static str, message: String) -> MySqlError {
        MySqlError { code, sqlstate: Cow::Borrowed(sqlstate), message }
    }

    /// 1007 ER_DB_CREATE_EXISTS
    pub fn database_exists(db: &str) -> MySqlError {
        Self::new(1007, "HY000", format!("Can't create database '{db}'; database exists"))
    }
    /// 1008 ER_DB_DROP_EXISTS
    pub fn drop_missing_database(db: &str) -> MySqlError {
        Self::new(1008, "HY000", format!("Can't drop database '{db}'; database doesn't exist"))
    }
    /// 1040 ER_CON_COUNT_ERROR: every connection slot is taken. The listener sends it before
    /// the protocol is agreed, without an SQLSTATE, so the client shows HY000 (an account
    /// refused later, at authentication, gets 08004).
    pub fn too_many_connections() -> MySqlError {
        Self::new(1040, "HY000", "Too many connections".into())
    }
    /// 1040 ER_CON_COUNT_ERROR as authentication sends it: the account lacks
    /// CONNECTION_ADMIN (or SUPER) and every slot but the administrator's is taken.
    pub fn too_many_connections_at_login() -> MySqlError {
        Self::new(1040, "08004", "Too many connections".into())
    }
    /// 1044 ER_DBACCESS_DENIED_ERROR. `account` is quoted as `'user'@'host'`.
    pub fn database_access_denied(account: &str, db: &str) -> MySqlError {
        Self::new(1044, "42000", format!("Access denied for user {account} to database '{db}'"))
    }
    /// 1045 ER_ACCESS_DENIED_ERROR: no account matches the user, host and password given.
    pub fn access_denied(user: &str, host: &str, using_password: bool) -> MySqlError {
        let using = if using_password { "YES" } else { "NO" };
        Self::new(
            1045,
            "28000",
            format!("Access denied for user '{user}'@'{host}' (using password: {using})"),
        )
    }
    /// 1046 ER_NO_DB_ERROR
    pub fn no_database_selected() -> MySqlError {
        Self::new(1046, "3D000", "No database selected".into())
    }
    /// 1048 ER_BAD_NULL_ERROR
    pub fn column_cannot_be_null(column: &str) -> MySqlError {
        Self::new(1048, "23000", format!("Column '{column}' cannot be null"))
    }
    /// 1049 ER_BAD_DB_ERROR
    pub fn unknown_database(db: &str) -> MySqlError {
        Self::new(1049, "42000", format!("Unknown database '{db}'"))
    }
    /// 1050 ER_TABLE_EXISTS_ERROR
    pub fn table_exists(table: &str) -> MySqlError {
        Self::new(1050, "42S01", format!("Table '{table}' already exists"))
    }
    /// 1051 ER_BAD_TABLE_ERROR. `tables` is one name or a comma-separated list (DROP TABLE).
    pub fn unknown_table(tables: &str) -> MySqlError {
        Self::new(1051, "42S02", format!("Unknown table '{tables}'"))
    }
    /// 1052 ER_NON_UNIQ_ERROR
    pub fn ambiguous_column(column: &str, clause: &str) -> MySqlError {
        Self::new(1052, "23000", format!("Column '{column}' in {clause} is ambiguous"))
    }
    /// 1054 ER_BAD_FIELD_ERROR
    pub fn unknown_column(column: &str, clause: &str) -> MySqlError {
        Self::new(1054, "42S22", format!("Unknown column '{column}' in '{clause}'"))
    }
    /// 1061 ER_DUP_KEYNAME
    pub fn duplicate_key_name(name: &str) -> MySqlError {
        Self::new(1061, "42000", format!("Duplicate key name '{name}'"))
    }
    /// 1062 ER_DUP_ENTRY
    pub fn duplicate_entry(key: &str, table: &str, index: &str) -> MySqlError {
        Self::new(1062, "23000", format!("Duplicate entry '{key}' for key '{table}.{index}'"))
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
    /// 1072 ER_KEY_COLUMN_DOES_NOT_EXIST
    pub fn key_column_does_not_exist(column: &str) -> MySqlError {
        Self::new(1072, "42000", format!("Key column '{column}' doesn't exist in table"))
    }
    /// 1075 ER_WRONG_AUTO_KEY
    pub fn wrong_auto_key() -> MySqlError {
        Self::new(
            1075,
            "42000",
            "Incorrect table definition; there can be only one auto column and it must be \
             defined as a key"
                .into(),
        )
    }
    /// 1060 ER_DUP_FIELDNAME
    pub fn duplicate_column(name: &str) -> MySqlError {
        Self::new(1060, "42S21", format!("Duplicate column name '{name}'"))
    }
    /// 1090 ER_CANT_REMOVE_ALL_FIELDS
    pub fn cannot_remove_all_columns() -> MySqlError {
        Self::new(
            1090,
            "42000",
            "You can't delete all columns with ALTER TABLE; use DROP TABLE instead".into(),
        )
    }
    /// 1138 ER_INVALID_USE_OF_NULL: ALTER making a column NOT NULL over a NULL value.
    pub fn invalid_use_of_null() -> MySqlError {
        Self::new(1138, "22004", "Invalid use of NULL value".into())
    }
    /// 1414 ER_SP_NOT_VAR_ARG: an OUT or INOUT argument of a CALL that is not a variable.
    pub fn out_argument_not_a_variable(position: usize, routine: &str) -> MySqlError {
        Self::new(
            1414,
            "42000",
            format!(
                "OUT or INOUT argument {position} for routine {routine} is not a variable or NEW pseudo-variable in BEFORE trigger"
            ),
        )
    }
    /// 1791 ER_UNKNOWN_EXPLAIN_FORMAT: `EXPLAIN FORMAT=` a name MySQL has no format for.
    pub fn unknown_explain_format(name: &str) -> MySqlError {
        Self::new(1791, "HY000", format!("Unknown EXPLAIN format name: '{name}'"))
    }
    /// 1845 ER_ALTER_OPERATION_NOT_SUPPORTED
    pub fn alter_algorithm_not_supported_for_operation(algorithm: &str, try_: &str) -> MySqlError {
        Self::new(
            1845,
            "0A000",
            format!(
                "ALGORITHM={algorithm} is not supported for this operation. Try ALGORITHM={try_}."
            ),
        )
    }
    /// 1846 ER_ALTER_OPERATION_NOT_SUPPORTED_REASON
    pub fn alter_algorithm_not_supported(algorithm: &str, reason: &str, try_: &str) -> MySqlError {
        Self::new(
            1846,
            "0A000",
            format!(
                "ALGORITHM={algorithm} is not supported. Reason: {reason}. Try ALGORITHM={try_}."
            ),
        )
    }
    /// 1091 ER_CANT_DROP_FIELD_OR_KEY
    pub fn cannot_drop_key(name: &str) -> MySqlError {
        Self::new(1091, "42000", format!("Can't DROP '{name}'; check that column/key exists"))
    }
    /// 1096 ER_NO_TABLES_USED
    pub fn no_tables_used() -> MySqlError {
        Self::new(1096, "HY000", "No tables used".into())
    }
    /// 1105 ER_UNKNOWN_ERROR, for limits of the simulation a learner can hit.
    pub fn unknown(message: &str) -> MySqlError {
        Self::new(1105, "HY000", message.into())
    }
    /// 1111 ER_INVALID_GROUP_FUNC_USE
    pub fn invalid_group_function() -> MySqlError {
        Self::new(1111, "HY000", "Invalid use of group function".into())
    }
    /// 1113 ER_TABLE_MUST_HAVE_COLUMNS
    pub fn table_without_columns() -> MySqlError {
        Self::new(1113, "42000", "A table must have at least 1 column".into())
    }
    /// 1114 ER_RECORD_FILE_FULL: a table (an internal temporary one, or a system table the
    /// simulator refuses to materialise) is full.
    pub fn table_full(table: &str) -> MySqlError {
        Self::new(1114, "HY000", format!("The table '{table}' is full"))
    }
    /// 3 EE_WRITE (ER_ERROR_ON_WRITE): a write to a file failed, here a sort's temporary file
    /// that found `tmpdir` full (OS errno 28).
    pub fn tmpdir_full(file: &str) -> MySqlError {
        Self::new(
            3,
            "HY000",
            format!("Error writing file '{file}' (OS errno 28 - No space left on device)"),
        )
    }
    /// 1136 ER_WRONG_VALUE_COUNT_ON_ROW
    pub fn value_count_mismatch(row: u64) -> MySqlError {
        Self::new(1136, "21S01", format!("Column count doesn't match value count at row {row}"))
    }
    /// 1253 ER_COLLATION_CHARSET_MISMATCH: COLLATE names a collation of another character set.
    pub fn collation_charset_mismatch(collation: &str, charset: &str) -> MySqlError {
        Self::new(
            1253,
            "42000",
            format!("COLLATION '{collation}' is not valid for CHARACTER SET '{charset}'"),
        )
    }
    /// 1273 ER_UNKNOWN_COLLATION
    pub fn unknown_collation(collation: &str) -> MySqlError {
        Self::new(1273, "HY000", format!("Unknown collation: '{collation}'"))
    }
    /// 1141 ER_NONEXISTING_GRANT
    pub fn no_such_grant(user: &str, host: &str) -> MySqlError {
        Self::new(
            1141,
            "42000",
            format!("There is no such grant defined for user '{user}' on host '{host}'"),
        )
    }
    /// 1142 ER_TABLEACCESS_DENIED_ERROR. `command` is the statement's verb (`SELECT`).
    pub fn table_access_denied(command: &str, account: &str, table: &str) -> MySqlError {
        Self::new(
            1142,
            "42000",
            format!("{command} command denied to user {account} for table '{table}'"),
        )
    }
    /// 1036 ER_OPEN_AS_READONLY: a change to a table the server keeps read-only.
    /// 1568 ER_CANT_CHANGE_TX_CHARACTERISTICS.
    pub fn cant_change_transaction_characteristics() -> MySqlError {
        Self::new(
            1568,
            "25001",
            "Transaction characteristics can't be changed while a transaction is in progress"
                .into(),
        )
    }
    /// 1792 ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION.
    pub fn read_only_transaction() -> MySqlError {
        Self::new(1792, "25006", "Cannot execute statement in a READ ONLY transaction.".into())
    }
    /// 1290 ER_OPTION_PREVENTS_STATEMENT, for `read_only` or `super_read_only`.
    pub fn option_prevents_statement(option: &str) -> MySqlError {
        Self::new(
            1290,
            "HY000",
            format!("The MySQL server is running with the {option} option so it cannot execute this statement"),
        )
    }
    pub fn read_only_table(table: &str) -> MySqlError {
        Self::new(1036, "HY000", format!("Table '{table}' is read only"))
    }
    /// 1347 ER_WRONG_OBJECT: SHOW CREATE VIEW of something that is not a view.
    pub fn not_a_view(db: &str, table: &str) -> MySqlError {
        Self::new(1347, "HY000", format!("'{db}.{table}' is not VIEW"))
    }
    /// 1461 ER_MAX_PREPARED_STMT_COUNT_REACHED: `max_prepared_stmt_count` statements are
    /// prepared already, over all sessions.
    pub fn too_many_prepared_statements(max: u64) -> MySqlError {
        Self::new(
            1461,
            "42000",
            format!(
                "Can't create more than max_prepared_stmt_count statements (current value: {max})"
            ),
        )
    }
    /// 1146 ER_NO_SUCH_TABLE
    /// 1109 ER_UNKNOWN_TABLE: a table information_schema does not have.
    pub fn unknown_information_schema_table(table: &str) -> MySqlError {
        Self::new(1109, "42S02", format!("Unknown table '{table}' in information_schema"))
    }
    pub fn no_such_table(db: &str, table: &str) -> MySqlError {
        Self::new(1146, "42S02", format!("Table '{db}.{table}' doesn't exist"))
    }
    /// 1356 ER_VIEW_INVALID: a view names a table, column or function that is not there.
    pub fn view_invalid(db: &str, view: &str) -> MySqlError {
        Self::new(
            1356,
            "HY000",
            format!(
                "View '{db}.{view}' references invalid table(s) or column(s) or function(s) or definer/invoker of view lack rights to use them"
            ),
        )
    }
    /// 1172 ER_TOO_MANY_ROWS: SELECT ... INTO found more than one row.
    pub fn too_many_rows() -> MySqlError {
        Self::new(1172, "42000", "Result consisted of more than one row".into())
    }
    /// 1176 ER_KEY_DOES_NOT_EXITS (sic)
    pub fn key_does_not_exist(key: &str, table: &str) -> MySqlError {
        Self::new(1176, "42000", format!("Key '{key}' doesn't exist in table '{table}'"))
    }
    /// 1193 ER_UNKNOWN_SYSTEM_VARIABLE
    pub fn unknown_system_variable(name: &str) -> MySqlError {
        Self::new(1193, "HY000", format!("Unknown system variable '{name}'"))
    }
    /// 1221 ER_WRONG_USAGE for a global privilege granted on a database.
    pub fn db_grant_of_global_privilege() -> MySqlError {
        Self::new(1221, "HY000", "Incorrect usage of DB GRANT and GLOBAL PRIVILEGES".into())
    }
    /// 1221 ER_WRONG_USAGE: ORDER BY or LIMIT on a multi-table UPDATE or DELETE
    /// (`wrong_usage("UPDATE", "LIMIT")`).
    pub fn wrong_usage(statement: &str, clause: &str) -> MySqlError {
        Self::new(1221, "HY000", format!("Incorrect usage of {statement} and {clause}"))
    }
    /// 1109 ER_UNKNOWN_TABLE: a multi-table DELETE's target that its FROM does not name.
    pub fn unknown_table_in(table: &str, statement: &str) -> MySqlError {
        Self::new(1109, "42S02", format!("Unknown table '{table}' in {statement}"))
    }
    /// 1288 ER_NON_UPDATABLE_TABLE: a derived table as the target of an UPDATE or DELETE.
    pub fn non_updatable_table(table: &str, statement: &str) -> MySqlError {
        Self::new(
            1288,
            "HY000",
            format!("The target table {table} of the {statement} is not updatable"),
        )
    }
    /// 1222 ER_WRONG_NUMBER_OF_COLUMNS_IN_SELECT
    pub fn select_column_count_mismatch() -> MySqlError {
        Self::new(
            1222,
            "21000",
            "The used SELECT statements have a different number of columns".into(),
        )
    }
    /// 1227 ER_SPECIFIC_ACCESS_DENIED_ERROR. `privileges` as MySQL names them
    /// (`SUPER or SYSTEM_VARIABLES_ADMIN`).
    pub fn specific_access_denied(privileges: &str) -> MySqlError {
        Self::new(
            1227,
            "42000",
            format!(
                "Access denied; you need (at least one of) the {privileges} privilege(s) for \
                 this operation"
            ),
        )
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
    /// 1286 ER_UNKNOWN_STORAGE_ENGINE.
    pub fn unknown_storage_engine(name: &str) -> MySqlError {
        Self::new(1286, "42000", format!("Unknown storage engine '{name}'"))
    }
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
    /// 1241 ER_OPERAND_COLUMNS
    pub fn operand_columns(columns: usize) -> MySqlError {
        Self::new(1241, "21000", format!("Operand should contain {columns} column(s)"))
    }
    /// 1242 ER_SUBQUERY_NO_1_ROW
    pub fn subquery_more_than_one_row() -> MySqlError {
        Self::new(1242, "21000", "Subquery returns more than 1 row".into())
    }
    /// 1248 ER_DERIVED_MUST_HAVE_ALIAS
    pub fn derived_table_without_alias() -> MySqlError {
        Self::new(1248, "42000", "Every derived table must have its own alias".into())
    }
    /// 1264 ER_WARN_DATA_OUT_OF_RANGE, an error in strict mode.
    pub fn out_of_range_for_column(column: &str, row: u64) -> MySqlError {
        Self::new(1264, "22003", format!("Out of range value for column '{column}' at row {row}"))
    }
    /// 1265 WARN_DATA_TRUNCATED, an error in strict mode.
    pub fn data_truncated(column: &str, row: u64) -> MySqlError {
        Self::new(1265, "01000", format!("Data truncated for column '{column}' at row {row}"))
    }
    /// 1304 ER_SP_ALREADY_EXISTS
    pub fn procedure_exists(name: &str) -> MySqlError {
        Self::routine_exists("PROCEDURE", name)
    }
    /// 1304 ER_SP_ALREADY_EXISTS: `kind` is PROCEDURE or FUNCTION.
    pub fn routine_exists(kind: &str, name: &str) -> MySqlError {
        Self::new(1304, "42000", format!("{kind} {name} already exists"))
    }
    /// 1305 ER_SP_DOES_NOT_EXIST, for a savepoint (ROLLBACK TO, RELEASE).
    pub fn savepoint_missing(name: &str) -> MySqlError {
        Self::new(1305, "42000", format!("SAVEPOINT {name} does not exist"))
    }
    /// 1243 ER_UNKNOWN_STMT_HANDLER: `to` is EXECUTE or DEALLOCATE PREPARE.
    pub fn unknown_prepared_statement(name: &str, to: &str) -> MySqlError {
        Self::new(
            1243,
            "HY000",
            format!("Unknown prepared statement handler ({name}) given to {to}"),
        )
    }
    /// 1295 ER_UNSUPPORTED_PS
    pub fn unsupported_in_prepared() -> MySqlError {
        Self::new(
            1295,
            "HY000",
            "This command is not supported in the prepared statement protocol yet".into(),
        )
    }
    /// 1153 ER_NET_PACKET_TOO_LARGE
    pub fn packet_too_large() -> MySqlError {
        Self::new(1153, "08S01", "Got a packet bigger than 'max_allowed_packet' bytes".into())
    }
    /// 1758 ER_DA_INVALID_CONDITION_NUMBER
    pub fn invalid_condition_number() -> MySqlError {
        Self::new(1758, "35000", "Invalid condition number".into())
    }
    /// 1887 ER_GET_STACKED_DA_WITHOUT_ACTIVE_HANDLER
    pub fn stacked_diagnostics_outside_handler() -> MySqlError {
        Self::new(1887, "0Z002", "GET STACKED DIAGNOSTICS when handler not active".into())
    }
    /// 1305 ER_SP_DOES_NOT_EXIST, for a stored function.
    pub fn function_does_not_exist(name: &str) -> MySqlError {
        Self::new(1305, "42000", format!("FUNCTION {name} does not exist"))
    }
    /// 1305 ER_SP_DOES_NOT_EXIST, for a stored procedure.
    pub fn procedure_does_not_exist(name: &str) -> MySqlError {
        Self::new(1305, "42000", format!("PROCEDURE {name} does not exist"))
    }
    /// 1317 ER_QUERY_INTERRUPTED: the statement was stopped (KILL QUERY, or the simulator's
    /// bound on a runaway join).
    pub fn query_interrupted() -> MySqlError {
        Self::new(1317, "70100", "Query execution was interrupted".into())
    }
    /// 1094 ER_NO_SUCH_THREAD: KILL of a processlist id no connection has.
    pub fn unknown_thread(id: u64) -> MySqlError {
        Self::new(1094, "HY000", format!("Unknown thread id: {id}"))
    }
    /// 1095 ER_KILL_DENIED_ERROR: KILL of another user's connection without
    /// CONNECTION_ADMIN or SUPER.
    pub fn not_owner_of_thread(id: u64) -> MySqlError {
        Self::new(1095, "HY000", format!("You are not owner of thread {id}"))
    }
    /// 3024 ER_QUERY_TIMEOUT: a SELECT ran past max_execution_time (or its hint).
    pub fn max_execution_time_exceeded() -> MySqlError {
        Self::new(
            3024,
            "HY000",
            "Query execution was interrupted, maximum statement execution time exceeded".into(),
        )
    }
    /// 1318 ER_SP_WRONG_NO_OF_ARGS, for a stored procedure.
    pub fn procedure_argument_count(name: &str, expected: usize, got: usize) -> MySqlError {
        Self::new(
            1318,
            "42000",
            format!(
                "Incorrect number of arguments for PROCEDURE {name}; expected {expected}, got \
                 {got}"
            ),
        )
    }
    /// 1327 ER_SP_UNDECLARED_VAR
    pub fn undeclared_variable(name: &str) -> MySqlError {
        Self::new(1327, "42000", format!("Undeclared variable: {name}"))
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
    /// 1364 ER_NO_DEFAULT_FOR_FIELD
    pub fn no_default_for_field(column: &str) -> MySqlError {
        Self::new(1364, "HY000", format!("Field '{column}' doesn't have a default value"))
    }
    /// 1366 ER_TRUNCATED_WRONG_VALUE_FOR_FIELD, an error in strict mode.
    pub fn incorrect_value_for_column(
        type_name: &str,
        value: &str,
        column: &str,
        row: u64,
    ) -> MySqlError {
        Self::new(
            1366,
            "HY000",
            format!("Incorrect {type_name} value: '{value}' for column '{column}' at row {row}"),
        )
    }
    /// 1396 ER_CANNOT_USER. `accounts` is the comma-separated list that failed.
    pub fn cannot_user(operation: &str, accounts: &str) -> MySqlError {
        Self::new(1396, "HY000", format!("Operation {operation} failed for {accounts}"))
    }
    /// 1406 ER_DATA_TOO_LONG
    pub fn data_too_long(column: &str, row: u64) -> MySqlError {
        Self::new(1406, "22001", format!("Data too long for column '{column}' at row {row}"))
    }
    /// 1410 ER_CANT_CREATE_USER_WITH_GRANT: GRANT to an account that does not exist.
    pub fn cannot_create_user_with_grant() -> MySqlError {
        Self::new(1410, "42000", "You are not allowed to create a user with GRANT".into())
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
    /// 1456 ER_SP_RECURSION_LIMIT
    pub fn recursion_limit(limit: u64, routine: &str) -> MySqlError {
        Self::new(
            1456,
            "HY000",
            format!(
                "Recursive limit {limit} (as set by the max_sp_recursion_depth variable) was \
                 exceeded for routine {routine}"
            ),
        )
    }
    /// 1524 ER_PLUGIN_IS_NOT_LOADED
    pub fn plugin_not_loaded(plugin: &str) -> MySqlError {
        Self::new(1524, "HY000", format!("Plugin '{plugin}' is not loaded"))
    }
    /// 1582 ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT
    pub fn wrong_parameter_count(function: &str) -> MySqlError {
        Self::new(
            1582,
            "42000",
            format!("Incorrect parameter count in the call to native function '{function}'"),
        )
    }
    /// 1683 ER_WRONG_PERFSCHEMA_USAGE: a performance_schema column that cannot be changed.
    pub fn wrong_perfschema_usage() -> MySqlError {
        Self::new(1683, "HY000", "Invalid performance_schema usage.".into())
    }
    /// 1690 ER_DATA_OUT_OF_RANGE
    pub fn out_of_range(type_name: &str, expr: &str) -> MySqlError {
        Self::new(1690, "22003", format!("{type_name} value is out of range in '{expr}'"))
    }
    /// 1074 ER_TOO_BIG_FIELDLENGTH: a CAST to CHAR(N) / BINARY(N) past the longest string.
    pub fn too_big_display_width(column: &str, max: u64) -> MySqlError {
        Self::new(
            1074,
            "42000",
            format!(
                "Column length too big for column '{column}' (max = {max}); use BLOB or TEXT \
                 instead"
            ),
        )
    }
    /// 1063 ER_WRONG_FIELD_SPEC: FLOAT(p) past 53.
    pub fn wrong_field_spec(column: &str) -> MySqlError {
        Self::new(1063, "42000", format!("Incorrect column specifier for column '{column}'"))
    }
    /// 1115 ER_UNKNOWN_CHARACTER_SET
    pub fn unknown_character_set(name: &str) -> MySqlError {
        Self::new(1115, "42000", format!("Unknown character set: '{name}'"))
    }
    /// 1425 ER_TOO_BIG_SCALE
    pub fn too_big_scale(scale: u64, name: &str, max: u64) -> MySqlError {
        Self::new(
            1425,
            "42000",
            format!("Too big scale {scale} specified for '{name}'. Maximum is {max}."),
        )
    }
    /// 1426 ER_TOO_BIG_PRECISION
    pub fn too_big_precision(precision: u64, name: &str, max: u64) -> MySqlError {
        Self::new(
            1426,
            "42000",
            format!("Too-big precision {precision} specified for '{name}'. Maximum is {max}."),
        )
    }
    /// 1427 ER_M_BIGGER_THAN_D
    pub fn m_bigger_than_d(name: &str) -> MySqlError {
        Self::new(
            1427,
            "42000",
            format!(
                "For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column '{name}')."
            ),
        )
    }
    /// 3141 ER_INVALID_JSON_TEXT_IN_PARAM: `what` is the JSON parser's message, `at` the byte
    /// offset in the text.
    pub fn invalid_json_text(function: &str, what: &str, at: usize) -> MySqlError {
        Self::new(
            3141,
            "22032",
            format!(
                "Invalid JSON text in argument 1 to function {function}: \"{what}\" at position \
                 {at}."
            ),
        )
    }
    /// 3140 ER_INVALID_JSON_TEXT: a value for JSON column `column` (`table.column`).
    pub fn invalid_json_for_column(what: &str, at: usize, column: &str) -> MySqlError {
        Self::new(
            3140,
            "22032",
            format!(
                "Invalid JSON text: \"{what}\" at position {at} in value for column '{column}'."
            ),
        )
    }
    /// 3143 ER_INVALID_JSON_PATH
    pub fn invalid_json_path(at: usize) -> MySqlError {
        Self::new(
            3143,
            "42000",
            format!("Invalid JSON path expression. The error is around character position {at}."),
        )
    }
    /// 3146 ER_INVALID_TYPE_FOR_JSON
    pub fn invalid_type_for_json(arg: usize, function: &str) -> MySqlError {
        Self::new(
            3146,
            "22032",
            format!(
                "Invalid data type for JSON data in argument {arg} to function {function}; a \
                 JSON string or JSON type is required."
            ),
        )
    }
    /// 3149 ER_INVALID_JSON_PATH_WILDCARD
    pub fn json_path_wildcard() -> MySqlError {
        Self::new(
            3149,
            "42000",
            "In this situation, path expressions may not contain the * and ** tokens or an array \
             range."
                .into(),
        )
    }
    /// 3150 ER_JSON_BAD_ONE_OR_ALL_ARG
    pub fn json_one_or_all(function: &str) -> MySqlError {
        Self::new(
            3150,
            "42000",
            format!("The oneOrAll argument to {function} may take these values: 'one' or 'all'."),
        )
    }
    /// 3153 ER_JSON_VACUOUS_PATH
    pub fn json_vacuous_path() -> MySqlError {
        Self::new(3153, "42000", "The path expression '$' is not allowed in this context.".into())
    }
    /// 3158 ER_JSON_DOCUMENT_NULL_KEY
    pub fn json_null_key() -> MySqlError {
        Self::new(3158, "22032", "JSON documents may not contain NULL member names.".into())
    }
    /// 3157 ER_JSON_DOCUMENT_TOO_DEEP
    pub fn json_too_deep() -> MySqlError {
        Self::new(3157, "22032", "The JSON document exceeds the maximum depth.".into())
    }
    /// 1210 ER_WRONG_ARGUMENTS
    pub fn incorrect_arguments(function: &str) -> MySqlError {
        Self::new(1210, "HY000", format!("Incorrect arguments to {function}"))
    }
    /// 3579 ER_WINDOW_NO_SUCH_WINDOW
    pub fn window_not_defined(name: &str) -> MySqlError {
        Self::new(3579, "HY000", format!("Window name '{name}' is not defined."))
    }
    /// 3584 ER_WINDOW_FRAME_START_ILLEGAL
    pub fn window_frame_start_illegal(window: &str) -> MySqlError {
        Self::new(
            3584,
            "HY000",
            format!("Window '{window}': frame start cannot be UNBOUNDED FOLLOWING."),
        )
    }
    /// 3585 ER_WINDOW_FRAME_END_ILLEGAL
    pub fn window_frame_end_illegal(window: &str) -> MySqlError {
        Self::new(
            3585,
            "HY000",
            format!("Window '{window}': frame end cannot be UNBOUNDED PRECEDING."),
        )
    }
    /// 3587 ER_WINDOW_RANGE_FRAME_ORDER_TYPE
    pub fn window_range_needs_one_order(window: &str) -> MySqlError {
        Self::new(
            3587,
            "HY000",
            format!(
                "Window '{window}' with RANGE N PRECEDING/FOLLOWING frame requires exactly one \
                 ORDER BY expression, of numeric or temporal type"
            ),
        )
    }
    /// 3594 ER_WINDOW_NESTED_WINDOW_FUNC_USE_IN_WINDOW_SPEC
    pub fn window_nested_in_spec(window: &str) -> MySqlError {
        Self::new(
            3594,
            "HY000",
            format!("You cannot nest a window function in the specification of window '{window}'."),
        )
    }
    /// 3593 ER_WINDOW_INVALID_WINDOW_FUNC_USE (MySQL's text ends with a stray quote).
    pub fn window_function_misplaced(function: &str) -> MySqlError {
        Self::new(
            3593,
            "HY000",
            format!("You cannot use the window function '{function}' in this context.'"),
        )
    }
    /// 3522 ER_PK_INDEX_CANT_BE_INVISIBLE
    pub fn primary_key_invisible() -> MySqlError {
        Self::new(3522, "HY000", "A primary key index cannot be invisible".into())
    }
    /// 3552 ER_NO_SYSTEM_SCHEMA_ACCESS
    pub fn system_schema_access(db: &str) -> MySqlError {
        Self::new(3552, "HY000", format!("Access to system schema '{db}' is rejected."))
    }

    // Client errors (CR_*): the mysql client prints them itself.

    /// 3619 ER_ILLEGAL_PRIVILEGE_LEVEL: a dynamic privilege granted below `*.*`.
    pub fn illegal_privilege_level(privilege: &str) -> MySqlError {
        Self::new(3619, "HY000", format!("Illegal privilege level specified for {privilege}"))
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
    /// 2006 CR_SERVER_GONE_ERROR: the connection was gone before the statement was sent (the
    /// server restarted since the last one); the client reconnects and runs it.
    pub fn server_gone_away() -> MySqlError {
        Self::new(2006, "HY000", "MySQL server has gone away".into())
    }
    /// 1066 ER_NONUNIQ_TABLE (two CTEs of one WITH with the same name).
    pub fn not_unique_table(alias: &str) -> MySqlError {
        Self::new(1066, "42000", format!("Not unique table/alias: '{alias}'"))
    }
    /// 1250 ER_TABLENAME_NOT_ALLOWED_HERE: a qualified column in the ORDER BY of a UNION.
    pub fn table_name_not_allowed(table: &str, clause: &str) -> MySqlError {
        Self::new(
            1250,
            "42000",
            format!("Table '{table}' from one of the SELECTs cannot be used in {clause}"),
        )
    }
    /// 3573 ER_CTE_RECURSIVE_REQUIRES_UNION
    pub fn cte_recursive_requires_union(name: &str) -> MySqlError {
        Self::new(
            3573,
            "HY000",
            format!("Recursive Common Table Expression '{name}' should contain a UNION"),
        )
    }
    /// 3574 ER_CTE_RECURSIVE_REQUIRES_NONRECURSIVE_FIRST
    pub fn cte_recursive_requires_nonrecursive_first(name: &str) -> MySqlError {
        Self::new(
            3574,
            "HY000",
            format!(
                "Recursive Common Table Expression '{name}' should have one or more \
                 non-recursive query blocks followed by one or more recursive ones"
            ),
        )
    }
    /// 3575 ER_CTE_RECURSIVE_FORBIDS_AGGREGATION
    pub fn cte_recursive_forbids_aggregation(name: &str) -> MySqlError {
        Self::new(
            3575,
            "HY000",
            format!(
                "Recursive Common Table Expression '{name}' can contain neither aggregation \
                 nor window functions in recursive query block"
            ),
        )
    }
    /// 3576 ER_CTE_RECURSIVE_FORBIDDEN_JOIN_ORDER
    pub fn cte_recursive_forbidden_join_order(name: &str) -> MySqlError {
        Self::new(
            3576,
            "HY000",
            format!(
                "In recursive query block of Recursive Common Table Expression '{name}', the \
                 recursive table must neither be in the right argument of a LEFT JOIN, nor be \
                 forced to be non-first with join order hints"
            ),
        )
    }
    /// 3577 ER_CTE_RECURSIVE_REQUIRES_SINGLE_REFERENCE
    pub fn cte_recursive_requires_single_reference(name: &str) -> MySqlError {
        Self::new(
            3577,
            "HY000",
            format!(
                "In recursive query block of Recursive Common Table Expression '{name}', the \
                 recursive table must be referenced only once, and not in any subquery"
            ),
        )
    }
    /// 3636 ER_CTE_MAX_RECURSION_DEPTH: the recursive CTE started iteration `iterations`,
    /// more than `cte_max_recursion_depth`.
    pub fn cte_max_recursion_depth(iterations: u64) -> MySqlError {
        Self::new(
            3636,
            "HY000",
            format!(
                "Recursive query aborted after {iterations} iterations. Try increasing \
                 @@cte_max_recursion_depth to a larger value."
            ),
        )
    }
    /// 2013 CR_SERVER_LOST: the server went away while the client waited for its answer.
    pub fn lost_connection() -> MySqlError {
        Self::new(2013, "HY000", "Lost connection to MySQL server during query".into())
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
    /// 1260 ER_CUT_VALUE_GROUP_CONCAT: a GROUP_CONCAT result cut at `group_concat_max_len`,
    /// numbered by the group's rows counted when the cut was made.
    pub fn cut_by_group_concat(row: u64) -> Warning {
        Warning {
            level: "Warning",
            code: 1260,
            message: format!("Row {row} was cut by GROUP_CONCAT()"),
        }
    }
    /// 1292 ER_TRUNCATED_WRONG_VALUE
    pub fn truncated_value(type_name: &str, value: &str) -> Warning {
        Warning {
            level: "Warning",
            code: 1292,
            message: format!("Truncated incorrect {type_name} value: '{value}'"),
        }
    }
    /// 1287 ER_WARN_DEPRECATED_SYNTAX for what the Performance Schema replaces: `SHOW
    /// PROFILE`, `SHOW PROFILES`, `INFORMATION_SCHEMA.PROFILING`.
    pub fn deprecated_performance_schema(what: &str) -> Warning {
        Warning {
            level: "Warning",
            code: 1287,
            message: format!(
                "'{what}' is deprecated and will be removed in a future release. \
                 Please use Performance Schema instead"
            ),
        }
    }
    /// 1287 ER_WARN_DEPRECATED_SYNTAX_NO_REPLACEMENT for a deprecated system variable set.
    pub fn deprecated_variable(name: &str) -> Warning {
        Warning {
            level: "Warning",
            code: 1287,
            message: format!("'@@{name}' is deprecated and will be removed in a future release."),
        }
    }
    /// 1287 ER_WARN_DEPRECATED_SYNTAX for the prefix operator `BINARY expr` (MySQL 8.0.27+).
    pub fn binary_operator_deprecated() -> Warning {
        Warning {
            level: "Warning",
            code: 1287,
            message: "'BINARY expr' is deprecated and will be removed in a future release. \
                      Please use CAST instead"
                .into(),
        }
    }
    /// 1411 ER_WRONG_VALUE_FOR_TYPE as a warning: `Incorrect count value: '-1' for function
    /// benchmark`.
    pub fn wrong_value_for_type(type_name: &str, value: &str, function: &str) -> Warning {
        Warning {
            level: "Warning",
            code: 1411,
            message: format!("Incorrect {type_name} value: '{value}' for function {function}"),
        }
    }
    /// 1264 ER_WARN_DATA_OUT_OF_RANGE as a warning (a CAST to DECIMAL that does not fit).
    pub fn out_of_range(column: &str, row: u64) -> Warning {
        Warning {
            level: "Warning",
            code: 1264,
            message: format!("Out of range value for column '{column}' at row {row}"),
        }
    }
    /// ER_WRONG_VALUE's text ("Incorrect datetime value: 'abc'"), under `code`: MySQL raises
    /// it as 1292 for dates (make_truncated_value_warning) and as 1525 for YEAR.
    pub fn incorrect_value(code: u16, type_name: &str, value: &str) -> Warning {
        Warning {
            level: "Warning",
            code,
            message: format!("Incorrect {type_name} value: '{value}'"),
        }
    }
    /// 1301 ER_WARN_ALLOWED_PACKET_OVERFLOWED: a function's result past max_allowed_packet.
    pub fn result_too_large(function: &str, max: u64) -> Warning {
        Warning {
            level: "Warning",
            code: 1301,
            message: format!(
                "Result of {function}() was larger than max_allowed_packet ({max}) - truncated"
            ),
        }
    }
    /// 1365 ER_DIVISION_BY_ZERO
    pub fn division_by_zero() -> Warning {
        Warning { level: "Warning", code: 1365, message: "Division by 0".into() }
    }
    /// 3020 ER_INVALID_ARGUMENT_FOR_LOGARITHM: LN, LOG, LOG2, LOG10 of a number <= 0.
    pub fn invalid_logarithm_argument() -> Warning {
        Warning { level: "Warning", code: 3020, message: "Invalid argument for logarithm".into() }
    }
}

#[cfg(test)]
mod tests {
    use super::MySqlError;

    fn says(e: MySqlError, text: &str) {
        assert_eq!(e.to_string(), text);
    }

    /// The texts no golden transcript prints, byte for byte as the server sends them.
    #[test]
    fn texts_outside_the_transcripts() {
        says(
            MySqlError::drop_missing_database("shop"),
            "ERROR 1008 (HY000): Can't drop database 'shop'; database doesn't exist",
        );
        says(MySqlError::table_exists("t"), "ERROR 1050 (42S01): Table 't' already exists");
        says(MySqlError::duplicate_key_name("k"), "ERROR 1061 (42000): Duplicate key name 'k'");
        says(
            MySqlError::key_column_does_not_exist("c"),
            "ERROR 1072 (42000): Key column 'c' doesn't exist in table",
        );
        says(
            MySqlError::wrong_auto_key(),
            "ERROR 1075 (42000): Incorrect table definition; there can be only one auto column \
             and it must be defined as a key",
        );
        says(MySqlError::no_tables_used(), "ERROR 1096 (HY000): No tables used");
        says(
            MySqlError::invalid_group_function(),
            "ERROR 1111 (HY000): Invalid use of group function",
        );
        says(
            MySqlError::too_many_rows(),
            "ERROR 1172 (42000): Result consisted of more than one row",
        );
        says(
            MySqlError::select_column_count_mismatch(),
            "ERROR 1222 (21000): The used SELECT statements have a different number of columns",
        );
        says(
            MySqlError::data_truncated("e", 2),
            "ERROR 1265 (01000): Data truncated for column 'e' at row 2",
        );
        says(MySqlError::procedure_exists("p"), "ERROR 1304 (42000): PROCEDURE p already exists");
        says(
            MySqlError::procedure_does_not_exist("shop.p"),
            "ERROR 1305 (42000): PROCEDURE shop.p does not exist",
        );
        says(
            MySqlError::procedure_argument_count("shop.p", 1, 2),
            "ERROR 1318 (42000): Incorrect number of arguments for PROCEDURE shop.p; expected \
             1, got 2",
        );
        says(MySqlError::undeclared_variable("v"), "ERROR 1327 (42000): Undeclared variable: v");
        says(
            MySqlError::incorrect_value_for_column("integer", "x", "a", 1),
            "ERROR 1366 (HY000): Incorrect integer value: 'x' for column 'a' at row 1",
        );
        says(
            MySqlError::recursion_limit(0, "p"),
            "ERROR 1456 (HY000): Recursive limit 0 (as set by the max_sp_recursion_depth \
             variable) was exceeded for routine p",
        );
        says(
            MySqlError::system_schema_access("mysql"),
            "ERROR 3552 (HY000): Access to system schema 'mysql' is rejected.",
        );
    }
}
