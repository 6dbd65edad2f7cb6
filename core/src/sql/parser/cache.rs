//! A bounded cache of parsed statements, keyed by their exact text. A mysqlslap or sysbench
//! client sends the same few statements thousands of times, and a console session repeats
//! its `SHOW VARIABLES LIKE ...`; parsing the text again each time cost more than running it.
//! Parsing is a pure function of the text, so a hit gives exactly what a parse would.
//!
//! Not a MySQL feature (the query cache is gone since 8.0, and it cached results, not parse
//! trees): this is the simulator's own speed-up, invisible in any figure or output.

use super::literals::{shape_with_name_slots, Literal, Template};
use super::{parse_first, Statement};
use crate::error::Result;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

/// Statements kept; the oldest is dropped first.
pub const CACHED_STATEMENTS_MAX: usize = 256;
/// Longer texts are parsed every time (they are rarely repeated, and the bound keeps the
/// cache under about 256 x (1 KB + its tree)).
pub const CACHED_TEXT_BYTES_MAX: usize = 1024;

/// A text's shape with its names' digits as slots, and its literals
/// ([`shape_with_name_slots`]).
pub type Shaped = (String, Vec<Literal>);

#[derive(Debug, Default)]
pub struct StatementCache {
    parsed: BTreeMap<String, Arc<Statement>>,
    /// Texts in the order they were cached.
    order: VecDeque<String>,
    /// Statements by shape (`literals.rs`): the text with its literals masked; None for a
    /// shape whose statement cannot be a template.
    shaped: BTreeMap<String, Option<Template>>,
    /// Shapes in the order they were cached.
    shape_order: VecDeque<String>,
}

impl StatementCache {
    /// [`parse_first`], from the cache when `sql` was parsed before. Only texts that hold one
    /// statement are cached; errors are not.
    pub fn parse_first(&mut self, sql: &str) -> Result<(Statement, Option<usize>)> {
        self.parse_first_shaped(sql).map(|(stmt, next, _)| (Arc::unwrap_or_clone(stmt), next))
    }

    /// [`Self::parse`], with the text's shape (names' digits as slots) when it was made: the
    /// digest memo keys by the same shape, so a load generator's statement is masked once.
    /// The statement is shared with the cache: a caller that keeps it makes the next text of
    /// its shape a copy (`Template::fill`).
    pub fn parse_shaped(&mut self, sql: &str) -> Result<(Arc<Statement>, Option<Shaped>)> {
        match self.parse_first_shaped(sql)? {
            (stmt, None, shaped) => Ok((stmt, shaped)),
            // The error as the parser words it.
            (_, Some(_), _) => super::parse(sql).map(|stmt| (Arc::new(stmt), None)),
        }
    }

    fn parse_first_shaped(
        &mut self,
        sql: &str,
    ) -> Result<(Arc<Statement>, Option<usize>, Option<Shaped>)> {
        if let Some(stmt) = self.parsed.get(sql) {
            return Ok((Arc::clone(stmt), None, None));
        }
        let shaped =
            if sql.len() <= CACHED_TEXT_BYTES_MAX { shape_with_name_slots(sql) } else { None };
        if let Some((form, literals)) = &shaped {
            match self.shaped.get_mut(form) {
                Some(Some(template)) => {
                    if let Some(stmt) = template.fill(sql, literals) {
                        return Ok((stmt, None, shaped));
                    }
                }
                // Parsed before and no template: the exact-text cache below is all there is.
                Some(None) => {}
                None => {}
            }
        }
        let (stmt, next) = parse_first(sql)?;
        if next.is_none() {
            if let Some((form, literals)) = &shaped {
                if !self.shaped.contains_key(form) {
                    let template = Template::of(&stmt, literals);
                    let templated = template.is_some();
                    if self.shape_order.len() >= CACHED_STATEMENTS_MAX {
                        if let Some(oldest) = self.shape_order.pop_front() {
                            self.shaped.remove(&oldest);
                        }
                    }
                    self.shaped.insert(form.clone(), template);
                    self.shape_order.push_back(form.clone());
                    if templated {
                        // Its shape answers for it from now on.
                        return Ok((Arc::new(stmt), next, shaped));
                    }
                }
            }
        }
        if next.is_none() && sql.len() <= CACHED_TEXT_BYTES_MAX {
            if self.order.len() >= CACHED_STATEMENTS_MAX {
                if let Some(oldest) = self.order.pop_front() {
                    self.parsed.remove(&oldest);
                }
            }
            let stmt = Arc::new(stmt);
            self.parsed.insert(sql.to_string(), Arc::clone(&stmt));
            self.order.push_back(sql.to_string());
            return Ok((stmt, next, shaped));
        }
        Ok((Arc::new(stmt), next, shaped))
    }

    /// [`super::parse`] through the cache: one statement, text after it an error.
    pub fn parse(&mut self, sql: &str) -> Result<Statement> {
        match self.parse_first(sql)? {
            (stmt, None) => Ok(stmt),
            // The error as the parser words it.
            (_, Some(_)) => super::parse(sql),
        }
    }

    /// How many statements are cached.
    #[cfg(test)]
    fn len(&self) -> u32 {
        self.order.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_parse_alike_and_the_cache_stays_bounded() {
        let mut cache = StatementCache::default();
        let sql = "SELECT @@max_connections";
        let first = format!("{:?}", cache.parse_first(sql).unwrap());
        let again = format!("{:?}", cache.parse_first(sql).unwrap());
        assert_eq!(first, again);
        assert_eq!(first, format!("{:?}", parse_first(sql).unwrap()));
        // Two statements in one text: not cached, and the offset of the next is kept.
        let (_, next) = cache.parse_first("SELECT 1; SELECT 2").unwrap();
        assert_eq!(next, Some(10));
        // The one statement is kept by its shape (it has no literal to change).
        assert_eq!((cache.len(), cache.shaped.len()), (0, 1));
        assert!(cache.parse_first("SELEC 1").is_err());
        // Texts with no shape (a quoted name) are cached by their text...
        for i in 0..1000 {
            cache.parse_first(&format!("SELECT {i} FROM `t`")).unwrap();
        }
        assert_eq!(cache.len() as usize, CACHED_STATEMENTS_MAX);
        assert_eq!(cache.parsed.len(), CACHED_STATEMENTS_MAX);
        // ... the others by their shape, which literals of other lengths make many.
        for i in 0..1000u64 {
            let sql = format!("SELECT a FROM t WHERE b = '{}'", "x".repeat(i as usize % 700));
            let (stmt, _) = cache.parse_first(&sql).unwrap();
            assert_eq!(format!("{stmt:?}"), format!("{:?}", parse_first(&sql).unwrap().0));
        }
        assert_eq!(cache.shaped.len(), CACHED_STATEMENTS_MAX);
        assert_eq!(cache.shape_order.len(), CACHED_STATEMENTS_MAX);
    }
}
