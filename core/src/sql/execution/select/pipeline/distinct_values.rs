//! The values an aggregate's DISTINCT has seen (`COUNT(DISTINCT referrer)`), kept by
//! reference when the statement reads one stored table without GROUP BY: a value is a slot
//! in a [`GroupIndex`] (its hash) and the primary key of the first row that had it, about 16
//! bytes where a set of the values themselves takes about 85 (3,000,000 referrers: 260 MB as
//! a set of strings, about 70 MB here). A value whose hash matches one seen is compared with
//! it by reading that first row again and evaluating the argument on it.
//!
//! Values are equal as the accumulator's own DISTINCT compares them (`distinct_key`: the
//! printed text, case folded, and whether it is a number), so the result is the same as with
//! the accumulator's set. Simplification, as for GROUP BY's index: MySQL's temporary table
//! with a unique index on the argument does this de-duplication; its cost is not modelled
//! separately here (as it was not with the set).

use super::{fetch, RowSource, GROUPS_KEPT_MAX};
use crate::error::{MySqlError, Result};
use crate::sql::compiled::Compiled;
use crate::sql::execution::aggregate::distinct_key;
use crate::sql::execution::group_table::{key_hash, GroupIndex};
use crate::sql::expr::EvalContext;
use crate::storage::table::Row;
use crate::storage::value::Value;

use super::super::sorter::Chunked;

/// One DISTINCT aggregate's values seen, by reference.
pub(super) struct DistinctValues {
    index: GroupIndex,
    first_keys: Chunked,
    signed: bool,
    scratch: Row,
}

impl DistinctValues {
    pub(super) fn new() -> DistinctValues {
        DistinctValues {
            index: GroupIndex::new(),
            first_keys: Chunked::default(),
            signed: false,
            scratch: Row::new(),
        }
    }

    /// Whether `v` (not NULL), the argument's value on a row whose primary key is `pk`, is
    /// seen for the first time.
    pub(super) fn is_new(
        &mut self,
        v: &Value,
        pk: &Value,
        arg: &Compiled,
        src: &RowSource,
        cx: &mut dyn EvalContext,
    ) -> Result<bool> {
        let (numeric, text) = distinct_key(v);
        let hash = key_hash(&[Value::Int(i64::from(numeric)), Value::Str(text.clone())]);
        let (first_keys, signed, scratch) = (&self.first_keys, self.signed, &mut self.scratch);
        let (_, new) = self.index.find_or_add(hash, &mut |g| {
            if !fetch(src, first_keys.get(g as usize), signed, scratch) {
                return Ok(false);
            }
            let seen = arg.eval(scratch, cx)?;
            if seen.is_null() {
                return Ok(false);
            }
            let (seen_numeric, seen_text) = distinct_key(&seen);
            Ok(seen_numeric == numeric && seen_text == text)
        })?;
        if new {
            if self.index.len() > GROUPS_KEPT_MAX {
                return Err(MySqlError::table_full("/tmp/#sql1_8_0"));
            }
            if self.first_keys.is_empty() {
                self.signed = matches!(pk, Value::Int(_));
            }
            self.first_keys.push(super::encode_pk(pk));
        }
        Ok(new)
    }
}
