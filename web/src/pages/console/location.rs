//! The console's side of the URL: the experiment link it opens at start and on `hashchange`,
//! the share link it writes, and the fragment it clears when the learner starts afresh.

use super::StartRequest;
use crate::route;
use crate::saved;
use crate::state::Notice;
use std::cell::RefCell;
use std::rc::Rc;
use tunelab_core::lab::experiment::Experiment;
use yew::prelude::*;

/// The fragment the page itself put in the URL last, so its own change is not reopened.
pub(super) type OwnHash = Rc<RefCell<String>>;

/// Opens the link in the URL (or a default console) once, and follows later hash changes.
#[hook]
pub(super) fn use_open_location(start: Callback<StartRequest>, own_hash: OwnHash) {
    use_effect_with((), move |_| {
        open_location(&start, &own_hash);
        let listener = route::on_hash_change(move || {
            // Only a new share link restarts the console; in-page anchors do not.
            let hash = route::current_hash();
            if hash != *own_hash.borrow() && route::read_experiment(&hash).is_some() {
                open_location(&start, &own_hash);
            }
        });
        move || drop(listener)
    });
}

/// Starts the console for the URL: the experiment in its fragment, or the session saved in
/// the browser (when the URL holds no link, or the link the page itself put there for that
/// session), or a default one. The banner says when a session was restored, and why a saved
/// session or a link could not be read (the bad fragment is removed).
fn open_location(start: &Callback<StartRequest>, own_hash: &OwnHash) {
    let hash = route::current_hash();
    *own_hash.borrow_mut() = hash.clone();
    let link = route::read_experiment(&hash);
    let saved = match saved::load_console() {
        // A saved session goes with the link the page had written for it, or with none.
        Some(Ok(r)) if link.is_none() || r.url_fragment == hash.trim_start_matches('#') => {
            Some(Ok(r))
        }
        Some(Err(reason)) if link.is_none() => Some(Err(reason)),
        _ => None,
    };
    match (link, saved) {
        (_, Some(Ok(restored))) => {
            let steps = restored.experiment.steps.len();
            let notice = (steps > 0).then(|| {
                Notice::info(format!(
                    "Your console session was restored: {} replayed on a fresh server (seed {}). New session starts afresh.",
                    if steps == 1 { "1 input was".to_string() } else { format!("{steps} inputs were") },
                    restored.experiment.seed
                ))
            });
            *own_hash.borrow_mut() = if restored.url_fragment.is_empty() {
                String::new()
            } else {
                format!("#{}", restored.url_fragment)
            };
            start.emit((restored.experiment, notice))
        }
        (None, Some(Err(reason))) => start.emit((
            Experiment::default(),
            Some(Notice::error(format!(
                "The console session saved in this browser could not be restored ({reason}), so it was discarded and a fresh console was started."
            ))),
        )),
        (None, None) => {
            // A fragment that is neither a link nor an anchor of the page (`#javascript:…`,
            // a mistyped link) is said to be ignored, and removed from the address bar.
            let fragment = hash.trim_start_matches('#').trim().to_string();
            let anchor = web_sys::window()
                .and_then(|w| w.document())
                .is_some_and(|d| d.get_element_by_id(&fragment).is_some());
            let notice = (!fragment.is_empty() && !anchor).then(|| {
                clear_own_hash(own_hash);
                Notice::error(format!(
                    "The address ended in '#{}', which is not a TuneLab link, so it was ignored and a fresh console was started.",
                    fragment.chars().take(40).collect::<String>()
                ))
            });
            start.emit((Experiment::default(), notice))
        }
        (Some(link), _) => open_link(start, own_hash, link),
    }
}

/// Starts the console for a link read from the URL.
fn open_link(start: &Callback<StartRequest>, own_hash: &OwnHash, link: Result<Experiment, String>) {
    match link {
        Ok(experiment) => start.emit((experiment, None)),
        Err(reason) => {
            clear_own_hash(own_hash);
            start.emit((Experiment::default(), Some(Notice::error(reason))));
        }
    }
}

/// Removes the fragment from the URL without a new history entry or a `hashchange`, and
/// forgets it as the page's own.
pub(super) fn clear_own_hash(own_hash: &OwnHash) {
    own_hash.borrow_mut().clear();
    route::clear_hash();
}

/// Puts the session's share link in the URL, as the page's own fragment, and returns the
/// page's full URL (`None` outside a browser window).
pub(super) fn share_session(experiment: &Experiment, own_hash: &OwnHash) -> Option<String> {
    let window = web_sys::window()?;
    let hash = format!("#{}", route::experiment_fragment(experiment));
    *own_hash.borrow_mut() = hash.clone();
    route::replace_url(&hash);
    Some(window.location().href().unwrap_or(hash))
}
