//! The subpartitions of partitions that ALTER TABLE ... ADD PARTITION or REORGANIZE PARTITION
//! brings into a subpartitioned table (mysql-server's `prep_alter_part_table` and
//! `partition_info::set_up_defaults_for_partitioning`): a new partition may list its
//! subpartitions (`PARTITION p2 VALUES LESS THAN (30) (SUBPARTITION s4, SUBPARTITION s5)`),
//! as many as every partition has (REORGANIZE: 1485; ADD: 1513), or leave them to the
//! server, which names them `p2sp0`, `p2sp1`, ...; a name any other partition or
//! subpartition has is 1517. Once a subpartition is named by the statement, the table's
//! subpartitions are no longer all named by the server, so SHOW CREATE TABLE lists every one.
//!
//! Simplification: new partitions listing different numbers of subpartitions among
//! themselves are 1485 (MySQL's parser words that one as a syntax error with 1485's text).
//! UNCONFIRMED: SUBPARTITION definitions in an ADD or REORGANIZE of a table without
//! subpartitions are refused with 1500 here.

use crate::error::{MySqlError, Result};
use crate::sql::parser::partition::ClauseDefinition;
use crate::storage::partition::{Partition, Partitioning, Subpartitioning};

/// Which statement brings the partitions (its error for a wrong subpartition count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bringing {
    Add,
    Reorganize,
}

/// Gives each of `added` (resolved from `written`, in order) its subpartitions, checked
/// against `kept`, the table's partitions that stay. `sub` is the table's subpartitioning,
/// updated when a name was written; None for a table without subpartitions, where writing
/// any is 1500.
pub(super) fn assign(
    sub: Option<&mut Subpartitioning>,
    kept: &[Partition],
    added: &mut [Partition],
    written: &[ClauseDefinition],
    bringing: Bringing,
) -> Result<()> {
    let named = written.iter().filter(|d| !d.subpartitions.is_empty()).count();
    let Some(sub) = sub else {
        return match named {
            0 => Ok(()),
            _ => Err(MySqlError::subpartition_error()),
        };
    };
    if named > 0 {
        let first = written.iter().find(|d| !d.subpartitions.is_empty());
        let n = first.map_or(0, |d| d.subpartitions.len());
        if n != sub.count {
            return Err(match bringing {
                Bringing::Add => MySqlError::add_partition_subpart_error(),
                Bringing::Reorganize => MySqlError::subpartition_count_mismatch(),
            });
        }
        if written.iter().any(|d| d.subpartitions.len() != n) {
            return Err(MySqlError::subpartition_count_mismatch());
        }
    }
    let mut seen: Vec<String> = kept
        .iter()
        .flat_map(|p| std::iter::once(&p.name).chain(&p.subpartitions))
        .chain(added.iter().map(|p| &p.name))
        .map(|n| n.to_ascii_lowercase())
        .collect();
    for (part, d) in added.iter_mut().zip(written) {
        part.subpartitions = if d.subpartitions.is_empty() {
            (0..sub.count).map(|j| Subpartitioning::default_name(&part.name, j)).collect()
        } else {
            d.subpartitions.clone()
        };
        for n in &part.subpartitions {
            let folded = n.to_ascii_lowercase();
            if seen.contains(&folded) {
                return Err(MySqlError::duplicate_partition_name(n));
            }
            seen.push(folded);
        }
    }
    if named > 0 {
        sub.default_names = false;
    }
    Ok(())
}

/// `p`'s partitions outside positions `first..=last`.
pub(super) fn outside(p: &Partitioning, first: usize, last: usize) -> Vec<Partition> {
    (p.partitions.iter().enumerate())
        .filter(|(i, _)| *i < first || *i > last)
        .map(|(_, q)| q.clone())
        .collect()
}
