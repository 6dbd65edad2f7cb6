//! Functional key parts (MySQL 8.0.13+, the manual's "Functional Key Parts" in "CREATE INDEX
//! Statement"): a key part written as an expression in parentheses, `INDEX idx ((b + 1))`,
//! `CREATE INDEX i ON t ((abs(a)), b DESC)`, `ALTER TABLE t ADD UNIQUE ((lower(name)))`.
//!
//! As in MySQL (WL#1075, sql_table.cc's `add_functional_index_to_create_list`), each such part
//! becomes a hidden VIRTUAL generated column, `!hidden!<index>!<part>!<n>`, whose type is the
//! expression's, and the index is an ordinary index on it. Everything else follows from the
//! generated-column code: the value is computed for each row written (`row_rules.rs`), the
//! index is kept and a UNIQUE one refuses duplicates, and the planner reads the index for the
//! expression (`planner/generated_columns.rs`). No statement names or shows the column
//! (`ColumnDef::hidden`); SHOW CREATE TABLE, SHOW INDEX and information_schema.STATISTICS
//! show the expression instead.
//!
//! The checks, in MySQL's order: a functional part of a PRIMARY KEY (3756); a bare column
//! (3762); a nondeterministic function or a subquery (3758); an unknown column (1054, "in
//! 'functional index'"); an AUTO_INCREMENT column (3754); a BLOB or TEXT result (3757), a
//! JSON one (3753); a constant that types as nothing (NULL, `''`: 3761). An unnamed index
//! whose first part is functional is `functional_index`, then `functional_index_2`, ... .
//!
//! Simplifications: the hidden column's type is worked out here from the expression's shape
//! (`expression_type`), for the operators and functions a learner indexes (arithmetic, ABS,
//! string functions of known length, CAST, date parts); another expression answers 1235.
//! UNCONFIRMED: an integer function's result (LENGTH, a comparison) is typed `bigint`, a date
//! part (YEAR, MONTH) `int`. ASC / DESC are accepted and ignored, as for plain key parts.

use super::row_rules::{bind_over, first_disallowed_function, has_subquery};
use crate::error::{MySqlError, Result};
use crate::sql::expr_text::mysql_text;
use crate::storage::schema::{ColumnDef, ColumnType, GeneratedColumn, TableDef, HIDDEN_PREFIX};
use crate::storage::table::{ColumnSource, ComputedValue, Table};
use sqlparser::ast::{
    BinaryOperator as B, CastKind, DataType, Expr, FunctionArg, FunctionArgExpr, FunctionArguments,
    IndexColumn, UnaryOperator, Value,
};

/// The deepest expression typed (the parser bounds nesting already).
const DEPTH_MAX: u32 = 64;

/// One key part as written.
#[derive(Clone, Debug)]
pub(crate) enum KeyPart {
    /// `col` (or `col(10)` and the like, left to the caller's column lookup).
    Column(String),
    /// `(expr)`: a functional key part (boxed: an expression is large beside a name).
    Expression(Box<Expr>),
}

impl KeyPart {
    /// The key parts of an index's column list.
    pub(crate) fn list(cols: &[IndexColumn]) -> Vec<KeyPart> {
        cols.iter()
            .map(|c| match &c.column.expr {
                Expr::Nested(inner) => KeyPart::Expression(inner.clone()),
                e => KeyPart::Column(e.to_string().trim_matches('`').to_string()),
            })
            .collect()
    }

    /// The column's name, for a plain key part.
    pub(crate) fn column(&self) -> Option<&str> {
        match self {
            KeyPart::Column(c) => Some(c),
            KeyPart::Expression(_) => None,
        }
    }
}

/// Whether any part is functional.
pub(crate) fn any_functional(parts: &[KeyPart]) -> bool {
    parts.iter().any(|p| matches!(p, KeyPart::Expression(_)))
}

/// The name an unnamed index gets: its first column's, or for a functional first part
/// `functional_index`, `functional_index_2`, ... (the first not in `taken`).
pub(crate) fn implicit_name(parts: &[KeyPart], taken: &[String]) -> String {
    match parts.first() {
        Some(KeyPart::Column(c)) => c.clone(),
        _ => {
            let free = |n: &String| !taken.iter().any(|t| t.eq_ignore_ascii_case(n));
            std::iter::once("functional_index".to_string())
                .chain((2u32..).map(|n| format!("functional_index_{n}")))
                .find(free)
                .expect("an unbounded list of names has a free one")
        }
    }
}

/// The positions in `def` of `parts` of the index `index` (a PRIMARY KEY when `primary`),
/// each functional part added to `def` as a hidden column at the end. A plain part naming no
/// column is 1072.
pub(crate) fn place_key_parts(
    def: &mut TableDef,
    index: &str,
    parts: &[KeyPart],
    primary: bool,
) -> Result<Vec<u32>> {
    if primary && any_functional(parts) {
        return Err(MySqlError::functional_index_primary_key());
    }
    if index.is_empty() && any_functional(parts) {
        return Err(MySqlError::wrong_name_for_index(index));
    }
    let mut positions = Vec::new();
    for (part_no, part) in (0u32..).zip(parts) {
        match part {
            KeyPart::Column(c) => positions.push(
                def.column_position(c).ok_or_else(|| MySqlError::key_column_does_not_exist(c))?,
            ),
            KeyPart::Expression(e) => {
                let column = hidden_column(def, index, part_no, e)?;
                positions.push(def.columns.len() as u32);
                def.columns.push(column);
            }
        }
    }
    Ok(positions)
}

/// The hidden column of functional key part `part_no` of `index`, checked.
fn hidden_column(def: &TableDef, index: &str, part_no: u32, e: &Expr) -> Result<ColumnDef> {
    let e = unnested(e);
    if matches!(e, Expr::Identifier(_) | Expr::CompoundIdentifier(_)) {
        return Err(MySqlError::functional_index_on_field());
    }
    let text = mysql_text(e);
    if first_disallowed_function(&text).is_some() || has_subquery(&text) {
        return Err(MySqlError::functional_index_function_not_allowed(index));
    }
    let unknown = |name: &str| MySqlError::unknown_column(name, "functional index");
    let (_, named) = bind_over(def, &text, &unknown)?;
    if named.iter().any(|&p| def.columns[p as usize].auto_increment) {
        return Err(MySqlError::functional_index_auto_increment(index));
    }
    let typed = match expression_type(def, e, 0)? {
        Typed::Known(ty, unsigned) => (ty, unsigned),
        Typed::Lob => return Err(MySqlError::functional_index_on_lob()),
        Typed::Json => return Err(MySqlError::functional_index_on_json()),
        Typed::Nothing => return Err(MySqlError::functional_index_cannot_index(&text)),
    };
    let (ty, unsigned) = typed;
    // `!hidden!<index>!<part>!<n>`, the first n no column has.
    let name = (0u32..)
        .map(|n| format!("{HIDDEN_PREFIX}{index}!{part_no}!{n}"))
        .find(|n| def.any_column_position(n).is_none())
        .expect("an unbounded list of names has a free one");
    let mut column = ColumnDef::new(&name, ty);
    column.unsigned = unsigned;
    // Simplification: NULL is possible when a column it reads is nullable (MySQL asks the
    // expression itself, which also knows functions that return NULL on any input).
    column.nullable = named.is_empty() || named.iter().any(|&p| def.columns[p as usize].nullable);
    column.generated = Some(GeneratedColumn { expr: text, stored: false });
    column.hidden = true;
    Ok(column)
}

/// `e` without the parentheses around it.
fn unnested(mut e: &Expr) -> &Expr {
    // Bounded by the expression's depth.
    while let Expr::Nested(inner) = e {
        e = inner;
    }
    e
}

/// What an expression's values are, as a column would hold them.
#[derive(Clone, Debug, PartialEq)]
enum Typed {
    /// A type (and whether it is unsigned).
    Known(ColumnType, bool),
    /// TEXT or BLOB.
    Lob,
    Json,
    /// A constant with no type to index (NULL, an empty string).
    Nothing,
}

impl Typed {
    fn of_column(c: &ColumnDef) -> Typed {
        match c.ty {
            ColumnType::Text(_) | ColumnType::Blob(_) => Typed::Lob,
            ColumnType::Json => Typed::Json,
            ref ty => Typed::Known(ty.clone(), c.unsigned),
        }
    }

    /// Characters (bytes for a binary string) a value of this type takes at most as text.
    fn text_length(&self) -> Option<u32> {
        let Typed::Known(ty, unsigned) = self else { return None };
        Some(match ty {
            ColumnType::Char(n)
            | ColumnType::Varchar(n)
            | ColumnType::Binary(n)
            | ColumnType::VarBinary(n) => *n,
            ColumnType::TinyInt => 4,
            ColumnType::SmallInt => 6,
            ColumnType::MediumInt => 9,
            ColumnType::Int => 11,
            ColumnType::BigInt => 20 + u32::from(!*unsigned),
            ColumnType::Decimal { precision, scale } => {
                u32::from(*precision) + u32::from(*scale > 0) + 1
            }
            ColumnType::Float => 12,
            ColumnType::Double => 22,
            ColumnType::Date => 10,
            ColumnType::DateTime | ColumnType::Timestamp => 19,
            ColumnType::Time(fsp) => 10 + u32::from(*fsp) + u32::from(*fsp > 0),
            ColumnType::Enum(labels) => {
                labels.iter().map(|l| l.chars().count() as u32).max().unwrap_or(0)
            }
            ColumnType::Text(_) | ColumnType::Blob(_) | ColumnType::Json => return None,
        })
    }

    fn is_string(&self) -> bool {
        matches!(
            self,
            Typed::Known(
                ColumnType::Char(_)
                    | ColumnType::Varchar(_)
                    | ColumnType::Binary(_)
                    | ColumnType::VarBinary(_)
                    | ColumnType::Enum(_),
                _
            )
        )
    }
}

/// A string result of `chars` characters: VARCHAR, or TEXT past what a VARCHAR of utf8mb4
/// holds; none for an empty one.
fn varchar(chars: u32) -> Typed {
    match chars {
        0 => Typed::Nothing,
        1..=16_383 => Typed::Known(ColumnType::Varchar(chars), false),
        _ => Typed::Lob,
    }
}

/// The integer value of a literal argument, if it is one.
fn literal_u32(e: &Expr) -> Option<u32> {
    match unnested(e) {
        Expr::Value(v) => match &v.value {
            Value::Number(n, _) => n.parse::<u32>().ok(),
            _ => None,
        },
        _ => None,
    }
}

/// Digits before and after the point a numeric type holds.
fn digits(t: &Typed) -> (u32, u32) {
    match t {
        Typed::Known(ColumnType::Decimal { precision, scale }, _) => {
            (u32::from(precision - scale), u32::from(*scale))
        }
        Typed::Known(ColumnType::TinyInt, _) => (3, 0),
        Typed::Known(ColumnType::SmallInt, _) => (5, 0),
        Typed::Known(ColumnType::MediumInt, _) => (8, 0),
        Typed::Known(ColumnType::Int, _) => (10, 0),
        _ => (19, 0),
    }
}

fn decimal(int_digits: u32, scale: u32) -> Typed {
    let scale = scale.min(30);
    let precision = (int_digits + scale).clamp(1, 65);
    Typed::Known(ColumnType::Decimal { precision: precision as u8, scale: scale as u8 }, false)
}

/// The arithmetic result of `l op r`, by MySQL's rules for `+ - * /` (Item_num_op): integers
/// give `bigint`, a DECIMAL operand a DECIMAL, a floating or string operand a DOUBLE.
fn arithmetic(op: &B, l: Typed, r: Typed) -> Typed {
    for t in [&l, &r] {
        match t {
            Typed::Nothing | Typed::Json | Typed::Lob => {
                return Typed::Known(ColumnType::Double, false)
            }
            _ => {}
        }
    }
    let kind = |t: &Typed| match t {
        Typed::Known(ty, _) if ty.is_integer() => 0,
        Typed::Known(ColumnType::Decimal { .. }, _) => 1,
        _ => 2,
    };
    let unsigned = |t: &Typed| matches!(t, Typed::Known(_, true));
    let (kl, kr) = (kind(&l), kind(&r));
    if kl == 2 || kr == 2 {
        return Typed::Known(ColumnType::Double, false);
    }
    let ((li, ls), (ri, rs)) = (digits(&l), digits(&r));
    match op {
        B::MyIntegerDivide => Typed::Known(ColumnType::BigInt, unsigned(&l) || unsigned(&r)),
        // div_precision_increment's 4 more digits of scale.
        B::Divide => decimal(li + rs, ls + 4),
        _ if kl == 0 && kr == 0 => Typed::Known(ColumnType::BigInt, unsigned(&l) || unsigned(&r)),
        B::Multiply => decimal(li + ri, ls + rs),
        B::Modulo => decimal(li.max(ri), ls.max(rs)),
        _ => decimal(li.max(ri) + 1, ls.max(rs)),
    }
}

/// The type MySQL gives the hidden column of expression `e` over `def` (see the module
/// header for what is covered).
fn expression_type(def: &TableDef, e: &Expr, depth: u32) -> Result<Typed> {
    let unsupported = || MySqlError::not_supported_yet("a functional key part of this expression");
    if depth > DEPTH_MAX {
        return Err(unsupported());
    }
    let sub = |x: &Expr| expression_type(def, x, depth + 1);
    Ok(match e {
        Expr::Nested(inner) => sub(inner)?,
        Expr::Identifier(i) => def
            .column_position(&i.value)
            .map(|p| Typed::of_column(&def.columns[p as usize]))
            .ok_or_else(unsupported)?,
        Expr::CompoundIdentifier(parts) => parts
            .last()
            .and_then(|i| def.column_position(&i.value))
            .map(|p| Typed::of_column(&def.columns[p as usize]))
            .ok_or_else(unsupported)?,
        Expr::Value(v) => match &v.value {
            Value::Null => Typed::Nothing,
            Value::Number(n, _) if n.contains(['e', 'E']) => {
                Typed::Known(ColumnType::Double, false)
            }
            Value::Number(n, _) => match n.split_once('.') {
                Some((i, f)) => decimal(i.trim_start_matches('-').len() as u32, f.len() as u32),
                None => Typed::Known(ColumnType::BigInt, false),
            },
            Value::SingleQuotedString(s) | Value::DoubleQuotedString(s) => {
                varchar(s.chars().count() as u32)
            }
            _ => return Err(unsupported()),
        },
        Expr::UnaryOp { op: UnaryOperator::Minus | UnaryOperator::Plus, expr } => sub(expr)?,
        Expr::UnaryOp { op: UnaryOperator::Not, .. }
        | Expr::IsNull(_)
        | Expr::IsNotNull(_)
        | Expr::Like { .. }
        | Expr::Between { .. }
        | Expr::In { .. } => Typed::Known(ColumnType::BigInt, false),
        Expr::BinaryOp { left, op: B::Arrow, .. } => {
            let _ = sub(left)?;
            Typed::Json
        }
        Expr::BinaryOp { left, op: B::LongArrow, .. } => {
            let _ = sub(left)?;
            Typed::Lob
        }
        Expr::BinaryOp { left, op, right } => match op {
            B::Plus | B::Minus | B::Multiply | B::Divide | B::Modulo | B::MyIntegerDivide => {
                arithmetic(op, sub(left)?, sub(right)?)
            }
            B::Eq
            | B::NotEq
            | B::Lt
            | B::LtEq
            | B::Gt
            | B::GtEq
            | B::Spaceship
            | B::And
            | B::Or
            | B::Xor => {
                let _ = (sub(left)?, sub(right)?);
                Typed::Known(ColumnType::BigInt, false)
            }
            _ => return Err(unsupported()),
        },
        Expr::Cast { kind: CastKind::Cast | CastKind::DoubleColon, expr, data_type, .. } => {
            let arg = sub(expr)?;
            cast_type(data_type, &arg).ok_or_else(unsupported)?
        }
        Expr::Function(f) => {
            let name = f.name.to_string().to_ascii_lowercase();
            let args: Vec<&Expr> = match &f.args {
                FunctionArguments::List(list) => list
                    .args
                    .iter()
                    .map(|a| match a {
                        FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => Ok(x),
                        _ => Err(unsupported()),
                    })
                    .collect::<Result<_>>()?,
                FunctionArguments::None => Vec::new(),
                FunctionArguments::Subquery(_) => return Err(unsupported()),
            };
            let types = args.iter().map(|a| sub(a)).collect::<Result<Vec<_>>>()?;
            function_type(&name, &args, &types).ok_or_else(unsupported)?
        }
        Expr::Substring { expr, substring_for, .. } => {
            let arg = sub(expr)?;
            let whole = arg.text_length().ok_or_else(unsupported)?;
            let cut = substring_for.as_deref().and_then(literal_u32).unwrap_or(whole);
            if arg == Typed::Lob {
                Typed::Lob
            } else {
                varchar(whole.min(cut))
            }
        }
        Expr::Trim { expr, .. } => sub(expr)?,
        _ => return Err(unsupported()),
    })
}

/// `CAST(x AS type)`'s result type.
fn cast_type(data_type: &DataType, arg: &Typed) -> Option<Typed> {
    let text = data_type.to_string().to_ascii_lowercase();
    let (name, args) = match text.split_once('(') {
        Some((n, a)) => (n.trim().to_string(), Some(a.trim_end_matches(')').to_string())),
        None => (text.trim().to_string(), None),
    };
    let nums: Vec<u32> = args
        .as_deref()
        .map(|a| a.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_default();
    Some(match name.as_str() {
        "signed" | "signed integer" => Typed::Known(ColumnType::BigInt, false),
        "unsigned" | "unsigned integer" => Typed::Known(ColumnType::BigInt, true),
        "char" | "character" | "nchar" => {
            varchar(nums.first().copied().or_else(|| arg.text_length()).unwrap_or(0))
        }
        "binary" => match nums.first().copied().or_else(|| arg.text_length()) {
            Some(0) | None => Typed::Nothing,
            Some(n) => Typed::Known(ColumnType::VarBinary(n), false),
        },
        "decimal" | "dec" | "numeric" => decimal(
            nums.first().copied().unwrap_or(10).saturating_sub(nums.get(1).copied().unwrap_or(0)),
            nums.get(1).copied().unwrap_or(0),
        ),
        "date" => Typed::Known(ColumnType::Date, false),
        "datetime" => Typed::Known(ColumnType::DateTime, false),
        "time" => {
            Typed::Known(ColumnType::Time(nums.first().copied().unwrap_or(0).min(6) as u8), false)
        }
        "double" | "real" | "float" => Typed::Known(ColumnType::Double, false),
        "json" => Typed::Json,
        _ => return None,
    })
}

/// A function's result type from its arguments' (`args` as written, `types` typed).
fn function_type(name: &str, args: &[&Expr], types: &[Typed]) -> Option<Typed> {
    let first = types.first();
    let int = |unsigned| Some(Typed::Known(ColumnType::BigInt, unsigned));
    let string_of = |t: Option<&Typed>| -> Option<Typed> {
        match t? {
            Typed::Lob => Some(Typed::Lob),
            Typed::Json => Some(Typed::Lob),
            t if t.is_string() => Some(t.clone()),
            t => Some(varchar(t.text_length()?)),
        }
    };
    match name {
        // Their argument's type (ABS of an INT column is an INT: key_len 5 in
        // functional_index.result).
        "abs" | "round" | "truncate" => match first? {
            Typed::Known(ty, unsigned) if ty.is_integer() => {
                Some(Typed::Known(ty.clone(), *unsigned))
            }
            Typed::Known(ColumnType::Decimal { .. }, _) => first.cloned(),
            _ => Some(Typed::Known(ColumnType::Double, false)),
        },
        "ceil" | "ceiling" | "floor" => match first? {
            Typed::Known(ColumnType::Decimal { precision, scale }, _) => {
                Some(decimal(u32::from(precision - scale) + 1, 0))
            }
            Typed::Known(ty, unsigned) if ty.is_integer() => int(*unsigned),
            _ => Some(Typed::Known(ColumnType::Double, false)),
        },
        "sign" | "length" | "octet_length" | "char_length" | "character_length" | "bit_length"
        | "ascii" | "ord" | "locate" | "instr" | "position" | "crc32" | "strcmp" | "isnull" => {
            int(false)
        }
        "year" | "month" | "day" | "dayofmonth" | "dayofweek" | "dayofyear" | "weekday"
        | "week" | "quarter" | "hour" | "minute" | "second" | "to_days" => {
            Some(Typed::Known(ColumnType::Int, false))
        }
        "date" => Some(Typed::Known(ColumnType::Date, false)),
        "lower" | "lcase" | "upper" | "ucase" | "trim" | "ltrim" | "rtrim" | "reverse" => {
            string_of(first)
        }
        "left" | "right" => {
            let whole = string_of(first)?;
            if whole == Typed::Lob {
                return Some(Typed::Lob);
            }
            let n = args.get(1).and_then(|a| literal_u32(a));
            Some(varchar(whole.text_length()?.min(n.unwrap_or(u32::MAX))))
        }
        "substr" | "substring" | "mid" => {
            let whole = string_of(first)?;
            if whole == Typed::Lob {
                return Some(Typed::Lob);
            }
            let n = args.get(2).and_then(|a| literal_u32(a));
            Some(varchar(whole.text_length()?.min(n.unwrap_or(u32::MAX))))
        }
        "concat" => {
            let mut total = 0u32;
            for t in types {
                match string_of(Some(t))? {
                    Typed::Lob => return Some(Typed::Lob),
                    Typed::Nothing => {}
                    t => total = total.saturating_add(t.text_length()?),
                }
            }
            Some(varchar(total))
        }
        "md5" => Some(varchar(32)),
        "sha" | "sha1" => Some(varchar(40)),
        "sha2" => Some(varchar(128)),
        "hex" => Some(varchar(first?.text_length()?.saturating_mul(2))),
        "ifnull" | "coalesce" => types.iter().find(|t| **t != Typed::Nothing).cloned(),
        _ if name.starts_with("json_") => Some(Typed::Json),
        _ => None,
    }
}

/// The hidden columns that hold the functional key parts of index `index` of `def`, by
/// position (highest first, so that they can be removed in that order).
pub(crate) fn hidden_columns_of(def: &TableDef, index: &str) -> Vec<u32> {
    let Some(idx) = def.index(index) else { return Vec::new() };
    let mut out: Vec<u32> = idx
        .columns
        .iter()
        .copied()
        .filter(|&p| def.columns.get(p as usize).is_some_and(|c| c.hidden))
        .collect();
    out.sort_unstable_by(|a, b| b.cmp(a));
    out
}

/// `def` without the columns at `gone` (highest first), index positions moved down past
/// each; the indexes themselves are left as they are (the caller drops the one that held
/// them first).
pub(crate) fn without_columns(def: &TableDef, gone: &[u32]) -> TableDef {
    let mut out = def.clone();
    for &p in gone {
        out.columns.remove(p as usize);
        for idx in &mut out.indexes {
            idx.columns.retain(|&c| c != p);
            for c in &mut idx.columns {
                if *c > p {
                    *c -= 1;
                }
            }
        }
    }
    out
}

/// Gives `t` the hidden columns `def` adds past its first `old_width` columns (CREATE INDEX
/// or ALTER TABLE on a table with rows): each row's value is computed first, the first that
/// does not fit its column being the statement's error (the table left as it was), then the
/// table is seen through the new layout (`Table::remap_columns`, as ADD COLUMN of a generated
/// column). Simplification: the rows are read without charging pages (the index build that
/// follows charges the table's reading).
pub(crate) fn add_hidden_columns(t: &mut Table, def: TableDef, old_width: usize) -> Result<()> {
    let mut sources: Vec<ColumnSource> = (0..old_width as u32).map(ColumnSource::Old).collect();
    sources.resize(def.columns.len(), ColumnSource::Fill(crate::storage::value::Value::Null));
    let mut computed = Vec::new();
    for p in old_width..def.columns.len() {
        let f = super::row_rules::generated_value(&def, p as u32)?;
        computed.push((p, std::rc::Rc::new(f)));
    }
    let wanted = vec![true; t.def.columns.len()];
    let mut failure: Option<MySqlError> = None;
    t.scan(&wanted, &mut |ordinal, row| {
        let mut new = crate::storage::table::remap_row(&sources, row);
        for (p, f) in &computed {
            match f(&new, ordinal + 1) {
                Ok(v) => new[*p] = v,
                Err(e) => {
                    failure = Some(index_error(&def, *p as u32, e, ordinal + 1));
                    return false;
                }
            }
        }
        true
    });
    if let Some(e) = failure {
        return Err(e);
    }
    for (p, f) in computed {
        let value = move |row: &[crate::storage::value::Value]| {
            f(row, 0).unwrap_or(crate::storage::value::Value::Null)
        };
        sources[p] = ColumnSource::Computed(ComputedValue(std::rc::Rc::new(value)));
    }
    t.remap_columns(def, sources);
    Ok(())
}

/// Drops secondary index `index` of `t` and the hidden columns of its functional key parts
/// (MySQL drops them with it); false if there is no such index.
pub(crate) fn drop_index(t: &mut Table, index: &str) -> bool {
    let gone = hidden_columns_of(&t.def, index);
    if !t.drop_index(index) {
        return false;
    }
    if gone.is_empty() {
        return true;
    }
    let def = without_columns(&t.def, &gone);
    let sources: Vec<ColumnSource> = (0..t.def.columns.len() as u32)
        .filter(|p| !gone.contains(p))
        .map(ColumnSource::Old)
        .collect();
    t.remap_columns(def, sources);
    true
}

/// An error of computing hidden column `position` for row `row`, in the index's words: a
/// value out of its range is 3752 naming the index (MySQL's `Functional_index_error_handler`
/// rewrites it so; it never shows the hidden column's name).
pub(crate) fn index_error(def: &TableDef, position: u32, e: MySqlError, row: u64) -> MySqlError {
    let hidden = def.columns.get(position as usize).is_some_and(|c| c.hidden);
    let index = def.indexes.iter().find(|i| i.columns.contains(&position));
    match (hidden, index) {
        (true, Some(i)) if e.code == 1264 => {
            MySqlError::functional_index_out_of_range(&i.name, row)
        }
        (true, None) if e.code == 1264 => {
            // The index is not in `def` yet (it is being added): its name is in the column's.
            let name = &def.columns[position as usize].name;
            let index = name[HIDDEN_PREFIX.len()..].rsplitn(3, '!').nth(2).unwrap_or_default();
            MySqlError::functional_index_out_of_range(index, row)
        }
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> TableDef {
        let mut name = ColumnDef::new("name", ColumnType::Varchar(40));
        name.nullable = true;
        TableDef {
            schema: "test".into(),
            name: "t".into(),
            columns: vec![
                ColumnDef::new("id", ColumnType::Int).auto_increment(),
                ColumnDef::new("a", ColumnType::Int).nullable(),
                name,
                ColumnDef::new("body", ColumnType::Text(crate::storage::schema::BlobSize::Regular)),
                ColumnDef::new("doc", ColumnType::Json).nullable(),
            ],
            indexes: vec![crate::storage::schema::IndexDef::primary(vec![0])],
            constraints: Default::default(),
            partitioning: None,
        }
    }

    fn expr(text: &str) -> Expr {
        let dialect = sqlparser::dialect::MySqlDialect {};
        sqlparser::parser::Parser::new(&dialect)
            .try_with_sql(text)
            .and_then(|mut p| p.parse_expr())
            .expect("a test expression parses")
    }

    fn part(text: &str) -> Vec<KeyPart> {
        vec![KeyPart::Expression(Box::new(expr(text)))]
    }

    #[test]
    fn hidden_columns_take_the_expressions_type() {
        let mut def = table();
        let placed = place_key_parts(&mut def, "k", &part("a + 1"), false).unwrap();
        assert_eq!(placed, vec![5]);
        let hidden = &def.columns[5];
        assert!(hidden.hidden && hidden.nullable);
        assert_eq!(hidden.name, "!hidden!k!0!0");
        assert_eq!(hidden.ty, ColumnType::BigInt, "integer arithmetic is bigint (key_len 9)");
        assert_eq!(hidden.generated.as_ref().map(|g| g.expr.as_str()), Some("(`a` + 1)"));
        // ABS keeps its argument's type; SUBSTR's literal length bounds the VARCHAR.
        place_key_parts(&mut def, "k2", &part("ABS(a)"), false).unwrap();
        assert_eq!(def.columns[6].ty, ColumnType::Int);
        place_key_parts(&mut def, "k3", &part("SUBSTR(name, 1, 2)"), false).unwrap();
        assert_eq!(def.columns[7].ty, ColumnType::Varchar(2));
        place_key_parts(&mut def, "k4", &part("CAST(doc->'$.id' AS UNSIGNED)"), false).unwrap();
        assert_eq!(
            (def.columns[8].ty.clone(), def.columns[8].unsigned),
            (ColumnType::BigInt, true)
        );
        // The hidden columns are not found by name; the visible ones are unchanged.
        assert_eq!(def.column_position("!hidden!k!0!0"), None);
        assert_eq!(def.any_column_position("!hidden!k!0!0"), Some(5));
        assert_eq!(def.visible_columns().count(), 5);
    }

    #[test]
    fn functional_parts_are_refused_as_mysql_refuses_them() {
        let code = |text: &str, primary: bool| {
            place_key_parts(&mut table(), "k", &part(text), primary).unwrap_err().code
        };
        assert_eq!(code("a + 1", true), 3756);
        assert_eq!(code("a", false), 3762);
        assert_eq!(code("(t.a)", false), 3762);
        assert_eq!(code("a + RAND()", false), 3758);
        assert_eq!(code("a + nosuch", false), 1054);
        assert_eq!(code("id * 2", false), 3754);
        assert_eq!(code("LOWER(body)", false), 3757);
        assert_eq!(code("doc->>'$.x'", false), 3757);
        assert_eq!(code("doc->'$.x'", false), 3753);
        assert_eq!(code("NULL", false), 3761);
        assert_eq!(code("SOUNDEX(name)", false), 1235);
        let mut def = table();
        let plain = vec![KeyPart::Column("nosuch".into())];
        assert_eq!(place_key_parts(&mut def, "k", &plain, false).unwrap_err().code, 1072);
        assert_eq!(place_key_parts(&mut def, "", &part("a + 1"), false).unwrap_err().code, 1280);
    }

    #[test]
    fn unnamed_functional_indexes_are_numbered() {
        let parts = part("a + 1");
        assert_eq!(implicit_name(&parts, &[]), "functional_index");
        let taken = vec!["PRIMARY".to_string(), "FUNCTIONAL_INDEX".to_string()];
        assert_eq!(implicit_name(&parts, &taken), "functional_index_2");
        let plain = vec![KeyPart::Column("a".into()), KeyPart::Expression(Box::new(expr("a + 1")))];
        assert_eq!(implicit_name(&plain, &taken), "a");
    }

    #[test]
    fn dropping_hidden_columns_moves_later_positions_down() {
        let mut def = table();
        let first = place_key_parts(&mut def, "k", &part("a + 1"), false).unwrap();
        let second = place_key_parts(&mut def, "m", &part("a * 2"), false).unwrap();
        def.indexes.push(crate::storage::schema::IndexDef::key("k", first));
        def.indexes.push(crate::storage::schema::IndexDef::key("m", vec![1, second[0]]));
        assert_eq!(hidden_columns_of(&def, "k"), vec![5]);
        let mut without = without_columns(&def, &hidden_columns_of(&def, "k"));
        without.indexes.retain(|i| i.name != "k");
        assert_eq!(without.columns.len(), 6);
        assert_eq!(without.index("m").map(|i| i.columns.clone()), Some(vec![1, 5]));
        assert_eq!(without.columns[5].name, "!hidden!m!0!0");
    }

    #[test]
    fn an_out_of_range_value_names_the_index() {
        let mut def = table();
        place_key_parts(&mut def, "my_idx", &part("a + 1"), false).unwrap();
        let e = MySqlError::new(1264, "22003", "Out of range".into());
        // Before the index exists (being added), the name comes from the hidden column's.
        let named = index_error(&def, 5, e.clone(), 3);
        assert_eq!(
            (named.code, named.message.as_str()),
            (3752, "Value is out of range for functional index 'my_idx' at row 3")
        );
        // A visible column's error is left as it was.
        assert_eq!(index_error(&def, 1, e, 3).code, 1264);
    }
}
