//! The datasets against the chapter's figures, through the public API only: page_views' sizes
//! as information_schema.TABLES would report them (723 MB data, 157 MB index), determinism
//! and distinct referrers, the cost of generating a full scan's rows, sysbench's 25,000-table
//! build and row format, and hand-computed InnoDB record sizes.
//! Run with `-- --nocapture` to see the figures; speed bounds hold only in release builds.

use std::time::Instant;

use tunelab_core::datasets::{self, DatasetOptions, DatasetTable};
use tunelab_core::sql::Value;
use tunelab_core::storage::btree::{geometry, FillPolicy, IndexGeometry};
use tunelab_core::storage::record::{
    clustered_record_bytes, node_pointer_bytes, secondary_record_bytes, PAGE_SIZE_BYTES,
};
use tunelab_core::storage::schema::{ColumnSet, IndexDef, TableDef};

const MB: u64 = 1024 * 1024;
/// The chapter's figures for page_views (Section 3.13.7), in bytes.
const CHAPTER_DATA_LENGTH: u64 = 758_120_448;
const CHAPTER_INDEX_LENGTH: u64 = 164_626_432;
/// Rows averaged for the record sizes, evenly spaced over the table.
const SAMPLE_ROWS: u64 = 10_000;

fn shop(seed: u64) -> Vec<DatasetTable> {
    datasets::build("shop", seed, &DatasetOptions::default()).expect("shop builds")
}

fn table<'a>(tables: &'a [DatasetTable], name: &str) -> &'a DatasetTable {
    tables.iter().find(|t| t.def.name == name).expect("table exists")
}

fn row(t: &DatasetTable, i: u64) -> Vec<Value> {
    let n = t.def.columns.len();
    let mut out = vec![Value::Null; n];
    t.generator.fill_row(i, ColumnSet::ALL, &mut out);
    out
}

/// Average, rounded to the nearest byte, of `size` over `SAMPLE_ROWS` evenly spaced rows.
fn sampled_average(t: &DatasetTable, size: impl Fn(&TableDef, &[Value]) -> u32) -> u32 {
    let rows = t.generator.row_count();
    let samples = SAMPLE_ROWS.min(rows);
    let total: u64 =
        (0..samples).map(|s| u64::from(size(&t.def, &row(t, s * rows / samples)))).sum();
    ((total + samples / 2) / samples) as u32
}

/// The geometry of one index as information_schema would derive it: sampled average record
/// and node pointer sizes, then the B+tree shape.
fn index_geometry(t: &DatasetTable, index: &IndexDef) -> (IndexGeometry, u32, u32) {
    let (leaf, fill) = if index.primary {
        (sampled_average(t, clustered_record_bytes), t.fill)
    } else {
        (sampled_average(t, |d, r| secondary_record_bytes(d, index, r)), t.secondary_fill)
    };
    let pointer = sampled_average(t, |d, r| node_pointer_bytes(d, index, r));
    (geometry(t.generator.row_count(), leaf, pointer, fill), leaf, pointer)
}

fn within(actual: u64, expected: u64, pct: u64) -> bool {
    actual.abs_diff(expected) * 100 <= expected * pct
}

#[test]
fn page_views_sizes_match_the_chapter() {
    let tables = shop(42);
    let pv = table(&tables, "page_views");
    let rows = pv.generator.row_count();
    assert_eq!(rows, 3_000_000);
    let mut data_length = 0;
    let mut index_length = 0;
    for index in &pv.def.indexes {
        let (g, leaf, pointer) = index_geometry(pv, index);
        println!(
            "{:>12}: leaf record {leaf} B, node pointer {pointer} B, {} records/leaf, {} \
             pointers/page, {} leaf + {} non-leaf pages, height {}, {} pages allocated",
            index.name,
            g.records_per_leaf,
            g.node_pointers_per_page,
            g.leaf_pages,
            g.non_leaf_pages,
            g.height,
            g.allocated_pages
        );
        let bytes = g.allocated_pages * u64::from(PAGE_SIZE_BYTES);
        if index.primary {
            data_length += bytes;
        } else {
            index_length += bytes;
        }
    }
    let avg_row_length = data_length / rows;
    println!(
        "page_views: TABLE_ROWS {rows}, AVG_ROW_LENGTH {avg_row_length}, DATA_LENGTH \
         {data_length} ({} MB), INDEX_LENGTH {index_length} ({} MB)",
        data_length / MB,
        index_length / MB
    );
    assert!(within(data_length, CHAPTER_DATA_LENGTH, 3), "DATA_LENGTH {data_length}");
    assert!(within(index_length, CHAPTER_INDEX_LENGTH, 3), "INDEX_LENGTH {index_length}");
}

#[test]
fn page_views_rows_are_deterministic_and_referrers_distinct() {
    let a = shop(7);
    let b = shop(7);
    let c = shop(8);
    let (pa, pb, pc) = (table(&a, "page_views"), table(&b, "page_views"), table(&c, "page_views"));
    for i in [0, 1, 2_999_999] {
        assert_eq!(row(pa, i), row(pb, i), "row {i} differs between two builds");
        assert_ne!(row(pa, i), row(pc, i), "row {i} is the same for another seed");
    }
    println!("page_views row 0: {:?}", row(pa, 0));
    println!("page_views row 2999999: {:?}", row(pa, 2_999_999));

    // Wanting fewer columns must not change the ones computed.
    let full = row(pa, 12_345);
    let mut only_ref = vec![Value::Null; 7];
    let wanted = [false, false, false, true, false, false, false];
    pa.generator.fill_row(12_345, ColumnSet::wanted(&wanted), &mut only_ref);
    assert_eq!(only_ref[3], full[3]);
    assert!(only_ref[0].is_null() && only_ref[6].is_null());

    // Referrers: distinct over a 100,000-row sample spread over the table.
    let mut referrers: Vec<String> = (0..100_000u64)
        .map(|s| match &row(pa, s * 30).get(3) {
            Some(Value::Str(r)) => r.clone(),
            other => panic!("referrer {other:?}"),
        })
        .collect();
    referrers.sort_unstable();
    referrers.dedup();
    assert!(referrers.len() >= 99_900, "{} distinct referrers", referrers.len());

    // viewed_at: the year up to 2026-09-22, never decreasing as id grows.
    let at = |i: u64| match &row(pa, i)[6] {
        Value::Str(s) => s.clone(),
        other => panic!("viewed_at {other:?}"),
    };
    assert!(at(0).starts_with("2025-09-23"));
    assert!(at(2_999_999).starts_with("2026-09-22"));
    let mut last = String::new();
    for i in 1_000_000..1_002_000 {
        let t = at(i);
        assert!(t >= last, "viewed_at goes back at row {i}");
        last = t;
    }
    // customer_id in 1..=10.
    for i in 0..1000 {
        let c = row(pa, i)[1].to_i64().unwrap();
        assert!((1..=10).contains(&c));
    }
}

#[test]
#[allow(clippy::disallowed_methods)] // measures the host's cost of generating rows, not sim time
fn generating_a_full_scan_is_cheap() {
    let tables = shop(42);
    let pv = table(&tables, "page_views");
    let rows = pv.generator.row_count();
    let wanted = [false, false, false, false, true, false, false];
    let mut out = vec![Value::Null; 7];
    let mut bytes = 0u64;
    let start = Instant::now();
    for i in 0..rows {
        pv.generator.fill_row(i, ColumnSet::wanted(&wanted), &mut out);
        if let Value::Str(s) = &out[4] {
            bytes += s.len() as u64;
        }
    }
    let elapsed = start.elapsed();
    let ns_per_row = elapsed.as_nanos() as u64 / rows;
    println!(
        "generated {rows} referrers ({bytes} bytes) in {elapsed:?}: {ns_per_row} ns/row \
         (debug build: {})",
        cfg!(debug_assertions)
    );
    // All seven columns, on a sample.
    let all = [true; 7];
    let start = Instant::now();
    for i in (0..rows).step_by(10) {
        pv.generator.fill_row(i, ColumnSet::wanted(&all), &mut out);
    }
    let ns_all = start.elapsed().as_nanos() as u64 / (rows / 10);
    println!("all columns: {ns_all} ns/row");
    if !cfg!(debug_assertions) {
        assert!(ns_per_row < 300, "{ns_per_row} ns per referrer");
        assert!(ns_all < 1000, "{ns_all} ns per full row");
    }
}

#[test]
#[allow(clippy::disallowed_methods)] // measures the host's cost of building definitions
fn sysbench_builds_25000_tables_fast() {
    let options = DatasetOptions { sysbench_tables: 25_000, ..DatasetOptions::default() };
    let start = Instant::now();
    let tables = datasets::build("sysbench", 1, &options).expect("sysbench builds");
    let elapsed = start.elapsed();
    println!("25,000 sysbench table definitions in {elapsed:?}");
    assert_eq!(tables.len(), 25_000);
    if !cfg!(debug_assertions) {
        assert!(elapsed.as_millis() < 500, "{elapsed:?}");
    }
    let last = &tables[24_999];
    assert_eq!(last.def.name, "sbtest25000");
    assert_eq!(last.def.schema, "sbtest");
    assert_eq!(last.def.indexes[1].name, "k_25000");

    let t1 = &tables[0];
    assert_eq!(t1.def.name, "sbtest1");
    assert_eq!(t1.generator.row_count(), 10_000);
    assert_eq!(t1.auto_increment_next, 10_001);
    let r = row(t1, 0);
    assert_eq!(r[0], Value::Int(1));
    let k = r[1].to_i64().unwrap();
    assert!((1..=10_000).contains(&k));
    let (Value::Str(c), Value::Str(pad)) = (&r[2], &r[3]) else { panic!("{r:?}") };
    assert_eq!(c.len(), 119);
    assert_eq!(pad.len(), 59);
    for (text, groups) in [(c, 10), (pad, 5)] {
        let parts: Vec<&str> = text.split('-').collect();
        assert_eq!(parts.len(), groups);
        assert!(parts.iter().all(|p| p.len() == 11 && p.bytes().all(|b| b.is_ascii_digit())));
    }
    println!("sbtest1 row 0: {r:?}");
    // Different tables, different rows.
    assert_ne!(row(&tables[1], 0)[2], r[2]);

    // Sizes: 208-byte records, 13-byte k_1 entries (see record_sizes_by_hand).
    let (g, leaf, _) = index_geometry(t1, &t1.def.indexes[0]);
    let (k, k_leaf, _) = index_geometry(t1, &t1.def.indexes[1]);
    assert_eq!((leaf, k_leaf), (208, 13));
    println!(
        "sbtest1: DATA_LENGTH {} ({} leaf pages, height {}), INDEX_LENGTH {} ({} leaf pages, \
         height {})",
        g.allocated_pages * 16384,
        g.leaf_pages,
        g.height,
        k.allocated_pages * 16384,
        k.leaf_pages,
        k.height
    );
}

#[test]
fn record_sizes_by_hand() {
    let tables = datasets::build("sysbench", 3, &DatasetOptions::default()).unwrap();
    let t = &tables[0];
    let r = row(t, 5);
    // Clustered: 5 header + 0 null bitmap (no nullable column) + 2 variable-length bytes (c and
    // pad: CHAR in utf8mb4 is variable-width; 120 and 60 bytes are < 128, so 1 byte each)
    // + 4 id + 6 DB_TRX_ID + 7 DB_ROLL_PTR + 4 k + 120 c (119 characters, kept at CHAR(120)'s
    // minimum of 120 bytes) + 60 pad (59 + 1) = 208.
    assert_eq!(clustered_record_bytes(&t.def, &r), 5 + 2 + 4 + 6 + 7 + 4 + 120 + 60);
    // k_N leaf: 5 header + 4 k + 4 id = 13; its node pointer adds a 4-byte child page: 17.
    assert_eq!(secondary_record_bytes(&t.def, &t.def.indexes[1], &r), 13);
    assert_eq!(node_pointer_bytes(&t.def, &t.def.indexes[1], &r), 17);
    // Clustered node pointer: 5 header + 4 id + 4 child = 13.
    assert_eq!(node_pointer_bytes(&t.def, &t.def.indexes[0], &r), 13);

    // A page_views row by hand.
    let shop = shop(1);
    let pv = table(&shop, "page_views");
    let mut r = row(pv, 0);
    r[2] = Value::Int(7);
    // url 11 bytes, referrer 23 bytes, user_agent 135 bytes: a 2-byte length, since
    // VARCHAR(255) in utf8mb4 can exceed 255 bytes.
    r[4] = Value::Str("/products/7".into());
    r[3] = Value::Str("https://t.co/AbCdEf1234".into());
    r[5] = Value::Str("x".repeat(135));
    // 5 header + 1 null bitmap (product_id, referrer, user_agent) + 1 + 1 + 2 length bytes
    // + 8 id + 6 + 7 + 4 customer_id + 4 product_id + 11 + 23 + 135 + 5 viewed_at = 213.
    assert_eq!(clustered_record_bytes(&pv.def, &r), 213);
    r[2] = Value::Null;
    assert_eq!(clustered_record_bytes(&pv.def, &r), 209);
    // idx_referrer: 5 header + 1 null bitmap + 1 length byte + 23 referrer + 8 id = 38.
    let idx = pv.def.index("idx_referrer").unwrap();
    assert_eq!(secondary_record_bytes(&pv.def, idx, &r), 38);
    assert_eq!(node_pointer_bytes(&pv.def, idx, &r), 42);
    // Clustered node pointer: 5 + 1 (the table's null bitmap) + 8 id + 4 child = 18.
    assert_eq!(node_pointer_bytes(&pv.def, &pv.def.indexes[0], &r), 18);
}

#[test]
fn fill_policies_differ_as_innodb_does() {
    // A secondary index built sorted at fill factor 100 packs pages full; inserted in order it
    // keeps 1/16 free; at fill factor 50 it uses about twice the leaf pages.
    let full = geometry(1_000_000, 53, 57, FillPolicy::SortedBuild { fill_factor_pct: 100 });
    let seq = geometry(1_000_000, 53, 57, FillPolicy::SequentialInserts);
    let half = geometry(1_000_000, 53, 57, FillPolicy::SortedBuild { fill_factor_pct: 50 });
    assert!(full.leaf_pages < seq.leaf_pages);
    assert!(half.leaf_pages > full.leaf_pages * 19 / 10);
    println!(
        "leaf pages: sorted 100 {}, inserts {}, sorted 50 {}",
        full.leaf_pages, seq.leaf_pages, half.leaf_pages
    );
}

#[test]
fn dataset_list_and_errors() {
    let names: Vec<&str> = datasets::DATASETS.iter().map(|d| d.name).collect();
    assert_eq!(names, ["none", "shop", "sysbench"]);
    let err = datasets::build("employees", 1, &DatasetOptions::default()).unwrap_err();
    assert!(err.contains("none, shop, sysbench"), "{err}");
    let small = DatasetOptions { scale: 0.001, ..DatasetOptions::default() };
    let tables = datasets::build("shop", 1, &small).unwrap();
    assert_eq!(table(&tables, "page_views").generator.row_count(), 3_000);
    assert_eq!(table(&tables, "page_views").auto_increment_next, 3_001);
    assert_eq!(table(&tables, "products").generator.row_count(), 13);
    let unused: Vec<&str> = ["order_items", "orders", "page_views", "products"]
        .iter()
        .map(|n| table(&tables, n).def.indexes[1].name.as_str())
        .collect();
    assert_eq!(unused, ["product_id", "customer_id", "idx_referrer", "category_id"]);
}

#[test]
fn pinned_rows_guard_cross_platform_drift() {
    // Integer-only generation: these must read the same natively and in wasm32. If a change
    // to a generator moves them, every transcript that reads the table changes too.
    let tables = shop(7);
    let r = row(table(&tables, "page_views"), 2_999_999);
    assert_eq!(r[0], Value::UInt(3_000_000));
    assert_eq!(r[1], Value::Int(9));
    assert_eq!(r[2], Value::Int(3));
    assert_eq!(r[4], Value::Str("/products/3-usb-c-hub-7-in-1".into()));
    assert_eq!(r[3], Value::Str("https://l.instagram.com/?u=qkTpB1".into()));
    assert_eq!(r[6], Value::Str("2026-09-22 23:59:50".into()));
    let sb = datasets::build("sysbench", 1, &DatasetOptions::default()).unwrap();
    let r = row(&sb[0], 0);
    assert_eq!(r[1], Value::Int(8734));
    let Value::Str(c) = &r[2] else { panic!("{r:?}") };
    assert!(c.starts_with("13901172593-95799104101-"), "{c}");
}
