//! Custom hooks. [`use_engine`] connects the page to the engine worker and returns an
//! [`EngineBridge`] whose verbs (`start`, `input`) are all the page needs to run SQL; the
//! worker protocol and its bookkeeping stay behind it.

mod use_engine;

pub use use_engine::{use_engine, EngineBridge, WORKER_URL};
