//! sysbench 1.0.20's command line: `sysbench [options]... [testname] [command]`. General
//! options (`sysbench.c`'s `general_args`), the random numbers' (`sb_rand.c`), the database
//! layer's (`db_driver.c`, `drv_mysql.c`) and the OLTP scripts' own (`oltp_common.lua`'s
//! `sysbench.cmdline.options`). Option values are taken as sysbench takes them: integers by
//! `atoi` (text that is no number is 0), booleans as on/off, and a script option may be
//! spelt with dashes or underscores (`--table-size`, `--table_size`).

use super::rand::Distribution;
use super::script::Test;

/// Where the simulated host keeps the OLTP scripts (the sysbench package's path).
pub const SCRIPT_DIR: &str = "/usr/share/sysbench";

/// What the command asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Prepare,
    Warmup,
    Run,
    Cleanup,
    Help,
}

/// The parsed command line.
#[derive(Clone, Debug)]
pub struct Options {
    /// The OLTP script.
    pub test: Test,
    /// How the script was named (`oltp_read_write` or a path), for its error lines.
    pub script_path: String,
    pub command: Command,
    /// `--threads` (default 1).
    pub threads: u32,
    /// `--time` in seconds (default 10; 0: no limit).
    pub time_s: u64,
    /// `--events` (default 0: no limit).
    pub events: u64,
    /// `--report-interval` in seconds (default 0: no intermediate reports).
    pub report_interval_s: u64,
    /// `--percentile` (default 95; 0 disables it).
    pub percentile: u32,
    /// `--histogram`.
    pub histogram: bool,
    /// `--rand-type` (1.0.20's default: special).
    pub rand_type: Distribution,
    /// `--rand-seed` (0: "from current time", which here is the server's simulation seed).
    pub rand_seed: u32,
    /// `--db-ps-mode=auto` (server-side prepared statements) or `disable`.
    pub ps_auto: bool,
    pub user: String,
    pub password: Option<String>,
    pub db: String,
    /// `--mysql-socket`, `--mysql-host` and `--mysql-port`: where the tool says it connects.
    /// Simplification: sysbench's clients reach mysqld over its UNIX socket here whatever the
    /// host (`server/transport.rs` models TCP and TLS for the mysql client, mysqlslap and the
    /// advisor; sysbench's `--mysql-ssl` is not modelled).
    pub socket: Option<String>,
    pub host: String,
    pub port: u32,
    /// The script's options.
    pub tables: u32,
    pub table_size: u64,
    pub range_size: u64,
    pub point_selects: u32,
    pub simple_ranges: u32,
    pub sum_ranges: u32,
    pub order_ranges: u32,
    pub distinct_ranges: u32,
    pub index_updates: u32,
    pub non_index_updates: u32,
    pub delete_inserts: u32,
    pub range_selects: bool,
    pub skip_trx: bool,
    pub create_secondary: bool,
}

impl Options {
    fn new(test: Test, script_path: String, command: Command) -> Options {
        Options {
            test,
            script_path,
            command,
            threads: 1,
            time_s: 10,
            events: 0,
            report_interval_s: 0,
            percentile: 95,
            histogram: false,
            rand_type: Distribution::Special,
            rand_seed: 0,
            ps_auto: true,
            user: "sbtest".into(),
            password: None,
            db: "sbtest".into(),
            socket: None,
            host: "localhost".into(),
            port: 3306,
            tables: 1,
            table_size: 10_000,
            range_size: 100,
            point_selects: 10,
            simple_ranges: 1,
            sum_ranges: 1,
            order_ranges: 1,
            distinct_ranges: 1,
            index_updates: 1,
            non_index_updates: 1,
            delete_inserts: 1,
            range_selects: true,
            skip_trx: false,
            create_secondary: true,
        }
    }
}

/// Why the command line was refused: what sysbench prints, and whether its header line
/// comes first (it does for everything but a bad general option).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub text: String,
    pub after_header: bool,
}

fn refuse(text: String) -> Refusal {
    Refusal { text, after_header: true }
}

/// C's `atoi`: optional sign and leading digits, anything else ends the number; no number is
/// 0. Saturates instead of overflowing.
pub fn atoi(text: &str) -> i64 {
    let t = text.trim_start();
    let (negative, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut n: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        n = n.saturating_mul(10).saturating_add(i64::from(b - b'0'));
    }
    if negative {
        -n
    } else {
        n
    }
}

/// sysbench's booleans: on/off, true/false, yes/no, 1/0 (a bare `--flag` is on).
fn flag(value: Option<&str>) -> Option<bool> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        None | Some("on" | "true" | "yes" | "1") => Some(true),
        Some("off" | "false" | "no" | "0") => Some(false),
        _ => None,
    }
}

/// The highest `--threads`, `--tables`: the simulation's bounds (the real tool has none).
pub const THREADS_MAX: u32 = 1024;
/// The longest `--time`, a day of simulated time.
pub const TIME_MAX_S: u64 = 86_400;

/// Parses `words` (the command's words, `sysbench` first).
pub fn parse(words: &[String]) -> Result<Options, Refusal> {
    let mut positional: Vec<&str> = Vec::new();
    let mut named: Vec<(&str, String, Option<String>)> = Vec::new();
    // Bounded by the words.
    for w in words.iter().skip(1) {
        match w.strip_prefix("--") {
            Some(rest) => {
                let (name, value) = match rest.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (rest, None),
                };
                named.push((w.as_str(), name.replace('_', "-"), value));
            }
            None if positional.len() < 2 => positional.push(w),
            None => {
                return Err(Refusal {
                    text: format!("Unrecognized command line argument: {w}\n"),
                    after_header: false,
                })
            }
        }
    }
    let Some(&script) = positional.first() else {
        return Err(Refusal {
            text: "Usage:\n  sysbench [options]... [testname] [command]\n\nCommands implemented \
                   by most tests: prepare run cleanup help\n\n"
                .into(),
            after_header: false,
        });
    };
    let Some(test) = Test::from_script(script) else {
        return Err(refuse(format!(
            "FATAL: Cannot find benchmark '{script}': no such built-in test, file or module\n"
        )));
    };
    let script_path = if script.contains('/') {
        script.trim_end_matches(".lua").to_string()
    } else {
        format!("{SCRIPT_DIR}/{script}")
    };
    let command = match positional.get(1).copied() {
        None => {
            return Err(refuse(format!(
                // UNCONFIRMED: the line of oltp_common.lua's `error("Command is required...")`.
                "FATAL: {SCRIPT_DIR}/oltp_common.lua:30: Command is required. Supported \
                 commands: prepare, warmup, run, cleanup, help\n"
            )));
        }
        Some("prepare") => Command::Prepare,
        Some("warmup" | "prewarm") => Command::Warmup,
        Some("run") => Command::Run,
        Some("cleanup") => Command::Cleanup,
        Some("help") => Command::Help,
        // UNCONFIRMED: the wording for a command the script does not define.
        Some(other) => {
            return Err(refuse(format!(
                "FATAL: Unknown command '{other}': the '{script}' test supports prepare, \
                 warmup, run, cleanup, help\n"
            )))
        }
    };
    let mut o = Options::new(test, script_path, command);
    for (word, name, value) in &named {
        apply(&mut o, name, value.as_deref())
            .map_err(|()| refuse(format!("invalid option: {word}\n")))?
            .map_err(refuse)?;
    }
    if o.threads == 0 {
        return Err(refuse(format!("FATAL: Invalid value for --threads: {}.\n\n", o.threads)));
    }
    Ok(o)
}

/// Sets option `name` (dashes, no leading `--`) to `value`: `Err(())` for an option
/// sysbench does not know or a value it cannot read as the option's type, `Ok(Err(text))`
/// for a value it refuses with a message of its own.
fn apply(o: &mut Options, name: &str, value: Option<&str>) -> Result<Result<(), String>, ()> {
    let text = value.unwrap_or("");
    let int = atoi(text);
    let count = |n: i64| n.clamp(0, i64::from(u32::MAX)) as u32;
    match name {
        "threads" | "num-threads" => o.threads = int.clamp(0, i64::from(THREADS_MAX)) as u32,
        "time" | "max-time" => o.time_s = int.clamp(0, TIME_MAX_S as i64) as u64,
        "events" | "max-requests" => o.events = int.max(0) as u64,
        "report-interval" => o.report_interval_s = int.clamp(0, TIME_MAX_S as i64) as u64,
        "percentile" => {
            if !(0..=100).contains(&int) {
                return Ok(Err(format!(
                    "FATAL: Invalid value for --percentile: {int}. Must be between 0 and 100\n"
                )));
            }
            o.percentile = int as u32
        }
        "histogram" => o.histogram = flag(value).ok_or(())?,
        "rand-type" => match Distribution::from_name(text) {
            Some(d) => o.rand_type = d,
            None => {
                return Ok(Err(format!("FATAL: Invalid random numbers distribution: {text}.\n")))
            }
        },
        "rand-seed" => o.rand_seed = int as u32,
        "db-ps-mode" => match text {
            "auto" => o.ps_auto = true,
            "disable" => o.ps_auto = false,
            _ => return Ok(Err(format!("FATAL: Invalid value for db-ps-mode: {text}\n"))),
        },
        "db-driver" if text != "mysql" => {
            return Ok(Err(format!("FATAL: invalid database driver name: '{text}'\n")))
        }
        "db-driver" => {}
        "mysql-user" => o.user = text.to_string(),
        "mysql-password" => o.password = (!text.is_empty()).then(|| text.to_string()),
        "mysql-db" => o.db = text.to_string(),
        "mysql-host" => o.host = text.to_string(),
        "mysql-port" => o.port = count(int),
        "mysql-socket" => o.socket = Some(text.to_string()),
        "tables" => o.tables = count(int),
        "table-size" => o.table_size = int.max(0) as u64,
        "range-size" => o.range_size = int.max(0) as u64,
        "point-selects" => o.point_selects = count(int),
        "simple-ranges" => o.simple_ranges = count(int),
        "sum-ranges" => o.sum_ranges = count(int),
        "order-ranges" => o.order_ranges = count(int),
        "distinct-ranges" => o.distinct_ranges = count(int),
        "index-updates" => o.index_updates = count(int),
        "non-index-updates" => o.non_index_updates = count(int),
        "delete-inserts" => o.delete_inserts = count(int),
        "range-selects" => o.range_selects = flag(value).ok_or(())?,
        "skip-trx" => o.skip_trx = flag(value).ok_or(())?,
        "create-secondary" => o.create_secondary = flag(value).ok_or(())?,
        // Accepted and without effect on what is simulated: debugging output, TLS,
        // compression, the thread stack, and which errors would be ignored (the simulated
        // run raises none of 1213, 1020, 1205).
        "verbosity"
        | "db-debug"
        | "debug"
        | "validate"
        | "mysql-ignore-errors"
        | "mysql-ssl"
        | "mysql-compression"
        | "forced-shutdown"
        | "thread-stack-size" => {}
        _ => return Err(()),
    }
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::mysqlslap::shell_words;

    fn parse_line(line: &str) -> Result<Options, Refusal> {
        parse(&shell_words(line))
    }

    #[test]
    fn defaults_are_sysbench_1_0_20s() {
        let o = parse_line("sysbench oltp_read_write run").expect("parses");
        assert_eq!((o.threads, o.time_s, o.events, o.tables, o.table_size), (1, 10, 0, 1, 10_000));
        assert_eq!(o.rand_type, Distribution::Special);
        assert!(o.ps_auto && o.user == "sbtest" && o.db == "sbtest" && o.percentile == 95);
        assert_eq!(o.script_path, "/usr/share/sysbench/oltp_read_write");
    }

    #[test]
    fn dashes_and_underscores_and_atoi() {
        let o = parse_line(
            "sysbench --threads=8 oltp_read_only --table_size=500 --table-size=700 \
             --time=abc --skip-trx=on --db-ps-mode=disable prepare",
        )
        .expect("parses");
        assert_eq!((o.threads, o.table_size, o.time_s), (8, 700, 0));
        assert!(o.skip_trx && !o.ps_auto && o.command == Command::Prepare);
        assert_eq!(atoi("12abc"), 12);
        assert_eq!(atoi("-3"), -3);
        assert_eq!(atoi("x"), 0);
        assert_eq!(atoi("99999999999999999999999"), i64::MAX);
    }

    #[test]
    fn refusals_are_sysbench_texts() {
        let e = parse_line("sysbench oltp_read_write --tablez=4 run").unwrap_err();
        assert_eq!(e.text, "invalid option: --tablez=4\n");
        let e = parse_line("sysbench oltp_read_write --rand-type=zipf run").unwrap_err();
        assert_eq!(e.text, "FATAL: Invalid random numbers distribution: zipf.\n");
        let e = parse_line("sysbench oltp_insert run").unwrap_err();
        assert!(e.text.starts_with("FATAL: Cannot find benchmark 'oltp_insert'"));
        assert!(parse_line("sysbench oltp_read_write --threads=0 run").is_err());
        assert!(parse_line("sysbench oltp_read_write --skip-trx=maybe run").is_err());
        assert!(!parse_line("sysbench").unwrap_err().after_header);
        assert!(parse_line("sysbench oltp_read_write run extra").is_err());
        assert!(parse_line("sysbench oltp_read_write --é=1 run").is_err(), "no panic on UTF-8");
    }
}
