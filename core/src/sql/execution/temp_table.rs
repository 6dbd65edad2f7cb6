//! Internal temporary tables as MySQL 9.7 makes them for GROUP BY and DISTINCT, as a model of
//! where the table lives, what it costs and which counters it moves; the groups themselves are
//! kept by the executor's compact group table.
//!
//! The table starts in memory, in the engine `internal_tmp_mem_storage_engine` names:
//! TempTable (the default) stores each row with its values' actual lengths, MEMORY at the
//! columns' full declared width. It is converted to an InnoDB on-disk temporary table (in the
//! session temporary tablespace) when it outgrows `tmp_table_size` (for MEMORY, the smaller
//! of that and `max_heap_table_size`), or when TempTable as a whole passes
//! `temptable_max_ram` and no `temptable_max_mmap` room is left; `big_tables` puts it on disk
//! from the start. The conversion copies every row written so far. On disk, each change is a
//! B-tree search on the group key and a change in a clustered index ordered by a hidden row
//! id, both through the buffer pool, so a pool too small for the table pays reads and writes
//! on the simulated disk as well as the CPU of InnoDB's row operations.
//!
//! Counters: `Created_tmp_tables` (+1 per table), `Created_tmp_disk_tables` (+1 when it goes
//! to disk), `Handler_write` per row written (the conversion's copies included) and
//! `Handler_update` per row updated, `Count_hit_tmp_table_size` and
//! `TempTable_count_hit_max_ram` for the limit that forced the conversion. MySQL counts a
//! temporary table's rows in the same handler counters as a stored table's
//! (`handler::ha_write_row` and `ha_update_row` bump `ha_write_count` / `ha_update_count`
//! whatever the table); `Handler_tmp_write` and `Handler_tmp_update` are MariaDB's.

use crate::innodb::buffer_pool::PageId;
use crate::sim::hardware::TempCosts;
use crate::sim::SimDuration;
use crate::sql::execution::costs::Costs;
use crate::status_id;

/// The session temporary tablespace's id. InnoDB numbers them down from the top of the id
/// range (`dict_sys_t::s_max_temp_space_id`); one statement uses one here.
pub const TEMP_SPACE_ID: u32 = 4_294_967_279;
/// Page numbers of the unique index on the group key start here, after the clustered index's.
const INDEX_PAGES_FROM: u64 = 1 << 40;

/// TempTable's bytes per row besides the values: the row's header, and per cell its NULL
/// flag, length and pointer (`temptable::Cell`).
const TEMPTABLE_ROW_BYTES: u64 = 16;
const TEMPTABLE_CELL_BYTES: u64 = 16;
/// One entry of TempTable's hash index on the group key (a node of its unordered map with
/// the cached hash, the indexed cells and the row pointer, plus its bucket slot).
const TEMPTABLE_INDEX_ENTRY_BYTES: u64 = 56;
/// A MEMORY table's hash index entry per row (`HASH_INFO`).
const MEMORY_INDEX_ENTRY_BYTES: u64 = 24;
/// InnoDB's record header (COMPACT/DYNAMIC) and the clustered index's hidden columns
/// DB_ROW_ID (6), DB_TRX_ID (6) and DB_ROLL_PTR (7).
const INNODB_RECORD_HEADER_BYTES: u64 = 5;
const INNODB_HIDDEN_COLUMNS_BYTES: u64 = 19;
const INNODB_ROW_ID_BYTES: u64 = 6;
/// A page's room for records: 16 KB less the page header, trailer and directory.
const PAGE_RECORD_BYTES: u64 = 16_252;
/// Fill of the clustered index's pages: rows arrive in row-id order, so pages fill to 15/16
/// (InnoDB leaves a sixteenth free); the key index takes rows in key-hash order and its
/// pages split in halves, about 69 % full on average (Yao's result for random B-tree inserts).
const CLUSTERED_FILL_PERMILLE: u64 = 937;
const INDEX_FILL_PERMILLE: u64 = 690;

/// The engine for in-memory internal temporary tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryEngine {
    TempTable,
    Memory,
}

/// The session's settings a temporary table obeys.
#[derive(Clone, Debug)]
pub struct TempSettings {
    pub engine: MemoryEngine,
    pub tmp_table_size: u64,
    pub max_heap_table_size: u64,
    pub temptable_max_ram: u64,
    pub temptable_max_mmap: u64,
    pub big_tables: bool,
}

/// One row of the temporary table, sized three ways.
#[derive(Clone, Copy, Debug, Default)]
pub struct RowSize {
    /// The values' actual bytes (strings at their length, numbers at their width).
    pub data: u64,
    /// The values at their declared width (what a MEMORY table reserves).
    pub declared: u64,
    /// Columns (group key parts and aggregates).
    pub cells: u64,
    /// Bytes of the group key (the on-disk table's index entries).
    pub key: u64,
}

/// Where the table is.
#[derive(Debug)]
enum Place {
    Memory,
    Disk(DiskTable),
}

/// An internal temporary table over one statement.
#[derive(Debug)]
pub struct TempTable {
    settings: TempSettings,
    costs: TempCosts,
    place: Place,
    rows: u64,
    /// Bytes the in-memory table holds (RAM and mmap).
    memory_bytes: u64,
    /// Of which in TempTable's mmap files.
    mmap_bytes: u64,
    /// Bytes charged to the host's memory.
    host_bytes: u64,
    /// The row size of the rows written so far (their average, for the conversion's copy).
    row_sizes: RowSize,
    /// The CPU share the statement runs with (thousandths of a CPU), read once.
    capacity_milli: u64,
    /// Rows written and updated, added to the handler counters when the table is dropped.
    writes: u64,
    updates: u64,
    /// Whether the table has a unique index on its key (GROUP BY's, DISTINCT's, a set
    /// operation's); a materialised derived table has none, only its rows.
    keyed: bool,
}

/// TempTable takes memory from the host in blocks of this size (its allocator's blocks), so a
/// table is charged as it grows, not per row.
const HOST_BLOCK_BYTES: u64 = 1 << 20;

#[derive(Debug, Default)]
struct DiskTable {
    rows: u64,
    clustered_bytes: u64,
    clustered_pages: u64,
    index_bytes: u64,
    index_leaves: u64,
}

impl TempTable {
    /// Creates the table (`Created_tmp_tables`); with `big_tables` it is on disk at once.
    pub fn create(settings: TempSettings, costs: &mut Costs) -> TempTable {
        TempTable::created(settings, costs, true)
    }

    /// Creates a table without an index (a materialised derived table): its rows are only
    /// appended, in memory without TempTable's hash index entries, on disk to the clustered
    /// index alone.
    pub fn create_unkeyed(settings: TempSettings, costs: &mut Costs) -> TempTable {
        TempTable::created(settings, costs, false)
    }

    fn created(settings: TempSettings, costs: &mut Costs, keyed: bool) -> TempTable {
        costs.status.add(status_id!("Created_tmp_tables"), 1);
        let temp = costs.host.hardware().temp.clone();
        let mut t = TempTable {
            settings,
            costs: temp,
            place: Place::Memory,
            rows: 0,
            memory_bytes: 0,
            mmap_bytes: 0,
            host_bytes: 0,
            row_sizes: RowSize::default(),
            capacity_milli: costs.host.cpu_capacity_milli().clamp(1, 1000),
            writes: 0,
            updates: 0,
            keyed,
        };
        if t.settings.big_tables {
            t.convert_to_disk(costs);
        }
        t
    }

    /// Whether the table went to disk.
    pub fn on_disk(&self) -> bool {
        matches!(self.place, Place::Disk(_))
    }

    fn memory_row_bytes(&self, row: RowSize) -> u64 {
        match self.settings.engine {
            MemoryEngine::TempTable => {
                TEMPTABLE_ROW_BYTES
                    + row.cells * TEMPTABLE_CELL_BYTES
                    + row.data
                    + if self.keyed { TEMPTABLE_INDEX_ENTRY_BYTES } else { 0 }
            }
            // MEMORY rows are fixed-length, rounded to 8 bytes.
            MemoryEngine::Memory => {
                row.declared.div_ceil(8) * 8 + if self.keyed { MEMORY_INDEX_ENTRY_BYTES } else { 0 }
            }
        }
    }

    fn memory_limit(&self) -> u64 {
        match self.settings.engine {
            MemoryEngine::TempTable => self.settings.tmp_table_size,
            MemoryEngine::Memory => {
                self.settings.tmp_table_size.min(self.settings.max_heap_table_size)
            }
        }
    }

    /// A new row (a new group): `hash` places it in the key index.
    pub fn write(&mut self, row: RowSize, hash: u64, costs: &mut Costs) {
        self.writes += 1;
        self.rows += 1;
        self.row_sizes.data += row.data;
        self.row_sizes.declared += row.declared;
        self.row_sizes.cells = row.cells;
        self.row_sizes.key += row.key;
        if matches!(self.place, Place::Memory) {
            let bytes = self.memory_row_bytes(row);
            let over_size = self.memory_bytes + bytes > self.memory_limit();
            let ram_used = self.memory_bytes - self.mmap_bytes;
            let over_ram = self.settings.engine == MemoryEngine::TempTable
                && ram_used + bytes > self.settings.temptable_max_ram;
            let mmap_room = self.mmap_bytes + bytes <= self.settings.temptable_max_mmap;
            if over_size {
                costs.status.add(status_id!("Count_hit_tmp_table_size"), 1);
                self.convert_to_disk(costs);
            } else if over_ram && !mmap_room {
                costs.status.add(status_id!("TempTable_count_hit_max_ram"), 1);
                self.convert_to_disk(costs);
            } else {
                self.memory_bytes += bytes;
                if over_ram {
                    // Overflow into a memory-mapped file in tmpdir: still "in memory" for
                    // the counters (MySQL does not count it as a disk table).
                    self.mmap_bytes += bytes;
                } else {
                    self.charge_host(costs);
                }
                self.cpu(self.costs.tmp_row_ns, costs);
                return;
            }
        }
        self.disk_insert(row, hash, costs);
    }

    /// An existing row (group number `group`, in first-seen order) updated.
    pub fn update(&mut self, group: u64, hash: u64, costs: &mut Costs) {
        self.updates += 1;
        match &mut self.place {
            Place::Memory => self.cpu(self.costs.tmp_update_ns, costs),
            Place::Disk(d) => {
                let leaf = index_page(hash % d.index_leaves.max(1));
                costs.request_page(leaf);
                let page = group.saturating_mul(d.clustered_pages) / d.rows.max(1);
                let page = clustered_page(page.min(d.clustered_pages.saturating_sub(1)));
                costs.request_page(page);
                costs.pool.mark_dirty(page);
                // An update does the write's search without its insert and page splits: it
                // costs the share of a write that it does in memory.
                let ns = self.costs.tmp_disk_row_ns.saturating_mul(self.costs.tmp_update_ns)
                    / self.costs.tmp_row_ns.max(1);
                self.cpu(ns, costs);
            }
        }
    }

    /// Before the group index is searched for a row with key hash `hash`: warms the index
    /// leaf page the write or update of that row will request, so the simulator's own
    /// memory accesses for the two overlap (see `BufferPool::warm`). No simulated effect.
    pub fn warm(&self, hash: u64, costs: &Costs) {
        if let Place::Disk(d) = &self.place {
            std::hint::black_box(costs.pool.warm(index_page(hash % d.index_leaves.max(1))));
        }
    }

    /// A lookup that changes nothing (DISTINCT meeting a row it has).
    pub fn lookup(&mut self, hash: u64, costs: &mut Costs) {
        match &self.place {
            Place::Memory => self.cpu(self.costs.tmp_update_ns, costs),
            Place::Disk(d) => {
                costs.request_page(index_page(hash % d.index_leaves.max(1)));
                self.cpu(self.costs.tmp_disk_row_ns, costs);
            }
        }
    }

    /// Converts the table to InnoDB: every row so far is copied into it.
    fn convert_to_disk(&mut self, costs: &mut Costs) {
        costs.status.add(status_id!("Created_tmp_disk_tables"), 1);
        let copied = self.rows.saturating_sub(1);
        let n = self.rows.max(1);
        let avg = RowSize {
            data: self.row_sizes.data / n,
            declared: self.row_sizes.declared / n,
            cells: self.row_sizes.cells,
            key: self.row_sizes.key / n,
        };
        self.release_host(costs);
        self.memory_bytes = 0;
        self.mmap_bytes = 0;
        self.place = Place::Disk(DiskTable::default());
        // The rows already in memory (all but the one being written), in their order; their
        // key hashes are spread as a hash spreads them.
        for i in 0..copied {
            self.writes += 1;
            self.disk_insert(avg, i.wrapping_mul(0x9E37_79B9_7F4A_7C15), costs);
        }
    }

    fn disk_insert(&mut self, row: RowSize, hash: u64, costs: &mut Costs) {
        let Place::Disk(d) = &mut self.place else { return };
        let record =
            INNODB_RECORD_HEADER_BYTES + INNODB_HIDDEN_COLUMNS_BYTES + row.cells + row.data;
        let entry = INNODB_RECORD_HEADER_BYTES + row.key + INNODB_ROW_ID_BYTES + 1;
        d.rows += 1;
        d.clustered_bytes += record;
        let clustered_need =
            (d.clustered_bytes * 1000).div_ceil(PAGE_RECORD_BYTES * CLUSTERED_FILL_PERMILLE);
        let pages_before = d.clustered_pages + d.index_leaves;
        if d.clustered_pages < clustered_need.max(1) {
            while d.clustered_pages < clustered_need.max(1) {
                costs.create_page(clustered_page(d.clustered_pages));
                d.clustered_pages += 1;
            }
            // Read-ahead never reads past the clustered index's last page.
            costs.pool.set_space_pages(TEMP_SPACE_ID, d.clustered_pages);
        }
        if self.keyed {
            d.index_bytes += entry;
            let index_need =
                (d.index_bytes * 1000).div_ceil(PAGE_RECORD_BYTES * INDEX_FILL_PERMILLE);
            while d.index_leaves < index_need.max(1) {
                costs.create_page(index_page(d.index_leaves));
                d.index_leaves += 1;
            }
        }
        // The session temporary tablespace's file grows to hold the new pages (its zeros
        // written as it grows, `Disk::extend_tablespace`).
        // Simplification: the file holds the clustered pages then the index's (InnoDB
        // allocates both from the same extents as they fill).
        let pages = d.clustered_pages + d.index_leaves;
        if pages != pages_before {
            let wait = costs.disk.extend_tablespace(TEMP_SPACE_ID, pages);
            costs.clock.advance(wait);
        }
        let last = clustered_page(d.clustered_pages - 1);
        costs.request_page(last);
        costs.pool.mark_dirty(last);
        if self.keyed {
            let leaf = index_page(hash % d.index_leaves);
            costs.request_page(leaf);
            costs.pool.mark_dirty(leaf);
            self.cpu(self.costs.tmp_disk_row_ns, costs);
        } else {
            // An append: no search of a key index, a row put after the last one (the share
            // of a keyed write an update of a found row costs).
            let ns = self.costs.tmp_disk_row_ns.saturating_mul(self.costs.tmp_update_ns)
                / self.costs.tmp_row_ns.max(1);
            self.cpu(ns, costs);
        }
    }

    fn cpu(&self, ns: u64, costs: &mut Costs) {
        costs.clock.advance(SimDuration(ns.saturating_mul(1000) / self.capacity_milli));
    }

    /// Charges the host for the table's RAM, a block at a time.
    fn charge_host(&mut self, costs: &mut Costs) {
        let ram = self.memory_bytes - self.mmap_bytes;
        if ram <= self.host_bytes || costs.oom.is_some() {
            return;
        }
        let block = (ram - self.host_bytes).div_ceil(HOST_BLOCK_BYTES) * HOST_BLOCK_BYTES;
        match costs.host.allocate("temptable", block) {
            Ok(()) => self.host_bytes += block,
            Err(e) => *costs.oom = Some(e),
        }
    }

    fn release_host(&mut self, costs: &mut Costs) {
        costs.host.release("temptable", self.host_bytes);
        self.host_bytes = 0;
    }

    /// All its rows deleted, the table kept (MySQL's rematerialisation of a dependent derived
    /// table, `ha_delete_all_rows` before it is filled again for the next outer row). A table
    /// converted to disk stays there, its pages kept for the next rows; in memory, the host
    /// keeps the blocks it gave (TempTable's allocator keeps them).
    pub fn empty(&mut self) {
        self.rows = 0;
        self.row_sizes = RowSize::default();
        match &mut self.place {
            Place::Memory => {
                self.memory_bytes = 0;
                self.mmap_bytes = 0;
            }
            Place::Disk(d) => {
                d.rows = 0;
                d.clustered_bytes = 0;
                d.index_bytes = 0;
            }
        }
    }

    /// The statement is over: the table is dropped, its memory returned and its pages
    /// discarded from the buffer pool (the session tablespace keeps its size).
    pub fn drop_table(mut self, costs: &mut Costs) {
        costs.status.add(status_id!("Handler_write"), self.writes);
        costs.status.add(status_id!("Handler_update"), self.updates);
        self.release_host(costs);
        if self.on_disk() {
            costs.pool.discard_space(TEMP_SPACE_ID);
        }
    }
}

fn clustered_page(n: u64) -> PageId {
    PageId { space: TEMP_SPACE_ID, page_no: n }
}

fn index_page(n: u64) -> PageId {
    PageId { space: TEMP_SPACE_ID, page_no: INDEX_PAGES_FROM + n }
}
