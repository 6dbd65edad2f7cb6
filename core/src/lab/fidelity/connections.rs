//! Section 3.13.4's figures: max_connections' refusals and Table 3.7's thread cache (F4.2,
//! F4.4).

use super::{check, client, Check, Tolerance};
use crate::client::Client;

/// The average times a transcript's mysqlslap runs printed, in seconds, in order.
pub fn mysqlslap_averages(transcript: &str) -> Vec<f64> {
    transcript
        .lines()
        .filter_map(|l| l.strip_prefix("\tAverage number of seconds to run all queries: "))
        .filter_map(|rest| rest.trim_end_matches(" seconds").parse().ok())
        .collect()
}

/// The statements that give the chapter's plain application account: it may use `shop`,
/// and holds neither CONNECTION_ADMIN nor SUPER.
pub const APP_USER_SQL: &str = "CREATE USER 'app'@'localhost' IDENTIFIED BY 'app_pw';\n\
                                GRANT ALL PRIVILEGES ON shop.* TO 'app'@'localhost';\n";

/// F4.2 and F4.4: connection refusals over max_connections for a plain account, and the
/// thread cache's reuse under mysqlslap, on the chapter's profile.
pub(super) fn connection_checks(out: &mut Vec<Check>) {
    let number = |c: &mut Client, name: &str| match c.server_mut().global_status(name) {
        Some(crate::instruments::status::StatusValue::Number(n)) => n,
        _ => 0,
    };
    let mut c = client(crate::sim::hardware::DEFAULT_PROFILE, &[]);
    // As the chapter: root creates the app account and lowers the limit, its session ends,
    // and mysqlslap runs as the app user. Clients that keep their connections (100 queries of
    // 50 ms each): 30 of them and mysqlslap's own connection want 31 of the 20 slots a plain
    // account may use (the 21st is kept for CONNECTION_ADMIN).
    c.feed(&format!("{APP_USER_SQL}SET GLOBAL max_connections = 20;\n"));
    if let Some(id) = c.session() {
        c.server_mut().disconnect(id);
    }
    let text = crate::tools::mysqlslap::run(
        c.server_mut(),
        "mysqlslap --user=app --password=app_pw --concurrency=30 --iterations=1 \
         --number-of-queries=3000 --query=\"SELECT SLEEP(0.05)\"",
    );
    let errors = text.matches("Error when connecting to server: 1040 Too many connections").count();
    out.push(check(
        "F4.2",
        "max_connections 20, 30 mysqlslap clients: errors 1040",
        "11",
        errors.to_string(),
        Tolerance::Percent(10),
    ));
    out.push(check(
        "F4.2",
        "Connection_errors_max_connections (each client tries 10 times)",
        "111",
        number(&mut c, "Connection_errors_max_connections").to_string(),
        Tolerance::Percent(10),
    ));
    // Table 3.7: one server, the three cache sizes in turn, as the chapter ran them.
    let mut c = client(crate::sim::hardware::DEFAULT_PROFILE, &[]);
    for (size, created) in [("0", "1003"), ("9", "829"), ("64", "42")] {
        let before = (number(&mut c, "Connections"), number(&mut c, "Threads_created"));
        let text = c.feed(&format!(
            "SET GLOBAL thread_cache_size = {size};\n\\! mysqlslap --concurrency=50 \
             --iterations=20 --query=\"SELECT 1\"\n"
        ));
        let connections = number(&mut c, "Connections") - before.0;
        let made = number(&mut c, "Threads_created") - before.1;
        let figure = match size {
            "0" => "Table 3.7, thread_cache_size 0: Threads_created",
            "9" => "Table 3.7, thread_cache_size 9 (default): Threads_created",
            _ => "Table 3.7, thread_cache_size 64: Threads_created",
        };
        out.push(check("F4.4", figure, created, made.to_string(), Tolerance::Percent(10)));
        if size == "0" {
            out.push(check(
                "F4.4",
                "Table 3.7: Connections for each run",
                "1003",
                connections.to_string(),
                Tolerance::Percent(10),
            ));
        }
        // Each run's time: connecting 50 clients (socket, acceptor, thread, handshake,
        // caching_sha2_password's fast path) on four CPUs is most of it.
        let seconds = mysqlslap_averages(&text).first().copied().unwrap_or(0.0);
        let figure = match size {
            "0" => "Table 3.7, thread_cache_size 0: run time per iteration (s)",
            "9" => "Table 3.7, thread_cache_size 9: run time per iteration (s)",
            _ => "Table 3.7, thread_cache_size 64: run time per iteration (s)",
        };
        out.push(check("F4.4", figure, "0.05", format!("{seconds}"), Tolerance::Percent(20)));
    }
}
