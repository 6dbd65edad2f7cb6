//! The sys views that read the buffer pool page by page and the indexes' definitions, in this
//! simulator's words (the names, columns, filters and order are MySQL sys 2.1's):
//!
//! - `innodb_buffer_stats_by_schema` / `_by_table` (and their `x$` twins): what each schema and
//!   table holds in the buffer pool, from `information_schema.INNODB_BUFFER_PAGE`. The manual
//!   warns that reading that table is costly on a busy server: it walks every block of the pool.
//! - `x$schema_flattened_keys` and `schema_redundant_indexes`: each index as one row with its
//!   columns in order, and the indexes another index of the same table makes unnecessary.

/// One of the four buffer-stats views: `$table` adds the `object_name` column (and groups by
/// it), `$bytes` wraps the byte sums (FORMAT_BYTES or nothing), `$rows` is the
/// `rows_cached` expression ([`rows_cached!`], NOT NULL in the `x$` twins as in MySQL's),
/// `$order` is what the rows are sorted by, the largest share of the pool first.
macro_rules! buffer_stats_view {
    ($table:expr, $bytes:expr, $rows:expr, $group:expr, $order:expr) => {
        concat!(
            "SELECT IF(LOCATE('.', pg.TABLE_NAME) = 0, 'InnoDB System',
          TRIM(BOTH '`' FROM SUBSTRING_INDEX(pg.TABLE_NAME, '.', 1))) AS object_schema,",
            $table,
            "
       ",
            $bytes,
            "(SUM(CASE WHEN pg.COMPRESSED_SIZE > 0 THEN pg.COMPRESSED_SIZE ELSE 16384 END)) AS allocated,
       ",
            $bytes,
            "(SUM(pg.DATA_SIZE)) AS data,
       COUNT(pg.PAGE_NUMBER) AS pages,
       COUNT(IF(pg.IS_HASHED = 'YES', 1, NULL)) AS pages_hashed,
       COUNT(IF(pg.IS_OLD = 'YES', 1, NULL)) AS pages_old,
       ",
            $rows,
            " AS rows_cached
  FROM information_schema.INNODB_BUFFER_PAGE AS pg
 WHERE pg.TABLE_NAME IS NOT NULL
 GROUP BY ",
            $group,
            "
 ORDER BY ",
            $order
        )
    };
}

/// The records on the pages spread over the indexes they came from.
macro_rules! rows_cached {
    () => {
        "ROUND(SUM(pg.NUMBER_RECORDS) / COUNT(DISTINCT pg.INDEX_NAME))"
    };
    (not_null) => {
        concat!("IFNULL(", rows_cached!(), ", 0)")
    };
}

/// The `object_name` column of the per-table views.
macro_rules! object_name {
    () => {
        "
       TRIM(BOTH '`' FROM SUBSTRING_INDEX(pg.TABLE_NAME, '.', -1)) AS object_name,"
    };
}

/// The formatted views' order: the raw allocation (their `allocated` is text).
macro_rules! by_allocation {
    () => {
        "SUM(CASE WHEN pg.COMPRESSED_SIZE > 0 THEN pg.COMPRESSED_SIZE ELSE 16384 END) DESC"
    };
}

/// What each schema holds in the pool. `allocated` counts whole pages (the compressed size
/// for compressed pages), `data` the bytes of records on them; `rows_cached` spreads the
/// records over the indexes they came from.
pub(super) const INNODB_BUFFER_STATS_BY_SCHEMA: &str =
    buffer_stats_view!("", "FORMAT_BYTES", rows_cached!(), "object_schema", by_allocation!());

/// The same with bytes as numbers.
pub(super) const X_INNODB_BUFFER_STATS_BY_SCHEMA: &str =
    buffer_stats_view!("", "", rows_cached!(not_null), "object_schema", "allocated DESC");

/// What each table holds in the pool, the largest share first.
pub(super) const INNODB_BUFFER_STATS_BY_TABLE: &str = buffer_stats_view!(
    object_name!(),
    "FORMAT_BYTES",
    rows_cached!(),
    "object_schema, object_name",
    by_allocation!()
);

/// The same with bytes as numbers.
pub(super) const X_INNODB_BUFFER_STATS_BY_TABLE: &str = buffer_stats_view!(
    object_name!(),
    "",
    rows_cached!(not_null),
    "object_schema, object_name",
    "allocated DESC"
);

/// Each B-tree index of the user schemas as one row: unique or not, whether any column is a
/// prefix (`SUB_PART`), and its columns in index order joined by commas.
pub(super) const X_SCHEMA_FLATTENED_KEYS: &str = "SELECT TABLE_SCHEMA AS table_schema,
       TABLE_NAME AS table_name,
       INDEX_NAME AS index_name,
       MAX(NON_UNIQUE) AS non_unique,
       MAX(SUB_PART IS NOT NULL) AS subpart_exists,
       GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX SEPARATOR ',') AS index_columns
  FROM information_schema.STATISTICS
 WHERE INDEX_TYPE = 'BTREE'
   AND TABLE_SCHEMA NOT IN ('mysql', 'sys', 'INFORMATION_SCHEMA', 'PERFORMANCE_SCHEMA')
 GROUP BY TABLE_SCHEMA, TABLE_NAME, INDEX_NAME";

/// Indexes (`redundant`) that another index of the same table (`dominant`) makes
/// unnecessary, with the statement that drops each. One index is redundant to another when:
/// - both have the same columns in the same order, and it is the weaker of the two: non-unique
///   beside a unique one, or (equally unique) the later by name, PRIMARY counting as first, so
///   that of two twins exactly one is listed;
/// - or it is non-unique and its columns lead the other's (the other serves its lookups);
/// - or the other is unique and the other's columns lead its own (the other already makes
///   every one of its keys unique).
pub(super) const SCHEMA_REDUNDANT_INDEXES: &str = "SELECT r.TABLE_SCHEMA AS table_schema,
       r.TABLE_NAME AS table_name,
       r.INDEX_NAME AS redundant_index_name,
       r.index_columns AS redundant_index_columns,
       r.non_unique AS redundant_index_non_unique,
       d.INDEX_NAME AS dominant_index_name,
       d.index_columns AS dominant_index_columns,
       d.non_unique AS dominant_index_non_unique,
       IF(r.subpart_exists OR d.subpart_exists, 1, 0) AS subpart_exists,
       CONCAT('ALTER TABLE `', r.TABLE_SCHEMA, '`.`', r.TABLE_NAME, '` DROP INDEX `', r.INDEX_NAME, '`')
         AS sql_drop_index
  FROM sys.`x$schema_flattened_keys` AS r
  JOIN sys.`x$schema_flattened_keys` AS d
    ON r.TABLE_SCHEMA = d.TABLE_SCHEMA
   AND r.TABLE_NAME = d.TABLE_NAME
 WHERE r.INDEX_NAME <> d.INDEX_NAME
   AND ((r.index_columns = d.index_columns
         AND (r.non_unique > d.non_unique
              OR (r.non_unique = d.non_unique
                  AND IF(r.INDEX_NAME = 'PRIMARY', '', r.INDEX_NAME)
                      > IF(d.INDEX_NAME = 'PRIMARY', '', d.INDEX_NAME))))
        OR (r.non_unique = 1 AND LOCATE(CONCAT(r.index_columns, ','), d.index_columns) = 1)
        OR (d.non_unique = 0 AND LOCATE(CONCAT(d.index_columns, ','), r.index_columns) = 1))";
