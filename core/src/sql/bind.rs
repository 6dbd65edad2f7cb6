//! Binding: sqlparser's expression tree becomes a [`BExpr`], with every column reference
//! resolved to a position in the row the executor produces and every aggregate call given a
//! slot. Binding happens once per statement; evaluation ([`super::expr::eval`]) then runs per
//! row without looking anything up by name, which is what lets a 3-million-row scan stay fast.

use super::json::functions as json_fn;
use crate::error::{MySqlError, Result};
use crate::sql::parser::VarScope;
use sqlparser::ast::{
    BinaryOperator as B, Expr, Function, FunctionArg, FunctionArgExpr, FunctionArguments, Ident,
    UnaryOperator as U,
};

use crate::storage::value::Value;

/// An aggregate function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AggFunc {
    CountStar,
    Count,
    Sum,
    Avg,
    Min,
    Max,
    BitAnd,
    BitOr,
    BitXor,
    GroupConcat,
    /// VAR_POP (VARIANCE) and VAR_SAMP; STDDEV_POP (STD, STDDEV) and STDDEV_SAMP.
    VarPop,
    VarSamp,
    StdPop,
    StdSamp,
    /// JSON_ARRAYAGG(v) and JSON_OBJECTAGG(k, v), whose argument the binder makes
    /// JSON_ARRAY(v) and JSON_OBJECT(k, v).
    JsonArrayAgg,
    JsonObjectAgg,
    /// GROUPING(c, ...) of a WITH ROLLUP query: its arguments are in `grouping`; the plan
    /// maps them to grouping columns and the rollup gives each row its value.
    Grouping,
}

/// One aggregate call found while binding a select list or HAVING clause.
#[derive(Clone, Debug, PartialEq)]
pub struct AggCall {
    pub func: AggFunc,
    pub arg: Option<BExpr>,
    pub distinct: bool,
    /// GROUP_CONCAT's `SEPARATOR '...'` (None: a comma).
    pub separator: Option<String>,
    /// GROUP_CONCAT's `ORDER BY`: each key and whether it is DESC (empty: arrival order).
    pub order_by: Vec<(BExpr, bool)>,
    /// GROUPING's arguments.
    pub grouping: Vec<BExpr>,
    /// GROUP_CONCAT's cut, `group_concat_max_len` as the statement started (the executor
    /// puts the session's value in; [`GROUP_CONCAT_MAX_LEN_DEFAULT`] until then).
    pub max_len: u64,
    /// MIN / MAX of a TIME column: values compared as durations (`'100:00:00'` is more than
    /// `'10:00:00'`), not as text.
    pub time: bool,
}

/// `group_concat_max_len`'s default.
pub const GROUP_CONCAT_MAX_LEN_DEFAULT: u64 = 1024;

impl AggCall {
    /// A call without GROUP_CONCAT's ORDER BY, cut at the default length.
    pub fn new(
        func: AggFunc,
        arg: Option<BExpr>,
        distinct: bool,
        separator: Option<String>,
    ) -> AggCall {
        AggCall {
            func,
            arg,
            distinct,
            separator,
            order_by: Vec::new(),
            grouping: Vec::new(),
            max_len: GROUP_CONCAT_MAX_LEN_DEFAULT,
            time: false,
        }
    }
}

/// A bound expression.
#[derive(Clone, Debug, PartialEq)]
pub enum BExpr {
    Lit(Value),
    /// A column of the current row, by position.
    Column(u32),
    SysVar {
        name: String,
        scope: VarScope,
    },
    UserVar(String),
    Unary {
        op: U,
        arg: Box<BExpr>,
        text: String,
    },
    /// `text` is MySQL's fully parenthesised form, for error 1690.
    Binary {
        op: B,
        left: Box<BExpr>,
        right: Box<BExpr>,
        text: String,
    },
    And(Box<BExpr>, Box<BExpr>),
    Or(Box<BExpr>, Box<BExpr>),
    IsNull {
        arg: Box<BExpr>,
        negated: bool,
    },
    /// IS [NOT] TRUE / FALSE
    IsBool {
        arg: Box<BExpr>,
        want: bool,
        negated: bool,
    },
    Between {
        arg: Box<BExpr>,
        low: Box<BExpr>,
        high: Box<BExpr>,
        negated: bool,
    },
    InList {
        arg: Box<BExpr>,
        list: Vec<BExpr>,
        negated: bool,
    },
    Like {
        arg: Box<BExpr>,
        pattern: Box<BExpr>,
        escape: Option<Box<BExpr>>,
        negated: bool,
    },
    Case {
        operand: Option<Box<BExpr>>,
        whens: Vec<(BExpr, BExpr)>,
        otherwise: Option<Box<BExpr>>,
    },
    /// A scalar function, by upper-case name, with the built-in it names resolved when it
    /// was bound (None: no such built-in; evaluating it reports the unknown function).
    Call {
        name: String,
        builtin: Option<super::functions::Builtin>,
        args: Vec<BExpr>,
    },
    /// The value of aggregate slot N for the current group.
    Aggregate(u32),
    /// A stored procedure's local variable or parameter (lower case).
    Local(String),
    /// The value of window call N for the current row (computed after grouping; see
    /// `execution/select/window_stage.rs`, which replaces it before anything evaluates it).
    Window(u32),
    /// CAST(arg AS target), CONVERT(arg, target), CONVERT(arg USING charset); `text` is the
    /// expression as MySQL names it in warning 1264.
    Cast {
        arg: Box<BExpr>,
        target: Box<super::cast::CastTarget>,
        text: String,
    },
    /// Inside a correlated subquery: the value of the enclosing query's expression N for the
    /// outer row it runs for (read through [`super::expr::EvalContext::outer_value`]).
    OuterRef(u32),
    /// A correlated subquery of this query, by its number among the query's prepared ones,
    /// with the values of the outer row it needs (`execution/select/correlated.rs`).
    Correlated {
        id: u32,
        args: Vec<BExpr>,
    },
}

/// The function name the server gives a correlated subquery where it stood in the query,
/// and the one it gives an outer reference inside the subquery (`server/query/subquery.rs`).
/// Both begin with a space, which no unquoted name can; a user who quotes one gets an error
/// when it runs, never another query's values.
pub const CORRELATED_MARK: &str = " CORRELATED";
pub const OUTER_MARK: &str = " OUTER";

/// Resolves column names for the binder.
pub trait Columns {
    /// Position of `qualifier.name` (or `name`) in the row, or MySQL's 1054/1052 error.
    fn resolve(&self, qualifier: Option<&str>, name: &str, clause: &str) -> Result<u32>;

    /// Position of `VALUES(name)`: the value an INSERT ... ON DUPLICATE KEY UPDATE would
    /// have inserted. None where there is no such row (anywhere else, `VALUES()` is NULL).
    fn inserted_value(&self, _name: &str, _clause: &str) -> Option<Result<u32>> {
        None
    }

    /// Whether the column at `position` holds JSON values (a JSON column, or a derived
    /// table's column made by a JSON function).
    fn is_json(&self, _position: u32) -> bool {
        false
    }

    /// Whether the column at `position` holds TIME values (compared as durations).
    fn is_time(&self, _position: u32) -> bool {
        false
    }

    /// The labels of the ENUM column at `position` (sorted by index number), if it is one.
    fn enum_labels(&self, _position: u32) -> Option<std::rc::Rc<[String]>> {
        None
    }
}

/// A functional key part's hidden column cannot be named by a statement (MySQL answers 1054,
/// mysql-test `functional_index.result`). A user can write its name only back-quoted (`!` ends
/// an unquoted name); the planner's own reference to it (a functional index read for the
/// expression it stands for, `planner/generated_columns.rs`) is unquoted and passes.
fn refuse_hidden(id: &Ident, full: &str, clause: &str) -> Result<()> {
    if id.quote_style.is_some() && crate::storage::schema::is_hidden_name(&id.value) {
        return Err(MySqlError::unknown_column(full, clause));
    }
    Ok(())
}

/// No columns: a SELECT without FROM, SET, DO.
pub struct NoColumns;

impl Columns for NoColumns {
    fn resolve(&self, qualifier: Option<&str>, name: &str, clause: &str) -> Result<u32> {
        let full = match qualifier {
            Some(q) => format!("{q}.{name}"),
            None => name.to_string(),
        };
        Err(MySqlError::unknown_column(&full, clause))
    }
}

/// One FROM source's columns, for [`resolve_among`].
pub struct SourceColumns<'a> {
    /// The name the query uses for the source (its alias, else the table name).
    pub alias: &'a str,
    /// Position of the source's first column in the joined row.
    pub offset: u32,
    pub names: Vec<&'a str>,
}

/// Resolves `qualifier.name` among joined sources: MySQL's 1052 when it is ambiguous, 1054
/// when nothing has it.
pub fn resolve_among(
    sources: &[SourceColumns],
    qualifier: Option<&str>,
    name: &str,
    clause: &str,
) -> Result<u32> {
    let mut found: Option<u32> = None;
    for s in sources {
        if qualifier.is_some_and(|q| !s.alias.eq_ignore_ascii_case(q)) {
            continue;
        }
        if let Some(p) = s.names.iter().position(|c| c.eq_ignore_ascii_case(name)) {
            if found.is_some() {
                return Err(MySqlError::ambiguous_column(name, clause));
            }
            found = Some(s.offset + p as u32);
        }
    }
    found.ok_or_else(|| NoColumns.resolve(qualifier, name, clause).unwrap_err())
}

/// Columns known by name only (SHOW ... WHERE sees `Variable_name` and `Value`).
pub struct NamedColumns<'a> {
    pub names: &'a [&'a str],
}

impl Columns for NamedColumns<'_> {
    fn resolve(&self, qualifier: Option<&str>, name: &str, clause: &str) -> Result<u32> {
        match (qualifier, self.names.iter().position(|n| n.eq_ignore_ascii_case(name))) {
            (None, Some(p)) => Ok(p as u32),
            _ => NoColumns.resolve(qualifier, name, clause),
        }
    }
}

/// Binds expressions against a set of columns.
pub struct Binder<'a> {
    columns: &'a dyn Columns,
    /// The clause named in error 1054 ("field list", "where clause", ...).
    clause: &'static str,
    /// Aggregates found so far; None where aggregates are not allowed (WHERE).
    aggregates: Option<Vec<AggCall>>,
    /// Local variables in scope (lower case): inside a stored procedure they take precedence
    /// over column names, as in MySQL.
    locals: Vec<String>,
    /// Window calls found so far and the WINDOW clause's named windows; None where window
    /// functions are not allowed (everywhere but the select list and ORDER BY).
    windows: Option<WindowScope>,
}

/// The window calls a binder collects, and the named windows they may refer to.
#[derive(Default)]
pub struct WindowScope {
    pub calls: Vec<crate::sql::window::WindowCall>,
    pub named: Vec<(String, sqlparser::ast::WindowSpec)>,
}

impl<'a> Binder<'a> {
    /// A binder where aggregate functions are an error (WHERE, SET, DO, ON).
    pub fn scalar(columns: &'a dyn Columns, clause: &'static str) -> Binder<'a> {
        Binder { columns, clause, aggregates: None, locals: Vec::new(), windows: None }
    }

    /// A binder that collects aggregate calls (select list, HAVING, ORDER BY).
    pub fn with_aggregates(columns: &'a dyn Columns, clause: &'static str) -> Binder<'a> {
        Binder { columns, clause, aggregates: Some(Vec::new()), locals: Vec::new(), windows: None }
    }

    /// Makes stored procedure locals visible to the expressions bound.
    pub fn with_locals(mut self, locals: Vec<String>) -> Binder<'a> {
        self.locals = locals.into_iter().map(|l| l.to_ascii_lowercase()).collect();
        self
    }

    /// Lets window functions in (the select list and ORDER BY), with the WINDOW clause's
    /// named windows; `None` forbids them again (HAVING), keeping the calls found.
    pub fn set_windows(&mut self, scope: Option<WindowScope>) -> Option<WindowScope> {
        std::mem::replace(&mut self.windows, scope)
    }

    /// Switches the clause named in errors.
    pub fn set_clause(&mut self, clause: &'static str) {
        self.clause = clause;
    }

    /// The aggregate calls found, in slot order.
    pub fn take_aggregates(&mut self) -> Vec<AggCall> {
        self.aggregates.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Binds one expression. Chains of operators recurse through this function only, whose
    /// stack frame stays small; every other form is bound in `bind_other`.
    pub fn bind(&mut self, e: &Expr) -> Result<BExpr> {
        match e {
            Expr::Nested(inner) => self.bind(inner),
            Expr::BinaryOp { left, op: op @ (B::Plus | B::Minus), right }
                if matches!(**left, Expr::Interval(_)) || matches!(**right, Expr::Interval(_)) =>
            {
                self.interval_operation(left, *op == B::Minus, right, e)
            }
            Expr::BinaryOp { left, op, right }
                if is_row_comparison(op)
                    && (row_items(left).is_some() || row_items(right).is_some()) =>
            {
                self.row_comparison(op, left, right)
            }
            Expr::BinaryOp { left, op, right } => {
                let mut l = self.bind(left)?;
                let mut r = self.bind(right)?;
                // A comparison under a binary or case-sensitive collation (`x COLLATE
                // utf8mb4_bin = 'A'`) compares the strings' bytes (`literal_charset.rs`).
                let compares = matches!(
                    op,
                    B::Eq | B::NotEq | B::Lt | B::LtEq | B::Gt | B::GtEq | B::Spaceship
                );
                use super::literal_charset::{collation_exactness, Exactness};
                let exactness = [left, right].map(|e| collation_exactness(e));
                if compares && exactness.contains(&Some(Exactness::Bytes)) {
                    (l, r) = (as_bytes(l, left), as_bytes(r, right));
                } else if compares && exactness.contains(&Some(Exactness::CaseSensitive)) {
                    (l, r) = (case_key(l, left), case_key(r, right));
                }
                Ok(self.binary(op, l, r, left, right))
            }
            Expr::UnaryOp { op, expr } => {
                let arg = self.bind(expr)?;
                Ok(unary_node(*op, arg, expr))
            }
            _ => self.bind_other(e),
        }
    }

    #[inline(never)]
    fn bind_other(&mut self, e: &Expr) -> Result<BExpr> {
        Ok(match e {
            Expr::Value(v) => BExpr::Lit(super::literal::literal(&v.value)?),
            // `_binary'abc'`, `_utf8mb4'abc'`, `_binary X'41'`: a character set introducer.
            Expr::Prefixed { prefix, value } => {
                let bound = self.bind(value)?;
                let charset = prefix.value.trim_start_matches('_').to_ascii_lowercase();
                match (charset.as_str(), bound) {
                    ("binary", BExpr::Lit(v)) => {
                        BExpr::Lit(v.to_bytes().map_or(Value::Null, Value::Bin))
                    }
                    ("binary", _) => return Err(MySqlError::not_supported_yet("this expression")),
                    (_, BExpr::Lit(Value::Bin(b))) => {
                        BExpr::Lit(Value::Str(String::from_utf8_lossy(&b).into_owned()))
                    }
                    (_, other) => other,
                }
            }
            // `expr COLLATE name`: the collation is checked against the literal's character
            // set (`literal_charset.rs`). Its value is the expression's; a comparison or LIKE
            // over it (here), an ORDER BY or GROUP BY key (`select/plan.rs`) under a binary
            // or case-sensitive collation reads its bytes.
            Expr::Collate { expr, .. } => {
                super::literal_charset::of_literal(e)?;
                self.bind(expr)?
            }
            Expr::Identifier(id) => self.identifier(id)?,
            Expr::CompoundIdentifier(parts) => self.compound(parts)?,
            Expr::IsNull(x) => BExpr::IsNull { arg: Box::new(self.bind(x)?), negated: false },
            Expr::IsNotNull(x) => BExpr::IsNull { arg: Box::new(self.bind(x)?), negated: true },
            Expr::IsTrue(x) => {
                BExpr::IsBool { arg: Box::new(self.bind(x)?), want: true, negated: false }
            }
            Expr::IsNotTrue(x) => {
                BExpr::IsBool { arg: Box::new(self.bind(x)?), want: true, negated: true }
            }
            Expr::IsFalse(x) => {
                BExpr::IsBool { arg: Box::new(self.bind(x)?), want: false, negated: false }
            }
            Expr::IsNotFalse(x) => {
                BExpr::IsBool { arg: Box::new(self.bind(x)?), want: false, negated: true }
            }
            Expr::Between { expr, negated, low, high } => {
                let (mut arg, mut low, mut high) =
                    (self.bind(expr)?, self.bind(low)?, self.bind(high)?);
                if [&arg, &low, &high].iter().any(|x| self.is_time_column(x)) {
                    arg = time_key(arg);
                    low = time_key(low);
                    high = time_key(high);
                }
                BExpr::Between {
                    arg: Box::new(arg),
                    low: Box::new(low),
                    high: Box::new(high),
                    negated: *negated,
                }
            }
            Expr::In { expr, target: sqlparser::ast::InTarget::List(list), negated, .. }
                if row_items(expr).is_some() || list.iter().any(|x| row_items(x).is_some()) =>
            {
                self.row_in_list(expr, list, *negated, e)?
            }
            // A row anywhere but a comparison or IN is one value too many (a ROW(...) call
            // included).
            Expr::Tuple(_) => return Err(MySqlError::operand_columns(1)),
            Expr::Function(_) if row_items(e).is_some() => {
                return Err(match row_items(e) {
                    Some(Err(err)) => err,
                    _ => MySqlError::operand_columns(1),
                })
            }
            Expr::In { expr, target: sqlparser::ast::InTarget::List(list), negated, .. } => {
                let mut arg = self.bind(expr)?;
                let mut list: Vec<BExpr> =
                    list.iter().map(|x| self.bind(x)).collect::<Result<_>>()?;
                if self.is_time_column(&arg) {
                    arg = time_key(arg);
                    list = list.into_iter().map(time_key).collect();
                }
                BExpr::InList { arg: Box::new(arg), list, negated: *negated }
            }
            Expr::Like { negated, expr, pattern, escape_char, .. } => {
                let (mut arg, mut pat) = (self.bind(expr)?, self.bind(pattern)?);
                // Under a binary or case-sensitive COLLATE, LIKE matches the bytes.
                if super::literal_charset::exact_collation(expr)
                    || super::literal_charset::exact_collation(pattern)
                {
                    (arg, pat) = (as_bytes(arg, expr), as_bytes(pat, pattern));
                }
                BExpr::Like {
                    arg: Box::new(arg),
                    pattern: Box::new(pat),
                    escape: match escape_char {
                        Some(c) => Some(Box::new(self.bind(c)?)),
                        None => None,
                    },
                    negated: *negated,
                }
            }
            Expr::Case { operand, conditions, else_result, .. } => BExpr::Case {
                operand: match operand {
                    Some(o) => Some(Box::new(self.bind(o)?)),
                    None => None,
                },
                whens: conditions
                    .iter()
                    .map(|w| Ok((self.bind(&w.condition)?, self.bind(&w.result)?)))
                    .collect::<Result<_>>()?,
                otherwise: match else_result {
                    Some(x) => Some(Box::new(self.bind(x)?)),
                    None => None,
                },
            },
            Expr::Function(f) => self.function(f)?,
            Expr::Substring { expr, substring_from, substring_for, .. } => {
                let mut args = vec![self.bind(expr)?];
                if let Some(x) = substring_from {
                    args.push(self.bind(x)?);
                }
                if let Some(x) = substring_for {
                    args.push(self.bind(x)?);
                }
                BExpr::call("SUBSTRING".into(), args)
            }
            Expr::Trim { expr, trim_where, trim_what, .. } => {
                let mode = trim_where
                    .as_ref()
                    .map_or("BOTH".to_string(), |w| w.to_string().to_ascii_uppercase());
                let what = match trim_what {
                    Some(w) => self.bind(w)?,
                    None => BExpr::Lit(Value::Str(" ".into())),
                };
                BExpr::call(format!("TRIM_{mode}"), vec![self.bind(expr)?, what])
            }
            Expr::Cast { kind: sqlparser::ast::CastKind::Cast, expr, data_type, format: None } => {
                let target = super::cast::CastTarget::from_sql(data_type, None, &expr.to_string())?;
                self.cast(expr, target, e)?
            }
            Expr::Convert {
                is_try: false,
                expr,
                data_type,
                charset,
                target_before_value: false,
                ..
            } => {
                let target = match data_type {
                    Some(dt) => {
                        super::cast::CastTarget::from_sql(dt, charset.as_ref(), &expr.to_string())?
                    }
                    None => super::cast::CastTarget::using_charset(charset.as_ref())?,
                };
                self.cast(expr, target, e)?
            }
            Expr::Ceil { expr, .. } => BExpr::call("CEIL".into(), vec![self.bind(expr)?]),
            Expr::Floor { expr, .. } => BExpr::call("FLOOR".into(), vec![self.bind(expr)?]),
            Expr::Interval(_) => return Err(MySqlError::not_supported_yet("INTERVAL expressions")),
            // `v MEMBER OF(doc)`: v is a JSON value when it has a JSON type.
            Expr::MemberOf(m) => {
                let mut value = self.bind(&m.value)?;
                if value.is_json(&|c| self.columns.is_json(c)) {
                    value = BExpr::call(json_fn::DOC_MARK.into(), vec![value]);
                }
                BExpr::call(" JSON_MEMBER_OF".into(), vec![value, self.bind(&m.array)?])
            }
            // POSITION(sub IN s) is LOCATE(sub, s).
            Expr::Position { expr, r#in } => {
                BExpr::call("POSITION".into(), vec![self.bind(expr)?, self.bind(r#in)?])
            }
            // `s REGEXP p` and `s RLIKE p` are REGEXP_LIKE(s, p).
            Expr::RLike { negated, expr, pattern, .. } => {
                let like =
                    BExpr::call("REGEXP_LIKE".into(), vec![self.bind(expr)?, self.bind(pattern)?]);
                if *negated {
                    unary_node(U::Not, like, e)
                } else {
                    like
                }
            }
            Expr::Extract { field, expr, .. } => {
                super::temporal::binding::extract(field, expr, e, &mut |x| self.bind(x))?
            }
            Expr::Subquery(_) | Expr::Exists { .. } | Expr::In { .. } => {
                return Err(MySqlError::not_supported_yet("subqueries"))
            }
            other => {
                let text: String = other.to_string().chars().take(40).collect();
                return Err(MySqlError::not_supported_yet(&format!("the expression '{text}'")));
            }
        })
    }

    /// `d + INTERVAL n unit` and the like (`temporal/binding.rs`); an INTERVAL anywhere
    /// else is MySQL's syntax error.
    #[inline(never)]
    fn interval_operation(&mut self, l: &Expr, minus: bool, r: &Expr, e: &Expr) -> Result<BExpr> {
        let mut bind = |x: &Expr| self.bind(x);
        match super::temporal::binding::interval_operation(l, minus, r, &mut bind) {
            Some(bound) => bound,
            None => Err(MySqlError::syntax(&e.to_string(), 1)),
        }
    }

    /// A function with OVER: its call bound (arguments, PARTITION BY and ORDER BY over the
    /// grouped row, so they may hold aggregates but no other window function). Not inlined:
    /// binding recursion stays in small frames (see `bind`).
    #[inline(never)]
    fn window_call(
        &mut self,
        name: &str,
        over: &sqlparser::ast::WindowType,
        args: &[&Expr],
        distinct: bool,
        star: bool,
    ) -> Result<BExpr> {
        use crate::sql::window::{WindowCall, WindowFunc};
        // OVER after a function that is no window function is a syntax error in MySQL's
        // grammar. Simplification: the quote starts at OVER and ends with the window.
        let Some(func) = WindowFunc::from_name(name, star) else {
            return Err(MySqlError::syntax(&format!("OVER {over}"), 1));
        };
        let Some(mut scope) = self.windows.take() else {
            return Err(MySqlError::window_function_misplaced(&name.to_ascii_lowercase()));
        };
        if distinct {
            return Err(MySqlError::not_supported_yet("<window function>(DISTINCT ..)"));
        }
        let (least, most) = func.arity();
        if args.len() < least || args.len() > most {
            return Err(MySqlError::wrong_parameter_count(name));
        }
        let (spec, window_name) = super::window_bind::resolve(over, &scope.named)?;
        let bound = (|| {
            let args = args.iter().map(|a| self.bind(a)).collect::<Result<Vec<_>>>()?;
            // A window function in PARTITION BY or ORDER BY is 3594, naming the window.
            let nested = |e: MySqlError| {
                if e.code == 3593 {
                    MySqlError::window_nested_in_spec(&window_name)
                } else {
                    e
                }
            };
            let partition = spec
                .partition_by
                .iter()
                .map(|e| self.bind(e).map_err(nested))
                .collect::<Result<_>>()?;
            let order = spec
                .order_by
                .iter()
                .map(|o| {
                    let desc = matches!(o.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                    let key = self.bind(&o.expr).map_err(nested)?;
                    Ok((self.sort_key(&key).unwrap_or(key), desc))
                })
                .collect::<Result<Vec<_>>>()?;
            let frame =
                super::window_bind::frame(spec.window_frame.as_ref(), &order, &window_name)?;
            Ok(WindowCall { func, args, partition, order, frame })
        })();
        let call = bound?;
        scope.calls.push(call);
        let slot = scope.calls.len() as u32 - 1;
        self.windows = Some(scope);
        Ok(BExpr::Window(slot))
    }

    /// A correlated subquery's place (its number, then the outer values it reads) or an
    /// outer reference inside one (its number).
    #[inline(never)]
    fn correlation_mark(&mut self, name: &str, args: &[&Expr]) -> Result<BExpr> {
        let number = |e: Option<&&Expr>| match e {
            Some(Expr::Value(v)) => v.value.to_string().parse::<u32>().ok(),
            _ => None,
        };
        let Some(id) = number(args.first()) else {
            return Err(MySqlError::not_supported_yet("this expression"));
        };
        if name == OUTER_MARK {
            return Ok(BExpr::OuterRef(id));
        }
        let args = args[1..].iter().map(|a| self.bind(a)).collect::<Result<Vec<_>>>()?;
        Ok(BExpr::Correlated { id, args })
    }

    #[inline(never)]
    fn cast(&mut self, arg: &Expr, target: super::cast::CastTarget, whole: &Expr) -> Result<BExpr> {
        Ok(BExpr::Cast {
            arg: Box::new(self.bind(arg)?),
            target: Box::new(target),
            text: whole.to_string(),
        })
    }

    fn identifier(&mut self, id: &Ident) -> Result<BExpr> {
        refuse_hidden(id, &id.value, self.clause)?;
        if id.quote_style.is_none() {
            if let Some(name) = id.value.strip_prefix("@@") {
                return Ok(BExpr::SysVar { name: name.to_string(), scope: VarScope::Default });
            }
            if let Some(name) = id.value.strip_prefix('@') {
                return Ok(BExpr::UserVar(name.to_ascii_lowercase()));
            }
            let lower = id.value.to_ascii_lowercase();
            if self.locals.contains(&lower) {
                return Ok(BExpr::Local(lower));
            }
        }
        Ok(BExpr::Column(self.columns.resolve(None, &id.value, self.clause)?))
    }

    fn compound(&mut self, parts: &[Ident]) -> Result<BExpr> {
        if let Some(last) = parts.last() {
            let full: Vec<&str> = parts.iter().map(|p| p.value.as_str()).collect();
            refuse_hidden(last, &full.join("."), self.clause)?;
        }
        // A user variable whose name holds dots (`@sys.statement_truncate_len`).
        if let Some(first) = parts.first().and_then(|p| p.value.strip_prefix('@')) {
            if !first.starts_with('@') && parts[0].quote_style.is_none() {
                let rest: Vec<&str> = parts[1..].iter().map(|p| p.value.as_str()).collect();
                let name = format!("{first}.{}", rest.join("."));
                return Ok(BExpr::UserVar(name.to_ascii_lowercase()));
            }
        }
        if let [first, name] = parts {
            // A trigger's NEW.col / OLD.col: the local variable `new.col` of its frame.
            let row = first.value.to_ascii_lowercase();
            if first.quote_style.is_none() && (row == "new" || row == "old") {
                let local = format!("{row}.{}", name.value.to_ascii_lowercase());
                if self.locals.contains(&local) {
                    return Ok(BExpr::Local(local));
                }
            }
            if let Some(scope) = first.value.strip_prefix("@@") {
                let scope = match scope.to_ascii_lowercase().as_str() {
                    "global" => VarScope::Global,
                    "session" | "local" => VarScope::Session,
                    _ => {
                        return Err(MySqlError::unknown_system_variable(&format!(
                            "{scope}.{}",
                            name.value
                        )))
                    }
                };
                return Ok(BExpr::SysVar { name: name.value.clone(), scope });
            }
            return Ok(BExpr::Column(self.columns.resolve(
                Some(&first.value),
                &name.value,
                self.clause,
            )?));
        }
        if let [_db, table, name] = parts {
            return Ok(BExpr::Column(self.columns.resolve(
                Some(&table.value),
                &name.value,
                self.clause,
            )?));
        }
        let full: Vec<&str> = parts.iter().map(|p| p.value.as_str()).collect();
        Err(MySqlError::unknown_column(&full.join("."), self.clause))
    }

    fn function(&mut self, f: &Function) -> Result<BExpr> {
        // A qualified name keeps its schema (`sys.format_statement`), without back-quotes.
        let mut name = f.name.to_string();
        if name.contains('`') {
            name.retain(|c| c != '`');
        }
        name.make_ascii_uppercase();
        let mut clauses: &[sqlparser::ast::FunctionArgumentClause] = &[];
        let (args, distinct, star) = match &f.args {
            FunctionArguments::None => (Vec::new(), false, false),
            FunctionArguments::Subquery(_) => {
                return Err(MySqlError::not_supported_yet("subqueries"))
            }
            FunctionArguments::List(list) => {
                let distinct = matches!(
                    list.duplicate_treatment,
                    Some(sqlparser::ast::DuplicateTreatment::Distinct)
                );
                let mut star = false;
                let mut args = Vec::new();
                clauses = &list.clauses;
                for a in &list.args {
                    match a {
                        FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => args.push(e),
                        FunctionArg::Unnamed(FunctionArgExpr::Wildcard) => star = true,
                        _ => {
                            return Err(MySqlError::not_supported_yet(
                                "this kind of function argument",
                            ))
                        }
                    }
                }
                (args, distinct, star)
            }
        };
        if name == CORRELATED_MARK || name == OUTER_MARK {
            return self.correlation_mark(&name, &args);
        }
        // CHARSET() / COLLATION() of a literal whose character set the parser fixed.
        if let ("CHARSET" | "COLLATION", [arg]) = (name.as_str(), args.as_slice()) {
            if let Some(c) = super::literal_charset::of_literal(arg)? {
                let answer = if name == "CHARSET" { c.charset } else { c.collation };
                return Ok(BExpr::Lit(Value::Str(answer)));
            }
        }
        // `VALUES(col)` in ON DUPLICATE KEY UPDATE (deprecated since 8.0.20, still there in
        // 9.x): the value the row would have had; NULL in any other statement.
        if name == "VALUES" {
            if let [Expr::Identifier(id)] = args.as_slice() {
                return match self.columns.inserted_value(&id.value, self.clause) {
                    Some(position) => Ok(BExpr::Column(position?)),
                    None => Ok(BExpr::Lit(Value::Null)),
                };
            }
        }
        if let Some(over) = &f.over {
            return self.window_call(&name, over, &args, distinct, star);
        }
        // GROUPING(c, ...): an aggregate slot of its own, whose value the rollup sets.
        if name == "GROUPING" && !star && !distinct && !args.is_empty() {
            let mut inner = Binder {
                columns: self.columns,
                clause: self.clause,
                aggregates: None,
                locals: self.locals.clone(),
                windows: None,
            };
            let bound = args.iter().map(|a| inner.bind(a)).collect::<Result<Vec<_>>>()?;
            let Some(list) = self.aggregates.as_mut() else {
                return Err(MySqlError::invalid_group_function());
            };
            let mut call = AggCall::new(AggFunc::Grouping, None, false, None);
            call.grouping = bound;
            list.push(call);
            return Ok(BExpr::Aggregate(list.len() as u32 - 1));
        }
        let agg = match name.as_str() {
            "COUNT" if star => Some(AggFunc::CountStar),
            "COUNT" => Some(AggFunc::Count),
            "SUM" => Some(AggFunc::Sum),
            "AVG" => Some(AggFunc::Avg),
            "MIN" => Some(AggFunc::Min),
            "MAX" => Some(AggFunc::Max),
            "BIT_AND" => Some(AggFunc::BitAnd),
            "BIT_OR" => Some(AggFunc::BitOr),
            "BIT_XOR" => Some(AggFunc::BitXor),
            "VARIANCE" | "VAR_POP" => Some(AggFunc::VarPop),
            "VAR_SAMP" => Some(AggFunc::VarSamp),
            "STD" | "STDDEV" | "STDDEV_POP" => Some(AggFunc::StdPop),
            "STDDEV_SAMP" => Some(AggFunc::StdSamp),
            "JSON_ARRAYAGG" => Some(AggFunc::JsonArrayAgg),
            "JSON_OBJECTAGG" => Some(AggFunc::JsonObjectAgg),
            "GROUP_CONCAT" => Some(AggFunc::GroupConcat),
            _ => None,
        };
        if let Some(func) = agg {
            let (separator, concat_args, order) = if func == AggFunc::GroupConcat {
                group_concat_clauses(clauses, args.len())?
            } else {
                (None, false, Vec::new())
            };
            let wanted = match func {
                AggFunc::JsonObjectAgg => 2,
                _ => 1,
            };
            let json = matches!(func, AggFunc::JsonArrayAgg | AggFunc::JsonObjectAgg);
            // COUNT(DISTINCT a, b, ...) counts the distinct rows of values.
            let count_row = func == AggFunc::Count && distinct && args.len() > 1;
            if func != AggFunc::CountStar && args.len() != wanted && !concat_args && !count_row
                || json && distinct
            {
                return Err(MySqlError::syntax(&f.to_string(), 1));
            }
            let original_args = args.clone();
            // GROUP_CONCAT(a, b, ...) concatenates each row's values first, and skips the
            // row when any of them is NULL: CONCAT does both. JSON_ARRAYAGG(v) and
            // JSON_OBJECTAGG(k, v) take each row as JSON_ARRAY(v) and JSON_OBJECT(k, v): a
            // JSON argument stays JSON, a NULL value is JSON null, and a NULL key is
            // JSON_OBJECT's error 3158.
            let wrapped;
            let args = if concat_args && args.len() > 1 {
                wrapped = [call_expr("CONCAT", &args)];
                wrapped.iter().collect::<Vec<_>>()
            } else if json {
                let name = if func == AggFunc::JsonArrayAgg { "JSON_ARRAY" } else { "JSON_OBJECT" };
                wrapped = [call_expr(name, &args)];
                wrapped.iter().collect::<Vec<_>>()
            } else {
                args
            };
            // An aggregate's argument may not itself hold an aggregate.
            let mut inner = Binder {
                columns: self.columns,
                clause: self.clause,
                aggregates: None,
                locals: self.locals.clone(),
                windows: None,
            };
            let mut bind_inner = |e: &Expr| {
                inner.bind(e).map_err(|e| {
                    if e.code == 1111 {
                        MySqlError::invalid_group_function()
                    } else {
                        e
                    }
                })
            };
            // COUNT(DISTINCT a COLLATE utf8mb4_bin) counts the values its collation tells
            // apart: each such argument is counted by its collation's bytes.
            let counted = |a: &Expr, bound: BExpr| {
                match crate::sql::literal_charset::collation_exactness(a) {
                    Some(x) if func == AggFunc::Count && distinct => {
                        crate::sql::literal_charset::collation_key(bound, x)
                    }
                    _ => bound,
                }
            };
            let arg = if count_row {
                // The hidden call is made bound, as no typed name reaches it.
                let values = (args.iter())
                    .map(|a| bind_inner(a).map(|b| counted(a, b)))
                    .collect::<Result<Vec<_>>>()?;
                Some(BExpr::call(" DISTINCT_ROW".into(), values))
            } else {
                match args.first() {
                    Some(a) => Some(counted(a, bind_inner(a)?)),
                    None => None,
                }
            };
            // A TIME column in a numeric aggregate counts as its number hhmmss[.fraction],
            // as in arithmetic (SUM('01:00:00') is 10000); MIN and MAX compare durations.
            let time_arg = arg.as_ref().is_some_and(|a| self.is_time_column(a));
            let numeric = matches!(
                func,
                AggFunc::Sum
                    | AggFunc::Avg
                    | AggFunc::VarPop
                    | AggFunc::VarSamp
                    | AggFunc::StdPop
                    | AggFunc::StdSamp
                    | AggFunc::BitAnd
                    | AggFunc::BitOr
                    | AggFunc::BitXor
            );
            let arg = match arg {
                Some(a) if time_arg && numeric => Some(time_number(a)),
                other => other,
            };
            let time_compared = time_arg && matches!(func, AggFunc::Min | AggFunc::Max);
            // GROUP_CONCAT's ORDER BY: a number names an argument (`ORDER BY 1`), as
            // `Item_func_group_concat::setup` resolves it; any other expression is bound.
            // DISTINCT without ORDER BY lists its values as its tree of values seen holds
            // them, sorted by the arguments (func_gconcat.result: `a,bb,ccc`).
            if func == AggFunc::GroupConcat && distinct && order.is_empty() {
                let mut keys = Vec::with_capacity(original_args.len());
                for a in &original_args {
                    keys.push((bind_inner(a)?, false));
                }
                let Some(list) = self.aggregates.as_mut() else {
                    return Err(MySqlError::invalid_group_function());
                };
                let mut call = AggCall::new(func, arg, distinct, separator);
                call.order_by = keys;
                list.push(call);
                return Ok(BExpr::Aggregate(list.len() as u32 - 1));
            }
            let mut order_by = Vec::with_capacity(order.len());
            for (e, desc) in order {
                let key = match e {
                    Expr::Value(v) => match &v.value {
                        sqlparser::ast::Value::Number(n, _) => {
                            let at = n.parse::<usize>().ok().filter(|&i| i >= 1);
                            match at.and_then(|i| original_args.get(i - 1)) {
                                Some(a) => bind_inner(a)?,
                                None => return Err(MySqlError::unknown_column(n, "order clause")),
                            }
                        }
                        _ => bind_inner(e)?,
                    },
                    _ => bind_inner(e)?,
                };
                let key = self.sort_key(&key).unwrap_or(key);
                order_by.push((key, desc));
            }
            let Some(list) = self.aggregates.as_mut() else {
                return Err(MySqlError::invalid_group_function());
            };
            let mut call = AggCall::new(func, arg, distinct, separator);
            call.order_by = order_by;
            call.time = time_compared;
            list.push(call);
            return Ok(BExpr::Aggregate(list.len() as u32 - 1));
        }
        if star {
            return Err(MySqlError::syntax("*)", 1));
        }
        // `BINARY expr`, made a call by the parser (`rewrite_binary_operator`).
        if name == "BINARY" && args.len() == 1 {
            return Ok(BExpr::Cast {
                arg: Box::new(self.bind(args[0])?),
                target: Box::new(super::cast::CastTarget::Binary { length: None }),
                text: format!("BINARY {}", args[0]),
            });
        }
        // The hidden JSON calls (their names begin with a space) are not for typing.
        if name.starts_with(' ') {
            return Ok(BExpr::Call { name, builtin: None, args: Vec::new() });
        }
        let special = super::temporal::binding::special_call(&name, &args, &mut |x| self.bind(x));
        if let Some(bound) = special {
            return bound;
        }
        let mut args = args.iter().map(|a| self.bind(a)).collect::<Result<Vec<_>>>()?;
        // PI() is a DOUBLE printed with six decimals, which the engine's values cannot carry:
        // it is the DECIMAL 3.141593 where it is shown, and the exact double where a math
        // function takes it (`SIN(PI())` is 1.2246467991473532e-16, `DEGREES(PI())` 180).
        if super::functions::takes_double(&name) {
            for a in args.iter_mut() {
                if matches!(a, BExpr::Call { name, args, .. } if name == "PI" && args.is_empty()) {
                    *a = BExpr::Lit(Value::Double(std::f64::consts::PI));
                }
            }
        }
        if name.starts_with("JSON_") {
            for (i, a) in args.iter_mut().enumerate() {
                if json_fn::value_argument(&name, i) && a.is_json(&|c| self.columns.is_json(c)) {
                    let inner = std::mem::replace(a, BExpr::Lit(Value::Null));
                    *a = BExpr::call(json_fn::DOC_MARK.into(), vec![inner]);
                }
            }
        }
        Ok(BExpr::call(name, args))
    }

    /// `a <op> b`, where `col->path` is JSON_EXTRACT, `col->>path` JSON_UNQUOTE of it, and a
    /// comparison with a JSON side compares as JSON (MySQL's rules: a SQL string is a JSON
    /// string, a number a JSON number). Simplification: BETWEEN, IN and the sort order of
    /// ORDER BY / GROUP BY take JSON values as their text.
    #[inline(never)]
    fn binary(&mut self, op: &B, l: BExpr, r: BExpr, left: &Expr, right: &Expr) -> BExpr {
        match op {
            B::Arrow => return BExpr::call("JSON_EXTRACT".into(), vec![l, r]),
            B::LongArrow => {
                let extract = BExpr::call("JSON_EXTRACT".into(), vec![l, r]);
                return BExpr::call("JSON_UNQUOTE".into(), vec![extract]);
            }
            // A TIME column in arithmetic is the number hhmmss[.f] (MySQL's val_int / val_decimal
            // of a TIME field).
            B::Plus | B::Minus | B::Multiply | B::Divide | B::Modulo | B::MyIntegerDivide
                if self.is_time_column(&l) || self.is_time_column(&r) =>
            {
                let number = |this: &Self, e: BExpr| {
                    if this.is_time_column(&e) {
                        time_number(e)
                    } else {
                        e
                    }
                };
                let (l, r) = (number(self, l), number(self, r));
                return binary_node(op, l, r, left, right);
            }
            // A TIME column compares as a duration with whatever it meets.
            B::Eq | B::NotEq | B::Lt | B::LtEq | B::Gt | B::GtEq | B::Spaceship
                if self.is_time_column(&l) || self.is_time_column(&r) =>
            {
                return binary_node(op, time_key(l), time_key(r), left, right);
            }
            B::Eq | B::NotEq | B::Lt | B::LtEq | B::Gt | B::GtEq => {
                let is_json = |e: &BExpr| e.is_json(&|c| self.columns.is_json(c));
                let (lj, rj) = (is_json(&l), is_json(&r));
                if lj || rj {
                    let mark = |e: BExpr, j: bool| {
                        if j {
                            BExpr::call(json_fn::DOC_MARK.into(), vec![e])
                        } else {
                            e
                        }
                    };
                    let op_text = BExpr::Lit(Value::Str(op.to_string()));
                    return BExpr::call(
                        json_fn::COMPARE_MARK.into(),
                        vec![op_text, mark(l, lj), mark(r, rj)],
                    );
                }
            }
            _ => {}
        }
        binary_node(op, l, r, left, right)
    }
}

impl Binder<'_> {
    /// `row op row` (MySQL's row constructor comparison). `=` and `<=>` hold when every pair
    /// of elements does, `<>` when any pair differs; `<`, `<=`, `>` and `>=` compare
    /// lexicographically: the first pair that is not equal decides, and a NULL met before
    /// that makes the result NULL (MySQL's `Arg_comparator::compare_row`). Bound as the
    /// equivalent chain of scalar comparisons, so an index can still use `(a, b) = (1, 2)`
    /// as `a = 1 AND b = 2`. Simplification: in an ordering comparison an element may be
    /// evaluated twice (once for `<`, once for `=`), which only a function with side
    /// effects (RAND) could tell. A pair of different sizes is ERROR 1241 with the left
    /// row's size.
    #[inline(never)]
    fn row_comparison(&mut self, op: &B, left: &Expr, right: &Expr) -> Result<BExpr> {
        let (l, r) = match (row_items(left), row_items(right)) {
            (Some(l), Some(r)) => (l?, r?),
            (Some(l), None) => return Err(MySqlError::operand_columns(l?.len())),
            (None, _) => return Err(MySqlError::operand_columns(1)),
        };
        if l.len() != r.len() {
            return Err(MySqlError::operand_columns(l.len()));
        }
        let pair = |this: &mut Self, op: &B, i: usize| -> Result<BExpr> {
            let (a, b) = (l[i], r[i]);
            match (row_items(a), row_items(b)) {
                (None, None) => this.bind(&Expr::BinaryOp {
                    left: Box::new(a.clone()),
                    op: op.clone(),
                    right: Box::new(b.clone()),
                }),
                _ => this.row_comparison(op, a, b),
            }
        };
        let n = l.len();
        let mut acc = pair(self, op, n - 1)?;
        match op {
            B::Eq | B::Spaceship | B::NotEq => {
                for i in (0..n - 1).rev() {
                    let p = pair(self, op, i)?;
                    acc = if *op == B::NotEq {
                        BExpr::Or(Box::new(p), Box::new(acc))
                    } else {
                        BExpr::And(Box::new(p), Box::new(acc))
                    };
                }
            }
            _ => {
                let strict = match op {
                    B::Lt | B::LtEq => B::Lt,
                    _ => B::Gt,
                };
                for i in (0..n - 1).rev() {
                    let before = pair(self, &strict, i)?;
                    let same = pair(self, &B::Eq, i)?;
                    let rest = BExpr::And(Box::new(same), Box::new(acc));
                    acc = BExpr::Or(Box::new(before), Box::new(rest));
                }
            }
        }
        Ok(acc)
    }

    /// `x IN (y, ...)` where a row takes part: true when `x = y` for some y, NULL when none
    /// is true and some is NULL (the OR of the row comparisons). Every item must have x's
    /// size (ERROR 1241 otherwise). The access path planner reads such an OR of equalities
    /// over an index prefix as a range of points (`planner/access_path.rs`, `Usable::Rows`).
    #[inline(never)]
    fn row_in_list(&mut self, x: &Expr, list: &[Expr], negated: bool, e: &Expr) -> Result<BExpr> {
        let mut acc: Option<BExpr> = None;
        for item in list {
            let eq = self.row_comparison(&B::Eq, x, item)?;
            acc = Some(match acc {
                None => eq,
                Some(a) => BExpr::Or(Box::new(a), Box::new(eq)),
            });
        }
        let Some(any) = acc else { return Err(MySqlError::syntax(&e.to_string(), 1)) };
        Ok(if negated { unary_node(U::Not, any, e) } else { any })
    }
}

impl Binder<'_> {
    /// Whether `e` is a TIME column (compared and sorted as a duration).
    fn is_time_column(&self, e: &BExpr) -> bool {
        matches!(e, BExpr::Column(c) if self.columns.is_time(*c))
    }

    /// An ORDER BY key over a TIME column, sorted by the time rather than its text, or over an
    /// ENUM column, sorted by its index number (MySQL's order: the definition's, not the
    /// labels' alphabetical one); None for any other key.
    ///
    /// Simplification: an index on an ENUM column keeps its entries in label order here
    /// (InnoDB stores the index number), so a range scan of one returns them alphabetically.
    pub fn sort_key(&self, e: &BExpr) -> Option<BExpr> {
        if self.is_time_column(e) {
            return Some(time_key(e.clone()));
        }
        let BExpr::Column(c) = e else { return None };
        let labels = self.columns.enum_labels(*c)?;
        let mut args = vec![e.clone()];
        args.extend(labels.iter().map(|l| BExpr::Lit(Value::Str(l.clone()))));
        Some(BExpr::call(" ENUM_KEY".into(), args))
    }
}

/// `e` read as the number hhmmss[.fraction] (the hidden ` TIME_NUMBER` call).
fn time_number(e: BExpr) -> BExpr {
    BExpr::call(" TIME_NUMBER".into(), vec![e])
}

/// `e` read as a TIME in microseconds (the hidden ` TIME_KEY` call).
fn time_key(e: BExpr) -> BExpr {
    BExpr::call(" TIME_KEY".into(), vec![e])
}

/// Whether `op` compares two values (and so may compare two rows).
fn is_row_comparison(op: &B) -> bool {
    matches!(op, B::Eq | B::NotEq | B::Lt | B::LtEq | B::Gt | B::GtEq | B::Spaceship)
}

/// The elements of a row constructor, `(a, b, ...)` or `ROW(a, ...)`, or None when `e` is
/// no row. `ROW` with one element is MySQL's syntax error (its grammar wants two or more;
/// `(a)` is a parenthesised value).
pub fn row_items(e: &Expr) -> Option<Result<Vec<&Expr>>> {
    match e {
        Expr::Nested(inner) => row_items(inner),
        Expr::Tuple(list) => Some(Ok(list.iter().collect())),
        Expr::Function(f)
            if f.name.0.len() == 1
                && f.name.to_string().eq_ignore_ascii_case("ROW")
                && f.over.is_none()
                && f.filter.is_none() =>
        {
            let FunctionArguments::List(list) = &f.args else {
                return Some(Err(MySqlError::syntax(&e.to_string(), 1)));
            };
            let items: Option<Vec<&Expr>> = list
                .args
                .iter()
                .map(|a| match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => Some(x),
                    _ => None,
                })
                .collect();
            match items {
                Some(items)
                    if items.len() >= 2
                        && list.duplicate_treatment.is_none()
                        && list.clauses.is_empty() =>
                {
                    Some(Ok(items))
                }
                _ => Some(Err(MySqlError::syntax(&e.to_string(), 1))),
            }
        }
        _ => None,
    }
}

/// GROUP_CONCAT's clauses: its `SEPARATOR` text, whether it may take `n` arguments (one or
/// more), and its ORDER BY keys with whether each is DESC.
#[allow(clippy::type_complexity)]
fn group_concat_clauses(
    clauses: &[sqlparser::ast::FunctionArgumentClause],
    n: usize,
) -> Result<(Option<String>, bool, Vec<(&Expr, bool)>)> {
    use sqlparser::ast::FunctionArgumentClause as C;
    let mut separator = None;
    let mut order = Vec::new();
    for c in clauses {
        match c {
            C::Separator(v) => {
                separator = Some(match &v.value {
                    sqlparser::ast::Value::SingleQuotedString(t)
                    | sqlparser::ast::Value::DoubleQuotedString(t) => t.clone(),
                    other => other.to_string(),
                })
            }
            C::OrderBy(keys) => {
                for k in keys {
                    let desc = matches!(k.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                    order.push((&k.expr, desc));
                }
            }
            _ => return Err(MySqlError::not_supported_yet("this clause inside GROUP_CONCAT")),
        }
    }
    Ok((separator, n >= 1, order))
}

/// The text MySQL prints for a failing expression, fully parenthesised
/// (`(9223372036854775807 + 1)`), built bottom-up from the children's texts so a long chain
/// costs no recursion here.
fn text_of(bound: &BExpr, source: &Expr) -> String {
    match bound {
        BExpr::Binary { text, .. } | BExpr::Unary { text, .. } => text.clone(),
        _ => source.to_string(),
    }
}

#[inline(never)]
fn binary_node(op: &B, l: BExpr, r: BExpr, left: &Expr, right: &Expr) -> BExpr {
    // A hexadecimal literal is a number in arithmetic, and in a comparison with a number
    // (manual, "Hexadecimal Literals"). Simplification: a comparison with a numeric column
    // still compares the literal's bytes (the binder does not ask the column's type here).
    let numeric_context = match op {
        B::Plus
        | B::Minus
        | B::Multiply
        | B::Divide
        | B::Modulo
        | B::MyIntegerDivide
        | B::BitwiseAnd
        | B::BitwiseOr
        | B::BitwiseXor
        | B::PGBitwiseShiftLeft
        | B::PGBitwiseShiftRight => true,
        B::Eq | B::NotEq | B::Lt | B::LtEq | B::Gt | B::GtEq | B::Spaceship => {
            let no_columns = |_: u32| None;
            l.numeric_type(&no_columns) == Some(true) || r.numeric_type(&no_columns) == Some(true)
        }
        _ => false,
    };
    let (l, r) =
        if numeric_context { (hex_as_number(l, left), hex_as_number(r, right)) } else { (l, r) };
    match op {
        B::And => BExpr::And(Box::new(l), Box::new(r)),
        B::Or => BExpr::Or(Box::new(l), Box::new(r)),
        _ => {
            let text = format!("({} {} {})", text_of(&l, left), op, text_of(&r, right));
            BExpr::Binary { op: op.clone(), left: Box::new(l), right: Box::new(r), text }
        }
    }
}

/// The call `name(args)` as a parsed expression, to be bound as if typed.
fn call_expr(name: &str, args: &[&Expr]) -> Expr {
    Expr::Function(sqlparser::ast::Function {
        name: sqlparser::ast::ObjectName::from(vec![sqlparser::ast::Ident::new(name)]),
        uses_odbc_syntax: false,
        parameters: FunctionArguments::None,
        args: FunctionArguments::List(sqlparser::ast::FunctionArgumentList {
            duplicate_treatment: None,
            args: args
                .iter()
                .map(|e| FunctionArg::Unnamed(FunctionArgExpr::Expr((*e).clone())))
                .collect(),
            clauses: Vec::new(),
        }),
        filter: None,
        null_treatment: None,
        over: None,
        within_group: Vec::new(),
    })
}

#[inline(never)]
/// A hexadecimal literal (`0x41`, `X'41'`) bound where a number is wanted: its BIGINT UNSIGNED
/// value. Anything else as it is.
fn hex_as_number(bound: BExpr, source: &Expr) -> BExpr {
    let mut e = source;
    while let Expr::Nested(inner) = e {
        e = inner;
    }
    match (&bound, e) {
        (BExpr::Lit(Value::Bin(b)), Expr::Value(v))
            if matches!(v.value, sqlparser::ast::Value::HexStringLiteral(_)) =>
        {
            BExpr::Lit(super::literal::hex_number(b))
        }
        _ => bound,
    }
}

fn unary_node(op: U, arg: BExpr, source: &Expr) -> BExpr {
    let arg = match op {
        U::Minus | U::Plus | U::BitwiseNot => hex_as_number(arg, source),
        _ => arg,
    };
    let text = format!("{op}{}", text_of(&arg, source));
    BExpr::Unary { op, arg: Box::new(arg), text }
}

impl BExpr {
    /// A call of the function `name` (upper case), resolved to its built-in now.
    pub fn call(name: String, args: Vec<BExpr>) -> BExpr {
        let builtin = super::functions::Builtin::from_name(&name);
        BExpr::Call { name, builtin, args }
    }

    /// Calls `f` with every column position the expression reads.
    pub fn for_each_column(&self, f: &mut dyn FnMut(u32)) {
        self.for_each_column_use(&mut |c, _| f(c));
    }

    /// Calls `f` with every column position the expression reads, and whether that reading
    /// needs only the column's length: the column is the whole argument of `LENGTH`,
    /// `OCTET_LENGTH`, `CHAR_LENGTH` or `CHARACTER_LENGTH`.
    pub fn for_each_column_use(&self, f: &mut dyn FnMut(u32, bool)) {
        use super::functions::Builtin as F;
        match self {
            BExpr::Column(c) => f(*c, false),
            BExpr::Call {
                builtin: Some(F::Length | F::OctetLength | F::CharLength | F::CharacterLength),
                args,
                ..
            } if matches!(args.as_slice(), [BExpr::Column(_)]) => {
                if let [BExpr::Column(c)] = args.as_slice() {
                    f(*c, true);
                }
            }
            _ => self.for_each_child(&mut |e| e.for_each_column_use(f)),
        }
    }

    /// Whether a window call is in the expression.
    pub fn has_window(&self) -> bool {
        if matches!(self, BExpr::Window(_)) {
            return true;
        }
        let mut found = false;
        self.for_each_child(&mut |c| found |= c.has_window());
        found
    }

    /// The expression with each direct sub-expression replaced by `f` of it.
    pub fn map_children(&self, f: &mut dyn FnMut(&BExpr) -> BExpr) -> BExpr {
        let mut b = |e: &BExpr| Box::new(f(e));
        match self {
            BExpr::Lit(_)
            | BExpr::Column(_)
            | BExpr::SysVar { .. }
            | BExpr::UserVar(_)
            | BExpr::Aggregate(_)
            | BExpr::Window(_)
            | BExpr::OuterRef(_)
            | BExpr::Local(_) => self.clone(),
            BExpr::Correlated { id, args } => {
                BExpr::Correlated { id: *id, args: args.iter().map(|e| *b(e)).collect() }
            }
            BExpr::Unary { op, arg, text } => {
                BExpr::Unary { op: *op, arg: b(arg), text: text.clone() }
            }
            BExpr::Binary { op, left, right, text } => {
                BExpr::Binary { op: op.clone(), left: b(left), right: b(right), text: text.clone() }
            }
            BExpr::And(l, r) => BExpr::And(b(l), b(r)),
            BExpr::Or(l, r) => BExpr::Or(b(l), b(r)),
            BExpr::IsNull { arg, negated } => BExpr::IsNull { arg: b(arg), negated: *negated },
            BExpr::IsBool { arg, want, negated } => {
                BExpr::IsBool { arg: b(arg), want: *want, negated: *negated }
            }
            BExpr::Between { arg, low, high, negated } => {
                BExpr::Between { arg: b(arg), low: b(low), high: b(high), negated: *negated }
            }
            BExpr::InList { arg, list, negated } => BExpr::InList {
                arg: b(arg),
                list: list.iter().map(|e| *b(e)).collect(),
                negated: *negated,
            },
            BExpr::Like { arg, pattern, escape, negated } => BExpr::Like {
                arg: b(arg),
                pattern: b(pattern),
                escape: escape.as_deref().map(&mut b),
                negated: *negated,
            },
            BExpr::Case { operand, whens, otherwise } => BExpr::Case {
                operand: operand.as_deref().map(&mut b),
                whens: whens.iter().map(|(c, r)| (*b(c), *b(r))).collect(),
                otherwise: otherwise.as_deref().map(&mut b),
            },
            BExpr::Call { name, builtin, args } => BExpr::Call {
                name: name.clone(),
                builtin: *builtin,
                args: args.iter().map(|e| *b(e)).collect(),
            },
            BExpr::Cast { arg, target, text } => {
                BExpr::Cast { arg: b(arg), target: target.clone(), text: text.clone() }
            }
        }
    }

    /// The work of one evaluation, in units of a simple node's (an operator, a literal, a
    /// column), counting at most `limit` (BENCHMARK's cost). A function call is 5 units and a
    /// hash or cipher 80. UNCONFIRMED weights, chosen so that `BENCHMARK(1000000, MD5('x'))`
    /// costs about the quarter second it takes on a current server.
    pub fn evaluation_units(&self, limit: u32) -> u32 {
        let own = match self {
            BExpr::Call { name, .. } => match name.as_str() {
                "MD5" | "SHA" | "SHA1" | "SHA2" | "AES_ENCRYPT" | "AES_DECRYPT" | "COMPRESS"
                | "UNCOMPRESS" | "RANDOM_BYTES" => 80,
                _ => 5,
            },
            _ => 1,
        };
        let mut n = own;
        self.for_each_child(&mut |c| {
            if n < limit {
                n = n.saturating_add(c.evaluation_units(limit - n));
            }
        });
        n.min(limit)
    }

    /// Calls `f` with each direct sub-expression (an aggregate's argument is not one: it is
    /// evaluated per row apart from the expression that holds the aggregate's result).
    pub(crate) fn for_each_child(&self, f: &mut dyn FnMut(&BExpr)) {
        match self {
            BExpr::Column(_)
            | BExpr::Lit(_)
            | BExpr::SysVar { .. }
            | BExpr::UserVar(_)
            | BExpr::Aggregate(_)
            | BExpr::Window(_)
            | BExpr::OuterRef(_)
            | BExpr::Local(_) => {}
            BExpr::Correlated { args, .. } => args.iter().for_each(&mut *f),
            BExpr::Unary { arg, .. }
            | BExpr::IsNull { arg, .. }
            | BExpr::IsBool { arg, .. }
            | BExpr::Cast { arg, .. } => f(arg),
            BExpr::Binary { left, right, .. }
            | BExpr::And(left, right)
            | BExpr::Or(left, right) => {
                f(left);
                f(right);
            }
            BExpr::Between { arg, low, high, .. } => {
                for e in [arg, low, high] {
                    f(e);
                }
            }
            BExpr::InList { arg, list, .. } => {
                f(arg);
                list.iter().for_each(&mut *f);
            }
            BExpr::Like { arg, pattern, escape, .. } => {
                f(arg);
                f(pattern);
                if let Some(e) = escape {
                    f(e);
                }
            }
            BExpr::Case { operand, whens, otherwise } => {
                if let Some(o) = operand {
                    f(o);
                }
                for (c, r) in whens {
                    f(c);
                    f(r);
                }
                if let Some(o) = otherwise {
                    f(o);
                }
            }
            BExpr::Call { args, .. } => args.iter().for_each(&mut *f),
        }
    }

    /// Whether this expression may produce NULL (the client widens such columns to fit "NULL").
    /// `column_nullable` answers for column references.
    pub fn maybe_null(&self, column_nullable: &dyn Fn(u32) -> bool) -> bool {
        match self {
            BExpr::Lit(v) => v.is_null(),
            BExpr::Column(c) => column_nullable(*c),
            BExpr::Unary { arg, .. } => arg.maybe_null(column_nullable),
            BExpr::Binary { op, left, right, .. } => {
                matches!(op, B::Divide | B::MyIntegerDivide | B::Modulo)
                    || left.maybe_null(column_nullable)
                    || right.maybe_null(column_nullable)
            }
            BExpr::IsNull { .. } | BExpr::IsBool { .. } => false,
            BExpr::Call { name, args, .. } => match super::functions::null_behaviour(name) {
                Some(n) => n,
                None => args.iter().any(|a| a.maybe_null(column_nullable)),
            },
            BExpr::Cast { arg, target, .. } => {
                target.may_make_null() || arg.maybe_null(column_nullable)
            }
            // COUNT never returns NULL; the others do on an empty set.
            BExpr::Aggregate(_) => true,
            _ => true,
        }
    }

    /// Whether the expression's type is JSON: a JSON column (`column_json`), a JSON function,
    /// CAST(... AS JSON). Simplification: IF / CASE / COALESCE of JSON values are taken as
    /// strings.
    pub fn is_json(&self, column_json: &dyn Fn(u32) -> bool) -> bool {
        match self {
            BExpr::Column(c) => column_json(*c),
            BExpr::Call { name, .. } => json_fn::returns_json(name) || name == json_fn::DOC_MARK,
            BExpr::Cast { target, .. } => **target == super::cast::CastTarget::Json,
            _ => false,
        }
    }

    /// Whether the result is numeric by type (None: it depends on the values).
    pub fn numeric_type(&self, column_numeric: &dyn Fn(u32) -> Option<bool>) -> Option<bool> {
        match self {
            BExpr::Lit(Value::Null) => None,
            BExpr::Lit(v) => Some(v.is_numeric()),
            BExpr::Column(c) => column_numeric(*c),
            BExpr::Unary { .. }
            | BExpr::Binary { .. }
            | BExpr::And(..)
            | BExpr::Or(..)
            | BExpr::IsNull { .. }
            | BExpr::IsBool { .. }
            | BExpr::Between { .. }
            | BExpr::InList { .. }
            | BExpr::Like { .. } => Some(true),
            // A choice between its arguments has their type, a NULL argument aside: text if
            // one is text, numeric if every typed one is (`IF(c, sql_text, NULL)` is text even
            // on a row where it is NULL).
            BExpr::Call { name, args, .. }
                if matches!(name.as_str(), "IF" | "IFNULL" | "COALESCE" | "NULLIF") =>
            {
                let chosen = match name.as_str() {
                    "IF" => args.get(1..).unwrap_or(&[]),
                    "NULLIF" => args.get(..1).unwrap_or(&[]),
                    _ => args.as_slice(),
                };
                let kinds: Vec<Option<bool>> = chosen
                    .iter()
                    .filter(|a| !matches!(a, BExpr::Lit(Value::Null)))
                    .map(|a| a.numeric_type(column_numeric))
                    .collect();
                if kinds.contains(&Some(false)) {
                    Some(false)
                } else if kinds.iter().all(|k| *k == Some(true)) && !kinds.is_empty() {
                    Some(true)
                } else {
                    None
                }
            }
            BExpr::Call { name, .. } => super::functions::returns_text(name).map(|t| !t),
            BExpr::Cast { target, .. } => Some(target.is_numeric()),
            _ => None,
        }
    }
}

/// `e`'s sort key under a case-sensitive collation (`literal_charset::case_sensitive_key`),
/// for a comparison under one; drawn in EXPLAIN's trees as [`as_bytes`] draws its operand.
fn case_key(e: BExpr, source: &Expr) -> BExpr {
    as_bytes(BExpr::call(" CASE_KEY".into(), vec![e]), source)
}

/// `e` read as its bytes, as `BINARY e` reads it (a comparison under a binary collation).
/// Its text, for EXPLAIN's trees: `collate c` on the side that names the collation, empty on
/// the other (each drawn as its operand, `tree.rs`).
fn as_bytes(e: BExpr, source: &Expr) -> BExpr {
    let mut source = source;
    while let Expr::Nested(inner) = source {
        source = inner;
    }
    let text = match source {
        Expr::Collate { collation, .. } => format!("collate {collation}"),
        _ => String::new(),
    };
    BExpr::Cast {
        arg: Box::new(e),
        target: Box::new(super::cast::CastTarget::Binary { length: None }),
        text,
    }
}
