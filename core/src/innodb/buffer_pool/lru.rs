//! One buffer pool instance's frames and LRU list, with InnoDB's midpoint insertion: the list
//! is split by the `LRU_old` pointer into a young head and an old tail of about
//! `innodb_old_blocks_pct` percent; pages read from disk enter at the head of the old part, and
//! an access moves a page to the head only by the rules of `buf_page_peek_if_too_old`.
//!
//! The list is intrusive: frames live in a slab (`Vec<Frame>`) linked by `u32` indexes, so
//! moving a page is O(1) and a pool of any size costs memory only for the pages resident.
//! Constants and rules follow storage/innobase/buf/buf0lru.cc (see MYSQL_SPEC.md 1.2).

use super::page_map::PageMap;
use super::PageId;
use crate::sim::SimTime;

/// The split into young and old exists only once the list is this long (`BUF_LRU_OLD_MIN_LEN`).
pub const OLD_MIN_LEN: u32 = 512;
/// The old part's length may drift this far from its target before the pointer moves.
const OLD_TOLERANCE: u32 = 20;
/// The young part keeps at least this many pages (`BUF_LRU_NON_OLD_MIN_LEN`).
const NON_OLD_MIN_LEN: u32 = 5;
/// `innodb_old_blocks_pct` is kept as a ratio out of this.
pub const OLD_RATIO_DIV: u64 = 1024;

const NIL: u32 = u32::MAX;

/// A buffer frame holding one page.
#[derive(Clone, Debug)]
pub struct Frame {
    pub page: PageId,
    prev: u32,
    next: u32,
    /// In the old sublist.
    pub old: bool,
    /// Time of the first access since the page came in (None: never accessed, as a page read
    /// ahead and not yet used). InnoDB keeps it in milliseconds.
    pub first_access: Option<SimTime>,
    /// The instance's eviction counter when the page was last put at the head.
    pub freed_page_clock: u64,
    /// The read bringing the page in completes at this time (asynchronous read-ahead).
    pub io_done_at: SimTime,
    /// Brought in by read-ahead (linear or random) rather than by a request for it.
    pub read_ahead: bool,
    /// Modified since it was last written.
    pub dirty: bool,
}

/// One instance: its capacity, its frames and its LRU list.
#[derive(Clone, Debug, Default)]
pub struct Instance {
    pub capacity: u64,
    frames: Vec<Frame>,
    /// Slab slots of frames that left the list, for reuse.
    spare_slots: Vec<u32>,
    map: PageMap,
    head: u32,
    tail: u32,
    len: u32,
    /// First frame of the old sublist (NIL while the list is shorter than [`OLD_MIN_LEN`]).
    lru_old: u32,
    old_len: u32,
    /// Evictions so far (`freed_page_clock`): the clock of "young enough".
    pub freed_page_clock: u64,
    pub dirty: u64,
}

impl Instance {
    pub fn new(capacity: u64) -> Instance {
        Instance { capacity, head: NIL, tail: NIL, lru_old: NIL, ..Instance::default() }
    }

    pub fn len(&self) -> u64 {
        u64::from(self.len)
    }

    pub fn old_len(&self) -> u64 {
        u64::from(self.old_len)
    }

    pub fn is_full(&self) -> bool {
        self.len() >= self.capacity
    }

    pub fn find(&self, page: PageId) -> Option<u32> {
        self.map.get(&page).copied()
    }

    pub fn frame(&self, slot: u32) -> &Frame {
        &self.frames[slot as usize]
    }

    pub fn frame_mut(&mut self, slot: u32) -> &mut Frame {
        &mut self.frames[slot as usize]
    }

    /// Pages from the head (most recently made young) to the tail.
    pub fn iter_lru(&self) -> impl Iterator<Item = &Frame> + '_ {
        let mut at = self.head;
        std::iter::from_fn(move || {
            if at == NIL {
                return None;
            }
            let f = &self.frames[at as usize];
            at = f.next;
            Some(f)
        })
    }

    /// The frame before `slot` (toward the head).
    pub fn prev_slot(&self, slot: u32) -> Option<u32> {
        let p = self.frames[slot as usize].prev;
        (p != NIL).then_some(p)
    }

    /// Slots from the tail toward the head.
    pub fn slots_from_tail(&self) -> impl Iterator<Item = u32> + '_ {
        let mut at = self.tail;
        std::iter::from_fn(move || {
            if at == NIL {
                return None;
            }
            let s = at;
            at = self.frames[s as usize].prev;
            Some(s)
        })
    }

    /// The frame at the tail (the next eviction victim).
    pub fn tail(&self) -> Option<u32> {
        (self.tail != NIL).then_some(self.tail)
    }

    /// Removes a page from the list and the pool (eviction or discard): `buf_LRU_remove_block`.
    pub fn remove(&mut self, slot: u32, old_ratio: u64) {
        self.unlink(slot, old_ratio);
        let page = self.frames[slot as usize].page;
        if self.frames[slot as usize].dirty {
            self.dirty -= 1;
        }
        self.map.remove(&page);
        self.spare_slots.push(slot);
    }

    /// Moves a page to the head: `buf_LRU_make_block_young`.
    pub fn make_young(&mut self, slot: u32, old_ratio: u64) {
        self.unlink(slot, old_ratio);
        self.link(slot, false, old_ratio);
    }

    /// Whether a page is still "young enough" not to be moved on access: fewer than about a
    /// quarter of the young part's size of evictions since it was put at the head
    /// (`buf_page_peek_if_young`).
    pub fn is_young_enough(&self, slot: u32, old_ratio: u64) -> bool {
        let f = &self.frames[slot as usize];
        (self.freed_page_clock & ((1 << 31) - 1))
            < f.freed_page_clock + self.capacity * (OLD_RATIO_DIV - old_ratio) / (OLD_RATIO_DIV * 4)
    }

    /// Re-establishes the old sublist's share after `innodb_old_blocks_pct` changed.
    pub fn set_old_ratio(&mut self, old_ratio: u64) {
        if self.lru_old != NIL {
            self.adjust_old_len(old_ratio);
        }
    }

    fn link(&mut self, slot: u32, old: bool, old_ratio: u64) {
        let clock = self.freed_page_clock;
        let midpoint = old && self.len >= OLD_MIN_LEN && self.lru_old != NIL;
        if !midpoint {
            // At the head, stamped with the eviction clock.
            let f = &mut self.frames[slot as usize];
            f.prev = NIL;
            f.next = self.head;
            f.freed_page_clock = clock;
            if self.head != NIL {
                self.frames[self.head as usize].prev = slot;
            } else {
                self.tail = slot;
            }
            self.head = slot;
        } else {
            // Just after LRU_old: the old sublist's second place.
            let after = self.lru_old;
            let next = self.frames[after as usize].next;
            let f = &mut self.frames[slot as usize];
            f.prev = after;
            f.next = next;
            self.frames[after as usize].next = slot;
            if next != NIL {
                self.frames[next as usize].prev = slot;
            } else {
                self.tail = slot;
            }
            self.old_len += 1;
        }
        self.len += 1;
        if self.len > OLD_MIN_LEN {
            self.frames[slot as usize].old = midpoint;
            self.adjust_old_len(old_ratio);
        } else if self.len == OLD_MIN_LEN {
            self.old_init(old_ratio);
        } else {
            self.frames[slot as usize].old = self.lru_old != NIL;
        }
    }

    fn unlink(&mut self, slot: u32, old_ratio: u64) {
        if slot == self.lru_old {
            // The old sublist's first page leaves: its predecessor becomes the first old one.
            let prev = self.frames[slot as usize].prev;
            self.lru_old = prev;
            if prev != NIL {
                self.frames[prev as usize].old = true;
                self.old_len += 1;
            }
        }
        let (prev, next) = {
            let f = &self.frames[slot as usize];
            (f.prev, f.next)
        };
        if prev != NIL {
            self.frames[prev as usize].next = next;
        } else {
            self.head = next;
        }
        if next != NIL {
            self.frames[next as usize].prev = prev;
        } else {
            self.tail = prev;
        }
        self.len -= 1;
        let was_old = self.frames[slot as usize].old;
        self.frames[slot as usize].old = false;
        if self.len < OLD_MIN_LEN {
            if self.lru_old != NIL {
                let mut at = self.head;
                while at != NIL {
                    self.frames[at as usize].old = false;
                    at = self.frames[at as usize].next;
                }
            }
            self.lru_old = NIL;
            self.old_len = 0;
            return;
        }
        if was_old {
            self.old_len -= 1;
        }
        self.adjust_old_len(old_ratio);
    }

    /// `buf_LRU_old_init`: every page old, then the pointer moves to the target share.
    fn old_init(&mut self, old_ratio: u64) {
        let mut at = self.head;
        while at != NIL {
            self.frames[at as usize].old = true;
            at = self.frames[at as usize].next;
        }
        self.lru_old = self.head;
        self.old_len = self.len;
        self.adjust_old_len(old_ratio);
    }

    /// `buf_LRU_old_adjust_len`: moves `LRU_old` one page at a time until the old part's length
    /// is within the tolerance of its target.
    fn adjust_old_len(&mut self, old_ratio: u64) {
        let len = u64::from(self.len);
        let target = (len * old_ratio / OLD_RATIO_DIV)
            .min(len.saturating_sub(u64::from(OLD_TOLERANCE + NON_OLD_MIN_LEN)))
            as u32;
        // Bounded: each step moves the pointer one page; at most `len` steps.
        for _ in 0..=self.len {
            let old = self.lru_old;
            if old == NIL {
                return;
            }
            if self.old_len + OLD_TOLERANCE < target {
                let prev = self.frames[old as usize].prev;
                if prev == NIL {
                    return;
                }
                self.lru_old = prev;
                self.old_len += 1;
                self.frames[prev as usize].old = true;
            } else if self.old_len > target + OLD_TOLERANCE {
                let next = self.frames[old as usize].next;
                if next == NIL {
                    return;
                }
                self.lru_old = next;
                self.old_len -= 1;
                self.frames[old as usize].old = false;
            } else {
                return;
            }
        }
    }
}

#[cfg(test)]
/// 37 % as InnoDB stores it: 37 * 1024 / 100.
pub const DEFAULT_OLD_RATIO: u64 = 37 * OLD_RATIO_DIV / 100;

impl Instance {
    /// Brings `page` into a new frame at the head (`old` false) or at the midpoint (`old`
    /// true): `buf_LRU_add_block`. The caller has made room.
    pub fn add_with_ratio(
        &mut self,
        page: PageId,
        old: bool,
        io_done_at: SimTime,
        read_ahead: bool,
        old_ratio: u64,
    ) -> u32 {
        let slot = self.add_frame(page, io_done_at, read_ahead);
        self.link(slot, old, old_ratio);
        slot
    }

    fn add_frame(&mut self, page: PageId, io_done_at: SimTime, read_ahead: bool) -> u32 {
        let frame = Frame {
            page,
            prev: NIL,
            next: NIL,
            old: false,
            first_access: None,
            freed_page_clock: 0,
            io_done_at,
            read_ahead,
            dirty: false,
        };
        let slot = match self.spare_slots.pop() {
            Some(s) => {
                self.frames[s as usize] = frame;
                s
            }
            None => {
                self.frames.push(frame);
                (self.frames.len() - 1) as u32
            }
        };
        self.map.insert(page, slot);
        slot
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(n: u64) -> PageId {
        PageId { space: 1, page_no: n }
    }

    fn check_invariants(i: &Instance) {
        let frames: Vec<&Frame> = i.iter_lru().collect();
        assert_eq!(frames.len() as u32, i.len);
        let old = frames.iter().filter(|f| f.old).count() as u32;
        assert_eq!(old, i.old_len);
        // The old pages are exactly a suffix of the list.
        let first_old = frames.iter().position(|f| f.old).unwrap_or(frames.len());
        assert!(frames[first_old..].iter().all(|f| f.old));
    }

    #[test]
    fn short_lists_have_no_old_part() {
        let mut i = Instance::new(1000);
        for n in 0..100 {
            i.add_with_ratio(p(n), true, SimTime(0), false, DEFAULT_OLD_RATIO);
        }
        assert_eq!(i.old_len(), 0);
        assert_eq!(i.iter_lru().next().unwrap().page, p(99), "inserted at the head");
        check_invariants(&i);
    }

    #[test]
    fn the_old_part_is_three_eighths_once_long_enough() {
        let mut i = Instance::new(10_000);
        for n in 0..5000 {
            i.add_with_ratio(p(n), true, SimTime(0), false, DEFAULT_OLD_RATIO);
            check_invariants(&i);
        }
        let target = 5000 * DEFAULT_OLD_RATIO / OLD_RATIO_DIV;
        assert!(i.old_len().abs_diff(target) <= u64::from(OLD_TOLERANCE), "{}", i.old_len());
        // Removing pages keeps the invariants.
        for n in (0..5000).step_by(3) {
            let s = i.find(p(n)).unwrap();
            i.remove(s, DEFAULT_OLD_RATIO);
            check_invariants(&i);
        }
        // Making pages young keeps them.
        for n in (1..5000).step_by(7) {
            if let Some(s) = i.find(p(n)) {
                i.make_young(s, DEFAULT_OLD_RATIO);
                assert!(!i.frame(s).old);
                check_invariants(&i);
            }
        }
        assert!(i.len() < OLD_MIN_LEN as u64 * 10);
    }

    #[test]
    fn removing_below_the_minimum_clears_the_old_flags() {
        let mut i = Instance::new(1000);
        for n in 0..600 {
            i.add_with_ratio(p(n), true, SimTime(0), false, DEFAULT_OLD_RATIO);
        }
        assert!(i.old_len() > 0);
        for n in 0..100 {
            let s = i.find(p(n)).unwrap();
            i.remove(s, DEFAULT_OLD_RATIO);
        }
        assert_eq!(i.old_len(), 0);
        check_invariants(&i);
    }
}
