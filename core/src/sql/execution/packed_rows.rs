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
//! The bound is the simulated temporary space, one budget per statement ([`TempSpace`]): past
//! [`TEMP_SPACE_BYTES_MAX`] of packed rows in all the stores of one statement together, the
//! statement stops as MySQL stops when its internal temporary table cannot grow on disk
//! (ERROR 1114). A store gives its bytes back when it is dropped (a temporary table dropped
//! frees its space). Simplification: the simulated disk has no free-space figure, so this
//! stands for the session temporary tablespace reaching the disk's free space; it is set so
//! that the simulator's own memory stays inside a browser tab's budget (a wasm page of 256 MB).

use crate::error::{MySqlError, Result};
use crate::storage::table::Row;
use crate::storage::value::Value;
use crate::storage::value_bytes::{decode, encode, packed_size, skip};
use std::cell::Cell;
use std::rc::Rc;

/// Bytes of one chunk: large enough that a chunk holds thousands of rows, small enough that
/// the last, partly filled one wastes little.
const CHUNK_BYTES: usize = 1 << 20;

/// Packed bytes the stores of one statement may hold together: the stand-in for the temporary
/// tablespace's room on the simulated disk (see the module header).
pub const TEMP_SPACE_BYTES_MAX: u64 = 160 << 20;

/// The temporary space one statement's stores share: the bytes they hold now. Cloning the
/// handle shares the budget; [`TempSpace::default`] is a fresh one (a statement's own, made
/// with its `Work`).
#[derive(Clone, Debug, Default)]
pub struct TempSpace(Rc<Cell<u64>>);

impl TempSpace {
    /// Bytes the statement's stores hold.
    pub fn used(&self) -> u64 {
        self.0.get()
    }

    /// Takes `n` bytes; ERROR 1114 (nothing taken) past [`TEMP_SPACE_BYTES_MAX`].
    pub fn take(&self, n: u64) -> Result<()> {
        let used = self.0.get();
        if used.saturating_add(n) > TEMP_SPACE_BYTES_MAX {
            return Err(MySqlError::table_full(TEMP_TABLE_NAME));
        }
        self.0.set(used + n);
        Ok(())
    }

    /// Gives back `n` bytes taken before.
    pub fn give(&self, n: u64) {
        self.0.set(self.0.get().saturating_sub(n));
    }
}

/// The name MySQL gives an internal temporary table in its 1114 text.
pub const TEMP_TABLE_NAME: &str = "/tmp/#sql1_8_0";

/// Rows of a fixed width, packed in arrival order.
#[derive(Debug, Default)]
pub struct PackedRows {
    chunks: Vec<Vec<u8>>,
    rows: u64,
    bytes: u64,
    /// The statement's temporary space its bytes are taken from.
    space: TempSpace,
}

impl Clone for PackedRows {
    /// A copy is a second store: its bytes are taken from the same space (past the bound the
    /// copy still exists; the next row pushed anywhere in the statement fails).
    fn clone(&self) -> PackedRows {
        self.space.0.set(self.space.used().saturating_add(self.bytes));
        PackedRows {
            chunks: self.chunks.clone(),
            rows: self.rows,
            bytes: self.bytes,
            space: self.space.clone(),
        }
    }
}

impl Drop for PackedRows {
    fn drop(&mut self) {
        self.space.give(self.bytes);
    }
}

impl PackedRows {
    /// A store with a temporary space of its own.
    pub fn new() -> PackedRows {
        PackedRows::default()
    }

    /// A store whose bytes count against `space` (the statement's).
    pub fn in_space(space: &TempSpace) -> PackedRows {
        PackedRows { chunks: Vec::new(), rows: 0, bytes: 0, space: space.clone() }
    }

    /// The temporary space the store takes its bytes from.
    pub fn space(&self) -> &TempSpace {
        &self.space
    }

    /// Packs rows already held as values.
    pub fn from_rows(rows: Vec<Row>) -> Result<PackedRows> {
        PackedRows::from_rows_in(rows, &TempSpace::default())
    }

    /// Packs rows already held as values, in the statement's `space`.
    pub fn from_rows_in(rows: Vec<Row>, space: &TempSpace) -> Result<PackedRows> {
        let mut packed = PackedRows::in_space(space);
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
        self.space.take(size as u64)?;
        if size == 0 {
            // A row of no columns takes no bytes: it is counted only (see `visit`).
            self.rows += 1;
            return Ok(());
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
        let size: usize = row.iter().map(packed_size).sum();
        if size == 0 {
            return Ok(0);
        }
        let chunk = self.chunks.len() - 1;
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

    /// The packed bytes of value `column` of the row that starts at `at` (empty for a place
    /// [`Self::push_located`] did not return): equal bytes are equal values.
    pub fn cell_bytes(&self, at: u64, column: usize) -> &[u8] {
        let Some(chunk) = self.chunks.get((at >> 32) as usize) else { return &[] };
        let mut offset = (at & 0xffff_ffff) as usize;
        for _ in 0..column {
            offset = skip(chunk, offset);
        }
        let end = skip(chunk, offset);
        chunk.get(offset..end).unwrap_or(&[])
    }

    /// Decodes value `column` of the row that starts at `at` into `slot` (NULL for a place
    /// [`Self::push_located`] did not return).
    pub fn cell_at(&self, at: u64, column: usize, slot: &mut Value) {
        let bytes = self.cell_bytes(at, column);
        decode(bytes, 0, slot);
    }

    /// Where each row (of `width` values) starts, in order: places for [`Self::read_at`].
    pub fn starts(&self, width: usize) -> Vec<u64> {
        if width == 0 {
            return vec![0; self.rows.min(usize::MAX as u64) as usize];
        }
        let mut out = Vec::with_capacity(self.rows.min(usize::MAX as u64) as usize);
        for (k, chunk) in self.chunks.iter().enumerate() {
            let mut at = 0;
            while at < chunk.len() {
                out.push(((k as u64) << 32) | at as u64);
                for _ in 0..width {
                    at = skip(chunk, at);
                }
            }
        }
        out
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
        if width == 0 {
            // Rows of no columns have no bytes to walk.
            row.clear();
            return (0..self.rows).all(|_| f(row));
        }
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

/// Rows that change after they are written (GROUP BY's aggregate states), each packed in a
/// slot of its own: rewritten in place while it fits the slot's room, else moved to a new
/// slot at the end (the old one left unused, and still counted against the temporary space,
/// as a temporary table's page keeps a row that moved). A slot is given a quarter more room
/// than its first row needs, so that a state growing a little (a count's varint, a longer
/// MIN string) stays in place.
#[derive(Debug, Default)]
pub struct PackedSlots {
    chunks: Vec<Vec<u8>>,
    /// Per slot: its chunk (bits 40 up), its offset in the chunk (bits 16-39) and its room
    /// in bytes (bits 0-15; a slot of more room records 65,535 and is moved on every write
    /// that does not fit that).
    places: Vec<u64>,
    bytes: u64,
    space: TempSpace,
    buf: Vec<u8>,
}

impl Drop for PackedSlots {
    fn drop(&mut self) {
        self.space.give(self.bytes);
    }
}

impl PackedSlots {
    /// Slots whose bytes count against `space` (the statement's).
    pub fn in_space(space: &TempSpace) -> PackedSlots {
        PackedSlots {
            chunks: Vec::new(),
            places: Vec::new(),
            bytes: 0,
            space: space.clone(),
            buf: Vec::new(),
        }
    }

    /// Slots made.
    pub fn len(&self) -> u64 {
        self.places.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }

    /// Packs `row` into a new slot (the next number); ERROR 1114 past the temporary space.
    pub fn add(&mut self, row: &[Value]) -> Result<()> {
        let place = self.place_new(row)?;
        self.places.push(place);
        Ok(())
    }

    /// Packs `row` into slot `slot`, in place when it fits.
    pub fn write(&mut self, slot: u64, row: &[Value]) -> Result<()> {
        let Some(&place) = self.places.get(slot as usize) else { return Ok(()) };
        self.buf.clear();
        row.iter().for_each(|v| encode(v, &mut self.buf));
        let (chunk, offset, room) = split_place(place);
        if self.buf.len() <= room {
            if let Some(c) = self.chunks.get_mut(chunk) {
                c[offset..offset + self.buf.len()].copy_from_slice(&self.buf);
            }
            return Ok(());
        }
        let place = self.place_new(row)?;
        self.places[slot as usize] = place;
        Ok(())
    }

    /// Decodes slot `slot` (of `width` values) into `row` (NULLs for a slot not made).
    pub fn read(&self, slot: u64, width: usize, row: &mut Row) {
        row.resize(width, Value::Null);
        let chunk = self.places.get(slot as usize).and_then(|&p| self.chunks.get(split_place(p).0));
        let Some(chunk) = chunk else {
            row.iter_mut().for_each(|v| *v = Value::Null);
            return;
        };
        let mut at = split_place(self.places[slot as usize]).1;
        for v in row.iter_mut() {
            at = decode(chunk, at, v);
        }
    }

    /// Room for `row` at the end, written there; its place.
    fn place_new(&mut self, row: &[Value]) -> Result<u64> {
        self.buf.clear();
        row.iter().for_each(|v| encode(v, &mut self.buf));
        let size = self.buf.len();
        let room = (size + size / 4).clamp(1, 65_535).max(size);
        self.space.take(room as u64)?;
        self.bytes += room as u64;
        let fits = self.chunks.last().is_some_and(|c| c.capacity() - c.len() >= room);
        if !fits {
            self.chunks.push(Vec::with_capacity(CHUNK_BYTES.max(room)));
        }
        let chunk_no = self.chunks.len() - 1;
        let chunk = &mut self.chunks[chunk_no];
        let offset = chunk.len();
        chunk.extend_from_slice(&self.buf);
        chunk.resize(offset + room, 0);
        Ok(((chunk_no as u64) << 40) | ((offset as u64) << 16) | room.min(65_535) as u64)
    }
}

/// A slot's chunk, offset and room.
fn split_place(place: u64) -> (usize, usize, usize) {
    ((place >> 40) as usize, ((place >> 16) & 0xff_ffff) as usize, (place & 0xffff) as usize)
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
    fn a_slot_is_rewritten_in_place_or_moved() {
        let space = TempSpace::default();
        let mut slots = PackedSlots::in_space(&space);
        for i in 0..1000i64 {
            slots.add(&[Value::Int(i), Value::Null]).unwrap();
        }
        let used = space.used();
        // A count one larger stays in place.
        slots.write(7, &[Value::Int(8), Value::Null]).unwrap();
        assert_eq!(space.used(), used);
        // A long string moves the slot to the end.
        let long = Value::Str("m".repeat(300));
        slots.write(7, &[Value::Int(9), long.clone()]).unwrap();
        assert!(space.used() > used);
        let mut row = Row::new();
        slots.read(7, 2, &mut row);
        assert_eq!(row, vec![Value::Int(9), long]);
        slots.read(6, 2, &mut row);
        assert_eq!(row, vec![Value::Int(6), Value::Null]);
        slots.read(8, 2, &mut row);
        assert_eq!(row, vec![Value::Int(8), Value::Null]);
        slots.read(5000, 2, &mut row);
        assert_eq!(row, vec![Value::Null, Value::Null]);
        drop(slots);
        assert_eq!(space.used(), 0);
    }

    #[test]
    fn rows_of_no_columns_are_counted() {
        let mut packed = PackedRows::new();
        for _ in 0..3 {
            packed.push(&[]).unwrap();
        }
        assert_eq!(packed.len(), 3);
        assert_eq!(packed.to_rows(0), vec![Row::new(); 3]);
        assert_eq!(packed.starts(0).len(), 3);
    }

    #[test]
    fn starts_find_every_row() {
        let mut packed = PackedRows::new();
        let mut places = Vec::new();
        for i in 0..30_000i64 {
            let row = vec![Value::Int(i), Value::Str("q".repeat((i % 89) as usize))];
            places.push(packed.push_located(&row).unwrap());
        }
        assert_eq!(packed.starts(2), places);
    }

    #[test]
    fn a_cell_is_read_alone() {
        let mut packed = PackedRows::new();
        let mut places = Vec::new();
        for row in sample() {
            places.push(packed.push_located(&row).unwrap());
        }
        let mut v = Value::Null;
        for (row, &at) in sample().iter().zip(&places) {
            for (c, want) in row.iter().enumerate() {
                packed.cell_at(at, c, &mut v);
                assert_eq!(&v, want);
                let mut alone = Vec::new();
                encode(want, &mut alone);
                assert_eq!(packed.cell_bytes(at, c), alone.as_slice());
            }
        }
        packed.cell_at(u64::MAX, 1, &mut v);
        assert_eq!(v, Value::Null);
    }

    #[test]
    fn a_statements_stores_share_one_space() {
        let space = TempSpace::default();
        let row = vec![Value::Str("y".repeat(1 << 20))];
        let mut a = PackedRows::in_space(&space);
        let mut b = PackedRows::in_space(&space);
        let mut outcome = Ok(());
        for _ in 0..100 {
            outcome = a.push(&row).and_then(|()| b.push(&row));
            if outcome.is_err() {
                break;
            }
        }
        assert_eq!(outcome.unwrap_err().code, 1114);
        assert_eq!(space.used(), a.bytes() + b.bytes());
        assert!(space.used() <= TEMP_SPACE_BYTES_MAX);
        // A dropped store gives its space back.
        drop(a);
        assert_eq!(space.used(), b.bytes());
        b.push(&row).unwrap();
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
