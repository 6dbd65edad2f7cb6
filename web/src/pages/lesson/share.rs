//! Sharing a lesson: its link with the knob values on the page (in a read-only field, for
//! browsers where the clipboard is not available), Copy link, and a QR code to show a room.

use crate::clipboard::{self, Copied};
use crate::lessons::qr;
use crate::route;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LessonShareProps {
    /// The lesson link's fragment (without `#`), from [`route::lesson_fragment`].
    pub fragment: AttrValue,
}

#[function_component(LessonShare)]
pub fn lesson_share(props: &LessonShareProps) -> Html {
    let share_status = use_state(String::new);
    let show_qr = use_state(|| false);
    let qr_ref = use_node_ref();
    let full_link = route::page_url(&props.fragment);
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
    let on_copy = {
        let full_link = full_link.clone();
        let hash = format!("#{}", props.fragment);
        let share_status = share_status.clone();
        Callback::from(move |_: MouseEvent| {
            // The address bar shows the link too, so reloading keeps the knob values.
            route::replace_url(&hash);
            share_status.set("Copying…".into());
            let share_status = share_status.clone();
            clipboard::copy(&full_link, move |copied| {
                share_status.set(
                    match copied {
                        Copied::Done => "Copied.",
                        Copied::Unavailable => {
                            "This browser does not allow copying here; copy the link from the field."
                        }
                        Copied::Refused => "The browser refused; copy the link from the field.",
                    }
                    .into(),
                )
            });
        })
    };
    let on_qr = {
        let show_qr = show_qr.clone();
        Callback::from(move |_: MouseEvent| show_qr.set(!*show_qr))
    };
    html! {
        <section class="card share" aria-labelledby="share-title">
            <h2 id="share-title">{ "Share this lesson" }</h2>
            <label for="lesson-link">{ "Link to this lesson with these knob values" }</label>
            <input id="lesson-link" type="text" readonly=true value={full_link} />
            <div class="run-bar">
                <button type="button" class="button" id="copy-link" onclick={on_copy}>{ "Copy link" }</button>
                <button type="button" class="button button-quiet" id="qr-button" aria-expanded={show_qr.to_string()}
                    onclick={on_qr}>
                    { if *show_qr { "Hide QR code" } else { "Show QR code" } }
                </button>
                <span role="status">{ (*share_status).clone() }</span>
            </div>
            <div class="qr-holder" ref={qr_ref}></div>
        </section>
    }
}
