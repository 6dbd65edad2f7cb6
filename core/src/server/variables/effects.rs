//! What a `SET GLOBAL` does beyond storing the value: the buffer pool resizes, takes new
//! midpoint and read-ahead settings, dumps or loads now; the thread cache trims; the key cache
//! and the redo log buffer take their new size; the query logs open, close or change files.

use crate::server::buffer_pool::pool_config;
use crate::server::Server;

impl Server {
    /// Acts on a global variable just changed by `SET GLOBAL` (the buffer pool's, and the
    /// thread cache's size).
    pub(in crate::server) fn apply_global_change(&mut self, name: &str) {
        match name {
            "innodb_buffer_pool_size" => self.resize_buffer_pool(),
            "innodb_old_blocks_pct"
            | "innodb_old_blocks_time"
            | "innodb_read_ahead_threshold"
            | "innodb_random_read_ahead" => {
                if let Some(r) = self.running.as_mut() {
                    let config = pool_config(&r.vars);
                    r.pool.set_config(config);
                }
            }
            "innodb_buffer_pool_dump_now" => {
                // The switch does its work and reads OFF again.
                self.reset_switch(name);
                self.dump_buffer_pool();
            }
            "innodb_buffer_pool_load_now" => {
                self.reset_switch(name);
                self.load_buffer_pool();
            }
            "thread_cache_size" => self.trim_thread_cache(),
            // super_read_only on turns read_only on; read_only off turns super_read_only off.
            "super_read_only" | "read_only" => {
                if let Some(r) = self.running.as_mut() {
                    use crate::server::variables::definition::VarValue;
                    let on = r.vars.global_bool(crate::var_id!("super_read_only"));
                    let read_only = r.vars.global_bool(crate::var_id!("read_only"));
                    if name == "super_read_only" && on {
                        r.vars.set_global_raw("read_only", VarValue::Bool(true));
                    } else if name == "read_only" && !read_only {
                        r.vars.set_global_raw("super_read_only", VarValue::Bool(false));
                    }
                }
            }
            // The key cache and the redo log buffer are reallocated at the new size.
            "key_buffer_size" | "innodb_log_buffer_size" => self.resize_fixed_buffer(name),
            // InnoDB's monitor counters start, stop or reset (`server::innodb_metrics`).
            "innodb_monitor_enable"
            | "innodb_monitor_disable"
            | "innodb_monitor_reset"
            | "innodb_monitor_reset_all" => self.apply_monitor_control(name),
            // The query logs open, close or move to the new file (`server::query_logs`).
            "slow_query_log"
            | "slow_query_log_file"
            | "general_log"
            | "general_log_file"
            | "log_output" => self.sync_query_logs(),
            _ => {}
        }
    }

    fn reset_switch(&mut self, name: &str) {
        if let Some(r) = self.running.as_mut() {
            r.vars
                .set_global_raw(name, crate::server::variables::definition::VarValue::Bool(false));
        }
    }
}
