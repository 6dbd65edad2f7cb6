//! The console's state: one reducer ([`ConsoleState`]) and the [`Action`]s that move it, so
//! every transition of the console (start, input, output, failure, share) is in one match.
//! Effects (talking to the worker, the URL, the clipboard) stay in the page that dispatches,
//! [`crate::pages::ConsolePage`].

use crate::share::{self, IDLE_PROMPT};
use std::rc::Rc;
use tunelab_core::lab::experiment::Experiment;
use yew::Reducible;

/// What the console is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A server is starting (and replaying a link's steps); input waits.
    Starting,
    /// The console accepts input.
    Idle,
    /// An input is running in the worker.
    Running,
    /// No server: it failed to start, the engine stopped, or the learner typed `quit`.
    Stopped,
}

/// How a banner message should look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    Info,
    Error,
}

/// A message in the banner above the console (always shown as text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub kind: NoticeKind,
    pub text: String,
}

impl Notice {
    pub fn error(text: impl Into<String>) -> Notice {
        Notice { kind: NoticeKind::Error, text: text.into() }
    }

    pub fn info(text: impl Into<String>) -> Notice {
        Notice { kind: NoticeKind::Info, text: text.into() }
    }
}

/// The answer to a Tab: the input it was for, the word's byte range in it, the candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Completion {
    pub text: String,
    pub start: usize,
    pub end: usize,
    pub candidates: Vec<String>,
}

impl Completion {
    /// The input after the Tab: the word extended by what every candidate shares (and a
    /// space after a word that is complete, as the client's readline adds), or `None` when
    /// the Tab adds nothing (then the candidates are listed).
    pub fn applied(&self) -> Option<String> {
        let word = self.text.get(self.start..self.end)?;
        let shared = tunelab_core::client::complete::common_prefix(&self.candidates);
        let unique = self.candidates.len() == 1;
        if shared.len() <= word.len() && !unique {
            return None;
        }
        let rest = self.text.get(self.end..).unwrap_or("");
        let space = if unique && !rest.starts_with(' ') { " " } else { "" };
        Some(format!("{}{shared}{space}{rest}", &self.text[..self.start]))
    }
}

/// Everything the page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ConsoleState {
    /// The session as an experiment: seed, profile, overrides, and one step per input typed
    /// (continuation lines joined), which is what a share link carries.
    pub experiment: Experiment,
    /// What the client printed, one chunk per answer (new chunks are new text nodes, so a
    /// screen reader announces only what was added).
    pub transcript: Vec<Rc<str>>,
    /// The prompt for the next line, as the client prints it (`mysql> `, `    -> `).
    pub prompt: String,
    pub phase: Phase,
    pub notice: Option<Notice>,
    /// Inputs typed, oldest first, for ArrowUp/ArrowDown.
    pub history: Vec<String>,
    /// The last share link made, shown in a read-only field.
    pub share_link: String,
    /// The client's connection id (what Ctrl+C's `KILL QUERY` names).
    pub connection: Option<u64>,
    /// The last Tab's answer.
    pub completion: Option<Completion>,
    /// True while the session is being restored after Ctrl+C: the replay's output is
    /// already in the transcript, so it is not shown again.
    pub restoring: bool,
}

impl Default for ConsoleState {
    fn default() -> Self {
        ConsoleState {
            experiment: Experiment::default(),
            transcript: Vec::new(),
            prompt: IDLE_PROMPT.to_string(),
            phase: Phase::Starting,
            notice: None,
            history: Vec::new(),
            share_link: String::new(),
            connection: None,
            completion: None,
            restoring: false,
        }
    }
}

impl ConsoleState {
    /// True when an input may be sent now.
    pub fn accepts_input(&self) -> bool {
        self.phase == Phase::Idle
    }

    /// True while the worker is busy for this console.
    pub fn is_busy(&self) -> bool {
        matches!(self.phase, Phase::Starting | Phase::Running)
    }
}

/// Every change of [`ConsoleState`].
#[derive(Clone, Debug, PartialEq)]
// One action at a time goes through the reducer; a boxed experiment would buy nothing.
#[allow(clippy::large_enum_variant)]
pub enum Action {
    /// A (re)start of the console with `experiment`; its steps will be replayed.
    Start { experiment: Experiment, notice: Option<Notice> },
    /// The server is up.
    Started { transcript: String, prompt: String, connection: Option<u64> },
    /// The worker answered a Tab.
    Completed(Completion),
    /// Part of what the client prints, while the input still runs.
    Printed(String),
    /// Ctrl+C while an input runs: it is interrupted (ERROR 1317) and dropped from the
    /// session, which is restored on a fresh server.
    Interrupt,
    /// The learner sent `text`.
    Submit(String),
    /// The client's answer to the last input.
    Output { text: String, prompt: String, quit: bool, connection: Option<u64> },
    /// The engine could not do what was asked.
    Failed(String),
    /// Replace (or clear) the banner.
    Notify(Option<Notice>),
    /// A share link was made.
    Shared(String),
}

impl Reducible for ConsoleState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Start { experiment, notice } => {
                next.history = experiment.steps.iter().map(|s| s.sql.clone()).collect();
                next.experiment = experiment;
                next.transcript.clear();
                next.prompt = IDLE_PROMPT.to_string();
                next.phase = Phase::Starting;
                next.notice = notice;
                next.share_link.clear();
                next.restoring = false;
            }
            Action::Started { transcript, prompt, connection } => {
                if !transcript.is_empty() && !next.restoring {
                    next.transcript.push(transcript.into());
                }
                next.prompt = prompt;
                next.phase = Phase::Idle;
                next.connection = connection;
                next.restoring = false;
            }
            Action::Completed(completion) => next.completion = Some(completion),
            Action::Printed(text) => {
                if !next.restoring && next.is_busy() {
                    next.transcript.push(text.into());
                }
            }
            Action::Interrupt => {
                if next.phase == Phase::Running {
                    let id = next.connection.map_or(String::new(), |c| format!(" {c}"));
                    next.transcript.push(
                        format!(
                            "^C^C -- sending \"KILL QUERY{id}\" to server ...\n^C -- query aborted\nERROR 1317 (70100): Query execution was interrupted\n"
                        )
                        .into(),
                    );
                    // The input that was interrupted does not belong to the session (nor to
                    // its share link); the rest is replayed to restore the server.
                    next.experiment.steps.pop();
                    next.prompt = IDLE_PROMPT.to_string();
                    next.phase = Phase::Starting;
                    next.restoring = true;
                    next.share_link.clear();
                }
            }
            Action::Submit(text) => {
                share::record_input(&mut next.experiment.steps, &text, &self.prompt);
                if !text.trim().is_empty() && next.history.last() != Some(&text) {
                    next.history.push(text);
                }
                next.phase = Phase::Running;
                next.share_link.clear();
            }
            Action::Output { text, prompt, quit, connection } => {
                if !text.is_empty() {
                    next.transcript.push(text.into());
                }
                next.connection = connection;
                next.prompt = prompt;
                next.phase = if quit { Phase::Stopped } else { Phase::Idle };
                if quit {
                    next.notice = Some(Notice::info(
                        "The client has quit. Press Reset to connect to a fresh server.",
                    ));
                }
            }
            Action::Failed(message) => {
                next.phase = Phase::Stopped;
                next.notice = Some(Notice::error(message));
            }
            Action::Notify(notice) => next.notice = notice,
            Action::Shared(link) => next.share_link = link,
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn reduce(state: Rc<ConsoleState>, actions: Vec<Action>) -> Rc<ConsoleState> {
        actions.into_iter().fold(state, |s, a| s.reduce(a))
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_tab_extends_the_word_as_far_as_the_candidates_agree() {
        let c = |text: &str, start, candidates: &[&str]| Completion {
            text: text.into(),
            start,
            end: text.len(),
            candidates: candidates.iter().map(|s| s.to_string()).collect(),
        };
        assert_eq!(
            c("SET GLOBAL innodb_buffer_pool_s", 11, &["innodb_buffer_pool_size"]).applied(),
            Some("SET GLOBAL innodb_buffer_pool_size ".into())
        );
        assert_eq!(
            c("SELECT * FROM page_v", 14, &["page_views"]).applied(),
            Some("SELECT * FROM page_views ".into())
        );
        assert_eq!(
            c("sel", 0, &["select", "select_into_buffer_size"]).applied(),
            Some("select".into()),
            "as far as the candidates agree, no space"
        );
        assert_eq!(c("select", 0, &["select", "select_into_buffer_size"]).applied(), None);
        assert_eq!(
            c(
                "innodb_buffer_pool_d",
                0,
                &["innodb_buffer_pool_dump_at_shutdown", "innodb_buffer_pool_dump_now"]
            )
            .applied(),
            Some("innodb_buffer_pool_dump_".into())
        );
        assert_eq!(c("zz", 0, &[]).applied(), None);
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn ctrl_c_interrupts_the_input_and_keeps_the_rest_of_the_session() {
        let state = reduce(
            Rc::new(ConsoleState::default()),
            vec![
                Action::Start { experiment: Experiment::default(), notice: None },
                Action::Started {
                    transcript: String::new(),
                    prompt: "mysql> ".into(),
                    connection: Some(8),
                },
                Action::Submit("SELECT 1;".into()),
                Action::Output {
                    text: "| 1 |\n".into(),
                    prompt: "mysql> ".into(),
                    quit: false,
                    connection: Some(8),
                },
                Action::Submit("\\! mysqlslap --iterations=200".into()),
                Action::Printed("mysql> \\! mysqlslap --iterations=200\n".into()),
                Action::Interrupt,
            ],
        );
        assert_eq!(state.experiment.steps.len(), 1, "the interrupted input is dropped");
        assert_eq!(state.phase, Phase::Starting);
        let text: String = state.transcript.iter().map(|c| c.to_string()).collect();
        assert!(text.ends_with("mysql> \\! mysqlslap --iterations=200\n^C^C -- sending \"KILL QUERY 8\" to server ...\n^C -- query aborted\nERROR 1317 (70100): Query execution was interrupted\n"), "{text}");
        // The replay's own output is not shown again; the console is idle afterwards.
        let state = reduce(
            state,
            vec![
                Action::Printed("mysql> SELECT 1;\n".into()),
                Action::Started {
                    transcript: String::new(),
                    prompt: "mysql> ".into(),
                    connection: Some(8),
                },
            ],
        );
        let after: String = state.transcript.iter().map(|c| c.to_string()).collect();
        assert_eq!(after, text);
        assert_eq!(state.phase, Phase::Idle);
        // Ctrl+C with nothing running does nothing.
        let same = reduce(state.clone(), vec![Action::Interrupt]);
        assert_eq!(same, state);
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_session_records_steps_history_and_output() {
        let state = reduce(
            Rc::new(ConsoleState::default()),
            vec![
                Action::Start { experiment: Experiment::default(), notice: None },
                Action::Started {
                    transcript: String::new(),
                    prompt: "mysql> ".into(),
                    connection: Some(8),
                },
                Action::Submit("SELECT".into()),
                Action::Output {
                    text: "mysql> SELECT\n".into(),
                    prompt: "    -> ".into(),
                    quit: false,
                    connection: Some(8),
                },
                Action::Submit("1;".into()),
            ],
        );
        assert_eq!(state.phase, Phase::Running);
        assert!(!state.accepts_input() && state.is_busy());
        assert_eq!(state.experiment.steps.len(), 1);
        assert_eq!(state.experiment.steps[0].sql, "SELECT\n1;");
        assert_eq!(state.history, ["SELECT", "1;"]);

        let state = reduce(
            state,
            vec![Action::Output {
                text: "Bye\n".into(),
                prompt: "mysql> ".into(),
                quit: true,
                connection: Some(8),
            }],
        );
        assert_eq!(state.phase, Phase::Stopped);
        assert_eq!(state.transcript.len(), 2);
        assert!(state.notice.is_some());

        let state =
            reduce(state, vec![Action::Start { experiment: Experiment::default(), notice: None }]);
        assert!(state.transcript.is_empty() && state.notice.is_none());
        assert_eq!(state.phase, Phase::Starting);
    }
}
