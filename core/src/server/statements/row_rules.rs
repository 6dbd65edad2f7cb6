//! What a table asks of each row written to it besides its types and keys: generated columns
//! (`b INT AS (a * 2) [VIRTUAL | STORED]`, computed from the row) and CHECK constraints
//! (`CHECK (a > 0)`, error 3819 when the condition is false), as MySQL 8.0.16+ has them
//! (the manual's "CREATE TABLE and Generated Columns" and "CHECK Constraints").
//!
//! At CREATE / ALTER TABLE the expressions are checked (columns that exist, generated
//! columns that refer only to earlier ones, no nondeterministic functions) and kept in the
//! text MySQL prints (`sql::expr_text`); each statement that writes the table binds them once
//! (`RowRules::bind`) and applies them to every row after its BEFORE triggers, as
//! mysqld fills generated columns and checks constraints after the triggers ran.

use crate::error::{MySqlError, Result};
use crate::server::statements::dml::coerce;
use crate::sql::bind::{BExpr, Binder, Columns};
use crate::sql::expr::{eval, EvalContext};
use crate::sql::expr_text::mysql_text;
use crate::storage::schema::{CheckConstraint, ColumnType, GeneratedColumn, TableDef};
use crate::storage::table::Row;
use crate::storage::value::Value;
use sqlparser::ast::{ColumnOption, ColumnOptionDef, Expr, GeneratedExpressionMode, Spanned};
use std::cell::RefCell;

/// A CHECK constraint as CREATE or ALTER TABLE declares it, before it is named.
pub(crate) struct PendingCheck {
    pub name: Option<String>,
    pub expr: Expr,
    pub enforced: bool,
    /// The column it was declared on (a column constraint may name only that column).
    pub column: Option<String>,
    /// Where it starts in the statement: unnamed constraints are numbered in text order.
    pub at: (u64, u64),
}

impl PendingCheck {
    pub(crate) fn new(
        name: Option<String>,
        expr: &Expr,
        enforced: Option<bool>,
        column: Option<&str>,
    ) -> PendingCheck {
        let start = expr.span().start;
        PendingCheck {
            name,
            expr: expr.clone(),
            enforced: enforced.unwrap_or(true),
            column: column.map(str::to_string),
            at: (start.line, start.column),
        }
    }
}

/// The generated-column clause among a column's options, in the form the table keeps.
pub(crate) fn generated_column(options: &[ColumnOptionDef]) -> Option<GeneratedColumn> {
    generated_of(options.iter().map(|o| &o.option))
}

/// [`generated_column`] over bare options (MODIFY / CHANGE COLUMN's).
pub(crate) fn generated_of<'a>(
    mut options: impl Iterator<Item = &'a ColumnOption>,
) -> Option<GeneratedColumn> {
    options.find_map(|o| match o {
        ColumnOption::Generated { generation_expr: Some(e), generation_expr_mode, .. } => {
            Some(GeneratedColumn {
                expr: mysql_text(e),
                stored: *generation_expr_mode == Some(GeneratedExpressionMode::Stored),
            })
        }
        _ => None,
    })
}

/// The CHECK constraints declared on column `column`.
pub(crate) fn column_checks(column: &str, options: &[ColumnOptionDef]) -> Vec<PendingCheck> {
    options
        .iter()
        .filter_map(|o| match &o.option {
            ColumnOption::Check(c) => {
                let name = c.name.as_ref().or(o.name.as_ref()).map(|n| n.value.clone());
                Some(PendingCheck::new(name, &c.expr, c.enforced, Some(column)))
            }
            _ => None,
        })
        .collect()
}

/// Functions whose value is not a function of the row: not allowed in a generated column or
/// a CHECK constraint (MySQL refuses them with 3763 / 3814, naming the function).
const NONDETERMINISTIC: &[&str] = &[
    "benchmark",
    "connection_id",
    "curdate",
    "current_date",
    "current_role",
    "current_time",
    "current_timestamp",
    "current_user",
    "curtime",
    "database",
    "found_rows",
    "get_lock",
    "is_free_lock",
    "is_used_lock",
    "last_insert_id",
    "load_file",
    "localtime",
    "localtimestamp",
    "master_pos_wait",
    "now",
    "rand",
    "release_all_locks",
    "release_lock",
    "row_count",
    "schema",
    "session_user",
    "sleep",
    "sysdate",
    "system_user",
    "user",
    "utc_date",
    "utc_time",
    "utc_timestamp",
    "uuid",
    "uuid_short",
    "version",
];

/// The words of `text` (an expression as `mysql_text` prints it) outside quotes, each with
/// whether a `(` follows it (a function call).
fn words(text: &str) -> Vec<(&str, bool)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // Bounded by the text's length: every step moves past at least one byte.
    while i < bytes.len() {
        match bytes[i] {
            q @ (b'\'' | b'`') => {
                i += 1;
                while i < bytes.len() && bytes[i] != q {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                out.push((&text[start..i], bytes.get(i) == Some(&b'(')));
            }
            _ => i += 1,
        }
    }
    out
}

/// The first nondeterministic function `text` calls.
pub(crate) fn first_disallowed_function(text: &str) -> Option<String> {
    words(text)
        .into_iter()
        .find(|(w, call)| *call && NONDETERMINISTIC.contains(&w.to_ascii_lowercase().as_str()))
        .map(|(w, _)| w.to_ascii_lowercase())
}

/// Whether `text` holds a subquery.
pub(crate) fn has_subquery(text: &str) -> bool {
    words(text).iter().any(|(w, _)| w.eq_ignore_ascii_case("select"))
}

/// The columns of the table being defined, for binding its expressions: records which it
/// names, and reports an unknown one in the words of the clause.
struct DefinedColumns<'a> {
    def: &'a TableDef,
    named: RefCell<Vec<u32>>,
    unknown: &'a dyn Fn(&str) -> MySqlError,
}

impl Columns for DefinedColumns<'_> {
    fn resolve(&self, _qualifier: Option<&str>, name: &str, _clause: &str) -> Result<u32> {
        let p = self.def.column_position(name).ok_or_else(|| (self.unknown)(name))?;
        self.named.borrow_mut().push(p);
        Ok(p)
    }
    fn is_json(&self, position: u32) -> bool {
        self.def.columns.get(position as usize).is_some_and(|c| c.ty == ColumnType::Json)
    }
    fn is_time(&self, position: u32) -> bool {
        self.def.columns.get(position as usize).is_some_and(|c| matches!(c.ty, ColumnType::Time(_)))
    }
}

/// `text` without the `_utf8mb4` introducers `mysql_text` gives string literals (the
/// evaluator reads a plain literal as utf8mb4 already).
fn without_introducers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quote: Option<char> = None;
    let mut rest = text;
    // Bounded by the text's length: every step consumes one character.
    while let Some(c) = rest.chars().next() {
        if quote.is_none() && rest.starts_with("_utf8mb4'") {
            rest = &rest["_utf8mb4".len()..];
            continue;
        }
        match (quote, c) {
            (None, '\'' | '`') => quote = Some(c),
            (Some('\''), '\\') => {
                out.push(c);
                rest = &rest[1..];
                if let Some(n) = rest.chars().next() {
                    out.push(n);
                    rest = &rest[n.len_utf8()..];
                }
                continue;
            }
            (Some(q), _) if q == c => quote = None,
            _ => {}
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

fn parse(text: &str) -> Result<Expr> {
    let dialect = sqlparser::dialect::MySqlDialect {};
    let text = without_introducers(text);
    sqlparser::parser::Parser::new(&dialect)
        .try_with_sql(&text)
        .and_then(|mut p| p.parse_expr())
        .map_err(|_| MySqlError::syntax(&text, 1))
}

/// Binds `text` over `def`'s columns: the bound expression and the columns it names.
pub(crate) fn bind_over(
    def: &TableDef,
    text: &str,
    unknown: &dyn Fn(&str) -> MySqlError,
) -> Result<(BExpr, Vec<u32>)> {
    let cols = DefinedColumns { def, named: RefCell::new(Vec::new()), unknown };
    let e = parse(text)?;
    let bound = Binder::scalar(&cols, "generated column function").bind(&e)?;
    Ok((bound, cols.named.into_inner()))
}

/// Binds a partitioning expression over `def`'s columns (1054 names the clause `partition
/// function`): the bound expression and the columns it names.
pub(crate) fn bind_partition_expr(def: &TableDef, text: &str) -> Result<(BExpr, Vec<u32>)> {
    let unknown = |name: &str| MySqlError::unknown_column(name, "partition function");
    bind_over(def, text, &unknown)
}

/// Checks a new definition's generated columns as CREATE / ALTER TABLE does: each may name
/// only existing columns (1054), generated ones only if defined before it (3107), no
/// AUTO_INCREMENT column (3109) and no nondeterministic function (3763) or subquery (3102).
pub(crate) fn check_generated_columns(def: &TableDef) -> Result<()> {
    for (p, col) in def.columns.iter().enumerate() {
        let Some(g) = &col.generated else { continue };
        if let Some(f) = first_disallowed_function(&g.expr) {
            return Err(MySqlError::generated_column_named_function(&col.name, &f));
        }
        if has_subquery(&g.expr) {
            return Err(MySqlError::generated_column_function_not_allowed(&col.name));
        }
        let unknown = |name: &str| MySqlError::unknown_column(name, "generated column function");
        let (_, named) = bind_over(def, &g.expr, &unknown)?;
        for q in named {
            let other = &def.columns[q as usize];
            if other.auto_increment {
                return Err(MySqlError::generated_column_auto_increment(&col.name));
            }
            if other.generated.is_some() && q as usize >= p {
                return Err(MySqlError::generated_column_non_prior());
            }
        }
    }
    Ok(())
}

/// Names and checks the CHECK constraints a statement declares: unnamed ones become
/// `<table>_chk_<n>` in the order they appear, counting on from the highest `n` the table
/// has (`taken` lists the names already used in the schema: a name is unique there, 3822).
pub(crate) fn name_checks(
    def: &TableDef,
    mut pending: Vec<PendingCheck>,
    taken: &[String],
) -> Result<Vec<CheckConstraint>> {
    pending.sort_by_key(|c| c.at);
    let prefix = format!("{}_chk_", def.name);
    let mut next = def
        .constraints
        .checks
        .iter()
        .filter_map(|c| c.name.strip_prefix(&prefix).and_then(|n| n.parse::<u32>().ok()))
        .max()
        .unwrap_or(0);
    let mut named = Vec::new();
    let mut used: Vec<String> = taken.iter().map(|n| n.to_ascii_lowercase()).collect();
    for c in pending {
        let name = match c.name {
            Some(n) => n,
            None => {
                next += 1;
                format!("{prefix}{next}")
            }
        };
        if used.contains(&name.to_ascii_lowercase()) {
            return Err(MySqlError::check_duplicate_name(&name));
        }
        used.push(name.to_ascii_lowercase());
        let expr = mysql_text(&c.expr);
        if let Some(f) = first_disallowed_function(&expr) {
            return Err(MySqlError::check_named_function(&name, &f));
        }
        let unknown = |column: &str| MySqlError::check_unknown_column(&name, column);
        let (_, columns) = bind_over(def, &expr, &unknown)?;
        if let Some(own) = &c.column {
            if columns.iter().any(|&p| !def.columns[p as usize].name.eq_ignore_ascii_case(own)) {
                return Err(MySqlError::column_check_references_other(&name));
            }
        }
        named.push(CheckConstraint { name, expr, enforced: c.enforced });
    }
    Ok(named)
}

/// Checks that an ALTER TABLE's column changes leave every generated column, CHECK
/// constraint and FOREIGN KEY its columns: a column one of them names cannot be dropped or
/// renamed (3108, 3959, 1828; `old` is the table before, where the missing name is found).
/// Simplification: a renamed column is refused as a dropped one would be, where MySQL
/// renames it in a FOREIGN KEY.
pub(crate) fn check_dependencies(old: &TableDef, new: &TableDef) -> Result<()> {
    let missing = |text: &str| -> Option<String> {
        let unknown = |name: &str| MySqlError::unknown_column(name, "");
        match bind_over(new, text, &unknown) {
            Err(e) if e.code == 1054 => {
                let (_, named) = bind_over(old, text, &unknown).ok()?;
                named
                    .into_iter()
                    .map(|p| old.columns[p as usize].name.clone())
                    .find(|n| new.column_position(n).is_none())
            }
            _ => None,
        }
    };
    for col in &new.columns {
        if let Some(g) = &col.generated {
            if let Some(gone) = missing(&g.expr) {
                // A functional index's hidden column speaks of the index (3837,
                // mysql-test functional_index.result).
                return Err(if col.hidden {
                    MySqlError::dependent_by_functional_index(&gone)
                } else {
                    MySqlError::dependent_by_generated_column(&gone)
                });
            }
        }
    }
    for c in &new.constraints.checks {
        if let Some(gone) = missing(&c.expr) {
            return Err(MySqlError::dependent_by_check(&c.name, &gone));
        }
    }
    // Nor a partitioning column, dropped or renamed (ERROR 3855).
    if let Some(p) = &new.partitioning {
        if let Some(gone) = p.all_columns().into_iter().find(|c| new.column_position(c).is_none()) {
            return Err(MySqlError::dependent_by_partition_function(&gone));
        }
    }
    // A FOREIGN KEY's own columns cannot go (ERROR 1828).
    for fk in &new.constraints.foreign_keys {
        if let Some(gone) = fk.columns.iter().find(|c| new.column_position(c).is_none()) {
            return Err(MySqlError::fk_column_cannot_drop(gone, &fk.name));
        }
    }
    Ok(())
}

/// A table's generated columns and enforced CHECK constraints, bound for one statement.
pub(crate) struct RowRules {
    /// (position, expression), in column order: a generated column may use earlier ones.
    generated: Vec<(u32, BExpr)>,
    checks: Vec<(String, BExpr)>,
    /// A partitioned table's placement: a row no partition holds is refused (1526).
    placer: Option<crate::sql::planner::partition_pruning::PartitionFilter>,
    /// A write's `PARTITION (...)` list: a row outside it is refused (1748).
    partition_set: Option<crate::sql::planner::partition_pruning::PartitionFilter>,
}

/// The value of the generated column at `position` of `def` from a row of `def` (its
/// expression bound once), coerced to its type as storing it does (`row_no` names the row in
/// an error). Evaluated without a session: a generated column may call only deterministic
/// functions (`check_generated_columns` refuses the others).
pub(crate) fn generated_value(
    def: &TableDef,
    position: u32,
) -> Result<impl Fn(&[Value], u64) -> Result<Value>> {
    let col = def.columns[position as usize].clone();
    let text = col.generated.as_ref().map(|g| g.expr.clone()).unwrap_or_default();
    let unknown = |name: &str| MySqlError::unknown_column(name, "generated column function");
    let (e, _) = bind_over(def, &text, &unknown)?;
    let table = def.name.clone();
    Ok(move |row: &[Value], row_no: u64| {
        let mut cx = crate::sql::expr::constant_context();
        let v = eval(&e, row, &[], &mut cx)?;
        coerce(&table, &col, v, row_no)
    })
}

/// What a row broke, when it broke a CHECK constraint.
pub(crate) struct Violation(pub MySqlError);

impl RowRules {
    pub(crate) fn bind(def: &TableDef) -> Result<RowRules> {
        let unknown = |name: &str| MySqlError::unknown_column(name, "generated column function");
        let mut generated = Vec::new();
        for (p, col) in def.columns.iter().enumerate() {
            if let Some(g) = &col.generated {
                generated.push((p as u32, bind_over(def, &g.expr, &unknown)?.0));
            }
        }
        // In name order, as the data dictionary lists them (which one a row that fails two
        // names; UNCONFIRMED beyond that order being the one SHOW CREATE TABLE shows).
        let mut enforced: Vec<&CheckConstraint> =
            def.constraints.checks.iter().filter(|c| c.enforced).collect();
        enforced.sort_by_key(|c| c.name.to_ascii_lowercase());
        let mut checks = Vec::new();
        for c in enforced {
            checks.push((c.name.clone(), bind_over(def, &c.expr, &unknown)?.0));
        }
        Ok(RowRules {
            generated,
            checks,
            placer: crate::sql::planner::partition_pruning::PartitionFilter::placer(def)?,
            partition_set: None,
        })
    }

    /// The rules of a write naming `PARTITION (names)` of `table` (none: every partition):
    /// a row the named partitions and subpartitions do not hold is ERROR 1748, checked
    /// after the row's partition is found (1526 first) and its CHECK constraints, as
    /// ha_partition's write_row / update_row refuse it before the row reaches a partition
    /// (so before a duplicate key is seen). Unknown names are 1735, and a list on a table that
    /// is not partitioned 1747, as for a read.
    pub(crate) fn within(
        mut self,
        table: &crate::storage::table::Table,
        names: &[sqlparser::ast::Ident],
    ) -> Result<RowRules> {
        let hints = crate::sql::planner::access_path::IndexHints::default();
        if let Some(chosen) = hints.with_partitions(names, table)?.partitions {
            self.partition_set =
                crate::sql::planner::partition_pruning::PartitionFilter::new(&table.def, &chosen)?;
        }
        Ok(self)
    }

    /// Whether there is nothing to do for a row.
    pub(crate) fn is_empty(&self) -> bool {
        self.generated.is_empty()
            && self.checks.is_empty()
            && self.placer.is_none()
            && self.partition_set.is_none()
    }

    /// Fills the row's generated columns and checks its constraints. A false condition is a
    /// `Violation` (the caller decides: an error, or with IGNORE a warning and no row); NULL
    /// passes, as in SQL.
    pub(crate) fn apply(
        &self,
        def: &TableDef,
        row: &mut Row,
        row_no: u64,
        cx: &mut dyn EvalContext,
    ) -> Result<std::result::Result<(), Violation>> {
        for (p, e) in &self.generated {
            let v = eval(e, row, &[], cx)?;
            row[*p as usize] = coerce(&def.name, &def.columns[*p as usize], v, row_no)
                .map_err(|e| super::functional_index::index_error(def, *p, e, row_no))?;
        }
        if let Some(placer) = &self.placer {
            use crate::storage::partition::Placement;
            if let Placement::Nowhere(value) = placer.place(row)? {
                return Ok(Err(Violation(MySqlError::no_partition_for_value(&value))));
            }
        }
        if let Err(v) = self.check_only(def, row, cx)? {
            return Ok(Err(v));
        }
        match &self.partition_set {
            Some(set) if !set.holds(row) => {
                Ok(Err(Violation(MySqlError::row_not_in_partition_set())))
            }
            _ => Ok(Ok(())),
        }
    }

    /// Checks the row's constraints only (its generated columns are already filled).
    pub(crate) fn check_only(
        &self,
        _def: &TableDef,
        row: &mut Row,
        cx: &mut dyn EvalContext,
    ) -> Result<std::result::Result<(), Violation>> {
        for (name, e) in &self.checks {
            if eval(e, row, &[], cx)?.truth() == Some(false) {
                return Ok(Err(Violation(MySqlError::check_violated(name))));
            }
        }
        Ok(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::first_disallowed_function;

    #[test]
    fn introducers_are_dropped_outside_quotes_only() {
        assert_eq!(
            super::without_introducers("concat(`a`,_utf8mb4'x_utf8mb4\\'y')"),
            "concat(`a`,'x_utf8mb4\\'y')"
        );
    }

    #[test]
    fn nondeterministic_functions_are_found_outside_quotes() {
        assert_eq!(first_disallowed_function("(`a` + rand())").as_deref(), Some("rand"));
        assert_eq!(first_disallowed_function("concat(`now`,_utf8mb4'now()')"), None);
        assert_eq!(first_disallowed_function("(`a` > now())").as_deref(), Some("now"));
    }
}
