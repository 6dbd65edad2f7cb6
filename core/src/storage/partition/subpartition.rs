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
