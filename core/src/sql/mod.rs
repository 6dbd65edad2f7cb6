//! SQL: parsing statement text, statement digests, evaluating expressions with MySQL's
//! semantics, built-in functions, values, and the shape of results.

pub mod bind;
pub mod cast;
pub mod column_names;
pub mod comparison;
pub mod compiled;
pub mod context;
pub mod digest;
pub mod execution;
pub mod expr;
pub mod expr_text;
pub mod functions;
pub mod item_types;
pub mod json;
pub mod literal;
pub mod literal_charset;
pub mod numeric_operands;
pub mod parser;
pub mod pfs_format;
pub mod planner;
pub mod result;
pub mod temporal;
pub mod window;
pub mod window_bind;

pub use crate::storage::value::{Decimal, Value};
pub use parser::{parse, Statement};
pub use result::{Column, Response, ResultSet};
