//! Component tests in a real browser: components are mounted into a fresh `<div>` with
//! `yew::Renderer::with_root_and_props`, given a few milliseconds to render, and checked
//! through the DOM. They guard the console's promises: engine output is shown as literal
//! text (never markup), tables keep their spacing, and the banner shows text only.

use gloo::timers::future::sleep;
use std::rc::Rc;
use std::time::Duration;
use tunelab_web::components::{
    ConsoleInput, ConsoleInputProps, MessageBanner, MessageBannerProps, SiteFooter,
    SiteFooterProps, Transcript, TranscriptProps,
};
use tunelab_web::state::Notice;
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::{AttrValue, Callback, NodeRef};

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh `<div>` in the document, to mount one component into.
fn root() -> Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

async fn settle() {
    sleep(Duration::from_millis(20)).await;
}

const TABLE: &str =
    "mysql> SELECT 1+1;\n+-----+\n| 1+1 |\n+-----+\n|   2 |\n+-----+\n1 row in set (0.00 sec)\n\n";

#[wasm_bindgen_test]
async fn transcript_shows_markup_as_literal_text_and_keeps_table_spacing() {
    let div = root();
    let hostile = "mysql> SELECT '<b>bold</b><img src=x onerror=alert(1)>';\n";
    let props = TranscriptProps { chunks: vec![Rc::from(TABLE), Rc::from(hostile)], busy: false };
    yew::Renderer::<Transcript>::with_root_and_props(div.clone(), props).render();
    settle().await;

    let pre = div.query_selector("#transcript").unwrap().expect("the transcript is rendered");
    let text = pre.text_content().unwrap();
    assert!(text.contains("| 1+1 |\n"), "{text}");
    assert!(text.contains("|   2 |\n"), "spaces are kept: {text}");
    assert!(text.contains("<b>bold</b>"), "markup stays literal text: {text}");
    assert!(pre.query_selector("b").unwrap().is_none(), "no <b> element was created");
    assert!(pre.query_selector("img").unwrap().is_none(), "no <img> element was created");
    assert_eq!(pre.get_attribute("aria-live").as_deref(), Some("polite"));
    assert_eq!(pre.children().length(), 2, "one text span per chunk");
}

#[wasm_bindgen_test]
async fn message_banner_shows_a_share_link_error_as_text() {
    let div = root();
    let props = MessageBannerProps {
        notice: Some(Notice::error("This share link could not be opened: <script>x</script>.")),
        ondismiss: Callback::noop(),
    };
    yew::Renderer::<MessageBanner>::with_root_and_props(div.clone(), props).render();
    settle().await;

    let banner = div.query_selector("#message").unwrap().expect("the banner is rendered");
    let text = banner.text_content().unwrap();
    assert!(text.contains("could not be opened: <script>x</script>."), "{text}");
    assert!(banner.query_selector("script").unwrap().is_none());
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
}

#[wasm_bindgen_test]
async fn console_input_shows_the_prompt_and_disables_run_while_busy() {
    let div = root();
    let props = ConsoleInputProps {
        value: AttrValue::from("SELECT 1"),
        prompt: AttrValue::from("    -> "),
        accepts_input: false,
        busy: true,
        history: vec![],
        oninput: Callback::noop(),
        onsubmit: Callback::noop(),
        oninterrupt: Callback::noop(),
        running: false,
        oncomplete: Callback::noop(),
        completions: vec![],
        input_ref: NodeRef::default(),
    };
    yew::Renderer::<ConsoleInput>::with_root_and_props(div.clone(), props).render();
    settle().await;

    let label = div.query_selector("label[for=console-input]").unwrap().unwrap();
    assert!(label.text_content().unwrap().ends_with("->"));
    let run = div.query_selector("#run-button").unwrap().unwrap();
    assert!(run.has_attribute("disabled"));
    assert_eq!(run.text_content().as_deref(), Some("Running…"));
}

#[wasm_bindgen_test]
async fn footer_states_seed_profile_and_server_version() {
    let div = root();
    let props = SiteFooterProps { seed: 42, profile: AttrValue::from("wsl2-chapter") };
    yew::Renderer::<SiteFooter>::with_root_and_props(div.clone(), props).render();
    settle().await;

    let text = div.text_content().unwrap();
    assert!(text.contains("seed 42 · profile wsl2-chapter · simulated MySQL 9.7.2"), "{text}");
}
