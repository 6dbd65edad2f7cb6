//! `max_execution_time` and the `MAX_EXECUTION_TIME(N)` hint: how long a read-only SELECT may
//! run before the server stops it with ERROR 3024 (the manual's "Server System Variables"
//! and "Optimizer Hints": in milliseconds, 0 for no limit; the hint, in the statement's
//! outermost query block, overrides the variable; it applies to top-level SELECTs only, not
//! to SELECTs inside stored programs nor to other statements).
//!
//! Counted as MySQL counts it: `Max_execution_time_set` for each SELECT that runs with a
//! limit, `Max_execution_time_exceeded` for each stopped. Simplification: a SELECT that
//! calls a stored function is read-only here as well (MySQL skips the limit for one whose
//! function writes).

use crate::sql::parser::Statement;

/// The limit for `stmt` (its text `sql`) in milliseconds, if it has one: the hint's, else
/// the session's `max_execution_time` (`session_ms`).
pub fn limit_ms(stmt: &Statement, sql: &str, session_ms: u64) -> Option<u64> {
    if !matches!(stmt, Statement::Select(_)) {
        return None;
    }
    let ms = hint_ms(sql).unwrap_or(session_ms);
    (ms > 0).then_some(ms)
}

/// The `MAX_EXECUTION_TIME(N)` of the hint comment that follows the statement's first
/// SELECT, if it has one (a malformed hint is ignored, as MySQL ignores it with a warning).
fn hint_ms(sql: &str) -> Option<u64> {
    let text = sql.trim_start();
    let after_select = text.get(..6).filter(|k| k.eq_ignore_ascii_case("SELECT"))?;
    let rest = text[after_select.len()..].trim_start();
    let body = rest.strip_prefix("/*+")?;
    let hint = &body[..body.find("*/")?];
    let upper = hint.to_ascii_uppercase();
    let at = upper.find("MAX_EXECUTION_TIME")? + "MAX_EXECUTION_TIME".len();
    let args = upper[at..].trim_start().strip_prefix('(')?;
    let digits = args[..args.find(')')?].trim();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hint_is_read_from_the_first_select_only() {
        assert_eq!(hint_ms("SELECT /*+ MAX_EXECUTION_TIME(1000) */ 1"), Some(1000));
        assert_eq!(hint_ms("select /*+ NO_MERGE(d) max_execution_time( 5 ) */ 1"), Some(5));
        assert_eq!(hint_ms("SELECT 1 /*+ MAX_EXECUTION_TIME(1000) */"), None);
        assert_eq!(hint_ms("SELECT /* MAX_EXECUTION_TIME(1000) */ 1"), None);
        assert_eq!(hint_ms("SELECT /*+ MAX_EXECUTION_TIME(x) */ 1"), None);
        assert_eq!(hint_ms("SELECT /*+ MAX_EXECUTION_TIME(1000"), None);
    }
}
