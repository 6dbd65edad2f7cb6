//! The text filters a pipe feeds, as GNU coreutils and grep behave for the options the
//! chapter and its readers use: `grep [-E|-F] [-v] [-c] [-i] [-n] [-e PATTERN] PATTERN`,
//! `cut -c LIST` / `cut -d D -f LIST`, `head` / `tail [-n N]`, `wc [-l|-w|-c]`. Each is a
//! pure function from its words and its input text to what it prints (`Output`); the files
//! named on its command line are read by the caller (`files`).
//!
//! Simplification: `cut -c` counts characters, not bytes (GNU's `-c` is `-b`); the same for
//! ASCII, and it never cuts a UTF-8 character in two.

use regex::{Regex, RegexBuilder};

/// What a filter prints: its output, and its complaints (the shell's stderr).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
}

impl Output {
    fn out(stdout: String) -> Output {
        Output { stdout, stderr: String::new() }
    }

    fn err(stderr: String) -> Output {
        Output { stdout: String::new(), stderr }
    }
}

/// Most bytes a pattern may have (the regex crate bounds what it compiles too).
const PATTERN_BYTES_MAX: usize = 4096;
/// Compiled size limit for a pattern.
const REGEX_SIZE_MAX: usize = 1 << 20;

/// grep's options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GrepOptions {
    pub extended: bool,
    pub fixed: bool,
    pub invert: bool,
    pub count: bool,
    pub ignore_case: bool,
    pub line_numbers: bool,
    pub patterns: Vec<String>,
    pub files: Vec<String>,
}

/// grep's words (after `grep`) into its options, or its complaint.
pub fn grep_options(args: &[String]) -> Result<GrepOptions, String> {
    let mut o = GrepOptions::default();
    let mut i = 0;
    let mut operands = Vec::new();
    let mut options_done = false;
    while i < args.len() {
        let a = &args[i];
        if options_done || !a.starts_with('-') || a == "-" {
            operands.push(a.clone());
        } else if a == "--" {
            options_done = true;
        } else if a == "-e" || a == "--regexp" {
            let p = args.get(i + 1).ok_or("grep: option requires an argument -- 'e'")?;
            o.patterns.push(p.clone());
            i += 1;
        } else if let Some(p) = a.strip_prefix("--regexp=") {
            o.patterns.push(p.to_string());
        } else if let Some(long) = a.strip_prefix("--") {
            match long {
                "extended-regexp" => o.extended = true,
                "fixed-strings" => o.fixed = true,
                "invert-match" => o.invert = true,
                "count" => o.count = true,
                "ignore-case" => o.ignore_case = true,
                "line-number" => o.line_numbers = true,
                _ => return Err(format!("grep: unrecognized option '{a}'")),
            }
        } else {
            let flags: Vec<char> = a.chars().skip(1).collect();
            for (k, f) in flags.iter().enumerate() {
                match f {
                    'E' => o.extended = true,
                    'F' => o.fixed = true,
                    'G' => o.extended = false,
                    'v' => o.invert = true,
                    'c' => o.count = true,
                    'i' => o.ignore_case = true,
                    'n' => o.line_numbers = true,
                    'e' => {
                        let rest: String = flags[k + 1..].iter().collect();
                        if !rest.is_empty() {
                            o.patterns.push(rest);
                        } else {
                            let p = args
                                .get(i + 1)
                                .ok_or("grep: option requires an argument -- 'e'")?;
                            o.patterns.push(p.clone());
                            i += 1;
                        }
                        break;
                    }
                    _ => return Err(format!("grep: invalid option -- '{f}'")),
                }
            }
        }
        i += 1;
    }
    if o.patterns.is_empty() {
        if operands.is_empty() {
            return Err("Usage: grep [OPTION]... PATTERNS [FILE]...".into());
        }
        o.patterns.push(operands.remove(0));
    }
    o.files = operands;
    Ok(o)
}

/// A basic regular expression (grep without -E) in ERE terms: `\|`, `\+`, `\?`, `\(`, `\)`,
/// `\{`, `\}` are operators, and the bare characters are literal.
fn bre_to_ere(p: &str) -> String {
    let mut out = String::with_capacity(p.len() + 8);
    let mut chars = p.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(n @ ('|' | '+' | '?' | '(' | ')' | '{' | '}')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push_str("\\\\"),
            },
            '|' | '+' | '?' | '(' | ')' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// POSIX bracket classes (`[[:digit:]]`) are the regex crate's ASCII classes already; GNU's
/// `\<` and `\>` word boundaries become `\b`.
fn gnu_to_rust(p: &str) -> String {
    p.replace("\\<", "\\b").replace("\\>", "\\b")
}

/// The matcher of grep's patterns (any of them matching matches).
pub fn grep_matcher(o: &GrepOptions) -> Result<Regex, String> {
    let parts: Vec<String> = o
        .patterns
        .iter()
        .flat_map(|p| p.split('\n').map(str::to_string).collect::<Vec<_>>())
        .map(|p| {
            if o.fixed {
                regex::escape(&p)
            } else if o.extended {
                gnu_to_rust(&p)
            } else {
                gnu_to_rust(&bre_to_ere(&p))
            }
        })
        .collect();
    let joined = parts.iter().map(|p| format!("(?:{p})")).collect::<Vec<_>>().join("|");
    if joined.len() > PATTERN_BYTES_MAX {
        return Err("grep: pattern too long".into());
    }
    RegexBuilder::new(&joined)
        .case_insensitive(o.ignore_case)
        .size_limit(REGEX_SIZE_MAX)
        .build()
        .map_err(|_| "grep: Unmatched ( or \\(".to_string())
}

/// grep over `inputs` (name, text): the lines that match (or, with -v, do not), or their count;
/// with more than one input each line is prefixed by its input's name.
pub fn grep(o: &GrepOptions, re: &Regex, inputs: &[(String, String)]) -> String {
    let mut out = String::new();
    let named = inputs.len() > 1;
    for (name, text) in inputs {
        let mut n = 0u64;
        for (i, line) in text.lines().enumerate() {
            if re.is_match(line) == o.invert {
                continue;
            }
            n += 1;
            if o.count {
                continue;
            }
            if named {
                out.push_str(name);
                out.push(':');
            }
            if o.line_numbers {
                out.push_str(&format!("{}:", i + 1));
            }
            out.push_str(line);
            out.push('\n');
        }
        if o.count {
            if named {
                out.push_str(&format!("{name}:"));
            }
            out.push_str(&format!("{n}\n"));
        }
    }
    out
}

/// A `cut` list: 1-based inclusive ranges, an open end as `u32::MAX`.
pub fn cut_list(list: &str) -> Result<Vec<(u32, u32)>, String> {
    let bad = || "cut: invalid byte, character or field list".to_string();
    let mut ranges = Vec::new();
    for part in list.split(',') {
        let part = part.trim();
        if part.split('-').any(|n| n == "0") {
            return Err("cut: fields and positions are numbered from 1".into());
        }
        let number = |s: &str| s.parse::<u32>().ok().filter(|n| *n > 0);
        let range = match part.split_once('-') {
            None => number(part).map(|n| (n, n)),
            Some(("", "")) => return Err("cut: invalid range with no endpoint: -".into()),
            Some(("", to)) => number(to).map(|t| (1, t)),
            Some((from, "")) => number(from).map(|f| (f, u32::MAX)),
            Some((from, to)) => match (number(from), number(to)) {
                (Some(f), Some(t)) if f <= t => Some((f, t)),
                (Some(_), Some(_)) => return Err("cut: invalid decreasing range".into()),
                _ => None,
            },
        };
        ranges.push(range.ok_or_else(bad)?);
    }
    if ranges.is_empty() {
        return Err(bad());
    }
    Ok(ranges)
}

fn in_list(ranges: &[(u32, u32)], k: u32) -> bool {
    ranges.iter().any(|&(f, t)| k >= f && k <= t)
}

/// What `cut` keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutSpec {
    pub ranges: Vec<(u32, u32)>,
    /// Characters (`-c`, `-b`), else fields.
    pub by_chars: bool,
    pub delimiter: char,
    /// `-s`: a line without the delimiter is left out.
    pub only_delimited: bool,
}

/// `cut`'s words (after `cut`) into what it keeps and its file operands, or its complaint.
pub fn cut_args(args: &[String]) -> Result<(CutSpec, Vec<String>), String> {
    let help = "\nTry 'cut --help' for more information.";
    let mut chars = None;
    let mut fields = None;
    let mut delimiter = '\t';
    let mut only_delimited = false;
    let mut files = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let mut value = |flag: &str| -> Option<String> {
            if a == flag {
                i += 1;
                args.get(i).cloned()
            } else {
                a.strip_prefix(flag).map(str::to_string)
            }
        };
        if a.starts_with("-c") || a.starts_with("-b") {
            chars = Some(
                value(&a[..2]).ok_or(format!("cut: option requires an argument -- 'c'{help}"))?,
            );
        } else if a.starts_with("-f") {
            fields =
                Some(value("-f").ok_or(format!("cut: option requires an argument -- 'f'{help}"))?);
        } else if a.starts_with("-d") {
            match value("-d").map(|d| d.chars().collect::<Vec<_>>()) {
                Some(d) if d.len() == 1 => delimiter = d[0],
                _ => return Err(format!("cut: the delimiter must be a single character{help}")),
            }
        } else if a == "-s" {
            only_delimited = true;
        } else if a.starts_with('-') && a != "-" {
            return Err(format!("cut: invalid option -- '{}'{help}", a.trim_start_matches('-')));
        } else {
            files.push(a.to_string());
        }
        i += 1;
    }
    let (list, by_chars) = match (chars, fields) {
        (Some(l), None) => (l, true),
        (None, Some(l)) => (l, false),
        (Some(_), Some(_)) => return Err(format!("cut: only one list may be specified{help}")),
        (None, None) => {
            return Err(format!(
                "cut: you must specify a list of bytes, characters, or fields{help}"
            ))
        }
    };
    let ranges = cut_list(&list).map_err(|e| format!("{e}{help}"))?;
    Ok((CutSpec { ranges, by_chars, delimiter, only_delimited }, files))
}

/// `cut` over its input.
pub fn cut(spec: &CutSpec, input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let delim = spec.delimiter;
    for line in input.lines() {
        if spec.by_chars {
            let kept: String = line
                .chars()
                .zip(1u32..)
                .filter(|(_, k)| in_list(&spec.ranges, *k))
                .map(|(c, _)| c)
                .collect();
            out.push_str(&kept);
        } else if !line.contains(delim) {
            if spec.only_delimited {
                continue;
            }
            out.push_str(line);
        } else {
            let kept: Vec<&str> = line
                .split(delim)
                .zip(1u32..)
                .filter(|(_, k)| in_list(&spec.ranges, *k))
                .map(|(f, _)| f)
                .collect();
            out.push_str(&kept.join(&delim.to_string()));
        }
        out.push('\n');
    }
    out
}

/// `head`'s or `tail`'s line count: `-n N`, `-nN`, `-N`, `--lines=N`; tail's `+N` starts at
/// line N. Returns (count, from the start) and the file operands.
pub fn line_count_options(
    program: &str,
    args: &[String],
) -> Result<((u64, bool), Vec<String>), String> {
    let mut n = (10u64, false);
    let mut files = Vec::new();
    let mut i = 0;
    let parse = |v: &str| -> Result<(u64, bool), String> {
        let (v, plus) = match v.strip_prefix('+') {
            Some(rest) => (rest, true),
            None => (v.strip_prefix('-').unwrap_or(v), false),
        };
        v.parse::<u64>()
            .map(|k| (k, plus))
            .map_err(|_| format!("{program}: invalid number of lines: '{v}'"))
    };
    while i < args.len() {
        let a = &args[i];
        if a == "-n" {
            i += 1;
            let v = args.get(i).ok_or(format!("{program}: option requires an argument -- 'n'"))?;
            n = parse(v)?;
        } else if let Some(v) = a.strip_prefix("--lines=") {
            n = parse(v)?;
        } else if let Some(v) = a.strip_prefix("-n") {
            n = parse(v)?;
        } else if a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| c.is_ascii_digit()) {
            n = parse(&a[1..])?;
        } else if a.starts_with('+') && program == "tail" {
            n = parse(a)?;
        } else if a.starts_with('-') && a != "-" {
            return Err(format!("{program}: invalid option -- '{}'", a.trim_start_matches('-')));
        } else {
            files.push(a.clone());
        }
        i += 1;
    }
    Ok((n, files))
}

/// The first `n` lines of `text`.
pub fn head(text: &str, n: u64) -> String {
    text.split_inclusive('\n').take(n.min(u64::from(u32::MAX)) as usize).collect()
}

/// The last `n` lines of `text`, or (`from_start`) the lines from line `n` on.
pub fn tail(text: &str, n: u64, from_start: bool) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let total = lines.len() as u64;
    let skip = if from_start { n.saturating_sub(1) } else { total.saturating_sub(n) };
    lines[skip.min(total) as usize..].concat()
}

/// `wc`'s counts of `inputs` (name, text; the name empty for stdin), `-l`, `-w`, `-c` alone
/// or together (none: all three), with a total line for more than one input.
pub fn wc(args: &[String], inputs: &[(String, String)]) -> Output {
    let (mut lines, mut words, mut bytes) = (false, false, false);
    for a in args.iter().filter(|a| a.starts_with('-') && a.len() > 1) {
        for f in a.chars().skip(1) {
            match f {
                'l' => lines = true,
                'w' => words = true,
                'c' | 'm' => bytes = true,
                _ => return Output::err(format!("wc: invalid option -- '{f}'\n")),
            }
        }
    }
    if !(lines || words || bytes) {
        (lines, words, bytes) = (true, true, true);
    }
    let count = |t: &str| {
        [
            (lines, t.matches('\n').count() as u64),
            (words, t.split_whitespace().count() as u64),
            (bytes, t.len() as u64),
        ]
    };
    let mut rows: Vec<(String, [(bool, u64); 3])> =
        inputs.iter().map(|(n, t)| (n.clone(), count(t))).collect();
    if rows.len() > 1 {
        let mut total = [(lines, 0), (words, 0), (bytes, 0)];
        for (_, c) in &rows {
            for k in 0..3 {
                total[k].1 += c[k].1;
            }
        }
        rows.push(("total".into(), total));
    }
    let shown = [lines, words, bytes].iter().filter(|b| **b).count();
    // One count of one input prints bare; otherwise GNU pads every count to one width: 7
    // for stdin, else the digits of the largest.
    let width = if shown == 1 && rows.len() == 1 {
        0
    } else if inputs.iter().any(|(n, _)| n.is_empty()) {
        7
    } else {
        rows.iter().flat_map(|(_, c)| c.iter().map(|(_, n)| n.to_string().len())).max().unwrap_or(1)
    };
    let mut out = String::new();
    for (name, c) in rows {
        let cells: Vec<String> =
            c.iter().filter(|(on, _)| *on).map(|(_, n)| format!("{n:>width$}")).collect();
        out.push_str(&cells.join(" "));
        if !name.is_empty() {
            out.push(' ');
            out.push_str(&name);
        }
        out.push('\n');
    }
    Output::out(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    fn run_grep(args: &str, text: &str) -> String {
        let o = grep_options(&w(args)).unwrap();
        let re = grep_matcher(&o).unwrap();
        grep(&o, &re, &[(String::new(), text.to_string())])
    }

    #[test]
    fn grep_options_and_matching() {
        let text = "[!!] Slow queries: 51%\n[OK] Sorts\n[!!] TLS/SSL is disabled\n";
        assert_eq!(
            run_grep("-E Slow|TLS/SSL", text),
            "[!!] Slow queries: 51%\n[!!] TLS/SSL is disabled\n"
        );
        assert_eq!(run_grep("Slow|TLS", text), "", "without -E, | is a literal");
        assert_eq!(
            run_grep("Slow\\|TLS", text),
            "[!!] Slow queries: 51%\n[!!] TLS/SSL is disabled\n"
        );
        assert_eq!(run_grep("-c !!", text), "2\n");
        assert_eq!(run_grep("-v !!", text), "[OK] Sorts\n");
        assert_eq!(run_grep("-i sorts", text), "[OK] Sorts\n");
        assert_eq!(run_grep("-vic sorts", text), "2\n");
        assert_eq!(run_grep("-n -F [OK]", text), "2:[OK] Sorts\n");
        assert_eq!(run_grep("-e Sorts -e TLS", text), "[OK] Sorts\n[!!] TLS/SSL is disabled\n");
        assert!(grep_options(&w("-Q x")).unwrap_err().contains("invalid option -- 'Q'"));
        assert!(grep_options(&[]).is_err());
        let o = grep_options(&w("-E (")).unwrap();
        assert!(grep_matcher(&o).is_err(), "a bad pattern is an error, not a panic");
        let o = grep_options(&w("x a b")).unwrap();
        assert_eq!(o.files, ["a", "b"]);
    }

    #[test]
    fn cut_lists_parse_as_coreutils_does() {
        assert_eq!(cut_list("1-24,43-").unwrap(), [(1, 24), (43, u32::MAX)]);
        assert_eq!(cut_list("-3,5").unwrap(), [(1, 3), (5, 5)]);
        assert!(cut_list("0").is_err());
        assert!(cut_list("3-1").unwrap_err().contains("decreasing"));
        assert!(cut_list("-").unwrap_err().contains("no endpoint"));
        assert!(cut_list("a").is_err());
        assert!(cut_list("0-3").unwrap_err().contains("numbered from 1"));
        let run = |args: &str, input: &str| cut(&cut_args(&w(args)).unwrap().0, input);
        assert_eq!(run("-c 1-3,6-", "abcdefgh\nxy\n"), "abcfgh\nxy\n");
        assert_eq!(run("-d : -f 2", "a:b:c\nnone\n"), "b\nnone\n");
        assert_eq!(run("-d: -f1,3 -s", "a:b:c\nnone\n"), "a:c\n");
        assert!(cut_args(&[]).unwrap_err().starts_with("cut: you must specify"));
        assert_eq!(cut_args(&w("-c1 a b")).unwrap().1, ["a", "b"]);
        assert!(cut_args(&w("-c")).is_err());
    }

    #[test]
    fn head_tail_and_wc() {
        let text = "1\n2\n3\n4\n";
        assert_eq!(head(text, 2), "1\n2\n");
        assert_eq!(tail(text, 2, false), "3\n4\n");
        assert_eq!(tail(text, 2, true), "2\n3\n4\n");
        assert_eq!(tail(text, 10, false), text);
        let (n, files) = line_count_options("head", &w("-n 3 a")).unwrap();
        assert_eq!((n, files), ((3, false), vec!["a".to_string()]));
        assert_eq!(line_count_options("head", &w("-5")).unwrap().0, (5, false));
        assert_eq!(line_count_options("tail", &w("-n +2")).unwrap().0, (2, true));
        assert!(line_count_options("head", &w("-n x")).is_err());
        let stdin = [(String::new(), "a b\nc\n".to_string())];
        assert_eq!(wc(&w("-l"), &stdin).stdout, "2\n");
        assert_eq!(wc(&[], &stdin).stdout, "      2       3       6\n");
        let files = [("f".to_string(), "a\n".to_string()), ("g".to_string(), "b\nc\n".to_string())];
        assert_eq!(wc(&w("-l"), &files).stdout, "1 f\n2 g\n3 total\n");
    }
}
