use super::*;
use sqlparser::ast::{SetExpr, TableFactor};

/// The definition of the JSON_TABLE in `SELECT * FROM <factor>`, and its document literal.
fn def(factor: &str) -> Result<(JsonTableDef, Value)> {
    let crate::sql::Statement::Select(q) = crate::sql::parse(&format!("SELECT * FROM {factor}"))?
    else {
        panic!("not a SELECT");
    };
    let SetExpr::Select(sel) = *q.body else { panic!("not a plain SELECT") };
    let TableFactor::JsonTable { json_expr, json_path, columns, alias } = &sel.from[0].relation
    else {
        panic!("not a JSON_TABLE");
    };
    let name = alias.as_ref().map_or(String::new(), |a| a.name.value.clone());
    let doc = match json_expr {
        sqlparser::ast::Expr::Value(v) => match &v.value {
            sqlparser::ast::Value::SingleQuotedString(s) => Value::Str(s.clone()),
            _ => Value::Null,
        },
        _ => Value::Null,
    };
    Ok((JsonTableDef::new(json_path, columns, &name)?, doc))
}

/// Every row, each as its values' texts ("NULL" for NULL) joined by spaces.
fn rows(factor: &str) -> Result<Vec<String>> {
    let (d, doc) = def(factor)?;
    let mut out = Vec::new();
    d.fill(&doc, &mut |r| {
        let texts: Vec<String> =
            r.iter().map(|v| v.to_text().unwrap_or_else(|| "NULL".into())).collect();
        out.push(texts.join(" "));
        Ok(true)
    })?;
    Ok(out)
}

#[test]
fn sibling_nested_paths_take_turns_and_a_source_without_matches_keeps_one_row() {
    let got = rows(
        r#"JSON_TABLE('[{"a":1,"b":[11,111],"c":[5]},{"a":2}]', '$[*]' COLUMNS (
            a INT PATH '$.a',
            NESTED PATH '$.b[*]' COLUMNS (n FOR ORDINALITY, b INT PATH '$'),
            NESTED PATH '$.c[*]' COLUMNS (c INT PATH '$'))) AS jt"#,
    )
    .unwrap();
    assert_eq!(got, ["1 1 11 NULL", "1 2 111 NULL", "1 NULL NULL 5", "2 NULL NULL NULL"]);
    // A sibling without matches adds no row of its own when another one has rows.
    let got = rows(
        r#"JSON_TABLE('{"b":[1,2]}', '$' COLUMNS (
            NESTED PATH '$.x[*]' COLUMNS (x INT PATH '$'),
            NESTED PATH '$.b[*]' COLUMNS (b INT PATH '$'))) AS jt"#,
    )
    .unwrap();
    assert_eq!(got, ["NULL 1", "NULL 2"]);
}

#[test]
fn values_that_do_not_fit_take_the_on_error_value() {
    let got = rows(
        r#"JSON_TABLE('[1000, "12", "x1", 2.5, true, [1], null]', '$[*]' COLUMNS (
            t TINYINT PATH '$' DEFAULT '-1' ON ERROR,
            c CHAR(2) PATH '$',
            d DECIMAL(3,1) PATH '$')) AS jt"#,
    )
    .unwrap();
    assert_eq!(
        got,
        [
            "-1 NULL NULL",
            "12 12 12.0",
            "-1 x1 NULL",
            "2 NULL 2.5",
            "1 NULL 1.0",
            "-1 NULL NULL",
            "NULL NULL NULL"
        ]
    );
    // Trailing spaces cut from a string are no error; other characters are.
    assert_eq!(
        rows(r#"JSON_TABLE('["ab  ", "abc"]', '$[*]' COLUMNS (c CHAR(2) PATH '$')) jt"#).unwrap(),
        ["ab", "NULL"]
    );
    // A date reads from text only.
    assert_eq!(
        rows(r#"JSON_TABLE('["2024-2-3", "no", 20240203]', '$[*]' COLUMNS (d DATE PATH '$')) jt"#)
            .unwrap(),
        ["2024-02-03", "NULL", "NULL"]
    );
}

#[test]
fn error_clauses_raise_mysql_errors() {
    let code = |f: &str| rows(f).unwrap_err().code;
    assert_eq!(
        code(r#"JSON_TABLE('[{}]', '$[*]' COLUMNS (a INT PATH '$.a' ERROR ON EMPTY)) jt"#),
        3665
    );
    assert_eq!(
        code(r#"JSON_TABLE('[[1]]', '$[*]' COLUMNS (a INT PATH '$' ERROR ON ERROR)) jt"#),
        3666
    );
    assert_eq!(
        code(r#"JSON_TABLE('[1,2]', '$' COLUMNS (a INT PATH '$[*]' ERROR ON ERROR)) jt"#),
        3666
    );
    assert_eq!(
        code(r#"JSON_TABLE('[300]', '$[*]' COLUMNS (a TINYINT PATH '$' ERROR ON ERROR)) jt"#),
        3669
    );
    let e = rows(r#"JSON_TABLE('[1, "x"]', '$[*]' COLUMNS (a INT PATH '$' ERROR ON ERROR)) jt"#)
        .unwrap_err();
    assert_eq!((e.code, e.message.ends_with("at row 2")), (3156, true));
    assert_eq!(code(r#"JSON_TABLE('[1', '$[*]' COLUMNS (a INT PATH '$')) jt"#), 3141);
}

#[test]
fn the_definition_is_checked_before_any_row() {
    let code = |f: &str| def(f).map(|_| ()).unwrap_err().code;
    assert_eq!(
        code(r#"JSON_TABLE('[]', '$[*]' COLUMNS (a INT PATH '$', A INT PATH '$')) jt"#),
        1060
    );
    assert_eq!(code(r#"JSON_TABLE('[]', 'x' COLUMNS (a INT PATH '$')) jt"#), 3143);
    assert_eq!(
        code(r#"JSON_TABLE('[]', '$' COLUMNS (a INT PATH '$' DEFAULT '{}' ON EMPTY)) jt"#),
        1067
    );
    assert_eq!(
        code(r#"JSON_TABLE('[]', '$' COLUMNS (a INT PATH '$' DEFAULT 'x' ON ERROR)) jt"#),
        1067
    );
    assert_eq!(
        code(r#"JSON_TABLE('[]', '$' COLUMNS (a DATE PATH '$' DEFAULT '1' ON EMPTY)) jt"#),
        3669
    );
    // 15 NESTED PATHs are allowed; a 16th is ERROR 3670.
    let nest = |n: usize| {
        let mut f = String::from("JSON_TABLE('{}', '$' COLUMNS (a INT PATH '$'");
        for i in 0..n {
            f.push_str(&format!(", NESTED PATH '$' COLUMNS (c{i} INT PATH '$'"));
        }
        f.push_str(&")".repeat(n + 2));
        f + " jt"
    };
    assert_eq!(def(&nest(15)).map(|_| ()), Ok(()));
    assert_eq!(code(&nest(16)), 3670);
    let (d, _) =
        def(r#"JSON_TABLE('[]', '$[*]' COLUMNS (i FOR ORDINALITY, v VARCHAR(9) PATH '$.v' NULL ON EMPTY, e BIGINT UNSIGNED EXISTS PATH '$.e')) jt"#)
            .unwrap();
    assert_eq!(
        d.note,
        "'$[*]' columns (`i` for ordinality, `v` varchar(9) character set utf8mb4 path '$.v' null on empty, `e` bigint unsigned exists path '$.e')"
    );
}

#[test]
fn a_null_document_has_no_rows_and_emit_may_stop_the_fill() {
    let (d, _) = def(r#"JSON_TABLE('[]', '$[*]' COLUMNS (a INT PATH '$')) jt"#).unwrap();
    let mut n = 0;
    d.fill(&Value::Null, &mut |_| {
        n += 1;
        Ok(true)
    })
    .unwrap();
    assert_eq!(n, 0);
    d.fill(&Value::Str("[1,2,3]".into()), &mut |_| {
        n += 1;
        Ok(n < 2)
    })
    .unwrap();
    assert_eq!(n, 2);
}
