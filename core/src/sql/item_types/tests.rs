//! Typing of select lists against a small catalog of declared columns.

use super::*;

/// Tables `t` (id int NOT NULL, name varchar(20), qty bigint unsigned NOT NULL DEFAULT 0,
/// price decimal(10,2)) and a view `v` over it.
struct Fixture;

fn col(name: &str, ty: &str, nullable: bool, default: Option<&str>) -> TypedColumn {
    let ty = DataType::parse(ty).expect("type");
    let collation = ty.is_character().then(Collation::connection);
    TypedColumn {
        name: name.into(),
        typed: Typed {
            ty,
            nullable,
            default: default.map(str::to_string),
            collation,
            literal: false,
            digits: None,
            column: true,
        },
    }
}

impl Sources for Fixture {
    fn relation(&self, db: &str, name: &str) -> Option<Relation> {
        match (db, name) {
            ("d", "t") => Some(Relation::Columns(vec![
                col("id", "int", false, None),
                col("name", "varchar(20)", true, None),
                col("qty", "bigint unsigned", false, Some("0")),
                col("price", "decimal(10,2)", true, None),
            ])),
            ("d", "big") => Some(Relation::Columns(vec![col("note", "longtext", true, None)])),
            ("d", "v") => Some(Relation::View {
                db: "d".into(),
                query: "SELECT id AS k, SUM(qty) AS total FROM t GROUP BY id".into(),
                columns: vec![],
            }),
            _ => None,
        }
    }

    fn function_returns(&self, db: &str, name: &str) -> Option<DataType> {
        (db == "sys" && name == "format_statement").then(|| DataType::parse("longtext").unwrap())
    }

    fn server_version(&self) -> String {
        "9.7.0".into()
    }

    fn system_variable(&self, name: &str) -> Option<DataType> {
        match name {
            "datadir" => Some(DataType::string_of(512)),
            "max_connections" => Some(DataType::Integer { size: IntSize::Big, unsigned: true }),
            _ => None,
        }
    }
}

/// (name, type, Null, Default) of each column of `sql` read in database d.
fn described(sql: &str) -> Vec<(String, String, &'static str, Option<String>)> {
    let d = query_columns(sql, &[], "d", &Fixture).unwrap_or_else(|e| panic!("{sql}: {e:?}"));
    assert_eq!(d.unknown, 0, "{sql}");
    d.columns
        .into_iter()
        .map(|c| {
            let null = if c.typed.nullable { "YES" } else { "NO" };
            (c.name, c.typed.ty.sql(), null, c.typed.default)
        })
        .collect()
}

fn one(sql: &str) -> (String, &'static str, Option<String>) {
    let mut cols = described(sql);
    let (_, ty, null, default) = cols.remove(0);
    (ty, null, default)
}

#[test]
fn columns_keep_their_definition_and_default() {
    assert_eq!(one("SELECT qty FROM t"), ("bigint unsigned".into(), "NO", Some("0".into())));
    assert_eq!(one("SELECT name FROM t"), ("varchar(20)".into(), "YES", None));
    let cols = described("SELECT * FROM t");
    assert_eq!(cols.len(), 4);
    assert_eq!(cols[3].1, "decimal(10,2)");
}

#[test]
fn the_inner_side_of_an_outer_join_may_be_null() {
    let cols = described("SELECT a.id, b.id AS bid FROM t AS a LEFT JOIN t AS b ON a.id = b.id");
    assert_eq!(cols[0].2, "NO");
    assert_eq!(cols[1].2, "YES");
}

#[test]
fn sys_shaped_expressions_take_mysqls_types() {
    // From DESC sys.statement_analysis (mysql-test sysschema/r/v_statement_analysis.result).
    assert_eq!(
        one("SELECT ROUND(IFNULL(qty / NULLIF(id, 0), 0)) FROM t"),
        ("decimal(21,0)".into(), "NO", Some("0".into()))
    );
    assert_eq!(
        one("SELECT IF(qty > 0, '*', '') FROM t"),
        ("varchar(1)".into(), "NO", Some(String::new()))
    );
    assert_eq!(one("SELECT FORMAT_PICO_TIME(qty) FROM t"), ("varchar(11)".into(), "YES", None));
    assert_eq!(one("SELECT sys.format_statement(name) FROM t"), ("longtext".into(), "YES", None));
}

#[test]
fn aggregates() {
    assert_eq!(one("SELECT COUNT(*) FROM t"), ("bigint".into(), "NO", Some("0".into())));
    assert_eq!(one("SELECT SUM(qty) FROM t"), ("decimal(42,0)".into(), "YES", None));
    assert_eq!(one("SELECT SUM(price) FROM t"), ("decimal(32,2)".into(), "YES", None));
    assert_eq!(one("SELECT AVG(id) FROM t"), ("decimal(14,4)".into(), "YES", None));
    assert_eq!(one("SELECT MAX(name) FROM t"), ("varchar(20)".into(), "YES", None));
    assert_eq!(one("SELECT GROUP_CONCAT(name) FROM t"), ("text".into(), "YES", None));
}

#[test]
fn literals_and_strings() {
    assert_eq!(one("SELECT 1"), ("int".into(), "NO", Some("0".into())));
    assert_eq!(one("SELECT 12345678901"), ("bigint".into(), "NO", Some("0".into())));
    assert_eq!(one("SELECT 1.50"), ("decimal(3,2)".into(), "NO", Some("0.00".into())));
    assert_eq!(one("SELECT 'abc'"), ("varchar(3)".into(), "NO", Some(String::new())));
    assert_eq!(one("SELECT NULL"), ("varbinary(0)".into(), "YES", None));
    assert_eq!(one("SELECT CONCAT(name, '-', id) FROM t"), ("varchar(32)".into(), "YES", None));
    assert_eq!(one("SELECT CONCAT(name, name) FROM t").0, "varchar(40)");
    assert_eq!(one("SELECT VERSION()"), ("varchar(5)".into(), "NO", Some(String::new())));
}

#[test]
fn arithmetic() {
    assert_eq!(one("SELECT id + 1 FROM t").0, "bigint");
    assert_eq!(one("SELECT qty - 1 FROM t").0, "bigint unsigned");
    assert_eq!(one("SELECT price * 2 FROM t").0, "decimal(11,2)");
    assert_eq!(one("SELECT id / 3 FROM t"), ("decimal(14,4)".into(), "YES", None));
    assert_eq!(one("SELECT price + 0.5 FROM t").0, "decimal(11,2)");
}

#[test]
fn views_derived_tables_and_ctes_are_followed() {
    let cols = described("SELECT k, total FROM v");
    assert_eq!(cols[0].1, "int");
    assert_eq!(cols[1].1, "decimal(42,0)");
    assert_eq!(one("SELECT x FROM (SELECT qty AS x FROM t) AS s").0, "bigint unsigned");
    assert_eq!(one("WITH c AS (SELECT name FROM t) SELECT name FROM c").0, "varchar(20)");
    assert_eq!(one("SELECT (SELECT MAX(id) FROM t)").1, "YES");
}

#[test]
fn a_missing_table_or_column_is_invalid() {
    assert!(query_columns("SELECT * FROM nowhere", &[], "d", &Fixture).is_err());
    assert!(query_columns("SELECT nope FROM t", &[], "d", &Fixture).is_err());
}

#[test]
fn a_column_list_renames() {
    let names = ["a".to_string(), "b".to_string()];
    let d = query_columns("SELECT id, name FROM t", &names, "d", &Fixture).unwrap();
    assert_eq!(d.columns[1].name, "b");
}

#[test]
fn json_table_columns_are_declared() {
    let cols = described(
        "SELECT * FROM JSON_TABLE('[1]', '$[*]' COLUMNS (n FOR ORDINALITY, v INT PATH '$', s VARCHAR(10) PATH '$')) AS j",
    );
    assert_eq!(cols[0].1, "int unsigned");
    assert_eq!(cols[0].2, "NO");
    assert_eq!((cols[1].1.as_str(), cols[1].2), ("int", "YES"));
    assert_eq!(cols[2].1, "varchar(10)");
}

#[test]
fn set_operations_aggregate_each_column() {
    let cols =
        described("SELECT id, name FROM t UNION SELECT qty, 'a much longer literal text' FROM t");
    assert_eq!(cols[0].0, "id");
    assert_eq!(cols[0].1, "decimal(20,0)");
    assert_eq!(cols[1].1, "varchar(26)");
}

#[test]
fn window_functions_and_rollup() {
    let cols = described(
        "SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn, LAG(name) OVER (ORDER BY id) AS prev, CUME_DIST() OVER (ORDER BY id) AS cd FROM t",
    );
    assert_eq!((cols[1].1.as_str(), cols[1].2), ("bigint unsigned", "NO"));
    assert_eq!((cols[2].1.as_str(), cols[2].2), ("varchar(20)", "YES"));
    assert_eq!((cols[3].1.as_str(), cols[3].2), ("double", "NO"));
    let cols = described("SELECT id, COUNT(*) AS n FROM t GROUP BY id WITH ROLLUP");
    assert_eq!(cols[0].2, "YES");
    assert_eq!(cols[1].2, "NO");
}

#[test]
fn huge_lengths_saturate_instead_of_overflowing() {
    assert_eq!(one("SELECT REPEAT(note, 9223372036854775807) FROM big").0, "longtext");
    assert_eq!(one("SELECT FORMAT(1, 9223372036854775807)").0, "longtext");
}

#[test]
fn system_variables_take_their_kind() {
    assert_eq!(one("SELECT @@max_connections"), ("bigint unsigned".into(), "NO", Some("0".into())));
    assert_eq!(one("SELECT @@GLOBAL.max_connections").0, "bigint unsigned");
    assert_eq!(one("SELECT @@datadir").0, "varchar(512)");
    let d = query_columns("SELECT @@no_such_variable", &[], "d", &Fixture).unwrap();
    assert_eq!(d.unknown, 1);
}

#[test]
fn a_parenthesised_join_keeps_its_tables_names() {
    let cols = described("SELECT a.id, b.name, c.qty FROM t AS a LEFT JOIN (t AS b JOIN t AS c ON b.id = c.id) ON a.id = b.id");
    assert_eq!(cols[1].1, "varchar(20)");
    assert_eq!(cols[2].2, "YES", "the inner side of the outer join");
}
