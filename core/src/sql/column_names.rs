//! The names of a derived table's, a CTE's or a view's columns must be unique: MySQL
//! compares them as it compares column names (case-insensitively) when it resolves the
//! table, whether the table is then merged or materialised, and refuses a repeat with
//! ERROR 1060 (ER_DUP_FIELDNAME). Its check (sql_view.cc, check_duplicate_names) takes each
//! name in turn and looks for it among those after it: the error names the earliest name
//! that is repeated, as that name was written. UNCONFIRMED for a column list `(a, b, b, a)`:
//! the same rule is applied to it.

use crate::error::{MySqlError, Result};
use crate::sql::execution::Meta;

/// ERROR 1060 naming the earliest name that a later one repeats (compared
/// case-insensitively, as MySQL compares column names); Ok when all differ.
pub fn check_unique<S: AsRef<str>>(names: &[S]) -> Result<()> {
    for (i, name) in names.iter().enumerate() {
        let name = name.as_ref();
        if names[i + 1..].iter().any(|n| n.as_ref().eq_ignore_ascii_case(name)) {
            return Err(MySqlError::duplicate_column(name));
        }
    }
    Ok(())
}

/// [`check_unique`] of the columns a derived table, CTE or view gives its reader.
pub fn check_unique_columns(meta: &[Meta]) -> Result<()> {
    let names: Vec<&str> = meta.iter().map(|m| m.name.as_str()).collect();
    check_unique(&names)
}

#[cfg(test)]
mod tests {
    use super::check_unique;

    #[test]
    fn a_repeat_is_1060_naming_the_earliest_repeated_name() {
        assert!(check_unique(&["id", "name"]).is_ok());
        let e = check_unique(&["Id", "name", "ID"]).unwrap_err();
        assert_eq!((e.code, e.message.as_str()), (1060, "Duplicate column name 'Id'"));
        let e = check_unique(&["a", "b", "b", "a"]).unwrap_err();
        assert_eq!(e.message, "Duplicate column name 'a'");
    }
}
