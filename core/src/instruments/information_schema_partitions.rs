//! information_schema.PARTITIONS (MySQL 8.4 manual, "The INFORMATION_SCHEMA PARTITIONS
//! Table"): one row per partition of a partitioned table, in definition order (per
//! subpartition of a subpartitioned one, with its name, position within its partition,
//! method and expression), and one row with NULL partition columns for a table that is not
//! partitioned.
//!
//! TABLE_ROWS counts the rows each partition holds (every row is placed, as InnoDB's
//! per-partition statistics would count them after ANALYZE TABLE). Simplifications: the
//! partitions share the table's one B-tree here, so DATA_LENGTH and INDEX_LENGTH are the
//! table's lengths shared out by rows, whole 16 KB pages, at least one page of data each; the
//! simulator keeps no creation time, so CREATE_TIME is NULL as in TABLES.

use crate::sql::planner::partition_pruning::PartitionFilter;
use crate::storage::catalog::Catalog;
use crate::storage::partition::{Bound, Method, Partitioning};
use crate::storage::table::Row;
use crate::storage::value::Value;

pub use super::ColumnSpec;

/// The view's name, lower case, as the system table dispatch matches it.
pub const TABLE: &str = "partitions";

/// `information_schema.PARTITIONS`'s twenty-five columns.
pub const COLUMNS: [ColumnSpec; 25] = [
    ("TABLE_CATALOG", false, false),
    ("TABLE_SCHEMA", false, false),
    ("TABLE_NAME", false, false),
    ("PARTITION_NAME", false, true),
    ("SUBPARTITION_NAME", false, true),
    ("PARTITION_ORDINAL_POSITION", true, true),
    ("SUBPARTITION_ORDINAL_POSITION", true, true),
    ("PARTITION_METHOD", false, true),
    ("SUBPARTITION_METHOD", false, true),
    ("PARTITION_EXPRESSION", false, true),
    ("SUBPARTITION_EXPRESSION", false, true),
    ("PARTITION_DESCRIPTION", false, true),
    ("TABLE_ROWS", true, true),
    ("AVG_ROW_LENGTH", true, true),
    ("DATA_LENGTH", true, true),
    ("MAX_DATA_LENGTH", true, true),
    ("INDEX_LENGTH", true, true),
    ("DATA_FREE", true, true),
    ("CREATE_TIME", false, true),
    ("UPDATE_TIME", false, true),
    ("CHECK_TIME", false, true),
    ("CHECKSUM", true, true),
    ("PARTITION_COMMENT", false, true),
    ("NODEGROUP", false, true),
    ("TABLESPACE_NAME", false, true),
];

const PAGE: u64 = 16384;

/// The expression column: the partitioning expression, or the COLUMNS / KEY list quoted.
fn expression(method: &Method, expr: &str, columns: &[String]) -> String {
    match method {
        Method::Range | Method::List | Method::Hash { .. } => expr.to_string(),
        _ => columns.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(","),
    }
}

/// The description column: the LESS THAN bound or the IN list as SHOW CREATE TABLE writes
/// them without the parentheses; NULL for HASH and KEY.
fn description(p: &Partitioning, bound: &Bound) -> Value {
    let text = p.show_bound(bound);
    match bound {
        Bound::Number => Value::Null,
        _ => Value::Str(text),
    }
}

/// Whole pages of `length` shared out to `part` of `total` rows.
fn share(length: u64, part: u64, total: u64) -> u64 {
    if total == 0 {
        return 0;
    }
    (length / PAGE * part).div_ceil(total) * PAGE
}

/// The view's rows.
pub fn rows(catalog: &Catalog) -> Vec<Row> {
    let mut rows = Vec::new();
    for t in catalog.tables() {
        let sizes = t.sizes();
        let head = || {
            vec![
                Value::Str("def".into()),
                Value::Str(t.def.schema.clone()),
                Value::Str(t.def.name.clone()),
            ]
        };
        let (Some(p), Ok(Some(placer))) = (&t.def.partitioning, PartitionFilter::placer(&t.def))
        else {
            let mut row = head();
            row.extend([Value::Null, Value::Null, Value::Null, Value::Null, Value::Null]);
            row.extend([Value::Null, Value::Null, Value::Null, Value::Null]);
            row.extend([
                Value::UInt(sizes.rows),
                Value::UInt(sizes.avg_row_length),
                Value::UInt(sizes.data_length),
                Value::UInt(0),
                Value::UInt(sizes.index_length),
                Value::UInt(0),
            ]);
            row.extend([Value::Null, Value::Null, Value::Null, Value::Null]);
            row.extend([Value::Str(String::new()), Value::Null, Value::Null]);
            rows.push(row);
            continue;
        };
        let counts = placer.count_rows(t);
        let total = t.row_count();
        let (sub_method, sub_expression) = match &p.sub {
            Some(s) => (
                Value::Str(s.method.name().into()),
                Value::Str(expression(&s.method, &s.expr, &s.columns)),
            ),
            None => (Value::Null, Value::Null),
        };
        // Each physical partition: a partition, or a subpartition of one.
        let physical = p.partitions.iter().enumerate().flat_map(|(i, part)| {
            let subs: Vec<Option<(usize, &String)>> = if p.sub.is_some() {
                part.subpartitions.iter().enumerate().map(Some).collect()
            } else {
                vec![None]
            };
            subs.into_iter().map(move |s| (i, part, s))
        });
        for ((i, part, s), &n) in physical.zip(&counts) {
            let data = share(sizes.data_length, n, total).max(PAGE);
            let index = share(sizes.index_length, n, total);
            let mut row = head();
            row.extend([
                Value::Str(part.name.clone()),
                s.map_or(Value::Null, |(_, name)| Value::Str(name.clone())),
                Value::UInt(i as u64 + 1),
                s.map_or(Value::Null, |(j, _)| Value::UInt(j as u64 + 1)),
                Value::Str(p.method.name().into()),
                sub_method.clone(),
                Value::Str(expression(&p.method, &p.expr, &p.columns)),
                sub_expression.clone(),
                description(p, &part.bound),
                Value::UInt(n),
                Value::UInt(data.checked_div(n).unwrap_or(0)),
                Value::UInt(data),
                Value::UInt(0),
                Value::UInt(index),
                Value::UInt(0),
                Value::Null,
                Value::Null,
                Value::Null,
                Value::Null,
                Value::Str(String::new()),
                Value::Str("default".into()),
                Value::Null,
            ]);
            rows.push(row);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::schema::{ColumnDef, ColumnType, TableDef};
    use crate::storage::table::Table;

    #[test]
    fn every_row_has_every_column() {
        let mut catalog = Catalog::default();
        catalog.create_database("d");
        let def = TableDef {
            schema: "d".into(),
            name: "t".into(),
            columns: vec![ColumnDef::new("a", ColumnType::Int)],
            indexes: Vec::new(),
            constraints: Default::default(),
            partitioning: None,
        };
        let hashed = TableDef {
            name: "h".into(),
            partitioning: Some(Partitioning {
                method: Method::Hash { linear: false },
                expr: "`a`".into(),
                columns: vec!["a".into()],
                key_columns_written: true,
                partitions: (0..2)
                    .map(|i| {
                        crate::storage::partition::Partition::new(format!("p{i}"), Bound::Number)
                    })
                    .collect(),
                default_names: true,
                misplaced: Default::default(),
                sub: None,
            }),
            ..def.clone()
        };
        catalog.add_table(Table::new(def, 7));
        catalog.add_table(Table::new(hashed, 8));
        let rows = rows(&catalog);
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|r| r.len() == COLUMNS.len()));
    }
}
