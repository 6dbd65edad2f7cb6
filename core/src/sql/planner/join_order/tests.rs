//! The join order search: a small table before a big one it looks up, ties in FROM order,
//! LEFT JOIN dependencies, pruning and the bound on large joins.

use super::*;
use crate::storage::schema::{ColumnDef, ColumnType, IndexDef, TableDef};
use crate::storage::table::Table;
use sqlparser::ast::BinaryOperator as B;

/// A table `(id INT PRIMARY KEY, ref_id INT, KEY k_ref (ref_id))` of `rows` rows, `ref_id`
/// cycling through `distinct` values.
fn table(name: &str, rows: i64, distinct: i64, space_id: u32) -> Table {
    let def = TableDef {
        constraints: Default::default(),
        partitioning: None,
        schema: "s".into(),
        name: name.into(),
        columns: vec![
            ColumnDef::new("id", ColumnType::Int),
            ColumnDef::new("ref_id", ColumnType::Int),
        ],
        indexes: vec![
            IndexDef::primary(vec![0]),
            IndexDef {
                name: "k_ref".into(),
                columns: vec![1],
                unique: false,
                primary: false,
                visible: true,
            },
        ],
    };
    let mut t = Table::new(def, space_id);
    for i in 1..=rows {
        t.insert(vec![Value::Int(i), Value::Int(i % distinct.max(1) + 1)]).unwrap();
    }
    t
}

fn input(t: &Table, position: u32, outer: bool) -> TableInput<'_> {
    TableInput {
        table: Some(t),
        offset: position * 2,
        width: 2,
        outer,
        rows: 0,
        hints: Default::default(),
    }
}

/// `left = right` of two joined-row columns.
fn eq(left: u32, right: u32) -> BExpr {
    BExpr::Binary {
        op: B::Eq,
        left: Box::new(BExpr::Column(left)),
        right: Box::new(BExpr::Column(right)),
        text: String::new(),
    }
}

fn and(a: BExpr, b: BExpr) -> BExpr {
    BExpr::And(Box::new(a), Box::new(b))
}

/// The order and pricings for `tables` with WHERE `filter` and the ONs `ons`.
fn order(
    tables: &[TableInput],
    after: &[u64],
    filter: Option<&BExpr>,
    ons: &[Option<BExpr>],
) -> (Vec<usize>, u32) {
    let width = tables.iter().map(|t| t.width as usize).sum();
    let needed = vec![true; width];
    let kinds = crate::sql::planner::access_path::column_kinds(tables);
    let input = JoinInput { tables, after, filter, ons, needed: &needed, kinds: &kinds };
    search_order(&input, &mut |e| match e {
        BExpr::Lit(v) => Some(v.clone()),
        _ => None,
    })
}

#[test]
fn the_small_table_goes_first_and_looks_the_big_one_up() {
    let big = table("big", 2000, 50, 1);
    let small = table("small", 5, 5, 2);
    // big.ref_id = small.id, written big first.
    let tables = [input(&big, 0, false), input(&small, 1, false)];
    let (o, _) = order(&tables, &[0, 0], Some(&eq(1, 2)), &[None, None]);
    assert_eq!(o, vec![1, 0]);
    // The same condition as an ON.
    let (o, _) = order(&tables, &[0, 0], None, &[None, Some(eq(1, 2))]);
    assert_eq!(o, vec![1, 0]);
    // STRAIGHT_JOIN: small must follow big.
    let (o, _) = order(&tables, &[0, 1], Some(&eq(1, 2)), &[None, None]);
    assert_eq!(o, vec![0, 1]);
}

#[test]
fn equal_costs_keep_from_order() {
    let a = table("a", 50, 5, 1);
    let b = table("b", 50, 5, 2);
    let tables = [input(&a, 0, false), input(&b, 1, false)];
    assert_eq!(order(&tables, &[0, 0], None, &[None, None]).0, vec![0, 1]);
    let b2 = table("b", 50, 5, 3);
    let a2 = table("a", 50, 5, 4);
    let tables = [input(&b2, 0, false), input(&a2, 1, false)];
    assert_eq!(order(&tables, &[0, 0], Some(&eq(0, 2)), &[None, None]).0, vec![0, 1]);
}

#[test]
fn a_left_join_inner_table_follows_its_left_operand() {
    let big = table("big", 2000, 50, 1);
    let small = table("small", 5, 5, 2);
    // big LEFT JOIN small ON big.ref_id = small.id: small cannot go first.
    let tables = [input(&big, 0, false), input(&small, 1, true)];
    let (o, _) = order(&tables, &[0, 1], None, &[None, Some(eq(1, 2))]);
    assert_eq!(o, vec![0, 1]);
    // Even with no declared dependency, the tables its ON reads come first.
    let (o, _) = order(&tables, &[0, 0], None, &[None, Some(eq(1, 2))]);
    assert_eq!(o, vec![0, 1]);
    // A third, inner-joined table may still move before both.
    let tiny = table("tiny", 2, 2, 3);
    let tables = [input(&big, 0, false), input(&small, 1, true), input(&tiny, 2, false)];
    let (o, _) = order(&tables, &[0, 1, 0], Some(&eq(0, 4)), &[None, Some(eq(1, 2)), None]);
    assert!(o.iter().position(|&t| t == 0) < o.iter().position(|&t| t == 1));
    assert_eq!(o[0], 2, "{o:?}");
}

#[test]
fn branches_as_dear_as_the_best_are_pruned() {
    let ts: Vec<Table> = (0..5).map(|i| table("t", 20 + 30 * i64::from(i), 5, i + 1)).collect();
    let tables: Vec<TableInput> =
        ts.iter().enumerate().map(|(i, t)| input(t, i as u32, false)).collect();
    // A chain t0.ref_id = t1.id = ... : every table joined to the next.
    let mut filter = eq(1, 2);
    for i in 1..4u32 {
        filter = and(filter, eq(i * 2 + 1, i * 2 + 2));
    }
    let (o, pricings) = order(&tables, &[0; 5], Some(&filter), &[None, None, None, None, None]);
    let mut sorted = o.clone();
    sorted.sort();
    assert_eq!(sorted, vec![0, 1, 2, 3, 4]);
    // Every prefix of every permutation of 5 tables is 325 pricings.
    assert!(pricings < 325, "{pricings}");
}

#[test]
fn large_joins_are_searched_greedily_within_the_bound() {
    let ts: Vec<Table> = (0..12).map(|i| table("t", 10 + i64::from(i), 3, i + 1)).collect();
    let tables: Vec<TableInput> =
        ts.iter().enumerate().map(|(i, t)| input(t, i as u32, false)).collect();
    let mut filter = eq(1, 2);
    for i in 1..11u32 {
        filter = and(filter, eq(i * 2 + 1, i * 2 + 2));
    }
    let ons = vec![None; 12];
    let (o, pricings) = order(&tables, &[0; 12], Some(&filter), &ons);
    let mut sorted = o.clone();
    sorted.sort();
    assert_eq!(sorted, (0..12).collect::<Vec<_>>());
    assert!(pricings <= PRICINGS_MAX, "{pricings}");
    // 12! orders are never all tried: greedy steps of depth 3.
    assert!(pricings < 12 * 12 * 12 * 12, "{pricings}");
}

#[test]
fn a_materialised_source_keeps_its_place() {
    let big = table("big", 2000, 50, 1);
    let small = table("small", 5, 5, 2);
    let derived = TableInput {
        table: None,
        offset: 4,
        width: 1,
        outer: false,
        rows: 2,
        hints: Default::default(),
    };
    // big, small, then the derived table: big and small still swap.
    let tables = [input(&big, 0, false), input(&small, 1, false), derived];
    let (o, _) = order(&tables, &[0, 0, 0], Some(&eq(1, 2)), &[None, None, None]);
    assert_eq!(o, vec![1, 0, 2]);
    // Written between them, it splits the join: nothing moves past it.
    let derived = TableInput {
        table: None,
        offset: 2,
        width: 1,
        outer: false,
        rows: 2,
        hints: Default::default(),
    };
    let small = table("small", 5, 5, 3);
    let moved = TableInput { offset: 3, ..input(&small, 0, false) };
    let tables = [input(&big, 0, false), derived, moved];
    let (o, _) = order(&tables, &[0, 0, 0], Some(&eq(1, 3)), &[None, None, None]);
    assert_eq!(o, vec![0, 1, 2]);
}
