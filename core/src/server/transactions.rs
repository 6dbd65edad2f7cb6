//! Transactions as the server runs them: each row change logged in the redo log (and its
//! binary log events counted) and kept as undo; COMMIT through the two-phase commit of
//! [`crate::binlog::group_commit`]; ROLLBACK by undoing the records.

use super::session::{SessionId, UndoRecord};
use super::variables::Variables;
use super::Server;
use crate::binlog::group_commit::CommitSettings;
use crate::sim::{SimDuration, SimTime};
use crate::var_id;

impl Server {
    /// The commit settings of the running mysqld.
    pub(crate) fn commit_settings(&self) -> Option<CommitSettings> {
        let r = self.running.as_ref()?;
        if let Some(cached) = self.logs.settings_cache {
            return Some(cached);
        }
        let revision = r.vars.revision();
        match r.commit_settings.get() {
            Some((at, settings)) if at == revision => Some(settings),
            _ => {
                let settings = commit_settings_from(&r.vars);
                r.commit_settings.set(Some((revision, settings)));
                Some(settings)
            }
        }
    }

    /// The logs (for tools and tests).
    pub fn logs(&self) -> &crate::binlog::group_commit::Durability {
        &self.logs
    }

    /// The logs, mutable (for workloads that log changes without SQL, such as crash tests).
    pub fn logs_mut(&mut self) -> &mut crate::binlog::group_commit::Durability {
        &mut self.logs
    }

    /// The session's row change goes to the redo log (hook of INSERT, UPDATE and DELETE).
    pub(crate) fn log_change(&mut self, session: SessionId, undo: UndoRecord, row_bytes: u64) {
        let Some(settings) = self.commit_settings() else { return };
        let key_bytes = 8;
        self.logs.log_change(session, undo, row_bytes, key_bytes, &settings);
    }

    /// Bytes of `row` as a clustered index record of `db.table`.
    pub(crate) fn record_bytes(&self, db: &str, table: &str, row: &[crate::sql::Value]) -> u64 {
        self.catalog
            .table(db, table)
            .map_or(64, |t| u64::from(crate::storage::record::clustered_record_bytes(&t.def, row)))
    }

    /// Commits the session's transaction alone (one client, so every group has one
    /// transaction): prepare, then the flush, sync and commit stages in turn. The clock moves
    /// by the commit's CPU time and every write and fsync it waits for.
    pub(crate) fn commit_transaction(&mut self, session: SessionId) {
        let Some(settings) = self.commit_settings() else { return };
        let now = self.clock.now();
        let Some(prepared) = self.prepare_commit(session, &settings, now) else { return };
        let hw = self.host.hardware();
        let capacity = self.host.cpu_capacity_milli().clamp(1, 1000);
        let cpu = SimDuration(hw.cpu_commit_ns.saturating_mul(1000) / capacity);
        let group = [prepared];
        let t = self.clock.now() + cpu;
        let mut cpu = |start: SimTime, cost: SimDuration| start + cost;
        let t = self.logs.flush_stage(&group, t, &mut self.disk, &settings, &mut cpu);
        let t = self.logs.sync_stage(&group, t, &mut self.disk, &settings);
        let t = self.logs.commit_stage(&group, t, &mut self.disk, &settings);
        self.advance_to(t);
    }

    /// Prepares `session`'s transaction for the two-phase commit (None when it changed
    /// nothing), and stamps each table it changed with `at` as its UPDATE_TIME, as InnoDB
    /// sets `dict_table_t::update_time` when a read-write transaction commits.
    pub(crate) fn prepare_commit(
        &mut self,
        session: SessionId,
        settings: &CommitSettings,
        at: SimTime,
    ) -> Option<crate::binlog::group_commit::Prepared> {
        let micros = crate::sim::unix_micros_at(at);
        let Server { logs, catalog, .. } = self;
        let mut last: Option<(&str, &str)> = None;
        // Bounded by the transaction's undo records (UNDO_RECORDS_MAX).
        for u in logs.open_undo(session) {
            let key = (u.db.as_str(), u.table.as_str());
            if last != Some(key) {
                if let Some(t) = catalog.table_mut(key.0, key.1) {
                    t.updated_micros = Some(micros);
                }
                last = Some(key);
            }
        }
        logs.prepare(session, settings)
    }

    /// Takes back row changes, newest first (ROLLBACK, and transactions a crash lost).
    pub(crate) fn undo_changes(&mut self, mut records: Vec<UndoRecord>) {
        // Bounded by the records given.
        while let Some(u) = records.pop() {
            let Some(t) = self.catalog.table_mut(&u.db, &u.table) else { continue };
            // A row of a layout an ALTER TABLE has changed since (another session's open
            // transaction; mysqld's metadata lock would have made the ALTER wait) is not put
            // back: it no longer fits the table.
            if u.before.as_ref().is_some_and(|b| b.len() != t.def.columns.len()) {
                continue;
            }
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
}

/// How old a binary log file may grow before a rotation deletes it: None when
/// `binlog_expire_logs_auto_purge` is OFF or `binlog_expire_logs_seconds` is 0.
pub(crate) fn binlog_expire(vars: &Variables) -> Option<SimDuration> {
    let seconds = vars.global_u64(var_id!("binlog_expire_logs_seconds"));
    (vars.global_bool(var_id!("binlog_expire_logs_auto_purge")) && seconds > 0)
        .then(|| SimDuration::from_secs(seconds))
}

/// The commit settings in force: read from the global variables when a commit uses them,
/// so that a `SET GLOBAL` takes effect at the next commit (as in MySQL).
fn commit_settings_from(vars: &Variables) -> CommitSettings {
    CommitSettings {
        flush_log_at_trx_commit: vars.global_u64(var_id!("innodb_flush_log_at_trx_commit")),
        flush_log_at_timeout: SimDuration::from_secs(
            vars.global_u64(var_id!("innodb_flush_log_at_timeout")).max(1),
        ),
        sync_binlog: vars.global_u64(var_id!("sync_binlog")),
        log_bin: vars.global_bool(var_id!("log_bin")),
        sync_delay: SimDuration::from_micros(
            vars.global_u64(var_id!("binlog_group_commit_sync_delay")),
        ),
        sync_no_delay_count: vars.global_u64(var_id!("binlog_group_commit_sync_no_delay_count")),
        log_buffer_bytes: vars.global_u64(var_id!("innodb_log_buffer_size")).max(1),
        redo_capacity_bytes: vars.global_u64(var_id!("innodb_redo_log_capacity")).max(1 << 20),
        io_capacity: vars.global_u64(var_id!("innodb_io_capacity")),
        io_capacity_max: vars.global_u64(var_id!("innodb_io_capacity_max")),
        max_binlog_size: vars.global_u64(var_id!("max_binlog_size")).max(4096),
        binlog_expire: binlog_expire(vars),
    }
}
