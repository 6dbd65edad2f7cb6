//! Commands run with the mysql client's `\!`: the simulated host's shell. Each tool is a
//! simulation against the same server (mysqlslap, docker restart, kill -9, the text
//! filters); anything else is not installed on the simulated host, and the shell says so as
//! `sh` does.
//!
//! A command line is a pipeline (`shell::pipeline`): each stage's output is the next one's
//! input, and `>`, `>>`, `2>/dev/null` and `2>&1` send a stage's output or errors elsewhere.
//! Every program prints one text, its errors among its output in order (what a terminal
//! shows); a pipe or a redirection splits out the errors: the lines that start with the
//! program's name and a colon, or `sh:`, as GNU tools and `sh` word theirs.
//! Simplification: a program's normal output that happens to start that way is taken as an
//! error line too.

pub mod advisor;
pub mod crash;
mod digest_host;
pub mod mysqlslap;
pub mod pt_query_digest;
pub mod shell;
pub mod sysbench;

use crate::server::Server;
use shell::files;
use shell::glob;
use shell::pipeline::{self, Target};
use shell::{sort_uniq, text_filters};

/// A program the caller runs itself: given a stage's text, its output, or None to let the
/// shell run it (the mysql client runs `mysql` in batch mode, a part above the tools).
pub type External<'a> = &'a mut dyn FnMut(&mut Server, &str) -> Option<String>;

/// Runs `command` on the simulated host and returns what it prints.
pub fn run_shell(server: &mut Server, command: &str) -> String {
    run_shell_with(server, command, &mut |_, _| None)
}

/// Runs `command`, letting `external` run the programs it knows (see [`External`]).
pub fn run_shell_with(server: &mut Server, command: &str, external: External<'_>) -> String {
    let lines = pipeline::sequence(command);
    if lines.is_empty() && !command.trim().is_empty() {
        return "sh: 1: Syntax error: \";\" unexpected\n".into();
    }
    if lines.len() > 1 {
        return lines
            .into_iter()
            .map(|line| run_shell_with(server, line, &mut *external))
            .collect();
    }
    let substituted = shell::substitution::substitute(command, &mut |inner| {
        run_shell_with(server, inner, &mut *external)
    });
    let command = substituted.as_str();
    let program = command.split_whitespace().next().unwrap_or("");
    if program.is_empty() {
        return String::new();
    }
    if program == "echo" && command.contains("/proc/sysrq-trigger") {
        return crash::sysrq(server, command);
    }
    let stages = match pipeline::parse(command) {
        Ok(stages) => stages,
        Err(e) => return format!("sh: 1: Syntax error: {}\n", e.0),
    };
    // What reaches the terminal besides the last stage's output: earlier stages' errors.
    let mut terminal = String::new();
    let mut input: Option<String> = None;
    let last = stages.len() - 1;
    for (i, stage) in stages.iter().enumerate() {
        let piped = i < last;
        let to_terminal = !piped && stage.stdout.is_none();
        let printed = match external(server, &stage.text) {
            Some(out) => out,
            None => run_command(server, &stage.text, input.as_deref(), to_terminal),
        };
        if !piped && stage.stdout.is_none() && stage.stderr.is_none() {
            terminal.push_str(&printed);
            return terminal;
        }
        let name = stage.text.split_whitespace().next().unwrap_or("");
        let (mut stdout, mut stderr) = split_errors(name, &printed);
        match &stage.stderr {
            Some(Target::Null) => stderr.clear(),
            Some(Target::Stdout) => {
                // Errors join the output where they were printed.
                stdout = printed.clone();
                stderr.clear();
            }
            Some(Target::File(path, append)) => {
                terminal.push_str(&write_file(server, path, &stderr, *append));
                stderr.clear();
            }
            None => {}
        }
        match &stage.stdout {
            Some(Target::Null) => stdout.clear(),
            Some(Target::File(path, append)) => {
                terminal.push_str(&write_file(server, path, &stdout, *append));
                stdout.clear();
            }
            _ => {}
        }
        terminal.push_str(&stderr);
        if !piped {
            terminal.push_str(&stdout);
        }
        input = Some(stdout);
    }
    terminal
}

/// A program's text split into (output, errors): an error line starts with `program:` or
/// `sh:` (see the module header).
fn split_errors(program: &str, printed: &str) -> (String, String) {
    let mut stdout = String::new();
    let mut stderr = String::new();
    let own = format!("{}: ", program.rsplit('/').next().unwrap_or(program));
    for line in printed.split_inclusive('\n') {
        if line.starts_with(&own) || line.starts_with("sh: ") {
            stderr.push_str(line);
        } else {
            stdout.push_str(line);
        }
    }
    (stdout, stderr)
}

/// Writes `text` to the host file `path` (`>` replaces, `>>` appends), or says why not.
fn write_file(server: &mut Server, path: &str, text: &str, append: bool) -> String {
    match server.host_files_mut().write(path, text, append) {
        Ok(()) => String::new(),
        Err(crate::sim::files::WriteError::NotWritable) => {
            format!("sh: 1: cannot create {path}: Permission denied\n")
        }
        Err(crate::sim::files::WriteError::NoSpace) => {
            format!("sh: 1: cannot create {path}: No space left on device\n")
        }
    }
}

/// Runs one command of a pipeline, with `stdin` the previous stage's output (None at the
/// start of a line: the terminal, which has nothing to read); `terminal` when its output goes
/// to the terminal. Its pattern words are expanded first (`shell::glob`).
fn run_command(server: &mut Server, command: &str, stdin: Option<&str>, terminal: bool) -> String {
    let expanded = glob::expand(server, command);
    let command = expanded.as_str();
    let program = command.split_whitespace().next().unwrap_or("");
    if program.is_empty() {
        return String::new();
    }
    let stdin = stdin.unwrap_or("");
    match program {
        "mysqlslap" => mysqlslap::run(server, command),
        "pt-query-digest" | "/usr/bin/pt-query-digest" => digest_host::run(server, command, stdin),
        "sysbench" => sysbench::run(server, command),
        "mysqltuner" | "mysqltuner.pl" | "./mysqltuner.pl" | "perl" => {
            advisor::run(server, command)
        }
        "cat" => cat(server, command, stdin),
        "grep" => grep(server, command, stdin),
        "cut" => cut(server, command, stdin),
        "head" | "tail" => head_tail(server, program, command, stdin),
        "wc" => wc(server, command, stdin),
        "sort" => sort(server, command, stdin),
        "uniq" => uniq(server, command, stdin),
        "rm" => rm(server, command),
        "printf" => printf_text(command.trim_start()[6..].trim()),
        "kill" | "pkill" => crash::kill(server, command),
        "ls" if command.contains("#innodb_redo") => crash::ls_redo(server, command),
        "docker" if matches!(command.split_whitespace().nth(1), Some("logs")) => {
            crash::docker(server, command).unwrap_or_default()
        }
        // `echo` is a shell builtin; lessons use it to label output.
        "echo" => {
            let words = pipeline::words(command);
            format!("{}\n", words[1..].join(" "))
        }
        "docker" => docker(server, command),
        "nproc" => shell::host_info::nproc(server, command),
        "hostname" => shell::clock_and_name::hostname(server, command),
        "date" => shell::clock_and_name::date(server, command),
        "free" => shell::host_info::free(server, command),
        "ls" => shell::ls::run(server, command, terminal),
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

/// The operands of a command (its words after the program that are not options).
fn operands(command: &str) -> Vec<String> {
    pipeline::words(command)
        .into_iter()
        .skip(1)
        .filter(|w| !w.starts_with('-') || w == "-")
        .collect()
}

/// `cat [FILE...]`: the files' text (host files, or mysqld's logs in the datadir), or its
/// input when it names none (`-` too), and its complaint for each missing one.
fn cat(server: &Server, command: &str, stdin: &str) -> String {
    let paths = operands(command);
    if paths.is_empty() {
        return stdin.to_string();
    }
    let mut out = String::new();
    for path in paths {
        match files::read(server, &path) {
            _ if path == "-" => out.push_str(stdin),
            Some((text, _)) => out.push_str(&text),
            None if files::is_datadir_dir(server, &path) => {
                out.push_str(&format!("cat: {path}: Is a directory\n"))
            }
            None => out.push_str(&format!("cat: {path}: No such file or directory\n")),
        }
    }
    out
}

/// The inputs a filter reads: the files named (name, text), or its input; and the complaint
/// (`PROGRAM: FILE: No such file or directory`) for each file that is not there.
fn filter_inputs(
    server: &Server,
    program: &str,
    paths: &[String],
    stdin: &str,
) -> (Vec<(String, String)>, String) {
    if paths.is_empty() {
        return (vec![(String::new(), stdin.to_string())], String::new());
    }
    let mut inputs = Vec::new();
    let mut errors = String::new();
    for path in paths {
        match files::read(server, path) {
            _ if path == "-" => inputs.push((String::new(), stdin.to_string())),
            Some((text, _)) => inputs.push((path.clone(), text.to_string())),
            None => errors.push_str(&match program {
                "head" | "tail" => {
                    format!(
                        "{program}: cannot open '{path}' for reading: No such file or directory\n"
                    )
                }
                _ => format!("{program}: {path}: No such file or directory\n"),
            }),
        }
    }
    (inputs, errors)
}

/// `grep [OPTIONS] PATTERN [FILE...]` (see `text_filters::grep_options`).
fn grep(server: &Server, command: &str, stdin: &str) -> String {
    let args = pipeline::words(command);
    let o = match text_filters::grep_options(&args[1..]) {
        Ok(o) => o,
        Err(e) => return format!("{e}\n"),
    };
    let re = match text_filters::grep_matcher(&o) {
        Ok(re) => re,
        Err(e) => return format!("{e}\n"),
    };
    let (inputs, errors) = filter_inputs(server, "grep", &o.files, stdin);
    format!("{errors}{}", text_filters::grep(&o, &re, &inputs))
}

/// `cut -c LIST | -d D -f LIST [-s] [FILE...]`.
fn cut(server: &Server, command: &str, stdin: &str) -> String {
    let args = pipeline::words(command);
    let (spec, paths) = match text_filters::cut_args(&args[1..]) {
        Ok(parsed) => parsed,
        Err(e) => return format!("{e}\n"),
    };
    let (inputs, errors) = filter_inputs(server, "cut", &paths, stdin);
    let mut out = errors;
    for (_, text) in &inputs {
        out.push_str(&text_filters::cut(&spec, text));
    }
    out
}

/// `head` / `tail [-n N] [FILE...]`; with several files each is headed `==> FILE <==`.
fn head_tail(server: &Server, program: &str, command: &str, stdin: &str) -> String {
    let args = pipeline::words(command);
    let ((n, from_start), paths) = match text_filters::line_count_options(program, &args[1..]) {
        Ok(parsed) => parsed,
        Err(e) => return format!("{e}\n"),
    };
    let (inputs, errors) = filter_inputs(server, program, &paths, stdin);
    let mut out = errors;
    let titled = inputs.len() > 1;
    for (k, (name, text)) in inputs.iter().enumerate() {
        if titled {
            out.push_str(&format!("{}==> {name} <==\n", if k > 0 { "\n" } else { "" }));
        }
        out.push_str(&if program == "head" {
            text_filters::head(text, n)
        } else {
            text_filters::tail(text, n, from_start)
        });
    }
    out
}

/// `wc [-l|-w|-c] [FILE...]`.
fn wc(server: &Server, command: &str, stdin: &str) -> String {
    let args = pipeline::words(command);
    let (options, paths): (Vec<String>, Vec<String>) =
        args[1..].iter().cloned().partition(|a| a.starts_with('-') && a != "-");
    let (inputs, errors) = filter_inputs(server, "wc", &paths, stdin);
    let out = text_filters::wc(&options, &inputs);
    format!("{errors}{}{}", out.stderr, out.stdout)
}

/// `sort [OPTIONS] [FILE...]` (see `sort_uniq::sort_options`).
fn sort(server: &Server, command: &str, stdin: &str) -> String {
    let args = pipeline::words(command);
    let o = match sort_uniq::sort_options(&args[1..]) {
        Ok(o) => o,
        Err(e) => return format!("{e}\n"),
    };
    let (inputs, errors) = filter_inputs(server, "sort", &o.files, stdin);
    if let Some(first) = errors.lines().next() {
        // GNU sort opens every file before it prints, and stops at the first missing one.
        return format!("sort: cannot read: {}\n", first.trim_start_matches("sort: "));
    }
    let texts: Vec<String> = inputs.into_iter().map(|(_, text)| text).collect();
    sort_uniq::sort(&o, &texts)
}

/// `uniq [-c] [-d] [-u] [-i] [FILE]` (see `sort_uniq::uniq_options`).
fn uniq(server: &Server, command: &str, stdin: &str) -> String {
    let args = pipeline::words(command);
    let o = match sort_uniq::uniq_options(&args[1..]) {
        Ok(o) => o,
        Err(e) => return format!("{e}\n"),
    };
    let (inputs, errors) = filter_inputs(server, "uniq", &o.files, stdin);
    let text = inputs.first().map_or("", |(_, text)| text.as_str());
    format!("{errors}{}", sort_uniq::uniq(&o, text))
}

/// `rm [-f] FILE...` of host files, and of mysqld's logs in the datadir (a log mysqld has
/// open keeps being written, to nowhere, until `FLUSH LOGS` creates it again).
fn rm(server: &mut Server, command: &str) -> String {
    let force = command.split_whitespace().any(|w| w.starts_with('-') && w.contains('f'));
    let mut out = String::new();
    for path in operands(command) {
        let removed = server.host_files_mut().remove(&path) || server.remove_datadir_file(&path);
        if !removed && !force {
            out.push_str(&format!("rm: cannot remove '{path}': No such file or directory\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::DatasetSpec;

    fn server() -> Server {
        let hw = crate::sim::profile(crate::sim::DEFAULT_PROFILE).expect("the default profile");
        Server::start(1, hw.hardware, Vec::new(), &DatasetSpec::none()).expect("it starts")
    }

    #[test]
    fn broken_command_lines_never_panic() {
        let mut s = server();
        let lines = [
            "|",
            "||",
            ">",
            ">>",
            "2>",
            "2>&",
            "2>&9",
            "cat |",
            "| cat",
            "a | | b",
            "'",
            "\"",
            "echo 'a",
            "grep",
            "grep -e",
            "grep -E '('",
            "grep -E '[[:alpha:]'",
            "cut -c",
            "cut -c 5-1",
            "cut -d",
            "cut -d ab -f 1",
            "head -n",
            "head -n x",
            "tail -n -",
            "wc -z",
            "ls -l /var/lib/mysql /root",
            "cat /var/lib/mysql",
            "rm -f /nope",
            "echo é > ö",
            "printf",
            "echo",
            "cat bench.cnf | cut -c 1-2,1-3 | grep -c é",
            "grep -c '' /var/lib/mysql/tunelab-slow.log nothing",
            "tail -n +0 bench.cnf",
            "head -c 3 bench.cnf",
            "wc",
            "echo x 2>/dev/null >/dev/null",
        ];
        for line in lines {
            let _ = run_shell(&mut s, line);
        }
        assert_eq!(run_shell(&mut s, " ; "), "sh: 1: Syntax error: \";\" unexpected\n");
        assert_eq!(run_shell(&mut s, "echo ok | cat"), "ok\n", "the shell still works");
    }

    #[test]
    fn errors_leave_a_pipe_for_the_terminal() {
        let mut s = server();
        let out = run_shell(&mut s, "cat nothing bench.cnf | grep -c user");
        assert_eq!(out, "cat: nothing: No such file or directory\n1\n");
        assert_eq!(run_shell(&mut s, "cat nothing 2>/dev/null | wc -l"), "0\n");
        assert_eq!(run_shell(&mut s, "nope x | wc -l"), "sh: 1: nope: not found\n0\n");
        assert_eq!(run_shell(&mut s, "echo a > f.txt"), "");
        assert_eq!(run_shell(&mut s, "echo b >> f.txt; echo 'c;d' >> f.txt"), "");
        assert_eq!(run_shell(&mut s, "cat f.txt"), "a\nb\nc;d\n");
    }
}
