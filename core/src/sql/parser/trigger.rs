//! Trigger DDL, read by hand as sqlparser does not read MySQL's forms: `CREATE [DEFINER = u]
//! TRIGGER [IF NOT EXISTS] [db.]name {BEFORE | AFTER} {INSERT | UPDATE | DELETE} ON t FOR EACH
//! ROW [{FOLLOWS | PRECEDES} other] body` and `DROP TRIGGER [IF EXISTS] [db.]name`
//! (Reference Manual 15.1.22, "CREATE TRIGGER Statement"). The body is a stored program
//! (`compound`); the checks MySQL makes when the trigger is created are made here: OLD in an
//! INSERT trigger or NEW in a DELETE trigger is ERROR 1363, a SET of OLD or of NEW in an
//! AFTER trigger ERROR 1362, RETURN ERROR 1313.

use super::{compound, Statement};
use crate::error::{MySqlError, Result};
use crate::storage::catalog::{Procedure, Trigger, TriggerEvent, TriggerTiming};

/// The longest trigger statement accepted (bytes), as every input is bounded.
const STATEMENT_BYTES_MAX: usize = 1 << 20;

/// Where FOLLOWS / PRECEDES places a new trigger.
#[derive(Clone, Debug, PartialEq)]
pub struct TriggerOrder {
    pub follows: bool,
    pub other: String,
}

/// A CREATE TRIGGER, read.
#[derive(Clone, Debug, PartialEq)]
pub struct CreateTrigger {
    pub database: Option<String>,
    pub if_not_exists: bool,
    pub order: Option<TriggerOrder>,
    /// The trigger; its definer, sql_mode and creation time are set when it is stored, and its
    /// `statement` holds the text after `TRIGGER` (without IF NOT EXISTS).
    pub trigger: Trigger,
}

/// A word or a (back-quoted) name at the start of `s`: its text and the rest.
fn token(s: &str) -> Option<(String, &str)> {
    let s = s.trim_start();
    if let Some(rest) = s.strip_prefix('`') {
        let close = rest.find('`')?;
        return Some((rest[..close].to_string(), &rest[close + 1..]));
    }
    let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')).unwrap_or(s.len());
    (end > 0).then(|| (s[..end].to_string(), &s[end..]))
}

/// `[db.]name` at the start of `s`.
fn qualified(s: &str) -> Option<(Option<String>, String, &str)> {
    let (first, rest) = token(s)?;
    match rest.strip_prefix('.') {
        Some(after) => {
            let (name, rest) = token(after)?;
            Some((Some(first), name, rest))
        }
        None => Some((None, first, rest)),
    }
}

fn keyword<'s>(s: &'s str, word: &str) -> Option<&'s str> {
    let (w, rest) = token(s)?;
    w.eq_ignore_ascii_case(word).then_some(rest)
}

/// The text after `CREATE [DEFINER = ...]`, if it starts with TRIGGER.
fn after_create_trigger(sql: &str) -> Option<&str> {
    let rest = keyword(sql, "CREATE")?;
    let mut rest = rest.trim_start();
    if rest.len() >= 7 && rest[..7].eq_ignore_ascii_case("DEFINER") {
        // DEFINER = user[@host]: skipped (the definer is the creating account here).
        let after = rest[7..].trim_start().strip_prefix('=')?;
        let end = after.trim_start();
        let cut = end.find(char::is_whitespace)?;
        rest = end[cut..].trim_start();
    }
    keyword(rest, "TRIGGER")
}

/// Recognises CREATE and DROP TRIGGER; None for any other statement.
pub fn parse_trigger_ddl(sql: &str) -> Result<Option<Statement>> {
    let sql = sql.trim().trim_end_matches(';').trim_end();
    if let Some(rest) = keyword(sql, "DROP").and_then(|r| keyword(r, "TRIGGER")) {
        let (if_exists, rest) = match keyword(rest, "IF").and_then(|r| keyword(r, "EXISTS")) {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let (database, name, tail) =
            qualified(rest).ok_or_else(|| MySqlError::syntax(rest.trim(), 1))?;
        if !tail.trim().is_empty() {
            return Err(MySqlError::syntax(tail.trim(), 1));
        }
        return Ok(Some(Statement::DropTrigger { database, name, if_exists }));
    }
    let Some(rest) = after_create_trigger(sql) else { return Ok(None) };
    if sql.len() > STATEMENT_BYTES_MAX {
        return Err(MySqlError::unknown("Trigger body too long"));
    }
    parse_create(rest).map(|c| Some(Statement::CreateTrigger(Box::new(c))))
}

fn parse_create(rest: &str) -> Result<CreateTrigger> {
    let err = |s: &str| MySqlError::syntax(s.trim(), 1);
    let (if_not_exists, rest) = match keyword(rest, "IF")
        .and_then(|r| keyword(r, "NOT"))
        .and_then(|r| keyword(r, "EXISTS"))
    {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let shown = rest.trim_start();
    let (database, name, rest) = qualified(rest).ok_or_else(|| err(rest))?;
    let (w, rest) = token(rest).ok_or_else(|| err(rest))?;
    let timing = match w.to_ascii_uppercase().as_str() {
        "BEFORE" => TriggerTiming::Before,
        "AFTER" => TriggerTiming::After,
        _ => return Err(err(&w)),
    };
    let (w, rest) = token(rest).ok_or_else(|| err(rest))?;
    let event = match w.to_ascii_uppercase().as_str() {
        "INSERT" => TriggerEvent::Insert,
        "UPDATE" => TriggerEvent::Update,
        "DELETE" => TriggerEvent::Delete,
        _ => return Err(err(&w)),
    };
    let rest = keyword(rest, "ON").ok_or_else(|| err(rest))?;
    let (table_db, table, rest) = qualified(rest).ok_or_else(|| err(rest))?;
    let rest = keyword(rest, "FOR")
        .and_then(|r| keyword(r, "EACH"))
        .and_then(|r| keyword(r, "ROW"))
        .ok_or_else(|| err(rest))?;
    let (order, body_text) = match token(rest) {
        Some((w, after))
            if w.eq_ignore_ascii_case("FOLLOWS") || w.eq_ignore_ascii_case("PRECEDES") =>
        {
            let (other, after) = token(after).ok_or_else(|| err(after))?;
            (Some(TriggerOrder { follows: w.eq_ignore_ascii_case("FOLLOWS"), other }), after)
        }
        _ => (None, rest),
    };
    let body_text = body_text.trim().to_string();
    if body_text.is_empty() {
        return Err(MySqlError::syntax("", 1));
    }
    let body = compound::parse_body(&body_text)?;
    if compound::has_return(&body) {
        return Err(MySqlError::return_outside_function());
    }
    for r in compound::row_references(&body)? {
        let missing = match (r.row, event) {
            ("OLD", TriggerEvent::Insert) => Some("INSERT"),
            ("NEW", TriggerEvent::Delete) => Some("DELETE"),
            _ => None,
        };
        if let Some(event) = missing {
            return Err(MySqlError::trigger_no_such_row(r.row, event));
        }
        if r.assigned && r.row == "OLD" {
            return Err(MySqlError::trigger_row_read_only("OLD", ""));
        }
        if r.assigned && timing == TriggerTiming::After {
            return Err(MySqlError::trigger_row_read_only("NEW", "after "));
        }
    }
    // MySQL refuses a table of another schema than the trigger's (ERROR 1435).
    let database = match (database, table_db) {
        (Some(d), Some(t)) if d != t => return Err(MySqlError::trigger_wrong_schema()),
        (d, t) => d.or(t),
    };
    let program = Procedure {
        name: name.clone(),
        params: Vec::new(),
        returns: None,
        characteristics: Vec::new(),
        body,
        body_text,
        definer: String::new(),
        sql_mode: String::new(),
        created_micros: 0,
    };
    Ok(CreateTrigger {
        database,
        if_not_exists,
        order,
        trigger: Trigger { name, table, timing, event, program, statement: shown.to_string() },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn create(sql: &str) -> Result<CreateTrigger> {
        match parse_trigger_ddl(sql)? {
            Some(Statement::CreateTrigger(c)) => Ok(*c),
            other => panic!("not a CREATE TRIGGER: {other:?}"),
        }
    }

    #[test]
    fn reads_the_manuals_trigger() {
        let c = create(
            "CREATE TRIGGER ins_sum BEFORE INSERT ON account FOR EACH ROW SET @sum = @sum + \
             NEW.amount",
        )
        .unwrap();
        assert_eq!(c.trigger.name, "ins_sum");
        assert_eq!(c.trigger.table, "account");
        assert_eq!(c.trigger.timing, TriggerTiming::Before);
        assert_eq!(c.trigger.event, TriggerEvent::Insert);
        assert_eq!(c.trigger.program.body_text, "SET @sum = @sum + NEW.amount");
        let c = create(
            "CREATE DEFINER=`root`@`localhost` TRIGGER IF NOT EXISTS d.t2 AFTER DELETE ON a \
             FOR EACH ROW PRECEDES t1 BEGIN INSERT INTO log VALUES (OLD.id); END",
        )
        .unwrap();
        assert!(c.if_not_exists);
        assert_eq!(c.database.as_deref(), Some("d"));
        assert_eq!(c.order, Some(TriggerOrder { follows: false, other: "t1".into() }));
    }

    #[test]
    fn refuses_rows_the_event_lacks_and_changes_it_forbids() {
        let code = |sql: &str| create(sql).unwrap_err().code;
        assert_eq!(code("CREATE TRIGGER t BEFORE INSERT ON a FOR EACH ROW SET @x = OLD.id"), 1363);
        assert_eq!(code("CREATE TRIGGER t AFTER DELETE ON a FOR EACH ROW SET @x = NEW.id"), 1363);
        assert_eq!(code("CREATE TRIGGER t AFTER INSERT ON a FOR EACH ROW SET NEW.id = 1"), 1362);
        assert_eq!(code("CREATE TRIGGER t BEFORE UPDATE ON a FOR EACH ROW SET OLD.id = 1"), 1362);
        assert_eq!(code("CREATE TRIGGER t BEFORE UPDATE ON a FOR EACH ROW RETURN 1"), 1313);
        assert!(create("CREATE TRIGGER t BEFORE UPDATE ON a FOR EACH ROW SET NEW.x = OLD.x + 1")
            .is_ok());
        match parse_trigger_ddl("DROP TRIGGER IF EXISTS d.t").unwrap() {
            Some(Statement::DropTrigger { database, name, if_exists }) => {
                assert_eq!((database.as_deref(), name.as_str(), if_exists), (Some("d"), "t", true))
            }
            other => panic!("{other:?}"),
        }
        assert!(parse_trigger_ddl("CREATE TABLE t (a INT)").unwrap().is_none());
    }
}
