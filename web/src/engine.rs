//! The worker side of the console: one simulated server and its mysql client, driven by
//! [`Request`]s. It is plain Rust with no browser types, so the worker binary
//! (`bin/worker.rs`) stays a thin shell that only moves JSON strings in and out.

use crate::protocol::{Request, Response};
use tunelab_core::client::{complete, Client};
use tunelab_core::tools::pt_query_digest;

/// Rows of one result the console prints; a longer result ends with a line counting the rest.
const CONSOLE_ROWS_SHOWN: usize = 1_000;

/// The engine's console state inside the worker.
#[derive(Debug, Default)]
pub struct Engine {
    /// The session the page is talking to; requests for any other one are refused.
    session: u32,
    /// The connected client (it owns the server); `None` before the first start.
    client: Option<Client>,
}

impl Engine {
    /// Carries out one request and returns the answer for the page, without sending anything
    /// before it (the whole transcript is in the answer).
    pub fn handle(&mut self, request: Request) -> Response {
        let mut printed = String::new();
        let mut collect = |r: Response| {
            if let Response::Printed { text, .. } = r {
                printed.push_str(&text);
            }
        };
        let mut answer = self.handle_streaming(request, &mut collect);
        match &mut answer {
            Response::Started { transcript, .. } => transcript.insert_str(0, &printed),
            Response::Output { text, .. } => text.insert_str(0, &printed),
            _ => {}
        }
        answer
    }

    /// Carries out one request; what the client prints goes to `emit` as it is printed (each
    /// line's echo before the line runs), and the answer holds the rest.
    pub fn handle_streaming(
        &mut self,
        request: Request,
        emit: &mut dyn FnMut(Response),
    ) -> Response {
        match request {
            Request::Start { session, experiment } => {
                self.session = session;
                self.client = None;
                let server = match experiment.start_server() {
                    Ok(server) => server,
                    Err(message) => return Response::Error { session, message },
                };
                let mut client = Client::connect(server, true);
                // A page shows the first thousand rows of a result and counts the rest.
                client.set_rows_shown_max(CONSOLE_ROWS_SHOWN);
                for step in &experiment.steps {
                    feed_streaming(&mut client, session, &step.sql, emit);
                    if client.has_quit() {
                        break;
                    }
                }
                let prompt = client.prompt().to_string();
                let connection = client.connection_id();
                self.client = Some(client);
                Response::Started { session, transcript: String::new(), prompt, connection }
            }
            Request::Complete { session, text, caret } => {
                let end = (caret as usize).min(text.len());
                let start = complete::word_start(&text, end);
                let end = start.max(end.min(text.len()));
                let word = text.get(start..end).unwrap_or("");
                let candidates = match &self.client {
                    Some(client) if session == self.session => {
                        complete::candidates(client.server(), word)
                    }
                    _ => Vec::new(),
                };
                Response::Completion {
                    session,
                    text,
                    start: start as u32,
                    end: end as u32,
                    candidates,
                }
            }
            Request::ReadFile { session, path } => {
                let server = self.client.as_ref().filter(|_| session == self.session);
                let server = server.map(Client::server);
                let path = match server {
                    Some(s) if path.is_empty() => s.slow_query_log_path(),
                    _ => path,
                };
                let text = server
                    .and_then(|s| tunelab_core::tools::shell::files::read(s, &path))
                    .map(|(text, _)| text.to_string());
                Response::File { session, path, text }
            }
            // Needs no server: the log's text comes with the request and nothing is kept.
            Request::Digest { session, files, options } => {
                match pt_query_digest::rank_files_for_page(&files, &options) {
                    Ok(digest) => Response::Digested { session, digest: Box::new(digest) },
                    Err(message) => Response::Error { session, message },
                }
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
                    feed_streaming(client, session, text, emit);
                    let prompt = client.prompt().to_string();
                    Response::Output {
                        session,
                        text: String::new(),
                        prompt,
                        quit: client.has_quit(),
                        connection: client.connection_id(),
                    }
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

/// Feeds `text` line by line as [`Client::feed`] does, sending each line's echo before it
/// runs and what it printed after.
fn feed_streaming(client: &mut Client, session: u32, text: &str, emit: &mut dyn FnMut(Response)) {
    for (n, line) in text.lines().enumerate() {
        if n >= tunelab_core::client::INPUT_LINES_MAX || client.has_quit() {
            break;
        }
        let echo = client.echo_of(line);
        if !echo.is_empty() {
            emit(Response::Printed { session, text: echo });
        }
        let mut out = String::new();
        client.run_line(line, &mut out);
        if !out.is_empty() {
            emit(Response::Printed { session, text: out });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tunelab_core::lab::experiment::{Experiment, Step};
    use tunelab_core::tools::pt_query_digest::PageFile;
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
    fn tab_completes_from_the_live_server() {
        let mut engine = Engine::default();
        start(&mut engine, 1, &["CREATE DATABASE lab;", "CREATE TABLE lab.orders_tab (v INT);"]);
        let text = "SELECT @@innodb_buffer_pool_s".to_string();
        let caret = text.len() as u32;
        match engine.handle(Request::Complete { session: 1, text, caret }) {
            Response::Completion { start: 9, candidates, .. } => {
                assert!(
                    candidates.contains(&"innodb_buffer_pool_size".to_string()),
                    "{candidates:?}"
                )
            }
            other => panic!("{other:?}"),
        }
        let text = "SELECT * FROM lab.orders_t".to_string();
        match engine.handle(Request::Complete { session: 1, text, caret: 26 }) {
            Response::Completion { candidates, .. } => assert_eq!(candidates, ["orders_tab"]),
            other => panic!("{other:?}"),
        }
        match engine.handle(Request::Complete { session: 1, text: "é".into(), caret: 1 }) {
            Response::Completion { .. } => {}
            other => panic!("{other:?}"),
        }
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn the_slow_log_can_be_read_for_a_download() {
        let mut engine = Engine::default();
        start(&mut engine, 1, &["SET GLOBAL slow_query_log = ON; SET long_query_time = 0;"]);
        input(&mut engine, 1, "SELECT 42;\n");
        match engine.handle(Request::ReadFile { session: 1, path: String::new() }) {
            Response::File { path, text: Some(text), .. } => {
                assert_eq!(path, "/var/lib/mysql/tunelab-slow.log");
                assert!(text.ends_with("SELECT 42;\n"), "{text}");
            }
            other => panic!("{other:?}"),
        }
        let missing = Request::ReadFile { session: 1, path: "/var/lib/mysql/none".into() };
        assert!(matches!(engine.handle(missing), Response::File { text: None, .. }));
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_log_is_ranked_without_a_server_and_bad_input_is_an_error() {
        let text = include_str!("../../tests/digest/small-slow.log");
        let options = pt_query_digest::PageOptions::default();
        let mut engine = Engine::default();
        let files = vec![PageFile { name: "small.log".into(), text: text.into() }];
        let request = Request::Digest { session: 9, files, options };
        match engine.handle(request) {
            Response::Digested { session: 9, digest } => {
                assert_eq!(digest.rows[0].rank, "1");
                assert!(digest.rows[0].query_id.starts_with("0x"));
                assert!(digest.rows[0].report.starts_with("# Query 1: "));
            }
            other => panic!("{other:?}"),
        }
        for (text, says) in
            [("", "is empty"), ("\0\0\0ELF", "binary data"), ("notes\n", "not a slow")]
        {
            let options = pt_query_digest::PageOptions::default();
            let files = vec![PageFile { name: "x".into(), text: text.into() }];
            let request = Request::Digest { session: 9, files, options };
            match engine.handle(request) {
                Response::Error { session: 9, message } => {
                    assert!(message.contains(says), "{message}")
                }
                other => panic!("{other:?}"),
            }
        }
        // The console goes on: the engine still starts a server afterwards.
        assert!(matches!(start(&mut engine, 10, &[]), Response::Started { .. }));
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_line_is_echoed_before_it_runs() {
        let mut engine = Engine::default();
        start(&mut engine, 1, &[]);
        let mut sent = Vec::new();
        let request = Request::Input { session: 1, text: "SELECT 1;\nSELECT".into() };
        let answer = engine.handle_streaming(request, &mut |r| sent.push(r));
        let texts: Vec<String> = sent
            .into_iter()
            .map(|r| match r {
                Response::Printed { session: 1, text } => text,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(texts[0], "mysql> SELECT 1;\n", "the echo comes first, alone");
        assert!(texts[1].starts_with("+---+"), "{texts:?}");
        assert_eq!(texts[2], "mysql> SELECT\n");
        assert_eq!(texts.len(), 3);
        match answer {
            Response::Output { text, prompt, connection, .. } => {
                assert_eq!((text.as_str(), prompt.as_str()), ("", "    -> "));
                assert!(connection.is_some());
            }
            other => panic!("{other:?}"),
        }
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
