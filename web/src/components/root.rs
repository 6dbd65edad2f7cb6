//! The app's shell: a navigation bar and the page the URL fragment names ([`Route`]): the
//! console, the lesson index, a lesson or the slow log page. It follows `hashchange`, so links between pages are
//! plain anchors and the Back button works.

use crate::route::{self, Route};
use yew::prelude::*;

#[function_component(Root)]
pub fn root() -> Html {
    let route = use_state(route::current);
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = route::on_hash_change(move || {
                let next = route::current();
                if route.changes_page(&next) {
                    route.set(next);
                }
            });
            move || drop(listener)
        });
    }
    // The document's title names the page, for tabs, history and screen readers.
    use_effect_with((*route).clone(), |route| {
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(&route.title());
        }
    });
    let current = |on: bool| if on { Some("page") } else { None };
    html! {
        <>
            <nav class="topnav" aria-label="Main">
                <a href="#" aria-current={current(*route == Route::Console)}>{ "Console" }</a>
                <a href="#lessons" aria-current={current(matches!(*route, Route::Index { .. } | Route::Lesson { .. }))}>{ "Lessons" }</a>
                <a href="#digest" aria-current={current(matches!(*route, Route::Digest { .. }))}>{ "Rank a slow log" }</a>
            </nav>
            { route.page() }
        </>
    }
}
