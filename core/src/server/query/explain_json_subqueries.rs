//! EXPLAIN FORMAT=JSON of a SELECT with subqueries in its select list, WHERE or HAVING: the
//! outer block's document (planned with the uncorrelated subqueries' results in place, as
//! the executor and the traditional EXPLAIN plan it, `explain_subquery.rs`), then each
//! subquery's block, numbered after the outer block's own blocks as the traditional
//! EXPLAIN numbers its SUBQUERY rows: the select list's in `select_list_subqueries`,
//! HAVING's in `having_subqueries`, WHERE's in the `attached_subqueries` of the table whose
//! condition calls them (`explain_json_where.rs`). An uncorrelated one is
//! `"dependent": false, "cacheable": true`, a correlated one the reverse.
//!
//! Where MySQL writes the block's lists (opt_explain_json.cc, `join_ctx::add_subquery`): at
//! the end of the `query_block`, or, when the block sorts, groups or de-duplicates a join
//! (a sort of its own, not the "simple" sort of one table) or computes windows, at the end
//! of the innermost such operation's object.
//!
//! Not written yet (1235): subqueries that have blocks of their own (derived tables,
//! subqueries, set operations) and a correlated subquery inside another.

use super::explain_json_where::{
    attach_where_subquery, replace_in_strings, where_subquery_refs, WhereCall,
};
use super::explain_subquery::{collect_subqueries, outer_names, resolved_notes, select_marks};
use crate::error::{MySqlError, Result, Warning};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::select::SubqueryKind;
use crate::sql::execution::Work;
use crate::sql::planner::explain::dependent::{placeholder, renumber};
use crate::sql::planner::explain::json::Json;
use sqlparser::ast::{Query, SelectItem, SetExpr};

/// Most subqueries one document writes.
const SUBQUERIES_MAX: usize = 64;

/// The operations a block's select list and HAVING subqueries may be listed in.
const OPERATIONS: [&str; 4] =
    ["ordering_operation", "grouping_operation", "duplicates_removal", "windowing"];

impl Server {
    /// The document and Note 1003 text of a SELECT with subqueries (the module comment).
    pub(super) fn subquery_json(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<(Json, String)> {
        let refuse = |what: &str| {
            Err(MySqlError::not_supported_yet(&format!("EXPLAIN FORMAT=JSON of {what}")))
        };
        let SetExpr::Select(sel) = q.body.as_ref() else { return refuse("subqueries") };
        let mut sel = (**sel).clone();
        if q.with.is_some() {
            return refuse("subqueries under a WITH clause");
        }
        // The subqueries in the order the executor runs and numbers them: the select
        // list's, then WHERE's, then HAVING's.
        let mut subqueries = Vec::new();
        for item in sel.projection.iter_mut() {
            if let SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } = item {
                collect_subqueries(e, &mut subqueries);
            }
        }
        let in_list = subqueries.len();
        let mut where_refs = Vec::new();
        if let Some(w) = sel.selection.as_mut() {
            where_refs = where_subquery_refs(w);
            collect_subqueries(w, &mut subqueries);
        }
        let in_where = subqueries.len() - in_list;
        if let Some(h) = sel.having.as_mut() {
            collect_subqueries(h, &mut subqueries);
        }
        if subqueries.len() > SUBQUERIES_MAX {
            return refuse("more than 64 subqueries");
        }
        if where_refs.len() != in_where {
            return refuse("this WHERE clause's subqueries");
        }
        if subqueries.iter().any(|sub| {
            !matches!(sub.body.as_ref(), SetExpr::Select(_))
                || sub.with.is_some()
                || Self::has_select_subqueries(sub)
        }) {
            return refuse("subqueries with blocks of their own");
        }
        let where_subquery = super::subquery::where_has_subquery(&sel);
        let subquery_parts =
            if where_subquery { super::subquery::subquery_conjuncts(&sel) } else { Vec::new() };
        let correlated = self.resolve_select_subqueries(session, &mut sel, sql, work, 0)?;
        // A correlated subquery is prepared as the executor prepares it (`explain_subquery.rs`
        // `explain_correlated`): the outer block calls it per row, and its own block is planned
        // with the outer columns it reads as values known per call.
        let mut prepared = Vec::new();
        let mut sources = Vec::new();
        let mut calls = Vec::new();
        if correlated {
            if !super::is_dual(&sel.from) {
                for twj in sel.from.clone().iter() {
                    self.add_sources(session, sql, twj, &mut sources, work, 0)?;
                }
            }
            prepared = self.prepare_correlated(session, &mut sel, &sources, sql, work, 0)?;
            if prepared.iter().any(|s| !s.nested.is_empty()) {
                return refuse("a correlated subquery inside another subquery");
            }
            calls = select_marks(&sel);
        }
        let kinds: Vec<SubqueryKind> = prepared.iter().map(|s| s.kind).collect();
        let mut outer_q = q.clone();
        *outer_q.body = SetExpr::Select(Box::new(sel));
        let (mut block, mut note) =
            self.with_explainer(session, false, |explainer, cx, current| {
                explainer.correlation.kinds = kinds;
                explainer.subquery_conjuncts = subquery_parts;
                explainer.json_query_block(&outer_q, sql, current, cx, 1)
            })?;
        let first = max_select_id(&block) + 1;
        let mut listed = Vec::new();
        let mut where_listed = Vec::new();
        let mut having_listed = Vec::new();
        let mut numbered = Vec::new();
        let mut resolved = Vec::new();
        let mut prepared = prepared.iter().enumerate().peekable();
        for (position, (next, sub)) in (first..).zip(subqueries.iter()).enumerate() {
            let text = sub.to_string();
            let (sub_block, mark) = match prepared.next_if(|(_, p)| p.sql == text) {
                Some((id, p)) => {
                    let names = outer_names(&calls, id, p.kind, &sources);
                    resolved_notes(&names, u64::from(next), &mut resolved);
                    let mut query = p.query.clone();
                    query.limit_clause = sub.limit_clause.clone();
                    let (sub_block, sub_note) =
                        self.with_explainer(session, false, |explainer, cx, current| {
                            explainer.correlation.outer = names;
                            explainer.correlation.own = Some(p.kind);
                            explainer.json_query_block(&query, sql, current, cx, next)
                        })?;
                    let mark = placeholder(id as u32);
                    let rendered = renumber(&sub_note, u64::from(next));
                    note = note.replace(&mark, &rendered);
                    numbered.push((mark.clone(), rendered));
                    (sub_block, Some(mark))
                }
                None => {
                    let (sub_block, _) =
                        self.with_explainer(session, false, |explainer, cx, current| {
                            explainer.json_query_block(sub, &text, current, cx, next)
                        })?;
                    (sub_block, None)
                }
            };
            if sub_block.has_key("materialized_from_subquery") {
                return refuse("subqueries with blocks of their own");
            }
            // A dependent subquery runs again for each outer row: not cacheable.
            let dependent = mark.is_some();
            let entry = Json::Object(vec![
                ("dependent", Json::Bool(dependent)),
                ("cacheable", Json::Bool(!dependent)),
                ("query_block", sub_block),
            ]);
            if position < in_list {
                listed.push(entry);
            } else if position < in_list + in_where {
                where_listed.push((entry, mark, position - in_list));
            } else {
                having_listed.push(entry);
            }
        }
        // A WHERE subquery's table is found before the placeholders become the text.
        for (entry, mark, n) in where_listed {
            let call = match &mark {
                Some(m) => WhereCall::Placeholder(m),
                None => WhereCall::Columns(&where_refs[n]),
            };
            attach_where_subquery(&mut block, call, entry);
        }
        for (mark, rendered) in &numbered {
            replace_in_strings(&mut block, mark, rendered);
        }
        for message in resolved {
            session.warn(Warning { level: "Note", code: 1276, message });
        }
        add_unit_subqueries(&mut block, "select_list_subqueries", listed);
        add_unit_subqueries(&mut block, "having_subqueries", having_listed);
        Ok((Json::Object(vec![("query_block", block)]), note))
    }
}

/// The largest `select_id` in a document (1 for a block without blocks of its own).
pub(super) fn max_select_id(doc: &Json) -> u32 {
    match doc {
        Json::Object(fields) => fields
            .iter()
            .map(|(k, v)| match (*k, v) {
                ("select_id", Json::UInt(n)) => u32::try_from(*n).unwrap_or(u32::MAX),
                _ => max_select_id(v),
            })
            .max()
            .unwrap_or(0),
        Json::Array(items) => items.iter().map(max_select_id).max().unwrap_or(0),
        _ => 0,
    }
}

/// Appends a list of the block's own subqueries (`select_list_subqueries`,
/// `having_subqueries`) where MySQL writes it: in the innermost operation that sorts a join
/// or computes windows, else at the end of the query block (`join_ctx::add_subquery`).
pub(super) fn add_unit_subqueries(block: &mut Json, key: &'static str, listed: Vec<Json>) {
    if listed.is_empty() {
        return;
    }
    let entry = (key, Json::Array(listed));
    let path = innermost_operation(block);
    let mut at = block;
    for i in path {
        let Json::Object(fields) = at else { return };
        at = &mut fields[i].1;
    }
    if let Json::Object(fields) = at {
        fields.push(entry);
    }
}

/// The member positions leading from a block to its innermost operation object that sorts
/// a join (it holds a `nested_loop`) or computes windows; empty for a block whose
/// operations are simple (the list stays in the block).
fn innermost_operation(block: &Json) -> Vec<usize> {
    let mut path = Vec::new();
    let mut chosen = Vec::new();
    let mut at = block;
    while let Json::Object(fields) = at {
        let Some(i) = fields.iter().position(|(k, _)| OPERATIONS.contains(k)) else { break };
        path.push(i);
        let (name, inner) = &fields[i];
        if let Json::Object(members) = inner {
            let joins = members.iter().any(|(k, _)| matches!(*k, "nested_loop" | "buffer_result"));
            if *name == "windowing" || joins {
                chosen = path.clone();
            }
        }
        at = inner;
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(fields: Vec<(&'static str, Json)>) -> Json {
        Json::Object(fields)
    }

    #[test]
    fn a_single_tables_sort_keeps_the_list_in_the_block() {
        let mut block = object(vec![
            ("select_id", Json::UInt(1)),
            ("ordering_operation", object(vec![("table", object(vec![]))])),
        ]);
        add_unit_subqueries(&mut block, "select_list_subqueries", vec![Json::UInt(2)]);
        let Json::Object(fields) = &block else { panic!() };
        assert_eq!(fields.last().map(|(k, _)| *k), Some("select_list_subqueries"));
    }

    #[test]
    fn a_joins_grouping_takes_the_list() {
        let mut block = object(vec![
            ("select_id", Json::UInt(1)),
            (
                "ordering_operation",
                object(vec![(
                    "grouping_operation",
                    object(vec![("nested_loop", Json::Array(vec![]))]),
                )]),
            ),
        ]);
        add_unit_subqueries(&mut block, "select_list_subqueries", vec![Json::UInt(2)]);
        let text = block.pretty();
        assert!(text.contains("\"nested_loop\": [],\n      \"select_list_subqueries\""), "{text}");
        assert_eq!(max_select_id(&block), 1);
    }
}
