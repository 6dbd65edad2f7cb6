//! Query execution: reading stored tables along the planner's access path with every page
//! through the buffer pool (`costs`, `table_read`), and the operators that turn rows into
//! results (aggregation, grouping, sorting), with MySQL's internal temporary tables and
//! filesort as models of what they cost (`temp_table`, `filesort`).

pub mod aggregate;
pub mod ascii_text;
pub mod costs;
pub mod cte;
pub mod filesort;
pub mod group_concat_order;
pub mod group_skip_read;
pub mod group_table;
pub mod handler_io;
pub mod packed_rows;
pub mod select;
pub mod set_table;
pub mod sort_key;
pub mod table_read;
pub mod temp_table;

use crate::error::Result;
use crate::storage::table::Row;
use packed_rows::PackedRows;
use std::rc::Rc;

/// How deep views may nest in one another (a view over a view over ...).
pub const VIEW_DEPTH_MAX: u32 = 16;

/// Column metadata of a source or a result.
#[derive(Clone, Debug, PartialEq)]
pub struct Meta {
    pub name: String,
    /// The table (or alias) the column comes from.
    pub table: String,
    pub numeric: bool,
    pub nullable: bool,
    /// A JSON value (a JSON column, or a JSON function's result): JSON functions and
    /// comparisons take it as JSON, not as a string.
    pub json: bool,
    /// A TIME column's value (or a column that passes one on): comparisons and ORDER BY take
    /// it as a duration, not as its text.
    pub time: bool,
    /// An ENUM column's labels in definition order (or a column that passes one on): ORDER BY
    /// sorts it by its index number, not its text, as MySQL does.
    pub labels: Option<Rc<[String]>>,
}

/// The result of a query: column metadata and rows.
pub struct QueryResult {
    pub meta: Vec<Meta>,
    pub rows: Vec<Row>,
    /// Rows past those kept, counted only (a result for the client of more than
    /// `select::pipeline::RESULT_ROWS_KEPT` rows).
    pub unshown: u64,
    /// A result the server keeps for itself (a derived table's, a view's, a CTE's, a set
    /// operation block's) holds its rows here, packed (`packed_rows.rs`), and `rows` is
    /// empty; a result for the client holds them in `rows`.
    pub packed: Option<PackedRows>,
}

impl QueryResult {
    /// A result whose rows are values.
    pub fn of_values(meta: Vec<Meta>, rows: Vec<Row>, unshown: u64) -> QueryResult {
        QueryResult { meta, rows, unshown, packed: None }
    }

    /// The rows as values, unpacked if they were packed (for a consumer that needs them all
    /// at once: a subquery's, INSERT ... SELECT's, the windowing step's).
    pub fn into_values(mut self) -> (Vec<Meta>, Vec<Row>) {
        if let Some(p) = self.packed.take() {
            self.rows = p.to_rows(self.meta.len());
        }
        (self.meta, self.rows)
    }

    /// The rows packed, packing them if they were values.
    pub fn into_packed(mut self) -> Result<(Vec<Meta>, PackedRows)> {
        match self.packed.take() {
            Some(p) => Ok((self.meta, p)),
            None => Ok((self.meta, PackedRows::from_rows(self.rows)?)),
        }
    }

    /// Rows of the result, packed or not.
    pub fn row_count(&self) -> u64 {
        self.packed.as_ref().map_or(self.rows.len() as u64, PackedRows::len)
    }
}

/// What a handler reports besides its response: rows it processed (for the CPU cost) and
/// simulated time it waited.
#[derive(Default)]
pub struct Work {
    /// When the statement must stop (max_execution_time, for a top-level SELECT): its
    /// row loops check the clock against it ([`Work::check_deadline`]).
    pub deadline: Option<crate::sim::SimTime>,
    pub rows: u64,
    /// Rows whose CPU time a scan already charged as it went.
    pub charged_rows: u64,
    pub slept_micros: u64,
    /// Row combinations the statement's joins tried (bounded by
    /// [`select::JOINED_ROWS_MAX`]).
    pub joined: u64,
    /// The rows it fetched, inserted, updated and deleted per table and index, for
    /// performance_schema's table I/O summaries.
    pub table_io: handler_io::StatementIo,
    /// CPU the statement costs beyond its rows, in nanoseconds: the server's bookkeeping
    /// (Percona's USER_STATISTICS), an index build's sort and merge.
    pub extra_cpu_ns: u64,
    /// Rows the storage engine returned, and rows changed, as USER_STATISTICS counts them.
    pub handler_rows_read: u64,
    pub handler_rows_changed: u64,
    /// The common table expressions of the statement's `WITH` clauses in force.
    pub ctes: cte::CteScopes,
    /// The temporary space the statement's stores of rows share (`packed_rows.rs`).
    pub temp_space: packed_rows::TempSpace,
    /// While a correlated subquery's or a dependent derived table's FROM is bound: the names
    /// of the enclosing queries' FROMs, outermost first, which a derived table in that FROM
    /// may read (MySQL 8.0.14+: it becomes a dependent derived table). Empty elsewhere.
    pub outer_scopes: Vec<Vec<(String, Vec<String>)>>,
    /// While a query block's FROM is bound: its optimizer hint texts, whose MERGE / NO_MERGE
    /// decide whether a view or CTE MySQL could merge is materialised (and its temporary
    /// table counted). Empty elsewhere, and for a block without hints.
    pub block_hints: Vec<String>,
    /// The recursive CTEs the statement ran: each one's name and the rows it made, in the
    /// order they finished (EXPLAIN ANALYZE's figures for `Materialize recursive CTE`;
    /// bounded by [`RECURSIVE_RUNS_MAX`]).
    pub recursive_runs: Vec<(String, u64)>,
    /// The loose index scans the statement ran (`group_skip_read.rs`): each table's schema
    /// and name and the rows (groups) the scan returned, for EXPLAIN ANALYZE, whose access
    /// node counts those rather than the entries fetched (bounded by
    /// [`RECURSIVE_RUNS_MAX`]).
    pub skip_scans: Vec<(String, String, u64)>,
    /// No index condition is pushed in the query block being read: the join of a
    /// multi-table UPDATE or DELETE (MySQL pushes none there: sql_select.cc,
    /// QEP_TAB::push_index_cond, SQLCOM_UPDATE_MULTI / SQLCOM_DELETE_MULTI).
    pub index_condition_blocked: bool,
    /// For the SELECT about to be read: one flag per AND-ed part of its WHERE as written,
    /// true where the part holds a subquery (empty: none does). Once the subqueries ran,
    /// their results stand in the conditions as values; MySQL never pushes a condition with
    /// a subquery, so these parts are withheld from the pushdown
    /// (`index_condition::withheld`). The read takes them.
    pub subquery_conjuncts: Vec<bool>,
}

/// The most recursive CTE runs one statement records for EXPLAIN ANALYZE.
pub const RECURSIVE_RUNS_MAX: usize = 64;

impl Work {
    /// ERROR 3024 once the clock has passed the statement's deadline. Simplification: checked
    /// every 1,024 rows a join tries, at the end of each scan run (`table_read`) and per
    /// execution of a subquery; the clock itself moves as a
    /// scan leaves each leaf page (`Costs::charge_rows`), so a statement stops within a page
    /// of its limit, where MySQL's timer thread kills it within a row or so.
    #[inline]
    pub fn check_deadline(&self, now: crate::sim::SimTime) -> crate::error::Result<()> {
        match self.deadline {
            Some(d) if now > d => Err(crate::error::MySqlError::max_execution_time_exceeded()),
            _ => Ok(()),
        }
    }

    /// Adds the work of another part of the same statement (a correlated subquery's
    /// executions) to this one.
    pub fn absorb(&mut self, o: Work) {
        self.rows = self.rows.saturating_add(o.rows);
        self.charged_rows = self.charged_rows.saturating_add(o.charged_rows);
        self.slept_micros = self.slept_micros.saturating_add(o.slept_micros);
        self.joined = self.joined.saturating_add(o.joined);
        self.extra_cpu_ns = self.extra_cpu_ns.saturating_add(o.extra_cpu_ns);
        self.handler_rows_read = self.handler_rows_read.saturating_add(o.handler_rows_read);
        self.handler_rows_changed =
            self.handler_rows_changed.saturating_add(o.handler_rows_changed);
        self.table_io.absorb(&o.table_io);
    }
}
