//! The transcript: exactly what the simulated mysql client printed, in a monospace block
//! that keeps every space and scrolls sideways. Chunks are rendered as text nodes only, so
//! nothing the engine prints (or a share link carries) is ever read as markup. Error lines
//! (`ERROR 1064 (42000): …`, the client's `ERROR: ` and the line after it) are set apart in a
//! `<strong>`, which screen readers can announce as emphasised; the text stays exactly the
//! client's.

use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TranscriptProps {
    /// What the client printed, one chunk per answer.
    pub chunks: Vec<Rc<str>>,
    /// True while the worker is working on this console.
    #[prop_or_default]
    pub busy: bool,
}

#[function_component(Transcript)]
pub fn transcript(props: &TranscriptProps) -> Html {
    let node = use_node_ref();
    {
        // Keep the newest output in view.
        let node = node.clone();
        use_effect_with(props.chunks.len(), move |_| {
            if let Some(element) = node.cast::<web_sys::Element>() {
                element.set_scroll_top(element.scroll_height());
            }
        });
    }
    html! {
        <pre
            id="transcript"
            class="transcript"
            ref={node}
            role="log"
            aria-live="polite"
            aria-label="Console transcript"
            aria-busy={props.busy.to_string()}
            tabindex="0"
        >
            { for props.chunks.iter().enumerate().map(|(i, chunk)| html! {
                <span key={i}>{ for segments(chunk).into_iter().map(|(error, text)| if error {
                    html! { <strong class="out-error">{ text }</strong> }
                } else {
                    html! { { text } }
                }) }</span>
            }) }
        </pre>
    }
}

/// Splits printed text into (is an error, text) runs of whole lines.
pub fn segments(text: &str) -> Vec<(bool, String)> {
    let mut out: Vec<(bool, String)> = Vec::new();
    let mut after_bare_error = false;
    for line in text.split_inclusive('\n') {
        let error = after_bare_error || is_error_line(line);
        after_bare_error = line.trim_end() == "ERROR:";
        match out.last_mut() {
            Some((e, run)) if *e == error => run.push_str(line),
            _ => out.push((error, line.to_string())),
        }
    }
    out
}

/// `ERROR 1193 (HY000): …`, `ERROR 2013 (HY000): …` or the client's bare `ERROR:`.
fn is_error_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("ERROR") else { return false };
    rest.starts_with(':')
        || rest.strip_prefix(' ').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn error_lines_are_set_apart_and_the_text_is_kept() {
        let text = "mysql> SELECT x;\nERROR 1054 (42S22): Unknown column 'x' in 'field list'\nmysql> ;\nERROR: \nNo query specified\n\nERRORS are fine\n";
        let runs = segments(text);
        assert_eq!(runs.iter().map(|(_, t)| t.as_str()).collect::<String>(), text);
        let errors: Vec<&str> = runs.iter().filter(|(e, _)| *e).map(|(_, t)| t.as_str()).collect();
        assert_eq!(
            errors,
            [
                "ERROR 1054 (42S22): Unknown column 'x' in 'field list'\n",
                "ERROR: \nNo query specified\n"
            ]
        );
    }
}
