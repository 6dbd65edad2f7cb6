//! Page I/O is recorded per tablespace file: a scan through a pool smaller than the table
//! reads the table's `.ibd`, and a GROUP BY that spills to an on-disk temporary table writes
//! and reads the session temporary tablespace (what performance_schema's file tables and
//! sys.waits_global_by_latency rank).

use tunelab_core::client::Client;
use tunelab_core::lab::experiment::{Experiment, Setting};
use tunelab_core::sql::execution::temp_table::TEMP_SPACE_ID;

fn run(setup: &[(&str, &str)], sql: &str) -> Client {
    let mut e = Experiment { dataset: "shop".into(), scale: 0.1, ..Experiment::default() };
    for (name, value) in setup {
        e.variables.insert((*name).into(), Setting::Text((*value).into()));
    }
    let server = e.start_server().expect("the experiment starts");
    let mut c = Client::connect(server, false);
    c.feed(sql);
    c.feed("\n");
    c
}

#[test]
fn a_scan_reads_its_table_file_and_a_spilled_group_by_the_temporary_one() {
    let c = run(
        &[("innodb_buffer_pool_size", "16M"), ("tmp_table_size", "1M")],
        "SELECT SUM(LENGTH(referrer)) FROM shop.page_views;\n\
         SELECT referrer, COUNT(*) FROM shop.page_views IGNORE INDEX (idx_referrer) GROUP BY referrer LIMIT 1;",
    );
    let server = c.server();
    let files = server.disk().file_io();
    // The table read most is page_views (the shop's other tables are a few pages each).
    let (_, table) = files
        .iter()
        .filter(|(space, _)| **space != TEMP_SPACE_ID)
        .max_by_key(|(_, f)| f.read.count)
        .expect("a table file was read");
    assert!(table.read.count > 100, "{table:?}");
    assert!(table.read.count > 0 && table.read.bytes == table.read.count * 16_384);
    assert!(table.read.min_wait <= table.read.max_wait);
    assert!(table.read.wait.0 >= table.read.max_wait.0);
    let temp = files.get(&TEMP_SPACE_ID).expect("the temporary tablespace was used");
    assert!(temp.write.count > 0, "{temp:?}");
    let total_reads: u64 = files.values().map(|f| f.read.count).sum();
    assert_eq!(total_reads, server.disk().stats().reads, "every page read has a file");
}
