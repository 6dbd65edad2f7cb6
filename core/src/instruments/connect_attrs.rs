//! `performance_schema.session_connect_attrs` and `session_account_connect_attrs`: the
//! key-value pairs each client sent in its handshake (the manual's "Performance Schema
//! Connection Attribute Tables"). The simulator knows which program opened a connection (a
//! [`ClientProcess`] on its session) and makes the attributes that program's client library
//! sends: libmysqlclient's `_pid`, `_platform`, `_os`, `_client_name`, `_client_version`,
//! the mysql client's `os_user` and `program_name`, mysqlslap's `program_name`.
//!
//! Simplifications, each UNCONFIRMED:
//! - the order (ORDINAL_POSITION) is the one MySQL 8.0's mysql client is commonly shown with
//!   (`_pid, _platform, _os, _client_name, os_user, _client_version, program_name`);
//! - sysbench is taken as linked with the server's libmysqlclient and as sending no
//!   `program_name` (it sets no attribute of its own);
//! - `_pid`: the program's process id in the container, 1000 plus the connection id of its
//!   first connection (mysqld is PID 1 and its threads are numbered from 71 up, see
//!   `threads`); every connection of one mysqlslap or sysbench run shares its pid;
//! - `os_user` is `root` (the console's `docker exec` shell);
//! - the handshake's bytes count these attributes (`server::wire`); a real client's build may
//!   send others (`_thread` on Windows, `_connector_*` from Connector/J).

use crate::instruments::ColumnSpec;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// The tables this module produces.
pub const TABLES: [&str; 2] = ["session_connect_attrs", "session_account_connect_attrs"];

/// Their columns.
pub const COLUMNS: [ColumnSpec; 4] = [
    ("PROCESSLIST_ID", true, false),
    ("ATTR_NAME", false, false),
    ("ATTR_VALUE", false, true),
    ("ORDINAL_POSITION", true, true),
];

/// A client program that opens connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientProgram {
    /// The mysql command-line client (the console, `mysql -e`, MySQLTuner's queries).
    Mysql,
    Mysqlslap,
    Sysbench,
}

/// The process of a client program: what it is and its pid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientProcess {
    pub program: ClientProgram,
    pub pid: u64,
}

/// The pids of client programs start here (see the module's simplifications).
pub const PID_BASE: u64 = 1000;

impl ClientProcess {
    /// The mysql client that opened connection `conn_id` alone.
    pub fn mysql(conn_id: u64) -> ClientProcess {
        ClientProcess { program: ClientProgram::Mysql, pid: PID_BASE + conn_id }
    }

    /// `program`'s process whose first connection is `first_conn_id`.
    pub fn of(program: ClientProgram, first_conn_id: u64) -> ClientProcess {
        ClientProcess { program, pid: PID_BASE + first_conn_id }
    }

    /// The (name, value) pairs it sends, in order; `version` is the client library's.
    pub fn attributes(&self, version: &str) -> Vec<(&'static str, String)> {
        let mut out = vec![
            ("_pid", self.pid.to_string()),
            ("_platform", "x86_64".to_string()),
            ("_os", "Linux".to_string()),
            ("_client_name", "libmysql".to_string()),
        ];
        if self.program == ClientProgram::Mysql {
            out.push(("os_user", "root".to_string()));
        }
        out.push(("_client_version", version.to_string()));
        match self.program {
            ClientProgram::Mysql => out.push(("program_name", "mysql".to_string())),
            ClientProgram::Mysqlslap => out.push(("program_name", "mysqlslap".to_string())),
            ClientProgram::Sysbench => {}
        }
        out
    }
}

/// The client library's version from the server's `version` (the same release's client,
/// without a suffix such as `-log`).
pub fn client_version(server_version: &str) -> &str {
    server_version.split('-').next().unwrap_or(server_version)
}

/// The rows for connections `(processlist id, process)` in id order.
pub fn rows(sessions: &[(u64, ClientProcess)], version: &str) -> Vec<Row> {
    let version = client_version(version);
    let mut rows = Vec::new();
    for (id, process) in sessions {
        for (i, (name, value)) in process.attributes(version).into_iter().enumerate() {
            rows.push(vec![
                Value::UInt(*id),
                Value::Str(name.to_string()),
                Value::Str(value),
                Value::UInt(i as u64),
            ]);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_send_their_attributes() {
        let names = |p: ClientProcess| {
            p.attributes("9.7.0").into_iter().map(|(n, _)| n).collect::<Vec<_>>().join(",")
        };
        assert_eq!(
            names(ClientProcess::mysql(8)),
            "_pid,_platform,_os,_client_name,os_user,_client_version,program_name"
        );
        let slap = ClientProcess::of(ClientProgram::Mysqlslap, 9);
        assert_eq!(slap.attributes("9.7.0").last().map(|(_, v)| v.as_str()), Some("mysqlslap"));
        assert_eq!(slap.pid, 1009);
        assert!(!names(ClientProcess::of(ClientProgram::Sysbench, 3)).contains("program_name"));
        assert_eq!(client_version("9.7.0-log"), "9.7.0");
        let r = rows(&[(8, ClientProcess::mysql(8))], "9.7.0");
        assert_eq!(r.len(), 7);
        assert_eq!(r[6][2], Value::Str("mysql".into()));
    }
}
