//! mysqld's life: the first start (the host booted, the dataset on its disk and loaded into
//! the pool), startup from the option file and the host (`Variables::at_startup`, the pool's
//! geometry), a clean shutdown with the buffer pool dump, a start again (with crash recovery
//! when the last stop was a crash), and the kernel's OOM kill.

use super::buffer_pool;
use super::variables::Variables;
use super::{DatasetSpec, Down, Running, Server, MYSQLD_BASE_BYTES};
use crate::instruments::memory::MemoryInstruments;
use crate::instruments::mysqld_memory::{self, Sizing};
use crate::instruments::status::Status;
use crate::sim::{Clock, Disk, Hardware, Host, SimDuration};
use crate::var_id;
use buffer_pool::BUFFER_POOL_FILE;
use std::collections::BTreeMap;

impl Server {
    /// Boots the simulated machine with `dataset` on its disk and starts mysqld with
    /// `options`.
    pub fn start(
        seed: u64,
        hardware: Hardware,
        options: Vec<(String, String)>,
        dataset: &DatasetSpec,
    ) -> std::result::Result<Server, String> {
        Server::start_of(super::flavour::Flavour::Mysql, seed, hardware, options, dataset)
    }

    /// As [`Server::start`], for a MySQL or a Percona Server.
    pub fn start_of(
        flavour: super::flavour::Flavour,
        seed: u64,
        hardware: Hardware,
        options: Vec<(String, String)>,
        dataset: &DatasetSpec,
    ) -> std::result::Result<Server, String> {
        let disk = Disk::seeded(&hardware, seed);
        let catalog = crate::datasets::catalog(&dataset.name, seed, &dataset.options)?;
        let clock = Clock::new(seed);
        let accounts = crate::server::accounts::Accounts::initial(&clock.wall_clock().datetime());
        let mut server = Server {
            accounts,
            catalog,
            clock,
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
            logs: crate::binlog::group_commit::Durability::default(),
            severed: std::collections::BTreeSet::new(),
            killed: std::collections::BTreeSet::new(),
            pending_kill: None,
            next_trx_id: super::innodb_trx::FIRST_TRX_ID,
            statements: Default::default(),
            pending_recovery: None,
            files: Default::default(),
            query_logs: Default::default(),
            flavour,
        };
        server.start_mysqld();
        server.replay_dataset_load();
        Ok(server)
    }

    pub(super) fn start_mysqld(&mut self) {
        let mut options = self.options.clone();
        options.extend(self.persisted.iter().map(|(k, v)| (k.clone(), v.clone())));
        let consumers = super::statement_events::take_consumer_options(&mut options);
        let instrument_options = super::statement_events::take_instrument_options(&mut options);
        let host = &self.host;
        let started = Variables::at_startup_of(
            self.flavour,
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
                let pool = buffer_pool::new_pool(&vars);
                let fixed_memory = fixed_memory(&vars);
                let charge = mysqld_memory::host_charge(MYSQLD_BASE_BYTES, &fixed_memory);
                if let Err(oom) = self.host.allocate("mysqld", charge) {
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
                     Version: '{}'  socket: '/var/run/mysqld/mysqld.sock'  port: 3306  \
                     MySQL Community Server - GPL.",
                    crate::SERVER_VERSION
                ));
                self.down = None;
                // caching_sha2_password's cache of verified logins is in memory only.
                self.accounts.clear_cache();
                // InnoDB keeps a table's UPDATE_TIME in memory only: NULL again until the
                // table's next change commits.
                self.catalog.forget_update_times();
                // Each start with the binary log on opens a new file of it.
                if vars.global_bool(var_id!("log_bin")) {
                    let expire = super::transactions::binlog_expire(&vars);
                    let position = self.logs.binlog.position;
                    self.logs.binlog.files.open_at_start(position, self.clock.now(), expire);
                }
                let statements = super::statement_events::instruments_at_startup(
                    &vars,
                    self.clock.now(),
                    &consumers,
                );
                let mut waits = super::wait_events::waits_at_startup(&vars, self.clock.now());
                waits.mark_disk(&self.disk);
                let setup = super::wait_events::setup_at_startup(&instrument_options);
                let memory = MemoryInstruments::at_startup(&fixed_memory, &setup);
                self.running = Some(Running {
                    statements,
                    setup,
                    waits,
                    stages: super::stage_events::stages_at_startup(&vars, self.clock.now()),
                    transactions: super::transaction_events::at_startup(&vars, self.clock.now()),
                    memory,
                    pending_statements: BTreeMap::new(),
                    pending_logs: BTreeMap::new(),
                    last_statement_ends: BTreeMap::new(),
                    connection_totals: Default::default(),
                    table_io: Default::default(),
                    table_cache: super::table_cache::TableCache::new(
                        vars.global_u64(crate::var_id!("table_open_cache_instances")),
                        vars.global_u64(crate::var_id!("table_open_cache")),
                        vars.global_u64(crate::var_id!("table_definition_cache")),
                    ),
                    user_stats: Default::default(),
                    metrics: Default::default(),
                    vars,
                    status: Status::global_at_startup(),
                    started_at: self.clock.now(),
                    sessions: BTreeMap::new(),
                    next_thread_id: 8,
                    pool,
                    oom: None,
                    monitor: None,
                    commit_settings: std::cell::Cell::new(None),
                });
                self.start_innodb_metrics();
                // The logs open afresh (a header each) with the variables of this start.
                self.close_query_logs();
                self.sync_query_logs();
            }
        }
    }

    /// `2026-09-23T08:00:00.000000Z`: the error log's timestamp format.
    pub(super) fn log_timestamp(&self) -> String {
        let t = self.clock.wall_clock();
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}Z",
            t.year, t.month, t.day, t.hour, t.minute, t.second, t.micros
        )
    }

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

    /// A clean shutdown, as `docker stop` or `RESTART` does it: dirty pages are written, the
    /// hottest pages dumped (unless `innodb_fast_shutdown=2` or the dump is switched off), and
    /// the server's memory returned to the host.
    pub fn shutdown(&mut self) {
        let Some(r) = self.running.as_mut() else { return };
        let dirty = r.pool.pages_dirty();
        let dump = r.vars.global_bool(var_id!("innodb_buffer_pool_dump_at_shutdown"))
            && r.vars.global_u64(var_id!("innodb_fast_shutdown")) != 2;
        let stamp = self.log_timestamp();
        self.error_log.push(format!(
            "{stamp} 0 [System] [MY-013172] [Server] Received SHUTDOWN from user <via user signal>. Shutting down mysqld (Version: {}).",
            crate::SERVER_VERSION
        ));
        if dirty > 0 {
            let t = self.disk.write(dirty * 16384) + self.disk.fsync(dirty * 16384);
            self.clock.advance(t);
        }
        if dump {
            self.dump_buffer_pool();
            let stamp = self.log_timestamp();
            self.error_log.push(format!(
                "{stamp} 0 [Note] [MY-011953] [InnoDB] Dumping buffer pool(s) to {BUFFER_POOL_FILE}"
            ));
        }
        // Stopping takes a moment beyond the I/O: threads end, files close.
        self.clock.advance(SimDuration::from_millis(800));
        let stamp = self.log_timestamp();
        self.error_log.push(format!(
            "{stamp} 0 [System] [MY-010910] [Server] /usr/sbin/mysqld: Shutdown complete (mysqld {})  MySQL Community Server - GPL.",
            crate::SERVER_VERSION
        ));
        self.running = None;
        self.down = Some(crate::server::Down::Stopped);
        self.host.release_all();
    }

    /// Starts mysqld again (after a shutdown or a kill): crash recovery first if mysqld did
    /// not stop cleanly, then a fresh server on the same disk, which loads `ib_buffer_pool` in
    /// the background if `innodb_buffer_pool_load_at_startup`. Returns the crash recovery's
    /// report, if there was a crash to recover from.
    pub fn start_again(&mut self) -> Option<crate::server::crash::CrashReport> {
        if self.running.is_some() {
            return None;
        }
        // Starting takes a couple of seconds: the data dictionary, redo and undo are opened.
        self.clock.advance(SimDuration::from_millis(2_500));
        let report = self.start_after_crash();
        if let (Some(_), Some(r)) = (&self.pool_maps, self.running.as_mut()) {
            r.pool.enable_read_log();
        }
        let load = self
            .running
            .as_ref()
            .is_some_and(|r| r.vars.global_bool(var_id!("innodb_buffer_pool_load_at_startup")));
        if load {
            self.load_buffer_pool();
        }
        report
    }

    /// `RESTART` and `docker restart`: a clean shutdown, then a start.
    pub fn restart(&mut self) {
        self.shutdown();
        self.start_again();
    }
}

/// InnoDB's startup rule for the pool's geometry: if chunk size x instances exceeds the pool,
/// the chunk shrinks to pool / instances; then the pool is rounded **up** to a multiple of
/// chunk size x instances (so 46.5 GiB with 9 instances of 128 MiB chunks becomes 48,384 MiB).
fn size_buffer_pool(vars: &mut Variables) {
    use super::variables::definition::VarValue;
    const MIB: u64 = 1 << 20;
    let pool = vars.global_u64(var_id!("innodb_buffer_pool_size"));
    let instances = vars.global_u64(var_id!("innodb_buffer_pool_instances")).max(1);
    let mut chunk = vars.global_u64(var_id!("innodb_buffer_pool_chunk_size")).max(MIB);
    if chunk.saturating_mul(instances) > pool {
        chunk = (pool / instances / MIB).max(1) * MIB;
        vars.set_global_raw("innodb_buffer_pool_chunk_size", VarValue::UInt(chunk));
    }
    let unit = chunk * instances;
    vars.set_global_raw("innodb_buffer_pool_size", VarValue::UInt(pool.div_ceil(unit) * unit));
}

impl Server {
    /// `SET GLOBAL key_buffer_size` or `innodb_log_buffer_size`: the buffer is freed and
    /// allocated again at its new size (one free and one allocation of its instrument), and
    /// the host's charge for mysqld follows; past the host's limit, the kernel's OOM killer
    /// ends mysqld as it does for a buffer pool that grows too far.
    pub(super) fn resize_fixed_buffer(&mut self, variable: &str) {
        let instrument = match variable {
            "key_buffer_size" => "memory/mysys/KEY_CACHE",
            _ => "memory/innodb/log_buffer_memory",
        };
        let Some(r) = self.running.as_mut() else { return };
        let parts = fixed_memory(&r.vars);
        let bytes = parts.iter().find(|(n, _)| *n == instrument).map_or(0, |(_, b)| *b);
        r.memory.reallocate(instrument, bytes, &r.setup);
        let charge = mysqld_memory::host_charge(MYSQLD_BASE_BYTES, &parts);
        let held = self.host.used_by("mysqld");
        if charge < held {
            self.host.release("mysqld", held - charge);
        } else if charge > held && r.oom.is_none() {
            if let Err(e) = self.host.allocate("mysqld", charge - held) {
                r.oom = Some(e);
            }
        }
    }
}

/// mysqld's fixed buffers, sized from its variables (performance_schema's only when it is
/// on): the startup values, or the key cache's and log buffer's since SET GLOBAL resized them.
fn fixed_memory(vars: &Variables) -> Vec<(&'static str, u64)> {
    let pfs = vars.global_bool(var_id!("performance_schema"));
    let mut parts = mysqld_memory::fixed_allocations(&startup_sizing(vars));
    if !pfs {
        parts.retain(|(name, _)| !name.starts_with("memory/performance_schema/"));
    }
    parts
}

/// SHOW ENGINE PERFORMANCE_SCHEMA STATUS's (Name, Status) rows. With performance_schema off
/// nothing is allocated and every row is 0, as in MySQL, where the sizes are set only when
/// the buffers are.
pub(crate) fn performance_schema_status(vars: &Variables) -> Vec<(String, u64)> {
    let pfs = vars.global_bool(var_id!("performance_schema"));
    let mut rows = mysqld_memory::engine_status_rows(&startup_sizing(vars));
    if !pfs {
        rows.iter_mut().for_each(|(_, v)| *v = 0);
    }
    rows
}

/// The sizes of mysqld's fixed buffers from its variables (the performance_schema ones 0
/// when it is off). performance_schema's are read-only, so they are the startup values.
fn startup_sizing(vars: &Variables) -> Sizing {
    let v = |id| vars.global_u64(id);
    let pfs = vars.global_bool(var_id!("performance_schema"));
    let p = |id| if pfs { vars.global_u64(id) } else { 0 };
    Sizing {
        waits_history_long: p(var_id!("performance_schema_events_waits_history_long_size")),
        stages_history_long: p(var_id!("performance_schema_events_stages_history_long_size")),
        statements_history_long: p(var_id!(
            "performance_schema_events_statements_history_long_size"
        )),
        transactions_history_long: p(var_id!(
            "performance_schema_events_transactions_history_long_size"
        )),
        waits_history: p(var_id!("performance_schema_events_waits_history_size")),
        stages_history: p(var_id!("performance_schema_events_stages_history_size")),
        statements_history: p(var_id!("performance_schema_events_statements_history_size")),
        transactions_history: p(var_id!("performance_schema_events_transactions_history_size")),
        statement_stack: p(var_id!("performance_schema_max_statement_stack")),
        digests: p(var_id!("performance_schema_digests_size")),
        max_sql_text_length: p(var_id!("performance_schema_max_sql_text_length")),
        max_digest_length: p(var_id!("performance_schema_max_digest_length")),
        class_limits: [
            p(var_id!("performance_schema_max_mutex_classes")),
            p(var_id!("performance_schema_max_rwlock_classes")),
            p(var_id!("performance_schema_max_cond_classes")),
            p(var_id!("performance_schema_max_thread_classes")),
            p(var_id!("performance_schema_max_file_classes")),
            p(var_id!("performance_schema_max_socket_classes")),
            p(var_id!("performance_schema_max_stage_classes")),
            p(var_id!("performance_schema_max_memory_classes")),
        ],
        innodb_log_buffer_size: v(var_id!("innodb_log_buffer_size")),
        key_buffer_size: v(var_id!("key_buffer_size")),
    }
}
