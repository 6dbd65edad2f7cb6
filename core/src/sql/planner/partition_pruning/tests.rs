//! Partition pruning's unit tests: the conditions each method prunes on.

use super::*;
use crate::storage::partition::Partition;

fn range() -> Partitioning {
    let part = |name: &str, l: Option<i64>| Partition {
        subpartitions: Vec::new(),
        name: name.into(),
        bound: Bound::LessThan(vec![l.map(Value::Int)]),
    };
    Partitioning {
        method: Method::Range,
        expr: "`a`".into(),
        columns: vec!["a".into()],
        key_columns_written: false,
        partitions: vec![part("p0", Some(10)), part("p1", Some(20)), part("p2", None)],
        default_names: false,
        misplaced: Default::default(),
        sub: None,
    }
}

fn cmp(op: B, v: i64) -> BExpr {
    BExpr::Binary {
        op,
        left: Box::new(BExpr::Column(0)),
        right: Box::new(BExpr::Lit(Value::Int(v))),
        text: String::new(),
    }
}

#[test]
fn equality_and_ranges_keep_the_partitions_they_reach() {
    let p = range();
    assert_eq!(prune(&p, Some(0), &[&cmp(B::Eq, 15)]), [false, true, false]);
    assert_eq!(prune(&p, Some(0), &[&cmp(B::Lt, 10)]), [true, false, false]);
    assert_eq!(prune(&p, Some(0), &[&cmp(B::LtEq, 10)]), [true, true, false]);
    assert_eq!(prune(&p, Some(0), &[&cmp(B::GtEq, 20)]), [false, false, true]);
    assert_eq!(prune(&p, Some(0), &[&cmp(B::Gt, 12), &cmp(B::Lt, 18)]), [false, true, false]);
    // A condition on another column keeps them all.
    assert_eq!(prune(&p, Some(1), &[&cmp(B::Eq, 15)]), [true, true, true]);
}

/// A table `t (id INT, d DATE)` partitioned by `method` over `expr` (of `column`).
fn table(method: Method, expr: &str, column: &str, partitions: Vec<Partition>) -> TableDef {
    use crate::storage::schema::ColumnDef;
    TableDef {
        schema: "s".into(),
        name: "t".into(),
        columns: vec![ColumnDef::new("id", ColumnType::Int), ColumnDef::new("d", ColumnType::Date)],
        indexes: Vec::new(),
        constraints: Default::default(),
        partitioning: Some(Partitioning {
            method,
            expr: expr.into(),
            columns: vec![column.into()],
            key_columns_written: false,
            partitions,
            default_names: false,
            misplaced: Default::default(),
            sub: None,
        }),
    }
}

fn less_than(name: &str, limit: Option<i64>) -> Partition {
    Partition::new(name.into(), Bound::LessThan(vec![limit.map(Value::Int)]))
}

fn on(def: &TableDef, conditions: &[BExpr]) -> Vec<bool> {
    prune_table(def, def.partitioning.as_ref().unwrap(), 0, conditions)
}

fn date_cmp(op: B, d: &str) -> BExpr {
    BExpr::Binary {
        op,
        left: Box::new(BExpr::Column(1)),
        right: Box::new(BExpr::Lit(Value::Str(d.into()))),
        text: String::new(),
    }
}

#[test]
fn ranges_of_a_date_prune_through_year() {
    let parts =
        vec![less_than("p0", Some(2020)), less_than("p1", Some(2022)), less_than("p2", None)];
    let t = table(Method::Range, "year(`d`)", "d", parts);
    assert_eq!(on(&t, &[date_cmp(B::GtEq, "2022-03-01")]), [false, false, true]);
    // On the year's first day `<` stays `<`; elsewhere the year itself is reached.
    assert_eq!(on(&t, &[date_cmp(B::Lt, "2020-01-01")]), [true, false, false]);
    assert_eq!(on(&t, &[date_cmp(B::Lt, "2020-01-02")]), [true, true, false]);
    assert_eq!(on(&t, &[date_cmp(B::Gt, "2021-12-31")]), [false, true, true]);
    // Equality evaluates the expression at the value.
    assert_eq!(on(&t, &[date_cmp(B::Eq, "2021-05-05")]), [false, true, false]);
    // A function pruning does not see through keeps every partition on a range.
    let parts = vec![less_than("p0", Some(6)), less_than("p1", None)];
    let t = table(Method::Range, "month(`d`)", "d", parts);
    assert_eq!(on(&t, &[date_cmp(B::Lt, "2020-03-01")]), [true, true]);
    assert_eq!(on(&t, &[date_cmp(B::Eq, "2020-03-01")]), [true, false]);
}

#[test]
fn short_integer_ranges_of_hash_are_walked() {
    let parts = (0..4).map(|i| Partition::new(format!("p{i}"), Bound::Number)).collect();
    let t = table(Method::Hash { linear: false }, "`id`", "id", parts);
    let between = |lo: i64, hi: i64| BExpr::Between {
        arg: Box::new(BExpr::Column(0)),
        low: Box::new(BExpr::Lit(Value::Int(lo))),
        high: Box::new(BExpr::Lit(Value::Int(hi))),
        negated: false,
    };
    assert_eq!(on(&t, &[between(5, 6)]), [false, true, true, false]);
    // Two comparisons make one range.
    assert_eq!(on(&t, &[cmp(B::Gt, 4), cmp(B::LtEq, 5)]), [false, true, false, false]);
    assert_eq!(on(&t, &[cmp(B::Eq, 7)]), [false, false, false, true]);
    // An empty range reaches no partition; a long one, or an open one, reaches them all.
    assert_eq!(on(&t, &[between(6, 5)]), [false; 4]);
    assert_eq!(on(&t, &[between(0, 1000)]), [true; 4]);
    assert_eq!(on(&t, &[cmp(B::Gt, 4)]), [true; 4]);
}
