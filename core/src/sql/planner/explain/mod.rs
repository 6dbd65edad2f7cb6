//! EXPLAIN in the traditional tabular format: one row per table of the FROM clause, in the
//! order the executor joins them, describing the access path the executor really takes.
//!
//! What the executor does, and how EXPLAIN names it: for every stored table the planner of
//! `access_path.rs` (the one the executor calls) chooses a full scan of the clustered index (`ALL`,
//! or `index` on PRIMARY when the scan's key order is what ORDER BY or GROUP BY asks for), a
//! primary or unique key lookup of constants (`const`), an equality lookup through an index
//! (`ref`; `eq_ref` for a unique key of an earlier table's column), or a range of an index's
//! first column (`range`); `Using index` when the index covers the query. Inner tables that
//! are scanned are read into memory and matched per outer row: MySQL's `Using join buffer
//! (hash join)`. GROUP BY and DISTINCT collect rows in memory (`Using temporary`), ORDER BY
//! sorts (`Using filesort`) unless the clustered order already satisfies it.
//!
//! `possible_keys` lists what MySQL's optimizer would consider, `key` what is used. For a
//! lookup `rows` is the planner's estimate (an index dive's count for constants, rows per key
//! from the cardinality for join columns); for a scan, the table's exact row count (InnoDB
//! shows an estimate near it). `filtered` uses
//! MySQL's condition-filtering heuristics: 1/cardinality for an equality on the first column
//! of an index, else 10 % per equality, 33.33 % per range, 11.11 % per BETWEEN or LIKE,
//! combined over AND and OR. The Note 1003 rendering of the query is simplified: MySQL also
//! folds constants and const tables' columns into it.
//!
//! A derived table or CTE MySQL materialises is a block of its own (`derived.rs`): the outer
//! block's rows (select_type PRIMARY) read `<derivedN>`, the block's rows follow (DERIVED).

use crate::error::{MySqlError, Result};
use crate::sql::bind::{resolve_among, BExpr, Binder, Columns, SourceColumns};
use crate::sql::execution::select::{constant_u64, output_ref};
use crate::sql::execution::Work;
use crate::sql::execution::VIEW_DEPTH_MAX;
use crate::sql::expr::eval;
use crate::sql::expr::EvalContext;
use crate::sql::parser::column_name::source_name;
use crate::sql::parser::VarScope;
use crate::sql::planner::access_path::{
    in_primary_order, key_kind, plan_tables, reads_backward, split_conditions, IndexHints, Path,
    TableInput,
};
use crate::sql::planner::group_skip;
use crate::sql::planner::index_condition;
use crate::sql::planner::index_order::{self, Delivered};
use crate::sql::{Column, Response, ResultSet, Value};
use crate::storage::catalog::Catalog;
use crate::storage::statistics::index_cardinality;
use crate::storage::table::{Key, RangeEnd, Row};
use sqlparser::ast::{
    Expr, GroupByExpr, JoinConstraint, JoinOperator, LimitClause, OrderByKind, Query, Select,
    SelectItem, SelectItemQualifiedWildcardKind, SetExpr, TableFactor, TableWithJoins,
};
use std::collections::{BTreeMap, BTreeSet};

pub mod analyze;
mod binding;
pub mod dependent;
mod derived;
mod derived_set;
mod derived_set_nested;
mod estimates;
pub mod hints;
pub mod json;
mod json_window;
mod lateral;
mod note;
mod recursive;
mod reorder;
mod table_function;
pub mod tree;
mod tree_join;
mod tree_plan;
mod values;
use super::derived_merge::materialised_by_mysql;
use crate::storage::schema::is_hidden_name;
use binding::{bind, wildcard_qualifier};
use derived::{all_rows, derived_source, estimated_rows, Blocks, CteDef, Materialised};
use estimates::{key_columns, key_length, selectivity, split_and, FILTER_EQUALITY};
use note::Render;
pub use tree_plan::limit_of;

/// Whether a FROM clause is MySQL's `DUAL` alone (unquoted, unaliased): no table at all.
fn from_dual(from: &[TableWithJoins]) -> bool {
    match from {
        [twj] if twj.joins.is_empty() => match &twj.relation {
            TableFactor::Table { name, alias: None, .. } => {
                matches!(name.0.as_slice(), [part] if part.to_string().eq_ignore_ascii_case("dual"))
            }
            _ => false,
        },
        _ => false,
    }
}

/// What a FROM-clause name resolves to.
#[derive(Clone)]
enum Kind {
    /// A stored table.
    Stored,
    /// A performance_schema or information_schema table the server produces.
    System,
    /// A view (the executor materialises it).
    View,
    /// A derived table or CTE reference MySQL materialises (`<derivedN>`), holding the
    /// optimizer's estimate of its rows and how the Note names it.
    Derived {
        rows: u64,
        text: DerivedText,
        plan: Option<Box<tree::Node>>,
        /// FORMAT=JSON: the block's select number and its `query_block`, for the reference
        /// that writes it (a CTE's later references share the first one's table).
        number: u32,
        json: Option<Box<json::Json>>,
    },
    /// A JSON_TABLE (`table_function.rs`): its document's expression and its row path and
    /// COLUMNS clause as the Note prints them.
    TableFunction { arg: Box<Expr>, columns: String },
}

/// How the Note 1003 text names a materialised block in FROM.
#[derive(Clone)]
enum DerivedText {
    /// A derived table: its query, inline (`(/* select#2 */ select ...)`).
    Inline(String),
    /// A CTE reference: the CTE's name (its query is in the WITH clause before).
    Cte(String),
    /// A materialised view: its database and name.
    View(String, String),
}

/// One query block's EXPLAIN: its rows (its derived blocks' rows follow them), its Note
/// 1003 text, the optimizer's estimate of the rows it returns and its column names.
struct Block {
    rows: Vec<Row>,
    /// EXPLAIN FORMAT=TREE's tree of the block, when asked for.
    tree: Option<tree::Node>,
    /// EXPLAIN FORMAT=JSON's members of the block's `query_block`, when asked for.
    json: Option<json::BlockJson>,
    note: String,
    estimate: u64,
    columns: Vec<String>,
}

/// One table of the FROM clause.
#[derive(Clone)]
struct Source {
    /// The name the query uses for it (its alias, else its name).
    alias: String,
    db: String,
    table: String,
    kind: Kind,
    /// Column names, in order.
    columns: Vec<String>,
    /// Position of its first column in the joined row.
    offset: u32,
    /// The inner side of a LEFT JOIN.
    outer: bool,
    /// Its ON condition.
    on: Option<Expr>,
    /// USE / FORCE / IGNORE INDEX.
    hints: IndexHints,
    /// The sources (positions as bound) the join order reads before this one.
    after: Vec<u32>,
    /// A LATERAL derived table that reads the tables before it (DEPENDENT DERIVED).
    lateral: bool,
    /// The first table of a parenthesised join on the inner side of a LEFT JOIN: the
    /// tables of the nest (this one and the next `nest - 1`), which the Note writes
    /// `left join (a join b) on(...)`; 0 elsewhere.
    nest: u32,
    /// A stored table's functional key parts' hidden columns: (position, the expression
    /// they stand for), which EXPLAIN FORMAT=TREE writes in their place.
    hidden: Vec<(u32, String)>,
}

impl Source {
    fn contains(&self, column: u32) -> bool {
        column >= self.offset && column < self.offset + self.columns.len() as u32
    }
}

/// Column names of the joined row, for the binder (the same rules as the executor's).
struct Scope<'a> {
    sources: &'a [Source],
}

impl Scope<'_> {
    /// The source and column a (qualified) name refers to, if exactly one.
    fn locate(&self, qualifier: Option<&str>, name: &str) -> Option<(usize, u32)> {
        let mut found = None;
        for (i, s) in self.sources.iter().enumerate() {
            if qualifier.is_some_and(|q| !s.alias.eq_ignore_ascii_case(q)) {
                continue;
            }
            if let Some(p) = s.columns.iter().position(|c| c.eq_ignore_ascii_case(name)) {
                if found.is_some() {
                    return None;
                }
                found = Some((i, p as u32));
            }
        }
        found
    }
}

impl Columns for Scope<'_> {
    fn resolve(&self, qualifier: Option<&str>, name: &str, clause: &str) -> Result<u32> {
        let sources: Vec<SourceColumns> = self
            .sources
            .iter()
            .map(|s| SourceColumns {
                alias: &s.alias,
                offset: s.offset,
                names: s.columns.iter().map(String::as_str).collect(),
            })
            .collect();
        resolve_among(&sources, qualifier, name, clause)
    }
}

/// The query's clauses, bound as the executor binds them.
struct Bound {
    /// The select list's column names.
    names: Vec<String>,
    group_by: Vec<BExpr>,
    /// ORDER BY keys and whether each is descending.
    order_by: Vec<(BExpr, bool)>,
    /// Aggregates in the select list, HAVING or ORDER BY.
    aggregates: bool,
    /// The select list's and ORDER BY's aggregate calls.
    calls: Vec<crate::sql::bind::AggCall>,
    /// HAVING calls an aggregate.
    having_aggregates: bool,
    /// The select list's expressions.
    items: Vec<BExpr>,
    filter: Option<BExpr>,
    /// Each source's ON condition.
    ons: Vec<Option<BExpr>>,
    distinct: bool,
    /// GROUP BY ... WITH ROLLUP.
    rollup: bool,
    /// LIMIT plus OFFSET: the rows the executor needs before it may stop.
    limit_rows: Option<u64>,
    /// Every joined-row column any clause reads (for covering indexes).
    columns: Vec<bool>,
    /// Window functions: Some, holding whether a window sorts (has PARTITION BY or ORDER BY).
    windowing: Option<bool>,
    /// The window calls, in the order bound.
    windows: Vec<crate::sql::window::WindowCall>,
}

/// One condition of WHERE or ON (an AND-ed part), and where it is checked.
struct Conjunct {
    expr: BExpr,
    /// The sources whose columns it reads.
    sources: BTreeSet<usize>,
    /// The source whose row completes it: the last one it reads, or the inner table of the
    /// LEFT JOIN whose ON condition it is.
    checked_at: Option<usize>,
    /// Part of the ON condition of this LEFT JOIN's inner table.
    left_join_of: Option<usize>,
}

/// One EXPLAIN row.
#[derive(Default)]
struct PlanRow {
    table: Option<String>,
    /// The partitions read, for a partitioned table (`partition_pruning.rs`).
    partitions: Option<String>,
    access: Option<&'static str>,
    possible_keys: Option<String>,
    key: Option<String>,
    key_len: Option<String>,
    reference: Option<String>,
    rows: Option<u64>,
    filtered: Option<f64>,
    extra: Vec<&'static str>,
    /// `Rematerialize (<derivedN>)`: the LATERAL derived table after it is made again per row.
    rematerialize: Option<String>,
    /// What EXPLAIN FORMAT=TREE prints for this table.
    tree: Option<tree_plan::TreeTable>,
    /// The source the row is for (its position in the join order).
    source: Option<usize>,
    /// The key's columns the access uses (FORMAT=JSON's `used_key_parts`).
    key_parts: Vec<String>,
    /// Conditions checked on the table's rows that its access does not guarantee
    /// (FORMAT=JSON's `attached_condition`).
    attached: Vec<BExpr>,
    /// The conditions pushed to the index (FORMAT=JSON's `index_condition`).
    index_condition: Vec<BExpr>,
}

/// The column names of a performance_schema or information_schema table (`db`, `table`,
/// as named in FROM), or MySQL's error for one that does not exist.
pub type SystemColumns<'a> = dyn FnMut(&str, &str) -> Result<Vec<String>> + 'a;

/// What EXPLAIN reads: the catalog (tables, views, their statistics) and the server's own
/// tables' columns. It reads no rows, except a const table's one row, as MySQL's optimizer
/// does.
pub struct Explainer<'a> {
    pub catalog: &'a Catalog,
    pub system_columns: &'a mut SystemColumns<'a>,
    /// The SELECT of a view the server defines in a system schema (the sys schema's), if
    /// `db`.`table` is one.
    pub system_views: fn(&str, &str) -> Option<&'static str>,
    /// Build EXPLAIN FORMAT=TREE's tree too ([`Self::explain_tree`]).
    pub tree: bool,
    /// Build EXPLAIN FORMAT=JSON's document too ([`Self::explain_json`]).
    pub json: bool,
    /// Correlated subqueries around the block explained (`dependent.rs`).
    pub correlation: dependent::Correlation,
    /// FORMAT=TREE of a block with uncorrelated subqueries: the block as written, each
    /// subquery replaced by a marker, whose conditions name the subqueries where the block
    /// explained has their results (taken by the first block explained).
    pub label_marks: Option<Select>,
    /// The condition texts of the block explained with results in place, each with its
    /// text from [`Self::label_marks`] (`server/query/explain_subquery_tree.rs`).
    pub relabels: Vec<(String, String)>,
    /// The block's conditions hold uncorrelated subqueries' results: no index condition is
    /// pushed (as the executor, `Work::index_condition_blocked`).
    pub index_condition_blocked: bool,
    /// The outer block's WHERE parts that held a subquery (`Work::subquery_conjuncts`):
    /// withheld from its index condition pushdown. The outer block's explanation takes them.
    pub subquery_conjuncts: Vec<bool>,
}

impl Explainer<'_> {
    /// EXPLAIN of a SELECT: its rows and the Note 1003 text (the query as rewritten).
    pub fn explain(
        &mut self,
        q: &Query,
        sql: &str,
        current: Option<&str>,
        cx: &mut dyn EvalContext,
        work: &mut Work,
    ) -> Result<(Response, String)> {
        let mut blocks = Blocks::new(sql);
        let mut block = self.explain_block(q, sql, current, cx, &mut blocks)?;
        if !blocks.derived.is_empty() {
            // With other blocks, the outer one is no longer SIMPLE.
            for row in &mut block.rows {
                row[1] = Value::Str("PRIMARY".into());
            }
        }
        let rows = all_rows(block.rows, blocks.derived);
        work.rows += rows.len() as u64;
        Ok((Response::Rows(ResultSet { columns: explain_columns(), rows, unshown: 0 }), block.note))
    }

    /// EXPLAIN FORMAT=TREE of a SELECT of one query block: its iterator tree and the Note
    /// 1003 text. Its materialised derived tables and CTEs are drawn under their tables
    /// (`derived.rs`); subqueries and UNION are not (1235).
    pub fn explain_tree(
        &mut self,
        q: &Query,
        sql: &str,
        current: Option<&str>,
        cx: &mut dyn EvalContext,
    ) -> Result<(tree::Node, String)> {
        self.tree = true;
        let mut blocks = Blocks::new(sql);
        let block = self.explain_block(q, sql, current, cx, &mut blocks)?;
        let mut tree = block.tree.ok_or_else(|| MySqlError::unknown("no tree was built"))?;
        derived::shared_ctes(&mut tree);
        Ok((tree, block.note))
    }

    /// EXPLAIN FORMAT=JSON of a SELECT of one query block: its document (the derived tables
    /// and CTEs it materialises written in their tables' `materialized_from_subquery`) and
    /// the Note 1003 text.
    pub fn explain_json(
        &mut self,
        q: &Query,
        sql: &str,
        current: Option<&str>,
        cx: &mut dyn EvalContext,
    ) -> Result<(String, String)> {
        let (block, note) = self.json_query_block(q, sql, current, cx, 1)?;
        let doc = json::Json::Object(vec![("query_block", block)]);
        Ok((doc.pretty(), note))
    }

    /// The `query_block` object of a SELECT of one block numbered `select_id` (a member of
    /// a set operation is numbered in the order written) and its Note 1003 text (numbered
    /// `select#1`; the caller renumbers it).
    pub fn json_query_block(
        &mut self,
        q: &Query,
        sql: &str,
        current: Option<&str>,
        cx: &mut dyn EvalContext,
        select_id: u32,
    ) -> Result<(json::Json, String)> {
        let (body, note) = self.json_block(q, sql, current, cx)?;
        let mut fields = vec![("select_id", json::Json::UInt(u64::from(select_id)))];
        fields.extend(body.fields);
        Ok((json::Json::Object(fields), note))
    }

    /// The cost of a SELECT's plan, as EXPLAIN FORMAT=JSON's `query_cost` gives it
    /// (`Last_query_cost`).
    pub fn query_cost(
        &mut self,
        q: &Query,
        sql: &str,
        current: Option<&str>,
        cx: &mut dyn EvalContext,
    ) -> Result<f64> {
        let body = self.json_block(q, sql, current, cx)?.0;
        // The manual: a complex query (subqueries, UNION) sets it to 0; a block that
        // materialises a derived table or CTE is taken as one (as before FORMAT=JSON wrote
        // them; UNCONFIRMED).
        let derived = body.fields.iter().any(|(_, v)| v.has_key("materialized_from_subquery"));
        Ok(if derived { 0.0 } else { body.query_cost })
    }

    /// The JSON members of a SELECT of one block and its Note 1003 text.
    pub fn json_block(
        &mut self,
        q: &Query,
        sql: &str,
        current: Option<&str>,
        cx: &mut dyn EvalContext,
    ) -> Result<(json::BlockJson, String)> {
        self.json = true;
        let mut blocks = Blocks::new(sql);
        let block = self.explain_block(q, sql, current, cx, &mut blocks)?;
        let body = block.json.ok_or_else(|| MySqlError::unknown("no JSON plan was built"))?;
        Ok((body, block.note))
    }

    /// EXPLAIN of one query block numbered 1 (a derived block renumbers its rows): its CTEs
    /// in scope while its FROM clause is resolved, materialised blocks explained as they are
    /// met (their rows kept in `blocks`).
    fn explain_block(
        &mut self,
        q: &Query,
        sql: &str,
        current: Option<&str>,
        cx: &mut dyn EvalContext,
        blocks: &mut Blocks,
    ) -> Result<Block> {
        let sel = match q.body.as_ref() {
            SetExpr::Select(sel) => sel,
            SetExpr::Values(v) if q.with.is_none() => {
                return self.explain_values(v, q, sql, current, cx, blocks);
            }
            _ => return Err(MySqlError::not_supported_yet("UNION and other set operations")),
        };
        let scope_start = blocks.ctes.len();
        if let Some(with) = &q.with {
            for cte in &with.cte_tables {
                let name = cte.alias.name.value.clone();
                if blocks.ctes[scope_start..].iter().any(|c| c.name == name) {
                    return Err(MySqlError::not_unique_table(&name));
                }
                let recursive = with.recursive && recursive::reads_itself(&cte.query, &name);
                blocks.ctes.push(CteDef {
                    name,
                    columns: cte.alias.columns.iter().map(|c| c.name.value.clone()).collect(),
                    query: (*cte.query).clone(),
                    sql: std::rc::Rc::from(sql),
                    materialised: None,
                    recursive,
                    recursing: None,
                });
            }
        }
        // `FROM DUAL` names no table: the block is a SELECT without FROM (the Note omits it).
        let without_dual;
        let sel = if from_dual(&sel.from) {
            without_dual = Select { from: Vec::new(), ..(**sel).clone() };
            &without_dual
        } else {
            &**sel
        };
        let result = self.explain_select(sel, q, sql, current, cx, blocks, scope_start);
        blocks.ctes.truncate(scope_start);
        result
    }

    /// The rest of [`Self::explain_block`], with the block's CTEs in scope from `scope_start`.
    #[allow(clippy::too_many_arguments)]
    fn explain_select(
        &mut self,
        sel: &Select,
        q: &Query,
        sql: &str,
        current: Option<&str>,
        cx: &mut dyn EvalContext,
        blocks: &mut Blocks,
        scope_start: usize,
    ) -> Result<Block> {
        // The WHERE parts that held a subquery are this block's (not its derived tables').
        let subquery_parts = std::mem::take(&mut self.subquery_conjuncts);
        // A derived table or view the executor merges is explained merged: its table's row
        // under the derived table's alias, as MySQL shows it.
        let mut merged = sel.clone();
        // An inner join's ON over a nest holding an outer join is WHERE's, as the executor
        // binds it (`inner_join_nest.rs`).
        if super::inner_join_nest::worth_lifting(&merged) {
            super::inner_join_nest::lift(&mut merged);
        }
        let mut order_by = q.order_by.clone();
        let catalog = self.catalog;
        let resolve = |name: &sqlparser::ast::ObjectName,
                       db: Option<&str>,
                       wanted: super::derived_merge::Wanted| {
            let parts: Vec<String> =
                name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
            let (db, table) = match parts.as_slice() {
                [t] if db.is_some() => (db?.to_string(), t.clone()),
                [t] => match blocks.cte(t) {
                    // A CTE is merged as the executor merges it (`merge_named`).
                    Some(at) => {
                        let cte = &blocks.ctes[at];
                        if wanted != super::derived_merge::Wanted::View
                            || materialised_by_mysql(&cte.query)
                        {
                            return None;
                        }
                        return Some(super::derived_merge::Named::Cte {
                            query: Box::new(cte.query.clone()),
                            text: std::rc::Rc::clone(&cte.sql),
                            columns: cte.columns.clone(),
                            order: (0, at),
                        });
                    }
                    None => (current?.to_string(), t.clone()),
                },
                [d, t] => (d.clone(), t.clone()),
                _ => return None,
            };
            super::derived_merge::named_in(catalog, current, &db, &table, wanted)
        };
        let switch_on = match cx.system_variable("optimizer_switch", VarScope::Default) {
            Ok(Value::Str(flags)) => super::derived_merge::switch_flag_on(&flags, "derived_merge"),
            _ => true,
        };
        let derived_merge = || switch_on;
        let merged_query;
        let was_merged = super::derived_merge::merge_derived_tables(
            &mut merged,
            &mut order_by,
            sql,
            &resolve,
            &derived_merge,
        );
        // The copy with its subqueries marked (`label_marks`) is merged as the query was (a
        // query with subqueries is not merged now, `derived_merge.rs`), so both bind alike.
        let marked = self.label_marks.take().map(|mut marked| {
            if super::inner_join_nest::worth_lifting(&marked) {
                super::inner_join_nest::lift(&mut marked);
            }
            if was_merged {
                let mut marked_order_by = q.order_by.clone();
                super::derived_merge::merge_derived_tables(
                    &mut marked,
                    &mut marked_order_by,
                    sql,
                    &resolve,
                    &derived_merge,
                );
            }
            marked
        });
        // As the executor plans it (`generated_columns.rs`), and the marked copy alike.
        let is_cte = |t: &str| blocks.cte(t).is_some();
        let substituted = super::generated_columns::worth_trying(&merged, order_by.as_ref())
            && super::generated_columns::substitute(
                &mut merged,
                &mut order_by,
                catalog,
                current,
                &is_cte,
            );
        let marked = marked.map(|mut marked| {
            if substituted {
                let mut marked_order_by = q.order_by.clone();
                super::generated_columns::substitute(
                    &mut marked,
                    &mut marked_order_by,
                    catalog,
                    current,
                    &is_cte,
                );
            }
            marked
        });
        let q = if (was_merged || substituted) && order_by != q.order_by {
            merged_query = Query { order_by, ..q.clone() };
            &merged_query
        } else {
            q
        };
        let sel = &merged;
        let outer_policy = (
            std::mem::replace(&mut blocks.hints, super::derived_merge::block_hints(sel)),
            std::mem::replace(&mut blocks.derived_merge, switch_on),
        );
        let written = self.explain_sources(&sel.from, current, 0, cx, blocks);
        (blocks.hints, blocks.derived_merge) = outer_policy;
        let written = written?;
        let bound = bind(sel, q, &written, sql, &cx.local_names())?;
        if let Some(marked) = marked {
            let marked_bound = bind(&marked, q, &written, sql, &cx.local_names())?;
            self.relabels = tree_plan::relabels(
                (&bound.filter, &marked_bound.filter),
                (sel.having.as_ref(), marked.having.as_ref()),
                &written,
                self.catalog,
            );
        }
        // The join order the executor takes (`reorder.rs`); the Note keeps FROM order.
        let (sources, bound) = match reorder::reorder(self.catalog, sel, &written, &bound, cx) {
            Some((ordered, moved)) => {
                let bound = bind(&moved, q, &ordered, sql, &cx.local_names())?;
                (ordered, bound)
            }
            None => (written.clone(), bound),
        };
        let mut facts = tree_plan::BlockFacts::default();
        self.subquery_conjuncts = subquery_parts;
        let plan = self.plan(cx, &sources, &bound, &mut facts)?;
        let tree = if self.tree {
            Some(tree_plan::build(&plan, &facts, &sources, &bound, sel, q, self.catalog)?)
        } else {
            None
        };
        let json = if self.json {
            let outer: Vec<String> =
                self.correlation.outer.iter().map(|o| o.note.clone()).collect();
            let named = !sel.named_window.is_empty();
            let calls = &self.correlation.kinds;
            Some(json::block(&plan, &facts, &sources, &bound, self.catalog, named, &outer, calls)?)
        } else {
            None
        };
        let rows: Vec<Row> = plan.into_iter().map(row_values).collect();
        let implicit_group = bound.aggregates && bound.group_by.is_empty();
        let estimate = estimated_rows(&rows, implicit_group, bound.limit_rows);
        let mut note = String::new();
        // MySQL prints the WITH clause of the materialised CTEs before the block.
        let materialised: Vec<String> = blocks.ctes[scope_start..]
            .iter()
            .filter_map(|c| {
                c.materialised.as_ref().map(|m| format!("`{}` as ({})", c.name, m.note))
            })
            .collect();
        if !materialised.is_empty() {
            let recursive = blocks.ctes[scope_start..].iter().any(|c| c.recursive);
            let with = if recursive { "with recursive" } else { "with" };
            note = format!("{with} {} ", materialised.join(", "));
        }
        let render =
            Render { sources: &written, catalog: self.catalog, correlation: &self.correlation };
        note.push_str(&render.query(sel, q, sql));
        Ok(Block { rows, note, estimate, columns: bound.names, tree, json })
    }

    /// Resolves the FROM clause as the executor does, without reading any rows (a view's
    /// columns come from its definition).
    fn explain_sources(
        &mut self,
        from: &[TableWithJoins],
        current_db: Option<&str>,
        depth: u32,
        cx: &mut dyn EvalContext,
        blocks: &mut Blocks,
    ) -> Result<Vec<Source>> {
        let mut sources: Vec<Source> = Vec::new();
        let mut offset = 0u32;
        for twj in from {
            self.explain_join_chain(twj, &mut sources, &mut offset, current_db, depth, cx, blocks)?;
        }
        Ok(sources)
    }

    /// One FROM item and its joins, pushed after `sources` (`offset`: the columns before).
    /// A parenthesised join (`t1 JOIN (t2 JOIN t3 ON c) ON d`) pushes its tables in place, as
    /// the executor binds it (`from.rs`); an inner join's ON over it is checked at its last
    /// table. MySQL flattens such a nest of inner joins into the outer join's tables
    /// (simplify_joins), which EXPLAIN then orders together; on the inner side of a LEFT
    /// JOIN it stays a nest (`Source::nest`, drawn as a subtree by `tree_join.rs`).
    /// A parenthesised join holding an outer join is explained as an inner join's operand
    /// (its ON moved to WHERE first, `inner_join_nest.rs`). Simplification: as an outer
    /// join's inner side or STRAIGHT_JOIN's right operand it is not explained (1235).
    #[allow(clippy::too_many_arguments)]
    fn explain_join_chain(
        &mut self,
        twj: &TableWithJoins,
        sources: &mut Vec<Source>,
        offset: &mut u32,
        current_db: Option<&str>,
        depth: u32,
        cx: &mut dyn EvalContext,
        blocks: &mut Blocks,
    ) -> Result<()> {
        let item_start = sources.len() as u32;
        match &twj.relation {
            TableFactor::NestedJoin { table_with_joins, alias: None } => {
                self.explain_join_chain(
                    table_with_joins,
                    sources,
                    offset,
                    current_db,
                    depth,
                    cx,
                    blocks,
                )?;
            }
            relation => {
                let first =
                    self.explain_source(relation, sources, current_db, *offset, depth, cx, blocks)?;
                *offset += first.columns.len() as u32;
                sources.push(first);
            }
        }
        for join in &twj.joins {
            let straight = matches!(join.join_operator, JoinOperator::StraightJoin(_));
            let (outer, constraint) = match &join.join_operator {
                JoinOperator::Join(c) | JoinOperator::Inner(c) | JoinOperator::StraightJoin(c) => {
                    (false, Some(c))
                }
                JoinOperator::Left(c) | JoinOperator::LeftOuter(c) => (true, Some(c)),
                JoinOperator::CrossJoin(_) => (false, None),
                _ => return Err(MySqlError::not_supported_yet("this kind of join")),
            };
            let on = match constraint {
                Some(JoinConstraint::On(e)) => Some(e.clone()),
                Some(JoinConstraint::None) | None => None,
                Some(_) => return Err(MySqlError::not_supported_yet("USING and NATURAL joins")),
            };
            if let TableFactor::NestedJoin { table_with_joins, alias: None } = &join.relation {
                let start = sources.len();
                self.explain_join_chain(
                    table_with_joins,
                    sources,
                    offset,
                    current_db,
                    depth,
                    cx,
                    blocks,
                )?;
                let holds_outer =
                    sources[start..].iter().any(|s| s.outer || s.lateral || !s.after.is_empty());
                if holds_outer && (outer || straight || on.is_some()) {
                    return Err(MySqlError::not_supported_yet(
                        "EXPLAIN of a join over a parenthesised outer join",
                    ));
                }
                // The inner side of a LEFT JOIN, or STRAIGHT_JOIN's right operand, that is a
                // parenthesised join: its tables are read after the tables before it, in the
                // order written (simplification: MySQL may order the nest's own tables by
                // cost), each the inner side of the outer join (NULL-complemented together,
                // as the executor runs it); the outer join's ON is checked with the nest's
                // last table, as the nest's own ON is.
                if outer || straight {
                    for (at, s) in sources.iter_mut().enumerate().skip(start) {
                        s.outer = outer;
                        s.after = (item_start..at as u32).collect();
                    }
                    if outer {
                        sources[start].nest = (sources.len() - start) as u32;
                    }
                }
                if let (Some(on), Some(last)) = (on, sources.last_mut()) {
                    last.on = Some(match last.on.take() {
                        Some(inner) => Expr::BinaryOp {
                            left: Box::new(inner),
                            op: sqlparser::ast::BinaryOperator::And,
                            right: Box::new(on),
                        },
                        None => on,
                    });
                }
                continue;
            }
            let mut s = self.explain_source(
                &join.relation,
                sources,
                current_db,
                *offset,
                depth,
                cx,
                blocks,
            )?;
            *offset += s.columns.len() as u32;
            s.outer = outer;
            if outer || straight {
                s.after = (item_start..sources.len() as u32).collect();
            }
            s.on = on;
            sources.push(s);
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn explain_source(
        &mut self,
        factor: &TableFactor,
        left: &[Source],
        current_db: Option<&str>,
        offset: u32,
        depth: u32,
        cx: &mut dyn EvalContext,
        blocks: &mut Blocks,
    ) -> Result<Source> {
        let (name, alias, index_directives, partitions) = match factor {
            TableFactor::Table { name, alias, index_directives, partitions, .. } => {
                (name, alias, index_directives, partitions)
            }
            TableFactor::Derived { lateral: true, subquery, alias, .. } => {
                let Some(alias) = alias else {
                    return Err(MySqlError::derived_table_without_alias());
                };
                let (query, outer) = lateral::outer_references(subquery, left);
                let dependent = !outer.is_empty();
                let declared: Vec<String> =
                    alias.columns.iter().map(|c| c.name.value.clone()).collect();
                let saved = std::mem::replace(
                    &mut self.correlation,
                    dependent::Correlation { outer, ..Default::default() },
                );
                let m = self.materialise(&query, &declared, current_db, cx, blocks);
                self.correlation = saved;
                let m = m?;
                crate::sql::column_names::check_unique(&m.columns)?;
                if dependent {
                    for (n, rows) in blocks.derived.iter_mut() {
                        if *n != m.number {
                            continue;
                        }
                        for r in
                            rows.iter_mut().filter(|r| r[0] == Value::UInt(u64::from(m.number)))
                        {
                            r[1] = Value::Str("DEPENDENT DERIVED".into());
                        }
                    }
                }
                let text = DerivedText::Inline(m.note.clone());
                let mut s = derived_source(&alias.name.value, &m, offset, text);
                if dependent {
                    s.lateral = true;
                    s.after = (0..left.len() as u32).collect();
                }
                return Ok(s);
            }
            TableFactor::Derived { subquery, alias, .. } => {
                let Some(alias) = alias else {
                    return Err(MySqlError::derived_table_without_alias());
                };
                // A repeat in the column list is 1060 whether MySQL merges the table or not.
                let listed: Vec<&str> =
                    alias.columns.iter().map(|c| c.name.value.as_str()).collect();
                crate::sql::column_names::check_unique(&listed)?;
                if !materialised_by_mysql(subquery) && blocks.merge_wanted(&alias.name.value, false)
                {
                    return Err(MySqlError::not_supported_yet(
                        "EXPLAIN of a derived table merged into the outer query",
                    ));
                }
                let declared: Vec<String> =
                    alias.columns.iter().map(|c| c.name.value.clone()).collect();
                let m = self.materialise(subquery, &declared, current_db, cx, blocks)?;
                crate::sql::column_names::check_unique(&m.columns)?;
                let text = DerivedText::Inline(m.note.clone());
                return Ok(derived_source(&alias.name.value, &m, offset, text));
            }
            TableFactor::JsonTable { json_expr, json_path, columns, alias } => {
                let f = table_function::Factor { json_expr, json_path, columns, alias };
                return table_function::source(f, left, offset, cx);
            }
            _ => return Err(MySqlError::not_supported_yet("this kind of FROM item")),
        };
        let parts: Vec<String> =
            name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
        let cte_at = match parts.as_slice() {
            [only] => blocks.cte(only),
            _ => None,
        };
        if let (Some(at), Some(cte_name)) = (cte_at, parts.first()) {
            let alias = alias.as_ref().map_or(cte_name.clone(), |a| a.name.value.clone());
            if let Some(r) = blocks.ctes[at].recursing.as_mut() {
                if !r.aliases.contains(&alias) {
                    r.aliases.push(alias.clone());
                }
                return Ok(recursive::reference(&alias, cte_name, r, offset));
            }
            if blocks.ctes[at].recursive && blocks.ctes[at].materialised.is_none() {
                let (query, declared) =
                    (blocks.ctes[at].query.clone(), blocks.ctes[at].columns.clone());
                crate::sql::column_names::check_unique(&declared)?;
                if !matches!(*query.body, SetExpr::SetOperation { .. }) {
                    return Err(MySqlError::cte_recursive_requires_union(cte_name));
                }
                // It sees itself and the CTEs defined before it.
                blocks.hidden.push((at + 1, blocks.ctes.len()));
                let m = self.materialise_set(&query, &declared, current_db, cx, blocks, Some(at));
                blocks.hidden.pop();
                let m = m?;
                crate::sql::column_names::check_unique(&m.columns)?;
                blocks.ctes[at].materialised = Some(m.clone());
                let text = DerivedText::Cte(cte_name.clone());
                return Ok(derived_source(&alias, &m, offset, text));
            }
            let m = match blocks.ctes[at].materialised.clone() {
                // Materialised by an earlier reference, whose tree shows its plan; a
                // recursive CTE's later reference shows its iterator without it (MySQL
                // adds no "if needed" to a recursive one's).
                Some(m) => {
                    let tree = m
                        .tree
                        .as_ref()
                        .filter(|_| m.set)
                        .map(|t| tree::Node { children: Vec::new(), ..t.clone() });
                    Materialised { tree, json: None, ..m }
                }
                None => {
                    let entry = &blocks.ctes[at];
                    // A repeat in the column list is 1060 whether MySQL merges the CTE or not.
                    crate::sql::column_names::check_unique(&entry.columns)?;
                    if !materialised_by_mysql(&entry.query) && blocks.merge_wanted(&alias, false) {
                        return Err(MySqlError::not_supported_yet(
                            "EXPLAIN of a common table expression merged into the outer query",
                        ));
                    }
                    // The iterator MySQL names for a CTE of a set operation is UNCONFIRMED
                    // (`derived_set.rs`): not drawn.
                    if self.tree && matches!(*entry.query.body, SetExpr::SetOperation { .. }) {
                        return Err(MySqlError::not_supported_yet(
                            "EXPLAIN FORMAT=TREE of a common table expression of a set operation",
                        ));
                    }
                    let (query, declared) = (entry.query.clone(), entry.columns.clone());
                    // A CTE's query sees only the CTEs defined before it.
                    blocks.hidden.push((at, blocks.ctes.len()));
                    let m = self.materialise(&query, &declared, current_db, cx, blocks);
                    blocks.hidden.pop();
                    let m = m?;
                    crate::sql::column_names::check_unique(&m.columns)?;
                    blocks.ctes[at].materialised = Some(m.clone());
                    m
                }
            };
            let text = DerivedText::Cte(cte_name.clone());
            return Ok(derived_source(&alias, &m, offset, text));
        }
        let (db, table) = match parts.as_slice() {
            [t] => match current_db {
                Some(db) => (db.to_string(), t.clone()),
                None => return Err(MySqlError::no_database_selected()),
            },
            [d, t] => (d.clone(), t.clone()),
            _ => return Err(MySqlError::not_supported_yet("three-part table names")),
        };
        let alias = alias.as_ref().map_or(table.clone(), |a| a.name.value.clone());
        let source = |kind, columns, hints| Source {
            alias: alias.clone(),
            db: db.clone(),
            table: table.clone(),
            kind,
            columns,
            offset,
            outer: false,
            on: None,
            hints,
            after: Vec::new(),
            lateral: false,
            nest: 0,
            hidden: Vec::new(),
        };
        if let Some(text) = (self.system_views)(&db, &table) {
            let columns = self.view_columns(&db, text, depth + 1, cx)?;
            return Ok(source(Kind::View, columns, IndexHints::default()));
        }
        if Catalog::is_system_schema(&db) {
            let columns = (self.system_columns)(&db, &table)?;
            return Ok(source(Kind::System, columns, IndexHints::default()));
        }
        if !self.catalog.has_database(&db) {
            return Err(MySqlError::unknown_database(&db));
        }
        if let Some(t) = self.catalog.table(&db, &table) {
            let columns = t.def.columns.iter().map(|c| c.name.clone()).collect();
            let hints = IndexHints::from_directives(index_directives, Some(t))?
                .with_partitions(partitions, t)?
                .with_icp_hints(&blocks.hints, &alias);
            let mut stored = source(Kind::Stored, columns, hints);
            stored.hidden = (0u32..)
                .zip(&t.def.columns)
                .filter(|(_, c)| c.hidden)
                .filter_map(|(p, c)| Some((p, c.generated.as_ref()?.expr.clone())))
                .collect();
            return Ok(stored);
        }
        if let Some(v) = self.catalog.view(&db, &table) {
            let (text, declared) = (v.query.clone(), v.columns.clone());
            // A view MySQL materialises (TEMPTABLE, or one that groups, aggregates,
            // de-duplicates, limits or is a set operation) is a `<derivedN>` row with its
            // block's DERIVED rows after, as a derived table is; one it would merge but
            // derived_merge.rs does not stays one row of its own (simplification).
            let query = match crate::sql::parse(&text)? {
                crate::sql::Statement::Select(q) => q,
                _ => return Err(MySqlError::unknown("view is not a SELECT")),
            };
            if v.algorithm == "TEMPTABLE"
                || materialised_by_mysql(&query)
                || !blocks.merge_wanted(&alias, v.algorithm == "MERGE")
            {
                // The view's SELECT is named from its own text, in its database, and sees
                // none of the statement's CTEs.
                let saved = std::mem::replace(&mut blocks.sql, text);
                blocks.hidden.push((0, blocks.ctes.len()));
                let m = self.materialise(&query, &declared, Some(&db), cx, blocks);
                blocks.hidden.pop();
                blocks.sql = saved;
                let m = m?;
                let text = DerivedText::View(db.clone(), table.clone());
                return Ok(derived_source(&alias, &m, offset, text));
            }
            let mut columns = self.view_columns(&db, &text, depth + 1, cx)?;
            if !declared.is_empty() {
                if declared.len() != columns.len() {
                    return Err(MySqlError::derived_column_count());
                }
                columns = declared;
            }
            return Ok(source(Kind::View, columns, IndexHints::default()));
        }
        Err(MySqlError::no_such_table(&db, &table))
    }

    /// The column names a view's SELECT produces.
    fn view_columns(
        &mut self,
        db: &str,
        text: &str,
        depth: u32,
        cx: &mut dyn EvalContext,
    ) -> Result<Vec<String>> {
        if depth > VIEW_DEPTH_MAX {
            return Err(MySqlError::unknown("Views nested too deeply"));
        }
        let query = match crate::sql::parse(text)? {
            crate::sql::Statement::Select(q) => q,
            _ => return Err(MySqlError::unknown("view is not a SELECT")),
        };
        let SetExpr::Select(sel) = query.body.as_ref() else {
            return Err(MySqlError::not_supported_yet("UNION and other set operations"));
        };
        // The view's own derived tables are not EXPLAIN rows of this statement.
        let mut scratch = Blocks::new(text);
        let inner = self.explain_sources(&sel.from, Some(db), depth, cx, &mut scratch)?;
        let mut names = Vec::new();
        for item in &sel.projection {
            match item {
                SelectItem::UnnamedExpr(e) => names.push(source_name(e, text)),
                SelectItem::ExprWithAlias { alias, .. } => names.push(alias.value.clone()),
                SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => {
                    let q = wildcard_qualifier(item);
                    for s in &inner {
                        if q.as_deref().is_none_or(|q| s.alias.eq_ignore_ascii_case(q)) {
                            let shown = s.columns.iter().filter(|c| !is_hidden_name(c));
                            names.extend(shown.cloned());
                        }
                    }
                }
                _ => return Err(MySqlError::not_supported_yet("this kind of select item")),
            }
        }
        Ok(names)
    }

    /// The EXPLAIN rows of a bound query.
    fn plan(
        &mut self,
        cx: &mut dyn EvalContext,
        sources: &[Source],
        bound: &Bound,
        facts: &mut tree_plan::BlockFacts,
    ) -> Result<Vec<PlanRow>> {
        let outer_names: Vec<String> =
            self.correlation.outer.iter().map(|o| tree_name(&o.reference)).collect();
        let mut message = |m: &'static str| {
            facts.message = Some(m);
            vec![PlanRow { extra: vec![m], ..PlanRow::default() }]
        };
        if sources.is_empty() {
            let impossible = match &bound.filter {
                Some(f) => eval(f, &[], &[], &mut *cx).ok().and_then(|v| v.truth()) != Some(true),
                None => false,
            };
            return Ok(message(if impossible { "Impossible WHERE" } else { "No tables used" }));
        }
        let stored = |s: &Source| match s.kind {
            Kind::Stored => self.catalog.table(&s.db, &s.table),
            _ => None,
        };

        // The executor's access paths (access_path.rs plan_tables), chosen from the same inputs.
        let tables: Vec<TableInput> = sources
            .iter()
            .map(|s| TableInput {
                table: stored(s),
                offset: s.offset,
                width: s.columns.len() as u32,
                outer: s.outer,
                rows: 0,
                hints: s.hints.clone(),
            })
            .collect();
        let levels = split_conditions(bound.filter.as_ref(), &bound.ons, &tables);
        let mut kinds = Vec::new();
        for t in &tables {
            match t.table {
                Some(table) => kinds.extend(table.def.columns.iter().map(|c| key_kind(&c.ty))),
                None => kinds.extend((0..t.width).map(|_| None)),
            }
        }
        let mut choices = plan_tables(&tables, &levels, &bound.columns, &kinds, &mut |e| {
            eval(e, &[], &[], &mut *cx).ok()
        });
        if !self.correlation.outer.is_empty() {
            dependent::by_outer_columns(&mut choices, &tables, &levels);
        }
        let mut lookup: Option<Key> = None;
        if let (Some(t), Some(c)) = (stored(&sources[0]), choices[0].as_ref()) {
            if let (Path::Ref { index, parts, .. }, "const") = (&c.path, c.access_type) {
                let values: Vec<Value> = parts
                    .iter()
                    .map(|p| match p {
                        BExpr::Lit(v) => v.clone(),
                        _ => Value::Null,
                    })
                    .collect();
                let row = if t.def.index(index).is_some_and(|i| i.primary) {
                    t.get(&Key(values))
                } else {
                    // A unique secondary key: the row it finds, if any.
                    let end = RangeEnd { prefix: values, exclusive: false };
                    let mut found = None;
                    let all = vec![true; t.def.columns.len()];
                    t.index_range(index, Some(&end), Some(&end), &all, &mut |hit| {
                        found = Some(hit.row.clone());
                        false
                    });
                    found
                };
                // MySQL reads a const table while optimizing and reports what it found.
                let Some(row) = row else {
                    return Ok(message("no matching row in const table"));
                };
                if let (Some(f), 1) = (&bound.filter, sources.len()) {
                    if eval(f, &row, &[], &mut *cx).ok().and_then(|v| v.truth()) == Some(false) {
                        return Ok(message("Impossible WHERE noticed after reading const tables"));
                    }
                }
                lookup = Some(Key(Vec::new()));
            }
        }
        // A materialised block of at most one row is a system table: MySQL materialises it
        // while optimizing (TABLE_LIST::materializable_is_const) and reads it first.
        let system = |s: &Source| {
            matches!(s.kind, Kind::Derived { rows: 0..=1, .. }) && !s.outer && !s.lateral
        };
        let first_non_const = (usize::from(lookup.is_some())..sources.len())
            .find(|&i| !system(&sources[i]))
            .unwrap_or(sources.len());

        // Conditions, each checked at the table that completes it.
        let source_of = |c: u32| sources.iter().position(|s| s.contains(c));
        let mut conjuncts = Vec::new();
        let mut add = |e: &BExpr, left_join_of: Option<usize>| {
            let mut parts = Vec::new();
            split_and(e, &mut parts);
            for expr in parts {
                let mut read = BTreeSet::new();
                expr.for_each_column(&mut |c| {
                    if let Some(s) = source_of(c) {
                        read.insert(s);
                    }
                });
                let checked_at = left_join_of.or_else(|| read.last().copied());
                conjuncts.push(Conjunct { expr, sources: read, checked_at, left_join_of });
            }
        };
        if let Some(f) = &bound.filter {
            add(f, None);
        }
        for (i, on) in bound.ons.iter().enumerate() {
            if let Some(on) = on {
                add(on, sources[i].outer.then_some(i));
            }
        }

        // ORDER BY / GROUP BY against the clustered order of a single stored table.
        let single = match sources {
            [s] => stored(s),
            _ => None,
        };
        // A loose index scan, as the executor asks for it first (`plan.rs` use_group_skip).
        let mut loose: Option<group_skip::Loose> = None;
        if let (Some(t), Some(c), None) = (single, choices[0].as_mut(), &lookup) {
            let wanted = group_skip::Wanted {
                group_by: &bound.group_by,
                distinct: bound.distinct,
                items: &bound.items,
                calls: &bound.calls,
                having_aggregates: bound.having_aggregates,
                rollup: bound.rollup,
                windowed: bound.windowing.is_some() || !bound.windows.is_empty(),
                order_by: &bound.order_by,
                conjuncts: &levels.access[0],
            };
            let mut constant = |e: &BExpr| eval(e, &[], &[], &mut *cx).ok();
            loose =
                group_skip::choose(t, c, &wanted, &bound.columns, &sources[0].hints, &mut constant);
        }
        facts.loose = loose.as_ref().is_some_and(|l| l.aggregated);
        let pk_columns: Vec<u32> =
            single.and_then(|t| t.def.primary()).map(|pk| pk.columns.clone()).unwrap_or_default();
        let grouped = !bound.group_by.is_empty() || bound.aggregates;
        let implicit_group = bound.group_by.is_empty() && bound.aggregates;
        let group_by_pk = !bound.group_by.is_empty()
            && bound.group_by.len() <= pk_columns.len()
            && bound
                .group_by
                .iter()
                .filter_map(|g| match g {
                    BExpr::Column(c) if pk_columns[..bound.group_by.len()].contains(c) => Some(c),
                    _ => None,
                })
                .collect::<BTreeSet<_>>()
                .len()
                == bound.group_by.len();
        // ORDER BY a prefix of the primary key, every key going the one way.
        let order_by_pk_going = |descending: bool| {
            !bound.order_by.is_empty()
                && bound.order_by.len() <= pk_columns.len()
                && (bound.order_by.iter().zip(&pk_columns))
                    .all(|((e, desc), c)| *desc == descending && *e == BExpr::Column(*c))
        };
        let order_by_pk = order_by_pk_going(false);
        // ORDER BY the primary key descending over a whole scan, a range or a lookup of
        // several rows of it: the clustered index read backward (the executor's
        // `full_scan_backward` / `primary_range_backward`), as MySQL reads it.
        let order_by_pk_desc = order_by_pk_going(true);
        let clustered_reverse = single
            .is_some_and(|t| choices[0].as_ref().is_some_and(|c| reads_backward(t, c)))
            && lookup.is_none()
            && order_by_pk_desc
            && !grouped
            && !bound.distinct;
        if clustered_reverse {
            if let Some(c) = choices[0].as_mut() {
                c.reverse = true;
            }
        }
        let clustered_order = (single.is_some_and(|t| {
            choices[0].as_ref().is_some_and(|c| c.path == Path::Scan || in_primary_order(t, c))
        }) && lookup.is_none()
            && ((order_by_pk && !grouped && !bound.distinct) || (group_by_pk && !bound.distinct))
            && (bound.order_by.is_empty() || order_by_pk))
            || clustered_reverse;
        // A secondary index read in its order, as the executor asks for it (`plan.rs`
        // use_index_order): the same inputs to `index_order::deliver`.
        let mut index_order = Delivered::default();
        if let (Some(t), Some(c), None, None) = (single, choices[0].as_mut(), &lookup, &loose) {
            let blocked = bound.distinct
                || bound.rollup
                || bound.windowing.is_some()
                || implicit_group
                || clustered_order;
            if !blocked {
                let wanted = index_order::Wanted {
                    order_by: &bound.order_by,
                    group_by: &bound.group_by,
                    limit: bound.limit_rows,
                    unconsumed: levels.check[0].len().saturating_sub(c.consumed.len()),
                };
                index_order =
                    index_order::deliver(t, c, &wanted, &bound.columns, &sources[0].hints);
            }
        }
        // Index condition pushdown on the final paths, as the executor decides it.
        let subquery_parts = std::mem::take(&mut self.subquery_conjuncts);
        let withheld = index_condition::withheld(
            self.index_condition_blocked,
            bound.filter.as_ref(),
            &subquery_parts,
        );
        let switch = index_condition::switch_on(&mut *cx);
        index_condition::push(&mut choices, &tables, &levels, switch, &withheld);
        // Windowing needs its temporary table, a sort per window ordering and, after it, a
        // sort for the statement's ORDER BY (the clustered order is lost by then).
        let needs_temporary = ((!bound.group_by.is_empty() && !group_by_pk && !index_order.group)
            || (bound.distinct && !implicit_group)
            || bound.windowing.is_some())
            && loose.is_none();
        let loose_order = loose.as_ref().is_some_and(|l| l.order);
        let needs_filesort = (!bound.order_by.is_empty()
            && !clustered_order
            && !index_order.order
            && !loose_order
            && !implicit_group)
            || bound.windowing == Some(true)
            || (bound.windowing.is_some() && !bound.order_by.is_empty());
        facts.temporary = needs_temporary;
        facts.sort = needs_filesort;
        facts.streamed = loose.is_some() && needs_filesort;
        facts.windowing = bound.windowing.is_some();

        let mut cardinalities: BTreeMap<(usize, usize), u64> = BTreeMap::new();
        let mut out = Vec::new();
        for (i, s) in sources.iter().enumerate() {
            let t = stored(s);
            let applies = |c: &&Conjunct| c.checked_at == Some(i);
            let checked: Vec<&Conjunct> = conjuncts.iter().filter(applies).collect();

            // possible_keys: indexes whose first column a condition could look up or range.
            let mut usable = BTreeSet::new();
            for c in &conjuncts {
                if c.sources.contains(&i) && c.left_join_of.is_none_or(|j| j == i) {
                    if let Some(cols) = key_columns(&c.expr, s) {
                        usable.extend(cols);
                    }
                }
            }
            let possible: Vec<&str> = t
                .map(|t| {
                    t.def
                        .indexes
                        .iter()
                        .filter(|x| {
                            x.visible
                                && s.hints.allows(&x.name)
                                && x.columns.first().is_some_and(|c| usable.contains(c))
                        })
                        .map(|x| x.name.as_str())
                        .collect()
                })
                .unwrap_or_default();
            let possible_keys = (!possible.is_empty()).then(|| possible.join(","));

            let mut row = PlanRow {
                table: Some(s.alias.clone()),
                possible_keys,
                source: Some(i),
                ..PlanRow::default()
            };
            let choice = choices[i].as_ref();
            // The partitions the read keeps, as the access path chose them.
            if let (Some(p), Some(chosen)) = (
                t.and_then(|t| t.def.partitioning.as_ref()),
                choice.and_then(|c| c.partitions.as_deref()),
            ) {
                row.partitions = Some(p.names(chosen));
            }
            let pick = |list: &[usize]| -> Vec<&BExpr> {
                list.iter().filter_map(|&k| levels.access[i].get(k)).collect()
            };
            let used = choice.map(|c| pick(&c.used)).unwrap_or_default();
            let consumed = choice.map(|c| pick(&c.consumed)).unwrap_or_default();
            let mut eq_selectivity = |column: u32| -> f64 {
                let Some(t) = t else { return FILTER_EQUALITY };
                let mut best: Option<f64> = None;
                for (x, idx) in t.def.indexes.iter().enumerate() {
                    if idx.visible && idx.columns.first() == Some(&column) {
                        let card = *cardinalities
                            .entry((i, x))
                            .or_insert_with(|| index_cardinality(t, idx)[0]);
                        let sel = 1.0 / card.max(1) as f64;
                        best = Some(best.map_or(sel, |b: f64| b.min(sel)));
                    }
                }
                best.unwrap_or(FILTER_EQUALITY)
            };
            // The conditions the index used are in `rows` already.
            let filter: f64 = checked
                .iter()
                .filter(|c| !used.contains(&&c.expr))
                .map(|c| selectivity(&c.expr, s, &mut eq_selectivity))
                .product();
            row.filtered = Some(filter * 100.0);
            row.access = Some("ALL");
            // Conditions tested on the index entry (`Using index condition`) need no
            // `Using where` of their own.
            let pushed: Vec<&BExpr> = (choice.and_then(|c| c.index_condition.as_deref()))
                .map(|x| x.joined.iter().collect())
                .unwrap_or_default();
            let recheck =
                checked.iter().any(|c| !consumed.contains(&&c.expr) && !pushed.contains(&&c.expr));
            let mut buffered = true;
            match (t, choice) {
                (Some(t), Some(c)) if c.path != Path::Scan => {
                    let index = c.path.index().unwrap_or_default();
                    buffered = false;
                    row.access = Some(c.access_type);
                    row.key = Some(index.to_string());
                    row.key_len = Some(key_length(t, &c.key_columns).to_string());
                    // A functional key part is its expression (mysql-test
                    // functional_index.result's FORMAT=JSON).
                    row.key_parts = (c.key_columns.iter())
                        .map(|&k| match t.def.key_part_expression(k) {
                            Some(expr) => expr.to_string(),
                            None => t.def.columns[k as usize].name.clone(),
                        })
                        .collect();
                    if let Path::Ref { parts, .. } = &c.path {
                        let outer = &self.correlation.outer;
                        // A const table's columns are constants by the time others read
                        // them (MySQL reads it while optimizing): `const`.
                        let constant_source = |k: usize| {
                            system(&sources[k])
                                || choices[k].as_ref().is_some_and(|c| c.access_type == "const")
                        };
                        let refs: Vec<String> = (parts.iter().enumerate())
                            .map(|(k, p)| {
                                dependent::reference(c, k, &levels.access[i], outer).unwrap_or_else(
                                    || match p {
                                        BExpr::Column(col)
                                            if source_of(*col)
                                                .is_some_and(|s| s < i && constant_source(s)) =>
                                        {
                                            "const".to_string()
                                        }
                                        p => reference(p, sources),
                                    },
                                )
                            })
                            .collect();
                        row.reference = Some(refs.join(","));
                    }
                    row.rows = Some(c.rows.max(1));
                    if c.access_type == "const" {
                        row.filtered = Some(100.0);
                    }
                    let range = matches!(c.path, Path::Range { .. });
                    if !pushed.is_empty() {
                        row.extra.push("Using index condition");
                    }
                    let unpushed = range && pushed.is_empty() && !checked.is_empty();
                    if c.access_type != "const" && (recheck || unpushed) {
                        row.extra.push("Using where");
                    }
                    if c.reverse {
                        row.extra.push("Backward index scan");
                    }
                    if let Path::GroupSkip(g) = &c.path {
                        row.extra.push(if g.scanning {
                            "Using index for group-by (scanning)"
                        } else {
                            "Using index for group-by"
                        });
                    } else if c.covering && !t.def.index(index).is_some_and(|x| x.primary) {
                        row.extra.push("Using index");
                    }
                }
                (Some(t), _) => {
                    // A pruned scan's estimate is its partitions' rows (`access_path.rs`).
                    let pruned = choice
                        .filter(|c| c.partitions.as_ref().is_some_and(|k| k.contains(&false)));
                    row.rows = Some(pruned.map_or(t.row_count(), |c| c.rows));
                    if clustered_order {
                        row.access = Some("index");
                        row.key = Some("PRIMARY".into());
                        row.key_len = Some(key_length(t, &pk_columns).to_string());
                        row.key_parts = (pk_columns.iter())
                            .map(|&k| t.def.columns[k as usize].name.clone())
                            .collect();
                        // In key order the scan stops once LIMIT has enough rows.
                        if let (Some(n), false) = (bound.limit_rows, grouped) {
                            let needed = (n as f64 / filter.max(f64::MIN_POSITIVE)).ceil() as u64;
                            row.rows = Some(needed.min(t.row_count()));
                        }
                    }
                    if !checked.is_empty() {
                        row.extra.push("Using where");
                    }
                    if clustered_reverse {
                        row.extra.push("Backward index scan");
                    }
                }
                (None, _) if system(s) => {
                    buffered = false;
                    row.table = Some(s.table.clone());
                    row.access = Some("system");
                    row.rows = Some(1);
                    row.filtered = Some(100.0);
                }
                (None, _) => {
                    if let Kind::Derived { rows, .. } = s.kind {
                        row.table = Some(s.table.clone());
                        row.rows = Some(rows);
                    }
                    if let Kind::TableFunction { .. } = s.kind {
                        buffered = false;
                        row.table = Some(s.alias.clone());
                        row.rows = Some(table_function::ROWS_ESTIMATE);
                        row.extra.extend(table_function::EXTRA);
                    }
                    if !checked.is_empty() {
                        row.extra.push("Using where");
                    }
                }
            }
            let unguaranteed: Vec<&&Conjunct> = (checked.iter())
                .filter(|c| !consumed.contains(&&c.expr) && !pushed.contains(&&c.expr))
                .collect();
            row.index_condition = pushed.iter().map(|&e| e.clone()).collect();
            let constant = system(s) || choice.is_some_and(|c| c.access_type == "const");
            if self.json && !constant {
                row.attached = unguaranteed.iter().map(|c| c.expr.clone()).collect();
            }
            row.tree = Some(tree_plan::TreeTable::of(tree_plan::TableFacts {
                source: s,
                index: i,
                table: t,
                choice,
                checked: (unguaranteed.iter())
                    .map(|c| (c.expr.clone(), c.sources.iter().all(|&k| k == i)))
                    .collect(),
                filter,
                buffered: buffered && i > first_non_const && !s.lateral,
                constant,
                index_order: clustered_order,
                sources,
                outer: &outer_names,
                outer_keys: match choice {
                    Some(c) if !self.correlation.outer.is_empty() => (0..c.key_columns.len())
                        .map(|k| {
                            let conditions = &levels.access[i];
                            dependent::reference(c, k, conditions, &self.correlation.outer)
                                .map(|r| tree_name(&r))
                        })
                        .collect(),
                    _ => Vec::new(),
                },
            }));
            if i == first_non_const {
                if needs_temporary || facts.streamed {
                    row.extra.push("Using temporary");
                }
                if needs_filesort {
                    row.extra.push("Using filesort");
                }
            }
            // A LATERAL derived table is made again per row, never buffered.
            if i > first_non_const && buffered && !s.lateral {
                row.extra.push("Using join buffer (hash join)");
            }
            if let Some(next) = sources.get(i + 1).filter(|n| n.lateral) {
                row.rematerialize = Some(format!("Rematerialize ({})", next.table));
            }
            out.push((system(s), row));
        }
        // Const tables are read first, and EXPLAIN lists them first.
        out.sort_by_key(|(is_system, _)| !is_system);
        Ok(out.into_iter().map(|(_, row)| row).collect())
    }
}

/// EXPLAIN's ref for one key part: `const`, the earlier table's column it comes from
/// (`shop.o.id`), or `func` for anything computed.
/// An outer column as the tree writes it, without its database (`shop.c.id` is `c.id`).
fn tree_name(reference: &str) -> String {
    let parts: Vec<&str> = reference.rsplitn(3, '.').collect();
    match parts.as_slice() {
        [column, alias, ..] => format!("{alias}.{column}"),
        _ => reference.to_string(),
    }
}

fn reference(part: &BExpr, sources: &[Source]) -> String {
    match part {
        BExpr::Lit(_) => "const".into(),
        BExpr::Column(c) => sources.iter().find(|s| s.contains(*c)).map_or("func".into(), |s| {
            let column = &s.columns[(c - s.offset) as usize];
            match s.db.as_str() {
                // A materialised block's columns belong to no database.
                "" => format!("{}.{column}", s.alias),
                db => format!("{db}.{}.{column}", s.alias),
            }
        }),
        _ => "func".into(),
    }
}

/// The EXPLAIN result's columns, with the types the client aligns by.
pub fn explain_columns() -> Vec<Column> {
    let text = |name: &str| Column { name: name.into(), numeric: false, nullable: true };
    let number = |name: &str| Column { name: name.into(), numeric: true, nullable: true };
    vec![
        Column::number("id"),
        Column::text("select_type"),
        text("table"),
        text("partitions"),
        text("type"),
        text("possible_keys"),
        text("key"),
        text("key_len"),
        text("ref"),
        number("rows"),
        number("filtered"),
        text("Extra"),
    ]
}

fn row_values(r: PlanRow) -> Row {
    let opt = |s: Option<String>| s.map_or(Value::Null, Value::Str);
    vec![
        Value::UInt(1),
        Value::Str("SIMPLE".into()),
        opt(r.table),
        opt(r.partitions),
        opt(r.access.map(str::to_string)),
        opt(r.possible_keys),
        opt(r.key),
        opt(r.key_len),
        opt(r.reference),
        r.rows.map_or(Value::Null, Value::UInt),
        opt(r.filtered.map(|f| format!("{f:.2}"))),
        {
            let mut extra: Vec<String> = r.extra.iter().map(|e| e.to_string()).collect();
            extra.extend(r.rematerialize);
            opt((!extra.is_empty()).then(|| extra.join("; ")))
        },
    ]
}

#[cfg(test)]
mod tests;
