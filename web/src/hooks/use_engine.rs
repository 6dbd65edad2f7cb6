//! The page's side of the engine worker: spawns `engine-worker.js`, queues requests until the
//! worker says it is ready, numbers console sessions so late answers to an old session are
//! dropped, and turns a crashed worker into an error answer. A worker that is busy can be
//! replaced at once (Reset while a statement runs), so a long run never holds the page.

use crate::protocol::{Request, Response};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use tunelab_core::lab::experiment::Experiment;
use tunelab_core::tools::pt_query_digest::{PageFile, PageOptions};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, MessageEvent, Worker};
use yew::prelude::*;

/// The worker's entry script (static/engine-worker.js, next to Trunk's `worker.js`).
pub const WORKER_URL: &str = "./engine-worker.js";

/// A handle to the engine worker with the console's verbs. Cloning it is cheap.
#[derive(Clone)]
pub struct EngineBridge {
    inner: Rc<RefCell<Inner>>,
}

impl PartialEq for EngineBridge {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.inner, &other.inner)
    }
}

struct Inner {
    worker: Option<Worker>,
    /// True once the current worker has said [`Response::Ready`].
    ready: bool,
    /// The current console session; answers for other sessions are dropped.
    session: u32,
    /// Requests made before the worker was ready, oldest first.
    queued: Vec<Request>,
    /// Requests posted to the current worker and not yet answered.
    unanswered: u32,
    on_response: Callback<Response>,
    /// The worker's event handlers, kept alive as long as the worker.
    handlers: Option<Handlers>,
}

/// The closures a worker calls; dropping them frees them.
struct Handlers {
    _onmessage: Closure<dyn FnMut(MessageEvent)>,
    _onerror: Closure<dyn FnMut(Event)>,
}

impl EngineBridge {
    fn new(on_response: Callback<Response>) -> EngineBridge {
        EngineBridge {
            inner: Rc::new(RefCell::new(Inner {
                worker: None,
                ready: false,
                session: 0,
                queued: Vec::new(),
                unanswered: 0,
                on_response,
                handlers: None,
            })),
        }
    }

    /// Starts a new console session on a fresh server for `experiment`. If the worker is
    /// still busy with an earlier request, it is stopped and a new one takes over, so the new
    /// session never waits for an old one.
    pub fn start(&self, experiment: Experiment) {
        if self.is_busy() {
            self.stop_worker();
        }
        let session = {
            let mut inner = self.inner.borrow_mut();
            inner.session = inner.session.wrapping_add(1);
            // Whatever was queued belonged to an older session.
            inner.queued.clear();
            inner.session
        };
        self.send(Request::Start { session, experiment });
    }

    /// Starts a new session without a console (a lesson's runs), stopping a busy worker so
    /// the new session never waits for an old one; returns the session number.
    pub fn begin(&self) -> u32 {
        if self.is_busy() {
            self.stop_worker();
        }
        let mut inner = self.inner.borrow_mut();
        inner.session = inner.session.wrapping_add(1);
        inner.queued.clear();
        inner.session
    }

    /// Runs one experiment of the current session (answered by [`Response::Ran`]).
    pub fn run(&self, run: u32, experiment: Experiment) {
        let session = self.inner.borrow().session;
        self.send(Request::Run { session, run, experiment });
    }

    /// Abandons the current session: a busy worker is stopped at once (the next request
    /// starts a fresh one) and late answers are dropped.
    pub fn cancel(&self) {
        self.begin();
    }

    /// Interrupts the running input and starts `experiment` (the session without it) on a
    /// fresh worker: the page's Ctrl+C. The worker runs one request at a time, so the
    /// statement cannot be stopped inside it; the session is restored by replaying it.
    pub fn interrupt(&self, experiment: Experiment) {
        self.stop_worker();
        self.start(experiment);
    }

    /// Asks for the Tab completions of the word before byte `caret` of `text`.
    pub fn complete(&self, text: String, caret: u32) {
        let session = self.inner.borrow().session;
        self.send(Request::Complete { session, text, caret });
    }

    /// Types `text` into the current session's client.
    pub fn input(&self, text: String) {
        let session = self.inner.borrow().session;
        self.send(Request::Input { session, text });
    }

    /// Asks for a simulated file's text (empty `path`: the slow query log), to download.
    pub fn read_file(&self, path: String) {
        let session = self.inner.borrow().session;
        self.send(Request::ReadFile { session, path });
    }

    /// Ranks a log's text with pt-query-digest's engine in a new session (a busy worker, still
    /// ranking an earlier file or option, is stopped first); answered by
    /// [`Response::Digested`] or [`Response::Error`].
    pub fn digest(&self, files: Vec<PageFile>, options: PageOptions) {
        let session = self.begin();
        self.send(Request::Digest { session, files, options });
    }

    /// Starts the worker now if there is none, so it has loaded before the first request
    /// (the log page: its scripts are fetched before a file is opened, never after).
    pub fn prepare(&self) {
        if self.inner.borrow().worker.is_none() {
            if let Err(message) = self.spawn() {
                let session = self.inner.borrow().session;
                self.emit(Response::Error { session, message });
            }
        }
    }

    /// True while the worker owes an answer.
    pub fn is_busy(&self) -> bool {
        self.inner.borrow().unanswered > 0
    }

    /// Stops the worker (on unmount, or to abandon a busy one).
    pub fn stop_worker(&self) {
        let mut inner = self.inner.borrow_mut();
        if let Some(worker) = inner.worker.take() {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
        inner.handlers = None;
        inner.ready = false;
        inner.queued.clear();
        inner.unanswered = 0;
    }

    fn send(&self, request: Request) {
        if self.inner.borrow().worker.is_none() {
            if let Err(message) = self.spawn() {
                let session = self.inner.borrow().session;
                self.emit(Response::Error { session, message });
                return;
            }
        }
        let mut inner = self.inner.borrow_mut();
        if inner.ready {
            if let Some(worker) = &inner.worker {
                if let Err(e) = worker.post_message(&JsValue::from_str(&request.to_json())) {
                    web_sys::console::error_1(&e);
                }
                inner.unanswered += 1;
                return;
            }
        }
        inner.queued.push(request);
    }

    fn spawn(&self) -> Result<(), String> {
        let worker = Worker::new(WORKER_URL).map_err(|e| {
            format!(
                "The engine could not be started in a Web Worker ({}). This page needs a \
                 browser with Web Workers and WebAssembly.",
                describe(&e)
            )
        })?;
        let weak = Rc::downgrade(&self.inner);
        let onmessage = Closure::<dyn FnMut(MessageEvent)>::new({
            let weak = weak.clone();
            move |event: MessageEvent| on_message(&weak, event)
        });
        let onerror = Closure::<dyn FnMut(Event)>::new(move |event: Event| on_error(&weak, event));
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        let mut inner = self.inner.borrow_mut();
        inner.worker = Some(worker);
        inner.ready = false;
        inner.handlers = Some(Handlers { _onmessage: onmessage, _onerror: onerror });
        Ok(())
    }

    fn emit(&self, response: Response) {
        let callback = self.inner.borrow().on_response.clone();
        callback.emit(response);
    }
}

fn on_message(weak: &Weak<RefCell<Inner>>, event: MessageEvent) {
    let Some(inner) = weak.upgrade() else { return };
    let bridge = EngineBridge { inner };
    let response = match event.data().as_string().as_deref().map(Response::from_json) {
        Some(Ok(response)) => response,
        Some(Err(message)) => {
            let session = bridge.inner.borrow().session;
            Response::Error { session, message }
        }
        None => return,
    };
    if response == Response::Ready {
        let queued = {
            let mut inner = bridge.inner.borrow_mut();
            inner.ready = true;
            std::mem::take(&mut inner.queued)
        };
        for request in queued {
            bridge.send(request);
        }
        return;
    }
    if response.answers_a_request() {
        let mut inner = bridge.inner.borrow_mut();
        inner.unanswered = inner.unanswered.saturating_sub(1);
    }
    if response.session() == Some(bridge.inner.borrow().session) {
        bridge.emit(response);
    }
}

fn on_error(weak: &Weak<RefCell<Inner>>, event: Event) {
    let Some(inner) = weak.upgrade() else { return };
    let bridge = EngineBridge { inner };
    event.prevent_default();
    let detail = event
        .dyn_ref::<web_sys::ErrorEvent>()
        .map(|e| e.message())
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| "it could not be loaded".to_string());
    bridge.stop_worker();
    let session = bridge.inner.borrow().session;
    bridge.emit(Response::Error {
        session,
        message: format!(
            "The engine stopped unexpectedly ({detail}). Press Reset to start a fresh server."
        ),
    });
}

fn describe(value: &JsValue) -> String {
    value
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| value.as_string())
        .unwrap_or_else(|| "unknown error".to_string())
}

/// Connects to the engine worker for the lifetime of the component. `on_response` gets every
/// answer that belongs to the current session; it should be stable (a reducer dispatcher).
#[hook]
pub fn use_engine(on_response: Callback<Response>) -> EngineBridge {
    let bridge = use_memo((), move |_| EngineBridge::new(on_response));
    {
        let bridge = bridge.clone();
        use_effect_with((), move |_| move || bridge.stop_worker());
    }
    (*bridge).clone()
}
