//! Stored procedures at run time: CREATE and DROP PROCEDURE store and remove them; CALL binds
//! the arguments to the parameters, opens a frame of local variables (DECLARE), and runs the
//! body's statements one by one as the server runs any statement (they count in `Queries`
//! but not in `Questions`, as in MySQL). Result sets of SELECTs without INTO go back to the
//! client before the final OK.

use crate::error::{MySqlError, Result};
use crate::server::session::{Session, CALL_DEPTH_MAX};
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::expr::eval_constant;
use crate::sql::parser::Statement;
use crate::sql::Response;
use crate::storage::catalog::Procedure;
use crate::storage::value::Value;
use sqlparser::ast::{Function, FunctionArg, FunctionArgExpr, FunctionArguments};
use std::collections::BTreeMap;

impl Server {
    pub(crate) fn create_procedure(
        &mut self,
        session: &mut Session,
        database: &Option<String>,
        procedure: &Procedure,
    ) -> Result<Response> {
        let db = database
            .clone()
            .or_else(|| session.database.clone())
            .ok_or_else(MySqlError::no_database_selected)?;
        let d = self.catalog.database_mut(&db).ok_or_else(|| MySqlError::unknown_database(&db))?;
        let key = procedure.name.to_ascii_lowercase();
        if d.procedures.contains_key(&key) {
            return Err(MySqlError::procedure_exists(&procedure.name));
        }
        d.procedures.insert(key, procedure.clone());
        Ok(Response::Ok { affected_rows: 0, info: None })
    }

    pub(crate) fn drop_procedure(
        &mut self,
        session: &mut Session,
        database: &Option<String>,
        name: &str,
        if_exists: bool,
    ) -> Result<Response> {
        let db = database
            .clone()
            .or_else(|| session.database.clone())
            .ok_or_else(MySqlError::no_database_selected)?;
        let removed = self
            .catalog
            .database_mut(&db)
            .and_then(|d| d.procedures.remove(&name.to_ascii_lowercase()));
        match removed {
            Some(_) => Ok(Response::Ok { affected_rows: 0, info: None }),
            None if if_exists => {
                session.warn(crate::error::Warning {
                    level: "Note",
                    code: 1305,
                    message: format!("PROCEDURE {db}.{name} does not exist"),
                });
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            None => Err(MySqlError::procedure_does_not_exist(&format!("{db}.{name}"))),
        }
    }

    /// CALL name(args).
    pub(crate) fn call(
        &mut self,
        session: &mut Session,
        f: &Function,
        work: &mut Work,
    ) -> Result<Response> {
        let parts: Vec<String> =
            f.name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
        let (db, name) = match parts.as_slice() {
            [n] => {
                (session.database.clone().ok_or_else(MySqlError::no_database_selected)?, n.clone())
            }
            [d, n] => (d.clone(), n.clone()),
            _ => return Err(MySqlError::syntax(&f.to_string(), 1)),
        };
        let procedure = self
            .catalog
            .procedure(&db, &name)
            .cloned()
            .ok_or_else(|| MySqlError::procedure_does_not_exist(&format!("{db}.{name}")))?;
        let args: Vec<&sqlparser::ast::Expr> = match &f.args {
            FunctionArguments::None => Vec::new(),
            FunctionArguments::List(l) => l
                .args
                .iter()
                .map(|a| match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => Ok(e),
                    _ => Err(MySqlError::syntax(&f.to_string(), 1)),
                })
                .collect::<Result<_>>()?,
            FunctionArguments::Subquery(_) => return Err(MySqlError::syntax(&f.to_string(), 1)),
        };
        if args.len() != procedure.params.len() {
            return Err(MySqlError::procedure_argument_count(
                &format!("{db}.{name}"),
                procedure.params.len(),
                args.len(),
            ));
        }
        if session.locals.len() >= CALL_DEPTH_MAX {
            return Err(MySqlError::recursion_limit(0, &name));
        }
        let mut frame = BTreeMap::new();
        {
            let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
            let now_micros = self.clock.unix_micros();
            let mut cx =
                crate::server::context::Cx { vars: &r.vars, session, now_micros, slept_micros: 0 };
            for (p, a) in procedure.params.iter().zip(&args) {
                frame.insert(p.name.to_ascii_lowercase(), eval_constant(a, &mut cx)?);
            }
            work.slept_micros += cx.slept_micros;
        }
        // The body runs in the procedure's database.
        let saved_db = session.database.replace(db.clone());
        session.locals.push(frame);
        let mut results = Vec::new();
        let mut outcome = Ok(());
        for stmt in &procedure.body {
            if let Err(e) = self.run_body_statement(session, stmt, work, &mut results) {
                outcome = Err(e);
                break;
            }
        }
        session.locals.pop();
        session.database = saved_db;
        outcome?;
        results.push(Response::Ok { affected_rows: 0, info: None });
        Ok(if results.len() == 1 { results.remove(0) } else { Response::Many(results) })
    }

    fn run_body_statement(
        &mut self,
        session: &mut Session,
        sql: &str,
        work: &mut Work,
        results: &mut Vec<Response>,
    ) -> Result<()> {
        let upper = sql.trim_start().to_ascii_uppercase();
        if upper.starts_with("DECLARE ") {
            return self.declare(session, sql, work);
        }
        let stmt = crate::sql::parse(sql)?;
        // Counted globally only: the CALL that runs this statement passes its counts on to
        // the session (`Server::dispatch_counted`).
        if let Some(r) = self.running.as_mut() {
            r.status.add("Queries", 1);
            if let Some(com) = crate::server::dispatch::com_counter(&stmt) {
                r.status.add(com, 1);
            }
        }
        let response = self.dispatch(session, &stmt, sql, work)?;
        if matches!(response, Response::Rows(_)) {
            results.push(response);
        }
        Ok(())
    }

    /// `DECLARE a, b, c TYPE [DEFAULT expr]`
    fn declare(&mut self, session: &mut Session, sql: &str, work: &mut Work) -> Result<()> {
        let body = sql.trim_start()["DECLARE".len()..].trim();
        let upper = body.to_ascii_uppercase();
        let (decl, default) = match upper.find(" DEFAULT ") {
            Some(i) => (&body[..i], Some(&body[i + " DEFAULT ".len()..])),
            None => (body, None),
        };
        // Names come first, separated by commas; the type is what follows the last name.
        let names_and_type: Vec<&str> = decl.split(',').collect();
        let last = names_and_type.last().copied().unwrap_or("");
        let mut last_words = last.split_whitespace();
        let last_name = last_words.next().ok_or_else(|| MySqlError::syntax(sql, 1))?;
        let type_sql: String = last_words.collect::<Vec<_>>().join(" ");
        if type_sql.is_empty() {
            return Err(MySqlError::syntax(sql, 1));
        }
        crate::server::statements::column_type(&type_sql)?;
        let mut names: Vec<String> = names_and_type[..names_and_type.len() - 1]
            .iter()
            .map(|n| n.trim().to_string())
            .collect();
        names.push(last_name.to_string());
        let value = match default {
            Some(text) => {
                let expr = match crate::sql::parse(&format!("DO {text}"))? {
                    Statement::Do(mut exprs) if exprs.len() == 1 => exprs.remove(0),
                    _ => return Err(MySqlError::syntax(text, 1)),
                };
                let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
                let now_micros = self.clock.unix_micros();
                let mut cx = crate::server::context::Cx {
                    vars: &r.vars,
                    session,
                    now_micros,
                    slept_micros: 0,
                };
                let v = eval_constant(&expr, &mut cx)?;
                work.slept_micros += cx.slept_micros;
                v
            }
            None => Value::Null,
        };
        let frame = session.locals.last_mut().ok_or_else(|| MySqlError::syntax(sql, 1))?;
        for n in names {
            if n.is_empty() {
                return Err(MySqlError::syntax(sql, 1));
            }
            frame.insert(n.trim_matches('`').to_ascii_lowercase(), value.clone());
        }
        Ok(())
    }
}
