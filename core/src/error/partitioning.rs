//! The errors of partitioned tables (MySQL 8.4's errmsg texts for ER_PARTITION_* and their
//! neighbours, 1479-1735).

use super::MySqlError;

impl MySqlError {
    /// 1479 ER_PARTITION_REQUIRES_VALUES_ERROR
    pub fn partition_requires_values(method: &str, values: &str) -> MySqlError {
        Self::new(
            1479,
            "HY000",
            format!(
                "Syntax error: {method} PARTITIONING requires definition of VALUES {values} for each partition"
            ),
        )
    }
    /// 1480 ER_PARTITION_WRONG_VALUES_ERROR
    pub fn partition_wrong_values(method: &str, values: &str) -> MySqlError {
        Self::new(
            1480,
            "HY000",
            format!("Only {method} PARTITIONING can use VALUES {values} in partition definition"),
        )
    }
    /// 1481 ER_PARTITION_MAXVALUE_ERROR
    pub fn partition_maxvalue_not_last() -> MySqlError {
        Self::new(1481, "HY000", "MAXVALUE can only be used in last partition definition".into())
    }
    /// 1484 ER_PARTITION_WRONG_NO_PART_ERROR
    pub fn partition_count_mismatch() -> MySqlError {
        Self::new(
            1484,
            "HY000",
            "Wrong number of partitions defined, mismatch with previous setting".into(),
        )
    }
    /// 1488 ER_FIELD_NOT_FOUND_PART_ERROR
    pub fn partition_field_not_found() -> MySqlError {
        Self::new(
            1488,
            "HY000",
            "Field in list of fields for partition function not found in table".into(),
        )
    }
    /// 1492 ER_PARTITIONS_MUST_BE_DEFINED_ERROR
    pub fn partitions_must_be_defined(method: &str) -> MySqlError {
        Self::new(1492, "HY000", format!("For {method} partitions each partition must be defined"))
    }
    /// 1493 ER_RANGE_NOT_INCREASING_ERROR
    pub fn range_not_increasing() -> MySqlError {
        Self::new(
            1493,
            "HY000",
            "VALUES LESS THAN value must be strictly increasing for each partition".into(),
        )
    }
    /// 1495 ER_MULTIPLE_DEF_CONST_IN_LIST_PART_ERROR
    pub fn list_constant_twice() -> MySqlError {
        Self::new(1495, "HY000", "Multiple definition of same constant in list partitioning".into())
    }
    /// 1499 ER_TOO_MANY_PARTITIONS_ERROR
    pub fn too_many_partitions() -> MySqlError {
        Self::new(
            1499,
            "HY000",
            "Too many partitions (including subpartitions) were defined".into(),
        )
    }
    /// 1503 ER_UNIQUE_KEY_NEED_ALL_FIELDS_IN_PF, with the 8.0.21+ note on prefixes. `key` is
    /// `PRIMARY KEY` or `UNIQUE INDEX`.
    pub fn unique_key_needs_partition_columns(key: &str) -> MySqlError {
        Self::new(
            1503,
            "HY000",
            format!(
                "A {key} must include all columns in the table's partitioning function (prefixed columns are not considered)."
            ),
        )
    }
    /// 1504 ER_NO_PARTS_ERROR
    pub fn no_partitions(what: &str) -> MySqlError {
        Self::new(1504, "HY000", format!("Number of {what} = 0 is not an allowed value"))
    }
    /// 1505 ER_PARTITION_MGMT_ON_NONPARTITIONED
    pub fn partition_management_unpartitioned() -> MySqlError {
        Self::new(
            1505,
            "HY000",
            "Partition management on a not partitioned table is not possible".into(),
        )
    }
    /// 1506 ER_FOREIGN_KEY_ON_PARTITIONED
    pub fn foreign_key_on_partitioned() -> MySqlError {
        Self::new(
            1506,
            "HY000",
            "Foreign keys are not yet supported in conjunction with partitioning".into(),
        )
    }
    /// 1507 ER_DROP_PARTITION_NON_EXISTENT
    pub fn partition_list_error(operation: &str) -> MySqlError {
        Self::new(1507, "HY000", format!("Error in list of partitions to {operation}"))
    }
    /// 1508 ER_DROP_LAST_PARTITION
    pub fn drop_last_partition() -> MySqlError {
        Self::new(1508, "HY000", "Cannot remove all partitions, use DROP TABLE instead".into())
    }
    /// 1509 ER_COALESCE_ONLY_ON_HASH_PARTITION
    pub fn coalesce_only_on_hash() -> MySqlError {
        Self::new(
            1509,
            "HY000",
            "COALESCE PARTITION can only be used on HASH/KEY partitions".into(),
        )
    }
    /// 1510 ER_REORG_HASH_ONLY_ON_SAME_NO
    pub fn reorganize_hash_same_number() -> MySqlError {
        Self::new(
            1510,
            "HY000",
            "REORGANIZE PARTITION can only be used to reorganize partitions not to change their numbers"
                .into(),
        )
    }
    /// 1511 ER_REORG_NO_PARAM_ERROR
    pub fn reorganize_without_parameters() -> MySqlError {
        Self::new(
            1511,
            "HY000",
            "REORGANIZE PARTITION without parameters can only be used on auto-partitioned tables using HASH PARTITIONs"
                .into(),
        )
    }
    /// 1512 ER_ONLY_ON_RANGE_LIST_PARTITION
    pub fn only_on_range_list(operation: &str) -> MySqlError {
        Self::new(
            1512,
            "HY000",
            format!("{operation} PARTITION can only be used on RANGE/LIST partitions"),
        )
    }
    /// 1515 ER_COALESCE_PARTITION_NO_PARTITION
    pub fn coalesce_none() -> MySqlError {
        Self::new(1515, "HY000", "At least one partition must be coalesced".into())
    }
    /// 1516 ER_REORG_PARTITION_NOT_EXIST
    pub fn reorganize_too_many() -> MySqlError {
        Self::new(1516, "HY000", "More partitions to reorganize than there are partitions".into())
    }
    /// 1517 ER_SAME_NAME_PARTITION
    pub fn duplicate_partition_name(name: &str) -> MySqlError {
        Self::new(1517, "HY000", format!("Duplicate partition name {name}"))
    }
    /// 1519 ER_CONSECUTIVE_REORG_PARTITIONS
    pub fn reorganize_not_consecutive() -> MySqlError {
        Self::new(
            1519,
            "HY000",
            "When reorganizing a set of partitions they must be in consecutive order".into(),
        )
    }
    /// 1520 ER_REORG_OUTSIDE_RANGE
    pub fn reorganize_outside_range() -> MySqlError {
        Self::new(
            1520,
            "HY000",
            "Reorganize of range partitions cannot change total ranges except for last partition where it can extend the range"
                .into(),
        )
    }
    /// 1732 ER_PARTITION_EXCHANGE_PART_TABLE
    pub fn exchange_with_partitioned(table: &str) -> MySqlError {
        Self::new(
            1732,
            "HY000",
            format!("Table to exchange with partition is partitioned: '{table}'"),
        )
    }
    /// 1736 ER_TABLES_DIFFERENT_METADATA
    pub fn tables_different_definitions() -> MySqlError {
        Self::new(1736, "HY000", "Tables have different definitions".into())
    }
    /// 1737 ER_ROW_DOES_NOT_MATCH_PARTITION
    pub fn row_does_not_match_partition() -> MySqlError {
        Self::new(1737, "HY000", "Found a row that does not match the partition".into())
    }
    /// 1748 ER_ROW_DOES_NOT_MATCH_GIVEN_PARTITION_SET: a write naming `PARTITION (...)`
    /// whose (new) row the named partitions do not hold.
    pub fn row_not_in_partition_set() -> MySqlError {
        Self::new(1748, "HY000", "Found a row not matching the given partition set".into())
    }
    /// 1863 ER_ROW_IN_WRONG_PARTITION: an UPDATE or DELETE reached a row stored in a
    /// partition its value does not belong to. `detail` is mysql-server's
    /// `print_partition_error` text: the partition read, the right one and the row's key
    /// (`0. Correct is 1 id:200`).
    pub fn row_in_wrong_partition(detail: &str) -> MySqlError {
        Self::new(1863, "HY000", format!("Found a row in wrong partition {detail}"))
    }
    /// 1740 ER_PARTITION_EXCHANGE_FOREIGN_KEY
    pub fn exchange_foreign_key(table: &str) -> MySqlError {
        Self::new(
            1740,
            "HY000",
            format!("Table to exchange with partition has foreign key references: '{table}'"),
        )
    }
    /// 1526 ER_NO_PARTITION_FOR_GIVEN_VALUE
    pub fn no_partition_for_value(value: &str) -> MySqlError {
        Self::new(1526, "HY000", format!("Table has no partition for value {value}"))
    }
    /// 1562 ER_PARTITION_NO_TEMPORARY
    pub fn partition_no_temporary() -> MySqlError {
        Self::new(1562, "HY000", "Cannot create temporary table with partitions".into())
    }
    /// 1659 ER_FIELD_TYPE_NOT_ALLOWED_AS_PARTITION_FIELD
    pub fn partition_field_type(column: &str) -> MySqlError {
        Self::new(
            1659,
            "HY000",
            format!("Field '{column}' is of a not allowed type for this type of partitioning"),
        )
    }
    /// 1697 ER_VALUES_IS_NOT_INT_TYPE_ERROR
    pub fn partition_value_not_int(partition: &str) -> MySqlError {
        Self::new(
            1697,
            "HY000",
            format!("VALUES value for partition '{partition}' must have type INT"),
        )
    }
    /// 1734 ER_PARTITION_INSTEAD_OF_SUBPARTITION
    pub fn partition_instead_of_subpartition() -> MySqlError {
        Self::new(
            1734,
            "HY000",
            "Subpartitioned table, use subpartition instead of partition".into(),
        )
    }
    /// 1500 ER_SUBPARTITION_ERROR
    pub fn subpartition_error() -> MySqlError {
        Self::new(
            1500,
            "HY000",
            "It is only possible to mix RANGE/LIST partitioning with HASH/KEY partitioning for subpartitioning".into(),
        )
    }
    /// 1513 ER_ADD_PARTITION_SUBPART_ERROR
    pub fn add_partition_subpart_error() -> MySqlError {
        Self::new(
            1513,
            "HY000",
            "Trying to Add partition(s) with wrong number of subpartitions".into(),
        )
    }
    /// 1485 ER_PARTITION_WRONG_NO_SUBPART_ERROR
    pub fn subpartition_count_mismatch() -> MySqlError {
        Self::new(
            1485,
            "HY000",
            "Wrong number of subpartitions defined, mismatch with previous setting".into(),
        )
    }
    /// 1735 ER_UNKNOWN_PARTITION
    pub fn unknown_partition(partition: &str, table: &str) -> MySqlError {
        Self::new(1735, "HY000", format!("Unknown partition '{partition}' in table '{table}'"))
    }
    /// 1747 ER_PARTITION_CLAUSE_ON_NONPARTITIONED
    pub fn partition_clause_unpartitioned() -> MySqlError {
        Self::new(1747, "HY000", "PARTITION () clause on non partitioned table".into())
    }
    /// 3855 ER_DEPENDENT_BY_PARTITION_FUNC
    pub fn dependent_by_partition_function(column: &str) -> MySqlError {
        Self::new(
            3855,
            "HY000",
            format!(
                "Column '{column}' has a partitioning function dependency and cannot be dropped or renamed."
            ),
        )
    }
}
