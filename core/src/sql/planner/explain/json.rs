//! EXPLAIN FORMAT=JSON of one query block: the plan rows the traditional EXPLAIN computed
//! (`mod.rs` `plan`), written as MySQL's JSON document (`explain_json_format_version` 1, the
//! default): a `query_block` with the plan's cost, the sort, de-duplication and grouping
//! operations around the tables (`ordering_operation`, `duplicates_removal`,
//! `grouping_operation`), and per table its access, the optimizer's row estimates, its cost
//! split into reading and evaluating rows, the columns it reads and its attached condition.
//!
//! The costs are the ones FORMAT=TREE prints (the access-path cost model): a table's
//! `prefix_cost` is the cost of the join up to and including it, `eval_cost` the
//! evaluation of the rows it produces (0.1 each), and `read_cost` the rest of its accesses'
//! cost. Keys appear in the order MySQL's `opt_explain_json.cc` writes them.

use super::estimates::record_buffer_length;
use super::tree::Names;
use super::tree_plan::BlockFacts;
use super::{Bound, Kind, PlanRow, Source};
use crate::error::{MySqlError, Result};
use crate::sql::execution::select::SubqueryKind;
use crate::sql::planner::access_path::ROW_EVALUATE_COST;
use crate::storage::catalog::Catalog;
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

/// AND-ed conditions as one condition text: `(a and b)`, or the one alone.
fn conjunction(parts: &[crate::sql::bind::BExpr], names: &Names) -> String {
    let texts: Vec<String> = parts.iter().map(|e| names.expr(e)).collect();
    match texts.as_slice() {
        [one] => one.clone(),
        many => format!("({})", many.join(" and ")),
    }
}

/// A JSON value whose object keys keep the order they were added in (MySQL's order).
#[derive(Clone, Debug)]
pub enum Json {
    Object(Vec<(&'static str, Json)>),
    Array(Vec<Json>),
    Str(String),
    UInt(u64),
    Bool(bool),
}

impl Serialize for Json {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Json::Object(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (k, v) in fields {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for v in items {
                    seq.serialize_element(v)?;
                }
                seq.end()
            }
            Json::Str(v) => s.serialize_str(v),
            Json::UInt(v) => s.serialize_u64(*v),
            Json::Bool(v) => s.serialize_bool(*v),
        }
    }
}

impl Json {
    /// The document as MySQL prints it: two spaces of indentation, one value per line.
    pub fn pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The first member named `key` anywhere in the document, depth first.
    pub fn member(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => {
                fields.iter().find_map(|(k, v)| if *k == key { Some(v) } else { v.member(key) })
            }
            Json::Array(items) => items.iter().find_map(|v| v.member(key)),
            _ => None,
        }
    }

    /// Whether an object anywhere in the document has a member named `key`.
    pub fn has_key(&self, key: &str) -> bool {
        match self {
            Json::Object(fields) => fields.iter().any(|(k, v)| *k == key || v.has_key(key)),
            Json::Array(items) => items.iter().any(|v| v.has_key(key)),
            _ => false,
        }
    }

    fn strings(list: impl IntoIterator<Item = String>) -> Json {
        Json::Array(list.into_iter().map(Json::Str).collect())
    }
}

/// A cost as MySQL prints it (`print_cost`): two decimals.
fn cost(v: f64) -> Json {
    if v < 1e14 {
        Json::Str(format!("{:.2}", v.max(0.0)))
    } else {
        Json::Str(format!("{v:e}"))
    }
}

/// Bytes as MySQL's `human_readable_num_bytes` prints them: divided by 1024 while above
/// 1024, then truncated, with K, M, G, ... after it.
pub(super) fn human_bytes(mut v: f64) -> String {
    const UNITS: [&str; 9] = ["", "K", "M", "G", "T", "P", "E", "Z", "Y"];
    let mut i = 0;
    while v > 1024.0 && i < UNITS.len() - 1 {
        v /= 1024.0;
        i += 1;
    }
    format!("{}{}", v.max(0.0) as u64, UNITS[i])
}

/// What the block's plan adds to its `query_block`: the operation wrappers and tables.
pub struct BlockJson {
    /// `query_block`'s members after `select_id`.
    pub fields: Vec<(&'static str, Json)>,
    /// The plan's cost (`query_cost`; 0 for a plan that reads no table).
    pub query_cost: f64,
    /// The whole WHERE condition as `attached_condition` writes one (a single-table row
    /// change checks all of it on every row it reads).
    pub condition: Option<String>,
}

/// The `query_block` members of one block (`select_id` is added by the caller).
#[allow(clippy::too_many_arguments)]
pub(super) fn block(
    plan: &[PlanRow],
    facts: &BlockFacts,
    sources: &[Source],
    bound: &Bound,
    catalog: &Catalog,
    named_windows: bool,
    outer: &[String],
    calls: &[SubqueryKind],
) -> Result<BlockJson> {
    let window = if facts.windowing {
        Some(super::json_window::window_object(bound, sources, named_windows)?)
    } else {
        None
    };
    if let Some(m) = facts.message {
        let fields = vec![("message", Json::Str(m.to_string()))];
        return Ok(BlockJson { fields, query_cost: 0.0, condition: None });
    }
    let written = |s: &Source| matches!(s.kind, Kind::Stored | Kind::Derived { .. });
    if let Some(s) = sources.iter().find(|s| !written(s)) {
        let what = match s.kind {
            Kind::View => "views",
            Kind::TableFunction { .. } => "JSON_TABLE",
            _ => "performance_schema and information_schema tables",
        };
        return Err(MySqlError::not_supported_yet(&format!("EXPLAIN FORMAT=JSON of {what}")));
    }
    // Every column as the attached conditions name it: `db`.`alias`.`column`.
    let mut names = Vec::new();
    for s in sources {
        // A materialised block's columns belong to no database: `alias`.`column`.
        names.extend(s.columns.iter().map(|c| match s.db.as_str() {
            "" => format!("`{}`.`{c}`", s.alias),
            db => format!("`{db}`.`{}`.`{c}`", s.alias),
        }));
    }
    // A dependent subquery's outer references name the outer query's columns.
    let names = Names { columns: &names, outer, calls };
    let condition = bound.filter.as_ref().map(|f| names.expr(f));

    let mut tables = Vec::new();
    let (mut prefix_rows, mut prefix_cost) = (1.0f64, 0.0f64);
    let mut joined = 0;
    for row in plan {
        let (Some(tree), Some(i)) = (&row.tree, row.source) else { continue };
        let s = &sources[i];
        let table = catalog.table(&s.db, &s.table);
        let record = match (table, &s.kind) {
            (Some(t), _) => record_buffer_length(&t.def),
            (None, Kind::Derived { .. }) => temporary_record_length(s.columns.len() as u64),
            (None, _) => 0,
        };
        let mut t: Vec<(&'static str, Json)> = Vec::new();
        // A materialised block's table is named by its alias (`<derivedN>` in the
        // traditional format).
        let name = match s.kind {
            Kind::Derived { .. } => s.alias.clone(),
            _ => row.table.clone().unwrap_or_default(),
        };
        t.push(("table_name", Json::Str(name)));
        // A partitioned table's partitions read, after its name (opt_explain_json.cc's
        // table_base_ctx::format_body), as the traditional format's `partitions` column
        // names them (`p0`, a subpartition `p0_p0sp0`).
        if let Some(p) = &row.partitions {
            t.push(("partitions", Json::strings(p.split(',').map(str::to_string))));
        }
        t.push(("access_type", Json::Str(row.access.unwrap_or("ALL").to_string())));
        if let Some(p) = &row.possible_keys {
            t.push(("possible_keys", Json::strings(p.split(',').map(str::to_string))));
        }
        if let Some(k) = &row.key {
            t.push(("key", Json::Str(k.clone())));
            t.push(("used_key_parts", Json::strings(row.key_parts.iter().cloned())));
        }
        if let Some(l) = &row.key_len {
            t.push(("key_length", Json::Str(l.clone())));
        }
        if let Some(r) = &row.reference {
            t.push(("ref", Json::strings(r.split(',').map(str::to_string))));
        }
        // A const table is read while optimizing: one row, no cost to the join.
        let (examined, produced, read, eval) = if tree.constant {
            (1, 1.0, 0.0, ROW_EVALUATE_COST)
        } else {
            joined += 1;
            // A scan in key order that LIMIT stops early reads only the rows EXPLAIN
            // shows; its cost shrinks with them, as MySQL's plan for the limit does.
            // Simplification: FORMAT=TREE still prints the whole scan's estimate.
            let examined = row.rows.unwrap_or(0) as f64;
            let (rows, total_cost) = if let Kind::Derived { .. } = s.kind {
                (examined, derived_scan_cost(examined, prefix_rows))
            } else if examined < tree.rows {
                (examined, tree.total_cost * examined / tree.rows)
            } else {
                (tree.rows, tree.total_cost)
            };
            let kept = rows * tree.filter;
            let produced =
                if tree.outer { (prefix_rows * kept).max(prefix_rows) } else { prefix_rows * kept };
            let eval = produced * ROW_EVALUATE_COST;
            prefix_rows = produced;
            prefix_cost += total_cost;
            (row.rows.unwrap_or(0), produced, (total_cost - eval).max(0.0), eval)
        };
        t.push(("rows_examined_per_scan", Json::UInt(examined)));
        // MySQL truncates the estimate (`static_cast<ulonglong>`).
        t.push(("rows_produced_per_join", Json::UInt(produced as u64)));
        t.push(("filtered", Json::Str(format!("{:.2}", row.filtered.unwrap_or(100.0)))));
        // The traditional `Rematerialize (<derivedN>)`: the LATERAL derived table after it,
        // by its alias (a published 8.0 plan: `"rematerialize": "t2"` after filtered).
        if row.rematerialize.is_some() {
            if let Some(next) = sources.get(i + 1).filter(|n| n.lateral) {
                t.push(("rematerialize", Json::Str(next.alias.clone())));
            }
        }
        // The pushed index condition, after filtered and before the extras (published 8.0
        // plans: `"filtered": "11.11", "index_condition": "...", "using_MRR": true`).
        if !row.index_condition.is_empty() {
            t.push(("index_condition", Json::Str(conjunction(&row.index_condition, &names))));
        }
        for extra in &row.extra {
            match *extra {
                "Using index" => t.push(("using_index", Json::Bool(true))),
                "Using index for group-by" => {
                    t.push(("using_index_for_group_by", Json::Bool(true)))
                }
                // MySQL's JSON names the variant in place of true.
                "Using index for group-by (scanning)" => {
                    t.push(("using_index_for_group_by", Json::Str("scanning".into())))
                }
                // After filtered, before using_index, as the traditional Extra lists them
                // (published 8.0 plans: `"filtered": "2.16", "backward_index_scan": true`).
                "Backward index scan" => t.push(("backward_index_scan", Json::Bool(true))),
                "Using join buffer (hash join)" => {
                    t.push(("using_join_buffer", Json::Str("hash join".into())))
                }
                // Using where is the attached condition below; the operations' extras
                // are the wrappers' members.
                _ => {}
            }
        }
        let prefix = if tree.constant { 0.0 } else { prefix_cost };
        t.push((
            "cost_info",
            Json::Object(vec![
                ("read_cost", cost(read)),
                ("eval_cost", cost(eval)),
                ("prefix_cost", cost(prefix)),
                ("data_read_per_join", Json::Str(human_bytes(produced * record as f64))),
            ]),
        ));
        let width = s.columns.len();
        let start = s.offset as usize;
        let used: Vec<String> = (0..width)
            .filter(|&k| bound.columns.get(start + k).copied().unwrap_or(false))
            .map(|k| match s.hidden.iter().find(|(h, _)| *h as usize == k) {
                // A functional key part's hidden column as its expression, as MySQL writes it.
                Some((_, expr)) => expr.clone(),
                None => s.columns[k].clone(),
            })
            .collect();
        if !used.is_empty() {
            t.push(("used_columns", Json::strings(used)));
        }
        if !row.attached.is_empty() {
            t.push(("attached_condition", Json::Str(conjunction(&row.attached, &names))));
        }
        if let Kind::Derived { number, json, .. } = &s.kind {
            let from = materialized_from(*number, json.as_deref(), s.lateral);
            t.push(("materialized_from_subquery", from));
        }
        tables.push(Json::Object(vec![("table", Json::Object(t))]));
    }

    // The tables: one table object, or a nested loop of them.
    let several = tables.len() > 1;
    let mut inner: Vec<(&'static str, Json)> = if tables.len() == 1 {
        match tables.pop() {
            Some(Json::Object(mut only)) => vec![only.remove(0)],
            _ => Vec::new(),
        }
    } else {
        vec![("nested_loop", Json::Array(tables))]
    };
    // A join of several tables sorts or groups in a context of its own, which carries the
    // sort's cost; a single table's sort is a "simple" one without it (opt_explain_json.cc
    // simple_sort_ctx). UNCONFIRMED: MySQL's sort_cost is taken as one unit per row sorted
    // (the join's rows), fitted to published plans where it equals rows_produced_per_join.
    let implicit_group = bound.aggregates && bound.group_by.is_empty();
    // The operations around the tables, innermost first: name, temporary table, filesort.
    let mut operations = Vec::new();
    if !bound.group_by.is_empty() {
        operations.push(("grouping_operation", facts.temporary, false));
    }
    // UNCONFIRMED: a DISTINCT a loose index scan makes keeps its duplicates_removal
    // wrapper, without the temporary table.
    if bound.distinct && !implicit_group && bound.group_by.is_empty() {
        operations.push(("duplicates_removal", !facts.loose, false));
    }
    if !bound.order_by.is_empty() && !implicit_group {
        // A loose scan's groups sorted again go through a temporary table first.
        operations.push(("ordering_operation", facts.streamed, facts.sort));
    }
    // The outermost operation carries the sort cost, when it sorts or uses a temporary table.
    let sort_cost = match operations.last() {
        Some(&(_, temporary, filesort)) if joined > 1 && (temporary || filesort) => {
            Some(prefix_rows)
        }
        _ => None,
    };
    let outermost = operations.len().saturating_sub(1);
    for (k, (name, temporary, filesort)) in operations.into_iter().enumerate() {
        let mut fields = Vec::new();
        if temporary {
            fields.push(("using_temporary_table", Json::Bool(true)));
        }
        fields.push(("using_filesort", Json::Bool(filesort)));
        if let (Some(sc), true) = (sort_cost, k == outermost) {
            fields.push(("cost_info", Json::Object(vec![("sort_cost", cost(sc))])));
        }
        fields.extend(inner);
        inner = vec![(name, Json::Object(fields))];
    }
    // Window functions (`json_window.rs`): the window sorts the rows the block produces,
    // at the same cost per row; a join's rows are first written to a temporary table.
    let mut sort_cost = sort_cost;
    if let Some((windows, sorting)) = window {
        let mut fields = vec![("windows", Json::Array(windows))];
        if sorting > 0 {
            let sorted = prefix_rows * f64::from(sorting);
            sort_cost = Some(sorted);
            fields.push(("cost_info", Json::Object(vec![("sort_cost", cost(sorted))])));
        }
        if several {
            let mut buffered = vec![("using_temporary_table", Json::Bool(true))];
            buffered.extend(inner);
            fields.push(("buffer_result", Json::Object(buffered)));
        } else {
            fields.extend(inner);
        }
        inner = vec![("windowing", Json::Object(fields))];
    }
    let mut query_cost = prefix_cost + sort_cost.unwrap_or(0.0);
    // MySQL's plan of only const tables costs 1 (JOIN::best_read of a const plan).
    if joined == 0 {
        query_cost = 1.0;
    }
    let mut fields = vec![("cost_info", Json::Object(vec![("query_cost", cost(query_cost))]))];
    fields.extend(inner);
    Ok(BlockJson { fields, query_cost, condition })
}

/// The cost of reading a materialised block's temporary table `rows` rows at a time for
/// each of `prefix_rows` rows before it, evaluating every row read (0.1 each): one scan of
/// it, 2.5 + 0.0125 per row (the temporary table's scan FORMAT=TREE prints, fitted to
/// plans MySQL printed; a hash join reads an inner table once). Matches mysql-test
/// r/explain_json_none.result: 14 rows, `read_cost` 2.67 and `eval_cost` 1.40; 7 rows
/// after 2, `read_cost` 2.59 and `eval_cost` 1.40. UNCONFIRMED against 8.4's cost model.
pub(super) fn derived_scan_cost(rows: f64, prefix_rows: f64) -> f64 {
    2.5 + 0.0125 * rows + prefix_rows * rows * ROW_EVALUATE_COST
}

/// The bytes of a materialised block's temporary table row, for `data_read_per_join`.
/// Simplification (UNCONFIRMED): the block's column types are not tracked here, so each
/// column counts 8 bytes and a NULL bit, in the record buffer's rounding (NULL flags, the
/// columns and one byte, rounded up to 8), at least 16: mysql-test
/// r/explain_json_none.result's temporary table of one INT column reads 16 bytes a row.
pub(super) fn temporary_record_length(columns: u64) -> u64 {
    let reclength = columns.div_ceil(8) + 8 * columns;
    ((reclength + 1).div_ceil(8) * 8).max(16)
}

/// `materialized_from_subquery` of a materialised block's table: the temporary table, the
/// block not depending on the outer query and cacheable, and its `query_block`; a CTE's
/// later reference reads the first one's table (`sharing_temporary_table_with`, as
/// opt_explain_json.cc writes a derived table's clone). The block's materialisation is not
/// in the outer block's `query_cost` (as in MySQL's documents).
/// A LATERAL derived table that reads the tables before it is `dependent` and not
/// `cacheable`, as a dependent subquery is written (UNCONFIRMED for a derived table: the
/// same members of the same JSON context in opt_explain_json.cc).
fn materialized_from(number: u32, block: Option<&Json>, lateral: bool) -> Json {
    match block {
        Some(block) => Json::Object(vec![
            ("using_temporary_table", Json::Bool(true)),
            ("dependent", Json::Bool(lateral)),
            ("cacheable", Json::Bool(!lateral)),
            ("query_block", block.clone()),
        ]),
        None => Json::Object(vec![(
            "sharing_temporary_table_with",
            Json::Object(vec![("select_id", Json::UInt(u64::from(number)))]),
        )]),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_temporary_table_scan_costs_like_mysqls() {
        // mysql-test r/explain_json_none.result: read_cost 2.67 / eval_cost 1.40 for 14
        // rows, 2.59 / 1.40 for 7 rows joined to 2.
        let read = |rows: f64, prefix: f64| derived_scan_cost(rows, prefix) - rows * prefix * 0.1;
        assert_eq!(format!("{:.2}", read(14.0, 1.0)), "2.67");
        assert_eq!(format!("{:.2}", read(7.0, 2.0)), "2.59");
    }

    #[test]
    fn a_temporary_row_is_at_least_sixteen_bytes() {
        assert_eq!(temporary_record_length(1), 16);
        assert_eq!(temporary_record_length(2), 24);
        assert_eq!(temporary_record_length(9), 80);
    }

    use super::*;

    #[test]
    fn bytes_read_like_mysql() {
        assert_eq!(human_bytes(408.0), "408");
        assert_eq!(human_bytes(1024.0), "1024");
        assert_eq!(human_bytes(2049.0), "2K");
        assert_eq!(human_bytes(150.0 * 1024.0 * 1024.0 * 3.0), "450M");
        assert_eq!(human_bytes(0.4), "0");
    }

    #[test]
    fn objects_keep_their_order() {
        let doc = Json::Object(vec![
            ("select_id", Json::UInt(1)),
            ("cost_info", Json::Object(vec![("query_cost", cost(1.0))])),
            ("possible_keys", Json::strings(["PRIMARY".to_string()])),
        ]);
        assert_eq!(
            doc.pretty(),
            "{\n  \"select_id\": 1,\n  \"cost_info\": {\n    \"query_cost\": \"1.00\"\n  },\n  \
             \"possible_keys\": [\n    \"PRIMARY\"\n  ]\n}"
        );
    }
}
