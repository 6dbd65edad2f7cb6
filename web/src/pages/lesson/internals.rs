//! "Inside the engine": the views of the engine's internals a lesson asks for, drawn from
//! configuration A's outcomes. `lru` is the buffer pool map; any other view is the fsync
//! timeline. [`crate::lessons::internals`] turns the outcomes into plot data and a note.

use crate::components::{PlotCanvas, PoolMapView};
use crate::lessons::{internals, markdown};
use std::rc::Rc;
use tunelab_core::lab::experiment::Outcome;
use tunelab_core::lab::lesson::Lesson;
use yew::prelude::*;

/// The section with each of the lesson's views, its note above its drawing.
pub fn view(lesson: &Lesson, outcomes: &[(String, Outcome)]) -> Html {
    html! {
        <section class="internals" aria-labelledby="internals-title">
            <h2 id="internals-title">{ "Inside the engine" }</h2>
            { for lesson.internals.iter().map(|view| {
                let (drawing, note) = match view.as_str() {
                    "lru" => {
                        let (maps, note) = internals::pool_maps(outcomes);
                        (html! { <PoolMapView maps={Rc::new(maps)} /> }, note)
                    }
                    _ => {
                        let (data, note) = internals::fsync(outcomes);
                        let drawing = data.map_or(html! {}, |data| html! {
                            <PlotCanvas id={format!("internals-{view}")} data={Rc::new(data)} />
                        });
                        (drawing, note)
                    }
                };
                html! {
                    <div class="internals-view" data-internals={view.clone()}>
                        <p class="knob-help">{ markdown::inline(&note) }</p>
                        { drawing }
                    </div>
                }
            }) }
        </section>
    }
}
