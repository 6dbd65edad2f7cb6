//! Row changes: INSERT (VALUES and INSERT ... SELECT, with AUTO_INCREMENT), UPDATE and
//! DELETE, with values checked against column types as in strict mode (errors 1048, 1264,
//! 1364, 1366, 1406, 1265, 1062), every change recorded in the session's undo log inside a
//! transaction, and the changed page requested from the buffer pool.

use crate::error::{MySqlError, Result};
use crate::server::session::{Session, UndoRecord};
use crate::server::statements::{ok, table_name};
use crate::server::{Running, Server};
use crate::sql::bind::{Binder, Columns};
use crate::sql::execution::costs::Costs;
use crate::sql::execution::handler_io::{RowOp, NO_INDEX};
use crate::sql::execution::table_read::{path_slot, read};
use crate::sql::execution::Work;
use crate::sql::expr::{eval, eval_constant};
use crate::sql::planner::access_path::{
    column_kinds, plan_tables, scan_choice, split_conditions, TableInput,
};
use crate::sql::Response;
use crate::status_id;
use crate::storage::catalog::{TriggerEvent as Event, TriggerTiming as Timing};
use crate::storage::schema::{ColumnDef, ColumnType, TableDef};
use crate::storage::table::{Key, Row};
use crate::storage::value::{Decimal, Value};
use sqlparser::ast::{AssignmentTarget, FromTable, SetExpr, TableFactor, TableObject};

/// [`coerce`], except that under IGNORE a value the column cannot hold becomes the nearest
/// one it can, with the warning that says so handed to `warn` (INSERT, UPDATE and the
/// multi-table UPDATE IGNORE).
pub(crate) fn coerce_or_adjust(
    table: &str,
    col: &ColumnDef,
    v: Value,
    row_no: u64,
    ignore: bool,
    warn: &mut dyn FnMut(crate::error::Warning),
) -> Result<Value> {
    // Kept for the adjustment only when IGNORE may need it.
    let kept = ignore.then(|| v.clone());
    match (coerce(table, col, v, row_no), kept) {
        (Ok(stored), _) => Ok(stored),
        (Err(e), Some(v)) => {
            let (stored, warning) = super::upsert::adjusted(col, &v, &e);
            warn(warning);
            Ok(stored)
        }
        (Err(e), None) => Err(e),
    }
}

/// Converts a value for storing in `col` of `table`, as strict mode does.
pub(crate) fn coerce(table: &str, col: &ColumnDef, v: Value, row_no: u64) -> Result<Value> {
    if v.is_null() {
        return if col.nullable || col.auto_increment {
            Ok(Value::Null)
        } else {
            Err(MySqlError::column_cannot_be_null(&col.name))
        };
    }
    let out_of_range = || MySqlError::out_of_range_for_column(&col.name, row_no);
    let ty = &col.ty;
    // A binary string stored in a number column is read as a hexadecimal literal is there
    // (`0x41` stores 65). Simplification: MySQL reads only a literal so, and refuses the
    // result of UNHEX() or CAST(.. AS BINARY) in strict mode (1366 Incorrect integer value).
    let numeric = ty.is_integer()
        || matches!(ty, ColumnType::Decimal { .. } | ColumnType::Float | ColumnType::Double);
    let v = match v {
        Value::Bin(b) if numeric => crate::sql::literal::hex_number(&b),
        other => other,
    };
    Ok(match ty {
        t if t.is_integer() => {
            let n: i128 = match &v {
                Value::Int(i) => i128::from(*i),
                Value::UInt(u) => i128::from(*u),
                Value::Str(s)
                    if s.trim().parse::<i128>().is_err() && Decimal::parse(s.trim()).is_none() =>
                {
                    return Err(MySqlError::incorrect_value_for_column(
                        "integer", s, &col.name, row_no,
                    ));
                }
                other => other
                    .to_decimal()
                    .map(|d| d.rescale(0).mantissa)
                    .unwrap_or_else(|| other.to_f64().unwrap_or(0.0).round() as i128),
            };
            let bits = super::upsert::integer_bits(t);
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
        ColumnType::Time(fsp) => time_for_column(&v, *fsp, &col.name, row_no)?,
        ColumnType::Char(n) | ColumnType::Varchar(n) => {
            let s = v.to_text().unwrap_or_default();
            if s.chars().count() as u32 > *n {
                return Err(MySqlError::data_too_long(&col.name, row_no));
            }
            Value::Str(s)
        }
        // Binary strings take the value's bytes (a number's text, a string's UTF-8) and are
        // measured in bytes; BINARY(n) pads a shorter value with 0x00 bytes to n, as MySQL
        // stores it (the manual's "The BINARY and VARBINARY Types").
        ColumnType::Binary(n) | ColumnType::VarBinary(n) => {
            let mut bytes = v.to_bytes().unwrap_or_default();
            if bytes.len() as u64 > u64::from(*n) {
                return Err(MySqlError::data_too_long(&col.name, row_no));
            }
            if let ColumnType::Binary(_) = ty {
                bytes.resize(*n as usize, 0);
            }
            Value::Bin(bytes)
        }
        // TEXT types count their limit in bytes of utf8mb4 (TINYTEXT: 255 bytes, 63 characters
        // of four bytes or 255 of one).
        ColumnType::Text(size) => {
            let s = v.to_text().unwrap_or_default();
            if s.len() as u64 > size.max_bytes() {
                return Err(MySqlError::data_too_long(&col.name, row_no));
            }
            Value::Str(s)
        }
        ColumnType::Blob(size) => {
            let bytes = v.to_bytes().unwrap_or_default();
            if bytes.len() as u64 > size.max_bytes() {
                return Err(MySqlError::data_too_long(&col.name, row_no));
            }
            Value::Bin(bytes)
        }
        ColumnType::Enum(values) => {
            let s = v.to_text().unwrap_or_default();
            match values.iter().find(|e| e.eq_ignore_ascii_case(&s)) {
                Some(e) => Value::Str(e.clone()),
                None => return Err(MySqlError::data_truncated(&col.name, row_no)),
            }
        }
        // A JSON column takes JSON text (a JSON function's result is one) and keeps its
        // normal form; a number is refused, as MySQL asks for CAST.
        ColumnType::Json => match &v {
            Value::Str(s) => crate::sql::json::parse::parse(s)
                .map_err(|e| e.in_column(&format!("{table}.{}", col.name)))?
                .into_value(),
            _ => {
                return Err(MySqlError::invalid_json_for_column(
                    "not a JSON text, may need CAST",
                    0,
                    &format!("{table}.{}", col.name),
                ))
            }
        },
        _ => Value::Str(v.to_text().unwrap_or_default()),
    })
}

/// A value for a TIME(fsp) column, as strict mode stores it: read as CAST(v AS TIME) reads it
/// (`'12:34:56'`, `'1 02:00:00'` as 26 hours, `'123456'` and 123456 as 12:34:56), the
/// fraction rounded to fsp digits. Text that is no time, text with more after the time, and
/// a time past -838:59:59 .. 838:59:59 are ERROR 1292 (non-strict modes clip with a warning;
/// the engine keeps strict mode).
fn time_for_column(v: &Value, fsp: u8, column: &str, row_no: u64) -> Result<Value> {
    use crate::sql::cast::temporal::{parse_time, time_from_number};
    let shown = match v {
        Value::Double(d) => crate::storage::value::format_double(*d),
        other => other.to_text().unwrap_or_default(),
    };
    if let Value::Bin(_) = v {
        return time_for_column(&Value::Str(shown), fsp, column, row_no);
    }
    let parsed = match v {
        Value::Str(s) => parse_time(s).map(|(p, clipped)| (p.value, p.truncated || clipped)),
        Value::Int(i) => time_from_number(*i < 0, i.unsigned_abs(), 0),
        Value::UInt(u) => time_from_number(false, *u, 0),
        Value::Decimal(d) => {
            let whole = (d.mantissa / 10i128.pow(u32::from(d.scale))).unsigned_abs();
            let frac = d.rescale(6).mantissa.unsigned_abs() % 1_000_000;
            u64::try_from(whole).ok().and_then(|n| time_from_number(d.mantissa < 0, n, frac as u32))
        }
        Value::Double(d) => {
            let a = d.abs();
            let micros = (((a - a.trunc()) * 1e6).round() as u32).min(999_999);
            time_from_number(*d < 0.0, a.trunc() as u64, micros)
        }
        Value::Null => None,
        // A binary string was read as its text above.
        Value::Bin(_) => None,
    };
    let incorrect = || {
        let mut e = MySqlError::incorrect_value_for_column("time", &shown, column, row_no);
        e.code = 1292;
        e.sqlstate = "22007".into();
        e
    };
    match parsed {
        Some((t, false)) => {
            let (t, clipped) = t.round(fsp);
            if clipped {
                return Err(incorrect());
            }
            Ok(Value::Str(t.text(fsp)))
        }
        _ => Err(incorrect()),
    }
}

/// The errors of one row that UPDATE IGNORE and DELETE IGNORE turn into a warning, leaving
/// the row as it was (the manual's "The Effect of IGNORE on Statement Execution"): a
/// duplicate key, and a FOREIGN KEY's missing parent or remaining child rows.
pub(crate) fn skipped_by_ignore(e: &MySqlError) -> bool {
    matches!(e.code, 1062 | 1451 | 1452)
}

/// The warning an error becomes under IGNORE: its code and text at level Warning.
pub(crate) fn ignored(e: MySqlError) -> crate::error::Warning {
    crate::error::Warning { level: "Warning", code: e.code, message: e.message }
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
        // Hidden columns included: the planner names one for a functional index (a user
        // cannot, the binder refuses it first).
        match (matches_table, self.def.any_column_position(name)) {
            (true, Some(p)) => Ok(p),
            _ => {
                let full = qualifier.map_or(name.to_string(), |q| format!("{q}.{name}"));
                Err(MySqlError::unknown_column(&full, clause))
            }
        }
    }

    fn is_json(&self, position: u32) -> bool {
        self.def.columns.get(position as usize).is_some_and(|c| c.ty == ColumnType::Json)
    }

    fn is_time(&self, position: u32) -> bool {
        self.def.columns.get(position as usize).is_some_and(|c| matches!(c.ty, ColumnType::Time(_)))
    }
}

impl Server {
    pub(crate) fn insert(
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
        self.refuse_write(session, &db, &table)?;
        Server::refuse_trigger_table(session, &db, &table)?;
        let def = match self.catalog.table(&db, &table) {
            Some(t) => t.def.clone(),
            None if self.catalog.has_database(&db) => {
                return Err(MySqlError::no_such_table(&db, &table))
            }
            None => return Err(MySqlError::unknown_database(&db)),
        };
        let targets: Vec<u32> = if ins.columns.is_empty() {
            // Without a column list: every column but a functional key part's hidden ones.
            def.visible_columns().map(|(p, _)| p).collect()
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
        let targets = if ins.assignments.is_empty() {
            targets
        } else {
            // INSERT ... SET a = 1, b = 2: one row, its columns named by the assignments.
            ins.assignments
                .iter()
                .map(|a| {
                    assigned_column(&def, &a.target)
                        .unwrap_or_else(|| Err(MySqlError::syntax(&a.to_string(), 1)))
                })
                .collect::<Result<Vec<u32>>>()?
        };
        // Per row given by VALUES or SET, the values that are the keyword DEFAULT: their
        // columns take their defaults as if not named (`column_defaults.rs`).
        let mut defaulted: Vec<Vec<bool>> = Vec::new();
        let (rows, multi): (Vec<Row>, bool) = match ins.source.as_ref().map(|q| q.body.as_ref()) {
            None => {
                let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
                let now_micros = self.clock.unix_micros();
                let mut cx = crate::server::context::Cx::new(&r.vars, session, now_micros);
                let mut row = Row::new();
                let mut marks = Vec::new();
                for (a, &p) in ins.assignments.iter().zip(&targets) {
                    let (v, is_default) = row_value(&a.value, &def, p, &mut cx)?;
                    row.push(v);
                    marks.push(is_default);
                }
                defaulted.push(marks);
                cx.charge_to(work);
                (vec![row], false)
            }
            Some(SetExpr::Values(values)) => {
                let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
                let now_micros = self.clock.unix_micros();
                let mut cx = crate::server::context::Cx::new(&r.vars, session, now_micros);
                let mut rows = Vec::new();
                for (i, exprs) in values.rows.iter().enumerate() {
                    if exprs.len() != targets.len() {
                        return Err(MySqlError::value_count_mismatch(i as u64 + 1));
                    }
                    let mut row = Row::with_capacity(exprs.len());
                    let mut marks = Vec::with_capacity(exprs.len());
                    for (e, &p) in exprs.iter().zip(&targets) {
                        let (v, is_default) = row_value(e, &def, p, &mut cx)?;
                        row.push(v);
                        marks.push(is_default);
                    }
                    rows.push(row);
                    defaulted.push(marks);
                }
                cx.charge_to(work);
                let multi = rows.len() > 1;
                (rows, multi)
            }
            Some(_) => {
                let source = ins.source.as_ref().expect("matched Some");
                let result = self.run_query(session, source, sql, work, 0, false)?;
                if result.meta.len() != targets.len() {
                    return Err(MySqlError::value_count_mismatch(1));
                }
                (result.into_values().1, true)
            }
        };
        let on_conflict = self.on_conflict(session, ins, &table, &def)?;
        let ignore = ins.ignore;
        let n = rows.len() as u64;
        // COPY_INFO's counts (see `upsert`): rows inserted, old rows deleted by REPLACE, old
        // rows changed by ON DUPLICATE KEY UPDATE.
        let (mut copied, mut deleted, mut updated) = (0u64, 0u64, 0u64);
        let warned_before = session.pending_warnings.len() as u64;
        // performance_schema's timer for the inserts: the last page's wait and the rows' CPU.
        let mut page_ns = 0u64;
        let triggers = self.table_triggers(&db, &table);
        let rules = self.row_rules(&def, &db, &table, &insert_partition_names(ins)?)?;
        for (i, values) in rows.into_iter().enumerate() {
            let row_no = i as u64 + 1;
            let mut row: Row = vec![Value::Null; def.columns.len()];
            let mut given = vec![false; def.columns.len()];
            // The AUTO_INCREMENT value this row generates: it counts (LAST_INSERT_ID(), the
            // slow log's insert_id) once the row's values are all stored, as mysqld takes it
            // in write_row, after the columns' conversions.
            let mut generated = None;
            let marks = defaulted.get(i);
            for (j, (&p, v)) in targets.iter().zip(values).enumerate() {
                row[p as usize] = v;
                given[p as usize] = !marks.and_then(|m| m.get(j)).copied().unwrap_or(false);
                // A generated column takes only DEFAULT (ER_NON_DEFAULT_VALUE_FOR_GENERATED_
                // COLUMN, an error with IGNORE too: fill_record refuses it before any row).
                if given[p as usize] && def.columns[p as usize].generated.is_some() {
                    let name = &def.columns[p as usize].name;
                    return Err(MySqlError::generated_column_value(name, &table));
                }
            }
            // With BEFORE INSERT triggers the AUTO_INCREMENT value is generated after them:
            // they see 0 for it (the manual's "Using Triggers"). Without, it is generated as
            // the columns are read, as before triggers existed.
            let deferred = !triggers.is_empty();
            let t = self
                .catalog
                .table_mut(&db, &table)
                .ok_or_else(|| MySqlError::no_such_table(&db, &table))?;
            for (p, col) in def.columns.iter().enumerate() {
                // Computed below, once the row's other values are in.
                if col.generated.is_some() {
                    continue;
                }
                if col.auto_increment {
                    if !deferred {
                        generated = generated.or(next_auto_increment(t, col, &mut row[p]));
                    }
                    continue;
                }
                if !given[p] {
                    row[p] = match &col.default {
                        Some(d) => d.clone(),
                        None if col.nullable => Value::Null,
                        None if ignore => {
                            session.warn(crate::error::Warning {
                                level: "Warning",
                                code: 1364,
                                message: MySqlError::no_default_for_field(&col.name).message,
                            });
                            super::upsert::implicit_default(col)
                        }
                        None => return Err(MySqlError::no_default_for_field(&col.name)),
                    };
                }
                let v = std::mem::replace(&mut row[p], Value::Null);
                // IGNORE turns the error into a warning and stores the nearest value.
                row[p] =
                    coerce_or_adjust(&def.name, col, v, row_no, ignore, &mut |w| session.warn(w))?;
            }
            if deferred {
                for (p, col) in def.columns.iter().enumerate() {
                    if col.auto_increment && row[p].is_null() {
                        row[p] = Value::Int(0);
                    }
                }
                let (before, event) = (Timing::Before, Event::Insert);
                triggers.run(self, session, before, event, None, Some(&mut row), row_no, work)?;
            }
            if !rules.is_empty()
                && !self.apply_row_rules(session, &def, &rules, &mut row, row_no, ignore, work)?
            {
                continue;
            }
            let t = self
                .catalog
                .table_mut(&db, &table)
                .ok_or_else(|| MySqlError::no_such_table(&db, &table))?;
            if deferred {
                for (p, col) in def.columns.iter().enumerate() {
                    if col.auto_increment {
                        generated = generated.or(next_auto_increment(t, col, &mut row[p]));
                    }
                }
            }
            if let Some(id) = generated {
                session.generated_insert_id(id);
            }
            // The row it collides with on the primary key or a UNIQUE index, if any.
            let taken = t.conflict(&row, None).and_then(|(d, k)| t.get(&k).map(|old| (d, k, old)));
            if let Some((dup, old_key, old)) = taken {
                match &on_conflict {
                    super::upsert::OnConflict::Fail => {
                        return Err(MySqlError::duplicate_entry(&dup.key_text, &table, &dup.index));
                    }
                    super::upsert::OnConflict::Skip => {
                        session.warn(crate::error::Warning {
                            level: "Warning",
                            code: 1062,
                            message: MySqlError::duplicate_entry(&dup.key_text, &table, &dup.index)
                                .message,
                        });
                        continue;
                    }
                    super::upsert::OnConflict::Replace => {
                        // REPLACE deletes every row the new one collides with: at most one
                        // per unique key, each found again after the last is gone.
                        // Each deletion runs the DELETE triggers (the manual's REPLACE page).
                        let mut next = Some((old_key, old));
                        while let Some((old_key, old)) = next.take() {
                            let (before, after) = (Timing::Before, Timing::After);
                            let gone = Some(&old);
                            triggers.run(
                                self,
                                session,
                                before,
                                Event::Delete,
                                gone,
                                None,
                                0,
                                work,
                            )?;
                            if self.catalog.has_foreign_keys() {
                                self.follow_parent_change(session, &db, &table, &old, None, 0)?;
                            }
                            let t = self
                                .catalog
                                .table_mut(&db, &table)
                                .ok_or_else(|| MySqlError::no_such_table(&db, &table))?;
                            t.delete(&old_key);
                            next = t
                                .conflict(&row, None)
                                .and_then(|(_, k)| t.get(&k).map(|old| (k, old)));
                            self.record_row_change(session, &db, &table, Some(old.clone()), None);
                            let gone = Some(&old);
                            triggers.run(
                                self,
                                session,
                                after,
                                Event::Delete,
                                gone,
                                None,
                                0,
                                work,
                            )?;
                            deleted += 1;
                        }
                    }
                    super::upsert::OnConflict::Update(assignments) => {
                        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
                        let now_micros = self.clock.unix_micros();
                        let mut cx = crate::server::context::Cx::new(&r.vars, session, now_micros);
                        // The assignments see the old row, changing as they go, then the
                        // proposed one.
                        let width = def.columns.len();
                        let mut both = old.clone();
                        both.extend(row);
                        for (p, e) in assignments {
                            let v = eval(e, &both, &[], &mut cx)?;
                            both[*p as usize] =
                                coerce(&def.name, &def.columns[*p as usize], v, row_no)?;
                        }
                        cx.charge_to(work);
                        both.truncate(width);
                        let mut new = both;
                        // BEFORE UPDATE, the update, then AFTER UPDATE, for a row left as it
                        // was too (sql_insert.cc's write_record runs it after the comparison;
                        // UNCONFIRMED, read from the source's structure).
                        let (before, after, event) = (Timing::Before, Timing::After, Event::Update);
                        let was = Some(&old);
                        triggers.run(
                            self,
                            session,
                            before,
                            event,
                            was,
                            Some(&mut new),
                            row_no,
                            work,
                        )?;
                        if !rules.is_empty()
                            && !self.apply_row_rules(
                                session, &def, &rules, &mut new, row_no, ignore, work,
                            )?
                        {
                            continue;
                        }
                        if new == old {
                            triggers.run(
                                self,
                                session,
                                after,
                                event,
                                was,
                                Some(&mut new),
                                row_no,
                                work,
                            )?;
                            continue;
                        }
                        if self.catalog.has_foreign_keys() {
                            self.check_parent_rows(session, &def, &new, Some(&old))?;
                            self.follow_parent_change(session, &db, &table, &old, Some(&new), 0)?;
                        }
                        let t = self
                            .catalog
                            .table_mut(&db, &table)
                            .ok_or_else(|| MySqlError::no_such_table(&db, &table))?;
                        t.update(&old_key, new.clone()).map_err(|d| {
                            MySqlError::duplicate_entry(&d.key_text, &table, &d.index)
                        })?;
                        self.record_row_change(session, &db, &table, Some(old.clone()), Some(&new));
                        let (after, event) = (Timing::After, Event::Update);
                        triggers.run(
                            self,
                            session,
                            after,
                            event,
                            Some(&old),
                            Some(&mut new),
                            row_no,
                            work,
                        )?;
                        copied += 1;
                        updated += 1;
                        let start = self.clock.now();
                        self.touch_last_page(&db, &table);
                        page_ns += self.clock.now().since(start).as_nanos();
                        work.rows += 1;
                        continue;
                    }
                }
            }
            if self.catalog.has_foreign_keys() {
                self.check_parent_rows(session, &def, &row, None)?;
            }
            let t = self
                .catalog
                .table_mut(&db, &table)
                .ok_or_else(|| MySqlError::no_such_table(&db, &table))?;
            let row_bytes = u64::from(crate::storage::record::clustered_record_bytes(&t.def, &row));
            let after = (!triggers.is_empty()).then(|| row.clone());
            // The key the row went in under: its primary key, or the hidden row id of a table
            // without one (which the statement's undo needs to take the row out again).
            let key = t
                .insert(row)
                .map_err(|d| MySqlError::duplicate_entry(&d.key_text, &table, &d.index))?;
            let undo = UndoRecord {
                db: db.clone(),
                table: table.clone(),
                before: None,
                after_key: Some(key),
            };
            self.log_change(session.id, undo.clone(), row_bytes);
            session.statement_undo.push(undo.clone());
            if session.in_transaction || !session.autocommit() {
                session.undo.push(undo);
                session.in_transaction = true;
            }
            let start = self.clock.now();
            self.touch_last_page(&db, &table);
            page_ns += self.clock.now().since(start).as_nanos();
            work.rows += 1;
            copied += 1;
            if let Some(mut after) = after {
                let event = Event::Insert;
                triggers.run(
                    self,
                    session,
                    Timing::After,
                    event,
                    None,
                    Some(&mut after),
                    row_no,
                    work,
                )?;
            }
        }
        let inserted = copied - updated;
        let ps = page_ns * 1000 + self.row_cpu_ps(copied + deleted);
        if let Some(t) = self.catalog.table(&db, &table) {
            work.table_io.add(t, NO_INDEX, RowOp::Insert, inserted, ps);
        }
        if let Some(r) = self.running.as_mut() {
            r.status.add(status_id!("Innodb_rows_inserted"), inserted);
            r.status.add(status_id!("Handler_write"), inserted);
            r.status.add(status_id!("Innodb_rows_updated"), updated);
            r.status.add(status_id!("Handler_update"), updated);
            r.status.add(status_id!("Innodb_rows_deleted"), deleted);
            r.status.add(status_id!("Handler_delete"), deleted);
        }
        let warnings = (session.pending_warnings.len() as u64
            + u64::from(session.pending_warnings_dropped))
        .saturating_sub(warned_before);
        let duplicates = if ignore { n - copied } else { deleted + updated };
        // mysqld sends the info line for several rows (INSERT ... SELECT among them), never
        // for one (sql_insert.cc: one row gets a plain OK unless SQL_WARNINGS is set).
        let info = multi.then(|| super::upsert::info(n, duplicates, warnings));
        Ok(Response::Ok { affected_rows: copied + deleted + updated, info })
    }

    /// How the INSERT resolves a taken primary or unique key: ON DUPLICATE KEY UPDATE's assignments
    /// bound over the old and the proposed row, REPLACE, IGNORE, or the error.
    fn on_conflict(
        &self,
        session: &mut Session,
        ins: &sqlparser::ast::Insert,
        table: &str,
        def: &TableDef,
    ) -> Result<super::upsert::OnConflict> {
        use super::upsert::{OnConflict, UpsertColumns};
        if ins.replace_into {
            return Ok(OnConflict::Replace);
        }
        let Some(sqlparser::ast::OnInsert::DuplicateKeyUpdate(assignments)) = &ins.on else {
            return Ok(if ins.ignore { OnConflict::Skip } else { OnConflict::Fail });
        };
        let cols = UpsertColumns {
            table,
            def,
            row_alias: ins
                .insert_alias
                .as_ref()
                .map(|a| a.row_alias.to_string().trim_matches('`').to_string()),
            column_aliases: ins
                .insert_alias
                .as_ref()
                .and_then(|a| a.col_aliases.as_ref())
                .map(|c| c.iter().map(|i| i.value.clone()).collect())
                .unwrap_or_default(),
        };
        let mut bound = Vec::new();
        let uses_values = assignments
            .iter()
            .any(|a| a.value.to_string().to_ascii_uppercase().replace(' ', "").contains("VALUES("));
        if uses_values {
            session.warn(crate::error::Warning {
                level: "Warning",
                code: 1287,
                message: super::upsert::VALUES_DEPRECATED.into(),
            });
        }
        for a in assignments {
            let p = assigned_column(def, &a.target)
                .unwrap_or_else(|| Err(MySqlError::not_supported_yet("tuple assignments")))?;
            if def.columns[p as usize].generated.is_some() {
                if super::column_defaults::is_default_keyword(&a.value) {
                    continue;
                }
                return Err(MySqlError::generated_column_value(
                    &def.columns[p as usize].name,
                    table,
                ));
            }
            let value = super::column_defaults::with_defaults(&a.value, def, Some(p))?;
            let e = Binder::scalar(&cols, "field list")
                .with_locals(session.local_names())
                .bind(&value)?;
            bound.push((p, e));
        }
        Ok(OnConflict::Update(bound))
    }

    /// Records a row change made by an INSERT's conflict: the redo and binlog record, the
    /// statement's undo and, inside a transaction, the transaction's.
    fn record_row_change(
        &mut self,
        session: &mut Session,
        db: &str,
        table: &str,
        before: Option<Row>,
        after: Option<&Row>,
    ) {
        let bytes_of = before.as_deref().or(after.map(|r| r.as_slice())).unwrap_or(&[]);
        let row_bytes = self.record_bytes(db, table, bytes_of);
        let after_key = after.and_then(|r| self.catalog.table(db, table).and_then(|t| t.key_of(r)));
        let undo = UndoRecord { db: db.into(), table: table.into(), before, after_key };
        self.log_change(session.id, undo.clone(), row_bytes);
        session.statement_undo.push(undo.clone());
        if session.in_transaction || !session.autocommit() {
            session.undo.push(undo);
            session.in_transaction = true;
        }
    }

    /// A row change dirties the last leaf page of the table: request it from the pool. A row
    /// that starts a new leaf (or the table's first row) creates that page in the pool rather
    /// than reading it (`buf_page_create`): it exists nowhere on disk yet.
    ///
    /// Simplification: the non-leaf pages a growing tree adds are not created.
    pub(super) fn touch_last_page(&mut self, db: &str, table: &str) {
        let Some(t) = self.catalog.table(db, table) else { return };
        let g = t.clustered_geometry();
        let last = t.row_count().saturating_sub(1);
        let leaf = g.leaf_page_of(last);
        let new_page = last == 0 || (last > 0 && g.leaf_page_of(last - 1) != leaf);
        let page = crate::innodb::tablespace::index_page(t, leaf);
        let Server { clock, disk, host, running, .. } = self;
        if let Some(Running { status, pool, oom, .. }) = running.as_mut() {
            let mut costs = Costs { clock, disk, host, pool, status, oom };
            if new_page && !costs.pool.contains(page) {
                costs.create_page(page);
            } else {
                costs.request_page(page);
            }
            pool.mark_dirty(page);
        }
    }

    /// The CPU time of `rows` rows in picoseconds (performance_schema's timer for row
    /// changes, whose CPU the statement's end charges).
    pub(super) fn row_cpu_ps(&self, rows: u64) -> u64 {
        crate::sql::execution::costs::row_cpu_ps(&self.host, rows)
    }

    /// Fills a row's generated columns and checks its CHECK constraints (`row_rules.rs`):
    /// false when a constraint fails under IGNORE (warning 3819, the row is skipped); the
    /// failure is the statement's error otherwise.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn apply_row_rules(
        &mut self,
        session: &mut Session,
        def: &TableDef,
        rules: &super::row_rules::RowRules,
        row: &mut Row,
        row_no: u64,
        ignore: bool,
        work: &mut Work,
    ) -> Result<bool> {
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        let now_micros = self.clock.unix_micros();
        let mut cx = crate::server::context::Cx::new(&r.vars, session, now_micros);
        let outcome = rules.apply(def, row, row_no, &mut cx)?;
        // A generated column or CHECK that calls SLEEP() or BENCHMARK() charges its time.
        cx.charge_to(work);
        match outcome {
            Ok(()) => Ok(true),
            Err(super::row_rules::Violation(e)) if ignore => {
                session.warn(crate::error::Warning {
                    level: "Warning",
                    code: e.code,
                    message: e.message,
                });
                Ok(false)
            }
            Err(super::row_rules::Violation(e)) => Err(e),
        }
    }

    /// Rows of `db.table` matching `selection`, with their keys (UPDATE and DELETE collect
    /// first, then change, as a changed key must not be seen twice), and the index slot that
    /// found them (where the changes count in performance_schema).
    fn matching_rows(
        &mut self,
        session: &mut Session,
        db: &str,
        table: &str,
        alias: &str,
        wanted: Wanted,
        work: &mut Work,
    ) -> Result<(Vec<(Key, Row)>, u32)> {
        let Wanted { selection, order_by, partitions } = wanted;
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Running { vars, status, pool, oom, .. } =
            running.as_mut().ok_or_else(MySqlError::cannot_connect)?;
        let t = catalog.table(db, table).ok_or_else(|| MySqlError::no_such_table(db, table))?;
        let cols = TableColumns { alias, def: &t.def };
        // An expression an indexed generated column defines reads that column instead.
        let substituted = selection.and_then(|e| {
            crate::sql::planner::generated_columns::substitute_single(e, &t.def, alias)
        });
        let filter = match substituted.as_ref().or(selection) {
            Some(e) => Some(
                Binder::scalar(&cols, "where clause").with_locals(session.local_names()).bind(e)?,
            ),
            None => None,
        };
        let order = order_by
            .iter()
            .map(|o| {
                let desc = matches!(o.options.sort, Some(sqlparser::ast::OrderBySort::Desc));
                let binder = Binder::scalar(&cols, "order clause");
                Ok((binder.with_locals(session.local_names()).bind(&o.expr)?, desc))
            })
            .collect::<Result<Vec<_>>>()?;
        let now_micros = clock.unix_micros();
        let mut cx = crate::server::context::Cx::new(vars, session, now_micros);
        // The rows are found along the access path a SELECT with this WHERE would take: a
        // primary key or secondary index lookup or range when one applies, else a full scan.
        let width = t.def.columns.len() as u32;
        let tables = [TableInput {
            table: Some(t),
            offset: 0,
            width,
            outer: false,
            rows: 0,
            hints: crate::sql::planner::access_path::IndexHints::default()
                .with_partitions(partitions, t)?,
        }];
        let levels = split_conditions(filter.as_ref(), &[None], &tables);
        let needed = vec![true; width as usize];
        let kinds = column_kinds(&tables);
        let choice = plan_tables(&tables, &levels, &needed, &kinds, &mut |e| {
            eval(e, &[], &[], &mut cx).ok()
        })
        .pop()
        .flatten()
        .unwrap_or_else(|| scan_choice(t));
        let mut costs = Costs { clock, disk, host, pool, status, oom };
        let mut found = Vec::new();
        let mut unkeyed = Vec::new();
        let wanted = vec![true; t.def.columns.len()];
        read(t, &choice, &[], &wanted, &mut costs, work, &mut cx, &mut |row, _, _, cx| {
            let keep = match &filter {
                None => true,
                Some(f) => eval(f, row, &[], cx)?.truth() == Some(true),
            };
            if keep {
                match t.key_of(row) {
                    Some(key) => found.push((key, row.clone())),
                    None => unkeyed.push(row.clone()),
                }
            }
            Ok(true)
        })?;
        if !unkeyed.is_empty() {
            // A table without a primary key: its rows are known by their hidden row ids.
            found = t.rows_with_values(&unkeyed);
        }
        if !order.is_empty() {
            found = in_order(found, &order, &mut cx)?;
        }
        cx.charge_to(work);
        Ok((found, path_slot(t, &choice.path)))
    }

    pub(crate) fn update(
        &mut self,
        session: &mut Session,
        up: &sqlparser::ast::Update,
        work: &mut Work,
    ) -> Result<Response> {
        let TableFactor::Table { name, alias, partitions, .. } = &up.table.relation else {
            return Err(MySqlError::not_supported_yet("UPDATE of a derived table"));
        };
        if super::multi_table::is_multi_update(up) {
            return self.update_multi(session, up, work);
        }
        let (db, table) = table_name(session, name)?;
        self.refuse_write(session, &db, &table)?;
        Server::refuse_trigger_table(session, &db, &table)?;
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
            let p = assigned_column(&def, &a.target)
                .unwrap_or_else(|| Err(MySqlError::not_supported_yet("tuple assignments")))?;
            // A generated column may be set only to DEFAULT, which leaves it to be computed.
            if def.columns[p as usize].generated.is_some() {
                if super::column_defaults::is_default_keyword(&a.value) {
                    continue;
                }
                return Err(MySqlError::generated_column_value(
                    &def.columns[p as usize].name,
                    &table,
                ));
            }
            let value = super::column_defaults::with_defaults(&a.value, &def, Some(p))?;
            assignments.push((
                p,
                Binder::scalar(&cols, "field list")
                    .with_locals(session.local_names())
                    .bind(&value)?,
            ));
        }
        let (matched, slot) = self.matching_rows(
            session,
            &db,
            &table,
            &alias,
            Wanted { selection: up.selection.as_ref(), order_by: &up.order_by, partitions },
            work,
        )?;
        let limit = row_limit(&up.limit)?;
        let mut changed = 0u64;
        let matched_count = matched.len().min(limit) as u64;
        let triggers = self.table_triggers(&db, &table);
        let rules = self.row_rules(&def, &db, &table, partitions)?;
        // UPDATE IGNORE: a value the column cannot hold is stored as its nearest value with a
        // warning, and a row whose change breaks a key or a CHECK is left as it was.
        let ignore = crate::sql::parser::change_modifiers::has_ignore(&up.optimizer_hints);
        let warned_before =
            session.pending_warnings.len() as u64 + u64::from(session.pending_warnings_dropped);
        let (before, after, event) = (Timing::Before, Timing::After, Event::Update);
        for (i, (key, old)) in matched.into_iter().take(limit).enumerate() {
            let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
            let now_micros = self.clock.unix_micros();
            let mut cx = crate::server::context::Cx::new(&r.vars, session, now_micros);
            let mut new = old.clone();
            let mut warnings = Vec::new();
            for (p, e) in &assignments {
                // MySQL evaluates assignments left to right, each seeing the earlier ones.
                let v = eval(e, &new, &[], &mut cx)?;
                let col = &def.columns[*p as usize];
                let row_no = i as u64 + 1;
                new[*p as usize] =
                    coerce_or_adjust(&def.name, col, v, row_no, ignore, &mut |w| warnings.push(w))?;
            }
            // SET runs once per matched row: its SLEEP / BENCHMARK time is the statement's.
            cx.charge_to(work);
            for w in warnings {
                session.warn(w);
            }
            // BEFORE UPDATE may change NEW; AFTER UPDATE runs for every matched row, changed
            // or not (sql_update.cc runs it after the comparison; UNCONFIRMED from its
            // structure).
            let row_no = i as u64 + 1;
            let was = Some(&old);
            triggers.run(self, session, before, event, was, Some(&mut new), row_no, work)?;
            if !rules.is_empty()
                && !self.apply_row_rules(session, &def, &rules, &mut new, row_no, ignore, work)?
            {
                continue;
            }
            if new == old {
                triggers.run(self, session, after, event, was, Some(&mut new), row_no, work)?;
                continue;
            }
            let copies = (!triggers.is_empty()).then(|| (old.clone(), new.clone()));
            match self.change_row(session, &db, &table, key, old, new) {
                Ok(()) => {}
                Err(e) if ignore && skipped_by_ignore(&e) => {
                    session.warn(ignored(e));
                    continue;
                }
                Err(e) => return Err(e),
            }
            if let Some((old, mut new)) = copies {
                triggers.run(
                    self,
                    session,
                    after,
                    event,
                    Some(&old),
                    Some(&mut new),
                    row_no,
                    work,
                )?;
            }
            changed += 1;
        }
        self.count_row_changes(&db, &table, slot, RowOp::Update, changed, work);
        let warnings = (session.pending_warnings.len() as u64
            + u64::from(session.pending_warnings_dropped))
        .saturating_sub(warned_before);
        Ok(Response::Ok {
            affected_rows: changed,
            info: Some(format!(
                "Rows matched: {matched_count}  Changed: {changed}  Warnings: {warnings}"
            )),
        })
    }

    pub(crate) fn delete(
        &mut self,
        session: &mut Session,
        del: &sqlparser::ast::Delete,
        work: &mut Work,
    ) -> Result<Response> {
        let from = match &del.from {
            FromTable::WithFromKeyword(f) | FromTable::WithoutKeyword(f) => f,
        };
        if super::multi_table::is_multi_delete(del) {
            return self.delete_multi(session, del, work);
        }
        let [twj] = from.as_slice() else {
            return Err(MySqlError::not_supported_yet("multi-table DELETE"));
        };
        let TableFactor::Table { name, alias, partitions, .. } = &twj.relation else {
            return Err(MySqlError::not_supported_yet("DELETE from a derived table"));
        };
        let (db, table) = table_name(session, name)?;
        self.refuse_write(session, &db, &table)?;
        Server::refuse_trigger_table(session, &db, &table)?;
        let alias = alias.as_ref().map_or(table.clone(), |a| a.name.value.clone());
        let (matched, slot) = self.matching_rows(
            session,
            &db,
            &table,
            &alias,
            Wanted { selection: del.selection.as_ref(), order_by: &del.order_by, partitions },
            work,
        )?;
        let limit = row_limit(&del.limit)?;
        let mut deleted = 0u64;
        // DELETE IGNORE: a row a FOREIGN KEY keeps is left, with a warning.
        let ignore = crate::sql::parser::change_modifiers::has_ignore(&del.optimizer_hints);
        let triggers = self.table_triggers(&db, &table);
        let (before, after, event) = (Timing::Before, Timing::After, Event::Delete);
        for (i, (key, old)) in matched.into_iter().take(limit).enumerate() {
            let row_no = i as u64 + 1;
            triggers.run(self, session, before, event, Some(&old), None, row_no, work)?;
            let copy = (!triggers.is_empty()).then(|| old.clone());
            let removed = match self.remove_row(session, &db, &table, &key, old) {
                Err(e) if ignore && skipped_by_ignore(&e) => {
                    session.warn(ignored(e));
                    false
                }
                other => other?,
            };
            if removed {
                deleted += 1;
                if let Some(old) = copy {
                    triggers.run(self, session, after, event, Some(&old), None, row_no, work)?;
                }
            }
        }
        self.count_row_changes(&db, &table, slot, RowOp::Delete, deleted, work);
        Ok(ok(deleted))
    }

    /// Replaces the row `old` under `key` by `new`, after its FOREIGN KEYs' checks (a parent
    /// row for the new values; what the keys referring to this table do with the old ones);
    /// a row left in the wrong partition is refused (1863, `misplaced_rows.rs`).
    pub(super) fn change_row(
        &mut self,
        session: &mut Session,
        db: &str,
        table: &str,
        key: Key,
        old: Row,
        new: Row,
    ) -> Result<()> {
        if let Some(t) = self.catalog.table(db, table) {
            super::misplaced_rows::refuse_misplaced(&t.def, &old)?;
        }
        if self.catalog.has_foreign_keys() {
            if let Some(def) = self.catalog.table(db, table).map(|t| t.def.clone()) {
                self.check_parent_rows(session, &def, &new, Some(&old))?;
            }
            self.follow_parent_change(session, db, table, &old, Some(&new), 0)?;
        }
        self.change_row_unchecked(session, db, table, key, old, new)
    }

    /// Replaces the row `old` under `key` by `new`: the table, the redo and binlog record, the
    /// statement's undo and, inside a transaction, the transaction's.
    pub(super) fn change_row_unchecked(
        &mut self,
        session: &mut Session,
        db: &str,
        table: &str,
        key: Key,
        old: Row,
        new: Row,
    ) -> Result<()> {
        let t = self
            .catalog
            .table_mut(db, table)
            .ok_or_else(|| MySqlError::no_such_table(db, table))?;
        let new_key = t.key_of(&new);
        t.update(&key, new)
            .map_err(|d| MySqlError::duplicate_entry(&d.key_text, table, &d.index))?;
        let row_bytes = self.record_bytes(db, table, &old);
        let undo = UndoRecord {
            db: db.to_string(),
            table: table.to_string(),
            before: Some(old),
            after_key: new_key.or(Some(key)),
        };
        self.log_undo(session, undo, row_bytes);
        Ok(())
    }

    /// Deletes the row `old` under `key`, after what the FOREIGN KEYs referring to its table
    /// do (refuse, or delete or change their rows); false when it was already gone. A row
    /// left in the wrong partition is refused (1863, `misplaced_rows.rs`).
    pub(super) fn remove_row(
        &mut self,
        session: &mut Session,
        db: &str,
        table: &str,
        key: &Key,
        old: Row,
    ) -> Result<bool> {
        if let Some(t) = self.catalog.table(db, table) {
            super::misplaced_rows::refuse_misplaced(&t.def, &old)?;
        }
        if self.catalog.has_foreign_keys() {
            self.follow_parent_change(session, db, table, &old, None, 0)?;
        }
        self.remove_row_unchecked(session, db, table, key, old)
    }

    /// Deletes the row `old` under `key`, recorded as [`Self::change_row`] records a change;
    /// false when it was already gone.
    pub(super) fn remove_row_unchecked(
        &mut self,
        session: &mut Session,
        db: &str,
        table: &str,
        key: &Key,
        old: Row,
    ) -> Result<bool> {
        let t = self
            .catalog
            .table_mut(db, table)
            .ok_or_else(|| MySqlError::no_such_table(db, table))?;
        if !t.delete(key) {
            return Ok(false);
        }
        let row_bytes = self.record_bytes(db, table, &old);
        let undo = UndoRecord {
            db: db.to_string(),
            table: table.to_string(),
            before: Some(old),
            after_key: None,
        };
        self.log_undo(session, undo, row_bytes);
        Ok(true)
    }

    fn log_undo(&mut self, session: &mut Session, undo: UndoRecord, row_bytes: u64) {
        self.log_change(session.id, undo.clone(), row_bytes);
        session.statement_undo.push(undo.clone());
        if session.in_transaction || !session.autocommit() {
            session.undo.push(undo);
            session.in_transaction = true;
        }
    }

    /// The counters of `rows` rows changed (`RowOp::Update`) or deleted in `db.table` through
    /// the index `slot`: performance_schema's table I/O, Innodb_rows_* and Handler_*.
    pub(super) fn count_row_changes(
        &mut self,
        db: &str,
        table: &str,
        slot: u32,
        op: RowOp,
        rows: u64,
        work: &mut Work,
    ) {
        let ps = self.row_cpu_ps(rows);
        if let Some(t) = self.catalog.table(db, table) {
            work.table_io.add(t, slot, op, rows, ps);
        }
        let (innodb, handler) = match op {
            RowOp::Delete => (status_id!("Innodb_rows_deleted"), status_id!("Handler_delete")),
            _ => (status_id!("Innodb_rows_updated"), status_id!("Handler_update")),
        };
        if let Some(r) = self.running.as_mut() {
            r.status.add(innodb, rows);
            r.status.add(handler, rows);
        }
    }
}

/// An AUTO_INCREMENT column's value: NULL or 0 takes the table's next value (returned, as
/// LAST_INSERT_ID() counts it); a larger given value moves the counter past it. A counter past
/// the largest value the column's type holds gives that largest value again, so the insert
/// fails on the key that holds it (`Duplicate entry '127' for key 't.PRIMARY'`), as InnoDB's
/// exhausted counter does.
fn next_auto_increment(
    t: &mut crate::storage::table::Table,
    col: &ColumnDef,
    v: &mut Value,
) -> Option<u64> {
    let mut generated = None;
    let n = v.to_i64().unwrap_or(0);
    if v.is_null() || n == 0 {
        let bits = super::upsert::integer_bits(&col.ty);
        let largest = if col.unsigned { u64::MAX >> (64 - bits) } else { u64::MAX >> (65 - bits) };
        let next = t.auto_increment_next.min(largest);
        *v = if col.unsigned { Value::UInt(next) } else { Value::Int(next as i64) };
        generated = Some(next);
    } else if n as u64 >= t.auto_increment_next {
        t.auto_increment_next = n as u64 + 1;
    }
    if v.to_i64().unwrap_or(0) as u64 == t.auto_increment_next {
        t.auto_increment_next += 1;
    }
    generated
}

impl Server {
    /// Whether the session may change rows of `db`.`table` (INSERT, UPDATE, DELETE):
    /// - `sys.sys_config` is read-only here (see `instruments::sys`): MySQL's error for a
    ///   read-only table rather than "doesn't exist";
    /// - with `super_read_only` no one may, with `read_only` only an account with SUPER or
    ///   CONNECTION_ADMIN (1290);
    /// - in a READ ONLY transaction (START TRANSACTION READ ONLY, or `transaction_read_only`
    ///   on), no one may (1792).
    ///
    /// The session's temporary tables stay writable under all three, as in MySQL.
    fn refuse_write(&self, session: &Session, db: &str, table: &str) -> Result<()> {
        if db.eq_ignore_ascii_case("sys") && table == "sys_config" {
            return Err(MySqlError::read_only_table(table));
        }
        // Asked only on the way to a refusal: the usual write pays for none of it.
        let temporary = || session.temporary_tables.iter().any(|(d, t)| d == db && t == table);
        if let Some(refusal) = self.read_only_refusal(session) {
            if !temporary() {
                return Err(refusal);
            }
        }
        if crate::server::transaction_events::access_read_only(session) && !temporary() {
            return Err(MySqlError::read_only_transaction());
        }
        Ok(())
    }
}

impl Server {
    /// MySQL's 1290 when the server's read-only mode stops `session` changing a table:
    /// `super_read_only` stops everyone, `read_only` every account without SUPER or
    /// CONNECTION_ADMIN. None when it may.
    pub(crate) fn read_only_refusal(&self, session: &Session) -> Option<MySqlError> {
        let r = self.running.as_ref()?;
        if r.vars.global_bool(crate::var_id!("super_read_only")) {
            return Some(MySqlError::option_prevents_statement("--super-read-only"));
        }
        if r.vars.global_bool(crate::var_id!("read_only")) {
            let a = &session.account;
            if !["SUPER", "CONNECTION_ADMIN"].iter().any(|p| self.accounts.has_global(a, p)) {
                return Some(MySqlError::option_prevents_statement("--read-only"));
            }
        }
        None
    }
}

/// The position of the column an assignment (`SET col = ...`, `[db.][t.]col = ...`) sets, or
/// 1054 for a column `def` lacks; None for a tuple target `(a, b) = ...`, which each caller
/// refuses in its own words.
fn assigned_column(def: &TableDef, target: &AssignmentTarget) -> Option<Result<u32>> {
    let AssignmentTarget::ColumnName(name) = target else { return None };
    let column =
        name.0.last().map(|p| p.to_string().trim_matches('`').to_string()).unwrap_or_default();
    Some(
        def.column_position(&column)
            .ok_or_else(|| MySqlError::unknown_column(&column, "field list")),
    )
}

/// The rows a single-table UPDATE or DELETE changes: those its WHERE keeps, in its ORDER BY.
#[derive(Clone, Copy)]
pub(crate) struct Wanted<'a> {
    selection: Option<&'a sqlparser::ast::Expr>,
    order_by: &'a [sqlparser::ast::OrderByExpr],
    /// `t PARTITION (p0, ...)`: only these partitions' rows (MySQL 8.4 manual, "Partition
    /// Selection": DELETE and UPDATE take the clause as SELECT does).
    partitions: &'a [sqlparser::ast::Ident],
}

/// Single-table UPDATE or DELETE with ORDER BY: the matched rows in that order, so that the
/// rows are changed in it and LIMIT keeps its first ones ("UPDATE Statement", update.html:
/// "If the ORDER BY clause is specified, the rows are updated in the order that is
/// specified"; delete.html likewise). The sort is stable: rows with equal keys keep the
/// order the access path read them in. Simplification: the rows are sorted after all were
/// read, with no filesort counted (Sort_rows, Sort_scan) and no early stop when an index
/// gives the order.
fn in_order(
    rows: Vec<(Key, Row)>,
    order: &[(crate::sql::bind::BExpr, bool)],
    cx: &mut crate::server::context::Cx,
) -> Result<Vec<(Key, Row)>> {
    let mut keyed = Vec::with_capacity(rows.len());
    for (key, row) in rows {
        let values =
            order.iter().map(|(e, _)| eval(e, &row, &[], &mut *cx)).collect::<Result<Vec<_>>>()?;
        keyed.push((values, key, row));
    }
    keyed.sort_by(|(a, ..), (b, ..)| {
        a.iter()
            .zip(b)
            .zip(order)
            .map(|((x, y), (_, desc))| {
                let o = crate::storage::key::cmp_values(x, y);
                if *desc {
                    o.reverse()
                } else {
                    o
                }
            })
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok(keyed.into_iter().map(|(_, key, row)| (key, row)).collect())
}

/// UPDATE/DELETE ... LIMIT n: how many matching rows to change (all without LIMIT).
fn row_limit(limit: &Option<sqlparser::ast::Expr>) -> Result<usize> {
    Ok(match limit {
        Some(e) => eval_constant(e, &mut crate::sql::expr::constant_context())?
            .to_i64()
            .unwrap_or(0)
            .max(0) as usize,
        None => usize::MAX,
    })
}

/// One value of an INSERT's VALUES row or SET list for column `p`: the keyword DEFAULT
/// (true: the column takes its default as if not named), or the expression's value with any
/// `DEFAULT(col)` in it read from the table's definition.
fn row_value(
    e: &sqlparser::ast::Expr,
    def: &crate::storage::schema::TableDef,
    p: u32,
    cx: &mut crate::server::context::Cx,
) -> Result<(Value, bool)> {
    if super::column_defaults::is_default_keyword(e) {
        return Ok((Value::Null, true));
    }
    let e = super::column_defaults::with_defaults(e, def, Some(p))?;
    Ok((eval_constant(&e, cx)?, false))
}

impl Server {
    /// The rules every row a write stores must keep (generated columns, CHECK constraints,
    /// a partition to hold it) and, when the statement names `PARTITION (...)`, that list.
    fn row_rules(
        &self,
        def: &TableDef,
        db: &str,
        table: &str,
        partitions: &[sqlparser::ast::Ident],
    ) -> Result<super::row_rules::RowRules> {
        let rules = super::row_rules::RowRules::bind(def)?;
        if partitions.is_empty() {
            return Ok(rules);
        }
        let t =
            self.catalog.table(db, table).ok_or_else(|| MySqlError::no_such_table(db, table))?;
        rules.within(t, partitions)
    }
}

/// An INSERT's or REPLACE's `PARTITION (p0, ...)` names (none without the clause).
fn insert_partition_names(ins: &sqlparser::ast::Insert) -> Result<Vec<sqlparser::ast::Ident>> {
    let Some(list) = &ins.partitioned else { return Ok(Vec::new()) };
    list.iter()
        .map(|e| match e {
            sqlparser::ast::Expr::Identifier(i) => Ok(i.clone()),
            other => Err(MySqlError::syntax(&other.to_string(), 1)),
        })
        .collect()
}
