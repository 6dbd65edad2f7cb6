//! `CREATE TABLE t [(columns, keys)] [AS] SELECT ...`: the new table's columns are the
//! SELECT's (after the ones defined in the statement, a defined column of the same name
//! taking the selected values), with types as mysqld gives them (sql_insert.cc,
//! `create_table_from_items`):
//!
//! * a column read straight from a table keeps its definition (type, NOT NULL, DEFAULT);
//! * any other item is typed by its operands, as mysqld types it (`sql::item_types`, the
//!   rules DESCRIBE of a view follows): `COUNT(...)` is `bigint NOT NULL`, `SUM` of an
//!   integer or DECIMAL column `decimal(p + 22, s)`, an integer literal `int` (`bigint`
//!   from ten digits), `CONCAT` of two `varchar(10)` `varchar(20)`; a NOT NULL one takes the
//!   default mysqld gives it (`DEFAULT '0'`, `DEFAULT ''`);
//! * an item of a kind those rules do not cover, or whose type would not hold a selected
//!   value, takes the type its values need: integers `bigint`, decimals `decimal(p,s)` of the
//!   widest, doubles `double`, strings `varchar` of the longest (text past 16383
//!   characters), dates and datetimes by their form.
//!
//! A selected row whose primary or unique key is taken by a row written before it fails the
//! statement with 1062, unless the statement says what to do (Reference Manual 15.1.20.4,
//! "CREATE TABLE ... SELECT Statement"): with `IGNORE` the row is not written and warning
//! 1062 says so; with `REPLACE` the rows holding its keys are deleted and it is written
//! (affected rows count both, as REPLACE's do). The parser drops the keyword for sqlparser
//! and `parser::create_select_duplicates` reads it from the text again. Simplification:
//! IGNORE does not turn the other errors of a row (a value out of range) into warnings.
//!
//! A NULL literal's column is `varbinary(0) DEFAULT NULL` (MySQL 9; 8.0 wrote `binary(0)`).
//! AUTO_INCREMENT is not carried over
//! (UNCONFIRMED). The rows are written as INSERT writes them (the last leaf page touched,
//! dirtied, Handler_write counted); a row that fails drops the new table again, as 8.0's
//! atomic CREATE TABLE ... SELECT leaves nothing behind.

use super::upsert::implicit_default;
use crate::error::{MySqlError, Result, Warning};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::execution::handler_io::{RowOp, NO_INDEX};
use crate::sql::execution::Work;
use crate::sql::parser::CreateSelectDuplicates;
use crate::sql::Response;
use crate::status_id;
use crate::storage::schema::{ColumnDef, ColumnType, TableDef};
use crate::storage::table::Row;
use crate::storage::value::Value;
use sqlparser::ast::{
    Expr, FunctionArguments, Query, SelectItem, SelectItemQualifiedWildcardKind, SetExpr,
    TableFactor,
};

/// Longest VARCHAR a derived string column gets before it becomes TEXT (65535 bytes of
/// utf8mb4).
const VARCHAR_MAX: u32 = 16_383;

/// The SELECT's result, and the columns it makes.
pub(super) struct Selected {
    pub columns: Vec<ColumnDef>,
    pub rows: Vec<Row>,
}

/// A table the SELECT reads: its name (`db.t` or `t`) and the alias it goes by, if any.
struct FromTable {
    name: String,
    alias: Option<String>,
}

/// The SELECT's items and the tables it reads, when it is a plain SELECT (None for a UNION
/// and the like).
fn items(q: &Query) -> Option<(&[SelectItem], Vec<FromTable>)> {
    let SetExpr::Select(s) = q.body.as_ref() else { return None };
    let mut tables = Vec::new();
    for f in &s.from {
        for factor in std::iter::once(&f.relation).chain(f.joins.iter().map(|j| &j.relation)) {
            if let TableFactor::Table { name, alias, .. } = factor {
                tables.push(FromTable {
                    name: name.to_string().replace('`', ""),
                    alias: alias.as_ref().map(|a| a.name.value.clone()),
                });
            }
        }
    }
    Some((&s.projection, tables))
}

/// Where a result column comes from: an item's expression, or a column a `*` stands for.
enum Source<'q> {
    Expr(&'q Expr),
    Column(ColumnDef),
}

/// Whether a table answers to the qualifier `q`: its alias if it has one, else its name
/// (`t` of `db.t` too).
fn answers_to(t: &FromTable, q: &str) -> bool {
    match &t.alias {
        Some(a) => a.eq_ignore_ascii_case(q),
        None => {
            let base = t.name.rsplit('.').next().unwrap_or(&t.name);
            base.eq_ignore_ascii_case(q) || t.name.eq_ignore_ascii_case(q)
        }
    }
}

/// Whether a column typed by its item's operands holds each selected value (a string no
/// longer than its length, NULL only where it may be NULL): a rule this simulator states
/// less exactly than mysqld (a date format's length) then gives way to typing by value.
fn holds_every_value<'a>(c: &ColumnDef, mut values: impl Iterator<Item = &'a Value>) -> bool {
    let limit = match c.ty {
        ColumnType::Char(n) | ColumnType::Varchar(n) => Some(n as usize),
        _ => None,
    };
    values.all(|v| {
        if v.is_null() {
            return c.nullable;
        }
        match (limit, v.to_text()) {
            (Some(n), Some(text)) => text.chars().count() <= n,
            _ => true,
        }
    })
}

/// Digits of an integer type, as SUM widens it (its precision, sign not counted).
fn integer_digits(ty: &ColumnType) -> u8 {
    match ty {
        ColumnType::TinyInt => 3,
        ColumnType::SmallInt => 5,
        ColumnType::MediumInt => 8,
        ColumnType::Int => 10,
        _ => 19,
    }
}

impl Server {
    /// The definition of the column named `column` of one of `tables` (`db.t` or `t`).
    fn source_column(
        &self,
        session: &Session,
        tables: &[String],
        column: &str,
    ) -> Option<ColumnDef> {
        tables.iter().find_map(|name| {
            let (db, t) = match name.split_once('.') {
                Some((d, t)) => (d.to_string(), t.to_string()),
                None => (session.database.clone()?, name.clone()),
            };
            let def = &self.catalog.table(&db, &t)?.def;
            def.columns.get(def.column_position(column)? as usize).cloned()
        })
    }

    /// The source of each result column, in order: an item's expression, or for `*` and
    /// `t.*` the visible columns of the tables they stand for, in FROM order (their
    /// definitions are copied, as mysqld copies a column read straight from a table). None
    /// when a `*` stands for a table not in the catalog (a derived table, a view).
    fn sources<'q>(
        &self,
        session: &Session,
        items: &'q [SelectItem],
        from: &[FromTable],
    ) -> Option<Vec<Source<'q>>> {
        let columns_of = |t: &FromTable| -> Option<Vec<ColumnDef>> {
            let (db, name) = match t.name.split_once('.') {
                Some((d, n)) => (d.to_string(), n.to_string()),
                None => (session.database.clone()?, t.name.clone()),
            };
            let def = &self.catalog.table(&db, &name)?.def;
            Some(def.visible_columns().map(|(_, c)| c.clone()).collect())
        };
        let mut out = Vec::new();
        for item in items {
            match item {
                SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => {
                    out.push(Source::Expr(e));
                }
                SelectItem::Wildcard(_) => {
                    for t in from {
                        out.extend(columns_of(t)?.into_iter().map(Source::Column));
                    }
                }
                SelectItem::QualifiedWildcard(
                    SelectItemQualifiedWildcardKind::ObjectName(n),
                    _,
                ) => {
                    let q = n.0.last()?.as_ident()?.value.clone();
                    let t = from.iter().find(|t| answers_to(t, &q))?;
                    out.extend(columns_of(t)?.into_iter().map(Source::Column));
                }
                _ => return None,
            }
        }
        Some(out)
    }

    /// Runs the SELECT of a CREATE TABLE ... SELECT and types its columns.
    pub(super) fn run_create_select(
        &mut self,
        session: &mut Session,
        q: &Query,
        sql: &str,
        work: &mut Work,
    ) -> Result<Selected> {
        let result = self.run_query(session, q, sql, work, 0, false)?;
        let (meta, rows) = result.into_values();
        let (items, from) = items(q).unwrap_or((&[], Vec::new()));
        let tables: Vec<String> = from.iter().map(|t| t.name.clone()).collect();
        // Matched to the result's columns one to one, or not at all (a `*` over a table not
        // in the catalog, such as a derived table, leaves every column typed by its values).
        let sources = self.sources(session, items, &from).filter(|s| s.len() == meta.len());
        // The items typed by their operands, as mysqld types them, when every item's kind
        // has a rule (`sql::item_types`).
        let db = session.database.clone().unwrap_or_default();
        let typed = crate::server::view_columns::select_types(
            &self.catalog,
            self.flavour().version(),
            &db,
            q,
            sql,
        )
        .filter(|t| t.len() == meta.len());
        let mut columns = Vec::new();
        for (i, m) in meta.iter().enumerate() {
            let values = rows.iter().map(|r| &r[i]);
            let (expr, copied) = match sources.as_ref().and_then(|s| s.get(i)) {
                Some(Source::Expr(e)) => (Some(*e), None),
                Some(Source::Column(c)) => (None, Some(c.clone())),
                None => (None, None),
            };
            let mut col = copied
                .or_else(|| match expr {
                    Some(Expr::Identifier(id)) => self.source_column(session, &tables, &id.value),
                    Some(Expr::CompoundIdentifier(parts)) => {
                        parts.last().and_then(|id| self.source_column(session, &tables, &id.value))
                    }
                    _ => None,
                })
                .or_else(|| {
                    let t = typed.as_ref()?.get(i)?;
                    crate::server::view_columns::column_def(t)
                        .filter(|c| holds_every_value(c, values.clone()))
                })
                .unwrap_or_else(|| self.derived_column(session, &tables, expr, values, m.nullable));
            col.name = m.name.clone();
            col.auto_increment = false;
            columns.push(col);
        }
        Ok(Selected { columns, rows })
    }

    /// The column an expression's values make (see the module header).
    fn derived_column<'a>(
        &self,
        session: &Session,
        tables: &[String],
        expr: Option<&Expr>,
        values: impl Iterator<Item = &'a Value> + Clone,
        nullable: bool,
    ) -> ColumnDef {
        let not_null = |ty| {
            let mut c = ColumnDef::new("", ty);
            c.nullable = nullable;
            c
        };
        if let Some(Expr::Function(f)) = expr {
            let name = f.name.to_string().to_ascii_uppercase();
            if name == "COUNT" {
                return ColumnDef::new("", ColumnType::BigInt);
            }
            // MIN and MAX of a column return one of its values: its type, nullable.
            if name == "MIN" || name == "MAX" {
                if let FunctionArguments::List(l) = &f.args {
                    if let [sqlparser::ast::FunctionArg::Unnamed(
                        sqlparser::ast::FunctionArgExpr::Expr(Expr::Identifier(id)),
                    )] = l.args.as_slice()
                    {
                        if let Some(c) = self.source_column(session, tables, &id.value) {
                            return ColumnDef::new("", c.ty).nullable();
                        }
                    }
                }
            }
            if name == "SUM" {
                let arg = match &f.args {
                    FunctionArguments::List(l) if l.args.len() == 1 => match &l.args[0] {
                        sqlparser::ast::FunctionArg::Unnamed(
                            sqlparser::ast::FunctionArgExpr::Expr(Expr::Identifier(id)),
                        ) => self.source_column(session, tables, &id.value),
                        _ => None,
                    },
                    _ => None,
                };
                match arg.map(|c| c.ty) {
                    Some(t) if t.is_integer() => {
                        let p = integer_digits(&t) + 22;
                        return not_null(ColumnType::Decimal { precision: p, scale: 0 }).nullable();
                    }
                    Some(ColumnType::Decimal { precision, scale }) => {
                        let p = (precision + 22).min(65);
                        return ColumnDef::new("", ColumnType::Decimal { precision: p, scale })
                            .nullable();
                    }
                    _ => {}
                }
            }
        }
        let literal = matches!(expr, Some(Expr::Value(_)));
        let all = |f: fn(&Value) -> bool| values.clone().filter(|v| !v.is_null()).all(f);
        let any = values.clone().any(|v| !v.is_null());
        if !any {
            // Only NULLs (or no rows): MySQL's binary(0) for NULL; char(0) here.
            let ty = if literal || expr.is_none() {
                ColumnType::Char(0)
            } else {
                ColumnType::Varchar(0)
            };
            return not_null(ty).nullable();
        }
        let ty = if all(|v| matches!(v, Value::Int(_) | Value::UInt(_))) {
            let fits = all(|v| v.to_i64().is_some_and(|n| i32::try_from(n).is_ok()));
            let unsigned = all(|v| matches!(v, Value::UInt(_)));
            let ty = if literal && fits { ColumnType::Int } else { ColumnType::BigInt };
            let mut c = not_null(ty);
            c.unsigned = unsigned && !literal;
            return c;
        } else if all(|v| matches!(v, Value::Int(_) | Value::UInt(_) | Value::Decimal(_))) {
            let (mut whole, mut scale) = (1u8, 0u8);
            for v in values.clone() {
                if let Some(d) = v.to_decimal() {
                    let digits = d.mantissa.unsigned_abs().to_string().len() as u8;
                    whole = whole.max(digits.saturating_sub(d.scale));
                    scale = scale.max(d.scale);
                }
            }
            ColumnType::Decimal { precision: (whole + scale).min(65), scale: scale.min(30) }
        } else if all(|v| {
            matches!(v, Value::Int(_) | Value::UInt(_) | Value::Decimal(_) | Value::Double(_))
        }) {
            ColumnType::Double
        } else if all(|v| matches!(v, Value::Bin(_))) {
            // UNHEX() is NULL for text that is not hexadecimal: its column may be NULL.
            let unhex = matches!(expr, Some(Expr::Function(f))
                if f.name.to_string().eq_ignore_ascii_case("UNHEX"));
            let mut c = not_null(binary_column_type(expr, values.clone()));
            c.nullable |= unhex;
            return c;
        } else {
            let texts: Vec<String> = values.clone().filter_map(Value::to_text).collect();
            let shape = |t: &str, n: usize| {
                t.len() == n
                    && t.bytes().enumerate().all(|(i, b)| match i {
                        4 | 7 => b == b'-',
                        10 => b == b' ',
                        13 | 16 => b == b':',
                        _ => b.is_ascii_digit(),
                    })
            };
            let from_function = matches!(expr, Some(Expr::Function(_)));
            if from_function && texts.iter().all(|t| shape(t, 10)) {
                ColumnType::Date
            } else if from_function && texts.iter().all(|t| shape(t, 19)) {
                ColumnType::DateTime
            } else {
                let longest = texts.iter().map(|t| t.chars().count() as u32).max().unwrap_or(0);
                if longest > VARCHAR_MAX {
                    // The smallest TEXT type for that many utf8mb4 characters.
                    let bytes = u64::from(longest).saturating_mul(4);
                    ColumnType::Text(crate::storage::schema::BlobSize::for_length(bytes))
                } else {
                    ColumnType::Varchar(longest)
                }
            }
        };
        not_null(ty)
    }

    /// Writes the selected rows into the new table `db.table` as INSERT does: `targets` are
    /// the table positions of the selected columns. Returns the response, or the error after
    /// which the caller drops the table.
    pub(super) fn fill_created(
        &mut self,
        session: &mut Session,
        (db, table): (&str, &str),
        targets: &[u32],
        rows: Vec<Row>,
        duplicates: Option<CreateSelectDuplicates>,
        work: &mut Work,
    ) -> Result<Response> {
        let def: TableDef = match self.catalog.table(db, table) {
            Some(t) => t.def.clone(),
            None => return Err(MySqlError::no_such_table(db, table)),
        };
        let n = rows.len() as u64;
        let mut written = 0u64;
        let mut deleted = 0u64;
        let mut skipped = 0u64;
        let mut page_ns = 0u64;
        for (i, values) in rows.into_iter().enumerate() {
            let row_no = i as u64 + 1;
            let t = self
                .catalog
                .table_mut(db, table)
                .ok_or_else(|| MySqlError::no_such_table(db, table))?;
            let mut row: Row = def
                .columns
                .iter()
                .map(|c| match &c.default {
                    Some(d) => d.clone(),
                    None if c.nullable || c.auto_increment => Value::Null,
                    None => implicit_default(c),
                })
                .collect();
            for (&p, v) in targets.iter().zip(values) {
                row[p as usize] = v;
            }
            for (p, col) in def.columns.iter().enumerate() {
                if col.auto_increment && row[p].to_i64().unwrap_or(0) == 0 {
                    row[p] = Value::UInt(t.auto_increment_next);
                }
                if col.auto_increment {
                    let v = row[p].to_i64().unwrap_or(0).max(0) as u64;
                    t.auto_increment_next = t.auto_increment_next.max(v + 1);
                }
                let v = std::mem::replace(&mut row[p], Value::Null);
                row[p] = super::dml::coerce(table, col, v, row_no)?;
            }
            if let Some((dup, key)) = t.conflict(&row, None) {
                match duplicates {
                    None => {
                        return Err(MySqlError::duplicate_entry(&dup.key_text, table, &dup.index))
                    }
                    Some(CreateSelectDuplicates::Ignore) => {
                        let e = MySqlError::duplicate_entry(&dup.key_text, table, &dup.index);
                        session.warn(Warning {
                            level: "Warning",
                            code: e.code,
                            message: e.message,
                        });
                        skipped += 1;
                        continue;
                    }
                    Some(CreateSelectDuplicates::Replace) => {
                        // Every row holding one of its keys goes: at most one per unique index.
                        t.delete(&key);
                        deleted += 1;
                        for _ in 0..def.indexes.len() {
                            let Some((_, key)) = t.conflict(&row, None) else { break };
                            t.delete(&key);
                            deleted += 1;
                        }
                    }
                }
            }
            t.insert(row).map_err(|d| MySqlError::duplicate_entry(&d.key_text, table, &d.index))?;
            let start = self.clock.now();
            self.touch_last_page(db, table);
            page_ns += self.clock.now().since(start).as_nanos();
            work.rows += 1;
            written += 1;
        }
        let ps = page_ns * 1000 + self.row_cpu_ps(written);
        if let Some(t) = self.catalog.table(db, table) {
            work.table_io.add(t, NO_INDEX, RowOp::Insert, written, ps);
        }
        if let Some(r) = self.running.as_mut() {
            r.status.add(status_id!("Innodb_rows_inserted"), written);
            r.status.add(status_id!("Handler_write"), written);
        }
        if let Some(r) = self.running.as_mut() {
            r.status.add(status_id!("Innodb_rows_deleted"), deleted);
            r.status.add(status_id!("Handler_delete"), deleted);
        }
        let duplicates = skipped + deleted;
        Ok(Response::Ok {
            affected_rows: written + deleted,
            info: Some(format!("Records: {n}  Duplicates: {duplicates}  Warnings: {skipped}")),
        })
    }
}

/// The column a binary string makes (`UNHEX(..)`, `X'41'`, `CAST(.. AS BINARY)`): VARBINARY
/// of the result's length, BLOB past 65,535 bytes. `UNHEX('literal')` takes MySQL's declared
/// length, `(1 + the argument's length) / 2` (Item_func_unhex), the literal's length being 4
/// bytes a character in utf8mb4; any other expression takes its longest value's length
/// (simplification, as for text above: MySQL takes the length its type declares).
fn binary_column_type<'a>(
    expr: Option<&Expr>,
    values: impl Iterator<Item = &'a Value>,
) -> ColumnType {
    let unhex_literal = match expr {
        Some(Expr::Function(f)) if f.name.to_string().eq_ignore_ascii_case("UNHEX") => {
            match &f.args {
                FunctionArguments::List(l) => match l.args.as_slice() {
                    [sqlparser::ast::FunctionArg::Unnamed(
                        sqlparser::ast::FunctionArgExpr::Expr(Expr::Value(v)),
                    )] => match &v.value {
                        sqlparser::ast::Value::SingleQuotedString(s)
                        | sqlparser::ast::Value::DoubleQuotedString(s) => {
                            Some((4 * s.chars().count() as u64).div_ceil(2))
                        }
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    };
    let longest = unhex_literal.unwrap_or_else(|| {
        values
            .filter_map(|v| match v {
                Value::Bin(b) => Some(b.len() as u64),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    });
    match u32::try_from(longest) {
        Ok(n) if n <= 65_535 => ColumnType::VarBinary(n),
        _ => ColumnType::Blob(crate::storage::schema::BlobSize::for_length(longest)),
    }
}
