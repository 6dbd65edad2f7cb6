//! The access path planner: for one stored table of a query, given the conditions that can be
//! checked when its rows are read, choose between a full scan of the clustered index, a
//! primary key lookup (`const`), an equality lookup through an index (`ref`, or `eq_ref` when
//! it finds at most one row per key of another table), and a range scan of an index's first
//! column (`range`: comparisons, BETWEEN, IN lists, LIKE 'prefix%'). EXPLAIN and the
//! executor both call [`choose`], so EXPLAIN prints what the executor does.
//!
//! COST MODEL
//! ==========
//! MySQL's cost model in a few lines (constants are its defaults in mysql.server_cost and
//! mysql.engine_cost):
//! - a full scan costs one page read per clustered leaf page ([`IO_BLOCK_READ_COST`]) plus
//!   [`ROW_EVALUATE_COST`] per row;
//! - an index lookup that is not covering reads the clustered row of every index entry, a
//!   random page read each; for `ref` MySQL caps those reads at `worst_seeks` (a tenth of the
//!   table's rows, at most three full scans), which is why an equality on a tiny table still
//!   uses its index;
//! - a covering read (`Using index`) reads only the index's own leaf pages.
//!
//! Row estimates for constant keys come from counting the materialised index entries
//! (InnoDB's records-in-range "index dives", exact here); for keys from another table, from
//! the index's cardinality (rows / distinct values), as MySQL's rec_per_key.
//!
//! Simplifications: every page is priced as a disk read (MySQL prices pages it believes are
//! cached at memory_block_read_cost 0.25); the join order is searched separately
//! (`join_order.rs`) and this module plans the tables in the order it gives; ranges are built on an index's first column only; no index merge or skip scan.
//! Index condition pushdown does not enter the costs (as in MySQL): `index_condition.rs`
//! adds it to the chosen path.

use crate::sql::bind::BExpr;
use crate::sql::Value;
use crate::storage::schema::{ColumnType, IndexDef};
use crate::storage::statistics::index_cardinality;
use crate::storage::table::{RangeEnd, Table};
use sqlparser::ast::BinaryOperator as B;

/// Cost of reading one page from disk (engine_cost io_block_read_cost).
pub const IO_BLOCK_READ_COST: f64 = 1.0;
/// Cost of evaluating one row against the conditions (server_cost row_evaluate_cost).
pub const ROW_EVALUATE_COST: f64 = 0.1;
/// Most values an IN list may have to become a range (MySQL's range optimizer has a memory
/// limit; this keeps the number of dives bounded).
const IN_LIST_RANGES_MAX: usize = 1000;

/// How values compare in an index, for deciding whether a lookup finds exactly the rows the
/// condition means. Other column types (dates stored as text, ENUM) are not looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyKind {
    Number,
    Text,
    /// Binary strings (BINARY, VARBINARY), compared byte by byte.
    Binary,
}

/// The comparison kind of a column type.
pub fn key_kind(ty: &ColumnType) -> Option<KeyKind> {
    match ty {
        ColumnType::TinyInt
        | ColumnType::SmallInt
        | ColumnType::MediumInt
        | ColumnType::Int
        | ColumnType::BigInt
        | ColumnType::Decimal { .. } => Some(KeyKind::Number),
        ColumnType::Char(_) | ColumnType::Varchar(_) | ColumnType::Text(_) => Some(KeyKind::Text),
        ColumnType::Binary(_) | ColumnType::VarBinary(_) => Some(KeyKind::Binary),
        _ => None,
    }
}

/// A value's comparison kind.
fn value_kind(v: &Value) -> Option<KeyKind> {
    match v {
        Value::Int(_) | Value::UInt(_) | Value::Decimal(_) => Some(KeyKind::Number),
        Value::Str(_) => Some(KeyKind::Text),
        Value::Bin(_) => Some(KeyKind::Binary),
        _ => None,
    }
}

/// One interval of a range scan over an index's first column.
#[derive(Clone, Debug, PartialEq)]
pub struct Interval {
    pub lo: Option<RangeEnd>,
    pub hi: Option<RangeEnd>,
}

/// How a table's rows are read.
#[derive(Clone, Debug, PartialEq)]
pub enum Path {
    /// Every row, in clustered index order.
    Scan,
    /// An equality on every key column of `index`, each part evaluated against the joined row
    /// before this table (constants or columns of earlier tables). PRIMARY is a clustered
    /// lookup; `unique` when a key finds at most one row.
    Ref { index: String, parts: Vec<BExpr>, unique: bool },
    /// Intervals of `index`'s first column, in order.
    Range { index: String, intervals: Vec<Interval> },
    /// Every entry of secondary index `index`, in key order (EXPLAIN's `index` type): chosen
    /// only to deliver ORDER BY / GROUP BY without a sort (`index_order.rs`).
    IndexScan { index: String },
    /// A loose index scan (`Using index for group-by`): a dive or two per group of an
    /// index's leading columns (`group_skip.rs`).
    GroupSkip(Box<GroupSkip>),
}

/// How a loose index scan reads its index (`group_skip.rs` chooses it, the executor's
/// `group_skip_read.rs` follows it).
#[derive(Clone, Debug, PartialEq)]
pub struct GroupSkip {
    pub index: String,
    /// The index entry's columns: its own, then the primary key's it lacks.
    pub entry: Vec<u32>,
    /// How many leading entry columns make a group.
    pub group_parts: usize,
    /// The constants the WHERE clause fixes for the entry columns right after the group's
    /// (MySQL's key infix), in key order.
    pub infix: Vec<Value>,
    /// The MIN / MAX argument, the entry column after the infix.
    pub min_max: Option<MinMaxPart>,
    /// Intervals of the first entry column the groups are sought in (empty: every group).
    pub prefix: Vec<Interval>,
    /// MySQL's "scanning" variant (`Using index for group-by (scanning)`), for the DISTINCT
    /// aggregates: every entry is read in order and each new group handed on, no dives.
    pub scanning: bool,
}

/// The MIN / MAX argument of a loose index scan and the bounds the WHERE clause gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct MinMaxPart {
    pub column: u32,
    pub min: bool,
    pub max: bool,
    /// Bounds on the column's value (None: open).
    pub lo: Option<RangeEnd>,
    pub hi: Option<RangeEnd>,
    /// The column may hold NULL (MIN skips the group's NULLs with one more dive).
    pub nullable: bool,
}

impl Path {
    /// The index the path reads, if any.
    pub fn index(&self) -> Option<&str> {
        match self {
            Path::Scan => None,
            Path::Ref { index, .. } | Path::Range { index, .. } | Path::IndexScan { index } => {
                Some(index)
            }
            Path::GroupSkip(g) => Some(&g.index),
        }
    }
}

/// The chosen access path and what EXPLAIN says about it.
#[derive(Clone, Debug)]
pub struct Choice {
    pub path: Path,
    /// Reads only the index (its columns and the primary key): `Using index`.
    pub covering: bool,
    /// Rows each access is expected to read.
    pub rows: u64,
    /// Conditions the lookup itself guarantees (positions in the conjunct list): they need no
    /// `Using where`.
    pub consumed: Vec<usize>,
    /// Conditions the row estimate already reflects (EXPLAIN's filtered leaves them out).
    pub used: Vec<usize>,
    /// The index columns the lookup uses (for key_len).
    pub key_columns: Vec<u32>,
    /// `type` in EXPLAIN.
    pub access_type: &'static str,
    /// The cost model's price of every access together (all `loops` of them), as [`choose`]
    /// compared it; EXPLAIN FORMAT=TREE prints it per access.
    pub cost: f64,
    /// How many times the table is expected to be read (the rows of the tables before it).
    pub loops: f64,
    /// A partitioned table's partitions to read (`partition_pruning.rs`); None for a table
    /// that is not partitioned.
    pub partitions: Option<Vec<bool>>,
    /// When some partitions are left out: the rule that tells a row's partition, bound once
    /// for every read of the table along this choice (a join reads it per outer row).
    pub partition_filter: Option<std::sync::Arc<super::partition_pruning::PartitionFilter>>,
    /// Read the index backward, last entry first (ORDER BY ... DESC: `Backward index scan`).
    pub reverse: bool,
    /// The conditions tested on each index entry before its clustered row is fetched
    /// (`Using index condition`, `index_condition.rs`); set once the path is final.
    pub index_condition: Option<std::sync::Arc<super::index_condition::IndexCondition>>,
}

/// `USE`, `FORCE` and `IGNORE INDEX` hints of one table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IndexHints {
    /// USE or FORCE INDEX: only these indexes (an empty list allows none).
    pub only: Option<Vec<String>>,
    /// IGNORE INDEX: never these.
    pub ignore: Vec<String>,
    /// FORCE INDEX: a full scan only when no listed index can be used.
    pub force: bool,
    /// `t PARTITION (p0, p1)`: the partitions the query names, by position (None: every
    /// partition). Kept with the index hints as the other thing FROM says about how to
    /// read the table.
    pub partitions: Option<Vec<bool>>,
    /// The block's `ICP` / `NO_ICP` optimizer hints naming the table, in written order
    /// (`index_condition.rs`).
    pub icp: Vec<super::index_condition::IcpHint>,
    /// The block's `GROUP_INDEX` / `NO_GROUP_INDEX` hints naming the table, in written order
    /// (`group_skip.rs`).
    pub group_index: Vec<super::index_condition::IcpHint>,
}

impl IndexHints {
    /// The hints with a FROM-clause `PARTITION (...)` list: error 1747 on a table that is
    /// not partitioned, 1735 for a name the table lacks.
    pub(crate) fn with_partitions(
        mut self,
        names: &[sqlparser::ast::Ident],
        t: &Table,
    ) -> crate::error::Result<IndexHints> {
        use crate::error::MySqlError;
        if names.is_empty() {
            return Ok(self);
        }
        let p =
            t.def.partitioning.as_ref().ok_or_else(MySqlError::partition_clause_unpartitioned)?;
        // Over the physical partitions: a partition's name picks all its subpartitions.
        let mut chosen = vec![false; p.physical_count()];
        for n in names {
            let at = (p.physical_positions(&n.value))
                .ok_or_else(|| MySqlError::unknown_partition(&n.value, &t.def.name))?;
            for i in at {
                chosen[i] = true;
            }
        }
        self.partitions = Some(chosen);
        Ok(self)
    }

    /// The hints of a FROM-clause table, or error 1176 for an index the table lacks or that is
    /// invisible: MySQL refuses a hint naming an invisible index, so a query that forces one
    /// fails loudly once the index is hidden (simplification: the optimizer_switch flag
    /// `use_invisible_indexes`, off by default, which would allow it, is not modelled).
    pub(crate) fn from_directives(
        directives: &[sqlparser::ast::TableIndexDirective],
        t: Option<&Table>,
    ) -> crate::error::Result<IndexHints> {
        use sqlparser::ast::{TableIndexDirective as D, TableIndexHintType as H};
        let mut hints = IndexHints::default();
        for d in directives {
            let D::MySql(h) = d else { continue };
            let names: Vec<String> = h.index_names.iter().map(|i| i.value.clone()).collect();
            if let Some(t) = t {
                let usable = |n: &&String| t.def.index(n).is_some_and(|i| i.visible);
                if let Some(bad) = names.iter().find(|n| !usable(n)) {
                    return Err(crate::error::MySqlError::key_does_not_exist(bad, &t.def.name));
                }
            }
            match h.hint_type {
                H::Ignore => hints.ignore.extend(names),
                H::Use | H::Force => {
                    hints.force |= h.hint_type == H::Force;
                    hints.only.get_or_insert_with(Vec::new).extend(names);
                }
            }
        }
        Ok(hints)
    }

    /// The hints with the query block's `ICP` / `NO_ICP` and `GROUP_INDEX` /
    /// `NO_GROUP_INDEX` optimizer hints that name the table read as `alias` (`block_hints`:
    /// the block's hint comments).
    pub(crate) fn with_icp_hints(mut self, block_hints: &[String], alias: &str) -> IndexHints {
        if !block_hints.is_empty() {
            self.icp = super::index_condition::hints_naming(block_hints, alias);
            self.group_index =
                super::index_condition::named_hints(block_hints, alias, "GROUP_INDEX");
        }
        self
    }

    pub(crate) fn allows(&self, name: &str) -> bool {
        let listed = |list: &[String]| list.iter().any(|n| n.eq_ignore_ascii_case(name));
        !listed(&self.ignore) && self.only.as_deref().is_none_or(listed)
    }
}

/// What the planner knows about one table of the query.
pub struct Request<'a> {
    pub table: &'a Table,
    /// Position of the table's first column in the joined row.
    pub offset: u32,
    /// The AND-ed conditions usable for access to this table (bound against the joined row).
    pub conjuncts: &'a [BExpr],
    /// Whether a joined-row column is known before this table is read (earlier tables).
    pub available: &'a dyn Fn(u32) -> bool,
    /// Comparison kind of a joined-row column of an earlier table.
    pub kind_of: &'a dyn Fn(u32) -> Option<KeyKind>,
    /// Columns of this table the query reads.
    pub needed: &'a [bool],
    /// How many times the table is read (estimated rows of the tables before it).
    pub accesses: f64,
    /// Whether the table is the first one (a `const` lookup is possible).
    pub first: bool,
    pub hints: &'a IndexHints,
}

/// One usable condition on a column of the table.
enum Usable {
    /// `column = value`: the value reads only earlier tables (or nothing).
    Eq { column: u32, value: BExpr, constant: bool },
    /// `column op constant` with op one of < <= > >=, or a BETWEEN (two of these).
    Bound { column: u32, lo: Option<RangeEnd>, hi: Option<RangeEnd> },
    /// `column IN (constants)`.
    In { column: u32, values: Vec<Value> },
    /// `(c1, c2, ...) IN ((k1, k2, ...), ...)` of constants, bound as an OR of AND-ed
    /// equalities over the same columns (`(c1 = k1 AND c2 = k2) OR ...`): the points of a
    /// composite key, MySQL's range optimization of row constructors. Each row's values
    /// follow `columns`.
    Rows { columns: Vec<u32>, rows: Vec<Vec<Value>> },
}

/// Chooses how to read `req.table`. `constant` evaluates an expression that reads no column
/// (None when it cannot be evaluated).
pub fn choose(req: &Request, constant: &mut dyn FnMut(&BExpr) -> Option<Value>) -> Choice {
    let t = req.table;
    let usable: Vec<(usize, Usable)> = req
        .conjuncts
        .iter()
        .enumerate()
        .filter_map(|(i, e)| classify(e, req, constant).map(|u| (i, u)))
        .collect();
    let total = t.row_count();
    let clustered = t.clustered_geometry();
    let scan_cost =
        clustered.leaf_pages as f64 * IO_BLOCK_READ_COST + total as f64 * ROW_EVALUATE_COST;
    let scan = Choice {
        path: Path::Scan,
        covering: false,
        rows: total,
        consumed: Vec::new(),
        used: Vec::new(),
        key_columns: Vec::new(),
        access_type: "ALL",
        cost: 0.0,
        loops: req.accesses.max(1.0),
        partitions: None,
        partition_filter: None,
        reverse: false,
        index_condition: None,
    };
    // An inner table of a join is scanned once into the join buffer, and every row from the
    // tables before it is compared with every buffered row (MySQL's block nested loop cost,
    // which it keeps for hash joins).
    let join_cost = if req.first { 0.0 } else { req.accesses * total as f64 * ROW_EVALUATE_COST };
    // FORCE INDEX: a scan is taken only when no listed index applies.
    let priced_scan = scan_cost + join_cost;
    let scan_cost = if req.hints.force { f64::INFINITY } else { priced_scan };
    let mut best = (scan_cost, scan);
    let worst_seeks = (total as f64 / 10.0).min(clustered.leaf_pages as f64 * 3.0).max(1.0);
    for idx in t.def.indexes.iter().filter(|i| i.visible && req.hints.allows(&i.name)) {
        let covering = idx.primary || covers(t, idx, req.needed);
        if let Some(c) = ref_choice(req, idx, &usable, covering) {
            let per = c.rows as f64;
            let reads = if idx.primary {
                per / f64::from(clustered.records_per_leaf.max(1)) + 1.0
            } else if covering {
                leaf_reads(t, idx, per)
            } else {
                per.min(worst_seeks)
            };
            let cost =
                req.accesses.max(1.0) * (reads * IO_BLOCK_READ_COST + per * ROW_EVALUATE_COST);
            // `const` and unique lookups always win, as in MySQL.
            if c.access_type == "const" || cost <= best.0 {
                best = (cost, c);
                if best.1.access_type == "const" {
                    return priced(best, priced_scan, req);
                }
            }
        }
        if let Some(c) = range_choice(req, idx, &usable, covering) {
            let rows = c.rows as f64;
            let intervals = match &c.path {
                Path::Range { intervals, .. } => intervals.len() as f64,
                _ => 1.0,
            };
            let reads = if idx.primary {
                rows / f64::from(clustered.records_per_leaf.max(1)) + intervals
            } else if covering {
                leaf_reads(t, idx, rows) + intervals
            } else {
                rows + intervals
            };
            let cost =
                req.accesses.max(1.0) * (reads * IO_BLOCK_READ_COST + rows * ROW_EVALUATE_COST);
            if cost < best.0 {
                best = (cost, c);
            }
        }
    }
    priced(best, priced_scan, req)
}

/// The chosen path with its price and loop count filled in (a scan FORCE INDEX could not
/// avoid is priced as the scan it is).
fn priced((cost, mut c): (f64, Choice), scan_cost: f64, req: &Request) -> Choice {
    c.cost = if cost.is_finite() { cost } else { scan_cost };
    c.loops = req.accesses.max(1.0);
    c.partitions = req.table.def.partitioning.as_ref().map(|p| {
        let mut kept =
            super::partition_pruning::prune_table(&req.table.def, p, req.offset, req.conjuncts);
        if let Some(named) = &req.hints.partitions {
            kept.iter_mut().zip(named).for_each(|(k, n)| *k &= n);
        }
        kept
    });
    // A pruned scan reads the kept partitions' rows only: its estimate is their count, as
    // MySQL sums the kept partitions' statistics.
    if let Some(kept) = c.partitions.as_deref().filter(|k| k.contains(&false)) {
        // A filter that cannot be bound reads every partition (the conditions still judge).
        c.partition_filter = (super::partition_pruning::PartitionFilter::new(&req.table.def, kept))
            .ok()
            .flatten()
            .map(std::sync::Arc::new);
    }
    if let (Path::Scan, Some(kept)) = (&c.path, &c.partitions) {
        if kept.contains(&false) {
            let counts = super::partition_pruning::partition_rows(req.table);
            c.rows = (counts.iter().zip(kept)).filter(|(_, &k)| k).map(|(n, _)| n).sum();
        }
    }
    c
}

/// Leaf pages a covering read of `rows` entries of `idx` enters.
fn leaf_reads(t: &Table, idx: &IndexDef, rows: f64) -> f64 {
    let per_leaf = t
        .secondary_geometry(&idx.name)
        .map_or(100.0, |(_, g)| f64::from(g.records_per_leaf.max(1)));
    rows / per_leaf + 1.0
}

/// Whether every column the query reads is in the index or the primary key.
pub(super) fn covers(t: &Table, idx: &IndexDef, needed: &[bool]) -> bool {
    let pk: &[u32] = t.def.primary().map_or(&[], |p| &p.columns);
    needed
        .iter()
        .enumerate()
        .all(|(c, &n)| !n || idx.columns.contains(&(c as u32)) || pk.contains(&(c as u32)))
}

/// An equality lookup on the longest prefix of `idx`'s columns that conditions fix.
fn ref_choice(
    req: &Request,
    idx: &IndexDef,
    usable: &[(usize, Usable)],
    covering: bool,
) -> Option<Choice> {
    let t = req.table;
    let mut parts = Vec::new();
    let mut used = Vec::new();
    let mut consumed = Vec::new();
    let mut all_constant = true;
    for &col in &idx.columns {
        let found = usable.iter().find_map(|(i, u)| match u {
            Usable::Eq { column, value, constant } if *column == col => {
                Some((*i, value.clone(), *constant))
            }
            _ => None,
        });
        let Some((i, value, constant)) = found else { break };
        parts.push(value);
        used.push(i);
        // A BINARY(n) column's equality stays a condition after the lookup: MySQL's
        // test_if_ref keeps it (the key is not padded to the column's length), so EXPLAIN
        // says `Using where` (func_uuid.result). UNCONFIRMED for VARBINARY: taken as consumed,
        // as VARCHAR's is.
        if !matches!(t.def.columns.get(col as usize).map(|c| &c.ty), Some(ColumnType::Binary(_))) {
            consumed.push(i);
        }
        all_constant &= constant;
    }
    if parts.is_empty() {
        return None;
    }
    let full = parts.len() == idx.columns.len();
    let unique = full && idx.unique;
    let key_columns = idx.columns[..parts.len()].to_vec();
    let rows = if unique {
        1
    } else if all_constant && !idx.primary {
        // An index dive: count the entries of the key.
        let mut values = Vec::new();
        for p in &parts {
            match p {
                BExpr::Lit(v) => values.push(v.clone()),
                _ => return None,
            }
        }
        let end = RangeEnd { prefix: values, exclusive: false };
        t.records_in_range(&idx.name, Some(&end), Some(&end))
    } else {
        let card = index_cardinality(t, idx);
        let distinct = card.get(parts.len() - 1).copied().unwrap_or(1).max(1);
        // rec_per_key: rows per distinct value, as MySQL truncates it.
        (t.row_count() / distinct).max(1)
    };
    let access_type = match (unique, all_constant && req.first) {
        (true, true) => "const",
        (true, false) => "eq_ref",
        _ => "ref",
    };
    let path = Path::Ref { index: idx.name.clone(), parts, unique };
    let (cost, loops) = (0.0, 1.0);
    Some(Choice {
        path,
        covering,
        rows,
        consumed,
        used,
        key_columns,
        access_type,
        cost,
        loops,
        partitions: None,
        partition_filter: None,
        reverse: false,
        index_condition: None,
    })
}

/// A range scan of `idx`'s first column from its bound, BETWEEN and IN conditions.
fn range_choice(
    req: &Request,
    idx: &IndexDef,
    usable: &[(usize, Usable)],
    covering: bool,
) -> Option<Choice> {
    let col = *idx.columns.first()?;
    let mut lo: Option<RangeEnd> = None;
    let mut hi: Option<RangeEnd> = None;
    let mut points: Option<Vec<Value>> = None;
    let mut bounded = false;
    let mut used = Vec::new();
    for (k, u) in usable {
        match u {
            Usable::Bound { column, lo: l, hi: h } if *column == col => {
                bounded = true;
                used.push(*k);
                if let Some(l) = l {
                    if lo.as_ref().is_none_or(|cur| tighter_lo(l, cur)) {
                        lo = Some(l.clone());
                    }
                }
                if let Some(h) = h {
                    if hi.as_ref().is_none_or(|cur| tighter_hi(h, cur)) {
                        hi = Some(h.clone());
                    }
                }
            }
            Usable::In { column, values } if *column == col && points.is_none() => {
                used.push(*k);
                points = Some(values.clone());
            }
            _ => {}
        }
    }
    // A row IN list over a prefix of the key: one point per row over that prefix, when no
    // other condition bounds the first column.
    let mut key_columns = vec![col];
    if points.is_none() && !bounded {
        if let Some((k, prefix, rows)) = row_points(idx, usable) {
            used.push(k);
            key_columns = prefix;
            let intervals: Vec<Interval> = rows
                .into_iter()
                .map(|r| {
                    let end = RangeEnd { prefix: r, exclusive: false };
                    Interval { lo: Some(end.clone()), hi: Some(end) }
                })
                .collect();
            return Some(range_of(req, idx, intervals, used, key_columns, covering));
        }
    }
    let intervals: Vec<Interval> = match points {
        Some(mut values) => {
            values.sort_by(crate::storage::table::cmp_values);
            values.dedup_by(|a, b| crate::storage::table::cmp_values(a, b).is_eq());
            values
                .into_iter()
                .map(|v| {
                    let end = RangeEnd { prefix: vec![v], exclusive: false };
                    Interval { lo: Some(end.clone()), hi: Some(end) }
                })
                .filter(|i| {
                    crate::storage::index::cmp_prefix(
                        &i.lo.as_ref().expect("a point").prefix,
                        &[Value::Null],
                    )
                    .is_gt()
                })
                .collect()
        }
        None if bounded => vec![Interval { lo, hi }],
        None => return None,
    };
    Some(range_of(req, idx, intervals, used, key_columns, covering))
}

/// The range scan of `idx` over `intervals`, its rows estimated by dives.
fn range_of(
    req: &Request,
    idx: &IndexDef,
    intervals: Vec<Interval>,
    used: Vec<usize>,
    key_columns: Vec<u32>,
    covering: bool,
) -> Choice {
    let t = req.table;
    let rows: u64 = intervals
        .iter()
        .map(|i| {
            if idx.primary {
                t.primary_records_in_range(i.lo.as_ref(), i.hi.as_ref())
            } else {
                t.records_in_range(&idx.name, i.lo.as_ref(), i.hi.as_ref())
            }
        })
        .sum();
    let path = Path::Range { index: idx.name.clone(), intervals };
    Choice {
        path,
        covering,
        rows,
        consumed: Vec::new(),
        used,
        key_columns,
        access_type: "range",
        cost: 0.0,
        loops: 1.0,
        partitions: None,
        partition_filter: None,
        reverse: false,
        index_condition: None,
    }
}

/// The first row IN list (`Usable::Rows`) whose columns include a prefix of `idx`: its
/// conjunct, that prefix, and each row's values in key order, sorted, without repeats and
/// without a row holding a NULL (which `=` never matches). A prefix of fewer columns than
/// the row's (`(a, c) IN (...)` over a key on (a, b)) gives points of the prefix alone, as
/// MySQL's range optimizer ORs the ranges each row's key part gives.
fn row_points(
    idx: &IndexDef,
    usable: &[(usize, Usable)],
) -> Option<(usize, Vec<u32>, Vec<Vec<Value>>)> {
    usable.iter().find_map(|(k, u)| {
        let Usable::Rows { columns, rows } = u else { return None };
        let prefix: Vec<u32> =
            idx.columns.iter().take_while(|c| columns.contains(c)).copied().collect();
        if prefix.is_empty() {
            return None;
        }
        let at: Vec<usize> =
            prefix.iter().filter_map(|c| columns.iter().position(|x| x == c)).collect();
        let mut points: Vec<Vec<Value>> = rows
            .iter()
            .map(|r| at.iter().filter_map(|&i| r.get(i).cloned()).collect::<Vec<Value>>())
            .filter(|p: &Vec<Value>| p.len() == at.len() && !p.iter().any(Value::is_null))
            .collect();
        points.sort_by(|a, b| crate::storage::index::cmp_prefix(a, b));
        points.dedup_by(|a, b| crate::storage::index::cmp_prefix(a, b).is_eq());
        Some((*k, prefix, points))
    })
}

/// Whether lower bound `a` starts later than `b`.
pub(super) fn tighter_lo(a: &RangeEnd, b: &RangeEnd) -> bool {
    match crate::storage::index::cmp_prefix(&a.prefix, &b.prefix) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Equal => a.exclusive,
        std::cmp::Ordering::Less => false,
    }
}

/// Whether upper bound `a` ends earlier than `b`.
pub(super) fn tighter_hi(a: &RangeEnd, b: &RangeEnd) -> bool {
    match crate::storage::index::cmp_prefix(&a.prefix, &b.prefix) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Equal => a.exclusive,
        std::cmp::Ordering::Greater => false,
    }
}

/// The table column a joined-row expression is, if it is one of this table's.
fn own_column(e: &BExpr, req: &Request) -> Option<u32> {
    let width = req.table.def.columns.len() as u32;
    match e {
        BExpr::Column(c) if *c >= req.offset && *c < req.offset + width => Some(c - req.offset),
        _ => None,
    }
}

/// Whether `e` is integer or decimal arithmetic (`+`, `-`, `*`, unary minus) on numeric
/// columns and literals: its value compares with a numeric key as the key's own values do, so
/// an index lookup by it finds exactly the rows `col = e` keeps. Simplification: MySQL looks
/// up by any expression its type rules allow (functions, strings of the key's collation);
/// other expressions here are checked row by row.
fn numeric_arithmetic(e: &BExpr, kind_of: &dyn Fn(u32) -> Option<KeyKind>) -> bool {
    match e {
        BExpr::Column(c) => kind_of(*c) == Some(KeyKind::Number),
        BExpr::Lit(v) => value_kind(v) == Some(KeyKind::Number),
        BExpr::Binary { op: B::Plus | B::Minus | B::Multiply, left, right, .. } => {
            numeric_arithmetic(left, kind_of) && numeric_arithmetic(right, kind_of)
        }
        BExpr::Unary { op: sqlparser::ast::UnaryOperator::Minus, arg, .. } => {
            numeric_arithmetic(arg, kind_of)
        }
        _ => false,
    }
}

/// Whether an expression reads only earlier tables' columns (or none), and which.
fn earlier_only(e: &BExpr, req: &Request) -> Option<bool> {
    let mut ok = true;
    let mut any = false;
    e.for_each_column(&mut |c| {
        any = true;
        ok &= (req.available)(c);
    });
    (ok && !matches!(e, BExpr::Aggregate(_))).then_some(!any)
}

/// A condition as something an index can use, with its value's comparison kind checked
/// against the column's so the lookup finds exactly the rows the comparison keeps.
fn classify(
    e: &BExpr,
    req: &Request,
    constant: &mut dyn FnMut(&BExpr) -> Option<Value>,
) -> Option<Usable> {
    let t = req.table;
    let kind = |c: u32| key_kind(&t.def.columns[c as usize].ty);
    let const_value = |v: &BExpr, c: u32, constant: &mut dyn FnMut(&BExpr) -> Option<Value>| {
        if earlier_only(v, req) != Some(true) {
            return None;
        }
        let value = constant(v)?;
        (value.is_null() || value_kind(&value) == kind(c)).then_some(value)
    };
    let end = |v: Value, exclusive: bool| RangeEnd { prefix: vec![v], exclusive };
    match e {
        BExpr::Binary { op, left, right, .. } => {
            let (column, value, flipped) = match (own_column(left, req), own_column(right, req)) {
                (Some(c), _) => (c, right.as_ref(), false),
                (_, Some(c)) => (c, left.as_ref(), true),
                _ => return None,
            };
            kind(column)?;
            match op {
                B::Eq => {
                    let is_const = earlier_only(value, req)?;
                    if is_const {
                        let v = const_value(value, column, constant)?;
                        return Some(Usable::Eq { column, value: BExpr::Lit(v), constant: true });
                    }
                    // A column of an earlier table, or arithmetic on them, of the same
                    // comparison kind (EXPLAIN's `ref` shows such an expression as `func`).
                    let matches = match value {
                        BExpr::Column(c) => (req.kind_of)(*c) == kind(column),
                        _ => {
                            kind(column) == Some(KeyKind::Number)
                                && numeric_arithmetic(value, req.kind_of)
                        }
                    };
                    matches.then(|| Usable::Eq { column, value: value.clone(), constant: false })
                }
                B::Lt | B::LtEq | B::Gt | B::GtEq => {
                    let v = const_value(value, column, constant)?;
                    if v.is_null() {
                        return None;
                    }
                    // `5 > col` is `col < 5`.
                    let op = match (op, flipped) {
                        (B::Lt, true) => B::Gt,
                        (B::LtEq, true) => B::GtEq,
                        (B::Gt, true) => B::Lt,
                        (B::GtEq, true) => B::LtEq,
                        (o, _) => o.clone(),
                    };
                    // A lower bound still excludes NULLs (they sort first).
                    let not_null = Some(end(Value::Null, true));
                    let (lo, hi) = match op {
                        B::Lt => (not_null, Some(end(v, true))),
                        B::LtEq => (not_null, Some(end(v, false))),
                        B::Gt => (Some(end(v, true)), None),
                        _ => (Some(end(v, false)), None),
                    };
                    Some(Usable::Bound { column, lo, hi })
                }
                _ => None,
            }
        }
        BExpr::Between { arg, low, high, negated: false } => {
            let column = own_column(arg, req)?;
            kind(column)?;
            let l = const_value(low, column, constant)?;
            let h = const_value(high, column, constant)?;
            if l.is_null() || h.is_null() {
                return None;
            }
            Some(Usable::Bound { column, lo: Some(end(l, false)), hi: Some(end(h, false)) })
        }
        BExpr::Like { arg, pattern, escape: None, negated: false } => {
            // `col LIKE 'abc%'` scans the range of keys that start with 'abc' (the LIKE is
            // still checked on every row: Using where).
            let column = own_column(arg, req)?;
            if kind(column)? != KeyKind::Text {
                return None;
            }
            let Value::Str(p) = const_value(pattern, column, constant)? else { return None };
            let prefix: String = p.chars().take_while(|c| !matches!(c, '%' | '_' | '\\')).collect();
            if prefix.is_empty() || prefix.ends_with(' ') {
                return None;
            }
            // The greatest character closes the range: every key starting with the prefix
            // sorts at or below prefix + U+10FFFF.
            let high = format!("{prefix}\u{10FFFF}");
            Some(Usable::Bound {
                column,
                lo: Some(end(Value::Str(prefix), false)),
                hi: Some(end(Value::Str(high), false)),
            })
        }
        BExpr::InList { arg, list, negated: false } if list.len() <= IN_LIST_RANGES_MAX => {
            let column = own_column(arg, req)?;
            kind(column)?;
            let values: Option<Vec<Value>> =
                list.iter().map(|v| const_value(v, column, constant)).collect();
            Some(Usable::In { column, values: values? })
        }
        BExpr::Or(..) => {
            let mut alternatives = Vec::new();
            split_or(e, &mut alternatives);
            if alternatives.len() > IN_LIST_RANGES_MAX {
                return None;
            }
            let mut columns: Option<Vec<u32>> = None;
            let mut rows = Vec::with_capacity(alternatives.len());
            for alt in alternatives {
                let mut parts = Vec::new();
                split_and(alt, &mut parts);
                let mut pairs = Vec::with_capacity(parts.len());
                for p in &parts {
                    let BExpr::Binary { op: B::Eq, left, right, .. } = p else { return None };
                    let (column, value) = match (own_column(left, req), own_column(right, req)) {
                        (Some(c), None) => (c, right.as_ref()),
                        (None, Some(c)) => (c, left.as_ref()),
                        _ => return None,
                    };
                    kind(column)?;
                    pairs.push((column, const_value(value, column, constant)?));
                }
                pairs.sort_by_key(|(c, _)| *c);
                let these: Vec<u32> = pairs.iter().map(|(c, _)| *c).collect();
                if these.is_empty() || these.windows(2).any(|w| w[0] == w[1]) {
                    return None;
                }
                match &columns {
                    Some(cols) if *cols != these => return None,
                    Some(_) => {}
                    None => columns = Some(these),
                }
                rows.push(pairs.into_iter().map(|(_, v)| v).collect::<Vec<_>>());
            }
            let columns = columns?;
            // `a = 3 OR a = 700` on one column is the IN list `a IN (3, 700)`: a range of
            // points, as MySQL's range optimizer merges the OR-ed intervals of one key part.
            if let [column] = columns[..] {
                return Some(Usable::In { column, values: rows.concat() });
            }
            Some(Usable::Rows { columns, rows })
        }
        _ => None,
    }
}

/// A condition that bounds one of the table's own columns by constants, as the column and
/// its interval (an equality's ends are equal), with whether it is exactly that interval
/// (LIKE's prefix range is wider than the pattern). For the loose index scan
/// (`group_skip.rs`), which reads MIN / MAX within such bounds.
pub(super) fn constant_bound(
    e: &BExpr,
    req: &Request,
    constant: &mut dyn FnMut(&BExpr) -> Option<Value>,
) -> Option<(u32, Interval, bool)> {
    let exact = !matches!(e, BExpr::Like { .. });
    match classify(e, req, constant)? {
        Usable::Eq { column, value: BExpr::Lit(v), constant: true } if !v.is_null() => {
            let end = RangeEnd { prefix: vec![v], exclusive: false };
            Some((column, Interval { lo: Some(end.clone()), hi: Some(end) }, exact))
        }
        Usable::Bound { column, lo, hi } => Some((column, Interval { lo, hi }, exact)),
        _ => None,
    }
}

/// The OR-ed alternatives of a condition.
fn split_or<'e>(e: &'e BExpr, out: &mut Vec<&'e BExpr>) {
    match e {
        BExpr::Or(a, b) => {
            split_or(a, out);
            split_or(b, out);
        }
        other => out.push(other),
    }
}

/// The conditions of a query, by the table (in join order) where each can first be used.
pub struct Levels {
    /// Conditions usable to look up each table's rows: WHERE parts completed by it (unless it
    /// is the inner table of a LEFT JOIN, whose missing rows WHERE must see as NULLs) and its
    /// ON condition.
    pub access: Vec<Vec<BExpr>>,
    /// WHERE parts checked as soon as each table's row joins (pushed down from WHERE).
    pub check: Vec<Vec<BExpr>>,
}

/// One table of the FROM clause, for planning.
pub struct TableInput<'a> {
    /// The stored table, or None for rows the server produced (views, system tables).
    pub table: Option<&'a Table>,
    pub offset: u32,
    pub width: u32,
    /// The inner table of a LEFT JOIN.
    pub outer: bool,
    /// Rows of a produced source.
    pub rows: u64,
    pub hints: IndexHints,
}

/// The AND-ed parts of a condition.
pub fn split_and(e: &BExpr, out: &mut Vec<BExpr>) {
    let mut parts = Vec::new();
    conjuncts(e, &mut parts);
    out.extend(parts.into_iter().cloned());
}

/// The AND-ed parts of a condition, borrowed.
pub fn conjuncts<'a>(e: &'a BExpr, out: &mut Vec<&'a BExpr>) {
    match e {
        BExpr::And(a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        other => out.push(other),
    }
}

/// Assigns each part of WHERE and ON to the table whose row completes it.
pub fn split_conditions(
    filter: Option<&BExpr>,
    ons: &[Option<BExpr>],
    tables: &[TableInput],
) -> Levels {
    let n = tables.len();
    let mut levels = Levels { access: vec![Vec::new(); n], check: vec![Vec::new(); n] };
    if n == 0 {
        return levels;
    }
    let level_of = |e: &BExpr| {
        let mut level = 0usize;
        e.for_each_column(&mut |c| {
            if let Some(i) = tables.iter().position(|t| c >= t.offset && c < t.offset + t.width) {
                level = level.max(i);
            }
        });
        level
    };
    if let Some(f) = filter {
        let mut parts = Vec::new();
        split_and(f, &mut parts);
        for p in parts {
            let l = level_of(&p);
            if !tables[l].outer {
                levels.access[l].push(p.clone());
            }
            levels.check[l].push(p);
        }
    }
    for (i, on) in ons.iter().enumerate().take(n) {
        if let Some(on) = on {
            split_and(on, &mut levels.access[i]);
        }
    }
    levels
}

/// MySQL's guess of the share of rows a condition it cannot look up keeps (10 %), used to
/// estimate how often the next table of a join is read. Simplification: EXPLAIN's filtered
/// column uses finer per-operator guesses.
const FILTER_GUESS: f64 = 0.1;

/// Chooses the access path of every stored table, in join order.
pub fn plan_tables(
    tables: &[TableInput],
    levels: &Levels,
    needed: &[bool],
    kinds: &[Option<KeyKind>],
    constant: &mut dyn FnMut(&BExpr) -> Option<Value>,
) -> Vec<Option<Choice>> {
    let mut accesses = 1.0f64;
    let mut out = Vec::with_capacity(tables.len());
    for (i, input) in tables.iter().enumerate() {
        let Some(t) = input.table else {
            accesses *= input.rows.max(1) as f64;
            out.push(None);
            continue;
        };
        let known = input.offset;
        let available = |c: u32| c < known;
        let kind_of = |c: u32| kinds.get(c as usize).copied().flatten();
        let from = input.offset as usize;
        let to = (input.offset + input.width) as usize;
        let mut mine = needed.get(from..to).unwrap_or(&[]).to_vec();
        // A read limited to named partitions works out each row's partition, so it reads
        // the partitioning columns too (an index covers the query only if it holds them).
        if let (Some(_), Some(p)) = (&input.hints.partitions, &t.def.partitioning) {
            for c in p.columns.iter().filter_map(|c| t.def.column_position(c)) {
                if let Some(m) = mine.get_mut(c as usize) {
                    *m = true;
                }
            }
        }
        let mine = mine.as_slice();
        let req = Request {
            table: t,
            offset: input.offset,
            conjuncts: &levels.access[i],
            available: &available,
            kind_of: &kind_of,
            needed: mine,
            accesses,
            first: i == 0,
            hints: &input.hints,
        };
        let choice = choose(&req, constant);
        let unconsumed = levels.check[i].len().saturating_sub(choice.consumed.len()).min(3);
        accesses *= choice.rows.max(1) as f64;
        // Repeated multiplication, not powi: identical on every target.
        for _ in 0..unconsumed {
            accesses *= FILTER_GUESS;
        }
        accesses = accesses.max(1.0);
        out.push(Some(choice));
    }
    out
}

/// Whether a choice reads rows in primary key order (so ORDER BY the primary key needs no
/// sort).
pub fn in_primary_order(t: &Table, c: &Choice) -> bool {
    match &c.path {
        Path::Scan => true,
        Path::Ref { index, .. } | Path::Range { index, .. } => {
            t.def.index(index).is_some_and(|i| i.primary)
        }
        Path::IndexScan { .. } | Path::GroupSkip(_) => false,
    }
}

/// Whether a read in primary key order (`in_primary_order`) can go backward for ORDER BY
/// the primary key DESC: a whole scan, a range or a lookup of several rows, on a table that
/// is not partitioned (simplification: MySQL merges the partitions' reads backward too).
/// A lookup of one row (`const`, `eq_ref`) has no order to give.
pub fn reads_backward(t: &Table, c: &Choice) -> bool {
    let path = match &c.path {
        Path::Scan | Path::Range { .. } => true,
        Path::Ref { unique, .. } => !unique,
        Path::IndexScan { .. } | Path::GroupSkip(_) => false,
    };
    path && t.def.partitioning.is_none() && in_primary_order(t, c)
}

/// Whether a ref's key parts are all constants (the lookup does not depend on other tables).
pub fn is_constant_path(c: &Choice) -> bool {
    match &c.path {
        Path::Ref { parts, .. } => parts.iter().all(|p| matches!(p, BExpr::Lit(_))),
        _ => true,
    }
}

/// Whether a row passes every condition of a list.
pub fn passes(
    conditions: &[BExpr],
    row: &[Value],
    cx: &mut dyn crate::sql::expr::EvalContext,
) -> crate::error::Result<bool> {
    for c in conditions {
        if crate::sql::expr::eval(c, row, &[], cx)?.truth() != Some(true) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The full scan choice (for a table the planner skipped).
pub fn scan_choice(t: &Table) -> Choice {
    Choice {
        path: Path::Scan,
        covering: false,
        rows: t.row_count(),
        consumed: Vec::new(),
        used: Vec::new(),
        key_columns: Vec::new(),
        access_type: "ALL",
        cost: t.clustered_geometry().leaf_pages as f64 * IO_BLOCK_READ_COST
            + t.row_count() as f64 * ROW_EVALUATE_COST,
        loops: 1.0,
        partitions: t.def.partitioning.as_ref().map(|p| vec![true; p.physical_count()]),
        partition_filter: None,
        reverse: false,
        index_condition: None,
    }
}

/// The comparison kind of every joined-row column of a stored table.
pub fn column_kinds(tables: &[TableInput]) -> Vec<Option<KeyKind>> {
    let mut kinds = Vec::new();
    for t in tables {
        match t.table {
            Some(table) => kinds.extend(table.def.columns.iter().map(|c| key_kind(&c.ty))),
            None => kinds.extend((0..t.width).map(|_| None)),
        }
    }
    kinds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_tighten() {
        let e = |v: i64, x| RangeEnd { prefix: vec![Value::Int(v)], exclusive: x };
        assert!(tighter_lo(&e(5, false), &e(3, false)));
        assert!(tighter_lo(&e(5, true), &e(5, false)));
        assert!(!tighter_lo(&e(2, true), &e(3, false)));
        assert!(tighter_hi(&e(2, false), &e(3, false)));
        assert!(tighter_hi(&e(3, true), &e(3, false)));
    }

    #[test]
    fn only_exact_comparisons_use_an_index() {
        assert_eq!(key_kind(&ColumnType::Int), Some(KeyKind::Number));
        assert_eq!(key_kind(&ColumnType::Varchar(10)), Some(KeyKind::Text));
        assert_eq!(key_kind(&ColumnType::DateTime), None);
        assert_eq!(value_kind(&Value::Str("3".into())), Some(KeyKind::Text));
    }
}
