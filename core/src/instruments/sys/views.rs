//! The sys schema's views as SQL, in this simulator's words. MySQL's names, columns, filters,
//! formats and order are kept; the texts are not MySQL's. Latencies are formatted with the
//! native `FORMAT_PICO_TIME()` (as MySQL 8.0.16+ does) and sizes with `FORMAT_BYTES()`;
//! the `x$` twins show the raw values and the whole digest text.

use super::pool_and_key_views::{
    INNODB_BUFFER_STATS_BY_SCHEMA, INNODB_BUFFER_STATS_BY_TABLE, SCHEMA_REDUNDANT_INDEXES,
    X_INNODB_BUFFER_STATS_BY_SCHEMA, X_INNODB_BUFFER_STATS_BY_TABLE, X_SCHEMA_FLATTENED_KEYS,
};
use super::processlist_views::{PROCESSLIST, SESSION, X_PROCESSLIST, X_SESSION};
use super::statement_kind_views::{
    STATEMENTS_WITH_ERRORS_OR_WARNINGS, STATEMENTS_WITH_SORTING, STATEMENTS_WITH_TEMP_TABLES,
    X_STATEMENTS_WITH_ERRORS_OR_WARNINGS, X_STATEMENTS_WITH_SORTING, X_STATEMENTS_WITH_TEMP_TABLES,
};
use super::SysView;

/// The average-latency distribution of statement digests, in whole microseconds: how many
/// digests have each (rounded) average. Helper of the 95th-percentile view.
const PS_DIGEST_AVG_LATENCY_DISTRIBUTION: &str = "SELECT COUNT(*) AS cnt,
       ROUND(avg_timer_wait / 1000000) AS avg_us
  FROM performance_schema.events_statements_summary_by_digest
 GROUP BY avg_us";

/// The smallest average latency (µs) at or below which more than 95 % of the digests lie: for
/// each distinct average, the share of digests whose average is no larger (a self-join of
/// the distribution on `<=`), keeping the first share above 0.95. One row. (MySQL's repeats
/// the share's expression in HAVING; naming its alias there gives the same rows.)
const PS_DIGEST_95TH_PERCENTILE_BY_AVG_US: &str = "SELECT upto.avg_us AS avg_us,
       IFNULL(SUM(atmost.cnt) / NULLIF((SELECT COUNT(*)
                                          FROM performance_schema.events_statements_summary_by_digest), 0), 0)
         AS percentile
  FROM sys.`x$ps_digest_avg_latency_distribution` AS atmost
  JOIN sys.`x$ps_digest_avg_latency_distribution` AS upto
    ON atmost.avg_us <= upto.avg_us
 GROUP BY upto.avg_us
HAVING percentile > 0.95
 ORDER BY percentile
 LIMIT 1";

/// Statement digests whose average latency is in the slowest 5 % (at or above the 95th
/// percentile of digest averages), slowest average first.
const STATEMENTS_WITH_RUNTIMES_IN_95TH_PERCENTILE: &str =
    "SELECT sys.format_statement(d.DIGEST_TEXT) AS query,
       d.SCHEMA_NAME AS db,
       IF(d.SUM_NO_GOOD_INDEX_USED > 0 OR d.SUM_NO_INDEX_USED > 0, '*', '') AS full_scan,
       d.COUNT_STAR AS exec_count,
       d.SUM_ERRORS AS err_count,
       d.SUM_WARNINGS AS warn_count,
       FORMAT_PICO_TIME(d.SUM_TIMER_WAIT) AS total_latency,
       FORMAT_PICO_TIME(d.MAX_TIMER_WAIT) AS max_latency,
       FORMAT_PICO_TIME(d.AVG_TIMER_WAIT) AS avg_latency,
       d.SUM_ROWS_SENT AS rows_sent,
       ROUND(IFNULL(d.SUM_ROWS_SENT / NULLIF(d.COUNT_STAR, 0), 0)) AS rows_sent_avg,
       d.SUM_ROWS_EXAMINED AS rows_examined,
       ROUND(IFNULL(d.SUM_ROWS_EXAMINED / NULLIF(d.COUNT_STAR, 0), 0)) AS rows_examined_avg,
       d.FIRST_SEEN AS first_seen,
       d.LAST_SEEN AS last_seen,
       d.DIGEST AS digest
  FROM performance_schema.events_statements_summary_by_digest AS d
  JOIN sys.`x$ps_digest_95th_percentile_by_avg_us` AS slowest
    ON ROUND(d.AVG_TIMER_WAIT / 1000000) >= slowest.avg_us
 ORDER BY d.AVG_TIMER_WAIT DESC";

/// The same digests with raw picoseconds and the whole digest text.
const X_STATEMENTS_WITH_RUNTIMES_IN_95TH_PERCENTILE: &str = "SELECT d.DIGEST_TEXT AS query,
       d.SCHEMA_NAME AS db,
       IF(d.SUM_NO_GOOD_INDEX_USED > 0 OR d.SUM_NO_INDEX_USED > 0, '*', '') AS full_scan,
       d.COUNT_STAR AS exec_count,
       d.SUM_ERRORS AS err_count,
       d.SUM_WARNINGS AS warn_count,
       d.SUM_TIMER_WAIT AS total_latency,
       d.MAX_TIMER_WAIT AS max_latency,
       d.AVG_TIMER_WAIT AS avg_latency,
       d.SUM_ROWS_SENT AS rows_sent,
       ROUND(IFNULL(d.SUM_ROWS_SENT / NULLIF(d.COUNT_STAR, 0), 0)) AS rows_sent_avg,
       d.SUM_ROWS_EXAMINED AS rows_examined,
       ROUND(IFNULL(d.SUM_ROWS_EXAMINED / NULLIF(d.COUNT_STAR, 0), 0)) AS rows_examined_avg,
       d.FIRST_SEEN AS first_seen,
       d.LAST_SEEN AS last_seen,
       d.DIGEST AS digest
  FROM performance_schema.events_statements_summary_by_digest AS d
  JOIN sys.`x$ps_digest_95th_percentile_by_avg_us` AS slowest
    ON ROUND(d.AVG_TIMER_WAIT / 1000000) >= slowest.avg_us
 ORDER BY d.AVG_TIMER_WAIT DESC";

/// Every statement digest with its totals and averages, the most total time first: where the
/// server's time went.
const STATEMENT_ANALYSIS: &str = "SELECT sys.format_statement(DIGEST_TEXT) AS query,
       SCHEMA_NAME AS db,
       IF(SUM_NO_GOOD_INDEX_USED > 0 OR SUM_NO_INDEX_USED > 0, '*', '') AS full_scan,
       COUNT_STAR AS exec_count,
       SUM_ERRORS AS err_count,
       SUM_WARNINGS AS warn_count,
       FORMAT_PICO_TIME(SUM_TIMER_WAIT) AS total_latency,
       FORMAT_PICO_TIME(MAX_TIMER_WAIT) AS max_latency,
       FORMAT_PICO_TIME(AVG_TIMER_WAIT) AS avg_latency,
       FORMAT_PICO_TIME(SUM_LOCK_TIME) AS lock_latency,
       FORMAT_PICO_TIME(SUM_CPU_TIME) AS cpu_latency,
       SUM_ROWS_SENT AS rows_sent,
       ROUND(IFNULL(SUM_ROWS_SENT / NULLIF(COUNT_STAR, 0), 0)) AS rows_sent_avg,
       SUM_ROWS_EXAMINED AS rows_examined,
       ROUND(IFNULL(SUM_ROWS_EXAMINED / NULLIF(COUNT_STAR, 0), 0)) AS rows_examined_avg,
       SUM_ROWS_AFFECTED AS rows_affected,
       ROUND(IFNULL(SUM_ROWS_AFFECTED / NULLIF(COUNT_STAR, 0), 0)) AS rows_affected_avg,
       SUM_CREATED_TMP_TABLES AS tmp_tables,
       SUM_CREATED_TMP_DISK_TABLES AS tmp_disk_tables,
       SUM_SORT_ROWS AS rows_sorted,
       SUM_SORT_MERGE_PASSES AS sort_merge_passes,
       FORMAT_BYTES(MAX_CONTROLLED_MEMORY) AS max_controlled_memory,
       FORMAT_BYTES(MAX_TOTAL_MEMORY) AS max_total_memory,
       DIGEST AS digest,
       FIRST_SEEN AS first_seen,
       LAST_SEEN AS last_seen
  FROM performance_schema.events_statements_summary_by_digest
 ORDER BY SUM_TIMER_WAIT DESC";

/// The same with raw picoseconds and bytes, and the whole digest text.
const X_STATEMENT_ANALYSIS: &str = "SELECT DIGEST_TEXT AS query,
       SCHEMA_NAME AS db,
       IF(SUM_NO_GOOD_INDEX_USED > 0 OR SUM_NO_INDEX_USED > 0, '*', '') AS full_scan,
       COUNT_STAR AS exec_count,
       COUNT_SECONDARY AS exec_secondary_count,
       SUM_ERRORS AS err_count,
       SUM_WARNINGS AS warn_count,
       SUM_TIMER_WAIT AS total_latency,
       MAX_TIMER_WAIT AS max_latency,
       AVG_TIMER_WAIT AS avg_latency,
       SUM_LOCK_TIME AS lock_latency,
       SUM_CPU_TIME AS cpu_latency,
       SUM_ROWS_SENT AS rows_sent,
       ROUND(IFNULL(SUM_ROWS_SENT / NULLIF(COUNT_STAR, 0), 0)) AS rows_sent_avg,
       SUM_ROWS_EXAMINED AS rows_examined,
       ROUND(IFNULL(SUM_ROWS_EXAMINED / NULLIF(COUNT_STAR, 0), 0)) AS rows_examined_avg,
       SUM_ROWS_AFFECTED AS rows_affected,
       ROUND(IFNULL(SUM_ROWS_AFFECTED / NULLIF(COUNT_STAR, 0), 0)) AS rows_affected_avg,
       SUM_CREATED_TMP_TABLES AS tmp_tables,
       SUM_CREATED_TMP_DISK_TABLES AS tmp_disk_tables,
       SUM_SORT_ROWS AS rows_sorted,
       SUM_SORT_MERGE_PASSES AS sort_merge_passes,
       MAX_CONTROLLED_MEMORY AS max_controlled_memory,
       MAX_TOTAL_MEMORY AS max_total_memory,
       DIGEST AS digest,
       FIRST_SEEN AS first_seen,
       LAST_SEEN AS last_seen
  FROM performance_schema.events_statements_summary_by_digest
 ORDER BY SUM_TIMER_WAIT DESC";

/// Digests that ran without a usable index at least once (SHOW statements, which always
/// scan, left out), those that scanned most often first. As MySQL's does, the formatted view
/// then orders by `total_latency`, which here is the formatted text.
const STATEMENTS_WITH_FULL_TABLE_SCANS: &str = "SELECT sys.format_statement(DIGEST_TEXT) AS query,
       SCHEMA_NAME AS db,
       COUNT_STAR AS exec_count,
       FORMAT_PICO_TIME(SUM_TIMER_WAIT) AS total_latency,
       SUM_NO_INDEX_USED AS no_index_used_count,
       SUM_NO_GOOD_INDEX_USED AS no_good_index_used_count,
       ROUND(IFNULL(SUM_NO_INDEX_USED / NULLIF(COUNT_STAR, 0), 0) * 100) AS no_index_used_pct,
       SUM_ROWS_SENT AS rows_sent,
       SUM_ROWS_EXAMINED AS rows_examined,
       ROUND(SUM_ROWS_SENT / COUNT_STAR) AS rows_sent_avg,
       ROUND(SUM_ROWS_EXAMINED / COUNT_STAR) AS rows_examined_avg,
       FIRST_SEEN AS first_seen,
       LAST_SEEN AS last_seen,
       DIGEST AS digest
  FROM performance_schema.events_statements_summary_by_digest
 WHERE (SUM_NO_INDEX_USED > 0 OR SUM_NO_GOOD_INDEX_USED > 0)
   AND DIGEST_TEXT NOT LIKE 'SHOW%'
 ORDER BY no_index_used_pct DESC, total_latency DESC";

/// The same with raw picoseconds and the whole digest text.
const X_STATEMENTS_WITH_FULL_TABLE_SCANS: &str = "SELECT DIGEST_TEXT AS query,
       SCHEMA_NAME AS db,
       COUNT_STAR AS exec_count,
       SUM_TIMER_WAIT AS total_latency,
       SUM_NO_INDEX_USED AS no_index_used_count,
       SUM_NO_GOOD_INDEX_USED AS no_good_index_used_count,
       ROUND(IFNULL(SUM_NO_INDEX_USED / NULLIF(COUNT_STAR, 0), 0) * 100) AS no_index_used_pct,
       SUM_ROWS_SENT AS rows_sent,
       SUM_ROWS_EXAMINED AS rows_examined,
       ROUND(SUM_ROWS_SENT / COUNT_STAR) AS rows_sent_avg,
       ROUND(SUM_ROWS_EXAMINED / COUNT_STAR) AS rows_examined_avg,
       FIRST_SEEN AS first_seen,
       LAST_SEEN AS last_seen,
       DIGEST AS digest
  FROM performance_schema.events_statements_summary_by_digest
 WHERE (SUM_NO_INDEX_USED > 0 OR SUM_NO_GOOD_INDEX_USED > 0)
   AND DIGEST_TEXT NOT LIKE 'SHOW%'
 ORDER BY no_index_used_pct DESC, total_latency DESC";

/// Secondary indexes with no I/O since the server started (or the summary was truncated):
/// their table was opened, so performance_schema has a row for each of its indexes, and this
/// one's count is zero. Only non-unique indexes (unique ones enforce something even unread),
/// never PRIMARY, never the mysql schema's. MySQL's has no `x$` twin: nothing is formatted.
const SCHEMA_UNUSED_INDEXES: &str = "SELECT io.object_schema AS object_schema,
       io.object_name AS object_name,
       io.index_name AS index_name
  FROM performance_schema.table_io_waits_summary_by_index_usage AS io
  JOIN information_schema.STATISTICS AS s
    ON io.object_schema = s.TABLE_SCHEMA
   AND io.object_name = s.TABLE_NAME
   AND io.index_name = s.INDEX_NAME
 WHERE io.index_name IS NOT NULL
   AND io.count_star = 0
   AND io.object_schema <> 'mysql'
   AND io.index_name <> 'PRIMARY'
   AND s.NON_UNIQUE = 1
   AND s.SEQ_IN_INDEX = 1
 ORDER BY object_schema, object_name";

/// Per index (PRIMARY included, scans left out): the rows it found and the changes made
/// through it, with their time, the busiest index first.
const SCHEMA_INDEX_STATISTICS: &str = "SELECT object_schema AS table_schema,
       object_name AS table_name,
       index_name AS index_name,
       count_fetch AS rows_selected,
       FORMAT_PICO_TIME(sum_timer_fetch) AS select_latency,
       count_insert AS rows_inserted,
       FORMAT_PICO_TIME(sum_timer_insert) AS insert_latency,
       count_update AS rows_updated,
       FORMAT_PICO_TIME(sum_timer_update) AS update_latency,
       count_delete AS rows_deleted,
       FORMAT_PICO_TIME(sum_timer_delete) AS delete_latency
  FROM performance_schema.table_io_waits_summary_by_index_usage
 WHERE index_name IS NOT NULL
 ORDER BY sum_timer_wait DESC";

/// The same with raw picoseconds.
const X_SCHEMA_INDEX_STATISTICS: &str = "SELECT object_schema AS table_schema,
       object_name AS table_name,
       index_name AS index_name,
       count_fetch AS rows_selected,
       sum_timer_fetch AS select_latency,
       count_insert AS rows_inserted,
       sum_timer_insert AS insert_latency,
       count_update AS rows_updated,
       sum_timer_update AS update_latency,
       count_delete AS rows_deleted,
       sum_timer_delete AS delete_latency
  FROM performance_schema.table_io_waits_summary_by_index_usage
 WHERE index_name IS NOT NULL
 ORDER BY sum_timer_wait DESC";

/// Tables read without an index: the rows their scans read (the no-index row's reads), the
/// most first.
const SCHEMA_TABLES_WITH_FULL_TABLE_SCANS: &str = "SELECT object_schema AS object_schema,
       object_name AS object_name,
       count_read AS rows_full_scanned,
       FORMAT_PICO_TIME(sum_timer_wait) AS latency
  FROM performance_schema.table_io_waits_summary_by_index_usage
 WHERE index_name IS NULL
   AND count_read > 0
 ORDER BY count_read DESC";

/// The same with raw picoseconds.
const X_SCHEMA_TABLES_WITH_FULL_TABLE_SCANS: &str = "SELECT object_schema AS object_schema,
       object_name AS object_name,
       count_read AS rows_full_scanned,
       sum_timer_wait AS latency
  FROM performance_schema.table_io_waits_summary_by_index_usage
 WHERE index_name IS NULL
   AND count_read > 0
 ORDER BY count_read DESC";

/// Per table: the rows fetched, inserted, updated and deleted and the time they took, then
/// the file I/O of its tablespace (`x$ps_schema_table_statistics_io`; NULL for a table whose
/// file saw none), the busiest table first.
const SCHEMA_TABLE_STATISTICS: &str = "SELECT t.object_schema AS table_schema,
       t.object_name AS table_name,
       FORMAT_PICO_TIME(t.sum_timer_wait) AS total_latency,
       t.count_fetch AS rows_fetched,
       FORMAT_PICO_TIME(t.sum_timer_fetch) AS fetch_latency,
       t.count_insert AS rows_inserted,
       FORMAT_PICO_TIME(t.sum_timer_insert) AS insert_latency,
       t.count_update AS rows_updated,
       FORMAT_PICO_TIME(t.sum_timer_update) AS update_latency,
       t.count_delete AS rows_deleted,
       FORMAT_PICO_TIME(t.sum_timer_delete) AS delete_latency,
       f.count_read AS io_read_requests,
       FORMAT_BYTES(f.sum_number_of_bytes_read) AS io_read,
       FORMAT_PICO_TIME(f.sum_timer_read) AS io_read_latency,
       f.count_write AS io_write_requests,
       FORMAT_BYTES(f.sum_number_of_bytes_write) AS io_write,
       FORMAT_PICO_TIME(f.sum_timer_write) AS io_write_latency,
       f.count_misc AS io_misc_requests,
       FORMAT_PICO_TIME(f.sum_timer_misc) AS io_misc_latency
  FROM performance_schema.table_io_waits_summary_by_table AS t
  LEFT JOIN sys.`x$ps_schema_table_statistics_io` AS f
    ON f.table_schema = t.object_schema
   AND f.table_name = t.object_name
 ORDER BY t.sum_timer_wait DESC";

/// The same with raw picoseconds.
const X_SCHEMA_TABLE_STATISTICS: &str = "SELECT t.object_schema AS table_schema,
       t.object_name AS table_name,
       t.sum_timer_wait AS total_latency,
       t.count_fetch AS rows_fetched,
       t.sum_timer_fetch AS fetch_latency,
       t.count_insert AS rows_inserted,
       t.sum_timer_insert AS insert_latency,
       t.count_update AS rows_updated,
       t.sum_timer_update AS update_latency,
       t.count_delete AS rows_deleted,
       t.sum_timer_delete AS delete_latency,
       f.count_read AS io_read_requests,
       f.sum_number_of_bytes_read AS io_read,
       f.sum_timer_read AS io_read_latency,
       f.count_write AS io_write_requests,
       f.sum_number_of_bytes_write AS io_write,
       f.sum_timer_write AS io_write_latency,
       f.count_misc AS io_misc_requests,
       f.sum_timer_misc AS io_misc_latency
  FROM performance_schema.table_io_waits_summary_by_table AS t
  LEFT JOIN sys.`x$ps_schema_table_statistics_io` AS f
    ON f.table_schema = t.object_schema
   AND f.table_name = t.object_name
 ORDER BY t.sum_timer_wait DESC";

/// Each tablespace file's I/O summed per table, the schema and table read off the file's path
/// (`<datadir>/<schema>/<table>.ibd`), for `schema_table_statistics`, read with
/// `sys.extract_schema_from_file_name()` / `extract_table_from_file_name()` as MySQL's are
/// (built-ins here, `sql/functions.rs`). (Both read the path
/// alone: in MySQL a partition's file, `t#p#p0.ibd`, names no table, so a partitioned table's
/// io_* columns stay NULL; this engine keeps a table's partitions in one file.)
const PS_SCHEMA_TABLE_STATISTICS_IO: &str =
    "SELECT sys.extract_schema_from_file_name(FILE_NAME) AS table_schema,
       sys.extract_table_from_file_name(FILE_NAME) AS table_name,
       SUM(COUNT_READ) AS count_read,
       SUM(SUM_NUMBER_OF_BYTES_READ) AS sum_number_of_bytes_read,
       SUM(SUM_TIMER_READ) AS sum_timer_read,
       SUM(COUNT_WRITE) AS count_write,
       SUM(SUM_NUMBER_OF_BYTES_WRITE) AS sum_number_of_bytes_write,
       SUM(SUM_TIMER_WRITE) AS sum_timer_write,
       SUM(COUNT_MISC) AS count_misc,
       SUM(SUM_TIMER_MISC) AS sum_timer_misc
  FROM performance_schema.file_summary_by_instance
 GROUP BY table_schema, table_name";

/// The sys schema's version and the server's (MySQL keeps this view, deprecated). 2.1.2 is
/// what MySQL 8.0.28 and later install.
const VERSION: &str = "SELECT '2.1.2' AS sys_version, VERSION() AS mysql_version";

/// Wait classes by the time spent in them, the longest first, idle time left out.
const WAITS_GLOBAL_BY_LATENCY: &str = "SELECT event_name AS events,
       count_star AS total,
       FORMAT_PICO_TIME(sum_timer_wait) AS total_latency,
       FORMAT_PICO_TIME(avg_timer_wait) AS avg_latency,
       FORMAT_PICO_TIME(max_timer_wait) AS max_latency
  FROM performance_schema.events_waits_summary_global_by_event_name
 WHERE event_name != 'idle' AND sum_timer_wait > 0
 ORDER BY sum_timer_wait DESC";

const X_WAITS_GLOBAL_BY_LATENCY: &str = "SELECT event_name AS events,
       count_star AS total,
       sum_timer_wait AS total_latency,
       avg_timer_wait AS avg_latency,
       max_timer_wait AS max_latency
  FROM performance_schema.events_waits_summary_global_by_event_name
 WHERE event_name != 'idle' AND sum_timer_wait > 0
 ORDER BY sum_timer_wait DESC";

/// Files by the bytes read and written, the busiest first. The datadir prefix is shown as
/// `@@datadir/` (what sys.format_path does; simplification: only the datadir is shortened,
/// not tmpdir, basedir or the relay log directory).
const IO_GLOBAL_BY_FILE_BY_BYTES: &str =
    "SELECT REPLACE(file_name, @@datadir, '@@datadir/') AS file,
       count_read,
       FORMAT_BYTES(sum_number_of_bytes_read) AS total_read,
       FORMAT_BYTES(IFNULL(sum_number_of_bytes_read / NULLIF(count_read, 0), 0)) AS avg_read,
       count_write,
       FORMAT_BYTES(sum_number_of_bytes_write) AS total_written,
       FORMAT_BYTES(IFNULL(sum_number_of_bytes_write / NULLIF(count_write, 0), 0.00)) AS avg_write,
       FORMAT_BYTES(sum_number_of_bytes_read + sum_number_of_bytes_write) AS total,
       IFNULL(ROUND(100 - ((sum_number_of_bytes_read
                            / NULLIF(sum_number_of_bytes_read + sum_number_of_bytes_write, 0))
                           * 100), 2), 0.00) AS write_pct
  FROM performance_schema.file_summary_by_instance
 ORDER BY sum_number_of_bytes_read + sum_number_of_bytes_write DESC";

const X_IO_GLOBAL_BY_FILE_BY_BYTES: &str = "SELECT file_name AS file,
       count_read,
       sum_number_of_bytes_read AS total_read,
       IFNULL(sum_number_of_bytes_read / NULLIF(count_read, 0), 0) AS avg_read,
       count_write,
       sum_number_of_bytes_write AS total_written,
       IFNULL(sum_number_of_bytes_write / NULLIF(count_write, 0), 0.00) AS avg_write,
       sum_number_of_bytes_read + sum_number_of_bytes_write AS total,
       IFNULL(ROUND(100 - ((sum_number_of_bytes_read
                            / NULLIF(sum_number_of_bytes_read + sum_number_of_bytes_write, 0))
                           * 100), 2), 0.00) AS write_pct
  FROM performance_schema.file_summary_by_instance
 ORDER BY sum_number_of_bytes_read + sum_number_of_bytes_write DESC";

/// The memory the instrumented allocations hold now, in all.
const MEMORY_GLOBAL_TOTAL: &str =
    "SELECT FORMAT_BYTES(SUM(current_number_of_bytes_used)) AS total_allocated
  FROM performance_schema.memory_summary_global_by_event_name";

const X_MEMORY_GLOBAL_TOTAL: &str = "SELECT SUM(current_number_of_bytes_used) AS total_allocated
  FROM performance_schema.memory_summary_global_by_event_name";

/// Each memory instrument that holds memory now: its blocks and bytes now and at their
/// highest, with the average block, most bytes first.
const MEMORY_GLOBAL_BY_CURRENT_BYTES: &str = "SELECT event_name,
       current_count_used AS current_count,
       FORMAT_BYTES(current_number_of_bytes_used) AS current_alloc,
       FORMAT_BYTES(IFNULL(current_number_of_bytes_used / NULLIF(current_count_used, 0), 0))
         AS current_avg_alloc,
       high_count_used AS high_count,
       FORMAT_BYTES(high_number_of_bytes_used) AS high_alloc,
       FORMAT_BYTES(IFNULL(high_number_of_bytes_used / NULLIF(high_count_used, 0), 0))
         AS high_avg_alloc
  FROM performance_schema.memory_summary_global_by_event_name
 WHERE current_number_of_bytes_used > 0
 ORDER BY current_number_of_bytes_used DESC";

const X_MEMORY_GLOBAL_BY_CURRENT_BYTES: &str = "SELECT event_name,
       current_count_used AS current_count,
       current_number_of_bytes_used AS current_alloc,
       IFNULL(current_number_of_bytes_used / NULLIF(current_count_used, 0), 0)
         AS current_avg_alloc,
       high_count_used AS high_count,
       high_number_of_bytes_used AS high_alloc,
       IFNULL(high_number_of_bytes_used / NULLIF(high_count_used, 0), 0) AS high_avg_alloc
  FROM performance_schema.memory_summary_global_by_event_name
 WHERE current_number_of_bytes_used > 0
 ORDER BY current_number_of_bytes_used DESC";

/// Each AUTO_INCREMENT column of the user's tables, with the largest value its type holds
/// and how much of that range the next value has used: the columns closest to running out
/// first. (MySQL's sys has no `x$` twin of it.)
const SCHEMA_AUTO_INCREMENT_COLUMNS: &str = "SELECT c.TABLE_SCHEMA AS table_schema, c.TABLE_NAME AS table_name, c.COLUMN_NAME AS column_name,
       c.DATA_TYPE AS data_type, c.COLUMN_TYPE AS column_type,
       (LOCATE('unsigned', c.COLUMN_TYPE) = 0) AS is_signed,
       (LOCATE('unsigned', c.COLUMN_TYPE) > 0) AS is_unsigned,
       (CASE c.DATA_TYPE
          WHEN 'tinyint' THEN 255
          WHEN 'smallint' THEN 65535
          WHEN 'mediumint' THEN 16777215
          WHEN 'int' THEN 4294967295
          WHEN 'bigint' THEN 18446744073709551615
        END >> IF(LOCATE('unsigned', c.COLUMN_TYPE) > 0, 0, 1)) AS max_value,
       t.AUTO_INCREMENT AS auto_increment,
       t.AUTO_INCREMENT / (CASE c.DATA_TYPE
          WHEN 'tinyint' THEN 255
          WHEN 'smallint' THEN 65535
          WHEN 'mediumint' THEN 16777215
          WHEN 'int' THEN 4294967295
          WHEN 'bigint' THEN 18446744073709551615
        END >> IF(LOCATE('unsigned', c.COLUMN_TYPE) > 0, 0, 1)) AS auto_increment_ratio
  FROM information_schema.COLUMNS c
  JOIN information_schema.TABLES t
    ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
 WHERE c.TABLE_SCHEMA NOT IN ('mysql', 'sys', 'information_schema', 'performance_schema')
   AND t.TABLE_TYPE = 'BASE TABLE'
   AND c.EXTRA = 'auto_increment'
 ORDER BY auto_increment_ratio DESC, max_value";

/// Every view, in name order.
pub const VIEWS: &[SysView] = &[
    SysView {
        name: "innodb_buffer_stats_by_schema",
        algorithm: "TEMPTABLE",
        query: INNODB_BUFFER_STATS_BY_SCHEMA,
    },
    SysView {
        name: "innodb_buffer_stats_by_table",
        algorithm: "TEMPTABLE",
        query: INNODB_BUFFER_STATS_BY_TABLE,
    },
    SysView {
        name: "io_global_by_file_by_bytes",
        algorithm: "MERGE",
        query: IO_GLOBAL_BY_FILE_BY_BYTES,
    },
    SysView {
        name: "memory_global_by_current_bytes",
        algorithm: "MERGE",
        query: MEMORY_GLOBAL_BY_CURRENT_BYTES,
    },
    SysView { name: "memory_global_total", algorithm: "TEMPTABLE", query: MEMORY_GLOBAL_TOTAL },
    SysView { name: "metrics", algorithm: "UNDEFINED", query: super::metrics_view::METRICS },
    SysView { name: "processlist", algorithm: "TEMPTABLE", query: PROCESSLIST },
    SysView {
        name: "schema_auto_increment_columns",
        algorithm: "MERGE",
        query: SCHEMA_AUTO_INCREMENT_COLUMNS,
    },
    SysView { name: "schema_index_statistics", algorithm: "MERGE", query: SCHEMA_INDEX_STATISTICS },
    SysView {
        name: "schema_redundant_indexes",
        algorithm: "TEMPTABLE",
        query: SCHEMA_REDUNDANT_INDEXES,
    },
    SysView {
        name: "schema_table_statistics",
        algorithm: "TEMPTABLE",
        query: SCHEMA_TABLE_STATISTICS,
    },
    SysView {
        name: "schema_tables_with_full_table_scans",
        algorithm: "MERGE",
        query: SCHEMA_TABLES_WITH_FULL_TABLE_SCANS,
    },
    SysView { name: "schema_unused_indexes", algorithm: "MERGE", query: SCHEMA_UNUSED_INDEXES },
    SysView { name: "session", algorithm: "UNDEFINED", query: SESSION },
    SysView { name: "statement_analysis", algorithm: "MERGE", query: STATEMENT_ANALYSIS },
    SysView {
        name: "statements_with_errors_or_warnings",
        algorithm: "MERGE",
        query: STATEMENTS_WITH_ERRORS_OR_WARNINGS,
    },
    SysView {
        name: "statements_with_full_table_scans",
        algorithm: "MERGE",
        query: STATEMENTS_WITH_FULL_TABLE_SCANS,
    },
    SysView {
        name: "statements_with_runtimes_in_95th_percentile",
        algorithm: "MERGE",
        query: STATEMENTS_WITH_RUNTIMES_IN_95TH_PERCENTILE,
    },
    SysView { name: "statements_with_sorting", algorithm: "MERGE", query: STATEMENTS_WITH_SORTING },
    SysView {
        name: "statements_with_temp_tables",
        algorithm: "MERGE",
        query: STATEMENTS_WITH_TEMP_TABLES,
    },
    SysView { name: "version", algorithm: "UNDEFINED", query: VERSION },
    SysView { name: "waits_global_by_latency", algorithm: "MERGE", query: WAITS_GLOBAL_BY_LATENCY },
    SysView {
        name: "x$innodb_buffer_stats_by_schema",
        algorithm: "TEMPTABLE",
        query: X_INNODB_BUFFER_STATS_BY_SCHEMA,
    },
    SysView {
        name: "x$innodb_buffer_stats_by_table",
        algorithm: "TEMPTABLE",
        query: X_INNODB_BUFFER_STATS_BY_TABLE,
    },
    SysView {
        name: "x$io_global_by_file_by_bytes",
        algorithm: "MERGE",
        query: X_IO_GLOBAL_BY_FILE_BY_BYTES,
    },
    SysView {
        name: "x$memory_global_by_current_bytes",
        algorithm: "MERGE",
        query: X_MEMORY_GLOBAL_BY_CURRENT_BYTES,
    },
    SysView { name: "x$memory_global_total", algorithm: "TEMPTABLE", query: X_MEMORY_GLOBAL_TOTAL },
    SysView { name: "x$processlist", algorithm: "TEMPTABLE", query: X_PROCESSLIST },
    SysView {
        name: "x$ps_digest_95th_percentile_by_avg_us",
        algorithm: "TEMPTABLE",
        query: PS_DIGEST_95TH_PERCENTILE_BY_AVG_US,
    },
    SysView {
        name: "x$ps_digest_avg_latency_distribution",
        algorithm: "TEMPTABLE",
        query: PS_DIGEST_AVG_LATENCY_DISTRIBUTION,
    },
    SysView {
        name: "x$ps_schema_table_statistics_io",
        algorithm: "TEMPTABLE",
        query: PS_SCHEMA_TABLE_STATISTICS_IO,
    },
    SysView {
        name: "x$schema_flattened_keys",
        algorithm: "TEMPTABLE",
        query: X_SCHEMA_FLATTENED_KEYS,
    },
    SysView {
        name: "x$schema_index_statistics",
        algorithm: "MERGE",
        query: X_SCHEMA_INDEX_STATISTICS,
    },
    SysView {
        name: "x$schema_table_statistics",
        algorithm: "TEMPTABLE",
        query: X_SCHEMA_TABLE_STATISTICS,
    },
    SysView {
        name: "x$schema_tables_with_full_table_scans",
        algorithm: "MERGE",
        query: X_SCHEMA_TABLES_WITH_FULL_TABLE_SCANS,
    },
    SysView { name: "x$session", algorithm: "UNDEFINED", query: X_SESSION },
    SysView { name: "x$statement_analysis", algorithm: "MERGE", query: X_STATEMENT_ANALYSIS },
    SysView {
        name: "x$statements_with_errors_or_warnings",
        algorithm: "MERGE",
        query: X_STATEMENTS_WITH_ERRORS_OR_WARNINGS,
    },
    SysView {
        name: "x$statements_with_full_table_scans",
        algorithm: "MERGE",
        query: X_STATEMENTS_WITH_FULL_TABLE_SCANS,
    },
    SysView {
        name: "x$statements_with_runtimes_in_95th_percentile",
        algorithm: "MERGE",
        query: X_STATEMENTS_WITH_RUNTIMES_IN_95TH_PERCENTILE,
    },
    SysView {
        name: "x$statements_with_sorting",
        algorithm: "MERGE",
        query: X_STATEMENTS_WITH_SORTING,
    },
    SysView {
        name: "x$statements_with_temp_tables",
        algorithm: "MERGE",
        query: X_STATEMENTS_WITH_TEMP_TABLES,
    },
    SysView {
        name: "x$waits_global_by_latency",
        algorithm: "MERGE",
        query: X_WAITS_GLOBAL_BY_LATENCY,
    },
];
