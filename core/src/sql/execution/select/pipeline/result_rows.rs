//! The rows a pipeline's result collects as it is finished: values for a result sent to the
//! client (at most `rows_kept` of them, the rest counted), packed bytes for a result the
//! server keeps for itself (`packed_rows.rs`: a derived table's, a view's, a CTE's), so that
//! millions of them fit the tab's memory. Alongside, what the result's column metadata needs
//! of the rows: each column's first non-NULL value's kind and whether any value is NULL.

use crate::error::Result;
use crate::sql::execution::packed_rows::{PackedRows, TempSpace};
use crate::storage::table::Row;
use crate::storage::value::Value;

/// What the result's columns showed: per column, whether its first non-NULL value was a
/// number (None while only NULLs came), and whether any of its values was NULL.
#[derive(Clone, Debug, Default)]
pub(crate) struct ColumnFacts {
    pub first_numeric: Vec<Option<bool>>,
    pub any_null: Vec<bool>,
}

impl ColumnFacts {
    pub(crate) fn note(&mut self, row: &[Value]) {
        if self.any_null.len() < row.len() {
            self.any_null.resize(row.len(), false);
            self.first_numeric.resize(row.len(), None);
        }
        for (i, v) in row.iter().enumerate() {
            if v.is_null() {
                self.any_null[i] = true;
            } else if self.first_numeric[i].is_none() {
                self.first_numeric[i] = Some(v.is_numeric());
            }
        }
    }

    /// The facts of rows held as values.
    pub(crate) fn of(rows: &[Row]) -> ColumnFacts {
        let mut facts = ColumnFacts::default();
        rows.iter().for_each(|r| facts.note(r));
        facts
    }
}

/// The result's rows as they are collected.
pub(crate) struct ResultRows {
    values: Vec<Row>,
    packed: Option<PackedRows>,
    facts: ColumnFacts,
}

impl ResultRows {
    /// `pack`: the server keeps the result (it is not sent to the client).
    /// `space`: the statement's temporary space, for packed rows.
    pub(crate) fn new(pack: bool, space: &TempSpace) -> ResultRows {
        ResultRows {
            values: Vec::new(),
            packed: pack.then(|| PackedRows::in_space(space)),
            facts: ColumnFacts::default(),
        }
    }

    pub(crate) fn push(&mut self, row: Row) -> Result<()> {
        match &mut self.packed {
            Some(p) => {
                self.facts.note(&row);
                p.push(&row)
            }
            None => {
                self.values.push(row);
                Ok(())
            }
        }
    }

    /// Rows that came in order already held as values (a sort's or DISTINCT's output).
    pub(crate) fn extend(&mut self, rows: Vec<Row>) -> Result<()> {
        if self.packed.is_none() && self.values.is_empty() {
            self.values = rows;
            return Ok(());
        }
        rows.into_iter().try_for_each(|r| self.push(r))
    }

    pub(crate) fn len(&self) -> u64 {
        match &self.packed {
            Some(p) => p.len(),
            None => self.values.len() as u64,
        }
    }

    /// The values kept past `kept` are dropped (a client's result counts them instead).
    pub(crate) fn truncate_values(&mut self, kept: u64) -> u64 {
        let kept = kept.min(usize::MAX as u64) as usize;
        let dropped = self.values.len().saturating_sub(kept) as u64;
        self.values.truncate(kept);
        dropped
    }

    /// The values (none when packed), the packed rows, and the facts of the rows kept.
    pub(crate) fn into_parts(self) -> (Vec<Row>, Option<PackedRows>, ColumnFacts) {
        let facts = match self.packed {
            Some(_) => self.facts,
            // Values are the client's kept rows: their facts are taken once truncated.
            None => ColumnFacts::of(&self.values),
        };
        (self.values, self.packed, facts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<Row> {
        vec![
            vec![Value::Null, Value::Str("a".into()), Value::Int(1)],
            vec![Value::Int(2), Value::Null, Value::Int(3)],
            vec![Value::Str("x".into()), Value::Str("b".into()), Value::Int(4)],
        ]
    }

    #[test]
    fn facts_follow_the_first_non_null_value_and_any_null() {
        let facts = ColumnFacts::of(&rows());
        assert_eq!(facts.first_numeric, vec![Some(true), Some(false), Some(true)]);
        assert_eq!(facts.any_null, vec![true, true, false]);
    }

    #[test]
    fn a_kept_result_is_packed_with_the_same_facts() {
        let mut packed = ResultRows::new(true, &TempSpace::default());
        let mut values = ResultRows::new(false, &TempSpace::default());
        for r in rows() {
            packed.push(r.clone()).unwrap();
            values.push(r).unwrap();
        }
        assert_eq!(packed.len(), 3);
        let (v, p, facts) = packed.into_parts();
        assert!(v.is_empty());
        assert_eq!(p.unwrap().to_rows(3), rows());
        let (v2, p2, facts2) = values.into_parts();
        assert!(p2.is_none());
        assert_eq!(v2, rows());
        assert_eq!(facts.first_numeric, facts2.first_numeric);
        assert_eq!(facts.any_null, facts2.any_null);
    }

    #[test]
    fn a_clients_facts_are_those_of_the_rows_it_keeps() {
        let mut values = ResultRows::new(false, &TempSpace::default());
        values.extend(rows()).unwrap();
        assert_eq!(values.truncate_values(1), 2);
        let (kept, _, facts) = values.into_parts();
        assert_eq!(kept.len(), 1);
        assert_eq!(facts.any_null, vec![true, false, false]);
        assert_eq!(facts.first_numeric, vec![None, Some(false), Some(true)]);
    }
}
