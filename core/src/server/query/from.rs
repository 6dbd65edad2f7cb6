//! The FROM clause: each item bound to a source of rows. A stored table streams from
//! storage (a derived table or view merged into the query is one); the server's own tables,
//! the other views and derived tables are run first and their rows kept in memory, packed
//! (`packed_rows.rs`). Each source's columns get an offset in the joined row. A LATERAL
//! derived table, or one that reads an enclosing query, is dependent: prepared here, run per
//! outer row by the executor. A RIGHT JOIN after other joins and a parenthesised join on an
//! outer join's inner side make a nested join (`BoundSource::nest_end`).

use super::Meta;
use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::group_table::key_hash;
use crate::sql::execution::packed_rows::PackedRows;
use crate::sql::execution::select::{width, BoundSource, Source};
use crate::sql::execution::set_table;
use crate::sql::execution::temp_table::TempTable;
use crate::sql::execution::Work;
use crate::sql::planner::access_path::IndexHints;
use crate::sql::planner::derived_merge::{self, materialised_by_mysql};
use crate::storage::catalog::Catalog;
use crate::storage::table::Row;
use sqlparser::ast::{Expr, JoinConstraint, JoinOperator, Query, TableFactor, TableWithJoins};
use std::rc::Rc;

impl Server {
    /// Binds one FROM item (a table and its joins) after the `sources` bound so far.
    ///
    /// `a RIGHT JOIN b ON c` runs as `b LEFT JOIN a ON c`, as MySQL rewrites it: the right
    /// operand moves before everything joined so far in the item, which becomes its inner
    /// side (a nested join when it is several tables). A parenthesised join is bound in
    /// place: its tables join the others, a nested join when it is an outer join's inner side.
    pub(super) fn add_sources(
        &mut self,
        session: &mut Session,
        sql: &str,
        twj: &TableWithJoins,
        sources: &mut Vec<BoundSource>,
        work: &mut Work,
        depth: u32,
    ) -> Result<()> {
        let item_start = sources.len() as u32;
        self.bind_factor(session, sql, &twj.relation, sources, work, depth)?;
        for join in &twj.joins {
            #[derive(PartialEq)]
            enum Kind {
                Inner,
                Straight,
                Left,
                Right,
            }
            let (kind, constraint) = match &join.join_operator {
                JoinOperator::Join(c) | JoinOperator::Inner(c) => (Kind::Inner, Some(c)),
                JoinOperator::StraightJoin(c) => (Kind::Straight, Some(c)),
                JoinOperator::Left(c) | JoinOperator::LeftOuter(c) => (Kind::Left, Some(c)),
                JoinOperator::Right(c) | JoinOperator::RightOuter(c) => (Kind::Right, Some(c)),
                JoinOperator::CrossJoin(_) => (Kind::Inner, None),
                _ => return Err(MySqlError::not_supported_yet("this kind of join")),
            };
            let start = sources.len() as u32;
            self.bind_factor(session, sql, &join.relation, sources, work, depth)?;
            let end = sources.len() as u32;
            let single = end == start + 1;
            let on = match constraint {
                Some(JoinConstraint::On(e)) => Some(e.clone()),
                Some(JoinConstraint::None) | None => None,
                Some(JoinConstraint::Using(names)) if single => {
                    let names: Vec<String> =
                        names.iter().map(|n| n.to_string().trim_matches('`').to_string()).collect();
                    let (before, right) = sources.split_at_mut(start as usize);
                    let on = using_condition(before, &right[0], &names)?;
                    right[0].using = names;
                    Some(on)
                }
                Some(JoinConstraint::Natural) if single => {
                    let (before, right) = sources.split_at_mut(start as usize);
                    let names: Vec<String> = right[0]
                        .meta
                        .iter()
                        .map(|m| m.name.clone())
                        .filter(|n| before.iter().any(|p| has_column(p, n)))
                        .collect();
                    let on = if names.is_empty() {
                        None
                    } else {
                        Some(using_condition(before, &right[0], &names)?)
                    };
                    right[0].using = names;
                    on
                }
                Some(_) => {
                    return Err(MySqlError::not_supported_yet(
                        "USING or NATURAL with a parenthesised join",
                    ))
                }
            };
            match kind {
                Kind::Right => {
                    // A JSON_TABLE that reads the left operand cannot be its outer side
                    // (MySQL's ER_TF_FORBIDDEN_JOIN_TYPE).
                    let reads_left = sources[start as usize..end as usize]
                        .iter()
                        .find(|s| matches!(s.source, Source::JsonTable { .. }));
                    if let Some(s) = reads_left {
                        return Err(MySqlError::table_function_forbidden_join(&s.alias));
                    }
                    // The right operand first; everything before it, its inner side.
                    rotate(sources, item_start, start, end);
                    let moved = end - start;
                    // USING / NATURAL: the shared columns are the right table's now that it
                    // comes first (`SELECT *` shows them once, from it).
                    let using = std::mem::take(&mut sources[item_start as usize].using);
                    if !using.is_empty() {
                        if end - item_start != 2 {
                            return Err(MySqlError::not_supported_yet(
                                "USING or NATURAL with a parenthesised join",
                            ));
                        }
                        sources[end as usize - 1].using = using;
                    }
                    outer_side(sources, item_start + moved, end, on)?;
                    for s in &mut sources[(item_start + moved) as usize..end as usize] {
                        s.after.extend(item_start..item_start + moved);
                    }
                }
                Kind::Left => {
                    // A LEFT JOIN's inner table is read after its whole left operand
                    // (MySQL's dep_tables).
                    outer_side(sources, start, end, on)?;
                    for s in &mut sources[start as usize..end as usize] {
                        s.after.extend(item_start..start);
                    }
                }
                Kind::Inner | Kind::Straight => {
                    let last = &mut sources[end as usize - 1];
                    if !single && (last.outer || last.nested) && on.is_some() {
                        return Err(MySqlError::not_supported_yet(
                            "an inner join's ON over a parenthesised outer join",
                        ));
                    }
                    last.on = and(last.on.take(), on);
                    // STRAIGHT_JOIN's right table after its left one.
                    if kind == Kind::Straight {
                        sources[start as usize].after.extend(item_start..start);
                    }
                }
            }
        }
        Ok(())
    }

    /// Binds one table reference of a join, pushed after `sources`: a parenthesised join
    /// pushes its tables.
    fn bind_factor(
        &mut self,
        session: &mut Session,
        sql: &str,
        factor: &TableFactor,
        sources: &mut Vec<BoundSource>,
        work: &mut Work,
        depth: u32,
    ) -> Result<()> {
        if let TableFactor::NestedJoin { table_with_joins, alias } = factor {
            if alias.is_some() {
                return Err(MySqlError::not_supported_yet("an alias of a parenthesised join"));
            }
            return self.add_sources(session, sql, table_with_joins, sources, work, depth);
        }
        let s = self.bind_source(session, sql, factor, sources, work, depth)?;
        // Its place as written: `SELECT *` shows the tables in this order whatever the
        // rewrite of a RIGHT JOIN does to the join order.
        let written = sources.len() as u32;
        sources.push(BoundSource { offset: width(sources), written, ..s });
        Ok(())
    }

    /// Binds one FROM item (its offset is the caller's to set); `sql` is the statement's
    /// text, which names a derived table's unaliased columns as they were typed. `left`: the
    /// sources bound before it in the same FROM, which a LATERAL derived table may read.
    fn bind_source(
        &mut self,
        session: &mut Session,
        sql: &str,
        factor: &TableFactor,
        left: &[BoundSource],
        work: &mut Work,
        depth: u32,
    ) -> Result<BoundSource> {
        let (name, alias, index_directives, partitions) = match factor {
            TableFactor::Table { name, alias, index_directives, partitions, args, .. } => {
                // `t (...)` and `t AS x (...)`: a table function's arguments, or column
                // aliases of a base table, neither of which MySQL's grammar has (sqlparser
                // reads both).
                let aliased = alias.as_ref().filter(|a| !a.columns.is_empty());
                let before = match (args, aliased) {
                    (Some(_), _) => match name.0.last() {
                        Some(sqlparser::ast::ObjectNamePart::Identifier(i)) => Some(i),
                        _ => None,
                    },
                    (None, Some(a)) => Some(&a.name),
                    (None, None) => None,
                };
                if let Some(word) = before {
                    return Err(parenthesis_after(sql, word));
                }
                (name, alias, index_directives, partitions)
            }
            TableFactor::Derived { lateral, subquery, alias, .. } => {
                let Some(alias) = alias else {
                    return Err(MySqlError::derived_table_without_alias());
                };
                return self.bind_derived_table(
                    session, sql, subquery, alias, *lateral, left, work, depth,
                );
            }
            TableFactor::JsonTable { json_expr, json_path, columns, alias } => {
                let f = super::json_table::JsonTableFactor { json_expr, json_path, columns, alias };
                return self.bind_json_table(session, f, left, work);
            }
            _ => return Err(MySqlError::not_supported_yet("this kind of table reference")),
        };
        let parts: Vec<String> =
            name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
        // A CTE in scope hides a stored table of the same name.
        if let [t] = parts.as_slice() {
            if let Some(at) = work.ctes.find(t) {
                let alias = alias.as_ref().map_or(t.clone(), |a| a.name.value.clone());
                // A NO_MERGE hint or derived_merge=off materialises one MySQL could merge.
                let kept = !derived_merge::merge_wanted(&work.block_hints, &alias, false, &|| {
                    self.derived_merge_on(session)
                });
                return self.bind_cte(session, at, alias, kept, work, depth);
            }
        }
        let (db, table) = match parts.as_slice() {
            [t] => match &session.database {
                Some(db) => (db.clone(), t.clone()),
                None => return Err(MySqlError::no_database_selected()),
            },
            [d, t] => (d.clone(), t.clone()),
            _ => return Err(MySqlError::not_supported_yet("three-part table names")),
        };
        let alias = alias.as_ref().map_or(table.clone(), |a| a.name.value.clone());
        // MySQL checks the privilege before it looks the table up (1142, not 1146).
        self.check_select(session, &db, &table)?;
        Server::check_lock_for_read(session, &db, &table)?;
        if db.eq_ignore_ascii_case("sys") {
            if let Some(v) = crate::instruments::sys::view(&table) {
                let temptable = v.algorithm == "TEMPTABLE";
                let view = (v.query, temptable, &[][..]);
                return self.bind_view(session, "sys", view, alias, work, depth);
            }
        }
        if Catalog::is_system_schema(&db) {
            let (meta, rows) = self.system_table(session, &db, &table, &alias)?;
            if db.eq_ignore_ascii_case("information_schema")
                && table.eq_ignore_ascii_case("profiling")
            {
                let what = "INFORMATION_SCHEMA.PROFILING";
                session.warn(crate::error::Warning::deprecated_performance_schema(what));
            }
            work.rows += rows.len() as u64;
            return BoundSource::of_values(alias, meta, rows);
        }
        if !self.catalog.has_database(&db) {
            return Err(MySqlError::unknown_database(&db));
        }
        if let Some(t) = self.catalog.table(&db, &table) {
            let hints = IndexHints::from_directives(index_directives, Some(t))?
                .with_partitions(partitions, t)?
                .with_icp_hints(&work.block_hints, &alias);
            let meta = t
                .def
                .columns
                .iter()
                .map(|c| Meta {
                    name: c.name.clone(),
                    table: alias.clone(),
                    numeric: c.ty.is_numeric(),
                    nullable: c.nullable,
                    json: c.ty == crate::storage::schema::ColumnType::Json,
                    time: matches!(c.ty, crate::storage::schema::ColumnType::Time(_)),
                    labels: match &c.ty {
                        crate::storage::schema::ColumnType::Enum(labels) => {
                            Some(labels.as_slice().into())
                        }
                        _ => None,
                    },
                })
                .collect();
            return Ok(BoundSource {
                alias,
                meta,
                source: Source::Stored { db, table },
                offset: 0,
                outer: false,
                on: None,
                hints,
                using: Vec::new(),
                written: 0,
                after: Vec::new(),
                nest_end: None,
                nested: false,
            });
        }
        if let Some(v) = self.catalog.view(&db, &table) {
            // A NO_MERGE hint or derived_merge=off materialises a view MySQL could merge, as
            // ALGORITHM=TEMPTABLE does.
            let kept = !derived_merge::merge_wanted(
                &work.block_hints,
                &alias,
                v.algorithm == "MERGE",
                &|| self.derived_merge_on(session),
            );
            let (text, temptable, columns) =
                (v.query.clone(), v.algorithm == "TEMPTABLE" || kept, v.columns.clone());
            let view = (text.as_str(), temptable, &columns[..]);
            return self.bind_view(session, &db, view, alias, work, depth);
        }
        Err(MySqlError::no_such_table(&db, &table))
    }

    /// A view of database `db` whose SELECT is `text` (`view`: that text, whether it is
    /// ALGORITHM=TEMPTABLE, its column list) that was not merged into the query reading it
    /// (`derived_merge.rs`): run (in `db`'s context, as a view runs) and materialised, its
    /// rows read as `alias`'s; counted as an internal temporary table when MySQL would
    /// materialise it (ALGORITHM=TEMPTABLE, or a query `derived_merge::materialised_by_mysql`
    /// says cannot be merged).
    fn bind_view(
        &mut self,
        session: &mut Session,
        db: &str,
        view: (&str, bool, &[String]),
        alias: String,
        work: &mut Work,
        depth: u32,
    ) -> Result<BoundSource> {
        let (text, temptable, columns) = view;
        let query = match crate::sql::parse(text)? {
            crate::sql::Statement::Select(q) => q,
            _ => return Err(MySqlError::unknown("view is not a SELECT")),
        };
        let saved = session.database.replace(db.to_string());
        // The processlist keeps showing the client's database (the outermost view's caller).
        let outside = session.database_outside_view.is_none();
        if outside {
            session.database_outside_view = Some(saved.clone());
        }
        // A view sees no CTE of the statement that reads it (its names are resolved where
        // it was defined), nor any enclosing query's columns.
        let ctes = std::mem::take(&mut work.ctes);
        let scopes = std::mem::take(&mut work.outer_scopes);
        let result = self.run_query(session, &query, text, work, depth + 1, false);
        work.ctes = ctes;
        work.outer_scopes = scopes;
        session.database = saved;
        if outside {
            session.database_outside_view = None;
        }
        let (meta, rows) = result?.into_packed()?;
        // A view MySQL materialises (it groups, aggregates, de-duplicates, limits or is a set
        // operation: ALGORITHM=UNDEFINED cannot merge it) fills an internal temporary table
        // as the same derived table does. Simplification: a view MySQL would merge but
        // `derived_merge.rs` does not (a join, a subquery in its select list, a name it
        // cannot follow) is run and held here, but charged nothing, as MySQL's merge costs
        // no table.
        if temptable || materialised_by_mysql(&query) {
            self.write_materialised(session, &rows, meta.len(), false)?;
        }
        if !columns.is_empty() && columns.len() != meta.len() {
            return Err(MySqlError::derived_column_count());
        }
        let meta = meta
            .into_iter()
            .enumerate()
            .map(|(i, m)| Meta { name: columns.get(i).cloned().unwrap_or(m.name.clone()), ..m })
            .collect();
        Ok(BoundSource::materialised(alias, meta, Rc::new(rows)))
    }

    /// The internal temporary table rows are materialised in: created, every row written,
    /// dropped when the statement ends. A derived table's or a view's has no index (`keyed`
    /// false: its rows are appended); a CTE's is keyed by each row's hash.
    pub(super) fn write_materialised(
        &mut self,
        session: &mut Session,
        rows: &PackedRows,
        width: usize,
        keyed: bool,
    ) -> Result<()> {
        self.with_costs(session, |costs, cx| {
            let settings = set_table::temp_settings(cx);
            let mut table = if keyed {
                TempTable::create(settings, costs)
            } else {
                TempTable::create_unkeyed(settings, costs)
            };
            let mut row = Row::new();
            rows.visit(width, &mut row, &mut |r| {
                let hash = if keyed { key_hash(r) } else { 0 };
                table.write(set_table::row_size(r), hash, costs);
                true
            });
            table.drop_table(costs);
        })
    }

    /// A derived table of FROM: a LATERAL one that reads the tables before it (`left`), or
    /// any that reads an enclosing query's columns (inside a correlated subquery,
    /// `work.outer_scopes`), is dependent: prepared once and materialised again per outer
    /// row by the executor (MySQL 8.0.14+). Any other is materialised here, once.
    ///
    /// Simplification: a LATERAL derived table that reads nothing outside itself is bound
    /// twice (prepared, then run as an ordinary one), so a derived table inside it is
    /// materialised twice; an ordinary one that reads an enclosing query is found by its
    /// failed first run, as a correlated subquery is.
    #[allow(clippy::too_many_arguments)]
    fn bind_derived_table(
        &mut self,
        session: &mut Session,
        sql: &str,
        subquery: &Query,
        alias: &sqlparser::ast::TableAlias,
        lateral: bool,
        left: &[BoundSource],
        work: &mut Work,
        depth: u32,
    ) -> Result<BoundSource> {
        if lateral {
            let mut chain = work.outer_scopes.clone();
            chain.push(super::subquery::scope_names(left));
            let dependent =
                self.bind_dependent(session, subquery, alias, &chain, left, sql, work, depth)?;
            if let Some(s) = dependent {
                return Ok(s);
            }
            return self.bind_derived(session, sql, subquery, Some(alias), work, depth);
        }
        match self.bind_derived(session, sql, subquery, Some(alias), work, depth) {
            Err(e) if e.code == 1054 && !work.outer_scopes.is_empty() => {
                let chain = work.outer_scopes.clone();
                match self.bind_dependent(
                    session,
                    subquery,
                    alias,
                    &chain,
                    &[],
                    sql,
                    work,
                    depth,
                )? {
                    Some(s) => Ok(s),
                    None => Err(e),
                }
            }
            other => other,
        }
    }

    /// A derived table, `(SELECT ...) AS alias [(columns)]`, that was not merged into the
    /// query reading it (`derived_merge.rs`): run, and materialised in an internal temporary
    /// table (`Created_tmp_tables`, its size limits and the conversion to disk, as a CTE's),
    /// its rows read as the alias's.
    ///
    /// The rows the table holds are kept packed (`packed_rows.rs`), bounded by the simulated
    /// temporary space; MySQL keeps them in the table (on disk past `tmp_table_size`).
    fn bind_derived(
        &mut self,
        session: &mut Session,
        sql: &str,
        subquery: &Query,
        alias: Option<&sqlparser::ast::TableAlias>,
        work: &mut Work,
        depth: u32,
    ) -> Result<BoundSource> {
        let Some(alias) = alias else {
            return Err(MySqlError::derived_table_without_alias());
        };
        let names: Vec<String> = alias.columns.iter().map(|c| c.name.value.clone()).collect();
        self.check_names_before_running(session, subquery, sql, &names, work)?;
        let (meta, rows) =
            self.run_query(session, subquery, sql, work, depth + 1, false)?.into_packed()?;
        self.write_materialised(session, &rows, meta.len(), false)?;
        if !names.is_empty() && names.len() != meta.len() {
            return Err(MySqlError::derived_column_count());
        }
        let meta = meta
            .into_iter()
            .enumerate()
            .map(|(i, m)| Meta { name: names.get(i).cloned().unwrap_or(m.name.clone()), ..m })
            .collect::<Vec<Meta>>();
        crate::sql::column_names::check_unique_columns(&meta)?;
        Ok(BoundSource::materialised(alias.name.value.clone(), meta, Rc::new(rows)))
    }
}

impl Server {
    /// ERROR 1060 (a repeated column name) and 1353 (a column list of another length) for a
    /// derived table or CTE whose columns (`listed`, else its query's) are known before it
    /// runs (`column_names::known_names`): raised before any row is read, as MySQL raises
    /// them when it prepares the statement. Otherwise they come once the query has run.
    pub(super) fn check_names_before_running(
        &self,
        session: &Session,
        q: &Query,
        sql: &str,
        listed: &[String],
        work: &Work,
    ) -> Result<()> {
        use crate::sql::column_names::{check_unique, known_names, NameScope};
        let is_cte = |t: &str| work.ctes.find(t).is_some();
        let scope =
            NameScope { catalog: &self.catalog, db: session.database.as_deref(), is_cte: &is_cte };
        let known = known_names(q, sql, &scope);
        if let Some(names) = &known {
            if !listed.is_empty() && listed.len() != names.len() {
                return Err(MySqlError::derived_column_count());
            }
        }
        check_unique(listed)?;
        match known {
            Some(names) if listed.is_empty() => check_unique(&names),
            _ => Ok(()),
        }
    }
}

/// Moves `sources[start..end]` (a RIGHT JOIN's right operand) to `item_start`, before the
/// tables of its left operand: their positions in `after` and `nest_end` follow, and every
/// column offset is set again.
fn rotate(sources: &mut [BoundSource], item_start: u32, start: u32, end: u32) {
    let moved = end - start;
    let remap = |p: u32| {
        if (item_start..start).contains(&p) {
            p + moved
        } else if (start..end).contains(&p) {
            p - (start - item_start)
        } else {
            p
        }
    };
    sources[item_start as usize..end as usize].rotate_right(moved as usize);
    for s in sources.iter_mut() {
        s.after.iter_mut().for_each(|p| *p = remap(*p));
        s.nest_end = s.nest_end.map(remap);
    }
    for i in item_start as usize..sources.len() {
        sources[i].offset = width(&sources[..i]);
    }
}

/// Makes `sources[start..end]` the inner side of an outer join whose ON is `on`: one table
/// is NULL-complemented alone; several, a nested join, together (`nest_end`), the ON being
/// checked with its last table's. An outer join already inside the nested join is ERROR
/// 1235 (the executor has no nest inside a nest).
fn outer_side(sources: &mut [BoundSource], start: u32, end: u32, on: Option<Expr>) -> Result<()> {
    let (start, end) = (start as usize, end as usize);
    if end == start + 1 && sources[start].nest_end.is_none() && !sources[start].outer {
        let s = &mut sources[start];
        s.outer = true;
        s.on = and(s.on.take(), on);
        return Ok(());
    }
    if sources[start..end].iter().any(|s| s.outer || s.nested) {
        return Err(MySqlError::not_supported_yet(
            "an outer join nested in the inner side of another outer join",
        ));
    }
    for s in &mut sources[start..end] {
        s.nested = true;
    }
    sources[start].nest_end = Some(end as u32 - 1);
    let last = &mut sources[end - 1];
    last.on = and(last.on.take(), on);
    Ok(())
}

/// `a AND b` of two optional conditions.
fn and(a: Option<Expr>, b: Option<Expr>) -> Option<Expr> {
    match (a, b) {
        (Some(a), Some(b)) => Some(Expr::BinaryOp {
            left: Box::new(Expr::Nested(Box::new(a))),
            op: sqlparser::ast::BinaryOperator::And,
            right: Box::new(Expr::Nested(Box::new(b))),
        }),
        (a, b) => a.or(b),
    }
}

fn has_column(s: &BoundSource, name: &str) -> bool {
    s.meta.iter().any(|m| m.name.eq_ignore_ascii_case(name))
}

/// `USING (a, b)`: `left.a = right.a AND left.b = right.b`, each name taken from the first
/// source before the join that has it; ERROR 1054 "in 'from clause'" for a name either side
/// lacks, as MySQL's.
fn using_condition(
    before: &[BoundSource],
    right: &BoundSource,
    names: &[String],
) -> Result<sqlparser::ast::Expr> {
    use sqlparser::ast::{BinaryOperator, Expr, Ident};
    let mut condition: Option<Expr> = None;
    for name in names {
        let left = before.iter().find(|p| has_column(p, name));
        let (Some(left), true) = (left, has_column(right, name)) else {
            return Err(MySqlError::unknown_column(name, "from clause"));
        };
        let side = |alias: &str| {
            Expr::CompoundIdentifier(vec![Ident::new(alias), Ident::new(name.clone())])
        };
        let eq = Expr::BinaryOp {
            left: Box::new(side(&left.alias)),
            op: BinaryOperator::Eq,
            right: Box::new(side(&right.alias)),
        };
        condition = Some(match condition {
            None => eq,
            Some(c) => {
                Expr::BinaryOp { left: Box::new(c), op: BinaryOperator::And, right: Box::new(eq) }
            }
        });
    }
    condition.ok_or_else(|| MySqlError::syntax("USING ()", 1))
}

/// MySQL's 1064 for a parenthesis right after a table's name or alias (`word`), near that
/// parenthesis. The word's place is where the parser saw it, in `sql` when that is the text it
/// parsed; a subquery's text is its own, so there the first place the word is followed by a
/// parenthesis is taken.
fn parenthesis_after(sql: &str, word: &sqlparser::ast::Ident) -> MySqlError {
    let paren_after = |from: usize| {
        let rest = &sql[from..];
        rest.trim_start().starts_with('(').then(|| from + rest.len() - rest.trim_start().len())
    };
    let end = word.span.end;
    let by_span = crate::sql::parser::offset_of(sql, end.line, end.column)
        .filter(|&at| at <= sql.len() && sql.is_char_boundary(at))
        .and_then(paren_after);
    let by_text = || {
        let lower = sql.to_ascii_lowercase();
        let needle = word.value.to_ascii_lowercase();
        lower.match_indices(&needle).find_map(|(at, _)| {
            let after = at + needle.len();
            // Past a closing quote of a quoted name.
            let after = if sql[after..].starts_with(['`', '"']) { after + 1 } else { after };
            paren_after(after)
        })
    };
    let at = by_span.or_else(by_text).unwrap_or(sql.len());
    let line = sql[..at].matches('\n').count() as u32 + 1;
    MySqlError::syntax(sql[at..].trim_end_matches([';', ' ', '\n', '\r', '\t']), line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(alias: &str, width: usize) -> BoundSource {
        let meta = (0..width)
            .map(|i| Meta {
                name: format!("c{i}"),
                table: alias.into(),
                numeric: true,
                nullable: true,
                json: false,
                time: false,
                labels: None,
            })
            .collect();
        BoundSource::materialised(alias.into(), meta, Rc::default())
    }

    #[test]
    fn a_right_operand_moves_before_its_left_one_which_becomes_a_nest() {
        // `x JOIN y ... RIGHT JOIN z`: z first, x and y after it, NULL-complemented together.
        let mut sources = vec![source("x", 2), source("y", 3), source("z", 1)];
        sources[1].after = vec![0];
        rotate(&mut sources, 0, 2, 3);
        let aliases: Vec<&str> = sources.iter().map(|s| s.alias.as_str()).collect();
        assert_eq!(aliases, ["z", "x", "y"]);
        assert_eq!(sources.iter().map(|s| s.offset).collect::<Vec<_>>(), [0, 1, 3]);
        assert_eq!(sources[2].after, [1]);
        outer_side(&mut sources, 1, 3, Some(Expr::value(sqlparser::ast::Value::Boolean(true))))
            .unwrap();
        assert_eq!(sources[1].nest_end, Some(2));
        assert!(sources[1].nested && sources[2].nested && !sources[1].outer);
        assert!(sources[2].on.is_some() && sources[1].on.is_none());
        // An outer join inside the nest is not supported.
        let mut sources = vec![source("x", 1), source("y", 1)];
        sources[1].outer = true;
        assert_eq!(outer_side(&mut sources, 0, 2, None).unwrap_err().code, 1235);
    }
}
