//! Small scanners for the Perl regular expressions of Percona's QueryRewriter and QueryParser,
//! written by hand over bytes (the tool reads logs as bytes; every pattern is ASCII, so a
//! multi-byte UTF-8 character never matches one and passes through whole).

/// Perl's `\w` on bytes: ASCII letters, digits and `_`.
pub fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Perl's `\s`: space, tab, newline, vertical tab, form feed, carriage return.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Whether a word boundary `\b` lies before index `i`.
pub fn boundary(s: &[u8], i: usize) -> bool {
    let before = i > 0 && is_word(s[i - 1]);
    let after = i < s.len() && is_word(s[i]);
    before != after
}

/// Whether `s[i..]` starts with `word`, ignoring ASCII case.
pub fn starts_ci(s: &[u8], i: usize, word: &str) -> bool {
    let w = word.as_bytes();
    i + w.len() <= s.len() && s[i..i + w.len()].eq_ignore_ascii_case(w)
}

/// Whether `s[i..]` is `word` as a whole word (`\bword\b`), ignoring case.
pub fn word_at(s: &[u8], i: usize, word: &str) -> bool {
    starts_ci(s, i, word) && boundary(s, i) && boundary(s, i + word.len())
}

/// The end of a run of `\s` starting at `i`.
pub fn skip_space(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    i
}

/// The first index at or after `from` where `needle` starts, ignoring case.
pub fn find_ci(s: &[u8], from: usize, needle: &str) -> Option<usize> {
    let n = needle.len();
    (from..=s.len().saturating_sub(n)).find(|&i| n <= s.len() && starts_ci(s, i, needle))
}

/// `$tbl_ident`: `` `quoted` `` or `\w+`, optionally `.` and another; returns its end.
pub fn table_ident(s: &[u8], i: usize) -> Option<usize> {
    let part = |i: usize| -> Option<usize> {
        if i < s.len() && s[i] == b'`' {
            let close = s[i + 1..].iter().position(|&b| b == b'`')?;
            (close > 0).then_some(i + 1 + close + 1)
        } else {
            let mut j = i;
            while j < s.len() && is_word(s[j]) {
                j += 1;
            }
            (j > i).then_some(j)
        }
    };
    let end = part(i)?;
    if end < s.len() && s[end] == b'.' {
        if let Some(end2) = part(end + 1) {
            return Some(end2);
        }
    }
    Some(end)
}

/// Replaces `".*?"` and then `'.*?'` with `?`, after dropping escaped quotes (`\\["']`), as
/// both QueryRewriter and QueryParser do.
pub fn replace_quoted(s: &[u8]) -> Vec<u8> {
    let mut unescaped = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' && i + 1 < s.len() && (s[i + 1] == b'"' || s[i + 1] == b'\'') {
            i += 2;
            continue;
        }
        unescaped.push(s[i]);
        i += 1;
    }
    let once = replace_quote_kind(&unescaped, b'"');
    replace_quote_kind(&once, b'\'')
}

fn replace_quote_kind(s: &[u8], q: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == q {
            if let Some(close) = s[i + 1..].iter().position(|&b| b == q) {
                out.push(b'?');
                i += close + 2;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// Removes `/*[^!].*?*/` comments (not `/*!version */` ones), scanning as `s///g` does.
pub fn strip_block_comments(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'/' && i + 2 < s.len() && s[i + 1] == b'*' && s[i + 2] != b'!' {
            // `.*?\*/` begins after the `[^!]` character, so `/**/` is not a comment here.
            if let Some(end) = find_bytes(s, i + 3, b"*/") {
                i = end + 2;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// Removes one-line comments `(?:--|#)[^'"\r\n]*(?=[\r\n]|\Z)`: a comment holding a quote is
/// kept whole.
pub fn strip_line_comments(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let opener = if s[i] == b'#' {
            1
        } else if s[i] == b'-' && i + 1 < s.len() && s[i + 1] == b'-' {
            2
        } else {
            0
        };
        if opener > 0 {
            let mut j = i + opener;
            while j < s.len() && !matches!(s[j], b'\'' | b'"' | b'\r' | b'\n') {
                j += 1;
            }
            if j == s.len() || s[j] == b'\r' || s[j] == b'\n' {
                i = j;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// The first index at or after `from` where `needle` starts (exact bytes).
pub fn find_bytes(s: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    if needle.len() > s.len() {
        return None;
    }
    (from..=s.len() - needle.len()).find(|&i| &s[i..i + needle.len()] == needle)
}

/// Bytes back to text (lossless for the UTF-8 the log was read as).
pub fn text(s: Vec<u8>) -> String {
    String::from_utf8(s).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}
