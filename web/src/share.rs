//! Share links for the console: the session so far (seed, profile, overrides and every
//! input typed) as an [`Experiment`], which [`crate::route`] writes into the URL fragment.
//! Inputs typed at a continuation prompt (`->`) join the step they continue, so each step
//! ends where the learner saw `mysql>` again and `tunelab run` replays the link unchanged.

use tunelab_core::lab::experiment::{Experiment, Step};

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
    fn fresh_keeps_the_settings_and_drops_the_steps() {
        let mut experiment = Experiment { seed: 9, ..Experiment::default() };
        record_input(&mut experiment.steps, "SELECT 1;", IDLE_PROMPT);
        let fresh = fresh(&experiment);
        assert_eq!(fresh.seed, 9);
        assert!(fresh.steps.is_empty());
    }
}
