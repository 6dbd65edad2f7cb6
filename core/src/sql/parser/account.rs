//! Account management statements, read here with a small tokenizer of their own because
//! sqlparser does not read them as MySQL writes them (`'app'@'localhost'` account names,
//! `ON db.*` privilege levels, dynamic privileges such as `CONNECTION_ADMIN`):
//! `CREATE USER [IF NOT EXISTS]`, `DROP USER [IF EXISTS]`, `GRANT ... ON ... TO`,
//! `REVOKE ... ON ... FROM`, `SHOW GRANTS [FOR ...]` and `FLUSH PRIVILEGES`.
//! The server runs them in `server/accounts.rs`.

use crate::error::{MySqlError, Result};

/// An account name, `'user'@'host'` (the host is `%` when left out, as MySQL takes it).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct AccountName {
    pub user: String,
    pub host: String,
}

impl AccountName {
    pub fn new(user: &str, host: &str) -> AccountName {
        AccountName { user: user.to_string(), host: host.to_string() }
    }

    /// `'user'@'host'`, as error messages quote it.
    pub fn quoted(&self) -> String {
        format!("'{}'@'{}'", self.user, self.host)
    }

    /// `` `user`@`host` ``, as SHOW GRANTS writes it.
    pub fn backticked(&self) -> String {
        format!("`{}`@`{}`", self.user, self.host)
    }
}

/// Where a grant applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrivLevel {
    /// `*.*`
    Global,
    /// `db.*`, or `*` (the current database's, resolved by the server).
    Database(Option<String>),
    /// `db.t` or `t`: table-level grants, which this engine does not keep.
    Table(Option<String>, String),
}

/// Which privileges a GRANT or REVOKE names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrivList {
    /// `ALL [PRIVILEGES]`
    All,
    /// Names in MySQL's spelling (`SELECT`, `CREATE TEMPORARY TABLES`, `CONNECTION_ADMIN`),
    /// upper case, as written.
    Named(Vec<String>),
}

/// A parsed account statement.
#[derive(Clone, Debug, PartialEq)]
pub enum AccountStatement {
    /// `CREATE USER [IF NOT EXISTS] u [IDENTIFIED [WITH plugin] BY 'pw'] [, ...]`
    CreateUser { if_not_exists: bool, users: Vec<(AccountName, Option<String>)> },
    /// `DROP USER [IF EXISTS] u [, ...]`
    DropUser { if_exists: bool, users: Vec<AccountName> },
    /// `GRANT privs ON level TO u [, ...] [WITH GRANT OPTION]`
    Grant { privileges: PrivList, level: PrivLevel, users: Vec<AccountName>, grant_option: bool },
    /// `REVOKE privs ON level FROM u [, ...]`
    Revoke { privileges: PrivList, level: PrivLevel, users: Vec<AccountName> },
    /// `SHOW GRANTS [FOR u | FOR CURRENT_USER[()]]`; None is the session's own account.
    ShowGrants { user: Option<AccountName> },
    /// `FLUSH PRIVILEGES`: reloads the grant tables, which empties caching_sha2_password's
    /// cache of verified logins.
    FlushPrivileges,
}

/// A token of an account statement, with the byte offset it starts at.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A bare word (keywords and unquoted names), as written.
    Word(String),
    /// A quoted string or identifier: `'x'`, `"x"` or `` `x` ``.
    Quoted(String),
    Punct(char),
}

/// Splits `sql` into tokens; None on text these statements never hold (the caller then
/// reports a syntax error there).
fn tokenize(sql: &str) -> std::result::Result<Vec<(Tok, usize)>, usize> {
    let mut out = Vec::new();
    let bytes: Vec<(usize, char)> = sql.char_indices().collect();
    let mut i = 0;
    // Bounded by the text: every round consumes at least one character.
    while i < bytes.len() {
        let (at, c) = bytes[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '\'' || c == '"' || c == '`' {
            let mut text = String::new();
            i += 1;
            let mut closed = false;
            while i < bytes.len() {
                let (_, d) = bytes[i];
                i += 1;
                if d == c {
                    // A doubled quote stands for itself.
                    if i < bytes.len() && bytes[i].1 == c {
                        text.push(c);
                        i += 1;
                        continue;
                    }
                    closed = true;
                    break;
                }
                if d == '\\' && c != '`' && i < bytes.len() {
                    text.push(bytes[i].1);
                    i += 1;
                    continue;
                }
                text.push(d);
            }
            if !closed {
                return Err(at);
            }
            out.push((Tok::Quoted(text), at));
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let mut word = String::new();
            while i < bytes.len()
                && (bytes[i].1.is_alphanumeric() || bytes[i].1 == '_' || bytes[i].1 == '$')
            {
                word.push(bytes[i].1);
                i += 1;
            }
            out.push((Tok::Word(word), at));
        } else if "@,.*;()=".contains(c) {
            out.push((Tok::Punct(c), at));
            i += 1;
        } else {
            return Err(at);
        }
    }
    Ok(out)
}

/// Whether `sql` starts like an account statement this module reads.
fn is_account_statement(sql: &str) -> bool {
    let words: Vec<String> =
        sql.split_whitespace().take(2).map(|w| w.to_ascii_uppercase()).collect();
    let first = words.first().map(String::as_str).unwrap_or("");
    let second = words.get(1).map(|w| w.trim_end_matches(';')).unwrap_or("");
    matches!(
        (first, second),
        ("CREATE", "USER")
            | ("DROP", "USER")
            | ("GRANT", _)
            | ("REVOKE", _)
            | ("SHOW", "GRANTS")
            | ("FLUSH", "PRIVILEGES")
    )
}

/// Parses an account statement at the start of `sql`; None if it is not one. Returns the byte
/// offset of the next statement when a `;` is followed by more text.
pub fn parse_account(sql: &str) -> Result<Option<(AccountStatement, Option<usize>)>> {
    if !is_account_statement(sql) {
        return Ok(None);
    }
    let tokens = tokenize(sql).map_err(|at| near(sql, at))?;
    let mut p = Cursor { sql, tokens, pos: 0 };
    let stmt = p.statement()?;
    match p.peek() {
        None => Ok(Some((stmt, None))),
        Some(Tok::Punct(';')) => {
            p.pos += 1;
            match p.tokens.get(p.pos) {
                None => Ok(Some((stmt, None))),
                Some((_, at)) => Ok(Some((stmt, Some(*at)))),
            }
        }
        Some(_) => Err(p.error()),
    }
}

/// MySQL's 1064 pointing at byte `at` of `sql`.
fn near(sql: &str, at: usize) -> MySqlError {
    let at = at.min(sql.len());
    let line = sql[..at].matches('\n').count() as u32 + 1;
    MySqlError::syntax(sql[at..].trim_end().trim_end_matches(';'), line)
}

struct Cursor<'a> {
    sql: &'a str,
    tokens: Vec<(Tok, usize)>,
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|(t, _)| t)
    }

    fn error(&self) -> MySqlError {
        match self.tokens.get(self.pos) {
            Some((_, at)) => near(self.sql, *at),
            None => near(self.sql, self.sql.len()),
        }
    }

    /// Consumes the keyword `w` (any case) if it comes next.
    fn keyword(&mut self, w: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Word(x)) if x.eq_ignore_ascii_case(w)) {
            self.pos += 1;
            return true;
        }
        false
    }

    fn expect_keyword(&mut self, w: &str) -> Result<()> {
        if self.keyword(w) {
            Ok(())
        } else {
            Err(self.error())
        }
    }

    fn punct(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.pos += 1;
            return true;
        }
        false
    }

    /// A name: a bare word or a quoted string or identifier.
    fn name(&mut self) -> Result<String> {
        match self.peek().cloned() {
            Some(Tok::Word(w)) | Some(Tok::Quoted(w)) => {
                self.pos += 1;
                Ok(w)
            }
            _ => Err(self.error()),
        }
    }

    fn string(&mut self) -> Result<String> {
        match self.peek().cloned() {
            Some(Tok::Quoted(w)) => {
                self.pos += 1;
                Ok(w)
            }
            _ => Err(self.error()),
        }
    }

    fn statement(&mut self) -> Result<AccountStatement> {
        if self.keyword("CREATE") {
            self.expect_keyword("USER")?;
            let if_not_exists = self.if_words(&["IF", "NOT", "EXISTS"])?;
            let mut users = Vec::new();
            // Bounded by the tokens: each round consumes an account name.
            loop {
                let user = self.account()?;
                let mut password = None;
                if self.keyword("IDENTIFIED") {
                    if self.keyword("WITH") {
                        let plugin = self.name()?;
                        if !plugin.eq_ignore_ascii_case("caching_sha2_password") {
                            return Err(MySqlError::plugin_not_loaded(&plugin));
                        }
                    }
                    if self.keyword("BY") {
                        password = Some(self.string()?);
                    }
                }
                users.push((user, password));
                if !self.punct(',') {
                    break;
                }
            }
            return Ok(AccountStatement::CreateUser { if_not_exists, users });
        }
        if self.keyword("DROP") {
            self.expect_keyword("USER")?;
            let if_exists = self.if_words(&["IF", "EXISTS"])?;
            let users = self.accounts()?;
            return Ok(AccountStatement::DropUser { if_exists, users });
        }
        if self.keyword("GRANT") {
            let privileges = self.privileges()?;
            let level = self.level()?;
            self.expect_keyword("TO")?;
            let users = self.accounts()?;
            let grant_option = if self.keyword("WITH") {
                self.expect_keyword("GRANT")?;
                self.expect_keyword("OPTION")?;
                true
            } else {
                false
            };
            return Ok(AccountStatement::Grant { privileges, level, users, grant_option });
        }
        if self.keyword("REVOKE") {
            let privileges = self.privileges()?;
            let level = self.level()?;
            self.expect_keyword("FROM")?;
            let users = self.accounts()?;
            return Ok(AccountStatement::Revoke { privileges, level, users });
        }
        if self.keyword("SHOW") {
            self.expect_keyword("GRANTS")?;
            if !self.keyword("FOR") {
                return Ok(AccountStatement::ShowGrants { user: None });
            }
            if self.keyword("CURRENT_USER") {
                if self.punct('(') && !self.punct(')') {
                    return Err(self.error());
                }
                return Ok(AccountStatement::ShowGrants { user: None });
            }
            return Ok(AccountStatement::ShowGrants { user: Some(self.account()?) });
        }
        self.expect_keyword("FLUSH")?;
        self.expect_keyword("PRIVILEGES")?;
        Ok(AccountStatement::FlushPrivileges)
    }

    /// `IF [NOT] EXISTS`: all of `words` or none.
    fn if_words(&mut self, words: &[&str]) -> Result<bool> {
        if !self.keyword(words[0]) {
            return Ok(false);
        }
        for w in &words[1..] {
            self.expect_keyword(w)?;
        }
        Ok(true)
    }

    /// `user[@host]`: quoted or bare, host `%` when omitted.
    fn account(&mut self) -> Result<AccountName> {
        let user = self.name()?;
        let host = if self.punct('@') { self.name()? } else { "%".to_string() };
        Ok(AccountName { user, host })
    }

    fn accounts(&mut self) -> Result<Vec<AccountName>> {
        let mut users = vec![self.account()?];
        // Bounded by the tokens.
        while self.punct(',') {
            users.push(self.account()?);
        }
        Ok(users)
    }

    /// `ALL [PRIVILEGES]` or a comma-separated list of (possibly several-word) names, up to ON.
    fn privileges(&mut self) -> Result<PrivList> {
        if self.keyword("ALL") {
            self.keyword("PRIVILEGES");
            return Ok(PrivList::All);
        }
        let mut names = Vec::new();
        let mut words: Vec<String> = Vec::new();
        // Bounded by the tokens: each round consumes one.
        loop {
            match self.peek().cloned() {
                Some(Tok::Word(w)) if w.eq_ignore_ascii_case("ON") && !words.is_empty() => {
                    names.push(words.join(" "));
                    return Ok(PrivList::Named(names));
                }
                Some(Tok::Word(w)) => {
                    words.push(w.to_ascii_uppercase());
                    self.pos += 1;
                }
                Some(Tok::Punct(',')) if !words.is_empty() => {
                    names.push(std::mem::take(&mut words).join(" "));
                    self.pos += 1;
                }
                _ => return Err(self.error()),
            }
        }
    }

    /// `ON *.* | ON * | ON db.* | ON db.t | ON t`
    fn level(&mut self) -> Result<PrivLevel> {
        self.expect_keyword("ON")?;
        // An optional object type, as MySQL allows (`ON TABLE db.*`).
        self.keyword("TABLE");
        if self.punct('*') {
            if self.punct('.') {
                if self.punct('*') {
                    return Ok(PrivLevel::Global);
                }
                return Err(self.error());
            }
            return Ok(PrivLevel::Database(None));
        }
        let first = self.name()?;
        if !self.punct('.') {
            return Ok(PrivLevel::Table(None, first));
        }
        if self.punct('*') {
            return Ok(PrivLevel::Database(Some(first)));
        }
        Ok(PrivLevel::Table(Some(first), self.name()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(sql: &str) -> AccountStatement {
        parse_account(sql).unwrap().unwrap().0
    }

    #[test]
    fn account_statements_parse() {
        assert_eq!(
            parse("CREATE USER IF NOT EXISTS 'app'@'localhost' IDENTIFIED BY 'pw'"),
            AccountStatement::CreateUser {
                if_not_exists: true,
                users: vec![(AccountName::new("app", "localhost"), Some("pw".into()))],
            }
        );
        assert_eq!(
            parse("drop user app"),
            AccountStatement::DropUser {
                if_exists: false,
                users: vec![AccountName::new("app", "%")]
            }
        );
        assert_eq!(
            parse("GRANT ALL PRIVILEGES ON shop.* TO 'app'@'localhost'"),
            AccountStatement::Grant {
                privileges: PrivList::All,
                level: PrivLevel::Database(Some("shop".into())),
                users: vec![AccountName::new("app", "localhost")],
                grant_option: false,
            }
        );
        assert_eq!(
            parse("GRANT PROCESS, CREATE TEMPORARY TABLES ON *.* TO `a`@`%` WITH GRANT OPTION"),
            AccountStatement::Grant {
                privileges: PrivList::Named(vec![
                    "PROCESS".into(),
                    "CREATE TEMPORARY TABLES".into()
                ]),
                level: PrivLevel::Global,
                users: vec![AccountName::new("a", "%")],
                grant_option: true,
            }
        );
        assert_eq!(
            parse("SHOW GRANTS FOR CURRENT_USER()"),
            AccountStatement::ShowGrants { user: None }
        );
        assert_eq!(parse("FLUSH PRIVILEGES;"), AccountStatement::FlushPrivileges);
        let (_, next) = parse_account("DROP USER a; SELECT 1").unwrap().unwrap();
        assert_eq!(next, Some(13));
    }

    #[test]
    fn bad_account_statements_are_syntax_errors_not_panics() {
        assert!(parse_account("SELECT 1").unwrap().is_none());
        assert!(parse_account("FLUSH STATUS").unwrap().is_none());
        for bad in [
            "CREATE USER",
            "CREATE USER 'a'@",
            "CREATE USER 'unterminated",
            "GRANT ON *.* TO a",
            "GRANT SELECT ON *. TO a",
            "GRANT SELECT ON *.* a",
            "REVOKE ALL ON db.* TO a",
            "SHOW GRANTS FOR",
            "CREATE USER a IDENTIFIED BY 'x' junk",
            "GRANT SELECT ON *.* TO é#",
        ] {
            let e = parse_account(bad).unwrap_err();
            assert_eq!(e.code, 1064, "{bad}");
        }
        assert_eq!(
            parse_account("CREATE USER a IDENTIFIED WITH sha256_password BY 'x'").unwrap_err().code,
            1524
        );
    }
}
