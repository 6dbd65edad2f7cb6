//! performance_schema's table I/O summaries, `table_io_waits_summary_by_index_usage` and
//! `table_io_waits_summary_by_table`: the rows each statement fetched, inserted, updated
//! and deleted (`sql::execution::handler_io`), added up since startup or the last TRUNCATE.
//!
//! A table has rows here from the first statement that opens it since startup: one per index
//! (PRIMARY for the clustered key) and one with INDEX_NAME NULL (scans and inserts), all
//! zero until used, so an index nobody used shows as a row of zeros, which is what
//! `sys.schema_unused_indexes` looks for. A table never opened has no rows.
//!
//! Timers are picoseconds (`wait/io/table/sql/handler` is timed by default). These rows are
//! the one source of table I/O time: `events_waits_summary_global_by_event_name`'s
//! `wait/io/table/sql/handler` row adds up what they were given, as MySQL's global row adds
//! up its table shares (so it keeps what a TRUNCATE of these tables or a DROP TABLE takes
//! from them). Each statement's time is shared over its tables and indexes by
//! `StatementIo::rescaled` (see there for why, and the simplification).
//!
//! Simplification: MySQL keeps these per table share and may drop them when the table
//! definition cache evicts the share (UNCONFIRMED lifecycle); here a table's rows last until
//! restart or until the table is dropped. A change of the table's indexes resets its rows,
//! as the manual says a DDL that changes the index structure may.

use crate::sql::execution::handler_io::{OpTimes, RowOp, StatementIo, NO_INDEX};
use crate::storage::catalog::Catalog;
use crate::storage::name_map::NameMap;
use crate::storage::table::Row;
use crate::storage::value::Value;
use std::collections::BTreeMap;

/// Tables with rows here at most (MySQL's `performance_schema_max_table_instances` is
/// autosized in the thousands); past it a newly opened table is not summarised.
pub const TABLES_MAX: usize = 100_000;

/// One opened table: its indexes' names when it was opened, and per index (then the NULL
/// row) the operations of each kind.
#[derive(Clone, Debug, PartialEq)]
struct TableRows {
    space_id: u32,
    indexes: Vec<String>,
    /// `indexes.len() + 1` entries, the last for no index.
    ops: Vec<[OpTimes; 4]>,
}

impl TableRows {
    fn zeroed(space_id: u32, indexes: Vec<String>) -> TableRows {
        let ops = vec![[OpTimes::default(); 4]; indexes.len() + 1];
        TableRows { space_id, indexes, ops }
    }
}

/// The summaries since startup (a restart empties them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableIo {
    /// By schema, then table (two levels, so a statement's lookups borrow its names rather
    /// than build a key; the tables hashed, as there may be 25,000 of them).
    tables: BTreeMap<String, NameMap<TableRows>>,
    /// Tables with rows here (bounded by [`TABLES_MAX`]).
    count: usize,
}

impl TableIo {
    /// Adds a statement's table I/O. A table opened for the first time (or re-created, or
    /// whose indexes changed since) starts with every index's row at zero. Returns what it
    /// added, by kind: the statement's part of `wait/io/table/sql/handler`'s global row, which
    /// is the sum of these rows (`Server::statement_waits`).
    pub fn absorb(&mut self, io: &StatementIo, catalog: &Catalog) -> [OpTimes; 4] {
        let mut added = [OpTimes::default(); 4];
        for e in &io.entries {
            let Some(t) = catalog.table(&e.schema, &e.table) else { continue };
            let names = || t.def.indexes.iter().map(|i| i.name.clone()).collect::<Vec<_>>();
            // One search of the table's schema when it is known (the usual case).
            let known = self.tables.get_mut(&e.schema).and_then(|s| s.get_mut(&e.table));
            let rows = match known {
                Some(rows) => rows,
                None if self.count >= TABLES_MAX => continue,
                None => {
                    self.count += 1;
                    let schema = self.tables.entry(e.schema.clone()).or_default();
                    schema.insert(e.table.clone(), TableRows::zeroed(t.space_id, names()));
                    let Some(rows) = schema.get_mut(&e.table) else { continue };
                    rows
                }
            };
            let same = rows.space_id == t.space_id
                && rows.indexes.len() == t.def.indexes.len()
                && rows.indexes.iter().zip(&t.def.indexes).all(|(a, b)| *a == b.name);
            if !same {
                *rows = TableRows::zeroed(t.space_id, names());
            }
            let slot = if e.index == NO_INDEX { rows.indexes.len() } else { e.index as usize };
            if let Some(ops) = rows.ops.get_mut(slot) {
                for ((mine, theirs), sum) in ops.iter_mut().zip(&e.ops).zip(&mut added) {
                    mine.absorb(theirs);
                    sum.absorb(theirs);
                }
            }
        }
        added
    }

    /// TRUNCATE TABLE of either summary: every count and timer back to zero, the rows kept.
    pub fn truncate(&mut self) {
        for t in self.tables.values_mut().flat_map(|s| s.values_mut_unordered()) {
            for ops in &mut t.ops {
                *ops = [OpTimes::default(); 4];
            }
        }
    }

    /// Every table with rows, by schema and name.
    fn each(&self) -> impl Iterator<Item = (&String, &String, &TableRows)> {
        self.tables.iter().flat_map(|(schema, s)| s.iter().map(move |(n, t)| (schema, n, t)))
    }

    /// Whether a table still is what its rows describe (not dropped, not re-created).
    fn current(catalog: &Catalog, schema: &str, name: &str, rows: &TableRows) -> bool {
        catalog.table(schema, name).is_some_and(|t| t.space_id == rows.space_id)
    }

    /// How many rows `by_table` and `by_index_usage` would give, without making them.
    pub fn row_counts(&self, catalog: &Catalog) -> (u64, u64) {
        self.each()
            .filter(|(schema, name, t)| Self::current(catalog, schema, name, t))
            .fold((0, 0), |(tables, rows), (_, _, t)| (tables + 1, rows + t.ops.len() as u64))
    }

    /// `table_io_waits_summary_by_index_usage`'s rows, in [`BY_INDEX_USAGE_COLUMNS`] order:
    /// by schema and table, each table's indexes in their order, then its NULL row.
    pub fn by_index_usage(&self, catalog: &Catalog) -> Vec<Row> {
        let mut out = Vec::new();
        for (schema, name, t) in self.each() {
            if !Self::current(catalog, schema, name, t) {
                continue;
            }
            for (slot, ops) in t.ops.iter().enumerate() {
                let index = t.indexes.get(slot).map_or(Value::Null, |n| Value::Str(n.clone()));
                let mut row = vec![
                    Value::Str("TABLE".into()),
                    Value::Str(schema.clone()),
                    Value::Str(name.clone()),
                    index,
                ];
                summary_values(ops, &mut row);
                out.push(row);
            }
        }
        out
    }

    /// `table_io_waits_summary_by_table`'s rows: each table's indexes and NULL row together.
    pub fn by_table(&self, catalog: &Catalog) -> Vec<Row> {
        let mut out = Vec::new();
        for (schema, name, t) in self.each() {
            if !Self::current(catalog, schema, name, t) {
                continue;
            }
            let mut all = [OpTimes::default(); 4];
            for ops in &t.ops {
                for (a, o) in all.iter_mut().zip(ops) {
                    a.absorb(o);
                }
            }
            let mut row = vec![
                Value::Str("TABLE".into()),
                Value::Str(schema.clone()),
                Value::Str(name.clone()),
            ];
            summary_values(&all, &mut row);
            out.push(row);
        }
        out
    }
}

/// The summary groups of both tables, in column order: all, READ, WRITE, FETCH, INSERT,
/// UPDATE, DELETE (reads are the fetches; writes the inserts, updates and deletes).
const GROUPS: [&str; 7] = ["WAIT", "READ", "WRITE", "FETCH", "INSERT", "UPDATE", "DELETE"];

/// Appends the 35 summary values (COUNT, SUM, MIN, AVG, MAX per group) of one row.
fn summary_values(ops: &[OpTimes; 4], row: &mut Row) {
    let fetch = ops[RowOp::Fetch as usize];
    let mut write = OpTimes::default();
    for op in [RowOp::Insert, RowOp::Update, RowOp::Delete] {
        write.absorb(&ops[op as usize]);
    }
    let mut all = fetch;
    all.absorb(&write);
    let groups = [
        all,
        fetch,
        write,
        fetch,
        ops[RowOp::Insert as usize],
        ops[RowOp::Update as usize],
        ops[RowOp::Delete as usize],
    ];
    for g in groups {
        let avg = g.sum_ps.checked_div(g.count).unwrap_or(0);
        for v in [g.count, g.sum_ps, g.min_ps, avg, g.max_ps] {
            row.push(Value::UInt(v));
        }
    }
}

/// The summary columns' names: COUNT_STAR, SUM_TIMER_WAIT, ..., MAX_TIMER_DELETE.
fn summary_columns() -> Vec<String> {
    let mut out = Vec::new();
    for g in GROUPS {
        let count = if g == "WAIT" { "COUNT_STAR".to_string() } else { format!("COUNT_{g}") };
        out.push(count);
        for stat in ["SUM", "MIN", "AVG", "MAX"] {
            out.push(format!("{stat}_TIMER_{g}"));
        }
    }
    out
}

/// The columns of `table_io_waits_summary_by_index_usage` (or, without INDEX_NAME,
/// `_by_table`) as MySQL 9.7 has them: (name, numeric, nullable).
pub fn columns(by_index: bool) -> Vec<(String, bool, bool)> {
    let mut out = vec![
        ("OBJECT_TYPE".to_string(), false, true),
        ("OBJECT_SCHEMA".to_string(), false, true),
        ("OBJECT_NAME".to_string(), false, true),
    ];
    if by_index {
        out.push(("INDEX_NAME".to_string(), false, true));
    }
    out.extend(summary_columns().into_iter().map(|c| (c, true, false)));
    out
}

/// The two tables' names, as performance_schema spells them.
pub const TABLES: [&str; 2] =
    ["table_io_waits_summary_by_index_usage", "table_io_waits_summary_by_table"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_mysqls_thirty_nine() {
        let c = columns(true);
        assert_eq!(c.len(), 39);
        let names: Vec<&str> = c.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(&names[3..6], ["INDEX_NAME", "COUNT_STAR", "SUM_TIMER_WAIT"]);
        assert_eq!(names[9], "COUNT_READ");
        assert_eq!(names[24], "COUNT_INSERT");
        assert_eq!(names[38], "MAX_TIMER_DELETE");
        assert_eq!(columns(false).len(), 38);
    }

    fn catalog_with(space_id: u32, indexes: &[&str]) -> Catalog {
        use crate::storage::schema::{ColumnDef, ColumnType, IndexDef, TableDef};
        let mut defs = vec![IndexDef::primary(vec![0])];
        defs.extend(indexes.iter().map(|n| IndexDef::key(n, vec![1])));
        let def = TableDef {
            constraints: Default::default(),
            partitioning: None,
            schema: "s".into(),
            name: "t".into(),
            columns: vec![
                ColumnDef::new("id", ColumnType::Int),
                ColumnDef::new("k", ColumnType::Int),
            ],
            indexes: defs,
        };
        let mut catalog = Catalog::new();
        catalog.create_database("s");
        catalog.add_table(crate::storage::table::Table::new(def, space_id));
        catalog
    }

    fn fetches(io: &TableIo, catalog: &Catalog) -> Vec<(String, i64)> {
        io.by_index_usage(catalog)
            .iter()
            .map(|r| (r[3].to_text().unwrap_or("NULL".into()), r[19].to_i64().unwrap_or(-1)))
            .collect()
    }

    #[test]
    fn a_table_shows_every_index_once_opened_and_starts_over_when_its_indexes_change() {
        let catalog = catalog_with(7, &["k"]);
        let t = catalog.table("s", "t").unwrap();
        let mut io = TableIo::default();
        assert!(io.by_index_usage(&catalog).is_empty(), "no rows before the table is opened");
        let mut statement = StatementIo::default();
        statement.add(t, 1, RowOp::Fetch, 3, 300);
        statement.add(t, NO_INDEX, RowOp::Fetch, 10, 100);
        io.absorb(&statement, &catalog);
        let want = |k: i64, none: i64| {
            vec![("PRIMARY".to_string(), 0), ("k".to_string(), k), ("NULL".to_string(), none)]
        };
        assert_eq!(fetches(&io, &catalog), want(3, 10));
        io.absorb(&statement, &catalog);
        assert_eq!(fetches(&io, &catalog), want(6, 20));
        // The same table with another index: its rows start again at zero.
        let changed = catalog_with(7, &["k", "k2"]);
        let mut one = StatementIo::default();
        one.add(changed.table("s", "t").unwrap(), 2, RowOp::Fetch, 1, 5);
        io.absorb(&one, &changed);
        let rows = fetches(&io, &changed);
        assert_eq!(rows.len(), 4);
        assert_eq!((rows[1].1, rows[2].1, rows[3].1), (0, 1, 0));
        // Re-created (a new tablespace): the old rows do not show for it.
        let recreated = catalog_with(8, &["k"]);
        assert!(io.by_index_usage(&recreated).is_empty());
        io.truncate();
        assert!(fetches(&io, &changed).iter().all(|(_, n)| *n == 0));
    }

    #[test]
    fn writes_add_inserts_updates_and_deletes() {
        let mut ops = [OpTimes::default(); 4];
        ops[RowOp::Fetch as usize].add(10, 1000);
        ops[RowOp::Insert as usize].add(2, 60);
        ops[RowOp::Delete as usize].add(1, 10);
        let mut row = Vec::new();
        summary_values(&ops, &mut row);
        let n = |i: usize| row[i].to_i64().unwrap();
        // COUNT_STAR, SUM, MIN, AVG, MAX of all.
        assert_eq!((n(0), n(1), n(2), n(3), n(4)), (13, 1070, 10, 82, 100));
        // COUNT_WRITE and its SUM; COUNT_UPDATE stays 0.
        assert_eq!((n(10), n(11), n(25)), (3, 70, 0));
    }
}
