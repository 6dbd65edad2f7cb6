//! Triggers (Reference Manual 15.1.22 "CREATE TRIGGER Statement", 27.3 "Using Triggers"):
//! CREATE TRIGGER stores one in its table's schema, in its place among the table's triggers
//! of the same timing and event (last, or where FOLLOWS / PRECEDES puts it); DROP TRIGGER
//! and DROP TABLE remove it. The row changes of INSERT, REPLACE, UPDATE and DELETE call
//! [`Server::fire`] for each row, before and after the change; the body runs as a stored
//! program (`program`) in a frame of its own whose local variables `new.col` and `old.col`
//! are the rows' columns, so `NEW.col` reads like any local variable and `SET NEW.col = x`
//! in a BEFORE trigger changes the row about to be written. The body costs simulated time
//! and steps as any stored program does, and an error in it ends the statement, which the
//! statement's undo then rolls back (InnoDB).
//!
//! Simplifications, each where it is made: a trigger may not change the table whose change
//! runs it (ERROR 1442), but reading it is allowed, as it is in MySQL only for the invoking
//! statement's other tables; the step bound ([`super::program::STEPS_MAX`]) counts per
//! trigger run.

use super::program::Run;
use super::show::{like_filter, target_database};
use crate::error::{MySqlError, Result, Warning};
use crate::server::session::{Session, CALL_DEPTH_MAX};
use crate::server::Server;
use crate::sim::time::CivilTime;
use crate::sql::execution::Work;
use crate::sql::parser::trigger::CreateTrigger;
use crate::sql::parser::ShowFilter;
use crate::sql::{Column, Response, ResultSet};
use crate::storage::catalog::{Trigger, TriggerEvent, TriggerTiming};
use crate::storage::schema::TableDef;
use crate::storage::table::Row;
use crate::storage::value::Value;
use crate::var_id;
use std::collections::BTreeMap;

const COLLATION: &str = "utf8mb4_0900_ai_ci";

fn text(s: &str) -> Value {
    Value::Str(s.to_string())
}

/// A trigger's creation time as SHOW TRIGGERS and information_schema show it: a DATETIME(2).
pub fn created_text(micros: i64) -> String {
    let t = CivilTime::from_unix(micros.div_euclid(1_000_000), 0).datetime();
    format!("{t}.{:02}", micros.rem_euclid(1_000_000) / 10_000)
}

/// The rank of an event and a timing in SHOW TRIGGERS' order (the enums' orders).
fn order_key(t: &Trigger) -> (u8, u8) {
    let e = match t.event {
        TriggerEvent::Insert => 0,
        TriggerEvent::Update => 1,
        TriggerEvent::Delete => 2,
    };
    (e, u8::from(t.timing == TriggerTiming::After))
}

/// A trigger's ACTION_ORDER: its place, from 1, among its table's triggers of its timing and
/// event.
pub fn action_order(all: &[Trigger], t: &Trigger) -> u64 {
    let same = all
        .iter()
        .filter(|o| o.table == t.table && o.timing == t.timing && o.event == t.event)
        .take_while(|o| o.name != t.name)
        .count();
    same as u64 + 1
}

/// The triggers of one table, in the order they are shown (event, timing, action order).
pub fn shown_order(all: &[Trigger]) -> Vec<&Trigger> {
    let mut v: Vec<(usize, &Trigger)> = all.iter().enumerate().collect();
    v.sort_by(|(i, a), (j, b)| (&a.table, order_key(a), i).cmp(&(&b.table, order_key(b), j)));
    v.into_iter().map(|(_, t)| t).collect()
}

/// The triggers of the table a statement changes, taken when it starts.
pub(crate) struct TableTriggers {
    db: String,
    /// The table's definition; None when it has no triggers.
    def: Option<TableDef>,
    list: Vec<Trigger>,
}

impl TableTriggers {
    pub fn is_empty(&self) -> bool {
        self.def.is_none()
    }

    /// Runs the triggers of `timing` and `event` for one row (see [`Server::fire`]).
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &self,
        s: &mut Server,
        session: &mut Session,
        timing: TriggerTiming,
        event: TriggerEvent,
        old: Option<&Row>,
        new: Option<&mut Row>,
        row_no: u64,
        work: &mut Work,
    ) -> Result<()> {
        let Some(def) = &self.def else { return Ok(()) };
        s.fire(session, &self.db, def, &self.list, timing, event, old, new, row_no, work)
    }
}

impl Server {
    /// CREATE TRIGGER.
    pub(crate) fn create_trigger(
        &mut self,
        session: &mut Session,
        c: &CreateTrigger,
    ) -> Result<Response> {
        let db = c
            .database
            .clone()
            .or_else(|| session.database.clone())
            .ok_or_else(MySqlError::no_database_selected)?;
        let table = &c.trigger.table;
        if self.catalog.table(&db, table).is_none() {
            if self.catalog.view(&db, table).is_some() {
                return Err(MySqlError::trigger_on_view(&format!("{db}.{table}")));
            }
            if !self.catalog.has_database(&db) {
                return Err(MySqlError::unknown_database(&db));
            }
            return Err(MySqlError::no_such_table(&db, table));
        }
        let sql_mode = match session.vars.get(var_id!("sql_mode")) {
            Some(crate::server::variables::definition::VarValue::Text(t)) => t.clone(),
            _ => String::new(),
        };
        let now = self.clock.unix_micros();
        let d = self.catalog.database_mut(&db).ok_or_else(|| MySqlError::unknown_database(&db))?;
        if let Some(old) = d.triggers.iter().find(|t| t.name.eq_ignore_ascii_case(&c.trigger.name))
        {
            // IF NOT EXISTS: a Note when the trigger is on the same table (UNCONFIRMED: MySQL
            // answers ERROR 4100 for one on another table; 1359 here).
            if c.if_not_exists && old.table == *table {
                let e = MySqlError::trigger_exists();
                session.warn(Warning { level: "Note", code: e.code, message: e.message });
                return Ok(Response::Ok { affected_rows: 0, info: None });
            }
            return Err(MySqlError::trigger_exists());
        }
        let mut stored = c.trigger.clone();
        let definer = format!("{}@{}", session.account.user, session.account.host);
        stored.statement = format!(
            "CREATE DEFINER=`{}`@`{}` TRIGGER {}",
            session.account.user, session.account.host, c.trigger.statement
        );
        stored.program.definer = definer;
        stored.program.sql_mode = sql_mode;
        stored.program.created_micros = now;
        let same = |t: &Trigger| {
            t.table == stored.table && t.timing == stored.timing && t.event == stored.event
        };
        let at = match &c.order {
            None => d.triggers.len(),
            Some(o) => {
                let i = d
                    .triggers
                    .iter()
                    .position(|t| same(t) && t.name.eq_ignore_ascii_case(&o.other))
                    .ok_or_else(|| MySqlError::referenced_trigger_missing(&o.other))?;
                if o.follows {
                    i + 1
                } else {
                    i
                }
            }
        };
        d.triggers.insert(at, stored);
        Ok(Response::Ok { affected_rows: 0, info: None })
    }

    /// DROP TRIGGER.
    pub(crate) fn drop_trigger(
        &mut self,
        session: &mut Session,
        database: &Option<String>,
        name: &str,
        if_exists: bool,
    ) -> Result<Response> {
        let db = database
            .clone()
            .or_else(|| session.database.clone())
            .ok_or_else(MySqlError::no_database_selected)?;
        let removed = self.catalog.database_mut(&db).and_then(|d| {
            let i = d.triggers.iter().position(|t| t.name.eq_ignore_ascii_case(name))?;
            Some(d.triggers.remove(i))
        });
        match removed {
            Some(_) => Ok(Response::Ok { affected_rows: 0, info: None }),
            None if if_exists => {
                let e = MySqlError::trigger_does_not_exist();
                session.warn(Warning { level: "Note", code: e.code, message: e.message });
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            None => Err(MySqlError::trigger_does_not_exist()),
        }
    }

    /// The triggers of `db.table` (a copy the row loop runs while it changes the table).
    pub(crate) fn table_triggers(&self, db: &str, table: &str) -> TableTriggers {
        let list: Vec<Trigger> = self
            .catalog
            .database(db)
            .map(|d| d.triggers.iter().filter(|t| t.table == table).cloned().collect())
            .unwrap_or_default();
        let def = match (list.is_empty(), self.catalog.table(db, table)) {
            (false, Some(t)) => Some(t.def.clone()),
            _ => None,
        };
        TableTriggers { db: db.to_string(), def, list }
    }

    /// Runs the triggers of `timing` and `event` among `triggers` for one row: `old` is the
    /// row before the change (UPDATE, DELETE), `new` the row to be written (INSERT, UPDATE),
    /// which a BEFORE trigger's `SET NEW.col` changes, converted to the column's type.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn fire(
        &mut self,
        session: &mut Session,
        db: &str,
        def: &TableDef,
        triggers: &[Trigger],
        timing: TriggerTiming,
        event: TriggerEvent,
        old: Option<&Row>,
        mut new: Option<&mut Row>,
        row_no: u64,
        work: &mut Work,
    ) -> Result<()> {
        for t in triggers.iter().filter(|t| t.timing == timing && t.event == event) {
            if session.locals.len() >= CALL_DEPTH_MAX {
                return Err(MySqlError::recursion_limit(0, &t.name));
            }
            let mut frame = BTreeMap::new();
            for (i, c) in def.columns.iter().enumerate() {
                let name = c.name.to_ascii_lowercase();
                if let Some(o) = old {
                    frame.insert(format!("old.{name}"), o.get(i).cloned().unwrap_or(Value::Null));
                }
                if let Some(n) = new.as_deref() {
                    frame.insert(format!("new.{name}"), n.get(i).cloned().unwrap_or(Value::Null));
                }
            }
            let mut run = Run::for_trigger(&t.program);
            let saved_db = session.database.replace(db.to_string());
            session.push_frame(frame, BTreeMap::new());
            session.trigger_tables.push((db.to_string(), def.name.clone()));
            let outcome = self.run_program(session, &mut run, work);
            session.trigger_tables.pop();
            let frame = session.pop_frame();
            session.database = saved_db;
            outcome?;
            let Some(row) = new.as_deref_mut() else { continue };
            if timing != TriggerTiming::Before {
                continue;
            }
            for (i, c) in def.columns.iter().enumerate() {
                let Some(v) = frame.get(&format!("new.{}", c.name.to_ascii_lowercase())) else {
                    continue;
                };
                if row.get(i) != Some(v) && i < row.len() {
                    // SET NEW.col stores into the row's field: converted to its type.
                    row[i] = if c.auto_increment && v.is_null() {
                        v.clone()
                    } else {
                        super::dml::coerce(&def.name, c, v.clone(), row_no)?
                    };
                }
            }
        }
        Ok(())
    }

    /// ERROR 1442 for a change of a table whose own change is running a trigger.
    pub(crate) fn refuse_trigger_table(session: &Session, db: &str, table: &str) -> Result<()> {
        if session.trigger_tables.iter().any(|(d, t)| d == db && t == table) {
            return Err(MySqlError::table_used_by_trigger(table));
        }
        Ok(())
    }

    /// SHOW TRIGGERS [FROM db] [LIKE 'table pattern' | WHERE ...].
    pub(super) fn show_triggers(
        &mut self,
        session: &mut Session,
        database: Option<&str>,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let db = target_database(session, database)?;
        let d = self.catalog.database(&db).ok_or_else(|| MySqlError::unknown_database(&db))?;
        let names = [
            "Trigger",
            "Event",
            "Table",
            "Statement",
            "Timing",
            "Created",
            "sql_mode",
            "Definer",
            "character_set_client",
            "collation_connection",
            "Database Collation",
        ];
        let mut rows = Vec::new();
        for t in shown_order(&d.triggers) {
            // LIKE matches table names, not trigger names (the manual's SHOW TRIGGERS page).
            if !like_filter(filter, &t.table) {
                continue;
            }
            rows.push(vec![
                text(&t.name),
                text(t.event.word()),
                text(&t.table),
                text(&t.program.body_text),
                text(t.timing.word()),
                Value::Str(created_text(t.program.created_micros)),
                text(&t.program.sql_mode),
                text(&t.program.definer),
                text("utf8mb4"),
                text(COLLATION),
                text(COLLATION),
            ]);
        }
        let rows = self.where_filter(session, &names, rows, filter, work)?;
        Ok(ResultSet { columns: names.iter().map(|n| Column::text(n)).collect(), rows, unshown: 0 })
    }

    /// SHOW CREATE TRIGGER [db.]name.
    pub(super) fn show_create_trigger(
        &mut self,
        session: &Session,
        database: Option<&str>,
        name: &str,
    ) -> Result<ResultSet> {
        let db = target_database(session, database)?;
        let t = self
            .catalog
            .database(&db)
            .and_then(|d| d.triggers.iter().find(|t| t.name.eq_ignore_ascii_case(name)))
            .ok_or_else(MySqlError::trigger_does_not_exist)?;
        let names = [
            "Trigger",
            "sql_mode",
            "SQL Original Statement",
            "character_set_client",
            "collation_connection",
            "Database Collation",
            "Created",
        ];
        Ok(ResultSet {
            columns: names.iter().map(|n| Column::text(n)).collect(),
            rows: vec![vec![
                text(&t.name),
                text(&t.program.sql_mode),
                text(&t.statement),
                text("utf8mb4"),
                text(COLLATION),
                text(COLLATION),
                Value::Str(created_text(t.program.created_micros)),
            ]],
            unshown: 0,
        })
    }
}
