//! Lesson component tests in a real browser: the index lists every lesson in the chapter's
//! order with the coming ones marked, a link's notice is text only, and a lesson page asks
//! for a prediction before it lets the learner run.

use gloo::timers::future::sleep;
use std::rc::Rc;
use std::time::Duration;
use tunelab_core::lab::lesson;
use tunelab_web::pages::{LessonIndex, LessonIndexProps, LessonPage, LessonPageProps};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

fn root() -> Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let div = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

async fn settle() {
    sleep(Duration::from_millis(30)).await;
}

#[wasm_bindgen_test]
async fn the_index_lists_lessons_in_order_and_shows_notices_as_text() {
    let div = root();
    let props = LessonIndexProps { notice: Some("could not be opened: <img src=x>".into()) };
    yew::Renderer::<LessonIndex>::with_root_and_props(div.clone(), props).render();
    settle().await;
    let cards = div.query_selector_all(".lesson-card").unwrap();
    // One card per lesson of the catalog, and the catalog holds the ten lessons.
    let catalog = lesson::catalog().unwrap();
    assert_eq!(catalog.len(), 10);
    assert_eq!(cards.length() as usize, catalog.len());
    let first: Element = cards.get(0).unwrap().dyn_into().unwrap();
    assert_eq!(first.get_attribute("data-lesson").as_deref(), Some("buffer-pool"));
    // Every lesson is ready: none is marked as coming.
    assert_eq!(div.query_selector_all(".lesson-coming").unwrap().length(), 0);
    let notice = div.query_selector("#link-notice").unwrap().unwrap();
    assert!(notice.text_content().unwrap().contains("<img src=x>"));
    assert!(div.query_selector("img").unwrap().is_none(), "nothing injected");
}

#[wasm_bindgen_test]
async fn a_lesson_asks_for_a_prediction_before_it_runs() {
    let div = root();
    let l = lesson::find("durability").unwrap();
    let knobs = l.default_knobs();
    let props = LessonPageProps { lesson: Rc::new(l), knobs, b: None, notice: None };
    yew::Renderer::<LessonPage>::with_root_and_props(div.clone(), props).render();
    settle().await;
    let run: HtmlElement = div.query_selector("#run-button").unwrap().unwrap().dyn_into().unwrap();
    assert!(run.has_attribute("disabled"), "Run waits for a prediction");
    let radio: HtmlInputElement = div
        .query_selector("input[name=prediction][value=tenfold]")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    radio.click();
    settle().await;
    let commit: HtmlElement =
        div.query_selector("#commit-button").unwrap().unwrap().dyn_into().unwrap();
    commit.click();
    settle().await;
    assert!(div.query_selector("#committed").unwrap().is_some());
    assert!(!run.has_attribute("disabled"), "Run is enabled once committed");
    let fsync = div.query_selector("#knob-fsync_us-a").unwrap().expect("the fsync knob");
    assert_eq!(fsync.get_attribute("inputmode").as_deref(), Some("numeric"));
    // Knobs are checked as the learner types, in their words; Run waits for a valid value.
    let field: HtmlInputElement = fsync.clone().dyn_into().unwrap();
    let type_in = |text: &str| {
        field.set_value(text);
        let event = web_sys::InputEvent::new("input").unwrap();
        field.dispatch_event(&event).unwrap();
    };
    for bad in ["-5", "", "99999999", "1e3"] {
        type_in(bad);
        settle().await;
        assert_eq!(fsync.get_attribute("aria-invalid").as_deref(), Some("true"), "{bad}");
        assert!(run.has_attribute("disabled"), "Run waits for a valid {bad}");
        let error = div.query_selector("#knob-fsync_us-a-error").unwrap().unwrap();
        let text = error.text_content().unwrap();
        assert!(text.starts_with("fsync latency "), "{text}");
        assert!(text.contains("from 10 to 20,000 µs"), "{text}");
    }
    type_in("300");
    settle().await;
    assert_eq!(fsync.get_attribute("aria-invalid"), None);
    assert!(!run.has_attribute("disabled"), "a valid value enables Run again");
    assert!(div.query_selector("#knob-fsync_us-a-error").unwrap().is_none());
    assert!(
        div.query_selector("#knob-trx-a").unwrap().is_none(),
        "knobs set by each run are not shown"
    );
    let link: HtmlInputElement =
        div.query_selector("#lesson-link").unwrap().unwrap().dyn_into().unwrap();
    assert!(link.value().contains("#l1."), "{}", link.value());
}
