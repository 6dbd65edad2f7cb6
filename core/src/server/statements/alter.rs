//! `ALTER TABLE` for the operations a tuner uses on indexes, and table renames: `ADD
//! {INDEX | KEY | UNIQUE} [name] (cols)`, `DROP {INDEX | KEY} name`, `RENAME [TO | AS] new`, several of them comma-separated (all checked before any is
//! made, as one ALTER is one DDL transaction), and `RENAME TABLE a TO b [, c TO d]`.
//!
//! An index is built as `CREATE INDEX` builds it (`Table::add_index`, its cost in
//! `index_build`), with the same `Records: 0  Duplicates: 0  Warnings: 0` info line.
//!
//! Column operations (ADD / DROP / MODIFY / CHANGE / RENAME COLUMN, SET / DROP DEFAULT) are
//! planned by `alter_columns` and applied first, as mysqld applies the column list before the
//! key list; the index operations are checked against the columns as they will be.
//!
//! Simplification: operations on the primary key answer ERROR 1235 naming what is not
//! supported yet.

use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::statements::functional_index::{self, KeyPart};
use crate::server::statements::{alter_columns, table_name};
use crate::server::Server;
use crate::sql::Response;
use crate::storage::catalog::Catalog;
use crate::storage::value::Value;
use sqlparser::ast::{AlterTableOperation as Op, RenameTableNameKind, TableConstraint};

/// One index change of an ALTER TABLE, checked and ready to apply.
enum Change {
    Add {
        name: Option<String>,
        parts: Vec<KeyPart>,
        unique: bool,
    },
    Drop(String),
    RenameTable {
        db: String,
        to: String,
    },
    /// `ADD [CONSTRAINT [name]] CHECK (expr) [[NOT] ENFORCED]`, named and checked.
    AddCheck(crate::storage::schema::CheckConstraint),
    /// `DROP CHECK name` / `DROP CONSTRAINT name` of a CHECK constraint.
    DropCheck(String),
    /// `ADD [CONSTRAINT [name]] FOREIGN KEY ...`, checked when it is made.
    AddForeignKey(Box<sqlparser::ast::ForeignKeyConstraint>),
    /// `DROP FOREIGN KEY name`.
    DropForeignKey(String),
}

fn ddl_ok() -> Response {
    Response::Ok { affected_rows: 0, info: Some("Records: 0  Duplicates: 0  Warnings: 0".into()) }
}

impl Server {
    /// `ALTER TABLE [db.]t op[, op]...`.
    pub(crate) fn alter_table(
        &mut self,
        session: &mut Session,
        alter: &sqlparser::ast::AlterTable,
        work: &mut crate::sql::execution::Work,
    ) -> Result<Response> {
        let (db, table) = table_name(session, &alter.name)?;
        let Some(t) = self.catalog.table(&db, &table) else {
            return Err(if self.catalog.has_database(&db) {
                MySqlError::no_such_table(&db, &table)
            } else {
                MySqlError::unknown_database(&db)
            });
        };
        // The column operations first: the index operations see the columns they leave.
        let column_ops: Vec<&Op> =
            alter.operations.iter().filter(|op| alter_columns::is_column_op(op)).collect();
        let mut plan = alter_columns::plan(&t.def, &column_ops)?;
        let column_checks = std::mem::take(&mut plan.checks);
        if !plan.generated.is_empty() {
            Server::plan_generated_columns(t, &mut plan)?;
        }
        let planned = &plan.def;
        super::row_rules::check_dependencies(&t.def, planned)?;
        // Check every operation against the table as the earlier ones leave it.
        let mut names: Vec<String> =
            planned.indexes.iter().filter(|i| !i.primary).map(|i| i.name.clone()).collect();
        let mut changes: Vec<Change> = plan
            .unique_columns
            .iter()
            .map(|c| Change::Add {
                name: Some(c.clone()),
                parts: vec![KeyPart::Column(c.clone())],
                unique: true,
            })
            .collect();
        for c in &plan.unique_columns {
            if names.iter().any(|n| n.eq_ignore_ascii_case(c)) {
                return Err(MySqlError::duplicate_key_name(c));
            }
            names.push(c.clone());
        }
        // The CHECKs written on ADD / MODIFY / CHANGE COLUMN: named as CREATE TABLE names
        // them, and checked now against every row as the change leaves it, so that a
        // violation (3819) leaves the table as it was.
        if !column_checks.is_empty() {
            let taken = self.check_names_in(&db, Some(&table));
            let named = super::row_rules::name_checks(planned, column_checks, &taken)?;
            self.verify_planned_checks(session, t, &plan, &named)?;
            changes.extend(named.into_iter().map(Change::AddCheck));
        }
        for op in alter.operations.iter().filter(|op| !alter_columns::is_column_op(op)) {
            let change = match op {
                Op::AddConstraint { constraint: TableConstraint::Index(i), .. } => Change::Add {
                    name: i.name.as_ref().map(|n| n.value.clone()),
                    parts: KeyPart::list(&i.columns),
                    unique: false,
                },
                Op::AddConstraint { constraint: TableConstraint::Unique(u), .. } => Change::Add {
                    name: u.index_name.as_ref().or(u.name.as_ref()).map(|n| n.value.clone()),
                    parts: KeyPart::list(&u.columns),
                    unique: true,
                },
                Op::AddConstraint { constraint: TableConstraint::PrimaryKey(pk), .. }
                    if functional_index::any_functional(&KeyPart::list(&pk.columns)) =>
                {
                    return Err(MySqlError::functional_index_primary_key());
                }
                Op::DropIndex { name } => Change::Drop(name.value.clone()),
                Op::AddConstraint { constraint: TableConstraint::ForeignKey(fk), .. } => {
                    Change::AddForeignKey(Box::new(fk.clone()))
                }
                Op::DropForeignKey { name, .. } => {
                    let known = planned.constraints.foreign_keys.iter();
                    if !known.clone().any(|k| k.name.eq_ignore_ascii_case(&name.value)) {
                        return Err(MySqlError::cannot_drop_key(&name.value));
                    }
                    Change::DropForeignKey(name.value.clone())
                }
                Op::AddConstraint { constraint: TableConstraint::Check(c), .. } => {
                    let pending = super::row_rules::PendingCheck::new(
                        c.name.as_ref().map(|n| n.value.clone()),
                        &c.expr,
                        c.enforced,
                        None,
                    );
                    let mut taken = self.check_names_in(&db, Some(&table));
                    taken.extend(planned.constraints.checks.iter().map(|c| c.name.clone()));
                    for c in &changes {
                        if let Change::AddCheck(c) = c {
                            taken.push(c.name.clone());
                        }
                    }
                    let mut def = planned.clone();
                    def.constraints.checks.extend(changes.iter().filter_map(|c| match c {
                        Change::AddCheck(c) => Some(c.clone()),
                        _ => None,
                    }));
                    let named = super::row_rules::name_checks(&def, vec![pending], &taken)?;
                    Change::AddCheck(named.into_iter().next().expect("one check named"))
                }
                Op::DropConstraint { name, .. } => {
                    let name = name.value.clone();
                    if !planned
                        .constraints
                        .checks
                        .iter()
                        .any(|c| c.name.eq_ignore_ascii_case(&name))
                    {
                        return Err(MySqlError::check_not_found(&name));
                    }
                    Change::DropCheck(name)
                }
                Op::RenameTable { table_name: new_name } => {
                    let (RenameTableNameKind::As(n) | RenameTableNameKind::To(n)) = new_name;
                    let (to_db, to) = table_name(session, n)?;
                    Change::RenameTable { db: to_db, to }
                }
                other => {
                    let text = other.to_string();
                    let words: Vec<&str> = text.split_whitespace().take(2).collect();
                    return Err(MySqlError::not_supported_yet(&format!(
                        "ALTER TABLE ... {}",
                        words.join(" ")
                    )));
                }
            };
            let mut change = change;
            match &mut change {
                Change::Add { name, parts, .. } => {
                    let resolved = name
                        .clone()
                        .unwrap_or_else(|| functional_index::implicit_name(parts, &names));
                    // The parts checked against the columns as they will be (a functional
                    // part's errors: 3762, 3758, 1054, ...); the name fixed for when the
                    // index is made.
                    functional_index::place_key_parts(
                        &mut planned.clone(),
                        &resolved,
                        parts,
                        false,
                    )?;
                    *name = Some(resolved.clone());
                    let name = resolved;
                    if names.iter().any(|n| n.eq_ignore_ascii_case(&name))
                        || name.eq_ignore_ascii_case("PRIMARY")
                    {
                        return Err(MySqlError::duplicate_key_name(&name));
                    }
                    let columns: Vec<String> =
                        parts.iter().filter_map(KeyPart::column).map(Into::into).collect();
                    // A UNIQUE index of a partitioned table holds every partitioning
                    // column (1503), as CREATE TABLE's must.
                    if let (Change::Add { unique: true, .. }, Some(p)) =
                        (&change, &planned.partitioning)
                    {
                        let held = |pc: &String| columns.iter().any(|c| c.eq_ignore_ascii_case(pc));
                        if !p.all_columns().iter().all(held) {
                            return Err(MySqlError::unique_key_needs_partition_columns(
                                "UNIQUE INDEX",
                            ));
                        }
                    }
                    names.push(name);
                }
                Change::Drop(name) => {
                    if name.eq_ignore_ascii_case("PRIMARY") {
                        return Err(MySqlError::not_supported_yet("dropping a primary key"));
                    }
                    let Some(at) = names.iter().position(|n| n.eq_ignore_ascii_case(name)) else {
                        return Err(MySqlError::cannot_drop_key(name));
                    };
                    names.remove(at);
                    // The table's indexes as this ALTER leaves them, those it adds included.
                    let mut without = planned.clone();
                    without.indexes.retain(|i| !i.name.eq_ignore_ascii_case(name));
                    for c in &changes {
                        if let Change::Add { parts, .. } = c {
                            let positions: Vec<u32> = parts
                                .iter()
                                .filter_map(KeyPart::column)
                                .filter_map(|c| planned.column_position(c))
                                .collect();
                            without
                                .indexes
                                .push(crate::storage::schema::IndexDef::key("", positions));
                        }
                    }
                    if !self.foreign_keys_keep_indexes(&without) {
                        return Err(MySqlError::drop_index_needed_by_fk(name));
                    }
                }
                Change::AddCheck(_)
                | Change::DropCheck(_)
                | Change::AddForeignKey(_)
                | Change::DropForeignKey(_) => {}
                Change::RenameTable { db: to_db, to } => {
                    if !self.catalog.has_database(to_db) || Catalog::is_system_schema(to_db) {
                        return Err(MySqlError::unknown_database(to_db));
                    }
                    if (to_db != &db || to != &table) && self.catalog.table(to_db, to).is_some() {
                        return Err(MySqlError::table_exists(to));
                    }
                }
            }
            changes.push(change);
        }
        // Building an index is never instant.
        if matches!(plan.algorithm, Some(sqlparser::ast::AlterTableAlgorithm::Instant))
            && changes.iter().any(|c| matches!(c, Change::Add { .. }))
        {
            return Err(MySqlError::alter_algorithm_not_supported_for_operation(
                "INSTANT",
                "COPY/INPLACE",
            ));
        }
        let mut copied = self.apply_column_plan(&db, &table, plan, work)?;
        let (mut db, mut table) = (db, table);
        for change in changes {
            match change {
                Change::Add { name, parts, unique } => {
                    self.add_index(&db, &table, name, &parts, unique, work)?;
                }
                Change::Drop(name) => {
                    if let Some(t) = self.catalog.table_mut(&db, &table) {
                        functional_index::drop_index(t, &name);
                    }
                }
                // ADD CHECK rebuilds the table (ALGORITHM=COPY: the rows are checked as they
                // are copied), so it reports the rows it copied.
                Change::AddCheck(check) => {
                    self.add_check(session, &db, &table, check, work)?;
                    if copied.is_none() {
                        self.charge_table_rebuild(&db, &table, work);
                        copied = self.catalog.table(&db, &table).map(|t| t.row_count());
                    }
                }
                // With foreign_key_checks on, ADD FOREIGN KEY rebuilds the table (COPY) as it
                // checks the rows; with them off it is made in place.
                Change::AddForeignKey(fk) => {
                    let rows = self.add_foreign_key(session, &db, &table, &fk)?;
                    if rows.is_some() && copied.is_none() {
                        self.charge_table_rebuild(&db, &table, work);
                        copied = rows;
                    }
                }
                Change::DropForeignKey(name) => {
                    if let Some(t) = self.catalog.table_mut(&db, &table) {
                        let keys = &mut t.def.constraints.foreign_keys;
                        keys.retain(|k| !k.name.eq_ignore_ascii_case(&name));
                    }
                }
                Change::DropCheck(name) => {
                    if let Some(t) = self.catalog.table_mut(&db, &table) {
                        t.def.constraints.checks.retain(|c| !c.name.eq_ignore_ascii_case(&name));
                    }
                }
                Change::RenameTable { db: to_db, to } => {
                    self.catalog.rename_table(&db, &table, &to_db, &to);
                    (db, table) = (to_db, to);
                }
            }
        }
        Ok(match copied {
            Some(rows) => Response::Ok {
                affected_rows: rows,
                info: Some(format!("Records: {rows}  Duplicates: 0  Warnings: 0")),
            },
            None => ddl_ok(),
        })
    }

    /// Applies the column part of an ALTER TABLE: checks the ALGORITHM= clause and every
    /// row's conversion, then changes the table (charging the rebuild for a COPY). The rows
    /// copied when the table was rebuilt, None when the change was INSTANT.
    fn apply_column_plan(
        &mut self,
        db: &str,
        table: &str,
        plan: alter_columns::ColumnPlan,
        work: &mut crate::sql::execution::Work,
    ) -> Result<Option<u64>> {
        use sqlparser::ast::AlterTableAlgorithm as A;
        // A type change cannot be made in place (InnoDB's check_if_supported_inplace_alter);
        // a NULL -> NOT NULL change rebuilds in place, not instantly.
        let reason = "Cannot change column type INPLACE";
        match plan.algorithm {
            Some(A::Instant) if plan.retype => {
                return Err(MySqlError::alter_algorithm_not_supported(
                    "INSTANT",
                    reason,
                    "COPY/INPLACE",
                ))
            }
            Some(A::Instant) if plan.copy => {
                return Err(MySqlError::alter_algorithm_not_supported_for_operation(
                    "INSTANT",
                    "COPY/INPLACE",
                ))
            }
            Some(A::Inplace) if plan.retype => {
                return Err(MySqlError::alter_algorithm_not_supported("INPLACE", reason, "COPY"))
            }
            _ => {}
        }
        if !plan.changed {
            return Ok(None);
        }
        // ALGORITHM=COPY asks for the rebuild even when the change could be instant.
        let copy = plan.copy || matches!(plan.algorithm, Some(A::Copy));
        let Some(t) = self.catalog.table_mut(db, table) else {
            return Err(MySqlError::no_such_table(db, table));
        };
        if copy {
            alter_columns::check_conversions(t, &plan.sources)?;
        }
        t.remap_columns(plan.def, plan.sources);
        if !copy {
            return Ok(None);
        }
        let rows = t.row_count();
        self.charge_table_rebuild(db, table, work);
        Ok(Some(rows))
    }

    /// The added generated columns of `plan`: checked as CREATE TABLE checks them (3107,
    /// 3763, ...), then computed for every row of `t` as the plan leaves it, the first value
    /// that does not fit its column being the statement's error (the table left as it was);
    /// then their sources are made computed ones, so the rows are seen with their values.
    /// Simplification: the rows are read without charging pages.
    fn plan_generated_columns(
        t: &crate::storage::table::Table,
        plan: &mut alter_columns::ColumnPlan,
    ) -> Result<()> {
        use crate::storage::table::{ColumnSource, ComputedValue};
        super::row_rules::check_generated_columns(&plan.def)?;
        alter_columns::check_conversions(t, &plan.sources)?;
        let mut computed = Vec::new();
        for name in &plan.generated {
            let Some(p) = plan.def.column_position(name) else { continue };
            computed.push((
                p as usize,
                std::rc::Rc::new(super::row_rules::generated_value(&plan.def, p)?),
            ));
        }
        let wanted = vec![true; t.def.columns.len()];
        let mut failure: Option<MySqlError> = None;
        t.scan(&wanted, &mut |ordinal, row| {
            let mut new = crate::storage::table::remap_row(&plan.sources, row);
            for (p, f) in &computed {
                match f(&new, ordinal + 1) {
                    Ok(v) => new[*p] = v,
                    Err(e) => {
                        failure = Some(e);
                        return false;
                    }
                }
            }
            true
        });
        if let Some(e) = failure {
            return Err(e);
        }
        for (p, f) in computed {
            let value = move |row: &[Value]| f(row, 0).unwrap_or(Value::Null);
            plan.sources[p] = ColumnSource::Computed(ComputedValue(std::rc::Rc::new(value)));
        }
        Ok(())
    }

    /// Checks the enforced CHECKs `checks` against every row of `t` as the column plan
    /// leaves it (its conversions checked first, as the COPY makes them): the first failure
    /// is the statement's error. Simplification: the rows are read without charging pages.
    fn verify_planned_checks(
        &self,
        session: &mut Session,
        t: &crate::storage::table::Table,
        plan: &alter_columns::ColumnPlan,
        checks: &[crate::storage::schema::CheckConstraint],
    ) -> Result<()> {
        alter_columns::check_conversions(t, &plan.sources)?;
        let mut def = plan.def.clone();
        def.constraints.checks = checks.iter().filter(|c| c.enforced).cloned().collect();
        if def.constraints.checks.is_empty() {
            return Ok(());
        }
        let rules = super::row_rules::RowRules::bind(&def)?;
        let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
        let now_micros = self.clock.unix_micros();
        let mut cx = crate::server::context::Cx::new(&r.vars, session, now_micros);
        let wanted = vec![true; t.def.columns.len()];
        let mut failure: Option<MySqlError> = None;
        t.scan(&wanted, &mut |_, row| {
            let mut row = crate::storage::table::remap_row(&plan.sources, row);
            match rules.check_only(&def, &mut row, &mut cx) {
                Ok(Ok(())) => true,
                Ok(Err(super::row_rules::Violation(e))) | Err(e) => {
                    failure = Some(e);
                    false
                }
            }
        });
        failure.map_or(Ok(()), Err)
    }

    /// Adds a CHECK constraint: an enforced one is first checked against every row the
    /// table holds (3819 for the first that fails it, and the table keeps no trace of it).
    /// Simplification: the rows are read without charging the scan's pages.
    fn add_check(
        &mut self,
        session: &mut Session,
        db: &str,
        table: &str,
        check: crate::storage::schema::CheckConstraint,
        work: &mut crate::sql::execution::Work,
    ) -> Result<()> {
        let Some(t) = self.catalog.table(db, table) else {
            return Err(MySqlError::no_such_table(db, table));
        };
        if check.enforced {
            let mut def = t.def.clone();
            def.constraints.checks = vec![check.clone()];
            let rules = super::row_rules::RowRules::bind(&def)?;
            let r = self.running.as_ref().ok_or_else(MySqlError::cannot_connect)?;
            let now_micros = self.clock.unix_micros();
            let mut cx = crate::server::context::Cx::new(&r.vars, session, now_micros);
            let wanted = vec![true; def.columns.len()];
            let mut failure: Option<MySqlError> = None;
            t.scan(&wanted, &mut |_, row| {
                let mut row = row.clone();
                match rules.check_only(&def, &mut row, &mut cx) {
                    Ok(Ok(())) => true,
                    Ok(Err(super::row_rules::Violation(e))) | Err(e) => {
                        failure = Some(e);
                        false
                    }
                }
            });
            // A CHECK may call neither SLEEP nor BENCHMARK (3814), but what it charges is the
            // statement's as everywhere else.
            cx.charge_to(work);
            if let Some(e) = failure {
                return Err(e);
            }
        }
        if let Some(t) = self.catalog.table_mut(db, table) {
            t.def.constraints.checks.push(check);
        }
        Ok(())
    }

    /// `RENAME TABLE a TO b [, c TO d]...`: each pair in turn, all or none.
    pub(crate) fn rename_tables(
        &mut self,
        session: &Session,
        renames: &[sqlparser::ast::RenameTable],
    ) -> Result<Response> {
        // Check the whole list against the names as the earlier renames leave them.
        let mut pairs = Vec::new();
        let mut gone: Vec<(String, String)> = Vec::new();
        let mut made: Vec<(String, String)> = Vec::new();
        for r in renames {
            let from = table_name(session, &r.old_name)?;
            let to = table_name(session, &r.new_name)?;
            let exists = |name: &(String, String)| {
                made.contains(name)
                    || (!gone.contains(name) && self.catalog.table(&name.0, &name.1).is_some())
            };
            if !exists(&from) {
                return Err(MySqlError::no_such_table(&from.0, &from.1));
            }
            if !self.catalog.has_database(&to.0) || Catalog::is_system_schema(&to.0) {
                return Err(MySqlError::unknown_database(&to.0));
            }
            if exists(&to) {
                return Err(MySqlError::table_exists(&to.1));
            }
            made.retain(|m| m != &from);
            gone.push(from.clone());
            made.push(to.clone());
            pairs.push((from, to));
        }
        for ((db, table), (to_db, to)) in pairs {
            self.catalog.rename_table(&db, &table, &to_db, &to);
        }
        Ok(crate::server::statements::ok(0))
    }
}
