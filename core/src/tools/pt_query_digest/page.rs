//! The ranking as data, for the web page that opens a learner's own log: the same pipeline,
//! ranking and figures as the tool's `profile` and `query_report`, returned as rows (each with
//! its class's full report) instead of laid out as text. The page's bounds live here too (the
//! largest log it takes, the most rows it shows) and so do its messages for input that is not
//! a log (empty, binary, no events), each one sentence for the learner, never a panic.

use super::run::{collect, Collected};
use super::{options, rank, report, DigestHost};
use serde::{Deserialize, Serialize};

/// The largest log the page ranks, in bytes. A log is parsed in memory, and the page's
/// worker holds the text and its events at once; 32 MiB is a capture window of minutes on a
/// busy server at `long_query_time = 0`, and takes seconds to rank in a browser.
pub const PAGE_LOG_MAX_BYTES: u64 = 32 * 1024 * 1024;

/// The most classes the page lists (each row carries its report). A longer ranking is cut
/// here and the page says how many classes were left out of the table.
pub const PAGE_ROWS_MAX: u64 = 500;

/// The options a learner can change on the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PageOptions {
    /// `--limit` (N, N%, N%:M).
    pub limit: String,
    /// `--order-by` (ATTRIBUTE:FUNCTION).
    pub order_by: String,
    /// `--type` (slowlog or genlog).
    pub log_type: String,
}

impl Default for PageOptions {
    /// The tool's defaults.
    fn default() -> Self {
        PageOptions {
            limit: "95%:20".into(),
            order_by: "Query_time:sum".into(),
            log_type: "slowlog".into(),
        }
    }
}

impl PageOptions {
    /// The command line these options stand for (what the page shows, and what a learner
    /// types to get the same ranking from `pt-query-digest` or `tunelab digest`).
    /// An empty --limit or --order-by is left out: the tool's default then.
    pub fn args(&self) -> Vec<String> {
        [("limit", &self.limit), ("order-by", &self.order_by), ("type", &self.log_type)]
            .iter()
            .filter(|(_, value)| !value.trim().is_empty())
            .map(|(name, value)| format!("--{name}={}", value.trim()))
            .collect()
    }
}

/// One row of the profile, with the tool's figures as it prints them (trimmed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProfileRow {
    /// `1`, `2`, ... or `MISC`.
    pub rank: String,
    /// `0x` and the class's checksum (`0xMISC` for the MISC row).
    pub query_id: String,
    /// The class's total Query_time in seconds (`%.4f`).
    pub response_time: String,
    /// Its share of all events' Query_time (`%.1f%`).
    pub share: String,
    /// The class's count of events.
    pub calls: u64,
    /// Response time per call (`%.4f`).
    pub r_call: String,
    /// Variance-to-mean ratio of its Query_time (`%.2f`).
    pub v_m: String,
    /// The distilled statement (`SELECT page_views`), or `<N ITEMS>` for MISC.
    pub item: String,
    /// The class's report in the tool's query_report (empty for MISC).
    pub report: String,
    /// The class's sample statement, as the report prints it for EXPLAIN (empty for MISC).
    pub sample: String,
}

/// A log ranked for the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PageDigest {
    /// The overall header report (`# Overall:`, time range, attribute table).
    pub header: String,
    /// Events aggregated.
    pub events: u64,
    /// Distinct classes (fingerprints).
    pub classes: u64,
    /// The ranked rows (at most [`PAGE_ROWS_MAX`]), then the MISC row if there is one.
    pub rows: Vec<ProfileRow>,
    /// Ranked classes left out of `rows` by [`PAGE_ROWS_MAX`].
    pub rows_cut: u64,
    /// What the tool printed before its report (e.g. an --order-by attribute no event had).
    pub notices: String,
}

/// The one file the page hands to the engine.
/// The page's files, served to the tool under the names `file1`, `file2`, ... (a learner's
/// file name may look like an option, or two files may share a name).
struct PageHost<'a> {
    files: &'a [PageFile],
}

impl DigestHost for PageHost<'_> {
    fn read_file(&self, path: &str) -> Result<String, String> {
        let index = path.strip_prefix("file").and_then(|n| n.parse::<usize>().ok());
        match index.and_then(|i| self.files.get(i.checked_sub(1)?)) {
            Some(f) => Ok(f.text.clone()),
            None => Err(format!("Cannot open {path}: no such file\n")),
        }
    }
    fn hostname(&self) -> String {
        String::new()
    }
    fn current_date(&self) -> String {
        String::new()
    }
    fn rusage(&self) -> String {
        String::new()
    }
}

/// Ranks `text` (a file's contents, decoded as UTF-8 with invalid bytes replaced) with the
/// page's options. Err is one or more sentences for the learner: the file is too large,
/// empty, binary, not a log of the chosen type, or an option is invalid (the tool's usage
/// error follows the sentence).
pub fn rank_for_page(text: &str, name: &str, page: &PageOptions) -> Result<PageDigest, String> {
    rank_files_for_page(&[PageFile { name: name.into(), text: text.into() }], page)
}

/// A file the page opened: its name on the learner's disk and its text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PageFile {
    pub name: String,
    pub text: String,
}

/// Ranks several files as one log, in the order given, as `pt-query-digest A B C` reads
/// them (one aggregate over all their events). Each file is checked as [`rank_for_page`]
/// checks one, and together they must fit in [`PAGE_LOG_MAX_BYTES`].
pub fn rank_files_for_page(files: &[PageFile], page: &PageOptions) -> Result<PageDigest, String> {
    if files.is_empty() {
        return Err("No file was opened: there is nothing to rank.".into());
    }
    let total: u64 = files.iter().map(|f| f.text.len() as u64).sum();
    if total > PAGE_LOG_MAX_BYTES {
        let what = match files {
            [one] => one.name.clone(),
            _ => format!("Together, the {} files", files.len()),
        };
        return Err(format!(
            "{what} {} larger than {} MiB; rank a shorter capture window.",
            if files.len() == 1 { "is" } else { "are" },
            PAGE_LOG_MAX_BYTES / 1024 / 1024
        ));
    }
    for PageFile { name, text } in files {
        if text.trim().is_empty() {
            return Err(format!("{name} is empty: there is nothing to rank."));
        }
        if looks_binary(text) {
            return Err(format!(
                "{name} is not a text file (it holds binary data): open a slow log or a general log."
            ));
        }
    }
    let name = files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(", ");
    let mut args = page.args();
    args.push("--report-format=header,profile,query_report".into());
    // The tool reads STDIN when no file is named; the page's host serves the files.
    args.extend((1..=files.len()).map(|i| format!("file{i}")));
    let opts = options::parse(&args).map_err(|usage| {
        format!(
            "An option is not valid: {}",
            usage
                .lines()
                .find(|l| l.starts_with("  * "))
                .map_or(usage.trim(), |l| l.trim_start_matches("  * "))
        )
    })?;
    let genlog = opts.log_type == "genlog";
    let mut notices = String::new();
    let host = PageHost { files };
    let Collected { agg, opts, .. } =
        collect(opts, &host, &mut notices).map_err(|e| e.trim().to_string())?;
    // Any text parses as a slow log of one "statement"; a real one has Query_time lines.
    let not_a_log = if genlog { agg.events == 0 } else { !agg.kinds.contains_key("Query_time") };
    if not_a_log {
        return Err(if genlog {
            format!("{name} holds no statements of a general log (no Query or Execute lines).")
        } else if files.iter().any(|f| looks_like_general_log(&f.text)) {
            format!(
                "{name} has no slow log entries (no # Query_time: lines), but it looks like a general log: choose --type genlog."
            )
        } else if files.iter().all(|f| f.text.lines().take(3).any(|l| l.contains("started with:")))
        {
            format!(
                "{name} holds only the server's header: no statement was logged (one is logged when it runs longer than long_query_time while slow_query_log is ON)."
            )
        } else {
            format!(
                "{name} is not a slow query log: it has no # Query_time: lines. Open the file slow_query_log_file names (or a general log with --type genlog)."
            )
        });
    }
    let (worst, other) = rank::top_events(&agg, &opts);
    if worst.is_empty() && other.is_empty() {
        return Err(format!(
            "No class has a value for --order-by {}: name an attribute of the log and sum, min, max or cnt.",
            page.order_by.trim()
        ));
    }
    let explain_why = worst.len() < 5 || worst.len() > 10;
    let attribs = report::sort_attribs(&agg);
    let mut sorted = worst.clone();
    sorted.sort_by_key(|r| r.rank);
    let rows_cut = (sorted.len() as u64).saturating_sub(PAGE_ROWS_MAX);
    sorted.truncate(PAGE_ROWS_MAX as usize);
    let cells = report::profile_rows(&agg, &sorted, &other);
    let mut rows = Vec::with_capacity(cells.len());
    for [rank, query_id, response_time, share, calls, r_call, v_m, item] in cells {
        let class = sorted.iter().find(|r| r.rank.to_string() == rank);
        let report_text = class
            .and_then(|r| report::class_report(&agg, r, &attribs, &opts.order_attrib, explain_why))
            .unwrap_or_default();
        let sample = class
            .and_then(|r| agg.classes.get(&r.fingerprint))
            .map(|c| report::shorten_query(c.sample.arg(), 1024))
            .unwrap_or_default();
        rows.push(ProfileRow {
            rank,
            query_id,
            response_time: response_time.trim().to_string(),
            share: share.trim().to_string(),
            calls: calls.parse().unwrap_or(0),
            r_call: r_call.trim().to_string(),
            v_m: v_m.trim().to_string(),
            item,
            report: report_text,
            sample,
        });
    }
    Ok(PageDigest {
        header: report::header(&agg, &opts.order_attrib),
        events: agg.events,
        classes: agg.classes.len() as u64,
        rows,
        rows_cut,
        notices,
    })
}

/// A NUL byte, or many replaced (invalid UTF-8) characters, in the first 64 KiB: a binary
/// file. A real log may hold a few bytes of another encoding in its statements' literals.
fn looks_binary(text: &str) -> bool {
    let mut end = text.len().min(65_536);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    let replaced = head.chars().filter(|c| *c == char::REPLACEMENT_CHARACTER).count();
    head.contains('\0') || replaced * 20 > head.chars().count().max(1)
}

/// A general log's `Time Id Command Argument` lines with Query or Connect commands.
fn looks_like_general_log(text: &str) -> bool {
    text.lines().take(1000).any(|l| {
        let mut words = l.split_whitespace();
        words.any(|w| w == "Query" || w == "Connect" || w == "Execute") && !l.starts_with('#')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = include_str!("../../../../tests/digest/small-slow.log");
    const GENERAL: &str = include_str!("../../../../tests/digest/small-general.log");

    struct OneFile(&'static str);
    impl DigestHost for OneFile {
        fn read_file(&self, _path: &str) -> Result<String, String> {
            Ok(self.0.to_string())
        }
        fn hostname(&self) -> String {
            String::new()
        }
        fn current_date(&self) -> String {
            String::new()
        }
        fn rusage(&self) -> String {
            String::new()
        }
    }

    /// The profile's lines as the tool prints them: rank, ID, time, share, calls, R/Call, V/M.
    fn profile_lines(text: &'static str, args: &[&str]) -> Vec<Vec<String>> {
        let mut argv: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        argv.push("--report-format=profile".into());
        argv.push("log".into());
        let out = super::super::run(&argv, &OneFile(text));
        out.lines()
            .filter(|l| {
                l.starts_with("# ")
                    && !l.starts_with("# Profile")
                    && !l.starts_with("# Rank")
                    && !l.starts_with("# ====")
            })
            .map(|l| l[2..].split_whitespace().take(7).map(str::to_string).collect())
            .collect()
    }

    #[test]
    fn rows_carry_the_profiles_figures_and_each_class_report() {
        for (text, page) in [
            (SMALL, PageOptions::default()),
            (SMALL, PageOptions { limit: "2".into(), ..PageOptions::default() }),
            (SMALL, PageOptions { order_by: "Rows_examined:sum".into(), ..PageOptions::default() }),
            (GENERAL, PageOptions { log_type: "genlog".into(), ..PageOptions::default() }),
            (
                GENERAL,
                PageOptions {
                    log_type: "genlog".into(),
                    order_by: String::new(),
                    limit: String::new(),
                },
            ),
        ] {
            let digest = rank_for_page(text, "log", &page).unwrap();
            let args: Vec<String> = page.args();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let want = profile_lines(text, &args);
            let got: Vec<Vec<String>> = digest
                .rows
                .iter()
                .map(|r| {
                    vec![
                        r.rank.clone(),
                        r.query_id.clone(),
                        r.response_time.clone(),
                        r.share.clone(),
                        r.calls.to_string(),
                        r.r_call.clone(),
                        r.v_m.clone(),
                    ]
                })
                .collect();
            // The 3.2.1 layout may squeeze a Query ID; it is a prefix of ours then.
            assert_eq!(got.len(), want.len(), "{page:?}");
            for (g, w) in got.iter().zip(&want) {
                assert!(g[1].starts_with(w[1].trim_end_matches('.')), "{g:?} {w:?}");
                assert_eq!(
                    [&g[0], &g[2], &g[3], &g[4], &g[5], &g[6]],
                    [&w[0], &w[2], &w[3], &w[4], &w[5], &w[6]]
                );
            }
            for r in digest.rows.iter().filter(|r| r.rank != "MISC") {
                let id = r.query_id.trim_start_matches("0x");
                assert!(r.report.starts_with(&format!("# Query {}: ", r.rank)), "{}", r.report);
                assert!(r.report.contains(&format!("ID 0x{id} at byte")), "{}", r.report);
                assert!(r.report.contains(&format!("{}\\G\n", r.sample)), "{}", r.report);
            }
        }
    }

    /// Serves several files by name, as the CLI's host does.
    struct Files(Vec<(&'static str, &'static str)>);
    impl DigestHost for Files {
        fn read_file(&self, path: &str) -> Result<String, String> {
            let file = self.0.iter().find(|(name, _)| *name == path);
            file.map(|(_, text)| text.to_string()).ok_or_else(|| format!("no {path}"))
        }
        fn hostname(&self) -> String {
            String::new()
        }
        fn current_date(&self) -> String {
            String::new()
        }
        fn rusage(&self) -> String {
            String::new()
        }
    }

    #[test]
    fn several_files_rank_as_the_tool_ranks_them_together() {
        const PERCONA: &str = include_str!("../../../../tests/digest/percona-slow.log");
        // Names that would read as options, and two files of one name, are only names.
        let files = [
            PageFile { name: "--limit=1".into(), text: SMALL.into() },
            PageFile { name: "slow.log".into(), text: PERCONA.into() },
            PageFile { name: "slow.log".into(), text: SMALL.into() },
        ];
        let digest = rank_files_for_page(&files, &PageOptions::default()).unwrap();
        let host = Files(vec![("a", SMALL), ("b", PERCONA)]);
        let argv: Vec<String> =
            ["--report-format=profile", "a", "b", "a"].iter().map(|s| s.to_string()).collect();
        let printed = super::super::run(&argv, &host);
        let one = rank_for_page(SMALL, "a", &PageOptions::default()).unwrap();
        let other = rank_for_page(PERCONA, "b", &PageOptions::default()).unwrap();
        assert_eq!(digest.events, 2 * one.events + other.events);
        for row in digest.rows.iter().filter(|r| r.rank != "MISC") {
            let line = printed
                .lines()
                .find(|l| l.split_whitespace().nth(1) == Some(row.rank.as_str()))
                .unwrap_or_else(|| panic!("rank {} in\n{printed}", row.rank));
            assert!(line.contains(&row.response_time), "{line} / {row:?}");
            assert!(line.contains(&format!(" {} ", row.calls)), "{line} / {row:?}");
        }
        let empty = PageFile { name: "empty.log".into(), text: " \n".into() };
        let err = rank_files_for_page(&[files[0].clone(), empty], &PageOptions::default());
        assert_eq!(err.unwrap_err(), "empty.log is empty: there is nothing to rank.");
        assert!(rank_files_for_page(&[], &PageOptions::default()).is_err());
    }

    #[test]
    fn a_class_report_is_the_query_reports_own_text() {
        let digest = rank_for_page(SMALL, "log", &PageOptions::default()).unwrap();
        let argv: Vec<String> =
            ["--report-format=query_report", "log"].iter().map(|s| s.to_string()).collect();
        let full = super::super::run(&argv, &OneFile(SMALL));
        let joined: Vec<String> =
            digest.rows.iter().map(|r| r.report.clone()).filter(|r| !r.is_empty()).collect();
        assert_eq!(format!("\n{}", joined.join("\n")), full);
        assert!(digest.events > 0 && digest.classes > 0);
        assert!(digest.header.starts_with("# Overall: "), "{}", digest.header);
    }

    #[test]
    fn empty_options_are_the_tools_defaults() {
        let page = PageOptions { limit: " ".into(), order_by: String::new(), ..Default::default() };
        assert_eq!(page.args(), ["--type=slowlog"]);
        assert_eq!(PageOptions::default().args().len(), 3);
    }

    #[test]
    fn bad_input_gets_a_sentence_not_a_panic() {
        let page = PageOptions::default();
        let err = |text: &str, page: &PageOptions| rank_for_page(text, "f.log", page).unwrap_err();
        assert_eq!(err("", &page), "f.log is empty: there is nothing to rank.");
        assert_eq!(err(" \n\n", &page), "f.log is empty: there is nothing to rank.");
        assert!(err("\u{7f}ELF\0\0\0\u{1}", &page).contains("binary data"));
        let garbled: String = std::iter::repeat_n('\u{fffd}', 100).collect();
        assert!(err(&garbled, &page).contains("binary data"));
        assert!(err("just some notes\nabout nothing\n", &page).contains("not a slow query log"));
        let header_only = SMALL.lines().take(3).collect::<Vec<_>>().join("\n");
        assert!(err(&header_only, &page).contains("holds only the server's header"));
        assert!(err(GENERAL, &page).contains("choose --type genlog"), "{}", err(GENERAL, &page));
        let genlog = PageOptions { log_type: "genlog".into(), ..page.clone() };
        assert!(err("# nothing\n", &genlog).contains("no statements of a general log"));
        let bad = PageOptions { limit: "lots".into(), ..page.clone() };
        assert_eq!(err(SMALL, &bad), "An option is not valid: Invalid --limit value: lots");
        let bad = PageOptions { log_type: "binlog".into(), ..page.clone() };
        assert!(err(SMALL, &bad).contains("--type binlog is not modelled"), "{}", err(SMALL, &bad));
        let big = "x".repeat(PAGE_LOG_MAX_BYTES as usize + 1);
        assert!(err(&big, &page).contains("larger than 32 MiB"));
        let bad = PageOptions { order_by: "Query_time:avg".into(), ..page.clone() };
        assert!(err(SMALL, &bad).starts_with("No class has a value for --order-by"));
        // Arbitrary bytes never panic.
        const PIECES: &[u8] = b"# Query_time: 1 ;\nSELECT use db`'\"\\x0a1\t";
        let mut seed = 7u64;
        for n in 0..200 {
            let text: String = (0..n * 7)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    PIECES[(seed >> 33) as usize % PIECES.len()] as char
                })
                .collect();
            let _ = rank_for_page(&text, "r", &page);
            let _ = rank_for_page(&text, "r", &genlog);
        }
    }

    #[test]
    fn rows_are_bounded() {
        let mut log = String::new();
        for i in 0..(PAGE_ROWS_MAX + 20) {
            // Table names of letters only: the fingerprint turns digits in names into `?`.
            let name: String = [i / 676, i / 26 % 26, i % 26]
                .iter()
                .map(|d| char::from(b'a' + *d as u8))
                .collect();
            log.push_str(&format!(
                "# Time: 2026-12-01T10:00:00.000000Z\n# Query_time: 1.0  Lock_time: 0.0 Rows_sent: 1  Rows_examined: 1\nSELECT * FROM t_{name};\n"
            ));
        }
        let page = PageOptions { limit: "100%".into(), ..PageOptions::default() };
        let digest = rank_for_page(&log, "many", &page).unwrap();
        assert_eq!(digest.rows.len() as u64, PAGE_ROWS_MAX);
        assert_eq!(digest.rows_cut, 20);
        assert_eq!(digest.classes, PAGE_ROWS_MAX + 20);
    }
}
