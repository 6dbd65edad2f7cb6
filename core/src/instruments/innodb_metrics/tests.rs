//! INNODB_METRICS' list, name matching and counting, against a figure the test moves.

use super::catalog::{self, Source};
use super::{Control, InnodbMetrics};
use crate::sim::SimTime;
use crate::storage::value::Value;
use std::cell::Cell;

const SECOND: u64 = 1_000_000_000;

fn at(secs: u64) -> SimTime {
    SimTime(secs * SECOND)
}

fn row_of<'a>(rows: &'a [Vec<Value>], name: &str) -> &'a Vec<Value> {
    rows.iter().find(|r| r[0] == Value::Str(name.into())).expect(name)
}

#[test]
fn the_list_is_mysqls() {
    let entries = catalog::entries();
    assert_eq!(entries.len(), 337);
    let rows = entries.iter().filter(|d| !d.is(catalog::MODULE) && !d.is(catalog::HIDDEN));
    assert_eq!(rows.count(), 314);
    let on = entries.iter().filter(|d| d.is(catalog::DEFAULT_ON) && !d.is(catalog::MODULE));
    assert_eq!(on.count(), 74);
    assert_eq!(entries[catalog::all_module()].name, "all");
    let mut names: Vec<&str> = entries.iter().map(|d| d.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), entries.len(), "names are unique");
    for d in entries.iter().filter(|d| d.is(catalog::SET_OWNER)) {
        let related = d.related.expect(d.name);
        assert!(entries[related].is(catalog::SET_MEMBER), "{} averages per a member", d.name);
    }
    let dml = &entries[catalog::find("DML_Inserts").unwrap()];
    assert_eq!((dml.subsystem, dml.type_name()), ("dml", "status_counter"));
    assert_eq!(entries[catalog::find("buffer_pool_size").unwrap()].type_name(), "value");
    assert_eq!(entries[catalog::find("buffer_flush_batches").unwrap()].type_name(), "set_member");
}

fn wild(pattern: &str, name: &str) -> bool {
    catalog::wild_pattern(pattern).matches(name)
}

#[test]
fn wildcards_are_like_patterns() {
    assert!(wild("dml_%", "dml_inserts"));
    assert!(wild("%LOCK%", "lock_row_lock_waits"));
    assert!(wild("%", "all"));
    assert!(wild("lock_row_lock_tim_", "lock_row_lock_time"));
    assert!(!wild("dml_%", "module_dml"));
    assert!(!wild("%_x", "dml_inserts"));
}

#[test]
fn names_a_control_accepts() {
    for ok in ["dml_inserts", "DML_INSERTS", "module_dml", "module_buffer_page", "all", "dml%"] {
        assert!(InnodbMetrics::accepts(ok), "{ok}");
    }
    // A group member goes on and off only with its module; unknown names and empty patterns
    // are refused (error 1231).
    for bad in ["buffer_page_read_index_leaf", "no_such_counter", "zz%", ""] {
        assert!(!InnodbMetrics::accepts(bad), "{bad}");
    }
}

#[test]
fn counts_run_from_the_baseline_while_on() {
    let rows_read = Cell::new(100_i64);
    let read = |s: Source| match s {
        Source::Status("Innodb_rows_read") => rows_read.get(),
        _ => 0,
    };
    let mut m = InnodbMetrics::at_startup(at(0), &read);
    let rows = m.rows(at(1), &read);
    let r = row_of(&rows, "dml_reads");
    assert_eq!((&r[2], &r[14]), (&Value::Int(0), &Value::Str("disabled".into())));
    assert_eq!(r[10], Value::Null, "never enabled: no TIME_ENABLED");

    m.apply(Control::Enable, "dml_reads", at(10), &read);
    rows_read.set(400);
    let rows = m.rows(at(20), &read);
    let r = row_of(&rows, "dml_reads");
    assert_eq!(r[2], Value::Int(300), "COUNT is the growth since it was enabled");
    assert_eq!(r[5], Value::Double(30.0), "AVG_COUNT per second enabled");
    assert_eq!(r[12], Value::Int(10), "TIME_ELAPSED");
    assert_eq!(r[13], Value::Null, "never reset");

    m.apply(Control::Reset, "dml_reads", at(20), &read);
    rows_read.set(450);
    let rows = m.rows(at(25), &read);
    let r = row_of(&rows, "dml_reads");
    assert_eq!((&r[2], &r[6]), (&Value::Int(350), &Value::Int(50)), "COUNT and COUNT_RESET");
    assert_eq!(r[9], Value::Double(10.0), "AVG_COUNT_RESET per second since the reset");

    m.apply(Control::Disable, "module_dml", at(30), &read);
    rows_read.set(1_000);
    let rows = m.rows(at(40), &read);
    let r = row_of(&rows, "dml_reads");
    assert_eq!(r[2], Value::Int(350), "a stopped counter keeps its count");
    assert_eq!(r[12], Value::Int(20), "TIME_ELAPSED stops with it");
    assert_eq!(r[14], Value::Str("disabled".into()));
    assert_eq!(row_of(&rows, "dml_inserts")[14], Value::Str("disabled".into()), "the module");

    m.apply(Control::Enable, "dml_reads", at(50), &read);
    rows_read.set(1_100);
    let rows = m.rows(at(60), &read);
    assert_eq!(row_of(&rows, "dml_reads")[2], Value::Int(450), "counting resumes from there");

    // RESET ALL clears only a stopped counter.
    m.apply(Control::ResetAll, "dml_reads", at(60), &read);
    assert_eq!(row_of(&m.rows(at(61), &read), "dml_reads")[2], Value::Int(450));
    m.apply(Control::Disable, "dml_reads", at(62), &read);
    m.apply(Control::ResetAll, "dml_reads", at(63), &read);
    let rows = m.rows(at(64), &read);
    let r = row_of(&rows, "dml_reads");
    assert_eq!((&r[2], &r[10], &r[11]), (&Value::Int(0), &Value::Null, &Value::Null));
}

#[test]
fn values_show_the_figure_and_its_extremes() {
    let free = Cell::new(8_000_i64);
    let read = |s: Source| match s {
        Source::Status("Innodb_buffer_pool_pages_free") => free.get(),
        _ => 0,
    };
    let mut m = InnodbMetrics::at_startup(at(0), &read);
    m.rows(at(1), &read);
    free.set(2_000);
    m.rows(at(2), &read);
    free.set(5_000);
    let rows = m.rows(at(3), &read);
    let r = row_of(&rows, "buffer_pool_pages_free");
    let got = (&r[2], &r[3], &r[4], &r[15]);
    let want =
        (&Value::Int(5_000), &Value::Int(8_000), &Value::Int(2_000), &Value::Str("value".into()));
    assert_eq!(got, want);
}

#[test]
fn modules_and_all_switch_their_counters() {
    let read = |_: Source| 0;
    let mut m = InnodbMetrics::at_startup(at(0), &read);
    let enabled = |m: &mut InnodbMetrics| {
        m.rows(at(5), &read).iter().filter(|r| r[14] == Value::Str("enabled".into())).count()
    };
    assert_eq!(enabled(&mut m), 74);
    m.apply(Control::Enable, "module_buffer_page", at(1), &read);
    assert_eq!(enabled(&mut m), 74 + 37, "the whole buffer page I/O group");
    m.apply(Control::Enable, "all", at(2), &read);
    assert_eq!(enabled(&mut m), 314);
    m.apply(Control::Disable, "%", at(3), &read);
    assert_eq!(enabled(&mut m), 0);
}
