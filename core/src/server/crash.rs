//! Crashes and crash recovery. `kill -9 mysqld` ends mysqld at once: its log buffer is gone,
//! the OS page cache keeps every write. A power loss takes the page cache too: only what was
//! fsynced (or written back by the kernel) is left. The next start replays the redo from the
//! last checkpoint, then reconciles the binary log and InnoDB as MySQL does: a transaction
//! whose commit record survived stays; one that only got its prepare record stays if its XID
//! is in the binlog, and is rolled back otherwise; uncommitted transactions are rolled back.
//!
//! The simulator knows which commits it acknowledged, so it can say which of them recovery
//! lost and whether the binlog (what replicas and point-in-time recovery use) and the engine
//! now disagree; `docker start` prints that as a `-- tunelab:` line after the container name.
//!
//! Simplification: the changes of lost transactions are taken back in the catalog newest
//! first, from the undo images kept since their changes (InnoDB instead never applies them:
//! the redo that would have redone them is missing).

use crate::binlog::recovery::{CrashImage, CrashKind, Fate};
use crate::server::{Down, Server, SessionId};
use crate::sim::SimDuration;
use crate::var_id;

/// What a crash left, for the next start's recovery and for the transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrashReport {
    pub kind: CrashKind,
    /// What survived of the logs.
    pub image: CrashImage,
    /// Where recovery starts reading the redo.
    pub checkpoint_lsn: u64,
    /// Dirty pages at the crash: recovery reads each to apply its redo.
    pub dirty_pages: u64,
    /// Acknowledged commits that recovery does not keep.
    pub acked_lost: u64,
    /// Transactions in the binlog that the engine rolled back (replicas have them, the source
    /// does not).
    pub binlog_only: u64,
    /// Transactions the engine kept that are missing from the binlog.
    pub engine_only: u64,
    /// Prepared transactions recovery committed because their XID was in the binlog.
    pub committed_from_binlog: u64,
    /// Uncommitted or prepared transactions recovery rolled back.
    pub rolled_back: u64,
}

impl Server {
    /// mysqld dies (`kill -9`) or the machine loses power, now. Returns false if mysqld was
    /// not running.
    pub fn crash(&mut self, kind: CrashKind) -> bool {
        let Some(running) = self.running.take() else { return false };
        let image = self.logs.image_now(kind);
        let log_bin = running.vars.global_bool(var_id!("log_bin"));
        let mut report = CrashReport {
            kind,
            image,
            checkpoint_lsn: self.logs.redo.checkpoint_lsn.min(image.redo_end),
            dirty_pages: self.logs.redo.dirty_pages(),
            acked_lost: 0,
            binlog_only: 0,
            engine_only: 0,
            committed_from_binlog: 0,
            rolled_back: 0,
        };
        // Uncommitted work is rolled back (newest transaction first: they touch disjoint
        // rows, as row locks would have made them).
        for trx in self.logs.take_all_open().into_iter().rev() {
            // Recovery only finds (and rolls back) a transaction whose redo reached the file;
            // one still wholly in the log buffer simply never happened.
            if trx.first_lsn < image.redo_end {
                report.rolled_back += 1;
            }
            self.undo_changes(trx.undo);
        }
        let recent = std::mem::take(&mut self.logs.recent);
        for trx in recent.into_iter().rev() {
            let fate = trx.fate(&image);
            if trx.disagrees(&image, log_bin) {
                if fate == Fate::RolledBack {
                    report.binlog_only += 1;
                } else {
                    report.engine_only += 1;
                }
            }
            match fate {
                Fate::Committed => {}
                Fate::CommittedFromBinlog => report.committed_from_binlog += 1,
                Fate::RolledBack => {
                    if trx.acked_at.is_some() {
                        report.acked_lost += 1;
                    } else {
                        report.rolled_back += 1;
                    }
                    self.undo_changes(trx.undo);
                }
            }
        }
        self.severed.extend(running.sessions.keys().copied());
        self.host.release_all();
        if kind == CrashKind::PowerLoss {
            // The machine rebooted: the kernel's log of the boot, mysqld's log just stops.
            self.error_log.push("kernel: sysrq: Resetting".into());
        }
        let now = self.clock.now();
        let trace = self.logs.fsync_trace.take();
        let files = self.logs.binlog.files.clone();
        self.logs =
            crate::binlog::group_commit::Durability::new(image.redo_end, image.binlog_end, now);
        self.logs.fsync_trace = trace;
        self.logs.binlog.files = files;
        // The checkpoint stays where it was on disk until recovery.
        self.logs.redo.checkpoint_lsn = report.checkpoint_lsn;
        self.pending_recovery = Some(report);
        self.down = Some(Down::Crashed(kind));
        true
    }

    /// Whether `id`'s connection was cut by a crash (its next statement gets error 2013).
    /// Clears the mark.
    pub fn take_severed(&mut self, id: SessionId) -> bool {
        self.severed.remove(&id)
    }

    /// Starts mysqld after a crash: crash recovery first (its error log lines, and the time
    /// it takes: reading the redo from the checkpoint and every page it touches), then the
    /// usual start. Returns the recovery's report, or None if there was nothing to recover.
    pub fn start_after_crash(&mut self) -> Option<CrashReport> {
        if self.running.is_some() {
            return None;
        }
        let report = self.pending_recovery.take();
        if let Some(rep) = &report {
            let hw = self.host.hardware().clone();
            let redo_bytes = rep.image.redo_end.saturating_sub(rep.checkpoint_lsn);
            let scan = SimDuration(
                (redo_bytes as u128 * 1_000_000_000
                    / u128::from(hw.disk_seq_read_mb_s.max(1) * 1_000_000)) as u64,
            );
            let pages = rep.dirty_pages.min(redo_bytes / 64 + 1);
            let apply = SimDuration::from_micros(pages.saturating_mul(hw.disk_read_latency_us));
            let ts = self.log_timestamp();
            let mut lines = vec![
                format!(
                    "{ts} 0 [System] [MY-010116] [Server] /usr/sbin/mysqld (mysqld {}) starting \
                     as process 1",
                    crate::SERVER_VERSION
                ),
                format!("{ts} 1 [System] [MY-013576] [InnoDB] InnoDB initialization has started."),
                format!("{ts} 1 [Note] [MY-012551] [InnoDB] Database was not shutdown normally!"),
                format!("{ts} 1 [Note] [MY-012552] [InnoDB] Starting crash recovery."),
                format!(
                    "{ts} 1 [Note] [MY-013086] [InnoDB] Starting to parse redo log at lsn = {}, \
                     whereas checkpoint_lsn = {} and start_lsn = {}",
                    rep.checkpoint_lsn,
                    rep.checkpoint_lsn,
                    rep.checkpoint_lsn / 512 * 512
                ),
                format!(
                    "{ts} 1 [Note] [MY-012550] [InnoDB] Doing recovery: scanned up to log \
                     sequence number {}",
                    rep.image.redo_end
                ),
            ];
            self.clock.advance(scan);
            let ts = self.log_timestamp();
            if redo_bytes > 0 {
                lines.push(format!(
                    "{ts} 1 [Note] [MY-012532] [InnoDB] Applying a batch of {} redo log records \
                     ...",
                    redo_bytes / 200 + 1
                ));
                lines.push(format!("{ts} 1 [Note] [MY-012533] [InnoDB] 100%"));
            }
            self.clock.advance(apply);
            let ts = self.log_timestamp();
            if redo_bytes > 0 {
                lines.push(format!("{ts} 1 [Note] [MY-012535] [InnoDB] Apply batch completed!"));
            }
            if rep.rolled_back > 0 {
                lines.push(format!(
                    "{ts} 1 [Note] [MY-013023] [InnoDB] {} transaction(s) which must be rolled \
                     back or cleaned up in total {} row operations to undo",
                    rep.rolled_back, rep.rolled_back
                ));
            }
            lines.push(format!(
                "{ts} 1 [System] [MY-013577] [InnoDB] InnoDB initialization has ended."
            ));
            lines.push(format!(
                "{ts} 0 [System] [MY-010229] [Server] Starting XA crash recovery..."
            ));
            lines.push(format!("{ts} 0 [System] [MY-010232] [Server] XA crash recovery finished."));
            self.error_log.extend(lines);
            // The logs end where recovery left them, all on disk; the checkpoint follows.
            let (lsn, pos) = (rep.image.redo_end, rep.image.binlog_end);
            let trace = self.logs.fsync_trace.take();
            let files = self.logs.binlog.files.clone();
            self.logs = crate::binlog::group_commit::Durability::new(lsn, pos, self.clock.now());
            self.logs.fsync_trace = trace;
            self.logs.binlog.files = files;
        }
        self.start_mysqld();
        report
    }
}

impl CrashReport {
    /// One line saying what the crash cost, for the transcript.
    pub fn summary(&self) -> String {
        let kind = match self.kind {
            CrashKind::Mysqld => "mysqld crash",
            CrashKind::PowerLoss => "power loss",
        };
        let agree = if self.binlog_only + self.engine_only == 0 {
            "binlog and engine agree".to_string()
        } else {
            format!(
                "binlog and engine disagree: {} transaction(s) only in the binlog, {} only in \
                 the engine",
                self.binlog_only, self.engine_only
            )
        };
        format!(
            "-- tunelab: {kind}: {} acknowledged commit(s) lost, {} prepared committed from the \
             binlog, {} rolled back; {agree}",
            self.acked_lost, self.committed_from_binlog, self.rolled_back
        )
    }
}
