//! The prediction card: the lesson's choices as radio buttons, and the commit that locks
//! them. Run waits for the commit, so the learner says what they expect before the figures
//! can tell them.

use super::presenter;
use super::state::{LessonAction, LessonState};
use tunelab_core::lab::lesson::Lesson;
use yew::prelude::*;

/// The card, or nothing for a lesson that asks for no prediction.
pub fn view(
    lesson: &Lesson,
    state: &LessonState,
    dispatcher: &UseReducerDispatcher<LessonState>,
) -> Html {
    let Some(p) = &lesson.prediction else { return html! {} };
    let commit = {
        let d = dispatcher.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(LessonAction::Commit))
    };
    html! {
        <section class={classes!(presenter::part_classes(state, presenter::PREDICTION), "card", "prediction")} tabindex="-1" aria-labelledby="prediction-title">
            <h2 id="prediction-title">{ "Your prediction" }</h2>
            <fieldset disabled={state.committed}>
                <legend>{ p.prompt.clone() }</legend>
                { for p.choices.iter().map(|c| {
                    let d = dispatcher.clone();
                    let cid = c.id.clone();
                    html! {
                        <label class="choice">
                            <input type="radio" name="prediction" value={c.id.clone()}
                                checked={state.choice.as_deref() == Some(c.id.as_str())}
                                onchange={Callback::from(move |_| d.dispatch(LessonAction::Choose(cid.clone())))} />
                            <span>{ c.text.clone() }</span>
                        </label>
                    }
                }) }
            </fieldset>
            if state.committed {
                <p class="committed" id="committed" tabindex="-1">{ "Prediction committed. Now run the experiment." }</p>
            } else {
                <button type="button" class="button" id="commit-button" disabled={state.choice.is_none()}
                    onclick={commit}>
                    { "Commit my prediction" }
                </button>
            }
        </section>
    }
}
