//! EXPLAIN of a row change (`EXPLAIN UPDATE | DELETE | INSERT | REPLACE`, MySQL 5.6's
//! WL#4897): the plan of the SELECT that finds the rows, as the statement reads them, with the
//! changed tables named by the statement's type in `select_type` (MySQL 8.0+ shows `UPDATE`,
//! `DELETE`, `INSERT` or `REPLACE` there for the tables a statement changes).
//!
//! A single-table UPDATE or DELETE is planned by MySQL's range optimizer alone, not the join
//! optimizer (`Sql_cmd_update::update_single_table`, `test_quick_select`): no `const` or `ref`
//! access, an equality on an index is a one-value `range` (its `ref` shows `const`), and no
//! condition filtering (`filtered` is 100.00). That is how this engine's single-table UPDATE
//! and DELETE read too (`dml.rs`: the access path's lookup or range, else a scan). A
//! multi-table one runs the ordinary join (`multi_table.rs`), so its rows are the SELECT's.
//!
//! The Note 1003 of EXPLAIN SELECT is not given: the manual's "Extended EXPLAIN Output Format"
//! says SHOW WARNINGS is empty after EXPLAIN of DELETE, INSERT, REPLACE and UPDATE.
//! UNCONFIRMED: servers since 8.0.12 may print a rewritten statement there; we follow the page.

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::statements::table_name;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::parser::Statement;
use crate::sql::{Response, Value};
use sqlparser::ast::{Expr, FromTable, OrderByExpr, Statement as S, TableObject, TableWithJoins};

/// Where the columns of an EXPLAIN row are (see `explain_columns`).
const SELECT_TYPE: usize = 1;
const TABLE: usize = 2;
const ACCESS: usize = 4;
const REF: usize = 8;
const FILTERED: usize = 10;
const EXTRA: usize = 11;

impl Server {
    /// EXPLAIN of a row change: its plan, and no warning.
    pub(crate) fn explain_change(
        &mut self,
        session: &mut Session,
        change: &S,
        work: &mut Work,
    ) -> Result<Response> {
        match change {
            S::Update(up) if super::multi_table::is_multi_update(up) => {
                let (select, targets) = multi_update_select(up);
                self.explain_join(session, &select, "UPDATE", &targets, work)
            }
            S::Update(up) => {
                let select = select_text(
                    std::slice::from_ref(&up.table),
                    up.selection.as_ref(),
                    &up.order_by,
                    up.limit.as_ref(),
                );
                self.explain_single(session, &select, "UPDATE", up.selection.is_some(), work)
            }
            S::Delete(del) if super::multi_table::is_multi_delete(del) => {
                let (select, names) = multi_delete_select(del);
                self.explain_join(session, &select, "DELETE", &names, work)
            }
            S::Delete(del) => {
                let from = match &del.from {
                    FromTable::WithFromKeyword(f) | FromTable::WithoutKeyword(f) => f,
                };
                let select =
                    select_text(from, del.selection.as_ref(), &del.order_by, del.limit.as_ref());
                self.explain_single(session, &select, "DELETE", del.selection.is_some(), work)
            }
            S::Insert(ins) => self.explain_insert(session, ins, work),
            _ => Err(MySqlError::not_supported_yet("EXPLAIN of this statement")),
        }
    }

    /// A single-table UPDATE or DELETE: the SELECT's plan, as the range optimizer gives it.
    pub(super) fn explain_single(
        &mut self,
        session: &mut Session,
        select: &str,
        kind: &str,
        has_where: bool,
        work: &mut Work,
    ) -> Result<Response> {
        let mut response = self.explain_select(session, select, work)?;
        if let Response::Rows(rs) = &mut response {
            for row in &mut rs.rows {
                row[SELECT_TYPE] = Value::Str(kind.into());
                let access = row[ACCESS].to_text().unwrap_or_default();
                if matches!(access.as_str(), "const" | "eq_ref" | "ref") {
                    row[ACCESS] = Value::Str("range".into());
                    row[REF] = Value::Str("const".into());
                }
                if !row[FILTERED].is_null() {
                    row[FILTERED] = Value::Str("100.00".into());
                }
                // The change reads whole rows: no covering index; the condition is checked
                // on each row read ("Using where"); a sort stays a sort.
                let extra = row[EXTRA].to_text().unwrap_or_default();
                let mut parts = Vec::new();
                if has_where {
                    parts.push("Using where");
                }
                if extra.contains("Using filesort") {
                    parts.push("Using filesort");
                }
                row[EXTRA] =
                    if parts.is_empty() { Value::Null } else { Value::Str(parts.join("; ")) };
            }
        }
        Ok(response)
    }

    /// A multi-table UPDATE or DELETE: the join's plan, the changed tables named `kind`.
    fn explain_join(
        &mut self,
        session: &mut Session,
        select: &str,
        kind: &str,
        targets: &[String],
        work: &mut Work,
    ) -> Result<Response> {
        let mut response = self.explain_select(session, select, work)?;
        if let Response::Rows(rs) = &mut response {
            for row in &mut rs.rows {
                let table = row[TABLE].to_text().unwrap_or_default();
                if targets.iter().any(|t| t.eq_ignore_ascii_case(&table)) {
                    row[SELECT_TYPE] = Value::Str(kind.into());
                }
            }
        }
        Ok(response)
    }

    /// INSERT and REPLACE: a row for the table written (no access of its own to show), then
    /// the plan of an INSERT ... SELECT's query.
    fn explain_insert(
        &mut self,
        session: &mut Session,
        ins: &sqlparser::ast::Insert,
        work: &mut Work,
    ) -> Result<Response> {
        let TableObject::TableName(name) = &ins.table else {
            return Err(MySqlError::not_supported_yet("EXPLAIN of this INSERT"));
        };
        let (db, table) = table_name(session, name)?;
        if self.catalog.table(&db, &table).is_none() {
            return Err(MySqlError::no_such_table(&db, &table));
        }
        let kind = if ins.replace_into { "REPLACE" } else { "INSERT" };
        let written = vec![
            Value::UInt(1),
            Value::Str(kind.into()),
            Value::Str(table),
            Value::Null,
            Value::Str("ALL".into()),
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
        ];
        let query = ins
            .source
            .as_ref()
            .filter(|q| !matches!(q.body.as_ref(), sqlparser::ast::SetExpr::Values(_)));
        let mut rows = vec![written];
        if let Some(q) = query {
            if let Response::Rows(rs) = self.explain_select(session, &q.to_string(), work)? {
                rows.extend(rs.rows);
            }
        }
        Ok(Response::Rows(crate::sql::ResultSet {
            columns: crate::sql::planner::explain::explain_columns(),
            rows,
            unshown: 0,
        }))
    }

    /// EXPLAIN of the SELECT text `select`, without its Note 1003.
    pub(super) fn explain_select(
        &mut self,
        session: &mut Session,
        select: &str,
        work: &mut Work,
    ) -> Result<Response> {
        let Statement::Select(q) = crate::sql::parser::parse(select)? else {
            return Err(MySqlError::not_supported_yet("EXPLAIN of this statement"));
        };
        let response = self.explain(session, &q, select, work)?;
        if session.pending_warnings.last().is_some_and(|w| w.code == 1003) {
            session.pending_warnings.pop();
        }
        Ok(response)
    }
}

/// A multi-table DELETE as the SELECT its plan is, and the tables it deletes from.
pub(super) fn multi_delete_select(del: &sqlparser::ast::Delete) -> (String, Vec<String>) {
    let listed = match &del.from {
        FromTable::WithFromKeyword(f) | FromTable::WithoutKeyword(f) => f,
    };
    let (names, from): (Vec<String>, &[TableWithJoins]) = match &del.using {
        None => (del.tables.iter().map(last_part).collect(), listed),
        Some(using) => (listed.iter().map(|t| t.relation.to_string()).collect(), using),
    };
    let names = names.iter().map(|n| n.rsplit('.').next().unwrap_or(n).replace('`', "")).collect();
    (select_text(from, del.selection.as_ref(), &[], None), names)
}

/// A multi-table UPDATE as the SELECT its plan is, and the tables whose columns it sets (as
/// `t.col = ...` names them).
pub(super) fn multi_update_select(up: &sqlparser::ast::Update) -> (String, Vec<String>) {
    let mut from = vec![up.table.clone()];
    if let Some(sqlparser::ast::UpdateTableFromKind::BeforeSet(more)) = &up.from {
        from.extend(more.iter().cloned());
    }
    let targets = up
        .assignments
        .iter()
        .filter_map(|a| match &a.target {
            sqlparser::ast::AssignmentTarget::ColumnName(n) if n.0.len() >= 2 => {
                Some(n.0[n.0.len() - 2].to_string().trim_matches('`').to_string())
            }
            _ => None,
        })
        .collect();
    (select_text(&from, up.selection.as_ref(), &[], None), targets)
}

/// `SELECT * FROM <from> [WHERE ...] [ORDER BY ...] [LIMIT n]`: the rows a change reads.
pub(super) fn select_text(
    from: &[TableWithJoins],
    selection: Option<&Expr>,
    order_by: &[OrderByExpr],
    limit: Option<&Expr>,
) -> String {
    let from: Vec<String> = from.iter().map(|f| f.to_string()).collect();
    let mut sql = format!("SELECT * FROM {}", from.join(", "));
    if let Some(w) = selection {
        sql.push_str(&format!(" WHERE {w}"));
    }
    if !order_by.is_empty() {
        let keys: Vec<String> = order_by.iter().map(|o| o.to_string()).collect();
        sql.push_str(&format!(" ORDER BY {}", keys.join(", ")));
    }
    if let Some(n) = limit {
        sql.push_str(&format!(" LIMIT {n}"));
    }
    sql
}

fn last_part(name: &sqlparser::ast::ObjectName) -> String {
    name.0.last().map(|p| p.to_string().trim_matches('`').to_string()).unwrap_or_default()
}
