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

impl StatementIo {
    /// The same operations with their times rescaled to add up to `total_ps` exactly, each
    /// (table, index, kind) getting a share in proportion to the time its reads and writes
    /// were charged as they ran (in proportion to its rows when none was charged). The
    /// shortest and longest per-row times scale with their sum.
    ///
    /// This is how the statement's table I/O time reaches performance_schema: MySQL's
    /// executor reads a table in PSI batch mode (`PFSBatchMode`, `start_psi_batch_mode`), so
    /// one table I/O wait spans a scan's fetches and the work between them, and the per-index
    /// and per-table summaries are what `events_waits_summary_global_by_event_name`'s
    /// `wait/io/table/sql/handler` row adds up. Simplification: we do not time the batches;
    /// the statement's time (`Server::statement_waits`) is shared out over its tables.
    pub fn rescaled(&self, total_ps: u64) -> StatementIo {
        let each = |f: &dyn Fn(&OpTimes) -> u64| -> u128 {
            self.entries.iter().flat_map(|e| e.ops.iter()).map(|o| f(o) as u128).sum()
        };
        let charged = each(&|o| o.sum_ps);
        let weight: &dyn Fn(&OpTimes) -> u64 =
            if charged > 0 { &|o| o.sum_ps } else { &|o| o.count };
        let whole = if charged > 0 { charged } else { each(&|o| o.count) };
        let mut out = self.clone();
        // Cumulative rounding: the shares add up to `total_ps` to the picosecond.
        let (mut before, mut given) = (0u128, 0u64);
        for e in &mut out.entries {
            for o in e.ops.iter_mut().filter(|o| o.count > 0) {
                let old = o.sum_ps;
                before += weight(o) as u128;
                let upto = (total_ps as u128 * before).checked_div(whole).unwrap_or(0);
                let share = (upto as u64).saturating_sub(given);
                given = upto as u64;
                o.sum_ps = share;
                if old > 0 {
                    let scale = |v: u64| (v as u128 * share as u128 / old as u128) as u64;
                    (o.min_ps, o.max_ps) = (scale(o.min_ps), scale(o.max_ps));
                } else {
                    (o.min_ps, o.max_ps) = (share / o.count, share / o.count);
                }
            }
        }
        out
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
    #[test]
    fn rescaled_shares_the_time_by_what_was_charged_then_by_rows() {
        let a = table(5);
        let mut io = StatementIo::default();
        io.add(&a, 0, RowOp::Fetch, 4, 400);
        io.add(&a, NO_INDEX, RowOp::Fetch, 10, 100);
        io.add(&a, NO_INDEX, RowOp::Insert, 2, 0);
        let r = io.rescaled(1001);
        let f = |i: usize, op: RowOp| r.entries[i].ops[op as usize];
        assert_eq!(f(0, RowOp::Fetch).sum_ps, 800);
        assert_eq!(f(1, RowOp::Fetch).sum_ps, 201);
        assert_eq!((f(1, RowOp::Insert).sum_ps, f(1, RowOp::Insert).count), (0, 2));
        assert_eq!((f(0, RowOp::Fetch).min_ps, f(0, RowOp::Fetch).max_ps), (200, 200));
        // Nothing charged: by rows.
        let mut io = StatementIo::default();
        io.add(&a, 0, RowOp::Fetch, 1, 0);
        io.add(&a, NO_INDEX, RowOp::Update, 3, 0);
        let r = io.rescaled(100);
        assert_eq!(r.entries[0].ops[0].sum_ps + r.entries[1].ops[2].sum_ps, 100);
        assert_eq!((r.entries[1].ops[2].sum_ps, r.entries[1].ops[2].min_ps), (75, 25));
    }
}
