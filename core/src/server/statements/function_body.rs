//! A stored function's BEGIN ... END body turned into one expression, so that a call with a
//! column's value (`SELECT f(price) FROM t`) runs per row inside the query, as a `RETURN expr`
//! body already does (`stored_function.rs`).
//!
//! The body is followed path by path, keeping what each local variable holds as an
//! expression of the parameters: `DECLARE y INT DEFAULT 0` and `SET y = x * 2` replace y's
//! expression (converted to y's type), `IF` and `CASE` become a CASE expression whose
//! branches each go on with the statements after them, and `RETURN e` ends a path with e.
//! Nested blocks hide and restore the names they declare, as a run does.
//!
//! Simplification of MySQL: only bodies of DECLARE (variables), SET of local variables, IF,
//! CASE, nested BEGIN ... END and RETURN are turned into an expression; a body with a loop, a
//! handler, another statement (SELECT ... INTO, INSERT, SET of a user variable), or a path
//! that could end without RETURN answers ERROR 1235 when called with a column's value (it
//! still runs for constant arguments). A CASE statement without ELSE whose value matches no
//! WHEN (MySQL's ERROR 1339) gives NULL instead.

use super::stored_function::{converted, substitute_names};
use crate::error::{MySqlError, Result};
use crate::sql::parser::compound::Stmt;
use crate::sql::parser::{SetTarget, Statement};
use crate::storage::catalog::Procedure;
use sqlparser::ast::{CaseWhen, Expr};
use std::collections::BTreeMap;

/// The most CASE branches one body may become: each IF doubles the statements after it.
const BRANCHES_MAX: u32 = 256;

/// The longest a variable's expression may grow (as SQL text): `SET y = y + y` doubles it.
const EXPRESSION_TEXT_MAX: usize = 64 * 1024;

/// A variable in scope: its value's expression and its declared type.
type Variable = (Expr, Option<String>);

/// Each variable in scope, by its lowercase name.
type Env = BTreeMap<String, Variable>;

/// What is left to run after a statement: more statements, or the end of a block, which
/// gives back the names it hid (what each held before, if anything).
#[derive(Clone)]
enum Next<'a> {
    Statements(&'a [Stmt]),
    EndOfBlock(Vec<(String, Option<Variable>)>),
}

/// The expression a call of `routine` with `args` computes, or ERROR 1235 when its body has
/// a statement no expression stands for.
pub(super) fn body_expression(routine: &Procedure, args: &[Expr]) -> Result<Expr> {
    let mut env = Env::new();
    for (p, a) in routine.params.iter().zip(args) {
        let value = converted(Expr::Nested(Box::new(a.clone())), Some(&p.type_sql));
        env.insert(p.name.to_ascii_lowercase(), (value, Some(p.type_sql.clone())));
    }
    let mut branches = 0u32;
    let body = std::slice::from_ref(&routine.body);
    let e = follow(vec![Next::Statements(body)], env, routine, &mut branches)?;
    Ok(Expr::Nested(Box::new(e)))
}

fn unsupported(what: &str) -> MySqlError {
    MySqlError::not_supported_yet(&format!(
        "a stored function with {what} in its BEGIN ... END body called with a column's value"
    ))
}

/// The value of the path that runs `todo` (innermost last) with the variables `env`.
fn follow<'a>(
    mut todo: Vec<Next<'a>>,
    mut env: Env,
    routine: &'a Procedure,
    branches: &mut u32,
) -> Result<Expr> {
    loop {
        let Some(next) = todo.pop() else {
            return Err(unsupported("a path that ends without RETURN"));
        };
        let stmts = match next {
            Next::EndOfBlock(saved) => {
                for (name, before) in saved {
                    match before {
                        Some(v) => env.insert(name, v),
                        None => env.remove(&name),
                    };
                }
                continue;
            }
            Next::Statements(s) => s,
        };
        let Some((first, rest)) = stmts.split_first() else { continue };
        todo.push(Next::Statements(rest));
        match first {
            Stmt::Return(text) => {
                let e = expression(text, &env)?;
                return Ok(converted(Expr::Nested(Box::new(e)), routine.returns.as_deref()));
            }
            Stmt::Variable { names, type_sql, default } => {
                let value = match default {
                    Some(text) => expression(text, &env)?,
                    None => expression("NULL", &env)?,
                };
                let value = converted(Expr::Nested(Box::new(value)), Some(type_sql));
                for n in names {
                    env.insert(n.to_ascii_lowercase(), (value.clone(), Some(type_sql.clone())));
                }
            }
            Stmt::Sql(text) => {
                let Ok(Statement::Set(assignments)) = crate::sql::parse(text) else {
                    return Err(unsupported("a statement other than SET of a local variable"));
                };
                for a in assignments {
                    let name = match &a.target {
                        SetTarget::System { name, .. } => name.to_ascii_lowercase(),
                        SetTarget::User(_) => {
                            return Err(unsupported("SET of a user variable"));
                        }
                    };
                    let Some((_, ty)) = env.get(&name).cloned() else {
                        return Err(unsupported("SET of a system variable"));
                    };
                    let Some(mut value) = a.value else {
                        return Err(unsupported("SET ... = DEFAULT"));
                    };
                    substitute_names(&mut value, &env);
                    let value = converted(Expr::Nested(Box::new(value)), ty.as_deref());
                    if value.to_string().len() > EXPRESSION_TEXT_MAX {
                        return Err(unsupported("a variable whose value grows too large"));
                    }
                    env.insert(name, (value, ty));
                }
            }
            Stmt::Block { label: None, body } => {
                let saved = Stmt::declared_variables(body)
                    .map(|n| {
                        let before = env.get(&n).cloned();
                        (n, before)
                    })
                    .collect();
                todo.push(Next::EndOfBlock(saved));
                todo.push(Next::Statements(body));
            }
            Stmt::If { branches: arms, otherwise } => {
                let mut whens = Vec::new();
                for (condition, body) in arms {
                    let condition = expression(condition, &env)?;
                    let result = branch(&todo, body, &env, routine, branches)?;
                    whens.push(CaseWhen { condition, result });
                }
                let empty: Vec<Stmt> = Vec::new();
                let otherwise = otherwise.as_ref().unwrap_or(&empty);
                let else_result = branch(&todo, otherwise, &env, routine, branches)?;
                return Ok(case(None, whens, else_result));
            }
            Stmt::Case { operand, whens: arms, otherwise } => {
                let operand = match operand {
                    Some(text) => Some(Box::new(expression(text, &env)?)),
                    None => None,
                };
                let mut whens = Vec::new();
                for (value, body) in arms {
                    let condition = expression(value, &env)?;
                    let result = branch(&todo, body, &env, routine, branches)?;
                    whens.push(CaseWhen { condition, result });
                }
                let else_result = match otherwise {
                    Some(body) => branch(&todo, body, &env, routine, branches)?,
                    None => expression("NULL", &env)?,
                };
                return Ok(case(operand, whens, else_result));
            }
            Stmt::Block { .. } => return Err(unsupported("a labelled block")),
            Stmt::While { .. } | Stmt::Repeat { .. } | Stmt::Loop { .. } => {
                return Err(unsupported("a loop"));
            }
            _ => return Err(unsupported("a handler, cursor, condition or SIGNAL")),
        }
    }
}

/// The value of the path that runs `body` and then what `todo` holds.
fn branch<'a>(
    todo: &[Next<'a>],
    body: &'a [Stmt],
    env: &Env,
    routine: &'a Procedure,
    branches: &mut u32,
) -> Result<Expr> {
    *branches += 1;
    if *branches > BRANCHES_MAX {
        return Err(unsupported("more than 256 paths"));
    }
    let mut path = todo.to_vec();
    path.push(Next::Statements(body));
    follow(path, env.clone(), routine, branches)
}

fn case(operand: Option<Box<Expr>>, conditions: Vec<CaseWhen>, else_result: Expr) -> Expr {
    Expr::Case {
        case_token: sqlparser::ast::helpers::attached_token::AttachedToken::empty(),
        end_token: sqlparser::ast::helpers::attached_token::AttachedToken::empty(),
        operand,
        conditions,
        else_result: Some(Box::new(else_result)),
    }
}

/// The expression `text` with every variable in scope replaced by what it holds.
fn expression(text: &str, env: &Env) -> Result<Expr> {
    let mut e = match crate::sql::parse(&format!("DO {text}"))? {
        Statement::Do(mut exprs) if exprs.len() == 1 => exprs.remove(0),
        _ => return Err(MySqlError::syntax(text, 1)),
    };
    substitute_names(&mut e, env);
    Ok(e)
}
