//! How the binder turns MySQL's temporal syntax into calls of this module's functions:
//! `d + INTERVAL n unit` and `DATE_ADD(d, INTERVAL n unit)` become `DATE_ADD(d, n, unit)`,
//! `EXTRACT(unit FROM d)` becomes `EXTRACT(unit, d)`, and the unit or type keywords of
//! TIMESTAMPDIFF / TIMESTAMPADD / GET_FORMAT become literals. A unit travels as its number.
//!
//! sqlparser knows no compound units (DAY_SECOND, ...): the parser's token pass
//! (`parser/mod.rs`, [`compound_unit_keyword`]) gives each the keyword of an interval field
//! MySQL does not have, which [`unit_of_field`] maps back.

use super::interval::Unit;
use crate::error::{MySqlError, Result};
use crate::sql::bind::BExpr;
use crate::storage::value::Value;
use sqlparser::ast::{DateTimeField as F, Expr, Interval};
use sqlparser::keywords::Keyword as K;

/// The compound units and the stand-in keyword each is parsed as.
const COMPOUND: [(&str, K, Unit); 11] = [
    ("YEAR_MONTH", K::CENTURY, Unit::YearMonth),
    ("DAY_HOUR", K::DECADE, Unit::DayHour),
    ("DAY_MINUTE", K::DOW, Unit::DayMinute),
    ("DAY_SECOND", K::DOY, Unit::DaySecond),
    ("DAY_MICROSECOND", K::EPOCH, Unit::DayMicrosecond),
    ("HOUR_MINUTE", K::ISODOW, Unit::HourMinute),
    ("HOUR_SECOND", K::ISOYEAR, Unit::HourSecond),
    ("HOUR_MICROSECOND", K::JULIAN, Unit::HourMicrosecond),
    ("MINUTE_SECOND", K::MILLENIUM, Unit::MinuteSecond),
    ("MINUTE_MICROSECOND", K::MILLENNIUM, Unit::MinuteMicrosecond),
    ("SECOND_MICROSECOND", K::NANOSECOND, Unit::SecondMicrosecond),
];

/// For the parser's token pass: the keyword an unquoted word should carry. A compound unit
/// gets its stand-in; a word that is one of the stand-ins (no MySQL unit) becomes a plain
/// identifier; None leaves the word alone.
pub fn compound_unit_keyword(word: &str, keyword: K) -> Option<K> {
    if COMPOUND.iter().any(|(_, k, _)| *k == keyword) {
        return Some(K::NoKeyword);
    }
    if keyword != K::NoKeyword || !word.contains('_') || word.len() > 18 {
        return None;
    }
    COMPOUND.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(word)).map(|(_, k, _)| *k)
}

/// The unit of a parsed interval field.
pub fn unit_of_field(f: &F) -> Option<Unit> {
    Some(match f {
        F::Year => Unit::Year,
        F::Quarter => Unit::Quarter,
        F::Month => Unit::Month,
        F::Week(None) => Unit::Week,
        F::Day => Unit::Day,
        F::Hour => Unit::Hour,
        F::Minute => Unit::Minute,
        F::Second => Unit::Second,
        F::Microsecond => Unit::Microsecond,
        F::Century => Unit::YearMonth,
        F::Decade => Unit::DayHour,
        F::Dow => Unit::DayMinute,
        F::Doy => Unit::DaySecond,
        F::Epoch => Unit::DayMicrosecond,
        F::Isodow => Unit::HourMinute,
        F::Isoyear => Unit::HourSecond,
        F::Julian => Unit::HourMicrosecond,
        F::Millenium => Unit::MinuteSecond,
        F::Millennium => Unit::MinuteMicrosecond,
        F::Nanosecond => Unit::SecondMicrosecond,
        _ => return None,
    })
}

fn unit_literal(u: Unit) -> BExpr {
    BExpr::Lit(Value::Int(u.code()))
}

fn syntax(e: &dyn std::fmt::Display) -> MySqlError {
    MySqlError::syntax(&e.to_string(), 1)
}

/// An INTERVAL's value and unit as two bound arguments.
fn interval_args(
    iv: &Interval,
    bind: &mut dyn FnMut(&Expr) -> Result<BExpr>,
) -> Result<(BExpr, BExpr)> {
    let unit = match (&iv.leading_field, &iv.last_field) {
        (Some(f), None) => unit_of_field(f),
        _ => None,
    };
    let Some(unit) = unit else { return Err(syntax(&Expr::Interval(iv.clone()))) };
    Ok((bind(&iv.value)?, unit_literal(unit)))
}

/// `d + INTERVAL ...`, `INTERVAL ... + d`, `d - INTERVAL ...`; None for other operations.
pub fn interval_operation(
    left: &Expr,
    minus: bool,
    right: &Expr,
    bind: &mut dyn FnMut(&Expr) -> Result<BExpr>,
) -> Option<Result<BExpr>> {
    let (date, iv) = match (left, right) {
        (_, Expr::Interval(iv)) => (left, iv),
        (Expr::Interval(iv), _) if !minus => (right, iv),
        _ => return None,
    };
    Some((|| {
        let d = bind(date)?;
        let (value, unit) = interval_args(iv, bind)?;
        let name = if minus { "DATE_SUB" } else { "DATE_ADD" };
        Ok(BExpr::call(name.into(), vec![d, value, unit]))
    })())
}

/// EXTRACT(unit FROM d).
pub fn extract(
    field: &F,
    arg: &Expr,
    whole: &Expr,
    bind: &mut dyn FnMut(&Expr) -> Result<BExpr>,
) -> Result<BExpr> {
    let Some(unit) = unit_of_field(field) else { return Err(syntax(whole)) };
    Ok(BExpr::call("EXTRACT".into(), vec![unit_literal(unit), bind(arg)?]))
}

/// The temporal functions whose arguments are not all expressions; None for any other call.
pub fn special_call(
    name: &str,
    args: &[&Expr],
    bind: &mut dyn FnMut(&Expr) -> Result<BExpr>,
) -> Option<Result<BExpr>> {
    let word = |e: &Expr| match e {
        Expr::Identifier(id) if id.quote_style.is_none() => Some(id.value.to_ascii_uppercase()),
        _ => None,
    };
    match name {
        "DATE_ADD" | "DATE_SUB" | "ADDDATE" | "SUBDATE" => Some((|| match args {
            [d, Expr::Interval(iv)] => {
                let d = bind(d)?;
                let (value, unit) = interval_args(iv, bind)?;
                Ok(BExpr::call(name.into(), vec![d, value, unit]))
            }
            // DATE_ADD and DATE_SUB take only the INTERVAL form.
            [_, second] if name.starts_with("DATE_") => Err(syntax(&format!("{second})"))),
            _ => Ok(BExpr::call(name.into(), args.iter().map(|a| bind(a)).collect::<Result<_>>()?)),
        })()),
        "TIMESTAMPDIFF" | "TIMESTAMPADD" => Some((|| {
            let unit = args
                .first()
                .and_then(|a| word(a))
                .and_then(|w| Unit::from_name(&w))
                .filter(|u| u.fields_simple());
            let Some(unit) = unit else {
                let near = args.first().map_or(")".to_string(), |a| a.to_string());
                return Err(syntax(&near));
            };
            let mut bound = vec![unit_literal(unit)];
            for a in &args[1..] {
                bound.push(bind(a)?);
            }
            Ok(BExpr::call(name.into(), bound))
        })()),
        "GET_FORMAT" => Some((|| {
            let kind = args
                .first()
                .and_then(|a| word(a))
                .filter(|w| matches!(w.as_str(), "DATE" | "TIME" | "DATETIME" | "TIMESTAMP"));
            let Some(kind) = kind else {
                let near = args.first().map_or(")".to_string(), |a| a.to_string());
                return Err(syntax(&near));
            };
            let mut bound = vec![BExpr::Lit(Value::Str(kind))];
            for a in &args[1..] {
                bound.push(bind(a)?);
            }
            Ok(BExpr::call(name.into(), bound))
        })()),
        _ => None,
    }
}
