//! `ReportFormatter`: the tool's column layout for the profile (line width 74, `# ` prefix,
//! columns sized by shares of the line and then by their values, the header cut to the line,
//! the right-most column extended, values stripped of surrounding spaces).

/// A column: its name, right-justified or not, and a fixed width if any.
pub struct Column {
    /// Header text.
    pub name: &'static str,
    /// Right-justified.
    pub right: bool,
    /// Fixed width in characters (turned into a share of the line, as the tool does).
    pub width: Option<u32>,
}

/// Lays out `rows` under `title` the way `ReportFormatter::get_report` does.
pub fn render(title: &str, columns: &[Column], rows: &[Vec<String>]) -> String {
    const LINE_WIDTH: i64 = 74;
    let n = columns.len();
    let mut pct: Vec<i64> = vec![0; n];
    let mut auto = vec![false; n];
    let mut used = 0;
    for (i, c) in columns.iter().enumerate() {
        if let Some(w) = c.width {
            pct[i] = (i64::from(w) * 100 + LINE_WIDTH - 1) / LINE_WIDTH;
            used += pct[i];
        } else {
            auto[i] = true;
        }
    }
    let autos = auto.iter().filter(|a| **a).count() as i64;
    if autos > 0 {
        let each = (100 - used) / autos;
        for i in 0..n {
            if auto[i] {
                pct[i] = each;
            }
        }
    }
    let header_min: i64 = columns.iter().map(|c| c.name.len() as i64).sum::<i64>() + (n as i64 - 1);
    let truncate_headers = header_min > LINE_WIDTH;
    let rows: Vec<Vec<String>> =
        rows.iter().map(|r| r.iter().map(|v| v.trim().replace('\n', " ")).collect()).collect();
    let mut min_val = vec![0i64; n];
    let mut max_val = vec![0i64; n];
    for r in &rows {
        for i in 0..n {
            let w = r.get(i).map_or(0, |v| v.chars().count() as i64);
            min_val[i] = if min_val[i] == 0 { w } else { min_val[i].min(w) };
            max_val[i] = if max_val[i] == 0 { w } else { max_val[i].max(w) };
        }
    }
    let mut width = vec![0i64; n];
    let mut extra = 0i64;
    for i in 0..n {
        // int(line_width * pct / 100), in floating point as Perl computes it.
        let mut w = (LINE_WIDTH as f64 * (pct[i] as f64 / 100.0)).trunc() as i64;
        if auto[i] {
            if min_val[i] != 0 && w < min_val[i] {
                w = min_val[i];
            } else if max_val[i] != 0 && w > max_val[i] {
                extra += w - max_val[i];
                w = max_val[i];
            }
        }
        width[i] = w;
    }
    // Bounded by the spare width, at most 74 rounds.
    while extra > 0 {
        extra -= 1;
        for i in 0..n {
            let header = columns[i].name.len() as i64;
            if auto[i] && (width[i] < max_val[i] || width[i] < header) {
                width[i] += 1;
            }
        }
    }
    let mut names: Vec<String> = columns.iter().map(|c| c.name.to_string()).collect();
    if truncate_headers {
        for i in 0..n {
            let w = width[i] as usize;
            if names[i].len() > w && i != n - 1 {
                // truncate_header_side 'left': the mark then the name's end.
                let keep = w.saturating_sub(3);
                names[i] = format!("...{}", &names[i][names[i].len() - keep..]);
            }
        }
    }
    let rows: Vec<Vec<String>> = rows
        .into_iter()
        .map(|r| {
            r.into_iter()
                .enumerate()
                .map(|(i, v)| {
                    let w = width[i] as usize;
                    if w > 0 && v.chars().count() > w && i != n - 1 {
                        let keep: String = v.chars().take(w.saturating_sub(3)).collect();
                        format!("{keep}...")
                    } else {
                        v
                    }
                })
                .collect()
        })
        .collect();
    let cell = |i: usize, v: &str, header: bool| -> String {
        let last = i == n - 1;
        let w = width[i] as usize;
        let right = columns[i].right && !header;
        if last && !columns[i].right {
            if header {
                format!("{v:<0$}", 0)
            } else {
                v.to_string()
            }
        } else if right {
            format!("{v:>w$}")
        } else {
            format!("{v:<w$}")
        }
    };
    let join = |cells: Vec<String>| format!("# {}", cells.join(" "));
    let cut = |line: String, strip: bool| -> String {
        let line = if strip { line.trim_end().to_string() } else { line };
        if line.chars().count() > LINE_WIDTH as usize {
            line.chars().take(LINE_WIDTH as usize).collect()
        } else {
            line
        }
    };
    let mut out = Vec::new();
    out.push(format!("# {title}"));
    out.push(cut(join((0..n).map(|i| cell(i, &names[i], true)).collect()), true));
    out.push(cut(
        join((0..n).map(|i| cell(i, &"=".repeat(width[i] as usize), false)).collect()),
        false,
    ));
    for r in &rows {
        out.push(join(
            (0..n).map(|i| cell(i, r.get(i).map_or("", String::as_str), false)).collect(),
        ));
    }
    out.join("\n") + "\n"
}

/// The profile as Percona Toolkit 3.5 and later lay it out (the chapter's 3.7.1; MYSQL_SPEC
/// 9.3): each column as wide as its header or widest value, the Query ID always 35 characters
/// (`0x` and 32 hex digits, and a space), V/M 5; the header and its rule cut at 74 characters
/// (so the `Item` header is cut off), the rows not cut. UNCONFIRMED beyond the spec's example:
/// only 3.2.1 installs here, and its `ReportFormatter` squeezes the IDs instead ([`render`]).
pub fn render_wide(title: &str, columns: &[Column], rows: &[Vec<String>]) -> String {
    const LINE_WIDTH: usize = 74;
    let n = columns.len();
    let rows: Vec<Vec<String>> =
        rows.iter().map(|r| r.iter().map(|v| v.trim().replace('\n', " ")).collect()).collect();
    let width: Vec<usize> = (0..n)
        .map(|i| {
            let widest = rows.iter().map(|r| r.get(i).map_or(0, |v| v.chars().count())).max();
            let natural = widest.unwrap_or(0).max(columns[i].name.len());
            match columns[i].width {
                Some(w) => natural.max(w as usize),
                None => natural,
            }
        })
        .collect();
    let cell = |i: usize, v: &str, header: bool| -> String {
        let w = width[i];
        if i == n - 1 {
            v.to_string()
        } else if columns[i].right && !header {
            format!("{v:>w$}")
        } else {
            format!("{v:<w$}")
        }
    };
    let join = |cells: Vec<String>| format!("# {}", cells.join(" "));
    let cut = |line: String| -> String { line.chars().take(LINE_WIDTH).collect() };
    let mut out = vec![format!("# {title}")];
    out.push(cut(join((0..n).map(|i| cell(i, columns[i].name, true)).collect())));
    out.push(cut(join((0..n).map(|i| cell(i, &"=".repeat(width[i].max(4)), false)).collect())));
    for r in &rows {
        out.push(join(
            (0..n).map(|i| cell(i, r.get(i).map_or("", String::as_str), false)).collect(),
        ));
    }
    out.join("\n") + "\n"
}

#[cfg(test)]
mod wide_tests {
    use super::*;

    #[test]
    fn the_wide_profile_keeps_whole_ids_and_cuts_only_the_header() {
        let columns = [
            Column { name: "Rank", right: true, width: None },
            Column { name: "Query ID", right: false, width: Some(35) },
            Column { name: "Response time", right: true, width: None },
            Column { name: "Calls", right: true, width: None },
            Column { name: "R/Call", right: true, width: None },
            Column { name: "V/M", right: true, width: Some(5) },
            Column { name: "Item", right: false, width: None },
        ];
        let row = |v: [&str; 7]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let rows = [
            row([
                "1",
                "0x34F6C229F95D6D36BB5A03CD51261D1C",
                "    4.0000 87.0%",
                "2",
                "  2.0000",
                "0.25",
                "SELECT orders",
            ]),
            row(["MISC", "0xMISC", "    0.1000  2.2%", "1", "  0.1000", "0.0", "<1 ITEMS>"]),
        ];
        // MYSQL_SPEC 9.3's example, line for line.
        let want = "# Profile\n\
# Rank Query ID                            Response time Calls R/Call V/M \n\
# ==== =================================== ============= ===== ====== ====\n\
#    1 0x34F6C229F95D6D36BB5A03CD51261D1C   4.0000 87.0%     2 2.0000  0.25 SELECT orders\n\
# MISC 0xMISC                               0.1000  2.2%     1 0.1000   0.0 <1 ITEMS>\n";
        assert_eq!(render_wide("Profile", &columns, &rows), want);
    }
}
