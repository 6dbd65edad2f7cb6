//! The USER_STATISTICS seed (FIDELITY.md F9.1, F9.2): Percona Server with 25,000 sysbench
//! tables, sysbench oltp_read_write by 8 threads, userstat ON. F9.2, the statistics' memory,
//! is measured after a 60 s run (every table is touched within it: about 16,600 transactions
//! each draw eight tables), and that run's throughput is shown beside the seed's 53
//! transactions/s. F9.1, the throughput with and without, runs the seed's pair (a warm-up and
//! 900 s with userstat OFF, then ON) for each of [`PAIR_SEEDS`]: minutes of CPU each, which
//! the CLI runs side by side with the other checks when asked (`tunelab fidelity
//! --seed-pairs`); one pair alone is `tunelab bench --only sysbench-25k-userstat-pair`.

use super::{check, Check, Tolerance};
use crate::client::Client;
use crate::lab::experiment::Experiment;
use crate::sql::Response;

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

/// sysbench's `--rand-seed` of each pair's two 900 s runs: the seeds whose spread is the
/// measurement error the seed speaks of.
pub const PAIR_SEEDS: [u32; 3] = [1, 2, 3];

/// One seed's pair: sysbench's transactions per second over 900 s with userstat OFF, then ON.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairRates {
    pub seed: u32,
    pub off: f64,
    pub on: f64,
}

/// Runs one seed's pair (`bench::sysbench_seed_pair`, the experiment `tunelab bench` times):
/// about 12.5 million statements, minutes of CPU.
pub fn run_pair(seed: u32) -> Result<PairRates, String> {
    let outcome = crate::lab::bench::sysbench_seed_pair(seed).run()?;
    // The warm-ups' reports go to a file; the transcript has the two 900 s runs', in order.
    let rates = report_rates(&outcome.transcript);
    match rates[..] {
        [off, on] => Ok(PairRates { seed, off, on }),
        _ => Err(format!("seed {seed}: {} sysbench reports, not 2", rates.len())),
    }
}

/// F9.1's verdict on the pairs: the change of the mean throughput when userstat is turned on
/// is within the spread between seeds (the larger of the OFF runs' and the ON runs' ranges),
/// and the text that shows the rates, the change and the spread.
pub fn within_spread(pairs: &[PairRates]) -> (bool, String) {
    let range = |f: fn(&PairRates) -> f64| {
        let v: Vec<f64> = pairs.iter().map(f).collect();
        v.iter().copied().fold(f64::MIN, f64::max) - v.iter().copied().fold(f64::MAX, f64::min)
    };
    let mean = |f: fn(&PairRates) -> f64| pairs.iter().map(f).sum::<f64>() / pairs.len() as f64;
    if pairs.len() < 2 {
        return (false, format!("no ({} seeds: no spread to judge by)", pairs.len()));
    }
    let change = mean(|p| p.on) - mean(|p| p.off);
    let spread = range(|p| p.off).max(range(|p| p.on));
    let list = |f: fn(&PairRates) -> f64| {
        pairs.iter().map(|p| format!("{:.2}", f(p))).collect::<Vec<_>>().join(" ")
    };
    let within = change.abs() <= spread;
    let detail = format!(
        "(OFF {} / ON {} tps: change {:+.2}, spread {:.2})",
        list(|p| p.off),
        list(|p| p.on),
        change,
        spread
    );
    (within, format!("{} {detail}", if within { "yes" } else { "no" }))
}

/// Why F9.1's ON-versus-OFF check is pending when the pairs were not run.
const F91_NOT_RUN: &str = "not run: the seed's three pairs of 900 s runs take minutes of CPU \
     each; tunelab fidelity --seed-pairs runs them (./dev.sh test does), and one pair alone is \
     tunelab bench --only sysbench-25k-userstat-pair";

/// Adds F9.1's ON-versus-OFF check from the seeds' pairs (run by the caller, which may run
/// them side by side): a target figure when they ran, pending when `pairs` is None. The
/// pairs' machine has a drifting disk (`bench::sysbench_pair`): without one, the simulator's
/// exact service times make three seeds' 900 s runs differ by hundredths of a transaction a
/// second, a spread no real machine has, and smaller than what userstat ON costs.
pub fn pair_checks(pairs: Option<&[Result<PairRates, String>]>, out: &mut Vec<Check>) {
    let figure = "userstat ON vs OFF: throughput change within the seeds' spread (900 s, 3 seeds)";
    let Some(pairs) = pairs.filter(|p| !p.is_empty()) else {
        let not_run = check("F9.1", figure, "yes", "(not run)".into(), Tolerance::Exact);
        out.push(Check { pass: false, ..not_run }.pending(F91_NOT_RUN));
        return;
    };
    let ran: Vec<PairRates> = pairs.iter().filter_map(|p| p.as_ref().ok().copied()).collect();
    let failed: Vec<&str> =
        pairs.iter().filter_map(|p| p.as_ref().err()).map(|e| e.as_str()).collect();
    let (within, text) = if failed.is_empty() {
        within_spread(&ran)
    } else {
        (false, format!("no ({})", failed.join("; ")))
    };
    out.push(Check { pass: within, ..check("F9.1", figure, "yes", text, Tolerance::Exact) });
}

/// Adds F9.2 and the seed's throughput beside the simulated one (F9.1's pairs are
/// [`pair_checks`]).
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
}

/// The transactions per second of sysbench's final report (`transactions: N (R per sec.)`),
/// to the whole transaction.
fn transactions_per_s(report: &str) -> Option<String> {
    report_rates(report).first().map(|r| format!("{r:.0}"))
}

/// The transactions per second of every sysbench report in `text`, in order, as printed (to
/// the hundredth: the pairs differ by hundredths).
fn report_rates(text: &str) -> Vec<f64> {
    text.lines()
        .filter(|l| l.trim_start().starts_with("transactions:"))
        .filter_map(|l| l.split('(').nth(1)?.split_whitespace().next()?.parse().ok())
        .collect()
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

    #[test]
    fn a_pairs_rates_keep_their_hundredths() {
        let transcript = "mysql> \\! sysbench ...\n    transactions:                        293082 (325.64 per sec.)\n\
             mysql> SET GLOBAL userstat = ON;\n    transactions:                        292989 (325.54 per sec.)\n";
        assert_eq!(super::report_rates(transcript), [325.64, 325.54]);
    }

    #[test]
    fn the_change_is_judged_by_the_spread_between_seeds() {
        use super::{within_spread, PairRates};
        let p = |seed, off, on| PairRates { seed, off, on };
        let (ok, text) =
            within_spread(&[p(1, 300.0, 299.6), p(2, 301.0, 300.6), p(3, 299.0, 300.1)]);
        assert!(ok, "{text}");
        assert_eq!(text, "yes (OFF 300.00 301.00 299.00 / ON 299.60 300.60 300.10 tps: change +0.10, spread 2.00)");
        // A cost of userstat larger than the seeds' spread.
        let (ok, text) =
            within_spread(&[p(1, 300.0, 290.0), p(2, 301.0, 291.0), p(3, 300.5, 290.5)]);
        assert!(!ok);
        assert!(text.starts_with("no (OFF"), "{text}");
        assert!(!within_spread(&[p(1, 300.0, 300.0)]).0);
    }

    #[test]
    fn pairs_that_ran_are_a_target_and_pairs_not_run_are_pending() {
        use super::super::{targets_pass, Kind};
        use super::{pair_checks, PairRates};
        let mut out = Vec::new();
        pair_checks(None, &mut out);
        assert!(matches!(out[0].kind, Kind::Pending(_)), "not run: pending");
        assert!(targets_pass(&out));
        let p = |seed, off, on| Ok(PairRates { seed, off, on });
        let mut out = Vec::new();
        pair_checks(Some(&[p(1, 300.0, 290.0), p(2, 301.0, 291.0), p(3, 300.5, 290.5)]), &mut out);
        assert_eq!(out[0].kind, Kind::Target);
        assert!(!targets_pass(&out), "a cost beyond the spread fails the gate");
        let mut out = Vec::new();
        pair_checks(
            Some(&[p(1, 300.0, 301.0), p(2, 303.0, 300.0), Err("seed 3: no".into())]),
            &mut out,
        );
        assert!(!targets_pass(&out), "a pair that failed to run fails the gate");
        assert!(out[0].simulated.contains("seed 3: no"), "{}", out[0].simulated);
    }
}
