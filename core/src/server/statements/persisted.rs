//! The settings `SET PERSIST` and `SET PERSIST_ONLY` keep for the next start (mysqld-auto.cnf):
//! `RESET PERSIST [[IF EXISTS] name]` forgets them, and `performance_schema.persisted_variables`
//! lists them.
//!
//! Simplification: the settings live with the simulated server, not in a file of its datadir
//! (`\! cat /var/lib/mysql/mysqld-auto.cnf` finds nothing), and `persisted_globals_load` is not
//! consulted at startup.

use crate::error::{MySqlError, Result, Warning};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::Response;
use crate::storage::table::Row;
use crate::storage::value::Value;

/// ER_VAR_DOES_NOT_EXIST: a RESET PERSIST of a name that is not persisted.
fn not_persisted(name: &str) -> MySqlError {
    MySqlError::new(
        3615,
        "HY000",
        format!("Variable {name} does not exist in persisted config file"),
    )
}

impl Server {
    /// `RESET PERSIST` (every persisted setting) or `RESET PERSIST [IF EXISTS] name`: the
    /// running value is left as it is; only the next start forgets it. A name that is not
    /// persisted is error 3615, a warning with IF EXISTS.
    pub(crate) fn reset_persist(
        &mut self,
        session: &mut Session,
        name: Option<&str>,
        if_exists: bool,
    ) -> Result<Response> {
        let ok = Response::Ok { affected_rows: 0, info: None };
        let Some(name) = name else {
            self.persisted.clear();
            return Ok(ok);
        };
        // Names are kept as their definitions spell them, in lower case; MySQL matches them
        // without case.
        match self.persisted.remove(&name.to_ascii_lowercase()) {
            Some(_) => Ok(ok),
            None if if_exists => {
                let e = not_persisted(name);
                session.warn(Warning { level: "Warning", code: e.code, message: e.message });
                Ok(ok)
            }
            None => Err(not_persisted(name)),
        }
    }

    /// `performance_schema.persisted_variables`' rows: (VARIABLE_NAME, VARIABLE_VALUE), in
    /// name order.
    pub(crate) fn persisted_variables(&self) -> Vec<Row> {
        self.persisted
            .iter()
            .map(|(k, v)| vec![Value::Str(k.clone()), Value::Str(v.clone())])
            .collect()
    }
}
