//! Output rows kept to be de-duplicated or sorted where they cannot be kept by reference (a
//! join's, a materialised source's, groups kept whole, rows whose sort keys the bytes cannot
//! order): each output row and its sort keys packed (`packed_rows.rs`), in arrival order,
//! with where each starts. They take their bytes from the statement's temporary space, so
//! only that space bounds them (ERROR 1114), not a count of rows.
//!
//! DISTINCT goes through the temporary table model in arrival order, as a table with a
//! unique key over the output row (a new row written, a repeat looked up), finding repeats
//! through a hash index of row numbers ([`GroupIndex`]). ORDER BY sorts byte keys
//! (`sort_key.rs`) when the keys' values allow, else compares the values: either way ties
//! keep their arrival order, as a stable sort of the values does.

use crate::error::Result;
use crate::sql::execution::costs::Costs;
use crate::sql::execution::group_table::{key_hash, GroupIndex};
use crate::sql::execution::packed_rows::{PackedRows, TempSpace};
use crate::sql::execution::sort_key::KeyEncoder;
use crate::sql::execution::temp_table::{RowSize, TempSettings, TempTable};
use crate::sql::literal_charset::Exactness;
use crate::storage::key::cmp_values;
use crate::storage::table::Row;
use crate::storage::value::Value;
use std::cmp::Ordering;

use super::super::record_size::value_bytes;

/// Output rows with their sort keys, packed in arrival order.
pub(crate) struct Outputs {
    rows: PackedRows,
    /// Where each row starts, in the order kept (arrival order until de-duplicated or
    /// sorted).
    places: Vec<u64>,
    /// Output values of a row (its sort keys follow).
    width: usize,
    /// Sort keys of a row.
    keys: usize,
}

impl Outputs {
    pub(crate) fn new(space: &TempSpace, width: usize, keys: usize) -> Outputs {
        Outputs { rows: PackedRows::in_space(space), places: Vec::new(), width, keys }
    }

    /// Rows kept.
    pub(crate) fn len(&self) -> u64 {
        self.places.len() as u64
    }

    /// Keeps an output row and its sort keys.
    pub(crate) fn push(&mut self, out: &[Value], keys: &[Value]) -> Result<()> {
        let mut row: Row = Vec::with_capacity(self.width + self.keys);
        row.extend(out.iter().take(self.width).cloned());
        row.resize(self.width, Value::Null);
        row.extend(keys.iter().take(self.keys).cloned());
        row.resize(self.width + self.keys, Value::Null);
        self.places.push(self.rows.push_located(&row)?);
        Ok(())
    }

    /// Row `i` in the current order: its output values into `out` (sort keys dropped).
    pub(crate) fn output(&self, i: u64, out: &mut Row) {
        let at = self.places.get(i as usize).copied().unwrap_or(u64::MAX);
        self.rows.read_at(at, self.width + self.keys, out);
        out.truncate(self.width);
    }

    /// Row `i`'s output values and sort keys, in one row.
    fn whole(&self, at: u64, row: &mut Row) {
        self.rows.read_at(at, self.width + self.keys, row);
    }

    /// DISTINCT: the first row of each set of equal output rows stays, in arrival order;
    /// the temporary table with a unique key over the output row is written for each new
    /// row and looked up for each repeat.
    /// `exact`: per output column, a binary or case-sensitive COLLATE it is compared by
    /// (empty: none).
    pub(crate) fn distinct(
        &mut self,
        settings: &TempSettings,
        exact: &[Option<Exactness>],
        costs: &mut Costs,
    ) -> Result<()> {
        let mut temp = TempTable::create(settings.clone(), costs);
        let mut index = GroupIndex::new();
        let mut kept: Vec<u64> = Vec::new();
        let (mut row, mut theirs) = (Row::new(), Row::new());
        let result = (|| {
            for &at in &self.places {
                self.whole(at, &mut row);
                row.truncate(self.width);
                collation_values(&mut row, exact);
                let hash = key_hash(&row);
                let (_, new) = index.find_or_add(hash, &mut |g| {
                    self.whole(kept[g as usize], &mut theirs);
                    theirs.truncate(self.width);
                    collation_values(&mut theirs, exact);
                    Ok(same_row(&theirs, &row))
                })?;
                if new {
                    let bytes: u64 = row.iter().map(value_bytes).sum();
                    let size = RowSize {
                        data: bytes,
                        declared: bytes,
                        cells: row.len() as u64,
                        key: bytes,
                    };
                    temp.write(size, hash, costs);
                    kept.push(at);
                } else {
                    temp.lookup(hash, costs);
                }
            }
            Ok(())
        })();
        temp.drop_table(costs);
        result?;
        self.places = kept;
        Ok(())
    }

    /// ORDER BY: the rows in the order of their sort keys, each ascending or descending as
    /// `desc` says; ties keep their order.
    pub(crate) fn sort(&mut self, desc: &[bool]) {
        if desc.is_empty() {
            return;
        }
        let places = std::mem::take(&mut self.places);
        self.places = sort_places(places, &self.rows, self.width, desc);
    }
}

/// A row's values as DISTINCT compares them under their columns' COLLATE clauses.
/// Simplification: the temporary table's key is counted at the compared bytes' size.
fn collation_values(row: &mut [Value], exact: &[Option<Exactness>]) {
    for (v, x) in row.iter_mut().zip(exact) {
        if let Some(x) = x {
            crate::sql::literal_charset::collation_value(v, *x);
        }
    }
}

/// Rows equal as DISTINCT compares them.
pub(crate) fn same_row(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| cmp_values(x, y) == Ordering::Equal)
}

/// The packed rows at `places` (output values, then sort keys from `n_items` on) in the
/// order of their keys, each ascending or descending as `desc` says; ties keep their order.
/// By byte keys when the keys' values allow, else by values.
pub(crate) fn sort_places(
    places: Vec<u64>,
    kept: &PackedRows,
    n_items: usize,
    desc: &[bool],
) -> Vec<u64> {
    let width = n_items + desc.len();
    let mut row = Row::new();
    let mut encoder = KeyEncoder::new(desc.len());
    let mut bytes: Vec<u8> = Vec::new();
    let mut ends: Vec<usize> = Vec::with_capacity(places.len());
    let mut encodable = true;
    for &at in &places {
        kept.read_at(at, width, &mut row);
        if !encoder.encode(&row[n_items..], desc, &mut bytes) {
            encodable = false;
            break;
        }
        ends.push(bytes.len());
    }
    let mut idx: Vec<u32> = (0..places.len() as u32).collect();
    if encodable {
        let key = |i: u32| {
            let i = i as usize;
            &bytes[if i == 0 { 0 } else { ends[i - 1] }..ends[i]]
        };
        idx.sort_unstable_by(|&a, &b| key(a).cmp(key(b)).then(a.cmp(&b)));
    } else {
        drop((bytes, ends));
        // Keys of mixed kinds: compared as values, each row's keys decoded per comparison.
        let keys = |i: u32| {
            let mut r = Row::new();
            kept.read_at(places[i as usize], width, &mut r);
            r.split_off(n_items.min(r.len()))
        };
        idx.sort_by(|&a, &b| {
            let (x, y) = (keys(a), keys(b));
            for ((p, q), d) in x.iter().zip(&y).zip(desc) {
                let o = cmp_values(p, q);
                if o != Ordering::Equal {
                    return if *d { o.reverse() } else { o };
                }
            }
            Ordering::Equal
        });
    }
    idx.iter().map(|&i| places[i as usize]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outputs(rows: &[(i64, &str)]) -> Outputs {
        let mut o = Outputs::new(&TempSpace::default(), 1, 1);
        for (v, k) in rows {
            o.push(&[Value::Int(*v)], &[Value::Str((*k).into())]).unwrap();
        }
        o
    }

    fn values(o: &Outputs) -> Vec<i64> {
        let mut row = Row::new();
        (0..o.len())
            .map(|i| {
                o.output(i, &mut row);
                row[0].to_i64().unwrap()
            })
            .collect()
    }

    #[test]
    fn a_sort_is_stable_ascending_and_descending() {
        let mut o = outputs(&[(1, "b"), (2, "a"), (3, "B"), (4, "a")]);
        o.sort(&[false]);
        assert_eq!(values(&o), [2, 4, 1, 3]);
        let mut o = outputs(&[(1, "b"), (2, "a"), (3, "B"), (4, "a")]);
        o.sort(&[true]);
        assert_eq!(values(&o), [1, 3, 2, 4]);
    }

    #[test]
    fn keys_of_mixed_kinds_sort_as_values() {
        let mut o = Outputs::new(&TempSpace::default(), 1, 1);
        o.push(&[Value::Int(1)], &[Value::Str("10".into())]).unwrap();
        o.push(&[Value::Int(2)], &[Value::Int(9)]).unwrap();
        o.push(&[Value::Int(3)], &[Value::Null]).unwrap();
        o.sort(&[false]);
        let mut direct = [Value::Str("10".into()), Value::Int(9), Value::Null];
        direct.sort_by(cmp_values);
        let want: Vec<i64> = direct
            .iter()
            .map(|k| match k {
                Value::Null => 3,
                Value::Int(_) => 2,
                _ => 1,
            })
            .collect();
        assert_eq!(values(&o), want);
    }
}
