//! What collecting a statement event costs: the hardware profile's `cpu_statement_event_ns`
//! is performance_schema's CPU per statement with the default consumers, already inside
//! `cpu_statement_ns`. Each part of the collection has a share of it (in per cent, chosen:
//! the timers and the summaries by event name, the digest, the thread's current and history
//! rows), and history_long, off by default, adds its own, so a statement costs
//!
//! ```text
//!   cpu_statement_ns - cpu_statement_event_ns + cpu_statement_event_ns x (shares on) / 100
//! ```
//!
//! With the defaults that is `cpu_statement_ns` unchanged; with performance_schema off, the
//! whole event's CPU is saved.

use super::consumers::Consumers;

/// Timers, the event itself, the summary by event name and the global histogram.
const BASE_SHARE: u64 = 50;
/// The digest's SHA-256, its summary row and histogram.
const DIGEST_SHARE: u64 = 30;
/// events_statements_current and _history.
const HISTORY_SHARE: u64 = 20;
/// events_statements_history_long (not in the default).
const HISTORY_LONG_SHARE: u64 = 10;

/// The shares the default consumers make (100).
const DEFAULT_SHARES: u64 = BASE_SHARE + DIGEST_SHARE + HISTORY_SHARE;

/// The per cent of `cpu_statement_event_ns` that collecting with `consumers` costs (0 with
/// performance_schema off).
pub fn shares(enabled: bool, consumers: &Consumers) -> u64 {
    if !enabled || !consumers.global() {
        return 0;
    }
    BASE_SHARE
        + if consumers.digests() { DIGEST_SHARE } else { 0 }
        + if consumers.history() { HISTORY_SHARE } else { 0 }
        + if consumers.history_long() { HISTORY_LONG_SHARE } else { 0 }
}

/// One statement's CPU before its rows: `cpu_statement_ns` with the event's cost as the
/// consumers make it.
pub fn statement_cpu_ns(cpu_statement_ns: u64, event_ns: u64, shares: u64) -> u64 {
    let included = event_ns.min(cpu_statement_ns);
    cpu_statement_ns - included + event_ns.saturating_mul(shares) / DEFAULT_SHARES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_cost_what_the_profile_says() {
        let c = Consumers::default();
        assert_eq!(shares(true, &c), DEFAULT_SHARES);
        assert_eq!(statement_cpu_ns(40_000, 2_000, shares(true, &c)), 40_000);
        assert_eq!(statement_cpu_ns(40_000, 2_000, shares(false, &c)), 38_000);
        let mut more = Consumers::default();
        more.set("events_statements_history_long", true);
        assert_eq!(statement_cpu_ns(40_000, 2_000, shares(true, &more)), 40_200);
        more.set("global_instrumentation", false);
        assert_eq!(statement_cpu_ns(40_000, 2_000, shares(true, &more)), 38_000);
        assert_eq!(statement_cpu_ns(1_000, 2_000, 100), 2_000);
    }
}
