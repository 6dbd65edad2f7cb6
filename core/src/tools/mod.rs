//! Commands run with the mysql client's `\!`: the simulated host's shell. Each tool is a
//! simulation against the same server (later: mysqlslap, docker restart, kill -9,
//! pt-query-digest, the tuning advisor); anything else is not installed on the simulated host,
//! and the shell says so as `sh` does.

pub mod crash;
pub mod mysqlslap;

use crate::server::Server;

/// Runs `command` on the simulated host and returns what it prints.
pub fn run_shell(server: &mut Server, command: &str) -> String {
    let program = command.split_whitespace().next().unwrap_or("");
    if program.is_empty() {
        return String::new();
    }
    match program {
        "mysqlslap" => mysqlslap::run(server, command),
        "kill" | "pkill" => crash::kill(server, command),
        "echo" if command.contains("/proc/sysrq-trigger") => crash::sysrq(server, command),
        "ls" if command.contains("#innodb_redo") => crash::ls_redo(server, command),
        "docker" if matches!(command.split_whitespace().nth(1), Some("start" | "logs")) => {
            crash::docker(server, command).unwrap_or_default()
        }
        // `echo` is a shell builtin; lessons use it to label output.
        "echo" => {
            let rest = command.trim_start()[4..].trim();
            format!("{}\n", rest.trim_matches(|c| c == '\'' || c == '"'))
        }
        _ => format!("sh: 1: {program}: not found\n"),
    }
}
