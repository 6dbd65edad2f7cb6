//! Every status variable the simulated MySQL 9.7 server reports in `SHOW STATUS` and
//! `performance_schema.global_status` / `session_status`: its exact name, whether it has a
//! session value, how it behaves, and its value right after startup. Names, scopes and meanings
//! follow the MySQL 9.x / 8.4 reference manual's server-status-variables page and the InnoDB,
//! replication and performance-schema status pages; `shared/MYSQL_SPEC.md` wins where it speaks.

use StatusScope::{Both, Global, Session};

/// How a status variable behaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusKind {
    /// Only grows (until `FLUSH STATUS` resets the session/global counters that allow it).
    Counter,
    /// A number that goes up and down (pages in use, open tables, connected threads).
    Gauge,
    /// Words, not a number (`Innodb_buffer_pool_dump_status`, `Ssl_cipher`, ...).
    Text,
}

/// Where a status variable has a value, as in the manual's "Scope" row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusScope {
    /// Server-wide only: the same in `SHOW GLOBAL STATUS` and `SHOW SESSION STATUS`.
    Global,
    /// Per connection only.
    Session,
    /// A session value per connection, summed into the global value.
    Both,
}

/// One status variable.
#[derive(Clone, Copy, Debug)]
pub struct StatusVarDef {
    /// The name exactly as `SHOW STATUS` prints it (capitalisation matters).
    pub name: &'static str,
    pub scope: StatusScope,
    pub kind: StatusKind,
    /// The value right after startup, as `SHOW STATUS` prints it. Gauges and texts that mirror
    /// the engine's state carry the value of a server with default settings; the engine
    /// overwrites them from its state.
    pub initial: &'static str,
}

/// A status variable by its place in [`STATUS_VARIABLES`]: what the engine's counter bumps
/// name, so that a bump is an index and not a search of names. Written `status_id!("Name")`
/// at a call site, which finds the place when compiling (a misspelt name does not compile).
///
/// Not a MySQL structure: the simulator's own speed-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StatusId(u16);

impl StatusId {
    /// The status variable spelled exactly `name`: a binary search of the registry that runs
    /// when compiling where it is asked for in a constant (`status_id!`); an unknown or
    /// differently capitalised name panics (then a compile error).
    pub const fn named(name: &str) -> StatusId {
        let (mut lo, mut hi) = (0, STATUS_VARIABLES.len());
        // Bounded: the range halves on every step.
        while lo < hi {
            let mid = (lo + hi) / 2;
            match crate::instruments::name_index::cmp_lower(
                STATUS_VARIABLES[mid].name.as_bytes(),
                name.as_bytes(),
            ) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    assert!(
                        crate::instruments::name_index::eq_bytes(
                            STATUS_VARIABLES[mid].name.as_bytes(),
                            name.as_bytes()
                        ),
                        "status variable spelled otherwise than registered"
                    );
                    assert!(mid <= u16::MAX as usize, "registry too large for StatusId");
                    return StatusId(mid as u16);
                }
            }
        }
        panic!("unknown status variable")
    }

    /// The status variable at registry place `i` (`None` past the registry's end).
    pub fn at(i: usize) -> Option<StatusId> {
        (i < STATUS_VARIABLES.len()).then_some(StatusId(i as u16))
    }

    /// Its place in [`STATUS_VARIABLES`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Its definition.
    pub fn def(self) -> &'static StatusVarDef {
        &STATUS_VARIABLES[self.index()]
    }

    /// Its name as `SHOW STATUS` prints it.
    pub fn name(self) -> &'static str {
        self.def().name
    }
}

/// The [`StatusId`] of a status variable named by a literal, found when compiling:
/// `status.add(status_id!("Handler_write"), rows)`.
#[macro_export]
macro_rules! status_id {
    ($name:literal) => {
        const { $crate::instruments::status_registry::StatusId::named($name) }
    };
}

/// All status variables, sorted the way `SHOW STATUS` sorts them (by lower-case name).
pub static STATUS_VARIABLES: &[StatusVarDef] = &[
    counter("Aborted_clients", Global),
    counter("Aborted_connects", Global),
    gauge("Acl_cache_items_count", Global, "0"),
    counter("Binlog_cache_disk_use", Global),
    counter("Binlog_cache_use", Global),
    counter("Binlog_stmt_cache_disk_use", Global),
    counter("Binlog_stmt_cache_use", Global),
    counter("Bytes_received", Both),
    counter("Bytes_sent", Both),
    counter("Com_admin_commands", Both),
    counter("Com_alter_db", Both),
    counter("Com_alter_event", Both),
    counter("Com_alter_function", Both),
    counter("Com_alter_instance", Both),
    counter("Com_alter_procedure", Both),
    counter("Com_alter_resource_group", Both),
    counter("Com_alter_server", Both),
    counter("Com_alter_table", Both),
    counter("Com_alter_tablespace", Both),
    counter("Com_alter_user", Both),
    counter("Com_analyze", Both),
    counter("Com_begin", Both),
    counter("Com_binlog", Both),
    counter("Com_call_procedure", Both),
    counter("Com_change_db", Both),
    counter("Com_change_repl_filter", Both),
    counter("Com_change_replication_source", Both),
    counter("Com_check", Both),
    counter("Com_checksum", Both),
    counter("Com_clone", Both),
    counter("Com_commit", Both),
    counter("Com_create_db", Both),
    counter("Com_create_event", Both),
    counter("Com_create_function", Both),
    counter("Com_create_index", Both),
    counter("Com_create_procedure", Both),
    counter("Com_create_role", Both),
    counter("Com_create_server", Both),
    counter("Com_create_table", Both),
    counter("Com_create_trigger", Both),
    counter("Com_create_udf", Both),
    counter("Com_create_user", Both),
    counter("Com_create_view", Both),
    counter("Com_dealloc_sql", Both),
    counter("Com_delete", Both),
    counter("Com_delete_multi", Both),
    counter("Com_do", Both),
    counter("Com_drop_db", Both),
    counter("Com_drop_event", Both),
    counter("Com_drop_function", Both),
    counter("Com_drop_index", Both),
    counter("Com_drop_procedure", Both),
    counter("Com_drop_role", Both),
    counter("Com_drop_server", Both),
    counter("Com_drop_table", Both),
    counter("Com_drop_trigger", Both),
    counter("Com_drop_user", Both),
    counter("Com_drop_view", Both),
    counter("Com_empty_query", Both),
    counter("Com_execute_sql", Both),
    counter("Com_explain_other", Both),
    counter("Com_flush", Both),
    counter("Com_get_diagnostics", Both),
    counter("Com_grant", Both),
    counter("Com_grant_roles", Both),
    counter("Com_help", Both),
    counter("Com_insert", Both),
    counter("Com_insert_select", Both),
    counter("Com_install_component", Both),
    counter("Com_install_plugin", Both),
    counter("Com_kill", Both),
    counter("Com_load", Both),
    counter("Com_lock_instance", Both),
    counter("Com_lock_tables", Both),
    counter("Com_optimize", Both),
    counter("Com_preload_keys", Both),
    counter("Com_prepare_sql", Both),
    counter("Com_purge", Both),
    counter("Com_purge_before_date", Both),
    counter("Com_release_savepoint", Both),
    counter("Com_rename_table", Both),
    counter("Com_rename_user", Both),
    counter("Com_repair", Both),
    counter("Com_replace", Both),
    counter("Com_replace_select", Both),
    counter("Com_replica_start", Both),
    counter("Com_replica_stop", Both),
    counter("Com_reset", Both),
    counter("Com_resignal", Both),
    counter("Com_restart", Both),
    counter("Com_revoke", Both),
    counter("Com_revoke_all", Both),
    counter("Com_revoke_roles", Both),
    counter("Com_rollback", Both),
    counter("Com_rollback_to_savepoint", Both),
    counter("Com_savepoint", Both),
    counter("Com_select", Both),
    counter("Com_set_option", Both),
    counter("Com_set_password", Both),
    counter("Com_set_resource_group", Both),
    counter("Com_set_role", Both),
    counter("Com_show_binary_log_status", Both),
    counter("Com_show_binlog_events", Both),
    counter("Com_show_binlogs", Both),
    counter("Com_show_charsets", Both),
    counter("Com_show_collations", Both),
    counter("Com_show_create_db", Both),
    counter("Com_show_create_event", Both),
    counter("Com_show_create_func", Both),
    counter("Com_show_create_proc", Both),
    counter("Com_show_create_table", Both),
    counter("Com_show_create_trigger", Both),
    counter("Com_show_create_user", Both),
    counter("Com_show_databases", Both),
    counter("Com_show_engine_logs", Both),
    counter("Com_show_engine_mutex", Both),
    counter("Com_show_engine_status", Both),
    counter("Com_show_errors", Both),
    counter("Com_show_events", Both),
    counter("Com_show_fields", Both),
    counter("Com_show_function_code", Both),
    counter("Com_show_function_status", Both),
    counter("Com_show_grants", Both),
    counter("Com_show_keys", Both),
    counter("Com_show_open_tables", Both),
    counter("Com_show_plugins", Both),
    counter("Com_show_privileges", Both),
    counter("Com_show_procedure_code", Both),
    counter("Com_show_procedure_status", Both),
    counter("Com_show_processlist", Both),
    counter("Com_show_profile", Both),
    counter("Com_show_profiles", Both),
    counter("Com_show_relaylog_events", Both),
    counter("Com_show_replica_status", Both),
    counter("Com_show_replicas", Both),
    counter("Com_show_status", Both),
    counter("Com_show_storage_engines", Both),
    counter("Com_show_table_status", Both),
    counter("Com_show_tables", Both),
    counter("Com_show_triggers", Both),
    counter("Com_show_variables", Both),
    counter("Com_show_warnings", Both),
    counter("Com_shutdown", Both),
    counter("Com_signal", Both),
    counter("Com_stmt_close", Both),
    counter("Com_stmt_execute", Both),
    counter("Com_stmt_fetch", Both),
    counter("Com_stmt_prepare", Both),
    counter("Com_stmt_reprepare", Both),
    counter("Com_stmt_reset", Both),
    counter("Com_stmt_send_long_data", Both),
    counter("Com_truncate", Both),
    counter("Com_uninstall_component", Both),
    counter("Com_uninstall_plugin", Both),
    counter("Com_unlock_instance", Both),
    counter("Com_unlock_tables", Both),
    counter("Com_update", Both),
    counter("Com_update_multi", Both),
    counter("Com_xa_commit", Both),
    counter("Com_xa_end", Both),
    counter("Com_xa_prepare", Both),
    counter("Com_xa_recover", Both),
    counter("Com_xa_rollback", Both),
    counter("Com_xa_start", Both),
    text("Compression", Session, "OFF"),
    text("Compression_algorithm", Session, ""),
    gauge("Compression_level", Session, "0"),
    counter("Connection_errors_accept", Global),
    counter("Connection_errors_internal", Global),
    counter("Connection_errors_max_connections", Global),
    counter("Connection_errors_peer_address", Global),
    counter("Connection_errors_select", Global),
    counter("Connection_errors_tcpwrap", Global),
    counter("Connections", Global),
    // UNCONFIRMED: MYSQL_SPEC 4.1 finds it in the 9.5 manual (global + session); the version
    // that introduced it is not known.
    counter("Count_hit_tmp_table_size", Both),
    counter("Created_tmp_disk_tables", Both),
    counter("Created_tmp_files", Global),
    counter("Created_tmp_tables", Both),
    text("Current_tls_ca", Global, "ca.pem"),
    text("Current_tls_capath", Global, ""),
    text("Current_tls_cert", Global, "server-cert.pem"),
    text("Current_tls_cipher", Global, ""),
    text("Current_tls_ciphersuites", Global, ""),
    text("Current_tls_crl", Global, ""),
    text("Current_tls_crlpath", Global, ""),
    text("Current_tls_key", Global, "server-key.pem"),
    text("Current_tls_version", Global, "TLSv1.2,TLSv1.3"),
    // FLUSH TABLES (and FLUSH TABLES WITH READ LOCK). UNCONFIRMED: a real server counts a
    // few flushes of its own during startup; here it starts at 0.
    counter("Flush_commands", Global),
    gauge("Global_connection_memory", Global, "0"),
    counter("Handler_commit", Both),
    counter("Handler_delete", Both),
    counter("Handler_discover", Both),
    counter("Handler_external_lock", Both),
    counter("Handler_mrr_init", Both),
    counter("Handler_prepare", Both),
    counter("Handler_read_first", Both),
    counter("Handler_read_key", Both),
    counter("Handler_read_last", Both),
    counter("Handler_read_next", Both),
    counter("Handler_read_prev", Both),
    counter("Handler_read_rnd", Both),
    counter("Handler_read_rnd_next", Both),
    counter("Handler_rollback", Both),
    counter("Handler_savepoint", Both),
    counter("Handler_savepoint_rollback", Both),
    counter("Handler_update", Both),
    counter("Handler_write", Both),
    gauge("Innodb_buffer_pool_bytes_data", Global, "0"),
    gauge("Innodb_buffer_pool_bytes_dirty", Global, "0"),
    text("Innodb_buffer_pool_dump_status", Global, "Dumping of buffer pool not started"),
    text("Innodb_buffer_pool_load_status", Global, ""),
    gauge("Innodb_buffer_pool_pages_data", Global, "0"),
    gauge("Innodb_buffer_pool_pages_dirty", Global, "0"),
    counter("Innodb_buffer_pool_pages_flushed", Global),
    gauge("Innodb_buffer_pool_pages_free", Global, "8192"),
    counter("Innodb_buffer_pool_pages_made_not_young", Global),
    counter("Innodb_buffer_pool_pages_made_young", Global),
    gauge("Innodb_buffer_pool_pages_misc", Global, "0"),
    gauge("Innodb_buffer_pool_pages_total", Global, "8192"),
    counter("Innodb_buffer_pool_read_ahead", Global),
    counter("Innodb_buffer_pool_read_ahead_evicted", Global),
    counter("Innodb_buffer_pool_read_ahead_rnd", Global),
    counter("Innodb_buffer_pool_read_requests", Global),
    counter("Innodb_buffer_pool_reads", Global),
    text("Innodb_buffer_pool_resize_status", Global, ""),
    gauge("Innodb_buffer_pool_resize_status_code", Global, "0"),
    gauge("Innodb_buffer_pool_resize_status_progress", Global, "0"),
    counter("Innodb_buffer_pool_wait_free", Global),
    counter("Innodb_buffer_pool_write_requests", Global),
    counter("Innodb_data_fsyncs", Global),
    gauge("Innodb_data_pending_fsyncs", Global, "0"),
    gauge("Innodb_data_pending_reads", Global, "0"),
    gauge("Innodb_data_pending_writes", Global, "0"),
    counter("Innodb_data_read", Global),
    counter("Innodb_data_reads", Global),
    counter("Innodb_data_writes", Global),
    counter("Innodb_data_written", Global),
    counter("Innodb_dblwr_pages_written", Global),
    counter("Innodb_dblwr_writes", Global),
    counter("Innodb_log_waits", Global),
    counter("Innodb_log_write_requests", Global),
    counter("Innodb_log_writes", Global),
    gauge("Innodb_num_open_files", Global, "0"),
    counter("Innodb_os_log_fsyncs", Global),
    gauge("Innodb_os_log_pending_fsyncs", Global, "0"),
    gauge("Innodb_os_log_pending_writes", Global, "0"),
    counter("Innodb_os_log_written", Global),
    gauge("Innodb_page_size", Global, "16384"),
    counter("Innodb_pages_created", Global),
    counter("Innodb_pages_read", Global),
    counter("Innodb_pages_written", Global),
    gauge("Innodb_redo_log_capacity_resized", Global, "104857600"),
    gauge("Innodb_redo_log_checkpoint_lsn", Global, "0"),
    gauge("Innodb_redo_log_current_lsn", Global, "0"),
    text("Innodb_redo_log_enabled", Global, "ON"),
    gauge("Innodb_redo_log_flushed_to_disk_lsn", Global, "0"),
    gauge("Innodb_redo_log_logical_size", Global, "0"),
    gauge("Innodb_redo_log_physical_size", Global, "0"),
    text("Innodb_redo_log_read_only", Global, "OFF"),
    text("Innodb_redo_log_resize_status", Global, "OK"),
    text("Innodb_redo_log_uuid", Global, ""),
    gauge("Innodb_row_lock_current_waits", Global, "0"),
    counter("Innodb_row_lock_time", Global),
    gauge("Innodb_row_lock_time_avg", Global, "0"),
    gauge("Innodb_row_lock_time_max", Global, "0"),
    counter("Innodb_row_lock_waits", Global),
    counter("Innodb_rows_deleted", Global),
    counter("Innodb_rows_inserted", Global),
    counter("Innodb_rows_read", Global),
    counter("Innodb_rows_updated", Global),
    counter("Innodb_sampled_pages_read", Global),
    counter("Innodb_sampled_pages_skipped", Global),
    counter("Innodb_system_rows_deleted", Global),
    counter("Innodb_system_rows_inserted", Global),
    counter("Innodb_system_rows_read", Global),
    counter("Innodb_system_rows_updated", Global),
    counter("Innodb_truncated_status_writes", Global),
    gauge("Innodb_undo_tablespaces_active", Global, "2"),
    gauge("Innodb_undo_tablespaces_explicit", Global, "0"),
    gauge("Innodb_undo_tablespaces_implicit", Global, "2"),
    gauge("Innodb_undo_tablespaces_total", Global, "2"),
    gauge("Key_blocks_not_flushed", Global, "0"),
    gauge("Key_blocks_unused", Global, "6698"),
    gauge("Key_blocks_used", Global, "0"),
    counter("Key_read_requests", Global),
    counter("Key_reads", Global),
    counter("Key_write_requests", Global),
    counter("Key_writes", Global),
    gauge("Last_query_cost", Session, "0.000000"),
    gauge("Last_query_partial_plans", Session, "0"),
    counter("Locked_connects", Global),
    counter("Max_execution_time_exceeded", Both),
    counter("Max_execution_time_set", Both),
    counter("Max_execution_time_set_failed", Both),
    gauge("Max_used_connections", Global, "0"),
    text("Max_used_connections_time", Global, ""),
    gauge("Ongoing_anonymous_transaction_count", Global, "0"),
    gauge("Open_files", Global, "0"),
    gauge("Open_streams", Global, "0"),
    gauge("Open_table_definitions", Global, "0"),
    gauge("Open_tables", Both, "0"),
    counter("Opened_files", Global),
    counter("Opened_table_definitions", Both),
    counter("Opened_tables", Both),
    counter("Performance_schema_accounts_lost", Global),
    counter("Performance_schema_cond_classes_lost", Global),
    counter("Performance_schema_cond_instances_lost", Global),
    counter("Performance_schema_digest_lost", Global),
    counter("Performance_schema_file_classes_lost", Global),
    counter("Performance_schema_file_handles_lost", Global),
    counter("Performance_schema_file_instances_lost", Global),
    counter("Performance_schema_hosts_lost", Global),
    counter("Performance_schema_index_stat_lost", Global),
    counter("Performance_schema_locker_lost", Global),
    counter("Performance_schema_memory_classes_lost", Global),
    counter("Performance_schema_metadata_lock_lost", Global),
    counter("Performance_schema_mutex_classes_lost", Global),
    counter("Performance_schema_mutex_instances_lost", Global),
    counter("Performance_schema_nested_statement_lost", Global),
    counter("Performance_schema_prepared_statements_lost", Global),
    counter("Performance_schema_program_lost", Global),
    counter("Performance_schema_rwlock_classes_lost", Global),
    counter("Performance_schema_rwlock_instances_lost", Global),
    gauge("Performance_schema_session_connect_attrs_longest_seen", Global, "0"),
    counter("Performance_schema_session_connect_attrs_lost", Global),
    counter("Performance_schema_socket_classes_lost", Global),
    counter("Performance_schema_socket_instances_lost", Global),
    counter("Performance_schema_stage_classes_lost", Global),
    counter("Performance_schema_statement_classes_lost", Global),
    counter("Performance_schema_table_handles_lost", Global),
    counter("Performance_schema_table_instances_lost", Global),
    counter("Performance_schema_table_lock_stat_lost", Global),
    counter("Performance_schema_thread_classes_lost", Global),
    counter("Performance_schema_thread_instances_lost", Global),
    counter("Performance_schema_users_lost", Global),
    gauge("Prepared_stmt_count", Global, "0"),
    counter("Queries", Both),
    counter("Questions", Both),
    gauge("Replica_open_temp_tables", Global, "0"),
    counter("Select_full_join", Both),
    counter("Select_full_range_join", Both),
    counter("Select_range", Both),
    counter("Select_range_check", Both),
    counter("Select_scan", Both),
    counter("Slow_launch_threads", Both),
    counter("Slow_queries", Both),
    counter("Sort_merge_passes", Both),
    counter("Sort_range", Both),
    counter("Sort_rows", Both),
    counter("Sort_scan", Both),
    counter("Ssl_accept_renegotiates", Global),
    counter("Ssl_accepts", Global),
    text("Ssl_cipher", Both, ""),
    text("Ssl_cipher_list", Both, ""),
    counter("Ssl_client_connects", Global),
    counter("Ssl_finished_accepts", Global),
    text("Ssl_server_not_after", Both, ""),
    text("Ssl_server_not_before", Both, ""),
    counter("Ssl_sessions_reused", Both),
    text("Ssl_version", Both, ""),
    counter("Table_locks_immediate", Global),
    counter("Table_locks_waited", Global),
    counter("Table_open_cache_hits", Both),
    counter("Table_open_cache_misses", Both),
    counter("Table_open_cache_overflows", Both),
    // UNCONFIRMED: MYSQL_SPEC 4.1 finds it in the 9.5 manual; the version that introduced it is
    // not known.
    counter("TempTable_count_hit_max_ram", Global),
    gauge("Threads_cached", Global, "0"),
    gauge("Threads_connected", Global, "0"),
    counter("Threads_created", Global),
    gauge("Threads_running", Global, "0"),
    // UNCONFIRMED: the OpenSSL build of the mysql:9.7 image; the text is the library's own
    // version string.
    text("Tls_library_version", Global, "OpenSSL 3.0.13 30 Jan 2024"),
    text("Tls_sni_server_name", Session, ""),
    counter("Uptime", Global),
    counter("Uptime_since_flush_status", Global),
];

/// A counter, 0 at startup.
const fn counter(name: &'static str, scope: StatusScope) -> StatusVarDef {
    StatusVarDef { name, scope, kind: StatusKind::Counter, initial: "0" }
}

/// A gauge with its startup value.
const fn gauge(name: &'static str, scope: StatusScope, initial: &'static str) -> StatusVarDef {
    StatusVarDef { name, scope, kind: StatusKind::Gauge, initial }
}

/// A text value with its startup value.
const fn text(name: &'static str, scope: StatusScope, initial: &'static str) -> StatusVarDef {
    StatusVarDef { name, scope, kind: StatusKind::Text, initial }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(name: &str) -> &'static StatusVarDef {
        let key = name.to_ascii_lowercase();
        let index = STATUS_VARIABLES.binary_search_by(|v| v.name.to_ascii_lowercase().cmp(&key));
        let def = &STATUS_VARIABLES[index.unwrap_or_else(|_| panic!("{name} is not registered"))];
        assert_eq!(def.name, name, "capitalisation differs");
        def
    }

    #[test]
    fn names_are_sorted_by_lower_case_and_unique() {
        for pair in STATUS_VARIABLES.windows(2) {
            let (a, b) = (pair[0].name.to_ascii_lowercase(), pair[1].name.to_ascii_lowercase());
            assert!(a < b, "{} before {}", pair[0].name, pair[1].name);
        }
        for var in STATUS_VARIABLES {
            let first = var.name.as_bytes()[0];
            assert!(first.is_ascii_uppercase(), "{} starts with a capital", var.name);
            let ok = var.name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            assert!(ok, "{} has an odd character", var.name);
        }
        assert!(STATUS_VARIABLES.len() >= 250, "only {} variables", STATUS_VARIABLES.len());
    }

    #[test]
    fn every_variable_has_the_id_of_its_place() {
        for (i, var) in STATUS_VARIABLES.iter().enumerate() {
            let id = StatusId::named(var.name);
            assert_eq!((id.index(), id.name()), (i, var.name));
            assert_eq!(StatusId::at(i), Some(id));
        }
        assert_eq!(StatusId::at(STATUS_VARIABLES.len()), None);
        assert_eq!(crate::status_id!("Com_select").name(), "Com_select");
    }

    #[test]
    fn counters_start_at_zero_and_numbers_are_numbers() {
        for var in STATUS_VARIABLES {
            match var.kind {
                StatusKind::Counter => assert_eq!(var.initial, "0", "{}", var.name),
                StatusKind::Gauge => {
                    assert!(var.initial.parse::<f64>().is_ok(), "{}: {}", var.name, var.initial)
                }
                StatusKind::Text => {}
            }
        }
    }

    #[test]
    fn spot_checks() {
        let page_size = find("Innodb_page_size");
        assert_eq!((page_size.kind, page_size.initial), (StatusKind::Gauge, "16384"));
        assert_eq!(find("Innodb_buffer_pool_read_requests").scope, StatusScope::Global);
        assert_eq!(find("Innodb_buffer_pool_read_requests").kind, StatusKind::Counter);
        assert_eq!(find("Com_select").scope, StatusScope::Both);
        assert_eq!(find("Handler_read_rnd_next").scope, StatusScope::Both);
        assert_eq!(find("Threads_created").scope, StatusScope::Global);
        assert_eq!(find("Threads_connected").kind, StatusKind::Gauge);
        assert_eq!(find("Uptime").scope, StatusScope::Global);
        assert_eq!(find("Last_query_cost").scope, StatusScope::Session);
        assert_eq!(find("Innodb_redo_log_resize_status").initial, "OK");
        assert_eq!(find("Innodb_redo_log_enabled").initial, "ON");
        assert_eq!(find("Innodb_redo_log_read_only").initial, "OFF");
        let dump = find("Innodb_buffer_pool_dump_status");
        assert_eq!(
            (dump.kind, dump.initial),
            (StatusKind::Text, "Dumping of buffer pool not started")
        );
        assert_eq!(find("Max_used_connections_time").kind, StatusKind::Text);
        assert_eq!(find("Max_used_connections_time").initial, "");
        assert_eq!(find("Connection_errors_max_connections").kind, StatusKind::Counter);
        find("TempTable_count_hit_max_ram");
        find("Count_hit_tmp_table_size");
        find("Tls_library_version");
    }

    #[test]
    fn removed_status_variables_are_absent() {
        for name in ["Qcache_hits", "Qcache_inserts", "Com_show_master_status", "Slave_running"] {
            let key = name.to_ascii_lowercase();
            let found = STATUS_VARIABLES.iter().any(|v| v.name.to_ascii_lowercase() == key);
            assert!(!found, "{name} does not exist in 9.7");
        }
    }
}
