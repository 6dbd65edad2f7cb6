//! The console card: its title, the server's status, Reset, Start mysqld when the server is
//! down, the transcript and the input line. What the learner types or clicks goes up as
//! callbacks; the console page owns the draft, the engine and the state.

use super::{ConsoleInput, Transcript};
use crate::state::Phase;
use std::rc::Rc;
use yew::prelude::*;

/// What the Start mysqld button types: the same command a DBA would.
const START_MYSQLD: &str = "\\! docker start mysql";

#[derive(Properties, PartialEq)]
pub struct ConsoleCardProps {
    pub phase: Phase,
    /// What the client printed, one chunk per answer.
    pub chunks: Vec<Rc<str>>,
    /// What is in the input line.
    pub draft: AttrValue,
    /// The client's prompt for the next line.
    pub prompt: AttrValue,
    /// True when an input may be sent now.
    pub accepts_input: bool,
    /// True while the engine works on this console.
    pub busy: bool,
    /// Earlier inputs, oldest first.
    pub history: Vec<String>,
    pub oninput: Callback<String>,
    /// Called with an input to send (typed, or the Start mysqld command).
    pub onsubmit: Callback<String>,
    pub onreset: Callback<()>,
    /// Ctrl+C or Stop while an input runs.
    pub oninterrupt: Callback<()>,
    /// True while an input runs (Stop is offered).
    pub running: bool,
    /// Tab in the input: (the text, the caret's byte offset).
    pub oncomplete: Callback<(String, u32)>,
    /// The candidates of an ambiguous Tab, listed under the input.
    pub completions: Vec<String>,
    /// New session: the saved session is forgotten and a default console starts.
    pub onnewsession: Callback<()>,
    /// The textarea, so the page can focus it.
    #[prop_or_default]
    pub input_ref: NodeRef,
}

#[function_component(ConsoleCard)]
pub fn console_card(props: &ConsoleCardProps) -> Html {
    // mysqld died (the OOM killer, kill -9, a power loss) or was stopped: the client's last
    // answer says it cannot reach the server, so offer what a DBA would type next.
    let server_down = props.chunks.last().is_some_and(|chunk| {
        chunk.contains("ERROR 2002 (HY000)") || chunk.contains("ERROR 2013 (HY000)")
    });
    let on_start_mysqld = props.onsubmit.reform(|_: MouseEvent| START_MYSQLD.to_string());
    let on_reset = props.onreset.reform(|_: MouseEvent| ());
    let on_new_session = props.onnewsession.reform(|_: MouseEvent| ());
    let (status_class, status_text) = status(props.phase);
    // While an input runs, the status counts the seconds it has taken (the page's clock,
    // not the simulation's), so a long statement visibly goes on and Ctrl+C is offered.
    let seconds = use_state(|| 0u32);
    {
        let seconds = seconds.clone();
        use_effect_with(props.phase, move |phase| {
            seconds.set(0);
            let ticker = (*phase == Phase::Running).then(|| {
                let seconds = seconds.clone();
                let count = std::rc::Rc::new(std::cell::Cell::new(0u32));
                gloo::timers::callback::Interval::new(1_000, move || {
                    count.set(count.get() + 1);
                    seconds.set(count.get());
                })
            });
            move || drop(ticker)
        });
    }
    // Not announced every second: screen readers hear "Running…" once.
    let elapsed = (props.phase == Phase::Running && *seconds > 0)
        .then(|| format!(" {} s · Ctrl+C interrupts", *seconds));
    html! {
        <section class="console card" aria-labelledby="console-title">
            <div class="console-head">
                <h2 id="console-title" class="card-title">{ "Console" }</h2>
                <span id="console-status" class={status_class} role="status">
                    <span class="status-dot" aria-hidden="true"></span>
                    { status_text }
                    if let Some(elapsed) = elapsed {
                        <span class="status-elapsed" aria-hidden="true">{ elapsed }</span>
                    }
                </span>
                <button id="reset-button" type="button" class="button button-quiet"
                    onclick={on_reset}
                    title="Start a fresh server with the same seed and profile">
                    { "Reset" }
                </button>
                <button id="new-session-button" type="button" class="button button-quiet"
                    onclick={on_new_session}
                    title="Forget this session (it is saved in this browser) and start a default console">
                    { "New session" }
                </button>
                if server_down {
                    <button id="start-mysqld-button" type="button" class="button"
                        onclick={on_start_mysqld}
                        title="mysqld is not running: start it again (\\! docker start mysql)">
                        { "Start mysqld" }
                    </button>
                }
            </div>
            <Transcript chunks={props.chunks.clone()} busy={props.busy} />
            <ConsoleInput
                value={props.draft.clone()}
                prompt={props.prompt.clone()}
                accepts_input={props.accepts_input}
                busy={props.busy}
                history={props.history.clone()}
                oninput={props.oninput.clone()}
                onsubmit={props.onsubmit.clone()}
                oninterrupt={props.oninterrupt.clone()}
                running={props.running}
                oncomplete={props.oncomplete.clone()}
                completions={props.completions.clone()}
                input_ref={props.input_ref.clone()}
            />
        </section>
    }
}

/// The status line's class and text for the console's phase.
fn status(phase: Phase) -> (&'static str, &'static str) {
    match phase {
        Phase::Starting => ("status status-busy", "Starting server…"),
        Phase::Idle => ("status status-ready", "Ready"),
        Phase::Running => ("status status-busy", "Running…"),
        Phase::Stopped => ("status status-stopped", "Stopped"),
    }
}
