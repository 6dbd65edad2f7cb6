//! The event scheduler: a min-heap of pending events ordered by (due time, sequence number).
//! The sequence number grows on every insert, so events due at the same instant run in the
//! order they were scheduled (FIFO) and the order never depends on the heap's internals.
//!
//! Used by the concurrent clients of `server/clients.rs` (mysqlslap's and the crash sweep's
//! loads): each client's next step (a statement done on a CPU, a group commit stage ending)
//! is an event. The server's background work (the buffer pool's resize and load, the once a
//! second log flush, the page cleaner, the kernel's writeback) is not scheduled here: each
//! keeps its own next due time and runs when the clock passes it (`Server::advance_to`).

use super::time::SimTime;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The most events that may be pending at once. Reaching it is a bug in a model (a runaway
/// producer), so scheduling past it is refused rather than growing without bound.
pub const PENDING_EVENTS_MAX: u32 = 1 << 20;

/// An event waiting in the queue.
#[derive(Debug)]
struct Pending<E> {
    due: SimTime,
    seq: u64,
    event: E,
}

impl<E> PartialEq for Pending<E> {
    fn eq(&self, other: &Self) -> bool {
        (self.due, self.seq) == (other.due, other.seq)
    }
}
impl<E> Eq for Pending<E> {}
impl<E> PartialOrd for Pending<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Pending<E> {
    /// Reversed, so that std's max-heap pops the earliest (due, seq) first.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.due, other.seq).cmp(&(self.due, self.seq))
    }
}

/// A deterministic queue of future events of type `E`.
#[derive(Debug)]
pub struct Scheduler<E> {
    heap: BinaryHeap<Pending<E>>,
    seq_next: u64,
}

/// Scheduling refused: the queue is at [`PENDING_EVENTS_MAX`].
#[derive(Debug, PartialEq, Eq)]
pub struct QueueFull;

impl<E> Default for Scheduler<E> {
    fn default() -> Self {
        Scheduler { heap: BinaryHeap::new(), seq_next: 0 }
    }
}

impl<E> Scheduler<E> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues `event` to run at `due`. Returns its sequence number.
    pub fn schedule(&mut self, due: SimTime, event: E) -> Result<u64, QueueFull> {
        if self.heap.len() as u64 >= u64::from(PENDING_EVENTS_MAX) {
            return Err(QueueFull);
        }
        let seq = self.seq_next;
        self.seq_next += 1;
        self.heap.push(Pending { due, seq, event });
        Ok(seq)
    }

    /// When the earliest pending event is due, if any.
    pub fn next_due(&self) -> Option<SimTime> {
        self.heap.peek().map(|p| p.due)
    }

    /// Removes and returns the earliest event if it is due at or before `now`.
    pub fn pop_due(&mut self, now: SimTime) -> Option<(SimTime, E)> {
        if self.heap.peek()?.due <= now {
            self.heap.pop().map(|p| (p.due, p.event))
        } else {
            None
        }
    }

    /// Removes and returns the earliest event whatever its due time.
    pub fn pop_next(&mut self) -> Option<(SimTime, E)> {
        self.heap.pop().map(|p| (p.due, p.event))
    }

    /// Number of pending events.
    pub fn pending(&self) -> u32 {
        self.heap.len() as u32
    }

    /// Drops every pending event (a crash or a restart of the simulated server).
    pub fn clear(&mut self) {
        self.heap.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_due_time_then_fifo() {
        let mut s = Scheduler::new();
        s.schedule(SimTime(30), "c").unwrap();
        s.schedule(SimTime(10), "a1").unwrap();
        s.schedule(SimTime(20), "b").unwrap();
        s.schedule(SimTime(10), "a2").unwrap();
        s.schedule(SimTime(10), "a3").unwrap();
        assert_eq!(s.pending(), 5);
        assert_eq!(s.pop_due(SimTime(5)), None);
        let order: Vec<_> = std::iter::from_fn(|| s.pop_next()).map(|(_, e)| e).collect();
        assert_eq!(order, ["a1", "a2", "a3", "b", "c"]);
    }

    #[test]
    fn pop_due_respects_now() {
        let mut s = Scheduler::new();
        s.schedule(SimTime(10), 1).unwrap();
        s.schedule(SimTime(20), 2).unwrap();
        assert_eq!(s.pop_due(SimTime(15)), Some((SimTime(10), 1)));
        assert_eq!(s.pop_due(SimTime(15)), None);
        assert_eq!(s.next_due(), Some(SimTime(20)));
    }
}
