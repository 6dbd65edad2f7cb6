//! The part of MySQL's lexer (`sql/sql_lex.cc`, `lex_one_token`) that a digest sees: comments
//! dropped (`/*! ... */` kept as SQL, `/*+ ... */` after SELECT/INSERT/REPLACE/UPDATE/DELETE read
//! as optimizer hints), literals told apart from keywords and identifiers, operators found
//! longest first. It never fails: text it cannot read becomes single-character tokens.
//!
//! Simplifications: the default `sql_mode` only (no ANSI_QUOTES, PIPES_AS_CONCAT or
//! IGNORE_SPACE), and a query-block name in a hint (`t@qb`) reads as an identifier, `@` and an
//! identifier.

use super::tokens::{self, HINTABLE, NOT_SYM, NULL_SYM};

/// One token as the digest receives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lexeme {
    /// A number (integer, decimal, float, `0x..`, `X'..'`, `0b..`, `B'..'`): a `+`/`-` before it
    /// may fold into it.
    Number,
    /// Another literal: a string, `N'..'`, a `?` marker, `NULL`, the host after `@`.
    Value,
    /// An identifier, quoted or not, with its bytes.
    Ident(Vec<u8>),
    /// A keyword, an operator or a single character.
    Token(u16),
}

/// The server version a `/*!NNNNN ... */` comment is compared with.
const SERVER_VERSION_ID: u32 = crate::SERVER_VERSION_ID;

/// Character sets an introducer (`_utf8mb4'..'`) may name.
const CHARSETS: [&str; 8] =
    ["utf8mb4", "utf8mb3", "utf8", "latin1", "binary", "ascii", "ucs2", "utf16"];

fn is_ident_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
}

struct Lexer<'a> {
    b: &'a [u8],
    i: usize,
    out: Vec<Lexeme>,
    /// Open `/*! ... */` comments whose text is being read as SQL.
    open_versioned: u32,
}

/// The lexemes of one statement (a trailing `;` and anything after it are not part of it).
pub fn lex(sql: &str) -> Vec<Lexeme> {
    let mut lx = Lexer { b: sql.as_bytes(), i: 0, out: Vec::new(), open_versioned: 0 };
    lx.run();
    lx.out
}

impl Lexer<'_> {
    fn peek(&self, at: usize) -> u8 {
        self.b.get(self.i + at).copied().unwrap_or(0)
    }

    fn last_token(&self, back: usize) -> Option<u16> {
        match self.out.len().checked_sub(back + 1).map(|k| &self.out[k]) {
            Some(Lexeme::Token(t)) => Some(*t),
            _ => None,
        }
    }

    fn emit(&mut self, l: Lexeme) {
        self.out.push(l);
    }

    /// Bounded by the text: every round consumes at least one byte.
    fn run(&mut self) {
        while self.i < self.b.len() {
            let c = self.b[self.i];
            if c.is_ascii_whitespace() || c == 0x0b {
                self.i += 1;
            } else if c == b'#' || (c == b'-' && self.peek(1) == b'-' && self.dash_comment()) {
                self.skip_line();
            } else if c == b'/' && self.peek(1) == b'*' {
                self.comment();
            } else if c == b'*' && self.peek(1) == b'/' && self.open_versioned > 0 {
                self.open_versioned -= 1;
                self.i += 2;
            } else if c == b';' {
                if self.only_trailing_noise() {
                    return;
                }
                self.i += 1;
                self.emit(Lexeme::Token(u16::from(b';')));
            } else {
                self.token();
            }
        }
    }

    /// `--` starts a comment only when a space or control character (or the end) follows.
    fn dash_comment(&self) -> bool {
        let next = self.peek(2);
        next == 0 || next.is_ascii_whitespace() || next.is_ascii_control()
    }

    fn skip_line(&mut self) {
        while self.i < self.b.len() && self.b[self.i] != b'\n' {
            self.i += 1;
        }
    }

    fn skip_block_comment(&mut self) {
        self.i += 2;
        while self.i < self.b.len() && !(self.b[self.i] == b'*' && self.peek(1) == b'/') {
            self.i += 1;
        }
        self.i = (self.i + 2).min(self.b.len());
    }

    /// Whether only spaces, comments and `;` remain from here.
    fn only_trailing_noise(&self) -> bool {
        let rest = &self.b[self.i..];
        let mut probe = Lexer { b: rest, i: 1, out: Vec::new(), open_versioned: 0 };
        // The probe reads what follows the `;`; any lexeme means another statement.
        while probe.i < probe.b.len() {
            let c = probe.b[probe.i];
            if c.is_ascii_whitespace() || c == b';' {
                probe.i += 1;
            } else if c == b'#' || (c == b'-' && probe.peek(1) == b'-' && probe.dash_comment()) {
                probe.skip_line();
            } else if c == b'/' && probe.peek(1) == b'*' && probe.peek(2) != b'!' {
                probe.skip_block_comment();
            } else {
                return false;
            }
        }
        true
    }

    fn comment(&mut self) {
        match self.peek(2) {
            b'!' => {
                // /*!NNNNN text */ is SQL for servers at least that version.
                self.i += 3;
                let start = self.i;
                while self.i < self.b.len() && self.b[self.i].is_ascii_digit() && self.i - start < 6
                {
                    self.i += 1;
                }
                let digits = &self.b[start..self.i];
                let version: u32 =
                    std::str::from_utf8(digits).ok().and_then(|d| d.parse().ok()).unwrap_or(0);
                if digits.len() >= 5 && version > SERVER_VERSION_ID {
                    self.i = start - 3;
                    self.skip_block_comment();
                } else {
                    self.open_versioned += 1;
                }
            }
            b'+' if self.last_token(0).is_some_and(|t| HINTABLE.contains(&t)) => self.hints(),
            _ => self.skip_block_comment(),
        }
    }

    /// `/*+ hint(args) ... */`, as the hint parser's scanner returns its tokens.
    fn hints(&mut self) {
        self.i += 3;
        self.emit(Lexeme::Token(tokens::HINT_OPEN));
        // Bounded by the text: every round consumes at least one byte.
        while self.i < self.b.len() {
            let c = self.b[self.i];
            if c == b'*' && self.peek(1) == b'/' {
                self.i += 2;
                self.emit(Lexeme::Token(tokens::HINT_CLOSE));
                return;
            }
            if c.is_ascii_whitespace() {
                self.i += 1;
            } else if c == b'`' {
                let id = self.quoted(b'`');
                self.emit(Lexeme::Ident(id));
            } else if c == b'\'' || c == b'"' {
                self.quoted(c);
                self.emit(Lexeme::Value);
            } else if c.is_ascii_digit() {
                // A number, with a scale (16M) or a fraction: one literal.
                while self.i < self.b.len()
                    && (is_ident_byte(self.b[self.i]) || self.b[self.i] == b'.')
                {
                    self.i += 1;
                }
                self.emit(Lexeme::Number);
            } else if is_ident_byte(c) {
                let word = self.word();
                match tokens::hint_keyword(&word) {
                    Some(t) => self.emit(Lexeme::Token(t)),
                    None => self.emit(Lexeme::Ident(word.into_bytes())),
                }
            } else {
                self.i += 1;
                self.emit(Lexeme::Token(u16::from(c)));
            }
        }
    }

    /// A quoted string or identifier (the opening quote at `i`): its text, with doubled quotes
    /// and (for strings) backslash escapes undone.
    fn quoted(&mut self, q: u8) -> Vec<u8> {
        self.i += 1;
        let mut text = Vec::new();
        while self.i < self.b.len() {
            let c = self.b[self.i];
            if c == q {
                if self.peek(1) == q {
                    text.push(q);
                    self.i += 2;
                    continue;
                }
                self.i += 1;
                return text;
            }
            if c == b'\\' && q != b'`' && self.i + 1 < self.b.len() {
                text.push(self.b[self.i + 1]);
                self.i += 2;
                continue;
            }
            text.push(c);
            self.i += 1;
        }
        text
    }

    fn word(&mut self) -> String {
        let start = self.i;
        while self.i < self.b.len() && is_ident_byte(self.b[self.i]) {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.b[start..self.i]).into_owned()
    }

    fn token(&mut self) {
        let c = self.b[self.i];
        let after_dot = self.last_token(0) == Some(u16::from(b'.'));
        if c == b'`' {
            let id = self.quoted(b'`');
            return self.emit(Lexeme::Ident(id));
        }
        if c == b'\'' || c == b'"' {
            self.quoted(c);
            return self.emit(Lexeme::Value);
        }
        if c.is_ascii_digit() && !after_dot {
            return self.number();
        }
        if c == b'.'
            && self.peek(1).is_ascii_digit()
            && !matches!(self.out.last(), Some(Lexeme::Ident(_)))
        {
            return self.number();
        }
        if is_ident_byte(c) {
            return self.word_token(after_dot);
        }
        if c == b'@' {
            return self.at_sign();
        }
        if c == b'?' {
            self.i += 1;
            return self.emit(Lexeme::Value);
        }
        for (op, t) in tokens::OPERATORS {
            if self.b[self.i..].starts_with(op.as_bytes()) {
                self.i += op.len();
                return self.emit(Lexeme::Token(t));
            }
        }
        self.i += 1;
        let t = match c {
            b'>' => tokens::GT,
            b'!' => tokens::NOT2_SYM,
            _ => u16::from(c),
        };
        self.emit(Lexeme::Token(t));
    }

    /// A number, or an identifier that starts with digits (`1st`).
    fn number(&mut self) {
        let start = self.i;
        let b = self.b;
        if b[self.i] == b'0' && matches!(self.peek(1), b'x' | b'b') {
            let hex = self.peek(1) == b'x';
            let mut j = self.i + 2;
            while j < b.len()
                && (if hex { b[j].is_ascii_hexdigit() } else { matches!(b[j], b'0' | b'1') })
            {
                j += 1;
            }
            if j > self.i + 2 && (j == b.len() || !is_ident_byte(b[j])) {
                self.i = j;
                return self.emit(Lexeme::Number);
            }
        }
        while self.i < b.len() && b[self.i].is_ascii_digit() {
            self.i += 1;
        }
        if self.i < b.len() && b[self.i] == b'.' {
            self.i += 1;
            while self.i < b.len() && b[self.i].is_ascii_digit() {
                self.i += 1;
            }
        }
        if self.i < b.len() && matches!(b[self.i], b'e' | b'E') {
            let sign = usize::from(matches!(self.peek(1), b'+' | b'-'));
            if self.peek(1 + sign).is_ascii_digit() {
                self.i += 1 + sign;
                while self.i < b.len() && b[self.i].is_ascii_digit() {
                    self.i += 1;
                }
            }
        }
        if self.i < b.len() && is_ident_byte(b[self.i]) && !b[start..self.i].contains(&b'.') {
            // 1abc: digits then identifier characters make an identifier.
            self.i = start;
            let word = self.word();
            return self.emit(Lexeme::Ident(word.into_bytes()));
        }
        self.emit(Lexeme::Number);
    }

    fn word_token(&mut self, after_dot: bool) {
        let c = self.b[self.i];
        // X'..', B'..', N'..': literals written with a letter before the quote.
        if self.peek(1) == b'\'' && matches!(c, b'x' | b'X' | b'b' | b'B' | b'n' | b'N') {
            self.i += 1;
            self.quoted(b'\'');
            let number = !matches!(c, b'n' | b'N');
            return self.emit(if number { Lexeme::Number } else { Lexeme::Value });
        }
        let word = self.word();
        if after_dot {
            return self.emit(Lexeme::Ident(word.into_bytes()));
        }
        let next = self.peek(0);
        if word.starts_with('_')
            && matches!(next, b'\'' | b'"')
            && CHARSETS.iter().any(|cs| cs.eq_ignore_ascii_case(&word[1..]))
        {
            return self.emit(Lexeme::Token(tokens::UNDERSCORE_CHARSET));
        }
        // `name.x`: a name directly qualified is never a keyword.
        if next == b'.' && is_ident_byte(self.peek(1)) {
            return self.emit(Lexeme::Ident(word.into_bytes()));
        }
        match tokens::keyword(&word, next == b'(') {
            Some(NULL_SYM) => {
                // NULL is a literal, except in IS [NOT] NULL and a column's NOT NULL.
                let is_test = matches!(self.last_token(0), Some(tokens::IS | NOT_SYM));
                self.emit(if is_test { Lexeme::Token(NULL_SYM) } else { Lexeme::Value });
            }
            Some(tokens::WITH) if self.next_word_is("ROLLUP") => {
                self.skip_spaces();
                self.word();
                self.emit(Lexeme::Token(tokens::WITH_ROLLUP_SYM));
            }
            Some(t) => self.emit(Lexeme::Token(t)),
            None => self.emit(Lexeme::Ident(word.into_bytes())),
        }
    }

    fn skip_spaces(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn next_word_is(&self, expected: &str) -> bool {
        let mut j = self.i;
        while j < self.b.len() && self.b[j].is_ascii_whitespace() {
            j += 1;
        }
        let start = j;
        while j < self.b.len() && is_ident_byte(self.b[j]) {
            j += 1;
        }
        self.b[start..j].eq_ignore_ascii_case(expected.as_bytes())
    }

    /// `@name` (a user variable: the lexer reads the name as a host name, a literal),
    /// `@'name'`, and `@@[scope.]variable`.
    fn at_sign(&mut self) {
        self.i += 1;
        self.emit(Lexeme::Token(u16::from(b'@')));
        if self.peek(0) == b'@' {
            self.i += 1;
            self.emit(Lexeme::Token(u16::from(b'@')));
            if is_ident_byte(self.peek(0)) {
                let word = self.word();
                match tokens::keyword(&word, false) {
                    Some(t) => self.emit(Lexeme::Token(t)),
                    None => self.emit(Lexeme::Ident(word.into_bytes())),
                }
            }
            return;
        }
        let start = self.i;
        while self.i < self.b.len()
            && (self.b[self.i].is_ascii_alphanumeric()
                || matches!(self.b[self.i], b'.' | b'_' | b'$'))
        {
            self.i += 1;
        }
        if self.i > start {
            self.emit(Lexeme::Value);
        }
    }
}
