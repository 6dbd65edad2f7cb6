//! The simulated host's own files: the shell's home directory beside the datadir, where the
//! chapter keeps its load files and client option files. `mysqlslap --query=FILE` and
//! `--defaults-file=FILE` read them; `cat`, `echo ... > FILE` (and `>>`), `rm` and `ls` work
//! on them as in `sh`, so a learner can write a load of their own.
//!
//! The host starts with the files the chapter's experiments use:
//! - `shop_load.sql`: the five shop statements of section 3.13.6's load, one per line
//!   (mysqlslap's default delimiter is a newline);
//! - `bench.cnf`: a `[client]` group with the plain app account the chapter's loads run as,
//!   reaching mysqld over TCP.
//!
//! Simplification: one flat directory (`/root`, the shell's home and working directory);
//! paths are normalised to a name in it. Files survive mysqld restarts and crashes (they are
//! not mysqld's), and are bounded in number and size.

use std::collections::BTreeMap;

/// Most files the directory holds.
pub const FILES_MAX: usize = 64;
/// Largest file, in bytes.
pub const FILE_BYTES_MAX: usize = 1 << 20;

/// The shell's home directory, where relative paths point.
pub const HOME: &str = "/root";

/// The statements of section 3.13.6's load (Listing 3.118): a count on the unindexed
/// page_views.customer_id, a page of recent views by primary key, a customer's shipped orders
/// joined to their items, a customer by primary key, and the product list by price. The
/// chapter prints only their digests; these fill them in so that each examines the rows
/// Listing 3.118 reports (3,000,000 / 10 / 25 / 1 / 13).
pub const SHOP_LOAD: &str = "\
SELECT COUNT(*) FROM page_views WHERE customer_id = 42 AND viewed_at >= '2026-06-01'
SELECT id, viewed_at FROM page_views WHERE id > 1000 ORDER BY id LIMIT 10
SELECT o.id, o.status, SUM(oi.quantity * oi.price) AS total FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE o.status = 'shipped' GROUP BY o.id, o.status
SELECT name, email FROM customers WHERE id = 3
SELECT title, price FROM products ORDER BY price DESC
";

/// The option file the chapter's tools read (`--defaults-file bench.cnf`): the app account,
/// and `host=127.0.0.1`, so its clients log in over TCP, encrypted (`server::transport`).
/// UNCONFIRMED: the chapter does not print bench.cnf, but its MySQLTuner run printed "Current
/// connection is encrypted", which a login over the socket never is: its tools reached the
/// container's mysqld over TCP (they ran on the WSL2 side, Ubuntu 26.04's packages), and
/// 127.0.0.1 is that path inside the simulated host.
pub const BENCH_CNF: &str = "[client]\nuser=app\npassword=app_pw\nhost=127.0.0.1\n";

/// The files, by name (sorted, so `ls` lists them as `ls` does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostFiles {
    files: BTreeMap<String, String>,
}

impl Default for HostFiles {
    fn default() -> Self {
        let mut files = BTreeMap::new();
        files.insert("shop_load.sql".to_string(), SHOP_LOAD.to_string());
        files.insert("bench.cnf".to_string(), BENCH_CNF.to_string());
        HostFiles { files }
    }
}

/// Why a write failed, as the shell words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// A path outside the home directory (or a directory).
    NotWritable,
    /// The file or the directory would pass its bound.
    NoSpace,
}

impl HostFiles {
    /// The file's name in the home directory, or None for a path elsewhere.
    pub fn name_of(path: &str) -> Option<String> {
        let p = path.trim().trim_matches(|c| c == '\'' || c == '"');
        let p = p
            .strip_prefix("~/")
            .or_else(|| p.strip_prefix("/root/"))
            .or_else(|| p.strip_prefix("./"))
            .unwrap_or(p);
        let ok = !p.is_empty() && !p.contains('/') && p != "." && p != "..";
        ok.then(|| p.to_string())
    }

    /// The text of the file at `path`, if it exists.
    pub fn read(&self, path: &str) -> Option<&str> {
        Self::name_of(path).and_then(|n| self.files.get(&n)).map(String::as_str)
    }

    /// Writes `text` to `path`, replacing it or, with `append`, adding to its end.
    pub fn write(&mut self, path: &str, text: &str, append: bool) -> Result<(), WriteError> {
        let name = Self::name_of(path).ok_or(WriteError::NotWritable)?;
        if !self.files.contains_key(&name) && self.files.len() >= FILES_MAX {
            return Err(WriteError::NoSpace);
        }
        let file = self.files.entry(name).or_default();
        let kept = if append { file.len() } else { 0 };
        if kept + text.len() > FILE_BYTES_MAX {
            return Err(WriteError::NoSpace);
        }
        file.truncate(kept);
        file.push_str(text);
        Ok(())
    }

    /// Removes the file at `path`; false if there was none.
    pub fn remove(&mut self, path: &str) -> bool {
        Self::name_of(path).is_some_and(|n| self.files.remove(&n).is_some())
    }

    /// The files' names and sizes, in name order.
    pub fn list(&self) -> impl Iterator<Item = (&str, u64)> {
        self.files.iter().map(|(n, t)| (n.as_str(), t.len() as u64))
    }

    /// The value of `key` in the `[client]` group of the option file at `path` (as
    /// `my_load_defaults` reads it: `key=value`, `#` comments, dashes and underscores alike).
    pub fn client_option(&self, path: &str, key: &str) -> Option<String> {
        let text = self.read(path)?;
        let mut in_client = false;
        let mut found = None;
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                in_client = line.trim_matches(|c| c == '[' || c == ']').trim() == "client";
                continue;
            }
            if !in_client || line.starts_with('#') || line.starts_with(';') {
                continue;
            }
            let (k, v) = line.split_once('=').unwrap_or((line, ""));
            if k.trim().replace('-', "_") == key.replace('-', "_") {
                found = Some(v.trim().trim_matches(|c| c == '\'' || c == '"').to_string());
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_files_in_home_only() {
        assert_eq!(HostFiles::name_of("./a.sql").as_deref(), Some("a.sql"));
        assert_eq!(HostFiles::name_of("/root/a.sql").as_deref(), Some("a.sql"));
        assert_eq!(HostFiles::name_of("~/a.sql").as_deref(), Some("a.sql"));
        assert_eq!(HostFiles::name_of("/etc/passwd"), None);
        assert_eq!(HostFiles::name_of(".."), None);
    }

    #[test]
    fn writes_append_and_stay_bounded() {
        let mut f = HostFiles::default();
        f.write("q.sql", "SELECT 1\n", false).unwrap();
        f.write("q.sql", "SELECT 2\n", true).unwrap();
        assert_eq!(f.read("q.sql"), Some("SELECT 1\nSELECT 2\n"));
        f.write("q.sql", "SELECT 3\n", false).unwrap();
        assert_eq!(f.read("./q.sql"), Some("SELECT 3\n"));
        let big = "x".repeat(FILE_BYTES_MAX);
        assert_eq!(f.write("q.sql", &big, true), Err(WriteError::NoSpace));
        assert_eq!(f.read("q.sql"), Some("SELECT 3\n"), "a refused write changes nothing");
        for i in 0..FILES_MAX {
            let _ = f.write(&format!("f{i}"), "", false);
        }
        assert_eq!(f.list().count(), FILES_MAX);
        assert_eq!(f.write("one_more", "", false), Err(WriteError::NoSpace));
        assert!(f.remove("q.sql") && !f.remove("q.sql"));
    }

    #[test]
    fn option_files_are_read_as_the_client_library_does() {
        let f = HostFiles::default();
        assert_eq!(f.client_option("bench.cnf", "user").as_deref(), Some("app"));
        assert_eq!(f.client_option("bench.cnf", "password").as_deref(), Some("app_pw"));
        let mut g = HostFiles::default();
        g.write("my.cnf", "[mysqld]\nuser=mysql\n[client]\n# c\nuser = 'bob'\n", false).unwrap();
        assert_eq!(g.client_option("my.cnf", "user").as_deref(), Some("bob"));
        assert_eq!(g.client_option("my.cnf", "password"), None);
    }

    #[test]
    fn the_shop_load_has_five_statements() {
        assert_eq!(SHOP_LOAD.lines().filter(|l| !l.trim().is_empty()).count(), 5);
    }
}
