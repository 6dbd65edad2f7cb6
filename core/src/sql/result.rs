//! What a statement returns to the client: a result set (columns with the metadata the mysql
//! client formats by) or an OK packet (affected rows, info text).

use crate::storage::value::Value;

/// A result-set column with the metadata the client's layout depends on.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub name: String,
    /// Numeric types are right-aligned by the client (its IS_NUM test, which also covers the
    /// NULL and TIMESTAMP types).
    pub numeric: bool,
    /// A nullable column is at least 4 wide, to fit "NULL".
    pub nullable: bool,
}

impl Column {
    /// A text column, as SHOW statements return them (VARCHAR, NOT NULL).
    pub fn text(name: &str) -> Column {
        Column { name: name.to_string(), numeric: false, nullable: false }
    }
    /// A numeric column.
    pub fn number(name: &str) -> Column {
        Column { name: name.to_string(), numeric: true, nullable: false }
    }
}

/// Rows and their columns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResultSet {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Value>>,
    /// Rows of the result past those kept in `rows`: a result of millions of rows is counted,
    /// not held (see `execution::select::pipeline::RESULT_ROWS_KEPT`).
    pub unshown: u64,
}

impl ResultSet {
    /// The value at (row, column name), for callers that read results programmatically.
    pub fn get(&self, row: usize, column: &str) -> Option<&Value> {
        let c = self.columns.iter().position(|c| c.name.eq_ignore_ascii_case(column))?;
        self.rows.get(row)?.get(c)
    }
}

/// A statement's successful response.
#[derive(Clone, Debug, PartialEq)]
pub enum Response {
    Rows(ResultSet),
    /// `Query OK, N rows affected`, with the optional info line that follows it.
    Ok {
        affected_rows: u64,
        info: Option<String>,
    },
    /// USE succeeded: the client prints "Database changed" instead of an OK line.
    DatabaseChanged,
    /// Several results for one statement (CALL of a procedure whose SELECTs return rows),
    /// printed in order.
    Many(Vec<Response>),
}
