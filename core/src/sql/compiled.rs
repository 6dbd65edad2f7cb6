//! Expressions prepared once per statement for evaluation per row. The tree interpreter
//! (`expr.rs`) walks a bound expression node by node for every row; a scan of 3,000,000 rows
//! spends more time in that walk than in the row it reads. The shapes a tuning session runs
//! over whole tables (a column, `LENGTH(col)`, `col <op> constant`, `AND` of such tests)
//! compile into kernels that read the row where it lies, and every other shape into the tree.
//!
//! A kernel gives exactly what the tree gives for the values it handles, and hands any other
//! value (a NULL, a different type) to the tree: the kernels are a fast path, never a second
//! set of semantics.

use super::bind::BExpr;
use super::comparison::Comparison;
use super::expr::{bool_value, eval, EvalContext};
use super::functions::Builtin;
use crate::error::Result;
use crate::storage::value::{collate_cmp, Value};

/// A bound expression with its kernel.
#[derive(Debug)]
pub struct Compiled<'e> {
    tree: &'e BExpr,
    kernel: Kernel<'e>,
}

#[derive(Debug)]
enum Kernel<'e> {
    /// Evaluated by walking the tree.
    Tree,
    /// A column of the row.
    Column(u32),
    /// `LENGTH(col)` / `OCTET_LENGTH(col)` in bytes, `CHAR_LENGTH(col)` in characters, of a
    /// string column.
    Length { column: u32, chars: bool },
    /// `col <op> integer constant` (or the constant first: `op` is then turned around) over
    /// an integer column.
    CompareInt { column: u32, op: Comparison, value: i128 },
    /// `col <op> 'text'` over a string column, in the default collation.
    CompareText { column: u32, op: Comparison, value: &'e str },
    /// `col BETWEEN low AND high` with integer constants over an integer column (a range
    /// read's condition, checked again on every row it reads).
    BetweenInt { column: u32, low: i128, high: i128 },
    /// `a AND b`: `b` is evaluated only when `a` is not false.
    And(Box<Compiled<'e>>, Box<Compiled<'e>>),
}

impl<'e> Compiled<'e> {
    /// Compiles `e` for evaluation over rows (aggregate results are not available: the
    /// expression is one a row decides, such as a filter or an aggregate's argument).
    pub fn new(e: &'e BExpr) -> Compiled<'e> {
        Compiled { tree: e, kernel: kernel(e) }
    }

    /// The expression's value for `row`.
    #[inline]
    pub fn eval(&self, row: &[Value], cx: &mut dyn EvalContext) -> Result<Value> {
        match &self.kernel {
            Kernel::Column(_) | Kernel::Length { .. } => self.with_value(row, cx, Value::clone),
            Kernel::Tree => eval(self.tree, row, &[], cx),
            Kernel::CompareInt { .. }
            | Kernel::CompareText { .. }
            | Kernel::BetweenInt { .. }
            | Kernel::And(..) => Ok(self.truth(row, cx)?.map_or(Value::Null, bool_value)),
        }
    }

    /// Hands the expression's value for `row` to `use_value` without making an owned copy
    /// where none is needed: a column's value is lent where it lies, a length is made on the
    /// stack. An aggregate over a string column then clones no string per row. Always in
    /// line: a scan calls it per row, and its common arms are a few instructions.
    #[inline(always)]
    pub fn with_value<T>(
        &self,
        row: &[Value],
        cx: &mut dyn EvalContext,
        use_value: impl FnOnce(&Value) -> T,
    ) -> Result<T> {
        match &self.kernel {
            Kernel::Column(c) => Ok(use_value(row.get(*c as usize).unwrap_or(&Value::Null))),
            Kernel::Length { column, chars } => match row.get(*column as usize) {
                Some(Value::Str(s)) => {
                    let n = if *chars { s.chars().count() } else { s.len() };
                    Ok(use_value(&Value::Int(n as i64)))
                }
                _ => Ok(use_value(&eval(self.tree, row, &[], cx)?)),
            },
            Kernel::Tree => Ok(use_value(&eval(self.tree, row, &[], cx)?)),
            Kernel::CompareInt { .. }
            | Kernel::CompareText { .. }
            | Kernel::BetweenInt { .. }
            | Kernel::And(..) => {
                Ok(use_value(&self.truth(row, cx)?.map_or(Value::Null, bool_value)))
            }
        }
    }

    /// The expression's value for `row` when it is an integer a kernel reads where it lies
    /// (a length of a string, an integer column), None for anything else (then
    /// [`Self::with_value`] gives it). An aggregate's update per row is then made in line
    /// with a value known to be an integer, not through `with_value`'s closure, which its
    /// several arms had compiled out of line (a call per row).
    #[inline(always)]
    pub fn integer(&self, row: &[Value]) -> Option<i64> {
        match (&self.kernel, row.get(self.column()? as usize)) {
            (Kernel::Length { chars: false, .. }, Some(Value::Str(s))) => Some(s.len() as i64),
            (Kernel::Length { chars: true, .. }, Some(Value::Str(s))) => {
                Some(s.chars().count() as i64)
            }
            (Kernel::Column(_), Some(Value::Int(i))) => Some(*i),
            _ => None,
        }
    }

    /// The column a column or length kernel reads.
    #[inline(always)]
    fn column(&self) -> Option<u32> {
        match self.kernel {
            Kernel::Column(c) | Kernel::Length { column: c, .. } => Some(c),
            _ => None,
        }
    }

    /// The expression's truth for `row` (None: NULL), as a WHERE clause takes it.
    #[inline]
    pub fn truth(&self, row: &[Value], cx: &mut dyn EvalContext) -> Result<Option<bool>> {
        match &self.kernel {
            Kernel::CompareInt { column, op, value } => {
                let v = match row.get(*column as usize) {
                    Some(Value::Int(i)) => i128::from(*i),
                    Some(Value::UInt(u)) => i128::from(*u),
                    Some(Value::Null) => return Ok(None),
                    _ => return Ok(eval(self.tree, row, &[], cx)?.truth()),
                };
                Ok(Some(op.holds(v.cmp(value))))
            }
            Kernel::BetweenInt { column, low, high } => {
                let v = match row.get(*column as usize) {
                    Some(Value::Int(i)) => i128::from(*i),
                    Some(Value::UInt(u)) => i128::from(*u),
                    Some(Value::Null) => return Ok(None),
                    _ => return Ok(eval(self.tree, row, &[], cx)?.truth()),
                };
                Ok(Some(*low <= v && v <= *high))
            }
            Kernel::CompareText { column, op, value } => match row.get(*column as usize) {
                Some(Value::Str(s)) => Ok(Some(op.holds(collate_cmp(s, value)))),
                Some(Value::Null) => Ok(None),
                _ => Ok(eval(self.tree, row, &[], cx)?.truth()),
            },
            Kernel::And(l, r) => {
                let l = l.truth(row, cx)?;
                if l == Some(false) {
                    return Ok(Some(false));
                }
                Ok(match (l, r.truth(row, cx)?) {
                    (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                })
            }
            Kernel::Tree | Kernel::Column(_) | Kernel::Length { .. } => {
                self.with_value(row, cx, Value::truth)
            }
        }
    }
}

fn kernel(e: &BExpr) -> Kernel<'_> {
    match e {
        BExpr::Column(c) => Kernel::Column(*c),
        BExpr::Call { builtin: Some(f), args, .. } if args.len() == 1 => match (f, &args[0]) {
            (Builtin::Length | Builtin::OctetLength, BExpr::Column(c)) => {
                Kernel::Length { column: *c, chars: false }
            }
            (Builtin::CharLength | Builtin::CharacterLength, BExpr::Column(c)) => {
                Kernel::Length { column: *c, chars: true }
            }
            _ => Kernel::Tree,
        },
        BExpr::Binary { op, left, right, .. } => {
            let Some(op) = Comparison::of(op) else { return Kernel::Tree };
            let (column, op, constant) = match (left.as_ref(), right.as_ref()) {
                (BExpr::Column(c), BExpr::Lit(v)) => (*c, op, v),
                (BExpr::Lit(v), BExpr::Column(c)) => (*c, op.swapped(), v),
                _ => return Kernel::Tree,
            };
            match constant {
                Value::Int(i) => Kernel::CompareInt { column, op, value: i128::from(*i) },
                Value::UInt(u) => Kernel::CompareInt { column, op, value: i128::from(*u) },
                Value::Str(s) => Kernel::CompareText { column, op, value: s },
                _ => Kernel::Tree,
            }
        }
        BExpr::Between { arg, low, high, negated: false } => {
            let int = |e: &BExpr| match e {
                BExpr::Lit(Value::Int(i)) => Some(i128::from(*i)),
                BExpr::Lit(Value::UInt(u)) => Some(i128::from(*u)),
                _ => None,
            };
            match (arg.as_ref(), int(low), int(high)) {
                (BExpr::Column(column), Some(low), Some(high)) => {
                    Kernel::BetweenInt { column: *column, low, high }
                }
                _ => Kernel::Tree,
            }
        }
        BExpr::And(l, r) => Kernel::And(Box::new(Compiled::new(l)), Box::new(Compiled::new(r))),
        _ => Kernel::Tree,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::bind::{Binder, Columns};
    use crate::sql::expr::ConstantContext;

    /// Columns a, b, c at 0, 1, 2.
    struct Abc;
    impl Columns for Abc {
        fn resolve(&self, _: Option<&str>, name: &str, _: &str) -> Result<u32> {
            Ok(match name {
                "a" => 0,
                "b" => 1,
                _ => 2,
            })
        }
    }

    fn bind(sql: &str) -> BExpr {
        let e = sqlparser::parser::Parser::new(&sqlparser::dialect::MySqlDialect {})
            .try_with_sql(sql)
            .and_then(|mut p| p.parse_expr())
            .expect("parses");
        Binder::scalar(&Abc, "where clause").bind(&e).expect("binds")
    }

    /// Every kernel agrees with the tree over rows of every type, NULLs included.
    #[test]
    fn kernels_agree_with_the_tree() {
        let values = [
            Value::Null,
            Value::Int(-3),
            Value::Int(42),
            Value::UInt(u64::MAX),
            Value::Decimal(crate::storage::value::Decimal::parse("42.0").unwrap()),
            Value::Double(41.5),
            Value::Str("42".into()),
            Value::Str("2024-06-01 10:00:00".into()),
            Value::Str("ABC ".into()),
            Value::Str("héllo".into()),
        ];
        let exprs = [
            "a",
            "LENGTH(a)",
            "CHAR_LENGTH(a)",
            "OCTET_LENGTH(b)",
            "a = 42",
            "42 = a",
            "a <> -3",
            "a < 42",
            "5 <= a",
            "a > 18446744073709551615",
            "a >= '2024-06-01'",
            "'abc' = a",
            "a = 42 AND b >= 'x'",
            "a = 42 AND b < 7 AND c",
            "a + 1 > 2",
            "a BETWEEN -3 AND 42",
            "a BETWEEN 42 AND 18446744073709551615",
            "a BETWEEN 42 AND 5",
            "a NOT BETWEEN 5 AND 42",
            "a BETWEEN 5 AND 42 AND b",
        ];
        let mut cx = ConstantContext;
        for sql in exprs {
            let tree = bind(sql);
            let compiled = Compiled::new(&tree);
            for x in &values {
                for y in &values {
                    let row = [x.clone(), y.clone(), Value::Int(1)];
                    let want = eval(&tree, &row, &[], &mut cx).map_err(|e| e.code);
                    let got = compiled.eval(&row, &mut cx).map_err(|e| e.code);
                    assert_eq!(got, want, "{sql} over {row:?}");
                    let want_truth = want.clone().map(|v| v.truth());
                    let got_truth = compiled.truth(&row, &mut cx).map_err(|e| e.code);
                    assert_eq!(got_truth, want_truth, "truth of {sql} over {row:?}");
                    let lent = compiled.with_value(&row, &mut cx, Value::clone).map_err(|e| e.code);
                    assert_eq!(lent, want, "lent value of {sql} over {row:?}");
                    if let Some(i) = compiled.integer(&row) {
                        assert_eq!(Ok(Value::Int(i)), want, "integer of {sql} over {row:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn common_shapes_get_kernels() {
        let k = |sql: &str| format!("{:?}", Compiled::new(&bind(sql)).kernel);
        assert!(k("LENGTH(a)").starts_with("Length"));
        assert!(k("7 > a").starts_with("CompareInt { column: 0, op: Lt"));
        assert!(k("a = 1 AND b = 'x'").starts_with("And"));
        assert_eq!(k("a + 1"), "Tree");
    }
}
