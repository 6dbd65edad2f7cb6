//! What to conclude: after a finished run, the verdict on the learner's prediction (right,
//! wrong, or not decidable by this engine build) and the lesson's explanation.

use super::presenter;
use super::state::LessonState;
use crate::lessons::markdown;
use tunelab_core::lab::lesson::{fill_figures, Lesson, Table, Verdict};
use yew::prelude::*;

/// The conclusion section; `verdict` is `None` until the runs are done. The explanation's
/// figures are filled from `tables` (configuration A's), the run's own.
pub fn view(
    lesson: &Lesson,
    state: &LessonState,
    verdict: Option<&Verdict>,
    tables: &[Table],
) -> Html {
    html! {
        <section class={classes!(presenter::part_classes(state, presenter::CONCLUSION), "conclusion", "card")} tabindex="-1" aria-labelledby="conclusion-title">
            <h2 id="conclusion-title">{ "What to conclude" }</h2>
            // A live region that exists before the verdict does, so it is announced.
            <div aria-live="polite" id="verdict-region">
                if let Some(v) = verdict {
                    { verdict_line(v, lesson, state.choice.as_deref()) }
                } else {
                    <p class="knob-help">{ "The conclusion appears after the run, checked against your prediction." }</p>
                }
            </div>
            if verdict.is_some() {
                <div class="prose">{ markdown::render(&fill_figures(&lesson.explain, tables)) }</div>
            }
        </section>
    }
}

fn verdict_line(v: &Verdict, lesson: &Lesson, choice: Option<&str>) -> Html {
    let answer = lesson.conclusion.as_ref().map(|c| c.answer.clone()).unwrap_or_default();
    let text_of = |id: &str| {
        lesson
            .prediction
            .as_ref()
            .and_then(|p| p.choices.iter().find(|c| c.id == id))
            .map(|c| c.text.clone())
            .unwrap_or_default()
    };
    match v {
        Verdict::Right => {
            html! { <p class="verdict verdict-right" id="verdict" tabindex="-1" data-verdict="right">{ "Your prediction holds: " }{ text_of(&answer) }</p> }
        }
        Verdict::Wrong => {
            html! { <p class="verdict verdict-wrong" id="verdict" tabindex="-1" data-verdict="wrong">
                { format!("The figures contradict your prediction ({}). ", text_of(choice.unwrap_or(""))) }
                { "They show: " }{ text_of(&answer) }
            </p> }
        }
        Verdict::Unconfirmed => {
            html! { <p class="verdict verdict-open" id="verdict" tabindex="-1" data-verdict="unconfirmed">
                { "This engine build does not yet produce the figures that decide the question, so no verdict is claimed. Read the figures above for what it does show." }
            </p> }
        }
    }
}
