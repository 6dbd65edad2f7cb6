//! The mysql client started from the shell, `\! mysql -u app -papp_pw -e "SELECT ..."`: a
//! connection of its own as the account named, the statements of `-e` run in batch mode, and
//! what the client prints then: results tab-separated with a header line (boxed with `-t`),
//! nothing for statements without rows, and the first error as `ERROR 1142 (42000) at line 1:
//! ...`, after which it stops (as without `--force`). This is how a transcript logs in as
//! another account.
//!
//! Options read: `-u`/`--user`, `-p`/`--password` (attached value only: a bare `-p` would
//! prompt, and the simulated terminal sends an empty password), `-e`/`--execute`,
//! `-D`/`--database`, `-t`/`--table`; `-h`/`--host`, `--protocol` and `--ssl-mode` choose the
//! socket or TCP with TLS (`server::transport`: `-h127.0.0.1` is an encrypted TCP login);
//! `-P` and `-S` are accepted and ignored (one server).

use crate::server::Server;
use crate::sql::{Response, ResultSet};

/// Runs the `mysql` command line `command` against `server` and returns what it prints.
pub fn run(server: &mut Server, command: &str) -> String {
    let words = crate::tools::mysqlslap::shell_words(command);
    let mut user = "root".to_string();
    let mut password: Option<String> = None;
    let mut execute: Option<String> = None;
    let mut database: Option<String> = None;
    let mut boxed = false;
    let mut transport = crate::server::transport::TransportOptions::default();
    let mut i = 1;
    // Bounded by the words.
    while i < words.len() {
        let w = words[i].clone();
        i += 1;
        let (name, inline) = match w.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
            _ if w.len() > 2
                && w.starts_with('-')
                && !w.starts_with("--")
                && w.is_char_boundary(2) =>
            {
                (w[..2].to_string(), Some(w[2..].to_string()))
            }
            _ => (w.clone(), None),
        };
        match name.as_str() {
            "-t" | "--table" => boxed = true,
            "-p" | "--password" => {
                password = inline.filter(|v| !v.is_empty()).or(Some(String::new()))
            }
            "-u" | "--user" | "-e" | "--execute" | "-D" | "--database" | "-h" | "--host" | "-P"
            | "--port" | "-S" | "--socket" | "--protocol" | "--ssl-mode" => {
                let value = match inline {
                    Some(v) => v,
                    None => match words.get(i) {
                        Some(v) => {
                            i += 1;
                            v.clone()
                        }
                        None => return format!("mysql: option '{name}' requires an argument.\n"),
                    },
                };
                match name.as_str() {
                    "-u" | "--user" => user = value,
                    "-e" | "--execute" => execute = Some(value),
                    "-D" | "--database" => database = Some(value),
                    other => {
                        transport.take(other, &value);
                    }
                }
            }
            _ if !name.starts_with('-') && database.is_none() => database = Some(name),
            _ => return format!("mysql: [ERROR] unknown option '{name}'.\n"),
        }
    }
    let mut out = String::new();
    if password.as_deref().is_some_and(|p| !p.is_empty()) {
        out.push_str(
            "mysql: [Warning] Using a password on the command line interface can be insecure.\n",
        );
    }
    let Some(sql) = execute else {
        // Without -e the client would read statements from its terminal.
        return format!(
            "{out}mysql: the simulated shell has no terminal for an interactive mysql; use -e\n"
        );
    };
    let connected = match server.connect_over(&user, password.as_deref(), transport.transport()) {
        Ok(c) => c.id,
        Err(e) => return format!("{out}{e}\n"),
    };
    if let Some(db) = &database {
        if let Err(e) = server.select_database(connected, db) {
            server.disconnect(connected);
            return format!("{out}{e}\n");
        }
    }
    for done in server.execute_all(connected, &sql) {
        for r in &done.sent_before_error {
            print_response(r, boxed, &mut out);
        }
        match done.result {
            Ok(r) => print_response(&r, boxed, &mut out),
            Err(e) => {
                out.push_str(&format!(
                    "ERROR {} ({}) at line 1: {}\n",
                    e.code, e.sqlstate, e.message
                ));
                break;
            }
        }
    }
    server.disconnect(connected);
    out
}

fn print_response(r: &Response, boxed: bool, out: &mut String) {
    match r {
        Response::Rows(rs) if boxed => {
            if !rs.rows.is_empty() {
                out.push_str(&super::format::table(rs));
            }
        }
        Response::Rows(rs) => tab_separated(rs, out),
        Response::Many(all) => all.iter().for_each(|r| print_response(r, boxed, out)),
        Response::Ok { .. } | Response::DatabaseChanged => {}
    }
}

/// Batch output: a header line, then one line per row, fields separated by tabs; NULL as
/// `NULL`; tab, newline, NUL and backslash escaped as the client escapes them.
fn tab_separated(rs: &ResultSet, out: &mut String) {
    if rs.rows.is_empty() {
        return;
    }
    let header: Vec<&str> = rs.columns.iter().map(|c| c.name.as_str()).collect();
    out.push_str(&header.join("\t"));
    out.push('\n');
    for row in &rs.rows {
        let fields: Vec<String> = row
            .iter()
            // Batch mode has --binary-as-hex off (the mysql client turns it on only for
            // interactive sessions): a binary string is written as its bytes.
            .map(|v| match v.to_text() {
                None => "NULL".to_string(),
                Some(t) => t
                    .replace('\\', "\\\\")
                    .replace('\t', "\\t")
                    .replace('\n', "\\n")
                    .replace('\0', "\\0"),
            })
            .collect();
        out.push_str(&fields.join("\t"));
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> Server {
        let hw = crate::sim::hardware::profile(crate::sim::hardware::DEFAULT_PROFILE).unwrap();
        Server::start(1, hw.hardware, Vec::new(), &crate::server::DatasetSpec::none()).unwrap()
    }

    #[test]
    fn batch_output_and_errors() {
        let mut s = server();
        assert_eq!(
            run(&mut s, "mysql -e \"SELECT CURRENT_USER(), NULL AS n\""),
            "CURRENT_USER()\tn\nroot@localhost\tNULL\n"
        );
        let denied = run(&mut s, "mysql -u nobody -pwrong -e \"SELECT 1\"");
        assert!(denied.ends_with(
            "ERROR 1045 (28000): Access denied for user 'nobody'@'localhost' (using password: YES)\n"
        ));
        assert!(run(&mut s, "mysql -e \"SELECT 1; SELEC 2; SELECT 3\"")
            .contains("at line 1: You have an error"));
        assert!(run(&mut s, "mysql -e").contains("requires an argument"));
        assert!(run(&mut s, "mysql --bogus -e x").contains("unknown option"));
        assert!(run(&mut s, "mysql -é").contains("unknown option"), "no panic on UTF-8");
    }
}
