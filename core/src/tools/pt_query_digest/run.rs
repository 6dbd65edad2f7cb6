//! The command: options, the files through the parser and the pipeline into the aggregator,
//! then the reports in the order --report-format names them (or the JSON).

use super::aggregate::Aggregate;
use super::options::split_args;
use super::pipeline::{option_time, Pipeline};
use super::{filter, genlog, json, options, rank, report, slowlog, DigestHost};

/// Runs `pt-query-digest ARGS` and returns what it prints (a bad option: the tool's usage
/// error; an unreadable file: its message, then the report of the rest).
pub fn run(args: &[String], host: &dyn DigestHost) -> String {
    run_with_status(args, host).0
}

/// `pt-query-digest LINE` as a shell passes it: the words of `line` (see [`split_args`]).
pub fn run_line(line: &str, host: &dyn DigestHost) -> (String, u8) {
    run_with_status(&split_args(line), host)
}

/// What `run` prints and the tool's exit status (1 after a usage error, 25 after a bad
/// `--type`, as the tool's).
pub fn run_with_status(args: &[String], host: &dyn DigestHost) -> (String, u8) {
    let opts = match options::parse(args) {
        Ok(o) => o,
        Err(e) if e == options::VERSION_REQUEST => {
            // The version whose layout the host's reports follow (`DigestHost::wide_profile`).
            let version = if host.wide_profile() { "3.7.1" } else { "3.2.1" };
            return (format!("pt-query-digest {version}\n"), 0);
        }
        Err(e) => {
            let status = if e == options::HELP {
                0
            } else if e.contains("is not a valid input type") {
                25
            } else {
                1
            };
            return (e, status);
        }
    };
    (report_for(opts, host), 0)
}

/// The events of the files, aggregated: what every report is made from.
pub(super) struct Collected {
    pub agg: Aggregate,
    /// The options, with an --order-by attribute no event had replaced by Query_time.
    pub opts: options::Options,
    /// Each file read, with its size in bytes (the JSON output lists them).
    pub sizes: Vec<(String, u64)>,
}

/// Reads the files through the parser and the pipeline into the aggregator. What the tool
/// prints on the way (an unreadable file, STDIN, the --order-by fallback) goes to `out`;
/// Err is a bad --filter, --since or --until, which the tool prints instead of any report.
pub(super) fn collect(
    opts: options::Options,
    host: &dyn DigestHost,
    out: &mut String,
) -> Result<Collected, String> {
    let filter = match opts.filter.as_deref().map(filter::Filter::parse) {
        Some(Err(e)) => return Err(e),
        Some(Ok(f)) => Some(f),
        None => None,
    };
    let clock = host.clock();
    let since = match opts.since.as_deref().map(|t| option_time(t, clock)) {
        Some(None) => return Err("Invalid --since value\n".into()),
        Some(Some(t)) => Some(t),
        None => None,
    };
    let until = match opts.until.as_deref().map(|t| option_time(t, clock)) {
        Some(None) => return Err("Invalid --until value\n".into()),
        Some(Some(t)) => Some(t),
        None => None,
    };
    let mut agg = Aggregate { worst: opts.order_attrib.clone(), ..Aggregate::default() };
    let mut state = Pipeline {
        since,
        until,
        past_since: false,
        at_until: false,
        last_db: None,
        last_ts: None,
        preserve_embedded_numbers: opts.preserve_embedded_numbers,
    };
    let files: Vec<String> =
        if opts.files.is_empty() { vec!["-".into()] } else { opts.files.clone() };
    let mut sizes: Vec<(String, u64)> = Vec::new();
    for file in &files {
        let text = match host.read_file(file) {
            Ok(t) => t,
            Err(e) => {
                out.push_str(&e);
                continue;
            }
        };
        // Standard input is announced, and listed as STDIN (with no size in the JSON).
        if file == "-" {
            out.push_str("Reading from STDIN ...\n");
        }
        sizes.push((if file == "-" { "STDIN".into() } else { file.clone() }, text.len() as u64));
        let events =
            if opts.log_type == "genlog" { genlog::parse(&text) } else { slowlog::parse(&text) };
        for mut e in events {
            if state.at_until {
                break;
            }
            if state.process(&mut e, filter.as_ref()) {
                agg.add(&e);
            }
        }
    }
    // check_orderby_attrib: an attribute no event had falls back to Query_time (the function
    // stays), with a notice when the query report is printed.
    let mut opts = opts;
    if !agg.kinds.contains_key(&opts.order_attrib) && opts.order_attrib != "Query_time" {
        if opts.reports.iter().any(|r| r == "query_report") {
            out.push_str(&format!(
                "--order-by attribute {} doesn't exist, using Query_time:sum\n",
                opts.order_attrib
            ));
        }
        opts.order_attrib = "Query_time".into();
    }
    Ok(Collected { agg, opts, sizes })
}

fn report_for(opts: options::Options, host: &dyn DigestHost) -> String {
    let mut out = String::new();
    let Collected { agg, opts, sizes } = match collect(opts, host, &mut out) {
        Ok(c) => c,
        Err(e) => return e,
    };
    let (worst, other) = rank::top_events(&agg, &opts);
    if agg.events == 0 {
        // The tool prints no report at all then (nothing for JSON).
        if opts.output == "report" {
            out.push_str("\n# No events processed.\n");
        }
        return out;
    }
    if opts.output == "json" {
        // JSONReportFormatter prints its query report only.
        if opts.reports.iter().any(|r| r == "query_report") {
            out.push('\n');
            out.push_str(&json::render(&agg, &worst, &sizes, &opts.order_attrib));
        }
        return out;
    }
    let group = ["rusage", "date", "hostname", "files", "header"];
    let mut last: Option<&str> = None;
    for r in &opts.reports {
        let text = match r.as_str() {
            "rusage" => format!("# {}\n", host.rusage()),
            "date" => format!("# Current date: {}\n", host.current_date()),
            "hostname" => format!("# Hostname: {}\n", host.hostname()),
            "files" => format!(
                "# Files: {}\n",
                sizes.iter().map(|(name, _)| name.as_str()).collect::<Vec<_>>().join(", ")
            ),
            "header" => report::header(&agg, &opts.order_attrib),
            "profile" => report::profile(&agg, &worst, &other, host.wide_profile()),
            "query_report" => report::query_report(&agg, &worst, &opts.order_attrib),
            _ => String::new(),
        };
        if !text.is_empty() {
            if !(last.is_some_and(|l| group.contains(&l)) && group.contains(&r.as_str())) {
                out.push('\n');
            }
            out.push_str(&text);
        }
        last = Some(r.as_str());
    }
    out
}
