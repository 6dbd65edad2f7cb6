//! The buffer pool as the executor sees it: every page a statement touches is requested here,
//! and a request either finds the page in the pool or reads it from disk, evicting the least
//! recently used page when the pool is full. The counters are InnoDB's
//! (`Innodb_buffer_pool_read_requests`, `_reads`, `_pages_data`, `_pages_free`, ...).
//!
//! Simplification (for now): one strict LRU list. InnoDB splits its LRU into young and old
//! sublists with midpoint insertion, reads ahead whole extents, and keeps one list per
//! instance; those rules come with the buffer pool lesson and change only this file.

use std::collections::BTreeMap;

/// A page: tablespace id and page number within it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PageId {
    pub space: u32,
    pub page_no: u64,
}

/// What a page request found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The page was in the pool.
    Hit,
    /// The page was read from disk (`evicted` tells whether another page had to leave).
    Miss { evicted: bool },
}

/// Counters a tuner reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolStats {
    pub read_requests: u64,
    pub reads: u64,
    pub evictions: u64,
}

/// The buffer pool: capacity in pages and the pages resident, in recency order.
#[derive(Clone, Debug)]
pub struct BufferPool {
    capacity_pages: u64,
    /// Resident page -> the tick of its last access.
    resident: BTreeMap<PageId, u64>,
    /// Tick of last access -> page, oldest first (the LRU list).
    by_recency: BTreeMap<u64, PageId>,
    tick: u64,
    stats: PoolStats,
}

impl BufferPool {
    /// A pool of `capacity_pages` pages (innodb_buffer_pool_size / 16 KB), empty.
    pub fn new(capacity_pages: u64) -> BufferPool {
        BufferPool {
            capacity_pages: capacity_pages.max(1),
            resident: BTreeMap::new(),
            by_recency: BTreeMap::new(),
            tick: 0,
            stats: PoolStats::default(),
        }
    }

    /// Requests a page: a hit moves it to the most recent end; a miss brings it in.
    pub fn get(&mut self, page: PageId) -> Access {
        self.stats.read_requests += 1;
        self.tick += 1;
        if let Some(old) = self.resident.insert(page, self.tick) {
            self.by_recency.remove(&old);
            self.by_recency.insert(self.tick, page);
            return Access::Hit;
        }
        self.by_recency.insert(self.tick, page);
        self.stats.reads += 1;
        let mut evicted = false;
        // Bounded: at most one page over capacity is ever resident.
        while self.resident.len() as u64 > self.capacity_pages {
            let Some((_, victim)) = self.by_recency.pop_first() else { break };
            self.resident.remove(&victim);
            self.stats.evictions += 1;
            evicted = true;
        }
        Access::Miss { evicted }
    }

    /// Changes the capacity; shrinking evicts least recently used pages. Returns how many
    /// pages left the pool.
    pub fn resize(&mut self, capacity_pages: u64) -> u64 {
        self.capacity_pages = capacity_pages.max(1);
        let mut evicted = 0;
        while self.resident.len() as u64 > self.capacity_pages {
            let Some((_, victim)) = self.by_recency.pop_first() else { break };
            self.resident.remove(&victim);
            evicted += 1;
        }
        evicted
    }

    /// Whether a page is resident (no request counted).
    pub fn contains(&self, page: PageId) -> bool {
        self.resident.contains_key(&page)
    }

    /// Drops every page of a tablespace (DROP TABLE, TRUNCATE); returns how many there were.
    pub fn discard_space(&mut self, space: u32) -> u64 {
        let pages: Vec<(PageId, u64)> = self
            .resident
            .range(PageId { space, page_no: 0 }..=PageId { space, page_no: u64::MAX })
            .map(|(p, t)| (*p, *t))
            .collect();
        let n = pages.len() as u64;
        for (p, t) in pages {
            self.resident.remove(&p);
            self.by_recency.remove(&t);
        }
        n
    }

    pub fn capacity_pages(&self) -> u64 {
        self.capacity_pages
    }

    pub fn pages_data(&self) -> u64 {
        self.resident.len() as u64
    }

    pub fn pages_free(&self) -> u64 {
        self.capacity_pages - self.pages_data().min(self.capacity_pages)
    }

    pub fn stats(&self) -> PoolStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(n: u64) -> PageId {
        PageId { space: 1, page_no: n }
    }

    #[test]
    fn lru_evicts_the_least_recently_used_page() {
        let mut bp = BufferPool::new(2);
        assert_eq!(bp.get(p(1)), Access::Miss { evicted: false });
        assert_eq!(bp.get(p(2)), Access::Miss { evicted: false });
        assert_eq!(bp.get(p(1)), Access::Hit);
        assert_eq!(bp.get(p(3)), Access::Miss { evicted: true });
        assert!(bp.contains(p(1)) && !bp.contains(p(2)), "page 2 was least recently used");
        assert_eq!(bp.stats(), PoolStats { read_requests: 4, reads: 3, evictions: 1 });
        assert_eq!((bp.pages_data(), bp.pages_free()), (2, 0));
        bp.discard_space(1);
        assert_eq!(bp.pages_data(), 0);
    }

    #[test]
    fn a_scan_larger_than_the_pool_rereads_everything() {
        let mut bp = BufferPool::new(100);
        for pass in 0..2 {
            for n in 0..150 {
                bp.get(p(n));
            }
            let _ = pass;
        }
        assert_eq!(
            bp.stats().reads,
            300,
            "strict LRU: a cyclic scan larger than the pool never hits"
        );
    }
}
