//! `information_schema.INNODB_TRX` (the manual's "The INFORMATION_SCHEMA INNODB_TRX Table"):
//! one row per transaction open inside InnoDB, with MySQL 9.7's 25 columns in `i_s.cc`'s
//! order. Reading it needs the PROCESS privilege (checked by the server's view).
//!
//! InnoDB starts a transaction lazily: START TRANSACTION / BEGIN (or autocommit=0) opens it
//! in the server, and InnoDB's own transaction begins at the first statement that reads or
//! changes an InnoDB table; its `trx_started` is that statement's start. A transaction that
//! has written nothing has no real id: InnoDB prints its object's address with bit 48 set
//! (`trx_get_id_for_print`), a number like 281479271678720; the first change gives it the
//! next id of the server's counter.
//!
//! Simplifications: the sessions run one statement at a time and only the reader's is
//! running, so every other row is idle (`trx_query` and `trx_operation_state` NULL,
//! `trx_tables_in_use` 0); locks are modelled from the undo records (an insert locks
//! implicitly, an update or delete holds one record lock struct per table and a lock per
//! row changed, and every table written holds an IX table lock); nothing waits for a lock
//! (`trx_state` is always RUNNING); `trx_lock_memory_bytes` is the lock heap's first block,
//! 1128 bytes, whatever the locks (it grows with many lock structs in MySQL).

use crate::innodb::trx::UndoRecord;
use crate::sim::SimTime;
use crate::storage::table::Row;
use crate::storage::value::Value;
use std::collections::BTreeSet;

/// The table's name, lower-cased as the system-table dispatcher matches it.
pub const TABLE: &str = "innodb_trx";

/// The columns, in `information_schema.INNODB_TRX`'s order: (name, numeric, nullable).
pub const COLUMNS: [(&str, bool, bool); 25] = [
    ("trx_id", true, false),
    ("trx_state", false, false),
    ("trx_started", false, false),
    ("trx_requested_lock_id", false, true),
    ("trx_wait_started", false, true),
    ("trx_weight", true, false),
    ("trx_mysql_thread_id", true, false),
    ("trx_query", false, true),
    ("trx_operation_state", false, true),
    ("trx_tables_in_use", true, false),
    ("trx_tables_locked", true, false),
    ("trx_lock_structs", true, false),
    ("trx_lock_memory_bytes", true, false),
    ("trx_rows_locked", true, false),
    ("trx_rows_modified", true, false),
    ("trx_concurrency_tickets", true, false),
    ("trx_isolation_level", false, false),
    ("trx_unique_checks", true, false),
    ("trx_foreign_key_checks", true, false),
    ("trx_last_foreign_key_error", false, true),
    ("trx_adaptive_hash_latched", true, false),
    ("trx_adaptive_hash_timeout", true, false),
    ("trx_is_read_only", true, false),
    ("trx_autocommit_non_locking", true, false),
    ("trx_schedule_weight", true, true),
];

/// `TRX_I_S_TRX_QUERY_MAX_LEN`: `trx_query` keeps at most this many bytes of the statement.
pub const QUERY_MAX_BYTES: usize = 1024;

/// The lock heap's size with few lock structs (MySQL 8.0 and later on 64-bit Linux).
const LOCK_MEMORY_BYTES: u64 = 1128;

/// Bit 48, which `trx_get_id_for_print` sets on a transaction without an id.
const NO_ID_BIT: u64 = 1 << 48;

/// Where the simulated `trx_t` objects sit: UNCONFIRMED (an address of MySQL's transaction
/// pool; any heap address would do). Each connection's object is `TRX_T_BYTES` apart.
const TRX_POOL_ADDRESS: u64 = 0x1_1a48_0000;
const TRX_T_BYTES: u64 = 1_256;

/// A session's InnoDB transaction: when it began and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InnodbTrx {
    /// The start of the statement that began it (or of START TRANSACTION WITH CONSISTENT
    /// SNAPSHOT's end).
    pub started: SimTime,
    /// Its id once it changed a row (None: read-only so far).
    pub id: Option<u64>,
    /// START TRANSACTION READ ONLY or transaction_read_only when it began.
    pub read_only: bool,
    /// Its isolation level in MySQL's words, `REPEATABLE READ` and the like.
    pub isolation: &'static str,
}

/// What one row shows of a session's open transaction.
pub struct OpenTrx<'a> {
    pub trx: InnodbTrx,
    /// The processlist id of its connection.
    pub thread_id: u64,
    /// The statement running in it (the reader's own only).
    pub query: Option<&'a str>,
    /// Its changes, oldest first.
    pub undo: &'a [UndoRecord],
    pub unique_checks: bool,
    pub foreign_key_checks: bool,
}

/// `trx_id` as InnoDB prints it: its id, or its object's address with bit 48 set.
pub fn printed_id(trx: &InnodbTrx, thread_id: u64) -> u64 {
    trx.id.unwrap_or_else(|| {
        NO_ID_BIT | TRX_POOL_ADDRESS.wrapping_add(thread_id.wrapping_mul(TRX_T_BYTES))
    })
}

/// The rows of the open transactions, in MySQL's order: the read-write transactions (the
/// newest first, as InnoDB's rw list keeps them), then the others (the newest first).
pub fn rows(open: &[OpenTrx], civil: impl Fn(SimTime) -> String) -> Vec<Row> {
    let mut order: Vec<&OpenTrx> = open.iter().collect();
    order.sort_by_key(|t| {
        (t.trx.id.is_none(), std::cmp::Reverse((t.trx.id, t.trx.started, t.thread_id)))
    });
    order.into_iter().map(|t| row(t, &civil)).collect()
}

fn row(t: &OpenTrx, civil: &impl Fn(SimTime) -> String) -> Row {
    // Tables written (an IX lock each) and those updated or deleted in (a record lock
    // struct each), and the rows those hold.
    let mut written: BTreeSet<(&str, &str)> = BTreeSet::new();
    let mut record_locked: BTreeSet<(&str, &str)> = BTreeSet::new();
    let mut rows_locked = 0u64;
    for u in t.undo {
        written.insert((&u.db, &u.table));
        if u.before.is_some() {
            record_locked.insert((&u.db, &u.table));
            rows_locked += 1;
        }
    }
    let lock_structs = (written.len() + record_locked.len()) as u64;
    let modified = t.undo.len() as u64;
    let query = t.query.map(|q| {
        let mut end = q.len().min(QUERY_MAX_BYTES);
        while !q.is_char_boundary(end) {
            end -= 1;
        }
        Value::Str(q[..end].to_string())
    });
    let flag = |on: bool| Value::UInt(u64::from(on));
    vec![
        Value::UInt(printed_id(&t.trx, t.thread_id)),
        Value::Str("RUNNING".into()),
        Value::Str(civil(t.trx.started)),
        Value::Null,
        Value::Null,
        // TRX_WEIGHT: undo records plus lock structs (`trx_weight_ge`'s measure).
        Value::UInt(modified + lock_structs),
        Value::UInt(t.thread_id),
        query.unwrap_or(Value::Null),
        Value::Null,
        Value::UInt(0),
        Value::UInt(written.len() as u64),
        Value::UInt(lock_structs),
        Value::UInt(LOCK_MEMORY_BYTES),
        Value::UInt(rows_locked),
        Value::UInt(modified),
        Value::UInt(0),
        Value::Str(t.trx.isolation.into()),
        flag(t.unique_checks),
        flag(t.foreign_key_checks),
        Value::Null,
        Value::UInt(0),
        Value::UInt(0),
        flag(t.trx.read_only),
        // An autocommit SELECT's transaction: only ever seen while it runs, which no other
        // session's statement does when this table is read.
        Value::UInt(0),
        Value::Null,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trx(id: Option<u64>, started: u64) -> InnodbTrx {
        InnodbTrx { started: SimTime(started), id, read_only: false, isolation: "REPEATABLE READ" }
    }

    #[test]
    fn a_read_only_transaction_prints_a_pointer_with_bit_48() {
        let id = printed_id(&trx(None, 0), 8);
        assert!(id > NO_ID_BIT && id < NO_ID_BIT * 2);
        assert_eq!(printed_id(&trx(Some(1801), 0), 8), 1801);
    }

    #[test]
    fn rows_put_read_write_transactions_first_and_weigh_locks_and_changes() {
        let update = UndoRecord {
            db: "lab".into(),
            table: "t".into(),
            before: Some(vec![Value::Int(1)]),
            after_key: None,
        };
        let undo = vec![update.clone(), update.clone(), update];
        let open = [
            OpenTrx {
                trx: trx(None, 5),
                thread_id: 9,
                query: Some("SELECT 1"),
                undo: &[],
                unique_checks: true,
                foreign_key_checks: true,
            },
            OpenTrx {
                trx: trx(Some(1801), 1),
                thread_id: 8,
                query: None,
                undo: &undo,
                unique_checks: true,
                foreign_key_checks: true,
            },
        ];
        let rows = rows(&open, |t| t.0.to_string());
        assert_eq!(rows[0][0], Value::UInt(1801));
        // 3 rows changed, 2 lock structs (IX, record locks), 1 table locked, 3 rows locked.
        assert_eq!(rows[0][5], Value::UInt(5));
        assert_eq!(rows[0][10], Value::UInt(1));
        assert_eq!(rows[0][13], Value::UInt(3));
        assert_eq!(rows[1][7], Value::Str("SELECT 1".into()));
        assert_eq!(rows[1][5], Value::UInt(0));
        assert!(rows.iter().all(|r| r.len() == COLUMNS.len()));
    }
}
