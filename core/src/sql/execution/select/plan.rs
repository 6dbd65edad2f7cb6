//! A SELECT bound for the executor: its select list (with `*` expanded), aggregates, WHERE,
//! GROUP BY and HAVING (which may name select aliases), ORDER BY keys (expressions or output
//! columns), DISTINCT, LIMIT and OFFSET, each expression bound once against the joined row.

use super::pipeline::ColumnFacts;
use super::{BoundSource, Scope};
use crate::error::{MySqlError, Result};
use crate::sql::bind::{AggCall, AggFunc, BExpr, Binder, Columns};
use crate::sql::execution::Meta;
use crate::sql::expr::ConstantContext;
use crate::sql::literal_charset::{collation_exactness, collation_key, Exactness};
use crate::sql::planner::access_path::{Choice, IndexHints};
use crate::sql::planner::group_skip;
use crate::sql::planner::index_order::{deliver, Delivered, Wanted};
use crate::storage::schema::is_hidden_name;
use crate::storage::table::Table;
use sqlparser::ast::{Expr, GroupByExpr, LimitClause, OrderByKind, Query, Select, SelectItem};

/// One ORDER BY key: an expression over the input row (with aggregates), or an output column.
pub(super) enum SortKey {
    Expr(BExpr),
    Output(u32),
}

/// The bound query.
pub(super) struct Plan {
    /// Output expressions and names.
    pub(super) items: Vec<(BExpr, String)>,
    pub(super) aggregates: Vec<AggCall>,
    pub(super) filter: Option<BExpr>,
    pub(super) group_by: Vec<BExpr>,
    pub(super) having: Option<BExpr>,
    pub(super) order_by: Vec<(SortKey, bool)>,
    pub(super) distinct: bool,
    /// Per select item: a binary or case-sensitive COLLATE that DISTINCT compares it by
    /// (`SELECT DISTINCT name COLLATE utf8mb4_bin`); empty when no item has one.
    pub(super) distinct_exact: Vec<Option<Exactness>>,
    pub(super) limit: Option<u64>,
    pub(super) offset: u64,
    /// GROUP BY ... WITH ROLLUP.
    pub(super) rollup: bool,
    /// Each GROUPING(...) call's aggregate slot and the grouping positions of its arguments.
    pub(super) grouping: Vec<(usize, Vec<usize>)>,
    /// Window calls of the select list and ORDER BY (`BExpr::Window(n)` is call n).
    pub(super) windows: Vec<crate::sql::window::WindowCall>,
    /// The grouping step under a window stage (`window_stage::split`): its rows go to a
    /// temporary table whatever order they are read in.
    pub(super) windowed: bool,
}

impl Plan {
    pub(super) fn bind(
        sel: &Select,
        q: &Query,
        sources: &[BoundSource],
        sql: &str,
        locals: &[String],
    ) -> Result<Plan> {
        let scope_value = Scope { sources };
        let scope: &dyn Columns = &scope_value;
        let mut binder = Binder::with_aggregates(scope, "field list").with_locals(locals.to_vec());
        let named = crate::sql::window_bind::named_windows(&sel.named_window)?;
        binder.set_windows(Some(crate::sql::bind::WindowScope { calls: Vec::new(), named }));
        let mut items = Vec::new();
        // Which items carry a binary or case-sensitive COLLATE (`b COLLATE utf8mb4_bin AS
        // c`): ORDER BY and GROUP BY naming one compare its bytes.
        let mut exact_items: Vec<Option<Exactness>> = Vec::new();
        for item in &sel.projection {
            match item {
                SelectItem::UnnamedExpr(e) => {
                    items.push((
                        binder.bind(e)?,
                        crate::sql::parser::column_name::source_name(e, sql),
                    ));
                    exact_items.push(collation_exactness(e));
                }
                SelectItem::ExprWithAlias { expr, alias } => {
                    items.push((binder.bind(expr)?, alias.value.clone()));
                    exact_items.push(collation_exactness(expr));
                }
                SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => {
                    let qualifier = match item {
                        SelectItem::QualifiedWildcard(kind, _) => {
                            Some(kind.to_string().trim_end_matches(".*").to_string())
                        }
                        _ => None,
                    };
                    let expanded = expand_wildcard(sources, qualifier.as_deref())?;
                    if expanded.is_empty() {
                        return Err(MySqlError::no_tables_used());
                    }
                    items.extend(expanded);
                    exact_items.resize(items.len(), None);
                }
                _ => return Err(MySqlError::not_supported_yet("this kind of select item")),
            }
        }
        let group_by = match &sel.group_by {
            GroupByExpr::Expressions(exprs, _) => {
                let mut b = Binder::scalar(scope, "group statement").with_locals(locals.to_vec());
                // A position names a select item; a name is looked up in FROM's columns
                // before the select list's aliases (MySQL searches FROM first for GROUP BY,
                // unlike ORDER BY: `IF(GROUPING(name), 'All', name) AS name ... GROUP BY
                // name` groups by the column).
                // A key under a binary or case-sensitive COLLATE groups by its bytes.
                let by_item = |e: &Expr| {
                    let i = output_ref(e, &items)?;
                    let (key, _) = &items[i as usize];
                    Some(match exact_items.get(i as usize) {
                        Some(Some(x)) => collation_key(key.clone(), *x),
                        _ => key.clone(),
                    })
                };
                exprs
                    .iter()
                    .map(|e| match e {
                        Expr::Value(_) => by_item(e).map_or_else(|| b.bind(e), Ok),
                        Expr::Identifier(_) => match b.bind(e) {
                            Err(err) if err.code == 1054 => by_item(e).ok_or(err),
                            bound => bound,
                        },
                        _ => match collation_exactness(e) {
                            Some(x) => b.bind(e).map(|k| collation_key(k, x)),
                            None => b.bind(e),
                        },
                    })
                    .collect::<Result<Vec<_>>>()?
            }
            GroupByExpr::All(_) => return Err(MySqlError::not_supported_yet("GROUP BY ALL")),
        };
        binder.set_clause("having clause");
        // No window function in HAVING (3593): it runs before windows are computed.
        let windows = binder.set_windows(None);
        let having = match &sel.having {
            Some(h) => Some(bind_with_aliases(&mut binder, h, &items)?),
            None => None,
        };
        binder.set_windows(windows);
        binder.set_clause("order clause");
        let mut order_by = Vec::new();
        if let Some(ob) = &q.order_by {
            if let OrderByKind::Expressions(list) = &ob.kind {
                for o in list {
                    let desc = matches!(o.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                    let mut key = match output_ref(&o.expr, &items) {
                        Some(i) => SortKey::Output(i),
                        None => SortKey::Expr(binder.bind(&o.expr)?),
                    };
                    // A TIME column sorts by its time, an ENUM column by its index number,
                    // not by their text.
                    let typed_key = match &key {
                        SortKey::Expr(e) => binder.sort_key(e),
                        SortKey::Output(i) => {
                            items.get(*i as usize).and_then(|(e, _)| binder.sort_key(e))
                        }
                    };
                    if let Some(e) = typed_key {
                        key = SortKey::Expr(e);
                    }
                    // A binary or case-sensitive COLLATE sorts by the bytes.
                    let exact = match &key {
                        SortKey::Output(i) => exact_items.get(*i as usize).copied(),
                        SortKey::Expr(_) => None,
                    };
                    if let Some(x) = exact.unwrap_or_else(|| collation_exactness(&o.expr)) {
                        key = match key {
                            SortKey::Output(i) => {
                                SortKey::Expr(collation_key(items[i as usize].0.clone(), x))
                            }
                            SortKey::Expr(e) => SortKey::Expr(collation_key(e, x)),
                        };
                    }
                    order_by.push((key, desc));
                }
            }
        }
        let windows = binder.set_windows(None).map(|w| w.calls).unwrap_or_default();
        let aggregates = binder.take_aggregates();
        let filter = match &sel.selection {
            Some(w) => {
                Some(Binder::scalar(scope, "where clause").with_locals(locals.to_vec()).bind(w)?)
            }
            None => None,
        };
        let (limit, offset) = match &q.limit_clause {
            None => (None, 0),
            Some(LimitClause::LimitOffset { limit, offset, .. }) => (
                match limit {
                    Some(e) => Some(constant_u64(e)?),
                    None => None,
                },
                match offset {
                    Some(o) => constant_u64(&o.value)?,
                    None => 0,
                },
            ),
            Some(LimitClause::OffsetCommaLimit { offset, limit }) => {
                (Some(constant_u64(limit)?), constant_u64(offset)?)
            }
        };
        let distinct = sel.distinct.is_some();
        let mut rollup = false;
        if let GroupByExpr::Expressions(_, modifiers) = &sel.group_by {
            for m in modifiers {
                match m {
                    sqlparser::ast::GroupByWithModifier::Rollup => rollup = true,
                    // sql_yacc.yy answers WITH CUBE as not supported.
                    sqlparser::ast::GroupByWithModifier::Cube => {
                        return Err(MySqlError::not_supported_yet("CUBE"))
                    }
                    other => return Err(MySqlError::syntax(&other.to_string(), 1)),
                }
            }
        }
        if rollup && distinct {
            return Err(MySqlError::not_supported_yet("SELECT DISTINCT with WITH ROLLUP"));
        }
        let mut grouping = Vec::new();
        for (slot, call) in aggregates.iter().enumerate() {
            if call.func != crate::sql::bind::AggFunc::Grouping {
                continue;
            }
            // GROUPING outside a WITH ROLLUP query is a misused group function (1111).
            if !rollup {
                return Err(MySqlError::invalid_group_function());
            }
            let mut columns = Vec::with_capacity(call.grouping.len());
            for (n, a) in call.grouping.iter().enumerate() {
                match group_by.iter().position(|g| g == a) {
                    Some(i) => columns.push(i),
                    None => return Err(MySqlError::grouping_not_in_group_by(n as u32 + 1)),
                }
            }
            grouping.push((slot, columns));
        }
        let distinct_exact =
            if exact_items.iter().any(Option::is_some) { exact_items } else { Vec::new() };
        Ok(Plan {
            distinct_exact,
            rollup,
            grouping,
            items,
            aggregates,
            filter,
            group_by,
            having,
            order_by,
            distinct,
            limit,
            offset,
            windows,
            windowed: false,
        })
    }

    /// Calls `mark(c)` for every column position any clause reads.
    pub(super) fn mark_columns(&self, mark: &mut dyn FnMut(u32)) {
        self.mark_column_uses(&mut |c, _| mark(c));
    }

    /// Calls `mark` with every column any clause reads, and whether that reading needs only
    /// the column's length ([`BExpr::for_each_column_use`]).
    pub(super) fn mark_column_uses(&self, mark: &mut dyn FnMut(u32, bool)) {
        let mut visit = |e: &BExpr| e.for_each_column_use(mark);
        for (e, _) in &self.items {
            visit(e);
        }
        for e in self.filter.iter().chain(&self.group_by).chain(self.having.iter()) {
            visit(e);
        }
        for call in &self.aggregates {
            if let Some(a) = &call.arg {
                visit(a);
            }
            for (k, _) in &call.order_by {
                visit(k);
            }
        }
        for (k, _) in &self.order_by {
            if let SortKey::Expr(e) = k {
                visit(e);
            }
        }
    }

    /// ORDER BY the primary key ascending on a single stored table needs no sort: the
    /// clustered index scan already yields that order, and LIMIT can then stop the scan.
    /// Descending, when `backward` says the read can go backward (a whole scan), it needs
    /// none either: the answer is true and the caller reads the clustered index backward.
    pub(super) fn use_clustered_order(&mut self, t: &Table, backward: bool) -> bool {
        let Some(pk) = t.def.primary() else { return false };
        if self.distinct || self.order_by.len() > pk.columns.len() {
            return false;
        }
        // Groups of a primary key prefix, read in key order, are made (and come out) in key
        // order: the same ORDER BY needs no sort (EXPLAIN says so too). Not with ROLLUP
        // (its super-aggregate rows) nor windows, which sort for themselves.
        if self.grouped() {
            let k = self.group_by.len();
            let by_prefix = k > 0
                && k <= pk.columns.len()
                && self
                    .group_by
                    .iter()
                    .all(|g| matches!(g, BExpr::Column(c) if pk.columns[..k].contains(c)));
            if !by_prefix || self.rollup || self.windowed {
                return false;
            }
        }
        let in_order = |descending: bool| {
            self.order_by.iter().zip(&pk.columns).all(|((k, desc), col)| {
                let e = match k {
                    SortKey::Expr(e) => e,
                    SortKey::Output(i) => &self.items[*i as usize].0,
                };
                *desc == descending && *e == BExpr::Column(*col)
            })
        };
        if in_order(false) {
            self.order_by.clear();
            return false;
        }
        // Groups are made forward: a descending order of them is sorted.
        let reversed = backward && !self.grouped() && !self.order_by.is_empty() && in_order(true);
        if reversed {
            self.order_by.clear();
        }
        reversed
    }

    /// The ORDER BY / GROUP BY an index read in its order could deliver
    /// (`planner::index_order`), and asks it; says what the read delivers. The ORDER BY it
    /// delivers needs no sort.
    pub(super) fn use_index_order(
        &mut self,
        t: &Table,
        choice: &mut Choice,
        unconsumed: usize,
        needed: &[bool],
        hints: &IndexHints,
    ) -> Delivered {
        let implicit_group = self.group_by.is_empty() && !self.aggregates.is_empty();
        if self.distinct || self.rollup || self.windowed || implicit_group {
            return Delivered::default();
        }
        let order_by: Vec<(BExpr, bool)> = (self.order_by.iter())
            .map(|(k, desc)| match k {
                SortKey::Expr(e) => (e.clone(), *desc),
                SortKey::Output(i) => (self.items[*i as usize].0.clone(), *desc),
            })
            .collect();
        let wanted = Wanted {
            order_by: &order_by,
            group_by: &self.group_by,
            limit: self.limit.map(|l| l.saturating_add(self.offset)),
            unconsumed,
        };
        let delivered = deliver(t, choice, &wanted, needed, hints);
        if delivered.order {
            self.order_by.clear();
        }
        delivered
    }

    /// A loose index scan for the grouping (`planner::group_skip`), when one applies and is
    /// cheaper than `choice`: a DISTINCT becomes the GROUP BY it reads, and the ORDER BY its
    /// groups come in needs no sort. Says what the read delivers.
    pub(super) fn use_group_skip(
        &mut self,
        t: &Table,
        choice: &mut Choice,
        conjuncts: &[BExpr],
        needed: &[bool],
        hints: &IndexHints,
        constant: &mut dyn FnMut(&BExpr) -> Option<crate::sql::Value>,
    ) -> Option<Delivered> {
        // A DISTINCT under a binary or case-sensitive COLLATE is not the index's GROUP BY.
        if self.distinct && !self.distinct_exact.is_empty() {
            return None;
        }
        let items: Vec<BExpr> = self.items.iter().map(|(e, _)| e.clone()).collect();
        let order_by: Vec<(BExpr, bool)> = (self.order_by.iter())
            .map(|(k, desc)| match k {
                SortKey::Expr(e) => (e.clone(), *desc),
                SortKey::Output(i) => (self.items[*i as usize].0.clone(), *desc),
            })
            .collect();
        let wanted = group_skip::Wanted {
            group_by: &self.group_by,
            distinct: self.distinct,
            items: &items,
            calls: &self.aggregates,
            having_aggregates: self.having.as_ref().is_some_and(group_skip::has_aggregate),
            rollup: self.rollup,
            windowed: self.windowed || !self.windows.is_empty(),
            order_by: &order_by,
            conjuncts,
        };
        let loose = group_skip::choose(t, choice, &wanted, needed, hints, constant)?;
        if self.distinct {
            self.distinct = false;
            self.group_by = loose.group_by;
        }
        if loose.order {
            self.order_by.clear();
        }
        Some(Delivered { group: true, order: loose.order })
    }

    /// Whether the statement groups, sorts or de-duplicates: only such a statement needs the
    /// temporary table and sort settings and the record sizes they are costed by.
    pub(super) fn groups_or_sorts(&self) -> bool {
        !self.group_by.is_empty() || !self.order_by.is_empty() || self.distinct
    }

    pub(super) fn grouped(&self) -> bool {
        !self.group_by.is_empty() || !self.aggregates.is_empty()
    }

    pub(super) fn output_meta(&self, sources: &[BoundSource], facts: &ColumnFacts) -> Vec<Meta> {
        let all: Vec<&Meta> = sources.iter().flat_map(|s| s.meta.iter()).collect();
        self.items
            .iter()
            .enumerate()
            .map(|(i, (e, name))| {
                let first = facts.first_numeric.get(i).copied().flatten();
                let numeric =
                    match (e.numeric_type(&|c| all.get(c as usize).map(|m| m.numeric)), first) {
                        (Some(k), _) => k,
                        (None, Some(numeric)) => numeric,
                        (None, None) => true,
                    };
                // COUNT never returns NULL; other aggregates do on an empty set.
                let count = matches!(e, BExpr::Aggregate(s) if matches!(
                    self.aggregates.get(*s as usize).map(|a| a.func),
                    Some(AggFunc::Count | AggFunc::CountStar)
                ));
                let nullable = !count
                    && (e.maybe_null(&|c| all.get(c as usize).is_none_or(|m| m.nullable))
                        || facts.any_null.get(i).copied().unwrap_or(false));
                let table = match e {
                    BExpr::Column(c) => {
                        all.get(*c as usize).map(|m| m.table.clone()).unwrap_or_default()
                    }
                    _ => String::new(),
                };
                let json = e.is_json(&|c| all.get(c as usize).is_some_and(|m| m.json));
                let time = match e {
                    BExpr::Column(c) => all.get(*c as usize).is_some_and(|m| m.time),
                    BExpr::Aggregate(s) => self.aggregates.get(*s as usize).is_some_and(|a| a.time),
                    _ => false,
                };
                let labels = match e {
                    BExpr::Column(c) => all.get(*c as usize).and_then(|m| m.labels.clone()),
                    _ => None,
                };
                Meta { name: name.clone(), table, numeric, nullable, json, time, labels }
            })
            .collect()
    }
}

/// A LIMIT or OFFSET value: a non-negative constant.
pub(crate) fn constant_u64(e: &Expr) -> Result<u64> {
    let mut cx_free = ConstantContext;
    let v = crate::sql::expr::eval_constant(e, &mut cx_free)?;
    v.to_i64()
        .filter(|n| *n >= 0)
        .map(|n| n as u64)
        .ok_or_else(|| MySqlError::syntax(&e.to_string(), 1))
}

/// `ORDER BY 2` or `ORDER BY alias`: an output column.
pub(crate) fn output_ref(e: &Expr, items: &[(BExpr, String)]) -> Option<u32> {
    match e {
        Expr::Value(v) => {
            let n: u32 = v.value.to_string().parse().ok()?;
            (n >= 1 && n as usize <= items.len()).then(|| n - 1)
        }
        Expr::Identifier(id) => items
            .iter()
            .position(|(_, name)| name.eq_ignore_ascii_case(&id.value))
            .map(|p| p as u32),
        _ => None,
    }
}

/// HAVING may name select aliases.
fn bind_with_aliases(binder: &mut Binder, e: &Expr, items: &[(BExpr, String)]) -> Result<BExpr> {
    if let Expr::Identifier(id) = e {
        if let Some((b, _)) = items.iter().find(|(_, n)| n.eq_ignore_ascii_case(&id.value)) {
            return Ok(b.clone());
        }
    }
    match e {
        Expr::BinaryOp { left, op, right } => {
            let l = bind_with_aliases(binder, left, items)?;
            let r = bind_with_aliases(binder, right, items)?;
            Ok(match op {
                sqlparser::ast::BinaryOperator::And => BExpr::And(Box::new(l), Box::new(r)),
                sqlparser::ast::BinaryOperator::Or => BExpr::Or(Box::new(l), Box::new(r)),
                _ => BExpr::Binary {
                    op: op.clone(),
                    left: Box::new(l),
                    right: Box::new(r),
                    text: e.to_string(),
                },
            })
        }
        Expr::Nested(x) => bind_with_aliases(binder, x, items),
        _ => binder.bind(e),
    }
}

/// `*` or `t.*`: every column of every source (or of `t`), in order.
fn expand_wildcard(
    sources: &[BoundSource],
    qualifier: Option<&str>,
) -> Result<Vec<(BExpr, String)>> {
    let column =
        |s: &BoundSource, i: usize| (BExpr::Column(s.offset + i as u32), s.meta[i].name.clone());
    // A functional key part's hidden column is not part of `*`.
    let shown = |s: &BoundSource, i: usize| !is_hidden_name(&s.meta[i].name);
    if let Some(q) = qualifier {
        let out: Vec<_> = sources
            .iter()
            .filter(|s| s.alias.eq_ignore_ascii_case(q.trim_matches('`')))
            .flat_map(|s| (0..s.meta.len()).filter(|&i| shown(s, i)).map(move |i| column(s, i)))
            .collect();
        if out.is_empty() {
            return Err(MySqlError::unknown_table(q));
        }
        return Ok(out);
    }
    // FROM as written (a RIGHT JOIN runs its tables swapped), except with USING or NATURAL,
    // where MySQL lists the preserved side first (`t1 NATURAL RIGHT JOIN t2` shows the
    // shared columns, then t2's, then t1's).
    let mut ordered: Vec<&BoundSource> = sources.iter().collect();
    if sources.iter().all(|s| s.using.is_empty()) {
        ordered.sort_by_key(|s| s.written);
    }
    // A USING or NATURAL join shows its shared columns once, first, then the other columns
    // of the sources before it, then its own (MySQL's order for `SELECT *`).
    let mut out: Vec<(BExpr, String)> = Vec::new();
    for s in ordered {
        if s.using.is_empty() {
            out.extend((0..s.meta.len()).filter(|&i| shown(s, i)).map(|i| column(s, i)));
            continue;
        }
        let (shared, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut out)
            .into_iter()
            .partition(|(_, name)| s.using.iter().any(|u| u.eq_ignore_ascii_case(name)));
        out = shared;
        out.extend(rest);
        out.extend(
            (0..s.meta.len())
                .filter(|&i| !s.using.iter().any(|u| u.eq_ignore_ascii_case(&s.meta[i].name)))
                .filter(|&i| shown(s, i))
                .map(|i| column(s, i)),
        );
    }
    Ok(out)
}
