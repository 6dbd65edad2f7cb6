//! Statements that differ only in their literals: a load generator's (`SELECT c FROM sbtest7
//! WHERE id=4711`, then `id=1234`) or a learner's edited query. Parsing one costs tens of
//! microseconds; a statement whose *shape* (its text with every literal's characters masked)
//! was parsed before is instead the earlier statement with the new literals put in its place.
//! For the parse cache, the digits that end a name (`sbtest12`) are a slot too: sysbench on
//! 25,000 tables sends each of its templates against every table, and a shape per table would
//! never be seen twice in a bounded cache. (A digest keeps names: they are in its hash.)
//!
//! Sound by construction, not by hope:
//! - The shape keeps every literal's length and kind, so the two texts tokenize alike and
//!   every span (which the column names of a select list are cut from) is the same.
//! - Only plain literals are masked: unsigned decimal numbers and single-quoted strings without
//!   escapes, and (for the parse cache) the trailing digits of an unquoted name that is not a
//!   keyword, so both texts' words are plain identifiers to the parser. Anything that could make a mask ambiguous (comments, quoted identifiers,
//!   backslashes, prefixes such as `X'..'`, non-ASCII text) keeps the statement out.
//! - A parsed statement becomes a template only if walking its tree finds a value for every
//!   literal of the text, each by the position its span starts at, and nothing else; a tree the
//!   walk does not know (or a literal it cannot reach) is simply never a template. A name slot
//!   must be found as an identifier the walk visits (a table of FROM, UPDATE, DELETE or
//!   INSERT, a column); one anywhere else (a function's name, an alias) keeps the statement out.

use super::Statement;
use sqlparser::ast::{
    AssignmentTarget, Expr, FromTable, FunctionArg, FunctionArgExpr, FunctionArguments,
    GroupByExpr, Ident, InTarget, LimitClause, ObjectName, ObjectNamePart, OrderByKind, Query,
    SetExpr, TableFactor, TableObject, TableWithJoins, Value, ValueWithSpan,
};
use std::sync::Arc;

/// What a masked part of a text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiteralKind {
    /// An unsigned decimal number.
    Number,
    /// A single-quoted string without escapes.
    Quoted,
    /// An unquoted name ending in digits (`sbtest12`): the whole word is the literal, its
    /// digits masked in the shape.
    Name,
}

/// One plain literal of a statement's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Literal {
    /// Byte range in the text (a string's quotes included).
    pub start: usize,
    pub end: usize,
    /// Where its token starts, as sqlparser's spans count (1-based; ASCII text).
    pub line: u64,
    pub column: u64,
    pub kind: LiteralKind,
}

/// The shape of `sql` and its literals, or None when the text holds anything the masking
/// cannot keep sound. Names are kept whole.
pub fn shape(sql: &str) -> Option<(String, Vec<Literal>)> {
    shape_of(sql, false)
}

/// [`shape`], with the digits that end a name masked as a slot ([`LiteralKind::Name`]).
pub fn shape_with_name_slots(sql: &str) -> Option<(String, Vec<Literal>)> {
    shape_of(sql, true)
}

/// Whether an unquoted word is one of the parser's keywords (its tokenizer's own test).
fn is_keyword(word: &[u8]) -> bool {
    let upper = word.to_ascii_uppercase();
    sqlparser::keywords::ALL_KEYWORDS
        .binary_search(&std::str::from_utf8(&upper).unwrap_or(""))
        .is_ok()
}

fn shape_of(sql: &str, name_slots: bool) -> Option<(String, Vec<Literal>)> {
    let b = sql.as_bytes();
    if !sql.is_ascii() {
        return None;
    }
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let mut shape = Vec::with_capacity(b.len());
    let mut literals = Vec::new();
    let (mut line, mut line_start) = (1u64, 0usize);
    let mut i = 0;
    // Bounded by the text: every round moves past at least one byte.
    while i < b.len() {
        let c = b[i];
        match c {
            b'`' | b'"' | b'\\' | b'#' => return None,
            b'-' if b.get(i + 1) == Some(&b'-') => return None,
            b'/' if b.get(i + 1) == Some(&b'*') => return None,
            b'\n' => {
                line += 1;
                line_start = i + 1;
                shape.push(c);
                i += 1;
            }
            b'\'' => {
                if i > 0 && ident(b[i - 1]) {
                    return None;
                }
                let close = i + 1 + b[i + 1..].iter().position(|&q| q == b'\'')?;
                if b.get(close + 1) == Some(&b'\'') || b[i + 1..close].contains(&b'\n') {
                    return None;
                }
                literals.push(Literal {
                    start: i,
                    end: close + 1,
                    line,
                    column: (i - line_start) as u64 + 1,
                    kind: LiteralKind::Quoted,
                });
                shape.push(b'\'');
                shape.extend(std::iter::repeat_n(b'x', close - i - 1));
                shape.push(b'\'');
                i = close + 1;
            }
            b'0'..=b'9' => {
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                if i < b.len() && b[i] == b'.' {
                    i += 1;
                    let fraction = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    if i == fraction {
                        return None;
                    }
                }
                // `1e5`, `0x1F`, `12abc` (an identifier), `1.2.3`: not plain.
                if i < b.len() && (ident(b[i]) || b[i] == b'.') {
                    return None;
                }
                literals.push(Literal {
                    start,
                    end: i,
                    line,
                    column: (start - line_start) as u64 + 1,
                    kind: LiteralKind::Number,
                });
                shape.extend(b[start..i].iter().map(|&d| if d == b'.' { b'.' } else { b'0' }));
            }
            b'.' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => return None,
            c if ident(c) => {
                // A word (a keyword, a name, `sbtest12`): digits inside it are not literals.
                let start = i;
                while i < b.len() && ident(b[i]) {
                    i += 1;
                }
                let word = &b[start..i];
                let digits = word.iter().rev().take_while(|d| d.is_ascii_digit()).count();
                if name_slots && digits > 0 && digits < word.len() && !is_keyword(word) {
                    literals.push(Literal {
                        start,
                        end: i,
                        line,
                        column: (start - line_start) as u64 + 1,
                        kind: LiteralKind::Name,
                    });
                    shape.extend_from_slice(&word[..word.len() - digits]);
                    shape.extend(std::iter::repeat_n(b'0', digits));
                } else {
                    shape.extend_from_slice(word);
                }
            }
            _ => {
                shape.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(shape).ok().map(|s| (s, literals))
}

/// A parsed statement whose literals can be replaced: the literal each value of the walk
/// holds, by index into the text's literals.
#[derive(Clone, Debug)]
pub struct Template {
    /// The statement of the last text filled in (the first text's before any fill). Shared
    /// with the caller it was given to, and filled in place once that caller has dropped it.
    statement: Arc<Statement>,
    literal_of_value: Vec<usize>,
    /// Where each literal of the text it was made from starts, and its kind: a text of the
    /// same shape fills it only if its literals are these (a keyword ending in digits is not
    /// masked, so two texts of one shape could otherwise mask different words).
    literals: Vec<(usize, LiteralKind)>,
}

/// A part of a statement's tree that a literal of its text may be.
enum Slot<'a> {
    Value(&'a mut ValueWithSpan),
    Name(&'a mut Ident),
}

/// The name literal of `literals` that starts where `id` does.
fn name_at<'l>(literals: &'l [Literal], id: &Ident) -> Option<(usize, &'l Literal)> {
    if id.quote_style.is_some() {
        return None;
    }
    literals.iter().enumerate().find(|(_, l)| {
        l.kind == LiteralKind::Name
            && l.line == id.span.start.line
            && l.column == id.span.start.column
    })
}

impl Template {
    /// `stmt` (parsed from a text with `literals`) as a template, if the walk finds every
    /// literal exactly once and no other plain value.
    pub fn of(stmt: &Statement, literals: &[Literal]) -> Option<Template> {
        let mut statement = stmt.clone();
        let mut literal_of_value = Vec::with_capacity(literals.len());
        let mut used = vec![false; literals.len()];
        let mut sound = true;
        let walked = walk_statement(&mut statement, &mut |slot| match slot {
            Slot::Value(v) => {
                let kind = match v.value {
                    Value::Number(..) => LiteralKind::Number,
                    Value::SingleQuotedString(_) => LiteralKind::Quoted,
                    _ => return,
                };
                let at = literals.iter().position(|l| {
                    l.line == v.span.start.line && l.column == v.span.start.column && l.kind == kind
                });
                match at {
                    Some(k) if !used[k] => {
                        used[k] = true;
                        literal_of_value.push(k);
                    }
                    _ => sound = false,
                }
            }
            // A name without digits at its end is no slot: nothing to fill.
            Slot::Name(id) => {
                if let Some((k, _)) = name_at(literals, id) {
                    if used[k] {
                        sound = false;
                    }
                    used[k] = true;
                }
            }
        });
        let kinds = literals.iter().map(|l| (l.start, l.kind)).collect();
        (walked && sound && used.iter().all(|u| *u)).then_some(Template {
            statement: Arc::new(statement),
            literal_of_value,
            literals: kinds,
        })
    }

    /// The statement `sql` (of this template's shape, with `literals`) means.
    ///
    /// Filled in place when no statement this template gave out is still held (a load
    /// generator's client drops each statement before it sends the next), so a fill copies no
    /// tree and each literal's text goes into the buffer the last one left; otherwise into a
    /// copy, which the template keeps from then on. Either way the walk writes every slot,
    /// and the slots are all that differs between texts of one shape, so what earlier texts
    /// left in them never shows. A fill that fails part-way leaves some slots written, which
    /// the next fill overwrites alike.
    pub fn fill(&mut self, sql: &str, literals: &[Literal]) -> Option<Arc<Statement>> {
        if literals.len() != self.literals.len()
            || literals
                .iter()
                .zip(&self.literals)
                .any(|(l, (start, kind))| l.start != *start || l.kind != *kind)
        {
            return None;
        }
        if Arc::get_mut(&mut self.statement).is_none() {
            self.statement = Arc::new(Statement::clone(&self.statement));
        }
        let stmt = Arc::get_mut(&mut self.statement)?;
        let mut next = 0;
        let mut sound = true;
        let walked = walk_statement(stmt, &mut |slot| match slot {
            Slot::Value(v) => {
                if !matches!(v.value, Value::Number(..) | Value::SingleQuotedString(_)) {
                    return;
                }
                let Some(l) = self.literal_of_value.get(next).and_then(|k| literals.get(*k)) else {
                    sound = false;
                    return;
                };
                next += 1;
                match &mut v.value {
                    Value::Number(text, _) => respell(text, &sql[l.start..l.end]),
                    Value::SingleQuotedString(text) => respell(text, &sql[l.start + 1..l.end - 1]),
                    _ => {}
                }
            }
            // The same positions as the template's text (the literals' starts are), so the
            // identifiers that were slots there are slots here.
            Slot::Name(id) => {
                if let Some((_, l)) = name_at(literals, id) {
                    respell(&mut id.value, &sql[l.start..l.end]);
                }
            }
        });
        (walked && sound && next == self.literal_of_value.len())
            .then(|| Arc::clone(&self.statement))
    }
}

/// `text` replaced by `with`, in the buffer it already has.
fn respell(text: &mut String, with: &str) {
    text.clear();
    text.push_str(with);
}

/// Calls `f` on every value of the statement's expressions and every name the walk knows (the
/// tables of FROM, UPDATE, DELETE and INSERT, columns), in a fixed order; false when the
/// statement holds a part the walk does not know.
fn walk_statement(stmt: &mut Statement, f: &mut impl FnMut(Slot<'_>)) -> bool {
    use sqlparser::ast::Statement as S;
    match stmt {
        Statement::Select(q)
        | Statement::Explain(q)
        | Statement::ExplainJson(q)
        | Statement::ExplainTree { query: q, .. } => walk_query(q, f),
        Statement::Set(assignments) => {
            assignments.iter_mut().filter_map(|a| a.value.as_mut()).all(|e| walk_expr(e, f))
        }
        Statement::Do(exprs) => exprs.iter_mut().all(|e| walk_expr(e, f)),
        Statement::Other(other) => match other.as_mut() {
            S::Insert(insert) => {
                insert.on.is_none()
                    && match &mut insert.table {
                        TableObject::TableName(name) => walk_name(name, f),
                        _ => false,
                    }
                    && insert.columns.iter_mut().all(|c| walk_name(c, f))
                    && insert.source.as_mut().is_none_or(|q| walk_query(q, f))
                    && insert.assignments.iter_mut().all(|a| walk_expr(&mut a.value, f))
            }
            S::Update(update) => {
                update.from.is_none()
                    && walk_tables(std::slice::from_mut(&mut update.table), f)
                    && update
                        .assignments
                        .iter_mut()
                        .all(|a| walk_target(&mut a.target, f) && walk_expr(&mut a.value, f))
                    && update.selection.as_mut().is_none_or(|e| walk_expr(e, f))
                    && update.order_by.iter_mut().all(|o| walk_expr(&mut o.expr, f))
                    && update.limit.as_mut().is_none_or(|e| walk_expr(e, f))
            }
            S::Delete(delete) => {
                delete.using.is_none()
                    && delete.tables.iter_mut().all(|t| walk_name(t, f))
                    && match &mut delete.from {
                        FromTable::WithFromKeyword(t) | FromTable::WithoutKeyword(t) => {
                            walk_tables(t, f)
                        }
                    }
                    && delete.selection.as_mut().is_none_or(|e| walk_expr(e, f))
                    && delete.order_by.iter_mut().all(|o| walk_expr(&mut o.expr, f))
                    && delete.limit.as_mut().is_none_or(|e| walk_expr(e, f))
            }
            _ => false,
        },
        _ => false,
    }
}

/// Every part of a name (`db.sbtest12`); false for a part that is not an identifier.
fn walk_name(name: &mut ObjectName, f: &mut impl FnMut(Slot<'_>)) -> bool {
    name.0.iter_mut().all(|part| match part {
        ObjectNamePart::Identifier(id) => {
            f(Slot::Name(id));
            true
        }
        _ => false,
    })
}

fn walk_target(target: &mut AssignmentTarget, f: &mut impl FnMut(Slot<'_>)) -> bool {
    match target {
        AssignmentTarget::ColumnName(name) => walk_name(name, f),
        AssignmentTarget::Tuple(names) => names.iter_mut().all(|n| walk_name(n, f)),
    }
}

/// The names of the tables a FROM list reads. Neither aliases nor join conditions are walked:
/// a literal there is one the walk cannot reach, which keeps the statement from being a
/// template.
fn walk_tables(from: &mut [TableWithJoins], f: &mut impl FnMut(Slot<'_>)) -> bool {
    let mut table = |t: &mut TableFactor| match t {
        TableFactor::Table { name, .. } => walk_name(name, f),
        _ => true,
    };
    from.iter_mut()
        .all(|t| table(&mut t.relation) && t.joins.iter_mut().all(|j| table(&mut j.relation)))
}

fn walk_query(q: &mut Query, f: &mut impl FnMut(Slot<'_>)) -> bool {
    if q.with.is_some() || q.fetch.is_some() {
        return false;
    }
    if !walk_set_expr(&mut q.body, f) {
        return false;
    }
    if let Some(order) = q.order_by.as_mut() {
        if order.interpolate.is_some() {
            return false;
        }
        match &mut order.kind {
            OrderByKind::Expressions(items) => {
                if !items.iter_mut().all(|o| o.with_fill.is_none() && walk_expr(&mut o.expr, f)) {
                    return false;
                }
            }
            OrderByKind::All(_) => {}
        }
    }
    match q.limit_clause.as_mut() {
        None => true,
        Some(LimitClause::LimitOffset { limit, offset, limit_by }) => {
            limit.as_mut().is_none_or(|e| walk_expr(e, f))
                && offset.as_mut().is_none_or(|o| walk_expr(&mut o.value, f))
                && limit_by.iter_mut().all(|e| walk_expr(e, f))
        }
        Some(LimitClause::OffsetCommaLimit { offset, limit }) => {
            walk_expr(offset, f) && walk_expr(limit, f)
        }
    }
}

fn walk_set_expr(body: &mut SetExpr, f: &mut impl FnMut(Slot<'_>)) -> bool {
    match body {
        SetExpr::Select(s) => {
            walk_tables(&mut s.from, f)
                && s.projection.iter_mut().all(|item| match item {
                    sqlparser::ast::SelectItem::UnnamedExpr(e)
                    | sqlparser::ast::SelectItem::ExprWithAlias { expr: e, .. } => walk_expr(e, f),
                    sqlparser::ast::SelectItem::Wildcard(_) => true,
                    _ => false,
                })
                && s.selection.as_mut().is_none_or(|e| walk_expr(e, f))
                && match &mut s.group_by {
                    GroupByExpr::Expressions(exprs, _) => exprs.iter_mut().all(|e| walk_expr(e, f)),
                    GroupByExpr::All(_) => true,
                }
                && s.having.as_mut().is_none_or(|e| walk_expr(e, f))
        }
        SetExpr::Query(q) => walk_query(q, f),
        SetExpr::Values(v) => {
            v.rows.iter_mut().all(|row| row.content.iter_mut().all(|e| walk_expr(e, f)))
        }
        _ => false,
    }
}

fn walk_expr(e: &mut Expr, f: &mut impl FnMut(Slot<'_>)) -> bool {
    match e {
        Expr::Value(v) => {
            f(Slot::Value(v));
            true
        }
        Expr::Identifier(id) => {
            f(Slot::Name(id));
            true
        }
        Expr::CompoundIdentifier(ids) => {
            ids.iter_mut().for_each(|id| f(Slot::Name(id)));
            true
        }
        Expr::BinaryOp { left, right, .. } => walk_expr(left, f) && walk_expr(right, f),
        Expr::UnaryOp { expr, .. }
        | Expr::Nested(expr)
        | Expr::IsNull(expr)
        | Expr::IsNotNull(expr)
        | Expr::IsTrue(expr)
        | Expr::IsNotTrue(expr)
        | Expr::IsFalse(expr)
        | Expr::IsNotFalse(expr) => walk_expr(expr, f),
        Expr::Between { expr, low, high, .. } => {
            walk_expr(expr, f) && walk_expr(low, f) && walk_expr(high, f)
        }
        Expr::In { expr, target: InTarget::List(list), .. } => {
            walk_expr(expr, f) && list.iter_mut().all(|e| walk_expr(e, f))
        }
        Expr::Like { expr, pattern, escape_char, .. } => {
            escape_char.is_none() && walk_expr(expr, f) && walk_expr(pattern, f)
        }
        Expr::Case { operand, conditions, else_result, .. } => {
            operand.as_mut().is_none_or(|e| walk_expr(e, f))
                && conditions
                    .iter_mut()
                    .all(|w| walk_expr(&mut w.condition, f) && walk_expr(&mut w.result, f))
                && else_result.as_mut().is_none_or(|e| walk_expr(e, f))
        }
        Expr::Function(func) => {
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
                            FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => walk_expr(e, f),
                            FunctionArg::Unnamed(FunctionArgExpr::Wildcard) => true,
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

    fn debug(s: &Statement) -> String {
        format!("{s:?}")
    }

    /// Fills the template of `first`'s shape with `second`'s literals and compares with
    /// parsing `second` outright: into a copy while an earlier fill is held, and in place
    /// (over another text's literals) once none is.
    fn same_as_parsed(first: &str, second: &str) -> bool {
        let (shape_a, lits_a) = shape_with_name_slots(first).expect("plain");
        let (shape_b, lits_b) = shape_with_name_slots(second).expect("plain");
        assert_eq!(shape_a, shape_b);
        let parsed = super::super::parse(first).expect("parses");
        let second_parsed = debug(&super::super::parse(second).unwrap());
        let Some(mut template) = Template::of(&parsed, &lits_a) else { return false };
        let held = template.fill(second, &lits_b).expect("fills");
        assert_eq!(debug(&held), second_parsed);
        // `held` is still held: the first text goes into a copy, and `held` stays as it was.
        let first_again = template.fill(first, &lits_a).expect("fills");
        assert_eq!(debug(&first_again), debug(&parsed));
        assert_eq!(debug(&held), second_parsed);
        let copy_at = Arc::as_ptr(&first_again);
        drop((held, first_again));
        // Nothing held: the second text goes into the tree the first one's fill left.
        let in_place = template.fill(second, &lits_b).expect("fills");
        assert_eq!(Arc::as_ptr(&in_place), copy_at);
        assert_eq!(debug(&in_place), second_parsed);
        true
    }

    #[test]
    fn sysbench_and_console_statements_fill_as_they_parse() {
        assert!(same_as_parsed(
            "SELECT c FROM sbtest7 WHERE id=4711",
            "SELECT c FROM sbtest7 WHERE id=1234"
        ));
        // Another table of the same name length: the name is a slot too.
        assert!(same_as_parsed(
            "SELECT c FROM sbtest7 WHERE id=4711",
            "SELECT c FROM sbtest3 WHERE id=1234"
        ));
        assert!(same_as_parsed(
            "SELECT SUM(k) FROM sbtest.sbtest24999 WHERE id BETWEEN 1 AND 100",
            "SELECT SUM(k) FROM sbtest.sbtest10000 WHERE id BETWEEN 7 AND 106"
        ));
        assert!(same_as_parsed(
            "SELECT c1, t2.c2 FROM t2 JOIN t3 WHERE c1 = 5 ORDER BY c3",
            "SELECT c8, t9.c9 FROM t9 JOIN t7 WHERE c7 = 6 ORDER BY c6"
        ));
        assert!(same_as_parsed(
            "SELECT DISTINCT c FROM sbtest7 WHERE id BETWEEN 4711 AND 4810 ORDER BY c",
            "SELECT DISTINCT c FROM sbtest7 WHERE id BETWEEN 1234 AND 1333 ORDER BY c"
        ));
        assert!(same_as_parsed(
            "UPDATE sbtest3 SET c='123-456' WHERE id=12",
            "UPDATE sbtest3 SET c='999-000' WHERE id=98"
        ));
        assert!(same_as_parsed(
            "INSERT INTO sbtest3 (id, k, c, pad) VALUES (12, 345, '1-2', '3-4')",
            "INSERT INTO sbtest3 (id, k, c, pad) VALUES (98, 765, '5-6', '7-8')"
        ));
        assert!(same_as_parsed(
            "DELETE FROM sbtest3 WHERE id=12",
            "DELETE FROM sbtest8 WHERE id=55"
        ));
        assert!(same_as_parsed(
            "UPDATE sbtest13 SET k1=k1+1 WHERE id=12",
            "UPDATE sbtest42 SET k2=k2+1 WHERE id=98"
        ));
        assert!(same_as_parsed(
            "INSERT INTO sbtest3 (id, k1, c, pad) VALUES (12, 345, '1-2', '3-4')",
            "INSERT INTO sbtest5 (id, k2, c, pad) VALUES (98, 765, '5-6', '7-8')"
        ));
        assert!(same_as_parsed(
            "SELECT 41 + 1, ROUND(100 * (1 - 41 / 106682), 2) AS hit, CONCAT('run ', 41)",
            "SELECT 57 + 1, ROUND(100 * (1 - 57 / 106682), 2) AS hit, CONCAT('run ', 57)"
        ));
        assert!(same_as_parsed(
            "SET GLOBAL max_connections = 120",
            "SET GLOBAL max_connections = 131"
        ));
        assert!(same_as_parsed(
            "SELECT * FROM t WHERE a IN (1, 2) AND b LIKE 'x%' LIMIT 10, 5",
            "SELECT * FROM t WHERE a IN (3, 4) AND b LIKE 'y%' LIMIT 20, 7"
        ));
    }

    #[test]
    fn texts_that_cannot_be_masked_soundly_have_no_shape() {
        for sql in [
            "SELECT 'it''s'",
            "SELECT 'a\\'b'",
            "SELECT X'4142'",
            "SELECT 1e5",
            "SELECT 0x1F",
            "SELECT `a` FROM t",
            "SELECT 1 -- c",
            "SELECT /* c */ 1",
            "SELECT 'été'",
            "SELECT .5",
        ] {
            assert!(shape(sql).is_none(), "{sql}");
        }
        // Digits in names are not literals; lengths and kinds are kept.
        let (s, l) = shape("SELECT c FROM sbtest12 WHERE id=4711 AND c='ab'").unwrap();
        assert_eq!(s, "SELECT c FROM sbtest12 WHERE id=0000 AND c='xx'");
        assert_eq!(l.len(), 2);
        assert_ne!(shape("SELECT 1").unwrap().0, shape("SELECT 10").unwrap().0);
        assert_ne!(shape("SELECT 1.5").unwrap().0, shape("SELECT 105").unwrap().0);
    }

    #[test]
    fn names_ending_in_digits_are_slots_unless_keywords() {
        let (s, l) = shape_with_name_slots("SELECT c FROM sbtest12 WHERE id=4711").unwrap();
        assert_eq!(s, "SELECT c FROM sbtest00 WHERE id=0000");
        assert_eq!(
            l.iter().map(|l| l.kind).collect::<Vec<_>>(),
            [LiteralKind::Name, LiteralKind::Number]
        );
        // A keyword keeps its digits (the parser reads it as a keyword), a quoted name has no
        // shape, and `shape` (the digest's) keeps every name.
        assert_eq!(
            shape_with_name_slots("SELECT CAST(a AS INT8)").unwrap().0,
            "SELECT CAST(a AS INT8)"
        );
        assert_eq!(
            shape_with_name_slots("SELECT CAST(a AS INT9)").unwrap().0,
            "SELECT CAST(a AS INT0)"
        );
        assert_eq!(shape("SELECT c FROM sbtest12").unwrap().0, "SELECT c FROM sbtest12");
        // A slot the walk does not visit (a function's name, an alias) keeps the statement
        // from being a template; one where the same shape masks another word does not fill.
        for sql in ["SELECT LOG10(a) FROM t", "SELECT a AS x1 FROM t", "SELECT a FROM t1 AS u1"] {
            let (_, lits) = shape_with_name_slots(sql).unwrap();
            let parsed = super::super::parse(sql).unwrap();
            assert!(Template::of(&parsed, &lits).is_none(), "{sql}");
        }
        let (_, lits) = shape_with_name_slots("SELECT a FROM t1").unwrap();
        let mut template =
            Template::of(&super::super::parse("SELECT a FROM t1").unwrap(), &lits).unwrap();
        let (_, other) = shape_with_name_slots("SELECT a FROM t1 WHERE b=1").unwrap();
        assert!(template.fill("SELECT a FROM t1 WHERE b=1", &other).is_none());
    }

    #[test]
    fn a_literal_the_walk_cannot_reach_keeps_a_statement_from_being_a_template() {
        // A literal in a join condition (not walked) and one in a CAST's type.
        for sql in ["SELECT a FROM t JOIN u ON u.x = 5", "SELECT CAST(a AS DECIMAL(10, 2)) FROM t"]
        {
            let (_, lits) = shape(sql).unwrap();
            let parsed = super::super::parse(sql).unwrap();
            assert!(Template::of(&parsed, &lits).is_none(), "{sql}");
        }
    }
}
