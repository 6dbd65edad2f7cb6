//! EXPLAIN's Note 1003: the query as the optimizer rewrote it (`/* select#1 */ select ...`),
//! with every name qualified by its database and table.

use super::dependent::{call_text, Correlation};
use super::{wildcard_qualifier, DerivedText, Kind, Scope, Source};
use crate::sql::bind::{CORRELATED_MARK, OUTER_MARK};
use crate::sql::execution::select::SubqueryKind;
use crate::sql::parser::column_name::source_name;
use crate::storage::catalog::Catalog;
use crate::storage::schema::ColumnType;
use sqlparser::ast::{
    BinaryOperator as B, DuplicateTreatment, Expr, FunctionArg, FunctionArgExpr, FunctionArguments,
    GroupByExpr, InTarget, LimitClause, OrderByKind, Query, Select, SelectItem, UnaryOperator as U,
};

/// The rewritten query of EXPLAIN's Note 1003, `/* select#1 */ select ...` with names
/// qualified by database and table. Simplification: MySQL also folds constants, converts
/// literals to the compared column's type and substitutes const tables' values.
pub(super) struct Render<'a> {
    pub sources: &'a [Source],
    pub catalog: &'a Catalog,
    /// Correlated subqueries around the block: its outer references' names and how its own
    /// correlated subqueries' calls are written.
    pub correlation: &'a Correlation,
}

impl Render<'_> {
    pub fn query(&self, sel: &Select, q: &Query, sql: &str) -> String {
        let mut out = String::from("/* select#1 */ select ");
        if sel.distinct.is_some() {
            out.push_str("distinct ");
        }
        let mut items = Vec::new();
        // A subquery's select list is written without aliases; EXISTS's as `1`, as MySQL
        // replaces it.
        let inner = self.correlation.own;
        let exists = matches!(inner, Some(SubqueryKind::Exists { .. }));
        let projection = if exists { &[][..] } else { &sel.projection[..] };
        if exists {
            items.push("1".to_string());
        }
        for item in projection {
            match item {
                SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. }
                    if inner.is_some() =>
                {
                    items.push(self.expr(e))
                }
                SelectItem::UnnamedExpr(e) => {
                    items.push(format!("{} AS `{}`", self.expr(e), source_name(e, sql)))
                }
                SelectItem::ExprWithAlias { expr, alias } => {
                    items.push(format!("{} AS `{}`", self.expr(expr), alias.value))
                }
                SelectItem::Wildcard(_) | SelectItem::QualifiedWildcard(..) => {
                    let qualifier = wildcard_qualifier(item);
                    for s in self.sources {
                        if qualifier.as_deref().is_some_and(|q| !s.alias.eq_ignore_ascii_case(q)) {
                            continue;
                        }
                        let shown = s.columns.iter();
                        for c in shown.filter(|c| !crate::storage::schema::is_hidden_name(c)) {
                            match inner {
                                Some(_) => items.push(format!("{}.`{c}`", qualified(s))),
                                None => items.push(format!("{}.`{c}` AS `{c}`", qualified(s))),
                            }
                        }
                    }
                }
                other => items.push(other.to_string()),
            }
        }
        out.push_str(&items.join(","));
        let mut conditions: Vec<String> = Vec::new();
        if let Some((first, rest)) = self.sources.split_first() {
            out.push_str(" from ");
            out.push_str(&self.table_ref(first));
            let mut at = 0;
            while at < rest.len() {
                let s = &rest[at];
                at += 1;
                let nest = (s.nest as usize).min(rest.len() + 1 - at);
                if s.outer && nest > 1 {
                    // A parenthesised join on the inner side: `left join (a join b) on(...)`,
                    // the nest's own ON and the outer join's together (both are on its last
                    // table).
                    let members = &rest[at - 1..at - 1 + nest];
                    let names: Vec<String> = members.iter().map(table_ref).collect();
                    out.push_str(&format!(" left join ({})", names.join(" join ")));
                    let last = &members[nest - 1];
                    let on = last.on.as_ref().map_or("true".into(), |e| self.condition(e));
                    out.push_str(&format!(" on({on})"));
                    at += nest - 1;
                    continue;
                }
                if s.outer {
                    out.push_str(" left join ");
                    out.push_str(&self.table_ref(s));
                    let on = s.on.as_ref().map_or("true".into(), |e| self.condition(e));
                    out.push_str(&format!(" on({on})"));
                } else {
                    out.push_str(" join ");
                    out.push_str(&self.table_ref(s));
                }
            }
        }
        if let Some(w) = &sel.selection {
            self.conjuncts(w, &mut conditions);
        }
        for s in self.sources.iter().filter(|s| !s.outer) {
            if let Some(on) = &s.on {
                self.conjuncts(on, &mut conditions);
            }
        }
        match conditions.len() {
            0 => {}
            1 => out.push_str(&format!(" where {}", conditions[0])),
            _ => out.push_str(&format!(" where ({})", conditions.join(" and "))),
        }
        if let GroupByExpr::Expressions(exprs, _) = &sel.group_by {
            if !exprs.is_empty() {
                let g: Vec<String> = exprs.iter().map(|e| self.expr(e)).collect();
                out.push_str(&format!(" group by {}", g.join(",")));
            }
        }
        if let Some(h) = &sel.having {
            out.push_str(&format!(" having {}", self.expr(h)));
        }
        if let Some(ob) = &q.order_by {
            if let OrderByKind::Expressions(list) = &ob.kind {
                let keys: Vec<String> = list
                    .iter()
                    .map(|o| {
                        let desc =
                            matches!(o.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                        format!("{}{}", self.expr(&o.expr), if desc { " desc" } else { "" })
                    })
                    .collect();
                out.push_str(&format!(" order by {}", keys.join(",")));
            }
        }
        match &q.limit_clause {
            Some(LimitClause::LimitOffset { limit: Some(l), offset, .. }) => match offset {
                Some(o) => {
                    out.push_str(&format!(" limit {},{}", self.expr(&o.value), self.expr(l)))
                }
                None => out.push_str(&format!(" limit {}", self.expr(l))),
            },
            Some(LimitClause::OffsetCommaLimit { offset, limit }) => {
                out.push_str(&format!(" limit {},{}", self.expr(offset), self.expr(limit)))
            }
            _ => {}
        }
        out
    }

    /// The AND-ed parts of a condition, rendered.
    fn conjuncts(&self, e: &Expr, out: &mut Vec<String>) {
        match e {
            Expr::Nested(x) => self.conjuncts(x, out),
            Expr::BinaryOp { left, op: B::And, right } => {
                self.conjuncts(left, out);
                self.conjuncts(right, out);
            }
            other => out.push(self.expr(other)),
        }
    }

    fn condition(&self, e: &Expr) -> String {
        let mut parts = Vec::new();
        self.conjuncts(e, &mut parts);
        if parts.len() == 1 {
            parts.remove(0)
        } else {
            format!("({})", parts.join(" and "))
        }
    }

    fn column(&self, qualifier: Option<&str>, name: &str) -> String {
        match (Scope { sources: self.sources }).locate(qualifier, name) {
            Some((i, c)) => {
                let s = &self.sources[i];
                let name = &s.columns[c as usize];
                if let Some(text) = self.hidden_expression(s, name) {
                    return text;
                }
                format!("{}.`{}`", qualified(s), name)
            }
            None => format!("`{name}`"),
        }
    }

    /// A functional key part's hidden column is written as the expression it stands for, its
    /// columns qualified (MySQL never shows the hidden name: mysql-test
    /// functional_index.result, `where (abs(`test`.`t1`.`int_col`) = 1)`).
    fn hidden_expression(&self, s: &Source, name: &str) -> Option<String> {
        if !crate::storage::schema::is_hidden_name(name) || !matches!(s.kind, Kind::Stored) {
            return None;
        }
        let def = &self.catalog.table(&s.db, &s.table)?.def;
        let text = def.columns.get(def.any_column_position(name)? as usize)?.generated.as_ref()?;
        let dialect = sqlparser::dialect::MySqlDialect {};
        let parsed = sqlparser::parser::Parser::new(&dialect)
            .try_with_sql(&text.expr.replace("_utf8mb4'", "'"))
            .and_then(|mut p| p.parse_expr())
            .ok()?;
        let own = Render {
            sources: std::slice::from_ref(s),
            catalog: self.catalog,
            correlation: self.correlation,
        };
        Some(own.expr(&parsed))
    }

    /// A FROM-clause table as the Note writes it; a JSON_TABLE with its document's
    /// expression in the Note's names.
    fn table_ref(&self, s: &Source) -> String {
        match &s.kind {
            Kind::TableFunction { arg, columns } => {
                format!("json_table({}, {columns}) `{}`", self.expr(arg), s.alias)
            }
            _ => table_ref(s),
        }
    }

    pub(super) fn expr(&self, e: &Expr) -> String {
        match e {
            Expr::Identifier(id) if id.value.starts_with('@') => id.value.clone(),
            Expr::Identifier(id) => self.column(None, &id.value),
            Expr::CompoundIdentifier(parts) => match parts.as_slice() {
                [.., t, c] => self.column(Some(&t.value), &c.value),
                [c] => self.column(None, &c.value),
                [] => String::new(),
            },
            // A national string is utf8mb3's (MySQL prints the character set it names).
            Expr::Value(v) => match &v.value {
                sqlparser::ast::Value::NationalStringLiteral(s) => {
                    format!("_utf8mb3'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
                }
                other => other.to_string(),
            },
            // `_latin1'a'`: the introducer against its string.
            Expr::Prefixed { prefix, value } => format!("{}{}", prefix.value, self.expr(value)),
            // UNCONFIRMED: Item_func_set_collation's parenthesised, lower-case `collate`.
            Expr::Collate { expr, collation } => {
                format!("({} collate {})", self.expr(expr), collation)
            }
            Expr::Nested(x) => self.expr(x),
            Expr::BinaryOp { op: op @ (B::And | B::Or | B::Xor), .. } => {
                let mut parts = Vec::new();
                self.chain(e, op, &mut parts);
                let word = op.to_string().to_ascii_lowercase();
                format!("({})", parts.join(&format!(" {word} ")))
            }
            Expr::BinaryOp { left, op, right } => {
                let op = match op {
                    B::NotEq => "<>".to_string(),
                    other => other.to_string().to_ascii_lowercase(),
                };
                let (l, r) = (self.compared(left, right), self.compared(right, left));
                format!("({l} {op} {r})")
            }
            Expr::UnaryOp { op: U::Not, expr } => format!("(not({}))", self.expr(expr)),
            Expr::UnaryOp { op: U::Minus, expr } => format!("-({})", self.expr(expr)),
            Expr::UnaryOp { op: U::Plus, expr } => self.expr(expr),
            Expr::IsNull(x) => format!("({} is null)", self.expr(x)),
            Expr::IsNotNull(x) => format!("({} is not null)", self.expr(x)),
            Expr::Between { expr, negated, low, high } => format!(
                "({} {}between {} and {})",
                self.expr(expr),
                if *negated { "not " } else { "" },
                self.compared(low, expr),
                self.compared(high, expr)
            ),
            Expr::In { expr, target: InTarget::List(list), negated, .. } => {
                let values: Vec<String> = list.iter().map(|v| self.expr(v)).collect();
                let not = if *negated { "not " } else { "" };
                format!("({} {not}in ({}))", self.expr(expr), values.join(","))
            }
            Expr::Like { negated, expr, pattern, .. } => {
                let like = format!("({} like {})", self.expr(expr), self.expr(pattern));
                if *negated {
                    format!("(not({like}))")
                } else {
                    like
                }
            }
            Expr::Function(f) if self.mark(e).is_some() => self.correlation_mark(f),
            Expr::Function(f) => {
                let name = f.name.to_string().to_ascii_lowercase();
                let FunctionArguments::List(list) = &f.args else {
                    return format!("{name}()");
                };
                let args: Vec<String> = list
                    .args
                    .iter()
                    .map(|a| match a {
                        // COUNT(*) counts a constant.
                        FunctionArg::Unnamed(FunctionArgExpr::Wildcard) => "0".to_string(),
                        FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => self.expr(x),
                        other => other.to_string(),
                    })
                    .collect();
                let distinct =
                    matches!(list.duplicate_treatment, Some(DuplicateTreatment::Distinct));
                format!("{name}({}{})", if distinct { "distinct " } else { "" }, args.join(","))
            }
            other => other.to_string(),
        }
    }

    /// Which of the server's correlation marks `e` is a call of, if any.
    fn mark(&self, e: &Expr) -> Option<&'static str> {
        let Expr::Function(f) = e else { return None };
        let [part] = f.name.0.as_slice() else { return None };
        let name = part.to_string();
        let name = name.trim_matches('`');
        [CORRELATED_MARK, OUTER_MARK].into_iter().find(|m| m.eq_ignore_ascii_case(name))
    }

    /// A correlated subquery's call (its number, IN's operand, then the outer values) or an
    /// outer reference (its number), as the Note writes it.
    fn correlation_mark(&self, f: &sqlparser::ast::Function) -> String {
        let args: Vec<&Expr> = match &f.args {
            FunctionArguments::List(list) => list
                .args
                .iter()
                .filter_map(|a| match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => Some(x),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let number = args.first().and_then(|a| match a {
            Expr::Value(v) => v.value.to_string().parse::<u32>().ok(),
            _ => None,
        });
        let Some(n) = number else { return "NULL".into() };
        let outer = f.name.to_string().trim_matches('`').eq_ignore_ascii_case(OUTER_MARK);
        if outer {
            return self
                .correlation
                .outer
                .get(n as usize)
                .map_or("NULL".into(), |o| o.note.clone());
        }
        let Some(&kind) = self.correlation.kinds.get(n as usize) else { return "NULL".into() };
        let operand = kind.has_operand().then(|| args.get(1).map(|a| self.expr(a))).flatten();
        call_text(kind, n, operand.as_deref())
    }

    /// `e` compared with `other`: a date string compared with a temporal column is shown as
    /// the constant MySQL converts it to (`TIMESTAMP'2026-09-01 00:00:00'`).
    fn compared(&self, e: &Expr, other: &Expr) -> String {
        let Expr::Value(v) = e else { return self.expr(e) };
        let sqlparser::ast::Value::SingleQuotedString(text) = &v.value else {
            return self.expr(e);
        };
        let column = match other {
            Expr::Identifier(id) => Scope { sources: self.sources }.locate(None, &id.value),
            Expr::CompoundIdentifier(parts) if parts.len() >= 2 => {
                let (t, c) = (&parts[parts.len() - 2], &parts[parts.len() - 1]);
                Scope { sources: self.sources }.locate(Some(&t.value), &c.value)
            }
            _ => None,
        };
        let ty = column.and_then(|(i, c)| {
            let s = &self.sources[i];
            let t = matches!(s.kind, Kind::Stored).then(|| self.catalog.table(&s.db, &s.table));
            t.flatten().map(|t| t.def.columns[c as usize].ty.clone())
        });
        let is_date = |d: &str| {
            d.len() == 10
                && d.bytes().enumerate().all(|(i, b)| {
                    if i == 4 || i == 7 {
                        b == b'-'
                    } else {
                        b.is_ascii_digit()
                    }
                })
        };
        let is_time = |t: &str| {
            t.len() == 8
                && t.bytes().enumerate().all(|(i, b)| {
                    if i == 2 || i == 5 {
                        b == b':'
                    } else {
                        b.is_ascii_digit()
                    }
                })
        };
        let (date, time) = match text.split_once(' ') {
            Some((d, t)) => (d, Some(t)),
            None => (text.as_str(), None),
        };
        if !is_date(date) || !time.is_none_or(is_time) {
            return self.expr(e);
        }
        match (ty, time) {
            (Some(ColumnType::DateTime | ColumnType::Timestamp), _) => {
                format!("TIMESTAMP'{date} {}'", time.unwrap_or("00:00:00"))
            }
            (Some(ColumnType::Date), None) => format!("DATE'{date}'"),
            _ => self.expr(e),
        }
    }

    /// The operands of a chain of one AND/OR/XOR operator, rendered.
    fn chain(&self, e: &Expr, op: &B, out: &mut Vec<String>) {
        match e {
            Expr::Nested(x) => self.chain(x, op, out),
            Expr::BinaryOp { left, op: o, right } if o == op => {
                self.chain(left, op, out);
                self.chain(right, op, out);
            }
            other => out.push(self.expr(other)),
        }
    }
}

/// `db`.`table` with its alias, as the Note writes a FROM-clause table.
fn table_ref(s: &Source) -> String {
    match &s.kind {
        Kind::Derived { text: DerivedText::Inline(query), .. } => {
            return format!("({query}) `{}`", s.alias)
        }
        Kind::Derived { text: DerivedText::Cte(name), .. } if *name == s.alias => {
            return format!("`{name}`")
        }
        Kind::Derived { text: DerivedText::Cte(name), .. } => {
            return format!("`{name}` `{}`", s.alias)
        }
        Kind::Derived { text: DerivedText::View(db, name), .. } if *name == s.alias => {
            return format!("`{db}`.`{name}`")
        }
        Kind::Derived { text: DerivedText::View(db, name), .. } => {
            return format!("`{db}`.`{name}` `{}`", s.alias)
        }
        _ => {}
    }
    if s.alias == s.table {
        format!("`{}`.`{}`", s.db, s.table)
    } else {
        format!("`{}`.`{}` `{}`", s.db, s.table, s.alias)
    }
}

/// A column's qualifier in the Note: `db`.`alias`, or `alias` alone for a materialised
/// block's (they belong to no database).
fn qualified(s: &Source) -> String {
    if s.db.is_empty() {
        format!("`{}`", s.alias)
    } else {
        format!("`{}`.`{}`", s.db, s.alias)
    }
}
