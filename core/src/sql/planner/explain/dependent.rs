//! EXPLAIN of correlated subqueries (MySQL's DEPENDENT SUBQUERY): what the explainer needs to
//! know while it explains the subquery's own block (the names of the outer columns its outer
//! references read) and while it explains the enclosing block (how each correlated
//! subquery's call is written in the Note 1003).
//!
//! How the executor runs one (`sql/execution/select/correlated.rs`): once per outer row, its
//! outer references then known values, so `inner.col = outer.col` is an equality lookup of a
//! constant on every execution. EXPLAIN shows that lookup as MySQL does for a dependent
//! subquery: `eq_ref` through a unique key, else `ref`, with the outer column as `ref`
//! (`shop.o.customer_id`) and rows from the index's cardinality (the value is not known
//! while optimizing, so no index dive). A range against an outer column (`inner.x >
//! outer.y`) shows as the scan the optimizer plans without the value (MySQL may print
//! `Range checked for each record`; simplification, not modelled).

use super::super::access_path::{Choice, Levels, Path, TableInput};
use crate::sql::bind::BExpr;
use crate::sql::comparison::{Comparison, Quantifier};
use crate::sql::execution::select::SubqueryKind;
use crate::storage::statistics::index_cardinality;

/// An outer column a dependent subquery reads, as EXPLAIN names it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OuterName {
    /// In the `ref` column and Note 1276: `shop.o.customer_id`.
    pub reference: String,
    /// In the Note 1003: `` `shop`.`o`.`customer_id` ``.
    pub note: String,
}

/// What the explainer knows of correlated subqueries around the block it explains.
#[derive(Clone, Debug, Default)]
pub struct Correlation {
    /// The outer columns the block's outer references read, by reference number (empty
    /// unless the block is a dependent subquery).
    pub outer: Vec<OuterName>,
    /// The kinds of the block's own correlated subqueries, by number: how the Note writes
    /// each call (its text goes in later, at [`placeholder`]).
    pub kinds: Vec<SubqueryKind>,
    /// The kind of dependent subquery the block is, if it is one.
    pub own: Option<SubqueryKind>,
}

/// Where a correlated subquery's Note text goes in its enclosing block's Note, until the
/// subquery's own block has been explained and numbered.
pub fn placeholder(id: u32) -> String {
    format!("\u{1}subquery{id}\u{1}")
}

/// How the enclosing block's Note writes correlated subquery `id` of kind `kind`
/// (`operand`: IN's or a comparison's left side, rendered). Simplification: MySQL writes an
/// IN or quantified subquery as the IN-to-EXISTS rewrite it runs
/// (`<in_optimizer>(x,<exists>(... where <cache>(x) = col))`); the executor here reads the
/// subquery's rows and compares (no rewrite), and the Note writes it as typed.
pub fn call_text(kind: SubqueryKind, id: u32, operand: Option<&str>) -> String {
    let body = placeholder(id);
    let operand = operand.unwrap_or("NULL");
    match kind {
        SubqueryKind::Scalar | SubqueryKind::Derived => format!("({body})"),
        SubqueryKind::Exists { negated: false } => format!("exists({body})"),
        SubqueryKind::Exists { negated: true } => format!("(not(exists({body})))"),
        SubqueryKind::In { negated } => {
            format!("({operand} {}in ({body}))", if negated { "not " } else { "" })
        }
        SubqueryKind::Quantified { op, quantifier } => {
            let op = match op {
                Comparison::Eq => "=",
                Comparison::NotEq => "<>",
                Comparison::Lt => "<",
                Comparison::LtEq => "<=",
                Comparison::Gt => ">",
                Comparison::GtEq => ">=",
            };
            let q = match quantifier {
                Quantifier::Any => "any",
                Quantifier::All => "all",
            };
            format!("({operand} {op} {q} ({body}))")
        }
    }
}

/// Renumbers the `/* select#N */` markers of a block explained as select 1 so that it is
/// select `first` (its derived blocks follow it).
pub fn renumber(note: &str, first: u64) -> String {
    const OPEN: &str = "/* select#";
    let mut out = String::with_capacity(note.len());
    let mut rest = note;
    while let Some(at) = rest.find(OPEN) {
        out.push_str(&rest[..at + OPEN.len()]);
        rest = &rest[at + OPEN.len()..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        match rest[..digits].parse::<u64>() {
            Ok(n) => out.push_str(&(n + first - 1).to_string()),
            Err(_) => out.push_str(&rest[..digits]),
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
    out
}

/// The first outer reference `e` reads, if any.
fn outer_ref(e: &BExpr) -> Option<u32> {
    if let BExpr::OuterRef(n) = e {
        return Some(*n);
    }
    let mut found = None;
    e.map_children(&mut |c| {
        if found.is_none() {
            found = outer_ref(c);
        }
        c.clone()
    });
    found
}

/// The side of an equality the lookup takes its value from (the one not the table's own
/// column), for a condition `levels` holds.
fn value_side(e: &BExpr) -> Option<&BExpr> {
    match e {
        BExpr::Binary { left, right, .. } => match (left.as_ref(), right.as_ref()) {
            (BExpr::Column(_), v) | (v, BExpr::Column(_)) => Some(v),
            _ => None,
        },
        _ => None,
    }
}

/// Turns lookups the planner made of an outer reference (which it sees as an unknown
/// constant) into what MySQL shows for a dependent subquery: `eq_ref` rather than `const`,
/// and rows per key from the cardinality rather than an index dive of an unknown value.
pub(super) fn by_outer_columns(
    choices: &mut [Option<Choice>],
    tables: &[TableInput],
    levels: &Levels,
) {
    for (i, choice) in choices.iter_mut().enumerate() {
        let Some(c) = choice.as_mut() else { continue };
        let Path::Ref { index, parts, unique } = &c.path else { continue };
        let conditions = &levels.access[i];
        let outer =
            c.consumed.iter().any(|&k| conditions.get(k).is_some_and(|e| outer_ref(e).is_some()));
        if !outer {
            continue;
        }
        if c.access_type == "const" {
            c.access_type = "eq_ref";
        }
        if !unique {
            let Some(t) = tables.get(i).and_then(|t| t.table) else { continue };
            let Some(idx) = t.def.index(index) else { continue };
            let card = index_cardinality(t, idx);
            let distinct = card.get(parts.len().saturating_sub(1)).copied().unwrap_or(1).max(1);
            // rec_per_key, as MySQL truncates it.
            c.rows = (t.row_count() / distinct).max(1);
        }
    }
}

/// EXPLAIN's `ref` for key part `k` of a lookup, when its value is an outer column: that
/// column's name (`func` for an expression of one). None for any other part.
pub(super) fn reference(
    c: &Choice,
    k: usize,
    conditions: &[BExpr],
    outer: &[OuterName],
) -> Option<String> {
    let e = conditions.get(*c.consumed.get(k)?)?;
    outer_ref(e)?;
    match value_side(e) {
        Some(BExpr::OuterRef(m)) => outer.get(*m as usize).map(|o| o.reference.clone()),
        _ => Some("func".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renumbering_shifts_every_block() {
        let note = "/* select#1 */ select 1 from (/* select#2 */ select 2) `d`";
        assert_eq!(renumber(note, 3), "/* select#3 */ select 1 from (/* select#4 */ select 2) `d`");
        assert_eq!(renumber("no markers", 5), "no markers");
    }

    #[test]
    fn calls_are_written_by_kind() {
        let p = placeholder(0);
        assert_eq!(call_text(SubqueryKind::Scalar, 0, None), format!("({p})"));
        assert_eq!(
            call_text(SubqueryKind::Exists { negated: true }, 0, None),
            format!("(not(exists({p})))")
        );
        assert_eq!(
            call_text(SubqueryKind::In { negated: false }, 0, Some("`a`")),
            format!("(`a` in ({p}))")
        );
        let any = SubqueryKind::Quantified { op: Comparison::Gt, quantifier: Quantifier::All };
        assert_eq!(call_text(any, 0, Some("`a`")), format!("(`a` > all ({p}))"));
    }
}
