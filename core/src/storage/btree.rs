//! The shape of an InnoDB B+tree index: how many records fit on a leaf page and how many node
//! pointers on a non-leaf page, the pages of each level, the tree's height, the pages its two
//! file segments reserve (what information_schema reports as DATA_LENGTH / INDEX_LENGTH), and
//! which pages a lookup visits on its way from the root to a leaf. Nothing is materialised: a
//! 3-million-row index is a handful of integers.

use crate::storage::record::{dir_slots, DIR_SLOT_BYTES, PAGE_BODY_BYTES, PAGE_SIZE_BYTES};

/// Pages of a segment that InnoDB allocates one at a time ("fragment pages", FSEG_FRAG_LIMIT)
/// before it starts giving the segment whole extents.
pub const FRAGMENT_PAGES: u64 = 32;
/// Pages per extent with 16 KB pages (1 MB).
pub const EXTENT_PAGES: u64 = 64;
/// The most records a page can hold: the heap number has 13 bits.
const MAX_RECORDS_PER_PAGE: u32 = 8191;

/// How an index's pages were filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillPolicy {
    /// Rows inserted one by one in key order (an AUTO_INCREMENT key, a dump reloaded by
    /// INSERTs). InnoDB splits at the insertion point and leaves 1/16 of each page free for
    /// later growth, so pages end up about 15/16 full (the manual's figure). Non-leaf pages
    /// fill the same way.
    SequentialInserts,
    /// A sorted index build (CREATE INDEX, ALTER TABLE ... ADD INDEX, a table rebuild): pages,
    /// leaf and non-leaf, are filled up to `innodb_fill_factor` percent (10..=100, default
    /// 100).
    ///
    /// At 100 InnoDB keeps 1/16 of a page free for a clustered index ("compatible with 5.6")
    /// but fills secondary index pages completely (`Page_load::init` in btr0load.cc:
    /// `m_reserved_space` is `UNIV_PAGE_SIZE / 16` only for a clustered index). This variant
    /// follows the secondary-index rule; for a clustered index at 100 use
    /// [`FillPolicy::sorted_build`], which maps it to the same 1/16 reserve as
    /// `SequentialInserts`.
    SortedBuild { fill_factor_pct: u32 },
}

impl FillPolicy {
    /// The policy of a sorted build of a clustered or secondary index at `fill_factor_pct`.
    pub fn sorted_build(fill_factor_pct: u32, clustered: bool) -> FillPolicy {
        if clustered && fill_factor_pct >= 100 {
            FillPolicy::SequentialInserts
        } else {
            FillPolicy::SortedBuild { fill_factor_pct }
        }
    }

    /// Bytes a page keeps free: InnoDB computes the reserve from the whole page size
    /// (16,384 / 16 = 1,024 for inserts; 16,384 x (100 - fill factor) / 100 for a build).
    pub fn reserved_bytes(self) -> u32 {
        match self {
            FillPolicy::SequentialInserts => PAGE_SIZE_BYTES / 16,
            FillPolicy::SortedBuild { fill_factor_pct } => {
                PAGE_SIZE_BYTES * (100 - fill_factor_pct.clamp(10, 100)) / 100
            }
        }
    }
}

/// The most records of `avg_record_bytes` each that fit on one page keeping `reserved_bytes`
/// free (records plus their page directory slots). At least 2: InnoDB keeps two records per
/// page so the tree cannot grow without bound (a record longer than half a page would have
/// gone off-page in DYNAMIC format).
pub fn records_per_page(avg_record_bytes: u32, reserved_bytes: u32) -> u32 {
    let rec = u64::from(avg_record_bytes.max(1));
    let room = u64::from(PAGE_BODY_BYTES.saturating_sub(reserved_bytes));
    let fits = |n: u32| rec * u64::from(n) + u64::from(DIR_SLOT_BYTES * dir_slots(n)) <= room;
    // Start from an estimate that ignores the directory, then step to the exact answer.
    let mut n = (room / rec).min(u64::from(MAX_RECORDS_PER_PAGE)) as u32;
    while n > 0 && !fits(n) {
        n -= 1;
    }
    while n < MAX_RECORDS_PER_PAGE && fits(n + 1) {
        n += 1;
    }
    n.max(2)
}

/// Pages a file segment reserves to hold `used` pages: the first 32 singly, then whole 64-page
/// extents.
///
/// InnoDB also hands a growing segment of 32+ pages up to four spare extents ahead of need
/// (`fseg_fill_free_list`) and counts them as reserved; we leave that out, so a large index
/// can read up to a few MB smaller than InnoDB would report.
pub fn segment_pages(used: u64) -> u64 {
    if used <= FRAGMENT_PAGES {
        used
    } else {
        FRAGMENT_PAGES + (used - FRAGMENT_PAGES).div_ceil(EXTENT_PAGES) * EXTENT_PAGES
    }
}

/// The shape of one B+tree index holding `records` records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexGeometry {
    /// Records in the leaf level.
    pub records: u64,
    /// Leaf pages (at least 1: an empty index is an empty root page).
    pub leaf_pages: u64,
    /// Pages above the leaf level, the root included (0 when the root is a leaf).
    pub non_leaf_pages: u64,
    /// Levels: 1 when the root is a leaf.
    pub height: u32,
    /// Records on each full leaf page (the last leaf may hold fewer).
    pub records_per_leaf: u32,
    /// Node pointers on each full non-leaf page.
    pub node_pointers_per_page: u32,
    /// Pages the index's leaf and non-leaf segments reserve (see [`segment_pages`]).
    /// information_schema.TABLES reports DATA_LENGTH = the clustered index's allocated pages x
    /// 16,384 and INDEX_LENGTH = the sum over secondary indexes of allocated pages x 16,384;
    /// InnoDB reads them from `stat_clustered_index_size` and `stat_sum_of_other_index_sizes`,
    /// which its statistics fill from the same segment reservations (`btr_get_size`).
    pub allocated_pages: u64,
}

/// The shape of an index of `records` records whose leaf records average
/// `avg_leaf_record_bytes` and whose node pointers average `avg_node_pointer_bytes`, with pages
/// filled as `fill` says. Every full page holds the same number of records (a uniform fill):
/// real pages vary a little around that.
pub fn geometry(
    records: u64,
    avg_leaf_record_bytes: u32,
    avg_node_pointer_bytes: u32,
    fill: FillPolicy,
) -> IndexGeometry {
    let reserve = fill.reserved_bytes();
    let records_per_leaf = records_per_page(avg_leaf_record_bytes, reserve);
    let node_pointers_per_page = records_per_page(avg_node_pointer_bytes, reserve);
    let leaf_pages = records.div_ceil(u64::from(records_per_leaf)).max(1);
    let mut height = 1u32;
    let mut non_leaf_pages = 0u64;
    let mut level = leaf_pages;
    while level > 1 {
        level = level.div_ceil(u64::from(node_pointers_per_page));
        non_leaf_pages += level;
        height += 1;
    }
    // The root page is the first page of the non-leaf segment; while it is also the only leaf
    // the leaf segment holds nothing.
    let allocated_pages =
        if height == 1 { 1 } else { segment_pages(leaf_pages) + segment_pages(non_leaf_pages) };
    IndexGeometry {
        records,
        leaf_pages,
        non_leaf_pages,
        height,
        records_per_leaf,
        node_pointers_per_page,
        allocated_pages,
    }
}

impl IndexGeometry {
    /// Pages in use (leaf and non-leaf); page numbers of [`Self::path_to_leaf`] are below it.
    pub fn used_pages(&self) -> u64 {
        self.leaf_pages + self.non_leaf_pages
    }

    /// Bytes the index's segments reserve (`allocated_pages` x 16,384).
    pub fn allocated_bytes(&self) -> u64 {
        self.allocated_pages * u64::from(PAGE_SIZE_BYTES)
    }

    /// Pages per level, leaf level first, root level last.
    pub fn level_pages(&self) -> Vec<u64> {
        let mut levels = vec![self.leaf_pages];
        let mut level = self.leaf_pages;
        while level > 1 {
            level = level.div_ceil(u64::from(self.node_pointers_per_page));
            levels.push(level);
        }
        levels
    }

    /// Position (0-based, in key order) of the leaf holding the record at `ordinal` in key
    /// order; ordinals past the end map to the last leaf.
    fn leaf_index(&self, ordinal: u64) -> u64 {
        (ordinal / u64::from(self.records_per_leaf)).min(self.leaf_pages - 1)
    }

    /// The ordinals held by the leaf that holds the record at `ordinal` (the last leaf also
    /// takes every ordinal past the end, as [`IndexGeometry::leaf_page_of`] maps them).
    pub fn leaf_ordinals(&self, ordinal: u64) -> std::ops::Range<u64> {
        let per_leaf = u64::from(self.records_per_leaf);
        let leaf = self.leaf_index(ordinal);
        let start = leaf * per_leaf;
        let end = if leaf + 1 >= self.leaf_pages { u64::MAX } else { start + per_leaf };
        start..end
    }

    /// Page number, relative to the index's first page, of the leaf holding the record at
    /// `ordinal` in key order.
    ///
    /// Numbering: the root is page 0; when the tree has more than one level, the leaves follow
    /// as pages 1..=leaf_pages in key order (so a full scan reads ascending page numbers and
    /// linear read-ahead sees whole extents), then the other non-leaf pages, level by level
    /// from the one above the leaves. InnoDB's leaves are not contiguous like this: the first
    /// 32 are fragment pages scattered over the tablespace and the root sits among them; we
    /// number them in one run because only the order of a scan matters to the buffer pool.
    pub fn leaf_page_of(&self, ordinal: u64) -> u64 {
        if self.height == 1 {
            0
        } else {
            1 + self.leaf_index(ordinal)
        }
    }

    /// Page numbers (relative to the index's first page) from the root down to the leaf holding
    /// the record at `ordinal` in key order: `height` pages, root (0) first. The executor
    /// counts each as one buffer pool page request.
    pub fn path_to_leaf(&self, ordinal: u64) -> PagePath {
        let fanout = u64::from(self.node_pointers_per_page).max(2);
        // Pages per level and the page's position within its level, leaf level first.
        let (mut counts, mut positions) = ([0u64; PATH_PAGES_MAX], [0u64; PATH_PAGES_MAX]);
        let (mut count, mut pos, mut levels) = (self.leaf_pages, self.leaf_index(ordinal), 0);
        loop {
            counts[levels] = count;
            positions[levels] = pos;
            levels += 1;
            if count <= 1 || levels == PATH_PAGES_MAX {
                break;
            }
            count = count.div_ceil(fanout);
            pos /= fanout;
        }
        // First page number of each level: leaves from 1, then the levels above them; the
        // root level is page 0.
        let mut path = PagePath { pages: [0; PATH_PAGES_MAX], len: levels as u8 };
        let mut base = 1 + self.leaf_pages;
        for level in 0..levels - 1 {
            let first = if level == 0 { 1 } else { base };
            if level > 0 {
                base += counts[level];
            }
            path.pages[levels - 1 - level] = first + positions[level];
        }
        path
    }
}

/// Levels a B-tree path can have here: with at least two pointers a page, more than any
/// page count in a u64 needs.
const PATH_PAGES_MAX: usize = 64;

/// The pages from an index's root to one leaf, root first (a fixed array: a scan asks for one
/// per record-buffer batch, and a lookup one per row, so it must not allocate).
#[derive(Clone, Copy, Debug)]
pub struct PagePath {
    pages: [u64; PATH_PAGES_MAX],
    len: u8,
}

impl PagePath {
    pub fn to_vec(&self) -> Vec<u64> {
        self.pages[..usize::from(self.len)].to_vec()
    }
}

impl IntoIterator for PagePath {
    type Item = u64;
    type IntoIter = std::iter::Take<std::array::IntoIter<u64, PATH_PAGES_MAX>>;

    fn into_iter(self) -> Self::IntoIter {
        self.pages.into_iter().take(usize::from(self.len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_reserve_fragments_then_extents() {
        assert_eq!(segment_pages(0), 0);
        assert_eq!(segment_pages(32), 32);
        assert_eq!(segment_pages(33), 96);
        assert_eq!(segment_pages(96), 96);
        assert_eq!(segment_pages(97), 160);
    }

    #[test]
    fn fill_reserves() {
        assert_eq!(FillPolicy::SequentialInserts.reserved_bytes(), 1024);
        assert_eq!(FillPolicy::SortedBuild { fill_factor_pct: 100 }.reserved_bytes(), 0);
        assert_eq!(FillPolicy::SortedBuild { fill_factor_pct: 50 }.reserved_bytes(), 8192);
        assert_eq!(FillPolicy::sorted_build(100, true), FillPolicy::SequentialInserts);
    }

    #[test]
    fn small_and_empty_indexes_are_one_root_page() {
        let g = geometry(0, 208, 13, FillPolicy::SequentialInserts);
        assert_eq!((g.leaf_pages, g.non_leaf_pages, g.height, g.allocated_pages), (1, 0, 1, 1));
        assert_eq!(g.path_to_leaf(0).to_vec(), vec![0]);
        let g = geometry(13, 60, 14, FillPolicy::SequentialInserts);
        assert_eq!((g.height, g.allocated_pages, g.leaf_page_of(12)), (1, 1, 0));
    }

    #[test]
    fn sysbench_table_of_10000_rows() {
        // 208-byte records, 1,024 bytes reserved: 73 x 208 + 2 x (1 + ceil(74 / 6)) = 15,212
        // <= 15,232; 74 would need 15,420.
        let g = geometry(10_000, 208, 13, FillPolicy::SequentialInserts);
        assert_eq!(g.records_per_leaf, 73);
        assert_eq!(g.leaf_pages, 137);
        assert_eq!((g.non_leaf_pages, g.height), (1, 2));
        // Leaf segment 32 fragment pages + 2 extents = 160 pages, plus the root: 161 pages.
        assert_eq!(g.allocated_pages, 161);
        assert_eq!(g.allocated_bytes(), 2_637_824);
    }

    /// The path as the formula reads: each level's first page number after the levels below
    /// it, plus the page's position in its level (the allocation-free path must agree).
    fn reference_path(g: &IndexGeometry, ordinal: u64) -> Vec<u64> {
        let levels = g.level_pages();
        let fanout = u64::from(g.node_pointers_per_page);
        let leaf = (ordinal / u64::from(g.records_per_leaf)).min(g.leaf_pages - 1);
        let mut path = Vec::new();
        for level in (0..levels.len()).rev() {
            if level == levels.len() - 1 {
                path.push(0);
            } else {
                let first = 1 + levels[..level].iter().sum::<u64>();
                path.push(first + leaf / fanout.pow(level as u32));
            }
        }
        path
    }

    #[test]
    fn paths_agree_with_the_formula() {
        for (records, record_bytes, pointer_bytes) in [
            (0, 208, 13),
            (73, 208, 13),
            (10_000, 208, 13),
            (3_000_000, 232, 18),
            (9_999_999, 900, 600),
        ] {
            let g = geometry(records, record_bytes, pointer_bytes, FillPolicy::SequentialInserts);
            for ordinal in [0, 1, records / 3, records / 2, records.saturating_sub(1), records + 5]
            {
                assert_eq!(
                    g.path_to_leaf(ordinal).to_vec(),
                    reference_path(&g, ordinal),
                    "{records} records, ordinal {ordinal}"
                );
            }
        }
    }

    #[test]
    fn paths_run_root_to_leaf_in_key_order() {
        let g = geometry(3_000_000, 232, 18, FillPolicy::SequentialInserts);
        assert_eq!(g.height, 3);
        let levels = g.level_pages();
        assert_eq!(levels.len(), 3);
        assert_eq!(*levels.last().unwrap(), 1);
        let first = g.path_to_leaf(0).to_vec();
        assert_eq!(first, vec![0, 1 + g.leaf_pages, 1]);
        let last = g.path_to_leaf(g.records - 1).to_vec();
        assert_eq!(last.len(), 3);
        assert_eq!(*last.last().unwrap(), g.leaf_pages);
        assert_eq!(last[1], g.used_pages() - 1);
        assert!(last.iter().all(|&p| p < g.used_pages()));
        // Consecutive records share a leaf until it is full.
        let per = u64::from(g.records_per_leaf);
        assert_eq!(g.leaf_page_of(per - 1), 1);
        assert_eq!(g.leaf_page_of(per), 2);
        assert!(g.used_pages() <= g.allocated_pages);
    }
}
