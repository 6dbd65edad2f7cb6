//! `sysbench`, simulated as sysbench 1.0.20 with its bundled OLTP scripts: `oltp_read_write`,
//! `oltp_read_only` and `oltp_point_select` (by name or as
//! `/usr/share/sysbench/oltp_read_write.lua`), with the commands `prepare`, `warmup`, `run`
//! and `cleanup`. The tool runs on the simulated host and connects over mysqld's socket as
//! `--mysql-user` (sysbench's default user `sbtest` does not exist until created).
//!
//! | file | holds |
//! |---|---|
//! | `options.rs` | the command line, its defaults and its errors |
//! | `script.rs` | the scripts' statement mix as data, and what each thread prepares |
//! | `rand.rs` | the threads' generators and `--rand-type`'s distributions |
//! | `setup.rs` | prepare (from the generated dataset), warmup, cleanup |
//! | `load.rs` | run: the worker threads as clients of the server's scheduler |
//! | `histogram.rs` | the latency histogram and its percentiles |
//! | `report.rs` | the header, the intermediate lines and the final report |

mod histogram;
mod load;
mod options;
mod rand;
mod report;
mod script;
mod setup;

use crate::server::{Server, SessionId};
use options::Command;

/// Runs `sysbench` with the words of `command` and returns what it prints.
pub fn run(server: &mut Server, command: &str) -> String {
    let words = super::mysqlslap::shell_words(command);
    if words.iter().skip(1).any(|w| w == "--version") {
        return "sysbench 1.0.20\n".into();
    }
    let o = match options::parse(&words) {
        Ok(o) => o,
        Err(refusal) if refusal.after_header => {
            return format!("{}{}", report::HEADER, refusal.text)
        }
        Err(refusal) => return refusal.text,
    };
    let body = match o.command {
        Command::Prepare => setup::prepare(server, &o),
        Command::Warmup => setup::warmup(server, &o),
        Command::Cleanup => setup::cleanup(server, &o),
        Command::Run => load::run(server, &o),
        Command::Help => help(&o),
    };
    format!("{}{body}", report::HEADER)
}

/// Connects as the tool's driver does (`mysql_drv_connect`), with the database named in the
/// handshake, from the sysbench process whose first connection is `first` (None: this one);
/// the FATAL lines when the server refuses.
fn connect(
    server: &mut Server,
    o: &options::Options,
    first: Option<SessionId>,
) -> Result<SessionId, String> {
    let refused = |e: crate::error::MySqlError| {
        let place = match &o.socket {
            Some(socket) => format!("socket '{socket}'"),
            None => format!("host '{}', port {}", o.host, o.port),
        };
        format!(
            "FATAL: unable to connect to MySQL server on {place}, aborting...\n\
             FATAL: error {}: {}\n",
            e.code, e.message
        )
    };
    let sysbench = crate::instruments::connect_attrs::ClientProgram::Sysbench;
    let socket = crate::server::transport::Transport::Socket;
    let connected = server
        .connect_program(&o.user, o.password.as_deref(), socket, sysbench, first)
        .map_err(refused)?;
    if let Err(e) = server.select_database(connected.id, &o.db) {
        server.disconnect(connected.id);
        return Err(refused(e));
    }
    Ok(connected.id)
}

/// `sysbench TEST help`: the script's options with their defaults.
/// UNCONFIRMED: the real tool lists them in the Lua table's (hash) order; here they are
/// sorted.
fn help(o: &options::Options) -> String {
    let name = o.script_path.rsplit('/').next().unwrap_or("");
    let rows = [
        ("--create_secondary[=on|off]", "Create a secondary index in addition to the PRIMARY KEY [on]"),
        ("--delete_inserts=N", "Number of DELETE/INSERT combinations per transaction [1]"),
        ("--distinct_ranges=N", "Number of SELECT DISTINCT queries per transaction [1]"),
        ("--index_updates=N", "Number of UPDATE index queries per transaction [1]"),
        ("--non_index_updates=N", "Number of UPDATE non-index queries per transaction [1]"),
        ("--order_ranges=N", "Number of SELECT ORDER BY queries per transaction [1]"),
        ("--point_selects=N", "Number of point SELECT queries per transaction [10]"),
        ("--range_selects[=on|off]", "Enable/disable all range SELECT queries [on]"),
        ("--range_size=N", "Range size for range SELECT queries [100]"),
        ("--simple_ranges=N", "Number of simple range SELECT queries per transaction [1]"),
        ("--skip_trx[=on|off]", "Don't start explicit transactions and execute all queries in the AUTOCOMMIT mode [off]"),
        ("--sum_ranges=N", "Number of SELECT SUM() queries per transaction [1]"),
        ("--table_size=N", "Number of rows per table [10000]"),
        ("--tables=N", "Number of tables [1]"),
    ];
    let mut out = format!("{name}.lua options:\n");
    for (option, text) in rows {
        out.push_str(&format!("  {option:<30}{text}\n"));
    }
    out.push('\n');
    out
}
