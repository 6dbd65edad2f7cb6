//! The hash join's probe. An inner source read once into memory (the join buffer of a hash
//! join, or a derived table's rows) is indexed by the column that an equality of its join
//! condition compares with a column of the tables before it, so that each outer row tries
//! only the inner rows whose key equals its own, as MySQL's hash join finds them in its hash
//! table, instead of every row of the buffer. A join of page_views to its 10 customers then
//! tries 3,000,000 pairs, not 30,000,000 (which ran into [`super::JOINED_ROWS_MAX`]).
//!
//! Nothing the simulated server charges changes: the join's costs are those of reading each
//! source once and of the joined rows, not of the pairs the simulator tries. The whole join
//! condition is still evaluated on each candidate; rows the equality rules out are never
//! evaluated, as in MySQL, where a hash join's extra conditions see only the rows whose keys
//! match.
//!
//! Simplification: only integer keys are indexed (an INT, BIGINT or other integer column on
//! both sides compares by number with no conversion). A key of any other type, or an inner
//! column holding one, leaves the level without a probe (every row is tried, as before), so
//! that collations, string-to-number conversion and their warnings stay exactly the
//! evaluator's.

use super::super::packed_rows::{PackedRows, TempSpace};
use crate::error::Result;
use crate::sql::bind::BExpr;
use crate::storage::table::Row;
use crate::storage::value::Value;
use sqlparser::ast::BinaryOperator as B;

/// Bytes the probe takes of the statement's temporary space per indexed row (its key and
/// its place in the buffer).
const ENTRY_BYTES: u64 = 24;

/// An inner source's rows, by the integer value of one of their columns.
pub struct Probe {
    /// The outer column (a position in the joined row) whose value is looked up.
    outer: u32,
    /// (key, where the row starts in the packed rows), sorted by key; rows of one key keep
    /// their order in the buffer (the sort is stable), so a join's output order is the one
    /// trying every row gives.
    entries: Vec<(i128, u64)>,
    space: TempSpace,
}

/// What an outer row's probe finds.
pub enum Candidates<'a> {
    /// These rows, in buffer order (none: the key is NULL or absent).
    Rows(&'a [(i128, u64)]),
    /// The outer value is not an integer: try every row.
    Every,
}

impl Probe {
    /// Indexes `rows` (of `width` values) for the level whose columns start at `offset` in
    /// the joined row, if one of `conjuncts` is `inner column = outer column` with integer
    /// values in every inner row. None when no such equality exists.
    pub fn build(
        rows: &PackedRows,
        width: usize,
        offset: u32,
        conjuncts: &[&BExpr],
        space: &TempSpace,
    ) -> Result<Option<Probe>> {
        let Some((inner, outer)) = conjuncts.iter().find_map(|c| equality(c, offset, width)) else {
            return Ok(None);
        };
        let mut entries: Vec<(i128, u64)> = Vec::new();
        let mut cell = Value::Null;
        for at in rows.starts(width) {
            rows.cell_at(at, inner as usize, &mut cell);
            match cell.integer() {
                Some(key) => entries.push((key, at)),
                // NULL never equals anything: the row is no candidate for any outer row.
                None if matches!(cell, Value::Null) => {}
                None => return Ok(None),
            }
        }
        space.take(entries.len() as u64 * ENTRY_BYTES)?;
        entries.sort_by_key(|&(key, _)| key);
        Ok(Some(Probe { outer, entries, space: space.clone() }))
    }

    /// The inner rows the joined row's outer value can match.
    pub fn candidates(&self, joined: &Row) -> Candidates<'_> {
        let value = joined.get(self.outer as usize).unwrap_or(&Value::Null);
        if matches!(value, Value::Null) {
            return Candidates::Rows(&[]);
        }
        let Some(key) = value.integer() else { return Candidates::Every };
        let first = self.entries.partition_point(|&(k, _)| k < key);
        let end = first + self.entries[first..].partition_point(|&(k, _)| k == key);
        Candidates::Rows(&self.entries[first..end])
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        self.space.give(self.entries.len() as u64 * ENTRY_BYTES);
    }
}

/// `a = b` between a column of the level (positions `offset..offset + width` of the joined
/// row) and a column before it: (the inner column's place in the level's row, the outer
/// column's place in the joined row).
fn equality(c: &BExpr, offset: u32, width: usize) -> Option<(u32, u32)> {
    let BExpr::Binary { op: B::Eq, left, right, .. } = c else { return None };
    let (BExpr::Column(a), BExpr::Column(b)) = (left.as_ref(), right.as_ref()) else {
        return None;
    };
    let end = offset + width as u32;
    let inner = |x: u32| (offset..end).contains(&x);
    match (inner(*a), inner(*b)) {
        (true, false) if *b < offset => Some((*a - offset, *b)),
        (false, true) if *a < offset => Some((*b - offset, *a)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eq(a: u32, b: u32) -> BExpr {
        BExpr::Binary {
            op: B::Eq,
            left: Box::new(BExpr::Column(a)),
            right: Box::new(BExpr::Column(b)),
            text: String::new(),
        }
    }

    fn packed(rows: Vec<Row>) -> PackedRows {
        PackedRows::from_rows(rows).unwrap()
    }

    #[test]
    fn finds_the_rows_of_the_outer_key_in_buffer_order() {
        // Inner rows (id, name) at joined positions 2..4; the outer key is position 1.
        let rows = packed(vec![
            vec![Value::Int(7), Value::Str("a".into())],
            vec![Value::Int(3), Value::Str("b".into())],
            vec![Value::Null, Value::Str("c".into())],
            vec![Value::Int(7), Value::Str("d".into())],
        ]);
        let space = TempSpace::default();
        let on = eq(1, 2);
        let probe = Probe::build(&rows, 2, 2, &[&on], &space).unwrap().unwrap();
        let names = |outer: Value| -> Vec<String> {
            let joined = vec![Value::Null, outer, Value::Null, Value::Null];
            match probe.candidates(&joined) {
                Candidates::Rows(found) => found
                    .iter()
                    .map(|&(_, at)| {
                        let mut row = Row::new();
                        rows.read_at(at, 2, &mut row);
                        row[1].to_text().unwrap_or_default()
                    })
                    .collect(),
                Candidates::Every => vec!["every".into()],
            }
        };
        assert_eq!(names(Value::Int(7)), ["a", "d"]);
        assert_eq!(names(Value::UInt(3)), ["b"]);
        assert!(names(Value::Int(5)).is_empty());
        assert!(names(Value::Null).is_empty());
        assert_eq!(names(Value::Str("7".into())), ["every"]);
        assert_eq!(space.used(), 3 * ENTRY_BYTES);
        drop(probe);
        assert_eq!(space.used(), 0);
    }

    #[test]
    fn no_probe_without_a_column_equality_or_for_non_integer_keys() {
        let space = TempSpace::default();
        let ints = packed(vec![vec![Value::Int(1)]]);
        let lit = BExpr::Binary {
            op: B::Eq,
            left: Box::new(BExpr::Column(1)),
            right: Box::new(BExpr::Lit(Value::Int(1))),
            text: String::new(),
        };
        assert!(Probe::build(&ints, 1, 1, &[&lit], &space).unwrap().is_none());
        // Both columns inside the level: not a join key.
        let inside = eq(1, 1);
        assert!(Probe::build(&ints, 1, 1, &[&inside], &space).unwrap().is_none());
        let texts = packed(vec![vec![Value::Str("1".into())]]);
        assert!(Probe::build(&texts, 1, 1, &[&eq(0, 1)], &space).unwrap().is_none());
        assert!(Probe::build(&ints, 1, 1, &[&eq(0, 1)], &space).unwrap().is_some());
    }
}
