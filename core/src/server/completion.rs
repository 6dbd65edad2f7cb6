//! The names the mysql client's Tab completion offers, read from the live server (its
//! `rehash` builds the same list from `SHOW DATABASES`, `SHOW TABLES` and the columns of
//! the current database's tables): databases, tables, columns and system variables.

use super::Server;
use std::collections::BTreeSet;

impl Server {
    /// Every database, table, view, column and global system variable name, sorted, without
    /// duplicates (nothing when mysqld is down, as the client then has no connection).
    pub fn completion_names(&self) -> Vec<String> {
        let Some(vars) = self.variables() else { return Vec::new() };
        let mut names: BTreeSet<String> = self.catalog.database_names().into_iter().collect();
        for table in self.catalog.tables() {
            names.insert(table.def.name.clone());
            names.extend(table.def.visible_columns().map(|(_, c)| c.name.clone()));
        }
        // Views and their columns too (SHOW TABLES lists views; SHOW FIELDS reads a view's
        // columns, typed from its SELECT here); a view that no longer resolves adds its name.
        let version = self.flavour().version();
        for (db, view) in self.catalog.views() {
            names.insert(view.name.clone());
            let typed = super::view_columns::view_definition(
                &self.catalog,
                version,
                db,
                &view.query,
                &view.columns,
            );
            if let Ok(p) = typed {
                names.extend(p.columns.into_iter().map(|c| c.name));
            }
        }
        names.extend(vars.iter_global().map(|(name, _)| name.to_string()));
        names.into_iter().collect()
    }
}
