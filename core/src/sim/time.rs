//! Virtual time. The engine never reads a wall clock: every duration is an integer number of
//! nanoseconds of simulated time, and the simulated wall clock is a fixed epoch plus elapsed
//! virtual time, so a run is a pure function of its experiment and seed.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// A point in simulated time: nanoseconds since the simulated host booted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimTime(pub u64);

/// A span of simulated time in nanoseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimDuration(pub u64);

impl SimDuration {
    pub const ZERO: SimDuration = SimDuration(0);

    pub const fn from_nanos(ns: u64) -> Self {
        SimDuration(ns)
    }
    pub const fn from_micros(us: u64) -> Self {
        SimDuration(us.saturating_mul(1_000))
    }
    pub const fn from_millis(ms: u64) -> Self {
        SimDuration(ms.saturating_mul(1_000_000))
    }
    pub const fn from_secs(s: u64) -> Self {
        SimDuration(s.saturating_mul(1_000_000_000))
    }
    pub const fn as_nanos(self) -> u64 {
        self.0
    }
    pub const fn as_micros(self) -> u64 {
        self.0 / 1_000
    }
    pub const fn as_millis(self) -> u64 {
        self.0 / 1_000_000
    }
    /// Whole seconds, rounded down.
    pub const fn as_secs(self) -> u64 {
        self.0 / 1_000_000_000
    }
    /// Seconds as a float, for plots and JSON only (never for decisions).
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 / 1e9
    }
    pub fn saturating_mul(self, n: u64) -> Self {
        SimDuration(self.0.saturating_mul(n))
    }
}

impl SimTime {
    pub const ZERO: SimTime = SimTime(0);

    /// Time elapsed since `earlier` (zero if `earlier` is later).
    pub fn since(self, earlier: SimTime) -> SimDuration {
        SimDuration(self.0.saturating_sub(earlier.0))
    }
}

impl Add<SimDuration> for SimTime {
    type Output = SimTime;
    fn add(self, d: SimDuration) -> SimTime {
        SimTime(self.0.saturating_add(d.0))
    }
}

impl AddAssign<SimDuration> for SimTime {
    fn add_assign(&mut self, d: SimDuration) {
        self.0 = self.0.saturating_add(d.0);
    }
}

impl Add for SimDuration {
    type Output = SimDuration;
    fn add(self, d: SimDuration) -> SimDuration {
        SimDuration(self.0.saturating_add(d.0))
    }
}

impl AddAssign for SimDuration {
    fn add_assign(&mut self, d: SimDuration) {
        self.0 = self.0.saturating_add(d.0);
    }
}

impl Sub for SimTime {
    type Output = SimDuration;
    fn sub(self, earlier: SimTime) -> SimDuration {
        self.since(earlier)
    }
}

impl fmt::Display for SimDuration {
    /// `1.234567s`, `12.5ms`: for traces and bench output.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ns = self.0;
        if ns >= 1_000_000_000 {
            write!(f, "{}.{:06}s", ns / 1_000_000_000, (ns % 1_000_000_000) / 1_000)
        } else if ns >= 1_000_000 {
            write!(f, "{}.{:03}ms", ns / 1_000_000, (ns % 1_000_000) / 1_000)
        } else {
            write!(f, "{}.{:03}us", ns / 1_000, ns % 1_000)
        }
    }
}

/// A simulated calendar date and time of day (UTC), for the timestamps MySQL prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CivilTime {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub micros: u32,
}

impl CivilTime {
    /// Converts seconds since 1970-01-01 (UTC) into a calendar date (Howard Hinnant's
    /// days-from-civil algorithm, integer only, so it is identical on every target).
    pub fn from_unix(secs: i64, micros: u32) -> CivilTime {
        // Only splitting the seconds into days and the days into 400-year eras needs signed
        // division (before 1970, before year 0); the rest works on the day of the era,
        // 0..146_096, in unsigned arithmetic, which is cheaper (a scan formats millions).
        let (days, rem) = match u64::try_from(secs) {
            Ok(s) => ((s / 86_400) as i64, (s % 86_400) as u32),
            Err(_) => (secs.div_euclid(86_400), secs.rem_euclid(86_400) as u32),
        };
        let z = days + 719_468;
        let (era, doe) = match u64::try_from(z) {
            Ok(z) => ((z / 146_097) as i64, z % 146_097),
            Err(_) => (z.div_euclid(146_097), z.rem_euclid(146_097) as u64),
        };
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe as i64 + era * 400 + i64::from(month <= 2);
        CivilTime {
            year,
            month,
            day,
            hour: rem / 3600,
            minute: (rem % 3600) / 60,
            second: rem % 60,
            micros,
        }
    }

    /// The formula in signed arithmetic throughout: the reference the tests hold
    /// [`Self::from_unix`] to.
    #[cfg(test)]
    fn from_unix_signed(secs: i64, micros: u32) -> CivilTime {
        let days = secs.div_euclid(86_400);
        let rem = secs.rem_euclid(86_400) as u32;
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        CivilTime {
            year,
            month,
            day,
            hour: rem / 3600,
            minute: (rem % 3600) / 60,
            second: rem % 60,
            micros,
        }
    }

    /// The month's English abbreviation (`Sep`), as `ls -l` and C's `ctime` print it.
    pub fn month_abbrev(&self) -> &'static str {
        const MONTHS: [&str; 12] =
            ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
        MONTHS[(self.month.clamp(1, 12) - 1) as usize]
    }

    /// `2026-09-23 08:12:47`, as NOW() prints.
    pub fn datetime(&self) -> String {
        format!(
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }

    /// `260923  8:12:47`: InnoDB's `ut_sprintf_timestamp` form (two-digit year, hour padded
    /// with a space), used in the buffer pool load and resize status texts.
    pub fn innodb_timestamp(&self) -> String {
        format!(
            "{:02}{:02}{:02} {:2}:{:02}:{:02}",
            self.year.rem_euclid(100),
            self.month,
            self.day,
            self.hour,
            self.minute,
            self.second
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_time_matches_known_dates() {
        assert_eq!(CivilTime::from_unix(0, 0).datetime(), "1970-01-01 00:00:00");
        // 2026-09-23 08:12:47 UTC
        let t = CivilTime::from_unix(1_790_151_167, 0);
        assert_eq!(t.datetime(), "2026-09-23 08:12:47");
        assert_eq!(t.innodb_timestamp(), "260923  8:12:47");
        assert_eq!(CivilTime::from_unix(951_782_400, 0).datetime(), "2000-02-29 00:00:00");
    }

    #[test]
    fn the_unsigned_fast_path_agrees_with_the_signed_formula() {
        // Every day from 1970 to past 2100 at a few times of day, and leap days.
        for day in (0..50_000i64).step_by(7) {
            for secs in [0, 1, 3_599, 43_200, 86_399] {
                let t = day * 86_400 + secs;
                let fast = CivilTime::from_unix(t, 5);
                assert_eq!(fast, CivilTime::from_unix_signed(t, 5), "at {t}");
            }
        }
    }

    #[test]
    fn durations_convert_and_saturate() {
        assert_eq!(SimDuration::from_millis(1500).as_secs(), 1);
        assert_eq!(SimDuration::from_secs(u64::MAX).as_nanos(), u64::MAX);
        assert_eq!(SimTime(5) - SimTime(9), SimDuration::ZERO);
        assert_eq!(SimDuration::from_micros(1500).to_string(), "1.500ms");
    }
}
