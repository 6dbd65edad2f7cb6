//! The server's side of the buffer pool: building it from the variables, applying the
//! `SET GLOBAL` changes that act on it (size, midpoint and read-ahead settings, dump and load
//! now), publishing its counters as status variables, and the clean restart that dumps the
//! hottest pages to `ib_buffer_pool` and loads them back (`RESTART`, `docker restart`).

use super::status::StatusValue;
use super::variables::Variables;
use super::{Running, Server};
use crate::innodb::buffer_pool::{BufferPool, PageId, PoolConfig};
use crate::sim::SimDuration;

/// Where the simulated datadir keeps the dump (`innodb_buffer_pool_filename` in the datadir).
pub const BUFFER_POOL_FILE: &str = "/var/lib/mysql/ib_buffer_pool";

/// The pool settings the variables hold.
pub(super) fn pool_config(vars: &Variables) -> PoolConfig {
    PoolConfig {
        old_blocks_pct: vars.global_u64("innodb_old_blocks_pct"),
        old_blocks_time_ms: vars.global_u64("innodb_old_blocks_time"),
        read_ahead_threshold: vars.global_u64("innodb_read_ahead_threshold"),
        random_read_ahead: vars.global_bool("innodb_random_read_ahead"),
    }
}

/// A new, empty pool of the size and instances the variables give.
pub(super) fn new_pool(vars: &Variables) -> BufferPool {
    BufferPool::new(
        vars.global_u64("innodb_buffer_pool_size") / 16384,
        vars.global_u64("innodb_buffer_pool_instances").clamp(1, 64) as u32,
        pool_config(vars),
    )
}

/// The dump file's bytes: one `space_id,page_no` line per page.
pub fn dump_file_bytes(pages: &[PageId]) -> u64 {
    pages.iter().map(|p| format!("{},{}\n", p.space, p.page_no).len() as u64).sum()
}

impl Server {
    /// The dataset was loaded into this mysqld before the session begins, as the chapter's
    /// server was: every insert that filled a leaf created the next one (`buf_page_create`),
    /// which enters at the LRU head. So the pool boots holding each table's clustered index
    /// in load order, the last pages created nearest the head, as far as the pool and the
    /// container's memory allow. It is what Listing 3.116's first 256 MB pass implies: a shrink
    /// keeps the LRU head, and about 9,700 of page_views' last pages are still resident.
    ///
    /// A pool larger than the memory the kernel allows could not have held the load without
    /// mysqld being killed: such a server is taken to be a new container started on the
    /// loaded datadir, and boots with an empty pool (section 3.13.1's oversized pool).
    ///
    /// Simplifications: secondary index pages are not replayed (their build is lazy here, see
    /// storage/index.rs); of the load's counters only the pages it created are kept
    /// (`Innodb_pages_created`, so that the resident pages add up), the rest start at zero.
    pub(super) fn replay_dataset_load(&mut self) {
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Some(Running { pool, status, oom, .. }) = running.as_mut() else { return };
        // The pool must fit: then every page the replay adds has memory to go into.
        let pool_bytes = pool.capacity_pages() * 16384;
        if host.used_total_bytes().saturating_add(pool_bytes) > host.enforced_limit_bytes() {
            return;
        }
        let mut tables: Vec<&crate::storage::table::Table> = catalog.tables().collect();
        tables.sort_by_key(|t| t.space_id);
        let mut costs = super::scan::Costs { clock, disk, host, pool, status, oom };
        for t in tables {
            let g = t.clustered_geometry();
            let per_leaf = u64::from(g.records_per_leaf.max(1));
            // Bounded by the table's leaves times the tree's height.
            for leaf in 0..g.leaf_pages {
                for rel in g.path_to_leaf(leaf * per_leaf) {
                    costs.create_page(super::scan::index_page(t, rel));
                }
            }
        }
        let Some(r) = running.as_mut() else { return };
        r.pool.reset_stats_but_created();
        // The monitor's first per-second averages start after the load, not with it.
        r.monitor =
            Some(super::innodb_status::MonitorMark { at: r.started_at, stats: r.pool.stats() });
    }

    /// Acts on a global variable just changed by `SET GLOBAL` (the buffer pool's, and the
    /// thread cache's size).
    pub(super) fn global_changed(&mut self, name: &str) {
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
            _ => {}
        }
    }

    fn reset_switch(&mut self, name: &str) {
        if let Some(r) = self.running.as_mut() {
            r.vars.set_global_raw(name, super::sysvar::VarValue::Bool(false));
        }
    }

    /// Applies a new `innodb_buffer_pool_size`: rounded up to a multiple of chunk size x
    /// instances (as InnoDB does), then resized in the background; page gets wait while the
    /// pool is latched, and the status texts follow the stages.
    pub(crate) fn resize_buffer_pool(&mut self) {
        let now = self.clock.now();
        let Some(r) = self.running.as_mut() else { return };
        let requested = r.vars.global_u64("innodb_buffer_pool_size");
        let chunk = r.vars.global_u64("innodb_buffer_pool_chunk_size").max(1 << 20);
        let unit = chunk * r.vars.global_u64("innodb_buffer_pool_instances").max(1);
        let size = requested.div_ceil(unit) * unit;
        r.vars.set_global_raw("innodb_buffer_pool_size", super::sysvar::VarValue::UInt(size));
        let ahi = r.vars.global_bool("innodb_adaptive_hash_index");
        r.pool.start_resize(size / 16384, unit, chunk, ahi, now);
        self.error_log.push(format!(
            "{} 0 [Note] [MY-012398] [InnoDB] Requested to resize buffer pool. (new size: {size} bytes)",
            self.log_timestamp()
        ));
    }

    /// Writes the hottest `innodb_buffer_pool_dump_pct` of each instance's pages to
    /// `ib_buffer_pool`.
    fn dump_buffer_pool(&mut self) {
        let now = self.clock.now();
        let Some(r) = self.running.as_mut() else { return };
        let pages = r.pool.dump(r.vars.global_u64("innodb_buffer_pool_dump_pct"));
        let bytes = dump_file_bytes(&pages);
        // Writing the file: the list is small; one write and one fsync.
        let t = self.disk.write(bytes) + self.disk.fsync(bytes);
        let done = now + t;
        let ts = crate::sim::civil_time_at(done).innodb_timestamp();
        r.status.set(
            "Innodb_buffer_pool_dump_status",
            StatusValue::Text(format!("Buffer pool(s) dump completed at {ts}")),
        );
        self.ib_buffer_pool = Some(pages);
    }

    /// Starts loading `ib_buffer_pool` in the background.
    fn load_buffer_pool(&mut self) {
        let now = self.clock.now();
        let pages = self.ib_buffer_pool.clone().unwrap_or_default();
        let Some(r) = self.running.as_mut() else { return };
        r.pool.start_load(pages, BUFFER_POOL_FILE, now, &mut self.disk);
    }

    /// The size of the `ib_buffer_pool` file in the datadir, if there is one.
    pub fn buffer_pool_file_bytes(&self) -> Option<u64> {
        self.ib_buffer_pool.as_deref().map(dump_file_bytes)
    }

    /// A clean shutdown, as `docker stop` or `RESTART` does it: dirty pages are written, the
    /// hottest pages dumped (unless `innodb_fast_shutdown=2` or the dump is switched off), and
    /// the server's memory returned to the host.
    pub fn shutdown(&mut self) {
        let Some(r) = self.running.as_mut() else { return };
        let dirty = r.pool.pages_dirty();
        let dump = r.vars.global_bool("innodb_buffer_pool_dump_at_shutdown")
            && r.vars.global_u64("innodb_fast_shutdown") != 2;
        let stamp = self.log_timestamp();
        self.error_log.push(format!(
            "{stamp} 0 [System] [MY-013172] [Server] Received SHUTDOWN from user <via user signal>. Shutting down mysqld (Version: {}).",
            super::SERVER_VERSION
        ));
        if dirty > 0 {
            let t = self.disk.write(dirty * 16384) + self.disk.fsync(dirty * 16384);
            self.clock.advance(t);
        }
        if dump {
            self.dump_buffer_pool();
            let stamp = self.log_timestamp();
            self.error_log.push(format!(
                "{stamp} 0 [Note] [MY-011953] [InnoDB] Dumping buffer pool(s) to {BUFFER_POOL_FILE}"
            ));
        }
        // Stopping takes a moment beyond the I/O: threads end, files close.
        self.clock.advance(SimDuration::from_millis(800));
        let stamp = self.log_timestamp();
        self.error_log.push(format!(
            "{stamp} 0 [System] [MY-010910] [Server] /usr/sbin/mysqld: Shutdown complete (mysqld {})  MySQL Community Server - GPL.",
            super::SERVER_VERSION
        ));
        self.running = None;
        self.down = Some(super::Down::Stopped);
        self.host.release_all();
    }

    /// Starts mysqld again (after a shutdown or a kill): crash recovery first if mysqld did
    /// not stop cleanly, then a fresh server on the same disk, which loads `ib_buffer_pool` in
    /// the background if `innodb_buffer_pool_load_at_startup`. Returns the crash recovery's
    /// report, if there was a crash to recover from.
    pub fn start_again(&mut self) -> Option<super::crash::CrashReport> {
        if self.running.is_some() {
            return None;
        }
        // Starting takes a couple of seconds: the data dictionary, redo and undo are opened.
        self.clock.advance(SimDuration::from_millis(2_500));
        let report = self.start_after_crash();
        if let (Some(_), Some(r)) = (&self.pool_maps, self.running.as_mut()) {
            r.pool.enable_read_log();
        }
        let load = self
            .running
            .as_ref()
            .is_some_and(|r| r.vars.global_bool("innodb_buffer_pool_load_at_startup"));
        if load {
            self.load_buffer_pool();
        }
        report
    }

    /// `RESTART` and `docker restart`: a clean shutdown, then a start.
    pub fn restart(&mut self) {
        self.shutdown();
        self.start_again();
    }

    /// Runs the pool's background work due by now and keeps the host's account of its memory
    /// equal to the pages it holds.
    pub(super) fn run_pool_background(&mut self) {
        let now = self.clock.now();
        if let Some(r) = self.running.as_mut() {
            r.pool.run_background(now);
            let held = r.pool.pages_data() * 16384;
            let accounted = self.host.used_by("buffer pool");
            if held < accounted {
                self.host.release("buffer pool", accounted - held);
            } else if held > accounted && r.oom.is_none() {
                if let Err(e) = self.host.allocate("buffer pool", held - accounted) {
                    r.oom = Some(e);
                }
            }
        }
    }
}

/// Copies the pool's counters and gauges into the global status variables.
pub(super) fn publish_pool_status(r: &mut Running, now: crate::sim::SimTime) {
    let s = r.pool.stats();
    let total = r.pool.capacity_pages();
    let data = r.pool.pages_data();
    let dirty = r.pool.pages_dirty();
    let free = r.pool.pages_free();
    let n = |v: u64| StatusValue::Number(v);
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
        r.status.set(name, n(v));
    }
    let (text, code, progress) = r.pool.resize_status(now);
    r.status.set("Innodb_buffer_pool_resize_status", StatusValue::Text(text));
    r.status.set("Innodb_buffer_pool_resize_status_code", n(code));
    r.status.set("Innodb_buffer_pool_resize_status_progress", n(progress));
    r.status.set("Innodb_buffer_pool_load_status", StatusValue::Text(r.pool.load_status(now)));
}

impl Server {
    /// Records a map of the biggest table in the pool after each client statement (see
    /// [`super::pool_map`]), and every fsync with its commits, for the lessons' internals
    /// views.
    pub fn enable_internals_trace(&mut self, pool_maps: bool, fsyncs: bool) {
        if pool_maps {
            self.pool_maps = Some(super::pool_map::PoolMaps::default());
            if let Some(r) = self.running.as_mut() {
                r.pool.enable_read_log();
            }
            self.note_statement("(the server as it started)");
        }
        if fsyncs {
            self.logs.fsync_trace = Some(Vec::new());
        }
    }

    /// The fsyncs recorded since the last call: (time, log, commits).
    pub fn take_fsync_trace(&mut self) -> Vec<(crate::sim::SimTime, &'static str, u32)> {
        self.logs
            .fsync_trace
            .as_mut()
            .map(|t| std::mem::take(t).into_iter().map(|r| (r.at, r.log, r.commits)).collect())
            .unwrap_or_default()
    }
}
