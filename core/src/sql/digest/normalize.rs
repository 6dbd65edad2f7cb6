//! A statement's digest as MySQL 8.0+ computes it (`sql/sql_digest.cc`): the lexemes go into a
//! bounded array of 2-byte little-endian token numbers (an identifier adds a 2-byte length and
//! its bytes) while reduce rules fold literals as they arrive:
//!
//! ```text
//!   NUM                       -> ?         (- 1 after ( , = ... : - ? ; after an operator
//!   ? , ?  |  ?, ... , ?      -> ?, ...     that starts an expression, a sign folds in)
//!   ( ? )                     -> (?)        (?) , (?)     -> (?) /* , ... */
//!   ( ?, ... )                -> (...)      (...) , (...) -> (...) /* , ... */
//!   IN (?)  |  IN (...)       -> IN (...)
//! ```
//!
//! The digest is the SHA-256 of the array (64 hex digits); `DIGEST_TEXT` is the array printed
//! back, every token followed by one space (after `@` none), identifiers in back quotes. The
//! reduce rules never look back past the last identifier, as MySQL's do not.

use super::lexer::{lex, Lexeme};
use super::tokens::{self as t, GENERIC_VALUE, GENERIC_VALUE_LIST, IN_SYM};
use sha2::{Digest as _, Sha256};

/// A token that is never stored: what a peek past the start or the last identifier sees.
const UNUSED: u16 = 1111;

/// The token array of one statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenArray {
    bytes: Vec<u8>,
    /// The array's size in bytes (`max_digest_length`).
    capacity: usize,
    /// A token did not fit: what followed was not stored.
    full: bool,
    /// Where the bytes after the last identifier start.
    last_ident_end: usize,
}

impl TokenArray {
    /// The tokens of the first statement in `sql`, in an array of `capacity` bytes.
    pub fn of(sql: &str, capacity: usize) -> TokenArray {
        let mut a = TokenArray { bytes: Vec::new(), capacity, full: false, last_ident_end: 0 };
        for l in lex(sql) {
            if a.full {
                break;
            }
            a.add(l);
        }
        a
    }

    /// The stored bytes: equal arrays give equal digests and digest texts.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// `STATEMENT_DIGEST()`: the SHA-256 of the stored bytes in lower-case hex.
    pub fn hash_hex(&self) -> String {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let hash = Sha256::digest(&self.bytes);
        // Two characters a byte from a table: `format!` per byte was a fifth of a short
        // statement's cost.
        let mut out = String::with_capacity(2 * hash.len());
        for b in hash.iter() {
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
        out
    }

    /// Whether the statement's tokens did not all fit.
    pub fn truncated(&self) -> bool {
        self.full
    }

    /// `DIGEST_TEXT` from the first `limit` bytes of the array (performance_schema keeps
    /// `performance_schema_max_digest_length` of them).
    pub fn text(&self, limit: usize) -> String {
        let bytes = &self.bytes[..self.bytes.len().min(limit)];
        let mut out = String::new();
        let mut at = 0;
        // Bounded by the array: every round consumes at least two bytes.
        while at + 2 <= bytes.len() {
            let token = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
            at += 2;
            if token == t::IDENT {
                if at + 2 > bytes.len() {
                    break;
                }
                let len = usize::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]));
                at += 2;
                if at + len > bytes.len() {
                    break;
                }
                if len > 0 {
                    out.push('`');
                    out.push_str(&String::from_utf8_lossy(&bytes[at..at + len]));
                    out.push_str("` ");
                }
                at += len;
                continue;
            }
            match (token, t::text(token)) {
                (64, _) => out.push('@'),
                (0..=255, _) => {
                    out.push(char::from(token as u8));
                    out.push(' ');
                }
                (_, Some(name)) => {
                    out.push_str(name);
                    out.push(' ');
                }
                (_, None) => out.push_str("(unknown) "),
            }
        }
        out
    }

    /// The array of a text that differs from this one's only in the spelling of some
    /// identifiers, given as (old, new) pairs in the text's order, each new one as long as the
    /// old and no keyword (so the lexer emits it as an identifier wherever the old one was
    /// stored as one, and the reduce rules see the same tokens): the old names' bytes
    /// respelled where they are stored. None when an old name is not found among the stored
    /// identifiers in that order.
    pub fn respelled(&self, names: &[(&[u8], &[u8])]) -> Option<TokenArray> {
        let plain = |w: &[u8]| std::str::from_utf8(w).is_ok_and(|w| !t::any_keyword(w));
        if names.iter().any(|(old, new)| old.len() != new.len() || !plain(new)) {
            return None;
        }
        let mut out = self.clone();
        let mut wanted = names.iter();
        let mut next = wanted.next();
        let mut at = 0;
        // Bounded by the array: every round moves past at least two bytes.
        while at + 2 <= out.bytes.len() {
            let Some((old, new)) = next else { break };
            let token = u16::from_le_bytes([out.bytes[at], out.bytes[at + 1]]);
            at += 2;
            if token != t::IDENT {
                continue;
            }
            let len =
                usize::from(u16::from_le_bytes([*out.bytes.get(at)?, *out.bytes.get(at + 1)?]));
            at += 2;
            let stored = out.bytes.get_mut(at..at + len)?;
            if stored == *old {
                stored.copy_from_slice(new);
                next = wanted.next();
            }
            at += len;
        }
        next.is_none().then_some(out)
    }

    fn store(&mut self, token: u16) {
        if self.bytes.len() + 2 <= self.capacity {
            self.bytes.extend_from_slice(&token.to_le_bytes());
        } else {
            self.full = true;
        }
    }

    fn store_ident(&mut self, name: &[u8]) {
        let len = name.len().min(usize::from(u16::MAX));
        if self.bytes.len() + 4 + len <= self.capacity {
            self.bytes.extend_from_slice(&t::IDENT.to_le_bytes());
            self.bytes.extend_from_slice(&(len as u16).to_le_bytes());
            self.bytes.extend_from_slice(&name[..len]);
            self.last_ident_end = self.bytes.len();
        } else {
            self.full = true;
        }
    }

    fn pop(&mut self, tokens: usize) {
        let keep = self.bytes.len().saturating_sub(2 * tokens).max(self.last_ident_end);
        self.bytes.truncate(keep);
    }

    /// The last `n` tokens after the last identifier, newest first (UNUSED where none).
    fn last<const N: usize>(&self) -> [u16; N] {
        let mut out = [UNUSED; N];
        let mut end = self.bytes.len();
        for slot in out.iter_mut() {
            if end < self.last_ident_end + 2 {
                break;
            }
            *slot = u16::from_le_bytes([self.bytes[end - 2], self.bytes[end - 1]]);
            end -= 2;
        }
        out
    }

    fn add(&mut self, l: Lexeme) {
        match l {
            Lexeme::Number => {
                // A unary sign before a number folds into it; binary ones stay.
                loop {
                    let [last, before] = self.last::<2>();
                    if (last == u16::from(b'-') || last == u16::from(b'+'))
                        && t::starts_expression(before)
                    {
                        self.pop(1);
                    } else {
                        break;
                    }
                }
                self.add_value();
            }
            Lexeme::Value => self.add_value(),
            Lexeme::Ident(name) => self.store_ident(&name),
            Lexeme::Token(41) => self.close_paren(),
            Lexeme::Token(token) => self.store(token),
        }
    }

    fn add_value(&mut self) {
        let [last, before] = self.last::<2>();
        if last == u16::from(b',') && (before == GENERIC_VALUE || before == GENERIC_VALUE_LIST) {
            self.pop(2);
            self.store(GENERIC_VALUE_LIST);
        } else {
            self.store(GENERIC_VALUE);
        }
    }

    fn close_paren(&mut self) {
        let [last, before] = self.last::<2>();
        let (row, list) = match last {
            GENERIC_VALUE => (t::ROW_SINGLE_VALUE, t::ROW_SINGLE_VALUE_LIST),
            GENERIC_VALUE_LIST => (t::ROW_MULTIPLE_VALUE, t::ROW_MULTIPLE_VALUE_LIST),
            _ => return self.store(41),
        };
        if before != u16::from(b'(') {
            return self.store(41);
        }
        self.pop(2);
        let [last, before] = self.last::<2>();
        if last == u16::from(b',') && (before == row || before == list) {
            self.pop(2);
            self.store(list);
        } else if last == IN_SYM {
            self.pop(1);
            self.store(t::IN_VALUES);
        } else {
            self.store(row);
        }
    }
}
