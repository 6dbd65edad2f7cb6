//! The modifiers MySQL reads after `UPDATE` and `DELETE` that sqlparser does not:
//! `UPDATE [LOW_PRIORITY] [IGNORE]` and `DELETE [LOW_PRIORITY] [QUICK] [IGNORE]`.
//!
//! `IGNORE` is carried to the statement handler as an optimizer-hint comment with a prefix of
//! this engine's own (`/*tunelabignore+*/`), which sqlparser keeps in the statement's
//! `optimizer_hints` (MySQL's own hints have no prefix, so no hint code reads it).
//! `LOW_PRIORITY` and `QUICK` are dropped: LOW_PRIORITY matters only to engines with
//! table-level locks and QUICK only to MyISAM (the manual's "UPDATE Statement" and "DELETE
//! Statement"), so InnoDB runs the statement as without them.
//!
//! sqlparser also reads SQLite's `UPDATE OR IGNORE` / `UPDATE OR REPLACE` / `UPDATE REPLACE`,
//! which MySQL does not: their `OR` or `REPLACE` is made a token sqlparser refuses there, so
//! the statement is ERROR 1064 near it, as mysqld answers; so is an UPDATE modifier repeated
//! or out of order (DELETE's may come in any order, repeated).

use super::unquoted_word as word;
use sqlparser::ast::OptimizerHint;
use sqlparser::tokenizer::{Token, TokenWithSpan, Whitespace};

/// The prefix of the hint comment that stands for `IGNORE`.
const IGNORE_HINT_PREFIX: &str = "tunelabignore";

/// True when an UPDATE or DELETE was written with `IGNORE` (its hints carry the mark).
pub fn has_ignore(hints: &[OptimizerHint]) -> bool {
    hints.iter().any(|h| h.prefix == IGNORE_HINT_PREFIX)
}

/// The IGNORE mark among the comments that follow the statement's first keyword, read (and
/// the whitespace consumed) where the engine parses the statement itself rather than
/// sqlparser (the comma-separated multi-table UPDATE). Other hints are not kept there.
pub(super) fn leading_hints(p: &mut sqlparser::parser::Parser) -> Vec<OptimizerHint> {
    let mut hints = Vec::new();
    // Bounded by the statement's tokens: each turn consumes one.
    while let Token::Whitespace(ws) = p.peek_token_no_skip().token {
        if let Whitespace::MultiLineComment(c) = ws {
            if c.strip_suffix('+') == Some(IGNORE_HINT_PREFIX) {
                hints.push(OptimizerHint {
                    prefix: IGNORE_HINT_PREFIX.into(),
                    text: String::new(),
                    style: sqlparser::ast::OptimizerHintStyle::MultiLine,
                });
            }
        }
        p.next_token_no_skip();
    }
    hints
}

/// Words that may come before the UPDATE or DELETE keyword of the statement: EXPLAIN's.
fn explain_word(t: &Token) -> bool {
    match t {
        Token::Word(w) if w.quote_style.is_none() => ["EXPLAIN", "DESCRIBE", "DESC", "ANALYZE"]
            .iter()
            .chain(["FORMAT", "TREE", "JSON", "TRADITIONAL"].iter())
            .any(|k| w.value.eq_ignore_ascii_case(k)),
        Token::Eq => true,
        _ => false,
    }
}

/// Rewrites the modifiers of a statement that is (or EXPLAINs) an UPDATE or DELETE;
/// `significant` are the positions of the tokens that are not whitespace or comments.
pub(super) fn rewrite(tokens: &mut [TokenWithSpan], significant: &[usize]) {
    let Some(at) = significant.iter().position(|&i| !explain_word(&tokens[i].token)) else {
        return;
    };
    let head = &tokens[significant[at]].token;
    let (update, delete) = (word(head, "UPDATE"), word(head, "DELETE"));
    if !update && !delete {
        return;
    }
    let modifiers: &[&str] =
        if update { &["LOW_PRIORITY", "IGNORE"] } else { &["LOW_PRIORITY", "QUICK", "IGNORE"] };
    let mut next = 0;
    for &i in &significant[at + 1..] {
        let t = &tokens[i].token;
        if update && next == 0 && (word(t, "OR") || word(t, "REPLACE")) {
            tokens[i].token = Token::Comma;
            return;
        }
        // DELETE's options are a list in any order, repeats allowed (sql_yacc.yy's
        // `opt_delete_options`); UPDATE's are `opt_low_priority opt_ignore`, in that order.
        if delete {
            next = 0;
        }
        let rest = modifiers.get(next..).unwrap_or_default();
        let Some(k) = rest.iter().position(|m| word(t, m)) else {
            // UPDATE's modifier repeated or out of order is a syntax error in MySQL's grammar.
            if modifiers.iter().any(|m| word(t, m)) {
                tokens[i].token = Token::Comma;
            }
            return;
        };
        next += k + 1;
        tokens[i].token = if modifiers[next - 1] == "IGNORE" {
            Token::Whitespace(Whitespace::MultiLineComment(format!("{IGNORE_HINT_PREFIX}+")))
        } else {
            Token::Whitespace(Whitespace::Space)
        };
    }
}
