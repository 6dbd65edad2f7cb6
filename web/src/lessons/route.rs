//! Which view the URL fragment asks for: the console (no fragment, an experiment link
//! `#x1.`, or an in-page anchor), the lesson index (`#lessons`), or a lesson (`#lesson/ID`, or
//! a lesson link `#l1.` with knob values). A lesson link that cannot be opened, names no
//! lesson or holds bad knob values opens the index with one sentence saying why (as text).

use std::rc::Rc;
use tunelab_core::lab::lesson::{self, KnobValues, Lesson};
use tunelab_core::lab::link::{self, LessonLink, Opened};

/// A view of the app.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    Console,
    Index { notice: Option<String> },
    Lesson { lesson: Rc<Lesson>, knobs: KnobValues, b: Option<KnobValues> },
}

/// The route for a `location.hash` (with or without `#`).
pub fn parse(hash: &str) -> Route {
    let fragment = hash.strip_prefix('#').unwrap_or(hash).trim();
    if fragment == "lessons" {
        return Route::Index { notice: None };
    }
    if let Some(id) = fragment.strip_prefix("lesson/") {
        return open(LessonLink { lesson: id.to_string(), ..LessonLink::default() });
    }
    let mut chars = fragment.chars();
    let is_lesson_link =
        chars.next() == Some('l') && chars.next().is_some_and(|c| c.is_ascii_digit());
    if !is_lesson_link {
        return Route::Console;
    }
    match link::decode_any(fragment) {
        Ok(Opened::Lesson(l)) => open(l),
        Ok(Opened::Experiment(_)) => Route::Console,
        Err(reason) => failed(&reason),
    }
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
    let knobs = match found.resolve_knobs(&l.knobs) {
        Ok(k) => k,
        Err(e) => return failed(&format!("its settings are invalid ({})", clip(&e))),
    };
    let b = match l.b.as_ref().map(|b| found.resolve_knobs(b)).transpose() {
        Ok(b) => b,
        Err(e) => return failed(&format!("its B settings are invalid ({})", clip(&e))),
    };
    Route::Lesson { lesson: Rc::new(found), knobs, b }
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

#[cfg(test)]
mod tests {
    use super::*;
    use tunelab_core::lab::experiment::Setting;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn routes_links_and_damage() {
        assert_eq!(parse(""), Route::Console);
        assert_eq!(parse("#console-input"), Route::Console);
        assert_eq!(parse("#lessons"), Route::Index { notice: None });
        assert!(matches!(parse("#lesson/durability"), Route::Lesson { .. }));
        let fixture = include_str!("../../../lessons/fixtures/lesson_link_v1.txt").trim();
        let hash = fixture.rsplit_once('#').unwrap().1;
        match parse(hash) {
            Route::Lesson { lesson, knobs, b } => {
                assert_eq!(lesson.id, "durability");
                assert_eq!(knobs.get("fsync_us"), Some(&Setting::Int(40)));
                assert!(b.is_none());
            }
            other => panic!("{other:?}"),
        }
        for bad in
            ["#l1.AAAA<script>", "#l1.", "#l9.xyz", "#lesson/<b>nope</b>", "#lesson/temp-tables"]
        {
            match parse(bad) {
                Route::Index { notice: Some(n) } => assert!(n.starts_with("This lesson link")),
                other => panic!("{bad}: {other:?}"),
            }
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
            Route::Lesson { knobs: k, b: Some(bb), .. } => {
                assert_eq!(k, knobs);
                assert_eq!(bb, b);
            }
            other => panic!("{other:?}"),
        }
    }
}
