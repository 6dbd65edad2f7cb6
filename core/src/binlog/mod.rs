//! The binary log: each committed transaction's events (GTID, BEGIN, Table_map, row events,
//! XID) appended to the current file (`files.rs`: binlog.000001, .000002, ...), written into the OS page cache in the group commit's flush
//! stage and fsynced in its sync stage as `sync_binlog` says (0: never, the OS decides; 1: every
//! group; N: every N groups).
//!
//! Simplification: event sizes are estimated from the row
//! image (ROW format, FULL image, CRC32 checksums), not encoded; DDL statements are not written
//! to it (MySQL writes each as a Query event).

pub mod group_commit;
pub mod recovery;

pub mod files;
use crate::sim::disk::OsFile;

/// A new binary log file starts with its 4-byte magic number and a Format_description and
/// Previous_gtids event: the first transaction starts at position 158 in MySQL 8.4/9.x.
pub const FIRST_EVENT_POS: u64 = 158;

/// Bytes of a transaction's fixed events: Anonymous_gtid (79), Query `BEGIN` (80), Xid (31).
const TRX_FIXED_BYTES: u64 = 79 + 80 + 31;

/// Bytes of a row event for a row of `row_bytes`: a Table_map (about 60) once, and the
/// Write/Update/Delete_rows event header (about 30 with the checksum) around the image.
pub fn row_event_bytes(row_bytes: u64) -> u64 {
    30 + row_bytes
}

/// Bytes of a whole transaction whose row events take `rows_bytes`.
pub fn transaction_bytes(rows_bytes: u64) -> u64 {
    TRX_FIXED_BYTES + 60 + rows_bytes
}

/// The binary log of one mysqld.
#[derive(Clone, Debug)]
pub struct Binlog {
    /// End of the events appended so far (the position `SHOW BINARY LOG STATUS` prints).
    pub position: u64,
    /// The file as the OS holds it.
    pub file: OsFile,
    /// Groups written since the last fsync (for `sync_binlog` = N).
    pub groups_since_sync: u64,
    /// fsyncs of the binary log.
    pub fsyncs: u64,
    /// Transactions written (`Binlog_cache_use`).
    pub transactions: u64,
    /// The files the stream is cut into (`SHOW BINARY LOGS`).
    pub files: files::BinlogFiles,
}

impl Binlog {
    /// A binary log that ends at `position`, all of it on disk.
    pub fn starting_at(position: u64) -> Binlog {
        Binlog {
            position,
            file: OsFile::on_disk(position),
            groups_since_sync: 0,
            fsyncs: 0,
            transactions: 0,
            files: files::BinlogFiles::new(position),
        }
    }

    /// Appends a transaction of `bytes` to the binlog (in memory, before the flush stage
    /// writes it) and returns its end position.
    pub fn append(&mut self, bytes: u64) -> u64 {
        self.position += bytes;
        self.transactions += 1;
        self.position
    }

    /// Whether the sync stage fsyncs after this group, counting it (sync_binlog semantics).
    pub fn group_needs_sync(&mut self, sync_binlog: u64) -> bool {
        if sync_binlog == 0 {
            return false;
        }
        self.groups_since_sync += 1;
        if self.groups_since_sync >= sync_binlog {
            self.groups_since_sync = 0;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sync_binlog_counts_groups() {
        let mut b = Binlog::starting_at(FIRST_EVENT_POS);
        assert!(!b.group_needs_sync(0));
        assert!(b.group_needs_sync(1));
        assert!(!b.group_needs_sync(3));
        assert!(!b.group_needs_sync(3));
        assert!(b.group_needs_sync(3));
        assert_eq!(b.append(300), FIRST_EVENT_POS + 300);
    }
}
