//! The disk model: what one I/O costs in simulated time, from the profile's constants, and how
//! many of each kind were done. The model is a single device serving one request at a time
//! per caller; queueing between concurrent callers is the scheduler's business.
//!
//! Service times are exact unless the profile gives the device a latency drift
//! (`disk_latency_drift_pct`, `sim::drift`): then its latencies wander slowly with simulated
//! time, as a real device's do. Simplification: reads never hit a device cache; the OS page
//! cache in front of the disk is modelled by the durability layer, not here.

use super::drift::Drift;
use super::hardware::Hardware;
use super::time::{SimDuration, SimTime};
use std::collections::BTreeMap;

/// InnoDB's page size; the unit of random reads.
pub const PAGE_SIZE_BYTES: u64 = 16 * 1024;

/// Counts of I/O requests served, for status counters and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiskStats {
    pub reads: u64,
    pub bytes_read: u64,
    pub writes: u64,
    pub bytes_written: u64,
    pub fsyncs: u64,
}

/// One kind of operation on one file, as performance_schema's file instruments count it: how
/// many, how many bytes, and the time they took (sum, least and most).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileOps {
    pub count: u64,
    pub bytes: u64,
    pub wait: SimDuration,
    pub min_wait: SimDuration,
    pub max_wait: SimDuration,
}

impl FileOps {
    fn note(&mut self, bytes: u64, wait: SimDuration) {
        self.min_wait = if self.count == 0 { wait } else { self.min_wait.min(wait) };
        self.max_wait = self.max_wait.max(wait);
        self.count += 1;
        self.bytes += bytes;
        self.wait += wait;
    }
}

/// The I/O of one file: a tablespace (a table's `.ibd`, the session temporary tablespace),
/// or one of the logs ([`REDO_LOG_FILE`], [`BINARY_LOG_FILE`]). `misc` counts fsyncs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileIo {
    pub read: FileOps,
    pub write: FileOps,
    pub misc: FileOps,
}

/// The redo log's file id in [`Disk::file_io`]: InnoDB's own space id for the redo log
/// (`dict_sys_t::s_log_space_id`).
pub const REDO_LOG_FILE: u32 = 0xFFFF_FFF0;

/// The binary log's file id in [`Disk::file_io`] (not an InnoDB tablespace; the id is ours).
pub const BINARY_LOG_FILE: u32 = u32::MAX;

/// Which operation an [`IoRecord`] was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoOp {
    Read,
    Write,
    Sync,
}

/// One I/O as performance_schema's wait events see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IoRecord {
    pub file: u32,
    pub op: IoOp,
    pub bytes: u64,
    pub wait: SimDuration,
}

/// The last I/Os, kept only while something reads them (the events_waits_* consumers):
/// bounded by `capacity`, the oldest dropped first; `total` counts every one logged.
#[derive(Clone, Debug, Default)]
struct IoLog {
    records: std::collections::VecDeque<IoRecord>,
    capacity: usize,
    total: u64,
}

/// The simulated disk.
#[derive(Clone, Debug)]
pub struct Disk {
    read_latency_ns: u64,
    seq_read_bytes_per_s: u64,
    write_bytes_per_s: u64,
    fsync_latency_ns: u64,
    write_call_ns: u64,
    stats: DiskStats,
    /// Page I/O per tablespace, by space id: one entry per tablespace the server has read or
    /// written (bounded by the tablespaces there are), for performance_schema's file tables.
    files: BTreeMap<u32, FileIo>,
    /// Each I/O, while performance_schema's wait events want them.
    io_log: Option<IoLog>,
    /// The size in pages of each tablespace file that grows as pages are allocated in it
    /// ([`Disk::extend_tablespace`]; the session temporary tablespace), by space id.
    file_pages: BTreeMap<u32, u64>,
    /// The latencies' drift, when the profile asks for one.
    drift: Option<Drift>,
    /// The simulated time the server last told the disk ([`Disk::at`]): when the next I/O's
    /// latency is taken from the drift.
    now: SimTime,
}

/// A session temporary tablespace's size in pages when it is created and when it is
/// truncated back (INFORMATION_SCHEMA.INNODB_SESSION_TEMP_TABLESPACES shows 81,920 bytes).
pub const TABLESPACE_INITIAL_PAGES: u64 = 5;
/// An extent: 1 MiB of 16 KiB pages.
const EXTENT_PAGES: u64 = 64;
/// Past 32 extents a file grows 4 extents at a time (`fsp_get_pages_to_extend_ibd`:
/// `FSP_FREE_ADD`); below, an extent at a time.
const EXTEND_BY_EXTENT_BELOW_PAGES: u64 = 32 * EXTENT_PAGES;
const FREE_ADD_EXTENTS: u64 = 4;
/// The zeros of an extension go out in writes of at most this many bytes.
/// UNCONFIRMED: `fil_write_zeros`' buffer size; 1 MiB chosen.
const ZERO_WRITE_BYTES_MAX: u64 = 1 << 20;

impl Disk {
    pub fn new(hw: &Hardware) -> Disk {
        Disk::seeded(hw, 0)
    }

    /// The disk of the experiment seeded `seed`: its latency drift (if the profile asks for
    /// one) is that seed's.
    pub fn seeded(hw: &Hardware, seed: u64) -> Disk {
        Disk {
            read_latency_ns: hw.disk_read_latency_us * 1_000,
            seq_read_bytes_per_s: hw.disk_seq_read_mb_s * 1_000_000,
            write_bytes_per_s: hw.disk_write_mb_s * 1_000_000,
            fsync_latency_ns: hw.fsync_latency_us * 1_000,
            write_call_ns: hw.write_call_us * 1_000,
            stats: DiskStats::default(),
            files: BTreeMap::new(),
            io_log: None,
            file_pages: BTreeMap::new(),
            drift: Drift::new(seed, hw.disk_latency_drift_pct, hw.disk_latency_drift_s),
            now: SimTime::ZERO,
        }
    }

    /// Simulated time is now `now`: the I/Os that follow are served at the latencies the
    /// device has then (its drift; nothing changes without one).
    pub fn at(&mut self, now: SimTime) {
        self.now = now;
    }

    /// A random read's positioning latency now.
    fn read_latency(&mut self) -> u64 {
        match self.drift.as_mut() {
            Some(d) => d.scale(self.read_latency_ns, self.now),
            None => self.read_latency_ns,
        }
    }

    /// An fsync's fixed flush latency now.
    fn fsync_latency(&mut self) -> u64 {
        match self.drift.as_mut() {
            Some(d) => d.scale(self.fsync_latency_ns, self.now),
            None => self.fsync_latency_ns,
        }
    }

    /// Tablespace `space`'s file must hold `pages` pages: InnoDB extends it as
    /// `fsp_try_extend_data_file` does (to one extent first, then an extent at a time up to
    /// 32 MiB, then four), and with `innodb_extend_and_initialize` ON (the default on Linux)
    /// writes the new pages' zeros through the file, synchronously, in the thread that needs
    /// the page. Returns the time those writes take; they are noted as the file's writes.
    /// UNCONFIRMED: that the session temporary tablespace's `.ibt` is initialised this way
    /// too (the manual names file-per-table and general tablespaces).
    pub fn extend_tablespace(&mut self, space: u32, pages: u64) -> SimDuration {
        let size = *self.file_pages.get(&space).unwrap_or(&TABLESPACE_INITIAL_PAGES);
        let mut grown = size;
        let mut wait = SimDuration::ZERO;
        while grown < pages {
            let step = if grown < EXTENT_PAGES {
                EXTENT_PAGES - grown
            } else if grown < EXTEND_BY_EXTENT_BELOW_PAGES {
                EXTENT_PAGES
            } else {
                FREE_ADD_EXTENTS * EXTENT_PAGES
            };
            let mut zeros = step * PAGE_SIZE_BYTES;
            while zeros > 0 {
                let bytes = zeros.min(ZERO_WRITE_BYTES_MAX);
                wait += self.append_to(space, bytes);
                zeros -= bytes;
            }
            grown += step;
        }
        if grown != size {
            self.file_pages.insert(space, grown);
        }
        wait
    }

    /// The pages tablespace `space`'s file has grown to, if it has grown since it was created
    /// or last truncated.
    pub fn tablespace_pages(&self, space: u32) -> Option<u64> {
        self.file_pages.get(&space).copied()
    }

    /// Tablespace `space`'s file is truncated back to its initial size (a session temporary
    /// tablespace released when its session ends).
    pub fn truncate_tablespace(&mut self, space: u32) {
        self.file_pages.remove(&space);
    }

    /// One random read of `pages` contiguous 16 KB pages of tablespace `space`: one
    /// positioning latency plus transfer.
    pub fn read_pages(&mut self, space: u32, pages: u64) -> SimDuration {
        let bytes = pages * PAGE_SIZE_BYTES;
        self.stats.reads += 1;
        self.stats.bytes_read += bytes;
        let wait = SimDuration(self.read_latency() + transfer_ns(bytes, self.seq_read_bytes_per_s));
        self.note_read(space, bytes, wait);
        wait
    }

    /// A write of `bytes` into the OS (no flush): bandwidth only.
    pub fn write(&mut self, bytes: u64) -> SimDuration {
        self.stats.writes += 1;
        self.stats.bytes_written += bytes;
        SimDuration(transfer_ns(bytes, self.write_bytes_per_s))
    }

    /// An appending `write()` system call of `bytes` into the page cache (a log write): the
    /// call's fixed cost plus the copy at write bandwidth. The data is not on the device yet.
    pub fn append(&mut self, bytes: u64) -> SimDuration {
        SimDuration(self.write_call_ns) + self.write(bytes)
    }

    /// An fsync: the fixed flush latency plus the time to push `dirty_bytes` not yet on disk.
    pub fn fsync(&mut self, dirty_bytes: u64) -> SimDuration {
        self.stats.fsyncs += 1;
        SimDuration(self.fsync_latency() + transfer_ns(dirty_bytes, self.write_bytes_per_s))
    }

    /// An asynchronous batch of `pages` contiguous single-page reads issued together (InnoDB's
    /// read-ahead and buffer pool load): the device merges adjacent requests, so the batch pays
    /// one positioning latency, then pages arrive one transfer time apart. Returns when each
    /// page has arrived, as offsets from the start of the batch. `spaces` names each page's
    /// tablespace: each page is one read of its file, the first also waiting for the
    /// positioning (simplification: InnoDB times each request from its own submission).
    pub fn read_batch(&mut self, spaces: impl IntoIterator<Item = u32>) -> Vec<SimDuration> {
        let per_page = transfer_ns(PAGE_SIZE_BYTES, self.seq_read_bytes_per_s);
        let latency = self.read_latency();
        let mut arrivals = Vec::new();
        for (k, space) in (1u64..).zip(spaces) {
            let wait = if k == 1 { latency + per_page } else { per_page };
            self.note_read(space, PAGE_SIZE_BYTES, SimDuration(wait));
            arrivals.push(SimDuration(latency + k * per_page));
        }
        self.stats.reads += arrivals.len() as u64;
        self.stats.bytes_read += arrivals.len() as u64 * PAGE_SIZE_BYTES;
        arrivals
    }

    pub fn stats(&self) -> DiskStats {
        self.stats
    }

    /// Notes a read of `bytes` from tablespace `space` that took `wait`.
    fn note_read(&mut self, space: u32, bytes: u64, wait: SimDuration) {
        self.files.entry(space).or_default().read.note(bytes, wait);
        self.log(space, IoOp::Read, bytes, wait);
    }

    /// Notes a write of `bytes` to tablespace `space` that took `wait`.
    pub fn note_write(&mut self, space: u32, bytes: u64, wait: SimDuration) {
        self.files.entry(space).or_default().write.note(bytes, wait);
        self.log(space, IoOp::Write, bytes, wait);
    }

    /// An appending write of `bytes` to file `file` (a log file, [`REDO_LOG_FILE`] or
    /// [`BINARY_LOG_FILE`], or a tablespace growing): [`Disk::append`], noted for the file
    /// tables.
    pub fn append_to(&mut self, file: u32, bytes: u64) -> SimDuration {
        let wait = self.append(bytes);
        self.note_write(file, bytes, wait);
        wait
    }

    /// An fsync of log file `file`: [`Disk::fsync`], noted for the file tables (the wait noted
    /// is the service time, without queueing behind other fsyncs).
    pub fn fsync_file(&mut self, file: u32, dirty_bytes: u64) -> SimDuration {
        let wait = self.fsync(dirty_bytes);
        self.files.entry(file).or_default().misc.note(0, wait);
        self.log(file, IoOp::Sync, 0, wait);
        wait
    }

    fn log(&mut self, file: u32, op: IoOp, bytes: u64, wait: SimDuration) {
        if let Some(log) = self.io_log.as_mut() {
            if log.records.len() == log.capacity {
                log.records.pop_front();
            }
            if log.capacity > 0 {
                log.records.push_back(IoRecord { file, op, bytes, wait });
            }
            log.total += 1;
        }
    }

    /// Keeps each I/O (the last `capacity` of them) until [`Disk::take_io_log`], or stops
    /// keeping them (None).
    pub fn keep_io_log(&mut self, capacity: Option<usize>) {
        match (capacity, self.io_log.as_mut()) {
            (Some(c), Some(log)) => {
                log.capacity = c;
                while log.records.len() > c {
                    log.records.pop_front();
                }
            }
            (Some(c), None) => self.io_log = Some(IoLog { capacity: c, ..IoLog::default() }),
            (None, _) => self.io_log = None,
        }
    }

    /// The I/Os kept since the last call, oldest first, and how many were done in all (the
    /// kept ones included; more when the log overflowed).
    pub fn take_io_log(&mut self) -> (Vec<IoRecord>, u64) {
        match self.io_log.as_mut() {
            Some(log) => (log.records.drain(..).collect(), std::mem::take(&mut log.total)),
            None => (Vec::new(), 0),
        }
    }

    /// Reads and writes done so far (a cheap test for "no I/O since").
    pub fn io_count(&self) -> u64 {
        self.stats.reads + self.stats.writes + self.stats.fsyncs
    }

    /// Page I/O per tablespace so far, by space id.
    pub fn file_io(&self) -> &BTreeMap<u32, FileIo> {
        &self.files
    }
}

/// Linux writes back a dirty page cache page once it is this old (`vm.dirty_expire_centisecs`
/// = 3000): data written but never fsynced reaches the disk within about 30 s anyway.
pub const DIRTY_EXPIRE: SimDuration = SimDuration::from_secs(30);

/// One file as the OS page cache holds it: bytes `written` by the process (in the page cache;
/// they survive a crash of the process) and bytes `synced` to the device (they survive a
/// power loss). Files only grow at the end, as the redo log and the binary log do, so two
/// offsets describe the whole file.
///
/// Simplification: the kernel writes back dirty pages one by one as each expires; here the
/// file's whole dirty range is written back once its oldest dirty byte is [`DIRTY_EXPIRE`] old.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OsFile {
    /// End of the data the process has written (page cache or disk).
    pub written: u64,
    /// End of the data that is on the device.
    pub synced: u64,
    /// When the oldest byte not yet on the device was written.
    dirty_since: Option<SimTime>,
}

impl OsFile {
    /// A file whose first `bytes` are on disk.
    pub fn on_disk(bytes: u64) -> OsFile {
        OsFile { written: bytes, synced: bytes, dirty_since: None }
    }

    /// The process wrote up to `end` at `now`.
    pub fn write_to(&mut self, end: u64, now: SimTime) {
        if end > self.written {
            self.written = end;
            if self.dirty_since.is_none() {
                self.dirty_since = Some(now);
            }
        }
    }

    /// Bytes in the page cache that are not on the device.
    pub fn dirty_bytes(&self) -> u64 {
        self.written - self.synced
    }

    /// An fsync completed: everything written before it is on the device.
    pub fn synced_to(&mut self, end: u64) {
        self.synced = self.synced.max(end.min(self.written));
        if self.synced == self.written {
            self.dirty_since = None;
        }
    }

    /// The kernel's background writeback up to `now` (see [`DIRTY_EXPIRE`]).
    pub fn writeback(&mut self, now: SimTime) {
        if self.dirty_since.is_some_and(|t| now.since(t) >= DIRTY_EXPIRE) {
            self.synced_to(self.written);
        }
    }

    /// What is left after the process dies: the page cache keeps everything written.
    pub fn after_process_crash(&self) -> u64 {
        self.written
    }

    /// What is left after a power loss: only what reached the device.
    pub fn after_power_loss(&self) -> u64 {
        self.synced
    }
}

/// The device's flush queue. On ext4 every fsync commits the file system's single journal
/// (jbd2), and journal commits run one after another, so fsyncs of two files on one file
/// system (the redo log and the binary log) do not overlap: the second waits for the first.
/// The WSL2 virtual disk adds its own serialisation: each flush travels through Hyper-V to a
/// FLUSH of the Windows host's VHDX file, one at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct FlushQueue {
    /// When the device finishes the last flush queued.
    busy_until: SimTime,
}

impl FlushQueue {
    /// Queues an fsync issued at `now` that takes `service`; returns when it completes.
    pub fn fsync(&mut self, now: SimTime, service: SimDuration) -> SimTime {
        let start = if self.busy_until > now { self.busy_until } else { now };
        self.busy_until = start + service;
        self.busy_until
    }
}

/// Nanoseconds to move `bytes` at `bytes_per_s`, rounded up.
fn transfer_ns(bytes: u64, bytes_per_s: u64) -> u64 {
    let ns = u128::from(bytes) * 1_000_000_000;
    ns.div_ceil(u128::from(bytes_per_s.max(1))) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::hardware::{profile, DEFAULT_PROFILE};

    #[test]
    fn a_tablespace_grows_by_extents_writing_its_zeros() {
        let hw = profile(DEFAULT_PROFILE).unwrap().hardware;
        let mut disk = Disk::new(&hw);
        let written =
            |d: &Disk| d.file_io().get(&9).map_or((0, 0), |f| (f.write.count, f.write.bytes));
        // Within its first 5 pages: nothing to write.
        assert_eq!(disk.extend_tablespace(9, 5), SimDuration::ZERO);
        assert_eq!(written(&disk), (0, 0));
        // To one extent (59 pages of zeros, one write), then an extent at a time.
        assert!(disk.extend_tablespace(9, 6) > SimDuration::ZERO);
        assert_eq!(written(&disk), (1, 59 * PAGE_SIZE_BYTES));
        disk.extend_tablespace(9, 65);
        assert_eq!(written(&disk), (2, 123 * PAGE_SIZE_BYTES));
        // Past 32 MiB, four extents at a time, in writes of at most 1 MiB.
        disk.extend_tablespace(9, 2049);
        assert_eq!(written(&disk).1, (2048 + 256 - 5) * PAGE_SIZE_BYTES);
        assert_eq!(written(&disk).0, 2 + 30 + 4);
        // Pages already in the file cost nothing; a truncated file grows again.
        assert_eq!(disk.extend_tablespace(9, 2300), SimDuration::ZERO);
        disk.truncate_tablespace(9);
        disk.extend_tablespace(9, 6);
        assert_eq!(written(&disk).0, 37);
    }

    #[test]
    fn costs_follow_the_constants() {
        let mut hw = profile(DEFAULT_PROFILE).unwrap().hardware;
        hw.set("disk_read_latency_us", "100").unwrap();
        hw.set("disk_seq_read_mb_s", "1000").unwrap();
        hw.set("disk_write_mb_s", "500").unwrap();
        hw.set("fsync_latency_us", "2000").unwrap();
        let mut disk = Disk::new(&hw);
        // 100 us + 16384 B at 1 GB/s = 16.384 us
        assert_eq!(disk.read_pages(0, 1), SimDuration(116_384));
        // a 64-page read-ahead costs one latency, not 64
        assert_eq!(disk.read_pages(0, 64), SimDuration(100_000 + 1_048_576));
        assert_eq!(disk.write(500_000), SimDuration::from_millis(1));
        assert_eq!(disk.fsync(0), SimDuration::from_millis(2));
        let s = disk.stats();
        assert_eq!((s.reads, s.writes, s.fsyncs, s.bytes_read), (2, 1, 1, 65 * 16384));
    }

    #[test]
    fn the_io_log_is_bounded_and_counts_what_it_dropped() {
        let hw = profile(DEFAULT_PROFILE).unwrap().hardware;
        let mut disk = Disk::new(&hw);
        disk.read_pages(7, 1);
        assert_eq!(disk.take_io_log(), (Vec::new(), 0), "nothing is kept until asked");
        disk.keep_io_log(Some(2));
        disk.read_pages(7, 1);
        disk.read_pages(8, 1);
        disk.fsync_file(REDO_LOG_FILE, 0);
        let (kept, total) = disk.take_io_log();
        assert_eq!(total, 3);
        assert_eq!(
            kept.iter().map(|r| (r.file, r.op)).collect::<Vec<_>>(),
            vec![(8, IoOp::Read), (REDO_LOG_FILE, IoOp::Sync)]
        );
        assert_eq!(disk.file_io()[&7].read.count, 2);
        assert_eq!(disk.file_io()[&REDO_LOG_FILE].misc.count, 1);
        disk.keep_io_log(None);
        disk.read_pages(7, 1);
        assert_eq!(disk.take_io_log().1, 0);
    }
}
