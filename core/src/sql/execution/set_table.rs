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
use super::packed_rows::PackedRows;
use super::select::ROWS_IN_MEMORY_MAX;
use super::temp_table::{MemoryEngine, RowSize, TempSettings, TempTable};
use super::Meta;
use crate::error::{MySqlError, Result};
use crate::sql::execution::group_table::key_hash;
use crate::sql::expr::EvalContext;
use crate::sql::parser::VarScope;
use crate::storage::table::{Key, Row};
use crate::storage::value::{Decimal, Value};
use std::collections::BTreeMap;

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
            Some(Value::Str(_)) => ColumnKind::Text,
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
                Value::Str(_) => ColumnKind::Text,
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

/// Rows a set operation or a CTE may hold: past [`ROWS_IN_MEMORY_MAX`] the statement stops as
/// the executor's other row buffers stop it (ERROR 1114).
pub fn check_rows(n: usize) -> Result<()> {
    if n as u64 > ROWS_IN_MEMORY_MAX {
        return Err(MySqlError::table_full("/tmp/#sql1_8_0"));
    }
    Ok(())
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

/// The temporary table of one set operation, with a unique key over the whole row.
pub struct SetTable {
    temp: TempTable,
    /// Each distinct row: its first-seen number and a count the operation keeps.
    seen: BTreeMap<Key, (usize, u64)>,
}

impl SetTable {
    /// Creates the table (`Created_tmp_tables` + 1).
    pub fn create(settings: TempSettings, costs: &mut Costs) -> SetTable {
        SetTable { temp: TempTable::create(settings, costs), seen: BTreeMap::new() }
    }

    /// Writes `row` if the table has no equal row (true), else looks it up and adds one to
    /// its count (false).
    pub fn insert(&mut self, row: &Row, costs: &mut Costs) -> Result<bool> {
        let hash = key_hash(row);
        let next = self.seen.len();
        match self.seen.get_mut(&Key(row.clone())) {
            Some((_, n)) => {
                *n += 1;
                self.temp.lookup(hash, costs);
                Ok(false)
            }
            None => {
                check_rows(next + 1)?;
                self.seen.insert(Key(row.clone()), (next, 1));
                self.temp.write(row_size(row), hash, costs);
                Ok(true)
            }
        }
    }

    /// Writes `row` without the uniqueness check (a UNION ALL block after the last DISTINCT
    /// one, whose rows go to the same table).
    pub fn append(&mut self, row: &Row, costs: &mut Costs) {
        self.temp.write(row_size(row), key_hash(row), costs);
    }

    /// A lookup of `row` (an INTERSECT or EXCEPT operand's row): its entry, if any, marked
    /// by `update` (an update of the row in the table).
    fn probe(
        &mut self,
        row: &Row,
        costs: &mut Costs,
        update: &mut dyn FnMut(&mut u64) -> bool,
    ) -> bool {
        let hash = key_hash(row);
        match self.seen.get_mut(&Key(row.clone())) {
            Some((g, n)) => {
                if update(n) {
                    self.temp.update(*g as u64, hash, costs);
                } else {
                    self.temp.lookup(hash, costs);
                }
                true
            }
            None => {
                self.temp.lookup(hash, costs);
                false
            }
        }
    }

    pub fn drop_table(self, costs: &mut Costs) {
        self.temp.drop_table(costs);
    }
}

/// A UNION of blocks (each with whether it is joined to the ones before by DISTINCT; the
/// first's flag is ignored). Without a DISTINCT it is a UNION ALL: the rows stream, and no
/// table is made. Otherwise one table: the rows up to the last DISTINCT block are
/// de-duplicated (a DISTINCT removes the duplicates of every block to its left), the later
/// blocks' rows are appended as they are.
pub fn union(
    blocks: Vec<(bool, Vec<Row>)>,
    settings: impl FnOnce() -> TempSettings,
    costs: &mut Costs,
) -> Result<Vec<Row>> {
    let last_distinct =
        blocks.iter().enumerate().skip(1).filter(|(_, b)| b.0).map(|(i, _)| i).next_back();
    let Some(last_distinct) = last_distinct else {
        let total: usize = blocks.iter().map(|b| b.1.len()).sum();
        check_rows(total)?;
        return Ok(blocks.into_iter().flat_map(|b| b.1).collect());
    };
    let mut table = SetTable::create(settings(), costs);
    let mut out = Vec::new();
    let result = (|| {
        for (i, (_, rows)) in blocks.into_iter().enumerate() {
            for row in rows {
                if i <= last_distinct {
                    if table.insert(&row, costs)? {
                        out.push(row);
                    }
                } else {
                    check_rows(out.len() + 1)?;
                    table.append(&row, costs);
                    out.push(row);
                }
            }
        }
        Ok(())
    })();
    table.drop_table(costs);
    result.map(|()| out)
}

/// INTERSECT or EXCEPT of operands, `all` for the ALL forms: the first operand's rows go to
/// the table, each later operand's rows look it up. INTERSECT keeps the rows every operand
/// has (ALL: as many times as the operand with fewest has them); EXCEPT the first operand's
/// rows no later operand has (ALL: as many times as the first has them more).
pub fn intersect_or_except(
    op: SetOp,
    all: bool,
    operands: Vec<Vec<Row>>,
    settings: TempSettings,
    costs: &mut Costs,
) -> Result<Vec<Row>> {
    let mut operands = operands.into_iter();
    let first = operands.next().unwrap_or_default();
    let mut table = SetTable::create(settings, costs);
    let result = (|| {
        for row in &first {
            table.insert(row, costs)?;
        }
        // Per distinct row: how many times it stays (its count in the first operand, then
        // lowered by each operand).
        let mut keep: BTreeMap<usize, u64> =
            table.seen.values().map(|(g, n)| (*g, if all { *n } else { 1 })).collect();
        for operand in operands {
            let mut counts: BTreeMap<usize, u64> = BTreeMap::new();
            for row in &operand {
                let mut group = None;
                let seen = &table.seen;
                if let Some((g, _)) = seen.get(&Key(row.clone())) {
                    group = Some(*g);
                }
                let first_hit = group.is_some_and(|g| !counts.contains_key(&g));
                table.probe(row, costs, &mut |_| first_hit);
                if let Some(g) = group {
                    *counts.entry(g).or_insert(0) += 1;
                }
            }
            for (g, k) in keep.iter_mut() {
                let n = counts.get(g).copied().unwrap_or(0);
                *k = match (op, all) {
                    (SetOp::Intersect, true) => (*k).min(n),
                    (SetOp::Intersect, false) => u64::from(*k > 0 && n > 0),
                    (SetOp::Except, true) => k.saturating_sub(n),
                    (_, false) => u64::from(*k > 0 && n == 0),
                    (SetOp::Union, true) => *k,
                };
            }
        }
        // The first operand's rows in their order, each as many times as it stays.
        let mut out = Vec::new();
        for row in first {
            let Some((g, _)) = table.seen.get(&Key(row.clone())) else { continue };
            if let Some(k) = keep.get_mut(g) {
                if *k > 0 {
                    *k -= 1;
                    out.push(row);
                }
            }
        }
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
