//! The binary log's files: `binlog.000001`, `binlog.000002`, ... as `SHOW BINARY LOGS` lists
//! them. A new file opens at each mysqld start, at `FLUSH BINARY LOGS`, and when a commit
//! group leaves the current file past `max_binlog_size`; `PURGE BINARY LOGS` deletes the
//! oldest ones and `RESET BINARY LOGS AND GTIDS` all of them; `binlog_expire_logs_seconds`
//! deletes files older than that at each rotation.
//!
//! The group commit writes one stream of events (`Binlog::position`, an offset that only
//! grows, which the crash model compares); a file is the stretch of that stream between two
//! rotations. Simplification: the bytes a rotation adds (the old file's Rotate event, the new
//! file's header) are shown in the files' sizes and positions but are not written through the
//! simulated disk, so rotating changes no timing; the Stop event of a clean shutdown is not
//! counted.

use crate::sim::{SimDuration, SimTime};

/// Bytes before a file's first transaction: the magic number, the Format_description event
/// and the Previous_gtids event (a 9.x file's first event position).
pub const FILE_HEADER_BYTES: u64 = 158;
/// The Rotate event that ends a file closed by a rotation (19 header, 8 position, the next
/// file's 13-character name, 4 checksum).
pub const ROTATE_EVENT_BYTES: u64 = 44;
/// The largest file number (`RESET BINARY LOGS AND GTIDS TO n`'s upper limit).
pub const FILE_NUMBER_MAX: u32 = 2_000_000_000;
/// The most files kept: past it the oldest is deleted (a bound, far above any lesson).
const FILES_MAX: usize = 100_000;

/// One file of the binary log.
#[derive(Clone, Debug, PartialEq, Eq)]
struct BinlogFile {
    number: u32,
    /// Where its events start in the stream.
    start: u64,
    /// Where they end, once the file is closed.
    end: Option<u64>,
    /// Closed by a rotation (it ends with a Rotate event).
    rotated: bool,
    /// Its last change (for `PURGE BINARY LOGS BEFORE` and expiry).
    modified: SimTime,
}

/// The files, oldest first; the last is the one being written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinlogFiles {
    files: Vec<BinlogFile>,
    /// Whether a mysqld start has opened the current file (the next start opens another).
    opened_by_start: bool,
}

/// `PURGE BINARY LOGS TO` named no file of the index (MySQL's 1373).
#[derive(Debug, PartialEq, Eq)]
pub struct NotInIndex;

/// `binlog.000042` for 42.
pub fn file_name(number: u32) -> String {
    format!("binlog.{number:06}")
}

impl BinlogFiles {
    /// One file, `binlog.000001`, whose events start at `start` in the stream (after its
    /// header).
    pub fn new(start: u64) -> BinlogFiles {
        let first =
            BinlogFile { number: 1, start, end: None, rotated: false, modified: SimTime::ZERO };
        BinlogFiles { files: vec![first], opened_by_start: false }
    }

    fn current(&self) -> &BinlogFile {
        // Never empty: every operation leaves a current file.
        &self.files[self.files.len() - 1]
    }

    /// The file being written.
    pub fn current_name(&self) -> String {
        file_name(self.current().number)
    }

    /// `SHOW BINARY LOG STATUS`' Position: where the stream's end `position` is in the
    /// current file.
    pub fn position_in_file(&self, position: u64) -> u64 {
        FILE_HEADER_BYTES + position.saturating_sub(self.current().start)
    }

    /// Every file's name and size, oldest first, the current one ending at `position`.
    pub fn list(&self, position: u64) -> Vec<(String, u64)> {
        self.files
            .iter()
            .map(|f| {
                let end = f.end.unwrap_or(position);
                let rotate = if f.rotated { ROTATE_EVENT_BYTES } else { 0 };
                (file_name(f.number), FILE_HEADER_BYTES + end.saturating_sub(f.start) + rotate)
            })
            .collect()
    }

    /// The current file was written at `now`.
    pub fn touch(&mut self, now: SimTime) {
        let last = self.files.len() - 1;
        self.files[last].modified = now;
    }

    /// Closes the current file at the stream's `position` and opens the next; files last
    /// written longer than `expire` (if given) before `now` are deleted.
    pub fn rotate(&mut self, position: u64, now: SimTime, expire: Option<SimDuration>) {
        self.close_and_open(position, now, true);
        self.expire(now, expire);
    }

    fn expire(&mut self, now: SimTime, expire: Option<SimDuration>) {
        if let Some(age) = expire {
            self.purge_before(SimTime(now.0.saturating_sub(age.0)));
        }
    }

    fn close_and_open(&mut self, position: u64, now: SimTime, rotated: bool) {
        let last = self.files.len() - 1;
        let number = self.files[last].number.saturating_add(1).min(FILE_NUMBER_MAX);
        self.files[last].end = Some(position);
        self.files[last].rotated = rotated;
        self.files[last].modified = now;
        self.files.push(BinlogFile {
            number,
            start: position,
            end: None,
            rotated: false,
            modified: now,
        });
        if self.files.len() > FILES_MAX {
            self.files.remove(0);
        }
    }

    /// mysqld starts: the first start writes the first file; each later one opens a new
    /// file (the previous ends without a Rotate event).
    pub fn open_at_start(&mut self, position: u64, now: SimTime, expire: Option<SimDuration>) {
        if self.opened_by_start {
            self.close_and_open(position, now, false);
            self.expire(now, expire);
        } else {
            self.touch(now);
        }
        self.opened_by_start = true;
    }

    /// `PURGE BINARY LOGS TO 'name'`: deletes the files before `name` (not `name` itself).
    pub fn purge_to(&mut self, name: &str) -> Result<(), NotInIndex> {
        let at = self.files.iter().position(|f| file_name(f.number) == name).ok_or(NotInIndex)?;
        self.files.drain(..at);
        Ok(())
    }

    /// `PURGE BINARY LOGS BEFORE t`, and expiry: deletes the closed files last changed
    /// before `t` (never the current one).
    pub fn purge_before(&mut self, t: SimTime) {
        let last = self.files.len() - 1;
        let old = self.files[..last].iter().take_while(|f| f.modified < t).count();
        self.files.drain(..old);
    }

    /// `RESET BINARY LOGS AND GTIDS [TO n]`: every file deleted, a new one numbered `first`
    /// starting at the stream's `position`.
    pub fn reset(&mut self, position: u64, now: SimTime, first: u32) {
        let number = first.clamp(1, FILE_NUMBER_MAX);
        self.files =
            vec![BinlogFile { number, start: position, end: None, rotated: false, modified: now }];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(secs: u64) -> SimTime {
        SimTime(secs * 1_000_000_000)
    }

    #[test]
    fn files_rotate_purge_and_reset() {
        let mut f = BinlogFiles::new(158);
        f.open_at_start(158, at(0), None);
        assert_eq!(f.list(1_158), vec![("binlog.000001".into(), 1_158)]);
        assert_eq!(f.position_in_file(1_158), 1_158);
        f.rotate(1_158, at(10), None);
        f.rotate(2_000, at(20), None);
        f.open_at_start(2_500, at(30), None);
        let names: Vec<String> = f.list(2_600).into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["binlog.000001", "binlog.000002", "binlog.000003", "binlog.000004"]);
        let sizes: Vec<u64> = f.list(2_600).into_iter().map(|(_, s)| s).collect();
        assert_eq!(sizes, [1_158 + 44, 158 + 842 + 44, 158 + 500, 158 + 100]);
        assert_eq!(f.position_in_file(2_600), 258);
        assert_eq!(f.purge_to("binlog.000009"), Err(NotInIndex));
        f.purge_to("binlog.000002").unwrap();
        assert_eq!(f.list(2_600)[0].0, "binlog.000002");
        f.purge_before(at(25));
        assert_eq!(f.list(2_600)[0].0, "binlog.000003", "000002 closed at 20 s");
        f.purge_before(at(1_000));
        assert_eq!(f.list(2_600).len(), 1, "the current file stays");
        f.reset(2_600, at(40), 7);
        assert_eq!(f.list(2_700), vec![("binlog.000007".into(), 258)]);
    }
}
