//! The simulated host as the server sees it: how many CPUs and how much memory it detects, and
//! the memory it really uses, accounted against the container limit (or the host's RAM).
//!
//! Memory is charged by what the server actually allocates and touches (buffer pool pages in
//! use, per-connection buffers, temporary tables), by category, so a learner can see where it
//! went. Passing the limit is an out-of-memory kill of mysqld, as the kernel's OOM killer does
//! to a container.

use super::hardware::{parse_cpuset, Hardware};
use std::collections::BTreeMap;

const MIB: u64 = 1024 * 1024;

/// The host and container limits, plus the running memory account.
#[derive(Clone, Debug)]
pub struct Host {
    hardware: Hardware,
    /// The CPUs the cpuset leaves visible (the hardware does not change under a host, and a
    /// scan asks for the CPU capacity page by page).
    logical_cpus: u64,
    /// Bytes in use per category ("buffer pool", "connections", ...).
    used_bytes: BTreeMap<&'static str, u64>,
    /// The sum of `used_bytes`, kept as it changes (a pool growing page by page asks for it
    /// thousands of times).
    used_total: u64,
    used_bytes_peak: u64,
    /// The most each category held since [`Host::take_peak`] last read it (for
    /// performance_schema's HIGH_NUMBER_OF_BYTES_USED, which sees memory a statement held
    /// and freed).
    peak_by_category: BTreeMap<&'static str, u64>,
    /// Allocations and releases so far (a cheap test for "no change since").
    changes: u64,
}

/// The kernel killed mysqld: `wanted` more bytes would have passed `limit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    pub category: &'static str,
    pub wanted_bytes: u64,
    pub used_bytes: u64,
    pub limit_bytes: u64,
}

impl Host {
    pub fn new(hardware: Hardware) -> Host {
        let logical_cpus = parse_cpuset(&hardware.cpuset_cpus, hardware.host_cpus)
            .map(|c| c.len() as u64)
            .unwrap_or(u64::from(hardware.host_cpus));
        Host {
            hardware,
            logical_cpus,
            used_bytes: BTreeMap::new(),
            used_total: 0,
            used_bytes_peak: 0,
            peak_by_category: BTreeMap::new(),
            changes: 0,
        }
    }

    pub fn hardware(&self) -> &Hardware {
        &self.hardware
    }

    /// Logical processors the server sees. A cpuset narrows them; a `--cpus` quota does not
    /// (it limits CPU time, and the chapter saw all 36 host CPUs under `--cpus=4` even with
    /// container awareness on).
    pub fn logical_cpus(&self) -> u64 {
        self.logical_cpus
    }

    /// CPUs' worth of time the process may use: the quota if set, else the visible CPUs.
    pub fn cpu_capacity_milli(&self) -> u64 {
        let visible = self.logical_cpus() * 1000;
        match self.hardware.cpus_milli {
            0 => visible,
            q => u64::from(q).min(visible),
        }
    }

    /// Memory the host really has, in bytes.
    pub fn host_ram_bytes(&self) -> u64 {
        self.hardware.host_ram_mb * MIB
    }

    /// The container's memory limit in bytes, if any.
    pub fn memory_limit_bytes(&self) -> Option<u64> {
        match self.hardware.memory_limit_mb {
            0 => None,
            mb => Some(mb * MIB),
        }
    }

    /// Memory the server detects: the container limit when it is container aware (and a
    /// limit is set), else the host's RAM, as a server that reads /proc/meminfo sees it.
    pub fn detected_memory_bytes(&self, container_aware: bool) -> u64 {
        match (container_aware, self.memory_limit_bytes()) {
            (true, Some(limit)) => limit.min(self.host_ram_bytes()),
            _ => self.host_ram_bytes(),
        }
    }

    /// What the kernel enforces: the container limit, or the host's RAM.
    pub fn enforced_limit_bytes(&self) -> u64 {
        self.memory_limit_bytes().unwrap_or(self.host_ram_bytes()).min(self.host_ram_bytes())
    }

    /// Charges `bytes` to `category`. Past the enforced limit the allocation fails: the
    /// caller kills mysqld.
    pub fn allocate(&mut self, category: &'static str, bytes: u64) -> Result<(), OutOfMemory> {
        let used = self.used_total_bytes();
        let limit = self.enforced_limit_bytes();
        if used.saturating_add(bytes) > limit {
            return Err(OutOfMemory {
                category,
                wanted_bytes: bytes,
                used_bytes: used,
                limit_bytes: limit,
            });
        }
        self.changes += 1;
        self.used_total += bytes;
        let now = self.used_bytes.entry(category).or_insert(0);
        *now += bytes;
        let peak = self.peak_by_category.entry(category).or_insert(0);
        *peak = (*peak).max(*now);
        self.used_bytes_peak = self.used_bytes_peak.max(used + bytes);
        Ok(())
    }

    /// Returns `bytes` of `category` (never below zero).
    pub fn release(&mut self, category: &'static str, bytes: u64) {
        self.changes += 1;
        if let Some(v) = self.used_bytes.get_mut(category) {
            self.used_total -= bytes.min(*v);
            *v = v.saturating_sub(bytes);
            if *v == 0 {
                self.used_bytes.remove(category);
            }
        }
    }

    /// Frees everything (mysqld exited or was killed).
    pub fn release_all(&mut self) {
        self.changes += 1;
        self.used_bytes.clear();
        self.used_total = 0;
    }

    pub fn used_total_bytes(&self) -> u64 {
        self.used_total
    }

    pub fn used_peak_bytes(&self) -> u64 {
        self.used_bytes_peak
    }

    /// Bytes in use by one category.
    pub fn used_by(&self, category: &str) -> u64 {
        self.used_bytes.get(category).copied().unwrap_or(0)
    }

    /// How many allocations and releases there have been.
    pub fn memory_changes(&self) -> u64 {
        self.changes
    }

    /// The most `category` held since the last call (at least what it holds now); the next
    /// call starts from what it holds now.
    pub fn take_peak(&mut self, category: &'static str) -> u64 {
        let now = self.used_by(category);
        let peak = self.peak_by_category.insert(category, now).unwrap_or(0);
        peak.max(now)
    }

    /// Bytes in use per category, in name order.
    pub fn used_by_category(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        self.used_bytes.iter().map(|(k, v)| (*k, *v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::hardware::{profile, DEFAULT_PROFILE};

    #[test]
    fn chapter_host_detection() {
        let mut hw = profile(DEFAULT_PROFILE).unwrap().hardware;
        hw.set("cpuset_cpus", "").unwrap();
        let host = Host::new(hw.clone());
        assert_eq!(host.logical_cpus(), 36, "a --cpus quota still shows all host CPUs");
        assert_eq!(host.cpu_capacity_milli(), 4000);
        assert_eq!(host.detected_memory_bytes(false), 62 * 1024 * MIB);
        assert_eq!(host.detected_memory_bytes(true), 6 * 1024 * MIB);
        hw.set("cpuset_cpus", "0-3").unwrap();
        assert_eq!(Host::new(hw).logical_cpus(), 4);
    }

    #[test]
    fn memory_is_accounted_against_the_container_limit() {
        let hw = profile(DEFAULT_PROFILE).unwrap().hardware;
        let mut host = Host::new(hw);
        host.allocate("buffer pool", 4 * 1024 * MIB).unwrap();
        host.allocate("connections", 512 * MIB).unwrap();
        let err = host.allocate("buffer pool", 2 * 1024 * MIB).unwrap_err();
        assert_eq!(err.limit_bytes, 6 * 1024 * MIB);
        assert_eq!(host.used_total_bytes(), 4608 * MIB, "a refused allocation charges nothing");
        host.release("connections", 512 * MIB);
        assert_eq!(host.used_total_bytes(), 4096 * MIB);
        assert_eq!(host.used_peak_bytes(), 4608 * MIB);
        assert_eq!(host.used_by_category().count(), 1);
    }
}
