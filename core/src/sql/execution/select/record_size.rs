//! Sizes of the records a filesort and an internal temporary table hold, as MySQL lays them
//! out: a sort key (`make_sortkey`), packed additional fields, a temporary table's row. They
//! drive the simulated cost models (`filesort.rs`, `temp_table.rs`), not the simulator's own
//! memory.

use super::pipeline::ColumnTypes;
use super::plan::{Plan, SortKey};
use crate::sql::bind::BExpr;
use crate::sql::execution::ascii_text::is_ascii;
use crate::sql::execution::temp_table::RowSize;
use crate::storage::schema::ColumnType;
use crate::storage::value::Value;

/// The column a sort key reads directly, if it is one.
pub(super) fn key_column(plan: &Plan, k: &SortKey) -> Option<u32> {
    let e = match k {
        SortKey::Expr(e) => e,
        SortKey::Output(i) => &plan.items[*i as usize].0,
    };
    match e {
        BExpr::Column(c) => Some(*c),
        _ => None,
    }
}

/// Bytes of a row's sort key as filesort builds it (`make_sortkey`): a fixed-width image of
/// each numeric or temporal column, a string's collation weights (two bytes a character
/// under utf8mb4_0900_ai_ci, at most `max_sort_length`) after a 4-byte length, and a NULL
/// flag byte for a column that may be NULL.
pub(super) fn sort_key_bytes<'v>(
    plan: &Plan,
    keys: impl IntoIterator<Item = &'v Value>,
    types: &ColumnTypes,
    max_sort_length: u64,
) -> u64 {
    let weights = |v: &Value| match v {
        // Characters: an ASCII string's are its bytes (checked faster than counted).
        Value::Str(s) => {
            let chars = if is_ascii(s.as_bytes()) { s.len() } else { s.chars().count() };
            4 + (2 * chars as u64).min(max_sort_length)
        }
        // A binary string sorts by its bytes.
        Value::Bin(b) => 4 + (b.len() as u64).min(max_sort_length),
        _ => 0,
    };
    plan.order_by
        .iter()
        .zip(keys)
        .map(|((k, _), v)| {
            // By reference: an ENUM's type holds its values, which a clone would copy per row.
            match key_column(plan, k).and_then(|c| types.get(c as usize)?.as_ref()) {
                Some((ty, nullable)) => {
                    let part = match ty {
                        ColumnType::Char(_)
                        | ColumnType::Varchar(_)
                        | ColumnType::Text(_)
                        | ColumnType::VarBinary(_)
                        | ColumnType::Blob(_) => weights(v).max(4),
                        other => u64::from(other.pack_length()),
                    };
                    part + u64::from(*nullable)
                }
                None => {
                    1 + match v {
                        Value::Str(_) => weights(v),
                        Value::Decimal(_) => 16,
                        Value::Null => 0,
                        _ => 8,
                    }
                }
            }
        })
        .sum()
}

/// Bytes of a value packed as an additional field: numbers at their width, strings at their
/// length with one length byte.
pub(super) fn value_bytes(v: &Value) -> u64 {
    match v {
        Value::Null => 0,
        Value::Str(s) => s.len() as u64 + 1,
        Value::Bin(b) => b.len() as u64 + 1,
        Value::Decimal(_) => 9,
        _ => 8,
    }
}

/// Bytes of the packed additional fields of a stored row: a 4-byte length, the NULL flags,
/// then each column the statement reads, fixed-width ones at their width and strings at
/// their length plus their length bytes.
pub(super) fn addon_bytes(needed: &[bool], row: &[Value], types: &ColumnTypes) -> u64 {
    let mut bytes = 4;
    let mut nullable = 0;
    for (c, _) in needed.iter().enumerate().filter(|(_, n)| **n) {
        let v = &row[c];
        match types.get(c).cloned().flatten() {
            Some((ty, may_be_null)) => {
                nullable += u64::from(may_be_null);
                bytes += match (ty, v) {
                    (_, Value::Null) => 0,
                    (ColumnType::Varchar(n) | ColumnType::Char(n), Value::Str(s)) => {
                        s.len() as u64 + if n * 4 < 256 { 1 } else { 2 }
                    }
                    (ColumnType::Text(size), Value::Str(s)) => {
                        s.len() as u64 + u64::from(size.length_bytes())
                    }
                    (ColumnType::VarBinary(n), Value::Bin(b)) => {
                        b.len() as u64 + if n < 256 { 1 } else { 2 }
                    }
                    (ColumnType::Blob(_), Value::Bin(b)) => b.len() as u64 + 2,
                    (other, _) => u64::from(other.pack_length()),
                };
            }
            None => bytes += value_bytes(v),
        }
    }
    bytes + nullable.div_ceil(8)
}

/// One group's row in the temporary table: its key values and an 8-byte slot per aggregate.
pub(super) fn group_row_size(key: &[Value], plan: &Plan, types: &ColumnTypes) -> RowSize {
    let mut size = RowSize::default();
    for (v, e) in key.iter().zip(&plan.group_by) {
        let data = match v {
            Value::Null => 0,
            Value::Str(s) => s.len() as u64,
            Value::Decimal(_) => 9,
            _ => 8,
        };
        let column = match e {
            BExpr::Column(c) => types.get(*c as usize).cloned().flatten(),
            _ => None,
        };
        let (data, declared, len_bytes) = match column {
            Some((ColumnType::Varchar(n) | ColumnType::Char(n), _)) => {
                let max = u64::from(n) * 4;
                (data, max + if max < 256 { 1 } else { 2 }, if max < 256 { 1 } else { 2 })
            }
            Some((ty, _)) if !matches!(v, Value::Str(_)) => {
                let w = u64::from(ty.pack_length());
                (w, w, 0)
            }
            _ => (data, data, u64::from(matches!(v, Value::Str(_)))),
        };
        size.data += data;
        size.declared += declared;
        size.key += data + len_bytes;
        size.cells += 1;
    }
    let aggs = plan.aggregates.len() as u64;
    size.data += 8 * aggs;
    size.declared += 8 * aggs;
    size.cells += aggs;
    size
}
