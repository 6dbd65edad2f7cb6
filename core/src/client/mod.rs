//! The simulated mysql client: it reads input lines, sends complete statements to the
//! simulated server, runs `\!` shell commands against the simulated host, and prints
//! everything exactly as the interactive mysql client does. With echo on, the transcript also
//! shows each typed line behind its prompt (`mysql> `, `    -> `), reading like a pasted
//! session.

pub mod batch;
pub mod commands;
pub mod complete;
pub mod format;
pub mod split;

use crate::error::MySqlError;
use crate::server::{Server, SessionId};
use crate::sql::{Response, ResultSet};
use split::{Command, Event, Splitter};

/// The most lines one feed may carry; past it the rest is refused with a message, so a
/// runaway paste cannot stall the engine.
pub const INPUT_LINES_MAX: usize = 1_000_000;

/// A mysql client session on a simulated server.
#[derive(Debug)]
pub struct Client {
    server: Server,
    session: Option<SessionId>,
    splitter: Splitter,
    echo: bool,
    quit: bool,
    /// The connection's current database, restored when the client reconnects.
    database: Option<String>,
    /// `\W`: show the warnings after every statement that has some.
    show_warnings: bool,
    /// `\P`: the pager the client was told to use (`None`: stdout). The simulated terminal
    /// shows every line, so it only appears in `status`.
    pager: Option<String>,
    /// Most rows of one result the client prints (the web console's screen); the rest are
    /// counted in a line of their own. `None`: every row the server kept.
    rows_shown_max: Option<usize>,
}

impl Client {
    /// Connects a client to `server`. With `echo`, typed lines are shown behind prompts.
    pub fn connect(mut server: Server, echo: bool) -> Client {
        let session = server.connect().ok();
        Client {
            server,
            session,
            splitter: Splitter::default(),
            echo,
            quit: false,
            database: None,
            show_warnings: false,
            pager: None,
            rows_shown_max: None,
        }
    }

    /// Prints at most `rows` rows of a result, counting the rest (a screen, not a terminal).
    pub fn set_rows_shown_max(&mut self, rows: usize) {
        self.rows_shown_max = Some(rows);
    }

    pub fn server(&self) -> &Server {
        &self.server
    }

    pub fn server_mut(&mut self) -> &mut Server {
        &mut self.server
    }

    pub fn session(&self) -> Option<SessionId> {
        self.session
    }

    /// True after `quit`.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The prompt for the next line.
    pub fn prompt(&self) -> &'static str {
        self.splitter.prompt()
    }

    /// Reads `text` (one or more lines) and returns what the client prints.
    pub fn feed(&mut self, text: &str) -> String {
        let mut out = String::new();
        for (n, line) in text.lines().enumerate() {
            if n >= INPUT_LINES_MAX {
                out.push_str(&format!(
                    "ERROR: input longer than {INPUT_LINES_MAX} lines was cut off\n"
                ));
                break;
            }
            self.feed_line(line, &mut out);
            if self.quit {
                break;
            }
        }
        out
    }

    /// Reads one line and appends what the client prints to `out`: its echo
    /// ([`Client::echo_of`]), then what running it printed ([`Client::run_line`]).
    pub fn feed_line(&mut self, line: &str, out: &mut String) {
        out.push_str(&self.echo_of(line));
        self.run_line(line, out);
    }

    /// What the transcript shows for typing `line` before it runs: the prompt and the line
    /// (nothing without echo, after `quit`, or for a blank line at the prompt). A front end
    /// can show it at once, before a long statement has run.
    pub fn echo_of(&self, line: &str) -> String {
        // Blank lines at the prompt are not worth showing in a transcript.
        if !self.echo || self.quit || (line.trim().is_empty() && self.splitter.is_idle()) {
            return String::new();
        }
        format!("{}{line}\n", self.splitter.prompt())
    }

    /// Runs one line without echoing it, appending what it printed to `out`.
    pub fn run_line(&mut self, line: &str, out: &mut String) {
        if self.quit {
            return;
        }
        for event in self.splitter.feed_line(line) {
            self.handle(event, out);
        }
    }

    /// The connection's id on the server (what `KILL QUERY` names), if connected.
    pub fn connection_id(&self) -> Option<u64> {
        self.session.map(|id| id.0)
    }

    /// End of input: sends an unterminated last statement, as `mysql < file` does.
    pub fn finish(&mut self, out: &mut String) {
        for event in self.splitter.finish() {
            self.handle(event, out);
        }
    }

    fn handle(&mut self, event: Event, out: &mut String) {
        match event {
            Event::Statement { text, vertical } => {
                self.run_statement(&text, vertical, out);
                self.server.note_statement(&text);
            }
            Event::NoQuery => out.push_str("ERROR: \nNo query specified\n\n"),
            Event::Shell(command) => {
                // The mysql client itself is the client's to run (in any stage of a pipeline);
                // the rest is the host's.
                let mut mysql = |server: &mut crate::server::Server, stage: &str| {
                    (stage.split_whitespace().next() == Some("mysql"))
                        .then(|| batch::run(server, stage))
                };
                out.push_str(&crate::tools::run_shell_with(&mut self.server, &command, &mut mysql));
                self.server.note_statement(&format!("\\! {command}"));
            }
            Event::Quit => {
                self.quit = true;
                out.push_str("Bye\n");
            }
            Event::Command(command) => self.run_command(command, out),
        }
    }

    /// The client's own commands ([`Command`]), printed as mysql.cc prints them.
    fn run_command(&mut self, command: Command, out: &mut String) {
        match command {
            Command::Help => out.push_str(commands::HELP),
            Command::Status => {
                // The real client asks the server first (its `select DATABASE(), USER()`),
                // which the server counts as a question.
                let server = &self.server;
                let connected =
                    self.session.filter(|id| server.is_running() && server.has_session(*id));
                let Some(id) = connected else {
                    out.push_str(&commands::status_header(self.splitter.delimiter()));
                    out.push_str(&format::error(&MySqlError::server_gone_away()));
                    out.push_str("--------------\n\n");
                    return;
                };
                self.server.execute(id, "SELECT DATABASE(), USER() LIMIT 1");
                let facts = commands::StatusFacts::read(&mut self.server, id);
                out.push_str(&commands::status(
                    &facts,
                    self.pager.as_deref(),
                    self.splitter.delimiter(),
                ));
            }
            Command::Pager(pager) if pager.is_empty() => {
                self.pager = None;
                out.push_str("Default pager wasn't set, using stdout.\nPAGER set to stdout\n");
            }
            Command::Pager(pager) => {
                out.push_str(&format!("PAGER set to '{pager}'\n"));
                self.pager = Some(pager);
            }
            Command::NoPager => {
                self.pager = None;
                out.push_str("PAGER set to stdout\n");
            }
            Command::Connect => {
                // The old connection closes; the new one starts in the same database.
                if let Some(id) = self.session.take() {
                    if self.server.has_session(id) {
                        self.server.disconnect(id);
                    }
                }
                self.open_connection(out);
            }
            Command::Warnings(on) => {
                self.show_warnings = on;
                out.push_str(if on {
                    "Show warnings enabled.\n"
                } else {
                    "Show warnings disabled.\n"
                });
            }
        }
    }

    fn run_statement(&mut self, text: &str, vertical: bool, out: &mut String) {
        if self.session.is_some_and(|id| self.server.take_killed(id)) {
            // KILL ended this connection: the statement finds it gone, and the client
            // reconnects for the next one. UNCONFIRMED: whether mysql.cc reconnects at this
            // statement (shown here) or reports 2006 and reconnects at the next one.
            self.session = None;
            out.push_str(&format::error(&MySqlError::lost_connection()));
            self.reconnect(out);
            return;
        }
        if self.session.is_some_and(|id| self.server.take_severed(id)) {
            // mysqld died under this connection (kill -9, power loss).
            self.session = None;
            out.push_str(&format::error(&MySqlError::lost_connection()));
            return;
        }
        match self.session {
            // The server restarted since the last statement: the connection is gone, and the
            // client says so, reconnects and runs the statement (its auto-reconnect).
            Some(id) if self.server.is_running() && !self.server.has_session(id) => {
                out.push_str(&format::error(&MySqlError::server_gone_away()));
                self.reconnect(out);
            }
            None | Some(_) if !self.server.is_running() => {
                self.session = None;
            }
            None => {
                // The connection died with the server earlier; it is back now.
                self.reconnect(out);
            }
            Some(_) => {}
        }
        let Some(id) = self.session else {
            out.push_str(&format::error(&MySqlError::cannot_connect()));
            return;
        };
        let mut warned = false;
        let discard = self.pager.as_deref().is_some_and(pager_discards);
        for done in self.server.execute_all(id, text) {
            for r in &done.sent_before_error {
                out.push_str(&format::response(r, vertical, 0, done.elapsed));
            }
            match &done.result {
                Ok(r) if discard => {
                    out.push_str(&format::response_without_rows(r, done.warnings, done.elapsed))
                }
                Ok(Response::Rows(rs))
                    if self.rows_shown_max.is_some_and(|m| rs.rows.len() > m) =>
                {
                    // A screen shows the first rows of a long result and counts the rest.
                    let shown = self.rows_shown_max.unwrap_or(0);
                    let mut first = ResultSet {
                        columns: rs.columns.clone(),
                        rows: rs.rows[..shown].to_vec(),
                        unshown: 0,
                    };
                    first.unshown = rs.unshown + (rs.rows.len() - shown) as u64;
                    let r = Response::Rows(first);
                    out.push_str(&format::response(&r, vertical, done.warnings, done.elapsed));
                }
                Ok(r) => out.push_str(&format::response(r, vertical, done.warnings, done.elapsed)),
                Err(e) => out.push_str(&format::error(e)),
            }
            warned |= done.warnings > 0;
        }
        if warned && self.show_warnings {
            // As the real client does: it sends SHOW WARNINGS and prints each row.
            commands::print_warnings(&mut self.server, id, out);
        }
        if let Some(id) = self.session {
            if self.server.has_session(id) {
                self.database = self.server.session_database(id);
            }
        }
    }

    /// `No connection. Trying to reconnect...`: a new connection, back in the database the
    /// old one had.
    fn reconnect(&mut self, out: &mut String) {
        out.push_str("No connection. Trying to reconnect...\n");
        self.open_connection(out);
    }

    /// A new connection, in the database the client was in, as mysql.cc reports it.
    fn open_connection(&mut self, out: &mut String) {
        match self.server.connect() {
            Ok(id) => {
                self.session = Some(id);
                if let Some(db) = self.database.clone() {
                    self.server.execute_all(id, &format!("USE `{db}`"));
                }
                out.push_str(&format!("Connection id:    {}\n", id.0));
                let db = self.database.as_deref().unwrap_or("*** NONE ***");
                out.push_str(&format!("Current database: {db}\n\n"));
            }
            Err(e) => {
                self.session = None;
                out.push_str(&format::error(&e));
                out.push_str("ERROR: \nCan't connect to the server\n\n");
            }
        }
    }
}

/// Whether a pager command throws its input away (`cat > /dev/null`, the usual way to time a
/// query without printing its rows): the result's rows then never become text, and only the
/// summary line the client prints itself remains.
fn pager_discards(pager: &str) -> bool {
    let words: Vec<&str> = pager.split_whitespace().collect();
    matches!(words.as_slice(), [.., ">", "/dev/null"] | [.., ">/dev/null"])
        || pager.trim_end().ends_with(">/dev/null")
}
