//! Saved work in the browser's local storage, so navigation and reloads lose nothing: the
//! console session (its share link: seed, profile, overrides and every input, replayed on a
//! fresh server to restore it) under one versioned key. An entry that cannot be read (damaged,
//! or written by another version) is removed and reported, never shown as a blank page.

use crate::route;
use serde::{Deserialize, Serialize};
use tunelab_core::lab::experiment::Experiment;

/// The console session's key; the version changes when the entry's shape does.
pub const CONSOLE_KEY: &str = "tunelab.console.v1";

/// The most characters an entry may hold (a share link is a few hundred; a long session a
/// few thousand), so a runaway entry cannot stall the page.
const ENTRY_CHARS_MAX: usize = 200_000;

/// What the console saves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConsoleEntry {
    /// The session as a share link fragment (`x1.…`, without `#`).
    session: String,
    /// The fragment the page had put in the URL for it (empty: none), so going Back to that
    /// URL restores the session rather than the older link.
    url_fragment: String,
}

/// A restored session: the experiment, and the URL fragment it was saved with.
#[derive(Clone, Debug, PartialEq)]
pub struct Restored {
    pub experiment: Experiment,
    pub url_fragment: String,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Reads an entry's text: `None` when there is none, else the session or why it was
/// discarded (one sentence for the banner).
pub fn read_console_entry(text: &str) -> Result<Restored, String> {
    if text.len() > ENTRY_CHARS_MAX {
        return Err("it is too long to be a console session".into());
    }
    let entry: ConsoleEntry =
        serde_json::from_str(text).map_err(|_| "it is not in this version's format".to_string())?;
    match route::read_experiment(&entry.session) {
        Some(Ok(experiment)) => Ok(Restored { experiment, url_fragment: entry.url_fragment }),
        Some(Err(_)) | None => Err("its session link is damaged or from another version".into()),
    }
}

/// The saved console session, if any: `Some(Err(reason))` when there was one that could not
/// be read (it has been removed).
pub fn load_console() -> Option<Result<Restored, String>> {
    let storage = storage()?;
    let text = storage.get_item(CONSOLE_KEY).ok().flatten()?;
    let read = read_console_entry(&text);
    if read.is_err() {
        let _ = storage.remove_item(CONSOLE_KEY);
    }
    Some(read)
}

/// Saves the console session (`url_fragment` is the fragment the page put in the URL, with or
/// without `#`). Storage may be full or refused (private mode): then nothing is saved.
pub fn save_console(experiment: &Experiment, url_fragment: &str) {
    let Some(storage) = storage() else { return };
    let entry = ConsoleEntry {
        session: route::experiment_fragment(experiment),
        url_fragment: url_fragment.trim_start_matches('#').to_string(),
    };
    if let Ok(text) = serde_json::to_string(&entry) {
        let _ = storage.set_item(CONSOLE_KEY, &text);
    }
}

/// Forgets the saved console session (New session).
pub fn forget_console() {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(CONSOLE_KEY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tunelab_core::lab::experiment::Step;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn an_entry_round_trips_and_a_bad_one_says_why() {
        let experiment = Experiment {
            seed: 7,
            steps: vec![Step { title: String::new(), sql: "SELECT 1;".into() }],
            ..Experiment::default()
        };
        let entry = ConsoleEntry {
            session: route::experiment_fragment(&experiment),
            url_fragment: "x1.abc".into(),
        };
        let text = serde_json::to_string(&entry).unwrap();
        let restored = read_console_entry(&text).unwrap();
        assert_eq!(restored.experiment, experiment);
        assert_eq!(restored.url_fragment, "x1.abc");
        for bad in [
            "",
            "{",
            "null",
            "{\"session\":\"x1.garbage!!\",\"url_fragment\":\"\"}",
            "{\"session\":\"x9.future\",\"url_fragment\":\"\"}",
            "{\"v\":2}",
        ] {
            assert!(read_console_entry(bad).is_err(), "{bad}");
        }
        assert!(read_console_entry(&"x".repeat(ENTRY_CHARS_MAX + 1)).is_err());
    }
}

/// A lesson's saved work: the prediction and the knob values on its page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonEntry {
    pub choice: Option<String>,
    pub committed: bool,
    pub knobs: tunelab_core::lab::lesson::KnobValues,
    pub b: Option<tunelab_core::lab::lesson::KnobValues>,
}

/// The key of a lesson's saved work (versioned like the console's).
pub fn lesson_key(id: &str) -> String {
    format!("tunelab.lesson.v1.{id}")
}

/// Reads a lesson's entry: the values must all be valid for `lesson` and the choice one of
/// its prediction's, else the reason it was discarded.
pub fn read_lesson_entry(
    lesson: &tunelab_core::lab::lesson::Lesson,
    text: &str,
) -> Result<LessonEntry, String> {
    if text.len() > ENTRY_CHARS_MAX {
        return Err("it is too long".into());
    }
    let entry: LessonEntry =
        serde_json::from_str(text).map_err(|_| "it is not in this version's format".to_string())?;
    for values in std::iter::once(&entry.knobs).chain(entry.b.iter()) {
        let (_, dropped) = lesson.resolve_knobs_or_defaults(values);
        if !dropped.is_empty() {
            return Err("its knob values are not valid for this lesson".into());
        }
    }
    let choices = lesson.prediction.as_ref().map(|p| &p.choices);
    if let Some(choice) = &entry.choice {
        if !choices.is_some_and(|c| c.iter().any(|c| &c.id == choice)) {
            return Err("its prediction is not one of this lesson's".into());
        }
    }
    Ok(entry)
}

/// The lesson's saved work, if any (`Some(Err)`: there was an entry that could not be read;
/// it has been removed).
pub fn load_lesson(
    lesson: &tunelab_core::lab::lesson::Lesson,
) -> Option<Result<LessonEntry, String>> {
    let storage = storage()?;
    let key = lesson_key(&lesson.id);
    let text = storage.get_item(&key).ok().flatten()?;
    let read = read_lesson_entry(lesson, &text);
    if read.is_err() {
        let _ = storage.remove_item(&key);
    }
    Some(read)
}

/// Saves a lesson's work (nothing when storage is refused).
pub fn save_lesson(id: &str, entry: &LessonEntry) {
    let Some(storage) = storage() else { return };
    if let Ok(text) = serde_json::to_string(entry) {
        let _ = storage.set_item(&lesson_key(id), &text);
    }
}
