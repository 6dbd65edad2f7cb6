//! The planner: the access path of each table (full scan, `const`, `ref` / `eq_ref`, range)
//! chosen by cost, a secondary index read in its order for ORDER BY / GROUP BY, the merge of
//! simple derived tables into the query that reads them, the use of indexed generated columns
//! for the expressions they define, index condition pushdown on the chosen secondary index
//! reads, and EXPLAIN, which prints the choice the executor really makes.

pub mod access_path;
pub mod derived_merge;
pub mod explain;
pub mod generated_columns;
pub mod group_skip;
pub mod index_condition;
pub mod index_order;
pub mod inner_join_nest;
pub mod join_order;
pub mod partition_pruning;
