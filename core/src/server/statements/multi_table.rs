//! Multi-table UPDATE and DELETE: `UPDATE a JOIN b ON ... SET a.x = b.y`, `UPDATE a, b SET
//! ...`, `DELETE a, b FROM a JOIN b ...` and `DELETE FROM a USING a JOIN b ...`. The join runs
//! as the SELECT it is (the same planner, buffer pool, counters and limits), projecting every
//! column of each target table and each assignment's value; then each target row is changed
//! or deleted once, however many joined rows it appears in, as the manual's UPDATE page says
//! ("each matching row is updated once, even if it matches the conditions multiple times").
//!
//! Simplification: MySQL changes the first table of the join while it reads it and the other
//! targets afterwards, from a temporary table of their row ids; here every value is taken from
//! the join as it was read, before any change. The manual promises no order for the
//! assignments of a multi-table UPDATE, so only a statement that reads a row it also changes
//! through another alias of the same table could tell the two apart.

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::statements::table_name;
use crate::server::Server;
use crate::sql::execution::handler_io::{RowOp, NO_INDEX};
use crate::sql::execution::Work;
use crate::sql::parser::Statement;
use crate::sql::Response;
use crate::storage::catalog::{TriggerEvent as Event, TriggerTiming as Timing};
use crate::storage::schema::TableDef;
use crate::storage::table::{Key, Row};
use crate::storage::value::Value;
use crate::storage::value_bytes::pack_row;
use sqlparser::ast::{
    AssignmentTarget, Delete, FromTable, JoinOperator, ObjectName, TableFactor, TableWithJoins,
    Update, UpdateTableFromKind,
};
use std::collections::{BTreeMap, BTreeSet};

/// Whether an UPDATE names more than one table (a join or a comma list).
pub(crate) fn is_multi_update(up: &Update) -> bool {
    !up.table.joins.is_empty() || up.from.is_some()
}

/// Whether a DELETE is the multi-table form (`DELETE a FROM ...`, `DELETE FROM a USING ...`).
pub(crate) fn is_multi_delete(del: &Delete) -> bool {
    !del.tables.is_empty() || del.using.is_some()
}

/// A table the statement's FROM names: the name it goes by there, its stored table (None for
/// a derived table), and whether it is on the inner side of an outer join (its columns may be
/// a missing row's NULLs).
struct TableRef {
    alias: String,
    table: Option<(String, String)>,
    nullable: bool,
}

/// A table the statement changes: where its columns sit in the joined row, and for UPDATE
/// which columns it sets from which projected values.
struct Target {
    /// The name the join knows it by (its alias, or its table's name).
    alias: String,
    db: String,
    table: String,
    def: TableDef,
    offset: usize,
    /// (column position, index of the value in the projection)
    sets: Vec<(u32, usize)>,
    nullable: bool,
}

/// The rows of one target the join matched, each once: the row as read, and its new values.
type Matched = Vec<(Row, Vec<Value>)>;

impl Server {
    /// A multi-table UPDATE: "Rows matched" counts each target row once, "Changed" those
    /// whose values changed.
    pub(crate) fn update_multi(
        &mut self,
        session: &mut Session,
        up: &Update,
        work: &mut Work,
    ) -> Result<Response> {
        refuse_order_and_limit("UPDATE", &up.order_by, &up.limit)?;
        let mut from = vec![up.table.clone()];
        match &up.from {
            Some(UpdateTableFromKind::BeforeSet(more)) => from.extend(more.iter().cloned()),
            Some(UpdateTableFromKind::AfterSet(_)) => {
                return Err(MySqlError::not_supported_yet("UPDATE ... SET ... FROM"));
            }
            None => {}
        }
        let refs = table_refs(session, &from)?;
        let mut targets: Vec<Target> = Vec::new();
        let mut values = Vec::new();
        for a in &up.assignments {
            let AssignmentTarget::ColumnName(name) = &a.target else {
                return Err(MySqlError::not_supported_yet("tuple assignments"));
            };
            let (r, column) = self.assigned_column(&refs, name)?;
            let t = self.target(&mut targets, &refs[r], "UPDATE")?;
            // A generated column is computed (`row_rules.rs`): it may be set only to DEFAULT.
            if let Some(col) = targets[t].def.columns.get(column as usize) {
                if col.generated.is_some() {
                    if super::column_defaults::is_default_keyword(&a.value) {
                        continue;
                    }
                    return Err(MySqlError::generated_column_value(&col.name, &targets[t].table));
                }
            }
            targets[t].sets.push((column, values.len()));
            values.push(a.value.to_string());
        }
        let rows =
            self.join_rows(session, &from, up.selection.as_ref(), &mut targets, &values, work)?;
        let (mut matched_count, mut changed) = (0u64, 0u64);
        let ignore = crate::sql::parser::change_modifiers::has_ignore(&up.optimizer_hints);
        let warned_before =
            session.pending_warnings.len() as u64 + u64::from(session.pending_warnings_dropped);
        for (target, matched) in targets.iter().zip(distinct_rows(&targets, &rows)) {
            let mut target_changed = 0u64;
            Server::refuse_trigger_table(session, &target.db, &target.table)?;
            let triggers = self.table_triggers(&target.db, &target.table);
            let rules = super::row_rules::RowRules::bind(&target.def)?;
            let (before, after, event) = (Timing::Before, Timing::After, Event::Update);
            for (i, (key, old, new_values)) in self.keyed(target, matched).into_iter().enumerate() {
                matched_count += 1;
                let row_no = i as u64 + 1;
                let mut new = old.clone();
                for (&(column, _), v) in target.sets.iter().zip(new_values) {
                    let col = &target.def.columns[column as usize];
                    let mut warn = |w| session.warn(w);
                    new[column as usize] = super::dml::coerce_or_adjust(
                        &target.def.name,
                        col,
                        v,
                        row_no,
                        ignore,
                        &mut warn,
                    )?;
                }
                // As the single-table UPDATE runs them (`dml.rs`).
                let was = Some(&old);
                triggers.run(self, session, before, event, was, Some(&mut new), row_no, work)?;
                if !rules.is_empty() {
                    let def = &target.def;
                    if !self
                        .apply_row_rules(session, def, &rules, &mut new, row_no, ignore, work)?
                    {
                        continue;
                    }
                }
                if new != old {
                    let copies = (!triggers.is_empty()).then(|| (old.clone(), new.clone()));
                    match self.change_row(session, &target.db, &target.table, key, old, new) {
                        Ok(()) => {}
                        Err(e) if ignore && super::dml::skipped_by_ignore(&e) => {
                            session.warn(super::dml::ignored(e));
                            continue;
                        }
                        Err(e) => return Err(e),
                    }
                    target_changed += 1;
                    if let Some((old, mut new)) = copies {
                        let (was, new) = (Some(&old), Some(&mut new));
                        triggers.run(self, session, after, event, was, new, row_no, work)?;
                    }
                } else {
                    triggers.run(self, session, after, event, was, Some(&mut new), row_no, work)?;
                }
            }
            self.count_row_changes(
                &target.db,
                &target.table,
                NO_INDEX,
                RowOp::Update,
                target_changed,
                work,
            );
            changed += target_changed;
        }
        let warnings = (session.pending_warnings.len() as u64
            + u64::from(session.pending_warnings_dropped))
        .saturating_sub(warned_before);
        Ok(Response::Ok {
            affected_rows: changed,
            info: Some(format!(
                "Rows matched: {matched_count}  Changed: {changed}  Warnings: {warnings}"
            )),
        })
    }

    /// A multi-table DELETE: every matched row of every target, each once.
    pub(crate) fn delete_multi(
        &mut self,
        session: &mut Session,
        del: &Delete,
        work: &mut Work,
    ) -> Result<Response> {
        refuse_order_and_limit("DELETE", &del.order_by, &del.limit)?;
        let listed = match &del.from {
            FromTable::WithFromKeyword(f) | FromTable::WithoutKeyword(f) => f,
        };
        // `DELETE a, b FROM <join>` or `DELETE FROM a, b USING <join>`.
        let (names, from): (Vec<ObjectName>, &[TableWithJoins]) = match &del.using {
            None => (del.tables.clone(), listed),
            Some(using) => {
                let mut names = Vec::new();
                for twj in listed {
                    match &twj.relation {
                        TableFactor::Table { name, .. } if twj.joins.is_empty() => {
                            names.push(name.clone())
                        }
                        _ => return Err(MySqlError::not_supported_yet("this DELETE ... USING")),
                    }
                }
                (names, using)
            }
        };
        let refs = table_refs(session, from)?;
        let mut targets: Vec<Target> = Vec::new();
        for name in &names {
            let r = deleted_table(session, &refs, name)?;
            self.target(&mut targets, &refs[r], "DELETE")?;
        }
        let rows =
            self.join_rows(session, from, del.selection.as_ref(), &mut targets, &[], work)?;
        let mut deleted = 0u64;
        let ignore = crate::sql::parser::change_modifiers::has_ignore(&del.optimizer_hints);
        for (target, matched) in targets.iter().zip(distinct_rows(&targets, &rows)) {
            let mut target_deleted = 0u64;
            Server::refuse_trigger_table(session, &target.db, &target.table)?;
            let triggers = self.table_triggers(&target.db, &target.table);
            let (before, after, event) = (Timing::Before, Timing::After, Event::Delete);
            for (i, (key, old, _)) in self.keyed(target, matched).into_iter().enumerate() {
                let row_no = i as u64 + 1;
                triggers.run(self, session, before, event, Some(&old), None, row_no, work)?;
                let copy = (!triggers.is_empty()).then(|| old.clone());
                let removed = match self.remove_row(session, &target.db, &target.table, &key, old) {
                    Err(e) if ignore && super::dml::skipped_by_ignore(&e) => {
                        session.warn(super::dml::ignored(e));
                        false
                    }
                    other => other?,
                };
                if removed {
                    target_deleted += 1;
                    if let Some(old) = copy {
                        triggers.run(
                            self,
                            session,
                            after,
                            event,
                            Some(&old),
                            None,
                            row_no,
                            work,
                        )?;
                    }
                }
            }
            self.count_row_changes(
                &target.db,
                &target.table,
                NO_INDEX,
                RowOp::Delete,
                target_deleted,
                work,
            );
            deleted += target_deleted;
        }
        Ok(super::ok(deleted))
    }

    /// The table reference and column an assignment sets: `col` (the one table that has it),
    /// `t.col` or `db.t.col`.
    fn assigned_column(&self, refs: &[TableRef], name: &ObjectName) -> Result<(usize, u32)> {
        let parts: Vec<String> =
            name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
        let full = parts.join(".");
        let unknown = || MySqlError::unknown_column(&full, "field list");
        let (qualifier, column) = match parts.as_slice() {
            [c] => (None, c.as_str()),
            [t, c] => (Some((None, t.as_str())), c.as_str()),
            [d, t, c] => (Some((Some(d.as_str()), t.as_str())), c.as_str()),
            _ => return Err(unknown()),
        };
        let position = |r: &TableRef| {
            let (db, table) = r.table.as_ref()?;
            self.catalog.table(db, table)?.def.column_position(column)
        };
        let found: Vec<(usize, u32)> = refs
            .iter()
            .enumerate()
            .filter(|(_, r)| match qualifier {
                None => true,
                Some((db, t)) => {
                    r.alias.eq_ignore_ascii_case(t)
                        && db.is_none_or(|d| {
                            r.table.as_ref().is_some_and(|(rd, _)| rd.eq_ignore_ascii_case(d))
                        })
                }
            })
            .filter_map(|(i, r)| match (qualifier, &r.table) {
                // A derived table named as the target: found, but not updatable.
                (Some(_), None) => Some((i, u32::MAX)),
                _ => position(r).map(|p| (i, p)),
            })
            .collect();
        match found.as_slice() {
            [] => Err(unknown()),
            [(i, u32::MAX)] => Err(MySqlError::non_updatable_table(&refs[*i].alias, "UPDATE")),
            [one] => Ok(*one),
            _ => Err(MySqlError::ambiguous_column(column, "field list")),
        }
    }

    /// The index in `targets` of the table `r` names, added at its first mention.
    fn target(&self, targets: &mut Vec<Target>, r: &TableRef, statement: &str) -> Result<usize> {
        let Some((db, table)) = &r.table else {
            return Err(MySqlError::non_updatable_table(&r.alias, statement));
        };
        if let Some(i) = targets.iter().position(|t| t.db == *db && t.table == *table) {
            return Ok(i);
        }
        let Some(stored) = self.catalog.table(db, table) else {
            if self.catalog.view(db, table).is_some() {
                return Err(MySqlError::not_supported_yet(
                    "a view in a multi-table UPDATE or DELETE",
                ));
            }
            return Err(MySqlError::no_such_table(db, table));
        };
        if db.eq_ignore_ascii_case("sys") || crate::storage::catalog::Catalog::is_system_schema(db)
        {
            return Err(MySqlError::non_updatable_table(&r.alias, statement));
        }
        targets.push(Target {
            alias: r.alias.clone(),
            db: db.clone(),
            table: table.clone(),
            def: stored.def.clone(),
            offset: 0,
            sets: Vec::new(),
            nullable: r.nullable,
        });
        Ok(targets.len() - 1)
    }

    /// Runs the join as a SELECT of every column of each target (named by its alias) and
    /// then each value in `values`; sets each target's offset in the joined row.
    fn join_rows(
        &mut self,
        session: &mut Session,
        from: &[TableWithJoins],
        selection: Option<&sqlparser::ast::Expr>,
        targets: &mut [Target],
        values: &[String],
        work: &mut Work,
    ) -> Result<Vec<Row>> {
        let mut columns = Vec::new();
        for t in targets.iter_mut() {
            t.offset = columns.len();
            for c in &t.def.columns {
                columns.push(format!("{}.{}", quoted(&t.alias), quoted(&c.name)));
            }
        }
        let first_value = columns.len();
        for v in values {
            columns.push(format!("({v})"));
        }
        for t in targets.iter_mut() {
            for set in &mut t.sets {
                set.1 += first_value;
            }
        }
        let from_text: Vec<String> = from.iter().map(|f| f.to_string()).collect();
        let mut sql = format!("SELECT {} FROM {}", columns.join(", "), from_text.join(", "));
        if let Some(w) = selection {
            sql.push_str(&format!(" WHERE {w}"));
        }
        let Statement::Select(q) = crate::sql::parser::parse(&sql)? else {
            return Err(MySqlError::not_supported_yet("this multi-table statement"));
        };
        let blocked = std::mem::replace(&mut work.index_condition_blocked, true);
        let result = self.run_query(session, &q, &sql, work, 0, false);
        work.index_condition_blocked = blocked;
        Ok(result?.into_values().1)
    }

    /// Each matched row of `target` with its key: a primary key from the row, or for a table
    /// without one every row of equal values ([`crate::storage::table::Table::rows_with_values`]).
    fn keyed(&self, target: &Target, matched: Matched) -> Vec<(Key, Row, Vec<Value>)> {
        let Some(t) = self.catalog.table(&target.db, &target.table) else { return Vec::new() };
        if t.def.primary().is_some() {
            return matched
                .into_iter()
                .filter_map(|(row, values)| t.key_of(&row).map(|k| (k, row, values)))
                .collect();
        }
        let olds: Vec<Row> = matched.iter().map(|(r, _)| r.clone()).collect();
        let by_value: BTreeMap<Box<[u8]>, Vec<Value>> =
            matched.into_iter().map(|(r, v)| (pack_row(&r), v)).collect();
        t.rows_with_values(&olds)
            .into_iter()
            .map(|(k, row)| {
                let values = by_value.get(&pack_row(&row)).cloned().unwrap_or_default();
                (k, row, values)
            })
            .collect()
    }
}

/// Per target, the distinct rows the join matched (the first joined row's values win), in the
/// order first met. A target's NULLs from an outer join's missing row are no row.
fn distinct_rows(targets: &[Target], rows: &[Row]) -> Vec<Matched> {
    let mut out: Vec<Matched> = targets.iter().map(|_| Vec::new()).collect();
    let mut seen: Vec<BTreeSet<Box<[u8]>>> = targets.iter().map(|_| BTreeSet::new()).collect();
    for row in rows {
        for (i, t) in targets.iter().enumerate() {
            let Some(old) = row.get(t.offset..t.offset + t.def.columns.len()) else { continue };
            let missing = match t.def.primary() {
                // A stored row's primary key is never NULL.
                Some(pk) => pk.columns.iter().any(|&c| old[c as usize].is_null()),
                // Simplification: a keyless row of only NULLs on an outer join's inner side
                // is taken for the missing row.
                None => t.nullable && old.iter().all(Value::is_null),
            };
            if missing || !seen[i].insert(pack_row(old)) {
                continue;
            }
            let values = t.sets.iter().map(|&(_, v)| row.get(v).cloned().unwrap_or(Value::Null));
            out[i].push((old.to_vec(), values.collect()));
        }
    }
    out
}

/// MySQL refuses ORDER BY and LIMIT on a multi-table change (error 1221).
fn refuse_order_and_limit(
    statement: &str,
    order_by: &[sqlparser::ast::OrderByExpr],
    limit: &Option<sqlparser::ast::Expr>,
) -> Result<()> {
    if !order_by.is_empty() {
        return Err(MySqlError::wrong_usage(statement, "ORDER BY"));
    }
    if limit.is_some() {
        return Err(MySqlError::wrong_usage(statement, "LIMIT"));
    }
    Ok(())
}

/// The table references of FROM, in order, walking joins and nested joins.
fn table_refs(session: &Session, from: &[TableWithJoins]) -> Result<Vec<TableRef>> {
    let mut refs = Vec::new();
    for twj in from {
        add_refs(session, twj, false, &mut refs)?;
    }
    Ok(refs)
}

fn add_refs(
    session: &Session,
    twj: &TableWithJoins,
    nullable: bool,
    refs: &mut Vec<TableRef>,
) -> Result<()> {
    let start = refs.len();
    add_factor(session, &twj.relation, nullable, refs)?;
    for join in &twj.joins {
        let (left_nullable, right_nullable) = match &join.join_operator {
            JoinOperator::Left(_) | JoinOperator::LeftOuter(_) => (false, true),
            JoinOperator::Right(_) | JoinOperator::RightOuter(_) => (true, false),
            JoinOperator::FullOuter(_) => (true, true),
            _ => (false, false),
        };
        if left_nullable {
            for r in &mut refs[start..] {
                r.nullable = true;
            }
        }
        add_factor(session, &join.relation, nullable || right_nullable, refs)?;
    }
    Ok(())
}

fn add_factor(
    session: &Session,
    factor: &TableFactor,
    nullable: bool,
    refs: &mut Vec<TableRef>,
) -> Result<()> {
    match factor {
        TableFactor::Table { name, alias, .. } => {
            let (db, table) = table_name(session, name)?;
            let alias = alias.as_ref().map_or(table.clone(), |a| a.name.value.clone());
            refs.push(TableRef { alias, table: Some((db, table)), nullable });
        }
        TableFactor::Derived { alias, .. } => {
            let alias = alias.as_ref().map_or(String::new(), |a| a.name.value.clone());
            refs.push(TableRef { alias, table: None, nullable });
        }
        TableFactor::NestedJoin { table_with_joins, .. } => {
            add_refs(session, table_with_joins, nullable, refs)?;
        }
        _ => return Err(MySqlError::not_supported_yet("this table reference in UPDATE or DELETE")),
    }
    Ok(())
}

/// The table reference a multi-table DELETE's target names: `t` (an alias, or a table
/// without one) or `db.t`.
fn deleted_table(session: &Session, refs: &[TableRef], name: &ObjectName) -> Result<usize> {
    let parts: Vec<String> =
        name.0.iter().map(|p| p.to_string().trim_matches('`').to_string()).collect();
    let found = match parts.as_slice() {
        [t] => refs.iter().position(|r| r.alias.eq_ignore_ascii_case(t)),
        _ => {
            let (db, table) = table_name(session, name)?;
            refs.iter().position(|r| {
                r.alias.eq_ignore_ascii_case(&table)
                    && r.table.as_ref().is_some_and(|(d, _)| d.eq_ignore_ascii_case(&db))
            })
        }
    };
    let shown = parts.last().cloned().unwrap_or_default();
    found.ok_or_else(|| MySqlError::unknown_table_in(&shown, "MULTI DELETE"))
}

/// A name in backquotes, as MySQL quotes identifiers.
fn quoted(name: &str) -> String {
    format!("`{}`", name.replace('`', "``"))
}
