//! The whole page: header, message banner, the console (transcript, prompt and input), the
//! settings, sharing and examples side panels, and the footer. It owns the state (one
//! reducer) and every effect: the engine worker, the URL fragment and the clipboard. The
//! body's `data-ready` says when the server is up and the console takes input.

use super::{
    ConsoleInput, Examples, MessageBanner, ProfileChoice, SettingsPanel, SharePanel, SiteFooter,
    Transcript,
};
use crate::hooks::use_engine;
use crate::protocol::Response;
use crate::share;
use crate::state::{Action, ConsoleState, Notice, Phase};
use gloo::events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
use tunelab_core::lab::experiment::Experiment;
use tunelab_core::sim;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use web_sys::HtmlElement;
use yew::prelude::*;

/// Starts the console: the experiment to run and the banner to show.
type StartRequest = (Experiment, Option<Notice>);

#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(ConsoleState::default);
    let profiles = use_memo((), |_| {
        sim::profiles()
            .into_iter()
            .map(|p| ProfileChoice { name: p.name, description: p.description })
            .collect::<Vec<_>>()
    });
    let draft = use_state(String::new);
    let share_status = use_state(String::new);
    let input_ref = use_node_ref();
    // The fragment the page itself put in the URL last, so its own change is not reopened.
    let own_hash: Rc<RefCell<String>> = use_mut_ref(String::new);

    let on_response = {
        let dispatcher = state.dispatcher();
        Callback::from(move |response: Response| match response {
            Response::Ready | Response::Ran { .. } => {}
            Response::Started { transcript, prompt, .. } => {
                dispatcher.dispatch(Action::Started { transcript, prompt })
            }
            Response::Output { text, prompt, quit, .. } => {
                dispatcher.dispatch(Action::Output { text, prompt, quit })
            }
            Response::Error { message, .. } => dispatcher.dispatch(Action::Failed(message)),
        })
    };
    let engine = use_engine(on_response);

    let start = {
        let dispatcher = state.dispatcher();
        let engine = engine.clone();
        let share_status = share_status.setter();
        Callback::from(move |(experiment, notice): StartRequest| {
            dispatcher.dispatch(Action::Start { experiment: experiment.clone(), notice });
            share_status.set(String::new());
            engine.start(experiment);
        })
    };

    // Open the link in the URL (or a default console) once, and follow later hash changes.
    {
        let start = start.clone();
        let own_hash = own_hash.clone();
        use_effect_with((), move |_| {
            open_location(&start, &own_hash);
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "hashchange", move |_| {
                    // Only a new share link restarts the console; in-page anchors do not.
                    let hash = current_hash();
                    if hash != *own_hash.borrow() && share::read_hash(&hash).is_some() {
                        open_location(&start, &own_hash);
                    }
                })
            });
            move || drop(listener)
        });
    }

    // Tell tests and assistive technology what the console is doing.
    use_effect_with(state.phase, |phase| {
        if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) {
            let ready = matches!(phase, Phase::Idle | Phase::Running);
            let busy = matches!(phase, Phase::Starting | Phase::Running);
            let _ = body.set_attribute("data-ready", if ready { "true" } else { "false" });
            let _ = body.set_attribute("data-busy", if busy { "true" } else { "false" });
        }
    });

    let focus_input = {
        let input_ref = input_ref.clone();
        move || {
            if let Some(input) = input_ref.cast::<HtmlElement>() {
                let _ = input.focus();
            }
        }
    };

    let on_submit = {
        let dispatcher = state.dispatcher();
        let engine = engine.clone();
        let draft = draft.clone();
        let accepts_input = state.accepts_input();
        Callback::from(move |text: String| {
            if !accepts_input {
                return;
            }
            dispatcher.dispatch(Action::Submit(text.clone()));
            engine.input(text);
            draft.set(String::new());
        })
    };
    let on_draft = {
        let draft = draft.clone();
        Callback::from(move |text: String| draft.set(text))
    };
    let restart = {
        let start = start.clone();
        let own_hash = own_hash.clone();
        let experiment = state.experiment.clone();
        let focus_input = focus_input.clone();
        move |change: &dyn Fn(&mut Experiment)| {
            let mut next = share::fresh(&experiment);
            change(&mut next);
            clear_hash(&own_hash);
            start.emit((next, None));
            focus_input();
        }
    };
    let on_reset = {
        let restart = restart.clone();
        Callback::from(move |_: MouseEvent| restart(&|_| {}))
    };
    let on_seed = {
        let restart = restart.clone();
        Callback::from(move |seed: u64| restart(&|e| e.seed = seed))
    };
    let on_profile = Callback::from(move |profile: String| {
        restart(&|e| e.profile = profile.clone());
    });
    let on_error = {
        let dispatcher = state.dispatcher();
        Callback::from(move |text: String| {
            dispatcher.dispatch(Action::Notify(Some(Notice::error(text))))
        })
    };
    let on_dismiss = {
        let dispatcher = state.dispatcher();
        Callback::from(move |_| dispatcher.dispatch(Action::Notify(None)))
    };
    let on_share = {
        let dispatcher = state.dispatcher();
        let experiment = state.experiment.clone();
        let own_hash = own_hash.clone();
        let share_status = share_status.clone();
        Callback::from(move |_| {
            let Some(window) = web_sys::window() else { return };
            let hash = format!("#{}", share::fragment(&experiment));
            *own_hash.borrow_mut() = hash.clone();
            // Replace rather than push, so Back leaves the page instead of wiping the console.
            if let Ok(history) = window.history() {
                let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&hash));
            }
            let url = window.location().href().unwrap_or(hash);
            dispatcher.dispatch(Action::Shared(url.clone()));
            copy_to_clipboard(url, share_status.clone());
        })
    };
    let on_skip = {
        let focus_input = focus_input.clone();
        Callback::from(move |e: MouseEvent| {
            // Focus without touching the URL's fragment, which holds share links.
            e.prevent_default();
            focus_input();
        })
    };
    let on_example = {
        let draft = draft.clone();
        Callback::from(move |sql: String| {
            draft.set(sql);
            focus_input();
        })
    };

    // mysqld died (the OOM killer, kill -9, a power loss) or was stopped: the client's last
    // answer says it cannot reach the server, so offer what a DBA would type next.
    let server_down = state.transcript.last().is_some_and(|chunk| {
        chunk.contains("ERROR 2002 (HY000)") || chunk.contains("ERROR 2013 (HY000)")
    });
    let on_start_mysqld = {
        let on_submit = on_submit.clone();
        Callback::from(move |_: MouseEvent| on_submit.emit("\\! docker start mysql".to_string()))
    };

    let experiment = &state.experiment;
    let (status_class, status_text) = match state.phase {
        Phase::Starting => ("status status-busy", "Starting server…"),
        Phase::Idle => ("status status-ready", "Ready"),
        Phase::Running => ("status status-busy", "Running…"),
        Phase::Stopped => ("status status-stopped", "Stopped"),
    };
    html! {
        <div class="page">
            <a class="skip-link" href="#console-input" onclick={on_skip}>
                { "Skip to the console" }
            </a>
            <header class="masthead">
                <div class="brand">
                    <span class="brand-mark" aria-hidden="true"></span>
                    <h1 class="brand-name">{ "TuneLab" }</h1>
                    <span class="brand-tag">{ "MySQL tuning laboratory" }</span>
                </div>
                <p class="intro">
                    { "A simulated MySQL 9.7 server in your browser; try " }
                    <code>{ "SHOW VARIABLES LIKE 'innodb%';" }</code>
                    { " Read a counter, change one variable, read it again: the same seed gives the same numbers on every laptop." }
                </p>
            </header>
            <MessageBanner notice={state.notice.clone()} ondismiss={on_dismiss} />
            <main class="layout">
                <div class="main-column">
                <section class="console card" aria-labelledby="console-title">
                    <div class="console-head">
                        <h2 id="console-title" class="card-title">{ "Console" }</h2>
                        <span id="console-status" class={status_class} role="status">
                            <span class="status-dot" aria-hidden="true"></span>
                            { status_text }
                        </span>
                        <button id="reset-button" type="button" class="button button-quiet"
                            onclick={on_reset}
                            title="Start a fresh server with the same seed and profile">
                            { "Reset" }
                        </button>
                        if server_down {
                            <button id="start-mysqld-button" type="button" class="button"
                                onclick={on_start_mysqld}
                                title="mysqld is not running: start it again (\\! docker start mysql)">
                                { "Start mysqld" }
                            </button>
                        }
                    </div>
                    <Transcript chunks={state.transcript.clone()} busy={state.is_busy()} />
                    <ConsoleInput
                        value={AttrValue::from((*draft).clone())}
                        prompt={AttrValue::from(state.prompt.clone())}
                        accepts_input={state.accepts_input()}
                        busy={state.is_busy()}
                        history={state.history.clone()}
                        oninput={on_draft}
                        onsubmit={on_submit}
                        input_ref={input_ref}
                    />
                </section>
                <Examples onpick={on_example} />
                </div>
                <aside class="sidebar" aria-label="Session">
                    <SettingsPanel
                        seed={experiment.seed}
                        profile={AttrValue::from(experiment.profile.clone())}
                        profiles={profiles}
                        hardware={experiment.hardware.clone()}
                        variables={experiment.variables.clone()}
                        onseed={on_seed}
                        onprofile={on_profile}
                        onerror={on_error}
                    />
                    <SharePanel
                        link={AttrValue::from(state.share_link.clone())}
                        status={AttrValue::from((*share_status).clone())}
                        onshare={on_share}
                    />
                </aside>
            </main>
            <SiteFooter seed={experiment.seed} profile={AttrValue::from(experiment.profile.clone())} />
        </div>
    }
}

/// The page's `location.hash`, with its `#` (empty when there is none).
fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// Starts the console for the URL: the experiment in its fragment, or a default one (with the
/// reason in the banner when the fragment cannot be read; the bad fragment is removed).
fn open_location(start: &Callback<StartRequest>, own_hash: &Rc<RefCell<String>>) {
    let hash = current_hash();
    *own_hash.borrow_mut() = hash.clone();
    match share::read_hash(&hash) {
        None => start.emit((Experiment::default(), None)),
        Some(Ok(experiment)) => start.emit((experiment, None)),
        Some(Err(reason)) => {
            clear_hash(own_hash);
            start.emit((Experiment::default(), Some(Notice::error(reason))));
        }
    }
}

/// Removes the fragment from the URL without a new history entry or a `hashchange`.
fn clear_hash(own_hash: &Rc<RefCell<String>>) {
    own_hash.borrow_mut().clear();
    let Some(window) = web_sys::window() else { return };
    if current_hash().is_empty() {
        return;
    }
    let location = window.location();
    let url = format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Copies `url` to the clipboard where the browser allows it, and says what happened.
fn copy_to_clipboard(url: String, status: UseStateHandle<String>) {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else { return };
    // `navigator.clipboard` is missing outside secure contexts.
    let has_clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if !has_clipboard {
        status
            .set("This browser does not allow copying here; copy the link from the field.".into());
        return;
    }
    let promise = navigator.clipboard().write_text(&url);
    status.set("Copying…".into());
    yew::platform::spawn_local(async move {
        let text = match JsFuture::from(promise).await {
            Ok(_) => "Copied to the clipboard. The link is also in the field above.",
            Err(_) => "The browser refused the clipboard; copy the link from the field above.",
        };
        status.set(text.into());
    });
}
