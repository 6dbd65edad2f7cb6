//! The experiments `tunelab bench` times (natively, and in wasm by the web crate's bench test).
//! Each is an ordinary experiment, so a benchmark measures exactly the code a lesson runs.

use crate::lab::chapter::{hit_ratio_curve, table_3_6, LISTING_3_116};
use crate::lab::experiment::{Experiment, Setting, Step};

/// A named benchmark experiment.
pub struct BenchCase {
    pub name: &'static str,
    pub experiment: Experiment,
}

/// The benchmarks `tunelab bench` and the wasm bench run: every one but the long ones
/// ([`long_cases`]), in the order printed.
pub fn cases() -> Vec<BenchCase> {
    let long: Vec<&str> = long_cases().iter().map(|c| c.name).collect();
    all_cases().into_iter().filter(|c| !long.contains(&c.name)).collect()
}

/// The benchmarks too long for every test run, which `tunelab bench --only NAME` runs: the
/// USER_STATISTICS seed's 900 s sysbench run (minutes natively, and past a browser tab's
/// memory).
pub fn long_cases() -> Vec<BenchCase> {
    vec![
        BenchCase { name: "sysbench-25k-tables-900s", experiment: sysbench_seed_run() },
        BenchCase { name: "sysbench-25k-userstat-pair", experiment: sysbench_seed_pair(1) },
        BenchCase {
            name: "sysbench-25k-userstat-short-pair",
            experiment: sysbench_pair(1, SHORT_PAIR_SECONDS),
        },
        BenchCase { name: "derived-merged-count-3m", experiment: one_query(DERIVED_COUNT) },
        BenchCase { name: "distinct-referrer-3m", experiment: one_query(DISTINCT_REFERRER) },
        BenchCase { name: "count-distinct-referrer-3m", experiment: one_query(COUNT_DISTINCT) },
        BenchCase { name: "derived-group-by-count-3m", experiment: one_query(DERIVED_GROUP_BY) },
        BenchCase { name: "union-all-count-6m", experiment: one_query(UNION_ALL_COUNT) },
        BenchCase { name: "cte-count-3m", experiment: one_query(CTE_COUNT) },
        BenchCase { name: "view-group-by-count-3m", experiment: one_query(VIEW_GROUP_BY) },
        BenchCase { name: "join-inner-page-views-3m", experiment: one_query(JOIN_INNER) },
        BenchCase { name: "union-distinct-count-3m", experiment: one_query(UNION_COUNT) },
        BenchCase { name: "intersect-count-3m", experiment: one_query(INTERSECT_COUNT) },
        BenchCase { name: "except-count-3m", experiment: one_query(EXCEPT_COUNT) },
        BenchCase { name: "recursive-cte-2m", experiment: one_query(RECURSIVE_COUNT) },
        BenchCase { name: "join-order-by-3m", experiment: one_query(JOIN_ORDER_BY) },
    ]
}

/// Issue 13's index read and join on page_views: a range over the primary key (2,000,000
/// rows, filter and aggregate as the full scan has them) and a hash join of every view to
/// its customer (3,000,000 probes).
const RANGE_PRIMARY: &str = "SELECT SUM(LENGTH(referrer)) FROM shop.page_views WHERE id > 1000000;";
const HASH_JOIN: &str = "SELECT COUNT(*) FROM shop.page_views p \
     JOIN shop.customers c ON c.id = p.customer_id;";

/// Issue 14's statements whose rows the server keeps for itself, past the 1,000,000 rows
/// that used to end them with ERROR 1114: a derived table that cannot be merged (3,000,000
/// groups), a UNION ALL of two 3,000,000-row blocks, a CTE and a view over page_views, and a
/// join whose inner table, read once, is page_views.
const DERIVED_GROUP_BY: &str = "SELECT COUNT(*) FROM (SELECT referrer, COUNT(*) c \
     FROM shop.page_views GROUP BY referrer) g;";
const UNION_ALL_COUNT: &str = "SELECT COUNT(*) FROM (SELECT id FROM shop.page_views \
     UNION ALL SELECT id FROM shop.page_views) u;";
const CTE_COUNT: &str =
    "WITH c AS (SELECT id, referrer FROM shop.page_views) SELECT COUNT(*) FROM c;";
const VIEW_GROUP_BY: &str = "CREATE VIEW shop.referrer_views AS SELECT referrer, COUNT(*) c \
     FROM shop.page_views GROUP BY referrer;\n\
     SELECT COUNT(*) FROM shop.referrer_views;";
const JOIN_INNER: &str = "SELECT COUNT(*) FROM shop.categories c \
     JOIN shop.page_views p ON p.customer_id = c.id WHERE c.id = 1;";

/// Set operations whose temporary table keeps its distinct rows packed (3,000,000 ids), and a
/// recursive CTE of 2,000,000 rows, and an ORDER BY over a join with page_views (its 3,000,000
/// rows sorted), all past the 1,000,000 rows that used to end them.
const UNION_COUNT: &str = "SELECT COUNT(*) FROM (SELECT id FROM shop.page_views \
     UNION SELECT id FROM shop.page_views) u;";
const INTERSECT_COUNT: &str = "SELECT COUNT(*) FROM (SELECT id FROM shop.page_views \
     INTERSECT SELECT id FROM shop.page_views) i;";
const EXCEPT_COUNT: &str = "SELECT COUNT(*) FROM (SELECT id FROM shop.page_views \
     EXCEPT SELECT id FROM shop.page_views WHERE id > 100) e;";
const RECURSIVE_COUNT: &str = "WITH RECURSIVE r (id, d) AS (SELECT id, 0 FROM \
     shop.page_views WHERE id <= 1000000 UNION ALL SELECT id, d + 1 FROM r WHERE d < 1) \
     SELECT COUNT(*) FROM r;";
const JOIN_ORDER_BY: &str = "SELECT COUNT(*) FROM (SELECT p.id, c.name FROM shop.categories c \
     JOIN shop.page_views p ON p.customer_id = c.id ORDER BY p.viewed_at DESC, p.id) s;";

/// Issue 14's statements that held every row as values: a derived table over page_views
/// (merged now), its 3,000,000 distinct referrers sent to the client, and counted.
const DERIVED_COUNT: &str = "SELECT COUNT(*) FROM (SELECT * FROM shop.page_views) d;";
const DISTINCT_REFERRER: &str = "SELECT DISTINCT referrer FROM shop.page_views;";
const COUNT_DISTINCT: &str = "SELECT COUNT(DISTINCT referrer) FROM shop.page_views;";

/// One statement on the shop at full scale.
fn one_query(sql: &str) -> Experiment {
    Experiment {
        title: sql.into(),
        dataset: "shop".into(),
        steps: vec![Step { title: String::new(), sql: sql.into() }],
        ..Experiment::default()
    }
}

/// Every benchmark, the long ones last.
pub fn all_cases() -> Vec<BenchCase> {
    vec![
        BenchCase { name: "console-statements-20k", experiment: console_statements(5_000) },
        BenchCase { name: "load-shop-full-scale", experiment: load_shop() },
        BenchCase { name: "scan-page-views-3m", experiment: scan_page_views() },
        BenchCase { name: "listing-3.118-count", experiment: listing_3_118_count() },
        BenchCase { name: "listing-3.118-load", experiment: listing_3_118_load() },
        BenchCase { name: "range-primary-2m", experiment: one_query(RANGE_PRIMARY) },
        BenchCase { name: "hash-join-page-views-3m", experiment: one_query(HASH_JOIN) },
        BenchCase { name: "listing-3.116", experiment: listing_3_116() },
        BenchCase { name: "hit-ratio-curve", experiment: hit_ratio_curve() },
        BenchCase { name: "table-3.6-64k-commits", experiment: table_3_6("wsl2-chapter") },
        BenchCase {
            name: "table-3.8-group-by-16m",
            experiment: table_3_8(GROUP_BY, "tmp_table_size", "16M"),
        },
        BenchCase {
            name: "table-3.8-group-by-1g",
            experiment: table_3_8(GROUP_BY, "tmp_table_size", "1G"),
        },
        BenchCase {
            name: "table-3.8-order-by-256k",
            experiment: table_3_8(ORDER_BY, "sort_buffer_size", "256K"),
        },
        BenchCase {
            name: "table-3.8-order-by-64m",
            experiment: table_3_8(ORDER_BY, "sort_buffer_size", "64M"),
        },
    ]
    .into_iter()
    .chain(long_cases())
    .collect()
}

/// The USER_STATISTICS seed's load, once, on the default profile: sysbench oltp_read_write
/// on 25,000 tables of sysbench's default 10,000 rows (the generated dataset at boot, as
/// `prepare` would leave them), a warm-up, then 900 s with 8 threads. Text statements
/// (`--db-ps-mode=disable`): sysbench 1.0.20's prepared statements for 25,000 tables are
/// 225,001 per thread, far past `max_prepared_stmt_count`, and it would refuse to start.
/// The warm-up is a 60 s run of the same load (sysbench's `warmup` command reads all 250
/// million rows twice, which a 128 MB pool cannot keep anyway).
pub fn sysbench_seed_run() -> Experiment {
    let common = "--mysql-user=root --tables=25000 --threads=8 --db-ps-mode=disable";
    Experiment {
        title: "sysbench oltp_read_write, 25,000 tables, 900 s".into(),
        dataset: "sysbench".into(),
        sysbench_tables: Some(25_000),
        steps: vec![Step {
            title: String::new(),
            sql: format!(
                "\\! sysbench oltp_read_write {common} --time=60 run > warmup.log\n\
                 \\! sysbench oltp_read_write {common} --time=900 --report-interval=60 run\n"
            ),
        }],
        ..Experiment::default()
    }
}

/// One seed's pair of the USER_STATISTICS seed (FIDELITY.md F9.1), as the post ran it: Percona
/// Server on 25,000 tables, a warm-up and 900 s with userstat OFF, then `SET GLOBAL userstat =
/// ON`, a warm-up and 900 s again, every simulated second simulated. `rand_seed` is sysbench's
/// `--rand-seed` of the 900 s runs, the rows the threads draw (the lesson's seeds). The bench
/// prints the statements per second (every sysbench statement is a `Questions`).
pub fn sysbench_seed_pair(rand_seed: u32) -> Experiment {
    sysbench_pair(rand_seed, SEED_PAIR_SECONDS)
}

/// The seed's warm-up and run lengths, in seconds.
const SEED_PAIR_SECONDS: (u32, u32) = (60, 900);
/// A pair a fifteenth of the seed's length (`sysbench-25k-userstat-short-pair`): the same
/// statements and tables, for measuring a change to the pair's speed in seconds, not minutes.
const SHORT_PAIR_SECONDS: (u32, u32) = (10, 60);

/// The USER_STATISTICS pair with `warmup` and `run` seconds of sysbench per half.
fn sysbench_pair(rand_seed: u32, (warmup, run): (u32, u32)) -> Experiment {
    // The warm-up draws from the clock, as sysbench does without --rand-seed: it does not
    // preload exactly the rows the run's first minute reads.
    let common = "--mysql-user=root --tables=25000 --threads=8 --db-ps-mode=disable";
    let half = |setting: &str| {
        format!(
            "SET GLOBAL userstat = {setting};\n\
             \\! sysbench oltp_read_write {common} --time={warmup} run > warmup.log\n\
             \\! sysbench oltp_read_write {common} --time={run} --rand-seed={rand_seed} run\n"
        )
    };
    // The seed's runs were on a real machine, whose disk does not answer in the same time all
    // day: its latency drifts, and the drift is the measurement error the seed compares the
    // change with. Each pair is its own machine-day: the experiment's seed (the drift's) is
    // the pair's.
    let hardware = [
        ("disk_latency_drift_pct".to_string(), Setting::Int(SEED_DISK_DRIFT_PCT)),
        ("disk_latency_drift_s".to_string(), Setting::Int(SEED_DISK_DRIFT_S)),
    ];
    Experiment {
        title: format!(
            "USER_STATISTICS seed, --rand-seed={rand_seed}, {run} s: userstat OFF then ON"
        ),
        seed: u64::from(rand_seed),
        server: "percona".into(),
        dataset: "sysbench".into(),
        sysbench_tables: Some(25_000),
        hardware: hardware.into_iter().collect(),
        steps: vec![Step { title: String::new(), sql: format!("{}{}", half("OFF"), half("ON")) }],
        ..Experiment::default()
    }
}

/// The drift of the seed's disk: its latencies wander by 10 % (one standard deviation) over
/// half a minute. UNCONFIRMED: the post gives no hardware; chosen so that 900 s runs repeated
/// on one machine differ by a few per cent, the run-to-run error usually seen when sysbench
/// is repeated on one host (a cloud volume or a consumer SSD drifts more; an idle enterprise
/// NVMe less). Measured: three seeds' 900 s runs at 323.81-335.55 transactions/s with
/// userstat OFF (a 13.6 spread, 4 %), against +0.97 for turning it on.
const SEED_DISK_DRIFT_PCT: i64 = 10;
const SEED_DISK_DRIFT_S: i64 = 30;

/// Table 3.8's GROUP BY: one group per referrer, 3,000,000 groups.
const GROUP_BY: &str = "SELECT referrer, COUNT(*) FROM shop.page_views IGNORE INDEX (idx_referrer) GROUP BY referrer LIMIT 3;";
/// Table 3.8's sort: every column by viewed_at, id, read from two thirds into the result.
const ORDER_BY: &str =
    "SELECT * FROM shop.page_views ORDER BY viewed_at, id LIMIT 1 OFFSET 2000000;";

/// One of Table 3.8's queries on a server started with `variable` at `value`.
pub fn table_3_8(sql: &str, variable: &str, value: &str) -> Experiment {
    let mut e = Experiment {
        title: format!("Table 3.8, {variable} {value}"),
        dataset: "shop".into(),
        steps: vec![Step { title: String::new(), sql: sql.into() }],
        ..Experiment::default()
    };
    e.variables.insert(variable.into(), crate::lab::experiment::Setting::Text(value.into()));
    e
}

/// Boot with the chapter's shop at full scale and count a small table: the cost of loading it.
pub fn load_shop() -> Experiment {
    Experiment {
        title: "load shop".into(),
        dataset: "shop".into(),
        steps: vec![Step {
            title: String::new(),
            sql: "SELECT COUNT(*) FROM shop.categories;".into(),
        }],
        ..Experiment::default()
    }
}

/// One full clustered-index scan of the 3,000,000-row page_views (the chapter's scan).
pub fn scan_page_views() -> Experiment {
    Experiment {
        title: "full scan of page_views".into(),
        dataset: "shop".into(),
        steps: vec![Step {
            title: String::new(),
            sql: "SELECT SUM(LENGTH(referrer)) FROM shop.page_views;".into(),
        }],
        ..Experiment::default()
    }
}

/// Listing 3.116 as the chapter prints it: four full scans around two pool sizes.
pub fn listing_3_116() -> Experiment {
    Experiment {
        title: "Listing 3.116".into(),
        dataset: "shop".into(),
        steps: vec![Step { title: String::new(), sql: LISTING_3_116.into() }],
        ..Experiment::default()
    }
}

/// A console session: `rounds` x (expression SELECT, SET GLOBAL, SELECT @@var, SHOW VARIABLES
/// LIKE) = 4 x `rounds` statements, the mix a learner types while exploring variables.
pub fn console_statements(rounds: u32) -> Experiment {
    let mut sql = String::new();
    for i in 0..rounds {
        sql.push_str(&format!(
            "SELECT {i} + 1, ROUND(100 * (1 - {i} / 106682), 2) AS hit, CONCAT('run ', {i});\n\
             SET GLOBAL max_connections = {};\n\
             SELECT @@max_connections, @@innodb_buffer_pool_size DIV 1048576;\n\
             SHOW GLOBAL VARIABLES LIKE 'innodb_buffer_pool_%';\n",
            100 + i % 50
        ));
    }
    Experiment {
        title: "console statements".into(),
        dataset: "none".into(),
        steps: vec![Step { title: String::new(), sql }],
        ..Experiment::default()
    }
}

/// Section 3.13.6's load end to end: eight mysqlslap clients as the app user run the five
/// shop statements of `shop_load.sql`, 480 queries (96 full scans of page_views among them),
/// then Listing 3.118 ranks the digests.
pub fn listing_3_118_load() -> Experiment {
    Experiment {
        title: "Section 3.13.6's load and Listing 3.118".into(),
        steps: vec![Step {
            title: String::new(),
            sql: "CREATE USER 'app'@'localhost' IDENTIFIED BY 'app_pw';\n\
                  GRANT ALL ON shop.* TO 'app'@'localhost';\n\
                  TRUNCATE TABLE performance_schema.events_statements_summary_by_digest;\n\
                  \\! mysqlslap --defaults-file=bench.cnf --create-schema=shop --concurrency=8 \
                  --number-of-queries=480 --query=shop_load.sql\n\
                  SELECT LEFT(DIGEST_TEXT, 38) AS digest, COUNT_STAR AS calls, \
                  ROUND(SUM_TIMER_WAIT / 1e12, 1) AS total_s FROM \
                  performance_schema.events_statements_summary_by_digest WHERE SCHEMA_NAME = 'shop' \
                  ORDER BY SUM_TIMER_WAIT DESC LIMIT 5;\n"
                .into(),
        }],
        ..Experiment::default()
    }
}

/// The shape that holds 97 % of Listing 3.118's time: a COUNT over page_views filtered on two
/// unindexed columns, so every one of the 3,000,000 rows is examined.
pub fn listing_3_118_count() -> Experiment {
    Experiment {
        title: "Listing 3.118's COUNT shape".into(),
        steps: vec![Step {
            title: String::new(),
            sql: "SELECT COUNT(*) FROM shop.page_views WHERE customer_id = 42 AND \
                  viewed_at >= '2024-06-01';"
                .into(),
        }],
        ..Experiment::default()
    }
}
