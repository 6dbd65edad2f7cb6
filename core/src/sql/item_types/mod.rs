//! The columns a SELECT gives, typed as mysqld types them from its items, without running
//! it: what `DESCRIBE` and `information_schema.COLUMNS` show of a view (mysqld stores a
//! view's columns in the data dictionary when the view is made, from its items' types; here
//! they are derived when asked, by the same rules).
//!
//! A column read straight from a table keeps its type, NULL-ability and default (NULL-able
//! on the inner side of an outer join); any other item's type comes from its operands
//! (`expressions.rs`, `functions.rs`): `SUM` of a BIGINT UNSIGNED is `decimal(42,0)`,
//! `FORMAT_PICO_TIME()` is `varchar(11)`, `IF(.., '*', '')` is `varchar(1)`, and a computed
//! NOT NULL column's default is 0 or the empty string.
//!
//! Simplification: an item kind this module does not know is typed `longtext` NULL-able and
//! counted in [`Derived::unknown`]; every sys view is typed without one (tested).

mod data_type;
mod expressions;
mod functions;

pub use data_type::{Collation, DataType, IntSize, Typed};

use sqlparser::ast::{
    JoinOperator, Query, SelectItem, SelectItemQualifiedWildcardKind, SetExpr, TableFactor,
};

/// A named, typed column.
#[derive(Clone, Debug, PartialEq)]
pub struct TypedColumn {
    pub name: String,
    pub typed: Typed,
}

/// What a table name in FROM stands for.
pub enum Relation {
    /// A table with known columns.
    Columns(Vec<TypedColumn>),
    /// A view: its SELECT, its column list (empty: the SELECT's names), its database (where
    /// its unqualified names are looked up).
    View { db: String, query: String, columns: Vec<String> },
}

/// Where the derivation looks names up.
pub trait Sources {
    /// What `db`.`name` is, if anything.
    fn relation(&self, db: &str, name: &str) -> Option<Relation>;
    /// The declared result type of stored function `db`.`name` (`sys.format_statement` is
    /// `longtext`).
    fn function_returns(&self, db: &str, name: &str) -> Option<DataType>;
    /// What `VERSION()` returns.
    fn server_version(&self) -> String;
    /// The type of system variable `@@name`'s value, if the server has the variable.
    fn system_variable(&self, _name: &str) -> Option<DataType> {
        None
    }
}

/// A query's columns, and how many items were of a kind not typed by rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Derived {
    pub columns: Vec<TypedColumn>,
    pub unknown: u32,
}

/// Why a query's columns cannot be derived: a table or column it names does not exist (a
/// view over a dropped table; mysqld's ERROR 1356), or it is nested too deep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

/// How deep views over views and derived tables are followed.
const DEPTH_MAX: u32 = 32;

/// The columns of SELECT `sql` read in database `db` (`names`: a view's column list, or
/// empty).
pub fn query_columns(
    sql: &str,
    names: &[String],
    db: &str,
    sources: &dyn Sources,
) -> Result<Derived, Invalid> {
    let parsed = crate::sql::parser::parse(sql)
        .map_err(|e| Invalid(format!("cannot parse: {}", e.message)))?;
    let crate::sql::parser::Statement::Select(q) = parsed else {
        return Err(Invalid("not a query".into()));
    };
    typed_query(&q, sql, names, db, sources)
}

/// The columns of the parsed query `q` (`sql`: the text it was parsed from, which unaliased
/// items are named from).
pub fn typed_query(
    q: &Query,
    sql: &str,
    names: &[String],
    db: &str,
    sources: &dyn Sources,
) -> Result<Derived, Invalid> {
    let mut typer = Typer { sources, sql: sql.to_string(), unknown: 0 };
    let mut columns = typer.query(q, db, &[], 0)?;
    for (c, n) in columns.iter_mut().zip(names) {
        c.name = n.clone();
    }
    Ok(Derived { columns, unknown: typer.unknown })
}

/// One FROM item in scope: what its columns are qualified with, and its columns.
#[derive(Clone, Debug)]
pub(super) struct ScopeTable {
    pub alias: String,
    pub columns: Vec<TypedColumn>,
}

/// The walk over one query: the sources, the text of the query being typed (unaliased items
/// are named from it) and the count of items typed by fallback.
pub(super) struct Typer<'a> {
    sources: &'a dyn Sources,
    sql: String,
    unknown: u32,
}

impl Typer<'_> {
    /// The columns of `q`, read in `db`, with `outer` the scopes of the queries it is
    /// nested in (a correlated subquery names their columns).
    fn query(
        &mut self,
        q: &Query,
        db: &str,
        outer: &[ScopeTable],
        depth: u32,
    ) -> Result<Vec<TypedColumn>, Invalid> {
        if depth > DEPTH_MAX {
            return Err(Invalid("nested too deeply".into()));
        }
        let mut ctes = Vec::new();
        if let Some(with) = &q.with {
            for cte in &with.cte_tables {
                let mut columns = self.query(&cte.query, db, outer, depth + 1)?;
                for (c, n) in columns.iter_mut().zip(&cte.alias.columns) {
                    c.name = n.name.value.clone();
                }
                ctes.push(ScopeTable { alias: cte.alias.name.value.clone(), columns });
            }
        }
        self.set_expr(&q.body, db, outer, &ctes, depth)
    }

    fn set_expr(
        &mut self,
        body: &SetExpr,
        db: &str,
        outer: &[ScopeTable],
        ctes: &[ScopeTable],
        depth: u32,
    ) -> Result<Vec<TypedColumn>, Invalid> {
        match body {
            SetExpr::Select(sel) => self.select(sel, db, outer, ctes, depth),
            SetExpr::Query(q) => self.query(q, db, outer, depth + 1),
            // A set operation's columns are named by its first block and typed by every
            // block's (MySQL aggregates each column's types over the blocks).
            SetExpr::SetOperation { left, right, .. } => {
                let mut l = self.set_expr(left, db, outer, ctes, depth + 1)?;
                let r = self.set_expr(right, db, outer, ctes, depth + 1)?;
                for (a, b) in l.iter_mut().zip(r) {
                    a.typed = expressions::aggregate(&[a.typed.clone(), b.typed], true);
                }
                Ok(l)
            }
            SetExpr::Values(v) => {
                let mut columns: Vec<TypedColumn> = Vec::new();
                for row in &v.rows {
                    for (i, e) in row.iter().enumerate() {
                        let t = self.expr(e, &[], db, depth)?;
                        match columns.get_mut(i) {
                            Some(c) => {
                                c.typed = expressions::aggregate(&[c.typed.clone(), t], true)
                            }
                            None => {
                                columns.push(TypedColumn { name: format!("column_{i}"), typed: t })
                            }
                        }
                    }
                }
                Ok(columns)
            }
            _ => Err(Invalid("a query of this kind".into())),
        }
    }

    fn select(
        &mut self,
        sel: &sqlparser::ast::Select,
        db: &str,
        outer: &[ScopeTable],
        ctes: &[ScopeTable],
        depth: u32,
    ) -> Result<Vec<TypedColumn>, Invalid> {
        let mut scope: Vec<ScopeTable> = Vec::new();
        for twj in &sel.from {
            scope.extend(self.joined(twj, db, outer, ctes, depth)?);
        }
        // Inner scopes first: a name resolves to the nearest query's column.
        let visible: Vec<ScopeTable> = scope.iter().chain(outer).cloned().collect();
        let mut columns = Vec::new();
        for item in &sel.projection {
            match item {
                SelectItem::UnnamedExpr(e) => {
                    let name = crate::sql::parser::column_name::source_name(e, &self.sql);
                    let typed = self.expr(e, &visible, db, depth)?;
                    columns.push(TypedColumn { name, typed });
                }
                SelectItem::ExprWithAlias { expr, alias } => {
                    let typed = self.expr(expr, &visible, db, depth)?;
                    columns.push(TypedColumn { name: alias.value.clone(), typed });
                }
                SelectItem::Wildcard(_) => {
                    columns.extend(scope.iter().flat_map(|t| t.columns.iter().cloned()));
                }
                SelectItem::QualifiedWildcard(
                    SelectItemQualifiedWildcardKind::ObjectName(n),
                    _,
                ) => {
                    let wanted = n.0.last().map(|p| p.to_string().trim_matches('`').to_string());
                    let t = scope
                        .iter()
                        .find(|t| {
                            wanted.as_deref().is_some_and(|w| t.alias.eq_ignore_ascii_case(w))
                        })
                        .ok_or_else(|| Invalid(format!("unknown table {}", n)))?;
                    columns.extend(t.columns.iter().cloned());
                }
                _ => return Err(Invalid("a select item of this kind".into())),
            }
        }
        // WITH ROLLUP adds super-aggregate rows whose grouped columns are NULL.
        if let sqlparser::ast::GroupByExpr::Expressions(_, modifiers) = &sel.group_by {
            if modifiers.iter().any(|m| matches!(m, sqlparser::ast::GroupByWithModifier::Rollup)) {
                for c in columns.iter_mut().filter(|c| c.typed.column) {
                    c.typed = c.typed.clone().or_null();
                }
            }
        }
        Ok(columns)
    }

    /// The tables of one FROM item and its joins, in order: the inner side of an outer join
    /// NULL-able.
    fn joined(
        &mut self,
        twj: &sqlparser::ast::TableWithJoins,
        db: &str,
        outer: &[ScopeTable],
        ctes: &[ScopeTable],
        depth: u32,
    ) -> Result<Vec<ScopeTable>, Invalid> {
        let or_null = |tables: &mut [ScopeTable]| {
            for t in tables {
                t.columns.iter_mut().for_each(|c| c.typed = c.typed.clone().or_null());
            }
        };
        let mut tables = self.factor(&twj.relation, db, outer, ctes, depth)?;
        for join in &twj.joins {
            let mut joined = self.factor(&join.relation, db, outer, ctes, depth)?;
            match &join.join_operator {
                JoinOperator::Left(_) | JoinOperator::LeftOuter(_) => or_null(&mut joined),
                JoinOperator::Right(_) | JoinOperator::RightOuter(_) => or_null(&mut tables),
                _ => {}
            }
            tables.extend(joined);
        }
        Ok(tables)
    }

    /// A FROM item's tables (several for a parenthesised join), each column read as a
    /// column.
    fn factor(
        &mut self,
        f: &TableFactor,
        db: &str,
        outer: &[ScopeTable],
        ctes: &[ScopeTable],
        depth: u32,
    ) -> Result<Vec<ScopeTable>, Invalid> {
        let mut tables = match f {
            // A parenthesised join's tables keep their own names.
            TableFactor::NestedJoin { table_with_joins, .. } => {
                self.joined(table_with_joins, db, outer, ctes, depth)?
            }
            _ => vec![self.factor_columns(f, db, outer, ctes, depth)?],
        };
        for c in tables.iter_mut().flat_map(|t| t.columns.iter_mut()) {
            c.typed.column = true;
            c.typed.literal = false;
        }
        Ok(tables)
    }

    fn factor_columns(
        &mut self,
        f: &TableFactor,
        db: &str,
        outer: &[ScopeTable],
        ctes: &[ScopeTable],
        depth: u32,
    ) -> Result<ScopeTable, Invalid> {
        match f {
            TableFactor::Table { name, alias, .. } => {
                let parts: Vec<String> =
                    name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
                let (schema, table) = match parts.as_slice() {
                    [t] => (db.to_string(), t.clone()),
                    [d, t] => (d.clone(), t.clone()),
                    _ => return Err(Invalid(format!("table name {name}"))),
                };
                let alias = alias.as_ref().map_or(table.clone(), |a| a.name.value.clone());
                if parts.len() == 1 {
                    if let Some(cte) = ctes.iter().find(|c| c.alias.eq_ignore_ascii_case(&table)) {
                        return Ok(ScopeTable { alias, columns: cte.columns.clone() });
                    }
                }
                let columns = match self.sources.relation(&schema, &table) {
                    Some(Relation::Columns(c)) => c,
                    Some(Relation::View { db: vdb, query, columns: names }) => {
                        let saved = std::mem::replace(&mut self.sql, query.clone());
                        let parsed = crate::sql::parser::parse(&query)
                            .map_err(|e| Invalid(format!("view {schema}.{table}: {}", e.message)));
                        let result = parsed.and_then(|s| match s {
                            crate::sql::parser::Statement::Select(q) => {
                                self.query(&q, &vdb, &[], depth + 1)
                            }
                            _ => Err(Invalid(format!("view {schema}.{table} is no query"))),
                        });
                        self.sql = saved;
                        let mut c = result?;
                        for (col, n) in c.iter_mut().zip(&names) {
                            col.name = n.clone();
                        }
                        c
                    }
                    None => return Err(Invalid(format!("unknown table {schema}.{table}"))),
                };
                Ok(ScopeTable { alias, columns })
            }
            TableFactor::Derived { subquery, alias, lateral, .. } => {
                let scopes = if *lateral { outer } else { &[] };
                let mut columns = self.query(subquery, db, scopes, depth + 1)?;
                let alias_name = alias.as_ref().map_or(String::new(), |a| a.name.value.clone());
                if let Some(a) = alias {
                    for (c, n) in columns.iter_mut().zip(&a.columns) {
                        c.name = n.name.value.clone();
                    }
                }
                Ok(ScopeTable { alias: alias_name, columns })
            }
            // JSON_TABLE's columns are declared: each its type, NULL-able (a path that
            // matches nothing gives NULL); FOR ORDINALITY is `int unsigned` NOT NULL.
            TableFactor::JsonTable { columns, alias, .. } => {
                let mut out = Vec::new();
                json_table_columns(columns, &mut out);
                let alias = alias.as_ref().map_or(String::new(), |a| a.name.value.clone());
                Ok(ScopeTable { alias, columns: out })
            }
            _ => Err(Invalid("a FROM item of this kind".into())),
        }
    }

    /// The type of a subquery used as a value: its first column's, NULL-able (it may
    /// return no row).
    pub(super) fn scalar_subquery(
        &mut self,
        q: &Query,
        scope: &[ScopeTable],
        db: &str,
        depth: u32,
    ) -> Result<Typed, Invalid> {
        let columns = self.query(q, db, scope, depth + 1)?;
        let first = columns.into_iter().next().ok_or_else(|| Invalid("no column".into()))?;
        Ok(first.typed.or_null())
    }
}

/// JSON_TABLE's declared columns, nested ones flattened in order.
fn json_table_columns(columns: &[sqlparser::ast::JsonTableColumn], out: &mut Vec<TypedColumn>) {
    use sqlparser::ast::JsonTableColumn as J;
    for c in columns {
        match c {
            J::Named(n) => {
                let ty = DataType::parse(&n.r#type.to_string())
                    .unwrap_or(DataType::Text(crate::storage::schema::BlobSize::Long));
                let typed = if n.exists {
                    Typed::computed(DataType::Integer { size: IntSize::Int, unsigned: false }, true)
                } else {
                    Typed::computed(ty, true)
                };
                out.push(TypedColumn { name: n.name.value.clone(), typed });
            }
            J::ForOrdinality(name) => {
                let ty = DataType::Integer { size: IntSize::Int, unsigned: true };
                out.push(TypedColumn {
                    name: name.value.clone(),
                    typed: Typed::computed(ty, false),
                });
            }
            J::Nested(n) => json_table_columns(&n.columns, out),
        }
    }
}

#[cfg(test)]
mod tests;
