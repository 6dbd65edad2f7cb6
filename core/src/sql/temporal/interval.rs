//! INTERVAL units and arithmetic: reading `INTERVAL expr unit` values as MySQL's
//! `get_interval_value` does (compound units such as DAY_SECOND take a string of numbers
//! split by any non-digits, right-aligned), and `date_add_interval`: day-and-smaller units
//! move along a microsecond line, month-based units clamp the day to the month's end.

use super::calendar;
use crate::sql::cast::temporal::DateTime;

/// A unit of INTERVAL, EXTRACT, TIMESTAMPADD and TIMESTAMPDIFF, in MySQL's `interval_type`
/// order; the binder passes it to the functions as its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Year,
    Quarter,
    Month,
    Week,
    Day,
    Hour,
    Minute,
    Second,
    Microsecond,
    YearMonth,
    DayHour,
    DayMinute,
    DaySecond,
    HourMinute,
    HourSecond,
    MinuteSecond,
    DayMicrosecond,
    HourMicrosecond,
    MinuteMicrosecond,
    SecondMicrosecond,
}

const ALL: [Unit; 20] = [
    Unit::Year,
    Unit::Quarter,
    Unit::Month,
    Unit::Week,
    Unit::Day,
    Unit::Hour,
    Unit::Minute,
    Unit::Second,
    Unit::Microsecond,
    Unit::YearMonth,
    Unit::DayHour,
    Unit::DayMinute,
    Unit::DaySecond,
    Unit::HourMinute,
    Unit::HourSecond,
    Unit::MinuteSecond,
    Unit::DayMicrosecond,
    Unit::HourMicrosecond,
    Unit::MinuteMicrosecond,
    Unit::SecondMicrosecond,
];

const NAMES: [&str; 20] = [
    "YEAR",
    "QUARTER",
    "MONTH",
    "WEEK",
    "DAY",
    "HOUR",
    "MINUTE",
    "SECOND",
    "MICROSECOND",
    "YEAR_MONTH",
    "DAY_HOUR",
    "DAY_MINUTE",
    "DAY_SECOND",
    "HOUR_MINUTE",
    "HOUR_SECOND",
    "MINUTE_SECOND",
    "DAY_MICROSECOND",
    "HOUR_MICROSECOND",
    "MINUTE_MICROSECOND",
    "SECOND_MICROSECOND",
];

impl Unit {
    /// The unit named `name` (any case; TIMESTAMPADD's `SQL_TSI_` spellings too).
    pub fn from_name(name: &str) -> Option<Unit> {
        let upper = name.to_ascii_uppercase();
        let bare = upper.strip_prefix("SQL_TSI_").unwrap_or(&upper);
        NAMES.iter().position(|n| *n == bare).map(|i| ALL[i])
    }

    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    pub fn code(self) -> i64 {
        self as i64
    }

    pub fn from_code(code: i64) -> Option<Unit> {
        usize::try_from(code).ok().and_then(|i| ALL.get(i).copied())
    }

    /// Whether the unit moves by whole days or more (DATE + such an interval stays a DATE).
    pub fn is_date_only(self) -> bool {
        matches!(
            self,
            Unit::Year | Unit::Quarter | Unit::Month | Unit::Week | Unit::Day | Unit::YearMonth
        )
    }

    /// Whether the unit is a single field (TIMESTAMPADD and TIMESTAMPDIFF take only these).
    pub fn fields_simple(self) -> bool {
        (self as usize) <= Unit::Microsecond as usize
    }

    /// Whether the unit counts months (the day is clamped to the month's end).
    fn is_months(self) -> bool {
        matches!(self, Unit::Year | Unit::Quarter | Unit::Month | Unit::YearMonth)
    }

    /// Whether the unit's value can carry microseconds.
    pub fn has_micros(self) -> bool {
        matches!(
            self,
            Unit::Microsecond
                | Unit::DayMicrosecond
                | Unit::HourMicrosecond
                | Unit::MinuteMicrosecond
                | Unit::SecondMicrosecond
        )
    }

    /// The fields a compound unit's string fills, right-aligned: (how many, index of the
    /// first among year, month, day, hour, minute, second, microsecond).
    fn fields(self) -> (usize, usize) {
        match self {
            Unit::YearMonth => (2, 0),
            Unit::DayHour => (2, 2),
            Unit::DayMinute => (3, 2),
            Unit::DaySecond => (4, 2),
            Unit::HourMinute => (2, 3),
            Unit::HourSecond => (3, 3),
            Unit::MinuteSecond => (2, 4),
            Unit::DayMicrosecond => (5, 2),
            Unit::HourMicrosecond => (4, 3),
            Unit::MinuteMicrosecond => (3, 4),
            Unit::SecondMicrosecond => (2, 5),
            _ => (1, 0),
        }
    }
}

/// An interval's parts (all non-negative) and its sign.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Interval {
    pub neg: bool,
    pub year: u64,
    pub month: u64,
    pub day: u64,
    pub hour: u64,
    pub minute: u64,
    pub second: u64,
    pub micros: u64,
}

/// The largest part we accept; anything near it overflows the date range anyway, and this
/// keeps every sum in i64 microseconds.
const PART_MAX: u64 = 1 << 40;

impl Interval {
    /// A simple unit's interval of `a` (SECOND may also carry `micros`).
    pub fn simple(unit: Unit, neg: bool, a: u64, micros: u32) -> Option<Interval> {
        let mut iv = Interval { neg, ..Default::default() };
        if a > PART_MAX {
            return None;
        }
        match unit {
            Unit::Year => iv.year = a,
            Unit::Quarter => iv.month = a * 3,
            Unit::Month => iv.month = a,
            Unit::Week => iv.day = a * 7,
            Unit::Day => iv.day = a,
            Unit::Hour => iv.hour = a,
            Unit::Minute => iv.minute = a,
            Unit::Second => {
                iv.second = a;
                iv.micros = u64::from(micros);
            }
            Unit::Microsecond => iv.micros = a,
            _ => return None,
        }
        Some(iv)
    }

    /// A compound unit's interval from its string (`'1 1:1:1'` DAY_SECOND): numbers split by
    /// any non-digit characters, a leading '-' negates the whole. None when there are more
    /// numbers than the unit has fields.
    pub fn compound(unit: Unit, text: &str) -> Option<Interval> {
        let (count, first) = unit.fields();
        let s = text.trim_start();
        let (neg, body) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let b = body.as_bytes();
        let mut values: Vec<u64> = Vec::with_capacity(count);
        let mut last_len = 0;
        let mut i = 0;
        while i < b.len() && !b[i].is_ascii_digit() {
            i += 1;
        }
        while i < b.len() && values.len() < count {
            let start = i;
            let mut v: u64 = 0;
            while i < b.len() && b[i].is_ascii_digit() {
                v = v.saturating_mul(10).saturating_add(u64::from(b[i] - b'0'));
                i += 1;
            }
            values.push(v.min(PART_MAX));
            last_len = i - start;
            while i < b.len() && !b[i].is_ascii_digit() {
                i += 1;
            }
        }
        if i < b.len() {
            // More numbers than the unit has fields: MySQL refuses the value (NULL).
            return None;
        }
        if unit.has_micros() && values.len() == count && last_len < 6 {
            // A fraction's digits are a fraction: '1.5' SECOND_MICROSECOND is 500000 µs.
            if let Some(m) = values.last_mut() {
                *m *= 10u64.pow(6 - last_len as u32);
            }
        }
        let mut parts = [0u64; 7];
        let shift = count - values.len();
        for (k, v) in values.iter().enumerate() {
            parts[first + shift + k] = *v;
        }
        Some(Interval {
            neg,
            year: parts[0],
            month: parts[1],
            day: parts[2],
            hour: parts[3],
            minute: parts[4],
            second: parts[5],
            micros: parts[6],
        })
    }

    pub fn negate(mut self) -> Interval {
        self.neg = !self.neg;
        self
    }

    /// Whether the interval moves the time of day (the result of a DATE is a DATETIME).
    pub fn has_time(&self) -> bool {
        self.hour != 0 || self.minute != 0 || self.second != 0 || self.micros != 0
    }

    /// The day-and-smaller part in microseconds (signed).
    fn micros_total(&self) -> Option<i64> {
        let us = (self.day as i128 * 86_400
            + self.hour as i128 * 3600
            + self.minute as i128 * 60
            + self.second as i128)
            * 1_000_000
            + self.micros as i128;
        let us = i64::try_from(us).ok()?;
        Some(if self.neg { -us } else { us })
    }
}

/// Microseconds since day number 0 of a datetime.
pub fn to_micros(d: &DateTime) -> i64 {
    (calendar::daynr(d.year, d.month, d.day) * 86_400
        + i64::from(d.hour) * 3600
        + i64::from(d.minute) * 60
        + i64::from(d.second))
        * 1_000_000
        + i64::from(d.micros)
}

/// The datetime `us` microseconds after day number 0; None outside 0000-01-01 ..
/// 9999-12-31 23:59:59.999999.
pub fn from_micros(us: i64) -> Option<DateTime> {
    let days = us.div_euclid(86_400_000_000);
    let rest = us.rem_euclid(86_400_000_000);
    if !(366..=calendar::DAYNR_MAX).contains(&days) {
        return None;
    }
    let (year, month, day) = calendar::from_daynr(days);
    let secs = rest / 1_000_000;
    Some(DateTime {
        year,
        month,
        day,
        hour: (secs / 3600) as u32,
        minute: (secs / 60 % 60) as u32,
        second: (secs % 60) as u32,
        micros: (rest % 1_000_000) as u32,
    })
}

/// `date_add_interval`: None when the result leaves MySQL's date range (the caller warns
/// "Datetime function: datetime field overflow").
pub fn add(d: &DateTime, iv: &Interval, unit: Unit) -> Option<DateTime> {
    if unit.is_months() {
        let months = iv.year as i128 * 12 + iv.month as i128;
        let months = if iv.neg { -months } else { months };
        let total = i128::from(d.year) * 12 + i128::from(d.month) - 1 + months;
        if !(0..10_000 * 12).contains(&total) {
            return None;
        }
        let year = (total / 12) as u32;
        let month = (total % 12) as u32 + 1;
        let day = d.day.min(calendar::days_in_month(year, month));
        return Some(DateTime { year, month, day, ..*d });
    }
    let us = to_micros(d).checked_add(iv.micros_total()?)?;
    from_micros(us)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::cast::temporal::parse_datetime;

    fn add_text(d: &str, unit: Unit, iv: Interval) -> String {
        let p = parse_datetime(d).unwrap().value;
        add(&p, &iv, unit).map_or("NULL".into(), |r| r.datetime_text(6))
    }

    #[test]
    fn the_manuals_interval_examples() {
        let c = |u: Unit, s: &str| Interval::compound(u, s).unwrap();
        assert_eq!(
            add_text("2018-05-01", Unit::Day, Interval::simple(Unit::Day, false, 1, 0).unwrap()),
            "2018-05-02 00:00:00.000000"
        );
        assert_eq!(
            add_text("2100-12-31 23:59:59", Unit::MinuteSecond, c(Unit::MinuteSecond, "1:1")),
            "2101-01-01 00:01:00.000000"
        );
        assert_eq!(
            add_text(
                "2025-01-01 00:00:00",
                Unit::DaySecond,
                c(Unit::DaySecond, "1 1:1:1").negate()
            ),
            "2024-12-30 22:58:59.000000"
        );
        assert_eq!(
            add_text("1900-01-01 00:00:00", Unit::DayHour, c(Unit::DayHour, "-1 10")),
            "1899-12-30 14:00:00.000000"
        );
        assert_eq!(
            add_text(
                "1992-12-31 23:59:59.000002",
                Unit::SecondMicrosecond,
                c(Unit::SecondMicrosecond, "1.999999")
            ),
            "1993-01-01 00:00:01.000001"
        );
        // Month ends are clamped: 2009-01-30 + 1 MONTH is 2009-02-28.
        assert_eq!(
            add_text(
                "2009-01-30",
                Unit::Month,
                Interval::simple(Unit::Month, false, 1, 0).unwrap()
            ),
            "2009-02-28 00:00:00.000000"
        );
        assert_eq!(
            add_text("9999-12-31", Unit::Day, Interval::simple(Unit::Day, false, 1, 0).unwrap()),
            "NULL"
        );
        assert_eq!(c(Unit::DaySecond, "1").second, 1);
        assert_eq!(c(Unit::SecondMicrosecond, "1.5").micros, 500_000);
        assert!(Interval::compound(Unit::MinuteSecond, "1:2:3").is_none());
        assert_eq!(Unit::from_name("sql_tsi_minute"), Some(Unit::Minute));
        assert_eq!(Unit::from_code(Unit::YearMonth.code()), Some(Unit::YearMonth));
    }
}
