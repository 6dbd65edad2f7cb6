//! One plot: a canvas that [`crate::lessons::plot::draw`] paints after the page has
//! rendered, its text summary as the canvas's label for screen readers, and a PNG export.
//! Lesson plots and the internals views (the fsync timeline, the pool map) all draw here.
//! The canvas is drawn at the width its figure has (a phone, a laptop, a projector in
//! presenter mode), and again whenever that width changes, so its text is never scaled down.

use crate::lessons::{export, plot};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, ResizeObserver};
use yew::prelude::*;

/// The narrowest and widest a plot is drawn, in CSS pixels.
const WIDTH_MIN: u32 = 280;
const WIDTH_MAX: u32 = 1600;

#[derive(Properties, PartialEq)]
pub struct PlotCanvasProps {
    /// The plot's id: its `data-plot` attribute and the PNG's file name.
    pub id: String,
    pub data: Rc<plot::PlotData>,
}

/// The canvas size for a figure `width` CSS pixels wide, in a window `window_height` tall:
/// a 16:9-ish plot that leaves room for its caption on a 720-pixel projector.
pub fn canvas_size(width: u32, window_height: u32) -> (u32, u32) {
    let width = width.clamp(WIDTH_MIN, WIDTH_MAX);
    let height_max = (window_height * 3 / 5).max(260);
    (width, (width * 5 / 9).clamp(260, height_max))
}

#[function_component(PlotCanvas)]
pub fn plot_canvas(props: &PlotCanvasProps) -> Html {
    let canvas = use_node_ref();
    let error = use_state(|| None::<String>);
    {
        let canvas = canvas.clone();
        let error = error.clone();
        use_effect_with(props.data.clone(), move |data| {
            let data = data.clone();
            // Each drawing runs in a task of its own, after the tables have rendered, so no
            // single main-thread task grows long; a resize waits for the next one.
            let pending: Rc<RefCell<Option<gloo::timers::callback::Timeout>>> = Rc::default();
            let redraw = {
                let pending = pending.clone();
                let canvas = canvas.clone();
                Rc::new(move || {
                    let canvas = canvas.clone();
                    let data = data.clone();
                    let error = error.clone();
                    let timer = gloo::timers::callback::Timeout::new(0, move || {
                        if let Some(c) = canvas.cast::<HtmlCanvasElement>() {
                            draw_fitted(&c, &data, &error);
                        }
                    });
                    *pending.borrow_mut() = Some(timer);
                })
            };
            redraw();
            let observed = {
                let redraw = redraw.clone();
                let drawn_width = Rc::new(std::cell::Cell::new(0u32));
                let callback = Closure::<dyn FnMut()>::new({
                    let canvas = canvas.clone();
                    move || {
                        let Some(figure) =
                            canvas.cast::<web_sys::Element>().and_then(|c| c.parent_element())
                        else {
                            return;
                        };
                        let width = figure.client_width().max(0) as u32;
                        if width.abs_diff(drawn_width.get()) > 4 {
                            drawn_width.set(width);
                            redraw();
                        }
                    }
                });
                let observer = ResizeObserver::new(callback.as_ref().unchecked_ref()).ok();
                if let (Some(observer), Some(figure)) =
                    (&observer, canvas.cast::<web_sys::Element>().and_then(|c| c.parent_element()))
                {
                    observer.observe(&figure);
                }
                (observer, callback)
            };
            move || {
                if let Some(observer) = &observed.0 {
                    observer.disconnect();
                }
                drop(observed);
                pending.borrow_mut().take();
            }
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

/// Sizes the canvas to its figure (attributes, never a style) and draws the plot.
fn draw_fitted(
    c: &HtmlCanvasElement,
    data: &plot::PlotData,
    error: &UseStateHandle<Option<String>>,
) {
    let width = c.parent_element().map_or(720, |f| f.client_width().max(0) as u32);
    let window_height = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .map_or(800, |h| h as u32);
    let (w, h) = canvas_size(width, window_height);
    if c.width() != w || c.height() != h {
        c.set_width(w);
        c.set_height(h);
    }
    match plot::draw(c.clone(), data, dark_theme()) {
        Ok(()) => {
            let _ = c.set_attribute("data-drawn", "true");
            let _ = c.set_attribute("data-width", &w.to_string());
        }
        Err(e) => error.set(Some(e)),
    }
}

/// Whether the browser asks for dark colours; plots are drawn in the theme of the moment,
/// since a canvas does not follow the stylesheet.
fn dark_theme() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn a_plot_is_drawn_at_its_figure_size_within_bounds() {
        assert_eq!(canvas_size(720, 900), (720, 400));
        assert_eq!(canvas_size(340, 844), (340, 260), "a phone: full width, readable height");
        assert_eq!(canvas_size(1250, 720), (1250, 432), "a projector: fits under 720 px");
        assert_eq!(canvas_size(5000, 2000), (1600, 888));
        assert_eq!(canvas_size(0, 0), (280, 260));
        assert_eq!(plot::font_px(340), 13);
        assert!(plot::font_px(1250) >= 20, "presenter mode's plots have large labels");
    }
}
