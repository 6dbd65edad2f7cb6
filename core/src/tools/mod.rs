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
        "docker" if matches!(command.split_whitespace().nth(1), Some("logs")) => {
            crash::docker(server, command).unwrap_or_default()
        }
        // `echo` is a shell builtin; lessons use it to label output.
        "echo" => {
            let rest = command.trim_start()[4..].trim();
            format!("{}\n", rest.trim_matches(|c| c == '\'' || c == '"'))
        }
        "docker" => docker(server, command),
        "ls" => ls(server, command),
        _ => format!("sh: 1: {program}: not found\n"),
    }
}

/// `docker restart|stop|start CONTAINER`: the container runs the simulated mysqld, so these
/// stop and start it (a clean shutdown dumps the buffer pool; a start loads it back). Docker
/// prints each container's name as it acts on it.
fn docker(server: &mut Server, command: &str) -> String {
    let words: Vec<&str> = command.split_whitespace().collect();
    let (Some(&verb), names) = (words.get(1), words.get(2..).unwrap_or(&[])) else {
        return "Usage:  docker [OPTIONS] COMMAND\n".into();
    };
    if !matches!(verb, "restart" | "stop" | "start") {
        return format!("docker: '{verb}' is not a docker command.\nSee 'docker --help'\n");
    }
    let names: Vec<&str> = names.iter().copied().filter(|w| !w.starts_with('-')).collect();
    if names.is_empty() {
        return format!(
            "\"docker {verb}\" requires at least 1 argument.\nSee 'docker {verb} --help'.\n\n\
             Usage:  docker {verb} [OPTIONS] CONTAINER [CONTAINER...]\n"
        );
    }
    let report = match verb {
        "restart" => {
            server.shutdown();
            server.start_again()
        }
        "stop" => {
            server.shutdown();
            None
        }
        _ => server.start_again(),
    };
    let mut out: String = names.iter().map(|n| format!("{n}\n")).collect();
    if let Some(report) = report {
        out.push_str(&report.summary());
        out.push('\n');
    }
    out
}

/// `ls -l FILE` for the datadir files the simulation keeps (the buffer pool dump).
fn ls(server: &Server, command: &str) -> String {
    let paths: Vec<&str> =
        command.split_whitespace().skip(1).filter(|w| !w.starts_with('-')).collect();
    let mut out = String::new();
    for path in paths {
        let file = crate::server::buffer_pool::BUFFER_POOL_FILE;
        match server.buffer_pool_file_bytes() {
            Some(bytes) if path == file || path == "ib_buffer_pool" => {
                let t = server.clock().wall_clock();
                const MONTHS: [&str; 12] = [
                    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                    "Dec",
                ];
                let month = MONTHS[(t.month.clamp(1, 12) - 1) as usize];
                out.push_str(&format!(
                    "-rw-r----- 1 mysql mysql {bytes} {month} {:2} {:02}:{:02} {path}\n",
                    t.day, t.hour, t.minute
                ));
            }
            _ => out.push_str(&format!("ls: cannot access '{path}': No such file or directory\n")),
        }
    }
    out
}
