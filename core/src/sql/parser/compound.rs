//! The body of a stored program (`BEGIN ... END` of a procedure or function) parsed into its
//! compound statements: blocks, IF, CASE, WHILE, REPEAT, LOOP with LEAVE and ITERATE,
//! DECLARE of variables, conditions, cursors and handlers, OPEN / FETCH / CLOSE, RETURN,
//! SIGNAL and RESIGNAL. sqlparser reads none of MySQL's compound-statement syntax, so the body
//! is read here, by hand, over a small lexer that knows quotes, comments and parentheses;
//! every other statement, and every expression (a condition, a DEFAULT, a RETURN value), is
//! kept as its text and parsed when it runs, as any statement is.
//!
//! The parser follows MySQL's grammar (Reference Manual 15.6, "Compound Statement Syntax"),
//! with its errors: a declaration after a cursor or handler is ERROR 1337 / 1338, an unknown
//! label of LEAVE or ITERATE ERROR 1308, an END label that does not match ERROR 1310, a
//! duplicate declaration ERROR 1331 / 1332 / 1333.

use crate::error::{MySqlError, Result};

/// The deepest nesting of compound statements read, as every input is bounded.
const NESTING_MAX: u32 = 64;

/// One statement of a stored program's body.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// Any statement MySQL runs as it would outside a program (SET, SELECT [INTO], INSERT, CALL ...).
    Sql(String),
    /// `DECLARE a, b TYPE [DEFAULT expr]`.
    Variable {
        names: Vec<String>,
        type_sql: String,
        default: Option<String>,
    },
    /// `DECLARE name CONDITION FOR {SQLSTATE 'xxxxx' | code}`.
    Condition {
        name: String,
        value: ConditionValue,
    },
    /// `DECLARE name CURSOR FOR select`.
    Cursor {
        name: String,
        query: String,
    },
    /// `DECLARE {CONTINUE | EXIT} HANDLER FOR condition[, ...] statement`.
    Handler {
        exit: bool,
        conditions: Vec<ConditionValue>,
        body: Box<Stmt>,
    },
    /// `[label:] BEGIN ... END [label]`.
    Block {
        label: Option<String>,
        body: Vec<Stmt>,
    },
    /// `IF cond THEN ... [ELSEIF cond THEN ...] [ELSE ...] END IF`.
    If {
        branches: Vec<(String, Vec<Stmt>)>,
        otherwise: Option<Vec<Stmt>>,
    },
    /// `CASE [operand] WHEN v THEN ... [ELSE ...] END CASE`.
    Case {
        operand: Option<String>,
        whens: Vec<(String, Vec<Stmt>)>,
        otherwise: Option<Vec<Stmt>>,
    },
    /// `[label:] WHILE cond DO ... END WHILE [label]`.
    While {
        label: Option<String>,
        condition: String,
        body: Vec<Stmt>,
    },
    /// `[label:] REPEAT ... UNTIL cond END REPEAT [label]`.
    Repeat {
        label: Option<String>,
        body: Vec<Stmt>,
        until: String,
    },
    /// `[label:] LOOP ... END LOOP [label]`.
    Loop {
        label: Option<String>,
        body: Vec<Stmt>,
    },
    Leave(String),
    Iterate(String),
    Open(String),
    /// `FETCH [[NEXT] FROM] cursor INTO var[, ...]`.
    Fetch {
        cursor: String,
        into: Vec<String>,
    },
    Close(String),
    Return(String),
    /// `SIGNAL condition [SET item = value, ...]`; RESIGNAL's condition is optional.
    Signal {
        resignal: bool,
        condition: Option<ConditionValue>,
        items: Vec<(String, String)>,
    },
}

impl Stmt {
    /// The variables a block's own DECLAREs introduce (not its inner blocks'), lowercase.
    pub fn declared_variables(body: &[Stmt]) -> impl Iterator<Item = String> + '_ {
        body.iter()
            .filter_map(|s| match s {
                Stmt::Variable { names, .. } => Some(names),
                _ => None,
            })
            .flatten()
            .map(|n| n.to_ascii_lowercase())
    }
}

/// What a handler or condition names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConditionValue {
    SqlState(String),
    ErrorCode(u16),
    Named(String),
    SqlWarning,
    NotFound,
    SqlException,
}

/// One token of a body: its kind and where it lies in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Word,
    Str,
    Punct(char),
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
}

/// Splits `text` into tokens, skipping whitespace and comments.
fn lex(text: &str) -> Result<Vec<Token>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'#' || (c == b'-' && b.get(i + 1) == Some(&b'-')) {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let close =
                text[i + 2..].find("*/").ok_or_else(|| MySqlError::syntax(&text[i..], 1))?;
            i += close + 4;
        } else if matches!(c, b'\'' | b'"' | b'`') {
            let start = i;
            i += 1;
            loop {
                match b.get(i) {
                    None => return Err(MySqlError::syntax(&text[start..], 1)),
                    Some(&q) if q == c && b.get(i + 1) == Some(&c) => i += 2,
                    Some(&q) if q == c => break,
                    Some(b'\\') if c != b'`' => i += 2,
                    Some(_) => i += 1,
                }
            }
            i += 1;
            let kind = if c == b'`' { Kind::Word } else { Kind::Str };
            out.push(Token { kind, start, end: i.min(b.len()) });
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'@' || c == b'$' || c >= 0x80 {
            let start = i;
            while i < b.len()
                && (b[i].is_ascii_alphanumeric()
                    || matches!(b[i], b'_' | b'@' | b'$' | b'.')
                    || b[i] >= 0x80)
            {
                i += 1;
            }
            out.push(Token { kind: Kind::Word, start, end: i });
        } else {
            // Multi-byte operators (`:=`, `<=`, ...) are single characters here: only `;`,
            // `:` and parentheses mean anything to the compound grammar.
            out.push(Token { kind: Kind::Punct(c as char), start: i, end: i + 1 });
            i += 1;
        }
    }
    Ok(out)
}

/// The parser's position in a body's tokens.
struct Parser<'t> {
    text: &'t str,
    tokens: Vec<Token>,
    at: usize,
    depth: u32,
    /// The labels of the enclosing labelled statements, innermost last, and whether each
    /// is a loop (ITERATE names only loops).
    labels: Vec<(String, bool)>,
    /// The cursors declared in the enclosing blocks, one list per block: OPEN, FETCH and
    /// CLOSE of any other is ERROR 1324 when the routine is created, as in MySQL.
    cursors: Vec<Vec<String>>,
}

impl<'t> Parser<'t> {
    fn word(&self, n: usize) -> Option<String> {
        let t = self.tokens.get(self.at + n)?;
        (t.kind == Kind::Word).then(|| self.text[t.start..t.end].to_ascii_uppercase())
    }

    fn is_word(&self, n: usize, w: &str) -> bool {
        self.word(n).as_deref() == Some(w)
    }

    fn is_punct(&self, n: usize, c: char) -> bool {
        self.tokens.get(self.at + n).is_some_and(|t| t.kind == Kind::Punct(c))
    }

    fn rest(&self) -> &'t str {
        self.tokens.get(self.at).map_or("", |t| &self.text[t.start..])
    }

    fn error(&self) -> MySqlError {
        MySqlError::syntax(self.rest().trim(), 1)
    }

    fn expect_word(&mut self, w: &str) -> Result<()> {
        if self.is_word(0, w) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error())
        }
    }

    /// An identifier, unquoted.
    fn name(&mut self) -> Result<String> {
        let t = self.tokens.get(self.at).copied().ok_or_else(|| self.error())?;
        if t.kind != Kind::Word {
            return Err(self.error());
        }
        self.at += 1;
        Ok(self.text[t.start..t.end].trim_matches('`').to_string())
    }

    /// The text from here to the first of `stops` (words) at the top level: outside
    /// parentheses and outside CASE ... END expressions. `;` always stops.
    fn text_until(&mut self, stops: &[&str]) -> Result<String> {
        self.text_until_or(stops, false)
    }

    /// [`Self::text_until`], stopping also at a top-level comma when `comma`.
    fn text_until_or(&mut self, stops: &[&str], comma: bool) -> Result<String> {
        let first = self.at;
        let mut parens = 0i32;
        let mut cases = 0i32;
        while let Some(t) = self.tokens.get(self.at) {
            match t.kind {
                Kind::Punct('(') => parens += 1,
                Kind::Punct(')') => parens -= 1,
                Kind::Punct(';') if parens <= 0 => break,
                Kind::Punct(',') if parens <= 0 && comma && cases == 0 => break,
                Kind::Word if parens == 0 => {
                    let w = self.text[t.start..t.end].to_ascii_uppercase();
                    if cases == 0 && stops.contains(&w.as_str()) {
                        break;
                    }
                    if w == "CASE" {
                        cases += 1;
                    } else if w == "END" && cases > 0 {
                        cases -= 1;
                    }
                }
                _ => {}
            }
            self.at += 1;
        }
        if self.at == first {
            return Err(self.error());
        }
        let (start, end) = (self.tokens[first].start, self.tokens[self.at - 1].end);
        Ok(self.text[start..end].to_string())
    }

    /// Statements up to (not including) one of the words `ends`.
    fn statements(&mut self, ends: &[&str]) -> Result<Vec<Stmt>> {
        let mut out = Vec::new();
        // MySQL's order: variables and conditions, then cursors, then handlers.
        let mut seen_cursor = false;
        let mut seen_handler = false;
        loop {
            while self.is_punct(0, ';') {
                self.at += 1;
            }
            match self.word(0) {
                None => return Err(MySqlError::syntax("", 1)),
                Some(w) if ends.contains(&w.as_str()) => return Ok(out),
                _ => {}
            }
            let stmt = self.statement()?;
            match &stmt {
                Stmt::Variable { .. } | Stmt::Condition { .. } if seen_cursor || seen_handler => {
                    return Err(MySqlError::declaration_after_handler())
                }
                Stmt::Cursor { .. } if seen_handler => {
                    return Err(MySqlError::cursor_after_handler())
                }
                Stmt::Cursor { .. } => seen_cursor = true,
                Stmt::Handler { .. } => seen_handler = true,
                _ => {}
            }
            if is_declaration(&stmt) && out.iter().any(|s| !is_declaration(s)) {
                return Err(self.error_at_declaration());
            }
            out.push(stmt);
            if !self.is_punct(0, ';') {
                // Every statement of a body ends with `;`, the last one too.
                return Err(self.error());
            }
        }
    }

    fn error_at_declaration(&self) -> MySqlError {
        // A DECLARE after an ordinary statement is a syntax error in MySQL's grammar.
        let back = self
            .tokens
            .iter()
            .take(self.at)
            .rev()
            .find(|t| self.text[t.start..t.end].eq_ignore_ascii_case("DECLARE"));
        let from = back.map_or(self.rest(), |t| &self.text[t.start..]);
        MySqlError::syntax(from.trim(), 1)
    }

    fn statement(&mut self) -> Result<Stmt> {
        self.depth += 1;
        if self.depth > NESTING_MAX {
            return Err(MySqlError::syntax(self.rest().trim(), 1));
        }
        let r = self.statement_inner();
        self.depth -= 1;
        r
    }

    fn statement_inner(&mut self) -> Result<Stmt> {
        // `label: BEGIN | LOOP | WHILE | REPEAT`
        let label = if self.is_punct(1, ':') && !self.is_punct(2, '=') {
            let l = self.name()?;
            self.at += 1;
            Some(l)
        } else {
            None
        };
        let w = self.word(0).ok_or_else(|| self.error())?;
        if label.is_some() && !matches!(w.as_str(), "BEGIN" | "LOOP" | "WHILE" | "REPEAT") {
            return Err(self.error());
        }
        match w.as_str() {
            // In a stored program BEGIN is always a block (a transaction starts with START
            // TRANSACTION there).
            "BEGIN" => {
                self.at += 1;
                self.cursors.push(Vec::new());
                let body = self.labelled(&label, false, |p| p.statements(&["END"]));
                self.cursors.pop();
                let body = body?;
                self.expect_word("END")?;
                self.end_label(&label)?;
                Ok(Stmt::Block { label, body })
            }
            "IF" => {
                self.at += 1;
                let mut branches = Vec::new();
                let mut otherwise = None;
                loop {
                    let cond = self.text_until(&["THEN"])?;
                    self.expect_word("THEN")?;
                    let body = self.statements(&["ELSEIF", "ELSE", "END"])?;
                    branches.push((cond, body));
                    match self.word(0).as_deref() {
                        Some("ELSEIF") => self.at += 1,
                        Some("ELSE") => {
                            self.at += 1;
                            otherwise = Some(self.statements(&["END"])?);
                            break;
                        }
                        _ => break,
                    }
                }
                self.expect_word("END")?;
                self.expect_word("IF")?;
                Ok(Stmt::If { branches, otherwise })
            }
            "CASE" => {
                self.at += 1;
                let operand =
                    if self.is_word(0, "WHEN") { None } else { Some(self.text_until(&["WHEN"])?) };
                let mut whens = Vec::new();
                while self.is_word(0, "WHEN") {
                    self.at += 1;
                    let v = self.text_until(&["THEN"])?;
                    self.expect_word("THEN")?;
                    whens.push((v, self.statements(&["WHEN", "ELSE", "END"])?));
                }
                if whens.is_empty() {
                    return Err(self.error());
                }
                let otherwise = if self.is_word(0, "ELSE") {
                    self.at += 1;
                    Some(self.statements(&["END"])?)
                } else {
                    None
                };
                self.expect_word("END")?;
                self.expect_word("CASE")?;
                Ok(Stmt::Case { operand, whens, otherwise })
            }
            "WHILE" => {
                self.at += 1;
                let condition = self.text_until(&["DO"])?;
                self.expect_word("DO")?;
                let body = self.labelled(&label, true, |p| p.statements(&["END"]))?;
                self.expect_word("END")?;
                self.expect_word("WHILE")?;
                self.end_label(&label)?;
                Ok(Stmt::While { label, condition, body })
            }
            "REPEAT" => {
                self.at += 1;
                let body = self.labelled(&label, true, |p| p.statements(&["UNTIL"]))?;
                self.expect_word("UNTIL")?;
                let until = self.text_until(&["END"])?;
                self.expect_word("END")?;
                self.expect_word("REPEAT")?;
                self.end_label(&label)?;
                Ok(Stmt::Repeat { label, body, until })
            }
            "LOOP" => {
                self.at += 1;
                let body = self.labelled(&label, true, |p| p.statements(&["END"]))?;
                self.expect_word("END")?;
                self.expect_word("LOOP")?;
                self.end_label(&label)?;
                Ok(Stmt::Loop { label, body })
            }
            "LEAVE" | "ITERATE" => {
                self.at += 1;
                let target = self.name()?;
                let iterate = w == "ITERATE";
                let found = self.labels.iter().rev().find(|(l, _)| l.eq_ignore_ascii_case(&target));
                match found {
                    Some((_, is_loop)) if *is_loop || !iterate => {}
                    _ => return Err(MySqlError::no_matching_label(&w, &target)),
                }
                Ok(if iterate { Stmt::Iterate(target) } else { Stmt::Leave(target) })
            }
            "DECLARE" => self.declare(),
            "OPEN" | "CLOSE" => {
                self.at += 1;
                let name = self.name()?;
                self.check_cursor(&name)?;
                Ok(if w == "OPEN" { Stmt::Open(name) } else { Stmt::Close(name) })
            }
            "FETCH" => {
                self.at += 1;
                if self.is_word(0, "NEXT") {
                    self.at += 1;
                }
                if self.is_word(0, "FROM") {
                    self.at += 1;
                }
                let cursor = self.name()?;
                self.check_cursor(&cursor)?;
                self.expect_word("INTO")?;
                let mut into = vec![self.name()?];
                while self.is_punct(0, ',') {
                    self.at += 1;
                    into.push(self.name()?);
                }
                Ok(Stmt::Fetch { cursor, into })
            }
            "RETURN" => {
                self.at += 1;
                Ok(Stmt::Return(self.text_until(&[])?))
            }
            "SIGNAL" | "RESIGNAL" => {
                self.at += 1;
                let resignal = w == "RESIGNAL";
                let condition = if self.is_word(0, "SET") || self.is_punct(0, ';') {
                    if !resignal {
                        return Err(self.error());
                    }
                    None
                } else {
                    Some(self.condition_value(false)?)
                };
                let mut items = Vec::new();
                if self.is_word(0, "SET") {
                    loop {
                        self.at += 1;
                        let item = self.name()?.to_ascii_uppercase();
                        if !self.is_punct(0, '=') {
                            return Err(self.error());
                        }
                        self.at += 1;
                        items.push((item, self.text_until_or(&[], true)?));
                        if !self.is_punct(0, ',') {
                            break;
                        }
                    }
                }
                Ok(Stmt::Signal { resignal, condition, items })
            }
            _ => Ok(Stmt::Sql(self.text_until(&[])?)),
        }
    }

    fn check_cursor(&self, name: &str) -> Result<()> {
        if self.cursors.iter().flatten().any(|c| c.eq_ignore_ascii_case(name)) {
            Ok(())
        } else {
            Err(MySqlError::undefined_cursor(name))
        }
    }

    /// Parses `f` with `label` (if any) among the enclosing labels.
    fn labelled<T>(
        &mut self,
        label: &Option<String>,
        is_loop: bool,
        f: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        if let Some(l) = label {
            self.labels.push((l.clone(), is_loop));
        }
        let r = f(self);
        if label.is_some() {
            self.labels.pop();
        }
        r
    }

    /// `END ... [label]`: a label after END must be the statement's own.
    fn end_label(&mut self, label: &Option<String>) -> Result<()> {
        if self.is_punct(0, ';') || self.at >= self.tokens.len() {
            return Ok(());
        }
        let end = self.name()?;
        match label {
            Some(l) if l.eq_ignore_ascii_case(&end) => Ok(()),
            _ => Err(MySqlError::end_label_without_match(&end)),
        }
    }

    fn declare(&mut self) -> Result<Stmt> {
        self.at += 1;
        if self.is_word(0, "CONTINUE") || self.is_word(0, "EXIT") || self.is_word(0, "UNDO") {
            let exit = !self.is_word(0, "CONTINUE");
            if self.is_word(0, "UNDO") {
                // MySQL parses UNDO handlers and refuses them.
                return Err(MySqlError::not_supported_yet("UNDO handlers"));
            }
            self.at += 1;
            self.expect_word("HANDLER")?;
            self.expect_word("FOR")?;
            let mut conditions = vec![self.condition_value(true)?];
            while self.is_punct(0, ',') {
                self.at += 1;
                conditions.push(self.condition_value(true)?);
            }
            let body = Box::new(self.statement()?);
            return Ok(Stmt::Handler { exit, conditions, body });
        }
        let mut names = vec![self.name()?];
        while self.is_punct(0, ',') {
            self.at += 1;
            names.push(self.name()?);
        }
        if names.len() == 1 && self.is_word(0, "CURSOR") {
            self.at += 1;
            self.expect_word("FOR")?;
            let query = self.text_until(&[])?;
            if let Some(block) = self.cursors.last_mut() {
                block.push(names[0].clone());
            }
            return Ok(Stmt::Cursor { name: names.remove(0), query });
        }
        if names.len() == 1 && self.is_word(0, "CONDITION") {
            self.at += 1;
            self.expect_word("FOR")?;
            let value = self.condition_value(false)?;
            if matches!(value, ConditionValue::Named(_)) {
                return Err(self.error());
            }
            return Ok(Stmt::Condition { name: names.remove(0), value });
        }
        let decl = self.text_until(&["DEFAULT"])?;
        let default = if self.is_word(0, "DEFAULT") {
            self.at += 1;
            Some(self.text_until(&[])?)
        } else {
            None
        };
        Ok(Stmt::Variable { names, type_sql: decl, default })
    }

    /// `SQLSTATE [VALUE] 'xxxxx'`, an error code, a condition's name, or (for handlers)
    /// SQLWARNING, NOT FOUND, SQLEXCEPTION.
    fn condition_value(&mut self, handler: bool) -> Result<ConditionValue> {
        let w = self.word(0).ok_or_else(|| self.error())?;
        if w == "SQLSTATE" {
            self.at += 1;
            if self.is_word(0, "VALUE") {
                self.at += 1;
            }
            let t = self.tokens.get(self.at).copied().ok_or_else(|| self.error())?;
            if t.kind != Kind::Str {
                return Err(self.error());
            }
            let state = self.text[t.start + 1..t.end - 1].to_string();
            // ER_SP_BAD_SQLSTATE: five characters, not the success class '00'.
            if state.len() != 5
                || state.starts_with("00")
                || !state.bytes().all(|c| c.is_ascii_alphanumeric())
            {
                return Err(MySqlError::bad_sqlstate(&state));
            }
            self.at += 1;
            return Ok(ConditionValue::SqlState(state));
        }
        if handler {
            match w.as_str() {
                "SQLWARNING" => {
                    self.at += 1;
                    return Ok(ConditionValue::SqlWarning);
                }
                "SQLEXCEPTION" => {
                    self.at += 1;
                    return Ok(ConditionValue::SqlException);
                }
                "NOT" if self.is_word(1, "FOUND") => {
                    self.at += 2;
                    return Ok(ConditionValue::NotFound);
                }
                _ => {}
            }
        }
        if let Ok(code) = w.parse::<u16>() {
            self.at += 1;
            if code == 0 {
                return Err(MySqlError::bad_sqlstate("00000"));
            }
            return Ok(ConditionValue::ErrorCode(code));
        }
        Ok(ConditionValue::Named(self.name()?))
    }
}

fn is_declaration(s: &Stmt) -> bool {
    matches!(
        s,
        Stmt::Variable { .. } | Stmt::Condition { .. } | Stmt::Cursor { .. } | Stmt::Handler { .. }
    )
}

/// Whether a RETURN is anywhere in `stmt` (a function needs one; a procedure may not have one).
pub fn has_return(stmt: &Stmt) -> bool {
    let any = |list: &Vec<Stmt>| list.iter().any(has_return);
    match stmt {
        Stmt::Return(_) => true,
        Stmt::Block { body, .. }
        | Stmt::While { body, .. }
        | Stmt::Repeat { body, .. }
        | Stmt::Loop { body, .. } => any(body),
        Stmt::If { branches, otherwise } => {
            branches.iter().any(|(_, b)| any(b)) || otherwise.as_ref().is_some_and(any)
        }
        Stmt::Case { whens, otherwise, .. } => {
            whens.iter().any(|(_, b)| any(b)) || otherwise.as_ref().is_some_and(any)
        }
        Stmt::Handler { body, .. } => has_return(body),
        _ => false,
    }
}

/// Parses a stored program's body: one statement, usually `BEGIN ... END`.
pub fn parse_body(text: &str) -> Result<Stmt> {
    let tokens = lex(text)?;
    let mut p = Parser { text, tokens, at: 0, depth: 0, labels: Vec::new(), cursors: Vec::new() };
    let stmt = p.statement()?;
    while p.is_punct(0, ';') {
        p.at += 1;
    }
    if p.at < p.tokens.len() {
        return Err(p.error());
    }
    if is_declaration(&stmt) {
        return Err(MySqlError::syntax(text.trim(), 1));
    }
    check_names(&stmt)?;
    Ok(stmt)
}

/// Duplicate declarations in one block: ERROR 1331 (variable), 1332 (condition), 1333
/// (cursor), as MySQL checks when the program is created.
fn check_names(stmt: &Stmt) -> Result<()> {
    let mut vars: Vec<String> = Vec::new();
    let mut conds: Vec<String> = Vec::new();
    let mut cursors: Vec<String> = Vec::new();
    let children: Vec<&Vec<Stmt>> = match stmt {
        Stmt::Block { body, .. } => {
            for s in body {
                match s {
                    Stmt::Variable { names, .. } => {
                        for n in names {
                            if vars.iter().any(|v| v.eq_ignore_ascii_case(n)) {
                                return Err(MySqlError::duplicate_declaration("variable", n));
                            }
                            vars.push(n.clone());
                        }
                    }
                    Stmt::Condition { name, .. } => {
                        if conds.iter().any(|v| v.eq_ignore_ascii_case(name)) {
                            return Err(MySqlError::duplicate_declaration("condition", name));
                        }
                        conds.push(name.clone());
                    }
                    Stmt::Cursor { name, .. } => {
                        if cursors.iter().any(|v| v.eq_ignore_ascii_case(name)) {
                            return Err(MySqlError::duplicate_declaration("cursor", name));
                        }
                        cursors.push(name.clone());
                    }
                    _ => {}
                }
            }
            vec![body]
        }
        Stmt::If { branches, otherwise } => {
            branches.iter().map(|(_, b)| b).chain(otherwise.iter()).collect()
        }
        Stmt::Case { whens, otherwise, .. } => {
            whens.iter().map(|(_, b)| b).chain(otherwise.iter()).collect()
        }
        Stmt::While { body, .. } | Stmt::Repeat { body, .. } | Stmt::Loop { body, .. } => {
            vec![body]
        }
        Stmt::Handler { body, .. } => return check_names(body),
        _ => Vec::new(),
    };
    for list in children {
        for s in list {
            check_names(s)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &str) -> Vec<Stmt> {
        match parse_body(text).unwrap() {
            Stmt::Block { body, .. } => body,
            other => panic!("not a block: {other:?}"),
        }
    }

    #[test]
    fn reads_the_manuals_cursor_loop() {
        let b = body(
            "BEGIN
               DECLARE done INT DEFAULT FALSE;
               DECLARE a CHAR(16);
               DECLARE cur1 CURSOR FOR SELECT id, data FROM test.t1;
               DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = TRUE;
               OPEN cur1;
               read_loop: LOOP
                 FETCH cur1 INTO a, b;
                 IF done THEN LEAVE read_loop; END IF;
                 IF b < 5 THEN INSERT INTO test.t3 VALUES (a, b); ELSE SELECT 'x;y'; END IF;
               END LOOP;
               CLOSE cur1;
             END",
        );
        assert_eq!(b.len(), 7);
        assert_eq!(
            b[0],
            Stmt::Variable {
                names: vec!["done".into()],
                type_sql: "INT".into(),
                default: Some("FALSE".into())
            }
        );
        assert_eq!(
            b[2],
            Stmt::Cursor { name: "cur1".into(), query: "SELECT id, data FROM test.t1".into() }
        );
        assert!(matches!(&b[3], Stmt::Handler { exit: false, conditions, body }
            if conditions == &[ConditionValue::NotFound] && **body == Stmt::Sql("SET done = TRUE".into())));
        let Stmt::Loop { label, body: inner } = &b[5] else { panic!("{:?}", b[5]) };
        assert_eq!(label.as_deref(), Some("read_loop"));
        assert_eq!(
            inner[0],
            Stmt::Fetch { cursor: "cur1".into(), into: vec!["a".into(), "b".into()] }
        );
        let Stmt::If { branches, otherwise } = &inner[2] else { panic!() };
        assert_eq!(branches[0].0, "b < 5");
        assert_eq!(otherwise.as_ref().unwrap()[0], Stmt::Sql("SELECT 'x;y'".into()));
    }

    #[test]
    fn case_expressions_inside_conditions_do_not_end_them() {
        let b = body("BEGIN IF CASE WHEN x THEN 1 ELSE 0 END = 1 THEN SET y = 2; END IF; END");
        let Stmt::If { branches, .. } = &b[0] else { panic!() };
        assert_eq!(branches[0].0, "CASE WHEN x THEN 1 ELSE 0 END = 1");
    }

    #[test]
    fn mysqls_errors_for_bad_programs() {
        let code = |t: &str| parse_body(t).unwrap_err().code;
        assert_eq!(code("BEGIN LEAVE nowhere; END"), 1308);
        assert_eq!(code("BEGIN a: BEGIN ITERATE a; END; END"), 1308);
        assert_eq!(code("BEGIN a: LOOP LEAVE a; END LOOP b; END"), 1310);
        assert_eq!(code("BEGIN DECLARE c CURSOR FOR SELECT 1; DECLARE x INT; END"), 1337);
        assert_eq!(code("BEGIN DECLARE x INT; DECLARE x INT; END"), 1331);
        assert_eq!(code("BEGIN SELECT 1; DECLARE x INT; END"), 1064);
        assert_eq!(code("BEGIN IF 1 THEN SELECT 1; END; END"), 1064);
        assert_eq!(code("BEGIN DECLARE EXIT HANDLER FOR SQLSTATE '00000' BEGIN END; END"), 1407);
        assert_eq!(code("BEGIN SELECT 1"), 1064);
        assert_eq!(code("BEGIN OPEN c; END"), 1324);
        assert_eq!(
            code("BEGIN BEGIN DECLARE c CURSOR FOR SELECT 1; END; FETCH c INTO x; END"),
            1324
        );
        let deep = format!("{}{}", "BEGIN ".repeat(200), "END; ".repeat(200));
        assert!(parse_body(&deep).is_err());
    }

    #[test]
    fn signal_items_and_repeat() {
        let b = body(
            "BEGIN REPEAT SET i = i + 1; UNTIL i >= 3 END REPEAT;
             SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no, stop', MYSQL_ERRNO = 1001; END",
        );
        assert!(matches!(&b[0], Stmt::Repeat { until, .. } if until == "i >= 3"));
        assert_eq!(
            b[1],
            Stmt::Signal {
                resignal: false,
                condition: Some(ConditionValue::SqlState("45000".into())),
                items: vec![
                    ("MESSAGE_TEXT".into(), "'no, stop'".into()),
                    ("MYSQL_ERRNO".into(), "1001".into())
                ],
            }
        );
    }
}

/// A trigger body's `NEW.col` or `OLD.col`: which row (upper case), the column as written,
/// and whether a SET assigns it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowRef {
    pub row: &'static str,
    pub column: String,
    pub assigned: bool,
}

/// Every text of a program's statements (statements, conditions, values), for scans.
fn each_text<'s>(stmt: &'s Stmt, out: &mut Vec<(&'s str, bool)>) {
    let list = |l: &'s Vec<Stmt>, out: &mut Vec<(&'s str, bool)>| {
        for s in l {
            each_text(s, out);
        }
    };
    match stmt {
        Stmt::Sql(t) => out.push((t, true)),
        Stmt::Variable { default: Some(t), .. } | Stmt::Return(t) => out.push((t, false)),
        Stmt::Cursor { query, .. } => out.push((query, false)),
        Stmt::Handler { body, .. } => each_text(body, out),
        Stmt::Block { body, .. } | Stmt::Loop { body, .. } => list(body, out),
        Stmt::While { condition, body, .. } => {
            out.push((condition, false));
            list(body, out);
        }
        Stmt::Repeat { body, until, .. } => {
            list(body, out);
            out.push((until, false));
        }
        Stmt::If { branches, otherwise } | Stmt::Case { whens: branches, otherwise, .. } => {
            if let Stmt::Case { operand: Some(o), .. } = stmt {
                out.push((o, false));
            }
            for (c, b) in branches {
                out.push((c, false));
                list(b, out);
            }
            if let Some(b) = otherwise {
                list(b, out);
            }
        }
        Stmt::Signal { items, .. } => {
            for (_, v) in items {
                out.push((v, false));
            }
        }
        _ => {}
    }
}

/// The `NEW.col` / `OLD.col` references of a trigger's body, in order; a reference right
/// after a statement's SET (or a comma of its top level) is an assignment.
pub fn row_references(stmt: &Stmt) -> Result<Vec<RowRef>> {
    let mut texts = Vec::new();
    each_text(stmt, &mut texts);
    let mut out = Vec::new();
    for (text, statement) in texts {
        let tokens = lex(text)?;
        let word = |t: &Token| text[t.start..t.end].to_ascii_uppercase();
        let is_set = statement && tokens.first().is_some_and(|t| word(t) == "SET");
        let mut depth = 0i32;
        for (i, t) in tokens.iter().enumerate() {
            match t.kind {
                Kind::Punct('(') => depth += 1,
                Kind::Punct(')') => depth -= 1,
                Kind::Word => {
                    let w = &text[t.start..t.end];
                    let Some((row, column)) = w.split_once('.') else { continue };
                    let row = match row.to_ascii_uppercase().as_str() {
                        "NEW" => "NEW",
                        "OLD" => "OLD",
                        _ => continue,
                    };
                    let assigned =
                        is_set && depth == 0 && (i == 1 || tokens[i - 1].kind == Kind::Punct(','));
                    out.push(RowRef { row, column: column.to_string(), assigned });
                }
                _ => {}
            }
        }
    }
    Ok(out)
}
