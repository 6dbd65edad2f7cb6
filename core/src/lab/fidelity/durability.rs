//! Section 3.13.3's figures: the redo log resized online and Table 3.6's commit settings
//! (F3.3, F3.4).

use super::{check, client, mib, mysqlslap_averages, query, Check, Tolerance};
use crate::lab::chapter;

/// F3.3, F3.4 and the crash counts of section 3.13.3.
pub(super) fn durability_checks(out: &mut Vec<Check>) {
    let mut c = client(crate::sim::hardware::DEFAULT_PROFILE, &[]);
    let set = query(&mut c, "SET GLOBAL innodb_redo_log_capacity = 4294967296");
    out.push(check(
        "F3.3",
        "SET GLOBAL innodb_redo_log_capacity = 4 GB, then the capacity (MB)",
        "4096",
        if set.starts_with("ERROR") {
            set
        } else {
            mib(&query(&mut c, "SELECT @@innodb_redo_log_capacity"))
        },
        Tolerance::Exact,
    ));
    out.push(check(
        "F3.3",
        "Innodb_redo_log_resize_status after the resize",
        "OK",
        query(
            &mut c,
            "SELECT VARIABLE_VALUE FROM performance_schema.global_status \
             WHERE VARIABLE_NAME = 'Innodb_redo_log_resize_status'",
        ),
        Tolerance::Exact,
    ));
    let times = chapter::table_3_6(crate::sim::hardware::DEFAULT_PROFILE)
        .run()
        .map(|o| mysqlslap_averages(&o.transcript))
        .unwrap_or_default();
    let labels = [
        ("33.4", "Table 3.6 (1,1): 16,000 inserts, 8 clients (s)"),
        ("17.4", "Table 3.6 (2,1) (s)"),
        ("1.5", "Table 3.6 (2,0) (s)"),
        ("1.1", "Table 3.6 (0,0) (s)"),
    ];
    for (i, (chapter, figure)) in labels.into_iter().enumerate() {
        let sim = times.get(i).map_or("missing".to_string(), |t| format!("{t:.3}"));
        out.push(check("F3.4", figure, chapter, sim, Tolerance::Percent(20)));
    }
    if let [a, b, _, d] = times[..] {
        out.push(check(
            "F3.4",
            "Table 3.6: (1,1) / (0,0), times faster",
            "30",
            format!("{:.1}", a / d.max(0.001)),
            Tolerance::Percent(20),
        ));
        out.push(check(
            "F3.4",
            "Table 3.6: binlog fsync is half the cost, (2,1) / (1,1)",
            "0.5",
            format!("{:.2}", b / a.max(0.001)),
            Tolerance::Percent(20),
        ));
    }
    // What a crash loses: 1,000 crash points per setting and kind.
    use crate::lab::crash_sweep::sweep;
    let lost = |tc, sb, kind: usize| {
        sweep(crate::sim::hardware::DEFAULT_PROFILE, tc, sb, 1_000, 2, 42).map(|r| r[kind]).ok()
    };
    let cases: [(u64, u64, usize, &str, &str); 5] = [
        (1, 1, 1, "crash can lose: (1,1) power loss, acknowledged commits lost", "0"),
        (1, 1, 0, "crash can lose: (1,1) kill -9, acknowledged commits lost", "0"),
        (2, 1, 0, "crash can lose: (2,1) kill -9, acknowledged commits lost", "0"),
        (2, 1, 1, "crash can lose: (2,1) power loss, most seconds of commits lost", "1"),
        (0, 0, 0, "crash can lose: (0,0) kill -9, most seconds of commits lost", "1"),
    ];
    for (tc, sb, kind, figure, chapter) in cases {
        let sim = match lost(tc, sb, kind) {
            Some(r) if chapter == "0" => r.lost_total.to_string(),
            Some(r) => format!("{:.2}", r.window_max.as_secs_f64()),
            None => "missing".into(),
        };
        let tolerance = if chapter == "0" { Tolerance::Exact } else { Tolerance::Percent(20) };
        out.push(check("F3.4", figure, chapter, sim, tolerance));
    }
}
