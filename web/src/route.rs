//! Routing, in one place: which page the URL fragment shows ([`Route`], read by [`parse`],
//! shown by [`Route::page`]), the fragments the pages write (a lesson link,
//! [`lesson_fragment`]; the console's share link, [`experiment_fragment`], read back by
//! [`read_experiment`]), and the page's `location` itself.
//!
//! The fragments: none, an in-page anchor or an experiment link (`#x1.`) is the console;
//! `#lessons` is the lesson index; `#lesson/ID` or a lesson link (`#l1.`, with knob values) is
//! a lesson; `#digest` is the page that ranks a learner's own slow log, and `#digest/QUERY_ID`
//! that page showing one class's report. A lesson link that cannot be opened, names no lesson or holds bad knob values
//! opens the index with one sentence saying why (as text). A link's first two characters are
//! its kind and format version, so a damaged or future link is reported, never mistaken for
//! an anchor.

use crate::pages::{ConsolePage, DigestPage, LessonIndex, LessonPage};
use gloo::events::EventListener;
use std::rc::Rc;
use tunelab_core::lab::experiment::Experiment;
use tunelab_core::lab::lesson::{self, KnobValues, Lesson};
use tunelab_core::lab::link::{self, LessonLink, Opened};
use wasm_bindgen::JsValue;
use yew::prelude::*;

/// A page of the app, with what the URL told it to open.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    Console,
    Index {
        notice: Option<String>,
    },
    /// A lesson; `notice` says which of a link's knob values were dropped for their defaults.
    Lesson {
        lesson: Rc<Lesson>,
        knobs: KnobValues,
        b: Option<KnobValues>,
        notice: Option<String>,
    },
    /// The slow log page; `class` is the Query ID (`0x…`) of the class whose report it shows.
    Digest {
        class: Option<String>,
    },
}

/// The route for a `location.hash` (with or without `#`).
pub fn parse(hash: &str) -> Route {
    let fragment = hash.strip_prefix('#').unwrap_or(hash).trim();
    if fragment == "lessons" {
        return Route::Index { notice: None };
    }
    if fragment == "digest" {
        return Route::Digest { class: None };
    }
    if let Some(id) = fragment.strip_prefix("digest/") {
        return Route::Digest { class: Some(clip(id)) };
    }
    if let Some(id) = fragment.strip_prefix("lesson/") {
        return open(LessonLink { lesson: id.to_string(), ..LessonLink::default() });
    }
    if !is_link(fragment, 'l') {
        return Route::Console;
    }
    match link::decode_any(fragment) {
        Ok(Opened::Lesson(l)) => open(l),
        Ok(Opened::Experiment(_)) => Route::Console,
        Err(reason) => failed(&reason),
    }
}

impl Route {
    /// The page this route shows. A lesson is keyed by its id, so opening another lesson
    /// starts a fresh page (no prediction, no results) instead of reusing the last one's.
    pub fn page(&self) -> Html {
        match self {
            Route::Console => html! { <ConsolePage /> },
            Route::Index { notice } => {
                html! { <LessonIndex notice={notice.clone().map(AttrValue::from)} /> }
            }
            Route::Lesson { lesson, knobs, b, notice } => html! {
                <LessonPage key={lesson.id.clone()} lesson={lesson.clone()} knobs={knobs.clone()} b={b.clone()}
                    notice={notice.clone().map(AttrValue::from)} />
            },
            // One page for the profile and every class's report, so the opened log and its
            // ranking stay while the learner follows links between them.
            Route::Digest { class } => {
                html! { <DigestPage class={class.clone().map(AttrValue::from)} /> }
            }
        }
    }

    /// The document title for the page.
    pub fn title(&self) -> String {
        match self {
            Route::Console => "TuneLab · MySQL tuning laboratory".into(),
            Route::Index { .. } => "Lessons · TuneLab".into(),
            Route::Lesson { lesson, .. } => format!("{} · Lessons · TuneLab", lesson.title),
            Route::Digest { class: None } => "Rank a slow log · TuneLab".into(),
            Route::Digest { class: Some(id) } => format!("Query {id} · Rank a slow log · TuneLab"),
        }
    }

    /// Whether a `hashchange` to `next` replaces the page shown for `self`. On the console a
    /// new experiment link is the console's own business: it restarts itself from the link.
    pub fn changes_page(&self, next: &Route) -> bool {
        !(*next == Route::Console && *self == Route::Console)
    }
}

/// Whether `fragment` starts like a link of `kind` (`x` an experiment, `l` a lesson): the
/// kind, then the format version's first digit.
fn is_link(fragment: &str, kind: char) -> bool {
    let mut chars = fragment.chars();
    chars.next() == Some(kind) && chars.next().is_some_and(|c| c.is_ascii_digit())
}

fn failed(reason: &str) -> Route {
    let reason = reason.trim_end_matches('.');
    Route::Index {
        notice: Some(format!(
            "This lesson link could not be opened: {reason}. Pick a lesson from the list."
        )),
    }
}

fn open(l: LessonLink) -> Route {
    let Some(found) = lesson::find(&l.lesson) else {
        return failed(&format!("there is no lesson called '{}'", clip(&l.lesson)));
    };
    if found.status != lesson::Status::Ready {
        return failed(&format!("the lesson '{}' is still to come", found.title));
    }
    // A link only ever carries valid values when the page made it; one that does not opens
    // with the defaults for the values it got wrong, and says which.
    let (knobs, mut dropped) = found.resolve_knobs_or_defaults(&l.knobs);
    let b = l.b.as_ref().map(|b| {
        let (values, wrong) = found.resolve_knobs_or_defaults(b);
        dropped.extend(wrong.into_iter().map(|w| format!("in B, {w}")));
        values
    });
    let notice = (!dropped.is_empty()).then(|| {
        format!("Some of this link's knob values could not be used: {}.", dropped.join("; "))
    });
    Route::Lesson { lesson: Rc::new(found), knobs, b, notice }
}

/// At most 80 characters of text that came from a link.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(80).collect();
    if s.chars().count() > 80 {
        out.push('…');
    }
    out
}

/// The lesson link fragment (without `#`) for these knobs: only values that differ from the
/// defaults are carried, so links stay short.
pub fn lesson_fragment(lesson: &Lesson, knobs: &KnobValues, b: Option<&KnobValues>) -> String {
    let defaults = lesson.default_knobs();
    let changed = |k: &KnobValues| -> KnobValues {
        k.iter()
            .filter(|(id, v)| defaults.get(*id) != Some(*v))
            .map(|(a, b)| (a.clone(), b.clone()))
            .collect()
    };
    link::encode_lesson(&LessonLink {
        lesson: lesson.id.clone(),
        knobs: changed(knobs),
        b: b.map(changed),
    })
}

/// The URL fragment (without `#`) that reopens `experiment` in the console.
pub fn experiment_fragment(experiment: &Experiment) -> String {
    link::encode(experiment)
}

/// Reads a `location.hash` for the console: `None` when it holds no experiment link (empty,
/// or an in-page anchor such as `#console-input`), else the experiment or the reason it
/// cannot be opened (one sentence, shown as text).
pub fn read_experiment(hash: &str) -> Option<Result<Experiment, String>> {
    let fragment = hash.strip_prefix('#').unwrap_or(hash).trim();
    if !is_link(fragment, 'x') {
        return None;
    }
    Some(link::decode(fragment).map_err(|reason| {
        let reason = reason.trim_end_matches('.');
        format!("This share link could not be opened: {reason}. A fresh console was started.")
    }))
}

/// The page's `location.hash`, with its `#` (empty when there is none).
pub fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// The route of the page's URL now.
pub fn current() -> Route {
    parse(&current_hash())
}

/// The page's URL with `fragment` (without `#`) in place of its own: what a link shows.
pub fn page_url(fragment: &str) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or("").to_string())
        .unwrap_or_default();
    format!("{base}#{fragment}")
}

/// Puts `url` (a path, or a `#fragment`) in the address bar without a new history entry or a
/// `hashchange`: replacing rather than pushing, so Back leaves the page instead of wiping it.
pub fn replace_url(url: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(url));
    }
}

/// Removes the fragment from the URL, the same way as [`replace_url`].
pub fn clear_hash() {
    let Some(window) = web_sys::window() else { return };
    if current_hash().is_empty() {
        return;
    }
    let location = window.location();
    replace_url(&format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    ));
}

/// Calls `on_change` after each `hashchange` of the page, as long as the listener is kept.
pub fn on_hash_change(mut on_change: impl FnMut() + 'static) -> Option<EventListener> {
    web_sys::window().map(|window| EventListener::new(&window, "hashchange", move |_| on_change()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tunelab_core::lab::experiment::{Setting, Step};
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn routes_links_and_damage() {
        assert_eq!(parse(""), Route::Console);
        assert_eq!(parse("#console-input"), Route::Console);
        assert_eq!(parse("#lessons"), Route::Index { notice: None });
        assert!(matches!(parse("#lesson/durability"), Route::Lesson { .. }));
        assert_eq!(parse("#digest"), Route::Digest { class: None });
        assert_eq!(
            parse("#digest/0x6D35C40A4CEB43A0"),
            Route::Digest { class: Some("0x6D35C40A4CEB43A0".into()) }
        );
        assert!(parse("#digest").changes_page(&parse("#digest/0x1")));
        let fixture = include_str!("../../lessons/fixtures/lesson_link_v1.txt").trim();
        let hash = fixture.rsplit_once('#').unwrap().1;
        match parse(hash) {
            Route::Lesson { lesson, knobs, b, notice } => {
                assert!(notice.is_none());
                assert_eq!(lesson.id, "durability");
                assert_eq!(knobs.get("fsync_us"), Some(&Setting::Int(40)));
                assert!(b.is_none());
            }
            other => panic!("{other:?}"),
        }
        for bad in
            ["#l1.AAAA<script>", "#l1.", "#l9.xyz", "#lesson/<b>nope</b>", "#lesson/no-such-lesson"]
        {
            match parse(bad) {
                Route::Index { notice: Some(n) } => assert!(n.starts_with("This lesson link")),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_link_with_invalid_knobs_opens_with_the_defaults_and_says_which() {
        let lesson = lesson::find("durability").unwrap();
        let mut knobs = lesson.default_knobs();
        knobs.insert("fsync_us".into(), Setting::Int(-5));
        let f = link::encode_lesson(&LessonLink { lesson: lesson.id.clone(), knobs, b: None });
        match parse(&f) {
            Route::Lesson { knobs, notice: Some(n), .. } => {
                assert_eq!(knobs, lesson.default_knobs());
                assert!(n.contains("fsync latency was -5"), "{n}");
                assert!(!n.contains("fsync_us"), "{n}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_lesson_link_round_trips_and_stays_short() {
        let lesson = lesson::find("buffer-pool").unwrap();
        let mut knobs = lesson.default_knobs();
        knobs.insert("memory_mb".into(), Setting::Int(1024));
        let b = lesson.default_knobs();
        let f = lesson_fragment(&lesson, &knobs, Some(&b));
        assert!(f.len() <= 2000, "{}", f.len());
        match parse(&f) {
            Route::Lesson { knobs: k, b: Some(bb), notice: None, .. } => {
                assert_eq!(k, knobs);
                assert_eq!(bb, b);
            }
            other => panic!("{other:?}"),
        }
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn an_experiment_link_round_trips_and_a_damaged_one_explains_itself() {
        let experiment = Experiment {
            seed: 7,
            steps: vec![Step { title: String::new(), sql: "SELECT @@max_connections;".into() }],
            ..Experiment::default()
        };
        let hash = format!("#{}", experiment_fragment(&experiment));
        assert_eq!(read_experiment(&hash), Some(Ok(experiment)));
        assert_eq!(parse(&hash), Route::Console);
        assert_eq!(read_experiment(""), None);
        assert_eq!(read_experiment("#"), None);
        assert_eq!(read_experiment("#console-input"), None, "an in-page anchor is not a link");
        assert!(read_experiment("#x9.abc").unwrap().unwrap_err().contains("newer TuneLab"));
        let error = read_experiment("#x1.garbage!!").unwrap().unwrap_err();
        assert!(error.starts_with("This share link could not be opened: the link is damaged"));
        assert!(error.ends_with("A fresh console was started."), "{error}");
        assert!(!error.contains(".."), "{error}");
    }
}
