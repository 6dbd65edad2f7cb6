//! sysbench's tables, as `sysbench oltp_read_write prepare` creates and fills them (MYSQL_SPEC
//! section 12): schema `sbtest`, tables sbtest1..sbtestN with an AUTO_INCREMENT id, an integer
//! k indexed by k_N (created after loading), and CHAR columns c and pad of random digit groups.
//! A table costs a definition and a 16-byte generator, so 25,000 tables build in milliseconds.

use super::{below, DatasetTable, RowHash};
use crate::sim::rng::{splitmix64, SimRng};
use crate::storage::btree::FillPolicy;
use crate::storage::schema::{ColumnDef, ColumnSet, ColumnType, IndexDef, RowGenerator, TableDef};
use crate::storage::value::Value;

/// Digits per group in c and pad (`###########`).
const GROUP_DIGITS: usize = 11;
/// Groups in c: 10 x 11 digits joined by '-' = 119 characters in a CHAR(120).
const C_GROUPS: u64 = 10;
/// Groups in pad: 5 x 11 digits joined by '-' = 59 characters in a CHAR(60).
const PAD_GROUPS: u64 = 5;
/// 10^11: one group's range.
const GROUP_RANGE: u64 = 100_000_000_000;

const DRAW_K: u64 = 1;
const DRAW_C: u64 = 2;
const DRAW_PAD: u64 = 3;

/// The definition of table `sbtest<n>` exactly as sysbench's oltp_common.lua creates it.
pub fn table_def(n: u32) -> TableDef {
    TableDef {
        constraints: Default::default(),
        partitioning: None,
        schema: "sbtest".into(),
        name: format!("sbtest{n}"),
        columns: vec![
            ColumnDef::new("id", ColumnType::Int).auto_increment(),
            ColumnDef::new("k", ColumnType::Int).default(Value::Int(0)),
            ColumnDef::new("c", ColumnType::Char(120)).default(Value::Str(String::new())),
            ColumnDef::new("pad", ColumnType::Char(60)).default(Value::Str(String::new())),
        ],
        indexes: vec![IndexDef::primary(vec![0]), IndexDef::key(&format!("k_{n}"), vec![1])],
    }
}

/// The rows of one sbtest table.
#[derive(Debug)]
pub struct SbtestRows {
    rows: u64,
    key: u64,
}

impl SbtestRows {
    /// Generator of table number `n` (1-based) with `rows` rows under `base_key`.
    fn new(base_key: u64, n: u32, rows: u64) -> SbtestRows {
        SbtestRows { rows, key: splitmix64(base_key ^ splitmix64(u64::from(n))) }
    }

    /// `groups` groups of 11 random digits joined by '-'. Written as bytes into one buffer:
    /// a range SELECT makes a hundred of these per statement, so this is a hot path.
    #[cfg(test)]
    fn digit_groups(h: RowHash, draw: u64, groups: u64) -> String {
        let mut out = String::new();
        Self::write_digit_groups(h, draw, groups, &mut out);
        out
    }

    /// [`Self::digit_groups`] into `out`, replacing what it held: a reused row keeps its
    /// string's buffer, so a scan does not allocate a text per row.
    fn write_digit_groups(h: RowHash, draw: u64, groups: u64, out: &mut String) {
        // Bounded: 10 groups of 11 digits and their dashes.
        let mut buf = [b'-'; C_GROUPS as usize * (GROUP_DIGITS + 1)];
        let groups = groups.min(C_GROUPS);
        for g in 0..groups {
            // sysbench draws each digit uniformly; one uniform draw below 10^11 gives the
            // same distribution for the whole group.
            let v = below(h.draw(draw, g), GROUP_RANGE);
            // 11 digits as 3 + 4 + 4, each from one table read: two divisions a group.
            let (high, low) = ((v / 100_000_000) as usize, (v % 100_000_000) as u32);
            let (mid, last) = ((low / 10_000) as usize, (low % 10_000) as usize);
            let digits = &mut buf[g as usize * (GROUP_DIGITS + 1)..][..GROUP_DIGITS];
            digits[..3].copy_from_slice(&DIGIT_QUADS[high][1..]);
            digits[3..7].copy_from_slice(&DIGIT_QUADS[mid]);
            digits[7..].copy_from_slice(&DIGIT_QUADS[last]);
        }
        // The groups and the dashes between them (none after the last).
        let len = (groups as usize * (GROUP_DIGITS + 1)).saturating_sub(1);
        out.clear();
        // Digits and dashes only: always ASCII.
        out.push_str(std::str::from_utf8(&buf[..len]).unwrap_or_default());
    }

    /// Sets `slot` to the digit groups, in the string it already holds when it holds one.
    fn fill_text(h: RowHash, draw: u64, groups: u64, slot: &mut Value) {
        if let Value::Str(s) = slot {
            Self::write_digit_groups(h, draw, groups, s);
        } else {
            let mut s = String::with_capacity(groups as usize * (GROUP_DIGITS + 1));
            Self::write_digit_groups(h, draw, groups, &mut s);
            *slot = Value::Str(s);
        }
    }
}

/// "0000", "0001", ... "9999": four digits of a group from one table read (40 KB, built at
/// compile time).
static DIGIT_QUADS: [[u8; 4]; 10_000] = digit_quads();

const fn digit_quads() -> [[u8; 4]; 10_000] {
    let mut table = [[0u8; 4]; 10_000];
    let mut i = 0;
    while i < 10_000 {
        table[i] = [
            b'0' + (i / 1000) as u8,
            b'0' + (i / 100 % 10) as u8,
            b'0' + (i / 10 % 10) as u8,
            b'0' + (i % 10) as u8,
        ];
        i += 1;
    }
    table
}

impl RowGenerator for SbtestRows {
    fn row_count(&self) -> u64 {
        self.rows
    }

    /// Two INTs and two texts of fixed length (119 and 59 digits and dashes): every record
    /// is the same size, so 25,000 tables are sized from one row each.
    fn rows_alike_in_size(&self) -> bool {
        true
    }

    fn fill_row(&self, i: u64, wanted: ColumnSet, out: &mut [Value]) {
        let len = out.len();
        let want = |c: usize| c < len && wanted.contains(c);
        let h = RowHash::row(self.key, i);
        // The texts are written into the strings the slots hold (no allocation per row);
        // every other slot is cleared.
        for (c, slot) in out.iter_mut().enumerate() {
            if !(c == 2 || c == 3) || !want(c) {
                *slot = Value::Null;
            }
        }
        if want(0) {
            out[0] = Value::Int(i as i64 + 1);
        }
        if want(1) {
            // sysbench 1.0.x draws k with its default --rand-type (`special`); the spec and
            // 1.1 use uniform 1..=table_size, and so do we.
            out[1] = Value::Int(1 + below(h.draw(DRAW_K, 0), self.rows.max(1)) as i64);
        }
        if want(2) {
            Self::fill_text(h, DRAW_C, C_GROUPS, &mut out[2]);
        }
        if want(3) {
            Self::fill_text(h, DRAW_PAD, PAD_GROUPS, &mut out[3]);
        }
    }
}

/// `tables` tables of `rows` rows each, loaded in id order with k_N created afterwards (a
/// sorted index build at innodb_fill_factor 100).
pub fn build(seed: u64, tables: u32, rows: u64) -> Vec<DatasetTable> {
    let base_key = SimRng::derive_named(seed, "data/sbtest").next_u64();
    (1..=tables)
        .map(|n| DatasetTable {
            def: table_def(n),
            generator: Box::new(SbtestRows::new(base_key, n, rows)),
            auto_increment_next: rows + 1,
            fill: FillPolicy::SequentialInserts,
            secondary_fill: FillPolicy::SortedBuild { fill_factor_pct: 100 },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_groups_are_each_draw_in_eleven_digits() {
        for key in [0u64, 1, 42, u64::MAX / 3, u64::MAX] {
            let h = RowHash::row(key, key.wrapping_mul(7));
            let c = SbtestRows::digit_groups(h, DRAW_C, C_GROUPS);
            // The plain decimal writing of every group's draw, zero-padded.
            let expected: Vec<String> = (0..C_GROUPS)
                .map(|g| format!("{:011}", below(h.draw(DRAW_C, g), GROUP_RANGE)))
                .collect();
            assert_eq!(c, expected.join("-"));
            assert_eq!(c.len(), 119);
        }
    }

    #[test]
    fn definition_matches_sysbench() {
        let def = table_def(7);
        assert_eq!(
            def.show_create(Some(10_001)),
            "CREATE TABLE `sbtest7` (\n  `id` int NOT NULL AUTO_INCREMENT,\n  `k` int NOT NULL \
             DEFAULT '0',\n  `c` char(120) NOT NULL DEFAULT '',\n  `pad` char(60) NOT NULL \
             DEFAULT '',\n  PRIMARY KEY (`id`),\n  KEY `k_7` (`k`)\n) ENGINE=InnoDB \
             AUTO_INCREMENT=10001 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"
        );
    }
}
