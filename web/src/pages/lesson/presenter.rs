//! Presenter mode: one part of the lesson at a time in large type. ArrowRight, Space or
//! PageDown reveal the next part, ArrowLeft or PageUp go back, Escape leaves. The parts stay
//! in the DOM while hidden (`part-hidden`), so leaving shows the page as it was.

use super::state::{LessonAction, LessonState, PARTS};
use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

// The parts presenter mode shows one by one, in the page's order ([`PARTS`] of them). The
// engine's internals belong with the plots: they show in the same part.
pub const QUESTION: u32 = 0;
pub const PREDICTION: u32 = 1;
pub const KNOBS: u32 = 2;
pub const RESULTS: u32 = 3;
pub const PLOTS: u32 = 4;
pub const CONCLUSION: u32 = 5;

/// Presenter mode's keys, and its class on `<body>` for the large type, while `on`.
#[hook]
pub fn use_presenter_keys(on: bool, dispatcher: UseReducerDispatcher<LessonState>) {
    use_effect_with(on, move |on| {
        let body = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body());
        if let Some(body) = &body {
            let _ = body.class_list().toggle_with_force("presenting", *on);
        }
        let listener = on.then(|| {
            let document = web_sys::window().and_then(|w| w.document()).expect("a document");
            EventListener::new(&document, "keydown", move |e| {
                let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                // Space and the arrows keep their meaning in a knob's field.
                let in_field =
                    e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(
                        |t| matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"),
                    );
                match e.key().as_str() {
                    "Escape" => dispatcher.dispatch(LessonAction::Presenter(false)),
                    "ArrowRight" | "PageDown" | " " if !in_field => {
                        e.prevent_default();
                        dispatcher.dispatch(LessonAction::Reveal(1));
                    }
                    "ArrowLeft" | "PageUp" if !in_field => {
                        e.prevent_default();
                        dispatcher.dispatch(LessonAction::Reveal(-1));
                    }
                    _ => {}
                }
            })
        });
        move || {
            drop(listener);
            if let Some(body) = body {
                let _ = body.class_list().remove_1("presenting");
            }
        }
    });
}

/// The classes of part `i`: hidden in presenter mode unless it is the part revealed.
pub fn part_classes(state: &LessonState, i: u32) -> Classes {
    if state.presenter && i != state.reveal {
        classes!("lesson-part", "part-hidden")
    } else {
        classes!("lesson-part")
    }
}

/// The header's tools: the presenter mode button and, while presenting, where the learner is.
pub fn tools(state: &LessonState, dispatcher: &UseReducerDispatcher<LessonState>) -> Html {
    let toggle = {
        let dispatcher = dispatcher.clone();
        let on = !state.presenter;
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(LessonAction::Presenter(on)))
    };
    html! {
        <div class="lesson-tools">
            <button type="button" class="button button-quiet" id="presenter-button"
                aria-pressed={state.presenter.to_string()}
                onclick={toggle}>
                { if state.presenter { "Leave presenter mode (Esc)" } else { "Presenter mode" } }
            </button>
            if state.presenter {
                <span class="presenter-hint" aria-live="polite">{ format!("Part {} of {PARTS} · → next · ← back · Esc leaves", state.reveal + 1) }</span>
            }
        </div>
    }
}
