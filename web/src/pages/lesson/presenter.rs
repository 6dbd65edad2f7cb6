//! Presenter mode: one part of the lesson at a time in large type, driven by a keyboard, a
//! presentation clicker or a touch screen. ArrowRight, Space and PageDown reveal the next
//! part, ArrowLeft and PageUp go back, Home and End jump to the first and the last, Escape
//! leaves; a horizontal swipe goes forward or back. On entry and on every step the focus
//! moves into the part shown, so Space never lands on the button that started the mode. The
//! parts stay in the DOM while hidden (`part-hidden`), so leaving shows the page as it was.

use super::state::{LessonAction, LessonState, PARTS};
use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent, TouchEvent};
use yew::prelude::*;

// The parts presenter mode shows one by one, in the page's order ([`PARTS`] of them). The
// engine's internals belong with the plots: they show in the same part.
pub const QUESTION: u32 = 0;
pub const PREDICTION: u32 = 1;
pub const KNOBS: u32 = 2;
pub const RESULTS: u32 = 3;
pub const PLOTS: u32 = 4;
pub const CONCLUSION: u32 = 5;

/// How far a finger must travel sideways, in CSS pixels, for a swipe.
const SWIPE_PX_MIN: i32 = 50;

/// What a key does in presenter mode, or `None` when the key keeps its own meaning. `target`
/// is the focused element's tag: in a field every key is the field's, and on a button or a
/// link Space presses it.
pub fn key_action(key: &str, target: &str) -> Option<LessonAction> {
    if matches!(target, "INPUT" | "SELECT" | "TEXTAREA") && key != "Escape" {
        return None;
    }
    match key {
        "Escape" => Some(LessonAction::Presenter(false)),
        " " if matches!(target, "BUTTON" | "A" | "SUMMARY") => None,
        "ArrowRight" | "PageDown" | " " => Some(LessonAction::Reveal(1)),
        "ArrowLeft" | "PageUp" => Some(LessonAction::Reveal(-1)),
        "Home" => Some(LessonAction::RevealAt(0)),
        "End" => Some(LessonAction::RevealAt(PARTS - 1)),
        _ => None,
    }
}

/// The step a swipe from `start` to `end` (client x, y) makes: -1, +1, or none when the move
/// is short or mostly vertical (a scroll).
pub fn swipe_step(start: (i32, i32), end: (i32, i32)) -> Option<i32> {
    let (dx, dy) = (end.0 - start.0, end.1 - start.1);
    if dx.abs() < SWIPE_PX_MIN || dx.abs() <= dy.abs() * 2 {
        return None;
    }
    Some(if dx < 0 { 1 } else { -1 })
}

/// Presenter mode's keys and swipes, its class on `<body>` for the large type, and the focus
/// in the part shown, while `on`.
#[hook]
pub fn use_presenter_keys(on: bool, reveal: u32, dispatcher: UseReducerDispatcher<LessonState>) {
    use_effect_with(on, move |on| {
        let body = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body());
        if let Some(body) = &body {
            let _ = body.class_list().toggle_with_force("presenting", *on);
        }
        let listeners = on.then(|| {
            let document = web_sys::window().and_then(|w| w.document()).expect("a document");
            // Not passive: the keys it handles must not also scroll the page.
            let active = EventListenerOptions::enable_prevent_default();
            let keys = {
                let dispatcher = dispatcher.clone();
                EventListener::new_with_options(&document, "keydown", active, move |e| {
                    let Some(e) = e.dyn_ref::<KeyboardEvent>() else { return };
                    if e.alt_key() || e.ctrl_key() || e.meta_key() {
                        return;
                    }
                    let tag = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .map(|t| t.tag_name())
                        .unwrap_or_default();
                    if let Some(action) = key_action(&e.key(), &tag) {
                        e.prevent_default();
                        dispatcher.dispatch(action);
                    }
                })
            };
            let start = std::rc::Rc::new(std::cell::Cell::new(None::<(i32, i32)>));
            let touch_start = {
                let start = start.clone();
                EventListener::new(&document, "touchstart", move |e| {
                    let point = e.dyn_ref::<TouchEvent>().and_then(|t| t.touches().get(0));
                    start.set(point.map(|p| (p.client_x(), p.client_y())));
                })
            };
            let touch_end = EventListener::new(&document, "touchend", move |e| {
                let point = e.dyn_ref::<TouchEvent>().and_then(|t| t.changed_touches().get(0));
                let (Some(from), Some(p)) = (start.take(), point) else { return };
                if let Some(step) = swipe_step(from, (p.client_x(), p.client_y())) {
                    dispatcher.dispatch(LessonAction::Reveal(step));
                }
            });
            [keys, touch_start, touch_end]
        });
        move || {
            drop(listeners);
            if let Some(body) = body {
                let _ = body.class_list().remove_1("presenting");
            }
        }
    });
    // The focus follows the part shown (after it has rendered), so the next key press is
    // presenter mode's and a screen reader reads the new part.
    use_effect_with((on, reveal), |(on, _)| {
        if *on {
            let part = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(".lesson-part:not(.part-hidden)").ok().flatten())
                .and_then(|e| e.dyn_into::<HtmlElement>().ok());
            if let Some(part) = part {
                let _ = part.focus();
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

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn step(key: &str, target: &str) -> Option<i32> {
        match key_action(key, target) {
            Some(LessonAction::Reveal(d)) => Some(d),
            Some(LessonAction::RevealAt(at)) => Some(100 + at as i32),
            Some(LessonAction::Presenter(false)) => Some(-100),
            _ => None,
        }
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn clicker_keys_and_swipes_move_through_the_parts() {
        for key in ["ArrowRight", "PageDown", " "] {
            assert_eq!(step(key, "SECTION"), Some(1), "{key}");
        }
        for key in ["ArrowLeft", "PageUp"] {
            assert_eq!(step(key, "SECTION"), Some(-1), "{key}");
        }
        assert_eq!(step("Home", "BODY"), Some(100));
        assert_eq!(step("End", "BODY"), Some(100 + PARTS as i32 - 1));
        assert_eq!(step("Escape", "INPUT"), Some(-100), "Esc leaves even from a field");
        assert_eq!(step(" ", "BUTTON"), None, "Space presses a focused button");
        assert_eq!(step("PageDown", "BUTTON"), Some(1), "a clicker works whatever has focus");
        assert_eq!(step("ArrowRight", "INPUT"), None, "a field keeps its arrows");
        assert_eq!(step("a", "SECTION"), None);
        assert_eq!(swipe_step((300, 200), (100, 210)), Some(1), "right to left: next");
        assert_eq!(swipe_step((100, 200), (300, 190)), Some(-1), "left to right: back");
        assert_eq!(swipe_step((100, 200), (130, 200)), None, "too short");
        assert_eq!(swipe_step((100, 100), (180, 400)), None, "a scroll");
    }
}
