//! The experiments `tunelab bench` times (natively, and in wasm by the web crate's bench test).
//! Each is an ordinary experiment, so a benchmark measures exactly the code a lesson runs.

use crate::experiment::{Experiment, Step};

/// A named benchmark experiment.
pub struct BenchCase {
    pub name: &'static str,
    pub experiment: Experiment,
}

/// Every benchmark, in the order printed.
pub fn cases() -> Vec<BenchCase> {
    vec![BenchCase { name: "console-statements-20k", experiment: console_statements(5_000) }]
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
        steps: vec![Step { title: String::new(), sql }],
        ..Experiment::default()
    }
}
