//! The planner: the access path of each table (full scan, `const`, `ref` / `eq_ref`, range)
//! chosen by cost, and EXPLAIN, which prints the choice the executor really makes.

pub mod access_path;
pub mod explain;
