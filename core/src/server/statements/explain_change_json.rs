//! EXPLAIN FORMAT=JSON of a row change (UPDATE, DELETE, INSERT, REPLACE), built from what
//! the traditional EXPLAIN of the change computes (`explain_change.rs`) and the planner's
//! document of the SELECT that finds its rows, as MySQL 8.4 writes them
//! (opt_explain_json.cc: a table's first member names the change, `"update": true`,
//! `"delete": true`, `"insert": true`, `"replace": true`):
//!
//! - a single-table UPDATE or DELETE, planned by the range optimizer alone, writes one table
//!   with its access, key, `rows_examined_per_scan`, `"filtered": "100.00"` and the whole
//!   WHERE as `attached_condition`: no cost, no `rows_produced_per_join`, no columns
//!   (mysql-test r/explain_json_none.result's single-table forms; a published 8.0 document
//!   `{"delete": true, "table_name": ..., "access_type": "ALL", "rows_examined_per_scan":
//!   22, "filtered": "100.00", "attached_condition": ...}`);
//! - a multi-table UPDATE or DELETE is the join's document, its changed tables marked;
//! - INSERT ... VALUES writes the table alone (`{"insert": true, "table_name": "t1",
//!   "access_type": "ALL"}`, r/explain_json_none.result); INSERT ... SELECT writes the
//!   query's cost, the table written, then the query's plan under `insert_from`
//!   (opt_explain_json.cc `join_ctx::format_body`).
//!
//! A single-table change with ORDER BY writes its table inside `"ordering_operation":
//! {"using_filesort": ...}`, whether it sorts or reads in key order (opt_explain.cc
//! `Explain_table::shallow_explain`).
//!
//! As for the traditional EXPLAIN of a change, no Note 1003 is added (UNCONFIRMED, see
//! `explain_change.rs`). Not written yet (1235): a change whose WHERE finds nothing while
//! optimizing, subqueries, and INSERT ... SELECT of a set operation or of no table.

use super::explain_change::{multi_delete_select, multi_update_select, select_text};
use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::parser::Statement;
use crate::sql::planner::explain::json::Json;
use crate::sql::{Response, Value};
use sqlparser::ast::{FromTable, SetExpr, Statement as S, TableObject};

/// A JSON object's members, in order.
type Members = Vec<(&'static str, Json)>;

impl Server {
    /// EXPLAIN FORMAT=JSON of a row change: its document, and no warning.
    pub(crate) fn explain_change_json(
        &mut self,
        session: &mut Session,
        change: &S,
        work: &mut Work,
    ) -> Result<Response> {
        let doc = match change {
            S::Update(up) if super::multi_table::is_multi_update(up) => {
                let (select, targets) = multi_update_select(up);
                self.join_change_json(session, &select, "update", &targets)?
            }
            S::Update(up) => {
                let from = std::slice::from_ref(&up.table);
                let select =
                    select_text(from, up.selection.as_ref(), &up.order_by, up.limit.as_ref());
                let ordered = !up.order_by.is_empty();
                let single = Single { select: &select, kind: "update", ordered };
                single.document(self, session, work)?
            }
            S::Delete(del) if super::multi_table::is_multi_delete(del) => {
                let (select, names) = multi_delete_select(del);
                self.join_change_json(session, &select, "delete", &names)?
            }
            S::Delete(del) => {
                let from = match &del.from {
                    FromTable::WithFromKeyword(f) | FromTable::WithoutKeyword(f) => f,
                };
                let select =
                    select_text(from, del.selection.as_ref(), &del.order_by, del.limit.as_ref());
                let ordered = !del.order_by.is_empty();
                let single = Single { select: &select, kind: "delete", ordered };
                single.document(self, session, work)?
            }
            S::Insert(ins) => self.insert_json(session, ins)?,
            _ => {
                return Err(MySqlError::not_supported_yet("EXPLAIN FORMAT=JSON of this statement"))
            }
        };
        work.rows += 1;
        Ok(explain_text(doc.pretty()))
    }

    /// The planner's document of the SELECT text `select` (one block) and its whole WHERE.
    fn select_json(
        &mut self,
        session: &mut Session,
        select: &str,
    ) -> Result<(Members, Option<String>)> {
        let Statement::Select(q) = crate::sql::parser::parse(select)? else {
            return Err(MySqlError::not_supported_yet("EXPLAIN FORMAT=JSON of this statement"));
        };
        if !matches!(q.body.as_ref(), SetExpr::Select(_)) || Self::has_select_subqueries(&q) {
            return Err(MySqlError::not_supported_yet(
                "EXPLAIN FORMAT=JSON of a row change with subqueries or set operations",
            ));
        }
        let (body, _note) = self.with_explainer(session, false, |explainer, cx, current| {
            explainer.json_block(&q, select, current, cx)
        })?;
        Ok((body.fields, body.condition))
    }

    /// A multi-table UPDATE or DELETE: the join's document, the changed tables marked.
    fn join_change_json(
        &mut self,
        session: &mut Session,
        select: &str,
        kind: &'static str,
        targets: &[String],
    ) -> Result<Json> {
        let (fields, _) = self.select_json(session, select)?;
        let mut block = vec![("select_id", Json::UInt(1))];
        block.extend(fields);
        let mut block = Json::Object(block);
        mark_changed(&mut block, kind, targets);
        Ok(Json::Object(vec![("query_block", block)]))
    }

    /// INSERT or REPLACE: the table written, after the query's plan for INSERT ... SELECT.
    fn insert_json(&mut self, session: &mut Session, ins: &sqlparser::ast::Insert) -> Result<Json> {
        let TableObject::TableName(name) = &ins.table else {
            return Err(MySqlError::not_supported_yet("EXPLAIN FORMAT=JSON of this INSERT"));
        };
        let (db, table) = crate::server::statements::table_name(session, name)?;
        if self.catalog.table(&db, &table).is_none() {
            return Err(MySqlError::no_such_table(&db, &table));
        }
        let kind = if ins.replace_into { "replace" } else { "insert" };
        let written = Json::Object(vec![
            (kind, Json::Bool(true)),
            ("table_name", Json::Str(table)),
            ("access_type", Json::Str("ALL".into())),
        ]);
        let query = ins.source.as_ref().filter(|q| !matches!(q.body.as_ref(), SetExpr::Values(_)));
        let mut block = vec![("select_id", Json::UInt(1))];
        match query {
            None => block.push(("table", written)),
            Some(q) => {
                let (fields, _) = self.select_json(session, &q.to_string())?;
                let mut fields = fields.into_iter();
                let Some(cost @ ("cost_info", _)) = fields.next() else {
                    return Err(MySqlError::not_supported_yet(
                        "EXPLAIN FORMAT=JSON of INSERT ... SELECT without a table",
                    ));
                };
                block.push(cost);
                block.push(("table", written));
                block.push(("insert_from", Json::Object(fields.collect())));
            }
        }
        Ok(Json::Object(vec![("query_block", Json::Object(block))]))
    }
}

/// A single-table UPDATE or DELETE, read through the SELECT text `select`.
struct Single<'a> {
    select: &'a str,
    kind: &'static str,
    /// The change has an ORDER BY (its table is written inside `ordering_operation`).
    ordered: bool,
}

impl Single<'_> {
    /// The change's document: its traditional row (the range optimizer's access) written as
    /// the table object MySQL writes for it.
    fn document(
        &self,
        server: &mut Server,
        session: &mut Session,
        work: &mut Work,
    ) -> Result<Json> {
        // The query's document first: it refuses subqueries with their own message.
        let (select_fields, condition) = server.select_json(session, self.select)?;
        let Response::Rows(rs) =
            server.explain_single(session, self.select, "UPDATE", true, work)?
        else {
            return Err(MySqlError::unknown("EXPLAIN gave no rows"));
        };
        let [row] = rs.rows.as_slice() else {
            return Err(MySqlError::not_supported_yet("EXPLAIN FORMAT=JSON of this row change"));
        };
        let text = |i: usize| row.get(i).and_then(Value::to_text);
        let (Some(table), Some(access)) = (text(2), text(4)) else {
            return Err(MySqlError::not_supported_yet(
                "EXPLAIN FORMAT=JSON of a row change whose WHERE finds no row",
            ));
        };
        let sorts = text(11).is_some_and(|e| e.contains("Using filesort"));
        let select_block = Json::Object(select_fields);
        let strings = |s: String| Json::Array(s.split(',').map(|p| Json::Str(p.into())).collect());
        let mut t = vec![(self.kind, Json::Bool(true)), ("table_name", Json::Str(table))];
        // A partitioned table's partitions, after its name (as for a SELECT's table).
        if let Some(p) = text(3) {
            t.push(("partitions", strings(p)));
        }
        t.push(("access_type", Json::Str(access)));
        if let Some(p) = text(5) {
            t.push(("possible_keys", strings(p)));
        }
        if let Some(k) = text(6) {
            t.push(("key", Json::Str(k)));
            if let Some(parts) = select_block.member("used_key_parts") {
                t.push(("used_key_parts", parts.clone()));
            }
        }
        if let Some(l) = text(7) {
            t.push(("key_length", Json::Str(l)));
        }
        if let Some(r) = text(8) {
            t.push(("ref", strings(r)));
        }
        if let Some(Value::UInt(n)) = row.get(9) {
            t.push(("rows_examined_per_scan", Json::UInt(*n)));
        }
        t.push(("filtered", Json::Str("100.00".into())));
        if let Some(c) = condition {
            t.push(("attached_condition", Json::Str(c)));
        }
        // With an ORDER BY, MySQL writes the table inside an ordering operation that says
        // whether it sorts, sorting or not (opt_explain.cc `Explain_table::shallow_explain`
        // opens CTX_ORDER_BY whenever the statement has an order list; its object carries
        // `using_filesort` and no cost of its own for a single-table change).
        let table = ("table", Json::Object(t));
        let inner = if self.ordered {
            let sort = vec![("using_filesort", Json::Bool(sorts)), table];
            ("ordering_operation", Json::Object(sort))
        } else {
            table
        };
        let block = Json::Object(vec![("select_id", Json::UInt(1)), inner]);
        Ok(Json::Object(vec![("query_block", block)]))
    }
}

/// Marks the tables named in `targets` as changed (`"update": true` first in the table).
fn mark_changed(doc: &mut Json, kind: &'static str, targets: &[String]) {
    match doc {
        Json::Object(fields) => {
            let named = fields.iter().any(|(k, v)| {
                *k == "table_name"
                    && matches!(v, Json::Str(n) if targets.iter().any(|t| t.eq_ignore_ascii_case(n)))
            });
            if named {
                fields.insert(0, (kind, Json::Bool(true)));
            }
            for (_, v) in fields.iter_mut() {
                mark_changed(v, kind, targets);
            }
        }
        Json::Array(items) => items.iter_mut().for_each(|v| mark_changed(v, kind, targets)),
        _ => {}
    }
}

fn explain_text(text: String) -> Response {
    let column = crate::sql::Column { name: "EXPLAIN".into(), numeric: false, nullable: false };
    Response::Rows(crate::sql::ResultSet {
        columns: vec![column],
        rows: vec![vec![Value::Str(text)]],
        unshown: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_named_tables_are_marked() {
        let table = |n: &str| Json::Object(vec![("table_name", Json::Str(n.into()))]);
        let mut doc = Json::Object(vec![(
            "nested_loop",
            Json::Array(vec![
                Json::Object(vec![("table", table("o"))]),
                Json::Object(vec![("table", table("c"))]),
            ]),
        )]);
        mark_changed(&mut doc, "update", &["O".to_string()]);
        let text = doc.pretty();
        assert!(text.contains("\"update\": true,\n        \"table_name\": \"o\""), "{text}");
        assert_eq!(text.matches("\"update\"").count(), 1);
    }
}
