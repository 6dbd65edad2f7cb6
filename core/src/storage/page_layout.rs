//! Which index a page of a tablespace belongs to and what it holds, as
//! `information_schema.INNODB_BUFFER_PAGE_LRU` describes resident pages: each index's pages
//! lie in one range (the clustered index first, then the secondary indexes in index order).

use crate::storage::btree::IndexGeometry;

/// What one index page holds, as `INNODB_BUFFER_PAGE_LRU` describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageContents {
    /// The index's name (`PRIMARY` for the clustered index).
    pub index: String,
    pub records: u64,
    pub data_bytes: u64,
}

/// The indexes' page ranges of one tablespace ([`crate::storage::table::Table::page_layout`]).
#[derive(Clone, Debug)]
pub struct PageLayout {
    indexes: Vec<IndexPages>,
}

#[derive(Clone, Debug)]
pub(crate) struct IndexPages {
    pub name: String,
    /// Its first page, counted from the tablespace's first index page.
    pub first: u64,
    pub geometry: IndexGeometry,
    /// Average bytes of a leaf record and of a node pointer.
    pub leaf_bytes: u64,
    pub pointer_bytes: u64,
}

impl PageLayout {
    pub(crate) fn new(indexes: Vec<IndexPages>) -> PageLayout {
        PageLayout { indexes }
    }

    /// What page `rel` holds: the index's name, and the records on the page with their
    /// average bytes. None for a page past the indexes' segments.
    ///
    /// Simplification: every full page of an index holds the same number of records (the
    /// uniform fill of [`crate::storage::btree::geometry`]), so the figures are the index's averages.
    pub fn contents(&self, rel: u64) -> Option<PageContents> {
        let ix = self
            .indexes
            .iter()
            .find(|ix| rel >= ix.first && rel < ix.first + ix.geometry.allocated_pages.max(1))?;
        let (g, rel) = (&ix.geometry, rel - ix.first);
        if rel >= g.used_pages() {
            return None;
        }
        let is_leaf = g.height == 1 || (1..=g.leaf_pages).contains(&rel);
        let records = if g.height == 1 {
            g.records
        } else if is_leaf {
            let before = (rel - 1) * u64::from(g.records_per_leaf);
            g.records.saturating_sub(before).min(u64::from(g.records_per_leaf))
        } else {
            u64::from(g.node_pointers_per_page).min(g.leaf_pages)
        };
        let bytes = if is_leaf { ix.leaf_bytes } else { ix.pointer_bytes };
        Some(PageContents { index: ix.name.clone(), records, data_bytes: records * bytes })
    }
}
