//! Commit durability: the redo log and the binary log of a server, the two-phase commit
//! between them, and the background work that flushes them (the once-per-
//! `innodb_flush_log_at_timeout` log flush, the page cleaner, the kernel's writeback).
//!
//! Life of an autocommit INSERT's commit (binary log on):
//! 1. each row change appends redo at once (its mini-transaction commits) and keeps an undo
//!    image and its binlog row event size in the session's open transaction;
//! 2. prepare: InnoDB appends the prepare record (the transaction's XID);
//! 3. group commit ([`crate::server::clients`]): the FLUSH stage writes the redo up to the group's
//!    LSN (and fsyncs it with `innodb_flush_log_at_trx_commit` = 1) and writes the group's
//!    binlog events; the SYNC stage fsyncs the binlog as `sync_binlog` says; the COMMIT stage
//!    appends each commit record in binlog order and acknowledges the clients;
//! 4. the background flush writes and fsyncs the redo once a second (what 0 and 2 rely on).
//!
//! Every transaction stays in `recent` until it is on disk in both logs, so a crash can tell
//! which acknowledged commits the recovery keeps ([`crate::server::crash`]).

use crate::binlog::{self, Binlog};
use crate::innodb::redo::{self, RedoLog};
use crate::innodb::trx::{SessionId, UndoRecord, UNDO_RECORDS_MAX};
use crate::sim::disk::{Disk, FlushQueue};
use crate::sim::{SimDuration, SimTime};
use std::collections::{BTreeMap, VecDeque};

/// Transactions kept for crash accounting. Past it the oldest are forgotten (a crash then
/// counts them as kept): with the background flush every second only a binlog left to the
/// kernel's 30 s writeback (`sync_binlog` = 0) keeps many.
pub const RECENT_MAX: usize = 400_000;

/// Undo records one open transaction keeps for crash rollback (as the session's undo log).
pub const OPEN_UNDO_MAX: usize = UNDO_RECORDS_MAX;

/// The commit-related settings, read from the global variables when they are used, so a
/// `SET GLOBAL` takes effect at the next commit (as in MySQL).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommitSettings {
    pub flush_log_at_trx_commit: u64,
    pub flush_log_at_timeout: SimDuration,
    pub sync_binlog: u64,
    pub log_bin: bool,
    pub sync_delay: SimDuration,
    pub sync_no_delay_count: u64,
    pub log_buffer_bytes: u64,
    pub redo_capacity_bytes: u64,
    pub io_capacity: u64,
    pub io_capacity_max: u64,
    /// A file past this size after a group's events is closed and the next opened.
    pub max_binlog_size: u64,
    /// Files last written longer ago than this are deleted at a rotation (None: never).
    pub binlog_expire: Option<SimDuration>,
}

/// A transaction with changes that has not committed yet.
#[derive(Clone, Debug, Default)]
pub struct OpenTrx {
    /// LSN where its first change's redo starts: recovery only sees it if the redo reached
    /// the file past this point.
    pub first_lsn: u64,
    /// Bytes of its binlog row events.
    binlog_rows_bytes: u64,
    /// Undo images of its changes, oldest first.
    pub undo: Vec<UndoRecord>,
}

/// A transaction's place in the logs, from prepare until it is on disk everywhere.
#[derive(Clone, Debug)]
pub struct TrxRecord {
    /// The XID InnoDB and the binlog share.
    pub xid: u64,
    /// End LSN of its prepare record.
    pub prepare_lsn: u64,
    /// End LSN of its commit record, once the commit stage ran.
    pub commit_lsn: Option<u64>,
    /// End of its events in the binary log, once the flush stage wrote them (None without a
    /// binary log).
    pub binlog_end: Option<u64>,
    /// When the client got its OK.
    pub acked_at: Option<SimTime>,
    /// Its changes, to take back if a crash loses it.
    pub undo: Vec<UndoRecord>,
}

/// A prepared transaction waiting in the group commit queues.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub xid: u64,
    pub binlog_bytes: u64,
}

/// When each log reached the OS (written) and the device (synced): the history a crash test
/// replays to know what a crash at any moment leaves. Each list is in time order.
#[derive(Clone, Debug, Default)]
pub struct History {
    pub redo_written: Vec<(SimTime, u64)>,
    pub redo_synced: Vec<(SimTime, u64)>,
    pub binlog_written: Vec<(SimTime, u64)>,
    pub binlog_synced: Vec<(SimTime, u64)>,
}

/// The most entries each history list keeps (a crash test's run is far shorter).
const HISTORY_MAX: usize = 4_000_000;

fn record(list: &mut Vec<(SimTime, u64)>, t: SimTime, v: u64) {
    if list.len() < HISTORY_MAX && list.last().is_none_or(|&(_, last)| v > last) {
        list.push((t, v));
    }
}

/// Most fsyncs one trace keeps: the first few hundred show how commits group; the whole of a
/// 16,000-commit run would draw as a solid block.
pub const FSYNC_TRACE_MAX: usize = 400;

/// One fsync of the redo log or the binary log and the transactions it made durable (those
/// prepared since the previous fsync of that log; with trx_commit 0 or 2 the once-a-second
/// flush covers everything since the last one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FsyncRecord {
    pub at: SimTime,
    pub log: &'static str,
    pub commits: u32,
}

/// The logs of the simulated mysqld and what is still in flight. It lives with the server
/// rather than one mysqld run, because the files outlive a crash.
#[derive(Clone, Debug)]
pub struct Durability {
    pub redo: RedoLog,
    pub binlog: Binlog,
    /// The device's fsync queue, shared by both logs.
    pub flushes: FlushQueue,
    next_xid: u64,
    /// Open transactions with changes, by session.
    open: BTreeMap<SessionId, OpenTrx>,
    /// Prepared and committed transactions not yet on disk in both logs, oldest first.
    pub recent: VecDeque<TrxRecord>,
    /// The next background tick (page cleaner each second, log flush each timeout).
    next_tick: SimTime,
    ticks: u64,
    commits_since_tick: u64,
    /// Recorded when a crash test asks for it.
    pub history: Option<History>,
    /// Every fsync with the commits it made durable, when a lesson's timeline asks for it.
    pub fsync_trace: Option<Vec<FsyncRecord>>,
    /// Transactions prepared since the last redo fsync (the group it will cover).
    redo_unsynced_trx: u32,
    /// Transactions with changes committed (prepared) and rolled back since startup, for
    /// INNODB_METRICS' trx_rw_commits and trx_rollbacks.
    pub rw_commits: u64,
    pub rw_rollbacks: u64,
    /// The settings while a run of concurrent clients holds them fixed (no SET GLOBAL can
    /// run inside it), so the many row changes do not look them up one by one.
    pub(crate) settings_cache: Option<CommitSettings>,
}

impl Default for Durability {
    fn default() -> Self {
        Durability::new(redo::LSN_START, binlog::FIRST_EVENT_POS, SimTime::ZERO)
    }
}

impl Durability {
    /// Logs ending at `lsn` and binlog `position`, all on disk, as mysqld starts at `now`.
    pub fn new(lsn: u64, position: u64, now: SimTime) -> Durability {
        Durability {
            redo: RedoLog::starting_at(lsn),
            binlog: Binlog::starting_at(position),
            flushes: FlushQueue::default(),
            next_xid: 1,
            rw_commits: 0,
            rw_rollbacks: 0,
            open: BTreeMap::new(),
            recent: VecDeque::new(),
            next_tick: now + SimDuration::from_secs(1),
            ticks: 0,
            commits_since_tick: 0,
            fsync_trace: None,
            redo_unsynced_trx: 0,
            history: None,
            settings_cache: None,
        }
    }

    /// A row change by `session`: its redo goes to the log buffer now; its undo image and
    /// binlog row event wait for the commit.
    pub fn log_change(
        &mut self,
        session: SessionId,
        undo: UndoRecord,
        record_bytes: u64,
        key_bytes: u64,
        settings: &CommitSettings,
    ) {
        let first_lsn = self.redo.lsn;
        self.redo.append(
            redo::change_bytes(record_bytes, key_bytes),
            record_bytes,
            settings.log_buffer_bytes,
        );
        let trx =
            self.open.entry(session).or_insert_with(|| OpenTrx { first_lsn, ..OpenTrx::default() });
        trx.binlog_rows_bytes += binlog::row_event_bytes(record_bytes);
        if trx.undo.len() < OPEN_UNDO_MAX {
            trx.undo.push(undo);
        }
    }

    /// Takes the open transaction of `session` away (ROLLBACK, or a crash).
    pub fn take_open(&mut self, session: SessionId) -> Option<OpenTrx> {
        let trx = self.open.remove(&session);
        self.rw_rollbacks += u64::from(trx.is_some());
        trx
    }

    /// ROLLBACK TO SAVEPOINT: the newest `n` changes of the session's open transaction are
    /// undone. Simplification: their redo and binary log bytes stay counted (InnoDB's redo
    /// of the undo work, and the binlog cache truncated to the savepoint, are not modelled).
    pub fn drop_newest_open(&mut self, session: SessionId, n: usize) {
        if let Some(trx) = self.open.get_mut(&session) {
            let keep = trx.undo.len().saturating_sub(n);
            trx.undo.truncate(keep);
        }
    }

    /// Every open transaction, taken away (a crash rolls them back).
    pub fn take_all_open(&mut self) -> Vec<OpenTrx> {
        std::mem::take(&mut self.open).into_values().collect()
    }

    /// Phase one of the commit: InnoDB prepares the session's transaction. None if it changed
    /// nothing (a read-only commit writes no log).
    pub fn prepare(&mut self, session: SessionId, settings: &CommitSettings) -> Option<Prepared> {
        let trx = self.open.remove(&session)?;
        self.rw_commits += 1;
        let xid = self.next_xid;
        self.next_xid += 1;
        let prepare_lsn = self.redo.append(redo::PREPARE_BYTES, 0, settings.log_buffer_bytes);
        self.recent.push_back(TrxRecord {
            xid,
            prepare_lsn,
            commit_lsn: None,
            binlog_end: None,
            acked_at: None,
            undo: trx.undo,
        });
        Some(Prepared { xid, binlog_bytes: binlog::transaction_bytes(trx.binlog_rows_bytes) })
    }

    /// The undo records of `session`'s open transaction, oldest first (empty without one).
    pub fn open_undo(&self, session: SessionId) -> &[UndoRecord] {
        self.open.get(&session).map_or(&[], |t| t.undo.as_slice())
    }

    /// Transactions with changes open now.
    pub fn open_transactions(&self) -> u64 {
        self.open.len() as u64
    }

    fn trx_mut(&mut self, xid: u64) -> Option<&mut TrxRecord> {
        // Prepared transactions are at the back; search from there.
        self.recent.iter_mut().rev().find(|t| t.xid == xid)
    }

    /// The FLUSH stage for `group`, led at `now`: the redo up to the group's prepare records
    /// is written (and fsynced with trx_commit = 1), then the group's binlog events are written.
    /// Returns when the stage is done.
    ///
    /// A log write is CPU work of the leader's thread (the `write()` call and the hand-offs
    /// between the user thread and the log writer): `cpu(start, cost)` runs it on a CPU and
    /// returns when it finishes. The fsync is not CPU: the thread sleeps on the device.
    pub fn flush_stage(
        &mut self,
        group: &[Prepared],
        now: SimTime,
        disk: &mut Disk,
        settings: &CommitSettings,
        cpu: &mut dyn FnMut(SimTime, SimDuration) -> SimTime,
    ) -> SimTime {
        let mut t = now;
        self.redo_unsynced_trx = self.redo_unsynced_trx.saturating_add(group.len() as u32);
        if settings.flush_log_at_trx_commit >= 1 {
            let bytes = self.redo.write(t);
            if bytes > 0 {
                t = cpu(t, disk.append_to(crate::sim::disk::REDO_LOG_FILE, bytes));
                if let Some(h) = self.history.as_mut() {
                    record(&mut h.redo_written, t, self.redo.file.written);
                }
            }
        }
        if settings.flush_log_at_trx_commit == 1 {
            t = self.fsync_redo(t, disk);
        }
        if !settings.log_bin {
            return t;
        }
        let mut bytes = 0;
        for p in group {
            let end = self.binlog.append(p.binlog_bytes);
            bytes += p.binlog_bytes;
            if let Some(trx) = self.trx_mut(p.xid) {
                trx.binlog_end = Some(end);
            }
        }
        t = cpu(t, disk.append_to(crate::sim::disk::BINARY_LOG_FILE, bytes));
        self.binlog.file.write_to(self.binlog.position, t);
        self.binlog.files.touch(t);
        let position = self.binlog.position;
        if self.binlog.files.position_in_file(position) >= settings.max_binlog_size {
            self.binlog.files.rotate(position, t, settings.binlog_expire);
        }
        if let Some(h) = self.history.as_mut() {
            record(&mut h.binlog_written, t, self.binlog.position);
        }
        t
    }

    /// The SYNC stage for `group`, at `now`: fsyncs the binlog if `sync_binlog` asks for it
    /// after this group. Returns when it is done.
    ///
    /// The fsync covers the binlog up to the end of this group's events. A later group may
    /// already be in its FLUSH stage (its write is worked out ahead, with its own time); its
    /// events are not this fsync's, and they wait for the next one.
    pub fn sync_stage(
        &mut self,
        group: &[Prepared],
        now: SimTime,
        disk: &mut Disk,
        settings: &CommitSettings,
    ) -> SimTime {
        if !settings.log_bin || !self.binlog.group_needs_sync(settings.sync_binlog) {
            return now;
        }
        let from = self.binlog.file.synced;
        let end = group
            .iter()
            .filter_map(|p| self.recent.iter().rev().find(|t| t.xid == p.xid)?.binlog_end)
            .max()
            .unwrap_or(self.binlog.file.written)
            .max(from);
        let service = disk.fsync_file(crate::sim::disk::BINARY_LOG_FILE, end - from);
        let done = self.flushes.fsync(now, service);
        self.binlog.fsyncs += 1;
        self.binlog.file.synced_to(end);
        // The transactions this fsync made durable in the binlog: every one whose events end
        // in the range it covered (earlier groups' too, with sync_binlog above 1). Events are
        // written in the order transactions are listed, so the walk back stops at the range.
        let mut commits = 0u32;
        for t in self.recent.iter().rev() {
            match t.binlog_end {
                Some(e) if e <= from => break,
                Some(e) if e <= end => commits += 1,
                _ => {}
            }
        }
        self.trace_fsync(done, "binlog", commits);
        if let Some(h) = self.history.as_mut() {
            record(&mut h.binlog_synced, done, end);
        }
        done
    }

    /// The COMMIT stage at `now`: InnoDB commits each transaction of the group in binlog
    /// order and the clients get their OK. Without a binary log there is no two-phase commit:
    /// the commit record itself is what trx_commit writes and flushes.
    pub fn commit_stage(
        &mut self,
        group: &[Prepared],
        now: SimTime,
        disk: &mut Disk,
        settings: &CommitSettings,
    ) -> SimTime {
        let mut t = now;
        for p in group {
            let lsn = self.redo.append(redo::COMMIT_BYTES, 0, settings.log_buffer_bytes);
            if let Some(trx) = self.trx_mut(p.xid) {
                trx.commit_lsn = Some(lsn);
            }
        }
        if !settings.log_bin {
            if settings.flush_log_at_trx_commit >= 1 {
                t = self.write_redo(t, disk);
            }
            if settings.flush_log_at_trx_commit == 1 {
                t = self.fsync_redo(t, disk);
            }
        }
        for p in group {
            if let Some(trx) = self.trx_mut(p.xid) {
                trx.acked_at = Some(t);
            }
        }
        self.commits_since_tick += group.len() as u64;
        self.prune();
        t
    }

    /// The log writer writes the log buffer to the redo files at `now`.
    fn write_redo(&mut self, now: SimTime, disk: &mut Disk) -> SimTime {
        let bytes = self.redo.write(now);
        if bytes == 0 {
            return now;
        }
        let t = now + disk.append_to(crate::sim::disk::REDO_LOG_FILE, bytes);
        if let Some(h) = self.history.as_mut() {
            record(&mut h.redo_written, t, self.redo.file.written);
        }
        t
    }

    /// Records one fsync for the commits-per-fsync timeline (bounded).
    fn trace_fsync(&mut self, at: SimTime, log: &'static str, commits: u32) {
        if let Some(trace) = self.fsync_trace.as_mut() {
            if trace.len() < FSYNC_TRACE_MAX {
                trace.push(FsyncRecord { at, log, commits });
            }
        }
    }

    /// The log flusher fsyncs the redo files at `now` (queued behind other fsyncs).
    fn fsync_redo(&mut self, now: SimTime, disk: &mut Disk) -> SimTime {
        let end = self.redo.file.written;
        if self.redo.file.synced >= end {
            return now;
        }
        let service =
            disk.fsync_file(crate::sim::disk::REDO_LOG_FILE, self.redo.file.dirty_bytes());
        let done = self.flushes.fsync(now, service);
        self.redo.flushed(end);
        let commits = std::mem::take(&mut self.redo_unsynced_trx);
        self.trace_fsync(done, "redo", commits);
        if let Some(h) = self.history.as_mut() {
            record(&mut h.redo_synced, done, end);
        }
        done
    }

    /// Drops the undo images of transactions whose commit record is on the device: no crash
    /// can take them back from InnoDB any more (they stay listed while the binlog catches up,
    /// to count disagreements). Bounded by the list; stops at the first one still needed.
    fn drop_durable_undo(&mut self) {
        let synced = self.redo.file.synced;
        for t in self.recent.iter_mut() {
            if t.commit_lsn.is_none_or(|l| l > synced) {
                break;
            }
            if !t.undo.is_empty() {
                t.undo = Vec::new();
            }
        }
    }

    /// Forgets transactions that are on disk in both logs: no crash can lose them now.
    fn prune(&mut self) {
        let (redo_synced, binlog_synced) = (self.redo.file.synced, self.binlog.file.synced);
        if self.history.is_some() {
            return;
        }
        // Bounded by the deque's length.
        while let Some(front) = self.recent.front() {
            let engine = front.commit_lsn.is_some_and(|l| l <= redo_synced);
            let binlog = front.binlog_end.is_none_or(|b| b <= binlog_synced);
            if (engine && binlog) || self.recent.len() > RECENT_MAX {
                self.recent.pop_front();
            } else {
                break;
            }
        }
    }

    /// Background work due up to `t`: every second the page cleaner; every
    /// `innodb_flush_log_at_timeout` the log write and fsync (the master thread's flush that
    /// trx_commit 0 and 2 rely on); the kernel's writeback of expired dirty pages.
    pub fn background_until(&mut self, t: SimTime, disk: &mut Disk, settings: &CommitSettings) {
        let second = SimDuration::from_secs(1);
        let per_flush = (settings.flush_log_at_timeout.as_nanos() / second.as_nanos()).max(1);
        // Bounded: at most this many ticks are simulated one by one; a longer idle gap jumps.
        let mut budget = 100_000u32;
        while self.next_tick <= t {
            let b = self.next_tick;
            self.ticks += 1;
            self.next_tick = b + second;
            if self.ticks % per_flush == 0 && self.redo.file.synced < self.redo.lsn {
                let w = self.write_redo(b, disk);
                self.fsync_redo(w, disk);
            }
            let idle = self.commits_since_tick == 0;
            self.commits_since_tick = 0;
            self.redo.clean_pages(
                settings.redo_capacity_bytes,
                settings.io_capacity,
                settings.io_capacity_max,
                idle,
            );
            for (file, hist) in [(&mut self.redo.file, 0), (&mut self.binlog.file, 1)] {
                let before = file.synced;
                file.writeback(b);
                if file.synced > before {
                    if let Some(h) = self.history.as_mut() {
                        let list =
                            if hist == 0 { &mut h.redo_synced } else { &mut h.binlog_synced };
                        record(list, b, file.synced);
                    }
                }
            }
            self.redo.advance_checkpoint();
            self.prune();
            self.drop_durable_undo();
            budget = budget.saturating_sub(1);
            let quiet = self.redo.file.synced == self.redo.lsn
                && self.redo.dirty_pages() == 0
                && self.binlog.file.synced == self.binlog.file.written;
            if quiet || budget == 0 {
                // Nothing left to do: the ticks up to `t` would find nothing, so skip past
                // them. Simplification: a gap longer than 100,000 ticks skips the rest even
                // if pages are still dirty (they are flushed at the next tick).
                if self.next_tick <= t {
                    let behind = t.since(self.next_tick).as_nanos() / second.as_nanos() + 1;
                    self.ticks += behind;
                    self.next_tick += SimDuration(behind * second.as_nanos());
                }
                break;
            }
        }
        self.redo.sync_flush_if_full(settings.redo_capacity_bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binlog::recovery::{CrashKind, Fate};
    use crate::sim::hardware::{profile, DEFAULT_PROFILE};

    fn settings(trx_commit: u64, sync_binlog: u64) -> CommitSettings {
        CommitSettings {
            flush_log_at_trx_commit: trx_commit,
            flush_log_at_timeout: SimDuration::from_secs(1),
            sync_binlog,
            log_bin: true,
            sync_delay: SimDuration::ZERO,
            sync_no_delay_count: 0,
            log_buffer_bytes: 64 << 20,
            redo_capacity_bytes: 100 << 20,
            io_capacity: 10_000,
            io_capacity_max: 20_000,
            max_binlog_size: 1 << 30,
            binlog_expire: None,
        }
    }

    fn commit_one(
        d: &mut Durability,
        disk: &mut Disk,
        s: &CommitSettings,
        now: SimTime,
    ) -> SimTime {
        let undo = UndoRecord { db: "d".into(), table: "t".into(), before: None, after_key: None };
        d.log_change(SessionId(8), undo, 150, 8, s);
        let p = d.prepare(SessionId(8), s).expect("changed a row");
        let mut cpu = |start: SimTime, cost: SimDuration| start + cost;
        let t = d.flush_stage(std::slice::from_ref(&p), now, disk, s, &mut cpu);
        let t = d.sync_stage(std::slice::from_ref(&p), t, disk, s);
        d.commit_stage(&[p], t, disk, s)
    }

    #[test]
    fn a_binlog_fsync_covers_its_own_group_not_the_next_one_already_flushing() {
        let hw = profile(DEFAULT_PROFILE).unwrap().hardware;
        let s = settings(1, 1);
        let mut disk = Disk::new(&hw);
        let mut d = Durability { fsync_trace: Some(Vec::new()), ..Durability::default() };
        let mut cpu = |start: SimTime, cost: SimDuration| start + cost;
        let prepare = |d: &mut Durability, session: u64| {
            let undo =
                UndoRecord { db: "d".into(), table: "t".into(), before: None, after_key: None };
            d.log_change(SessionId(session), undo, 150, 8, &s);
            d.prepare(SessionId(session), &s).expect("changed a row")
        };
        let a = prepare(&mut d, 1);
        let b = prepare(&mut d, 2);
        let c = prepare(&mut d, 3);
        // Group A's flush is done; group B, C has started its own before A's sync stage.
        let t = d.flush_stage(std::slice::from_ref(&a), SimTime::ZERO, &mut disk, &s, &mut cpu);
        let a_end = d.binlog.file.written;
        let bc = [b, c];
        d.flush_stage(&bc, t, &mut disk, &s, &mut cpu);
        let t = d.sync_stage(std::slice::from_ref(&a), t, &mut disk, &s);
        assert_eq!(d.binlog.file.synced, a_end, "A's events only");
        assert!(d.binlog.file.synced < d.binlog.file.written);
        d.sync_stage(&bc, t, &mut disk, &s);
        assert_eq!(d.binlog.file.synced, d.binlog.file.written);
        let binlog: Vec<u32> = d
            .fsync_trace
            .unwrap()
            .iter()
            .filter(|r| r.log == "binlog")
            .map(|r| r.commits)
            .collect();
        assert_eq!(binlog, [1, 2]);
    }

    #[test]
    fn each_setting_leaves_what_it_promises() {
        let hw = profile(DEFAULT_PROFILE).unwrap().hardware;
        for (tc, sb) in [(1, 1), (2, 1), (0, 0)] {
            let s = settings(tc, sb);
            let mut disk = Disk::new(&hw);
            let mut d = Durability::default();
            commit_one(&mut d, &mut disk, &s, SimTime::ZERO);
            let trx = d.recent.back().expect("kept until durable").clone();
            let mysqld = trx.fate(&d.image_now(CrashKind::Mysqld));
            let power = trx.fate(&d.image_now(CrashKind::PowerLoss));
            match tc {
                1 => assert_ne!(power, Fate::RolledBack),
                2 => assert_eq!((mysqld != Fate::RolledBack, power), (true, Fate::RolledBack)),
                _ => assert_eq!(mysqld, Fate::RolledBack),
            }
            // A second later the background flush made it durable everywhere but the binlog
            // of sync_binlog = 0, which the kernel writes back within 30 s.
            d.background_until(SimTime(1_500_000_000), &mut disk, &s);
            assert_ne!(trx.fate(&d.image_now(CrashKind::PowerLoss)), Fate::RolledBack);
            d.background_until(SimTime(3_600_000_000_000), &mut disk, &s);
            assert!(d.recent.is_empty(), "everything on disk after an idle hour");
            assert_eq!(d.redo.checkpoint_lsn, d.redo.lsn, "idle page cleaning checkpoints");
        }
    }
}
