//! DATE_FORMAT / TIME_FORMAT (`make_date_time`), STR_TO_DATE (`extract_date_time`) and
//! GET_FORMAT's table.

use super::calendar::{self, DAY_NAMES, MONTH_NAMES};

/// A date, a datetime or a time, as the formatting functions see it (a TIME's hours may pass
/// 23 and it may be negative).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    pub neg: bool,
    pub year: u32,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub micros: u32,
}

/// `make_date_time`: `format` applied to `t`; None (the function is NULL) where a specifier
/// needs a date part that `t` lacks (a TIME, or a zero month for names).
pub fn format(t: &Parts, format: &str, time_only: bool) -> Option<String> {
    use std::fmt::Write;
    let mut out = String::with_capacity(format.len() + 16);
    if t.neg {
        out.push('-');
    }
    let mut chars = format.chars();
    let daynr = || calendar::daynr(t.year, t.month, t.day);
    let week = |flags: u32| calendar::calc_week(t.year, t.month, t.day, flags);
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let Some(spec) = chars.next() else { break };
        let no_weekday = time_only || (t.month == 0 && t.year == 0);
        let _ = match spec {
            'M' => {
                if time_only || t.month == 0 {
                    return None;
                }
                out.push_str(MONTH_NAMES[t.month as usize - 1]);
                Ok(())
            }
            'b' => {
                if time_only || t.month == 0 {
                    return None;
                }
                out.push_str(&MONTH_NAMES[t.month as usize - 1][..3]);
                Ok(())
            }
            'W' | 'a' => {
                if no_weekday {
                    return None;
                }
                let name = DAY_NAMES[calendar::weekday(daynr(), false) as usize];
                out.push_str(if spec == 'W' { name } else { &name[..3] });
                Ok(())
            }
            'D' => {
                if time_only {
                    return None;
                }
                let suffix = match t.day {
                    11..=13 => "th",
                    d if d % 10 == 1 => "st",
                    d if d % 10 == 2 => "nd",
                    d if d % 10 == 3 => "rd",
                    _ => "th",
                };
                write!(out, "{}{suffix}", t.day)
            }
            'Y' => write!(out, "{:04}", t.year),
            'y' => write!(out, "{:02}", t.year % 100),
            'm' => write!(out, "{:02}", t.month),
            'c' => write!(out, "{}", t.month),
            'd' => write!(out, "{:02}", t.day),
            'e' => write!(out, "{}", t.day),
            'f' => write!(out, "{:06}", t.micros),
            'H' => write!(out, "{:02}", t.hour),
            'k' => write!(out, "{}", t.hour),
            'h' | 'I' => write!(out, "{:02}", (t.hour % 24 + 11) % 12 + 1),
            'l' => write!(out, "{}", (t.hour % 24 + 11) % 12 + 1),
            'i' => write!(out, "{:02}", t.minute),
            'j' => {
                if time_only {
                    return None;
                }
                write!(out, "{:03}", calendar::day_of_year(t.year, t.month, t.day))
            }
            'p' => {
                out.push_str(if t.hour % 24 < 12 { "AM" } else { "PM" });
                Ok(())
            }
            'r' => write!(
                out,
                "{:02}:{:02}:{:02} {}",
                (t.hour + 11) % 12 + 1,
                t.minute,
                t.second,
                if t.hour % 24 < 12 { "AM" } else { "PM" }
            ),
            'S' | 's' => write!(out, "{:02}", t.second),
            'T' => write!(out, "{:02}:{:02}:{:02}", t.hour, t.minute, t.second),
            'U' | 'u' => {
                if time_only {
                    return None;
                }
                let flags = if spec == 'U' {
                    calendar::WEEK_FIRST_WEEKDAY
                } else {
                    calendar::WEEK_MONDAY_FIRST
                };
                write!(out, "{:02}", week(flags).0)
            }
            'V' | 'v' => {
                if time_only {
                    return None;
                }
                let flags = if spec == 'V' {
                    calendar::WEEK_YEAR | calendar::WEEK_FIRST_WEEKDAY
                } else {
                    calendar::WEEK_YEAR | calendar::WEEK_MONDAY_FIRST
                };
                write!(out, "{:02}", week(flags).0)
            }
            'X' | 'x' => {
                if time_only {
                    return None;
                }
                let flags = if spec == 'X' {
                    calendar::WEEK_YEAR | calendar::WEEK_FIRST_WEEKDAY
                } else {
                    calendar::WEEK_YEAR | calendar::WEEK_MONDAY_FIRST
                };
                write!(out, "{:04}", week(flags).1)
            }
            'w' => {
                if no_weekday {
                    return None;
                }
                write!(out, "{}", calendar::weekday(daynr(), true))
            }
            other => {
                out.push(other);
                Ok(())
            }
        };
    }
    Some(out)
}

/// What STR_TO_DATE read, and which kinds of specifier the format held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extracted {
    pub parts: Parts,
    pub has_date: bool,
    pub has_time: bool,
    pub has_micros: bool,
    /// Text left after the format was used up (MySQL warns, and keeps the value).
    pub trailing: bool,
}

/// Which parts a STR_TO_DATE format sets (the result type: DATE, TIME or DATETIME).
pub fn format_kinds(format: &str) -> (bool, bool, bool) {
    let (mut date, mut time, mut micros) = (false, false, false);
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            continue;
        }
        match chars.next() {
            Some('f') => {
                time = true;
                micros = true;
            }
            Some('H' | 'k' | 'h' | 'I' | 'l' | 'i' | 'p' | 'r' | 'S' | 's' | 'T') => time = true,
            Some(
                'Y' | 'y' | 'm' | 'c' | 'd' | 'e' | 'M' | 'b' | 'D' | 'j' | 'W' | 'a' | 'U' | 'u'
                | 'V' | 'v' | 'X' | 'x' | 'w',
            ) => date = true,
            _ => {}
        }
    }
    (date, time, micros)
}

/// `extract_date_time`: reads `text` by `format`. None where the text does not match.
/// Simplification: the week specifiers (%U %u %V %v %X %x %w %W %a) are read and skipped
/// rather than turned into a date.
pub fn parse(text: &str, format: &str) -> Option<Extracted> {
    let s = text.as_bytes();
    let f = format.as_bytes();
    let mut i = 0usize;
    let mut j = 0usize;
    let mut p = Parts::default();
    let mut pm: Option<bool> = None;
    let mut twelve_hour = false;
    let mut day_of_year: Option<u32> = None;
    let skip_spaces = |i: &mut usize| {
        while *i < s.len() && s[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    let number = |i: &mut usize, max_len: usize| -> Option<u32> {
        let start = *i;
        while *i < s.len() && *i - start < max_len && s[*i].is_ascii_digit() {
            *i += 1;
        }
        if *i == start {
            return None;
        }
        std::str::from_utf8(&s[start..*i]).ok()?.parse().ok()
    };
    let name = |i: &mut usize, names: &[&str], abbrev: bool| -> Option<u32> {
        for (k, n) in names.iter().enumerate() {
            let n = if abbrev { &n[..3] } else { n };
            if s.len() - *i >= n.len() && s[*i..*i + n.len()].eq_ignore_ascii_case(n.as_bytes()) {
                *i += n.len();
                return Some(k as u32);
            }
        }
        None
    };
    while j < f.len() {
        // Spaces in the text before anything are skipped, as MySQL does.
        if f[j] != b'%' || j + 1 >= f.len() {
            if f[j].is_ascii_whitespace() {
                skip_spaces(&mut i);
                j += 1;
                continue;
            }
            skip_spaces(&mut i);
            if i >= s.len() || s[i] != f[j] {
                return None;
            }
            i += 1;
            j += 1;
            continue;
        }
        let spec = f[j + 1];
        j += 2;
        skip_spaces(&mut i);
        match spec {
            b'Y' => {
                let start = i;
                let y = number(&mut i, 4)?;
                p.year = if i - start <= 2 { widen(y) } else { y };
            }
            b'y' => p.year = widen(number(&mut i, 2)?),
            b'm' | b'c' => p.month = number(&mut i, 2)?,
            b'd' | b'e' => p.day = number(&mut i, 2)?,
            b'D' => {
                p.day = number(&mut i, 2)?;
                // The ordinal suffix: any two letters.
                i = (i + 2).min(s.len());
            }
            b'H' | b'k' => p.hour = number(&mut i, 2)?,
            b'h' | b'I' | b'l' => {
                p.hour = number(&mut i, 2)?;
                twelve_hour = true;
            }
            b'i' => p.minute = number(&mut i, 2)?,
            b's' | b'S' => p.second = number(&mut i, 2)?,
            b'f' => {
                let start = i;
                let v = number(&mut i, 6)?;
                p.micros = v * 10u32.pow(6 - (i - start) as u32);
            }
            b'p' => {
                if s.len() - i < 2 {
                    return None;
                }
                let t = &s[i..i + 2];
                pm = Some(if t.eq_ignore_ascii_case(b"PM") {
                    true
                } else if t.eq_ignore_ascii_case(b"AM") {
                    false
                } else {
                    return None;
                });
                i += 2;
            }
            b'M' => p.month = name(&mut i, &MONTH_NAMES, false)? + 1,
            b'b' => p.month = name(&mut i, &MONTH_NAMES, true)? + 1,
            b'W' => {
                name(&mut i, &DAY_NAMES, false)?;
            }
            b'a' => {
                name(&mut i, &DAY_NAMES, true)?;
            }
            b'j' => day_of_year = Some(number(&mut i, 3)?),
            b'r' | b'T' => {
                p.hour = number(&mut i, 2)?;
                for field in [&mut p.minute, &mut p.second] {
                    if s.get(i) != Some(&b':') {
                        return None;
                    }
                    i += 1;
                    *field = number(&mut i, 2)?;
                }
                if spec == b'r' {
                    twelve_hour = true;
                    skip_spaces(&mut i);
                    if s.len() - i >= 2 {
                        let t = &s[i..i + 2];
                        if t.eq_ignore_ascii_case(b"PM") {
                            pm = Some(true);
                            i += 2;
                        } else if t.eq_ignore_ascii_case(b"AM") {
                            pm = Some(false);
                            i += 2;
                        }
                    }
                }
            }
            b'U' | b'u' | b'V' | b'v' | b'X' | b'x' => {
                number(&mut i, 4)?;
            }
            b'w' => {
                number(&mut i, 1)?;
            }
            b'%' => {
                if s.get(i) != Some(&b'%') {
                    return None;
                }
                i += 1;
            }
            other => {
                if s.get(i) != Some(&other) {
                    return None;
                }
                i += 1;
            }
        }
    }
    if twelve_hour || pm.is_some() {
        if p.hour > 12 || p.hour == 0 && twelve_hour {
            return None;
        }
        p.hour %= 12;
        if pm == Some(true) {
            p.hour += 12;
        }
    }
    if let Some(n) = day_of_year {
        let first = calendar::daynr(p.year, 1, 1);
        let (y, m, d) = calendar::from_daynr(first + i64::from(n) - 1);
        if n == 0 || y != p.year {
            return None;
        }
        (p.month, p.day) = (m, d);
    }
    if p.hour > 23 || p.minute > 59 || p.second > 59 {
        return None;
    }
    let (has_date, has_time, has_micros) = format_kinds(format);
    let trailing = s[i..].iter().any(|c| !c.is_ascii_whitespace());
    Some(Extracted { parts: p, has_date, has_time, has_micros, trailing })
}

fn widen(y: u32) -> u32 {
    match y {
        0..=69 => y + 2000,
        70..=99 => y + 1900,
        _ => y,
    }
}

/// GET_FORMAT(type, locale): None for an unknown locale.
pub fn get_format(kind: &str, locale: &str) -> Option<&'static str> {
    let locale = locale.to_ascii_uppercase();
    let row = ["USA", "JIS", "ISO", "EUR", "INTERNAL"].iter().position(|l| *l == locale)?;
    let table: [&str; 5] = match kind {
        "DATE" => ["%m.%d.%Y", "%Y-%m-%d", "%Y-%m-%d", "%d.%m.%Y", "%Y%m%d"],
        "DATETIME" | "TIMESTAMP" => [
            "%Y-%m-%d %H.%i.%s",
            "%Y-%m-%d %H:%i:%s",
            "%Y-%m-%d %H:%i:%s",
            "%Y-%m-%d %H.%i.%s",
            "%Y%m%d%H%i%s",
        ],
        "TIME" => ["%h:%i:%s %p", "%H:%i:%s", "%H:%i:%s", "%H.%i.%s", "%H%i%s"],
        _ => return None,
    };
    Some(table[row])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dt(y: u32, mo: u32, d: u32, h: u32, mi: u32, s: u32) -> Parts {
        Parts { year: y, month: mo, day: d, hour: h, minute: mi, second: s, ..Default::default() }
    }

    #[test]
    fn the_manuals_date_format_examples() {
        let f = |p: &Parts, fmt: &str| format(p, fmt, false).unwrap();
        assert_eq!(f(&dt(2009, 10, 4, 22, 23, 0), "%W %M %Y"), "Sunday October 2009");
        assert_eq!(f(&dt(2007, 10, 4, 22, 23, 0), "%H:%i:%s"), "22:23:00");
        assert_eq!(
            f(&dt(1900, 10, 4, 22, 23, 0), "%D %y %a %d %m %b %j"),
            "4th 00 Thu 04 10 Oct 277"
        );
        assert_eq!(
            f(&dt(1997, 10, 4, 22, 23, 0), "%H %k %I %r %T %S %w"),
            "22 22 10 10:23:00 PM 22:23:00 00 6"
        );
        assert_eq!(f(&dt(1999, 1, 1, 0, 0, 0), "%X %V"), "1998 52");
        assert_eq!(f(&dt(2006, 6, 0, 0, 0, 0), "%d"), "00");
        let t = Parts { hour: 100, minute: 0, second: 0, ..Default::default() };
        assert_eq!(format(&t, "%H %k %h %I %l", true).unwrap(), "100 100 04 04 4");
        assert_eq!(format(&t, "%M", true), None);
    }

    #[test]
    fn the_manuals_str_to_date_examples() {
        let r = |s: &str, f: &str| parse(s, f).map(|e| e.parts);
        assert_eq!(r("01,5,2013", "%d,%m,%Y"), Some(dt(2013, 5, 1, 0, 0, 0)));
        assert_eq!(r("May 1, 2013", "%M %d,%Y"), Some(dt(2013, 5, 1, 0, 0, 0)));
        assert_eq!(r("a09:30:17", "a%h:%i:%s"), Some(dt(0, 0, 0, 9, 30, 17)));
        assert_eq!(r("a09:30:17", "%h:%i:%s"), None);
        assert!(parse("09:30:17a", "%h:%i:%s").is_some_and(|e| e.trailing));
        assert_eq!(format_kinds("%Y-%m-%d %H:%i:%s.%f"), (true, true, true));
        assert_eq!(r("2013-05-01 11:00 PM", "%Y-%m-%d %h:%i %p").unwrap().hour, 23);
        assert_eq!(get_format("DATE", "eur"), Some("%d.%m.%Y"));
        assert_eq!(get_format("DATE", "xx"), None);
    }
}
