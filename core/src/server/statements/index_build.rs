//! What building a secondary index costs (CREATE INDEX, ALTER TABLE ... ADD INDEX), as
//! InnoDB's sorted index build (row0merge.cc) spends it:
//!
//! 1. one read of the clustered index, leaf by leaf, through the buffer pool (the same pages,
//!    read-ahead and waits as a full scan; no handler counters move: the build reads below the
//!    handler, so `Handler_read_rnd_next` and `Innodb_rows_read` stay where they were);
//! 2. each row's (key, primary key) record into `innodb_sort_buffer_size` blocks, sorted
//!    (n log2 n comparisons over all the rows), and the blocks merged two at a time through a
//!    temporary file when more than one fills (log2 of the blocks passes, each writing and
//!    reading every record once, at page-cache speed);
//! 3. the new index's leaf pages created in the pool, full, and dirtied, for the page cleaner
//!    to write later.
//!
//! A table rebuild (ALTER TABLE ... ALGORITHM=COPY, a column's type changed) reads the old
//! clustered index the same way and creates every leaf page of the new table's indexes,
//! dirtied ([`Server::charge_table_rebuild`]).
//!
//! Simplifications: the non-leaf pages of the new index are not created; the merge's file I/O
//! is charged as CPU time (it is copies through the page cache), not as waits on the disk.

use crate::instruments::status::StatusId;
use crate::server::{Running, Server};
use crate::sql::execution::costs::{Costs, Counters};
use crate::sql::execution::Work;
use crate::status_id;
use crate::var_id;

/// Most leaf pages a build creates one by one (a 64 GB index); a larger one's pages past it are
/// not created (the bound keeps a statement's loop finite, far beyond any table here).
pub(super) const LEAF_PAGES_MAX: u64 = 4 << 20;

/// Counters a build's scan may move: the page I/O it really does, not the handler's rows.
pub(super) struct PageCountersOnly<'a>(pub(super) &'a mut dyn Counters);

impl Counters for PageCountersOnly<'_> {
    fn add(&mut self, id: StatusId, n: u64) {
        if id != status_id!("Innodb_rows_read") && id != status_id!("Handler_read_rnd_next") {
            self.0.add(id, n);
        }
    }
}

impl Server {
    /// Charges the build of secondary index `index` of `db.table` (already added to the
    /// table) to the statement's `work` and the clock.
    pub(super) fn charge_index_build(
        &mut self,
        db: &str,
        table: &str,
        index: &str,
        work: &mut Work,
    ) {
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Some(Running { status, pool, oom, vars, .. }) = running.as_mut() else { return };
        let sort_buffer = vars.global_u64(var_id!("innodb_sort_buffer_size")).max(65_536);
        let Some(t) = catalog.table(db, table) else { return };
        let Some((first_page, geometry)) = t.secondary_geometry(index) else { return };
        let rows = t.row_count();
        let mut counters = PageCountersOnly(status);
        let mut costs = Costs { clock, disk, host, pool, status: &mut counters, oom };
        // 1. The clustered index, read once.
        let wanted = vec![true; t.def.columns.len()];
        let mut scan = Work::default();
        crate::sql::execution::table_read::full_scan_replay(t, &wanted, &mut costs, &mut scan);
        work.rows += scan.rows;
        work.charged_rows += scan.charged_rows;
        // 2. Sort and merge.
        let hw = costs.host.hardware();
        let record = u64::from(geometry.records_per_leaf.max(1));
        let record_bytes = (16_384 / record).max(1);
        let compares = rows.saturating_mul(u64::from(64 - rows.max(1).leading_zeros()));
        let mut cpu_ns = compares.saturating_mul(hw.temp.sort_compare_ns);
        let bytes = rows.saturating_mul(record_bytes);
        let blocks = bytes.div_ceil(sort_buffer).max(1);
        if blocks > 1 {
            let passes = u64::from(64 - (blocks - 1).leading_zeros());
            let mb_s = hw.temp.tmpfile_mb_s.max(1);
            // Each pass writes and reads every record once.
            cpu_ns = cpu_ns.saturating_add(passes * 2 * bytes * 1_000 / mb_s);
        }
        work.extra_cpu_ns = work.extra_cpu_ns.saturating_add(cpu_ns);
        // 3. The new leaves, created and dirtied.
        let page_of = |rel: u64| crate::innodb::tablespace::index_page(t, first_page + rel);
        for leaf in 0..geometry.leaf_pages.min(LEAF_PAGES_MAX) {
            let page = page_of(leaf);
            costs.create_page(page);
            costs.pool.mark_dirty(page);
        }
    }

    /// Charges the rebuild of `db.table` (its columns already changed) to `work` and the
    /// clock: one read of every row, then the new copy's leaf pages of every index created
    /// and dirtied in the pool. Simplification: the new copy reuses the table's page numbers
    /// (mysqld writes a `#sql-ib` tablespace and swaps it in), and the secondary indexes'
    /// row-by-row inserts are charged as their leaves only.
    pub(super) fn charge_table_rebuild(&mut self, db: &str, table: &str, work: &mut Work) {
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Some(Running { status, pool, oom, .. }) = running.as_mut() else { return };
        let Some(t) = catalog.table(db, table) else { return };
        let mut counters = PageCountersOnly(status);
        let mut costs = Costs { clock, disk, host, pool, status: &mut counters, oom };
        let wanted = vec![true; t.def.columns.len()];
        let mut scan = Work::default();
        crate::sql::execution::table_read::full_scan_replay(t, &wanted, &mut costs, &mut scan);
        work.rows += scan.rows;
        work.charged_rows += scan.charged_rows;
        let mut pages = t.clustered_geometry().leaf_pages;
        for index in t.def.indexes.iter().filter(|i| !i.primary) {
            if let Some((_, g)) = t.secondary_geometry(&index.name) {
                pages = pages.saturating_add(g.leaf_pages);
            }
        }
        for rel in 0..pages.min(LEAF_PAGES_MAX) {
            let page = crate::innodb::tablespace::index_page(t, rel);
            costs.create_page(page);
            costs.pool.mark_dirty(page);
        }
    }
}
