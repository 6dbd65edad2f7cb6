//! Results the executor computed from a whole scan of a table, kept on the table for the next
//! identical statement: the simulator's own saving, not a server feature (MySQL has no query
//! cache since 8.0, and this one changes nothing a learner can see). A repeated aggregate scan
//! (the 96 counts of section 3.13.6's load, the passes of Listing 3.116 and the hit-ratio
//! curve) then walks the table's pages through the buffer pool exactly as before, paying the
//! same simulated time, without generating and evaluating its rows again.
//!
//! Any change to the table (a row written or removed, TRUNCATE, an index added or dropped)
//! forgets every result. What a result may depend on is the executor's business: it keys an
//! entry by everything that decides the result and stores only results of pure statements.

use std::any::Any;

/// Most results kept per table.
const MEMOS_MAX: usize = 8;

/// The kept results, oldest first.
#[derive(Default)]
pub struct ScanMemo {
    entries: Vec<(String, Box<dyn Any + Send>)>,
}

impl std::fmt::Debug for ScanMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ScanMemo({} entries)", self.entries.len())
    }
}

impl ScanMemo {
    /// The result kept under `key`, if it is one of type `T`.
    pub fn get<T: Clone + 'static>(&self, key: &str) -> Option<T> {
        let (_, v) = self.entries.iter().find(|(k, _)| k == key)?;
        v.downcast_ref::<T>().cloned()
    }

    /// Keeps `value` under `key`, forgetting the oldest result past the bound.
    pub fn put<T: Send + 'static>(&mut self, key: String, value: T) {
        self.entries.retain(|(k, _)| *k != key);
        if self.entries.len() >= MEMOS_MAX {
            self.entries.remove(0);
        }
        self.entries.push((key, Box::new(value)));
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_found_by_key_and_type_and_bounded() {
        let mut m = ScanMemo::default();
        m.put("a".into(), 1u64);
        assert_eq!(m.get::<u64>("a"), Some(1));
        assert_eq!(m.get::<i32>("a"), None, "another type is not this result");
        assert_eq!(m.get::<u64>("b"), None);
        for i in 0..MEMOS_MAX as u64 {
            m.put(format!("k{i}"), i);
        }
        assert_eq!(m.get::<u64>("a"), None, "the oldest went first");
        assert_eq!(m.get::<u64>("k0"), Some(0));
        m.clear();
        assert_eq!(m.get::<u64>("k0"), None);
    }
}
