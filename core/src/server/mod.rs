//! The simulated mysqld: startup from options and the host, sessions (connections), system and
//! status variables, and statement execution. One `Server` owns the simulated machine (clock,
//! host, disk) so that every cost it charges moves the same clock.
//!
//! ```text
//!   Server ── Clock (virtual time, seed) ── Host (CPUs, memory account) ── Disk
//!     └─ Running: Variables (global), Status (global), sessions { Session }, events
//!          Session: SessionVariables, session Status, user variables, warnings
//! ```

pub mod accounts;
pub mod buffer_pool;
pub mod clients;
mod completion;
pub mod connections;
pub mod context;
pub mod crash;
pub mod datadir;
pub mod dispatch;
mod execution_time;
pub mod flavour;
mod generated_tables;
mod implicit_commit;
mod innodb_metrics;
mod innodb_trx;
mod instruments;
mod kill;
mod lifecycle;
mod prepared;
pub mod query;
mod query_logs;
pub mod session;
mod stage_events;
mod statement_events;
pub mod statements;
mod table_cache;
pub(crate) mod table_locks;
mod table_status;
mod transaction_events;
mod transactions;
pub mod transport;
mod user_stats;
pub mod variables;
pub(crate) mod view_columns;
mod wait_events;

pub use statement_events::ParkedStatement;
pub(crate) mod wire;

use crate::datasets::DatasetOptions;
use crate::innodb::buffer_pool::BufferPool;
use crate::instruments::status::Status;
use crate::sim::{Clock, Disk, Host, SimDuration, SimTime};
use crate::storage::catalog::Catalog;
use session::Session;
use std::collections::BTreeMap;
use variables::Variables;

pub use query_logs::absolute_log_path;
pub use session::SessionId;

/// Resident memory of a started mysqld before any buffer pool page or connection is used:
/// performance_schema's fixed buffers, the redo log buffer and the key cache (each under
/// its instrument, `instruments::mysqld_memory`), and code and the data dictionary cache,
/// in no instrument. More when those buffers are set larger than this leaves room for.
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
    /// Boxed: a statement takes its session out of the map and puts it back, and a
    /// `Session` is kilobytes to move each way.
    sessions: BTreeMap<SessionId, Box<Session>>,
    next_thread_id: u64,
    pool: BufferPool,
    /// Set when the host ran out of memory during a statement: mysqld is killed after it.
    oom: Option<crate::sim::OutOfMemory>,
    /// The InnoDB monitor's last printout, for its per-second averages.
    monitor: Option<crate::instruments::innodb_monitor::MonitorMark>,
    /// The commit settings as last read from `vars`, with the variables' revision they were
    /// read at: every step of simulated time needs them, and reading ten variables by name
    /// each time was a tenth of a short statement's cost.
    commit_settings: std::cell::Cell<Option<(u64, crate::binlog::group_commit::CommitSettings)>>,
    /// performance_schema's statement tables (in memory: a restart empties them).
    statements: crate::instruments::statements::StatementInstruments,
    /// setup_instruments: what each instrument class collects.
    setup: crate::instruments::setup::InstrumentSettings,
    /// performance_schema's wait and file tables.
    waits: crate::instruments::waits::WaitInstruments,
    /// memory_summary_global_by_event_name.
    memory: crate::instruments::memory::MemoryInstruments,
    /// performance_schema's stage tables.
    stages: crate::instruments::stages::StageInstruments,
    /// performance_schema's transaction tables.
    transactions: crate::instruments::transactions::TransactionInstruments,
    /// Load generators' statements under way, waiting for the client scheduler to end them.
    /// Boxed: an event is hundreds of bytes, and the map's inserts and removes (two a
    /// statement) moved them within its nodes.
    pending_statements: BTreeMap<SessionId, Box<statement_events::ParkedStatement>>,
    /// performance_schema's table I/O summaries (in memory: a restart empties them).
    table_io: crate::instruments::table_io::TableIo,
    /// The table cache and table definition cache (empty at startup).
    table_cache: table_cache::TableCache,
    /// Load generators' statements under way, for the query logs once their end is known.
    pending_logs: BTreeMap<SessionId, query_logs::PendingLog>,
    /// When each load client's last statement ended on the client scheduler's clock, for the
    /// time of its `Quit` in the query logs.
    last_statement_ends: BTreeMap<SessionId, SimTime>,
    /// Connections made since startup by account (performance_schema.accounts, hosts, users).
    connection_totals: crate::instruments::connection_summaries::ConnectionTotals,
    /// Percona Server's USER_STATISTICS (in memory: a restart empties them).
    user_stats: crate::instruments::user_statistics::UserStatistics,
    /// information_schema.INNODB_METRICS' counters (in memory: a restart starts them afresh).
    metrics: crate::instruments::innodb_metrics::InnodbMetrics,
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
    Crashed(crate::binlog::recovery::CrashKind),
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
    pool_maps: Option<crate::instruments::pool_map::PoolMaps>,
    /// The datadir's `ib_buffer_pool`: the page list the last dump wrote.
    ib_buffer_pool: Option<Vec<crate::innodb::buffer_pool::PageId>>,
    /// The redo log and the binary log: files that outlive a crash, with mysqld's buffers.
    logs: crate::binlog::group_commit::Durability,
    /// Connections a crash cut: their next statement gets error 2013.
    severed: std::collections::BTreeSet<SessionId>,
    /// Connections KILL ended: their client's next statement gets error 2013.
    killed: std::collections::BTreeSet<SessionId>,
    /// Kill the connection whose statement is running once it has ended (`KILL` of one's
    /// own connection).
    pending_kill: Option<SessionId>,
    /// InnoDB's transaction id counter (`trx_sys->next_trx_id_or_no`): the next id or
    /// commit number.
    next_trx_id: u64,
    /// What the next start must recover after a crash.
    pending_recovery: Option<crash::CrashReport>,
    /// Statements parsed before, by text (the simulator's speed-up, not a server feature).
    statements: crate::sql::parser::cache::StatementCache,
    /// The grant tables (on the simulated disk) and caching_sha2_password's cache.
    accounts: accounts::Accounts,
    /// The host's own files beside the datadir (load files, option files).
    files: crate::sim::files::HostFiles,
    /// The slow query log and the general log: their files in the datadir and their tables.
    query_logs: query_logs::QueryLogs,
    /// MySQL or Percona Server.
    flavour: flavour::Flavour,
}

impl Server {
    /// Which server this is.
    pub fn flavour(&self) -> flavour::Flavour {
        self.flavour
    }

    /// The simulated host's files (the shell's home directory).
    pub fn host_files(&self) -> &crate::sim::files::HostFiles {
        &self.files
    }

    pub fn host_files_mut(&mut self) -> &mut crate::sim::files::HostFiles {
        &mut self.files
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

    /// Lets simulated time pass until `t`, running the background work due by then (buffer
    /// pool resize and load).
    pub fn advance_to(&mut self, t: SimTime) {
        if let Some(settings) = self.commit_settings() {
            self.logs.background_until(t, &mut self.disk, &settings);
        }
        self.clock.advance_to(t);
        self.disk.at(self.clock.now());
        self.run_pool_background();
    }

    /// Lets `d` of simulated time pass.
    pub fn advance(&mut self, d: SimDuration) {
        let t = self.clock.now() + d;
        self.advance_to(t);
    }

    /// The global variables, if running.
    pub fn variables(&self) -> Option<&Variables> {
        self.running.as_ref().map(|r| &r.vars)
    }
}

/// The executor bumps the server's status counters through this narrow view.
impl crate::sql::execution::costs::Counters for Status {
    fn add(&mut self, id: crate::instruments::status::StatusId, n: u64) {
        Status::add(self, id, n);
    }
    fn sort_buffer(&mut self, bytes: u64) {
        self.sort_buffers.add(bytes);
    }
}
