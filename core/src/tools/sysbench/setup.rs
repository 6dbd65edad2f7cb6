//! `prepare`, `warmup` and `cleanup` (oltp_common.lua's `cmd_prepare`, `cmd_warmup` and
//! `cleanup`). prepare sends each table's CREATE TABLE to the server and then fills it from
//! the generated sysbench dataset instead of sending its rows (see
//! `server/generated_tables.rs`), so 25,000 tables of 10,000 rows are ready in moments; it
//! prints what the real tool prints for each table. warmup and cleanup send the real tool's
//! statements.
//!
//! Simplification: with `--threads` above 1 the real tool spreads the tables over its
//! threads and their lines interleave; here the tables are done in order, one at a time.

use super::options::{Options, SCRIPT_DIR};
use crate::server::{Server, SessionId};

/// The most tables prepare creates: the generated dataset's bound.
pub const TABLES_MAX: u32 = crate::datasets::MAX_SYSBENCH_TABLES;

/// The FATAL lines of a statement a command's connection had refused.
fn query_failed(sql: &str, e: &crate::error::MySqlError, line: u32) -> String {
    format!(
        "FATAL: mysql_drv_query() returned error {} ({}) for query '{sql}'\n\
         FATAL: `sysbench.cmdline.call_command' function failed: {SCRIPT_DIR}/oltp_common.lua:\
         {line}: SQL error, errno = {}, state = '{}': {}\n",
        e.code, e.message, e.code, e.sqlstate, e.message
    )
}

/// The connection a command opens, or the FATAL lines when it cannot.
fn open(server: &mut Server, o: &Options) -> Result<SessionId, String> {
    super::connect(server, o, None).map_err(|text| {
        format!(
            // UNCONFIRMED: the line of the command's `drv:connect()`.
            "{text}FATAL: `sysbench.cmdline.call_command' function failed: \
             {SCRIPT_DIR}/oltp_common.lua:83: connection creation failed\n"
        )
    })
}

/// The header lines of a command that runs in the tool's threads.
fn threads_line(o: &Options) -> &'static str {
    // UNCONFIRMED: 1.0.20 prints this only when the command runs in more than one thread.
    if o.threads > 1 {
        "Initializing worker threads...\n\n"
    } else {
        ""
    }
}

/// `prepare`: creates sbtest1..N with `--table-size` rows and the secondary index k_N.
pub fn prepare(server: &mut Server, o: &Options) -> String {
    let mut out = threads_line(o).to_string();
    if o.tables > TABLES_MAX {
        // Not the real tool's: the simulation's bound.
        out.push_str(&format!("the simulated host prepares at most {TABLES_MAX} tables\n"));
        return out;
    }
    let id = match open(server, o) {
        Ok(id) => id,
        Err(text) => return out + &text,
    };
    let tables = crate::datasets::sysbench::build(server.clock().seed(), o.tables, o.table_size);
    // Bounded by --tables.
    for (i, mut table) in tables.into_iter().enumerate() {
        let n = i + 1;
        out.push_str(&format!("Creating table 'sbtest{n}'...\n"));
        let create = format!(
            "CREATE TABLE sbtest{n}(\n  id INTEGER NOT NULL AUTO_INCREMENT,\n  k INTEGER DEFAULT \
             '0' NOT NULL,\n  c CHAR(120) DEFAULT '' NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT \
             NULL,\n  PRIMARY KEY (id)\n) /*! ENGINE = innodb */ "
        );
        if let Err(e) = server.execute(id, &create).result {
            // UNCONFIRMED: the line of create_table's `con:query(query)`.
            out.push_str(&query_failed(&create, &e, 197));
            break;
        }
        if o.table_size > 0 {
            out.push_str(&format!("Inserting {} records into 'sbtest{n}'\n", o.table_size));
        }
        table.def.schema = o.db.clone();
        if !o.create_secondary {
            table.def.indexes.truncate(1);
        }
        if let Err(e) = server.load_generated_table(table) {
            out.push_str(&query_failed(
                &format!("INSERT INTO sbtest{n}(k, c, pad) VALUES"),
                &e,
                211,
            ));
            break;
        }
        if o.create_secondary {
            out.push_str(&format!("Creating a secondary index on 'sbtest{n}'...\n"));
        }
    }
    server.disconnect(id);
    out
}

/// `warmup` (`prewarm`): for each table, ANALYZE TABLE, then read it whole through the
/// clustered index and again with a filter on k, as `cmd_warmup` does.
pub fn warmup(server: &mut Server, o: &Options) -> String {
    let mut out = threads_line(o).to_string();
    let id = match open(server, o) {
        Ok(id) => id,
        Err(text) => return out + &text,
    };
    // "Do not create on disk tables for subsequent queries".
    for sql in ["SET tmp_table_size=2*1024*1024*1024", "SET max_heap_table_size=2*1024*1024*1024"] {
        if let Err(e) = server.execute(id, sql).result {
            out.push_str(&query_failed(sql, &e, 106));
            server.disconnect(id);
            return out;
        }
    }
    'tables: for n in 1..=o.tables {
        out.push_str(&format!("Preloading table sbtest{n}\n"));
        let statements = [
            format!("ANALYZE TABLE sbtest{n}"),
            format!(
                "SELECT AVG(id) FROM (SELECT * FROM sbtest{n} FORCE KEY (PRIMARY) LIMIT {}) t",
                o.table_size
            ),
            format!(
                "SELECT COUNT(*) FROM (SELECT * FROM sbtest{n} WHERE k LIKE '%0%' LIMIT {}) t",
                o.table_size
            ),
        ];
        for (line, sql) in [113, 114, 119].into_iter().zip(&statements) {
            if let Err(e) = server.execute(id, sql).result {
                out.push_str(&query_failed(sql, &e, line));
                break 'tables;
            }
        }
    }
    server.disconnect(id);
    out
}

/// `cleanup`: drops sbtest1..N.
pub fn cleanup(server: &mut Server, o: &Options) -> String {
    let id = match open(server, o) {
        Ok(id) => id,
        Err(text) => return text,
    };
    let mut out = String::new();
    for n in 1..=o.tables {
        out.push_str(&format!("Dropping table 'sbtest{n}'...\n"));
        let sql = format!("DROP TABLE IF EXISTS sbtest{n}");
        if let Err(e) = server.execute(id, &sql).result {
            out.push_str(&query_failed(&sql, &e, 311));
            break;
        }
    }
    server.disconnect(id);
    out
}
