//! The `mysql` schema's tables this server has, as `SHOW CREATE TABLE` prints them on MySQL
//! 8.0.30+ and 9.x (the definitions a `mysqldump --all-databases` of an 8.0 server writes,
//! which are the server's own; 9.x changed none of these three).

/// (table name, its `SHOW CREATE TABLE` text), in name order.
pub const TABLES: &[(&str, &str)] =
    &[("general_log", GENERAL_LOG), ("slow_log", SLOW_LOG), ("user", USER)];

const GENERAL_LOG: &str = "CREATE TABLE `general_log` (
  `event_time` timestamp(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6),
  `user_host` mediumtext NOT NULL,
  `thread_id` bigint unsigned NOT NULL,
  `server_id` int unsigned NOT NULL,
  `command_type` varchar(64) NOT NULL,
  `argument` mediumblob NOT NULL
) ENGINE=CSV DEFAULT CHARSET=utf8mb3 COMMENT='General log'";

const SLOW_LOG: &str = "CREATE TABLE `slow_log` (
  `start_time` timestamp(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6),
  `user_host` mediumtext NOT NULL,
  `query_time` time(6) NOT NULL,
  `lock_time` time(6) NOT NULL,
  `rows_sent` int NOT NULL,
  `rows_examined` int NOT NULL,
  `db` varchar(512) NOT NULL,
  `last_insert_id` int NOT NULL,
  `insert_id` int NOT NULL,
  `server_id` int unsigned NOT NULL,
  `sql_text` mediumblob NOT NULL,
  `thread_id` bigint unsigned NOT NULL
) ENGINE=CSV DEFAULT CHARSET=utf8mb3 COMMENT='Slow log'";

/// A privilege column: `enum('N','Y')` in utf8mb3, default 'N'.
macro_rules! yn {
    ($name:literal) => {
        concat!(
            "  `",
            $name,
            "` enum('N','Y') CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci NOT NULL DEFAULT 'N',\n"
        )
    };
}

const USER: &str = concat!(
    "CREATE TABLE `user` (\n",
    "  `Host` char(255) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL DEFAULT '',\n",
    "  `User` char(32) COLLATE utf8mb3_bin NOT NULL DEFAULT '',\n",
    yn!("Select_priv"),
    yn!("Insert_priv"),
    yn!("Update_priv"),
    yn!("Delete_priv"),
    yn!("Create_priv"),
    yn!("Drop_priv"),
    yn!("Reload_priv"),
    yn!("Shutdown_priv"),
    yn!("Process_priv"),
    yn!("File_priv"),
    yn!("Grant_priv"),
    yn!("References_priv"),
    yn!("Index_priv"),
    yn!("Alter_priv"),
    yn!("Show_db_priv"),
    yn!("Super_priv"),
    yn!("Create_tmp_table_priv"),
    yn!("Lock_tables_priv"),
    yn!("Execute_priv"),
    yn!("Repl_slave_priv"),
    yn!("Repl_client_priv"),
    yn!("Create_view_priv"),
    yn!("Show_view_priv"),
    yn!("Create_routine_priv"),
    yn!("Alter_routine_priv"),
    yn!("Create_user_priv"),
    yn!("Event_priv"),
    yn!("Trigger_priv"),
    yn!("Create_tablespace_priv"),
    "  `ssl_type` enum('','ANY','X509','SPECIFIED') CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci NOT NULL DEFAULT '',\n",
    "  `ssl_cipher` blob NOT NULL,\n",
    "  `x509_issuer` blob NOT NULL,\n",
    "  `x509_subject` blob NOT NULL,\n",
    "  `max_questions` int unsigned NOT NULL DEFAULT '0',\n",
    "  `max_updates` int unsigned NOT NULL DEFAULT '0',\n",
    "  `max_connections` int unsigned NOT NULL DEFAULT '0',\n",
    "  `max_user_connections` int unsigned NOT NULL DEFAULT '0',\n",
    "  `plugin` char(64) COLLATE utf8mb3_bin NOT NULL DEFAULT 'caching_sha2_password',\n",
    "  `authentication_string` text COLLATE utf8mb3_bin,\n",
    yn!("password_expired"),
    "  `password_last_changed` timestamp NULL DEFAULT NULL,\n",
    "  `password_lifetime` smallint unsigned DEFAULT NULL,\n",
    yn!("account_locked"),
    yn!("Create_role_priv"),
    yn!("Drop_role_priv"),
    "  `Password_reuse_history` smallint unsigned DEFAULT NULL,\n",
    "  `Password_reuse_time` smallint unsigned DEFAULT NULL,\n",
    "  `Password_require_current` enum('N','Y') CHARACTER SET utf8mb3 COLLATE utf8mb3_general_ci DEFAULT NULL,\n",
    "  `User_attributes` json DEFAULT NULL,\n",
    "  PRIMARY KEY (`Host`,`User`)\n",
    ") /*!50100 TABLESPACE `mysql` */ ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_bin \
     STATS_PERSISTENT=0 ROW_FORMAT=DYNAMIC COMMENT='Users and global privileges'",
);
