//! What an expression may read while it is evaluated: system, user and local variables, the
//! statement's clock, the current database; and where its warnings go. The server's sessions
//! implement it; constants (LIMIT values, column defaults) use [`ConstantContext`].

use crate::error::{MySqlError, Result, Warning};
use crate::sql::parser::VarScope;
use crate::storage::value::Value;

/// performance_schema's THREAD_ID of connection N is N plus the server's own threads that
/// start first (what `PS_CURRENT_THREAD_ID()` and the events tables show). UNCONFIRMED: about
/// 40 on a fresh 8.4/9.x server (the first connection, 8, is thread 47 or so); 39 chosen.
pub const PS_THREAD_ID_OFFSET: u64 = 39;

/// What evaluation needs from the server and session.
pub trait EvalContext {
    /// `@@name`, `@@global.name`, ...
    fn system_variable(&mut self, name: &str, scope: VarScope) -> Result<Value>;
    /// `@name` (NULL if never set).
    fn user_variable(&self, name: &str) -> Value;
    /// A stored procedure local variable (NULL outside procedures).
    fn local_variable(&self, _name: &str) -> Value {
        Value::Null
    }
    /// Names of the local variables in scope, for binding.
    fn local_names(&self) -> Vec<String> {
        Vec::new()
    }
    /// Records a warning for SHOW WARNINGS.
    fn warn(&mut self, w: Warning);
    /// Simulated wall clock, microseconds since the Unix epoch: the time now, a statement's
    /// sleeps included (SYSDATE(), UUID()).
    fn unix_micros(&self) -> i64;
    /// When the statement began, microseconds since the Unix epoch: NOW() and its synonyms,
    /// CURDATE(), UNIX_TIMESTAMP() give the same time however long the statement runs (the
    /// manual: "NOW() returns a constant time that indicates the time at which the statement
    /// began to execute"), unlike SYSDATE().
    fn statement_micros(&self) -> i64 {
        self.unix_micros()
    }
    /// `SLEEP(n)`: lets simulated time pass.
    fn sleep(&mut self, micros: u64);
    /// CPU work the statement does beyond its rows (`BENCHMARK()`'s repetitions), in
    /// nanoseconds; a context that runs no statement drops it.
    fn charge_cpu(&mut self, _ns: u64) {}
    fn current_database(&self) -> Option<String>;
    fn connection_id(&self) -> u64;
    fn server_version(&self) -> String;
    fn div_precision_increment(&self) -> u8;
    /// `CURRENT_USER()`: the account the login matched, as `user@host`.
    fn current_user(&self) -> String {
        "root@localhost".into()
    }
    /// `USER()`: the user name the client gave, at the client's host.
    fn login_user(&self) -> String {
        "root@localhost".into()
    }
    /// `LAST_INSERT_ID()`: the first AUTO_INCREMENT value the session's last successful
    /// INSERT generated (0 if none yet); `LAST_INSERT_ID(expr)` passes `Some(expr)`, which
    /// becomes that value at once and is returned.
    fn last_insert_id(&mut self, set: Option<u64>) -> u64 {
        set.unwrap_or(0)
    }
    /// `ROW_COUNT()`: the rows the previous statement changed, -1 after one that returned a
    /// result set or failed.
    fn row_count(&self) -> i64 {
        -1
    }
    /// `FOUND_ROWS()`: the rows the last SELECT returned.
    fn found_rows(&self) -> u64 {
        0
    }
    /// RAND()'s next value: from the session's generator (`seed` None), or from call site
    /// `seed.0`'s generator seeded with `seed.1` at its first call in the statement.
    fn random(&mut self, seed: Option<(usize, i64)>) -> f64 {
        crate::sql::functions::RandState::seeded(seed.map_or(0, |s| s.1)).next_value()
    }
    /// A number that grows with every UUID() the session asks for, so that two in one
    /// microsecond differ.
    fn uuid_sequence(&mut self) -> u64 {
        0
    }
    /// Inside a correlated subquery: the enclosing query's value N for the outer row the
    /// subquery runs for (NULL anywhere else).
    fn outer_value(&self, _n: u32) -> Value {
        Value::Null
    }
    /// Runs correlated subquery `id` of the query being evaluated for one outer row
    /// (`values`: what it reads of that row) and gives its value. Only the executor's
    /// context, which can reach the storage, runs one; anywhere else it is not supported.
    fn correlated(&mut self, _id: u32, _values: &[Value]) -> Result<Value> {
        Err(MySqlError::not_supported_yet("a correlated subquery in this clause"))
    }
}

/// Evaluation context for constants that may not read anything (LIMIT values, defaults).
pub struct ConstantContext;

/// A constant context that keeps the warnings it is given, as "code message" texts: for
/// unit tests of what warns.
#[cfg(test)]
pub struct CollectedWarnings(pub Vec<String>);

#[cfg(test)]
impl EvalContext for CollectedWarnings {
    fn system_variable(&mut self, name: &str, scope: VarScope) -> Result<Value> {
        ConstantContext.system_variable(name, scope)
    }
    fn user_variable(&self, _: &str) -> Value {
        Value::Null
    }
    fn warn(&mut self, w: Warning) {
        self.0.push(format!("{} {}", w.code, w.message));
    }
    fn unix_micros(&self) -> i64 {
        0
    }
    fn sleep(&mut self, _: u64) {}
    fn current_database(&self) -> Option<String> {
        None
    }
    fn connection_id(&self) -> u64 {
        0
    }
    fn server_version(&self) -> String {
        ConstantContext.server_version()
    }
    fn div_precision_increment(&self) -> u8 {
        ConstantContext.div_precision_increment()
    }
}

/// A context for constant expressions.
pub fn constant_context() -> ConstantContext {
    ConstantContext
}
impl EvalContext for ConstantContext {
    fn system_variable(&mut self, name: &str, _: VarScope) -> Result<Value> {
        Err(MySqlError::syntax(&format!("@@{name}"), 1))
    }
    fn user_variable(&self, _: &str) -> Value {
        Value::Null
    }
    fn warn(&mut self, _: Warning) {}
    fn unix_micros(&self) -> i64 {
        0
    }
    fn sleep(&mut self, _: u64) {}
    fn current_database(&self) -> Option<String> {
        None
    }
    fn connection_id(&self) -> u64 {
        0
    }
    fn server_version(&self) -> String {
        crate::SERVER_VERSION.to_string()
    }
    fn div_precision_increment(&self) -> u8 {
        4
    }
}
