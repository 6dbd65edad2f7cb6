//! The USER_STATISTICS seed (FIDELITY.md F9.1, F9.2): Percona Server with 25,000 sysbench
//! tables, sysbench oltp_read_write by 8 threads, userstat ON. F9.2, the statistics' memory,
//! is measured after a 60 s run (every table is touched within it: about 18,000 transactions
//! each draw eight tables). F9.1, the throughput with and without, needs the seed's 900 s runs
//! for several seeds, which take about ten minutes each natively: it stays pending, with the
//! measured figures in its reason, and `tunelab bench --only sysbench-25k` times one run.

use super::experiment::Experiment;
use super::fidelity::{check, Check, Tolerance};
use crate::client::Client;
use crate::sql::Response;

const F91_WHY: &str = "a 900 s run on 25,000 tables takes about 9.6 minutes natively (it \
     simulates 310 transactions/s against the seed's 53: the calibration of a sysbench \
     transaction's cost is open), so the OFF/ON pairs over several seeds are not run in the \
     test gate; tunelab bench --only sysbench-25k times one run";

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
    crate::tools::run_shell(
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
            "userstat ON vs OFF: throughput change within the seeds' spread",
            "yes",
            "(not run)".into(),
            Tolerance::Exact,
        )
        .pending(F91_WHY),
    );
}
