//! TuneLab's engine: a deterministic simulation of a MySQL 9.7 server with InnoDB on a
//! simulated host, printing exactly what the mysql client and the tools would print.
//!
//! Life of a statement (what happens when a learner types `SET GLOBAL x = 1;`):
//!
//! 1. [`client::Client::feed`] reads the line; [`client::split::Splitter`] finds the
//!    delimiter outside quotes and comments and emits a statement (or a client command such
//!    as `DELIMITER` or `\!`).
//! 2. [`server::Server::execute`] counts it (`Questions`), parses it with [`sql::parse`]
//!    (sqlparser's MySQL dialect plus a hand-written layer for SET and SHOW), and counts its
//!    kind (`Com_set_option`).
//! 3. The handler checks it against the registry of system variables
//!    ([`server::sysvar_registry`]): scope (1228/1229), type (1231/1232), range (warning
//!    1292), read-only (1238), unknown (1193).
//! 4. The statement's CPU cost, from the hardware profile ([`sim::hardware`]), moves the
//!    virtual clock ([`sim::Clock`]); background events due by then run from the scheduler.
//! 5. [`client::format`] prints the response as the mysql client does, with the simulated
//!    elapsed time in `(0.00 sec)`.
//!
//! An [`experiment::Experiment`] (seed, hardware, options, dataset, steps) runs statements
//! like these into a transcript and metrics; [`link`] turns an experiment into a URL fragment
//! and back. Nothing here reads a wall clock, spawns a thread or draws unseeded randomness: the
//! same experiment gives the same bytes natively and in wasm.

#![forbid(unsafe_code)]

pub mod bench;
pub mod binlog;
pub mod catalog;
pub mod client;
pub mod datasets;
pub mod error;
pub mod exec;
pub mod experiment;
pub mod fidelity;
pub mod innodb;
pub mod lesson;
pub mod link;
pub mod server;
pub mod sim;
pub mod sql;
pub mod storage;
pub mod tools;

pub use error::{MySqlError, Result};
pub use experiment::{Experiment, Outcome};

/// TuneLab's own version, printed in transcript headers.
pub const TUNELAB_VERSION: &str = env!("CARGO_PKG_VERSION");
