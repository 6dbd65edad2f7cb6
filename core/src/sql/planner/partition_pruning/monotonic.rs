//! The increasing functions partition pruning sees through (MySQL 8.4 manual, "Partition
//! Pruning"): a RANGE or LIST table partitioned by `YEAR(d)`, `TO_DAYS(d)`, `TO_SECONDS(d)` or
//! `UNIX_TIMESTAMP(ts)` prunes on a range of `d`, because the function keeps the order of its
//! argument: `d >= '2021-03-01'` is `YEAR(d) >= 2021`.
//!
//! Which end of the range stays open follows mysql-server's `val_int_endpoint` of each
//! function: a strictly increasing one (TO_DAYS of a DATE, TO_SECONDS, UNIX_TIMESTAMP) keeps
//! `<` and `>` as they are; YEAR, and TO_DAYS of a DATETIME, make a range's start inclusive
//! (`d > '2021-06-01'` still reaches YEAR 2021) and its end too, unless the end lies on the
//! function's step (`d < '2021-01-01'` is `YEAR(d) < 2021`; `d < '2021-01-01 00:00:00'` is
//! `TO_DAYS(d) < 738156`). Simplification: a literal that does not fit the column exactly (a
//! time of day against a DATE column) makes both ends inclusive, where MySQL first stores it
//! in the column's type and may keep one partition fewer.

use crate::sql::cast::temporal::{parse_datetime, DateTime};
use crate::storage::schema::ColumnType;
use crate::storage::value::Value;

/// The step an increasing function's value moves by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Year,
    Day,
    Second,
}

/// One of MySQL's increasing partitioning functions over one column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monotonic {
    step: Step,
    /// Whether distinct arguments give distinct values (the order is strict).
    strict: bool,
    column: ColumnKind,
}

/// The temporal type of the function's column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ColumnKind {
    Date,
    DateTime,
}

impl Monotonic {
    /// The function of a partitioning expression as the data dictionary prints it
    /// (``year(`d`)``), over column `column` of type `ty`; None for any other expression.
    pub fn of(expr: &str, column: &str, ty: &ColumnType) -> Option<Monotonic> {
        let e: String = expr.chars().filter(|c| !c.is_whitespace()).collect();
        let e = e.to_ascii_lowercase();
        let name = e.strip_suffix(&format!("(`{}`)", column.to_ascii_lowercase()))?;
        let kind = match ty {
            ColumnType::Date => ColumnKind::Date,
            ColumnType::DateTime | ColumnType::Timestamp => ColumnKind::DateTime,
            _ => return None,
        };
        let (step, strict) = match (name, kind) {
            ("year", _) => (Step::Year, false),
            ("to_days", ColumnKind::Date) => (Step::Day, true),
            ("to_days", ColumnKind::DateTime) => (Step::Day, false),
            ("to_seconds", _) => (Step::Second, true),
            ("unix_timestamp", ColumnKind::DateTime) if *ty == ColumnType::Timestamp => {
                (Step::Second, true)
            }
            _ => return None,
        };
        Some(Monotonic { step, strict, column: kind })
    }

    /// Whether a range's end `(v, inclusive)` on the column stays inclusive or not once
    /// mapped through the function; `low` for the range's start.
    pub fn inclusive(&self, v: &Value, inclusive: bool, low: bool) -> bool {
        if inclusive {
            return true;
        }
        let Some(at) = exact(v, self.column) else { return true };
        if self.strict {
            return false;
        }
        // Only an end that lies on the function's step keeps `<` (nothing below it maps to
        // the same value); a start is always widened.
        let on_step = match self.step {
            Step::Year => at.month == 1 && at.day == 1 && midnight(&at),
            Step::Day => midnight(&at),
            Step::Second => at.micros == 0,
        };
        low || !on_step
    }
}

fn midnight(t: &DateTime) -> bool {
    t.hour == 0 && t.minute == 0 && t.second == 0 && t.micros == 0
}

/// The date a literal compared with a column of `kind` stands for, when the column holds
/// it exactly (no time of day for a DATE, no fraction for a DATETIME).
fn exact(v: &Value, kind: ColumnKind) -> Option<DateTime> {
    let text = match v {
        Value::Str(s) => s.clone(),
        Value::Int(i) => i.to_string(),
        Value::UInt(u) => u.to_string(),
        _ => return None,
    };
    let parsed = parse_datetime(&text)?;
    if parsed.truncated {
        return None;
    }
    let t = parsed.value;
    let fits = match kind {
        ColumnKind::Date => midnight(&t),
        ColumnKind::DateTime => t.micros == 0,
    };
    fits.then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Value {
        Value::Str(text.into())
    }

    #[test]
    fn the_functions_mysql_sees_through() {
        let year = Monotonic::of("year(`d`)", "d", &ColumnType::Date).unwrap();
        assert!(!year.strict);
        assert!(Monotonic::of("to_days(`d`)", "d", &ColumnType::Date).unwrap().strict);
        assert!(!Monotonic::of("to_days(`d`)", "d", &ColumnType::DateTime).unwrap().strict);
        assert!(Monotonic::of("unix_timestamp(`ts`)", "ts", &ColumnType::Timestamp).is_some());
        assert_eq!(Monotonic::of("unix_timestamp(`d`)", "d", &ColumnType::DateTime), None);
        assert_eq!(Monotonic::of("month(`d`)", "d", &ColumnType::Date), None);
        assert_eq!(Monotonic::of("year(`d`)", "e", &ColumnType::Date), None);
        assert_eq!(Monotonic::of("year(`n`)", "n", &ColumnType::Int), None);
    }

    #[test]
    fn open_ends_stay_open_only_on_the_step() {
        let year = Monotonic::of("year(`d`)", "d", &ColumnType::Date).unwrap();
        // d < '2021-01-01' is YEAR(d) < 2021; d < '2021-06-01' reaches 2021.
        assert!(!year.inclusive(&s("2021-01-01"), false, false));
        assert!(year.inclusive(&s("2021-06-01"), false, false));
        // A start is widened: d > '2021-01-01' is YEAR(d) >= 2021.
        assert!(year.inclusive(&s("2021-01-01"), false, true));
        // A time of day against a DATE column: both ends inclusive.
        assert!(year.inclusive(&s("2021-01-01 10:00:00"), false, false));
        let days = Monotonic::of("to_days(`d`)", "d", &ColumnType::Date).unwrap();
        assert!(!days.inclusive(&s("2021-06-01"), false, true));
        assert!(days.inclusive(&s("2021-06-01"), true, false));
    }
}
