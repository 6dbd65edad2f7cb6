//! Bad input never panics and never loses the session: thousands of generated and garbled
//! statements (mutations of real ones, random token soup, unbalanced quotes and comments,
//! deep nesting, huge numbers) each get a MySQL error or a result, and the session still
//! answers a valid query afterwards. The generator is seeded, so a failure reproduces.

use tunelab_core::client::Client;
use tunelab_core::sim::SimRng;
use tunelab_core::Experiment;

const CORPUS: &[&str] = &[
    "CREATE TABLE shop.g (a INT, b INT AS (a * 2) STORED, c VARCHAR(9) GENERATED ALWAYS AS (CONCAT('x', a)) VIRTUAL, KEY (b));",
    "INSERT INTO shop.g (a) VALUES (3), (NULL); INSERT INTO shop.g VALUES (1, DEFAULT, 'y');",
    "UPDATE shop.g SET b = DEFAULT, a = a + 1; SHOW CREATE TABLE shop.g;",
    "CREATE TABLE shop.fx (a INT, b VARCHAR(20), INDEX ix ((a + 1)), UNIQUE ((LOWER(b)), a DESC), KEY ((ABS(a))));",
    "INSERT INTO shop.fx VALUES (1, 'A'), (2, 'a'), (1, 'a'); SELECT * FROM shop.fx WHERE a + 1 = 2; TABLE shop.fx;",
    "CREATE INDEX fi ON shop.fx ((a * 2)); ALTER TABLE shop.fx ADD INDEX ((CAST(b AS CHAR(3)))), DROP INDEX ix;",
    "ALTER TABLE shop.fx DROP COLUMN a; SELECT `!hidden!ix!0!0` FROM shop.fx; SHOW INDEX FROM shop.fx;",
    "CREATE TABLE shop.fy (a INT, PRIMARY KEY ((a + 1)), INDEX ((a)), INDEX ((RAND())), KEY ((NULL)), KEY `` ((a)));",
    "CREATE TABLE shop.ck (a INT CHECK (a > 0), b INT, CONSTRAINT b_pos CHECK (b > a) NOT ENFORCED, CHECK (a <> b));",
    "INSERT IGNORE INTO shop.ck VALUES (-1, 2), (1, 1), (2, 3); ALTER TABLE shop.ck ADD CHECK (b IS NOT NULL);",
    "ALTER TABLE shop.ck DROP CHECK b_pos; ALTER TABLE shop.ck DROP CONSTRAINT ck_chk_9;",
    "CREATE TABLE shop.fk (id INT PRIMARY KEY, cid INT, FOREIGN KEY (cid) REFERENCES shop.categories (id) ON DELETE CASCADE ON UPDATE SET NULL);",
    "INSERT INTO shop.fk VALUES (1, 2), (2, 99); DELETE FROM shop.categories WHERE id = 2; DROP TABLE shop.categories;",
    "SET foreign_key_checks = 0; INSERT INTO shop.fk VALUES (3, 77); SET foreign_key_checks = DEFAULT;",
    "SELECT * FROM information_schema.TABLE_CONSTRAINTS, information_schema.CHECK_CONSTRAINTS, information_schema.REFERENTIAL_CONSTRAINTS LIMIT 3;",
    "CREATE VIEW shop.vv AS SELECT nosuch FROM shop.orders; CREATE VIEW shop.vw AS SELECT * FROM shop.nosuch;",
    "LOCK TABLES orders READ, customers WRITE; SELECT * FROM products; UPDATE orders SET status = 'x'; UNLOCK TABLES;",
    "FLUSH TABLES WITH READ LOCK; INSERT INTO shop.categories (name) VALUES ('z'); UNLOCK TABLES;",
    "SELECT 1+1;",
    "SET GLOBAL max_connections = 20;",
    "SET GLOBAL innodb_monitor_enable = 'all';",
    "FLUSH BINARY LOGS;",
    "PURGE BINARY LOGS TO 'binlog.000002';",
    "PURGE BINARY LOGS BEFORE NOW() - INTERVAL 1 DAY;",
    "PURGE BINARY LOGS BEFORE NOW() junk\n more;",
    "PURGE MASTER LOGS BEFORE 'é' é;",
    "RESET BINARY LOGS AND GTIDS TO 7;",
    "RESET MASTER;",
    "SET GLOBAL innodb_monitor_reset = '%_';",
    "SET GLOBAL innodb_monitor_disable = 'module_%';",
    "SET GLOBAL innodb_monitor_reset_all = 'all';",
    "SELECT NAME, COUNT, AVG_COUNT FROM information_schema.INNODB_METRICS WHERE COUNT > 0;",
    "SET PERSIST max_connections = 300; RESET PERSIST IF EXISTS nope; RESET PERSIST `max_connections`; RESET PERSIST IF; RESET PERSIST a b c; RESET PERSIST ``; SELECT * FROM performance_schema.persisted_variables; RESET PERSIST;",
    "SELECT * FROM sys.statements_with_temp_tables; SELECT * FROM sys.x$statements_with_sorting WHERE avg_rows_sorted > 0; SELECT * FROM sys.statements_with_errors_or_warnings ORDER BY error_pct; SELECT * FROM sys.schema_table_statistics; SELECT * FROM sys.x$ps_schema_table_statistics_io;",
    "SELECT * FROM information_schema.INNODB_BUFFER_PAGE WHERE BLOCK_ID < 2 OR PAGE_STATE = 'NOT_USED' LIMIT 3; SELECT * FROM sys.innodb_buffer_stats_by_schema; SELECT * FROM sys.x$innodb_buffer_stats_by_table; SELECT * FROM sys.schema_redundant_indexes; SELECT * FROM sys.x$schema_flattened_keys WHERE index_columns LIKE '%,%';",
    "SELECT @@max_connections, @@global.innodb_buffer_pool_size DIV 1048576;",
    "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool%';",
    "SHOW VARIABLES WHERE Variable_name = 'autocommit' AND Value = 'ON';",
    "SELECT ROUND(100 * (1 - 653 / 106682), 2) AS naive_hit;",
    "SELECT CONCAT('a', LEFT('bc', 1)), IF(1 > 2, 'x', NULL), COALESCE(NULL, 3);",
    "SET @x = 5, SESSION sort_buffer_size = DEFAULT;",
    "DO SLEEP(0.001);",
    "SELECT CASE WHEN 1 THEN 'a' ELSE 'b' END, 3 BETWEEN 1 AND 5, 2 IN (1, 2);",
    "SELECT 'it''s' LIKE '%s', \"dq\", `bq`;",
    "SELECT 9223372036854775807 * 2;",
    "SHOW WARNINGS;",
    "SHOW BINARY LOGS; SHOW BINARY LOG STATUS; SHOW BINARY LOG; SHOW BINARY; SHOW REPLICA STATUS; SHOW REPLICA; SHOW MASTER STATUS; SHOW MASTER LOGS; SHOW SLAVE STATUS; SHOW BINARY LOGS LIKE 1",
    "USE sys;",
    "SELECT * FROM performance_schema.global_status;",
    "SELECT COUNT(*) FROM shop.page_views WHERE customer_id = 3 AND viewed_at >= '2026-09-01';",
    "CREATE TABLE IF NOT EXISTS shop.t (id INT PRIMARY KEY, v VARCHAR(10), KEY k (v));",
    "INSERT INTO shop.t VALUES (1, 'a'), (2, 'b');",
    "UPDATE shop.t SET v = CONCAT(v, 'x') WHERE id = 1;",
    "DELETE FROM shop.t WHERE id = 2;",
    "SELECT o.id, SUM(oi.price) FROM shop.orders o JOIN shop.order_items oi ON oi.order_id = o.id GROUP BY o.id ORDER BY 2 DESC LIMIT 3;",
    "EXPLAIN SELECT * FROM shop.customers WHERE id = 3;",
    "EXPLAIN FORMAT=TREE SELECT * FROM shop.orders WHERE status = 'paid' ORDER BY id DESC LIMIT 2;",
    "EXPLAIN FORMAT=TREE SELECT o.id FROM shop.orders o LEFT JOIN shop.customers c ON c.name = o.status;",
    "EXPLAIN FORMAT=JSON SELECT c.name, COUNT(*) FROM shop.orders o JOIN shop.customers c ON c.id = o.customer_id GROUP BY c.name ORDER BY 1;",
    "EXPLAIN FORMAT=JSON SELECT DISTINCT status FROM shop.orders WHERE id > 2 LIMIT 1;",
    "EXPLAIN FORMAT=JSON SELECT * FROM shop.orders o LEFT JOIN shop.customers c ON c.name = o.status;",
    "EXPLAIN FORMAT=JSON SELECT a FROM (SELECT 1 AS a) d;",
    "EXPLAIN FORMAT=XML SELECT 1;",
    "EXPLAIN FORMAT=TREE WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r, r AS r2;",
    "EXPLAIN ANALYZE WITH RECURSIVE r (n) AS (SELECT 1 UNION SELECT n + 1 FROM r WHERE n < 3) SELECT COUNT(*) FROM r;",
    "EXPLAIN ANALYZE WITH RECURSIVE c AS (SELECT id FROM shop.orders WHERE id = 1 UNION ALL SELECT o.id FROM shop.orders o JOIN c ON o.id = c.id + 1) SELECT * FROM c;",
    "EXPLAIN FORMAT=TREE SELECT * FROM shop.customers c, LATERAL (SELECT COUNT(*) n FROM shop.orders o WHERE o.customer_id = c.id) l;",
    "EXPLAIN ANALYZE SELECT * FROM shop.customers c JOIN LATERAL (SELECT MAX(o.id) m FROM shop.orders o WHERE o.customer_id = c.id) l ON TRUE;",
    "EXPLAIN FORMAT=JSON SELECT * FROM shop.customers c, LATERAL (SELECT c.id + 1 AS n) l;",
    "EXPLAIN FORMAT=JSON SELECT id, SUM(id) OVER (PARTITION BY customer_id), ROW_NUMBER() OVER (ORDER BY status), RANK() OVER () FROM shop.orders;",
    "EXPLAIN FORMAT=JSON (SELECT id FROM shop.orders UNION SELECT id FROM shop.customers) UNION ALL SELECT 5;",
    "EXPLAIN FORMAT=JSON SELECT 1 INTERSECT ((SELECT 2 UNION SELECT 3) EXCEPT SELECT 4) ORDER BY 1;",
    "EXPLAIN FORMAT=JSON (SELECT 1 UNION SELECT 2) UNION VALUES ROW(5);",
    "EXPLAIN SELECT * FROM (SELECT id FROM shop.orders UNION SELECT id FROM shop.customers EXCEPT SELECT 1) d;",
    "EXPLAIN SELECT * FROM (SELECT id FROM shop.orders UNION (SELECT id FROM shop.customers LIMIT 1) ORDER BY id LIMIT 2) d;",
    "EXPLAIN FORMAT=TREE SELECT * FROM (SELECT 1 UNION SELECT 2 LIMIT 1) d;",
    "EXPLAIN SELECT * FROM shop.customers c LEFT JOIN (shop.orders o JOIN shop.order_items i ON i.order_id = o.id) ON o.customer_id = c.id;",
    "EXPLAIN FORMAT=JSON SELECT * FROM shop.customers c STRAIGHT_JOIN (shop.orders o JOIN shop.order_items i ON i.order_id = o.id) ON o.customer_id = c.id;",
    "EXPLAIN FOR CONNECTION 1;",
    "EXPLAIN FORMAT=JSON FOR CONNECTION 8;",
    "EXPLAIN ANALYZE FOR CONNECTION 5;",
    "EXPLAIN FOR CONNECTION 18446744073709551615;",
    "EXPLAIN FOR CONNECTION -1;",
    "EXPLAIN FOR CONNECTION x;",
    "EXPLAIN FORMAT=JSON SELECT ROW_NUMBER() OVER () FROM shop.orders;",
    "EXPLAIN FORMAT=JSON SELECT id FROM shop.customers UNION SELECT customer_id FROM shop.orders ORDER BY 1 LIMIT 2;",
    "EXPLAIN FORMAT=JSON SELECT 1 UNION ALL SELECT 2 INTERSECT SELECT 3 EXCEPT (SELECT 4 LIMIT 1);",
    "EXPLAIN FORMAT=JSON (SELECT id FROM shop.orders ORDER BY id LIMIT 2) UNION (TABLE shop.customers);",
    "EXPLAIN FORMAT=JSON WITH x AS (SELECT customer_id, COUNT(*) n FROM shop.orders GROUP BY 1) SELECT * FROM x a JOIN x b ON a.n = b.n;",
    "EXPLAIN FORMAT=JSON SELECT * FROM (SELECT DISTINCT status FROM (SELECT status FROM shop.orders LIMIT 3) i) o WHERE status > 'a';",
    "EXPLAIN FORMAT=JSON SELECT id, SUM(id) OVER (PARTITION BY customer_id ORDER BY id DESC) FROM shop.orders o JOIN shop.customers c ON c.id = o.customer_id;",
    "EXPLAIN FORMAT=JSON SELECT LAG(id, 2) OVER (ORDER BY status), NTILE(3) OVER () FROM shop.orders;",
    "EXPLAIN FORMAT=JSON UPDATE shop.orders SET status = 'x' WHERE id BETWEEN 1 AND 3;",
    "EXPLAIN FORMAT=JSON DELETE o FROM shop.orders o JOIN shop.customers c ON c.id = o.customer_id WHERE c.id < 4;",
    "EXPLAIN FORMAT=JSON INSERT INTO shop.categories (name) SELECT DISTINCT status FROM shop.orders;",
    "EXPLAIN FORMAT=JSON REPLACE INTO shop.categories VALUES (1, 'a');",
    "EXPLAIN FORMAT=JSON SELECT id FROM shop.orders o WHERE o.id > (SELECT AVG(id) FROM shop.customers) AND EXISTS (SELECT 1 FROM shop.customers c WHERE c.id = o.customer_id);",
    "EXPLAIN FORMAT=JSON SELECT customer_id FROM shop.orders GROUP BY customer_id HAVING COUNT(*) > (SELECT COUNT(*) FROM shop.customers WHERE id < 3);",
    "EXPLAIN FORMAT=JSON SELECT 1 FROM DUAL WHERE 2 IN (SELECT id FROM shop.customers);",
    "EXPLAIN FORMAT=JSON DELETE FROM shop.orders WHERE customer_id = 3 ORDER BY created_at LIMIT 1;",
    "EXPLAIN SELECT /*+ QB_NAME(q) NO_MERGE(d@q) BKA(d, nope) MAX_EXECUTION_TIME(9) NO_BNL() */ * FROM (SELECT id FROM shop.orders) d;",
    "EXPLAIN SELECT /*+ NO_MERGE( ) BKA(@ ) MERGE(`d`@`select#1`) */ 1 FROM (SELECT 1 AS a) d;",
    "EXPLAIN WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT * FROM r, r AS r2;",
    "EXPLAIN FORMAT=JSON WITH RECURSIVE r AS (SELECT id FROM shop.orders WHERE id = 1 UNION SELECT o.id FROM shop.orders o JOIN r ON o.id = r.id + 1) SELECT * FROM r;",
    "EXPLAIN FORMAT=TREE WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT * FROM r;",
    "EXPLAIN WITH RECURSIVE r (n) AS (SELECT n + 1 FROM r UNION ALL SELECT 1) SELECT * FROM r;",
    "EXPLAIN FORMAT=JSON WITH RECURSIVE r (n) AS (SELECT n FROM r) SELECT * FROM r;",
    "EXPLAIN WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM (SELECT * FROM r) x WHERE n < 3) SELECT * FROM r;",
    "EXPLAIN FORMAT=JSON DELETE FROM shop.orders ORDER BY id LIMIT 1;",
    "EXPLAIN FORMAT=JSON SELECT c.id, (SELECT COUNT(*) FROM shop.orders o WHERE o.customer_id = c.id), (SELECT 1) FROM shop.customers c ORDER BY 2;",
    "EXPLAIN FORMAT=JSON SELECT (SELECT MAX(id) FROM shop.orders) x FROM shop.orders o JOIN shop.customers c ON c.id = o.customer_id GROUP BY x;",
    "EXPLAIN FORMAT=JSON TABLE shop.customers;",
    "EXPLAIN SELECT o.id, c.name FROM shop.orders o JOIN shop.customers c ON c.id = o.customer_id JOIN shop.order_items oi ON oi.order_id = o.id WHERE c.id < 4;",
    "SELECT STRAIGHT_JOIN COUNT(*) FROM shop.orders o JOIN shop.customers c ON c.id = o.customer_id;",
    "EXPLAIN SELECT o.id FROM shop.orders o STRAIGHT_JOIN shop.customers c ON c.id = o.customer_id LEFT JOIN shop.order_items oi ON oi.order_id = o.id;",
    "SELECT /*+ JOIN_FIXED_ORDER() */ * FROM shop.order_items oi, shop.orders o, shop.customers c WHERE o.id = oi.order_id AND c.id = o.customer_id LIMIT 2;",
    "SELECT * FROM shop.customers c RIGHT JOIN shop.orders o ON o.customer_id = c.id JOIN shop.order_items oi ON oi.order_id = o.id LIMIT 2;",
    "SELECT c.id, x.total FROM shop.customers c, LATERAL (SELECT SUM(o.id) total FROM shop.orders o WHERE o.customer_id = c.id) x LIMIT 3;",
    "SELECT c.id, x.id FROM shop.customers c LEFT JOIN LATERAL (SELECT o.id FROM shop.orders o WHERE o.customer_id = c.id ORDER BY o.id DESC LIMIT 1) AS x ON TRUE LIMIT 3;",
    "SELECT * FROM shop.customers c, LATERAL (SELECT d.id) AS x, shop.orders d LIMIT 1;",
    "SELECT * FROM shop.customers c, LATERAL (SELECT c.id);",
    "SELECT * FROM JSON_TABLE('[{\"a\":1,\"b\":[1,2]},{\"a\":\"x\"}]', '$[*]' COLUMNS (n FOR ORDINALITY, a INT PATH '$.a' DEFAULT '0' ON ERROR, e INT EXISTS PATH '$.b', NESTED PATH '$.b[*]' COLUMNS (b JSON PATH '$'), NESTED PATH '$.c[*]' COLUMNS (c CHAR(2) PATH '$' ERROR ON EMPTY))) AS jt;",
    "SELECT c.id, jt.* FROM shop.customers c LEFT JOIN JSON_TABLE(JSON_ARRAY(c.id, c.name), '$[*]' COLUMNS (v VARCHAR(20) PATH '$', d DATE PATH '$' NULL ON ERROR)) AS jt ON jt.v <> '' ORDER BY 1 LIMIT 5;",
    "SELECT COUNT(*), SUM(x) FROM shop.orders o, JSON_TABLE(CONCAT('[', o.id, ',', o.customer_id, ']'), '$[*]' COLUMNS (x DECIMAL(5,1) PATH '$')) AS j GROUP BY o.status;",
    "EXPLAIN FORMAT=TREE SELECT * FROM shop.orders o JOIN JSON_TABLE(JSON_OBJECT('k', o.id), '$.k' COLUMNS (k BIGINT UNSIGNED PATH '$')) jt ON jt.k = o.id;",
    "SELECT * FROM JSON_TABLE(@nothing, '$**.a' COLUMNS (a TIME PATH '$' ERROR ON ERROR, NESTED '$[*]' COLUMNS (z TEXT PATH '$'))) t RIGHT JOIN shop.customers c ON TRUE LIMIT 2;",
    "EXPLAIN SELECT c.id, x.n FROM shop.customers c, LATERAL (SELECT COUNT(*) n FROM shop.orders o WHERE o.customer_id = c.id) x;",
    "EXPLAIN FORMAT=TREE SELECT * FROM shop.customers c, LATERAL (SELECT c.id) x;",
    "SELECT (SELECT COUNT(*) FROM (SELECT * FROM shop.orders o WHERE o.customer_id = c.id) d) FROM shop.customers c LIMIT 3;",
    "SELECT COUNT(*) FROM shop.orders o JOIN shop.order_items oi ON oi.order_id = o.id RIGHT JOIN shop.customers c ON c.id = o.customer_id;",
    "SELECT COUNT(*) FROM shop.customers c LEFT JOIN (shop.orders o JOIN shop.order_items oi ON oi.order_id = o.id) ON o.customer_id = c.id WHERE oi.order_id IS NULL;",
    "SELECT * FROM shop.customers a LEFT JOIN shop.orders b ON a.id = b.customer_id RIGHT JOIN shop.customers c ON c.id = b.id LIMIT 1;",
    "SELECT COUNT(*) FROM shop.orders a, shop.orders b, shop.orders c, shop.orders d, shop.orders e, shop.orders f, shop.orders g, shop.orders h, shop.orders i WHERE a.id = b.id AND b.id = c.id AND c.id = d.id AND d.id = e.id AND e.id = f.id AND f.id = g.id AND g.id = h.id AND h.id = i.id;",
    "EXPLAIN ANALYZE SELECT customer_id, COUNT(*) FROM shop.orders GROUP BY customer_id HAVING COUNT(*) > 1;",
    "EXPLAIN ANALYZE FORMAT=TREE SELECT DISTINCT status FROM shop.orders WHERE id IN (1, 3, 5);",
    "EXPLAIN ANALYZE FORMAT=JSON SELECT 1;",
    "EXPLAIN SELECT * FROM shop.customers WHERE id IN (SELECT customer_id FROM shop.orders);",
    "EXPLAIN SELECT (SELECT MAX(id) FROM shop.orders), EXISTS (SELECT 1 FROM shop.customers) FROM shop.customers HAVING 1 > (SELECT 0);",
    "EXPLAIN SELECT * FROM shop.orders o WHERE o.id = (SELECT MAX(i.id) FROM shop.orders i WHERE i.customer_id = o.customer_id);",
    "EXPLAIN SELECT * FROM shop.orders WHERE id IN (SELECT id FROM shop.orders WHERE id IN (SELECT 1));",
    "EXPLAIN SELECT c.name, (SELECT COUNT(*) FROM shop.orders o WHERE o.customer_id = c.id) FROM shop.customers c WHERE NOT EXISTS (SELECT * FROM shop.orders o2 WHERE o2.id = c.id + 1);",
    "EXPLAIN SELECT * FROM shop.customers c WHERE c.id IN (SELECT 1) AND c.id <> ALL (SELECT o.id FROM shop.orders o WHERE o.status = c.name LIMIT 3);",
    "EXPLAIN ANALYZE shop.orders;",
    "EXPLAIN FORMAT=TREE UPDATE shop.orders o JOIN shop.customers c ON c.id = o.customer_id SET o.status = 'paid', c.name = o.status WHERE c.id > 2;",
    "EXPLAIN FORMAT=TREE REPLACE INTO shop.orders SELECT * FROM shop.orders UNION ALL SELECT * FROM shop.orders LIMIT 1;",
    "EXPLAIN FORMAT=TREE DELETE shop.o FROM shop.orders o, shop.customers WHERE o.customer_id = 0;",
    "EXPLAIN FORMAT=TREE WITH x AS (SELECT status, COUNT(*) AS n FROM shop.orders GROUP BY status) SELECT * FROM x a JOIN x b ON a.n < b.n JOIN (SELECT DISTINCT customer_id FROM shop.orders) d;",
    "EXPLAIN ANALYZE (SELECT id FROM shop.customers ORDER BY id LIMIT 2) UNION ALL SELECT 1 INTERSECT (SELECT 2 EXCEPT SELECT 3) ORDER BY 1 DESC LIMIT 4;",
    "EXPLAIN ANALYZE SELECT id FROM shop.customers UNION ALL SELECT customer_id FROM shop.orders;",
    "EXPLAIN FORMAT=TREE DELETE FROM shop.orders WHERE id = 1;",
    "EXPLAIN ANALYZE SELECT c.id, (SELECT MAX(o.id) FROM shop.orders o WHERE o.customer_id = c.id AND o.status IN (SELECT status FROM shop.orders)) FROM shop.customers c WHERE c.name NOT IN (SELECT o2.status FROM shop.orders o2 WHERE o2.id = c.id + 1);",
    "EXPLAIN FORMAT=TREE SELECT * FROM shop.orders o WHERE EXISTS (SELECT 1 FROM shop.customers c WHERE c.id = o.customer_id LIMIT 1) ORDER BY (SELECT 1);",
    "EXPLAIN ANALYZE UPDATE shop.orders SET status = CONCAT(status, 'x'), nope = 2 WHERE id IN (SELECT id FROM shop.orders) ORDER BY id LIMIT 1;",
    "EXPLAIN ANALYZE DELETE FROM shop.orders o USING shop.orders o JOIN shop.customers c;",
    "EXPLAIN ANALYZE REPLACE INTO shop.orders VALUES (1);",
    "EXPLAIN ANALYZE SELECT o.id, LAG(o.id, 2) OVER w, NTILE(3) OVER w FROM shop.orders o JOIN shop.customers c ON c.id = o.customer_id WINDOW w AS (PARTITION BY c.name ORDER BY o.id DESC) LIMIT 4;",
    "EXPLAIN FORMAT=TREE SELECT customer_id, CUME_DIST() OVER (ORDER BY COUNT(*)) FROM shop.orders GROUP BY customer_id HAVING COUNT(*) > 0;",
    "EXPLAIN FORMAT=TREE SELECT * FROM shop.customers WHERE id NOT IN (SELECT customer_id FROM shop.orders) OR EXISTS (SELECT 1 FROM shop.orders WHERE id > 100);",
    "EXPLAIN ANALYZE SELECT (SELECT MAX(id) FROM shop.orders), name FROM shop.customers WHERE id = (SELECT MIN(customer_id) FROM shop.orders) HAVING 1 > (SELECT 0);",
    "EXPLAIN FORMAT=TREE SELECT * FROM shop.orders WHERE (id, customer_id) IN (SELECT id, customer_id FROM shop.orders) AND status IN (SELECT name FROM shop.customers WHERE id IN (SELECT 1));",
    "SHOW CREATE TABLE shop.products;",
    "CALL shop.nope(1);",
    "CREATE PROCEDURE shop.p(x INT) BEGIN DECLARE y INT DEFAULT 2; SELECT x * y INTO @r; END",
    "DELIMITER //\nCREATE PROCEDURE shop.q(n INT) BEGIN DECLARE i INT DEFAULT 0; DECLARE done INT DEFAULT 0; DECLARE c CURSOR FOR SELECT id FROM shop.customers; DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1; DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN SELECT 'failed'; RESIGNAL; END; OPEN c; l: LOOP FETCH c INTO i; IF done THEN LEAVE l; ELSEIF i > n THEN ITERATE l; END IF; SET @s = CONCAT(@s, i); END LOOP l; CLOSE c; REPEAT SET n = n - 1; UNTIL n < 0 END REPEAT; CASE n WHEN -1 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'done'; END CASE; END//\nDELIMITER ;\nCALL shop.q(3);",
    "CREATE TRIGGER shop.tr_bi BEFORE INSERT ON shop.customers FOR EACH ROW SET NEW.id = NEW.id + 0, @n = @n + 1",
    "DELIMITER //\nCREATE TRIGGER IF NOT EXISTS shop.tr_bu BEFORE UPDATE ON shop.customers FOR EACH ROW FOLLOWS tr_bi BEGIN IF NEW.id < OLD.id THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'; END IF; END//\nDELIMITER ;\nUPDATE shop.customers SET id = id + 1 WHERE id < 0; REPLACE INTO shop.customers SELECT * FROM shop.customers LIMIT 1; DELETE FROM shop.customers WHERE id < 0;",
    "CREATE TRIGGER t AFTER DELETE ON shop.customers FOR EACH ROW PRECEDES nosuch SET @x = OLD.id; CREATE TRIGGER t AFTER INSERT ON x FOR EACH ROW SET NEW.a = OLD.b; DROP TRIGGER IF EXISTS shop.t; DROP TRIGGER nosuch",
    "SHOW TRIGGERS; SHOW TRIGGERS FROM shop LIKE 'c%'; SHOW CREATE TRIGGER shop.tr_bi; SELECT * FROM information_schema.TRIGGERS; SELECT * FROM information_schema.ROUTINES; SELECT * FROM information_schema.PARAMETERS",
    "DELIMITER //\nCREATE FUNCTION shop.f(x INT) RETURNS INT DETERMINISTIC BEGIN DECLARE y INT DEFAULT x; WHILE y < 100 DO SET y = y * 2; END WHILE; RETURN y; END//\nDELIMITER ;\nSELECT shop.f(3), shop.f(id) FROM shop.customers; SHOW CREATE FUNCTION shop.f; SHOW FUNCTION STATUS;",
    "BEGIN; DELETE FROM shop.t; ROLLBACK;",
    "UPDATE shop.t a JOIN shop.customers c ON c.id = a.id SET a.v = c.name, c.name = a.v WHERE c.id < 3;",
    "UPDATE shop.t, shop.t b SET shop.t.v = 'y' WHERE b.id = shop.t.id;",
    "DELETE a, c FROM shop.t a LEFT JOIN shop.customers c ON c.id = a.id WHERE c.id IS NULL;",
    "DELETE FROM a USING shop.t a, (SELECT 1 AS id) d WHERE d.id = a.id;",
    "EXPLAIN UPDATE shop.t, shop.customers c SET v = 1 WHERE c.id = shop.t.id ORDER BY 1 LIMIT 2;",
    "EXPLAIN DELETE FROM shop.t WHERE id IN (SELECT id FROM shop.t) ORDER BY v DESC LIMIT 1;",
    "EXPLAIN REPLACE INTO shop.t SELECT * FROM shop.t UNION SELECT 9, 'z';",
    "SELECT 1 AS a UNION ALL SELECT 22 UNION SELECT 'x' ORDER BY a DESC LIMIT 2;",
    "(SELECT id FROM shop.customers ORDER BY id LIMIT 2) INTERSECT ALL (SELECT customer_id FROM shop.orders) EXCEPT SELECT 3;",
    "SELECT id, name FROM shop.categories UNION SELECT id FROM shop.products;",
    "TABLE shop.categories EXCEPT DISTINCT TABLE shop.categories;",
    "EXPLAIN SELECT id FROM shop.customers UNION SELECT customer_id FROM shop.orders ORDER BY 1;",
    "EXPLAIN SELECT * FROM (SELECT DISTINCT d.s FROM (SELECT status AS s FROM shop.orders LIMIT 4) d) e (x) WHERE x > 'a';",
    "EXPLAIN WITH a AS (SELECT COUNT(*) AS n FROM shop.orders), b AS (SELECT n FROM a LIMIT 1) SELECT * FROM b, a, b c;",
    "WITH x (a, b) AS (SELECT 1, 2), y AS (SELECT a FROM x) SELECT * FROM x JOIN y ON x.a = y.a;",
    "WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 50) SELECT SUM(n) FROM r;",
    "WITH RECURSIVE r (n) AS (SELECT 1 UNION SELECT MOD(n * 7, 13) FROM r) SELECT * FROM r;",
    "SET SESSION cte_max_recursion_depth = 5; WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n FROM r) SELECT * FROM r;",
    "SELECT CAST('abc' AS SIGNED), CAST(-1 AS UNSIGNED), CAST('9.99' AS DECIMAL(3,1)), CAST(title AS CHAR(5)) FROM shop.products;",
    "SELECT CAST('2024-02-29 23:59:59.9999995' AS DATETIME(6)), CAST('-838:59:59.9' AS TIME), CAST('99' AS YEAR);",
    "SELECT id, ROW_NUMBER() OVER w, SUM(price) OVER (w ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING), LAG(title, 2, 'x') OVER w FROM shop.products WINDOW w AS (PARTITION BY category_id ORDER BY price DESC) ORDER BY 2 DESC LIMIT 3;",
    "SELECT category_id, RANK() OVER (ORDER BY COUNT(*)), SUM(SUM(stock)) OVER (ORDER BY category_id RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING), NTILE(2) OVER () FROM shop.products GROUP BY category_id;",
    "SELECT CONVERT('é' USING ascii), CONVERT(1e308, DECIMAL(65,30)), CAST('[[[{\"a\": 1e999}]]]' AS JSON), CAST('\"\\u12' AS JSON);",
    "SELECT c.id, (SELECT COUNT(*) FROM shop.orders o WHERE o.customer_id = c.id) AS n FROM shop.customers c ORDER BY n DESC;",
    "SELECT * FROM shop.customers c WHERE EXISTS (SELECT 1 FROM shop.orders o WHERE o.customer_id = c.id AND NOT EXISTS (SELECT 1 FROM shop.order_items i WHERE i.order_id = o.id AND i.price > c.id));",
    "SELECT id FROM shop.customers c WHERE id NOT IN (SELECT customer_id FROM shop.orders WHERE status = 'paid' AND customer_id <> c.id) AND (SELECT name FROM shop.customers d WHERE d.id = c.id + 1) IS NOT NULL;",
    "SELECT id, id > ALL (SELECT customer_id FROM shop.orders WHERE id < 0), id = SOME (SELECT customer_id FROM shop.orders o WHERE o.id = c.id) FROM shop.customers c;",
    "SELECT 1 <> ANY (SELECT id, name FROM shop.customers), 2 >= ALL (SELECT NULL), 3 = ANY (1, 2), 4 LIKE ALL (SELECT 'x');",
    "SELECT status, COUNT(*) FROM shop.orders o GROUP BY status HAVING COUNT(*) > (SELECT COUNT(*) FROM shop.orders p WHERE p.status = o.status AND p.id > 4);",
    "SELECT (SELECT x FROM shop.orders WHERE id = nope) FROM shop.customers c; SELECT (SELECT id FROM shop.orders o WHERE o.customer_id = c.id) FROM shop.customers c;",
    // Issue 18, GROUP_CONCAT, information_schema.VIEWS and CREATE TABLE ... SELECT.
    "SET SESSION group_concat_max_len = 4; SELECT status, GROUP_CONCAT(DISTINCT id ORDER BY total DESC, 1 SEPARATOR '') FROM shop.orders GROUP BY status;",
    "SELECT GROUP_CONCAT(title, '/', price ORDER BY 3, price DESC SEPARATOR 0x2c), GROUP_CONCAT(ORDER BY id) FROM shop.products;",
    "SELECT * FROM information_schema.VIEWS WHERE TABLE_SCHEMA IN ('sys', 'shop') AND IS_UPDATABLE = 'NO';",
    // Issue 18, ALTER TABLE column operations and CREATE TABLE ... SELECT / (LIKE t).
    "CREATE TABLE shop.ac (id INT PRIMARY KEY, a INT, b VARCHAR(3), KEY k (a, b)); INSERT INTO shop.ac VALUES (1, 300, 'xyz'), (2, NULL, NULL); ALTER TABLE shop.ac ADD c INT NOT NULL FIRST, DROP b, MODIFY a TINYINT AFTER c, ALGORITHM=INSTANT;",
    "ALTER TABLE shop.page_views ADD COLUMN f DATE NOT NULL AFTER id, DROP COLUMN referrer, CHANGE customer_id cust BIGINT, RENAME COLUMN url TO u, ALTER f SET DEFAULT '2024-01-01', ADD INDEX (cust), LOCK=NONE; SELECT * FROM shop.page_views WHERE cust = 3 LIMIT 2;",
    "ALTER TABLE shop.orders MODIFY status VARCHAR(2), ALGORITHM=COPY; ALTER TABLE shop.orders DROP id, DROP customer_id, DROP status, DROP created_at; ALTER TABLE shop.orders ALTER COLUMN nope DROP DEFAULT;",
    "CREATE TABLE shop.cs (k INT PRIMARY KEY) AS SELECT customer_id AS k, COUNT(*), SUM(total), NULL, 'x', 1.5e0, NOW() FROM shop.orders GROUP BY customer_id; CREATE TABLE shop.cl (LIKE shop.orders); CREATE TABLE shop.cu SELECT 1 UNION SELECT 'abc';",
    // Issue 18, JSON: the column type, the functions, paths and `->` / `->>`.
    "CREATE TABLE IF NOT EXISTS shop.j (id INT PRIMARY KEY, c JSON); INSERT INTO shop.j VALUES (1, '{\"a\": [1, {\"b\": \"x\"}], \"n\": 2}'), (2, JSON_OBJECT('a', JSON_ARRAY(1, 2), 'n', NULL));",
    "SELECT c->'$.a[1].b', c->>'$.a[last]', c->'$**.b', JSON_EXTRACT(c, '$.a[0 to 1]', '$.*') FROM shop.j WHERE c->'$.n' = 2 OR c->>'$.n' = 'x';",
    "UPDATE shop.j SET c = JSON_SET(JSON_REMOVE(c, '$.a[0]'), '$.z', CAST('[1, {}]' AS JSON), '$.a[9]', 'q') WHERE JSON_CONTAINS(c, '2', '$.n');",
    "SELECT JSON_TYPE(c), JSON_LENGTH(c, '$.a'), JSON_KEYS(c), JSON_DEPTH(c), JSON_PRETTY(c), JSON_VALID(c), JSON_QUOTE(c->>'$.a') FROM shop.j;",
    "SELECT JSON_EXTRACT('[1, [2, [3]]]', '$[1][1][0]', '$.\"k\"', '$[last-1]'), JSON_MERGE_PATCH('{\"a\":1}', '{\"a\":null}'), JSON_MERGE_PRESERVE('[1]', '2');",
    "SELECT JSON_EXTRACT('{\"a\": 1', '$'), JSON_EXTRACT('[]', '$[*'), JSON_SET('[]', '$**.a', 1), JSON_OBJECT(NULL, 1), JSON_TYPE(5), c->'' FROM shop.j;",
    // Issue 18, the manual's string, math, regular expression and statistical functions.
    "SELECT ASCII(''), ORD(NULL), BIN(-1), OCT(1e30), HEX(-1.5), CONV('zz', 36, -2), CONV('1', 1, 99), ELT(0), ELT(-1, 'a'), FIELD(NULL, 1), FIND_IN_SET('a,b', 'a,b'), MAKE_SET(-1, 'a'), EXPORT_SET(1, 'a', 'b', NULL, 99), INSERT('', 0, -1, NULL), SPACE(-5), SPACE(1e10), STRCMP(1, NULL), SUBSTRING_INDEX('', '', -3), QUOTE('\\0'), SOUNDEX('123'), TO_BASE64(REPEAT('a', 100));",
    "SELECT REGEXP_LIKE('', 'a'), REGEXP_INSTR('abc', 'b', 99), REGEXP_INSTR('abc', '', 1), REGEXP_REPLACE('abc', '(a)|b', '\\$1$9$', 1, 0, 'cimnu'), REGEXP_SUBSTR('abc', '(?<=a)b'), REGEXP_LIKE('a', '\\1'), REGEXP_LIKE('a', '[[:<:]]a'), REGEXP_LIKE('a', REPEAT('(', 300)), 'a' REGEXP NULL, NULL RLIKE 'a';",
    "SELECT SIN(NULL), ACOS(-1.0000001), ATAN(1, 0), ATAN2(0, 0), COT(PI()), DEGREES(1e308), BIT_COUNT('x'), CRC32(NULL), SHA2('a', NULL), INET_ATON('1.2.3.4.5'), INET_ATON('.'), INET_NTOA(4294967296), RAND(NULL), RAND(-1), RAND(id), UUID() FROM shop.orders LIMIT 3;",
    "SELECT status, STD(total), VAR_SAMP(total), BIT_XOR(customer_id), JSON_ARRAYAGG(status), JSON_OBJECTAGG(id, total), ANY_VALUE(id) FROM shop.orders GROUP BY status ORDER BY RAND(3) LIMIT 2;",
    // Issue 18: WITH ROLLUP and GROUPING, table maintenance, SHOW TABLE STATUS.
    "SELECT status, customer_id, SUM(total), GROUPING(status, customer_id), IF(GROUPING(status), 'all', status) AS status FROM shop.orders GROUP BY status, customer_id WITH ROLLUP HAVING SUM(total) > 0 ORDER BY 3 DESC LIMIT 5;",
    "SELECT GROUPING(id) FROM shop.orders; SELECT id FROM shop.orders GROUP BY id WITH CUBE; SELECT DISTINCT status FROM shop.orders GROUP BY status WITH ROLLUP; SELECT status, COUNT(DISTINCT id) FROM shop.orders GROUP BY status WITH ROLLUP;",
    "ANALYZE TABLE shop.orders, nope.x, shop.nope; CHECK TABLE shop.orders FOR UPGRADE; OPTIMIZE NO_WRITE_TO_BINLOG TABLE shop.customers; ANALYZE TABLE; CHECK TABLES shop.orders; SHOW TABLE STATUS FROM shop WHERE Rows > 1; SHOW COLUMNS FROM shop.orders LIKE NULL;",
    "SELECT 1 MEMBER OF(NULL), NULL MEMBER OF('[null]'), JSON_OVERLAPS('{}', '[]'), JSON_SEARCH('[\"a\"]', 'one', 'a', 'xy'), JSON_SEARCH('[\"a\"]', 'all', NULL), JSON_VALUE('[1]', '$[*]'), JSON_VALUE('x', '$'), UNHEX('41'), STDDEV(DISTINCT 1), JSON_ARRAYAGG(DISTINCT 1);",
    // Issue 18, the date and time functions and INTERVAL arithmetic.
    "SELECT DATE_ADD('2100-12-31 23:59:59', INTERVAL '1:1' MINUTE_SECOND), '2008-12-31' - INTERVAL '-1 10' DAY_HOUR, INTERVAL 1 MONTH + '2024-01-31', ADDDATE('2008-01-02', 31), DATE_SUB(NOW(6), INTERVAL 1.5 SECOND);",
    "SELECT EXTRACT(YEAR_MONTH FROM viewed_at), EXTRACT(SECOND_MICROSECOND FROM '-1:2:3.4'), TIMESTAMPDIFF(MONTH, viewed_at, NOW()), TIMESTAMPADD(SQL_TSI_WEEK, -3, viewed_at) FROM shop.page_views LIMIT 3;",
    "SELECT DATE_FORMAT(viewed_at, '%a %b %c %D %d %e %f %H %h %I %i %j %k %l %M %m %p %r %S %s %T %U %u %V %v %W %w %X %x %Y %y %% %'), TIME_FORMAT('-838:59:59', '%H %p %M') FROM shop.page_views LIMIT 2;",
    "SELECT STR_TO_DATE('May 1, 2013 11:30:00 PM', '%M %d, %Y %r'), STR_TO_DATE('366', '%j'), STR_TO_DATE('x', '%Y%'), GET_FORMAT(TIMESTAMP, 'INTERNAL'), GET_FORMAT(x, 'EUR');",
    "SELECT WEEK('2000-01-01', 99), YEARWEEK(20001231, -1), MAKEDATE(0, 400000), MAKETIME(-900, 59, 59.9999995), SEC_TO_TIME(-1e30), FROM_DAYS(-5), FROM_UNIXTIME(32536771200), UNIX_TIMESTAMP(99991231235959.999999);",
    "SELECT PERIOD_ADD(-1, 2), PERIOD_DIFF(1, 999999999999), CONVERT_TZ(NOW(), '+14:00', '-13:59'), CONVERT_TZ('2004-01-01', 'Europe/Paris', '+1:00'), NOW(7), CURTIME(-1);",
    "SELECT TIMEDIFF('2000:01:01 00:00:00', '00:00:00'), ADDTIME('838:59:59', '1'), SUBTIME(NULL, 1), TIME('2 3'), DATE(''), LAST_DAY(0), DAYNAME('0000-00-00'), DATE_ADD('2008-01-02', 5);",
    // Issue 18, the SQL a learner types: row constructors, COUNT(DISTINCT a, b), VALUES.
    "SELECT (1, 2) = (1, 2), (1, NULL) <=> ROW(1, NULL), ((1, 2), 3) < ((1, 3), 0), (1, 2) = (1, 2, 3), 1 = (1, 2), (1, 2), ROW(1), ROW(), ((1, 2)) IN ((1, 2), (3)), (id, status) IN (SELECT id, status FROM shop.orders), (SELECT id, total FROM shop.orders LIMIT 1) >= (1, NULL) FROM shop.orders LIMIT 2;",
    "SELECT COUNT(DISTINCT status, customer_id), COUNT(DISTINCT NULL, 1), COUNT(status, id), SUM(DISTINCT id, id) FROM shop.orders GROUP BY status; SELECT * FROM shop.orders WHERE (customer_id, id) > (3, 0) AND (id, id) NOT IN ((1, 1), (NULL, 2)) LIMIT 3;",
    // Issue 18: loose index scans along PRIMARY, for the DISTINCT aggregates (and their
    // "scanning" variant), and sorted again through a temporary table.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE ls (a INT NOT NULL, b INT NOT NULL, c INT, d INT, PRIMARY KEY (a, b), KEY k (c, d)); INSERT INTO ls VALUES (1, 1, NULL, 1), (1, 2, 1, NULL), (2, 1, 1, 1), (2, 5, 2, 2), (3, 3, NULL, NULL); ANALYZE TABLE ls; SELECT a, MIN(b), MAX(b) FROM ls GROUP BY a ORDER BY MAX(b) DESC; SELECT DISTINCT a FROM ls WHERE a > 1; SELECT COUNT(DISTINCT c, d), SUM(DISTINCT c), AVG(DISTINCT c) FROM ls; SELECT c, COUNT(DISTINCT d) FROM ls WHERE c IS NOT NULL GROUP BY c ORDER BY 2, 1 LIMIT 1; EXPLAIN FORMAT=TREE SELECT COUNT(DISTINCT c, d) FROM ls; EXPLAIN FORMAT=JSON SELECT c, MIN(d) FROM ls GROUP BY c ORDER BY MIN(d); EXPLAIN SELECT COUNT(DISTINCT a) FROM ls;",
    "CREATE TABLE shop.tm (t TIME, u TIME(6) NOT NULL, v TIME(9)); INSERT INTO shop.tm VALUES ('838:59:59.9999995', -1e30, NULL), ('1 2', '-0:0:0.0000001', 0), (99999999999, 1.5, 'x'); SELECT t + 0, u * 2, t DIV 0, -t, TIME_TO_SEC(u), t BETWEEN u AND 5, t IN (NULL, 'a', 1e300) FROM shop.tm ORDER BY t DESC, u;",
    "VALUES ROW(1, 'a'), ROW(NULL, 2.5) ORDER BY column_1 LIMIT 1; VALUES ROW(1), ROW(1, 2); VALUES (1); VALUES ROW(); SELECT 1 UNION VALUES ROW(2) UNION ALL VALUES ROW(3); SELECT * FROM (VALUES ROW(1, 2)) AS v(a, b); TABLE shop.orders UNION VALUES ROW(1);",
    "SELECT TIMESTAMPDIFF(DAY_HOUR, 1, 2); SELECT 1 + INTERVAL 1 DAY_MICROSECOND; SELECT INTERVAL 1 DAY; SELECT EXTRACT(EPOCH FROM NOW()); SELECT epoch, doy FROM (SELECT 1 AS epoch, 2 AS doy) t;",
    // Issue 18, the SQL a learner types: prepared statements, savepoints, locking reads,
    // GET DIAGNOSTICS, CREATE TABLE ... IGNORE | REPLACE SELECT.
    "SET @q = 'SELECT id FROM shop.orders WHERE id > ? AND status = ?', @a = 3, @b = 'paid'; PREPARE s FROM @q; EXECUTE s USING @a, @b; EXECUTE s USING @a; EXECUTE s; EXECUTE nope; PREPARE s FROM 'SELECT ''?'', ?'; EXECUTE s USING @nope; DEALLOCATE PREPARE s; DROP PREPARE s;",
    "PREPARE p FROM 'PREPARE q FROM ''SELECT 1'''; PREPARE p FROM @undefined; PREPARE p FROM 'SELECT 1; SELECT 2'; PREPARE p FROM ?; EXECUTE p USING 1; DEALLOCATE p; SHOW STATUS LIKE 'Prepared_stmt_count';",
    "BEGIN; UPDATE shop.orders SET total = 0 WHERE id = 1; SAVEPOINT a; DELETE FROM shop.orders WHERE id < 3; SAVEPOINT b; SAVEPOINT a; ROLLBACK WORK TO b; ROLLBACK TO SAVEPOINT a; RELEASE SAVEPOINT a; ROLLBACK TO a; RELEASE SAVEPOINT; COMMIT; SAVEPOINT c; ROLLBACK TO c;",
    "SELECT * FROM shop.orders WHERE id = 1 LOCK IN SHARE MODE; SELECT * FROM shop.orders FOR SHARE OF orders NOWAIT; SELECT id FROM shop.orders o FOR UPDATE OF o SKIP LOCKED; SELECT 1 LOCK IN SHARE;",
    "SELECT nope; GET DIAGNOSTICS @n = NUMBER, @r = ROW_COUNT; GET CURRENT DIAGNOSTICS CONDITION @n @e = MYSQL_ERRNO, @m = MESSAGE_TEXT, @s = RETURNED_SQLSTATE, @o = CLASS_ORIGIN; GET DIAGNOSTICS CONDITION 99 @e = TABLE_NAME; GET STACKED DIAGNOSTICS @n = NUMBER; GET DIAGNOSTICS @e = MYSQL_ERRNO; GET DIAGNOSTICS x = NUMBER;",
    "CREATE TABLE shop.ci (PRIMARY KEY (status)) IGNORE SELECT status, id FROM shop.orders; CREATE TABLE shop.cr (UNIQUE KEY (c)) REPLACE AS SELECT customer_id AS c, total FROM shop.orders; CREATE TABLE shop.cx IGNORE REPLACE SELECT 1;",
    // Issue 14, views and derived tables merged into the outer query.
    "CREATE VIEW shop.mv (a, b, c) AS SELECT id, status, total * 2 FROM shop.orders WHERE id > 1; SELECT a, c + 1, * FROM shop.mv WHERE a = 3 GROUP BY a, b, c HAVING c > 0 ORDER BY b; SELECT mv.*, o.id FROM shop.mv JOIN shop.orders o ON o.id = mv.a LEFT JOIN shop.mv m2 ON m2.a = o.id; EXPLAIN FORMAT=TREE SELECT * FROM shop.mv; SELECT id FROM shop.mv; CREATE VIEW shop.bad (a) AS SELECT 1, 2;",
    "SELECT x, y FROM (SELECT id, id + 1 FROM shop.orders) d (x, y) WHERE y < 4 ORDER BY x; SELECT * FROM (SELECT o.*, RAND() FROM shop.orders o) d; SELECT d.nope FROM (SELECT id FROM shop.orders) d; SELECT id FROM (SELECT id FROM shop.orders) d, shop.orders; EXPLAIN SELECT a FROM (SELECT id AS a, id AS a FROM shop.orders) d;",
    // Issue 18: CTEs merged as derived tables are; MERGE / NO_MERGE hints, derived_merge=off.
    "USE shop; WITH x (a, b) AS (SELECT id, status FROM orders WHERE id > 2), y AS (SELECT a FROM x WHERE a < 9) SELECT y.a, x.b FROM y JOIN x ON x.a = y.a ORDER BY b; EXPLAIN FORMAT=TREE WITH x AS (SELECT id FROM orders) SELECT * FROM x, x AS z WHERE x.id = z.id; EXPLAIN FORMAT=JSON WITH x AS (SELECT * FROM orders) SELECT /*+ NO_MERGE(x) MERGE() */ id FROM x;",
    "WITH qn AS (SELECT * FROM qn) SELECT * FROM qn; WITH a AS (SELECT * FROM b), b AS (SELECT 1) SELECT * FROM a; WITH RECURSIVE r AS (SELECT * FROM r) SELECT * FROM r; WITH x AS (SELECT id FROM shop.orders) SELECT /*+ MERGE(x NO_MERGE( */ (SELECT COUNT(*) FROM x y WHERE y.id < x.id) FROM x;",
    "SET optimizer_switch = 'derived_merge=off'; EXPLAIN WITH x AS (SELECT id FROM shop.orders) SELECT /*+ MERGE(x) */ * FROM x, (SELECT 1 AS o FROM shop.orders) d; SELECT * FROM (SELECT id FROM shop.orders) d; SET optimizer_switch = 'derived_merge=oops'; SET optimizer_switch = DEFAULT;",
    // Issue 18: views and derived tables over an inner join, merged into the outer query.
    "USE shop; CREATE VIEW jv AS SELECT o.id, c.name, o.customer_id AS cid FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id > 1; SELECT * FROM jv JOIN jv AS w ON w.id = jv.cid; SELECT jv.*, p.id FROM page_views p, jv WHERE p.id = jv.id ORDER BY name LIMIT 3; EXPLAIN FORMAT=TREE SELECT name FROM jv RIGHT JOIN orders o2 ON o2.id = jv.id; EXPLAIN FORMAT=JSON SELECT o.name FROM jv o; SELECT c.name FROM jv; DROP VIEW jv;",
    "SELECT * FROM (SELECT id FROM shop.orders o, shop.customers c) d; SELECT x FROM (SELECT o.id AS x FROM shop.orders o CROSS JOIN shop.customers c JOIN shop.products p ON p.id = c.id WHERE x > 1) d; SELECT d.* FROM shop.orders o JOIN (SELECT o.id, o.status FROM shop.orders o JOIN shop.customers c USING (id)) d ON d.id = o.id;",
    // Issue 18: EXPLAIN of derived tables, views and CTEs over set operations.
    "EXPLAIN SELECT * FROM (SELECT 1 UNION SELECT 2 UNION ALL SELECT 3) d; EXPLAIN FORMAT=TREE SELECT * FROM (SELECT id FROM shop.orders EXCEPT ALL SELECT id FROM shop.customers) d (x, y); EXPLAIN SELECT * FROM (SELECT 1 UNION (SELECT 2 INTERSECT SELECT 3)) d; EXPLAIN FORMAT=TREE WITH c AS (SELECT 1 UNION SELECT 2) SELECT * FROM c, c AS e; EXPLAIN ANALYZE SELECT * FROM (SELECT id FROM shop.orders UNION SELECT (SELECT 1)) d;",
    // Issue 18: a derived table's, CTE's or view's repeated column name is 1060.
    "USE shop; SELECT * FROM (SELECT o.id, c.id FROM orders o JOIN customers c ON c.id = o.customer_id) d; SELECT * FROM (SELECT 1, 2) d (a, A); SELECT * FROM (SELECT 1, 2) d (a, a, b); WITH d (n, N) AS (SELECT 1, 2) SELECT * FROM d; WITH RECURSIVE r (n, N) AS (SELECT 1, 1 UNION ALL SELECT n + 1, n FROM r WHERE n < 3) SELECT * FROM r; EXPLAIN WITH d (a, a) AS (SELECT 1, 2) SELECT * FROM d; CREATE VIEW v (a, a) AS SELECT 1, 2; CREATE VIEW v AS SELECT id, status AS ID FROM orders; SELECT * FROM customers c, LATERAL (SELECT c.id, o.id FROM orders o WHERE o.customer_id = c.id) d;",
    // Issue 18: EXPLAIN of parenthesised joins.
    "USE shop; EXPLAIN SELECT * FROM orders o JOIN (customers c JOIN (order_items i JOIN products p ON p.id = i.product_id) ON i.order_id = c.id) ON c.id = o.customer_id; EXPLAIN FORMAT=JSON SELECT 1 FROM (orders o, customers c) JOIN products p ON p.id = o.id; EXPLAIN FORMAT=TREE SELECT 1 FROM orders o STRAIGHT_JOIN (customers c JOIN products p) ON 1; EXPLAIN SELECT 1 FROM (orders o LEFT JOIN customers c ON c.id = o.id) JOIN products p ON p.id = c.id; EXPLAIN SELECT 1 FROM orders o JOIN (customers c) AS x ON 1;",
    // Issue 18: a LATERAL table's outer string column, names checked before running (`*` of
    // stored tables, CREATE VIEW over `*`), a prepared SELECT's `?` items named as prepared.
    "USE shop; SELECT d.* FROM customers c, LATERAL (SELECT c.name AS who, c.id) AS d; SELECT * FROM customers c, LATERAL (SELECT c.name, c.*) AS d; SELECT * FROM (SELECT * FROM orders o, customers c) d; SELECT * FROM (SELECT o.*, c.* FROM orders o JOIN customers c USING (id)) d; SELECT * FROM (SELECT * FROM nope, nada) d; SELECT * FROM (SELECT x.* FROM orders) d; WITH w AS (SELECT * FROM orders, orders o2) SELECT * FROM w; CREATE VIEW vstar AS SELECT * FROM orders o JOIN customers c ON 1; CREATE VIEW vstar (a) AS SELECT * FROM orders; CREATE VIEW vstar AS SELECT *, id FROM (SELECT 1 AS id) t; PREPARE m FROM 'SELECT ?, ? + 1, (?), * FROM customers LIMIT ?'; SET @v = 1; EXECUTE m USING @v, @v, @v, @v; PREPARE m FROM 'SELECT ? UNION SELECT ? + ?'; EXECUTE m USING @v, @v, @v;",
    // Issue 18: WITH ROLLUP of DISTINCT aggregates; row IN lists as ranges of a composite key.
    "USE shop; SELECT status, COUNT(DISTINCT customer_id), SUM(DISTINCT id), AVG(DISTINCT id), MIN(DISTINCT status), GROUP_CONCAT(DISTINCT status) FROM orders GROUP BY status WITH ROLLUP; SELECT status, SUM(DISTINCT status) FROM orders GROUP BY status WITH ROLLUP; SELECT * FROM orders WHERE (id, customer_id) IN ((1, 1), (2, NULL), (3, 'x')); SELECT * FROM orders WHERE (customer_id = 1 AND id = 2) OR (id = 3 AND customer_id = 4) OR (id = 5); EXPLAIN FORMAT=TREE SELECT * FROM orders WHERE (id, customer_id) IN ((1, 1), (2, 2)); EXPLAIN FORMAT=JSON SELECT * FROM orders WHERE (id, status) IN ((1, 'paid'), (2, 'new'));",
    // Issue 18: DEFAULT and DEFAULT(col) in INSERT, UPDATE and ON DUPLICATE KEY UPDATE.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS dd (id INT PRIMARY KEY AUTO_INCREMENT, x INT DEFAULT 7, m INT NOT NULL); INSERT INTO dd VALUES (DEFAULT, DEFAULT, 1), ROW(DEFAULT, DEFAULT(x), DEFAULT(id)); INSERT INTO dd VALUES ROW(DEFAULT, 1, 2); INSERT INTO dd SET x = DEFAULT(x) + DEFAULT, m = 1; INSERT INTO dd (m) VALUES (DEFAULT); INSERT INTO dd (x, m) VALUES (DEFAULT(nope), DEFAULT(x, m)); INSERT INTO dd (x, m) VALUES (DEFAULT(dd.x), 1) ON DUPLICATE KEY UPDATE x = DEFAULT, m = DEFAULT(m); UPDATE dd SET x = DEFAULT, m = DEFAULT(x) WHERE id = DEFAULT(x); UPDATE dd SET m = DEFAULT; SELECT DEFAULT(x) FROM dd; INSERT INTO dd VALUES (DEFAULT);",
    // Issue 18: MOD as an operator, INTERVAL(), BENCHMARK(), FROM_BASE64, UNHEX, binary strings
    // (X'..', 0x.., _binary, BINARY, CAST AS BINARY, CONVERT USING binary), string-to-double
    // warnings.
    "SELECT 10 MOD 3, 10 mod -3, MOD MOD MOD, 1 MOD, MOD 2, (1) MOD (0), 'a' MOD 'b', NULL MOD 1, 9223372036854775807 MOD -1, -9223372036854775807 - 1 MOD -1; SELECT INTERVAL(5, 1, 3, 7), INTERVAL(NULL, NULL), INTERVAL(1), INTERVAL(), INTERVAL(1, 'a', NULL, 2e300), INTERVAL (1, 2) DAY, INTERVAL(1 2); SELECT DATE_ADD('2024-01-01', INTERVAL (1) DAY), INTERVAL 1 DAY + '2024-01-01';",
    "SELECT BENCHMARK(10, 1 + 1), BENCHMARK(-1, 1), BENCHMARK(NULL, 1), BENCHMARK(9223372036854775807, MD5('x')), BENCHMARK(1e30, 1), BENCHMARK('x', 1), BENCHMARK(1), BENCHMARK(5, BENCHMARK(5, SLEEP(0))), BENCHMARK(3, 1 + 'x'), BENCHMARK(2, (SELECT 1, 2));",
    "SELECT FROM_BASE64('YWJj'), FROM_BASE64(''), FROM_BASE64('='), FROM_BASE64('YW\nJj'), FROM_BASE64(NULL), FROM_BASE64(1), UNHEX(''), UNHEX('F'), UNHEX('ZZ'), UNHEX(NULL), UNHEX(0x41), UNHEX(-1), HEX(UNHEX('FF00')), LENGTH(UNHEX(REPEAT('ab', 1000))), CONCAT(UNHEX('FF'), 'é'), UPPER(UNHEX('FF')), REVERSE(UNHEX('0102')), CAST(UNHEX('FF') AS CHAR), CAST(UNHEX('FF') AS JSON), CAST(UNHEX('FF') AS SIGNED), CAST(UNHEX('31') AS DATE), UNHEX('FF') + 1, UNHEX('FF') LIKE '%', UNHEX('FF') = 'x';",
    "SELECT X'41', x'', 0x, 0x0, 0x123, 0xFFFFFFFFFFFFFFFFFF + 0, -0x41, ~0x41, 0x41 = 65, 0x41 = 'A', X'41' IN (65, 'A'), _binary'abc', _binary X'41', _utf8mb4 0x41, _latin1'a', _nope'a', BINARY 'a' = 'A', BINARY BINARY 'a', BINARY -1, BINARY (1 + 1) * 2, BINARY, BINARY(), BINARY NULL, CAST('a' AS BINARY(0)), CAST('a' AS BINARY(4294967295)), CONVERT('a', BINARY(2)), CONVERT('a' USING binary), CONVERT(_binary'a' USING utf8mb4);",
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS bn (id INT PRIMARY KEY, s VARCHAR(10)); INSERT INTO bn VALUES (1, 'a'), (2, 'A'), (3, UNHEX('C3A9')); SELECT * FROM bn WHERE BINARY s = 'a'; SELECT BINARY s, HEX(s), s MOD 2 FROM bn ORDER BY BINARY s; SELECT CAST(s AS BINARY) AS b, COUNT(*) FROM bn GROUP BY b; SELECT DISTINCT BINARY s FROM bn; SELECT s + 0, s = 0, 1 + '3abc', '1e3' * 1, '' - 1 FROM bn; INSERT INTO bn VALUES (4, X'FF'); UPDATE bn SET s = BINARY 'z' WHERE id = 1;",
    // Issue 18: SLEEP / BENCHMARK in an UPDATE's SET, a SHOW's WHERE, a setup table's UPDATE
    // and a CHECK, charged to the statement.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS sl (id INT PRIMARY KEY, c DOUBLE); INSERT INTO sl VALUES (1, 1), (2, 2); UPDATE sl SET c = SLEEP(0.001); UPDATE sl SET c = BENCHMARK(10, 1 + 1) + SLEEP(-1) WHERE id = 1; UPDATE sl SET c = SLEEP(NULL), id = id + 10 ORDER BY id DESC LIMIT 1; SHOW TABLES WHERE SLEEP(0) = 0; SHOW DATABASES WHERE BENCHMARK(1, 1) = 0; SHOW COLUMNS FROM sl WHERE SLEEP('x') = 0; SHOW TABLE STATUS WHERE SLEEP(0.001); SHOW TRIGGERS WHERE SLEEP(0); SHOW FUNCTION STATUS WHERE BENCHMARK(1, SLEEP(0)); UPDATE performance_schema.setup_consumers SET ENABLED = IF(SLEEP(0), 'YES', ENABLED) WHERE SLEEP(0) = 0; UPDATE performance_schema.setup_instruments SET TIMED = TIMED WHERE BENCHMARK(2, 1) = 0 AND NAME LIKE 'wait/io/%'; ALTER TABLE sl ADD CHECK (SLEEP(1) = 0);",
    // Issue 18: string operands of DIV, the bit operators, unary minus and the math functions
    // (1292 DECIMAL / INTEGER / DOUBLE), ROUND of doubles to even, 3020 for logarithms.
    "SELECT 'abc' DIV 2, 10 DIV 'x', 'a' DIV 'a', '99999999999999999999999999999999999999999' DIV '0.1', '1e400' DIV 1, 'abc' & 1, ~'q', '-1' >> '70', '18446744073709551616' | 0, ~_binary'x', -'4 dogs', -'', ABS(''), ROUND('2.5z', '1x'), ROUND(1e308, 2), ROUND(1e308, -400), TRUNCATE('1.55a', 99999999999999999999), MOD('7a', '0'), POW('2x', 'y'), LOG('x', 'y'), LN('-1'), ATAN2('a', 'b'), SIGN(' '), CEIL('1e309'), FLOOR(X'41'), SQRT(_binary'16');",
    // Issue 18: EXPLAIN FORMAT=TREE of derived tables over mixed and nested set operations.
    "USE shop; EXPLAIN FORMAT=TREE SELECT * FROM (SELECT id FROM customers UNION SELECT customer_id FROM orders EXCEPT SELECT 1) d; EXPLAIN FORMAT=TREE SELECT * FROM (SELECT id FROM customers EXCEPT (SELECT 1 UNION ALL SELECT 2 INTERSECT SELECT 3)) d; EXPLAIN FORMAT=TREE SELECT * FROM (SELECT 1 INTERSECT (SELECT 2 EXCEPT ALL (SELECT 3 UNION SELECT id FROM orders))) d, orders; EXPLAIN FORMAT=TREE SELECT * FROM ((SELECT 1 UNION SELECT 2) EXCEPT SELECT 3 ORDER BY 1 LIMIT 1) d; EXPLAIN FORMAT=JSON SELECT * FROM (SELECT 1 UNION SELECT 2 EXCEPT SELECT 3) d; EXPLAIN FORMAT=TREE SELECT * FROM (SELECT 1 UNION (SELECT 2 ORDER BY 1 LIMIT 1) EXCEPT SELECT 3) d;",
    // Issue 18, ALTER TABLE ... ADD / DROP FOREIGN KEY, SET DEFAULT.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS fp (id INT PRIMARY KEY); CREATE TABLE IF NOT EXISTS fc (id INT PRIMARY KEY, p INT, q INT); INSERT IGNORE INTO fp VALUES (1); INSERT IGNORE INTO fc VALUES (1, 1, 2); ALTER TABLE fc ADD FOREIGN KEY (q) REFERENCES fp (id); ALTER TABLE fc ADD CONSTRAINT k FOREIGN KEY (p) REFERENCES fp (id) ON DELETE SET DEFAULT, ADD FOREIGN KEY (p, q) REFERENCES fp (id); ALTER TABLE fc ADD FOREIGN KEY (p) REFERENCES nope (id), DROP FOREIGN KEY k; ALTER TABLE fc DROP FOREIGN KEY k, DROP FOREIGN KEY k; ALTER TABLE fc ADD FOREIGN KEY (id) REFERENCES fc (p); SET foreign_key_checks = 0; ALTER TABLE fc ADD FOREIGN KEY (q) REFERENCES fp (id); SET foreign_key_checks = 1; DELETE FROM fp;",
    // Issue 18, CHECK on ALTER TABLE ... ADD / MODIFY / CHANGE COLUMN.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS ac (id INT PRIMARY KEY, a INT); INSERT IGNORE INTO ac VALUES (1, 1), (2, NULL); ALTER TABLE ac ADD b INT DEFAULT 0 CHECK (b > 0); ALTER TABLE ac ADD b INT CHECK (b > a) NOT ENFORCED, MODIFY a BIGINT CHECK (a < 5), ADD CHECK (a <> 3); ALTER TABLE ac CHANGE a z TINYINT CHECK (z IS NOT NULL); ALTER TABLE ac MODIFY a VARCHAR(1) CHECK (a = 'x'), ADD c INT CHECK (nope > 1); ALTER TABLE ac ADD d INT AS (a) CHECK (d > 0);",
    // Issue 18, ALTER TABLE ... ADD COLUMN ... GENERATED ALWAYS AS.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS ag (id INT PRIMARY KEY, a INT, b TEXT); INSERT IGNORE INTO ag VALUES (1, 1, 'x'), (2, NULL, NULL), (3, 2147483647, REPEAT('y', 300)); ALTER TABLE ag ADD s BIGINT AS (a + 1) STORED, ADD v CHAR(3) AS (LEFT(b, 3)) VIRTUAL, ADD KEY (v); ALTER TABLE ag ADD t TINYINT AS (a) STORED; ALTER TABLE ag ADD w INT AS (s * 2), DROP s; ALTER TABLE ag ADD r DOUBLE AS (RAND()), ADD u INT AS (nope); ALTER TABLE ag ADD x INT AS (x + 1); ALTER TABLE ag ADD y INT AS (a) NOT NULL, ALGORITHM=INSTANT; SELECT * FROM ag; UPDATE ag SET a = a - 1; ALTER TABLE ag MODIFY a INT AS (1);",
    // Issue 18, UPDATE IGNORE and DELETE IGNORE.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS ig (id INT PRIMARY KEY, u INT NOT NULL UNIQUE, s CHAR(2), CHECK (u < 100)); INSERT IGNORE INTO ig VALUES (1, 1, 'a'), (2, 2, 'b'), (3, 3, 'c'); UPDATE IGNORE ig SET u = u + 1; UPDATE LOW_PRIORITY IGNORE ig SET u = NULL, s = 'abc' WHERE id = 1 LIMIT 1; UPDATE IGNORE ig SET u = 500; UPDATE IGNORE ig, ig AS j SET ig.u = j.u WHERE ig.id <> j.id; DELETE LOW_PRIORITY QUICK IGNORE FROM ig WHERE id = 2; DELETE IGNORE ig FROM ig JOIN ig AS j USING (id); UPDATE OR IGNORE ig SET u = 1; UPDATE IGNORE IGNORE ig SET u = 1; DELETE QUICK LOW_PRIORITY FROM ig; EXPLAIN UPDATE IGNORE ig SET u = 2; EXPLAIN DELETE IGNORE FROM ig;",
    // Issue 18, binary string columns.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS bc (id INT PRIMARY KEY, b BINARY(3), vb VARBINARY(4), t TINYBLOB, l LONGBLOB, x BLOB(70000), UNIQUE KEY (vb)); INSERT INTO bc VALUES (1, 'a', X'FF', 1.5, NULL, ''), (2, UNHEX('00'), '', REPEAT('z', 255), REPEAT('q', 99999), 'x'); INSERT IGNORE INTO bc VALUES (3, 'abcd', 'abcde', REPEAT('z', 256), 1, 2); SELECT b, HEX(vb), b < vb, b = 'a', CONCAT(b, vb), LENGTH(l) FROM bc ORDER BY b, vb DESC; CREATE TABLE bc2 AS SELECT UNHEX('zz') AS u, UNHEX(HEX(id)) AS h, b FROM bc; CREATE TABLE bc3 (b BINARY(256)); CREATE TABLE bc4 (b VARBINARY(99999999999)); CREATE TABLE bc5 (b BINARY(0), v VARBINARY(0)); INSERT INTO bc5 VALUES ('', ''), ('a', NULL);",
    // Issue 18, partitioned tables: every method, the CREATE errors, pruning, PARTITION (...)
    // selection, information_schema.PARTITIONS and the ALTER TABLE partition operations.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS pr (id INT NOT NULL, d DATE, PRIMARY KEY (id)) PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN MAXVALUE); INSERT IGNORE INTO pr VALUES (1, '2024-01-01'), (20, NULL), (-9223372036854775807, NULL); SELECT * FROM pr PARTITION (p0, P1) WHERE id BETWEEN 'a' AND 1e300 OR id IN (NULL, 5) OR id IS NULL; EXPLAIN SELECT * FROM pr PARTITION (p1) WHERE id > 9223372036854775807 AND id <= -1; SELECT * FROM pr PARTITION (); SELECT * FROM pr PARTITION (nope); ALTER TABLE pr ADD PARTITION (PARTITION p2 VALUES LESS THAN (99)); ALTER TABLE pr TRUNCATE PARTITION ALL; ALTER TABLE pr DROP PARTITION p0, p0; ALTER TABLE pr REMOVE PARTITIONING; ALTER TABLE pr ADD PARTITION PARTITIONS 99999999999999999999;",
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE pl (a INT, b VARCHAR(3)) PARTITION BY LIST COLUMNS (a, b) (PARTITION p0 VALUES IN ((1, 'x'), (NULL, NULL)), PARTITION p1 VALUES IN ((2, 'y'))); INSERT INTO pl VALUES (1, 'X'), (NULL, NULL), (3, 'z'); CREATE TABLE ph (a INT) PARTITION BY LINEAR HASH (a DIV 0) PARTITIONS 8192; CREATE TABLE pk (a TEXT) PARTITION BY LINEAR KEY ALGORITHM=3 (a); CREATE TABLE pk (a INT) PARTITION BY KEY (); CREATE TABLE ps (a INT) PARTITION BY RANGE (a) SUBPARTITION BY HASH (a) (PARTITION p0 VALUES LESS THAN (1) (SUBPARTITION s0)); CREATE TEMPORARY TABLE pt (a INT) PARTITION BY HASH (a); CREATE TABLE pe (a INT) PARTITION BY RANGE (a) (PARTITION p0 VALUES LESS THAN (1, 2)); CREATE TABLE pf (a INT) PARTITION BY HASH (a) PARTITIONS 2 (PARTITION x); CREATE TABLE pg (a INT) PARTITION BY; CREATE TABLE pg (a INT) PARTITION BY RANGE (a) (PARTITION p0 VALUES LESS THAN (1) DATA DIRECTORY = '/x'); SELECT * FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA = 'fz';",
    // Pruning through the partitioning expression and short walked ranges; REORGANIZE,
    // COALESCE and EXCHANGE PARTITION with their errors.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE py (id INT NOT NULL, d DATE) PARTITION BY RANGE (YEAR(d)) (PARTITION a VALUES LESS THAN (2000), PARTITION b VALUES LESS THAN MAXVALUE); INSERT INTO py VALUES (1, '1999-12-31'), (2, NULL), (3, '2024-02-29'); EXPLAIN SELECT * FROM py WHERE d < '2000-01-01' OR d > 'x' OR d BETWEEN 20000101 AND '9999-99-99' OR d = 1e300; CREATE TABLE pw (id BIGINT UNSIGNED NOT NULL) PARTITION BY HASH (id DIV 3) PARTITIONS 5; EXPLAIN SELECT * FROM pw WHERE id BETWEEN 18446744073709551610 AND 18446744073709551615 AND id > -9223372036854775808; ALTER TABLE py REORGANIZE PARTITION a, b INTO (PARTITION c VALUES LESS THAN (2010)); ALTER TABLE py REORGANIZE PARTITION b INTO (PARTITION b VALUES LESS THAN MAXVALUE, PARTITION z VALUES LESS THAN (1)); ALTER TABLE pw COALESCE PARTITION 18446744073709551615; ALTER TABLE pw REORGANIZE PARTITION p0 INTO (PARTITION p0 VALUES IN (1)); CREATE TABLE px LIKE py; ALTER TABLE px REMOVE PARTITIONING; ALTER TABLE py EXCHANGE PARTITION b WITH TABLE px WITHOUT VALIDATION; ALTER TABLE py EXCHANGE PARTITION b WITH TABLE fz.px WITH; ALTER TABLE py EXCHANGE PARTITION a WITH TABLE py;",
    // Issue 18, ALTER TABLE ... MODIFY / CHANGE COLUMN to and from generated columns.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE IF NOT EXISTS mg (id INT PRIMARY KEY AUTO_INCREMENT, a INT, s INT AS (a + 1) STORED, v INT AS (a) VIRTUAL, p INT); INSERT IGNORE INTO mg (a, p) VALUES (1, 1), (NULL, 2147483647); ALTER TABLE mg MODIFY s TINYINT AS (a * 1000) STORED; ALTER TABLE mg MODIFY p INT AS (s + v) STORED, MODIFY s INT; ALTER TABLE mg CHANGE v v2 INT AS (v2) VIRTUAL; ALTER TABLE mg MODIFY v INT AS (p) STORED; ALTER TABLE mg MODIFY a INT AS (a) STORED; ALTER TABLE mg CHANGE s a INT; ALTER TABLE mg MODIFY id INT AS (1) STORED; ALTER TABLE mg MODIFY nope INT AS (1);",
    // Issue 18: EXPLAIN of VALUES (alone and derived), of an outer join over a parenthesised
    // join in FORMAT=TREE, and literals with introducers, N'..' and COLLATE.
    "USE shop; EXPLAIN VALUES ROW(1, 'a'), ROW(2, NULL) ORDER BY column_0 LIMIT 1; EXPLAIN FORMAT=TREE VALUES ROW(1); EXPLAIN FORMAT=JSON VALUES ROW(1), ROW(2, 3); EXPLAIN ANALYZE VALUES ROW(); EXPLAIN VALUES (1); EXPLAIN FORMAT=TREE SELECT * FROM (VALUES ROW(1, 2), ROW(3, 4)) v (a, b) JOIN orders o ON o.id = v.a; EXPLAIN FORMAT=JSON SELECT * FROM (VALUES ROW(1)) v, (VALUES ROW(2), ROW(3)) w; EXPLAIN SELECT * FROM (SELECT 1 UNION VALUES ROW(2)) d; WITH w AS (VALUES ROW(1)) SELECT * FROM w;",
    "USE shop; EXPLAIN FORMAT=TREE SELECT * FROM customers c LEFT JOIN (orders o JOIN order_items i ON i.order_id = o.id) ON o.customer_id = c.id; EXPLAIN ANALYZE SELECT 1 FROM orders o LEFT JOIN (customers c JOIN products p ON p.id = c.id JOIN order_items i ON i.id = p.id) ON c.id = o.customer_id WHERE o.id < 4; EXPLAIN FORMAT=TREE SELECT 1 FROM orders o STRAIGHT_JOIN (customers c JOIN products p ON p.id = c.id) ON c.id = o.id; EXPLAIN FORMAT=TREE SELECT 1 FROM orders o LEFT JOIN (customers c LEFT JOIN products p ON p.id = c.id) ON 1;",
    "SELECT _utf8mb4'x' COLLATE utf8mb4_bin, _latin1'a', _binary'abc', N'text', n'', X'41', _utf8mb4 0x41, _utf8 'u', 'a' COLLATE binary; SELECT CHARSET(_latin1'a' COLLATE latin1_bin), COLLATION(N'x' COLLATE utf8_bin), COLLATION(X'41' COLLATE utf8mb4_bin), CHARSET((_ascii'q')), COLLATION(_nope'a'), 'a' COLLATE, 'a' COLLATE `utf8mb4_bin`, _binary'a' COLLATE latin1_bin;",
    // Issue 18: a parenthesised query block, an inner join's ON over a nest holding an outer
    // join, VALUES and TABLE as subqueries, COLLATE in ORDER BY / GROUP BY / LIKE, and
    // EXCHANGE PARTITION WITHOUT VALIDATION with misplaced rows.
    "USE shop; EXPLAIN (SELECT * FROM orders); EXPLAIN FORMAT=JSON ((SELECT id FROM orders WHERE id < 3)); EXPLAIN FORMAT=TREE (SELECT id FROM orders ORDER BY id) LIMIT 2; (SELECT id FROM orders LIMIT 2) LIMIT 1; (SELECT 1) ORDER BY 1; WITH w AS (SELECT 1) (SELECT * FROM w);",
    "USE shop; SELECT COUNT(*) FROM customers c JOIN (orders o LEFT JOIN order_items i ON i.order_id = o.id) ON o.customer_id = c.id; EXPLAIN FORMAT=TREE SELECT 1 FROM customers c JOIN (orders o RIGHT JOIN order_items i ON i.order_id = o.id) ON o.customer_id = c.id WHERE c.id > 1; EXPLAIN FORMAT=JSON SELECT 1 FROM customers c JOIN ((orders o LEFT JOIN products p ON p.id = o.id) JOIN order_items i ON i.order_id = o.id) ON 1;",
    "USE shop; SELECT (VALUES ROW(1)), (TABLE orders), (VALUES ROW(1), ROW(2)), (VALUES ROW(1) UNION TABLE customers); SELECT 1 WHERE 1 = ANY (VALUES ROW(1)) AND 2 > ALL (TABLE orders); SELECT ABS(VALUES ROW(-1)); SELECT (VALUES ROW(); SELECT (TABLE); EXPLAIN SELECT (VALUES ROW('x'));",
    "USE shop; SELECT status FROM orders ORDER BY status COLLATE utf8mb4_bin DESC, 1 COLLATE binary; SELECT status COLLATE utf8mb4_bin AS s, COUNT(*) FROM orders GROUP BY s, 1 WITH ROLLUP; SELECT 1 FROM orders WHERE status LIKE 'P%' COLLATE latin1_bin OR status COLLATE utf8mb4_0900_as_cs NOT LIKE _binary'%' ESCAPE 'x';",
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE pv (id INT PRIMARY KEY, v INT) PARTITION BY RANGE (id) (PARTITION a VALUES LESS THAN (10), PARTITION b VALUES LESS THAN MAXVALUE); CREATE TABLE pn (id INT PRIMARY KEY, v INT); INSERT INTO pv VALUES (1, 1), (20, 2); INSERT INTO pn VALUES (20, 3), (30, NULL); ALTER TABLE pv EXCHANGE PARTITION a WITH TABLE pn WITHOUT VALIDATION; DELETE FROM pn WHERE id = 20; ALTER TABLE pv EXCHANGE PARTITION a WITH TABLE pn WITHOUT VALIDATION; SELECT * FROM pv PARTITION (a); UPDATE pv SET v = 5; ALTER TABLE pv DROP PARTITION a; ALTER TABLE pv REORGANIZE PARTITION b INTO (PARTITION c VALUES LESS THAN MAXVALUE); ALTER TABLE pv TRUNCATE PARTITION ALL;",
    // Issue 18: ERROR 1863 for a misplaced row an UPDATE / DELETE reaches, and SUBPARTITION BY
    // HASH / KEY with its errors, pruning, PARTITION (...) names and partition operations.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE pm (id INT, v INT) PARTITION BY LIST (id) (PARTITION a VALUES IN (1, NULL), PARTITION b VALUES IN (2, 3)); CREATE TABLE pq (id INT, v INT); INSERT INTO pq VALUES (3, NULL), (NULL, 1); ALTER TABLE pm EXCHANGE PARTITION a WITH TABLE pq WITHOUT VALIDATION; UPDATE pm SET v = v + 1; UPDATE pm SET v = v WHERE id = 3; DELETE FROM pm WHERE v IS NULL; UPDATE pm, pq SET pm.v = 1, pq.v = 2; DELETE pm, pq FROM pm JOIN pq; DELETE FROM pm PARTITION (a); DELETE FROM pm;",
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE sq (id INT NOT NULL, r INT NOT NULL, PRIMARY KEY (id, r)) PARTITION BY RANGE (r) SUBPARTITION BY LINEAR HASH (id DIV 0) SUBPARTITIONS 4 (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN MAXVALUE); INSERT INTO sq VALUES (1, 1), (-9223372036854775807, 20), (3, NULL); SELECT * FROM sq PARTITION (p0sp3, P1, nope); EXPLAIN SELECT * FROM sq WHERE id IN (1, NULL, 'x') AND r BETWEEN 1 AND 99; SHOW CREATE TABLE sq; SELECT * FROM information_schema.PARTITIONS WHERE TABLE_NAME = 'sq'; ALTER TABLE sq TRUNCATE PARTITION p0sp1, p1; UPDATE sq PARTITION (p0sp3, p1) SET r = r + 1 ORDER BY id LIMIT 1; DELETE FROM sq PARTITION (p0sp3, nope); DELETE FROM sq PARTITION (P0SP2) WHERE id > 0; ALTER TABLE sq ADD PARTITION (PARTITION p2 VALUES LESS THAN (5) (SUBPARTITION x)); ALTER TABLE sq DROP PARTITION p0sp0; ALTER TABLE sq EXCHANGE PARTITION p0 WITH TABLE sq; ALTER TABLE sq REORGANIZE PARTITION p1 INTO (PARTITION p1 VALUES LESS THAN MAXVALUE); ALTER TABLE sq REMOVE PARTITIONING;",
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE sk (a INT, b VARCHAR(3)) PARTITION BY LIST COLUMNS (b) SUBPARTITION BY KEY ALGORITHM=2 (a, b) (PARTITION p0 VALUES IN ('x') (SUBPARTITION s0 ENGINE = InnoDB, SUBPARTITION s1 COMMENT 'c'), PARTITION p1 VALUES IN ('y') (SUBPARTITION s2, SUBPARTITION s3)); CREATE TABLE s0 (a INT) PARTITION BY KEY (a) SUBPARTITION BY HASH (a); CREATE TABLE s0 (a INT) PARTITION BY RANGE (a) SUBPARTITION BY RANGE (a) (PARTITION p0 VALUES LESS THAN (1)); CREATE TABLE s0 (a INT) PARTITION BY RANGE (a) SUBPARTITION BY HASH (a) SUBPARTITIONS 99999999999999999999 (PARTITION p0 VALUES LESS THAN (1)); CREATE TABLE s0 (a INT) PARTITION BY RANGE (a) SUBPARTITION BY HASH (a) SUBPARTITIONS 8193 (PARTITION p0 VALUES LESS THAN (1)); CREATE TABLE s0 (a INT) PARTITION BY RANGE (a) SUBPARTITION BY KEY (nope) (PARTITION p0 VALUES LESS THAN (1) (SUBPARTITION)); CREATE TABLE s0 (a INT) PARTITION BY RANGE (a) SUBPARTITION BY HASH (a) (PARTITION p0 VALUES LESS THAN (1) (SUBPARTITION s DATA DIRECTORY = '/x'));",
    // Issue 18: a case-sensitive `_cs` collation in comparisons, ORDER BY and GROUP BY.
    "USE shop; SELECT status COLLATE utf8mb4_0900_as_cs AS s, COUNT(*) FROM orders GROUP BY s, status COLLATE latin1_general_cs ORDER BY s DESC, 1 COLLATE utf8mb4_0900_as_cs; SELECT NULL COLLATE utf8mb4_0900_as_cs = 'a', 1 COLLATE utf8mb4_0900_as_cs < 'B', 'x' COLLATE utf8mb4_0900_as_cs <=> _binary'x', 'a' COLLATE utf8mb4_bin = 'A' COLLATE utf8mb4_0900_as_cs; EXPLAIN FORMAT=TREE SELECT 1 FROM orders WHERE status COLLATE utf8mb4_0900_as_cs >= 'P' ORDER BY status COLLATE utf8mb4_0900_as_cs;",
    // Issue 18: writes naming PARTITION (...) (1748, 1735, 1747, the Hive order refused).
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE pw8 (a INT NOT NULL PRIMARY KEY, b VARCHAR(9)) PARTITION BY RANGE (a) SUBPARTITION BY HASH (a) SUBPARTITIONS 2 (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN MAXVALUE); INSERT INTO pw8 PARTITION (p0) VALUES (1, 'x'), (20, 'y'); INSERT IGNORE INTO pw8 PARTITION (p0sp1, P1) (b, a) VALUES ('z', 3), (NULL, NULL); INSERT INTO pw8 (a) PARTITION (p0) VALUES (2); INSERT INTO pw8 PARTITION () VALUES (1); INSERT INTO pw8 PARTITION (nope, p0) SELECT 1, 'a'; INSERT INTO pw8 PARTITION (p1) (SELECT 30, 'b') ON DUPLICATE KEY UPDATE a = a - 100; REPLACE pw8 PARTITION (p0sp0) SET a = 4, b = 'r'; REPLACE INTO fz.pw8 PARTITION (p0) (a, b) VALUES (5, 'q'); UPDATE pw8 PARTITION (p0) SET a = a + 50; UPDATE IGNORE pw8 PARTITION (p1) SET a = NULL; INSERT INTO pw8 PARTITION (p0 VALUES (1); INSERT INTO pw8 PARTITION (p0) (a VALUES (1); INSERT INTO pw8 PARTITION (1 + 1) VALUES (1, 'x');",
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; EXPLAIN FORMAT=JSON SELECT * FROM pw8 PARTITION (p0sp1, p1) WHERE a IN (1, 99) AND b > 'a'; EXPLAIN FORMAT=JSON UPDATE pw8 PARTITION (p1) SET b = 'u' WHERE a < 0; EXPLAIN FORMAT=JSON DELETE FROM pw8 PARTITION (p0) ORDER BY a LIMIT 1; EXPLAIN FORMAT=JSON SELECT * FROM pw8 a JOIN pw8 b ON b.a = a.a WHERE a.a = 1;",
    // Issue 18: DISTINCT and COUNT(DISTINCT) under a binary or case-sensitive COLLATE.
    "USE shop; SELECT DISTINCT status COLLATE utf8mb4_bin, name COLLATE utf8mb4_0900_as_cs FROM orders JOIN customers ON customers.id = orders.customer_id ORDER BY 1 DESC LIMIT 3; SELECT COUNT(DISTINCT status COLLATE utf8mb4_bin, id COLLATE binary), COUNT(DISTINCT NULL COLLATE utf8mb4_bin), COUNT(DISTINCT _latin1 'a' COLLATE latin1_bin) FROM orders GROUP BY customer_id COLLATE utf8mb4_bin WITH ROLLUP; SELECT DISTINCT 1 COLLATE utf8mb4_bin, status COLLATE nope FROM orders; SELECT SUM(DISTINCT id COLLATE utf8mb4_bin), GROUP_CONCAT(DISTINCT status COLLATE utf8mb4_bin) FROM orders;",
    // Issue 18: REORGANIZE and ADD PARTITION of a subpartitioned table, with their errors.
    "CREATE DATABASE IF NOT EXISTS fz; USE fz; CREATE TABLE rs (a INT NOT NULL PRIMARY KEY) PARTITION BY RANGE (a) SUBPARTITION BY HASH (a) SUBPARTITIONS 2 (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN MAXVALUE); INSERT INTO rs VALUES (1), (50), (-9223372036854775807); ALTER TABLE rs REORGANIZE PARTITION p1 INTO (PARTITION p1 VALUES LESS THAN (100) (SUBPARTITION x, SUBPARTITION y), PARTITION p2 VALUES LESS THAN MAXVALUE); ALTER TABLE rs REORGANIZE PARTITION p0 INTO (PARTITION p0 VALUES LESS THAN (10) (SUBPARTITION x, SUBPARTITION X)); ALTER TABLE rs REORGANIZE PARTITION p0 INTO (PARTITION p0 VALUES LESS THAN (10) (SUBPARTITION a)); ALTER TABLE rs REORGANIZE PARTITION p2 INTO (PARTITION p2 VALUES LESS THAN (5)); ALTER TABLE rs ADD PARTITION (PARTITION p9 VALUES LESS THAN (1) (SUBPARTITION q, SUBPARTITION r, SUBPARTITION s)); ALTER TABLE rs REORGANIZE PARTITION p1, p2 INTO (PARTITION z VALUES LESS THAN MAXVALUE (SUBPARTITION p0sp0, SUBPARTITION zz)); SHOW CREATE TABLE rs; SELECT * FROM information_schema.PARTITIONS WHERE TABLE_NAME = 'rs'; CREATE TABLE rh (a INT) PARTITION BY HASH (a) PARTITIONS 2; ALTER TABLE rh REORGANIZE PARTITION p0, p1 INTO (PARTITION a (SUBPARTITION s), PARTITION b); ALTER TABLE rh ADD PARTITION (PARTITION c (SUBPARTITION d));",
];

const TOKENS: &[&str] = &[
    "PARTITION BY HASH (id) PARTITIONS 3",
    " SUBPARTITION BY HASH (id) SUBPARTITIONS 2",
    " (SUBPARTITION s0, SUBPARTITION s1)",
    " PARTITION (p0)",
    "VALUES LESS THAN MAXVALUE",
    "SELECT",
    "PREPARE s FROM",
    "EXECUTE s USING",
    "SAVEPOINT",
    "ROLLBACK TO",
    "GET DIAGNOSTICS",
    "LOCK IN SHARE MODE",
    "?",
    "FROM",
    "WHERE",
    "SET",
    "GLOBAL",
    "SHOW",
    "(",
    ")",
    ",",
    "'",
    "\"",
    "`",
    "@@",
    "@",
    "1",
    "-1",
    "1e308",
    "0.5",
    "NULL",
    "=",
    "+",
    "*",
    "/",
    "DIV",
    "%",
    "LIKE",
    "AND",
    "OR",
    "NOT",
    "CASE",
    "WHEN",
    "THEN",
    "END",
    "/*",
    "*/",
    "--",
    "#",
    "\\G",
    "\\",
    ";",
    "DELIMITER",
    "\n",
    "max_connections",
    "SLEEP(",
    "CONCAT(",
    "REPEAT('x', 99999999999)",
    "é",
    "\u{0}",
    "DEFAULT",
    "UNION",
    "CAST(",
    " MOD ",
    "INTERVAL(",
    "BINARY ",
    "_binary'",
    "X'4",
    "0x",
    "UNHEX(",
    "BENCHMARK(",
    " AS DECIMAL(65,30))",
    " AS TIME(6))",
    " AS JSON)",
    "CONVERT(",
    " OVER (PARTITION BY 1 ORDER BY 2 ROWS 3 PRECEDING)",
    "ROW_NUMBER() OVER ()",
    " WINDOW w AS ()",
    " USING latin1)",
    "INTERSECT",
    "EXCEPT",
    "ALL",
    "DISTINCT",
    "WITH",
    "RECURSIVE",
    "AS",
    "TABLE",
    "ORDER BY",
    "LIMIT",
];

fn mutate(rng: &mut SimRng, s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..=rng.below(4) {
        let pos = rng.below(chars.len() as u64 + 1) as usize;
        match rng.below(4) {
            0 if pos < chars.len() => {
                chars.remove(pos);
            }
            1 => {
                let t = TOKENS[rng.below(TOKENS.len() as u64) as usize];
                for (i, c) in t.chars().enumerate() {
                    chars.insert(pos + i, c);
                }
            }
            2 if pos < chars.len() => {
                let c = chars[pos];
                chars.insert(pos, c);
            }
            _ => chars.truncate(pos),
        }
    }
    chars.into_iter().collect()
}

fn soup(rng: &mut SimRng) -> String {
    let n = 1 + rng.below(12);
    let mut out: Vec<&str> = Vec::new();
    for _ in 0..n {
        out.push(TOKENS[rng.below(TOKENS.len() as u64) as usize]);
    }
    out.join(" ") + ";"
}

fn special(i: u64) -> String {
    match i % 9 {
        6 => format!("{}SELECT 1{};", "(".repeat(300), ") UNION (SELECT 2".repeat(300)),
        7 => format!(
            "WITH {} SELECT * FROM c0;",
            (0..300).map(|n| format!("c{n} AS (SELECT {n})")).collect::<Vec<_>>().join(", ")
        ),
        8 => format!("SELECT 1{};", " UNION SELECT 1".repeat(2000)),
        0 => format!("SELECT {}1{};", "(".repeat(5000), ")".repeat(5000)),
        1 => format!("SELECT {};", "1+".repeat(3000) + "1"),
        2 => format!("SELECT '{}';", "x".repeat(100_000)),
        3 => "SELECT 'unterminated".to_string(),
        4 => "SELECT 1 /* unterminated comment".to_string(),
        _ => format!("SELECT {}9;", "9".repeat(200)),
    }
}

#[test]
fn garbled_statements_get_errors_not_panics() {
    let mut rng = SimRng::derive_named(1234, "fuzz/statements");
    // The shop at 1/1000 scale: garbled scans of page_views stay cheap in debug builds.
    let small = Experiment { scale: 0.001, ..Experiment::default() };
    let server = small.start_server().expect("server starts");
    let mut client = Client::connect(server, false);
    let mut answered = 0u32;
    let total = 3000u64;
    for i in 0..total {
        let stmt = match rng.below(10) {
            0..=5 => {
                let base = CORPUS[rng.below(CORPUS.len() as u64) as usize];
                mutate(&mut rng, base)
            }
            6..=8 => soup(&mut rng),
            _ => special(i),
        };
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut out = client.feed(&stmt);
            // End of input sends whatever the garbage left open (quotes, comments), as
            // `mysql < file` does; then undo a changed delimiter.
            client.finish(&mut out);
            client.feed("DELIMITER ;\n");
            out
        }));
        let out = out.unwrap_or_else(|_| panic!("panic on statement #{i}: {stmt:?}"));
        if out.contains("ERROR")
            || out.contains(" in set")
            || out.contains("Query OK")
            || out.contains("Empty set")
        {
            answered += 1;
        }
        if client.has_quit() {
            client = Client::connect(small.start_server().unwrap(), false);
        }
    }
    assert!(
        answered as u64 >= total * 9 / 10,
        "most garbled input gets an answer ({answered}/{total})"
    );
    let after = client.feed("SELECT 'alive' AS session;\n");
    assert!(after.contains("| alive   |"), "the session still answers: {after}");
}

/// A host for the digest with one in-memory file.
struct OneFile(String);

impl tunelab_core::tools::pt_query_digest::DigestHost for OneFile {
    fn read_file(&self, _path: &str) -> Result<String, String> {
        Ok(self.0.clone())
    }
    fn hostname(&self) -> String {
        "h".into()
    }
    fn current_date(&self) -> String {
        "d".into()
    }
    fn rusage(&self) -> String {
        "r".into()
    }
}

/// Garbled slow and general logs (mutations of the goldens' logs, cut anywhere, with
/// multi-byte characters and huge statements) give a report, never a panic.
#[test]
fn garbled_logs_give_reports_not_panics() {
    use tunelab_core::tools::pt_query_digest::run;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("digest");
    let logs: Vec<String> = ["small-slow.log", "small-general.log", "mysql97-slow-extra.log"]
        .iter()
        .map(|f| std::fs::read_to_string(dir.join(f)).expect("the goldens' logs"))
        .collect();
    let mut rng = SimRng::derive_named(7, "digest-fuzz");
    let huge = format!(
        "# Time: 2026-12-01T09:00:00Z\n# Query_time: 1.0  Lock_time: 0\nSELECT {} UNION SELECT 1;\n\
         INSERT INTO t VALUES {};\n",
        "é".repeat(50_000),
        "(1),".repeat(20_000) + "(2)"
    );
    for i in 0..150u64 {
        let base = &logs[(i % 3) as usize];
        // Mutate a window of lines so the mutations stay cheap on the large log.
        let lines: Vec<&str> = base.lines().collect();
        let start = rng.below(lines.len() as u64) as usize;
        let end = (start + 40).min(lines.len());
        let window: Vec<String> = lines[start..end].iter().map(|l| mutate(&mut rng, l)).collect();
        let mut text =
            lines[..start].join("\n") + "\n" + &window.join("\n") + "\n" + &lines[end..].join("\n");
        if i % 50 == 0 {
            text.push_str(&huge);
        }
        let cut = rng.below(text.len() as u64 + 1) as usize;
        let cut = (0..=cut).rev().find(|&c| text.is_char_boundary(c)).unwrap_or(0);
        let kind = if i % 3 == 1 { "genlog" } else { "slowlog" };
        let args: Vec<String> =
            ["--type", kind, "--limit=100%", "x.log"].map(String::from).to_vec();
        let _ = run(&args, &OneFile(text[..cut].to_string()));
        let _ = run(&args, &OneFile(text.clone()));
    }
}
