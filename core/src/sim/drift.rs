//! Latency drift: the slow wander of a real device's service time. A cloud volume, an SSD
//! doing its own garbage collection, a virtual disk shared with other guests: none answers in
//! the same time all day. Over seconds the wander averages out; over tens of seconds it does
//! not, which is why a benchmark repeated on one machine never gives the same figure twice.
//! The lab's default host has no drift (every run of an experiment is exact, so one knob's
//! effect shows alone); `disk_latency_drift_pct` gives it a real machine's run-to-run error.
//!
//! The drift is a factor on the device's latencies (a random read's positioning, an fsync's
//! flush): a Gaussian value at every `period` of simulated time (a knot), joined by straight
//! lines. Each knot is drawn from its own ChaCha stream (the disk's seed, stream number the
//! knot's index), so the factor at a time does not depend on which I/Os asked before, or in
//! what order. Integer arithmetic throughout: the same factor natively and in wasm.
//!
//! Simplification: transfer bandwidth does not drift, only latency; reads and flushes drift
//! together (one device state).

use super::rng::{SimRng, Stream};
use super::time::SimTime;

/// Parts per million: the factor's unit.
const PPM: i64 = 1_000_000;

/// The factor never falls below a twentieth of the nominal latency, however large the drift
/// asked for (a Gaussian has no floor; a device does).
const FACTOR_MIN_PPM: i64 = PPM / 20;

/// The drift of one device.
#[derive(Clone, Debug)]
pub struct Drift {
    seed: u64,
    /// The standard deviation of the factor, in per cent of the nominal latency.
    sigma_pct: u64,
    /// Simulated nanoseconds between knots.
    period_ns: u64,
    /// The last knot pair asked for: (index of the first, its value, the next's value), values
    /// in millionths of a standard deviation.
    cached: Option<(u64, i64, i64)>,
}

impl Drift {
    /// A drift of `sigma_pct` per cent with a knot every `period_s` seconds, under `seed`;
    /// None when either is 0 (an exact device).
    pub fn new(seed: u64, sigma_pct: u64, period_s: u64) -> Option<Drift> {
        (sigma_pct > 0 && period_s > 0).then_some(Drift {
            seed,
            sigma_pct,
            period_ns: period_s.saturating_mul(1_000_000_000),
            cached: None,
        })
    }

    /// `latency_ns` as the device serves it at `now`.
    pub fn scale(&mut self, latency_ns: u64, now: SimTime) -> u64 {
        let factor = self.factor_ppm(now) as u128;
        (u128::from(latency_ns) * factor / PPM as u128) as u64
    }

    /// The factor at `now`, in parts per million of the nominal latency.
    pub fn factor_ppm(&mut self, now: SimTime) -> u64 {
        let k = now.0 / self.period_ns;
        let (a, b) = match self.cached {
            Some((at, a, b)) if at == k => (a, b),
            _ => {
                let (a, b) = (self.knot(k), self.knot(k + 1));
                self.cached = Some((k, a, b));
                (a, b)
            }
        };
        // Straight between the knots: i128, as (b - a) * offset passes 2^63 for long periods.
        let offset = i128::from(now.0 % self.period_ns);
        let z = i128::from(a) + i128::from(b - a) * offset / i128::from(self.period_ns);
        let drift = z * i128::from(self.sigma_pct) / 100;
        (i128::from(PPM) + drift).max(i128::from(FACTOR_MIN_PPM)) as u64
    }

    /// Knot `k`: a standard Gaussian in millionths, as the sum of twelve uniform draws less
    /// their mean (Irwin-Hall: variance 12 x 1/12 = 1), from knot `k`'s own stream.
    fn knot(&self, k: u64) -> i64 {
        let mut rng = SimRng::derive(self.seed, Stream::Disk).substream(k);
        let sum: i64 = (0..12).map(|_| rng.below(PPM as u64) as i64).sum();
        sum - 6 * PPM
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: u64 = 1_000_000_000;

    #[test]
    fn no_drift_is_asked_with_a_zero() {
        assert!(Drift::new(1, 0, 30).is_none());
        assert!(Drift::new(1, 10, 0).is_none());
    }

    #[test]
    fn the_factor_is_a_function_of_time_alone() {
        let mut forward = Drift::new(7, 10, 30).unwrap();
        let mut backward = Drift::new(7, 10, 30).unwrap();
        let times: Vec<u64> = (0..200).map(|i| i * 7 * SECOND / 3).collect();
        let a: Vec<u64> = times.iter().map(|&t| forward.factor_ppm(SimTime(t))).collect();
        let mut b: Vec<u64> =
            times.iter().rev().map(|&t| backward.factor_ppm(SimTime(t))).collect();
        b.reverse();
        assert_eq!(a, b, "asking in another order gives the same factors");
        assert_ne!(a[0], a[100], "the factor moves");
        let other: Vec<u64> =
            times.iter().map(|&t| Drift::new(8, 10, 30).unwrap().factor_ppm(SimTime(t))).collect();
        assert_ne!(a, other, "another seed, another drift");
    }

    #[test]
    fn knots_have_the_asked_spread_and_lines_join_them() {
        let mut d = Drift::new(3, 10, 30).unwrap();
        // At the knots the factor is 1 + 0.1 z with z a standard Gaussian: over 4,000 knots the
        // mean is within a few tenths of a per cent of 1 and the standard deviation near 10 %.
        let knots: Vec<i64> =
            (0..4_000).map(|k| d.factor_ppm(SimTime(k * 30 * SECOND)) as i64 - PPM).collect();
        let mean = knots.iter().sum::<i64>() / knots.len() as i64;
        let var =
            knots.iter().map(|x| (x - mean) * (x - mean) / 1_000).sum::<i64>() / knots.len() as i64;
        let sd = ((var * 1_000) as f64).sqrt();
        assert!(mean.abs() < 5_000, "mean {mean} ppm");
        assert!((90_000.0..110_000.0).contains(&sd), "sd {sd} ppm");
        // Halfway between two knots the factor is their average.
        let (a, b) = (d.factor_ppm(SimTime(0)), d.factor_ppm(SimTime(30 * SECOND)));
        let mid = d.factor_ppm(SimTime(15 * SECOND));
        assert!(mid.abs_diff((a + b) / 2) <= 1, "{a} {mid} {b}");
    }

    #[test]
    fn a_huge_drift_keeps_the_device_answering() {
        let mut d = Drift::new(5, 1_000, 1).unwrap();
        let least = (0..1_000).map(|s| d.factor_ppm(SimTime(s * SECOND))).min().unwrap();
        assert_eq!(least, FACTOR_MIN_PPM as u64);
        let t = SimTime(17 * SECOND);
        assert_eq!(d.scale(1_000_000, t), d.factor_ppm(t), "a latency scales by the factor");
    }
}
