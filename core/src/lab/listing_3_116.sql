USE shop;
CREATE VIEW bp_io AS SELECT
SUM(IF(VARIABLE_NAME = 'Innodb_buffer_pool_read_requests', VARIABLE_VALUE, 0)) AS requests,
SUM(IF(VARIABLE_NAME = 'Innodb_buffer_pool_reads', VARIABLE_VALUE, 0)) AS disk_reads,
SUM(IF(VARIABLE_NAME = 'Innodb_buffer_pool_read_ahead', VARIABLE_VALUE, 0)) AS read_ahead
FROM performance_schema.global_status;
CREATE TABLE bp_runs (pool_mb INT, pass INT, requests INT, disk_reads INT, read_ahead INT);
DELIMITER //
CREATE PROCEDURE scan_pass(p INT)
BEGIN
DECLARE q0, r0, a0 BIGINT;
SELECT requests, disk_reads, read_ahead INTO q0, r0, a0 FROM bp_io;
SELECT SUM(LENGTH(referrer)) INTO @ignored FROM page_views; -- full clustered-index scan
INSERT INTO bp_runs SELECT @@innodb_buffer_pool_size DIV 1048576, p,
requests - q0, disk_reads - r0, read_ahead - a0 FROM bp_io;
END //
DELIMITER ;
SET GLOBAL innodb_buffer_pool_size = 256 * 1024 * 1024; -- shrink online from 4.5 GB
DO SLEEP(5); -- the resize runs in the background
CALL scan_pass(1); CALL scan_pass(2);
SET GLOBAL innodb_buffer_pool_size = 2 * 1024 * 1024 * 1024;
DO SLEEP(5);
CALL scan_pass(1); CALL scan_pass(2);
SELECT *, ROUND(100 * (1 - disk_reads / requests), 2) AS naive_hit,
ROUND(100 * (1 - (disk_reads + read_ahead) / requests), 2) AS real_hit FROM bp_runs;
