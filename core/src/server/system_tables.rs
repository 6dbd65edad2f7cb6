//! The tables the server produces rather than stores: performance_schema's status and
//! variable tables and information_schema's TABLES and SCHEMATA, computed from the live
//! counters, variables and the storage structures when a query reads them.

use super::query::Meta;
use super::session::Session;
use super::variables::{lookup, show_text};
use super::Server;
use crate::error::{MySqlError, Result};
use crate::sql::value::Value;
use crate::storage::table::Row;

impl Server {
    /// The rows of a performance_schema or information_schema table the server produces.
    pub(crate) fn system_table(
        &mut self,
        session: &Session,
        db: &str,
        table: &str,
        alias: &str,
    ) -> Result<(Vec<Meta>, Vec<Row>)> {
        let text = |name: &str| Meta {
            name: name.to_string(),
            table: alias.to_string(),
            numeric: false,
            nullable: false,
        };
        let num = |name: &str| Meta {
            name: name.to_string(),
            table: alias.to_string(),
            numeric: true,
            nullable: true,
        };
        let key = (db.to_ascii_lowercase(), table.to_ascii_lowercase());
        match (key.0.as_str(), key.1.as_str()) {
            ("performance_schema", "global_status") | ("performance_schema", "session_status") => {
                let global = self.global_status_all();
                let session_scope = key.1 == "session_status";
                let rows = global
                    .into_iter()
                    .map(|(name, v)| {
                        let v = if session_scope {
                            session.status.get(name).cloned().unwrap_or(v)
                        } else {
                            v
                        };
                        vec![Value::Str(name.to_string()), Value::Str(v.text())]
                    })
                    .collect();
                Ok((vec![text("VARIABLE_NAME"), text("VARIABLE_VALUE")], rows))
            }
            ("performance_schema", "global_variables")
            | ("performance_schema", "session_variables") => {
                let running = self.running.as_ref().ok_or_else(super::cannot_connect)?;
                let session_scope = key.1 == "session_variables";
                let rows = running
                    .vars
                    .iter_global()
                    .map(|(name, global)| {
                        let def = lookup(name).expect("registered");
                        let v = if session_scope {
                            session.vars.get(name).unwrap_or(global)
                        } else {
                            global
                        };
                        vec![Value::Str(name.to_string()), Value::Str(show_text(def, v))]
                    })
                    .collect();
                Ok((vec![text("VARIABLE_NAME"), text("VARIABLE_VALUE")], rows))
            }
            ("information_schema", "innodb_buffer_page_lru") => {
                let rs = self.innodb_buffer_page_lru()?;
                let meta = rs
                    .columns
                    .iter()
                    .map(|c| if c.numeric { num(&c.name) } else { text(&c.name) })
                    .collect();
                Ok((meta, rs.rows))
            }
            ("information_schema", "innodb_buffer_pool_stats") => {
                let rs = self.innodb_buffer_pool_stats();
                let meta = rs.columns.iter().map(|c| num(&c.name)).collect();
                Ok((meta, rs.rows))
            }
            ("information_schema", "tables") => {
                let mut rows = Vec::new();
                for t in self.catalog.tables() {
                    let s = t.sizes();
                    rows.push(vec![
                        Value::Str("def".into()),
                        Value::Str(t.def.schema.clone()),
                        Value::Str(t.def.name.clone()),
                        Value::Str("BASE TABLE".into()),
                        Value::Str("InnoDB".into()),
                        Value::UInt(10),
                        Value::Str("Dynamic".into()),
                        Value::UInt(s.rows),
                        Value::UInt(s.avg_row_length),
                        Value::UInt(s.data_length),
                        Value::UInt(0),
                        Value::UInt(s.index_length),
                        Value::UInt(0),
                        if t.def.columns.iter().any(|c| c.auto_increment) {
                            Value::UInt(t.auto_increment_next)
                        } else {
                            Value::Null
                        },
                        Value::Str("utf8mb4_0900_ai_ci".into()),
                    ]);
                }
                let meta = vec![
                    text("TABLE_CATALOG"),
                    text("TABLE_SCHEMA"),
                    text("TABLE_NAME"),
                    text("TABLE_TYPE"),
                    text("ENGINE"),
                    num("VERSION"),
                    text("ROW_FORMAT"),
                    num("TABLE_ROWS"),
                    num("AVG_ROW_LENGTH"),
                    num("DATA_LENGTH"),
                    num("MAX_DATA_LENGTH"),
                    num("INDEX_LENGTH"),
                    num("DATA_FREE"),
                    num("AUTO_INCREMENT"),
                    text("TABLE_COLLATION"),
                ];
                Ok((meta, rows))
            }
            ("information_schema", "schemata") => {
                let rows = self
                    .catalog
                    .database_names()
                    .into_iter()
                    .map(|n| {
                        vec![
                            Value::Str("def".into()),
                            Value::Str(n),
                            Value::Str("utf8mb4".into()),
                            Value::Str("utf8mb4_0900_ai_ci".into()),
                        ]
                    })
                    .collect();
                Ok((
                    vec![
                        text("CATALOG_NAME"),
                        text("SCHEMA_NAME"),
                        text("DEFAULT_CHARACTER_SET_NAME"),
                        text("DEFAULT_COLLATION_NAME"),
                    ],
                    rows,
                ))
            }
            _ => Err(MySqlError::no_such_table(db, table)),
        }
    }
}
