//! `mysqltuner` (and `perl mysqltuner.pl`, as the chapter types it): a MySQLTuner-style
//! advisor on the simulated host. It logs in as MySQLTuner does (each query a `mysql -Bse` of
//! its own), reads variables and status, and prints MySQLTuner 2.9's report: the sections
//! in its order, `[OK]` / `[!!]` / `[--]` lines, then "General recommendations" and
//! "Variables to adjust". The checks are data (`checks.rs`); the facts they read are
//! `facts.rs`.
//!
//! Options: `--defaults-file` / `--defaults-extra-file` (the `[client]` user and password),
//! `--user` / `-u`, `--pass` / `--password` / `-p`, `--nogood`, `--nobad`, `--noinfo`,
//! `--nocolor` / `--color`, `--noprettyicon`, `--skippassword`, `--forcemem N` (MB); `--host`
//! and `--protocol` (with the option file's `host`, `protocol` and `ssl-mode`: the socket, or
//! TCP with TLS, `server::transport`); `--port`, `--socket`, `--checkversion`, `--verbose`
//! and the stat switches are accepted (one server; no section they add is simulated).
//!
//! Simplifications: the report leaves out what reads the host rather than the server (system
//! and filesystem checks, which MySQLTuner skips without `--sysstat`), the CVE list (it needs
//! `--cvefile`), the password dictionary (not beside the script), and colour (the console is
//! not a terminal; `--color` is accepted). The pretty icons MySQLTuner 2.9 prints without
//! `--noprettyicon` are ✔, ✘ and ℹ (UNCONFIRMED: the chapter shows only the legacy tags).

pub mod checks;
mod facts;
mod format;
pub mod statements;

use crate::server::transport::{Transport, TransportOptions};
use crate::server::Server;
use checks::{Level, Outcome, Section, CHECKS};
use facts::{Login, ReadError};
use std::collections::BTreeMap;

/// The MySQLTuner version whose report this follows (the chapter's Listing 3.120).
pub const VERSION: &str = "2.9.2";

#[derive(Clone, Debug, Default)]
struct Options {
    user: Option<String>,
    password: Option<String>,
    defaults_file: Option<String>,
    nogood: bool,
    nobad: bool,
    noinfo: bool,
    noprettyicon: bool,
    skippassword: bool,
    forcemem_mb: Option<u64>,
    /// `--host` and `--protocol` (the option file's `ssl-mode` joins them).
    transport: TransportOptions,
}

fn parse(words: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut i = 0;
    // Bounded by the words.
    while i < words.len() {
        let w = &words[i];
        i += 1;
        if w.starts_with("2>") {
            // A redirection of the shell's (`2>/dev/null`), not an option.
            continue;
        }
        let (name, inline) = match w.split_once('=') {
            Some((n, v)) if n.starts_with('-') => (n.to_string(), Some(v.to_string())),
            _ => (w.clone(), None),
        };
        let value = |i: &mut usize| -> Result<String, String> {
            if let Some(v) = inline.clone() {
                return Ok(v);
            }
            let v = words.get(*i).cloned().ok_or(format!("Option {name} requires an argument"))?;
            *i += 1;
            Ok(v)
        };
        match name.trim_start_matches('-') {
            "nogood" => o.nogood = true,
            "nobad" => o.nobad = true,
            "noinfo" => o.noinfo = true,
            "noprettyicon" => o.noprettyicon = true,
            "skippassword" => o.skippassword = true,
            "nocolor" | "color" | "nocolour" | "verbose" | "v" | "checkversion"
            | "nocheckversion" | "buffers" | "dbstat" | "tbstat" | "idxstat" | "sysstat"
            | "pfstat" | "noask" | "skipsize" => {}
            "defaults-file" | "defaults-extra-file" => o.defaults_file = Some(value(&mut i)?),
            "user" | "u" => o.user = Some(value(&mut i)?),
            "pass" | "password" | "p" => o.password = Some(value(&mut i)?),
            "forcemem" => {
                let v = value(&mut i)?;
                o.forcemem_mb = Some(v.parse().map_err(|_| {
                    format!("Value \"{v}\" invalid for option forcemem (number expected)")
                })?)
            }
            "host" | "protocol" => {
                let v = value(&mut i)?;
                o.transport.take(&name, &v);
            }
            "port" | "socket" | "mysqladmin" | "mysqlcmd" => {
                value(&mut i)?;
            }
            _ => return Err(format!("Unknown option: {}", name.trim_start_matches('-'))),
        }
    }
    Ok(o)
}

/// Runs the advisor with the command line `command` (`mysqltuner ...` or
/// `perl mysqltuner.pl ...`) and returns what it prints.
pub fn run(server: &mut Server, command: &str) -> String {
    run_reading(server, command).0
}

/// As [`run`], with the status counters the run read (SHOW STATUS then SHOW GLOBAL STATUS;
/// empty when it read none): what its report's figures are computed from.
pub fn run_reading(server: &mut Server, command: &str) -> (String, BTreeMap<String, String>) {
    let mut read = BTreeMap::new();
    let text = report(server, command, &mut read);
    (text, read)
}

fn report(server: &mut Server, command: &str, read: &mut BTreeMap<String, String>) -> String {
    let words = crate::tools::mysqlslap::shell_words(command);
    let skip = match words.first().map(String::as_str) {
        Some("perl") => 2,
        _ => 1,
    };
    if words.first().map(String::as_str) == Some("perl")
        && !words.get(1).is_some_and(|s| s.ends_with("mysqltuner.pl"))
    {
        let script = words.get(1).cloned().unwrap_or_default();
        return format!("Can't open perl script \"{script}\": No such file or directory\n");
    }
    let o = match parse(words.get(skip..).unwrap_or(&[])) {
        Ok(o) => o,
        Err(e) => return format!("{e}\n"),
    };
    let mut out = Printer { o: &o, text: String::new() };
    out.plain(&format!(
        " >>  MySQLTuner {VERSION}\n\t * Jean-Marie Renouard <jmrenouard@gmail.com>\n\t * Major Hayden <major@mhtx.net>\n >>  Bug reports, feature requests, and downloads at http://mysqltuner.pl/\n >>  Run with '--help' for additional options and output filtering"
    ));
    out.text.push('\n');
    out.line(Level::Info, "Skipped version check for MySQLTuner script");
    let mut login = Login { user: "root".into(), password: None, transport: Transport::Socket };
    let mut from_file = false;
    // The mysql client MySQLTuner runs reads the file's [client] group: its host, protocol
    // and ssl-mode decide the transport as the user and password decide the login.
    let mut transport = o.transport.clone();
    if let Some(path) = &o.defaults_file {
        let files = server.host_files();
        if files.read(path).is_none() {
            out.line(Level::Bad, "Attempted to use login credentials, but they were invalid");
            return out.text;
        }
        from_file = true;
        login.user = files.client_option(path, "user").unwrap_or_else(|| "root".into());
        login.password = files.client_option(path, "password");
        transport.or_file(files, path);
    }
    login.transport = transport.transport();
    if let Some(u) = &o.user {
        login.user = u.clone();
    }
    if o.password.is_some() {
        login.password = o.password.clone();
    }
    let mut f = match facts::read(server, &login, o.skippassword) {
        Ok(f) => f,
        Err(ReadError::Login) => {
            out.line(Level::Bad, "Attempted to use login credentials, but they were invalid.");
            return out.text;
        }
        Err(ReadError::Down) => {
            out.line(Level::Bad, "Failed to execute: SELECT VERSION()");
            out.line(
                Level::Bad,
                "You probably do not have enough privileges to run MySQLTuner ...",
            );
            return out.text;
        }
    };
    read.clone_from(&f.status);
    if let Some(mb) = o.forcemem_mb {
        f.physical_memory = (mb * 1_048_576) as f64;
    }
    out.line(
        Level::Good,
        if from_file {
            "Logged in using credentials from defaults file account."
        } else {
            "Logged in using credentials passed on the command line"
        },
    );
    // get_all_vars and calculations print their refused statements before the checks start.
    for failed in f.failures.iter().filter(|x| {
        x.sub.starts_with("get_all_vars")
            || x.sub.starts_with("check_privileges")
            || x.sub.starts_with("calculations")
    }) {
        out.line(Level::Bad, &format!("Failed to execute: {}", failed.sql));
        out.line(Level::Bad, "FAIL Execute SQL / return code: 256");
    }
    out.line(Level::Good, "Operating on 64-bit architecture");
    let mut all = Outcome::default();
    for section in Section::ALL {
        out.plain(format::section_rule(section.title()).trim_end_matches('\n'));
        let mut part = Outcome::default();
        for check in CHECKS.iter().filter(|c| c.section == section) {
            (check.run)(&f, &mut part);
        }
        for (level, text) in &part.lines {
            out.line(*level, text);
        }
        if section == Section::Storage {
            // validate_mysql_version prints its verdict after the engines, below a blank line.
            out.plain(" ");
            version_verdict(&f.version, &mut out, &mut all);
        }
        all.adjust.extend(part.adjust);
        all.general.extend(part.general);
    }
    out.plain(format::section_rule("Recommendations").trim_end_matches('\n'));
    if !all.general.is_empty() {
        out.plain("General recommendations:");
        for g in &all.general {
            out.plain(&format!("    {g}"));
        }
    }
    if !all.adjust.is_empty() {
        out.plain("Variables to adjust:");
        for a in &all.adjust {
            out.plain(&format!("    {a}"));
        }
    }
    if all.general.is_empty() && all.adjust.is_empty() {
        out.plain("No additional performance recommendations are available.");
    }
    out.line(Level::Good, "Terminated successfully");
    out.text
}

/// `validate_mysql_version`: the releases MySQLTuner calls supported. MySQL 9.7 is the
/// innovation release of the chapter's MySQLTuner 2.9.2 (UNCONFIRMED: its list is read from
/// 2.8.36's, which names 8.0, 8.4 and 9.5, with 9.7 added for the 2.9 line).
fn version_verdict(version: &str, out: &mut Printer, all: &mut Outcome) {
    let mut parts = version.split(['.', '-']);
    let major = parts.next().unwrap_or("");
    let minor = parts.next().unwrap_or("0");
    let supported = matches!((major, minor), ("8", "0") | ("8", "4") | ("9", "5") | ("9", "7"));
    if supported {
        out.line(
            Level::Good,
            &format!("Currently running supported MySQL/MariaDB version {version}(LTS)"),
        );
    } else {
        out.line(
            Level::Bad,
            &format!("Your MySQL version {version} is EOL software. Upgrade soon!"),
        );
        all.general.push("You are using an unsupported version for production environments".into());
    }
}

/// Prints lines as MySQLTuner's goodprint / badprint / infoprint do, honouring --nogood,
/// --nobad, --noinfo and --noprettyicon.
struct Printer<'a> {
    o: &'a Options,
    text: String,
}

impl Printer<'_> {
    fn plain(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push('\n');
    }

    fn line(&mut self, level: Level, text: &str) {
        let (shown, tag, icon) = match level {
            Level::Good => (!self.o.nogood, "[OK]", "✔ "),
            Level::Bad => (!self.o.nobad, "[!!]", "✘ "),
            Level::Info => (!self.o.noinfo, "[--]", "ℹ "),
        };
        if shown {
            let tag = if self.o.noprettyicon { tag } else { icon.trim_end() };
            self.plain(&format!("{tag} {text}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_as_the_chapter_types_them() {
        let words: Vec<String> = "--defaults-file bench.cnf --noprettyicon --nogood --noinfo"
            .split(' ')
            .map(String::from)
            .collect();
        let o = parse(&words).unwrap();
        assert_eq!(o.defaults_file.as_deref(), Some("bench.cnf"));
        assert!(o.noprettyicon && o.nogood && o.noinfo && !o.nobad);
        assert!(parse(&["--bogus".to_string()]).unwrap_err().contains("Unknown option: bogus"));
        assert!(parse(&["--forcemem".to_string(), "x".to_string()]).is_err());
    }

    #[test]
    fn every_check_says_what_it_reads_and_follows() {
        for c in CHECKS {
            assert!(!c.reads.is_empty(), "{}", c.follows);
            assert!(!c.rule.is_empty() && !c.follows.is_empty());
        }
    }
}
