//! Determinism: the same experiment twice gives identical bytes, and its outcome matches the
//! checked-in golden JSON. The web crate's wasm test compares the outcome computed in the
//! browser with the same golden file, so together they show native and wasm agree byte for
//! byte. `UPDATE_GOLDENFILES=1` rewrites the golden file.

use tunelab_core::Experiment;

const EXPERIMENT: &str = include_str!("experiments/determinism.toml");
const GOLDEN_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/golden/determinism.json");

fn outcome_json() -> String {
    let e = Experiment::from_toml(EXPERIMENT).expect("determinism.toml parses");
    let outcome = e.run().expect("determinism experiment runs");
    tunelab_core::lab::experiment::outcome_json(&outcome)
}

#[test]
fn same_experiment_twice_gives_identical_bytes() {
    let a = outcome_json();
    let b = outcome_json();
    assert_eq!(a, b);
    assert!(a.contains("\"seed\": 20260923"), "the outcome states its seed");
}

#[test]
fn outcome_matches_the_golden_file_shared_with_wasm() {
    let got = outcome_json();
    if std::env::var_os("UPDATE_GOLDENFILES").is_some() {
        std::fs::write(GOLDEN_PATH, &got).expect("write golden");
        return;
    }
    let want = std::fs::read_to_string(GOLDEN_PATH)
        .expect("golden/determinism.json exists (UPDATE_GOLDENFILES=1 makes it)");
    assert!(got == want, "outcome differs from golden/determinism.json; rerun with UPDATE_GOLDENFILES=1 and review the diff");
}

#[test]
fn a_different_seed_is_reported() {
    let mut e = Experiment::from_toml(EXPERIMENT).unwrap();
    e.seed = 1;
    let out = e.run().unwrap();
    assert_eq!(out.seed, 1);
    assert!(out.header().contains("seed 1,"));
}
