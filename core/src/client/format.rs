//! How the mysql client prints results: boxed tables (`mysql -t` and interactive), vertical
//! `\G` output, `N rows in set`, `Query OK`, warnings counts, errors, and the `(0.00 sec)`
//! timing, following `client/mysql.cc` (`print_table_data`, `print_table_data_vertically`,
//! `nice_time`).
//!
//! Simplification: widths count characters, not terminal cells (East Asian wide characters
//! take two cells in the real client).

use crate::error::MySqlError;
use crate::sim::SimDuration;
use crate::sql::{Response, ResultSet};

/// `(0.00 sec)`, `(1 min 2.35 sec)`, `(2 hours 5 min 0.00 sec)`: mysql.cc's `nice_time`.
pub fn nice_time(d: SimDuration) -> String {
    format!("({})", time_parts(d.as_nanos(), true))
}

/// mysql.cc's `nice_time` without its parentheses: days, hours and minutes, then the seconds
/// left with two decimals (`fractional`, as after a statement) or whole (as `status` prints
/// the uptime).
pub fn time_parts(nanos: u64, fractional: bool) -> String {
    const SEC: u64 = 1_000_000_000;
    let mut ns = nanos;
    let mut out = String::new();
    let day = 86_400 * SEC;
    if ns >= day {
        let n = ns / day;
        ns -= n * day;
        out.push_str(&format!("{n} {}", if n > 1 { "days " } else { "day " }));
    }
    let hour = 3_600 * SEC;
    if ns >= hour {
        let n = ns / hour;
        ns -= n * hour;
        out.push_str(&format!("{n} {}", if n > 1 { "hours " } else { "hour " }));
    }
    let min = 60 * SEC;
    if ns >= min {
        let n = ns / min;
        ns -= n * min;
        out.push_str(&format!("{n} min "));
    }
    if fractional {
        // %.2f of the remaining seconds, rounded half up in integer arithmetic.
        let cs = (ns + 5_000_000) / 10_000_000;
        out.push_str(&format!("{}.{:02} sec", cs / 100, cs % 100));
    } else {
        out.push_str(&format!("{} sec", ns / SEC));
    }
    out
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn warnings_part(warnings: u32) -> String {
    if warnings == 0 {
        String::new()
    } else {
        format!(", {}", plural(u64::from(warnings), "warning", "warnings"))
    }
}

/// The whole output of one statement, as the interactive client prints it.
pub fn response(r: &Response, vertical: bool, warnings: u32, elapsed: SimDuration) -> String {
    let time = nice_time(elapsed);
    let w = warnings_part(warnings);
    match r {
        Response::Rows(rs) if rs.rows.is_empty() && rs.unshown == 0 => {
            format!("Empty set{w} {time}\n\n")
        }
        Response::Rows(rs) => {
            let body = if vertical { vertical_table(rs) } else { table(rs) };
            let more = if rs.unshown > 0 {
                format!(
                    "({} more rows not shown: the simulated client keeps the first {}; \
                     `pager cat > /dev/null` shows none)\n",
                    rs.unshown,
                    rs.rows.len()
                )
            } else {
                String::new()
            };
            let n = plural(rs.rows.len() as u64 + rs.unshown, "row", "rows");
            format!("{body}{more}{n} in set{w} {time}\n\n")
        }
        Response::Ok { affected_rows, info } => {
            let n = plural(*affected_rows, "row", "rows");
            let info = info.as_ref().map(|i| format!("{i}\n")).unwrap_or_default();
            format!("Query OK, {n} affected{w} {time}\n{info}\n")
        }
        Response::DatabaseChanged => "Database changed\n".into(),
        Response::Many(list) => {
            list.iter().map(|r| response(r, vertical, warnings, elapsed)).collect()
        }
    }
}

/// What the terminal shows of a response while the pager discards the result: the client's
/// own summary line (`3000000 rows in set (1.23 sec)`), not the rows.
pub fn response_without_rows(r: &Response, warnings: u32, elapsed: SimDuration) -> String {
    match r {
        Response::Rows(rs) if !rs.rows.is_empty() || rs.unshown > 0 => {
            let n = plural(rs.rows.len() as u64 + rs.unshown, "row", "rows");
            format!("{n} in set{} {}\n\n", warnings_part(warnings), nice_time(elapsed))
        }
        Response::Many(list) => {
            list.iter().map(|r| response_without_rows(r, warnings, elapsed)).collect()
        }
        other => response(other, false, warnings, elapsed),
    }
}

/// `ERROR 1193 (HY000): Unknown system variable 'query_cache_size'`
pub fn error(e: &MySqlError) -> String {
    format!("{e}\n")
}

/// A boxed table.
pub fn table(rs: &ResultSet) -> String {
    let cells: Vec<Vec<Option<String>>> =
        rs.rows.iter().map(|r| r.iter().map(|v| v.display_text()).collect()).collect();
    let widths: Vec<usize> = rs
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let data = cells.iter().map(|r| r[i].as_deref().map_or(4, width)).max().unwrap_or(0);
            let w = width(&c.name).max(data);
            if w < 4 && c.nullable {
                4
            } else {
                w
            }
        })
        .collect();
    let mut rule = String::from("+");
    for w in &widths {
        push_repeated(&mut rule, '-', w + 2);
        rule.push('+');
    }
    rule.push('\n');
    // Built in place: a cell costs no allocation of its own beyond its text.
    let mut out = String::with_capacity(rule.len() * (cells.len() + 4));
    out.push_str(&rule);
    out.push('|');
    for (c, w) in rs.columns.iter().zip(&widths) {
        out.push(' ');
        out.push_str(&c.name);
        push_repeated(&mut out, ' ', w - width(&c.name));
        out.push_str(" |");
    }
    out.push('\n');
    out.push_str(&rule);
    for row in &cells {
        out.push('|');
        for ((cell, c), w) in row.iter().zip(&rs.columns).zip(&widths) {
            let text = cell.as_deref().unwrap_or("NULL");
            let pad = w - width(text);
            out.push(' ');
            if c.numeric {
                push_repeated(&mut out, ' ', pad);
                out.push_str(text);
            } else {
                out.push_str(text);
                push_repeated(&mut out, ' ', pad);
            }
            out.push_str(" |");
        }
        out.push('\n');
    }
    out.push_str(&rule);
    out
}

/// Appends `n` copies of `c`.
fn push_repeated(out: &mut String, c: char, n: usize) {
    out.extend(std::iter::repeat_n(c, n));
}

/// `\G` output.
pub fn vertical_table(rs: &ResultSet) -> String {
    let name_width = rs.columns.iter().map(|c| width(&c.name)).max().unwrap_or(0);
    let mut out = String::new();
    for (i, row) in rs.rows.iter().enumerate() {
        out.push_str(&format!(
            "*************************** {}. row ***************************\n",
            i + 1
        ));
        for (c, v) in rs.columns.iter().zip(row) {
            let pad = " ".repeat(name_width - width(&c.name));
            out.push_str(&format!(
                "{pad}{}: {}\n",
                c.name,
                v.display_text().as_deref().unwrap_or("NULL")
            ));
        }
    }
    out
}

fn width(s: &str) -> usize {
    s.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sql::{Column, Value};

    #[test]
    fn nice_time_matches_the_client() {
        assert_eq!(nice_time(SimDuration::ZERO), "(0.00 sec)");
        assert_eq!(nice_time(SimDuration::from_millis(4)), "(0.00 sec)");
        assert_eq!(nice_time(SimDuration::from_millis(5)), "(0.01 sec)");
        assert_eq!(nice_time(SimDuration::from_millis(33_400)), "(33.40 sec)");
        assert_eq!(nice_time(SimDuration::from_millis(107_610)), "(1 min 47.61 sec)");
        assert_eq!(
            nice_time(SimDuration::from_secs(7_205)),
            "(2 hours 0 min 5.00 sec)".replace("0 min ", "")
        );
        assert_eq!(nice_time(SimDuration::from_secs(90_000)), "(1 day 1 hour 0.00 sec)");
    }

    #[test]
    fn a_result_past_the_rows_kept_is_counted() {
        let rs = ResultSet {
            columns: vec![Column { name: "id".into(), numeric: true, nullable: false }],
            rows: vec![vec![Value::Int(1)]],
            unshown: 2_999_999,
        };
        let shown = response(&Response::Rows(rs.clone()), false, 0, SimDuration::ZERO);
        assert!(shown.ends_with(
            "|  1 |\n+----+\n(2999999 more rows not shown: the simulated client keeps the first \
             1; `pager cat > /dev/null` shows none)\n3000000 rows in set (0.00 sec)\n\n"
        ));
        let discarded = response_without_rows(&Response::Rows(rs), 0, SimDuration::ZERO);
        assert_eq!(discarded, "3000000 rows in set (0.00 sec)\n\n");
        let none = ResultSet { unshown: 0, rows: Vec::new(), ..ResultSet::default() };
        assert_eq!(
            response_without_rows(&Response::Rows(none), 0, SimDuration::ZERO),
            "Empty set (0.00 sec)\n\n"
        );
    }

    #[test]
    fn tables_align_like_mysql() {
        let rs = ResultSet {
            columns: vec![
                Column::number("1+1"),
                Column { name: "a".into(), numeric: false, nullable: true },
            ],
            rows: vec![vec![Value::Int(2), Value::Null]],
            unshown: 0,
        };
        assert_eq!(
            table(&rs),
            "+-----+------+\n| 1+1 | a    |\n+-----+------+\n|   2 | NULL |\n+-----+------+\n"
        );
        assert_eq!(
            vertical_table(&rs),
            "*************************** 1. row ***************************\n1+1: 2\n  a: NULL\n"
        );
        assert_eq!(
            response(&Response::Rows(rs.clone()), false, 1, SimDuration::ZERO).lines().last(),
            Some("")
        );
        assert_eq!(
            response(&Response::Ok { affected_rows: 1, info: None }, false, 2, SimDuration::ZERO),
            "Query OK, 1 row affected, 2 warnings (0.00 sec)\n\n"
        );
    }
}
