//! TuneLab's engine: a deterministic simulation of a MySQL 9.7 server with InnoDB on a
//! simulated host, printing exactly what the mysql client and the tools would print.
//!
//! The parts, each importing only those below it (ARCHITECTURE.md draws them):
//!
//! ```text
//!   lab          experiments, links, lessons, fidelity, benchmarks, crash sweeps
//!   client tools the mysql client's input and output; mysqlslap and the host's shell
//!   server       lifecycle, connections, sessions, dispatch, system variables, statements
//!   instruments  status counters and registry, system tables, statement events, InnoDB monitor
//!   sql          parser, digests, binder, expressions, planner (access paths, EXPLAIN), executor
//!   innodb       buffer pool, redo log, tablespace pages, transactions' undo records
//!   binlog       binary log, and the two-phase group commit that orders it with the redo
//!   storage      values, keys, rows and B+tree geometry, tables, catalog, index statistics
//!   sim          virtual time, scheduler, seeded randomness, host, disk, hardware profiles
//! ```
//!
//! Life of a statement: `SELECT SUM(LENGTH(referrer)) FROM shop.page_views;`
//!
//! 1. [`client::Client::feed`] reads the line; [`client::split::Splitter`] finds the
//!    delimiter outside quotes and comments and emits the statement.
//! 2. [`server::Server::execute`] (`server/dispatch.rs`) counts it (`Questions`), parses it
//!    with [`sql::parse`], counts `Com_select` and dispatches it to `Server::run_query`
//!    (`server/query/mod.rs`), which runs uncorrelated subqueries first and binds each FROM
//!    item to a source (`server/query/from.rs`).
//! 3. [`sql::execution::select::run`] binds the select list ([`sql::bind::Binder`]), puts a
//!    join's tables in the order the planner's search chose
//!    ([`sql::planner::join_order::choose_order`]), asks the planner for each table's access
//!    path ([`sql::planner::access_path::plan_tables`]: a full
//!    scan here) and reads the table along it ([`sql::execution::table_read::read`]). The
//!    session is behind [`sql::expr::EvalContext`], the machine behind
//!    [`sql::execution::costs::Costs`].
//! 4. Each leaf page the scan enters is requested from the buffer pool
//!    ([`sql::execution::costs::Costs::request_page`] →
//!    [`innodb::buffer_pool::BufferPool::fetch`]): a miss is a read on the simulated disk
//!    ([`sim::Disk`]), linear read-ahead may fetch the next extent, and the rows' CPU cost
//!    moves the virtual clock ([`sim::Clock`]). `Handler_read_rnd_next` and
//!    `Innodb_rows_read` are bumped as rows are read.
//! 5. `server/statement_events.rs` makes the statement a performance_schema event: its digest
//!    ([`sql::digest::TokenArray`]), its timer, and the counts of the status counters it moved,
//!    summed per digest in [`instruments::statements`].
//! 6. [`client::format`] prints the result as the mysql client does, with the simulated
//!    elapsed time in `(0.59 sec)`.
//!
//! Reading a counter: `SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_read_ahead'` reaches
//! [`server::Server::global_status_all`] (`server/instruments.rs`), which calls
//! `Server::publish_engine_status`; that copies the pool's counters in with
//! [`instruments::engine_status::publish_pool`] (`Innodb_buffer_pool_read_ahead` is
//! `PoolStats::read_ahead`). Counters the work bumps as it goes (`Handler_*`, `Com_*`) are
//! in [`instruments::status::Status`] already.
//!
//! Life of a change: `SET GLOBAL innodb_buffer_pool_size = 2147483648;`
//!
//! 1. `Server::set` (`server/dispatch.rs`) checks it against the variable registry with
//!    [`server::variables::Variables::check_set`]: scope (1228/1229), type (1231/1232),
//!    range (warning 1292), read-only (1238), unknown (1193); then stores it.
//! 2. `Server::apply_global_change` (`server/variables/effects.rs`) says what the change
//!    does: for this variable, `Server::resize_buffer_pool` (`server/buffer_pool.rs`) rounds
//!    the size to whole chunks and starts the online resize
//!    ([`innodb::buffer_pool::BufferPool::start_resize`], `innodb/buffer_pool/resize.rs`).
//! 3. The resize runs as simulated time passes ([`innodb::buffer_pool::BufferPool::run_background`]),
//!    and `Innodb_buffer_pool_resize_status` reports its progress (published as above).
//!
//! An [`lab::experiment::Experiment`] (seed, hardware, options, dataset, steps) runs
//! statements like these into a transcript and metrics; [`lab::link`] turns an experiment
//! into a URL fragment and back. Nothing here reads a wall clock, spawns a thread or draws
//! unseeded randomness: the same experiment gives the same bytes natively and in wasm.

#![forbid(unsafe_code)]

pub mod binlog;
pub mod client;
pub mod datasets;
pub mod error;
pub mod innodb;
pub mod instruments;
pub mod lab;
pub mod server;
pub mod sim;
pub mod sql;
pub mod storage;
pub mod tools;

pub use error::{MySqlError, Result};
pub use lab::experiment::{Experiment, Outcome};

/// The version of the simulated server, as every output reports it (`SELECT VERSION()`,
/// `@@version`, the error log).
pub const SERVER_VERSION: &str = "9.7.2";

/// MYSQL_VERSION_ID of [`SERVER_VERSION`]: major * 10000 + minor * 100 + patch. What a
/// `/*!NNNNN ... */` comment is compared with, and the plugin interfaces' version.
pub const SERVER_VERSION_ID: u32 = version_id(SERVER_VERSION);

/// `"9.7.2"` as 90702 (digits and dots only; a part past the third is ignored).
const fn version_id(version: &str) -> u32 {
    let bytes = version.as_bytes();
    let (mut parts, mut part, mut i) = ([0u32; 3], 0, 0);
    while i < bytes.len() && part < 3 {
        match bytes[i] {
            b'.' => part += 1,
            b @ b'0'..=b'9' => parts[part] = parts[part] * 10 + (b - b'0') as u32,
            _ => break,
        }
        i += 1;
    }
    parts[0] * 10_000 + parts[1] * 100 + parts[2]
}

/// TuneLab's own version, printed in transcript headers.
pub const TUNELAB_VERSION: &str = env!("CARGO_PKG_VERSION");
