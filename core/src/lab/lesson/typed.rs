//! Knob values as a learner types them and as a link carries them: read in the learner's
//! words (the knob's label, unit and range, never its internal id), and a link's values
//! checked one by one so that a bad one falls back to its default with a sentence saying so.

use super::{Knob, KnobValues, Lesson};
use crate::lab::experiment::Setting;

/// A bound as the learner reads it: `64`, `0.5`, `20,000`.
fn bound(n: f64) -> String {
    if n.fract() != 0.0 {
        return n.to_string();
    }
    let digits = format!("{}", n.abs() as u64);
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0.0 {
        out.insert(0, '-');
    }
    out
}

impl Knob {
    /// True when the knob takes whole numbers (its default is one).
    pub fn takes_integers(&self) -> bool {
        matches!(self.default, Setting::Int(_))
    }

    /// What the knob accepts, in the learner's words: "a whole number from 10 to 20,000 µs".
    pub fn accepted(&self) -> String {
        if !self.choices.is_empty() {
            let choices: Vec<String> = self.choices.iter().map(|c| c.as_option_text()).collect();
            return format!("one of {}", choices.join(", "));
        }
        let kind = if self.takes_integers() { "a whole number" } else { "a number" };
        let unit = if self.unit.is_empty() { String::new() } else { format!(" {}", self.unit) };
        match (self.min, self.max) {
            (Some(lo), Some(hi)) => format!("{kind} from {} to {}{unit}", bound(lo), bound(hi)),
            (Some(lo), None) => format!("{kind} of at least {}{unit}", bound(lo)),
            (None, Some(hi)) => format!("{kind} of at most {}{unit}", bound(hi)),
            (None, None) => kind.to_string(),
        }
    }

    /// Reads what the learner typed in the knob's field. Only plain decimal digits (with a
    /// sign, and a point for a knob that takes fractions) are numbers: `1e3`, `0x10` and an
    /// empty field are refused, with one sentence naming the knob by its label.
    pub fn read_typed(&self, text: &str) -> Result<Setting, String> {
        let t = text.trim();
        let refuse = || format!("{} must be {}.", self.label, self.accepted());
        if t.is_empty() {
            return Err(format!("{} needs a value: {}.", self.label, self.accepted()));
        }
        if !self.choices.is_empty() {
            return self
                .choices
                .iter()
                .find(|c| c.as_option_text() == t)
                .cloned()
                .ok_or_else(refuse);
        }
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        let plain = !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
            && digits.chars().filter(|c| *c == '.').count() <= 1
            && digits.chars().any(|c| c.is_ascii_digit());
        if !plain {
            return Err(refuse());
        }
        let value = if self.takes_integers() {
            t.parse::<i64>().map(Setting::Int).map_err(|_| refuse())?
        } else {
            t.parse::<f64>().map(Setting::Float).map_err(|_| refuse())?
        };
        self.check(&value).map_err(|_| refuse())?;
        Ok(value)
    }
}

impl Lesson {
    /// The knob values of a link: each valid value kept, each invalid or unknown one dropped
    /// (its default used), with one sentence per value dropped, in the learner's words.
    pub fn resolve_knobs_or_defaults(&self, given: &KnobValues) -> (KnobValues, Vec<String>) {
        let mut dropped = Vec::new();
        for id in given.keys() {
            if !self.knobs.iter().any(|k| &k.id == id) {
                dropped.push(format!(
                    "the link sets a knob this lesson does not have ('{}')",
                    clip(id)
                ));
            }
        }
        let mut out = KnobValues::new();
        for knob in &self.knobs {
            let value = match given.get(&knob.id) {
                Some(v)
                    if knob.check(v).is_ok() && knob.read_typed(&v.as_option_text()).is_ok() =>
                {
                    v.clone()
                }
                Some(v) => {
                    dropped.push(format!(
                        "{} was {}, but must be {}; the default, {}, is used",
                        knob.label,
                        clip(&v.as_option_text()),
                        knob.accepted(),
                        knob.default.as_option_text()
                    ));
                    knob.default.clone()
                }
                None => knob.default.clone(),
            };
            out.insert(knob.id.clone(), value);
        }
        (out, dropped)
    }
}

/// At most 40 characters of text that came from a link.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::lesson::find;

    #[test]
    fn typed_values_are_read_in_the_learners_words() {
        let lesson = find("durability").unwrap();
        let fsync = lesson.knobs.iter().find(|k| k.id == "fsync_us").unwrap();
        assert_eq!(fsync.read_typed(" 300 "), Ok(Setting::Int(300)));
        let refused = "fsync latency must be a whole number from 10 to 20,000 µs.";
        for bad in ["-5", "99999999", "1e3", "0x10", "3.5", "abc", "5-", "."] {
            assert_eq!(fsync.read_typed(bad), Err(refused.to_string()), "{bad}");
        }
        assert_eq!(
            fsync.read_typed(""),
            Err("fsync latency needs a value: a whole number from 10 to 20,000 µs.".into())
        );
        let trx = lesson.knobs.iter().find(|k| k.id == "trx").unwrap();
        assert_eq!(trx.read_typed("2"), Ok(Setting::Int(2)));
        assert_eq!(
            trx.read_typed("3"),
            Err("innodb_flush_log_at_trx_commit must be one of 0, 1, 2.".into())
        );
    }

    #[test]
    fn a_links_bad_values_fall_back_to_their_defaults_and_say_so() {
        let lesson = find("durability").unwrap();
        let mut given = KnobValues::new();
        given.insert("fsync_us".into(), Setting::Int(-5));
        given.insert("cpus".into(), Setting::Int(8));
        given.insert("bogus".into(), Setting::Int(1));
        let (values, dropped) = lesson.resolve_knobs_or_defaults(&given);
        assert_eq!(values["fsync_us"], lesson.default_knobs()["fsync_us"]);
        assert_eq!(values["cpus"], Setting::Int(8));
        assert_eq!(dropped.len(), 2, "{dropped:?}");
        assert!(dropped.iter().any(|d| d.starts_with("fsync latency was -5, but must be")));
        assert!(dropped.iter().all(|d| !d.contains("fsync_us")), "no internal id: {dropped:?}");
    }
}
