//! Page numbers in a file-per-table tablespace: pages 0-2 are the space header, the insert
//! buffer bitmap and the inode page; the clustered index root is page 3, and each index's
//! pages follow (storage/page_layout.rs says which index a page belongs to).

use super::buffer_pool::PageId;
use crate::storage::table::Table;

/// The first page of a file-per-table tablespace that holds index pages.
pub const FIRST_INDEX_PAGE: u64 = 3;

/// Page `rel` of `t`'s indexes (counted from the first index page) in its tablespace.
pub fn index_page(t: &Table, rel: u64) -> PageId {
    PageId { space: t.space_id, page_no: FIRST_INDEX_PAGE + rel }
}

use crate::sim::disk::PAGE_SIZE_BYTES as PAGE_BYTES;

/// `mysql.ibd` on a fresh server (UNCONFIRMED for 9.7: listings of 8.4 show 25 MiB); the
/// simulator does not grow it.
pub const MYSQL_IBD_BYTES: u64 = 26_214_400;
/// An undo tablespace's initial size (8.0.23+); the simulator gives the undo log's pages no
/// file space, so it stays at this.
pub const UNDO_BYTES: u64 = 16 << 20;
/// `ibdata1`'s and `ibtmp1`'s first file size in the default data file paths (`:12M:`).
pub const DATA_FILE_DEFAULT_BYTES: u64 = 12 << 20;
/// A new file-per-table tablespace's pages (MySQL's FIL_IBD_FILE_INITIAL_SIZE).
const IBD_INITIAL_PAGES: u64 = 7;
/// Pages of an extent (1 MiB of 16 KiB pages).
const EXTENT_PAGES: u64 = 64;
/// Past this size a tablespace grows four extents at a time (32 MiB: MySQL's
/// `fsp_get_pages_to_extend_ibd` threshold for 16 KiB pages; FSP_FREE_ADD is 4).
const FOUR_EXTENT_THRESHOLD_PAGES: u64 = 32 * EXTENT_PAGES;

/// The size of a file-per-table tablespace whose highest used page is `used_pages - 1`: it
/// starts at seven pages, and when it needs more grows to one extent first, then an extent at
/// a time, and four extents at a time past 32 MiB (`fsp_try_extend_data_file`, the rule
/// `sim::Disk::extend_tablespace` follows; no AUTOEXTEND_SIZE option). Simplification: the
/// file is sized by its used pages, with none of the free extents InnoDB reserves for its
/// segments.
pub fn ibd_file_bytes(used_pages: u64) -> u64 {
    let pages = if used_pages <= IBD_INITIAL_PAGES {
        IBD_INITIAL_PAGES
    } else if used_pages <= EXTENT_PAGES {
        EXTENT_PAGES
    } else if used_pages <= FOUR_EXTENT_THRESHOLD_PAGES {
        used_pages.div_ceil(EXTENT_PAGES) * EXTENT_PAGES
    } else {
        let step = 4 * EXTENT_PAGES;
        used_pages.div_ceil(step) * step
    };
    pages * PAGE_BYTES
}

/// A table's file-per-table tablespaces, as (name, file bytes): the table's own (`orders`),
/// or one per partition (`bulk#p#p0`) and subpartition (`bulk#p#p0#sp#p0sp0`), MySQL's file
/// names without `.ibd`. Simplification: a partitioned table's pages are shared out evenly
/// between its partitions, not by the rows each holds (information_schema.PARTITIONS counts
/// those).
pub fn table_files(t: &Table) -> Vec<(String, u64)> {
    let sizes = t.sizes();
    let pages = (sizes.data_length + sizes.index_length) / PAGE_BYTES;
    let name = &t.def.name;
    let Some(p) = &t.def.partitioning else {
        return vec![(name.clone(), ibd_file_bytes(FIRST_INDEX_PAGE + pages))];
    };
    let mut names = Vec::new();
    for part in &p.partitions {
        let base = format!("{name}#p#{}", part.name.to_lowercase());
        if p.sub.is_none() || part.subpartitions.is_empty() {
            names.push(base);
        } else {
            for sub in &part.subpartitions {
                names.push(format!("{base}#sp#{}", sub.to_lowercase()));
            }
        }
    }
    let each = pages.div_ceil(names.len().max(1) as u64).max(1);
    names.into_iter().map(|n| (n, ibd_file_bytes(FIRST_INDEX_PAGE + each))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ibd_files_grow_to_an_extent_then_by_extents_then_four() {
        assert_eq!(ibd_file_bytes(4), 114_688, "an empty table's 112 KiB");
        assert_eq!(ibd_file_bytes(8), 1 << 20, "then one extent");
        assert_eq!(ibd_file_bytes(65), 2 << 20);
        assert_eq!(ibd_file_bytes(2048), 32 << 20);
        assert_eq!(ibd_file_bytes(2049), 36 << 20);
    }
}
