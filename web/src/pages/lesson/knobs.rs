//! The knobs card: one column of inputs, or A and B side by side, then Run with a progress
//! bar and Cancel, and how the last run ended. Knobs that every run sets itself are not
//! shown: one sentence names them instead.

use super::presenter;
use super::state::{LessonAction, LessonState, RunPhase};
use tunelab_core::lab::experiment::Setting;
use tunelab_core::lab::lesson::{KnobValues, Lesson};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The card. `onrun` and `oncancel` start and stop the runs.
pub fn view(
    lesson: &Lesson,
    state: &LessonState,
    dispatcher: &UseReducerDispatcher<LessonState>,
    onrun: Callback<MouseEvent>,
    oncancel: Callback<MouseEvent>,
) -> Html {
    let running = state.running();
    let has_b = state.b.is_some();
    let pinned = pinned(lesson);
    let (progress_done, progress_total) = match state.phase {
        RunPhase::Running { done, total } => (done, total),
        _ => (0, 1),
    };
    let toggle_b = {
        let d = dispatcher.clone();
        Callback::from(move |e: Event| {
            if let Some(i) = e.target_dyn_into::<HtmlInputElement>() {
                d.dispatch(LessonAction::ToggleB(i.checked()))
            }
        })
    };
    let inputs = |config: u8, values: &KnobValues| {
        knob_inputs(lesson, &pinned, config, values, running, &state.invalid, dispatcher)
    };
    html! {
        <section class={classes!(presenter::part_classes(state, presenter::KNOBS), "card", "knobs")} tabindex="-1" aria-labelledby="knobs-title">
            <h2 id="knobs-title">{ "Knobs" }</h2>
            <label class="ab-toggle">
                <input type="checkbox" id="ab-toggle" checked={has_b} disabled={running}
                    onchange={toggle_b} />
                { " Compare two configurations (A/B)" }
            </label>
            <div class={classes!("knob-columns", has_b.then_some("ab"))}>
                <div class="knob-column" role="group" aria-label={ if has_b { "Configuration A" } else { "Configuration" } }>
                    if has_b { <h3>{ "A" }</h3> }
                    { inputs(0, &state.knobs) }
                </div>
                if let Some(b) = &state.b {
                    <div class="knob-column" role="group" aria-label="Configuration B">
                        <h3>{ "B" }</h3>
                        { inputs(1, b) }
                    </div>
                }
            </div>
            if !pinned.is_empty() {
                <p class="knob-help">{ format!("Each run sets its own {}: one run per row of the results.", pinned_names(lesson, &pinned)) }</p>
            }
            <div class="run-bar">
                <button type="button" class="button" id="run-button" onclick={onrun}
                    disabled={running || !state.invalid.is_empty() || (lesson.prediction.is_some() && !state.committed)}>
                    { if has_b { "Run A and B" } else { "Run the experiment" } }
                </button>
                if running {
                    <button type="button" class="button button-quiet" id="cancel-button" onclick={oncancel}>{ "Cancel" }</button>
                }
                if lesson.prediction.is_some() && !state.committed {
                    <span class="knob-help">{ "Commit a prediction first." }</span>
                } else if !state.invalid.is_empty() {
                    <span class="knob-help">{ "Correct the knobs marked above first." }</span>
                }
            </div>
            if running {
                <div class="progress" role="status">
                    <label for="run-progress">{ format!("Run {} of {}", progress_done + 1, progress_total) }</label>
                    <progress id="run-progress" max={progress_total.to_string()} value={progress_done.to_string()}></progress>
                </div>
            }
            { match &state.phase {
                RunPhase::Cancelled => html! { <p class="notice" role="status" id="run-status">{ "Cancelled. Nothing below is from a finished run." }</p> },
                RunPhase::Failed(m) => html! { <p class="notice notice-error" role="alert" id="run-status">{ m.clone() }</p> },
                _ => html! {},
            } }
        </section>
    }
}

/// One configuration's inputs (`config` 0 is A, 1 is B): a number field, or a select for a
/// knob with choices. Ids end in `-a` or `-b`, so the two columns never share one.
fn knob_inputs(
    lesson: &Lesson,
    pinned: &[String],
    config: u8,
    values: &KnobValues,
    running: bool,
    invalid: &std::collections::BTreeMap<String, (String, String)>,
    dispatcher: &UseReducerDispatcher<LessonState>,
) -> Html {
    let suffix = if config == 0 { "a" } else { "b" };
    html! { <>{ for lesson.knobs.iter().filter(|k| !pinned.contains(&k.id)).map(|k| {
        let id = format!("knob-{}-{}", k.id, suffix);
        let value = values.get(&k.id).map(|v| v.as_option_text()).unwrap_or_default();
        let dispatcher = dispatcher.clone();
        let kid = k.id.clone();
        let label = if k.unit.is_empty() { k.label.clone() } else { format!("{} ({})", k.label, k.unit) };
        let (error, typed) = match invalid.get(&id) {
            Some((message, text)) => (Some(message.clone()), Some(text.clone())),
            None => (None, None),
        };
        // A field holding what cannot be run keeps showing what was typed.
        let value = typed.unwrap_or(value);
        let error_id = format!("{id}-error");
        let control = if k.choices.is_empty() {
            // Checked as the learner types, in their words (the label, the unit, the range).
            let knob = k.clone();
            let field = id.clone();
            let oninput = Callback::from(move |e: InputEvent| {
                if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                    dispatcher.dispatch(match knob.read_typed(&input.value()) {
                        Ok(value) => LessonAction::Knob { config, id: kid.clone(), field: field.clone(), value },
                        Err(message) => LessonAction::KnobInvalid { field: field.clone(), message, text: input.value() },
                    });
                }
            });
            let inputmode = if k.takes_integers() { "numeric" } else { "decimal" };
            html! { <input id={id.clone()} type="text" {inputmode} value={value}
                class={classes!(error.is_some().then_some("invalid"))}
                aria-invalid={error.is_some().then_some("true")}
                aria-describedby={error.is_some().then(|| error_id.clone())}
                disabled={running} {oninput} /> }
        } else {
            let field = id.clone();
            let onchange = Callback::from(move |e: Event| {
                if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                    dispatcher.dispatch(LessonAction::Knob { config, id: kid.clone(), field: field.clone(), value: parse_setting(&select.value()) });
                }
            });
            html! { <select id={id.clone()} disabled={running} {onchange}>
                { for k.choices.iter().map(|c| {
                    let t = c.as_option_text();
                    html! { <option value={t.clone()} selected={t == value}>{ t.clone() }</option> }
                }) }
            </select> }
        };
        html! {
            <div class="knob">
                <label for={id}>{ label }<span class="knob-name">{ k.name.clone() }</span></label>
                { control }
                if let Some(message) = error {
                    <span class="knob-error" id={error_id} role="alert">{ message }</span>
                }
                if !k.help.is_empty() { <span class="knob-help">{ k.help.clone() }</span> }
            </div>
        }
    }) }</> }
}

/// The knobs every run of the lesson sets itself (none for a lesson without runs): a field
/// for them would change nothing.
fn pinned(lesson: &Lesson) -> Vec<String> {
    if lesson.runs.is_empty() {
        return Vec::new();
    }
    lesson
        .knobs
        .iter()
        .filter(|k| lesson.runs.iter().all(|r| r.set.contains_key(&k.id)))
        .map(|k| k.id.clone())
        .collect()
}

/// The pinned knobs' labels for a sentence: "buffer pool size", "thread cache size and
/// maximum connections" (a label that is a variable name or starts with an acronym stays).
fn pinned_names(lesson: &Lesson, pinned: &[String]) -> String {
    let names: Vec<String> = lesson
        .knobs
        .iter()
        .filter(|k| pinned.contains(&k.id))
        .map(|k| {
            let mut chars = k.label.chars();
            match (chars.next(), chars.next()) {
                (Some(first), Some(second)) if second.is_lowercase() => {
                    first.to_lowercase().chain(k.label.chars().skip(1)).collect()
                }
                _ => k.label.clone(),
            }
        })
        .collect();
    names.join(" and ")
}

/// A knob's value as typed: an integer, else a decimal, else text.
fn parse_setting(text: &str) -> Setting {
    let t = text.trim();
    t.parse::<i64>()
        .map(Setting::Int)
        .or_else(|_| t.parse::<f64>().map(Setting::Float))
        .unwrap_or_else(|_| Setting::Text(t.to_string()))
}
