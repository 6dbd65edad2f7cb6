//! EXPLAIN of a VALUES statement (MySQL 8.0.19+'s table value constructor, `VALUES ROW(1, 2),
//! ROW(3, 4)`), alone or as a derived table (`FROM (VALUES ROW(1, 2)) AS v`).
//!
//! MySQL plans a table value constructor as one query block that reads no table: the
//! traditional row is `SIMPLE` (`DERIVED` under a derived table) with every column NULL but
//! Extra `No tables used`, FORMAT=JSON writes `"message": "No tables used"`, and FORMAT=TREE
//! its TABLE_VALUE_CONSTRUCTOR access path, `-> Rows fetched before execution` (the label
//! explain_access_path.cc gives that path, as it gives a SELECT without FROM). The block is
//! explained here as the SELECT of its first row (`SELECT 1 AS column_0, 2 AS column_1`),
//! which names and binds the columns, with the rows it returns put in its estimate.
//!
//! The Note 1003 text is the constructor as Query_block::print_values writes it:
//! `values row(1,2),row(3,4)`, with no `/* select#N */` (8.0.19's printer writes the select
//! number only for a SELECT). UNCONFIRMED for 9.x: the Note's exact text, that the tree's
//! estimate is `(cost=0..0 rows=N)` for N rows, and that a derived VALUES table is estimated
//! at its N rows; an ORDER BY or LIMIT of the VALUES is not written in the Note and draws no
//! node of its own in the tree (as a SELECT without FROM here).

use super::dependent::Correlation;
use super::derived::Blocks;
use super::note::Render;
use super::{Block, Explainer};
use crate::error::{MySqlError, Result};
use crate::sql::expr::EvalContext;
use sqlparser::ast::{Expr, Ident, Query, SelectItem, SetExpr, Values};

/// The most rows of a VALUES statement explained one by one in its Note (a statement is
/// bounded anyway).
const ROWS_MAX: usize = 1 << 16;

/// FORMAT=TREE's leaf for a block that returns `rows` rows without reading a table.
pub(super) fn fetched_label(rows: u64) -> String {
    format!("Rows fetched before execution  (cost=0..0 rows={rows})")
}

impl Explainer<'_> {
    /// [`Explainer::explain_block`] of a VALUES statement.
    pub(super) fn explain_values(
        &mut self,
        v: &Values,
        q: &Query,
        sql: &str,
        current: Option<&str>,
        cx: &mut dyn EvalContext,
        blocks: &mut Blocks,
    ) -> Result<Block> {
        let first = checked_rows(v)?;
        // The SELECT of the first row names the columns as MySQL names a VALUES column.
        let template = match crate::sql::parse("SELECT 1")? {
            crate::sql::Statement::Select(t) => t,
            _ => return Err(MySqlError::unknown("no SELECT template")),
        };
        let SetExpr::Select(mut sel) = *template.body else {
            return Err(MySqlError::unknown("no SELECT template"));
        };
        sel.projection = first
            .iter()
            .enumerate()
            .map(|(j, e)| SelectItem::ExprWithAlias {
                expr: e.clone(),
                alias: Ident::new(format!("column_{j}")),
            })
            .collect();
        let as_select = Query { body: Box::new(SetExpr::Select(sel)), with: None, ..q.clone() };
        let mut block = self.explain_block(&as_select, sql, current, cx, blocks)?;
        let rows = v.rows.len() as u64;
        block.estimate = rows;
        if let Some(tree) = block.tree.as_mut() {
            if tree.children.is_empty() && tree.label.starts_with("Rows fetched before execution") {
                tree.label = fetched_label(rows);
            }
        }
        let none = Correlation::default();
        let render = Render { sources: &[], catalog: self.catalog, correlation: &none };
        block.note = note_text(v, &render);
        Ok(block)
    }
}

/// The first row of a VALUES statement, after MySQL's checks: every row written with ROW,
/// none empty, all as long as the first (ERROR 1136 naming the first that is not).
fn checked_rows(v: &Values) -> Result<&[Expr]> {
    let Some(first) = v.rows.first() else { return Err(MySqlError::syntax(&v.to_string(), 1)) };
    if !v.explicit_row || first.content.is_empty() {
        let text = v.to_string();
        let near = text.split_once(char::is_whitespace).map_or(text.as_str(), |(_, rest)| rest);
        return Err(MySqlError::syntax(near, 1));
    }
    if v.rows.len() > ROWS_MAX {
        return Err(MySqlError::not_supported_yet("EXPLAIN of a VALUES statement this long"));
    }
    if let Some(at) = v.rows.iter().position(|r| r.content.len() != first.content.len()) {
        return Err(MySqlError::value_count_mismatch(at as u64 + 1));
    }
    Ok(&first.content)
}

/// `values row(1,2),row(3,4)`: each value as the Note writes an expression.
fn note_text(v: &Values, render: &Render) -> String {
    let rows: Vec<String> = v
        .rows
        .iter()
        .map(|r| {
            let items: Vec<String> = r.content.iter().map(|e| render.expr(e)).collect();
            format!("row({})", items.join(","))
        })
        .collect();
    format!("values {}", rows.join(","))
}
