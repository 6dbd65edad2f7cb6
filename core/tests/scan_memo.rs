//! A repeated aggregate scan reuses the table's kept result (`storage::table::scan_memo`,
//! `select::memo`) and must be indistinguishable from computing it again: the same result,
//! counters, page reads and simulated time. The check runs each statement twice, once with the
//! second run identical (kept result) and once with the second run spelled so that it is
//! computed afresh (`+ 0` on one output column, under the same alias), and compares the
//! transcripts.

use tunelab_core::client::Client;
use tunelab_core::lab::experiment::{Experiment, Setting};

/// The status counters a scan moves, and the simulated clock.
const STATUS: &str = "SELECT VARIABLE_NAME, VARIABLE_VALUE FROM performance_schema.global_status \
    WHERE VARIABLE_NAME IN ('Innodb_buffer_pool_read_requests', 'Innodb_buffer_pool_reads', \
    'Innodb_buffer_pool_read_ahead', 'Innodb_rows_read', 'Handler_read_rnd_next', \
    'Innodb_data_read', 'Innodb_buffer_pool_pages_data', 'Uptime', 'Questions') ORDER BY 1;\n";

fn transcript(statements: &[String]) -> String {
    let mut e = Experiment { dataset: "shop".into(), scale: 0.1, ..Experiment::default() };
    // A pool smaller than the table: each scan evicts and reads again, so a replay that
    // walked the pages differently would show in the reads.
    e.variables.insert("innodb_buffer_pool_size".into(), Setting::Text("16M".into()));
    let mut c = Client::connect(e.start_server().expect("the experiment starts"), false);
    let mut out = String::new();
    for s in statements {
        out.push_str(&c.feed(s));
        out.push_str(&c.feed(STATUS));
    }
    out
}

fn check(first: &str, again: &str, afresh: &str) {
    let reuse = transcript(&[first.into(), again.into()]);
    let compute = transcript(&[first.into(), afresh.into()]);
    assert!(reuse.contains("row in set"), "{reuse}");
    assert_eq!(reuse, compute, "a kept result must be invisible");
}

#[test]
fn a_kept_sum_scan_is_indistinguishable_from_a_computed_one() {
    let s = "SELECT SUM(LENGTH(referrer)) AS bytes FROM shop.page_views;\n";
    check(s, s, "SELECT SUM(LENGTH(referrer)) + 0 AS bytes FROM shop.page_views;\n");
}

#[test]
fn a_kept_filtered_count_is_indistinguishable_and_forgotten_after_a_change() {
    let q = "SELECT COUNT(*), SUM(customer_id) AS ids, MAX(viewed_at) FROM shop.page_views \
             WHERE customer_id = 42 OR viewed_at >= '2026-09-20';\n";
    let q0 = q.replace("SUM(customer_id)", "SUM(customer_id) + 0");
    check(q, q, &q0);
    // After a change the next scan computes again and sees it.
    let changed = format!("UPDATE shop.page_views SET customer_id = 42 WHERE id = 5;\n{q}");
    let t = transcript(&[q.to_string(), changed]);
    let counts: Vec<&str> =
        t.lines().filter(|l| l.starts_with("|") && l.contains("2026-09-22")).collect();
    assert_eq!(counts.len(), 2, "{t}");
    assert_ne!(counts[0], counts[1], "the UPDATE's row is counted after it: {t}");
}
