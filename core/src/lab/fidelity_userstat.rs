//! The USER_STATISTICS seed (FIDELITY.md F9.1, F9.2): Percona Server with 25,000 sysbench
//! tables, sysbench oltp_read_write by 8 threads, userstat ON. F9.2, the statistics' memory,
//! is measured after a 60 s run (every table is touched within it: about 16,600 transactions
//! each draw eight tables), and that run's throughput is shown beside the seed's 53
//! transactions/s. F9.1, the throughput with and without, needs the seed's 900 s runs for
//! several seeds: one seed's pair is `tunelab bench --only sysbench-25k-userstat-pair`, and
//! the check stays pending, with the measured times in its reason.

use super::experiment::Experiment;
use super::fidelity::{check, Check, Tolerance};
use crate::client::Client;
use crate::sql::Response;

const F91_WHY: &str = "one seed's pair (a warm-up and 900 s with userstat OFF, then ON: \
     12.5 million statements) takes about 7 minutes of CPU natively (433 s on a loaded 2-core \
     host: tunelab bench --only sysbench-25k-userstat-pair), so three seeds take over 20 \
     minutes against the test gate's 3-4 minutes; a statement still costs about 35 us, a \
     quarter of it the primary-range SELECTs' rows";

/// Why the seed's 53 transactions/s is not a target. The post gives no hardware, table size,
/// thread count or buffer pool, and its sentence ("the performance change was
/// indistinguishable from measurement error (53 transactions per second)") more naturally
/// sizes the change, or the error, than the throughput. On the default profile a simulated
/// transaction reads about 16 pages from disk (a 128 MB pool against about 57 GB of tables)
/// at 120 us each, waits for a group-committed pair of fsyncs (redo and binlog) at 4.1 ms, and
/// takes about 1 ms of CPU; 53 transactions/s from 8 threads would need 151 ms each, about
/// 9 ms a page read: a seek-bound disk array the post does not describe.
const TPS_WHY: &str = "the post gives no hardware, table size or threads, and its 53 \
     transactions/s more naturally sizes the ON/OFF change (or the measurement error) than \
     the throughput; at 8 threads it would take 151 ms a transaction, about 9 ms per page read \
     (a seek-bound disk the post does not describe) against the default profile's 120 us";

/// Adds F9.1 (pending) and F9.2.
pub fn checks(out: &mut Vec<Check>) {
    let e = Experiment {
        server: "percona".into(),
        dataset: "sysbench".into(),
        sysbench_tables: Some(25_000),
        ..Experiment::default()
    };
    let Ok(server) = e.start_server() else { return };
    let mut c = Client::connect(server, false);
    let server = c.server_mut();
    let Ok(id) = server.connect() else { return };
    server.execute(id, "SET GLOBAL userstat = ON");
    let report = crate::tools::run_shell(
        server,
        "sysbench oltp_read_write --mysql-user=root --tables=25000 --threads=8 \
         --db-ps-mode=disable --time=60 run",
    );
    let number = |server: &mut crate::server::Server, sql: &str| -> f64 {
        match server.execute(id, sql).result {
            Ok(Response::Rows(rs)) => {
                rs.rows.first().and_then(|r| r.first()).and_then(|v| v.to_f64()).unwrap_or(0.0)
            }
            _ => 0.0,
        }
    };
    let bytes = number(
        server,
        "SELECT CURRENT_NUMBER_OF_BYTES_USED FROM performance_schema.memory_summary_global_by_event_name \
         WHERE EVENT_NAME = 'memory/sql/userstat'",
    );
    let tables = number(server, "SELECT COUNT(*) FROM information_schema.TABLE_STATISTICS");
    server.disconnect(id);
    let mb = bytes / 1_048_576.0;
    out.push(check(
        "F9.2",
        "USER_STATISTICS memory under 10 MB (25,000 tables, after 60 s)",
        "yes",
        if mb > 0.0 && mb < 10.0 { "yes".into() } else { format!("no ({mb:.1} MB)") },
        Tolerance::Exact,
    ));
    out.push(check(
        "F9.2",
        "TABLE_STATISTICS rows after 60 s (every table touched)",
        "25000",
        format!("{tables}"),
        Tolerance::Percent(5),
    ));
    out.push(
        check(
            "F9.1",
            "sysbench oltp_read_write, 25,000 tables: transactions/s (60 s, userstat ON)",
            "53",
            transactions_per_s(&report).unwrap_or_else(|| "(no report)".into()),
            Tolerance::Percent(20),
        )
        .history_dependent(TPS_WHY),
    );
    out.push(
        check(
            "F9.1",
            "userstat ON vs OFF: throughput change within the seeds' spread",
            "yes",
            "(not run)".into(),
            Tolerance::Exact,
        )
        .pending(F91_WHY),
    );
}

/// The transactions per second of sysbench's final report (`transactions: N (R per sec.)`).
fn transactions_per_s(report: &str) -> Option<String> {
    let line = report.lines().find(|l| l.trim_start().starts_with("transactions:"))?;
    let rate = line.split('(').nth(1)?.split_whitespace().next()?;
    rate.parse::<f64>().ok().map(|r| format!("{r:.0}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rate_is_read_from_the_final_report() {
        let report =
            "SQL statistics:\n    transactions:                        5539   (276.57 per sec.)\n";
        assert_eq!(super::transactions_per_s(report).as_deref(), Some("277"));
        assert_eq!(super::transactions_per_s("FATAL: no"), None);
    }
}
