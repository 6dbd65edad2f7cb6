//! The simulation kernel: virtual time, the event scheduler, seeded random streams, and the
//! simulated machine (host, container limits, disk) described by a hardware profile.
//!
//! ```text
//!   Experiment seed ──► SimRng streams (disk, workload, data, faults, cpu)
//!   Hardware profile ─► Host (CPUs, RAM, container limits, memory account)
//!                    └► Disk (read latency, bandwidth, fsync)
//!   Clock: SimTime ◄── advanced only by the engine charging costs or running due events
//! ```

pub mod disk;
pub mod drift;
pub mod files;
pub mod hardware;
pub mod host;
pub mod rng;
pub mod scheduler;
pub mod time;

pub use disk::Disk;
pub use hardware::{profile, profiles, Hardware, Profile, DEFAULT_PROFILE};
pub use host::{Host, OutOfMemory};
pub use rng::{SimRng, Stream};
pub use scheduler::Scheduler;
pub use time::{CivilTime, SimDuration, SimTime};

/// The simulated wall clock at host boot: 2026-09-23 08:00:00 UTC (the chapter's run date),
/// as seconds since the Unix epoch.
pub const BOOT_UNIX_SECS: i64 = 1_790_150_400;

/// The simulated wall-clock time at simulated instant `t`.
pub fn civil_time_at(t: SimTime) -> CivilTime {
    let ns = t.0;
    CivilTime::from_unix(
        BOOT_UNIX_SECS + (ns / 1_000_000_000) as i64,
        ((ns % 1_000_000_000) / 1_000) as u32,
    )
}

/// Microseconds since the Unix epoch at simulated instant `t`.
pub fn unix_micros_at(t: SimTime) -> i64 {
    BOOT_UNIX_SECS * 1_000_000 + (t.0 / 1_000) as i64
}

/// The clock and the seed of one simulated machine.
#[derive(Clone, Debug)]
pub struct Clock {
    seed: u64,
    now: SimTime,
}

impl Clock {
    pub fn new(seed: u64) -> Clock {
        Clock { seed, now: SimTime::ZERO }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn now(&self) -> SimTime {
        self.now
    }

    /// Moves time forward by `d` (time never goes back).
    pub fn advance(&mut self, d: SimDuration) {
        self.now += d;
    }

    /// Moves time forward to `t` if it is later than now.
    pub fn advance_to(&mut self, t: SimTime) {
        if t > self.now {
            self.now = t;
        }
    }

    /// The simulated wall-clock time now.
    pub fn wall_clock(&self) -> CivilTime {
        civil_time_at(self.now)
    }

    /// Seconds since the Unix epoch, simulated (for UNIX_TIMESTAMP() and `timestamp`).
    pub fn unix_micros(&self) -> i64 {
        unix_micros_at(self.now)
    }

    /// The random stream of `stream` under this clock's seed.
    pub fn rng(&self, stream: Stream) -> SimRng {
        SimRng::derive(self.seed, stream)
    }
}
