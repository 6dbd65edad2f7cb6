//! The banner above the console (`#message`): errors such as a damaged share link or an
//! engine that stopped, and notes such as "the client has quit". The text is always rendered
//! as a text node, never as markup; errors are announced (`role="alert"`), notes are not.

use crate::state::{Notice, NoticeKind};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MessageBannerProps {
    pub notice: Option<Notice>,
    pub ondismiss: Callback<()>,
}

#[function_component(MessageBanner)]
pub fn message_banner(props: &MessageBannerProps) -> Html {
    let Some(notice) = &props.notice else {
        return html! {};
    };
    let (class, role, title) = match notice.kind {
        NoticeKind::Error => ("message message-error", "alert", "Problem"),
        NoticeKind::Info => ("message message-info", "status", "Note"),
    };
    let ondismiss = props.ondismiss.reform(|_: MouseEvent| ());
    html! {
        <div id="message" class={class} role={role}>
            <span class="message-title">{ title }</span>
            <p class="message-text">{ notice.text.clone() }</p>
            <button type="button" class="message-dismiss" aria-label="Dismiss message"
                onclick={ondismiss}>{ "×" }</button>
        </div>
    }
}
