//! The chapter's experiments as the lab runs them, shared by the fidelity checks and the
//! benchmarks: Listing 3.116 verbatim and Table 3.6's mysqlslap load.

use super::experiment::{Experiment, Step};

/// `experiments/buffer_pool_hit_ratio_curve.toml`: Listing 3.116's two scans at pool sizes
/// from 128 MB to 4 GB.
const HIT_RATIO_CURVE: &str = include_str!("../../../experiments/buffer_pool_hit_ratio_curve.toml");

/// The hit ratio curve experiment (22 full scans of page_views).
pub fn hit_ratio_curve() -> Experiment {
    Experiment::from_toml(HIT_RATIO_CURVE).expect("the shipped curve experiment parses")
}

/// Listing 3.116, verbatim.
pub const LISTING_3_116: &str = include_str!("listing_3_116.sql");

/// The chapter's mysqlslap command for Table 3.6: 16,000 single-row autocommit inserts from
/// eight clients.
pub const TABLE_3_6_MYSQLSLAP: &str = "mysqlslap --user=root --password=secret \
--concurrency=8 --iterations=1 --number-of-queries=16000 --auto-generate-sql \
--auto-generate-sql-load-type=write --create-schema=slap";

/// The (innodb_flush_log_at_trx_commit, sync_binlog) pairs of Table 3.6, in its order.
pub const TABLE_3_6_SETTINGS: [(u32, u32); 4] = [(1, 1), (2, 1), (2, 0), (0, 0)];

/// Table 3.6 on `profile`: the mysqlslap run under each pair of settings (64,000 commits).
pub fn table_3_6(profile: &str) -> Experiment {
    let mut sql = String::new();
    for (trx_commit, sync_binlog) in TABLE_3_6_SETTINGS {
        sql.push_str(&format!(
            "SET GLOBAL innodb_flush_log_at_trx_commit = {trx_commit}, sync_binlog = {sync_binlog};\n\\! {TABLE_3_6_MYSQLSLAP}\n"
        ));
    }
    Experiment {
        title: format!("Table 3.6 on {profile}"),
        profile: profile.to_string(),
        dataset: "none".into(),
        steps: vec![Step { title: String::new(), sql }],
        ..Experiment::default()
    }
}
