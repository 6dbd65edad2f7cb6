//! The advisor's checks, kept as data: each names the MySQLTuner check it follows, the
//! variables and counters it reads, its formula and threshold in words, and the function that
//! prints its `[OK]` / `[!!]` / `[--]` lines and adds to "Variables to adjust" and "General
//! recommendations". The report prints the checks of each section in this order, which is
//! MySQLTuner 2.9's (`mysql_stats`, `mysql_innodb`, `ssl_tls_recommendations`, ...).
//!
//! The formulas are MySQLTuner's, truncations included (`int()` of a percentage): a learner
//! can check any line by hand from SHOW GLOBAL STATUS. Its advice is a hypothesis: section
//! 3.13.5 measured that the larger sort_buffer_size it asks for is slower.

use super::facts::Facts;
use super::format::{hr_bytes, hr_bytes_rnd, hr_num, int_pct, percentage, pretty_uptime};
use super::statements::{Reads, STATEMENTS};

/// A report section, in the order printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Section {
    Storage,
    Metadata,
    Security,
    Performance,
    PerformanceSchema,
    InnoDb,
    SslTls,
    Replication,
}

impl Section {
    /// The order MySQLTuner 2.9.2 prints them in. 2.8.36's main (the newest source read)
    /// calls ssl_tls_recommendations right after security_recommendations; the chapter's
    /// 2.9.2 run (Listing 3.120, and "Current connection is encrypted above the TLS line")
    /// printed the SSL/TLS lines after the InnoDB section's, so 2.9 moved it there
    /// (UNCONFIRMED whether before or after the replication section: the listing shows no
    /// replication line).
    pub const ALL: [Section; 8] = [
        Section::Storage,
        Section::Metadata,
        Section::Security,
        Section::Performance,
        Section::PerformanceSchema,
        Section::InnoDb,
        Section::SslTls,
        Section::Replication,
    ];

    /// The heading MySQLTuner prints.
    pub fn title(self) -> &'static str {
        match self {
            Section::Storage => "Storage Engine Statistics",
            Section::Metadata => "Analysis Performance Metrics",
            Section::Security => "Security Recommendations",
            Section::SslTls => "SSL/TLS Security Recommendations",
            Section::Performance => "Performance Metrics",
            Section::PerformanceSchema => "Performance schema",
            Section::InnoDb => "InnoDB Metrics",
            Section::Replication => "Replication Metrics",
        }
    }
}

/// A line's kind: `[OK]`, `[!!]` or `[--]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Good,
    Bad,
    Info,
}

/// What the checks printed and advised.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub lines: Vec<(Level, String)>,
    /// "Variables to adjust".
    pub adjust: Vec<String>,
    /// "General recommendations".
    pub general: Vec<String>,
}

impl Outcome {
    fn good(&mut self, s: impl Into<String>) {
        self.lines.push((Level::Good, s.into()));
    }
    fn bad(&mut self, s: impl Into<String>) {
        self.lines.push((Level::Bad, s.into()));
    }
    fn info(&mut self, s: impl Into<String>) {
        self.lines.push((Level::Info, s.into()));
    }
    /// `[OK]` when `ok`, else `[!!]`, with the same text (MySQLTuner's usual pair).
    fn judged(&mut self, ok: bool, s: String) {
        if ok {
            self.good(s)
        } else {
            self.bad(s)
        }
    }
}

/// One check.
pub struct Check {
    pub section: Section,
    /// The MySQLTuner subroutine and check it follows.
    pub follows: &'static str,
    /// The variables and status counters it reads.
    pub reads: &'static [&'static str],
    /// Its formula and threshold.
    pub rule: &'static str,
    pub run: fn(&Facts, &mut Outcome),
}

/// `min(tmp_table_size, max_heap_table_size)`.
fn max_tmp_table_size(f: &Facts) -> f64 {
    f.var("tmp_table_size").min(f.var("max_heap_table_size"))
}

/// Per-connection buffers MySQLTuner adds up.
fn per_thread_buffers(f: &Facts) -> f64 {
    ["read_buffer_size", "read_rnd_buffer_size", "sort_buffer_size", "thread_stack"]
        .iter()
        .chain(&["join_buffer_size", "binlog_cache_size"])
        .map(|v| f.var(v))
        .sum()
}

/// Server-wide buffers MySQLTuner adds up.
fn server_buffers(f: &Facts) -> f64 {
    f.var("key_buffer_size")
        + max_tmp_table_size(f)
        + f.var("innodb_buffer_pool_size")
        + f.var("innodb_log_buffer_size")
}

/// The most memory the server could take: every connection's buffers at max_connections.
fn max_peak_memory(f: &Facts) -> f64 {
    server_buffers(f) + per_thread_buffers(f) * f.var("max_connections") + f.pfs_memory
}

/// The memory the busiest moment took: buffers for Max_used_connections.
fn max_used_memory(f: &Facts) -> f64 {
    server_buffers(f) + per_thread_buffers(f) * f.stat("Max_used_connections") + f.pfs_memory
}

/// The checks, section by section in the order printed.
pub const CHECKS: &[Check] = &[
    Check {
        section: Section::Storage,
        follows: "check_storage_engines: engine list and InnoDB data",
        reads: &["information_schema.ENGINES", "information_schema.TABLES"],
        rule: "lists the engines; sums DATA_LENGTH + INDEX_LENGTH of InnoDB tables",
        run: |f, o| {
            // `+NAME ` for an engine that is YES or DEFAULT, `-NAME ` otherwise: each with its
            // trailing space, so the line ends in one.
            let engines: String = f
                .engines
                .iter()
                .map(|(e, support)| {
                    let on = support == "YES" || support == "DEFAULT";
                    format!("{}{e} ", if on { '+' } else { '-' })
                })
                .collect();
            o.info(format!("Status: {engines}"));
            o.info(format!(
                "Data in InnoDB tables: {} (Tables: {})",
                hr_bytes(f.innodb_bytes),
                f.innodb_tables
            ));
        },
    },
    Check {
        section: Section::Storage,
        follows: "check_storage_engines: fragmented tables",
        reads: &["information_schema.TABLES.DATA_FREE"],
        rule: "tables over 100 MB of data with DATA_FREE above 10 % of their size (not MEMORY) > 0 is bad",
        run: |f, o| {
            o.judged(
                f.fragmented_tables == 0,
                format!("Total fragmented tables: {}", f.fragmented_tables),
            );
            if f.fragmented_tables > 0 {
                o.general.push("Run ALTER TABLE ... FORCE or OPTIMIZE TABLE to defragment tables for better performance".into());
            }
        },
    },
    Check {
        section: Section::Metadata,
        follows: "check_metadata_perf",
        reads: &["innodb_stats_on_metadata"],
        rule: "innodb_stats_on_metadata = ON is bad",
        run: |f, o| {
            let on = f.var("innodb_stats_on_metadata") != 0.0;
            o.info(format!("innodb_stats_on_metadata: {}", if on { "ON" } else { "OFF" }));
            if on {
                o.bad("Stat are updated during querying INFORMATION_SCHEMA.");
                o.adjust.push("SET innodb_stats_on_metadata = OFF".into());
            } else {
                o.good("No stat updates during querying INFORMATION_SCHEMA.");
            }
        },
    },
    Check {
        section: Section::Security,
        follows: "security_recommendations: accounts",
        reads: &["version_comment", "version", "mysql.user"],
        rule: "anonymous accounts, accounts without a password, accounts for any host are bad",
        run: |f, o| {
            o.info(format!("{} - {}", f.var_text("version_comment"), f.version));
            if !f.auth_column {
                // get_password_column_name found no column it knows (an account that may not
                // see mysql.user's columns): the section stops here.
                o.info("Skipped due to none of known auth columns exists");
                return;
            }
            // MySQL has no IS_ROLE column.
            o.good("No Role user detected");
            let failed = |o: &mut Outcome, reads: Reads| {
                let sql = STATEMENTS.iter().find(|s| s.reads == reads).map_or("", |s| s.sql);
                o.bad(format!("Failed to execute: {sql}"));
                o.bad("FAIL Execute SQL / return code: 256");
            };
            match &f.anonymous {
                None => {
                    failed(o, Reads::Anonymous);
                    o.good("There are no anonymous accounts for any database users");
                }
                Some(a) if a.is_empty() => {
                    o.good("There are no anonymous accounts for any database users")
                }
                Some(accounts) => {
                    for a in accounts {
                        o.bad(format!(
                            "User {a} is an anonymous account. Remove with DROP USER {a};"
                        ));
                    }
                    o.general.push(format!(
                        "Remove Anonymous User accounts: there are {} anonymous accounts.",
                        accounts.len()
                    ));
                }
            }
            if f.skippassword {
                o.info("Skipped password checks due to --skippassword option");
                return;
            }
            match &f.without_password {
                None => {
                    failed(o, Reads::WithoutPassword);
                    o.good("All database users have passwords assigned");
                }
                Some(a) if a.is_empty() => o.good("All database users have passwords assigned"),
                Some(accounts) => {
                    for a in accounts {
                        o.bad(format!("User '{a}' has no password set."));
                    }
                }
            }
            let any_host = match &f.any_host {
                None => {
                    failed(o, Reads::AnyHost);
                    &[][..]
                }
                Some(a) => a.as_slice(),
            };
            for a in any_host {
                o.bad(format!("User {a} does not specify hostname restrictions."));
            }
            if !any_host.is_empty() {
                let user = if any_host.len() == 1 {
                    any_host[0].split('@').next().unwrap_or("user_name").to_string()
                } else {
                    "user_name".to_string()
                };
                o.general.push(format!(
                    "Restrict Host for {user}@'%' to {user}@LimitedIPRangeOrLocalhost"
                ));
                o.general.push(format!(
                    "RENAME USER {user}@'%' TO {user}@LimitedIPRangeOrLocalhost;"
                ));
            }
            // MySQLTuner's dictionary is a file beside the script; the simulated host has
            // only the script.
            o.bad("There is no basic password file list!");
        },
    },
    Check {
        section: Section::SslTls,
        follows: "ssl_tls_recommendations",
        reads: &["Ssl_cipher", "have_ssl", "require_secure_transport", "tls_version", "ssl_cert", "ssl_key"],
        rule: "an unencrypted session, require_secure_transport OFF, TLSv1.0/1.1, no certificate are bad",
        run: |f, o| {
            if f.ssl_cipher.is_empty() || f.ssl_cipher == "NULL" {
                o.bad("Current connection is NOT encrypted!");
                o.general.push(
                    "Current connection is NOT encrypted! Consider using SSL for all connections."
                        .into(),
                );
            } else {
                o.good(format!("Current connection is encrypted ({})", f.ssl_cipher));
            }
            if f.vars.contains_key("have_ssl") {
                if f.var_text("have_ssl") == "DISABLED" {
                    o.bad("SSL is DISABLED on the server.");
                } else {
                    o.good("SSL support is enabled");
                }
            }
            if f.var("require_secure_transport") == 0.0 {
                o.bad("require_secure_transport is OFF");
                o.general.push(
                    "Enable require_secure_transport to force all connections to use SSL.".into(),
                );
            } else {
                o.good("require_secure_transport is ON");
            }
            let tls = f.var_text("tls_version");
            if !tls.is_empty() {
                let old = tls.contains("TLSv1.0") || tls.contains("TLSv1.1");
                if old {
                    o.bad(format!("Insecure TLS versions enabled: {tls}"));
                } else {
                    o.good(format!("Only secure TLS versions enabled: {tls}"));
                }
            }
            if f.var_text("ssl_cert").is_empty() && f.var_text("ssl_key").is_empty() {
                o.bad("No SSL certificates configured (ssl_cert/ssl_key are empty)");
            }
        },
    },
    Check {
        section: Section::SslTls,
        follows: "check_security_2_0: TLS/SSL",
        reads: &["have_ssl", "tls_version", "skip_networking", "bind_address"],
        rule: "have_ssl = YES is enabled; otherwise, unless every bind address is local, disabled",
        run: |f, o| {
            // have_ssl is gone since MySQL 8.4, so on 9.7 this fires on every server that
            // listens beyond localhost, whether or not TLS is on: read it as a question, not
            // a fact.
            if f.var_text("have_ssl") == "YES" {
                o.info(format!(
                    "TLS/SSL is enabled. Minimum supported TLS version: {}",
                    f.var_text("tls_version")
                ));
                return;
            }
            let local = |a: &str| {
                let a = a.trim();
                a == "127.0.0.1"
                    || a == "::1"
                    || a == "localhost"
                    || a.ends_with(".local")
                    || a.ends_with(".localhost")
            };
            let bind = f.var_text("bind_address");
            let local_only = f.var("skip_networking") != 0.0
                || (!bind.is_empty() && bind.split(',').all(local));
            if !local_only {
                o.bad("TLS/SSL is disabled. Connections are unencrypted.");
                o.general.push("Enable TLS/SSL for encrypted connections.".into());
            }
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: uptime, traffic, memory",
        reads: &["Uptime", "Questions", "Connections", "Bytes_sent", "Bytes_received", "Com_select", "Com_insert", "Com_update", "Com_delete", "Com_replace", "log_bin", "gtid_mode"],
        rule: "informational; reads = Com_select / (Com_select + writes)",
        run: |f, o| {
            let uptime = f.stat("Uptime");
            let questions = f.stat("Questions");
            let qps = if uptime > 0.0 { format!("{:.3}", questions / uptime) } else { "0".into() };
            // hr_num returns a number under 1000 as it was given: the "%.3f" text.
            let qps_shown = match qps.parse::<f64>() {
                Ok(n) if n >= 1000.0 => hr_num(n),
                _ => qps,
            };
            o.info(format!(
                "Up for: {} ({} q [{} qps], {} conn, TX: {}, RX: {})",
                pretty_uptime(uptime as u64),
                hr_num(questions),
                qps_shown,
                hr_num(f.stat("Connections")),
                hr_bytes_rnd(f.stat("Bytes_sent")),
                hr_bytes_rnd(f.stat("Bytes_received"))
            ));
            if uptime < 86_400.0 {
                o.general.push(
                    "MySQL was started within the last 24 hours: recommendations may be inaccurate"
                        .into(),
                );
            }
            let reads = f.stat("Com_select");
            let writes: f64 = ["Com_delete", "Com_insert", "Com_update", "Com_replace"]
                .iter()
                .map(|c| f.stat(c))
                .sum();
            let pct_reads = if reads == 0.0 { 0 } else { int_pct(reads, reads + writes) };
            o.info(format!("Reads / Writes: {pct_reads}% / {}%", 100 - pct_reads));
            if f.var("log_bin") == 0.0 {
                o.info("Binary logging is disabled");
            } else {
                let gtid = f.vars.get("gtid_mode").map_or("OFF", String::as_str);
                o.info(format!("Binary logging is enabled (GTID MODE: {gtid})"));
            }
            let peak = max_peak_memory(f);
            o.info(format!("Physical Memory     : {}", hr_bytes(f.physical_memory)));
            o.info(format!("Max MySQL memory    : {}", hr_bytes(peak)));
            o.info("Other process memory: 0B");
            o.info(format!(
                "Total buffers: {} global + {} per thread ({} max threads)",
                hr_bytes(server_buffers(f)),
                hr_bytes(per_thread_buffers(f)),
                f.var_text("max_connections")
            ));
            // get_pf_memory runs three times here: for this line, then twice for the results
            // it keeps; each refusal prints where it happens.
            let refused: Vec<&str> = f
                .failures
                .iter()
                .filter(|x| x.sub.starts_with("mysql_stats"))
                .map(|x| x.sql.as_str())
                .collect();
            let mut refusals = refused.iter();
            let mut refusal = |o: &mut Outcome| {
                if let Some(sql) = refusals.next() {
                    o.bad(format!("Failed to execute: {sql}"));
                    o.bad("FAIL Execute SQL / return code: 256");
                }
            };
            refusal(o);
            o.info(format!(
                "Performance_schema Max memory usage: {}",
                hr_bytes_rnd(f.pfs_memory)
            ));
            refusal(o);
            refusal(o);
            o.info("Galera GCache Max memory usage: 0B");
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: memory usage",
        reads: &["innodb_buffer_pool_size", "key_buffer_size", "tmp_table_size", "max_heap_table_size", "innodb_log_buffer_size", "read_buffer_size", "read_rnd_buffer_size", "sort_buffer_size", "thread_stack", "join_buffer_size", "binlog_cache_size", "max_connections", "Max_used_connections"],
        rule: "buffers at Max_used_connections, and at max_connections, above 85 % of RAM are bad",
        run: |f, o| {
            let used = max_used_memory(f);
            let peak = max_peak_memory(f);
            let pct_used = percentage(used, f.physical_memory);
            let pct_peak = percentage(peak, f.physical_memory);
            o.judged(
                pct_used.parse::<f64>().unwrap_or(0.0) <= 85.0,
                format!(
                    "Maximum reached memory usage: {} ({pct_used}% of installed RAM)",
                    hr_bytes(used)
                ),
            );
            let peak_ok = pct_peak.parse::<f64>().unwrap_or(0.0) <= 85.0;
            o.judged(
                peak_ok,
                format!(
                    "Maximum possible memory usage: {} ({pct_peak}% of installed RAM)",
                    hr_bytes(peak)
                ),
            );
            if !peak_ok {
                o.general.push("Reduce your overall MySQL memory footprint for system stability".into());
            }
            if f.physical_memory < peak {
                o.bad("Overall possible memory usage with other process exceeded memory");
                o.general.push("Dedicate this server to your database for highest performance.".into());
            } else {
                o.good("Overall possible memory usage with other process is compatible with memory available");
            }
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: Slow queries",
        reads: &["Slow_queries", "Questions", "long_query_time"],
        rule: "int(Slow_queries / Questions * 100) > 5 is bad",
        run: |f, o| {
            let pct = int_pct(f.stat("Slow_queries"), f.stat("Questions"));
            o.judged(
                pct <= 5,
                format!(
                    "Slow queries: {pct}% ({}/{})",
                    hr_num(f.stat("Slow_queries")),
                    hr_num(f.stat("Questions"))
                ),
            );
            if f.var("long_query_time") > 10.0 {
                o.adjust.push("long_query_time (<= 10)".into());
            }
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: connections",
        reads: &["Max_used_connections", "max_connections", "Aborted_connects", "Connections"],
        rule: "Max_used_connections above 85 % of max_connections, or aborted above 3 %, is bad",
        run: |f, o| {
            let used = int_pct(f.stat("Max_used_connections"), f.var("max_connections")).min(100);
            let text = format!(
                "{used}% ({}/{})",
                f.stat("Max_used_connections"),
                f.var_text("max_connections")
            );
            if used > 85 {
                o.bad(format!("Highest connection usage: {text}"));
                o.adjust.push(format!("max_connections (> {})", f.var_text("max_connections")));
            } else {
                o.good(format!("Highest usage of available connections: {text}"));
            }
            let aborted = percentage(f.stat("Aborted_connects"), f.stat("Connections"));
            let text = format!(
                "Aborted connections: {aborted}% ({}/{})",
                f.stat("Aborted_connects"),
                f.stat("Connections")
            );
            if aborted.parse::<f64>().unwrap_or(0.0) > 3.0 {
                o.bad(text);
                o.general.push("Reduce or eliminate unclosed connections and network issues".into());
            } else {
                o.good(text);
            }
            if f.var("skip_networking") != 0.0 {
                o.info("Skipped name resolution test due to skip_networking=ON in system variables.");
            } else if f.var("skip_name_resolve") == 0.0 {
                o.bad("Name resolution is active: a reverse name resolution is made for each new connection which can reduce performance");
                o.general.push("Configure your accounts with ip or subnets only, then update your configuration with skip-name-resolve=ON".into());
                o.adjust.push("skip-name-resolve=ON".into());
            }
            o.info("Query cache has been removed since MySQL 8.0");
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: Sorts requiring temporary tables",
        reads: &["Sort_merge_passes", "Sort_scan", "Sort_range", "sort_buffer_size", "read_rnd_buffer_size"],
        rule: "int(Sort_merge_passes / (Sort_scan + Sort_range) * 100) > 10 is bad",
        run: |f, o| {
            let sorts = f.stat("Sort_scan") + f.stat("Sort_range");
            if sorts == 0.0 {
                o.good("No Sort requiring temporary tables");
                return;
            }
            let passes = f.stat("Sort_merge_passes");
            let pct = int_pct(passes, sorts);
            o.judged(
                pct <= 10,
                format!(
                    "Sorts requiring temporary tables: {pct}% ({} temp sorts / {} sorts)",
                    hr_num(passes),
                    hr_num(sorts)
                ),
            );
            if pct > 10 {
                o.adjust.push(format!("sort_buffer_size (> {})", hr_bytes_rnd(f.var("sort_buffer_size"))));
                o.adjust.push(format!(
                    "read_rnd_buffer_size (> {})",
                    hr_bytes_rnd(f.var("read_rnd_buffer_size"))
                ));
            }
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: Joins performed without indexes",
        reads: &["Select_range_check", "Select_full_join", "Uptime", "join_buffer_size"],
        rule: "int((Select_range_check + Select_full_join) / (Uptime / 86400)) > 250 is bad",
        run: |f, o| {
            let joins = f.stat("Select_range_check") + f.stat("Select_full_join");
            let days = f.stat("Uptime") / 86_400.0;
            let per_day = if days > 0.0 { (joins / days).trunc() } else { 0.0 };
            if per_day > 250.0 {
                o.bad(format!("Joins performed without indexes: {joins}"));
                if f.var("join_buffer_size") < 4.0 * 1024.0 * 1024.0 {
                    o.adjust.push(format!(
                        "join_buffer_size (> {}, or always use indexes with JOINs)",
                        hr_bytes(f.var("join_buffer_size"))
                    ));
                } else {
                    o.adjust.push("always use indexes with JOINs".into());
                }
            } else {
                o.good("No joins without indexes");
            }
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: Temporary tables created on disk",
        reads: &["Created_tmp_disk_tables", "Created_tmp_tables", "tmp_table_size", "max_heap_table_size"],
        rule: "int(Created_tmp_disk_tables / Created_tmp_tables * 100) > 25 is bad",
        run: |f, o| {
            let total = f.stat("Created_tmp_tables");
            if total == 0.0 {
                o.good("No tmp tables created on disk");
                return;
            }
            let disk = f.stat("Created_tmp_disk_tables");
            let pct = int_pct(disk, total);
            let text = format!(
                "Temporary tables created on disk: {pct}% ({} on disk / {} total)",
                hr_num(disk),
                hr_num(total)
            );
            let large = max_tmp_table_size(f) >= 256.0 * 1024.0 * 1024.0;
            if pct > 25 && !large {
                o.bad(text);
                o.adjust.push(format!("tmp_table_size (> {})", hr_bytes_rnd(f.var("tmp_table_size"))));
                o.adjust.push(format!(
                    "max_heap_table_size (> {})",
                    hr_bytes_rnd(f.var("max_heap_table_size"))
                ));
                o.general.push("When making adjustments, make tmp_table_size/max_heap_table_size equal".into());
                o.general.push("Reduce your SELECT DISTINCT queries which have no LIMIT clause".into());
            } else if pct > 25 {
                o.bad(text);
                o.general.push("Temporary table size is already large: reduce result set size".into());
                o.general.push("Reduce your SELECT DISTINCT queries without LIMIT clauses".into());
            } else {
                o.good(text);
            }
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: Thread cache",
        reads: &["thread_cache_size", "Threads_created", "Connections"],
        rule: "thread_cache_size = 0, or int(100 - Threads_created / Connections * 100) <= 50, is bad",
        run: |f, o| {
            if f.var("thread_cache_size") == 0.0 {
                o.bad("Thread cache is disabled");
                o.general.push("Set thread_cache_size to 4 as a starting value".into());
                o.adjust.push("thread_cache_size (start at 4)".into());
                return;
            }
            let created = f.stat("Threads_created");
            let conns = f.stat("Connections");
            let rate = if conns > 0.0 { 100 - int_pct(created, conns) } else { 100 };
            let text = format!(
                "Thread cache hit rate: {rate}% ({} created / {} connections)",
                hr_num(created),
                hr_num(conns)
            );
            if rate <= 50 {
                o.bad(text);
                o.adjust.push(format!("thread_cache_size (> {})", f.var_text("thread_cache_size")));
            } else {
                o.good(text);
            }
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: Table cache, table_definition_cache, open files",
        reads: &["Open_tables", "Table_open_cache_hits", "Table_open_cache_misses", "table_open_cache", "table_definition_cache", "Open_files", "open_files_limit"],
        rule: "a table cache hit rate under 20 %, fewer definitions cached than tables, or open files above 85 % of the limit, is bad",
        run: |f, o| {
            if f.stat("Open_tables") > 0.0 {
                let hits = f.stat("Table_open_cache_hits");
                let requests = hits + f.stat("Table_open_cache_misses");
                let rate = if requests > 0.0 { int_pct(hits, requests) } else { 100 };
                let text = format!(
                    "Table cache hit rate: {rate}% ({} hits / {} requests)",
                    hr_num(hits),
                    hr_num(requests)
                );
                if rate < 20 {
                    o.bad(text);
                    o.adjust.push(format!("table_open_cache (> {})", f.var_text("table_open_cache")));
                } else {
                    o.good(text);
                }
            }
            let tdc = f.var("table_definition_cache");
            if tdc < f.total_tables as f64 {
                o.bad(format!(
                    "table_definition_cache ({}) is less than number of tables ({}) ",
                    f.var_text("table_definition_cache"),
                    f.total_tables
                ));
            } else {
                o.good(format!(
                    "table_definition_cache ({}) is greater than number of tables ({})",
                    f.var_text("table_definition_cache"),
                    f.total_tables
                ));
            }
            let limit = f.var("open_files_limit");
            if limit > 0.0 {
                let pct = int_pct(f.stat("Open_files"), limit);
                o.judged(
                    pct <= 85,
                    format!(
                        "Open file limit used: {pct}% ({}/{})",
                        hr_num(f.stat("Open_files")),
                        hr_num(limit)
                    ),
                );
            }
        },
    },
    Check {
        section: Section::Performance,
        follows: "mysql_stats: Table locks, binlog cache",
        reads: &["Table_locks_immediate", "Table_locks_waited", "log_bin", "Binlog_cache_use", "Binlog_cache_disk_use"],
        rule: "locks acquired at once under 95 %, or binlog cache hits under 90 %, is bad",
        run: |f, o| {
            let immediate = f.stat("Table_locks_immediate");
            if immediate > 0.0 {
                let waited = f.stat("Table_locks_waited");
                let pct = if waited == 0.0 { 100 } else { int_pct(immediate, immediate + waited) };
                if pct < 95 {
                    o.bad(format!("Table locks acquired immediately: {pct}%"));
                } else {
                    o.good(format!(
                        "Table locks acquired immediately: {pct}% ({} immediate / {} locks)",
                        hr_num(immediate),
                        hr_num(immediate + waited)
                    ));
                }
            }
            if f.var("log_bin") != 0.0 {
                let used = f.stat("Binlog_cache_use");
                let memory = used - f.stat("Binlog_cache_disk_use");
                let pct = percentage(memory, used);
                let text = format!("Binlog cache memory access: {pct}% ({memory} Memory / {used} Total)");
                if pct.parse::<f64>().unwrap_or(100.0) < 90.0 && used > 0.0 {
                    o.bad(text);
                } else {
                    o.good(text);
                }
            }
        },
    },
    Check {
        section: Section::PerformanceSchema,
        follows: "mysql_pfs",
        reads: &["performance_schema", "memory_summary_global_by_event_name", "sys.version"],
        rule: "informational",
        run: |f, o| {
            if f.var("performance_schema") == 0.0 {
                o.bad("Performance_schema should be activated.");
                o.adjust.push("performance_schema=ON".into());
                return;
            }
            o.info("Performance_schema is activated.");
            o.info(format!("Memory used by Performance_schema: {}", hr_bytes(f.pfs_memory)));
            if f.sys_installed {
                o.info("Sys schema is installed.");
            } else {
                o.info("Sys schema is not installed.");
            }
        },
    },
    Check {
        section: Section::InnoDb,
        follows: "mysql_innodb: file per table, pool size against data",
        reads: &["innodb_thread_concurrency", "innodb_file_per_table", "innodb_buffer_pool_size", "information_schema.TABLES"],
        rule: "innodb_buffer_pool_size not above the InnoDB data is bad",
        run: |f, o| {
            o.info("InnoDB is enabled.");
            o.info(format!("InnoDB Thread Concurrency: {}", f.var_text("innodb_thread_concurrency")));
            if f.var("innodb_file_per_table") != 0.0 {
                o.good("InnoDB File per table is activated");
            } else {
                o.bad("InnoDB File per table is not activated");
                o.adjust.push("innodb_file_per_table=ON".into());
            }
            let pool = f.var("innodb_buffer_pool_size");
            o.good(format!(
                "InnoDB Buffer Pool size ( {} ) under limit for 64 bits architecture: ({} )",
                hr_bytes(pool),
                hr_bytes(18_446_744_073_709_551_615.0)
            ));
            let text = format!(
                "InnoDB buffer pool / data size: {} / {}",
                hr_bytes(pool),
                hr_bytes(f.innodb_bytes)
            );
            if pool > f.innodb_bytes {
                o.good(text);
            } else {
                o.bad(text);
                o.adjust.push(format!(
                    "innodb_buffer_pool_size (>= {}) if possible.",
                    hr_bytes(f.innodb_bytes)
                ));
            }
        },
    },
    Check {
        section: Section::InnoDb,
        follows: "mysql_innodb: redo log capacity",
        reads: &["innodb_redo_log_capacity", "Innodb_os_log_written", "Uptime"],
        rule: "after an hour up: redo capacity below an hour of redo writes is bad",
        run: |f, o| {
            o.info(format!(
                "InnoDB Redo Log Capacity is set to {}",
                hr_bytes(f.var("innodb_redo_log_capacity"))
            ));
            let uptime = f.stat("Uptime").max(1.0);
            if uptime <= 3600.0 {
                o.info("Server uptime is less than 1 hour. Cannot make a reliable recommendation for innodb_redo_log_capacity.");
                return;
            }
            let hourly = f.stat("Innodb_os_log_written") / (uptime / 3600.0);
            o.info(format!("Hourly InnoDB log write rate: {}/hour", hr_bytes_rnd(hourly)));
            if f.var("innodb_redo_log_capacity") < hourly {
                o.bad("Your innodb_redo_log_capacity is not large enough to hold at least 1 hour of writes.");
                let mut gb = 1u64;
                while (gb as f64) < hourly / (1u64 << 30) as f64 {
                    gb *= 2;
                }
                o.adjust.push(format!("innodb_redo_log_capacity (>= {gb}G)"));
            } else {
                o.good("Your innodb_redo_log_capacity is sized to handle more than 1 hour of writes.");
            }
        },
    },
    Check {
        section: Section::InnoDb,
        follows: "mysql_innodb: InnoDB buffer pool instances",
        reads: &["innodb_buffer_pool_instances", "innodb_buffer_pool_size"],
        rule: "pool above 1 GiB: instances should be int(pool / 1 GiB), capped at the CPU cores and 64; at most 1 GiB: 1",
        run: |f, o| {
            let instances = f.var("innodb_buffer_pool_instances");
            let pool = f.var("innodb_buffer_pool_size");
            let gib = 1024.0 * 1024.0 * 1024.0;
            if instances > 64.0 {
                o.bad(format!("InnoDB buffer pool instances: {instances}"));
                o.adjust.push("innodb_buffer_pool_instances (<= 64)".into());
            }
            if pool > gib {
                let mut target = (pool / gib).trunc() as u64;
                if f.cpu_cores > 0 && target > f.cpu_cores {
                    o.info(format!(
                        "Recommendation for innodb_buffer_pool_instances is capped by the number of CPU cores ({}).",
                        f.cpu_cores
                    ));
                    target = f.cpu_cores;
                }
                target = target.min(64);
                if instances as u64 != target {
                    o.bad(format!("InnoDB buffer pool instances: {instances}"));
                    o.adjust.push(format!("innodb_buffer_pool_instances(={target})"));
                } else {
                    o.good(format!("InnoDB buffer pool instances: {instances}"));
                }
            } else if instances != 1.0 {
                o.bad("InnoDB buffer pool <= 1G and Innodb_buffer_pool_instances(!=1).");
                o.adjust.push("innodb_buffer_pool_instances (=1)".into());
            } else {
                o.good(format!("InnoDB buffer pool instances: {instances}"));
            }
        },
    },
    Check {
        section: Section::InnoDb,
        follows: "mysql_innodb: chunk size alignment",
        reads: &["innodb_buffer_pool_size", "innodb_buffer_pool_chunk_size", "innodb_buffer_pool_instances"],
        rule: "innodb_buffer_pool_size not a multiple of chunk size x instances is bad",
        run: |f, o| {
            let pool = f.var("innodb_buffer_pool_size") as u64;
            let chunk = f.var("innodb_buffer_pool_chunk_size") as u64;
            let instances = f.var("innodb_buffer_pool_instances") as u64;
            if pool == 0 || chunk == 0 || instances == 0 {
                o.bad("Cannot calculate InnoDB Buffer Pool Chunk breakdown due to missing or zero values:");
                return;
            }
            o.info(format!(
                "Number of InnoDB Buffer Pool Chunk: {} for {instances} Buffer Pool Instance(s)",
                pool / chunk
            ));
            if pool % (chunk * instances) == 0 {
                o.good("Innodb_buffer_pool_size aligned with Innodb_buffer_pool_chunk_size & Innodb_buffer_pool_instances");
            } else {
                o.bad("Innodb_buffer_pool_size not aligned with Innodb_buffer_pool_chunk_size & Innodb_buffer_pool_instances");
                o.adjust.push("innodb_buffer_pool_size must always be equal to or a multiple of innodb_buffer_pool_chunk_size * innodb_buffer_pool_instances".into());
            }
        },
    },
    Check {
        section: Section::InnoDb,
        follows: "mysql_innodb: read and log write efficiency, log waits",
        reads: &["Innodb_buffer_pool_read_requests", "Innodb_buffer_pool_reads", "Innodb_log_write_requests", "Innodb_log_writes", "Innodb_log_waits", "innodb_log_buffer_size"],
        rule: "read hits / (requests + reads) under 90 %, log write hits under 90 %, or any log wait, is bad",
        run: |f, o| {
            let requests = f.stat("Innodb_buffer_pool_read_requests");
            let reads = f.stat("Innodb_buffer_pool_reads");
            if reads > requests {
                o.info("InnoDB Read buffer efficiency: metrics are not reliable (reads > read requests)");
            } else {
                let pct = percentage(requests, requests + reads);
                o.judged(
                    pct.parse::<f64>().unwrap_or(100.0) >= 90.0,
                    format!(
                        "InnoDB Read buffer efficiency: {pct}% ({requests} hits / {} total)",
                        requests + reads
                    ),
                );
            }
            let wreq = f.stat("Innodb_log_write_requests");
            let writes = f.stat("Innodb_log_writes");
            if writes > wreq {
                o.info("InnoDB Write Log efficiency: metrics are not reliable (writes > write requests)");
            } else {
                let pct = percentage(wreq - writes, wreq);
                let ok = pct.parse::<f64>().unwrap_or(100.0) >= 90.0;
                o.judged(
                    ok,
                    format!(
                        "InnoDB Write Log efficiency: {pct}% ({} hits / {wreq} total)",
                        wreq - writes
                    ),
                );
                if !ok {
                    o.adjust.push(format!(
                        "innodb_log_buffer_size (> {})",
                        hr_bytes_rnd(f.var("innodb_log_buffer_size"))
                    ));
                }
            }
            let waits = f.stat("Innodb_log_waits");
            let text = format!(
                "InnoDB log waits: {}% ({waits} waits / {writes} writes)",
                percentage(waits, writes)
            );
            if writes > 0.0 && waits / writes > 0.000_001 {
                o.bad(text);
            } else {
                o.good(text);
            }
        },
    },
    Check {
        section: Section::Replication,
        follows: "get_replication_status",
        reads: &["binlog_format"],
        rule: "informational: a server without replicas or a source",
        run: |f, o| {
            // have_galera and innodb_support_xa are not MySQL 9.7 variables: MySQLTuner prints
            // the label with nothing after it.
            o.info(format!("Galera Synchronous replication: {}", f.var_text("have_galera")));
            o.info("No replication slave(s) for this server.");
            o.info(format!("Binlog format: {}", f.var_text("binlog_format")));
            o.info(format!("XA support enabled: {}", f.var_text("innodb_support_xa")));
            o.info("Semi synchronous replication Master: Not Activated");
            o.info("Semi synchronous replication Slave: Not Activated");
            o.info("This is a standalone server");
        },
    },
];
