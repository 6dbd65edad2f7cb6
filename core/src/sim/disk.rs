//! The disk model: what one I/O costs in simulated time, from the profile's constants, and how
//! many of each kind were done. The model is a single device serving one request at a time
//! per caller; queueing between concurrent callers is the scheduler's business.
//!
//! Simplification: service times are exact (no jitter) and reads never hit a device cache;
//! the OS page cache in front of the disk is modelled by the durability layer, not here.

use super::hardware::Hardware;
use super::time::SimDuration;

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

/// The simulated disk.
#[derive(Clone, Debug)]
pub struct Disk {
    read_latency_ns: u64,
    seq_read_bytes_per_s: u64,
    write_bytes_per_s: u64,
    fsync_latency_ns: u64,
    stats: DiskStats,
}

impl Disk {
    pub fn new(hw: &Hardware) -> Disk {
        Disk {
            read_latency_ns: hw.disk_read_latency_us * 1_000,
            seq_read_bytes_per_s: hw.disk_seq_read_mb_s * 1_000_000,
            write_bytes_per_s: hw.disk_write_mb_s * 1_000_000,
            fsync_latency_ns: hw.fsync_latency_us * 1_000,
            stats: DiskStats::default(),
        }
    }

    /// One random read of `pages` contiguous 16 KB pages: one positioning latency plus transfer.
    pub fn read_pages(&mut self, pages: u64) -> SimDuration {
        let bytes = pages * PAGE_SIZE_BYTES;
        self.stats.reads += 1;
        self.stats.bytes_read += bytes;
        SimDuration(self.read_latency_ns + transfer_ns(bytes, self.seq_read_bytes_per_s))
    }

    /// A write of `bytes` into the OS (no flush): bandwidth only.
    pub fn write(&mut self, bytes: u64) -> SimDuration {
        self.stats.writes += 1;
        self.stats.bytes_written += bytes;
        SimDuration(transfer_ns(bytes, self.write_bytes_per_s))
    }

    /// An fsync: the fixed flush latency plus the time to push `dirty_bytes` not yet on disk.
    pub fn fsync(&mut self, dirty_bytes: u64) -> SimDuration {
        self.stats.fsyncs += 1;
        SimDuration(self.fsync_latency_ns + transfer_ns(dirty_bytes, self.write_bytes_per_s))
    }

    /// An asynchronous batch of `pages` contiguous single-page reads issued together (InnoDB's
    /// read-ahead and buffer pool load): the device merges adjacent requests, so the batch pays
    /// one positioning latency, then pages arrive one transfer time apart. Returns when each
    /// page has arrived, as offsets from the start of the batch.
    pub fn read_batch(&mut self, pages: u64) -> Vec<SimDuration> {
        self.stats.reads += pages;
        self.stats.bytes_read += pages * PAGE_SIZE_BYTES;
        let per_page = transfer_ns(PAGE_SIZE_BYTES, self.seq_read_bytes_per_s);
        (1..=pages).map(|k| SimDuration(self.read_latency_ns + k * per_page)).collect()
    }

    pub fn stats(&self) -> DiskStats {
        self.stats
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
    fn costs_follow_the_constants() {
        let mut hw = profile(DEFAULT_PROFILE).unwrap().hardware;
        hw.set("disk_read_latency_us", "100").unwrap();
        hw.set("disk_seq_read_mb_s", "1000").unwrap();
        hw.set("disk_write_mb_s", "500").unwrap();
        hw.set("fsync_latency_us", "2000").unwrap();
        let mut disk = Disk::new(&hw);
        // 100 us + 16384 B at 1 GB/s = 16.384 us
        assert_eq!(disk.read_pages(1), SimDuration(116_384));
        // a 64-page read-ahead costs one latency, not 64
        assert_eq!(disk.read_pages(64), SimDuration(100_000 + 1_048_576));
        assert_eq!(disk.write(500_000), SimDuration::from_millis(1));
        assert_eq!(disk.fsync(0), SimDuration::from_millis(2));
        let s = disk.stats();
        assert_eq!((s.reads, s.writes, s.fsyncs, s.bytes_read), (2, 1, 1, 65 * 16384));
    }
}
