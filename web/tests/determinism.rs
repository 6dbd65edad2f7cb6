//! Determinism across targets: the experiment in tests/experiments/determinism.toml, run by
//! the engine compiled to wasm inside the browser, must give exactly the bytes of
//! tests/golden/determinism.json, which the native test suite writes and checks. Together the
//! two tests show that native and wasm agree byte for byte.

use tunelab_core::lab::experiment::{outcome_json, Experiment};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const EXPERIMENT: &str = include_str!("../../tests/experiments/determinism.toml");
const GOLDEN: &str = include_str!("../../tests/golden/determinism.json");

#[wasm_bindgen_test]
fn wasm_outcome_matches_the_native_golden_file() {
    let experiment = Experiment::from_toml(EXPERIMENT).expect("determinism.toml parses");
    let outcome = experiment.run().expect("the determinism experiment runs");
    let got = outcome_json(&outcome);
    if got != GOLDEN {
        let line = got.lines().zip(GOLDEN.lines()).position(|(a, b)| a != b);
        let (n, got_line, want_line) = match line {
            Some(i) => {
                (i + 1, got.lines().nth(i).unwrap_or(""), GOLDEN.lines().nth(i).unwrap_or(""))
            }
            // One is a prefix of the other.
            None => {
                let i = got.lines().count().min(GOLDEN.lines().count());
                (
                    i + 1,
                    got.lines().nth(i).unwrap_or("<end>"),
                    GOLDEN.lines().nth(i).unwrap_or("<end>"),
                )
            }
        };
        panic!(
            "the wasm outcome differs from tests/golden/determinism.json at line {n}:\n  wasm:   {got_line}\n  golden: {want_line}"
        );
    }
}

#[wasm_bindgen_test]
fn the_same_experiment_twice_gives_the_same_bytes_in_wasm() {
    let experiment = Experiment::from_toml(EXPERIMENT).expect("determinism.toml parses");
    let a = outcome_json(&experiment.run().expect("runs"));
    let b = outcome_json(&experiment.run().expect("runs"));
    assert_eq!(a, b);
}
