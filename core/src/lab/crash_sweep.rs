//! Crash sweeps: what a crash at many moments of a commit-heavy load loses. One run of the
//! load records when each log reached the OS and the device ([`crate::binlog::group_commit::History`]);
//! a crash at any moment is then that history cut at the moment, recovered by the same rules
//! as a real crash ([`crate::binlog::group_commit::TrxRecord::fate`]). This keeps thousands of crash points
//! cheap: the load runs once per setting, not once per crash.
//!
//! The load is 8 clients of single-row autocommit inserts whose redo, binlog events and CPU
//! are those of mysqlslap's generated rows, without the SQL layer.

use crate::binlog::group_commit::History;
use crate::binlog::recovery::{CrashKind, Fate};
use crate::lab::experiment::{Experiment, Setting};
use crate::server::clients::{StatementRun, Workload};
use crate::server::session::UndoRecord;
use crate::server::{Server, SessionId};
use crate::sim::rng::SimRng;
use crate::sim::{SimDuration, SimTime};

/// The most crash points one sweep evaluates.
pub const POINTS_MAX: u32 = 100_000;

/// What a sweep found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SweepResult {
    /// Crash points evaluated.
    pub crashes: u32,
    /// Crash points at which at least one acknowledged commit was lost.
    pub crashes_losing: u32,
    /// Acknowledged commits lost, summed over the crash points.
    pub lost_total: u64,
    /// The most acknowledged commits one crash lost.
    pub lost_max: u64,
    /// The longest span of acknowledged commits one crash lost: from the oldest lost
    /// commit's acknowledgement to the crash.
    pub window_max: SimDuration,
    /// Crash points after which the binlog and the engine disagree.
    pub crashes_disagreeing: u32,
    /// Commits acknowledged during the load.
    pub commits: u64,
}

struct Inserts {
    cpu_ns: u64,
    row_bytes: u64,
}

impl Workload for Inserts {
    fn next(&mut self, server: &mut Server, client: u32) -> Option<StatementRun> {
        let settings = server.commit_settings()?;
        let session = SessionId(1_000_000 + u64::from(client));
        let undo =
            UndoRecord { db: String::new(), table: String::new(), before: None, after_key: None };
        server.logs_mut().log_change(session, undo, self.row_bytes, 8, &settings);
        Some(StatementRun {
            cpu_ns: self.cpu_ns,
            io_wait: SimDuration::ZERO,
            session,
            commits: true,
            wait_before: SimDuration::ZERO,
        })
    }
}

/// Runs `seconds` of the load on `profile` with (`trx_commit`, `sync_binlog`), then evaluates
/// `points` crashes of each kind (a mysqld crash, then a power loss) at seeded moments of it.
pub fn sweep(
    profile: &str,
    trx_commit: u64,
    sync_binlog: u64,
    points: u32,
    seconds: u64,
    seed: u64,
) -> Result<[SweepResult; 2], String> {
    let mut e = Experiment {
        profile: profile.into(),
        dataset: "none".into(),
        seed,
        ..Experiment::default()
    };
    e.variables
        .insert("innodb_flush_log_at_trx_commit".into(), Setting::Text(trx_commit.to_string()));
    e.variables.insert("sync_binlog".into(), Setting::Text(sync_binlog.to_string()));
    let mut server = e.start_server()?;
    let hw = server.host().hardware().clone();
    let (lsn0, pos0) = (server.logs_mut().redo.file.written, server.logs_mut().binlog.file.written);
    server.logs_mut().history = Some(History::default());
    let start = server.now();
    let end = start + SimDuration::from_secs(seconds.clamp(1, 60));
    let mut load = Inserts {
        cpu_ns: 2 * hw.cpu_statement_ns + hw.cpu_row_ns + hw.cpu_commit_ns,
        // mysqlslap's generated row: an INT and a 128-character VARCHAR.
        row_bytes: 150,
    };
    server.run_clients(8, &mut load, Some(end));
    let history = server.logs_mut().history.take().unwrap_or_default();
    let trx: Vec<_> = server.logs_mut().recent.iter().collect();
    let cut = |kind| cut_at_crashes(&history, &trx, kind, (lsn0, pos0), (start, end), points, seed);
    Ok([cut(CrashKind::Mysqld), cut(CrashKind::PowerLoss)])
}

/// Evaluates `points` crashes of `kind` between `start` and `end` of a recorded load.
fn cut_at_crashes(
    history: &History,
    trx: &[&crate::binlog::group_commit::TrxRecord],
    kind: CrashKind,
    (lsn0, pos0): (u64, u64),
    (start, end): (SimTime, SimTime),
    points: u32,
    seed: u64,
) -> SweepResult {
    let mut result = SweepResult {
        commits: trx.iter().filter(|t| t.acked_at.is_some_and(|a| a <= end)).count() as u64,
        ..SweepResult::default()
    };
    // The same crash moments for both kinds.
    let mut rng = SimRng::derive_named(seed, "crash-sweep");
    let span = end.since(start).as_nanos().max(1);
    for _ in 0..points.min(POINTS_MAX) {
        let t = SimTime(start.0 + rng.below(span));
        let image = history.image_at(t, kind, lsn0, pos0);
        // Acknowledgements come in XID order (the commit stage keeps binlog order).
        let acked = trx.partition_point(|r| r.acked_at.is_some_and(|a| a <= t));
        let (mut lost, mut oldest, mut disagree) = (0u64, None, false);
        let mut durable_run = 0;
        // Bounded: back from the last acknowledged (plus the few in flight) until a run of
        // transactions is on disk in both logs; older ones are then too (logs grow in order).
        for r in trx[..(acked + 64).min(trx.len())].iter().rev() {
            let fate = r.fate(&image);
            // A transaction prepared after `t` is in neither log of the image: it never
            // disagrees.
            disagree |= r.disagrees(&image, true);
            let is_acked = r.acked_at.is_some_and(|a| a <= t);
            if is_acked && fate == Fate::RolledBack {
                lost += 1;
                oldest = r.acked_at;
            }
            // Once a disagreement is known, only the engine side matters for what is left.
            let on_disk = fate != Fate::RolledBack && (r.in_binlog(&image) || disagree);
            durable_run = if on_disk { durable_run + 1 } else { 0 };
            if durable_run >= 64 {
                break;
            }
        }
        result.crashes += 1;
        if lost > 0 {
            result.crashes_losing += 1;
        }
        result.lost_total += lost;
        result.lost_max = result.lost_max.max(lost);
        if let Some(o) = oldest {
            result.window_max = result.window_max.max(t.since(o));
        }
        if disagree {
            result.crashes_disagreeing += 1;
        }
    }
    result
}
