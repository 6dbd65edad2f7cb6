//! JSON_TABLE in FROM, bound (the 8.4 manual's "JSON Table Functions"): its definition
//! checked when the statement is prepared, then either made at once, when its document reads
//! no table (a literal, a user variable, a function of them), or left to the executor to make
//! for every row of the tables before it (`execution/select/json_table.rs`), as MySQL's table
//! functions are implicitly LATERAL.
//!
//! Simplification: a document that reads an enclosing query's columns (JSON_TABLE inside a
//! correlated subquery) is ERROR 1235 here; MySQL runs it per outer row.

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::bind::{Binder, NoColumns};
use crate::sql::context::EvalContext;
use crate::sql::execution::select::json_table::{fill, ARGUMENT_CLAUSE};
use crate::sql::execution::select::{BoundSource, Scope, Source};
use crate::sql::execution::temp_table::TempTable;
use crate::sql::execution::{set_table, Work};
use crate::sql::expr::eval;
use crate::sql::json::table::JsonTableDef;
use sqlparser::ast::{Expr, JsonTableColumn, TableAlias, ValueWithSpan};
use std::rc::Rc;

/// A JSON_TABLE as written in FROM.
pub(super) struct JsonTableFactor<'a> {
    pub json_expr: &'a Expr,
    pub json_path: &'a ValueWithSpan,
    pub columns: &'a [JsonTableColumn],
    pub alias: &'a Option<TableAlias>,
}

impl Server {
    /// Binds a JSON_TABLE after the sources `left` of its FROM, which its document may read.
    pub(super) fn bind_json_table(
        &mut self,
        session: &mut Session,
        f: JsonTableFactor<'_>,
        left: &[BoundSource],
        work: &mut Work,
    ) -> Result<BoundSource> {
        let Some(alias) = f.alias else {
            return Err(MySqlError::table_function_without_alias());
        };
        let alias = alias.name.value.clone();
        if left.iter().any(|s| s.alias.eq_ignore_ascii_case(&alias)) {
            return Err(MySqlError::not_unique_table(&alias));
        }
        let def = Rc::new(JsonTableDef::new(f.json_path, f.columns, &alias)?);
        // A subquery as the document is refused as MySQL refuses it (ER_WRONG_ARGUMENTS).
        let mut e = f.json_expr;
        while let Expr::Nested(inner) = e {
            e = inner;
        }
        if matches!(e, Expr::Subquery(_)) {
            return Err(MySqlError::incorrect_arguments("JSON_TABLE"));
        }
        let meta = def.meta(&alias);
        // A document that reads no column: made now, once.
        let constant = self.with_costs(session, |costs, cx| -> Result<Option<_>> {
            let locals = cx.local_names();
            let bound =
                match Binder::scalar(&NoColumns, ARGUMENT_CLAUSE).with_locals(locals).bind(e) {
                    Ok(b) => b,
                    Err(e) if e.code == 1054 => return Ok(None),
                    Err(e) => return Err(e),
                };
            let source = eval(&bound, &[], &[], cx)?;
            let mut table = TempTable::create_unkeyed(set_table::temp_settings(cx), costs);
            let rows = fill(&def, &source, &mut table, costs, work);
            table.drop_table(costs);
            rows.map(Some)
        })??;
        if let Some(rows) = constant {
            return Ok(BoundSource::materialised(alias, meta, Rc::new(rows)));
        }
        // It reads the tables before it: checked against them now, made per row later.
        let scope = Scope { sources: left };
        if let Err(err) = Binder::scalar(&scope, ARGUMENT_CLAUSE).bind(e) {
            if err.code != 1054 {
                return Err(err);
            }
            if !work.outer_scopes.is_empty() {
                return Err(MySqlError::not_supported_yet(
                    "JSON_TABLE reading a column of an enclosing query",
                ));
            }
            return Err(unknown_table_or_column(err, left));
        }
        let mut s = BoundSource::materialised(alias, meta, Rc::default());
        s.source = Source::JsonTable { def, arg: Box::new(e.clone()) };
        // Read after every table before it, which the join order keeps.
        s.after = (0..left.len() as u32).collect();
        Ok(s)
    }
}

/// ERROR 1054 of a name the document cannot find; a qualified one whose table is not before
/// the JSON_TABLE is MySQL's ERROR 1109 "Unknown table 't1' in a table function argument"
/// (mysql-test: a table joined after it).
fn unknown_table_or_column(err: MySqlError, left: &[BoundSource]) -> MySqlError {
    let name = err.message.split('\'').nth(1).unwrap_or_default();
    match name.rsplit_once('.') {
        Some((table, _))
            if !left.iter().any(|s| {
                s.alias.eq_ignore_ascii_case(table.rsplit('.').next().unwrap_or(table))
            }) =>
        {
            let table = table.rsplit('.').next().unwrap_or(table);
            MySqlError::unknown_table_in(table, ARGUMENT_CLAUSE)
        }
        _ => err,
    }
}
