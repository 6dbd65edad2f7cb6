//! Exports of a lesson's results: tables as CSV, JSON and Markdown, plots as PNG. Files are
//! made in the page (a Blob and a download link); nothing leaves the machine.

use tunelab_core::lab::lesson::Table;
use wasm_bindgen::JsCast;

/// A table as CSV (RFC 4180 quoting).
pub fn csv(t: &Table) -> String {
    let field = |v: &str| {
        if v.contains([',', '"', '\n']) {
            format!("\"{}\"", v.replace('"', "\"\""))
        } else {
            v.to_string()
        }
    };
    let mut out = t.columns.iter().map(|c| field(c)).collect::<Vec<_>>().join(",") + "\n";
    for r in &t.rows {
        out += &(r.iter().map(|c| field(c)).collect::<Vec<_>>().join(",") + "\n");
    }
    out
}

/// A table as a Markdown table (pipes in cells escaped).
pub fn markdown(t: &Table) -> String {
    let cell = |v: &str| v.replace('|', "\\|");
    let mut out =
        format!("| {} |\n", t.columns.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | "));
    out += &format!("|{}\n", "---|".repeat(t.columns.len()));
    for r in &t.rows {
        out += &format!("| {} |\n", r.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | "));
    }
    out
}

/// A table as JSON.
pub fn json(t: &Table) -> String {
    serde_json::to_string_pretty(t).unwrap_or_default()
}

/// Offers `text` as a file download.
pub fn download_text(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    click_link(name, &url);
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Offers a canvas as a PNG download.
pub fn download_png(name: &str, canvas: &web_sys::HtmlCanvasElement) {
    if let Ok(url) = canvas.to_data_url_with_type("image/png") {
        click_link(name, &url);
    }
}

fn click_link(name: &str, href: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(a) = document.create_element("a") else { return };
    let Ok(a) = a.dyn_into::<web_sys::HtmlAnchorElement>() else { return };
    a.set_href(href);
    a.set_download(name);
    a.click();
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn formats_quote_what_needs_quoting() {
        let t = Table {
            id: "t".into(),
            title: "T".into(),
            columns: vec!["a".into(), "b".into()],
            rows: vec![vec!["1".into(), "x, \"y\"|z".into()]],
            awaiting: None,
        };
        assert_eq!(csv(&t), "a,b\n1,\"x, \"\"y\"\"|z\"\n");
        assert_eq!(markdown(&t), "| a | b |\n|---|---|\n| 1 | x, \"y\"\\|z |\n");
        assert!(json(&t).contains("\"rows\""));
    }
}
