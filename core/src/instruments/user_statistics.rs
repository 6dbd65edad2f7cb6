//! Percona Server's USER_STATISTICS (`userstat = ON`): the counters of
//! `information_schema.TABLE_STATISTICS`, `INDEX_STATISTICS`, `USER_STATISTICS`,
//! `CLIENT_STATISTICS` and (with `thread_statistics = ON`) `THREAD_STATISTICS`, their
//! `SHOW ..._STATISTICS` forms and `FLUSH ..._STATISTICS`.
//!
//! What counts (MYSQL_SPEC section 7, the handler-level rules): a table's ROWS_READ is every
//! row its storage engine returned, whatever the access path; ROWS_CHANGED the rows inserted,
//! updated and deleted; ROWS_CHANGED_X_INDEXES those times the table's number of indexes; an
//! index's ROWS_READ the rows read through it. The per-account tables count logins,
//! connected, busy and CPU time, bytes, rows and statements by class. A row appears only once
//! something was counted for it.
//!
//! The statement's handler counts come from the same place as performance_schema's table I/O
//! (`sql::execution::handler_io`), so the two agree.
//!
//! Memory: each entry is counted at the size its storage takes: a hash table node, its
//! counters and its key (the names, at their length, in a heap string). Percona 8.x keeps
//! them in `std::unordered_map`s keyed by the names (UNCONFIRMED: the exact layout is not
//! in MYSQL_SPEC; the sizes below are a node of two pointers and a cached hash, a 32-byte
//! string header and the allocator's 16-byte rounding). The seed's 25,000 sysbench tables
//! with their PRIMARY read come to about 5 MB. The total shows in
//! `memory_summary_global_by_event_name` as `memory/sql/userstat` (UNCONFIRMED event name).
//!
//! Cost: updating the counters at the end of a statement costs `cpu_userstat_entry_ns` per
//! table, index and account entry touched (a hash lookup under the statistics mutex) and
//! `cpu_userstat_row_ns` per row read or changed (the handler's increment), charged to the
//! statement's CPU.
//!
//! Simplifications: Percona merges per-connection counters into the globals periodically;
//! here they merge at the end of each statement (as MariaDB does). Access checks on
//! TABLE_STATISTICS rows (only tables the reader may SELECT) are not applied.

use crate::sql::execution::handler_io::{RowOp, StatementIo, NO_INDEX};
use crate::storage::catalog::Catalog;
use crate::storage::name_map::NameMap;
use crate::storage::table::Row;
use crate::storage::value::Value;
use std::collections::BTreeMap;

/// Bytes of a hash node: next pointer, cached hash, and the key's string header.
const NODE_BYTES: u64 = 8 + 8 + 32;
/// Bytes of one TABLE_STATISTICS entry besides its key: the node and three counters.
const TABLE_FIXED_BYTES: u64 = NODE_BYTES + 3 * 8;
/// Bytes of one INDEX_STATISTICS entry besides its key: the node and one counter.
const INDEX_FIXED_BYTES: u64 = NODE_BYTES + 8;
/// Bytes of one USER, CLIENT or THREAD entry besides its key: twenty counters.
const ACCOUNT_FIXED_BYTES: u64 = NODE_BYTES + 20 * 8;

/// A heap string's allocation: its bytes rounded up to the allocator's 16.
fn heap(len: usize) -> u64 {
    (len as u64).div_ceil(16) * 16
}

/// What an entry keyed by these names takes (its key string holds them joined, each with a
/// separator or terminator).
pub fn entry_bytes(fixed: u64, names: &[&str]) -> u64 {
    let joined: usize = names.iter().map(|n| n.len() + 1).sum();
    fixed + heap(joined)
}
/// Most entries of each kind (tables, indexes, accounts): past it new ones are not counted.
pub const ENTRIES_MAX: usize = 1_000_000;

/// Which statistics table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsTable {
    Client,
    Index,
    Table,
    Thread,
    User,
}

impl StatsTable {
    /// From a table name (`TABLE_STATISTICS`, any case).
    pub fn from_name(name: &str) -> Option<StatsTable> {
        Some(match name.to_ascii_uppercase().as_str() {
            "CLIENT_STATISTICS" => StatsTable::Client,
            "INDEX_STATISTICS" => StatsTable::Index,
            "TABLE_STATISTICS" => StatsTable::Table,
            "THREAD_STATISTICS" => StatsTable::Thread,
            "USER_STATISTICS" => StatsTable::User,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            StatsTable::Client => "CLIENT_STATISTICS",
            StatsTable::Index => "INDEX_STATISTICS",
            StatsTable::Table => "TABLE_STATISTICS",
            StatsTable::Thread => "THREAD_STATISTICS",
            StatsTable::User => "USER_STATISTICS",
        }
    }

    /// `Com_show_table_statistics` and its siblings.
    pub fn show_counter(self) -> &'static str {
        match self {
            StatsTable::Client => "Com_show_client_statistics",
            StatsTable::Index => "Com_show_index_statistics",
            StatsTable::Table => "Com_show_table_statistics",
            StatsTable::Thread => "Com_show_thread_statistics",
            StatsTable::User => "Com_show_user_statistics",
        }
    }
}

/// The counters of a user, client or thread.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccountCounters {
    pub total_connections: u64,
    pub concurrent_connections: u64,
    pub connected_time_us: u64,
    pub busy_time_us: u64,
    pub cpu_time_us: u64,
    pub bytes_received: u64,
    pub bytes_sent: u64,
    pub binlog_bytes_written: u64,
    pub rows_fetched: u64,
    pub rows_updated: u64,
    pub table_rows_read: u64,
    pub select_commands: u64,
    pub update_commands: u64,
    pub other_commands: u64,
    pub commit_transactions: u64,
    pub rollback_transactions: u64,
    pub denied_connections: u64,
    pub lost_connections: u64,
    pub access_denied: u64,
    pub empty_queries: u64,
    /// Connections made over TLS (THREAD_STATISTICS' TOTAL_SSL_CONNECTIONS).
    pub ssl_connections: u64,
}

/// A statement's class for SELECT_COMMANDS / UPDATE_COMMANDS / OTHER_COMMANDS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandClass {
    Select,
    Update,
    Other,
}

/// What one statement did, for the account tables.
#[derive(Clone, Debug)]
pub struct StatementFacts<'a> {
    pub user: &'a str,
    pub client: &'a str,
    pub thread: u64,
    pub class: CommandClass,
    pub busy_us: u64,
    pub cpu_us: u64,
    pub bytes_received: u64,
    pub bytes_sent: u64,
    pub rows_sent: u64,
    /// Rows it inserted, updated or deleted.
    pub rows_changed: u64,
    pub commit: bool,
    pub rollback: bool,
    pub denied: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct TableCounters {
    rows_read: u64,
    rows_changed: u64,
    rows_changed_x_indexes: u64,
}

/// The statistics since startup or the last FLUSH.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UserStatistics {
    /// By schema, then table (hashed: a statement on one of 25,000 tables finds its entry in
    /// one probe, with no key built); listed by (schema, table) as before.
    tables: BTreeMap<String, NameMap<TableCounters>>,
    /// TABLE_STATISTICS entries (the tables' count across schemas).
    table_entries: usize,
    /// By schema, then table, then index name.
    indexes: BTreeMap<String, NameMap<BTreeMap<String, u64>>>,
    /// INDEX_STATISTICS entries.
    index_entries: usize,
    users: BTreeMap<String, AccountCounters>,
    clients: BTreeMap<String, AccountCounters>,
    threads: BTreeMap<u64, AccountCounters>,
    /// The entries' memory, kept as they come and go.
    bytes: u64,
}

/// What absorbing a statement touched, for its CPU cost, and the rows it read and changed
/// (the account tables' TABLE_ROWS_READ and ROWS_UPDATED).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Touched {
    pub entries: u64,
    pub rows: u64,
    pub read: u64,
    pub changed: u64,
}

impl UserStatistics {
    /// Adds a statement's handler counts to TABLE_STATISTICS and INDEX_STATISTICS.
    pub fn absorb_io(&mut self, io: &StatementIo, catalog: &Catalog) -> Touched {
        let mut touched = Touched::default();
        // Each entry is one (table, index) pair; a table's entries add up to its row.
        for e in &io.entries {
            let fetched = e.ops[RowOp::Fetch as usize].count;
            let changed = e.ops[RowOp::Insert as usize].count
                + e.ops[RowOp::Update as usize].count
                + e.ops[RowOp::Delete as usize].count;
            touched.read += fetched;
            touched.changed += changed;
            let Some(t) = catalog.table(&e.schema, &e.table) else { continue };
            if fetched == 0 && changed == 0 {
                continue;
            }
            let full = self.table_entries >= ENTRIES_MAX;
            let Some(schema) = Self::schema_map(&mut self.tables, &e.schema, full) else {
                continue;
            };
            if !schema.contains_key(&e.table) {
                if full {
                    continue;
                }
                self.bytes += entry_bytes(TABLE_FIXED_BYTES, &[&e.schema, &e.table]);
                self.table_entries += 1;
                schema.insert(e.table.clone(), TableCounters::default());
            }
            let Some(entry) = schema.get_mut(&e.table) else { continue };
            entry.rows_read += fetched;
            entry.rows_changed += changed;
            entry.rows_changed_x_indexes += changed * (t.def.indexes.len() as u64).max(1);
            touched.entries += 1;
            touched.rows += fetched + changed;
            let slot = e.index as usize;
            if fetched == 0 || e.index == NO_INDEX || slot >= t.def.indexes.len() {
                continue;
            }
            let index = &t.def.indexes[slot].name;
            let full = self.index_entries >= ENTRIES_MAX;
            let Some(schema) = Self::schema_map(&mut self.indexes, &e.schema, full) else {
                continue;
            };
            if !schema.contains_key(&e.table) {
                if full {
                    continue;
                }
                schema.insert(e.table.clone(), BTreeMap::new());
            }
            let Some(table) = schema.get_mut(&e.table) else { continue };
            match table.get_mut(index.as_str()) {
                Some(read) => *read += fetched,
                None if full => continue,
                None => {
                    self.bytes += entry_bytes(INDEX_FIXED_BYTES, &[&e.schema, &e.table, index]);
                    self.index_entries += 1;
                    table.insert(index.clone(), fetched);
                }
            }
            touched.entries += 1;
        }
        touched
    }

    /// `schema`'s map in `by_schema`, added when missing unless the entries are `full`.
    fn schema_map<'m, V>(
        by_schema: &'m mut BTreeMap<String, NameMap<V>>,
        schema: &str,
        full: bool,
    ) -> Option<&'m mut NameMap<V>> {
        if !by_schema.contains_key(schema) {
            if full {
                return None;
            }
            by_schema.insert(schema.to_string(), NameMap::default());
        }
        by_schema.get_mut(schema)
    }

    /// Adds a statement to its user, client and (with thread_statistics) thread.
    pub fn absorb_statement(&mut self, s: &StatementFacts, rows_read: u64, threads: bool) -> u64 {
        let mut entries = 0;
        let mut add = |c: &mut AccountCounters| {
            c.busy_time_us += s.busy_us;
            c.cpu_time_us += s.cpu_us;
            c.bytes_received += s.bytes_received;
            c.bytes_sent += s.bytes_sent;
            c.rows_fetched += s.rows_sent;
            c.rows_updated += s.rows_changed;
            c.table_rows_read += rows_read;
            match s.class {
                CommandClass::Select => c.select_commands += 1,
                CommandClass::Update => c.update_commands += 1,
                CommandClass::Other => c.other_commands += 1,
            }
            c.commit_transactions += u64::from(s.commit);
            c.rollback_transactions += u64::from(s.rollback);
            c.access_denied += u64::from(s.denied);
            if s.class == CommandClass::Select && s.rows_sent == 0 {
                c.empty_queries += 1;
            }
            entries += 1;
        };
        let bytes = &mut self.bytes;
        if let Some(c) = account(&mut self.users, s.user.to_string(), s.user, bytes) {
            add(c);
        }
        if let Some(c) = account(&mut self.clients, s.client.to_string(), s.client, bytes) {
            add(c);
        }
        if threads {
            if let Some(c) = account(&mut self.threads, s.thread, "", bytes) {
                add(c);
            }
        }
        entries
    }

    /// A login (or a refused one) of `user` from `client`.
    pub fn connected(
        &mut self,
        user: &str,
        client: &str,
        thread: u64,
        (ok, ssl): (bool, bool),
        threads: bool,
    ) {
        let add = |c: &mut AccountCounters| {
            if ok {
                c.total_connections += 1;
                c.concurrent_connections += 1;
                c.ssl_connections += u64::from(ssl);
            } else {
                c.denied_connections += 1;
            }
        };
        let bytes = &mut self.bytes;
        if let Some(c) = account(&mut self.users, user.to_string(), user, bytes) {
            add(c);
        }
        if let Some(c) = account(&mut self.clients, client.to_string(), client, bytes) {
            add(c);
        }
        if threads && ok {
            if let Some(c) = account(&mut self.threads, thread, "", bytes) {
                add(c);
            }
        }
    }

    /// A connection of `user` ended after `connected_us`.
    pub fn disconnected(&mut self, user: &str, client: &str, thread: u64, connected_us: u64) {
        for c in [self.users.get_mut(user), self.clients.get_mut(client)].into_iter().flatten() {
            c.concurrent_connections = c.concurrent_connections.saturating_sub(1);
            c.connected_time_us += connected_us;
        }
        if let Some(c) = self.threads.get_mut(&thread) {
            c.concurrent_connections = c.concurrent_connections.saturating_sub(1);
            c.connected_time_us += connected_us;
        }
    }

    /// `FLUSH <table>`: empties it.
    pub fn flush(&mut self, which: StatsTable) {
        match which {
            StatsTable::Client => self.clients.clear(),
            StatsTable::Index => {
                self.indexes.clear();
                self.index_entries = 0;
            }
            StatsTable::Table => {
                self.tables.clear();
                self.table_entries = 0;
            }
            StatsTable::Thread => self.threads.clear(),
            StatsTable::User => self.users.clear(),
        }
        self.bytes = self.recount();
    }

    /// The entries' memory counted afresh.
    fn recount(&self) -> u64 {
        let tables: u64 =
            self.each_table().map(|(s, t, _)| entry_bytes(TABLE_FIXED_BYTES, &[s, t])).sum();
        let indexes: u64 =
            self.each_index().map(|(s, t, i, _)| entry_bytes(INDEX_FIXED_BYTES, &[s, t, i])).sum();
        let named = |m: &BTreeMap<String, AccountCounters>| -> u64 {
            m.keys().map(|k| entry_bytes(ACCOUNT_FIXED_BYTES, &[k])).sum()
        };
        let threads = self.threads.len() as u64 * entry_bytes(ACCOUNT_FIXED_BYTES, &[""]);
        tables + indexes + named(&self.users) + named(&self.clients) + threads
    }

    /// TABLE_STATISTICS' entries by schema and table.
    fn each_table(&self) -> impl Iterator<Item = (&String, &String, &TableCounters)> {
        self.tables.iter().flat_map(|(s, m)| m.iter().map(move |(t, c)| (s, t, c)))
    }

    /// INDEX_STATISTICS' entries by schema, table and index.
    fn each_index(&self) -> impl Iterator<Item = (&String, &String, &String, u64)> {
        self.indexes.iter().flat_map(|(s, m)| {
            m.iter().flat_map(move |(t, by_index)| by_index.iter().map(move |(i, r)| (s, t, i, *r)))
        })
    }

    /// The memory the entries take.
    pub fn memory_bytes(&self) -> u64 {
        self.bytes
    }

    /// The table's columns (name, numeric) and rows.
    pub fn read(&self, which: StatsTable) -> (Vec<(&'static str, bool)>, Vec<Row>) {
        let n = |v: u64| Value::UInt(v);
        match which {
            StatsTable::Table => (
                vec![
                    ("TABLE_SCHEMA", false),
                    ("TABLE_NAME", false),
                    ("ROWS_READ", true),
                    ("ROWS_CHANGED", true),
                    ("ROWS_CHANGED_X_INDEXES", true),
                ],
                self.each_table()
                    .map(|(s, t, c)| {
                        vec![
                            Value::Str(s.clone()),
                            Value::Str(t.clone()),
                            n(c.rows_read),
                            n(c.rows_changed),
                            n(c.rows_changed_x_indexes),
                        ]
                    })
                    .collect(),
            ),
            StatsTable::Index => (
                vec![
                    ("TABLE_SCHEMA", false),
                    ("TABLE_NAME", false),
                    ("INDEX_NAME", false),
                    ("ROWS_READ", true),
                ],
                self.each_index()
                    .map(|(s, t, i, r)| {
                        vec![
                            Value::Str(s.clone()),
                            Value::Str(t.clone()),
                            Value::Str(i.clone()),
                            n(r),
                        ]
                    })
                    .collect(),
            ),
            StatsTable::User | StatsTable::Client | StatsTable::Thread => {
                let key = match which {
                    StatsTable::User => "USER",
                    StatsTable::Client => "CLIENT",
                    _ => "THREAD_ID",
                };
                let mut columns = vec![(key, which == StatsTable::Thread)];
                columns.extend(ACCOUNT_COLUMNS.iter().map(|c| (*c, true)));
                if which == StatsTable::Thread {
                    columns.push(("TOTAL_SSL_CONNECTIONS", true));
                }
                let row = |k: Value, c: &AccountCounters| -> Row {
                    let secs = |us: u64| Value::Double(us as f64 / 1e6);
                    let mut r = vec![
                        k,
                        n(c.total_connections),
                        n(c.concurrent_connections),
                        n(c.connected_time_us / 1_000_000),
                        secs(c.busy_time_us),
                        secs(c.cpu_time_us),
                        n(c.bytes_received),
                        n(c.bytes_sent),
                        n(c.binlog_bytes_written),
                        n(c.rows_fetched),
                        n(c.rows_updated),
                        n(c.table_rows_read),
                        n(c.select_commands),
                        n(c.update_commands),
                        n(c.other_commands),
                        n(c.commit_transactions),
                        n(c.rollback_transactions),
                        n(c.denied_connections),
                        n(c.lost_connections),
                        n(c.access_denied),
                        n(c.empty_queries),
                    ];
                    if which == StatsTable::Thread {
                        r.push(n(c.ssl_connections));
                    }
                    r
                };
                let rows = match which {
                    StatsTable::User => {
                        self.users.iter().map(|(k, c)| row(Value::Str(k.clone()), c)).collect()
                    }
                    StatsTable::Client => {
                        self.clients.iter().map(|(k, c)| row(Value::Str(k.clone()), c)).collect()
                    }
                    _ => self.threads.iter().map(|(k, c)| row(n(*k), c)).collect(),
                };
                (columns, rows)
            }
        }
    }
}

/// The counters after the key column of USER_STATISTICS, CLIENT_STATISTICS and
/// THREAD_STATISTICS, in Percona's order.
pub const ACCOUNT_COLUMNS: [&str; 20] = [
    "TOTAL_CONNECTIONS",
    "CONCURRENT_CONNECTIONS",
    "CONNECTED_TIME",
    "BUSY_TIME",
    "CPU_TIME",
    "BYTES_RECEIVED",
    "BYTES_SENT",
    "BINLOG_BYTES_WRITTEN",
    "ROWS_FETCHED",
    "ROWS_UPDATED",
    "TABLE_ROWS_READ",
    "SELECT_COMMANDS",
    "UPDATE_COMMANDS",
    "OTHER_COMMANDS",
    "COMMIT_TRANSACTIONS",
    "ROLLBACK_TRANSACTIONS",
    "DENIED_CONNECTIONS",
    "LOST_CONNECTIONS",
    "ACCESS_DENIED",
    "EMPTY_QUERIES",
];

/// The entry of `key` (named `name`), made if there is room, its memory added to `bytes`.
fn account<'m, K: Ord>(
    map: &'m mut BTreeMap<K, AccountCounters>,
    key: K,
    name: &str,
    bytes: &mut u64,
) -> Option<&'m mut AccountCounters> {
    if !map.contains_key(&key) {
        if map.len() >= ENTRIES_MAX {
            return None;
        }
        *bytes += entry_bytes(ACCOUNT_FIXED_BYTES, &[name]);
    }
    Some(map.entry(key).or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accounts_count_logins_statements_and_disconnects() {
        let mut s = UserStatistics::default();
        s.connected("app", "localhost", 9, (true, false), false);
        s.connected("app", "localhost", 0, (false, false), false);
        let facts = StatementFacts {
            user: "app",
            client: "localhost",
            thread: 9,
            class: CommandClass::Select,
            busy_us: 1_500,
            cpu_us: 1_000,
            bytes_received: 30,
            bytes_sent: 0,
            rows_sent: 0,
            rows_changed: 0,
            commit: false,
            rollback: false,
            denied: false,
        };
        assert_eq!(s.absorb_statement(&facts, 10, false), 2);
        s.disconnected("app", "localhost", 9, 3_000_000);
        let (_, rows) = s.read(StatsTable::User);
        let row = &rows[0];
        assert_eq!(row[0], Value::Str("app".into()));
        assert_eq!(row[1], Value::UInt(1)); // TOTAL_CONNECTIONS
        assert_eq!(row[2], Value::UInt(0)); // CONCURRENT_CONNECTIONS
        assert_eq!(row[3], Value::UInt(3)); // CONNECTED_TIME
        assert_eq!(row[11], Value::UInt(10)); // TABLE_ROWS_READ
        assert_eq!(row[12], Value::UInt(1)); // SELECT_COMMANDS
        assert_eq!(row[17], Value::UInt(1)); // DENIED_CONNECTIONS
        assert_eq!(row[20], Value::UInt(1)); // EMPTY_QUERIES
        assert_eq!(s.memory_bytes(), 2 * entry_bytes(ACCOUNT_FIXED_BYTES, &["app"]));
        assert_eq!(s.memory_bytes(), s.recount());
        s.flush(StatsTable::User);
        assert!(s.read(StatsTable::User).1.is_empty());
        assert_eq!(s.read(StatsTable::Client).1.len(), 1);
    }

    #[test]
    fn entry_sizes_keep_25000_tables_under_10_mb() {
        // The seed: 25,000 sysbench tables, each read through its PRIMARY key.
        let table = entry_bytes(TABLE_FIXED_BYTES, &["sbtest", "sbtest12345"]);
        let index = entry_bytes(INDEX_FIXED_BYTES, &["sbtest", "sbtest12345", "PRIMARY"]);
        let bytes = 25_000 * (table + index);
        assert!(bytes < 10 * 1024 * 1024, "{bytes}");
        assert!(bytes > 3 * 1024 * 1024, "{bytes}");
    }
}
