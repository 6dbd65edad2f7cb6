//! The sys schema's figures of section 3.13.7 (FIDELITY.md F7.2, F7.3), measured on a load
//! of the chapter's five statement shapes (section 3.13.6) run against the full-scale `shop`
//! on the chapter's server: which indexes `sys.schema_unused_indexes` lists afterwards, and
//! how `sys.statements_with_runtimes_in_95th_percentile` prints the slowest shape.
//!
//! The load here runs each shape a few times from one client; the chapter's own mysqlslap
//! load (eight clients, 480 queries) is the lesson's, and gives the same indexes, since which
//! index a statement uses does not depend on how often or how concurrently it runs.

use super::experiment::Experiment;
use super::fidelity::{check, Check, Tolerance};
use crate::client::Client;
use crate::sql::Response;

/// The chapter's five shapes, with constants of our choosing: page_views counted by a full
/// scan and listed by PRIMARY, orders scanned and joined to order_items through order_id,
/// customers by PRIMARY, products scanned.
const LOAD: [&str; 5] = [
    "SELECT COUNT(*) FROM page_views WHERE customer_id = 7 AND viewed_at >= '2026-09-01'",
    "SELECT id, viewed_at FROM page_views WHERE id > 2999990 ORDER BY id LIMIT 10",
    "SELECT o.id, o.status, SUM(oi.quantity * oi.price) AS total FROM orders o \
     JOIN order_items oi ON oi.order_id = o.id WHERE o.status = 'paid' GROUP BY o.id, o.status",
    "SELECT name, email FROM customers WHERE id = 7",
    "SELECT title, price FROM products WHERE price > 20 ORDER BY price DESC",
];

/// Runs the load and adds F7.3 (and the shape of F7.2's query text).
pub fn checks(out: &mut Vec<Check>) {
    let server = Experiment::default().start_server().expect("the default experiment starts");
    let mut c = Client::connect(server, false);
    let server = c.server_mut();
    let Ok(id) = server.connect() else { return };
    server.execute(id, "USE shop");
    for _ in 0..3 {
        for sql in LOAD {
            server.execute(id, sql);
        }
    }
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
        "SELECT query, full_scan FROM sys.statements_with_runtimes_in_95th_percentile \
         WHERE db = 'shop' LIMIT 1",
    ));
    let first = slowest.first().map(|r| r.join(" | ")).unwrap_or_else(|| "(no rows)".into());
    out.push(check(
        "F7.2",
        "95th percentile: query, full_scan",
        "SELECT COUNT ( * ) FROM `page_ ... r_id` = ? AND `viewed_at` >= ? | *",
        first,
        Tolerance::Exact,
    ));
    server.disconnect(id);
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
