//! The errors of table constraints and their locks: generated columns, CHECK constraints,
//! FOREIGN KEYs, and LOCK TABLES.

use super::MySqlError;

impl MySqlError {
    /// 1099 ER_TABLE_NOT_LOCKED_FOR_WRITE
    pub fn table_read_locked(table: &str) -> MySqlError {
        Self::new(
            1099,
            "HY000",
            format!("Table '{table}' was locked with a READ lock and can't be updated"),
        )
    }
    /// 1100 ER_TABLE_NOT_LOCKED
    pub fn table_not_locked(table: &str) -> MySqlError {
        Self::new(1100, "HY000", format!("Table '{table}' was not locked with LOCK TABLES"))
    }
    /// 1451 ER_ROW_IS_REFERENCED_2: `what` is `` `db`.`child`, CONSTRAINT ... ``.
    pub fn row_is_referenced(what: &str) -> MySqlError {
        Self::new(
            1451,
            "23000",
            format!(
                "Cannot delete or update a parent row: a foreign key constraint fails ({what})"
            ),
        )
    }
    /// 1452 ER_NO_REFERENCED_ROW_2
    pub fn no_referenced_row(what: &str) -> MySqlError {
        Self::new(
            1452,
            "23000",
            format!("Cannot add or update a child row: a foreign key constraint fails ({what})"),
        )
    }
    /// 1822 ER_FK_NO_INDEX_PARENT
    pub fn fk_no_index_parent(constraint: &str, parent: &str) -> MySqlError {
        Self::new(
            1822,
            "HY000",
            format!(
                "Failed to add the foreign key constraint. Missing index for constraint \
                 '{constraint}' in the referenced table '{parent}'"
            ),
        )
    }
    /// 1824 ER_FK_CANNOT_OPEN_PARENT
    pub fn fk_cannot_open_parent(parent: &str) -> MySqlError {
        Self::new(1824, "HY000", format!("Failed to open the referenced table '{parent}'"))
    }
    /// 1826 ER_FK_DUP_NAME
    pub fn fk_duplicate_name(name: &str) -> MySqlError {
        Self::new(1826, "HY000", format!("Duplicate foreign key constraint name '{name}'"))
    }
    /// 3730 ER_FK_CANNOT_DROP_PARENT
    pub fn fk_cannot_drop_parent(parent: &str, constraint: &str, child: &str) -> MySqlError {
        Self::new(
            3730,
            "HY000",
            format!(
                "Cannot drop table '{parent}' referenced by a foreign key constraint \
                 '{constraint}' on table '{child}'."
            ),
        )
    }
    /// 3780 ER_FK_INCOMPATIBLE_COLUMNS
    pub fn fk_incompatible_columns(column: &str, parent_column: &str, name: &str) -> MySqlError {
        Self::new(
            3780,
            "HY000",
            format!(
                "Referencing column '{column}' and referenced column '{parent_column}' in \
                 foreign key constraint '{name}' are incompatible."
            ),
        )
    }
    /// 3102 ER_GENERATED_COLUMN_FUNCTION_IS_NOT_ALLOWED
    pub fn generated_column_function_not_allowed(column: &str) -> MySqlError {
        Self::new(
            3102,
            "HY000",
            format!("Expression of generated column '{column}' contains a disallowed function."),
        )
    }
    /// 3105 ER_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN
    pub fn generated_column_value(column: &str, table: &str) -> MySqlError {
        Self::new(
            3105,
            "HY000",
            format!(
                "The value specified for generated column '{column}' in table '{table}' is not \
                 allowed."
            ),
        )
    }
    /// 3107 ER_GENERATED_COLUMN_NON_PRIOR
    pub fn generated_column_non_prior() -> MySqlError {
        Self::new(
            3107,
            "HY000",
            "Generated column can refer only to generated columns defined prior to it.".into(),
        )
    }
    /// 3109 ER_GENERATED_COLUMN_REF_AUTO_INC
    pub fn generated_column_auto_increment(column: &str) -> MySqlError {
        Self::new(
            3109,
            "HY000",
            format!("Generated column '{column}' cannot refer to auto-increment column."),
        )
    }
    /// 3763 ER_GENERATED_COLUMN_NAMED_FUNCTION_IS_NOT_ALLOWED
    pub fn generated_column_named_function(column: &str, function: &str) -> MySqlError {
        Self::new(
            3763,
            "HY000",
            format!(
                "Expression of generated column '{column}' contains a disallowed function: \
                 {function}."
            ),
        )
    }
    /// 3813 ER_COLUMN_CHECK_CONSTRAINT_REFERENCES_OTHER_COLUMN
    pub fn column_check_references_other(name: &str) -> MySqlError {
        Self::new(
            3813,
            "HY000",
            format!("Column check constraint '{name}' references other column."),
        )
    }
    /// 3814 ER_CHECK_CONSTRAINT_NAMED_FUNCTION_IS_NOT_ALLOWED
    pub fn check_named_function(name: &str, function: &str) -> MySqlError {
        Self::new(
            3814,
            "HY000",
            format!(
                "An expression of a check constraint '{name}' contains disallowed function: \
                 {function}."
            ),
        )
    }
    /// 3819 ER_CHECK_CONSTRAINT_VIOLATED
    pub fn check_violated(name: &str) -> MySqlError {
        Self::new(3819, "HY000", format!("Check constraint '{name}' is violated."))
    }
    /// 3820 ER_CHECK_CONSTRAINT_REFERS_UNKNOWN_COLUMN
    pub fn check_unknown_column(name: &str, column: &str) -> MySqlError {
        Self::new(
            3820,
            "HY000",
            format!("Check constraint '{name}' refers to non-existing column '{column}'."),
        )
    }
    /// 3821 ER_CHECK_CONSTRAINT_NOT_FOUND
    pub fn check_not_found(name: &str) -> MySqlError {
        Self::new(3821, "HY000", format!("Check constraint '{name}' is not found in the table."))
    }
    /// 3822 ER_CHECK_CONSTRAINT_DUP_NAME
    pub fn check_duplicate_name(name: &str) -> MySqlError {
        Self::new(3822, "HY000", format!("Duplicate check constraint name '{name}'."))
    }
    /// 3106 ER_UNSUPPORTED_ACTION_ON_GENERATED_COLUMN (`action` as MySQL names it:
    /// `Changing the STORED status`).
    pub fn unsupported_on_generated_column(action: &str) -> MySqlError {
        Self::new(3106, "HY000", format!("'{action}' is not supported for generated columns."))
    }
    /// 3108 ER_DEPENDENT_BY_GENERATED_COLUMN
    pub fn dependent_by_generated_column(column: &str) -> MySqlError {
        Self::new(3108, "HY000", format!("Column '{column}' has a generated column dependency."))
    }
    /// 3959 ER_DEPENDENT_BY_CHECK_CONSTRAINT
    pub fn dependent_by_check(name: &str, column: &str) -> MySqlError {
        Self::new(
            3959,
            "HY000",
            format!(
                "Check constraint '{name}' uses column '{column}', hence column cannot be \
                 dropped or renamed."
            ),
        )
    }
    /// 1830 ER_FK_COLUMN_NOT_NULL
    pub fn fk_column_not_null(column: &str, name: &str) -> MySqlError {
        Self::new(
            1830,
            "HY000",
            format!(
                "Column '{column}' cannot be NOT NULL: needed in a foreign key constraint \
                 '{name}' SET NULL"
            ),
        )
    }
    /// 3008 ER_FOREIGN_KEY_CASCADE_DEPTH_EXCEEDED
    pub fn fk_cascade_depth() -> MySqlError {
        Self::new(
            3008,
            "HY000",
            "Foreign key cascade delete/update exceeds max depth of 15.".into(),
        )
    }
    /// 1223 ER_CANT_UPDATE_WITH_READLOCK
    pub fn conflicting_read_lock() -> MySqlError {
        Self::new(
            1223,
            "HY000",
            "Can't execute the query because you have a conflicting read lock".into(),
        )
    }
    /// 1192 ER_LOCK_OR_ACTIVE_TRANSACTION
    pub fn lock_or_active_transaction() -> MySqlError {
        Self::new(
            1192,
            "HY000",
            "Can't execute the given command because you have active locked tables or an \
             active transaction"
                .into(),
        )
    }
    /// 1553 ER_DROP_INDEX_FK
    pub fn drop_index_needed_by_fk(index: &str) -> MySqlError {
        Self::new(
            1553,
            "HY000",
            format!("Cannot drop index '{index}': needed in a foreign key constraint"),
        )
    }
    /// 1701 ER_TRUNCATE_ILLEGAL_FK: `what` is `` `db`.`child`, CONSTRAINT `name` ``.
    pub fn truncate_referenced(what: &str) -> MySqlError {
        Self::new(
            1701,
            "42000",
            format!("Cannot truncate a table referenced in a foreign key constraint ({what})"),
        )
    }
    /// 1828 ER_FK_COLUMN_CANNOT_DROP
    pub fn fk_column_cannot_drop(column: &str, name: &str) -> MySqlError {
        Self::new(
            1828,
            "HY000",
            format!("Cannot drop column '{column}': needed in a foreign key constraint '{name}'"),
        )
    }
}
