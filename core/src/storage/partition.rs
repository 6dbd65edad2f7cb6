//! A partitioned table's partitioning (MySQL 8.4 manual, "Partitioning Types"): the method,
//! what it partitions on, and each partition's bound; which partition a row belongs to; and
//! the `/*!50100 PARTITION BY ... */` text SHOW CREATE TABLE prints after the table options.
//! A RANGE or LIST table may be subpartitioned (`partition/subpartition.rs`); its physical
//! partitions are then the subpartitions, and the names, positions and sets of chosen
//! partitions the rest of the engine passes around count those.
//!
//! Simplification: the rows of every partition still live in the table's one clustered
//! B-tree, as for an unpartitioned table; a partition is a rule over the rows, not a
//! tablespace of its own. KEY partitioning places a row by a hash of our own (MySQL hashes
//! the column's stored bytes), so which KEY partition holds a given value may differ from
//! MySQL's; HASH, LINEAR HASH, RANGE and LIST place rows exactly as MySQL does.

use crate::storage::value::Value;
use std::cmp::Ordering;
use std::collections::BTreeMap;

mod subpartition;
pub use subpartition::Subpartitioning;

/// How rows are divided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// `RANGE (expr)`: an integer expression against `VALUES LESS THAN`.
    Range,
    /// `RANGE COLUMNS (a, b)`: a tuple of column values against `VALUES LESS THAN (x, y)`.
    RangeColumns,
    /// `LIST (expr)`: an integer expression against `VALUES IN`.
    List,
    /// `LIST COLUMNS (a, b)`
    ListColumns,
    /// `[LINEAR] HASH (expr)`
    Hash { linear: bool },
    /// `[LINEAR] KEY (columns)`; no columns means the primary key's.
    Key { linear: bool },
}

impl Method {
    /// The method's words as SHOW CREATE TABLE and information_schema.PARTITIONS write them.
    pub fn name(&self) -> &'static str {
        match self {
            Method::Range => "RANGE",
            Method::RangeColumns => "RANGE COLUMNS",
            Method::List => "LIST",
            Method::ListColumns => "LIST COLUMNS",
            Method::Hash { linear: false } => "HASH",
            Method::Hash { linear: true } => "LINEAR HASH",
            Method::Key { linear: false } => "KEY",
            Method::Key { linear: true } => "LINEAR KEY",
        }
    }

    /// RANGE and LIST name each partition's values; HASH and KEY spread rows by count.
    pub fn has_values(&self) -> bool {
        matches!(self, Method::Range | Method::RangeColumns | Method::List | Method::ListColumns)
    }
}

/// One partition's rule.
#[derive(Clone, Debug, PartialEq)]
pub enum Bound {
    /// HASH / KEY: the partition is chosen by number.
    Number,
    /// `VALUES LESS THAN (...)`, one value per partitioning column; None is MAXVALUE.
    LessThan(Vec<Option<Value>>),
    /// `VALUES IN (...)`: the tuples the partition holds (one value each for LIST).
    In(Vec<Vec<Value>>),
}

/// A named partition.
#[derive(Clone, Debug, PartialEq)]
pub struct Partition {
    pub name: String,
    pub bound: Bound,
    /// A subpartitioned table's: the names of this partition's subpartitions, in order
    /// (as many as [`Subpartitioning::count`]); empty otherwise.
    pub subpartitions: Vec<String>,
}

impl Partition {
    /// A partition without subpartitions.
    pub fn new(name: String, bound: Bound) -> Partition {
        Partition { name, bound, subpartitions: Vec::new() }
    }
}

/// A table's partitioning.
#[derive(Clone, Debug, PartialEq)]
pub struct Partitioning {
    pub method: Method,
    /// RANGE / LIST / HASH: the expression as the data dictionary prints it (`` `a` ``,
    /// ``year(`d`)``). Empty for the COLUMNS and KEY methods.
    pub expr: String,
    /// The partitioning columns by name: those the expression names, or the COLUMNS / KEY
    /// list (for `KEY ()`, the primary key's).
    pub columns: Vec<String>,
    /// Whether KEY was written with an empty column list (SHOW CREATE TABLE keeps it empty).
    pub key_columns_written: bool,
    pub partitions: Vec<Partition>,
    /// Whether the partitions were named by MySQL (`PARTITIONS 4` alone: p0..p3), in which
    /// case SHOW CREATE TABLE prints the count rather than the list.
    pub default_names: bool,
    /// Rows `EXCHANGE PARTITION ... WITHOUT VALIDATION` put in a partition their value does
    /// not belong to, by [`row_text`] of the whole row, with that partition's physical
    /// position: a read of the partition finds them there, pruning by value does not, and
    /// an UPDATE or DELETE that reaches one is refused (ERROR 1863,
    /// `server/statements/misplaced_rows.rs`). Simplifications: a row deleted and then
    /// inserted again with the same values is found there again; a partition change other
    /// than TRUNCATE places every row by its value (MySQL keeps a misplaced row where it is
    /// unless its partition is rebuilt).
    pub misplaced: BTreeMap<String, u32>,
    /// `SUBPARTITION BY HASH | KEY`: how each partition is divided again. The table's
    /// physical partitions are then its subpartitions, partition by partition
    /// ([`Partitioning::physical_count`]).
    pub sub: Option<Subpartitioning>,
}

/// The text that names a whole row among a partitioned table's misplaced rows.
pub fn row_text(row: &[Value]) -> String {
    format!("{row:?}")
}

/// Where a row's value goes, or why it goes nowhere.
#[derive(Debug, PartialEq)]
pub enum Placement {
    Partition(usize),
    /// No partition holds the value (error 1526); the text names it as MySQL does.
    Nowhere(String),
}

/// The most partitions a table may have (MySQL's limit, error 1499).
pub const MAX_PARTITIONS: usize = 8192;

impl Partitioning {
    /// The partition of a row whose partitioning value is `values`: the expression's value
    /// (one value) for RANGE / LIST / HASH, the columns' values for COLUMNS and KEY.
    pub fn place(&self, values: &[Value]) -> Placement {
        let n = self.partitions.len();
        match &self.method {
            Method::Hash { linear } => {
                // NULL counts as 0; a negative value's remainder is taken positive.
                let v = values.first().and_then(Value::to_i64).unwrap_or(0);
                Placement::Partition(hash_partition(v.unsigned_abs(), v, n, *linear))
            }
            Method::Key { linear } => {
                let h = key_hash(values);
                Placement::Partition(hash_partition(h, h as i64, n, *linear))
            }
            Method::Range | Method::RangeColumns => {
                let found = self.partitions.iter().position(|p| match &p.bound {
                    Bound::LessThan(limits) => tuple_below(values, limits),
                    _ => false,
                });
                found.map_or_else(
                    || Placement::Nowhere(self.unplaced_text(values)),
                    Placement::Partition,
                )
            }
            Method::List | Method::ListColumns => {
                let found = self.partitions.iter().position(|p| match &p.bound {
                    Bound::In(tuples) => tuples.iter().any(|t| same_tuple(t, values)),
                    _ => false,
                });
                found.map_or_else(
                    || Placement::Nowhere(self.unplaced_text(values)),
                    Placement::Partition,
                )
            }
        }
    }

    /// The value error 1526 names: the expression's value for RANGE / LIST (`NULL` for
    /// NULL), and `from column_list` for the COLUMNS methods, as MySQL writes them.
    fn unplaced_text(&self, values: &[Value]) -> String {
        match (&self.method, values.first()) {
            (Method::RangeColumns | Method::ListColumns, _) => "from column_list".into(),
            (_, None | Some(Value::Null)) => "NULL".into(),
            (_, Some(v)) => v.to_i64().map_or_else(|| "NULL".into(), |i| i.to_string()),
        }
    }

    /// The text SHOW CREATE TABLE appends after the table options, starting with a newline.
    pub fn show_text(&self) -> String {
        let version = match self.method {
            Method::RangeColumns | Method::ListColumns => "50500",
            _ => "50100",
        };
        let on = match &self.method {
            // MySQL writes two spaces before COLUMNS and no space before its list.
            Method::RangeColumns => format!("RANGE  COLUMNS({})", self.column_list()),
            Method::ListColumns => format!("LIST  COLUMNS({})", self.column_list()),
            Method::Key { .. } if !self.key_columns_written => format!("{} ()", self.method.name()),
            Method::Key { .. } => format!("{} ({})", self.method.name(), self.column_list()),
            _ => format!("{} ({})", self.method.name(), self.expr),
        };
        let sub_clause = self.sub.as_ref().map(Subpartitioning::show_clause).unwrap_or_default();
        let named_subs = self.sub.as_ref().is_some_and(|s| !s.default_names);
        let body = if self.default_names {
            format!("\nPARTITIONS {}", self.partitions.len())
        } else {
            let parts: Vec<String> = self
                .partitions
                .iter()
                .map(|p| {
                    let values = match &p.bound {
                        Bound::Number => String::new(),
                        Bound::LessThan(limits) => {
                            format!(" VALUES LESS THAN {}", self.limit_text(limits))
                        }
                        Bound::In(tuples) => format!(" VALUES IN ({})", self.in_text(tuples)),
                    };
                    if named_subs {
                        let subs: Vec<String> = (p.subpartitions.iter())
                            .map(|s| format!("SUBPARTITION {s} ENGINE = InnoDB"))
                            .collect();
                        format!("PARTITION {}{values}\n ({})", p.name, subs.join(",\n  "))
                    } else {
                        format!("PARTITION {}{values} ENGINE = InnoDB", p.name)
                    }
                })
                .collect();
            format!("\n({})", parts.join(",\n "))
        };
        format!("\n/*!{version} PARTITION BY {on}{sub_clause}{body} */")
    }

    /// The COLUMNS / KEY list as MySQL prints it: names unquoted, joined by commas.
    fn column_list(&self) -> String {
        self.columns.join(",")
    }

    fn limit_text(&self, limits: &[Option<Value>]) -> String {
        let columns = self.method == Method::RangeColumns;
        let shown: Vec<String> = limits
            .iter()
            .map(|l| l.as_ref().map_or_else(|| "MAXVALUE".into(), value_text))
            .collect();
        match (columns, limits) {
            // RANGE's MAXVALUE is written bare; RANGE COLUMNS keeps the parentheses.
            (false, [None]) => "MAXVALUE".into(),
            _ => format!("({})", shown.join(",")),
        }
    }

    /// A bound as information_schema.PARTITIONS' PARTITION_DESCRIPTION shows it: a LESS THAN
    /// bound without its parentheses (`10`, `MAXVALUE`, `5,'2024-01-01'`), an IN list's
    /// values (`1,2`); empty for HASH and KEY.
    pub fn show_bound(&self, bound: &Bound) -> String {
        match bound {
            Bound::Number => String::new(),
            Bound::LessThan(limits) => (limits.iter())
                .map(|l| l.as_ref().map_or_else(|| "MAXVALUE".into(), value_text))
                .collect::<Vec<_>>()
                .join(","),
            Bound::In(tuples) => self.in_text(tuples),
        }
    }

    fn in_text(&self, tuples: &[Vec<Value>]) -> String {
        let shown: Vec<String> = tuples
            .iter()
            .map(|t| {
                let inner: Vec<String> = t.iter().map(value_text).collect();
                if t.len() > 1 {
                    format!("({})", inner.join(","))
                } else {
                    inner.join(",")
                }
            })
            .collect();
        shown.join(",")
    }

    /// Every column the partitioning reads (mysql-server's `full_part_field_array`).
    pub fn all_columns(&self) -> Vec<String> {
        let mut all = self.columns.clone();
        for c in self.sub.iter().flat_map(|s| &s.columns) {
            if !all.iter().any(|a| a.eq_ignore_ascii_case(c)) {
                all.push(c.clone());
            }
        }
        all
    }

    /// The position of the partition named `name` (names are case-insensitive).
    pub fn position(&self, name: &str) -> Option<usize> {
        self.partitions.iter().position(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// Names for a set of chosen physical partitions, as EXPLAIN's `partitions` column
    /// lists them (`p0,p2`; a subpartition as `p0_p0sp1`, its partition's name first).
    pub fn names(&self, chosen: &[bool]) -> String {
        let names: Vec<String> = (self.physical_names().into_iter().zip(chosen))
            .filter(|(_, &c)| c)
            .map(|(n, _)| n)
            .collect();
        names.join(",")
    }

    /// How many physical partitions the table has: its partitions, or their subpartitions.
    pub fn physical_count(&self) -> usize {
        self.partitions.len() * self.sub.as_ref().map_or(1, |s| s.count.max(1))
    }

    /// The physical partitions' names as EXPLAIN writes them, in physical order.
    pub fn physical_names(&self) -> Vec<String> {
        match &self.sub {
            None => self.partitions.iter().map(|p| p.name.clone()).collect(),
            Some(_) => (self.partitions.iter())
                .flat_map(|p| p.subpartitions.iter().map(move |s| format!("{}_{s}", p.name)))
                .collect(),
        }
    }

    /// The physical partitions a name picks (a partition's, case-insensitive: all its
    /// subpartitions; a subpartition's: itself), as `PARTITION (...)` and TRUNCATE PARTITION
    /// read names; None for a name the table lacks.
    pub fn physical_positions(&self, name: &str) -> Option<Vec<usize>> {
        let per = self.sub.as_ref().map_or(1, |s| s.count.max(1));
        if let Some(i) = self.position(name) {
            return Some((i * per..(i + 1) * per).collect());
        }
        self.subpartition_position(name).map(|at| vec![at])
    }

    /// The physical position of the subpartition named `name`.
    pub fn subpartition_position(&self, name: &str) -> Option<usize> {
        self.sub.as_ref()?;
        let per = self.sub.as_ref().map_or(1, |s| s.count.max(1));
        self.partitions.iter().enumerate().find_map(|(i, p)| {
            let j = p.subpartitions.iter().position(|s| s.eq_ignore_ascii_case(name))?;
            Some(i * per + j)
        })
    }

    /// The partition a physical partition belongs to.
    pub fn partition_of(&self, physical: usize) -> usize {
        physical / self.sub.as_ref().map_or(1, |s| s.count.max(1))
    }

    /// The physical partitions chosen when the partitions `top` are (each partition's
    /// subpartitions with it), narrowed to the subpartitions `sub` when given.
    pub fn expand(&self, top: &[bool], sub: Option<&[bool]>) -> Vec<bool> {
        let Some(s) = &self.sub else { return top.to_vec() };
        let per = s.count.max(1);
        let mut out = Vec::with_capacity(top.len() * per);
        for &t in top {
            for j in 0..per {
                out.push(t && sub.is_none_or(|k| k.get(j).copied().unwrap_or(true)));
            }
        }
        out
    }
}

/// A bound value as SHOW CREATE TABLE prints it: numbers bare, strings quoted.
fn value_text(v: &Value) -> String {
    match v {
        Value::Null => "NULL".into(),
        Value::Str(s) => format!("'{}'", s.replace('\'', "''")),
        other => other.to_text().unwrap_or_default(),
    }
}

/// Whether `values` sort below `limits` (a row tuple against a LESS THAN tuple: the first
/// column that differs decides; MAXVALUE is above every value, NULL below every value).
fn tuple_below(values: &[Value], limits: &[Option<Value>]) -> bool {
    for (v, l) in values.iter().zip(limits) {
        let Some(l) = l else { return true };
        let order = match (v, l) {
            (Value::Null, Value::Null) => Ordering::Equal,
            (Value::Null, _) => Ordering::Less,
            (_, Value::Null) => Ordering::Greater,
            (v, l) => v.compare(l).unwrap_or(Ordering::Equal),
        };
        match order {
            Ordering::Less => return true,
            Ordering::Greater => return false,
            Ordering::Equal => {}
        }
    }
    false
}

/// Whether a row tuple is one of a LIST partition's tuples (NULL matches a listed NULL).
fn same_tuple(listed: &[Value], values: &[Value]) -> bool {
    listed.len() == values.len()
        && listed.iter().zip(values).all(|(a, b)| match (a, b) {
            (Value::Null, Value::Null) => true,
            (Value::Null, _) | (_, Value::Null) => false,
            (a, b) => a.compare(b) == Some(Ordering::Equal),
        })
}

/// HASH's partition: the value modulo the count, or LINEAR HASH's powers-of-two rule
/// (manual, "LINEAR HASH Partitioning": V is the next power of two at or above the count,
/// N = value & (V - 1), halving V while N is not a partition).
fn hash_partition(magnitude: u64, value: i64, n: usize, linear: bool) -> usize {
    let n = n.max(1) as u64;
    if !linear {
        // MySQL takes the signed remainder and then its magnitude.
        return ((value % n as i64).unsigned_abs()) as usize;
    }
    let mut v = n.next_power_of_two();
    let mut part = magnitude & (v - 1);
    // At most 64 halvings.
    while part >= n && v > 1 {
        v /= 2;
        part &= v - 1;
    }
    part as usize
}

/// KEY partitioning's hash of the columns' values (FNV-1a over their text; see the module
/// note: not MySQL's hash).
fn key_hash(values: &[Value]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for v in values {
        let text = match v {
            Value::Null => String::from("\u{0}"),
            v => v.to_text().unwrap_or_default(),
        };
        for b in text.bytes().chain(std::iter::once(0xff)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h >> 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(limits: &[Option<i64>]) -> Partitioning {
        Partitioning {
            method: Method::Range,
            expr: "`a`".into(),
            columns: vec!["a".into()],
            key_columns_written: false,
            partitions: (limits.iter().enumerate())
                .map(|(i, l)| {
                    Partition::new(format!("p{i}"), Bound::LessThan(vec![l.map(Value::Int)]))
                })
                .collect(),
            default_names: false,
            misplaced: BTreeMap::new(),
            sub: None,
        }
    }

    #[test]
    fn range_places_below_the_first_larger_bound_and_null_first() {
        let p = range(&[Some(10), Some(20), None]);
        assert_eq!(p.place(&[Value::Int(9)]), Placement::Partition(0));
        assert_eq!(p.place(&[Value::Int(10)]), Placement::Partition(1));
        assert_eq!(p.place(&[Value::Int(1000)]), Placement::Partition(2));
        assert_eq!(p.place(&[Value::Null]), Placement::Partition(0));
        let closed = range(&[Some(10)]);
        assert_eq!(closed.place(&[Value::Int(10)]), Placement::Nowhere("10".into()));
    }

    #[test]
    fn hash_takes_the_remainder_and_linear_hash_the_power_of_two_rule() {
        // The manual's LINEAR HASH example: 6 partitions, V = 8; 1998 & 7 = 6, >= 6, so
        // V = 4 and 6 & 3 = 2.
        assert_eq!(hash_partition(1998, 1998, 6, true), 2);
        // 2003 & 7 = 3.
        assert_eq!(hash_partition(2003, 2003, 6, true), 3);
        assert_eq!(hash_partition(7, 7, 4, false), 3);
        assert_eq!(hash_partition(7, -7, 4, false), 3);
    }

    #[test]
    fn show_text_follows_mysql() {
        let p = range(&[Some(10), None]);
        assert_eq!(
            p.show_text(),
            "\n/*!50100 PARTITION BY RANGE (`a`)\n(PARTITION p0 VALUES LESS THAN (10) ENGINE = InnoDB,\n PARTITION p1 VALUES LESS THAN MAXVALUE ENGINE = InnoDB) */"
        );
    }
}
