//! Correlated subqueries, run once per outer row as MySQL runs a DEPENDENT SUBQUERY.
//!
//! The server prepares each one before the query runs (`server/query/subquery.rs`): its FROM
//! bound once, every name of an enclosing query's column replaced by an outer reference
//! (`BExpr::OuterRef`), and in its place in the enclosing query a call that carries the outer
//! values it reads (`BExpr::Correlated`). Evaluating that call runs the subquery's SELECT
//! through the same executor as any statement ([`super::run`]), with the outer values
//! readable through [`EvalContext::outer_value`]: every execution pays its reads through the
//! buffer pool and moves the handler counters, so a subquery over a large table run for
//! every row of another is as slow as it is in MySQL.
//!
//! Only the executor can run one: it lends the statement's costs to the evaluation for the
//! call ([`lend`]) wherever a WHERE, select list or HAVING is evaluated. A correlated
//! subquery anywhere else (GROUP BY, an aggregate's argument, ORDER BY) is ERROR 1235.
//!
//! Simplifications of real MySQL, each where it is made: nothing is cached per distinct
//! outer value (neither does MySQL; MariaDB's subquery cache would); `IN`, `NOT IN` and the
//! quantified comparisons (`> ANY`, `= ALL`, ...) read the subquery's rows whole and compare
//! them, where MySQL pushes `operand = column` into the subquery (the IN-to-EXISTS rewrite)
//! and stops at the first match; EXISTS and IN in WHERE are not turned into semi-joins as
//! MySQL 8.0.16+ does.

use super::{BoundSource, JOINED_ROWS_MAX};
use crate::error::{MySqlError, Result, Warning};
use crate::sql::comparison::{quantified, Comparison, Quantifier};
use crate::sql::execution::costs::Costs;
use crate::sql::execution::Work;
use crate::sql::expr::EvalContext;
use crate::sql::parser::VarScope;
use crate::storage::catalog::Catalog;
use crate::storage::value::Value;
use sqlparser::ast::{Query, Select};
use std::cell::RefCell;
use std::rc::Rc;

/// The engine's own cost of one execution (binding and planning the subquery again), in the
/// row combinations the runaway cap counts ([`JOINED_ROWS_MAX`]): measured natively, an
/// execution of a one-row lookup takes about 16 µs, a joined row about 0.12 µs, so an
/// execution counts as 64 (a cap at some 260,000 executions, seconds of the page's time).
/// Simplification: MySQL has no such cap; this is the simulator's, as for joins.
const EXECUTION_COMBINATIONS: u64 = 64;

/// What a correlated subquery gives its enclosing query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubqueryKind {
    /// `(SELECT ...)`: its one value, NULL when it has no row, ERROR 1242 for several.
    Scalar,
    /// `[NOT] EXISTS (SELECT ...)`.
    Exists { negated: bool },
    /// `operand [NOT] IN (SELECT ...)`: the operand is the first value passed.
    In { negated: bool },
    /// `operand op ANY | SOME | ALL (SELECT ...)`: the operand is the first value passed.
    Quantified { op: Comparison, quantifier: Quantifier },
    /// A dependent derived table (LATERAL, or one in a correlated subquery's FROM that reads
    /// the enclosing query): all its rows, materialised again for each outer row
    /// ([`run_dependent`]); never a value.
    Derived,
}

impl SubqueryKind {
    /// Whether the enclosing query passes an operand before the outer values.
    pub fn has_operand(self) -> bool {
        matches!(self, SubqueryKind::In { .. } | SubqueryKind::Quantified { .. })
    }
}

/// A correlated subquery prepared to run per outer row.
pub struct Correlated {
    pub kind: SubqueryKind,
    /// Its SELECT with outer references in place, and the query around it (ORDER BY, LIMIT).
    pub select: Select,
    pub query: Query,
    /// Its text, for naming its columns.
    pub sql: String,
    /// Its FROM, bound once.
    pub sources: Vec<BoundSource>,
    /// The correlated subqueries inside it (its own `BExpr::Correlated` numbers).
    pub nested: Vec<Rc<Correlated>>,
}

/// What a query's correlated subqueries need while it runs: the catalog, and the work their
/// executions add up to (added to the statement's when the query ends).
pub(super) struct Runtime<'a> {
    pub catalog: &'a Catalog,
    pub subs: Vec<Rc<Correlated>>,
    pub work: RefCell<Work>,
}

impl<'a> Runtime<'a> {
    pub fn new(catalog: &'a Catalog, subs: &[Rc<Correlated>], work: &Work) -> Runtime<'a> {
        let inner = Work {
            temp_space: work.temp_space.clone(),
            deadline: work.deadline,
            ..Work::default()
        };
        Runtime { catalog, subs: subs.to_vec(), work: RefCell::new(inner) }
    }

    /// Runs subquery `id` for one outer row and gives its value.
    fn run(
        &self,
        id: u32,
        values: &[Value],
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
    ) -> Result<Value> {
        let Some(sub) = self.subs.get(id as usize) else {
            return Err(MySqlError::not_supported_yet("this expression"));
        };
        let (operand, outer) = match (sub.kind, values) {
            (kind, [first, rest @ ..]) if kind.has_operand() => (Some(first), rest),
            _ => (None, values),
        };
        // The runaway cap of joins holds for the rows every execution examines together
        // (`run_dependent`).
        let result =
            run_dependent(sub, outer, self.catalog, costs, cx, &mut self.work.borrow_mut())?;
        let (meta, rows) = result.into_values();
        if sub.kind == SubqueryKind::Derived {
            return Err(MySqlError::not_supported_yet("a derived table as a value"));
        }
        if meta.len() != 1 && !matches!(sub.kind, SubqueryKind::Exists { .. }) {
            return Err(MySqlError::operand_columns(1));
        }
        let truth = |b: Option<bool>| b.map_or(Value::Null, |b| Value::Int(i64::from(b)));
        Ok(match sub.kind {
            SubqueryKind::Scalar => match rows.as_slice() {
                [] => Value::Null,
                [row] => row.first().cloned().unwrap_or(Value::Null),
                _ => return Err(MySqlError::subquery_more_than_one_row()),
            },
            SubqueryKind::Exists { negated } => truth(Some(rows.is_empty() == negated)),
            // MySQL's IN over a subquery is `= ANY`: true on a match; else NULL when the
            // operand or any value is NULL (and there was a row); false over no rows at all.
            SubqueryKind::In { negated } => {
                let v = operand.unwrap_or(&Value::Null);
                let r = quantified(
                    v,
                    Comparison::Eq,
                    Quantifier::Any,
                    rows.iter().map(Vec::as_slice).map(first),
                );
                truth(r.map(|b| b != negated))
            }
            SubqueryKind::Quantified { op, quantifier } => {
                let v = operand.unwrap_or(&Value::Null);
                truth(quantified(v, op, quantifier, rows.iter().map(Vec::as_slice).map(first)))
            }
            SubqueryKind::Derived => Value::Null,
        })
    }
}

/// Runs a correlated subquery's or a dependent derived table's SELECT for one outer row
/// (`outer`: the values its outer references read) and gives its rows, counting the
/// execution against the runaway cap of joins.
pub(super) fn run_dependent(
    sub: &Correlated,
    outer: &[Value],
    catalog: &Catalog,
    costs: &mut Costs,
    cx: &mut dyn EvalContext,
    work: &mut Work,
) -> Result<super::super::QueryResult> {
    let mut inner_cx = InnerCx { cx, outer };
    let before = work.rows;
    let result = super::run(
        &sub.select,
        &sub.query,
        &sub.sql,
        &sub.sources,
        catalog,
        costs.reborrow(),
        &mut inner_cx,
        work,
        false,
        &sub.nested,
    )?;
    // The runaway cap of joins holds for the rows every execution examines together: a
    // subquery over a large table run for every row of another is stopped as a join of the
    // two would be (ERROR 1317). Each execution also counts for what it costs the engine
    // itself, so that millions of cheap executions are stopped as soon.
    let examined = work.rows.saturating_sub(before);
    work.joined = work.joined.saturating_add(examined + EXECUTION_COMBINATIONS);
    if work.joined > JOINED_ROWS_MAX {
        return Err(MySqlError::query_interrupted());
    }
    work.check_deadline(costs.clock.now())?;
    Ok(result)
}

/// A row's first value (NULL for a row without one).
fn first(row: &[Value]) -> &Value {
    row.first().unwrap_or(&Value::Null)
}

/// Evaluates `f` where it may run the query's correlated subqueries: the session's context
/// with the statement's costs lent to it for the call (no subqueries: the context as it is).
pub(super) fn lend<T>(
    rt: Option<&Runtime>,
    costs: &mut Costs,
    cx: &mut dyn EvalContext,
    f: impl FnOnce(&mut dyn EvalContext) -> Result<T>,
) -> Result<T> {
    match rt {
        None => f(cx),
        Some(rt) => f(&mut OuterCx { cx, costs, rt }),
    }
}

/// The enclosing query's context while its correlated subqueries may run.
struct OuterCx<'s, 'k, 'a> {
    cx: &'s mut dyn EvalContext,
    costs: &'s mut Costs<'k>,
    rt: &'s Runtime<'a>,
}

/// A correlated subquery's context: the session's, with the outer row's values. Its own
/// correlated subqueries are run by its own executor's [`OuterCx`], never through this one.
struct InnerCx<'s> {
    cx: &'s mut dyn EvalContext,
    outer: &'s [Value],
}

/// The session's side of an [`EvalContext`], passed on to the context wrapped.
macro_rules! delegate {
    () => {
        fn system_variable(&mut self, name: &str, scope: VarScope) -> Result<Value> {
            self.cx.system_variable(name, scope)
        }
        fn user_variable(&self, name: &str) -> Value {
            self.cx.user_variable(name)
        }
        fn local_variable(&self, name: &str) -> Value {
            self.cx.local_variable(name)
        }
        fn local_names(&self) -> Vec<String> {
            self.cx.local_names()
        }
        fn warn(&mut self, w: Warning) {
            self.cx.warn(w)
        }
        fn unix_micros(&self) -> i64 {
            self.cx.unix_micros()
        }
        fn statement_micros(&self) -> i64 {
            self.cx.statement_micros()
        }
        fn sleep(&mut self, micros: u64) {
            self.cx.sleep(micros)
        }
        fn charge_cpu(&mut self, ns: u64) {
            self.cx.charge_cpu(ns)
        }
        fn current_database(&self) -> Option<String> {
            self.cx.current_database()
        }
        fn connection_id(&self) -> u64 {
            self.cx.connection_id()
        }
        fn server_version(&self) -> String {
            self.cx.server_version()
        }
        fn div_precision_increment(&self) -> u8 {
            self.cx.div_precision_increment()
        }
        fn current_user(&self) -> String {
            self.cx.current_user()
        }
        fn login_user(&self) -> String {
            self.cx.login_user()
        }
        fn last_insert_id(&mut self, set: Option<u64>) -> u64 {
            self.cx.last_insert_id(set)
        }
        fn row_count(&self) -> i64 {
            self.cx.row_count()
        }
        fn found_rows(&self) -> u64 {
            self.cx.found_rows()
        }
        fn random(&mut self, seed: Option<(usize, i64)>) -> f64 {
            self.cx.random(seed)
        }
        fn uuid_sequence(&mut self) -> u64 {
            self.cx.uuid_sequence()
        }
    };
}

impl EvalContext for OuterCx<'_, '_, '_> {
    delegate!();
    fn outer_value(&self, n: u32) -> Value {
        self.cx.outer_value(n)
    }
    fn correlated(&mut self, id: u32, values: &[Value]) -> Result<Value> {
        self.rt.run(id, values, self.costs, self.cx)
    }
}

impl EvalContext for InnerCx<'_> {
    delegate!();
    fn outer_value(&self, n: u32) -> Value {
        self.outer.get(n as usize).cloned().unwrap_or(Value::Null)
    }
}
