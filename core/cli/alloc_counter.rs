//! A global allocator wrapper that counts live and peak heap bytes, so `tunelab bench` can
//! report the engine's peak memory per experiment.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

static CURRENT: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

pub struct Counting;

// SAFETY: every call is forwarded to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            ALLOCATIONS.fetch_add(1, Relaxed);
            let now = CURRENT.fetch_add(layout.size() as u64, Relaxed) + layout.size() as u64;
            PEAK.fetch_max(now, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        CURRENT.fetch_sub(layout.size() as u64, Relaxed);
    }
}

/// Bytes allocated now.
pub fn current() -> u64 {
    CURRENT.load(Relaxed)
}

/// Heap allocations made so far (a `realloc` that moves counts as one).
pub fn allocations() -> u64 {
    ALLOCATIONS.load(Relaxed)
}

/// The most bytes allocated at once since the last reset.
pub fn peak() -> u64 {
    PEAK.load(Relaxed)
}

/// Starts a new peak measurement from the current level.
pub fn reset_peak() {
    PEAK.store(CURRENT.load(Relaxed), Relaxed);
}
