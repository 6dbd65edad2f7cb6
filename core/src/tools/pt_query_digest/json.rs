//! `--output json`: the classes with their checksum, fingerprint, distilled item, counts and
//! per-attribute figures, and the overall figures. Simplification: the shape follows the
//! tool's JSONReportFormatter (`global`, `classes`, `metrics` with `sum/min/max/avg/pct_95/
//! stddev/median`) but its exact keys and number formatting are not checked against it.

use super::aggregate::{metrics, Aggregate, Kind, Stat};
use super::checksum::checksum;
use super::distill::distill;
use super::Ranked;
use serde_json::{json, Map, Value};

fn stat_json(kind: Kind, s: &Stat) -> Value {
    match kind {
        Kind::Num => {
            let m = metrics(s);
            let avg = if s.cnt > 0 { s.sum / s.cnt as f64 } else { 0.0 };
            json!({"sum": s.sum, "min": s.min, "max": s.max, "avg": avg, "pct_95": m.pct_95, "stddev": m.stddev, "median": m.median})
        }
        Kind::Bool => json!({"yes": s.sum, "cnt": s.cnt}),
        Kind::Text => {
            json!({"value": s.unique.keys().next().cloned().unwrap_or_default(), "distinct": s.unique.len()})
        }
    }
}

/// The JSON document.
pub fn render(agg: &Aggregate, worst: &[Ranked], files: &[String]) -> String {
    let mut global = Map::new();
    for (name, s) in &agg.globals {
        let kind = agg.kinds.get(name).copied().unwrap_or(Kind::Text);
        global.insert(name.clone(), stat_json(kind, s));
    }
    let classes: Vec<Value> = worst
        .iter()
        .filter_map(|r| {
            let c = agg.classes.get(&r.fingerprint)?;
            let mut m = Map::new();
            for (name, s) in &c.attrs {
                let kind = agg.kinds.get(name).copied().unwrap_or(Kind::Text);
                m.insert(name.clone(), stat_json(kind, s));
            }
            Some(json!({
                "checksum": checksum(&r.fingerprint),
                "fingerprint": r.fingerprint,
                "distillate": distill(c.sample.arg()),
                "query_count": c.attrs.get("Query_time").map_or(0, |s| s.cnt),
                "rank": r.rank,
                "example": {"query": c.sample.arg(), "ts": c.sample.get("ts")},
                "metrics": m,
            }))
        })
        .collect();
    let doc = json!({
        "global": {"files": files, "query_count": agg.events, "unique_query_count": agg.classes.len(), "metrics": global},
        "classes": classes,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}
