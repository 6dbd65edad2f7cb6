//! Sections 3.13.1-3.13.2's figures: Listing 3.116's scans and resizes, the hit-ratio curve,
//! the container's OOM kill, and the pool's dump and load across a restart (F1.4-F1.9, F2.2,
//! F2.3).

use super::{check, query, Check, Tolerance};
use crate::client::Client;
use crate::lab::chapter::{self, LISTING_3_116};
use crate::lab::experiment::Experiment;

/// Listing 3.116 as typed (a full-scale `shop` on the chapter's server), then the restart of
/// section 3.13.2 with the warm-up it measures.
pub(super) fn buffer_pool_checks(out: &mut Vec<Check>) {
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
pub(super) fn oom_checks(out: &mut Vec<Check>) {
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
pub(super) fn hit_ratio_curve_checks(out: &mut Vec<Check>) {
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
