//! The sys schema: views over performance_schema and information_schema that turn counters
//! into readable answers (the slowest statement shapes, the indexes nobody used), written as
//! SQL our engine runs, so that `SHOW CREATE VIEW sys.statement_analysis` shows a learner
//! exactly what each one computes. Each formatted view has an `x$` twin with raw numbers
//! (picoseconds, bytes, the whole digest text), as MySQL's sys schema has.
//!
//! The texts are this simulator's own (`views.rs`); what carries over from MySQL's sys 2.1
//! is each view's name, columns, filters, formats and order. A new view is one entry in
//! [`VIEWS`]: its name, its algorithm and its SELECT.
//!
//! Besides the views: `sys.sys_config` (the sys schema's one table, read-only here, see
//! [`SYS_CONFIG`]), the functions `sys.format_statement()`, `sys.format_bytes()` and
//! `sys.format_time()` (built-ins of the engine, `sql::pfs_format`), and the stored
//! procedures and functions of [`routines`].

mod metrics_view;
mod pool_and_key_views;
mod processlist_views;
pub mod routines;
mod statement_kind_views;
mod views;

use crate::storage::table::Row;
use crate::storage::value::Value;

/// One view of the sys schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SysView {
    pub name: &'static str,
    /// MySQL's algorithm for it (MERGE, or TEMPTABLE for those that aggregate), shown by
    /// SHOW CREATE VIEW; the engine materialises every view either way.
    pub algorithm: &'static str,
    /// The SELECT it stands for.
    pub query: &'static str,
}

/// Every view of the sys schema, in name order (as SHOW TABLES lists them).
pub use views::VIEWS;

/// The sys schema's view named `name` (names are case-sensitive, as tables are on Linux).
pub fn view(name: &str) -> Option<&'static SysView> {
    VIEWS.iter().find(|v| v.name == name)
}

/// What `SHOW CREATE VIEW` prints for a sys view: MySQL's header (definer `mysql.sys`,
/// SQL SECURITY INVOKER) and the view's SELECT as written here.
///
/// Simplification: MySQL prints the SELECT as its parser rewrote it, on one line with every
/// name qualified; this prints it as written, over several lines, to be read.
pub fn show_create(v: &SysView) -> String {
    format!(
        "CREATE ALGORITHM={} DEFINER=`mysql.sys`@`localhost` SQL SECURITY INVOKER VIEW `sys`.`{}` AS\n{}",
        v.algorithm, v.name, v.query
    )
}

/// `sys.sys_config`'s rows as MySQL installs them: (variable, value).
///
/// Simplification: MySQL's sys_config is an InnoDB table a DBA may UPDATE; here it is read-only
/// (its defaults), and `SET @sys.statement_truncate_len = n` (which `sys.format_statement()`
/// reads first, as MySQL's does) is the way to change the truncation.
pub const SYS_CONFIG: [(&str, Option<&str>); 6] = [
    ("diagnostics.allow_i_s_tables", Some("OFF")),
    ("diagnostics.include_raw", Some("OFF")),
    ("ps_thread_trx_info.max_length", Some("65535")),
    ("statement_performance_analyzer.limit", Some("100")),
    ("statement_performance_analyzer.view", None),
    ("statement_truncate_len", Some("64")),
];

/// `sys.sys_config`'s columns: (name, numeric, nullable).
pub const SYS_CONFIG_COLUMNS: [(&str, bool, bool); 4] = [
    ("variable", false, false),
    ("value", false, true),
    ("set_time", false, false),
    ("set_by", false, true),
];

/// `sys.sys_config`'s rows; `installed` is when the datadir was initialised (set_time).
pub fn sys_config_rows(installed: &str) -> Vec<Row> {
    SYS_CONFIG
        .iter()
        .map(|(variable, value)| {
            vec![
                Value::Str(variable.to_string()),
                value.map_or(Value::Null, |v| Value::Str(v.to_string())),
                Value::Str(installed.to_string()),
                Value::Null,
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_are_unique_and_in_name_order() {
        assert!(VIEWS.windows(2).all(|w| w[0].name < w[1].name), "VIEWS must stay sorted");
        assert!(view("statement_analysis").is_some() && view("Statement_analysis").is_none());
    }

    #[test]
    fn every_view_parses_as_a_select() {
        for v in VIEWS {
            match crate::sql::parse(v.query) {
                Ok(crate::sql::Statement::Select(_)) => {}
                _ => panic!("sys.{} is not a SELECT our parser reads", v.name),
            }
        }
    }

    #[test]
    fn the_truncation_default_matches_the_function() {
        let len = SYS_CONFIG.iter().find(|(n, _)| *n == "statement_truncate_len").unwrap().1;
        let default = crate::sql::pfs_format::STATEMENT_TRUNCATE_LEN_DEFAULT.to_string();
        assert_eq!(len, Some(default.as_str()));
    }
}
