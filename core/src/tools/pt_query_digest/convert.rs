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

/// `convert_to_select`: an UPDATE becomes `select SET-LIST from TABLE where ...`, a DELETE
/// `select * from ...` (`select 1` with a join); then an `ON DUPLICATE KEY UPDATE` tail is cut
/// and anything before the first SELECT word dropped (so `EXPLAIN SELECT ...` gives the
/// SELECT). The caller keeps the result only when it starts with SELECT.
pub fn convert_to_select(q: &str) -> Option<String> {
    let s = q.as_bytes();
    // `return if $query =~ m/=\s*\(\s*SELECT /i`.
    let subquery = (0..s.len()).any(|i| {
        s[i] == b'=' && {
            let p = skip_space(s, i + 1);
            s.get(p) == Some(&b'(') && {
                let w = skip_space(s, p + 1);
                starts_ci(s, w, "select ")
            }
        }
    });
    if subquery {
        return None;
    }
    let converted =
        update_to_select(s).or_else(|| delete_to_select(s)).unwrap_or_else(|| q.to_string());
    let c = converted.as_bytes();
    // `s/\s*on\s+duplicate\s+key\s+update.*\Z//si`.
    let mut end = c.len();
    for i in 0..c.len() {
        if !starts_ci(c, i, "on") {
            continue;
        }
        let d = skip_space(c, i + 2);
        if d == i + 2 || !starts_ci(c, d, "duplicate") {
            continue;
        }
        let k = skip_space(c, d + 9);
        if k == d + 9 || !starts_ci(c, k, "key") {
            continue;
        }
        let u = skip_space(c, k + 3);
        if u > k + 3 && starts_ci(c, u, "update") {
            end = (0..i).rev().take_while(|&j| is_space(c[j])).last().unwrap_or(i);
            break;
        }
    }
    let c = &c[..end];
    // `s/\A.*?(?=\bSELECT\s*\b)//ism`: from the first whole word SELECT.
    let start = (0..c.len()).find(|&i| word_at(c, i, "select")).unwrap_or(0);
    Some(text(c[start..].to_vec()))
}

/// `\A.*?update(?:\s+(?:low_priority|ignore))?\s+(.*?)\s+set\b(.*?)(?:\s*where\b(.*?))?
/// (limit\s*[0-9]+(?:\s*,\s*[0-9]+)?)?\Z` to `select SET from TABLE [where WHERE][ LIMIT ]`.
fn update_to_select(s: &[u8]) -> Option<String> {
    let u = find_ci(s, 0, "update")?;
    let mut t = u + 6;
    for m in ["low_priority", "ignore"] {
        let w = skip_space(s, t);
        if w > t && starts_ci(s, w, m) {
            t = w + m.len();
        }
    }
    let t0 = t;
    t = skip_space(s, t);
    if t == t0 {
        return None;
    }
    let set = (t..s.len())
        .find(|&i| i > t && is_space(s[i - 1]) && starts_ci(s, i, "set") && boundary(s, i + 3))?;
    let table_end = (t..set).rev().take_while(|&j| is_space(s[j])).last().unwrap_or(set);
    let table = text(s[t..table_end].to_vec());
    let rest = &s[set + 3..];
    // The SET list ends where `\s*where\b` first matches.
    let where_at = (0..rest.len()).find(|&i| starts_ci(rest, i, "where") && boundary(rest, i + 5));
    let (set_part, tail, has_where) = match where_at {
        Some(w) => {
            let set_end = (0..w).rev().take_while(|&j| is_space(rest[j])).last().unwrap_or(w);
            (&rest[..set_end], &rest[w + 5..], true)
        }
        None => (rest, &rest[rest.len()..], false),
    };
    let (body, limit) = if has_where { split_limit(tail) } else { (tail, None) };
    let (set_part, limit) = if has_where {
        (set_part, limit)
    } else {
        let (b, l) = split_limit(set_part);
        (b, l)
    };
    let where_text = text(body.to_vec());
    let mut out = format!("select {} from {} ", text(set_part.to_vec()), table);
    if has_where && !(where_text.is_empty() || where_text == "0") {
        out.push_str(&format!("where {where_text}"));
    }
    if let Some(l) = limit {
        out.push_str(&format!(" {} ", text(l.to_vec())));
    }
    Some(out)
}

/// A trailing `limit\s*[0-9]+(?:\s*,\s*[0-9]+)?` at the very end: the text before it and it.
fn split_limit(s: &[u8]) -> (&[u8], Option<&[u8]>) {
    for i in 0..s.len() {
        if !starts_ci(s, i, "limit") {
            continue;
        }
        let mut j = skip_space(s, i + 5);
        let d = j;
        while j < s.len() && s[j].is_ascii_digit() {
            j += 1;
        }
        if j == d {
            continue;
        }
        let c = skip_space(s, j);
        if s.get(c) == Some(&b',') {
            let mut k = skip_space(s, c + 1);
            let d2 = k;
            while k < s.len() && s[k].is_ascii_digit() {
                k += 1;
            }
            if k > d2 {
                j = k;
            }
        }
        if j == s.len() {
            return (&s[..i], Some(&s[i..]));
        }
    }
    (s, None)
}

/// `\A.*?delete\s+(.*?)\bfrom\b(.*)\Z` to `select * from ...` (`select 1` with a lower-case
/// `join`).
fn delete_to_select(s: &[u8]) -> Option<String> {
    let d = find_ci(s, 0, "delete")?;
    let w = skip_space(s, d + 6);
    if w == d + 6 {
        return None;
    }
    let from = (w..s.len()).find(|&i| word_at(s, i, "from"))?;
    let join = &s[from + 4..];
    let has_join = (0..join.len())
        .any(|i| join[i..].starts_with(b"join") && boundary(join, i) && boundary(join, i + 4));
    Some(format!("select {} from {}", if has_join { "1" } else { "*" }, text(join.to_vec())))
}
