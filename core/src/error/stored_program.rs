//! The errors of stored programs: the compound-statement parser's (labels, declarations,
//! SQLSTATEs), the interpreter's (cursors, CASE, SIGNAL / RESIGNAL) and stored functions'
//! (RETURN, arguments, binary-log safety). Part of [`MySqlError`]'s one constructor per code.

use super::MySqlError;
use std::borrow::Cow;

impl MySqlError {
    /// 1418 ER_BINLOG_UNSAFE_ROUTINE
    pub fn function_not_binlog_safe() -> MySqlError {
        Self::new(
            1418,
            "HY000",
            "This function has none of DETERMINISTIC, NO SQL, or READS SQL DATA in its \
             declaration and binary logging is enabled (you *might* want to use the less safe \
             log_bin_trust_function_creators variable)"
                .into(),
        )
    }
    /// 1318 ER_SP_WRONG_NO_OF_ARGS, for a stored function.
    pub fn function_argument_count(name: &str, expected: usize, got: usize) -> MySqlError {
        Self::new(
            1318,
            "42000",
            format!(
                "Incorrect number of arguments for FUNCTION {name}; expected {expected}, got \
                 {got}"
            ),
        )
    }
    /// 1308 ER_SP_LILABEL_MISMATCH: LEAVE or ITERATE names no enclosing label (ITERATE: no
    /// enclosing loop).
    pub fn no_matching_label(statement: &str, label: &str) -> MySqlError {
        Self::new(1308, "42000", format!("{statement} with no matching label: {label}"))
    }
    /// 1310 ER_SP_LABEL_MISMATCH
    pub fn end_label_without_match(label: &str) -> MySqlError {
        Self::new(1310, "42000", format!("End-label {label} without match"))
    }
    /// 1313 ER_SP_BADRETURN
    pub fn return_outside_function() -> MySqlError {
        Self::new(1313, "42000", "RETURN is only allowed in a FUNCTION".into())
    }
    /// 1319 ER_SP_COND_MISMATCH
    pub fn undefined_condition(name: &str) -> MySqlError {
        Self::new(1319, "42000", format!("Undefined CONDITION: {name}"))
    }
    /// 1320 ER_SP_NORETURN
    pub fn function_without_return(name: &str) -> MySqlError {
        Self::new(1320, "42000", format!("No RETURN found in FUNCTION {name}"))
    }
    /// 1321 ER_SP_NORETURNEND
    pub fn function_ended_without_return(name: &str) -> MySqlError {
        Self::new(1321, "2F005", format!("FUNCTION {name} ended without RETURN"))
    }
    /// 1324 ER_SP_CURSOR_MISMATCH
    pub fn undefined_cursor(name: &str) -> MySqlError {
        Self::new(1324, "42000", format!("Undefined CURSOR: {name}"))
    }
    /// 1325 ER_SP_CURSOR_ALREADY_OPEN
    pub fn cursor_already_open() -> MySqlError {
        Self::new(1325, "24000", "Cursor is already open".into())
    }
    /// 1326 ER_SP_CURSOR_NOT_OPEN
    pub fn cursor_not_open() -> MySqlError {
        Self::new(1326, "24000", "Cursor is not open".into())
    }
    /// 1328 ER_SP_WRONG_NO_OF_FETCH_ARGS
    pub fn fetch_variable_count() -> MySqlError {
        Self::new(1328, "HY000", "Incorrect number of FETCH variables".into())
    }
    /// 1329 ER_SP_FETCH_NO_DATA: FETCH past a cursor's last row (the NOT FOUND condition).
    pub fn no_data() -> MySqlError {
        Self::new(1329, "02000", "No data - zero rows fetched, selected, or processed".into())
    }
    /// 1330 ER_SP_DUP_PARAM
    pub fn duplicate_parameter(name: &str) -> MySqlError {
        Self::new(1330, "42000", format!("Duplicate parameter: {name}"))
    }
    /// 1331 ER_SP_DUP_VAR, 1332 ER_SP_DUP_COND, 1333 ER_SP_DUP_CURS: `what` is "variable",
    /// "condition" or "cursor".
    pub fn duplicate_declaration(what: &str, name: &str) -> MySqlError {
        let code = match what {
            "variable" => 1331,
            "condition" => 1332,
            _ => 1333,
        };
        Self::new(code, "42000", format!("Duplicate {what}: {name}"))
    }
    /// 1337 ER_SP_VARCOND_AFTER_CURSHNDLR
    pub fn declaration_after_handler() -> MySqlError {
        Self::new(
            1337,
            "42000",
            "Variable or condition declaration after cursor or handler declaration".into(),
        )
    }
    /// 1338 ER_SP_CURSOR_AFTER_HANDLER
    pub fn cursor_after_handler() -> MySqlError {
        Self::new(1338, "42000", "Cursor declaration after handler declaration".into())
    }
    /// 1339 ER_SP_CASE_NOT_FOUND: a CASE statement with no matching WHEN and no ELSE.
    pub fn case_not_found() -> MySqlError {
        Self::new(1339, "20000", "Case not found for CASE statement".into())
    }
    /// 1407 ER_SP_BAD_SQLSTATE
    pub fn bad_sqlstate(state: &str) -> MySqlError {
        Self::new(1407, "42000", format!("Bad SQLSTATE: '{state}'"))
    }
    /// 1415 ER_SP_NO_RETSET: a stored function's body returns a result set.
    pub fn result_set_from_function() -> MySqlError {
        Self::new(1415, "0A000", "Not allowed to return a result set from a function".into())
    }
    /// 1641 ER_DUP_SIGNAL_SET
    pub fn duplicate_signal_item(item: &str) -> MySqlError {
        Self::new(1641, "42000", format!("Duplicate condition information item '{item}'"))
    }
    /// 1646 ER_SIGNAL_BAD_CONDITION_TYPE: SIGNAL of a condition declared for an error code.
    pub fn signal_condition_type() -> MySqlError {
        Self::new(
            1646,
            "HY000",
            "SIGNAL/RESIGNAL can only use a CONDITION defined with SQLSTATE".into(),
        )
    }
    /// 1645 ER_RESIGNAL_WITHOUT_ACTIVE_HANDLER
    pub fn resignal_without_handler() -> MySqlError {
        Self::new(1645, "0K000", "RESIGNAL when handler not active".into())
    }
    /// The error a SIGNAL raises: its SQLSTATE, MYSQL_ERRNO (by default 1644 for an
    /// exception) and MESSAGE_TEXT (by default "Unhandled user-defined exception condition").
    pub fn signalled(code: u16, sqlstate: String, message: String) -> MySqlError {
        MySqlError { code, sqlstate: Cow::Owned(sqlstate), message }
    }

    /// 1359 ER_TRG_ALREADY_EXISTS (also the Note of CREATE TRIGGER IF NOT EXISTS).
    pub fn trigger_exists() -> MySqlError {
        Self::new(1359, "HY000", "Trigger already exists".into())
    }
    /// 1360 ER_TRG_DOES_NOT_EXIST (also the Note of DROP TRIGGER IF EXISTS).
    pub fn trigger_does_not_exist() -> MySqlError {
        Self::new(1360, "HY000", "Trigger does not exist".into())
    }
    /// 1361 ER_TRG_ON_VIEW_OR_TEMP_TABLE
    pub fn trigger_on_view(name: &str) -> MySqlError {
        Self::new(1361, "HY000", format!("Trigger's '{name}' is view or temporary table"))
    }
    /// 1362 ER_TRG_CANT_CHANGE_ROW: `row` is NEW or OLD, `after` "after " or "".
    pub fn trigger_row_read_only(row: &str, after: &str) -> MySqlError {
        Self::new(1362, "HY000", format!("Updating of {row} row is not allowed in {after}trigger"))
    }
    /// 1363 ER_TRG_NO_SUCH_ROW_IN_TRG
    pub fn trigger_no_such_row(row: &str, event: &str) -> MySqlError {
        Self::new(1363, "HY000", format!("There is no {row} row in on {event} trigger"))
    }
    /// 3011 ER_REFERENCED_TRG_DOES_NOT_EXIST (FOLLOWS / PRECEDES)
    pub fn referenced_trigger_missing(name: &str) -> MySqlError {
        Self::new(
            3011,
            "HY000",
            format!(
                "Referenced trigger '{name}' for the given action time and event type does not \
                 exist."
            ),
        )
    }
    /// 1415 ER_SP_NO_RETSET, for a trigger.
    pub fn result_set_from_trigger() -> MySqlError {
        Self::new(1415, "0A000", "Not allowed to return a result set from a trigger".into())
    }
    /// 1435 ER_TRG_IN_WRONG_SCHEMA
    pub fn trigger_wrong_schema() -> MySqlError {
        Self::new(1435, "HY000", "Trigger in wrong schema".into())
    }
    /// 1442 ER_CANT_UPDATE_USED_TABLE_IN_SF_OR_TRG
    pub fn table_used_by_trigger(table: &str) -> MySqlError {
        Self::new(
            1442,
            "HY000",
            format!(
                "Can't update table '{table}' in stored function/trigger because it is already \
                 used by statement which invoked this stored function/trigger."
            ),
        )
    }
}
