//! The server's side of performance_schema's statement events: after a client statement, its
//! event (text, digest, schema, counts from the status counters it moved, the error it ended
//! with) goes into the statement tables. A statement run by the clients of a load generator
//! ends when the client scheduler says (after its turn on a CPU and its commit), so its event
//! waits in `pending_statements` until then.

use super::session::{Session, SessionId};
use super::stage_events::ParkedStages;
use super::Server;
use crate::error::Result;
use crate::instruments::statements::event::{
    truncate_bytes, DigestKey, StatementCounts, StatementEvent,
};
use crate::instruments::statements::{consumers, Sizing, StatementInstruments};
use crate::server::variables::definition::VarValue;
use crate::server::variables::Variables;
use crate::sim::SimTime;
use crate::sql::digest::TokenArray;
use crate::sql::parser::literals::{shape_with_name_slots, Literal, LiteralKind};
use crate::sql::Response;
use crate::status_id;
use crate::var_id;
use std::collections::BTreeMap;

/// performance_schema's THREAD_ID of a connection: its id plus this.
pub use crate::sql::context::PS_THREAD_ID_OFFSET as THREAD_ID_OFFSET;

/// A load generator's statement under way: its event, and what its stage events will be cut
/// from, until the client scheduler ends it.
#[derive(Clone, Debug)]
pub struct ParkedStatement {
    pub(super) event: StatementEvent,
    pub(super) stages: ParkedStages,
    /// What its transaction event needs (`transaction_events`).
    pub(super) trx: super::transaction_events::TrxStatement,
}

/// The statement tables' sizes from the startup variables.
pub fn sizing(vars: &Variables) -> Sizing {
    let digests = match vars.global(var_id!("performance_schema_digests_size")) {
        // -1: autosized; MySQL picks 10000 on all but the smallest servers.
        VarValue::Int(n) if *n < 0 => 10_000,
        _ => vars.global_u64(var_id!("performance_schema_digests_size")) as usize,
    };
    Sizing {
        digests,
        max_digest_length: vars.global_u64(var_id!("max_digest_length")) as usize,
        digest_text: vars.global_u64(var_id!("performance_schema_max_digest_length")) as usize,
        sql_text: vars.global_u64(var_id!("performance_schema_max_sql_text_length")) as usize,
        history: history_size(vars, "performance_schema_events_statements_history_size", 10),
        history_long: history_size(
            vars,
            "performance_schema_events_statements_history_long_size",
            10_000,
        ),
    }
}

/// A history size: -1 is autosized, to MySQL's usual value.
fn history_size(vars: &Variables, name: &str, autosized: usize) -> usize {
    match vars.global(name) {
        VarValue::Int(n) if *n < 0 => autosized,
        _ => vars.global_u64(name) as usize,
    }
}

/// The statement instruments of a server starting at `at` with `vars` and the consumer
/// startup options `consumers`.
pub fn instruments_at_startup(
    vars: &Variables,
    at: SimTime,
    consumers: &[(&'static str, bool)],
) -> StatementInstruments {
    let mut s = StatementInstruments::new(sizing(vars), at);
    for (name, on) in consumers {
        s.consumers.set(name, *on);
    }
    s
}

/// The `performance-schema-consumer-NAME=ON|OFF` startup options among `options` (mysqld's
/// option file or command line): taken out, as (consumer, on). An option naming no consumer
/// stays, for the startup to refuse as an unknown variable.
pub fn take_consumer_options(options: &mut Vec<(String, String)>) -> Vec<(&'static str, bool)> {
    let mut taken = Vec::new();
    options.retain(|(name, value)| {
        let key = name.trim().replace('-', "_").to_ascii_lowercase();
        let Some(consumer) = key.strip_prefix("performance_schema_consumer_") else { return true };
        let Some(known) = consumers::DEFAULTS.iter().find(|(n, _)| *n == consumer) else {
            return true;
        };
        let on = matches!(
            value.trim().trim_matches(|c| c == '\'' || c == '"').to_ascii_uppercase().as_str(),
            "ON" | "TRUE" | "1" | "YES"
        );
        taken.push((known.0, on));
        false
    });
    taken
}

/// The `performance-schema-instrument='PATTERN=VALUE'` startup options among `options`: taken
/// out, as (pattern, value), for setup_instruments at startup (`instruments::setup`).
pub fn take_instrument_options(options: &mut Vec<(String, String)>) -> Vec<(String, String)> {
    let mut taken = Vec::new();
    options.retain(|(name, value)| {
        let key = name.trim().replace('-', "_").to_ascii_lowercase();
        if key != "performance_schema_instrument" {
            return true;
        }
        let v = value.trim().trim_matches(|c| c == '\'' || c == '"');
        let (pattern, setting) = v.rsplit_once('=').unwrap_or((v, "ON"));
        taken.push((pattern.trim().to_string(), setting.trim().to_string()));
        false
    });
    taken
}

/// `statement/sql/select` from `Com_select`: MySQL names its statement instruments after the
/// `Com_*` counters; a statement that did not parse is `statement/sql/error`.
fn event_name(com: Option<&'static str>) -> &'static str {
    static NAMES: std::sync::OnceLock<BTreeMap<&'static str, String>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        crate::instruments::status_registry::STATUS_VARIABLES
            .iter()
            .filter_map(|d| {
                d.name.strip_prefix("Com_").map(|op| (d.name, format!("statement/sql/{op}")))
            })
            .collect()
    });
    com.and_then(|c| names.get(c)).map_or("statement/sql/error", String::as_str)
}

/// The digest of a statement's text under the server's sizing, None when digests are off.
pub fn digest_of(sql: &str, sizing: &Sizing) -> Option<DigestKey> {
    if sizing.max_digest_length == 0 {
        return None;
    }
    digest_of_shaped(sql, shape_with_name_slots(sql).as_ref(), sizing)
}

/// [`digest_of`] given the text's shape with its names' digits as slots
/// ([`shape_with_name_slots`] of `sql`, which the parse cache has made already).
pub fn digest_of_shaped(
    sql: &str,
    shaped: Option<&(String, Vec<Literal>)>,
    sizing: &Sizing,
) -> Option<DigestKey> {
    if sizing.max_digest_length == 0 {
        return None;
    }
    let text_limit = sizing.digest_text.min(sizing.max_digest_length);
    let make = |tokens: &TokenArray| DigestKey {
        hash: tokens.hash_hex().into(),
        text: tokens.text(text_limit).into(),
    };
    DIGESTS.with(|memo| {
        let mut memo = memo.borrow_mut();
        memo.sized(sizing.max_digest_length, text_limit);
        let Some((form, literals)) = shaped else {
            // A text the masking cannot keep sound (comments, quoted names...): lexed.
            let tokens = TokenArray::of(sql, sizing.max_digest_length);
            return Some(match memo.by_tokens.get(tokens.bytes()) {
                Some(d) => d.clone(),
                None => {
                    let d = make(&tokens);
                    DigestMemo::keep(&mut memo.by_tokens, tokens.bytes().to_vec(), &d);
                    d
                }
            });
        };
        // Texts of one shape (literals of the same kinds and lengths) lex to the same tokens:
        // the digest folds every literal to `?`. The names ending in digits are in the hash
        // and the text, so a text of the shape on other names (sysbench's sbtestN) is the
        // shape's tokens with those names respelled, hashed again.
        let names: Vec<(usize, &[u8])> = literals
            .iter()
            .filter(|l| l.kind == LiteralKind::Name)
            .map(|l| (l.start, &sql.as_bytes()[l.start..l.end]))
            .collect();
        if let Some(seen) = memo.by_shape.get_mut(form) {
            let same_places = seen.names.len() == names.len()
                && seen.names.iter().zip(&names).all(|((a, _), (b, _))| a == b);
            if same_places {
                if seen.names.iter().zip(&names).all(|((_, old), (_, new))| old == new) {
                    return Some(seen.digest.clone());
                }
                let pairs: Vec<(&[u8], &[u8])> = seen
                    .names
                    .iter()
                    .zip(&names)
                    .map(|((_, old), (_, new))| (old.as_slice(), *new))
                    .collect();
                if let Some(tokens) = seen.tokens.respelled(&pairs) {
                    let d = make(&tokens);
                    *seen = Shaped {
                        names: names.iter().map(|(at, n)| (*at, n.to_vec())).collect(),
                        tokens,
                        digest: d.clone(),
                    };
                    return Some(d);
                }
            }
        }
        let tokens = TokenArray::of(sql, sizing.max_digest_length);
        let d = make(&tokens);
        let shaped = Shaped {
            names: names.iter().map(|(at, n)| (*at, n.to_vec())).collect(),
            tokens,
            digest: d.clone(),
        };
        if memo.by_shape.len() >= DIGEST_MEMO_MAX {
            memo.by_shape.clear();
        }
        memo.by_shape.insert(form.clone(), shaped);
        Some(d)
    })
}

thread_local! {
    /// The digests made lately: statements that differ only in their literals (a load
    /// generator's, a learner's edited query) share a shape and a token array, and lexing,
    /// the SHA-256 and the text were most of a short statement's digest. The engine is
    /// single-threaded; this is a memo of a pure function, so what it holds never changes a
    /// result.
    static DIGESTS: std::cell::RefCell<DigestMemo> = std::cell::RefCell::new(DigestMemo::default());
}

/// The last text of a shape (its names ending in digits as slots) digested: those names
/// (where each starts, its bytes), its tokens and its digest.
struct Shaped {
    names: Vec<(usize, Vec<u8>)>,
    tokens: TokenArray,
    digest: DigestKey,
}

/// Digests by statement shape and, for texts without one, by token array, under one sizing
/// (another empties it), each emptied when full too (bounds its memory: a few MB at the
/// bound).
#[derive(Default)]
struct DigestMemo {
    /// (max_digest_length, the digest text's limit) the digests were made under.
    sizing: (usize, usize),
    by_shape: BTreeMap<String, Shaped>,
    by_tokens: BTreeMap<Vec<u8>, DigestKey>,
}

/// The most digests each map of [`DigestMemo`] keeps.
const DIGEST_MEMO_MAX: usize = 8_192;

impl DigestMemo {
    fn sized(&mut self, max_digest_length: usize, text_limit: usize) {
        if self.sizing != (max_digest_length, text_limit) {
            self.by_shape.clear();
            self.by_tokens.clear();
            self.sizing = (max_digest_length, text_limit);
        }
    }

    fn keep<K: Ord>(map: &mut BTreeMap<K, DigestKey>, key: K, d: &DigestKey) {
        if map.len() >= DIGEST_MEMO_MAX {
            map.clear();
        }
        map.insert(key, d.clone());
    }
}

/// A statement's text as performance_schema keeps it: without the delimiter and the spaces
/// around it.
fn statement_text(sql: &str) -> &str {
    sql.trim().trim_end_matches(';').trim_end()
}

/// What the dispatcher knows of a statement when it has run.
pub struct Ran<'a> {
    pub sql: &'a str,
    pub com: Option<&'static str>,
    pub result: &'a Result<Response>,
    pub warnings: u32,
    pub counted: &'a crate::instruments::status::Counted,
    /// Its digest when the caller keeps one (a load generator's statement is digested once).
    pub digest: Option<DigestKey>,
    /// The session's default database when the statement started (`USE` counts under the
    /// database it left).
    pub schema: Option<String>,
    /// The CPU time it was charged, in nanoseconds (CPU_TIME, when events_statements_cpu is on).
    pub cpu_ns: u64,
}

impl Server {
    /// The event of a statement `session` ran from `start` to `end`.
    pub(super) fn statement_event(
        &mut self,
        session: &Session,
        ran: Ran<'_>,
        start: SimTime,
        end: SimTime,
    ) -> Option<StatementEvent> {
        let r = self.running.as_mut()?;
        // A statement whose instrument is off makes no event (setup_instruments); one that
        // the list does not name is collected, timed.
        let event_name = event_name(ran.com);
        let setting = r.setup.of_static(event_name);
        if !r.vars.global_bool(var_id!("performance_schema")) || setting.is_some_and(|s| !s.enabled)
        {
            return None;
        }
        let sql = statement_text(ran.sql);
        let sizing = r.statements.sizing;
        let digest = if r.statements.consumers.digests() {
            ran.digest.or_else(|| digest_of(sql, &sizing))
        } else {
            None
        };
        let (sent, affected) = match ran.result {
            Ok(Response::Rows(rs)) => (rs.rows.len() as u64 + rs.unshown, 0),
            Ok(Response::Ok { affected_rows, .. }) => (0, *affected_rows),
            _ => (0, 0),
        };
        let thread_id = session.id.0 + THREAD_ID_OFFSET;
        let event_id = r.statements.next_event_id(thread_id);
        let nesting_transaction = r.transactions.nesting(thread_id, event_id);
        Some(StatementEvent {
            thread_id,
            user: session.login_user.clone(),
            host: "localhost",
            event_id,
            statement_id: r.statements.next_statement_id(),
            event_name,
            sql_text: truncate_bytes(sql, sizing.sql_text),
            digest,
            schema: ran.schema,
            start,
            end,
            error: ran
                .result
                .as_ref()
                .err()
                .map(|e| (e.code, e.sqlstate.to_string(), e.message.clone())),
            warnings: u64::from(ran.warnings),
            counts: StatementCounts::from_status(ran.counted, sent, affected),
            cpu_ps: if r.statements.consumers.cpu() { ran.cpu_ns.saturating_mul(1000) } else { 0 },
            timed: setting.is_none_or(|s| s.timed == Some(true)),
            nesting_transaction,
        })
    }

    /// A client statement parsed and about to run: it becomes its thread's current statement
    /// (so a query of events_statements_current sees itself running). Returns its digest, for
    /// the event its end makes.
    pub(super) fn statement_begun(
        &mut self,
        session: &Session,
        sql: &str,
        com: Option<&'static str>,
        start: SimTime,
    ) -> Option<DigestKey> {
        let r = self.running.as_mut()?;
        let event_name = event_name(com);
        let setting = r.setup.of_static(event_name);
        if !r.vars.global_bool(var_id!("performance_schema"))
            || !r.statements.consumers.global()
            || setting.is_some_and(|s| !s.enabled)
        {
            return None;
        }
        let sql = statement_text(sql);
        let sizing = r.statements.sizing;
        let digest = r.statements.consumers.digests().then(|| digest_of(sql, &sizing)).flatten();
        if r.statements.consumers.current() {
            let thread_id = session.id.0 + THREAD_ID_OFFSET;
            // The event's ids are taken when it ends; the running row shows the next ones.
            let event = StatementEvent {
                thread_id,
                user: session.login_user.clone(),
                host: "localhost",
                event_id: r.statements.peek_event_id(thread_id),
                statement_id: r.statements.peek_statement_id(),
                event_name,
                sql_text: truncate_bytes(sql, sizing.sql_text),
                digest: digest.clone(),
                schema: session.database.clone(),
                start,
                end: start,
                error: None,
                warnings: 0,
                counts: StatementCounts::default(),
                cpu_ps: 0,
                timed: setting.is_none_or(|s| s.timed == Some(true)),
                nesting_transaction: r.transactions.nesting(thread_id, 0),
            };
            r.statements.begin(event);
        }
        digest
    }

    /// CPU time of one statement before its rows: the profile's `cpu_statement_ns` with
    /// performance_schema's part as the consumers make it (`instruments::statements::cost`).
    pub(super) fn statement_cpu_ns(&self) -> u64 {
        let hw = self.host.hardware();
        let shares = match self.running.as_ref() {
            Some(r) => crate::instruments::statements::cost::shares(
                r.vars.global_bool(var_id!("performance_schema")),
                &r.statements.consumers,
            ),
            None => 0,
        };
        crate::instruments::statements::cost::statement_cpu_ns(
            hw.cpu_statement_ns,
            hw.cpu_statement_event_ns,
            shares,
        )
    }

    /// A connection ended: its thread's rows leave events_statements_current and _history.
    pub(super) fn forget_statement_thread(&mut self, session: SessionId) {
        if let Some(r) = self.running.as_mut() {
            r.statements.forget_thread(session.0 + THREAD_ID_OFFSET);
        }
    }

    /// Sums a finished statement into the statement tables.
    pub(super) fn record_statement(&mut self, event: StatementEvent) {
        let Some(r) = self.running.as_mut() else { return };
        let age = r.vars.global_u64(var_id!("performance_schema_max_digest_sample_age"));
        if !r.statements.record(&event, age) {
            r.status.add(status_id!("Performance_schema_digest_lost"), 1);
        }
    }

    /// A load generator's statement is under way for `session`: its event waits for its end.
    pub(super) fn park_statement(&mut self, session: SessionId, parked: ParkedStatement) {
        if let Some(r) = self.running.as_mut() {
            r.pending_statements.insert(session, Box::new(parked));
        }
    }

    /// Takes `session`'s parked statement out, for a load tool that runs two statements in
    /// one turn (sysbench's DELETE and INSERT of one id) and gives each back at its own turn
    /// with [`Server::repark_statement`].
    pub fn unpark_statement(&mut self, session: SessionId) -> Option<ParkedStatement> {
        self.running.as_mut()?.pending_statements.remove(&session).map(|e| *e)
    }

    /// Parks a statement taken out by [`Server::unpark_statement`] again.
    pub fn repark_statement(&mut self, session: SessionId, parked: ParkedStatement) {
        self.park_statement(session, parked);
    }

    /// The client scheduler started `session`'s parked statement at `at`.
    pub(super) fn statement_started(&mut self, session: SessionId, at: SimTime) {
        if let Some(p) = self.running.as_mut().and_then(|r| r.pending_statements.get_mut(&session))
        {
            p.event.start = at;
        }
        // The general log takes the statement as it arrives.
        let Some(r) = self.running.as_mut() else { return };
        if let Some(mut log) = r.pending_logs.remove(&session) {
            log.started(at);
            self.general_log_pending(&mut log);
            if let Some(r) = self.running.as_mut() {
                r.pending_logs.insert(session, log);
            }
        }
    }

    /// The client scheduler ended `session`'s parked statement's turn on a CPU and its page
    /// reads at `at`; its commit (if any) follows.
    pub(super) fn statement_ran(&mut self, session: SessionId, at: SimTime) {
        if let Some(p) = self.running.as_mut().and_then(|r| r.pending_statements.get_mut(&session))
        {
            p.stages.ran_at = Some(at);
        }
    }

    /// The client scheduler finished `session`'s parked statement at `at`.
    pub(super) fn statement_finished(&mut self, session: SessionId, at: SimTime) {
        self.log_parked(session, at);
        let Some(p) = self.running.as_mut().and_then(|r| r.pending_statements.remove(&session))
        else {
            return;
        };
        let ParkedStatement { mut event, stages, mut trx } = *p;
        event.end = at.max(event.start);
        // The transaction it ended finishes with it; the one it began starts with it.
        self.settle_transaction_event(session, event.end);
        trx.start = event.start;
        trx.committed = event.end;
        self.statement_transaction(session, &trx);
        self.parked_statement_stages(&event, &stages, event.end);
        self.record_statement(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consumer_options_are_taken_out() {
        let mut options = vec![
            ("performance-schema-consumer-events-statements-history-long".to_string(), "ON".into()),
            ("performance_schema_consumer_statements_digest".to_string(), "OFF".into()),
            ("performance-schema-consumer-no-such".to_string(), "ON".into()),
            ("innodb_buffer_pool_size".to_string(), "1G".into()),
        ];
        let taken = take_consumer_options(&mut options);
        assert_eq!(
            taken,
            vec![("events_statements_history_long", true), ("statements_digest", false)]
        );
        assert_eq!(options.len(), 2, "an unknown consumer stays, to be refused at startup");
        let mut options = vec![(
            "performance-schema-instrument".to_string(),
            "'wait/synch/mutex/innodb/%=ON'".to_string(),
        )];
        let taken = take_instrument_options(&mut options);
        assert_eq!(taken, vec![("wait/synch/mutex/innodb/%".to_string(), "ON".to_string())]);
        assert!(options.is_empty());
    }

    #[test]
    fn statement_names_follow_the_com_counters() {
        assert_eq!(event_name(Some("Com_select")), "statement/sql/select");
        assert_eq!(event_name(Some("Com_set_option")), "statement/sql/set_option");
        assert_eq!(event_name(None), "statement/sql/error");
    }

    #[test]
    fn a_digest_respelled_for_another_table_is_the_one_lexed() {
        let sizing = Sizing { max_digest_length: 1024, digest_text: 1024, ..Sizing::default() };
        let lexed = |sql: &str| {
            let tokens = TokenArray::of(sql, 1024);
            (tokens.hash_hex(), tokens.text(1024))
        };
        // Each group: the first seeds the memo, the others are respelled from it (a MySQL
        // keyword that sqlparser does not know, INT1, must be lexed instead), and the first
        // again is found as it was.
        for texts in [
            [
                "SELECT c FROM sbtest7 WHERE id=4711",
                "SELECT c FROM sbtest3 WHERE id=1234",
                "SELECT c FROM sbtest7 WHERE id=4711",
            ],
            [
                "UPDATE sbtest.sbtest123 SET c='1-2' WHERE id=5",
                "UPDATE sbtest.sbtest999 SET c='3-4' WHERE id=6",
                "UPDATE sbtest.sbtest123 SET c='1-2' WHERE id=7",
            ],
            [
                "SELECT t1.c1 FROM t1 WHERE c1 IN (1, 2)",
                "SELECT t2.c2 FROM t2 WHERE c2 IN (3, 4)",
                "SELECT t2.c1 FROM t1 WHERE c2 IN (3, 4)",
            ],
            [
                "SELECT CAST(a AS INT5) FROM t",
                "SELECT CAST(a AS INT1) FROM t",
                "SELECT CAST(a AS INT2) FROM t",
            ],
            [
                "SELECT DISTINCT c FROM sbtest10 WHERE id BETWEEN 1 AND 100 ORDER BY c",
                "SELECT DISTINCT c FROM sbtest25 WHERE id BETWEEN 9 AND 108 ORDER BY c",
                "SELECT DISTINCT c FROM sbtest25 WHERE id BETWEEN 9 AND 108 ORDER BY c",
            ],
        ] {
            let mut hashes = Vec::new();
            for sql in texts {
                let d = digest_of(sql, &sizing).expect("digests on");
                assert_eq!((d.hash.to_string(), d.text.to_string()), lexed(sql), "{sql}");
                let shaped = shape_with_name_slots(sql);
                let again = digest_of_shaped(sql, shaped.as_ref(), &sizing).expect("on");
                assert_eq!(again, d, "{sql}");
                hashes.push(d.hash);
            }
            assert_ne!(hashes[0], hashes[1], "the name is in the hash");
        }
        // The respelling itself, and a name it cannot find.
        let seven = TokenArray::of("SELECT c FROM sbtest7 WHERE id=1", 1024);
        let three = TokenArray::of("SELECT c FROM sbtest3 WHERE id=2", 1024);
        assert_eq!(seven.respelled(&[(b"sbtest7", b"sbtest3")]), Some(three));
        assert_eq!(seven.respelled(&[(b"sbtest8", b"sbtest3")]), None);
        assert_eq!(seven.respelled(&[(b"sbtest7", b"sbtest33")]), None);
    }
}
