//! The files performance_schema's file instruments see, and their summaries
//! (`file_summary_by_instance`, `file_summary_by_event_name`).
//!
//! FILE_NAME is the path as MySQL prints it in the official image's datadir:
//!
//! ```text
//!   space 0                 /var/lib/mysql/ibdata1                     innodb_data_file
//!   a table's space         /var/lib/mysql/shop/page_views.ibd         innodb_data_file
//!   the session temporary   /var/lib/mysql/#innodb_temp/temp_1.ibt     innodb_temp_file
//!     tablespace
//!   the redo log            /var/lib/mysql/#innodb_redo/#ib_redo0      innodb_log_file
//!   the binary log          /var/lib/mysql/binlog.000002 (the current)  sql/binlog
//! ```
//!
//! Simplifications: one session temporary tablespace serves every connection (MySQL gives
//! each session its own from a pool of ten, `temp_1.ibt` .. `temp_10.ibt`); the redo log is
//! one file (MySQL 8.0.30+ spreads it over 32 `#ib_redoN` files, N advancing as they fill;
//! which N is current is UNCONFIRMED); the binary log's I/O since startup or the last TRUNCATE
//! is all on its current file's row (MySQL keeps a row for each file, until it is purged);
//! files with no I/O since startup or the last TRUNCATE have no row (MySQL lists every open
//! file).

use crate::sim::disk::{FileOps, BINARY_LOG_FILE, REDO_LOG_FILE};
use crate::sql::execution::temp_table::TEMP_SPACE_ID;
use crate::storage::catalog::Catalog;

/// The datadir of the official image.
pub const DATADIR: &str = "/var/lib/mysql/";

/// The file instrument of file `space` ([`crate::sim::Disk::file_io`]'s key).
pub fn file_class(space: u32) -> &'static str {
    match space {
        TEMP_SPACE_ID => "wait/io/file/innodb/innodb_temp_file",
        REDO_LOG_FILE => "wait/io/file/innodb/innodb_log_file",
        BINARY_LOG_FILE => "wait/io/file/sql/binlog",
        _ => "wait/io/file/innodb/innodb_data_file",
    }
}

/// FILE_NAME of file `space`, or None for a tablespace that no longer exists (its table was
/// dropped: MySQL drops the file's row when it deletes the file). `binlog` is the binary
/// log's current file (`binlog.000002`).
pub fn file_name(space: u32, catalog: &Catalog, binlog: &str) -> Option<String> {
    Some(match space {
        0 => format!("{DATADIR}ibdata1"),
        TEMP_SPACE_ID => format!("{DATADIR}#innodb_temp/temp_1.ibt"),
        REDO_LOG_FILE => format!("{DATADIR}#innodb_redo/#ib_redo0"),
        BINARY_LOG_FILE => format!("{DATADIR}{binlog}"),
        _ => {
            let t = catalog.tables().find(|t| t.space_id == space)?;
            format!("{DATADIR}{}/{}.ibd", t.def.schema, t.def.name)
        }
    })
}

/// One operation kind's sums, in picoseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpSums {
    pub count: u64,
    pub bytes: u64,
    pub sum_ps: u64,
    pub min_ps: u64,
    pub max_ps: u64,
}

impl OpSums {
    /// Adds what `now` has beyond `before` (the same file's counters at two times); `timed`
    /// adds the time too. Simplification: the least and most of the new operations are not
    /// known one by one, so MIN and MAX are the file's own over all its I/O so far.
    pub fn add_delta(&mut self, now: &FileOps, before: &FileOps, timed: bool) {
        let count = now.count.saturating_sub(before.count);
        if count == 0 {
            return;
        }
        self.count += count;
        self.bytes += now.bytes.saturating_sub(before.bytes);
        if timed {
            let ps = |ns: u64| ns.saturating_mul(1000);
            self.sum_ps += ps(now.wait.0.saturating_sub(before.wait.0));
            let min = ps(now.min_wait.0);
            self.min_ps = if self.min_ps == 0 { min } else { self.min_ps.min(min) };
            self.max_ps = self.max_ps.max(ps(now.max_wait.0));
        }
    }

    /// Sums another's into this.
    pub fn merge(&mut self, o: &OpSums) {
        if o.count == 0 {
            return;
        }
        self.min_ps = match (self.min_ps, o.min_ps) {
            (0, m) | (m, 0) => m,
            (a, b) => a.min(b),
        };
        self.count += o.count;
        self.bytes += o.bytes;
        self.sum_ps += o.sum_ps;
        self.max_ps = self.max_ps.max(o.max_ps);
    }

    fn avg_ps(&self) -> u64 {
        self.sum_ps.checked_div(self.count).unwrap_or(0)
    }

    /// COUNT, SUM, MIN, AVG, MAX.
    pub fn timer_columns(&self) -> [u64; 5] {
        [self.count, self.sum_ps, self.min_ps, self.avg_ps(), self.max_ps]
    }
}

/// A file's (or a file class's) reads, writes and other operations (fsyncs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileSums {
    pub read: OpSums,
    pub write: OpSums,
    pub misc: OpSums,
}

impl FileSums {
    /// All operations together (COUNT_STAR and the *_TIMER_WAIT columns).
    pub fn total(&self) -> OpSums {
        let mut t = self.read;
        t.bytes = 0;
        t.merge(&OpSums { bytes: 0, ..self.write });
        t.merge(&self.misc);
        t
    }

    pub fn merge(&mut self, o: &FileSums) {
        self.read.merge(&o.read);
        self.write.merge(&o.write);
        self.misc.merge(&o.misc);
    }

    /// The summary columns after the key: COUNT_STAR .. MAX_TIMER_MISC.
    pub fn values(&self) -> Vec<u64> {
        let mut v = Vec::with_capacity(22);
        v.extend(self.total().timer_columns());
        v.extend(self.read.timer_columns());
        v.push(self.read.bytes);
        v.extend(self.write.timer_columns());
        v.push(self.write.bytes);
        v.extend(self.misc.timer_columns());
        v
    }
}

/// The summary columns after the key, in MySQL's order.
pub const SUMMARY_COLUMNS: [&str; 22] = [
    "COUNT_STAR",
    "SUM_TIMER_WAIT",
    "MIN_TIMER_WAIT",
    "AVG_TIMER_WAIT",
    "MAX_TIMER_WAIT",
    "COUNT_READ",
    "SUM_TIMER_READ",
    "MIN_TIMER_READ",
    "AVG_TIMER_READ",
    "MAX_TIMER_READ",
    "SUM_NUMBER_OF_BYTES_READ",
    "COUNT_WRITE",
    "SUM_TIMER_WRITE",
    "MIN_TIMER_WRITE",
    "AVG_TIMER_WRITE",
    "MAX_TIMER_WRITE",
    "SUM_NUMBER_OF_BYTES_WRITE",
    "COUNT_MISC",
    "SUM_TIMER_MISC",
    "MIN_TIMER_MISC",
    "AVG_TIMER_MISC",
    "MAX_TIMER_MISC",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::SimDuration;

    #[test]
    fn deltas_sum_and_totals_leave_out_bytes() {
        let before = FileOps::default();
        let now = FileOps {
            count: 2,
            bytes: 32768,
            wait: SimDuration(300),
            min_wait: SimDuration(100),
            max_wait: SimDuration(200),
        };
        let mut s = FileSums::default();
        s.read.add_delta(&now, &before, true);
        s.write.add_delta(&now, &before, false);
        let v = s.values();
        assert_eq!(&v[..5], &[4, 300_000, 100_000, 75_000, 200_000]);
        assert_eq!(v[10], 32768, "bytes read");
        assert_eq!((v[11], v[12], v[16]), (2, 0, 32768), "untimed writes are counted");
        assert_eq!(file_class(TEMP_SPACE_ID), "wait/io/file/innodb/innodb_temp_file");
    }
}
