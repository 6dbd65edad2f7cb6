//! The files the shell's commands read: the host's own files in the home directory
//! (`sim::files`) and mysqld's datadir (`/var/lib/mysql/`: the slow query log and the general
//! log it writes, and the files `server::datadir` lists), plus the datadir's listings for `ls`.
//!
//! `ls` sorts names byte by byte, as it does in the official image's POSIX locale (no LANG:
//! `#innodb_redo` first, `tunelab-slow.log` before `tunelab.log`).
//!
//! A relative name is looked for in the home directory first, then in the datadir.
//! Simplification: a real shell would look only in its working directory (`/root`); the
//! datadir fallback saves a learner typing `/var/lib/mysql/` before `tunelab-slow.log`.

use crate::server::datadir::DatadirEntry;
use crate::server::Server;
use crate::sim::files::HostFiles;
use std::borrow::Cow;

/// Where a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The host's home (owned by root).
    Home,
    /// mysqld's datadir (owned by mysql, mode 640).
    Datadir,
}

/// The text of the file at `path`, and where it is: a host file, a log mysqld writes, or a
/// datadir file the simulator writes whole (`auto.cnf`, `mysql_upgrade_history`).
pub fn read<'a>(server: &'a Server, path: &str) -> Option<(Cow<'a, str>, Place)> {
    if let Some(text) = server.host_files().read(path) {
        return Some((Cow::Borrowed(text), Place::Home));
    }
    if let Some(text) = super::host_info::cgroup_file(server, path) {
        return Some((Cow::Owned(text), Place::Home));
    }
    if path.starts_with('/') || HostFiles::name_of(path).is_some() {
        let name = path.strip_prefix("./").unwrap_or(path);
        if let Some(f) = server.datadir_file(name) {
            return Some((Cow::Borrowed(f.text()), Place::Datadir));
        }
        let rel = datadir_relative(server, name).unwrap_or_else(|| name.to_string());
        return server.datadir_text(&rel).map(|t| (Cow::Owned(t), Place::Datadir));
    }
    None
}

/// The size of the file at `path` (a log file's whole size, past what is kept), and its
/// datadir entry when it is one of mysqld's files.
pub fn size(server: &Server, path: &str) -> Option<(u64, Place)> {
    if let Some(text) = server.host_files().read(path) {
        return Some((text.len() as u64, Place::Home));
    }
    let name = path.strip_prefix("./").unwrap_or(path);
    if let Some(f) = server.datadir_file(name) {
        return Some((f.bytes(), Place::Datadir));
    }
    datadir_entry(server, name).filter(|e| !e.is_dir()).map(|e| (e.bytes, Place::Datadir))
}

/// `path` relative to the datadir ("" for the datadir itself), if it is inside it; a relative
/// path is taken as the datadir's (the fallback of the module header).
pub fn datadir_relative(server: &Server, path: &str) -> Option<String> {
    let datadir = server.datadir();
    let base = datadir.trim_end_matches('/');
    if path.trim_end_matches('/') == base {
        return Some(String::new());
    }
    if let Some(rest) = path.strip_prefix(base).and_then(|r| r.strip_prefix('/')) {
        return Some(rest.trim_end_matches('/').to_string());
    }
    (!path.starts_with('/'))
        .then(|| path.strip_prefix("./").unwrap_or(path).trim_end_matches('/').to_string())
}

/// The datadir entry `path` names (a file or a directory), if there is one.
pub fn datadir_entry(server: &Server, path: &str) -> Option<DatadirEntry> {
    let rel = datadir_relative(server, path)?;
    if rel.is_empty() {
        return None;
    }
    let (dir, name) = rel.rsplit_once('/').unwrap_or(("", &rel));
    server.datadir_listing(dir)?.into_iter().find(|e| e.name == name)
}

/// Whether `path` names the datadir itself.
pub fn is_datadir(server: &Server, path: &str) -> bool {
    let datadir = server.datadir();
    path.trim_end_matches('/') == datadir.trim_end_matches('/')
}

/// Whether `path` names a directory of the datadir (the datadir too).
pub fn is_datadir_dir(server: &Server, path: &str) -> bool {
    path.starts_with('/') && datadir_listing(server, path).is_some()
}

/// The entries of the datadir directory `path` names, in `ls` order.
pub fn datadir_listing(server: &Server, path: &str) -> Option<Vec<DatadirEntry>> {
    let rel = datadir_relative(server, path)?;
    let mut entries = server.datadir_listing(&rel)?;
    entries.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
    Some(entries)
}
