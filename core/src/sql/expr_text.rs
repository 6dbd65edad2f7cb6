//! An expression as MySQL prints one it keeps in the data dictionary (`Item::print`): a
//! generated column's `AS (...)`, a CHECK constraint's condition. Column names are quoted
//! with backticks, every operator with its operands is parenthesised (`(`a` * 2)`), keyword
//! operators are lower case (`((`a` > 0) and (`b` is null))`), a function is its lower-case
//! name and arguments joined by commas without spaces (`concat(`a`,`b`)`), and a string
//! literal carries its character set (`_utf8mb4'x'`).
//!
//! Simplification: the forms above cover what a learner writes in a CHECK or a generated
//! column; anything else (CASE, CAST, subqueries) is printed as sqlparser writes it, which
//! reads the same but may differ from MySQL's text in case and parentheses.

use sqlparser::ast::{
    BinaryOperator, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, InTarget, UnaryOperator,
    Value,
};

/// The text MySQL prints for `e`.
pub fn mysql_text(e: &Expr) -> String {
    let mut out = String::new();
    write(e, &mut out, 0);
    out
}

/// Deeper than this the rest is printed by sqlparser: the parser bounds nesting already, this
/// keeps the printer's own recursion bounded too.
const MAX_DEPTH: u32 = 200;

fn write(e: &Expr, out: &mut String, depth: u32) {
    if depth > MAX_DEPTH {
        out.push_str(&e.to_string());
        return;
    }
    let d = depth + 1;
    match e {
        Expr::Identifier(i) => out.push_str(&format!("`{}`", i.value)),
        // MySQL prints a column of the table itself without its qualifier.
        Expr::CompoundIdentifier(parts) => match parts.last() {
            Some(i) => out.push_str(&format!("`{}`", i.value)),
            None => out.push_str(&e.to_string()),
        },
        Expr::Value(v) => match &v.value {
            Value::SingleQuotedString(s) | Value::DoubleQuotedString(s) => {
                out.push_str(&format!("_utf8mb4'{}'", s.replace('\\', "\\\\").replace('\'', "\\'")))
            }
            Value::Null => out.push_str("NULL"),
            Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
            other => out.push_str(&other.to_string()),
        },
        Expr::Nested(inner) => write(inner, out, d),
        Expr::BinaryOp { left, op, right } => {
            let op = match op {
                BinaryOperator::Plus => "+",
                BinaryOperator::Minus => "-",
                BinaryOperator::Multiply => "*",
                BinaryOperator::Divide => "/",
                BinaryOperator::Modulo => "%",
                BinaryOperator::MyIntegerDivide => "div",
                BinaryOperator::Gt => ">",
                BinaryOperator::Lt => "<",
                BinaryOperator::GtEq => ">=",
                BinaryOperator::LtEq => "<=",
                BinaryOperator::Eq => "=",
                BinaryOperator::NotEq => "<>",
                BinaryOperator::Spaceship => "<=>",
                BinaryOperator::And => "and",
                BinaryOperator::Or => "or",
                BinaryOperator::Xor => "xor",
                BinaryOperator::BitwiseOr => "|",
                BinaryOperator::BitwiseAnd => "&",
                BinaryOperator::BitwiseXor => "^",
                _ => {
                    out.push_str(&e.to_string());
                    return;
                }
            };
            out.push('(');
            write(left, out, d);
            out.push_str(&format!(" {op} "));
            write(right, out, d);
            out.push(')');
        }
        Expr::UnaryOp { op: UnaryOperator::Minus, expr } => {
            out.push_str("-(");
            write(expr, out, d);
            out.push(')');
        }
        Expr::UnaryOp { op: UnaryOperator::Not, expr } => {
            out.push_str("(not(");
            write(expr, out, d);
            out.push_str("))");
        }
        Expr::IsNull(x) | Expr::IsNotNull(x) => {
            out.push('(');
            write(x, out, d);
            out.push_str(if matches!(e, Expr::IsNull(_)) { " is null)" } else { " is not null)" });
        }
        Expr::Between { expr, negated, low, high } => {
            out.push('(');
            write(expr, out, d);
            out.push_str(if *negated { " not between " } else { " between " });
            write(low, out, d);
            out.push_str(" and ");
            write(high, out, d);
            out.push(')');
        }
        Expr::In { expr, target: InTarget::List(list), negated, .. } => {
            out.push('(');
            write(expr, out, d);
            out.push_str(if *negated { " not in (" } else { " in (" });
            for (i, x) in list.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(x, out, d);
            }
            out.push_str("))");
        }
        Expr::Like { negated, expr, pattern, escape_char: None, any: false } => {
            out.push('(');
            write(expr, out, d);
            out.push_str(if *negated { " not like " } else { " like " });
            write(pattern, out, d);
            out.push(')');
        }
        Expr::Function(f) => {
            let FunctionArguments::List(list) = &f.args else {
                out.push_str(&e.to_string());
                return;
            };
            if list.duplicate_treatment.is_some() || !list.clauses.is_empty() {
                out.push_str(&e.to_string());
                return;
            }
            out.push_str(&f.name.to_string().trim_matches('`').to_ascii_lowercase());
            out.push('(');
            for (i, a) in list.args.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => write(x, out, d),
                    other => out.push_str(&other.to_string()),
                }
            }
            out.push(')');
        }
        other => out.push_str(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::mysql_text;

    fn text(sql: &str) -> String {
        let dialect = sqlparser::dialect::MySqlDialect {};
        let e = sqlparser::parser::Parser::new(&dialect)
            .try_with_sql(sql)
            .and_then(|mut p| p.parse_expr())
            .expect("parses");
        mysql_text(&e)
    }

    #[test]
    fn expressions_print_as_mysql_keeps_them() {
        assert_eq!(text("a*2"), "(`a` * 2)");
        assert_eq!(text("a > 0 AND b IS NULL"), "((`a` > 0) and (`b` is null))");
        assert_eq!(text("c1 != c2"), "(`c1` <> `c2`)");
        assert_eq!(text("CONCAT(first, ' ', last)"), "concat(`first`,_utf8mb4' ',`last`)");
        assert_eq!(text("(a + b)"), "(`a` + `b`)");
        assert_eq!(text("x IN (1, 2)"), "(`x` in (1,2))");
        assert_eq!(text("t.a BETWEEN 1 AND 5"), "(`a` between 1 and 5)");
    }
}
