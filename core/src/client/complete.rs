//! Tab completion, as the mysql client offers it: the word before the caret is completed
//! from SQL keywords and the live server's names ([`Server::completion_names`]). Matching
//! ignores case; a keyword is offered in the case the learner typed it (`sel` → `select`,
//! `SEL` → `SELECT`), a name exactly as the server spells it.

use crate::server::Server;

/// The keywords offered, a small set of what lessons and the chapter type.
const KEYWORDS: &[&str] = &[
    "ALTER",
    "ANALYZE",
    "AND",
    "AS",
    "ASC",
    "BEGIN",
    "BETWEEN",
    "BY",
    "CALL",
    "COMMIT",
    "COUNT",
    "CREATE",
    "DATABASE",
    "DATABASES",
    "DELETE",
    "DESC",
    "DISTINCT",
    "DROP",
    "ENGINE",
    "EXPLAIN",
    "FROM",
    "GLOBAL",
    "GROUP",
    "HAVING",
    "INDEX",
    "INNER",
    "INSERT",
    "INTO",
    "JOIN",
    "LEFT",
    "LIKE",
    "LIMIT",
    "NOT",
    "NULL",
    "ORDER",
    "PERSIST",
    "PROCEDURE",
    "ROLLBACK",
    "SELECT",
    "SESSION",
    "SET",
    "SHOW",
    "START",
    "STATUS",
    "TABLE",
    "TABLES",
    "TRANSACTION",
    "UPDATE",
    "USE",
    "VALUES",
    "VARIABLES",
    "VIEW",
    "WHERE",
];

/// The most candidates offered for one word.
pub const CANDIDATES_MAX: usize = 50;

/// Where the word before `caret` (a byte offset into `text`) starts: the last run of name
/// characters (letters, digits, `_`, `$`), after a `@@`, a `.` or a backquote.
pub fn word_start(text: &str, caret: usize) -> usize {
    let mut caret = caret.min(text.len());
    // Bounded by the 4 bytes of a character.
    while !text.is_char_boundary(caret) {
        caret -= 1;
    }
    let before = &text[..caret];
    before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_' || *c == '$')
        .last()
        .map_or(caret, |(i, _)| i)
}

/// The completions of `word` (case-insensitive prefix), keywords first, then names, each
/// once, at most [`CANDIDATES_MAX`].
pub fn candidates(server: &Server, word: &str) -> Vec<String> {
    if word.is_empty() {
        return Vec::new();
    }
    let lower = word.to_ascii_lowercase();
    let typed_lower = word.chars().all(|c| !c.is_ascii_uppercase());
    let mut out: Vec<String> = KEYWORDS
        .iter()
        .filter(|k| k.to_ascii_lowercase().starts_with(&lower))
        .map(|k| if typed_lower { k.to_ascii_lowercase() } else { k.to_string() })
        .collect();
    for name in server.completion_names() {
        if name.to_ascii_lowercase().starts_with(&lower) && !out.iter().any(|o| o == &name) {
            out.push(name);
        }
    }
    out.truncate(CANDIDATES_MAX);
    out
}

/// The longest prefix the candidates share (what one Tab inserts), compared without case;
/// the first candidate's spelling is kept.
pub fn common_prefix(candidates: &[String]) -> String {
    let Some(first) = candidates.first() else { return String::new() };
    let mut end = first.len();
    for c in &candidates[1..] {
        let shared = first
            .char_indices()
            .zip(c.chars())
            .take_while(|((_, a), b)| a.eq_ignore_ascii_case(b))
            .last()
            .map_or(0, |((i, a), _)| i + a.len_utf8());
        end = end.min(shared);
    }
    first[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::experiment::Experiment;

    #[test]
    fn words_complete_from_keywords_and_the_live_catalog() {
        let server = Experiment::default().start_server().unwrap();
        let found = candidates(&server, "innodb_buffer_pool_s");
        assert!(found.contains(&"innodb_buffer_pool_size".to_string()), "{found:?}");
        assert_eq!(common_prefix(&candidates(&server, "page_v")), "page_views");
        let sel = candidates(&server, "sel");
        assert_eq!(sel[..2], ["select", "select_into_buffer_size"], "keywords first");
        assert_eq!(candidates(&server, "SEL")[0], "SELECT", "in the case typed");
        assert!(candidates(&server, "").is_empty());
        assert!(candidates(&server, "zzzz_nothing").is_empty());
        assert_eq!(word_start("SELECT @@innodb_buf", 19), 9);
        assert_eq!(word_start("SELECT * FROM shop.page_v", 25), 19);
        assert_eq!(word_start("é", 2), 0);
        assert_eq!(word_start("é", 1), 0, "no panic inside a character");
        assert_eq!(common_prefix(&["Apple".into(), "apricot".into()]), "Ap");
    }

    #[test]
    fn views_and_their_columns_complete() {
        let mut server = Experiment::default().start_server().unwrap();
        let id = server.connect().unwrap();
        let made = server.execute(
            id,
            "CREATE VIEW shop.frequent_buyers AS SELECT customer_id, COUNT(*) AS order_count FROM shop.orders GROUP BY customer_id",
        );
        assert!(made.result.is_ok(), "{:?}", made.result);
        assert_eq!(common_prefix(&candidates(&server, "frequent_b")), "frequent_buyers");
        assert_eq!(common_prefix(&candidates(&server, "order_co")), "order_count");
    }
}
