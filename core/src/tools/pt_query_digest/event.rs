//! One logged statement as pt-query-digest holds it: a bag of named attributes, all text as
//! the Perl keeps them (`Query_time` => `0.000242`, `user` => `root`, `arg` => the statement),
//! typed only when aggregated.

use std::collections::BTreeMap;

/// An event: attribute name to its text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Event {
    /// The attributes, by name.
    pub attrs: BTreeMap<String, String>,
}

impl Event {
    /// The attribute `name`, if the event has it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.attrs.get(name).map(String::as_str)
    }

    /// Sets `name` (a later property line overwrites an earlier one, as a Perl hash does).
    pub fn set(&mut self, name: &str, value: &str) {
        self.attrs.insert(name.to_string(), value.to_string());
    }

    /// The statement text (`arg`), or empty.
    pub fn arg(&self) -> &str {
        self.get("arg").unwrap_or("")
    }
}

/// Reads a log the way Perl's `readline` does with `$/` set to a separator: each record ends
/// with the separator (kept), the last one with the end of the file. `tell` is the byte offset.
pub struct Records<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Records<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Records { text, pos: 0 }
    }

    /// The byte offset of the next record.
    pub fn tell(&self) -> usize {
        self.pos
    }

    /// The next record ending in `separator`, or `None` at the end.
    pub fn next_record(&mut self, separator: &str) -> Option<&'a str> {
        if self.pos >= self.text.len() {
            return None;
        }
        let rest = &self.text[self.pos..];
        let len = rest.find(separator).map_or(rest.len(), |at| at + separator.len());
        // Stay on a character boundary when the separator is absent.
        self.pos += len;
        Some(&rest[..len])
    }
}
