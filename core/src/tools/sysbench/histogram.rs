//! sysbench's latency histogram (`sb_histogram.c`): 1,024 buckets on a log scale from
//! 0.001 ms to 100,000 ms. A latency goes to the bucket nearest its logarithm; a percentile
//! is the lower bound of the first bucket where the running count reaches
//! round(events x p / 100), so sysbench's "95th percentile" is a bucket's value (5.47, 186.54),
//! not a measured latency. Intermediate reports read the buckets filled since the last report;
//! the final report reads them all.

/// Buckets (`sysbench.c`: `sb_histogram_init(&sb_latency_histogram, 1024, 0.001, 100000)`).
pub const BUCKETS: usize = 1024;
const RANGE_MIN_MS: f64 = 0.001;
const RANGE_MAX_MS: f64 = 100_000.0;

/// Counts of latencies per bucket.
#[derive(Clone, Debug)]
pub struct Histogram {
    counts: Vec<u64>,
    events: u64,
    /// ln(RANGE_MIN_MS) and (BUCKETS - 1) / (ln max - ln min), computed once.
    deduct: f64,
    mult: f64,
}

impl Default for Histogram {
    fn default() -> Self {
        Histogram::new()
    }
}

impl Histogram {
    pub fn new() -> Histogram {
        let deduct = libm::log(RANGE_MIN_MS);
        let mult = (BUCKETS as f64 - 1.0) / (libm::log(RANGE_MAX_MS) - deduct);
        Histogram { counts: vec![0; BUCKETS], events: 0, deduct, mult }
    }

    /// The bucket of a latency of `ms` milliseconds (clamped to the first and last).
    pub fn bucket(&self, ms: f64) -> usize {
        if ms <= 0.0 {
            return 0;
        }
        let i = libm::floor((libm::log(ms) - self.deduct) * self.mult + 0.5);
        if i < 0.0 {
            0
        } else {
            (i as usize).min(BUCKETS - 1)
        }
    }

    /// The value a bucket stands for, in milliseconds.
    pub fn value_ms(&self, bucket: usize) -> f64 {
        libm::exp(bucket as f64 / self.mult + self.deduct)
    }

    /// Counts one latency.
    pub fn add(&mut self, ms: f64) {
        let b = self.bucket(ms);
        self.counts[b] += 1;
        self.events += 1;
    }

    /// The `percent`th percentile in milliseconds, as `sb_histogram_get_pct_*` computes it
    /// (0.001 ms, the first bucket, when nothing was counted).
    pub fn percentile_ms(&self, percent: u32) -> f64 {
        let wanted = libm::floor(self.events as f64 * f64::from(percent) / 100.0 + 0.5) as u64;
        let mut running = 0;
        let mut bucket = BUCKETS - 1;
        // Bounded by the buckets.
        for (i, c) in self.counts.iter().enumerate() {
            running += c;
            if running >= wanted {
                bucket = i;
                break;
            }
        }
        self.value_ms(bucket)
    }

    /// `--histogram`'s table (`sb_histogram_print`): each non-empty bucket's value, a bar of
    /// up to 40 stars scaled to the fullest bucket, and its count.
    pub fn print(&self) -> String {
        let most = self.counts.iter().copied().max().unwrap_or(0);
        if most == 0 {
            return String::new();
        }
        let mut out =
            String::from("       value  ------------- distribution ------------- count\n");
        for (i, &c) in self.counts.iter().enumerate().filter(|(_, c)| **c > 0) {
            let width = libm::floor(c as f64 * 40.0 / most as f64 + 0.5) as usize;
            let bar = "*".repeat(width.min(40));
            out.push_str(&format!("{:12.3} |{bar:<40} {c}\n", self.value_ms(i)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_log_spaced_between_the_bounds() {
        let h = Histogram::new();
        assert_eq!(h.bucket(0.0), 0);
        assert_eq!(h.bucket(0.001), 0);
        assert_eq!(h.bucket(100_000.0), BUCKETS - 1);
        assert_eq!(h.bucket(1e9), BUCKETS - 1);
        // Neighbouring buckets are a factor e^(ln(1e8) / 1023) = 1.018 apart.
        let ratio = h.value_ms(501) / h.value_ms(500);
        assert!((ratio - 1.0182).abs() < 0.0001, "{ratio}");
    }

    #[test]
    fn percentiles_are_bucket_values_as_sysbench_prints_them() {
        let mut h = Histogram::new();
        assert_eq!(format!("{:.2}", h.percentile_ms(95)), "0.00");
        for i in 1..=100 {
            h.add(f64::from(i));
        }
        // The 95th of 100 latencies 1..100 ms is the bucket holding 95 ms.
        let p95 = h.percentile_ms(95);
        assert_eq!(h.bucket(p95), h.bucket(95.0));
        assert!((94.0..96.0).contains(&p95), "{p95}");
        // sysbench's familiar values are bucket values: 5.47 and 186.54 ms.
        assert_eq!(format!("{:.2}", h.value_ms(h.bucket(5.47))), "5.47");
        assert_eq!(format!("{:.2}", h.value_ms(h.bucket(186.5))), "186.54");
        assert_eq!(
            format!("{:.2}", h.percentile_ms(100)),
            format!("{:.2}", h.value_ms(h.bucket(100.0)))
        );
        assert!(h.print().lines().count() > 50);
    }
}
