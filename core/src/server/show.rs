//! SHOW DATABASES, SHOW TABLES, SHOW CREATE TABLE, SHOW INDEX and SHOW COLUMNS / DESCRIBE,
//! formatted as MySQL 9.7 prints them.

use super::execute::Work;
use super::session::Session;
use super::Server;
use crate::error::{MySqlError, Result};
use crate::sql::parse::Statement;
use crate::sql::Response;

impl Server {
    /// Runs one of the SHOW statements about databases and tables.
    pub(crate) fn show(
        &mut self,
        _session: &mut Session,
        stmt: &Statement,
        _work: &mut Work,
    ) -> Result<Response> {
        let what = match stmt {
            Statement::ShowDatabases { .. } => "SHOW DATABASES",
            Statement::ShowTables { .. } => "SHOW TABLES",
            Statement::ShowCreateTable { .. } => "SHOW CREATE TABLE",
            Statement::ShowIndex { .. } => "SHOW INDEX",
            _ => "SHOW COLUMNS",
        };
        Err(MySqlError::not_supported_yet(what))
    }
}
