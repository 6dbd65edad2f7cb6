//! Status variables the engines keep themselves and publish only when read: the buffer
//! pool's counters and gauges, the redo log's and the binary log's. (Counters bumped as work
//! happens, `Handler_*`, `Com_*`, `Innodb_rows_read`, go straight into [`Status`].)

use super::status::{Status, StatusValue};
use crate::binlog::group_commit::Durability;
use crate::innodb::buffer_pool::BufferPool;
use crate::sim::SimTime;

/// Copies the pool's counters and gauges into the global status variables.
pub fn publish_pool(pool: &BufferPool, status: &mut Status, now: SimTime) {
    let s = pool.stats();
    let total = pool.capacity_pages();
    let data = pool.pages_data();
    let dirty = pool.pages_dirty();
    let free = pool.pages_free();
    let n = StatusValue::Number;
    let numbers = [
        ("Innodb_buffer_pool_read_requests", s.read_requests),
        ("Innodb_buffer_pool_reads", s.reads),
        ("Innodb_buffer_pool_read_ahead", s.read_ahead),
        ("Innodb_buffer_pool_read_ahead_rnd", s.read_ahead_rnd),
        ("Innodb_buffer_pool_read_ahead_evicted", s.read_ahead_evicted),
        ("Innodb_buffer_pool_pages_made_young", s.made_young),
        ("Innodb_buffer_pool_pages_made_not_young", s.not_made_young),
        ("Innodb_buffer_pool_wait_free", s.wait_free),
        ("Innodb_buffer_pool_pages_flushed", s.pages_flushed),
        ("Innodb_buffer_pool_write_requests", s.write_requests),
        ("Innodb_pages_created", s.pages_created),
        ("Innodb_buffer_pool_pages_total", total),
        ("Innodb_buffer_pool_pages_data", data),
        ("Innodb_buffer_pool_bytes_data", data * 16384),
        ("Innodb_buffer_pool_pages_dirty", dirty),
        ("Innodb_buffer_pool_bytes_dirty", dirty * 16384),
        ("Innodb_buffer_pool_pages_free", free),
        // Pages for the adaptive hash index and locks: the simulation keeps none of those.
        ("Innodb_buffer_pool_pages_misc", 0),
    ];
    for (name, v) in numbers {
        status.set(name, n(v));
    }
    let (text, code, progress) = pool.resize_status(now);
    status.set("Innodb_buffer_pool_resize_status", StatusValue::Text(text));
    status.set("Innodb_buffer_pool_resize_status_code", n(code));
    status.set("Innodb_buffer_pool_resize_status_progress", n(progress));
    status.set("Innodb_buffer_pool_load_status", StatusValue::Text(pool.load_status(now)));
}

/// The redo log's and the binary log's status variables; `capacity` is
/// `innodb_redo_log_capacity`.
pub fn publish_logs(logs: &Durability, capacity: u64, status: &mut Status) {
    let redo = &logs.redo;
    let n = StatusValue::Number;
    let s = status;
    s.set("Innodb_redo_log_current_lsn", n(redo.lsn));
    s.set("Innodb_redo_log_checkpoint_lsn", n(redo.checkpoint_lsn));
    s.set("Innodb_redo_log_flushed_to_disk_lsn", n(redo.file.synced));
    s.set("Innodb_redo_log_logical_size", n(redo.logical_size()));
    // Simplification: every file is in use (InnoDB keeps a few as `_tmp` spares).
    s.set("Innodb_redo_log_physical_size", n(capacity));
    s.set("Innodb_redo_log_capacity_resized", n(capacity));
    s.set("Innodb_log_write_requests", n(redo.stats.write_requests));
    s.set("Innodb_log_writes", n(redo.stats.writes));
    s.set("Innodb_os_log_written", n(redo.stats.os_log_written));
    s.set("Innodb_os_log_fsyncs", n(redo.stats.fsyncs));
    s.set("Innodb_log_waits", n(redo.stats.waits));
    s.set("Binlog_cache_use", n(logs.binlog.transactions));
}
