//! EXPLAIN of derived tables and common table expressions that MySQL materialises: the
//! outer query reads `<derivedN>` (N the select number of the derived query block) and the
//! block's own rows follow with select_type `DERIVED`. A CTE referenced more than once is
//! materialised once: every reference reads the same `<derivedN>`.
//!
//! MySQL's `derived_merge` folds the rest (no aggregate, DISTINCT, GROUP BY, HAVING, LIMIT,
//! set operation or window function) into the outer query, whose rows then name the
//! derived query's tables: `derived_merge.rs` does that before a block is explained. One it
//! could merge but does not (a simplification there) answers error 1235 here, unless a
//! NO_MERGE hint or `derived_merge=off` keeps it materialised; WITH RECURSIVE is
//! `recursive.rs`'s.

use super::tree::{self, Node, Role};
use super::{DerivedText, Explainer, Kind, Source};
use crate::error::{MySqlError, Result};
use crate::sql::expr::EvalContext;
use crate::sql::Value;
use crate::storage::table::Row;
use sqlparser::ast::{Query, SetExpr};

/// The most query blocks one EXPLAIN numbers (derived tables and CTE references nest).
pub(super) const BLOCKS_MAX: u32 = 64;

/// A CTE in scope: its name, the column names it declares and its query; once a reference
/// materialised it, the block that did.
pub(super) struct CteDef {
    pub name: String,
    pub columns: Vec<String>,
    pub query: Query,
    /// The text of the statement that defines it (its unaliased columns are named by it).
    pub sql: std::rc::Rc<str>,
    pub materialised: Option<Materialised>,
    /// Defined under WITH RECURSIVE and reading itself (`recursive.rs`).
    pub recursive: bool,
    /// While its recursive members are explained: its select number and columns, which a
    /// reference to it inside them reads (`recursive.rs`).
    pub recursing: Option<super::recursive::Recursing>,
}

/// A materialised derived query block, as the outer query sees it.
#[derive(Clone)]
pub(super) struct Materialised {
    /// Its select number (the N of `<derivedN>`).
    pub number: u32,
    /// The optimizer's estimate of the rows it holds.
    pub rows: u64,
    /// Its column names.
    pub columns: Vec<String>,
    /// Its Note 1003 text (`/* select#N */ select ...`).
    pub note: String,
    /// EXPLAIN FORMAT=TREE: its block's tree, for the reference that prints it (a CTE's
    /// later references print none).
    pub tree: Option<tree::Node>,
    /// EXPLAIN FORMAT=TREE: the cost of materialising it (its block's).
    pub cost: f64,
    /// EXPLAIN FORMAT=JSON: its block's `query_block`, for the reference that writes it.
    pub json: Option<Box<super::json::Json>>,
    /// A set operation's blocks (`derived_set.rs`): `tree` is already the iterator that
    /// materialises them (`Union materialize ...`).
    pub set: bool,
}

/// The statement's query blocks while EXPLAIN walks it: the next select number, the CTEs in
/// scope and the rows of each materialised block, by select number.
pub(super) struct Blocks {
    /// The statement's text (the spans of its expressions point into it).
    pub sql: String,
    pub next: u32,
    pub ctes: Vec<CteDef>,
    pub derived: Vec<(u32, Vec<Row>)>,
    /// Ranges of `ctes` out of sight: while a CTE's query is explained, itself and the CTEs
    /// after it.
    pub hidden: Vec<(usize, usize)>,
    /// While a block's FROM is explained: its optimizer hint texts and whether
    /// `optimizer_switch` has `derived_merge=on`, which decide whether a derived table, view
    /// or CTE MySQL could merge is materialised instead (`derived_merge::merge_wanted`).
    pub hints: Vec<String>,
    pub derived_merge: bool,
}

impl Blocks {
    pub fn new(sql: &str) -> Blocks {
        Blocks {
            sql: sql.to_string(),
            next: 2,
            ctes: Vec::new(),
            derived: Vec::new(),
            hidden: Vec::new(),
            hints: Vec::new(),
            derived_merge: true,
        }
    }

    /// A fresh select number, or MySQL's error once a statement has too many.
    pub(super) fn number(&mut self) -> Result<u32> {
        if self.next > BLOCKS_MAX {
            return Err(MySqlError::unknown("Too many query blocks in one EXPLAIN"));
        }
        let n = self.next;
        self.next += 1;
        Ok(n)
    }

    /// Whether MySQL merges the FROM item read as `alias` that it could merge, by the
    /// block's hints and the switch (a view created with ALGORITHM=MERGE: `algorithm_merge`).
    pub fn merge_wanted(&self, alias: &str, algorithm_merge: bool) -> bool {
        let switch = self.derived_merge;
        crate::sql::planner::derived_merge::merge_wanted(
            &self.hints,
            alias,
            algorithm_merge,
            &|| switch,
        )
    }

    /// The innermost CTE in scope named `name` (CTE names compare case-sensitively on
    /// Linux, as table names do).
    pub fn cte(&self, name: &str) -> Option<usize> {
        let visible = |i: usize| !self.hidden.iter().any(|&(from, to)| (from..to).contains(&i));
        (0..self.ctes.len()).rev().find(|&i| visible(i) && self.ctes[i].name == name)
    }
}

/// The optimizer's estimate of the rows a block returns (MySQL's `estimated_rowcount` of a
/// materialised derived table): one for an implicitly grouped block, else the join's fan-out
/// (each non-const table's rows times its filtered share), at most its LIMIT.
/// UNCONFIRMED (MYSQL_SPEC.md does not give it): a GROUP BY is not assumed to reduce the
/// estimate, as MySQL's pre-hypergraph optimizer does not.
pub(super) fn estimated_rows(plan: &[Row], implicit_group: bool, limit: Option<u64>) -> u64 {
    if implicit_group {
        return 1;
    }
    let mut fanout = 1.0f64;
    for row in plan {
        let (Some(Value::UInt(rows)), filtered) = (row.get(9), row.get(10)) else {
            continue;
        };
        if matches!(row.get(4), Some(Value::Str(t)) if t == "const" || t == "system") {
            continue;
        }
        let share = match filtered {
            Some(Value::Str(f)) => f.parse::<f64>().unwrap_or(100.0) / 100.0,
            _ => 1.0,
        };
        fanout *= *rows as f64 * share;
    }
    let estimate = fanout.round().max(1.0).min(u64::MAX as f64) as u64;
    limit.map_or(estimate, |l| estimate.min(l))
}

impl Explainer<'_> {
    /// The FROM item for a materialised derived query: explains the query as block `number`
    /// (its rows kept in `blocks`) and returns the source the outer query reads.
    pub(super) fn materialise(
        &mut self,
        query: &Query,
        declared: &[String],
        current_db: Option<&str>,
        cx: &mut dyn EvalContext,
        blocks: &mut Blocks,
    ) -> Result<Materialised> {
        if matches!(*query.body, SetExpr::SetOperation { .. }) {
            return self.materialise_set(query, declared, current_db, cx, blocks, None);
        }
        let number = blocks.number()?;
        let sql = blocks.sql.clone();
        let block = self.explain_block(query, &sql, current_db, cx, blocks)?;
        let mut rows = block.rows;
        for row in &mut rows {
            row[0] = Value::UInt(u64::from(number));
            row[1] = Value::Str("DERIVED".into());
        }
        blocks.derived.push((number, rows));
        let columns = if declared.is_empty() {
            block.columns
        } else if declared.len() == block.columns.len() {
            declared.to_vec()
        } else {
            return Err(MySqlError::derived_column_count());
        };
        let note = block.note.replacen("/* select#1 */", &format!("/* select#{number} */"), 1);
        let cost = block.tree.as_ref().and_then(Node::first_estimate).map_or(0.0, |(c, _)| c);
        let json = block.json.map(|body| {
            let mut fields = vec![("select_id", super::json::Json::UInt(u64::from(number)))];
            fields.extend(body.fields);
            Box::new(super::json::Json::Object(fields))
        });
        Ok(Materialised {
            number,
            rows: block.estimate,
            columns,
            note,
            tree: block.tree,
            cost,
            json,
            set: false,
        })
    }
}

/// The source the outer query reads for a materialised block.
pub(super) fn derived_source(
    alias: &str,
    m: &Materialised,
    offset: u32,
    text: DerivedText,
) -> Source {
    Source {
        alias: alias.to_string(),
        db: String::new(),
        table: format!("<derived{}>", m.number),
        kind: Kind::Derived {
            rows: m.rows,
            plan: materialize_node(m, &text),
            text,
            number: m.number,
            json: m.json.clone(),
        },
        columns: m.columns.clone(),
        offset,
        outer: false,
        on: None,
        hints: Default::default(),
        after: Vec::new(),
        lateral: false,
        nest: 0,
        hidden: Vec::new(),
    }
}

/// EXPLAIN FORMAT=TREE's `Materialize` iterator of a block (`Materialize CTE x` for a CTE),
/// its cost the block's; None without a tree. A CTE reference after the first prints no
/// plan (`if needed (query plan printed elsewhere)`, as MySQL 8.4 does; `shared_ctes`
/// renames the first one's `if needed` once the tree is whole).
fn materialize_node(m: &Materialised, text: &DerivedText) -> Option<Box<Node>> {
    if m.set {
        return m.tree.clone().map(Box::new);
    }
    let (label, children) = match (text, &m.tree) {
        (DerivedText::Inline(_) | DerivedText::View(..), Some(t)) => {
            ("Materialize".to_string(), vec![t.clone()])
        }
        (DerivedText::Cte(name), Some(t)) => (format!("Materialize CTE {name}"), vec![t.clone()]),
        (DerivedText::Cte(name), None) => {
            (format!("Materialize CTE {name} if needed (query plan printed elsewhere)"), vec![])
        }
        (DerivedText::Inline(_) | DerivedText::View(..), None) => return None,
    };
    // UNCONFIRMED: writing the temporary table costs 0.1 per row, fitted to plans MySQL 8.4
    // printed (`Materialize (cost=76894..76894 rows=99982)` over a block costing 66895).
    let written = m.cost + 0.1 * m.rows as f64;
    let mut node = Node::new(label, Some((written, m.rows as f64)));
    node.init_cost = Some(written);
    node.role = Role::Blocking;
    node.children = children;
    Some(Box::new(node))
}

/// Marks the CTEs whose `Materialize CTE x` appears more than once in `root` as shared: the
/// one that prints the plan becomes `Materialize CTE x if needed`.
pub(super) fn shared_ctes(root: &mut Node) {
    let mut elsewhere = Vec::new();
    collect_elsewhere(root, &mut elsewhere);
    rename_shared(root, &elsewhere);
}

pub(super) const ELSEWHERE: &str = " if needed (query plan printed elsewhere)";

fn collect_elsewhere(n: &Node, out: &mut Vec<String>) {
    if let Some(name) =
        n.label.strip_prefix("Materialize CTE ").and_then(|l| l.strip_suffix(ELSEWHERE))
    {
        if out.len() < 64 {
            out.push(name.to_string());
        }
    }
    for c in &n.children {
        collect_elsewhere(c, out);
    }
}

fn rename_shared(n: &mut Node, shared: &[String]) {
    if let Some(name) = n.label.strip_prefix("Materialize CTE ") {
        if shared.iter().any(|s| s == name) {
            n.label.push_str(" if needed");
        }
    }
    for c in n.children.iter_mut() {
        rename_shared(c, shared);
    }
}

/// EXPLAIN's rows for a result set of materialised blocks: the outer block's rows, then each
/// derived block's in select-number order (MySQL's order: depth first, as written).
pub(super) fn all_rows(mut outer: Vec<Row>, mut derived: Vec<(u32, Vec<Row>)>) -> Vec<Row> {
    derived.sort_by_key(|(n, _)| *n);
    for (_, rows) in derived {
        outer.extend(rows);
    }
    outer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::planner::derived_merge::materialised_by_mysql;

    fn plan_row(access: &str, rows: u64, filtered: &str) -> Row {
        let mut r = vec![Value::Null; 12];
        r[4] = Value::Str(access.into());
        r[9] = Value::UInt(rows);
        r[10] = Value::Str(filtered.into());
        r
    }

    #[test]
    fn the_estimate_is_the_fanout_capped_by_limit() {
        let plan = [plan_row("ALL", 3000, "10.00"), plan_row("eq_ref", 1, "100.00")];
        assert_eq!(estimated_rows(&plan, false, None), 300);
        assert_eq!(estimated_rows(&plan, false, Some(10)), 10);
        assert_eq!(estimated_rows(&plan, true, None), 1);
        // A const table contributes no fan-out.
        let plan = [plan_row("const", 1, "100.00"), plan_row("ALL", 50, "33.33")];
        assert_eq!(estimated_rows(&plan, false, None), 17);
    }

    #[test]
    fn merge_rules_follow_derived_merge() {
        let q = |sql: &str| match crate::sql::parse(sql) {
            Ok(crate::sql::Statement::Select(q)) => *q,
            _ => panic!("{sql}"),
        };
        assert!(!materialised_by_mysql(&q("SELECT a FROM t WHERE a > 1")));
        assert!(materialised_by_mysql(&q("SELECT a FROM t LIMIT 3")));
        assert!(materialised_by_mysql(&q("SELECT DISTINCT a FROM t")));
        assert!(materialised_by_mysql(&q("SELECT a, COUNT(*) FROM t GROUP BY a")));
        assert!(materialised_by_mysql(&q("SELECT SUM(a) + 1 FROM t")));
        assert!(materialised_by_mysql(&q("SELECT ROW_NUMBER() OVER () FROM t")));
        assert!(materialised_by_mysql(&q("SELECT 1 UNION SELECT 2")));
    }
}
