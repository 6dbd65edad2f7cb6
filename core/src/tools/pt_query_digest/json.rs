//! `--output json`: JSONReportFormatter. The tool prints only its query report, as one line of
//! JSON: `global` (query counts, files with sizes, rates, and per-attribute totals) and
//! `classes` (checksum, fingerprint, distillate, example, metrics, Query_time histogram,
//! tables). Figures are strings as the tool formats them (`%.6f` for times and waits, `%d`
//! otherwise). The tool's key order is Perl's hash order, which changes from run to run; ours
//! is sorted, so the oracle compares the parsed documents.

use super::aggregate::{metrics, Aggregate, Kind, Stat};
use super::checksum::checksum;
use super::convert::convert_to_select;
use super::distill::distill;
use super::report::{distro, parse_timestamp, starts_select, table_lines};
use super::Ranked;
use serde_json::{json, Map, Value};

/// `sprintf('%d', v)`: truncated toward zero.
fn int(v: f64) -> String {
    format!("{}", v.trunc() as i64)
}

/// `%.6f` or `%d` of a number.
fn fmt(v: f64, micro: bool) -> String {
    if micro {
        format!("{v:.6}")
    } else {
        int(v)
    }
}

/// `%.6f` or `%d` of a kept text (Perl converts it to a number first).
fn fmt_text(text: &str, micro: bool) -> String {
    fmt(super::aggregate::perl_num(text), micro)
}

fn global_metrics(agg: &Aggregate) -> Map<String, Value> {
    let mut out = Map::new();
    for (name, kind) in &agg.kinds {
        if matches!(name.as_str(), "arg" | "fingerprint" | "pos_in_log" | "ts") {
            continue;
        }
        let Some(s) = agg.globals.get(name) else { continue };
        let real = if name == "bytes" { "Query_length" } else { name.as_str() };
        // `m/(?:time|wait)$/`: microsecond figures.
        let micro = name.ends_with("time") || name.ends_with("wait");
        match kind {
            Kind::Num => {
                let m = metrics(s);
                let avg = if s.cnt > 0 { s.sum / s.cnt as f64 } else { 0.0 };
                out.insert(
                    real.to_string(),
                    json!({
                        "sum": fmt(s.sum, micro), "min": fmt(s.min, micro), "max": fmt(s.max, micro),
                        "pct_95": fmt(m.pct_95, micro), "stddev": fmt(m.stddev, micro),
                        "median": fmt(m.median, micro), "avg": fmt(avg, micro),
                    }),
                );
            }
            Kind::Bool => {
                out.insert(real.to_string(), json!({ "cnt": int(s.sum) }));
            }
            Kind::Text => {}
        }
    }
    out
}

fn class_metric(agg: &Aggregate, name: &str, kind: Kind, s: &Stat) -> Value {
    match kind {
        Kind::Text => json!({ "value": s.max_text }),
        Kind::Bool => json!({ "yes": int(s.sum) }),
        Kind::Num => {
            // `m/_(?:time|wait)$/` here (with the underscore; `bytes` is Query_length).
            let micro = name.ends_with("_time") || name.ends_with("_wait");
            let m = metrics(s);
            let global_cnt = agg.globals.get(name).map_or(0, |g| g.cnt);
            let pct =
                if global_cnt > 0 && s.cnt > 0 { s.cnt as f64 / global_cnt as f64 } else { 0.0 };
            let avg = if s.sum != 0.0 && s.cnt > 0 { s.sum / s.cnt as f64 } else { 0.0 };
            json!({
                "pct": fmt(pct, micro), "sum": fmt(s.sum, micro),
                "min": fmt_text(&s.min_text, micro), "max": fmt_text(&s.max_text, micro),
                "avg": fmt(avg, micro), "median": fmt(m.median, micro),
                "pct_95": fmt(m.pct_95, micro), "stddev": fmt(m.stddev, micro),
            })
        }
    }
}

/// The JSON document, with its trailing newline.
pub fn render(agg: &Aggregate, worst: &[Ranked], files: &[(String, u64)], orderby: &str) -> String {
    let global_cnt = agg.globals.get(orderby).map_or(0, |s| s.cnt);
    let mut global = Map::new();
    global.insert("metrics".into(), Value::Object(global_metrics(agg)));
    global.insert(
        "files".into(),
        Value::Array(
            files
                .iter()
                .map(|(name, size)| {
                    // The tool's `-s` of standard input is undefined.
                    let size = if name == "STDIN" { Value::Null } else { json!(size) };
                    json!({"name": name, "size": size})
                })
                .collect(),
        ),
    );
    global.insert("query_count".into(), json!(global_cnt));
    global.insert("unique_query_count".into(), json!(agg.classes.len() as u64));
    // The tool's formatter would add queries_per_second and concurrency, but its time
    // function is not imported there, so the eval fails and they never appear.
    let mut classes = Vec::new();
    for r in worst {
        let Some(c) = agg.classes.get(&r.fingerprint) else { continue };
        let sample = c.sample.arg();
        let item = distill(sample);
        let mut class = Map::new();
        class.insert("checksum".into(), json!(checksum(&r.fingerprint)));
        class.insert(
            "fingerprint".into(),
            json!(r.fingerprint.chars().take(5000).collect::<String>()),
        );
        class.insert("distillate".into(), json!(item));
        class.insert("attribute".into(), json!("fingerprint"));
        class.insert(
            "query_count".into(),
            c.attrs.get("pos_in_log").map_or(Value::Null, |p| json!(p.cnt)),
        );
        let mut example = Map::new();
        example.insert("query".into(), json!(sample.chars().take(10_000).collect::<String>()));
        example.insert(
            "ts".into(),
            c.sample.get("ts").map_or(Value::Null, |t| json!(parse_timestamp(t))),
        );
        example.insert(
            "Query_time".into(),
            c.sample.get("Query_time").map_or(Value::Null, |t| json!(t)),
        );
        let fp = &r.fingerprint;
        let select_like =
            fp.trim_start_matches(|ch: char| ch == '(' || ch.is_whitespace()).starts_with("select")
                || fp.starts_with("insert")
                || fp.starts_with("replace");
        if !select_like {
            if let Some(converted) = convert_to_select(sample).filter(|c| starts_select(c)) {
                example.insert("as_select".into(), json!(converted));
            }
        }
        class.insert("example".into(), Value::Object(example));
        let mut m = Map::new();
        for (name, kind) in &agg.kinds {
            let real = if name == "bytes" { "Query_length" } else { name.as_str() };
            if real == "Rows_affected"
                && ["SELECT", "SHOW", "SET", "ADMIN"].iter().any(|v| item.starts_with(v))
            {
                continue;
            }
            // An attribute the class never had is left out (its figures are all false).
            let Some(s) = c.attrs.get(name).filter(|s| s.cnt > 0) else { continue };
            match real {
                "pos_in_log" => {}
                "ts" => {
                    class.insert("ts_min".into(), json!(parse_timestamp(&s.min_text)));
                    class.insert("ts_max".into(), json!(parse_timestamp(&s.max_text)));
                }
                _ => {
                    let kind = if real == "Query_length" { Kind::Num } else { *kind };
                    m.insert(real.to_string(), class_metric(agg, name, kind, s));
                }
            }
        }
        if let Some(qt) = c.attrs.get("Query_time").filter(|s| !s.buckets.is_empty()) {
            class.insert("histograms".into(), json!({ "Query_time": distro(qt) }));
        }
        class.insert("metrics".into(), Value::Object(m));
        let db = c
            .sample
            .get("db")
            .map(str::to_string)
            .or_else(|| c.attrs.get("db").and_then(|s| s.unique.keys().next().cloned()));
        let tables: Vec<Value> = table_lines(sample, db.as_deref())
            .into_iter()
            .map(|(status, create)| json!({"status": status, "create": create}))
            .collect();
        if !tables.is_empty() {
            class.insert("tables".into(), Value::Array(tables));
        }
        classes.push(Value::Object(class));
    }
    let doc = json!({ "global": Value::Object(global), "classes": classes });
    serde_json::to_string(&doc).unwrap_or_default() + "\n"
}
