//! EXPLAIN's plans for the shop queries, and MySQL's key lengths.

use super::estimates::key_part_bytes;
use super::*;
use crate::storage::schema::{ColumnDef, ColumnType};

/// EXPLAIN of `sql` over the shop dataset (seed 42, full scale), in database `shop`.
fn explain(sql: &str) -> (ResultSet, String) {
    let options = crate::datasets::DatasetOptions::default();
    let catalog = crate::datasets::catalog("shop", 42, &options).unwrap();
    let Ok(crate::sql::Statement::Select(q)) = crate::sql::parse(sql) else { panic!("{sql}") };
    let mut no_system_tables = |db: &str, table: &str| Err(MySqlError::no_such_table(db, table));
    let mut explainer = Explainer {
        catalog: &catalog,
        system_columns: &mut no_system_tables,
        system_views: |_, _| None,
    };
    let mut cx = crate::sql::expr::constant_context();
    let (Response::Rows(rs), note) =
        explainer.explain(&q, sql, Some("shop"), &mut cx, &mut Work::default()).unwrap()
    else {
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
    let (rs, _) =
        explain("SELECT oi.id, o.status FROM order_items oi JOIN orders o ON o.id = oi.order_id");
    assert_eq!(cell(&rs, 0, "type").as_deref(), Some("ALL"));
    assert_eq!(cell(&rs, 1, "type").as_deref(), Some("eq_ref"));
    assert_eq!(cell(&rs, 1, "ref").as_deref(), Some("shop.oi.order_id"));
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
