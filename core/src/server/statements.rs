//! Statements other than queries and the SHOW family: DDL (CREATE/DROP DATABASE, TABLE, VIEW,
//! INDEX), DML (INSERT, UPDATE, DELETE, TRUNCATE) and transactions (BEGIN, COMMIT, ROLLBACK,
//! with an undo log so ROLLBACK really restores the rows). Values are checked against column
//! types as in strict mode (MySQL's default `sql_mode`): errors 1264, 1406, 1364, 1062.

use super::execute::Work;
use super::query::{scan_table, Costs};
use super::session::{Session, UndoRecord};
use super::{Running, Server};
use crate::catalog::{Catalog, View};
use crate::error::{MySqlError, Result};
use crate::innodb::buffer_pool::PageId;
use crate::sql::bind::{Binder, Columns};
use crate::sql::expr::{eval, eval_constant};
use crate::sql::value::{Decimal, Value};
use crate::sql::Response;
use crate::storage::schema::{ColumnDef, ColumnType, IndexDef, TableDef};
use crate::storage::table::{Key, Row, Table};
use sqlparser::ast::{
    AssignmentTarget, ColumnOption, FromTable, ObjectName, ObjectType, SetExpr, Statement as S,
    TableConstraint, TableFactor, TableObject,
};

/// The `Com_*` counter a statement bumps.
pub(crate) fn com_counter(s: &S) -> Option<&'static str> {
    Some(match s {
        S::Insert(i)
            if i.source
                .as_ref()
                .is_some_and(|q| !matches!(q.body.as_ref(), SetExpr::Values(_))) =>
        {
            "Com_insert_select"
        }
        S::Insert(_) => "Com_insert",
        S::Update(_) => "Com_update",
        S::Delete(_) => "Com_delete",
        S::Truncate(_) => "Com_truncate",
        S::CreateTable(_) => "Com_create_table",
        S::CreateView(_) => "Com_create_view",
        S::CreateIndex(_) => "Com_create_index",
        S::CreateDatabase { .. } => "Com_create_db",
        S::Drop { object_type: ObjectType::Database | ObjectType::Schema, .. } => "Com_drop_db",
        S::Drop { object_type: ObjectType::View, .. } => "Com_drop_view",
        S::Drop { object_type: ObjectType::Index, .. } => "Com_drop_index",
        S::Drop { .. } => "Com_drop_table",
        S::StartTransaction { .. } => "Com_begin",
        S::Commit { .. } => "Com_commit",
        S::Rollback { .. } => "Com_rollback",
        S::Call(_) => "Com_call_procedure",
        _ => return None,
    })
}

/// `db.t` or `t` in the current database.
pub(crate) fn table_name(session: &Session, name: &ObjectName) -> Result<(String, String)> {
    let parts: Vec<String> =
        name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
    match parts.as_slice() {
        [t] => match &session.database {
            Some(db) => Ok((db.clone(), t.clone())),
            None => Err(MySqlError::no_database_selected()),
        },
        [d, t] => Ok((d.clone(), t.clone())),
        _ => Err(MySqlError::not_supported_yet("three-part table names")),
    }
}

fn ok(affected_rows: u64) -> Response {
    Response::Ok { affected_rows, info: None }
}

fn err(code: u16, sqlstate: &'static str, message: String) -> MySqlError {
    MySqlError { code, sqlstate, message }
}

/// A column type from its SQL text (`int unsigned`, `varchar(100)`, `decimal(10,2)`,
/// `enum('a','b')`), and whether it is unsigned.
pub(crate) fn column_type(sql: &str) -> Result<(ColumnType, bool)> {
    let lower = sql.trim().to_ascii_lowercase();
    let unsigned = lower.contains(" unsigned");
    let base = lower.replace(" unsigned", "").replace(" zerofill", "");
    let (name, args) = match base.split_once('(') {
        Some((n, a)) => (n.trim().to_string(), Some(a.trim_end_matches(')').to_string())),
        None => (base.trim().to_string(), None),
    };
    let nums: Vec<u32> = args
        .as_deref()
        .map(|a| a.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_default();
    let ty = match name.as_str() {
        "tinyint" | "bool" | "boolean" => ColumnType::TinyInt,
        "smallint" => ColumnType::SmallInt,
        "mediumint" => ColumnType::MediumInt,
        "int" | "integer" => ColumnType::Int,
        "bigint" => ColumnType::BigInt,
        "decimal" | "numeric" | "dec" => ColumnType::Decimal {
            precision: nums.first().copied().unwrap_or(10).min(65) as u8,
            scale: nums.get(1).copied().unwrap_or(0).min(30) as u8,
        },
        "float" => ColumnType::Float,
        "double" | "real" | "double precision" => ColumnType::Double,
        "char" | "character" => ColumnType::Char(nums.first().copied().unwrap_or(1)),
        "varchar" | "character varying" => {
            ColumnType::Varchar(nums.first().copied().ok_or_else(|| MySqlError::syntax(sql, 1))?)
        }
        "text" | "mediumtext" | "longtext" | "tinytext" => ColumnType::Text,
        "blob" | "mediumblob" | "longblob" => ColumnType::Blob,
        "date" => ColumnType::Date,
        "datetime" => ColumnType::DateTime,
        "timestamp" => ColumnType::Timestamp,
        "enum" => {
            let items = args.unwrap_or_default();
            let values: Vec<String> = items
                .split(',')
                .map(|v| v.trim().trim_matches('\'').to_string())
                .filter(|v| !v.is_empty())
                .collect();
            ColumnType::Enum(values)
        }
        other => {
            return Err(MySqlError::not_supported_yet(&format!(
                "the column type {}",
                other.to_uppercase()
            )))
        }
    };
    Ok((ty, unsigned))
}

/// Converts a value for storing in `col`, as strict mode does.
fn coerce(col: &ColumnDef, v: Value, row_no: u64) -> Result<Value> {
    if v.is_null() {
        return if col.nullable || col.auto_increment {
            Ok(Value::Null)
        } else {
            Err(err(1048, "23000", format!("Column '{}' cannot be null", col.name)))
        };
    }
    let out_of_range = || {
        err(1264, "22003", format!("Out of range value for column '{}' at row {row_no}", col.name))
    };
    let ty = &col.ty;
    Ok(match ty {
        t if t.is_integer() => {
            let n: i128 = match &v {
                Value::Int(i) => i128::from(*i),
                Value::UInt(u) => i128::from(*u),
                Value::Str(s)
                    if s.trim().parse::<i128>().is_err() && Decimal::parse(s.trim()).is_none() =>
                {
                    return Err(err(
                        1366,
                        "HY000",
                        format!(
                            "Incorrect integer value: '{s}' for column '{}' at row {row_no}",
                            col.name
                        ),
                    ));
                }
                other => other
                    .to_decimal()
                    .map(|d| d.rescale(0).mantissa)
                    .unwrap_or_else(|| other.to_f64().unwrap_or(0.0).round() as i128),
            };
            let bits = match t {
                ColumnType::TinyInt => 8,
                ColumnType::SmallInt => 16,
                ColumnType::MediumInt => 24,
                ColumnType::Int => 32,
                _ => 64,
            };
            let (lo, hi) = if col.unsigned {
                (0i128, (1i128 << bits) - 1)
            } else {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            };
            if n < lo || n > hi {
                return Err(out_of_range());
            }
            if col.unsigned {
                Value::UInt(n as u64)
            } else {
                Value::Int(n as i64)
            }
        }
        ColumnType::Decimal { precision, scale } => {
            let d = v.to_decimal().or_else(|| {
                v.to_f64().and_then(|f| Decimal::parse(format!("{f:.30}").trim_end_matches('0')))
            });
            let d = d.unwrap_or(Decimal::new(0, 0)).rescale(*scale);
            let digits = d.mantissa.unsigned_abs().to_string().len() as u8;
            if digits > *precision {
                return Err(out_of_range());
            }
            Value::Decimal(d)
        }
        ColumnType::Float | ColumnType::Double => Value::Double(v.to_f64().unwrap_or(0.0)),
        ColumnType::Char(n) | ColumnType::Varchar(n) => {
            let s = v.to_text().unwrap_or_default();
            if s.chars().count() as u32 > *n {
                return Err(err(
                    1406,
                    "22001",
                    format!("Data too long for column '{}' at row {row_no}", col.name),
                ));
            }
            Value::Str(s)
        }
        ColumnType::Enum(values) => {
            let s = v.to_text().unwrap_or_default();
            match values.iter().find(|e| e.eq_ignore_ascii_case(&s)) {
                Some(e) => Value::Str(e.clone()),
                None => {
                    return Err(err(
                        1265,
                        "01000",
                        format!("Data truncated for column '{}' at row {row_no}", col.name),
                    ))
                }
            }
        }
        _ => Value::Str(v.to_text().unwrap_or_default()),
    })
}

/// Columns of one table, for binding UPDATE and DELETE expressions.
struct TableColumns<'a> {
    alias: &'a str,
    def: &'a TableDef,
}

impl Columns for TableColumns<'_> {
    fn resolve(&self, qualifier: Option<&str>, name: &str, clause: &str) -> Result<u32> {
        let matches_table = qualifier.is_none_or(|q| {
            q.eq_ignore_ascii_case(self.alias) || q.eq_ignore_ascii_case(&self.def.name)
        });
        match (matches_table, self.def.column_position(name)) {
            (true, Some(p)) => Ok(p),
            _ => {
                let full = qualifier.map_or(name.to_string(), |q| format!("{q}.{name}"));
                Err(MySqlError::unknown_column(&full, clause))
            }
        }
    }
}

impl Server {
    /// Runs a statement sqlparser read that is not a query or a SHOW.
    pub(crate) fn run_other(
        &mut self,
        session: &mut Session,
        stmt: &S,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        match stmt {
            S::CreateDatabase { db_name, if_not_exists, .. } => {
                let name = db_name.to_string().trim_matches('`').to_string();
                if self.catalog.create_database(&name) {
                    Ok(ok(1))
                } else if *if_not_exists {
                    session.warn(crate::error::Warning {
                        level: "Note",
                        code: 1007,
                        message: format!("Can't create database '{name}'; database exists"),
                    });
                    Ok(ok(1))
                } else {
                    Err(err(
                        1007,
                        "HY000",
                        format!("Can't create database '{name}'; database exists"),
                    ))
                }
            }
            S::Drop { object_type, if_exists, names, .. } => {
                self.drop(session, object_type, *if_exists, names)
            }
            S::CreateTable(ct) => self.create_table(session, ct),
            S::CreateView(cv) => {
                let (db, name) = table_name(session, &cv.name)?;
                if !self.catalog.has_database(&db) || Catalog::is_system_schema(&db) {
                    return Err(MySqlError::unknown_database(&db));
                }
                let exists = self.catalog.table(&db, &name).is_some()
                    || self.catalog.view(&db, &name).is_some();
                if exists && !cv.or_replace {
                    return Err(err(1050, "42S01", format!("Table '{name}' already exists")));
                }
                let query = cv.query.to_string();
                if let Some(d) = self.catalog.database_mut(&db) {
                    d.views.insert(name.clone(), View { name, query });
                }
                Ok(ok(0))
            }
            S::CreateIndex(ci) => {
                let (db, table) = table_name(session, &ci.table_name)?;
                let name = ci.name.as_ref().map(|n| n.to_string().trim_matches('`').to_string());
                let cols: Vec<String> = ci
                    .columns
                    .iter()
                    .map(|c| c.column.expr.to_string().trim_matches('`').to_string())
                    .collect();
                self.add_index(&db, &table, name, &cols, ci.unique)?;
                Ok(ok(0))
            }
            S::Insert(ins) => self.insert(session, ins, sql, work),
            S::Update(up) => self.update(session, up, work),
            S::Delete(del) => self.delete(session, del, work),
            S::Truncate(t) => {
                for target in &t.table_names {
                    let (db, name) = table_name(session, &target.name)?;
                    let table = self
                        .catalog
                        .table_mut(&db, &name)
                        .ok_or_else(|| MySqlError::no_such_table(&db, &name))?;
                    let space = table.space_id;
                    table.truncate();
                    if let Some(r) = self.running.as_mut() {
                        r.pool.discard_space(space);
                    }
                }
                Ok(ok(0))
            }
            S::StartTransaction { .. } => {
                self.commit(session);
                session.in_transaction = true;
                Ok(ok(0))
            }
            S::Commit { .. } => {
                self.commit(session);
                Ok(ok(0))
            }
            S::Rollback { .. } => {
                self.rollback(session);
                Ok(ok(0))
            }
            S::Call(f) => self.call(session, f, work),
            other => {
                let text = other.to_string();
                let words: Vec<&str> = text.split_whitespace().take(2).collect();
                Err(MySqlError::not_supported_yet(&words.join(" ").to_ascii_uppercase()))
            }
        }
    }

    /// Ends a transaction keeping its changes.
    pub(crate) fn commit(&mut self, session: &mut Session) {
        session.undo.clear();
        session.in_transaction = false;
    }

    /// Ends a transaction undoing its changes, newest first.
    pub(crate) fn rollback(&mut self, session: &mut Session) {
        while let Some(u) = session.undo.pop() {
            if let Some(t) = self.catalog.table_mut(&u.db, &u.table) {
                match (u.before, u.after_key) {
                    (Some(before), Some(after)) => {
                        if t.key_of(&before).as_ref() != Some(&after) {
                            t.delete(&after);
                            let _ = t.insert(before);
                        } else {
                            let _ = t.update(&after, before);
                        }
                    }
                    (Some(before), None) => {
                        let _ = t.insert(before);
                    }
                    (None, Some(after)) => {
                        t.delete(&after);
                    }
                    (None, None) => {}
                }
            }
        }
        session.in_transaction = false;
    }

    fn drop(
        &mut self,
        session: &mut Session,
        object_type: &ObjectType,
        if_exists: bool,
        names: &[ObjectName],
    ) -> Result<Response> {
        match object_type {
            ObjectType::Database | ObjectType::Schema => {
                let name = names
                    .first()
                    .map(|n| n.to_string().trim_matches('`').to_string())
                    .unwrap_or_default();
                if Catalog::is_system_schema(&name) {
                    return Err(err(
                        3552,
                        "HY000",
                        format!("Access to system schema '{name}' is rejected."),
                    ));
                }
                match self.catalog.drop_database(&name) {
                    Some(spaces) => {
                        if let Some(r) = self.running.as_mut() {
                            spaces.iter().for_each(|s| r.pool.discard_space(*s));
                        }
                        if session.database.as_deref() == Some(name.as_str()) {
                            session.database = None;
                        }
                        Ok(ok(spaces.len() as u64))
                    }
                    None if if_exists => Ok(ok(0)),
                    None => Err(err(
                        1008,
                        "HY000",
                        format!("Can't drop database '{name}'; database doesn't exist"),
                    )),
                }
            }
            ObjectType::Table | ObjectType::View => {
                let mut missing = Vec::new();
                for n in names {
                    let (db, name) = table_name(session, n)?;
                    let d = self.catalog.database_mut(&db);
                    let removed = match (d, object_type) {
                        (Some(d), ObjectType::Table) => {
                            d.tables.remove(&name).map(|t| Some(t.space_id))
                        }
                        (Some(d), _) => d.views.remove(&name).map(|_| None),
                        (None, _) => None,
                    };
                    match removed {
                        Some(Some(space)) => {
                            if let Some(r) = self.running.as_mut() {
                                r.pool.discard_space(space);
                            }
                        }
                        Some(None) => {}
                        None => missing.push(format!("{db}.{name}")),
                    }
                }
                if missing.is_empty() {
                    return Ok(ok(0));
                }
                let msg = format!("Unknown table '{}'", missing.join(","));
                if if_exists {
                    session.warn(crate::error::Warning { level: "Note", code: 1051, message: msg });
                    Ok(ok(0))
                } else {
                    Err(err(1051, "42S02", msg))
                }
            }
            _ => Err(MySqlError::not_supported_yet(&format!("DROP {object_type}"))),
        }
    }

    fn create_table(
        &mut self,
        session: &mut Session,
        ct: &sqlparser::ast::CreateTable,
    ) -> Result<Response> {
        let (db, name) = table_name(session, &ct.name)?;
        if Catalog::is_system_schema(&db) {
            return Err(err(
                1044,
                "42000",
                format!("Access denied for user 'root'@'localhost' to database '{db}'"),
            ));
        }
        if !self.catalog.has_database(&db) {
            return Err(MySqlError::unknown_database(&db));
        }
        if self.catalog.table(&db, &name).is_some() || self.catalog.view(&db, &name).is_some() {
            if ct.if_not_exists {
                session.warn(crate::error::Warning {
                    level: "Note",
                    code: 1050,
                    message: format!("Table '{name}' already exists"),
                });
                return Ok(ok(0));
            }
            return Err(err(1050, "42S01", format!("Table '{name}' already exists")));
        }
        let mut columns = Vec::new();
        let mut primary: Option<Vec<String>> = None;
        for c in &ct.columns {
            let (ty, unsigned) = column_type(&c.data_type.to_string())?;
            let mut col = ColumnDef::new(&c.name.value, ty);
            col.unsigned = unsigned;
            col.nullable = true;
            for o in &c.options {
                match &o.option {
                    ColumnOption::NotNull => col.nullable = false,
                    ColumnOption::Null => col.nullable = true,
                    ColumnOption::Default(e) => {
                        let mut cx = super::query::constant_context();
                        col.default = Some(eval_constant(e, &mut cx)?);
                    }
                    ColumnOption::PrimaryKey(_) => {
                        col.nullable = false;
                        primary = Some(vec![c.name.value.clone()]);
                    }
                    ColumnOption::DialectSpecific(tokens)
                        if tokens
                            .iter()
                            .any(|t| t.to_string().eq_ignore_ascii_case("AUTO_INCREMENT")) =>
                    {
                        col.auto_increment = true;
                    }
                    _ => {}
                }
            }
            columns.push(col);
        }
        let mut def =
            TableDef { schema: db.clone(), name: name.clone(), columns, indexes: Vec::new() };
        let mut secondary: Vec<(Option<String>, Vec<String>, bool)> = Vec::new();
        for tc in &ct.constraints {
            let names = |cols: &[sqlparser::ast::IndexColumn]| -> Vec<String> {
                cols.iter()
                    .map(|c| c.column.expr.to_string().trim_matches('`').to_string())
                    .collect()
            };
            match tc {
                TableConstraint::PrimaryKey(pk) => primary = Some(names(&pk.columns)),
                TableConstraint::Unique(u) => {
                    // `UNIQUE KEY uv (v)`: sqlparser keeps `uv` as the index name.
                    let name = u.index_name.as_ref().or(u.name.as_ref()).map(|n| n.value.clone());
                    secondary.push((name, names(&u.columns), true))
                }
                TableConstraint::Index(i) => secondary.push((
                    i.name.as_ref().map(|n| n.value.clone()),
                    names(&i.columns),
                    false,
                )),
                _ => {}
            }
        }
        if let Some(cols) = primary {
            let positions = positions(&def, &cols)?;
            for &p in &positions {
                def.columns[p as usize].nullable = false;
            }
            def.indexes.push(IndexDef {
                name: "PRIMARY".into(),
                columns: positions,
                unique: true,
                primary: true,
                visible: true,
            });
        }
        if def.columns.iter().filter(|c| c.auto_increment).count() > 1
            || def.columns.iter().any(|c| {
                c.auto_increment
                    && !def.indexes.iter().any(|i| {
                        i.columns.first().is_some_and(|&p| def.columns[p as usize].name == c.name)
                    })
                    && !secondary.iter().any(|(_, cols, _)| cols.first() == Some(&c.name))
            })
        {
            return Err(err(1075, "42000", "Incorrect table definition; there can be only one auto column and it must be defined as a key".into()));
        }
        for (index_name, cols, unique) in secondary {
            let positions = positions(&def, &cols)?;
            let index_name = index_name.unwrap_or_else(|| cols[0].clone());
            def.indexes.push(IndexDef {
                name: index_name,
                columns: positions,
                unique,
                primary: false,
                visible: true,
            });
        }
        let space = self.catalog.allocate_space_id();
        self.catalog.add_table(Table::new(def, space));
        Ok(ok(0))
    }

    fn add_index(
        &mut self,
        db: &str,
        table: &str,
        name: Option<String>,
        cols: &[String],
        unique: bool,
    ) -> Result<()> {
        let t = self
            .catalog
            .table_mut(db, table)
            .ok_or_else(|| MySqlError::no_such_table(db, table))?;
        let positions = positions(&t.def, cols)?;
        let name = name.unwrap_or_else(|| cols[0].clone());
        if t.def.index(&name).is_some() {
            return Err(err(1061, "42000", format!("Duplicate key name '{name}'")));
        }
        t.add_index(IndexDef { name, columns: positions, unique, primary: false, visible: true });
        Ok(())
    }

    fn insert(
        &mut self,
        session: &mut Session,
        ins: &sqlparser::ast::Insert,
        sql: &str,
        work: &mut Work,
    ) -> Result<Response> {
        let TableObject::TableName(name) = &ins.table else {
            return Err(MySqlError::not_supported_yet("INSERT INTO TABLE FUNCTION"));
        };
        let (db, table) = table_name(session, name)?;
        let def = match self.catalog.table(&db, &table) {
            Some(t) => t.def.clone(),
            None if self.catalog.has_database(&db) => {
                return Err(MySqlError::no_such_table(&db, &table))
            }
            None => return Err(MySqlError::unknown_database(&db)),
        };
        let targets: Vec<u32> = if ins.columns.is_empty() {
            (0..def.columns.len() as u32).collect()
        } else {
            let names: Vec<String> =
                ins.columns.iter().map(|c| c.to_string().trim_matches('`').to_string()).collect();
            names
                .iter()
                .map(|n| {
                    def.column_position(n)
                        .ok_or_else(|| MySqlError::unknown_column(n, "field list"))
                })
                .collect::<Result<_>>()?
        };
        let source =
            ins.source.as_ref().ok_or_else(|| MySqlError::not_supported_yet("INSERT ... SET"))?;
        let (rows, multi): (Vec<Row>, bool) = match source.body.as_ref() {
            SetExpr::Values(values) => {
                let r = self.running.as_ref().ok_or_else(super::cannot_connect)?;
                let now_micros = self.clock.unix_micros();
                let mut cx =
                    super::context::Cx { vars: &r.vars, session, now_micros, slept_micros: 0 };
                let mut rows = Vec::new();
                for (i, exprs) in values.rows.iter().enumerate() {
                    if exprs.len() != targets.len() {
                        return Err(err(
                            1136,
                            "21S01",
                            format!("Column count doesn't match value count at row {}", i + 1),
                        ));
                    }
                    rows.push(
                        exprs.iter().map(|e| eval_constant(e, &mut cx)).collect::<Result<Row>>()?,
                    );
                }
                work.slept_micros += cx.slept_micros;
                let multi = rows.len() > 1;
                (rows, multi)
            }
            _ => {
                let result = self.run_query(session, source, sql, work, 0)?;
                if result.meta.len() != targets.len() {
                    return Err(err(
                        1136,
                        "21S01",
                        "Column count doesn't match value count at row 1".into(),
                    ));
                }
                (result.rows, true)
            }
        };
        let n = rows.len() as u64;
        for (i, values) in rows.into_iter().enumerate() {
            let row_no = i as u64 + 1;
            let t = self
                .catalog
                .table_mut(&db, &table)
                .ok_or_else(|| MySqlError::no_such_table(&db, &table))?;
            let mut row: Row = vec![Value::Null; def.columns.len()];
            let mut given = vec![false; def.columns.len()];
            for (&p, v) in targets.iter().zip(values) {
                row[p as usize] = v;
                given[p as usize] = true;
            }
            for (p, col) in def.columns.iter().enumerate() {
                if col.auto_increment {
                    let v = row[p].to_i64().unwrap_or(0);
                    if row[p].is_null() || v == 0 {
                        row[p] = if col.unsigned {
                            Value::UInt(t.auto_increment_next)
                        } else {
                            Value::Int(t.auto_increment_next as i64)
                        };
                    } else if v as u64 >= t.auto_increment_next {
                        t.auto_increment_next = v as u64 + 1;
                    }
                    if row[p].to_i64().unwrap_or(0) as u64 == t.auto_increment_next {
                        t.auto_increment_next += 1;
                    }
                    continue;
                }
                if !given[p] {
                    row[p] = match &col.default {
                        Some(d) => d.clone(),
                        None if col.nullable => Value::Null,
                        None => {
                            return Err(err(
                                1364,
                                "HY000",
                                format!("Field '{}' doesn't have a default value", col.name),
                            ))
                        }
                    };
                }
                row[p] = coerce(col, std::mem::replace(&mut row[p], Value::Null), row_no)?;
            }
            let key = t.key_of(&row);
            t.insert(row).map_err(|d| {
                err(
                    1062,
                    "23000",
                    format!("Duplicate entry '{}' for key '{}.{}'", d.key_text, table, d.index),
                )
            })?;
            if session.in_transaction || !session.autocommit() {
                let after_key = key.or_else(|| Some(Key(vec![Value::UInt(0)])));
                session.undo.push(UndoRecord {
                    db: db.clone(),
                    table: table.clone(),
                    before: None,
                    after_key,
                });
                session.in_transaction = true;
            }
            self.touch_last_page(&db, &table);
            work.rows += 1;
        }
        if let Some(r) = self.running.as_mut() {
            r.status.add("Innodb_rows_inserted", n);
            r.status.add("Handler_write", n);
        }
        let info = multi.then(|| format!("Records: {n}  Duplicates: 0  Warnings: 0"));
        Ok(Response::Ok { affected_rows: n, info })
    }

    /// A row change dirties the last leaf page of the table: request it from the pool.
    fn touch_last_page(&mut self, db: &str, table: &str) {
        let Some(t) = self.catalog.table(db, table) else { return };
        let g = t.clustered_geometry();
        let page = PageId {
            space: t.space_id,
            page_no: 3 + g.leaf_page_of(t.row_count().saturating_sub(1)),
        };
        let Server { clock, disk, host, running, .. } = self;
        if let Some(Running { status, pool, oom, .. }) = running.as_mut() {
            let mut costs = Costs { clock, disk, host, pool, status, oom };
            costs.request_page(page);
        }
    }

    /// Rows of `db.table` matching `selection`, with their keys (UPDATE and DELETE collect
    /// first, then change, as a changed key must not be seen twice).
    fn matching_rows(
        &mut self,
        session: &mut Session,
        db: &str,
        table: &str,
        alias: &str,
        selection: Option<&sqlparser::ast::Expr>,
        work: &mut Work,
    ) -> Result<Vec<(Key, Row)>> {
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Running { vars, status, pool, oom, .. } =
            running.as_mut().ok_or_else(super::cannot_connect)?;
        let t = catalog.table(db, table).ok_or_else(|| MySqlError::no_such_table(db, table))?;
        let cols = TableColumns { alias, def: &t.def };
        let filter = match selection {
            Some(e) => Some(
                Binder::scalar(&cols, "where clause").with_locals(session.local_names()).bind(e)?,
            ),
            None => None,
        };
        let now_micros = clock.unix_micros();
        let mut cx = super::context::Cx { vars, session, now_micros, slept_micros: 0 };
        let mut costs = Costs { clock, disk, host, pool, status, oom };
        let mut found = Vec::new();
        let mut error = None;
        let wanted = vec![true; t.def.columns.len()];
        scan_table(t, None, &wanted, &mut costs, work, &mut |_, row| {
            let keep = match &filter {
                None => true,
                Some(f) => match eval(f, row, &[], &mut cx) {
                    Ok(v) => v.truth() == Some(true),
                    Err(e) => {
                        error = Some(e);
                        return false;
                    }
                },
            };
            if keep {
                let key = t.key_of(row).unwrap_or(Key(vec![Value::UInt(found.len() as u64 + 1)]));
                found.push((key, row.clone()));
            }
            true
        });
        work.slept_micros += cx.slept_micros;
        match error {
            Some(e) => Err(e),
            None => Ok(found),
        }
    }

    fn update(
        &mut self,
        session: &mut Session,
        up: &sqlparser::ast::Update,
        work: &mut Work,
    ) -> Result<Response> {
        let TableFactor::Table { name, alias, .. } = &up.table.relation else {
            return Err(MySqlError::not_supported_yet("UPDATE of a derived table"));
        };
        if !up.table.joins.is_empty() || up.from.is_some() {
            return Err(MySqlError::not_supported_yet("multi-table UPDATE"));
        }
        let (db, table) = table_name(session, name)?;
        let alias = alias.as_ref().map_or(table.clone(), |a| a.name.value.clone());
        let def = self
            .catalog
            .table(&db, &table)
            .ok_or_else(|| MySqlError::no_such_table(&db, &table))?
            .def
            .clone();
        let cols = TableColumns { alias: &alias, def: &def };
        let mut assignments = Vec::new();
        for a in &up.assignments {
            let AssignmentTarget::ColumnName(target) = &a.target else {
                return Err(MySqlError::not_supported_yet("tuple assignments"));
            };
            let col_name = target
                .0
                .last()
                .map(|p| p.to_string().trim_matches('`').to_string())
                .unwrap_or_default();
            let p = def
                .column_position(&col_name)
                .ok_or_else(|| MySqlError::unknown_column(&col_name, "field list"))?;
            assignments.push((
                p,
                Binder::scalar(&cols, "field list")
                    .with_locals(session.local_names())
                    .bind(&a.value)?,
            ));
        }
        let matched =
            self.matching_rows(session, &db, &table, &alias, up.selection.as_ref(), work)?;
        let limit = match &up.limit {
            Some(e) => eval_constant(e, &mut super::query::constant_context())?
                .to_i64()
                .unwrap_or(0)
                .max(0) as usize,
            None => usize::MAX,
        };
        let mut changed = 0u64;
        let matched_count = matched.len().min(limit) as u64;
        for (i, (key, old)) in matched.into_iter().take(limit).enumerate() {
            let r = self.running.as_ref().ok_or_else(super::cannot_connect)?;
            let now_micros = self.clock.unix_micros();
            let mut cx = super::context::Cx { vars: &r.vars, session, now_micros, slept_micros: 0 };
            let mut new = old.clone();
            for (p, e) in &assignments {
                // MySQL evaluates assignments left to right, each seeing the earlier ones.
                let v = eval(e, &new, &[], &mut cx)?;
                new[*p as usize] = coerce(&def.columns[*p as usize], v, i as u64 + 1)?;
            }
            if new == old {
                continue;
            }
            let t = self
                .catalog
                .table_mut(&db, &table)
                .ok_or_else(|| MySqlError::no_such_table(&db, &table))?;
            let new_key = t.key_of(&new);
            t.update(&key, new).map_err(|d| {
                err(
                    1062,
                    "23000",
                    format!("Duplicate entry '{}' for key '{}.{}'", d.key_text, table, d.index),
                )
            })?;
            if session.in_transaction || !session.autocommit() {
                session.undo.push(UndoRecord {
                    db: db.clone(),
                    table: table.clone(),
                    before: Some(old),
                    after_key: new_key.or(Some(key)),
                });
                session.in_transaction = true;
            }
            changed += 1;
        }
        if let Some(r) = self.running.as_mut() {
            r.status.add("Innodb_rows_updated", changed);
            r.status.add("Handler_update", changed);
        }
        Ok(Response::Ok {
            affected_rows: changed,
            info: Some(format!("Rows matched: {matched_count}  Changed: {changed}  Warnings: 0")),
        })
    }

    fn delete(
        &mut self,
        session: &mut Session,
        del: &sqlparser::ast::Delete,
        work: &mut Work,
    ) -> Result<Response> {
        let from = match &del.from {
            FromTable::WithFromKeyword(f) | FromTable::WithoutKeyword(f) => f,
        };
        let [twj] = from.as_slice() else {
            return Err(MySqlError::not_supported_yet("multi-table DELETE"));
        };
        let TableFactor::Table { name, alias, .. } = &twj.relation else {
            return Err(MySqlError::not_supported_yet("DELETE from a derived table"));
        };
        let (db, table) = table_name(session, name)?;
        let alias = alias.as_ref().map_or(table.clone(), |a| a.name.value.clone());
        let matched =
            self.matching_rows(session, &db, &table, &alias, del.selection.as_ref(), work)?;
        let limit = match &del.limit {
            Some(e) => eval_constant(e, &mut super::query::constant_context())?
                .to_i64()
                .unwrap_or(0)
                .max(0) as usize,
            None => usize::MAX,
        };
        let mut deleted = 0u64;
        for (key, old) in matched.into_iter().take(limit) {
            let t = self
                .catalog
                .table_mut(&db, &table)
                .ok_or_else(|| MySqlError::no_such_table(&db, &table))?;
            if t.delete(&key) {
                deleted += 1;
                if session.in_transaction || !session.autocommit() {
                    session.undo.push(UndoRecord {
                        db: db.clone(),
                        table: table.clone(),
                        before: Some(old),
                        after_key: None,
                    });
                    session.in_transaction = true;
                }
            }
        }
        if let Some(r) = self.running.as_mut() {
            r.status.add("Innodb_rows_deleted", deleted);
            r.status.add("Handler_delete", deleted);
        }
        Ok(ok(deleted))
    }
}

fn positions(def: &TableDef, cols: &[String]) -> Result<Vec<u32>> {
    cols.iter()
        .map(|c| {
            def.column_position(c).ok_or_else(|| {
                err(1072, "42000", format!("Key column '{c}' doesn't exist in table"))
            })
        })
        .collect()
}
