//! Statement digests: the normalized form of a statement that performance_schema groups by
//! (`DIGEST`, `DIGEST_TEXT`) and that `STATEMENT_DIGEST()` and `STATEMENT_DIGEST_TEXT()` return.
//! The lexer reads the statement as MySQL's does, the normalizer stores and folds its tokens
//! into MySQL's token array, and the tokens table holds MySQL's token numbers and names.

mod lexer;
mod normalize;
#[cfg(test)]
mod tests;
mod tokens;

pub use normalize::TokenArray;
