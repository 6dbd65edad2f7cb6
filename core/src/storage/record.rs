//! InnoDB record sizes for ROW_FORMAT=DYNAMIC tables in utf8mb4 on 16 KB pages: the bytes one
//! row takes as a clustered index leaf record, as a secondary index leaf record and as a node
//! pointer, and the bytes of a page left for records. `btree.rs` turns these into index shapes,
//! and information_schema's DATA_LENGTH / INDEX_LENGTH come from those shapes.
//! Sizes follow `rec_get_converted_size_comp` in storage/innobase/rem/rem0rec.cc.

use crate::storage::schema::{ColumnType, IndexDef, TableDef};
use crate::storage::value::Value;

/// InnoDB's default page size (innodb_page_size = 16K).
pub const PAGE_SIZE_BYTES: u32 = 16384;
/// FIL header at the start of every page (checksum, page number, LSN, type, space id).
pub const FIL_HEADER_BYTES: u32 = 38;
/// FIL trailer at the end of every page (old-style checksum and low 32 bits of the LSN).
pub const FIL_TRAILER_BYTES: u32 = 8;
/// Index page header (PAGE_N_DIR_SLOTS ... PAGE_BTR_SEG_TOP).
pub const PAGE_HEADER_BYTES: u32 = 56;
/// The infimum and supremum system records of a COMPACT/DYNAMIC page (13 bytes each).
pub const INFIMUM_SUPREMUM_BYTES: u32 = 26;
/// The fixed part of a record header in COMPACT/DYNAMIC format (REC_N_NEW_EXTRA_BYTES).
pub const RECORD_HEADER_BYTES: u32 = 5;
/// Hidden DB_TRX_ID column of every clustered index leaf record.
pub const TRX_ID_BYTES: u32 = 6;
/// Hidden DB_ROLL_PTR column of every clustered index leaf record.
pub const ROLL_PTR_BYTES: u32 = 7;
/// Hidden DB_ROW_ID column, the clustered key of a table without a primary key.
pub const ROW_ID_BYTES: u32 = 6;
/// The child page number at the end of a node pointer record.
pub const CHILD_PAGE_NO_BYTES: u32 = 4;
/// One page directory slot.
pub const DIR_SLOT_BYTES: u32 = 2;
/// Records per page directory slot on average. InnoDB gives each slot 4 to 8 records (the
/// infimum's slot owns only itself); we use 6, the middle, so the directory costs one slot per
/// 6 records instead of tracking how inserts split and merged the slots.
pub const RECORDS_PER_DIR_SLOT: u32 = 6;

/// Bytes of a page that hold the record heap and the page directory: everything except the FIL
/// header and trailer, the page header and the infimum/supremum records (16,256 bytes).
pub const PAGE_BODY_BYTES: u32 = PAGE_SIZE_BYTES
    - FIL_HEADER_BYTES
    - FIL_TRAILER_BYTES
    - PAGE_HEADER_BYTES
    - INFIMUM_SUPREMUM_BYTES;

/// Page directory slots of a page holding `records` user records: one for the infimum alone,
/// then the user records and the supremum in groups of [`RECORDS_PER_DIR_SLOT`] (an empty page
/// has two slots, as InnoDB's `page_create` makes it).
pub fn dir_slots(records: u32) -> u32 {
    1 + (records + 1).div_ceil(RECORDS_PER_DIR_SLOT)
}

/// Bytes of a page left for the records themselves once `records` records are on it: 16,384
/// minus the FIL header (38) and trailer (8), the page header (56), the infimum and supremum
/// (26) and the page directory (2 bytes per slot, one slot per 6 records on average). With no
/// records this is 16,252, InnoDB's `page_get_free_space_of_empty`.
pub fn page_usable_bytes(records: u32) -> u32 {
    PAGE_BODY_BYTES.saturating_sub(DIR_SLOT_BYTES * dir_slots(records))
}

/// True for the types InnoDB stores with a length in the variable-length header. CHAR is one of
/// them in utf8mb4: a multi-byte character set with a minimum of 1 byte per character makes
/// CHAR(n) variable-width (`DATA_MYSQL` with `mbminlen != mbmaxlen`).
fn is_variable(ty: &ColumnType) -> bool {
    matches!(
        ty,
        ColumnType::Char(_)
            | ColumnType::Varchar(_)
            | ColumnType::Text(_)
            | ColumnType::VarBinary(_)
            | ColumnType::Blob(_)
            | ColumnType::Json
    )
}

/// The most bytes a value of a variable-length type can take (4 per utf8mb4 character). Above
/// 255, a length of 128 or more needs a 2-byte entry in the variable-length header.
fn max_bytes(ty: &ColumnType) -> u32 {
    match ty {
        ColumnType::Char(n) | ColumnType::Varchar(n) => n.saturating_mul(4),
        ColumnType::Text(size) => u32::try_from(size.max_bytes()).unwrap_or(u32::MAX),
        ColumnType::VarBinary(n) => *n,
        ColumnType::Blob(size) => u32::try_from(size.max_bytes()).unwrap_or(u32::MAX),
        // A LONGBLOB underneath.
        ColumnType::Json => u32::MAX,
        _ => 0,
    }
}

/// Bytes a DECIMAL(precision, scale) takes in MySQL's packed binary form: 4 bytes per 9
/// digits, leftover digits by `dig2bytes`, integer and fraction parts packed separately.
pub fn decimal_bytes(precision: u8, scale: u8) -> u32 {
    const DIG2BYTES: [u32; 10] = [0, 1, 1, 2, 2, 3, 3, 4, 4, 4];
    let intg = u32::from(precision.saturating_sub(scale));
    let frac = u32::from(scale);
    let part = |digits: u32| (digits / 9) * 4 + DIG2BYTES[(digits % 9) as usize];
    part(intg) + part(frac)
}

/// The longest BLOB value counted inline in its record (the simplification in
/// [`value_bytes`]): half of an empty page's free space, InnoDB's limit for a record
/// (`page_get_free_space_of_empty() / 2`).
const BLOB_INLINE_BYTES: u32 = PAGE_BODY_BYTES / 2;

/// The off-page pointer DYNAMIC leaves in the record for a BLOB moved out of it
/// (BTR_EXTERN_FIELD_REF_SIZE).
const BLOB_POINTER_BYTES: u32 = 20;

/// Length in bytes of the text of a value stored in a string column.
fn text_len(v: &Value) -> u32 {
    match v {
        Value::Str(s) => s.len() as u32,
        Value::Bin(b) => b.len() as u32,
        Value::Null => 0,
        other => other.to_text().map_or(0, |t| t.len() as u32),
    }
}

/// Bytes a non-NULL value takes in the record's data part.
///
/// CHAR(n) in utf8mb4: InnoDB trims trailing spaces but never below n bytes
/// (`row_mysql_store_col_in_innobase_format`), so 'abc' in CHAR(10) takes 10 bytes and a
/// 119-character ASCII value in CHAR(120) takes 120. VARCHAR, TEXT and BLOB take their actual
/// length. InnoDB's DYNAMIC format moves a long TEXT/BLOB value off-page (leaving a 20-byte
/// pointer) when the record would not fit in half a page; we always count the value inline
/// because none of our generated rows comes near that limit.
pub fn value_bytes(ty: &ColumnType, v: &Value) -> u32 {
    match ty {
        ColumnType::TinyInt => 1,
        ColumnType::SmallInt => 2,
        ColumnType::MediumInt => 3,
        ColumnType::Int => 4,
        ColumnType::BigInt => 8,
        ColumnType::Decimal { precision, scale } => decimal_bytes(*precision, *scale),
        ColumnType::Float => 4,
        ColumnType::Double => 8,
        ColumnType::Date => 3,
        ColumnType::DateTime => 5,
        ColumnType::Timestamp => 4,
        ColumnType::Time(fsp) => crate::storage::schema::time_bytes(*fsp),
        ColumnType::Enum(values) => {
            if values.len() <= 255 {
                1
            } else {
                2
            }
        }
        ColumnType::Char(n) => {
            let trimmed = match v {
                Value::Str(s) => s.trim_end_matches(' ').len() as u32,
                other => text_len(other),
            };
            trimmed.max(*n)
        }
        ColumnType::Varchar(_) | ColumnType::Text(_) => text_len(v),
        // BINARY(n) is fixed-width: n bytes, padded when stored.
        ColumnType::Binary(n) => *n,
        ColumnType::VarBinary(_) => text_len(v),
        // Simplification: InnoDB's DYNAMIC format keeps a BLOB value inline only while the
        // whole record fits in half a page, and otherwise moves its longest values off-page
        // leaving a 20-byte pointer each; here each BLOB value is judged alone (one that
        // alone cannot fit in half a page counts as the pointer, any other inline), and the
        // overflow pages of a value moved off-page are not read through the buffer pool.
        ColumnType::Blob(_) => match text_len(v) {
            n if n <= BLOB_INLINE_BYTES => n,
            _ => BLOB_POINTER_BYTES,
        },
        // Simplification: the normal text's length, not MySQL's binary JSON format's.
        ColumnType::Json => text_len(v),
    }
}

/// Bytes of the variable-length header entry for a non-NULL value of `len` bytes: one byte,
/// or two when the value is 128 bytes or longer and the column could exceed 255 bytes.
fn var_header_bytes(ty: &ColumnType, len: u32) -> u32 {
    let big = max_bytes(ty) > 255 || matches!(ty, ColumnType::Text(_) | ColumnType::Blob(_));
    if !is_variable(ty) {
        0
    } else if len < 128 || !big {
        1
    } else {
        2
    }
}

/// Running total of one record's size: header, null bitmap, variable-length header and data.
struct RecordSize {
    header: u32,
    data: u32,
}

impl RecordSize {
    /// A record whose null bitmap covers `nullable` columns (one bit each, rounded up to bytes).
    fn new(nullable: u32) -> RecordSize {
        RecordSize { header: RECORD_HEADER_BYTES + nullable.div_ceil(8), data: 0 }
    }

    /// Adds column `pos` of `def` with its value from `row` (missing values count as NULL).
    fn column(&mut self, def: &TableDef, pos: u32, row: &[Value]) {
        let Some(col) = def.columns.get(pos as usize) else { return };
        let v = row.get(pos as usize).unwrap_or(&Value::Null);
        if v.is_null() {
            // A NULL takes only its null-bitmap bit.
            return;
        }
        let len = value_bytes(&col.ty, v);
        self.header += var_header_bytes(&col.ty, len);
        self.data += len;
    }

    fn total(&self) -> u32 {
        self.header + self.data
    }
}

/// The clustered key columns, or None when the table has no primary key (InnoDB then picks the
/// first UNIQUE index over NOT NULL columns, or else a hidden 6-byte DB_ROW_ID; we always use
/// DB_ROW_ID because the generated datasets all have a primary key).
fn primary_columns(def: &TableDef) -> Option<&[u32]> {
    def.primary().map(|p| p.columns.as_slice())
}

/// Nullable columns among `positions` (the bits of that index's null bitmap).
fn nullable_among(def: &TableDef, positions: impl Iterator<Item = u32>) -> u32 {
    positions.filter(|&p| def.columns.get(p as usize).is_some_and(|c| c.nullable)).count() as u32
}

/// The columns of a secondary index record: its key columns, then the primary key columns not
/// already in the key (InnoDB's `dict_index_build_internal_non_clust`).
fn secondary_fields<'d>(
    def: &'d TableDef,
    index: &'d IndexDef,
) -> impl Iterator<Item = u32> + Clone + 'd {
    // An iterator, not a Vec: sizing samples thousands of rows per table at boot, and a
    // list per row was most of a server start's allocations.
    let pk = primary_columns(def).unwrap_or(&[]);
    let extra = pk.iter().copied().filter(|p| !index.columns.contains(p));
    index.columns.iter().copied().chain(extra)
}

/// Bytes of a leaf record of the clustered index for this row: the 5-byte record header, the
/// null bitmap (one bit per nullable column), the variable-length header (1 or 2 bytes per
/// non-NULL variable-length column), the primary key columns, DB_TRX_ID (6) and DB_ROLL_PTR
/// (7), then the other columns. NULL values take no data bytes.
pub fn clustered_record_bytes(def: &TableDef, row: &[Value]) -> u32 {
    let n = def.columns.len() as u32;
    let mut size = RecordSize::new(nullable_among(def, 0..n));
    let pk = primary_columns(def);
    match pk {
        Some(cols) => cols.iter().for_each(|&p| size.column(def, p, row)),
        None => size.data += ROW_ID_BYTES,
    }
    size.data += TRX_ID_BYTES + ROLL_PTR_BYTES;
    for p in 0..n {
        if !pk.is_some_and(|cols| cols.contains(&p)) {
            size.column(def, p, row);
        }
    }
    size.total()
}

/// Bytes of a secondary index leaf record: header, null bitmap (nullable key columns), variable-
/// length header, the key columns, then the primary key columns not already in the key (or the
/// 6-byte DB_ROW_ID of a table without a primary key). Column prefix lengths are not modelled:
/// a key column counts in full.
pub fn secondary_record_bytes(def: &TableDef, index: &IndexDef, row: &[Value]) -> u32 {
    if index.primary {
        return clustered_record_bytes(def, row);
    }
    let fields = secondary_fields(def, index);
    let mut size = RecordSize::new(nullable_among(def, fields.clone()));
    fields.for_each(|p| size.column(def, p, row));
    if primary_columns(def).is_none() {
        size.data += ROW_ID_BYTES;
    }
    size.total()
}

/// Bytes of a node pointer record on a non-leaf page of `index`, for the key of this row:
/// header, null bitmap, variable-length header, the key prefix and the 4-byte child page number.
///
/// The key prefix is the primary key for the clustered index and, for a secondary index, its
/// key columns plus the primary key columns. The brief asked for the primary key columns only
/// in non-unique indexes; InnoDB since 5.7 puts them in every secondary node pointer, unique or
/// not (`dict_index_get_n_unique_in_tree_nonleaf`), so we do too. The null bitmap is as wide as
/// the index's leaf records' (InnoDB sizes it by the index's `n_nullable`, even though the key
/// prefix of a clustered index cannot be NULL).
pub fn node_pointer_bytes(def: &TableDef, index: &IndexDef, row: &[Value]) -> u32 {
    let n = def.columns.len() as u32;
    let mut size = if index.primary {
        let mut size = RecordSize::new(nullable_among(def, 0..n));
        index.columns.iter().for_each(|&p| size.column(def, p, row));
        size
    } else {
        let fields = secondary_fields(def, index);
        let mut size = RecordSize::new(nullable_among(def, fields.clone()));
        fields.for_each(|p| size.column(def, p, row));
        size
    };
    if primary_columns(def).is_none() {
        size.data += ROW_ID_BYTES;
    }
    size.total() + CHILD_PAGE_NO_BYTES
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::schema::ColumnDef;
    use crate::storage::value::Decimal;

    fn idx(name: &str, columns: Vec<u32>, primary: bool) -> IndexDef {
        IndexDef { name: name.into(), columns, unique: primary, primary, visible: true }
    }

    #[test]
    fn page_body_and_directory() {
        assert_eq!(PAGE_BODY_BYTES, 16_256);
        // An empty page: infimum and supremum slots, 16,252 free as InnoDB reports.
        assert_eq!(page_usable_bytes(0), 16_252);
        // 65 records: 1 + ceil(66 / 6) = 12 slots = 24 bytes.
        assert_eq!(page_usable_bytes(65), 16_256 - 24);
    }

    #[test]
    fn type_sizes() {
        assert_eq!(decimal_bytes(10, 2), 5); // 8 integer digits: 4 bytes; 2 fraction digits: 1
        assert_eq!(decimal_bytes(18, 9), 8);
        assert_eq!(decimal_bytes(65, 30), 30); // 35 + 30 digits: (3*4+4) + (3*4+2)
        let s = |t: &str| Value::Str(t.into());
        assert_eq!(value_bytes(&ColumnType::Char(10), &s("abc")), 10);
        assert_eq!(value_bytes(&ColumnType::Char(2), &s("abc  ")), 3);
        assert_eq!(value_bytes(&ColumnType::Varchar(10), &s("héllo")), 6);
        let money = ColumnType::Decimal { precision: 10, scale: 2 };
        assert_eq!(value_bytes(&money, &Value::Int(1)), 5);
        assert_eq!(var_header_bytes(&ColumnType::Varchar(255), 127), 1);
        assert_eq!(var_header_bytes(&ColumnType::Varchar(255), 128), 2);
        // VARCHAR(50) in utf8mb4 can reach 200 bytes: never more than one length byte.
        assert_eq!(var_header_bytes(&ColumnType::Varchar(50), 150), 1);
        assert_eq!(
            var_header_bytes(&ColumnType::Text(crate::storage::schema::BlobSize::Regular), 200),
            2
        );
        assert_eq!(var_header_bytes(&ColumnType::Int, 4), 0);
    }

    #[test]
    fn hand_computed_products_row() {
        let def = TableDef {
            constraints: Default::default(),
            partitioning: None,
            schema: "shop".into(),
            name: "products".into(),
            columns: vec![
                ColumnDef::new("id", ColumnType::Int).auto_increment(),
                ColumnDef::new("category_id", ColumnType::Int).nullable(),
                ColumnDef::new("title", ColumnType::Varchar(100)),
                ColumnDef::new("price", ColumnType::Decimal { precision: 10, scale: 2 }),
                ColumnDef::new("stock", ColumnType::Int),
            ],
            indexes: vec![idx("PRIMARY", vec![0], true), idx("category_id", vec![1], false)],
        };
        let row = vec![
            Value::Int(7),
            Value::Int(2),
            Value::Str("Mechanical Keyboard".into()), // 19 bytes
            Value::Decimal(Decimal::new(8999, 2)),
            Value::Int(40),
        ];
        // 5 header + 1 null bitmap (category_id) + 1 var-len byte (title) + 4 id + 6 + 7
        // + 4 category_id + 19 title + 5 price + 4 stock = 56
        assert_eq!(clustered_record_bytes(&def, &row), 56);
        let mut with_null = row.clone();
        with_null[1] = Value::Null;
        assert_eq!(clustered_record_bytes(&def, &with_null), 52);
        // Secondary (category_id): 5 + 1 null bitmap + 4 category_id + 4 id = 14
        assert_eq!(secondary_record_bytes(&def, &def.indexes[1], &row), 14);
        // Its node pointer adds the 4-byte child page number: 18
        assert_eq!(node_pointer_bytes(&def, &def.indexes[1], &row), 18);
        // Clustered node pointer: 5 + 1 (the table's null bitmap) + 4 id + 4 child = 14
        assert_eq!(node_pointer_bytes(&def, &def.indexes[0], &row), 14);
    }

    #[test]
    fn no_primary_key_uses_row_id() {
        let def = TableDef {
            constraints: Default::default(),
            partitioning: None,
            schema: "s".into(),
            name: "t".into(),
            columns: vec![ColumnDef::new("a", ColumnType::Int)],
            indexes: vec![idx("a", vec![0], false)],
        };
        let row = vec![Value::Int(1)];
        // 5 header + 6 DB_ROW_ID + 6 + 7 + 4 = 28
        assert_eq!(clustered_record_bytes(&def, &row), 28);
        // 5 header + 4 a + 6 DB_ROW_ID = 15
        assert_eq!(secondary_record_bytes(&def, &def.indexes[0], &row), 15);
    }
}
