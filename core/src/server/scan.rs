//! What reading a stored table costs: every leaf page a scan enters is requested from the
//! buffer pool, a miss is paid for with a disk read (and the memory of a newly resident page),
//! and the handler counters a tuner reads move with each row.

use super::execute::Work;
use super::status::Status;
use crate::innodb::buffer_pool::{Access, PageId};
use crate::sim::{Clock, Disk, Host};
use crate::storage::table::{Key, Row, Table};

/// The first page of a file-per-table tablespace that holds index pages (0-2 are the space
/// header, the insert buffer bitmap and the inode page; the clustered index root is page 3).
pub(crate) const FIRST_INDEX_PAGE: u64 = 3;

/// Parts of the server a scan charges: clock, disk, host memory, buffer pool and counters.
pub(crate) struct Costs<'a> {
    pub clock: &'a mut Clock,
    pub disk: &'a mut Disk,
    pub host: &'a mut Host,
    pub pool: &'a mut crate::innodb::buffer_pool::BufferPool,
    pub status: &'a mut Status,
    /// Set when the host ran out of memory: the kernel kills mysqld after this statement.
    pub oom: &'a mut Option<crate::sim::OutOfMemory>,
}

impl Costs<'_> {
    /// Requests one page from the buffer pool, paying for a miss with a disk read and memory
    /// for a newly resident page.
    pub fn request_page(&mut self, page: PageId) {
        self.status.add("Innodb_buffer_pool_read_requests", 1);
        let before = self.pool.pages_data();
        if let Access::Miss { .. } = self.pool.get(page) {
            let d = self.disk.read_pages(1);
            self.clock.advance(d);
            for c in ["Innodb_buffer_pool_reads", "Innodb_pages_read", "Innodb_data_reads"] {
                self.status.add(c, 1);
            }
            self.status.add("Innodb_data_read", 16384);
            if self.pool.pages_data() > before && self.oom.is_none() {
                if let Err(e) = self.host.allocate("buffer pool", 16384) {
                    *self.oom = Some(e);
                }
            }
        }
    }
}

/// Scans a stored table (or looks up one key), requesting each leaf page as the scan enters
/// it (after the root-to-leaf path of the first row), and counting handler calls.
pub(crate) fn scan_table(
    t: &Table,
    key: Option<&Key>,
    wanted: &[bool],
    costs: &mut Costs,
    work: &mut Work,
    visit: &mut dyn FnMut(u64, &Row) -> bool,
) {
    let geometry = t.clustered_geometry();
    let page = |rel: u64| PageId { space: t.space_id, page_no: FIRST_INDEX_PAGE + rel };
    if let Some(key) = key {
        costs.status.add("Handler_read_key", 1);
        let ordinal = t.ordinal_hint(key);
        for p in geometry.path_to_leaf(ordinal) {
            costs.request_page(page(p));
        }
        if let Some(row) = t.get(key) {
            work.rows += 1;
            costs.status.add("Innodb_rows_read", 1);
            visit(ordinal, &row);
        }
        return;
    }
    let mut current_leaf: Option<u64> = None;
    let mut examined = 0u64;
    t.scan(wanted, &mut |ordinal, row| {
        let leaf = geometry.leaf_page_of(ordinal);
        if current_leaf != Some(leaf) {
            match current_leaf {
                None => {
                    for p in geometry.path_to_leaf(ordinal) {
                        costs.request_page(page(p));
                    }
                }
                Some(_) => costs.request_page(page(leaf)),
            }
            current_leaf = Some(leaf);
        }
        examined += 1;
        visit(ordinal, row)
    });
    if current_leaf.is_none() {
        // An empty table still reads its root page.
        costs.request_page(page(0));
    }
    work.rows += examined;
    costs.status.add("Innodb_rows_read", examined);
    costs.status.add("Handler_read_rnd_next", examined + 1);
}
