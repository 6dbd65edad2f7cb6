//! A query written inside parentheses, `(SELECT * FROM t1)`, is the query itself: MySQL's
//! parser folds the parentheses around a single query block into it (MySQL 9.x manual,
//! "Parenthesized Query Expressions": "a parenthesized query expression ... is the same as
//! the query expression without parentheses" when nothing outside them conflicts), so its
//! EXPLAIN shows one SIMPLE block with `select_id` 1, as the unparenthesised query's does.
//!
//! An ORDER BY or LIMIT outside the parentheses joins the inner block when the inner block
//! has none that it would change (`(SELECT a FROM t ORDER BY a) LIMIT 2` is
//! `SELECT a FROM t ORDER BY a LIMIT 2`). Simplification: when both sides order or both
//! limit, the parentheses are kept and the query runs as the one-block query expression
//! this engine already knows (MySQL 8.0.31+ wraps the inner block the same way).

use sqlparser::ast::{Query, SetExpr};

/// `q` with the parentheses around its single query block folded away, as often as they
/// are nested (bounded by the parser's recursion limit, which bounds the nesting).
pub fn fold(mut q: Box<Query>) -> Box<Query> {
    loop {
        let SetExpr::Query(inner) = q.body.as_ref() else { return q };
        if !foldable(&q, inner) {
            return q;
        }
        let Query { with, body, order_by, limit_clause, .. } = *q;
        let SetExpr::Query(mut inner) = *body else { unreachable!("matched above") };
        if with.is_some() {
            inner.with = with;
        }
        if order_by.is_some() {
            inner.order_by = order_by;
        }
        if limit_clause.is_some() {
            inner.limit_clause = limit_clause;
        }
        q = inner;
    }
}

/// Whether the clauses around the parentheses can join the query inside them: at most one
/// WITH, an outer ORDER BY only over an inner block that neither orders nor limits, an outer
/// LIMIT only over one that does not limit, and nothing else outside.
fn foldable(outer: &Query, inner: &Query) -> bool {
    let plain_outside = outer.fetch.is_none()
        && outer.locks.is_empty()
        && outer.for_clause.is_none()
        && outer.settings.is_none()
        && outer.format_clause.is_none()
        && outer.pipe_operators.is_empty();
    let with_ok = outer.with.is_none() || inner.with.is_none();
    let order_ok =
        outer.order_by.is_none() || (inner.order_by.is_none() && inner.limit_clause.is_none());
    let limit_ok = outer.limit_clause.is_none() || inner.limit_clause.is_none();
    plain_outside && with_ok && order_ok && limit_ok
}

#[cfg(test)]
mod tests {
    use crate::sql::Statement;

    fn folded(sql: &str) -> String {
        match crate::sql::parse(sql).expect("parses") {
            Statement::Select(q) | Statement::Explain(q) | Statement::ExplainJson(q) => {
                q.to_string()
            }
            Statement::ExplainTree { query, .. } => query.to_string(),
            other => panic!("not a query: {other:?}"),
        }
    }

    #[test]
    fn parentheses_around_one_block_fold_away() {
        assert_eq!(folded("(SELECT * FROM t1)"), "SELECT * FROM t1");
        assert_eq!(folded("EXPLAIN ((SELECT a FROM t1))"), "SELECT a FROM t1");
        assert_eq!(folded("EXPLAIN FORMAT=JSON (SELECT 1)"), "SELECT 1");
        assert_eq!(folded("EXPLAIN FORMAT=TREE (SELECT 1)"), "SELECT 1");
    }

    #[test]
    fn outer_order_and_limit_join_the_block_when_they_do_not_conflict() {
        assert_eq!(
            folded("(SELECT a FROM t ORDER BY a) LIMIT 2"),
            "SELECT a FROM t ORDER BY a LIMIT 2"
        );
        assert_eq!(folded("(SELECT a FROM t) ORDER BY a"), "SELECT a FROM t ORDER BY a");
        // Both limit: the parentheses stay.
        assert_eq!(
            folded("(SELECT a FROM t LIMIT 3) LIMIT 2"),
            "(SELECT a FROM t LIMIT 3) LIMIT 2"
        );
        assert_eq!(
            folded("(SELECT a FROM t LIMIT 3) ORDER BY a"),
            "(SELECT a FROM t LIMIT 3) ORDER BY a"
        );
    }

    #[test]
    fn a_set_operation_keeps_its_parenthesised_blocks() {
        assert_eq!(folded("(SELECT 1) UNION (SELECT 2)"), "(SELECT 1) UNION (SELECT 2)");
    }
}
