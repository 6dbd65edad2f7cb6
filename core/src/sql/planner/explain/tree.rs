//! EXPLAIN FORMAT=TREE: MySQL's iterator tree, built from the same plan the traditional
//! EXPLAIN prints (the access paths `access_path.rs` chose for the executor, their cost model
//! prices, the conditions each table checks), one node per iterator:
//!
//! ```text
//! -> Filter: (t.a > 10)  (cost=1.25 rows=3.33)
//!     -> Table scan on t  (cost=1.25 rows=10)
//! ```
//!
//! Tables join left-deep in plan order: an inner table read through an index is a
//! `Nested loop inner join` (or `left join`), an inner table that is scanned is hashed
//! (`Inner hash join`, the earlier tables under `Hash` as the build input; a LEFT JOIN hashes
//! its inner table), as the traditional EXPLAIN's `Using join buffer (hash join)` says.
//! Above the join: aggregation (`Aggregate: ...`, `Group aggregate: ...`, or `Aggregate
//! using temporary table` read back by `Table scan on <temporary>`), HAVING's `Filter`,
//! DISTINCT's `Temporary table with deduplication`, `Sort`, `Limit`.
//!
//! Costs: a table access shows its cost per access (the cost model's total over its loops,
//! divided by them) and the rows one access returns; a `Filter` the rows its condition keeps
//! (the traditional EXPLAIN's filtered); a join the sum of its inputs' total costs and the
//! product of their rows. Simplifications: nodes above a temporary table carry no estimate
//! (MySQL's old optimizer prints none there either); a Sort, Limit or Aggregate right over the
//! join repeats the join's cost (UNCONFIRMED: MySQL adds the sort's own cost in some versions).
//! Numbers are printed as MySQL's FormatNumberReadably prints them (three significant digits,
//! engineering notation from 1e+6: `1.25`, `3.33`, `10`, `1.2e+6`).

use crate::sql::bind::BExpr;
use crate::sql::execution::select::SubqueryKind;
use crate::sql::Value;
use sqlparser::ast::BinaryOperator as B;

/// One iterator of the tree.
#[derive(Clone, Debug, Default)]
pub struct Node {
    pub label: String,
    /// (cost, rows): the optimizer's estimate, when MySQL prints one.
    pub estimate: Option<(f64, f64)>,
    /// The cost before the first row, when MySQL prints one (`cost=2.5..3.1`): a
    /// materialised block's, paid before its table can be read.
    pub init_cost: Option<f64>,
    /// What EXPLAIN ANALYZE measured.
    pub actual: Option<Actual>,
    /// EXPLAIN ANALYZE: the iterator never ran (MySQL prints `(never executed)`).
    pub never: bool,
    pub children: Vec<Node>,
    /// What the node is, for EXPLAIN ANALYZE's apportioning of the measured figures.
    pub role: Role,
}

/// The kind of work a node does.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Role {
    /// Reads a stored table (schema, table): its rows are the handler's fetches.
    Access(String, String),
    /// Passes on what its first child produces (Filter, join, Limit, ...).
    #[default]
    Stream,
    /// Reads all its input before its first row (Sort, Aggregate, temporary tables, Hash).
    Blocking,
    /// No iterator: the trees MySQL prints one after another at the same depth (a query's
    /// tree, then the subqueries of its select list, `Select #2 (subquery in projection;
    /// run only once)`); the first is the query's.
    Group,
}

/// EXPLAIN ANALYZE's figures of one iterator: times in milliseconds since the statement
/// began, rows per loop (an average), loops.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Actual {
    pub first_ms: f64,
    pub last_ms: f64,
    pub rows: f64,
    pub loops: f64,
}

impl Node {
    pub fn new(label: impl Into<String>, estimate: Option<(f64, f64)>) -> Node {
        Node { label: label.into(), estimate, ..Node::default() }
    }

    pub fn with(mut self, child: Node) -> Node {
        self.children.push(child);
        self
    }

    /// A set operation's materialization into its temporary table (`Union materialize with
    /// deduplication`, `Except all materialize`, ...): `operation` capitalised as TREE prints
    /// it, over its operands, costing theirs plus 0.1 a row written.
    pub fn set_materialize(
        operation: &str,
        deduplicated: bool,
        operands_cost: f64,
        rows: f64,
        operands: Vec<Node>,
    ) -> Node {
        let label = if deduplicated {
            format!("{operation} materialize with deduplication")
        } else {
            format!("{operation} all materialize")
        };
        let written = operands_cost + 0.1 * rows;
        let mut materialize = Node::new(label, Some((written, rows)));
        materialize.init_cost = Some(written);
        materialize.role = Role::Blocking;
        materialize.children = operands;
        materialize
    }

    /// A query block's estimate: its tree's, or the one its label carries (a block that
    /// reads no table: `Rows fetched before execution` is the rows its label gives, one
    /// without, a VALUES statement's N; `Zero rows` none), as set operations add up their
    /// operands'.
    pub fn block_estimate(&self) -> Option<(f64, f64)> {
        if let Some(rest) = self.label.strip_prefix("Rows fetched before execution") {
            let rows = rest
                .split_once("rows=")
                .and_then(|(_, r)| r.trim_end_matches(')').parse::<f64>().ok())
                .unwrap_or(1.0);
            return Some((0.0, rows));
        }
        if self.label.starts_with("Zero rows") {
            return Some((0.0, 0.0));
        }
        self.first_estimate()
    }

    /// The estimate of this node, or of the first child that has one.
    pub fn first_estimate(&self) -> Option<(f64, f64)> {
        self.estimate.or_else(|| self.children.first().and_then(Node::first_estimate))
    }

    /// The tree as EXPLAIN prints it: one line per node, children indented four spaces.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.render_into(0, &mut out);
        out
    }

    fn render_into(&self, depth: usize, out: &mut String) {
        if self.role == Role::Group {
            for c in &self.children {
                c.render_into(depth, out);
            }
            return;
        }
        for _ in 0..depth {
            out.push_str("    ");
        }
        out.push_str("-> ");
        out.push_str(&self.label);
        match (self.estimate, self.init_cost) {
            (Some((cost, rows)), Some(init)) => out.push_str(&format!(
                "  (cost={}..{} rows={})",
                readable(init),
                readable(cost),
                readable(rows)
            )),
            (Some((cost, rows)), None) => {
                out.push_str(&format!("  (cost={} rows={})", readable(cost), readable(rows)))
            }
            _ => {}
        }
        // A label may carry its own estimate (`Rows fetched before execution  (cost=0..0
        // rows=1)`); the measured figures then follow after one space, as after any estimate.
        let costed = self.estimate.is_some() || self.label.contains("  (cost=");
        if self.never {
            out.push_str(if costed { " " } else { "  " });
            out.push_str("(never executed)");
        } else if let Some(a) = self.actual {
            out.push_str(if costed { " " } else { "  " });
            out.push_str(&format!(
                "(actual time={}..{} rows={} loops={})",
                readable(a.first_ms),
                readable(a.last_ms),
                readable(a.rows),
                readable(a.loops)
            ));
        }
        out.push('\n');
        for c in &self.children {
            c.render_into(depth + 1, out);
        }
    }
}

/// A number as MySQL's FormatNumberReadably writes it: 0 below 1e-12; plain decimals with
/// three significant digits (up to six integer digits) from 0.001 to 999999.5; otherwise
/// engineering notation, a three-digit mantissa and an exponent that is a multiple of three.
/// Trailing fractional zeros are dropped.
pub fn readable(d: f64) -> String {
    if !d.is_finite() {
        return "inf".into();
    }
    if d.abs() < 1e-12 {
        return "0".into();
    }
    if d.abs() < 1e-3 || integer_digits(d + 0.5) > 6 {
        let exp = ((d.abs().log10() / 3.0).floor() * 3.0) as i32;
        let mantissa = d / 10f64.powi(exp);
        let (m, e) =
            if mantissa + 0.5 < 1000.0 { (mantissa, exp) } else { (mantissa / 1000.0, exp + 3) };
        let sign = if e < 0 { '-' } else { '+' };
        return format!("{}e{sign}{}", decimal(m, -2), e.abs());
    }
    decimal(d, -2)
}

fn integer_digits(d: f64) -> i32 {
    if d == 0.0 {
        1
    } else {
        1.max(1 + d.abs().log10().floor() as i32)
    }
}

/// `d` with enough decimals for a rounding error below d * 10^log_precision, trailing
/// fractional zeros removed.
fn decimal(d: f64, log_precision: i32) -> String {
    let first = d.abs().log10().floor() as i32;
    let decimals = 0.max(-log_precision - first) as usize;
    let s = format!("{d:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// Renders bound expressions the way the tree writes conditions: `(t.a > 10)`, columns
/// qualified by the name the query gives their table.
pub struct Names<'a> {
    /// For each joined-row column, `alias.column`.
    pub columns: &'a [String],
    /// In a dependent subquery: the outer columns its outer references read, by number
    /// (`c.id`).
    pub outer: &'a [String],
    /// FORMAT=JSON's conditions: the kinds of the block's own correlated subqueries, by
    /// number, to write each call as the Note does (its placeholder, replaced by the
    /// subquery's text once numbered); FORMAT=TREE (empty) writes `(select #N)`.
    pub calls: &'a [SubqueryKind],
}

impl Names<'_> {
    pub fn expr(&self, e: &BExpr) -> String {
        match e {
            BExpr::Lit(v) => literal(v),
            BExpr::Column(c) => {
                self.columns.get(*c as usize).cloned().unwrap_or_else(|| format!("<column {c}>"))
            }
            BExpr::UserVar(n) => format!("(@{n})"),
            BExpr::OuterRef(n) => {
                self.outer.get(*n as usize).cloned().unwrap_or_else(|| "<expression>".into())
            }
            BExpr::Local(n) => n.clone(),
            BExpr::Binary { op, left, right, .. } => {
                let op = match op {
                    B::NotEq => "<>".to_string(),
                    other => other.to_string().to_ascii_lowercase(),
                };
                format!("({} {op} {})", self.expr(left), self.expr(right))
            }
            BExpr::And(..) | BExpr::Or(..) => {
                let and = matches!(e, BExpr::And(..));
                let mut parts = Vec::new();
                self.chain(e, and, &mut parts);
                format!("({})", parts.join(if and { " and " } else { " or " }))
            }
            BExpr::IsNull { arg, negated } => {
                format!("({} is {}null)", self.expr(arg), if *negated { "not " } else { "" })
            }
            BExpr::Between { arg, low, high, negated } => format!(
                "({} {}between {} and {})",
                self.expr(arg),
                if *negated { "not " } else { "" },
                self.expr(low),
                self.expr(high)
            ),
            BExpr::InList { arg, list, negated } => {
                let values: Vec<String> = list.iter().map(|v| self.expr(v)).collect();
                let not = if *negated { "not " } else { "" };
                format!("({} {not}in ({}))", self.expr(arg), values.join(","))
            }
            BExpr::Like { arg, pattern, negated, .. } => {
                let like = format!("({} like {})", self.expr(arg), self.expr(pattern));
                if *negated {
                    format!("(not({like}))")
                } else {
                    like
                }
            }
            // A case-sensitive collation's sort key is drawn as its string (`bind.rs`).
            BExpr::Call { name, args, .. } if name == " CASE_KEY" && args.len() == 1 => {
                self.expr(&args[0])
            }
            BExpr::Call { name, args, .. } => {
                let args: Vec<String> = args.iter().map(|a| self.expr(a)).collect();
                format!("{}({})", name.to_ascii_lowercase(), args.join(","))
            }
            // A comparison under a binary collation reads both sides as bytes (`bind.rs`
            // `as_bytes`): drawn as written, `(x collate utf8mb4_bin)` (UNCONFIRMED).
            BExpr::Cast { arg, text, .. } if text.is_empty() => self.expr(arg),
            BExpr::Cast { arg, text, .. } if text.starts_with("collate ") => {
                format!("({} {text})", self.expr(arg))
            }
            BExpr::Unary { text, .. } | BExpr::Cast { text, .. } => text.clone(),
            // Simplification: anything else is printed by its kind only.
            BExpr::Case { .. } => "case ... end".into(),
            BExpr::Correlated { id, args } => match self.calls.get(*id as usize) {
                Some(kind) => {
                    let operand = args.first().filter(|_| kind.has_operand()).map(|a| self.expr(a));
                    super::dependent::call_text(*kind, *id, operand.as_deref())
                }
                None => format!("(select #{})", id + 2),
            },
            _ => "<expression>".into(),
        }
    }

    fn chain(&self, e: &BExpr, and: bool, out: &mut Vec<String>) {
        match (e, and) {
            (BExpr::And(a, b), true) | (BExpr::Or(a, b), false) => {
                self.chain(a, and, out);
                self.chain(b, and, out);
            }
            _ => out.push(self.expr(e)),
        }
    }
}

/// A constant as MySQL prints it in a condition: numbers bare, strings quoted.
pub fn literal(v: &Value) -> String {
    match v {
        Value::Null => "NULL".into(),
        Value::Str(s) => format!("'{}'", s.replace('\'', "\\'")),
        other => other.to_text().unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_mysql_formats_them() {
        let cases = [
            (1.25, "1.25"),
            (10.0, "10"),
            (3.3333, "3.33"),
            (0.35, "0.35"),
            (11.5, "11.5"),
            (70352.4, "70352"),
            (194656.0, "194656"),
            (0.0134, "0.0134"),
            (1_000_000.0, "1e+6"),
            (9_690_000.0, "9.69e+6"),
            (999_500_000.0, "1e+9"),
            (0.000_5, "500e-6"),
            (0.0, "0"),
        ];
        for (d, want) in cases {
            assert_eq!(readable(d), want, "{d}");
        }
    }

    #[test]
    fn children_indent_four_spaces() {
        let tree = Node::new("Filter: (t.a > 10)", Some((1.25, 3.33)))
            .with(Node::new("Table scan on t", Some((1.25, 10.0))));
        assert_eq!(
            tree.render(),
            "-> Filter: (t.a > 10)  (cost=1.25 rows=3.33)\n    -> Table scan on t  (cost=1.25 rows=10)\n"
        );
    }
}
