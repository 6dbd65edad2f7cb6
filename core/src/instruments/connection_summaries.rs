//! performance_schema's `accounts`, `hosts` and `users`: for each account (user and client
//! host), host and user that has connected since startup, the connections open now and all
//! it made, and the most memory one of its sessions used. One row, its USER and HOST NULL,
//! counts the server's background threads. (Section 3.13.4's question "who holds the
//! connections?", answered without the processlist.)
//!
//! Simplifications (UNCONFIRMED): the background row's TOTAL_CONNECTIONS is its current
//! count (threads that ended are not kept); a session's memory is its connection's fixed
//! buffers, so MAX_SESSION_* is that size once the account has connected; TRUNCATE is not
//! simulated; at most [`ACCOUNTS_MAX`] accounts are kept, as `performance_schema_accounts_size`
//! bounds MySQL's table.

use crate::storage::table::Row;
use crate::storage::value::Value;
use std::collections::BTreeMap;

/// The most accounts counted; later ones are not (MySQL counts them as lost).
pub const ACCOUNTS_MAX: usize = 10_000;

pub const TABLES: [&str; 3] = ["accounts", "hosts", "users"];

/// Connections made since startup, by (user, client host).
#[derive(Clone, Debug, Default)]
pub struct ConnectionTotals {
    by_account: BTreeMap<(String, String), u64>,
}

impl ConnectionTotals {
    /// A login of `user` from `host` succeeded.
    pub fn connected(&mut self, user: &str, host: &str) {
        let key = (user.to_string(), host.to_string());
        if let Some(n) = self.by_account.get_mut(&key) {
            *n += 1;
        } else if self.by_account.len() < ACCOUNTS_MAX {
            self.by_account.insert(key, 1);
        }
    }
}

/// What the tables are made from: the totals, the (user, host) of each connection open now,
/// the background threads running, and a session's memory.
pub struct Sources<'a> {
    pub totals: &'a ConnectionTotals,
    pub open: Vec<(String, String)>,
    pub background_threads: u64,
    pub session_bytes: u64,
}

/// The columns of `table` (one of [`TABLES`]): its key columns, then the four counts.
pub fn columns(table: &str) -> Vec<(&'static str, bool, bool)> {
    let mut c = match table {
        "accounts" => vec![("USER", false, true), ("HOST", false, true)],
        "hosts" => vec![("HOST", false, true)],
        _ => vec![("USER", false, true)],
    };
    c.extend([
        ("CURRENT_CONNECTIONS", true, false),
        ("TOTAL_CONNECTIONS", true, false),
        ("MAX_SESSION_CONTROLLED_MEMORY", true, false),
        ("MAX_SESSION_TOTAL_MEMORY", true, false),
    ]);
    c
}

/// The rows of `table`: the background row first, then by key.
pub fn rows(table: &str, s: &Sources) -> Vec<Row> {
    // (key) -> (current, total)
    let key = |user: &str, host: &str| -> (Option<String>, Option<String>) {
        match table {
            "accounts" => (Some(user.to_string()), Some(host.to_string())),
            "hosts" => (None, Some(host.to_string())),
            _ => (Some(user.to_string()), None),
        }
    };
    let mut counts: BTreeMap<(Option<String>, Option<String>), (u64, u64)> = BTreeMap::new();
    for ((user, host), total) in &s.totals.by_account {
        counts.entry(key(user, host)).or_default().1 += total;
    }
    for (user, host) in &s.open {
        let c = counts.entry(key(user, host)).or_default();
        c.0 += 1;
        // A thread no login made (the event scheduler's) counts in the totals too.
        if !s.totals.by_account.contains_key(&(user.clone(), host.clone())) {
            c.1 += 1;
        }
    }
    let mut out = Vec::with_capacity(counts.len() + 1);
    let mut push = |user: Option<String>, host: Option<String>, current: u64, total: u64, bytes| {
        let text = |v: Option<String>| v.map_or(Value::Null, Value::Str);
        let mut row = match table {
            "accounts" => vec![text(user), text(host)],
            "hosts" => vec![text(host)],
            _ => vec![text(user)],
        };
        row.extend([current, total, bytes, bytes].map(Value::UInt));
        out.push(row);
    };
    push(None, None, s.background_threads, s.background_threads, 0);
    for ((user, host), (current, total)) in counts {
        push(user, host, current, total, s.session_bytes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_open_and_total_connections_by_key() {
        let mut totals = ConnectionTotals::default();
        for _ in 0..3 {
            totals.connected("app", "localhost");
        }
        totals.connected("root", "localhost");
        let s = Sources {
            totals: &totals,
            open: vec![("root".into(), "localhost".into())],
            background_threads: 36,
            session_bytes: 262_144,
        };
        let accounts = rows("accounts", &s);
        assert_eq!(accounts[0][2], Value::UInt(36));
        assert_eq!(
            accounts[1][..4],
            [
                Value::Str("app".into()),
                Value::Str("localhost".into()),
                Value::UInt(0),
                Value::UInt(3)
            ]
        );
        let hosts = rows("hosts", &s);
        assert_eq!(hosts[1][..3], [Value::Str("localhost".into()), Value::UInt(1), Value::UInt(4)]);
        assert_eq!(rows("users", &s).len(), 3);
    }
}
