//! The figures a fresh server shows without a load: compiled defaults, the sizing rules on
//! the chapter's container and off it, removed variables' errors, setup_instruments and
//! STATEMENT_DIGEST() (F1.1, F1.4-F1.6, F2.1, F2.4, F3.1-F3.2, F4.1, F4.3, F5.1, F6.1, F6.3, F8.1).

use super::{check, client, client_with_cpuset, mib, query, Check, Tolerance};
use crate::client::Client;

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
