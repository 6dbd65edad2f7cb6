//! Keys as InnoDB orders them: a row's primary key (or hidden row id), compared value by
//! value with NULL first, strings by the default collation and numbers numerically. The
//! clustered index (`table.rs`) and the secondary indexes (`index.rs`) share this order.

use super::value::{collate_cmp, Value};
use std::cmp::Ordering;

/// A primary key value (or a hidden row id for tables without a primary key), ordered as the
/// clustered index orders it.
#[derive(Clone, Debug)]
pub struct Key(pub Vec<Value>);

/// Compares key values: NULL first, strings by the default collation, numbers numerically.
pub fn cmp_values(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Null, Value::Null) => Ordering::Equal,
        (Value::Null, _) => Ordering::Less,
        (_, Value::Null) => Ordering::Greater,
        (Value::Str(x), Value::Str(y)) => collate_cmp(x, y),
        _ => a.compare(b).unwrap_or(Ordering::Equal),
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        for (a, b) in self.0.iter().zip(&other.0) {
            match cmp_values(a, b) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        self.0.len().cmp(&other.0.len())
    }
}
impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Key {}
