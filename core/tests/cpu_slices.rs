//! The client scheduler's CPUs (`server::clients`): statements longer than the kernel's time
//! slice share the CPUs a slice at a time, while a short statement that arrives goes before
//! them and waits at most one slice; statements within a slice run first come, first served.

use tunelab_core::lab::experiment::{Experiment, Setting};
use tunelab_core::server::clients::{StatementRun, Workload};
use tunelab_core::server::{Server, SessionId};
use tunelab_core::sim::SimDuration;

/// Each client runs the statements of its list in order: CPU nanoseconds, no I/O, no commit.
struct Fixed {
    per_client: Vec<Vec<u64>>,
    next: Vec<usize>,
    /// (client, when its statement was issued), to time each statement.
    issued: Vec<(u32, u64)>,
}

impl Workload for Fixed {
    fn next(&mut self, server: &mut Server, client: u32) -> Option<StatementRun> {
        let c = client as usize;
        let cpu_ns = *self.per_client.get(c)?.get(self.next[c])?;
        self.next[c] += 1;
        self.issued.push((client, server.now().0));
        Some(StatementRun {
            cpu_ns,
            io_wait: SimDuration::ZERO,
            session: SessionId(2_000_000 + u64::from(client)),
            commits: false,
            wait_before: SimDuration::ZERO,
        })
    }
}

/// Runs the lists on the chapter's profile (four CPUs, 3 ms slices) and returns the run's
/// elapsed nanoseconds.
fn elapsed(per_client: Vec<Vec<u64>>, slice_us: u64) -> u64 {
    let mut e = Experiment { dataset: "none".into(), ..Experiment::default() };
    e.hardware.insert("sched_slice_us".into(), Setting::Int(slice_us as i64));
    let mut server = e.start_server().expect("the server starts");
    let n = per_client.len();
    let mut load = Fixed { per_client, next: vec![0; n], issued: Vec::new() };
    let run = server.run_clients(n as u32, &mut load, None);
    run.finished.0 - run.started.0
}

const MS: u64 = 1_000_000;

#[test]
fn eight_long_statements_on_four_cpus_each_take_twice_their_cpu() {
    // 100 ms each: FIFO finishes four at 100 ms and four at 200 ms; slices finish all eight
    // together near 200 ms. The total is the same either way: the CPUs are never idle.
    let lists = vec![vec![100 * MS]; 8];
    let sliced = elapsed(lists.clone(), 3_000);
    let fifo = elapsed(lists, 0);
    assert_eq!(fifo, 200 * MS);
    assert!((200 * MS..=203 * MS).contains(&sliced), "sliced run took {sliced} ns");
}

#[test]
fn a_short_statement_waits_at_most_one_slice_behind_long_ones() {
    // Four clients keep the four CPUs busy with 60 ms scans; a fifth runs ten 0.1 ms
    // statements. First come, first served, each would wait for a whole scan.
    let mut lists = vec![vec![60 * MS]; 4];
    lists.push(vec![MS / 10; 10]);
    let sliced = elapsed(lists.clone(), 3_000);
    let mut e = Experiment { dataset: "none".into(), ..Experiment::default() };
    e.hardware.insert("sched_slice_us".into(), Setting::Int(3000));
    let mut server = e.start_server().expect("the server starts");
    let mut load = Fixed { per_client: lists, next: vec![0; 5], issued: Vec::new() };
    server.run_clients(5, &mut load, None);
    let short: Vec<u64> = load.issued.iter().filter(|(c, _)| *c == 4).map(|(_, at)| *at).collect();
    assert_eq!(short.len(), 10);
    // The short client's ten statements are all issued while the scans still run, each
    // within a slice (plus its own 0.1 ms) of the one before.
    for pair in short.windows(2) {
        assert!(pair[1] - pair[0] <= 3 * MS + MS / 10, "gap {} ns", pair[1] - pair[0]);
    }
    // The scans slow down only by the short statements' CPU (1 ms in all) on some CPU.
    assert!(sliced <= 62 * MS, "sliced run took {sliced} ns");
}

#[test]
fn statements_within_a_slice_run_first_come_first_served() {
    // 2 ms statements fit in a 3 ms slice: slicing changes nothing (Table 3.6's inserts and
    // Table 3.7's connections keep their calibrated timing).
    let lists = vec![vec![2 * MS; 5]; 8];
    assert_eq!(elapsed(lists.clone(), 3_000), elapsed(lists, 0));
}
