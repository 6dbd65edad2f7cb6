//! The simulated mysqld: startup from options and the host, sessions (connections), system and
//! status variables, and statement execution. One `Server` owns the simulated machine (clock,
//! host, disk) so that every cost it charges moves the same clock.
//!
//! ```text
//!   Server ── Clock (virtual time, seed) ── Host (CPUs, memory account) ── Disk
//!     └─ Running: Variables (global), Status (global), sessions { Session }, events
//!          Session: SessionVariables, session Status, user variables, warnings
//! ```

pub mod access;
pub mod commit;
pub mod context;
pub mod crash;
pub mod crash_sweep;
pub mod dml;
pub mod execute;
pub mod explain;
pub mod group_commit;
pub mod index_scan;
pub mod innodb_status;
pub mod pool_admin;
pub mod pool_map;
pub mod procedure;
pub mod query;
pub mod scan;
pub mod session;
pub mod show;
pub mod statements;
pub mod status;
pub mod status_registry;
pub mod subquery;
pub mod system_tables;
pub mod sysvar;
pub mod sysvar_registry;
pub mod variables;

use crate::catalog::Catalog;
use crate::datasets::DatasetOptions;
use crate::innodb::buffer_pool::BufferPool;
use crate::sim::{Clock, Disk, Hardware, Host, SimDuration, SimTime};
use crate::storage::table::Table;
use session::Session;
use status::{Status, StatusValue};
use std::collections::BTreeMap;
use variables::Variables;

pub use session::SessionId;

/// The server version every output reports.
pub const SERVER_VERSION: &str = "9.7.2";

/// Resident memory of a started mysqld before any buffer pool page or connection is used:
/// code, the data dictionary cache and performance_schema's fixed buffers.
/// UNCONFIRMED: chosen from typical RSS of a fresh 8.4/9.x container (300-450 MB).
pub const MYSQLD_BASE_BYTES: u64 = 320 << 20;

/// Memory a connection holds while open: its thread's stack as touched, and the network
/// buffer. Per-statement buffers (sort, join, temporary tables) are charged when used.
/// UNCONFIRMED: thread_stack is 1 MiB but only a fraction is touched; 256 KiB chosen.
pub const CONNECTION_BASE_BYTES: u64 = 256 << 10;

/// A started server's state.
#[derive(Debug)]
struct Running {
    vars: Variables,
    status: Status,
    started_at: SimTime,
    sessions: BTreeMap<SessionId, Session>,
    next_thread_id: u64,
    pool: BufferPool,
    /// Set when the host ran out of memory during a statement: mysqld is killed after it.
    oom: Option<crate::sim::OutOfMemory>,
    /// The InnoDB monitor's last printout, for its per-second averages.
    monitor: Option<innodb_status::MonitorMark>,
}

/// Which dataset the simulated disk holds at boot.
#[derive(Clone, Debug, PartialEq)]
pub struct DatasetSpec {
    pub name: String,
    pub options: DatasetOptions,
}

impl DatasetSpec {
    /// No tables.
    pub fn none() -> DatasetSpec {
        DatasetSpec { name: "none".into(), options: DatasetOptions::default() }
    }
}

/// Why the server is not running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Down {
    /// mysqld refused to start; the error log lines say why.
    StartupFailed(Vec<String>),
    /// The kernel's OOM killer ended mysqld: the container ran out of memory.
    OomKilled { used_bytes: u64, limit_bytes: u64 },
    /// Shut down cleanly (`docker stop`).
    Stopped,
    /// mysqld was killed (`kill -9`) or the machine lost power; the next start recovers.
    Crashed(commit::CrashKind),
}

/// The simulated server and machine.
#[derive(Debug)]
pub struct Server {
    clock: Clock,
    host: Host,
    disk: Disk,
    /// Startup options, as the option file and command line give them, in order.
    options: Vec<(String, String)>,
    /// `SET PERSIST` values (mysqld-auto.cnf), applied over the options at the next start.
    persisted: BTreeMap<String, String>,
    running: Option<Running>,
    down: Option<Down>,
    /// The databases on the simulated disk: they survive restarts and crashes.
    catalog: Catalog,
    /// Lines mysqld wrote to its error log, in order.
    error_log: Vec<String>,
    /// `RESTART` ran: restart once the statement has finished.
    pending_restart: bool,
    /// The lessons' maps of a table in the pool, when an experiment records them; kept
    /// across restarts.
    pool_maps: Option<pool_map::PoolMaps>,
    /// The datadir's `ib_buffer_pool`: the page list the last dump wrote.
    ib_buffer_pool: Option<Vec<crate::innodb::buffer_pool::PageId>>,
    /// The redo log and the binary log: files that outlive a crash, with mysqld's buffers.
    logs: commit::Durability,
    /// Connections a crash cut: their next statement gets error 2013.
    severed: std::collections::BTreeSet<SessionId>,
    /// What the next start must recover after a crash.
    pending_recovery: Option<crash::CrashReport>,
}

impl Server {
    /// Boots the simulated machine with `dataset` on its disk and starts mysqld with
    /// `options`.
    pub fn start(
        seed: u64,
        hardware: Hardware,
        options: Vec<(String, String)>,
        dataset: &DatasetSpec,
    ) -> std::result::Result<Server, String> {
        let disk = Disk::new(&hardware);
        let mut catalog = Catalog::new();
        for t in crate::datasets::build(&dataset.name, seed, &dataset.options)? {
            let schema = t.def.schema.clone();
            catalog.create_database(&schema);
            let space_id = catalog.allocate_space_id();
            catalog.add_table(Table::generated(
                t.def,
                space_id,
                t.generator,
                t.auto_increment_next,
                t.fill,
                t.secondary_fill,
            ));
        }
        let mut server = Server {
            catalog,
            clock: Clock::new(seed),
            host: Host::new(hardware),
            disk,
            options,
            persisted: BTreeMap::new(),
            running: None,
            down: None,
            error_log: Vec::new(),
            ib_buffer_pool: None,
            pending_restart: false,
            pool_maps: None,
            logs: commit::Durability::default(),
            severed: std::collections::BTreeSet::new(),
            pending_recovery: None,
        };
        server.start_mysqld();
        server.replay_dataset_load();
        Ok(server)
    }

    fn start_mysqld(&mut self) {
        let mut options = self.options.clone();
        options.extend(self.persisted.iter().map(|(k, v)| (k.clone(), v.clone())));
        let host = &self.host;
        let started = Variables::at_startup(
            &options,
            |aware| host.detected_memory_bytes(aware),
            host.logical_cpus(),
        );
        let stamp = self.log_timestamp();
        match started {
            Err(e) => {
                let lines = vec![
                    format!("{stamp} 0 [ERROR] [MY-000067] [Server] {}", e.message),
                    format!("{stamp} 0 [ERROR] [MY-010119] [Server] Aborting"),
                ];
                self.error_log.extend(lines.iter().cloned());
                self.down = Some(Down::StartupFailed(lines));
                self.running = None;
            }
            Ok((mut vars, _warnings)) => {
                size_buffer_pool(&mut vars);
                let pool = pool_admin::new_pool(&vars);
                if let Err(oom) = self.host.allocate("mysqld", MYSQLD_BASE_BYTES) {
                    let line = format!(
                        "{stamp} 0 [ERROR] [MY-000000] [Server] Out of memory: {} more bytes needed",
                        oom.wanted_bytes
                    );
                    self.error_log.push(line.clone());
                    self.down = Some(Down::StartupFailed(vec![line]));
                    return;
                }
                self.error_log.push(format!(
                    "{stamp} 0 [System] [MY-010931] [Server] /usr/sbin/mysqld: ready for connections. \
                     Version: '{SERVER_VERSION}'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  \
                     MySQL Community Server - GPL."
                ));
                self.down = None;
                self.running = Some(Running {
                    vars,
                    status: Status::global_at_startup(),
                    started_at: self.clock.now(),
                    sessions: BTreeMap::new(),
                    next_thread_id: 8,
                    pool,
                    oom: None,
                    monitor: None,
                });
            }
        }
    }

    /// `2026-09-23T08:00:00.000000Z`: the error log's timestamp format.
    fn log_timestamp(&self) -> String {
        let t = self.clock.wall_clock();
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}Z",
            t.year, t.month, t.day, t.hour, t.minute, t.second, t.micros
        )
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Why the server is down, if it is.
    pub fn down_reason(&self) -> Option<&Down> {
        self.down.as_ref()
    }

    pub fn error_log(&self) -> &[String] {
        &self.error_log
    }

    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    pub fn now(&self) -> SimTime {
        self.clock.now()
    }

    pub fn host(&self) -> &Host {
        &self.host
    }

    pub fn disk(&self) -> &Disk {
        &self.disk
    }

    /// Opens a client connection as `root` (every client here connects as root, which holds
    /// CONNECTION_ADMIN). Fails if mysqld is not running, or with ERROR 1040 when
    /// `max_connections` + 1 connections are open: the extra one is kept for an account with
    /// CONNECTION_ADMIN (`Connection_handler_manager::check_and_incr_conn_count`).
    ///
    /// The connection's thread comes from the thread cache when one waits there
    /// (`Threads_cached`), else a new one is created (`Threads_created`).
    pub fn connect(&mut self) -> Result<SessionId, crate::error::MySqlError> {
        let Some(r) = self.running.as_mut() else {
            return Err(cannot_connect());
        };
        let open = r.sessions.len() as u64;
        if open > r.vars.global_u64("max_connections") {
            // Refused by the listener before any thread or thread id is given to it, and
            // `Connections` counts thread ids, so it does not count this attempt (MYSQL_SPEC
            // says "attempts, successful or not"; for this path that is UNCONFIRMED, and we
            // chose the code's reading).
            r.status.add("Connection_errors_max_connections", 1);
            return Err(too_many_connections());
        }
        r.status.add("Connections", 1);
        self.host
            .allocate("connections", CONNECTION_BASE_BYTES)
            .map_err(|_| crate::error::MySqlError::unknown("Out of memory"))?;
        let id = SessionId(r.next_thread_id);
        r.next_thread_id += 1;
        r.sessions.insert(id, Session::new(id, r.vars.new_session()));
        let cached = r.status.number("Threads_cached");
        if cached > 0 {
            r.status.set("Threads_cached", StatusValue::Number(cached - 1));
        } else {
            r.status.add("Threads_created", 1);
        }
        let connected = r.sessions.len() as u64;
        r.status.set("Threads_connected", StatusValue::Number(connected));
        if connected > r.status.number("Max_used_connections") {
            r.status.set("Max_used_connections", StatusValue::Number(connected));
            let t = self.clock.wall_clock().datetime();
            r.status.set("Max_used_connections_time", StatusValue::Text(t));
        }
        Ok(id)
    }

    /// Whether connection `id` is open (a restart or crash closes every connection).
    pub fn has_session(&self, id: SessionId) -> bool {
        self.running.as_ref().is_some_and(|r| r.sessions.contains_key(&id))
    }

    /// The current database of connection `id`, for the client to restore on reconnect.
    pub fn session_database(&self, id: SessionId) -> Option<String> {
        self.running.as_ref()?.sessions.get(&id)?.database.clone()
    }

    /// Closes a connection.
    pub fn disconnect(&mut self, id: SessionId) {
        if let Some(r) = self.running.as_mut() {
            if r.sessions.remove(&id).is_some() {
                self.host.release("connections", CONNECTION_BASE_BYTES);
                r.status.set("Threads_connected", StatusValue::Number(r.sessions.len() as u64));
                // The thread waits in the cache for the next connection if there is room
                // (`thread_cache_size`); otherwise it ends. A cache made smaller keeps no
                // more than its new size.
                let room = r.vars.global_u64("thread_cache_size");
                let kept = (r.status.number("Threads_cached") + 1).min(room);
                r.status.set("Threads_cached", StatusValue::Number(kept));
            }
        }
    }

    /// Threads waiting in a thread cache made smaller end now
    /// (`Per_thread_connection_handler::modify_thread_cache_size`).
    pub(super) fn trim_thread_cache(&mut self) {
        if let Some(r) = self.running.as_mut() {
            let room = r.vars.global_u64("thread_cache_size");
            let cached = r.status.number("Threads_cached").min(room);
            r.status.set("Threads_cached", StatusValue::Number(cached));
        }
    }

    /// Lets simulated time pass until `t`, running the background work due by then (buffer
    /// pool resize and load).
    pub fn advance_to(&mut self, t: SimTime) {
        if let Some(settings) = self.commit_settings() {
            self.logs.background_until(t, &mut self.disk, &settings);
        }
        self.clock.advance_to(t);
        self.run_pool_background();
    }

    /// Lets `d` of simulated time pass.
    pub fn advance(&mut self, d: SimDuration) {
        let t = self.clock.now() + d;
        self.advance_to(t);
    }

    /// A global status value (with `Uptime` brought up to date), or None if unknown or down.
    pub fn global_status(&mut self, name: &str) -> Option<StatusValue> {
        self.refresh_uptime();
        self.running.as_ref()?.status.get(name).cloned()
    }

    /// Every global status value in SHOW STATUS order.
    pub fn global_status_all(&mut self) -> Vec<(&'static str, StatusValue)> {
        self.refresh_uptime();
        match &self.running {
            Some(r) => r.status.iter().map(|(k, v)| (k, v.clone())).collect(),
            None => Vec::new(),
        }
    }

    fn refresh_uptime(&mut self) {
        self.run_pool_background();
        let now = self.clock.now();
        if let Some(r) = self.running.as_mut() {
            pool_admin::publish_pool_status(r, now);
            let up = now.since(r.started_at).as_secs();
            r.status.set("Uptime", StatusValue::Number(up));
            r.status.set("Uptime_since_flush_status", StatusValue::Number(up));
        }
        self.refresh_log_status();
    }

    /// The global variables, if running.
    pub fn variables(&self) -> Option<&Variables> {
        self.running.as_ref().map(|r| &r.vars)
    }
}

/// InnoDB's startup rule for the pool's geometry: if chunk size x instances exceeds the pool,
/// the chunk shrinks to pool / instances; then the pool is rounded **up** to a multiple of
/// chunk size x instances (so 46.5 GiB with 9 instances of 128 MiB chunks becomes 48,384 MiB).
fn size_buffer_pool(vars: &mut Variables) {
    use sysvar::VarValue;
    const MIB: u64 = 1 << 20;
    let pool = vars.global_u64("innodb_buffer_pool_size");
    let instances = vars.global_u64("innodb_buffer_pool_instances").max(1);
    let mut chunk = vars.global_u64("innodb_buffer_pool_chunk_size").max(MIB);
    if chunk.saturating_mul(instances) > pool {
        chunk = (pool / instances / MIB).max(1) * MIB;
        vars.set_global_raw("innodb_buffer_pool_chunk_size", VarValue::UInt(chunk));
    }
    let unit = chunk * instances;
    vars.set_global_raw("innodb_buffer_pool_size", VarValue::UInt(pool.div_ceil(unit) * unit));
}

impl Server {
    /// If the last statement ran the host out of memory, the kernel kills mysqld now, as the
    /// OOM killer does to a container that passes `--memory`. Returns whether it did.
    ///
    /// Simplification: the statement finishes its work before the kill; the real OOM killer
    /// strikes at the allocation. What the client sees (error 2013, then 2002) is the same.
    pub(crate) fn kill_if_out_of_memory(&mut self) -> bool {
        let Some(oom) = self.running.as_mut().and_then(|r| r.oom.take()) else { return false };
        // The kernel logs the kill; mysqld's own log just stops.
        self.error_log.push(format!(
            "kernel: Memory cgroup out of memory: Killed process 1 (mysqld) total-vm:{}kB, \
             anon-rss:{}kB; limit {}kB",
            (oom.used_bytes + oom.wanted_bytes) / 1024,
            oom.used_bytes / 1024,
            oom.limit_bytes / 1024
        ));
        self.running = None;
        self.down =
            Some(Down::OomKilled { used_bytes: oom.used_bytes, limit_bytes: oom.limit_bytes });
        self.host.release_all();
        true
    }
}

/// ERROR 1040: every connection slot is taken. The listener sends it before the protocol is
/// agreed, without an SQLSTATE, so the client shows HY000 (an account refused later, at
/// authentication, gets 08004).
pub fn too_many_connections() -> crate::error::MySqlError {
    crate::error::MySqlError {
        code: 1040,
        sqlstate: "HY000",
        message: "Too many connections".into(),
    }
}

/// ERROR 2002: what the client prints when mysqld is not there.
pub fn cannot_connect() -> crate::error::MySqlError {
    crate::error::MySqlError {
        code: 2002,
        sqlstate: "HY000",
        message: "Can't connect to local MySQL server through socket \
                  '/var/run/mysqld/mysqld.sock' (2)"
            .into(),
    }
}
