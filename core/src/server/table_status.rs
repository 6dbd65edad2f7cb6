//! The stored tables' rows of information_schema.TABLES and SHOW TABLE STATUS, and their
//! indexes' cardinalities for information_schema.STATISTICS and SHOW INDEX: each read through
//! the data dictionary's statistics cache (`storage::table_stats`: mysql.table_stats and
//! mysql.index_stats) under the reading session's `information_schema_stats_expiry`, as MySQL
//! 8.0 and later read them; the mysql schema's and sys.sys_config's tables beside them.

use super::session::Session;
use super::Server;
use crate::instruments::table_status::{self as status, TableStatus};
use crate::storage::table_stats::{ReadAt, Store};
use crate::var_id;

impl Server {
    /// Whether `session` holds any privilege a column can be granted on `db`.`table`
    /// (information_schema lists only such tables).
    pub(crate) fn may_see_table(&self, session: &Session, db: &str, table: &str) -> bool {
        ["SELECT", "INSERT", "UPDATE", "REFERENCES"]
            .iter()
            .any(|p| self.check_table(session, p, Some(db), table).is_ok())
    }

    /// How `session` reads cached statistics now: its `information_schema_stats_expiry`, and
    /// whether it may store what it reads from the engine (not when the server or the
    /// session's transaction is read-only: MySQL's `can_persist_I_S_dynamic_statistics`).
    fn statistics_read(&self, session: &Session) -> ReadAt {
        let expiry_secs = session.vars.u64(var_id!("information_schema_stats_expiry"));
        let read_only = self.running.as_ref().is_some_and(|r| {
            r.vars.global_bool(var_id!("read_only"))
                || r.vars.global_bool(var_id!("super_read_only"))
                || r.vars.global_bool(var_id!("innodb_read_only"))
        }) || super::transaction_events::access_read_only(session);
        let store = if read_only { Store::Forbidden } else { Store::Allowed };
        ReadAt { now_micros: self.clock.unix_micros(), expiry_secs, store }
    }

    /// The stored tables and views `session` may see, of `schema` only when given, unsorted.
    pub(crate) fn stored_table_status(
        &mut self,
        session: &Session,
        schema: Option<&str>,
    ) -> Vec<TableStatus> {
        let read = self.statistics_read(session);
        let mut out: Vec<TableStatus> = status::user_tables(&self.catalog, schema)
            .into_iter()
            .filter(|t| self.may_see_table(session, &t.schema, &t.name))
            .collect();
        for t in out.iter_mut().filter(|t| t.kind == status::Kind::BaseTable) {
            t.stats = self.catalog.cached_table_stats(&t.schema, &t.name, read);
        }
        let wants = |name: &str| schema.is_none_or(|s| s.eq_ignore_ascii_case(name));
        if wants("mysql") {
            if self.may_see_table(session, "mysql", "user") {
                let accounts = self.mysql_user_table().len() as u64;
                let stats = self
                    .catalog
                    .table_stats
                    .read("mysql", "user", read, || status::one_page_stats(accounts, None));
                out.push(status::mysql_user(stats));
            }
            for log in ["general_log", "slow_log"] {
                if self.may_see_table(session, "mysql", log) {
                    out.push(status::log_table(log));
                }
            }
        }
        if wants("sys") && self.may_see_table(session, "sys", "sys_config") {
            let rows = crate::instruments::sys::SYS_CONFIG.len() as u64;
            let stats = self
                .catalog
                .table_stats
                .read("sys", "sys_config", read, || status::one_page_stats(rows, None));
            out.push(status::sys_config(stats));
        }
        out
    }

    /// The cardinalities of each index of `db`.`table` (in its definition's order, one per
    /// key part) as `session` reads them in information_schema.STATISTICS or SHOW INDEX:
    /// through mysql.index_stats' cache. The optimizer reads InnoDB's own, current figures.
    pub(crate) fn cached_cardinalities(
        &mut self,
        session: &Session,
        db: &str,
        table: &str,
    ) -> Vec<Vec<u64>> {
        let read = self.statistics_read(session);
        self.catalog.cached_cardinalities(db, table, read)
    }
}
