//! Copying a link to the clipboard, where the browser has the Clipboard API (it is missing
//! outside secure contexts, e.g. a page served over plain http to a classroom's laptops).

use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

/// What came of a copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copied {
    /// The text is on the clipboard.
    Done,
    /// The browser has no Clipboard API here.
    Unavailable,
    /// The browser refused (no permission, the page not focused).
    Refused,
}

/// True when `navigator.clipboard` exists.
pub fn available() -> bool {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else { return false };
    js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false)
}

/// Copies `text` and calls `done` with the outcome (at once when there is no clipboard).
pub fn copy(text: &str, done: impl FnOnce(Copied) + 'static) {
    let Some(window) = web_sys::window() else { return done(Copied::Unavailable) };
    if !available() {
        return done(Copied::Unavailable);
    }
    let promise = window.navigator().clipboard().write_text(text);
    wasm_bindgen_futures::spawn_local(async move {
        done(if JsFuture::from(promise).await.is_ok() { Copied::Done } else { Copied::Refused });
    });
}
