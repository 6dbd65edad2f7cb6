//! `events_statements_summary_by_digest`: one row per (SCHEMA_NAME, DIGEST), in a table of
//! fixed size (`performance_schema_digests_size`). As in `storage/perfschema/pfs_digest.cc`, slot
//! 0 is kept for statements that find the table full: they are summed in a row whose
//! SCHEMA_NAME, DIGEST and DIGEST_TEXT are NULL (and `Performance_schema_digest_lost` counts
//! them), so a full table holds `size - 1` digests. TRUNCATE TABLE empties it.

use super::event::{DigestKey, StatementCounts, StatementEvent};
use super::histogram::Histogram;
use crate::sim::SimTime;
use std::collections::BTreeMap;

/// The sums every statement summary table keeps (COUNT_STAR through SUM_NO_GOOD_INDEX_USED).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatementSums {
    pub count: u64,
    pub sum_timer: u64,
    pub min_timer: u64,
    pub max_timer: u64,
    pub errors: u64,
    pub warnings: u64,
    pub counts: StatementCounts,
    pub cpu_ps: u64,
}

impl StatementSums {
    /// AVG_TIMER_WAIT.
    pub fn avg_timer(&self) -> u64 {
        self.sum_timer.checked_div(self.count).unwrap_or(0)
    }

    /// Adds another row's sums to these.
    pub fn merge(&mut self, o: &StatementSums) {
        if o.count == 0 {
            return;
        }
        self.min_timer =
            if self.count == 0 { o.min_timer } else { self.min_timer.min(o.min_timer) };
        self.max_timer = self.max_timer.max(o.max_timer);
        self.count += o.count;
        self.sum_timer = self.sum_timer.saturating_add(o.sum_timer);
        self.errors += o.errors;
        self.warnings = self.warnings.saturating_add(o.warnings);
        self.counts.add(&o.counts);
        self.cpu_ps = self.cpu_ps.saturating_add(o.cpu_ps);
    }

    /// Sums one finished statement.
    pub fn add(&mut self, e: &StatementEvent) {
        let wait = e.timer_wait();
        if e.timed {
            let first = self.count == 0 || self.max_timer == 0;
            self.min_timer = if first { wait } else { self.min_timer.min(wait) };
            self.max_timer = self.max_timer.max(wait);
        }
        self.count += 1;
        self.sum_timer = self.sum_timer.saturating_add(wait);
        self.errors += u64::from(e.error.is_some());
        self.warnings = self.warnings.saturating_add(e.warnings);
        self.counts.add(&e.counts);
        self.cpu_ps = self.cpu_ps.saturating_add(e.cpu_ps);
    }
}

/// One row of the digest summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestStat {
    pub schema: Option<String>,
    /// DIGEST and DIGEST_TEXT; None for the row of lost digests.
    pub digest: Option<DigestKey>,
    pub sums: StatementSums,
    pub first_seen: SimTime,
    pub last_seen: SimTime,
    pub histogram: Histogram,
    /// QUERY_SAMPLE_TEXT, QUERY_SAMPLE_SEEN, QUERY_SAMPLE_TIMER_WAIT.
    pub sample: Option<(String, SimTime, u64)>,
}

impl DigestStat {
    fn new(schema: Option<String>, digest: Option<DigestKey>, now: SimTime) -> Self {
        DigestStat {
            schema,
            digest,
            sums: StatementSums::default(),
            first_seen: now,
            last_seen: now,
            histogram: Histogram::default(),
            sample: None,
        }
    }

    fn add(&mut self, e: &StatementEvent, sample_age_secs: u64, sample_text_max: usize) {
        let wait = e.timer_wait();
        self.sums.add(e);
        self.last_seen = e.end;
        if e.timed {
            self.histogram.add(wait);
        }
        // The sample is replaced by a slower statement, or once older than
        // performance_schema_max_digest_sample_age seconds (0: never by age).
        let replace = match &self.sample {
            None => true,
            Some((_, seen, sample_wait)) => {
                wait > *sample_wait
                    || (sample_age_secs > 0 && e.end.since(*seen).as_secs() >= sample_age_secs)
            }
        };
        if replace {
            let text = super::event::truncate_bytes(&e.sql_text, sample_text_max);
            self.sample = Some((text, e.end, wait));
        }
    }
}

/// The table.
#[derive(Clone, Debug)]
pub struct DigestSummary {
    /// Slots in use, in the order they were taken.
    rows: Vec<DigestStat>,
    /// Where each digest is in `rows`, per schema, by the digest's first 64 bits (integer
    /// comparisons, not 64-digit strings; the full digest is compared on a match).
    index: BTreeMap<u64, Vec<(Option<String>, usize)>>,
    /// Slot 0: the statements that found the table full.
    lost: Option<DigestStat>,
    /// `performance_schema_digests_size`.
    size: usize,
}

impl DigestSummary {
    /// An empty table of `size` slots (`performance_schema_digests_size`).
    pub fn new(size: usize) -> Self {
        DigestSummary { rows: Vec::new(), index: BTreeMap::new(), lost: None, size }
    }

    /// Sums a finished statement into its row; returns false when the table was full and the
    /// statement went to the NULL row.
    pub fn record(&mut self, e: &StatementEvent, sample_age_secs: u64, text_max: usize) -> bool {
        let Some(d) = &e.digest else { return true };
        let prefix = hash_prefix(&d.hash);
        let rows = &self.rows;
        let found = self.index.get(&prefix).and_then(|slots| {
            slots
                .iter()
                .find(|(s, i)| {
                    *s == e.schema && rows[*i].digest.as_ref().is_some_and(|k| k.hash == d.hash)
                })
                .map(|(_, i)| *i)
        });
        let slot = match found {
            Some(i) => Some(i),
            None if self.rows.len() + 1 < self.size => {
                let i = self.rows.len();
                self.rows.push(DigestStat::new(e.schema.clone(), Some(d.clone()), e.end));
                self.index.entry(prefix).or_default().push((e.schema.clone(), i));
                Some(i)
            }
            None => None,
        };
        match slot {
            Some(i) => {
                self.rows[i].add(e, sample_age_secs, text_max);
                true
            }
            None => {
                if self.size > 0 {
                    let lost = self.lost.get_or_insert_with(|| DigestStat::new(None, None, e.end));
                    lost.add(e, sample_age_secs, text_max);
                }
                false
            }
        }
    }

    /// The rows as the table lists them: the NULL row first (once used), then the digests in
    /// the order their slots were taken.
    pub fn rows(&self) -> impl Iterator<Item = &DigestStat> {
        self.lost.iter().chain(self.rows.iter())
    }

    /// TRUNCATE TABLE events_statements_histogram_by_digest: the counts go, the rows stay.
    pub fn clear_histograms(&mut self) {
        for row in self.lost.iter_mut().chain(self.rows.iter_mut()) {
            row.histogram.clear();
        }
    }

    /// TRUNCATE TABLE.
    pub fn truncate(&mut self) {
        self.rows.clear();
        self.index.clear();
        self.lost = None;
    }
}

/// The first 16 hex digits of a digest as a number (any text gives one: a digit that is not
/// hex counts as 0; the full digest is compared where it matters).
fn hash_prefix(hash: &str) -> u64 {
    hash.bytes().take(16).fold(0u64, |n, c| {
        let v = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => 0,
        };
        (n << 4) | u64::from(v)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instruments::statements::event::DigestKey;

    fn event(sql: &str, hash: &str, start_s: u64, wait_ms: u64) -> StatementEvent {
        let start = SimTime(start_s * 1_000_000_000);
        StatementEvent {
            thread_id: 47,
            user: "root".into(),
            host: "localhost",
            event_id: 1,
            statement_id: 1,
            event_name: "statement/sql/select",
            sql_text: sql.into(),
            digest: Some(DigestKey { hash: hash.into(), text: "SELECT ? ".into() }),
            schema: Some("shop".into()),
            start,
            end: SimTime(start.0 + wait_ms * 1_000_000),
            error: None,
            warnings: 0,
            counts: StatementCounts::default(),
            cpu_ps: 0,
            timed: true,
            nesting_transaction: None,
        }
    }

    #[test]
    fn a_full_table_sums_new_digests_in_the_null_row() {
        let mut t = DigestSummary::new(3);
        assert!(t.record(&event("SELECT 1", "a", 0, 1), 60, 1024));
        assert!(t.record(&event("SELECT 2", "b", 1, 1), 60, 1024));
        assert!(t.record(&event("SELECT 1", "a", 2, 3), 60, 1024), "a known digest still fits");
        assert!(!t.record(&event("SELECT 3", "c", 3, 1), 60, 1024));
        assert!(!t.record(&event("SELECT 4", "d", 4, 1), 60, 1024));
        let rows: Vec<&DigestStat> = t.rows().collect();
        assert_eq!(rows.len(), 3);
        assert_eq!((rows[0].digest.is_none(), rows[0].schema.is_none()), (true, true));
        assert_eq!(rows[0].sums.count, 2);
        assert_eq!(
            (rows[1].sums.count, rows[1].sums.min_timer, rows[1].sums.max_timer),
            (2, 1_000_000_000, 3_000_000_000)
        );
        t.truncate();
        assert_eq!(t.rows().count(), 0);
    }

    #[test]
    fn the_sample_is_the_slowest_until_it_ages_out() {
        let mut t = DigestSummary::new(10);
        t.record(&event("SELECT 1", "a", 0, 5), 60, 1024);
        t.record(&event("SELECT 2", "a", 10, 1), 60, 1024);
        let sample = |t: &DigestSummary| t.rows().next().and_then(|d| d.sample.clone()).unwrap();
        assert_eq!(sample(&t).0, "SELECT 1", "a faster statement keeps the slower sample");
        t.record(&event("SELECT 3", "a", 20, 9), 60, 1024);
        assert_eq!(sample(&t).0, "SELECT 3", "a slower one replaces it");
        t.record(&event("SELECT 4", "a", 100, 1), 60, 1024);
        assert_eq!(sample(&t).0, "SELECT 4", "past performance_schema_max_digest_sample_age");
        t.record(&event("SELECT 5", "a", 1000, 1), 0, 1024);
        assert_eq!(sample(&t).0, "SELECT 4", "an age of 0 never replaces by age");
        t.record(&event("SELECT 123456", "a", 1001, 50), 0, 8);
        assert_eq!(sample(&t).0, "SELECT 1", "cut to performance_schema_max_sql_text_length");
    }
}
