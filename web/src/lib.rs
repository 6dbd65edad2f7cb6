//! TuneLab's browser front end: a mysql-style console on a simulated MySQL 9.7 server.
//!
//! The page (`main.rs`, [`Root`]) shows the page [`route`] reads from the URL fragment: the
//! console ([`pages::ConsolePage`]), the lesson index or a lesson ([`pages`]). Pages never run
//! the engine themselves: every statement goes as a [`protocol::Request`] to a Web Worker
//! (`bin/worker.rs`, [`engine::Engine`]), which answers with a [`protocol::Response`]. The
//! console's state is one reducer ([`state::ConsoleState`]); its share links are built in
//! [`share`], and every URL fragment is written and read in [`route`].

pub mod clipboard;
pub mod components;
pub mod engine;
pub mod hooks;
pub mod lessons;
pub mod pages;
pub mod protocol;
pub mod route;
pub mod saved;
pub mod share;
pub mod state;

pub use components::Root;
pub use pages::ConsolePage;

#[cfg(test)]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
