//! The app's shell: a navigation bar and the view the URL fragment names ([`Route`]): the
//! console ([`super::App`]), the lesson index or a lesson. It follows `hashchange`, so links
//! between views are plain anchors and the Back button works.

use super::{App, LessonIndex, LessonPage};
use crate::lessons::route::{self, Route};
use gloo::events::EventListener;
use yew::prelude::*;

fn current_route() -> Route {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    route::parse(&hash)
}

#[function_component(Root)]
pub fn root() -> Html {
    let route = use_state(current_route);
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "hashchange", move |_| {
                    let next = current_route();
                    // A new experiment link is the console's own business.
                    if !(next == Route::Console && *route == Route::Console) {
                        route.set(next);
                    }
                })
            });
            move || drop(listener)
        });
    }
    let view = match &*route {
        Route::Console => html! { <App /> },
        Route::Index { notice } => {
            html! { <LessonIndex notice={notice.clone().map(AttrValue::from)} /> }
        }
        Route::Lesson { lesson, knobs, b } => html! {
            <LessonPage key={lesson.id.clone()} lesson={lesson.clone()} knobs={knobs.clone()} b={b.clone()} />
        },
    };
    let current = |on: bool| if on { Some("page") } else { None };
    html! {
        <>
            <nav class="topnav" aria-label="Main">
                <a href="#" aria-current={current(*route == Route::Console)}>{ "Console" }</a>
                <a href="#lessons" aria-current={current(*route != Route::Console)}>{ "Lessons" }</a>
            </nav>
            { view }
        </>
    }
}
