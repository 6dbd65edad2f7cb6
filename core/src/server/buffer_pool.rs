//! The server's side of the buffer pool: building it from the variables, applying the
//! `SET GLOBAL` changes that act on it (size, midpoint and read-ahead settings, dump and load
//! now), publishing its counters as status variables, and the clean restart that dumps the
//! hottest pages to `ib_buffer_pool` and loads them back (`RESTART`, `docker restart`).

use crate::innodb::buffer_pool::{BufferPool, PageId, PoolConfig};
use crate::instruments::status::StatusValue;
use crate::server::variables::Variables;
use crate::server::{Running, Server};
use crate::var_id;

/// Where the simulated datadir keeps the dump (`innodb_buffer_pool_filename` in the datadir).
pub const BUFFER_POOL_FILE: &str = "/var/lib/mysql/ib_buffer_pool";

/// The pool settings the variables hold.
pub(super) fn pool_config(vars: &Variables) -> PoolConfig {
    PoolConfig {
        old_blocks_pct: vars.global_u64(var_id!("innodb_old_blocks_pct")),
        old_blocks_time_ms: vars.global_u64(var_id!("innodb_old_blocks_time")),
        read_ahead_threshold: vars.global_u64(var_id!("innodb_read_ahead_threshold")),
        random_read_ahead: vars.global_bool(var_id!("innodb_random_read_ahead")),
    }
}

/// A new, empty pool of the size and instances the variables give.
pub(super) fn new_pool(vars: &Variables) -> BufferPool {
    BufferPool::new(
        vars.global_u64(var_id!("innodb_buffer_pool_size")) / 16384,
        vars.global_u64(var_id!("innodb_buffer_pool_instances")).clamp(1, 64) as u32,
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
        let mut costs =
            crate::sql::execution::costs::Costs { clock, disk, host, pool, status, oom };
        for t in tables {
            let g = t.clustered_geometry();
            let per_leaf = u64::from(g.records_per_leaf.max(1));
            // Bounded by the table's leaves times the tree's height.
            for leaf in 0..g.leaf_pages {
                for rel in g.path_to_leaf(leaf * per_leaf) {
                    costs.create_page(crate::innodb::tablespace::index_page(t, rel));
                }
            }
        }
        let Some(r) = running.as_mut() else { return };
        r.pool.reset_stats_but_created();
        // The monitor's first per-second averages start after the load, not with it.
        r.monitor = Some(crate::instruments::innodb_monitor::MonitorMark {
            at: r.started_at,
            stats: r.pool.stats(),
        });
    }

    /// Applies a new `innodb_buffer_pool_size`: rounded up to a multiple of chunk size x
    /// instances (as InnoDB does), then resized in the background; page gets wait while the
    /// pool is latched, and the status texts follow the stages.
    pub(crate) fn resize_buffer_pool(&mut self) {
        let now = self.clock.now();
        let Some(r) = self.running.as_mut() else { return };
        let requested = r.vars.global_u64(var_id!("innodb_buffer_pool_size"));
        let chunk = r.vars.global_u64(var_id!("innodb_buffer_pool_chunk_size")).max(1 << 20);
        let unit = chunk * r.vars.global_u64(var_id!("innodb_buffer_pool_instances")).max(1);
        let size = requested.div_ceil(unit) * unit;
        r.vars.set_global_raw(
            "innodb_buffer_pool_size",
            crate::server::variables::definition::VarValue::UInt(size),
        );
        let ahi = r.vars.global_bool(var_id!("innodb_adaptive_hash_index"));
        r.pool.start_resize(size / 16384, unit, chunk, ahi, now);
        self.error_log.push(format!(
            "{} 0 [Note] [MY-012398] [InnoDB] Requested to resize buffer pool. (new size: {size} bytes)",
            self.log_timestamp()
        ));
    }

    /// Writes the hottest `innodb_buffer_pool_dump_pct` of each instance's pages to
    /// `ib_buffer_pool`.
    pub(super) fn dump_buffer_pool(&mut self) {
        let now = self.clock.now();
        let Some(r) = self.running.as_mut() else { return };
        let pages = r.pool.dump(r.vars.global_u64(var_id!("innodb_buffer_pool_dump_pct")));
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
    pub(super) fn load_buffer_pool(&mut self) {
        let now = self.clock.now();
        let pages = self.ib_buffer_pool.clone().unwrap_or_default();
        let Some(r) = self.running.as_mut() else { return };
        r.pool.start_load(pages, BUFFER_POOL_FILE, now, &mut self.disk);
    }

    /// The size of the `ib_buffer_pool` file in the datadir, if there is one.
    pub fn buffer_pool_file_bytes(&self) -> Option<u64> {
        self.ib_buffer_pool.as_deref().map(dump_file_bytes)
    }

    /// Runs the pool's background work due by now (resize, load), tells it what the page
    /// cleaner wrote since (the redo log's flush list decides that), and keeps the host's
    /// account of its memory equal to the pages it holds.
    pub(super) fn run_pool_background(&mut self) {
        let now = self.clock.now();
        let cleaned = self.logs.redo.take_cleaned();
        if let Some(r) = self.running.as_mut() {
            r.pool.cleaned_by_page_cleaner(cleaned);
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
