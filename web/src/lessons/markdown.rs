//! A deliberately small Markdown renderer for lesson prose: paragraphs, `#` headings (skipped:
//! the page has its own), `**bold**`, `*emphasis*`, `` `code` `` and links to the app's own
//! pages (`[text](#digest)`: a fragment only, so prose never links off the site). It builds Yew nodes, so every character
//! is text: nothing in the prose, or in anything else, is ever parsed as markup.

use yew::prelude::*;

/// The prose as paragraphs of nodes.
pub fn render(markdown: &str) -> Html {
    let paragraphs: Vec<String> = markdown
        .split("\n\n")
        .map(|p| p.lines().map(str::trim).collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty() && !p.starts_with('#'))
        .collect();
    paragraphs.iter().map(|p| html! { <p>{ inline(p) }</p> }).collect::<Html>()
}

/// Inline spans: `code`, **bold**, *emphasis*, [links](#page), plain text.
pub fn inline(text: &str) -> Html {
    let mut nodes: Vec<Html> = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let code = rest.find('`');
        let bold = rest.find("**");
        let em = single_star(rest);
        // A link when it comes before any other span.
        if let Some((at, label, href, end)) = find_link(rest).filter(|(at, ..)| {
            code.is_none_or(|c| *at < c)
                && bold.is_none_or(|b| *at < b)
                && em.is_none_or(|e| *at < e)
        }) {
            nodes.push(html! { { rest[..at].to_string() } });
            nodes.push(html! { <a href={href.to_string()}>{ inline(label) }</a> });
            rest = &rest[end..];
            continue;
        }
        // Emphasis when its `*` comes before any bold or code span.
        if let Some(e) = em.filter(|e| code.is_none_or(|c| *e < c) && bold.is_none_or(|b| *e < b)) {
            if let Some(end) = single_star(&rest[e + 1..]) {
                nodes.push(html! { { rest[..e].to_string() } });
                nodes.push(html! { <em>{ inline(&rest[e + 1..e + 1 + end]) }</em> });
                rest = &rest[e + 2 + end..];
                continue;
            }
        }
        match (code, bold) {
            (Some(c), b) if b.is_none_or(|b| c < b) => {
                let Some(end) = rest[c + 1..].find('`') else { break };
                nodes.push(html! { { rest[..c].to_string() } });
                nodes.push(html! { <code>{ rest[c + 1..c + 1 + end].to_string() }</code> });
                rest = &rest[c + 2 + end..];
            }
            (_, Some(b)) => {
                let Some(end) = rest[b + 2..].find("**") else { break };
                nodes.push(html! { { rest[..b].to_string() } });
                nodes.push(html! { <strong>{ inline(&rest[b + 2..b + 2 + end]) }</strong> });
                rest = &rest[b + 4 + end..];
            }
            _ => break,
        }
    }
    nodes.push(html! { { rest.to_string() } });
    nodes.into_iter().collect::<Html>()
}

/// The first `[label](#fragment)` in `text`: its start, label, href and end. The fragment
/// holds letters, digits and `/-_.` only; anything else is not a link and stays text.
fn find_link(text: &str) -> Option<(usize, &str, &str, usize)> {
    let mut from = 0;
    while let Some(open) = text[from..].find('[').map(|i| i + from) {
        from = open + 1;
        let close = text[open..].find("](#").map(|i| i + open)?;
        let label = &text[open + 1..close];
        if label.is_empty() || label.contains('[') {
            continue;
        }
        let end = text[close + 2..].find(')').map(|i| i + close + 2)?;
        let href = &text[close + 2..end];
        let safe = |c: char| c.is_ascii_alphanumeric() || "/-_.".contains(c);
        if href.len() > 1 && href[1..].chars().all(safe) {
            return Some((open, label, href, end + 1));
        }
    }
    None
}

/// The byte offset of the first `*` in `text` that is not part of a `**`.
fn single_star(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'*' {
            if bytes.get(i + 1) == Some(&b'*') {
                i += 2;
                continue;
            }
            return Some(i);
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn emphasis_is_found_apart_from_bold() {
        assert_eq!(single_star("the map under *Inside the engine* draws"), Some(14));
        assert_eq!(single_star("**bold** and *em*"), Some(13));
        assert_eq!(single_star("**bold**"), None);
        assert_eq!(single_star("no stars"), None);
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn links_go_to_the_apps_own_pages_only() {
        assert_eq!(
            find_link("then [rank your log](#digest) here"),
            Some((5, "rank your log", "#digest", 29))
        );
        assert_eq!(find_link("[a](https://example.com)"), None);
        assert_eq!(find_link("[a](#x\"onclick)"), None);
        assert_eq!(
            find_link("[x] and [b](#lesson/slow-log)"),
            Some((8, "b", "#lesson/slow-log", 29))
        );
        assert_eq!(find_link("a [b](#) c"), None);
    }
}
