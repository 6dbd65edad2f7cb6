//! Reading DATE, DATETIME and TIME values from text and numbers the way MySQL's
//! `str_to_datetime`, `number_to_datetime` and `str_to_time` do, and writing them back with a
//! given number of fractional digits (rounded, as MySQL rounds unless the sql_mode has
//! TIME_TRUNCATE_FRACTIONAL).
//!
//! Simplifications of MySQL: the engine keeps temporal values as their text, so a TIME value
//! cast to DATETIME is read as text (`'10:11:12'` is the date 2010-11-12, as MySQL reads that
//! string) rather than combined with CURRENT_DATE; and zero dates or dates with zero parts are
//! refused, as the default sql_mode (NO_ZERO_DATE, NO_ZERO_IN_DATE, strict) makes a cast of
//! them NULL with a warning.

/// A calendar date and time of day with microseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DateTime {
    pub year: u32,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub micros: u32,
}

/// A TIME value: a signed duration of at most 838:59:59.999999.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Time {
    pub negative: bool,
    pub hours: u32,
    pub minute: u32,
    pub second: u32,
    pub micros: u32,
}

/// How a text read as a date went: the value, and whether anything after it was cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parsed<T> {
    pub value: T,
    /// Text after the value that is not spaces (MySQL warns "Truncated incorrect ...").
    pub truncated: bool,
    /// Whether the text had a time part (DATETIME) or only a date.
    pub has_time: bool,
}

/// The largest TIME, in whole seconds (838:59:59).
const TIME_MAX_SECONDS: u64 = 838 * 3600 + 59 * 60 + 59;

fn is_leap(y: u32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// Days in month `m` (1-12) of year `y`.
pub fn days_in_month(y: u32, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(y) => 29,
        2 => 28,
        _ => 0,
    }
}

impl DateTime {
    /// Whether the date is a real, non-zero calendar date in MySQL's range (1000-9999 is
    /// only "supported"; MySQL accepts years 0-9999 in casts, but no zero month or day).
    fn is_valid(&self) -> bool {
        self.year <= 9999
            && (1..=12).contains(&self.month)
            && self.day >= 1
            && self.day <= days_in_month(self.year, self.month)
            && self.hour < 24
            && self.minute < 60
            && self.second < 60
    }

    /// Rounds the microseconds to `fsp` digits, carrying into seconds and, through a day
    /// number, into the date. None past 9999-12-31 23:59:59.
    pub fn round(self, fsp: u8) -> Option<DateTime> {
        let (micros, carry) = round_micros(self.micros, fsp);
        if !carry {
            return Some(DateTime { micros, ..self });
        }
        let secs =
            u64::from(self.hour) * 3600 + u64::from(self.minute) * 60 + u64::from(self.second) + 1;
        let mut days = days_from_civil(self.year, self.month, self.day);
        let secs = if secs == 86_400 {
            days += 1;
            0
        } else {
            secs
        };
        let (year, month, day) = civil_from_days(days);
        let dt = DateTime {
            year,
            month,
            day,
            hour: (secs / 3600) as u32,
            minute: (secs / 60 % 60) as u32,
            second: (secs % 60) as u32,
            micros,
        };
        (dt.year <= 9999).then_some(dt)
    }

    /// `YYYY-MM-DD`
    pub fn date_text(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `YYYY-MM-DD hh:mm:ss[.ffffff]` with `fsp` fractional digits.
    pub fn datetime_text(&self, fsp: u8) -> String {
        format!(
            "{} {:02}:{:02}:{:02}{}",
            self.date_text(),
            self.hour,
            self.minute,
            self.second,
            fraction_text(self.micros, fsp)
        )
    }
}

impl Time {
    /// Rounds to `fsp` digits, clipping at 838:59:59 (the bool says it was clipped).
    pub fn round(self, fsp: u8) -> (Time, bool) {
        let (micros, carry) = round_micros(self.micros, fsp);
        let secs = self.total_seconds() + u64::from(carry);
        Time::from_seconds(self.negative, secs, micros)
    }

    fn total_seconds(&self) -> u64 {
        u64::from(self.hours) * 3600 + u64::from(self.minute) * 60 + u64::from(self.second)
    }

    /// A time of `secs` seconds and `micros`, clipped to the TIME range.
    fn from_seconds(negative: bool, secs: u64, micros: u32) -> (Time, bool) {
        let (secs, micros, clipped) = if secs > TIME_MAX_SECONDS {
            (TIME_MAX_SECONDS, 0, true)
        } else {
            (secs, micros, false)
        };
        let t = Time {
            negative: negative && (secs > 0 || micros > 0),
            hours: (secs / 3600) as u32,
            minute: (secs / 60 % 60) as u32,
            second: (secs % 60) as u32,
            micros,
        };
        (t, clipped)
    }

    /// `[-]hh:mm:ss[.ffffff]` (hours take three digits past 99).
    pub fn text(&self, fsp: u8) -> String {
        format!(
            "{}{:02}:{:02}:{:02}{}",
            if self.negative { "-" } else { "" },
            self.hours,
            self.minute,
            self.second,
            fraction_text(self.micros, fsp)
        )
    }
}

/// Microseconds rounded half up to `fsp` digits (and back to microseconds), and whether the
/// rounding carried into the next second.
fn round_micros(micros: u32, fsp: u8) -> (u32, bool) {
    let unit = 10u32.pow(6 - u32::from(fsp.min(6)));
    let rounded = (micros + unit / 2) / unit * unit;
    if rounded >= 1_000_000 {
        (0, true)
    } else {
        (rounded, false)
    }
}

fn fraction_text(micros: u32, fsp: u8) -> String {
    if fsp == 0 {
        return String::new();
    }
    let digits = format!("{micros:06}");
    format!(".{}", &digits[..usize::from(fsp.min(6))])
}

/// Days since 0000-03-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(y: u32, m: u32, d: u32) -> i64 {
    let y = i64::from(y) - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe
}

fn civil_from_days(z: i64) -> (u32, u32, u32) {
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y.max(0) as u32, m, d)
}

/// A two-digit year as MySQL reads it: 00-69 are 2000-2069, 70-99 are 1970-1999.
fn widen_year(y: u32, digits: usize) -> u32 {
    match (digits, y) {
        (2, 0..=69) => y + 2000,
        (2, _) => y + 1900,
        _ => y,
    }
}

/// Reads a DATE or DATETIME from text: `YYYY-MM-DD[( |T)hh:mm:ss[.ffffff]]` with any
/// punctuation as delimiters, two-digit years, or the delimiter-free forms `YYYYMMDD`,
/// `YYMMDD`, `YYYYMMDDhhmmss`, `YYMMDDhhmmss`. None where MySQL finds no valid date.
pub fn parse_datetime(text: &str) -> Option<Parsed<DateTime>> {
    let s = text.trim_start();
    let b = s.as_bytes();
    let digits_at_start = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits_at_start == 0 {
        return None;
    }
    // Delimiter-free: a year is at most four digits, so a longer first run is the whole
    // date (and time) in one.
    if digits_at_start > 4 {
        return parse_compact(s, digits_at_start);
    }
    // Delimited: year, month, day, then optionally hour, minute, second, fraction.
    let mut parts: Vec<(u32, usize)> = Vec::new();
    let mut i = 0;
    let mut micros = 0u32;
    let mut has_time = false;
    while i < b.len() && parts.len() < 6 {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() && i - start < 6 {
            i += 1;
        }
        if i == start {
            break;
        }
        let value: u32 = s[start..i].parse().ok()?;
        parts.push((value, i - start));
        if parts.len() == 6 {
            break;
        }
        // One delimiter: punctuation between parts; between date and time a space or 'T'.
        let Some(&c) = b.get(i) else { break };
        let next_is_digit = b.get(i + 1).is_some_and(u8::is_ascii_digit);
        if parts.len() == 3 {
            if (c == b' ' || c == b'T') && next_is_digit {
                has_time = true;
                i += 1;
                // Extra spaces between the date and the time are allowed.
                while i < b.len() && b[i] == b' ' {
                    i += 1;
                }
                continue;
            }
            break;
        }
        if c.is_ascii_punctuation() && next_is_digit {
            i += 1;
        } else {
            break;
        }
    }
    if parts.len() == 6 && b.get(i) == Some(&b'.') {
        let start = i + 1;
        let mut j = start;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        micros = fraction_micros(&s[start..j]);
        i = j;
    }
    if parts.len() < 3 || (parts.len() > 3 && parts.len() < 5) {
        // A date needs three parts; a time part needs at least hour and minute.
        if parts.len() < 3 {
            return None;
        }
        parts.truncate(3);
        has_time = false;
    }
    let get = |k: usize| parts.get(k).map_or(0, |p| p.0);
    let dt = DateTime {
        year: widen_year(get(0), parts[0].1),
        month: get(1),
        day: get(2),
        hour: get(3),
        minute: get(4),
        second: get(5),
        micros,
    };
    if !dt.is_valid() {
        return None;
    }
    let truncated = !s[i..].trim().is_empty();
    Some(Parsed { value: dt, truncated, has_time: has_time && parts.len() > 3 })
}

/// The delimiter-free forms, `n` leading digits of `s`.
fn parse_compact(s: &str, n: usize) -> Option<Parsed<DateTime>> {
    let d = &s[..n];
    let num = |a: usize, b: usize| d.get(a..b).and_then(|x| x.parse::<u32>().ok());
    let (year_digits, has_time) = match n {
        8 => (4, false),
        6 => (2, false),
        14 => (4, true),
        12 => (2, true),
        _ => return None,
    };
    let y = num(0, year_digits)?;
    let rest = year_digits;
    let mut dt = DateTime {
        year: widen_year(y, year_digits),
        month: num(rest, rest + 2)?,
        day: num(rest + 2, rest + 4)?,
        hour: 0,
        minute: 0,
        second: 0,
        micros: 0,
    };
    let mut i = n;
    if has_time {
        dt.hour = num(rest + 4, rest + 6)?;
        dt.minute = num(rest + 6, rest + 8)?;
        dt.second = num(rest + 8, rest + 10)?;
        if s.as_bytes().get(n) == Some(&b'.') {
            let frac: String = s[n + 1..].chars().take_while(char::is_ascii_digit).collect();
            dt.micros = fraction_micros(&frac);
            i = n + 1 + frac.len();
        }
    }
    if !dt.is_valid() {
        return None;
    }
    Some(Parsed { value: dt, truncated: !s[i..].trim().is_empty(), has_time })
}

/// A fraction's digits as microseconds, rounding a seventh digit and beyond.
fn fraction_micros(digits: &str) -> u32 {
    let mut padded: String = digits.chars().take(7).collect();
    while padded.len() < 7 {
        padded.push('0');
    }
    let seven: u32 = padded.parse().unwrap_or(0);
    // Rounding may reach 1000000; the caller's rounding to fsp carries it.
    ((seven + 5) / 10).min(999_999)
}

/// A number read as a date (`number_to_datetime`): YYYYMMDD, YYMMDD, YYYYMMDDhhmmss,
/// YYMMDDhhmmss, with short forms padded on the left.
pub fn datetime_from_number(n: u64, micros: u32) -> Option<Parsed<DateTime>> {
    let text = n.to_string();
    let padded = match text.len() {
        1..=6 => format!("{n:06}"),
        7..=8 => format!("{n:08}"),
        9..=12 => format!("{n:012}"),
        13..=14 => format!("{n:014}"),
        _ => return None,
    };
    let mut p = parse_compact(&padded, padded.len())?;
    p.value.micros = micros;
    Some(p)
}

/// Reads a TIME from text: `[-][D ]hh:mm[:ss[.ffffff]]`, `[-]hhmmss[.ffffff]` (fewer digits
/// are seconds, then minutes), or a full datetime (its time of day). The bool says the value
/// was clipped to the TIME range. None where no time can be read.
pub fn parse_time(text: &str) -> Option<(Parsed<Time>, bool)> {
    let s = text.trim();
    // A datetime's time of day.
    if let Some(p) = parse_datetime(s).filter(|p| p.has_time && s.len() >= 14) {
        let t = Time {
            negative: false,
            hours: p.value.hour,
            minute: p.value.minute,
            second: p.value.second,
            micros: p.value.micros,
        };
        return Some((Parsed { value: t, truncated: p.truncated, has_time: true }, false));
    }
    let (negative, body) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let b = body.as_bytes();
    let lead = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if lead == 0 {
        return None;
    }
    let mut i = lead;
    let (mut days, mut hours, minute, second);
    if b.get(i) == Some(&b' ') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        // `D hh:mm:ss`
        days = body[..lead].parse::<u64>().ok()?;
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        hours = body[start..i].parse::<u64>().ok()?;
        let (m, s2, next) = minutes_seconds(body, i)?;
        minute = m;
        second = s2;
        i = next;
    } else if b.get(i) == Some(&b':') {
        days = 0;
        hours = body[..lead].parse::<u64>().ok()?;
        let (m, s2, next) = minutes_seconds(body, i)?;
        minute = m;
        second = s2;
        i = next;
    } else {
        // hhmmss: the last two digits are seconds, the two before minutes.
        days = 0;
        let n = body[..lead].parse::<u64>().ok()?;
        second = (n % 100) as u32;
        minute = (n / 100 % 100) as u32;
        hours = n / 10_000;
    }
    let mut micros = 0;
    if b.get(i) == Some(&b'.') {
        let start = i + 1;
        let mut j = start;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        micros = fraction_micros(&body[start..j]);
        i = j;
    }
    if minute > 59 || second > 59 {
        return None;
    }
    hours = hours.saturating_add(days.saturating_mul(24));
    days = 0;
    let _ = days;
    let secs = hours.saturating_mul(3600) + u64::from(minute) * 60 + u64::from(second);
    let (t, clipped) = Time::from_seconds(negative, secs, micros);
    let truncated = !body[i..].trim().is_empty();
    Some((Parsed { value: t, truncated, has_time: true }, clipped))
}

/// After `hh` at `i` (a ':'): `:mm[:ss]`, returning minutes, seconds and where it ended.
fn minutes_seconds(body: &str, mut i: usize) -> Option<(u32, u32, usize)> {
    let b = body.as_bytes();
    let read = |i: &mut usize| -> Option<u32> {
        if b.get(*i) != Some(&b':') || !b.get(*i + 1).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        *i += 1;
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() && *i - start < 2 {
            *i += 1;
        }
        body[start..*i].parse().ok()
    };
    let minute = read(&mut i)?;
    let second = read(&mut i).unwrap_or(0);
    Some((minute, second, i))
}

/// A number read as a TIME (`[-]hhmmss`), with its fraction in microseconds; a number of
/// eleven digits or more is a datetime and gives its time of day (`number_to_time`).
pub fn time_from_number(negative: bool, n: u64, micros: u32) -> Option<(Time, bool)> {
    if n >= 10_000_000_000 && !negative {
        let p = datetime_from_number(n, micros)?;
        let d = p.value;
        let t = Time { negative: false, hours: d.hour, minute: d.minute, second: d.second, micros };
        return Some((t, false));
    }
    let second = (n % 100) as u32;
    let minute = (n / 100 % 100) as u32;
    if minute > 59 || second > 59 {
        return None;
    }
    let secs = (n / 10_000).saturating_mul(3600) + u64::from(minute) * 60 + u64::from(second);
    Some(Time::from_seconds(negative, secs, micros))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dt(s: &str) -> Option<String> {
        parse_datetime(s).map(|p| p.value.datetime_text(6))
    }

    #[test]
    fn dates_in_their_written_forms() {
        assert_eq!(dt("2024-01-15").as_deref(), Some("2024-01-15 00:00:00.000000"));
        assert_eq!(dt("2024/1/5 7:08:09.5").as_deref(), Some("2024-01-05 07:08:09.500000"));
        assert_eq!(dt("24-01-15").as_deref(), Some("2024-01-15 00:00:00.000000"));
        assert_eq!(dt("99-01-15").as_deref(), Some("1999-01-15 00:00:00.000000"));
        assert_eq!(dt("20240115").as_deref(), Some("2024-01-15 00:00:00.000000"));
        assert_eq!(dt("20240115103000").as_deref(), Some("2024-01-15 10:30:00.000000"));
        assert_eq!(dt("2024-01-15T10:30:00").as_deref(), Some("2024-01-15 10:30:00.000000"));
        assert!(dt("2023-02-29").is_none(), "not a leap year");
        assert!(dt("2024-02-29").is_some());
        assert!(dt("abc").is_none() && dt("0000-00-00").is_none() && dt("2024-13-01").is_none());
        assert!(parse_datetime("2024-01-15 xyz").is_some_and(|p| p.truncated));
        assert!(parse_datetime("2024-01-15  ").is_some_and(|p| !p.truncated));
    }

    #[test]
    fn rounding_carries_into_the_date() {
        let p = parse_datetime("2023-12-31 23:59:59.5").unwrap();
        assert_eq!(p.value.round(0).unwrap().datetime_text(0), "2024-01-01 00:00:00");
        assert_eq!(p.value.round(1).unwrap().datetime_text(1), "2023-12-31 23:59:59.5");
        assert!(parse_datetime("9999-12-31 23:59:59.9").unwrap().value.round(0).is_none());
    }

    #[test]
    fn times() {
        let t = |s: &str| parse_time(s).map(|(p, clipped)| (p.value.round(0).0.text(0), clipped));
        assert_eq!(t("10:11:12"), Some(("10:11:12".into(), false)));
        assert_eq!(t("101112"), Some(("10:11:12".into(), false)));
        assert_eq!(t("1112"), Some(("00:11:12".into(), false)));
        assert_eq!(t("-1:02"), Some(("-01:02:00".into(), false)));
        assert_eq!(t("2 03:00:00"), Some(("51:00:00".into(), false)));
        assert_eq!(t("900:00:00"), Some(("838:59:59".into(), true)));
        assert_eq!(t("2024-01-15 10:11:12"), Some(("10:11:12".into(), false)));
        assert_eq!(t("12:00:00.5"), Some(("12:00:01".into(), false)));
        assert!(t("abc").is_none() && t("10:75:00").is_none());
        let n = |v: u64| time_from_number(false, v, 0).map(|(t, clipped)| (t.text(0), clipped));
        assert_eq!(n(101_112), Some(("10:11:12".into(), false)));
        assert_eq!(n(20_240_115), Some(("838:59:59".into(), true)));
        assert_eq!(n(20_240_115_101_112), Some(("10:11:12".into(), false)));
    }

    #[test]
    fn numbers_as_dates() {
        let d = |n: u64| datetime_from_number(n, 0).map(|p| p.value.date_text());
        assert_eq!(d(20240115).as_deref(), Some("2024-01-15"));
        assert_eq!(d(240115).as_deref(), Some("2024-01-15"));
        // MySQL pads short numbers on the left: 123 is 000123, 2000-01-23.
        assert_eq!(d(123).as_deref(), Some("2000-01-23"));
        assert_eq!(d(50), None);
    }
}
