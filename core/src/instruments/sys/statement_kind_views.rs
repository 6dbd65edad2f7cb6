//! The sys views that pick out statement digests by what they did, in this simulator's words
//! (the names, columns, filters and order are MySQL sys 2.1's), each over
//! `performance_schema.events_statements_summary_by_digest`:
//!
//! - `statements_with_temp_tables`: digests that made internal temporary tables, those that
//!   went to disk most first (section 3.13.5's question: which statements spill?);
//! - `statements_with_sorting`: digests that sorted rows, with their merge passes, the most
//!   total time first;
//! - `statements_with_errors_or_warnings`: digests that raised errors or warnings, the most
//!   errors first.
//!
//! Each has an `x$` twin with raw picoseconds and the whole digest text.

/// The columns both temp-table views share after `query` and `total_latency`.
macro_rules! temp_tables_view {
    ($query:literal, $latency:literal) => {
        concat!(
            "SELECT ",
            $query,
            " AS query,
       SCHEMA_NAME AS db,
       COUNT_STAR AS exec_count,
       ",
            $latency,
            " AS total_latency,
       SUM_CREATED_TMP_TABLES AS memory_tmp_tables,
       SUM_CREATED_TMP_DISK_TABLES AS disk_tmp_tables,
       ROUND(IFNULL(SUM_CREATED_TMP_TABLES / NULLIF(COUNT_STAR, 0), 0)) AS avg_tmp_tables_per_query,
       ROUND(IFNULL(SUM_CREATED_TMP_DISK_TABLES / NULLIF(SUM_CREATED_TMP_TABLES, 0), 0) * 100)
         AS tmp_tables_to_disk_pct,
       FIRST_SEEN AS first_seen,
       LAST_SEEN AS last_seen,
       DIGEST AS digest
  FROM performance_schema.events_statements_summary_by_digest
 WHERE SUM_CREATED_TMP_TABLES > 0
 ORDER BY SUM_CREATED_TMP_DISK_TABLES DESC, SUM_CREATED_TMP_TABLES DESC"
        )
    };
}

/// Digests that created internal temporary tables (`memory_tmp_tables` counts them all, those
/// converted to disk included), the most on-disk ones first.
pub(super) const STATEMENTS_WITH_TEMP_TABLES: &str =
    temp_tables_view!("sys.format_statement(DIGEST_TEXT)", "FORMAT_PICO_TIME(SUM_TIMER_WAIT)");

/// The same with raw picoseconds and the whole digest text.
pub(super) const X_STATEMENTS_WITH_TEMP_TABLES: &str =
    temp_tables_view!("DIGEST_TEXT", "SUM_TIMER_WAIT");

macro_rules! sorting_view {
    ($query:literal, $latency:literal) => {
        concat!(
            "SELECT ",
            $query,
            " AS query,
       SCHEMA_NAME AS db,
       COUNT_STAR AS exec_count,
       ",
            $latency,
            " AS total_latency,
       SUM_SORT_MERGE_PASSES AS sort_merge_passes,
       ROUND(IFNULL(SUM_SORT_MERGE_PASSES / NULLIF(COUNT_STAR, 0), 0)) AS avg_sort_merges,
       SUM_SORT_SCAN AS sorts_using_scans,
       SUM_SORT_RANGE AS sort_using_range,
       SUM_SORT_ROWS AS rows_sorted,
       ROUND(IFNULL(SUM_SORT_ROWS / NULLIF(COUNT_STAR, 0), 0)) AS avg_rows_sorted,
       FIRST_SEEN AS first_seen,
       LAST_SEEN AS last_seen,
       DIGEST AS digest
  FROM performance_schema.events_statements_summary_by_digest
 WHERE SUM_SORT_ROWS > 0
 ORDER BY SUM_TIMER_WAIT DESC"
        )
    };
}

/// Digests that sorted rows (a filesort), the most total time first: `sort_merge_passes`
/// counts the merges of sorted runs that a small `sort_buffer_size` costs.
pub(super) const STATEMENTS_WITH_SORTING: &str =
    sorting_view!("sys.format_statement(DIGEST_TEXT)", "FORMAT_PICO_TIME(SUM_TIMER_WAIT)");

/// The same with raw picoseconds and the whole digest text.
pub(super) const X_STATEMENTS_WITH_SORTING: &str = sorting_view!("DIGEST_TEXT", "SUM_TIMER_WAIT");

macro_rules! errors_view {
    ($query:literal) => {
        concat!(
            "SELECT ",
            $query,
            " AS query,
       SCHEMA_NAME AS db,
       COUNT_STAR AS exec_count,
       SUM_ERRORS AS errors,
       ROUND(IFNULL(SUM_ERRORS / NULLIF(COUNT_STAR, 0), 0) * 100, 4) AS error_pct,
       SUM_WARNINGS AS warnings,
       ROUND(IFNULL(SUM_WARNINGS / NULLIF(COUNT_STAR, 0), 0) * 100, 4) AS warning_pct,
       FIRST_SEEN AS first_seen,
       LAST_SEEN AS last_seen,
       DIGEST AS digest
  FROM performance_schema.events_statements_summary_by_digest
 WHERE SUM_ERRORS > 0 OR SUM_WARNINGS > 0
 ORDER BY SUM_ERRORS DESC, SUM_WARNINGS DESC"
        )
    };
}

/// Digests that raised an error or a warning at least once, with the share of their runs
/// that did.
pub(super) const STATEMENTS_WITH_ERRORS_OR_WARNINGS: &str =
    errors_view!("sys.format_statement(DIGEST_TEXT)");

/// The same with the whole digest text.
pub(super) const X_STATEMENTS_WITH_ERRORS_OR_WARNINGS: &str = errors_view!("DIGEST_TEXT");
