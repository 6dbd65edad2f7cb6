//! The table cache and the table definition cache: what `Open_tables`, `Opened_tables`,
//! `Table_open_cache_hits` / `_misses` / `_overflows`, `Open_table_definitions`,
//! `Opened_table_definitions`, SHOW OPEN TABLES and FLUSH TABLES show.
//!
//! MySQL keeps opened tables (TABLE objects) in `table_open_cache_instances` caches, a
//! connection using the one its thread id picks (id modulo the instances), each holding at
//! most `table_open_cache / table_open_cache_instances` tables. A statement asks its cache for
//! each table it uses: a cached one is a hit; otherwise the table is opened from its
//! definition (a miss, one more `Opened_tables`), the definition itself loaded first if the
//! definition cache lacks it (`Opened_table_definitions`). A cache past its size then closes
//! its least recently used tables (`Table_open_cache_overflows`, one per table closed), and
//! the definition cache, past `table_definition_cache`, drops its least recently used
//! definitions that no cached table holds. DDL on a table closes its tables and drops its
//! definition; FLUSH TABLES closes every unused table.
//!
//! Simplifications:
//! - a statement holds each table it reads or writes once, from its start to its end, and
//!   gives it back when it ends: one cached table per (cache, table) is enough, where MySQL
//!   opens one per concurrent user and per reference (a self-join opens two);
//! - only the tables a statement read or wrote rows of are opened (its table I/O); the
//!   tables of the system schemas (performance_schema, mysql) and of DDL are not;
//! - the caches start empty at startup (MySQL has opened a few dozen system tables by then);
//! - an open costs no simulated time.

use std::collections::{BTreeMap, BTreeSet};

/// What opening one table did, for the status counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Opened {
    pub hits: u64,
    pub misses: u64,
    pub overflows: u64,
    pub definitions: u64,
}

/// One of the table cache's instances: its tables by space id with their last use, and the
/// same in order of last use (oldest first), to close the least recently used.
#[derive(Clone, Debug, Default)]
struct Instance {
    tables: BTreeMap<u32, u64>,
    by_use: BTreeSet<(u64, u32)>,
}

/// A table definition: the table's name, its last use, and how many instances cache a
/// table opened from it (a definition held by none may be dropped).
#[derive(Clone, Debug)]
struct Definition {
    schema: String,
    name: String,
    last_use: u64,
    holders: u32,
}

/// The table cache's instances and the table definition cache.
#[derive(Clone, Debug)]
pub struct TableCache {
    instances: Vec<Instance>,
    /// `table_open_cache`, the sum of the instances' sizes.
    open_cache: u64,
    /// `table_definition_cache`.
    definition_cache: u64,
    definitions: BTreeMap<u32, Definition>,
    /// Definitions no instance holds, oldest use first.
    unheld: BTreeSet<(u64, u32)>,
    /// Tables cached in all instances (`Open_tables`).
    open_tables: u64,
    /// A clock of uses, for least-recently-used order.
    uses: u64,
}

impl TableCache {
    /// Empty caches of `instances` instances (`table_open_cache_instances`, 1 to 64).
    pub fn new(instances: u64, open_cache: u64, definition_cache: u64) -> TableCache {
        TableCache {
            instances: vec![Instance::default(); instances.clamp(1, 64) as usize],
            open_cache,
            definition_cache,
            definitions: BTreeMap::new(),
            unheld: BTreeSet::new(),
            open_tables: 0,
            uses: 0,
        }
    }

    /// New sizes after `SET GLOBAL table_open_cache` or `table_definition_cache`: they bind
    /// at the next open, as MySQL's do.
    pub fn resize(&mut self, open_cache: u64, definition_cache: u64) {
        self.open_cache = open_cache;
        self.definition_cache = definition_cache;
    }

    /// Each instance's size: `table_open_cache / table_open_cache_instances`, at least 1.
    fn per_instance(&self) -> u64 {
        (self.open_cache / self.instances.len() as u64).max(1)
    }

    /// Connection `thread_id` opens the table in `space_id` (`schema`.`name`).
    pub fn open(&mut self, thread_id: u64, space_id: u32, schema: &str, name: &str) -> Opened {
        self.uses += 1;
        let now = self.uses;
        let at = (thread_id % self.instances.len() as u64) as usize;
        let mut opened = Opened::default();
        let instance = &mut self.instances[at];
        if let Some(last) = instance.tables.get_mut(&space_id) {
            instance.by_use.remove(&(*last, space_id));
            instance.by_use.insert((now, space_id));
            *last = now;
            opened.hits = 1;
            if let Some(d) = self.definitions.get_mut(&space_id) {
                d.last_use = now;
            }
            return opened;
        }
        opened.misses = 1;
        instance.tables.insert(space_id, now);
        instance.by_use.insert((now, space_id));
        self.open_tables += 1;
        match self.definitions.get_mut(&space_id) {
            Some(d) => {
                if d.holders == 0 {
                    self.unheld.remove(&(d.last_use, space_id));
                }
                d.holders += 1;
                d.last_use = now;
            }
            None => {
                opened.definitions = 1;
                let d = Definition {
                    schema: schema.to_string(),
                    name: name.to_string(),
                    last_use: now,
                    holders: 1,
                };
                self.definitions.insert(space_id, d);
            }
        }
        // The instance closes its least recently used tables past its size (never the one
        // just opened, which is in use).
        let size = self.per_instance();
        while self.instances[at].tables.len() as u64 > size {
            let instance = &mut self.instances[at];
            let Some(&(_, oldest)) = instance.by_use.iter().find(|(_, id)| *id != space_id) else {
                break;
            };
            self.close(at, oldest);
            opened.overflows += 1;
        }
        self.drop_unheld_definitions();
        opened
    }

    /// Closes instance `at`'s table of `space_id`.
    fn close(&mut self, at: usize, space_id: u32) {
        let instance = &mut self.instances[at];
        let Some(last) = instance.tables.remove(&space_id) else { return };
        instance.by_use.remove(&(last, space_id));
        self.open_tables -= 1;
        if let Some(d) = self.definitions.get_mut(&space_id) {
            d.holders = d.holders.saturating_sub(1);
            if d.holders == 0 {
                self.unheld.insert((d.last_use, space_id));
            }
        }
    }

    /// Drops the least recently used definitions no table holds while there are more than
    /// `table_definition_cache`.
    fn drop_unheld_definitions(&mut self) {
        while self.definitions.len() as u64 > self.definition_cache {
            let Some((_, space_id)) = self.unheld.pop_first() else { break };
            self.definitions.remove(&space_id);
        }
    }

    /// Closes every cached table of the tables `which` picks (by schema and name) and drops
    /// their definitions: DDL on them, DROP DATABASE, or FLUSH TABLES (`which` picking all).
    pub fn close_tables(&mut self, which: impl Fn(&str, &str) -> bool) {
        let picked: Vec<u32> = self
            .definitions
            .iter()
            .filter(|(_, d)| which(&d.schema, &d.name))
            .map(|(&id, _)| id)
            .collect();
        for space_id in picked {
            for at in 0..self.instances.len() {
                self.close(at, space_id);
            }
            if let Some(d) = self.definitions.remove(&space_id) {
                self.unheld.remove(&(d.last_use, space_id));
            }
        }
    }

    /// `Open_tables`: tables cached in all instances.
    pub fn open_tables(&self) -> u64 {
        self.open_tables
    }

    /// `Open_table_definitions`: definitions cached.
    pub fn open_definitions(&self) -> u64 {
        self.definitions.len() as u64
    }

    /// SHOW OPEN TABLES' tables: every cached definition's schema and name, by schema then
    /// name. UNCONFIRMED: MySQL lists them in its definition cache's hash order.
    pub fn definitions(&self) -> Vec<(&str, &str)> {
        let mut names: Vec<(&str, &str)> =
            self.definitions.values().map(|d| (d.schema.as_str(), d.name.as_str())).collect();
        names.sort_unstable();
        names
    }
}

impl super::Server {
    /// Opens, in the session's table cache instance, each table the statement read or wrote
    /// rows of (its table I/O), once per statement, and counts what that did. The session's
    /// temporary tables are its own, outside the cache.
    pub(super) fn open_statement_tables(
        &mut self,
        session: &super::session::Session,
        io: &crate::sql::execution::handler_io::StatementIo,
    ) {
        if io.entries.is_empty() {
            return;
        }
        let Some(r) = self.running.as_mut() else { return };
        r.table_cache.resize(
            r.vars.global_u64(crate::var_id!("table_open_cache")),
            r.vars.global_u64(crate::var_id!("table_definition_cache")),
        );
        let mut total = Opened::default();
        for (i, e) in io.entries.iter().enumerate() {
            // Entries are per (table, index): a table's first one opens it.
            if io.entries[..i].iter().any(|seen| seen.space_id == e.space_id) {
                continue;
            }
            let temporary = !session.temporary_tables.is_empty()
                && session.temporary_tables.iter().any(|(d, t)| *d == e.schema && *t == e.table);
            if temporary {
                continue;
            }
            let opened = r.table_cache.open(session.id.0, e.space_id, &e.schema, &e.table);
            total.hits += opened.hits;
            total.misses += opened.misses;
            total.overflows += opened.overflows;
            total.definitions += opened.definitions;
        }
        let s = &mut r.status;
        s.add(crate::status_id!("Table_open_cache_hits"), total.hits);
        if total.misses > 0 {
            s.add(crate::status_id!("Table_open_cache_misses"), total.misses);
            s.add(crate::status_id!("Opened_tables"), total.misses);
            s.add(crate::status_id!("Table_open_cache_overflows"), total.overflows);
            s.add(crate::status_id!("Opened_table_definitions"), total.definitions);
            self.publish_table_cache();
        }
    }

    /// `Open_tables` and `Open_table_definitions` from the caches.
    fn publish_table_cache(&mut self) {
        use crate::instruments::status::StatusValue;
        let Some(r) = self.running.as_mut() else { return };
        let (tables, definitions) = (r.table_cache.open_tables(), r.table_cache.open_definitions());
        r.status.set("Open_tables", StatusValue::Number(tables));
        r.status.set("Open_table_definitions", StatusValue::Number(definitions));
    }

    /// Closes the cached tables `which` picks (DDL on them, FLUSH TABLES).
    pub(super) fn close_cached_tables(&mut self, which: impl Fn(&str, &str) -> bool) {
        if let Some(r) = self.running.as_mut() {
            r.table_cache.close_tables(which);
        }
        self.publish_table_cache();
    }

    /// SHOW OPEN TABLES' rows (Database, Table, In_use, Name_locked) for `database` (or
    /// every one). In_use is 0: a statement has given its tables back by the time another
    /// can look (see the module's simplifications).
    pub(super) fn open_tables_rows(
        &self,
        database: Option<&str>,
    ) -> Vec<crate::storage::table::Row> {
        use crate::storage::value::Value;
        let Some(r) = self.running.as_ref() else { return Vec::new() };
        r.table_cache
            .definitions()
            .into_iter()
            .filter(|(schema, _)| database.is_none_or(|d| d == *schema))
            .map(|(schema, name)| {
                vec![
                    Value::Str(schema.into()),
                    Value::Str(name.into()),
                    Value::UInt(0),
                    Value::UInt(0),
                ]
            })
            .collect()
    }

    /// FLUSH TABLES: closes every cached table, or those `named`, and counts a flush
    /// (`Flush_commands`).
    pub(super) fn flush_tables(
        &mut self,
        session: &super::session::Session,
        named: &[sqlparser::ast::ObjectName],
    ) {
        if let Some(r) = self.running.as_mut() {
            r.status.add(crate::status_id!("Flush_commands"), 1);
        }
        if named.is_empty() {
            self.close_cached_tables(|_, _| true);
        } else {
            self.close_named_tables(session, named.iter().collect());
        }
    }

    /// Closes the cached tables of the tables `named` (as written, resolved against the
    /// session's database): FLUSH TABLES t, ..., and DDL on them.
    pub(super) fn close_named_tables(
        &mut self,
        session: &super::session::Session,
        named: Vec<&sqlparser::ast::ObjectName>,
    ) {
        let named: Vec<(String, String)> =
            named.iter().filter_map(|n| super::statements::table_name(session, n).ok()).collect();
        if !named.is_empty() {
            self.close_cached_tables(|schema, table| {
                named.iter().any(|(d, t)| d == schema && t == table)
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_open_from_the_same_instance_hits_and_another_instance_misses() {
        let mut c = TableCache::new(16, 4000, 2000);
        let first = c.open(8, 1, "shop", "orders");
        assert_eq!(first, Opened { hits: 0, misses: 1, overflows: 0, definitions: 1 });
        assert_eq!(c.open(8, 1, "shop", "orders").hits, 1);
        assert_eq!(c.open(24, 1, "shop", "orders").hits, 1, "24 % 16 is 8's instance");
        let other = c.open(9, 1, "shop", "orders");
        assert_eq!(other, Opened { hits: 0, misses: 1, overflows: 0, definitions: 0 });
        assert_eq!((c.open_tables(), c.open_definitions()), (2, 1));
    }

    #[test]
    fn an_instance_past_its_size_closes_its_least_recently_used_tables() {
        // 4 instances of 2 tables each.
        let mut c = TableCache::new(4, 8, 100);
        c.open(0, 1, "d", "a");
        c.open(0, 2, "d", "b");
        c.open(0, 1, "d", "a"); // b is now the least recently used
        let third = c.open(0, 3, "d", "c");
        assert_eq!(third.overflows, 1);
        assert_eq!(c.open(0, 1, "d", "a").hits, 1);
        assert_eq!(c.open(0, 2, "d", "b").misses, 1, "b was closed");
        assert_eq!(c.open_tables(), 2);
        // b's definition was kept (the definition cache is large enough).
        assert_eq!(c.open_definitions(), 3);
    }

    #[test]
    fn definitions_no_table_holds_go_first_when_the_definition_cache_is_full() {
        let mut c = TableCache::new(1, 1, 2);
        c.open(0, 1, "d", "a");
        c.open(0, 2, "d", "b"); // closes a: its definition is unheld
        assert_eq!(c.definitions(), vec![("d", "a"), ("d", "b")]);
        let third = c.open(0, 3, "d", "c"); // closes b, then drops a's definition (oldest)
        assert_eq!(third.definitions, 1);
        assert_eq!(c.definitions(), vec![("d", "b"), ("d", "c")]);
        assert_eq!(c.open(0, 1, "d", "a").definitions, 1, "a's definition is loaded again");
    }

    #[test]
    fn closing_a_tables_tables_drops_them_from_every_instance() {
        let mut c = TableCache::new(16, 4000, 2000);
        for thread in 0..4 {
            c.open(thread, 1, "shop", "orders");
            c.open(thread, 2, "shop", "customers");
        }
        assert_eq!(c.open_tables(), 8);
        c.close_tables(|s, n| s == "shop" && n == "orders");
        assert_eq!((c.open_tables(), c.open_definitions()), (4, 1));
        c.close_tables(|_, _| true);
        assert_eq!((c.open_tables(), c.open_definitions()), (0, 0));
        assert_eq!(c.open(0, 1, "shop", "orders").definitions, 1);
    }
}
