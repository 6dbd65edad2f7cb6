//! The worker side of the console: one simulated server and its mysql client, driven by
//! [`Request`]s. It is plain Rust with no browser types, so the worker binary
//! (`bin/worker.rs`) stays a thin shell that only moves JSON strings in and out.

use crate::protocol::{Request, Response};
use tunelab_core::client::Client;

/// The engine's console state inside the worker.
#[derive(Debug, Default)]
pub struct Engine {
    /// The session the page is talking to; requests for any other one are refused.
    session: u32,
    /// The connected client (it owns the server); `None` before the first start.
    client: Option<Client>,
}

impl Engine {
    /// Carries out one request and returns the answer for the page.
    pub fn handle(&mut self, request: Request) -> Response {
        match request {
            Request::Start { session, experiment } => {
                self.session = session;
                self.client = None;
                let server = match experiment.start_server() {
                    Ok(server) => server,
                    Err(message) => return Response::Error { session, message },
                };
                let mut client = Client::connect(server, true);
                let mut transcript = String::new();
                for step in &experiment.steps {
                    transcript.push_str(&client.feed(&step.sql));
                }
                let prompt = client.prompt().to_string();
                self.client = Some(client);
                Response::Started { session, transcript, prompt }
            }
            Request::Run { session, run, experiment } => match experiment.run() {
                Ok(outcome) => Response::Ran { session, run, outcome: Box::new(outcome) },
                Err(message) => Response::Error { session, message },
            },
            Request::Input { session, text } => match &mut self.client {
                Some(client) if session == self.session => {
                    // `lines()` of an empty input is no line at all; Enter on an empty input
                    // is one empty line, as in the real client.
                    let text = if text.is_empty() { "\n" } else { text.as_str() };
                    let output = client.feed(text);
                    let prompt = client.prompt().to_string();
                    Response::Output { session, text: output, prompt, quit: client.has_quit() }
                }
                _ => Response::Error {
                    session,
                    message: "The console is not connected to a server; press Reset to start one."
                        .to_string(),
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tunelab_core::lab::experiment::{Experiment, Step};
    use wasm_bindgen_test::wasm_bindgen_test;

    fn start(engine: &mut Engine, session: u32, steps: &[&str]) -> Response {
        let steps = steps.iter().map(|s| Step { title: String::new(), sql: s.to_string() });
        let experiment = Experiment { steps: steps.collect(), ..Experiment::default() };
        engine.handle(Request::Start { session, experiment })
    }

    fn input(engine: &mut Engine, session: u32, text: &str) -> Response {
        engine.handle(Request::Input { session, text: text.to_string() })
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn replaying_steps_prints_what_typing_them_prints() {
        let mut typed = Engine::default();
        assert!(matches!(start(&mut typed, 1, &[]), Response::Started { .. }));
        let mut transcript = String::new();
        for text in ["SELECT", "1+1;", "SET GLOBAL query_cache_size = 0;"] {
            match input(&mut typed, 1, text) {
                Response::Output { text, .. } => transcript.push_str(&text),
                other => panic!("{other:?}"),
            }
        }
        let mut replayed = Engine::default();
        match start(&mut replayed, 1, &["SELECT\n1+1;", "SET GLOBAL query_cache_size = 0;"]) {
            Response::Started { transcript: replay, prompt, .. } => {
                assert_eq!(replay, transcript);
                assert_eq!(prompt, "mysql> ");
            }
            other => panic!("{other:?}"),
        }
        assert!(transcript.contains("    -> 1+1;\n"), "{transcript}");
        assert!(
            transcript.contains("ERROR 1193 (HY000): Unknown system variable 'query_cache_size'")
        );
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_run_answers_with_the_outcome_of_the_experiment() {
        let steps = vec![Step { title: String::new(), sql: "SELECT 6*7 AS answer;".into() }];
        let experiment = Experiment { steps, dataset: "none".into(), ..Experiment::default() };
        let want = experiment.run().unwrap();
        match Engine::default().handle(Request::Run { session: 4, run: 2, experiment }) {
            Response::Ran { session: 4, run: 2, outcome } => {
                assert_eq!(*outcome, want);
                assert_eq!(outcome.results[0].cell(0, "answer"), Some("42"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn prompts_quit_and_stale_sessions() {
        let mut engine = Engine::default();
        assert!(matches!(input(&mut engine, 1, "SELECT 1;"), Response::Error { .. }));
        start(&mut engine, 2, &[]);
        match input(&mut engine, 2, "SELECT 'a") {
            Response::Output { prompt, quit, .. } => {
                assert_eq!((prompt.as_str(), quit), ("    '> ", false))
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(input(&mut engine, 1, "';"), Response::Error { session: 1, .. }));
        input(&mut engine, 2, "';");
        match input(&mut engine, 2, "quit") {
            Response::Output { text, quit, .. } => {
                assert!(quit && text.ends_with("Bye\n"), "{text}")
            }
            other => panic!("{other:?}"),
        }
        let bad = Experiment { profile: "cray".into(), ..Experiment::default() };
        match engine.handle(Request::Start { session: 3, experiment: bad }) {
            Response::Error { session: 3, message } => {
                assert!(message.contains("cray"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}
