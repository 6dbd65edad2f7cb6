//! Shared helpers for the cross-crate tests: reading and rendering golden transcripts.
//!
//! A golden transcript (`tests/transcripts/<area>/<scenario>.test`) reads like a pasted mysql
//! session. Leading `#` lines say what the file proves; a `# tunelab: ...` line among them
//! sets the run (`--seed N`, `--profile NAME`, `--dataset NAME`, `--scale F`, `--tables N`,
//! `--table-size N`, `--hw KEY=VALUE`, `--set VAR=VALUE`, `--server percona`). Every
//! line behind a prompt (`mysql> `, `    -> `, `    '> `, ...) is input; everything else is
//! output, regenerated from the engine and compared byte for byte.

use tunelab_core::client::Client;
use tunelab_core::lab::experiment::{Experiment, Setting};

/// The prompts the client prints before input lines.
pub const PROMPTS: [&str; 6] = ["mysql> ", "    -> ", "    '> ", "    \"> ", "    `> ", "   /*> "];

/// The header (leading comment lines) and the typed input of a transcript.
pub struct Script {
    pub header: Vec<String>,
    pub input: Vec<String>,
}

/// Splits a transcript file into its header and its input lines.
pub fn parse_script(text: &str) -> Script {
    let mut header = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(l) = lines.peek() {
        if l.starts_with('#')
            || l.trim().is_empty() && !header.is_empty() && !l.starts_with("mysql>")
        {
            header.push(lines.next().unwrap_or_default().to_string());
        } else {
            break;
        }
    }
    while header.last().is_some_and(|l| l.trim().is_empty()) {
        header.pop();
    }
    // A continuation prompt (`    -> `) is input only right after another input line: an
    // output line may begin the same way (EXPLAIN FORMAT=TREE's indented iterators).
    let mut after_input = false;
    let input = lines
        .filter_map(|l| {
            let prompts = if after_input { &PROMPTS[..] } else { &PROMPTS[..1] };
            let found =
                prompts.iter().find_map(|p| l.strip_prefix(p)).map(str::to_string).or_else(|| {
                    // A prompt followed by nothing ("mysql>" with its space trimmed by an
                    // editor).
                    prompts.iter().any(|p| l == p.trim_end()).then(String::new)
                });
            after_input = found.is_some();
            found
        })
        .collect();
    Script { header, input }
}

/// The experiment a header describes.
pub fn experiment_for(header: &[String]) -> Result<Experiment, String> {
    let mut e = Experiment::default();
    for line in header {
        let Some(args) = line.strip_prefix("# tunelab:") else { continue };
        let words: Vec<&str> = args.split_whitespace().collect();
        let mut i = 0;
        while i < words.len() {
            let value =
                words.get(i + 1).copied().ok_or_else(|| format!("'{}' needs a value", words[i]))?;
            match words[i] {
                "--seed" => e.seed = value.parse().map_err(|_| format!("bad seed '{value}'"))?,
                "--profile" => e.profile = value.to_string(),
                "--dataset" => e.dataset = value.to_string(),
                "--scale" => e.scale = value.parse().map_err(|_| format!("bad scale '{value}'"))?,
                "--server" => e.server = value.to_string(),
                "--tables" => {
                    e.sysbench_tables =
                        Some(value.parse().map_err(|_| format!("bad table count '{value}'"))?)
                }
                "--table-size" => {
                    e.sysbench_table_size =
                        Some(value.parse().map_err(|_| format!("bad table size '{value}'"))?)
                }
                "--hw" | "--set" => {
                    let (k, v) = value
                        .split_once('=')
                        .ok_or_else(|| format!("'{value}' is not KEY=VALUE"))?;
                    let map = if words[i] == "--hw" { &mut e.hardware } else { &mut e.variables };
                    map.insert(k.to_string(), Setting::Text(v.to_string()));
                }
                other => return Err(format!("unknown directive '{other}'")),
            }
            i += 2;
        }
    }
    e.validate()?;
    Ok(e)
}

/// Runs a transcript's input on a fresh server and renders the whole file as it should read.
pub fn render(text: &str) -> Result<String, String> {
    let script = parse_script(text);
    let e = experiment_for(&script.header)?;
    let mut client = Client::connect(e.start_server()?, true);
    let mut out = String::new();
    for l in &script.header {
        out.push_str(l);
        out.push('\n');
    }
    if !script.header.is_empty() {
        out.push('\n');
    }
    for line in &script.input {
        client.feed_line(line, &mut out);
    }
    client.finish(&mut out);
    Ok(out)
}
