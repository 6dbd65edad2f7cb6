//! Index statistics: InnoDB's estimate of distinct key prefixes per index, which SHOW INDEX
//! prints as Cardinality, the planner uses for rows per key, and EXPLAIN for `rows` and
//! `filtered`. InnoDB samples leaf pages; here a table of up to
//! [`CARDINALITY_EXACT_ROWS_MAX`] rows is counted exactly, a bigger one from an evenly spread
//! sample of [`CARDINALITY_SAMPLE_ROWS`] rows. The primary key's full cardinality is the
//! exact row count, where InnoDB would show an estimate near it.

use crate::storage::schema::IndexDef;
use crate::storage::table::{Key, Row, Table};
use crate::storage::value::Value;

/// Tables up to this many rows get exact index cardinalities.
pub const CARDINALITY_EXACT_ROWS_MAX: u64 = 100_000;
/// Rows sampled for the index cardinalities of a bigger table.
pub const CARDINALITY_SAMPLE_ROWS: u64 = 10_000;

/// InnoDB's cardinality estimate for each prefix of an index's columns (one number per
/// SHOW INDEX row): distinct values of the first 1, 2, ... key columns, NULLs counting as one
/// value (innodb_stats_method=nulls_equal).
///
/// A table of up to [`CARDINALITY_EXACT_ROWS_MAX`] rows is counted exactly. A bigger one is
/// sampled: [`CARDINALITY_SAMPLE_ROWS`] rows fetched by primary key at evenly spaced ids when
/// the key is one integer column (the generated tables' `id`), else its first rows. From a
/// sample of k rows with d distinct values of which f1 occur once, a sample with no repeats
/// scales to the row count, otherwise the GEE estimate sqrt(n/k)·f1 + (d − f1) is used.
/// Simplification: InnoDB counts distinct keys on 20 sampled leaf pages instead.
pub fn index_cardinality(t: &Table, idx: &IndexDef) -> Vec<u64> {
    let n = t.row_count();
    let parts = idx.columns.len();
    let not_null = idx.columns.iter().all(|&c| !t.def.columns[c as usize].nullable);
    if parts == 1 && (idx.primary || idx.unique && not_null) {
        // A unique key has one value per row.
        return vec![n];
    }
    let (sample, exact) = sample_keys(t, idx);
    let k = sample.len() as u64;
    (1..=parts)
        .map(|p| {
            let mut prefixes: Vec<Key> = sample.iter().map(|r| Key(r[..p].to_vec())).collect();
            prefixes.sort();
            let mut distinct = 0u64;
            let mut singletons = 0u64;
            let mut i = 0;
            while i < prefixes.len() {
                let mut j = i + 1;
                while j < prefixes.len() && prefixes[j] == prefixes[i] {
                    j += 1;
                }
                distinct += 1;
                if j - i == 1 {
                    singletons += 1;
                }
                i = j;
            }
            if exact || k == 0 {
                distinct
            } else if distinct == k {
                n
            } else {
                let scaled = (n as f64 / k as f64).sqrt() * singletons as f64;
                let estimate = (scaled + (distinct - singletons) as f64).round() as u64;
                estimate.clamp(distinct, n)
            }
        })
        .collect()
}

/// The index column values of every row (exact) or of a sample, and whether it is every row.
fn sample_keys(t: &Table, idx: &IndexDef) -> (Vec<Row>, bool) {
    let n = t.row_count();
    let mut wanted = vec![false; t.def.columns.len()];
    for &c in &idx.columns {
        wanted[c as usize] = true;
    }
    let pick =
        |row: &Row| -> Row { idx.columns.iter().map(|&c| row[c as usize].clone()).collect() };
    let mut out = Vec::new();
    if n <= CARDINALITY_EXACT_ROWS_MAX {
        t.scan(&wanted, &mut |_, row| {
            out.push(pick(row));
            true
        });
        return (out, true);
    }
    let integer_key = t.def.primary().is_some_and(|pk| {
        pk.columns.len() == 1 && t.def.columns[pk.columns[0] as usize].ty.is_integer()
    });
    if integer_key {
        let max_id = if t.auto_increment_next > 1 { t.auto_increment_next - 1 } else { n };
        let step = (max_id / CARDINALITY_SAMPLE_ROWS).max(1);
        let mut id = 1;
        while id <= max_id && (out.len() as u64) < CARDINALITY_SAMPLE_ROWS {
            if let Some(row) = t.get(&Key(vec![Value::UInt(id)])) {
                out.push(pick(&row));
            }
            id += step;
        }
    }
    if (out.len() as u64) < CARDINALITY_SAMPLE_ROWS / 10 {
        out.clear();
        t.scan(&wanted, &mut |_, row| {
            out.push(pick(row));
            (out.len() as u64) < CARDINALITY_SAMPLE_ROWS
        });
    }
    (out, false)
}
