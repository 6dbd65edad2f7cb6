//! Binding a window's definition: OVER (spec), OVER name, and the WINDOW clause's named
//! windows (a spec may name another and add to it), and the frame clause with MySQL's checks
//! (after the 8.4 manual's "Named Windows", window-functions-named-windows.html, and "Window
//! Function Frame Specification", window-functions-frames.html).

use super::bind::BExpr;
use super::window::{Frame, FrameBound, FrameUnits};
use crate::error::{MySqlError, Result};
use crate::storage::value::Value;
use sqlparser::ast::{
    NamedWindowDefinition, NamedWindowExpr, WindowFrame, WindowFrameBound, WindowFrameUnits,
    WindowSpec, WindowType,
};

/// The name MySQL's messages give a window defined in place.
const UNNAMED: &str = "<unnamed window>";

/// The WINDOW clause's windows, each resolved to a whole spec (one naming another takes its
/// PARTITION BY and ORDER BY), or ERROR 3579 for a name not defined before.
pub fn named_windows(defs: &[NamedWindowDefinition]) -> Result<Vec<(String, WindowSpec)>> {
    let mut out: Vec<(String, WindowSpec)> = Vec::new();
    // Bounded by the clause's length: each definition is resolved once, against those in
    // the clause (a reference to one later in the clause is looked up there too).
    for NamedWindowDefinition(name, expr) in defs {
        let spec = match expr {
            NamedWindowExpr::WindowSpec(spec) => spec.clone(),
            NamedWindowExpr::NamedWindow(other) => WindowSpec {
                window_name: Some(other.clone()),
                partition_by: Vec::new(),
                order_by: Vec::new(),
                window_frame: None,
            },
        };
        out.push((name.value.clone(), spec));
    }
    let mut resolved = Vec::with_capacity(out.len());
    for (name, spec) in &out {
        resolved.push((name.clone(), inherit(spec, &out, 0)?));
    }
    Ok(resolved)
}

/// `spec` with what the window it names gives it (names nest at most as deep as the clause
/// is long).
fn inherit(spec: &WindowSpec, named: &[(String, WindowSpec)], depth: usize) -> Result<WindowSpec> {
    let Some(base_name) = &spec.window_name else { return Ok(spec.clone()) };
    if depth > named.len() {
        return Err(MySqlError::window_not_defined(&base_name.value));
    }
    let Some((_, base)) = named.iter().find(|(n, _)| n.eq_ignore_ascii_case(&base_name.value))
    else {
        return Err(MySqlError::window_not_defined(&base_name.value));
    };
    let base = inherit(base, named, depth + 1)?;
    Ok(WindowSpec {
        window_name: None,
        partition_by: if spec.partition_by.is_empty() {
            base.partition_by
        } else {
            spec.partition_by.clone()
        },
        order_by: if spec.order_by.is_empty() { base.order_by } else { spec.order_by.clone() },
        window_frame: spec.window_frame.clone().or(base.window_frame),
    })
}

/// The spec an OVER clause means, and the window's name for messages.
pub fn resolve(over: &WindowType, named: &[(String, WindowSpec)]) -> Result<(WindowSpec, String)> {
    match over {
        WindowType::NamedWindow(name) => {
            match named.iter().find(|(n, _)| n.eq_ignore_ascii_case(&name.value)) {
                Some((n, spec)) => Ok((spec.clone(), n.clone())),
                None => Err(MySqlError::window_not_defined(&name.value)),
            }
        }
        WindowType::WindowSpec(spec) => {
            let label = spec.window_name.as_ref().map_or(UNNAMED.to_string(), |n| n.value.clone());
            Ok((inherit(spec, named, 0)?, label))
        }
    }
}

/// A frame clause bound: constant non-negative offsets, RANGE offsets only over one ORDER BY
/// expression, no frame starting at UNBOUNDED FOLLOWING or ending at UNBOUNDED PRECEDING.
pub fn frame(
    f: Option<&WindowFrame>,
    order: &[(BExpr, bool)],
    window: &str,
) -> Result<Option<Frame>> {
    let Some(f) = f else { return Ok(None) };
    let units = match f.units {
        WindowFrameUnits::Rows => FrameUnits::Rows,
        WindowFrameUnits::Range => FrameUnits::Range,
        WindowFrameUnits::Groups => return Err(MySqlError::not_supported_yet("GROUPS frames")),
    };
    let start = bound(&f.start_bound)?;
    let end = match &f.end_bound {
        Some(b) => bound(b)?,
        None => FrameBound::CurrentRow,
    };
    if start == FrameBound::UnboundedFollowing {
        return Err(MySqlError::window_frame_start_illegal(window));
    }
    if end == FrameBound::UnboundedPreceding {
        return Err(MySqlError::window_frame_end_illegal(window));
    }
    let offset = |b: &FrameBound| matches!(b, FrameBound::Preceding(_) | FrameBound::Following(_));
    if units == FrameUnits::Range && (offset(&start) || offset(&end)) && order.len() != 1 {
        return Err(MySqlError::window_range_needs_one_order(window));
    }
    Ok(Some(Frame { units, start, end }))
}

fn bound(b: &WindowFrameBound) -> Result<FrameBound> {
    Ok(match b {
        WindowFrameBound::CurrentRow => FrameBound::CurrentRow,
        WindowFrameBound::Preceding(None) => FrameBound::UnboundedPreceding,
        WindowFrameBound::Following(None) => FrameBound::UnboundedFollowing,
        WindowFrameBound::Preceding(Some(e)) => FrameBound::Preceding(offset_value(e)?),
        WindowFrameBound::Following(Some(e)) => FrameBound::Following(offset_value(e)?),
    })
}

/// A frame offset: a non-negative number literal (INTERVAL offsets are not taken here).
fn offset_value(e: &sqlparser::ast::Expr) -> Result<Value> {
    let v = match e {
        sqlparser::ast::Expr::Value(v) => super::literal::literal(&v.value)?,
        _ => return Err(MySqlError::not_supported_yet("this window frame offset")),
    };
    match &v {
        Value::Int(i) if *i >= 0 => Ok(v),
        Value::UInt(_) | Value::Decimal(_) if v.to_f64().is_some_and(|f| f >= 0.0) => Ok(v),
        _ => Err(MySqlError::syntax(&e.to_string(), 1)),
    }
}
