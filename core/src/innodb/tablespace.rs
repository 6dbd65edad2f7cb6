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
