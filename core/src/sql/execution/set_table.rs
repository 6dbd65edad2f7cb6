//! UNION, INTERSECT and EXCEPT over the rows of their query blocks: the merged columns' types
//! (MySQL's aggregation of each column's type across the blocks), and the internal temporary
//! table that de-duplicates a UNION DISTINCT and holds the left operand of an INTERSECT or
//! EXCEPT, costed and counted by `temp_table.rs` like GROUP BY's (`Created_tmp_tables`, the
//! size limits, the conversion to disk). A UNION ALL streams its blocks' rows and creates no
//! table (MySQL 8.0.19 and later).
//!
//! Rows keep the order MySQL's temporary table returns them in: first seen first. Rows are
//! compared as DISTINCT compares them (numbers by value, strings by the collation's rules:
//! case and trailing spaces ignored).

use super::costs::Costs;
use super::packed_rows::{PackedRows, TempSpace};
use super::temp_table::{MemoryEngine, RowSize, TempSettings, TempTable};
use super::Meta;
use crate::error::Result;
use crate::sql::execution::group_table::key_hash;
use crate::sql::execution::group_table::GroupIndex;
use crate::sql::expr::EvalContext;
use crate::sql::parser::VarScope;
use crate::storage::key::cmp_values;
use crate::storage::table::Row;
use crate::storage::value::{Decimal, Value};
use std::cmp::Ordering;

/// The operation of one query expression level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetOp {
    Union,
    Intersect,
    Except,
}

impl SetOp {
    /// The word EXPLAIN and the Note 1003 use (`UNION`, `<union1,2>`).
    pub fn word(self) -> &'static str {
        match self {
            SetOp::Union => "union",
            SetOp::Intersect => "intersect",
            SetOp::Except => "except",
        }
    }
}

/// The type a merged column takes: MySQL aggregates the blocks' column types (an integer and
/// a DECIMAL give a DECIMAL with the larger scale, anything with a DOUBLE a DOUBLE, anything
/// with a string a string), and every block's values are converted to it.
///
/// Simplification: the engine's rows carry values, not declared types, so a column's type is
/// read from its values (a column of only NULLs takes the other blocks' type), and string
/// lengths are not aggregated (a VARCHAR result here is never truncated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// Only NULLs seen, in a numeric column.
    Unknown,
    Integer,
    Decimal(u8),
    Double,
    Text,
}

/// The kind of column `i` of a block's result.
pub fn column_kind(meta: &Meta, rows: &[Row], i: usize) -> ColumnKind {
    let mut kind = if meta.numeric { ColumnKind::Unknown } else { ColumnKind::Text };
    for row in rows {
        let k = match row.get(i) {
            None | Some(Value::Null) => continue,
            Some(Value::Int(_) | Value::UInt(_)) => ColumnKind::Integer,
            Some(Value::Decimal(d)) => ColumnKind::Decimal(d.scale),
            Some(Value::Double(_)) => ColumnKind::Double,
            Some(Value::Str(_) | Value::Bin(_)) => ColumnKind::Text,
        };
        kind = merge_kinds(kind, k);
        if kind == ColumnKind::Text {
            break;
        }
    }
    kind
}

/// The kind of every column of a block whose rows are packed: [`column_kind`] of each, in
/// one pass over the rows.
pub fn column_kinds_packed(meta: &[Meta], rows: &PackedRows) -> Vec<ColumnKind> {
    let mut kinds: Vec<ColumnKind> = meta
        .iter()
        .map(|m| if m.numeric { ColumnKind::Unknown } else { ColumnKind::Text })
        .collect();
    if kinds.iter().all(|k| *k == ColumnKind::Text) {
        return kinds;
    }
    let mut row = Row::new();
    rows.visit(meta.len(), &mut row, &mut |row| {
        for (kind, v) in kinds.iter_mut().zip(row) {
            let k = match v {
                Value::Null => continue,
                Value::Int(_) | Value::UInt(_) => ColumnKind::Integer,
                Value::Decimal(d) => ColumnKind::Decimal(d.scale),
                Value::Double(_) => ColumnKind::Double,
                Value::Str(_) | Value::Bin(_) => ColumnKind::Text,
            };
            *kind = merge_kinds(*kind, k);
        }
        !kinds.iter().all(|k| *k == ColumnKind::Text)
    });
    kinds
}

/// Two blocks' column kinds merged.
pub fn merge_kinds(a: ColumnKind, b: ColumnKind) -> ColumnKind {
    use ColumnKind::*;
    match (a, b) {
        (Unknown, x) | (x, Unknown) => x,
        (Text, _) | (_, Text) => Text,
        (Double, _) | (_, Double) => Double,
        (Decimal(x), Decimal(y)) => Decimal(x.max(y)),
        (Decimal(x), Integer) | (Integer, Decimal(x)) => Decimal(x),
        (Integer, Integer) => Integer,
    }
}

/// A value converted to a merged column's kind.
pub fn convert(v: Value, kind: ColumnKind) -> Value {
    match (kind, v) {
        (_, Value::Null) => Value::Null,
        (ColumnKind::Text, Value::Str(s)) => Value::Str(s),
        (ColumnKind::Text, other) => Value::Str(other.to_text().unwrap_or_default()),
        (ColumnKind::Double, v @ (Value::Int(_) | Value::UInt(_) | Value::Decimal(_))) => {
            Value::Double(v.to_f64().unwrap_or(0.0))
        }
        (ColumnKind::Decimal(scale), Value::Int(i)) => {
            Value::Decimal(Decimal::new(i128::from(i), 0).rescale(scale))
        }
        (ColumnKind::Decimal(scale), Value::UInt(u)) => {
            Value::Decimal(Decimal::new(i128::from(u), 0).rescale(scale))
        }
        (ColumnKind::Decimal(scale), Value::Decimal(d)) => Value::Decimal(d.rescale(scale)),
        (_, v) => v,
    }
}

/// The merged result's columns: names from the first block, numeric unless a string is
/// merged in, nullable if any block's column is.
pub fn merged_meta(first: &[Meta], others: &[&[Meta]], kinds: &[ColumnKind]) -> Vec<Meta> {
    first
        .iter()
        .enumerate()
        .map(|(i, m)| Meta {
            name: m.name.clone(),
            table: String::new(),
            numeric: kinds.get(i).is_none_or(|k| *k != ColumnKind::Text),
            nullable: m.nullable || others.iter().any(|o| o.get(i).is_some_and(|x| x.nullable)),
            // Simplification: a set operation's column is JSON only when every block's is.
            json: m.json && others.iter().all(|o| o.get(i).is_some_and(|x| x.json)),
            time: m.time && others.iter().all(|o| o.get(i).is_some_and(|x| x.time)),
            // A set operation's result column is a string (MySQL's union type of ENUMs).
            labels: None,
        })
        .collect()
}

/// The session's settings an internal temporary table obeys (the same variables GROUP BY's
/// table reads).
pub fn temp_settings(cx: &mut dyn EvalContext) -> TempSettings {
    let mut number = |name: &str| {
        cx.system_variable(name, VarScope::Default)
            .ok()
            .and_then(|v| v.to_i64())
            .map_or(0, |n| n.max(0) as u64)
    };
    let tmp_table_size = number("tmp_table_size");
    let max_heap_table_size = number("max_heap_table_size");
    let temptable_max_ram = number("temptable_max_ram");
    let temptable_max_mmap = number("temptable_max_mmap");
    let big_tables = number("big_tables") != 0;
    let engine = match cx.system_variable("internal_tmp_mem_storage_engine", VarScope::Default) {
        Ok(Value::Str(e)) if e.eq_ignore_ascii_case("MEMORY") => MemoryEngine::Memory,
        _ => MemoryEngine::TempTable,
    };
    TempSettings {
        engine,
        tmp_table_size,
        max_heap_table_size,
        temptable_max_ram,
        temptable_max_mmap,
        big_tables,
    }
}

/// Bytes a value takes in the temporary table's row: numbers at their width, strings at their
/// length plus a length byte.
fn value_bytes(v: &Value) -> u64 {
    match v {
        Value::Null => 0,
        Value::Str(s) => s.len() as u64 + 1,
        Value::Decimal(_) => 9,
        _ => 8,
    }
}

/// A row's size in a temporary table (every column a key part of a set operation's table).
pub fn row_size(row: &Row) -> RowSize {
    let bytes: u64 = row.iter().map(value_bytes).sum();
    RowSize { data: bytes, declared: bytes, cells: row.len() as u64, key: bytes }
}

/// Values kept per row of a set operation's table, in chunks that are never copied to grow.
#[derive(Default)]
struct Chunks<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

const CHUNK_LEN: usize = 1 << 16;

impl<T: Copy> Chunks<T> {
    fn push(&mut self, v: T) {
        if self.len % CHUNK_LEN == 0 {
            self.chunks.push(Vec::with_capacity(CHUNK_LEN));
        }
        self.chunks.last_mut().expect("a chunk").push(v);
        self.len += 1;
    }
    fn get(&self, i: usize) -> T {
        self.chunks[i / CHUNK_LEN][i % CHUNK_LEN]
    }
    fn get_mut(&mut self, i: usize) -> &mut T {
        &mut self.chunks[i / CHUNK_LEN][i % CHUNK_LEN]
    }
}

/// Whether two rows are equal as DISTINCT compares them.
fn same_row(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| cmp_values(x, y) == Ordering::Equal)
}

/// The temporary table of one set operation, with a unique key over the whole row.
///
/// Its distinct rows are kept packed as bytes in first-seen order (`PackedRows`), found again
/// through a hash index of group numbers (`GroupIndex`, 4 bytes a slot and a row) and where
/// each row starts (8 bytes): about 30 bytes a row besides its data, where a map of the rows
/// as values took about 150, so 3,000,000 distinct ids fit a browser tab. A row whose hash
/// matches a kept one is compared with it by decoding the kept row. The bound is the packed
/// rows' temporary space (ERROR 1114), as for the other rows the server keeps.
pub struct SetTable {
    temp: TempTable,
    index: GroupIndex,
    rows: PackedRows,
    starts: Chunks<u64>,
    /// Per distinct row: how many times the rows written had it.
    counts: Chunks<u32>,
    scratch: Row,
}

impl SetTable {
    /// Creates the table (`Created_tmp_tables` + 1), its rows in the statement's `space`.
    pub fn create(settings: TempSettings, space: &TempSpace, costs: &mut Costs) -> SetTable {
        SetTable {
            temp: TempTable::create(settings, costs),
            index: GroupIndex::new(),
            rows: PackedRows::in_space(space),
            starts: Chunks::default(),
            counts: Chunks::default(),
            scratch: Row::new(),
        }
    }

    /// The distinct row equal to `row`, if the table has one.
    fn find(&mut self, row: &Row, hash: u64) -> Option<u32> {
        let (rows, starts, scratch) = (&self.rows, &self.starts, &mut self.scratch);
        self.index.find(hash, &mut |g| {
            rows.read_at(starts.get(g as usize), row.len(), scratch);
            same_row(scratch, row)
        })
    }

    /// Writes `row` if the table has no equal row (true), else looks it up and adds one to
    /// its count (false).
    pub fn insert(&mut self, row: &Row, costs: &mut Costs) -> Result<bool> {
        let hash = key_hash(row);
        if let Some(g) = self.find(row, hash) {
            let n = self.counts.get_mut(g as usize);
            *n = n.saturating_add(1);
            self.temp.lookup(hash, costs);
            return Ok(false);
        }
        let start = self.rows.push_located(row)?;
        // Not found above, so this adds a group (or stops past the index's bound).
        self.index.find_or_add(hash, &mut |_| Ok(false))?;
        self.starts.push(start);
        self.counts.push(1);
        self.temp.write(row_size(row), hash, costs);
        Ok(true)
    }

    /// Writes `row` without the uniqueness check (a UNION ALL block after the last DISTINCT
    /// one, whose rows go to the same table, or a CTE's rows): its cost only, the caller
    /// keeps the row.
    pub fn append(&mut self, row: &Row, costs: &mut Costs) {
        self.temp.write(row_size(row), key_hash(row), costs);
    }

    /// Distinct rows written.
    fn len(&self) -> usize {
        self.starts.len
    }

    pub fn drop_table(self, costs: &mut Costs) -> PackedRows {
        self.temp.drop_table(costs);
        self.rows
    }
}

/// A UNION of packed blocks of `width` columns (each with whether it is joined to the ones
/// before by DISTINCT; the first's flag is ignored), each row converted by `convert` to the
/// merged types. Without a DISTINCT it is a UNION ALL: the rows one after another, and no
/// table is made. Otherwise one table: the rows up to the last DISTINCT block are
/// de-duplicated (a DISTINCT removes the duplicates of every block to its left), the later
/// blocks' rows are appended as they are.
pub fn union(
    blocks: &[(bool, &PackedRows)],
    width: usize,
    convert: &dyn Fn(&Row) -> Row,
    settings: impl FnOnce() -> TempSettings,
    costs: &mut Costs,
) -> Result<PackedRows> {
    let last_distinct =
        blocks.iter().enumerate().skip(1).filter(|(_, b)| b.0).map(|(i, _)| i).next_back();
    // The statement's temporary space, which the blocks' rows are in.
    let space = blocks.first().map(|(_, b)| b.space().clone()).unwrap_or_default();
    let Some(last_distinct) = last_distinct else {
        let mut out = PackedRows::in_space(&space);
        for (_, rows) in blocks {
            rows.try_visit(width, &mut |row| out.push(&convert(row)).map(|()| true))?;
        }
        return Ok(out);
    };
    let mut table = SetTable::create(settings(), &space, costs);
    // The rows of the blocks after the last DISTINCT one, which follow the table's rows.
    let mut appended = PackedRows::in_space(&space);
    let result = blocks.iter().enumerate().try_for_each(|(i, (_, rows))| {
        rows.try_visit(width, &mut |row| {
            let row = convert(row);
            if i <= last_distinct {
                table.insert(&row, costs)?;
            } else {
                table.append(&row, costs);
                appended.push(&row)?;
            }
            Ok(true)
        })
        .map(|_| ())
    });
    let mut out = table.drop_table(costs);
    result?;
    out.append(&appended, width)?;
    Ok(out)
}

/// INTERSECT or EXCEPT of packed operands of `width` columns, `all` for the ALL forms, each
/// row converted by `convert`: the first operand's rows go to the table, each later
/// operand's rows look it up. INTERSECT keeps the rows every operand has (ALL: as many times
/// as the operand with fewest has them); EXCEPT the first operand's rows no later operand
/// has (ALL: as many times as the first has them more).
pub fn intersect_or_except(
    op: SetOp,
    all: bool,
    operands: &[&PackedRows],
    width: usize,
    convert: &dyn Fn(&Row) -> Row,
    settings: TempSettings,
    costs: &mut Costs,
) -> Result<PackedRows> {
    let empty = PackedRows::new();
    let first = operands.first().copied().unwrap_or(&empty);
    let mut table = SetTable::create(settings, first.space(), costs);
    let result = (|| {
        first.try_visit(width, &mut |row| table.insert(&convert(row), costs).map(|_| true))?;
        // Per distinct row: how many times it stays (its count in the first operand, then
        // lowered by each operand), and how many times the operand being read has it.
        let distinct = table.len();
        let mut keep: Vec<u32> =
            (0..distinct).map(|g| if all { table.counts.get(g) } else { 1 }).collect();
        let mut counts: Vec<u32> = vec![0; distinct];
        for operand in &operands[1.min(operands.len())..] {
            counts.iter_mut().for_each(|n| *n = 0);
            operand.try_visit(width, &mut |row| {
                let row = convert(row);
                let hash = key_hash(&row);
                match table.find(&row, hash) {
                    // The first of the operand's rows to find it updates the row's mark in
                    // the table; the others only look it up.
                    Some(g) if counts[g as usize] == 0 => {
                        table.temp.update(u64::from(g), hash, costs);
                        counts[g as usize] = 1;
                    }
                    Some(g) => {
                        table.temp.lookup(hash, costs);
                        counts[g as usize] = counts[g as usize].saturating_add(1);
                    }
                    None => table.temp.lookup(hash, costs),
                }
                Ok(true)
            })?;
            for (k, n) in keep.iter_mut().zip(&counts) {
                let n = *n;
                *k = match (op, all) {
                    (SetOp::Intersect, true) => (*k).min(n),
                    (SetOp::Intersect, false) => u32::from(*k > 0 && n > 0),
                    (SetOp::Except, true) => k.saturating_sub(n),
                    (_, false) => u32::from(*k > 0 && n == 0),
                    (SetOp::Union, true) => *k,
                };
            }
        }
        drop(counts);
        // The first operand's rows in their order, each as many times as it stays.
        let mut out = PackedRows::in_space(first.space());
        first.try_visit(width, &mut |row| {
            let row = convert(row);
            let hash = key_hash(&row);
            if let Some(g) = table.find(&row, hash) {
                let k = &mut keep[g as usize];
                if *k > 0 {
                    *k -= 1;
                    out.push(&row)?;
                }
            }
            Ok(true)
        })?;
        Ok(out)
    })();
    table.drop_table(costs);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_merge_as_mysql_aggregates_types() {
        use ColumnKind::*;
        assert_eq!(merge_kinds(Integer, Decimal(1)), Decimal(1));
        assert_eq!(merge_kinds(Decimal(2), Double), Double);
        assert_eq!(merge_kinds(Integer, Text), Text);
        assert_eq!(merge_kinds(Unknown, Integer), Integer);
        assert_eq!(convert(Value::Int(1), Decimal(1)).to_text().as_deref(), Some("1.0"));
        assert_eq!(convert(Value::Int(10), Text), Value::Str("10".into()));
    }
}
