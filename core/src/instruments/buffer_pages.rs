//! The buffer pool page by page: `information_schema.INNODB_BUFFER_PAGE` (every block of
//! the pool, in block order, free ones included) and `INNODB_BUFFER_PAGE_LRU` (the resident
//! pages, each instance's LRU list from head to tail), with the table and index each page
//! belongs to. The sys schema's `innodb_buffer_stats_by_schema` / `_by_table` are views over
//! the first.
//!
//! Simplifications, common to both: pages are not latched or hashed by the adaptive hash
//! index here (FIX_COUNT 0, IS_HASHED NO), and the pool keeps no LSN per page, so
//! NEWEST_MODIFICATION and OLDEST_MODIFICATION read 0. ACCESS_TIME is the first access in
//! milliseconds of the simulated clock (InnoDB's is as abstract a number), 0 for a page never
//! accessed. The pool holds only the tables' index pages (no system, undo or dictionary
//! pages).
//!
//! Bound: a table of more than [`BUFFER_PAGE_ROWS_MAX`] rows is refused with MySQL's "table
//! is full" error rather than materialised (each row costs about a kilobyte, too much for a
//! browser tab at that size): either is refused once more than 2 GB of pages are resident.

use std::collections::BTreeMap;

use crate::innodb::buffer_pool::{BufferPool, LruPage};
use crate::sim::SimTime;
use crate::sql::result::{Column, ResultSet};
use crate::storage::catalog::Catalog;
use crate::storage::page_layout::PageLayout;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// Most rows either table materialises (a 2 GB pool's blocks).
pub const BUFFER_PAGE_ROWS_MAX: u64 = 131_072;

/// Each tablespace's quoted name (`` `shop`.`orders` ``) and page layout, worked out once
/// rather than per page.
struct Tablespaces(BTreeMap<u32, (String, PageLayout)>);

/// What a resident page is, as both tables print it.
struct Described {
    page_type: &'static str,
    table_name: Value,
    index_name: Value,
    records: u64,
    data_bytes: u64,
}

impl Tablespaces {
    fn of(catalog: &Catalog) -> Tablespaces {
        Tablespaces(
            catalog
                .tables()
                .map(|t| {
                    (t.space_id, (format!("`{}`.`{}`", t.def.schema, t.def.name), t.page_layout()))
                })
                .collect(),
        )
    }

    fn describe(&self, p: &LruPage) -> Described {
        let table = self.0.get(&p.page.space);
        let contents = table.and_then(|(_, layout)| {
            p.page
                .page_no
                .checked_sub(crate::innodb::tablespace::FIRST_INDEX_PAGE)
                .and_then(|rel| layout.contents(rel))
        });
        let table_name = table.map_or(Value::Null, |(name, _)| Value::Str(name.clone()));
        match contents {
            Some(c) => Described {
                page_type: "INDEX",
                table_name,
                index_name: Value::Str(c.index),
                records: c.records,
                data_bytes: c.data_bytes,
            },
            None => Described {
                page_type: "UNKNOWN",
                table_name,
                index_name: Value::Null,
                records: 0,
                data_bytes: 0,
            },
        }
    }
}

fn yes_no(b: bool) -> Value {
    Value::Str(if b { "YES" } else { "NO" }.to_string())
}

/// The columns both tables share, with the table's own second column (`LRU_POSITION` or
/// `BLOCK_ID`) and the ones that differ after COMPRESSED_SIZE.
fn columns(second: &str, state: &str, stale: bool) -> Vec<Column> {
    let mut names: Vec<(&str, bool)> = vec![
        ("POOL_ID", true),
        (second, true),
        ("SPACE", true),
        ("PAGE_NUMBER", true),
        ("PAGE_TYPE", false),
        ("FLUSH_TYPE", true),
        ("FIX_COUNT", true),
        ("IS_HASHED", false),
        ("NEWEST_MODIFICATION", true),
        ("OLDEST_MODIFICATION", true),
        ("ACCESS_TIME", true),
        ("TABLE_NAME", false),
        ("INDEX_NAME", false),
        ("NUMBER_RECORDS", true),
        ("DATA_SIZE", true),
        ("COMPRESSED_SIZE", true),
        (state, false),
        ("IO_FIX", false),
        ("IS_OLD", false),
        ("FREE_PAGE_CLOCK", true),
    ];
    if stale {
        names.push(("IS_STALE", false));
    }
    names
        .iter()
        .map(|(n, numeric)| Column { name: n.to_string(), numeric: *numeric, nullable: true })
        .collect()
}

/// A resident page's row: `second` is its LRU position or block id, `state` the value of the
/// seventeenth column (`COMPRESSED` NO, or `PAGE_STATE` FILE_PAGE), `stale` whether IS_STALE
/// follows.
fn resident_row(spaces: &Tablespaces, p: &LruPage, second: u64, state: Value, stale: bool) -> Row {
    let d = spaces.describe(p);
    let mut row = vec![
        Value::UInt(u64::from(p.pool_id)),
        Value::UInt(second),
        Value::UInt(u64::from(p.page.space)),
        Value::UInt(p.page.page_no),
        Value::Str(d.page_type.to_string()),
        Value::UInt(0),
        Value::UInt(0),
        yes_no(false),
        Value::UInt(0),
        Value::UInt(0),
        Value::UInt(p.first_access.map_or(0, |t| t.0 / 1_000_000)),
        d.table_name,
        d.index_name,
        Value::UInt(d.records),
        Value::UInt(d.data_bytes),
        Value::UInt(0),
        state,
        Value::Str(if p.reading { "IO_READ" } else { "IO_NONE" }.to_string()),
        yes_no(p.old),
        Value::UInt(p.freed_page_clock),
    ];
    if stale {
        row.push(yes_no(false));
    }
    row
}

/// `information_schema.INNODB_BUFFER_PAGE_LRU`: one row per resident page, each instance's
/// LRU list from head (position 0) to tail.
pub fn buffer_page_lru(
    pool: Option<&BufferPool>,
    catalog: &Catalog,
    now: SimTime,
) -> crate::error::Result<ResultSet> {
    let columns = columns("LRU_POSITION", "COMPRESSED", false);
    let Some(pool) = pool else {
        return Ok(ResultSet { columns, rows: Vec::new(), unshown: 0 });
    };
    if pool.pages_data() > BUFFER_PAGE_ROWS_MAX {
        return Err(crate::error::MySqlError::table_full("INNODB_BUFFER_PAGE_LRU"));
    }
    let spaces = Tablespaces::of(catalog);
    let rows = pool
        .lru_pages(now)
        .iter()
        .map(|p| resident_row(&spaces, p, p.position, yes_no(false), false))
        .collect();
    Ok(ResultSet { columns, rows, unshown: 0 })
}

/// `information_schema.INNODB_BUFFER_PAGE`: one row per block of the pool, instance by
/// instance: the resident pages (PAGE_STATE `FILE_PAGE`), then the free blocks (`NOT_USED`,
/// page type `ALLOCATED`, tablespace and page 0, no table).
///
/// Simplifications: free blocks are listed only while the whole pool stays within
/// [`BUFFER_PAGE_ROWS_MAX`] rows (2 GB); a larger pool lists its pages in use alone, so that a
/// learner can still read what it holds. This pool keeps no frames, so a page has no block of its own; BLOCK_ID
/// numbers an instance's resident pages in tablespace and page order, then its free blocks.
/// (InnoDB's order follows where each page happened to be read, which no query should rely
/// on.) No page is stale (IS_STALE NO): a dropped table's pages leave the pool at once here.
pub fn buffer_page(
    pool: Option<&BufferPool>,
    catalog: &Catalog,
    now: SimTime,
) -> crate::error::Result<ResultSet> {
    let columns = columns("BLOCK_ID", "PAGE_STATE", true);
    let Some(pool) = pool else {
        return Ok(ResultSet { columns, rows: Vec::new(), unshown: 0 });
    };
    if pool.pages_data() > BUFFER_PAGE_ROWS_MAX {
        return Err(crate::error::MySqlError::table_full("INNODB_BUFFER_PAGE"));
    }
    let list_free = pool.capacity_pages() <= BUFFER_PAGE_ROWS_MAX;
    let spaces = Tablespaces::of(catalog);
    let mut pages = pool.lru_pages(now);
    pages.sort_by_key(|p| (p.pool_id, p.page.space, p.page.page_no));
    let capacity: Vec<u64> = pool.instance_figures().iter().map(|f| f.0).collect();
    let mut rows =
        Vec::with_capacity(
            if list_free { pool.capacity_pages() } else { pool.pages_data() } as usize
        );
    let mut pages = pages.into_iter().peekable();
    for (pool_id, &blocks) in capacity.iter().enumerate() {
        let pool_id = pool_id as u32;
        let mut block = 0u64;
        while let Some(p) = pages.next_if(|p| p.pool_id == pool_id) {
            let file_page = Value::Str("FILE_PAGE".to_string());
            rows.push(resident_row(&spaces, &p, block, file_page, true));
            block += 1;
        }
        let free_blocks = if list_free { block..blocks } else { 0..0 };
        for free in free_blocks {
            rows.push(vec![
                Value::UInt(u64::from(pool_id)),
                Value::UInt(free),
                Value::UInt(0),
                Value::UInt(0),
                Value::Str("ALLOCATED".to_string()),
                Value::UInt(0),
                Value::UInt(0),
                yes_no(false),
                Value::UInt(0),
                Value::UInt(0),
                Value::UInt(0),
                Value::Null,
                Value::Null,
                Value::UInt(0),
                Value::UInt(0),
                Value::UInt(0),
                Value::Str("NOT_USED".to_string()),
                Value::Str("IO_NONE".to_string()),
                yes_no(false),
                Value::UInt(0),
                yes_no(false),
            ]);
        }
    }
    Ok(ResultSet { columns, rows, unshown: 0 })
}
