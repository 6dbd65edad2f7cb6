//! One plot: a canvas that [`crate::lessons::plot::draw`] paints after the page has
//! rendered, its text summary as the canvas's label for screen readers, and a PNG export.
//! Lesson plots and the internals views (the fsync timeline, the pool map) all draw here.

use crate::lessons::{export, plot};
use std::rc::Rc;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PlotCanvasProps {
    /// The plot's id: its `data-plot` attribute and the PNG's file name.
    pub id: String,
    pub data: Rc<plot::PlotData>,
}

#[function_component(PlotCanvas)]
pub fn plot_canvas(props: &PlotCanvasProps) -> Html {
    let canvas = use_node_ref();
    let error = use_state(|| None::<String>);
    {
        let canvas = canvas.clone();
        let error = error.clone();
        use_effect_with(props.data.clone(), move |data| {
            // Each plot draws in a task of its own, after the tables have rendered, so no
            // single main-thread task grows long.
            let data = data.clone();
            let timer = gloo::timers::callback::Timeout::new(0, move || {
                if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                    match plot::draw(c.clone(), &data, dark_theme()) {
                        Ok(()) => {
                            let _ = c.set_attribute("data-drawn", "true");
                        }
                        Err(e) => error.set(Some(e)),
                    }
                }
            });
            move || drop(timer)
        });
    }
    let png = {
        let canvas = canvas.clone();
        let id = props.id.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                export::download_png(&format!("{id}.png"), &c);
            }
        })
    };
    let summary = props.data.summary();
    html! {
        <figure class="plot" data-plot={props.id.clone()}>
            <canvas ref={canvas} width="720" height="400" role="img"
                aria-label={format!("{}. {}", props.data.title, summary)}></canvas>
            if let Some(e) = &*error { <p class="notice">{ format!("The plot could not be drawn: {e}") }</p> }
            <div class="export">
                <button type="button" class="button button-small" onclick={png}>{ "PNG" }</button>
            </div>
        </figure>
    }
}

/// Whether the browser asks for dark colours; plots are drawn once, in the theme of the
/// moment, since a canvas does not follow the stylesheet.
fn dark_theme() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}
