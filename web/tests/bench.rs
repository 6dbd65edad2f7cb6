//! The engine's speed in wasm: runs core's benchmark experiments in the browser and prints
//! statements per second (natively, `tunelab bench` runs the same experiments). Run it in
//! the web build's profile to measure what ships:
//! `WASM_BINDGEN_TEST_TIMEOUT=900 cargo test -p tunelab-web --target wasm32-unknown-unknown --profile web-release --test bench -- --nocapture`
//! (every case runs in one test, far longer than the runner's default 20 s limit).
//! Built with `TUNELAB_BENCH_ONLY=TEXT` in the environment, it runs only the cases whose name
//! contains TEXT (as `tunelab bench --only TEXT` does; the browser has no environment, so the
//! filter is read when the test is compiled). `TUNELAB_BENCH_REPEAT=N` runs each case N times
//! in a row: the first run of a case is in the browser's baseline code where a function is
//! new to it, the later ones show its optimised code.

use tunelab_core::lab::bench;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn engine_speed_in_wasm() {
    let performance = web_sys::window().unwrap().performance().unwrap();
    let cases = match option_env!("TUNELAB_BENCH_ONLY") {
        Some(only) => bench::cases().into_iter().filter(|c| c.name.contains(only)).collect(),
        None => bench::cases(),
    };
    let repeat: usize =
        option_env!("TUNELAB_BENCH_REPEAT").and_then(|n| n.parse().ok()).unwrap_or(1).clamp(1, 10);
    for case in cases.iter().flat_map(|c| std::iter::repeat_n(c, repeat)) {
        let started = performance.now();
        let outcome = case.experiment.run().expect("the benchmark experiment runs");
        let ms = performance.now() - started;
        let statements = outcome.metrics.statements;
        assert!(statements > 0);
        // Rows examined, as `tunelab bench` counts them: rows read from InnoDB tables.
        let rows = outcome.metrics.counters.get("Innodb_rows_read").copied().unwrap_or(0).max(0);
        let per_row = if rows > 0 {
            format!(", {rows} rows examined, {:.1} ns/row", ms * 1e6 / rows as f64)
        } else {
            String::new()
        };
        // The wasm memory only grows: its size after a case is the page's high-water mark
        // so far.
        let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().into();
        let memory_mb =
            js_sys::ArrayBuffer::from(memory.buffer()).byte_length() as f64 / (1024.0 * 1024.0);
        web_sys::console::log_1(
            &format!(
                "bench {}: {statements} statements in {ms:.0} ms ({:.0} statements/s){per_row}, \
                 wasm memory {memory_mb:.0} MB",
                case.name,
                statements as f64 * 1000.0 / ms
            )
            .into(),
        );
    }
}
