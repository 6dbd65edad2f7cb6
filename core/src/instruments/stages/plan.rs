//! A statement's stages: the simulated time it spent, cut into MySQL's stages in order.
//!
//! Where each part of the time goes:
//! - the small fixed stages (`starting`, `checking permissions`, `Opening tables`, `init`,
//!   `System lock`, `optimizing`, `statistics`, `preparing`, `end`, `query end`, `closing
//!   tables`, `freeing items`, `cleaning up`) take a constant share each of the fixed CPU cost
//!   of a statement (`Hardware::cpu_statement_ns` and performance_schema's part of it);
//! - the main stage (`executing` for a query, `update` for an INSERT, `updating` for an
//!   UPDATE or DELETE) holds the statement's run (the executor's rows, its page reads, its
//!   temporary tables and sorts, its lock waits), the rest of its CPU, and what keeping its
//!   wait events cost;
//! - `User sleep` holds SLEEP()'s time;
//! - `waiting for handler commit` holds the commit at the statement's end: the redo log and
//!   binary log writes and fsyncs of an autocommit statement or a COMMIT.
//!
//! The shares are the proportions of a MySQL 8.0 trace of a SELECT's stages published with
//! their SOURCE (events_stages_history_long: starting 58 us, the hook 1, starting again 5,
//! checking permissions 3, Opening tables 36, init 4, System lock 8, optimizing 2,
//! statistics 14, preparing 14, end 3, query end 2, waiting for handler commit 6, closing
//! tables 7, freeing items 22, cleaning up 1), scaled so a query's fixed stages take 91 % of
//! the fixed CPU and its main stage the rest; no chapter figure measures them.
//!
//! Simplifications: the sort and temporary-table work stays in the main stage (MySQL 8.4's
//! iterator executor does its sorting and materializing inside `executing`; UNCONFIRMED
//! whether `Creating sort index` or `converting HEAP to ondisk` still show there); 8.4's
//! `Executing hook on transaction begin.` and the second `starting` after it are left out;
//! UNCONFIRMED: the stage lists of INSERT (`update`) and UPDATE / DELETE (`updating`) follow
//! 8.0's profiles.

use crate::sim::SimDuration;

/// How a statement's simulated time was made up, as the server charged it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spent {
    /// Its run, from its start to the end of its dispatch: the rows the executor charged as it
    /// went, page reads, temporary tables, sorts, lock waits.
    pub run: SimDuration,
    /// The commit after it ran (autocommit or COMMIT): redo and binary log writes and fsyncs.
    pub commit: SimDuration,
    /// The CPU charged after it ran, stretched by any CPU quota: the fixed cost of a
    /// statement and the rows not charged while scanning.
    pub cpu: SimDuration,
    /// Of `cpu`, the fixed cost of a statement (stretched alike).
    pub fixed_cpu: SimDuration,
    /// SLEEP()'s time.
    pub slept: SimDuration,
    /// The bookkeeping after it ran: keeping its wait events, USER_STATISTICS.
    pub after: SimDuration,
    /// Of `run`, the CPU the executor charged for rows as it went (the rest of the run
    /// waited: page reads, temporary-table I/O, locks).
    pub run_cpu: SimDuration,
}

/// One stage of a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Its instrument, `stage/sql/executing` and the like.
    pub name: &'static str,
    pub duration: SimDuration,
    /// The CPU within it (the rest waited).
    pub cpu: SimDuration,
}

impl Spent {
    /// All of it: the statement's TIMER_WAIT (in nanoseconds).
    pub fn total(&self) -> SimDuration {
        SimDuration(
            self.run
                .0
                .saturating_add(self.commit.0)
                .saturating_add(self.cpu.0)
                .saturating_add(self.slept.0)
                .saturating_add(self.after.0),
        )
    }
}

/// Which list of stages a statement passes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A SELECT (and what reads tables the same way): opens, optimizes, executes.
    Query,
    /// An INSERT or REPLACE: its main stage is `update`.
    Insert,
    /// An UPDATE or DELETE: its main stage is `updating`.
    Change,
    /// Anything else (SET, SHOW, BEGIN, COMMIT, DDL...): starts, executes, ends.
    Other,
}

/// The shape of a statement counted in `com` (its `Com_*` counter).
pub fn shape(com: Option<&str>) -> Shape {
    match com.unwrap_or("") {
        "Com_select" => Shape::Query,
        "Com_insert" | "Com_insert_select" | "Com_replace" | "Com_replace_select" => Shape::Insert,
        "Com_update" | "Com_update_multi" | "Com_delete" | "Com_delete_multi" => Shape::Change,
        _ => Shape::Other,
    }
}

/// A fixed stage and its share of the fixed CPU, in thousandths.
type Share = (&'static str, u64);

const STARTING: Share = ("stage/sql/starting", 280);
const CHECKING_PERMISSIONS: Share = ("stage/sql/checking permissions", 15);
const OPENING_TABLES: Share = ("stage/sql/Opening tables", 175);
const INIT: Share = ("stage/sql/init", 20);
const SYSTEM_LOCK: Share = ("stage/sql/System lock", 40);
const OPTIMIZING: Share = ("stage/sql/optimizing", 10);
const STATISTICS: Share = ("stage/sql/statistics", 70);
const PREPARING: Share = ("stage/sql/preparing", 70);
const END: Share = ("stage/sql/end", 15);
const QUERY_END: Share = ("stage/sql/query end", 10);
const HANDLER_COMMIT: Share = ("stage/sql/waiting for handler commit", 30);
const CLOSING_TABLES: Share = ("stage/sql/closing tables", 35);
const FREEING_ITEMS: Share = ("stage/sql/freeing items", 105);
const CLEANING_UP: Share = ("stage/sql/cleaning up", 5);
const TRANSACTION_HOOK: Share = ("stage/sql/Executing hook on transaction begin.", 5);
const STARTING_AGAIN: Share = ("stage/sql/starting", 25);
const CREATING_TMP_TABLE: Share = ("stage/sql/Creating tmp table", 10);
const REMOVING_TMP_TABLE: Share = ("stage/sql/removing tmp table", 10);

/// The most `removing tmp table` stages one statement shows (bounds the plan).
const TMP_TABLES_SHOWN: u64 = 8;

/// What else a statement did that shows as stages of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// It began a transaction (an autocommit statement on tables): MySQL 8.0.17+ runs the
    /// transaction-begin hook, `Executing hook on transaction begin.`, and starts again.
    pub begins_transaction: bool,
    /// The internal temporary tables it made (`Created_tmp_tables`): `Creating tmp table`
    /// before it executes and a `removing tmp table` for each (at most 8) after its commit.
    pub tmp_tables: u64,
}

/// SLEEP()'s stage.
pub const USER_SLEEP: &str = "stage/sql/User sleep";

/// One part of the plan.
enum Part {
    Fixed(Share),
    /// The main stage, by name.
    Main(&'static str),
    /// `User sleep`, when the statement slept.
    Sleep,
    /// `waiting for handler commit`, when it committed.
    Commit,
}

/// The parts of a statement of `shape` that did `extras`, in order.
fn parts(shape: Shape, extras: Extras) -> Vec<Part> {
    use Part::*;
    let mut parts: Vec<Part> = Vec::with_capacity(20 + TMP_TABLES_SHOWN as usize);
    let opening = |parts: &mut Vec<Part>| {
        parts.push(Fixed(STARTING));
        if extras.begins_transaction {
            parts.extend([Fixed(TRANSACTION_HOOK), Fixed(STARTING_AGAIN)]);
        }
        parts.extend([
            Fixed(CHECKING_PERMISSIONS),
            Fixed(OPENING_TABLES),
            Fixed(INIT),
            Fixed(SYSTEM_LOCK),
        ]);
    };
    let closing = |parts: &mut Vec<Part>| {
        parts.extend([Fixed(QUERY_END), Commit]);
        for _ in 0..extras.tmp_tables.min(TMP_TABLES_SHOWN) {
            parts.push(Fixed(REMOVING_TMP_TABLE));
        }
        parts.push(Fixed(CLOSING_TABLES));
    };
    match shape {
        Shape::Query => {
            opening(&mut parts);
            parts.extend([Fixed(OPTIMIZING), Fixed(STATISTICS), Fixed(PREPARING)]);
            if extras.tmp_tables > 0 {
                parts.push(Fixed(CREATING_TMP_TABLE));
            }
            parts.extend([Main("stage/sql/executing"), Sleep, Fixed(END)]);
            closing(&mut parts);
        }
        Shape::Insert | Shape::Change => {
            opening(&mut parts);
            let main =
                if shape == Shape::Insert { "stage/sql/update" } else { "stage/sql/updating" };
            parts.extend([Main(main), Sleep, Fixed(END)]);
            closing(&mut parts);
        }
        Shape::Other => {
            parts.extend([Fixed(STARTING), Main("stage/sql/executing"), Sleep]);
            parts.extend([Fixed(QUERY_END), Commit, Fixed(CLOSING_TABLES)]);
        }
    }
    parts.extend([Fixed(FREEING_ITEMS), Fixed(CLEANING_UP)]);
    parts
}

/// The time a statement of `shape` with `fixed_cpu` of fixed CPU has spent when its main
/// stage begins: its fixed stages before `executing` (or `update`, `updating`). A statement
/// that reads its own running event (`events_statements_current`) reads it then.
pub fn before_main(fixed_cpu: SimDuration, shape: Shape, extras: Extras) -> SimDuration {
    let before = parts(shape, extras).into_iter().take_while(|p| !matches!(p, Part::Main(_)));
    // Each stage rounded as `plan` rounds it, so the two agree to the nanosecond.
    let share = |per_mille: u64| fixed_cpu.0.saturating_mul(per_mille) / 1000;
    SimDuration(before.map(|p| if let Part::Fixed((_, m)) = p { share(m) } else { 0 }).sum())
}

/// The stages of a statement of `shape` that spent `spent` and did `extras`, in order, each
/// with its time. The times add up to `spent.total()` exactly.
pub fn plan(spent: &Spent, shape: Shape, extras: Extras) -> Vec<Stage> {
    use Part::*;
    let parts = parts(shape, extras);
    // A statement on InnoDB tables commits through the handler (an autocommit SELECT too);
    // another (SET, SHOW, a COMMIT with nothing to write) only when the logs were written:
    // MySQL enters the stage only with an engine registered in the transaction.
    let commits = shape != Shape::Other || spent.commit.0 > 0;
    let share = |(_, per_mille): Share| spent.fixed_cpu.0.saturating_mul(per_mille) / 1000;
    let fixed_total: u64 = parts
        .iter()
        .map(|p| match p {
            Fixed(s) => share(*s),
            Commit if commits => share(HANDLER_COMMIT),
            _ => 0,
        })
        .sum();
    // The main stage: the run, the CPU the fixed stages did not take, the bookkeeping.
    let main_cpu = spent.cpu.0.saturating_sub(fixed_total);
    let main = spent.run.0.saturating_add(main_cpu).saturating_add(spent.after.0);
    let main_cpu = main_cpu.saturating_add(spent.run_cpu.0.min(spent.run.0));
    let stage = |name, duration, cpu| Stage {
        name,
        duration: SimDuration(duration),
        cpu: SimDuration(cpu),
    };
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            Fixed(s) => out.push(stage(s.0, share(s), share(s))),
            Main(name) => out.push(stage(name, main, main_cpu)),
            Sleep if spent.slept.0 > 0 => out.push(stage(USER_SLEEP, spent.slept.0, 0)),
            Commit if commits => {
                let cpu = share(HANDLER_COMMIT);
                out.push(stage(HANDLER_COMMIT.0, spent.commit.0.saturating_add(cpu), cpu))
            }
            Sleep | Commit => {}
        }
    }
    out
}

/// Every stage name a plan can give (their instruments must exist).
pub fn names() -> impl Iterator<Item = &'static str> {
    [
        STARTING,
        CHECKING_PERMISSIONS,
        OPENING_TABLES,
        INIT,
        SYSTEM_LOCK,
        OPTIMIZING,
        STATISTICS,
        PREPARING,
        END,
        QUERY_END,
        HANDLER_COMMIT,
        CLOSING_TABLES,
        FREEING_ITEMS,
        CLEANING_UP,
    ]
    .into_iter()
    .map(|(n, _)| n)
    .chain([TRANSACTION_HOOK, CREATING_TMP_TABLE, REMOVING_TMP_TABLE].map(|(n, _)| n))
    .chain(["stage/sql/executing", "stage/sql/update", "stage/sql/updating", USER_SLEEP])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spent() -> Spent {
        Spent {
            run: SimDuration(1_234_567),
            commit: SimDuration(250_000),
            cpu: SimDuration(33_333),
            fixed_cpu: SimDuration(30_001),
            slept: SimDuration::ZERO,
            after: SimDuration(777),
            run_cpu: SimDuration(1_000_000),
        }
    }

    fn sum(p: &[Stage]) -> u64 {
        p.iter().map(|s| s.duration.0).sum()
    }

    #[test]
    fn the_stages_add_up_to_the_statement() {
        for shape in [Shape::Query, Shape::Insert, Shape::Change, Shape::Other] {
            let mut s = spent();
            let p = plan(&s, shape, Extras::default());
            assert_eq!(sum(&p), s.total().0, "{shape:?}");
            s.slept = SimDuration(1_000_000_000);
            s.commit = SimDuration::ZERO;
            let p = plan(&s, shape, Extras::default());
            assert_eq!(sum(&p), s.total().0, "{shape:?} sleeping");
            assert!(p.iter().any(|s| s.name == USER_SLEEP && s.cpu.0 == 0));
        }
        // Less CPU than the fixed shares (cannot happen, but must not panic or lose time).
        let s = Spent { cpu: SimDuration(5), fixed_cpu: SimDuration(1_000_000), ..spent() };
        assert!(sum(&plan(&s, Shape::Query, Extras::default())) >= s.total().0);
    }

    #[test]
    fn a_transaction_and_temporary_tables_add_their_stages() {
        let s = spent();
        let extras = Extras { begins_transaction: true, tmp_tables: 100 };
        let p = plan(&s, Shape::Query, extras);
        assert_eq!(sum(&p), s.total().0);
        let names: Vec<&str> = p.iter().map(|s| s.name.trim_start_matches("stage/sql/")).collect();
        assert_eq!(
            names[..4],
            [
                "starting",
                "Executing hook on transaction begin.",
                "starting",
                "checking permissions"
            ]
        );
        let at = |n: &str| names.iter().position(|x| *x == n).expect("there");
        assert_eq!(at("Creating tmp table") + 1, at("executing"));
        let removing = names.iter().filter(|n| **n == "removing tmp table").count();
        assert_eq!(removing, 8, "bounded");
        assert!(at("waiting for handler commit") < at("removing tmp table"));
        assert!(at("removing tmp table") < at("closing tables"));
    }

    #[test]
    fn each_mechanism_lands_in_its_stage() {
        let s = spent();
        let p = plan(&s, Shape::Query, Extras::default());
        let names: Vec<&str> = p.iter().map(|s| s.name.trim_start_matches("stage/sql/")).collect();
        assert_eq!(
            names,
            [
                "starting",
                "checking permissions",
                "Opening tables",
                "init",
                "System lock",
                "optimizing",
                "statistics",
                "preparing",
                "executing",
                "end",
                "query end",
                "waiting for handler commit",
                "closing tables",
                "freeing items",
                "cleaning up"
            ]
        );
        let get = |n: &str| p.iter().find(|s| s.name == n).map(|s| s.duration.0).unwrap_or(0);
        // The commit's fsyncs wait in `waiting for handler commit`, the rows in `executing`.
        assert_eq!(get("stage/sql/waiting for handler commit"), 250_000 + 30_001 * 30 / 1000);
        assert!(get("stage/sql/executing") > s.run.0);
        // Its CPU: the rows charged as it went and the CPU the fixed stages left.
        let executing = p.iter().find(|s| s.name == "stage/sql/executing").expect("there");
        assert!(executing.cpu.0 > s.run_cpu.0 && executing.cpu < executing.duration);
        assert_eq!(get("stage/sql/starting"), 30_001 * 280 / 1000);
        // A SET neither opens tables nor commits.
        let set = plan(&Spent { commit: SimDuration::ZERO, ..s }, Shape::Other, Extras::default());
        assert!(set.iter().all(|s| !s.name.contains("Opening") && !s.name.contains("commit")));
        assert_eq!(plan(&s, Shape::Insert, Extras::default())[5].name, "stage/sql/update");
        assert_eq!(plan(&s, Shape::Change, Extras::default())[5].name, "stage/sql/updating");
    }

    #[test]
    fn a_statement_reaches_its_main_stage_after_its_fixed_stages() {
        let s = spent();
        for shape in [Shape::Query, Shape::Insert, Shape::Other] {
            let extras = Extras { begins_transaction: true, tmp_tables: 1 };
            let p = plan(&s, shape, extras);
            let main = p.iter().position(|st| st.cpu != st.duration).expect("a main stage");
            let before: u64 = p[..main].iter().map(|st| st.duration.0).sum();
            assert_eq!(before_main(s.fixed_cpu, shape, extras).0, before, "{shape:?}");
        }
        // A query's: starting to preparing, 68 % of the fixed CPU.
        let q = before_main(SimDuration(40_000), Shape::Query, Extras::default());
        assert_eq!(q.0, 27_200);
    }

    #[test]
    fn every_stage_is_an_instrument() {
        for name in names() {
            assert!(crate::instruments::setup::classes::position(name).is_some(), "{name}");
        }
    }
}
