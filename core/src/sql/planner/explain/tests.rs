//! EXPLAIN's plans for the shop queries, and MySQL's key lengths.

use super::estimates::key_part_bytes;
use super::*;
use crate::storage::schema::{ColumnDef, ColumnType};

/// Runs `f` with an explainer over the shop dataset (seed 42, full scale) and `sql` parsed;
/// `tree` for FORMAT=TREE.
fn with_shop_explainer<T>(
    sql: &str,
    tree: bool,
    f: impl FnOnce(&mut Explainer, &Query, &mut dyn EvalContext) -> T,
) -> T {
    let options = crate::datasets::DatasetOptions::default();
    let catalog = crate::datasets::catalog("shop", 42, &options).unwrap();
    let Ok(crate::sql::Statement::Select(q)) = crate::sql::parse(sql) else { panic!("{sql}") };
    let mut no_system_tables = |db: &str, table: &str| Err(MySqlError::no_such_table(db, table));
    let mut explainer = Explainer {
        catalog: &catalog,
        system_columns: &mut no_system_tables,
        system_views: |_, _| None,
        tree,
        json: false,
        correlation: Default::default(),
        label_marks: None,
        relabels: Vec::new(),
        index_condition_blocked: false,
        subquery_conjuncts: Vec::new(),
    };
    let mut cx = crate::sql::expr::constant_context();
    f(&mut explainer, &q, &mut cx)
}

/// EXPLAIN of `sql` over the shop dataset, in database `shop`: its response and Note 1003,
/// or its error.
fn explain_result(sql: &str) -> Result<(Response, String)> {
    with_shop_explainer(sql, false, |ex, q, cx| {
        ex.explain(q, sql, Some("shop"), cx, &mut Work::default())
    })
}

/// EXPLAIN of `sql`: its rows and Note 1003.
fn explain(sql: &str) -> (ResultSet, String) {
    let (Response::Rows(rs), note) = explain_result(sql).unwrap() else {
        panic!("EXPLAIN returns rows")
    };
    (rs, note)
}

fn cell(rs: &ResultSet, row: usize, column: &str) -> Option<String> {
    rs.get(row, column).and_then(Value::to_text)
}

#[test]
fn the_chapter_count_is_a_full_scan() {
    let sql = "SELECT COUNT(*) FROM page_views WHERE customer_id = 3 AND viewed_at >= '2026-09-01'";
    let (rs, note) = explain(sql);
    assert_eq!(rs.rows.len(), 1);
    assert_eq!(cell(&rs, 0, "type").as_deref(), Some("ALL"));
    assert_eq!(cell(&rs, 0, "key"), None);
    assert_eq!(cell(&rs, 0, "rows").as_deref(), Some("3000000"));
    assert_eq!(cell(&rs, 0, "filtered").as_deref(), Some("3.33"));
    assert_eq!(cell(&rs, 0, "Extra").as_deref(), Some("Using where"));
    assert!(note.starts_with("/* select#1 */ select count(0) AS `COUNT(*)`"), "{note}");
}

#[test]
fn a_primary_key_equality_is_a_const_lookup() {
    let (rs, _) = explain("SELECT * FROM customers WHERE id = 3");
    assert_eq!(cell(&rs, 0, "type").as_deref(), Some("const"));
    assert_eq!(cell(&rs, 0, "key").as_deref(), Some("PRIMARY"));
    assert_eq!(cell(&rs, 0, "key_len").as_deref(), Some("4"));
    assert_eq!(cell(&rs, 0, "ref").as_deref(), Some("const"));
    assert_eq!(cell(&rs, 0, "rows").as_deref(), Some("1"));
    let (rs, _) = explain("SELECT * FROM customers WHERE id = 99");
    assert_eq!(cell(&rs, 0, "Extra").as_deref(), Some("no matching row in const table"));
}

#[test]
fn an_indexed_equality_is_a_ref_lookup_even_on_a_tiny_table() {
    // MySQL caps a ref's row reads at a tenth of the table (worst_seeks), so even on 12
    // rows the index beats the scan.
    let (rs, _) = explain("SELECT * FROM orders WHERE customer_id = 3");
    assert_eq!(cell(&rs, 0, "type").as_deref(), Some("ref"));
    assert_eq!(cell(&rs, 0, "possible_keys").as_deref(), Some("customer_id"));
    assert_eq!(cell(&rs, 0, "key").as_deref(), Some("customer_id"));
    assert_eq!(cell(&rs, 0, "ref").as_deref(), Some("const"));
    assert_eq!(cell(&rs, 0, "Extra"), None);
}

#[test]
fn a_join_column_is_an_eq_ref_on_the_primary_key() {
    // In FROM order (STRAIGHT_JOIN), orders is looked up by order_items' order_id.
    let (rs, _) = explain(
        "SELECT STRAIGHT_JOIN oi.id, o.status FROM order_items oi JOIN orders o ON o.id = oi.order_id",
    );
    assert_eq!(cell(&rs, 0, "type").as_deref(), Some("ALL"));
    assert_eq!(cell(&rs, 1, "type").as_deref(), Some("eq_ref"));
    assert_eq!(cell(&rs, 1, "ref").as_deref(), Some("shop.oi.order_id"));
    // By cost, the smaller orders goes first and order_items is read through its index.
    let (rs, _) =
        explain("SELECT oi.id, o.status FROM order_items oi JOIN orders o ON o.id = oi.order_id");
    assert_eq!(cell(&rs, 0, "table").as_deref(), Some("o"));
    assert_eq!(cell(&rs, 1, "type").as_deref(), Some("ref"));
    assert_eq!(cell(&rs, 1, "ref").as_deref(), Some("shop.o.id"));
}

#[test]
fn key_lengths_match_mysql() {
    let col = |ty| ColumnDef::new("c", ty);
    assert_eq!(key_part_bytes(&col(ColumnType::Int)), 4);
    assert_eq!(key_part_bytes(&col(ColumnType::BigInt).unsigned()), 8);
    assert_eq!(key_part_bytes(&col(ColumnType::Varchar(255)).nullable()), 1023);
    assert_eq!(key_part_bytes(&col(ColumnType::Decimal { precision: 10, scale: 2 })), 5);
    assert_eq!(key_part_bytes(&col(ColumnType::DateTime)), 5);
}

/// EXPLAIN of `sql`, or its error code.
fn explain_error(sql: &str) -> u16 {
    explain_result(sql).map_or_else(|e| e.code, |_| 0)
}

#[test]
fn a_materialised_derived_table_is_read_as_derived_n() {
    let (rs, note) = explain("SELECT * FROM (SELECT referrer FROM page_views LIMIT 10) d");
    assert_eq!(rs.rows.len(), 2);
    assert_eq!(cell(&rs, 0, "id").as_deref(), Some("1"));
    assert_eq!(cell(&rs, 0, "select_type").as_deref(), Some("PRIMARY"));
    assert_eq!(cell(&rs, 0, "table").as_deref(), Some("<derived2>"));
    assert_eq!(cell(&rs, 0, "rows").as_deref(), Some("10"));
    assert_eq!(cell(&rs, 1, "id").as_deref(), Some("2"));
    assert_eq!(cell(&rs, 1, "select_type").as_deref(), Some("DERIVED"));
    assert_eq!(cell(&rs, 1, "table").as_deref(), Some("page_views"));
    assert!(note.contains("from (/* select#2 */ select"), "{note}");
}

#[test]
fn a_cte_referenced_twice_is_materialised_once() {
    let (rs, note) = explain(
        "WITH c AS (SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id) \
         SELECT * FROM c a, c b WHERE a.n > b.n",
    );
    let tables: Vec<Option<String>> = (0..rs.rows.len()).map(|r| cell(&rs, r, "table")).collect();
    let derived = Some("<derived2>".to_string());
    assert_eq!(tables, vec![derived.clone(), derived, Some("orders".into())]);
    assert_eq!(cell(&rs, 2, "select_type").as_deref(), Some("DERIVED"));
    assert!(note.starts_with("with `c` as (/* select#2 */ select"), "{note}");
}

#[test]
fn a_one_row_block_is_a_system_table() {
    let (rs, _) = explain("SELECT * FROM (SELECT COUNT(*) AS n FROM orders) AS v");
    assert_eq!(cell(&rs, 0, "type").as_deref(), Some("system"));
    assert_eq!(cell(&rs, 0, "rows").as_deref(), Some("1"));
}

#[test]
fn derived_table_errors_are_mysqls() {
    assert_eq!(explain_error("SELECT * FROM (SELECT id FROM orders LIMIT 2)"), 1248);
    assert_eq!(explain_error("SELECT * FROM (SELECT id FROM orders LIMIT 2) d (a, b)"), 1353);
    // A CTE's query sees only the CTEs before it: `b` is looked for as a table.
    assert_eq!(
        explain_error(
            "WITH a AS (SELECT * FROM b LIMIT 1), b AS (SELECT id FROM orders LIMIT 1) \
             SELECT * FROM a"
        ),
        1146
    );
    // MySQL merges an outer join inside a derived table; derived_merge does not (an inner
    // one it does): not explained yet.
    assert_eq!(
        explain_error(
            "SELECT * FROM (SELECT o.id FROM orders o LEFT JOIN orders p ON o.id = p.id) d"
        ),
        1235
    );
}

/// EXPLAIN FORMAT=TREE of `sql` over the shop dataset, drawn, or its error.
fn tree(sql: &str) -> Result<String> {
    with_shop_explainer(sql, true, |ex, q, cx| {
        Ok(ex.explain_tree(q, sql, Some("shop"), cx)?.0.render())
    })
}

#[test]
fn a_window_is_drawn_over_the_sort_of_its_keys() {
    let text = tree(
        "SELECT id, SUM(id) OVER (PARTITION BY customer_id, status ORDER BY id DESC) FROM orders",
    )
    .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with(
            "-> Window aggregate with buffering: sum(orders.id) OVER (PARTITION BY \
             orders.customer_id,orders.status ORDER BY orders.id desc )   (cost=0 rows="
        ),
        "{text}"
    );
    assert!(lines[1].starts_with("    -> Sort: orders.customer_id, orders.status, orders.id DESC"));
    assert!(lines[2].starts_with("        -> Table scan on orders"));
    let ranked = tree("SELECT ROW_NUMBER() OVER (ORDER BY id) FROM orders").unwrap();
    assert!(ranked.starts_with("-> Window aggregate: row_number() OVER (ORDER BY orders.id ) "));
}

#[test]
fn what_a_window_tree_does_not_draw_is_refused_by_name() {
    let err = tree("SELECT RANK() OVER (ORDER BY id), RANK() OVER (ORDER BY status) FROM orders");
    assert_eq!(err.unwrap_err().code, 1235);
    let err = tree("SELECT SUM(id) OVER (ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM orders");
    assert!(err.unwrap_err().message.contains("window frames"));
}

/// The (type, key, rows, Extra) of a one-table EXPLAIN.
fn access(sql: &str) -> [Option<String>; 4] {
    let (rs, _) = explain(sql);
    ["type", "key", "rows", "Extra"].map(|c| cell(&rs, 0, c))
}

fn some(values: [&str; 4]) -> [Option<String>; 4] {
    values.map(|v| (v != "NULL").then(|| v.to_string()))
}

#[test]
fn order_by_an_indexed_column_with_limit_reads_the_index_in_order() {
    // page_views has INDEX idx_referrer (referrer); 3,000,000 rows at full scale.
    let sql = "SELECT * FROM page_views ORDER BY referrer LIMIT 10";
    assert_eq!(access(sql), some(["index", "idx_referrer", "10", "NULL"]));
    let sql = "SELECT * FROM page_views ORDER BY referrer DESC LIMIT 10";
    assert_eq!(access(sql), some(["index", "idx_referrer", "10", "Backward index scan"]));
    // A condition the index cannot look up: about 10 / 10 % entries to find 10 rows.
    let sql = "SELECT * FROM page_views WHERE url = '/cart' ORDER BY referrer LIMIT 10";
    assert_eq!(access(sql), some(["index", "idx_referrer", "100", "Using where"]));
}

#[test]
fn order_by_an_index_keeps_the_filesort_where_mysql_does() {
    // Without LIMIT a non-covering index read in order costs a lookup per row.
    let sql = "SELECT * FROM page_views ORDER BY referrer";
    assert_eq!(access(sql), some(["ALL", "NULL", "3000000", "Using filesort"]));
    // Mixed directions, a column after the index's, an expression.
    for order in ["referrer, id DESC", "referrer, url", "LOWER(referrer)"] {
        let sql = format!("SELECT * FROM page_views ORDER BY {order} LIMIT 10");
        assert_eq!(access(&sql)[3].as_deref(), Some("Using filesort"), "{sql}");
    }
    // FORCE INDEX makes the scan the expensive choice: the index in order, even so.
    let sql = "SELECT * FROM page_views FORCE INDEX (idx_referrer) ORDER BY referrer";
    assert_eq!(access(sql), some(["index", "idx_referrer", "3000000", "NULL"]));
    // The primary key's own order stays the clustered scan's.
    let sql = "SELECT * FROM page_views ORDER BY id LIMIT 10";
    assert_eq!(access(sql), some(["index", "PRIMARY", "10", "NULL"]));
}

#[test]
fn a_covering_index_gives_order_and_groups_without_a_sort() {
    let sql = "SELECT referrer, id FROM page_views ORDER BY referrer, id";
    assert_eq!(access(sql), some(["index", "idx_referrer", "3000000", "Using index"]));
    let sql = "SELECT referrer, COUNT(*) FROM page_views GROUP BY referrer";
    assert_eq!(access(sql), some(["index", "idx_referrer", "3000000", "Using index"]));
    let sql = "SELECT referrer, COUNT(*) FROM page_views GROUP BY referrer ORDER BY referrer DESC";
    let want = ["index", "idx_referrer", "3000000", "Backward index scan; Using index"];
    assert_eq!(access(sql), some(want));
    // An equality lookup on the index: its rows are in (referrer, id) order already.
    let sql = "SELECT id FROM page_views WHERE referrer = 'x' ORDER BY id DESC";
    let [kind, key, _, extra] = access(sql);
    assert_eq!((kind.as_deref(), key.as_deref()), (Some("ref"), Some("idx_referrer")));
    assert_eq!(extra.as_deref(), Some("Backward index scan; Using index"));
}

#[test]
fn an_index_read_in_order_is_drawn_as_mysql_draws_it() {
    let sql = "SELECT * FROM page_views ORDER BY referrer DESC LIMIT 10";
    let text = tree(sql).unwrap();
    assert!(text.starts_with("-> Limit: 10 row(s)"), "{text}");
    assert!(text.contains("-> Index scan on page_views using idx_referrer (reverse)"), "{text}");
    assert!(!text.contains("Sort"), "{text}");
}

#[test]
fn a_secondary_range_that_fetches_rows_pushes_its_index_condition() {
    let extra = |sql: &str| cell(&explain(sql).0, 0, "Extra");
    // page_views has INDEX idx_referrer (referrer): the range's own condition is tested on
    // the index entry (manual "Index Condition Pushdown Optimization").
    let sql = "SELECT * FROM page_views WHERE referrer LIKE 'https://news%'";
    assert_eq!(extra(sql).as_deref(), Some("Using index condition"));
    // A column the entry lacks stays with the row: `Using where` after it.
    let sql = "SELECT * FROM page_views WHERE referrer LIKE 'https://news%' AND url = '/cart'";
    assert_eq!(extra(sql).as_deref(), Some("Using index condition; Using where"));
    // A non-deterministic call is never pushed, even over the entry's own column.
    let sql = "SELECT * FROM page_views WHERE referrer LIKE 'https://news%' \
               AND LENGTH(referrer) > RAND()";
    assert_eq!(extra(sql).as_deref(), Some("Using index condition; Using where"));
    // A covering read reads no row to save: `Using index`, as before.
    let sql = "SELECT id FROM page_views WHERE referrer LIKE 'https://news%'";
    assert_eq!(extra(sql).as_deref(), Some("Using where; Using index"));
    // The clustered index pushes nothing.
    let sql = "SELECT * FROM page_views WHERE id BETWEEN 10 AND 20 AND id % 2 = 0";
    assert_eq!(extra(sql).as_deref(), Some("Using where"));
}

#[test]
fn a_values_statement_is_one_block_reading_no_table() {
    let (rs, note) = explain("VALUES ROW(1, 'a'), ROW(2, NULL)");
    assert_eq!(rs.rows.len(), 1);
    assert_eq!(cell(&rs, 0, "select_type").as_deref(), Some("SIMPLE"));
    assert_eq!(cell(&rs, 0, "Extra").as_deref(), Some("No tables used"));
    assert_eq!(note, "values row(1,'a'),row(2,NULL)");
    let text = tree("VALUES ROW(1), ROW(2), ROW(3)").unwrap();
    assert_eq!(text.trim_end(), "-> Rows fetched before execution  (cost=0..0 rows=3)");
    // Every row as long as the first (1136), each written with ROW.
    assert_eq!(explain_error("VALUES ROW(1, 2), ROW(3)"), 1136);
    assert_eq!(explain_error("VALUES ROW()"), 1064);
}

#[test]
fn a_derived_values_table_is_materialised_with_its_rows() {
    let (rs, note) = explain("SELECT * FROM (VALUES ROW(1, 2), ROW(3, 4)) AS v (a, b)");
    assert_eq!(cell(&rs, 0, "table").as_deref(), Some("<derived2>"));
    assert_eq!(cell(&rs, 0, "rows").as_deref(), Some("2"));
    assert_eq!(cell(&rs, 1, "select_type").as_deref(), Some("DERIVED"));
    assert!(note.ends_with("from (values row(1,2),row(3,4)) `v`"), "{note}");
}

#[test]
fn an_outer_join_over_a_parenthesised_join_keeps_the_nest_as_its_inner_side() {
    let text = tree(
        "SELECT 1 FROM customers c LEFT JOIN (orders o JOIN order_items i \
         ON i.order_id = o.id) ON o.customer_id = c.id",
    )
    .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The first table of the nest uses a join buffer: the nest is the hash join's build side,
    // keyed by the equality that reads the table before it (not a filter inside the nest).
    assert!(lines[0].starts_with("-> Left hash join (o.customer_id = c.id)"), "{text}");
    assert!(lines[1].starts_with("    -> Table scan on c"), "{text}");
    assert_eq!(lines[2], "    -> Hash", "{text}");
    assert!(lines[3].starts_with("        -> Nested loop inner join"), "{text}");
    assert!(!text.contains("Filter: (o.customer_id = c.id)"), "{text}");
}
