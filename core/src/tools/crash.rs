//! The host commands that crash and restart mysqld: `kill -9 mysqld` (also `pkill -9 mysqld`,
//! `kill -9 $(pidof mysqld)`; the simulated shell resolves the name to mysqld's pid), the
//! magic SysRq reboot `echo b > /proc/sysrq-trigger` (the kernel reboots at once without
//! syncing: everything not yet on the device is lost, as in a power cut), `docker start mysql`
//! (mysqld starts and runs crash recovery) and `docker logs [--tail N] mysql` (its error log).
//!
//! Like the real commands, a successful kill or reboot prints nothing; `docker start` prints
//! the container name, then a `-- tunelab:` line that only a simulator can print: which
//! acknowledged commits recovery lost and whether the binary log and InnoDB now disagree.

use super::mysqlslap::shell_words;
use crate::binlog::recovery::CrashKind;
use crate::server::Server;
use crate::var_id;

/// The most error log lines `docker logs` prints.
const LOG_LINES_MAX: usize = 10_000;

/// `kill` / `pkill`.
pub fn kill(server: &mut Server, command: &str) -> String {
    let words = shell_words(command);
    let program = words.first().map(String::as_str).unwrap_or("kill");
    let nine = words.iter().any(|w| w == "-9" || w == "-KILL" || w == "-SIGKILL" || w == "-s");
    let target = words.iter().skip(1).any(|w| w.contains("mysqld") || w == "1");
    if !target {
        return format!("sh: 1: {program}: only mysqld (pid 1) runs on this host\n");
    }
    if !nine {
        // SIGTERM is a clean shutdown, simulated by `docker restart` / RESTART.
        return format!(
            "sh: 1: {program}: only SIGKILL is simulated here (use RESTART for a clean shutdown)\n"
        );
    }
    // pkill says nothing either way (its exit status tells); kill complains.
    if server.crash(CrashKind::Mysqld) || program == "pkill" {
        String::new()
    } else {
        "sh: 1: kill: No such process\n".into()
    }
}

/// `echo b > /proc/sysrq-trigger`: an immediate reboot without sync (a power loss for the
/// disks). Other SysRq letters are not simulated.
pub fn sysrq(server: &mut Server, command: &str) -> String {
    let letter =
        command.split_whitespace().nth(1).unwrap_or("").trim_matches(|c| c == '\'' || c == '"');
    if letter != "b" && letter != "c" {
        return format!("sh: 1: sysrq '{letter}' is not simulated (b or c reboots at once)\n");
    }
    server.crash(CrashKind::PowerLoss);
    String::new()
}

/// `docker logs [--tail N] mysql`; None for other docker commands (`tools::docker` starts and
/// stops the container).
pub fn docker(server: &mut Server, command: &str) -> Option<String> {
    let words = shell_words(command);
    match words.get(1).map(String::as_str) {
        Some("logs") => {
            let mut tail = LOG_LINES_MAX;
            let mut i = 2;
            while i < words.len() {
                if words[i] == "--tail" || words[i] == "-n" {
                    tail = words.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or(tail);
                    i += 1;
                } else if let Some(v) = words[i].strip_prefix("--tail=") {
                    tail = v.parse().unwrap_or(tail);
                }
                i += 1;
            }
            let log = server.error_log();
            let from = log.len().saturating_sub(tail.min(LOG_LINES_MAX));
            Some(log[from..].iter().map(|l| format!("{l}\n")).collect())
        }
        _ => None,
    }
}

/// `ls` of the redo log directory (`/var/lib/mysql/#innodb_redo`, or `#innodb_redo` from the
/// data directory): InnoDB keeps 32 files of capacity / 32 bytes. Files that hold redo from the
/// checkpoint on are `#ib_redoN`; the rest wait as spares named `#ib_redoN_tmp`, numbered
/// after the newest. `ls` sorts the names; with `-l` each line shows the size as well.
///
/// Simplification: the file numbers count whole files of LSN from zero (InnoDB numbers them
/// from the first file it created), and the resize to a new capacity is instant.
pub fn ls_redo(server: &Server, command: &str) -> String {
    let Some(vars) = server.variables() else {
        return "ls: cannot access '#innodb_redo': No such file or directory\n".into();
    };
    let capacity = vars.global_u64(var_id!("innodb_redo_log_capacity"));
    let file_bytes = (capacity / crate::innodb::redo::REDO_FILES).max(1);
    let redo = &server.logs().redo;
    let first = redo.checkpoint_lsn / file_bytes;
    let last = redo.lsn / file_bytes;
    let in_use = (last - first + 1).min(crate::innodb::redo::REDO_FILES);
    let first = last + 1 - in_use;
    let mut names: Vec<String> = (first..=last).map(|n| format!("#ib_redo{n}")).collect();
    for k in 0..crate::innodb::redo::REDO_FILES - in_use {
        names.push(format!("#ib_redo{}_tmp", last + 1 + k));
    }
    names.sort();
    let long = command.split_whitespace().any(|w| w.starts_with('-') && w.contains('l'));
    let mut out = String::new();
    if long {
        out.push_str(&format!("total {}\n", capacity / 1024));
    }
    for n in names {
        if long {
            out.push_str(&format!("-rw-r----- 1 mysql mysql {file_bytes} Sep 23 08:00 {n}\n"));
        } else {
            out.push_str(&n);
            out.push('\n');
        }
    }
    out
}
