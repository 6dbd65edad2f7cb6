//! What sysbench 1.0.20 prints, line for line: the header (`print_header`,
//! `print_run_mode`), an intermediate line every `--report-interval` seconds
//! (`db_report_intermediate`) and the final report (`db_report_cumulative`, then
//! `sb_report_cumulative`). Times are simulated: the intervals are exact, where the real
//! tool's are a few microseconds longer.

use super::histogram::Histogram;
use super::options::Options;

/// The version line (`print_header`), with the blank line after it.
pub const HEADER: &str = "sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\n";

/// `print_run_mode`: the options the run uses, and how the generator is seeded.
pub fn run_mode(o: &Options) -> String {
    let mut out = String::from("Running the test with following options:\n");
    out.push_str(&format!("Number of threads: {}\n", o.threads));
    if o.report_interval_s > 0 {
        out.push_str(&format!(
            "Report intermediate results every {} second(s)\n",
            o.report_interval_s
        ));
    }
    if o.rand_seed != 0 {
        // `%d` of the seed as an int.
        out.push_str(&format!(
            "Initializing random number generator from seed ({}).\n\n",
            o.rand_seed as i32
        ));
    } else {
        out.push_str("Initializing random number generator from current time\n\n");
    }
    out.push('\n');
    out
}

/// The statements and events counted over some time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub events: u64,
    pub reads: u64,
    pub writes: u64,
    pub other: u64,
    pub errors: u64,
    pub reconnects: u64,
}

impl Counts {
    pub fn queries(&self) -> u64 {
        self.reads + self.writes + self.other
    }
}

/// One intermediate line: `[ 10s ] thds: 8 tps: ... err/s: 0.00 reconn/s: 0.00`.
pub fn intermediate(
    at_s: f64,
    interval_s: f64,
    threads: u32,
    c: &Counts,
    percentile: u32,
    latency_ms: f64,
) -> String {
    let per = |n: u64| n as f64 / interval_s;
    format!(
        "[ {at_s:.0}s ] thds: {threads} tps: {:4.2} qps: {:4.2} (r/w/o: {:4.2}/{:4.2}/{:4.2}) \
         lat (ms,{percentile}%): {latency_ms:4.2} err/s: {:4.2} reconn/s: {:4.2}\n",
        per(c.events),
        per(c.queries()),
        per(c.reads),
        per(c.writes),
        per(c.other),
        per(c.errors),
        per(c.reconnects),
    )
}

/// What the final report needs besides the counts.
pub struct Summary<'a> {
    pub total_s: f64,
    pub counts: Counts,
    pub histogram: &'a Histogram,
    pub percentile: u32,
    pub latency_min_ms: f64,
    pub latency_max_ms: f64,
    pub latency_sum_ms: f64,
    /// Each thread's events and the sum of its events' latencies in seconds.
    pub threads: &'a [(u64, f64)],
}

/// The final report, from "SQL statistics:" to the blank line after "Threads fairness:".
pub fn cumulative(s: &Summary) -> String {
    let c = &s.counts;
    let per = |n: u64| if s.total_s > 0.0 { n as f64 / s.total_s } else { 0.0 };
    let mut out = String::from("SQL statistics:\n    queries performed:\n");
    out.push_str(&format!("        read:                            {}\n", c.reads));
    out.push_str(&format!("        write:                           {}\n", c.writes));
    out.push_str(&format!("        other:                           {}\n", c.other));
    out.push_str(&format!("        total:                           {}\n", c.queries()));
    let rate = |label: &str, n: u64| format!("    {label:<37}{n:<6} ({:.2} per sec.)\n", per(n));
    out.push_str(&rate("transactions:", c.events));
    out.push_str(&rate("queries:", c.queries()));
    out.push_str(&rate("ignored errors:", c.errors));
    out.push_str(&rate("reconnects:", c.reconnects));
    out.push('\n');
    out.push_str("General statistics:\n");
    out.push_str(&format!("    total time:                          {:.4}s\n", s.total_s));
    out.push_str(&format!("    total number of events:              {}\n", c.events));
    out.push('\n');
    let avg_ms = if c.events > 0 { s.latency_sum_ms / c.events as f64 } else { 0.0 };
    out.push_str("Latency (ms):\n");
    out.push_str(&format!("         min:                            {:10.2}\n", s.latency_min_ms));
    out.push_str(&format!("         avg:                            {avg_ms:10.2}\n"));
    out.push_str(&format!("         max:                            {:10.2}\n", s.latency_max_ms));
    if s.percentile > 0 {
        out.push_str(&format!(
            "        {:3}th percentile:                {:10.2}\n",
            s.percentile,
            s.histogram.percentile_ms(s.percentile)
        ));
    } else {
        out.push_str("         percentile stats:               disabled\n");
    }
    out.push_str(&format!("         sum:                            {:10.2}\n", s.latency_sum_ms));
    out.push('\n');
    let n = s.threads.len().max(1) as f64;
    let events_avg = s.threads.iter().map(|t| t.0 as f64).sum::<f64>() / n;
    let time_avg = s.latency_sum_ms / 1000.0 / n;
    let spread = |f: &dyn Fn(&(u64, f64)) -> f64, avg: f64| {
        libm::sqrt(s.threads.iter().map(|t| (avg - f(t)) * (avg - f(t))).sum::<f64>() / n)
    };
    let events_sd = spread(&|t| t.0 as f64, events_avg);
    let time_sd = spread(&|t| t.1, time_avg);
    out.push_str("Threads fairness:\n");
    out.push_str(&format!("    events (avg/stddev):           {events_avg:.4}/{events_sd:3.2}\n"));
    out.push_str(&format!("    execution time (avg/stddev):   {time_avg:.4}/{time_sd:3.2}\n"));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_have_sysbench_widths() {
        let c = Counts { events: 529, reads: 7406, writes: 2116, other: 1058, ..Counts::default() };
        assert_eq!(
            intermediate(10.0, 10.0, 8, &c, 95, 186.54),
            "[ 10s ] thds: 8 tps: 52.90 qps: 1058.00 (r/w/o: 740.60/211.60/105.80) lat (ms,95%): \
             186.54 err/s: 0.00 reconn/s: 0.00\n"
        );
        let h = Histogram::new();
        let s = Summary {
            total_s: 10.0,
            counts: c,
            histogram: &h,
            percentile: 95,
            latency_min_ms: 2.0,
            latency_max_ms: 300.0,
            latency_sum_ms: 79_000.0,
            threads: &[(264, 39.5), (265, 39.5)],
        };
        let text = cumulative(&s);
        assert!(text.contains("    transactions:                        529    (52.90 per sec.)\n"));
        assert!(
            text.contains("    queries:                             10580  (1058.00 per sec.)\n")
        );
        assert!(text.contains("         95th percentile:                      0.00\n"));
        assert!(text.contains("    events (avg/stddev):           264.5000/0.50\n"));
        assert!(text.ends_with("execution time (avg/stddev):   39.5000/0.00\n\n"));
    }
}
