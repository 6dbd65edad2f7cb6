//! The native `tunelab` command: a mysql-like session on a simulated server, experiment runs
//! and share links, the hardware profiles, the fidelity table and the benchmarks. This is the
//! only part of core/ that touches files, standard input and a wall clock (for `bench`).

use clap::{Args, Parser, Subcommand};
use std::io::{BufRead, IsTerminal, Read, Write};
use std::process::ExitCode;
use tunelab_core::lab::experiment::{Experiment, Setting};
use tunelab_core::lab::{bench, fidelity, link};
use tunelab_core::sim;

mod alloc_counter;
mod cpu_time;

/// `print!` that ends the program quietly when standard output is closed (`tunelab … | head`),
/// where `print!` would panic.
macro_rules! out {
    ($($arg:tt)*) => { write_stdout(&format!($($arg)*)) };
}

/// `println!`, likewise.
macro_rules! outln {
    () => { write_stdout("\n") };
    ($($arg:tt)*) => { write_stdout(&format!("{}\n", format!($($arg)*))) };
}

fn write_stdout(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("tunelab: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

#[global_allocator]
static ALLOCATOR: alloc_counter::Counting = alloc_counter::Counting;

#[derive(Parser)]
#[command(
    name = "tunelab",
    version,
    about = "A MySQL 9.7 server-tuning laboratory: a deterministic simulated server"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options shared by every command that runs the engine.
#[derive(Args, Clone, Default)]
struct EngineOptions {
    /// Seed of every random choice in the run
    #[arg(long)]
    seed: Option<u64>,
    /// Hardware profile (see `tunelab profiles`)
    #[arg(long)]
    profile: Option<String>,
    /// The server: mysql (default) or percona (Percona Server, with USER_STATISTICS)
    #[arg(long)]
    server: Option<String>,
    /// Override one hardware constant, e.g. --hw fsync_latency_us=300 (repeatable)
    #[arg(long = "hw", value_name = "KEY=VALUE")]
    hw: Vec<String>,
    /// Start mysqld with this option, as in my.cnf, e.g. --set max_connections=20 (repeatable)
    #[arg(long = "set", value_name = "VAR=VALUE")]
    set: Vec<String>,
    /// Dataset on the simulated disk at start: shop (default), sysbench, none
    #[arg(long)]
    dataset: Option<String>,
    /// Multiply the rows of the dataset's big tables (1 = full size)
    #[arg(long)]
    scale: Option<f64>,
    /// sysbench: number of sbtestN tables
    #[arg(long)]
    tables: Option<u32>,
    /// sysbench: rows per table
    #[arg(long = "table-size")]
    table_size: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// A mysql client session on a fresh simulated server; statements from FILE or stdin
    Sql {
        #[command(flatten)]
        engine: EngineOptions,
        /// Show each input line behind its prompt, like a pasted session
        #[arg(long)]
        echo: bool,
        file: Option<String>,
    },
    /// Run an experiment file (TOML) or a share link
    Run {
        #[command(flatten)]
        engine: EngineOptions,
        /// Print the outcome as JSON
        #[arg(long)]
        json: bool,
        /// After the run, write a simulated file to a real one, e.g.
        /// --export-file /var/lib/mysql/tunelab-slow.log=slow.log (repeatable)
        #[arg(long = "export-file", value_name = "SIMULATED=PATH")]
        export: Vec<String>,
        experiment: String,
    },
    /// Print the share link of an experiment file
    Link {
        /// Base URL the link opens
        #[arg(long, default_value = link::DEFAULT_BASE)]
        base: String,
        file: String,
    },
    /// List the lessons, or run one and print its result tables
    Lesson {
        /// The lesson's id (see `tunelab lesson`)
        id: Option<String>,
        /// Set a knob, e.g. --knob fsync_us=40 (repeatable)
        #[arg(long = "knob", value_name = "ID=VALUE")]
        knobs: Vec<String>,
        /// Print the tables as JSON
        #[arg(long)]
        json: bool,
    },
    /// List the hardware profiles and their constants
    Profiles {
        #[arg(long)]
        json: bool,
    },
    /// Compare every implemented chapter figure with the simulation
    Fidelity {
        #[arg(long)]
        json: bool,
        /// Skip the full-scale experiments (the figures that are server defaults and formulas)
        #[arg(long)]
        quick: bool,
        /// Also run the USER_STATISTICS seed's pairs of 900 s sysbench runs for three seeds
        /// (F9.1: about 20 minutes of CPU, on threads beside the other checks)
        #[arg(long)]
        seed_pairs: bool,
    },
    /// pt-query-digest on real log files: rank a slow log (MySQL 5.7–9.x, Percona Server,
    /// MariaDB) or a general log (--type genlog); takes pt-query-digest's options
    #[command(disable_help_flag = true)]
    Digest {
        /// pt-query-digest's options, then FILE...
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Time the benchmark experiments
    Bench {
        #[arg(long)]
        json: bool,
        /// Run only the benchmarks whose name contains this text
        #[arg(long)]
        only: Option<String>,
    },
}

/// A user error: one line, exit status 2.
struct Fail(String);

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    ExitCode::from(2)
                } else {
                    ExitCode::SUCCESS
                };
            }
            let first = e.render().to_string();
            let first = first.lines().next().unwrap_or("error: bad arguments");
            eprintln!("tunelab: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match run(cli.command) {
        Ok(code) => code,
        Err(Fail(msg)) => {
            eprintln!("tunelab: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<ExitCode, Fail> {
    match command {
        Command::Sql { engine, echo, file } => sql(engine, echo, file),
        Command::Run { engine, json, export, experiment } => {
            run_experiment(engine, json, &export, &experiment)
        }
        Command::Link { base, file } => {
            let e = read_experiment_file(&file)?;
            outln!("{}", link::link(&e, &base));
            Ok(ExitCode::SUCCESS)
        }
        Command::Lesson { id, knobs, json } => lesson(id.as_deref(), &knobs, json),
        Command::Profiles { json } => profiles(json),
        Command::Fidelity { json, quick, seed_pairs } => {
            let checks = match (quick, seed_pairs) {
                (true, _) => fidelity::run_quick(),
                (false, true) => fidelity_side_by_side(),
                (false, false) => fidelity::run_with_pairs(None),
            };
            if json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&checks).map_err(|e| Fail(e.to_string()))?
                );
            } else {
                out!("{}", fidelity::render(&checks));
            }
            // The gate: a target figure that misses fails; pending and history-dependent ones
            // are reported, not judged.
            Ok(if fidelity::targets_pass(&checks) { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
        Command::Bench { json, only } => bench_all(json, only.as_deref()),
        Command::Digest { args } => {
            let (text, status) =
                tunelab_core::tools::pt_query_digest::run_with_status(&args, &RealHost);
            out!("{text}");
            Ok(ExitCode::from(status))
        }
    }
}

/// The real machine, for `tunelab digest`: its files, host name, local time and resource use.
struct RealHost;

impl tunelab_core::tools::pt_query_digest::DigestHost for RealHost {
    fn read_file(&self, path: &str) -> Result<String, String> {
        let bytes = if path == "-" {
            let mut b = Vec::new();
            std::io::stdin().read_to_end(&mut b).map(|_| b)
        } else {
            std::fs::read(path)
        };
        match bytes {
            Ok(b) => Ok(String::from_utf8(b)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())),
            Err(e) => Err(format!("Cannot open {path}: {e}\n")),
        }
    }

    fn hostname(&self) -> String {
        std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|h| h.trim().to_string())
            .or_else(|_| command_output("hostname", &[]))
            .unwrap_or_default()
    }

    fn current_date(&self) -> String {
        // Perl's `scalar localtime`, from date(1) in the local zone.
        command_output("date", &["+%a %b %e %H:%M:%S %Y"]).unwrap_or_default()
    }

    fn clock(&self) -> Option<(i64, i64)> {
        // Unix seconds and the local zone's offset (`+0100`), from date(1).
        let now: i64 = command_output("date", &["+%s"]).ok()?.trim().parse().ok()?;
        let zone = command_output("date", &["+%z"]).ok()?;
        let (sign, hhmm) = zone.trim().split_at_checked(1)?;
        let hours: i64 = hhmm.get(..2)?.parse().ok()?;
        let minutes: i64 = hhmm.get(2..4)?.parse().ok()?;
        let offset = (hours * 3600 + minutes * 60) * if sign == "-" { -1 } else { 1 };
        Some((now, offset))
    }

    fn rusage(&self) -> String {
        use tunelab_core::tools::pt_query_digest::{micro_t_1, shorten};
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        // Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
        let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let fields: Vec<f64> = after.split_whitespace().map(|f| f.parse().unwrap_or(0.0)).collect();
        let ticks = 100.0;
        let user = fields.get(11).copied().unwrap_or(0.0) / ticks;
        let system = fields.get(12).copied().unwrap_or(0.0) / ticks;
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
        let pages: Vec<f64> = statm.split_whitespace().map(|f| f.parse().unwrap_or(0.0)).collect();
        let vsz = pages.first().copied().unwrap_or(0.0) * 4096.0;
        let rss = pages.get(1).copied().unwrap_or(0.0) * 4096.0;
        format!(
            "{} user time, {} system time, {} rss, {} vsz",
            micro_t_1(user),
            micro_t_1(system),
            shorten(rss),
            shorten(vsz)
        )
    }
}

fn command_output(program: &str, args: &[&str]) -> Result<String, std::io::Error> {
    let out = std::process::Command::new(program).args(args).output()?;
    Ok(String::from_utf8_lossy(&out.stdout).trim_end().to_string())
}

fn split_kv(s: &str, what: &str) -> Result<(String, String), Fail> {
    s.split_once('=')
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .ok_or_else(|| Fail(format!("{what} '{s}' is not KEY=VALUE")))
}

/// Applies command-line engine options over an experiment.
fn apply(engine: &EngineOptions, e: &mut Experiment) -> Result<(), Fail> {
    if let Some(seed) = engine.seed {
        e.seed = seed;
    }
    if let Some(p) = &engine.profile {
        e.profile = p.clone();
    }
    if let Some(s) = &engine.server {
        e.server = s.clone();
    }
    if let Some(d) = &engine.dataset {
        e.dataset = d.clone();
    }
    if let Some(s) = engine.scale {
        e.scale = s;
    }
    if engine.tables.is_some() {
        e.sysbench_tables = engine.tables;
    }
    if engine.table_size.is_some() {
        e.sysbench_table_size = engine.table_size;
    }
    for kv in &engine.hw {
        let (k, v) = split_kv(kv, "--hw")?;
        e.hardware.insert(k, Setting::Text(v));
    }
    for kv in &engine.set {
        let (k, v) = split_kv(kv, "--set")?;
        e.variables.insert(k, Setting::Text(v));
    }
    e.validate().map_err(Fail)
}

fn sql(engine: EngineOptions, echo: bool, file: Option<String>) -> Result<ExitCode, Fail> {
    let mut e = Experiment::default();
    apply(&engine, &mut e)?;
    let server = e.start_server().map_err(Fail)?;
    for line in server.error_log().iter().filter(|l| l.contains("[ERROR]")) {
        eprintln!("{line}");
    }
    let mut client = tunelab_core::client::Client::connect(server, echo);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut emit = |s: &str| {
        let _ = out.write_all(s.as_bytes());
        let _ = out.flush();
    };
    match file {
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|err| Fail(format!("cannot read '{path}': {err}")))?;
            emit(&client.feed(&text));
        }
        None => {
            let stdin = std::io::stdin();
            let interactive = stdin.is_terminal();
            if interactive {
                emit(&format!(
                    "Welcome to the TuneLab simulated MySQL monitor.  Commands end with ; or \\g.\n\
                     Server version: {} {} (simulated: seed {}, profile {})\n\n",
                    client.server().flavour().version(),
                    client.server().flavour().version_comment(),
                    e.seed,
                    e.profile
                ));
            }
            for line in stdin.lock().lines() {
                if interactive {
                    emit(client.prompt());
                }
                let line =
                    line.map_err(|err| Fail(format!("cannot read standard input: {err}")))?;
                let mut chunk = String::new();
                client.feed_line(&line, &mut chunk);
                emit(&chunk);
                if client.has_quit() {
                    break;
                }
            }
        }
    }
    let mut rest = String::new();
    client.finish(&mut rest);
    emit(&rest);
    Ok(ExitCode::SUCCESS)
}

/// `tunelab lesson`: the index, or one lesson's tables for the given knobs.
fn lesson(id: Option<&str>, knobs: &[String], json: bool) -> Result<ExitCode, Fail> {
    use tunelab_core::lab::lesson;
    let lessons = lesson::catalog().map_err(Fail)?;
    let Some(id) = id else {
        for l in &lessons {
            let status = if l.status == lesson::Status::Ready { "" } else { "  (coming)" };
            outln!("{:<8} {:<20} {}{status}", l.section, l.id, l.title);
        }
        return Ok(ExitCode::SUCCESS);
    };
    let l = lessons
        .into_iter()
        .find(|l| l.id == id)
        .ok_or_else(|| Fail(format!("no lesson '{id}' (see `tunelab lesson`)")))?;
    let mut values = lesson::KnobValues::new();
    for kv in knobs {
        let (k, v) = split_kv(kv, "--knob")?;
        let setting = match v.parse::<i64>() {
            Ok(i) => Setting::Int(i),
            Err(_) => v.parse::<f64>().map(Setting::Float).unwrap_or(Setting::Text(v)),
        };
        values.insert(k, setting);
    }
    let values = l.resolve_knobs(&values).map_err(Fail)?;
    let outcomes = lesson::run(&l, &values).map_err(Fail)?;
    let tables = l.tables(&values, &outcomes);
    if json {
        let out = serde_json::json!({ "lesson": l.id, "knobs": values, "tables": tables });
        outln!("{}", serde_json::to_string_pretty(&out).map_err(|e| Fail(e.to_string()))?);
    } else {
        for t in &tables {
            outln!("{}", t.title);
            match &t.awaiting {
                Some(why) => outln!("  {why}\n"),
                None => outln!("{}", lesson::render_table(t)),
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn read_experiment_file(path: &str) -> Result<Experiment, Fail> {
    let text = std::fs::read_to_string(path)
        .map_err(|err| Fail(format!("cannot read '{path}': {err}")))?;
    Experiment::from_toml(&text).map_err(|msg| Fail(format!("{path}: {msg}")))
}

fn run_experiment(
    engine: EngineOptions,
    json: bool,
    export: &[String],
    what: &str,
) -> Result<ExitCode, Fail> {
    let mut exports = Vec::new();
    for e in export {
        let (simulated, real) =
            e.split_once('=')
                .filter(|(s, r)| !s.is_empty() && !r.is_empty())
                .ok_or_else(|| Fail(format!("--export-file '{e}' is not SIMULATED=PATH")))?;
        exports.push((simulated.to_string(), real.to_string()));
    }
    let mut e = if std::path::Path::new(what).is_file() {
        read_experiment_file(what)?
    } else if what.contains('#') || what.starts_with(link::FORMAT_V1) {
        link::decode(what).map_err(Fail)?
    } else if what == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|err| Fail(err.to_string()))?;
        Experiment::from_toml(&text).map_err(Fail)?
    } else {
        return Err(Fail(format!("'{what}' is neither an experiment file nor a TuneLab link")));
    };
    apply(&engine, &mut e)?;
    let wanted: Vec<String> = exports.iter().map(|(s, _)| s.clone()).collect();
    let (outcome, files) = e.run_exporting(&mut |_, _| true, &wanted).map_err(Fail)?;
    for ((simulated, real), text) in exports.iter().zip(files) {
        let text = text.ok_or_else(|| {
            Fail(format!("--export-file: the run left no simulated file '{simulated}'"))
        })?;
        std::fs::write(real, text).map_err(|err| Fail(format!("cannot write {real}: {err}")))?;
    }
    if json {
        outln!("{}", serde_json::to_string_pretty(&outcome).map_err(|e| Fail(e.to_string()))?);
    } else {
        outln!("{}", outcome.header());
        for line in &outcome.server_log {
            if line.contains("[ERROR]") {
                outln!("{line}");
            }
        }
        out!("{}", outcome.transcript);
    }
    Ok(ExitCode::SUCCESS)
}

fn profiles(json: bool) -> Result<ExitCode, Fail> {
    let all = sim::profiles();
    if json {
        let v: Vec<serde_json::Value> = all
            .iter()
            .map(|p| {
                serde_json::json!({
                    "name": p.name,
                    "description": p.description,
                    "default": p.name == sim::DEFAULT_PROFILE,
                    "hardware": p.hardware,
                    "mysqld_options": p.mysqld_options.iter().map(|(k, v)| format!("--{}={v}", k.replace('_', "-"))).collect::<Vec<_>>(),
                })
            })
            .collect();
        outln!("{}", serde_json::to_string_pretty(&v).map_err(|e| Fail(e.to_string()))?);
        return Ok(ExitCode::SUCCESS);
    }
    for p in &all {
        let default = if p.name == sim::DEFAULT_PROFILE { " (default)" } else { "" };
        outln!("{}{default}\n  {}", p.name, p.description);
        if !p.mysqld_options.is_empty() {
            let opts: Vec<String> = p
                .mysqld_options
                .iter()
                .map(|(k, v)| format!("--{}={v}", k.replace('_', "-")))
                .collect();
            outln!("  mysqld {}", opts.join(" "));
        }
        for k in sim::hardware::HW_KEYS {
            let v = p.hardware.get(k.key).unwrap_or_default();
            let v = if v.is_empty() { "(all)".to_string() } else { v };
            outln!("  {:<22} {:>8} {:<5} {}", k.key, v, k.unit, k.doc);
        }
        outln!();
    }
    outln!("Override any constant with --hw KEY=VALUE, e.g. --hw fsync_latency_us=300 --hw cpus=2");
    Ok(ExitCode::SUCCESS)
}

#[allow(clippy::disallowed_methods)] // benchmarks measure wall time; the engine never does
fn bench_all(json: bool, only: Option<&str>) -> Result<ExitCode, Fail> {
    let mut rows = Vec::new();
    // Without --only, the cases every test run times; with it, any case that matches, the
    // long ones too.
    let cases: Vec<_> = match only {
        None => bench::cases(),
        Some(o) => bench::all_cases().into_iter().filter(|c| c.name.contains(o)).collect(),
    };
    if cases.is_empty() {
        return Err(Fail(format!("no benchmark matches '{}'", only.unwrap_or(""))));
    }
    for case in cases {
        alloc_counter::reset_peak();
        let base = alloc_counter::current();
        let allocations_before = alloc_counter::allocations();
        let start = std::time::Instant::now();
        let cpu_start = cpu_time::thread_cpu_ns();
        let outcome = case.experiment.run().map_err(Fail)?;
        let wall = start.elapsed();
        let cpu_ms = cpu_time::thread_cpu_ns().saturating_sub(cpu_start) as f64 / 1e6;
        let allocations = alloc_counter::allocations() - allocations_before;
        let peak = alloc_counter::peak().saturating_sub(base);
        let sim_s = outcome.metrics.elapsed_ns as f64 / 1e9;
        let wall_s = wall.as_secs_f64();
        // Rows examined: rows the statements read from InnoDB tables (`Innodb_rows_read`).
        let examined =
            outcome.metrics.counters.get("Innodb_rows_read").copied().unwrap_or(0).max(0);
        let per_row =
            |x: f64| (examined > 0).then(|| (x / examined as f64 * 100.0).round() / 100.0);
        rows.push(serde_json::json!({
            "experiment": case.name,
            "statements": outcome.metrics.statements,
            "wall_ms": (wall_s * 1e4).round() / 10.0,
            "cpu_ms": (cpu_ms * 10.0).round() / 10.0,
            "simulated_s": (sim_s * 1e3).round() / 1e3,
            "simulated_per_wall": ((sim_s / wall_s) * 100.0).round() / 100.0,
            "statements_per_s": (outcome.metrics.statements as f64 / wall_s).round(),
            "peak_heap_mb": ((peak as f64 / 1048576.0) * 10.0).round() / 10.0,
            "rows_examined": examined,
            "ns_per_row": per_row(wall.as_nanos() as f64),
            "allocations_per_row": per_row(allocations as f64),
        }));
    }
    if json {
        outln!("{}", serde_json::to_string_pretty(&rows).map_err(|e| Fail(e.to_string()))?);
    } else {
        // The name column is as wide as the longest name printed (the long cases' are longer).
        let name_width = rows
            .iter()
            .map(|r| r["experiment"].as_str().map_or(0, str::len))
            .chain([26])
            .max()
            .unwrap_or(26);
        outln!(
            "{:<name_width$} {:>10} {:>10} {:>8} {:>12} {:>10} {:>12} {:>10} {:>12} {:>8} {:>9}",
            "experiment",
            "statements",
            "wall ms",
            "cpu ms",
            "simulated s",
            "sim/wall",
            "stmts/s",
            "peak MB",
            "rows",
            "ns/row",
            "allocs/row"
        );
        let or_dash =
            |v: &serde_json::Value| if v.is_null() { "-".to_string() } else { v.to_string() };
        for r in &rows {
            outln!(
                "{:<name_width$} {:>10} {:>10} {:>8} {:>12} {:>10} {:>12} {:>10} {:>12} {:>8} {:>9}",
                r["experiment"].as_str().unwrap_or(""),
                r["statements"].to_string(),
                r["wall_ms"].to_string(),
                r["cpu_ms"].to_string(),
                r["simulated_s"].to_string(),
                r["simulated_per_wall"].to_string(),
                r["statements_per_s"].to_string(),
                r["peak_heap_mb"].to_string(),
                r["rows_examined"].to_string(),
                or_dash(&r["ns_per_row"]),
                or_dash(&r["allocations_per_row"])
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Every fidelity check, the USER_STATISTICS seed's pairs of 900 s runs (minutes of CPU each)
/// on threads of their own beside the other checks. Each is its own deterministic experiment,
/// so the figures are those of running them one after another.
fn fidelity_side_by_side() -> Vec<fidelity::Check> {
    use tunelab_core::lab::fidelity::userstat::{run_pair, PairRates, PAIR_SEEDS};
    // The main thread's stack size: the engine is written for it.
    let spawn = |seed: u32| {
        std::thread::Builder::new()
            .name(format!("userstat pair {seed}"))
            .stack_size(8 << 20)
            .spawn(move || run_pair(seed))
    };
    type Pair = std::io::Result<std::thread::JoinHandle<Result<PairRates, String>>>;
    let started: Vec<Pair> = PAIR_SEEDS.iter().map(|&seed| spawn(seed)).collect();
    let mut started = Some(started);
    fidelity::run_with_pairs(Some(&mut || {
        started
            .take()
            .unwrap_or_default()
            .into_iter()
            .map(|t| match t {
                Ok(t) => t.join().unwrap_or_else(|_| Err("the pair's thread panicked".into())),
                Err(e) => Err(format!("no thread for the pair: {e}")),
            })
            .collect()
    }))
}
