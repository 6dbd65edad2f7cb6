//! Sections 3.13.6 to 3.13.8 on the chapter's load (FIDELITY.md F6.2, F7.1-F7.3, F8.1, F8.2;
//! F7.5 runs the chapter's whole sequence on a server of its own, `advisor_sequence.rs`): after a
//! TRUNCATE of the digest summary, eight mysqlslap clients run as the plain app user through
//! the five shop statements of `shop_load.sql` (`sim::files`), 480 queries in all, on the
//! full-scale `shop` of the chapter's server. Listing 3.118 ranks the digests; Listing 3.119
//! reads the 95th-percentile view and `sys.schema_unused_indexes` afterwards. The slow log
//! captures the load with long_query_time = 0, as section 3.13.8 does (F8.1).

use super::{check, Check, Tolerance};
use crate::client::Client;
use crate::lab::experiment::Experiment;
use crate::sql::Response;

/// Listing 3.118's query, as the chapter prints it.
pub(super) const LISTING_3_118: &str =
    "SELECT LEFT(DIGEST_TEXT, 38) AS digest, COUNT_STAR AS calls, \
     ROUND(SUM_TIMER_WAIT / 1e12, 1) AS total_s, ROUND(AVG_TIMER_WAIT / 1e9, 1) AS avg_ms, \
     SUM_ROWS_EXAMINED DIV COUNT_STAR AS rows_avg, SUM_NO_INDEX_USED AS no_idx \
     FROM performance_schema.events_statements_summary_by_digest \
     WHERE SCHEMA_NAME = 'shop' ORDER BY SUM_TIMER_WAIT DESC LIMIT 5";

/// Listing 3.118's rows: digest prefix, calls, total_s, avg_ms, rows_avg, no_idx.
const CHAPTER_3_118: [[&str; 6]; 5] = [
    ["SELECT COUNT ( * ) FROM `page_views` W", "96", "112.1", "1167.8", "3000000", "96"],
    ["SELECT `id` , `viewed_at` FROM `page_v", "96", "2.6", "26.6", "10", "0"],
    ["SELECT `o` . `id` , `o` . `status` , S", "96", "0", "0.5", "25", "96"],
    ["SELECT NAME , `email` FROM `customers`", "96", "0", "0.3", "1", "0"],
    ["SELECT `title` , `price` FROM `product", "96", "0", "0.2", "13", "96"],
];

const JOIN_TIME: &str = "the join's own run is 0.24 ms here, a point lookup's 0.22 ms plus \
     its 25 rows; the chapter's join takes 0.5 ms (0.43 ms in its slow log, Listing 3.121), \
     about 0.2 ms more than its point lookup, which no per-row, join or temporary-table cost \
     of this model gives a 25-row join";
const CUSTOMER_TIME: &str = "0.215 ms here, printed 0.2; the chapter's slow log has 0.225 ms \
     for it (Listing 3.121) and its Performance Schema 0.3: there every shape's Performance \
     Schema average is 0.025-0.05 ms above its slow-log time (mysqld writes the slow log's \
     entry inside the statement's timer, after the Query_time it prints), a write this model \
     does not time";
const PAGE_OF_VIEWS: &str = "26.6 ms for a 10-row primary key read is over a hundred times \
     its run here (0.22 ms), and every call took about that long (pt-query-digest's V/M 0.00 \
     in Listing 3.121, not a few outliers): no simulated mechanism (CPU slices, page waits) \
     gives it, and the chapter does not print the statement; its calls, rows and index use \
     are checked";

/// Section 3.13.6's load: eight mysqlslap clients, 480 queries through `shop_load.sql`.
pub(super) const LOAD: &str = "mysqlslap --defaults-file=bench.cnf --create-schema=shop \
     --concurrency=8 --number-of-queries=480 --query=shop_load.sql";

/// Runs the chapter's load and adds F6.2, F7.2 and F7.3.
pub fn checks(out: &mut Vec<Check>) {
    let server = Experiment::default().start_server().expect("the default experiment starts");
    let mut c = Client::connect(server, false);
    let server = c.server_mut();
    let Ok(id) = server.connect() else { return };
    // Section 3.13.8's capture runs during this load: long_query_time = 0 for the clients'
    // new connections (the slow log costs no simulated time, so the other figures stand).
    for sql in [
        "CREATE USER 'app'@'localhost' IDENTIFIED BY 'app_pw'",
        "GRANT ALL ON shop.* TO 'app'@'localhost'",
        "SET GLOBAL long_query_time = 0",
        "SET GLOBAL slow_query_log = ON",
        "TRUNCATE TABLE performance_schema.events_statements_summary_by_digest",
    ] {
        server.execute(id, sql);
    }
    crate::tools::run_shell(server, LOAD);
    server.execute(id, "SET GLOBAL slow_query_log = OFF");
    slow_log_checks(server, out);
    let ranked = rows(server.execute(id, LISTING_3_118));
    listing_3_118_checks(&ranked, out);

    let sizes = rows(server.execute(
        id,
        "SELECT ROUND(DATA_LENGTH / 1048576), ROUND(INDEX_LENGTH / 1048576) \
         FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'shop' AND TABLE_NAME = 'page_views'",
    ));
    let size = |i: usize| sizes.first().and_then(|r| r.get(i)).cloned().unwrap_or_default();
    out.push(check(
        "F7.1",
        "information_schema.TABLES: page_views data (MB)",
        "723",
        size(0),
        Tolerance::Percent(10),
    ));
    out.push(check(
        "F7.1",
        "information_schema.TABLES: page_views indexes (MB)",
        "157",
        size(1),
        Tolerance::Percent(10),
    ));

    let unused = rows(
        server.execute(id, "SELECT * FROM sys.schema_unused_indexes WHERE object_schema = 'shop'"),
    );
    let listed: Vec<String> =
        unused.iter().map(|r| format!("{}.{}", r[1], r[2])).collect::<Vec<_>>();
    out.push(check(
        "F7.3",
        "sys.schema_unused_indexes for shop",
        "order_items.product_id, orders.customer_id, page_views.idx_referrer, products.category_id",
        listed.join(", "),
        Tolerance::Exact,
    ));
    let slowest = rows(server.execute(
        id,
        "SELECT query, exec_count, avg_latency, rows_examined_avg, full_scan \
         FROM sys.statements_with_runtimes_in_95th_percentile WHERE db = 'shop' LIMIT 1",
    ));
    let first = slowest.first().cloned().unwrap_or_default();
    let col = |i: usize| first.get(i).cloned().unwrap_or_else(|| "(no rows)".into());
    out.push(check(
        "F7.2",
        "95th percentile: query, full_scan",
        "SELECT COUNT ( * ) FROM `page_ ... r_id` = ? AND `viewed_at` >= ? | *",
        format!("{} | {}", col(0), col(4)),
        Tolerance::Exact,
    ));
    out.push(check("F7.2", "95th percentile: exec_count", "96", col(1), Tolerance::Exact));
    out.push(check(
        "F7.2",
        "95th percentile: avg_latency (s)",
        "1.17",
        col(2).trim_end_matches(" s").to_string(),
        Tolerance::Percent(20),
    ));
    out.push(check(
        "F7.2",
        "95th percentile: rows_examined_avg",
        "3000000",
        col(3),
        Tolerance::Exact,
    ));
    server.disconnect(id);
}

/// F8.1: with long_query_time = 0 the load's slow log holds about 490 entries whose
/// `# Time:` lines span about 15 s (the load's length, as the clients run side by side).
fn slow_log_checks(server: &mut crate::server::Server, out: &mut Vec<Check>) {
    let (entries, span) = slow_log_figures(server);
    out.push(check(
        "F8.1",
        "long_query_time = 0: slow log entries of the 3.13.6 load",
        "490",
        entries.to_string(),
        Tolerance::Percent(10),
    ));
    out.push(check(
        "F8.1",
        "long_query_time = 0: the entries' # Time: span (s)",
        "15",
        format!("{span:.1}"),
        Tolerance::Percent(20),
    ));
    digest_checks(server, out);
}

/// F8.2, Listing 3.121 verbatim (its `cut` included) over the slow log the load wrote: the
/// ranked classes, the count shape first with 96 calls at about 1.17 s, and the MISC row.
fn digest_checks(server: &mut crate::server::Server, out: &mut Vec<Check>) {
    let profile = crate::tools::run_shell(
        server,
        "pt-query-digest --limit=100%:5 --report-format=profile tunelab-slow.log | cut -c 1-24,43-",
    );
    // `#    1 0x6D35C40A4CEB43A 112.1023 97.7%    96 1.1677  0.08 SELECT page_views`
    let rows: Vec<Vec<String>> = profile
        .lines()
        .filter(|l| l.starts_with("#    ") || l.starts_with("# MISC"))
        .map(|l| l.trim_start_matches('#').split_whitespace().map(str::to_string).collect())
        .collect();
    let cell = |r: usize, c: usize| -> String {
        rows.get(r).and_then(|row| row.get(c)).cloned().unwrap_or_else(|| "(none)".into())
    };
    let first = |what: &'static str, chapter: &str, c: usize, tol: Tolerance| {
        check("F8.2", what, chapter, cell(0, c).trim_end_matches('%').to_string(), tol)
    };
    out.push(first(
        "pt-query-digest rank 1: Query ID (cut)",
        "0x6D35C40A4CEB43A",
        1,
        Tolerance::Exact,
    ));
    out.push(first(
        "pt-query-digest rank 1: response time (s)",
        "112.1023",
        2,
        Tolerance::Percent(20),
    ));
    // The share within 3 points, as F6.2's.
    let share: f64 = cell(0, 3).trim_end_matches('%').parse().unwrap_or(0.0);
    let mut c = first("pt-query-digest rank 1: share (%)", "97.7", 3, Tolerance::Exact);
    c.deviation_pct = Some(((share - 97.7) * 10.0).round() / 10.0);
    c.pass = (share - 97.7).abs() <= 3.0;
    out.push(c);
    out.push(first("pt-query-digest rank 1: calls", "96", 4, Tolerance::Exact));
    out.push(first("pt-query-digest rank 1: R/Call (s)", "1.1677", 5, Tolerance::Percent(20)));
    let item = rows.first().map(|r| r.get(7..).unwrap_or(&[]).join(" ")).unwrap_or_default();
    out.push(check(
        "F8.2",
        "pt-query-digest rank 1: item",
        "SELECT page_views",
        item,
        Tolerance::Exact,
    ));
    let calls: Vec<String> = (1..5).map(|r| cell(r, 4)).collect();
    out.push(check(
        "F8.2",
        "pt-query-digest ranks 2-5: calls",
        "96, 96, 96, 96",
        calls.join(", "),
        Tolerance::Exact,
    ));
    let misc = rows.iter().any(|r| r.first().is_some_and(|c| c == "MISC"));
    out.push(check("F8.2", "pt-query-digest: a MISC row", "yes", yes(misc), Tolerance::Exact));
    let items: Vec<String> = (1..5)
        .map(|r| rows.get(r).map(|x| x.get(7..).unwrap_or(&[]).join(" ")).unwrap_or_default())
        .collect();
    out.push(
        check(
            "F8.2",
            "pt-query-digest ranks 2-5: order",
            "SELECT page_views | SELECT orders order_items | SELECT customers | SELECT products",
            items.join(" | "),
            Tolerance::Exact,
        )
        .pending(SHORT_ORDER),
    );
    out.push(
        check(
            "F8.2",
            "pt-query-digest rank 2: response time (s)",
            "2.5522",
            cell(1, 2),
            Tolerance::Percent(20),
        )
        .pending(PAGE_OF_VIEWS),
    );
}

const SHORT_ORDER: &str = "the page of views is 26.6 ms in the chapter only (F6.2's pending \
     reason), and the other three rank by totals 0.002-0.02 s apart, which rest on the \
     join's extra 0.2 ms there (F6.2)";

fn yes(b: bool) -> String {
    if b { "yes" } else { "no" }.into()
}

/// The default slow log's entry count and the seconds from its first `# Time:` to its last.
fn slow_log_figures(server: &crate::server::Server) -> (u64, f64) {
    let text = server.datadir_file("tunelab-slow.log").map(|f| f.text()).unwrap_or("");
    // `# Time: 2026-09-23T08:00:14.123456Z`: microseconds of the day (the load stays within
    // the simulated morning).
    let micros = |line: &str| -> Option<u64> {
        let t = line.strip_prefix("# Time: ")?.get(11..26)?;
        let (hms, frac) = t.split_once('.')?;
        let mut parts = hms.split(':').map(|p| p.parse::<u64>().ok());
        let (h, m, s) = (parts.next()??, parts.next()??, parts.next()??);
        Some(((h * 60 + m) * 60 + s) * 1_000_000 + frac.parse::<u64>().ok()?)
    };
    let times: Vec<u64> = text.lines().filter_map(micros).collect();
    let first = times.iter().copied().min().unwrap_or(0);
    let last = times.iter().copied().max().unwrap_or(0);
    (times.len() as u64, (last - first) as f64 / 1e6)
}

/// Listing 3.118 row by row: counts exactly, times within 20 %, and the finding that one shape
/// holds 97 % of the time (within 3 points).
fn listing_3_118_checks(ranked: &[Vec<String>], out: &mut Vec<Check>) {
    const FIGURES: [[&str; 5]; 5] = [
        ["#1 page_views count: calls", "#1: total_s", "#1: avg_ms", "#1: rows_avg", "#1: no_idx"],
        [
            "page of views: calls",
            "page of views: total_s",
            "page of views: avg_ms",
            "page of views: rows_avg",
            "page of views: no_idx",
        ],
        [
            "orders join: calls",
            "orders join: total_s",
            "orders join: avg_ms",
            "orders join: rows_avg",
            "orders join: no_idx",
        ],
        [
            "customer: calls",
            "customer: total_s",
            "customer: avg_ms",
            "customer: rows_avg",
            "customer: no_idx",
        ],
        [
            "products: calls",
            "products: total_s",
            "products: avg_ms",
            "products: rows_avg",
            "products: no_idx",
        ],
    ];
    let first = ranked.first().map(|r| r[0].clone()).unwrap_or_default();
    out.push(check(
        "F6.2",
        "Listing 3.118: the costliest shape",
        CHAPTER_3_118[0][0],
        first,
        Tolerance::Exact,
    ));
    for (k, chapter) in CHAPTER_3_118.iter().enumerate() {
        // Rows 2-5 are matched by digest: their order rests on the sub-second totals.
        let row = ranked.iter().find(|r| r[0] == chapter[0]).cloned().unwrap_or_default();
        let cell = |i: usize| row.get(i).cloned().unwrap_or_else(|| "(no row)".into());
        for (j, figure) in FIGURES[k].iter().enumerate() {
            let col = j + 1;
            let timed = col == 2 || col == 3;
            let tolerance = if timed { Tolerance::Percent(20) } else { Tolerance::Exact };
            let c = check("F6.2", figure, chapter[col], cell(col), tolerance);
            // Rows 3-5 total 0 s in the chapter as here; their averages are checked.
            out.push(match (timed, k, col) {
                (true, 1, _) => c.pending(PAGE_OF_VIEWS),
                (true, 2, 3) => c.pending(JOIN_TIME),
                (true, 3, 3) => c.pending(CUSTOMER_TIME),
                _ => c,
            });
        }
    }
    let total: f64 = ranked.iter().filter_map(|r| r[2].parse::<f64>().ok()).sum();
    let top = ranked.first().and_then(|r| r[2].parse::<f64>().ok()).unwrap_or(0.0);
    let share = if total > 0.0 { 100.0 * top / total } else { 0.0 };
    let mut c = check(
        "F6.2",
        "Listing 3.118: the top shape's share of the time (%)",
        "97.7",
        format!("{share:.1}"),
        Tolerance::Exact,
    );
    c.deviation_pct = Some(((share - 97.7) * 10.0).round() / 10.0);
    c.pass = (share - 97.7).abs() <= 3.0;
    out.push(c);
}

/// A query's rows as text (NULL as `NULL`); none if it failed.
fn rows(done: crate::server::dispatch::Executed) -> Vec<Vec<String>> {
    match done.result {
        Ok(Response::Rows(rs)) => rs
            .rows
            .iter()
            .map(|r| r.iter().map(|v| v.to_text().unwrap_or_else(|| "NULL".into())).collect())
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    /// F8.1 at full scale (about 10 s in a debug build: the scans' results are kept).
    #[test]
    fn the_chapter_load_writes_about_490_slow_log_entries_in_about_15_s() {
        let mut out = Vec::new();
        super::checks(&mut out);
        let f81: Vec<_> = out.iter().filter(|c| c.id == "F8.1").collect();
        assert_eq!(f81.len(), 2);
        for c in f81 {
            assert!(c.pass, "{}: chapter {}, simulated {}", c.figure, c.chapter, c.simulated);
        }
    }
}
