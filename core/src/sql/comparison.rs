//! The comparison operators (`=`, `<>`, `<`, `<=`, `>`, `>=`) as values, and the quantified
//! comparison `operand op ANY | SOME | ALL (SELECT ...)` over a subquery's values.
//!
//! The quantified comparison is SQL's three-valued fold of one comparison per value: ANY is
//! true when one comparison is, ALL is false when one is; otherwise a NULL comparison (a NULL
//! operand or value) makes it NULL. Over no values ANY is false and ALL is true, whatever the
//! operand — as MySQL's manual states for an empty subquery.

use crate::storage::value::Value;
use sqlparser::ast::BinaryOperator as B;
use std::cmp::Ordering;

/// A comparison operator, tested against the [`Ordering`] of its left side to its right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    Eq,
    NotEq,
    Lt,
    LtEq,
    Gt,
    GtEq,
}

impl Comparison {
    pub fn of(op: &B) -> Option<Comparison> {
        Some(match op {
            B::Eq => Comparison::Eq,
            B::NotEq => Comparison::NotEq,
            B::Lt => Comparison::Lt,
            B::LtEq => Comparison::LtEq,
            B::Gt => Comparison::Gt,
            B::GtEq => Comparison::GtEq,
            _ => return None,
        })
    }

    pub fn operator(self) -> B {
        match self {
            Comparison::Eq => B::Eq,
            Comparison::NotEq => B::NotEq,
            Comparison::Lt => B::Lt,
            Comparison::LtEq => B::LtEq,
            Comparison::Gt => B::Gt,
            Comparison::GtEq => B::GtEq,
        }
    }

    /// The operator with its sides swapped (`5 < col` is `col > 5`).
    pub fn swapped(self) -> Comparison {
        match self {
            Comparison::Lt => Comparison::Gt,
            Comparison::LtEq => Comparison::GtEq,
            Comparison::Gt => Comparison::Lt,
            Comparison::GtEq => Comparison::LtEq,
            same => same,
        }
    }

    pub fn holds(self, o: Ordering) -> bool {
        match self {
            Comparison::Eq => o == Ordering::Equal,
            Comparison::NotEq => o != Ordering::Equal,
            Comparison::Lt => o == Ordering::Less,
            Comparison::LtEq => o != Ordering::Greater,
            Comparison::Gt => o == Ordering::Greater,
            Comparison::GtEq => o != Ordering::Less,
        }
    }
}

/// ANY (SOME is its synonym) or ALL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Any,
    All,
}

/// `operand op ANY | ALL (values)`, three-valued: None is NULL.
pub fn quantified<'v>(
    operand: &Value,
    op: Comparison,
    quantifier: Quantifier,
    values: impl IntoIterator<Item = &'v Value>,
) -> Option<bool> {
    // The value a single comparison must give to decide the whole: true for ANY, false for ALL.
    let decisive = quantifier == Quantifier::Any;
    let mut unknown = false;
    for v in values {
        match operand.compare(v) {
            Some(o) if op.holds(o) == decisive => return Some(decisive),
            Some(_) => {}
            None => unknown = true,
        }
    }
    if unknown {
        None
    } else {
        Some(!decisive)
    }
}

/// At most three of `values` (a NULL among them kept as one NULL) that give every operand the
/// same [`quantified`] result as all of them, so that an uncorrelated subquery's result can
/// stand in the query as a short chain of comparisons; None for `= ANY` and `<> ALL`, which
/// need every distinct value (they are `IN` and `NOT IN`).
///
/// An order comparison holds for some value when it holds for the least or the greatest, and
/// for all when it holds for both; `= ALL` and `<> ANY` depend only on whether there are two
/// distinct values. Simplification: the least and greatest are found with the operand's
/// comparison between the values themselves, which is exact when the values have one type
/// (a subquery's column has); a column mixing strings and numbers could order differently
/// against an operand than among themselves.
pub fn representatives(
    op: Comparison,
    quantifier: Quantifier,
    values: &[Value],
) -> Option<Vec<Value>> {
    let mut out: Vec<Value> = Vec::new();
    let non_null = || values.iter().filter(|v| !v.is_null());
    match (op, quantifier) {
        (Comparison::Eq, Quantifier::Any) | (Comparison::NotEq, Quantifier::All) => return None,
        (Comparison::Eq, Quantifier::All) | (Comparison::NotEq, Quantifier::Any) => {
            for v in non_null() {
                if out.len() == 2 {
                    break;
                }
                if !out.iter().any(|o| o.compare(v) == Some(Ordering::Equal)) {
                    out.push(v.clone());
                }
            }
        }
        _ => {
            let mut least: Option<&Value> = None;
            let mut greatest: Option<&Value> = None;
            for v in non_null() {
                if least.is_none_or(|l| v.compare(l) == Some(Ordering::Less)) {
                    least = Some(v);
                }
                if greatest.is_none_or(|g| v.compare(g) == Some(Ordering::Greater)) {
                    greatest = Some(v);
                }
            }
            out.extend(least.cloned());
            out.extend(greatest.filter(|g| least.is_none_or(|l| !std::ptr::eq(*g, l))).cloned());
        }
    }
    if values.iter().any(Value::is_null) {
        out.push(Value::Null);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(list: &[Option<i64>]) -> Vec<Value> {
        list.iter().map(|v| v.map_or(Value::Null, Value::Int)).collect()
    }

    const OPS: [Comparison; 6] = [
        Comparison::Eq,
        Comparison::NotEq,
        Comparison::Lt,
        Comparison::LtEq,
        Comparison::Gt,
        Comparison::GtEq,
    ];

    #[test]
    fn empty_any_is_false_and_empty_all_is_true_even_for_null() {
        for op in OPS {
            assert_eq!(quantified(&Value::Null, op, Quantifier::Any, &[]), Some(false));
            assert_eq!(quantified(&Value::Null, op, Quantifier::All, &[]), Some(true));
        }
    }

    #[test]
    fn null_value_makes_an_undecided_comparison_null() {
        let vals = ints(&[Some(1), None]);
        assert_eq!(quantified(&Value::Int(5), Comparison::Gt, Quantifier::Any, &vals), Some(true));
        assert_eq!(quantified(&Value::Int(0), Comparison::Gt, Quantifier::Any, &vals), None);
        assert_eq!(quantified(&Value::Int(0), Comparison::Lt, Quantifier::All, &vals), None);
        assert_eq!(quantified(&Value::Int(5), Comparison::Lt, Quantifier::All, &vals), Some(false));
    }

    /// The representatives agree with the whole list for every operator, quantifier and
    /// operand over small lists with repeats and NULLs.
    #[test]
    fn representatives_give_the_same_result_as_every_value() {
        let lists: [&[Option<i64>]; 6] = [
            &[],
            &[None],
            &[Some(3)],
            &[Some(3), Some(3), None],
            &[Some(1), Some(7), Some(4), Some(7)],
            &[Some(5), None, Some(2), Some(9), Some(2)],
        ];
        let operands = [
            None,
            Some(0),
            Some(1),
            Some(2),
            Some(3),
            Some(4),
            Some(5),
            Some(7),
            Some(9),
            Some(10),
        ];
        for list in lists {
            let vals = ints(list);
            for op in OPS {
                for q in [Quantifier::Any, Quantifier::All] {
                    let Some(reps) = representatives(op, q, &vals) else {
                        assert!(matches!(
                            (op, q),
                            (Comparison::Eq, Quantifier::Any)
                                | (Comparison::NotEq, Quantifier::All)
                        ));
                        continue;
                    };
                    assert!(reps.len() <= 3);
                    for x in operands {
                        let x = x.map_or(Value::Null, Value::Int);
                        assert_eq!(
                            quantified(&x, op, q, &reps),
                            quantified(&x, op, q, &vals),
                            "{x:?} {op:?} {q:?} {list:?}"
                        );
                    }
                }
            }
        }
    }
}
