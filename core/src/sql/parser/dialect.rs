//! The dialect statements are parsed with: sqlparser's MySQL dialect, and a table value
//! constructor or TABLE statement in parentheses read as a subquery wherever an expression
//! may start (`SELECT (VALUES ROW(1))`, `a = (TABLE t)`), as MySQL 8.0.19+ reads them
//! (MySQL 9.x manual, "VALUES Statement" and "TABLE Statement": either may stand where a
//! subquery may). sqlparser already reads them after IN and EXISTS; only its scalar
//! subquery wants SELECT or WITH.
//!
//! Every method the MySQL dialect answers differently from the trait's default is passed on
//! to it, and the dialect's identity is MySQL's, so sqlparser's own MySQL checks hold.

use sqlparser::ast::{Expr, Statement};
use sqlparser::dialect::{BindPlaceholderStyle, Dialect, MySqlDialect};
use sqlparser::keywords::Keyword;
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::Token;

/// sqlparser's MySQL dialect with `(VALUES ...)` and `(TABLE t)` as scalar subqueries.
#[derive(Debug, Default)]
pub struct TuneLabDialect(MySqlDialect);

/// Methods passed on to the MySQL dialect unchanged, each taking no argument.
macro_rules! pass_on {
    ($($name:ident),* $(,)?) => {
        $(fn $name(&self) -> bool { self.0.$name() })*
    };
}

impl Dialect for TuneLabDialect {
    fn dialect(&self) -> std::any::TypeId {
        self.0.dialect()
    }

    fn parse_prefix(&self, parser: &mut Parser) -> Option<Result<Expr, ParserError>> {
        let word = |n: usize, k: Keyword| matches!(&parser.peek_nth_token_ref(n).token, Token::Word(w) if w.keyword == k);
        // `VALUES ROW(...)` or `TABLE name` from the token `at` on.
        let query_at = |at: usize| {
            (word(at, Keyword::VALUES) && word(at + 1, Keyword::ROW))
                || (word(at, Keyword::TABLE)
                    && matches!(parser.peek_nth_token_ref(at + 1).token, Token::Word(_)))
        };
        if parser.peek_token_ref().token == Token::LParen && query_at(1) {
            parser.next_token();
            return Some(parser.parse_query().and_then(|q| {
                parser.expect_token(&Token::RParen)?;
                Ok(Expr::Subquery(q))
            }));
        }
        // Just inside a parenthesis the caller has taken (`= ANY (VALUES ROW(1))`): the
        // query up to the caller's closing parenthesis. Simplification: a function's
        // argument list takes one too (`ABS(VALUES ROW(1))`, which MySQL refuses).
        if parser.get_current_token().token == Token::LParen && query_at(0) {
            return Some(parser.parse_query().map(Expr::Subquery));
        }
        None
    }

    fn supports_string_literal_table_alias(&self, explicit: bool) -> bool {
        self.0.supports_string_literal_table_alias(explicit)
    }
    fn is_identifier_start(&self, ch: char) -> bool {
        self.0.is_identifier_start(ch)
    }
    fn is_identifier_part(&self, ch: char) -> bool {
        self.0.is_identifier_part(ch)
    }
    fn is_delimited_identifier_start(&self, ch: char) -> bool {
        self.0.is_delimited_identifier_start(ch)
    }
    fn identifier_quote_style(&self, identifier: &str) -> Option<char> {
        self.0.identifier_quote_style(identifier)
    }
    fn ordered_bind_placeholder_style(&self) -> Option<BindPlaceholderStyle> {
        self.0.ordered_bind_placeholder_style()
    }
    fn parse_infix(
        &self,
        parser: &mut Parser,
        expr: &Expr,
        precedence: u8,
    ) -> Option<Result<Expr, ParserError>> {
        self.0.parse_infix(parser, expr, precedence)
    }
    fn parse_statement(&self, parser: &mut Parser) -> Option<Result<Statement, ParserError>> {
        self.0.parse_statement(parser)
    }
    fn is_table_factor_alias(&self, explicit: bool, kw: &Keyword, parser: &mut Parser) -> bool {
        self.0.is_table_factor_alias(explicit, kw, parser)
    }
    fn get_next_precedence(&self, parser: &Parser) -> Option<Result<u8, ParserError>> {
        self.0.get_next_precedence(parser)
    }

    pass_on!(
        supports_string_literal_backslash_escape,
        supports_string_literal_concatenation,
        ignores_wildcard_escapes,
        supports_numeric_prefix,
        supports_literal_prefix_in_qualified_name,
        supports_bitwise_shift_operators,
        supports_singular_value_keyword,
        supports_multiline_comment_hints,
        require_interval_qualifier,
        supports_limit_comma,
        supports_create_table_select,
        supports_insert_set,
        supports_user_host_grantee,
        supports_table_hints,
        requires_single_line_comment_whitespace,
        supports_hash_comment,
        supports_match_against,
        supports_select_modifiers,
        supports_set_names,
        supports_comma_separated_set_assignments,
        supports_alter_column_position,
        supports_update_order_by,
        supports_data_type_signed_suffix,
        supports_data_type_zerofill_suffix,
        supports_cross_join_constraint,
        supports_double_ampersand_operator,
        supports_binary_kw_as_cast,
        supports_table_partitions,
        supports_comment_optimizer_hint,
        supports_constraint_keyword_without_name,
        supports_key_column_option,
        supports_group_by_with_modifier,
        supports_left_associative_joins_without_parens,
    );
}
