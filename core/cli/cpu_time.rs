//! The CPU time the benchmark's own thread has used, so `tunelab bench` can report a figure
//! that does not grow when other processes share the machine's cores (its wall time does: on
//! a 2-core machine with a build beside it, a 100 ms scan takes 800 ms of wall time).

/// CPU time this thread has used so far, in nanoseconds (0 where the clock is unavailable).
pub fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec into the valid, exclusively borrowed `ts`.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0;
    }
    (ts.tv_sec as u64).saturating_mul(1_000_000_000).saturating_add(ts.tv_nsec as u64)
}
