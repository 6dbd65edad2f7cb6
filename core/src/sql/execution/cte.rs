//! The common table expressions a statement's `WITH` clauses define, as the executor sees
//! them while the statement runs: a stack of scopes (one per `WITH`, innermost last), each
//! CTE with its definition and, once a reference has run it, its materialised rows, so a CTE
//! named twice runs once (MySQL materialises it once and reads the temporary table twice).
//! The server (`server/query/cte.rs`) runs the definitions; `server/query/from.rs` asks the
//! stack for a table name before it looks in the catalog, as MySQL's name resolution does.

use super::packed_rows::PackedRows;
use super::Meta;
use sqlparser::ast::Query;

/// CTEs one statement may define in all its `WITH` clauses together (a bound on hostile
/// input; the parser's nesting limit already bounds the scopes).
pub const CTES_PER_STATEMENT_MAX: usize = 256;

/// One CTE.
#[derive(Clone, Debug)]
pub struct CteEntry {
    /// Its name, as written.
    pub name: String,
    /// `WITH x (a, b) AS ...`: the column names given, if any.
    pub columns: Vec<String>,
    pub query: Box<Query>,
    /// The text of the statement that defines it (unaliased select items are named from it,
    /// whichever query first reads the CTE).
    pub sql: std::rc::Rc<str>,
    /// Defined by `WITH RECURSIVE` (it may name itself).
    pub recursive: bool,
    /// Its rows once run, packed (`packed_rows.rs`).
    pub rows: Option<(Vec<Meta>, std::rc::Rc<PackedRows>)>,
    /// A recursive CTE being run: the rows its previous iteration produced, which its
    /// recursive query blocks read as the CTE.
    pub working: Option<(Vec<Meta>, std::rc::Rc<PackedRows>)>,
    /// Its query is running (a reference to it now, outside a recursive iteration, is an
    /// error, not a loop).
    pub running: bool,
    /// EXPLAIN's select number of the CTE's (first) query block, `<derivedN>`.
    pub select_number: u32,
}

/// One `WITH` clause.
#[derive(Clone, Debug, Default)]
pub struct CteScope {
    pub entries: Vec<CteEntry>,
    /// Entries at this index and later are not visible yet (a non-recursive CTE sees only
    /// the CTEs before it).
    pub visible: usize,
}

/// The `WITH` clauses in force, outermost first.
#[derive(Clone, Debug, Default)]
pub struct CteScopes {
    pub scopes: Vec<CteScope>,
    /// CTEs defined so far by the statement (bounded by [`CTES_PER_STATEMENT_MAX`]).
    pub defined: usize,
}

impl CteScopes {
    /// The innermost visible CTE named `name` (case-insensitively, as MySQL compares table
    /// aliases on a case-insensitive file system; simplification: always so): its scope
    /// and position.
    pub fn find(&self, name: &str) -> Option<(usize, usize)> {
        for (s, scope) in self.scopes.iter().enumerate().rev() {
            let visible = scope.visible.min(scope.entries.len());
            if let Some(i) =
                scope.entries[..visible].iter().position(|e| e.name.eq_ignore_ascii_case(name))
            {
                return Some((s, i));
            }
        }
        None
    }

    pub fn entry(&self, at: (usize, usize)) -> Option<&CteEntry> {
        self.scopes.get(at.0).and_then(|s| s.entries.get(at.1))
    }

    pub fn entry_mut(&mut self, at: (usize, usize)) -> Option<&mut CteEntry> {
        self.scopes.get_mut(at.0).and_then(|s| s.entries.get_mut(at.1))
    }
}
