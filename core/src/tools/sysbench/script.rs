//! The OLTP scripts' statement mix, as data: which statement groups one event (transaction)
//! of `oltp_read_write`, `oltp_read_only` and `oltp_point_select` runs, in order, the
//! statement text of each (`oltp_common.lua`'s `stmt_defs`), how many of each an event runs
//! (`--point-selects`, `--simple-ranges`, ...) and the random draws that fill them. Every
//! group draws its table uniformly once and then its ids with `--rand-type`, so one
//! read-write event touches up to eight tables.

use super::options::Options;
use super::rand::ThreadRng;

/// The OLTP test a script runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test {
    ReadWrite,
    ReadOnly,
    PointSelect,
}

impl Test {
    /// The test a script name or path names (`oltp_read_write`, `oltp_read_write.lua`,
    /// `/usr/share/sysbench/oltp_read_write.lua`).
    pub fn from_script(script: &str) -> Option<Test> {
        let file = script.rsplit('/').next().unwrap_or(script);
        match file.strip_suffix(".lua").unwrap_or(file) {
            "oltp_read_write" => Some(Test::ReadWrite),
            "oltp_read_only" => Some(Test::ReadOnly),
            "oltp_point_select" => Some(Test::PointSelect),
            _ => None,
        }
    }
}

/// A statement group (`execute_point_selects`, `execute_range(...)`, ...), with its
/// statement template: `{t}` is the table number, the `?` the parameters the tool binds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    PointSelects,
    SimpleRanges,
    SumRanges,
    OrderRanges,
    DistinctRanges,
    IndexUpdates,
    NonIndexUpdates,
    DeleteInserts,
}

/// `stmt_defs` of oltp_common.lua, by group (the delete/insert pair has two).
pub fn templates(group: Group) -> &'static [&'static str] {
    match group {
        Group::PointSelects => &["SELECT c FROM sbtest{t} WHERE id=?"],
        Group::SimpleRanges => &["SELECT c FROM sbtest{t} WHERE id BETWEEN ? AND ?"],
        Group::SumRanges => &["SELECT SUM(k) FROM sbtest{t} WHERE id BETWEEN ? AND ?"],
        Group::OrderRanges => &["SELECT c FROM sbtest{t} WHERE id BETWEEN ? AND ? ORDER BY c"],
        Group::DistinctRanges => {
            &["SELECT DISTINCT c FROM sbtest{t} WHERE id BETWEEN ? AND ? ORDER BY c"]
        }
        Group::IndexUpdates => &["UPDATE sbtest{t} SET k=k+1 WHERE id=?"],
        Group::NonIndexUpdates => &["UPDATE sbtest{t} SET c=? WHERE id=?"],
        Group::DeleteInserts => &[
            "DELETE FROM sbtest{t} WHERE id=?",
            "INSERT INTO sbtest{t} (id, k, c, pad) VALUES (?, ?, ?, ?)",
        ],
    }
}

/// The groups a test's event runs, in order, with how many times each repeats.
pub fn event_groups(o: &Options) -> Vec<(Group, u32)> {
    let point = match o.test {
        // oltp_point_select.lua sets `point_selects` to 1 before preparing.
        Test::PointSelect => 1,
        _ => o.point_selects,
    };
    let mut groups = vec![(Group::PointSelects, point)];
    if o.test != Test::PointSelect && o.range_selects {
        groups.extend([
            (Group::SimpleRanges, o.simple_ranges),
            (Group::SumRanges, o.sum_ranges),
            (Group::OrderRanges, o.order_ranges),
            (Group::DistinctRanges, o.distinct_ranges),
        ]);
    }
    if o.test == Test::ReadWrite {
        groups.extend([
            (Group::IndexUpdates, o.index_updates),
            (Group::NonIndexUpdates, o.non_index_updates),
            (Group::DeleteInserts, o.delete_inserts),
        ]);
    }
    groups
}

/// Whether the test's events are transactions (`BEGIN` ... `COMMIT`).
pub fn uses_transactions(o: &Options) -> bool {
    o.test != Test::PointSelect && !o.skip_trx
}

/// The statements one thread prepares at `thread_init` (`prepare_statements`): COMMIT, and
/// each group's statements once for every table, whether or not an event runs them. `BEGIN`
/// is attempted too but cannot be prepared (ER_UNSUPPORTED_PS), so the driver sends it as
/// text: it is counted apart, in the second value.
pub fn prepared_per_thread(o: &Options) -> (u64, u64) {
    let per_table: u64 = event_groups(o).iter().map(|(g, _)| templates(*g).len() as u64).sum();
    let trx = u64::from(uses_transactions(o));
    (trx + per_table * u64::from(o.tables), trx)
}

/// What a statement is, for the report's read/write/other counts and for running it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Begin,
    Commit,
    Select,
    Update,
    Delete,
    Insert,
}

/// One statement of an event: its text with the values in place, and its template.
#[derive(Clone, Debug)]
pub struct Planned {
    pub sql: String,
    pub template: &'static str,
    pub kind: Kind,
}

/// 10 groups of 11 digits (`c_value_template`).
const C_TEMPLATE: &str = "###########-###########-###########-###########-###########-\
                          ###########-###########-###########-###########-###########";
/// 5 groups of 11 digits (`pad_value_template`).
const PAD_TEMPLATE: &str = "###########-###########-###########-###########-###########";

/// The statements of one event, drawing from `rng` in the scripts' order.
pub fn event(o: &Options, rng: &mut ThreadRng) -> Vec<Planned> {
    let mut out = Vec::new();
    let trx = uses_transactions(o);
    if trx {
        out.push(Planned { sql: "BEGIN".into(), template: "BEGIN", kind: Kind::Begin });
    }
    let size = o.table_size.min(u64::from(u32::MAX)) as u32;
    let tables = o.tables.max(1);
    for (group, times) in event_groups(o) {
        let t = rng.uniform(1, tables);
        let name = format!("sbtest{t}");
        let texts = templates(group);
        let template = texts[0];
        // Bounded by the group's count option.
        for _ in 0..times {
            let plan = |sql: String, kind: Kind| Planned { sql, template, kind };
            match group {
                Group::PointSelects => {
                    let id = rng.default_draw(1, size);
                    out.push(plan(format!("SELECT c FROM {name} WHERE id={id}"), Kind::Select));
                }
                Group::SimpleRanges
                | Group::SumRanges
                | Group::OrderRanges
                | Group::DistinctRanges => {
                    let id = u64::from(rng.default_draw(1, size));
                    let last = id + o.range_size.saturating_sub(1);
                    let (head, tail) = match group {
                        Group::SimpleRanges => ("SELECT c", ""),
                        Group::SumRanges => ("SELECT SUM(k)", ""),
                        Group::OrderRanges => ("SELECT c", " ORDER BY c"),
                        _ => ("SELECT DISTINCT c", " ORDER BY c"),
                    };
                    let sql = format!("{head} FROM {name} WHERE id BETWEEN {id} AND {last}{tail}");
                    out.push(plan(sql, Kind::Select));
                }
                Group::IndexUpdates => {
                    let id = rng.default_draw(1, size);
                    out.push(plan(format!("UPDATE {name} SET k=k+1 WHERE id={id}"), Kind::Update));
                }
                Group::NonIndexUpdates => {
                    let c = rng.string(C_TEMPLATE);
                    let id = rng.default_draw(1, size);
                    out.push(plan(
                        format!("UPDATE {name} SET c='{c}' WHERE id={id}"),
                        Kind::Update,
                    ));
                }
                Group::DeleteInserts => {
                    let id = rng.default_draw(1, size);
                    let k = rng.default_draw(1, size);
                    let c = rng.string(C_TEMPLATE);
                    let pad = rng.string(PAD_TEMPLATE);
                    out.push(plan(format!("DELETE FROM {name} WHERE id={id}"), Kind::Delete));
                    out.push(Planned {
                        sql: format!(
                            "INSERT INTO {name} (id, k, c, pad) VALUES ({id}, {k}, '{c}', '{pad}')"
                        ),
                        template: texts[1],
                        kind: Kind::Insert,
                    });
                }
            }
        }
    }
    if trx {
        out.push(Planned { sql: "COMMIT".into(), template: "COMMIT", kind: Kind::Commit });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::mysqlslap::shell_words;

    fn options(line: &str) -> Options {
        super::super::options::parse(&shell_words(line)).expect("options")
    }

    #[test]
    fn read_write_event_is_twenty_statements_over_up_to_eight_tables() {
        let o = options("sysbench oltp_read_write --tables=25000 run");
        let mut rng = ThreadRng::new(1, 0, 0, o.rand_type);
        let e = event(&o, &mut rng);
        assert_eq!(e.len(), 20);
        assert_eq!(e[0].sql, "BEGIN");
        assert_eq!(e[19].sql, "COMMIT");
        let selects = e.iter().filter(|p| p.kind == Kind::Select).count();
        assert_eq!(selects, 14);
        let tables: std::collections::BTreeSet<&str> = e
            .iter()
            .filter_map(|p| p.sql.split("sbtest").nth(1))
            .filter_map(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
            .collect();
        assert!(tables.len() <= 8);
        assert!(e[17].sql.starts_with("DELETE") && e[18].sql.starts_with("INSERT"));
        assert_eq!(
            e[17].sql.rsplit('=').next(),
            e[18].sql.split('(').nth(2).and_then(|v| v.split(',').next())
        );
    }

    #[test]
    fn each_test_prepares_its_statements_for_every_table() {
        assert_eq!(
            prepared_per_thread(&options("sysbench oltp_read_write --tables=25000 run")),
            (225_001, 1)
        );
        assert_eq!(
            prepared_per_thread(&options("sysbench oltp_read_only --tables=10 run")),
            (51, 1)
        );
        assert_eq!(
            prepared_per_thread(&options("sysbench oltp_point_select --tables=10 run")),
            (10, 0)
        );
        let o = options("sysbench oltp_point_select run");
        assert_eq!(event(&o, &mut ThreadRng::new(1, 0, 0, o.rand_type)).len(), 1);
        assert_eq!(
            Test::from_script("/usr/share/sysbench/oltp_read_only.lua"),
            Some(Test::ReadOnly)
        );
        assert_eq!(Test::from_script("oltp_insert"), None);
    }
}
