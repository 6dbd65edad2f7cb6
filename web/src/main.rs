//! The page's entry point: installs the panic hook and mounts [`tunelab_web::Root`] on the
//! `#app` element of `static/index.html` (or on `<body>` when it is missing). Everything else
//! lives in the library so the browser tests can mount the same components.

fn main() {
    console_error_panic_hook::set_once();
    let document = web_sys::window().and_then(|w| w.document()).expect("a document");
    match document.get_element_by_id("app") {
        Some(root) => yew::Renderer::<tunelab_web::Root>::with_root(root).render(),
        None => yew::Renderer::<tunelab_web::Root>::new().render(),
    };
    // Offline use once loaded: network first, the last fetched copy when offline (static/sw.js).
    // Where service workers are unavailable (file://, old browsers) the page works as before.
    if let Some(window) = web_sys::window() {
        let registered = window.navigator().service_worker().register("./sw.js");
        wasm_bindgen_futures::spawn_local(async move {
            // A refusal (private mode, no secure context) only means no offline copy.
            let _ = wasm_bindgen_futures::JsFuture::from(registered).await;
        });
    }
}
