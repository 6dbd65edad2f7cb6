//! A session's profiles for `SHOW PROFILES`, `SHOW PROFILE` and `information_schema.PROFILING`
//! (deprecated since MySQL 8.0, still in 9.x; the manual's "SHOW PROFILE Statement"): while
//! `profiling` is on, each statement but SHOW PROFILE(S) leaves its stages, at most
//! `profiling_history_size` statements, numbered from 1 in the session.
//!
//! Simplifications: the getrusage columns other than CPU (block I/O, context switches,
//! messages, page faults, swaps) are 0: the simulated host keeps no such counts per thread;
//! CPU_user holds a stage's simulated CPU and CPU_system is 0.

use crate::instruments::ColumnSpec;
use crate::sim::SimDuration;
use crate::storage::table::Row;
use crate::storage::value::{Decimal, Value};
use std::collections::VecDeque;

/// A `SHOW PROFILE` type: which columns it adds after Status and Duration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfileType {
    All,
    BlockIo,
    ContextSwitches,
    Cpu,
    Ipc,
    /// Not implemented in MySQL either: adds no column.
    Memory,
    PageFaults,
    Source,
    Swaps,
}

/// A stage's Status in a profile: its name without `stage/sql/`, cut to the 30 characters
/// of PROFILING.STATE (varchar(30)).
pub fn state_of(stage: &'static str) -> &'static str {
    let state = stage.trim_start_matches("stage/sql/");
    match state.char_indices().nth(30) {
        Some((at, _)) => &state[..at],
        None => state,
    }
}

/// One stage of a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfiledStage {
    /// The stage's name without `stage/sql/` (the Status column), cut to its 30 characters
    /// (`Executing hook on transaction ` for the transaction-begin hook).
    pub state: &'static str,
    pub duration: SimDuration,
    /// The simulated CPU within it.
    pub cpu: SimDuration,
}

/// One profiled statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Query_ID: the session's profiled statements, from 1.
    pub query_id: u64,
    /// Query: the statement's text.
    pub query: String,
    pub stages: Vec<ProfiledStage>,
}

impl Profile {
    /// Duration: the statement's time, its stages together.
    pub fn duration(&self) -> SimDuration {
        SimDuration(self.stages.iter().map(|s| s.duration.0).sum())
    }
}

/// A session's profiles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profiles {
    last_query_id: u64,
    /// The newest last; at most `profiling_history_size` (at most 100).
    pub list: VecDeque<Profile>,
}

impl Profiles {
    /// Keeps a statement's profile, dropping the oldest past `history_size`; its text is cut
    /// to the 300 bytes MySQL keeps (MAX_QUERY_LENGTH in sql_profile.h).
    pub fn keep(&mut self, query: &str, stages: Vec<ProfiledStage>, history_size: usize) {
        let query = crate::instruments::statements::event::truncate_bytes(query, 300);
        self.last_query_id += 1;
        let history_size = history_size.min(100);
        if history_size == 0 {
            self.list.clear();
            return;
        }
        while self.list.len() >= history_size {
            self.list.pop_front();
        }
        self.list.push_back(Profile { query_id: self.last_query_id, query, stages });
    }

    /// The profile SHOW PROFILE shows: `query_id`'s, or the last one's.
    pub fn get(&self, query_id: Option<u64>) -> Option<&Profile> {
        match query_id {
            Some(id) => self.list.iter().find(|p| p.query_id == id),
            None => self.list.back(),
        }
    }
}

/// `SHOW PROFILES`' columns and rows: Query_ID, Duration (seconds, 8 decimals), Query.
pub fn show_profiles(p: &Profiles) -> (Vec<ColumnSpec>, Vec<Row>) {
    let columns =
        vec![("Query_ID", true, false), ("Duration", true, false), ("Query", false, false)];
    let rows = p
        .list
        .iter()
        .map(|q| {
            vec![Value::UInt(q.query_id), seconds(q.duration(), 8), Value::Str(q.query.clone())]
        })
        .collect();
    (columns, rows)
}

/// `d` in seconds with `decimals` places (at most 9), cut as MySQL's profiles print it.
fn seconds(d: SimDuration, decimals: u8) -> Value {
    let decimals = decimals.min(9);
    let per = 10u64.pow(9 - u32::from(decimals));
    Value::Decimal(Decimal::new(i128::from(d.0 / per), decimals))
}

/// The columns `types` add, in MySQL's order whatever order they were named in.
fn wanted(types: &[ProfileType]) -> [bool; 7] {
    let has = |t: ProfileType| types.iter().any(|x| *x == t || *x == ProfileType::All);
    [
        has(ProfileType::Cpu),
        has(ProfileType::ContextSwitches),
        has(ProfileType::BlockIo),
        has(ProfileType::Ipc),
        has(ProfileType::PageFaults),
        has(ProfileType::Swaps),
        has(ProfileType::Source),
    ]
}

/// SOURCE of a stage for the profile's Source_function, Source_file, Source_line (NULL for
/// the stages without one here): files and lines as a MySQL 8.0 trace shows them
/// (`stages::plan`). UNCONFIRMED: the function names, and the lines for 9.x.
fn stage_source(state: &str) -> [Value; 3] {
    let (function, file, line) = match state {
        "checking permissions" => ("check_access", "sql_authorization.cc", 2176),
        "Opening tables" => ("open_tables", "sql_base.cc", 5591),
        "init" => ("Sql_cmd_dml::execute", "sql_select.cc", 677),
        "System lock" => ("mysql_lock_tables", "lock.cc", 331),
        "optimizing" => ("JOIN::optimize", "sql_optimizer.cc", 282),
        "statistics" => ("JOIN::optimize", "sql_optimizer.cc", 502),
        "preparing" => ("JOIN::optimize", "sql_optimizer.cc", 583),
        "executing" => ("Query_expression::ExecuteIteratorQuery", "sql_union.cc", 1409),
        "update" => ("Sql_cmd_insert_values::execute_inner", "sql_insert.cc", 594),
        "updating" => ("Sql_cmd_update::update_single_table", "sql_update.cc", 636),
        "User sleep" => ("Item_func_sleep::val_int", "item_func.cc", 5640),
        "end" => ("Sql_cmd_dml::execute", "sql_select.cc", 730),
        "query end" => ("mysql_execute_command", "sql_parse.cc", 4606),
        "waiting for handler commit" => ("ha_commit_trans", "handler.cc", 1589),
        "closing tables" => ("mysql_execute_command", "sql_parse.cc", 4657),
        "freeing items" => ("dispatch_sql_command", "sql_parse.cc", 5330),
        "cleaning up" => ("dispatch_command", "sql_parse.cc", 2184),
        _ => return [Value::Null, Value::Null, Value::Null],
    };
    [Value::Str(function.into()), Value::Str(file.into()), Value::UInt(line)]
}

/// `SHOW PROFILE`'s columns and rows for `profile` with `types` (Status, Duration, then the
/// types' columns), its LIMIT and OFFSET applied.
pub fn show_profile(
    profile: Option<&Profile>,
    types: &[ProfileType],
    limit: Option<u64>,
    offset: u64,
) -> (Vec<ColumnSpec>, Vec<Row>) {
    let w = wanted(types);
    let mut columns: Vec<ColumnSpec> = vec![("Status", false, false), ("Duration", true, false)];
    let groups: [&[ColumnSpec]; 7] = [
        &[("CPU_user", true, true), ("CPU_system", true, true)],
        &[("Context_voluntary", true, true), ("Context_involuntary", true, true)],
        &[("Block_ops_in", true, true), ("Block_ops_out", true, true)],
        &[("Messages_sent", true, true), ("Messages_received", true, true)],
        &[("Page_faults_major", true, true), ("Page_faults_minor", true, true)],
        &[("Swaps", true, true)],
        &[
            ("Source_function", false, true),
            ("Source_file", false, true),
            ("Source_line", true, true),
        ],
    ];
    for (i, g) in groups.iter().enumerate() {
        if w[i] {
            columns.extend_from_slice(g);
        }
    }
    let stages = profile.map(|p| p.stages.as_slice()).unwrap_or_default();
    let take = usize::try_from(limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX);
    let skip = usize::try_from(offset).unwrap_or(usize::MAX);
    let rows = stages
        .iter()
        .skip(skip)
        .take(take)
        .map(|s| {
            let mut row = vec![Value::Str(s.state.to_string()), seconds(s.duration, 6)];
            let zero = || Value::UInt(0);
            if w[0] {
                row.extend([seconds(s.cpu, 6), seconds(SimDuration::ZERO, 6)]);
            }
            for (i, n) in [(1, 2), (2, 2), (3, 2), (4, 2), (5, 1)] {
                if w[i] {
                    row.extend((0..n).map(|_| zero()));
                }
            }
            if w[6] {
                row.extend(stage_source(s.state));
            }
            row
        })
        .collect();
    (columns, rows)
}

/// `information_schema.PROFILING`'s columns.
pub const PROFILING_COLUMNS: [ColumnSpec; 18] = [
    ("QUERY_ID", true, false),
    ("SEQ", true, false),
    ("STATE", false, false),
    ("DURATION", true, false),
    ("CPU_USER", true, true),
    ("CPU_SYSTEM", true, true),
    ("CONTEXT_VOLUNTARY", true, true),
    ("CONTEXT_INVOLUNTARY", true, true),
    ("BLOCK_OPS_IN", true, true),
    ("BLOCK_OPS_OUT", true, true),
    ("MESSAGES_SENT", true, true),
    ("MESSAGES_RECEIVED", true, true),
    ("PAGE_FAULTS_MAJOR", true, true),
    ("PAGE_FAULTS_MINOR", true, true),
    ("SWAPS", true, true),
    ("SOURCE_FUNCTION", false, true),
    ("SOURCE_FILE", false, true),
    ("SOURCE_LINE", true, true),
];

/// `information_schema.PROFILING`'s rows: every stage of every kept profile. UNCONFIRMED: SEQ
/// from 2, as MySQL numbers a profile's measurements from 1 and shows each stage at the
/// measurement that ends it.
pub fn profiling_rows(p: &Profiles) -> Vec<Row> {
    let mut rows = Vec::new();
    for q in &p.list {
        for (seq, s) in (2u64..).zip(&q.stages) {
            let mut row = vec![
                Value::UInt(q.query_id),
                Value::UInt(seq),
                Value::Str(s.state.to_string()),
                seconds(s.duration, 6),
                seconds(s.cpu, 6),
                seconds(SimDuration::ZERO, 6),
            ];
            row.extend((0..9).map(|_| Value::UInt(0)));
            row.extend(stage_source(s.state));
            rows.push(row);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_history_is_bounded_and_numbered() {
        let mut p = Profiles::default();
        let stage = |ns| ProfiledStage {
            state: "executing",
            duration: SimDuration(ns),
            cpu: SimDuration(ns),
        };
        for i in 1..=4 {
            p.keep(&format!("SELECT {i}"), vec![stage(i * 10), stage(5)], 3);
        }
        assert_eq!(p.list.iter().map(|x| x.query_id).collect::<Vec<_>>(), [2, 3, 4]);
        assert_eq!(p.get(None).map(|x| x.duration()), Some(SimDuration(45)));
        assert_eq!(p.get(Some(2)).map(|x| x.query.as_str()), Some("SELECT 2"));
        assert!(p.get(Some(1)).is_none());
        p.keep("SELECT 5", vec![], 0);
        assert!(p.list.is_empty());
        p.keep("SELECT 6", vec![], 15);
        assert_eq!(p.get(None).map(|x| x.query_id), Some(6));
    }

    #[test]
    fn the_types_add_their_columns_in_mysqls_order() {
        let stage = ProfiledStage {
            state: "executing",
            duration: SimDuration(1_234_567),
            cpu: SimDuration(234_567),
        };
        let profile =
            Profile { query_id: 1, query: "SELECT 1".into(), stages: vec![stage.clone()] };
        let names = |types: &[ProfileType]| -> Vec<&str> {
            show_profile(Some(&profile), types, None, 0).0.iter().map(|c| c.0).collect()
        };
        assert_eq!(names(&[]), ["Status", "Duration"]);
        assert_eq!(
            names(&[ProfileType::Swaps, ProfileType::Cpu]),
            ["Status", "Duration", "CPU_user", "CPU_system", "Swaps"]
        );
        assert_eq!(names(&[ProfileType::All]).len(), 2 + 2 * 5 + 1 + 3);
        assert_eq!(names(&[ProfileType::Memory]).len(), 2, "MEMORY adds nothing");
        let (_, rows) = show_profile(Some(&profile), &[ProfileType::Cpu], None, 0);
        assert_eq!(rows[0][1].to_text().as_deref(), Some("0.001234"));
        assert_eq!(rows[0][2].to_text().as_deref(), Some("0.000234"));
        assert!(show_profile(Some(&profile), &[], Some(5), 1).1.is_empty());
        assert!(show_profile(None, &[], None, 0).1.is_empty());
        let mut p = Profiles::default();
        p.keep(&"x".repeat(400), vec![stage], 15);
        assert_eq!(p.list[0].query.len(), 300);
        let (_, rows) = show_profiles(&p);
        assert_eq!(rows[0][1].to_text().as_deref(), Some("0.00123456"));
        assert_eq!(profiling_rows(&p)[0][1], Value::UInt(2));
    }
}
