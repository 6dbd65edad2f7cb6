//! EXPLAIN FORMAT=JSON's `windowing` object of a block with window functions over one
//! window, as MySQL 8.4 writes it (opt_explain_json.cc `window_ctx`): a `windows` array
//! with the window's `name` (`<unnamed window>` for an inline `OVER (...)`), whether it
//! sorts and on what (`using_filesort`, `filesort_key`: the PARTITION BY then ORDER BY
//! columns, each `` `column` `` without its table, `desc` after a descending key), whether
//! it buffers a partition (`frame_buffer`, with `optimized_frame_evaluation` for the
//! aggregates and LAG / LEAD, which MySQL evaluates incrementally) and its `functions`;
//! then the sort's cost and the rows the window reads: the table, or a join's rows
//! written to a temporary table first (`buffer_result`).
//!
//! Matched against plans MySQL 8.0 / 8.4 printed (`"name": "<unnamed window>",
//! "using_filesort": true, "filesort_key": ["`dayofweek`", "`cnt` desc"], "functions":
//! ["row_number"]`, `"frame_buffer": {"using_temporary_table": true,
//! "optimized_frame_evaluation": true}` for `sum`, `avg` and `lag`, `buffer_result` over a
//! join). Not written (1235): several windows, named windows, explicit frames, ORDER BY,
//! DISTINCT or GROUP BY around the window, keys that are not columns, and the functions
//! whose buffering MySQL's document does not show (PERCENT_RANK, CUME_DIST, NTILE,
//! FIRST_VALUE, LAST_VALUE, NTH_VALUE). UNCONFIRMED: LEAD is written as LAG is.

use super::json::Json;
use super::{Bound, Source};
use crate::error::{MySqlError, Result};
use crate::sql::bind::{AggFunc, BExpr};
use crate::sql::window::{WindowCall, WindowFunc};

/// The window's object for `windows`, and whether the window sorts its rows.
pub(super) fn window_object(
    bound: &Bound,
    sources: &[Source],
    named: bool,
) -> Result<(Json, bool)> {
    let refuse =
        |what: &str| Err(MySqlError::not_supported_yet(&format!("EXPLAIN FORMAT=JSON of {what}")));
    let calls: &[WindowCall] = &bound.windows;
    let Some(first) = calls.first() else { return refuse("window functions") };
    if calls.iter().any(|c| c.partition != first.partition || c.order != first.order) {
        return refuse("several windows");
    }
    if named {
        return refuse("named windows");
    }
    if calls.iter().any(|c| c.frame.is_some()) {
        return refuse("window frames");
    }
    if !bound.order_by.is_empty()
        || bound.distinct
        || !bound.group_by.is_empty()
        || bound.aggregates
    {
        return refuse("ORDER BY, DISTINCT or grouping around window functions");
    }
    let column = |e: &BExpr| -> Option<String> {
        let BExpr::Column(c) = e else { return None };
        let s = sources.iter().find(|s| s.contains(*c))?;
        Some(format!("`{}`", s.columns[(c - s.offset) as usize]))
    };
    let mut keys = Vec::new();
    for e in &first.partition {
        keys.push(column(e));
    }
    for (e, desc) in &first.order {
        keys.push(column(e).map(|k| if *desc { format!("{k} desc") } else { k }));
    }
    let Some(keys) = keys.into_iter().collect::<Option<Vec<String>>>() else {
        return refuse("windows on expressions");
    };
    let mut buffering = false;
    let mut functions = Vec::new();
    for c in calls {
        let (name, buffers) = match function_name(c.func) {
            Some(f) => f,
            None => return refuse("this window function"),
        };
        buffering |= buffers;
        functions.push(Json::Str(name.to_string()));
    }
    let mut fields = vec![("name", Json::Str("<unnamed window>".into()))];
    let sorts = !keys.is_empty();
    if sorts {
        fields.push(("using_filesort", Json::Bool(true)));
        fields.push(("filesort_key", Json::Array(keys.into_iter().map(Json::Str).collect())));
    }
    if buffering {
        fields.push((
            "frame_buffer",
            Json::Object(vec![
                ("using_temporary_table", Json::Bool(true)),
                ("optimized_frame_evaluation", Json::Bool(true)),
            ]),
        ));
    }
    fields.push(("functions", Json::Array(functions)));
    Ok((Json::Object(fields), sorts))
}

/// The name MySQL's `functions` lists for a window function, and whether its window
/// buffers a partition; None for those not written.
fn function_name(f: WindowFunc) -> Option<(&'static str, bool)> {
    use WindowFunc as W;
    Some(match f {
        W::RowNumber => ("row_number", false),
        W::Rank => ("rank", false),
        W::DenseRank => ("dense_rank", false),
        W::Lag => ("lag", true),
        W::Lead => ("lead", true),
        W::Aggregate(AggFunc::CountStar | AggFunc::Count) => ("count", true),
        W::Aggregate(AggFunc::Sum) => ("sum", true),
        W::Aggregate(AggFunc::Avg) => ("avg", true),
        W::Aggregate(AggFunc::Min) => ("min", true),
        W::Aggregate(AggFunc::Max) => ("max", true),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_functions_stream_and_aggregates_buffer() {
        assert_eq!(function_name(WindowFunc::RowNumber), Some(("row_number", false)));
        assert_eq!(function_name(WindowFunc::Aggregate(AggFunc::CountStar)), Some(("count", true)));
        assert_eq!(function_name(WindowFunc::Lag), Some(("lag", true)));
        assert_eq!(function_name(WindowFunc::Ntile), None);
    }
}
