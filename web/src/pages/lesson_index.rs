//! The lesson index: every lesson in the chapter's order, the ready ones as links and the
//! others marked as coming, with an optional notice (why a link could not be opened) shown
//! as text in an alert.

use tunelab_core::lab::lesson::{self, Status};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LessonIndexProps {
    #[prop_or_default]
    pub notice: Option<AttrValue>,
}

#[function_component(LessonIndex)]
pub fn lesson_index(props: &LessonIndexProps) -> Html {
    let lessons = use_memo((), |_| lesson::catalog().unwrap_or_default());
    // A link that could not be opened does not stay in the address bar.
    use_effect_with(props.notice.is_some(), |failed| {
        if *failed {
            crate::route::replace_url("#lessons");
        }
    });
    html! {
        <main class="lesson-index" id="lesson-index" aria-labelledby="lessons-title">
            if let Some(notice) = &props.notice {
                <div class="message message-error" role="alert" id="link-notice">
                    <span class="message-title">{ "Problem" }</span>
                    <p class="message-text">{ notice.to_string() }</p>
                </div>
            }
            <h1 id="lessons-title" class="page-title">{ "Lessons" }</h1>
            <p class="lead">
                { "Guided experiments on the simulated server, in the order of the chapter on server tuning. Each asks a question, lets you commit to a prediction, runs the experiment and checks the answer against the figures." }
            </p>
            <ol class="lesson-list">
                { for lessons.iter().map(|l| {
                    let ready = l.status == Status::Ready;
                    let class = if ready { "lesson-card card" } else { "lesson-card card lesson-coming" };
                    html! {
                        <li class={class} data-lesson={l.id.clone()}>
                            <span class="lesson-section">{ format!("§ {}", l.section) }</span>
                            if ready {
                                <h2 class="lesson-card-title">
                                    <a href={format!("#lesson/{}", l.id)}>{ l.title.clone() }</a>
                                </h2>
                            } else {
                                <h2 class="lesson-card-title">
                                    { l.title.clone() }
                                    <span class="badge">{ "coming" }</span>
                                </h2>
                            }
                            <p class="lesson-summary">{ l.summary.clone() }</p>
                        </li>
                    }
                }) }
            </ol>
        </main>
    }
}
