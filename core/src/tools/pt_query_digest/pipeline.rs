//! The per-event steps between the parser and the aggregator, in the tool's pipeline order
//! (sanitize, --since/--until, fingerprint, the db|Schema alias, --inherit-attributes db,ts,
//! the former --zero-admin, --filter), and the times they compare.

use super::event::Event;
use super::{filter, fingerprint};

/// The per-event steps between the parser and the aggregator, in the tool's pipeline order.
pub struct Pipeline {
    /// `--since`, in local-calendar seconds.
    pub since: Option<i64>,
    /// `--until`, likewise.
    pub until: Option<i64>,
    /// An event at or after --since has passed (later ones pass whatever their time).
    pub past_since: bool,
    /// An event at or after --until has come: the run stops reading.
    pub at_until: bool,
    /// The last `db` seen, which events without one inherit.
    pub last_db: Option<String>,
    /// The last `ts` seen, likewise.
    pub last_ts: Option<String>,
    /// `--preserve-embedded-numbers`.
    pub preserve_embedded_numbers: bool,
}

impl Pipeline {
    /// Whether the event goes on to the aggregator (it gets its fingerprint and inherited
    /// attributes on the way).
    pub fn process(&mut self, e: &mut Event, filter: Option<&filter::Filter>) -> bool {
        // sanitize_event: quoted and unquoted databases are the same.
        for name in ["db", "Schema"] {
            if let Some(v) = e.get(name).filter(|v| !v.is_empty()) {
                let v = v.strip_prefix('`').unwrap_or(v);
                let v = v.strip_suffix('`').unwrap_or(v).to_string();
                e.set(name, &v);
            }
        }
        if let Some(since) = self.since {
            if !self.past_since {
                match e.get("ts").and_then(parse_time) {
                    Some(t) if t >= since => self.past_since = true,
                    _ => return false,
                }
            }
        }
        if let Some(until) = self.until {
            if let Some(t) = e.get("ts").and_then(parse_time) {
                if t >= until {
                    self.at_until = true;
                    return false;
                }
            }
        }
        if e.arg().is_empty() {
            return false;
        }
        let fp = fingerprint::fingerprint_with(e.arg(), self.preserve_embedded_numbers);
        e.set("fingerprint", &fp);
        // --attribute-aliases db|Schema.
        if e.attrs.contains_key("db") {
            e.attrs.remove("Schema");
        } else if let Some(s) = e.attrs.remove("Schema") {
            e.set("db", &s);
        }
        // --inherit-attributes db,ts.
        for (name, last) in [("db", &mut self.last_db), ("ts", &mut self.last_ts)] {
            match e.get(name) {
                Some(v) => *last = Some(v.to_string()),
                None => {
                    if let Some(v) = last.clone() {
                        e.set(name, &v);
                    }
                }
            }
        }
        // Former --zero-admin.
        if e.arg().starts_with("administrator") {
            for name in ["Rows_sent", "Rows_examined", "Rows_read", "Rows_affected"] {
                if e.attrs.contains_key(name) {
                    e.set(name, "0");
                }
            }
        }
        filter.is_none_or(|f| f.accepts(e))
    }
}

/// `any_unix_timestamp` for `--since`/`--until`, in local-calendar seconds (as [`parse_time`]):
/// `N[smhd]` before now (N of at most 5 digits; no suffix is seconds), a Unix timestamp of 9 or
/// more digits, or an absolute datetime. The first two need the host's clock. Simplification:
/// no MySQL expressions (the tool evaluates them on a server).
pub fn option_time(text: &str, clock: Option<(i64, i64)>) -> Option<i64> {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let suffix = &t[digits..];
    if (1..=5).contains(&digits) && matches!(suffix, "" | "s" | "m" | "h" | "d") {
        let n: i64 = t[..digits].parse().ok()?;
        let unit = match suffix {
            "m" => 60,
            "h" => 3600,
            "d" => 86_400,
            _ => 1,
        };
        let (now, offset) = clock?;
        return Some(now + offset - n * unit);
    }
    if digits >= 9 {
        let (_, offset) = clock?;
        return Some(t[..digits].parse::<i64>().ok()? + offset);
    }
    parse_time(t)
}

/// Event times and absolute `--since`/`--until` values as seconds of the local calendar:
/// `YYYY-MM-DD[ HH:MM:SS]` or `YYMMDD[ H:MM:SS]`.
fn parse_time(text: &str) -> Option<i64> {
    let t = text.trim();
    let b = t.as_bytes();
    let num = |r: std::ops::Range<usize>| t.get(r).and_then(|p| p.parse::<i64>().ok());
    let (y, m, d, rest) = if b.len() >= 10 && b[4] == b'-' && b[7] == b'-' {
        (num(0..4)?, num(5..7)?, num(8..10)?, t.get(10..)?)
    } else if b.len() >= 6 && b[..6].iter().all(u8::is_ascii_digit) {
        (2000 + num(0..2)?, num(2..4)?, num(4..6)?, &t[6..])
    } else {
        return None;
    };
    let rest = rest.trim_start_matches(['T', ' ']);
    let hms: Vec<i64> = if rest.is_empty() {
        vec![0, 0, 0]
    } else {
        rest.split([':', '.', 'Z']).take(3).map(|p| p.parse().unwrap_or(0)).collect()
    };
    let y2 = if m <= 2 { y - 1 } else { y };
    let era = y2.div_euclid(400);
    let yoe = y2 - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468;
    Some(
        days * 86_400
            + hms.first().unwrap_or(&0) * 3600
            + hms.get(1).unwrap_or(&0) * 60
            + hms.get(2).unwrap_or(&0),
    )
}
