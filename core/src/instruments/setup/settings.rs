//! A running server's ENABLED and TIMED of every instrument class: the defaults, then the
//! `performance-schema-instrument='PATTERN=VALUE'` startup options, then what UPDATE
//! performance_schema.setup_instruments sets. The code that makes events asks here whether
//! a class is on ([`InstrumentSettings::enabled`]) and timed.
//!
//! The options follow the manual ("Performance Schema Runtime Configuration"): VALUE is ON,
//! TRUE or 1 (enabled and timed), OFF, FALSE or 0 (disabled, untimed) or COUNTED (enabled,
//! untimed); PATTERN may use `%` and `_` as LIKE does; a longer pattern wins over a shorter
//! one whatever their order; names that match nothing are ignored; and
//! `memory/performance_schema/%` cannot be disabled.

use super::classes::{classes, position, Class};
use crate::sql::expr::LikePattern;

/// One instrument's setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    pub enabled: bool,
    /// None for classes without a timer (memory, error).
    pub timed: Option<bool>,
}

/// The settings of every class, in [`classes`] order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstrumentSettings {
    settings: Vec<Setting>,
    /// The class of the name last asked for by [`InstrumentSettings::of_static`]: a
    /// statement's class is asked for twice per statement, and finding it by name costs more
    /// than the statement's other bookkeeping. A cache only; it changes no answer.
    last: std::cell::Cell<Option<(&'static str, Option<usize>)>>,
}

impl Default for InstrumentSettings {
    fn default() -> Self {
        InstrumentSettings {
            settings: classes()
                .iter()
                .map(|c| Setting { enabled: c.enabled, timed: c.timed })
                .collect(),
            last: std::cell::Cell::new(None),
        }
    }
}

/// What a startup option's VALUE sets, or None if MySQL would not take it.
fn option_value(value: &str) -> Option<(bool, bool)> {
    match value.trim().to_ascii_uppercase().as_str() {
        "ON" | "TRUE" | "1" => Some((true, true)),
        "OFF" | "FALSE" | "0" => Some((false, false)),
        "COUNTED" => Some((true, false)),
        _ => None,
    }
}

impl InstrumentSettings {
    /// The defaults with the startup options `(pattern, value)` applied: the longest pattern
    /// that matches a class decides it (the first given, between equally long ones).
    /// Options with a value MySQL does not accept are skipped.
    pub fn at_startup(options: &[(String, String)]) -> InstrumentSettings {
        let mut s = InstrumentSettings::default();
        let mut parsed: Vec<(usize, usize, LikePattern, (bool, bool))> = options
            .iter()
            .enumerate()
            .filter_map(|(order, (pattern, value))| {
                let v = option_value(value)?;
                Some((pattern.len(), order, LikePattern::new(pattern, '\\'), v))
            })
            .collect();
        // Longest first; between equal lengths the one given first.
        parsed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (i, class) in classes().iter().enumerate() {
            let Some((_, _, _, (enabled, timed))) =
                parsed.iter().find(|(_, _, p, _)| p.matches(&class.name))
            else {
                continue;
            };
            s.set(i, class, Some(*enabled), Some(*timed));
        }
        s
    }

    /// Sets class `i`'s ENABLED and TIMED where given, as MySQL allows: a class without a
    /// timer keeps TIMED NULL, performance_schema's own memory stays enabled. Returns whether
    /// anything changed.
    pub fn set(
        &mut self,
        i: usize,
        class: &Class,
        enabled: Option<bool>,
        timed: Option<bool>,
    ) -> bool {
        let Some(s) = self.settings.get_mut(i) else { return false };
        let before = *s;
        if let Some(on) = enabled {
            if !class.always_enabled() {
                s.enabled = on;
            }
        }
        if let (Some(t), Some(_)) = (timed, s.timed) {
            s.timed = Some(t);
        }
        *s != before
    }

    /// Class `i`'s setting.
    pub fn get(&self, i: usize) -> Setting {
        self.settings[i]
    }

    /// The setting of the class at `position` (None: no such class).
    pub fn at(&self, position: Option<usize>) -> Option<Setting> {
        position.and_then(|i| self.settings.get(i).copied())
    }

    /// Whether the class named `name` makes events, and whether they are timed; None for a
    /// name that is no class (nothing is collected for it).
    pub fn of(&self, name: &str) -> Option<Setting> {
        position(name).map(|i| self.settings[i])
    }

    /// [`InstrumentSettings::of`] for a name that lives as long as the program (the statement
    /// names), remembering the last one asked for.
    pub fn of_static(&self, name: &'static str) -> Option<Setting> {
        let position = match self.last.get() {
            Some((n, p)) if std::ptr::eq(n, name) => p,
            _ => {
                let p = position(name);
                self.last.set(Some((name, p)));
                p
            }
        };
        self.at(position)
    }

    /// Whether the class named `name` is enabled (false for an unknown name).
    pub fn enabled(&self, name: &str) -> bool {
        self.of(name).is_some_and(|s| s.enabled)
    }

    /// Whether the class named `name` is enabled and timed.
    pub fn timed(&self, name: &str) -> bool {
        self.of(name).is_some_and(|s| s.enabled && s.timed == Some(true))
    }

    /// Every (class, setting), in table order.
    pub fn rows(&self) -> impl Iterator<Item = (&'static Class, Setting)> + '_ {
        classes().iter().zip(self.settings.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opt(p: &str, v: &str) -> (String, String) {
        (p.to_string(), v.to_string())
    }

    #[test]
    fn the_longer_pattern_wins_whatever_the_order() {
        let s = InstrumentSettings::at_startup(&[
            opt("wait/synch/mutex/innodb/trx_mutex", "OFF"),
            opt("wait/synch/mutex/innodb/%", "ON"),
            opt("wait/synch/cond/%", "COUNTED"),
        ]);
        assert!(!s.enabled("wait/synch/mutex/innodb/trx_mutex"));
        assert!(s.timed("wait/synch/mutex/innodb/trx_sys_mutex"));
        assert!(s.enabled("wait/synch/cond/sql/COND_thread_cache"));
        assert!(!s.timed("wait/synch/cond/sql/COND_thread_cache"));
        assert!(!s.enabled("wait/synch/mutex/sql/LOCK_plugin"), "untouched");
    }

    #[test]
    fn everything_off_leaves_performance_schema_memory_and_bad_values_are_skipped() {
        let s = InstrumentSettings::at_startup(&[opt("%", "OFF"), opt("statement/%", "MAYBE")]);
        assert!(!s.enabled("statement/sql/select"));
        assert!(!s.enabled("memory/innodb/buf_buf_pool"));
        assert!(s.enabled("memory/performance_schema/threads"));
        assert_eq!(s.of("memory/innodb/buf_buf_pool").map(|x| x.timed), Some(None));
        assert_eq!(s.of("no/such/instrument"), None);
        // The remembered lookup answers as the plain one, for each name in turn.
        for name in
            ["statement/sql/select", "memory/innodb/buf_buf_pool", "statement/sql/select", "x"]
        {
            assert_eq!(s.of_static(name), s.of(name), "{name}");
        }
    }
}
