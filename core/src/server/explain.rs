//! EXPLAIN in the traditional tabular format: one row per table with the access type the
//! executor will really use (ALL for a full scan, const for a primary key lookup, ...).

use super::execute::Work;
use super::session::Session;
use super::Server;
use crate::error::{MySqlError, Result};
use crate::sql::Response;
use sqlparser::ast::Query;

impl Server {
    /// EXPLAIN of a SELECT.
    pub(crate) fn explain(
        &mut self,
        _session: &mut Session,
        _q: &Query,
        _sql: &str,
        _work: &mut Work,
    ) -> Result<Response> {
        Err(MySqlError::not_supported_yet("EXPLAIN"))
    }
}
