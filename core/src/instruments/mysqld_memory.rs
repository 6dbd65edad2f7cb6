//! mysqld's fixed memory by instrument: what a started server allocates once, before any
//! connection or page, under the `memory/%` names MySQL counts it in. The rest of the
//! host's `mysqld` charge (code, libraries, the data dictionary's caches, malloc's arenas) is
//! in no instrument, as in MySQL, where RSS is always above `sys.memory_global_total`.
//!
//! ```text
//!   performance_schema's buffers    memory/performance_schema/*   sized from its table sizes
//!   the redo log buffer             memory/innodb/log_buffer_memory   innodb_log_buffer_size
//!   MyISAM's key cache              memory/mysys/KEY_CACHE            key_buffer_size
//! ```
//!
//! performance_schema allocates each history and summary as one array of fixed-size rows
//! (`storage/perfschema/pfs_*.cc`): `events_statements_history_long` is
//! `performance_schema_events_statements_history_long_size` rows, and its SQL texts and
//! digest tokens two more arrays of `performance_schema_max_sql_text_length` and
//! `performance_schema_max_digest_length` bytes a row. The per-thread tables are allocated a
//! page of threads at a time; a fresh server has one page.
//!
//! Simplifications (each UNCONFIRMED: chosen, not read from MySQL's sources): the row sizes
//! below (`sizeof` of MySQL's structures, which change from release to release); the page of
//! [`THREAD_PAGE`] threads; every buffer counted as one allocation; the tables not listed
//! (instances of mutexes, files, tables, sockets, metadata locks, the error summaries, the
//! account/user/host aggregates, which MySQL grows as they are used) stay at zero; the sizes
//! are fixed at startup, so `SET GLOBAL innodb_log_buffer_size` or `key_buffer_size` moves
//! neither the rows nor the host's charge.

use super::setup::classes::classes;

/// The memory performance_schema sizes its tables from, and the engines' fixed buffers: the
/// server's startup values.
#[derive(Clone, Debug, Default)]
pub struct Sizing {
    pub waits_history_long: u64,
    pub stages_history_long: u64,
    pub statements_history_long: u64,
    pub transactions_history_long: u64,
    pub waits_history: u64,
    pub stages_history: u64,
    pub statements_history: u64,
    pub transactions_history: u64,
    /// `performance_schema_max_statement_stack`: events_statements_current's rows a thread.
    pub statement_stack: u64,
    pub digests: u64,
    pub max_sql_text_length: u64,
    pub max_digest_length: u64,
    /// `performance_schema_max_{mutex,rwlock,cond,thread,file,socket,stage,memory}_classes`.
    pub class_limits: [u64; 8],
    pub innodb_log_buffer_size: u64,
    pub key_buffer_size: u64,
}

/// Threads in a page of performance_schema's thread buffers (UNCONFIRMED).
pub const THREAD_PAGE: u64 = 256;

/// Bytes of a row of each event table and statistic (UNCONFIRMED `sizeof`s, chosen).
const WAIT_ROW: u64 = 224;
const STAGE_ROW: u64 = 184;
const STATEMENT_ROW: u64 = 1_600;
const TRANSACTION_ROW: u64 = 232;
/// A digest's row with its latency histogram (450 buckets of 8 bytes).
const DIGEST_ROW: u64 = 4_160;
/// A statement class's statistics for one thread.
const STATEMENT_STAT: u64 = 200;
/// A stage's or a wait's statistics (count, sum, min, max).
const SINGLE_STAT: u64 = 32;
const MEMORY_STAT: u64 = 72;
const THREAD_ROW: u64 = 8_192;
/// An instrument class (`PFS_instr_class`).
const CLASS_ROW: u64 = 256;

/// The class buffers, in [`Sizing::class_limits`]' order.
const CLASS_BUFFERS: [&str; 8] = [
    "memory/performance_schema/mutex_class",
    "memory/performance_schema/rwlock_class",
    "memory/performance_schema/cond_class",
    "memory/performance_schema/thread_class",
    "memory/performance_schema/file_class",
    "memory/performance_schema/socket_class",
    "memory/performance_schema/stage_class",
    "memory/performance_schema/memory_class",
];

/// How many instrument classes this server has whose names start with `prefix`.
fn classes_under(prefix: &str) -> u64 {
    classes().iter().filter(|c| c.name.starts_with(prefix)).count() as u64
}

/// Each fixed allocation: (instrument, bytes), the zero-sized left out.
pub fn fixed_allocations(s: &Sizing) -> Vec<(&'static str, u64)> {
    let t = THREAD_PAGE;
    let statement_text = s.max_sql_text_length;
    let tokens = s.max_digest_length;
    let mut out = vec![
        ("memory/innodb/log_buffer_memory", s.innodb_log_buffer_size),
        ("memory/mysys/KEY_CACHE", s.key_buffer_size),
        ("memory/performance_schema/events_waits_history_long", s.waits_history_long * WAIT_ROW),
        ("memory/performance_schema/events_stages_history_long", s.stages_history_long * STAGE_ROW),
        (
            "memory/performance_schema/events_statements_history_long",
            s.statements_history_long * STATEMENT_ROW,
        ),
        (
            "memory/performance_schema/events_statements_history_long.sqltext",
            s.statements_history_long * statement_text,
        ),
        (
            "memory/performance_schema/events_statements_history_long.tokens",
            s.statements_history_long * tokens,
        ),
        (
            "memory/performance_schema/events_transactions_history_long",
            s.transactions_history_long * TRANSACTION_ROW,
        ),
        ("memory/performance_schema/events_statements_summary_by_digest", s.digests * DIGEST_ROW),
        (
            "memory/performance_schema/events_statements_summary_by_digest.digest_text",
            s.digests * tokens,
        ),
        ("memory/performance_schema/events_waits_history", t * s.waits_history * WAIT_ROW),
        ("memory/performance_schema/events_stages_history", t * s.stages_history * STAGE_ROW),
        (
            "memory/performance_schema/events_statements_history",
            t * s.statements_history * STATEMENT_ROW,
        ),
        (
            "memory/performance_schema/events_statements_history.sqltext",
            t * s.statements_history * statement_text,
        ),
        (
            "memory/performance_schema/events_statements_history.tokens",
            t * s.statements_history * tokens,
        ),
        (
            "memory/performance_schema/events_statements_current",
            t * s.statement_stack * STATEMENT_ROW,
        ),
        (
            "memory/performance_schema/events_statements_current.sqltext",
            t * s.statement_stack * statement_text,
        ),
        (
            "memory/performance_schema/events_statements_current.tokens",
            t * s.statement_stack * tokens,
        ),
        (
            "memory/performance_schema/events_transactions_history",
            t * s.transactions_history * TRANSACTION_ROW,
        ),
        (
            "memory/performance_schema/events_statements_summary_by_thread_by_event_name",
            t * classes_under("statement/") * STATEMENT_STAT,
        ),
        (
            "memory/performance_schema/events_stages_summary_by_thread_by_event_name",
            t * classes_under("stage/") * SINGLE_STAT,
        ),
        (
            "memory/performance_schema/events_waits_summary_by_thread_by_event_name",
            t * (classes_under("wait/") + classes_under("idle")) * SINGLE_STAT,
        ),
        (
            "memory/performance_schema/memory_summary_by_thread_by_event_name",
            t * classes_under("memory/") * MEMORY_STAT,
        ),
        ("memory/performance_schema/threads", t * THREAD_ROW),
    ];
    out.extend(CLASS_BUFFERS.iter().zip(s.class_limits).map(|(n, c)| (*n, c * CLASS_ROW)));
    // statement_class is sized by the statement classes there are (no variable sets it).
    out.push((
        "memory/performance_schema/statement_class",
        classes_under("statement/") * CLASS_ROW,
    ));
    out.retain(|(_, bytes)| *bytes > 0);
    out
}

/// The least the rest of mysqld (code, libraries, the data dictionary) takes outside any
/// instrument: the host is charged at least the instrumented parts plus this.
/// UNCONFIRMED: chosen (mysqld's text and libraries alone are some 60 MB resident).
pub const UNINSTRUMENTED_FLOOR_BYTES: u64 = 64 << 20;

/// What the host is charged for a started mysqld: `base`, or more when the fixed buffers
/// (a large log buffer, a large digest table) need more than `base` leaves for the rest.
pub fn host_charge(base: u64, parts: &[(&'static str, u64)]) -> u64 {
    let instrumented: u64 = parts.iter().map(|(_, b)| b).fold(0u64, |a, b| a.saturating_add(*b));
    base.max(instrumented.saturating_add(UNINSTRUMENTED_FLOOR_BYTES))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MySQL 9.7's defaults.
    pub fn defaults() -> Sizing {
        Sizing {
            waits_history_long: 10_000,
            stages_history_long: 10_000,
            statements_history_long: 10_000,
            transactions_history_long: 10_000,
            waits_history: 10,
            stages_history: 10,
            statements_history: 10,
            transactions_history: 10,
            statement_stack: 10,
            digests: 10_000,
            max_sql_text_length: 1024,
            max_digest_length: 1024,
            class_limits: [350, 100, 150, 100, 80, 10, 175, 450],
            innodb_log_buffer_size: 64 << 20,
            key_buffer_size: 8 << 20,
        }
    }

    #[test]
    fn a_default_server_fits_in_the_base_with_room_for_the_rest() {
        let parts = fixed_allocations(&defaults());
        let total: u64 = parts.iter().map(|(_, b)| b).sum();
        let base = 320 << 20;
        assert!(total + UNINSTRUMENTED_FLOOR_BYTES <= base, "{total}");
        assert_eq!(host_charge(base, &parts), base);
        // The SQL texts of the long history: 10,000 rows of 1,024 bytes.
        let sqltext = "memory/performance_schema/events_statements_history_long.sqltext";
        assert!(parts.contains(&(sqltext, 10_240_000)));
        // Names are unique and each is a memory instrument this server lists.
        for (i, (n, _)) in parts.iter().enumerate() {
            assert!(parts[..i].iter().all(|(m, _)| m != n), "{n} twice");
            assert!(crate::instruments::setup::classes::position(n).is_some(), "{n}");
        }
    }

    #[test]
    fn large_buffers_raise_the_charge() {
        let big = Sizing { digests: 1 << 20, ..defaults() };
        let parts = fixed_allocations(&big);
        assert!(host_charge(320 << 20, &parts) > 4 << 30);
    }
}
