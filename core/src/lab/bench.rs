//! The experiments `tunelab bench` times (natively, and in wasm by the web crate's bench test).
//! Each is an ordinary experiment, so a benchmark measures exactly the code a lesson runs.

use crate::lab::chapter::{table_3_6, LISTING_3_116};
use crate::lab::experiment::{Experiment, Step};

/// A named benchmark experiment.
pub struct BenchCase {
    pub name: &'static str,
    pub experiment: Experiment,
}

/// Every benchmark, in the order printed.
pub fn cases() -> Vec<BenchCase> {
    vec![
        BenchCase { name: "console-statements-20k", experiment: console_statements(5_000) },
        BenchCase { name: "load-shop-full-scale", experiment: load_shop() },
        BenchCase { name: "scan-page-views-3m", experiment: scan_page_views() },
        BenchCase { name: "listing-3.116", experiment: listing_3_116() },
        BenchCase { name: "table-3.6-64k-commits", experiment: table_3_6("wsl2-chapter") },
    ]
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

/// The chapter's Listing 3.116, verbatim (after `USE shop`): the file fidelity runs too.

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
