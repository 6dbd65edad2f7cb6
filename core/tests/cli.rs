//! The `tunelab` command line as teachers, tests and benchmarks use it: exit codes, one-line
//! errors, and the outputs each subcommand promises.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn tunelab(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tunelab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tunelab runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("tunelab finishes")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp_file(name: &str, content: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tunelab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, content).expect("write temp file");
    p
}

#[test]
fn sql_prints_what_mysql_prints_for_the_issue_example() {
    let out = tunelab(
        &["sql"],
        "SELECT 1+1;\nSET GLOBAL query_cache_size = 0;\nSELECT @@max_connections;\n",
    );
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "+-----+\n| 1+1 |\n+-----+\n|   2 |\n+-----+\n1 row in set (0.00 sec)\n\n\
         ERROR 1193 (HY000): Unknown system variable 'query_cache_size'\n\
         +-------------------+\n| @@max_connections |\n+-------------------+\n\
         |               151 |\n+-------------------+\n1 row in set (0.00 sec)\n\n"
    );
}

#[test]
fn engine_options_change_the_server() {
    let out = tunelab(
        &[
            "sql",
            "--profile",
            "nvme-server",
            "--seed",
            "7",
            "--hw",
            "host_cpus=4",
            "--set",
            "max_connections=20",
        ],
        "SELECT @@max_connections, @@innodb_buffer_pool_size;",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("|                20 |                 134217728 |"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn an_unknown_startup_option_stops_mysqld() {
    let out = tunelab(&["sql", "--set", "query_cache_type=1"], "SELECT 1;\n");
    assert!(out.status.success());
    assert!(text(&out.stderr)
        .contains("[ERROR] [MY-000067] [Server] unknown variable 'query_cache_type=1'."));
    assert!(
        text(&out.stdout).starts_with("ERROR 2002 (HY000): Can't connect to local MySQL server")
    );
}

#[test]
fn bad_usage_is_one_line_and_exit_2() {
    for args in [
        vec!["sql", "--profile", "cray-1"],
        vec!["sql", "--hw", "warp=9"],
        vec!["sql", "--hw", "nokeyvalue"],
        vec!["frobnicate"],
        vec!["sql", "--bogus"],
        vec!["run", "/no/such/file.toml"],
        vec!["run", "http://127.0.0.1:8080/#x1.AAAA"],
        vec!["run", "#x7.something"],
        vec!["sql", "--dataset", "imaginary"],
    ] {
        let out = tunelab(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("tunelab: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn run_link_and_run_the_link_back() {
    let file = temp_file(
        "exp.toml",
        "title = 'link test'\nseed = 9\n[hardware]\nfsync_latency_us = 300\n[[steps]]\nsql = 'SELECT @@max_connections;'\n",
    );
    let direct = tunelab(&["run", file.to_str().unwrap()], "");
    assert!(direct.status.success(), "{}", text(&direct.stderr));
    assert!(text(&direct.stdout).starts_with("-- TuneLab "));
    assert!(text(&direct.stdout).contains("seed 9, profile wsl2-chapter"));
    let link = tunelab(&["link", file.to_str().unwrap()], "");
    let link = text(&link.stdout).trim().to_string();
    assert!(link.starts_with("http://127.0.0.1:8080/#x1."), "{link}");
    let via_link = tunelab(&["run", &link], "");
    assert_eq!(text(&via_link.stdout), text(&direct.stdout), "a link reproduces the run");
    let json = tunelab(&["run", &link, "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON outcome");
    assert_eq!(v["seed"], 9);
    assert_eq!(v["hardware"]["fsync_latency_us"], 300);
    assert_eq!(v["metrics"]["counters"]["Com_select"], 1);
}

#[test]
fn run_exports_a_simulated_file() {
    let file = temp_file(
        "slow.toml",
        "title = 'export'\nscale = 0.01\n[[steps]]\nsql = \"SET GLOBAL slow_query_log = ON; SET long_query_time = 0; SELECT 42;\"\n",
    );
    let real = file.with_file_name("exported-slow.log");
    let export = format!("--export-file=/var/lib/mysql/tunelab-slow.log={}", real.display());
    let out = tunelab(&["run", file.to_str().unwrap(), &export], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log = std::fs::read_to_string(&real).expect("the exported file");
    assert!(log.starts_with("/usr/sbin/mysqld, Version: "), "{log}");
    assert!(log.ends_with("SELECT 42;\n"), "{log}");
    let missing = "--export-file=/var/lib/mysql/nothing.log=/tmp/x";
    let out = tunelab(&["run", file.to_str().unwrap(), missing], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no simulated file"), "{}", text(&out.stderr));
}

#[test]
fn profiles_list_every_constant() {
    let out = tunelab(&["profiles"], "");
    let s = text(&out.stdout);
    assert!(s.contains("wsl2-chapter (default)"));
    assert!(s.contains("fsync_latency_us"));
    assert!(s.contains("mysqld --innodb-dedicated-server=ON --container-aware=ON"));
    let json = tunelab(&["profiles", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(v.as_array().unwrap().len() >= 4);
}

#[test]
fn fidelity_passes_and_reports_json() {
    // The defaults and sizing rules all pass; the full-scale figures run in `./dev.sh test`.
    let out = tunelab(&["fidelity", "--quick"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("F1.4"));
    let json = tunelab(&["fidelity", "--quick", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(v.as_array().unwrap().iter().all(|c| c["pass"] == true));
}

#[test]
fn bench_prints_figures() {
    // The full-scale scans are timed in release builds by `./dev.sh test`; here, the quick one.
    let out = tunelab(&["bench", "--json", "--only", "console"], "");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = &v[0];
    assert_eq!(first["statements"], 20_000);
    assert!(first["wall_ms"].as_f64().unwrap() > 0.0);
    assert!(first["simulated_s"].as_f64().unwrap() > 0.0);
}
