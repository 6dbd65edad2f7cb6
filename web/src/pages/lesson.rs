//! A lesson page: the question, a prediction committed before running, the knobs (one column,
//! or A and B side by side), Run with a progress bar and Cancel (the runs go one at a time to
//! the engine worker, so the page never waits on the engine), the result tables, the plots,
//! the conclusion checked against the prediction, and sharing, export and presenter mode.
//!
//! This file holds the page's state and effects; each part of the page is drawn by its own
//! module, in the page's order: [`prediction`], [`knobs`], [`results`] (with [`ab`] for the
//! comparison), [`plots`] (with [`internals`]), [`conclusion`] and [`share`]. [`presenter`]
//! shows the parts one at a time.

mod ab;
mod conclusion;
mod internals;
mod knobs;
mod plots;
mod prediction;
mod presenter;
mod results;
mod share;
mod state;

use crate::hooks::use_engine;
use crate::lessons::markdown;
use crate::protocol::Response;
use crate::route;
use crate::saved;
use share::LessonShare;
use state::{Job, LessonAction, LessonState, RunPhase};
use std::rc::Rc;
use tunelab_core::lab::lesson::{KnobValues, Lesson, Table};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LessonPageProps {
    pub lesson: Rc<Lesson>,
    pub knobs: KnobValues,
    #[prop_or_default]
    pub b: Option<KnobValues>,
    /// Which of the link's knob values were dropped for their defaults, if any.
    #[prop_or_default]
    pub notice: Option<AttrValue>,
}

#[function_component(LessonPage)]
pub fn lesson_page(props: &LessonPageProps) -> Html {
    let lesson = props.lesson.clone();
    // The learner's saved prediction and knob values come back (a link's own knob values
    // win over the saved ones); an entry that cannot be read is dropped with a notice.
    let restored_notice = use_state(|| None::<String>);
    let state = {
        let knobs = props.knobs.clone();
        let b = props.b.clone();
        let lesson = lesson.clone();
        let from_link = props.knobs != lesson.default_knobs() || props.b.is_some();
        let restored_notice = restored_notice.clone();
        use_reducer(move || {
            let mut state = LessonState::new(knobs, b);
            match saved::load_lesson(&lesson) {
                Some(Ok(entry)) => {
                    state.choice = entry.choice;
                    state.committed = entry.committed && state.choice.is_some();
                    if !from_link {
                        state.knobs = entry.knobs;
                        state.b = entry.b;
                    }
                }
                Some(Err(reason)) => restored_notice.set(Some(format!(
                    "Your saved work on this lesson could not be restored ({reason}), so it was discarded."
                ))),
                None => {}
            }
            state
        })
    };
    {
        let id = lesson.id.clone();
        let entry = saved::LessonEntry {
            choice: state.choice.clone(),
            committed: state.committed,
            knobs: state.knobs.clone(),
            b: state.b.clone(),
        };
        use_effect_with(entry, move |entry| saved::save_lesson(&id, entry));
    }
    let dispatcher = state.dispatcher();

    let on_response = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |response: Response| match response {
            Response::Ran { run, outcome, .. } => {
                dispatcher.dispatch(LessonAction::Ran { run, outcome })
            }
            Response::Error { message, .. } => dispatcher.dispatch(LessonAction::Failed(message)),
            _ => {}
        })
    };
    let engine = use_engine(on_response);

    // Send the next run whenever one has finished.
    {
        let engine = engine.clone();
        let jobs = state.jobs.clone();
        use_effect_with(state.phase.clone(), move |phase| {
            if let RunPhase::Running { done, .. } = phase {
                if let Some((_, _, experiment)) = jobs.get(*done as usize) {
                    engine.run(*done, experiment.clone());
                }
            }
        });
    }
    // Tell tests and assistive technology when the lesson is running.
    use_effect_with(state.phase.clone(), |phase| {
        if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) {
            let busy = matches!(phase, RunPhase::Running { .. });
            let _ = body.set_attribute("data-lesson-busy", if busy { "true" } else { "false" });
            let _ = body.set_attribute("data-ready", "true");
        }
    });
    // The focus follows the learner's step, so it never drops to <body> when the button
    // pressed disappears or is disabled: the committed note, Cancel while running, the
    // verdict when done.
    use_effect_with((state.committed, state.phase.clone()), |(committed, phase)| {
        let id = match phase {
            RunPhase::Running { done: 0, .. } => Some("cancel-button"),
            RunPhase::Done => Some("verdict"),
            RunPhase::Idle if *committed => Some("committed"),
            _ => None,
        };
        focus_by_id(id);
    });
    presenter::use_presenter_keys(state.presenter, state.reveal, dispatcher.clone());

    let on_run = {
        let dispatcher = dispatcher.clone();
        let engine = engine.clone();
        let lesson = lesson.clone();
        let knobs = state.knobs.clone();
        let b = state.b.clone();
        Callback::from(move |_: MouseEvent| match jobs(&lesson, &knobs, b.as_ref()) {
            Ok(jobs) => {
                engine.begin();
                dispatcher.dispatch(LessonAction::Start(Rc::new(jobs)));
            }
            Err(m) => dispatcher.dispatch(LessonAction::Failed(m)),
        })
    };
    let on_cancel = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_: MouseEvent| {
            engine.cancel();
            dispatcher.dispatch(LessonAction::Cancel);
        })
    };

    let tables: [Vec<Table>; 2] = [0, 1].map(|c| {
        if state.outcomes[c].is_empty() {
            Vec::new()
        } else {
            lesson.tables(&state.ran_with[c], &state.outcomes[c])
        }
    });
    let done = state.phase == RunPhase::Done;
    let verdict = done.then(|| lesson.verdict(&tables[0], state.choice.as_deref()));
    let fragment = route::lesson_fragment(&lesson, &state.knobs, state.b.as_ref());
    // A link whose values were dropped is replaced in the address bar by one that holds
    // only what the page uses, so a reload or a copy does not carry the bad values on.
    {
        let fragment = fragment.clone();
        use_effect_with(props.notice.is_some(), move |dropped| {
            if *dropped {
                route::replace_url(&format!("#{fragment}"));
            }
        });
    }

    html! {
        <main class={classes!("lesson-page", state.presenter.then_some("presenter"))} id="lesson" data-lesson={lesson.id.clone()}>
            <header class="lesson-head">
                <p class="lesson-section"><a href="#lessons">{ "Lessons" }</a>{ format!(" · § {}", lesson.section) }</p>
                <h1 class="page-title">{ lesson.title.clone() }</h1>
                { presenter::tools(&state, &dispatcher) }
                if let Some(notice) = &props.notice {
                    <p class="notice notice-error" id="link-notice" role="alert">{ notice.clone() }</p>
                }
                if let Some(notice) = &*restored_notice {
                    <p class="notice notice-error" id="saved-notice" role="alert">{ notice.clone() }</p>
                }
            </header>

            <section class={presenter::part_classes(&state, presenter::QUESTION)} tabindex="-1" aria-labelledby="question-title">
                <div class="prose">{ markdown::render(&lesson.intro) }</div>
                <h2 id="question-title">{ "The question" }</h2>
                <p class="question" id="question">{ lesson.question.clone() }</p>
            </section>

            { prediction::view(&lesson, &state, &dispatcher) }
            { knobs::view(&lesson, &state, &dispatcher, on_run, on_cancel) }
            { results::view(&lesson, &state, &tables, done) }
            { plots::view(&lesson, &state, &tables, done) }
            { conclusion::view(&lesson, &state, verdict.as_ref(), &tables[0]) }
            <LessonShare fragment={AttrValue::from(fragment)} />
        </main>
    }
}

/// Focuses the element with `id`, if there is one and no field has the focus.
fn focus_by_id(id: Option<&str>) {
    use wasm_bindgen::JsCast;
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let busy_field = document
        .active_element()
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
    let target = id
        .and_then(|id| document.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let (Some(target), false) = (target, busy_field) {
        let _ = target.focus();
    }
}

/// The runs for the knobs on the page: each of the lesson's experiments for A, then for B
/// when there is a B. The first set of knobs the lesson rejects stops it, with its reason.
fn jobs(lesson: &Lesson, knobs: &KnobValues, b: Option<&KnobValues>) -> Result<Vec<Job>, String> {
    let mut jobs = Vec::new();
    for (config, k) in [Some(knobs), b].into_iter().enumerate() {
        let Some(k) = k else { continue };
        let list = lesson.experiments(k)?;
        jobs.extend(list.into_iter().map(|(l, e)| (config as u8, l, e)));
    }
    Ok(jobs)
}
