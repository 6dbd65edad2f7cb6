//! `SlowLogParser`: the slow query log as MySQL 5.7–9.x, Percona Server and MariaDB write it.
//! Events are split at `;\n#`, header lines (`mysqld, Version: ... started with:`, `Tcp port:`,
//! `Time Id Command Argument`) are dropped, and each `# Name: value` pair becomes an
//! attribute, so MySQL's `log_slow_extra` fields (`Thread_id: Errno: ... Start: End:`),
//! Percona Server's extra lines (`# Bytes_sent:`, `# InnoDB_IO_r_ops:`, `# QC_Hit: No ...`) and
//! MariaDB's (`# Thread_id: 3  Schema: shop  QC_hit: No`, `# Rows_affected:`) all come through
//! without a list of names. A line that fits no rule is skipped, as the tool does.

use super::event::{Event, Records};

/// Parses every event of one slow log. Bounded by the file's length: each turn of the loop
/// consumes at least one record.
pub fn parse(text: &str) -> Vec<Event> {
    let mut out = Vec::new();
    let mut records = Records::new(text);
    let mut pending: Vec<String> = Vec::new();
    let mut pos_in_log = records.tell();
    loop {
        let stmt = match pending.pop() {
            Some(s) => s,
            None => match records.next_record(";\n#") {
                Some(s) => s.to_string(),
                None => break,
            },
        };
        let event_pos = pos_in_log;
        pos_in_log = records.tell();
        if let Some(event) = parse_event(&stmt, event_pos, &mut records, &mut pending) {
            out.push(event);
        }
    }
    out
}

/// Whether a line is one of the file's header lines.
fn is_header_line(line: &str) -> bool {
    let b = line.as_bytes();
    if (line.starts_with("Tcp port:") || line.starts_with("TCP Port:") || starts_tcp_port(line))
        && line.split_whitespace().nth(2).is_some_and(|p| p.bytes().all(|c| c.is_ascii_digit()))
    {
        return true;
    }
    if !b.is_empty() && (b[0] == b'/' || b[0].is_ascii_uppercase()) {
        if let Some(at) = line.find("mysqld,") {
            let after = &line[at + 7..];
            if after.starts_with([' ', '\t', '\n', '\r', '\x0c'])
                && after[1..].starts_with("Version")
                && (after.contains("started with:") || after.contains("embedded library"))
            {
                return true;
            }
        }
    }
    let mut words = line.split_whitespace();
    line.starts_with("Time")
        && line.as_bytes().get(4).is_some_and(u8::is_ascii_whitespace)
        && words.next() == Some("Time")
        && words.next() == Some("Id")
        && words.next() == Some("Command")
}

/// `T[cC][pP]\s[pP]ort:\s+\d+`.
fn starts_tcp_port(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() > 9
        && b[0] == b'T'
        && b[1].eq_ignore_ascii_case(&b'c')
        && b[2].eq_ignore_ascii_case(&b'p')
        && b[3].is_ascii_whitespace()
        && b[4].eq_ignore_ascii_case(&b'p')
        && &b[5..9] == b"ort:"
}

/// Drops the header lines from a record (`s/$slow_log_hd_line//gm`, which needs the line's
/// newline).
fn strip_headers(stmt: &str) -> Option<String> {
    let mut out = String::with_capacity(stmt.len());
    let mut removed = false;
    for piece in stmt.split_inclusive('\n') {
        if piece.ends_with('\n') && is_header_line(piece.trim_end_matches('\n')) {
            removed = true;
        } else {
            out.push_str(piece);
        }
    }
    removed.then_some(out)
}

fn parse_event(
    stmt: &str,
    pos_in_log: usize,
    records: &mut Records,
    pending: &mut Vec<String>,
) -> Option<Event> {
    let mut stmt = match strip_headers(stmt) {
        Some(s) => {
            // A record holding several events after the header is gone: keep the first, queue
            // the rest (they cannot hold `;\n#`, as records end at the first one).
            s
        }
        None => stmt.to_string(),
    };
    if !stmt.starts_with('#') {
        stmt.insert(0, '#');
    }
    // `s/;\n#?\Z//`.
    if let Some(s) = stmt.strip_suffix(";\n#") {
        stmt.truncate(s.len());
    } else if let Some(s) = stmt.strip_suffix(";\n") {
        stmt.truncate(s.len());
    }
    let mut event = Event::default();
    event.set("cmd", "Query");
    event.set("pos_in_log", &(pos_in_log as u64).to_string());
    let (mut got_ts, mut got_uh, mut got_ac, mut got_db, mut got_set) =
        (false, false, false, false, false);
    let mut found_arg = false;
    let len = stmt.len();
    let mut line_start = 0;
    while line_start <= len {
        let line_end = stmt[line_start..].find('\n').map_or(len, |p| line_start + p);
        let line = &stmt[line_start..line_end];
        // Perl's `pos` after `m/^(.*)$/mg`: the end of the line, before its newline.
        let pos = line_end;
        let meta = line.starts_with('#')
            || line.starts_with("use ")
            || line.starts_with("SET last_insert_id")
            || line.starts_with("SET insert_id")
            || line.starts_with("SET timestamp");
        if meta {
            if !got_ts && time_line(line).is_some() {
                event.set("ts", &time_line(line).unwrap_or_default());
                got_ts = true;
                if !got_uh {
                    if let Some(uh) = user_host(line) {
                        apply_user_host(&mut event, uh);
                        got_uh = true;
                    }
                }
            } else if !got_uh && user_host(line).is_some() {
                if let Some(uh) = user_host(line) {
                    apply_user_host(&mut event, uh);
                }
                got_uh = true;
            } else if !got_ac && line.starts_with("# administrator command:") {
                let arg = line.trim_start_matches('#').trim_start();
                event.set("cmd", "Admin");
                event.set("arg", arg);
                event.set("bytes", &(arg.len() as u64).to_string());
                found_arg = true;
                got_ac = true;
            } else if is_property_line(line) {
                let mut line = line.to_string();
                // MariaDB writes `Schema: ` with nothing when no database is selected.
                if let Some(at) = empty_schema(&line) {
                    line.replace_range(at.0..at.1, "");
                }
                for (name, value) in properties(&line) {
                    event.set(&name, &value);
                }
            } else if !got_db
                && line.starts_with("use ")
                && line.len() > 4
                && !line[4..].starts_with(';')
            {
                let db: String = line[4..].chars().take_while(|&c| c != ';').collect();
                event.set("db", &db);
                got_db = true;
            } else if !got_set
                && line.starts_with("SET")
                && line[3..].starts_with(|c: char| c.is_whitespace())
            {
                let setting: String =
                    line[3..].trim_start().chars().take_while(|&c| c != ';').collect();
                let fields = split_setting(&setting);
                for pair in fields.chunks(2) {
                    event.set(&pair[0], pair.get(1).map_or("", String::as_str));
                }
                got_set = true;
            }
            if !found_arg && pos == len {
                // No statement text: an admin statement or an empty query follows.
                match records.next_record(";\n") {
                    Some(l) => {
                        let t = l.trim_start();
                        if is_null_query_start(t) {
                            let rest = records.next_record(";\n#").unwrap_or("");
                            pending.push(format!("{l}{rest}"));
                            event.set("cmd", "Query");
                            event.set("arg", "/* No query */");
                            event.set("bytes", "0");
                        } else {
                            let l = l.strip_suffix(";\n").unwrap_or(l).trim_start();
                            event.set("cmd", "Admin");
                            event.set("arg", l);
                            event.set("bytes", &(l.len() as u64).to_string());
                        }
                        found_arg = true;
                    }
                    None => return None,
                }
            }
        } else {
            let arg = &stmt[line_start..];
            event.set("arg", arg);
            event.set("bytes", &(arg.len() as u64).to_string());
            break;
        }
        line_start = line_end + 1;
    }
    Some(event)
}

/// `^\s*[A-Z][a-z_]+: `.
fn is_null_query_start(t: &str) -> bool {
    let b = t.as_bytes();
    if b.is_empty() || !b[0].is_ascii_uppercase() {
        return false;
    }
    let n = b[1..].iter().take_while(|c| c.is_ascii_lowercase() || **c == b'_').count();
    n > 0 && b.get(1 + n) == Some(&b':') && b.get(2 + n) == Some(&b' ')
}

/// `^# Time: ((?:[0-9: ]{15})|(?:[-0-9: T]{19}))`: MySQL 5.1's `YYMMDD HH:MM:SS` or 5.7+'s
/// ISO form, without fractions.
fn time_line(line: &str) -> Option<String> {
    let rest = line.strip_prefix("# Time: ")?;
    let b = rest.as_bytes();
    let count = |set: &dyn Fn(u8) -> bool| b.iter().take_while(|&&c| set(c)).count();
    if count(&|c| c.is_ascii_digit() || c == b':' || c == b' ') >= 15 {
        return Some(rest[..15].to_string());
    }
    if count(&|c| c.is_ascii_digit() || c == b':' || c == b' ' || c == b'-' || c == b'T') >= 19 {
        return Some(rest[..19].to_string());
    }
    None
}

/// `# User@Host: ([^\[]+|\[[^[]+\]).*?@ (\S*) \[(.*)\]\s*(?:Id:\s*(\d+))?`.
struct UserHost {
    user: String,
    host: String,
    ip: String,
    thread_id: Option<String>,
}

fn user_host(line: &str) -> Option<UserHost> {
    let at = line.find("# User@Host: ")?;
    let rest = &line[at + 13..];
    let user_len = if rest.starts_with('[') {
        rest.strip_prefix('[')?.find(']').map(|p| p + 2)?
    } else {
        rest.find('[').unwrap_or(rest.len())
    };
    if user_len == 0 {
        return None;
    }
    let user = &rest[..user_len];
    let after = &rest[user_len..];
    // `.*?@ ` then `(\S*) \[`: the first `@ ` from which a host and ` [` follow.
    let mut search = 0;
    while let Some(p) = after[search..].find("@ ") {
        let h = search + p + 2;
        let host_len = after[h..].find(|c: char| c.is_whitespace()).unwrap_or(after.len() - h);
        let tail = &after[h + host_len..];
        if let Some(ip_part) = tail.strip_prefix(" [") {
            if let Some(close) = ip_part.rfind(']') {
                let ip = &ip_part[..close];
                let after_ip = ip_part[close + 1..].trim_start();
                let thread_id = after_ip.strip_prefix("Id:").map(|t| {
                    t.trim_start().chars().take_while(char::is_ascii_digit).collect::<String>()
                });
                return Some(UserHost {
                    user: user.to_string(),
                    host: after[h..h + host_len].to_string(),
                    ip: ip.to_string(),
                    thread_id: thread_id.filter(|t| !t.is_empty()),
                });
            }
        }
        search = h;
    }
    None
}

fn apply_user_host(event: &mut Event, uh: UserHost) {
    // `$host ||= $ip`: with skip-name-resolve the host is empty.
    let host = if uh.host.is_empty() || uh.host == "0" { uh.ip.clone() } else { uh.host };
    event.set("user", &uh.user);
    event.set("host", &host);
    event.set("ip", &uh.ip);
    if let Some(id) = uh.thread_id.filter(|t| t != "0") {
        event.set("Thread_id", &id);
    }
}

/// `^# +[A-Z][A-Za-z_]+: \S+`.
fn is_property_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('#') else { return false };
    let rest_trim = rest.trim_start_matches(' ');
    if rest_trim.len() == rest.len() {
        return false;
    }
    let b = rest_trim.as_bytes();
    if b.is_empty() || !b[0].is_ascii_uppercase() {
        return false;
    }
    let n = b[1..].iter().take_while(|c| c.is_ascii_alphabetic() || **c == b'_').count();
    n > 0
        && b.get(1 + n) == Some(&b':')
        && b.get(2 + n) == Some(&b' ')
        && b.get(3 + n).is_some_and(|c| !c.is_ascii_whitespace())
}

/// `Schema:\s+\w+: `: an empty Schema followed by the next name; the range to remove.
fn empty_schema(line: &str) -> Option<(usize, usize)> {
    let at = line.find("Schema:")?;
    let b = line.as_bytes();
    let mut i = at + 7;
    let ws = i;
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    if i == ws {
        return None;
    }
    let w = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    (i > w && b.get(i) == Some(&b':') && b.get(i + 1) == Some(&b' ')).then_some((at, w))
}

/// `m/(\w+):\s+(\S+|\Z)/g`: every `Name: value` pair of a property line.
fn properties(line: &str) -> Vec<(String, String)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !(b[i].is_ascii_alphanumeric() || b[i] == b'_')
            || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if b.get(i) != Some(&b':') {
            continue;
        }
        let mut j = i + 1;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j == i + 1 {
            continue;
        }
        let v = j;
        while j < b.len() && !b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j == v && v < b.len() {
            continue;
        }
        out.push((line[start..i].to_string(), line[v..j].to_string()));
        i = j;
    }
    out
}

/// `split(/,|\s*=\s*/, $setting)`.
fn split_setting(setting: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = setting.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == ',' {
            out.push(std::mem::take(&mut cur));
            i += 1;
            continue;
        }
        if c.is_whitespace() || c == '=' {
            let mut j = i;
            while j < chars.len() && chars[j].is_whitespace() {
                j += 1;
            }
            if j < chars.len() && chars[j] == '=' {
                j += 1;
                while j < chars.len() && chars[j].is_whitespace() {
                    j += 1;
                }
                out.push(std::mem::take(&mut cur));
                i = j;
                continue;
            }
        }
        cur.push(c);
        i += 1;
    }
    out.push(cur);
    // Perl's split drops trailing empty fields.
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn mysql_and_mariadb_entries() {
        let log =
            "/usr/sbin/mysqld, Version: 9.7.0 (MySQL Community Server - GPL). started with:\n\
Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n\
Time                 Id Command    Argument\n\
# Time: 2024-05-01T10:00:00.123456Z\n\
# User@Host: app[app] @ localhost []  Id:    12\n\
# Query_time: 1.500000  Lock_time: 0.000100 Rows_sent: 1  Rows_examined: 100000\n\
use shop;\n\
SET timestamp=1714557600;\n\
SELECT * FROM orders WHERE customer_id=42;\n\
# Time: 261202  0:02:45\n\
# User@Host: root[root] @ localhost []\n\
# Thread_id: 3  Schema:   QC_hit: No\n\
# Query_time: 0.000242  Lock_time: 0.000000  Rows_sent: 0  Rows_examined: 0\n\
SET timestamp=1796169765;\n\
SELECT 1;\n";
        let events = parse(log);
        assert_eq!(events.len(), 2);
        let e = &events[0];
        assert_eq!(e.get("ts"), Some("2024-05-01T10:00:00"));
        assert_eq!(e.get("user"), Some("app"));
        assert_eq!(e.get("host"), Some("localhost"));
        assert_eq!(e.get("Thread_id"), Some("12"));
        assert_eq!(e.get("db"), Some("shop"));
        assert_eq!(e.get("Rows_examined"), Some("100000"));
        assert_eq!(e.arg(), "SELECT * FROM orders WHERE customer_id=42");
        let m = &events[1];
        assert_eq!(m.get("ts"), Some("261202  0:02:45"));
        assert_eq!(m.get("QC_hit"), Some("No"));
        assert_eq!(m.get("Schema"), None);
        assert_eq!(m.arg(), "SELECT 1");
    }
}
