//! F7.5, Listing 3.120 after the chapter's sequence (issue 16): one full-scale server of its own
//! (a second default Experiment, so the other figures' servers are untouched) runs what
//! Sections 3.13.5 to 3.13.8 ran on the chapter's server, in the text's order, then MySQLTuner's
//! full report and Listing 3.120's grep'd run. The steps and their repetitions come from the
//! text (each cited at its step), MySQLTuner's statements from its source
//! (`tools/advisor/statements.rs`); none is chosen to reach the chapter's numbers.
//!
//! The checks: the pool-instances and TLS lines exactly; for the two count lines, the line's
//! shape and the counts MySQLTuner read (Slow_queries and Questions; Sort_merge_passes and
//! Sort_scan + Sort_range) against the ranges the chapter's line implies, within 10 %; the
//! full report's sort_buffer_size advice.

use super::sys::{LISTING_3_118, LOAD};
use super::{check, Check, Tolerance};
use crate::lab::experiment::Experiment;
use crate::server::Server;
use std::collections::BTreeMap;

/// Listing 3.120 as the chapter prints it.
const LISTING_3_120: &str = "perl mysqltuner.pl --defaults-file bench.cnf --noprettyicon \
     --nogood --noinfo 2>/dev/null | grep -E 'Slow queries|Sorts requiring|TLS/SSL is|pool instances:'";

/// The chapter's sequence on a fresh server, then the checks.
pub(super) fn checks(out: &mut Vec<Check>) {
    let Ok(mut server) = Experiment::default().start_server() else { return };
    let server = &mut server;
    // bench.cnf holds [client] credentials (3.13.7) for the plain account the loads and the
    // advisor run as.
    root(server, &["CREATE USER 'app'@'localhost' IDENTIFIED BY 'app_pw'"]);
    root(server, &["GRANT ALL ON shop.* TO 'app'@'localhost'"]);
    // 3.13.5, Table 3.8: "Two page_views queries each ran in a fresh session, read back from
    // performance_schema.session_status", the GROUP BY under two tmp_table_size settings and
    // the ORDER BY under two sort_buffer_size settings (the statements of temp_tables.rs).
    // 3.13.7 places them on this server: "sys.waits_global_by_latency ranked innodb_temp_file
    // I/O second: the on-disk GROUP BY of Section 3.13.5".
    let group = "SELECT referrer, COUNT(*) FROM shop.page_views IGNORE INDEX (idx_referrer) GROUP BY referrer LIMIT 3";
    let sort = "SELECT * FROM shop.page_views ORDER BY viewed_at, id LIMIT 1 OFFSET 2000000";
    for (setting, sql) in [
        ("SET SESSION tmp_table_size = 16777216", group),
        ("SET SESSION tmp_table_size = 1073741824", group),
        ("SET SESSION sort_buffer_size = 262144", sort),
        ("SET SESSION sort_buffer_size = 67108864", sort),
    ] {
        root(
            server,
            &[
                setting,
                sql,
                &session_status("Created_tmp_disk_tables"),
                &session_status("Sort_merge_passes"),
            ],
        );
    }
    // 3.13.6: "After a TRUNCATE, eight mysqlslap clients cycled 480 times through five shop
    // queries" (the load of sys.rs), then Listing 3.118.
    root(server, &["TRUNCATE TABLE performance_schema.events_statements_summary_by_digest"]);
    crate::tools::run_shell(server, LOAD);
    root(server, &[LISTING_3_118]);
    // 3.13.7: "After the Section 3.13.6 load:" Listing 3.119's two queries.
    root(
        server,
        &[
            "SELECT query, exec_count, avg_latency, rows_examined_avg, full_scan \
             FROM sys.statements_with_runtimes_in_95th_percentile WHERE db = 'shop' LIMIT 1",
            "SELECT * FROM sys.schema_unused_indexes WHERE object_schema = 'shop'",
        ],
    );
    // 3.13.8: the capture, "long_query_time = 0, which logs everything", of the load, the
    // slow log on for it; "keep that to short windows" turns the log off, and nothing sets
    // long_query_time back ("The slow share reflects the long_query_time = 0 capture of
    // Section 3.13.8").
    // One console session sets both and turns the log off again: SET GLOBAL leaves its own
    // long_query_time at 10, so only the load's new connections run with 0.
    if let Ok(id) = server.connect() {
        server.execute(id, "SET GLOBAL long_query_time = 0");
        server.execute(id, "SET GLOBAL slow_query_log = ON");
        crate::tools::run_shell(server, LOAD);
        server.execute(id, "SET GLOBAL slow_query_log = OFF");
        server.disconnect(id);
    }
    // 3.13.7: "The full report also advised a larger sort_buffer_size ...": the report without
    // the grep, before Listing 3.120's run.
    let (full, _) = crate::tools::advisor::run_reading(
        server,
        "perl mysqltuner.pl --defaults-file bench.cnf --noprettyicon",
    );
    // Listing 3.120: the grep keeps the lines naming its four patterns (as `grep -E` does on
    // the advisor's output; the advisor is run directly to keep the counters it read).
    let command = LISTING_3_120.split(" 2>/dev/null").next().unwrap_or(LISTING_3_120);
    let (report, read) = crate::tools::advisor::run_reading(server, command);
    let patterns = ["Slow queries", "Sorts requiring", "TLS/SSL is", "pool instances:"];
    let kept: Vec<&str> =
        report.lines().filter(|l| patterns.iter().any(|p| l.contains(p))).collect();
    let finding = |needle: &str| {
        kept.iter().find(|l| l.contains(needle)).map_or("(no such line)".into(), |l| l.to_string())
    };
    out.push(check(
        "F7.5",
        "MySQLTuner: buffer pool instances",
        "[!!] InnoDB buffer pool instances: 1",
        finding("pool instances:"),
        Tolerance::Exact,
    ));
    out.push(check(
        "F7.5",
        "MySQLTuner: TLS",
        "[!!] TLS/SSL is disabled. Connections are unencrypted.",
        finding("TLS/SSL is"),
        Tolerance::Exact,
    ));
    // Listing 3.120 prints the TLS line last, after the InnoDB section's pool line.
    let order: Vec<&str> =
        kept.iter().filter_map(|l| patterns.iter().find(|p| l.contains(*p)).copied()).collect();
    let c = check(
        "F7.5",
        "Listing 3.120: the four findings' order",
        "Slow queries | Sorts requiring | pool instances: | TLS/SSL is",
        order.join(" | "),
        Tolerance::Exact,
    );
    out.push(c);
    // "it printed Current connection is encrypted above the TLS line": bench.cnf's
    // host=127.0.0.1 makes its logins TCP, which 9.7 encrypts by default.
    let at = |needle: &str| full.lines().position(|l| l.contains(needle));
    let encrypted = at("Current connection is encrypted");
    let above = encrypted.is_some_and(|e| at("TLS/SSL is").is_some_and(|t| e < t));
    out.push(check(
        "F7.5",
        "MySQLTuner full report: Current connection is encrypted, above the TLS line",
        "yes",
        if above { "yes" } else { "no" }.to_string(),
        Tolerance::Exact,
    ));
    let advice = full
        .lines()
        .find(|l| l.trim_start().starts_with("sort_buffer_size (>"))
        .map_or("(no such line)".to_string(), |l| l.trim().to_string());
    let c = check(
        "F7.5",
        "MySQLTuner: advises a larger sort buffer (which F5.2 finds slower)",
        "sort_buffer_size (> 256K)",
        advice,
        Tolerance::Exact,
    );
    out.push(if c.pass { c } else { c.pending(SORT_ADVICE) });
    count_checks(&read, &finding("Slow queries:"), &finding("Sorts requiring"), out);
}

/// The two count lines: each line's shape, and the counts MySQLTuner read against the ranges
/// the chapter's line implies (its hr_num rounds down to thousands; its percentage is int()).
fn count_checks(
    read: &BTreeMap<String, String>,
    slow_line: &str,
    sort_line: &str,
    out: &mut Vec<Check>,
) {
    let stat = |name: &str| read.get(name).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    let (slow, questions) = (stat("Slow_queries"), stat("Questions"));
    let (passes, sorts) = (stat("Sort_merge_passes"), stat("Sort_scan") + stat("Sort_range"));
    let counts = [
        // "51% (1K/2K)": 1,000-1,999 slow of 2,000-2,999 questions, 51 % of them.
        ("MySQLTuner read: Slow_queries (1K, 51 % of Questions)", slow, 1000.0, 1999.0),
        ("MySQLTuner read: Questions (2K)", questions, 2000.0, 2999.0),
        // "387% (1K temp sorts / 355 sorts)": int(passes / 355 * 100) = 387.
        ("MySQLTuner read: Sort_merge_passes (387 % of 355)", passes, 1374.0, 1377.0),
        ("MySQLTuner read: Sort_scan + Sort_range (355)", sorts, 355.0, 355.0),
    ];
    let measured = format!(
        "Slow_queries {slow}, Questions {questions}, Sort_merge_passes {passes}, \
         Sort_scan + Sort_range {sorts}"
    );
    let mut all_pass = true;
    let mut made = Vec::new();
    for (figure, got, lo, hi) in counts {
        let chapter = if lo == hi { format!("{lo}") } else { format!("{lo}-{hi}") };
        let mut c = check("F7.5", figure, &chapter, format!("{got}"), Tolerance::Percent(10));
        c.pass = got >= lo * 0.9 && got <= hi * 1.1;
        c.deviation_pct = Some(if got < lo {
            ((got - lo) / lo * 1000.0).round() / 10.0
        } else if got > hi {
            ((got - hi) / hi * 1000.0).round() / 10.0
        } else {
            0.0
        });
        all_pass &= c.pass;
        made.push(c);
    }
    // The lines' shapes: MySQLTuner's wording with the chapter's rounded figures.
    let slow_shape = check(
        "F7.5",
        "MySQLTuner: Slow queries",
        "[!!] Slow queries: 51% (1K/2K)",
        slow_line.to_string(),
        Tolerance::Exact,
    );
    let sort_shape = check(
        "F7.5",
        "MySQLTuner: Sorts requiring temporary tables",
        "[!!] Sorts requiring temporary tables: 387% (1K temp sorts / 355 sorts)",
        sort_line.to_string(),
        Tolerance::Exact,
    );
    all_pass &= slow_shape.pass && sort_shape.pass;
    let reason = pending_reason(&measured);
    for c in made.into_iter().chain([slow_shape, sort_shape]) {
        out.push(if all_pass || c.pass { c } else { c.pending(reason) });
    }
}

/// Why the count lines stay pending, with the counts measured. The fidelity report holds
/// reasons as static text, so this one (a few hundred bytes, made once per run) is leaked.
///
/// Where the counts come from here (measured step by step with `tunelab sql`): Table 3.8's
/// four runs send 9 statements, 2 sorts and 463 merge passes (462 + 1); each 3.13.6 load
/// about 482 statements and 96 sorts (the products ORDER BY price, a filesort per call);
/// Listings 3.118 and 3.119 4 statements and 4 sorts; the capture's load then counts its 480
/// statements as slow (long_query_time = 0 in its new sessions), and so does every
/// MySQLTuner statement after it (about 30 a run, 1 sort).
fn pending_reason(measured: &str) -> &'static str {
    Box::leak(
        format!(
            "after the chapter's sequence MySQLTuner read {measured}; the chapter's lines imply \
             1,000-1,999 slow of 2,000-2,999 questions (51 %: about the share here, on twice \
             the statements) and 1,374-1,377 merge passes over 355 sorts: three times the 458 \
             passes of Table 3.8's 256 KB sort, which the text ran once, and about 3.7 loads' \
             worth of the load's 96 filesorts, where the text runs it twice. Its server ran \
             more than the text prints (repeated runs of Table 3.8 and of the load, or a longer \
             window at long_query_time = 0); repeating steps the text does not name to reach \
             its counts would be fitting, not simulating"
        )
        .into_boxed_str(),
    )
}

const SORT_ADVICE: &str = "MySQLTuner asks for a larger sort buffer only when merge passes are \
     over 10 % of the sorts it read";

/// Runs `statements` in one fresh root session, as a learner's mysql client would.
fn root(server: &mut Server, statements: &[&str]) {
    let Ok(id) = server.connect() else { return };
    for sql in statements {
        server.execute(id, sql);
    }
    server.disconnect(id);
}

/// Table 3.8's read back of one counter.
fn session_status(name: &str) -> String {
    format!(
        "SELECT VARIABLE_VALUE FROM performance_schema.session_status WHERE VARIABLE_NAME = '{name}'"
    )
}
