//! The lesson pages' helpers ([`crate::pages`] holds the pages): a small Markdown renderer
//! that builds nodes, plots drawn with plotters on a canvas, the internals views' data,
//! exports and QR codes. The engine work happens in the worker through
//! [`crate::protocol::Request::Run`]; everything here only draws outcomes.

pub mod canvas;
pub mod export;
pub mod internals;
pub mod markdown;
pub mod plot;
pub mod qr;
