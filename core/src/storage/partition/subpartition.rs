//! Subpartitioning (MySQL 8.4 manual, "Subpartitioning"): each partition of a RANGE or LIST
//! table divided again by HASH or KEY into the same number of subpartitions. The physical
//! partitions are then the subpartitions, partition by partition: partition i's
//! subpartition j is physical partition `i * count + j`, as in mysql-server's
//! `partition_info` (what EXPLAIN, information_schema.PARTITIONS and the misplaced-row error
//! number).
//!
//! A subpartition's rows are placed exactly as a HASH / KEY table of `count` partitions
//! places them (KEY by our own hash, see the parent module's note).

use super::{Method, Partition, Partitioning};
use std::collections::BTreeMap;

/// How each partition is divided (`SUBPARTITION BY [LINEAR] HASH (expr)` or `[LINEAR] KEY
/// (columns)`).
#[derive(Clone, Debug, PartialEq)]
pub struct Subpartitioning {
    /// `Hash` or `Key`.
    pub method: Method,
    /// HASH: the expression as the data dictionary prints it; empty for KEY.
    pub expr: String,
    /// The columns the expression names, or KEY's list (for `KEY ()`, the primary key's).
    pub columns: Vec<String>,
    /// Whether KEY was written with its column list.
    pub key_columns_written: bool,
    /// Subpartitions per partition.
    pub count: usize,
    /// Whether `SUBPARTITIONS n` was written with MySQL naming them (SHOW CREATE TABLE then
    /// prints the count; without either, each partition has one subpartition).
    pub count_written: bool,
    /// Whether MySQL named the subpartitions (`p0sp0`, `p0sp1`, ...: the partition's name,
    /// `sp` and the number); SHOW CREATE TABLE lists the names only when they were written.
    pub default_names: bool,
}

impl Subpartitioning {
    /// The clause SHOW CREATE TABLE prints after `PARTITION BY ...`, each part on its own
    /// line (mysql-server's `generate_partition_syntax`).
    pub fn show_clause(&self) -> String {
        let on = match &self.method {
            Method::Key { .. } if !self.key_columns_written => format!("{} ()", self.method.name()),
            Method::Key { .. } => format!("{} ({})", self.method.name(), self.columns.join(",")),
            _ => format!("{} ({})", self.method.name(), self.expr),
        };
        let count = if self.count_written && self.default_names {
            format!("\nSUBPARTITIONS {}", self.count)
        } else {
            String::new()
        };
        format!("\nSUBPARTITION BY {on}{count}")
    }

    /// The default name of partition `partition`'s subpartition `j`.
    pub fn default_name(partition: &str, j: usize) -> String {
        format!("{partition}sp{j}")
    }

    /// The subpartitioning as a HASH / KEY partitioning of `count` partitions, which places
    /// a row in its subpartition (and prunes by the subpartitioning column).
    pub fn as_partitioning(&self) -> Partitioning {
        Partitioning {
            method: self.method.clone(),
            expr: self.expr.clone(),
            columns: self.columns.clone(),
            key_columns_written: self.key_columns_written,
            partitions: (0..self.count.max(1))
                .map(|j| Partition::new(format!("sp{j}"), super::Bound::Number))
                .collect(),
            default_names: true,
            misplaced: BTreeMap::new(),
            sub: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::partition::Bound;
    use crate::storage::value::Value;

    fn table(default_names: bool) -> Partitioning {
        let sub = Subpartitioning {
            method: Method::Hash { linear: false },
            expr: "`id`".into(),
            columns: vec!["id".into()],
            key_columns_written: true,
            count: 2,
            count_written: true,
            default_names,
        };
        let part = |name: &str, limit: Option<i64>, subs: [&str; 2]| Partition {
            name: name.into(),
            bound: Bound::LessThan(vec![limit.map(Value::Int)]),
            subpartitions: subs.iter().map(|s| s.to_string()).collect(),
        };
        Partitioning {
            method: Method::Range,
            expr: "`r`".into(),
            columns: vec!["r".into()],
            key_columns_written: false,
            partitions: vec![part("p0", Some(10), ["s0", "s1"]), part("p1", None, ["s2", "s3"])],
            default_names: false,
            misplaced: BTreeMap::new(),
            sub: Some(sub),
        }
    }

    #[test]
    fn physical_partitions_are_the_subpartitions_in_order() {
        let p = table(false);
        assert_eq!(p.physical_count(), 4);
        assert_eq!(p.physical_names(), ["p0_s0", "p0_s1", "p1_s2", "p1_s3"]);
        assert_eq!(p.physical_positions("P1"), Some(vec![2, 3]));
        assert_eq!(p.physical_positions("s1"), Some(vec![1]));
        assert_eq!(p.physical_positions("nope"), None);
        assert_eq!(p.partition_of(3), 1);
        assert_eq!(p.expand(&[true, false], Some(&[false, true])), [false, true, false, false]);
        assert_eq!(p.all_columns(), ["r", "id"]);
    }

    #[test]
    fn show_text_lists_written_names_and_counts_default_ones() {
        assert_eq!(
            table(false).show_text(),
            "\n/*!50100 PARTITION BY RANGE (`r`)\nSUBPARTITION BY HASH (`id`)\n(PARTITION p0 VALUES LESS THAN (10)\n (SUBPARTITION s0 ENGINE = InnoDB,\n  SUBPARTITION s1 ENGINE = InnoDB),\n PARTITION p1 VALUES LESS THAN MAXVALUE\n (SUBPARTITION s2 ENGINE = InnoDB,\n  SUBPARTITION s3 ENGINE = InnoDB)) */"
        );
        assert_eq!(
            table(true).show_text(),
            "\n/*!50100 PARTITION BY RANGE (`r`)\nSUBPARTITION BY HASH (`id`)\nSUBPARTITIONS 2\n(PARTITION p0 VALUES LESS THAN (10) ENGINE = InnoDB,\n PARTITION p1 VALUES LESS THAN MAXVALUE ENGINE = InnoDB) */"
        );
    }
}
