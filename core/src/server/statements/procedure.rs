//! Stored routines at run time: CREATE and DROP PROCEDURE / FUNCTION store and remove them;
//! CALL binds the arguments to the parameters, opens a frame of local variables, and runs the
//! body (`program`), whose statements run as the server runs any statement (they count in
//! `Queries` but not in `Questions`, as in MySQL). Result sets of SELECTs without INTO go
//! back to the client before the final OK.

use crate::error::{MySqlError, Result};
use crate::server::session::{Session, CALL_DEPTH_MAX};
use crate::server::statements::program::Run;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::expr::eval_constant;
use crate::sql::Response;
use crate::storage::catalog::Procedure;
use crate::storage::value::Value;
use crate::var_id;
use sqlparser::ast::{Function, FunctionArg, FunctionArgExpr, FunctionArguments};
use std::collections::BTreeMap;

/// The sys schema's routines are part of the server here (`instruments::sys::routines`):
/// creating or dropping one is refused rather than answered with "does not exist".
/// Simplification: MySQL lets an administrator change the sys schema.
fn refuse_sys(db: &str) -> Result<()> {
    if db.eq_ignore_ascii_case("sys") {
        return Err(MySqlError::not_supported_yet("changing the sys schema's routines"));
    }
    Ok(())
}

impl Server {
    /// CREATE PROCEDURE and CREATE FUNCTION.
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
        refuse_sys(&db)?;
        if procedure.returns.is_some() {
            self.check_function_binlog_safety(procedure)?;
        }
        let sql_mode = match session.vars.get(var_id!("sql_mode")) {
            Some(crate::server::variables::definition::VarValue::Text(t)) => t.clone(),
            _ => String::new(),
        };
        let now = self.clock.unix_micros();
        let d = self.catalog.database_mut(&db).ok_or_else(|| MySqlError::unknown_database(&db))?;
        let key = procedure.name.to_ascii_lowercase();
        let (routines, kind) = match procedure.returns {
            Some(_) => (&mut d.functions, "FUNCTION"),
            None => (&mut d.procedures, "PROCEDURE"),
        };
        if routines.contains_key(&key) {
            return Err(MySqlError::routine_exists(kind, &procedure.name));
        }
        let mut stored = procedure.clone();
        stored.definer = format!("{}@{}", session.account.user, session.account.host);
        stored.sql_mode = sql_mode;
        stored.created_micros = now;
        routines.insert(key, stored);
        Ok(Response::Ok { affected_rows: 0, info: None })
    }

    /// With binary logging on and `log_bin_trust_function_creators` off, a function must say
    /// it is DETERMINISTIC, NO SQL or READS SQL DATA (ERROR 1418), as MySQL requires of every
    /// user (a function that may change data differently on a replica would be unsafe).
    fn check_function_binlog_safety(&self, f: &Procedure) -> Result<()> {
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        if !r.vars.global_bool(var_id!("log_bin"))
            || r.vars.global_bool(var_id!("log_bin_trust_function_creators"))
        {
            return Ok(());
        }
        let safe = f
            .characteristics
            .iter()
            .any(|c| matches!(c.as_str(), "DETERMINISTIC" | "NO SQL" | "READS SQL DATA"));
        if safe {
            Ok(())
        } else {
            Err(MySqlError::function_not_binlog_safe())
        }
    }

    /// DROP PROCEDURE and DROP FUNCTION.
    pub(crate) fn drop_procedure(
        &mut self,
        session: &mut Session,
        database: &Option<String>,
        name: &str,
        if_exists: bool,
        function: bool,
    ) -> Result<Response> {
        let db = database
            .clone()
            .or_else(|| session.database.clone())
            .ok_or_else(MySqlError::no_database_selected)?;
        refuse_sys(&db)?;
        let key = name.to_ascii_lowercase();
        let removed = self.catalog.database_mut(&db).and_then(|d| {
            if function {
                d.functions.remove(&key)
            } else {
                d.procedures.remove(&key)
            }
        });
        let kind = if function { "FUNCTION" } else { "PROCEDURE" };
        match removed {
            Some(_) => Ok(Response::Ok { affected_rows: 0, info: None }),
            None if if_exists => {
                session.warn(crate::error::Warning {
                    level: "Note",
                    code: 1305,
                    message: format!("{kind} {db}.{name} does not exist"),
                });
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            None if function => Err(MySqlError::function_does_not_exist(&format!("{db}.{name}"))),
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
        let args = call_arguments(f)?;
        if args.len() != procedure.params.len() {
            return Err(MySqlError::procedure_argument_count(
                &format!("{db}.{name}"),
                procedure.params.len(),
                args.len(),
            ));
        }
        let mut frame = BTreeMap::new();
        // Where each OUT or INOUT parameter's value goes when the body ends: the caller's
        // user variable (`@r`) or local variable.
        let mut outputs: Vec<(String, String)> = Vec::new();
        {
            let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
            let now_micros = self.clock.unix_micros();
            let mut cx = crate::server::context::Cx::new(&r.vars, session, now_micros);
            for (i, (p, a)) in procedure.params.iter().zip(&args).enumerate() {
                let mode = p.mode.to_ascii_uppercase();
                if mode == "IN" {
                    frame.insert(p.name.to_ascii_lowercase(), eval_constant(a, &mut cx)?);
                    continue;
                }
                let variable = match a {
                    sqlparser::ast::Expr::Identifier(id) => Some(id.value.clone()),
                    _ => None,
                };
                let Some(variable) =
                    variable.filter(|v| v.starts_with('@') || cx.session.local(v).is_some())
                else {
                    return Err(MySqlError::out_argument_not_a_variable(
                        i + 1,
                        &format!("{db}.{name}"),
                    ));
                };
                let start = if mode == "OUT" { Value::Null } else { eval_constant(a, &mut cx)? };
                frame.insert(p.name.to_ascii_lowercase(), start);
                outputs.push((p.name.to_ascii_lowercase(), variable));
            }
            cx.charge_to(work);
        }
        let mut run = Run::new(&procedure);
        let outcome = self.run_routine(session, &db, frame, &mut run, work);
        let outcome = match outcome {
            Ok((value, finished)) => {
                let mut set = Ok(value);
                for (param, variable) in &outputs {
                    let v = finished.get(param).cloned().unwrap_or(Value::Null);
                    match variable.strip_prefix('@') {
                        Some(user) => {
                            session.user_vars.insert(user.to_ascii_lowercase(), v);
                        }
                        None => {
                            if let Err(e) = session.set_local(variable, v) {
                                set = Err(e);
                                break;
                            }
                        }
                    }
                }
                set
            }
            Err(e) => Err(e),
        };
        let mut results = std::mem::take(&mut run.results);
        if let Err(e) = outcome {
            // The client has this CALL's result sets, then those of a CALL inside it that
            // failed, then the error.
            results.append(&mut session.sent_before_error);
            session.sent_before_error = results;
            return Err(e);
        }
        results.push(Response::Ok { affected_rows: 0, info: None });
        Ok(if results.len() == 1 { results.remove(0) } else { Response::Many(results) })
    }

    /// Runs a routine in a frame of its own, in its database; gives a function's value and
    /// the frame's variables as the body left them (for OUT and INOUT parameters).
    pub(crate) fn run_routine(
        &mut self,
        session: &mut Session,
        db: &str,
        frame: BTreeMap<String, Value>,
        run: &mut Run,
        work: &mut Work,
    ) -> Result<(Option<Value>, BTreeMap<String, Value>)> {
        if session.locals.len() >= CALL_DEPTH_MAX {
            return Err(MySqlError::recursion_limit(0, &run.routine_name()));
        }
        // Parameters hold values of their declared types, as local variables do.
        let types = run.parameter_types();
        let mut frame = frame;
        for (name, column) in &types {
            if let Some(v) = frame.remove(name) {
                frame.insert(name.clone(), super::dml::coerce("", column, v, 1)?);
            }
        }
        // The body runs in the routine's database.
        let saved_db = session.database.replace(db.to_string());
        session.push_frame(frame, types);
        let outcome = self.run_program(session, run, work);
        let finished = session.pop_frame();
        session.database = saved_db;
        Ok((outcome?, finished))
    }
}

/// The arguments of a CALL or of a stored function's call: plain expressions only.
pub(super) fn call_arguments(f: &Function) -> Result<Vec<&sqlparser::ast::Expr>> {
    match &f.args {
        FunctionArguments::None => Ok(Vec::new()),
        FunctionArguments::List(l) => l
            .args
            .iter()
            .map(|a| match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => Ok(e),
                _ => Err(MySqlError::syntax(&f.to_string(), 1)),
            })
            .collect(),
        FunctionArguments::Subquery(_) => Err(MySqlError::syntax(&f.to_string(), 1)),
    }
}
