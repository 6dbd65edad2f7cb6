//! JSON_TABLE as a source of rows (`sql/json/table.rs` makes them): its rows kept packed in
//! the statement's temporary space and written to an internal temporary table, as MySQL
//! materialises a table function ("Materialize table function" in EXPLAIN FORMAT=TREE).
//! One whose document reads the tables before it in FROM is made again for every row of
//! them ([`Lateral`]); MySQL creates its table once and empties it before each fill.

use super::{BoundSource, Scope};
use crate::error::Result;
use crate::sql::bind::{BExpr, Binder};
use crate::sql::context::EvalContext;
use crate::sql::execution::costs::Costs;
use crate::sql::execution::packed_rows::PackedRows;
use crate::sql::execution::temp_table::TempTable;
use crate::sql::execution::{set_table, Work};
use crate::sql::expr::eval;
use crate::sql::json::table::JsonTableDef;
use crate::storage::value::Value;
use sqlparser::ast::Expr;
use std::cell::RefCell;
use std::rc::Rc;

/// How MySQL names a JSON_TABLE's document argument in error 1054.
pub const ARGUMENT_CLAUSE: &str = "a table function argument";

/// The rows of `def` for the document `source`, packed within the statement's temporary
/// space (a document of many rows stops there, not in the host's memory), each written to
/// `table`. Every row counts in the statement's rows, whose CPU the statement's end charges
/// as it charges a scan's.
pub fn fill(
    def: &JsonTableDef,
    source: &Value,
    table: &mut TempTable,
    costs: &mut Costs,
    work: &mut Work,
) -> Result<PackedRows> {
    let mut rows = PackedRows::in_space(&work.temp_space);
    let mut made = 0u64;
    def.fill(source, &mut |row| {
        rows.push(row)?;
        table.write(set_table::row_size(row), 0, costs);
        made += 1;
        Ok(true)
    })?;
    work.rows += made;
    Ok(rows)
}

/// A JSON_TABLE that reads the tables before it, as the join reads it.
pub struct Lateral {
    def: Rc<JsonTableDef>,
    /// The document's expression, bound against the joined row.
    arg: BExpr,
    table: RefCell<Option<TempTable>>,
}

impl Lateral {
    pub fn new(
        def: &Rc<JsonTableDef>,
        arg: &Expr,
        sources: &[BoundSource],
        cx: &mut dyn EvalContext,
    ) -> Result<Lateral> {
        let scope = Scope { sources };
        let arg =
            Binder::scalar(&scope, ARGUMENT_CLAUSE).with_locals(cx.local_names()).bind(arg)?;
        Ok(Lateral { def: Rc::clone(def), arg, table: RefCell::default() })
    }

    /// The rows for the joined row `outer`: its table emptied and filled again.
    pub fn materialise(
        &self,
        outer: &[Value],
        costs: &mut Costs,
        cx: &mut dyn EvalContext,
        work: &mut Work,
    ) -> Result<PackedRows> {
        let source = eval(&self.arg, outer, &[], cx)?;
        let mut slot = self.table.borrow_mut();
        let table = match slot.as_mut() {
            Some(t) => {
                t.empty();
                t
            }
            None => {
                let settings = set_table::temp_settings(cx);
                slot.insert(TempTable::create_unkeyed(settings, costs))
            }
        };
        fill(&self.def, &source, table, costs, work)
    }

    /// The statement is over: its table dropped.
    pub fn finish(&self, costs: &mut Costs) {
        if let Some(t) = self.table.borrow_mut().take() {
            t.drop_table(costs);
        }
    }
}
