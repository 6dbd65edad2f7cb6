//! Tables a load tool fills from a dataset generator instead of row by row. `sysbench
//! prepare` creates each sbtestN with its own CREATE TABLE (so privileges and error 1050 are
//! the server's), then, where the real tool sends thousands of multi-row INSERTs and a CREATE
//! INDEX, the table takes the generated rows of `datasets::sysbench`: 25,000 tables of
//! 10,000 rows cost a definition and a generator each, not 250 million stored rows.

use super::Server;
use crate::datasets::DatasetTable;
use crate::error::MySqlError;
use crate::storage::table::Table;

impl Server {
    /// Replaces the (empty) table that `table.def` names with `table`'s generated rows and
    /// indexes, in the same tablespace. Error 1146 when no such table exists.
    ///
    /// Simplification: the load itself takes no simulated time and leaves no pages in the
    /// buffer pool, no redo and no binary log: the tables appear as a finished load leaves
    /// them on disk (the generated dataset's own simplification at boot).
    pub fn load_generated_table(&mut self, table: DatasetTable) -> Result<(), MySqlError> {
        let (db, name) = (table.def.schema.clone(), table.def.name.clone());
        let Some((space_id, created)) =
            self.catalog.table(&db, &name).map(|t| (t.space_id, t.created_micros))
        else {
            return Err(MySqlError::no_such_table(&db, &name));
        };
        let mut loaded = Table::generated(
            table.def,
            space_id,
            table.generator,
            table.auto_increment_next,
            table.fill,
            table.secondary_fill,
        );
        // The same table, its rows committed by the load just now.
        loaded.created_micros = created;
        loaded.updated_micros = Some(self.clock.unix_micros());
        self.catalog.add_table(loaded);
        Ok(())
    }
}
