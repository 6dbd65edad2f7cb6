//! Query execution: the operators that turn table rows into results (aggregation today;
//! scans, joins, sorting as the SQL engine grows).

pub mod aggregate;
