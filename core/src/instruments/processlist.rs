//! The processlist: the server's threads that run statements for clients, and the event
//! scheduler's daemon, as `SHOW [FULL] PROCESSLIST`, `performance_schema.processlist` and
//! `information_schema.PROCESSLIST` show them (ordered by Id). An account without the PROCESS
//! privilege sees only its own threads.
//!
//! A connection's Host is `localhost` over the socket and `localhost:PORT` over TCP (the
//! client's port: `server::transport`). Simplification: a statement's State is the one it has while it reads the list (`init` for SHOW
//! PROCESSLIST, `executing` for a SELECT from the tables).

use crate::sql::{Column, ResultSet};
use crate::storage::table::Row;
use crate::storage::value::Value;

/// The event scheduler's processlist Id on a MySQL 8.0+ server (the first client is 8).
pub const EVENT_SCHEDULER_ID: u64 = 5;

/// One row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Process {
    /// Id: the connection id (CONNECTION_ID()).
    pub id: u64,
    /// The user the client logged in as.
    pub user: String,
    /// How the client connects: the Host column (`localhost`, with the client's port over
    /// TCP) and threads' CONNECTION_TYPE.
    pub transport: crate::server::transport::Transport,
    /// The default database.
    pub db: Option<String>,
    /// `Query`, `Sleep`, `Daemon`.
    pub command: &'static str,
    /// Seconds in the current command.
    pub time_secs: u64,
    pub state: &'static str,
    pub info: Option<String>,
}

/// The Info column of SHOW PROCESSLIST without FULL: the first 100 characters.
const INFO_CHARS: usize = 100;

fn values(p: &Process, full_info: bool) -> Row {
    let info = p.info.as_ref().map_or(Value::Null, |i| {
        Value::Str(if full_info { i.clone() } else { i.chars().take(INFO_CHARS).collect() })
    });
    vec![
        Value::UInt(p.id),
        Value::Str(p.user.clone()),
        Value::Str(p.transport.processlist_host(p.id)),
        p.db.as_ref().map_or(Value::Null, |d| Value::Str(d.clone())),
        Value::Str(p.command.to_string()),
        Value::UInt(p.time_secs),
        Value::Str(p.state.to_string()),
        info,
    ]
}

/// `SHOW [FULL] PROCESSLIST`.
pub fn show(processes: &[Process], full: bool) -> ResultSet {
    let text = |n: &str, nullable: bool| Column { name: n.into(), numeric: false, nullable };
    ResultSet {
        columns: vec![
            Column::number("Id"),
            text("User", false),
            text("Host", false),
            text("db", true),
            text("Command", false),
            Column::number("Time"),
            text("State", true),
            text("Info", true),
        ],
        rows: processes.iter().map(|p| values(p, full)).collect(),
        unshown: 0,
    }
}

/// The processlist tables' columns, (name, numeric, nullable): performance_schema's adds
/// EXECUTION_ENGINE.
pub fn table_columns(performance_schema: bool) -> Vec<(&'static str, bool, bool)> {
    let mut c = vec![
        ("ID", true, false),
        ("USER", false, true),
        ("HOST", false, true),
        ("DB", false, true),
        ("COMMAND", false, true),
        ("TIME", true, true),
        ("STATE", false, true),
        ("INFO", false, true),
    ];
    if performance_schema {
        c.push(("EXECUTION_ENGINE", false, true));
    }
    c
}

/// The processlist tables' rows (INFO whole).
pub fn table_rows(processes: &[Process], performance_schema: bool) -> Vec<Row> {
    processes
        .iter()
        .map(|p| {
            let mut row = values(p, true);
            if performance_schema {
                row.push(Value::Str("PRIMARY".into()));
            }
            row
        })
        .collect()
}
