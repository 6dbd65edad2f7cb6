//! InnoDB's FOREIGN KEY constraints (the manual's "FOREIGN KEY Constraints"): declared by
//! CREATE TABLE, checked when a child row is written (1452 without a parent row) and when a
//! parent row is deleted or its key changed (1451, or the child rows follow it: ON DELETE /
//! ON UPDATE CASCADE, SET NULL). `SET foreign_key_checks = 0` turns the checks off, as it
//! does in mysqld; rows written meanwhile are not checked again when it is turned back on.
//!
//! Each check is a lookup in the other table's index on the key's columns, its root-to-leaf
//! pages requested from the buffer pool as any index lookup's are (`row_ins_check_foreign_
//! constraint` searches that index too).
//!
//! Simplifications: CASCADE and SET NULL change the child rows without running their
//! triggers (as InnoDB does: cascaded changes never fire triggers) and without counting them
//! in Innodb_rows_* or performance_schema's table I/O. SET DEFAULT is accepted and acts as
//! NO ACTION, as InnoDB runs it.
//!
//! ALTER TABLE ... ADD FOREIGN KEY checks the rows the child holds (with foreign_key_checks
//! on: a COPY rebuild, 1452 naming the copy `#sql-<pid>_<connection>` for a row without a
//! parent); DROP FOREIGN KEY drops the constraint and keeps its index, as InnoDB does.

use crate::error::{MySqlError, Result};
use crate::innodb::tablespace::index_page;
use crate::server::session::Session;
use crate::server::{Running, Server};
use crate::sql::execution::costs::Costs;
use crate::storage::schema::{ColumnType, ForeignKey, IndexDef, ReferentialAction, TableDef};
use crate::storage::table::{Key, RangeEnd, Row};
use crate::storage::value::Value;

/// An index InnoDB adds to a child table for a FOREIGN KEY: its name and columns.
pub(crate) type ImplicitIndex = (String, Vec<String>);

/// InnoDB's bound on cascaded changes (FK_MAX_CASCADE_DEL): a chain deeper than this is
/// ERROR 3008.
const MAX_CASCADE_DEPTH: u32 = 15;

/// What the error messages call a foreign key: `` `db`.`child`, CONSTRAINT `name` FOREIGN
/// KEY (`a`) REFERENCES `parent` (`id`) ON DELETE CASCADE ``.
pub(crate) fn describe(child_db: &str, child: &str, fk: &ForeignKey) -> String {
    let quoted = |names: &[String]| -> String {
        names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
    };
    let mut s = format!(
        "`{child_db}`.`{child}`, CONSTRAINT `{}` FOREIGN KEY ({}) REFERENCES `{}` ({})",
        fk.name,
        quoted(&fk.columns),
        fk.parent_table,
        quoted(&fk.parent_columns)
    );
    if let Some(a) = fk.on_delete {
        s.push_str(&format!(" ON DELETE {}", a.sql()));
    }
    if let Some(a) = fk.on_update {
        s.push_str(&format!(" ON UPDATE {}", a.sql()));
    }
    s
}

fn action(a: &Option<sqlparser::ast::ReferentialAction>) -> Result<Option<ReferentialAction>> {
    use sqlparser::ast::ReferentialAction as A;
    Ok(match a {
        None => None,
        Some(A::Restrict) => Some(ReferentialAction::Restrict),
        Some(A::Cascade) => Some(ReferentialAction::Cascade),
        Some(A::SetNull) => Some(ReferentialAction::SetNull),
        Some(A::NoAction) => Some(ReferentialAction::NoAction),
        // Kept as declared (SHOW CREATE TABLE prints it), and run as NO ACTION: InnoDB maps
        // SET DEFAULT to NO ACTION (`innobase_set_foreign_key_option`), so a parent row with
        // children cannot be deleted or its key changed (1451). The manual's "FOREIGN KEY
        // Constraints" says InnoDB rejects the clause; 8.0 and later accept it.
        Some(A::SetDefault) => Some(ReferentialAction::SetDefault),
    })
}

/// Whether InnoDB accepts a child column of type `a` referring to a parent column of type
/// `b`: integers of the same size and sign, strings of either CHAR or VARCHAR, or the same
/// type.
fn compatible(a: (&ColumnType, bool), b: (&ColumnType, bool)) -> bool {
    let text = |t: &ColumnType| matches!(t, ColumnType::Char(_) | ColumnType::Varchar(_));
    match (a.0, b.0) {
        (x, y) if x.is_integer() => x == y && a.1 == b.1,
        (x, y) if text(x) => text(y),
        (ColumnType::Decimal { .. }, ColumnType::Decimal { .. }) => a.0 == b.0,
        (x, y) => std::mem::discriminant(x) == std::mem::discriminant(y),
    }
}

/// An index of `def` whose leading columns are `columns` (any order of them is not enough:
/// InnoDB wants them first, in the key's order).
fn index_on<'a>(def: &'a TableDef, columns: &[String]) -> Option<&'a IndexDef> {
    def.indexes.iter().find(|i| {
        i.columns.len() >= columns.len()
            && i.columns
                .iter()
                .zip(columns)
                .all(|(&p, c)| def.columns[p as usize].name.eq_ignore_ascii_case(c))
    })
}

impl Server {
    /// The FOREIGN KEYs a CREATE TABLE declares, named `<table>_ibfk_<n>` when unnamed,
    /// checked against their parents (which must exist and have an index on the referenced
    /// columns, with compatible types), and the indexes the child needs (InnoDB adds one on
    /// the key's columns where none starts with them, named after the constraint, else after
    /// the first column).
    pub(crate) fn declared_foreign_keys(
        &self,
        session: &Session,
        def: &TableDef,
        declared: &[&sqlparser::ast::ForeignKeyConstraint],
        first_number: usize,
    ) -> Result<(Vec<ForeignKey>, Vec<ImplicitIndex>)> {
        let mut keys: Vec<ForeignKey> = Vec::new();
        let mut indexes: Vec<ImplicitIndex> = Vec::new();
        let taken = self.foreign_key_names_in(&def.schema);
        for (n, fk) in declared.iter().enumerate() {
            let name = fk
                .name
                .as_ref()
                .map(|n| n.value.clone())
                .unwrap_or_else(|| format!("{}_ibfk_{}", def.name, first_number + n));
            if taken
                .iter()
                .chain(keys.iter().map(|k| &k.name))
                .any(|t| t.eq_ignore_ascii_case(&name))
            {
                return Err(MySqlError::fk_duplicate_name(&name));
            }
            let columns: Vec<String> = fk.columns.iter().map(|c| c.value.clone()).collect();
            let parent_columns: Vec<String> =
                fk.referred_columns.iter().map(|c| c.value.clone()).collect();
            let (parent_schema, parent_table) = super::table_name(session, &fk.foreign_table)?;
            for c in &columns {
                if def.column_position(c).is_none() {
                    return Err(MySqlError::key_column_does_not_exist(c));
                }
            }
            let self_reference = parent_schema.eq_ignore_ascii_case(&def.schema)
                && parent_table.eq_ignore_ascii_case(&def.name);
            let parent_def = if self_reference {
                Some(def)
            } else {
                self.catalog.table(&parent_schema, &parent_table).map(|t| &t.def)
            };
            match parent_def {
                Some(p) => {
                    if columns.len() != parent_columns.len() {
                        return Err(MySqlError::fk_no_index_parent(&name, &parent_table));
                    }
                    for (c, pc) in columns.iter().zip(&parent_columns) {
                        let Some(pp) = p.column_position(pc) else {
                            return Err(MySqlError::fk_no_index_parent(&name, &parent_table));
                        };
                        let child = &def.columns[def.column_position(c).unwrap_or(0) as usize];
                        let parent = &p.columns[pp as usize];
                        if !compatible((&child.ty, child.unsigned), (&parent.ty, parent.unsigned)) {
                            return Err(MySqlError::fk_incompatible_columns(c, pc, &name));
                        }
                    }
                    if index_on(p, &parent_columns).is_none() {
                        return Err(MySqlError::fk_no_index_parent(&name, &parent_table));
                    }
                }
                // With foreign_key_checks off a child may name a parent not created yet.
                None if !session.foreign_key_checks() => {}
                None => return Err(MySqlError::fk_cannot_open_parent(&parent_table)),
            }
            let on_delete = action(&fk.on_delete)?;
            let on_update = action(&fk.on_update)?;
            for (a, c) in [(on_delete, &columns), (on_update, &columns)] {
                if a == Some(ReferentialAction::SetNull) {
                    for c in c {
                        if def.columns.iter().any(|d| d.name.eq_ignore_ascii_case(c) && !d.nullable)
                        {
                            return Err(MySqlError::fk_column_not_null(c, &name));
                        }
                    }
                }
            }
            let needs_index = index_on(def, &columns).is_none()
                && !indexes.iter().any(|(_, cols)| {
                    cols.len() >= columns.len()
                        && cols.iter().zip(&columns).all(|(a, b)| a.eq_ignore_ascii_case(b))
                });
            if needs_index {
                let index_name = fk
                    .index_name
                    .as_ref()
                    .or(fk.name.as_ref())
                    .map(|n| n.value.clone())
                    .unwrap_or_else(|| columns[0].clone());
                indexes.push((index_name, columns.clone()));
            }
            keys.push(ForeignKey {
                name,
                columns,
                parent_schema,
                parent_table,
                parent_columns,
                on_delete,
                on_update,
            });
        }
        Ok((keys, indexes))
    }

    /// `ALTER TABLE db.table ADD FOREIGN KEY ...`: the key named (`<table>_ibfk_<n>` after the
    /// highest such number the table's keys have), checked as CREATE TABLE checks it, its
    /// index added where none starts with its columns, and, with foreign_key_checks on, every
    /// child row checked for its parent (the rebuild's rows returned; None for the in-place
    /// change made with the checks off). Simplification: the rows are read without charging
    /// their pages (the rebuild's cost is charged by the caller).
    pub(crate) fn add_foreign_key(
        &mut self,
        session: &Session,
        db: &str,
        table: &str,
        fk: &sqlparser::ast::ForeignKeyConstraint,
    ) -> Result<Option<u64>> {
        let t =
            self.catalog.table(db, table).ok_or_else(|| MySqlError::no_such_table(db, table))?;
        let def = t.def.clone();
        let prefix = format!("{}_ibfk_", def.name).to_ascii_lowercase();
        let highest = def
            .constraints
            .foreign_keys
            .iter()
            .filter_map(|k| {
                k.name.to_ascii_lowercase().strip_prefix(&prefix)?.parse::<usize>().ok()
            })
            .max()
            .unwrap_or(0);
        let (keys, implicit) = self.declared_foreign_keys(session, &def, &[fk], highest + 1)?;
        let Some(key) = keys.into_iter().next() else { return Ok(None) };
        let checked = session.foreign_key_checks();
        if checked {
            let positions: Vec<usize> = key
                .columns
                .iter()
                .filter_map(|c| def.column_position(c).map(|p| p as usize))
                .collect();
            let mut wanted = vec![false; def.columns.len()];
            for &p in &positions {
                wanted[p] = true;
            }
            let mut values: Vec<Vec<Value>> = Vec::new();
            t.scan(&wanted, &mut |_, row| {
                let v: Vec<Value> = positions.iter().map(|&p| row[p].clone()).collect();
                if !v.iter().any(Value::is_null) && !values.contains(&v) {
                    values.push(v);
                }
                true
            });
            for v in values {
                if self
                    .rows_with(&key.parent_schema, &key.parent_table, &key.parent_columns, &v, 1)
                    .is_empty()
                {
                    // UNCONFIRMED: mysqld's copy is `#sql-<pid hex>_<thread id hex>`; the
                    // simulated server's pid is taken as 1.
                    let copy = format!("#sql-1_{:x}", session.id.0);
                    return Err(MySqlError::no_referenced_row(&describe(db, &copy, &key)));
                }
            }
        }
        let t = self
            .catalog
            .table_mut(db, table)
            .ok_or_else(|| MySqlError::no_such_table(db, table))?;
        for (name, cols) in implicit {
            let positions: Vec<u32> =
                cols.iter().filter_map(|c| t.def.column_position(c)).collect();
            t.add_index(IndexDef::key(&name, positions));
        }
        t.def.constraints.foreign_keys.push(key);
        let rows = t.row_count();
        self.catalog.note_foreign_key();
        Ok(checked.then_some(rows))
    }

    /// Whether every FOREIGN KEY of `def` (as a child) and every one referring to it (as a
    /// parent) still finds an index starting with its columns: InnoDB refuses to drop the
    /// last such index (ERROR 1553).
    pub(crate) fn foreign_keys_keep_indexes(&self, def: &TableDef) -> bool {
        let own =
            def.constraints.foreign_keys.iter().all(|fk| index_on(def, &fk.columns).is_some());
        let referring = self.catalog.tables().all(|t| {
            t.def.constraints.foreign_keys.iter().all(|fk| {
                !(fk.parent_schema == def.schema && fk.parent_table == def.name)
                    || index_on(def, &fk.parent_columns).is_some()
            })
        });
        own && referring
    }

    /// The FOREIGN KEY names used in schema `db` (unique there).
    fn foreign_key_names_in(&self, db: &str) -> Vec<String> {
        let Some(d) = self.catalog.database(db) else { return Vec::new() };
        d.tables
            .values()
            .flat_map(|t| t.def.constraints.foreign_keys.iter().map(|k| k.name.clone()))
            .collect()
    }

    /// The first FOREIGN KEY of another table that refers to `db.table`, with that table's
    /// name: DROP TABLE of a parent is ERROR 3730 while one does.
    pub(crate) fn referencing_key(&self, db: &str, table: &str) -> Option<(String, String)> {
        let d = self.catalog.database(db)?;
        let mut found = None;
        for t in d.tables.values() {
            if t.def.name.eq_ignore_ascii_case(table) {
                continue;
            }
            for fk in &t.def.constraints.foreign_keys {
                if fk.parent_schema.eq_ignore_ascii_case(db)
                    && fk.parent_table.eq_ignore_ascii_case(table)
                    && found.is_none()
                {
                    found = Some((fk.name.clone(), t.def.name.clone()));
                }
            }
        }
        found
    }

    /// Rows of `db.table` whose `columns` hold `values`, found through an index that starts
    /// with those columns (its root-to-leaf pages requested from the buffer pool), at most
    /// `limit` of them. Without such an index, a scan that charges nothing (InnoDB keeps one,
    /// so this happens only for a table whose index was dropped).
    fn rows_with(
        &mut self,
        db: &str,
        table: &str,
        columns: &[String],
        values: &[Value],
        limit: usize,
    ) -> Vec<(Key, Row)> {
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Some(t) = catalog.table(db, table) else { return Vec::new() };
        let mut costs = running.as_mut().map(|Running { status, pool, oom, .. }| Costs {
            clock: &mut *clock,
            disk: &mut *disk,
            host: &mut *host,
            pool,
            status,
            oom,
        });
        let mut found = Vec::new();
        match index_on(&t.def, columns) {
            Some(idx) if idx.primary && idx.columns.len() == columns.len() => {
                let key = Key(values.to_vec());
                if let Some(c) = costs.as_mut() {
                    for p in t.clustered_geometry().path_to_leaf(t.ordinal_hint(&key)) {
                        c.request_page(index_page(t, p));
                    }
                }
                if let Some(row) = t.get(&key) {
                    found.push((key, row));
                }
            }
            Some(idx) if !idx.primary => {
                let end = RangeEnd { prefix: values.to_vec(), exclusive: false };
                let wanted = vec![true; t.def.columns.len()];
                let geometry = t.secondary_geometry(&idx.name);
                let mut first_hit = true;
                t.index_range(&idx.name, Some(&end), Some(&end), &wanted, &mut |hit| {
                    if let (Some(c), Some((first, g))) = (costs.as_mut(), geometry.as_ref()) {
                        if first_hit {
                            for p in g.path_to_leaf(hit.position) {
                                c.request_page(index_page(t, first + p));
                            }
                        }
                    }
                    first_hit = false;
                    found.push((hit.key.clone(), hit.row.clone()));
                    found.len() < limit
                });

                if first_hit {
                    if let (Some(c), Some((first, g))) = (costs.as_mut(), geometry.as_ref()) {
                        for p in g.path_to_leaf(0) {
                            c.request_page(index_page(t, first + p));
                        }
                    }
                }
            }
            _ => {
                let positions: Vec<Option<u32>> =
                    columns.iter().map(|c| t.def.column_position(c)).collect();
                let wanted = vec![true; t.def.columns.len()];
                let mut rows = Vec::new();
                t.scan(&wanted, &mut |_, row| {
                    let hit = positions.iter().zip(values).all(|(p, v)| {
                        p.and_then(|p| row.get(p as usize)).is_some_and(|x| {
                            crate::storage::key::cmp_values(x, v) == std::cmp::Ordering::Equal
                        })
                    });
                    if hit {
                        rows.push(row.clone());
                    }
                    rows.len() < limit
                });
                found = t.rows_with_values(&rows);
            }
        }
        found
    }

    /// The parent row each of `def`'s FOREIGN KEYs needs for `row` (ERROR 1452 when one is
    /// missing); `old`, for an UPDATE, skips the keys whose columns did not change. A key
    /// with a NULL column needs nothing (MATCH SIMPLE).
    pub(crate) fn check_parent_rows(
        &mut self,
        session: &Session,
        def: &TableDef,
        row: &Row,
        old: Option<&Row>,
    ) -> Result<()> {
        if def.constraints.foreign_keys.is_empty() || !session.foreign_key_checks() {
            return Ok(());
        }
        for fk in &def.constraints.foreign_keys {
            let positions: Vec<usize> = fk
                .columns
                .iter()
                .filter_map(|c| def.column_position(c).map(|p| p as usize))
                .collect();
            let values: Vec<Value> = positions.iter().map(|&p| row[p].clone()).collect();
            if values.iter().any(Value::is_null) {
                continue;
            }
            if old.is_some_and(|o| positions.iter().all(|&p| o[p] == row[p])) {
                continue;
            }
            let found =
                self.rows_with(&fk.parent_schema, &fk.parent_table, &fk.parent_columns, &values, 1);
            if found.is_empty() {
                return Err(MySqlError::no_referenced_row(&describe(&def.schema, &def.name, fk)));
            }
        }
        Ok(())
    }

    /// What the FOREIGN KEYs referring to `db.table` do when its row `old` is deleted
    /// (`new` None) or changed to `new`: refuse (1451), or change the child rows (CASCADE,
    /// SET NULL), recursively up to InnoDB's depth.
    pub(crate) fn follow_parent_change(
        &mut self,
        session: &mut Session,
        db: &str,
        table: &str,
        old: &Row,
        new: Option<&Row>,
        depth: u32,
    ) -> Result<()> {
        if !session.foreign_key_checks() {
            return Ok(());
        }
        let Some(parent) = self.catalog.table(db, table) else { return Ok(()) };
        let parent_def = parent.def.clone();
        // The keys referring to this table, in a stable order (schema's tables by name).
        let mut referring: Vec<(TableDef, ForeignKey)> = Vec::new();
        for t in self.catalog.tables() {
            for fk in &t.def.constraints.foreign_keys {
                if fk.parent_schema.eq_ignore_ascii_case(db)
                    && fk.parent_table.eq_ignore_ascii_case(table)
                {
                    referring.push((t.def.clone(), fk.clone()));
                }
            }
        }
        for (child, fk) in referring {
            let positions: Vec<usize> = fk
                .parent_columns
                .iter()
                .filter_map(|c| parent_def.column_position(c).map(|p| p as usize))
                .collect();
            let values: Vec<Value> = positions.iter().map(|&p| old[p].clone()).collect();
            if values.iter().any(Value::is_null) {
                continue;
            }
            let new_values: Option<Vec<Value>> =
                new.map(|n| positions.iter().map(|&p| n[p].clone()).collect());
            if new_values.as_ref().is_some_and(|nv| {
                nv.iter().zip(&values).all(|(a, b)| {
                    crate::storage::key::cmp_values(a, b) == std::cmp::Ordering::Equal
                })
            }) {
                continue;
            }
            let rule = if new.is_some() { fk.on_update } else { fk.on_delete };
            let limit = match rule {
                Some(ReferentialAction::Cascade | ReferentialAction::SetNull) => usize::MAX,
                _ => 1,
            };
            let children = self.rows_with(&child.schema, &child.name, &fk.columns, &values, limit);
            if children.is_empty() {
                continue;
            }
            let refuse =
                || MySqlError::row_is_referenced(&describe(&child.schema, &child.name, &fk));
            match rule {
                Some(ReferentialAction::Cascade | ReferentialAction::SetNull) => {}
                _ => return Err(refuse()),
            }
            if depth >= MAX_CASCADE_DEPTH {
                return Err(MySqlError::fk_cascade_depth());
            }
            let child_positions: Vec<usize> = fk
                .columns
                .iter()
                .filter_map(|c| child.column_position(c).map(|p| p as usize))
                .collect();
            for (key, row) in children {
                let changed = match (rule, &new_values) {
                    (Some(ReferentialAction::Cascade), None) => None,
                    (Some(ReferentialAction::Cascade), Some(nv)) => {
                        let mut r = row.clone();
                        for (&p, v) in child_positions.iter().zip(nv) {
                            r[p] = v.clone();
                        }
                        Some(r)
                    }
                    _ => {
                        let mut r = row.clone();
                        for &p in &child_positions {
                            r[p] = Value::Null;
                        }
                        Some(r)
                    }
                };
                match changed {
                    None => {
                        self.follow_parent_change(
                            session,
                            &child.schema,
                            &child.name,
                            &row,
                            None,
                            depth + 1,
                        )?;
                        self.remove_row_unchecked(session, &child.schema, &child.name, &key, row)?;
                    }
                    Some(r) => {
                        self.follow_parent_change(
                            session,
                            &child.schema,
                            &child.name,
                            &row,
                            Some(&r),
                            depth + 1,
                        )?;
                        self.change_row_unchecked(
                            session,
                            &child.schema,
                            &child.name,
                            key,
                            row,
                            r,
                        )?;
                    }
                }
            }
        }
        Ok(())
    }
}
