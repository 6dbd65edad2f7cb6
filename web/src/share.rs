//! Share links for the console: the session so far (seed, profile, overrides and every
//! input typed) as an [`Experiment`] in the URL fragment, via [`tunelab_core::lab::link`].
//! Inputs typed at a continuation prompt (`->`) join the step they continue, so each step
//! ends where the learner saw `mysql>` again and `tunelab run` replays the link unchanged.

use tunelab_core::lab::experiment::{Experiment, Step};
use tunelab_core::lab::link;

/// The prompt of an idle client (nothing pending).
pub const IDLE_PROMPT: &str = "mysql> ";

/// Records one input in `steps`. `prompt` is the prompt the input was typed at.
pub fn record_input(steps: &mut Vec<Step>, text: &str, prompt: &str) {
    match steps.last_mut() {
        Some(last) if prompt != IDLE_PROMPT => {
            last.sql.push('\n');
            last.sql.push_str(text);
        }
        _ => steps.push(Step { title: String::new(), sql: text.to_string() }),
    }
}

/// The same experiment with no steps: what Reset starts.
pub fn fresh(experiment: &Experiment) -> Experiment {
    Experiment { steps: Vec::new(), ..experiment.clone() }
}

/// The URL fragment (without `#`) that reopens `experiment`.
pub fn fragment(experiment: &Experiment) -> String {
    link::encode(experiment)
}

/// Reads the page's `location.hash`: `None` when it holds no share link (empty, or an
/// in-page anchor such as `#console-input`), else the experiment or the reason it cannot be
/// opened (one sentence, shown as text). A link fragment starts with its format version,
/// `x` and a digit (`x1.`), so a damaged or future link is reported, never ignored.
pub fn read_hash(hash: &str) -> Option<Result<Experiment, String>> {
    let fragment = hash.strip_prefix('#').unwrap_or(hash).trim();
    let mut chars = fragment.chars();
    if !(chars.next() == Some('x') && chars.next().is_some_and(|c| c.is_ascii_digit())) {
        return None;
    }
    Some(link::decode(fragment).map_err(|reason| {
        let reason = reason.trim_end_matches('.');
        format!("This share link could not be opened: {reason}. A fresh console was started.")
    }))
}

/// Shortens the profile's description to its first clause, for the footer and the select.
pub fn short_description(description: &str) -> &str {
    description.split([':', ';']).next().unwrap_or(description).trim()
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn continuation_inputs_join_the_step_they_continue() {
        let mut steps = Vec::new();
        record_input(&mut steps, "SELECT 1;", IDLE_PROMPT);
        record_input(&mut steps, "SELECT", IDLE_PROMPT);
        record_input(&mut steps, "2;", "    -> ");
        record_input(&mut steps, "SHOW WARNINGS;", IDLE_PROMPT);
        let sql: Vec<&str> = steps.iter().map(|s| s.sql.as_str()).collect();
        assert_eq!(sql, ["SELECT 1;", "SELECT\n2;", "SHOW WARNINGS;"]);
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_link_round_trips_and_a_damaged_one_explains_itself() {
        let experiment = Experiment {
            seed: 7,
            steps: vec![Step { title: String::new(), sql: "SELECT @@max_connections;".into() }],
            ..Experiment::default()
        };
        let hash = format!("#{}", fragment(&experiment));
        assert_eq!(read_hash(&hash), Some(Ok(experiment)));
        assert_eq!(read_hash(""), None);
        assert_eq!(read_hash("#"), None);
        assert_eq!(read_hash("#console-input"), None, "an in-page anchor is not a link");
        assert!(read_hash("#x9.abc").unwrap().unwrap_err().contains("newer TuneLab"));
        let error = read_hash("#x1.garbage!!").unwrap().unwrap_err();
        assert!(error.starts_with("This share link could not be opened: the link is damaged"));
        assert!(error.ends_with("A fresh console was started."), "{error}");
        assert!(!error.contains(".."), "{error}");
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn fresh_keeps_the_settings_and_drops_the_steps() {
        let mut experiment = Experiment { seed: 9, ..Experiment::default() };
        record_input(&mut experiment.steps, "SELECT 1;", IDLE_PROMPT);
        let fresh = fresh(&experiment);
        assert_eq!(fresh.seed, 9);
        assert!(fresh.steps.is_empty());
    }
}
