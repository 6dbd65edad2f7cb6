//! Section 3.13.5's figures: Table 3.8's GROUP BY and ORDER BY under tmp_table_size and
//! sort_buffer_size (F5.2), and the spilled GROUP BY's temporary-file I/O in sys (F7.4).

use super::{check, Check, Tolerance};
use crate::lab::experiment::Experiment;
use crate::sql::Response;

/// F5.2, Table 3.8: on one full-scale server, each query in a fresh session with its session
/// setting, read back from performance_schema.session_status. The chapter prints neither
/// select list; the GROUP BY is `referrer, COUNT(*)` (3,000,000 groups) and the sort selects
/// every column (about 240 bytes a row in the sort buffer, which 458 merge passes imply).
/// The GROUP BY ignores `idx_referrer`: with it MySQL would read the groups in index order
/// without a temporary table, and the chapter counted one.
/// Each returns a few rows (LIMIT), so the time is the server's work, not the client's.
pub(super) fn temp_table_checks(out: &mut Vec<Check>) {
    let Ok(mut server) = Experiment::default().start_server() else { return };
    let mut run = |setting: &str, sql: &str| -> (f64, u64, u64) {
        let Ok(id) = server.connect() else { return (0.0, 0, 0) };
        server.execute(id, setting);
        let done = server.execute(id, sql);
        let seconds = if done.result.is_ok() { done.elapsed.as_secs_f64() } else { -1.0 };
        let mut status = |name: &str| {
            let q = format!(
                "SELECT VARIABLE_VALUE FROM performance_schema.session_status \
                 WHERE VARIABLE_NAME = '{name}'"
            );
            match server.execute(id, &q).result {
                Ok(Response::Rows(rs)) => rs
                    .rows
                    .first()
                    .and_then(|r| r.first())
                    .and_then(|v| v.to_i64())
                    .map_or(0, |n| n.max(0) as u64),
                _ => 0,
            }
        };
        let disk = status("Created_tmp_disk_tables");
        let passes = status("Sort_merge_passes");
        server.disconnect(id);
        (seconds, disk, passes)
    };
    let group = "SELECT referrer, COUNT(*) FROM shop.page_views IGNORE INDEX (idx_referrer) GROUP BY referrer LIMIT 3";
    let sort = "SELECT * FROM shop.page_views ORDER BY viewed_at, id LIMIT 1 OFFSET 2000000";
    let g16 = run("SET SESSION tmp_table_size = 16777216", group);
    let g1g = run("SET SESSION tmp_table_size = 1073741824", group);
    let s256 = run("SET SESSION sort_buffer_size = 262144", sort);
    let s64 = run("SET SESSION sort_buffer_size = 67108864", sort);
    // F7.4: after these runs, where sys.waits_global_by_latency ranks the temporary
    // tablespace's file I/O.
    let rank = server.connect().ok().map(|id| {
        let done = server.execute(id, "SELECT events FROM sys.waits_global_by_latency");
        server.disconnect(id);
        match done.result {
            Ok(Response::Rows(rs)) => rs
                .rows
                .iter()
                .position(|r| {
                    r.first().and_then(|v| v.to_text()).as_deref()
                        == Some("wait/io/file/innodb/innodb_temp_file")
                })
                .map_or("not ranked".to_string(), |i| (i + 1).to_string()),
            _ => "ERROR".to_string(),
        }
    });
    // The chapter's 4,608 MB pool holds the spilled GROUP BY's temporary table, so its pages
    // are neither flushed nor read back: the file's I/O is the zeros InnoDB writes as the
    // .ibt grows (`Disk::extend_tablespace`).
    out.push(check(
        "F7.4",
        "sys.waits_global_by_latency: rank of innodb_temp_file I/O after Table 3.8",
        "2",
        rank.unwrap_or_else(|| "ERROR".into()),
        Tolerance::Exact,
    ));
    let secs = |s: f64| format!("{s:.2}");
    let pct = |id, figure, chapter: &str, got: String, p| {
        check(id, figure, chapter, got, Tolerance::Percent(p))
    };
    out.push(pct(
        "F5.2",
        "Table 3.8 GROUP BY, tmp_table_size 16M: time (s)",
        "107.61",
        secs(g16.0),
        20,
    ));
    out.push(check(
        "F5.2",
        "Table 3.8 GROUP BY, tmp_table_size 16M: disk temp tables",
        "1",
        g16.1.to_string(),
        Tolerance::Exact,
    ));
    out.push(pct(
        "F5.2",
        "Table 3.8 GROUP BY, tmp_table_size 1G: time (s)",
        "8.64",
        secs(g1g.0),
        20,
    ));
    out.push(check(
        "F5.2",
        "Table 3.8 GROUP BY, tmp_table_size 1G: disk temp tables",
        "0",
        g1g.1.to_string(),
        Tolerance::Exact,
    ));
    out.push(pct(
        "F5.2",
        "Table 3.8: the spilled GROUP BY is slower (x)",
        "12",
        format!("{:.1}", g16.0 / g1g.0.max(1e-9)),
        20,
    ));
    out.push(pct(
        "F5.2",
        "Table 3.8 ORDER BY, sort_buffer_size 256K: time (s)",
        "5.44",
        secs(s256.0),
        20,
    ));
    out.push(pct(
        "F5.2",
        "Table 3.8 ORDER BY, sort_buffer_size 256K: merge passes",
        "458",
        s256.2.to_string(),
        10,
    ));
    out.push(pct(
        "F5.2",
        "Table 3.8 ORDER BY, sort_buffer_size 64M: time (s)",
        "6.27",
        secs(s64.0),
        20,
    ));
    out.push(check(
        "F5.2",
        "Table 3.8 ORDER BY, sort_buffer_size 64M: merge passes",
        "1",
        s64.2.to_string(),
        Tolerance::Exact,
    ));
    let mut faster = check(
        "F5.2",
        "Table 3.8: the 256K sort is faster than the 64M one",
        "yes",
        if s256.0 > 0.0 && s256.0 < s64.0 { "yes" } else { "no" }.to_string(),
        Tolerance::Exact,
    );
    faster.pass = faster.simulated == "yes";
    out.push(faster);
}
