//! `tunelab fidelity`: every chapter figure the engine implements, measured by running the
//! engine (never read from a table of answers), compared with the chapter's value within its
//! tolerance. Ids are those of shared/FIDELITY.md. Later parts of the engine add their checks.

use crate::client::Client;
use crate::experiment::Experiment;
use crate::server::Server;
use crate::sql::{Response, Value};
use serde::Serialize;

/// How a simulated value is compared with the chapter's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Tolerance {
    /// Must match exactly (a default or a formula from the manual; an error code).
    Exact,
    /// Within this many percent of the chapter's value.
    Percent(u32),
}

/// One checked figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Check {
    pub id: &'static str,
    pub figure: &'static str,
    pub chapter: String,
    pub simulated: String,
    /// Relative deviation in percent, for numeric figures.
    pub deviation_pct: Option<f64>,
    pub tolerance: Tolerance,
    pub pass: bool,
}

fn check(
    id: &'static str,
    figure: &'static str,
    chapter: &str,
    simulated: String,
    tolerance: Tolerance,
) -> Check {
    let (c, s) =
        (chapter.replace(',', "").parse::<f64>(), simulated.replace(',', "").parse::<f64>());
    let deviation_pct = match (c, s) {
        (Ok(c), Ok(s)) if c != 0.0 => Some(((s - c) / c * 100.0 * 10.0).round() / 10.0),
        (Ok(_), Ok(s)) => Some(if s == 0.0 { 0.0 } else { 100.0 }),
        _ => None,
    };
    let pass = match tolerance {
        Tolerance::Exact => chapter.replace(',', "") == simulated.replace(',', ""),
        Tolerance::Percent(p) => deviation_pct.is_some_and(|d| d.abs() <= f64::from(p)),
    };
    Check { id, figure, chapter: chapter.to_string(), simulated, deviation_pct, tolerance, pass }
}

/// A fresh server started as `profile` with `options` (and `cpuset` when given), and a client
/// on it.
fn client(profile: &str, options: &[(&str, &str)]) -> Client {
    client_with_cpuset(profile, options, None)
}

fn client_with_cpuset(profile: &str, options: &[(&str, &str)], cpuset: Option<&str>) -> Client {
    let mut e = Experiment {
        profile: profile.to_string(),
        dataset: "none".into(),
        ..Experiment::default()
    };
    if let Some(c) = cpuset {
        e.hardware.insert("cpuset_cpus".into(), crate::experiment::Setting::Text(c.to_string()));
    }
    for (k, v) in options {
        e.variables.insert(k.to_string(), crate::experiment::Setting::Text(v.to_string()));
    }
    let server = e.start_server().expect("built-in profiles start");
    Client::connect(server, false)
}

/// The first value a query returns, as text ("ERROR n" if it fails).
fn query(c: &mut Client, sql: &str) -> String {
    let server: &mut Server = c.server_mut();
    let Ok(id) = server.connect() else { return "ERROR 2002".into() };
    let done = server.execute(id, sql);
    server.disconnect(id);
    match done.result {
        Ok(Response::Rows(rs)) => rs
            .rows
            .first()
            .and_then(|r| r.first())
            .map_or("(no rows)".into(), |v: &Value| v.to_text().unwrap_or("NULL".into())),
        Ok(_) => "OK".into(),
        Err(e) => format!("ERROR {}", e.code),
    }
}

fn mib(bytes_text: &str) -> String {
    bytes_text
        .parse::<u64>()
        .map(|b| (b >> 20).to_string())
        .unwrap_or_else(|_| bytes_text.to_string())
}

/// Runs every implemented check.
pub fn run() -> Vec<Check> {
    let mut out = Vec::new();
    // A server started with no options on a host without a container (compiled defaults).
    let mut plain = client("nvme-server", &[]);
    out.push(check(
        "F1.1",
        "innodb_buffer_pool_size default (MB)",
        "128",
        mib(&query(&mut plain, "SELECT @@innodb_buffer_pool_size")),
        Tolerance::Exact,
    ));
    out.push(check(
        "F2.4",
        "SET GLOBAL query_cache_size = 0",
        "ERROR 1193",
        query(&mut plain, "SET GLOBAL query_cache_size = 0"),
        Tolerance::Exact,
    ));
    out.push(check(
        "F2.4",
        "have_query_cache",
        "NO",
        query(&mut plain, "SELECT @@have_query_cache"),
        Tolerance::Exact,
    ));
    out.push(check(
        "F3.1",
        "innodb_redo_log_capacity default (MB)",
        "100",
        mib(&query(&mut plain, "SELECT @@innodb_redo_log_capacity")),
        Tolerance::Exact,
    ));
    out.push(check(
        "F3.2",
        "SET GLOBAL innodb_log_file_size",
        "ERROR 1193",
        query(&mut plain, "SET GLOBAL innodb_log_file_size = 1073741824"),
        Tolerance::Exact,
    ));
    out.push(check(
        "F3.2",
        "SET GLOBAL innodb_log_files_in_group",
        "ERROR 1193",
        query(&mut plain, "SET GLOBAL innodb_log_files_in_group = 2"),
        Tolerance::Exact,
    ));
    out.push(check(
        "F4.1",
        "max_connections default",
        "151",
        query(&mut plain, "SELECT @@max_connections"),
        Tolerance::Exact,
    ));
    out.push(check(
        "F4.3",
        "thread_cache_size default (8 + max_connections / 100)",
        "9",
        query(&mut plain, "SELECT @@thread_cache_size"),
        Tolerance::Exact,
    ));
    out.push(check(
        "F5.1",
        "tmp_table_size default (MB)",
        "16",
        mib(&query(&mut plain, "SELECT @@tmp_table_size")),
        Tolerance::Exact,
    ));
    out.push(check(
        "F5.1",
        "sort_buffer_size default (KB)",
        "256",
        (query(&mut plain, "SELECT @@sort_buffer_size").parse::<u64>().unwrap_or(0) >> 10)
            .to_string(),
        Tolerance::Exact,
    ));
    out.push(check(
        "F8.1",
        "long_query_time default",
        "10.000000",
        query(&mut plain, "SELECT @@long_query_time"),
        Tolerance::Exact,
    ));

    // The chapter's server: the default profile (6 GB container, container aware).
    let mut chapter = client(crate::sim::DEFAULT_PROFILE, &[]);
    out.push(check(
        "F5.1",
        "temptable_max_ram on the 6 GB container (MB)",
        "1024",
        mib(&query(&mut chapter, "SELECT @@temptable_max_ram")),
        Tolerance::Exact,
    ));
    out.push(check(
        "F1.5",
        "innodb_buffer_pool_size, container aware (MB)",
        "4608",
        mib(&query(&mut chapter, "SELECT @@innodb_buffer_pool_size")),
        Tolerance::Exact,
    ));

    out.push(check(
        "F2.1",
        "innodb_buffer_pool_instances, 4 CPUs (--cpuset-cpus=0-3)",
        "1",
        query(&mut chapter, "SELECT @@innodb_buffer_pool_instances"),
        Tolerance::Exact,
    ));
    out.push(check(
        "F1.6",
        "innodb_redo_log_capacity with --cpuset-cpus=0-3 (MB)",
        "2048",
        mib(&query(&mut chapter, "SELECT @@innodb_redo_log_capacity")),
        Tolerance::Exact,
    ));

    // Not container aware and before --cpuset-cpus: the server sizes itself from the 62 GB,
    // 36-CPU host.
    let mut unaware =
        client_with_cpuset(crate::sim::DEFAULT_PROFILE, &[("container_aware", "OFF")], Some(""));
    out.push(check(
        "F1.4",
        "innodb_buffer_pool_size, not container aware (MB)",
        "48384",
        mib(&query(&mut unaware, "SELECT @@innodb_buffer_pool_size")),
        Tolerance::Exact,
    ));
    out.push(check(
        "F1.4",
        "innodb_redo_log_capacity, not container aware (MB)",
        "16384",
        mib(&query(&mut unaware, "SELECT @@innodb_redo_log_capacity")),
        Tolerance::Exact,
    ));
    out.push(check(
        "F2.1",
        "innodb_buffer_pool_instances, 36 CPUs visible",
        "9",
        query(&mut unaware, "SELECT @@innodb_buffer_pool_instances"),
        Tolerance::Exact,
    ));
    durability_checks(&mut out);
    out
}

/// The average times a transcript's mysqlslap runs printed, in seconds, in order.
pub fn mysqlslap_averages(transcript: &str) -> Vec<f64> {
    transcript
        .lines()
        .filter_map(|l| l.strip_prefix("\tAverage number of seconds to run all queries: "))
        .filter_map(|rest| rest.trim_end_matches(" seconds").parse().ok())
        .collect()
}

/// F3.3, F3.4 and the crash counts of section 3.13.3.
fn durability_checks(out: &mut Vec<Check>) {
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
    let times = crate::bench::table_3_6(crate::sim::hardware::DEFAULT_PROFILE)
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
    use crate::server::crash_sweep::sweep;
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

/// The checks as a table, one line per figure.
pub fn render(checks: &[Check]) -> String {
    let rows: Vec<[String; 7]> = checks
        .iter()
        .map(|c| {
            [
                c.id.to_string(),
                c.figure.to_string(),
                c.chapter.clone(),
                c.simulated.clone(),
                c.deviation_pct.map_or("-".into(), |d| format!("{d:+.1}%")),
                match c.tolerance {
                    Tolerance::Exact => "exact".into(),
                    Tolerance::Percent(p) => format!("±{p}%"),
                },
                if c.pass { "ok" } else { "MISS" }.to_string(),
            ]
        })
        .collect();
    let header = ["id", "figure", "chapter", "simulated", "deviation", "tolerance", "verdict"];
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in &rows {
        for (w, cell) in widths.iter_mut().zip(r) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| -> String {
        let parts: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c}{}", " ".repeat(w - c.chars().count())))
            .collect();
        parts.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = line(header.to_vec());
    out.push_str(&line(
        widths
            .iter()
            .map(|w| "-".repeat(*w))
            .collect::<Vec<_>>()
            .iter()
            .map(String::as_str)
            .collect(),
    ));
    for r in &rows {
        out.push_str(&line(r.iter().map(String::as_str).collect()));
    }
    let missed = checks.iter().filter(|c| !c.pass).count();
    out.push_str(&format!(
        "\n{} figures, {} ok, {} missed\n",
        checks.len(),
        checks.len() - missed,
        missed
    ));
    out
}
