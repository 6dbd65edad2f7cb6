//! EXPLAIN FORMAT=TREE of a row change: the iterator that writes (`Insert into t`, `Replace
//! into t`, `Update t1 (immediate), t2 (buffered)`, `Delete from t1 (immediate), t2
//! (buffered)`, MySQL's names, mysql-test r/explain_tree.result) over the tree of the rows it
//! reads: an INSERT ... SELECT's query, `Rows fetched before execution` for VALUES, the join
//! of a multi-table UPDATE or DELETE (the same SELECT the traditional EXPLAIN plans,
//! `explain_change.rs`).
//!
//! Which tables change at once (`immediate`) and which through a buffer of row ids
//! (`buffered`): MySQL changes the first table of the join order as it reads it, when that
//! is safe, and buffers the rest. UNCONFIRMED rule (MySQL's `safe_update_on_fly` also looks
//! at the index the access uses): DELETE's first table is immediate; UPDATE's first table is
//! immediate unless a column it assigns is read by the statement's WHERE (the join may then
//! meet the changed row again), as in mysql-test's `UPDATE t1, t2 SET f1 = ... WHERE f1 =
//! f2`, both buffered.
//!
//! A single-table UPDATE or DELETE has no iterator tree in MySQL 8.4 (it is planned by the
//! range optimizer alone and run outside the iterator executor): FORMAT=TREE and EXPLAIN
//! ANALYZE both print the one line `-> <not executable by iterator executor>` (mysql-server
//! PrintQueryPlan's text for a statement with no access path), and ANALYZE then changes no
//! row, as reported of a live 8.4.11. The statement is still resolved first (its table and
//! columns checked as its traditional EXPLAIN checks them). Not built (1235): EXPLAIN
//! ANALYZE of INSERT / REPLACE (from the parser) and of a multi-table UPDATE or DELETE
//! (MySQL runs its reads and measures them).

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::statements::table_name;
use crate::server::Server;
use crate::sql::execution::Work;
use crate::sql::parser::Statement;
use crate::sql::planner::explain::tree::Node;
use crate::sql::{Column, Response, ResultSet, Value};
use sqlparser::ast::{SetExpr, Statement as S, TableObject};

/// What MySQL 8.4 prints for a statement the iterator executor does not run.
const NOT_EXECUTABLE: &str = "-> <not executable by iterator executor>\n";

impl Server {
    /// EXPLAIN FORMAT=TREE of INSERT, REPLACE, UPDATE or DELETE, and EXPLAIN ANALYZE of a
    /// single-table UPDATE or DELETE.
    pub(crate) fn explain_change_tree(
        &mut self,
        session: &mut Session,
        change: &S,
        sql: &str,
        work: &mut Work,
        analyze: bool,
    ) -> Result<Response> {
        let single = match change {
            S::Update(up) => !super::multi_table::is_multi_update(up),
            S::Delete(del) => !super::multi_table::is_multi_delete(del),
            _ => false,
        };
        if single {
            // Resolved as its traditional EXPLAIN resolves it (unknown tables and columns get
            // their errors); that EXPLAIN's rows and Note are not this statement's.
            let kept = session.pending_warnings.len();
            let checked = self.explain_change(session, change, work);
            session.pending_warnings.truncate(kept);
            checked?;
            if let S::Update(up) = change {
                self.check_assigned(session, up)?;
            }
            work.rows += 1;
            return Ok(one_column(NOT_EXECUTABLE.into()));
        }
        if analyze {
            return Err(MySqlError::not_supported_yet(
                "EXPLAIN ANALYZE of a multi-table UPDATE or DELETE",
            ));
        }
        let tree = match change {
            S::Insert(ins) => {
                let TableObject::TableName(name) = &ins.table else {
                    return Err(MySqlError::not_supported_yet("EXPLAIN of this INSERT"));
                };
                let (db, table) = table_name(session, name)?;
                if self.catalog.table(&db, &table).is_none() {
                    return Err(MySqlError::no_such_table(&db, &table));
                }
                let verb = if ins.replace_into { "Replace" } else { "Insert" };
                let source = match ins.source.as_ref() {
                    Some(q) if !matches!(q.body.as_ref(), SetExpr::Values(_)) => {
                        self.query_tree(session, q, sql, work)?
                    }
                    // MySQL prints no estimate here (mysql-test explain_tree.result).
                    _ => Node::new("Rows fetched before execution", None),
                };
                Node::new(format!("{verb} into {table}"), None).with(source)
            }
            S::Update(up) if super::multi_table::is_multi_update(up) => {
                let mut from = vec![up.table.clone()];
                if let Some(sqlparser::ast::UpdateTableFromKind::BeforeSet(more)) = &up.from {
                    from.extend(more.iter().cloned());
                }
                let mut targets = Vec::new();
                let mut assigned = Vec::new();
                for a in &up.assignments {
                    if let sqlparser::ast::AssignmentTarget::ColumnName(n) = &a.target {
                        let parts: Vec<String> =
                            n.0.iter()
                                .map(|p| p.to_string().trim_matches('`').to_string())
                                .collect();
                        if let [.., t, c] = parts.as_slice() {
                            if !targets.contains(t) {
                                targets.push(t.clone());
                            }
                            assigned.push((t.clone(), c.clone()));
                        }
                    }
                }
                // WHERE and the ON conditions of the joined tables.
                let where_text = up.selection.as_ref().map(|w| w.to_string()).unwrap_or_default();
                let condition = format!("{where_text} {}", up.table);
                let reads = |t: &str| {
                    assigned
                        .iter()
                        .any(|(table, c)| table.eq_ignore_ascii_case(t) && mentions(&condition, c))
                };
                let select =
                    super::explain_change::select_text(&from, up.selection.as_ref(), &[], None);
                self.change_tree(session, &select, "Update", &targets, &reads, false, work)?
            }
            S::Delete(del) if super::multi_table::is_multi_delete(del) => {
                let (select, names) = super::explain_change::multi_delete_select(del);
                self.change_tree(session, &select, "Delete from", &names, &|_| false, true, work)?
            }
            _ => return Err(MySqlError::not_supported_yet("EXPLAIN of this statement")),
        };
        work.rows += 1;
        Ok(one_column(tree.render()))
    }

    /// ERROR 1054 for a column a single-table UPDATE assigns that its table does not have
    /// (MySQL resolves SET before it explains).
    fn check_assigned(&self, session: &Session, up: &sqlparser::ast::Update) -> Result<()> {
        let sqlparser::ast::TableFactor::Table { name, .. } = &up.table.relation else {
            return Ok(());
        };
        let (db, table) = table_name(session, name)?;
        let Some(t) = self.catalog.table(&db, &table) else { return Ok(()) };
        for a in &up.assignments {
            if let sqlparser::ast::AssignmentTarget::ColumnName(n) = &a.target {
                let column = n.0.last().map(|p| p.to_string().trim_matches('`').to_string());
                let column = column.unwrap_or_default();
                if !t.def.columns.iter().any(|c| c.name.eq_ignore_ascii_case(&column)) {
                    return Err(MySqlError::unknown_column(&column, "field list"));
                }
            }
        }
        Ok(())
    }

    /// A multi-table change's tree: `verb t1 (immediate), t2 (buffered)` over the join of
    /// `select`, the changed tables in join order; `reads(t)`: whether the statement reads a
    /// column it assigns in t (then t is buffered even when first).
    #[allow(clippy::too_many_arguments)]
    fn change_tree(
        &mut self,
        session: &mut Session,
        select: &str,
        verb: &str,
        targets: &[String],
        reads: &dyn Fn(&str) -> bool,
        estimated: bool,
        work: &mut Work,
    ) -> Result<Node> {
        let Statement::Select(q) = crate::sql::parser::parse(select)? else {
            return Err(MySqlError::not_supported_yet("EXPLAIN of this statement"));
        };
        // The join order, as the traditional EXPLAIN gives it.
        let order: Vec<String> = match self.explain_select(session, select, work)? {
            Response::Rows(rs) => rs.rows.iter().filter_map(|r| r[2].to_text()).collect(),
            _ => Vec::new(),
        };
        let join = self.query_tree(session, &q, select, work)?;
        let mut changed: Vec<(usize, &String)> = targets
            .iter()
            .map(|t| {
                (order.iter().position(|o| o.eq_ignore_ascii_case(t)).unwrap_or(usize::MAX), t)
            })
            .collect();
        changed.sort();
        let parts: Vec<String> = changed
            .iter()
            .map(|(at, t)| {
                let how = if *at == 0 && !reads(t) { "immediate" } else { "buffered" };
                format!("{t} ({how})")
            })
            .collect();
        // UNCONFIRMED: mysql-test shows an estimate on `Delete from` and none on `Update`.
        let estimate = if estimated { join.first_estimate() } else { None };
        Ok(Node::new(format!("{verb} {}", parts.join(", ")), estimate).with(join))
    }
}

/// EXPLAIN's one-column, one-row result.
fn one_column(text: String) -> Response {
    let column = Column { name: "EXPLAIN".into(), numeric: false, nullable: false };
    Response::Rows(ResultSet {
        columns: vec![column],
        rows: vec![vec![Value::Str(text)]],
        unshown: 0,
    })
}

/// Whether the condition's text names column `c` (as a whole word, any qualifier).
fn mentions(condition: &str, c: &str) -> bool {
    let lower = condition.to_ascii_lowercase();
    let c = c.to_ascii_lowercase();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    let bytes = lower.as_bytes();
    let mut from = 0;
    while let Some(at) = lower[from..].find(&c) {
        let start = from + at;
        let end = start + c.len();
        let before = start == 0 || !word(bytes[start - 1]);
        let after = end >= bytes.len() || !word(bytes[end]);
        if before && after {
            return true;
        }
        from = end;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn a_column_is_mentioned_as_a_whole_word() {
        assert!(mentions("t1.f1 = f2", "f1"));
        assert!(mentions("`f1` = 3", "F1"));
        assert!(!mentions("t1.f10 = 3", "f1"));
        assert!(!mentions("", "f1"));
    }
}
