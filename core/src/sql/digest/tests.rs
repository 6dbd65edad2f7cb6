//! Digests checked against values MySQL printed.
//!
//! Sources:
//! - [manual] MySQL 8.4 Reference Manual, 14.21 "Miscellaneous Functions", STATEMENT_DIGEST()
//!   and STATEMENT_DIGEST_TEXT() examples (`SELECT * FROM mytable WHERE cola = 10 AND colb = 20`).
//! - [mtr] mysql/mysql-server, mysql-test/suite/perfschema/r/statement_digest.result: the
//!   DIGEST_TEXT column (its DIGEST column is 5.7's MD5, so only the texts are used).
//! - [8.0.34] rashiq/mysql-digest, digest/digest_mysql_compat_test.go: `SELECT
//!   STATEMENT_DIGEST('...')` as MySQL 8.0.34 printed it, recorded by that project.

use super::TokenArray;

fn digest(sql: &str) -> String {
    TokenArray::of(sql, 1024).hash_hex()
}

fn text(sql: &str) -> String {
    TokenArray::of(sql, 1024).text(1024)
}

#[test]
fn manual_example() {
    let sql = "SELECT * FROM mytable WHERE cola = 10 AND colb = 20";
    assert_eq!(digest(sql), "3bb95eeade896657c4526e74ff2a2862039d0a0fe8a9e7155b5fe492cbd78387");
    // The manual's box is one column wider than the text: the text ends with a space.
    assert_eq!(text(sql), "SELECT * FROM `mytable` WHERE `cola` = ? AND `colb` = ? ");
}

#[test]
fn mysql_8_0_34_statement_digests() {
    let cases = [
        ("SELECT * FROM users WHERE id = 42", "840a880ebd1642e8a0c4926cfbaf7d4da9616b03025a080fafd43a732800fab5"),
        ("SELECT a.id, b.name FROM users a JOIN orders b ON a.id = b.user_id WHERE b.total > 100 AND a.status = 'active'", "bbbad1c572514399449094ee3043cd0c8791dd0ae66d579066f05e5f6a2a2bd6"),
        ("INSERT INTO logs (user_id, action, created_at) VALUES (1, 'login', NOW()), (2, 'logout', NOW())", "63082d4181bdc6fada36b20f7719884355aef4dd40c26070d3377d0bc66bf84a"),
        ("UPDATE accounts SET balance = balance - 50.00, updated_at = NOW() WHERE id = 123 AND balance >= 50.00", "989b4724da70672cb9ee411beea017d2140f57471e708bd566ad97502e6046a7"),
        ("DELETE FROM sessions WHERE expires_at < NOW() AND user_id IN (1, 2, 3, 4, 5)", "6490f2bee2884432c4fe1b3f63298d502ba101bdcc1ef8e02f8e5754dd37cf70"),
        ("SELECT COUNT(*) AS cnt, status FROM orders GROUP BY status HAVING COUNT(*) > 10 ORDER BY cnt DESC LIMIT 5", "a61c184788ca4ab687dbced1e7c4c2f86b4d3a0b6324bd21a812d7c7c466fcdd"),
        ("SELECT u.*, (SELECT COUNT(*) FROM orders WHERE user_id = u.id) AS order_count FROM users u WHERE u.created_at > '2024-01-01'", "7f476b144ccca78b057630a5339080e6baa027cf025d289749700ba97dbd8f37"),
        ("SELECT * FROM products WHERE category_id IN (SELECT id FROM categories WHERE parent_id = 5) AND price BETWEEN 10.00 AND 100.00", "fb9714785b2c028cf58ebb6d4b1ee18285f453c7c6a8f0f469c0f9b5222df78d"),
        ("SELECT DATE(created_at) AS day, SUM(amount) AS total FROM transactions GROUP BY DATE(created_at) ORDER BY day DESC", "d60a728c07bec79fceae285c6406323ef564dfd39401e5b87f82de73e8595791"),
        ("SELECT COALESCE(nickname, username, email) AS display_name, IFNULL(avatar_url, '/default.png') FROM users WHERE id = 1", "a27ab6578509d6aa9faa6620e08ce05d272bd7e0208ceba693d07fc71f168022"),
        ("SELECT * FROM events WHERE start_time >= NOW() AND end_time <= DATE_ADD(NOW(), INTERVAL 7 DAY) ORDER BY start_time", "15d88f9a89c7bc0b2f698086b6379933ad962dd113d079a20cee53b7756fa541"),
        ("WITH ranked AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY category_id ORDER BY price DESC) AS rn FROM products) SELECT * FROM ranked WHERE rn <= 3", "8f35aa1c4878b88cf8d53bdb222fb77133b20b834defeee1ea1adc627b8e19fd"),
        ("SELECT /*+ MAX_EXECUTION_TIME(5000) */ id, name FROM large_table WHERE status = 1 LIMIT 1000", "e3399d128b66b9c8691dc9294867dfbbc7c91bd7522dcd1bf01866b8c7b0a575"),
        ("SELECT HEX(uuid), FROM_UNIXTIME(created_ts), INET_NTOA(ip_address) FROM access_logs WHERE id > 0", "befa66430b18af4788665af06f42aa0af8698569854b1cd3fcce31430ef40b72"),
        ("INSERT INTO audit_log SELECT NULL, 'UPDATE', OLD.*, NEW.*, NOW() FROM dual WHERE 1=1", "343e3e20a203533e1351d4c11c7cac0bb2b5dafc10d7b0d92935f5a6f9ea7e58"),
        ("SELECT t1.a, t2.b, t3.c FROM t1 LEFT JOIN t2 ON t1.id = t2.t1_id RIGHT JOIN t3 ON t2.id = t3.t2_id WHERE t1.x IS NOT NULL", "aa933efe93e068448bae1740ac7dba2cd514f3e076492534b1bd44ff0d08982f"),
        ("SELECT JSON_EXTRACT(data, '$.user.name') AS user_name, JSON_UNQUOTE(JSON_EXTRACT(data, '$.user.email')) FROM json_docs", "6215c011c70d71ef97f8d11d4bf80b8ce4e67a7e87dc8e53cd8b171620c14f0b"),
        ("SELECT CASE WHEN score >= 90 THEN 'A' WHEN score >= 80 THEN 'B' WHEN score >= 70 THEN 'C' ELSE 'F' END AS grade FROM students", "0e4b162fe740e15acc424130d62baea64414a4320ac061acd7f61d15cad90c05"),
        ("SELECT * FROM orders WHERE (status = 'pending' AND created_at < DATE_SUB(NOW(), INTERVAL 1 HOUR)) OR (status = 'processing' AND updated_at < DATE_SUB(NOW(), INTERVAL 30 MINUTE))", "d8cbe81feb5f5018a5c363d26eafc1401f15bb7a4ecc317cc3fba94bdefc974b"),
        ("SELECT DISTINCT category, FIRST_VALUE(name) OVER (PARTITION BY category ORDER BY price) AS cheapest FROM products", "b25149f2194dee30fc35666b1e0c3f9a42d8800e51e12d8c8890101fcd45f67d"),
        ("SELECT * FROM 用户表 WHERE 名字 = \"test\"", "f43f4998e24eaadbfffbcf19144a44c27aadd8a814fc7e22d023706bce0604ef"),
        ("SELECT `姓名`, `年龄` FROM `员工表` WHERE `部门` = '技术'", "983bfbac776785dfe15c6a8c6a67be36cc1100ba7411288cd3f1bea40bc1bf31"),
        ("SELECT user_id, 用户名 FROM users_用户 WHERE active = 1", "9e966b778c0ab8cb6399c81fddfaeca752e5e740b31f79e59e5e0aee6e5284c0"),
    ];
    let wrong: Vec<String> = cases
        .iter()
        .filter(|(sql, want)| digest(sql) != *want)
        .map(|(sql, _)| format!("{sql}\n  -> {}", text(sql)))
        .collect();
    assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}

#[test]
fn mtr_digest_texts() {
    let cases = [
        ("SELECT 1 FROM t1", "SELECT ? FROM `t1` "),
        ("SELECT 1 FROM `t1`", "SELECT ? FROM `t1` "),
        ("SELECT 1, 2, 3, 4 FROM t1", "SELECT ?, ... FROM `t1` "),
        ("INSERT INTO t1 VALUES (1)", "INSERT INTO `t1` VALUES (?) "),
        ("INSERT INTO t3 VALUES (1, 2)", "INSERT INTO `t3` VALUES (...) "),
        ("INSERT INTO t1 VALUES (1), (2), (3)", "INSERT INTO `t1` VALUES (?) /* , ... */ "),
        ("INSERT INTO t3 VALUES (1, 2), (3, 4), (5, 6)", "INSERT INTO `t3` VALUES (...) /* , ... */ "),
        ("SELECT * FROM t1 WHERE a IN (1)", "SELECT * FROM `t1` WHERE `a` IN (...) "),
        ("SELECT * FROM t1 WHERE a IN (1, 2, 3)", "SELECT * FROM `t1` WHERE `a` IN (...) "),
        ("INSERT INTO t1 VALUES (NULL)", "INSERT INTO `t1` VALUES (?) "),
        ("INSERT INTO t3 VALUES (NULL,NULL)", "INSERT INTO `t3` VALUES (...) "),
        ("SELECT                                          1           +        1", "SELECT ? + ? "),
        ("SELECT 1 /* This is an inline comment */ + 1", "SELECT ? + ? "),
        ("SELECT 1+\n/*\nthis is a\nmultiple-line comment\n*/\n1", "SELECT ? + ? "),
        ("CREATE SCHEMA statements_digest_temp", "CREATE SCHEMA `statements_digest_temp` "),
        ("CREATE DATABASE statements_digest_temp", "CREATE SCHEMA `statements_digest_temp` "),
        ("CREATE TABLE dup_table (c char(4))", "CREATE TABLE `dup_table` ( `c` CHARACTER (?) ) "),
        ("INSERT IGNORE INTO t11 VALUES(\"MySQL\")", "INSERT IGNORE INTO `t11` VALUES (?) "),
        ("SHOW WARNINGS", "SHOW WARNINGS "),
        ("PREPARE stmt FROM \"SELECT * FROM t12\"", "PREPARE `stmt` FROM ? "),
        ("CALL p1()", "CALL `p1` ( ) "),
        ("CREATE PROCEDURE p1() BEGIN SELECT * FROM t12; END", "CREATE PROCEDURE `p1` ( ) BEGIN SELECT * FROM `t12` ; END "),
        ("CREATE FUNCTION `func`(a INT, b INT) RETURNS int(11) RETURN a+b", "CREATE FUNCTION `func` ( `a` INTEGER , `b` INTEGER ) RETURNS INTEGER (?) RETURN `a` + `b` "),
        ("select func(3,4)", "SELECT `func` (...) "),
        ("CREATE TRIGGER trg BEFORE INSERT ON t12 FOR EACH ROW SET @a:=1", "CREATE TRIGGER `trg` BEFORE INSERT ON `t12` FOR EACH ROW SET @? := ? "),
        ("TRUNCATE TABLE performance_schema.events_statements_summary_by_digest", "TRUNCATE TABLE `performance_schema` . `events_statements_summary_by_digest` "),
    ];
    for (sql, want) in cases {
        assert_eq!(text(sql), want, "{sql}");
    }
}

#[test]
fn listing_3_118_shapes() {
    // The chapter prints the first 38 characters of each shape's DIGEST_TEXT.
    let left = |sql: &str| text(sql).chars().take(38).collect::<String>();
    assert_eq!(
        left(
            "SELECT COUNT(*) FROM page_views WHERE customer_id = 42 AND viewed_at >= '2024-01-01'"
        ),
        "SELECT COUNT ( * ) FROM `page_views` W"
    );
    assert_eq!(
        left("SELECT name, email FROM customers WHERE id = 7"),
        "SELECT NAME , `email` FROM `customers`"
    );
    assert_eq!(
        left("SELECT o.id, o.status, SUM(i.qty) FROM orders o"),
        "SELECT `o` . `id` , `o` . `status` , S"
    );
}

#[test]
fn signs_strings_and_variables() {
    // A sign folds only where an expression starts (not after `=`): sql/gen_lex_token.cc.
    assert_eq!(text("select 1, -2, -'x', 1 = -1"), "SELECT ?, ... , - ?, ... = - ? ");
    assert_eq!(text("SELECT a - 1, (-1)"), "SELECT `a` - ? , (?) ");
    assert_eq!(
        text("SELECT @@session.sql_mode, @@max_connections, @a"),
        "SELECT @@SESSION . `sql_mode` , @@`max_connections` , @? "
    );
    assert_eq!(
        text("SELECT DISTINCT x FROM t WHERE y IS NULL AND z IS NOT NULL"),
        "SELECT DISTINCTROW `x` FROM `t` WHERE `y` IS NULL AND `z` IS NOT NULL "
    );
    assert_eq!(
        text("SELECT * FROM t WHERE d > NOW() - INTERVAL 1 DAY"),
        "SELECT * FROM `t` WHERE `d` > NOW ( ) - INTERVAL ? SQL_TSI_DAY "
    );
    assert_eq!(text("SELECT 1 -- trailing\n# another\n;"), "SELECT ? ");
    assert_eq!(text("SELECT count FROM t"), "SELECT `count` FROM `t` ");
    assert_eq!(
        text("SELECT /*+ SET_VAR(sort_buffer_size = 16M) */ 1"),
        "SELECT /*+ SET_VAR (?) */ ? ".replace("(?)", "( `sort_buffer_size` = ? )").as_str()
    );
    assert_eq!(
        text("SELECT a FROM t GROUP BY a WITH ROLLUP"),
        "SELECT `a` FROM `t` GROUP BY `a` WITH ROLLUP "
    );
    assert_eq!(text("SELECT /*!80000 1 */ + 2"), "SELECT ? + ? ");
    // 9.7.2 is 90702: a comment for 9.7.1 is SQL here, one for 9.7.3 is not.
    assert_eq!(text("SELECT 1 /*!90701 + 2 */"), "SELECT ? + ? ");
    assert_eq!(text("SELECT 1 /*!90703 + 2 */"), "SELECT ? ");
}

#[test]
fn truncation_at_the_array_size() {
    let long = format!("SELECT {}", vec!["1"; 2000].join("+"));
    let a = TokenArray::of(&long, 1024);
    assert!(a.truncated());
    // SELECT, then `? +` pairs until 1024 bytes: 512 tokens in all.
    assert_eq!(a.text(1024).matches(' ').count(), 512);
    // Statements that differ only after the limit share the digest.
    let longer = format!("{long} + 5");
    assert_eq!(TokenArray::of(&longer, 1024).hash_hex(), a.hash_hex());
    assert_eq!(TokenArray::of("SELECT 1", 0).text(0), "");
}

#[test]
fn bad_input_never_panics() {
    for sql in [
        "",
        "'",
        "`",
        "/*",
        "/*!",
        "/*+",
        "@",
        "@@",
        "0x",
        "1e",
        "x'",
        "\u{00e9}\u{00e9}",
        "-- ",
        "SELECT 'a\\",
        ")))",
        "((((",
        "1.2.3.4",
        "?,?,?",
    ] {
        let a = TokenArray::of(sql, 1024);
        let _ = (a.hash_hex(), a.text(1024), a.text(3));
    }
}

#[test]
fn keyword_tables_are_consistent() {
    use super::tokens::{keyword, text};
    // Reserved words and their synonyms print as lex.h's last name for the token.
    for (word, printed) in [
        ("select", "SELECT"),
        ("schema", "SCHEMA"),
        ("database", "SCHEMA"),
        ("integer", "INTEGER"),
        ("int", "INTEGER"),
        ("character", "CHARACTER"),
        ("distinctrow", "DISTINCTROW"),
        ("some", "SOME"),
        ("explain", "EXPLAIN"),
        ("describe", "EXPLAIN"),
    ] {
        let t = keyword(word, false).unwrap_or_else(|| panic!("{word} is a keyword"));
        assert_eq!(text(t), Some(printed), "{word}");
    }
    // Function names are keywords only before `(`.
    assert_eq!(keyword("count", false), None);
    assert_eq!(keyword("COUNT", true), Some(352));
    assert_eq!(keyword("no_such_word", true), None);
}
