//! `QueryReportFormatter`: the header (overall figures and the attribute table), the profile,
//! and a report per query (percentiles, the Query_time distribution, Tables, EXPLAIN or
//! "Converted for EXPLAIN" lines, the sample). Line width 74, label width 12.

use super::aggregate::{metrics, Aggregate, Kind, Stat};
use super::checksum::checksum;
use super::distill::{distill, get_tables};
use super::format::{micro_t, percentage_of, perl_str, shorten, shorten_by};
use super::table::{render, Column};
use super::Ranked;

const LINE_LENGTH: usize = 74;
const LABEL_WIDTH: usize = 12;

/// The attributes in the tool's report order: numbers (Query_time first, a fixed list, then by
/// name), InnoDB_ numbers, booleans and strings by upper-cased name.
pub struct SortedAttribs {
    pub num: Vec<String>,
    pub innodb: Vec<String>,
    pub boolean: Vec<String>,
    pub string: Vec<String>,
}

const NUM_ORDER: [&str; 14] = [
    "Query_time",
    "Exec_orig_time",
    "Transmit_time",
    "Lock_time",
    "Rows_sent",
    "Rows_examined",
    "Rows_affected",
    "Rows_read",
    "Bytes_sent",
    "Merge_passes",
    "Tmp_tables",
    "Tmp_disk_tables",
    "Tmp_table_sizes",
    "bytes",
];

/// `sort_attribs`.
pub fn sort_attribs(agg: &Aggregate) -> SortedAttribs {
    let hidden = ["arg", "fingerprint", "pos_in_log", "ts"];
    let mut s = SortedAttribs { num: vec![], innodb: vec![], boolean: vec![], string: vec![] };
    for (name, kind) in &agg.kinds {
        if hidden.contains(&name.as_str()) {
            continue;
        }
        match kind {
            Kind::Num if name.starts_with("InnoDB_") => s.innodb.push(name.clone()),
            Kind::Num => s.num.push(name.clone()),
            Kind::Bool => s.boolean.push(name.clone()),
            Kind::Text => s.string.push(name.clone()),
        }
    }
    let rank = |n: &str| NUM_ORDER.iter().position(|o| *o == n);
    s.num.sort_by(|a, b| match (rank(a), rank(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.cmp(b),
    });
    for v in [&mut s.innodb, &mut s.boolean, &mut s.string] {
        v.sort_by_key(|a| a.to_ascii_uppercase());
    }
    s
}

/// `make_label`.
fn label(name: &str) -> String {
    let mut v = name.replace('_', " ");
    if let Some(rest) = v.strip_prefix("InnoDB ") {
        v = if rest == "trx id" {
            "InnoDB trxID".into()
        } else {
            rest.chars().take(LABEL_WIDTH).collect()
        };
    }
    match v.as_str() {
        "user" => "Users".into(),
        "db" => "Databases".into(),
        "Query time" => "Exec time".into(),
        "host" => "Hosts".into(),
        "Error no" => "Errors".into(),
        "bytes" => "Query size".into(),
        "Tmp disk tables" => "Tmp disk tbl".into(),
        "Tmp table sizes" => "Tmp tbl size".into(),
        _ => v.chars().take(LABEL_WIDTH).collect(),
    }
}

/// `num_format`: `# %-12s %3s %7s %7s %7s %7s %7s %7s %7s`.
fn num_line(cells: &[String]) -> String {
    let get = |i: usize| cells.get(i).map_or("", String::as_str);
    format!(
        "# {:<12} {:>3} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}",
        get(0),
        get(1),
        get(2),
        get(3),
        get(4),
        get(5),
        get(6),
        get(7),
        get(8)
    )
}

fn values(name: &str, stat: &Stat) -> Vec<String> {
    let m = metrics(stat);
    let f: fn(f64) -> String =
        if name.to_ascii_lowercase().contains("time") || name.ends_with("wait") {
            // `m/time|wait$/`: case-sensitive `time` anywhere, or `wait` at the end.
            if name.contains("time") || name.ends_with("wait") {
                micro_t
            } else {
                shorten
            }
        } else {
            shorten
        };
    let avg = if stat.cnt > 0 { stat.sum / stat.cnt as f64 } else { 0.0 };
    vec![f(stat.sum), f(stat.min), f(stat.max), f(avg), f(m.pct_95), f(m.stddev), f(m.median)]
}

/// Parses a `ts` as the tool's `parse_timestamp`: `YYMMDD H:MM:SS` to `20YY-MM-DD HH:MM:SS`.
pub(super) fn parse_timestamp(ts: &str) -> String {
    let b = ts.as_bytes();
    if b.len() >= 8 && b[..6].iter().all(u8::is_ascii_digit) && b[6] == b' ' {
        let rest = ts[6..].trim_start();
        let hms: Vec<&str> = rest.split(':').collect();
        if hms.len() == 3
            && hms.iter().all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
        {
            let n = |s: &str| s.parse::<u32>().unwrap_or(0);
            return format!(
                "{}-{}-{} {:02}:{:02}:{:02}",
                2000 + n(&ts[0..2]),
                &ts[2..4],
                &ts[4..6],
                n(hms[0]),
                n(hms[1]),
                n(hms[2])
            );
        }
    }
    ts.to_string()
}

/// Seconds since an arbitrary epoch of a parsed timestamp, with its fraction, for differences
/// only (the tool's `timelocal` differs from this by a constant within a day with no DST
/// change). None unless it is exactly `YYYY-MM-DD[T ]HH:MM:SS[.ffffff]`, as the tool's regex.
fn seconds_of(ts: &str) -> Option<f64> {
    let p = parse_timestamp(ts);
    let b = p.as_bytes();
    if b.len() < 19
        || b[4] != b'-'
        || b[7] != b'-'
        || !(b[10] == b' ' || b[10] == b'T')
        || b[13] != b':'
        || b[16] != b':'
    {
        return None;
    }
    let frac = p.get(19..).unwrap_or("-");
    let digits = frac.strip_prefix('.').unwrap_or("");
    let fraction_ok =
        frac.is_empty() || (!digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()));
    if !fraction_ok {
        return None;
    }
    let n = |r: std::ops::Range<usize>| {
        p.get(r)
            .filter(|s| s.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|s| s.parse::<i64>().ok())
    };
    let (y, m, d, h, mi, s) = (n(0..4)?, n(5..7)?, n(8..10)?, n(11..13)?, n(14..16)?, n(17..19)?);
    // Days from civil (Howard Hinnant's algorithm).
    let y2 = if m <= 2 { y - 1 } else { y };
    let era = y2.div_euclid(400);
    let yoe = y2 - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468;
    let whole = (days * 86_400 + h * 3600 + mi * 60 + s) as f64;
    // `sprintf('%.6f', $us)` appended to the seconds.
    let fraction: f64 = if frac.is_empty() {
        0.0
    } else {
        format!("{:.6}", frac.parse::<f64>().unwrap_or(0.0)).parse().unwrap_or(0.0)
    };
    Some(whole + fraction)
}

/// `format_time_range`.
fn time_range(stat: &Stat) -> String {
    let min = parse_timestamp(&stat.min_text);
    let max = parse_timestamp(&stat.max_text);
    if !min.is_empty() && min == max {
        return format!("all events occurred at {min}");
    }
    let min_day = min.split(' ').next().unwrap_or("");
    let max_day = max.split(' ').next().unwrap_or("");
    let max_shown = if min_day == max_day {
        max.split(' ').nth(1).unwrap_or("").to_string()
    } else {
        max.clone()
    };
    if !min.is_empty() && !max_shown.is_empty() {
        format!("{min} to {max_shown}")
    } else {
        "unknown".into()
    }
}

/// QPS and concurrency over a time range.
pub(super) fn rates(ts: Option<&Stat>, count: u64, sum: f64, overall: bool) -> (f64, f64) {
    let Some(ts) = ts else { return (0.0, 0.0) };
    if count == 0 || ts.max_text <= ts.min_text {
        return (0.0, 0.0);
    }
    let (Some(a), Some(b)) = (seconds_of(&ts.min_text), seconds_of(&ts.max_text)) else {
        return (0.0, 0.0);
    };
    let diff = b - a;
    if diff == 0.0 {
        // The overall header divides the QPS by (diff || 1), the class line by diff (an error
        // the tool's eval swallows, leaving 0).
        return if overall { (count as f64, 0.0) } else { (0.0, 0.0) };
    }
    (count as f64 / diff, sum / diff)
}

/// The `header` report.
pub fn header(agg: &Aggregate, orderby: &str) -> String {
    let g = agg.globals.get(orderby);
    let cnt = g.map_or(0, |s| s.cnt);
    let (qps, conc) = rates(agg.globals.get("ts"), cnt, g.map_or(0.0, |s| s.sum), true);
    let mut line = format!(
        "# Overall: {} total, {} unique, {} QPS, {}x concurrency ",
        shorten_by(cnt as f64, 1000.0),
        shorten_by(agg.classes.len() as f64, 1000.0),
        shorten_by(qps, 1000.0),
        shorten_by(conc, 1000.0)
    );
    let pad = (LINE_LENGTH + LABEL_WIDTH - 12).saturating_sub(line.len());
    line.push_str(&"_".repeat(pad));
    let mut out = vec![line];
    if let Some(ts) = agg.globals.get("ts") {
        out.push(format!("# Time range: {}", time_range(ts)));
    }
    out.extend(attribute_heading("", "   "));
    let attribs = sort_attribs(agg);
    for (group, list) in [("num", &attribs.num), ("innodb", &attribs.innodb)] {
        if group == "innodb" && !list.is_empty() {
            out.push("# InnoDB:".into());
        }
        for name in list {
            let Some(stat) = agg.globals.get(name) else { continue };
            let mut cells = vec![label(name), String::new()];
            cells.extend(values(name, stat));
            out.push(num_line(&cells));
        }
    }
    if !attribs.boolean.is_empty() {
        let mut lines = Vec::new();
        for name in &attribs.boolean {
            let Some(stat) = agg.globals.get(name) else { continue };
            if stat.sum > 0.0 {
                lines.push(bool_line(name, stat));
            }
        }
        if !lines.is_empty() {
            out.push("# Boolean:".into());
            out.extend(lines);
        }
    }
    out.iter().map(|l| l.trim_end().to_string() + "\n").collect()
}

fn bool_line(name: &str, stat: &Stat) -> String {
    let yes = percentage_of(stat.sum, stat.cnt as f64);
    let no = percentage_of(stat.cnt as f64 - stat.sum, stat.cnt as f64);
    format!("# {:<12} {:>3}% yes, {:>3}% no", label(name), yes, no)
}

/// V/M of a class: variance over mean of its Query_time.
fn variance_to_mean(stat: Option<&Stat>) -> f64 {
    let Some(s) = stat else { return 0.0 };
    let m = metrics(s);
    let avg = if s.cnt > 0 && s.sum != 0.0 { s.sum / s.cnt as f64 } else { 0.0 };
    m.stddev * m.stddev / if avg == 0.0 { 1.0 } else { avg }
}

/// The `profile` report.
pub fn profile(agg: &Aggregate, worst: &[Ranked], other: &[Ranked], wide: bool) -> String {
    let rows: Vec<Vec<String>> = profile_rows(agg, worst, other)
        .into_iter()
        .map(|[rank, id, response, share, calls, per_call, vm, item]| {
            vec![rank, id, format!("{response} {share}"), calls, per_call, vm, item]
        })
        .collect();
    let columns = [
        Column { name: "Rank", right: true, width: None },
        Column { name: "Query ID", right: false, width: if wide { Some(35) } else { None } },
        Column { name: "Response time", right: true, width: None },
        Column { name: "Calls", right: true, width: None },
        Column { name: "R/Call", right: true, width: None },
        Column { name: "V/M", right: true, width: Some(5) },
        Column { name: "Item", right: false, width: None },
    ];
    if wide {
        super::table::render_wide("Profile", &columns, &rows)
    } else {
        render("Profile", &columns, &rows)
    }
}

/// The profile's rows, each as its cells: rank, Query ID, response time (`%10.4f`), its share
/// of the total (`%4.1f%`), calls, R/Call (`%8.4f`), V/M (`%4.2f`) and the item; then the MISC
/// row when some classes were not reported. The profile joins the time and its share into one
/// column; a page can show them apart.
pub(super) fn profile_rows(
    agg: &Aggregate,
    worst: &[Ranked],
    other: &[Ranked],
) -> Vec<[String; 8]> {
    let total = agg.globals.get("Query_time").map_or(0.0, |s| s.sum);
    let total_or_1 = if total == 0.0 { 1.0 } else { total };
    let mut rows = Vec::new();
    let mut sorted: Vec<&Ranked> = worst.iter().collect();
    sorted.sort_by_key(|r| r.rank);
    for r in sorted {
        let Some(class) = agg.classes.get(&r.fingerprint) else { continue };
        let qt = class.attrs.get("Query_time");
        let sum = qt.map_or(0.0, |s| s.sum);
        let cnt = qt.map_or(0, |s| s.cnt);
        let per_call = if cnt > 0 { sum / cnt as f64 } else { 0.0 };
        rows.push([
            r.rank.to_string(),
            format!("0x{}", checksum(&r.fingerprint)),
            format!("{:10.4}", sum),
            format!("{:4.1}%", sum / total_or_1 * 100.0),
            cnt.to_string(),
            format!("{:8.4}", per_call),
            format!("{:4.2}", variance_to_mean(qt)),
            distill(class.sample.arg()),
        ]);
    }
    if !other.is_empty() {
        let (mut sum, mut cnt) = (0.0, 0u64);
        for r in other {
            if let Some(s) = agg.classes.get(&r.fingerprint).and_then(|c| c.attrs.get("Query_time"))
            {
                sum += s.sum;
                cnt += s.cnt;
            }
        }
        let per_call = if cnt > 0 { sum / cnt as f64 } else { 0.0 };
        rows.push([
            "MISC".into(),
            "0xMISC".into(),
            format!("{:10.4}", sum),
            format!("{:4.1}%", sum / total_or_1 * 100.0),
            cnt.to_string(),
            format!("{:8.4}", per_call),
            "0.0".into(),
            format!("<{} ITEMS>", other.len()),
        ]);
    }
    rows
}

/// The `query_report`: one event report per reported class.
pub fn query_report(agg: &Aggregate, worst: &[Ranked], orderby: &str) -> String {
    // --expected-range 5,10: the reason line only when the count of reported classes is out
    // of that range.
    let explain_why = worst.len() < 5 || worst.len() > 10;
    let attribs = sort_attribs(agg);
    let mut out = String::new();
    for r in worst {
        let Some(report) = class_report(agg, r, &attribs, orderby, explain_why) else { continue };
        if r.rank > 1 {
            out.push('\n');
        }
        out.push_str(&report);
    }
    out
}

/// One class's report in the `query_report`: its attribute table, the Query_time
/// distribution, Tables, and the sample (with EXPLAIN or "Converted for EXPLAIN" lines).
/// `explain_why`: the line saying why the class is in the report. None for no such class.
pub(super) fn class_report(
    agg: &Aggregate,
    r: &Ranked,
    attribs: &SortedAttribs,
    orderby: &str,
    explain_why: bool,
) -> Option<String> {
    let class = agg.classes.get(&r.fingerprint)?;
    let mut out = event_report(agg, r, class, attribs, orderby, explain_why);
    out.push_str(&histogram(class.attrs.get("Query_time")));
    let sample = class.sample.arg().to_string();
    let db = class
        .sample
        .get("db")
        .map(str::to_string)
        .or_else(|| class.attrs.get("db").and_then(|s| s.unique.keys().next().cloned()));
    out.push_str(&tables_report(&sample, db.as_deref()));
    let shown = shorten_query(&sample, 1024);
    let fp = &r.fingerprint;
    let select_item =
        fp.trim_start_matches(|c: char| c == '(' || c.is_whitespace()).starts_with("select");
    if select_item || fp.starts_with("insert") || fp.starts_with("replace") {
        if fp.starts_with("insert") || fp.starts_with("replace") {
            out.push_str(&format!("{shown}\\G\n"));
        } else {
            out.push_str(&format!("# EXPLAIN /*!50100 PARTITIONS*/\n{shown}\\G\n"));
        }
    } else {
        out.push_str(&format!("{shown}\\G\n"));
        let converted = super::convert::convert_to_select(&shown).filter(|c| starts_select(c));
        if let Some(converted) = converted {
            out.push_str(&format!(
                "# Converted for EXPLAIN\n# EXPLAIN /*!50100 PARTITIONS*/\n{converted}\\G\n"
            ));
        }
    }
    Some(out)
}

fn event_report(
    agg: &Aggregate,
    r: &Ranked,
    class: &super::aggregate::Class,
    attribs: &SortedAttribs,
    orderby: &str,
    explain_why: bool,
) -> String {
    let global_cnt = agg.globals.get(orderby).map_or(0, |s| s.cnt);
    let class_stat = class.attrs.get(orderby);
    let class_cnt = class_stat.map_or(0, |s| s.cnt);
    let (qps, conc) =
        rates(class.attrs.get("ts"), class_cnt, class_stat.map_or(0.0, |s| s.sum), false);
    let pos = class.sample.get("pos_in_log").unwrap_or("0");
    let mut line = format!(
        "# Query {}: {} QPS, {}x concurrency, ID 0x{} at byte {} ",
        r.rank,
        shorten_by(qps, 1000.0),
        shorten_by(conc, 1000.0),
        checksum(&r.fingerprint),
        pos
    );
    let pad = (LINE_LENGTH + LABEL_WIDTH - 12).saturating_sub(line.len());
    line.push_str(&"_".repeat(pad));
    let mut out = vec![line];
    if explain_why {
        out.push(format!(
            "# This item is included in the report because it matches {}",
            if r.reason == "top" { "--limit." } else { "--outliers." }
        ));
    }
    out.push(format!("# Scores: V/M = {:.2}", variance_to_mean(class.attrs.get("Query_time"))));
    if let Some(ts) = class.attrs.get("ts") {
        out.push(format!("# Time range: {}", time_range(ts)));
    }
    out.extend(attribute_heading("pct", "==="));
    out.push(num_line(&[
        "Count".into(),
        percentage_of(class_cnt as f64, global_cnt as f64),
        class_cnt.to_string(),
    ]));
    for (group, list) in [("num", &attribs.num), ("innodb", &attribs.innodb)] {
        let mut lines = Vec::new();
        for name in list {
            let Some(stat) = class.attrs.get(name) else { continue };
            if stat.cnt == 0 {
                continue;
            }
            let gsum = agg.globals.get(name).map_or(0.0, |s| s.sum);
            let mut cells = vec![label(name), percentage_of(stat.sum, gsum)];
            cells.extend(values(name, stat));
            lines.push(num_line(&cells));
        }
        if group == "innodb" && !lines.is_empty() {
            out.push("# InnoDB:".into());
        }
        out.extend(lines);
    }
    let bools: Vec<String> = attribs
        .boolean
        .iter()
        .filter_map(|n| {
            class.attrs.get(n).filter(|s| s.cnt > 0 && s.sum > 0.0).map(|s| bool_line(n, s))
        })
        .collect();
    if !bools.is_empty() {
        out.push("# Boolean:".into());
        out.extend(bools);
    }
    let strings: Vec<String> = attribs
        .string
        .iter()
        .filter_map(|n| {
            class
                .attrs
                .get(n)
                .filter(|s| s.cnt > 0)
                .map(|s| format!("# {:<12} {}", label(n), string_list(s, class_cnt)))
        })
        .collect();
    if !strings.is_empty() {
        out.push("# String:".into());
        out.extend(strings);
    }
    out.iter().map(|l| l.trim_end().to_string() + "\n").collect()
}

/// `format_string_list`: the values by count, cut to fit the line.
fn string_list(stat: &Stat, class_cnt: u64) -> String {
    if stat.unique.len() == 1 {
        let s = stat.unique.keys().next().cloned().unwrap_or_default();
        return if s.len() > LINE_LENGTH - 30 {
            format!("{}...", cut_bytes(&s, LINE_LENGTH - 30))
        } else {
            s
        };
    }
    let mut top: Vec<(&String, &u64)> = stat.unique.iter().collect();
    top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let mut line = String::new();
    let mut shown = 0;
    for (s, n) in &top {
        let is_ip =
            s.split('.').filter(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit())).count()
                >= 4;
        let mut p =
            if !is_ip && s.len() > 10 { format!("{}...", cut_bytes(s, 10)) } else { (*s).clone() };
        p.push_str(&format!(" ({}/{}%)", n, percentage_of(**n as f64, class_cnt as f64)));
        if line.len() + p.len() > LINE_LENGTH - 27 {
            break;
        }
        line.push_str(&p);
        line.push_str(", ");
        shown += 1;
    }
    if line.ends_with(", ") {
        line.truncate(line.len() - 2);
    }
    if shown < top.len() {
        line.push_str(&format!("... {} more", top.len() - shown));
    }
    line
}

/// The first `n` bytes of `s`, as Perl's `substr` on bytes, but never inside a UTF-8
/// character (simplification: the tool may cut one and print half of it).
fn cut_bytes(s: &str, n: usize) -> &str {
    let mut end = n.min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// The eight powers-of-ten counts of a histogram (1 µs to 10 s+), as `chart_distro` sums them.
pub(super) fn distro(stat: &Stat) -> [u64; 8] {
    let mut distro = [0u64; 8];
    for (&b, &n) in &stat.buckets {
        if b >= 1 {
            distro[ten_bucket(b)] += n;
        }
    }
    distro
}

/// `chart_distro` for Query_time.
fn histogram(stat: Option<&Stat>) -> String {
    let Some(stat) = stat.filter(|s| !s.buckets.is_empty()) else { return String::new() };
    let distro = distro(stat);
    let max = *distro.iter().max().unwrap_or(&0) as f64;
    let per_mark = max / 64.0;
    let labels = ["1us", "10us", "100us", "1ms", "10ms", "100ms", "1s", "10s+"];
    let mut out = String::from("# Query_time distribution\n");
    for (i, &n) in distro.iter().enumerate() {
        let mut marks = n as f64 / if per_mark == 0.0 { 1.0 } else { per_mark };
        if marks < 1.0 && n > 0 {
            marks = 1.0;
        }
        // Perl's `x` repeats int(marks) times.
        let count = marks.trunc() as usize;
        let bar = if marks != 0.0 { format!("  {}", "#".repeat(count)) } else { String::new() };
        out.push_str(&format!("# {:>5}{}\n", labels[i], bar));
    }
    out
}

/// `buckets_of`: which power of ten (from 1 µs) a 1.05 bucket falls in.
fn ten_bucket(b: u16) -> usize {
    let mut start = 0u16;
    for tens in 0..7 {
        let next = super::aggregate::bucket_idx(libm::pow(10.0, f64::from(tens + 1)) * 0.000001);
        if b >= start && b < next {
            return tens as usize;
        }
        start = next;
    }
    7
}

/// `m/^[\(\s]*select/i`.
pub(super) fn starts_select(q: &str) -> bool {
    let t = q.trim_start_matches(|c: char| c == '(' || c.is_ascii_whitespace());
    t.get(..6).is_some_and(|w| w.eq_ignore_ascii_case("select"))
}

/// `tables_report`.
fn tables_report(sample: &str, default_db: Option<&str>) -> String {
    let mut lines = String::new();
    for (status, create) in table_lines(sample, default_db) {
        lines.push_str(&format!("#    {status}\n#    {create}\n"));
    }
    // The tool returns nothing for a statement without tables (its "# No tables" branch is
    // unreachable).
    if lines.is_empty() {
        String::new()
    } else {
        format!("# Tables\n{lines}")
    }
}

/// The SHOW TABLE STATUS and SHOW CREATE TABLE lines of each table a sample names
/// (`extract_tables`: each once, with the default database where none is written).
pub(super) fn table_lines(sample: &str, default_db: Option<&str>) -> Vec<(String, String)> {
    let mut seen = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for t in get_tables(sample) {
        if t.is_empty() || !seen.insert(t.clone()) {
            continue;
        }
        let mut parts = t.splitn(3, '.');
        let first = parts.next().unwrap_or("").to_string();
        let second = parts.next().map(str::to_string);
        let (db, tbl) = match second.filter(|s| !s.is_empty()) {
            Some(tbl) => (Some(first), tbl),
            None => (default_db.map(str::to_string), first),
        };
        let unq = |s: &str| {
            let s = s.strip_prefix('`').unwrap_or(s);
            let s = s.strip_suffix('`').unwrap_or(s);
            s.replace("``", "`")
        };
        let db = db.map(|d| unq(&d)).filter(|d| !d.is_empty());
        let tbl = unq(&tbl);
        let status = format!(
            "SHOW TABLE STATUS{} LIKE '{}'\\G",
            db.as_ref().map_or(String::new(), |d| format!(" FROM `{d}`")),
            tbl
        );
        let quoted: Vec<String> = db
            .iter()
            .chain(std::iter::once(&tbl))
            .filter(|s| !s.is_empty())
            .map(|s| format!("`{}`", s.replace('`', "``")))
            .collect();
        out.push((status, format!("SHOW CREATE TABLE {}\\G", quoted.join("."))));
    }
    out
}

/// `QueryRewriter::shorten`: a multi-row INSERT's later rows become `/*... omitted ...*/`, and
/// IN lists of more than 20 items are cut while the query is longer than `length`.
pub(super) fn shorten_query(query: &str, length: usize) -> String {
    let mut q = super::convert::omit_extra_rows(query);
    if !super::convert::has_in_list(&q) {
        return q;
    }
    let mut last = 0usize;
    // Bounded: each round must shrink the query.
    while length > 0 && q.len() > length && q.len() < if last == 0 { q.len() + 1 } else { last } {
        last = q.len();
        q = super::convert::cut_in_lists(&q);
    }
    q
}

/// Unused helper kept for `perl_str` parity checks in tests.
#[allow(dead_code)]
fn perl(v: f64) -> String {
    perl_str(v)
}

/// The attribute table's heading and its rule; the second column is `pct` in a query's
/// report and blank in the overall one.
fn attribute_heading(second: &str, second_rule: &str) -> [String; 2] {
    let stats = ["total", "min", "max", "avg", "95%", "stddev", "median"];
    let mut names = vec!["Attribute".to_string(), second.to_string()];
    names.extend(stats.iter().map(|s| s.to_string()));
    let mut rule = vec!["============".to_string(), second_rule.to_string()];
    rule.extend(stats.iter().map(|_| "=======".to_string()));
    [num_line(&names), num_line(&rule)]
}
