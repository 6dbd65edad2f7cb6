//! Every system variable the simulated MySQL 9.7 server knows: name, scope, type and range,
//! default, and whether SET may change it at runtime. The facts come from the MySQL 9.x / 8.4
//! reference manual's server-system-variables, innodb-parameters, replication and
//! performance-schema system variable pages (8.4 LTS defaults unless 9.x changed them), and
//! from `shared/MYSQL_SPEC.md` where it speaks. A name missing here is unknown (error 1193).

use crate::server::variables::definition::Scope::{Both, Global, Session};
use crate::server::variables::definition::{
    Default, Scope, StartupFacts, SysVarDef, VarType, VarValue,
};

/// The server version every version-like variable reports.
const VERSION: &str = crate::SERVER_VERSION;

/// Variables only Percona Server has: a MySQL server does not know them (error 1193, and an
/// unknown startup option aborts it).
pub const PERCONA_ONLY: [&str; 2] = ["thread_statistics", "userstat"];

/// `SET` may change it at runtime (the manual's "Dynamic: Yes").
const RW: bool = true;
/// Startup option or read only (the manual's "Dynamic: No"); SET fails with error 1238.
const RO: bool = false;

const MIB: u64 = 1024 * 1024;
const GIB: u64 = 1024 * MIB;
const U32_MAX: u64 = u32::MAX as u64;
const U64_MAX: u64 = u64::MAX;
/// The largest 64-bit value that is a multiple of 1024 (the manual's limit for 1 KiB blocks).
const MAX_1K: u64 = u64::MAX - 1023;
/// The largest 64-bit value that is a multiple of 4096 (the manual's limit for 4 KiB blocks).
const MAX_4K: u64 = u64::MAX - 4095;
/// One year in seconds, the upper bound of most timeouts.
const YEAR_SECONDS: u64 = 31_536_000;

/// SQL modes in the order of the server's `sql_mode_names` (the unused bit placeholders left
/// out).
const SQL_MODES: &[&str] = &[
    "REAL_AS_FLOAT",
    "PIPES_AS_CONCAT",
    "ANSI_QUOTES",
    "IGNORE_SPACE",
    "ONLY_FULL_GROUP_BY",
    "NO_UNSIGNED_SUBTRACTION",
    "NO_DIR_IN_CREATE",
    "ANSI",
    "NO_AUTO_VALUE_ON_ZERO",
    "NO_BACKSLASH_ESCAPES",
    "STRICT_TRANS_TABLES",
    "STRICT_ALL_TABLES",
    "NO_ZERO_IN_DATE",
    "NO_ZERO_DATE",
    "ALLOW_INVALID_DATES",
    "ERROR_FOR_DIVISION_BY_ZERO",
    "TRADITIONAL",
    "HIGH_NOT_PRECEDENCE",
    "NO_ENGINE_SUBSTITUTION",
    "PAD_CHAR_TO_FULL_LENGTH",
    "TIME_TRUNCATE_FRACTIONAL",
];

const SQL_MODE_DEFAULT: &str = "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,\
NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION";

/// `SELECT @@optimizer_switch` on a fresh 8.4 / 9.x server.
const OPTIMIZER_SWITCH_DEFAULT: &str = "index_merge=on,index_merge_union=on,\
index_merge_sort_union=on,index_merge_intersection=on,engine_condition_pushdown=on,\
index_condition_pushdown=on,mrr=on,mrr_cost_based=on,block_nested_loop=on,\
batched_key_access=off,materialization=on,semijoin=on,loosescan=on,firstmatch=on,\
duplicateweedout=on,subquery_materialization_cost_based=on,use_index_extensions=on,\
condition_fanout_filter=on,derived_merge=on,use_invisible_indexes=off,skip_scan=on,\
hash_join=on,subquery_to_derived=off,prefer_ordering_index=on,hypergraph_optimizer=off,\
derived_condition_pushdown=on,hash_set_operations=on";

const OPTIMIZER_TRACE_FEATURES_DEFAULT: &str =
    "greedy_search=on,range_optimizer=on,dynamic_range=on,repeated_subselect=on";

const SESSION_TRACK_SYSTEM_VARIABLES_DEFAULT: &str = "time_zone,autocommit,\
character_set_client,character_set_results,character_set_connection";

const CHANGE_BUFFERING: &[&str] = &["none", "inserts", "deletes", "changes", "purges", "all"];
const CHECKSUM_ALGORITHMS: &[&str] =
    &["crc32", "strict_crc32", "innodb", "strict_innodb", "none", "strict_none"];
const DOUBLEWRITE_MODES: &[&str] = &["ON", "OFF", "DETECT_AND_RECOVER", "DETECT_ONLY"];
const FLUSH_METHODS: &[&str] =
    &["fsync", "O_DSYNC", "littlesync", "nosync", "O_DIRECT", "O_DIRECT_NO_FSYNC"];
const ISOLATION_LEVELS: &[&str] =
    &["READ-UNCOMMITTED", "READ-COMMITTED", "REPEATABLE-READ", "SERIALIZABLE"];
const MYISAM_STATS_METHODS: &[&str] = &["nulls_unequal", "nulls_equal", "nulls_ignored"];
const REPLICA_TYPE_CONVERSIONS: &[&str] =
    &["ALL_LOSSY", "ALL_NON_LOSSY", "ALL_SIGNED", "ALL_UNSIGNED"];
const STATS_METHODS: &[&str] = &["nulls_equal", "nulls_unequal", "nulls_ignored"];
const THREAD_HANDLING: &[&str] = &["no-threads", "one-thread-per-connection", "loaded-dynamically"];

/// All system variables, sorted by name (byte order), one entry each.
pub static SYSTEM_VARIABLES: &[SysVarDef] = &[
    flag("activate_all_roles_on_login", Global, false, RW),
    text("admin_address", Global, "", RO),
    num("admin_port", Global, 0, 65535, 1, 33062, RO),
    text("authentication_policy", Global, "*,,", RW),
    flag("auto_generate_certs", Global, true, RO),
    num("auto_increment_increment", Both, 1, 65535, 1, 1, RW),
    num("auto_increment_offset", Both, 1, 65535, 1, 1, RW),
    flag("autocommit", Both, true, RW),
    flag("automatic_sp_privileges", Global, true, RW),
    auto("back_log", Global, 1, 65535, 1, back_log_default, RO),
    text("basedir", Global, "/usr/", RO),
    flag("big_tables", Both, false, RW),
    text("bind_address", Global, "*", RO),
    num("binlog_cache_size", Global, 4096, MAX_4K, 4096, 32768, RW),
    pick("binlog_checksum", Global, &["NONE", "CRC32"], "CRC32", RW),
    flag("binlog_direct_non_transactional_updates", Both, false, RW),
    flag("binlog_encryption", Global, false, RW),
    pick("binlog_error_action", Global, &["IGNORE_ERROR", "ABORT_SERVER"], "ABORT_SERVER", RW),
    flag("binlog_expire_logs_auto_purge", Global, true, RW),
    num("binlog_expire_logs_seconds", Global, 0, U32_MAX, 1, 2592000, RW),
    pick("binlog_format", Both, &["MIXED", "STATEMENT", "ROW"], "ROW", RW),
    num("binlog_group_commit_sync_delay", Global, 0, 1000000, 1, 0, RW),
    num("binlog_group_commit_sync_no_delay_count", Global, 0, 100000, 1, 0, RW),
    flag("binlog_gtid_simple_recovery", Global, true, RO),
    flag("binlog_order_commits", Global, true, RW),
    num("binlog_row_event_max_size", Global, 256, 4294967040, 256, 8192, RO),
    pick("binlog_row_image", Both, &["FULL", "MINIMAL", "NOBLOB"], "FULL", RW),
    pick("binlog_row_metadata", Global, &["FULL", "MINIMAL"], "MINIMAL", RW),
    set("binlog_row_value_options", Both, &["PARTIAL_JSON"], "", RW),
    flag("binlog_rows_query_log_events", Both, false, RW),
    num("binlog_stmt_cache_size", Global, 4096, MAX_4K, 4096, 32768, RW),
    flag("binlog_transaction_compression", Both, false, RW),
    num("binlog_transaction_compression_level_zstd", Both, 1, 22, 1, 3, RW),
    num("binlog_transaction_dependency_history_size", Global, 1, 1000000, 1, 1000000, RW),
    text("block_encryption_mode", Both, "aes-128-ecb", RW),
    num("bulk_insert_buffer_size", Both, 0, U64_MAX, 1, 8388608, RW),
    flag("caching_sha2_password_auto_generate_rsa_keys", Global, true, RO),
    num("caching_sha2_password_digest_rounds", Global, 5000, 4095000, 1, 5000, RO),
    text("character_set_client", Both, "utf8mb4", RW),
    text("character_set_connection", Both, "utf8mb4", RW),
    text("character_set_database", Both, "utf8mb4", RW),
    text("character_set_filesystem", Both, "binary", RW),
    text("character_set_results", Both, "utf8mb4", RW),
    text("character_set_server", Both, "utf8mb4", RW),
    text("character_set_system", Global, "utf8mb3", RO),
    text("character_sets_dir", Global, "/usr/share/mysql/charsets/", RO),
    flag("check_proxy_users", Global, false, RW),
    text("collation_connection", Both, "utf8mb4_0900_ai_ci", RW),
    text("collation_database", Both, "utf8mb4_0900_ai_ci", RW),
    text("collation_server", Both, "utf8mb4_0900_ai_ci", RW),
    pick("completion_type", Both, &["NO_CHAIN", "CHAIN", "RELEASE"], "NO_CHAIN", RW),
    pick("concurrent_insert", Global, &["NEVER", "AUTO", "ALWAYS"], "AUTO", RW),
    num("connect_timeout", Global, 2, YEAR_SECONDS, 1, 10, RW),
    num("connection_memory_chunk_size", Both, 0, 536870912, 1, 8192, RW),
    num("connection_memory_limit", Both, 2097152, U64_MAX, 1, U64_MAX, RW),
    // UNCONFIRMED: name and default follow the chapter ("the 9.7 variable container_aware is OFF
    // (the default)"); the 9.3+ manual's container-detection page does not name the switch.
    flag("container_aware", Global, false, RO),
    flag("core_file", Global, false, RO),
    flag("create_admin_listener_thread", Global, false, RO),
    num("cte_max_recursion_depth", Both, 0, U32_MAX, 1, 1000, RW),
    text("datadir", Global, "/var/lib/mysql/", RO),
    text("default_collation_for_utf8mb4", Both, "utf8mb4_0900_ai_ci", RW),
    num("default_password_lifetime", Global, 0, 65535, 1, 0, RW),
    text("default_storage_engine", Both, "InnoDB", RW),
    flag("default_table_encryption", Both, false, RW),
    text("default_tmp_storage_engine", Both, "InnoDB", RW),
    num("default_week_format", Both, 0, 7, 1, 0, RW),
    pick("delay_key_write", Global, &["OFF", "ON", "ALL"], "ON", RW),
    text("disabled_storage_engines", Global, "", RO),
    flag("disconnect_on_expired_password", Global, true, RO),
    num("div_precision_increment", Both, 0, 30, 1, 4, RW),
    flag("end_markers_in_json", Both, false, RW),
    pick("enforce_gtid_consistency", Global, &["OFF", "ON", "WARN"], "OFF", RW),
    num("eq_range_index_dive_limit", Both, 0, U32_MAX, 1, 200, RW),
    num("error_count", Session, 0, U64_MAX, 1, 0, RO),
    pick("event_scheduler", Global, &["ON", "OFF", "DISABLED"], "ON", RW),
    pick("explain_format", Both, &["TRADITIONAL", "JSON", "TREE"], "TRADITIONAL", RW),
    num("explain_json_format_version", Both, 1, 2, 1, 1, RW),
    flag("explicit_defaults_for_timestamp", Both, true, RW),
    null("external_user", Session, RO),
    flag("flush", Global, false, RW),
    num("flush_time", Global, 0, YEAR_SECONDS, 1, 0, RW),
    flag("foreign_key_checks", Both, true, RW),
    text("ft_boolean_syntax", Global, "+ -><()~*:\"\"&|", RW),
    num("ft_max_word_len", Global, 10, 84, 1, 84, RO),
    num("ft_min_word_len", Global, 1, 82, 1, 4, RO),
    num("ft_query_expansion_limit", Global, 0, 1000, 1, 20, RO),
    text("ft_stopword_file", Global, "(built-in)", RO),
    flag("general_log", Global, false, RW),
    auto_text("general_log_file", Global, general_log_file_default, RW),
    num("generated_random_password_length", Both, 5, 255, 1, 20, RW),
    num("global_connection_memory_limit", Global, 16777216, U64_MAX, 1, U64_MAX, RW),
    flag("global_connection_memory_tracking", Both, false, RW),
    num("group_concat_max_len", Both, 4, U64_MAX, 1, 1024, RW),
    text("gtid_executed", Global, "", RO),
    num("gtid_executed_compression_period", Global, 0, U32_MAX, 1, 0, RW),
    pick("gtid_mode", Global, &["OFF", "OFF_PERMISSIVE", "ON_PERMISSIVE", "ON"], "OFF", RW),
    text("gtid_next", Session, "AUTOMATIC", RW),
    text("gtid_owned", Both, "", RO),
    text("gtid_purged", Global, "", RW),
    text("have_compress", Global, "YES", RO),
    text("have_dynamic_loading", Global, "YES", RO),
    text("have_geometry", Global, "YES", RO),
    text("have_profiling", Global, "YES", RO),
    text("have_query_cache", Global, "NO", RO),
    text("have_rtree_keys", Global, "YES", RO),
    text("have_statement_timeout", Global, "YES", RO),
    text("have_symlink", Global, "DISABLED", RO),
    num("histogram_generation_max_mem_size", Both, 1000000, U64_MAX, 1, 20000000, RW),
    auto("host_cache_size", Global, 0, 65536, 1, host_cache_size_default, RW),
    // UNCONFIRMED: a container's hostname is its short id; the simulator uses a fixed name.
    text("hostname", Global, "tunelab", RO),
    num("identity", Session, 0, U64_MAX, 1, 0, RW),
    num("information_schema_stats_expiry", Both, 0, YEAR_SECONDS, 1, 86400, RW),
    text("init_connect", Global, "", RW),
    null("init_file", Global, RO),
    text("init_replica", Global, "", RW),
    flag("innodb_adaptive_flushing", Global, true, RW),
    num("innodb_adaptive_flushing_lwm", Global, 0, 70, 1, 10, RW),
    flag("innodb_adaptive_hash_index", Global, false, RW),
    num("innodb_adaptive_hash_index_parts", Global, 1, 512, 1, 8, RO),
    num("innodb_adaptive_max_sleep_delay", Global, 0, 1000000, 1, 150000, RW),
    num("innodb_autoextend_increment", Global, 1, 1000, 1, 64, RW),
    num("innodb_autoinc_lock_mode", Global, 0, 2, 1, 2, RO),
    num("innodb_buffer_pool_chunk_size", Global, MIB, U64_MAX, MIB, 128 * MIB, RO),
    flag("innodb_buffer_pool_dump_at_shutdown", Global, true, RW),
    flag("innodb_buffer_pool_dump_now", Global, false, RW),
    num("innodb_buffer_pool_dump_pct", Global, 1, 100, 1, 25, RW),
    text("innodb_buffer_pool_filename", Global, "ib_buffer_pool", RW),
    flag("innodb_buffer_pool_in_core_file", Global, false, RW),
    auto("innodb_buffer_pool_instances", Global, 1, 64, 1, buffer_pool_instances_default, RO),
    flag("innodb_buffer_pool_load_abort", Global, false, RW),
    flag("innodb_buffer_pool_load_at_startup", Global, true, RO),
    flag("innodb_buffer_pool_load_now", Global, false, RW),
    auto("innodb_buffer_pool_size", Global, 5 * MIB, U64_MAX, 1, buffer_pool_size_default, RW),
    num("innodb_change_buffer_max_size", Global, 0, 50, 1, 25, RW),
    pick("innodb_change_buffering", Global, CHANGE_BUFFERING, "none", RW),
    pick("innodb_checksum_algorithm", Global, CHECKSUM_ALGORITHMS, "crc32", RW),
    flag("innodb_cmp_per_index_enabled", Global, false, RW),
    num("innodb_commit_concurrency", Global, 0, 1000, 1, 0, RW),
    num("innodb_compression_failure_threshold_pct", Global, 0, 100, 1, 5, RW),
    num("innodb_compression_level", Global, 0, 9, 1, 6, RW),
    num("innodb_compression_pad_pct_max", Global, 0, 75, 1, 50, RW),
    num("innodb_concurrency_tickets", Global, 1, U32_MAX, 1, 5000, RW),
    text("innodb_data_file_path", Global, "ibdata1:12M:autoextend", RO),
    text("innodb_data_home_dir", Global, "", RO),
    num("innodb_ddl_buffer_size", Session, 65536, U32_MAX, 1, MIB, RW),
    num("innodb_ddl_threads", Session, 1, 64, 1, 4, RW),
    flag("innodb_deadlock_detect", Global, true, RW),
    flag("innodb_dedicated_server", Global, false, RO),
    pick("innodb_default_row_format", Global, &["redundant", "compact", "dynamic"], "dynamic", RW),
    null("innodb_directories", Global, RO),
    flag("innodb_disable_sort_file_cache", Global, false, RW),
    pick("innodb_doublewrite", Global, DOUBLEWRITE_MODES, "ON", RW),
    null("innodb_doublewrite_dir", Global, RO),
    num("innodb_doublewrite_files", Global, 2, 256, 1, 2, RO),
    num("innodb_doublewrite_pages", Global, 0, 512, 1, 128, RO),
    flag("innodb_extend_and_initialize", Global, true, RW),
    num("innodb_fast_shutdown", Global, 0, 2, 1, 1, RW),
    flag("innodb_file_per_table", Global, true, RW),
    num("innodb_fill_factor", Global, 10, 100, 1, 100, RW),
    num("innodb_flush_log_at_timeout", Global, 1, 2700, 1, 1, RW),
    num("innodb_flush_log_at_trx_commit", Global, 0, 2, 1, 1, RW),
    pick("innodb_flush_method", Global, FLUSH_METHODS, "O_DIRECT", RO),
    num("innodb_flush_neighbors", Global, 0, 2, 1, 0, RW),
    flag("innodb_flush_sync", Global, true, RW),
    num("innodb_flushing_avg_loops", Global, 1, 1000, 1, 30, RW),
    flag("innodb_force_load_corrupted", Global, false, RO),
    num("innodb_force_recovery", Global, 0, 6, 1, 0, RO),
    num("innodb_fsync_threshold", Global, 0, U64_MAX, 1, 0, RW),
    null("innodb_ft_aux_table", Global, RW),
    num("innodb_ft_cache_size", Global, 1600000, 80000000, 1, 8000000, RO),
    flag("innodb_ft_enable_diag_print", Global, false, RW),
    flag("innodb_ft_enable_stopword", Both, true, RW),
    num("innodb_ft_max_token_size", Global, 10, 84, 1, 84, RO),
    num("innodb_ft_min_token_size", Global, 0, 16, 1, 3, RO),
    num("innodb_ft_num_word_optimize", Global, 1000, 10000, 1, 2000, RW),
    num("innodb_ft_result_cache_limit", Global, 1000000, U32_MAX, 1, 2000000000, RW),
    null("innodb_ft_server_stopword_table", Global, RW),
    num("innodb_ft_sort_pll_degree", Global, 1, 16, 1, 2, RO),
    num("innodb_ft_total_cache_size", Global, 32000000, 1600000000, 1, 640000000, RO),
    null("innodb_ft_user_stopword_table", Both, RW),
    num("innodb_idle_flush_pct", Global, 0, 100, 1, 100, RW),
    num("innodb_io_capacity", Global, 100, U64_MAX, 1, 10000, RW),
    auto("innodb_io_capacity_max", Global, 100, U64_MAX, 1, io_capacity_max_default, RW),
    num("innodb_lock_wait_timeout", Both, 1, 1073741824, 1, 50, RW),
    num("innodb_log_buffer_size", Global, 262144, U32_MAX, 1, 64 * MIB, RW),
    flag("innodb_log_checksums", Global, true, RW),
    flag("innodb_log_compressed_pages", Global, true, RW),
    text("innodb_log_group_home_dir", Global, "./", RO),
    num("innodb_log_spin_cpu_abs_lwm", Global, 0, U32_MAX, 1, 80, RW),
    num("innodb_log_spin_cpu_pct_hwm", Global, 0, 100, 1, 50, RW),
    num("innodb_log_wait_for_flush_spin_hwm", Global, 0, U64_MAX, 1, 400, RW),
    num("innodb_log_write_ahead_size", Global, 512, 16384, 1, 8192, RW),
    auto_flag("innodb_log_writer_threads", Global, log_writer_threads_default, RW),
    num("innodb_lru_scan_depth", Global, 100, U64_MAX, 1, 1024, RW),
    real("innodb_max_dirty_pages_pct", Global, 0.0, 99.999, 90.0, RW),
    real("innodb_max_dirty_pages_pct_lwm", Global, 0.0, 99.999, 10.0, RW),
    num("innodb_max_purge_lag", Global, 0, U32_MAX, 1, 0, RW),
    num("innodb_max_purge_lag_delay", Global, 0, 10000000, 1, 0, RW),
    num("innodb_max_undo_log_size", Global, 10 * MIB, U64_MAX, 1, GIB, RW),
    text("innodb_monitor_disable", Global, "", RW),
    text("innodb_monitor_enable", Global, "", RW),
    text("innodb_monitor_reset", Global, "", RW),
    text("innodb_monitor_reset_all", Global, "", RW),
    flag("innodb_numa_interleave", Global, true, RO),
    num("innodb_old_blocks_pct", Global, 5, 95, 1, 37, RW),
    num("innodb_old_blocks_time", Global, 0, U32_MAX, 1, 1000, RW),
    num("innodb_online_alter_log_max_size", Global, 65536, U64_MAX, 1, 128 * MIB, RW),
    auto("innodb_open_files", Global, 10, 2147483647, 1, innodb_open_files_default, RW),
    flag("innodb_optimize_fulltext_only", Global, false, RW),
    auto("innodb_page_cleaners", Global, 1, 64, 1, page_cleaners_default, RO),
    num("innodb_page_size", Global, 4096, 65536, 1, 16384, RO),
    auto("innodb_parallel_read_threads", Session, 1, 256, 1, parallel_read_threads_default, RW),
    flag("innodb_print_all_deadlocks", Global, false, RW),
    flag("innodb_print_ddl_logs", Global, false, RW),
    num("innodb_purge_batch_size", Global, 1, 5000, 1, 300, RW),
    num("innodb_purge_rseg_truncate_frequency", Global, 1, 128, 1, 128, RW),
    auto("innodb_purge_threads", Global, 1, 32, 1, purge_threads_default, RO),
    flag("innodb_random_read_ahead", Global, false, RW),
    num("innodb_read_ahead_threshold", Global, 0, 64, 1, 56, RW),
    auto("innodb_read_io_threads", Global, 1, 64, 1, read_io_threads_default, RO),
    flag("innodb_read_only", Global, false, RO),
    null("innodb_redo_log_archive_dirs", Global, RW),
    auto("innodb_redo_log_capacity", Global, 8 * MIB, 128 * GIB, MIB, redo_capacity_default, RW),
    flag("innodb_redo_log_encrypt", Global, false, RW),
    num("innodb_replication_delay", Global, 0, U32_MAX, 1, 0, RW),
    flag("innodb_rollback_on_timeout", Global, false, RO),
    num("innodb_rollback_segments", Global, 1, 128, 1, 128, RW),
    real("innodb_segment_reserve_factor", Global, 0.03, 40.0, 12.5, RW),
    num("innodb_sort_buffer_size", Global, 65536, 67108864, 1, MIB, RO),
    num("innodb_spin_wait_delay", Global, 0, 1000, 1, 6, RW),
    num("innodb_spin_wait_pause_multiplier", Global, 0, 100, 1, 50, RW),
    flag("innodb_stats_auto_recalc", Global, true, RW),
    flag("innodb_stats_include_delete_marked", Global, false, RW),
    pick("innodb_stats_method", Global, STATS_METHODS, "nulls_equal", RW),
    flag("innodb_stats_on_metadata", Global, false, RW),
    flag("innodb_stats_persistent", Global, true, RW),
    num("innodb_stats_persistent_sample_pages", Global, 1, U64_MAX, 1, 20, RW),
    num("innodb_stats_transient_sample_pages", Global, 1, U64_MAX, 1, 8, RW),
    flag("innodb_status_output", Global, false, RW),
    flag("innodb_status_output_locks", Global, false, RW),
    flag("innodb_strict_mode", Both, true, RW),
    num("innodb_sync_array_size", Global, 1, 1024, 1, 1, RO),
    num("innodb_sync_spin_loops", Global, 0, U32_MAX, 1, 30, RW),
    flag("innodb_table_locks", Both, true, RW),
    text("innodb_temp_data_file_path", Global, "ibtmp1:12M:autoextend", RO),
    text("innodb_temp_tablespaces_dir", Global, "./#innodb_temp/", RO),
    num("innodb_thread_concurrency", Global, 0, 1000, 1, 0, RW),
    num("innodb_thread_sleep_delay", Global, 0, 1000000, 1, 10000, RW),
    null("innodb_tmpdir", Both, RW),
    text("innodb_undo_directory", Global, "./", RO),
    flag("innodb_undo_log_encrypt", Global, false, RW),
    flag("innodb_undo_log_truncate", Global, true, RW),
    flag("innodb_use_fdatasync", Global, true, RW),
    flag("innodb_use_native_aio", Global, true, RO),
    flag("innodb_validate_tablespace_paths", Global, true, RO),
    text("innodb_version", Global, VERSION, RO),
    num("innodb_write_io_threads", Global, 1, 64, 1, 4, RO),
    num("insert_id", Session, 0, U64_MAX, 1, 0, RW),
    num("interactive_timeout", Both, 1, YEAR_SECONDS, 1, 28800, RW),
    pick("internal_tmp_mem_storage_engine", Both, &["MEMORY", "TempTable"], "TempTable", RW),
    num("join_buffer_size", Both, 128, 18446744073709551488, 128, 262144, RW),
    flag("keep_files_on_create", Both, false, RW),
    num("key_buffer_size", Global, 0, MAX_4K, 4096, 8 * MIB, RW),
    num("key_cache_age_threshold", Global, 100, U64_MAX, 100, 300, RW),
    num("key_cache_block_size", Global, 512, 16384, 512, 1024, RW),
    num("key_cache_division_limit", Global, 1, 100, 1, 100, RW),
    num("large_page_size", Global, 0, 65535, 1, 0, RO),
    flag("large_pages", Global, false, RO),
    num("last_insert_id", Session, 0, U64_MAX, 1, 0, RW),
    text("lc_messages", Both, "en_US", RW),
    text("lc_messages_dir", Global, "/usr/share/mysql/", RO),
    text("lc_time_names", Both, "en_US", RW),
    text("license", Global, "GPL", RO),
    flag("local_infile", Global, false, RW),
    num("lock_wait_timeout", Both, 1, YEAR_SECONDS, 1, YEAR_SECONDS, RW),
    flag("locked_in_memory", Global, false, RO),
    flag("log_bin", Global, true, RO),
    text("log_bin_basename", Global, "/var/lib/mysql/binlog", RO),
    text("log_bin_index", Global, "/var/lib/mysql/binlog.index", RO),
    flag("log_bin_trust_function_creators", Global, false, RW),
    text("log_error", Global, "stderr", RO),
    text("log_error_services", Global, "log_filter_internal; log_sink_internal", RW),
    text("log_error_suppression_list", Global, "", RW),
    num("log_error_verbosity", Global, 1, 3, 1, 2, RW),
    set("log_output", Global, &["TABLE", "FILE", "NONE"], "FILE", RW),
    flag("log_queries_not_using_indexes", Global, false, RW),
    flag("log_raw", Global, false, RW),
    flag("log_replica_updates", Global, true, RO),
    flag("log_slow_admin_statements", Global, false, RW),
    flag("log_slow_extra", Global, false, RW),
    flag("log_slow_replica_statements", Global, false, RW),
    flag("log_statements_unsafe_for_binlog", Global, true, RW),
    num("log_throttle_queries_not_using_indexes", Global, 0, U32_MAX, 1, 0, RW),
    pick("log_timestamps", Global, &["UTC", "SYSTEM"], "UTC", RW),
    real("long_query_time", Both, 0.0, 31536000.0, 10.0, RW),
    flag("low_priority_updates", Both, false, RW),
    flag("lower_case_file_system", Global, false, RO),
    num("lower_case_table_names", Global, 0, 2, 1, 0, RO),
    text("mandatory_roles", Global, "", RW),
    num("max_allowed_packet", Both, 1024, GIB, 1024, 64 * MIB, RW),
    num("max_binlog_cache_size", Global, 4096, MAX_4K, 4096, MAX_4K, RW),
    num("max_binlog_size", Global, 4096, GIB, 4096, GIB, RW),
    num("max_binlog_stmt_cache_size", Global, 4096, MAX_4K, 4096, MAX_4K, RW),
    num("max_connect_errors", Global, 1, U64_MAX, 1, 100, RW),
    num("max_connections", Global, 1, 100000, 1, 151, RW),
    num("max_digest_length", Global, 0, 1048576, 1, 1024, RO),
    num("max_error_count", Both, 0, 65535, 1, 1024, RW),
    num("max_execution_time", Both, 0, U32_MAX, 1, 0, RW),
    num("max_heap_table_size", Both, 16384, MAX_1K, 1024, 16 * MIB, RW),
    num("max_join_size", Both, 1, U64_MAX, 1, U64_MAX, RW),
    num("max_length_for_sort_data", Both, 4, 8388608, 1, 4096, RW),
    num("max_points_in_geometry", Both, 3, 1048576, 1, 65536, RW),
    num("max_prepared_stmt_count", Global, 0, 4194304, 1, 16382, RW),
    num("max_relay_log_size", Global, 0, GIB, 4096, 0, RW),
    num("max_seeks_for_key", Both, 1, U64_MAX, 1, U64_MAX, RW),
    num("max_sort_length", Both, 4, 8388608, 1, 1024, RW),
    num("max_sp_recursion_depth", Both, 0, 255, 1, 0, RW),
    num("max_user_connections", Both, 0, U32_MAX, 1, 0, RW),
    num("max_write_lock_count", Global, 1, U64_MAX, 1, U64_MAX, RW),
    num("min_examined_row_limit", Both, 0, U64_MAX, 1, 0, RW),
    num("myisam_max_sort_file_size", Global, 0, 9223372036853727232, 1, 9223372036853727232, RW),
    text("myisam_recover_options", Global, "OFF", RO),
    num("myisam_sort_buffer_size", Both, 4096, U64_MAX, 1, 8 * MIB, RW),
    pick("myisam_stats_method", Both, MYISAM_STATS_METHODS, "nulls_unequal", RW),
    flag("myisam_use_mmap", Global, false, RW),
    text("mysqlx_bind_address", Global, "*", RO),
    num("mysqlx_connect_timeout", Global, 1, 1000000000, 1, 30, RW),
    num("mysqlx_idle_worker_thread_timeout", Global, 0, 3600, 1, 60, RW),
    num("mysqlx_max_allowed_packet", Global, 512, GIB, 1, 64 * MIB, RW),
    num("mysqlx_max_connections", Global, 1, 65535, 1, 100, RW),
    num("mysqlx_min_worker_threads", Global, 1, 100, 1, 2, RW),
    num("mysqlx_port", Global, 1, 65535, 1, 33060, RO),
    num("mysqlx_port_open_timeout", Global, 0, 120, 1, 0, RO),
    text("mysqlx_socket", Global, "/var/run/mysqld/mysqlx.sock", RO),
    num("net_buffer_length", Both, 1024, 1048576, 1024, 16384, RW),
    num("net_read_timeout", Both, 1, YEAR_SECONDS, 1, 30, RW),
    num("net_retry_count", Both, 1, U64_MAX, 1, 10, RW),
    num("net_write_timeout", Both, 1, YEAR_SECONDS, 1, 60, RW),
    num("ngram_token_size", Global, 1, 10, 1, 2, RO),
    flag("offline_mode", Global, false, RW),
    flag("old_alter_table", Both, false, RW),
    // UNCONFIRMED: mysqld also takes the OS file-descriptor limit when larger (a container's
    // ulimit is often 1048576); this is the manual's formula without the OS term.
    auto("open_files_limit", Global, 0, 1048576, 1, open_files_limit_default, RO),
    num("optimizer_prune_level", Both, 0, 1, 1, 1, RW),
    num("optimizer_search_depth", Both, 0, 62, 1, 62, RW),
    text("optimizer_switch", Both, OPTIMIZER_SWITCH_DEFAULT, RW),
    text("optimizer_trace", Both, "enabled=off,one_line=off", RW),
    text("optimizer_trace_features", Both, OPTIMIZER_TRACE_FEATURES_DEFAULT, RW),
    num("optimizer_trace_limit", Both, 0, 2147483647, 1, 1, RW),
    num("optimizer_trace_max_mem_size", Both, 0, U32_MAX, 1, MIB, RW),
    int("optimizer_trace_offset", Both, -2147483647, 2147483647, -1, RW),
    num("parser_max_mem_size", Both, 10000000, U64_MAX, 1, U64_MAX, RW),
    flag("partial_revokes", Global, false, RW),
    num("password_history", Global, 0, U32_MAX, 1, 0, RW),
    flag("password_require_current", Global, false, RW),
    num("password_reuse_interval", Global, 0, U32_MAX, 1, 0, RW),
    flag("performance_schema", Global, true, RO),
    int("performance_schema_accounts_size", Global, -1, 1048576, -1, RO),
    int("performance_schema_digests_size", Global, -1, 1048576, 10000, RO),
    int("performance_schema_events_stages_history_long_size", Global, -1, 1048576, 10000, RO),
    int("performance_schema_events_stages_history_size", Global, -1, 1024, 10, RO),
    int("performance_schema_events_statements_history_long_size", Global, -1, 1048576, 10000, RO),
    int("performance_schema_events_statements_history_size", Global, -1, 1024, 10, RO),
    int("performance_schema_events_transactions_history_long_size", Global, -1, 1048576, 10000, RO),
    int("performance_schema_events_transactions_history_size", Global, -1, 1024, 10, RO),
    int("performance_schema_events_waits_history_long_size", Global, -1, 1048576, 10000, RO),
    int("performance_schema_events_waits_history_size", Global, -1, 1024, 10, RO),
    int("performance_schema_hosts_size", Global, -1, 1048576, -1, RO),
    num("performance_schema_max_cond_classes", Global, 0, 1024, 1, 150, RO),
    int("performance_schema_max_cond_instances", Global, -1, 1048576, -1, RO),
    num("performance_schema_max_digest_length", Global, 0, 1048576, 1, 1024, RO),
    num("performance_schema_max_digest_sample_age", Global, 0, 1048576, 1, 60, RW),
    num("performance_schema_max_file_classes", Global, 0, 1024, 1, 80, RO),
    int("performance_schema_max_file_handles", Global, -1, 1048576, 32768, RO),
    int("performance_schema_max_file_instances", Global, -1, 1048576, -1, RO),
    int("performance_schema_max_index_stat", Global, -1, 1048576, -1, RO),
    num("performance_schema_max_memory_classes", Global, 0, 1024, 1, 450, RO),
    int("performance_schema_max_metadata_locks", Global, -1, 10485760, -1, RO),
    num("performance_schema_max_mutex_classes", Global, 0, 1024, 1, 350, RO),
    int("performance_schema_max_mutex_instances", Global, -1, 104857600, -1, RO),
    int("performance_schema_max_prepared_statements_instances", Global, -1, 4194304, -1, RO),
    int("performance_schema_max_program_instances", Global, -1, 1048576, -1, RO),
    num("performance_schema_max_rwlock_classes", Global, 0, 1024, 1, 100, RO),
    int("performance_schema_max_rwlock_instances", Global, -1, 104857600, -1, RO),
    num("performance_schema_max_socket_classes", Global, 0, 1024, 1, 10, RO),
    int("performance_schema_max_socket_instances", Global, -1, 1048576, -1, RO),
    num("performance_schema_max_sql_text_length", Global, 0, 1048576, 1, 1024, RO),
    num("performance_schema_max_stage_classes", Global, 0, 1024, 1, 175, RO),
    // 219 on an 8.0.3x server (a third-party dump of variables_info); UNCONFIRMED for 9.7,
    // whose count of SQL commands may differ by a few.
    num("performance_schema_max_statement_classes", Global, 0, 256, 1, 219, RO),
    num("performance_schema_max_statement_stack", Global, 1, 256, 1, 10, RO),
    int("performance_schema_max_table_handles", Global, -1, 1048576, -1, RO),
    int("performance_schema_max_table_instances", Global, -1, 1048576, -1, RO),
    int("performance_schema_max_table_lock_stat", Global, -1, 1048576, -1, RO),
    num("performance_schema_max_thread_classes", Global, 0, 1024, 1, 100, RO),
    int("performance_schema_max_thread_instances", Global, -1, 1048576, -1, RO),
    int("performance_schema_session_connect_attrs_size", Global, -1, 1048576, 512, RO),
    int("performance_schema_setup_actors_size", Global, -1, 1048576, -1, RO),
    int("performance_schema_setup_objects_size", Global, -1, 1048576, -1, RO),
    flag("performance_schema_show_processlist", Global, false, RW),
    int("performance_schema_users_size", Global, -1, 1048576, -1, RO),
    flag("persisted_globals_load", Global, true, RO),
    text("pid_file", Global, "/var/run/mysqld/mysqld.pid", RO),
    text("plugin_dir", Global, "/usr/lib/mysql/plugin/", RO),
    num("port", Global, 0, 65535, 1, 3306, RO),
    num("preload_buffer_size", Both, 1024, GIB, 1, 32768, RW),
    flag("print_identified_with_as_hex", Both, false, RW),
    flag("profiling", Both, false, RW),
    num("profiling_history_size", Both, 0, 100, 1, 15, RW),
    text("protocol_compression_algorithms", Global, "zlib,zstd,uncompressed", RW),
    num("protocol_version", Global, 0, U32_MAX, 1, 10, RO),
    null("proxy_user", Session, RO),
    flag("pseudo_replica_mode", Session, false, RW),
    num("pseudo_thread_id", Session, 0, 2147483647, 1, 0, RW),
    num("query_alloc_block_size", Both, 1024, U32_MAX, 1024, 8192, RW),
    num("query_prealloc_size", Both, 8192, MAX_1K, 1024, 8192, RW),
    num("range_alloc_block_size", Both, 4096, MAX_1K, 1024, 4096, RW),
    num("range_optimizer_max_mem_size", Both, 0, U64_MAX, 1, 8 * MIB, RW),
    pick("rbr_exec_mode", Session, &["STRICT", "IDEMPOTENT"], "STRICT", RW),
    num("read_buffer_size", Both, 8192, 2147479552, 4096, 131072, RW),
    flag("read_only", Global, false, RW),
    num("read_rnd_buffer_size", Both, 1, 2147483647, 1, 262144, RW),
    num("regexp_stack_limit", Global, 0, 2147483647, 1, 8000000, RW),
    num("regexp_time_limit", Global, 0, 2147483647, 1, 32, RW),
    flag("relay_log_purge", Global, true, RW),
    flag("relay_log_recovery", Global, false, RO),
    num("relay_log_space_limit", Global, 0, U64_MAX, 1, 0, RO),
    num("replica_checkpoint_group", Global, 32, 524280, 8, 512, RW),
    num("replica_checkpoint_period", Global, 1, U32_MAX, 1, 300, RW),
    flag("replica_compressed_protocol", Global, false, RW),
    pick("replica_exec_mode", Global, &["IDEMPOTENT", "STRICT"], "STRICT", RW),
    text("replica_load_tmpdir", Global, "/tmp", RO),
    num("replica_max_allowed_packet", Global, 1024, GIB, 1024, GIB, RW),
    num("replica_net_timeout", Global, 1, YEAR_SECONDS, 1, 60, RW),
    num("replica_parallel_workers", Global, 0, 1024, 1, 4, RW),
    flag("replica_preserve_commit_order", Global, true, RW),
    text("replica_skip_errors", Global, "OFF", RO),
    flag("replica_sql_verify_checksum", Global, true, RW),
    num("replica_transaction_retries", Global, 0, U64_MAX, 1, 10, RW),
    set("replica_type_conversions", Global, REPLICA_TYPE_CONVERSIONS, "", RW),
    flag("require_secure_transport", Global, false, RW),
    flag("restrict_fk_on_non_standard_key", Both, true, RW),
    pick("resultset_metadata", Session, &["FULL", "NONE"], "FULL", RW),
    num("rpl_read_size", Global, 8192, 4294959104, 4096, 8192, RW),
    num("rpl_stop_replica_timeout", Global, 2, YEAR_SECONDS, 1, YEAR_SECONDS, RW),
    num("schema_definition_cache", Global, 256, 524288, 1, 256, RW),
    text("secure_file_priv", Global, "/var/lib/mysql-files/", RO),
    num("select_into_buffer_size", Both, 8192, 2147479552, 4096, 131072, RW),
    flag("select_into_disk_sync", Both, false, RW),
    num("server_id", Global, 0, U32_MAX, 1, 1, RW),
    num("server_id_bits", Global, 0, 32, 1, 32, RO),
    // UNCONFIRMED: mysqld generates server_uuid once per data directory; a fixed value keeps the
    // simulation deterministic.
    text("server_uuid", Global, "3e11fa47-71ca-11e1-9e33-c80aa9429562", RO),
    pick("session_track_gtids", Both, &["OFF", "OWN_GTID", "ALL_GTIDS"], "OFF", RW),
    flag("session_track_schema", Both, true, RW),
    flag("session_track_state_change", Both, false, RW),
    text("session_track_system_variables", Both, SESSION_TRACK_SYSTEM_VARIABLES_DEFAULT, RW),
    pick("session_track_transaction_info", Both, &["OFF", "STATE", "CHARACTERISTICS"], "OFF", RW),
    num("set_operations_buffer_size", Both, 16384, U64_MAX, 1, 262144, RW),
    flag("show_create_table_verbosity", Both, false, RW),
    flag("show_gipk_in_create_table_and_information_schema", Both, true, RW),
    flag("skip_external_locking", Global, true, RO),
    flag("skip_name_resolve", Global, false, RO),
    flag("skip_networking", Global, false, RO),
    flag("skip_replica_start", Global, false, RO),
    flag("skip_show_database", Global, false, RO),
    num("slow_launch_time", Global, 0, YEAR_SECONDS, 1, 2, RW),
    flag("slow_query_log", Global, false, RW),
    auto_text("slow_query_log_file", Global, slow_query_log_file_default, RW),
    text("socket", Global, "/var/run/mysqld/mysqld.sock", RO),
    num("sort_buffer_size", Both, 32768, U64_MAX, 1, 262144, RW),
    flag("source_verify_checksum", Global, false, RW),
    flag("sql_auto_is_null", Both, false, RW),
    flag("sql_big_selects", Both, true, RW),
    flag("sql_buffer_result", Both, false, RW),
    flag("sql_generate_invisible_primary_key", Both, false, RW),
    flag("sql_log_bin", Session, true, RW),
    flag("sql_log_off", Both, false, RW),
    set("sql_mode", Both, SQL_MODES, SQL_MODE_DEFAULT, RW),
    flag("sql_notes", Both, true, RW),
    flag("sql_quote_show_create", Both, true, RW),
    flag("sql_require_primary_key", Both, false, RW),
    flag("sql_safe_updates", Both, false, RW),
    num("sql_select_limit", Both, 0, U64_MAX, 1, U64_MAX, RW),
    flag("sql_warnings", Both, false, RW),
    text("ssl_ca", Global, "ca.pem", RW),
    null("ssl_capath", Global, RW),
    text("ssl_cert", Global, "server-cert.pem", RW),
    null("ssl_cipher", Global, RW),
    null("ssl_crl", Global, RW),
    null("ssl_crlpath", Global, RW),
    text("ssl_key", Global, "server-key.pem", RW),
    flag("ssl_session_cache_mode", Global, true, RW),
    num("ssl_session_cache_timeout", Global, 0, 86400, 1, 300, RW),
    num("stored_program_cache", Global, 16, 524288, 1, 256, RW),
    num("stored_program_definition_cache", Global, 256, 524288, 1, 256, RW),
    flag("super_read_only", Global, false, RW),
    num("sync_binlog", Global, 0, U32_MAX, 1, 1, RW),
    num("sync_relay_log", Global, 0, U32_MAX, 1, 10000, RW),
    num("sync_source_info", Global, 0, U32_MAX, 1, 10000, RW),
    text("system_time_zone", Global, "UTC", RO),
    auto("table_definition_cache", Global, 400, 524288, 1, table_definition_cache_default, RW),
    flag("table_encryption_privilege_check", Global, false, RW),
    num("table_open_cache", Global, 1, 524288, 1, 4000, RW),
    num("table_open_cache_instances", Global, 1, 64, 1, 16, RO),
    num("tablespace_definition_cache", Global, 256, 524288, 1, 256, RW),
    num("temptable_max_mmap", Global, 0, U64_MAX, 1, 0, RW),
    auto("temptable_max_ram", Global, 2 * MIB, U64_MAX, 1, temptable_max_ram_default, RW),
    flag("temptable_use_mmap", Global, false, RW),
    auto("thread_cache_size", Global, 0, 16384, 1, thread_cache_size_default, RW),
    pick("thread_handling", Global, THREAD_HANDLING, "one-thread-per-connection", RO),
    num("thread_stack", Global, 131072, MAX_1K, 1024, MIB, RO),
    // Percona Server only (PERCONA_ONLY): THREAD_STATISTICS, with userstat.
    flag("thread_statistics", Global, false, RW),
    text("time_zone", Both, "SYSTEM", RW),
    // 0 stands for "not set": the session reads the simulated clock.
    real("timestamp", Session, 0.0, 32536771199.999999, 0.0, RW),
    null("tls_ciphersuites", Global, RW),
    text("tls_version", Global, "TLSv1.2,TLSv1.3", RW),
    num("tmp_table_size", Both, 1024, U64_MAX, 1, 16 * MIB, RW),
    text("tmpdir", Global, "/tmp", RO),
    num("transaction_alloc_block_size", Both, 1024, 131072, 1024, 8192, RW),
    pick("transaction_isolation", Both, ISOLATION_LEVELS, "REPEATABLE-READ", RW),
    num("transaction_prealloc_size", Both, 1024, 131072, 1024, 4096, RW),
    flag("transaction_read_only", Both, false, RW),
    flag("unique_checks", Both, true, RW),
    pick("updatable_views_with_limit", Both, &["NO", "YES"], "YES", RW),
    // Percona Server only (PERCONA_ONLY): the USER_STATISTICS tables.
    flag("userstat", Global, false, RW),
    text("version", Global, VERSION, RO),
    text("version_comment", Global, "MySQL Community Server - GPL", RO),
    text("version_compile_machine", Global, "x86_64", RO),
    text("version_compile_os", Global, "Linux", RO),
    text("version_compile_zlib", Global, "1.3.1", RO),
    num("wait_timeout", Both, 1, YEAR_SECONDS, 1, 28800, RW),
    num("warning_count", Session, 0, U64_MAX, 1, 0, RO),
    flag("windowing_use_high_precision", Both, true, RW),
    flag("xa_detach_on_prepare", Both, true, RW),
];

// ---------------------------------------------------------------------------------------------
// Entry builders: short constructors so each entry fits on one line.

/// Any type and default.
const fn var(
    name: &'static str,
    scope: Scope,
    ty: VarType,
    default: Default,
    dynamic: bool,
) -> SysVarDef {
    SysVarDef { name, scope, ty, default, dynamic }
}

/// ON/OFF.
const fn flag(name: &'static str, scope: Scope, default: bool, dynamic: bool) -> SysVarDef {
    var(name, scope, VarType::Bool, Default::Bool(default), dynamic)
}

/// ON/OFF computed at startup.
const fn auto_flag(
    name: &'static str,
    scope: Scope,
    derive: fn(&dyn StartupFacts) -> VarValue,
    dynamic: bool,
) -> SysVarDef {
    var(name, scope, VarType::Bool, Default::Derived(derive), dynamic)
}

/// An unsigned number in `min..=max`, a multiple of `block`.
const fn num(
    name: &'static str,
    scope: Scope,
    min: u64,
    max: u64,
    block: u64,
    default: u64,
    dynamic: bool,
) -> SysVarDef {
    var(name, scope, VarType::UInt { min, max, block }, Default::UInt(default), dynamic)
}

/// An unsigned number computed at startup (autosized).
const fn auto(
    name: &'static str,
    scope: Scope,
    min: u64,
    max: u64,
    block: u64,
    derive: fn(&dyn StartupFacts) -> VarValue,
    dynamic: bool,
) -> SysVarDef {
    var(name, scope, VarType::UInt { min, max, block }, Default::Derived(derive), dynamic)
}

/// A signed number in `min..=max` (`-1` usually means "autoscaled").
const fn int(
    name: &'static str,
    scope: Scope,
    min: i64,
    max: i64,
    default: i64,
    dynamic: bool,
) -> SysVarDef {
    var(name, scope, VarType::Int { min, max }, Default::Int(default), dynamic)
}

/// A number with a fraction.
const fn real(
    name: &'static str,
    scope: Scope,
    min: f64,
    max: f64,
    default: f64,
    dynamic: bool,
) -> SysVarDef {
    var(name, scope, VarType::Float { min, max }, Default::Float(default), dynamic)
}

/// One word of a list.
const fn pick(
    name: &'static str,
    scope: Scope,
    values: &'static [&'static str],
    default: &'static str,
    dynamic: bool,
) -> SysVarDef {
    var(name, scope, VarType::Enum(values), Default::Str(default), dynamic)
}

/// A comma-separated subset of a list.
const fn set(
    name: &'static str,
    scope: Scope,
    values: &'static [&'static str],
    default: &'static str,
    dynamic: bool,
) -> SysVarDef {
    var(name, scope, VarType::Set(values), Default::Str(default), dynamic)
}

/// Free text.
const fn text(name: &'static str, scope: Scope, default: &'static str, dynamic: bool) -> SysVarDef {
    var(name, scope, VarType::Str, Default::Str(default), dynamic)
}

/// Free text computed at startup.
const fn auto_text(
    name: &'static str,
    scope: Scope,
    derive: fn(&dyn StartupFacts) -> VarValue,
    dynamic: bool,
) -> SysVarDef {
    var(name, scope, VarType::Str, Default::Derived(derive), dynamic)
}

/// Free text that is NULL by default.
const fn null(name: &'static str, scope: Scope, dynamic: bool) -> SysVarDef {
    var(name, scope, VarType::Str, Default::Null, dynamic)
}

// ---------------------------------------------------------------------------------------------
// Derived defaults. Each reads only other variables (never the one it computes).

/// Another variable's startup value as an unsigned number: ON = 1, OFF = 0, negative = 0.
fn uint(facts: &dyn StartupFacts, name: &str) -> u64 {
    match facts.value(name) {
        VarValue::UInt(v) => v,
        VarValue::Int(v) => u64::try_from(v).unwrap_or(0),
        VarValue::Bool(v) => u64::from(v),
        VarValue::Float(v) if v > 0.0 => v as u64,
        VarValue::Text(s) if s.eq_ignore_ascii_case("ON") => 1,
        VarValue::Text(s) => s.trim().parse().unwrap_or(0),
        VarValue::Float(_) | VarValue::Null => 0,
    }
}

/// Another variable's startup value as text (numbers printed, NULL as empty).
fn text_of(facts: &dyn StartupFacts, name: &str) -> String {
    match facts.value(name) {
        VarValue::Text(s) => s,
        VarValue::UInt(v) => v.to_string(),
        VarValue::Int(v) => v.to_string(),
        VarValue::Float(v) => v.to_string(),
        VarValue::Bool(v) => if v { "ON" } else { "OFF" }.to_string(),
        VarValue::Null => String::new(),
    }
}

/// `back_log`: autosized to `max_connections` (server-system-variables, back_log).
fn back_log_default(facts: &dyn StartupFacts) -> VarValue {
    VarValue::UInt(uint(facts, "max_connections").clamp(1, 65535))
}

/// `host_cache_size`: 128, plus 1 per connection of `max_connections` up to 500, plus 1 per 20
/// connections above 500, at most 2000 (server-system-variables, host_cache_size): 279 with 151.
fn host_cache_size_default(facts: &dyn StartupFacts) -> VarValue {
    let connections = uint(facts, "max_connections");
    let above_500 = connections.saturating_sub(500) / 20;
    VarValue::UInt((128 + connections.min(500) + above_500).min(2000))
}

/// `thread_cache_size`: `8 + max_connections / 100`, at most 100 (server-system-variables,
/// thread_cache_size; MYSQL_SPEC 3): 9 with the default 151 connections.
fn thread_cache_size_default(facts: &dyn StartupFacts) -> VarValue {
    VarValue::UInt((8 + uint(facts, "max_connections") / 100).min(100))
}

/// `table_definition_cache`: `400 + table_open_cache / 2`, at most 2000
/// (server-system-variables, table_definition_cache): 2000 with the default 4000.
fn table_definition_cache_default(facts: &dyn StartupFacts) -> VarValue {
    VarValue::UInt((400 + uint(facts, "table_open_cache") / 2).min(2000))
}

/// `open_files_limit`: the largest of `10 + max_connections + 2 * table_open_cache`,
/// `5 * max_connections` and 5000 (server-system-variables, open_files_limit): 8161 with the
/// defaults. The real server also takes the OS descriptor limit when that is larger.
fn open_files_limit_default(facts: &dyn StartupFacts) -> VarValue {
    let connections = uint(facts, "max_connections");
    let tables = uint(facts, "table_open_cache");
    let wanted = (10 + connections + 2 * tables).max(5 * connections).max(5000);
    VarValue::UInt(wanted.min(1_048_576))
}

/// `innodb_open_files`: autosized to `table_open_cache`, at least 300; 300 when
/// `innodb_file_per_table` is OFF (innodb-parameters, innodb_open_files).
fn innodb_open_files_default(facts: &dyn StartupFacts) -> VarValue {
    if uint(facts, "innodb_file_per_table") == 0 {
        return VarValue::UInt(300);
    }
    VarValue::UInt(uint(facts, "table_open_cache").max(300))
}

/// `innodb_buffer_pool_size`: 128 MiB, unless `innodb_dedicated_server` is ON; then from the
/// detected memory: below 1 GiB 128 MiB, up to 4 GiB half of it, above that three quarters
/// (innodb-dedicated-server; MYSQL_SPEC 1.8). The result is rounded down to a multiple of
/// `innodb_buffer_pool_chunk_size` here. The engine then applies MySQL's rule that the pool is a
/// multiple of chunk size x instances, rounding up: on the chapter's 62 GiB host, 3/4 = 47,616 MiB
/// with 9 instances (36 CPUs) becomes 42 x 1,152 MiB = 48,384 MiB, the chapter's figure.
fn buffer_pool_size_default(facts: &dyn StartupFacts) -> VarValue {
    const DEFAULT: u64 = 128 * MIB;
    if uint(facts, "innodb_dedicated_server") == 0 {
        return VarValue::UInt(DEFAULT);
    }
    let memory = facts.detected_memory_bytes();
    let size = if memory < GIB {
        DEFAULT
    } else if memory <= 4 * GIB {
        memory / 2
    } else {
        (u128::from(memory) * 3 / 4) as u64
    };
    let chunk = match uint(facts, "innodb_buffer_pool_chunk_size") {
        0 => DEFAULT,
        chunk => chunk,
    };
    VarValue::UInt((size / chunk * chunk).max(chunk))
}

/// `innodb_buffer_pool_instances`: 1 for a pool of at most 1 GiB, otherwise the smaller of half
/// the number of chunks and a quarter of the logical CPUs, within 1..=64 (mysql-nutshell 8.4
/// table 1.1; MYSQL_SPEC 1.6).
fn buffer_pool_instances_default(facts: &dyn StartupFacts) -> VarValue {
    let pool = uint(facts, "innodb_buffer_pool_size");
    if pool <= GIB {
        return VarValue::UInt(1);
    }
    let chunk = uint(facts, "innodb_buffer_pool_chunk_size").max(MIB);
    let pool_hint = pool / chunk / 2;
    let cpu_hint = facts.logical_cpus() / 4;
    VarValue::UInt(pool_hint.min(cpu_hint).clamp(1, 64))
}

/// `innodb_page_cleaners`: equal to `innodb_buffer_pool_instances` (mysql-nutshell 8.4).
fn page_cleaners_default(facts: &dyn StartupFacts) -> VarValue {
    VarValue::UInt(uint(facts, "innodb_buffer_pool_instances").clamp(1, 64))
}

/// `innodb_redo_log_capacity`: 100 MiB, unless `innodb_dedicated_server` is ON; then
/// `(logical CPUs / 2)` GiB, at most 16 GiB (innodb-dedicated-server, 8.4 and later).
// UNCONFIRMED: the manual gives no floor; with one CPU we use 1 GiB rather than 0.
fn redo_capacity_default(facts: &dyn StartupFacts) -> VarValue {
    if uint(facts, "innodb_dedicated_server") == 0 {
        return VarValue::UInt(100 * MIB);
    }
    let gib = (facts.logical_cpus() / 2).clamp(1, 16);
    VarValue::UInt(gib * GIB)
}

/// `innodb_io_capacity_max`: twice `innodb_io_capacity` (mysql-nutshell 8.4): 20000.
fn io_capacity_max_default(facts: &dyn StartupFacts) -> VarValue {
    VarValue::UInt(uint(facts, "innodb_io_capacity").saturating_mul(2))
}

/// `innodb_read_io_threads`: logical CPUs / 2, at least 4 (innodb-parameters; MYSQL_SPEC 1.10).
fn read_io_threads_default(facts: &dyn StartupFacts) -> VarValue {
    VarValue::UInt((facts.logical_cpus() / 2).clamp(4, 64))
}

/// `innodb_parallel_read_threads`: logical CPUs / 8, at least 4 (innodb-parameters;
/// MYSQL_SPEC 1.10).
fn parallel_read_threads_default(facts: &dyn StartupFacts) -> VarValue {
    VarValue::UInt((facts.logical_cpus() / 8).clamp(4, 256))
}

/// `innodb_purge_threads`: 1 with at most 16 logical CPUs, else 4 (mysql-nutshell 8.4).
fn purge_threads_default(facts: &dyn StartupFacts) -> VarValue {
    VarValue::UInt(if facts.logical_cpus() <= 16 { 1 } else { 4 })
}

/// `innodb_log_writer_threads` (9.5 and later, mysql-nutshell 9.5): with the binary log on, ON
/// from 32 logical CPUs; with it off, ON from 5 CPUs.
fn log_writer_threads_default(facts: &dyn StartupFacts) -> VarValue {
    let cpus = facts.logical_cpus();
    let binlog = uint(facts, "log_bin") != 0;
    VarValue::Bool(if binlog { cpus >= 32 } else { cpus > 4 })
}

/// `temptable_max_ram`: 3 % of the detected memory, within 1 GiB..=4 GiB (mysql-nutshell 8.4;
/// container memory from 9.3; MYSQL_SPEC 4.1).
fn temptable_max_ram_default(facts: &dyn StartupFacts) -> VarValue {
    let share = (u128::from(facts.detected_memory_bytes()) * 3 / 100) as u64;
    VarValue::UInt(share.clamp(GIB, 4 * GIB))
}

/// `general_log_file`: `<datadir><hostname>.log` (server-system-variables, general_log_file).
fn general_log_file_default(facts: &dyn StartupFacts) -> VarValue {
    let file = format!("{}{}.log", text_of(facts, "datadir"), text_of(facts, "hostname"));
    VarValue::Text(file)
}

/// `slow_query_log_file`: `<datadir><hostname>-slow.log` (server-system-variables,
/// slow_query_log_file; MYSQL_SPEC 8.1).
fn slow_query_log_file_default(facts: &dyn StartupFacts) -> VarValue {
    let file = format!("{}{}-slow.log", text_of(facts, "datadir"), text_of(facts, "hostname"));
    VarValue::Text(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(name: &str) -> &'static SysVarDef {
        let index = SYSTEM_VARIABLES.binary_search_by(|v| v.name.cmp(name));
        &SYSTEM_VARIABLES[index.unwrap_or_else(|_| panic!("{name} is not registered"))]
    }

    /// A host with fixed memory and CPUs; variables not overridden take their registry default
    /// (derived ones computed recursively, which would overflow the stack on a cycle).
    struct FakeHost {
        memory: u64,
        cpus: u64,
        overrides: Vec<(&'static str, VarValue)>,
    }

    impl FakeHost {
        fn new(memory: u64, cpus: u64) -> FakeHost {
            FakeHost { memory, cpus, overrides: Vec::new() }
        }

        fn with(mut self, name: &'static str, value: VarValue) -> FakeHost {
            self.overrides.push((name, value));
            self
        }

        fn default_of(&self, name: &str) -> VarValue {
            match find(name).default {
                Default::Bool(v) => VarValue::Bool(v),
                Default::Int(v) => VarValue::Int(v),
                Default::UInt(v) => VarValue::UInt(v),
                Default::Float(v) => VarValue::Float(v),
                Default::Str(v) => VarValue::Text(v.to_string()),
                Default::Null => VarValue::Null,
                Default::Derived(derive) => derive(self),
            }
        }
    }

    impl StartupFacts for FakeHost {
        fn detected_memory_bytes(&self) -> u64 {
            self.memory
        }
        fn logical_cpus(&self) -> u64 {
            self.cpus
        }
        fn value(&self, name: &str) -> VarValue {
            match self.overrides.iter().find(|(n, _)| *n == name) {
                Some((_, value)) => value.clone(),
                None => self.default_of(name),
            }
        }
    }

    /// The chapter's host: 62 GiB, 36 CPUs, with `--innodb-dedicated-server`.
    fn chapter_host_dedicated() -> FakeHost {
        FakeHost::new(62 * GIB, 36).with("innodb_dedicated_server", VarValue::Bool(true))
    }

    #[test]
    fn names_are_sorted_unique_and_lower_case() {
        for pair in SYSTEM_VARIABLES.windows(2) {
            assert!(pair[0].name < pair[1].name, "{} before {}", pair[0].name, pair[1].name);
        }
        for var in SYSTEM_VARIABLES {
            let ok =
                var.name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
            assert!(ok, "{} is not a lower-case identifier", var.name);
        }
        assert!(SYSTEM_VARIABLES.len() >= 300, "only {} variables", SYSTEM_VARIABLES.len());
    }

    #[test]
    fn removed_variables_are_unknown() {
        let removed = [
            "query_cache_size",
            "query_cache_type",
            "query_cache_limit",
            "innodb_log_file_size",
            "innodb_log_files_in_group",
            "have_ssl",
            "have_openssl",
            "default_authentication_plugin",
            "expire_logs_days",
            "innodb_large_prefix",
            "tx_isolation",
        ];
        for name in removed {
            let found = SYSTEM_VARIABLES.binary_search_by(|v| v.name.cmp(name));
            assert!(found.is_err(), "{name} must not exist in 9.7");
        }
    }

    #[test]
    fn plain_defaults_match_the_manual() {
        let uint = |name| match find(name).default {
            Default::UInt(v) => v,
            other => panic!("{name}: {other:?}"),
        };
        let text = |name| match find(name).default {
            Default::Str(v) => v,
            other => panic!("{name}: {other:?}"),
        };
        assert_eq!(uint("max_connections"), 151);
        assert_eq!(uint("sort_buffer_size"), 262_144);
        assert_eq!(uint("tmp_table_size"), 16_777_216);
        assert_eq!(uint("max_heap_table_size"), 16_777_216);
        assert_eq!(uint("max_allowed_packet"), 67_108_864);
        assert_eq!(uint("div_precision_increment"), 4);
        assert_eq!(uint("port"), 3306);
        assert_eq!(uint("innodb_buffer_pool_dump_pct"), 25);
        assert_eq!(uint("innodb_old_blocks_time"), 1000);
        assert_eq!(uint("innodb_io_capacity"), 10_000);
        assert_eq!(text("have_query_cache"), "NO");
        assert_eq!(text("version"), "9.7.2");
        assert_eq!(text("binlog_format"), "ROW");
        assert_eq!(text("innodb_flush_method"), "O_DIRECT");
        assert_eq!(text("transaction_isolation"), "REPEATABLE-READ");
        assert_eq!(text("log_output"), "FILE");
        assert_eq!(text("sql_mode"), SQL_MODE_DEFAULT);
        assert!(matches!(find("long_query_time").default, Default::Float(v) if v == 10.0));
        assert!(matches!(find("long_query_time").ty, VarType::Float { .. }));
        assert!(matches!(find("timestamp").ty, VarType::Float { .. }));
        assert_eq!(find("timestamp").scope, Scope::Session);
        assert_eq!(find("max_connections").scope, Scope::Global);
        assert_eq!(find("sort_buffer_size").scope, Scope::Both);
        assert!(!find("have_query_cache").dynamic);
        assert!(!find("performance_schema").dynamic);
        assert!(find("innodb_buffer_pool_size").dynamic);
        assert!(find("innodb_redo_log_capacity").dynamic);
    }

    #[test]
    fn container_aware_is_a_startup_only_switch_that_defaults_off() {
        let var = find("container_aware");
        assert_eq!(var.scope, Scope::Global);
        assert_eq!(var.ty, VarType::Bool);
        assert!(matches!(var.default, Default::Bool(false)));
        assert!(!var.dynamic);
    }

    #[test]
    fn defaults_on_an_ordinary_server() {
        let host = FakeHost::new(6 * GIB, 4);
        assert_eq!(host.value("innodb_buffer_pool_size"), VarValue::UInt(128 * MIB));
        assert_eq!(host.value("innodb_redo_log_capacity"), VarValue::UInt(104_857_600));
        assert_eq!(host.value("innodb_buffer_pool_instances"), VarValue::UInt(1));
        assert_eq!(host.value("innodb_page_cleaners"), VarValue::UInt(1));
        assert_eq!(host.value("thread_cache_size"), VarValue::UInt(9));
        assert_eq!(host.value("back_log"), VarValue::UInt(151));
        assert_eq!(host.value("host_cache_size"), VarValue::UInt(279));
        assert_eq!(host.value("table_definition_cache"), VarValue::UInt(2000));
        assert_eq!(host.value("open_files_limit"), VarValue::UInt(8161));
        assert_eq!(host.value("innodb_open_files"), VarValue::UInt(4000));
        assert_eq!(host.value("innodb_io_capacity_max"), VarValue::UInt(20_000));
        assert_eq!(host.value("innodb_read_io_threads"), VarValue::UInt(4));
        assert_eq!(host.value("innodb_parallel_read_threads"), VarValue::UInt(4));
        assert_eq!(host.value("innodb_purge_threads"), VarValue::UInt(1));
        assert_eq!(host.value("innodb_log_writer_threads"), VarValue::Bool(false));
        assert_eq!(host.value("temptable_max_ram"), VarValue::UInt(GIB));
        let slow_log = VarValue::Text("/var/lib/mysql/tunelab-slow.log".to_string());
        assert_eq!(host.value("slow_query_log_file"), slow_log);
    }

    #[test]
    fn thread_cache_follows_max_connections() {
        let host = FakeHost::new(GIB, 4).with("max_connections", VarValue::UInt(1000));
        assert_eq!(host.value("thread_cache_size"), VarValue::UInt(18));
        let host = FakeHost::new(GIB, 4).with("max_connections", VarValue::UInt(100_000));
        assert_eq!(host.value("thread_cache_size"), VarValue::UInt(100));
    }

    #[test]
    fn dedicated_server_on_the_chapters_host() {
        let host = chapter_host_dedicated();
        // 62 GiB x 3/4 = 47,616 MiB, already a multiple of the 128 MiB chunk.
        assert_eq!(host.value("innodb_buffer_pool_size"), VarValue::UInt(47_616 * MIB));
        // min((47,616 / 128) / 2, 36 / 4) = min(186, 9) = 9.
        assert_eq!(host.value("innodb_buffer_pool_instances"), VarValue::UInt(9));
        assert_eq!(host.value("innodb_page_cleaners"), VarValue::UInt(9));
        // 36 / 2 = 18 GiB, capped at 16 GiB.
        assert_eq!(host.value("innodb_redo_log_capacity"), VarValue::UInt(16 * GIB));
        assert_eq!(host.value("innodb_read_io_threads"), VarValue::UInt(18));
        assert_eq!(host.value("innodb_parallel_read_threads"), VarValue::UInt(4));
        assert_eq!(host.value("innodb_purge_threads"), VarValue::UInt(4));
        assert_eq!(host.value("innodb_log_writer_threads"), VarValue::Bool(true));
    }

    #[test]
    fn dedicated_server_with_four_cpus_and_a_container_limit() {
        let host = FakeHost::new(6 * GIB, 4).with("innodb_dedicated_server", VarValue::Bool(true));
        assert_eq!(host.value("innodb_buffer_pool_size"), VarValue::UInt(4608 * MIB));
        assert_eq!(host.value("innodb_buffer_pool_instances"), VarValue::UInt(1));
        assert_eq!(host.value("innodb_redo_log_capacity"), VarValue::UInt(2 * GIB));
        let small =
            FakeHost::new(512 * MIB, 1).with("innodb_dedicated_server", VarValue::Bool(true));
        assert_eq!(small.value("innodb_buffer_pool_size"), VarValue::UInt(128 * MIB));
        let mid = FakeHost::new(3 * GIB, 2).with("innodb_dedicated_server", VarValue::Bool(true));
        assert_eq!(mid.value("innodb_buffer_pool_size"), VarValue::UInt(1536 * MIB));
    }

    #[test]
    fn temptable_max_ram_is_three_percent_within_one_to_four_gib() {
        assert_eq!(FakeHost::new(6 * GIB, 4).value("temptable_max_ram"), VarValue::UInt(GIB));
        let VarValue::UInt(ram) = FakeHost::new(62 * GIB, 36).value("temptable_max_ram") else {
            panic!("temptable_max_ram is not a number");
        };
        assert!((GIB..=4 * GIB).contains(&ram));
        assert_eq!(ram, 62 * GIB * 3 / 100);
        let big = FakeHost::new(512 * GIB, 64).value("temptable_max_ram");
        assert_eq!(big, VarValue::UInt(4 * GIB));
    }

    #[test]
    fn log_writer_threads_without_the_binary_log() {
        let off = VarValue::Bool(false);
        let host = FakeHost::new(8 * GIB, 8).with("log_bin", off.clone());
        assert_eq!(host.value("innodb_log_writer_threads"), VarValue::Bool(true));
        let host = FakeHost::new(8 * GIB, 4).with("log_bin", off);
        assert_eq!(host.value("innodb_log_writer_threads"), VarValue::Bool(false));
    }

    /// Every default (derived ones on several hosts) has the variable's type and lies in range.
    #[test]
    fn every_default_fits_its_type() {
        let hosts = [
            FakeHost::new(256 * MIB, 1),
            FakeHost::new(6 * GIB, 4),
            chapter_host_dedicated(),
            FakeHost::new(2048 * GIB, 256).with("innodb_dedicated_server", VarValue::Bool(true)),
        ];
        for var in SYSTEM_VARIABLES {
            for host in &hosts {
                let value = host.default_of(var.name);
                let fits = match (var.ty, &value) {
                    (VarType::Bool, VarValue::Bool(_)) => true,
                    (VarType::Int { min, max }, VarValue::Int(v)) => (min..=max).contains(v),
                    (VarType::UInt { min, max, block }, VarValue::UInt(v)) => {
                        (min..=max).contains(v) && (*v == max || v % block == 0)
                    }
                    (VarType::Float { min, max }, VarValue::Float(v)) => *v >= min && *v <= max,
                    (VarType::Enum(words), VarValue::Text(v)) => words.contains(&v.as_str()),
                    (VarType::Set(words), VarValue::Text(v)) => {
                        v.is_empty() || v.split(',').all(|w| words.contains(&w))
                    }
                    (VarType::Str, VarValue::Text(_) | VarValue::Null) => true,
                    _ => false,
                };
                assert!(fits, "{}: default {value:?} does not fit {:?}", var.name, var.ty);
            }
        }
    }
}
