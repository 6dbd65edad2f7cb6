//! The lessons side of the app: the route read from the URL fragment, the lesson index and
//! lesson page components, and their helpers (a small Markdown renderer that builds nodes,
//! plots drawn with plotters on a canvas, exports, QR codes). The engine work happens in the
//! worker through [`crate::protocol::Request::Run`]; everything here only draws outcomes.

pub mod export;
pub mod internals;
pub mod markdown;
pub mod plot;
pub mod qr;
pub mod route;
