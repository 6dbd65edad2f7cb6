//! Partition maintenance beyond ADD / DROP / TRUNCATE (MySQL 8.4 manual, "Management of
//! RANGE and LIST Partitions", "Management of HASH and KEY Partitions", "Exchanging
//! Partitions and Subpartitions with Tables"): `COALESCE PARTITION n`, `REORGANIZE PARTITION
//! ... INTO (...)` and `EXCHANGE PARTITION p WITH TABLE t`, checked with MySQL's errors (the
//! rules of mysql-server's `prep_alter_part_table` and `check_exchange_partition`).
//!
//! COALESCE drops the last n of a HASH or KEY table's partitions (1509 on RANGE / LIST, 1515
//! for none, 1508 for all). REORGANIZE replaces consecutive partitions (1519) of a RANGE or
//! LIST table with new ones: on RANGE they must end where the old ones ended (1520), unless
//! they are the table's last, whose range they may extend; on HASH and KEY it only renames,
//! with as many partitions (1510); every row must find a partition (1526). A subpartitioned
//! table's new partitions take the subpartitions they list or the server's default ones
//! (`new_subpartitions.rs`). Simplification:
//! all partitions' rows share the table's one B-tree here, so no row is copied (MySQL copies
//! the reorganized partitions' rows).

use super::partitioning::{check_increasing, check_list_once, resolve_definition};
use crate::error::{MySqlError, Result};
use crate::server::Server;
use crate::sql::parser::partition::ClauseDefinition;
use crate::sql::planner::partition_pruning::PartitionFilter;
use crate::storage::partition::{Bound, Method, Partitioning, Placement};
use crate::storage::table::{Row, Table};

/// `p` without its last `n` partitions.
pub(super) fn coalesced(p: &Partitioning, n: u64) -> Result<Partitioning> {
    if p.method.has_values() {
        return Err(MySqlError::coalesce_only_on_hash());
    }
    if n == 0 {
        return Err(MySqlError::coalesce_none());
    }
    let have = p.partitions.len() as u64;
    if n >= have {
        return Err(MySqlError::drop_last_partition());
    }
    let mut next = p.clone();
    next.misplaced.clear();
    next.partitions.truncate((have - n) as usize);
    Ok(next)
}

/// `p` with the partitions `names` replaced by the definitions `into`.
pub(super) fn reorganized(
    p: &Partitioning,
    names: &[String],
    into: &[ClauseDefinition],
) -> Result<Partitioning> {
    if names.is_empty() {
        return Err(MySqlError::reorganize_without_parameters());
    }
    if names.len() > p.partitions.len() {
        return Err(MySqlError::reorganize_too_many());
    }
    let mut at: Vec<usize> = Vec::with_capacity(names.len());
    for n in names {
        match p.position(n) {
            Some(i) if !at.contains(&i) => at.push(i),
            _ => return Err(MySqlError::partition_list_error("REORGANIZE")),
        }
    }
    at.sort_unstable();
    if at.windows(2).any(|w| w[1] != w[0] + 1) {
        return Err(MySqlError::reorganize_not_consecutive());
    }
    let (first, last) = (at[0], at[at.len() - 1]);
    if !p.method.has_values() && into.len() != names.len() {
        return Err(MySqlError::reorganize_hash_same_number());
    }
    let mut new_parts = Vec::with_capacity(into.len());
    for d in into {
        let clash_outside = p
            .partitions
            .iter()
            .enumerate()
            .any(|(i, q)| (i < first || i > last) && q.name.eq_ignore_ascii_case(&d.name));
        let clash_inside = new_parts
            .iter()
            .any(|q: &crate::storage::partition::Partition| q.name.eq_ignore_ascii_case(&d.name));
        if clash_outside || clash_inside {
            return Err(MySqlError::duplicate_partition_name(&d.name));
        }
        new_parts.push(resolve_definition(&p.method, d, p.columns.len())?);
    }
    // A subpartitioned table's new partitions take their subpartitions.
    let mut next = p.clone();
    let kept = super::new_subpartitions::outside(p, first, last);
    let bringing = super::new_subpartitions::Bringing::Reorganize;
    super::new_subpartitions::assign(next.sub.as_mut(), &kept, &mut new_parts, into, bringing)?;
    if matches!(p.method, Method::Range | Method::RangeColumns) {
        let end = |b: &Bound| match b {
            Bound::LessThan(limits) => Some(limits.clone()),
            _ => None,
        };
        let old_end = end(&p.partitions[last].bound);
        let new_end = new_parts.last().and_then(|q| end(&q.bound));
        let is_table_end = last + 1 == p.partitions.len();
        let same = old_end == new_end;
        // MAXVALUE (None) is above every value.
        let extends = match (&old_end, &new_end) {
            (Some(o), Some(n)) => super::partitioning::tuple_order(o, n).is_lt(),
            _ => false,
        };
        if !(same || is_table_end && extends) {
            return Err(MySqlError::reorganize_outside_range());
        }
    }
    next.misplaced.clear();
    next.partitions.splice(first..=last, new_parts);
    if next.physical_count() > crate::storage::partition::MAX_PARTITIONS {
        return Err(MySqlError::too_many_partitions());
    }
    next.default_names = false;
    match next.method {
        Method::Range | Method::RangeColumns => check_increasing(&next.method, &next.partitions)?,
        Method::List | Method::ListColumns => check_list_once(&next.partitions)?,
        _ => {}
    }
    Ok(next)
}

/// Error 1526 for the first row of `t` that the partitioning `next` has no place for.
pub(super) fn check_rows_placed(t: &Table, next: &Partitioning) -> Result<()> {
    let mut def = t.def.clone();
    def.partitioning = Some(next.clone());
    let Some(placer) = PartitionFilter::placer(&def)? else { return Ok(()) };
    let wanted = placer.reads(&vec![false; def.columns.len()]);
    let mut unplaced: Option<String> = None;
    t.scan(&wanted, &mut |_, row| match placer.place(row) {
        Ok(Placement::Nowhere(value)) => {
            unplaced = Some(value);
            false
        }
        _ => true,
    });
    match unplaced {
        Some(value) => Err(MySqlError::no_partition_for_value(&value)),
        None => Ok(()),
    }
}

impl Server {
    /// `ALTER TABLE db.table EXCHANGE PARTITION partition WITH TABLE other_db.other`: the
    /// partition's rows and the other table's change places (manual, "Exchanging Partitions
    /// and Subpartitions with Tables"). The other table must not be partitioned (1732), have
    /// no foreign keys (1740, nor may the partitioned table) and have the same columns and
    /// indexes (1736); each of its rows must belong in the partition (1737), unless `validation`
    /// is off (WITHOUT VALIDATION): then a row that does not is kept in the partition all the
    /// same, as MySQL keeps it, and only reads of that partition find it
    /// (`Partitioning::misplaced`). Simplifications: rows are moved one by one (MySQL swaps the
    /// two tablespaces); a misplaced row whose unique key another partition's row holds is
    /// refused (1235: all partitions share one B-tree here, where two rows cannot share a key).
    pub(super) fn exchange_partition(
        &mut self,
        (db, table): (&str, &str),
        p: &Partitioning,
        partition: &str,
        (other_db, other): (&str, &str),
        validation: bool,
    ) -> Result<()> {
        // A subpartitioned table exchanges a subpartition (1734 for a partition's name).
        let i = match (p.sub.is_some(), p.position(partition)) {
            (true, Some(_)) => return Err(MySqlError::partition_instead_of_subpartition()),
            (true, None) => p.subpartition_position(partition),
            (false, at) => at,
        }
        .ok_or_else(|| MySqlError::unknown_partition(partition, table))?;
        let pt =
            self.catalog.table(db, table).ok_or_else(|| MySqlError::no_such_table(db, table))?;
        let nt = (self.catalog.table(other_db, other))
            .ok_or_else(|| MySqlError::no_such_table(other_db, other))?;
        if nt.def.partitioning.is_some() {
            return Err(MySqlError::exchange_with_partitioned(other));
        }
        for t in [pt, nt] {
            if !t.def.constraints.foreign_keys.is_empty() {
                return Err(MySqlError::exchange_foreign_key(&t.def.name));
            }
        }
        if pt.def.columns != nt.def.columns || pt.def.indexes != nt.def.indexes {
            return Err(MySqlError::tables_different_definitions());
        }
        let Some(placer) = PartitionFilter::placer(&pt.def)? else { return Ok(()) };
        let all = vec![true; pt.def.columns.len()];
        let in_partition =
            |row: &Row| matches!(placer.place(row), Ok(Placement::Partition(j)) if j == i);
        let mut incoming: Vec<Row> = Vec::new();
        let mut misfits: Vec<String> = Vec::new();
        nt.scan(&all, &mut |_, row| {
            if !in_partition(row) {
                misfits.push(crate::storage::partition::row_text(row));
            }
            incoming.push(row.clone());
            !validation || misfits.is_empty()
        });
        if validation && !misfits.is_empty() {
            return Err(MySqlError::row_does_not_match_partition());
        }
        let mut outgoing: Vec<Row> = Vec::new();
        pt.scan(&all, &mut |_, row| {
            if in_partition(row) {
                outgoing.push(row.clone());
            }
            true
        });
        let (out_keys, in_keys) = (pt.keys_of_rows(&outgoing), nt.keys_of_rows(&incoming));
        // A misplaced row may share a unique key with a row of another partition.
        if !misfits.is_empty() {
            let taken = incoming
                .iter()
                .any(|row| pt.conflict(row, None).is_some_and(|(_, k)| !out_keys.contains(&k)));
            if taken {
                return Err(MySqlError::not_supported_yet(
                    "EXCHANGE PARTITION WITHOUT VALIDATION of a row whose key another \
                     partition holds",
                ));
            }
        }
        let leaving: Vec<String> =
            outgoing.iter().map(|r| crate::storage::partition::row_text(r)).collect();
        let pt = self.catalog.table_mut(db, table).expect("found above");
        for k in &out_keys {
            pt.delete(k);
        }
        if let Some(kept) = pt.def.partitioning.as_mut() {
            for text in &leaving {
                kept.misplaced.remove(text);
            }
            for text in misfits {
                kept.misplaced.insert(text, i as u32);
            }
        }
        for row in incoming {
            // The rows belong in the partition and its unique keys hold the partitioning
            // columns, so none can be taken in the other partitions (a misplaced row's key
            // was checked above).
            let _ = pt.insert(row);
        }
        let nt = self.catalog.table_mut(other_db, other).expect("found above");
        for k in &in_keys {
            nt.delete(k);
        }
        for row in outgoing {
            let _ = nt.insert(row);
        }
        Ok(())
    }
}
