//! The storage engines this server has, as `SHOW ENGINES` and `information_schema.ENGINES`
//! list them, and the engine names `SHOW ENGINE name STATUS` accepts.
//!
//! The list is a MySQL 9.7 Community Server's built without NDB: the engines it compiles in,
//! FEDERATED among them but disabled. Every table here is InnoDB whatever its ENGINE clause
//! says (a simplification made in the catalog, not here); the list says what MySQL has.
//! UNCONFIRMED: the order, which MySQL takes from its plugin registry (the manual's examples
//! and real servers differ); chosen as a MySQL 8.0+ server without NDB prints it.

use crate::storage::table::Row;
use crate::storage::value::Value;

/// One engine: name, support (`DEFAULT`, `YES` or `NO`), comment, and whether it has
/// transactions, XA and savepoints (NULL for an engine that is not available).
struct Engine {
    name: &'static str,
    support: &'static str,
    comment: &'static str,
    transactions: bool,
}

const ENGINES: [Engine; 9] = [
    Engine {
        name: "FEDERATED",
        support: "NO",
        comment: "Federated MySQL storage engine",
        transactions: false,
    },
    Engine {
        name: "MEMORY",
        support: "YES",
        comment: "Hash based, stored in memory, useful for temporary tables",
        transactions: false,
    },
    Engine {
        name: "InnoDB",
        support: "DEFAULT",
        comment: "Supports transactions, row-level locking, and foreign keys",
        transactions: true,
    },
    Engine {
        name: "PERFORMANCE_SCHEMA",
        support: "YES",
        comment: "Performance Schema",
        transactions: false,
    },
    Engine {
        name: "MyISAM",
        support: "YES",
        comment: "MyISAM storage engine",
        transactions: false,
    },
    Engine {
        name: "MRG_MYISAM",
        support: "YES",
        comment: "Collection of identical MyISAM tables",
        transactions: false,
    },
    Engine {
        name: "BLACKHOLE",
        support: "YES",
        comment: "/dev/null storage engine (anything you write to it disappears)",
        transactions: false,
    },
    Engine { name: "CSV", support: "YES", comment: "CSV storage engine", transactions: false },
    Engine {
        name: "ARCHIVE",
        support: "YES",
        comment: "Archive storage engine",
        transactions: false,
    },
];

/// `information_schema.ENGINES`' columns (SHOW ENGINES names them `Engine`, `Support`, ...).
pub const COLUMNS: [super::ColumnSpec; 6] = [
    ("ENGINE", false, false),
    ("SUPPORT", false, false),
    ("COMMENT", false, false),
    ("TRANSACTIONS", false, true),
    ("XA", false, true),
    ("SAVEPOINTS", false, true),
];

/// SHOW ENGINES' column names.
pub const SHOW_COLUMNS: [&str; 6] =
    ["Engine", "Support", "Comment", "Transactions", "XA", "Savepoints"];

/// One row per engine, in [`COLUMNS`]' order.
pub fn rows() -> Vec<Row> {
    ENGINES
        .iter()
        .map(|e| {
            let yes_no = |b: bool| {
                if e.support == "NO" {
                    Value::Null
                } else {
                    Value::Str(if b { "YES" } else { "NO" }.into())
                }
            };
            vec![
                Value::Str(e.name.into()),
                Value::Str(e.support.into()),
                Value::Str(e.comment.into()),
                yes_no(e.transactions),
                yes_no(e.transactions),
                yes_no(e.transactions),
            ]
        })
        .collect()
}

/// The engine `name` names (any case, as MySQL resolves it), or None for an unknown one.
/// MySQL also takes the aliases `INNOBASE`, `HEAP` (MEMORY) and `MERGE` (MRG_MYISAM).
pub fn resolve(name: &str) -> Option<&'static str> {
    let alias = match name.to_ascii_uppercase().as_str() {
        "INNOBASE" => "InnoDB",
        "HEAP" => "MEMORY",
        "MERGE" => "MRG_MYISAM",
        _ => name,
    };
    ENGINES.iter().find(|e| e.name.eq_ignore_ascii_case(alias)).map(|e| e.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn innodb_is_the_default_and_federated_is_not_available() {
        let rows = rows();
        let find = |n: &str| rows.iter().find(|r| r[0] == Value::Str(n.into())).unwrap();
        assert_eq!(find("InnoDB")[1], Value::Str("DEFAULT".into()));
        assert_eq!(find("InnoDB")[5], Value::Str("YES".into()));
        assert_eq!(find("FEDERATED")[3], Value::Null);
        assert_eq!(find("MyISAM")[4], Value::Str("NO".into()));
        assert_eq!(resolve("innobase"), Some("InnoDB"));
        assert_eq!(resolve("performance_schema"), Some("PERFORMANCE_SCHEMA"));
        assert_eq!(resolve("Aria"), None);
    }
}
