//! Sharing: one button that puts the session (seed, profile and every input so far) into the
//! URL and copies it, and a read-only field that shows the link, for browsers where the
//! clipboard is not available. Opening the link replays the session to the same transcript.

use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SharePanelProps {
    /// The last link made (empty before the first).
    pub link: AttrValue,
    /// What happened to the last copy, for the status line.
    pub status: AttrValue,
    pub onshare: Callback<()>,
}

#[function_component(SharePanel)]
pub fn share_panel(props: &SharePanelProps) -> Html {
    let onclick = props.onshare.reform(|_: MouseEvent| ());
    let onfocus = Callback::from(|e: FocusEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        input.select();
    });
    html! {
        <section class="card share" aria-labelledby="share-title">
            <h2 id="share-title" class="card-title">{ "Share this session" }</h2>
            <p class="hint">
                { "The link replays every statement typed so far on the same seed and profile, so everyone sees the same numbers." }
            </p>
            <button id="share-button" type="button" class="button" {onclick}>
                { "Copy share link" }
            </button>
            <label for="share-link" class="field-label">{ "Link" }</label>
            <input
                id="share-link"
                class="input input-link"
                type="text"
                readonly=true
                value={props.link.clone()}
                placeholder="Press “Copy share link”"
                {onfocus}
            />
            <p class="share-status" role="status" aria-live="polite">{ props.status.clone() }</p>
        </section>
    }
}
