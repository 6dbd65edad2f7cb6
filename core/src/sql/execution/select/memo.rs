//! Which statements may reuse a table's kept scan result ([`crate::storage::table`]'s scan
//! memo), and under what key. Only a statement whose result is a function of the table's rows
//! alone qualifies: one stored table read by a full scan, aggregates without GROUP BY or
//! DISTINCT, and expressions made of columns, literals, operators and pure built-ins (no
//! variables, no clock, no randomness). A scan that raised a warning is not kept, so a reuse
//! never skips one. The key holds the bound expressions (their literals included), the
//! columns read and the table's definition.

use super::plan::Plan;
use crate::error::{Result, Warning};
use crate::sql::bind::BExpr;
use crate::sql::context::EvalContext;
use crate::sql::parser::VarScope;
use crate::sql::Value;
use crate::storage::table::Table;

/// Built-ins whose value depends on their arguments alone, without a warning of their own
/// beyond what the warning check catches.
const PURE_FUNCTIONS: &[&str] = &[
    "LENGTH",
    "OCTET_LENGTH",
    "CHAR_LENGTH",
    "CHARACTER_LENGTH",
    "LOWER",
    "UPPER",
    "LCASE",
    "UCASE",
    "CONCAT",
    "LEFT",
    "RIGHT",
    "SUBSTRING",
    "SUBSTR",
    "ABS",
    "COALESCE",
    "IFNULL",
    "IF",
    "NULLIF",
    "YEAR",
    "MONTH",
    "DATE",
];

/// The key under which `plan`'s result over a full scan of `t` reading `wanted` is kept, or
/// None when the statement does not qualify.
pub(super) fn key(plan: &Plan, t: &Table, wanted: &[bool]) -> Option<String> {
    let qualifies = !plan.aggregates.is_empty()
        && plan.group_by.is_empty()
        && !plan.distinct
        && plan.aggregates.iter().all(|a| {
            !a.distinct
                && a.arg.as_ref().is_none_or(pure)
                && a.order_by.iter().all(|(k, _)| pure(k))
        })
        && plan.filter.as_ref().is_none_or(pure)
        && plan.having.as_ref().is_none_or(pure)
        && plan.items.iter().all(|(e, _)| pure(e));
    if !qualifies {
        return None;
    }
    let items: Vec<&BExpr> = plan.items.iter().map(|(e, _)| e).collect();
    Some(format!("{:?}|{:?}|{:?}|{:?}|{:?}", plan.filter, items, plan.aggregates, wanted, t.def))
}

/// Whether `e`'s value depends only on the row it reads.
fn pure(e: &BExpr) -> bool {
    match e {
        BExpr::Lit(_) | BExpr::Column(_) | BExpr::Aggregate(_) => true,
        BExpr::SysVar { .. }
        | BExpr::UserVar(_)
        | BExpr::Local(_)
        | BExpr::Window(_)
        | BExpr::OuterRef(_)
        | BExpr::Correlated { .. } => false,
        BExpr::Unary { arg, .. }
        | BExpr::IsNull { arg, .. }
        | BExpr::IsBool { arg, .. }
        | BExpr::Cast { arg, .. } => pure(arg),
        BExpr::Binary { left, right, .. } => pure(left) && pure(right),
        BExpr::And(a, b) | BExpr::Or(a, b) => pure(a) && pure(b),
        BExpr::Between { arg, low, high, .. } => pure(arg) && pure(low) && pure(high),
        BExpr::InList { arg, list, .. } => pure(arg) && list.iter().all(pure),
        BExpr::Like { arg, pattern, escape, .. } => {
            pure(arg) && pure(pattern) && escape.as_deref().is_none_or(pure)
        }
        BExpr::Case { operand, whens, otherwise } => {
            operand.as_deref().is_none_or(pure)
                && whens.iter().all(|(w, t)| pure(w) && pure(t))
                && otherwise.as_deref().is_none_or(pure)
        }
        BExpr::Call { name, builtin, args } => {
            builtin.is_some() && PURE_FUNCTIONS.contains(&name.as_str()) && args.iter().all(pure)
        }
    }
}

/// A session context that counts the warnings raised through it (a scan that warned is not
/// kept), and with `mute` keeps them from the session (a pushed index condition's test,
/// which the statement's filter repeats).
pub(crate) struct Counting<'a> {
    pub inner: &'a mut dyn EvalContext,
    pub warnings: u64,
    pub mute: bool,
}

impl EvalContext for Counting<'_> {
    fn system_variable(&mut self, name: &str, scope: VarScope) -> Result<Value> {
        self.inner.system_variable(name, scope)
    }
    fn user_variable(&self, name: &str) -> Value {
        self.inner.user_variable(name)
    }
    fn local_variable(&self, name: &str) -> Value {
        self.inner.local_variable(name)
    }
    fn local_names(&self) -> Vec<String> {
        self.inner.local_names()
    }
    fn warn(&mut self, w: Warning) {
        self.warnings += 1;
        if !self.mute {
            self.inner.warn(w)
        }
    }
    fn unix_micros(&self) -> i64 {
        self.inner.unix_micros()
    }
    fn statement_micros(&self) -> i64 {
        self.inner.statement_micros()
    }
    fn sleep(&mut self, micros: u64) {
        self.inner.sleep(micros)
    }
    fn charge_cpu(&mut self, ns: u64) {
        self.inner.charge_cpu(ns)
    }
    fn current_database(&self) -> Option<String> {
        self.inner.current_database()
    }
    fn connection_id(&self) -> u64 {
        self.inner.connection_id()
    }
    fn server_version(&self) -> String {
        self.inner.server_version()
    }
    fn div_precision_increment(&self) -> u8 {
        self.inner.div_precision_increment()
    }
    fn current_user(&self) -> String {
        self.inner.current_user()
    }
    fn login_user(&self) -> String {
        self.inner.login_user()
    }
    fn last_insert_id(&mut self, set: Option<u64>) -> u64 {
        self.inner.last_insert_id(set)
    }
    fn row_count(&self) -> i64 {
        self.inner.row_count()
    }
    fn found_rows(&self) -> u64 {
        self.inner.found_rows()
    }
    fn random(&mut self, seed: Option<(usize, i64)>) -> f64 {
        self.inner.random(seed)
    }
    fn uuid_sequence(&mut self) -> u64 {
        self.inner.uuid_sequence()
    }
    fn outer_value(&self, n: u32) -> Value {
        self.inner.outer_value(n)
    }
    fn correlated(&mut self, id: u32, values: &[Value]) -> Result<Value> {
        self.inner.correlated(id, values)
    }
}
