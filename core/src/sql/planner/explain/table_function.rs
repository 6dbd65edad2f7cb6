//! EXPLAIN of a JSON_TABLE in FROM: MySQL's row for a table function (its alias, `ALL`, the
//! optimizer's fixed estimate of 2 rows, `Table function: json_table; Using temporary`; the
//! manual's "JSON Table Functions" and mysql-test's suite/json/r/json_table.result), its
//! `json_table(...)` in the Note 1003 text, and FORMAT=TREE's `Materialize table function`.

use super::{Kind, Scope, Source};
use crate::error::{MySqlError, Result};
use crate::sql::bind::{Binder, NoColumns};
use crate::sql::context::EvalContext;
use crate::sql::execution::select::json_table::ARGUMENT_CLAUSE;
use crate::sql::json::table::JsonTableDef;
use sqlparser::ast::{Expr, JsonTableColumn, TableAlias, ValueWithSpan};

/// The rows MySQL's optimizer assumes a table function gives, whatever its document holds
/// (`rows: 2` in every mysql-test plan of one).
pub(super) const ROWS_ESTIMATE: u64 = 2;

/// The traditional format's Extra for it.
pub(super) const EXTRA: [&str; 2] = ["Table function: json_table", "Using temporary"];

/// FORMAT=TREE's estimate for its materialisation, as MySQL 8.4 prints it for 2 rows:
/// `Materialize table function  (cost=2.73 rows=2)`. UNCONFIRMED for other plans around it.
pub(super) const TREE_COST: f64 = 2.73;

/// A JSON_TABLE as written in FROM.
pub(super) struct Factor<'a> {
    pub json_expr: &'a Expr,
    pub json_path: &'a ValueWithSpan,
    pub columns: &'a [JsonTableColumn],
    pub alias: &'a Option<TableAlias>,
}

/// The source a JSON_TABLE is, after `left` (whose columns its document may read), its
/// columns from `offset`: checked as the executor checks it, and read after every table
/// before it when its document reads one.
pub(super) fn source(
    f: Factor<'_>,
    left: &[Source],
    offset: u32,
    cx: &mut dyn EvalContext,
) -> Result<Source> {
    let Some(alias) = f.alias else {
        return Err(MySqlError::table_function_without_alias());
    };
    let alias = alias.name.value.clone();
    let def = JsonTableDef::new(f.json_path, f.columns, &alias)?;
    let locals = cx.local_names();
    let constant =
        Binder::scalar(&NoColumns, ARGUMENT_CLAUSE).with_locals(locals.clone()).bind(f.json_expr);
    let lateral = match constant {
        Ok(_) => false,
        Err(e) if e.code == 1054 => {
            Binder::scalar(&Scope { sources: left }, ARGUMENT_CLAUSE)
                .with_locals(locals)
                .bind(f.json_expr)?;
            true
        }
        Err(e) => return Err(e),
    };
    Ok(Source {
        alias: alias.clone(),
        db: String::new(),
        table: alias,
        kind: Kind::TableFunction { arg: Box::new(f.json_expr.clone()), columns: def.note.clone() },
        columns: def.columns.iter().map(|c| c.name.clone()).collect(),
        offset,
        outer: false,
        on: None,
        hints: Default::default(),
        after: if lateral { (0..left.len() as u32).collect() } else { Vec::new() },
        lateral: false,
        nest: 0,
        hidden: Vec::new(),
    })
}
