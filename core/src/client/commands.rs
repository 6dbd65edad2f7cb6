//! The mysql client's own commands that print something: `help` (mysql.cc's `com_help`, the
//! list of `commands[]`), `status` (`com_status`, with the server's `COM_STATISTICS` line),
//! and the warnings printed after a statement under `\W` (`print_warnings`). The texts are
//! the client's own, byte for byte; the facts in `status` come from the simulated server.

use crate::server::{Server, SessionId};
use crate::sql::result::Response;

/// `help`: what mysql 8.0 and later print, with the blank lines around it.
pub const HELP: &str = "
For information about MySQL products and services, visit:
   http://www.mysql.com/
For developer information, including the MySQL Reference Manual, visit:
   http://dev.mysql.com/
To buy MySQL Enterprise support, training, or other products, visit:
   https://shop.mysql.com/

List of all MySQL commands:
Note that all text commands must be first on line and end with ';'
?         (\\?) Synonym for `help'.
clear     (\\c) Clear the current input statement.
connect   (\\r) Reconnect to the server. Optional arguments are db and host.
delimiter (\\d) Set statement delimiter.
edit      (\\e) Edit command with $EDITOR.
ego       (\\G) Send command to mysql server, display result vertically.
exit      (\\q) Exit mysql. Same as quit.
go        (\\g) Send command to mysql server.
help      (\\h) Display this help.
nopager   (\\n) Disable pager, print to stdout.
notee     (\\t) Don't write into outfile.
pager     (\\P) Set PAGER [to_pager]. Print the query results via PAGER.
print     (\\p) Print current command.
prompt    (\\R) Change your mysql prompt.
quit      (\\q) Quit mysql.
rehash    (\\#) Rebuild completion hash.
source    (\\.) Execute an SQL script file. Takes a file name as an argument.
status    (\\s) Get status information from the server.
system    (\\!) Execute a system shell command.
tee       (\\T) Set outfile [to_outfile]. Append everything into given outfile.
use       (\\u) Use another database. Takes database name as argument.
charset   (\\C) Switch to another charset. Might be needed for processing binlog with multi-byte charsets.
warnings  (\\W) Show warnings after every statement.
nowarning (\\w) Don't show warnings after every statement.
resetconnection(\\x) Clean session context.
query_attributes Sets string parameters (name1 value1 name2 value2 ...) for the next query to pick up.
ssl_session_data_print Serializes the current SSL session data to stdout or file

For server side help, type 'help contents'

";

/// What `status` reports about the connection and the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusFacts {
    pub connection_id: u64,
    pub database: Option<String>,
    pub uptime_s: u64,
    pub threads: u64,
    pub questions: u64,
    pub slow_queries: u64,
    pub opens: u64,
    pub flush_tables: u64,
    pub open_tables: u64,
}

impl StatusFacts {
    /// The facts for session `id`, read from the server's status variables (what
    /// `COM_STATISTICS` reads).
    pub fn read(server: &mut Server, id: SessionId) -> StatusFacts {
        let mut number = |name: &str| match server.global_status(name) {
            Some(v) => v.text().parse::<u64>().unwrap_or(0),
            None => 0,
        };
        let (uptime_s, threads, questions) =
            (number("Uptime"), number("Threads_connected"), number("Questions"));
        let (slow_queries, opens) = (number("Slow_queries"), number("Opened_tables"));
        let (flush_tables, open_tables) = (number("Flush_commands"), number("Open_tables"));
        StatusFacts {
            connection_id: id.0,
            database: server.session_database(id),
            uptime_s,
            threads,
            questions,
            slow_queries,
            opens,
            flush_tables,
            open_tables,
        }
    }
}

/// The first lines of `status`, up to the version (what it prints even without a server).
pub fn status_header(_delimiter: &str) -> String {
    format!(
        "--------------\nmysql  Ver {} for Linux on x86_64 (MySQL Community Server - GPL)\n\n",
        crate::SERVER_VERSION
    )
}

/// `status`, as `com_status` prints it for a connection over the server's UNIX socket.
pub fn status(facts: &StatusFacts, pager: Option<&str>, delimiter: &str) -> String {
    let version = crate::SERVER_VERSION;
    let mut out = status_header(delimiter);
    out.push_str(&format!("Connection id:\t\t{}\n", facts.connection_id));
    out.push_str(&format!("Current database:\t{}\n", facts.database.as_deref().unwrap_or("")));
    out.push_str("Current user:\t\troot@localhost\n");
    out.push_str("SSL:\t\t\tNot in use\n");
    out.push_str(&format!("Current pager:\t\t{}\n", pager.unwrap_or("stdout")));
    out.push_str("Using outfile:\t\t''\n");
    out.push_str(&format!("Using delimiter:\t{delimiter}\n"));
    out.push_str(&format!("Server version:\t\t{version} MySQL Community Server - GPL\n"));
    out.push_str("Protocol version:\t10\n");
    out.push_str("Connection:\t\tLocalhost via UNIX socket\n");
    out.push_str("Server characterset:\tutf8mb4\n");
    out.push_str("Db     characterset:\tutf8mb4\n");
    out.push_str("Client characterset:\tutf8mb4\n");
    out.push_str("Conn.  characterset:\tutf8mb4\n");
    out.push_str("UNIX socket:\t\t/var/run/mysqld/mysqld.sock\n");
    out.push_str("Binary data as:\t\tHexadecimal\n");
    out.push_str(&format!("Uptime:\t\t\t{}\n\n", nice_time(facts.uptime_s)));
    // The server's COM_STATISTICS line; the average is over the whole uptime.
    let qps =
        if facts.uptime_s == 0 { 0.0 } else { facts.questions as f64 / facts.uptime_s as f64 };
    out.push_str(&format!(
        "Threads: {}  Questions: {}  Slow queries: {}  Opens: {}  Flush tables: {}  Open tables: {}  Queries per second avg: {qps:.3}\n",
        facts.threads, facts.questions, facts.slow_queries, facts.opens, facts.flush_tables,
        facts.open_tables
    ));
    out.push_str("--------------\n\n");
    out
}

/// mysql.cc's `nice_time` for whole seconds: `2 days 1 hour 5 min 3 sec`.
pub fn nice_time(seconds: u64) -> String {
    super::format::time_parts(seconds.saturating_mul(1_000_000_000), false)
}

/// Under `\W`: sends `SHOW WARNINGS` and prints each row as `Level (Code N): Message`.
pub fn print_warnings(server: &mut Server, id: SessionId, out: &mut String) {
    let done = server.execute(id, "SHOW WARNINGS");
    let Ok(Response::Rows(rows)) = &done.result else { return };
    for row in &rows.rows {
        let cell = |i: usize| row.get(i).and_then(|v| v.to_text()).unwrap_or_default();
        out.push_str(&format!("{} (Code {}): {}\n", cell(0), cell(1), cell(2)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uptime_reads_as_the_client_prints_it() {
        assert_eq!(nice_time(0), "0 sec");
        assert_eq!(nice_time(51), "51 sec");
        assert_eq!(nice_time(60), "1 min 0 sec");
        assert_eq!(nice_time(3_725), "1 hour 2 min 5 sec");
        assert_eq!(nice_time(2 * 86_400 + 7_200 + 3), "2 days 2 hours 3 sec");
    }

    #[test]
    fn help_lists_every_command_of_the_real_client() {
        assert!(HELP.starts_with("\nFor information about MySQL products"));
        assert!(HELP.ends_with("For server side help, type 'help contents'\n\n"));
        assert_eq!(HELP.lines().filter(|l| l.contains(") ") && l.contains("(\\")).count(), 25);
    }
}
