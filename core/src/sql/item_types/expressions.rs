//! The type of an expression from its operands: literals, column references, operators,
//! CASE, CAST and subqueries (named functions are `functions.rs`). The rules are mysqld's
//! `resolve_type` of each item class (item_func.cc, item_cmpfunc.cc, item_sum.cc):
//!
//! * `+`, `-`: BIGINT for integers (UNSIGNED if either operand is), DECIMAL with the wider
//!   integer part plus one digit and the larger scale, DOUBLE once an operand is approximate
//!   or a string; `*` adds the digits and scales; `/` is DECIMAL of the dividend's digits
//!   plus `div_precision_increment` (4) and the divisor's scale, its scale the dividend's
//!   plus 4; `DIV` is BIGINT.
//! * comparisons, `AND`, `OR`, `NOT`, `IN`, `LIKE`, `BETWEEN`, `IS [NOT] NULL`, `EXISTS`:
//!   `int` (mysqld's `Item_bool_func`, one digit), NULL-able when an operand is (`IS NULL`
//!   and `EXISTS` never are).
//! * `CASE`, `IF`, `IFNULL`, `COALESCE` and set operations aggregate their results' types
//!   ([`aggregate`]).

use super::data_type::{Collation, DataType, IntSize, Typed};
use super::{Invalid, ScopeTable, Typer};
use sqlparser::ast::{BinaryOperator, Expr, UnaryOperator, Value as Lit};

/// `div_precision_increment`'s default: the digits `/` adds to the dividend's scale.
const DIV_PRECISION_INCREMENT: u32 = 4;

impl Typer<'_> {
    /// A system variable: a number as its kind, text in utf8mb3 (UNCONFIRMED: up to 512
    /// characters; the views read @@datadir, a path); an unknown one by fallback.
    fn system_variable(&mut self, name: &str) -> Typed {
        let name = ["global.", "session.", "local."]
            .iter()
            .find_map(|p| {
                name.get(..p.len()).filter(|h| h.eq_ignore_ascii_case(p)).map(|_| &name[p.len()..])
            })
            .unwrap_or(name);
        match self.sources.system_variable(name) {
            Some(ty) if ty.is_character() => {
                let mut t = Typed::computed(ty, false);
                t.collation = Some(Collation {
                    charset: "utf8mb3".into(),
                    name: "utf8mb3_general_ci".into(),
                });
                t
            }
            Some(ty) => Typed::computed(ty, false),
            None => {
                self.unknown += 1;
                Typed::computed(DataType::Text(crate::storage::schema::BlobSize::Long), true)
            }
        }
    }

    /// The type of `e`, its column names resolved in `scope` (nearest query first).
    pub(super) fn expr(
        &mut self,
        e: &Expr,
        scope: &[ScopeTable],
        db: &str,
        depth: u32,
    ) -> Result<Typed, Invalid> {
        Ok(match e {
            Expr::Value(v) => literal(&v.value),
            Expr::Identifier(id) if id.value.starts_with("@@") => {
                self.system_variable(id.value.trim_start_matches("@@"))
            }
            // `@@GLOBAL.name`, `@@SESSION.name`.
            Expr::CompoundIdentifier(parts)
                if parts.len() == 2 && parts[0].value.starts_with("@@") =>
            {
                self.system_variable(&parts[1].value)
            }
            Expr::Identifier(id) => column(scope, None, &id.value)?,
            Expr::CompoundIdentifier(parts) => {
                let names: Vec<&str> = parts.iter().map(|p| p.value.as_str()).collect();
                match names.as_slice() {
                    [t, c] | [_, t, c] => column(scope, Some(t), c)?,
                    _ => return Err(Invalid(format!("column name {e}"))),
                }
            }
            Expr::Nested(inner) => self.expr(inner, scope, db, depth)?,
            Expr::Collate { expr, collation } => {
                let mut t = self.expr(expr, scope, db, depth)?;
                let name = collation.to_string().trim_matches('`').to_ascii_lowercase();
                let charset = name.split('_').next().unwrap_or("utf8mb4").to_string();
                t.collation = Some(Collation { charset, name });
                t
            }
            Expr::Prefixed { value, prefix } => {
                let t = self.expr(value, scope, db, depth)?;
                if prefix.value.eq_ignore_ascii_case("_binary") {
                    let mut b = t.recomputed(DataType::bytes_of(t.ty.char_length()));
                    b.collation = None;
                    b
                } else {
                    t
                }
            }
            Expr::UnaryOp { op, expr } => {
                let t = self.expr(expr, scope, db, depth)?;
                match op {
                    UnaryOperator::Not => Typed::computed(boolean(), t.nullable),
                    UnaryOperator::Minus => t.recomputed(match t.ty {
                        DataType::Integer { .. } => {
                            DataType::integer_of(t.ty.precision().into(), false)
                        }
                        DataType::Decimal { precision, scale, .. } => {
                            DataType::Decimal { precision, scale, unsigned: false }
                        }
                        ref other if other.is_numeric() => other.clone(),
                        _ => DataType::Double,
                    }),
                    UnaryOperator::BitwiseNot => {
                        t.recomputed(DataType::Integer { size: IntSize::Big, unsigned: true })
                    }
                    _ => t,
                }
            }
            Expr::BinaryOp { left, op, right } => {
                let l = self.expr(left, scope, db, depth)?;
                let r = self.expr(right, scope, db, depth)?;
                binary_type(op, &l, &r)
            }
            Expr::IsNull(_) | Expr::IsNotNull(_) => Typed::computed(boolean(), false),
            Expr::IsTrue(_) | Expr::IsNotTrue(_) | Expr::IsFalse(_) | Expr::IsNotFalse(_) => {
                Typed::computed(boolean(), false)
            }
            Expr::Exists { .. } => Typed::computed(boolean(), false),
            Expr::Between { expr, low, high, .. } => {
                let nullable = [expr, low, high]
                    .into_iter()
                    .map(|x| self.expr(x, scope, db, depth).map(|t| t.nullable))
                    .collect::<Result<Vec<_>, _>>()?
                    .into_iter()
                    .any(|n| n);
                Typed::computed(boolean(), nullable)
            }
            Expr::In { expr, target, .. } => {
                let mut nullable = self.expr(expr, scope, db, depth)?.nullable;
                if let sqlparser::ast::InTarget::List(list) = target {
                    for x in list {
                        nullable |= self.expr(x, scope, db, depth)?.nullable;
                    }
                } else {
                    nullable = true;
                }
                Typed::computed(boolean(), nullable)
            }
            Expr::Like { expr, pattern, .. }
            | Expr::ILike { expr, pattern, .. }
            | Expr::RLike { expr, pattern, .. }
            | Expr::SimilarTo { expr, pattern, .. } => {
                let a = self.expr(expr, scope, db, depth)?.nullable;
                let b = self.expr(pattern, scope, db, depth)?.nullable;
                Typed::computed(boolean(), a || b)
            }
            Expr::Case { operand, conditions, else_result, .. } => {
                if let Some(o) = operand {
                    self.expr(o, scope, db, depth)?;
                }
                let mut results = Vec::new();
                for w in conditions {
                    self.expr(&w.condition, scope, db, depth)?;
                    results.push(self.expr(&w.result, scope, db, depth)?);
                }
                match else_result {
                    Some(x) => results.push(self.expr(x, scope, db, depth)?),
                    None => results.push(null_literal()),
                }
                aggregate(&results, false)
            }
            Expr::Cast { expr, data_type, .. } => {
                let t = self.expr(expr, scope, db, depth)?;
                cast(&t, &data_type.to_string())
            }
            Expr::Subquery(q) => self.scalar_subquery(q, scope, db, depth)?,
            Expr::Function(f) => self.function(f, scope, db, depth)?,
            Expr::Substring { expr, .. } => {
                let t = self.expr(expr, scope, db, depth)?;
                t.recomputed(DataType::string_of(t.ty.char_length())).with_nullable(t.nullable)
            }
            Expr::Trim { expr, .. } => {
                let t = self.expr(expr, scope, db, depth)?;
                t.recomputed(DataType::string_of(t.ty.char_length()))
            }
            Expr::Position { expr, r#in } => {
                let a = self.expr(expr, scope, db, depth)?.nullable;
                let b = self.expr(r#in, scope, db, depth)?.nullable;
                Typed::computed(DataType::integer_of(11, false), a || b)
            }
            Expr::Extract { expr, .. } => {
                let t = self.expr(expr, scope, db, depth)?;
                Typed::computed(
                    DataType::Integer { size: IntSize::Int, unsigned: false },
                    t.nullable,
                )
            }
            Expr::Ceil { expr, .. } | Expr::Floor { expr, .. } => {
                let t = self.expr(expr, scope, db, depth)?;
                super::functions::floor_or_ceil(&t)
            }
            _ => {
                self.unknown += 1;
                Typed::computed(DataType::Text(crate::storage::schema::BlobSize::Long), true)
            }
        })
    }
}

/// A comparison's or a logical operator's type.
pub(super) fn boolean() -> DataType {
    DataType::Integer { size: IntSize::Int, unsigned: false }
}

/// NULL: `varbinary(0)` in MySQL 9 (8.0 wrote `binary(0)`).
pub(super) fn null_literal() -> Typed {
    Typed {
        ty: DataType::Bytes { bytes: 0, fixed: false },
        nullable: true,
        default: None,
        collation: None,
        literal: true,
        digits: None,
        column: false,
    }
}

/// A literal's type: an integer is `int` below ten digits and `bigint` from there, a number
/// with a point DECIMAL of its digits, one with an exponent DOUBLE, a string VARCHAR of its
/// characters, each NOT NULL.
fn literal(v: &Lit) -> Typed {
    let mut t = match v {
        Lit::Number(s, _) => {
            let digits =
                s.trim_start_matches('-').chars().filter(char::is_ascii_digit).count() as u32;
            if s.contains(['e', 'E']) {
                Typed::computed(DataType::Double, false)
            } else if let Some((whole, frac)) = s.split_once('.') {
                let whole = whole.trim_start_matches('-').len() as u32;
                let frac = frac.len() as u32;
                Typed::computed(DataType::decimal(whole.max(1), frac, false), false)
            } else {
                let ty = if s.parse::<i64>().is_ok() {
                    DataType::integer_of(u64::from(digits), false)
                } else {
                    DataType::Integer { size: IntSize::Big, unsigned: true }
                };
                let mut t = Typed::computed(ty, false);
                t.digits = Some(digits.max(1));
                t
            }
        }
        Lit::SingleQuotedString(s) | Lit::DoubleQuotedString(s) => {
            Typed::computed(DataType::string_of(s.chars().count() as u64), false)
        }
        Lit::NationalStringLiteral(s) => {
            let mut t = Typed::computed(DataType::string_of(s.chars().count() as u64), false);
            t.collation =
                Some(Collation { charset: "utf8mb3".into(), name: "utf8mb3_general_ci".into() });
            t
        }
        Lit::Boolean(_) => Typed::computed(boolean(), false),
        Lit::HexStringLiteral(h) => {
            let mut t = Typed::computed(DataType::bytes_of(h.len().div_ceil(2) as u64), false);
            t.collation = None;
            t
        }
        _ => null_literal(),
    };
    t.literal = true;
    t
}

/// The column `name` (of table `table`, if qualified) of the nearest scope that has it.
fn column(scope: &[ScopeTable], table: Option<&str>, name: &str) -> Result<Typed, Invalid> {
    scope
        .iter()
        .filter(|t| table.is_none_or(|q| t.alias.eq_ignore_ascii_case(q)))
        .find_map(|t| t.columns.iter().find(|c| c.name.eq_ignore_ascii_case(name)))
        .map(|c| c.typed.clone())
        .ok_or_else(|| {
            Invalid(format!(
                "unknown column {}{name}",
                table.map_or(String::new(), |t| format!("{t}."))
            ))
        })
}

/// The type of `l op r`.
pub(super) fn binary_type(op: &BinaryOperator, l: &Typed, r: &Typed) -> Typed {
    let nullable = l.nullable || r.nullable;
    match op {
        BinaryOperator::Plus | BinaryOperator::Minus | BinaryOperator::Multiply => {
            let (a, b) = (number(l), number(r));
            let multiply = matches!(op, BinaryOperator::Multiply);
            let ty = if multiply { multiplicative(&a, &b) } else { additive(&a, &b) };
            let mut t = Typed::computed(ty, nullable);
            if t.ty.is_integer() {
                // An integer result is as wide as its operands allow: one digit more than
                // the wider for a sum, their digits together for a product (mysqld's
                // max_length), `int` or `bigint` by that width.
                let digits = if multiply {
                    a.precision + b.precision
                } else {
                    a.precision.max(b.precision) + 1
                };
                t = Typed::computed(
                    DataType::integer_of(u64::from(digits), t.ty.unsigned()),
                    nullable,
                );
                t.digits = Some(digits);
            }
            t
        }
        // Division by zero is NULL: the quotient may always be NULL.
        BinaryOperator::Divide => Typed::computed(divide(&number(l), &number(r)), true),
        BinaryOperator::Modulo => Typed::computed(modulo(&number(l), &number(r)), true),
        BinaryOperator::MyIntegerDivide => {
            let unsigned = l.ty.unsigned() || r.ty.unsigned();
            Typed::computed(DataType::Integer { size: IntSize::Big, unsigned }, true)
        }
        BinaryOperator::BitwiseOr
        | BinaryOperator::BitwiseAnd
        | BinaryOperator::BitwiseXor
        | BinaryOperator::PGBitwiseShiftLeft
        | BinaryOperator::PGBitwiseShiftRight => {
            Typed::computed(DataType::Integer { size: IntSize::Big, unsigned: true }, nullable)
        }
        BinaryOperator::Spaceship => Typed::computed(boolean(), false),
        _ => Typed::computed(boolean(), nullable),
    }
}

/// An operand as arithmetic reads it: a string or a temporal value is DOUBLE; an integer
/// literal counts its own digits.
fn number(t: &Typed) -> Operand {
    let ty = if t.ty.is_numeric() { t.ty.clone() } else { DataType::Double };
    Operand { precision: if t.ty.is_numeric() { t.precision() } else { 17 }, ty }
}

/// A numeric operand: its type and its digits.
struct Operand {
    ty: DataType,
    precision: u32,
}

impl Operand {
    fn is_approximate(&self) -> bool {
        self.ty.is_approximate()
    }
    fn is_integer(&self) -> bool {
        self.ty.is_integer()
    }
    fn unsigned(&self) -> bool {
        self.ty.unsigned()
    }
    fn scale(&self) -> u32 {
        self.ty.scale()
    }
    fn whole(&self) -> u32 {
        self.precision.saturating_sub(self.ty.scale())
    }
}

fn additive(l: &Operand, r: &Operand) -> DataType {
    if l.is_approximate() || r.is_approximate() {
        return DataType::Double;
    }
    // An integer result is UNSIGNED when either operand is; a DECIMAL only when both are.
    if l.is_integer() && r.is_integer() {
        return DataType::Integer { size: IntSize::Big, unsigned: l.unsigned() || r.unsigned() };
    }
    let scale = l.scale().max(r.scale());
    let whole = l.whole().max(r.whole()) + 1;
    DataType::decimal(whole, scale, l.unsigned() && r.unsigned())
}

fn multiplicative(l: &Operand, r: &Operand) -> DataType {
    if l.is_approximate() || r.is_approximate() {
        return DataType::Double;
    }
    if l.is_integer() && r.is_integer() {
        return DataType::Integer { size: IntSize::Big, unsigned: l.unsigned() || r.unsigned() };
    }
    DataType::decimal(l.whole() + r.whole(), l.scale() + r.scale(), l.unsigned() && r.unsigned())
}

fn divide(l: &Operand, r: &Operand) -> DataType {
    if l.is_approximate() || r.is_approximate() {
        return DataType::Double;
    }
    let scale = l.scale() + DIV_PRECISION_INCREMENT;
    let whole = l.whole() + r.scale();
    DataType::decimal(whole, scale, l.unsigned() && r.unsigned())
}

fn modulo(l: &Operand, r: &Operand) -> DataType {
    if l.is_approximate() || r.is_approximate() {
        return DataType::Double;
    }
    if l.is_integer() && r.is_integer() {
        return DataType::Integer { size: IntSize::Big, unsigned: l.unsigned() };
    }
    let scale = l.scale().max(r.scale());
    DataType::decimal(l.whole().max(r.whole()), scale, l.unsigned())
}

/// The type of `CAST(.. AS type)` (the type as sqlparser writes it back).
fn cast(t: &Typed, target: &str) -> Typed {
    let target = target.to_ascii_uppercase();
    let (head, args) = match target.split_once('(') {
        Some((h, rest)) => (h.trim().to_string(), rest.trim_end_matches(')').to_string()),
        None => (target.trim().to_string(), String::new()),
    };
    let n = |i: usize| args.split(',').nth(i).and_then(|a| a.trim().parse::<u32>().ok());
    let ty = match head.as_str() {
        "SIGNED" | "SIGNED INTEGER" | "INTEGER" | "INT" => {
            DataType::Integer { size: IntSize::Big, unsigned: false }
        }
        "UNSIGNED" | "UNSIGNED INTEGER" | "INT UNSIGNED" => {
            DataType::Integer { size: IntSize::Big, unsigned: true }
        }
        "DECIMAL" | "NUMERIC" | "DEC" => {
            let p = n(0).unwrap_or(10);
            let s = n(1).unwrap_or(0);
            DataType::Decimal { precision: p, scale: s, unsigned: false }
        }
        "DOUBLE" | "REAL" => DataType::Double,
        "FLOAT" => DataType::Float,
        "DATE" => DataType::Date,
        "DATETIME" => DataType::DateTime(n(0).unwrap_or(0) as u8),
        "TIME" => DataType::Time(n(0).unwrap_or(0) as u8),
        "JSON" => DataType::Json,
        "YEAR" => DataType::Year,
        "BINARY" => {
            let bytes = n(0).map_or(t.ty.char_length(), u64::from);
            let mut b = t.recomputed(DataType::bytes_of(bytes));
            b.collation = None;
            return b;
        }
        _ => DataType::string_of(n(0).map_or(t.ty.char_length(), u64::from)),
    };
    t.recomputed(ty)
}

/// The type of values of several types in one column (CASE, IF, IFNULL, COALESCE, a set
/// operation): a NULL literal adds only NULL-ability; integers the widest integer; exact
/// numbers the DECIMAL holding each integer part and scale; any approximate number DOUBLE;
/// one temporal type that type (DATE with DATETIME: DATETIME); anything else a string long
/// enough for each value's text (TEXT once a value is TEXT). NULL-able when any is, or
/// (`all_nullable`) only when all are.
pub(super) fn aggregate(types: &[Typed], all_nullable: bool) -> Typed {
    let nullable = if all_nullable {
        types.iter().all(|t| t.nullable)
    } else {
        types.iter().any(|t| t.nullable)
    };
    let real: Vec<&Typed> = types.iter().filter(|t| !(t.literal && is_null_type(t))).collect();
    let Some(first) = real.first() else { return null_literal() };
    let ty = if real.iter().all(|t| t.ty == first.ty) {
        first.ty.clone()
    } else if real.iter().all(|t| t.ty.is_integer()) {
        let size = real
            .iter()
            .map(|t| match t.ty {
                DataType::Integer { size, .. } => size,
                _ => IntSize::Big,
            })
            .max()
            .unwrap_or(IntSize::Big);
        let unsigned = real.iter().all(|t| t.ty.unsigned());
        let mixed = !unsigned && real.iter().any(|t| t.ty.unsigned());
        let digits = real.iter().map(|t| t.precision()).max().unwrap_or(1);
        if mixed && size == IntSize::Big {
            // A BIGINT UNSIGNED beside a signed integer needs its digits and a sign.
            DataType::decimal(digits.max(20), 0, false)
        } else {
            let mut t = Typed::computed(DataType::Integer { size, unsigned }, nullable);
            t.digits = Some(digits);
            t.collation = None;
            return t;
        }
    } else if real.iter().all(|t| t.ty.is_exact()) {
        let scale = real.iter().map(|t| t.ty.scale()).max().unwrap_or(0);
        let whole = real.iter().map(|t| t.whole_digits()).max().unwrap_or(1);
        let unsigned = real.iter().all(|t| t.ty.unsigned());
        DataType::decimal(whole, scale, unsigned)
    } else if real.iter().all(|t| t.ty.is_numeric()) {
        DataType::Double
    } else if real
        .iter()
        .all(|t| matches!(t.ty, DataType::Date | DataType::DateTime(_) | DataType::Timestamp(_)))
    {
        let fsp = real.iter().map(|t| t.ty.scale() as u8).max().unwrap_or(0);
        if real.iter().all(|t| matches!(t.ty, DataType::Timestamp(_))) {
            DataType::Timestamp(fsp)
        } else {
            DataType::DateTime(fsp)
        }
    } else if real.iter().any(|t| t.ty.is_binary_string())
        && !real.iter().any(|t| t.ty.is_character())
    {
        DataType::bytes_of(real.iter().map(|t| t.ty.char_length()).max().unwrap_or(0))
    } else {
        let longest = real.iter().map(|t| t.ty.char_length()).max().unwrap_or(0);
        match real
            .iter()
            .filter_map(|t| match t.ty {
                DataType::Text(size) | DataType::Blob(size) => Some(size),
                _ => None,
            })
            .max_by_key(|s| s.max_bytes())
        {
            Some(size) => DataType::Text(size),
            None => DataType::string_of(longest),
        }
    };
    let mut t = Typed::computed(ty, nullable);
    if t.ty.is_character() {
        t.collation = aggregate_collation(&real);
    }
    t
}

/// The collation of strings that meet: a column's before a literal's; of two columns, the
/// utf8mb4 one (the larger repertoire).
pub(super) fn aggregate_collation(types: &[&Typed]) -> Option<Collation> {
    let columns: Vec<&Collation> =
        types.iter().filter(|t| !t.literal).filter_map(|t| t.collation.as_ref()).collect();
    columns
        .iter()
        .find(|c| c.charset == "utf8mb4")
        .or(columns.first())
        .map(|c| (*c).clone())
        .or_else(|| types.iter().find_map(|t| t.collation.clone()))
        .or_else(|| Some(Collation::connection()))
}

fn is_null_type(t: &Typed) -> bool {
    t.nullable && t.ty == DataType::Bytes { bytes: 0, fixed: false }
}
