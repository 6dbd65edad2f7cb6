//! The optimizer's estimates EXPLAIN prints: which columns an index could look up
//! (`possible_keys`), the share of rows a condition keeps (`filtered`, MySQL's
//! condition-filtering heuristics) and the bytes of a key (`key_len`).

use super::Source;
use crate::sql::bind::BExpr;
use crate::sql::Value;
use crate::storage::schema::{ColumnDef, TableDef};
use crate::storage::table::Table;
use sqlparser::ast::{BinaryOperator as B, UnaryOperator as U};
use std::collections::BTreeSet;

/// MySQL's selectivity of `col = value` without index statistics (COND_FILTER_EQUALITY).
pub(super) const FILTER_EQUALITY: f64 = 0.1;
/// Of `col < value` and the other inequalities (COND_FILTER_INEQUALITY).
pub(super) const FILTER_INEQUALITY: f64 = 0.3333;
/// Of BETWEEN and LIKE (COND_FILTER_BETWEEN).
pub(super) const FILTER_BETWEEN: f64 = 0.1111;
/// The most an IN list is assumed to keep.
pub(super) const FILTER_IN_MAX: f64 = 0.5;

/// The AND-ed parts of a condition (the planner's one splitting).
pub(super) use crate::sql::planner::access_path::split_and;

/// Whether `e` reads any column of `s`.
pub(super) fn reads(e: &BExpr, s: &Source) -> bool {
    let mut found = false;
    e.for_each_column(&mut |c| found |= s.contains(c));
    found
}

/// `e` as a column of `s` (its position in the table).
pub(super) fn column_of(e: &BExpr, s: &Source) -> Option<u32> {
    match e {
        BExpr::Column(c) if s.contains(*c) => Some(c - s.offset),
        _ => None,
    }
}

/// The columns of `s` a condition could look up or scan a range of, through an index that
/// starts with them: `col op value` where the value reads nothing of `s` (a constant or a
/// column of another table), BETWEEN, IN, IS [NOT] NULL and LIKE 'prefix%'. An OR counts
/// only when every branch has such a column (index merge). None when there is none.
pub(super) fn key_columns(e: &BExpr, s: &Source) -> Option<BTreeSet<u32>> {
    let single = |c: Option<u32>| c.map(|c| BTreeSet::from([c]));
    match e {
        BExpr::And(a, b) => match (key_columns(a, s), key_columns(b, s)) {
            (None, None) => None,
            (x, y) => {
                Some(x.unwrap_or_default().into_iter().chain(y.unwrap_or_default()).collect())
            }
        },
        BExpr::Or(a, b) => {
            let (x, y) = (key_columns(a, s)?, key_columns(b, s)?);
            Some(x.into_iter().chain(y).collect())
        }
        BExpr::Binary {
            op: B::Eq | B::Spaceship | B::Lt | B::LtEq | B::Gt | B::GtEq | B::NotEq,
            left,
            right,
            ..
        } => match (column_of(left, s), column_of(right, s)) {
            (Some(c), _) if !reads(right, s) => single(Some(c)),
            (_, Some(c)) if !reads(left, s) => single(Some(c)),
            _ => None,
        },
        BExpr::Between { arg, low, high, negated: false } if !reads(low, s) && !reads(high, s) => {
            single(column_of(arg, s))
        }
        BExpr::InList { arg, list, .. } if !list.iter().any(|v| reads(v, s)) => {
            single(column_of(arg, s))
        }
        BExpr::IsNull { arg, .. } => single(column_of(arg, s)),
        BExpr::Like { arg, pattern, negated: false, .. } => match pattern.as_ref() {
            BExpr::Lit(Value::Str(p)) if !p.starts_with(['%', '_']) => single(column_of(arg, s)),
            _ => None,
        },
        _ => None,
    }
}

/// MySQL's estimate of the share of `s`'s rows a condition keeps, once the tables before it
/// are read (their columns count as constants): see the module documentation.
pub(super) fn selectivity(e: &BExpr, s: &Source, eq: &mut dyn FnMut(u32) -> f64) -> f64 {
    match e {
        BExpr::And(a, b) => selectivity(a, s, eq) * selectivity(b, s, eq),
        BExpr::Or(a, b) => {
            let (x, y) = (selectivity(a, s, eq), selectivity(b, s, eq));
            x + y - x * y
        }
        BExpr::Unary { op: U::Not, arg, .. } => 1.0 - selectivity(arg, s, eq),
        BExpr::Binary { op, left, right, .. } => {
            let column = match (column_of(left, s), column_of(right, s)) {
                (Some(c), _) if !reads(right, s) => Some(c),
                (_, Some(c)) if !reads(left, s) => Some(c),
                (Some(c), Some(_)) if matches!(op, B::Eq) => return eq(c).max(FILTER_EQUALITY),
                _ => None,
            };
            let Some(c) = column else { return 1.0 };
            match op {
                B::Eq | B::Spaceship => eq(c),
                B::NotEq => 1.0 - eq(c),
                B::Lt | B::LtEq | B::Gt | B::GtEq => FILTER_INEQUALITY,
                _ => 1.0,
            }
        }
        BExpr::Between { arg, low, high, negated } => {
            if column_of(arg, s).is_none() || reads(low, s) || reads(high, s) {
                return 1.0;
            }
            if *negated {
                1.0 - FILTER_BETWEEN
            } else {
                FILTER_BETWEEN
            }
        }
        BExpr::InList { arg, list, negated } => {
            let Some(c) = column_of(arg, s) else { return 1.0 };
            if list.iter().any(|v| reads(v, s)) {
                return 1.0;
            }
            let kept = (list.len() as f64 * eq(c)).min(FILTER_IN_MAX);
            if *negated {
                1.0 - kept
            } else {
                kept
            }
        }
        BExpr::Like { arg, negated, .. } => {
            if column_of(arg, s).is_none() {
                return 1.0;
            }
            if *negated {
                1.0 - FILTER_BETWEEN
            } else {
                FILTER_BETWEEN
            }
        }
        BExpr::IsNull { arg, negated } => {
            if column_of(arg, s).is_none() {
                return 1.0;
            }
            if *negated {
                1.0 - FILTER_EQUALITY
            } else {
                FILTER_EQUALITY
            }
        }
        _ => 1.0,
    }
}

/// EXPLAIN's key_len: the bytes of the key columns in the index (NULL flag included).
pub(super) fn key_length(t: &Table, columns: &[u32]) -> u32 {
    columns.iter().map(|&c| key_part_bytes(&t.def.columns[c as usize])).sum()
}

pub(super) fn key_part_bytes(c: &ColumnDef) -> u32 {
    c.key_part_bytes()
}

/// The bytes of the server's record buffer for a row of the table (MySQL's
/// `TABLE_SHARE::rec_buff_length`): the NULL flags and every column's pack length, plus one,
/// rounded up to 8. EXPLAIN FORMAT=JSON's `data_read_per_join` is rows times this.
/// UNCONFIRMED: one NULL bit per nullable column (InnoDB's tables are created packed, so no
/// extra "deleted" bit).
pub(super) fn record_buffer_length(def: &TableDef) -> u64 {
    let nullable = def.columns.iter().filter(|c| c.nullable).count() as u64;
    let columns: u64 = def.columns.iter().map(|c| u64::from(c.ty.pack_length())).sum();
    let reclength = nullable.div_ceil(8) + columns;
    (reclength + 1).div_ceil(8) * 8
}
