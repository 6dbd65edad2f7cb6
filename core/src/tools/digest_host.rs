//! `\! pt-query-digest` on the simulated host: the pure engine (`pt_query_digest`) reading
//! the host's files (the datadir's slow and general logs, the home's files) and standard input
//! from the pipe before it, with the machine it reports on being the simulated one: its
//! hostname, its clock, and a resource line for the work it did.
//!
//! Simplification: the rusage line's times are the simulated host's estimate of the tool's own
//! work (Perl parsing about 40 µs a log line, a resident set of 30 MB plus the log's size),
//! not a measurement; the tool's run takes no simulated time.

use super::pt_query_digest::{self, DigestHost};
use super::shell::files;
use crate::server::Server;
use crate::var_id;

struct SimHost<'a> {
    server: &'a Server,
    stdin: &'a str,
    /// Bytes and lines of what it read, for the rusage line.
    read: std::cell::Cell<(u64, u64)>,
}

impl DigestHost for SimHost<'_> {
    fn read_file(&self, path: &str) -> Result<String, String> {
        let text = if path == "-" {
            self.stdin.to_string()
        } else {
            match files::read(self.server, path) {
                Some((text, _)) => text.to_string(),
                None => return Err(format!("Cannot open {path}: No such file or directory\n")),
            }
        };
        let (b, l) = self.read.get();
        self.read.set((b + text.len() as u64, l + text.lines().count() as u64));
        Ok(text)
    }

    fn hostname(&self) -> String {
        self.server
            .variables()
            .map(|v| match v.global(var_id!("hostname")) {
                crate::server::variables::definition::VarValue::Text(h) => h.clone(),
                _ => "localhost".into(),
            })
            .unwrap_or_else(|| "localhost".into())
    }

    fn current_date(&self) -> String {
        ctime(self.server.clock().unix_micros().div_euclid(1_000_000))
    }

    /// The simulated host has the chapter's Percona Toolkit, 3.7.1.
    fn wide_profile(&self) -> bool {
        true
    }

    fn rusage(&self) -> String {
        let (bytes, lines) = self.read.get();
        let user_ms = 60 + lines * 40 / 1000;
        let rss = 30.0 + bytes as f64 / 1_048_576.0;
        format!("{user_ms}ms user time, 20ms system time, {rss:.2}M rss, {:.2}M vsz", rss + 190.0)
    }
}

/// Perl's `scalar localtime` in UTC: `Wed Dec  2 00:02:52 2026`.
fn ctime(unix: i64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    let t = crate::sim::CivilTime::from_unix(unix, 0);
    let weekday = DAYS[unix.div_euclid(86_400).rem_euclid(7) as usize];
    let month = t.month_abbrev();
    format!(
        "{weekday} {month} {:2} {:02}:{:02}:{:02} {}",
        t.day, t.hour, t.minute, t.second, t.year
    )
}

/// Runs the `pt-query-digest` command line `command`, with `stdin` the pipe's input.
pub fn run(server: &Server, command: &str, stdin: &str) -> String {
    let line = command.trim_start();
    let args = line.split_once(char::is_whitespace).map_or("", |(_, rest)| rest);
    let host = SimHost { server, stdin, read: std::cell::Cell::new((0, 0)) };
    pt_query_digest::run_line(args, &host).0
}

#[cfg(test)]
mod tests {
    #[test]
    fn ctime_is_perls_localtime_in_utc() {
        assert_eq!(super::ctime(0), "Thu Jan  1 00:00:00 1970");
        assert_eq!(super::ctime(1_795_996_972), "Mon Nov 30 00:02:52 2026");
    }
}
