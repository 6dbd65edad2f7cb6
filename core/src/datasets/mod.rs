//! The datasets an experiment can start with: `shop` (the chapter's teaching shop plus a
//! 3-million-row click log) and `sysbench` (sbtestN tables as `sysbench oltp_read_write
//! prepare` leaves them). A dataset is table definitions plus row generators: row `i` of a
//! table is a pure function of the seed, the table and `i`, so nothing is stored until a
//! statement changes it, and the same seed gives the same rows natively and in wasm32.

pub mod shop;
pub mod sysbench;
mod text;

use crate::sim::rng::splitmix64;
use crate::storage::btree::FillPolicy;
use crate::storage::schema::{RowGenerator, TableDef};

/// One table of a dataset, ready for the storage engine.
#[derive(Debug)]
pub struct DatasetTable {
    /// The table's definition (schema `shop` or `sbtest`).
    pub def: TableDef,
    /// Makes the table's initial rows on demand.
    pub generator: Box<dyn RowGenerator>,
    /// The AUTO_INCREMENT value the next insert gets (rows + 1).
    pub auto_increment_next: u64,
    /// How the clustered index's pages were filled.
    pub fill: FillPolicy,
    /// How the secondary indexes' pages were filled: a sorted build when they were added after
    /// loading (sysbench's `CREATE INDEX k_N`, the shop's `idx_referrer`), inserts otherwise.
    pub secondary_fill: FillPolicy,
}

/// A dataset's name and one-line description, for `--dataset` help and the web UI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DatasetInfo {
    /// The name [`build`] takes.
    pub name: &'static str,
    /// One line for help texts.
    pub description: &'static str,
}

/// The known datasets.
pub const DATASETS: &[DatasetInfo] = &[
    DatasetInfo { name: "none", description: "no tables: an empty server" },
    DatasetInfo {
        name: "shop",
        description: "schema shop: categories, products, customers, orders, order_items \
                      and a 3,000,000-row page_views click log (723 MB data, 157 MB index)",
    },
    DatasetInfo {
        name: "sysbench",
        description: "schema sbtest: sbtest1..sbtestN as sysbench oltp_read_write prepare \
                      makes them (default 1 table of 10,000 rows)",
    },
];

/// Options of [`build`].
#[derive(Clone, Debug, PartialEq)]
pub struct DatasetOptions {
    /// Multiplies the rows of the big tables (page_views, sbtestN): rows = round(n x scale),
    /// at least 1. The one float here: it only sizes tables, computed once, and rounding a
    /// product is exact on every target.
    pub scale: f64,
    /// sysbench `--tables`.
    pub sysbench_tables: u32,
    /// sysbench `--table_size` (rows per table before `scale`).
    pub sysbench_table_size: u64,
}

impl Default for DatasetOptions {
    fn default() -> Self {
        DatasetOptions { scale: 1.0, sysbench_tables: 1, sysbench_table_size: 10_000 }
    }
}

/// The most sysbench tables we build: 100,000 definitions take about 100 MB, which is where a
/// browser tab starts to suffer.
pub const MAX_SYSBENCH_TABLES: u32 = 100_000;

/// Builds the tables of dataset `name` for `seed`.
/// A catalog holding the dataset `name`'s tables, each in its own tablespace (in the order
/// they were created, so user tablespaces start at space id 2 as on a fresh server).
pub fn catalog(
    name: &str,
    seed: u64,
    options: &DatasetOptions,
) -> Result<crate::storage::catalog::Catalog, String> {
    let mut catalog = crate::storage::catalog::Catalog::new();
    for t in build(name, seed, options)? {
        let schema = t.def.schema.clone();
        catalog.create_database(&schema);
        let space_id = catalog.allocate_space_id();
        catalog.add_table(crate::storage::table::Table::generated(
            t.def,
            space_id,
            t.generator,
            t.auto_increment_next,
            t.fill,
            t.secondary_fill,
        ));
    }
    Ok(catalog)
}

pub fn build(name: &str, seed: u64, options: &DatasetOptions) -> Result<Vec<DatasetTable>, String> {
    if !options.scale.is_finite() || options.scale <= 0.0 {
        return Err(format!("dataset scale must be a positive number, not {}", options.scale));
    }
    match name.to_ascii_lowercase().as_str() {
        "none" => Ok(Vec::new()),
        "shop" => Ok(shop::build(seed, options.scale)),
        "sysbench" => {
            if options.sysbench_tables == 0 || options.sysbench_tables > MAX_SYSBENCH_TABLES {
                return Err(format!(
                    "sysbench tables must be between 1 and {MAX_SYSBENCH_TABLES}, not {}",
                    options.sysbench_tables
                ));
            }
            let rows = scaled_rows(options.sysbench_table_size, options.scale);
            Ok(sysbench::build(seed, options.sysbench_tables, rows))
        }
        _ => {
            let known: Vec<&str> = DATASETS.iter().map(|d| d.name).collect();
            Err(format!("unknown dataset '{name}' (known: {})", known.join(", ")))
        }
    }
}

/// `round(rows x scale)`, at least 1.
pub fn scaled_rows(rows: u64, scale: f64) -> u64 {
    // f64 multiplication and round() are IEEE-exact operations, identical on every target.
    let r = (rows as f64 * scale).round();
    if r >= u64::MAX as f64 {
        u64::MAX
    } else {
        (r as u64).max(1)
    }
}

/// Golden-ratio increment of splitmix64, used to space row and column streams apart.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// Counter-based randomness for generated rows: a value is `splitmix64` of (table key, row,
/// column, draw), so any column of any row can be computed alone, in any order, for a few
/// nanoseconds. Seeding a ChaCha stream per row would cost far more than the row itself.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowHash(u64);

impl RowHash {
    /// The hash state of row `i` of the table whose key is `table_key`.
    pub(crate) fn row(table_key: u64, i: u64) -> RowHash {
        RowHash(splitmix64(table_key ^ splitmix64(i)))
    }

    /// Draw number `n` of column (or purpose) `col` of this row.
    pub(crate) fn draw(self, col: u64, n: u64) -> u64 {
        splitmix64(self.0.wrapping_add(col.wrapping_mul(GAMMA)) ^ n.wrapping_mul(GAMMA << 1))
    }
}

/// A uniform integer in `0..n` from a 64-bit hash (multiply-shift: no division, and a bias of
/// at most n / 2^64, below 10^-8 for the ranges we use): the high 64 bits of `hash * n`.
#[inline(always)]
pub(crate) fn below(hash: u64, n: u64) -> u64 {
    // wasm32 has no 64x64->128 multiply: a u128 product is a call to compiler-builtins'
    // `__multi3` (four multiplications), which the scan paid on every row. For an `n` that
    // fits 32 bits two 64-bit multiplications give the same high half (`below_by_halves`).
    #[cfg(target_arch = "wasm32")]
    if n <= u64::from(u32::MAX) {
        return below_by_halves(hash, n);
    }
    ((u128::from(hash) * u128::from(n)) >> 64) as u64
}

/// `(hash * n) >> 64` for `n < 2^32`, from the hash's 32-bit halves. As `hash * n` is
/// `hi * n * 2^32 + lo * n`, its high half is `(hi * n + (lo * n >> 32)) >> 32`, exactly
/// (the floor of the inner division can be taken first, as `hi * n` is whole). Neither
/// product nor their sum overflows 64 bits: `hi * n <= (2^32 - 1)^2 = 2^64 - 2^33 + 1`, and
/// `lo * n >> 32` is below `2^32`.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[inline(always)]
fn below_by_halves(hash: u64, n: u64) -> u64 {
    let (hi, lo) = (hash >> 32, hash & 0xffff_ffff);
    (hi * n + ((lo * n) >> 32)) >> 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_by_halves_is_the_u128_product_high_half() {
        let wide = |h: u64, n: u64| ((u128::from(h) * u128::from(n)) >> 64) as u64;
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        let ns = [1, 2, 3, 7, 10, 100, 1_000, 65_536, 3_000_000, u64::from(u32::MAX)];
        for k in 0..20_000u64 {
            h = splitmix64(h ^ k);
            for &n in &ns {
                assert_eq!(below_by_halves(h, n), wide(h, n), "hash {h:#x}, n {n}");
            }
        }
        for &h in &[0, 1, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 32) - 1, 1 << 32] {
            for &n in &ns {
                assert_eq!(below_by_halves(h, n), wide(h, n), "hash {h:#x}, n {n}");
                assert_eq!(below(h, n), wide(h, n));
            }
        }
    }

    #[test]
    fn unknown_dataset_names_the_known_ones() {
        let err = build("nope", 1, &DatasetOptions::default()).unwrap_err();
        assert_eq!(err, "unknown dataset 'nope' (known: none, shop, sysbench)");
        assert!(build("none", 1, &DatasetOptions::default()).unwrap().is_empty());
    }

    #[test]
    fn scaling_rounds_and_keeps_one_row() {
        assert_eq!(scaled_rows(3_000_000, 1.0), 3_000_000);
        assert_eq!(scaled_rows(3_000_000, 0.001), 3_000);
        assert_eq!(scaled_rows(10, 0.04), 1);
        assert_eq!(scaled_rows(10, 0.25), 3); // 2.5 rounds away from zero
    }
}
