//! The plots: each of the lesson's plots drawn from the result tables (A and B on the same
//! axes in a comparison), or why it cannot be drawn yet, then the engine's internals views.

use super::state::LessonState;
use super::{ab, internals, presenter};
use crate::components::PlotCanvas;
use crate::lessons::{markdown, plot};
use std::rc::Rc;
use tunelab_core::lab::lesson::{Lesson, Table};
use yew::prelude::*;

/// The plots section. `tables` are A's and B's, built from the finished runs.
pub fn view(lesson: &Lesson, state: &LessonState, tables: &[Vec<Table>; 2], done: bool) -> Html {
    let configs = ab::configurations(state.b.is_some(), tables);
    html! {
        <section class={classes!(presenter::part_classes(state, presenter::PLOTS), "plots")} tabindex="-1" aria-labelledby="plots-title">
            <h2 id="plots-title">{ "Plots" }</h2>
            if done {
                { for lesson.plots.iter().map(|spec| {
                    let picked: Vec<(&str, &Table)> = configs.iter().filter_map(|(name, c)| {
                        let i = lesson.tables.iter().position(|t| t.id == spec.table)?;
                        tables[*c].get(i).map(|t| (*name, t))
                    }).collect();
                    match plot::data(spec, &picked) {
                        Ok(data) => html! { <PlotCanvas id={spec.id.clone()} data={Rc::new(data)} /> },
                        Err(why) => html! {
                            <div class="plot-waiting" data-plot={spec.id.clone()}>
                                <h3>{ spec.title.clone() }</h3>
                                <p class="notice">{ markdown::inline(&why) }</p>
                            </div>
                        },
                    }
                }) }
            }
            // The engine's internals belong with the plots: presenter mode shows them in the
            // same part.
            if done && !lesson.internals.is_empty() {
                { internals::view(lesson, &state.outcomes[0]) }
            }
        </section>
    }
}
