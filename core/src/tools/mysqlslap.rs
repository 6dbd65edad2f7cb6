//! `mysqlslap`, simulated: N concurrent clients send statements to the simulated server, and
//! the run's simulated time is what the real tool prints. The clients run in simulated time
//! (`Server::run_clients`): each statement costs CPU on the container's CPUs, and each commit
//! waits in the binary log group commit for its writes and fsyncs, so concurrency, the
//! hardware and the durability settings shape the result, as on a real server.
//!
//! Accepted options follow client/mysqlslap.cc: `--concurrency`, `--iterations`,
//! `--number-of-queries`, `--query`, `--create`, `--create-schema`, `--delimiter`,
//! `--auto-generate-sql` (`-a`), `--auto-generate-sql-load-type`,
//! `--auto-generate-sql-add-autoincrement`, `--auto-generate-sql-write-number`,
//! `--auto-generate-sql-unique-query-number`, `--auto-generate-sql-unique-write-number`,
//! `--number-int-cols`, `--number-char-cols`, `--commit`, `--no-drop`, `--engine`, `--silent`,
//! and the connection options: `--user` and `--password` log in as that account (root, the
//! container's OS user, when no `--user` is given); `--host`, `--protocol` and `--ssl-mode`
//! (or the option file's `host`, `protocol`, `ssl-mode`) choose the transport: mysqld's UNIX
//! socket for no host or `localhost`, as a Unix client takes it, else TCP with TLS
//! (`server/transport.rs`); `--port` and `--socket` are accepted and ignored. The client CPU of
//! mysqlslap runs in the same container as mysqld (as `docker exec ... mysqlslap` does), so it
//! competes for the same CPUs: each query costs one more `cpu_statement_ns` for the client
//! side, and each connection `cpu_client_connect_ns`.
//!
//! Timing follows `run_scheduler`: the clock starts once the client threads are released and
//! stops when the last has disconnected, so each client's connect (socket, acceptor, thread,
//! handshake, authentication) and disconnect are inside the figure mysqlslap prints.

use crate::instruments::connect_attrs::ClientProgram;
use crate::server::clients::{Prepped, StatementRun, Workload};
use crate::server::transport::TransportOptions;
use crate::server::{Server, SessionId};
use crate::sim::rng::SimRng;
use crate::sim::SimDuration;

/// The most statements one run may send in total (bounds the simulation).
pub const QUERIES_MAX: u64 = 10_000_000;
/// The most iterations.
pub const ITERATIONS_MAX: u64 = 1_000;

/// Parsed command line.
#[derive(Clone, Debug)]
struct Options {
    concurrency: Vec<u32>,
    iterations: u64,
    number_of_queries: Option<u64>,
    query: Option<String>,
    create: Option<String>,
    create_schema: String,
    delimiter: String,
    auto_generate: bool,
    load_type: String,
    autoincrement: bool,
    write_number: u64,
    unique_write_number: u64,
    unique_query_number: u64,
    int_cols: u32,
    char_cols: u32,
    commit: u64,
    no_drop: bool,
    engine: Option<String>,
    silent: bool,
    password_on_command_line: bool,
    /// `--user`; None: the OS user, root in the container.
    user: Option<String>,
    /// `--password=...`; None when not given.
    password: Option<String>,
    /// `--defaults-file`: an option file whose `[client]` group gives the user and password
    /// the command line does not.
    defaults_file: Option<String>,
    /// `--host`, `--protocol` and `--ssl-mode` (or the option file's): the transport.
    transport: TransportOptions,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            concurrency: vec![1],
            iterations: 1,
            number_of_queries: None,
            query: None,
            create: None,
            create_schema: "mysqlslap".into(),
            // client/mysqlslap.cc: `delimiter= "\n"`, one statement per line of a query file.
            delimiter: "\n".into(),
            auto_generate: false,
            load_type: "mixed".into(),
            autoincrement: false,
            write_number: 100,
            unique_write_number: 10,
            unique_query_number: 10,
            int_cols: 1,
            char_cols: 1,
            commit: 0,
            no_drop: false,
            engine: None,
            silent: false,
            password_on_command_line: false,
            user: None,
            password: None,
            defaults_file: None,
            transport: TransportOptions::default(),
        }
    }
}

/// Splits a command line into words as `sh` does for quotes (no expansions).
pub fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            None => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    words
}

fn parse_options(words: &[String]) -> Result<Options, String> {
    let mut o = Options::default();
    let mut i = 1;
    // Bounded by the words.
    while i < words.len() {
        let w = &words[i];
        i += 1;
        let (name, inline) = match w.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (w.clone(), None),
        };
        // Short options with attached values (-uroot, -ppass, -c8).
        let (name, inline) = match name.as_str() {
            n if n.len() > 2
                && n.is_char_boundary(2)
                && n.starts_with('-')
                && !n.starts_with("--") =>
            {
                (n[..2].to_string(), Some(n[2..].to_string()))
            }
            _ => (name, inline),
        };
        let flag = |o: &mut Options, name: &str| -> bool {
            match name {
                "--auto-generate-sql" | "-a" => o.auto_generate = true,
                "--auto-generate-sql-add-autoincrement" => o.autoincrement = true,
                "--no-drop" => o.no_drop = true,
                "--silent" | "-s" => o.silent = true,
                "--verbose" | "-v" | "--only-print" | "--csv" => {}
                _ => return false,
            }
            true
        };
        if inline.is_none() && flag(&mut o, &name) {
            continue;
        }
        let takes_value = [
            "--concurrency",
            "-c",
            "--iterations",
            "-i",
            "--number-of-queries",
            "--query",
            "-q",
            "--create",
            "--create-schema",
            "--delimiter",
            "-F",
            "--auto-generate-sql-load-type",
            "--auto-generate-sql-write-number",
            "--auto-generate-sql-unique-write-number",
            "--auto-generate-sql-unique-query-number",
            "--auto-generate-sql-execute-number",
            "--number-int-cols",
            "-x",
            "--number-char-cols",
            "-y",
            "--commit",
            "--engine",
            "-e",
            "--user",
            "-u",
            "--password",
            "-p",
            "--host",
            "-h",
            "--port",
            "-P",
            "--socket",
            "-S",
            "--protocol",
            "--ssl-mode",
            "--pre-query",
            "--post-query",
            "--detach",
            "--defaults-file",
            "--defaults-extra-file",
        ];
        if !takes_value.contains(&name.as_str()) {
            return Err(format!("mysqlslap: unknown option '{name}'."));
        }
        let value = match inline {
            Some(v) => v,
            None if name == "--password" || name == "-p" => String::new(),
            None => {
                let v = words
                    .get(i)
                    .cloned()
                    .ok_or_else(|| format!("mysqlslap: option '{name}' requires an argument."))?;
                i += 1;
                v
            }
        };
        let num = |v: &str| -> Result<u64, String> {
            v.trim().parse::<u64>().map_err(|_| {
                format!(
                    "mysqlslap: Error while setting value '{v}' to '{}'",
                    name.trim_start_matches('-')
                )
            })
        };
        match name.as_str() {
            "--concurrency" | "-c" => {
                o.concurrency = value
                    .split(',')
                    .map(|v| num(v).map(|n| n.clamp(1, 4096) as u32))
                    .collect::<Result<_, _>>()?
            }
            "--iterations" | "-i" => o.iterations = num(&value)?.clamp(1, ITERATIONS_MAX),
            "--number-of-queries" => o.number_of_queries = Some(num(&value)?.min(QUERIES_MAX)),
            "--query" | "-q" => o.query = Some(value),
            "--create" => o.create = Some(value),
            "--create-schema" => o.create_schema = value,
            "--delimiter" | "-F" => o.delimiter = value,
            "--auto-generate-sql-load-type" => {
                if !["mixed", "update", "write", "key", "read"].contains(&value.as_str()) {
                    return Err(format!("Unknown load type: {value}"));
                }
                o.load_type = value
            }
            "--auto-generate-sql-write-number" => o.write_number = num(&value)?.min(100_000),
            "--auto-generate-sql-unique-write-number" => {
                o.unique_write_number = num(&value)?.clamp(1, 10_000)
            }
            "--auto-generate-sql-unique-query-number" => {
                o.unique_query_number = num(&value)?.clamp(1, 10_000)
            }
            "--number-int-cols" | "-x" => o.int_cols = num(&value)?.clamp(1, 64) as u32,
            "--number-char-cols" | "-y" => o.char_cols = num(&value)?.clamp(1, 64) as u32,
            "--commit" => o.commit = num(&value)?,
            "--engine" | "-e" => o.engine = Some(value),
            "--password" | "-p" => {
                o.password_on_command_line = !value.is_empty();
                // Without a value the real tool prompts; the simulation has no terminal and
                // sends none.
                o.password = (!value.is_empty()).then_some(value);
            }
            "--user" | "-u" => o.user = Some(value),
            "--defaults-file" | "--defaults-extra-file" => o.defaults_file = Some(value),
            other => {
                o.transport.take(other, &value);
            }
        }
    }
    if o.query.is_none() && !o.auto_generate {
        // UNCONFIRMED wording: mysqlslap refuses to run with nothing to send.
        return Err("mysqlslap: Error: --query or --auto-generate-sql is required".into());
    }
    let rounds = o.iterations * o.concurrency.len() as u64;
    if o.number_of_queries.unwrap_or(0).saturating_mul(rounds) > QUERIES_MAX {
        // Not the real tool's: the simulation's bound on one invocation.
        return Err(format!(
            "mysqlslap: the simulated host runs at most {QUERIES_MAX} queries per invocation \
             (--number-of-queries x --iterations x concurrency rounds)"
        ));
    }
    if o.auto_generate && o.load_type == "key" && !o.autoincrement {
        return Err("mysqlslap: Can't perform key test without a primary key!".into());
    }
    Ok(o)
}

/// The auto-generated table and statements (mysqlslap's `build_table_string`,
/// `build_insert_string`, `build_select_string`, `build_update_string`).
fn generated(o: &Options, rng: &mut SimRng) -> (String, Vec<String>, Vec<String>) {
    let mut cols = Vec::new();
    if o.autoincrement {
        cols.push("id serial".to_string());
    }
    for i in 1..=o.int_cols {
        cols.push(format!("intcol{i} INT(32)"));
    }
    for i in 1..=o.char_cols {
        cols.push(format!("charcol{i} VARCHAR(128)"));
    }
    let table = format!("CREATE TABLE `t1` ({})", cols.join(","));
    let insert = |rng: &mut SimRng| {
        let mut vals = Vec::new();
        if o.autoincrement {
            vals.push("NULL".to_string());
        }
        for _ in 0..o.int_cols {
            vals.push((rng.next_u64() % 2_147_483_647).to_string());
        }
        for _ in 0..o.char_cols {
            let s: String = (0..128).map(|_| char::from(b'a' + (rng.below(26) as u8))).collect();
            vals.push(format!("'{s}'"));
        }
        format!("INSERT INTO t1 VALUES ({})", vals.join(","))
    };
    let preload: Vec<String> = (0..o.write_number).map(|_| insert(rng)).collect();
    let select_cols: Vec<String> = (1..=o.int_cols)
        .map(|i| format!("intcol{i}"))
        .chain((1..=o.char_cols).map(|i| format!("charcol{i}")))
        .collect();
    let select = format!("SELECT {} FROM t1", select_cols.join(","));
    let writes: Vec<String> = (0..o.unique_write_number).map(|_| insert(rng)).collect();
    let queries: Vec<String> = match o.load_type.as_str() {
        "write" => writes,
        "read" => vec![select],
        "key" => (0..o.unique_query_number)
            .map(|_| format!("{select} WHERE id = {}", 1 + rng.below(o.write_number.max(1))))
            .collect(),
        "update" => (0..o.unique_query_number)
            .map(|_| {
                format!(
                    "UPDATE t1 SET intcol1 = {}{}",
                    rng.next_u64() % 2_147_483_647,
                    if o.autoincrement {
                        format!(" WHERE id = {}", 1 + rng.below(o.write_number.max(1)))
                    } else {
                        String::new()
                    }
                )
            })
            .collect(),
        // mixed: every other statement is a write.
        _ => writes.into_iter().flat_map(|w| [w, select.clone()]).collect(),
    };
    let mut create = vec![table];
    create.extend(preload);
    (create.join(";"), queries, Vec::new())
}

/// One round's clients: each runs `per_client` statements from `statements`, cycling, with
/// a COMMIT after every `commit` statements.
struct SlapLoad<'a> {
    statements: &'a [Prepped],
    commit: Option<&'a Prepped>,
    every: u64,
    sessions: Vec<SessionId>,
    sent: Vec<u64>,
    per_client: u64,
    client_cpu_ns: u64,
    /// Each client's connection, charged as its first step: (wait before its CPU, CPU).
    connecting: Vec<Option<(SimDuration, u64)>>,
    /// The first error: mysqlslap stops on it.
    error: Option<String>,
}

impl Workload for SlapLoad<'_> {
    fn next(&mut self, server: &mut Server, client: u32) -> Option<StatementRun> {
        let c = client as usize;
        if self.error.is_some() || self.statements.is_empty() {
            return None;
        }
        if let Some((wait_before, cpu_ns)) = self.connecting.get_mut(c).and_then(Option::take) {
            return Some(StatementRun {
                cpu_ns,
                io_wait: SimDuration::ZERO,
                session: self.sessions[c],
                commits: false,
                wait_before,
            });
        }
        let n = self.sent[c];
        // With --commit=N a COMMIT follows every N statements (and ends the run).
        let total = self.per_client + self.per_client.checked_div(self.every).unwrap_or(0);
        if n >= total {
            return None;
        }
        self.sent[c] += 1;
        let p = match self.commit {
            Some(commit) if self.every > 0 && (n + 1) % (self.every + 1) == 0 => commit,
            _ => {
                let k = if self.every > 0 { n - n / (self.every + 1) } else { n };
                &self.statements[(k % self.statements.len() as u64) as usize]
            }
        };
        let (result, mut run) = server.run_prepped(self.sessions[c], p);
        if let Err(e) = result {
            self.error =
                Some(format!("mysqlslap: Cannot run query {} ERROR : {}", p.sql(), e.message));
        }
        run.cpu_ns = run.cpu_ns.saturating_add(self.client_cpu_ns);
        Some(run)
    }
}

/// Runs SQL text (statements separated by `delimiter`) on one session, untimed (mysqlslap's
/// create and drop phases).
fn run_untimed(
    server: &mut Server,
    id: SessionId,
    sql: &str,
    delimiter: &str,
) -> Result<(), String> {
    for stmt in sql.split(delimiter).map(str::trim).filter(|s| !s.is_empty()) {
        if let Err(e) = server.execute(id, stmt).result {
            return Err(format!("mysqlslap: Cannot run query {stmt} ERROR : {}", e.message));
        }
    }
    Ok(())
}

/// A host path as the tools print it (relative paths are in the shell's home).
fn absolute(path: &str) -> String {
    match crate::sim::files::HostFiles::name_of(path) {
        Some(name) if !path.starts_with('/') => format!("{}/{name}", crate::sim::files::HOME),
        _ => path.to_string(),
    }
}

/// Runs `mysqlslap` with the words of `command` and returns what it prints.
pub fn run(server: &mut Server, command: &str) -> String {
    let words = shell_words(command);
    let o = match parse_options(&words) {
        Ok(o) => o,
        Err(e) => return format!("{e}\n"),
    };
    let mut out = String::new();
    if o.password_on_command_line {
        out.push_str("mysqlslap: [Warning] Using a password on the command line interface can be insecure.\n");
    }
    let mut o = o;
    if let Some(path) = o.defaults_file.clone() {
        let files = server.host_files();
        if files.read(&path).is_none() {
            return format!(
                "{out}Could not open required defaults file: {}\nFatal error in defaults handling. Program aborted\n",
                absolute(&path)
            );
        }
        if o.user.is_none() {
            o.user = files.client_option(&path, "user");
        }
        if o.password.is_none() {
            o.password = files.client_option(&path, "password");
        }
        o.transport.or_file(files, &path);
    }
    let transport = o.transport.transport();
    // `--query` and `--create` name a file when one exists there (`my_stat` in get_options),
    // else they are the SQL itself; either is split at the delimiter's first character.
    for text in [&mut o.query, &mut o.create].into_iter().flatten() {
        if let Some(file) = server.host_files().read(text) {
            *text = file.to_string();
        }
    }
    let delimiter: String = o.delimiter.chars().next().unwrap_or('\n').to_string();
    let mut rng = SimRng::derive_named(server.clock().seed(), "mysqlslap");
    let (create, queries) = if o.auto_generate {
        let (create, queries, _) = generated(&o, &mut rng);
        (Some(create), queries)
    } else {
        let q = o.query.clone().unwrap_or_default();
        let qs = q.split(delimiter.as_str()).map(str::trim).filter(|s| !s.is_empty());
        (o.create.clone(), qs.map(str::to_string).collect())
    };
    let prepped: Result<Vec<Prepped>, _> = queries.iter().map(|q| Prepped::new(q)).collect();
    let prepped = match prepped {
        Ok(p) => p,
        Err(e) => {
            let q = queries.first().cloned().unwrap_or_default();
            return format!("{out}mysqlslap: Cannot run query {q} ERROR : {}\n", e.message);
        }
    };
    let commit = Prepped::new("COMMIT").ok();
    let client_cpu_ns = server.host().hardware().cpu_statement_ns;
    // One management connection for the whole run (schema set-up and clean-up), as
    // mysqlslap's main() opens; the clients connect on their own in each iteration.
    let user = o.user.clone().unwrap_or_else(|| "root".into());
    let login = (user.as_str(), o.password.as_deref(), transport);
    let admin =
        match server.connect_program(login.0, login.1, login.2, ClientProgram::Mysqlslap, None) {
            Ok(c) => c.id,
            Err(e) => {
                return format!("{out}mysqlslap: Error when connecting to server: {}\n", e.message)
            }
        };
    for &clients in &o.concurrency {
        let mut timings_ms = Vec::new();
        let per_client = match o.number_of_queries {
            Some(n) => (n / u64::from(clients)).max(1),
            None => prepped.len() as u64,
        };
        for _ in 0..o.iterations {
            let schema = &o.create_schema;
            let manage_schema = create.is_some();
            if manage_schema {
                let setup = format!(
                    "DROP DATABASE IF EXISTS `{schema}`;CREATE DATABASE `{schema}`;USE `{schema}`"
                );
                if let Err(e) = run_untimed(server, admin, &setup, ";") {
                    return format!("{out}{e}\n");
                }
                let create_sql = create.clone().unwrap_or_default();
                let delim = if o.auto_generate { ";" } else { delimiter.as_str() };
                if let Err(e) = run_untimed(server, admin, &create_sql, delim) {
                    return format!("{out}{e}\n");
                }
            }
            let mut load = SlapLoad {
                statements: &prepped,
                commit: commit.as_ref().filter(|_| o.commit > 0),
                every: o.commit,
                sent: Vec::new(),
                sessions: Vec::new(),
                per_client,
                client_cpu_ns,
                connecting: Vec::new(),
                error: None,
            };
            let clients_run =
                run_connecting(server, clients, schema, o.commit > 0, (login, admin), &mut load);
            if let Some(e) = load.error {
                return format!("{out}{e}\n");
            }
            if !server.is_running() {
                return format!("{out}mysqlslap: Error when connecting to server: 2013 Lost connection to MySQL server during query\n");
            }
            if let Some(e) = &clients_run.refusal {
                for _ in 0..clients_run.refused_clients {
                    out.push_str(&format!(
                        "mysqlslap: Error when connecting to server: {} {}\n",
                        e.code, e.message
                    ));
                }
            }
            timings_ms.push(clients_run.elapsed.as_millis());
            // The run ended at its start plus its length on the client scheduler's clock
            // (the server's clock can be past it: `server::query_logs`).
            server.note_session_end(admin, clients_run.started + clients_run.elapsed);
            if manage_schema && !o.no_drop {
                let _ =
                    run_untimed(server, admin, &format!("DROP DATABASE IF EXISTS `{schema}`"), ";");
            }
            server.advance(SimDuration::ZERO);
        }
        if o.silent {
            continue;
        }
        let n = timings_ms.len().max(1) as u64;
        let avg = timings_ms.iter().sum::<u64>() / n;
        let min = timings_ms.iter().copied().min().unwrap_or(0);
        let max = timings_ms.iter().copied().max().unwrap_or(0);
        out.push_str("Benchmark\n");
        if let Some(e) = &o.engine {
            out.push_str(&format!("\tRunning for engine {e}\n"));
        }
        for (label, ms) in [("Average", avg), ("Minimum", min), ("Maximum", max)] {
            out.push_str(&format!(
                "\t{label} number of seconds to run all queries: {}.{:03} seconds\n",
                ms / 1000,
                ms % 1000
            ));
        }
        out.push_str(&format!("\tNumber of clients running queries: {clients}\n"));
        out.push_str(&format!("\tAverage number of queries per client: {per_client}\n\n"));
    }
    server.disconnect(admin);
    out
}

/// How one iteration's clients fared ([`run_connecting`]).
struct ClientsOutcome {
    /// The first connection attempt.
    started: crate::sim::SimTime,
    /// From the first connection attempt to the last client's end.
    elapsed: SimDuration,
    /// Clients that never got a connection, and the error the last refused attempt got.
    refused_clients: u32,
    refusal: Option<crate::error::MySqlError>,
}

/// Attempts a client makes to connect, [`CONNECT_RETRY`] apart (`slap_connect`).
const CONNECT_ATTEMPTS: u32 = 10;
const CONNECT_RETRY: SimDuration = SimDuration::from_millis(100);

/// Connects `clients` clients and runs `load` on them, as mysqlslap's threads do: a client
/// refused (ERROR 1040) tries again every 100 ms, ten times in all, then gives up and the
/// others go on without it.
///
/// Simplification: clients that connected run together as one wave, and refused clients can
/// only get in once that wave has ended and disconnected (every slot frees at once); their
/// attempts during the wave are refused. In mysqlslap each thread retries on its own while
/// the others run, so a slot freed early can be taken early.
fn run_connecting(
    server: &mut Server,
    clients: u32,
    schema: &str,
    autocommit_off: bool,
    (login, first): ((&str, Option<&str>, crate::server::transport::Transport), SessionId),
    load: &mut SlapLoad,
) -> ClientsOutcome {
    let start = server.now();
    let mut outcome = ClientsOutcome {
        started: start,
        elapsed: SimDuration::ZERO,
        refused_clients: 0,
        refusal: None,
    };
    let mut pending = clients;
    let mut attempts = 0u32;
    let mut end = start;
    // Bounded: each round makes one attempt for every pending client, at most ten rounds.
    let retry = |attempts: u32| CONNECT_RETRY.saturating_mul(u64::from(attempts));
    while pending > 0 && attempts < CONNECT_ATTEMPTS {
        let mut wave = Vec::new();
        let mut costs = Vec::new();
        for _ in 0..pending {
            // One mysqlslap process: its pid in the connection attributes.
            let slap = ClientProgram::Mysqlslap;
            match server.connect_program(login.0, login.1, login.2, slap, Some(first)) {
                Ok(c) => {
                    // The schema is named in the handshake (part of the connect's cost).
                    let _ = server.select_database(c.id, schema);
                    if autocommit_off {
                        let _ = server.execute(c.id, "SET autocommit = 0");
                    }
                    wave.push(c.id);
                    costs.push(c.cost);
                }
                Err(e) => outcome.refusal = Some(e),
            }
        }
        attempts += 1;
        pending -= wave.len() as u32;
        if !wave.is_empty() {
            // The connections pass mysqld's one acceptor thread in turn, then each waits on
            // its handshake; their CPU (server and client) competes with every statement's.
            let queued = crate::server::connections::acceptor_queue(&costs);
            load.connecting =
                costs.iter().zip(queued).map(|(c, q)| Some((q + c.latency, c.cpu_ns))).collect();
            load.sent = vec![0; wave.len()];
            load.sessions = wave;
            let run = server.run_clients(load.sessions.len() as u32, load, None);
            end = end.max(run.finished);
            // The attempts the waiting clients made while the wave held every slot. One that
            // gets in after all (an account with CONNECTION_ADMIN finds the spare slot) leaves
            // again and joins the next wave: the simplification above.
            'retries: while pending > 0
                && attempts < CONNECT_ATTEMPTS
                && start + retry(attempts) < end
            {
                for _ in 0..pending {
                    match server.connect_over(login.0, login.1, login.2) {
                        Err(e) => outcome.refusal = Some(e),
                        Ok(c) => {
                            server.disconnect(c.id);
                            break 'retries;
                        }
                    }
                }
                attempts += 1;
            }
            for id in std::mem::take(&mut load.sessions) {
                server.disconnect(id);
            }
            if load.error.is_some() || !server.is_running() {
                break;
            }
        }
        if pending > 0 && attempts < CONNECT_ATTEMPTS {
            let next = start + retry(attempts);
            server.advance_to(next.max(server.now()));
        }
    }
    if pending > 0 {
        // The last attempt is followed by one more sleep before the thread gives up.
        end = end.max(start + retry(attempts));
    }
    outcome.refused_clients = pending;
    outcome.elapsed = end.since(start);
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_options() {
        let w = shell_words("mysqlslap --query=\"INSERT INTO t VALUES (1, 'a b')\" -c 8");
        assert_eq!(w[1], "--query=INSERT INTO t VALUES (1, 'a b')");
        let o = parse_options(&w).unwrap();
        assert_eq!(o.concurrency, vec![8]);
        assert!(parse_options(&shell_words("mysqlslap --bogus -a"))
            .unwrap_err()
            .contains("unknown option"));
        assert!(parse_options(&shell_words("mysqlslap -c 8")).is_err());
        assert!(parse_options(&shell_words("mysqlslap -a --iterations=x")).is_err());
        assert!(parse_options(&shell_words("mysqlslap -é -a")).is_err(), "no panic on UTF-8");
        assert!(parse_options(&shell_words("mysqlslap -a --query")).is_err());
        let huge = "mysqlslap -a --number-of-queries=10000000 --iterations=2";
        assert!(parse_options(&shell_words(huge)).unwrap_err().contains("at most"));
    }
}
