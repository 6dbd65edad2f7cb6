//! The console page: header, message banner, the console (transcript, prompt and input), the
//! settings, sharing and examples side panels, and the footer. It owns the console's state
//! (one reducer) and every effect: the engine worker, the URL fragment and the clipboard. The
//! body's `data-ready` says when the server is up and the console takes input.

mod location;

use crate::clipboard::{self, Copied};
use crate::components::{
    ConsoleCard, Examples, MessageBanner, ProfileChoice, SettingsPanel, SharePanel, SiteFooter,
};
use crate::hooks::use_engine;
use crate::protocol::Response;
use crate::saved;
use crate::share;
use crate::state::{Action, Completion, ConsoleState, Notice, Phase};
use location::{clear_own_hash, share_session, use_open_location, OwnHash};
use tunelab_core::lab::experiment::Experiment;
use tunelab_core::sim;
use web_sys::HtmlElement;
use yew::prelude::*;

/// Starts the console: the experiment to run and the banner to show.
type StartRequest = (Experiment, Option<Notice>);

#[function_component(ConsolePage)]
pub fn console_page() -> Html {
    let state = use_reducer(ConsoleState::default);
    let profiles = use_memo((), |_| profile_choices());
    let draft = use_state(String::new);
    let share_status = use_state(String::new);
    let input_ref = use_node_ref();
    let own_hash: OwnHash = use_mut_ref(String::new);

    let engine = use_engine(answers(state.dispatcher()));

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
    use_open_location(start.clone(), own_hash.clone());
    // Every change of the session is saved at once, so Lessons and back, Back or a reload
    // restore it (by replaying it on a fresh server).
    {
        let own_hash = own_hash.clone();
        use_effect_with(state.experiment.clone(), move |experiment| {
            saved::save_console(experiment, &own_hash.borrow());
        });
    }
    use_body_flags(state.phase);

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
    // Ctrl+C while an input runs: the client's KILL QUERY. The session without that input
    // is replayed on a fresh server.
    let on_interrupt = {
        let dispatcher = state.dispatcher();
        let engine = engine.clone();
        let running = state.phase == Phase::Running;
        let mut remaining = state.experiment.clone();
        remaining.steps.pop();
        Callback::from(move |_: ()| {
            if running {
                dispatcher.dispatch(Action::Interrupt);
                engine.interrupt(remaining.clone());
            }
        })
    };
    // Tab: the worker completes the word from the live server; the input takes what all
    // candidates share, and an ambiguous word lists them under the input.
    let choices = use_state(Vec::<String>::new);
    let on_complete = {
        let engine = engine.clone();
        let accepts_input = state.accepts_input();
        Callback::from(move |(text, caret): (String, u32)| {
            if accepts_input {
                engine.complete(text, caret);
            }
        })
    };
    {
        let draft = draft.clone();
        let choices = choices.clone();
        use_effect_with(state.completion.clone(), move |completion| {
            if let Some(c) = completion {
                if c.text == *draft {
                    match c.applied() {
                        Some(text) => {
                            draft.set(text);
                            choices.set(Vec::new());
                        }
                        None => choices.set(c.candidates.clone()),
                    }
                }
            }
        });
    }
    let on_draft = {
        let draft = draft.clone();
        let choices = choices.clone();
        Callback::from(move |text: String| {
            draft.set(text);
            if !choices.is_empty() {
                choices.set(Vec::new());
            }
        })
    };
    // Reset, a new seed and a new profile all start a fresh server from the same settings.
    let restart = {
        let own_hash = own_hash.clone();
        let experiment = state.experiment.clone();
        let focus_input = focus_input.clone();
        move |change: &dyn Fn(&mut Experiment)| {
            let mut next = share::fresh(&experiment);
            change(&mut next);
            clear_own_hash(&own_hash);
            start.emit((next, None));
            focus_input();
        }
    };
    let on_reset = {
        let restart = restart.clone();
        Callback::from(move |_| restart(&|_| {}))
    };
    // New session: forget the saved one and start from the defaults.
    let on_new_session = {
        let restart = restart.clone();
        Callback::from(move |_| {
            saved::forget_console();
            restart(&|e| *e = Experiment::default());
        })
    };
    let on_seed = {
        let restart = restart.clone();
        Callback::from(move |seed: u64| restart(&|e| e.seed = seed))
    };
    let on_profile = Callback::from(move |profile: String| {
        restart(&|e| e.profile = profile.clone());
    });
    let notify = state.dispatcher().to_callback();
    let on_error = notify.reform(|text: String| Action::Notify(Some(Notice::error(text))));
    let on_dismiss = notify.reform(|_| Action::Notify(None));
    let on_download = {
        let engine = engine.clone();
        Callback::from(move |_: MouseEvent| engine.read_file(String::new()))
    };
    let on_share = {
        let dispatcher = state.dispatcher();
        let experiment = state.experiment.clone();
        let share_status = share_status.clone();
        Callback::from(move |_| {
            let Some(url) = share_session(&experiment, &own_hash) else { return };
            saved::save_console(&experiment, &own_hash.borrow());
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

    let experiment = &state.experiment;
    html! {
        <div class="page">
            { masthead(on_skip) }
            <MessageBanner notice={state.notice.clone()} ondismiss={on_dismiss} />
            <main class="layout">
                <div class="main-column">
                <ConsoleCard
                    phase={state.phase}
                    chunks={state.transcript.clone()}
                    draft={AttrValue::from((*draft).clone())}
                    prompt={AttrValue::from(state.prompt.clone())}
                    accepts_input={state.accepts_input()}
                    busy={state.is_busy()}
                    history={state.history.clone()}
                    oninput={on_draft}
                    onsubmit={on_submit}
                    oninterrupt={on_interrupt}
                    oncomplete={on_complete}
                    completions={(*choices).clone()}
                    running={state.phase == Phase::Running}
                    onreset={on_reset}
                    onnewsession={on_new_session}
                    input_ref={input_ref}
                />
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
                    { log_panel(on_download) }
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

/// The slow query log's download: the simulated file as mysqld wrote it, for a real
/// pt-query-digest (`tunelab run --export-file` does the same on the command line).
fn log_panel(on_download: Callback<MouseEvent>) -> Html {
    html! {
        <section class="card share" aria-labelledby="log-title">
            <h2 id="log-title" class="card-title">{ "Slow query log" }</h2>
            <p class="hint">
                { "Download the simulated server's slow log (slow_query_log_file) to read it with your own tools." }
            </p>
            <button id="slow-log-button" type="button" class="button" onclick={on_download}>
                { "Download slow log" }
            </button>
        </section>
    }
}

/// The hardware profiles as the settings panel's select shows them.
fn profile_choices() -> Vec<ProfileChoice> {
    sim::profiles()
        .into_iter()
        .map(|p| ProfileChoice { name: p.name, description: p.description })
        .collect()
}

/// What the worker's answers do to the console.
fn answers(dispatcher: UseReducerDispatcher<ConsoleState>) -> Callback<Response> {
    Callback::from(move |response: Response| match response {
        Response::Ready | Response::Ran { .. } | Response::Digested { .. } => {}
        Response::Started { transcript, prompt, connection, .. } => {
            dispatcher.dispatch(Action::Started { transcript, prompt, connection })
        }
        Response::Printed { text, .. } => dispatcher.dispatch(Action::Printed(text)),
        Response::Completion { text, start, end, candidates, .. } => {
            dispatcher.dispatch(Action::Completed(Completion {
                text,
                start: start as usize,
                end: end as usize,
                candidates,
            }))
        }
        Response::Output { text, prompt, quit, connection, .. } => {
            dispatcher.dispatch(Action::Output { text, prompt, quit, connection })
        }
        Response::Error { message, .. } => dispatcher.dispatch(Action::Failed(message)),
        // The file is made into a download in the page; nothing leaves the machine.
        Response::File { path, text: Some(text), .. } => {
            let name = path.rsplit('/').next().unwrap_or("slow.log");
            crate::lessons::export::download_text(name, "text/plain", &text);
        }
        Response::File { path, text: None, .. } => {
            dispatcher.dispatch(Action::Notify(Some(Notice::error(format!(
                "There is no {path} yet: SET GLOBAL slow_query_log = ON writes it."
            )))))
        }
    })
}

/// Tells tests and assistive technology what the console is doing, on `<body>`.
#[hook]
fn use_body_flags(phase: Phase) {
    use_effect_with(phase, |phase| {
        if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) {
            let ready = matches!(phase, Phase::Idle | Phase::Running);
            let busy = matches!(phase, Phase::Starting | Phase::Running);
            let _ = body.set_attribute("data-ready", if ready { "true" } else { "false" });
            let _ = body.set_attribute("data-busy", if busy { "true" } else { "false" });
        }
    });
}

/// The page's banner; the skip link sits inside it, so every part of the page is in a
/// landmark.
fn masthead(on_skip: Callback<MouseEvent>) -> Html {
    html! {
        <header class="masthead">
            <a class="skip-link" href="#console-input" onclick={on_skip}>
                { "Skip to the console" }
            </a>
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
    }
}

/// Copies `url` to the clipboard where the browser allows it, and says what happened.
fn copy_to_clipboard(url: String, status: UseStateHandle<String>) {
    status.set("Copying…".into());
    clipboard::copy(&url, move |copied| {
        status.set(
            match copied {
                Copied::Done => "Copied to the clipboard. The link is also in the field above.",
                Copied::Unavailable => {
                    "This browser does not allow copying here; copy the link from the field."
                }
                Copied::Refused => {
                    "The browser refused the clipboard; copy the link from the field above."
                }
            }
            .into(),
        )
    });
}
