//! The mysql client's input reader: it splits typed lines into statements at the current
//! delimiter (outside quotes and comments), strips `--`, `#` and `/* */` comments (keeping
//! `/*! */` and `/*+ */`), and recognises the client's own commands: `DELIMITER`, `\G`, `\g`,
//! `\c`, `\!`, `\q`, `quit`, `exit`, `use`, and those that print or change a client setting
//! ([`Command`]: `help`/`\h`/`?`, `status`/`\s`, `pager`/`\P`, `nopager`/`\n`, `warnings`/`\W`,
//! `nowarning`/`\w`). It also knows which prompt the next line gets.

/// Something the reader found in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A statement to send, without its delimiter; `vertical` for `\G`.
    Statement { text: String, vertical: bool },
    /// A delimiter with nothing before it: the client prints "No query specified".
    NoQuery,
    /// `\! command`
    Shell(String),
    /// `quit`, `exit`, `\q`
    Quit,
    /// One of the client's own commands that prints something or changes a setting.
    Command(Command),
}

/// The mysql client's own commands that the client carries out itself (mysql.cc's
/// `commands[]`), beyond those that send, clear or end a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `help`, `\h`, `?`, `\?`: the list of the client's commands.
    Help,
    /// `status`, `\s`: the connection and the server's statistics.
    Status,
    /// `pager [COMMAND]`, `\P [COMMAND]` (empty: the default pager).
    Pager(String),
    /// `nopager`, `\n`.
    NoPager,
    /// `warnings`/`\W` (true) and `nowarning`/`\w` (false).
    Warnings(bool),
    /// `connect`, `\r`: a new connection, in the current database.
    Connect,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lex {
    Normal,
    Quote(char),
    BlockComment,
    /// Inside `/*!` or `/*+`, which are kept in the statement.
    KeptComment,
}

/// Longest statement the client buffers (max_allowed_packet, 64 MB); longer input is cut off
/// with an error rather than growing without bound.
pub const STATEMENT_BYTES_MAX: usize = 64 << 20;

/// The reader's state between lines.
#[derive(Clone, Debug)]
pub struct Splitter {
    delimiter: String,
    buf: String,
    lex: Lex,
}

impl Default for Splitter {
    fn default() -> Self {
        Splitter { delimiter: ";".into(), buf: String::new(), lex: Lex::Normal }
    }
}

impl Splitter {
    pub fn delimiter(&self) -> &str {
        &self.delimiter
    }

    /// True when no statement is in progress.
    pub fn is_idle(&self) -> bool {
        self.buf.trim().is_empty() && self.lex == Lex::Normal
    }

    /// The prompt the mysql client shows before the next line.
    pub fn prompt(&self) -> &'static str {
        match self.lex {
            Lex::Quote('\'') => "    '> ",
            Lex::Quote('"') => "    \"> ",
            Lex::Quote(_) => "    `> ",
            Lex::BlockComment | Lex::KeptComment => "   /*> ",
            Lex::Normal if self.buf.trim().is_empty() => "mysql> ",
            Lex::Normal => "    -> ",
        }
    }

    /// Reads one line (without its newline).
    pub fn feed_line(&mut self, line: &str) -> Vec<Event> {
        let mut events = Vec::new();
        if self.is_idle() {
            self.buf.clear();
            if let Some(ev) = self.client_command(line) {
                events.extend(ev);
                return events;
            }
        }
        let chars: Vec<char> = line.chars().collect();
        let delim: Vec<char> = self.delimiter.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            match self.lex {
                Lex::Quote(q) => {
                    self.buf.push(c);
                    if c == '\\' && q != '`' && i + 1 < chars.len() {
                        self.buf.push(chars[i + 1]);
                        i += 1;
                    } else if c == q {
                        self.lex = Lex::Normal;
                    }
                }
                Lex::BlockComment | Lex::KeptComment => {
                    let kept = self.lex == Lex::KeptComment;
                    if c == '*' && chars.get(i + 1) == Some(&'/') {
                        if kept {
                            self.buf.push_str("*/");
                        } else {
                            self.buf.push(' ');
                        }
                        self.lex = Lex::Normal;
                        i += 1;
                    } else if kept {
                        self.buf.push(c);
                    }
                }
                Lex::Normal => {
                    if chars[i..].starts_with(&delim) {
                        events.push(self.take_statement(false));
                        i += delim.len();
                        continue;
                    }
                    match c {
                        '\'' | '"' | '`' => {
                            self.lex = Lex::Quote(c);
                            self.buf.push(c);
                        }
                        '#' => break,
                        '-' if chars.get(i + 1) == Some(&'-')
                            && chars.get(i + 2).is_none_or(|c| c.is_whitespace()) =>
                        {
                            break
                        }
                        '/' if chars.get(i + 1) == Some(&'*') => {
                            if matches!(chars.get(i + 2), Some('!') | Some('+')) {
                                self.lex = Lex::KeptComment;
                                self.buf.push_str("/*");
                            } else {
                                self.lex = Lex::BlockComment;
                            }
                            i += 1;
                        }
                        '\\' if i + 1 < chars.len() => {
                            let cmd = chars[i + 1];
                            i += 2;
                            match cmd {
                                'G' => events.push(self.take_statement(true)),
                                'g' => events.push(self.take_statement(false)),
                                'c' => self.buf.clear(),
                                'q' => {
                                    events.push(Event::Quit);
                                    return events;
                                }
                                '!' => {
                                    let rest: String = chars[i..].iter().collect();
                                    events.push(Event::Shell(rest.trim().to_string()));
                                    return events;
                                }
                                'd' => {
                                    let rest: String = chars[i..].iter().collect();
                                    self.set_delimiter(rest.trim());
                                    return events;
                                }
                                'h' | '?' => events.push(Event::Command(Command::Help)),
                                's' => events.push(Event::Command(Command::Status)),
                                'r' => events.push(Event::Command(Command::Connect)),
                                'n' => events.push(Event::Command(Command::NoPager)),
                                'W' => events.push(Event::Command(Command::Warnings(true))),
                                'w' => events.push(Event::Command(Command::Warnings(false))),
                                'P' => {
                                    // The rest of the line is the pager's command.
                                    let rest: String = chars[i..].iter().collect();
                                    let rest = rest.trim().trim_end_matches(';').trim();
                                    events.push(Event::Command(Command::Pager(rest.to_string())));
                                    return events;
                                }
                                // \W, \w, \t, \T and friends change client settings only.
                                _ => {}
                            }
                            continue;
                        }
                        _ => self.buf.push(c),
                    }
                }
            }
            i += 1;
        }
        if !self.buf.is_empty() || self.lex != Lex::Normal {
            if self.buf.len() > STATEMENT_BYTES_MAX {
                self.buf.clear();
                self.lex = Lex::Normal;
                return events;
            }
            self.buf.push('\n');
        }
        events
    }

    /// End of input: an unterminated statement is sent as it is, as `mysql < file` does.
    pub fn finish(&mut self) -> Vec<Event> {
        if self.buf.trim().is_empty() {
            self.buf.clear();
            self.lex = Lex::Normal;
            return Vec::new();
        }
        self.lex = Lex::Normal;
        vec![self.take_statement(false)]
    }

    fn take_statement(&mut self, vertical: bool) -> Event {
        let text = std::mem::take(&mut self.buf).trim().to_string();
        if text.is_empty() {
            Event::NoQuery
        } else {
            Event::Statement { text, vertical }
        }
    }

    fn set_delimiter(&mut self, arg: &str) {
        // The delimiter is the first word; a quoted delimiter loses its quotes.
        let word = arg.split_whitespace().next().unwrap_or("");
        let word = word.trim_matches(|c| c == '\'' || c == '"' || c == '`');
        if !word.is_empty() && !word.contains('\\') {
            self.delimiter = word.to_string();
        }
    }

    /// Named client commands, recognised only at the start of a statement.
    fn client_command(&mut self, line: &str) -> Option<Vec<Event>> {
        let trimmed = line.trim_start();
        let (word, rest) = trimmed.split_once(char::is_whitespace).unwrap_or((trimmed, ""));
        let word_lower = word.to_ascii_lowercase();
        let word_bare = word_lower.trim_end_matches(self.delimiter.as_str()).trim_end_matches(';');
        let delimiter = self.delimiter.clone();
        // A named command's argument, without the optional delimiter that may end it.
        let bare = |rest: &str| -> String {
            rest.trim()
                .trim_end_matches(delimiter.as_str())
                .trim_end_matches(';')
                .trim()
                .to_string()
        };
        match word_bare {
            "delimiter" if !rest.trim().is_empty() => {
                self.set_delimiter(rest);
                Some(Vec::new())
            }
            "quit" | "exit" if rest.trim().is_empty() => Some(vec![Event::Quit]),
            "help" | "?" if bare(rest).is_empty() => Some(vec![Event::Command(Command::Help)]),
            "status" if bare(rest).is_empty() => Some(vec![Event::Command(Command::Status)]),
            "connect" if bare(rest).is_empty() => Some(vec![Event::Command(Command::Connect)]),
            "nopager" if bare(rest).is_empty() => Some(vec![Event::Command(Command::NoPager)]),
            "warnings" if bare(rest).is_empty() => {
                Some(vec![Event::Command(Command::Warnings(true))])
            }
            "nowarning" if bare(rest).is_empty() => {
                Some(vec![Event::Command(Command::Warnings(false))])
            }
            "clear" if bare(rest).is_empty() => Some(Vec::new()),
            "pager" => Some(vec![Event::Command(Command::Pager(bare(rest).to_string()))]),
            "use" if !rest.trim().is_empty() => {
                let db = rest
                    .trim()
                    .trim_end_matches(self.delimiter.as_str())
                    .trim_end_matches(';')
                    .trim();
                Some(vec![Event::Statement { text: format!("USE {db}"), vertical: false }])
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lines: &[&str]) -> Vec<Event> {
        let mut s = Splitter::default();
        let mut out: Vec<Event> = lines.iter().flat_map(|l| s.feed_line(l)).collect();
        out.extend(s.finish());
        out
    }

    fn stmt(t: &str) -> Event {
        Event::Statement { text: t.into(), vertical: false }
    }

    #[test]
    fn splits_at_delimiters_outside_quotes_and_comments() {
        assert_eq!(
            run(&["SELECT 1; SELECT ';' -- x;", "AS s;"]),
            vec![stmt("SELECT 1"), stmt("SELECT ';' \nAS s")]
        );
        assert_eq!(run(&["SELECT 1 /* ; */ + 1;"]), vec![stmt("SELECT 1   + 1")]);
        assert_eq!(
            run(&["SELECT /*+ SET_VAR(a=1) */ 1;"]),
            vec![stmt("SELECT /*+ SET_VAR(a=1) */ 1")]
        );
        assert_eq!(
            run(&["SHOW VARIABLES\\G"]),
            vec![Event::Statement { text: "SHOW VARIABLES".into(), vertical: true }]
        );
        assert_eq!(run(&[";"]), vec![Event::NoQuery]);
        assert_eq!(run(&["SELECT 1"]), vec![stmt("SELECT 1")], "end of input sends the rest");
    }

    #[test]
    fn delimiter_command_changes_the_delimiter() {
        let ev = run(&[
            "DELIMITER //",
            "CREATE PROCEDURE p() BEGIN SELECT 1; END //",
            "DELIMITER ;",
            "SELECT 2;",
        ]);
        assert_eq!(ev, vec![stmt("CREATE PROCEDURE p() BEGIN SELECT 1; END"), stmt("SELECT 2")]);
    }

    #[test]
    fn prompts_follow_the_state() {
        let mut s = Splitter::default();
        assert_eq!(s.prompt(), "mysql> ");
        s.feed_line("SELECT 'abc");
        assert_eq!(s.prompt(), "    '> ");
        s.feed_line("def'");
        assert_eq!(s.prompt(), "    -> ");
        assert_eq!(s.feed_line(";"), vec![stmt("SELECT 'abc\ndef'")]);
        assert_eq!(s.prompt(), "mysql> ");
        assert_eq!(
            s.feed_line("\\! mysqlslap --concurrency=8"),
            vec![Event::Shell("mysqlslap --concurrency=8".into())]
        );
        assert_eq!(s.feed_line("use mysql"), vec![stmt("USE mysql")]);
        assert_eq!(s.feed_line("quit"), vec![Event::Quit]);
    }

    #[test]
    fn the_clients_own_commands_need_no_delimiter() {
        let cmd = |c| vec![Event::Command(c)];
        let mut s = Splitter::default();
        for line in ["help", "\\h", "?", "HELP;", "\\?"] {
            assert_eq!(s.feed_line(line), cmd(Command::Help), "{line}");
            assert_eq!(s.prompt(), "mysql> ", "{line} leaves no statement open");
        }
        for line in ["status", "\\s", "status;"] {
            assert_eq!(s.feed_line(line), cmd(Command::Status), "{line}");
        }
        assert_eq!(s.feed_line("pager less -S"), cmd(Command::Pager("less -S".into())));
        assert_eq!(s.feed_line("\\P more"), cmd(Command::Pager("more".into())));
        assert_eq!(s.feed_line("nopager"), cmd(Command::NoPager));
        assert_eq!(s.feed_line("\\n"), cmd(Command::NoPager));
        assert_eq!(s.feed_line("\\W"), cmd(Command::Warnings(true)));
        assert_eq!(s.feed_line("nowarning"), cmd(Command::Warnings(false)));
        assert_eq!(s.feed_line("use shop"), vec![stmt("USE shop")]);
        assert_eq!(s.prompt(), "mysql> ");
        // \c drops the statement typed so far; \G sends it for vertical output.
        assert!(s.feed_line("SELECT 1").is_empty());
        assert!(s.feed_line("\\c").is_empty());
        assert_eq!(s.prompt(), "mysql> ");
        assert_eq!(
            s.feed_line("SELECT 2\\G"),
            vec![Event::Statement { text: "SELECT 2".into(), vertical: true }]
        );
        // Inside a statement, a word such as `status` is part of the SQL.
        assert!(s.feed_line("SELECT").is_empty());
        assert!(s.feed_line("status").is_empty());
        assert_eq!(s.feed_line(";"), vec![stmt("SELECT\nstatus")]);
        // `help TOPIC` is the server's HELP statement.
        assert!(s.feed_line("help contents").is_empty());
        assert_eq!(s.feed_line(";"), vec![stmt("help contents")]);
    }
}
