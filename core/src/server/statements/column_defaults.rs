//! `DEFAULT` and `DEFAULT(col)` in INSERT and UPDATE (MySQL 8.4 manual, "INSERT Statement":
//! "use the keyword DEFAULT to set a column explicitly to its default value", and
//! "Miscellaneous Functions", DEFAULT(col_name)).
//!
//! A bare `DEFAULT` as an INSERT row's value leaves the column as if it were not named (its
//! default, an AUTO_INCREMENT value, or ERROR 1364 for a NOT NULL column without one in
//! strict mode), which the INSERT itself does. Elsewhere, `DEFAULT` (the target column's) and
//! `DEFAULT(col)` stand for the column's default as a literal before the expression is
//! evaluated: NULL for a nullable column without a DEFAULT clause, ERROR 1364 for a NOT NULL
//! one. UNCONFIRMED: an AUTO_INCREMENT column's DEFAULT(col) is taken as 0 (the implicit
//! default of its integer type). Simplifications: DEFAULT(col) in a SELECT is not supported;
//! a DEFAULT inside a larger expression is ERROR 1064 whose `near` text is the keyword (MySQL's
//! parser quotes the statement from the token after it).

use crate::error::{MySqlError, Result};
use crate::server::query::{expr_children_mut, literal_expr};
use crate::storage::schema::{ColumnDef, TableDef};
use crate::storage::value::Value;
use sqlparser::ast::{Expr, FunctionArg, FunctionArgExpr, FunctionArguments};

/// Whether `e` is the keyword DEFAULT standing alone.
pub(crate) fn is_default_keyword(e: &Expr) -> bool {
    matches!(e, Expr::Identifier(id) if id.quote_style.is_none()
        && id.value.eq_ignore_ascii_case("DEFAULT"))
}

/// `e` with every `DEFAULT(col)` of `def`'s columns, and a bare `DEFAULT` (of `target`),
/// replaced by the column's default as a literal. A bare DEFAULT without a target column, or
/// inside a larger expression, is MySQL's syntax error.
pub(crate) fn with_defaults(e: &Expr, def: &TableDef, target: Option<u32>) -> Result<Expr> {
    let mut out = e.clone();
    if is_default_keyword(&out) {
        let col = target.and_then(|p| def.columns.get(p as usize));
        return match col {
            Some(c) => default_literal(c),
            None => Err(MySqlError::syntax(&e.to_string(), 1)),
        };
    }
    replace(&mut out, def, 0)?;
    Ok(out)
}

/// How deep [`replace`] walks an expression (deeper ones are left as they are: they reach the
/// binder's own depth limit).
const DEPTH_MAX: u32 = 256;

fn replace(e: &mut Expr, def: &TableDef, depth: u32) -> Result<()> {
    if depth > DEPTH_MAX {
        return Ok(());
    }
    if is_default_keyword(e) {
        return Err(MySqlError::syntax("DEFAULT", 1));
    }
    if let Expr::Function(f) = e {
        if f.name.0.len() == 1 && f.name.to_string().eq_ignore_ascii_case("DEFAULT") {
            let column = match &f.args {
                FunctionArguments::List(list) if list.args.len() == 1 => match &list.args[0] {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::Identifier(id))) => {
                        Some(id.value.clone())
                    }
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(Expr::CompoundIdentifier(p))) => {
                        p.last().map(|i| i.value.clone())
                    }
                    _ => None,
                },
                _ => None,
            };
            let Some(name) = column else {
                return Err(MySqlError::syntax(&e.to_string(), 1));
            };
            let col = def
                .column_position(&name)
                .and_then(|p| def.columns.get(p as usize))
                .ok_or_else(|| MySqlError::unknown_column(&name, "field list"))?;
            *e = default_literal(col)?;
            return Ok(());
        }
    }
    let mut children: Vec<&mut Expr> = Vec::new();
    expr_children_mut(e, &mut children);
    for c in children {
        replace(c, def, depth + 1)?;
    }
    Ok(())
}

/// A column's default as a literal expression.
fn default_literal(col: &ColumnDef) -> Result<Expr> {
    match &col.default {
        Some(v) => Ok(literal_expr(v)),
        None if col.auto_increment => Ok(literal_expr(&Value::Int(0))),
        None if col.nullable => Ok(literal_expr(&Value::Null)),
        None => Err(MySqlError::no_default_for_field(&col.name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::schema::ColumnType;

    fn def() -> TableDef {
        let mut x = ColumnDef::new("x", ColumnType::Int);
        x.default = Some(Value::Int(7));
        x.nullable = true;
        let mut n = ColumnDef::new("n", ColumnType::Int);
        n.nullable = true;
        let strict = ColumnDef::new("s", ColumnType::Int);
        TableDef {
            constraints: Default::default(),
            partitioning: None,
            schema: "d".into(),
            name: "t".into(),
            columns: vec![x, n, strict],
            indexes: vec![],
        }
    }

    fn expr(sql: &str) -> Expr {
        let Ok(crate::sql::parser::Statement::Select(q)) =
            crate::sql::parse(&format!("SELECT {sql}"))
        else {
            panic!("not a SELECT")
        };
        let sqlparser::ast::SetExpr::Select(s) = *q.body else { panic!("not a SELECT") };
        match &s.projection[0] {
            sqlparser::ast::SelectItem::UnnamedExpr(e) => e.clone(),
            _ => panic!("not an expression"),
        }
    }

    #[test]
    fn defaults_become_literals() {
        let d = def();
        assert_eq!(with_defaults(&expr("DEFAULT(x) + 1"), &d, None).unwrap().to_string(), "7 + 1");
        assert_eq!(with_defaults(&expr("DEFAULT"), &d, Some(1)).unwrap().to_string(), "NULL");
        assert_eq!(with_defaults(&expr("DEFAULT(s)"), &d, None).unwrap_err().code, 1364);
        assert_eq!(with_defaults(&expr("DEFAULT(nope)"), &d, None).unwrap_err().code, 1054);
        assert_eq!(with_defaults(&expr("DEFAULT + 1"), &d, Some(0)).unwrap_err().code, 1064);
        assert!(is_default_keyword(&expr("default")));
        assert!(!is_default_keyword(&expr("`DEFAULT`")));
    }
}
