//! The engine's Web Worker: a thin shell around [`tunelab_web::engine::Engine`]. It takes
//! JSON [`Request`]s from `postMessage`, answers each with one JSON [`Response`], and says
//! [`Response::Ready`] once it listens (messages sent before that would be lost). The page
//! starts it through `static/engine-worker.js`, which loads Trunk's `worker.js` glue.

use std::cell::RefCell;
use tunelab_web::engine::Engine;
use tunelab_web::protocol::{Request, Response};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::default());
}

fn main() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let onmessage = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        // What the client prints goes to the page as it is printed (postMessage is delivered
        // while the worker is still busy), so the page shows a long statement's echo at once.
        let mut emit = |partial: Response| post(&reply_scope, &partial);
        let response = match event.data().as_string().as_deref().map(Request::from_json) {
            Some(Ok(request)) => {
                ENGINE.with(|engine| engine.borrow_mut().handle_streaming(request, &mut emit))
            }
            Some(Err(message)) => Response::Error { session: 0, message },
            None => {
                Response::Error { session: 0, message: "the worker got a non-text message".into() }
            }
        };
        post(&reply_scope, &response);
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    onmessage.forget();
    post(&scope, &Response::Ready);
}

fn post(scope: &DedicatedWorkerGlobalScope, response: &Response) {
    if let Err(e) = scope.post_message(&JsValue::from_str(&response.to_json())) {
        web_sys::console::error_1(&e);
    }
}
