//! `SHOW ENGINE INNODB STATUS` (the InnoDB monitor's text) and
//! `information_schema.INNODB_BUFFER_POOL_STATS`, in the formats of buf0buf.cc
//! `buf_print_io_instance` and `i_s_innodb_buffer_stats_fill_table` (MYSQL_SPEC.md §1.4).
//!
//! Simplification: the monitor prints its header and the buffer pool sections; the other
//! sections (semaphores, transactions, file I/O, log) join as their subsystems are simulated.

use crate::innodb::buffer_pool::{BufferPool, PoolStats};
use crate::sim::{CivilTime, SimTime};
use crate::sql::result::{Column, ResultSet};
use crate::storage::value::Value;

/// What the monitor printed last time, for its per-second averages.
#[derive(Clone, Copy, Debug)]
pub struct MonitorMark {
    pub at: SimTime,
    pub stats: PoolStats,
}

/// Per-second rate between two counter readings.
fn per_sec(now: u64, then: u64, secs: f64) -> String {
    format!("{:.2}", now.saturating_sub(then) as f64 / secs)
}

/// The monitor's text at `now` (`wall` on the server's clock); `mark` is the last printout,
/// which the per-second averages start from (the server's start when there was none), and
/// becomes this one.
pub fn monitor_text(
    pool: &BufferPool,
    mark: &mut Option<MonitorMark>,
    started_at: SimTime,
    now: SimTime,
    wall: CivilTime,
) -> String {
    let s = pool.stats();
    let previous = mark.unwrap_or(MonitorMark { at: started_at, stats: PoolStats::default() });
    *mark = Some(MonitorMark { at: now, stats: s });
    // InnoDB averages over at least one second.
    let secs = (now.since(previous.at).as_millis() as f64 / 1000.0).max(1.0);
    let p = previous.stats;
    let pages_read = |s: &PoolStats| s.reads + s.read_ahead;
    let mut out = String::new();
    out.push_str("\n=====================================\n");
    out.push_str(&format!("{} 0x7f5c2a7fc6c0 INNODB MONITOR OUTPUT\n", wall.datetime()));
    out.push_str("=====================================\n");
    out.push_str(&format!(
        "Per second averages calculated from the last {} seconds\n",
        secs as u64
    ));
    out.push_str("----------------------\nBUFFER POOL AND MEMORY\n----------------------\n");
    out.push_str(&format!(
        "Total large memory allocated {}\n",
        pool.capacity_pages() * 16384 * 105 / 100
    ));
    out.push_str("Dictionary memory allocated 511234\n");
    let figures = pool.instance_figures();
    let totals = figures
        .iter()
        .fold((0, 0, 0, 0, 0), |a, f| (a.0 + f.0, a.1 + f.1, a.2 + f.2, a.3 + f.3, a.4 + f.4));
    let young_rate = |made: u64, made_then: u64, gets: u64| {
        (1000 * made.saturating_sub(made_then)).checked_div(gets).unwrap_or(0)
    };
    let section = |out: &mut String, f: (u64, u64, u64, u64, u64)| {
        out.push_str(&format!("Buffer pool size   {}\n", f.0));
        out.push_str(&format!("Free buffers       {}\n", f.1));
        out.push_str(&format!("Database pages     {}\n", f.2));
        out.push_str(&format!("Old database pages {}\n", f.3));
        out.push_str(&format!("Modified db pages  {}\n", f.4));
        out.push_str("Pending reads      0\n");
        out.push_str("Pending writes: LRU 0, flush list 0, single page 0\n");
    };
    section(&mut out, totals);
    out.push_str(&format!("Pages made young {}, not young {}\n", s.made_young, s.not_made_young));
    out.push_str(&format!(
        "{} youngs/s, {} non-youngs/s\n",
        per_sec(s.made_young, p.made_young, secs),
        per_sec(s.not_made_young, p.not_made_young, secs)
    ));
    out.push_str(&format!(
        "Pages read {}, created {}, written {}\n",
        pages_read(&s),
        s.pages_created,
        s.pages_flushed
    ));
    out.push_str(&format!(
        "{} reads/s, {} creates/s, {} writes/s\n",
        per_sec(pages_read(&s), pages_read(&p), secs),
        per_sec(s.pages_created, p.pages_created, secs),
        per_sec(s.pages_flushed, p.pages_flushed, secs)
    ));
    let gets = s.read_requests.saturating_sub(p.read_requests);
    let read = pages_read(&s).saturating_sub(pages_read(&p));
    if let Some(missed) = (1000 * read).checked_div(gets) {
        out.push_str(&format!(
            "Buffer pool hit rate {} / 1000, young-making rate {} / 1000 not {} / 1000\n",
            1000u64.saturating_sub(missed),
            young_rate(s.made_young, p.made_young, gets),
            young_rate(s.not_made_young, p.not_made_young, gets)
        ));
    } else {
        out.push_str("No buffer pool page gets since the last printout\n");
    }
    out.push_str(&format!(
        "Pages read ahead {}/s, evicted without access {}/s, Random read ahead {}/s\n",
        per_sec(s.read_ahead, p.read_ahead, secs),
        per_sec(s.read_ahead_evicted, p.read_ahead_evicted, secs),
        per_sec(s.read_ahead_rnd, p.read_ahead_rnd, secs)
    ));
    out.push_str(&format!("LRU len: {}, unzip_LRU len: 0\n", totals.2));
    out.push_str("I/O sum[0]:cur[0], unzip sum[0]:cur[0]\n");
    if figures.len() > 1 {
        out.push_str(
            "----------------------\nINDIVIDUAL BUFFER POOL INFO\n----------------------\n",
        );
        for (i, f) in figures.iter().enumerate() {
            out.push_str(&format!("---BUFFER POOL {i}\n"));
            section(&mut out, *f);
            out.push_str(&format!("LRU len: {}, unzip_LRU len: 0\n", f.2));
        }
    }
    out.push_str("----------------------------\nEND OF INNODB MONITOR OUTPUT\n============================\n");
    out
}

/// `information_schema.INNODB_BUFFER_POOL_STATS`: one row per instance (none while mysqld
/// is down).
///
/// Simplification: the pool keeps its counters for the whole pool, so per-instance
/// counters are shown on instance 0's row and the others show their lists only.
pub fn buffer_pool_stats(pool: Option<&BufferPool>) -> ResultSet {
    let names = [
        "POOL_ID",
        "POOL_SIZE",
        "FREE_BUFFERS",
        "DATABASE_PAGES",
        "OLD_DATABASE_PAGES",
        "MODIFIED_DATABASE_PAGES",
        "PENDING_DECOMPRESS",
        "PENDING_READS",
        "PENDING_FLUSH_LRU",
        "PENDING_FLUSH_LIST",
        "PAGES_MADE_YOUNG",
        "PAGES_NOT_MADE_YOUNG",
        "PAGES_MADE_YOUNG_RATE",
        "PAGES_MADE_NOT_YOUNG_RATE",
        "NUMBER_PAGES_READ",
        "NUMBER_PAGES_CREATED",
        "NUMBER_PAGES_WRITTEN",
        "PAGES_READ_RATE",
        "PAGES_CREATE_RATE",
        "PAGES_WRITTEN_RATE",
        "NUMBER_PAGES_GET",
        "HIT_RATE",
        "YOUNG_MAKE_PER_THOUSAND_GETS",
        "NOT_YOUNG_MAKE_PER_THOUSAND_GETS",
        "NUMBER_PAGES_READ_AHEAD",
        "NUMBER_READ_AHEAD_EVICTED",
        "READ_AHEAD_RATE",
        "READ_AHEAD_EVICTED_RATE",
        "LRU_IO_TOTAL",
        "LRU_IO_CURRENT",
        "UNCOMPRESS_TOTAL",
        "UNCOMPRESS_CURRENT",
    ];
    let columns = names.iter().map(|n| Column::number(n)).collect();
    let Some(pool) = pool else { return ResultSet { columns, rows: Vec::new(), unshown: 0 } };
    let s = pool.stats();
    let mut rows = Vec::new();
    for (i, f) in pool.instance_figures().iter().enumerate() {
        let first = i == 0;
        let c = |v: u64| Value::UInt(if first { v } else { 0 });
        let u = Value::UInt;
        let hit = (1000 * (s.reads + s.read_ahead))
            .checked_div(s.read_requests)
            .map_or(0, |missed| 1000u64.saturating_sub(missed));
        rows.push(vec![
            u(i as u64),
            u(f.0),
            u(f.1),
            u(f.2),
            u(f.3),
            u(f.4),
            u(0),
            u(0),
            u(0),
            u(0),
            c(s.made_young),
            c(s.not_made_young),
            Value::Double(0.0),
            Value::Double(0.0),
            c(s.reads + s.read_ahead),
            c(s.pages_created),
            c(s.pages_flushed),
            Value::Double(0.0),
            Value::Double(0.0),
            Value::Double(0.0),
            c(s.read_requests),
            c(hit),
            c(0),
            c(0),
            c(s.read_ahead),
            c(s.read_ahead_evicted),
            Value::Double(0.0),
            Value::Double(0.0),
            u(0),
            u(0),
            u(0),
            u(0),
        ]);
    }
    ResultSet { columns, rows, unshown: 0 }
}
