//! Unit tests of the pool's rules, on small pools and a disk from the default profile.

use super::*;
use crate::sim::hardware::profile;

fn disk() -> Disk {
    Disk::new(&profile("wsl2-chapter").unwrap().hardware)
}

fn p(n: u64) -> PageId {
    PageId { space: 1, page_no: n }
}

/// Fetches pages `range` in order, each `gap` after the previous one is ready.
fn scan(
    bp: &mut BufferPool,
    disk: &mut Disk,
    range: std::ops::Range<u64>,
    mut now: SimTime,
    gap: SimDuration,
) -> SimTime {
    for n in range {
        now = bp.fetch(p(n), now, disk).ready_at + gap;
    }
    now
}

#[test]
fn a_miss_reads_and_counts_the_retry() {
    let mut d = disk();
    let mut bp =
        BufferPool::new(1000, 1, PoolConfig { read_ahead_threshold: 0, ..PoolConfig::default() });
    let f = bp.fetch(p(1), SimTime::ZERO, &mut d);
    assert!(!f.hit);
    assert!(f.ready_at > SimTime::ZERO, "the read takes time");
    assert_eq!((bp.stats().reads, bp.stats().read_requests), (1, 2));
    let g = bp.fetch(p(1), f.ready_at, &mut d);
    assert!(g.hit);
    assert_eq!(g.ready_at, f.ready_at, "a hit costs no I/O time");
    assert_eq!(bp.stats().read_requests, 3);
}

#[test]
fn linear_read_ahead_reads_the_next_area_and_the_popular_ratio_misses_it() {
    let mut d = disk();
    let mut bp = BufferPool::new(10_000, 1, PoolConfig::default());
    bp.set_space_pages(1, 64 * 20);
    scan(&mut bp, &mut d, 0..64 * 20, SimTime::ZERO, SimDuration::from_micros(5));
    let s = bp.stats();
    // The first area is read page by page; each later area arrives by read-ahead.
    assert_eq!(s.reads, 64);
    assert_eq!(s.read_ahead, 64 * 19);
    // A scan faster than the disk waits for each read-ahead page: one retried get each.
    assert_eq!(s.read_requests, 64 * 20 + 64 + 64 * 19);
    let naive = 1.0 - s.reads as f64 / s.read_requests as f64;
    assert!(naive > 0.97, "the naive ratio looks excellent: {naive}");
}

#[test]
fn read_ahead_needs_threshold_pages_in_order() {
    let mut d = disk();
    let mut bp = BufferPool::new(10_000, 1, PoolConfig::default());
    bp.set_space_pages(1, 64 * 4);
    // Touch only every other page of the first area: 32 failures > 8, no read-ahead.
    let mut now = SimTime::ZERO;
    for n in (0..64).step_by(2).chain([63]) {
        now = bp.fetch(p(n), now, &mut d).ready_at;
    }
    assert_eq!(bp.stats().read_ahead, 0);
    // Threshold 0 disables it outright.
    let mut bp =
        BufferPool::new(10_000, 1, PoolConfig { read_ahead_threshold: 0, ..PoolConfig::default() });
    bp.set_space_pages(1, 64 * 4);
    scan(&mut bp, &mut d, 0..128, SimTime::ZERO, SimDuration::ZERO);
    assert_eq!(bp.stats().read_ahead, 0);
    assert_eq!(bp.stats().reads, 128);
}

/// A hot set of 600 pages, touched twice more than a second apart, then a scan of 5,000
/// other pages through a 2,000-page pool.
fn hot_set_survives_scan(old_blocks_time_ms: u64) -> u64 {
    let mut d = disk();
    let config =
        PoolConfig { old_blocks_time_ms, read_ahead_threshold: 0, ..PoolConfig::default() };
    let mut bp = BufferPool::new(2000, 1, config);
    // Fill the pool once so that it has evicted (nothing is made young before that).
    let mut now = scan(&mut bp, &mut d, 100_000..102_100, SimTime::ZERO, SimDuration::ZERO);
    for _ in 0..2 {
        now += SimDuration::from_millis(1500);
        now = scan(&mut bp, &mut d, 0..600, now, SimDuration::ZERO);
    }
    now = scan(&mut bp, &mut d, 10_000..15_000, now, SimDuration::from_micros(10));
    let _ = now;
    (0..600).filter(|&n| bp.contains(p(n))).count() as u64
}

#[test]
fn old_blocks_time_protects_a_hot_set_from_a_scan() {
    assert_eq!(hot_set_survives_scan(1000), 600, "the scan churns only the old sublist");
    assert_eq!(hot_set_survives_scan(0), 0, "with 0 every scanned page is made young");
}

#[test]
fn resize_takes_effect_in_the_background() {
    let mut d = disk();
    let mut bp = BufferPool::new(4096, 1, PoolConfig::default());
    bp.set_space_pages(1, 4000);
    let now = scan(&mut bp, &mut d, 0..4000, SimTime::ZERO, SimDuration::ZERO);
    bp.start_resize(1024, 1 << 27, 1 << 27, false, now);
    assert!(bp.resize_status(now).0.starts_with("Resizing buffer pool from 67108864 to 16777216"));
    assert_eq!(bp.pages_data(), 4000, "not yet");
    let later = now + SimDuration::from_secs(1);
    bp.run_background(later);
    assert_eq!(bp.pages_data(), 1024);
    let (text, code, progress) = bp.resize_status(later);
    assert!(text.starts_with("Completed resizing buffer pool at 260923  8:00:0"), "{text}");
    assert_eq!((code, progress), (0, 100));
}

#[test]
fn dump_takes_the_lru_head_and_load_brings_it_back() {
    let mut d = disk();
    let mut bp = BufferPool::new(4096, 1, PoolConfig::default());
    bp.set_space_pages(1, 4000);
    let now = scan(&mut bp, &mut d, 0..4000, SimTime::ZERO, SimDuration::ZERO);
    let dumped = bp.dump(25);
    assert_eq!(dumped.len(), 1000);
    let mut fresh = BufferPool::new(4096, 1, PoolConfig::default());
    fresh.start_load(dumped, "/var/lib/mysql/ib_buffer_pool", now, &mut d);
    assert_eq!(fresh.load_status(now), "Loading buffer pool(s) from /var/lib/mysql/ib_buffer_pool");
    let later = now + SimDuration::from_secs(10);
    fresh.run_background(later);
    assert_eq!(fresh.pages_data(), 1000);
    assert!(fresh.load_status(later).starts_with("Buffer pool(s) load completed at 260923"));
}

#[test]
fn instances_share_the_pool_and_hash_whole_extents() {
    let mut d = disk();
    let mut bp = BufferPool::new(9 * 1024, 9, PoolConfig::default());
    assert_eq!(bp.instances(), 9);
    for n in 0..64 {
        assert_eq!(bp.instance_of(p(n)), bp.instance_of(p(0)), "one extent, one instance");
    }
    scan(&mut bp, &mut d, 0..64 * 30, SimTime::ZERO, SimDuration::ZERO);
    let used: Vec<u64> = bp.instance_figures().iter().map(|f| f.2).collect();
    assert!(used.iter().filter(|&&n| n > 0).count() > 1, "{used:?}");
}

#[test]
fn with_read_ahead_a_scan_of_fresh_pages_keeps_the_young_ones() {
    for (time_ms, expect_kept) in [(1000, true), (0, false)] {
        let mut d = disk();
        let config = PoolConfig { old_blocks_time_ms: time_ms, ..PoolConfig::default() };
        let mut bp = BufferPool::new(1024, 1, config);
        let q = |space: u32, n: u64| PageId { space, page_no: n };
        for s in 1..=16 {
            bp.set_space_pages(s, 161);
        }
        let mut now = SimTime::ZERO;
        let mut scan_space = |bp: &mut BufferPool, s: u32, now: &mut SimTime| {
            for n in 0..161 {
                *now = bp.fetch(q(s, n), *now, &mut d).ready_at + SimDuration::from_micros(5);
            }
        };
        // Warm-up on other tables until the pool has evicted, then the hot table twice.
        for s in 9..=16 {
            scan_space(&mut bp, s, &mut now);
        }
        scan_space(&mut bp, 1, &mut now);
        now += SimDuration::from_secs(2);
        scan_space(&mut bp, 1, &mut now);
        for s in 2..=8 {
            scan_space(&mut bp, s, &mut now);
        }
        let kept = (0..161).filter(|&n| bp.contains(q(1, n))).count();
        assert_eq!(kept == 161, expect_kept, "old_blocks_time {time_ms}: {kept} kept");
    }
}

#[test]
fn created_pages_enter_at_the_head_and_a_shrink_keeps_the_newest() {
    let mut d = disk();
    let mut bp = BufferPool::new(4096, 1, PoolConfig::default());
    for n in 0..3000 {
        assert!(bp.create_page(p(n), SimTime::ZERO, &mut d), "the pool grows by one");
    }
    assert!(!bp.create_page(p(5), SimTime::ZERO, &mut d), "already resident");
    let head: Vec<u64> =
        bp.lru_pages(SimTime::ZERO).iter().take(3).map(|l| l.page.page_no).collect();
    assert_eq!(head, [2999, 2998, 2997], "the newest page is the youngest");
    assert_eq!(bp.stats().read_requests + bp.stats().reads, 0, "creating reads nothing");
    bp.start_resize(1024, 1 << 27, 1 << 27, false, SimTime::ZERO);
    bp.run_background(SimTime::ZERO + SimDuration::from_secs(1));
    let kept: Vec<u64> = (0..3000).filter(|&n| bp.contains(p(n))).collect();
    assert_eq!(kept, (1976..3000).collect::<Vec<_>>(), "the shrink keeps the LRU head");
}

#[test]
fn a_scan_leaving_resident_pages_reads_one_area_synchronously() {
    // Read-ahead is tried only on a page's first access: crossing pages that were already
    // resident and accessed starts no read-ahead, so the first area after them is read page
    // by page, as at the start of a scan.
    let mut d = disk();
    let mut bp = BufferPool::new(10_000, 1, PoolConfig::default());
    bp.set_space_pages(1, 64 * 10);
    for n in 64 * 3..64 * 5 {
        bp.create_page(p(n), SimTime::ZERO, &mut d);
    }
    scan(&mut bp, &mut d, 0..64 * 10, SimTime(1_000_000_000), SimDuration::from_micros(5));
    let s = bp.stats();
    assert_eq!(s.reads, 64 + 64, "area 0, and area 5 after the resident areas 3 and 4");
    assert_eq!(s.read_ahead, 64 * 2 + 64 * 4);
}

#[test]
fn a_wait_for_a_read_in_flight_counts_toward_old_blocks_time() {
    // InnoDB stamps a page's first access before it waits for a read in flight, so a wait
    // longer than innodb_old_blocks_time makes the next touch promote the page. A disk whose
    // reads take 2 s shows it.
    let mut hw = profile("wsl2-chapter").unwrap().hardware;
    hw.disk_read_latency_us = 2_000_000;
    let mut d = Disk::new(&hw);
    let mut bp = BufferPool::new(600, 1, PoolConfig::default());
    bp.set_space_pages(1, 64 * 40);
    // Fill the pool past its size so that it has evicted (nothing moves before that).
    let mut now = scan(&mut bp, &mut d, 64 * 20..64 * 32, SimTime::ZERO, SimDuration::ZERO);
    now = scan(&mut bp, &mut d, 0..64, now, SimDuration::ZERO);
    // Page 64 was read ahead when page 63 was first touched; it is still in flight.
    let first = bp.fetch(p(64), now, &mut d);
    assert!(!first.hit && first.ready_at >= now + SimDuration::from_secs(1), "it waited");
    let young_before = bp.stats().made_young;
    bp.fetch(p(64), first.ready_at, &mut d);
    assert_eq!(bp.stats().made_young, young_before + 1, "the second touch promotes it");
}

#[test]
fn residency_counts_young_and_old_pages_per_stretch_and_the_read_log_lists_reads() {
    let mut d = disk();
    let mut bp = BufferPool::new(600, 1, PoolConfig::default());
    bp.enable_read_log();
    // 700 pages through a 600-page pool, then a second touch of some, 2 s later.
    let now = scan(&mut bp, &mut d, 0..700, SimTime::ZERO, SimDuration::ZERO);
    let log = bp.take_read_log();
    let mut logged: Vec<u64> = log.iter().map(|p| p.page_no).collect();
    logged.sort();
    logged.dedup();
    assert_eq!(logged.len(), log.len(), "each page read once");
    assert_eq!(logged[..700], (0..700).collect::<Vec<_>>()[..]);
    assert!(bp.take_read_log().is_empty(), "a take empties the log");
    scan(&mut bp, &mut d, 400..500, now + SimDuration::from_secs(2), SimDuration::ZERO);
    // The same counts as the LRU list's own listing, by stretches of 70 pages.
    let mut expect = vec![(0u32, 0u32); 10];
    for f in bp.lru_pages(now).iter().filter(|f| f.page.page_no < 700) {
        let cell = &mut expect[(f.page.page_no / 70) as usize];
        if f.old {
            cell.1 += 1;
        } else {
            cell.0 += 1;
        }
    }
    let cells = bp.residency(1, 0, 700, 10);
    assert_eq!(cells, expect);
    assert!(cells.iter().any(|c| c.0 > 0) && cells.iter().any(|c| c.1 > 0), "{cells:?}");
    assert_eq!(cells[0], (0, 0), "the first pages were evicted");
    assert_eq!(bp.residency(2, 0, 700, 10), vec![(0, 0); 10], "another tablespace");
    // A range that does not divide evenly: 7 cells of 15 pages, the last one of 10.
    assert_eq!(bp.residency(1, 0, 100, 7).len(), 7);
}
