//! `SHOW CREATE PROCEDURE | FUNCTION` and `SHOW PROCEDURE | FUNCTION STATUS`.
//!
//! SHOW CREATE gives the routine as MySQL stores it: `CREATE DEFINER=... PROCEDURE
//! `name`(params as written)`, a function's `RETURNS` type, each characteristic on a line of
//! its own indented by four spaces, then the body as written (UNCONFIRMED: the layout of the
//! characteristics is read from the manual's examples of SHOW CREATE FUNCTION).

use super::show::{like_filter, target_database};
use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sim::time::CivilTime;
use crate::sql::execution::Work;
use crate::sql::parser::ShowFilter;
use crate::sql::{Column, ResultSet, Value};
use crate::storage::catalog::Procedure;

const COLLATION: &str = "utf8mb4_0900_ai_ci";

fn text(s: &str) -> Value {
    Value::Str(s.to_string())
}

/// `user@host` as MySQL quotes a definer: `` `root`@`localhost` ``.
fn quoted_definer(definer: &str) -> String {
    let (user, host) = definer.rsplit_once('@').unwrap_or((definer, "%"));
    format!("`{user}`@`{host}`")
}

/// The text SHOW CREATE gives for a routine.
pub fn create_text(r: &Procedure) -> String {
    let params: Vec<String> = r
        .params
        .iter()
        .map(|p| match r.returns {
            Some(_) => format!("{} {}", p.name, p.type_sql),
            None => format!("{} {} {}", p.mode, p.name, p.type_sql),
        })
        .collect();
    let mut out = format!(
        "CREATE DEFINER={} {} `{}`({})",
        quoted_definer(&r.definer),
        r.kind(),
        r.name,
        params.join(", ")
    );
    if let Some(t) = &r.returns {
        out.push_str(&format!(" RETURNS {}", returns_shown(t)));
    }
    for c in &r.characteristics {
        out.push_str(&format!("\n    {c}"));
    }
    out.push('\n');
    out.push_str(&r.body_text);
    out
}

/// A RETURNS type as MySQL shows it: the type in lower case, a character type with its
/// character set (`char(50) CHARSET utf8mb4`).
fn returns_shown(t: &str) -> String {
    let lower = t.to_ascii_lowercase();
    let is_text = ["char", "varchar", "text", "tinytext", "mediumtext", "longtext", "enum", "set"]
        .iter()
        .any(|k| lower.split(['(', ' ']).next() == Some(k));
    if is_text && !lower.contains("charset") {
        format!("{lower} CHARSET utf8mb4")
    } else {
        lower.replace("charset", "CHARSET").replace("collate", "COLLATE")
    }
}

impl Server {
    pub(super) fn show_create_routine(
        &mut self,
        session: &Session,
        function: bool,
        database: Option<&str>,
        name: &str,
    ) -> Result<ResultSet> {
        let db = target_database(session, database)?;
        let found = if function {
            self.catalog.function(&db, name)
        } else {
            self.catalog.procedure(&db, name)
        };
        let Some(r) = found else {
            return Err(if function {
                MySqlError::function_does_not_exist(name)
            } else {
                MySqlError::procedure_does_not_exist(name)
            });
        };
        let (kind, create) = if function {
            ("Function", "Create Function")
        } else {
            ("Procedure", "Create Procedure")
        };
        Ok(ResultSet {
            columns: vec![
                Column::text(kind),
                Column::text("sql_mode"),
                Column::text(create),
                Column::text("character_set_client"),
                Column::text("collation_connection"),
                Column::text("Database Collation"),
            ],
            rows: vec![vec![
                text(&r.name),
                text(&r.sql_mode),
                Value::Str(create_text(r)),
                text("utf8mb4"),
                text(COLLATION),
                text(COLLATION),
            ]],
            unshown: 0,
        })
    }

    /// One row per routine of the kind, in every database, by database and name.
    pub(super) fn show_routine_status(
        &mut self,
        session: &mut Session,
        function: bool,
        filter: Option<&ShowFilter>,
        work: &mut Work,
    ) -> Result<ResultSet> {
        let names = [
            "Db",
            "Name",
            "Type",
            "Definer",
            "Modified",
            "Created",
            "Security_type",
            "Comment",
            "character_set_client",
            "collation_connection",
            "Database Collation",
        ];
        let mut rows = Vec::new();
        // The sys schema's routines, then each database's, in database and name order.
        let sys = crate::instruments::sys::routines::all()
            .iter()
            .filter(|r| r.returns.is_some() == function)
            .map(|r| ("sys", r));
        let mut all: Vec<(&str, &crate::storage::catalog::Procedure)> = sys.collect();
        for d in self.catalog.databases() {
            let routines = if function { &d.functions } else { &d.procedures };
            all.extend(routines.values().map(|r| (d.name.as_str(), r)));
        }
        all.sort_by(|a, b| (a.0, &a.1.name).cmp(&(b.0, &b.1.name)));
        for (db, r) in all {
            {
                if !like_filter(filter, &r.name) {
                    continue;
                }
                let created =
                    CivilTime::from_unix(r.created_micros.div_euclid(1_000_000), 0).datetime();
                let comment = r.comment();
                let security = if r.characteristics.iter().any(|c| c == "SQL SECURITY INVOKER") {
                    "INVOKER"
                } else {
                    "DEFINER"
                };
                rows.push(vec![
                    text(db),
                    text(&r.name),
                    text(r.kind()),
                    text(&r.definer),
                    text(&created),
                    text(&created),
                    text(security),
                    Value::Str(comment),
                    text("utf8mb4"),
                    text(COLLATION),
                    text(COLLATION),
                ]);
            }
        }
        let rows = self.where_filter(session, &names, rows, filter, work)?;
        Ok(ResultSet { columns: names.iter().map(|n| Column::text(n)).collect(), rows, unshown: 0 })
    }
}
