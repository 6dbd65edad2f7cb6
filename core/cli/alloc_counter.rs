//! A global allocator wrapper that counts live and peak heap bytes, so `tunelab bench` can
//! report the engine's peak memory per experiment. Underneath is mimalloc rather than the C
//! library's malloc: the simulator's long runs (sysbench on 25,000 tables) make and free
//! millions of small rows and strings, and glibc's allocator slowed as its heap filled (a
//! 30 s run took 13 % less CPU with mimalloc, with the same output). The engine itself
//! never sees which allocator is used; the web build keeps the wasm target's own.

use libmimalloc_sys::{mi_free, mi_malloc, mi_realloc, mi_zalloc};
use mimalloc::MiMalloc;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

static CURRENT: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

/// Alignment that mimalloc's plain calls give every block (its blocks are whole machine words
/// on word-aligned pages). The `mimalloc` crate passes every request to `mi_malloc_aligned`,
/// whose quick path serves only blocks of at most 1 KiB, and whose slow path (a larger row
/// buffer or string) cost about a tenth of a sysbench run's instructions; a request the
/// plain calls serve aligned ([`plain`]) goes to `mi_malloc` instead. Each pointer is still
/// checked, and a misaligned one (never seen) is redone through the aligned call.
const PLAIN_ALIGN: usize = std::mem::size_of::<usize>();

/// Whether mimalloc's plain calls give `size` bytes the alignment `align`: any block is
/// word-aligned, and a block asked for in a multiple of 16 bytes is 16-aligned (its size
/// class is then a multiple of 16, and classes start 16-aligned). A `Vec<Value>` asks for
/// 16 (a DECIMAL's mantissa is an i128).
fn plain(align: usize, size: usize) -> bool {
    align <= PLAIN_ALIGN || (align == 16 && size % 16 == 0)
}

/// Whether `p` is aligned as `layout` asks.
fn aligned(p: *mut u8, layout: Layout) -> bool {
    (p as usize) & (layout.align() - 1) == 0
}

pub struct Counting;

impl Counting {
    /// A block for `layout`, zeroed when `zero`, from mimalloc's plain call when that is
    /// aligned enough.
    unsafe fn block(layout: Layout, zero: bool) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            let p = unsafe {
                if zero {
                    mi_zalloc(layout.size())
                } else {
                    mi_malloc(layout.size())
                }
            } as *mut u8;
            if p.is_null() || aligned(p, layout) {
                return p;
            }
            unsafe { mi_free(p as *mut c_void) };
        }
        unsafe {
            if zero {
                MiMalloc.alloc_zeroed(layout)
            } else {
                MiMalloc.alloc(layout)
            }
        }
    }
}

// SAFETY: every block comes from mimalloc, aligned as its layout asks (checked for the plain
// calls), and is freed by `mi_free`, which takes any of them; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { Self::block(layout, false) };
        if !p.is_null() {
            ALLOCATIONS.fetch_add(1, Relaxed);
            grow(layout.size() as u64);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { Self::block(layout, true) };
        if !p.is_null() {
            ALLOCATIONS.fetch_add(1, Relaxed);
            grow(layout.size() as u64);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { mi_free(ptr as *mut c_void) };
        CURRENT.fetch_sub(layout.size() as u64, Relaxed);
    }
    /// Forwarded, so a growing vector may grow in place (the trait's default allocates anew
    /// and copies every time); counted as an allocation only when the block moved.
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe {
            if plain(layout.align(), new_size) {
                let moved = mi_realloc(ptr as *mut c_void, new_size) as *mut u8;
                if moved.is_null() || aligned(moved, layout) {
                    moved
                } else {
                    // Never seen: copied again into an aligned block.
                    let to =
                        MiMalloc.alloc(Layout::from_size_align_unchecked(new_size, layout.align()));
                    if !to.is_null() {
                        std::ptr::copy_nonoverlapping(moved, to, new_size.min(layout.size()));
                    }
                    mi_free(moved as *mut c_void);
                    to
                }
            } else {
                MiMalloc.realloc(ptr, layout, new_size)
            }
        };
        if !p.is_null() {
            if p != ptr {
                ALLOCATIONS.fetch_add(1, Relaxed);
            }
            CURRENT.fetch_sub(layout.size() as u64, Relaxed);
            grow(new_size as u64);
        }
        p
    }
}

/// Adds `bytes` to the live count and raises the peak.
fn grow(bytes: u64) {
    let now = CURRENT.fetch_add(bytes, Relaxed) + bytes;
    // Read first: a new peak is rare, and `fetch_max` is a locked compare-and-swap loop.
    if now > PEAK.load(Relaxed) {
        PEAK.fetch_max(now, Relaxed);
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
