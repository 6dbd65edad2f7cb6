//! A lesson page: the question, a prediction committed before running, the knobs (one column,
//! or A and B side by side), Run with a progress bar and Cancel (the runs go one at a time to
//! the engine worker, so the page never waits on the engine), the result tables, the plots,
//! the conclusion checked against the prediction, and sharing, export and presenter mode.
//!
//! Presenter mode shows one part at a time in large type: ArrowRight, Space or PageDown
//! reveal the next part, ArrowLeft or PageUp go back, Escape leaves.

use super::PoolMapView;
use crate::hooks::use_engine;
use crate::lessons::{export, internals, markdown, plot, qr, route};
use crate::protocol::Response;
use gloo::events::EventListener;
use std::rc::Rc;
use tunelab_core::lab::experiment::{Experiment, Outcome, Setting};
use tunelab_core::lab::lesson::{KnobValues, Lesson, Table, Verdict};
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LessonPageProps {
    pub lesson: Rc<Lesson>,
    pub knobs: KnobValues,
    #[prop_or_default]
    pub b: Option<KnobValues>,
}

/// What the runner is doing.
#[derive(Clone, Debug, PartialEq)]
pub enum RunPhase {
    Idle,
    Running { done: u32, total: u32 },
    Done,
    Cancelled,
    Failed(String),
}

/// The page's state.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonState {
    pub knobs: KnobValues,
    pub b: Option<KnobValues>,
    pub choice: Option<String>,
    pub committed: bool,
    pub phase: RunPhase,
    /// The experiments being run: (configuration index, label, experiment).
    pub jobs: Rc<Vec<(u8, String, Experiment)>>,
    /// Outcomes per configuration (A, B), in run order.
    pub outcomes: [Vec<(String, Outcome)>; 2],
    /// The knobs the outcomes were run with.
    pub ran_with: [KnobValues; 2],
    pub presenter: bool,
    pub reveal: u32,
}

pub enum LessonAction {
    Knob { config: u8, id: String, value: Setting },
    ToggleB(bool),
    Choose(String),
    Commit,
    Start(Rc<Vec<(u8, String, Experiment)>>),
    Ran { run: u32, outcome: Box<Outcome> },
    Failed(String),
    Cancel,
    Presenter(bool),
    Reveal(i32),
}

/// The number of parts presenter mode reveals one by one.
const PARTS: u32 = 6;

impl Reducible for LessonState {
    type Action = LessonAction;
    fn reduce(self: Rc<Self>, action: LessonAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            LessonAction::Knob { config, id, value } => {
                let target = if config == 0 { Some(&mut s.knobs) } else { s.b.as_mut() };
                if let Some(k) = target {
                    k.insert(id, value);
                }
            }
            LessonAction::ToggleB(on) => s.b = on.then(|| s.knobs.clone()),
            LessonAction::Choose(c) => {
                if !s.committed {
                    s.choice = Some(c)
                }
            }
            LessonAction::Commit => s.committed = s.choice.is_some(),
            LessonAction::Start(jobs) => {
                s.phase = RunPhase::Running { done: 0, total: jobs.len() as u32 };
                s.jobs = jobs;
                s.outcomes = [Vec::new(), Vec::new()];
                s.ran_with = [s.knobs.clone(), s.b.clone().unwrap_or_default()];
            }
            LessonAction::Ran { run, outcome } => {
                if let RunPhase::Running { done, total } = s.phase {
                    if run == done {
                        if let Some((config, label, _)) = s.jobs.get(run as usize) {
                            s.outcomes[*config as usize].push((label.clone(), *outcome));
                        }
                        s.phase = if done + 1 >= total {
                            RunPhase::Done
                        } else {
                            RunPhase::Running { done: done + 1, total }
                        };
                    }
                }
            }
            LessonAction::Failed(m) => s.phase = RunPhase::Failed(m),
            LessonAction::Cancel => s.phase = RunPhase::Cancelled,
            LessonAction::Presenter(on) => {
                s.presenter = on;
                s.reveal = 0;
            }
            LessonAction::Reveal(d) => {
                s.reveal = (s.reveal as i32 + d).clamp(0, PARTS as i32 - 1) as u32;
            }
        }
        Rc::new(s)
    }
}

fn parse_setting(text: &str) -> Setting {
    let t = text.trim();
    t.parse::<i64>()
        .map(Setting::Int)
        .or_else(|_| t.parse::<f64>().map(Setting::Float))
        .unwrap_or_else(|_| Setting::Text(t.to_string()))
}

fn dark_theme() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}

#[function_component(LessonPage)]
pub fn lesson_page(props: &LessonPageProps) -> Html {
    let lesson = props.lesson.clone();
    let state = {
        let knobs = props.knobs.clone();
        let b = props.b.clone();
        use_reducer(move || LessonState {
            knobs,
            b,
            choice: None,
            committed: false,
            phase: RunPhase::Idle,
            jobs: Rc::new(Vec::new()),
            outcomes: [Vec::new(), Vec::new()],
            ran_with: [KnobValues::new(), KnobValues::new()],
            presenter: false,
            reveal: 0,
        })
    };
    let share_status = use_state(String::new);
    let show_qr = use_state(|| false);
    let qr_ref = use_node_ref();

    let on_response = {
        let dispatcher = state.dispatcher();
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
    // Presenter mode's keys, and its class on <body> for the large type.
    {
        let dispatcher = state.dispatcher();
        use_effect_with(state.presenter, move |on| {
            let body = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body());
            if let Some(body) = &body {
                let _ = body.class_list().toggle_with_force("presenting", *on);
            }
            let listener = on.then(|| {
                let document = web_sys::window().and_then(|w| w.document()).expect("a document");
                EventListener::new(&document, "keydown", move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else { return };
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

    let link = route::lesson_fragment(&lesson, &state.knobs, state.b.as_ref());
    let full_link = {
        let base = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .map(|h| h.split('#').next().unwrap_or("").to_string())
            .unwrap_or_default();
        format!("{base}#{link}")
    };
    // The QR code is built with DOM calls into its own element.
    {
        let qr_ref = qr_ref.clone();
        use_effect_with((*show_qr, full_link.clone()), move |(show, url)| {
            if let Some(holder) = qr_ref.cast::<web_sys::Element>() {
                holder.set_text_content(None);
                if *show {
                    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
                        if let Some(svg) = qr::svg(&document, url) {
                            let _ = holder.append_child(&svg);
                        }
                    }
                }
            }
        });
    }

    let on_run = {
        let dispatcher = state.dispatcher();
        let engine = engine.clone();
        let lesson = lesson.clone();
        let knobs = state.knobs.clone();
        let b = state.b.clone();
        Callback::from(move |_: MouseEvent| {
            let mut jobs = Vec::new();
            for (config, k) in [Some(&knobs), b.as_ref()].into_iter().enumerate() {
                let Some(k) = k else { continue };
                match lesson.experiments(k) {
                    Ok(list) => jobs.extend(list.into_iter().map(|(l, e)| (config as u8, l, e))),
                    Err(m) => return dispatcher.dispatch(LessonAction::Failed(m)),
                }
            }
            engine.begin();
            dispatcher.dispatch(LessonAction::Start(Rc::new(jobs)));
        })
    };
    let on_cancel = {
        let dispatcher = state.dispatcher();
        let engine = engine.clone();
        Callback::from(move |_: MouseEvent| {
            engine.cancel();
            dispatcher.dispatch(LessonAction::Cancel);
        })
    };
    let on_copy = {
        let full_link = full_link.clone();
        let share_status = share_status.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(window) = web_sys::window() {
                if let Ok(history) = window.history() {
                    let hash = format!("#{}", full_link.split_once('#').map_or("", |x| x.1));
                    let _ = history.replace_state_with_url(
                        &wasm_bindgen::JsValue::NULL,
                        "",
                        Some(&hash),
                    );
                }
                let promise = window.navigator().clipboard().write_text(&full_link);
                let share_status = share_status.clone();
                share_status.set("Copying…".into());
                yew::platform::spawn_local(async move {
                    let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
                    share_status
                        .set(if ok { "Copied." } else { "Copy the link from the field." }.into());
                });
            }
        })
    };

    let running = matches!(state.phase, RunPhase::Running { .. });
    let has_b = state.b.is_some();
    let tables: [Vec<Table>; 2] = [0, 1].map(|c| {
        if state.outcomes[c].is_empty() {
            Vec::new()
        } else {
            lesson.tables(&state.ran_with[c], &state.outcomes[c])
        }
    });
    let done = state.phase == RunPhase::Done;
    let verdict = done.then(|| lesson.verdict(&tables[0], state.choice.as_deref()));
    let part = |i: u32| -> Classes {
        if state.presenter && i != state.reveal {
            classes!("lesson-part", "part-hidden")
        } else {
            classes!("lesson-part")
        }
    };
    let pinned: Vec<String> = if lesson.runs.is_empty() {
        Vec::new()
    } else {
        lesson
            .knobs
            .iter()
            .filter(|k| lesson.runs.iter().all(|r| r.set.contains_key(&k.id)))
            .map(|k| k.id.clone())
            .collect()
    };

    let knob_inputs = |config: u8, values: &KnobValues| -> Html {
        let suffix = if config == 0 { "a" } else { "b" };
        html! { <>{ for lesson.knobs.iter().filter(|k| !pinned.contains(&k.id)).map(|k| {
            let id = format!("knob-{}-{}", k.id, suffix);
            let value = values.get(&k.id).map(|v| v.as_option_text()).unwrap_or_default();
            let dispatcher = state.dispatcher();
            let kid = k.id.clone();
            let label = if k.unit.is_empty() { k.label.clone() } else { format!("{} ({})", k.label, k.unit) };
            let control = if k.choices.is_empty() {
                let onchange = Callback::from(move |e: Event| {
                    if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                        dispatcher.dispatch(LessonAction::Knob { config, id: kid.clone(), value: parse_setting(&input.value()) });
                    }
                });
                html! { <input id={id.clone()} type="number" value={value}
                    min={k.min.map(|m| m.to_string())} max={k.max.map(|m| m.to_string())}
                    disabled={running} {onchange} /> }
            } else {
                let onchange = Callback::from(move |e: Event| {
                    if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                        dispatcher.dispatch(LessonAction::Knob { config, id: kid.clone(), value: parse_setting(&select.value()) });
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
                    if !k.help.is_empty() { <span class="knob-help">{ k.help.clone() }</span> }
                </div>
            }
        }) }</> }
    };

    let prediction = lesson.prediction.clone();
    let (progress_done, progress_total) = match state.phase {
        RunPhase::Running { done, total } => (done, total),
        _ => (0, 1),
    };
    let configs: Vec<(&str, usize)> =
        if has_b && !tables[1].is_empty() { vec![("A", 0), ("B", 1)] } else { vec![("", 0)] };

    html! {
        <main class={classes!("lesson-page", state.presenter.then_some("presenter"))} id="lesson" data-lesson={lesson.id.clone()}>
            <header class="lesson-head">
                <p class="lesson-section"><a href="#lessons">{ "Lessons" }</a>{ format!(" · § {}", lesson.section) }</p>
                <h2 class="page-title">{ lesson.title.clone() }</h2>
                <div class="lesson-tools">
                    <button type="button" class="button button-quiet" id="presenter-button"
                        aria-pressed={state.presenter.to_string()}
                        onclick={ let d = state.dispatcher(); let on = !state.presenter; Callback::from(move |_| d.dispatch(LessonAction::Presenter(on))) }>
                        { if state.presenter { "Leave presenter mode (Esc)" } else { "Presenter mode" } }
                    </button>
                    if state.presenter {
                        <span class="presenter-hint" aria-live="polite">{ format!("Part {} of {PARTS} · → next · ← back · Esc leaves", state.reveal + 1) }</span>
                    }
                </div>
            </header>

            <section class={part(0)} aria-labelledby="question-title">
                <div class="prose">{ markdown::render(&lesson.intro) }</div>
                <h3 id="question-title">{ "The question" }</h3>
                <p class="question" id="question">{ lesson.question.clone() }</p>
            </section>

            if let Some(p) = prediction {
                <section class={classes!(part(1), "card", "prediction")} aria-labelledby="prediction-title">
                    <h3 id="prediction-title">{ "Your prediction" }</h3>
                    <fieldset disabled={state.committed}>
                        <legend>{ p.prompt.clone() }</legend>
                        { for p.choices.iter().map(|c| {
                            let d = state.dispatcher();
                            let cid = c.id.clone();
                            html! {
                                <label class="choice">
                                    <input type="radio" name="prediction" value={c.id.clone()}
                                        checked={state.choice.as_deref() == Some(c.id.as_str())}
                                        onchange={Callback::from(move |_| d.dispatch(LessonAction::Choose(cid.clone())))} />
                                    <span>{ c.text.clone() }</span>
                                </label>
                            }
                        }) }
                    </fieldset>
                    if state.committed {
                        <p class="committed" id="committed">{ "Prediction committed. Now run the experiment." }</p>
                    } else {
                        <button type="button" class="button" id="commit-button" disabled={state.choice.is_none()}
                            onclick={ let d = state.dispatcher(); Callback::from(move |_| d.dispatch(LessonAction::Commit)) }>
                            { "Commit my prediction" }
                        </button>
                    }
                </section>
            }

            <section class={classes!(part(2), "card", "knobs")} aria-labelledby="knobs-title">
                <h3 id="knobs-title">{ "Knobs" }</h3>
                <label class="ab-toggle">
                    <input type="checkbox" id="ab-toggle" checked={has_b} disabled={running}
                        onchange={ let d = state.dispatcher(); Callback::from(move |e: Event| {
                            if let Some(i) = e.target_dyn_into::<HtmlInputElement>() { d.dispatch(LessonAction::ToggleB(i.checked())) }
                        }) } />
                    { " Compare two configurations (A/B)" }
                </label>
                <div class={classes!("knob-columns", has_b.then_some("ab"))}>
                    <div class="knob-column" role="group" aria-label={ if has_b { "Configuration A" } else { "Configuration" } }>
                        if has_b { <h4>{ "A" }</h4> }
                        { knob_inputs(0, &state.knobs) }
                    </div>
                    if let Some(b) = &state.b {
                        <div class="knob-column" role="group" aria-label="Configuration B">
                            <h4>{ "B" }</h4>
                            { knob_inputs(1, b) }
                        </div>
                    }
                </div>
                if !pinned.is_empty() {
                    <p class="knob-help">{ format!("Each run sets its own {}: one run per row of the results.", pinned_names(&lesson, &pinned)) }</p>
                }
                <div class="run-bar">
                    <button type="button" class="button" id="run-button" onclick={on_run}
                        disabled={running || (lesson.prediction.is_some() && !state.committed)}>
                        { if has_b { "Run A and B" } else { "Run the experiment" } }
                    </button>
                    if running {
                        <button type="button" class="button button-quiet" id="cancel-button" onclick={on_cancel}>{ "Cancel" }</button>
                    }
                    if lesson.prediction.is_some() && !state.committed {
                        <span class="knob-help">{ "Commit a prediction first." }</span>
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

            <section class={classes!(part(3), "results")} aria-labelledby="results-title" aria-live="polite">
                <h3 id="results-title">{ "Results" }</h3>
                if !done {
                    <p class="knob-help">{ "Run the experiment to see its figures. Every number here comes from the simulated server." }</p>
                } else {
                    { for lesson.tables.iter().enumerate().map(|(i, spec)| html! {
                        <div class="result-block">
                            { for configs.iter().map(|(name, c)| {
                                let t = tables[*c].get(i).cloned().unwrap_or_default();
                                result_table(&t, name)
                            }) }
                        </div>
                    }.with_key_none(spec)) }
                    if has_b && !tables[1].is_empty() {
                        { differences(&state.outcomes) }
                    }
                }
            </section>

            <section class={classes!(part(4), "plots")} aria-labelledby="plots-title">
                <h3 id="plots-title">{ "Plots" }</h3>
                if done {
                    { for lesson.plots.iter().map(|spec| {
                        let picked: Vec<(&str, &Table)> = configs.iter().filter_map(|(name, c)| {
                            let i = lesson.tables.iter().position(|t| t.id == spec.table)?;
                            tables[*c].get(i).map(|t| (*name, t))
                        }).collect();
                        match plot::data(spec, &picked) {
                            Ok(data) => html! { <PlotCanvas id={spec.id.clone()} data={Rc::new(data)} /> },
                            Err(why) => html! {
                                <div class="plot-waiting" data-plot={spec.id.clone()}>
                                    <h4>{ spec.title.clone() }</h4>
                                    <p class="notice">{ markdown::inline(&why) }</p>
                                </div>
                            },
                        }
                    }) }
                }
                // The engine's internals belong with the plots: presenter mode shows them in
                // the same part.
                if done && !lesson.internals.is_empty() {
                    <section class="internals" aria-labelledby="internals-title">
                        <h3 id="internals-title">{ "Inside the engine" }</h3>
                        { for lesson.internals.iter().map(|view| {
                            let (drawing, note) = match view.as_str() {
                                "lru" => {
                                    let (maps, note) = internals::pool_maps(&state.outcomes[0]);
                                    (html! { <PoolMapView maps={Rc::new(maps)} /> }, note)
                                }
                                _ => {
                                    let (data, note) = internals::fsync(&state.outcomes[0]);
                                    let drawing = data.map_or(html! {}, |data| html! {
                                        <PlotCanvas id={format!("internals-{view}")} data={Rc::new(data)} />
                                    });
                                    (drawing, note)
                                }
                            };
                            html! {
                                <div class="internals-view" data-internals={view.clone()}>
                                    <p class="knob-help">{ markdown::inline(&note) }</p>
                                    { drawing }
                                </div>
                            }
                        }) }
                    </section>
                }
            </section>

            <section class={classes!(part(5), "conclusion", "card")} aria-labelledby="conclusion-title">
                <h3 id="conclusion-title">{ "What to conclude" }</h3>
                if let Some(v) = &verdict {
                    { verdict_line(v, &lesson, state.choice.as_deref()) }
                    <div class="prose">{ markdown::render(&lesson.explain) }</div>
                } else {
                    <p class="knob-help">{ "The conclusion appears after the run, checked against your prediction." }</p>
                }
            </section>

            <section class="card share" aria-labelledby="share-title">
                <h3 id="share-title">{ "Share this lesson" }</h3>
                <label for="lesson-link">{ "Link to this lesson with these knob values" }</label>
                <input id="lesson-link" type="text" readonly=true value={full_link.clone()} />
                <div class="run-bar">
                    <button type="button" class="button" id="copy-link" onclick={on_copy}>{ "Copy link" }</button>
                    <button type="button" class="button button-quiet" id="qr-button" aria-expanded={show_qr.to_string()}
                        onclick={ let s = show_qr.clone(); Callback::from(move |_| s.set(!*s)) }>
                        { if *show_qr { "Hide QR code" } else { "Show QR code" } }
                    </button>
                    <span role="status">{ (*share_status).clone() }</span>
                </div>
                <div class="qr-holder" ref={qr_ref}></div>
            </section>
        </main>
    }
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

trait WithKeyNone {
    fn with_key_none<T>(self, _: T) -> Html;
}
impl WithKeyNone for Html {
    fn with_key_none<T>(self, _: T) -> Html {
        self
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
            html! { <p class="verdict verdict-right" id="verdict" data-verdict="right">{ "Your prediction holds: " }{ text_of(&answer) }</p> }
        }
        Verdict::Wrong => {
            html! { <p class="verdict verdict-wrong" id="verdict" data-verdict="wrong">
                { format!("The figures contradict your prediction ({}). ", text_of(choice.unwrap_or(""))) }
                { "They show: " }{ text_of(&answer) }
            </p> }
        }
        Verdict::Unconfirmed => {
            html! { <p class="verdict verdict-open" id="verdict" data-verdict="unconfirmed">
                { "This engine build does not yet produce the figures that decide the question, so no verdict is claimed. Read the figures above for what it does show." }
            </p> }
        }
    }
}

fn result_table(t: &Table, config: &str) -> Html {
    let title = if config.is_empty() { t.title.clone() } else { format!("{} ({config})", t.title) };
    let table_id = format!(
        "table-{}{}",
        t.id,
        if config.is_empty() { String::new() } else { format!("-{}", config.to_lowercase()) }
    );
    let name =
        format!("{}{}", t.id, if config.is_empty() { String::new() } else { format!("-{config}") });
    let t2 = t.clone();
    let n = name.clone();
    let csv = Callback::from(move |_: MouseEvent| {
        export::download_text(&format!("{n}.csv"), "text/csv", &export::csv(&t2))
    });
    let t2 = t.clone();
    let n = name.clone();
    let json = Callback::from(move |_: MouseEvent| {
        export::download_text(&format!("{n}.json"), "application/json", &export::json(&t2))
    });
    let t2 = t.clone();
    let md = Callback::from(move |_: MouseEvent| {
        export::download_text(&format!("{name}.md"), "text/markdown", &export::markdown(&t2))
    });
    html! {
        <figure class="result-table" id={table_id.clone()} data-table={t.id.clone()}>
            <figcaption>{ title }</figcaption>
            if let Some(why) = &t.awaiting {
                <p class="notice" data-awaiting="true">{ markdown::inline(why) }</p>
            } else {
                <div class="table-scroll" tabindex="0" role="region" aria-label={t.title.clone()}>
                    <table class="mysql">
                        <thead><tr>{ for t.columns.iter().map(|c| html! { <th scope="col">{ c.clone() }</th> }) }</tr></thead>
                        <tbody>{ for t.rows.iter().map(|r| html! {
                            <tr>{ for r.iter().map(|c| {
                                let numeric = tunelab_core::lab::lesson::number(c).is_some();
                                html! { <td class={numeric.then_some("num")}>{ c.clone() }</td> }
                            }) }</tr>
                        }) }</tbody>
                    </table>
                </div>
                <div class="export" role="group" aria-label={format!("Export {}", t.title)}>
                    <button type="button" class="button button-small" onclick={csv}>{ "CSV" }</button>
                    <button type="button" class="button button-small" onclick={json}>{ "JSON" }</button>
                    <button type="button" class="button button-small" onclick={md}>{ "Markdown" }</button>
                </div>
            }
        </figure>
    }
}

/// The A/B comparison: per run, elapsed time and the counters that differ most.
fn differences(outcomes: &[Vec<(String, Outcome)>; 2]) -> Html {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for ((label, a), (_, b)) in outcomes[0].iter().zip(&outcomes[1]) {
        let mut diffs: Vec<(String, i64, i64)> = vec![(
            "elapsed (ms)".into(),
            (a.metrics.elapsed_ns / 1_000_000) as i64,
            (b.metrics.elapsed_ns / 1_000_000) as i64,
        )];
        let names: std::collections::BTreeSet<&String> =
            a.metrics.counters.keys().chain(b.metrics.counters.keys()).collect();
        let mut counters: Vec<(String, i64, i64)> = names
            .into_iter()
            .map(|n| {
                let va = a.metrics.counters.get(n).copied().unwrap_or(0);
                let vb = b.metrics.counters.get(n).copied().unwrap_or(0);
                (n.clone(), va, vb)
            })
            .filter(|(_, va, vb)| va != vb)
            .collect();
        counters
            .sort_by_key(|(n, va, vb)| (std::cmp::Reverse((vb - va).unsigned_abs()), n.clone()));
        diffs.extend(counters.into_iter().take(5));
        for (n, va, vb) in diffs {
            rows.push(vec![
                label.clone(),
                n,
                va.to_string(),
                vb.to_string(),
                format!("{:+}", vb - va),
            ]);
        }
    }
    let t = Table {
        id: "ab".into(),
        title: "Differences, B − A (elapsed time and the counters that differ most)".into(),
        columns: vec!["Run".into(), "Counter".into(), "A".into(), "B".into(), "B − A".into()],
        rows,
        awaiting: None,
    };
    result_table(&t, "")
}

#[derive(Properties, PartialEq)]
pub struct PlotCanvasProps {
    pub id: String,
    pub data: Rc<plot::PlotData>,
}

/// One plot: a canvas drawn after render, and a PNG export.
#[function_component(PlotCanvas)]
pub fn plot_canvas(props: &PlotCanvasProps) -> Html {
    let canvas = use_node_ref();
    let error = use_state(|| None::<String>);
    {
        let canvas = canvas.clone();
        let error = error.clone();
        use_effect_with(props.data.clone(), move |data| {
            // Each plot draws in a task of its own, after the tables have rendered, so no
            // single main-thread task grows long.
            let data = data.clone();
            let timer = gloo::timers::callback::Timeout::new(0, move || {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                    match plot::draw(c.clone(), &data, dark_theme()) {
                        Ok(()) => {
                            let _ = c.set_attribute("data-drawn", "true");
                        }
                        Err(e) => error.set(Some(e)),
                    }
                }
            });
            move || drop(timer)
        });
    }
    let png = {
        let canvas = canvas.clone();
        let id = props.id.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                export::download_png(&format!("{id}.png"), &c);
            }
        })
    };
    let summary = props.data.summary();
    html! {
        <figure class="plot" data-plot={props.id.clone()}>
            <canvas ref={canvas} width="720" height="400" role="img"
                aria-label={format!("{}. {}", props.data.title, summary)}></canvas>
            if let Some(e) = &*error { <p class="notice">{ format!("The plot could not be drawn: {e}") }</p> }
            <div class="export">
                <button type="button" class="button button-small" onclick={png}>{ "PNG" }</button>
            </div>
        </figure>
    }
}
