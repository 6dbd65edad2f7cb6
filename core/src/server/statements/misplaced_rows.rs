//! A row EXCHANGE PARTITION ... WITHOUT VALIDATION left in a partition its value does not
//! belong to, reached by an UPDATE or DELETE: MySQL refuses to change it, ERROR 1863
//! (mysql-server's `Partition_helper::ph_update_row` / `ph_delete_row` find the partition
//! the row was read from differs from the one its value gives, and `print_partition_error`
//! words the error: the partition read, the right one, then the row's primary key, or its
//! partitioning columns when it has none, as ` name:value`). The row stays until ALTER TABLE
//! ... REPAIR PARTITION moves it.
//!
//! An UPDATE that leaves the row as it was changes nothing and is not refused (MySQL does not
//! write an unchanged row). Partition numbers are the physical ones: a subpartitioned table's
//! count its subpartitions in order.

use crate::error::{MySqlError, Result};
use crate::sql::planner::partition_pruning::PartitionFilter;
use crate::storage::partition::Placement;
use crate::storage::schema::TableDef;
use crate::storage::value::Value;

/// ERROR 1863 when `row` of `def` is one EXCHANGE PARTITION ... WITHOUT VALIDATION left in
/// the wrong partition.
pub(super) fn refuse_misplaced(def: &TableDef, row: &[Value]) -> Result<()> {
    let Some(p) = &def.partitioning else { return Ok(()) };
    if p.misplaced.is_empty() {
        return Ok(());
    }
    let Some(placer) = PartitionFilter::placer(def)? else { return Ok(()) };
    let Some(read_from) = placer.misplaced_at(row) else { return Ok(()) };
    let correct = match placer.place_by_value(row) {
        Ok(Placement::Partition(i)) => i.to_string(),
        _ => "?".to_string(),
    };
    let named: Vec<u32> = match def.primary() {
        Some(pk) => pk.columns.clone(),
        None => p.all_columns().iter().filter_map(|c| def.column_position(c)).collect(),
    };
    let mut detail = format!("{read_from}. Correct is {correct}");
    for at in named {
        let name = &def.columns[at as usize].name;
        let value = match row.get(at as usize) {
            None | Some(Value::Null) => "NULL".to_string(),
            Some(v) => v.to_text().unwrap_or_default(),
        };
        detail.push_str(&format!(" {name}:{value}"));
    }
    Err(MySqlError::row_in_wrong_partition(&detail))
}
