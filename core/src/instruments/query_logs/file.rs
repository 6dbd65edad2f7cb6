//! The query log files mysqld keeps open, by path: what each holds and how large it is.
//!
//! Bounded memory: a log can be written for hours (with `long_query_time = 0` every
//! statement writes an entry). Each file keeps at most [`LOG_TEXT_BYTES_MAX`] (16 MiB) of
//! text. Past it the simulator drops the oldest half of what it keeps, at a line boundary, as
//! if the head of the file had been cut away: `ls -l` still shows the whole size the file has
//! grown to, while `cat`, `head` and the tools read only the newest part (at least 8 MiB).
//! There are at most [`LOG_FILES_MAX`] files; opening another drops the least recently
//! opened closed file (the simulator forgets it; `ls` no longer shows it).
//!
//! A removed file (`rm`) that mysqld still has open takes writes that go nowhere, as an
//! unlinked file does, until `FLUSH LOGS` reopens the name and creates it again.

use std::collections::BTreeMap;

/// Most text kept per file, in bytes.
pub const LOG_TEXT_BYTES_MAX: usize = 16 << 20;
/// Most files kept.
pub const LOG_FILES_MAX: usize = 8;

/// One log file: the text kept and the size it has grown to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogFile {
    text: String,
    bytes: u64,
    /// When it was last opened, in open order (for dropping the oldest past the bound).
    opened: u64,
}

impl LogFile {
    /// Adds `s` at the end, keeping the text within its bound.
    pub fn append(&mut self, s: &str) {
        self.bytes = self.bytes.saturating_add(s.len() as u64);
        self.text.push_str(s);
        if self.text.len() > LOG_TEXT_BYTES_MAX {
            let from = self.text.len() - LOG_TEXT_BYTES_MAX / 2;
            let bytes = self.text.as_bytes();
            let cut = bytes[from..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| from + i + 1);
            self.text.drain(..cut);
        }
    }

    /// The text kept (all of it until the file passes its bound).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The file's size, as `ls -l` shows it.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

/// The log files by absolute path, and which path each log has open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogFiles {
    files: BTreeMap<String, LogFile>,
    opens: u64,
}

impl LogFiles {
    /// Opens `path` for appending (creating it), as mysqld does for a log, and writes
    /// `header`. Returns false when the path cannot hold a file.
    pub fn open(&mut self, path: &str, header: &str, in_use: &[&str]) -> bool {
        if path.is_empty() || path.ends_with('/') {
            return false;
        }
        if !self.files.contains_key(path) && self.files.len() >= LOG_FILES_MAX {
            // The oldest opened file no log has open goes.
            let victim = self
                .files
                .iter()
                .filter(|(p, _)| !in_use.contains(&p.as_str()))
                .min_by_key(|(_, f)| f.opened)
                .map(|(p, _)| p.clone());
            match victim {
                Some(p) => {
                    self.files.remove(&p);
                }
                None => return false,
            }
        }
        self.opens += 1;
        let opens = self.opens;
        let file = self.files.entry(path.to_string()).or_default();
        file.opened = opens;
        file.append(header);
        true
    }

    /// Appends `text` to `path` if the file is there (a removed file takes nothing).
    pub fn append(&mut self, path: &str, text: &str) {
        if let Some(f) = self.files.get_mut(path) {
            f.append(text);
        }
    }

    pub fn get(&self, path: &str) -> Option<&LogFile> {
        self.files.get(path)
    }

    /// Removes the file; false if there was none.
    pub fn remove(&mut self, path: &str) -> bool {
        self.files.remove(path).is_some()
    }

    /// Every file's path and size, in path order.
    pub fn list(&self) -> impl Iterator<Item = (&str, u64)> {
        self.files.iter().map(|(p, f)| (p.as_str(), f.bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_stays_bounded_but_keeps_its_size() {
        let mut f = LogFile::default();
        let line = format!("{}\n", "x".repeat(1023));
        for _ in 0..(LOG_TEXT_BYTES_MAX / 1024 + 10) {
            f.append(&line);
        }
        assert!(f.text().len() <= LOG_TEXT_BYTES_MAX);
        assert!(f.text().len() >= LOG_TEXT_BYTES_MAX / 2);
        assert!(f.text().starts_with('x') && f.text().ends_with('\n'));
        assert_eq!(f.bytes(), (LOG_TEXT_BYTES_MAX as u64 / 1024 + 10) * 1024);
    }

    #[test]
    fn files_are_bounded_in_number_and_removed_ones_take_nothing() {
        let mut files = LogFiles::default();
        for i in 0..LOG_FILES_MAX + 2 {
            assert!(files.open(
                &format!("/var/lib/mysql/{i}.log"),
                "h\n",
                &["/var/lib/mysql/0.log"]
            ));
        }
        assert_eq!(files.list().count(), LOG_FILES_MAX);
        assert!(files.get("/var/lib/mysql/0.log").is_some(), "an open file is kept");
        assert!(files.get("/var/lib/mysql/1.log").is_none(), "the oldest closed one went");
        assert!(files.remove("/var/lib/mysql/0.log"));
        files.append("/var/lib/mysql/0.log", "lost\n");
        assert!(files.get("/var/lib/mysql/0.log").is_none());
        assert!(!files.open("/var/lib/mysql/", "h\n", &[]));
    }
}
