//! Commands run with the mysql client's `\!`: the simulated host's shell. Each tool is a
//! simulation against the same server (later: mysqlslap, docker restart, kill -9,
//! pt-query-digest, the tuning advisor); anything else is not installed on the simulated host,
//! and the shell says so as `sh` does.

pub mod advisor;
pub mod crash;
pub mod mysqlslap;
pub mod sysbench;

use crate::server::Server;

/// Runs `command` on the simulated host and returns what it prints.
pub fn run_shell(server: &mut Server, command: &str) -> String {
    let program = command.split_whitespace().next().unwrap_or("");
    if program.is_empty() {
        return String::new();
    }
    if program == "echo" && command.contains("/proc/sysrq-trigger") {
        return crash::sysrq(server, command);
    }
    if let Some((left, append, target)) = split_redirect(command) {
        return redirect(server, left, append, target);
    }
    match program {
        "mysqlslap" => mysqlslap::run(server, command),
        "sysbench" => sysbench::run(server, command),
        "mysqltuner" | "mysqltuner.pl" | "./mysqltuner.pl" | "perl" => {
            advisor::run(server, command)
        }
        "cat" => cat(server, command),
        "rm" => rm(server, command),
        "printf" => printf_text(command.trim_start()[6..].trim()),
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
        "ls" if command.split_whitespace().skip(1).all(|w| w.starts_with('-')) => {
            ls_home(server, command.contains("-l"))
        }
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

/// `left > target` or `left >> target` outside quotes: the command and where its output goes.
fn split_redirect(command: &str) -> Option<(&str, bool, &str)> {
    let mut quote: Option<char> = None;
    for (i, ch) in command.char_indices() {
        match (quote, ch) {
            (Some(q), c) if c == q => quote = None,
            (None, '\'' | '"') => quote = Some(ch),
            (None, '>') => {
                let append = command[i + 1..].starts_with('>');
                let target = command[i + 1 + usize::from(append)..].trim();
                return Some((command[..i].trim_end(), append, target));
            }
            _ => {}
        }
    }
    None
}

/// Runs the left side and writes what it prints to the host file `target`, as `sh` does.
fn redirect(server: &mut Server, left: &str, append: bool, target: &str) -> String {
    let path = target.split_whitespace().next().unwrap_or("");
    if path.is_empty() {
        return "sh: 1: Syntax error: newline unexpected\n".into();
    }
    // Only commands whose output is text of their own are redirected; a tool's report
    // (mysqlslap) goes to the file as well, as in a shell.
    let text = if left.split_whitespace().next().is_some() {
        run_shell(server, left)
    } else {
        String::new()
    };
    match server.host_files_mut().write(path, &text, append) {
        Ok(()) => String::new(),
        Err(crate::sim::files::WriteError::NotWritable) => {
            format!("sh: 1: cannot create {path}: Permission denied\n")
        }
        Err(crate::sim::files::WriteError::NoSpace) => {
            format!("sh: 1: cannot create {path}: No space left on device\n")
        }
    }
}

/// `printf FORMAT`: the format's text with `\n`, `\t`, `\\` and `%%` expanded (no
/// arguments: the loads a learner writes need only lines).
fn printf_text(rest: &str) -> String {
    let f = rest.trim_matches(|c| c == '\'' || c == '"');
    let mut out = String::with_capacity(f.len());
    let mut chars = f.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some('n')) => {
                out.push('\n');
                chars.next();
            }
            ('\\', Some('t')) => {
                out.push('\t');
                chars.next();
            }
            ('\\', Some('\\')) | ('%', Some('%')) => {
                out.push(c);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// `cat FILE...`: the host files' text, or the shell's complaint for each missing one.
fn cat(server: &Server, command: &str) -> String {
    let mut out = String::new();
    for path in command.split_whitespace().skip(1).filter(|w| !w.starts_with('-')) {
        match server.host_files().read(path) {
            Some(text) => out.push_str(text),
            None => out.push_str(&format!("cat: {path}: No such file or directory\n")),
        }
    }
    out
}

/// `rm [-f] FILE...` of host files.
fn rm(server: &mut Server, command: &str) -> String {
    let force = command.split_whitespace().any(|w| w.starts_with('-') && w.contains('f'));
    let mut out = String::new();
    for path in command.split_whitespace().skip(1).filter(|w| !w.starts_with('-')) {
        if !server.host_files_mut().remove(path) && !force {
            out.push_str(&format!("rm: cannot remove '{path}': No such file or directory\n"));
        }
    }
    out
}

/// `ls` (or `ls -l`) of the home directory. Simplification: every file shows the current
/// simulated time, not the time it was written.
fn ls_home(server: &Server, long: bool) -> String {
    let files: Vec<(&str, u64)> = server.host_files().list().collect();
    if !long {
        let names: Vec<&str> = files.iter().map(|(n, _)| *n).collect();
        return if names.is_empty() { String::new() } else { format!("{}\n", names.join("  ")) };
    }
    let mut out =
        format!("total {}\n", files.iter().map(|(_, b)| b.div_ceil(4096) * 4).sum::<u64>());
    for (name, bytes) in files {
        out.push_str(&long_line(server, "-rw-r--r-- 1 root root", bytes, name));
    }
    out
}

/// One `ls -l` line: mode and owners, size, the simulated time, name.
fn long_line(server: &Server, mode_and_owners: &str, bytes: u64, name: &str) -> String {
    const MONTHS: [&str; 12] =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let t = server.clock().wall_clock();
    let month = MONTHS[(t.month.clamp(1, 12) - 1) as usize];
    format!("{mode_and_owners} {bytes} {month} {:2} {:02}:{:02} {name}\n", t.day, t.hour, t.minute)
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
                out.push_str(&long_line(server, "-rw-r----- 1 mysql mysql", bytes, path));
            }
            _ if let Some(text) = server.host_files().read(path) => {
                let bytes = text.len() as u64;
                out.push_str(&long_line(server, "-rw-r--r-- 1 root root", bytes, path));
            }
            _ => out.push_str(&format!("ls: cannot access '{path}': No such file or directory\n")),
        }
    }
    out
}
