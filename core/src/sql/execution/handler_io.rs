//! One statement's table I/O as the handler interface sees it: rows fetched, inserted,
//! updated and deleted, per table and per index (or no index), with the simulated time each
//! operation took. The executor counts here once per read (a scan, a dive) rather than per
//! row, and the server adds the statement's counts to performance_schema's
//! `table_io_waits_summary_by_index_usage` once, when the statement ends
//! (`instruments::table_io`).
//!
//! Which index a row counts on follows MySQL's handler: a row read through an index counts on
//! that index (PRIMARY for the clustered key), a table scan's rows on no index (NULL), an
//! insert on no index, an update or a delete on the index that found the row.

use crate::storage::table::Table;

/// The row's index slot for "no index" (a table scan, an insert).
pub const NO_INDEX: u32 = u32::MAX;

/// The kinds of row operation the summary tables count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowOp {
    Fetch = 0,
    Insert = 1,
    Update = 2,
    Delete = 3,
}

/// Operations of one kind: how many, and their simulated time in picoseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpTimes {
    pub count: u64,
    pub sum_ps: u64,
    /// The shortest and longest operation. Simplification: MySQL times each row's handler
    /// call; here a read's time is spread evenly over its rows, so these are the extremes of
    /// the per-read averages.
    pub min_ps: u64,
    pub max_ps: u64,
}

impl OpTimes {
    /// Adds `rows` operations that took `ps` picoseconds together.
    pub fn add(&mut self, rows: u64, ps: u64) {
        if rows == 0 {
            return;
        }
        let each = ps / rows;
        self.min_ps = if self.count == 0 { each } else { self.min_ps.min(each) };
        self.max_ps = self.max_ps.max(each);
        self.count = self.count.saturating_add(rows);
        self.sum_ps = self.sum_ps.saturating_add(ps);
    }

    /// Merges another summary of the same kind into this one.
    pub fn absorb(&mut self, o: &OpTimes) {
        if o.count == 0 {
            return;
        }
        self.min_ps = if self.count == 0 { o.min_ps } else { self.min_ps.min(o.min_ps) };
        self.max_ps = self.max_ps.max(o.max_ps);
        self.count = self.count.saturating_add(o.count);
        self.sum_ps = self.sum_ps.saturating_add(o.sum_ps);
    }
}

/// One (table, index) a statement touched, and what it did there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexIo {
    /// The table's tablespace id (unique while the table exists).
    pub space_id: u32,
    /// The table's schema and name (copied once per statement and pair, so the summary
    /// finds the table without a search of the catalog by tablespace).
    pub schema: String,
    pub table: String,
    /// The index's position in the table's definition, or [`NO_INDEX`].
    pub index: u32,
    /// Per [`RowOp`].
    pub ops: [OpTimes; 4],
}

/// The statement's table I/O. Bounded: one entry per (table, index) the statement touched,
/// at most [`StatementIo::ENTRIES_MAX`] (past it further pairs are not counted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatementIo {
    pub entries: Vec<IndexIo>,
}

impl StatementIo {
    /// More (table, index) pairs than any statement the simulator runs touches.
    pub const ENTRIES_MAX: usize = 256;

    /// Counts `rows` operations of kind `op` on `index` of the table in `space_id`, which
    /// took `ps` picoseconds together. A read of no rows still opens the table (its entry
    /// exists), as MySQL shows every index of a table once it is opened.
    pub fn add(&mut self, t: &Table, index: u32, op: RowOp, rows: u64, ps: u64) {
        let space_id = t.space_id;
        // A linear search: a statement touches a handful of (table, index) pairs.
        let at = match self.entries.iter().position(|e| e.space_id == space_id && e.index == index)
        {
            Some(at) => at,
            None if self.entries.len() < Self::ENTRIES_MAX => {
                self.entries.push(IndexIo {
                    space_id,
                    schema: t.def.schema.clone(),
                    table: t.def.name.clone(),
                    index,
                    ops: Default::default(),
                });
                self.entries.len() - 1
            }
            None => return,
        };
        self.entries[at].ops[op as usize].add(rows, ps);
    }

    /// Merges another summary of the same statement into this one (bounded as `add` is).
    pub fn absorb(&mut self, o: &StatementIo) {
        for e in &o.entries {
            let at = match self
                .entries
                .iter()
                .position(|m| m.space_id == e.space_id && m.index == e.index)
            {
                Some(at) => at,
                None if self.entries.len() < Self::ENTRIES_MAX => {
                    self.entries.push(IndexIo { ops: Default::default(), ..e.clone() });
                    self.entries.len() - 1
                }
                None => continue,
            };
            for (mine, theirs) in self.entries[at].ops.iter_mut().zip(&e.ops) {
                mine.absorb(theirs);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(space_id: u32) -> Table {
        use crate::storage::schema::{ColumnDef, ColumnType, IndexDef, TableDef};
        let def = TableDef {
            constraints: Default::default(),
            partitioning: None,
            schema: "s".into(),
            name: format!("t{space_id}"),
            columns: vec![ColumnDef::new("id", ColumnType::Int)],
            indexes: vec![IndexDef::primary(vec![0])],
        };
        Table::new(def, space_id)
    }

    #[test]
    fn counts_per_table_and_index_with_extremes_of_the_per_row_time() {
        let (a, b) = (table(5), table(6));
        let mut io = StatementIo::default();
        io.add(&a, 0, RowOp::Fetch, 4, 400);
        io.add(&a, 0, RowOp::Fetch, 1, 300);
        io.add(&a, NO_INDEX, RowOp::Insert, 2, 50);
        io.add(&b, 0, RowOp::Fetch, 0, 0);
        assert_eq!(io.entries[2].table, "t6");
        assert_eq!(io.entries.len(), 3);
        let f = io.entries[0].ops[RowOp::Fetch as usize];
        assert_eq!((f.count, f.sum_ps, f.min_ps, f.max_ps), (5, 700, 100, 300));
        assert_eq!(io.entries[1].ops[RowOp::Insert as usize].count, 2);
        assert_eq!(io.entries[2].ops[RowOp::Fetch as usize], OpTimes::default());
    }
}
