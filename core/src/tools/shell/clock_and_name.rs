//! `hostname` and `date` on the simulated host: the name mysqld takes its log files' names
//! from (`tunelab-slow.log`), and the simulated wall clock, so that `tail $(hostname)-slow.log`
//! and a `date` before and after a load read as they would on the chapter's machine.
//!
//! Simplifications: the host's clock is UTC; `date` takes its default format, `-u`, and a
//! `+FORMAT` of the common conversions (%Y %m %d %H %M %S %F %T %s %a %b %e %Z %%); `-d` and
//! setting the clock are not simulated (a clear message says so).

use crate::server::Server;
use crate::sim::CivilTime;

/// `hostname`: the host's name (the `hostname` system variable mysqld read at startup).
pub fn hostname(server: &Server, command: &str) -> String {
    let name = match server.variables().map(|v| v.global(crate::var_id!("hostname"))) {
        Some(crate::server::variables::definition::VarValue::Text(t)) => t.clone(),
        _ => "tunelab".to_string(),
    };
    match command.split_whitespace().nth(1) {
        None | Some("-s" | "--short" | "-f" | "--fqdn") => format!("{name}\n"),
        Some(other) => format!("hostname: invalid option -- '{}'\n", other.trim_start_matches('-')),
    }
}

/// `date [-u] [+FORMAT]`: the simulated wall clock.
pub fn date(server: &Server, command: &str) -> String {
    let micros = server.clock().unix_micros();
    let secs = micros.div_euclid(1_000_000);
    let t = CivilTime::from_unix(secs, 0);
    let mut format = "%a %b %e %H:%M:%S %Z %Y".to_string();
    for word in super::pipeline::words(command).into_iter().skip(1) {
        if let Some(f) = word.strip_prefix('+') {
            format = f.to_string();
        } else if word == "-u" || word == "--utc" {
            // Already UTC.
        } else {
            return format!(
                "date: option '{word}' is not simulated here (the clock is only read)\n"
            );
        }
    }
    format!("{}\n", strftime(&format, &t, secs))
}

const WEEKDAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/// `format` with GNU date's conversions for the ones listed in the module's header; any
/// other `%x` is printed as written, as date does.
fn strftime(format: &str, t: &CivilTime, unix_secs: i64) -> String {
    // 1970-01-01 was a Thursday.
    let weekday = WEEKDAYS[(unix_secs.div_euclid(86_400) + 4).rem_euclid(7) as usize];
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('Y') => out.push_str(&t.year.to_string()),
            Some('m') => out.push_str(&format!("{:02}", t.month)),
            Some('d') => out.push_str(&format!("{:02}", t.day)),
            Some('e') => out.push_str(&format!("{:>2}", t.day)),
            Some('H') => out.push_str(&format!("{:02}", t.hour)),
            Some('M') => out.push_str(&format!("{:02}", t.minute)),
            Some('S') => out.push_str(&format!("{:02}", t.second)),
            Some('F') => out.push_str(&format!("{}-{:02}-{:02}", t.year, t.month, t.day)),
            Some('T') => out.push_str(&format!("{:02}:{:02}:{:02}", t.hour, t.minute, t.second)),
            Some('s') => out.push_str(&unix_secs.to_string()),
            Some('a') => out.push_str(weekday),
            Some('b') => out.push_str(t.month_abbrev()),
            Some('Z') => out.push_str("UTC"),
            Some('%') => out.push('%'),
            Some(other) => {
                out.push('%');
                out.push(other);
            }
            None => out.push('%'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_as_gnu_date() {
        // 2026-09-23 08:00:00 UTC, a Wednesday.
        let secs = crate::sim::BOOT_UNIX_SECS;
        let t = CivilTime::from_unix(secs, 0);
        assert_eq!(strftime("%a %b %e %H:%M:%S %Z %Y", &t, secs), "Wed Sep 23 08:00:00 UTC 2026");
        assert_eq!(strftime("%F %T|%s|%%|%q", &t, secs), "2026-09-23 08:00:00|1790150400|%|%q");
        let early = CivilTime::from_unix(secs - 20 * 86_400, 0);
        assert_eq!(strftime("%a %e", &early, secs - 20 * 86_400), "Thu  3");
    }
}
