//! The buffer pool map of the internals view: one run's map at a time, with a choice of run
//! when the lesson has several.

use super::PlotCanvas;
use crate::lessons::plot::PlotData;
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PoolMapViewProps {
    /// (run label, map) for each run that recorded a map, in run order.
    pub maps: Rc<Vec<(String, PlotData)>>,
}

#[function_component(PoolMapView)]
pub fn pool_map_view(props: &PoolMapViewProps) -> Html {
    // The first run shows first: in a sweep of pool sizes, the smallest pool, where a scan
    // cycles pages through the old part.
    let chosen = use_state(|| 0usize);
    let index = (*chosen).min(props.maps.len().saturating_sub(1));
    let Some((_, data)) = props.maps.get(index) else { return html! {} };
    let onchange = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                chosen.set(select.selected_index().max(0) as usize);
            }
        })
    };
    html! {
        <div class="pool-map">
            if props.maps.len() > 1 {
                <label class="pool-map-run">{ "Run " }
                    <select id="pool-map-run" {onchange}>
                        { for props.maps.iter().enumerate().map(|(i, (label, _))| html! {
                            <option value={i.to_string()} selected={i == index}>{ label.clone() }</option>
                        }) }
                    </select>
                </label>
            }
            <PlotCanvas id="internals-lru" data={Rc::new(data.clone())} />
        </div>
    }
}
