//! `GeneralLogParser` (`--type genlog`): the general query log. A line `[time] id Command arg`
//! starts an entry; lines that do not continue the previous Query. Every event's Query_time is
//! 0; Connect and Init DB remember the thread's database for its later queries.

use super::event::{Event, Records};
use std::collections::BTreeMap;

/// Parses every event of one general log. Bounded by its lines.
pub fn parse(text: &str) -> Vec<Event> {
    let mut records = Records::new(text);
    let mut pending: Option<String> = None;
    let mut db_for: BTreeMap<String, String> = BTreeMap::new();
    let mut out = Vec::new();
    // The tool takes an event's position when it starts looking for it, after whatever line
    // it read ahead for the previous one (so a Query's position is past its own first line).
    let mut pos_in_log = records.tell();
    loop {
        let line = match pending.take() {
            Some(l) => l,
            None => match records.next_record("\n") {
                Some(l) => l.to_string(),
                None => break,
            },
        };
        let Some((ts, thread, cmd, arg)) = first_line(&line) else { continue };
        let mut event = Event::default();
        event.set("pos_in_log", &(pos_in_log as u64).to_string());
        if let Some(ts) = ts {
            event.set("ts", &ts);
        }
        event.set("Thread_id", &thread);
        let mut arg = arg;
        if cmd == "Query" {
            loop {
                match records.next_record("\n") {
                    Some(next) if first_line(next).is_some() => {
                        pending = Some(next.to_string());
                        break;
                    }
                    Some(next) => arg.push_str(next),
                    None => break,
                }
            }
            let arg = arg.strip_suffix('\n').unwrap_or(&arg).to_string();
            event.set("cmd", "Query");
            event.set("bytes", &(arg.len() as u64).to_string());
            event.set("arg", &arg);
            if let Some(db) = db_for.get(&thread) {
                event.set("db", db);
            }
        } else {
            event.set("cmd", "Admin");
            let mut cmd = cmd;
            if cmd == "Connect" {
                if arg.starts_with("Access denied") {
                    cmd = arg.trim_end_matches('\n').to_string();
                } else {
                    let first = arg.split_whitespace().next().unwrap_or("");
                    let db = arg
                        .find("on ")
                        .map(|p| arg[p + 3..].split_whitespace().next().unwrap_or("").to_string());
                    let mut parts = first.split('@');
                    let user = parts.next().unwrap_or("");
                    let host = parts.next().unwrap_or("");
                    if !user.is_empty() {
                        event.set("user", user);
                    }
                    if !host.is_empty() {
                        event.set("host", host);
                    }
                    match db.filter(|d| !d.is_empty()) {
                        Some(db) => {
                            event.set("db", &db);
                            db_for.insert(thread.clone(), db);
                        }
                        None => {
                            db_for.remove(&thread);
                        }
                    }
                }
            } else if cmd == "Init" {
                cmd = "Init DB".into();
                let a = arg.trim_start_matches("DB").trim_start();
                match a.split_whitespace().next() {
                    Some(db) => {
                        event.set("db", db);
                        db_for.insert(thread.clone(), db.to_string());
                    }
                    None => {
                        db_for.remove(&thread);
                    }
                }
            }
            let text = format!("administrator command: {cmd}");
            event.set("bytes", &(text.len() as u64).to_string());
            event.set("arg", &text);
        }
        event.set("Query_time", "0");
        out.push(event);
        pos_in_log = records.tell();
    }
    out
}

/// `(timestamp)? \s+ (thread id) \s (Command) \s+ (argument)`: MySQL 5.1's `YYMMDD HH:MM:SS`
/// or 5.7+'s ISO time with fraction and zone.
fn first_line(line: &str) -> Option<(Option<String>, String, String, String)> {
    let b = line.as_bytes();
    let mut i = 0;
    let mut ts = None;
    // ISO: 2024-05-01T10:00:00.123456Z
    let iso_len = b.iter().take_while(|c| !c.is_ascii_whitespace()).count();
    if iso_len >= 20
        && b[4] == b'-'
        && line[..iso_len].contains('T')
        && line[..iso_len].contains('.')
    {
        ts = Some(line[..iso_len].to_string());
        i = iso_len;
    } else if b.len() > 7 && b[..6].iter().all(u8::is_ascii_digit) && b[6].is_ascii_whitespace() {
        let mut j = 6;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let t = j;
        while j < b.len() && (b[j].is_ascii_digit() || b[j] == b':') {
            j += 1;
        }
        if line[t..j].matches(':').count() == 2 {
            ts = Some(line[..j].to_string());
            i = j;
        }
    }
    let ws = i;
    while i < b.len() && b[i].is_ascii_whitespace() && b[i] != b'\n' {
        i += 1;
    }
    if i == ws {
        return None;
    }
    let id = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i == id || b.get(i).is_none_or(|c| !c.is_ascii_whitespace()) {
        return None;
    }
    i += 1;
    let c = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    if i == c || b.get(i).is_none_or(|c| !c.is_ascii_whitespace()) {
        return None;
    }
    let cmd = line[c..i].to_string();
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    Some((ts, line[id..c - 1].to_string(), cmd, line[i..].to_string()))
}
