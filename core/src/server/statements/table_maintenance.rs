//! ANALYZE TABLE, CHECK TABLE and OPTIMIZE TABLE: MySQL's table maintenance statements, each
//! answering a result set of `Table | Op | Msg_type | Msg_text` rows, one or two per table
//! named, and spending what InnoDB spends on them:
//!
//! * ANALYZE TABLE samples `innodb_stats_persistent_sample_pages` leaf pages of every index
//!   (spread over the index) through the buffer pool, as the persistent statistics'
//!   estimator dives do;
//! * CHECK TABLE reads every row of the clustered index and every leaf page of the secondary
//!   ones;
//! * OPTIMIZE TABLE on InnoDB is a rebuild and an analyze (its note says so), as ALTER TABLE
//!   ... FORCE.
//!
//! ANALYZE TABLE (and OPTIMIZE's analyze) also stores the table's current statistics in
//! mysql.table_stats and mysql.index_stats, which information_schema.TABLES and STATISTICS,
//! SHOW TABLE STATUS and SHOW INDEX read.
//!
//! Simplification: the simulator's index statistics are always current (it counts, it does
//! not estimate), so ANALYZE TABLE changes no figure SHOW INDEX or the optimizer reads; it
//! costs what it costs and answers as MySQL answers. CHECK TABLE finds nothing wrong: the
//! simulated tables cannot be corrupted.

use super::show::target_database;
use crate::error::Result;
use crate::server::session::Session;
use crate::server::{Running, Server};
use crate::sql::execution::costs::Costs;
use crate::sql::execution::Work;
use crate::sql::parser::MaintenanceOp;
use crate::sql::result::{Column, ResultSet};
use crate::sql::Response;
use crate::storage::value::Value;
use crate::var_id;

/// Most leaf pages CHECK TABLE reads one by one (a 64 GB index); the loop stays finite.
const CHECKED_PAGES_MAX: u64 = 4 << 20;

impl Server {
    /// Runs `op` on each of `tables` in turn, as MySQL does: a table that is not there gives
    /// its error row and `Operation failed`, and the statement goes on to the next.
    pub(crate) fn table_maintenance(
        &mut self,
        session: &Session,
        op: MaintenanceOp,
        tables: &[(Option<String>, String)],
        work: &mut Work,
    ) -> Result<Response> {
        let verb = match op {
            MaintenanceOp::Analyze => "analyze",
            MaintenanceOp::Check => "check",
            MaintenanceOp::Optimize => "optimize",
        };
        let mut rows = Vec::new();
        let mut row = |table: &str, kind: &str, text: &str| {
            rows.push(vec![
                Value::Str(table.to_string()),
                Value::Str(verb.into()),
                Value::Str(kind.into()),
                Value::Str(text.into()),
            ])
        };
        for (database, name) in tables {
            let db = target_database(session, database.as_deref())?;
            let label = format!("{db}.{name}");
            if self.catalog.table(&db, name).is_none() {
                if op == MaintenanceOp::Check && self.catalog.view(&db, name).is_some() {
                    row(&label, "status", "OK");
                    continue;
                }
                row(&label, "Error", &format!("Table '{db}.{name}' doesn't exist"));
                row(&label, "status", "Operation failed");
                continue;
            }
            match op {
                MaintenanceOp::Analyze => {
                    self.charge_statistics_sampling(&db, name);
                    self.catalog.cache_current_statistics(&db, name, self.clock.unix_micros());
                    row(&label, "status", "OK");
                }
                MaintenanceOp::Check => {
                    self.charge_table_check(&db, name, work);
                    row(&label, "status", "OK");
                }
                MaintenanceOp::Optimize => {
                    self.charge_table_rebuild(&db, name, work);
                    self.charge_statistics_sampling(&db, name);
                    self.catalog.cache_current_statistics(&db, name, self.clock.unix_micros());
                    row(
                        &label,
                        "note",
                        "Table does not support optimize, doing recreate + analyze instead",
                    );
                    row(&label, "status", "OK");
                }
            }
        }
        let columns = ["Table", "Op", "Msg_type", "Msg_text"].map(Column::text).to_vec();
        work.rows += rows.len() as u64;
        Ok(Response::Rows(ResultSet { columns, rows, unshown: 0 }))
    }

    /// The leaf pages of each index of `db.table`: its first page and how many.
    fn index_leaf_ranges(&self, db: &str, table: &str) -> Vec<(u64, u64)> {
        let Some(t) = self.catalog.table(db, table) else { return Vec::new() };
        let mut ranges = vec![(0, t.clustered_geometry().leaf_pages)];
        for index in t.def.indexes.iter().filter(|i| !i.primary) {
            if let Some((first, g)) = t.secondary_geometry(&index.name) {
                ranges.push((first, g.leaf_pages));
            }
        }
        ranges
    }

    /// ANALYZE's dives: `innodb_stats_persistent_sample_pages` leaf pages of every index,
    /// evenly spaced, read through the buffer pool.
    fn charge_statistics_sampling(&mut self, db: &str, table: &str) {
        let ranges = self.index_leaf_ranges(db, table);
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Some(Running { status, pool, oom, vars, .. }) = running.as_mut() else { return };
        let sample = vars.global_u64(var_id!("innodb_stats_persistent_sample_pages")).max(1);
        let Some(t) = catalog.table(db, table) else { return };
        let mut costs = Costs { clock, disk, host, pool, status, oom };
        for (first, leaves) in ranges {
            let n = sample.min(leaves);
            for i in 0..n {
                let rel = first + i * leaves / n;
                costs.request_page(crate::innodb::tablespace::index_page(t, rel));
            }
        }
    }

    /// CHECK TABLE's reads: every row of the clustered index (a full scan's pages, read-ahead
    /// and CPU), then every leaf page of each secondary index.
    fn charge_table_check(&mut self, db: &str, table: &str, work: &mut Work) {
        let ranges = self.index_leaf_ranges(db, table);
        let Server { clock, disk, host, running, catalog, .. } = self;
        let Some(Running { status, pool, oom, .. }) = running.as_mut() else { return };
        let Some(t) = catalog.table(db, table) else { return };
        // CHECK reads below the handler: no handler or row counter moves, as for a build.
        let mut counters = super::index_build::PageCountersOnly(status);
        let mut costs = Costs { clock, disk, host, pool, status: &mut counters, oom };
        let wanted = vec![true; t.def.columns.len()];
        let mut scan = Work::default();
        crate::sql::execution::table_read::full_scan_replay(t, &wanted, &mut costs, &mut scan);
        work.rows += scan.rows;
        work.charged_rows += scan.charged_rows;
        for (first, leaves) in ranges.into_iter().skip(1) {
            for rel in first..first + leaves.min(CHECKED_PAGES_MAX) {
                costs.request_page(crate::innodb::tablespace::index_page(t, rel));
            }
        }
    }
}
