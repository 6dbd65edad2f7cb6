//! `ls [-l] [-h] [-a] [PATH...]` (GNU coreutils): the home directory, mysqld's datadir and its
//! subdirectories (`server::datadir`), single files. File operands are listed first, then each
//! directory under a `DIR:` heading when there are several operands, as GNU `ls` does.
//!
//! On the terminal a name that needs shell quoting (one starting with `#`, or holding a space
//! or a quote) is printed in single quotes, and with `-l` the other names are indented by a
//! space to stay aligned (GNU `ls` 8.25+); into a pipe names are printed bare.
//!
//! Without `-l`, on the terminal the names are laid out in columns filled top to bottom (an
//! 80-column terminal), and into a pipe one a line.
//!
//! Simplifications: every entry shows the current simulated time, not when it was
//! written; `-a` adds nothing (the simulated directories have no dot files).

use super::files::{self, Place};
use crate::server::datadir::{DatadirEntry, DATA_FILE, DIRECTORY};
use crate::server::Server;

/// Mode and owners of the home directory's files.
const HOME_FILE: &str = "-rw-r--r-- 1 root root";

/// How the listing is printed.
#[derive(Clone, Copy, Debug, Default)]
struct Style {
    long: bool,
    human: bool,
    terminal: bool,
}

/// Runs `ls` as `command` words it; `terminal` when its output is not piped or redirected.
pub fn run(server: &Server, command: &str, terminal: bool) -> String {
    let words = super::pipeline::words(command);
    let mut style = Style { terminal, ..Style::default() };
    let mut paths = Vec::new();
    for w in words.iter().skip(1) {
        match w.strip_prefix('-') {
            Some(flags) if !flags.is_empty() && !w.starts_with("--") => {
                style.long |= flags.contains('l');
                style.human |= flags.contains('h');
            }
            _ if w == "--human-readable" => style.human = true,
            _ if w.starts_with("--") => {}
            _ => paths.push(w.clone()),
        }
    }
    if paths.is_empty() {
        return home(server, style);
    }
    let mut errors = String::new();
    let mut singles: Vec<DatadirEntry> = Vec::new();
    let mut dirs: Vec<(String, Vec<DatadirEntry>)> = Vec::new();
    for path in &paths {
        if path == "~" || path == "/root" || path == "/root/" || path == "." {
            dirs.push((path.clone(), home_entries(server)));
        } else if let Some(entries) =
            path.starts_with('/').then(|| files::datadir_listing(server, path)).flatten()
        {
            dirs.push((path.clone(), entries));
        } else if let Some((bytes, place)) = files::size(server, path) {
            // mysqld's files carry their own mode (and a link its target); a log has none.
            let (mode, target) = match place {
                Place::Home => (HOME_FILE, None),
                Place::Datadir => files::datadir_entry(server, path)
                    .map_or((DATA_FILE, None), |e| (e.mode, e.target)),
            };
            singles.push(DatadirEntry { name: path.clone(), bytes, mode, target });
        } else {
            errors.push_str(&format!("ls: cannot access '{path}': No such file or directory\n"));
        }
    }
    let mut out = errors;
    if !singles.is_empty() {
        singles.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
        out.push_str(&entries_text(server, &singles, style, false));
    }
    let headed = paths.len() > 1;
    for (i, (path, entries)) in dirs.iter().enumerate() {
        if headed {
            if i > 0 || !singles.is_empty() {
                out.push('\n');
            }
            out.push_str(&format!("{path}:\n"));
        }
        out.push_str(&entries_text(server, entries, style, true));
    }
    out
}

/// `ls` of the home directory.
fn home(server: &Server, style: Style) -> String {
    entries_text(server, &home_entries(server), style, true)
}

fn home_entries(server: &Server) -> Vec<DatadirEntry> {
    server
        .host_files()
        .list()
        .map(|(name, bytes)| DatadirEntry {
            name: name.to_string(),
            bytes,
            mode: HOME_FILE,
            target: None,
        })
        .collect()
}

/// The entries as `ls` prints them; `total` for a directory's long listing.
fn entries_text(server: &Server, entries: &[DatadirEntry], style: Style, total: bool) -> String {
    let quoted: Vec<String> = entries
        .iter()
        .map(|e| if style.terminal { quote(&e.name) } else { e.name.clone() })
        .collect();
    let any_quoted = quoted.iter().zip(entries).any(|(q, e)| *q != e.name);
    if !style.long {
        let shown: Vec<String> = quoted
            .iter()
            .zip(entries)
            .map(|(q, e)| if any_quoted && *q == e.name { format!(" {q}") } else { q.clone() })
            .collect();
        return if style.terminal { columns(&shown) } else { lines(&shown) };
    }
    let mut out = String::new();
    if total {
        let kib: u64 = entries.iter().map(blocks_kib).sum();
        let shown = if style.human { human(kib * 1024) } else { kib.to_string() };
        out.push_str(&format!("total {shown}\n"));
    }
    let sizes: Vec<String> = entries
        .iter()
        .map(|e| if style.human { human(e.bytes) } else { e.bytes.to_string() })
        .collect();
    let width = sizes.iter().map(String::len).max().unwrap_or(1);
    let t = server.clock().wall_clock();
    for ((e, name), size) in entries.iter().zip(&quoted).zip(&sizes) {
        let pad = if any_quoted && *name == e.name { " " } else { "" };
        let link = e.target.as_ref().map(|t| format!(" -> {t}")).unwrap_or_default();
        out.push_str(&format!(
            "{} {size:>width$} {} {:2} {:02}:{:02} {pad}{name}{link}\n",
            e.mode,
            t.month_abbrev(),
            t.day,
            t.hour,
            t.minute
        ));
    }
    out
}

/// Terminal width `ls` lays its columns out in (a terminal of 80 columns).
const TERMINAL_COLUMNS: usize = 80;

/// One name a line (`ls` into a pipe).
fn lines(names: &[String]) -> String {
    names.iter().map(|n| format!("{n}\n")).collect()
}

/// The names in as many columns as fit the terminal, filled top to bottom, two spaces apart
/// (GNU `ls`'s vertical format).
fn columns(names: &[String]) -> String {
    if names.is_empty() {
        return String::new();
    }
    let widths: Vec<usize> = names.iter().map(|n| n.chars().count()).collect();
    // A column takes at least three characters (a name and two spaces), as GNU ls bounds it:
    // so at most 27 columns are tried, however many names there are.
    let most = names.len().min(TERMINAL_COLUMNS / 3 + 1);
    let layout = (1..=most).rev().find_map(|cols| {
        let rows = names.len().div_ceil(cols);
        let col_widths: Vec<usize> =
            widths.chunks(rows).map(|c| c.iter().copied().max().unwrap_or(0)).collect();
        let total: usize = col_widths.iter().sum::<usize>() + 2 * (col_widths.len() - 1);
        (total <= TERMINAL_COLUMNS || cols == 1).then_some((rows, col_widths))
    });
    let Some((rows, col_widths)) = layout else { return lines(names) };
    let mut out = String::new();
    for r in 0..rows {
        let mut line = String::new();
        for (c, w) in col_widths.iter().enumerate() {
            let Some(name) = names.get(c * rows + r) else { break };
            if c > 0 {
                line.push_str("  ");
            }
            line.push_str(&format!("{name:<w$}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The 1 KiB blocks a file takes (whole 4 KiB blocks; a link and an empty file none).
fn blocks_kib(e: &DatadirEntry) -> u64 {
    if e.target.is_some() {
        return 0;
    }
    if e.mode == DIRECTORY {
        return 4;
    }
    e.bytes.div_ceil(4096) * 4
}

/// A name as GNU `ls` shows it on a terminal (its shell-escape quoting): in single quotes when
/// it starts with `#` or `~`, or holds a space or a character the shell treats specially.
fn quote(name: &str) -> String {
    let special = |c: char| " \t\"'`$&|;<>()*?[]!\\{}".contains(c);
    if name.starts_with(['#', '~']) || name.contains(special) {
        if name.contains('\'') {
            return format!("\"{name}\"");
        }
        return format!("'{name}'");
    }
    name.to_string()
}

/// A size as `ls -h` prints it: powers of 1024, rounded up, one decimal below 10.
fn human(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["K", "M", "G", "T", "P", "E"];
    if bytes < 1024 {
        return bytes.to_string();
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 - f64::EPSILON && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let tenths = (value * 10.0 - 1e-9).ceil() / 10.0;
    if tenths < 10.0 {
        format!("{tenths:.1}{}", UNITS[unit])
    } else {
        let whole = value.ceil();
        if whole >= 1024.0 && unit + 1 < UNITS.len() {
            format!("1.0{}", UNITS[unit + 1])
        } else {
            format!("{whole:.0}{}", UNITS[unit])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_sizes_round_up_as_gnu_ls_does() {
        // As listings of MySQL datadirs show them with ls -lh.
        assert_eq!(human(196_608), "192K");
        assert_eq!(human(8_585_216), "8.2M");
        assert_eq!(human(1_676), "1.7K");
        assert_eq!(human(1_108), "1.1K");
        assert_eq!(human(12_582_912), "12M");
        assert_eq!(human(26_214_400), "25M");
        assert_eq!(human(56), "56");
        assert_eq!(human(1024), "1.0K");
    }

    #[test]
    fn names_needing_quotes_are_quoted() {
        assert_eq!(quote("#innodb_redo"), "'#innodb_redo'");
        assert_eq!(quote("t#p#p0.ibd"), "t#p#p0.ibd");
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("ibdata1"), "ibdata1");
    }
}
