//! Command substitution, as `sh` does it before it runs a line: `$(command)` and
//! `` `command` `` are replaced by what the command prints, its trailing newlines removed
//! (`tail $(hostname)-slow.log`). Inside single quotes nothing is substituted.
//!
//! Simplifications: the output is not split into fields or expanded as a pattern again;
//! an unclosed `$(` or backquote is left as written.

/// `line` with each substitution replaced by `run(command)`'s output. Bounded: each
/// substitution consumes its text, and `run` sees only the text inside.
pub fn substitute(line: &str, run: &mut dyn FnMut(&str) -> String) -> String {
    if !line.contains("$(") && !line.contains('`') {
        return line.to_string();
    }
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut i = 0;
    let mut single_quoted = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' {
            single_quoted = !single_quoted;
        }
        if !single_quoted && c == '$' && chars.get(i + 1) == Some(&'(') {
            if let Some(end) = closing_paren(&chars, i + 2) {
                let inner: String = chars[i + 2..end].iter().collect();
                out.push_str(run(&inner).trim_end_matches('\n'));
                i = end + 1;
                continue;
            }
        }
        if !single_quoted && c == '`' {
            if let Some(len) = chars[i + 1..].iter().position(|&d| d == '`') {
                let inner: String = chars[i + 1..i + 1 + len].iter().collect();
                out.push_str(run(&inner).trim_end_matches('\n'));
                i += len + 2;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// The position of the `)` that closes a `$(` whose text starts at `from`, nested
/// parentheses counted.
fn closing_paren(chars: &[char], from: usize) -> Option<usize> {
    let mut depth = 0u32;
    for (k, &c) in chars.iter().enumerate().skip(from) {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Some(k),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::substitute;

    #[test]
    fn substitutes_outside_single_quotes() {
        let mut run = |c: &str| format!("<{c}>\n\n");
        assert_eq!(substitute("tail $(hostname)-slow.log", &mut run), "tail <hostname>-slow.log");
        assert_eq!(substitute("wc -l `hostname`.log", &mut run), "wc -l <hostname>.log");
        assert_eq!(substitute("echo '$(x)' $(a (b))", &mut run), "echo '$(x)' <a (b)>");
        assert_eq!(substitute("echo $(open", &mut run), "echo $(open");
        assert_eq!(substitute("plain", &mut run), "plain");
    }
}
