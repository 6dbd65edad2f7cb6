//! pt-query-digest's command line, as its OptionParser reads it: `--name=value` or
//! `--name value`, then the files. Only the options this engine models are accepted; any other
//! prints the tool's usage error.

/// `--limit`: `N` (classes), `N%` (of the order-by total) or `N%:M` (both).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limit {
    /// Percent of the total to cover, if given.
    pub percent: Option<f64>,
    /// Most classes, if given.
    pub count: Option<u64>,
}

impl Limit {
    /// Parses a `--limit` value as `get_worst_queries` does.
    pub fn parse(text: &str) -> Option<Limit> {
        let t = text.trim();
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            return Some(Limit { percent: None, count: Some(t.parse().ok()?) });
        }
        // Otherwise the tool takes the first two runs of digits as the percent and the count
        // (`m/(\d+)/g`), so `95.5%` means 95 % of the total and at most 5 classes. With no
        // digit the tool dies in its pipeline; this prints a usage error instead.
        let mut runs = t.split(|c: char| !c.is_ascii_digit()).filter(|r| !r.is_empty());
        let percent: f64 = runs.next()?.parse().ok()?;
        let count = match runs.next() {
            Some(c) => Some(c.parse::<u64>().ok()?),
            None => None,
        };
        Some(Limit { percent: Some(percent), count })
    }
}

/// The options of one run.
#[derive(Clone, Debug)]
pub struct Options {
    /// `--limit` (default 95%:20).
    pub limit: Limit,
    /// `--order-by` attribute and function (default Query_time:sum).
    pub order_attrib: String,
    /// `sum`, `cnt`, `max` or `min`.
    pub order_func: String,
    /// `--report-format` sections, in order.
    pub reports: Vec<String>,
    /// `--type`: slowlog or genlog.
    pub log_type: String,
    /// `--output`: report or json.
    pub output: String,
    /// `--since` / `--until` (absolute datetimes).
    pub since: Option<String>,
    pub until: Option<String>,
    /// `--filter` Perl expression.
    pub filter: Option<String>,
    /// `--outliers` attribute:percentile:count (default Query_time:1:10).
    pub outliers: Option<(String, f64, u64)>,
    /// The files to read (none: standard input, which the host supplies as `-`).
    pub files: Vec<String>,
    /// `--preserve-embedded-numbers`: numbers inside identifiers stay in the fingerprint.
    pub preserve_embedded_numbers: bool,
    /// Whether --order-by was given (a general log's default is Query_time:cnt otherwise).
    pub order_given: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limit: Limit { percent: Some(95.0), count: Some(20) },
            order_attrib: "Query_time".into(),
            order_func: "sum".into(),
            reports: [
                "rusage",
                "date",
                "hostname",
                "files",
                "header",
                "profile",
                "query_report",
                "prepared",
            ]
            .map(String::from)
            .to_vec(),
            log_type: "slowlog".into(),
            output: "report".into(),
            since: None,
            until: None,
            filter: None,
            outliers: Some(("Query_time".into(), 1.0, 10)),
            files: Vec::new(),
            order_given: false,
            preserve_embedded_numbers: false,
        }
    }
}

/// `--help`: the options this engine models (the tool's own help lists all of its options).
pub const HELP: &str =
    "pt-query-digest analyzes MySQL queries from slow, general, and binary log files.
Usage: pt-query-digest [OPTIONS] [FILES] [DSN]

Options modelled here (percona-toolkit 3.2.1's behaviour):
  --limit=N|N%|N%:M              Classes to report (default 95%:20); the rest make the MISC row
  --order-by=ATTRIBUTE:FUNCTION  sum, min, max or cnt (default Query_time:sum; genlog: cnt)
  --report-format=A,B,...        rusage, date, hostname, files, header, profile, query_report
  --type=slowlog|genlog          The log's kind (default slowlog)
  --output=report|json           The report, or its JSON (default report)
  --since=T --until=T            Events from/before T: a datetime, N[smhd] ago, a Unix time
  --filter='PERL'                Simple comparisons on $event->{ATTRIBUTE}, joined by && or ||
  --outliers=ATTR:P95:COUNT      Classes past --limit still reported (default Query_time:1:10)
  --preserve-embedded-numbers    Keep the numbers inside names (sbtest17) in fingerprints
  --no-report                    Aggregate only
  --version                      The tool's version
";

/// What [`parse`] returns for `--version`: the caller prints the version its host has.
pub const VERSION_REQUEST: &str = "--version";

/// The usage error the tool prints for a bad command line: Getopt's warnings (on standard
/// error in the tool) first, then the usage block with the errors.
fn usage_error(warnings: &[String], errors: &[String]) -> String {
    let mut out = String::new();
    for w in warnings {
        out.push_str(w);
        out.push('\n');
    }
    out.push_str(
        "Usage: pt-query-digest [OPTIONS] [FILES] [DSN]\n\nErrors in command-line arguments:\n",
    );
    if !warnings.is_empty() {
        out.push_str("  * Error parsing options\n");
    }
    for e in errors {
        out.push_str(&format!("  * {e}\n"));
    }
    out.push_str(
        "\npt-query-digest analyzes MySQL queries from slow, general, and binary log files.\n\
It can also analyze queries from C<SHOW PROCESSLIST> and MySQL protocol data\n\
from tcpdump.  By default, queries are grouped by fingerprint and reported in\n\
descending order of query time (i.e. the slowest queries first).  If no C<FILES>\n\
are given, the tool reads C<STDIN>.  The optional C<DSN> is used for certain\n\
options like L<\"--since\"> and L<\"--until\">.  For more details, please use the\n\
--help option, or try 'perldoc /usr/bin/pt-query-digest' for complete\n\
documentation.\n",
    );
    out
}

/// Parses `args` (without the program name). Err holds what the tool prints.
pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut i = 0;
    let takes_value = [
        "limit",
        "order-by",
        "report-format",
        "type",
        "output",
        "since",
        "until",
        "filter",
        "outliers",
        "group-by",
    ];
    while i < args.len() {
        let a = &args[i];
        i += 1;
        let Some(long) = a.strip_prefix("--") else {
            o.files.push(a.clone());
            continue;
        };
        if long.is_empty() {
            o.files.extend(args[i..].iter().cloned());
            break;
        }
        let (name, inline) = match long.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (long.to_string(), None),
        };
        if !takes_value.contains(&name.as_str()) {
            if name == "no-report" {
                o.reports.clear();
                continue;
            }
            if name == "help" {
                return Err(HELP.to_string());
            }
            if name == "version" {
                return Err(VERSION_REQUEST.to_string());
            }
            if name == "preserve-embedded-numbers" {
                o.preserve_embedded_numbers = true;
                continue;
            }
            warnings.push(format!("Unknown option: {name}"));
            continue;
        }
        let value = match inline {
            Some(v) => v,
            None if i < args.len() => {
                i += 1;
                args[i - 1].clone()
            }
            None => {
                warnings.push(format!("Option {name} requires an argument"));
                continue;
            }
        };
        match name.as_str() {
            "limit" => match Limit::parse(&value) {
                Some(l) => o.limit = l,
                None => errors.push(format!("Invalid --limit value: {value}")),
            },
            "order-by" => {
                // As lax as the tool: no function means `cnt`; a function it does not know
                // leaves no class with a value, so nothing is reported.
                let (a, f) = value.split_once(':').unwrap_or((&value, "cnt"));
                o.order_attrib = a.to_string();
                o.order_func = if f.is_empty() { "cnt".into() } else { f.to_string() };
                o.order_given = true;
            }
            "report-format" => {
                o.reports = value
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect()
            }
            "type" => {
                const KNOWN: [&str; 7] =
                    ["slowlog", "genlog", "binlog", "tcpdump", "rawlog", "pglog", "memcached"];
                if value == "slowlog" || value == "genlog" {
                    o.log_type = value;
                } else if KNOWN.contains(&value.as_str()) {
                    return Err(format!(
                        "--type {value} is not modelled here (slowlog and genlog are).\n"
                    ));
                } else {
                    return Err(format!(
                        "'{value}' is not a valid input type. Please check the documentation for --type.\n"
                    ));
                }
            }
            // Anything but json* prints the report, as in the tool.
            "output" => {
                o.output = if value.starts_with("json") { "json".into() } else { "report".into() }
            }
            "since" => o.since = Some(value),
            "until" => o.until = Some(value),
            "filter" => o.filter = Some(value),
            "outliers" => {
                let parts: Vec<&str> = value.split(':').collect();
                match parts.as_slice() {
                    [a, p] | [a, p, _] if p.parse::<f64>().is_ok() => {
                        let freq = parts.get(2).and_then(|c| c.parse().ok()).unwrap_or(0);
                        o.outliers = Some((a.to_string(), p.parse().unwrap_or(0.0), freq));
                    }
                    _ => errors
                        .push("--outliers requires two or three colon-separated fields".into()),
                }
            }
            "group-by" if value != "fingerprint" => {
                errors.push(format!("--group-by {value}: only fingerprint is modelled"));
            }
            _ => {}
        }
    }
    // "General logs do not report query times so only the cnt aggregate makes sense."
    if o.log_type == "genlog" && !o.order_given {
        o.order_func = "cnt".into();
    }
    if errors.is_empty() && warnings.is_empty() {
        Ok(o)
    } else {
        Err(usage_error(&warnings, &errors))
    }
}

/// Splits a command line as `sh` does in its simple cases: words separated by blanks, with
/// '...' and "..." kept whole (no escapes inside single quotes, `\"` and `\\` inside double
/// quotes, `\x` outside quotes) and no expansions.
pub fn split_args(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut started = false;
    let mut chars = line.chars().peekable();
    // Bounded by the line's length: each turn consumes a character.
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                started = true;
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    cur.push(q);
                }
            }
            '"' => {
                started = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' if matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) => {
                            cur.extend(chars.next());
                        }
                        q => cur.push(q),
                    }
                }
            }
            '\\' => {
                started = true;
                cur.extend(chars.next());
            }
            c if c == ' ' || c == '\t' || c == '\n' => {
                if started {
                    words.push(std::mem::take(&mut cur));
                    started = false;
                }
            }
            c => {
                started = true;
                cur.push(c);
            }
        }
    }
    if started {
        words.push(cur);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::{split_args, Limit};

    #[test]
    fn limit_forms() {
        assert_eq!(Limit::parse("5"), Some(Limit { percent: None, count: Some(5) }));
        assert_eq!(Limit::parse("95%"), Some(Limit { percent: Some(95.0), count: None }));
        assert_eq!(Limit::parse("100%:5"), Some(Limit { percent: Some(100.0), count: Some(5) }));
        assert_eq!(Limit::parse("x"), None);
        // The tool's quirks: the first two digit runs, whatever separates them.
        assert_eq!(Limit::parse("50%:y"), Some(Limit { percent: Some(50.0), count: None }));
        assert_eq!(Limit::parse("95.5%"), Some(Limit { percent: Some(95.0), count: Some(5) }));
    }

    #[test]
    fn command_lines_split_as_sh_does() {
        assert_eq!(
            split_args(r#"--filter '$event->{db} eq "shop"' --limit=100%:5  slow.log"#),
            ["--filter", "$event->{db} eq \"shop\"", "--limit=100%:5", "slow.log"]
        );
        assert_eq!(
            split_args(r#"--filter "\$event->{Rows_examined} > 10" a\ b ''"#),
            ["--filter", "$event->{Rows_examined} > 10", "a b", ""]
        );
    }
}
