//! `sys.metrics`: every counter the server keeps in one list, named and typed: the global
//! status variables (lower case), the InnoDB metrics that are not also status variables, the
//! Performance Schema's memory totals (Enabled YES, NO or PARTIAL as the memory instruments
//! are), and the time now, ordered by type and name. The text is this simulator's; the
//! columns, the types' names and the order are MySQL's sys schema's (which has no `x$` twin
//! of it).
//!
//! Simplification (UNCONFIRMED): MySQL's view leaves out a fixed list of InnoDB metrics that
//! duplicate status variables; this one leaves out each metric whose name with `innodb_`
//! before it is a status variable's.

pub(super) const METRICS: &str =
    "SELECT LOWER(VARIABLE_NAME) AS Variable_name, VARIABLE_VALUE AS Variable_value,
       'Global Status' AS Type, 'YES' AS Enabled
  FROM performance_schema.global_status
UNION ALL
SELECT NAME, COUNT, CONCAT('InnoDB Metrics - ', SUBSYSTEM), IF(STATUS = 'enabled', 'YES', 'NO')
  FROM information_schema.INNODB_METRICS
 WHERE CONCAT('innodb_', NAME) NOT IN
       (SELECT LOWER(VARIABLE_NAME) FROM performance_schema.global_status)
UNION ALL
SELECT 'memory_current_allocated', SUM(CURRENT_NUMBER_OF_BYTES_USED), 'Performance Schema',
       (SELECT CASE SUM(ENABLED = 'YES') WHEN 0 THEN 'NO' WHEN COUNT(*) THEN 'YES'
               ELSE 'PARTIAL' END
          FROM performance_schema.setup_instruments WHERE NAME LIKE 'memory/%')
  FROM performance_schema.memory_summary_global_by_event_name
UNION ALL
SELECT 'memory_total_allocated', SUM(SUM_NUMBER_OF_BYTES_ALLOC), 'Performance Schema',
       (SELECT CASE SUM(ENABLED = 'YES') WHEN 0 THEN 'NO' WHEN COUNT(*) THEN 'YES'
               ELSE 'PARTIAL' END
          FROM performance_schema.setup_instruments WHERE NAME LIKE 'memory/%')
  FROM performance_schema.memory_summary_global_by_event_name
UNION ALL
SELECT 'NOW()', NOW(3), 'System Time', 'YES'
UNION ALL
SELECT 'UNIX_TIMESTAMP()', ROUND(UNIX_TIMESTAMP(NOW(3)), 3), 'System Time', 'YES'
 ORDER BY Type, Variable_name";
