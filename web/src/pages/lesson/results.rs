//! The results: each of the lesson's tables (once per configuration in an A/B comparison,
//! then the differences), each with CSV, JSON and Markdown exports. Every figure comes from
//! the simulated server's outcomes; a table the engine cannot fill yet says why.

use super::state::LessonState;
use super::{ab, presenter};
use crate::lessons::{export, markdown};
use tunelab_core::lab::lesson::{Lesson, Table};
use yew::prelude::*;

/// The results section. `tables` are A's and B's, built from the finished runs.
pub fn view(lesson: &Lesson, state: &LessonState, tables: &[Vec<Table>; 2], done: bool) -> Html {
    let configs = ab::configurations(state.b.is_some(), tables);
    html! {
        <section class={classes!(presenter::part_classes(state, presenter::RESULTS), "results")} tabindex="-1" aria-labelledby="results-title" aria-live="polite">
            <h2 id="results-title">{ "Results" }</h2>
            if !done {
                <p class="knob-help">{ "Run the experiment to see its figures. Every number here comes from the simulated server." }</p>
            } else {
                { for (0..lesson.tables.len()).map(|i| html! {
                    <div class="result-block">
                        { for configs.iter().map(|(name, c)| {
                            let t = tables[*c].get(i).cloned().unwrap_or_default();
                            result_table(&t, name)
                        }) }
                    </div>
                }) }
                if state.b.is_some() && !tables[1].is_empty() {
                    { result_table(&ab::differences(&state.outcomes), "") }
                }
            }
        </section>
    }
}

/// One table with its exports. `config` names the configuration ("A", "B") in an A/B
/// comparison, and is empty otherwise; it goes into the title, the id and the file names.
fn result_table(t: &Table, config: &str) -> Html {
    let title = if config.is_empty() { t.title.clone() } else { format!("{} ({config})", t.title) };
    let table_id = format!(
        "table-{}{}",
        t.id,
        if config.is_empty() { String::new() } else { format!("-{}", config.to_lowercase()) }
    );
    let name =
        format!("{}{}", t.id, if config.is_empty() { String::new() } else { format!("-{config}") });
    let download = |extension: &'static str, mime: &'static str, text: fn(&Table) -> String| {
        let t = t.clone();
        let file = format!("{name}.{extension}");
        Callback::from(move |_: MouseEvent| export::download_text(&file, mime, &text(&t)))
    };
    let csv = download("csv", "text/csv", export::csv);
    let json = download("json", "application/json", export::json);
    let md = download("md", "text/markdown", export::markdown);
    html! {
        <figure class="result-table" id={table_id.clone()} data-table={t.id.clone()}>
            <figcaption>{ title }</figcaption>
            if let Some(why) = &t.awaiting {
                <p class="notice" data-awaiting="true">{ markdown::inline(why) }</p>
            } else {
                <div class="table-scroll" tabindex="0" role="region" aria-label={t.title.clone()}>
                    <table class="mysql">
                        <thead><tr>{ for t.columns.iter().map(|c| html! { <th scope="col">{ c.clone() }</th> }) }</tr></thead>
                        <tbody>{ for t.rows.iter().map(|r| html! {
                            <tr>{ for r.iter().map(|c| {
                                let numeric = tunelab_core::lab::lesson::number(c).is_some();
                                html! { <td class={numeric.then_some("num")}>{ c.clone() }</td> }
                            }) }</tr>
                        }) }</tbody>
                    </table>
                </div>
                <div class="export" role="group" aria-label={format!("Export {}", t.title)}>
                    <button type="button" class="button button-small" onclick={csv}>{ "CSV" }</button>
                    <button type="button" class="button button-small" onclick={json}>{ "JSON" }</button>
                    <button type="button" class="button button-small" onclick={md}>{ "Markdown" }</button>
                </div>
            }
        </figure>
    }
}
