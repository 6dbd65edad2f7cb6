//! `derived_merge`: a derived table or view simple enough to need no table of its own is
//! merged into the query that reads it, as MySQL's optimizer does by default
//! (`optimizer_switch` `derived_merge=on`; the manual's "Optimizing Derived Tables, View
//! References, and Common Table Expressions with Merging or Materialization";
//! sql_resolver.cc's `merge_derived`). `FROM (SELECT id AS a, x + 1 FROM t WHERE c) AS d`
//! becomes `FROM t` with `c` added to the outer WHERE, or
//! to the ON condition when `d` is the inner table of a LEFT JOIN, and the outer query's `d.a`
//! and `` `x + 1` `` replaced by `t.id` and `t.x + 1` (`outer_refs.rs`). A view
//! (ALGORITHM=UNDEFINED or MERGE) is merged the same way, with its column
//! list, and so is a common table expression at each reference (a CTE read by another CTE
//! merged into it first). `optimizer_switch`'s `derived_merge=off` and the `MERGE` /
//! `NO_MERGE` hints (`hints.rs`) keep one materialised, or merge it regardless of the
//! switch ([`merge_wanted`]). The rows then stream from `t` along its access path: no internal temporary
//! table (`Created_tmp_tables` does not move), no rows held, and EXPLAIN shows a row of `t`,
//! not a `<derived2>` one.
//!
//! MySQL merges any derived table or view without aggregates, window functions, DISTINCT,
//! GROUP BY, HAVING, LIMIT, set operations, subqueries in the select list or variable
//! assignments ([`materialised_by_mysql`] says which are materialised). One whose SELECT is
//! an inner join of stored tables (`t1 JOIN t2 ON ...`, `t1, t2`) is merged too: its tables
//! join the outer query's, its ON clauses kept, the outer ON on its last table. Simplifications:
//! here the merged one reads one stored table or such an inner join (an outer join inside, a
//! join of views or derived tables, or the derived table as an outer join's inner side is
//! materialised; MySQL merges them as nested joins), has no ORDER BY, no index hints, no non-deterministic function (`UNMERGED_FUNCTIONS`) and
//! no subquery anywhere; and the outer query must be one whose names `outer_refs.rs` can
//! follow (no subquery, no USING / NATURAL join, no LATERAL derived table), else only a
//! derived table of the `SELECT * FROM t` shape, which needs no rewriting, is merged. The
//! merged table takes its inner alias or table name, as MySQL shows it in EXPLAIN and Note
//! 1003, unless another FROM item has that name (then it keeps the derived table's or view's).

mod hints;
mod outer_refs;

pub use hints::block_hints;

/// Whether MySQL merges a FROM item it can merge, read as `alias` in a block whose optimizer
/// hints are `hints` ([`block_hints`]): a `MERGE` / `NO_MERGE` hint naming it decides, then a
/// view's ALGORITHM=MERGE (`algorithm_merge`), then `optimizer_switch`'s `derived_merge`
/// flag (`derived_merge`, asked only when it decides). Where this says no, the item is
/// materialised in an internal temporary table, as one that cannot merge is.
pub fn merge_wanted(
    hints: &[String],
    alias: &str,
    algorithm_merge: bool,
    derived_merge: &dyn Fn() -> bool,
) -> bool {
    match hints::merge_hint_in(hints, alias) {
        Some(said) => said,
        None => algorithm_merge || derived_merge(),
    }
}

use crate::storage::catalog::Catalog;

use sqlparser::ast::{
    BinaryOperator, Expr, FunctionArg, FunctionArgExpr, FunctionArguments, GroupByExpr, Ident,
    InTarget, Join, JoinConstraint, JoinOperator, ObjectName, ObjectNamePart, OrderBy, Query,
    Select, SelectItem, SelectItemQualifiedWildcardKind, SetExpr, TableAlias, TableFactor,
};

/// Whether MySQL materialises a derived table or CTE with this query rather than merging it
/// into the outer query (`derived_merge`): a set operation, DISTINCT, GROUP BY, HAVING, an
/// aggregate, a window function or LIMIT does. The executor (server/query/cte.rs) and EXPLAIN
/// both ask it.
pub fn materialised_by_mysql(q: &Query) -> bool {
    if q.limit_clause.is_some() {
        return true;
    }
    match q.body.as_ref() {
        SetExpr::Select(s) => {
            s.distinct.is_some()
                || s.having.is_some()
                || !matches!(&s.group_by, GroupByExpr::Expressions(e, _) if e.is_empty())
                || has_aggregate_item(s)
        }
        _ => true,
    }
}

pub fn has_aggregate_item(s: &Select) -> bool {
    s.projection.iter().any(|item| match item {
        SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => aggregates(e),
        _ => false,
    })
}

/// Whether an expression calls an aggregate or window function (outside any subquery).
/// (Also the aggregates a recursive CTE's block may not hold.)
fn aggregates(e: &Expr) -> bool {
    const NAMES: &[&str] = &[
        "avg",
        "bit_and",
        "bit_or",
        "bit_xor",
        "count",
        "group_concat",
        "json_arrayagg",
        "json_objectagg",
        "max",
        "min",
        "std",
        "stddev",
        "stddev_pop",
        "stddev_samp",
        "sum",
        "var_pop",
        "var_samp",
        "variance",
    ];
    match e {
        Expr::Function(f) => {
            let name = f.name.to_string().to_ascii_lowercase();
            if NAMES.contains(&name.as_str()) || f.over.is_some() {
                return true;
            }
            match &f.args {
                FunctionArguments::List(l) => l.args.iter().any(|a| match a {
                    sqlparser::ast::FunctionArg::Unnamed(
                        sqlparser::ast::FunctionArgExpr::Expr(x),
                    ) => aggregates(x),
                    _ => false,
                }),
                _ => false,
            }
        }
        Expr::BinaryOp { left, right, .. } => aggregates(left) || aggregates(right),
        Expr::UnaryOp { expr, .. } | Expr::Nested(expr) | Expr::Cast { expr, .. } => {
            aggregates(expr)
        }
        _ => false,
    }
}

/// Whether `flag` is on in an `optimizer_switch` value (`a=on,b=off,...`); a flag the value
/// does not name is on, as every flag this asks about is by default.
pub fn switch_flag_on(flags: &str, flag: &str) -> bool {
    !flags.split(',').any(|f| {
        f.trim()
            .split_once('=')
            .is_some_and(|(n, v)| n.eq_ignore_ascii_case(flag) && v.eq_ignore_ascii_case("off"))
    })
}

/// What a table name in FROM names, as far as the merge needs to know.
pub enum Named {
    /// A stored table: its database, its name and its columns in order.
    Stored { db: String, table: String, columns: Vec<String> },
    /// A view MySQL may merge (ALGORITHM=UNDEFINED or MERGE, never TEMPTABLE): its database,
    /// its SELECT (parsed, and as written: its unaliased columns are named by that text),
    /// its column list if it declares one, and whether it is in the session's database
    /// (a function its SELECT calls is then resolved where the outer query's are).
    /// `algorithm_merge`: created with ALGORITHM=MERGE, merged whatever `derived_merge` says
    /// (the manual's "View Processing Algorithms": the flag decides for a view without one).
    View {
        db: String,
        query: Box<Query>,
        text: String,
        columns: Vec<String>,
        local: bool,
        algorithm_merge: bool,
    },
    /// A common table expression in scope (a one-part name only): its query, the text of
    /// the statement that defines it and its column list. MySQL merges one as it merges a
    /// derived table (with_non_recursive.result: `WITH qn AS (SELECT ...) ... FROM qn` is
    /// explained SIMPLE on the CTE's table). Answered to a [`Wanted::View`] question, for a
    /// CTE MySQL may merge; to any other a CTE's name is `None` (never a stored table). `order`: its
    /// place among the statement's CTEs (its WITH's depth, then its place in that WITH), by
    /// which its own query sees only the CTEs before it.
    Cte { query: Box<Query>, text: std::rc::Rc<str>, columns: Vec<String>, order: (usize, usize) },
}

/// The aliases a select list gives its items (`expr AS name`), in order: the names GROUP BY,
/// HAVING and ORDER BY may use besides the FROM tables' columns.
pub fn select_aliases(sel: &Select) -> Vec<String> {
    sel.projection
        .iter()
        .filter_map(|i| match i {
            SelectItem::ExprWithAlias { alias, .. } => Some(alias.value.clone()),
            _ => None,
        })
        .collect()
}

/// Tells what a table name in FROM is: `None` for anything the merge leaves alone (a CTE in
/// scope, a system table, a TEMPTABLE view, an unknown name). The second argument is the
/// database an unqualified name is looked up in when it is not the session's (a view's
/// SELECT names its tables from the view's database).
/// The third says what the caller wants: a FROM item of the outer query is merged only if it
/// is a view, and asking for just that spares listing a stored table's columns (and checking
/// its privileges) on every SELECT.
pub type Resolve<'a> = dyn Fn(&ObjectName, Option<&str>, Wanted) -> Option<Named> + 'a;

/// What a [`Resolve`] call wants to know of a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// A view MySQL may merge; a stored table of that name gives `None`.
    View,
    /// A stored table (with its columns) or a view MySQL may merge.
    Any,
}

/// What table `table` of database `db` is, for the merge: a stored table or a view MySQL may
/// merge (not a system table or a TEMPTABLE view); `current`: the session's database.
/// With [`Wanted::View`], a stored table is `None` at once.
pub fn named_in(
    catalog: &Catalog,
    current: Option<&str>,
    db: &str,
    table: &str,
    wanted: Wanted,
) -> Option<Named> {
    if Catalog::is_system_schema(db) || db.eq_ignore_ascii_case("sys") {
        return None;
    }
    if let Some(t) = catalog.table(db, table) {
        if wanted == Wanted::View {
            return None;
        }
        // Names only (for `*` and for resolving names): a hidden column is neither.
        let columns = t.def.visible_columns().map(|(_, c)| c.name.clone()).collect();
        return Some(Named::Stored { db: db.to_string(), table: table.to_string(), columns });
    }
    let v = catalog.view(db, table)?;
    if v.algorithm == "TEMPTABLE" {
        return None;
    }
    let crate::sql::Statement::Select(query) = crate::sql::parse(&v.query).ok()? else {
        return None;
    };
    Some(Named::View {
        db: db.to_string(),
        query,
        text: v.query.clone(),
        columns: v.columns.clone(),
        local: current.is_some_and(|c| c == db),
        algorithm_merge: v.algorithm == "MERGE",
    })
}

/// Merges every mergeable derived table and view of `sel`'s FROM into `sel`; `order_by` is
/// the query's ORDER BY, whose names are rewritten with the select list's, and `sql` the
/// text `sel` was parsed from (it names the unaliased columns). Returns whether any was.
///
/// A derived table whose select list is `*` with no column list needs no rewriting of the
/// outer query: its columns are its table's under the same alias. Any other needs every
/// reference of the outer query to one of its columns replaced by the expression behind it
/// (`outer_refs.rs`); when one cannot be rewritten soundly, only the first kind is merged
/// and the rest are materialised as before.
///
/// `derived_merge`: the `optimizer_switch` flag of that name (asked only when an item could
/// merge); with it off, only a view created with ALGORITHM=MERGE and an item a `MERGE` hint
/// names are merged. A `NO_MERGE` hint keeps any materialised.
pub fn merge_derived_tables(
    sel: &mut Select,
    order_by: &mut Option<OrderBy>,
    sql: &str,
    resolve: &Resolve,
    derived_merge: &dyn Fn() -> bool,
) -> bool {
    merge_at_depth(sel, order_by, sql, resolve, derived_merge, 0)
}

/// Whether [`merge_derived_tables`] would merge anything of `sel` (its first step, on a
/// borrowed SELECT): false lets the caller skip copying a SELECT it would not change.
pub fn merges_any(
    sel: &Select,
    sql: &str,
    resolve: &Resolve,
    derived_merge: &dyn Fn() -> bool,
) -> bool {
    candidates(sel, sql, resolve, true, derived_merge, 0).iter().any(Option::is_some)
}

/// Views and derived tables merged into one another: at most this many levels deep (a view
/// of a view of ...), the deeper ones materialised. A view cannot name itself when it is
/// created, but `CREATE OR REPLACE VIEW` can close a loop, which this also bounds. (MySQL
/// refuses such a loop with ERROR 1462; the materialising path reports what it reports.)
const NESTING_MAX: u32 = 16;

/// [`merge_derived_tables`] for a query `depth` levels inside views and derived tables.
fn merge_at_depth(
    sel: &mut Select,
    order_by: &mut Option<OrderBy>,
    sql: &str,
    resolve: &Resolve,
    derived_merge: &dyn Fn() -> bool,
    depth: u32,
) -> bool {
    let candidates = candidates(sel, sql, resolve, true, derived_merge, depth);
    if candidates.iter().all(Option::is_none) {
        return false;
    }
    let renamed = candidates.iter().flatten().any(Candidate::renamed);
    if candidates.iter().flatten().any(|c| !c.identity) {
        let mut rewritten = sel.clone();
        let mut rewritten_order = order_by.clone();
        if outer_refs::rewrite(&mut rewritten, &mut rewritten_order, &candidates, sql, resolve) {
            *sel = rewritten;
            *order_by = rewritten_order;
            apply(sel, candidates);
            return true;
        }
    }
    // The outer query's names cannot all be followed: only the `SELECT * FROM t` shape, which
    // needs no rewriting, is merged, under its own alias.
    let candidates = if renamed {
        self::candidates(sel, sql, resolve, false, derived_merge, depth)
    } else {
        candidates
    };
    let identity: Vec<Option<Candidate>> =
        candidates.into_iter().map(|c| c.filter(|c| c.identity)).collect();
    if identity.iter().all(Option::is_none) {
        return false;
    }
    apply(sel, identity);
    true
}

/// The FROM items of `sel` MySQL would merge and this file can, in written order (a FROM
/// item and then its joins; a parenthesised join is not looked into). With `rename`, each
/// takes its inner table's name where no other FROM item has it ([`candidate`]).
fn candidates(
    sel: &Select,
    sql: &str,
    resolve: &Resolve,
    rename: bool,
    derived_merge: &dyn Fn() -> bool,
    depth: u32,
) -> Vec<Option<Candidate>> {
    let mut out: Vec<Option<Candidate>> = Vec::new();
    let candidate = |factor: &TableFactor, out: &[Option<Candidate>]| {
        // Asked only of a table that can merge: most SELECTs have none.
        let taken = || taken_names(sel, out);
        let taken: &dyn Fn() -> Vec<String> = &taken;
        let c =
            self::candidate(factor, sql, resolve, rename.then_some(taken), derived_merge, depth)?;
        let hints = hints::block_hints(sel);
        merge_wanted(&hints, &c.alias.value, c.algorithm_merge, derived_merge).then_some(c)
    };
    for twj in &sel.from {
        // The inner side of a RIGHT JOIN is a FROM item's left part: a merged WHERE would
        // have to join its ON clause, which this does not do, so such one is not merged
        // when it has a WHERE.
        let right = twj.joins.iter().any(|j| {
            matches!(j.join_operator, JoinOperator::Right(_) | JoinOperator::RightOuter(_))
        });
        let keep = |c: Option<Candidate>| {
            c.filter(|c| !right || (c.condition.is_none() && c.joined.is_empty()))
        };
        let c = keep(candidate(&twj.relation, &out));
        out.push(c);
        for join in &twj.joins {
            // A join inside is merged only where the derived table is inner-joined (its
            // tables join the outer query's; as the inner side of an outer join they would
            // need a nested join: simplification, materialised).
            let inner = matches!(
                join.join_operator,
                JoinOperator::Join(JoinConstraint::On(_) | JoinConstraint::None)
                    | JoinOperator::Inner(JoinConstraint::On(_) | JoinConstraint::None)
                    | JoinOperator::CrossJoin(JoinConstraint::None)
            );
            let c = keep(candidate(&join.relation, &out)).filter(|c| inner || c.joined.is_empty());
            out.push(c);
        }
    }
    out
}

/// The names a merged table may not take, for the FROM item after the candidates in `out`:
/// every other FROM item's, and the names earlier candidates took.
fn taken_names(sel: &Select, out: &[Option<Candidate>]) -> Vec<String> {
    let factors = sel.from.iter().flat_map(|twj| {
        std::iter::once(&twj.relation).chain(twj.joins.iter().map(|j| &j.relation))
    });
    let mut taken = Vec::new();
    for (k, factor) in factors.enumerate() {
        match out.get(k) {
            // An earlier candidate: the names its tables took.
            Some(Some(c)) => taken.extend(c.names().map(|n| n.value.clone())),
            _ if k != out.len() => taken.extend(factor_names(factor)),
            _ => {}
        }
    }
    taken
}

/// The names a FROM item makes visible: its alias, or its table's name; every table's of a
/// parenthesised join.
fn factor_names(factor: &TableFactor) -> Vec<String> {
    match factor {
        TableFactor::Table { name, alias, .. } => match alias {
            Some(a) => vec![a.name.value.clone()],
            None => name
                .0
                .last()
                .and_then(|p| p.as_ident())
                .map(|i| i.value.clone())
                .into_iter()
                .collect(),
        },
        TableFactor::Derived { alias: Some(a), .. } => vec![a.name.value.clone()],
        TableFactor::NestedJoin { table_with_joins: twj, .. } => std::iter::once(&twj.relation)
            .chain(twj.joins.iter().map(|j| &j.relation))
            .flat_map(factor_names)
            .collect(),
        _ => Vec::new(),
    }
}

/// Replaces each candidate's FROM item by its stored table under its alias (and the other
/// tables of a join inside, inner-joined after it with their ON clauses), and adds its WHERE
/// to the outer WHERE, or to the ON clause when it is the inner table of a LEFT JOIN.
fn apply(sel: &mut Select, candidates: Vec<Option<Candidate>>) {
    let mut added: Vec<Expr> = Vec::new();
    let mut each = candidates.into_iter();
    for twj in &mut sel.from {
        let mut joins = Vec::with_capacity(twj.joins.len());
        if let Some(c) = each.next().flatten() {
            let (condition, tables) = c.replace(&mut twj.relation);
            added.extend(condition);
            joins.extend(tables);
        }
        for mut join in std::mem::take(&mut twj.joins) {
            let Some(c) = each.next().flatten() else {
                joins.push(join);
                continue;
            };
            let (condition, mut tables) = c.replace(&mut join.relation);
            if let Some(last) = tables.last_mut() {
                // An inner join of the derived table: its ON may read any of the merged
                // tables, so it moves to the join of the last one (for an inner join, the
                // same condition), and the first is joined on nothing.
                let outer_on = match std::mem::replace(
                    &mut join.join_operator,
                    JoinOperator::Join(JoinConstraint::None),
                ) {
                    JoinOperator::Join(JoinConstraint::On(on))
                    | JoinOperator::Inner(JoinConstraint::On(on)) => Some(on),
                    _ => None,
                };
                if let (Some(on), JoinOperator::Join(c)) = (outer_on, &mut last.join_operator) {
                    and_into_on(c, Expr::Nested(Box::new(on)));
                }
                added.extend(condition);
                joins.push(join);
                joins.extend(tables);
                continue;
            }
            if let Some(condition) = condition {
                match &mut join.join_operator {
                    // The inner table of a LEFT JOIN: its rows are filtered before they
                    // match, so the condition joins the ON clause (in WHERE it would drop
                    // the NULL rows).
                    JoinOperator::Left(c) | JoinOperator::LeftOuter(c) => and_into_on(c, condition),
                    _ => added.push(condition),
                }
            }
            joins.push(join);
        }
        twj.joins = joins;
    }
    for condition in added {
        sel.selection = Some(match sel.selection.take() {
            Some(outer) => and(outer, condition),
            None => condition,
        });
    }
}

fn and(left: Expr, right: Expr) -> Expr {
    Expr::BinaryOp { left: Box::new(left), op: BinaryOperator::And, right: Box::new(right) }
}

fn and_into_on(constraint: &mut JoinConstraint, condition: Expr) {
    *constraint = match std::mem::replace(constraint, JoinConstraint::None) {
        JoinConstraint::On(on) => JoinConstraint::On(and(on, condition)),
        _ => JoinConstraint::On(condition),
    };
}

/// A derived table or view that can be merged: what replaces it and what its columns are.
pub(crate) struct Candidate {
    /// The derived table's alias, or the view's name or alias: the name the outer query
    /// reads it by.
    pub(crate) alias: Ident,
    /// The merged table's name in the outer query: its inner alias or table name, as MySQL
    /// shows it in EXPLAIN and Note 1003, or `alias` where another FROM item has that name.
    pub(crate) merged_as: Ident,
    /// Whether the merged table is written with `merged_as` as its alias (not when that is
    /// just the table's own name).
    aliased: bool,
    db: String,
    table: String,
    /// The stored table's columns (the names an outer query must not newly see).
    pub(crate) base_columns: Vec<String>,
    /// The derived table's columns: each name, and the expression it stands for, its
    /// columns named through `merged_as`.
    pub(crate) columns: Vec<(String, Expr)>,
    /// Its WHERE, named through `merged_as`.
    condition: Option<Expr>,
    /// `SELECT *` and no column list: its columns are the table's, under the same names.
    pub(crate) identity: bool,
    /// A view created with ALGORITHM=MERGE: merged even with `derived_merge=off`.
    algorithm_merge: bool,
    /// The other tables of an inner join inside, in order, after the first (`db`.`table`).
    joined: Vec<Joined>,
}

/// A table of a merged derived table's inner join after its first one.
struct Joined {
    db: String,
    table: String,
    merged_as: Ident,
    aliased: bool,
    /// The ON clause that joins it, named through the merged tables.
    on: Option<Expr>,
}

impl Candidate {
    /// Whether a merged table takes another name than the outer query reads it by.
    pub(crate) fn renamed(&self) -> bool {
        self.names().any(|n| n.value != self.alias.value)
    }

    /// The names its merged tables take in the outer query.
    pub(crate) fn names(&self) -> impl Iterator<Item = &Ident> {
        std::iter::once(&self.merged_as).chain(self.joined.iter().map(|j| &j.merged_as))
    }

    /// Puts the stored table in `factor`'s place; returns the WHERE to add and the joins of
    /// the other tables of a join inside, with their ON clauses.
    fn replace(self, factor: &mut TableFactor) -> (Option<Expr>, Vec<Join>) {
        *factor = stored_factor(self.db, self.table, self.aliased.then_some(self.merged_as));
        let joins = self
            .joined
            .into_iter()
            .map(|j| Join {
                relation: stored_factor(j.db, j.table, j.aliased.then_some(j.merged_as)),
                global: false,
                join_operator: JoinOperator::Join(match j.on {
                    Some(on) => JoinConstraint::On(Expr::Nested(Box::new(on))),
                    None => JoinConstraint::None,
                }),
            })
            .collect();
        (self.condition.map(|w| Expr::Nested(Box::new(w))), joins)
    }
}

/// The name and alias of a FROM item that names a table and nothing more (no index hints,
/// partitions, table function arguments or other dialects' clauses): the only table
/// reference a merge moves between queries.
fn plain_table(factor: &TableFactor) -> Option<(&ObjectName, Option<&TableAlias>)> {
    match factor {
        TableFactor::Table {
            name,
            alias,
            args: None,
            with_hints,
            version: None,
            with_ordinality: false,
            partitions,
            json_path: None,
            sample: None,
            index_directives,
            inheritance: None,
        } if with_hints.is_empty() && partitions.is_empty() && index_directives.is_empty() => {
            Some((name, alias.as_ref()))
        }
        _ => None,
    }
}

/// A FROM item reading stored table `db`.`table`, under `alias` if given.
fn stored_factor(db: String, table: String, alias: Option<Ident>) -> TableFactor {
    TableFactor::Table {
        name: ObjectName(vec![
            ObjectNamePart::Identifier(Ident::new(db)),
            ObjectNamePart::Identifier(Ident::new(table)),
        ]),
        alias: alias.map(|name| TableAlias { explicit: true, name, columns: Vec::new(), at: None }),
        args: None,
        with_hints: Vec::new(),
        version: None,
        with_ordinality: false,
        partitions: Vec::new(),
        json_path: None,
        sample: None,
        index_directives: Vec::new(),
        inheritance: None,
    }
}

/// The FROM item `factor` as a merge candidate, or `None` when it is not one: a derived
/// table (not LATERAL), a view or a CTE MySQL would merge, over one stored table or an inner
/// join of them (`body_tables`), whose select list
/// and WHERE this file can name through the alias.
///
/// `rename`: the names the outer query's other FROM items have (and earlier candidates took),
/// asked only once the item can merge; the merged table takes its inner alias or table name unless one of them is it. MySQL
/// names a merged table so in EXPLAIN, EXPLAIN FORMAT=TREE and Note 1003 (`table` is
/// `page_views`, not the view's name). Simplification: where the name is taken (a view read
/// twice, or beside its own base table), the merged table keeps the outer alias; MySQL shows
/// the same name twice.
fn candidate(
    factor: &TableFactor,
    sql: &str,
    resolve: &Resolve,
    rename: Option<&dyn Fn() -> Vec<String>>,
    derived_merge: &dyn Fn() -> bool,
    depth: u32,
) -> Option<Candidate> {
    // A view's or CTE's SELECT, parsed from its text: the merge reads it from here.
    let view: (Option<String>, Box<Query>, String, bool);
    let mut algorithm_merge = false;
    let mut cte_order: Option<(usize, usize)> = None;
    let (query, inner_sql, inner_db, declared, alias, local): (
        &Query,
        &str,
        Option<&str>,
        Vec<String>,
        Ident,
        bool,
    ) = match factor {
        TableFactor::Derived { lateral: false, subquery, alias: Some(a), sample: None } => {
            if a.columns.iter().any(|c| c.data_type.is_some()) {
                return None;
            }
            let declared = a.columns.iter().map(|c| c.name.value.clone()).collect();
            (subquery, sql, None, declared, a.name.clone(), true)
        }
        TableFactor::Table { .. } => {
            let (name, outer_alias) = plain_table(factor)?;
            if outer_alias.as_ref().is_some_and(|a| !a.columns.is_empty()) {
                return None;
            }
            let last = name.0.last()?.to_string().trim_matches('`').to_string();
            let alias = outer_alias.as_ref().map_or(Ident::new(last), |a| a.name.clone());
            match resolve(name, None, Wanted::View)? {
                Named::View { db, query, text, columns, local, algorithm_merge: forced } => {
                    algorithm_merge = forced;
                    view = (Some(db), query, text, local);
                    (&view.1, view.2.as_str(), view.0.as_deref(), columns, alias, view.3)
                }
                // A CTE's query names its tables from the session's database, as the outer
                // query does.
                Named::Cte { query, text, columns, order } => {
                    cte_order = Some(order);
                    view = (None, query, text.to_string(), true);
                    (&view.1, view.2.as_str(), None, columns, alias, true)
                }
                Named::Stored { .. } => return None,
            }
        }
        _ => return None,
    };
    if materialised_by_mysql(query) {
        return None;
    }
    // A CTE's query sees only the CTEs defined before it (a non-recursive WITH): a name the
    // outer query reads as a later CTE (or as itself) is not known here, and the CTE is then
    // not merged (MySQL reads such a name as a stored table, or fails with ERROR 1146; the
    // materialising path does that).
    let within =
        |name: &ObjectName, db: Option<&str>, wanted: Wanted| match resolve(name, db, wanted) {
            Some(Named::Cte { order, .. }) if cte_order.is_some_and(|at| order >= at) => None,
            other => other,
        };
    let resolve: &Resolve = &within;
    let sel = mergeable_select(query)?;
    let single = matches!(sel.from.as_slice(), [twj] if twj.joins.is_empty());
    // A view or derived table read through another: the inner one is merged into this one
    // first, as MySQL merges them all into the outermost query. (Simplification: only where
    // it is the one table read; a join of views or derived tables inside is materialised.)
    let nested: Query;
    let sel = match sel.from.first().map(|twj| &twj.relation) {
        Some(TableFactor::Derived { .. }) if single => {
            nested = merged_inside(query, inner_sql, inner_db, resolve, derived_merge, depth)?;
            mergeable_select(&nested)?
        }
        Some(TableFactor::Table { name, .. })
            if single
                && matches!(
                    resolve(name, inner_db, Wanted::View),
                    Some(Named::View { .. } | Named::Cte { .. })
                ) =>
        {
            nested = merged_inside(query, inner_sql, inner_db, resolve, derived_merge, depth)?;
            mergeable_select(&nested)?
        }
        _ => sel,
    };
    let listed = body_tables(sel)?;
    let single = listed.len() == 1;
    // Each table of the body: what it is, the names its clauses give it, the name it takes.
    let mut targets: Vec<Target> = Vec::new();
    let mut ons: Vec<Option<&Expr>> = Vec::new();
    for (factor, on) in listed {
        // Simplification: index hints inside the derived table or view are not carried to
        // the merged table (MySQL keeps them); such one is materialised.
        let (name, inner_alias) = plain_table(factor)?;
        let Named::Stored { db, table, columns } = resolve(name, inner_db, Wanted::Any)? else {
            return None;
        };
        // The names the derived table's own clauses may qualify its columns with.
        let inner_name = match inner_alias {
            Some(a) if a.columns.is_empty() => a.name.value.clone(),
            Some(_) => return None,
            None => table.clone(),
        };
        let free = |taken: &dyn Fn() -> Vec<String>| {
            !taken().iter().any(|t| t.eq_ignore_ascii_case(&inner_name))
        };
        let merged_as = match rename {
            Some(taken) if free(taken) => Ident::new(inner_name.clone()),
            // One table keeps the outer name where its own is taken.
            _ if single => alias.clone(),
            // Simplification: a join's tables must all take their own names (MySQL shows a
            // name twice where two tables have it); else the derived table is materialised.
            _ => return None,
        };
        let aliased = inner_alias.is_some() || merged_as.value != table;
        let qualifiers =
            Qualifiers { name: inner_name, db: db.clone(), aliased: inner_alias.is_some() };
        targets.push(Target { merged_as, aliased, db, table, qualifiers, columns });
        ons.push(on);
    }
    let rules = Rewrite { targets: &targets, functions: local };
    let mut columns: Vec<(String, Expr)> = Vec::new();
    let through = |t: &Target| -> Vec<(String, Expr)> {
        t.columns
            .iter()
            .map(|c| {
                let e = Expr::CompoundIdentifier(vec![t.merged_as.clone(), Ident::new(c.clone())]);
                (c.clone(), e)
            })
            .collect()
    };
    for item in &sel.projection {
        match item {
            SelectItem::Wildcard(options) if plain(options) => {
                columns.extend(targets.iter().flat_map(through));
            }
            SelectItem::QualifiedWildcard(SelectItemQualifiedWildcardKind::ObjectName(n), o)
                if plain(o) =>
            {
                let parts: Vec<Ident> =
                    n.0.iter().map(|p| p.as_ident().cloned()).collect::<Option<Vec<Ident>>>()?;
                let t = targets.iter().find(|t| t.qualifiers.names_table(&parts))?;
                columns.extend(through(t));
            }
            SelectItem::UnnamedExpr(e) => {
                let name = header(e, inner_sql);
                let mut e = e.clone();
                if !rules.requalify(&mut e) {
                    return None;
                }
                columns.push((name, e));
            }
            SelectItem::ExprWithAlias { expr, alias: a } => {
                let mut e = expr.clone();
                if !rules.requalify(&mut e) {
                    return None;
                }
                columns.push((a.value.clone(), e));
            }
            _ => return None,
        }
    }
    let identity = single
        && declared.is_empty()
        && matches!(sel.projection.as_slice(), [SelectItem::Wildcard(_)])
        && targets[0].merged_as.value == alias.value;
    if !declared.is_empty() {
        // A column list of the wrong length is ERROR 1353, which the materialising path
        // reports.
        if declared.len() != columns.len() {
            return None;
        }
        for (column, name) in columns.iter_mut().zip(declared) {
            column.0 = name;
        }
    }
    // Duplicate column names are ERROR 1060, which the materialising path reports.
    for (i, (name, _)) in columns.iter().enumerate() {
        if columns[..i].iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
            return None;
        }
    }
    let requalified = |e: Option<&Expr>| -> Result<Option<Expr>, ()> {
        match e {
            Some(w) => {
                let mut w = w.clone();
                if rules.requalify(&mut w) {
                    Ok(Some(w))
                } else {
                    Err(())
                }
            }
            None => Ok(None),
        }
    };
    let condition = requalified(sel.selection.as_ref()).ok()?;
    let mut joined = Vec::new();
    for (t, on) in targets.iter().zip(&ons).skip(1) {
        let on = requalified(*on).ok()?;
        joined.push(Joined {
            db: t.db.clone(),
            table: t.table.clone(),
            merged_as: t.merged_as.clone(),
            aliased: t.aliased,
            on,
        });
    }
    let base_columns = targets.iter().flat_map(|t| t.columns.iter().cloned()).collect();
    let first = targets.swap_remove(0);
    Some(Candidate {
        alias,
        merged_as: first.merged_as,
        aliased: first.aliased,
        db: first.db,
        table: first.table,
        base_columns,
        columns,
        condition,
        identity,
        algorithm_merge,
        joined,
    })
}

/// The tables a derived table's body reads, in order, each with the ON clause of the inner
/// join that adds it: `t`, `t1 JOIN t2 ON c ...` (JOIN, INNER JOIN, CROSS JOIN, with ON or
/// none) or `t1, t2, ...` of single tables. `None` for any other shape: an outer join,
/// USING / NATURAL, STRAIGHT_JOIN, a parenthesised join, or a comma list of joins (whose ON
/// clauses see fewer tables than a flattened join's would).
/// Simplification: MySQL merges outer joins inside too (as nested joins); here such one is
/// materialised.
fn body_tables(sel: &Select) -> Option<Vec<(&TableFactor, Option<&Expr>)>> {
    let mut out = Vec::new();
    let commas = sel.from.len() > 1;
    for twj in &sel.from {
        if commas && !twj.joins.is_empty() {
            return None;
        }
        out.push((&twj.relation, None));
        for join in &twj.joins {
            if join.global {
                return None;
            }
            let on = match &join.join_operator {
                JoinOperator::Join(c) | JoinOperator::Inner(c) | JoinOperator::CrossJoin(c) => {
                    match c {
                        JoinConstraint::On(on) => Some(on),
                        JoinConstraint::None => None,
                        _ => return None,
                    }
                }
                _ => return None,
            };
            out.push((&join.relation, on));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// One table of a merged derived table's body, as its clauses are rewritten.
struct Target {
    /// The name it takes in the outer query.
    merged_as: Ident,
    /// Whether it is written with `merged_as` as an alias.
    aliased: bool,
    db: String,
    table: String,
    /// How the body's clauses may name it.
    qualifiers: Qualifiers,
    /// Its columns.
    columns: Vec<String>,
}

/// `query` (a view's or derived table's, parsed from `sql`, its names resolved in `db`) with
/// the views and derived tables it reads merged into it, or `None` when none is.
fn merged_inside(
    query: &Query,
    sql: &str,
    db: Option<&str>,
    resolve: &Resolve,
    derived_merge: &dyn Fn() -> bool,
    depth: u32,
) -> Option<Query> {
    if depth + 1 >= NESTING_MAX {
        return None;
    }
    let mut q = query.clone();
    let SetExpr::Select(sel) = q.body.as_mut() else { return None };
    let in_db =
        |name: &ObjectName, d: Option<&str>, wanted: Wanted| resolve(name, d.or(db), wanted);
    merge_at_depth(sel, &mut q.order_by, sql, &in_db, derived_merge, depth + 1).then_some(q)
}

/// The name MySQL gives an unaliased select-list item: a column reference's column as typed
/// (without its quotes), anything else its text.
pub(crate) fn header(e: &Expr, sql: &str) -> String {
    match e {
        Expr::Identifier(c) if !c.value.starts_with('@') => c.value.clone(),
        _ => crate::sql::parser::column_name::source_name(e, sql),
    }
}

fn plain(options: &sqlparser::ast::WildcardAdditionalOptions) -> bool {
    options.opt_ilike.is_none()
        && options.opt_exclude.is_none()
        && options.opt_except.is_none()
        && options.opt_replace.is_none()
        && options.opt_rename.is_none()
        && options.opt_alias.is_none()
}

/// The SELECT of a derived table MySQL would merge and this file can: `SELECT list FROM t
/// [WHERE ...]` with nothing else (no ORDER BY: simplification, MySQL merges and keeps it in
/// some cases, sql_resolver.cc's merge_derived).
fn mergeable_select(q: &Query) -> Option<&Select> {
    if q.with.is_some()
        || q.order_by.is_some()
        || q.limit_clause.is_some()
        || q.fetch.is_some()
        || !q.locks.is_empty()
        || q.for_clause.is_some()
        || q.settings.is_some()
        || q.format_clause.is_some()
        || !q.pipe_operators.is_empty()
    {
        return None;
    }
    let SetExpr::Select(sel) = q.body.as_ref() else { return None };
    let plain = sel.optimizer_hints.is_empty()
        && sel.distinct.is_none()
        && sel.select_modifiers.is_none()
        && sel.top.is_none()
        && sel.exclude.is_none()
        && sel.into.is_none()
        && sel.lateral_views.is_empty()
        && sel.prewhere.is_none()
        && sel.connect_by.is_empty()
        && matches!(&sel.group_by, GroupByExpr::Expressions(g, m) if g.is_empty() && m.is_empty())
        && sel.cluster_by.is_empty()
        && sel.distribute_by.is_empty()
        && sel.sort_by.is_empty()
        && sel.having.is_none()
        && sel.named_window.is_empty()
        && sel.qualify.is_none()
        && sel.value_table_mode.is_none();
    plain.then_some(&**sel)
}

/// How the derived table's own SELECT may qualify a column of its one table.
struct Qualifiers {
    /// The table's alias, or its name when it has none.
    name: String,
    db: String,
    /// Whether `name` is an alias (then `db.table.column` does not name the table).
    aliased: bool,
}

impl Qualifiers {
    fn names_table(&self, parts: &[Ident]) -> bool {
        match parts {
            // MySQL compares table names and aliases case-sensitively on Linux; the engine's
            // catalog does not, so neither does this.
            [t] => t.value.eq_ignore_ascii_case(&self.name),
            [d, t] => {
                !self.aliased
                    && d.value.eq_ignore_ascii_case(&self.db)
                    && t.value.eq_ignore_ascii_case(&self.name)
            }
            _ => false,
        }
    }
}

/// Names every column of `e` through `alias` (`c` and `t.c` become `alias.c`); false when `e`
/// holds something this cannot rewrite soundly (a subquery, a variable, an expression kind it
/// does not walk): the derived table is then not merged.
struct Rewrite<'a> {
    /// The body's tables: a column is named through the one its qualifier names, or, when
    /// unqualified, the one table of the body or the only one of a join that has it.
    targets: &'a [Target],
    /// Whether a function call may be kept (not in a view of another database, whose
    /// stored functions are that database's: simplification, such a view is materialised).
    functions: bool,
}

/// Functions whose value changes from call to call, or with the context they run in: a
/// column holding one is not merged (MySQL's merge would evaluate it once per reference).
/// Simplification: MySQL merges some of these; here they keep their materialised table.
const UNMERGED_FUNCTIONS: &[&str] = &[
    "rand",
    "uuid",
    "uuid_short",
    "sleep",
    "random_bytes",
    "connection_id",
    "current_user",
    "current_role",
    "database",
    "schema",
    "user",
    "session_user",
    "system_user",
    "last_insert_id",
    "found_rows",
    "row_count",
    "get_lock",
    "release_lock",
    "benchmark",
    "nextval",
];

impl Rewrite<'_> {
    fn requalify(&self, e: &mut Expr) -> bool {
        requalify(e, self)
    }
}

impl Rewrite<'_> {
    /// The table an unqualified column belongs to.
    fn owner(&self, column: &str) -> Option<&Target> {
        match self.targets {
            [only] => Some(only),
            all => {
                let mut having =
                    all.iter().filter(|t| t.columns.iter().any(|c| c.eq_ignore_ascii_case(column)));
                // None or several: ERROR 1054 / 1052 from the materialising path.
                let t = having.next()?;
                having.next().is_none().then_some(t)
            }
        }
    }
}

fn requalify(e: &mut Expr, r: &Rewrite) -> bool {
    let mut go = |x: &mut Expr| requalify(x, r);
    match e {
        Expr::Value(_) => true,
        Expr::Identifier(c) => {
            // `@v` and `@@v` are variables, not columns.
            if c.value.starts_with('@') || c.quote_style.is_some_and(|s| s == '\'' || s == '"') {
                return false;
            }
            let Some(t) = r.owner(&c.value) else { return false };
            *e = Expr::CompoundIdentifier(vec![t.merged_as.clone(), c.clone()]);
            true
        }
        Expr::CompoundIdentifier(parts) => {
            let Some((column, table)) = parts.split_last() else { return false };
            let Some(t) = r.targets.iter().find(|t| t.qualifiers.names_table(table)) else {
                return false;
            };
            *e = Expr::CompoundIdentifier(vec![t.merged_as.clone(), column.clone()]);
            true
        }
        Expr::BinaryOp { left, right, .. } => go(left) && go(right),
        Expr::UnaryOp { expr, .. }
        | Expr::Nested(expr)
        | Expr::IsNull(expr)
        | Expr::IsNotNull(expr)
        | Expr::IsTrue(expr)
        | Expr::IsNotTrue(expr)
        | Expr::IsFalse(expr)
        | Expr::IsNotFalse(expr) => go(expr),
        Expr::Between { expr, low, high, .. } => go(expr) && go(low) && go(high),
        Expr::In { expr, target: InTarget::List(list), .. } => {
            go(expr) && list.iter_mut().all(&mut go)
        }
        Expr::Like { expr, pattern, .. } => go(expr) && go(pattern),
        Expr::Case { operand, conditions, else_result, .. } => {
            operand.as_deref_mut().is_none_or(&mut go)
                && conditions.iter_mut().all(|w| go(&mut w.condition) && go(&mut w.result))
                && else_result.as_deref_mut().is_none_or(&mut go)
        }
        Expr::Cast { expr, format: None, .. } => go(expr),
        Expr::Function(func) => {
            let name = func.name.to_string().to_ascii_lowercase();
            if !r.functions || UNMERGED_FUNCTIONS.contains(&name.trim_matches('`')) {
                return false;
            }
            if !matches!(func.parameters, FunctionArguments::None)
                || func.filter.is_some()
                || func.over.is_some()
                || !func.within_group.is_empty()
            {
                return false;
            }
            match &mut func.args {
                FunctionArguments::None => true,
                FunctionArguments::List(list) => {
                    list.clauses.is_empty()
                        && list.args.iter_mut().all(|a| match a {
                            FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => go(x),
                            _ => false,
                        })
                }
                FunctionArguments::Subquery(_) => false,
            }
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQL_VIEW: &str = "SELECT id AS pid, url, id + 1 FROM page_views WHERE user_id > 3";
    /// A view of the view `v`.
    const SQL_VIEW_OF_VIEW: &str = "SELECT pid * 2 AS dbl, url FROM v WHERE `id + 1` < 100";
    /// A CTE's query.
    const SQL_CTE: &str = "SELECT id AS pid FROM page_views WHERE id > 7";
    /// A view of itself (`CREATE OR REPLACE VIEW` can close such a loop).
    const SQL_LOOP: &str = "SELECT id FROM looped WHERE id > 1";

    fn parse(sql: &str) -> Query {
        let crate::sql::Statement::Select(q) = crate::sql::parse(sql).expect("parses") else {
            panic!("not a SELECT")
        };
        *q
    }

    /// `shop.page_views (id, user_id, url)`, `shop.users (id, name)` and the view `shop.v`.
    fn resolve(name: &ObjectName, db: Option<&str>, wanted: Wanted) -> Option<Named> {
        let parts: Vec<String> = name.0.iter().map(|p| p.to_string()).collect();
        let table = match parts.as_slice() {
            [t] if db.is_none_or(|d| d == "shop") => t.clone(),
            [d, t] if d == "shop" => t.clone(),
            _ => return None,
        };
        // As `named_in`: a stored table is not looked at when only a view is wanted.
        let stored = |columns: &[&str]| {
            (wanted == Wanted::Any).then(|| Named::Stored {
                db: "shop".into(),
                table: table.clone(),
                columns: columns.iter().map(|c| c.to_string()).collect(),
            })
        };
        // `c` and `later` are CTEs in scope, in that order (`later` reads `c`; `c` reads
        // `later`, which it may not see).
        let cte = |text: &'static str, order: usize| {
            (db.is_none() && parts.len() == 1).then(|| Named::Cte {
                query: Box::new(parse(text)),
                text: std::rc::Rc::from(text),
                columns: Vec::new(),
                order: (0, order),
            })
        };
        match table.as_str() {
            "c" => cte(SQL_CTE, 0),
            "later" => cte("SELECT pid FROM c", 1),
            "early" => cte("SELECT * FROM later", 0),
            "page_views" => stored(&["id", "user_id", "url"]),
            "users" => stored(&["id", "name"]),
            "v" | "vv" | "looped" => {
                let text = match table.as_str() {
                    "v" => SQL_VIEW,
                    "vv" => SQL_VIEW_OF_VIEW,
                    _ => SQL_LOOP,
                };
                Some(Named::View {
                    db: "shop".into(),
                    query: Box::new(parse(text)),
                    text: text.into(),
                    columns: Vec::new(),
                    local: true,
                    algorithm_merge: false,
                })
            }
            _ => None,
        }
    }

    fn merged(sql: &str) -> Option<String> {
        let mut q = parse(sql);
        let SetExpr::Select(s) = q.body.as_mut() else { panic!("not a plain SELECT") };
        merge_derived_tables(s, &mut q.order_by, sql, &resolve, &|| true).then(|| q.to_string())
    }

    #[test]
    fn a_star_over_one_stored_table_is_merged_with_its_where() {
        assert_eq!(
            merged("SELECT COUNT(*) FROM (SELECT * FROM shop.page_views) d").as_deref(),
            Some("SELECT COUNT(*) FROM shop.page_views")
        );
        assert_eq!(
            merged("SELECT d.id FROM (SELECT * FROM page_views p WHERE p.id < 5 AND url IS NULL) AS d WHERE d.id > 1")
                .as_deref(),
            Some("SELECT p.id AS `id` FROM shop.page_views AS p WHERE p.id > 1 AND (p.id < 5 AND p.url IS NULL)")
        );
    }

    #[test]
    fn a_left_joined_derived_table_filters_in_on() {
        assert_eq!(
            merged(
                "SELECT 1 FROM t LEFT JOIN (SELECT * FROM page_views WHERE id = 1) v ON v.id = t.a"
            )
            .as_deref(),
            Some(
                "SELECT 1 FROM t LEFT JOIN shop.page_views ON page_views.id = t.a \
                 AND (page_views.id = 1)"
            )
        );
    }

    #[test]
    fn columns_and_expressions_are_named_through_the_merged_table_everywhere() {
        // A column list; the outer names replaced in every clause; headers kept.
        assert_eq!(
            merged(
                "SELECT a, b + 1, d.a AS x FROM (SELECT id, url FROM page_views) AS d (a, b) \
                 WHERE a = 5 GROUP BY a, b HAVING b > 0 ORDER BY b"
            )
            .as_deref(),
            Some(
                "SELECT page_views.id AS `a`, page_views.url + 1 AS `b + 1`, page_views.id AS x \
                 FROM shop.page_views WHERE page_views.id = 5 GROUP BY page_views.id, \
                 page_views.url HAVING page_views.url > 0 ORDER BY page_views.url"
            )
        );
        // `*` expands to the derived table's columns, the other tables' as `t.*`.
        assert_eq!(
            merged("SELECT * FROM users u JOIN (SELECT user_id AS uid, id * 2 AS twice FROM page_views p) d ON d.uid = u.id")
                .as_deref(),
            Some(
                "SELECT `u`.*, p.user_id AS `uid`, p.id * 2 AS `twice` FROM users u \
                 JOIN shop.page_views AS p ON p.user_id = u.id"
            )
        );
    }

    #[test]
    fn a_view_is_merged_under_its_tables_name() {
        assert_eq!(
            merged("SELECT pid, `id + 1` FROM v WHERE url = 'x'").as_deref(),
            Some(
                "SELECT page_views.id AS `pid`, page_views.id + 1 AS `id + 1` FROM shop.page_views \
                 WHERE page_views.url = 'x' AND (page_views.user_id > 3)"
            )
        );
    }

    #[test]
    fn views_and_derived_tables_nested_are_merged_all_the_way_down() {
        assert_eq!(
            merged("SELECT dbl FROM vv WHERE url = 'x'").as_deref(),
            Some(
                "SELECT page_views.id * 2 AS `dbl` FROM shop.page_views WHERE page_views.url = 'x' \
                 AND (page_views.id + 1 < 100 AND (page_views.user_id > 3))"
            )
        );
        assert_eq!(
            merged("SELECT a FROM (SELECT b AS a FROM (SELECT id AS b FROM page_views) AS i) AS o")
                .as_deref(),
            Some("SELECT page_views.id AS `a` FROM shop.page_views")
        );
        // A loop of views ends at the nesting bound, materialised.
        assert_eq!(merged("SELECT id FROM looped"), None);
    }

    #[test]
    fn the_merged_table_keeps_the_alias_where_its_name_is_taken() {
        // Beside its own base table, or read twice: the second keeps its alias.
        assert_eq!(
            merged("SELECT * FROM page_views JOIN (SELECT id AS a FROM page_views) d ON d.a = page_views.id")
                .as_deref(),
            Some(
                "SELECT `page_views`.*, d.id AS `a` FROM page_views \
                 JOIN shop.page_views AS d ON d.id = page_views.id"
            )
        );
        assert_eq!(
            merged("SELECT 1 FROM v JOIN v AS w ON v.pid = w.pid").as_deref(),
            Some(
                "SELECT 1 FROM shop.page_views JOIN shop.page_views AS w ON page_views.id = w.id \
                 WHERE (page_views.user_id > 3) AND (w.user_id > 3)"
            )
        );
        // The inner name is not the outer query's to use: such a reference is not merged
        // into meaning the merged table (it stays ERROR 1054, or an enclosing query's).
        for sql in [
            "SELECT page_views.id FROM (SELECT id AS a FROM page_views) d",
            "SELECT page_views.* FROM (SELECT id AS a FROM page_views) d",
            "SELECT shop.page_views.id FROM (SELECT id AS a FROM page_views) d",
        ] {
            assert_eq!(merged(sql), None, "{sql}");
        }
        assert_eq!(
            merged("SELECT page_views.id FROM (SELECT * FROM page_views) d").as_deref(),
            Some("SELECT page_views.id FROM shop.page_views AS d")
        );
    }

    #[test]
    fn a_cte_is_merged_as_a_derived_table_and_reads_only_the_ctes_before_it() {
        assert_eq!(
            merged("SELECT pid FROM c WHERE pid < 9").as_deref(),
            Some(
                "SELECT page_views.id AS `pid` FROM shop.page_views \
                 WHERE page_views.id < 9 AND (page_views.id > 7)"
            )
        );
        assert_eq!(
            merged("SELECT pid FROM later").as_deref(),
            Some("SELECT page_views.id AS `pid` FROM shop.page_views WHERE ((page_views.id > 7))")
        );
        // `early` names `later`, defined after it: not merged (the materialising path
        // reports what MySQL reports).
        assert_eq!(merged("SELECT * FROM early"), None);
    }

    #[test]
    fn an_inner_join_inside_is_merged_into_the_outer_join() {
        // Its tables join the outer query's, its ON kept, the outer ON on the last one.
        assert_eq!(
            merged(
                "SELECT d.n, t.a FROM t JOIN (SELECT p.url AS n, u.name FROM page_views p \
                 JOIN users u ON u.id = p.user_id WHERE p.id > 2) d ON d.name = t.a"
            )
            .as_deref(),
            Some(
                "SELECT p.url AS `n`, t.a FROM t JOIN shop.page_views AS p \
                 JOIN shop.users AS u ON (u.id = p.user_id) AND (u.name = t.a) \
                 WHERE (p.id > 2)"
            )
        );
        // First in FROM, a comma list, an unqualified column only one table has.
        assert_eq!(
            merged("SELECT url, name FROM (SELECT url, name FROM page_views, users WHERE user_id = users.id) d")
                .as_deref(),
            Some(
                "SELECT page_views.url AS `url`, users.name AS `name` FROM shop.page_views \
                 JOIN shop.users WHERE (page_views.user_id = users.id)"
            )
        );
        for sql in [
            // A column both tables have, unqualified: ERROR 1052 from the materialising path.
            "SELECT * FROM (SELECT id FROM page_views JOIN users ON users.id = user_id) d",
            // An outer join inside; the derived table as an outer join's inner side.
            "SELECT * FROM (SELECT url FROM page_views LEFT JOIN users ON users.id = user_id) d",
            "SELECT * FROM t LEFT JOIN (SELECT url FROM page_views p JOIN users u ON u.id = p.user_id) d ON d.url = t.a",
            // A name taken by another FROM item.
            "SELECT * FROM users JOIN (SELECT url FROM page_views p JOIN users ON users.id = p.user_id) d ON 1",
        ] {
            assert_eq!(merged(sql), None, "{sql}");
        }
    }

    #[test]
    fn merge_hints_and_the_switch_decide_first() {
        let with = |sql: &str, switch: bool| {
            let mut q = parse(sql);
            let SetExpr::Select(s) = q.body.as_mut() else { panic!("not a plain SELECT") };
            merge_derived_tables(s, &mut q.order_by, sql, &resolve, &|| switch)
        };
        assert!(!with("SELECT /*+ NO_MERGE(c) */ pid FROM c", true));
        assert!(!with("SELECT /*+ NO_MERGE() */ pid FROM c", true));
        assert!(!with("SELECT pid FROM c", false));
        assert!(with("SELECT /*+ MERGE(c) */ pid FROM c", false));
        assert!(with("SELECT /*+ NO_MERGE(d) */ pid FROM c", true));
    }

    #[test]
    fn anything_else_is_materialised() {
        for sql in [
            "SELECT * FROM (SELECT * FROM page_views LIMIT 3) d",
            "SELECT * FROM (SELECT DISTINCT * FROM page_views) d",
            "SELECT * FROM (SELECT * FROM page_views ORDER BY id) d",
            "SELECT * FROM (SELECT * FROM page_views) d (a, b)",
            "SELECT * FROM (SELECT * FROM views_of_something) d",
            "SELECT * FROM (SELECT * FROM page_views WHERE id IN (SELECT 1)) d",
            "SELECT * FROM (SELECT * FROM page_views WHERE id = @x) d",
            "SELECT * FROM (SELECT * FROM page_views WHERE other.id = 1) d",
            "SELECT * FROM (SELECT * FROM page_views UNION SELECT * FROM page_views) d",
            "SELECT * FROM (SELECT * FROM page_views a JOIN page_views b ON a.id = b.id) d",
            // A subquery or a non-deterministic function in the select list.
            "SELECT * FROM (SELECT id, (SELECT 1) AS s FROM page_views) d",
            "SELECT * FROM (SELECT id, RAND() AS r FROM page_views) d",
            // A column of the stored table the derived table does not show.
            "SELECT url FROM (SELECT id FROM page_views) d",
            "SELECT d.url FROM (SELECT id FROM page_views) d",
            // A name two tables have.
            "SELECT id FROM (SELECT id FROM page_views) d, users",
            // A select-list alias of the same name in ORDER BY.
            "SELECT 1 AS id FROM (SELECT id FROM page_views) d ORDER BY id",
            // A subquery of the outer query; USING; a table whose columns are not known.
            "SELECT (SELECT d.id) FROM (SELECT id FROM page_views) d",
            "SELECT 1 FROM (SELECT id FROM page_views) d JOIN users USING (id)",
            "SELECT id FROM (SELECT id FROM page_views) d, (SELECT 1 AS x) e",
            // Duplicate names; a column list of the wrong length.
            "SELECT 1 FROM (SELECT id, id FROM page_views) d",
            "SELECT 1 FROM (SELECT id FROM page_views) d (a, b)",
        ] {
            assert_eq!(merged(sql), None, "{sql}");
        }
    }
}
