//! The sample's rewrites in the query report: `QueryRewriter::shorten` (a multi-row INSERT's
//! later rows and IN lists past 20 items omitted) and `convert_to_select` (an UPDATE or DELETE
//! turned into the SELECT to EXPLAIN). Simplification: only the UPDATE ... SET ... [WHERE] and
//! DELETE ... FROM forms are converted (the tool also converts INSERT/REPLACE samples, which it
//! never reaches in the report, as those print no EXPLAIN).

use super::text::*;

/// `s/\A(INSERT|REPLACE ... VALUES\s*\(.*?\))\s*,\s*\(.*?(ON\s+DUPLICATE|\Z)/$1 \/*... omitted ...*\/$2/si`.
pub fn omit_extra_rows(q: &str) -> String {
    let s = q.as_bytes();
    if !(starts_ci(s, 0, "insert") || starts_ci(s, 0, "replace")) {
        return q.to_string();
    }
    let mut from = 0;
    while let Some(v) = find_ci(s, from, "values") {
        from = v + 1;
        if v == 0 || !is_space(s[v - 1]) || !insert_words_before(s, v) {
            continue;
        }
        let open = skip_space(s, v + 6);
        if s.get(open) != Some(&b'(') {
            continue;
        }
        let mut close_from = open + 1;
        while let Some(close) = find_bytes(s, close_from, b")") {
            close_from = close + 1;
            let comma = skip_space(s, close + 1);
            if s.get(comma) != Some(&b',') || s.get(skip_space(s, comma + 1)) != Some(&b'(') {
                continue;
            }
            let after = skip_space(s, comma + 1) + 1;
            let tail = (after..s.len())
                .find(|&i| {
                    starts_ci(s, i, "on")
                        && skip_space(s, i + 2) > i + 2
                        && starts_ci(s, skip_space(s, i + 2), "duplicate")
                })
                .map_or(String::new(), |i| text(s[i..].to_vec()));
            return format!("{} /*... omitted ...*/{}", text(s[..=close].to_vec()), tail);
        }
    }
    q.to_string()
}

/// `(?:\s\w+)*\s+\S+\s+` between the verb and VALUES at `v`: single-spaced words, then one
/// token of any non-space bytes (so a column list with spaces in it does not match).
fn insert_words_before(s: &[u8], v: usize) -> bool {
    let verb = if starts_ci(s, 0, "insert") { 6 } else { 7 };
    if v <= verb || !is_space(s[verb]) {
        return false;
    }
    let between = &s[verb..v];
    let tokens: Vec<(usize, &[u8])> = {
        let mut out = Vec::new();
        let mut i = 0;
        while i < between.len() {
            let ws = i;
            while i < between.len() && is_space(between[i]) {
                i += 1;
            }
            let st = i;
            while i < between.len() && !is_space(between[i]) {
                i += 1;
            }
            if i > st {
                out.push((st - ws, &between[st..i]));
            }
        }
        out
    };
    let Some(((_, _), words)) = tokens.split_last() else { return false };
    words.iter().all(|(spaces, w)| *spaces == 1 && w.iter().all(|&b| is_word(b)))
}

/// `m/IN\s*\(\s*(?!select)/i`.
pub fn has_in_list(q: &str) -> bool {
    let s = q.as_bytes();
    (0..s.len()).any(|i| {
        starts_ci(s, i, "in") && {
            let p = skip_space(s, i + 2);
            s.get(p) == Some(&b'(') && !starts_ci(s, skip_space(s, p + 1), "select")
        }
    })
}

/// One round of `s/(\bIN\s*\()([^\)]+)(?=\))/$1 . __shorten($2)/gexsi`.
pub fn cut_in_lists(q: &str) -> String {
    let s = q.as_bytes();
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if word_at(s, i, "in")
            || (boundary(s, i)
                && starts_ci(s, i, "in")
                && !s.get(i + 2).is_some_and(|&b| is_word(b)))
        {
            let p = skip_space(s, i + 2);
            if s.get(p) == Some(&b'(') {
                if let Some(close) = s[p + 1..].iter().position(|&b| b == b')').filter(|&n| n > 0) {
                    let body = text(s[p + 1..p + 1 + close].to_vec());
                    out.extend_from_slice(&s[i..=p]);
                    let items: Vec<&str> = body.split(',').collect();
                    if items.len() > 20 {
                        out.extend_from_slice(items[..20].join(",").as_bytes());
                        out.extend_from_slice(
                            format!("/*... omitted {} items ...*/", items.len() - 20).as_bytes(),
                        );
                    } else {
                        out.extend_from_slice(body.as_bytes());
                    }
                    i = p + 1 + close;
                    continue;
                }
            }
        }
        out.push(s[i]);
        i += 1;
    }
    text(out)
}

/// `convert_to_select` for UPDATE and DELETE samples.
pub fn convert_to_select(q: &str) -> Option<String> {
    let s = q.as_bytes();
    if q.contains("= (SELECT ") || q.contains("=(SELECT ") {
        return None;
    }
    let start = skip_space(s, 0);
    if word_at(s, start, "update") {
        let mut t = skip_space(s, start + 6);
        for m in ["low_priority", "ignore"] {
            if word_at(s, t, m) {
                t = skip_space(s, t + m.len());
            }
        }
        let set = (t..s.len()).find(|&i| i > t && is_space(s[i - 1]) && word_at(s, i, "set"))?;
        let table = text(s[t..set].to_vec()).trim_end().to_string();
        let rest = &s[set + 3..];
        let where_at = (0..rest.len()).find(|&i| word_at(rest, i, "where"));
        let (set_part, where_part) = match where_at {
            Some(w) => (
                text(rest[..w].to_vec()).trim_end().to_string(),
                Some(text(rest[w + 5..].to_vec())),
            ),
            None => (text(rest.to_vec()), None),
        };
        return Some(format!(
            "select {} from {} {}",
            set_part,
            table,
            where_part.map_or(String::new(), |w| format!("where {w}"))
        ));
    }
    if word_at(s, start, "delete") {
        let from = (start..s.len()).find(|&i| word_at(s, i, "from"))?;
        let join = text(s[from + 4..].to_vec());
        return Some(if join.contains(" join ") {
            format!("select 1 from {join}")
        } else {
            format!("select * from {join}")
        });
    }
    None
}
