//! `SHOW BINARY LOGS`, `SHOW BINARY LOG STATUS` and `SHOW REPLICA STATUS`: where the binary
//! log has got to, which the durability lesson's group commits move (`Position` grows by each
//! committed transaction's events, `binlog::transaction_bytes`).
//!
//! The files are `binlog::files`' (a new one at each start, at FLUSH BINARY LOGS and past
//! `max_binlog_size`). Simplifications: GTIDs are off (9.7's default `gtid_mode`), so `Executed_Gtid_Set` is empty; the
//! server is never a replica, so `SHOW REPLICA STATUS` is an empty set, as on any source.

use crate::error::{MySqlError, Result};
use crate::server::Server;
use crate::sql::parser::ReplicationShow;
use crate::sql::{Column, ResultSet, Value};
use crate::var_id;

/// `SHOW REPLICA STATUS`' columns (MySQL 8.4 / 9.x, as the manual's reference lists them).
const REPLICA_STATUS_COLUMNS: [&str; 60] = [
    "Replica_IO_State",
    "Source_Host",
    "Source_User",
    "Source_Port",
    "Connect_Retry",
    "Source_Log_File",
    "Read_Source_Log_Pos",
    "Relay_Log_File",
    "Relay_Log_Pos",
    "Relay_Source_Log_File",
    "Replica_IO_Running",
    "Replica_SQL_Running",
    "Replicate_Do_DB",
    "Replicate_Ignore_DB",
    "Replicate_Do_Table",
    "Replicate_Ignore_Table",
    "Replicate_Wild_Do_Table",
    "Replicate_Wild_Ignore_Table",
    "Last_Errno",
    "Last_Error",
    "Skip_Counter",
    "Exec_Source_Log_Pos",
    "Relay_Log_Space",
    "Until_Condition",
    "Until_Log_File",
    "Until_Log_Pos",
    "Source_SSL_Allowed",
    "Source_SSL_CA_File",
    "Source_SSL_CA_Path",
    "Source_SSL_Cert",
    "Source_SSL_Cipher",
    "Source_SSL_Key",
    "Seconds_Behind_Source",
    "Source_SSL_Verify_Server_Cert",
    "Last_IO_Errno",
    "Last_IO_Error",
    "Last_SQL_Errno",
    "Last_SQL_Error",
    "Replicate_Ignore_Server_Ids",
    "Source_Server_Id",
    "Source_UUID",
    "Source_Info_File",
    "SQL_Delay",
    "SQL_Remaining_Delay",
    "Replica_SQL_Running_State",
    "Source_Retry_Count",
    "Source_Bind",
    "Last_IO_Error_Timestamp",
    "Last_SQL_Error_Timestamp",
    "Source_SSL_Crl",
    "Source_SSL_Crlpath",
    "Retrieved_Gtid_Set",
    "Executed_Gtid_Set",
    "Auto_Position",
    "Replicate_Rewrite_DB",
    "Channel_Name",
    "Source_TLS_Version",
    "Source_public_key_path",
    "Get_Source_public_key",
    "Network_Namespace",
];

fn text(s: &str) -> Value {
    Value::Str(s.to_string())
}

impl Server {
    /// The binary log's files and their sizes as `SHOW BINARY LOGS` lists them, or None when
    /// binary logging is off (or mysqld is down).
    pub fn binary_log_files(&self) -> Option<Vec<(String, u64)>> {
        let running = self.running.as_ref()?;
        running
            .vars
            .global_bool(var_id!("log_bin"))
            .then(|| self.logs.binlog.files.list(self.logs.binlog.position))
    }

    /// Runs one of the binary log's SHOW statements (the caller has checked REPLICATION
    /// CLIENT).
    pub(crate) fn show_replication(&self, show: ReplicationShow) -> Result<ResultSet> {
        let log_bin = self
            .running
            .as_ref()
            .ok_or_else(MySqlError::cannot_connect)?
            .vars
            .global_bool(var_id!("log_bin"));
        let position = self.logs.binlog.position;
        let files = &self.logs.binlog.files;
        let rows =
            |columns: Vec<Column>, rows: Vec<Vec<Value>>| ResultSet { columns, rows, unshown: 0 };
        Ok(match show {
            ReplicationShow::BinaryLogs => {
                if !log_bin {
                    return Err(MySqlError::new(
                        1381,
                        "HY000",
                        "You are not using binary logging".into(),
                    ));
                }
                rows(
                    vec![
                        Column::text("Log_name"),
                        Column::number("File_size"),
                        Column::text("Encrypted"),
                    ],
                    files
                        .list(position)
                        .into_iter()
                        .map(|(name, size)| vec![text(&name), Value::UInt(size), text("No")])
                        .collect(),
                )
            }
            ReplicationShow::BinaryLogStatus => rows(
                vec![
                    Column::text("File"),
                    Column::number("Position"),
                    Column::text("Binlog_Do_DB"),
                    Column::text("Binlog_Ignore_DB"),
                    Column::text("Executed_Gtid_Set"),
                ],
                // Without a binary log the statement is an empty set.
                if log_bin {
                    vec![vec![
                        text(&files.current_name()),
                        Value::UInt(files.position_in_file(position)),
                        text(""),
                        text(""),
                        text(""),
                    ]]
                } else {
                    Vec::new()
                },
            ),
            ReplicationShow::ReplicaStatus => {
                rows(REPLICA_STATUS_COLUMNS.iter().map(|c| Column::text(c)).collect(), Vec::new())
            }
        })
    }
}
