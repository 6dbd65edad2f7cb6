//! SQL: parsing statement text, evaluating expressions with MySQL's semantics, built-in
//! functions, values, and the shape of results.

pub mod bind;
pub mod expr;
pub mod functions;
pub mod parse;
pub mod procedure;
pub mod result;
pub mod value;

pub use parse::{parse, Statement};
pub use result::{Column, Response, ResultSet};
pub use value::{Decimal, Value};
