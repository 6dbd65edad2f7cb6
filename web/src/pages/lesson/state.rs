//! A lesson page's state: one reducer ([`LessonState`]) and the [`LessonAction`]s that move
//! it, so the prediction, the knobs, the runs and presenter mode change in one match. The
//! effects (the engine worker, `<body>`'s attributes, the keys) stay in the page.

use std::rc::Rc;
use tunelab_core::lab::experiment::{Experiment, Outcome, Setting};
use tunelab_core::lab::lesson::KnobValues;
use yew::Reducible;

/// What the runner is doing.
#[derive(Clone, Debug, PartialEq)]
pub enum RunPhase {
    Idle,
    Running { done: u32, total: u32 },
    Done,
    Cancelled,
    Failed(String),
}

/// One experiment to run: (configuration index, 0 for A and 1 for B; run label; experiment).
pub type Job = (u8, String, Experiment);

/// The page's state.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonState {
    pub knobs: KnobValues,
    pub b: Option<KnobValues>,
    pub choice: Option<String>,
    pub committed: bool,
    pub phase: RunPhase,
    /// The experiments being run, in run order.
    pub jobs: Rc<Vec<Job>>,
    /// Outcomes per configuration (A, B), in run order. Shared, so an action that does not
    /// touch them (a knob, a key in presenter mode) does not copy every run's results.
    pub outcomes: [Rc<Vec<(String, Outcome)>>; 2],
    /// The knobs the outcomes were run with.
    pub ran_with: [KnobValues; 2],
    pub presenter: bool,
    pub reveal: u32,
    /// Knob fields holding what cannot be run, by field id: the sentence that says why and
    /// the text as typed (the field keeps showing it). Run waits until there are none.
    pub invalid: std::collections::BTreeMap<String, (String, String)>,
}

pub enum LessonAction {
    /// A valid value typed in knob `id`'s field `field` (its error, if any, is cleared).
    Knob {
        config: u8,
        id: String,
        field: String,
        value: Setting,
    },
    /// Field `field` holds what cannot be run, for the reason given.
    KnobInvalid {
        field: String,
        message: String,
        text: String,
    },
    ToggleB(bool),
    Choose(String),
    Commit,
    Start(Rc<Vec<Job>>),
    Ran {
        run: u32,
        outcome: Box<Outcome>,
    },
    Failed(String),
    Cancel,
    Presenter(bool),
    Reveal(i32),
    /// Show part `n` (Home, End).
    RevealAt(u32),
}

/// The number of parts presenter mode reveals one by one.
pub const PARTS: u32 = 6;

impl LessonState {
    /// A page opened with these knobs (and B's, for an A/B link): nothing predicted or run.
    pub fn new(knobs: KnobValues, b: Option<KnobValues>) -> LessonState {
        LessonState {
            knobs,
            b,
            choice: None,
            committed: false,
            phase: RunPhase::Idle,
            jobs: Rc::new(Vec::new()),
            outcomes: [Rc::default(), Rc::default()],
            ran_with: [KnobValues::new(), KnobValues::new()],
            presenter: false,
            reveal: 0,
            invalid: Default::default(),
        }
    }

    pub fn running(&self) -> bool {
        matches!(self.phase, RunPhase::Running { .. })
    }
}

impl Reducible for LessonState {
    type Action = LessonAction;
    fn reduce(self: Rc<Self>, action: LessonAction) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            LessonAction::Knob { config, id, field, value } => {
                s.invalid.remove(&field);
                let target = if config == 0 { Some(&mut s.knobs) } else { s.b.as_mut() };
                if let Some(k) = target {
                    k.insert(id, value);
                }
            }
            LessonAction::KnobInvalid { field, message, text } => {
                s.invalid.insert(field, (message, text));
            }
            LessonAction::ToggleB(on) => {
                s.b = on.then(|| s.knobs.clone());
                s.invalid.retain(|field, _| !field.ends_with("-b"));
            }
            LessonAction::Choose(c) => {
                if !s.committed {
                    s.choice = Some(c)
                }
            }
            LessonAction::Commit => s.committed = s.choice.is_some(),
            LessonAction::Start(jobs) => {
                s.phase = RunPhase::Running { done: 0, total: jobs.len() as u32 };
                s.jobs = jobs;
                s.outcomes = [Rc::default(), Rc::default()];
                s.ran_with = [s.knobs.clone(), s.b.clone().unwrap_or_default()];
            }
            LessonAction::Ran { run, outcome } => {
                if let RunPhase::Running { done, total } = s.phase {
                    if run == done {
                        if let Some((config, label, _)) = s.jobs.get(run as usize) {
                            // Copies the earlier outcomes only while an older state still
                            // shares them; the page keeps one state, so this is once a run.
                            Rc::make_mut(&mut s.outcomes[*config as usize])
                                .push((label.clone(), *outcome));
                        }
                        s.phase = if done + 1 >= total {
                            RunPhase::Done
                        } else {
                            RunPhase::Running { done: done + 1, total }
                        };
                    }
                }
            }
            LessonAction::Failed(m) => s.phase = RunPhase::Failed(m),
            LessonAction::Cancel => s.phase = RunPhase::Cancelled,
            LessonAction::Presenter(on) => {
                s.presenter = on;
                s.reveal = 0;
            }
            LessonAction::Reveal(d) => {
                s.reveal = (s.reveal as i32 + d).clamp(0, PARTS as i32 - 1) as u32;
            }
            LessonAction::RevealAt(n) => s.reveal = n.min(PARTS - 1),
        }
        Rc::new(s)
    }
}
