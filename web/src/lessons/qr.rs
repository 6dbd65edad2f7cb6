//! A QR code of a link, for a projector: the `qrcode` crate computes the modules and this
//! module builds an SVG of `<rect>`s with DOM calls (never from markup text).

use qrcode::{Color, QrCode};
use web_sys::{Document, Element};

const SVG: &str = "http://www.w3.org/2000/svg";

/// The SVG element for `text`, or `None` when it does not fit a QR code.
pub fn svg(document: &Document, text: &str) -> Option<Element> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let quiet = 4;
    let size = width + 2 * quiet;
    let svg = document.create_element_ns(Some(SVG), "svg").ok()?;
    svg.set_attribute("viewBox", &format!("0 0 {size} {size}")).ok()?;
    svg.set_attribute("class", "qr").ok()?;
    svg.set_attribute("role", "img").ok()?;
    svg.set_attribute("aria-label", "QR code of the lesson link").ok()?;
    let bg = document.create_element_ns(Some(SVG), "rect").ok()?;
    for (k, v) in
        [("width", size.to_string()), ("height", size.to_string()), ("fill", "#fff".into())]
    {
        bg.set_attribute(k, &v).ok()?;
    }
    svg.append_child(&bg).ok()?;
    // One path for all dark modules keeps the DOM small.
    let mut d = String::new();
    for (i, c) in code.to_colors().iter().enumerate() {
        if *c == Color::Dark {
            let (x, y) = (i % width + quiet, i / width + quiet);
            d.push_str(&format!("M{x} {y}h1v1h-1z"));
        }
    }
    let path = document.create_element_ns(Some(SVG), "path").ok()?;
    path.set_attribute("d", &d).ok()?;
    path.set_attribute("fill", "#000").ok()?;
    svg.append_child(&path).ok()?;
    Some(svg)
}
