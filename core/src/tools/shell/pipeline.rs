//! Splitting a command line as `sh` does, enough for the chapter's command lines: words with
//! single and double quotes, a pipeline of stages at each `|` outside quotes, and each stage's
//! redirections (`> FILE`, `>> FILE`, `2> FILE`, `2>/dev/null`, `2>&1`, `>/dev/null`).
//!
//! A stage keeps its words as typed (quotes included), so each program reads its own
//! arguments as before; [`words`] removes the quotes.
//!
//! A `;` outside quotes ends one command line and starts the next ([`sequence`]).
//!
//! Simplifications: no `&&`, `||`, `&`, `<`, variables, globs or `$(...)` (mysqld's
//! pid for `kill` is the one substitution the tools resolve themselves); a backslash is
//! kept as typed.

/// Where a stage's output or errors go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A file: its path as typed (quotes removed), and whether to append.
    File(String, bool),
    /// `/dev/null`.
    Null,
    /// `2>&1`: errors go where the output goes.
    Stdout,
}

/// One command of a pipeline.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stage {
    /// The command's words as typed (quotes kept), joined by single spaces.
    pub text: String,
    /// `>` / `>>` / `1>`.
    pub stdout: Option<Target>,
    /// `2>` / `2>>` / `2>&1`.
    pub stderr: Option<Target>,
}

/// Why a line could not be split (`sh: 1: Syntax error: ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError(pub String);

/// The line's stages, in order.
pub fn parse(line: &str) -> Result<Vec<Stage>, SyntaxError> {
    let mut stages = Vec::new();
    let mut stage = Stage::default();
    let mut raw_words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    // A redirection waiting for its target word: (fd, append).
    let mut pending: Option<(u8, bool)> = None;
    let mut quote: Option<char> = None;
    let mut chars = line.chars().peekable();
    let finish_word = |word: &mut String,
                       in_word: &mut bool,
                       pending: &mut Option<(u8, bool)>,
                       stage: &mut Stage,
                       raw_words: &mut Vec<String>| {
        if !*in_word {
            return;
        }
        let w = std::mem::take(word);
        *in_word = false;
        match pending.take() {
            Some((fd, append)) => {
                let target = if unquote(&w) == "/dev/null" {
                    Target::Null
                } else {
                    Target::File(unquote(&w), append)
                };
                if fd == 2 {
                    stage.stderr = Some(target);
                } else {
                    stage.stdout = Some(target);
                }
            }
            None => raw_words.push(w),
        }
    };
    // Bounded by the line: each round consumes at least one character.
    while let Some(c) = chars.next() {
        if let Some(q) = quote {
            word.push(c);
            if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '\'' | '"' => {
                quote = Some(c);
                word.push(c);
                in_word = true;
            }
            '|' => {
                finish_word(&mut word, &mut in_word, &mut pending, &mut stage, &mut raw_words);
                if pending.is_some() {
                    return Err(SyntaxError("\"|\" unexpected".into()));
                }
                if raw_words.is_empty() || chars.peek() == Some(&'|') {
                    return Err(SyntaxError("\"|\" unexpected".into()));
                }
                stage.text = raw_words.join(" ");
                stages.push(std::mem::take(&mut stage));
                raw_words.clear();
            }
            '>' => {
                // `2>` and `1>`: a lone digit just before names the descriptor.
                let fd = match word.as_str() {
                    "1" | "2" if in_word => {
                        let fd = if word == "2" { 2 } else { 1 };
                        word.clear();
                        in_word = false;
                        fd
                    }
                    _ => {
                        finish_word(
                            &mut word,
                            &mut in_word,
                            &mut pending,
                            &mut stage,
                            &mut raw_words,
                        );
                        1
                    }
                };
                if pending.is_some() {
                    return Err(SyntaxError("redirection unexpected".into()));
                }
                let append = chars.peek() == Some(&'>');
                if append {
                    chars.next();
                }
                if chars.peek() == Some(&'&') {
                    chars.next();
                    let to: String =
                        std::iter::from_fn(|| chars.next_if(char::is_ascii_digit)).collect();
                    match (fd, to.as_str()) {
                        (2, "1") => stage.stderr = Some(Target::Stdout),
                        (1, "2") | (1, "1") | (2, "2") => {}
                        _ => return Err(SyntaxError(format!("{to}: bad file descriptor"))),
                    }
                    continue;
                }
                pending = Some((fd, append));
            }
            c if c.is_whitespace() => {
                finish_word(&mut word, &mut in_word, &mut pending, &mut stage, &mut raw_words);
            }
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(SyntaxError("Unterminated quoted string".into()));
    }
    finish_word(&mut word, &mut in_word, &mut pending, &mut stage, &mut raw_words);
    if pending.is_some() {
        return Err(SyntaxError("newline unexpected".into()));
    }
    if raw_words.is_empty() && !stages.is_empty() {
        return Err(SyntaxError("end of file unexpected (expecting \"|\")".into()));
    }
    stage.text = raw_words.join(" ");
    stages.push(stage);
    Ok(stages)
}

/// The command lines of `line`, split at each `;` outside quotes (empty ones dropped).
pub fn sequence(line: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut quote: Option<char> = None;
    let mut from = 0;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == ';' => {
                parts.push(&line[from..i]);
                from = i + 1;
            }
            None => {}
        }
    }
    parts.push(&line[from..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// A word without its quotes (`'a b'"c"` is `a bc`).
pub fn unquote(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut quote: Option<char> = None;
    for c in word.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => out.push(c),
            None if c == '\'' || c == '"' => quote = Some(c),
            None => out.push(c),
        }
    }
    out
}

/// A stage's words without quotes, as a program receives them.
pub fn words(text: &str) -> Vec<String> {
    crate::tools::mysqlslap::shell_words(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipes_split_outside_quotes() {
        let s = parse("cat a.log | grep -E 'x|y' | cut -c 1-24,43-").unwrap();
        let texts: Vec<&str> = s.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, ["cat a.log", "grep -E 'x|y'", "cut -c 1-24,43-"]);
        let s = parse("echo \"a | b\"").unwrap();
        assert_eq!(s.len(), 1);
        assert_eq!(words(&s[0].text), ["echo", "a | b"]);
    }

    #[test]
    fn redirections_come_out_of_the_words() {
        let s = parse("perl mysqltuner.pl --nogood 2>/dev/null | grep -c OK > n.txt").unwrap();
        assert_eq!(s[0].text, "perl mysqltuner.pl --nogood");
        assert_eq!(s[0].stderr, Some(Target::Null));
        assert_eq!(s[1].stdout, Some(Target::File("n.txt".into(), false)));
        let s = parse("echo hi>>'my file' 2>&1").unwrap();
        assert_eq!(s[0].text, "echo hi");
        assert_eq!(s[0].stdout, Some(Target::File("my file".into(), true)));
        assert_eq!(s[0].stderr, Some(Target::Stdout));
        assert_eq!(parse("echo 'a>b'").unwrap()[0].text, "echo 'a>b'");
        assert_eq!(parse("echo x2>f").unwrap()[0].text, "echo x2", "2 inside a word is text");
    }

    #[test]
    fn semicolons_split_command_lines_outside_quotes() {
        assert_eq!(sequence("echo a; echo 'b;c' ;; ls"), ["echo a", " echo 'b;c' ", " ls"]);
        assert!(sequence(" ; ").is_empty());
    }

    #[test]
    fn bad_lines_are_syntax_errors() {
        assert!(parse("| grep x").is_err());
        assert!(parse("cat x |").is_err());
        assert!(parse("cat x >").is_err());
        assert!(parse("echo 'open").is_err());
        assert!(parse("a || b").is_err());
        assert!(parse("echo é | grep é").is_ok(), "no panic on UTF-8");
    }
}
