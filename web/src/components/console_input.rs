//! The console's input line: a textarea behind the client's prompt. Enter sends what was
//! typed (all its lines), Shift+Enter starts a new line, ArrowUp/ArrowDown walk the history
//! when the caret is on the first/last line, and Run does what Enter does. While the engine
//! works the learner can keep typing; sending waits until the console is idle again.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// The most rows the textarea grows to before it scrolls.
const ROWS_MAX: usize = 8;

#[derive(Properties, PartialEq)]
pub struct ConsoleInputProps {
    /// What is in the input (owned by the parent so examples can fill it).
    pub value: AttrValue,
    /// The client's prompt for the next line (`mysql> `, `    -> `).
    pub prompt: AttrValue,
    /// True when an input may be sent now.
    pub accepts_input: bool,
    /// True while the engine works (shown on the Run button).
    #[prop_or_default]
    pub busy: bool,
    /// Earlier inputs, oldest first.
    pub history: Vec<String>,
    pub oninput: Callback<String>,
    pub onsubmit: Callback<String>,
    /// Ctrl+C (with no text selected) or Stop while an input runs.
    #[prop_or_default]
    pub oninterrupt: Callback<()>,
    /// True while an input runs.
    #[prop_or_default]
    pub running: bool,
    /// Tab with a word before the caret: (the text, the caret's byte offset).
    #[prop_or_default]
    pub oncomplete: Callback<(String, u32)>,
    /// The candidates of an ambiguous Tab.
    #[prop_or_default]
    pub completions: Vec<String>,
    /// The textarea, so the parent can focus it.
    #[prop_or_default]
    pub input_ref: NodeRef,
}

/// Where the learner is in the history: the entry shown and the draft it replaced.
#[derive(Default)]
struct HistoryCursor {
    index: Option<usize>,
    draft: String,
}

#[function_component(ConsoleInput)]
pub fn console_input(props: &ConsoleInputProps) -> Html {
    let cursor = use_mut_ref(HistoryCursor::default);

    let oninput = {
        let oninput = props.oninput.clone();
        let cursor = cursor.clone();
        Callback::from(move |e: InputEvent| {
            let target: HtmlTextAreaElement = e.target_unchecked_into();
            cursor.borrow_mut().index = None;
            oninput.emit(target.value());
        })
    };

    let submit = {
        let onsubmit = props.onsubmit.clone();
        let cursor = cursor.clone();
        let accepts_input = props.accepts_input;
        let value = props.value.to_string();
        move || {
            if accepts_input {
                *cursor.borrow_mut() = HistoryCursor::default();
                onsubmit.emit(value.clone());
            }
        }
    };

    let onkeydown = {
        let submit = submit.clone();
        let oninput = props.oninput.clone();
        let history = props.history.clone();
        let value = props.value.to_string();
        let oninterrupt = props.oninterrupt.clone();
        let oncomplete = props.oncomplete.clone();
        let running = props.running;
        Callback::from(move |e: KeyboardEvent| {
            let target: HtmlTextAreaElement = e.target_unchecked_into();
            // Ctrl+C copies a selection as usual; with none, it interrupts what runs, as in
            // the mysql client.
            if running && e.ctrl_key() && e.key().eq_ignore_ascii_case("c") {
                let start = target.selection_start().ok().flatten();
                let end = target.selection_end().ok().flatten();
                if start == end {
                    e.prevent_default();
                    oninterrupt.emit(());
                }
                return;
            }
            if e.is_composing() || e.alt_key() || e.ctrl_key() || e.meta_key() {
                return;
            }
            match e.key().as_str() {
                // Tab completes the word before the caret; with none (or Shift), Tab moves
                // the focus on as everywhere else.
                "Tab" if !e.shift_key() => {
                    let caret = target.selection_start().ok().flatten().unwrap_or(0) as usize;
                    let byte = byte_offset(&value, caret);
                    let ends_word = value[..byte]
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
                    if ends_word {
                        e.prevent_default();
                        oncomplete.emit((value.clone(), byte as u32));
                    }
                }
                "Enter" if !e.shift_key() => {
                    e.prevent_default();
                    submit();
                }
                "ArrowUp" if !e.shift_key() && !history.is_empty() => {
                    let caret = target.selection_start().ok().flatten().unwrap_or(0);
                    if has_newline(&value, 0, caret as usize) {
                        return;
                    }
                    e.prevent_default();
                    let mut cursor = cursor.borrow_mut();
                    let index = match cursor.index {
                        Some(i) => i.saturating_sub(1),
                        None => {
                            cursor.draft = value.clone();
                            history.len() - 1
                        }
                    };
                    cursor.index = Some(index);
                    oninput.emit(history[index].clone());
                }
                "ArrowDown" if !e.shift_key() => {
                    let caret = target.selection_end().ok().flatten().unwrap_or(0);
                    let mut cursor = cursor.borrow_mut();
                    let Some(index) = cursor.index else { return };
                    if has_newline(&value, caret as usize, usize::MAX) {
                        return;
                    }
                    e.prevent_default();
                    if index + 1 < history.len() {
                        cursor.index = Some(index + 1);
                        oninput.emit(history[index + 1].clone());
                    } else {
                        cursor.index = None;
                        oninput.emit(std::mem::take(&mut cursor.draft));
                    }
                }
                _ => {}
            }
        })
    };

    let onclick = Callback::from(move |_: MouseEvent| submit());
    let on_stop = props.oninterrupt.reform(|_: MouseEvent| ());
    let rows = props.value.lines().count().clamp(1, ROWS_MAX).to_string();
    let prompt = props.prompt.trim().to_string();
    html! {
        <div class="console-input">
            <label for="console-input" class="prompt" title="The mysql client's prompt">
                <span class="visually-hidden">{ "SQL input, prompt " }</span>
                { prompt }
            </label>
            <textarea
                id="console-input"
                ref={props.input_ref.clone()}
                class="console-textarea"
                rows={rows}
                value={props.value.clone()}
                spellcheck="false"
                autocomplete="off"
                autocapitalize="off"
                aria-describedby="console-help"
                placeholder="Type SQL, then press Enter"
                {oninput}
                {onkeydown}
            />
            if props.running {
                <button id="stop-button" type="button" class="button button-primary"
                    title="Interrupt the statement (Ctrl+C), as the mysql client's KILL QUERY does"
                    onclick={on_stop}>
                    { "Stop (Ctrl+C)" }
                </button>
            } else {
                <button
                    id="run-button"
                    type="button"
                    class="button button-primary"
                    disabled={!props.accepts_input}
                    {onclick}
                >
                    { if props.busy { "Running…" } else { "Run" } }
                </button>
            }
            if !props.completions.is_empty() {
                <p id="completions" class="completions" role="status">
                    { props.completions.join("  ") }
                </p>
            }
            <p id="console-help" class="console-help">
                <kbd>{ "Enter" }</kbd>{ " runs · " }
                <kbd>{ "Shift" }</kbd>{ "+" }<kbd>{ "Enter" }</kbd>{ " new line · " }
                <kbd>{ "↑" }</kbd>{ " " }<kbd>{ "↓" }</kbd>{ " history · " }
                <kbd>{ "Tab" }</kbd>{ " completes · " }
                <kbd>{ "Ctrl" }</kbd>{ "+" }<kbd>{ "C" }</kbd>{ " interrupts" }
            </p>
        </div>
    }
}

/// True when `text` has a newline between UTF-16 offsets `from` and `to` (a textarea's caret
/// positions count UTF-16 code units).
fn has_newline(text: &str, from: usize, to: usize) -> bool {
    text.encode_utf16().enumerate().any(|(i, unit)| i >= from && i < to && unit == u16::from(b'\n'))
}

/// The byte offset in `text` of UTF-16 offset `units` (a textarea's caret), at a character
/// boundary.
fn byte_offset(text: &str, units: usize) -> usize {
    let mut seen = 0;
    for (i, c) in text.char_indices() {
        if seen >= units {
            return i;
        }
        seen += c.len_utf16();
    }
    text.len()
}
