//! The files the shell's commands read: the host's own files in the home directory
//! (`sim::files`) and the log files mysqld writes in its datadir (`/var/lib/mysql/`, the
//! slow query log and the general log), plus the datadir's listing for `ls`.
//!
//! A relative name is looked for in the home directory first, then in the datadir.
//! Simplification: a real shell would look only in its working directory (`/root`); the
//! datadir fallback saves a learner typing `/var/lib/mysql/` before `tunelab-slow.log`.

use crate::server::Server;
use crate::sim::files::HostFiles;

/// Where a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The host's home (owned by root).
    Home,
    /// mysqld's datadir (owned by mysql, mode 640).
    Datadir,
}

/// The text of the file at `path`, and where it is.
pub fn read<'a>(server: &'a Server, path: &str) -> Option<(&'a str, Place)> {
    if let Some(text) = server.host_files().read(path) {
        return Some((text, Place::Home));
    }
    if path.starts_with('/') || HostFiles::name_of(path).is_some() {
        let name = path.strip_prefix("./").unwrap_or(path);
        return server.datadir_file(name).map(|f| (f.text(), Place::Datadir));
    }
    None
}

/// The size of the file at `path` (a log file's whole size, past what is kept).
pub fn size(server: &Server, path: &str) -> Option<(u64, Place)> {
    if let Some(text) = server.host_files().read(path) {
        return Some((text.len() as u64, Place::Home));
    }
    let name = path.strip_prefix("./").unwrap_or(path);
    server.datadir_file(name).map(|f| (f.bytes(), Place::Datadir))
}

/// Whether `path` names the datadir itself.
pub fn is_datadir(server: &Server, path: &str) -> bool {
    let datadir = server.datadir();
    path.trim_end_matches('/') == datadir.trim_end_matches('/')
}

/// The datadir's entries the simulator keeps: (name, size, is a directory), in `ls` order.
/// Simplification: the tablespaces, the undo logs and the schema directories are not listed;
/// only the redo log directory, the buffer pool dump and the query logs.
pub fn datadir_entries(server: &Server) -> Vec<(String, u64, bool)> {
    let datadir = server.datadir();
    let prefix = format!("{}/", datadir.trim_end_matches('/'));
    let mut entries: Vec<(String, u64, bool)> = vec![("#innodb_redo".into(), 4096, true)];
    if let Some(bytes) = server.buffer_pool_file_bytes() {
        entries.push(("ib_buffer_pool".into(), bytes, false));
    }
    for (path, bytes) in server.datadir_files() {
        if let Some(name) = path.strip_prefix(&prefix).filter(|n| !n.contains('/')) {
            entries.push((name.to_string(), bytes, false));
        }
    }
    entries.sort_by_key(|a| ls_key(&a.0));
    entries
}

/// `ls`'s order in the C.UTF-8 locale of a container: punctuation ignored, case folded.
/// UNCONFIRMED: the simulated host's locale; in the C locale `#` sorts first as well.
fn ls_key(name: &str) -> String {
    name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}
