//! sysbench's random numbers (`sb_rand.c` of 1.0.20): each worker thread has its own
//! xoroshiro128+ generator, and `--rand-type` picks the distribution that
//! `sysbench.rand.default` draws row ids from (1.0.20's default is `special`; 1.1 changed it
//! to `uniform`). The table a statement group uses is always drawn uniformly.
//!
//! The real tool seeds each thread's generator from libc `random()`, itself seeded by
//! `--rand-seed` or the current time; here a thread's 128-bit state comes from the server's
//! simulation seed, `--rand-seed` and the thread number, so the same run gives the same
//! statements on every machine. Floating point is basic IEEE arithmetic (identical natively
//! and in wasm32), and `pow`/`log` come from `libm`.

/// The distributions `--rand-type` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distribution {
    Uniform,
    Gaussian,
    /// A hot spot: 75 % of the values (`--rand-spec-res`) fall in the middle 1 %
    /// (`--rand-spec-pct`) of the range, the rest are gaussian over the whole range.
    Special,
    Pareto,
}

impl Distribution {
    /// The distribution `--rand-type=name` selects. Simplification: `zipfian` (also in
    /// 1.0.20) is not simulated and is refused as an unknown name.
    pub fn from_name(name: &str) -> Option<Distribution> {
        match name {
            "uniform" => Some(Distribution::Uniform),
            "gaussian" => Some(Distribution::Gaussian),
            "special" => Some(Distribution::Special),
            "pareto" => Some(Distribution::Pareto),
            _ => None,
        }
    }
}

/// `--rand-spec-iter`: the number of uniform draws a gaussian value averages.
const SPEC_ITER: u32 = 12;
/// `--rand-spec-pct`: the hot spot's share of the range, in percent.
const SPEC_PCT: f64 = 1.0;
/// `--rand-spec-res`: the share of values that fall in the hot spot, in percent.
const SPEC_RES: f64 = 75.0;
/// `--rand-pareto-h`.
const PARETO_H: f64 = 0.2;

/// One worker thread's generator (xoroshiro128+, as `sb_rand.h` has it).
#[derive(Clone, Debug)]
pub struct ThreadRng {
    state: [u64; 2],
    distribution: Distribution,
}

impl ThreadRng {
    /// The generator of thread `thread` for a run with `seed` (the server's) and
    /// `rand_seed` (`--rand-seed`).
    pub fn new(seed: u64, rand_seed: u32, thread: u32, distribution: Distribution) -> ThreadRng {
        let name = format!("sysbench/{rand_seed}/{thread}");
        let mut source = crate::sim::rng::SimRng::derive_named(seed, &name);
        let mut state = [source.next_u64(), source.next_u64()];
        if state == [0, 0] {
            // xoroshiro's one forbidden state.
            state[0] = 1;
        }
        ThreadRng { state, distribution }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let [s0, mut s1] = self.state;
        let result = s0.wrapping_add(s1);
        s1 ^= s0;
        self.state = [s0.rotate_left(24) ^ s1 ^ (s1 << 16), s1.rotate_left(37)];
        result
    }

    /// A double in [0, 1) from the top 53 bits (`sb_rand_uniform_double`).
    pub fn uniform_double(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `sb_rand_uniform(a, b)`: a + u x (b - a + 1), truncated.
    pub fn uniform(&mut self, a: u32, b: u32) -> u32 {
        let span = f64::from(b.saturating_sub(a)) + 1.0;
        a.saturating_add((self.uniform_double() * span) as u32)
    }

    /// `sb_rand_gaussian(a, b)`: the mean of 12 uniform draws over the range.
    pub fn gaussian(&mut self, a: u32, b: u32) -> u32 {
        let t = f64::from(b.saturating_sub(a)) + 1.0;
        let mut sum = 0.0;
        // Bounded: SPEC_ITER draws.
        for _ in 0..SPEC_ITER {
            sum += self.uniform_double() * t;
        }
        a.saturating_add((sum * (1.0 / f64::from(SPEC_ITER))) as u32)
    }

    /// `sb_rand_special(a, b)`: one uniform draw picks the branch. Below a quarter of the
    /// stretched range the value is gaussian over [a, b]; otherwise the same draw is mapped
    /// onto the 1 % of the range around its middle.
    pub fn special(&mut self, a: u32, b: u32) -> u32 {
        let t = f64::from(b.saturating_sub(a));
        let stretched = t * (100.0 / (100.0 - SPEC_RES));
        let rnd = self.uniform_double();
        if rnd * stretched < t {
            let mut sum = 0.0;
            for _ in 0..SPEC_ITER {
                sum += self.uniform_double();
            }
            return a.saturating_add((sum * t * (1.0 / f64::from(SPEC_ITER))) as u32);
        }
        let hot = t * (SPEC_PCT / 100.0);
        let res = rnd * (hot + 1.0) + (t / 2.0 - t * (SPEC_PCT / 200.0));
        a.saturating_add(res as u32)
    }

    /// `sb_rand_pareto(a, b)`: a + (b - a + 1) x u^(ln h / ln(1 - h)).
    pub fn pareto(&mut self, a: u32, b: u32) -> u32 {
        let power = libm::log(PARETO_H) / libm::log(1.0 - PARETO_H);
        let span = f64::from(b.saturating_sub(a)) + 1.0;
        a.saturating_add((span * libm::pow(self.uniform_double(), power)) as u32)
    }

    /// `sysbench.rand.default(a, b)`: the `--rand-type` distribution.
    pub fn default_draw(&mut self, a: u32, b: u32) -> u32 {
        match self.distribution {
            Distribution::Uniform => self.uniform(a, b),
            Distribution::Gaussian => self.gaussian(a, b),
            Distribution::Special => self.special(a, b),
            Distribution::Pareto => self.pareto(a, b),
        }
    }

    /// `sysbench.rand.string(template)`: each `#` a uniform digit, each `@` a letter.
    pub fn string(&mut self, template: &str) -> String {
        template
            .chars()
            .map(|c| match c {
                '#' => char::from(self.uniform(u32::from(b'0'), u32::from(b'9')) as u8),
                '@' => char::from(self.uniform(u32::from(b'a'), u32::from(b'z')) as u8),
                other => other,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draws(d: Distribution, n: u32) -> Vec<u32> {
        let mut rng = ThreadRng::new(7, 0, 0, d);
        (0..n).map(|_| rng.default_draw(1, 10_000)).collect()
    }

    #[test]
    fn special_puts_three_quarters_of_draws_in_the_middle_percent() {
        let values = draws(Distribution::Special, 100_000);
        assert!(values.iter().all(|v| (1..=10_000).contains(v)));
        // The hot spot is [a + t/2 - t/200, a + t/2 + t/200]: ids 4951..=5051 for 1..10,000.
        let hot = values.iter().filter(|v| (4951..=5051).contains(*v)).count();
        let share = hot as f64 / values.len() as f64;
        // 75 % land there by the hot branch, and the gaussian quarter adds ~1.4 % of its own.
        assert!((0.75..0.77).contains(&share), "hot share {share}");
    }

    #[test]
    fn uniform_gaussian_and_pareto_have_their_shapes() {
        let uniform = draws(Distribution::Uniform, 100_000);
        let low = uniform.iter().filter(|v| **v <= 5_000).count() as f64 / 100_000.0;
        assert!((0.49..0.51).contains(&low), "uniform lower half {low}");
        let gaussian = draws(Distribution::Gaussian, 100_000);
        let middle =
            gaussian.iter().filter(|v| (4_000..=6_000).contains(*v)).count() as f64 / 100_000.0;
        // The mean of 12 uniforms has a standard deviation of range / 12: +-1,000 is 1.2 sd.
        assert!((0.74..0.80).contains(&middle), "gaussian middle fifth {middle}");
        let pareto = draws(Distribution::Pareto, 100_000);
        let first = pareto.iter().filter(|v| **v <= 2_000).count() as f64 / 100_000.0;
        // h = 0.2: the first 20 % of the range gets 80 % of the draws.
        assert!((0.78..0.82).contains(&first), "pareto first fifth {first}");
        assert!(pareto.iter().all(|v| (1..=10_000).contains(v)));
    }

    #[test]
    fn a_seed_gives_the_same_draws_and_threads_differ() {
        assert_eq!(draws(Distribution::Special, 50), draws(Distribution::Special, 50));
        let mut other = ThreadRng::new(7, 0, 1, Distribution::Special);
        let theirs: Vec<u32> = (0..50).map(|_| other.default_draw(1, 10_000)).collect();
        assert_ne!(draws(Distribution::Special, 50), theirs);
        let mut seeded = ThreadRng::new(7, 42, 0, Distribution::Special);
        let seeded: Vec<u32> = (0..50).map(|_| seeded.default_draw(1, 10_000)).collect();
        assert_ne!(draws(Distribution::Special, 50), seeded);
    }

    #[test]
    fn strings_follow_the_template_and_ranges_never_overflow() {
        let mut rng = ThreadRng::new(1, 0, 0, Distribution::Uniform);
        let s = rng.string("###-@@");
        assert_eq!(s.len(), 6);
        assert!(s[..3].bytes().all(|b| b.is_ascii_digit()) && &s[3..4] == "-");
        assert!(s[4..].bytes().all(|b| b.is_ascii_lowercase()));
        for d in [Distribution::Uniform, Distribution::Gaussian, Distribution::Special] {
            let mut rng = ThreadRng::new(1, 0, 0, d);
            assert!(rng.default_draw(u32::MAX - 1, u32::MAX) >= u32::MAX - 1);
            assert_eq!(rng.default_draw(5, 5), 5);
        }
    }
}
