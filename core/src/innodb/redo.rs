//! The redo log: every change appends redo records at the log sequence number (LSN), first into
//! the log buffer in mysqld's memory, then written to the redo files (the OS page cache), then
//! fsynced to the device. Dirty pages remember the LSN of their first change; the checkpoint is
//! the oldest of those, and crash recovery replays the redo from there.
//!
//! ```text
//!   checkpoint_lsn ........ flushed_lsn ........ written_lsn ........ lsn
//!   |  pages older are on  |  on the device     |  in the OS page     |  in the log buffer
//!   |  disk: not needed    |  (survives power   |  cache (survives a  |  (lost when mysqld
//!   |  for recovery        |   loss)            |   mysqld crash)     |   dies)
//! ```
//!
//! The dirty list here is InnoDB's flush list (pages by the LSN of their oldest change), and
//! its page cleaner ([`RedoLog::clean_pages`], [`RedoLog::sync_flush_if_full`]) is the one
//! model of flushing: the buffer pool is told what it wrote ([`RedoLog::take_cleaned`]),
//! marks that many of its modified pages clean and counts them in
//! `Innodb_buffer_pool_pages_flushed`, beside the pages an eviction writes itself.
//!
//! Simplifications of real InnoDB: one log writer and flusher step does both the write and the
//! fsync; the redo bytes of a change are estimated from its record size (InnoDB logs a compact
//! physiological record); a change dirties pages at the rate its bytes fill 16 KB pages; page
//! flushing is a once-a-second pass bounded by `innodb_io_capacity` rather than the adaptive
//! flushing formula; the files are one logical ring of `innodb_redo_log_capacity` bytes.

use crate::sim::disk::OsFile;
use std::collections::VecDeque;

/// The LSN of a freshly initialized data directory (InnoDB starts the log after its own
/// bootstrap records). UNCONFIRMED: a fresh 8.4/9.x `--initialize` ends near 19-20 MB.
pub const LSN_START: u64 = 19_956_736;

/// Redo bytes per redo block header and trailer: InnoDB writes in 512-byte blocks with a
/// 12-byte header and 4-byte trailer.
const BLOCK_BYTES: u64 = 512;
const BLOCK_OVERHEAD_BYTES: u64 = 16;

/// Bound on the dirty-page list: past it the oldest entries merge (keeps memory bounded under
/// any load; merging only makes the checkpoint a little more conservative).
const DIRTY_ENTRIES_MAX: usize = 4096;

/// InnoDB's redo files: 32 of `capacity / 32` bytes each in `#innodb_redo/`.
pub const REDO_FILES: u64 = 32;

/// Status counters of the redo log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RedoStats {
    /// `Innodb_log_write_requests`: redo records (mini-transactions) appended.
    pub write_requests: u64,
    /// `Innodb_log_writes`: writes of the log buffer to the redo files.
    pub writes: u64,
    /// `Innodb_os_log_written`: bytes written to the redo files.
    pub os_log_written: u64,
    /// `Innodb_os_log_fsyncs`: fsyncs of the redo files.
    pub fsyncs: u64,
    /// `Innodb_log_waits`: appends that found the log buffer full and waited for a write.
    pub waits: u64,
    /// Checkpoints taken: times the checkpoint LSN moved (INNODB_METRICS' log_checkpoints).
    pub checkpoints: u64,
    /// The page cleaner's batches, by [`FlushKind`] (INNODB_METRICS' buffer_flush_adaptive /
    /// _background / _sync sets).
    pub flushes: [FlushBatches; 3],
    /// Pages of the latest batch of any kind (buffer_flush_batch_pages).
    pub last_batch_pages: u64,
}

/// Why the page cleaner flushed a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlushKind {
    /// Busy, past the adaptive flushing low-water mark.
    Adaptive = 0,
    /// Idle.
    Background = 1,
    /// A sync flush at the full log.
    Sync = 2,
}

/// One kind's flush batches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FlushBatches {
    pub batches: u64,
    pub pages: u64,
    /// Pages of its latest batch.
    pub last_pages: u64,
}

impl RedoStats {
    /// Counts one flush batch of `pages`.
    fn count_batch(&mut self, kind: FlushKind, pages: u64) {
        let set = &mut self.flushes[kind as usize];
        set.batches += 1;
        set.pages += pages;
        set.last_pages = pages;
        self.last_batch_pages = pages;
    }
}

/// The redo log of one running mysqld.
#[derive(Clone, Debug)]
pub struct RedoLog {
    /// Next LSN to assign: the end of the log buffer.
    pub lsn: u64,
    /// The redo files as the OS holds them, in LSN terms.
    pub file: OsFile,
    /// Oldest LSN recovery may need.
    pub checkpoint_lsn: u64,
    /// Dirty pages: (LSN of the first change, pages), oldest first.
    dirty: VecDeque<(u64, u64)>,
    /// Redo bytes not yet turned into a whole dirty page.
    dirty_fill_bytes: u64,
    /// Pages the page cleaner (or a sync flush) wrote that the buffer pool has not yet been
    /// told of ([`RedoLog::take_cleaned`]).
    cleaned_untold: u64,
    /// Counters for SHOW STATUS.
    pub stats: RedoStats,
}

impl RedoLog {
    /// The log of a data directory whose redo ends at `lsn`, all of it on disk and
    /// checkpointed (a clean start, or the end of crash recovery).
    pub fn starting_at(lsn: u64) -> RedoLog {
        RedoLog {
            lsn,
            file: OsFile::on_disk(lsn),
            checkpoint_lsn: lsn,
            dirty: VecDeque::new(),
            cleaned_untold: 0,
            dirty_fill_bytes: 0,
            stats: RedoStats::default(),
        }
    }

    /// Appends one mini-transaction of `bytes` (block headers added) and returns its end LSN.
    /// A change of `page_bytes` of row data dirties pages as the bytes fill them.
    pub fn append(&mut self, bytes: u64, page_bytes: u64, log_buffer_bytes: u64) -> u64 {
        let blocks = bytes.div_ceil(BLOCK_BYTES - BLOCK_OVERHEAD_BYTES).max(1);
        let start = self.lsn;
        // A log buffer too small for what is unwritten: the writer must write before this
        // append fits (MySQL counts the wait; the write is done by the next log write).
        if self.lsn - self.file.written + bytes > log_buffer_bytes {
            self.stats.waits += 1;
        }
        self.lsn += bytes + blocks * BLOCK_OVERHEAD_BYTES;
        self.stats.write_requests += 1;
        self.dirty_fill_bytes += page_bytes;
        let pages = self.dirty_fill_bytes / crate::sim::disk::PAGE_SIZE_BYTES
            + u64::from(self.dirty.is_empty() && page_bytes > 0);
        self.dirty_fill_bytes %= crate::sim::disk::PAGE_SIZE_BYTES;
        if pages > 0 {
            self.dirty.push_back((start, pages));
            if self.dirty.len() > DIRTY_ENTRIES_MAX {
                // Merge the two oldest: the merged entry keeps the older LSN.
                if let (Some((lsn, a)), Some((_, b))) =
                    (self.dirty.pop_front(), self.dirty.pop_front())
                {
                    self.dirty.push_front((lsn, a + b));
                }
            }
        }
        self.lsn
    }

    /// Bytes in the log buffer not yet written to the files.
    pub fn unwritten_bytes(&self) -> u64 {
        self.lsn - self.file.written
    }

    /// The log writer writes the log buffer to the files at `now`; returns the bytes written.
    pub fn write(&mut self, now: crate::sim::SimTime) -> u64 {
        let bytes = self.unwritten_bytes();
        if bytes > 0 {
            self.file.write_to(self.lsn, now);
            self.stats.writes += 1;
            self.stats.os_log_written += bytes;
        }
        bytes
    }

    /// An fsync of the redo files, issued when they held up to `end`, has completed.
    pub fn flushed(&mut self, end: u64) {
        self.stats.fsyncs += 1;
        self.file.synced_to(end);
    }

    /// Pages dirty and not yet flushed.
    pub fn dirty_pages(&self) -> u64 {
        self.dirty.iter().map(|(_, p)| p).sum()
    }

    /// One second of the page cleaner: when the checkpoint age passes the adaptive flushing
    /// low-water mark (10 % of capacity) it flushes up to `io_capacity` pages, oldest first
    /// (`io_capacity_max` past 75 %); an idle server flushes at `io_capacity` too. Then the
    /// checkpoint moves to the oldest page still dirty, but never past what is on disk.
    /// Returns the pages flushed.
    pub fn clean_pages(
        &mut self,
        capacity: u64,
        io_capacity: u64,
        io_capacity_max: u64,
        idle: bool,
    ) -> u64 {
        let age = self.lsn - self.checkpoint_lsn;
        let budget = if age * 4 > capacity * 3 {
            io_capacity_max
        } else if age * 10 > capacity || idle {
            io_capacity
        } else {
            0
        };
        let mut left = budget;
        // Bounded by the dirty list's length.
        while left > 0 {
            let Some(front) = self.dirty.front_mut() else { break };
            let n = front.1.min(left);
            front.1 -= n;
            left -= n;
            if front.1 == 0 {
                self.dirty.pop_front();
            }
        }
        let flushed = budget - left;
        self.cleaned_untold += flushed;
        if flushed > 0 {
            let kind = if idle { FlushKind::Background } else { FlushKind::Adaptive };
            self.stats.count_batch(kind, flushed);
        }
        self.advance_checkpoint();
        flushed
    }

    /// Moves the checkpoint to the oldest dirty page's LSN (or to what is on disk when no
    /// page is dirty): the redo before it is no longer needed.
    pub fn advance_checkpoint(&mut self) {
        let oldest = self.dirty.front().map(|(l, _)| *l).unwrap_or(self.lsn);
        let target = oldest.min(self.file.synced);
        if target > self.checkpoint_lsn {
            self.checkpoint_lsn = target;
            self.stats.checkpoints += 1;
        }
    }

    /// A sync flush: the checkpoint age reached the usable capacity, so every dirty page older
    /// than needed is flushed at once (user threads stall for it). Returns pages flushed.
    pub fn sync_flush_if_full(&mut self, capacity: u64) -> u64 {
        // InnoDB keeps about 1/8 of the capacity as a safety margin.
        let usable = capacity - capacity / 8;
        if self.lsn - self.checkpoint_lsn < usable {
            return 0;
        }
        let pages = self.dirty_pages();
        self.dirty.clear();
        self.cleaned_untold += pages;
        self.stats.count_batch(FlushKind::Sync, pages);
        self.advance_checkpoint();
        pages
    }

    /// The pages flushed since the last call, for the buffer pool to count
    /// (`Innodb_buffer_pool_pages_flushed`) and mark clean.
    pub fn take_cleaned(&mut self) -> u64 {
        std::mem::take(&mut self.cleaned_untold)
    }

    /// Bytes between the checkpoint and the end of the log.
    pub fn logical_size(&self) -> u64 {
        self.lsn - self.checkpoint_lsn
    }
}

/// Redo bytes for changing one record of `record_bytes` (insert, or update/delete image):
/// the page record (type, space id, page number, offset: about 12 bytes, then the record),
/// plus the undo log record for it (about 30 bytes and the key).
pub fn change_bytes(record_bytes: u64, key_bytes: u64) -> u64 {
    12 + record_bytes + 30 + key_bytes
}

/// Redo bytes of a transaction's prepare (undo segment state and XID) and of its commit.
pub const PREPARE_BYTES: u64 = 180;
pub const COMMIT_BYTES: u64 = 60;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::SimTime;

    #[test]
    fn lsns_write_flush_and_checkpoint() {
        let mut r = RedoLog::starting_at(LSN_START);
        let end = r.append(200, 150, 1 << 20);
        assert_eq!(end, LSN_START + 216);
        assert_eq!(r.dirty_pages(), 1);
        assert_eq!(r.write(SimTime(5)), 216);
        assert_eq!(r.file.written, end);
        assert_eq!(r.file.synced, LSN_START, "written is not synced");
        r.flushed(end);
        assert_eq!(r.file.synced, end);
        assert_eq!(r.checkpoint_lsn, LSN_START, "a dirty page holds the checkpoint");
        r.clean_pages(100 << 20, 200, 400, true);
        assert_eq!(r.checkpoint_lsn, end);
        assert_eq!(r.stats.fsyncs, 1);
    }

    #[test]
    fn a_small_log_buffer_counts_waits() {
        let mut r = RedoLog::starting_at(LSN_START);
        r.append(300, 0, 512);
        r.append(300, 0, 512);
        assert_eq!(r.stats.waits, 1);
    }
}
