//! CREATE TABLE ... PARTITION BY: the clause (`sql/parser/partition.rs`) checked against the
//! table being created and turned into the table's [`Partitioning`], with MySQL's errors
//! (MySQL 8.4 manual, "Partitioning Types" and "Restrictions and Limitations on
//! Partitioning"): every unique key must hold every partitioning column (1503), RANGE bounds
//! must increase (1493) with MAXVALUE last (1481), LIST constants appear once (1495), RANGE
//! and LIST need each partition's VALUES (1492 / 1479 / 1480), COLUMNS and KEY name columns
//! of the table (1488) of a type they allow (1659); SUBPARTITION BY only on RANGE and LIST
//! (1500), with as many subpartitions in every partition (1485); and each row written is
//! placed in a partition, or refused with 1526 when none holds it.
//!
//! Simplifications: a RANGE / LIST / HASH expression is accepted if it binds over the table's
//! columns (MySQL also refuses the functions its list does not allow, error 1564); a bare
//! column there must be an integer column.

use super::row_rules::bind_partition_expr;
use crate::error::{MySqlError, Result};
use crate::server::session::Session;
use crate::server::Server;
use crate::sql::expr::eval;
use crate::sql::expr_text::mysql_text;
use crate::sql::parser::partition::{
    clause_of, ClauseDefinition, ClauseValues, PartitionChange, PartitionClause,
};
use crate::sql::planner::partition_pruning::PartitionFilter;
use crate::sql::Response;
use crate::storage::partition::Placement;
use crate::storage::partition::{
    Bound, Method, Partition, Partitioning, Subpartitioning, MAX_PARTITIONS,
};
use crate::storage::schema::{ColumnType, TableDef};
use crate::storage::value::Value;
use sqlparser::ast::Expr;
use std::cmp::Ordering;

/// The partitioning `sql` (a CREATE TABLE statement) declares for `def`, checked; None when
/// it declares none.
pub(crate) fn declared(def: &TableDef, sql: &str, temporary: bool) -> Result<Option<Partitioning>> {
    let Some(clause) = clause_of(sql)? else { return Ok(None) };
    if let Some(what) = &clause.unsupported {
        return Err(MySqlError::not_supported_yet(what));
    }
    if temporary {
        return Err(MySqlError::partition_no_temporary());
    }
    let p = resolve(def, &clause)?;
    check_unique_keys(def, &p)?;
    if !def.constraints.foreign_keys.is_empty() {
        return Err(MySqlError::foreign_key_on_partitioned());
    }
    Ok(Some(p))
}

/// Whether a COLUMNS partitioning may use a column of this type (manual: integers, DATE,
/// DATETIME, and the CHAR / VARCHAR / BINARY / VARBINARY strings).
fn columns_type_allowed(ty: &ColumnType) -> bool {
    ty.is_integer()
        || matches!(
            ty,
            ColumnType::Date
                | ColumnType::DateTime
                | ColumnType::Char(_)
                | ColumnType::Varchar(_)
                | ColumnType::Binary(_)
                | ColumnType::VarBinary(_)
        )
}

fn resolve(def: &TableDef, clause: &PartitionClause) -> Result<Partitioning> {
    let method = clause.method.clone();
    let (expr, columns, key_columns_written) =
        resolve_on(def, &method, clause.expr.as_ref(), &clause.columns)?;
    let mut partitions = partitions(&method, clause, columns.len())?;
    let sub = resolve_sub(def, clause, &mut partitions)?;
    let default_names = clause.definitions.is_empty();
    let misplaced = Default::default();
    let p = Partitioning {
        method,
        expr,
        columns,
        key_columns_written,
        partitions,
        default_names,
        misplaced,
        sub,
    };
    if p.physical_count() > MAX_PARTITIONS {
        return Err(MySqlError::too_many_partitions());
    }
    Ok(p)
}

/// `SUBPARTITION BY ...` checked (MySQL 8.4 manual, "Subpartitioning"): only a RANGE or LIST
/// table is subpartitioned (1500, also for SUBPARTITION definitions without it); every
/// partition has the same number of subpartitions, named on all or none (1485), at least
/// one (1504); a name is used once among partitions and subpartitions (1517). The
/// partitions get their subpartitions' names, MySQL's (`p0sp0`) when none are written.
/// Simplification: MySQL reports the count mismatches as syntax errors (1064) carrying the
/// 1485 text; here they are the plain error.
fn resolve_sub(
    def: &TableDef,
    clause: &PartitionClause,
    partitions: &mut [Partition],
) -> Result<Option<Subpartitioning>> {
    let named = clause.definitions.iter().filter(|d| !d.subpartitions.is_empty()).count();
    let Some(s) = &clause.sub else {
        if named > 0 {
            return Err(MySqlError::subpartition_error());
        }
        return Ok(None);
    };
    if !clause.method.has_values() {
        return Err(MySqlError::subpartition_error());
    }
    match s.count {
        Some(0) => return Err(MySqlError::no_partitions("subpartitions")),
        Some(n) if n > MAX_PARTITIONS as u64 => return Err(MySqlError::too_many_partitions()),
        _ => {}
    }
    let (expr, columns, key_columns_written) =
        resolve_on(def, &s.method, s.expr.as_ref(), &s.columns)?;
    let first = clause.definitions.first().map_or(0, |d| d.subpartitions.len());
    let same = clause.definitions.iter().all(|d| d.subpartitions.len() == first);
    if named > 0 && (!same || s.count.is_some_and(|n| n != first as u64)) {
        return Err(MySqlError::subpartition_count_mismatch());
    }
    let count = if named > 0 { first } else { s.count.unwrap_or(1) as usize };
    if count.saturating_mul(partitions.len()) > MAX_PARTITIONS {
        return Err(MySqlError::too_many_partitions());
    }
    let mut seen: Vec<String> = partitions.iter().map(|p| p.name.to_ascii_lowercase()).collect();
    for (part, d) in partitions.iter_mut().zip(&clause.definitions) {
        part.subpartitions = if named > 0 {
            d.subpartitions.clone()
        } else {
            (0..count).map(|j| Subpartitioning::default_name(&part.name, j)).collect()
        };
        for n in &part.subpartitions {
            if seen.contains(&n.to_ascii_lowercase()) {
                return Err(MySqlError::duplicate_partition_name(n));
            }
            seen.push(n.to_ascii_lowercase());
        }
    }
    Ok(Some(Subpartitioning {
        method: s.method.clone(),
        expr,
        columns,
        key_columns_written,
        count,
        count_written: s.count.is_some(),
        default_names: named == 0,
    }))
}

/// What a partitioning (or subpartitioning) method partitions on: the expression's text as
/// the data dictionary prints it (empty for COLUMNS and KEY), the columns it names and,
/// for KEY, whether its column list was written (`KEY ()` takes the primary key's).
fn resolve_on(
    def: &TableDef,
    method: &Method,
    written: Option<&Expr>,
    written_columns: &[String],
) -> Result<(String, Vec<String>, bool)> {
    let mut columns = Vec::new();
    let mut expr = String::new();
    let mut key_columns_written = true;
    match (written, method) {
        (Some(e), _) => {
            expr = mysql_text(e);
            let (_, named) = bind_partition_expr(def, &expr)?;
            for p in named {
                let c = &def.columns[p as usize];
                if !columns.contains(&c.name) {
                    columns.push(c.name.clone());
                }
            }
            if let Expr::Identifier(_) = e {
                let c = def.column_position(&columns[0]).map(|p| &def.columns[p as usize]);
                if c.is_some_and(|c| !c.ty.is_integer()) {
                    return Err(MySqlError::partition_field_type(&columns[0]));
                }
            }
        }
        (None, Method::Key { .. }) if written_columns.is_empty() => {
            key_columns_written = false;
            let pk = def.primary().ok_or_else(MySqlError::partition_field_not_found)?;
            columns = pk.columns.iter().map(|&p| def.columns[p as usize].name.clone()).collect();
        }
        (None, _) => {
            for name in written_columns {
                let p =
                    def.column_position(name).ok_or_else(MySqlError::partition_field_not_found)?;
                let c = &def.columns[p as usize];
                let blob =
                    matches!(c.ty, ColumnType::Text(_) | ColumnType::Blob(_) | ColumnType::Json);
                if blob || !matches!(method, Method::Key { .. }) && !columns_type_allowed(&c.ty) {
                    return Err(MySqlError::partition_field_type(&c.name));
                }
                columns.push(c.name.clone());
            }
        }
    }
    Ok((expr, columns, key_columns_written))
}

fn partitions(method: &Method, clause: &PartitionClause, width: usize) -> Result<Vec<Partition>> {
    let defs = &clause.definitions;
    if let Some(n) = clause.count {
        if n == 0 {
            return Err(MySqlError::no_partitions("partitions"));
        }
        if n as usize > MAX_PARTITIONS {
            return Err(MySqlError::too_many_partitions());
        }
        if !defs.is_empty() && defs.len() as u64 != n {
            return Err(MySqlError::partition_count_mismatch());
        }
    }
    if defs.len() > MAX_PARTITIONS {
        return Err(MySqlError::too_many_partitions());
    }
    let range = matches!(method, Method::Range | Method::RangeColumns);
    if defs.is_empty() {
        if method.has_values() {
            return Err(MySqlError::partitions_must_be_defined(if range {
                "RANGE"
            } else {
                "LIST"
            }));
        }
        let n = clause.count.unwrap_or(1);
        return Ok((0..n).map(|i| Partition::new(format!("p{i}"), Bound::Number)).collect());
    }
    let mut out: Vec<Partition> = Vec::with_capacity(defs.len());
    for d in defs {
        if out.iter().any(|p| p.name.eq_ignore_ascii_case(&d.name)) {
            return Err(MySqlError::duplicate_partition_name(&d.name));
        }
        out.push(resolve_definition(method, d, width)?);
    }
    if range {
        check_increasing(method, &out)?;
    } else if method.has_values() {
        check_list_once(&out)?;
    }
    Ok(out)
}

/// One written partition as the table keeps it: its VALUES checked against the method
/// (1479, 1480) and evaluated.
pub(super) fn resolve_definition(
    method: &Method,
    d: &ClauseDefinition,
    width: usize,
) -> Result<Partition> {
    let bound = match (&d.values, method) {
        (None, Method::Range | Method::RangeColumns) => {
            return Err(MySqlError::partition_requires_values("RANGE", "LESS THAN"))
        }
        (None, Method::List | Method::ListColumns) => {
            return Err(MySqlError::partition_requires_values("LIST", "IN"))
        }
        (None, _) => Bound::Number,
        (Some(ClauseValues::LessThan(_)), m)
            if !matches!(m, Method::Range | Method::RangeColumns) =>
        {
            return Err(MySqlError::partition_wrong_values("RANGE", "LESS THAN"))
        }
        (Some(ClauseValues::In(_)), m) if !matches!(m, Method::List | Method::ListColumns) => {
            return Err(MySqlError::partition_wrong_values("LIST", "IN"))
        }
        (Some(ClauseValues::LessThan(limits)), m) => {
            if limits.len() != width {
                return Err(MySqlError::syntax(&d.name, 1));
            }
            let mut values = Vec::with_capacity(limits.len());
            for l in limits {
                values.push(match l {
                    None => None,
                    Some(e) => Some(bound_value(e, &d.name, *m == Method::Range)?),
                });
            }
            Bound::LessThan(values)
        }
        (Some(ClauseValues::In(tuples)), m) => {
            let mut values = Vec::with_capacity(tuples.len());
            for t in tuples {
                if t.len() != width {
                    return Err(MySqlError::syntax(&d.name, 1));
                }
                let mut tuple = Vec::with_capacity(t.len());
                for e in t {
                    tuple.push(bound_value(e, &d.name, *m == Method::List)?);
                }
                values.push(tuple);
            }
            Bound::In(values)
        }
    };
    Ok(Partition::new(d.name.clone(), bound))
}

/// A bound's value: a constant expression; RANGE and LIST want an integer (1697).
fn bound_value(e: &Expr, partition: &str, integer: bool) -> Result<Value> {
    let empty = TableDef {
        schema: String::new(),
        name: String::new(),
        columns: Vec::new(),
        indexes: Vec::new(),
        constraints: Default::default(),
        partitioning: None,
    };
    let (b, _) = bind_partition_expr(&empty, &mysql_text(e))?;
    let mut cx = crate::sql::expr::constant_context();
    let v = eval(&b, &[], &[], &mut cx)?;
    if integer && !matches!(v, Value::Int(_) | Value::UInt(_) | Value::Null) {
        return Err(MySqlError::partition_value_not_int(partition));
    }
    Ok(v)
}

/// RANGE: each bound above the one before (a tuple compared column by column for RANGE
/// COLUMNS), MAXVALUE only last for RANGE.
pub(super) fn check_increasing(method: &Method, parts: &[Partition]) -> Result<()> {
    let limits: Vec<&Vec<Option<Value>>> = parts
        .iter()
        .filter_map(|p| match &p.bound {
            Bound::LessThan(l) => Some(l),
            _ => None,
        })
        .collect();
    for (i, pair) in limits.windows(2).enumerate() {
        if *method == Method::Range && pair[0][0].is_none() && i + 1 < limits.len() {
            return Err(MySqlError::partition_maxvalue_not_last());
        }
        if tuple_order(pair[0], pair[1]) != Ordering::Less {
            return Err(MySqlError::range_not_increasing());
        }
    }
    Ok(())
}

pub(super) fn tuple_order(a: &[Option<Value>], b: &[Option<Value>]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        let o = match (x, y) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (Some(x), Some(y)) => x.compare(y).unwrap_or(Ordering::Equal),
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

pub(super) fn check_list_once(parts: &[Partition]) -> Result<()> {
    let mut seen: Vec<&Vec<Value>> = Vec::new();
    for p in parts {
        let Bound::In(tuples) = &p.bound else { continue };
        for t in tuples {
            let same = |s: &&Vec<Value>| {
                s.iter().zip(t.iter()).all(|(a, b)| match (a, b) {
                    (Value::Null, Value::Null) => true,
                    (a, b) => a.compare(b) == Some(Ordering::Equal),
                })
            };
            if seen.iter().any(same) {
                return Err(MySqlError::list_constant_twice());
            }
            seen.push(t);
        }
    }
    Ok(())
}

/// 1503: every unique key must hold every partitioning column. A table without a primary key
/// takes its first unique key over NOT NULL columns as one (MySQL's implicit primary key),
/// and the error then calls that key a PRIMARY KEY, as the manual's example shows.
pub(crate) fn check_unique_keys(def: &TableDef, p: &Partitioning) -> Result<()> {
    let has_pk = def.primary().is_some();
    let mut implicit_pk_seen = has_pk;
    for idx in def.indexes.iter().filter(|i| i.unique) {
        let not_null = idx.columns.iter().all(|&c| !def.columns[c as usize].nullable);
        let called_primary = idx.primary || !implicit_pk_seen && not_null;
        implicit_pk_seen |= called_primary;
        let covers = p.all_columns().iter().all(|name| {
            idx.columns.iter().any(|&c| def.columns[c as usize].name.eq_ignore_ascii_case(name))
        });
        if !covers {
            let key = if called_primary { "PRIMARY KEY" } else { "UNIQUE INDEX" };
            return Err(MySqlError::unique_key_needs_partition_columns(key));
        }
    }
    Ok(())
}

impl Server {
    /// ALTER TABLE ... ADD / DROP / TRUNCATE / COALESCE / REORGANIZE / EXCHANGE PARTITION (the last three
    /// in `partition_maintenance.rs`) and REMOVE PARTITIONING (manual,
    /// "Management of RANGE and LIST Partitions", "Management of HASH and KEY Partitions").
    /// DROP and TRUNCATE delete the partitions' rows; ADD and REMOVE move none (all rows
    /// share one B-tree here: simplification, where MySQL copies rows between partitions
    /// for a HASH or KEY change and REMOVE PARTITIONING rebuilds the table). Like MySQL's,
    /// these are DDL: the deletions are not undone by a ROLLBACK.
    pub(crate) fn alter_partitions(
        &mut self,
        session: &mut Session,
        database: Option<&str>,
        table: &str,
        change: &PartitionChange,
    ) -> Result<Response> {
        let db = (database.map(str::to_string))
            .or_else(|| session.database.clone())
            .ok_or_else(MySqlError::no_database_selected)?;
        let t = (self.catalog.table(&db, table))
            .ok_or_else(|| MySqlError::no_such_table(&db, table))?;
        let p = t
            .def
            .partitioning
            .clone()
            .ok_or_else(MySqlError::partition_management_unpartitioned)?;
        let done = |rows: u64| Response::Ok {
            affected_rows: rows,
            info: Some(format!("Records: {rows}  Duplicates: 0  Warnings: 0")),
        };
        match change {
            PartitionChange::Remove => {
                let rows = t.row_count();
                let t = self.catalog.table_mut(&db, table).expect("found above");
                t.def.partitioning = None;
                Ok(done(rows))
            }
            PartitionChange::Add { definitions, count } => {
                let mut next = p.clone();
                next.misplaced.clear();
                match (count, p.method.has_values()) {
                    (Some(_), true) => {
                        return Err(MySqlError::partitions_must_be_defined(p.method.name()))
                    }
                    (Some(0), false) => return Err(MySqlError::no_partitions("partitions")),
                    (Some(n), false) => {
                        let first = next.partitions.len() as u64;
                        for k in first..first.saturating_add(*n).min(MAX_PARTITIONS as u64 + 1) {
                            next.partitions.push(Partition::new(format!("p{k}"), Bound::Number));
                        }
                    }
                    (None, _) => {
                        for d in definitions {
                            let mut added =
                                vec![resolve_definition(&p.method, d, p.columns.len())?];
                            // A subpartitioned table's new partition takes the
                            // subpartitions it lists, or the server names them.
                            super::new_subpartitions::assign(
                                next.sub.as_mut(),
                                &next.partitions,
                                &mut added,
                                std::slice::from_ref(d),
                                super::new_subpartitions::Bringing::Add,
                            )?;
                            let added = added.pop().expect("one partition");
                            let taken = |n: &str| {
                                next.partitions.iter().any(|q| {
                                    q.name.eq_ignore_ascii_case(n)
                                        || q.subpartitions.iter().any(|s| s.eq_ignore_ascii_case(n))
                                })
                            };
                            if let Some(n) = std::iter::once(&added.name)
                                .chain(&added.subpartitions)
                                .find(|n| taken(n))
                            {
                                return Err(MySqlError::duplicate_partition_name(n));
                            }
                            next.partitions.push(added);
                        }
                        next.default_names = false;
                    }
                }
                if next.physical_count() > MAX_PARTITIONS {
                    return Err(MySqlError::too_many_partitions());
                }
                match next.method {
                    Method::Range | Method::RangeColumns => {
                        check_increasing(&next.method, &next.partitions)?
                    }
                    Method::List | Method::ListColumns => check_list_once(&next.partitions)?,
                    _ => {}
                }
                let t = self.catalog.table_mut(&db, table).expect("found above");
                t.def.partitioning = Some(next);
                Ok(done(0))
            }
            PartitionChange::Drop(names) | PartitionChange::Truncate(Some(names)) => {
                let dropping = matches!(change, PartitionChange::Drop(_));
                if dropping && !p.method.has_values() {
                    return Err(MySqlError::only_on_range_list("DROP"));
                }
                // Over the physical partitions: a partition's name picks its subpartitions;
                // TRUNCATE may name a subpartition, DROP only a partition.
                let mut chosen = vec![false; p.physical_count()];
                let mut dropped = vec![false; p.partitions.len()];
                for n in names {
                    match (p.position(n), p.physical_positions(n)) {
                        (Some(i), Some(at)) => {
                            dropped[i] = true;
                            at.into_iter().for_each(|k| chosen[k] = true);
                        }
                        (None, Some(at)) if !dropping => {
                            at.into_iter().for_each(|k| chosen[k] = true);
                        }
                        _ if dropping => return Err(MySqlError::partition_list_error("DROP")),
                        _ => return Err(MySqlError::unknown_partition(n, table)),
                    }
                }
                if dropping && dropped.iter().all(|&c| c) {
                    return Err(MySqlError::drop_last_partition());
                }
                self.delete_partition_rows(&db, table, &chosen)?;
                if dropping {
                    let t = self.catalog.table_mut(&db, table).expect("found above");
                    let mut kept = p.clone();
                    kept.misplaced.clear();
                    let mut at = 0;
                    kept.partitions.retain(|_| {
                        at += 1;
                        !dropped[at - 1]
                    });
                    t.def.partitioning = Some(kept);
                    return Ok(done(0));
                }
                // The emptied partitions hold no misplaced row now.
                let t = self.catalog.table_mut(&db, table).expect("found above");
                if let Some(kept) = t.def.partitioning.as_mut() {
                    kept.misplaced
                        .retain(|_, at| !chosen.get(*at as usize).copied().unwrap_or(false));
                }
                // TRUNCATE PARTITION answers as TRUNCATE TABLE does, with no Records line.
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            PartitionChange::Coalesce(n) => {
                let next = super::partition_maintenance::coalesced(&p, *n)?;
                let t = self.catalog.table_mut(&db, table).expect("found above");
                t.def.partitioning = Some(next);
                Ok(done(0))
            }
            PartitionChange::Reorganize { names, into } => {
                let next = super::partition_maintenance::reorganized(&p, names, into)?;
                super::partition_maintenance::check_rows_placed(t, &next)?;
                let t = self.catalog.table_mut(&db, table).expect("found above");
                t.def.partitioning = Some(next);
                Ok(done(0))
            }
            PartitionChange::Exchange {
                partition,
                database: other_db,
                table: other,
                validation,
            } => {
                let other_db = other_db.clone().unwrap_or_else(|| db.clone());
                let (pt, nt) = ((db.as_str(), table), (other_db.as_str(), other.as_str()));
                self.exchange_partition(pt, &p, partition, nt, *validation)?;
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
            PartitionChange::Truncate(None) => {
                self.delete_partition_rows(&db, table, &vec![true; p.physical_count()])?;
                let t = self.catalog.table_mut(&db, table).expect("found above");
                if let Some(kept) = t.def.partitioning.as_mut() {
                    kept.misplaced.clear();
                }
                Ok(Response::Ok { affected_rows: 0, info: None })
            }
        }
    }

    /// Deletes the rows of the `chosen` partitions of `db.table`.
    fn delete_partition_rows(&mut self, db: &str, table: &str, chosen: &[bool]) -> Result<()> {
        let t =
            (self.catalog.table(db, table)).ok_or_else(|| MySqlError::no_such_table(db, table))?;
        let Some(placer) = PartitionFilter::placer(&t.def)? else { return Ok(()) };
        let all = vec![true; t.def.columns.len()];
        let mut doomed = Vec::new();
        t.scan(&all, &mut |_, row| {
            if let Ok(Placement::Partition(i)) = placer.place(row) {
                if chosen.get(i).copied().unwrap_or(false) {
                    doomed.push(row.clone());
                }
            }
            true
        });
        let keys = t.keys_of_rows(&doomed);
        let t = self.catalog.table_mut(db, table).expect("found above");
        for k in &keys {
            t.delete(k);
        }
        Ok(())
    }
}
