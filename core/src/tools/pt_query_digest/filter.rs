//! `--filter` for simple Perl expressions: comparisons `$event->{ATTR} OP VALUE` with OP one of
//! `eq ne == != > >= < <=` (VALUE a number or a '...'/"..." string) or `=~ m/TEXT/` /
//! `=~ /TEXT/` (TEXT matched as a plain substring; an `i` flag ignores case), joined by `&&`
//! or `||` (evaluated left to right, `&&` binding tighter), with `!` before a comparison.
//! Anything else is an error, as the tool's `eval` of bad code is. Simplification: no parentheses,
//! no regex metacharacters, no assignments.

use super::aggregate::perl_num;
use super::event::Event;

#[derive(Clone, Debug)]
enum Op {
    StrEq,
    StrNe,
    NumEq,
    NumNe,
    Gt,
    Ge,
    Lt,
    Le,
    Match { ignore_case: bool },
}

#[derive(Clone, Debug)]
struct Comparison {
    negate: bool,
    attr: String,
    op: Op,
    value: String,
}

/// A parsed filter: alternatives of conjunctions.
#[derive(Clone, Debug)]
pub struct Filter {
    any_of: Vec<Vec<Comparison>>,
}

impl Filter {
    /// Parses `code`; Err is the message to print.
    pub fn parse(code: &str) -> Result<Filter, String> {
        let err = || {
            format!("Error compiling --filter code: sub {{ my ( $args ) = @_; my $event = $args->{{event}}; ( {code} ) && return $args; }};\n(this engine reads simple comparisons only)\n")
        };
        let mut any_of = Vec::new();
        for alt in code.split("||") {
            let mut all = Vec::new();
            for part in alt.split("&&") {
                all.push(parse_comparison(part.trim()).ok_or_else(err)?);
            }
            any_of.push(all);
        }
        Ok(Filter { any_of })
    }

    /// Whether `event` passes.
    pub fn accepts(&self, event: &Event) -> bool {
        self.any_of.iter().any(|all| all.iter().all(|c| c.holds(event)))
    }
}

fn parse_comparison(text: &str) -> Option<Comparison> {
    let (negate, text) = match text.strip_prefix('!') {
        Some(t) => (true, t.trim_start()),
        None => (false, text),
    };
    let rest = text.strip_prefix("$event->{")?;
    let close = rest.find('}')?;
    let attr = rest[..close].trim().trim_matches(|c| c == '\'' || c == '"').to_string();
    let rest = rest[close + 1..].trim_start();
    let ops: [(&str, Op); 9] = [
        ("=~", Op::Match { ignore_case: false }),
        ("==", Op::NumEq),
        ("!=", Op::NumNe),
        (">=", Op::Ge),
        ("<=", Op::Le),
        (">", Op::Gt),
        ("<", Op::Lt),
        ("eq", Op::StrEq),
        ("ne", Op::StrNe),
    ];
    let (sym, op) = ops.into_iter().find(|(s, _)| rest.starts_with(s))?;
    let value = rest[sym.len()..].trim();
    let (op, value) = match op {
        Op::Match { .. } => {
            let v = value.strip_prefix('m').unwrap_or(value);
            let v = v.strip_prefix('/')?;
            let end = v.rfind('/')?;
            let flags = &v[end + 1..];
            if !flags.chars().all(|c| c == 'i') {
                return None;
            }
            let body = &v[..end];
            if body.chars().any(|c| "^$.*+?()[]{}|\\".contains(c)) {
                return None;
            }
            (Op::Match { ignore_case: flags.contains('i') }, body.to_string())
        }
        op => {
            let v = if (value.starts_with('\'') && value.ends_with('\'')
                || value.starts_with('"') && value.ends_with('"'))
                && value.len() >= 2
            {
                value[1..value.len() - 1].to_string()
            } else if value.parse::<f64>().is_ok() {
                value.to_string()
            } else {
                return None;
            };
            (op, v)
        }
    };
    Some(Comparison { negate, attr, op, value })
}

impl Comparison {
    fn holds(&self, event: &Event) -> bool {
        let got = event.get(&self.attr);
        let text = got.unwrap_or("");
        let (a, b) = (perl_num(text), perl_num(&self.value));
        let r = match &self.op {
            Op::StrEq => text == self.value,
            Op::StrNe => text != self.value,
            Op::NumEq => a == b,
            Op::NumNe => a != b,
            Op::Gt => a > b,
            Op::Ge => a >= b,
            Op::Lt => a < b,
            Op::Le => a <= b,
            Op::Match { ignore_case: true } => {
                text.to_ascii_lowercase().contains(&self.value.to_ascii_lowercase())
            }
            Op::Match { ignore_case: false } => text.contains(&self.value),
        };
        r != self.negate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_forms() {
        let mut e = Event::default();
        e.set("db", "shop");
        e.set("Rows_examined", "5000");
        assert!(Filter::parse("$event->{db} eq \"shop\"").unwrap().accepts(&e));
        assert!(Filter::parse("$event->{Rows_examined} > 1000").unwrap().accepts(&e));
        assert!(!Filter::parse("$event->{Rows_examined} > 1000 && $event->{db} ne 'shop'")
            .unwrap()
            .accepts(&e));
        assert!(Filter::parse("$event->{arg} =~ m/x/ || $event->{db} eq 'shop'")
            .unwrap()
            .accepts(&e));
        assert!(Filter::parse("system('ls')").is_err());
    }
}
