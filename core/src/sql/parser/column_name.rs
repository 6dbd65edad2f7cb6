//! The name MySQL gives a select-list column that has no alias: the expression exactly as
//! typed (a column reference without its qualifier, a string literal without its quotes).

use super::offset_of;
use sqlparser::ast::{Expr, Spanned};

/// The column name MySQL gives an unaliased select item: the text as typed.
pub fn source_name(e: &Expr, sql: &str) -> String {
    // A column reference is named by the column as typed, without its qualifier.
    if let Expr::CompoundIdentifier(parts) = e {
        if let Some(last) = parts.last() {
            // `@@global.x` and a dotted user variable (`@sys.x`) are named as typed.
            if !parts[0].value.starts_with('@') {
                return last.value.clone();
            }
        }
    }
    // `_binary'abc'` is named by its string, as `'abc'` is (the introducer is not part of it).
    let e = match e {
        Expr::Prefixed { value, .. } if matches!(**value, Expr::Value(_)) => value.as_ref(),
        other => other,
    };
    if let Expr::Value(v) = e {
        if let sqlparser::ast::Value::SingleQuotedString(s)
        | sqlparser::ast::Value::DoubleQuotedString(s)
        | sqlparser::ast::Value::NationalStringLiteral(s) = &v.value
        {
            return s.clone();
        }
    }
    let span = e.span();
    let (Some(a), Some(b)) = (
        offset_of(sql, span.start.line, span.start.column),
        offset_of(sql, span.end.line, span.end.column),
    ) else {
        return e.to_string();
    };
    if a >= b {
        return e.to_string();
    }
    let mut a = a;
    // A character set introducer's span starts at its string (`_binary'a'`): take it in.
    if let Some(start) = introducer_start(&sql[..a]) {
        a = start;
    }
    let before = sql[..a].trim_end();
    match e {
        // The prefix `BINARY expr` as sqlparser reads it (a cast with no parenthesis).
        Expr::Cast { .. } if ends_with_word(before, "BINARY") => a = before.len() - "BINARY".len(),
        // Spans of unary operators and of the special-syntax functions start at their operand:
        // take the operator, or the name and parenthesis, back in.
        Expr::UnaryOp { .. } if before.ends_with(['-', '+', '~', '!']) => a = before.len() - 1,
        Expr::Substring { .. }
        | Expr::Trim { .. }
        | Expr::Ceil { .. }
        | Expr::Floor { .. }
        | Expr::Cast { .. }
        | Expr::Convert { .. }
        | Expr::Position { .. }
        | Expr::Extract { .. }
            if special_open(before).ends_with('(') =>
        {
            let open = special_open(before);
            a = function_name_start(&open[..open.len() - 1]);
        }
        // A VALUES or TABLE subquery's span starts at its first row's values (or at the
        // table's name): take the keyword and the opening parenthesis back in.
        Expr::Subquery(q) if leads_with_values_or_table(&q.body) => {
            if let Some(open) = values_or_table_open(&sql[..a]) {
                a = open;
            }
        }
        // A subquery's span starts inside its parentheses (and an expression that begins
        // with one starts inside them too): take the opening one back in.
        Expr::Subquery(_) if before.ends_with('(') => a = before.len() - 1,
        // EXTRACT's span is its operand's: take `EXTRACT(unit FROM` back in.
        Expr::Extract { .. } => {
            let upper = before.to_ascii_uppercase();
            if let Some(at) = upper.rfind("EXTRACT") {
                a = at;
            }
        }
        // `INTERVAL n unit + d`: the interval's span is its value's.
        Expr::BinaryOp { left, .. } if matches!(**left, Expr::Interval(_)) => {
            let n = before.len();
            if n >= 8 && before[n - 8..].eq_ignore_ascii_case("INTERVAL") {
                a = n - 8;
            }
        }
        // An expression that begins with a row constructor (`(a, b) = (1, 2)`) or a
        // subquery starts inside its parentheses: take the opening one back in.
        _ if leading_opens(e) > 0
            && before.ends_with('(')
            && !matches!(e, Expr::Tuple(_) | Expr::Subquery(_)) =>
        {
            let mut at = before.len();
            for _ in 0..leading_opens(e) {
                let open = sql[..at].trim_end();
                if !open.ends_with('(') {
                    break;
                }
                at = open.len() - 1;
            }
            a = at
        }
        // An expression that begins with a special-syntax call (`CAST(x AS SIGNED) = 1`)
        // starts inside the call: take the name and parenthesis back in.
        _ if special_open(before).ends_with('(') && paren_depth(&sql[a..b]) < 0 => {
            let open = special_open(before);
            let name_at = function_name_start(&open[..open.len() - 1]);
            let name = &sql[name_at..open.len() - 1];
            a = if SPECIAL_SYNTAX.iter().any(|s| s.eq_ignore_ascii_case(name)) {
                name_at
            } else {
                before.len() - 1
            };
        }
        _ => {}
    }
    // sqlparser's spans can stop before a call's closing parenthesis (`NOW(` for `NOW()`):
    // extend to balance the parentheses, and over an argument list that follows directly.
    // `d + INTERVAL n unit`: the interval's span stops before its unit.
    let mut b = b;
    if matches!(e, Expr::BinaryOp { right, .. } if matches!(**right, Expr::Interval(_))) {
        let tail = &sql[b..];
        let gap = tail.len() - tail.trim_start().len();
        let word = tail[gap..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_');
        b += gap + word.count();
    }
    let rest = &sql[b..];
    let mut end = b;
    let mut depth = paren_depth(&sql[a..b]);
    let mut chars = rest.char_indices().peekable();
    // An expression that ends in a call without arguments (`UUID() <> UUID()`) has its span
    // stop at the name too: a parenthesis right after a name belongs to it.
    let ends_in_call = !matches!(e, Expr::Function(_))
        && sql[a..b].ends_with(|c: char| c.is_alphanumeric() || c == '_')
        && rest.starts_with('(');
    if depth == 0
        && (matches!(e, Expr::Function(_)) || ends_in_call)
        && !sql[a..b].trim_end().ends_with(')')
    {
        while let Some((_, c)) = chars.peek() {
            if c.is_whitespace() {
                chars.next();
            } else {
                break;
            }
        }
        if let Some((i, '(')) = chars.peek().copied() {
            depth = 1;
            chars.next();
            end = b + i + 1;
        }
    }
    while depth > 0 {
        let Some((i, c)) = chars.next() else { break };
        end = b + i + c.len_utf8();
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
    }
    // A window function's OVER clause is part of its name (`ROW_NUMBER() OVER (ORDER BY a)`,
    // `SUM(x) OVER w`); sqlparser's span stops at the call's parenthesis.
    if matches!(e, Expr::Function(f) if f.over.is_some()) {
        end = over_clause_end(sql, end);
    }
    sql[a..end].to_string()
}

/// How many row constructors and subqueries an expression's text starts with, through
/// binary operators, the predicates written after their operand and a row's first element:
/// the opening parentheses its span leaves out.
fn leading_opens(e: &Expr) -> usize {
    match e {
        Expr::BinaryOp { left, .. } => leading_opens(left),
        Expr::In { expr, .. }
        | Expr::Between { expr, .. }
        | Expr::Like { expr, .. }
        | Expr::IsNull(expr)
        | Expr::IsNotNull(expr) => leading_opens(expr),
        Expr::Tuple(items) => 1 + items.first().map_or(0, leading_opens),
        Expr::Subquery(_) => 1,
        _ => 0,
    }
}

/// Functions with their own syntax inside the parentheses, whose spans sqlparser starts at
/// their first operand.
const SPECIAL_SYNTAX: &[&str] = &[
    "CAST",
    "CONVERT",
    "TRIM",
    "POSITION",
    "SUBSTRING",
    "SUBSTR",
    "EXTRACT",
    "CEIL",
    "CEILING",
    "FLOOR",
];

/// The text before an operand, less a sign or operator and TRIM's BOTH / LEADING / TRAILING
/// that stand between it and a special-syntax call's parenthesis.
fn special_open(before: &str) -> &str {
    let open = before.trim_end_matches(['-', '+', '~', '!', ' ']);
    for word in ["BOTH", "LEADING", "TRAILING"] {
        if open.len() >= word.len()
            && open.is_char_boundary(open.len() - word.len())
            && open[open.len() - word.len()..].eq_ignore_ascii_case(word)
        {
            let rest = open[..open.len() - word.len()].trim_end();
            if rest.ends_with('(') {
                return rest;
            }
        }
    }
    open
}

/// Where the function name that ends `text` (before its parenthesis) starts.
fn function_name_start(text: &str) -> usize {
    let name_end = text.trim_end();
    let name_bytes: usize = name_end
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .map(char::len_utf8)
        .sum();
    name_end.len() - name_bytes
}

/// Where an OVER clause that starts at or after `from` ends (`from` if there is none).
fn over_clause_end(sql: &str, from: usize) -> usize {
    let rest = &sql[from..];
    let after_space = rest.len() - rest.trim_start().len();
    let word = &rest[after_space..];
    if !word.get(..4).is_some_and(|w| w.eq_ignore_ascii_case("OVER")) {
        return from;
    }
    let spec_start = from + after_space + 4;
    let spec = &sql[spec_start..];
    let gap = spec.len() - spec.trim_start().len();
    let body = &spec[gap..];
    if body.starts_with('(') {
        // The balanced parentheses of the window's spec (bounded by the statement's text).
        let mut depth = 0i32;
        for (i, c) in body.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return spec_start + gap + i + 1;
                    }
                }
                _ => {}
            }
        }
        return sql.len();
    }
    let name = body.chars().take_while(|c| c.is_alphanumeric() || *c == '_').count();
    let name_bytes: usize = body.chars().take(name).map(char::len_utf8).sum();
    spec_start + gap + name_bytes
}

/// Open minus closed parentheses outside quotes.
fn paren_depth(s: &str) -> i32 {
    let mut depth = 0;
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"' | '`') => quote = Some(c),
            (None, '(') => depth += 1,
            (None, ')') => depth -= 1,
            _ => {}
        }
    }
    depth
}

/// Where a character set introducer (`_binary`, `_utf8mb4`) that ends `before` starts, when
/// it does (the string literal it introduces begins right after `before`).
fn introducer_start(before: &str) -> Option<usize> {
    let trimmed = before.trim_end();
    let word_len =
        trimmed.bytes().rev().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
    let start = trimmed.len() - word_len;
    let word = &trimmed[start..];
    (word.len() > 1 && word.starts_with('_')).then_some(start)
}

/// Whether `text` ends with the word `word` (case-insensitively, not inside a longer name).
fn ends_with_word(text: &str, word: &str) -> bool {
    text.len() >= word.len()
        && text.is_char_boundary(text.len() - word.len())
        && text[text.len() - word.len()..].eq_ignore_ascii_case(word)
        && !text[..text.len() - word.len()]
            .bytes()
            .next_back()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Whether a query body starts with `VALUES` or `TABLE` (its first block, for a set
/// operation).
fn leads_with_values_or_table(body: &sqlparser::ast::SetExpr) -> bool {
    use sqlparser::ast::SetExpr;
    match body {
        SetExpr::Values(_) | SetExpr::Table(_) => true,
        SetExpr::SetOperation { left, .. } => leads_with_values_or_table(left),
        _ => false,
    }
}

/// The offset of the last `(` in `before` that `VALUES` or `TABLE` follows: where a
/// `(VALUES ...)` or `(TABLE t)` subquery opens.
fn values_or_table_open(before: &str) -> Option<usize> {
    before.rmatch_indices('(').map(|(at, _)| at).find(|&at| {
        let after = before[at + 1..].trim_start();
        ["VALUES", "TABLE"].iter().any(|k| {
            after.get(..k.len()).is_some_and(|w| w.eq_ignore_ascii_case(k))
                && !after[k.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
        })
    })
}
