//! `mysql.table_stats`: the data dictionary's cache of each table's statistics, the figures
//! information_schema.TABLES and SHOW TABLE STATUS show (MySQL 8.0 and later). A query of
//! those columns reads the cached figures while they are younger than the session's
//! `information_schema_stats_expiry` seconds (86400 by default); missing or older ones are read
//! from the storage engine and cached anew. ANALYZE TABLE caches the current figures; DROP
//! TABLE removes the entry (`dd::drop_table` calls `remove_table_dynamic_statistics`), and
//! nothing else does: after a TRUNCATE, an ALTER or a million inserts TABLE_ROWS, DATA_LENGTH,
//! AUTO_INCREMENT and UPDATE_TIME stay where they were cached, as on a real 8.0 server.
//!
//! The cache is on the simulated disk, so it outlives restarts (the manual: "a server restart
//! ... does not update cached statistics automatically").

use std::collections::BTreeMap;

/// The statistics columns of a table's row in information_schema.TABLES.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableStats {
    pub rows: u64,
    pub avg_row_length: u64,
    pub data_length: u64,
    pub max_data_length: u64,
    pub index_length: u64,
    pub data_free: u64,
    pub auto_increment: Option<u64>,
    /// Simulated Unix microseconds of the table's last committed change, if known.
    pub update_time: Option<i64>,
    pub check_time: Option<i64>,
    pub checksum: Option<u64>,
}

impl TableStats {
    /// What InnoDB reports of a table now (ha_innobase::info): its sizes, next AUTO_INCREMENT
    /// and in-memory UPDATE_TIME; no CHECK_TIME or CHECKSUM. Simplification: no free space
    /// in its tablespace (DATA_FREE 0).
    pub fn of(t: &crate::storage::table::Table) -> TableStats {
        let s = t.sizes();
        let auto_increment = t.def.columns.iter().any(|c| c.auto_increment);
        TableStats {
            rows: s.rows,
            avg_row_length: s.avg_row_length,
            data_length: s.data_length,
            index_length: s.index_length,
            auto_increment: auto_increment.then_some(t.auto_increment_next),
            update_time: t.updated_micros,
            ..TableStats::empty(0)
        }
    }

    /// `rows` rows in no pages, nothing else known (system views, performance_schema's
    /// tables).
    pub fn empty(rows: u64) -> TableStats {
        TableStats {
            rows,
            avg_row_length: 0,
            data_length: 0,
            max_data_length: 0,
            index_length: 0,
            data_free: 0,
            auto_increment: None,
            update_time: None,
            check_time: None,
            checksum: None,
        }
    }
}

/// One cached entry: when it was stored (simulated Unix microseconds) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cached {
    at_micros: i64,
    stats: TableStats,
}

/// Whether a read of the statistics may store what it reads from the engine. MySQL does not
/// store them when the server or the transaction is read-only, or when the query also reads
/// Performance Schema data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Store {
    Allowed,
    Forbidden,
}

/// How a query reads cached statistics: when, under which expiry, and whether it may store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadAt {
    pub now_micros: i64,
    pub expiry_secs: u64,
    pub store: Store,
}

/// The cache: `mysql.table_stats` by (schema, table) and `mysql.index_stats` by (schema,
/// table, index), each entry with its own time. Bounded by the tables and indexes that exist
/// or existed under a name no DROP has removed since.
#[derive(Debug, Default)]
pub struct StatsCache {
    entries: BTreeMap<(String, String), Cached>,
    /// An index's cardinality per key part, the figures information_schema.STATISTICS and
    /// SHOW INDEX print.
    indexes: BTreeMap<(String, String, String), (i64, Vec<u64>)>,
}

/// Most entries each map holds. The dictionary keeps a row per table (and per index) that
/// exists or existed under a name no DROP has removed; a loop of CREATE and RENAME could grow
/// that without end, so past this many the cache stores nothing new and reads go to the engine
/// (a simulator bound, above sysbench's 25,000 tables and their indexes).
pub const ENTRIES_MAX: usize = 250_000;

/// Whether an entry cached at `at` is still good at `now` under `expiry_secs`.
fn fresh(at: i64, now: i64, expiry_secs: u64) -> bool {
    let expiry_micros = i64::try_from(expiry_secs.saturating_mul(1_000_000)).unwrap_or(i64::MAX);
    now.saturating_sub(at) < expiry_micros
}

impl StatsCache {
    /// The statistics of `db`.`table` as a query reading them at `now_micros` gets them:
    /// cached ones younger than `expiry_secs`, otherwise `live()` (cached when `store`
    /// allows and `expiry_secs` is not 0: 0 means "always from the engine, never cached").
    pub fn read(
        &mut self,
        db: &str,
        table: &str,
        at: ReadAt,
        live: impl FnOnce() -> TableStats,
    ) -> TableStats {
        let ReadAt { now_micros, expiry_secs, store } = at;
        if expiry_secs == 0 {
            return live();
        }
        let key = (db.to_string(), table.to_string());
        let expiry_micros =
            i64::try_from(expiry_secs.saturating_mul(1_000_000)).unwrap_or(i64::MAX);
        if let Some(c) = self.entries.get(&key) {
            if now_micros.saturating_sub(c.at_micros) < expiry_micros {
                return c.stats.clone();
            }
        }
        let stats = live();
        if store == Store::Allowed
            && (self.entries.len() < ENTRIES_MAX || self.entries.contains_key(&key))
        {
            self.entries.insert(key, Cached { at_micros: now_micros, stats: stats.clone() });
        }
        stats
    }

    /// An index's cardinalities (one per key part) as information_schema.STATISTICS reads
    /// them, by the rules of [`StatsCache::read`].
    pub fn read_index(
        &mut self,
        db: &str,
        table: &str,
        index: &str,
        at: ReadAt,
        live: impl FnOnce() -> Vec<u64>,
    ) -> Vec<u64> {
        let ReadAt { now_micros, expiry_secs, store } = at;
        if expiry_secs == 0 {
            return live();
        }
        let key = (db.to_string(), table.to_string(), index.to_string());
        if let Some((at, cardinality)) = self.indexes.get(&key) {
            if fresh(*at, now_micros, expiry_secs) {
                return cardinality.clone();
            }
        }
        let cardinality = live();
        if store == Store::Allowed
            && (self.indexes.len() < ENTRIES_MAX || self.indexes.contains_key(&key))
        {
            self.indexes.insert(key, (now_micros, cardinality.clone()));
        }
        cardinality
    }

    /// ANALYZE TABLE: an index's current cardinalities, cached now.
    pub fn store_index(
        &mut self,
        db: &str,
        table: &str,
        index: &str,
        now_micros: i64,
        cardinality: Vec<u64>,
    ) {
        let key = (db.to_string(), table.to_string(), index.to_string());
        if self.indexes.len() < ENTRIES_MAX || self.indexes.contains_key(&key) {
            self.indexes.insert(key, (now_micros, cardinality));
        }
    }

    /// ANALYZE TABLE: the current figures, cached now.
    pub fn store(&mut self, db: &str, table: &str, now_micros: i64, stats: TableStats) {
        let key = (db.to_string(), table.to_string());
        if self.entries.len() < ENTRIES_MAX || self.entries.contains_key(&key) {
            self.entries.insert(key, Cached { at_micros: now_micros, stats });
        }
    }

    /// DROP TABLE: the entry goes with the table.
    pub fn remove(&mut self, db: &str, table: &str) {
        self.entries.remove(&(db.to_string(), table.to_string()));
        self.indexes.retain(|(d, t, _), _| !(d == db && t == table));
    }

    /// DROP DATABASE: every entry of the schema's tables.
    pub fn remove_database(&mut self, db: &str) {
        self.entries.retain(|(d, _), _| d != db);
        self.indexes.retain(|(d, _, _), _| d != db);
    }

    /// Entries held (for tests and memory accounting).
    pub fn len(&self) -> u64 {
        self.entries.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(rows: u64) -> TableStats {
        TableStats { data_length: 16384, ..TableStats::empty(rows) }
    }

    fn at(now_micros: i64, expiry_secs: u64, store: Store) -> ReadAt {
        ReadAt { now_micros, expiry_secs, store }
    }

    const DAY: u64 = 86_400;
    const SEC: i64 = 1_000_000;

    #[test]
    fn cached_figures_stay_until_they_expire() {
        let mut c = StatsCache::default();
        assert_eq!(c.read("shop", "t", at(0, DAY, Store::Allowed), || stats(1)).rows, 1);
        // The table grew; the cache still answers 1 for a day.
        assert_eq!(c.read("shop", "t", at(3600 * SEC, DAY, Store::Allowed), || stats(500)).rows, 1);
        assert_eq!(
            c.read("shop", "t", at(86_399 * SEC, DAY, Store::Allowed), || stats(500)).rows,
            1
        );
        // A day later the engine is asked again, and that is cached in turn.
        assert_eq!(
            c.read("shop", "t", at(86_400 * SEC, DAY, Store::Allowed), || stats(500)).rows,
            500
        );
        assert_eq!(
            c.read("shop", "t", at(86_401 * SEC, DAY, Store::Allowed), || stats(9)).rows,
            500
        );
    }

    #[test]
    fn expiry_zero_reads_the_engine_and_caches_nothing() {
        let mut c = StatsCache::default();
        assert_eq!(c.read("shop", "t", at(0, 0, Store::Allowed), || stats(7)).rows, 7);
        assert!(c.is_empty());
        // A session with a shorter expiry sees the same cache expire sooner.
        c.read("shop", "t", at(0, DAY, Store::Allowed), || stats(1));
        assert_eq!(c.read("shop", "t", at(10 * SEC, 5, Store::Allowed), || stats(2)).rows, 2);
    }

    #[test]
    fn read_only_reads_do_not_store_and_drop_forgets() {
        let mut c = StatsCache::default();
        assert_eq!(c.read("shop", "t", at(0, DAY, Store::Forbidden), || stats(3)).rows, 3);
        assert!(c.is_empty());
        c.store("shop", "t", 0, stats(4));
        c.store("shop", "u", 0, stats(5));
        c.store("other", "t", 0, stats(6));
        assert_eq!(c.read("shop", "t", at(SEC, DAY, Store::Allowed), || stats(99)).rows, 4);
        c.remove("shop", "t");
        assert_eq!(c.read("shop", "t", at(SEC, DAY, Store::Forbidden), || stats(99)).rows, 99);
        c.remove_database("shop");
        assert_eq!(c.len(), 1);
    }

    #[test]
    fn index_cardinalities_are_cached_apart_and_dropped_with_their_table() {
        let mut c = StatsCache::default();
        assert_eq!(
            c.read_index("shop", "t", "k", at(0, DAY, Store::Allowed), || vec![10, 40]),
            vec![10, 40]
        );
        assert_eq!(
            c.read_index("shop", "t", "k", at(SEC, DAY, Store::Allowed), || vec![99, 99]),
            vec![10, 40]
        );
        // Another index of the table has its own entry.
        assert_eq!(
            c.read_index("shop", "t", "j", at(SEC, DAY, Store::Allowed), || vec![7]),
            vec![7]
        );
        c.store_index("shop", "t", "k", 2 * SEC, vec![11, 41]);
        assert_eq!(
            c.read_index("shop", "t", "k", at(3 * SEC, DAY, Store::Allowed), || vec![0]),
            vec![11, 41]
        );
        c.remove("shop", "t");
        assert_eq!(
            c.read_index("shop", "t", "k", at(3 * SEC, DAY, Store::Forbidden), || vec![5]),
            vec![5]
        );
        assert_eq!(
            c.read_index("shop", "t", "j", at(3 * SEC, 0, Store::Allowed), || vec![6]),
            vec![6]
        );
    }

    #[test]
    fn the_cache_stops_growing_at_its_bound() {
        let mut c = StatsCache::default();
        for i in 0..ENTRIES_MAX {
            c.store("db", &i.to_string(), 0, stats(1));
        }
        assert_eq!(c.len(), ENTRIES_MAX as u64);
        // A new table's figures are read from the engine and not kept...
        assert_eq!(c.read("db", "new", at(0, DAY, Store::Allowed), || stats(2)).rows, 2);
        assert_eq!(c.read("db", "new", at(SEC, DAY, Store::Allowed), || stats(3)).rows, 3);
        // ...while an entry already there is still refreshed.
        c.store("db", "0", SEC, stats(4));
        assert_eq!(c.read("db", "0", at(2 * SEC, DAY, Store::Allowed), || stats(9)).rows, 4);
        assert_eq!(c.len(), ENTRIES_MAX as u64);
    }
}
