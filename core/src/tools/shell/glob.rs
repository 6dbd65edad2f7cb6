//! Pathname expansion, as `sh` does it before running a command: an unquoted word holding
//! `*`, `?` or `[...]` becomes the names it matches, sorted (byte order, the POSIX locale), or
//! stays as typed when nothing matches. So `tail /var/lib/mysql/*-slow.log` and
//! `wc -l *.sql` work as on a real host.
//!
//! Simplifications: only the last part of a path may hold a pattern (`/var/lib/mysql/*.log`,
//! not `/var/lib/*/x`); a word that is partly quoted is not expanded; a relative pattern
//! matches the home directory's files, or when none match the datadir's (the fallback of
//! `files`).

use super::files;
use crate::server::Server;

/// Words of an expansion at most (a bound far above any simulated directory).
const MATCHES_MAX: usize = 4096;

/// `command` with its unquoted pattern words replaced by the names they match.
pub fn expand(server: &Server, command: &str) -> String {
    if !command.contains(['*', '?', '[']) {
        return command.to_string();
    }
    let mut out = String::with_capacity(command.len());
    for (i, raw) in raw_words(command).into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let plain = !raw.contains(['\'', '"', '\\']);
        let names = if plain && i > 0 && raw.contains(['*', '?', '[']) {
            matches(server, raw)
        } else {
            Vec::new()
        };
        if names.is_empty() {
            out.push_str(raw);
        } else {
            let quoted: Vec<String> = names.iter().map(|n| shell_quote(n)).collect();
            out.push_str(&quoted.join(" "));
        }
    }
    out
}

/// The words of a command line as typed (quotes kept), split at whitespace outside quotes.
fn raw_words(line: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut start: Option<usize> = None;
    let mut quote: Option<char> = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => {
                quote = Some(c);
                start.get_or_insert(i);
            }
            (None, c) if c.is_whitespace() => {
                if let Some(s) = start.take() {
                    words.push(&line[s..i]);
                }
            }
            (None, _) => {
                start.get_or_insert(i);
            }
        }
    }
    if let Some(s) = start {
        words.push(&line[s..]);
    }
    words
}

/// The paths `pattern` matches, sorted; empty when none does.
fn matches(server: &Server, pattern: &str) -> Vec<String> {
    let (dir, name_pattern) = match pattern.rsplit_once('/') {
        Some((d, n)) => (Some(d), n),
        None => (None, pattern),
    };
    if dir.is_some_and(|d| d.contains(['*', '?', '['])) || name_pattern.is_empty() {
        return Vec::new();
    }
    let names: Vec<String> = match dir {
        Some("~" | "/root") => server.host_files().list().map(|(n, _)| n.to_string()).collect(),
        Some(d) => {
            let d = if d.is_empty() { "/" } else { d };
            files::datadir_listing(server, d)
                .map(|es| es.into_iter().map(|e| e.name).collect())
                .unwrap_or_default()
        }
        None => {
            let home: Vec<String> =
                server.host_files().list().map(|(n, _)| n.to_string()).collect();
            if home.iter().any(|n| fnmatch(name_pattern, n)) {
                home
            } else {
                let datadir = server.datadir();
                files::datadir_listing(server, &datadir)
                    .map(|es| es.into_iter().map(|e| e.name).collect())
                    .unwrap_or_default()
            }
        }
    };
    let mut found: Vec<String> = names
        .into_iter()
        .filter(|n| !n.starts_with('.') && fnmatch(name_pattern, n))
        .take(MATCHES_MAX)
        .map(|n| match dir {
            Some(d) => format!("{d}/{n}"),
            None => n,
        })
        .collect();
    found.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    found
}

/// Whether `name` matches the shell pattern (`*`, `?`, `[abc]`, `[a-z]`, `[!x]`).
pub fn fnmatch(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // Iterative matching with one backtrack point for the last `*` (linear in practice).
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() {
            match p[pi] {
                '*' => {
                    star = Some((pi, ni));
                    pi += 1;
                    continue;
                }
                '?' => {
                    pi += 1;
                    ni += 1;
                    continue;
                }
                '[' => {
                    if let Some((ok, next)) = class(&p, pi, n[ni]) {
                        if ok {
                            pi = next;
                            ni += 1;
                            continue;
                        }
                    } else if n[ni] == '[' {
                        pi += 1;
                        ni += 1;
                        continue;
                    }
                }
                c if c == n[ni] => {
                    pi += 1;
                    ni += 1;
                    continue;
                }
                _ => {}
            }
        }
        match star {
            Some((sp, sn)) => {
                pi = sp + 1;
                ni = sn + 1;
                star = Some((sp, sn + 1));
            }
            None => return false,
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// A bracket expression at `p[start]`: whether `c` is in it and where the pattern goes on;
/// None when the bracket is not closed (then `[` is an ordinary character).
fn class(p: &[char], start: usize, c: char) -> Option<(bool, usize)> {
    let mut i = start + 1;
    let negate = matches!(p.get(i), Some('!' | '^'));
    if negate {
        i += 1;
    }
    let mut found = false;
    let mut first = true;
    while i < p.len() {
        if p[i] == ']' && !first {
            return Some((found != negate, i + 1));
        }
        if p.get(i + 1) == Some(&'-') && p.get(i + 2).is_some_and(|&e| e != ']') {
            found |= p[i] <= c && c <= p[i + 2];
            i += 3;
        } else {
            found |= p[i] == c;
            i += 1;
        }
        first = false;
    }
    None
}

/// A name as a word the shell reads back unchanged.
fn shell_quote(name: &str) -> String {
    if name.contains(|c: char| c.is_whitespace() || "'\"\\|;&<>".contains(c)) {
        format!("'{}'", name.replace('\'', "'\\''"))
    } else {
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_as_fnmatch_does() {
        assert!(fnmatch("*-slow.log", "tunelab-slow.log"));
        assert!(!fnmatch("*-slow.log", "tunelab.log"));
        assert!(fnmatch("*.log", "tunelab.log"));
        assert!(fnmatch("binlog.00000?", "binlog.000002"));
        assert!(fnmatch("undo_00[12]", "undo_002"));
        assert!(!fnmatch("undo_00[!12]", "undo_002"));
        assert!(fnmatch("[a-c]*", "ca.pem"));
        assert!(fnmatch("*", "#innodb_redo"));
        assert!(fnmatch("a*b*c", "aXbYbZc"));
        assert!(!fnmatch("a*b*c", "aXbYbZ"));
        assert!(fnmatch("[", "["), "an unclosed bracket is a character");
    }

    #[test]
    fn raw_words_keep_their_quotes() {
        assert_eq!(raw_words("grep -E 'a b|c' x*"), vec!["grep", "-E", "'a b|c'", "x*"]);
    }
}
