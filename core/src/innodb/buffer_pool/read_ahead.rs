//! Read-ahead: InnoDB's two guesses that a scan will want more pages than it has asked for
//! (storage/innobase/buf/buf0rea.cc; MYSQL_SPEC.md §1.3).
//!
//! - Linear: on the first access of the border page of a 64-page area, if at least
//!   `innodb_read_ahead_threshold` pages of the area were accessed in order, the whole next
//!   area is read asynchronously. Counted in `Innodb_buffer_pool_read_ahead`, not in `_reads`,
//!   which is why the popular hit ratio (1 - reads / read_requests) misses them.
//! - Random (`innodb_random_read_ahead`): on a miss, if 13 pages of the area are resident,
//!   accessed and young enough, the rest of the area is read. Counted in `_read_ahead_rnd`
//!   and in `_reads`.
//!
//! Simplification: a page's successor on its level (FIL_PAGE_NEXT) is taken to be the next
//! page number, as it is for the leaves our B-trees number contiguously; InnoDB reads the
//! border page's pointer and gives up if it is not adjacent.

use super::{BufferPool, Fetch, PageId};
use crate::sim::{Disk, SimTime};
use std::cmp::Ordering;

/// The largest read-ahead area (`BUF_READ_AHEAD_PAGES`): one extent of 16 KB pages.
const AREA_MAX: u64 = 64;

impl BufferPool {
    /// The read-ahead area: 64 pages, less for instances under 2,048 pages
    /// (`min(64, 2^ceil(log2(pages / 32)))`).
    pub(super) fn read_ahead_area(&self) -> u64 {
        let per_instance = self.capacity_pages() / self.instances.len().max(1) as u64;
        (per_instance / 32).max(1).next_power_of_two().min(AREA_MAX)
    }

    /// `buf_read_ahead_linear`, called on the first access of `page`.
    pub(super) fn linear_read_ahead(
        &mut self,
        page: PageId,
        now: SimTime,
        disk: &mut Disk,
        out: &mut Fetch,
    ) {
        let threshold = self.config.read_ahead_threshold;
        if threshold == 0 {
            return;
        }
        let area = self.read_ahead_area();
        let low = page.page_no / area * area;
        let high = low + area;
        if page.page_no != low && page.page_no != high - 1 {
            return;
        }
        let Some(&space_pages) = self.space_pages.get(&page.space) else { return };
        if high > space_pages {
            return;
        }
        // The last page of an area means an ascending scan, the first a descending one.
        let ascending = page.page_no == high - 1;
        let expected = if ascending { Ordering::Greater } else { Ordering::Less };
        let max_failures = (AREA_MAX - threshold.min(AREA_MAX)).min(area);
        let mut failures = 0;
        let mut previous: Option<u64> = None;
        for n in low..high {
            let access_ms = self.first_access_ms(PageId { space: page.space, page_no: n });
            match (access_ms, previous) {
                (None, _) => failures += 1,
                (Some(t), Some(p)) => {
                    let order = t.cmp(&p);
                    if order != Ordering::Equal && order != expected {
                        failures += 1;
                    }
                }
                _ => {}
            }
            if failures > max_failures {
                return;
            }
            if access_ms.is_some() {
                previous = access_ms;
            }
        }
        let (new_low, new_high) = if ascending {
            (high, high + area)
        } else if low >= area {
            (low - area, low)
        } else {
            return;
        };
        if new_high > space_pages {
            return;
        }
        let pages: Vec<PageId> =
            (new_low..new_high).map(|n| PageId { space: page.space, page_no: n }).collect();
        let read = self.read_async(&pages, now, disk, out);
        self.stats.read_ahead += read;
    }

    /// `buf_read_ahead_random`, called when `page` was missed and read.
    pub(super) fn random_read_ahead(
        &mut self,
        page: PageId,
        now: SimTime,
        disk: &mut Disk,
        out: &mut Fetch,
    ) {
        let area = self.read_ahead_area();
        let low = page.page_no / area * area;
        let high = low + area;
        let Some(&space_pages) = self.space_pages.get(&page.space) else { return };
        if high > space_pages {
            return;
        }
        let ratio = self.config.old_ratio();
        let needed = 5 + area / 8;
        let mut recent = 0;
        for n in low..high {
            let p = PageId { space: page.space, page_no: n };
            let i = self.instance_of(p);
            if let Some(slot) = self.instances[i].find(p) {
                let accessed = self.instances[i].frame(slot).first_access.is_some();
                if accessed && self.instances[i].is_young_enough(slot, ratio) {
                    recent += 1;
                    if recent >= needed {
                        break;
                    }
                }
            }
        }
        if recent < needed {
            return;
        }
        let pages: Vec<PageId> =
            (low..high).map(|n| PageId { space: page.space, page_no: n }).collect();
        let read = self.read_async(&pages, now, disk, out);
        self.stats.read_ahead_rnd += read;
        self.stats.reads += read;
    }

    /// A resident page's first access time in milliseconds, if it has been accessed.
    fn first_access_ms(&self, page: PageId) -> Option<u64> {
        let i = self.instance_of(page);
        let slot = self.instances[i].find(page)?;
        self.instances[i].frame(slot).first_access.map(|t| t.0 / 1_000_000)
    }
}
