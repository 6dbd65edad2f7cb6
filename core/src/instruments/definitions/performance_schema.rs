//! performance_schema's table definitions as `SHOW CREATE TABLE` prints them on MySQL 9.x, one
//! for each performance_schema table this server produces (see `SYSTEM_TABLES` in
//! `server/statements/show.rs` and `instruments/system_tables.rs`).
//!
//! Source of the facts: the `m_table_def` (`Plugin_table`) of mysql-server's
//! `storage/perfschema/table_*.cc` (column names, types, nullability and keys), and, for how the
//! server prints them, real outputs of a performance_schema dump (mysqldump writes the
//! `SHOW CREATE TABLE` text followed by `;`):
//! - a mysqldump of `performance_schema` from a MySQL 8.0.34 server (a public GitHub file found
//!   by content: "-- MySQL dump 10.13  Distrib 8.0.34 ... Database: performance_schema"), which
//!   holds every table below, column for column;
//! - a dump of `performance_schema` from an 8.0.41 server (Amazon RDS, taken with MariaDB's
//!   mysqldump 11.7.2); the two of these tables checked in it (accounts,
//!   events_stages_current) agree with the 8.0.34 text;
//! - a mysqldump 9.7.1 of an ordinary schema, for 9.x's general form (no integer display
//!   widths, `DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci`).
//!
//! The printing rules those outputs show:
//! - a column prints as two spaces, the backquoted name, the type in lower case without display
//!   widths (`bigint unsigned`, `int`, `varchar(64)`, `double(7,6)`), then its character set and
//!   collation only where they differ from the table's: a `utf8mb4_bin` column of a
//!   `utf8mb4_0900_ai_ci` table prints `CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`, an ASCII one
//!   `CHARACTER SET ascii COLLATE ascii_general_ci`, and a `utf8mb4_bin` column of a
//!   `utf8mb4_bin` table (the connect attribute tables) `COLLATE utf8mb4_bin` alone; then
//!   `NOT NULL`, or `DEFAULT NULL` for a nullable column (none for `longtext`);
//! - keys follow the columns: `PRIMARY KEY (...)`, `UNIQUE KEY `NAME` (...)`, `KEY `NAME` (...)`,
//!   an unnamed key taking its first column's name; the `USING HASH` the source declares is not
//!   printed;
//! - a `TIMESTAMP(6) NOT NULL default 0` column of the source prints as `timestamp(6) NOT NULL`
//!   (events_statements_summary_by_digest's FIRST_SEEN, LAST_SEEN, QUERY_SAMPLE_SEEN).
//!
//! UNCONFIRMED: no `SHOW CREATE TABLE performance_schema.…` output from a 9.x server was found.
//! The texts below are the 8.0.34 ones, assumed unchanged in 9.x (neither the column lists nor
//! the printing rules above are known to have changed since 8.0.34); the column lists agree
//! with this server's, table for table (no MISMATCH). Definitions do change in patch releases:
//! the 8.0.41 dump gives data_lock_waits (not produced here) a PRIMARY KEY the 8.0.34 one lacks.

// Tables with the same columns share them through these macros (`concat!` takes literals).

/// The closing line of the definitions built from shared columns.
macro_rules! engine_line {
    () => {
        ") ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"
    };
}

/// The columns of `events_stages_current`, `_history` and `_history_long`.
macro_rules! stage_event_columns {
    () => {
        r"  `THREAD_ID` bigint unsigned NOT NULL,
  `EVENT_ID` bigint unsigned NOT NULL,
  `END_EVENT_ID` bigint unsigned DEFAULT NULL,
  `EVENT_NAME` varchar(128) NOT NULL,
  `SOURCE` varchar(64) DEFAULT NULL,
  `TIMER_START` bigint unsigned DEFAULT NULL,
  `TIMER_END` bigint unsigned DEFAULT NULL,
  `TIMER_WAIT` bigint unsigned DEFAULT NULL,
  `WORK_COMPLETED` bigint unsigned DEFAULT NULL,
  `WORK_ESTIMATED` bigint unsigned DEFAULT NULL,
  `NESTING_EVENT_ID` bigint unsigned DEFAULT NULL,
  `NESTING_EVENT_TYPE` enum('TRANSACTION','STATEMENT','STAGE','WAIT') DEFAULT NULL"
    };
}

/// The columns of `events_statements_current`, `_history` and `_history_long`.
macro_rules! statement_event_columns {
    () => {
        r"  `THREAD_ID` bigint unsigned NOT NULL,
  `EVENT_ID` bigint unsigned NOT NULL,
  `END_EVENT_ID` bigint unsigned DEFAULT NULL,
  `EVENT_NAME` varchar(128) NOT NULL,
  `SOURCE` varchar(64) DEFAULT NULL,
  `TIMER_START` bigint unsigned DEFAULT NULL,
  `TIMER_END` bigint unsigned DEFAULT NULL,
  `TIMER_WAIT` bigint unsigned DEFAULT NULL,
  `LOCK_TIME` bigint unsigned NOT NULL,
  `SQL_TEXT` longtext,
  `DIGEST` varchar(64) DEFAULT NULL,
  `DIGEST_TEXT` longtext,
  `CURRENT_SCHEMA` varchar(64) DEFAULT NULL,
  `OBJECT_TYPE` varchar(64) DEFAULT NULL,
  `OBJECT_SCHEMA` varchar(64) DEFAULT NULL,
  `OBJECT_NAME` varchar(64) DEFAULT NULL,
  `OBJECT_INSTANCE_BEGIN` bigint unsigned DEFAULT NULL,
  `MYSQL_ERRNO` int DEFAULT NULL,
  `RETURNED_SQLSTATE` varchar(5) DEFAULT NULL,
  `MESSAGE_TEXT` varchar(128) DEFAULT NULL,
  `ERRORS` bigint unsigned NOT NULL,
  `WARNINGS` bigint unsigned NOT NULL,
  `ROWS_AFFECTED` bigint unsigned NOT NULL,
  `ROWS_SENT` bigint unsigned NOT NULL,
  `ROWS_EXAMINED` bigint unsigned NOT NULL,
  `CREATED_TMP_DISK_TABLES` bigint unsigned NOT NULL,
  `CREATED_TMP_TABLES` bigint unsigned NOT NULL,
  `SELECT_FULL_JOIN` bigint unsigned NOT NULL,
  `SELECT_FULL_RANGE_JOIN` bigint unsigned NOT NULL,
  `SELECT_RANGE` bigint unsigned NOT NULL,
  `SELECT_RANGE_CHECK` bigint unsigned NOT NULL,
  `SELECT_SCAN` bigint unsigned NOT NULL,
  `SORT_MERGE_PASSES` bigint unsigned NOT NULL,
  `SORT_RANGE` bigint unsigned NOT NULL,
  `SORT_ROWS` bigint unsigned NOT NULL,
  `SORT_SCAN` bigint unsigned NOT NULL,
  `NO_INDEX_USED` bigint unsigned NOT NULL,
  `NO_GOOD_INDEX_USED` bigint unsigned NOT NULL,
  `NESTING_EVENT_ID` bigint unsigned DEFAULT NULL,
  `NESTING_EVENT_TYPE` enum('TRANSACTION','STATEMENT','STAGE','WAIT') DEFAULT NULL,
  `NESTING_EVENT_LEVEL` int DEFAULT NULL,
  `STATEMENT_ID` bigint unsigned DEFAULT NULL,
  `CPU_TIME` bigint unsigned NOT NULL,
  `MAX_CONTROLLED_MEMORY` bigint unsigned NOT NULL,
  `MAX_TOTAL_MEMORY` bigint unsigned NOT NULL,
  `EXECUTION_ENGINE` enum('PRIMARY','SECONDARY') DEFAULT NULL"
    };
}

/// The columns of `events_transactions_current`, `_history` and `_history_long`.
macro_rules! transaction_event_columns {
    () => {
        r"  `THREAD_ID` bigint unsigned NOT NULL,
  `EVENT_ID` bigint unsigned NOT NULL,
  `END_EVENT_ID` bigint unsigned DEFAULT NULL,
  `EVENT_NAME` varchar(128) NOT NULL,
  `STATE` enum('ACTIVE','COMMITTED','ROLLED BACK') DEFAULT NULL,
  `TRX_ID` bigint unsigned DEFAULT NULL,
  `GTID` varchar(64) DEFAULT NULL,
  `XID_FORMAT_ID` int DEFAULT NULL,
  `XID_GTRID` varchar(130) DEFAULT NULL,
  `XID_BQUAL` varchar(130) DEFAULT NULL,
  `XA_STATE` varchar(64) DEFAULT NULL,
  `SOURCE` varchar(64) DEFAULT NULL,
  `TIMER_START` bigint unsigned DEFAULT NULL,
  `TIMER_END` bigint unsigned DEFAULT NULL,
  `TIMER_WAIT` bigint unsigned DEFAULT NULL,
  `ACCESS_MODE` enum('READ ONLY','READ WRITE') DEFAULT NULL,
  `ISOLATION_LEVEL` varchar(64) DEFAULT NULL,
  `AUTOCOMMIT` enum('YES','NO') NOT NULL,
  `NUMBER_OF_SAVEPOINTS` bigint unsigned DEFAULT NULL,
  `NUMBER_OF_ROLLBACK_TO_SAVEPOINT` bigint unsigned DEFAULT NULL,
  `NUMBER_OF_RELEASE_SAVEPOINT` bigint unsigned DEFAULT NULL,
  `OBJECT_INSTANCE_BEGIN` bigint unsigned DEFAULT NULL,
  `NESTING_EVENT_ID` bigint unsigned DEFAULT NULL,
  `NESTING_EVENT_TYPE` enum('TRANSACTION','STATEMENT','STAGE','WAIT') DEFAULT NULL"
    };
}

/// The columns of `events_waits_current`, `_history` and `_history_long`.
macro_rules! wait_event_columns {
    () => {
        r"  `THREAD_ID` bigint unsigned NOT NULL,
  `EVENT_ID` bigint unsigned NOT NULL,
  `END_EVENT_ID` bigint unsigned DEFAULT NULL,
  `EVENT_NAME` varchar(128) NOT NULL,
  `SOURCE` varchar(64) DEFAULT NULL,
  `TIMER_START` bigint unsigned DEFAULT NULL,
  `TIMER_END` bigint unsigned DEFAULT NULL,
  `TIMER_WAIT` bigint unsigned DEFAULT NULL,
  `SPINS` int unsigned DEFAULT NULL,
  `OBJECT_SCHEMA` varchar(64) DEFAULT NULL,
  `OBJECT_NAME` varchar(512) DEFAULT NULL,
  `INDEX_NAME` varchar(64) DEFAULT NULL,
  `OBJECT_TYPE` varchar(64) DEFAULT NULL,
  `OBJECT_INSTANCE_BEGIN` bigint unsigned NOT NULL,
  `NESTING_EVENT_ID` bigint unsigned DEFAULT NULL,
  `NESTING_EVENT_TYPE` enum('TRANSACTION','STATEMENT','STAGE','WAIT') DEFAULT NULL,
  `OPERATION` varchar(32) NOT NULL,
  `NUMBER_OF_BYTES` bigint DEFAULT NULL,
  `FLAGS` int unsigned DEFAULT NULL"
    };
}

/// The columns the statement summaries by event name share, from `EVENT_NAME` on.
macro_rules! statement_summary_columns {
    () => {
        r"  `EVENT_NAME` varchar(128) NOT NULL,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  `SUM_LOCK_TIME` bigint unsigned NOT NULL,
  `SUM_ERRORS` bigint unsigned NOT NULL,
  `SUM_WARNINGS` bigint unsigned NOT NULL,
  `SUM_ROWS_AFFECTED` bigint unsigned NOT NULL,
  `SUM_ROWS_SENT` bigint unsigned NOT NULL,
  `SUM_ROWS_EXAMINED` bigint unsigned NOT NULL,
  `SUM_CREATED_TMP_DISK_TABLES` bigint unsigned NOT NULL,
  `SUM_CREATED_TMP_TABLES` bigint unsigned NOT NULL,
  `SUM_SELECT_FULL_JOIN` bigint unsigned NOT NULL,
  `SUM_SELECT_FULL_RANGE_JOIN` bigint unsigned NOT NULL,
  `SUM_SELECT_RANGE` bigint unsigned NOT NULL,
  `SUM_SELECT_RANGE_CHECK` bigint unsigned NOT NULL,
  `SUM_SELECT_SCAN` bigint unsigned NOT NULL,
  `SUM_SORT_MERGE_PASSES` bigint unsigned NOT NULL,
  `SUM_SORT_RANGE` bigint unsigned NOT NULL,
  `SUM_SORT_ROWS` bigint unsigned NOT NULL,
  `SUM_SORT_SCAN` bigint unsigned NOT NULL,
  `SUM_NO_INDEX_USED` bigint unsigned NOT NULL,
  `SUM_NO_GOOD_INDEX_USED` bigint unsigned NOT NULL,
  `SUM_CPU_TIME` bigint unsigned NOT NULL,
  `MAX_CONTROLLED_MEMORY` bigint unsigned NOT NULL,
  `MAX_TOTAL_MEMORY` bigint unsigned NOT NULL,
  `COUNT_SECONDARY` bigint unsigned NOT NULL"
    };
}

/// (table name, its `SHOW CREATE TABLE` text), in name order.
pub const TABLES: &[(&str, &str)] = &[
    (
        "accounts",
        r"CREATE TABLE `accounts` (
  `USER` char(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  `HOST` char(255) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `CURRENT_CONNECTIONS` bigint NOT NULL,
  `TOTAL_CONNECTIONS` bigint NOT NULL,
  `MAX_SESSION_CONTROLLED_MEMORY` bigint unsigned NOT NULL,
  `MAX_SESSION_TOTAL_MEMORY` bigint unsigned NOT NULL,
  UNIQUE KEY `ACCOUNT` (`USER`,`HOST`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "events_stages_current",
        concat!(
            "CREATE TABLE `events_stages_current` (\n",
            stage_event_columns!(),
            r",
  PRIMARY KEY (`THREAD_ID`,`EVENT_ID`)
",
            engine_line!(),
        ),
    ),
    (
        "events_stages_history",
        concat!(
            "CREATE TABLE `events_stages_history` (\n",
            stage_event_columns!(),
            r",
  PRIMARY KEY (`THREAD_ID`,`EVENT_ID`)
",
            engine_line!(),
        ),
    ),
    (
        "events_stages_history_long",
        concat!(
            "CREATE TABLE `events_stages_history_long` (\n",
            stage_event_columns!(),
            "\n",
            engine_line!(),
        ),
    ),
    (
        "events_stages_summary_by_thread_by_event_name",
        r"CREATE TABLE `events_stages_summary_by_thread_by_event_name` (
  `THREAD_ID` bigint unsigned NOT NULL,
  `EVENT_NAME` varchar(128) NOT NULL,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  PRIMARY KEY (`THREAD_ID`,`EVENT_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "events_stages_summary_global_by_event_name",
        r"CREATE TABLE `events_stages_summary_global_by_event_name` (
  `EVENT_NAME` varchar(128) NOT NULL,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  PRIMARY KEY (`EVENT_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "events_statements_current",
        concat!(
            "CREATE TABLE `events_statements_current` (\n",
            statement_event_columns!(),
            r",
  PRIMARY KEY (`THREAD_ID`,`EVENT_ID`)
",
            engine_line!(),
        ),
    ),
    (
        "events_statements_histogram_by_digest",
        r"CREATE TABLE `events_statements_histogram_by_digest` (
  `SCHEMA_NAME` varchar(64) DEFAULT NULL,
  `DIGEST` varchar(64) DEFAULT NULL,
  `BUCKET_NUMBER` int unsigned NOT NULL,
  `BUCKET_TIMER_LOW` bigint unsigned NOT NULL,
  `BUCKET_TIMER_HIGH` bigint unsigned NOT NULL,
  `COUNT_BUCKET` bigint unsigned NOT NULL,
  `COUNT_BUCKET_AND_LOWER` bigint unsigned NOT NULL,
  `BUCKET_QUANTILE` double(7,6) NOT NULL,
  UNIQUE KEY `SCHEMA_NAME` (`SCHEMA_NAME`,`DIGEST`,`BUCKET_NUMBER`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "events_statements_histogram_global",
        r"CREATE TABLE `events_statements_histogram_global` (
  `BUCKET_NUMBER` int unsigned NOT NULL,
  `BUCKET_TIMER_LOW` bigint unsigned NOT NULL,
  `BUCKET_TIMER_HIGH` bigint unsigned NOT NULL,
  `COUNT_BUCKET` bigint unsigned NOT NULL,
  `COUNT_BUCKET_AND_LOWER` bigint unsigned NOT NULL,
  `BUCKET_QUANTILE` double(7,6) NOT NULL,
  PRIMARY KEY (`BUCKET_NUMBER`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "events_statements_history",
        concat!(
            "CREATE TABLE `events_statements_history` (\n",
            statement_event_columns!(),
            r",
  PRIMARY KEY (`THREAD_ID`,`EVENT_ID`)
",
            engine_line!(),
        ),
    ),
    (
        "events_statements_history_long",
        concat!(
            "CREATE TABLE `events_statements_history_long` (\n",
            statement_event_columns!(),
            "\n",
            engine_line!(),
        ),
    ),
    (
        "events_statements_summary_by_account_by_event_name",
        concat!(
            "CREATE TABLE `events_statements_summary_by_account_by_event_name` (\n",
            r"  `USER` char(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  `HOST` char(255) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
",
            statement_summary_columns!(),
            r",
  UNIQUE KEY `ACCOUNT` (`USER`,`HOST`,`EVENT_NAME`)
",
            engine_line!(),
        ),
    ),
    (
        "events_statements_summary_by_digest",
        r"CREATE TABLE `events_statements_summary_by_digest` (
  `SCHEMA_NAME` varchar(64) DEFAULT NULL,
  `DIGEST` varchar(64) DEFAULT NULL,
  `DIGEST_TEXT` longtext,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  `SUM_LOCK_TIME` bigint unsigned NOT NULL,
  `SUM_ERRORS` bigint unsigned NOT NULL,
  `SUM_WARNINGS` bigint unsigned NOT NULL,
  `SUM_ROWS_AFFECTED` bigint unsigned NOT NULL,
  `SUM_ROWS_SENT` bigint unsigned NOT NULL,
  `SUM_ROWS_EXAMINED` bigint unsigned NOT NULL,
  `SUM_CREATED_TMP_DISK_TABLES` bigint unsigned NOT NULL,
  `SUM_CREATED_TMP_TABLES` bigint unsigned NOT NULL,
  `SUM_SELECT_FULL_JOIN` bigint unsigned NOT NULL,
  `SUM_SELECT_FULL_RANGE_JOIN` bigint unsigned NOT NULL,
  `SUM_SELECT_RANGE` bigint unsigned NOT NULL,
  `SUM_SELECT_RANGE_CHECK` bigint unsigned NOT NULL,
  `SUM_SELECT_SCAN` bigint unsigned NOT NULL,
  `SUM_SORT_MERGE_PASSES` bigint unsigned NOT NULL,
  `SUM_SORT_RANGE` bigint unsigned NOT NULL,
  `SUM_SORT_ROWS` bigint unsigned NOT NULL,
  `SUM_SORT_SCAN` bigint unsigned NOT NULL,
  `SUM_NO_INDEX_USED` bigint unsigned NOT NULL,
  `SUM_NO_GOOD_INDEX_USED` bigint unsigned NOT NULL,
  `SUM_CPU_TIME` bigint unsigned NOT NULL,
  `MAX_CONTROLLED_MEMORY` bigint unsigned NOT NULL,
  `MAX_TOTAL_MEMORY` bigint unsigned NOT NULL,
  `COUNT_SECONDARY` bigint unsigned NOT NULL,
  `FIRST_SEEN` timestamp(6) NOT NULL,
  `LAST_SEEN` timestamp(6) NOT NULL,
  `QUANTILE_95` bigint unsigned NOT NULL,
  `QUANTILE_99` bigint unsigned NOT NULL,
  `QUANTILE_999` bigint unsigned NOT NULL,
  `QUERY_SAMPLE_TEXT` longtext,
  `QUERY_SAMPLE_SEEN` timestamp(6) NOT NULL,
  `QUERY_SAMPLE_TIMER_WAIT` bigint unsigned NOT NULL,
  UNIQUE KEY `SCHEMA_NAME` (`SCHEMA_NAME`,`DIGEST`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "events_statements_summary_by_host_by_event_name",
        concat!(
            "CREATE TABLE `events_statements_summary_by_host_by_event_name` (\n",
            r"  `HOST` char(255) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
",
            statement_summary_columns!(),
            r",
  UNIQUE KEY `HOST` (`HOST`,`EVENT_NAME`)
",
            engine_line!(),
        ),
    ),
    (
        "events_statements_summary_by_thread_by_event_name",
        concat!(
            "CREATE TABLE `events_statements_summary_by_thread_by_event_name` (\n",
            r"  `THREAD_ID` bigint unsigned NOT NULL,
",
            statement_summary_columns!(),
            r",
  PRIMARY KEY (`THREAD_ID`,`EVENT_NAME`)
",
            engine_line!(),
        ),
    ),
    (
        "events_statements_summary_by_user_by_event_name",
        concat!(
            "CREATE TABLE `events_statements_summary_by_user_by_event_name` (\n",
            r"  `USER` char(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
",
            statement_summary_columns!(),
            r",
  UNIQUE KEY `USER` (`USER`,`EVENT_NAME`)
",
            engine_line!(),
        ),
    ),
    (
        "events_statements_summary_global_by_event_name",
        concat!(
            "CREATE TABLE `events_statements_summary_global_by_event_name` (\n",
            statement_summary_columns!(),
            r",
  PRIMARY KEY (`EVENT_NAME`)
",
            engine_line!(),
        ),
    ),
    (
        "events_transactions_current",
        concat!(
            "CREATE TABLE `events_transactions_current` (\n",
            transaction_event_columns!(),
            r",
  PRIMARY KEY (`THREAD_ID`,`EVENT_ID`)
",
            engine_line!(),
        ),
    ),
    (
        "events_transactions_history",
        concat!(
            "CREATE TABLE `events_transactions_history` (\n",
            transaction_event_columns!(),
            r",
  PRIMARY KEY (`THREAD_ID`,`EVENT_ID`)
",
            engine_line!(),
        ),
    ),
    (
        "events_transactions_history_long",
        concat!(
            "CREATE TABLE `events_transactions_history_long` (\n",
            transaction_event_columns!(),
            "\n",
            engine_line!(),
        ),
    ),
    (
        "events_transactions_summary_global_by_event_name",
        r"CREATE TABLE `events_transactions_summary_global_by_event_name` (
  `EVENT_NAME` varchar(128) NOT NULL,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  `COUNT_READ_WRITE` bigint unsigned NOT NULL,
  `SUM_TIMER_READ_WRITE` bigint unsigned NOT NULL,
  `MIN_TIMER_READ_WRITE` bigint unsigned NOT NULL,
  `AVG_TIMER_READ_WRITE` bigint unsigned NOT NULL,
  `MAX_TIMER_READ_WRITE` bigint unsigned NOT NULL,
  `COUNT_READ_ONLY` bigint unsigned NOT NULL,
  `SUM_TIMER_READ_ONLY` bigint unsigned NOT NULL,
  `MIN_TIMER_READ_ONLY` bigint unsigned NOT NULL,
  `AVG_TIMER_READ_ONLY` bigint unsigned NOT NULL,
  `MAX_TIMER_READ_ONLY` bigint unsigned NOT NULL,
  PRIMARY KEY (`EVENT_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "events_waits_current",
        concat!(
            "CREATE TABLE `events_waits_current` (\n",
            wait_event_columns!(),
            r",
  PRIMARY KEY (`THREAD_ID`,`EVENT_ID`)
",
            engine_line!(),
        ),
    ),
    (
        "events_waits_history",
        concat!(
            "CREATE TABLE `events_waits_history` (\n",
            wait_event_columns!(),
            r",
  PRIMARY KEY (`THREAD_ID`,`EVENT_ID`)
",
            engine_line!(),
        ),
    ),
    (
        "events_waits_history_long",
        concat!(
            "CREATE TABLE `events_waits_history_long` (\n",
            wait_event_columns!(),
            "\n",
            engine_line!(),
        ),
    ),
    (
        "events_waits_summary_global_by_event_name",
        r"CREATE TABLE `events_waits_summary_global_by_event_name` (
  `EVENT_NAME` varchar(128) NOT NULL,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  PRIMARY KEY (`EVENT_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "file_summary_by_event_name",
        r"CREATE TABLE `file_summary_by_event_name` (
  `EVENT_NAME` varchar(128) NOT NULL,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  `COUNT_READ` bigint unsigned NOT NULL,
  `SUM_TIMER_READ` bigint unsigned NOT NULL,
  `MIN_TIMER_READ` bigint unsigned NOT NULL,
  `AVG_TIMER_READ` bigint unsigned NOT NULL,
  `MAX_TIMER_READ` bigint unsigned NOT NULL,
  `SUM_NUMBER_OF_BYTES_READ` bigint NOT NULL,
  `COUNT_WRITE` bigint unsigned NOT NULL,
  `SUM_TIMER_WRITE` bigint unsigned NOT NULL,
  `MIN_TIMER_WRITE` bigint unsigned NOT NULL,
  `AVG_TIMER_WRITE` bigint unsigned NOT NULL,
  `MAX_TIMER_WRITE` bigint unsigned NOT NULL,
  `SUM_NUMBER_OF_BYTES_WRITE` bigint NOT NULL,
  `COUNT_MISC` bigint unsigned NOT NULL,
  `SUM_TIMER_MISC` bigint unsigned NOT NULL,
  `MIN_TIMER_MISC` bigint unsigned NOT NULL,
  `AVG_TIMER_MISC` bigint unsigned NOT NULL,
  `MAX_TIMER_MISC` bigint unsigned NOT NULL,
  PRIMARY KEY (`EVENT_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "file_summary_by_instance",
        r"CREATE TABLE `file_summary_by_instance` (
  `FILE_NAME` varchar(512) NOT NULL,
  `EVENT_NAME` varchar(128) NOT NULL,
  `OBJECT_INSTANCE_BEGIN` bigint unsigned NOT NULL,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  `COUNT_READ` bigint unsigned NOT NULL,
  `SUM_TIMER_READ` bigint unsigned NOT NULL,
  `MIN_TIMER_READ` bigint unsigned NOT NULL,
  `AVG_TIMER_READ` bigint unsigned NOT NULL,
  `MAX_TIMER_READ` bigint unsigned NOT NULL,
  `SUM_NUMBER_OF_BYTES_READ` bigint NOT NULL,
  `COUNT_WRITE` bigint unsigned NOT NULL,
  `SUM_TIMER_WRITE` bigint unsigned NOT NULL,
  `MIN_TIMER_WRITE` bigint unsigned NOT NULL,
  `AVG_TIMER_WRITE` bigint unsigned NOT NULL,
  `MAX_TIMER_WRITE` bigint unsigned NOT NULL,
  `SUM_NUMBER_OF_BYTES_WRITE` bigint NOT NULL,
  `COUNT_MISC` bigint unsigned NOT NULL,
  `SUM_TIMER_MISC` bigint unsigned NOT NULL,
  `MIN_TIMER_MISC` bigint unsigned NOT NULL,
  `AVG_TIMER_MISC` bigint unsigned NOT NULL,
  `MAX_TIMER_MISC` bigint unsigned NOT NULL,
  PRIMARY KEY (`OBJECT_INSTANCE_BEGIN`),
  KEY `FILE_NAME` (`FILE_NAME`),
  KEY `EVENT_NAME` (`EVENT_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "global_status",
        r"CREATE TABLE `global_status` (
  `VARIABLE_NAME` varchar(64) NOT NULL,
  `VARIABLE_VALUE` varchar(1024) DEFAULT NULL,
  PRIMARY KEY (`VARIABLE_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "global_variables",
        r"CREATE TABLE `global_variables` (
  `VARIABLE_NAME` varchar(64) NOT NULL,
  `VARIABLE_VALUE` varchar(1024) DEFAULT NULL,
  PRIMARY KEY (`VARIABLE_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "hosts",
        r"CREATE TABLE `hosts` (
  `HOST` char(255) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `CURRENT_CONNECTIONS` bigint NOT NULL,
  `TOTAL_CONNECTIONS` bigint NOT NULL,
  `MAX_SESSION_CONTROLLED_MEMORY` bigint unsigned NOT NULL,
  `MAX_SESSION_TOTAL_MEMORY` bigint unsigned NOT NULL,
  UNIQUE KEY `HOST` (`HOST`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "memory_summary_global_by_event_name",
        r"CREATE TABLE `memory_summary_global_by_event_name` (
  `EVENT_NAME` varchar(128) NOT NULL,
  `COUNT_ALLOC` bigint unsigned NOT NULL,
  `COUNT_FREE` bigint unsigned NOT NULL,
  `SUM_NUMBER_OF_BYTES_ALLOC` bigint unsigned NOT NULL,
  `SUM_NUMBER_OF_BYTES_FREE` bigint unsigned NOT NULL,
  `LOW_COUNT_USED` bigint NOT NULL,
  `CURRENT_COUNT_USED` bigint NOT NULL,
  `HIGH_COUNT_USED` bigint NOT NULL,
  `LOW_NUMBER_OF_BYTES_USED` bigint NOT NULL,
  `CURRENT_NUMBER_OF_BYTES_USED` bigint NOT NULL,
  `HIGH_NUMBER_OF_BYTES_USED` bigint NOT NULL,
  PRIMARY KEY (`EVENT_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "persisted_variables",
        r"CREATE TABLE `persisted_variables` (
  `VARIABLE_NAME` varchar(64) NOT NULL,
  `VARIABLE_VALUE` varchar(1024) DEFAULT NULL,
  PRIMARY KEY (`VARIABLE_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "processlist",
        r"CREATE TABLE `processlist` (
  `ID` bigint unsigned NOT NULL,
  `USER` varchar(32) DEFAULT NULL,
  `HOST` varchar(261) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `DB` varchar(64) DEFAULT NULL,
  `COMMAND` varchar(16) DEFAULT NULL,
  `TIME` bigint DEFAULT NULL,
  `STATE` varchar(64) DEFAULT NULL,
  `INFO` longtext,
  `EXECUTION_ENGINE` enum('PRIMARY','SECONDARY') DEFAULT NULL,
  PRIMARY KEY (`ID`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "session_account_connect_attrs",
        r"CREATE TABLE `session_account_connect_attrs` (
  `PROCESSLIST_ID` bigint unsigned NOT NULL,
  `ATTR_NAME` varchar(32) COLLATE utf8mb4_bin NOT NULL,
  `ATTR_VALUE` varchar(1024) COLLATE utf8mb4_bin DEFAULT NULL,
  `ORDINAL_POSITION` int DEFAULT NULL,
  PRIMARY KEY (`PROCESSLIST_ID`,`ATTR_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin",
    ),
    (
        "session_connect_attrs",
        r"CREATE TABLE `session_connect_attrs` (
  `PROCESSLIST_ID` bigint unsigned NOT NULL,
  `ATTR_NAME` varchar(32) COLLATE utf8mb4_bin NOT NULL,
  `ATTR_VALUE` varchar(1024) COLLATE utf8mb4_bin DEFAULT NULL,
  `ORDINAL_POSITION` int DEFAULT NULL,
  PRIMARY KEY (`PROCESSLIST_ID`,`ATTR_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin",
    ),
    (
        "session_status",
        r"CREATE TABLE `session_status` (
  `VARIABLE_NAME` varchar(64) NOT NULL,
  `VARIABLE_VALUE` varchar(1024) DEFAULT NULL,
  PRIMARY KEY (`VARIABLE_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "session_variables",
        r"CREATE TABLE `session_variables` (
  `VARIABLE_NAME` varchar(64) NOT NULL,
  `VARIABLE_VALUE` varchar(1024) DEFAULT NULL,
  PRIMARY KEY (`VARIABLE_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "setup_consumers",
        r"CREATE TABLE `setup_consumers` (
  `NAME` varchar(64) NOT NULL,
  `ENABLED` enum('YES','NO') NOT NULL,
  PRIMARY KEY (`NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "setup_instruments",
        r"CREATE TABLE `setup_instruments` (
  `NAME` varchar(128) NOT NULL,
  `ENABLED` enum('YES','NO') NOT NULL,
  `TIMED` enum('YES','NO') DEFAULT NULL,
  `PROPERTIES` set('singleton','progress','user','global_statistics','mutable','controlled_by_default') NOT NULL,
  `FLAGS` set('controlled') DEFAULT NULL,
  `VOLATILITY` int NOT NULL,
  `DOCUMENTATION` longtext,
  PRIMARY KEY (`NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "table_io_waits_summary_by_index_usage",
        r"CREATE TABLE `table_io_waits_summary_by_index_usage` (
  `OBJECT_TYPE` varchar(64) DEFAULT NULL,
  `OBJECT_SCHEMA` varchar(64) DEFAULT NULL,
  `OBJECT_NAME` varchar(64) DEFAULT NULL,
  `INDEX_NAME` varchar(64) DEFAULT NULL,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  `COUNT_READ` bigint unsigned NOT NULL,
  `SUM_TIMER_READ` bigint unsigned NOT NULL,
  `MIN_TIMER_READ` bigint unsigned NOT NULL,
  `AVG_TIMER_READ` bigint unsigned NOT NULL,
  `MAX_TIMER_READ` bigint unsigned NOT NULL,
  `COUNT_WRITE` bigint unsigned NOT NULL,
  `SUM_TIMER_WRITE` bigint unsigned NOT NULL,
  `MIN_TIMER_WRITE` bigint unsigned NOT NULL,
  `AVG_TIMER_WRITE` bigint unsigned NOT NULL,
  `MAX_TIMER_WRITE` bigint unsigned NOT NULL,
  `COUNT_FETCH` bigint unsigned NOT NULL,
  `SUM_TIMER_FETCH` bigint unsigned NOT NULL,
  `MIN_TIMER_FETCH` bigint unsigned NOT NULL,
  `AVG_TIMER_FETCH` bigint unsigned NOT NULL,
  `MAX_TIMER_FETCH` bigint unsigned NOT NULL,
  `COUNT_INSERT` bigint unsigned NOT NULL,
  `SUM_TIMER_INSERT` bigint unsigned NOT NULL,
  `MIN_TIMER_INSERT` bigint unsigned NOT NULL,
  `AVG_TIMER_INSERT` bigint unsigned NOT NULL,
  `MAX_TIMER_INSERT` bigint unsigned NOT NULL,
  `COUNT_UPDATE` bigint unsigned NOT NULL,
  `SUM_TIMER_UPDATE` bigint unsigned NOT NULL,
  `MIN_TIMER_UPDATE` bigint unsigned NOT NULL,
  `AVG_TIMER_UPDATE` bigint unsigned NOT NULL,
  `MAX_TIMER_UPDATE` bigint unsigned NOT NULL,
  `COUNT_DELETE` bigint unsigned NOT NULL,
  `SUM_TIMER_DELETE` bigint unsigned NOT NULL,
  `MIN_TIMER_DELETE` bigint unsigned NOT NULL,
  `AVG_TIMER_DELETE` bigint unsigned NOT NULL,
  `MAX_TIMER_DELETE` bigint unsigned NOT NULL,
  UNIQUE KEY `OBJECT` (`OBJECT_TYPE`,`OBJECT_SCHEMA`,`OBJECT_NAME`,`INDEX_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "table_io_waits_summary_by_table",
        r"CREATE TABLE `table_io_waits_summary_by_table` (
  `OBJECT_TYPE` varchar(64) DEFAULT NULL,
  `OBJECT_SCHEMA` varchar(64) DEFAULT NULL,
  `OBJECT_NAME` varchar(64) DEFAULT NULL,
  `COUNT_STAR` bigint unsigned NOT NULL,
  `SUM_TIMER_WAIT` bigint unsigned NOT NULL,
  `MIN_TIMER_WAIT` bigint unsigned NOT NULL,
  `AVG_TIMER_WAIT` bigint unsigned NOT NULL,
  `MAX_TIMER_WAIT` bigint unsigned NOT NULL,
  `COUNT_READ` bigint unsigned NOT NULL,
  `SUM_TIMER_READ` bigint unsigned NOT NULL,
  `MIN_TIMER_READ` bigint unsigned NOT NULL,
  `AVG_TIMER_READ` bigint unsigned NOT NULL,
  `MAX_TIMER_READ` bigint unsigned NOT NULL,
  `COUNT_WRITE` bigint unsigned NOT NULL,
  `SUM_TIMER_WRITE` bigint unsigned NOT NULL,
  `MIN_TIMER_WRITE` bigint unsigned NOT NULL,
  `AVG_TIMER_WRITE` bigint unsigned NOT NULL,
  `MAX_TIMER_WRITE` bigint unsigned NOT NULL,
  `COUNT_FETCH` bigint unsigned NOT NULL,
  `SUM_TIMER_FETCH` bigint unsigned NOT NULL,
  `MIN_TIMER_FETCH` bigint unsigned NOT NULL,
  `AVG_TIMER_FETCH` bigint unsigned NOT NULL,
  `MAX_TIMER_FETCH` bigint unsigned NOT NULL,
  `COUNT_INSERT` bigint unsigned NOT NULL,
  `SUM_TIMER_INSERT` bigint unsigned NOT NULL,
  `MIN_TIMER_INSERT` bigint unsigned NOT NULL,
  `AVG_TIMER_INSERT` bigint unsigned NOT NULL,
  `MAX_TIMER_INSERT` bigint unsigned NOT NULL,
  `COUNT_UPDATE` bigint unsigned NOT NULL,
  `SUM_TIMER_UPDATE` bigint unsigned NOT NULL,
  `MIN_TIMER_UPDATE` bigint unsigned NOT NULL,
  `AVG_TIMER_UPDATE` bigint unsigned NOT NULL,
  `MAX_TIMER_UPDATE` bigint unsigned NOT NULL,
  `COUNT_DELETE` bigint unsigned NOT NULL,
  `SUM_TIMER_DELETE` bigint unsigned NOT NULL,
  `MIN_TIMER_DELETE` bigint unsigned NOT NULL,
  `AVG_TIMER_DELETE` bigint unsigned NOT NULL,
  `MAX_TIMER_DELETE` bigint unsigned NOT NULL,
  UNIQUE KEY `OBJECT` (`OBJECT_TYPE`,`OBJECT_SCHEMA`,`OBJECT_NAME`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "threads",
        r"CREATE TABLE `threads` (
  `THREAD_ID` bigint unsigned NOT NULL,
  `NAME` varchar(128) NOT NULL,
  `TYPE` varchar(10) NOT NULL,
  `PROCESSLIST_ID` bigint unsigned DEFAULT NULL,
  `PROCESSLIST_USER` varchar(32) DEFAULT NULL,
  `PROCESSLIST_HOST` varchar(255) CHARACTER SET ascii COLLATE ascii_general_ci DEFAULT NULL,
  `PROCESSLIST_DB` varchar(64) DEFAULT NULL,
  `PROCESSLIST_COMMAND` varchar(16) DEFAULT NULL,
  `PROCESSLIST_TIME` bigint DEFAULT NULL,
  `PROCESSLIST_STATE` varchar(64) DEFAULT NULL,
  `PROCESSLIST_INFO` longtext,
  `PARENT_THREAD_ID` bigint unsigned DEFAULT NULL,
  `ROLE` varchar(64) DEFAULT NULL,
  `INSTRUMENTED` enum('YES','NO') NOT NULL,
  `HISTORY` enum('YES','NO') NOT NULL,
  `CONNECTION_TYPE` varchar(16) DEFAULT NULL,
  `THREAD_OS_ID` bigint unsigned DEFAULT NULL,
  `RESOURCE_GROUP` varchar(64) DEFAULT NULL,
  `EXECUTION_ENGINE` enum('PRIMARY','SECONDARY') DEFAULT NULL,
  `CONTROLLED_MEMORY` bigint unsigned NOT NULL,
  `MAX_CONTROLLED_MEMORY` bigint unsigned NOT NULL,
  `TOTAL_MEMORY` bigint unsigned NOT NULL,
  `MAX_TOTAL_MEMORY` bigint unsigned NOT NULL,
  `TELEMETRY_ACTIVE` enum('YES','NO') NOT NULL,
  PRIMARY KEY (`THREAD_ID`),
  KEY `PROCESSLIST_ID` (`PROCESSLIST_ID`),
  KEY `THREAD_OS_ID` (`THREAD_OS_ID`),
  KEY `NAME` (`NAME`),
  KEY `PROCESSLIST_ACCOUNT` (`PROCESSLIST_USER`,`PROCESSLIST_HOST`),
  KEY `PROCESSLIST_HOST` (`PROCESSLIST_HOST`),
  KEY `RESOURCE_GROUP` (`RESOURCE_GROUP`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
    (
        "users",
        r"CREATE TABLE `users` (
  `USER` char(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
  `CURRENT_CONNECTIONS` bigint NOT NULL,
  `TOTAL_CONNECTIONS` bigint NOT NULL,
  `MAX_SESSION_CONTROLLED_MEMORY` bigint unsigned NOT NULL,
  `MAX_SESSION_TOTAL_MEMORY` bigint unsigned NOT NULL,
  UNIQUE KEY `USER` (`USER`)
) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci",
    ),
];

#[cfg(test)]
mod tests {
    use super::TABLES;

    #[test]
    fn definitions_are_named_and_in_name_order() {
        for (name, definition) in TABLES {
            assert!(definition.starts_with(&format!("CREATE TABLE `{name}` (\n")), "{name}");
            assert!(definition.contains("\n) ENGINE=PERFORMANCE_SCHEMA DEFAULT CHARSET=utf8mb4 "));
        }
        assert!(TABLES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn every_produced_performance_schema_table_has_a_definition() {
        for (db, table, _) in crate::server::statements::show::SYSTEM_TABLES.iter() {
            if *db == "performance_schema" {
                assert!(
                    TABLES.iter().any(|(name, _)| name == table),
                    "no definition for performance_schema.{table}"
                );
            }
        }
    }
}
