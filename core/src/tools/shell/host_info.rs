//! What the container's shell tells about the machine under mysqld: `nproc`, `free` and the
//! cgroup v2 files that hold the container's limits (`/sys/fs/cgroup/memory.max`, `cpu.max`,
//! `cpuset.cpus.effective`, `memory.current`). They show section 3.13.1's point from inside:
//! `free` reads /proc/meminfo, which a container does not virtualise, so it reports the
//! host's memory, not the `--memory` limit; `nproc` counts the CPUs the cpuset leaves, and a
//! `--cpus` quota hides none of them (it is `cpu.max`, a time budget per 100 ms period).
//!
//! Simplifications: the simulated host runs nothing but mysqld and keeps no page cache, so
//! `free`'s used is mysqld's memory, shared and buff/cache are 0 and available equals free;
//! there is no swap (WSL2 gives one by default); memory.current is mysqld's memory alone.

use crate::server::Server;

/// `nproc [--all]`: the CPUs this process may run on (the cpuset's), or with `--all` the
/// CPUs the kernel has.
pub fn nproc(server: &Server, command: &str) -> String {
    let host = server.host();
    let words: Vec<&str> = command.split_whitespace().skip(1).collect();
    match words.as_slice() {
        [] => format!("{}\n", host.logical_cpus()),
        ["--all"] => format!("{}\n", host.hardware().host_cpus),
        [other, ..] => {
            let complaint = match other.strip_prefix("--") {
                Some(_) => format!("unrecognized option '{other}'"),
                None => format!("invalid option -- '{}'", other.trim_start_matches('-')),
            };
            format!("nproc: {complaint}\nTry 'nproc --help' for more information.\n")
        }
    }
}

/// The unit `free` prints in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    Bytes,
    Kibi,
    Mebi,
    Gibi,
    Human,
}

/// `free [-b|-k|-m|-g|-h] [-t]`, as procps-ng 4's: the Mem and Swap rows (and with `-t` their
/// Total), in kibibytes unless told otherwise.
pub fn free(server: &Server, command: &str) -> String {
    let mut unit = Unit::Kibi;
    let mut totals = false;
    for w in command.split_whitespace().skip(1) {
        if matches!(w, "-t" | "--total") {
            totals = true;
            continue;
        }
        unit = match w {
            "-b" | "--bytes" => Unit::Bytes,
            "-k" | "--kibi" => Unit::Kibi,
            "-m" | "--mebi" => Unit::Mebi,
            "-g" | "--gibi" => Unit::Gibi,
            "-h" | "--human" => Unit::Human,
            other => {
                return format!(
                    "free: invalid option -- '{}'\n\nUsage:\n free [options]\n",
                    other.trim_start_matches('-')
                )
            }
        };
    }
    let host = server.host();
    let total = host.host_ram_bytes();
    let used = host.used_total_bytes().min(total);
    let free = total - used;
    let show = |bytes: u64| scaled(bytes, unit);
    let mut out = String::from(
        "               total        used        free      shared  buff/cache   available\n",
    );
    out.push_str(&format!("{:<9}{:>11}", "Mem:", show(total)));
    for v in [used, free, 0, 0, free] {
        out.push_str(&format!(" {:>11}", show(v)));
    }
    out.push('\n');
    let mut rows = vec![("Swap:", [0, 0, 0])];
    if totals {
        // Memory plus swap (none here).
        rows.push(("Total:", [total, used, free]));
    }
    for (label, values) in rows {
        out.push_str(&format!("{label:<9}{:>11}", show(values[0])));
        for v in &values[1..] {
            out.push_str(&format!(" {:>11}", show(*v)));
        }
        out.push('\n');
    }
    out
}

/// A byte count in `free`'s unit: whole units (truncated), or for `-h` the largest binary
/// unit it reaches with one decimal below 10 (`5.0Gi`, `62Gi`, `0B`). UNCONFIRMED: procps
/// rounds the human form; this rounds to the nearest tenth or whole.
fn scaled(bytes: u64, unit: Unit) -> String {
    match unit {
        Unit::Bytes => bytes.to_string(),
        Unit::Kibi => (bytes >> 10).to_string(),
        Unit::Mebi => (bytes >> 20).to_string(),
        Unit::Gibi => (bytes >> 30).to_string(),
        Unit::Human => {
            const UNITS: [&str; 5] = ["Ki", "Mi", "Gi", "Ti", "Pi"];
            if bytes < 1024 {
                return format!("{bytes}B");
            }
            let mut v = bytes as f64 / 1024.0;
            let mut i = 0;
            while v >= 1024.0 && i + 1 < UNITS.len() {
                v /= 1024.0;
                i += 1;
            }
            if v < 10.0 {
                format!("{v:.1}{}", UNITS[i])
            } else {
                format!("{}{}", v.round() as u64, UNITS[i])
            }
        }
    }
}

/// The text of a cgroup v2 file of the container's, if `path` names one of those modelled.
pub fn cgroup_file(server: &Server, path: &str) -> Option<String> {
    let name = path.strip_prefix("/sys/fs/cgroup/")?;
    let host = server.host();
    let hw = host.hardware();
    Some(match name {
        "memory.max" => match host.memory_limit_bytes() {
            Some(limit) => format!("{limit}\n"),
            None => "max\n".to_string(),
        },
        "memory.current" => format!("{}\n", host.used_total_bytes()),
        // The quota is CPU time per period: --cpus=4 is 400 ms of every 100 ms.
        "cpu.max" => match hw.cpus_milli {
            0 => "max 100000\n".to_string(),
            q => format!("{} 100000\n", u64::from(q) * 100),
        },
        "cpuset.cpus.effective" => match hw.cpuset_cpus.trim() {
            "" => format!("0-{}\n", hw.host_cpus.saturating_sub(1)),
            list => format!("{list}\n"),
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_sizes_keep_one_decimal_below_ten() {
        assert_eq!(scaled(0, Unit::Human), "0B");
        assert_eq!(scaled(5 << 30, Unit::Human), "5.0Gi");
        assert_eq!(scaled(63488 << 20, Unit::Human), "62Gi");
        assert_eq!(scaled(320 << 20, Unit::Human), "320Mi");
        assert_eq!(scaled(63488 << 20, Unit::Mebi), "63488");
    }
}
