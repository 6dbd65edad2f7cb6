//! Resident page -> its frame, the buffer pool's hot lookup (every page request, every page a
//! change dirties): an open-addressing table with linear probing and backward-shift deletion,
//! hashed by a fixed function of the page id. It is only looked up, never iterated, and its
//! layout depends only on the pages put in it, the same on every run and target.

use super::PageId;

/// One slot: a page and its frame, 16 bytes, four to a cache line. `frame` is
/// [`EMPTY`] in a free slot (a pool has far fewer frames).
#[derive(Clone, Copy, Debug)]
struct Slot {
    page_no: u64,
    space: u32,
    frame: u32,
}

const EMPTY: u32 = u32::MAX;
const FREE: Slot = Slot { page_no: 0, space: 0, frame: EMPTY };

impl Slot {
    fn is_free(&self) -> bool {
        self.frame == EMPTY
    }
    fn holds(&self, page: PageId) -> bool {
        self.frame != EMPTY && self.page_no == page.page_no && self.space == page.space
    }
    fn page(&self) -> PageId {
        PageId { space: self.space, page_no: self.page_no }
    }
}

#[derive(Clone, Debug)]
pub struct PageMap {
    /// A power of two long, at most half full, so every probe ends at an empty slot. Half,
    /// not more: a scan of a table larger than the pool looks up a page that is not there
    /// for every page it reads, and a miss probes to the next empty slot (about 8 slots at
    /// 3/4 full, 2.5 at 1/2).
    slots: Vec<Slot>,
    len: usize,
}

impl Default for PageMap {
    fn default() -> Self {
        PageMap { slots: vec![FREE; 16], len: 0 }
    }
}

/// Pages whose home slots lie side by side: a run of neighbouring pages (a scan's, a
/// read-ahead area's) is looked up in one cache line, where a hash per page sent every lookup
/// of a scan to a cache line (and, in a pool of gigabytes, a memory page) of its own. Four, one
/// cache line of slots, and no more: runs are placed whole, so when two collide the second
/// spills into the next run's slots, and a resident table's pages fill their runs completely;
/// with runs of 32 slots a lookup in a pool holding a big temporary table probed dozens of
/// slots (Table 3.8's GROUP BY spent a sixth of its time there).
const PAGES_PER_RUN: u64 = 4;

/// Where a page starts probing: a multiply-xorshift of its space and run of
/// [`PAGES_PER_RUN`] pages (in 64 bits on every target), then its place in the run.
fn home(page: PageId, mask: usize) -> usize {
    let mut z = (u64::from(page.space) << 40) ^ (page.page_no / PAGES_PER_RUN);
    z = (z ^ (z >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z ^= z >> 29;
    let run_start = z.wrapping_mul(PAGES_PER_RUN);
    (run_start.wrapping_add(page.page_no % PAGES_PER_RUN) as usize) & mask
}

impl PageMap {
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The slot holding `page`, if it is there.
    fn position(&self, page: PageId) -> Option<usize> {
        let mask = self.mask();
        let mut i = home(page, mask);
        // Bounded: the table always has an empty slot.
        loop {
            let slot = &self.slots[i];
            if slot.holds(page) {
                return Some(i);
            }
            if slot.is_free() {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    pub fn get(&self, page: &PageId) -> Option<&u32> {
        self.position(*page).map(|i| &self.slots[i].frame)
    }

    pub fn insert(&mut self, page: PageId, frame: u32) {
        debug_assert!(frame != EMPTY, "a frame number the map uses as its free mark");
        if let Some(i) = self.position(page) {
            self.slots[i].frame = frame;
            return;
        }
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.mask();
        let mut i = home(page, mask);
        while !self.slots[i].is_free() {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot { page_no: page.page_no, space: page.space, frame };
        self.len += 1;
    }

    pub fn remove(&mut self, page: &PageId) -> Option<u32> {
        let mut hole = self.position(*page)?;
        let frame = std::mem::replace(&mut self.slots[hole], FREE).frame;
        self.len -= 1;
        // Backward shift: an entry after the hole moves into it unless its home lies
        // (cyclically) between the hole and itself, so no probe meets a gap too early.
        let mask = self.mask();
        let mut j = hole;
        loop {
            j = (j + 1) & mask;
            if self.slots[j].is_free() {
                break;
            }
            let k = home(self.slots[j].page(), mask);
            let stays = if hole <= j { hole < k && k <= j } else { hole < k || k <= j };
            if !stays {
                self.slots[hole] = std::mem::replace(&mut self.slots[j], FREE);
                hole = j;
            }
        }
        Some(frame)
    }

    fn grow(&mut self) {
        let doubled = vec![FREE; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.len = 0;
        for slot in old.into_iter().filter(|s| !s.is_free()) {
            self.insert(slot.page(), slot.frame);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Random inserts, replacements and removals agree with a BTreeMap at every step.
    #[test]
    fn behaves_as_an_ordered_map() {
        let mut map = PageMap::default();
        let mut want = BTreeMap::new();
        let mut x: u64 = 12345;
        for step in 0..200_000u32 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let page = PageId { space: (x >> 60) as u32, page_no: (x >> 33) % 5_000 };
            if (x >> 20) % 3 == 0 {
                assert_eq!(map.remove(&page), want.remove(&page), "step {step}");
            } else {
                map.insert(page, step);
                want.insert(page, step);
            }
            if step % 1_000 == 0 {
                for (p, f) in &want {
                    assert_eq!(map.get(p), Some(f));
                }
                assert_eq!(map.len, want.len());
            }
        }
        for p in want.keys() {
            assert!(map.get(p).is_some());
        }
        assert_eq!(map.get(&PageId { space: 99, page_no: 1 }), None);
    }
}
