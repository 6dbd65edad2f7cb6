//! The transcript: exactly what the simulated mysql client printed, in a monospace block
//! that keeps every space and scrolls sideways. Chunks are rendered as text nodes only, so
//! nothing the engine prints (or a share link carries) is ever read as markup.

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
                <span key={i}>{ chunk.to_string() }</span>
            }) }
        </pre>
    }
}
