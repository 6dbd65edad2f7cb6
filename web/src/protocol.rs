//! The messages between the page and the engine worker, sent with `postMessage` as JSON
//! strings (a JSON string keeps a u64 seed exact, which a JS number would not). Every request
//! and answer names its console session: the page starts a new session on every (re)start
//! and drops answers that belong to an older one.

use serde::{Deserialize, Serialize};
use tunelab_core::lab::experiment::{Experiment, Outcome};
use tunelab_core::tools::pt_query_digest::{PageDigest, PageFile, PageOptions};

/// What the page asks of the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Request {
    /// Start a fresh server for `experiment`, connect a client and replay its steps.
    Start { session: u32, experiment: Experiment },
    /// Type `text` (one or more lines) into the session's client.
    Input { session: u32, text: String },
    /// Tab completion of the word before byte offset `caret` of `text` (the input line).
    Complete { session: u32, text: String, caret: u32 },
    /// Run a whole experiment on a fresh server (a lesson's run number `run`) and answer
    /// with its outcome. A lesson sends its runs one at a time, so it can show progress and
    /// cancel between them (or stop the worker in the middle of one).
    Run { session: u32, run: u32, experiment: Experiment },
    /// The text of a simulated file (the host's, or mysqld's logs in the datadir), to offer
    /// as a download; an empty `path` is the slow query log's file.
    ReadFile { session: u32, path: String },
    /// Rank log files (the learner's own, read in the page, in the order chosen) as one log
    /// with pt-query-digest's engine and `options`; answered by [`Response::Digested`] or an
    /// [`Response::Error`] saying why the files cannot be ranked.
    Digest { session: u32, files: Vec<PageFile>, options: PageOptions },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Response {
    /// The worker has loaded and listens; sent once, before anything else.
    Ready,
    /// Part of what the client prints, sent while the request is still running (a line's
    /// echo before it runs, then what it printed), so a long statement is not a black box.
    /// Not an answer: the request's own answer still follows.
    Printed { session: u32, text: String },
    /// The server is up; `transcript` is what replaying the experiment's steps printed and
    /// was not sent as [`Response::Printed`]; `connection` is the client's connection id.
    Started { session: u32, transcript: String, prompt: String, connection: Option<u64> },
    /// What the client printed for one input (beyond what was sent as [`Response::Printed`]),
    /// the prompt for the next line, and the client's connection id.
    Output { session: u32, text: String, prompt: String, quit: bool, connection: Option<u64> },
    /// The completions of a [`Request::Complete`]: the word at bytes `start..end` of the
    /// text, and what it may become (keywords, then the live server's names).
    Completion { session: u32, text: String, start: u32, end: u32, candidates: Vec<String> },
    /// The outcome of a [`Request::Run`].
    Ran { session: u32, run: u32, outcome: Box<Outcome> },
    /// The request could not be carried out; `message` is one sentence for the learner.
    Error { session: u32, message: String },
    /// A [`Request::ReadFile`]'s file: its absolute path and its text (None: no such file).
    File { session: u32, path: String, text: Option<String> },
    /// A [`Request::Digest`]'s ranking: the profile's rows, each with its class's report.
    Digested { session: u32, digest: Box<PageDigest> },
}

impl Request {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a request always serializes")
    }

    pub fn from_json(text: &str) -> Result<Request, String> {
        serde_json::from_str(text).map_err(|e| format!("the worker got a malformed request: {e}"))
    }
}

impl Response {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a response always serializes")
    }

    pub fn from_json(text: &str) -> Result<Response, String> {
        serde_json::from_str(text).map_err(|e| format!("the page got a malformed answer: {e}"))
    }

    /// True for a request's answer, false for what comes before it ([`Response::Printed`])
    /// and for [`Response::Ready`].
    pub fn answers_a_request(&self) -> bool {
        !matches!(self, Response::Ready | Response::Printed { .. })
    }

    /// The session the answer belongs to (`None` for [`Response::Ready`]).
    pub fn session(&self) -> Option<u32> {
        match self {
            Response::Ready => None,
            Response::Started { session, .. }
            | Response::Printed { session, .. }
            | Response::Completion { session, .. }
            | Response::Output { session, .. }
            | Response::Ran { session, .. }
            | Response::Error { session, .. }
            | Response::File { session, .. }
            | Response::Digested { session, .. } => Some(*session),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tunelab_core::lab::experiment::Setting;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test(unsupported = test)]
    fn messages_round_trip_through_json_with_exact_seeds() {
        let mut experiment = Experiment { seed: u64::MAX, ..Experiment::default() };
        experiment.hardware.insert("fsync_latency_us".into(), Setting::Int(300));
        experiment.variables.insert("innodb_flush_log_at_trx_commit".into(), Setting::Int(2));
        let request = Request::Start { session: 3, experiment };
        assert_eq!(Request::from_json(&request.to_json()), Ok(request));
        let response = Response::Output {
            session: 3,
            text: "| 1 |\n".into(),
            prompt: "mysql> ".into(),
            quit: false,
            connection: Some(8),
        };
        assert_eq!(Response::from_json(&response.to_json()), Ok(response));
        assert_eq!(Response::Ready.session(), None);
        assert!(Request::from_json("{\"kind\":\"explode\"}").is_err());
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn a_digest_request_and_its_answer_round_trip() {
        let options = PageOptions { limit: "10".into(), ..PageOptions::default() };
        let text = "# Time: 2026-12-01T10:00:00Z\n# Query_time: 1.5  Lock_time: 0.0 Rows_sent: 1  Rows_examined: 9\nSELECT \"é\\n\";\n";
        let files = vec![PageFile { name: "slow.log".into(), text: text.into() }];
        let request = Request::Digest { session: 5, files, options };
        let json = request.to_json();
        assert!(json.starts_with("{\"kind\":\"digest\""), "{json}");
        assert_eq!(Request::from_json(&json), Ok(request));
        let digest = tunelab_core::tools::pt_query_digest::rank_for_page(
            text,
            "slow.log",
            &PageOptions::default(),
        )
        .unwrap();
        let response = Response::Digested { session: 5, digest: Box::new(digest) };
        assert_eq!(Response::from_json(&response.to_json()), Ok(response.clone()));
        assert_eq!(response.session(), Some(5));
        assert!(response.answers_a_request());
    }
}
