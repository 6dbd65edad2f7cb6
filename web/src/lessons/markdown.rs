//! A deliberately small Markdown renderer for lesson prose: paragraphs, `#` headings (skipped:
//! the page has its own), `**bold**` and `` `code` ``. It builds Yew nodes, so every character
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

/// Inline spans: `code`, **bold**, plain text.
pub fn inline(text: &str) -> Html {
    let mut nodes: Vec<Html> = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let code = rest.find('`');
        let bold = rest.find("**");
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
