//! The lessons' map of a table in the buffer pool: after each client statement that moved
//! it, which stretches of the biggest user table's clustered index are resident, in the
//! young or the old part of the LRU list, and which the statement read from disk. Counts of young and old pages alone stay flat
//! through a scan (a full pool stays full, and the midpoint rule keeps the young part as it
//! was); the map shows what the counts hide: which pages the scan cycled through the old
//! part, which stayed young, what a restart's load brought back.

use crate::innodb::buffer_pool::{BufferPool, PageId};
use crate::sim::SimTime;
use crate::storage::catalog::Catalog;
use crate::storage::table::Table;
use serde::{Deserialize, Serialize};

/// Stretches of the table one map has (each about 1 % of its pages).
pub const MAP_CELLS: u32 = 100;
/// Most maps one experiment keeps; later statements are not mapped (and the outcome says so).
pub const MAPS_MAX: usize = 24;
/// The longest statement text kept as a map's label, in characters.
const LABEL_CHARS: usize = 60;

/// Where a table's clustered index pages are after one statement: for each of about 100
/// equal stretches of the index in page order, its pages resident in the young part of the
/// LRU list and in the old part (the rest are on disk only), and those the statement read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolMap {
    /// Simulated time of the map (an experiment's outcome counts it from the run's start).
    pub t_ns: u64,
    /// The statement (or `\!` command) the map follows, shortened.
    pub statement: String,
    /// `schema.table`.
    pub table: String,
    /// Pages of the table's clustered index, all levels.
    pub table_pages: u64,
    /// The pool's size in pages.
    pub capacity_pages: u64,
    /// For each stretch, its pages in the young part of the LRU list.
    pub young: Vec<u32>,
    /// For each stretch, its pages in the old part.
    pub old: Vec<u32>,
    /// For each stretch, its pages the statement read from disk (a page read twice counts
    /// twice).
    pub read: Vec<u32>,
}

/// The maps recorded so far (`Server::enable_internals_trace` starts recording).
#[derive(Clone, Debug, Default)]
pub struct PoolMaps {
    /// Recorded and not yet taken by the experiment.
    pending: Vec<PoolMap>,
    /// The last recorded map's table and (young, old) stretches, to skip statements that
    /// changed nothing.
    last: Option<(String, Vec<u32>, Vec<u32>)>,
    /// The pool's page requests when the last statement ended.
    requests: u64,
    recorded: usize,
    /// A statement worth mapping came after [`MAPS_MAX`] maps.
    pub truncated: bool,
}

impl PoolMaps {
    /// After a client statement (`label`): maps the biggest user table if the statement
    /// changed what of it is resident, or read through much of it (a second scan that
    /// changes nothing is worth a row too). `pool` is None while mysqld is down.
    pub fn note_statement(
        &mut self,
        label: &str,
        mut pool: Option<&mut BufferPool>,
        catalog: &Catalog,
        now: SimTime,
    ) {
        let maps = self;
        let reads = pool.as_mut().map(|p| p.take_read_log()).unwrap_or_default();
        let pool = pool.map(|p| &*p);
        if let Some(map) = map_biggest_table(pool, catalog, now, label, &reads) {
            let requests = pool.map_or(0, |p| p.stats().read_requests);
            // A restart starts the counter again.
            let read = if requests >= maps.requests { requests - maps.requests } else { requests };
            maps.requests = requests;
            let read_pages: u64 = map.read.iter().map(|&n| u64::from(n)).sum();
            let moved = match &maps.last {
                Some((table, young, old)) if *table == map.table => {
                    let diff = |a: &[u32], b: &[u32]| -> u64 {
                        a.iter().zip(b).map(|(x, y)| u64::from(x.abs_diff(*y))).sum()
                    };
                    let changed = diff(young, &map.young) + diff(old, &map.old);
                    (changed + read_pages) * 100 >= map.table_pages || read * 8 >= map.table_pages
                }
                _ => true,
            };
            if moved {
                if maps.recorded < MAPS_MAX {
                    maps.last = Some((map.table.clone(), map.young.clone(), map.old.clone()));
                    maps.recorded += 1;
                    maps.pending.push(map);
                } else {
                    maps.truncated = true;
                }
            }
        }
    }

    /// The maps recorded since the last call, and whether some statements went unmapped.
    pub fn take(&mut self) -> (Vec<PoolMap>, bool) {
        (std::mem::take(&mut self.pending), self.truncated)
    }
}

/// The map of the user table with the most clustered index pages (ties: the first by name),
/// or None while mysqld is down or no user table exists.
fn map_biggest_table(
    pool: Option<&BufferPool>,
    catalog: &Catalog,
    now: SimTime,
    label: &str,
    reads: &[PageId],
) -> Option<PoolMap> {
    let pool = pool?;
    let table = catalog
        .tables()
        .filter(|t| !crate::storage::catalog::Catalog::is_system_schema(&t.def.schema))
        .map(|t| (t.clustered_geometry().used_pages(), t))
        .fold(None, |best: Option<(u64, &Table)>, (pages, t)| match best {
            Some((most, _)) if most >= pages => best,
            _ => Some((pages, t)),
        })?;
    let (pages, t) = table;
    let first = crate::innodb::tablespace::index_page(t, 0).page_no;
    let mut statement: String = label.split_whitespace().collect::<Vec<_>>().join(" ");
    if statement.chars().count() > LABEL_CHARS {
        statement = statement.chars().take(LABEL_CHARS - 1).collect::<String>() + "…";
    }
    let cells = pool.residency(t.space_id, first, pages, MAP_CELLS);
    let per_cell = pages.div_ceil(cells.len().max(1) as u64).max(1);
    let mut read = vec![0u32; cells.len()];
    for p in reads.iter().filter(|p| p.space == t.space_id) {
        let cell = p.page_no.checked_sub(first).map(|rel| (rel / per_cell) as usize);
        if let Some(n) = cell.and_then(|c| read.get_mut(c)) {
            *n += 1;
        }
    }
    Some(PoolMap {
        t_ns: now.0,
        statement,
        table: format!("{}.{}", t.def.schema, t.def.name),
        table_pages: pages,
        capacity_pages: pool.capacity_pages(),
        young: cells.iter().map(|c| c.0).collect(),
        old: cells.iter().map(|c| c.1).collect(),
        read,
    })
}

#[cfg(test)]
mod tests {
    use super::PoolMap;
    use super::MAPS_MAX;
    use crate::lab::experiment::{Experiment, Setting, Step};

    /// page_views at 1/20 scale (2,312 pages) through a 16 MB pool (1,024 pages).
    fn run(sql: &str) -> (Vec<PoolMap>, bool) {
        let e = Experiment {
            dataset: "shop".into(),
            scale: 0.05,
            variables: [("innodb_buffer_pool_size".to_string(), Setting::Text("16M".into()))]
                .into_iter()
                .collect(),
            internals: vec!["lru".into()],
            steps: vec![Step { title: String::new(), sql: sql.into() }],
            ..Experiment::default()
        };
        let o = e.run().unwrap();
        (o.internals.pool_maps, o.internals.pool_maps_truncated)
    }

    fn total(cells: &[u32]) -> u32 {
        cells.iter().sum()
    }

    #[test]
    fn a_scan_reads_through_the_old_part_and_leaves_the_young_part_where_it_was() {
        let scan = "SELECT SUM(LENGTH(referrer)) FROM shop.page_views";
        let (maps, truncated) = run(&format!("SELECT 1;\n{scan};\nSELECT 1;\nRESTART;"));
        let labels: Vec<&str> = maps.iter().map(|m| m.statement.as_str()).collect();
        // `SELECT 1` moves nothing and is not mapped; the scan and the restart are.
        assert_eq!(labels, ["(the server as it started)", scan, "RESTART"]);
        assert!(!truncated);
        let (start, after, restarted) = (&maps[0], &maps[1], &maps[2]);
        assert_eq!((start.table.as_str(), start.table_pages), ("shop.page_views", 2_312));
        assert_eq!(start.young.len(), 97, "cells of 24 pages");
        // At start the pool holds the table's last pages, as the load left them: the young
        // part at the very end, the old part just before it, nothing read yet. (The root page,
        // in the first cell, is young too: every lookup passes through it.)
        let young_from = start.young.iter().position(|&n| n >= 12).unwrap();
        let old_from = start.old.iter().position(|&n| n >= 12).unwrap();
        assert!(old_from < young_from && young_from > 60, "{start:?}");
        assert_eq!(total(&start.read), 0);
        // The scan read every page before the young part from disk, through the old part,
        // which ends holding the last of them; the young part is untouched.
        assert_eq!(after.read[0], 23, "all but the root");
        assert!(after.read[1..old_from].iter().all(|&n| n == 24), "{after:?}");
        let last = after.read.len() - 1; // the last cell holds the level above the leaves
        assert_eq!(total(&after.read[young_from + 1..last]), 0);
        assert_eq!(after.young, start.young);
        assert_eq!(total(&after.old), total(&start.old));
        assert_eq!(total(&after.young) + total(&after.old), 1_024);
        // A restart empties the pool (the load of the dump comes later, in the background).
        assert_eq!(total(&restarted.young) + total(&restarted.old), 0);
    }

    #[test]
    fn maps_stop_at_their_bound_and_say_so() {
        let sql = "SELECT SUM(LENGTH(referrer)) FROM shop.page_views;\n".repeat(MAPS_MAX + 3);
        let (maps, truncated) = run(&sql);
        assert_eq!(maps.len(), MAPS_MAX);
        assert!(truncated);
    }
}
