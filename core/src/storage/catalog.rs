//! The data dictionary: databases and their tables, views and stored procedures. Database and
//! table names are case-sensitive, as on a Linux server (`lower_case_table_names = 0`); column
//! names are not.

use crate::storage::name_map::NameMap;
use crate::storage::schema::TableDef;
use crate::storage::statistics::index_cardinality;
use crate::storage::table::Table;
use crate::storage::table_stats::{ReadAt, StatsCache, Store, TableStats};
use std::collections::BTreeMap;

/// How a table's statistics are read: a partitioned table's are never cached (MySQL's
/// `can_persist_I_S_dynamic_statistics`).
fn stats_read_of(t: &Table, read: ReadAt) -> ReadAt {
    if t.def.partitioning.is_some() {
        ReadAt { store: Store::Forbidden, ..read }
    } else {
        read
    }
}

/// The schemas every server has; their tables are produced by the server, not stored.
pub const SYSTEM_SCHEMAS: [&str; 4] = ["information_schema", "mysql", "performance_schema", "sys"];

/// A view: its name and the SELECT it stands for.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub name: String,
    /// The SELECT statement, as written after `AS`.
    pub query: String,
    /// `UNDEFINED`, `MERGE` or `TEMPTABLE`, as `SHOW CREATE VIEW` prints it.
    pub algorithm: &'static str,
    /// The column list of `CREATE VIEW v (a, b) AS ...`: the view's column names (empty: its
    /// SELECT's own names).
    pub columns: Vec<String>,
    /// When CREATE VIEW made it (simulated Unix microseconds): its CREATE_TIME.
    pub created_micros: i64,
}

/// A stored procedure parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// IN, OUT or INOUT
    pub mode: String,
    pub name: String,
    pub type_sql: String,
}

/// A stored procedure, or a stored function (one with `returns`).
#[derive(Clone, Debug, PartialEq)]
pub struct Procedure {
    pub name: String,
    pub params: Vec<Parameter>,
    /// A function's RETURNS type, as written; None for a procedure.
    pub returns: Option<String>,
    /// Its characteristics as written (DETERMINISTIC, READS SQL DATA, COMMENT '...').
    pub characteristics: Vec<String>,
    /// Its body, parsed: usually a `BEGIN ... END` block.
    pub body: crate::sql::parser::compound::Stmt,
    /// The body's text, for SHOW CREATE and information_schema.ROUTINES.
    pub body_text: String,
    /// Set when it is created: its definer (`root`@`localhost`), the sql_mode it keeps, and
    /// when (simulated Unix microseconds).
    pub definer: String,
    pub sql_mode: String,
    pub created_micros: i64,
}

impl Procedure {
    /// Its COMMENT's text, quotes written twice read once (empty without one).
    pub fn comment(&self) -> String {
        self.characteristics
            .iter()
            .find_map(|c| c.strip_prefix("COMMENT '"))
            .map(|c| c.strip_suffix('\'').unwrap_or(c).replace("''", "'"))
            .unwrap_or_default()
    }

    pub fn kind(&self) -> &'static str {
        if self.returns.is_some() {
            "FUNCTION"
        } else {
            "PROCEDURE"
        }
    }
}

/// When a trigger runs: before or after its row changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TriggerTiming {
    Before,
    After,
}

/// The row change a trigger runs for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TriggerEvent {
    Insert,
    Update,
    Delete,
}

impl TriggerTiming {
    pub fn word(self) -> &'static str {
        match self {
            TriggerTiming::Before => "BEFORE",
            TriggerTiming::After => "AFTER",
        }
    }
}

impl TriggerEvent {
    pub fn word(self) -> &'static str {
        match self {
            TriggerEvent::Insert => "INSERT",
            TriggerEvent::Update => "UPDATE",
            TriggerEvent::Delete => "DELETE",
        }
    }
}

/// A trigger of a table: its body runs, as a stored program, for each row its event changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Trigger {
    pub name: String,
    pub table: String,
    pub timing: TriggerTiming,
    pub event: TriggerEvent,
    /// The body, as a routine without parameters (`program` runs it).
    pub program: Procedure,
    /// `CREATE ... TRIGGER ...` as SHOW CREATE TRIGGER prints it (with the DEFINER clause).
    pub statement: String,
}

/// One database (schema).
#[derive(Debug, Default)]
pub struct Database {
    pub name: String,
    /// By name, hashed: looked up on every statement (see [`NameMap`]).
    pub tables: NameMap<Table>,
    pub views: BTreeMap<String, View>,
    pub procedures: BTreeMap<String, Procedure>,
    /// Stored functions, by lower-cased name (a namespace of their own, as in MySQL).
    pub functions: BTreeMap<String, Procedure>,
    /// Triggers, in their action order for each table, timing and event (FOLLOWS and
    /// PRECEDES place a new one); names are unique in the schema, as in MySQL.
    pub triggers: Vec<Trigger>,
}

/// All databases.
#[derive(Debug, Default)]
pub struct Catalog {
    databases: BTreeMap<String, Database>,
    next_space_id: u32,
    /// Set once a table with a FOREIGN KEY is added: until then no row change need look for
    /// the keys referring to its table (a server of 25,000 tables without any pays nothing).
    has_foreign_keys: bool,
    /// `mysql.table_stats`: the statistics information_schema.TABLES last cached.
    pub table_stats: StatsCache,
}

impl Catalog {
    pub fn new() -> Catalog {
        // As on a freshly initialised server: the system tablespace is space 0, the mysql,
        // temporary and undo tablespaces take ids near 2^32, and sys.sys_config (the one
        // InnoDB table of the sys schema) is space 1; the first user table gets 2.
        Catalog { next_space_id: 2, ..Catalog::default() }
    }

    pub fn is_system_schema(name: &str) -> bool {
        SYSTEM_SCHEMAS.contains(&name.to_ascii_lowercase().as_str())
    }

    /// Whether a database exists (system schemas always do).
    pub fn has_database(&self, name: &str) -> bool {
        Self::is_system_schema(name) || self.databases.contains_key(name)
    }

    /// Every database name, system schemas included, in name order.
    pub fn database_names(&self) -> Vec<String> {
        let mut names: Vec<String> = SYSTEM_SCHEMAS.iter().map(|s| s.to_string()).collect();
        names.extend(self.databases.keys().cloned());
        names.sort();
        names
    }

    /// Creates a database; false if it exists.
    pub fn create_database(&mut self, name: &str) -> bool {
        if self.has_database(name) {
            return false;
        }
        self.databases
            .insert(name.to_string(), Database { name: name.to_string(), ..Database::default() });
        true
    }

    /// Drops a database and returns the space ids of its tables (to discard their pages).
    pub fn drop_database(&mut self, name: &str) -> Option<Vec<u32>> {
        let db = self.databases.remove(name)?;
        self.table_stats.remove_database(name);
        Some(db.tables.values().map(|t| t.space_id).collect())
    }

    /// Every database, in name order.
    pub fn databases(&self) -> impl Iterator<Item = &Database> {
        self.databases.values()
    }

    pub fn database(&self, name: &str) -> Option<&Database> {
        self.databases.get(name)
    }

    pub fn database_mut(&mut self, name: &str) -> Option<&mut Database> {
        self.databases.get_mut(name)
    }

    /// A fresh tablespace id.
    pub fn allocate_space_id(&mut self) -> u32 {
        let id = self.next_space_id;
        self.next_space_id += 1;
        id
    }

    pub fn table(&self, db: &str, name: &str) -> Option<&Table> {
        self.databases.get(db)?.tables.get(name)
    }

    pub fn table_mut(&mut self, db: &str, name: &str) -> Option<&mut Table> {
        self.databases.get_mut(db)?.tables.get_mut(name)
    }

    /// Adds a table to an existing database.
    pub fn add_table(&mut self, table: Table) {
        self.has_foreign_keys |= !table.def.constraints.foreign_keys.is_empty();
        let db = table.def.schema.clone();
        let name = table.def.name.clone();
        if let Some(d) = self.databases.get_mut(&db) {
            d.tables.insert(name, table);
        }
    }

    /// Renames `db.name` to `to_db.to` (RENAME TABLE, ALTER TABLE ... RENAME): the table keeps
    /// its tablespace, rows and counters. False when there is no such table or the target
    /// database is missing; the caller has checked that the new name is free.
    pub fn rename_table(&mut self, db: &str, name: &str, to_db: &str, to: &str) -> bool {
        if !self.databases.contains_key(to_db) {
            return false;
        }
        let Some(mut table) = self.databases.get_mut(db).and_then(|d| d.tables.remove(name)) else {
            return false;
        };
        table.def.schema = to_db.to_string();
        table.def.name = to.to_string();
        self.add_table(table);
        // The table's triggers follow it. Simplification: MySQL refuses to move a table with
        // triggers to another schema (ERROR 1435); here they move with it.
        let moved: Vec<Trigger> = match self.databases.get_mut(db) {
            Some(d) => {
                let (moved, kept) = std::mem::take(&mut d.triggers)
                    .into_iter()
                    .partition(|t: &Trigger| t.table == name);
                d.triggers = kept;
                moved
            }
            None => Vec::new(),
        };
        if let Some(d) = self.databases.get_mut(to_db) {
            d.triggers.extend(moved.into_iter().map(|mut t| {
                t.table = to.to_string();
                t
            }));
        }
        true
    }

    /// Every user table, by (database, name).
    /// Whether any table was ever added with a FOREIGN KEY.
    /// Notes that a table gained a FOREIGN KEY after it was added (ALTER TABLE ... ADD
    /// FOREIGN KEY): the row changes start checking keys.
    pub fn note_foreign_key(&mut self) {
        self.has_foreign_keys = true;
    }

    pub fn has_foreign_keys(&self) -> bool {
        self.has_foreign_keys
    }

    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.databases.values().flat_map(|d| d.tables.values())
    }

    /// Every view, with its schema's name: schema by schema, each schema's in name order.
    pub fn views(&self) -> impl Iterator<Item = (&str, &View)> {
        self.databases.values().flat_map(|d| d.views.values().map(|v| (d.name.as_str(), v)))
    }

    pub fn view(&self, db: &str, name: &str) -> Option<&View> {
        self.databases.get(db)?.views.get(name)
    }

    /// A stored procedure, the sys schema's among them.
    pub fn procedure(&self, db: &str, name: &str) -> Option<&Procedure> {
        if db == "sys" {
            return crate::instruments::sys::routines::find(name, false);
        }
        self.databases.get(db)?.procedures.get(&name.to_ascii_lowercase())
    }

    /// A stored function, the sys schema's among them.
    pub fn function(&self, db: &str, name: &str) -> Option<&Procedure> {
        if db == "sys" {
            return crate::instruments::sys::routines::find(name, true);
        }
        self.databases.get(db)?.functions.get(&name.to_ascii_lowercase())
    }

    /// Rows held in memory by all tables' changes (for memory accounting).
    pub fn changed_rows(&self) -> u64 {
        self.tables().map(Table::changed_rows).sum()
    }

    /// `db`.`table`'s statistics as information_schema.TABLES reads them: through
    /// mysql.table_stats' cache, from InnoDB when missing or expired. None without the table.
    pub fn cached_table_stats(
        &mut self,
        db: &str,
        table: &str,
        read: ReadAt,
    ) -> Option<TableStats> {
        let t = self.databases.get(db)?.tables.get(table)?;
        let read = stats_read_of(t, read);
        Some(self.table_stats.read(db, table, read, || TableStats::of(t)))
    }

    /// The cardinalities of each of `db`.`table`'s indexes (in its definition's order) as
    /// information_schema.STATISTICS reads them: through mysql.index_stats' cache, from
    /// InnoDB's estimate when missing or expired.
    pub fn cached_cardinalities(&mut self, db: &str, table: &str, read: ReadAt) -> Vec<Vec<u64>> {
        let Some(t) = self.databases.get(db).and_then(|d| d.tables.get(table)) else {
            return Vec::new();
        };
        let read = stats_read_of(t, read);
        let cache = &mut self.table_stats;
        t.def
            .indexes
            .iter()
            .map(|idx| cache.read_index(db, table, &idx.name, read, || index_cardinality(t, idx)))
            .collect()
    }

    /// ANALYZE TABLE: `db`.`table`'s current statistics and index cardinalities go to the
    /// cache, which information_schema reads until they expire (not a partitioned table's:
    /// MySQL does not cache those).
    pub fn cache_current_statistics(&mut self, db: &str, table: &str, now_micros: i64) {
        let Some(t) = self.databases.get(db).and_then(|d| d.tables.get(table)) else { return };
        if t.def.partitioning.is_some() {
            return;
        }
        self.table_stats.store(db, table, now_micros, TableStats::of(t));
        for idx in &t.def.indexes {
            let cardinality = index_cardinality(t, idx);
            self.table_stats.store_index(db, table, &idx.name, now_micros, cardinality);
        }
    }

    /// A restart: InnoDB's in-memory UPDATE_TIME of every table is gone.
    pub fn forget_update_times(&mut self) {
        for d in self.databases.values_mut() {
            for t in d.tables.values_mut_unordered() {
                t.updated_micros = None;
            }
        }
    }

    /// Table definitions of a database, for SHOW TABLES and information_schema.
    pub fn table_defs(&self, db: &str) -> Vec<&TableDef> {
        self.databases
            .get(db)
            .map(|d| d.tables.values().map(|t| &t.def).collect())
            .unwrap_or_default()
    }
}
