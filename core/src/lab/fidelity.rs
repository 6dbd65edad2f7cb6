//! `tunelab fidelity`: every chapter figure the engine implements, measured by running the
//! engine (never read from a table of answers), compared with the chapter's value within its
//! tolerance. Ids are those of shared/FIDELITY.md. Later parts of the engine add their checks.
//!
//! Each figure is one of three kinds ([`Kind`]): a target, which must pass (the CLI exits 1
//! and `./dev.sh test` fails when one misses, so no figure that passes can silently regress);
//! pending, a figure meant to be reached that needs work not landed yet (its reason says
//! which); or history-dependent, a figure the chapter reports that a mechanism cannot
//! reproduce without a history of the chapter's server the chapter does not give. Pending and
//! history-dependent figures are still measured and printed, apart from the targets.

use crate::client::Client;
use crate::lab::chapter::{self, LISTING_3_116};
use crate::lab::experiment::Experiment;
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

/// Whether a figure gates the build.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", content = "reason", rename_all = "kebab-case")]
pub enum Kind {
    /// Must pass.
    Target,
    /// Meant to pass once the work the reason names lands.
    Pending(&'static str),
    /// Depends on the chapter server's unknown history; the reason says why.
    HistoryDependent(&'static str),
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
    #[serde(flatten)]
    pub kind: Kind,
}

impl Check {
    /// This figure is not reached yet: `reason` names the work that will reach it.
    pub(super) fn pending(self, reason: &'static str) -> Check {
        Check { kind: Kind::Pending(reason), ..self }
    }

    /// This figure depends on a history of the chapter's server (or a seed's machine) that
    /// the source does not give.
    pub(super) fn history_dependent(self, reason: &'static str) -> Check {
        Check { kind: Kind::HistoryDependent(reason), ..self }
    }

    /// A target figure that misses: what fails the gate.
    pub fn is_missed_target(&self) -> bool {
        self.kind == Kind::Target && !self.pass
    }
}

/// Whether every target figure passes (pending and history-dependent ones do not count).
pub fn targets_pass(checks: &[Check]) -> bool {
    !checks.iter().any(Check::is_missed_target)
}

pub(super) fn check(
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
    Check {
        id,
        figure,
        chapter: chapter.to_string(),
        simulated,
        deviation_pct,
        tolerance,
        pass,
        kind: Kind::Target,
    }
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
        e.hardware
            .insert("cpuset_cpus".into(), crate::lab::experiment::Setting::Text(c.to_string()));
    }
    for (k, v) in options {
        e.variables.insert(k.to_string(), crate::lab::experiment::Setting::Text(v.to_string()));
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

/// The USER_STATISTICS seed's pairs of 900 s sysbench runs F9.1 judges, one per seed of
/// [`super::fidelity_userstat::PAIR_SEEDS`].
pub type PairRunner<'a> =
    &'a mut dyn FnMut() -> Vec<Result<super::fidelity_userstat::PairRates, String>>;

/// Runs every implemented check; `pairs()`, when given, gives the USER_STATISTICS seed's
/// pairs (F9.1), which the CLI runs on other threads while the rest run here.
pub fn run_with_pairs(pairs: Option<PairRunner>) -> Vec<Check> {
    let mut out = run_quick();
    buffer_pool_checks(&mut out);
    hit_ratio_curve_checks(&mut out);
    oom_checks(&mut out);
    durability_checks(&mut out);
    connection_checks(&mut out);
    temp_table_checks(&mut out);
    super::fidelity_sys::checks(&mut out);
    super::fidelity_userstat::checks(&mut out);
    let rates = pairs.map(|run| run());
    super::fidelity_userstat::pair_checks(rates.as_deref(), &mut out);
    out
}

/// The checks that need no full-scale experiment: defaults, sizing rules and errors.
pub fn run_quick() -> Vec<Check> {
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
    performance_schema_checks(&mut chapter, &mut out);
    out
}

/// Statements whose STATEMENT_DIGEST() MySQL printed: the manual's example (8.4 Reference
/// Manual, "Miscellaneous Functions") and values MySQL 8.0.34 printed, as recorded in
/// rashiq/mysql-digest's digest/digest_mysql_compat_test.go (all 23 of them are unit tests in
/// sql/digest/tests.rs).
const DIGESTS: [(&str, &str, &str); 10] = [
    (
        "STATEMENT_DIGEST: WHERE cola = 10 AND colb = 20 (the manual)",
        "SELECT * FROM mytable WHERE cola = 10 AND colb = 20",
        "3bb95eeade896657c4526e74ff2a2862039d0a0fe8a9e7155b5fe492cbd78387",
    ),
    (
        "STATEMENT_DIGEST: SELECT * ... WHERE id = 42",
        "SELECT * FROM users WHERE id = 42",
        "840a880ebd1642e8a0c4926cfbaf7d4da9616b03025a080fafd43a732800fab5",
    ),
    (
        "STATEMENT_DIGEST: JOIN with two conditions",
        "SELECT a.id, b.name FROM users a JOIN orders b ON a.id = b.user_id WHERE b.total > 100 AND a.status = 'active'",
        "bbbad1c572514399449094ee3043cd0c8791dd0ae66d579066f05e5f6a2a2bd6",
    ),
    (
        "STATEMENT_DIGEST: INSERT of two rows",
        "INSERT INTO logs (user_id, action, created_at) VALUES (1, 'login', NOW()), (2, 'logout', NOW())",
        "63082d4181bdc6fada36b20f7719884355aef4dd40c26070d3377d0bc66bf84a",
    ),
    (
        "STATEMENT_DIGEST: UPDATE with arithmetic",
        "UPDATE accounts SET balance = balance - 50.00, updated_at = NOW() WHERE id = 123 AND balance >= 50.00",
        "989b4724da70672cb9ee411beea017d2140f57471e708bd566ad97502e6046a7",
    ),
    (
        "STATEMENT_DIGEST: DELETE with an IN list",
        "DELETE FROM sessions WHERE expires_at < NOW() AND user_id IN (1, 2, 3, 4, 5)",
        "6490f2bee2884432c4fe1b3f63298d502ba101bdcc1ef8e02f8e5754dd37cf70",
    ),
    (
        "STATEMENT_DIGEST: GROUP BY, HAVING, ORDER BY, LIMIT",
        "SELECT COUNT(*) AS cnt, status FROM orders GROUP BY status HAVING COUNT(*) > 10 ORDER BY cnt DESC LIMIT 5",
        "a61c184788ca4ab687dbced1e7c4c2f86b4d3a0b6324bd21a812d7c7c466fcdd",
    ),
    (
        "STATEMENT_DIGEST: IN (SELECT ...) and BETWEEN",
        "SELECT * FROM products WHERE category_id IN (SELECT id FROM categories WHERE parent_id = 5) AND price BETWEEN 10.00 AND 100.00",
        "fb9714785b2c028cf58ebb6d4b1ee18285f453c7c6a8f0f469c0f9b5222df78d",
    ),
    (
        "STATEMENT_DIGEST: an optimizer hint",
        "SELECT /*+ MAX_EXECUTION_TIME(5000) */ id, name FROM large_table WHERE status = 1 LIMIT 1000",
        "e3399d128b66b9c8691dc9294867dfbbc7c91bd7522dcd1bf01866b8c7b0a575",
    ),
    (
        "STATEMENT_DIGEST: CASE expression",
        "SELECT CASE WHEN score >= 90 THEN 'A' WHEN score >= 80 THEN 'B' WHEN score >= 70 THEN 'C' ELSE 'F' END AS grade FROM students",
        "0e4b162fe740e15acc424130d62baea64414a4320ac061acd7f61d15cad90c05",
    ),
];

/// Section 3.13.6: setup_instruments' counts and the consumers the chapter names (F6.1), and
/// statement digests as MySQL computes them (F6.3).
fn performance_schema_checks(c: &mut Client, out: &mut Vec<Check>) {
    // 1,277 instruments, 796 enabled, 285 timed: counted from the list of instrument classes
    // with their default ENABLED and TIMED (instruments/setup/instruments.txt).
    for (figure, expr, want) in [
        ("setup_instruments: instruments", "COUNT(*)", "1277"),
        ("setup_instruments: enabled", "SUM(ENABLED = 'YES')", "796"),
        ("setup_instruments: timed", "SUM(TIMED = 'YES')", "285"),
    ] {
        let sql = format!("SELECT {expr} FROM performance_schema.setup_instruments");
        out.push(check("F6.1", figure, want, query(c, &sql), Tolerance::Percent(10)));
    }
    for (name, enabled) in [
        ("events_statements_history", "YES"),
        ("statements_digest", "YES"),
        ("events_waits_current", "NO"),
    ] {
        let figure = match name {
            "events_statements_history" => "setup_consumers: events_statements_history",
            "statements_digest" => "setup_consumers: statements_digest",
            _ => "setup_consumers: events_waits_current",
        };
        let sql =
            format!("SELECT ENABLED FROM performance_schema.setup_consumers WHERE NAME = '{name}'");
        out.push(check("F6.1", figure, enabled, query(c, &sql), Tolerance::Exact));
    }
    for (figure, statement, digest) in DIGESTS {
        let sql = format!("SELECT STATEMENT_DIGEST('{}')", statement.replace('\'', "''"));
        out.push(check("F6.3", figure, digest, query(c, &sql), Tolerance::Exact));
    }
}

/// Listing 3.116 as typed (a full-scale `shop` on the chapter's server), then the restart of
/// section 3.13.2 with the warm-up it measures.
fn buffer_pool_checks(out: &mut Vec<Check>) {
    let e = Experiment::default();
    let server = e.start_server().expect("the default experiment starts");
    let mut c = Client::connect(server, false);
    c.feed(LISTING_3_116);
    let chapter: [[&str; 5]; 4] = [
        ["106682", "653", "36018", "99.39", "65.63"],
        ["106421", "887", "35563", "99.17", "65.75"],
        ["99761", "1279", "28516", "98.72", "70.13"],
        ["69976", "1", "0", "100.00", "100.00"],
    ];
    let labels = [
        ["256 MB pass 1 requests", "256 MB pass 1 disk_reads", "256 MB pass 1 read_ahead"],
        ["256 MB pass 2 requests", "256 MB pass 2 disk_reads", "256 MB pass 2 read_ahead"],
        ["2 GB pass 1 requests", "2 GB pass 1 disk_reads", "2 GB pass 1 read_ahead"],
        ["2 GB pass 2 requests", "2 GB pass 2 disk_reads", "2 GB pass 2 read_ahead"],
    ];
    let hit_labels = [
        "256 MB pass 1 real_hit (%)",
        "256 MB pass 2 real_hit (%)",
        "2 GB pass 1 real_hit (%)",
        "2 GB pass 2 real_hit (%)",
    ];
    for (row, pass) in (1..=4).zip(chapter.iter()) {
        let (pool_mb, pass_no) = [(256, 1), (256, 2), (2048, 1), (2048, 2)][row - 1];
        let mut at = |col: &str| {
            query(
                &mut c,
                &format!(
                    "SELECT {col} FROM shop.bp_runs WHERE pool_mb = {pool_mb} AND pass = {pass_no}"
                ),
            )
        };
        for (i, col) in ["requests", "disk_reads", "read_ahead"].iter().enumerate() {
            let c = check("F1.9", labels[row - 1][i], pass[i], at(col), Tolerance::Percent(10));
            out.push(if *col == "disk_reads" {
                c.history_dependent(DISK_READS_HISTORY)
            } else {
                c
            });
        }
        if pool_mb == 256 {
            // The finding the chapter draws from its disk_reads: at 256 MB synchronous reads
            // are under 1 % of requests, so the naive ratio claims about 99 %.
            let share = at("ROUND(100 * disk_reads / requests, 2)");
            let mut c = check(
                "F1.9",
                if pass_no == 1 {
                    "256 MB pass 1 disk_reads under 1 % of requests"
                } else {
                    "256 MB pass 2 disk_reads under 1 % of requests"
                },
                "< 1",
                share.clone(),
                Tolerance::Exact,
            );
            c.pass = share.parse::<f64>().is_ok_and(|v| v < 1.0);
            out.push(c);
        }
        let real = at("ROUND(100 * (1 - (disk_reads + read_ahead) / requests), 2)");
        let dev = real.parse::<f64>().unwrap_or(-1.0) - pass[4].parse::<f64>().unwrap_or(0.0);
        let mut hit = check("F1.9", hit_labels[row - 1], pass[4], real, Tolerance::Exact);
        // Percentages: within 3 points.
        hit.deviation_pct = Some((dev * 10.0).round() / 10.0);
        hit.pass = dev.abs() <= 3.0;
        out.push(hit);
    }
    let naive = query(&mut c, "SELECT ROUND(100 * (1 - disk_reads / requests), 2) FROM shop.bp_runs WHERE pool_mb = 256 AND pass = 1");
    let mut n =
        check("F1.9", "256 MB naive_hit at least 99 %", "99.39", naive.clone(), Tolerance::Exact);
    n.pass = naive.parse::<f64>().is_ok_and(|v| v >= 99.0);
    out.push(n);
    out.push(check(
        "F1.7",
        "Innodb_buffer_pool_resize_status after the online resize",
        "Completed",
        query(&mut c, "SELECT LEFT(VARIABLE_VALUE, 9) FROM performance_schema.global_status WHERE VARIABLE_NAME = 'Innodb_buffer_pool_resize_status'"),
        Tolerance::Exact,
    ));
    // 3.13.2: docker restart dumps the hottest 25 % and loads them back.
    c.feed("\\! docker restart mysql\nDO SLEEP(10);\n");
    let kb = c.server().buffer_pool_file_bytes().unwrap_or(0).div_ceil(1024);
    out.push(check(
        "F2.2",
        "ib_buffer_pool size (KB)",
        "93",
        kb.to_string(),
        Tolerance::Percent(10),
    ));
    out.push(check(
        "F2.3",
        "Innodb_buffer_pool_pages_data after the restart's load",
        "12324",
        query(&mut c, "SELECT VARIABLE_VALUE FROM performance_schema.global_status WHERE VARIABLE_NAME = 'Innodb_buffer_pool_pages_data'"),
        Tolerance::Percent(10),
    ));
    out.push(check(
        "F2.3",
        "Innodb_buffer_pool_load_status (text before the timestamp)",
        "Buffer pool(s) load completed at",
        query(&mut c, "SELECT LEFT(VARIABLE_VALUE, 32) FROM performance_schema.global_status WHERE VARIABLE_NAME = 'Innodb_buffer_pool_load_status'"),
        Tolerance::Exact,
    ));
}

/// Why Listing 3.116's disk_reads column is history-dependent (issue 4's finding).
const DISK_READS_HISTORY: &str = "the chapter's synchronous reads are whole 64-page areas on \
     top of the first 62 (653 = 62 + 9x64): its scans lost the read-ahead chain 9, 13 and 19 \
     times, which only resident, accessed pages of an unknown earlier history explain";

/// Section 3.13.1's warning: a pool sized from the host (48,384 MB in a 6 GB container) is
/// only a number until the workload touches it; scanning about 5.5 GB of sysbench tables
/// gets mysqld killed, while the container-aware 4,608 MB pool evicts and survives.
fn oom_checks(out: &mut Vec<Check>) {
    let outcome = |aware: bool| {
        let mut e = Experiment {
            dataset: "sysbench".into(),
            sysbench_tables: Some(80),
            sysbench_table_size: Some(400_000),
            ..Experiment::default()
        };
        e.variables.insert(
            "container_aware".into(),
            crate::lab::experiment::Setting::Text(if aware { "ON" } else { "OFF" }.into()),
        );
        e.hardware
            .insert("cpuset_cpus".into(), crate::lab::experiment::Setting::Text(String::new()));
        let Ok(server) = e.start_server() else { return "ERROR starting".to_string() };
        let mut c = Client::connect(server, false);
        let mut sql = String::from("USE sbtest;\n");
        for i in 1..=80 {
            sql.push_str(&format!("SELECT COUNT(*) INTO @n FROM sbtest{i};\n"));
        }
        c.feed(&sql);
        match c.server().down_reason() {
            Some(crate::server::Down::OomKilled { .. }) => "killed".to_string(),
            _ => "running".to_string(),
        }
    };
    out.push(check(
        "F1.4",
        "48,384 MB pool in a 6 GB container, 5.5 GB of pages touched",
        "killed",
        outcome(false),
        Tolerance::Exact,
    ));
    out.push(check(
        "F1.5",
        "4,608 MB container-aware pool, same workload",
        "running",
        outcome(true),
        Tolerance::Exact,
    ));
}

/// The hit ratio curve (experiments/buffer_pool_hit_ratio_curve.toml): the real hit ratio of
/// the second scan never falls as the pool grows, stays below 100 % while the pool is smaller
/// than the table (723 MB), and is 100 % from the first size that holds it.
fn hit_ratio_curve_checks(out: &mut Vec<Check>) {
    let e = chapter::hit_ratio_curve();
    let server = e.start_server().expect("the curve experiment starts");
    let mut c = Client::connect(server, false);
    for step in &e.steps {
        c.feed(&step.sql);
        c.feed("\n");
    }
    let mut points: Vec<(u64, f64)> = Vec::new();
    for mb in [128u64, 256, 384, 512, 640, 768, 1024, 1536, 2048, 3072, 4096] {
        let v = query(
            &mut c,
            &format!(
                "SELECT ROUND(100 * (1 - (disk_reads + read_ahead) / requests), 2) FROM shop.bp_runs WHERE pool_mb = {mb} AND pass = 2"
            ),
        );
        points.push((mb, v.parse().unwrap_or(-1.0)));
    }
    let monotone = points.windows(2).all(|w| w[1].1 >= w[0].1);
    let knee = points.iter().find(|(_, hit)| *hit >= 100.0).map_or(0, |(mb, _)| *mb);
    let text: Vec<String> = points.iter().map(|(mb, h)| format!("{mb}:{h}")).collect();
    let mut m = check(
        "F1.9",
        "real hit ratio of the second scan never falls as the pool grows",
        "yes",
        if monotone { "yes" } else { "no" }.into(),
        Tolerance::Exact,
    );
    m.simulated = format!("{} ({})", m.simulated, text.join(" "));
    m.pass = monotone;
    out.push(m);
    out.push(check(
        "F1.9",
        "smallest pool (of the curve's sizes) whose second scan reads nothing, MB",
        "768",
        knee.to_string(),
        Tolerance::Exact,
    ));
}

/// The average times a transcript's mysqlslap runs printed, in seconds, in order.
pub fn mysqlslap_averages(transcript: &str) -> Vec<f64> {
    transcript
        .lines()
        .filter_map(|l| l.strip_prefix("\tAverage number of seconds to run all queries: "))
        .filter_map(|rest| rest.trim_end_matches(" seconds").parse().ok())
        .collect()
}

/// The statements that give the chapter's plain application account: it may use `shop`,
/// and holds neither CONNECTION_ADMIN nor SUPER.
pub const APP_USER_SQL: &str = "CREATE USER 'app'@'localhost' IDENTIFIED BY 'app_pw';\n\
                                GRANT ALL PRIVILEGES ON shop.* TO 'app'@'localhost';\n";

/// F4.2 and F4.4: connection refusals over max_connections for a plain account, and the
/// thread cache's reuse under mysqlslap, on the chapter's profile.
fn connection_checks(out: &mut Vec<Check>) {
    let number = |c: &mut Client, name: &str| match c.server_mut().global_status(name) {
        Some(crate::instruments::status::StatusValue::Number(n)) => n,
        _ => 0,
    };
    let mut c = client(crate::sim::hardware::DEFAULT_PROFILE, &[]);
    // As the chapter: root creates the app account and lowers the limit, its session ends,
    // and mysqlslap runs as the app user. Clients that keep their connections (100 queries of
    // 50 ms each): 30 of them and mysqlslap's own connection want 31 of the 20 slots a plain
    // account may use (the 21st is kept for CONNECTION_ADMIN).
    c.feed(&format!("{APP_USER_SQL}SET GLOBAL max_connections = 20;\n"));
    if let Some(id) = c.session() {
        c.server_mut().disconnect(id);
    }
    let text = crate::tools::mysqlslap::run(
        c.server_mut(),
        "mysqlslap --user=app --password=app_pw --concurrency=30 --iterations=1 \
         --number-of-queries=3000 --query=\"SELECT SLEEP(0.05)\"",
    );
    let errors = text.matches("Error when connecting to server: 1040 Too many connections").count();
    out.push(check(
        "F4.2",
        "max_connections 20, 30 mysqlslap clients: errors 1040",
        "11",
        errors.to_string(),
        Tolerance::Percent(10),
    ));
    out.push(check(
        "F4.2",
        "Connection_errors_max_connections (each client tries 10 times)",
        "111",
        number(&mut c, "Connection_errors_max_connections").to_string(),
        Tolerance::Percent(10),
    ));
    // Table 3.7: one server, the three cache sizes in turn, as the chapter ran them.
    let mut c = client(crate::sim::hardware::DEFAULT_PROFILE, &[]);
    for (size, created) in [("0", "1003"), ("9", "829"), ("64", "42")] {
        let before = (number(&mut c, "Connections"), number(&mut c, "Threads_created"));
        let text = c.feed(&format!(
            "SET GLOBAL thread_cache_size = {size};\n\\! mysqlslap --concurrency=50 \
             --iterations=20 --query=\"SELECT 1\"\n"
        ));
        let connections = number(&mut c, "Connections") - before.0;
        let made = number(&mut c, "Threads_created") - before.1;
        let figure = match size {
            "0" => "Table 3.7, thread_cache_size 0: Threads_created",
            "9" => "Table 3.7, thread_cache_size 9 (default): Threads_created",
            _ => "Table 3.7, thread_cache_size 64: Threads_created",
        };
        out.push(check("F4.4", figure, created, made.to_string(), Tolerance::Percent(10)));
        if size == "0" {
            out.push(check(
                "F4.4",
                "Table 3.7: Connections for each run",
                "1003",
                connections.to_string(),
                Tolerance::Percent(10),
            ));
        }
        // Each run's time: connecting 50 clients (socket, acceptor, thread, handshake,
        // caching_sha2_password's fast path) on four CPUs is most of it.
        let seconds = mysqlslap_averages(&text).first().copied().unwrap_or(0.0);
        let figure = match size {
            "0" => "Table 3.7, thread_cache_size 0: run time per iteration (s)",
            "9" => "Table 3.7, thread_cache_size 9: run time per iteration (s)",
            _ => "Table 3.7, thread_cache_size 64: run time per iteration (s)",
        };
        out.push(check("F4.4", figure, "0.05", format!("{seconds}"), Tolerance::Percent(20)));
    }
}

/// F5.2, Table 3.8: on one full-scale server, each query in a fresh session with its session
/// setting, read back from performance_schema.session_status. The chapter prints neither
/// select list; the GROUP BY is `referrer, COUNT(*)` (3,000,000 groups) and the sort selects
/// every column (about 240 bytes a row in the sort buffer, which 458 merge passes imply).
/// The GROUP BY ignores `idx_referrer`: with it MySQL would read the groups in index order
/// without a temporary table, and the chapter counted one.
/// Each returns a few rows (LIMIT), so the time is the server's work, not the client's.
fn temp_table_checks(out: &mut Vec<Check>) {
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

/// The checks as three tables, one line per figure: the targets, the pending figures and the
/// history-dependent ones (each of the last two with its reason).
pub fn render(checks: &[Check]) -> String {
    let targets: Vec<&Check> = checks.iter().filter(|c| c.kind == Kind::Target).collect();
    let pending: Vec<(&Check, &str)> = checks
        .iter()
        .filter_map(|c| match c.kind {
            Kind::Pending(r) => Some((c, r)),
            _ => None,
        })
        .collect();
    let history: Vec<(&Check, &str)> = checks
        .iter()
        .filter_map(|c| match c.kind {
            Kind::HistoryDependent(r) => Some((c, r)),
            _ => None,
        })
        .collect();
    let mut out = table(&targets);
    let missed = targets.iter().filter(|c| !c.pass).count();
    out.push_str(&format!(
        "\n{} target figures, {} ok, {} missed\n",
        targets.len(),
        targets.len() - missed,
        missed
    ));
    for (title, list) in [
        ("Pending: meant to pass once the work named lands", &pending),
        ("History-dependent: the chapter's server's unknown history decides them", &history),
    ] {
        if list.is_empty() {
            continue;
        }
        out.push_str(&format!("\n{title} ({}):\n\n", list.len()));
        out.push_str(&table(&list.iter().map(|(c, _)| *c).collect::<Vec<_>>()));
        let mut reasons: Vec<&str> = list.iter().map(|(_, r)| *r).collect();
        reasons.dedup();
        for r in reasons {
            out.push_str(&format!("  why: {r}\n"));
        }
    }
    out
}

/// One table of checks.
fn table(checks: &[&Check]) -> String {
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
    out
}
