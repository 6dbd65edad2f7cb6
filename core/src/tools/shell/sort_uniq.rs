//! `sort` and `uniq` as GNU coreutils behave in the C locale (a mysql container's default),
//! for the options a reader of a slow log reaches for: `grep '^# User@Host' slow.log | sort |
//! uniq -c | sort -rn | head`, or `sort -t: -k2,2n`.
//!
//! - `sort [-n] [-r] [-u] [-f] [-s] [-b] [-t SEP] [-k POS1[,POS2]]...`: keys as GNU counts
//!   fields (without `-t`, a field is a run of blanks followed by non-blanks, so its leading
//!   blanks belong to it); `-n` reads a leading number (blanks, an optional `-`, digits, one
//!   decimal point; none is 0); ties of every key fall back to the whole line's bytes unless
//!   `-s` or `-u` is given, as GNU's last-resort comparison does. Flags after a key's field
//!   (`-k3,3nr`) apply to that key alone.
//! - `uniq [-c] [-d] [-u] [-i] [INPUT]`: adjacent equal lines; `-c` prints each count right-aligned
//!   in seven columns and a space, as GNU's `%7d ` does.
//!
//! Simplifications: no `-h`, `-g`, `-M`, `-V`, `-o`, `-m`, character offsets in keys
//! (`-k2.3`) are read as their field, comparison is by bytes (the C locale's collation),
//! and uniq has no `-z`, `-f`, `-s`, `-w` or OUTPUT operand.

use std::cmp::Ordering;

/// How one key, or the whole line, compares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Order {
    numeric: bool,
    reverse: bool,
    fold_case: bool,
    skip_blanks: bool,
}

/// A `-k` key: fields counted from 1; `to` None is the end of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    from: usize,
    to: Option<usize>,
    order: Order,
}

/// sort's options, parsed from its words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SortOptions {
    global: Order,
    keys: Vec<Key>,
    separator: Option<char>,
    unique: bool,
    stable: bool,
    /// The files named (none: the input).
    pub files: Vec<String>,
}

/// Most keys a command line may give (GNU has no limit; a bound keeps a typo cheap).
const KEYS_MAX: usize = 16;

fn order_flag(order: &mut Order, flag: char) -> bool {
    match flag {
        'n' => order.numeric = true,
        'r' => order.reverse = true,
        'f' => order.fold_case = true,
        'b' => order.skip_blanks = true,
        _ => return false,
    }
    true
}

/// `N[.C][FLAGS]`: the field number and the key's own flags.
fn key_position(text: &str, order: &mut Order) -> Result<usize, String> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    let mut rest = &text[digits.len()..];
    if let Some(after_dot) = rest.strip_prefix('.') {
        // A character offset: read as the whole field (see the module's simplifications).
        rest = after_dot.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    let field: usize = digits.parse().map_err(|_| {
        format!("sort: invalid number at field start: invalid count at start of '{text}'")
    })?;
    if field == 0 {
        return Err("sort: field number is zero: invalid field specification '0'".into());
    }
    for flag in rest.chars() {
        if !order_flag(order, flag) {
            return Err(format!("sort: invalid option -- '{flag}'"));
        }
    }
    Ok(field)
}

fn parse_key(spec: &str) -> Result<Key, String> {
    let mut order = Order::default();
    let (start, end) = match spec.split_once(',') {
        Some((s, e)) => (s, Some(e)),
        None => (spec, None),
    };
    let from = key_position(start, &mut order)?;
    let to = match end {
        Some(e) => Some(key_position(e, &mut order)?),
        None => None,
    };
    Ok(Key { from, to, order })
}

/// sort's words (after `sort`) into its options, or its complaint.
pub fn sort_options(args: &[String]) -> Result<SortOptions, String> {
    let mut o = SortOptions::default();
    let mut i = 0;
    let mut options_done = false;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if options_done || !a.starts_with('-') || a == "-" {
            o.files.push(a.clone());
            continue;
        }
        if a == "--" {
            options_done = true;
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long {
                "numeric-sort" => o.global.numeric = true,
                "reverse" => o.global.reverse = true,
                "unique" => o.unique = true,
                "ignore-case" => o.global.fold_case = true,
                "stable" => o.stable = true,
                "ignore-leading-blanks" => o.global.skip_blanks = true,
                _ => return Err(format!("sort: unrecognized option '{a}'")),
            }
            continue;
        }
        let flags: Vec<char> = a.chars().skip(1).collect();
        let mut k = 0;
        while k < flags.len() {
            let f = flags[k];
            k += 1;
            match f {
                'u' => o.unique = true,
                's' => o.stable = true,
                't' | 'k' => {
                    let inline: String = flags[k..].iter().collect();
                    let value = if inline.is_empty() {
                        let v = args
                            .get(i)
                            .ok_or_else(|| format!("sort: option requires an argument -- '{f}'"))?;
                        i += 1;
                        v.clone()
                    } else {
                        inline
                    };
                    if f == 't' {
                        let mut chars = value.chars();
                        match (chars.next(), chars.next()) {
                            (Some(c), None) => o.separator = Some(c),
                            _ => return Err(format!("sort: multi-character tab '{value}'")),
                        }
                    } else {
                        if o.keys.len() >= KEYS_MAX {
                            return Err("sort: too many keys".into());
                        }
                        o.keys.push(parse_key(&value)?);
                    }
                    k = flags.len();
                }
                f if order_flag(&mut o.global, f) => {}
                _ => return Err(format!("sort: invalid option -- '{f}'")),
            }
        }
    }
    // A key with no flags of its own takes the global ones, as GNU's do.
    let global = o.global;
    for key in &mut o.keys {
        if key.order == Order::default() {
            key.order = global;
        }
    }
    Ok(o)
}

/// The byte ranges of a line's fields: at `sep`, or (without one) each run of blanks with
/// the non-blanks after it.
fn fields(line: &str, sep: Option<char>) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    match sep {
        Some(sep) => {
            let mut from = 0;
            for (i, c) in line.char_indices() {
                if c == sep {
                    out.push((from, i));
                    from = i + c.len_utf8();
                }
            }
            out.push((from, line.len()));
        }
        None => {
            let bytes = line.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let from = i;
                while i < bytes.len() && matches!(bytes[i], b' ' | b'\t') {
                    i += 1;
                }
                while i < bytes.len() && !matches!(bytes[i], b' ' | b'\t') {
                    i += 1;
                }
                out.push((from, i));
            }
        }
    }
    out
}

/// The text of `key` in `line`.
fn key_text<'a>(line: &'a str, key: &Key, sep: Option<char>) -> &'a str {
    let f = fields(line, sep);
    let Some(&(start, _)) = f.get(key.from - 1) else { return "" };
    let end = match key.to {
        Some(to) => f.get(to.max(key.from) - 1).map_or(line.len(), |&(_, e)| e),
        None => line.len(),
    };
    &line[start..end.max(start)]
}

/// The leading number of `text` as `sort -n` reads it (none is 0).
fn leading_number(text: &str) -> f64 {
    let t = text.trim_start_matches([' ', '\t']);
    let mut end = 0;
    let bytes = t.as_bytes();
    if bytes.first() == Some(&b'-') {
        end = 1;
    }
    let mut seen_dot = false;
    while end < bytes.len() {
        match bytes[end] {
            b'0'..=b'9' => {}
            b'.' if !seen_dot => seen_dot = true,
            _ => break,
        }
        end += 1;
    }
    t[..end].parse().unwrap_or(0.0)
}

fn compare(a: &str, b: &str, order: Order) -> Ordering {
    let (a, b) = if order.skip_blanks {
        (a.trim_start_matches([' ', '\t']), b.trim_start_matches([' ', '\t']))
    } else {
        (a, b)
    };
    let ord = if order.numeric {
        leading_number(a).partial_cmp(&leading_number(b)).unwrap_or(Ordering::Equal)
    } else if order.fold_case {
        a.bytes().map(|c| c.to_ascii_uppercase()).cmp(b.bytes().map(|c| c.to_ascii_uppercase()))
    } else {
        a.as_bytes().cmp(b.as_bytes())
    };
    if order.reverse {
        ord.reverse()
    } else {
        ord
    }
}

/// The keys' comparison of two lines (the whole line when there are no keys).
fn compare_keys(a: &str, b: &str, o: &SortOptions) -> Ordering {
    if o.keys.is_empty() {
        return compare(a, b, o.global);
    }
    for key in &o.keys {
        let ord = compare(key_text(a, key, o.separator), key_text(b, key, o.separator), key.order);
        if ord != Ordering::Equal {
            return ord;
        }
    }
    Ordering::Equal
}

/// `sort` over the inputs' lines, concatenated.
pub fn sort(o: &SortOptions, inputs: &[String]) -> String {
    let mut lines: Vec<&str> = inputs.iter().flat_map(|t| t.lines()).collect();
    let last_resort = !(o.stable || o.unique);
    lines.sort_by(|a, b| {
        compare_keys(a, b, o).then_with(|| {
            if last_resort {
                let whole = a.as_bytes().cmp(b.as_bytes());
                if o.global.reverse {
                    whole.reverse()
                } else {
                    whole
                }
            } else {
                Ordering::Equal
            }
        })
    });
    if o.unique {
        lines.dedup_by(|b, a| compare_keys(a, b, o) == Ordering::Equal);
    }
    let mut out = String::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// uniq's options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UniqOptions {
    count: bool,
    repeated_only: bool,
    unique_only: bool,
    fold_case: bool,
    /// The input file named, if any.
    pub files: Vec<String>,
}

/// uniq's words (after `uniq`) into its options, or its complaint.
pub fn uniq_options(args: &[String]) -> Result<UniqOptions, String> {
    let mut o = UniqOptions::default();
    for a in args {
        match a.strip_prefix("--") {
            Some("count") => o.count = true,
            Some("repeated") => o.repeated_only = true,
            Some("unique") => o.unique_only = true,
            Some("ignore-case") => o.fold_case = true,
            Some(_) => return Err(format!("uniq: unrecognized option '{a}'")),
            None if a.starts_with('-') && a != "-" => {
                for f in a.chars().skip(1) {
                    match f {
                        'c' => o.count = true,
                        'd' => o.repeated_only = true,
                        'u' => o.unique_only = true,
                        'i' => o.fold_case = true,
                        _ => return Err(format!("uniq: invalid option -- '{f}'")),
                    }
                }
            }
            None => o.files.push(a.clone()),
        }
    }
    match o.files.len() {
        0 | 1 => {}
        // uniq's second operand is its output file (simplified away: the shell's `> FILE`
        // does the same), and a third is one too many.
        2 => return Err("uniq: an OUTPUT operand is not simulated; use > FILE".into()),
        _ => return Err(format!("uniq: extra operand '{}'", o.files[2])),
    }
    Ok(o)
}

/// `uniq` over `text`.
pub fn uniq(o: &UniqOptions, text: &str) -> String {
    let same = |a: &str, b: &str| {
        if o.fold_case {
            a.eq_ignore_ascii_case(b)
        } else {
            a == b
        }
    };
    let mut out = String::new();
    let mut emit = |line: &str, n: u64| {
        if (o.repeated_only && n < 2) || (o.unique_only && n > 1) {
            return;
        }
        if o.count {
            out.push_str(&format!("{n:>7} "));
        }
        out.push_str(line);
        out.push('\n');
    };
    let mut run: Option<(&str, u64)> = None;
    for line in text.lines() {
        run = match run {
            Some((first, n)) if same(first, line) => Some((first, n + 1)),
            Some((first, n)) => {
                emit(first, n);
                Some((line, 1))
            }
            None => Some((line, 1)),
        };
    }
    if let Some((first, n)) = run {
        emit(first, n);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn sorted(args: &str, text: &str) -> String {
        sort(&sort_options(&w(args)).unwrap(), &[text.to_string()])
    }

    #[test]
    fn plain_sort_is_by_bytes() {
        assert_eq!(sorted("", "b\nB\na\n10\n9\n"), "10\n9\nB\na\nb\n");
        assert_eq!(sorted("-f", "b\nB\na\n"), "a\nB\nb\n");
        assert_eq!(sorted("-r", "a\nc\nb\n"), "c\nb\na\n");
    }

    #[test]
    fn numeric_sort_reads_leading_numbers() {
        assert_eq!(sorted("-n", "10\n9\n-1.5\nx\n 3\n"), "-1.5\nx\n 3\n9\n10\n");
        assert_eq!(sorted("-rn", "  2 a\n 10 b\n  7 c\n"), " 10 b\n  7 c\n  2 a\n");
        // Equal numbers fall back to the whole line (GNU's last resort), reversed with -r.
        assert_eq!(sorted("-n", "1 b\n1 a\n"), "1 a\n1 b\n");
        assert_eq!(sorted("-n -s", "1 b\n1 a\n"), "1 b\n1 a\n");
    }

    #[test]
    fn keys_and_separators() {
        let text = "c:3:x\na:10:y\nb:2:z\n";
        assert_eq!(sorted("-t : -k2,2n", text), "b:2:z\nc:3:x\na:10:y\n");
        assert_eq!(sorted("-t: -k2n", text), "b:2:z\nc:3:x\na:10:y\n");
        assert_eq!(sorted("-t : -k 2,2nr", text), "a:10:y\nc:3:x\nb:2:z\n");
        // Without -t a field keeps its leading blanks; -n skips them.
        let q = "# Query_time: 0.5 x\n# Query_time: 12.0 y\n# Query_time: 3 z\n";
        assert_eq!(
            sorted("-k3,3n", q),
            "# Query_time: 0.5 x\n# Query_time: 3 z\n# Query_time: 12.0 y\n"
        );
        assert_eq!(sorted("-k9", "a b\n"), "a b\n", "a missing field is empty");
    }

    #[test]
    fn unique_keeps_the_first_of_equal_keys() {
        assert_eq!(sorted("-u", "b\na\nb\n"), "a\nb\n");
        assert_eq!(sorted("-t : -k1,1 -u", "a:2\nb:1\na:1\n"), "a:2\nb:1\n");
    }

    #[test]
    fn bad_options_are_complaints() {
        assert!(sort_options(&w("-k")).is_err());
        assert!(sort_options(&w("-k 0")).is_err());
        assert!(sort_options(&w("-k x")).is_err());
        assert!(sort_options(&w("-t ab")).is_err());
        assert!(sort_options(&w("-z")).is_err());
        assert!(uniq_options(&w("-z")).is_err());
        assert!(uniq_options(&w("a b")).is_err());
        assert_eq!(uniq_options(&w("a b c")).unwrap_err(), "uniq: extra operand 'c'");
    }

    #[test]
    fn uniq_counts_adjacent_runs() {
        let o = uniq_options(&w("-c")).unwrap();
        assert_eq!(uniq(&o, "a\na\nb\na\n"), "      2 a\n      1 b\n      1 a\n");
        assert_eq!(uniq(&uniq_options(&w("-d")).unwrap(), "a\na\nb\n"), "a\n");
        assert_eq!(uniq(&uniq_options(&w("-u")).unwrap(), "a\na\nb\n"), "b\n");
        assert_eq!(uniq(&uniq_options(&w("-i")).unwrap(), "A\na\n"), "A\n");
        assert_eq!(uniq(&uniq_options(&[]).unwrap(), ""), "");
    }
}
