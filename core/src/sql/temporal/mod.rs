//! MySQL's date and time functions (the manual's "Date and Time Functions" page): reading
//! arguments as dates, datetimes and times, and the functions themselves. The calendar is in
//! `calendar.rs`, INTERVAL units and arithmetic in `interval.rs`, DATE_FORMAT / STR_TO_DATE
//! in `format.rs`; text parsing is shared with CAST (`cast/temporal.rs`).
//!
//! Values stay MySQL's canonical text (`Value::Str`), so these simplifications hold
//! throughout, each marked where it is made:
//! - an argument's fractional-second precision is the number of digits its text has (MySQL
//!   takes a constant's typed digits too, and a column's declared precision, which its
//!   canonical text shows);
//! - functions whose result type follows a string argument (DATE_ADD, ADDTIME) show six
//!   fractional digits when the microseconds are not zero, none otherwise, as MySQL does for
//!   a string argument; a DATETIME(3) column's `.000` is not kept;
//! - a string is read as MySQL reads a string: a TIME column's value given to DATE_ADD is
//!   taken as text (MySQL would use its TIME type);
//! - zero dates and dates with zero parts are refused (the default sql_mode has
//!   NO_ZERO_DATE and NO_ZERO_IN_DATE), with warning 1292.

pub mod binding;
pub mod calendar;
pub mod format;
pub mod interval;

use super::cast::temporal::{self as parse, DateTime};
use super::context::EvalContext;
use super::functions::Builtin;
use crate::error::{MySqlError, Result, Warning};
use crate::storage::value::{Decimal, Value};
use interval::{Interval, Unit};

/// The largest TIME in microseconds (838:59:59).
const TIME_MAX_US: i64 = (838 * 3600 + 59 * 60 + 59) * 1_000_000;
const US_PER_DAY: i64 = 86_400_000_000;

/// A temporal argument as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Temporal {
    /// A date or datetime, whether it had a time part, and its fractional digits.
    Date(DateTime, bool, u8),
    /// A TIME in signed microseconds and its fractional digits.
    Time(i64, u8),
}

fn shown(v: &Value) -> String {
    v.to_text().unwrap_or_else(|| "NULL".into())
}

/// Fractional digits typed in a temporal text (at most 6).
fn frac_digits(s: &str) -> u8 {
    let t = s.trim_end();
    match t.rfind('.') {
        Some(at) if t[..at].contains(':') || t[..at].len() >= 14 => {
            let d = t[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
            d.min(6) as u8
        }
        _ => 0,
    }
}

/// Fractional digits of a number argument (its decimals, at most 6; a double has 6).
fn number_digits(v: &Value) -> u8 {
    match v {
        Value::Decimal(d) => d.scale.min(6),
        Value::Double(_) => 6,
        Value::Str(s) => s.trim().rsplit_once('.').map_or(0, |(_, f)| f.len().min(6) as u8),
        _ => 0,
    }
}

/// A number's whole part and microseconds (truncated), with its sign.
fn number_parts(v: &Value) -> Option<(bool, u64, u32)> {
    let d = v.to_decimal()?;
    let neg = d.mantissa < 0;
    let d6 = Decimal::new(d.mantissa.abs(), d.scale);
    let whole = d6.mantissa / 10i128.pow(u32::from(d6.scale));
    let frac = if d6.scale > 6 {
        (d6.mantissa % 10i128.pow(u32::from(d6.scale))) / 10i128.pow(u32::from(d6.scale - 6))
    } else {
        (d6.mantissa % 10i128.pow(u32::from(d6.scale))) * 10i128.pow(u32::from(6 - d6.scale))
    };
    Some((neg, u64::try_from(whole).ok()?, frac as u32))
}

/// A value as a date or datetime (`get_date`): None, with warning 1292, where it is none.
fn read_date(v: &Value, cx: &mut dyn EvalContext) -> Option<(DateTime, bool, u8)> {
    if let Value::Bin(_) = v {
        return read_date(&Value::Str(v.to_text().unwrap_or_default()), cx);
    }
    let parsed = match v {
        Value::Null => return None,
        // A binary string was read as its text above.
        Value::Bin(_) => return None,
        Value::Str(s) => parse::parse_datetime(s).map(|p| (p, frac_digits(s))),
        Value::Int(_) | Value::UInt(_) | Value::Decimal(_) | Value::Double(_) => number_parts(v)
            .and_then(|(neg, n, us)| {
                if neg {
                    return None;
                }
                parse::datetime_from_number(n, us).map(|p| (p, number_digits(v)))
            }),
    };
    match parsed {
        Some((p, fsp)) => {
            if p.truncated {
                cx.warn(Warning::truncated_value("datetime", &shown(v)));
            }
            Some((p.value, p.has_time, fsp))
        }
        None => {
            cx.warn(Warning::incorrect_value(1292, "datetime", &shown(v)));
            None
        }
    }
}

/// A value as a TIME (`get_time`): a datetime gives its time of day. None, with warning
/// 1292, where it is none; a value past 838:59:59 is clipped with the same warning.
fn read_time(v: &Value, cx: &mut dyn EvalContext) -> Option<(i64, u8)> {
    let parsed = match v {
        Value::Null => return None,
        // A date without a time of day is the time 00:00:00 (`str_to_time` reads the date).
        Value::Str(s) if is_date_text(s) => return Some((0, 0)),
        Value::Str(s) => parse::parse_time(s)
            .map(|(p, clipped)| (p.value, p.truncated || clipped, frac_digits(s))),
        _ => number_parts(v).and_then(|(neg, n, us)| {
            parse::time_from_number(neg, n, us).map(|(t, c)| (t, c, number_digits(v)))
        }),
    };
    match parsed {
        Some((t, warn, fsp)) => {
            if warn {
                cx.warn(Warning::truncated_value("time", &shown(v)));
            }
            let us = (i64::from(t.hours) * 3600 + i64::from(t.minute) * 60 + i64::from(t.second))
                * 1_000_000
                + i64::from(t.micros);
            Some((if t.negative { -us } else { us }, fsp))
        }
        None => {
            cx.warn(Warning::truncated_value("time", &shown(v)));
            None
        }
    }
}

/// Whether a text is a delimited date without a time part ('2024-01-15', '2024/1/5').
fn is_date_text(s: &str) -> bool {
    let t = s.trim();
    t.len() >= 8
        && !t.contains(':')
        && t.bytes().any(|c| c.is_ascii_punctuation())
        && parse::parse_datetime(t).is_some_and(|p| !p.has_time)
}

/// A value that may be a datetime or a time (ADDTIME, TIMEDIFF): a string with a date part
/// is a datetime, any other a time.
fn read_any(v: &Value, cx: &mut dyn EvalContext) -> Option<Temporal> {
    if let Value::Str(s) = v {
        let t = s.trim();
        if let Some(p) = parse::parse_datetime(t) {
            let dated = if p.has_time { t.len() >= 14 } else { t.len() >= 8 && !t.contains(':') };
            if dated {
                if p.truncated {
                    cx.warn(Warning::truncated_value("datetime", s));
                }
                return Some(Temporal::Date(p.value, p.has_time, frac_digits(t)));
            }
        }
    }
    read_time(v, cx).map(|(us, fsp)| Temporal::Time(us, fsp))
}

/// A value read as a TIME, as signed microseconds: what a comparison with a TIME column and
/// an ORDER BY of one compare (the column keeps the time's text, whose order is not the
/// time's past 99 hours or below zero). NULL where no time can be read. Simplification:
/// a value that is a datetime gives its time of day (MySQL compares a TIME column with a
/// DATETIME as datetimes, on the current date).
pub fn time_key(v: &Value) -> Value {
    use crate::sql::cast::temporal::{parse_time, time_from_number};
    if let Value::Bin(_) = v {
        return time_key(&Value::Str(v.to_text().unwrap_or_default()));
    }
    let t = match v {
        Value::Str(s) => parse_time(s).map(|(p, _)| p.value),
        Value::Int(i) => time_from_number(*i < 0, i.unsigned_abs(), 0).map(|x| x.0),
        Value::UInt(u) => time_from_number(false, *u, 0).map(|x| x.0),
        Value::Decimal(d) => {
            let whole = (d.mantissa / 10i128.pow(u32::from(d.scale))).unsigned_abs();
            let frac = d.rescale(6).mantissa.unsigned_abs() % 1_000_000;
            u64::try_from(whole)
                .ok()
                .and_then(|n| time_from_number(d.mantissa < 0, n, frac as u32))
                .map(|x| x.0)
        }
        Value::Double(d) => {
            let a = d.abs();
            let micros = (((a - a.trunc()) * 1e6).round() as u32).min(999_999);
            time_from_number(*d < 0.0, a.trunc() as u64, micros).map(|x| x.0)
        }
        Value::Null => None,
        // A binary string was read as its text above.
        Value::Bin(_) => None,
    };
    match t {
        Some(t) => {
            let secs = i64::from(t.hours) * 3600 + i64::from(t.minute) * 60 + i64::from(t.second);
            let us = secs * 1_000_000 + i64::from(t.micros);
            Value::Int(if t.negative { -us } else { us })
        }
        None => Value::Null,
    }
}

/// A TIME column's value as a number (`t + 0`): hhmmss, with the column's fractional
/// digits as a DECIMAL's scale (12:34:56.5 in a TIME(1) is 123456.5).
pub fn time_number(v: &Value) -> Value {
    let Value::Str(s) = v else { return v.clone() };
    let Some((p, _)) = crate::sql::cast::temporal::parse_time(s) else { return Value::Null };
    let t = p.value;
    let whole = i128::from(t.hours) * 10_000 + i128::from(t.minute) * 100 + i128::from(t.second);
    let digits = s.split_once('.').map_or(0, |(_, f)| f.len().min(6)) as u8;
    let sign = if t.negative { -1 } else { 1 };
    if digits == 0 {
        return Value::Int((sign * whole) as i64);
    }
    let frac = i128::from(t.micros) / 10i128.pow(6 - u32::from(digits));
    Value::Decimal(Decimal::new(sign * (whole * 10i128.pow(u32::from(digits)) + frac), digits))
}

/// `[-]hh:mm:ss[.f]` of a TIME in microseconds.
pub fn time_text(us: i64, fsp: u8) -> String {
    let a = us.unsigned_abs();
    let secs = a / 1_000_000;
    let mut s = format!(
        "{}{:02}:{:02}:{:02}",
        if us < 0 { "-" } else { "" },
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    );
    push_fraction(&mut s, (a % 1_000_000) as u32, fsp);
    s
}

fn push_fraction(s: &mut String, micros: u32, fsp: u8) {
    if fsp > 0 {
        let digits = format!("{micros:06}");
        s.push('.');
        s.push_str(&digits[..usize::from(fsp.min(6))]);
    }
}

/// A TIME clipped to ±838:59:59 (MySQL warns "Truncated incorrect time value").
fn clip_time(us: i64, cx: &mut dyn EvalContext, shown: impl FnOnce() -> String) -> i64 {
    if us.abs() > TIME_MAX_US {
        cx.warn(Warning::truncated_value("time", &shown()));
        return TIME_MAX_US * us.signum();
    }
    us
}

/// Six digits when there are microseconds, none otherwise (a string result's form).
fn auto_fsp(micros: u32) -> u8 {
    if micros == 0 {
        0
    } else {
        6
    }
}

fn datetime_overflow(cx: &mut dyn EvalContext) {
    cx.warn(Warning {
        level: "Warning",
        code: 1441,
        message: "Datetime function: datetime field overflow".into(),
    });
}

fn int(n: i64) -> Value {
    Value::Int(n)
}

fn arity(f: Builtin, n: usize, min: usize, max: usize) -> Result<()> {
    if n < min || n > max {
        return Err(MySqlError::wrong_parameter_count(f.name()));
    }
    Ok(())
}

fn unit_of(v: &Value) -> Option<Unit> {
    v.to_i64().and_then(Unit::from_code)
}

/// Seconds since 1970 of `d` in the session's time zone (UTC: `time_zone` is SYSTEM and
/// the simulated host's zone is UTC).
pub(crate) fn unix_seconds(d: &DateTime) -> i64 {
    (calendar::daynr(d.year, d.month, d.day) - calendar::daynr(1970, 1, 1)) * 86_400
        + i64::from(d.hour) * 3600
        + i64::from(d.minute) * 60
        + i64::from(d.second)
}

/// The clock functions: NOW / CURTIME / CURDATE and their synonyms, with fsp.
pub fn clock(f: Builtin, args: &[&Value], cx: &mut dyn EvalContext) -> Result<Value> {
    use Builtin as B;
    let date_only = matches!(f, B::Curdate | B::CurrentDate | B::UtcDate);
    arity(f, args.len(), 0, if date_only { 0 } else { 1 })?;
    let fsp = match args.first() {
        None => 0,
        Some(v) => {
            let n = v.to_i64().unwrap_or(0);
            let name = match f {
                B::CurrentTimestamp | B::Localtime | B::Localtimestamp => "now",
                B::CurrentTime => "curtime",
                other => other.name(),
            };
            if !(0..=6).contains(&n) {
                return Err(MySqlError::too_big_precision(
                    n.max(0) as u64,
                    &name.to_ascii_lowercase(),
                    6,
                ));
            }
            n as u8
        }
    };
    let at = if f == B::Sysdate { cx.unix_micros() } else { cx.statement_micros() };
    let us = at + calendar::daynr(1970, 1, 1) * US_PER_DAY;
    let Some(mut d) = interval::from_micros(us) else { return Ok(Value::Null) };
    // NOW(fsp) cuts the clock's microseconds to fsp digits.
    let unit = 10u32.pow(6 - u32::from(fsp));
    d.micros = d.micros / unit * unit;
    Ok(Value::Str(match f {
        B::Curdate | B::CurrentDate | B::UtcDate => d.date_text(),
        B::Curtime | B::CurrentTime | B::UtcTime => {
            let mut s = format!("{:02}:{:02}:{:02}", d.hour, d.minute, d.second);
            push_fraction(&mut s, d.micros, fsp);
            s
        }
        _ => d.datetime_text(fsp),
    }))
}

/// Calls one of the date and time functions.
pub fn call(f: Builtin, args: &[&Value], cx: &mut dyn EvalContext) -> Result<Value> {
    use Builtin as B;
    let n = args.len();
    match f {
        B::Date
        | B::Year
        | B::Month
        | B::Day
        | B::Dayofmonth
        | B::Dayname
        | B::Monthname
        | B::Dayofweek
        | B::Weekday
        | B::Dayofyear
        | B::Quarter
        | B::LastDay
        | B::ToDays
        | B::ToSeconds
        | B::Weekofyear => {
            arity(f, n, 1, 1)?;
            Ok(match read_date(args[0], cx) {
                None => Value::Null,
                Some((d, _, _)) => date_part(f, &d),
            })
        }
        B::Week | B::Yearweek => {
            arity(f, n, 1, 2)?;
            let mode = match args.get(1) {
                Some(m) if m.is_null() => return Ok(Value::Null),
                Some(m) => m.to_i64().unwrap_or(0) as u32,
                // default_week_format is 0.
                None => 0,
            };
            let Some((d, _, _)) = read_date(args[0], cx) else { return Ok(Value::Null) };
            Ok(if f == B::Week {
                int(i64::from(
                    calendar::calc_week(d.year, d.month, d.day, calendar::week_mode(mode)).0,
                ))
            } else {
                let flags = calendar::week_mode(mode) | calendar::WEEK_YEAR;
                let (w, y) = calendar::calc_week(d.year, d.month, d.day, flags);
                int(i64::from(y) * 100 + i64::from(w))
            })
        }
        B::Hour | B::Minute | B::Second | B::Microsecond | B::TimeToSec => {
            arity(f, n, 1, 1)?;
            let Some((us, fsp)) = read_time(args[0], cx) else { return Ok(Value::Null) };
            let a = us.unsigned_abs();
            let secs = (a / 1_000_000) as i64;
            Ok(match f {
                B::Hour => int(secs / 3600),
                B::Minute => int(secs / 60 % 60),
                B::Second => int(secs % 60),
                B::Microsecond => int((a % 1_000_000) as i64),
                _ if fsp == 0 || a % 1_000_000 == 0 => int(if us < 0 { -secs } else { secs }),
                _ => Value::Decimal(Decimal::new(i128::from(us), 6).rescale(fsp)),
            })
        }
        B::Time => {
            arity(f, n, 1, 1)?;
            Ok(match read_time(args[0], cx) {
                None => Value::Null,
                Some((us, fsp)) => Value::Str(time_text(us, fsp)),
            })
        }
        B::Timestamp => {
            arity(f, n, 1, 2)?;
            let Some((d, _, fsp)) = read_date(args[0], cx) else { return Ok(Value::Null) };
            let (add, fsp2) = match args.get(1) {
                None => (0, 0),
                Some(t) => match read_time(t, cx) {
                    None => return Ok(Value::Null),
                    Some(x) => x,
                },
            };
            let fsp = fsp.max(fsp2);
            Ok(match interval::from_micros(interval::to_micros(&d) + add) {
                Some(r) => Value::Str(r.datetime_text(fsp)),
                None => Value::Null,
            })
        }
        B::Makedate => {
            arity(f, n, 2, 2)?;
            let (Some(y), Some(doy)) = (args[0].to_i64(), args[1].to_i64()) else {
                return Ok(Value::Null);
            };
            if doy <= 0 || !(0..=9999).contains(&y) {
                return Ok(Value::Null);
            }
            let y = match y {
                0..=69 => y + 2000,
                70..=99 => y + 1900,
                _ => y,
            } as u32;
            let nr = calendar::daynr(y, 1, 1) + doy - 1;
            if nr > calendar::DAYNR_MAX {
                return Ok(Value::Null);
            }
            let (y, m, d) = calendar::from_daynr(nr);
            Ok(Value::Str(format!("{y:04}-{m:02}-{d:02}")))
        }
        B::Maketime => {
            arity(f, n, 3, 3)?;
            let (Some(h), Some(m), Some((sneg, s, us))) =
                (args[0].to_i64(), args[1].to_i64(), number_parts(args[2]))
            else {
                return Ok(Value::Null);
            };
            if !(0..60).contains(&m) || sneg || s > 59 {
                return Ok(Value::Null);
            }
            let fsp = number_digits(args[2]);
            let total = (i128::from(h.unsigned_abs()) * 3600 + i128::from(m) * 60 + i128::from(s))
                * 1_000_000
                + i128::from(us);
            let total = i64::try_from(total.min(i128::from(i64::MAX / 2))).unwrap_or(i64::MAX / 2);
            let signed = if h < 0 { -total } else { total };
            let shown = || {
                format!("{}{:02}:{:02}:{:02}", if h < 0 { "-" } else { "" }, h.unsigned_abs(), m, s)
            };
            let clipped = clip_time(signed, cx, shown);
            Ok(Value::Str(time_text(clipped, fsp)))
        }
        B::FromDays => {
            arity(f, n, 1, 1)?;
            let Some(nr) = args[0].to_i64() else { return Ok(Value::Null) };
            let (y, m, d) = calendar::from_daynr(nr);
            Ok(Value::Str(format!("{y:04}-{m:02}-{d:02}")))
        }
        B::SecToTime => {
            arity(f, n, 1, 1)?;
            let Some((neg, s, us)) = number_parts(args[0]) else { return Ok(Value::Null) };
            let total =
                i64::try_from(u128::from(s) * 1_000_000 + u128::from(us)).unwrap_or(i64::MAX);
            let signed = if neg { -total } else { total };
            let v = args[0];
            let clipped = clip_time(signed, cx, || shown(v));
            Ok(Value::Str(time_text(clipped, number_digits(args[0]))))
        }
        B::Datediff => {
            arity(f, n, 2, 2)?;
            let a = read_date(args[0], cx);
            let b = read_date(args[1], cx);
            Ok(match (a, b) {
                (Some((a, _, _)), Some((b, _, _))) => int(calendar::daynr(a.year, a.month, a.day)
                    - calendar::daynr(b.year, b.month, b.day)),
                _ => Value::Null,
            })
        }
        B::Timediff => {
            arity(f, n, 2, 2)?;
            let (Some(a), Some(b)) = (read_any(args[0], cx), read_any(args[1], cx)) else {
                return Ok(Value::Null);
            };
            let (diff, fsp) = match (a, b) {
                (Temporal::Time(x, f1), Temporal::Time(y, f2)) => (x - y, f1.max(f2)),
                (Temporal::Date(x, _, f1), Temporal::Date(y, _, f2)) => {
                    (interval::to_micros(&x) - interval::to_micros(&y), f1.max(f2))
                }
                // A TIME and a DATETIME: MySQL returns NULL.
                _ => return Ok(Value::Null),
            };
            let clipped = clip_time(diff, cx, || time_text(diff, fsp));
            Ok(Value::Str(time_text(clipped, fsp)))
        }
        B::Addtime | B::Subtime => {
            arity(f, n, 2, 2)?;
            let (Some(a), Some((t, _))) = (read_any(args[0], cx), read_time(args[1], cx)) else {
                return Ok(Value::Null);
            };
            let t = if f == B::Subtime { -t } else { t };
            Ok(match a {
                Temporal::Date(d, _, _) => {
                    match interval::from_micros(interval::to_micros(&d) + t) {
                        Some(r) => Value::Str(r.datetime_text(auto_fsp(r.micros))),
                        None => Value::Null,
                    }
                }
                Temporal::Time(x, _) => {
                    let sum = x + t;
                    let clipped = clip_time(sum, cx, || time_text(sum, 6));
                    Value::Str(time_text(
                        clipped,
                        auto_fsp((clipped.unsigned_abs() % 1_000_000) as u32),
                    ))
                }
            })
        }
        B::DateAdd | B::DateSub | B::Adddate | B::Subdate | B::Timestampadd => {
            add_interval(f, args, cx)
        }
        B::Timestampdiff => {
            arity(f, n, 3, 3)?;
            let Some(unit) = unit_of(args[0]) else { return Ok(Value::Null) };
            let (Some((a, _, _)), Some((b, _, _))) =
                (read_date(args[1], cx), read_date(args[2], cx))
            else {
                return Ok(Value::Null);
            };
            Ok(int(timestampdiff(unit, &a, &b)))
        }
        B::Extract => {
            arity(f, n, 2, 2)?;
            let Some(unit) = unit_of(args[0]) else { return Ok(Value::Null) };
            extract(unit, args[1], cx)
        }
        B::DateFormat | B::TimeFormat => {
            arity(f, n, 2, 2)?;
            let Some(fmt) = args[1].to_text() else { return Ok(Value::Null) };
            let parts = if f == B::DateFormat {
                match read_date(args[0], cx) {
                    None => return Ok(Value::Null),
                    Some((d, _, _)) => parts_of(&d),
                }
            } else {
                match read_any(args[0], cx) {
                    None => return Ok(Value::Null),
                    Some(Temporal::Date(d, _, _)) => {
                        format::Parts { year: 0, month: 0, day: 0, ..parts_of(&d) }
                    }
                    Some(Temporal::Time(us, _)) => time_parts(us),
                }
            };
            Ok(format::format(&parts, &fmt, f == B::TimeFormat).map_or(Value::Null, Value::Str))
        }
        B::StrToDate => {
            arity(f, n, 2, 2)?;
            let (Some(text), Some(fmt)) = (args[0].to_text(), args[1].to_text()) else {
                return Ok(Value::Null);
            };
            Ok(str_to_date(&text, &fmt, cx))
        }
        B::GetFormat => {
            arity(f, n, 2, 2)?;
            let (Some(kind), Some(locale)) = (args[0].to_text(), args[1].to_text()) else {
                return Ok(Value::Null);
            };
            Ok(format::get_format(&kind, &locale).map_or(Value::Null, |s| Value::Str(s.into())))
        }
        B::FromUnixtime => {
            arity(f, n, 1, 2)?;
            let Some((neg, secs, us)) = number_parts(args[0]) else { return Ok(Value::Null) };
            // 8.0.28+ on 64-bit platforms: up to 3001-01-19 03:14:07.999999 UTC.
            if neg || secs > 32_536_771_199 {
                return Ok(Value::Null);
            }
            let fsp = number_digits(args[0]);
            let total = (secs as i64) * 1_000_000
                + i64::from(us)
                + calendar::daynr(1970, 1, 1) * US_PER_DAY;
            let Some(mut d) = interval::from_micros(total) else { return Ok(Value::Null) };
            let unit = 10u32.pow(6 - u32::from(fsp));
            d.micros = d.micros / unit * unit;
            match args.get(1) {
                None => Ok(Value::Str(d.datetime_text(fsp))),
                Some(fmt) => Ok(match fmt.to_text() {
                    None => Value::Null,
                    Some(fmt) => {
                        format::format(&parts_of(&d), &fmt, false).map_or(Value::Null, Value::Str)
                    }
                }),
            }
        }
        B::UnixTimestamp => {
            if n == 0 {
                return Ok(int(cx.statement_micros().div_euclid(1_000_000)));
            }
            arity(f, n, 0, 1)?;
            let Some((d, _, fsp)) = read_date(args[0], cx) else { return Ok(Value::Null) };
            let secs = unix_seconds(&d);
            // Outside the TIMESTAMP range UNIX_TIMESTAMP is 0.
            if !(0..=32_536_771_199).contains(&secs) {
                return Ok(int(0));
            }
            Ok(if fsp == 0 {
                int(secs)
            } else {
                let m = i128::from(secs) * 1_000_000 + i128::from(d.micros);
                Value::Decimal(Decimal::new(m, 6).rescale(fsp))
            })
        }
        B::PeriodAdd | B::PeriodDiff => {
            arity(f, n, 2, 2)?;
            let (Some(a), Some(b)) = (args[0].to_i64(), args[1].to_i64()) else {
                return Ok(Value::Null);
            };
            if a < 0 || (f == B::PeriodDiff && b < 0) {
                // 1210 ER_WRONG_ARGUMENTS
                return Err(MySqlError::new(
                    1210,
                    "HY000",
                    format!("Incorrect arguments to {}", f.name().to_ascii_lowercase()),
                ));
            }
            Ok(if f == B::PeriodAdd {
                if a == 0 {
                    int(0)
                } else {
                    int(month_to_period(period_to_month(a) + b))
                }
            } else {
                int(period_to_month(a) - period_to_month(b))
            })
        }
        B::ConvertTz => {
            arity(f, n, 3, 3)?;
            let (Some(from), Some(to)) = (args[1].to_text(), args[2].to_text()) else {
                return Ok(Value::Null);
            };
            let Some((d, _, fsp)) = read_date(args[0], cx) else { return Ok(Value::Null) };
            // Named zones need the mysql.time_zone tables, which this server (like a server
            // whose tables were never loaded) does not have: NULL. SYSTEM is UTC here.
            let (Some(a), Some(b)) = (zone_offset(&from), zone_offset(&to)) else {
                return Ok(Value::Null);
            };
            let us = interval::to_micros(&d) - a * 1_000_000 + b * 1_000_000;
            Ok(match interval::from_micros(us) {
                // Values outside the TIMESTAMP range are returned unconverted.
                Some(r) if unix_seconds(&d) >= 0 => Value::Str(r.datetime_text(fsp)),
                _ => Value::Str(d.datetime_text(fsp)),
            })
        }
        _ => Err(MySqlError::wrong_parameter_count(f.name())),
    }
}

fn parts_of(d: &DateTime) -> format::Parts {
    format::Parts {
        neg: false,
        year: d.year,
        month: d.month,
        day: d.day,
        hour: d.hour,
        minute: d.minute,
        second: d.second,
        micros: d.micros,
    }
}

fn time_parts(us: i64) -> format::Parts {
    let a = us.unsigned_abs();
    let secs = a / 1_000_000;
    format::Parts {
        neg: us < 0,
        hour: (secs / 3600) as u32,
        minute: (secs / 60 % 60) as u32,
        second: (secs % 60) as u32,
        micros: (a % 1_000_000) as u32,
        ..Default::default()
    }
}

/// A time zone given as an offset (`'+10:00'`, `'-05:30'`) or SYSTEM, in seconds.
fn zone_offset(tz: &str) -> Option<i64> {
    if tz.eq_ignore_ascii_case("SYSTEM") {
        return Some(0);
    }
    let (sign, rest) = match tz.as_bytes().first()? {
        b'+' => (1, &tz[1..]),
        b'-' => (-1, &tz[1..]),
        _ => return None,
    };
    let (h, m) = rest.split_once(':')?;
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    if !(0..=14).contains(&h)
        || !(0..=59).contains(&m)
        || (h == 14 && m > 0)
        || (sign < 0 && h * 60 + m > 13 * 60 + 59)
    {
        return None;
    }
    Some(sign * (h * 3600 + m * 60))
}

fn period_to_month(p: i64) -> i64 {
    if p == 0 {
        return 0;
    }
    let mut year = p / 100;
    if year < 70 {
        year += 2000;
    } else if year < 100 {
        year += 1900;
    }
    year * 12 + p % 100 - 1
}

fn month_to_period(m: i64) -> i64 {
    if m <= 0 {
        return 0;
    }
    let mut year = m / 12;
    if year < 100 {
        year += if year < 70 { 2000 } else { 1900 };
    }
    year * 100 + m % 12 + 1
}

/// The single-date functions.
fn date_part(f: Builtin, d: &DateTime) -> Value {
    use Builtin as B;
    let nr = calendar::daynr(d.year, d.month, d.day);
    match f {
        B::Date => Value::Str(d.date_text()),
        B::Year => int(i64::from(d.year)),
        B::Month => int(i64::from(d.month)),
        B::Day | B::Dayofmonth => int(i64::from(d.day)),
        B::Dayname => Value::Str(calendar::DAY_NAMES[calendar::weekday(nr, false) as usize].into()),
        B::Monthname => Value::Str(calendar::MONTH_NAMES[d.month as usize - 1].into()),
        B::Dayofweek => int(i64::from(calendar::weekday(nr, true)) + 1),
        B::Weekday => int(i64::from(calendar::weekday(nr, false))),
        B::Dayofyear => int(calendar::day_of_year(d.year, d.month, d.day)),
        B::Quarter => int(i64::from(d.month.div_ceil(3))),
        B::LastDay => Value::Str(format!(
            "{:04}-{:02}-{:02}",
            d.year,
            d.month,
            calendar::days_in_month(d.year, d.month)
        )),
        B::ToDays => int(nr),
        B::ToSeconds => int(nr * 86_400
            + i64::from(d.hour) * 3600
            + i64::from(d.minute) * 60
            + i64::from(d.second)),
        B::Weekofyear => {
            int(i64::from(calendar::calc_week(d.year, d.month, d.day, calendar::week_mode(3)).0))
        }
        _ => Value::Null,
    }
}

/// DATE_ADD / DATE_SUB / ADDDATE / SUBDATE / TIMESTAMPADD. The binder passes an INTERVAL as
/// two arguments, its value and its unit's number: `(date, value, unit)`; ADDDATE(date, n)
/// and SUBDATE(date, n) add days; TIMESTAMPADD is `(unit, n, date)`.
fn add_interval(f: Builtin, args: &[&Value], cx: &mut dyn EvalContext) -> Result<Value> {
    use Builtin as B;
    let n = args.len();
    let (date, value, unit) = match (f, n) {
        (B::Timestampadd, 3) => (args[2], args[1], unit_of(args[0])),
        (B::Adddate | B::Subdate, 2) => (args[0], args[1], Some(Unit::Day)),
        (B::Timestampadd, _) => return Err(MySqlError::wrong_parameter_count(f.name())),
        (_, 3) => (args[0], args[1], unit_of(args[2])),
        _ => return Err(MySqlError::wrong_parameter_count(f.name())),
    };
    let Some(unit) = unit else { return Ok(Value::Null) };
    if value.is_null() || date.is_null() {
        return Ok(Value::Null);
    }
    let Some(iv) = interval_value(unit, value) else { return Ok(Value::Null) };
    let iv = if matches!(f, B::DateSub | B::Subdate) { iv.negate() } else { iv };
    let Some((d, has_time, fsp)) = read_date(date, cx) else { return Ok(Value::Null) };
    let Some(r) = interval::add(&d, &iv, unit) else {
        datetime_overflow(cx);
        return Ok(Value::Null);
    };
    if f == B::Timestampadd {
        // TIMESTAMPADD's result is a DATETIME unless a DATE moved by whole days or more.
        let fsp = if unit.has_micros() || iv.micros != 0 { 6 } else { fsp };
        if !has_time && unit.is_date_only() {
            return Ok(Value::Str(r.date_text()));
        }
        return Ok(Value::Str(r.datetime_text(fsp)));
    }
    // A date moved by whole days or more stays a date; otherwise a datetime, shown with
    // microseconds only when it has some (a string argument's result).
    Ok(Value::Str(if !has_time && unit.is_date_only() && !iv.has_time() {
        r.date_text()
    } else {
        r.datetime_text(auto_fsp(r.micros))
    }))
}

/// An INTERVAL's value for `unit`: simple units take an integer (rounded; SECOND keeps a
/// fraction), compound units a string of numbers.
fn interval_value(unit: Unit, v: &Value) -> Option<Interval> {
    match unit {
        Unit::Second => {
            let (neg, s, us) = number_parts(v)?;
            Interval::simple(unit, neg, s, us)
        }
        Unit::Year
        | Unit::Quarter
        | Unit::Month
        | Unit::Week
        | Unit::Day
        | Unit::Hour
        | Unit::Minute
        | Unit::Microsecond => {
            // val_int: a decimal or double rounds half away from zero.
            let n = match v {
                Value::Int(i) => *i,
                Value::UInt(u) => i64::try_from(*u).ok()?,
                other => {
                    let d = other.to_decimal()?.rescale(0);
                    i64::try_from(d.mantissa).ok()?
                }
            };
            Interval::simple(unit, n < 0, n.unsigned_abs(), 0)
        }
        _ => Interval::compound(unit, &v.to_text()?),
    }
}

/// TIMESTAMPDIFF(unit, a, b): b - a in whole units; months counted as MySQL counts them
/// (a month is complete when the day and time of day have been reached).
fn timestampdiff(unit: Unit, a: &DateTime, b: &DateTime) -> i64 {
    let diff = interval::to_micros(b) - interval::to_micros(a);
    let neg = diff < 0;
    let sign = if neg { -1 } else { 1 };
    let us = diff.unsigned_abs() as i64;
    let secs = us / 1_000_000;
    let months = || {
        let (beg, end) = if neg { (b, a) } else { (a, b) };
        let sec = |d: &DateTime| d.hour * 3600 + d.minute * 60 + d.second;
        let mut years = i64::from(end.year) - i64::from(beg.year);
        let before = end.month < beg.month || (end.month == beg.month && end.day < beg.day);
        if before {
            years -= 1;
        }
        let mut months = 12 * years;
        if before {
            months += 12 - (i64::from(beg.month) - i64::from(end.month));
        } else {
            months += i64::from(end.month) - i64::from(beg.month);
        }
        if end.day < beg.day
            || (end.day == beg.day
                && (sec(end) < sec(beg) || (sec(end) == sec(beg) && end.micros < beg.micros)))
        {
            months -= 1;
        }
        months
    };
    sign * match unit {
        Unit::Year => months() / 12,
        Unit::Quarter => months() / 3,
        Unit::Month => months(),
        Unit::Week => secs / 86_400 / 7,
        Unit::Day => secs / 86_400,
        Unit::Hour => secs / 3600,
        Unit::Minute => secs / 60,
        Unit::Second => secs,
        Unit::Microsecond => us,
        // The parser allows only the simple units here.
        _ => 0,
    }
}

/// EXTRACT(unit FROM v): date units read a date, the others a time.
fn extract(unit: Unit, v: &Value, cx: &mut dyn EvalContext) -> Result<Value> {
    let dated = matches!(
        unit,
        Unit::Year
            | Unit::Quarter
            | Unit::Month
            | Unit::Week
            | Unit::Day
            | Unit::YearMonth
            | Unit::DayHour
            | Unit::DayMinute
            | Unit::DaySecond
            | Unit::DayMicrosecond
    );
    let (d, neg, hour) = if dated {
        let Some((d, _, _)) = read_date(v, cx) else { return Ok(Value::Null) };
        (d, false, i64::from(d.hour))
    } else {
        let Some((us, _)) = read_time(v, cx) else { return Ok(Value::Null) };
        let p = time_parts(us);
        let d = DateTime {
            year: 0,
            month: 0,
            day: 0,
            hour: p.hour,
            minute: p.minute,
            second: p.second,
            micros: p.micros,
        };
        (d, p.neg, i64::from(p.hour))
    };
    let (day, min, sec, us) =
        (i64::from(d.day), i64::from(d.minute), i64::from(d.second), i64::from(d.micros));
    let r = match unit {
        Unit::Year => i64::from(d.year),
        Unit::Quarter => i64::from(d.month.div_ceil(3)),
        Unit::Month => i64::from(d.month),
        Unit::Week => {
            i64::from(calendar::calc_week(d.year, d.month, d.day, calendar::week_mode(0)).0)
        }
        Unit::Day => day,
        Unit::Hour => hour,
        Unit::Minute => min,
        Unit::Second => sec,
        Unit::Microsecond => us,
        Unit::YearMonth => i64::from(d.year) * 100 + i64::from(d.month),
        Unit::DayHour => day * 100 + hour,
        Unit::DayMinute => day * 10_000 + hour * 100 + min,
        Unit::DaySecond => day * 1_000_000 + hour * 10_000 + min * 100 + sec,
        Unit::HourMinute => hour * 100 + min,
        Unit::HourSecond => hour * 10_000 + min * 100 + sec,
        Unit::MinuteSecond => min * 100 + sec,
        Unit::DayMicrosecond => {
            (day * 1_000_000 + hour * 10_000 + min * 100 + sec) * 1_000_000 + us
        }
        Unit::HourMicrosecond => (hour * 10_000 + min * 100 + sec) * 1_000_000 + us,
        Unit::MinuteMicrosecond => (min * 100 + sec) * 1_000_000 + us,
        Unit::SecondMicrosecond => sec * 1_000_000 + us,
    };
    Ok(int(if neg { -r } else { r }))
}

/// STR_TO_DATE: a DATE, TIME or DATETIME by the format's specifiers; NULL with warning 1411
/// where the text does not match or (default sql_mode) the date has zero parts.
fn str_to_date(text: &str, fmt: &str, cx: &mut dyn EvalContext) -> Value {
    let bad = |cx: &mut dyn EvalContext| {
        cx.warn(Warning {
            level: "Warning",
            code: 1411,
            message: format!("Incorrect datetime value: '{text}' for function str_to_date"),
        });
        Value::Null
    };
    let Some(e) = format::parse(text, fmt) else { return bad(cx) };
    let p = e.parts;
    let fsp = if e.has_micros { 6 } else { 0 };
    if !e.has_date && e.has_time {
        if e.trailing {
            cx.warn(Warning::truncated_value("time", text));
        }
        let us = (i64::from(p.hour) * 3600 + i64::from(p.minute) * 60 + i64::from(p.second))
            * 1_000_000
            + i64::from(p.micros);
        return Value::Str(time_text(us, fsp));
    }
    let valid = (1..=12).contains(&p.month)
        && p.day >= 1
        && p.day <= calendar::days_in_month(p.year, p.month)
        && p.year <= 9999;
    if !valid {
        return bad(cx);
    }
    if e.trailing {
        cx.warn(Warning::truncated_value(if e.has_time { "datetime" } else { "date" }, text));
    }
    let d = DateTime {
        year: p.year,
        month: p.month,
        day: p.day,
        hour: p.hour,
        minute: p.minute,
        second: p.second,
        micros: p.micros,
    };
    Value::Str(if e.has_time { d.datetime_text(fsp) } else { d.date_text() })
}

/// Whether a date and time function returns a string (a date, time or text) or a number;
/// None for names that are not this module's.
pub fn returns_text(name: &str) -> Option<bool> {
    match name {
        "DATE" | "TIME" | "TIMESTAMP" | "DAYNAME" | "MONTHNAME" | "LAST_DAY" | "MAKEDATE"
        | "MAKETIME" | "FROM_DAYS" | "SEC_TO_TIME" | "TIMEDIFF" | "ADDTIME" | "SUBTIME"
        | "DATE_ADD" | "DATE_SUB" | "ADDDATE" | "SUBDATE" | "TIMESTAMPADD" | "DATE_FORMAT"
        | "TIME_FORMAT" | "STR_TO_DATE" | "GET_FORMAT" | "FROM_UNIXTIME" | "CONVERT_TZ" => {
            Some(true)
        }
        "YEAR" | "MONTH" | "DAY" | "DAYOFMONTH" | "DAYOFWEEK" | "WEEKDAY" | "DAYOFYEAR"
        | "WEEK" | "WEEKOFYEAR" | "YEARWEEK" | "QUARTER" | "HOUR" | "MINUTE" | "SECOND"
        | "MICROSECOND" | "TO_DAYS" | "TO_SECONDS" | "TIME_TO_SEC" | "DATEDIFF"
        | "TIMESTAMPDIFF" | "EXTRACT" | "PERIOD_ADD" | "PERIOD_DIFF" => Some(false),
        _ => None,
    }
}

/// Whether a date and time function may be NULL whatever its arguments (Some(true): an
/// invalid date is NULL), for the names of this module.
pub fn null_behaviour(name: &str) -> Option<bool> {
    match name {
        "PERIOD_ADD" | "PERIOD_DIFF" => None,
        _ if returns_text(name).is_some() => Some(true),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fraction_digits_as_typed() {
        assert_eq!(frac_digits("2003-12-31 01:02:03.000123"), 6);
        assert_eq!(frac_digits("2003-12-31 01:02:03"), 0);
        assert_eq!(frac_digits("10:00:00.5"), 1);
        assert_eq!(frac_digits("2008.01.02"), 0);
        assert_eq!(time_text(-(3600 + 2) * 1_000_000 - 5, 6), "-01:00:02.000005");
    }

    #[test]
    fn the_manuals_timestampdiff_and_period_examples() {
        let d = |s: &str| parse::parse_datetime(s).unwrap().value;
        assert_eq!(timestampdiff(Unit::Month, &d("2003-02-01"), &d("2003-05-01")), 3);
        assert_eq!(timestampdiff(Unit::Year, &d("2002-05-01"), &d("2001-01-01")), -1);
        assert_eq!(
            timestampdiff(Unit::Minute, &d("2003-02-01"), &d("2003-05-01 12:05:55")),
            128_885
        );
        assert_eq!(month_to_period(period_to_month(200801) + 2), 200803);
        assert_eq!(period_to_month(200802) - period_to_month(200703), 11);
        assert_eq!(zone_offset("+10:00"), Some(36_000));
        assert_eq!(zone_offset("MET"), None);
    }
}
