//! mysqld's data directory as the simulated host's `ls` sees it: the files a MySQL 9.7 server
//! of the official container image keeps in `/var/lib/mysql/`, each with its size now.
//!
//! Sizes come from the simulation where it has them: a table's `.ibd` from its pages
//! ([`crate::innodb::tablespace::ibd_file_bytes`]), the binary log's files as `SHOW BINARY LOGS`
//! lists them, the buffer pool dump, the query logs. The rest are the sizes a freshly
//! initialised server's files have, from the server's defaults: `ibdata1` and `ibtmp1` from
//! `innodb_data_file_path` and `innodb_temp_data_file_path` (12M), the two undo tablespaces
//! (16 MiB each, their initial size since 8.0.23), the doublewrite files (`#ib_16384_0.dblwr`
//! 192 KiB, `#ib_16384_1.dblwr` 8.2 MiB, as listings of 8.0-9.x datadirs show them), ten
//! session temporary tablespaces of five pages (`FIL_IBT_FILE_INITIAL_SIZE`), `auto.cnf`
//! holding `server_uuid`, and the TLS and RSA key files `mysqld` generates on first start.
//!
//! The session temporary tablespace the simulator's sessions share, `temp_1.ibt`, is as large
//! as the simulated disk has grown it for on-disk temporary tables (and back to five pages
//! when its session ends).
//!
//! Simplifications: the undo tablespaces, `ibdata1`, `ibtmp1` and `mysql.ibd` keep their
//! initial sizes (the simulator gives the undo log's pages no file space); `mysql.ibd`'s
//! 25 MiB and the key files' sizes are those of listings of fresh servers, not computed
//! (UNCONFIRMED for 9.7); the `.sdi` files of `performance_schema/` and of the `mysql` log
//! tables are not listed; `mysql.sock` is the symbolic link to the socket that listings of the
//! official image show (UNCONFIRMED who makes it).

use super::Server;
use crate::sql::execution::temp_table::TEMP_SPACE_ID;
use crate::storage::catalog::Catalog;

/// Mode and owners as `ls -l` prints them.
pub const DATA_FILE: &str = "-rw-r----- 1 mysql mysql";
/// A private key (mode 600).
pub const SECRET_FILE: &str = "-rw------- 1 mysql mysql";
/// A certificate (mode 644).
pub const PUBLIC_FILE: &str = "-rw-r--r-- 1 mysql mysql";
/// A subdirectory.
pub const DIRECTORY: &str = "drwxr-x--- 2 mysql mysql";
/// The socket's link.
pub const LINK: &str = "lrwxrwxrwx 1 root  root ";

/// One entry of a datadir directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatadirEntry {
    pub name: String,
    pub bytes: u64,
    /// Mode and owners (one of the constants above).
    pub mode: &'static str,
    /// A link's target.
    pub target: Option<String>,
}

impl DatadirEntry {
    fn file(name: impl Into<String>, bytes: u64) -> DatadirEntry {
        DatadirEntry { name: name.into(), bytes, mode: DATA_FILE, target: None }
    }

    fn with_mode(name: &str, bytes: u64, mode: &'static str) -> DatadirEntry {
        DatadirEntry { name: name.into(), bytes, mode, target: None }
    }

    fn dir(name: &str) -> DatadirEntry {
        DatadirEntry { name: name.into(), bytes: 4096, mode: DIRECTORY, target: None }
    }

    pub fn is_dir(&self) -> bool {
        self.mode == DIRECTORY
    }
}

use crate::innodb::tablespace::{
    ibd_file_bytes, DATA_FILE_DEFAULT_BYTES, MYSQL_IBD_BYTES, UNDO_BYTES,
};
use crate::sim::disk::{PAGE_SIZE_BYTES as PAGE, TABLESPACE_INITIAL_PAGES as IBT_INITIAL_PAGES};
/// The session temporary tablespaces mysqld creates at start (`#innodb_temp/temp_N.ibt`).
const SESSION_TEMP_SPACES: u32 = 10;
/// The doublewrite files of a 16 KiB-page server (two, `innodb_doublewrite_files`).
const DBLWR_BYTES: [u64; 2] = [196_608, 8_585_216];
/// The CSV engine's metadata file of each log table (`.CSM`).
const CSM_BYTES: u64 = 35;
/// The key and certificate files (RSA 2048; sizes as listings of fresh servers show them).
const TLS_FILES: [(&str, u64, &str); 8] = [
    ("ca-key.pem", 1680, SECRET_FILE),
    ("ca.pem", 1108, PUBLIC_FILE),
    ("client-cert.pem", 1108, PUBLIC_FILE),
    ("client-key.pem", 1680, SECRET_FILE),
    ("private_key.pem", 1680, SECRET_FILE),
    ("public_key.pem", 452, PUBLIC_FILE),
    ("server-cert.pem", 1108, PUBLIC_FILE),
    ("server-key.pem", 1680, SECRET_FILE),
];

impl Server {
    /// The entries of `dir`, a path relative to the datadir ("" for the datadir itself), in
    /// no particular order; None when there is no such directory. `#innodb_redo` is listed by
    /// the redo log's own tool (`tools::crash::ls_redo`).
    pub fn datadir_listing(&self, dir: &str) -> Option<Vec<DatadirEntry>> {
        let dir = dir.trim_matches('/');
        match dir {
            "" => Some(self.datadir_top()),
            "#innodb_temp" => {
                // temp_1.ibt is the one the simulator's sessions share (instruments::waits::
                // files), as large as their on-disk temporary tables have grown it.
                let used = self.disk.tablespace_pages(TEMP_SPACE_ID).unwrap_or(IBT_INITIAL_PAGES);
                Some(
                    (1..=SESSION_TEMP_SPACES)
                        .map(|n| {
                            let pages = if n == 1 { used } else { IBT_INITIAL_PAGES };
                            DatadirEntry::file(format!("temp_{n}.ibt"), pages * PAGE)
                        })
                        .collect(),
                )
            }
            "mysql" => Some(
                ["general_log", "slow_log"]
                    .iter()
                    .flat_map(|t| {
                        [
                            DatadirEntry::file(format!("{t}.CSM"), CSM_BYTES),
                            DatadirEntry::file(format!("{t}.CSV"), 0),
                        ]
                    })
                    .collect(),
            ),
            // sys.sys_config: an empty table's tablespace.
            "sys" => Some(vec![DatadirEntry::file("sys_config.ibd", ibd_file_bytes(0))]),
            "performance_schema" => Some(Vec::new()),
            _ => self.catalog.database(dir).map(|db| {
                db.tables.values().flat_map(tablespace_files).collect::<Vec<DatadirEntry>>()
            }),
        }
    }

    fn datadir_top(&self) -> Vec<DatadirEntry> {
        let mut out = Vec::new();
        for (i, bytes) in DBLWR_BYTES.iter().enumerate() {
            out.push(DatadirEntry::file(format!("#ib_16384_{i}.dblwr"), *bytes));
        }
        out.push(DatadirEntry::dir("#innodb_redo"));
        out.push(DatadirEntry::dir("#innodb_temp"));
        let uuid = self.global_text("server_uuid");
        out.push(DatadirEntry::file("auto.cnf", auto_cnf(&uuid).len() as u64));
        if let Some(files) = self.binary_log_files() {
            let index: u64 = files.iter().map(|(name, _)| name.len() as u64 + 3).sum();
            for (name, bytes) in files {
                out.push(DatadirEntry::file(name, bytes));
            }
            out.push(DatadirEntry::file("binlog.index", index));
        }
        for (name, bytes, mode) in TLS_FILES {
            out.push(DatadirEntry::with_mode(name, bytes, mode));
        }
        if let Some(bytes) = self.buffer_pool_file_bytes() {
            out.push(DatadirEntry::file("ib_buffer_pool", bytes));
        }
        out.push(DatadirEntry::file("ibdata1", self.initial_file_bytes("innodb_data_file_path")));
        out.push(DatadirEntry::file(
            "ibtmp1",
            self.initial_file_bytes("innodb_temp_data_file_path"),
        ));
        out.push(DatadirEntry::dir("mysql"));
        out.push(DatadirEntry::file("mysql.ibd", MYSQL_IBD_BYTES));
        let socket = self.global_text("socket");
        if !socket.is_empty() {
            out.push(DatadirEntry {
                name: "mysql.sock".into(),
                bytes: socket.len() as u64,
                mode: LINK,
                target: Some(socket),
            });
        }
        out.push(DatadirEntry::file(
            "mysql_upgrade_history",
            upgrade_history(&self.global_text("version")).len() as u64,
        ));
        out.push(DatadirEntry::dir("performance_schema"));
        for db in self.catalog.databases() {
            if !Catalog::is_system_schema(&db.name) {
                out.push(DatadirEntry::dir(&db.name));
            }
        }
        out.push(DatadirEntry::dir("sys"));
        out.push(DatadirEntry::file("undo_001", UNDO_BYTES));
        out.push(DatadirEntry::file("undo_002", UNDO_BYTES));
        let datadir = self.datadir();
        let prefix = format!("{}/", datadir.trim_end_matches('/'));
        for (path, bytes) in self.datadir_files() {
            if let Some(name) = path.strip_prefix(&prefix).filter(|n| !n.contains('/')) {
                out.push(DatadirEntry::file(name, bytes));
            }
        }
        out
    }

    /// The text of a datadir file the simulator writes as a whole (`auto.cnf`,
    /// `mysql_upgrade_history`), for `cat`.
    pub fn datadir_text(&self, name: &str) -> Option<String> {
        match name {
            "auto.cnf" => Some(auto_cnf(&self.global_text("server_uuid"))),
            "mysql_upgrade_history" => Some(upgrade_history(&self.global_text("version"))),
            _ => None,
        }
    }

    fn global_text(&self, name: &str) -> String {
        self.variables().map(|v| super::query_logs::text_var(v, name)).unwrap_or_default()
    }

    /// The first file's size in a data file path such as `ibdata1:12M:autoextend`.
    fn initial_file_bytes(&self, variable: &str) -> u64 {
        let path = self.global_text(variable);
        let size = path.split(';').next().and_then(|f| f.split(':').nth(1)).unwrap_or("12M");
        parse_size(size).unwrap_or(DATA_FILE_DEFAULT_BYTES)
    }
}

/// A size as the data file paths write it: `12M`, `1G`, `512K`.
fn parse_size(s: &str) -> Option<u64> {
    let (digits, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: u64 = digits.parse().ok()?;
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        _ => return None,
    };
    n.checked_mul(1 << shift)
}

/// `auto.cnf`: the server's UUID, written at its first start.
fn auto_cnf(uuid: &str) -> String {
    format!("[auto]\nserver-uuid={uuid}\n")
}

/// `mysql_upgrade_history` (8.4+): one JSON line per version the datadir has run, here the
/// initialising one. Its date is the simulated host's first start; 9.7's maturity is LTS
/// (UNCONFIRMED: the 9.7 line is announced as the next long-term release).
fn upgrade_history(version: &str) -> String {
    let base = version.split('-').next().unwrap_or(version);
    format!(
        "{{\"file_format\":\"1\",\"upgrade_history\":[{{\"date\":\"2026-09-23 08:00:00\",\
         \"version\":\"{base}\",\"maturity\":\"LTS\",\"initialize\":true}}]}}\n"
    )
}

/// A table's tablespace files (`name.ibd`, or one per partition).
fn tablespace_files(t: &crate::storage::table::Table) -> Vec<DatadirEntry> {
    crate::innodb::tablespace::table_files(t)
        .into_iter()
        .map(|(name, bytes)| DatadirEntry::file(format!("{name}.ibd"), bytes))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_files_have_their_real_sizes() {
        assert_eq!(auto_cnf("3e11fa47-71ca-11e1-9e33-c80aa9429562").len(), 56);
        // An 8.4.0 server's file, as listings show it: 124 bytes.
        let h = upgrade_history("8.4.0").replace("2026-09-23 08:00:00", "2024-04-23 00:50:35");
        assert_eq!(h.len(), 124);
        assert_eq!(parse_size("12M"), Some(12 << 20));
        assert_eq!(parse_size("1G"), Some(1 << 30));
        assert_eq!(parse_size("x"), None);
    }
}
