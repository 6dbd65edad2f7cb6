//! What crash recovery keeps. A crash leaves each log as far as it reached the OS (`kill -9`)
//! or the device (a power loss) ([`CrashImage`]); recovery then decides each transaction's
//! fate as MySQL does: its commit record in the redo keeps it; a prepared transaction stays
//! if its XID reached the binlog and is rolled back otherwise. The server's side (undoing the
//! lost changes, the error log) is `server/crash.rs`; the crash sweep cuts one recorded
//! [`History`] at many moments with the same rules.

use super::group_commit::{Durability, History, TrxRecord};
use crate::sim::SimTime;

/// What a crash leaves of the two logs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrashImage {
    /// End of the redo that survived.
    pub redo_end: u64,
    /// End of the binlog that survived.
    pub binlog_end: u64,
}

/// What crash recovery does with one transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Its commit record was in the redo: it stays.
    Committed,
    /// Only its prepare record survived, but its XID is in the binlog: recovery commits it.
    CommittedFromBinlog,
    /// Neither: recovery rolls it back (or it never reached the redo at all).
    RolledBack,
}

impl TrxRecord {
    /// What recovery does with this transaction, given what the crash left (MySQL's binlog
    /// crash recovery: a prepared transaction commits if its XID is in the binlog).
    pub fn fate(&self, image: &CrashImage) -> Fate {
        if self.commit_lsn.is_some_and(|l| l <= image.redo_end) {
            Fate::Committed
        } else if self.prepare_lsn <= image.redo_end && self.in_binlog(image) {
            Fate::CommittedFromBinlog
        } else {
            Fate::RolledBack
        }
    }

    /// Whether its events survived in the binlog.
    pub fn in_binlog(&self, image: &CrashImage) -> bool {
        self.binlog_end.is_some_and(|b| b <= image.binlog_end)
    }

    /// Whether the engine and the binlog disagree about it after recovery.
    pub fn disagrees(&self, image: &CrashImage, log_bin: bool) -> bool {
        log_bin && (self.fate(image) != Fate::RolledBack) != self.in_binlog(image)
    }
}

/// The two kinds of crash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrashKind {
    /// mysqld dies (`kill -9`, a segfault, the OOM killer): the OS page cache survives.
    Mysqld,
    /// The machine loses power (or the kernel panics): only what reached the device survives.
    PowerLoss,
}

/// Value of a stepwise history at time `t` (the last entry at or before `t`).
fn at(list: &[(SimTime, u64)], t: SimTime, initial: u64) -> u64 {
    let n = list.partition_point(|&(when, _)| when <= t);
    if n == 0 {
        initial
    } else {
        list[n - 1].1
    }
}

impl History {
    /// What a crash of `kind` at `t` leaves, for logs that started at `lsn0` / `pos0`.
    pub fn image_at(&self, t: SimTime, kind: CrashKind, lsn0: u64, pos0: u64) -> CrashImage {
        match kind {
            CrashKind::Mysqld => CrashImage {
                redo_end: at(&self.redo_written, t, lsn0),
                binlog_end: at(&self.binlog_written, t, pos0),
            },
            CrashKind::PowerLoss => CrashImage {
                redo_end: at(&self.redo_synced, t, lsn0),
                binlog_end: at(&self.binlog_synced, t, pos0),
            },
        }
    }
}

impl Durability {
    /// What a crash of `kind` leaves now.
    pub fn image_now(&self, kind: CrashKind) -> CrashImage {
        match kind {
            CrashKind::Mysqld => CrashImage {
                redo_end: self.redo.file.after_process_crash(),
                binlog_end: self.binlog.file.after_process_crash(),
            },
            CrashKind::PowerLoss => CrashImage {
                redo_end: self.redo.file.after_power_loss(),
                binlog_end: self.binlog.file.after_power_loss(),
            },
        }
    }
}
