//! Rows the server keeps for itself while a statement runs (a materialised derived table,
//! view or CTE, a set operation's blocks, a join's inner table read once), packed as bytes
//! instead of held as `Value`s.
//!
//! A `Vec<Value>` row of a short string and a count takes about 190 bytes of the simulator's
//! memory (two 48-byte values, the vector, the string's own allocation); packed it takes its
//! data and a tag byte per value, about 50. Rows are appended to chunks of [`CHUNK_BYTES`]
//! (a row never spans two), so a growing store never copies what it holds and never asks for
//! twice its size at once; they are read back in order, decoded into one reused row.
//!
//! The bound is the simulated temporary space: past [`TEMP_SPACE_BYTES_MAX`] of packed rows
//! the statement stops as MySQL stops when its internal temporary table cannot grow on disk
//! (ERROR 1114). Simplification: the simulated disk has no free-space figure, so this stands
//! for the session temporary tablespace reaching the disk's free space; it is set so that the
//! simulator's own memory stays inside a browser tab's budget (a wasm page of 256 MB).

use crate::error::{MySqlError, Result};
use crate::storage::table::Row;
use crate::storage::value::Value;
use crate::storage::value_bytes::{decode, encode, packed_size};

/// Bytes of one chunk: large enough that a chunk holds thousands of rows, small enough that
/// the last, partly filled one wastes little.
const CHUNK_BYTES: usize = 1 << 20;

/// Packed bytes one store may hold: the stand-in for the temporary tablespace's room on the
/// simulated disk (see the module header).
pub const TEMP_SPACE_BYTES_MAX: u64 = 160 << 20;

/// The name MySQL gives an internal temporary table in its 1114 text.
pub const TEMP_TABLE_NAME: &str = "/tmp/#sql1_8_0";

/// Rows of a fixed width, packed in arrival order.
#[derive(Clone, Debug, Default)]
pub struct PackedRows {
    chunks: Vec<Vec<u8>>,
    rows: u64,
    bytes: u64,
}

impl PackedRows {
    pub fn new() -> PackedRows {
        PackedRows::default()
    }

    /// Packs rows already held as values.
    pub fn from_rows(rows: Vec<Row>) -> Result<PackedRows> {
        let mut packed = PackedRows::new();
        for row in &rows {
            packed.push(row)?;
        }
        Ok(packed)
    }

    pub fn len(&self) -> u64 {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Packed bytes held.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Appends a row; ERROR 1114 past the temporary space.
    pub fn push(&mut self, row: &[Value]) -> Result<()> {
        let size: usize = row.iter().map(packed_size).sum();
        if self.bytes + size as u64 > TEMP_SPACE_BYTES_MAX {
            return Err(MySqlError::table_full(TEMP_TABLE_NAME));
        }
        let room = self.chunks.last().map_or(0, |c| c.capacity() - c.len());
        if room < size {
            self.chunks.push(Vec::with_capacity(CHUNK_BYTES.max(size)));
        }
        let chunk = self.chunks.last_mut().expect("a chunk with room");
        for v in row {
            encode(v, chunk);
        }
        self.rows += 1;
        self.bytes += size as u64;
        Ok(())
    }

    /// Appends a row as [`Self::push`] does and returns where it starts, for
    /// [`Self::read_at`]: the chunk's number in the high 32 bits, the offset in it below.
    pub fn push_located(&mut self, row: &[Value]) -> Result<u64> {
        self.push(row)?;
        let chunk = self.chunks.len() - 1;
        let size: usize = row.iter().map(packed_size).sum();
        let end = self.chunks[chunk].len();
        Ok(((chunk as u64) << 32) | (end - size) as u64)
    }

    /// Decodes the row (of `width` values) that starts at `at`, a place
    /// [`Self::push_located`] returned, into `row`. A place it did not return gives NULLs.
    pub fn read_at(&self, at: u64, width: usize, row: &mut Row) {
        row.resize(width, Value::Null);
        let Some(chunk) = self.chunks.get((at >> 32) as usize) else {
            row.iter_mut().for_each(|v| *v = Value::Null);
            return;
        };
        let mut offset = (at & 0xffff_ffff) as usize;
        for slot in row.iter_mut() {
            offset = decode(chunk, offset, slot);
        }
    }

    /// Appends every row of `other`.
    pub fn append(&mut self, other: &PackedRows, width: usize) -> Result<()> {
        let mut row = Row::new();
        let mut result = Ok(());
        other.visit(width, &mut row, &mut |r| match self.push(r) {
            Ok(()) => true,
            Err(e) => {
                result = Err(e);
                false
            }
        });
        result
    }

    /// Decodes each row (of `width` values) into `row` in turn and hands it to `f`; stops
    /// when `f` returns false. Returns false if it stopped early.
    pub fn visit(&self, width: usize, row: &mut Row, f: &mut dyn FnMut(&Row) -> bool) -> bool {
        for chunk in &self.chunks {
            let mut at = 0;
            while at < chunk.len() {
                row.resize(width, Value::Null);
                for slot in row.iter_mut() {
                    at = decode(chunk, at, slot);
                }
                if !f(row) {
                    return false;
                }
            }
        }
        true
    }

    /// Like [`Self::visit`], for a visitor that may fail.
    pub fn try_visit(&self, width: usize, f: &mut dyn FnMut(&Row) -> Result<bool>) -> Result<bool> {
        let mut row = Row::new();
        let mut failure = None;
        let finished = self.visit(width, &mut row, &mut |r| match f(r) {
            Ok(go_on) => go_on,
            Err(e) => {
                failure = Some(e);
                false
            }
        });
        match failure {
            Some(e) => Err(e),
            None => Ok(finished),
        }
    }

    /// Every row as values (for a consumer that needs them all at once, such as a result
    /// sent to the client).
    pub fn to_rows(&self, width: usize) -> Vec<Row> {
        let mut out = Vec::with_capacity(self.rows.min(1 << 20) as usize);
        let mut row = Row::new();
        self.visit(width, &mut row, &mut |r| {
            out.push(r.clone());
            true
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::value::Decimal;

    fn sample() -> Vec<Row> {
        vec![
            vec![Value::Int(-1), Value::Str("https://example.com/a".into()), Value::Null],
            vec![Value::Int(i64::MIN), Value::Str(String::new()), Value::Double(-0.5)],
            vec![Value::UInt(u64::MAX), Value::Str("é€".into()), Value::Int(i64::MAX)],
            vec![
                Value::Decimal(Decimal::new(-123_456_789_012_345_678_901_234, 4)),
                Value::Null,
                Value::Decimal(Decimal::new(i128::MAX, 30)),
            ],
        ]
    }

    #[test]
    fn rows_come_back_as_they_went_in() {
        let packed = PackedRows::from_rows(sample()).unwrap();
        assert_eq!(packed.len(), 4);
        assert_eq!(packed.to_rows(3), sample());
    }

    #[test]
    fn packed_rows_are_small() {
        let row = vec![Value::Str("https://www.google.com/search?q=mysql".into()), Value::Int(1)];
        let mut packed = PackedRows::new();
        packed.push(&row).unwrap();
        // Tag and length byte, 37 bytes of text; tag and one varint byte.
        assert_eq!(packed.bytes(), 2 + 37 + 2);
    }

    #[test]
    fn rows_span_chunks_whole() {
        let mut packed = PackedRows::new();
        let row = vec![Value::Str("x".repeat(1000)), Value::Int(7)];
        for _ in 0..3000 {
            packed.push(&row).unwrap();
        }
        assert!(packed.chunks.len() > 1);
        let mut n = 0;
        let finished = packed
            .try_visit(2, &mut |r| {
                assert_eq!(r, &row);
                n += 1;
                Ok(true)
            })
            .unwrap();
        assert!(finished);
        assert_eq!(n, 3000);
    }

    #[test]
    fn a_visit_stops_when_asked() {
        let packed = PackedRows::from_rows(sample()).unwrap();
        let mut seen = 0;
        let finished = packed.try_visit(3, &mut |_| {
            seen += 1;
            Ok(seen < 2)
        });
        assert!(!finished.unwrap());
        assert_eq!(seen, 2);
    }

    #[test]
    fn a_row_is_read_again_where_it_was_put() {
        let mut packed = PackedRows::new();
        let mut places = Vec::new();
        for i in 0..30_000i64 {
            let row = vec![Value::Int(i), Value::Str("z".repeat((i % 97) as usize))];
            places.push(packed.push_located(&row).unwrap());
        }
        let mut row = Row::new();
        for i in [0i64, 1, 12_345, 29_999] {
            packed.read_at(places[i as usize], 2, &mut row);
            assert_eq!(row, vec![Value::Int(i), Value::Str("z".repeat((i % 97) as usize))]);
        }
        packed.read_at(u64::MAX, 2, &mut row);
        assert_eq!(row, vec![Value::Null, Value::Null]);
    }

    #[test]
    fn past_the_temporary_space_the_table_is_full() {
        let mut packed = PackedRows::new();
        let row = vec![Value::Str("y".repeat(1 << 20))];
        let mut outcome = Ok(());
        for _ in 0..1000 {
            outcome = packed.push(&row);
            if outcome.is_err() {
                break;
            }
        }
        let e = outcome.unwrap_err();
        assert_eq!(e.code, 1114);
        assert!(packed.bytes() <= TEMP_SPACE_BYTES_MAX);
    }
}
