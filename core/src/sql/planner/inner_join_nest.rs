//! An inner join's ON over a parenthesised join that holds an outer join,
//! `t1 JOIN (t2 LEFT JOIN t3 ON t2.a = t3.a) ON t1.a = t2.a`, is a condition of the whole
//! join, as WHERE is: MySQL's simplify_joins moves the ON of every table (or nest) that is
//! not an outer join's inner side into WHERE and then flattens the nest, so the optimizer
//! orders t1, t2 and t3 together with t3 still after t2 (MySQL 9.x manual, "Nested Join
//! Optimization" and "Outer Join Simplification").
//!
//! Here the ON moves to WHERE before the FROM clause is bound (by the executor, `from.rs`,
//! and by EXPLAIN alike); the nest stays a parenthesised inner join, whose tables the join
//! order reads freely, each LEFT JOIN's inner table after its own left operand.
//! Simplification: the nest's own ON may name a table outside it once lifted (MySQL refuses
//! that name with ERROR 1054 before moving anything).

use sqlparser::ast::{
    BinaryOperator, Expr, JoinConstraint, JoinOperator, Select, TableFactor, TableWithJoins,
};

/// Whether `sel` has an inner join's ON over a parenthesised join holding an outer join.
pub fn worth_lifting(sel: &Select) -> bool {
    sel.from.iter().any(item_has_lift)
}

/// Moves each inner join's ON over a parenthesised join that holds an outer join into
/// `sel`'s WHERE (ANDed after the conditions there), leaving the join without ON.
pub fn lift(sel: &mut Select) {
    let mut lifted: Vec<Expr> = Vec::new();
    for item in &mut sel.from {
        lift_item(item, &mut lifted);
    }
    for c in lifted {
        sel.selection = Some(match sel.selection.take() {
            Some(w) => Expr::BinaryOp {
                left: Box::new(w),
                op: BinaryOperator::And,
                right: Box::new(Expr::Nested(Box::new(c))),
            },
            None => c,
        });
    }
}

fn item_has_lift(item: &TableWithJoins) -> bool {
    let nest_has = |f: &TableFactor| match f {
        TableFactor::NestedJoin { table_with_joins, alias: None } => {
            item_has_lift(table_with_joins)
        }
        _ => false,
    };
    nest_has(&item.relation)
        || item.joins.iter().any(|j| match inner_on(&j.join_operator) {
            Some(_) => holds_outer_join(&j.relation) || nest_has(&j.relation),
            None => false,
        })
}

/// Lifts the ONs of one FROM item, and of the inner-joined nests inside it (bounded by the
/// parser's nesting limit). An outer join's inner side is left as written.
fn lift_item(item: &mut TableWithJoins, lifted: &mut Vec<Expr>) {
    if let TableFactor::NestedJoin { table_with_joins, alias: None } = &mut item.relation {
        lift_item(table_with_joins, lifted);
    }
    for join in &mut item.joins {
        if inner_on(&join.join_operator).is_none() {
            continue;
        }
        if let TableFactor::NestedJoin { table_with_joins, alias: None } = &mut join.relation {
            lift_item(table_with_joins, lifted);
        }
        if !holds_outer_join(&join.relation) {
            continue;
        }
        let (JoinOperator::Join(c) | JoinOperator::Inner(c)) = &mut join.join_operator else {
            continue;
        };
        if let JoinConstraint::On(on) = std::mem::replace(c, JoinConstraint::None) {
            lifted.push(on);
        }
    }
}

/// The ON of an inner join (`JOIN` / `INNER JOIN`; not STRAIGHT_JOIN, whose right side is
/// read after its left).
fn inner_on(op: &JoinOperator) -> Option<&Expr> {
    match op {
        JoinOperator::Join(JoinConstraint::On(e)) | JoinOperator::Inner(JoinConstraint::On(e)) => {
            Some(e)
        }
        _ => None,
    }
}

/// Whether a parenthesised join holds a LEFT or RIGHT JOIN anywhere inside it.
fn holds_outer_join(f: &TableFactor) -> bool {
    let TableFactor::NestedJoin { table_with_joins: twj, alias: None } = f else { return false };
    holds_outer_join(&twj.relation)
        || twj.joins.iter().any(|j| {
            matches!(
                j.join_operator,
                JoinOperator::Left(_)
                    | JoinOperator::LeftOuter(_)
                    | JoinOperator::Right(_)
                    | JoinOperator::RightOuter(_)
            ) || holds_outer_join(&j.relation)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lifted(sql: &str) -> String {
        let crate::sql::Statement::Select(q) = crate::sql::parse(sql).expect("parses") else {
            panic!("a SELECT")
        };
        let sqlparser::ast::SetExpr::Select(mut s) = *q.body else { panic!("a block") };
        assert!(worth_lifting(&s));
        lift(&mut s);
        s.to_string()
    }

    #[test]
    fn the_on_over_a_nest_with_an_outer_join_moves_to_where() {
        assert_eq!(
            lifted("SELECT * FROM t1 JOIN (t2 LEFT JOIN t3 ON t2.a = t3.a) ON t1.a = t2.a"),
            "SELECT * FROM t1 JOIN (t2 LEFT JOIN t3 ON t2.a = t3.a) WHERE t1.a = t2.a"
        );
        assert_eq!(
            lifted("SELECT * FROM t1 JOIN (t2 LEFT JOIN t3 ON t2.a = t3.a) ON t1.a = t2.a WHERE x"),
            "SELECT * FROM t1 JOIN (t2 LEFT JOIN t3 ON t2.a = t3.a) WHERE x AND (t1.a = t2.a)"
        );
    }

    #[test]
    fn other_joins_are_left_alone() {
        let parse = |sql: &str| {
            let crate::sql::Statement::Select(q) = crate::sql::parse(sql).expect("parses") else {
                panic!("a SELECT")
            };
            let sqlparser::ast::SetExpr::Select(s) = *q.body else { panic!("a block") };
            worth_lifting(&s)
        };
        assert!(!parse("SELECT * FROM t1 JOIN (t2 JOIN t3 ON c) ON d"));
        assert!(!parse("SELECT * FROM t1 LEFT JOIN (t2 LEFT JOIN t3 ON c) ON d"));
        assert!(!parse("SELECT * FROM t1 JOIN t2 ON c LEFT JOIN t3 ON d"));
    }
}
