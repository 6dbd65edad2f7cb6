//! The expression context of a running statement: the session, the global variables and the
//! statement's start time, as the evaluator reaches them through `EvalContext`.

use crate::error::{Result, Warning};
use crate::server::session::Session;
use crate::server::variables::{select_value, Variables};
use crate::sql::execution::Work;
use crate::sql::expr::EvalContext;
use crate::sql::parser::VarScope;
use crate::sql::Value;
use crate::var_id;
use crate::SERVER_VERSION;

/// Expression context: the session, the global variables and the clock.
pub(crate) struct Cx<'a> {
    pub vars: &'a Variables,
    pub session: &'a mut Session,
    /// The simulated wall clock when the statement started (NOW() is constant within it).
    pub now_micros: i64,
    pub slept_micros: u64,
    /// CPU charged by expressions (BENCHMARK), added to the statement's work by its caller.
    pub cpu_ns: u64,
}

impl<'a> Cx<'a> {
    /// The context of a statement that started at `now_micros`, nothing slept or charged yet
    /// (the caller adds `slept_micros` and `cpu_ns` to the statement's work).
    pub fn new(vars: &'a Variables, session: &'a mut Session, now_micros: i64) -> Cx<'a> {
        Cx { vars, session, now_micros, slept_micros: 0, cpu_ns: 0 }
    }

    /// Adds what the statement's expressions slept and charged to its work.
    pub fn charge_to(&self, work: &mut Work) {
        work.slept_micros += self.slept_micros;
        work.extra_cpu_ns = work.extra_cpu_ns.saturating_add(self.cpu_ns);
    }
}

impl EvalContext for Cx<'_> {
    fn system_variable(&mut self, name: &str, scope: VarScope) -> Result<Value> {
        let (_, v) = self.vars.read(&self.session.vars, name, scope)?;
        // The diagnostics area's counts: the conditions the previous statement left, which a
        // statement reading them keeps (MySQL's DA_KEEP_COUNTS).
        if name.eq_ignore_ascii_case("warning_count") {
            return Ok(Value::UInt(self.session.condition_count(false)));
        }
        if name.eq_ignore_ascii_case("error_count") {
            return Ok(Value::UInt(self.session.condition_count(true)));
        }
        Ok(select_value(&v))
    }
    fn user_variable(&self, name: &str) -> Value {
        self.session.user_vars.get(name).cloned().unwrap_or(Value::Null)
    }
    fn local_variable(&self, name: &str) -> Value {
        self.session.local(name).cloned().unwrap_or(Value::Null)
    }
    fn local_names(&self) -> Vec<String> {
        self.session.local_names()
    }
    fn warn(&mut self, w: Warning) {
        self.session.warn(w);
    }
    fn unix_micros(&self) -> i64 {
        self.now_micros + self.slept_micros as i64
    }
    fn statement_micros(&self) -> i64 {
        self.now_micros
    }
    fn sleep(&mut self, micros: u64) {
        self.slept_micros = self.slept_micros.saturating_add(micros);
    }
    fn charge_cpu(&mut self, ns: u64) {
        self.cpu_ns = self.cpu_ns.saturating_add(ns);
    }
    fn current_database(&self) -> Option<String> {
        self.session.database.clone()
    }
    fn connection_id(&self) -> u64 {
        self.session.id.0
    }
    fn server_version(&self) -> String {
        // @@version: Percona Server's carries its release after MySQL's version.
        match self.vars.global(var_id!("version")) {
            crate::server::variables::definition::VarValue::Text(v) => v.clone(),
            _ => SERVER_VERSION.to_string(),
        }
    }
    fn current_user(&self) -> String {
        format!("{}@{}", self.session.account.user, self.session.account.host)
    }
    fn login_user(&self) -> String {
        format!("{}@localhost", self.session.login_user)
    }
    fn div_precision_increment(&self) -> u8 {
        self.session.vars.u64(var_id!("div_precision_increment")).min(30) as u8
    }
    fn last_insert_id(&mut self, set: Option<u64>) -> u64 {
        self.session.read_last_insert_id(set)
    }
    fn row_count(&self) -> i64 {
        self.session.row_count
    }
    fn found_rows(&self) -> u64 {
        self.session.found_rows
    }
    fn random(&mut self, seed: Option<(usize, i64)>) -> f64 {
        use crate::sql::functions::RandState;
        let s = &mut *self.session;
        match seed {
            None => s.rand.get_or_insert_with(|| RandState::seeded(s.id.0 as i64)).next_value(),
            Some((site, n)) => {
                if let Some((_, st)) = s.seeded_rand.iter_mut().find(|(at, _)| *at == site) {
                    return st.next_value();
                }
                // A statement has few RAND(N) calls; past this many the oldest starts over.
                if s.seeded_rand.len() >= 16 {
                    s.seeded_rand.remove(0);
                }
                let mut st = RandState::seeded(n);
                let v = st.next_value();
                s.seeded_rand.push((site, st));
                v
            }
        }
    }
    fn uuid_sequence(&mut self) -> u64 {
        self.session.uuid_sequence += 1;
        self.session.uuid_sequence
    }
}
