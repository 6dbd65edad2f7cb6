//! TuneLab's browser front end: a mysql-style console on a simulated MySQL 9.7 server.
//!
//! The page (`main.rs`, [`components::App`]) never runs the engine itself: every statement
//! goes as a [`protocol::Request`] to a Web Worker (`bin/worker.rs`, [`engine::Engine`]),
//! which answers with a [`protocol::Response`]. The page's state is one reducer
//! ([`state::ConsoleState`]); share links are built and read in [`share`].

pub mod components;
pub mod engine;
pub mod hooks;
pub mod lessons;
pub mod protocol;
pub mod share;
pub mod state;

pub use components::{App, Root};

#[cfg(test)]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
