//! Statement latency histograms (`events_statements_histogram_by_digest` and `_global`) as
//! `storage/perfschema/pfs_histogram.cc` lays them out: 450 buckets, bucket 0 below 10 µs,
//! then each bucket's bounds 10^(1/50) times the last's (4.7 % wider, 50 to a decade), the last
//! open-ended. The quantiles of the digest summary are read from them.
//!
//! ```text
//!   bucket   0: [0, 10 µs)   1: [10 µs, 10.47 µs)   ...   42: [66.07 µs, 69.18 µs)
//!   ...   449: [~10^9.96 ps · ..., ∞)        bucket i: [timer[i], timer[i+1])
//! ```

use std::collections::BTreeMap;

/// Buckets per histogram.
pub const BUCKETS: usize = 450;

/// The first bucket's upper bound: 10 µs in picoseconds.
const BASE_TIMER_PS: f64 = 10_000_000.0;

/// The growth of the bounds: BASE_FACTOR^50 = 10.
const BASE_FACTOR: f64 = 1.047_128_548_050_899_6;

/// The lower bound of each bucket, and u64::MAX after the last (MySQL multiplies in doubles
/// and truncates, as here; basic IEEE arithmetic is the same on every target).
fn timers() -> &'static [u64; BUCKETS + 1] {
    static TIMERS: std::sync::OnceLock<[u64; BUCKETS + 1]> = std::sync::OnceLock::new();
    TIMERS.get_or_init(|| {
        let mut t = [0u64; BUCKETS + 1];
        let mut current = BASE_TIMER_PS;
        for slot in t.iter_mut().take(BUCKETS).skip(1) {
            *slot = current as u64;
            current *= BASE_FACTOR;
        }
        t[BUCKETS] = u64::MAX;
        t
    })
}

/// `BUCKET_TIMER_LOW` of bucket `i` (and `BUCKET_TIMER_HIGH` of bucket `i - 1`).
pub fn timer_low(i: usize) -> u64 {
    timers()[i.min(BUCKETS)]
}

/// The bucket a wait of `ps` picoseconds falls in.
pub fn bucket_of(ps: u64) -> usize {
    let t = timers();
    // The last bound not above `ps`; bucket 0 starts at 0, so there always is one.
    t.partition_point(|&low| low <= ps).saturating_sub(1).min(BUCKETS - 1)
}

/// One histogram: how many statements fell in each bucket (only the buckets used are kept).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    counts: BTreeMap<u16, u64>,
    total: u64,
}

/// One row of a histogram table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BucketRow {
    pub number: u64,
    pub low: u64,
    pub high: u64,
    pub count: u64,
    pub count_and_lower: u64,
    /// COUNT_BUCKET_AND_LOWER / all, rounded to 6 decimals when shown.
    pub quantile: f64,
}

impl Histogram {
    /// Counts one statement that waited `ps` picoseconds.
    pub fn add(&mut self, ps: u64) {
        *self.counts.entry(bucket_of(ps) as u16).or_insert(0) += 1;
        self.total += 1;
    }

    /// The high bound of the bucket where the cumulative count first reaches
    /// `numerator/denominator` of all (rounded up), as the digest summary's QUANTILE_95 (95/100),
    /// QUANTILE_99 and QUANTILE_999 (999/1000) are computed; 0 when empty.
    pub fn quantile(&self, numerator: u64, denominator: u64) -> u64 {
        if self.total == 0 {
            return 0;
        }
        let need = self.total.saturating_mul(numerator).div_ceil(denominator);
        let mut seen = 0u64;
        for (&bucket, &n) in &self.counts {
            seen += n;
            if seen >= need {
                return timer_low(usize::from(bucket) + 1);
            }
        }
        u64::MAX
    }

    /// All 450 rows, as the histogram tables list them.
    pub fn rows(&self) -> Vec<BucketRow> {
        let mut seen = 0u64;
        (0..BUCKETS)
            .map(|i| {
                let count = self.counts.get(&(i as u16)).copied().unwrap_or(0);
                seen += count;
                BucketRow {
                    number: i as u64,
                    low: timer_low(i),
                    high: timer_low(i + 1),
                    count,
                    count_and_lower: seen,
                    quantile: if self.total == 0 { 0.0 } else { seen as f64 / self.total as f64 },
                }
            })
            .collect()
    }

    /// TRUNCATE: every bucket back to 0.
    pub fn clear(&mut self) {
        *self = Histogram::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_match_the_manual() {
        // The manual's events_statements_histogram_global sample: bucket 42.
        assert_eq!((timer_low(42), timer_low(43)), (66_069_344, 69_183_097));
        assert_eq!((timer_low(0), timer_low(1)), (0, 10_000_000));
        assert_eq!(timer_low(51), 100_000_000);
        assert_eq!(timer_low(BUCKETS), u64::MAX);
        assert_eq!(bucket_of(0), 0);
        assert_eq!(bucket_of(9_999_999), 0);
        assert_eq!(bucket_of(10_000_000), 1);
        assert_eq!(bucket_of(66_069_344), 42);
        assert_eq!(bucket_of(u64::MAX), BUCKETS - 1);
    }

    #[test]
    fn quantiles_are_bucket_high_bounds() {
        let mut h = Histogram::default();
        for _ in 0..95 {
            h.add(1_000_000); // bucket 0
        }
        for _ in 0..5 {
            h.add(66_069_344); // bucket 42
        }
        assert_eq!(h.quantile(95, 100), 10_000_000);
        assert_eq!(h.quantile(99, 100), 69_183_097);
        assert_eq!(h.quantile(999, 1000), 69_183_097);
        let rows = h.rows();
        assert_eq!(rows.len(), BUCKETS);
        assert_eq!((rows[42].count, rows[42].count_and_lower), (5, 100));
        assert_eq!(Histogram::default().quantile(95, 100), 0);
    }
}
