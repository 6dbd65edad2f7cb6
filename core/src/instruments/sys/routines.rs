//! The sys schema's stored procedures and functions: the ones a tuner calls to switch
//! performance_schema's collection on and off (`ps_setup_enable_instrument('wait/io')`), to
//! see what it collects (`ps_setup_show_enabled_consumers()`), to start an experiment from
//! empty summaries (`ps_truncate_all_tables(FALSE)`), and small helpers (`ps_thread_id`,
//! `ps_is_consumer_enabled`, `quote_identifier`, `version_major`).
//!
//! They are stored routines in SQL this engine runs, like the views (`views.rs`), so
//! `SHOW CREATE PROCEDURE sys.ps_truncate_all_tables` shows a learner what each one does and
//! information_schema.ROUTINES lists them, owned by `mysql.sys`@`localhost` and run with the
//! caller's privileges (SQL SECURITY INVOKER) as MySQL's are. The texts are this
//! simulator's own; what carries over from MySQL's sys schema is each routine's name,
//! parameters, result columns and summary wording ("Enabled 3 consumers", "Truncated 25
//! tables").
//!
//! Simplifications: only these routines of the sys schema's 48 exist; `ps_truncate_all_tables`
//! empties the summary and history tables this server has (MySQL's finds them in
//! information_schema.TABLES, which lists no system table here, so the list is written out);
//! `ps_is_consumer_enabled` answers NULL for a name that is no consumer (MySQL's signals an
//! error).

use crate::sql::parser::Statement;
use crate::storage::catalog::Procedure;
use std::sync::OnceLock;

/// Who owns the sys schema's routines.
pub const DEFINER: &str = "mysql.sys@localhost";

/// performance_schema's summary and history tables, which `ps_truncate_all_tables` empties:
/// those this server has, in name order.
pub const TRUNCATED_TABLES: [&str; 25] = [
    "events_stages_history",
    "events_stages_history_long",
    "events_stages_summary_by_thread_by_event_name",
    "events_stages_summary_global_by_event_name",
    "events_statements_histogram_by_digest",
    "events_statements_histogram_global",
    "events_statements_history",
    "events_statements_history_long",
    "events_statements_summary_by_account_by_event_name",
    "events_statements_summary_by_digest",
    "events_statements_summary_by_host_by_event_name",
    "events_statements_summary_by_thread_by_event_name",
    "events_statements_summary_by_user_by_event_name",
    "events_statements_summary_global_by_event_name",
    "events_transactions_history",
    "events_transactions_history_long",
    "events_transactions_summary_global_by_event_name",
    "events_waits_history",
    "events_waits_history_long",
    "events_waits_summary_global_by_event_name",
    "file_summary_by_event_name",
    "file_summary_by_instance",
    "memory_summary_global_by_event_name",
    "table_io_waits_summary_by_index_usage",
    "table_io_waits_summary_by_table",
];

/// The routines' CREATE statements, in name order (procedures and functions together).
fn texts() -> Vec<String> {
    let mut all: Vec<String> = FIXED.iter().map(|t| t.to_string()).collect();
    all.push(truncate_all_tables());
    all.sort_by_key(|t| name_of(t));
    all
}

fn name_of(text: &str) -> String {
    let after = text.split_once(" PROCEDURE ").or_else(|| text.split_once(" FUNCTION "));
    after
        .map(|(_, rest)| rest.split('(').next().unwrap_or("").trim().to_string())
        .unwrap_or_default()
}

/// `ps_truncate_all_tables(in_verbose)`: one TRUNCATE per table of [`TRUNCATED_TABLES`],
/// each announced first when `in_verbose` is true, then the count.
fn truncate_all_tables() -> String {
    let mut body = String::new();
    for t in TRUNCATED_TABLES {
        let statement = format!("TRUNCATE TABLE performance_schema.{t}");
        body.push_str(&format!(
            "    IF in_verbose THEN\n        SELECT 'Running: {statement}' AS status;\n    END IF;\n    {statement};\n"
        ));
    }
    format!(
        "CREATE PROCEDURE ps_truncate_all_tables(IN in_verbose BOOLEAN)
    COMMENT 'Empties every summary and history table of performance_schema, so that what they show from now on is what runs from now on. With in_verbose TRUE, prints each TRUNCATE before it runs.'
    SQL SECURITY INVOKER
    DETERMINISTIC
    MODIFIES SQL DATA
BEGIN
{body}    SELECT CONCAT('Truncated ', {n}, ' tables') AS summary;
END",
        n = TRUNCATED_TABLES.len()
    )
}

/// The routines written out whole.
const FIXED: [&str; 14] = [
    "CREATE PROCEDURE ps_setup_enable_consumer(IN consumer VARCHAR(128))
    COMMENT 'Turns on every performance_schema consumer whose name contains the text given (''history'', ''events_waits''), and says how many changed.'
    SQL SECURITY INVOKER
    NOT DETERMINISTIC
    MODIFIES SQL DATA
BEGIN
    UPDATE performance_schema.setup_consumers
       SET ENABLED = 'YES'
     WHERE NAME LIKE CONCAT('%', consumer, '%');
    SELECT CONCAT('Enabled ', ROW_COUNT(), IF(ROW_COUNT() = 1, ' consumer', ' consumers')) AS summary;
END",
    "CREATE PROCEDURE ps_setup_disable_consumer(IN consumer VARCHAR(128))
    COMMENT 'Turns off every performance_schema consumer whose name contains the text given, and says how many changed.'
    SQL SECURITY INVOKER
    NOT DETERMINISTIC
    MODIFIES SQL DATA
BEGIN
    UPDATE performance_schema.setup_consumers
       SET ENABLED = 'NO'
     WHERE NAME LIKE CONCAT('%', consumer, '%');
    SELECT CONCAT('Disabled ', ROW_COUNT(), IF(ROW_COUNT() = 1, ' consumer', ' consumers')) AS summary;
END",
    "CREATE PROCEDURE ps_setup_enable_instrument(IN in_pattern VARCHAR(128))
    COMMENT 'Turns on, and times, every instrument whose name contains the text given (''wait/io/file'', ''stage/''), and says how many changed.'
    SQL SECURITY INVOKER
    NOT DETERMINISTIC
    MODIFIES SQL DATA
BEGIN
    UPDATE performance_schema.setup_instruments
       SET ENABLED = 'YES', TIMED = 'YES'
     WHERE NAME LIKE CONCAT('%', in_pattern, '%');
    SELECT CONCAT('Enabled ', ROW_COUNT(), IF(ROW_COUNT() = 1, ' instrument', ' instruments')) AS summary;
END",
    "CREATE PROCEDURE ps_setup_disable_instrument(IN in_pattern VARCHAR(128))
    COMMENT 'Turns off, and stops timing, every instrument whose name contains the text given, and says how many changed.'
    SQL SECURITY INVOKER
    NOT DETERMINISTIC
    MODIFIES SQL DATA
BEGIN
    UPDATE performance_schema.setup_instruments
       SET ENABLED = 'NO', TIMED = 'NO'
     WHERE NAME LIKE CONCAT('%', in_pattern, '%');
    SELECT CONCAT('Disabled ', ROW_COUNT(), IF(ROW_COUNT() = 1, ' instrument', ' instruments')) AS summary;
END",
    "CREATE PROCEDURE ps_setup_show_enabled_consumers()
    COMMENT 'Lists the consumers that are on.'
    SQL SECURITY INVOKER
    DETERMINISTIC
    READS SQL DATA
BEGIN
    SELECT NAME AS enabled_consumers
      FROM performance_schema.setup_consumers
     WHERE ENABLED = 'YES'
     ORDER BY enabled_consumers;
END",
    "CREATE PROCEDURE ps_setup_show_disabled_consumers()
    COMMENT 'Lists the consumers that are off.'
    SQL SECURITY INVOKER
    DETERMINISTIC
    READS SQL DATA
BEGIN
    SELECT NAME AS disabled_consumers
      FROM performance_schema.setup_consumers
     WHERE ENABLED = 'NO'
     ORDER BY disabled_consumers;
END",
    "CREATE PROCEDURE ps_setup_show_enabled_instruments()
    COMMENT 'Lists the instruments that are on, and whether each is timed.'
    SQL SECURITY INVOKER
    DETERMINISTIC
    READS SQL DATA
BEGIN
    SELECT NAME AS enabled_instruments, TIMED AS timed
      FROM performance_schema.setup_instruments
     WHERE ENABLED = 'YES'
     ORDER BY enabled_instruments;
END",
    "CREATE PROCEDURE ps_setup_show_disabled_instruments()
    COMMENT 'Lists the instruments that are off, and whether each is timed.'
    SQL SECURITY INVOKER
    DETERMINISTIC
    READS SQL DATA
BEGIN
    SELECT NAME AS disabled_instruments, TIMED AS timed
      FROM performance_schema.setup_instruments
     WHERE ENABLED = 'NO'
     ORDER BY disabled_instruments;
END",
    "CREATE FUNCTION ps_thread_id(in_connection_id BIGINT UNSIGNED) RETURNS BIGINT UNSIGNED
    COMMENT 'The performance_schema THREAD_ID of a connection (NULL: this one). Kept for old scripts: PS_THREAD_ID() and PS_CURRENT_THREAD_ID() are built in.'
    SQL SECURITY INVOKER
    NOT DETERMINISTIC
    READS SQL DATA
BEGIN
    RETURN PS_THREAD_ID(IFNULL(in_connection_id, CONNECTION_ID()));
END",
    "CREATE FUNCTION ps_is_consumer_enabled(in_consumer VARCHAR(64)) RETURNS ENUM('YES', 'NO')
    COMMENT 'Whether a consumer really collects: it is on, and so is every consumer it depends on (global_instrumentation, thread_instrumentation for the per-thread tables, and the _current table a history is filled from).'
    SQL SECURITY INVOKER
    DETERMINISTIC
    READS SQL DATA
BEGIN
    DECLARE v_own VARCHAR(3) DEFAULT NULL;
    DECLARE v_parents INT DEFAULT 0;
    -- MAX: one row, NULL when no consumer has the name.
    SELECT MAX(ENABLED) INTO v_own FROM performance_schema.setup_consumers WHERE NAME = in_consumer;
    IF v_own IS NULL THEN
        RETURN NULL;
    END IF;
    SELECT COUNT(*) INTO v_parents
      FROM performance_schema.setup_consumers
     WHERE ENABLED = 'NO'
       AND (NAME = 'global_instrumentation'
            OR (NAME = 'thread_instrumentation' AND in_consumer LIKE 'events%')
            OR (in_consumer LIKE 'events%history%'
                AND NAME = CONCAT(SUBSTRING_INDEX(in_consumer, '_history', 1), '_current')));
    RETURN IF(v_own = 'YES' AND v_parents = 0, 'YES', 'NO');
END",
    "CREATE FUNCTION quote_identifier(in_identifier TEXT) RETURNS TEXT
    COMMENT 'The name in backticks, each backtick in it doubled, ready to go into a statement.'
    SQL SECURITY INVOKER
    DETERMINISTIC
    NO SQL
BEGIN
    RETURN CONCAT('`', REPLACE(in_identifier, '`', '``'), '`');
END",
    "CREATE FUNCTION version_major() RETURNS TINYINT UNSIGNED
    COMMENT 'The server''s major version: 9 for 9.7.2.'
    SQL SECURITY INVOKER
    NOT DETERMINISTIC
    NO SQL
BEGIN
    RETURN SUBSTRING_INDEX(VERSION(), '.', 1);
END",
    "CREATE FUNCTION version_minor() RETURNS TINYINT UNSIGNED
    COMMENT 'The server''s minor version: 7 for 9.7.2.'
    SQL SECURITY INVOKER
    NOT DETERMINISTIC
    NO SQL
BEGIN
    RETURN SUBSTRING_INDEX(SUBSTRING_INDEX(VERSION(), '.', 2), '.', -1);
END",
    "CREATE FUNCTION version_patch() RETURNS TINYINT UNSIGNED
    COMMENT 'The server''s patch level: 2 for 9.7.2.'
    SQL SECURITY INVOKER
    NOT DETERMINISTIC
    NO SQL
BEGIN
    RETURN SUBSTRING_INDEX(SUBSTRING_INDEX(SUBSTRING_INDEX(VERSION(), '-', 1), '.', 3), '.', -1);
END",
];

/// Every routine, parsed once.
pub fn all() -> &'static [Procedure] {
    static ALL: OnceLock<Vec<Procedure>> = OnceLock::new();
    ALL.get_or_init(|| {
        texts()
            .iter()
            .filter_map(|t| match crate::sql::parser::parse(t) {
                Ok(Statement::CreateProcedure { procedure, .. }) => Some(Procedure {
                    definer: DEFINER.to_string(),
                    // The sys schema is installed with the server's default sql_mode.
                    sql_mode: "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION".to_string(),
                    // Installed with the server's data directory, at the simulated boot.
                    created_micros: crate::sim::BOOT_UNIX_SECS * 1_000_000,
                    ..procedure
                }),
                // A text that does not parse is a defect the tests catch; left out here.
                _ => None,
            })
            .collect()
    })
}

/// The procedure (`function` false) or function of the sys schema named `name` (any case,
/// as routine names are).
pub fn find(name: &str, function: bool) -> Option<&'static Procedure> {
    all().iter().find(|r| r.name.eq_ignore_ascii_case(name) && r.returns.is_some() == function)
}

/// Whether `sql` may call one of the sys schema's functions (any case): a statement that
/// cannot is spared the search for stored function calls. Outside the sys schema a call must
/// be qualified (`sys.` or `` `sys`. ``), so one pass over the bytes looking for `sys`
/// settles most statements (a long INSERT's among them) before any name is compared.
pub fn mentions_a_function(sql: &str, in_sys_schema: bool) -> bool {
    let bytes = sql.as_bytes();
    let qualified = bytes.windows(4).any(|w| {
        w[0] | 0x20 == b's'
            && w[1] | 0x20 == b'y'
            && w[2] | 0x20 == b's'
            && (w[3] == b'.' || w[3] == b'`')
    });
    if !qualified && !in_sys_schema {
        return false;
    }
    all().iter().filter(|r| r.returns.is_some()).any(|f| {
        let name = f.name.as_bytes();
        bytes.windows(name.len()).any(|w| w.eq_ignore_ascii_case(name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_routine_parses() {
        for t in texts() {
            if let Err(e) = crate::sql::parser::parse(&t) {
                panic!("{}: {}", name_of(&t), e.message);
            }
        }
        assert_eq!(all().len(), texts().len());
        assert!(find("PS_TRUNCATE_ALL_TABLES", false).is_some());
        assert!(find("ps_thread_id", true).is_some());
        assert!(find("ps_thread_id", false).is_none());
        let names: Vec<&str> = all().iter().map(|r| r.name.as_str()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        assert!(mentions_a_function("SELECT SYS.PS_THREAD_ID(NULL)", false));
        assert!(mentions_a_function("SELECT `sys`.`ps_thread_id`(NULL)", false));
        assert!(!mentions_a_function("SELECT ps_thread_id(NULL)", false));
        assert!(mentions_a_function("SELECT ps_thread_id(NULL)", true));
        assert!(!mentions_a_function("SELECT ps_current_thread_id()", true));
    }
}
