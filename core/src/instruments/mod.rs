//! Instruments: what a tuner reads to see inside the server. The status counters (both those
//! bumped as work happens, `Handler_*`, `Com_*`, and those published from the engines when
//! read), their registry, the tables the server produces (performance_schema's status,
//! variable, statement and table I/O tables, information_schema's TABLES, STATISTICS,
//! COLUMNS, KEY_COLUMN_USAGE, INNODB_METRICS and the buffer pool tables), the sys schema's
//! views, the InnoDB monitor (`SHOW ENGINE INNODB STATUS`), the lessons' map of a table in the pool, and
//! performance_schema's setup, wait, file, thread and memory tables.

pub mod buffer_pages;
pub mod character_sets;
pub mod connect_attrs;
pub mod connection_summaries;
pub mod definitions;
pub mod engine_status;
pub mod engines;
pub mod information_schema;
pub mod information_schema_partitions;
pub mod information_schema_routines;
pub mod innodb_metrics;
pub mod innodb_monitor;
pub mod innodb_trx;
pub mod memory;
pub mod mysqld_memory;
pub mod name_index;
pub mod plugins;
pub mod pool_map;
pub mod processlist;
pub mod query_logs;
pub mod setup;
pub mod setup_and_waits;
pub mod stages;
pub mod statements;
pub mod status;
pub mod status_registry;
pub mod sys;
pub mod system_tables;
pub mod table_io;
pub mod table_status;
pub mod threads;
pub mod transactions;
pub mod user_statistics;
pub mod waits;

/// A produced table's column: (name, numeric, nullable).
pub type ColumnSpec = (&'static str, bool, bool);
