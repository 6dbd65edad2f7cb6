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
//! account/user/host aggregates, which MySQL grows as they are used) stay at zero.
//! performance_schema's sizes are fixed at startup; `SET GLOBAL innodb_log_buffer_size` and
//! `key_buffer_size` reallocate their buffers (`server::lifecycle`).
//!
//! SHOW ENGINE PERFORMANCE_SCHEMA STATUS reads the same arrays ([`engine_status_rows`]): a
//! `.size`, `.count` and `.memory` row for each, then `performance_schema.memory`, their
//! total, which MySQLTuner counts in mysqld's memory. MySQL lists some 80 buffers there; the
//! ones kept empty here, and the hash tables' rows, are left out.

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

/// How SHOW ENGINE PERFORMANCE_SCHEMA STATUS names a buffer's three rows
/// (`pfs_show_status` in `storage/perfschema/ha_perfschema.cc`), in the order it prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// `NAME.size`, `NAME.count`, `NAME.memory`: most tables.
    SizeCount,
    /// `NAME.row_size`, `NAME.row_count`, `NAME.memory`: the memory tables and classes.
    RowSizeRowCount,
    /// `NAME.count`, `NAME.size`, `NAME.memory`: the SQL text and digest token arrays.
    CountSize,
}

/// One of performance_schema's fixed arrays: the memory instrument it is counted under, the
/// name SHOW ENGINE PERFORMANCE_SCHEMA STATUS gives it, and its rows and their size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PfsBuffer {
    pub instrument: &'static str,
    pub status_name: &'static str,
    pub naming: Naming,
    pub row_size: u64,
    pub rows: u64,
}

impl PfsBuffer {
    pub fn bytes(&self) -> u64 {
        self.row_size.saturating_mul(self.rows)
    }
}

/// How many instrument classes this server has whose names start with `prefix`.
fn classes_under(prefix: &str) -> u64 {
    classes().iter().filter(|c| c.name.starts_with(prefix)).count() as u64
}

/// performance_schema's fixed arrays in the order SHOW ENGINE PERFORMANCE_SCHEMA STATUS
/// lists them (MySQL's order, with the buffers this simulation keeps empty left out: see the
/// module's header).
pub fn pfs_buffers(s: &Sizing) -> Vec<PfsBuffer> {
    use Naming::*;
    let t = THREAD_PAGE;
    let [mutex, rwlock, cond, thread, file, socket, stage, memory] = s.class_limits;
    let statement_classes = classes_under("statement/");
    let b = |instrument: &'static str, status_name, naming, row_size, rows| PfsBuffer {
        instrument,
        status_name,
        naming,
        row_size,
        rows,
    };
    vec![
        b(
            "memory/performance_schema/events_waits_history",
            "events_waits_history",
            SizeCount,
            WAIT_ROW,
            t * s.waits_history,
        ),
        b(
            "memory/performance_schema/events_waits_history_long",
            "events_waits_history_long",
            SizeCount,
            WAIT_ROW,
            s.waits_history_long,
        ),
        b(
            "memory/performance_schema/mutex_class",
            "(pfs_mutex_class)",
            SizeCount,
            CLASS_ROW,
            mutex,
        ),
        b(
            "memory/performance_schema/rwlock_class",
            "(pfs_rwlock_class)",
            SizeCount,
            CLASS_ROW,
            rwlock,
        ),
        b("memory/performance_schema/cond_class", "(pfs_cond_class)", SizeCount, CLASS_ROW, cond),
        b(
            "memory/performance_schema/thread_class",
            "(pfs_thread_class)",
            SizeCount,
            CLASS_ROW,
            thread,
        ),
        b("memory/performance_schema/file_class", "(pfs_file_class)", SizeCount, CLASS_ROW, file),
        b("memory/performance_schema/threads", "threads", SizeCount, THREAD_ROW, t),
        b(
            "memory/performance_schema/events_waits_summary_by_thread_by_event_name",
            "events_waits_summary_by_thread_by_event_name",
            SizeCount,
            SINGLE_STAT,
            t * (classes_under("wait/") + classes_under("idle")),
        ),
        b(
            "memory/performance_schema/stage_class",
            "(pfs_stage_class)",
            SizeCount,
            CLASS_ROW,
            stage,
        ),
        b(
            "memory/performance_schema/events_stages_history",
            "events_stages_history",
            SizeCount,
            STAGE_ROW,
            t * s.stages_history,
        ),
        b(
            "memory/performance_schema/events_stages_history_long",
            "events_stages_history_long",
            SizeCount,
            STAGE_ROW,
            s.stages_history_long,
        ),
        b(
            "memory/performance_schema/events_stages_summary_by_thread_by_event_name",
            "events_stages_summary_by_thread_by_event_name",
            SizeCount,
            SINGLE_STAT,
            t * classes_under("stage/"),
        ),
        // statement_class is sized by the statement classes there are (no variable sets it).
        b(
            "memory/performance_schema/statement_class",
            "(pfs_statement_class)",
            SizeCount,
            CLASS_ROW,
            statement_classes,
        ),
        b(
            "memory/performance_schema/events_statements_history",
            "events_statements_history",
            SizeCount,
            STATEMENT_ROW,
            t * s.statements_history,
        ),
        b(
            "memory/performance_schema/events_statements_history_long",
            "events_statements_history_long",
            SizeCount,
            STATEMENT_ROW,
            s.statements_history_long,
        ),
        b(
            "memory/performance_schema/events_statements_summary_by_thread_by_event_name",
            "events_statements_summary_by_thread_by_event_name",
            SizeCount,
            STATEMENT_STAT,
            t * statement_classes,
        ),
        b(
            "memory/performance_schema/events_statements_current",
            "events_statements_current",
            SizeCount,
            STATEMENT_ROW,
            t * s.statement_stack,
        ),
        b(
            "memory/performance_schema/socket_class",
            "(pfs_socket_class)",
            SizeCount,
            CLASS_ROW,
            socket,
        ),
        b(
            "memory/performance_schema/events_statements_summary_by_digest",
            "events_statements_summary_by_digest",
            SizeCount,
            DIGEST_ROW,
            s.digests,
        ),
        b(
            "memory/performance_schema/memory_class",
            "(pfs_memory_class)",
            RowSizeRowCount,
            CLASS_ROW,
            memory,
        ),
        b(
            "memory/performance_schema/memory_summary_by_thread_by_event_name",
            "memory_summary_by_thread_by_event_name",
            RowSizeRowCount,
            MEMORY_STAT,
            t * classes_under("memory/"),
        ),
        b(
            "memory/performance_schema/events_transactions_history",
            "events_transactions_history",
            SizeCount,
            TRANSACTION_ROW,
            t * s.transactions_history,
        ),
        b(
            "memory/performance_schema/events_transactions_history_long",
            "events_transactions_history_long",
            SizeCount,
            TRANSACTION_ROW,
            s.transactions_history_long,
        ),
        b(
            "memory/performance_schema/events_statements_history_long.tokens",
            "(history_long_statements_digest_token_array)",
            CountSize,
            s.max_digest_length,
            s.statements_history_long,
        ),
        b(
            "memory/performance_schema/events_statements_history.tokens",
            "(history_statements_digest_token_array)",
            CountSize,
            s.max_digest_length,
            t * s.statements_history,
        ),
        b(
            "memory/performance_schema/events_statements_current.tokens",
            "(current_statements_digest_token_array)",
            CountSize,
            s.max_digest_length,
            t * s.statement_stack,
        ),
        b(
            "memory/performance_schema/events_statements_history_long.sqltext",
            "(history_long_statements_text_array)",
            CountSize,
            s.max_sql_text_length,
            s.statements_history_long,
        ),
        b(
            "memory/performance_schema/events_statements_history.sqltext",
            "(history_statements_text_array)",
            CountSize,
            s.max_sql_text_length,
            t * s.statements_history,
        ),
        b(
            "memory/performance_schema/events_statements_current.sqltext",
            "(current_statements_text_array)",
            CountSize,
            s.max_sql_text_length,
            t * s.statement_stack,
        ),
        b(
            "memory/performance_schema/events_statements_summary_by_digest.digest_text",
            "(statements_digest_token_array)",
            CountSize,
            s.max_digest_length,
            s.digests,
        ),
    ]
}

/// Each fixed allocation: (instrument, bytes), the zero-sized left out.
pub fn fixed_allocations(s: &Sizing) -> Vec<(&'static str, u64)> {
    let mut out = vec![
        ("memory/innodb/log_buffer_memory", s.innodb_log_buffer_size),
        ("memory/mysys/KEY_CACHE", s.key_buffer_size),
    ];
    out.extend(pfs_buffers(s).iter().map(|b| (b.instrument, b.bytes())));
    out.retain(|(_, bytes)| *bytes > 0);
    out
}

/// SHOW ENGINE PERFORMANCE_SCHEMA STATUS's (Name, Status) rows: three for each buffer, then
/// `performance_schema.memory`, the sum of their `.memory` rows (what MySQLTuner reads).
pub fn engine_status_rows(s: &Sizing) -> Vec<(String, u64)> {
    let buffers = pfs_buffers(s);
    let mut rows = Vec::with_capacity(buffers.len() * 3 + 1);
    let mut total = 0u64;
    for b in &buffers {
        let n = b.status_name;
        let (size, count) = match b.naming {
            Naming::RowSizeRowCount => (format!("{n}.row_size"), format!("{n}.row_count")),
            Naming::SizeCount | Naming::CountSize => (format!("{n}.size"), format!("{n}.count")),
        };
        let size = (size, b.row_size);
        let count = (count, b.rows);
        if b.naming == Naming::CountSize {
            rows.extend([count, size]);
        } else {
            rows.extend([size, count]);
        }
        rows.push((format!("{n}.memory"), b.bytes()));
        total = total.saturating_add(b.bytes());
    }
    rows.push(("performance_schema.memory".to_string(), total));
    rows
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

    #[test]
    fn engine_status_totals_the_performance_schema_instruments() {
        let s = defaults();
        let rows = engine_status_rows(&s);
        let instrumented: u64 = fixed_allocations(&s)
            .iter()
            .filter(|(n, _)| n.starts_with("memory/performance_schema/"))
            .map(|(_, b)| b)
            .sum();
        assert_eq!(rows.last(), Some(&("performance_schema.memory".to_string(), instrumented)));
        let find = |name: &str| rows.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
        assert_eq!(find("events_statements_history_long.count"), Some(10_000));
        assert_eq!(find("(history_long_statements_text_array).size"), Some(1024));
        assert_eq!(find("(history_long_statements_text_array).memory"), Some(10_240_000));
        assert_eq!(find("(pfs_memory_class).row_count"), Some(450));
        // The token and text arrays print their count before their size, as MySQL does.
        let at = |name: &str| rows.iter().position(|(n, _)| n == name).unwrap();
        assert!(
            at("(statements_digest_token_array).count")
                < at("(statements_digest_token_array).size")
        );
        assert!(at("threads.size") < at("threads.count"));
        assert_eq!(rows.len(), pfs_buffers(&s).len() * 3 + 1);
    }
}
